//! Under the Big Top (HiG 2017; there is no 1st edition: the published tiles are the 2nd
//! edition's design): 20 land tiles (`tiles/circus.yaml`, `BT01`-`BT16`), 12 with a circus space
//! (`tile::Mark::Circus`) and 8 with an acrobat space (`tile::Mark::Acrobats`), 16 animal
//! tokens, the big top, and each player's ringmaster (`Figure::Ringmaster`).
//!
//! What it models:
//! * the tiles, laid as usual (`circus.components.tiles`); no follower on a circus space, which
//!   is no feature (`circus.big-top.no-follower`: the tiles print no segment for it);
//! * the animal tokens (`circus.components.tokens`): a turn laying a circus tile writes the
//!   token drawn onto it (`Action::Animal`, `animal: 4`), which must be one still in the pile
//!   (1 x1, 3 x4, 4 x5, 5 x3, 6 x2, 7 x1); a circus tile without one, or a token with another
//!   tile, is refused;
//! * the big top (`State::big_top`): the first circus tile gets it with its token, nothing
//!   scored (`circus.big-top.first`); each later circus tile, in a `circus` phase after the
//!   turn's scoring (`circus.big-top.after-features`: the followers of what the tile completed
//!   have gone home), has the big top score where it stands - the token's value for each
//!   follower of a player on the big top's tile group and those around it, farmers and
//!   ringmasters included, one event per player (`circus.big-top.scoring`); a follower in a
//!   castle counts when a square of the castle lies there (`circus.big-top.castle`) - and then
//!   moves onto the new tile with the new token (`circus.big-top.moves`); at the end the big top
//!   scores once more (`circus.big-top.final`);
//! * the ringmaster (`circus.ringmaster.supply`): one each, given at setup, deployed as the
//!   turn's figure (`ringmaster: city N`); when a road, city, cloister or field it stands on is
//!   scored (read off `Game::completions` in the `circus` phase, before the big top; at the end
//!   in `final_scoring`, for each ringmaster on a feature the final scoring scores), its owner
//!   gets 2 for each circus and acrobat space on its tile and the eight around it, majority or
//!   not (`circus.ringmaster.bonus`), none for a castle (`circus.ringmaster.no-castle`); a
//!   ringmaster in a city is a knight (`circus.ringmaster.knight`: it may make a town a castle
//!   of Bridges, Castles and Bazaars, which reads any follower there).
//!
//! What it does not model, refused where it is met: the acrobats (`circus.acrobats.placement`,
//! `circus.acrobats.scoring`): a turn's `acrobat:` is refused with a located diagnostic, the
//! legal moves offer no acrobat, and a saved game placing one is refused by the importer. A
//! follower standing on no feature (atop a tower) in the big top's area is refused when the
//! big top scores, citing `circus.big-top.scoring`. Not refused, a known gap: a ringmaster on
//! a feature another expansion scores outside the turn's scoring and the final scoring (a
//! field an Abbey and Mayor barn scores during the game) gets no bonus.

use super::{Expansion, ExpansionId, Extra, Options as AllOptions, Piece, PieceAt};
use crate::engine::{Figure, Game, Move, Phase, Trials, TurnContext};
use crate::geom::Pos;
use crate::score::{FeatureRef, PlayerId, ScoreEvent, ScoreItem, Timing, Verdict};
use crate::tile::{FeatureKind, Mark, TileKind};
use smallvec::smallvec;

pub struct Circus;

const PHASE: &str = "circus";

/// The ringmasters each player gets.
pub const RINGMASTERS: u8 = 1;

/// The animal tokens in the pile, by value (index = value): 1 flea, 4 monkeys (3), 5 seals (4),
/// 3 bears (5), 2 tigers (6), 1 elephant (7).
pub const TOKENS: [u8; 8] = [0, 1, 0, 4, 5, 3, 2, 1];

/// The ringmaster's bonus for each circus or acrobat space around it.
const RINGMASTER_EACH: i32 = 2;

/// What a turn or the starting board says of the circus.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Action {
    /// The animal token drawn face down onto the circus tile just placed (on the starting
    /// board: the token under the big top standing on that tile).
    Animal(u8),
}

/// Where the big top stands, and the animal tokens left in the pile.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct State {
    /// The big top's square and the value of the face-down token under it.
    pub big_top: Option<(Pos, u8)>,
    /// Tokens left in the pile, by value.
    pub left: [u8; 8],
}

/// The animal's name for a token's value.
pub fn animal(value: u8) -> &'static str {
    match value {
        1 => "flea",
        3 => "monkey",
        4 => "seal",
        5 => "bear",
        6 => "tiger",
        7 => "elephant",
        _ => "no animal",
    }
}

fn is_circus(game: &Game, kind: TileKind) -> bool {
    game.def(kind).marks.contains(&Mark::Circus)
}

fn animals(mv: &Move) -> impl Iterator<Item = u8> + '_ {
    mv.extras.iter().filter_map(|e| e.get::<Action>()).map(|Action::Animal(v)| *v)
}

/// A token of this value may be drawn: a value the pile holds, one still left.
fn check_token(game: &Game, value: u8) -> Result<(), Verdict> {
    let left = TOKENS.get(value as usize).map(|_| game.state_of::<State>().left[value as usize]);
    match left {
        Some(n) if n > 0 => Ok(()),
        Some(_) if TOKENS[value as usize] > 0 => Err(Verdict::new(
            rule::TOKENS,
            format!("no animal token of {value} ({}) is left in the pile", animal(value)),
        )),
        _ => Err(Verdict::new(
            rule::TOKENS,
            format!("no animal token is worth {value}: the tokens are worth 1, 3, 4, 5, 6 or 7"),
        )),
    }
}

/// The tile groups around a square: its own and those of the eight around it, each once.
fn area(game: &Game, at: Pos) -> Vec<u32> {
    let mut groups = Vec::new();
    for q in std::iter::once(at).chain(at.ring()) {
        if let Some(t) = game.tile_at(q) {
            if !groups.contains(&t.group) {
                groups.push(t.group);
            }
        }
    }
    groups
}

/// The squares of tile groups.
fn squares_of_groups(game: &Game, groups: &[u32]) -> Vec<Pos> {
    groups.iter().flat_map(|&g| game.group_squares(g).iter().copied().collect::<Vec<_>>()).collect()
}

/// The circus and acrobat spaces on the tiles around a square (its own included).
fn spaces(game: &Game, at: Pos) -> (u32, u32) {
    let (mut circus, mut acrobats) = (0, 0);
    for p in squares_of_groups(game, &area(game, at)) {
        if let Some(t) = game.tile_at(p) {
            let marks = &game.def(t.kind).marks;
            circus += marks.iter().filter(|m| **m == Mark::Circus).count() as u32;
            acrobats += marks.iter().filter(|m| **m == Mark::Acrobats).count() as u32;
        }
    }
    (circus, acrobats)
}

/// A follower standing on a tile but on no feature (atop a tower of The Tower), as the
/// expansions report their pieces, on one of these squares.
fn follower_off_features(game: &Game, squares: &[Pos]) -> Option<(Pos, &'static str)> {
    game.pieces().into_iter().find_map(|p: Piece| match p.at {
        PieceAt::Tile(at)
            if p.owner.is_some()
                && (p.what.contains("follower") || p.what.contains("phantom"))
                && squares.contains(&at) =>
        {
            Some((at, p.what))
        }
        _ => None,
    })
}

/// rule::SCORING: the big top scores where it stands, its token turned up.
fn score_big_top(game: &mut Game, timing: Timing) -> Result<(), Verdict> {
    let Some((at, value)) = game.state_of::<State>().big_top else { return Ok(()) };
    let groups = area(game, at);
    let squares = squares_of_groups(game, &groups);
    if let Some((top, what)) = follower_off_features(game, &squares) {
        return Err(Verdict::new(
            rule::SCORING,
            format!(
                "the big top at {at} would count the {what} at {top}: whether a follower on no feature \
                 counts there is not modelled (no rule says)"
            ),
        ));
    }
    let mut count = vec![0u32; game.players().len()];
    let mut castle = false;
    for f in game.followers() {
        let root = game.feature_of(f.segment);
        let inside = if game.taken_over(root) {
            // rule::CASTLE: a square of the castle in the area.
            let yes = game.squares_of(root).iter().any(|p| squares.contains(p));
            castle |= yes;
            yes
        } else {
            groups.contains(&game.placement_of(f.segment).group)
        };
        if inside {
            if let Some(c) = count.get_mut(f.player.index()) {
                *c += 1;
            }
        }
    }
    let mut because: crate::score::Rules = smallvec![rule::SCORING];
    if castle {
        because.push(rule::CASTLE);
    }
    if timing == Timing::End {
        because.push(rule::FINAL);
    } else {
        because.push(rule::AFTER_FEATURES);
    }
    for (i, n) in count.into_iter().enumerate() {
        if n == 0 {
            continue;
        }
        let words = format!("the big top at {at} (the {} token, {value})", animal(value));
        game.award(ScoreEvent {
            timing,
            players: smallvec![PlayerId(i as u8)],
            feature: FeatureRef::new(FeatureKind::Circus, at, u8::MAX, "big top", 0).with_words(words),
            items: smallvec![ScoreItem { rule: rule::SCORING, label: "follower", count: n, each: i32::from(value) }],
            because: because.clone(),
        });
    }
    Ok(())
}

/// rule::BONUS: a ringmaster's owner scores the spaces around it.
fn ringmaster_bonus(game: &mut Game, player: PlayerId, at: Pos, timing: Timing) {
    let (circus, acrobats) = spaces(game, at);
    let mut items: crate::score::Items = smallvec![];
    if circus > 0 {
        items.push(ScoreItem { rule: rule::BONUS, label: "circus space", count: circus, each: RINGMASTER_EACH });
    }
    if acrobats > 0 {
        items.push(ScoreItem { rule: rule::BONUS, label: "acrobat space", count: acrobats, each: RINGMASTER_EACH });
    }
    if items.is_empty() {
        items.push(ScoreItem { rule: rule::BONUS, label: "circus or acrobat space", count: 0, each: RINGMASTER_EACH });
    }
    let words = format!("the ringmaster at {at}");
    game.award(ScoreEvent {
        timing,
        players: smallvec![player],
        feature: FeatureRef::new(FeatureKind::Circus, at, u8::MAX, "ringmaster", 0).with_words(words),
        items,
        because: smallvec![rule::BONUS],
    });
}

/// The bonuses of the ringmasters on the features the turn scored, then the big top.
fn run(game: &mut Game, turn: &TurnContext) -> Result<(), Verdict> {
    let timing = Timing::Turn(turn.turn);
    let mut bonuses: Vec<(PlayerId, Pos)> = Vec::new();
    for c in game.completions() {
        // rule::NO_CASTLE: only the features the bonus names.
        if !matches!(c.info.kind, FeatureKind::Road | FeatureKind::City | FeatureKind::Cloister | FeatureKind::Field) {
            continue;
        }
        if !c.occupied {
            continue;
        }
        bonuses.extend(c.followers.iter().filter(|f| f.2 == Figure::Ringmaster).map(|f| (f.0, f.1)));
    }
    for (player, at) in bonuses {
        ringmaster_bonus(game, player, at, timing);
    }
    if !is_circus(game, turn.mv.tile) {
        return Ok(());
    }
    let Some(value) = animals(&turn.mv).next() else {
        return Err(Verdict::new(rule::TOKENS, "a circus tile gets an animal token drawn face down (`animal:`)"));
    };
    // rule::FIRST: the first big top scores nothing; rule::MOVES: a later one scores, then moves.
    score_big_top(game, timing)?;
    check_token(game, value)?;
    let st = game.state_of_mut::<State>();
    st.left[value as usize] -= 1;
    st.big_top = Some((turn.mv.pos, value));
    Ok(())
}

/// At the end: the ringmasters on the features the final scoring scores, then the big top.
fn final_scoring(game: &mut Game) -> Result<(), Verdict> {
    let mut bonuses: Vec<(PlayerId, Pos)> = Vec::new();
    for f in game.followers() {
        if f.figure != Figure::Ringmaster {
            continue;
        }
        let root = game.feature_of(f.segment);
        if game.taken_over(root) {
            continue;
        }
        let scored = match game.feature_kind(f.segment) {
            FeatureKind::Road | FeatureKind::City => game.open_edges(root) != 0,
            FeatureKind::Cloister => !game.surrounded(game.placement_of(root).group),
            FeatureKind::Field => true,
            _ => false,
        };
        if scored {
            bonuses.push((f.player, game.placement_of(f.segment).pos));
        }
    }
    for (player, at) in bonuses {
        ringmaster_bonus(game, player, at, Timing::End);
    }
    score_big_top(game, Timing::End)
}

impl Expansion for Circus {
    fn id(&self) -> ExpansionId {
        ExpansionId::Circus
    }

    /// rule::NO_FOLLOWER: the circus space is no feature.
    fn no_feature(&self, def: &crate::tile::TileDef, word: &str) -> Option<(&'static str, crate::rules::RuleId)> {
        (word == "circus" && def.marks.contains(&Mark::Circus)).then_some(("circus space", rule::NO_FOLLOWER))
    }

    fn rule_book(&self) -> &'static crate::rules::RuleBook {
        &rule::BOOK
    }

    fn tiles(&self) -> Option<&'static crate::embedded::Embedded> {
        const TILES: crate::embedded::Embedded = crate::embed!("tiles/circus.yaml");
        Some(&TILES)
    }

    fn setup(&self, game: &mut Game) {
        // rule::RINGMASTER.
        game.give_each(Figure::Ringmaster, RINGMASTERS);
        game.state.insert(State { big_top: None, left: TOKENS });
    }

    fn needs_completions(&self) -> bool {
        true
    }

    fn phases(&self, _options: &AllOptions, seq: &mut Vec<Phase>) {
        // rule::AFTER_FEATURES: after the turn's scoring.
        let at = seq.iter().position(|p| *p == Phase::ScoreCompleted).map_or(seq.len(), |i| i + 1);
        seq.insert(at, Phase::Expansion(ExpansionId::Circus, PHASE));
    }

    fn run_phase(&self, game: &mut Game, phase: &'static str, turn: &TurnContext) -> Result<(), Verdict> {
        if phase != PHASE {
            return Ok(());
        }
        run(game, turn)
    }

    fn takes(&self, action: &Extra) -> bool {
        action.get::<Action>().is_some()
    }

    fn describe(&self, _game: &Game, action: &Extra) -> Option<String> {
        match action.get::<Action>()? {
            Action::Animal(v) => Some(format!("animal token {v} ({}) under the big top", animal(*v))),
        }
    }

    fn edge_changes(&self) -> super::EdgeChanges {
        super::EdgeChanges::None
    }

    fn check_placement(&self, game: &Game, _player: PlayerId, mv: &Move) -> Result<(), Verdict> {
        let n = animals(mv).count();
        if !is_circus(game, mv.tile) {
            if n > 0 {
                return Err(Verdict::new(rule::TOKENS, "an animal token goes only onto a circus tile"));
            }
            return Ok(());
        }
        match (n, animals(mv).next()) {
            (1, Some(v)) => check_token(game, v),
            (0, _) => Err(Verdict::new(rule::TOKENS, "a circus tile gets an animal token drawn face down (`animal:`)")),
            _ => Err(Verdict::new(rule::TOKENS, "a circus tile gets one animal token")),
        }
    }

    fn offers_actions(&self) -> bool {
        true
    }

    fn action_options(
        &self,
        game: &Game,
        _trials: &mut Trials,
        _player: PlayerId,
        mv: &Move,
        _turn: u16,
        out: &mut Vec<Vec<Extra>>,
    ) {
        if !is_circus(game, mv.tile) {
            return;
        }
        // The token is drawn, not chosen: each value still in the pile is a move of its own.
        let left = game.state_of::<State>().left;
        let before: Vec<Vec<Extra>> = std::iter::once(Vec::new()).chain(out.iter().cloned()).collect();
        for v in (1..left.len()).filter(|&v| left[v] > 0) {
            for set in &before {
                let mut set = set.clone();
                set.push(Extra::new(Action::Animal(v as u8)));
                out.push(set);
            }
        }
    }

    fn setup_piece(&self, game: &mut Game, at: Pos, piece: &Extra) -> Result<(), Verdict> {
        let Some(Action::Animal(v)) = piece.get::<Action>() else {
            return Err(Verdict::new(rule::MOVES, "of Under the Big Top, a tile of the board holds the big top"));
        };
        let Some(kind) = game.tile_at(at).map(|t| t.kind) else {
            return Err(Verdict::new(rule::MOVES, format!("the big top stands on a tile: {at} holds none")));
        };
        if !is_circus(game, kind) {
            return Err(Verdict::new(rule::MOVES, format!("the big top stands on a circus space: {at} shows none")));
        }
        if game.state_of::<State>().big_top.is_some() {
            return Err(Verdict::new(rule::MOVES, "there is one big top"));
        }
        check_token(game, *v)?;
        let st = game.state_of_mut::<State>();
        st.left[*v as usize] -= 1;
        st.big_top = Some((at, *v));
        Ok(())
    }

    fn pieces(&self, game: &Game, out: &mut Vec<Piece>) {
        let big_top = game.state_of::<State>().big_top.map(|(at, _)| at);
        for p in game.placed() {
            let marks = &game.def(p.kind).marks;
            if marks.contains(&Mark::Circus) {
                let what = if big_top == Some(p.pos) { "big top" } else { "circus space" };
                out.push(Piece { what, at: PieceAt::Tile(p.pos), owner: None, holds: None, height: 1 });
            }
            if marks.contains(&Mark::Acrobats) {
                out.push(Piece {
                    what: "acrobat space",
                    at: PieceAt::Tile(p.pos),
                    owner: None,
                    holds: None,
                    height: 1,
                });
            }
        }
    }

    /// First of the end's scorings: the big top counts every follower in its area, a
    /// castle's knight included, before Bridges, Castles and Bazaars sends that one home.
    fn final_scoring_first(&self, game: &mut Game) -> Result<(), Verdict> {
        final_scoring(game)
    }
}

pub mod rule {
    //! The rules of Under the Big Top. Their wording and sources are in the catalogue file named below.

    crate::rules::rule_ids! {
        catalogue: "rulesets/rules/circus.yaml";
        /// 20 tiles: 12 circus, 8 acrobat.
        TILES = "circus.components.tiles",
        /// 16 animal tokens, their values.
        TOKENS = "circus.components.tokens",
        /// The first circus tile: token and big top, nothing scored.
        FIRST = "circus.big-top.first",
        /// No follower on a circus space.
        NO_FOLLOWER = "circus.big-top.no-follower",
        /// The features a circus tile completes are scored first.
        AFTER_FEATURES = "circus.big-top.after-features",
        /// The big top: the token's value per follower around it.
        SCORING = "circus.big-top.scoring",
        /// Builders, pigs and barns earn nothing there.
        NOT_MEEPLES = "circus.big-top.not-meeples",
        /// A castle with a tile in the area counts its follower.
        CASTLE = "circus.big-top.castle",
        /// The big top moves to the new circus tile with a new token.
        MOVES = "circus.big-top.moves",
        /// The big top scores once more at the end.
        FINAL = "circus.big-top.final",
        /// One ringmaster each, deployed as a follower.
        RINGMASTER = "circus.ringmaster.supply",
        /// 2 per circus and acrobat space around the ringmaster when its feature scores.
        BONUS = "circus.ringmaster.bonus",
        /// No ringmaster bonus for a castle.
        NO_CASTLE = "circus.ringmaster.no-castle",
        /// A ringmaster in a city is a knight.
        KNIGHT = "circus.ringmaster.knight",
        /// Acrobats: placement (not modelled: refused).
        ACROBATS = "circus.acrobats.placement",
        /// Acrobats: scoring (not modelled).
        ACROBATS_SCORING = "circus.acrobats.scoring",
    }
}
