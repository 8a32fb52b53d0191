//! What a scenario may write besides the base game: each expansion's vocabulary, in a file of
//! its own beside this one, mirroring `src/expansion/`. A key
//! the base game does not know is handed to the vocabulary that claims it; a key nobody
//! claims is refused, with the nearest known keys. Adding an expansion's keys is its file and
//! one line of [`VOCABULARIES`].

use super::value::Value;
use super::write::{BoardOffer, Written};
use super::Validator;
use crate::diag::Problem;
use crate::engine::{Figure, Game, Move};
use crate::expansion::{ExpansionId, Extra};
use crate::geom::{Pos, Rotation};
use crate::score::PlayerId;
use crate::tile::{FeatureKind, TileDef, TileKind, TileSet};

/// Every expansion's vocabulary.
pub(super) static VOCABULARIES: &[&dyn Vocabulary] = &[
    &super::exp8::Exp8,
    &super::ic::Ic,
    &super::cig::Cig,
    &super::db::Db,
    &super::tb::Tb,
    &super::am::Am,
    &super::tower::Tower,
    &super::pd::Pd,
    &super::phantom::Phantom,
    &super::lb::LittleBuildings,
    &super::kr::Kr,
    &super::hs::Hs,
    &super::monasteries::Monasteries,
    &super::abbot::Abbot,
    &super::fm::Fm,
    &super::count::Count,
    &super::wheel::Wheel,
    &super::siege::Siege,
    &super::siege::Cathars,
    &super::plague::Plague,
    &super::circus::Circus,
    &super::messages::Messages,
    &super::witch::Witch,
];

/// The vocabulary that reads this key of a place, and its words for what the key writes: of
/// two that share a key (The Siege's and The Cathars' `escape`), one whose expansion the
/// scenario plays.
fn claimant(
    key: &str,
    of: fn(&dyn Vocabulary) -> &'static [Key],
    expansions: &[ExpansionId],
) -> Option<(&'static dyn Vocabulary, &'static str)> {
    let word = |x: &&'static dyn Vocabulary| of(*x).iter().find(|(k, _)| *k == key).map(|(_, w)| (*x, *w));
    let mut claims = VOCABULARIES.iter().filter_map(word);
    let first = claims.next()?;
    Some(std::iter::once(first).chain(claims).find(|(x, _)| expansions.contains(&x.expansion())).unwrap_or(first))
}

/// Whether some vocabulary reads this key of a place (its value is then kept).
fn claims(key: &str, of: fn(&dyn Vocabulary) -> &'static [Key]) -> bool {
    VOCABULARIES.iter().any(|x| of(*x).iter().any(|(k, _)| *k == key))
}

pub(super) fn claims_top(key: &str) -> bool {
    claims(key, |x| x.top_keys())
}

pub(super) fn claims_turn(key: &str) -> bool {
    claims(key, |x| x.turn_keys())
}

pub(super) fn claims_board(key: &str) -> bool {
    claims(key, |x| x.board_keys())
}

pub(super) fn claims_follower(key: &str) -> bool {
    claims(key, |x| x.follower_keys())
}

/// A key and what it writes, in words for a diagnostic ("... come with the expansion x").
pub(super) type Key = (&'static str, &'static str);

/// The turn an expansion's keys belong to.
pub(super) struct TurnInfo<'a> {
    /// `turns[3]`.
    pub path: &'a str,
    /// The square the tile goes on (none for a discard).
    pub pos: Option<Pos>,
    /// The tile and how it is turned, when both are known (for naming its features).
    pub tile: Option<(TileKind, Rotation)>,
    pub discard: bool,
    /// Whether it is the scenario's last turn.
    pub last: bool,
    pub tiles: &'a TileSet,
    pub players: &'a [String],
}

/// What a turn's keys add to it.
#[derive(Default)]
pub(super) struct TurnOut {
    pub extras: Vec<Extra>,
    /// The next turns placing tiles out of turn, their players named (tiles an action gave).
    pub out_of_turn: usize,
    /// The turn's follower, when a key of the vocabulary deploys a figure other than a normal
    /// follower (`large: city N`): the figure, where it stands, and the key's path.
    pub figure: Option<(Figure, super::raw::RawFollowerSpec, String)>,
}

/// A word of `supply:` (`wagon: 2`): a piece each player has, how many the rules give, the
/// most a scenario may give, and what the count sets.
pub(super) struct SupplyWord {
    pub word: &'static str,
    /// The rulebook's count each, said beside the scenario's in every report.
    pub rules: u8,
    pub max: u8,
    pub of: SupplyOf,
}

/// What a count of `supply:` sets.
#[derive(Clone, Copy)]
pub(super) enum SupplyOf {
    /// A figure of the engine: each player's supply of it is set to the count.
    Figure(Figure),
    /// An expansion's piece: the count, made into what the expansion reads, is handed to it
    /// when the game starts, as what the players hold (`Game::setup_held`).
    Piece(fn(u8) -> Extra),
}

/// The base game's word of `supply:`: the normal followers (the score marker aside).
const FOLLOWERS: SupplyWord = SupplyWord {
    word: "followers",
    rules: crate::engine::FOLLOWERS_PER_PLAYER,
    max: super::MAX_SUPPLY,
    of: SupplyOf::Figure(Figure::Normal),
};

/// What a scenario's own keys add to it.
#[derive(Default)]
pub(super) struct TopOut {
    /// Tiles each player holds face up to place instead of drawing.
    pub hands: Vec<(PlayerId, Vec<TileKind>)>,
    /// What the players hold of an expansion when the game starts, on no tile, each with
    /// where it is written.
    pub held: Vec<(String, Extra)>,
    /// Where the moves made in the final scoring are written (`count-final-moves`), if any:
    /// a refused one is located there.
    pub final_moves: Option<String>,
}

pub(super) trait Vocabulary: Sync {
    /// The expansion the scenario must name to write these keys.
    fn expansion(&self) -> ExpansionId;

    /// Keys of a turn.
    fn turn_keys(&self) -> &'static [Key] {
        &[]
    }

    /// Keys of a turn that may stand beside `discard: true` (an auction not held); any other is
    /// refused there before the vocabulary reads it: a discarded tile is not placed.
    fn discard_keys(&self) -> &'static [&'static str] {
        &[]
    }

    /// Keys of a tile of the starting board (its pieces).
    fn board_keys(&self) -> &'static [Key] {
        &[]
    }

    /// Reads this vocabulary's keys of one board tile into pieces (each with its path).
    fn board(&self, _v: &mut Validator, _b: &BoardInfo, _keys: &[(&str, &Value)], _out: &mut Vec<(String, Extra)>) {}

    /// Keys of the scenario itself.
    fn top_keys(&self) -> &'static [Key] {
        &[]
    }

    /// Words of `supply:` naming this expansion's pieces (`wagon`), each with the rules' count.
    fn supply_words(&self) -> &'static [SupplyWord] {
        &[]
    }

    /// Keys of a follower standing on the starting board (`{player: Red, on: city N, ...}`).
    fn follower_keys(&self) -> &'static [Key] {
        &[]
    }

    /// Reads this vocabulary's keys of a board follower: the figure it is, if not a normal
    /// follower.
    fn follower(&self, _v: &mut Validator, _path: &str, _keys: &[(&str, &Value)]) -> Option<Figure> {
        None
    }

    /// A word written before a feature that names a figure other than a normal follower
    /// (`large` in `large city N`), for the lists of legal moves.
    fn figure_word(&self, _word: &str) -> Option<Figure> {
        None
    }

    /// A word naming something the turn builds that a follower may stand on.
    fn built_for_follower(&self, _word: &str) -> Option<FeatureKind> {
        None
    }

    /// Reads this vocabulary's keys of one turn (each with its value).
    fn turn(&self, _v: &mut Validator, _t: &TurnInfo, _keys: &[(&str, &Value)], _out: &mut TurnOut) {}

    /// An action of a move (one of `mv.extras`) written back as the key of a turn that
    /// [`Vocabulary::turn`] reads into it, to write a move as a scenario's turn
    /// (`scenario::write`): `None` when the action is not this vocabulary's, or has no
    /// written form that reads back into exactly it.
    fn written(&self, _game: &Game, _mv: &Move, _action: &Extra) -> Option<Written> {
        None
    }

    /// The word of [`Vocabulary::built_for_follower`] that names what the turn builds of this
    /// kind, for a follower written onto it (exp8's word for the road it builds).
    fn built_word(&self, _kind: FeatureKind) -> Option<&'static str> {
        None
    }

    /// Reads this vocabulary's keys of the scenario.
    fn top(&self, _v: &mut Validator, _t: &TopInfo, _keys: &[(&str, &Value)], _out: &mut TopOut) {}

    /// What a tile of the starting board may be given in this vocabulary's keys, as
    /// [`Vocabulary::board`] and [`Vocabulary::follower`] read them (`referee serve`): its
    /// pieces, each on each feature its key may name (or once for the tile), and the figures
    /// a board follower may be. The engine may still refuse the position.
    fn board_offers(&self, _t: &OfferTile) -> Vec<BoardOffer> {
        Vec::new()
    }
}

/// A tile of the starting board, as the pieces offered for it need it.
pub(super) struct OfferTile<'a, 't> {
    pub game: &'a Game<'t>,
    pub def: &'a TileDef,
    pub pos: Pos,
    pub rotation: Rotation,
    pub players: &'a [String],
    /// The followers written on it: owner, square, feature there, figure.
    pub followers: &'a [(PlayerId, Pos, usize, Figure)],
    /// The pieces already written on it, each with where it is written.
    pub pieces: &'a [(String, Extra)],
}

impl OfferTile<'_, '_> {
    /// The tile's features of these kinds, by their index on the tile.
    pub fn features<'k>(&'k self, kinds: &'k [FeatureKind]) -> impl Iterator<Item = usize> + 'k {
        self.def.segments.iter().enumerate().filter(|(_, s)| kinds.contains(&s.kind)).map(|(l, _)| l)
    }

    /// Each player's board follower of the figure its `key` names (`{player: Red, on: city N,
    /// key: true}`), on each of the tile's features of these kinds, shown as `Red's {what} on
    /// city N`.
    pub fn figures(&self, key: &str, what: &str, kinds: &[FeatureKind]) -> Vec<BoardOffer> {
        let mut out = Vec::new();
        for name in self.players {
            for l in self.features(kinds) {
                let on = self.def.describe_segment(self.rotation, l);
                let words = format!("{name}'s {what} on {on}");
                out.push(BoardOffer::follower(name, &on, Some(key), words));
            }
        }
        out
    }
}

/// A tile of the starting board, as its pieces need it.
pub(super) struct BoardInfo<'a> {
    /// `board[2]`.
    pub path: &'a str,
    pub pos: Option<Pos>,
    /// The tile and how it is turned, when both are known (for naming its features).
    pub tile: Option<(TileKind, Rotation)>,
    pub tiles: &'a TileSet,
    pub players: &'a [String],
}

/// The scenario, as far as its own keys need it.
pub(super) struct TopInfo<'a> {
    pub tiles: &'a TileSet,
    pub players: &'a [String],
}

/// A vocabulary and the keys (with their values) it is handed.
type Claimed<'k> = (&'static dyn Vocabulary, Vec<(&'k str, &'k Value)>);

/// Every key known in a place: the base game's and each vocabulary's.
fn known<'a>(base: &'a [&'a str], of: fn(&dyn Vocabulary) -> &'static [Key]) -> Vec<&'a str> {
    let mut keys: Vec<&str> = Vec::new();
    // A key two vocabularies share is one key.
    for k in base.iter().copied().chain(VOCABULARIES.iter().flat_map(|x| of(*x).iter().map(|(k, _)| *k))) {
        if !keys.contains(&k) {
            keys.push(k);
        }
    }
    keys
}

impl Validator<'_> {
    /// Hands each key to the vocabulary that claims it, or refuses it: unknown, or of an
    /// expansion the scenario does not name. Returns, per vocabulary, the keys it gets.
    fn sort_keys<'k>(
        &mut self,
        path: &str,
        extra: &'k [(String, Value)],
        expansions: &[ExpansionId],
        base: &[&str],
        of: fn(&dyn Vocabulary) -> &'static [Key],
    ) -> Vec<Claimed<'k>> {
        let mut out: Vec<Claimed<'k>> = Vec::new();
        for (key, value) in extra {
            let kpath = if path.is_empty() { key.clone() } else { format!("{path}.{key}") };
            match claimant(key, of, expansions) {
                None => {
                    let all = known(base, of);
                    let near = crate::rules::close(key, &all, 3);
                    self.problem_at_key(
                        "yaml::unknown-field",
                        &kpath,
                        format!("unknown field `{key}`"),
                        Some(if near.is_empty() {
                            format!("the fields here: {}", all.join(", "))
                        } else {
                            format!("did you mean: {}", near.join(", "))
                        }),
                    );
                }
                Some((x, what)) => {
                    if !self.requires(expansions, x.expansion(), &kpath, what) {
                        continue;
                    }
                    // By expansion, not by address: the vocabularies are zero-sized, and two of
                    // them may share one.
                    match out.iter_mut().find(|(y, _)| y.expansion() == x.expansion()) {
                        Some((_, keys)) => keys.push((key.as_str(), value)),
                        None => out.push((x, vec![(key.as_str(), value)])),
                    }
                }
            }
        }
        out
    }

    /// A turn's keys beyond the base game's, read by their vocabularies.
    pub(super) fn turn_extras(
        &mut self,
        t: &TurnInfo,
        extra: &[(String, Value)],
        expansions: &[ExpansionId],
    ) -> TurnOut {
        const BASE: &[&str] = &["player", "tile", "at", "rotation", "follower", "discard", "note", "parts"];
        let mut out = TurnOut::default();
        // A piece of an expansion not in play, written on a placement, is a move a player can
        // try at the table: the engine refuses it (`base.setup.expansions-in-play`).
        let (foreign, extra): (Vec<_>, Vec<_>) = extra.iter().cloned().partition(|(key, _)| {
            !t.discard
                && claimant(key, |x| x.turn_keys(), expansions)
                    .is_some_and(|(x, _)| !expansions.contains(&x.expansion()))
        });
        for (key, _) in &foreign {
            let (x, what) = claimant(key, |x| x.turn_keys(), expansions).expect("partitioned by it");
            out.extras.push(Extra::new(crate::expansion::NotInPlay { expansion: x.expansion(), what }));
        }
        for (x, keys) in self.sort_keys(t.path, &extra, expansions, BASE, |x| x.turn_keys()) {
            let (kept, refused): (Vec<_>, Vec<_>) =
                keys.into_iter().partition(|(key, _)| !t.discard || x.discard_keys().contains(key));
            for (key, _) in refused {
                self.problem(
                    "scenario::discard-with-placement",
                    &format!("{}.{key}", t.path),
                    format!("a discarded tile is not placed: nothing goes with it (`{key}`)"),
                    Some("remove the key, or `discard: true`".to_string()),
                );
            }
            if !kept.is_empty() {
                x.turn(self, t, &kept, &mut out);
            }
        }
        out
    }

    /// The scenario's keys beyond the base game's, read by their vocabularies.
    pub(super) fn top_extras(&mut self, t: &TopInfo, extra: &[(String, Value)], expansions: &[ExpansionId]) -> TopOut {
        const BASE: &[&str] = &[
            "title",
            "source",
            "players",
            "expansions",
            "rulesets",
            "covers",
            "switches",
            "tiles",
            "start-scores",
            "board",
            "turns",
            "final-scoring",
            "expect",
            "supply",
        ];
        let mut out = TopOut::default();
        for (x, keys) in self.sort_keys("", extra, expansions, BASE, |x| x.top_keys()) {
            x.top(self, t, &keys, &mut out);
        }
        out
    }

    /// The counts of `supply:`, each word the base game's or claimed by a vocabulary (whose
    /// expansion the scenario must name), each count within what the word allows.
    pub(super) fn supply(
        &mut self,
        raw: &std::collections::BTreeMap<String, i64>,
        expansions: &[ExpansionId],
    ) -> Vec<super::SupplyCount> {
        let mut out = Vec::new();
        for (word, n) in raw {
            let path = format!("supply.{word}");
            let claim = std::iter::once((None, &FOLLOWERS))
                .chain(VOCABULARIES.iter().flat_map(|x| x.supply_words().iter().map(move |w| (Some(*x), w))));
            let Some((x, w)) = claim.clone().find(|(_, w)| w.word == word) else {
                let all: Vec<&str> = claim.map(|(_, w)| w.word).collect();
                let near = crate::rules::close(word, &all, 3);
                self.problem_at_key(
                    "scenario::bad-supply",
                    &path,
                    format!("`{word}` is not a piece a player has in supply"),
                    Some(if near.is_empty() {
                        format!("the pieces: {}", all.join(", "))
                    } else {
                        format!("did you mean: {}", near.join(", "))
                    }),
                );
                continue;
            };
            if let Some(x) = x {
                if !self.requires(expansions, x.expansion(), &path, &format!("pieces `{}`", w.word)) {
                    continue;
                }
            }
            let Some(count) = u8::try_from(*n).ok().filter(|n| *n <= w.max) else {
                self.problem(
                    "scenario::bad-supply",
                    &path,
                    format!("{n} is not a number of pieces each (`{word}`)"),
                    Some(format!("write 0 to {} (the rules give {})", w.max, w.rules)),
                );
                continue;
            };
            let what = match w.of {
                SupplyOf::Figure(f) => super::Supplied::Figure(f),
                SupplyOf::Piece(make) => super::Supplied::Piece(make(count)),
            };
            out.push(super::SupplyCount { path, word: w.word, count, rules: w.rules, what });
        }
        out
    }

    /// A board tile's keys beyond the base game's: the pieces on it, each with its path.
    pub(super) fn board_extras(
        &mut self,
        b: &BoardInfo,
        extra: &[(String, Value)],
        expansions: &[ExpansionId],
    ) -> Vec<(String, Extra)> {
        const BASE: &[&str] = &["tile", "at", "rotation", "followers"];
        let mut out = Vec::new();
        for (x, keys) in self.sort_keys(b.path, extra, expansions, BASE, |x| x.board_keys()) {
            x.board(self, b, &keys, &mut out);
        }
        out
    }

    /// A board follower's keys beyond the base game's: the figure it is (a normal follower
    /// unless a vocabulary says otherwise).
    pub(super) fn follower_extras(
        &mut self,
        path: &str,
        extra: &[(String, Value)],
        expansions: &[ExpansionId],
    ) -> Figure {
        const BASE: &[&str] = &["player", "on", "at"];
        let mut figure = Figure::Normal;
        for (x, keys) in self.sort_keys(path, extra, expansions, BASE, |x| x.follower_keys()) {
            if let Some(f) = x.follower(self, path, &keys) {
                figure = f;
            }
        }
        figure
    }

    /// The figure a word before a feature names (`large`), per the vocabularies.
    pub(super) fn figure_word(&self, word: &str) -> Option<Figure> {
        VOCABULARIES.iter().find_map(|x| x.figure_word(word))
    }

    /// What a follower may stand on that the turn builds, per the vocabularies.
    pub(super) fn built_for_follower(&self, word: &str) -> Option<FeatureKind> {
        VOCABULARIES.iter().find_map(|x| x.built_for_follower(word))
    }

    /// Reads an expansion's key saying that the game was recorded in the middle of this turn and
    /// stops there: one of `words` (each with what it means, for the message), on the last turn
    /// of a game not over. The word's index, or `None` after saying
    /// what is wrong under `code`.
    pub(super) fn recorded_stop(
        &mut self,
        t: &TurnInfo,
        (key, value): (&str, &Value),
        code: &str,
        words: &[(&str, &str)],
        help: &str,
    ) -> Option<usize> {
        let path = format!("{}.{key}", t.path);
        let word = self.typed::<String>(&path, value)?;
        let Some(i) = words.iter().position(|(w, _)| *w == word.trim()) else {
            let known: Vec<String> = words.iter().map(|(w, what)| format!("`{w}` ({what})")).collect();
            self.problem(
                code,
                &path,
                format!("`{key}: {word}`: the value is one of {}", known.join(", ")),
                Some(help.to_string()),
            );
            return None;
        };
        if !t.last || self.final_scoring {
            self.problem(
                code,
                &path,
                format!(
                    "`{key}: {}` says the game was recorded in this turn and stops there: only the last turn of a \
                     game not over (`final-scoring: false`) can",
                    words[i].0
                ),
                Some(format!("{help}, or stop the scenario here with `final-scoring: false`")),
            );
            return None;
        }
        Some(i)
    }

    /// Reads a kept value into a vocabulary's own raw type; what is wrong in it is a problem
    /// located at `path`.
    pub(super) fn typed<T: serde::de::DeserializeOwned>(&mut self, path: &str, value: &Value) -> Option<T> {
        match T::deserialize(value.clone()) {
            Ok(t) => Some(t),
            Err(e) => {
                let msg = e.to_string();
                // An unknown key inside: point at it, not at the whole value.
                let inner = msg
                    .strip_prefix("unknown field `")
                    .and_then(|r| r.split('`').next())
                    .and_then(|k| self.file.spans().key_under(path, k));
                let code = if inner.is_some() { "yaml::unknown-field" } else { "yaml::wrong-type" };
                let span = inner.or_else(|| self.file.spans().find(path));
                // serde's types (`expected i64`) in an author's words, by the key when known.
                let msg = match crate::data::plain_invalid(&msg) {
                    Some(plain) => {
                        let at = span.and_then(|(o, _)| self.file.spans().path_at(o));
                        match at.and_then(crate::data::expected_at) {
                            Some(what) => format!("expected {what} here"),
                            None => plain,
                        }
                    }
                    None => msg,
                };
                self.problems.push(Problem::new(code, msg).at(span));
                None
            }
        }
    }
}
