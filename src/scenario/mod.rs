//! Scenarios: a board, the turns to replay on it, and what the rules should make of them.
//!
//! `raw` mirrors the YAML; [`load`] validates it into a [`Scenario`] whose tiles, squares,
//! rotations, players and followers are all resolved, reporting every problem of the file
//! at once. Only moves the rules may forbid are left for the replay to judge.

mod abbot;
mod am;
mod cig;
mod circus;
mod count;
mod db;
mod exp8;
mod fm;
mod hs;
mod ic;
mod kr;
mod lb;
mod messages;
mod monasteries;
mod pd;
mod phantom;
mod plague;
pub mod raw;
mod siege;
mod tb;
mod tower;
pub mod value;
mod vocab;
mod wheel;
mod witch;
pub mod write;

use crate::data::{Library, DEFAULT_RULESETS, MAX_TILE_KINDS};
use crate::diag::{InputError, Problem, SourceFile};
use crate::engine::{Figure, FollowerOn, Move, Part};
use crate::expansion::{ExpansionId, Extra};
use crate::geom::{Pos, Rotation};
use crate::rules::RuleId;
use crate::score::{PlayerId, Timing};
use crate::tile::{FeatureKind, Spot, TileKind, TileSet};
use raw::{RawExpect, RawScenario, RawTiming, RawTurn, WordOr};
use std::collections::BTreeMap;
use std::path::Path;

/// The most turns a scenario may hold (turns are numbered with 16 bits).
pub const MAX_TURNS: usize = u16::MAX as usize;

/// The largest starting score, either way: with it no game's points can overflow a score.
pub const MAX_START_SCORE: u32 = 1_000_000_000;

/// The most points a scenario's actions may move between players, all together (bids, for
/// one): far beyond any game, and with the start scores' bound it keeps every score within
/// what a score holds.
pub const MAX_POINTS_MOVED: i64 = 1_000_000;

/// The most pieces of one kind `supply:` may give each player.
pub const MAX_SUPPLY: u8 = 30;

/// A count of `supply:`: each player has `count` of a piece where the rules give `rules`,
/// said in every report so that no reader takes the game for the rulebook's.
#[derive(Debug, Clone)]
pub struct SupplyCount {
    /// Where it is written (`supply.followers`).
    pub path: String,
    /// The piece, as the scenario names it (`followers`).
    pub word: &'static str,
    pub count: u8,
    /// The rulebook's count each.
    pub rules: u8,
    pub what: Supplied,
}

/// What a count of `supply:` sets when the game starts.
#[derive(Debug, Clone)]
pub enum Supplied {
    /// Each player's supply of a figure of the engine (`Game::set_supply`).
    Figure(Figure),
    /// An expansion's piece, handed to it as what the players hold (`Game::setup_held`).
    Piece(Extra),
}

/// A validated scenario.
#[derive(Debug, Clone)]
pub struct Scenario {
    /// `base/shared-field`: the folder and file name without `.yaml`.
    pub id: String,
    pub file: SourceFile,
    pub title: String,
    pub source: Option<String>,
    pub players: Vec<String>,
    pub expansions: Vec<ExpansionId>,
    pub rulesets: Vec<String>,
    pub covers: Vec<String>,
    /// Switch values replacing those of each ruleset run.
    pub switches: Vec<crate::ruleset::Setting>,
    pub tiles: TileSet,
    pub start_scores: Vec<(PlayerId, i32)>,
    /// Tiles each player holds face up, to place instead of drawing (an expansion's).
    pub hands: Vec<(PlayerId, Vec<TileKind>)>,
    /// What the players hold of an expansion when the game starts, on no tile (an
    /// expansion's tokens), each with where it is written.
    pub held: Vec<(String, Extra)>,
    /// Where the moves made in the final scoring are written, if any (`count-final-moves`).
    pub final_moves: Option<String>,
    /// Pieces each player has when the game is played with other counts than the rules'
    /// (`supply:`); empty: the rules' counts.
    pub supply: Vec<SupplyCount>,
    /// The starting board; empty means "the start tile at 0,0".
    pub board: Vec<BoardTile>,
    pub turns: Vec<Turn>,
    pub final_scoring: bool,
    pub expect: Expect,
    pub expect_by_ruleset: BTreeMap<String, Expect>,
    /// Expectations the file states that the referee cannot judge (an imported engine
    /// test's sentences about another program's user interface), each with why: reported,
    /// never counted as passed.
    pub not_judged: Vec<String>,
}

#[derive(Debug, Clone)]
pub struct BoardTile {
    pub kind: TileKind,
    pub pos: Pos,
    pub rotation: Rotation,
    /// Followers standing on it: owner, square (the second one of a double-size tile, or
    /// the tile's own), segment there, and the figure it is.
    pub followers: Vec<(PlayerId, Pos, usize, Figure)>,
    /// Expansions' pieces on it, each with where it is written.
    pub pieces: Vec<(String, Extra)>,
    /// Where it is written (`board[2]`), for diagnostics.
    pub path: String,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Action {
    Place(Move),
    Discard(TileKind, Vec<Extra>),
}

#[derive(Debug, Clone)]
pub struct Turn {
    pub player: PlayerId,
    pub action: Action,
    pub path: String,
    /// The second part of a turn in two parts (`parts:`); `action` is then the first.
    pub second: Option<SecondPart>,
    /// The parts written past the second (`parts:` of three or more): tiles the player
    /// attempts to place after the second part, each played as another second part of the
    /// turn, for the rules to refuse (an expansion's second part earns no third).
    pub more: Vec<SecondPart>,
    /// The player whose turn it was, when `player:` names another (a player playing out of
    /// turn): the replay refuses the turn as an illegal move (`base.turn.order`).
    pub out_of_order: Option<PlayerId>,
}

/// What one placement of a turn reads into, and how many placements out of turn it starts.
struct Placement {
    action: Option<Action>,
    out_of_turn: usize,
}

/// A turn in parts as read: its first part, its second, the parts written past the second,
/// and how many placements out of turn its actions start.
struct TwoParts {
    first: Move,
    second: SecondPart,
    more: Vec<SecondPart>,
    out_of_turn: usize,
}

/// The second part of a turn: played when the rules let it (at once, or once what the
/// first part started is over; see `Game::part_due`).
#[derive(Debug, Clone)]
pub struct SecondPart {
    pub mv: Move,
    /// Where it is written (`turns[2].parts[1]`).
    pub path: String,
}

#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Expect {
    pub scores: Option<Vec<(PlayerId, i32)>>,
    pub events: Option<Vec<EventExpect>>,
    pub illegal: Option<IllegalExpect>,
    pub moves: Option<Vec<MovesExpect>>,
    /// The goods tokens each player named holds when the replay ends, of each kind named
    /// (in `Goods::ALL` order; `None`: not checked).
    pub goods: Option<Vec<(PlayerId, [Option<u32>; 3])>>,
}

/// What a scenario expects of the legal moves of a turn's tile, at the start of the turn
/// (`Game::legal_moves`): the options listed must be exactly these.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct MovesExpect {
    pub turn: u16,
    pub tile: TileKind,
    /// Where it is written (`expect.moves[2]`).
    pub path: String,
    pub want: MovesWant,
}

/// The options a move expectation lists.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum MovesWant {
    /// The squares where the tile can be placed in some way.
    Squares(Vec<Pos>),
    /// The rotations in which it can be placed at a square.
    Rotations(Pos, Vec<Rotation>),
    /// The sets of actions it can be placed with at a square and rotation, each set in the
    /// words of `referee moves` (`Game::describe_action`, joined with ` and `; `none`).
    Actions(Pos, Rotation, Vec<String>),
    /// The follower placements on the tile with those actions taken (none: no action), each
    /// with the figure deployed.
    Followers { at: Pos, rotation: Rotation, with: Vec<String>, followers: Vec<Option<(FollowerOn, Figure)>> },
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct EventExpect {
    /// When it is scored; `None` (`turn: any`) for "at some moment of the game".
    pub timing: Option<Timing>,
    pub players: Option<Vec<PlayerId>>,
    pub feature: Option<FeatureKind>,
    pub tiles: Option<u32>,
    pub points: i32,
    pub rules: Vec<RuleId>,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct IllegalExpect {
    pub turn: u16,
    pub rule: RuleId,
}

impl Scenario {
    /// The expectations under one ruleset: the general ones, with that ruleset's overrides.
    pub fn expect_for(&self, ruleset: &str) -> Expect {
        let mut e = self.expect.clone();
        if let Some(o) = self.expect_by_ruleset.get(ruleset) {
            if o.scores.is_some() {
                e.scores = o.scores.clone();
            }
            if o.events.is_some() {
                e.events = o.events.clone();
            }
            if o.illegal.is_some() {
                e.illegal = o.illegal;
            }
            if o.moves.is_some() {
                e.moves = o.moves.clone();
            }
            if o.goods.is_some() {
                e.goods = o.goods.clone();
            }
        }
        e
    }

    /// Whether the scenario expects nothing at all (no `expect:`, or an empty one): its
    /// replay then checks only that every move is legal.
    pub fn expects_nothing(&self) -> bool {
        let none = |e: &Expect| {
            e.scores.is_none() && e.events.is_none() && e.illegal.is_none() && e.moves.is_none() && e.goods.is_none()
        };
        none(&self.expect) && self.expect_by_ruleset.values().all(none) && self.not_judged.is_empty()
    }

    pub fn player(&self, p: PlayerId) -> &str {
        &self.players[p.index()]
    }

    /// The span of a node of the file, by path.
    pub fn span(&self, path: &str) -> Option<crate::yamlspan::Span> {
        self.file.spans().find(path)
    }
}

/// The scenario id of a file: its folder and name without extension (`base/shared-field`).
pub fn id_of(path: &Path) -> String {
    let stem = path.file_stem().map(|s| s.to_string_lossy().into_owned()).unwrap_or_default();
    match path.parent().and_then(|p| p.file_name()) {
        Some(dir) => format!("{}/{stem}", dir.to_string_lossy()),
        None => stem,
    }
}

/// Reads and validates a scenario file.
pub fn load_path(path: &Path, lib: &Library) -> Result<Scenario, InputError> {
    let file = crate::data::read_file(path)?;
    load(&id_of(path), file, lib)
}

/// Validates a scenario, reporting every problem in the file.
pub fn load(id: &str, file: SourceFile, lib: &Library) -> Result<Scenario, InputError> {
    if file.text.trim().is_empty() {
        return Err(InputError::new(
            &file,
            vec![Problem::new("scenario::empty", "the scenario file is empty")
                .at(Some((0, 0)))
                .label("nothing here")
                .help("a scenario needs at least `title:` and `players:`; see docs/scenarios.md")],
        ));
    }
    let raw: RawScenario = crate::data::parse_yaml(&file)?;
    let mut v = Validator {
        file: &file,
        problems: Vec::new(),
        points_moved: 0,
        final_scoring: raw.final_scoring,
        rule_help: Default::default(),
    };
    let sc = v.scenario(id, &raw, lib);
    if v.problems.is_empty() {
        Ok(sc)
    } else {
        let problems = std::mem::take(&mut v.problems);
        Err(InputError::new(&file, problems))
    }
}

struct Validator<'f> {
    file: &'f SourceFile,
    problems: Vec<Problem>,
    /// The points the scenario's actions move between players so far (bids, for one).
    points_moved: i64,
    /// Whether the scenario scores the end of the game (`final-scoring:`): a vocabulary
    /// whose key says the game stops in the middle of a turn refuses it.
    final_scoring: bool,
    /// The help given for each unknown rule id met, worked out once: a file repeating one
    /// misspelt id a thousand times searches the catalogue once.
    rule_help: std::collections::HashMap<String, String>,
}

impl Validator<'_> {
    /// Adds a problem already made (a broken rule), located at `path`.
    fn push(&mut self, p: Problem, path: &str) {
        let span = self.file.spans().find(path);
        self.problems.push(p.at(span));
    }

    /// Counts points an action moves between players (a bid) towards the scenario's total,
    /// which is bounded; `what` names them in the diagnostic (`bids`).
    fn count_points_moved(&mut self, path: &str, amount: i32, what: &str) {
        self.points_moved += i64::from(amount);
        if self.points_moved > MAX_POINTS_MOVED && self.points_moved - i64::from(amount) <= MAX_POINTS_MOVED {
            self.problem(
                "scenario::bids-too-high",
                path,
                format!("the {what} of this scenario add up to more than {MAX_POINTS_MOVED} points"),
                Some("no game comes near; is the file what you meant to give?".to_string()),
            );
        }
    }

    /// A problem with a key itself (unknown, misplaced): located at the key.
    fn problem_at_key(&mut self, code: &str, path: &str, message: String, help: Option<String>) {
        let span = self.file.spans().key(path).or_else(|| self.file.spans().find(path));
        let mut p = Problem::new(code, message).at(span);
        if let Some(h) = help {
            p = p.help(h);
        }
        self.problems.push(p);
    }

    fn problem(&mut self, code: &str, path: &str, message: String, help: Option<String>) {
        let mut p = Problem::new(code, message).at(self.file.spans().find(path));
        if let Some(h) = help {
            p = p.help(h);
        }
        self.problems.push(p);
    }

    fn scenario(&mut self, id: &str, raw: &RawScenario, lib: &Library) -> Scenario {
        self.plain_text("title", "the title", &raw.title);
        let players = self.players(raw);
        let expansions = self.expansions(raw);
        let rulesets = self.rulesets(raw, lib);
        let mut tiles = lib.tile_set(&expansions);
        'tiles: for (i, t) in raw.tiles.iter().enumerate() {
            self.problems.extend(t.id_problem(self.file, &format!("tiles[{i}]")));
            match t.build_all(self.file, &format!("tiles[{i}]")) {
                Ok(defs) => {
                    for d in defs {
                        if tiles.len() >= MAX_TILE_KINDS {
                            self.problem(
                                "scenario::too-many-tiles",
                                &format!("tiles[{i}]"),
                                format!("more than {MAX_TILE_KINDS} tile kinds"),
                                Some(
                                    "no scenario needs so many kinds of tile; is the file what you meant to give?"
                                        .to_string(),
                                ),
                            );
                            break 'tiles;
                        }
                        tiles.insert(d);
                    }
                }
                Err(ps) => self.problems.extend(ps),
            }
        }
        let find_player = |name: &str| players.iter().position(|p| p == name).map(|i| PlayerId(i as u8));
        let mut start_scores = Vec::new();
        for (name, score) in &raw.start_scores {
            let path = format!("start-scores.{name}");
            let Some(p) = find_player(name) else {
                self.unknown_player_key(&path, name, &players);
                continue;
            };
            // Bounded so that no game's points can carry a score past what it holds.
            match i32::try_from(*score).ok().filter(|s| s.unsigned_abs() <= MAX_START_SCORE) {
                Some(s) => start_scores.push((p, s)),
                None => self.problem(
                    "scenario::bad-score",
                    &path,
                    format!("a starting score of {score} is out of range"),
                    Some(format!("starting scores lie between -{MAX_START_SCORE} and {MAX_START_SCORE}")),
                ),
            }
        }
        let top = self.top_extras(&vocab::TopInfo { tiles: &tiles, players: &players }, &raw.extra, &expansions);
        let (hands, held, final_moves) = (top.hands, top.held, top.final_moves);
        let supply = self.supply(&raw.supply, &expansions);
        let mut board = Vec::new();
        for (i, b) in raw.board.iter().flatten().enumerate() {
            let path = format!("board[{i}]");
            let kind = self.tile(&tiles, &format!("{path}.tile"), &b.tile);
            let pos = self.pos(&format!("{path}.at"), &b.at);
            let turned = self.rotation(&format!("{path}.rotation"), b.rotation);
            let rotation = turned.unwrap_or_default();
            let mut followers = Vec::new();
            for (j, f) in b.followers.iter().enumerate() {
                let fpath = format!("{path}.followers[{j}]");
                let p = find_player(&f.player);
                if p.is_none() {
                    self.unknown_player(&format!("{fpath}.player"), &f.player, &players);
                }
                // On the second square of a double-size tile when `at` names it.
                let square = f.at.as_ref().and_then(|a| self.pos(&format!("{fpath}.at"), a));
                let (k2, sq) = match (kind, pos, square) {
                    (Some(k), Some(p0), Some(sq)) if sq != p0 => match twin_square(&tiles, k, p0, rotation) {
                        Some((tk, q)) if q == sq => (Some(tk), Some(sq)),
                        _ => {
                            self.problem(
                                "scenario::bad-square",
                                &format!("{fpath}.at"),
                                format!("{sq} is not a square of this tile"),
                                Some(
                                    "`at` names the second square of a double-size tile; leave it out otherwise"
                                        .to_string(),
                                ),
                            );
                            (None, None)
                        }
                    },
                    (k, p0, _) => (k, p0),
                };
                // A tile whose rotation is refused has no features to name.
                let k2 = k2.filter(|_| turned.is_some());
                let seg = k2.and_then(|k| self.printed_feature(&tiles, k, rotation, &format!("{fpath}.on"), &f.on));
                let figure = self.follower_extras(&fpath, &f.extra, &expansions);
                if let (Some(p), Some(s), Some(sq)) = (p, seg, sq) {
                    followers.push((p, sq, s, figure));
                }
            }
            let info = vocab::BoardInfo { path: &path, pos, tile: kind.zip(turned), tiles: &tiles, players: &players };
            let pieces = self.board_extras(&info, &b.extra, &expansions);
            if let (Some(kind), Some(pos)) = (kind, pos) {
                board.push(BoardTile { kind, pos, rotation, followers, pieces, path });
            }
        }
        let mut turns = Vec::new();
        if raw.turns.len() > MAX_TURNS {
            self.problem(
                "scenario::too-many-turns",
                &format!("turns[{MAX_TURNS}]"),
                format!("{} turns; a scenario holds at most {MAX_TURNS}", raw.turns.len()),
                None,
            );
        }
        let mut next = 0usize;
        // Turns that place tiles out of turn (bought at an expansion's auction, say): their
        // players come from the action that gave them, which the replay checks; the
        // scenario names them.
        let mut out_of_turn_left = 0usize;
        // Past the limit the turns are not read one by one: the one problem says it all.
        for (i, t) in raw.turns.iter().enumerate().take_while(|_| raw.turns.len() <= MAX_TURNS) {
            let path = format!("turns[{i}]");
            let expected = PlayerId((next % players.len().max(1)) as u8);
            let out_of_turn = out_of_turn_left > 0;
            let player = match &t.player {
                None if out_of_turn => {
                    self.problem(
                        "scenario::missing-player",
                        &path,
                        "this turn places a tile out of turn (bought, say): say whose with `player:`".to_string(),
                        None,
                    );
                    expected
                }
                None => expected,
                Some(name) if out_of_turn => find_player(name).unwrap_or_else(|| {
                    self.unknown_player(&format!("{path}.player"), name, &players);
                    expected
                }),
                Some(name) => match find_player(name) {
                    Some(p) => p,
                    None => {
                        self.unknown_player(&format!("{path}.player"), name, &players);
                        expected
                    }
                },
            };
            // A player playing on another's turn is a move the rules refuse, not bad input.
            let out_of_order = (!out_of_turn && player != expected).then_some(expected);
            if out_of_turn {
                out_of_turn_left -= 1;
            }
            let last = i + 1 == raw.turns.len();
            if let Some(parts) = &t.parts {
                let number = i as u16 + 1;
                let second = self.two_parts(t, parts, &path, number, last, &tiles, &players, &expansions);
                if !out_of_turn {
                    next += 1;
                }
                if let Some(TwoParts { first, second, more, out_of_turn }) = second {
                    // An action of a second part made during others' placements out of turn
                    // adds its own to those still to come.
                    out_of_turn_left += out_of_turn;
                    let action = Action::Place(first);
                    turns.push(Turn { player, action, path, second: Some(second), more, out_of_order });
                }
                continue;
            }
            let placed = self.placement(t, &path, last, &tiles, &players, &expansions);
            if placed.out_of_turn > 0 {
                out_of_turn_left = placed.out_of_turn;
            }
            match placed.action {
                Some(action @ Action::Discard(..)) => {
                    turns.push(Turn { player, action, path, second: None, more: Vec::new(), out_of_order })
                }
                Some(action) => {
                    if !out_of_turn {
                        next += 1;
                    }
                    turns.push(Turn { player, action, path, second: None, more: Vec::new(), out_of_order });
                }
                None if !t.discard && !out_of_turn => next += 1,
                None => {}
            }
        }
        let expect = raw
            .expect
            .as_ref()
            .map(|e| self.expect(e, "expect", &players, &tiles, &turns, &expansions))
            .unwrap_or_default();
        let mut expect_by_ruleset = BTreeMap::new();
        for (name, e) in raw.expect.iter().flat_map(|e| e.rulesets.iter()) {
            let path = format!("expect.rulesets.{name}");
            if !rulesets.contains(name) {
                self.problem_at_key(
                    "scenario::unknown-ruleset",
                    &path,
                    format!("expectations for ruleset `{name}`, which this scenario does not run"),
                    Some(format!("this scenario runs: {}", rulesets.join(", "))),
                );
            }
            let ex = self.expect(e, &path, &players, &tiles, &turns, &expansions);
            expect_by_ruleset.insert(name.clone(), ex);
        }
        Scenario {
            id: id.to_string(),
            file: self.file.clone(),
            title: raw.title.clone(),
            source: raw.source.clone(),
            players,
            expansions,
            rulesets,
            covers: self.covers(raw, lib),
            switches: self.switches(raw),
            tiles,
            start_scores,
            hands,
            held,
            final_moves,
            supply,
            board,
            turns,
            final_scoring: raw.final_scoring,
            expect,
            expect_by_ruleset,
            not_judged: Vec::new(),
        }
    }

    /// The ids the scenario locks in: each a ruling of the inventory or a rule, as the rule
    /// catalogue knows them (its entries and their `rulings:` lists); any other is refused.
    /// One placement as a turn or a part of one writes it: the tile, its square and rotation,
    /// the follower and what the expansions' keys build. `None` when it is refused (the
    /// problems are recorded).
    #[allow(clippy::too_many_arguments)]
    fn placement(
        &mut self,
        t: &RawTurn,
        path: &str,
        last: bool,
        tiles: &TileSet,
        players: &[String],
        expansions: &[ExpansionId],
    ) -> Placement {
        let kind = match &t.tile {
            Some(id) => self.tile(tiles, &format!("{path}.tile"), id),
            None => {
                self.problem(
                    "scenario::missing-tile",
                    path,
                    "this turn names no tile".to_string(),
                    Some("add `tile: <letter>` (the tile drawn), or `parts:` for a turn in two parts".to_string()),
                );
                None
            }
        };
        let turned = self.rotation(&format!("{path}.rotation"), t.rotation);
        let rotation = turned.unwrap_or_default();
        let pos = match (&t.at, t.discard) {
            (Some(at), false) => self.pos(&format!("{path}.at"), at),
            _ => None,
        };
        let info = vocab::TurnInfo { path, pos, tile: kind.zip(turned), discard: t.discard, last, tiles, players };
        let out = self.turn_extras(&info, &t.extra, expansions);
        let out_of_turn = out.out_of_turn;
        let extras = out.extras;
        // The follower: `follower:`, or a vocabulary's key for another figure.
        let written = match (&t.follower, out.figure) {
            (Some(_), Some((_, _, fig_path))) => {
                self.problem_at_key(
                    "scenario::two-followers",
                    &fig_path,
                    "a turn deploys one follower: this one and `follower:` both".to_string(),
                    Some("keep one of them".to_string()),
                );
                None
            }
            (Some(f), None) => Some((Figure::Normal, f.clone(), format!("{path}.follower"))),
            (None, other) => other,
        };
        let action = |action| Placement { action, out_of_turn };
        if t.discard {
            if t.at.is_some() || written.is_some() {
                self.problem(
                    "scenario::discard-with-placement",
                    path,
                    "a discarded tile has no square and no follower".to_string(),
                    Some("remove `at:` and `follower:`, or `discard: true`".to_string()),
                );
            }
            return action(kind.map(|k| Action::Discard(k, extras)));
        }
        if t.at.is_none() {
            self.problem(
                "scenario::missing-square",
                path,
                "this turn places a tile but says not where".to_string(),
                Some("add `at: [x, y]` (x grows east, y grows north), or `discard: true`".to_string()),
            );
            return action(None);
        }
        let (figure, spec, fpath) = match written {
            Some((figure, spec, fpath)) => (figure, Some(spec), fpath),
            None => (Figure::Normal, None, format!("{path}.follower")),
        };
        // A tile whose rotation is refused has no features to name.
        let (follower, follower_square) = match (spec.as_ref(), kind.filter(|_| turned.is_some())) {
            (Some(WordOr::Word(f)), Some(k)) => (self.feature(tiles, k, rotation, &fpath, f), None),
            (Some(WordOr::Map(raw::SpotAt { at, on })), Some(k)) => match (self.pos(&format!("{fpath}.at"), at), pos) {
                (Some(sq), Some(p)) if sq == p => (self.feature(tiles, k, rotation, &format!("{fpath}.on"), on), None),
                // The second square of a double-size tile is part of the tile just placed.
                (Some(sq), Some(p)) if twin_square(tiles, k, p, rotation).is_some_and(|(_, q)| q == sq) => {
                    let (tk, _) = twin_square(tiles, k, p, rotation).expect("checked");
                    (self.feature(tiles, tk, rotation, &format!("{fpath}.on"), on), Some(sq))
                }
                (sq, _) => (None, sq),
            },
            _ => (None, None),
        };
        action(match (kind, pos) {
            (Some(tile), Some(pos)) => Some(Action::Place(Move {
                tile,
                pos,
                rotation,
                follower,
                follower_square,
                figure,
                extras,
                part: Part::Whole,
            })),
            _ => None,
        })
    }

    /// A turn in two parts (`parts:`): exactly two placements, the turn's own keys being only
    /// `player:` and `note:`. The first part's move, the second part and the placements out
    /// of turn they start, or `None` when refused.
    #[allow(clippy::too_many_arguments)]
    fn two_parts(
        &mut self,
        t: &RawTurn,
        parts: &[RawTurn],
        path: &str,
        number: u16,
        last: bool,
        tiles: &TileSet,
        players: &[String],
        expansions: &[ExpansionId],
    ) -> Option<TwoParts> {
        let beside = [
            ("tile", t.tile.is_some()),
            ("at", t.at.is_some()),
            ("follower", t.follower.is_some()),
            ("discard", t.discard),
            ("rotation", t.rotation != 0),
        ];
        let mut ok = true;
        for (key, set) in beside {
            if set {
                self.problem_at_key(
                    "scenario::parts-and-placement",
                    &format!("{path}.{key}"),
                    format!("a turn in two parts places its tiles in `parts:`, not with `{key}:` beside it"),
                    Some("move it into the part it belongs to".to_string()),
                );
                ok = false;
            }
        }
        if let Some((key, _)) = t.extra.first() {
            self.problem_at_key(
                "scenario::parts-and-placement",
                &format!("{path}.{key}"),
                format!("a turn in two parts writes `{key}:` in the part it belongs to"),
                None,
            );
            ok = false;
        }
        // Fewer than two parts is no turn in parts at all; a third is a tile a player can try
        // to place, which the rules judge (`Turn::more`).
        if parts.len() < 2 {
            self.problem(
                "scenario::parts-count",
                &format!("{path}.parts"),
                format!("a turn in parts has two at least, not {}", parts.len()),
                Some("a double turn is written `parts: [<first placement>, <second placement>]`".to_string()),
            );
            return None;
        }
        let mut moves = Vec::new();
        let mut out_of_turn = 0;
        for (j, part) in parts.iter().enumerate() {
            let ppath = format!("{path}.parts[{j}]");
            for (key, set) in
                [("player", part.player.is_some()), ("parts", part.parts.is_some()), ("discard", part.discard)]
            {
                if set {
                    self.problem_at_key(
                        "scenario::part-key",
                        &format!("{ppath}.{key}"),
                        format!("`{key}:` belongs to the turn, not to one of its parts"),
                        None,
                    );
                    ok = false;
                }
            }
            let placed = self.placement(part, &ppath, last && j + 1 == parts.len(), tiles, players, expansions);
            // Placements out of turn (tiles an action gave) follow the turn, whichever part
            // started them.
            out_of_turn += placed.out_of_turn;
            match placed.action {
                Some(Action::Place(mv)) => moves.push((mv, ppath)),
                _ => ok = false,
            }
        }
        if !ok || moves.len() != parts.len() {
            return None;
        }
        let mut moves = moves.into_iter();
        let (mut first, _) = moves.next().expect("two at least");
        first.part = Part::First;
        let mut later = moves.map(|(mut mv, path)| {
            mv.part = Part::Second(number);
            SecondPart { mv, path }
        });
        let second = later.next().expect("two at least");
        Some(TwoParts { first, second, more: later.collect(), out_of_turn })
    }

    fn covers(&mut self, raw: &RawScenario, lib: &Library) -> Vec<String> {
        for (i, id) in raw.covers.iter().enumerate().filter(|(_, id)| !lib.catalogue.knows(id)) {
            let all: Vec<&str> = lib
                .catalogue
                .entries()
                .flat_map(|e| std::iter::once(e.id.as_str()).chain(e.rulings.iter().map(AsRef::as_ref)))
                .collect();
            let near = crate::rules::nearest(id, &all, 3);
            self.problem(
                "scenario::unknown-covers",
                &format!("covers[{i}]"),
                format!("`{id}` is neither a ruling of the inventory nor a rule of the catalogue"),
                Some(format!(
                    "the ids are those of the rule catalogue's entries and their `rulings:` lists (`referee rulings` \
                     lists them); nearest: {}",
                    near.join(", ")
                )),
            );
        }
        raw.covers.clone()
    }

    fn switches(&mut self, raw: &RawScenario) -> Vec<crate::ruleset::Setting> {
        let mut out = Vec::new();
        for (name, value) in &raw.switches {
            let path = format!("switches.{name}");
            let Some(def) = crate::expansion::find_switch(name) else {
                self.problem_at_key(
                    "scenario::unknown-switch",
                    &path,
                    format!("unknown switch `{name}`"),
                    Some("`referee rules` lists the switches".to_string()),
                );
                continue;
            };
            match def.value(value) {
                Some(v) => {
                    out.push(crate::ruleset::Setting { switch: def, value: v, source: "set by the scenario".into() })
                }
                None => self.problem(
                    "scenario::unknown-value",
                    &path,
                    format!("`{value}` is not a value of switch `{name}`"),
                    Some(format!("values: {}", def.values.iter().map(|(v, _)| *v).collect::<Vec<_>>().join(", "))),
                ),
            }
        }
        out
    }

    /// A name or title shown in every report: refused if it holds a control character (it
    /// could rewrite the terminal, split a table row or break an SVG).
    fn plain_text(&mut self, path: &str, what: &str, text: &str) {
        if let Some((_, c)) = crate::text::has_control(text) {
            self.problem(
                "scenario::control-character",
                path,
                format!("{what} holds the control character {}", c.escape_unicode()),
                Some(format!("{what} is shown in every report: write it as plain text on one line")),
            );
        }
    }

    fn players(&mut self, raw: &RawScenario) -> Vec<String> {
        for (i, p) in raw.players.iter().enumerate() {
            self.plain_text(&format!("players[{i}]"), "a player's name", p);
        }
        if raw.players.is_empty() || raw.players.len() > 8 {
            self.problem(
                "scenario::players",
                "players",
                format!("a game has 1 to 8 players, this one lists {}", raw.players.len()),
                None,
            );
        }
        for (i, p) in raw.players.iter().enumerate() {
            if raw.players[..i].contains(p) {
                self.problem(
                    "scenario::players",
                    &format!("players[{i}]"),
                    format!("player `{p}` is listed twice"),
                    None,
                );
            }
        }
        raw.players.iter().take(8).cloned().collect()
    }

    fn expansions(&mut self, raw: &RawScenario) -> Vec<ExpansionId> {
        let mut out = Vec::new();
        for (i, name) in raw.expansions.iter().enumerate() {
            match ExpansionId::parse(name) {
                Some(x) => out.push(x),
                None => self.problem(
                    "scenario::unknown-expansion",
                    &format!("expansions[{i}]"),
                    format!("unknown expansion `{name}`"),
                    Some(format!(
                        "expansions known to this version: {}",
                        ExpansionId::NAMES.iter().map(|(n, _)| *n).collect::<Vec<_>>().join(", ")
                    )),
                ),
            }
        }
        out
    }

    fn rulesets(&mut self, raw: &RawScenario, lib: &Library) -> Vec<String> {
        let Some(list) = &raw.rulesets else {
            return DEFAULT_RULESETS.iter().map(|s| s.to_string()).collect();
        };
        let mut out = Vec::new();
        for (i, name) in list.iter().enumerate() {
            if lib.profile(name).is_some() {
                out.push(name.clone());
            } else {
                self.problem(
                    "scenario::unknown-ruleset",
                    &format!("rulesets[{i}]"),
                    format!("unknown ruleset `{name}`"),
                    Some(format!(
                        "built-in rulesets: {}",
                        lib.profiles.iter().map(|p| p.id.as_str()).collect::<Vec<_>>().join(", ")
                    )),
                );
            }
        }
        out
    }

    fn unknown_player(&mut self, path: &str, name: &str, players: &[String]) {
        self.unknown_player_at(path, name, players, false);
    }

    /// A player named by a map key (`start-scores: {Green: 3}`): located at the key.
    fn unknown_player_key(&mut self, path: &str, name: &str, players: &[String]) {
        self.unknown_player_at(path, name, players, true);
    }

    fn unknown_player_at(&mut self, path: &str, name: &str, players: &[String], at_key: bool) {
        let (message, help) =
            (format!("unknown player `{name}`"), Some(format!("players of this scenario: {}", players.join(", "))));
        if at_key {
            self.problem_at_key("scenario::unknown-player", path, message, help);
        } else {
            self.problem("scenario::unknown-player", path, message, help);
        }
    }

    fn tile(&mut self, tiles: &TileSet, path: &str, id: &str) -> Option<TileKind> {
        if let Some(first) = tiles.find(id).and_then(|k| tiles.get(k).half_of.clone()) {
            self.problem(
                "scenario::half-tile",
                path,
                format!("`{id}` is the second square of the double-size tile {first}"),
                Some(format!("place `{first}`: both its squares go down together")),
            );
            return None;
        }
        let found = tiles.find(id);
        if found.is_none() {
            let known: Vec<&str> = tiles.iter().map(|(_, d)| d.id.as_str()).collect();
            let near = crate::rules::close(id, &known, 3);
            let help = if near.is_empty() {
                format!(
                    "tiles of this scenario's expansions: {}; a scenario may define its own under `tiles:`",
                    known.join(" ")
                )
            } else {
                format!("did you mean: {}? (tile ids are written as in the catalogue)", near.join(", "))
            };
            self.problem("scenario::unknown-tile", path, format!("unknown tile `{id}`"), Some(help));
        }
        found
    }

    fn pos(&mut self, path: &str, at: &[i64]) -> Option<Pos> {
        let limit = 1_000_000i64;
        let within = |v: &i64| (-limit..=limit).contains(v);
        match at {
            [x, y] if within(x) && within(y) => Some(Pos::new(*x as i32, *y as i32)),
            [_, _] => {
                self.problem("scenario::bad-square", path, format!("coordinates beyond ±{limit}"), None);
                None
            }
            _ => {
                self.problem(
                    "scenario::bad-square",
                    path,
                    format!("a square is two numbers `[x, y]`, found {}", at.len()),
                    Some("x grows to the east, y to the north; the start tile is at [0, 0]".to_string()),
                );
                None
            }
        }
    }

    /// A rotation, or none (a problem) when `deg` is not one: what depends on it (the
    /// feature a follower names) is then not judged, so one slip gives one problem.
    fn rotation(&mut self, path: &str, deg: i64) -> Option<Rotation> {
        let r = Rotation::from_degrees(deg);
        if r.is_none() {
            self.problem(
                "scenario::bad-rotation",
                path,
                format!("{deg} is not a rotation"),
                Some("a tile turns clockwise by 0, 90, 180 or 270 degrees".to_string()),
            );
        }
        r
    }

    /// Whether the scenario enables the expansion that `what` comes with; a problem if not.
    fn requires(&mut self, expansions: &[ExpansionId], x: ExpansionId, path: &str, what: &str) -> bool {
        if expansions.contains(&x) {
            return true;
        }
        self.problem(
            "scenario::needs-expansion",
            path,
            format!("{what} come with the expansion {x}"),
            Some(format!("add `expansions: [{x}]`")),
        );
        false
    }

    /// Resolves "city N", "field SW", "cloister" on a tile as turned, or what the turn builds
    /// for a follower to stand on (a word of an expansion's vocabulary).
    fn feature(&mut self, tiles: &TileSet, kind: TileKind, r: Rotation, path: &str, text: &str) -> Option<FollowerOn> {
        if let Some(k) = self.built_for_follower(text) {
            return Some(FollowerOn::Added(k));
        }
        if let Some((what, rule)) = crate::expansion::no_feature(tiles.get(kind), text.trim()) {
            return Some(FollowerOn::NoFeature { what, rule });
        }
        self.printed_feature(tiles, kind, r, path, text).map(FollowerOn::Segment)
    }

    /// Resolves "city N", "field SW", "cloister" on a tile as turned.
    fn printed_feature(
        &mut self,
        tiles: &TileSet,
        kind: TileKind,
        r: Rotation,
        path: &str,
        text: &str,
    ) -> Option<usize> {
        let mut words = text.split_whitespace();
        let (Some(kw), rest) = (words.next(), words.collect::<Vec<_>>()) else {
            self.problem("scenario::bad-feature", path, "no feature named".to_string(), Some(feature_help()));
            return None;
        };
        let Some(fk) = FeatureKind::parse(kw) else {
            self.problem("scenario::bad-feature", path, format!("`{kw}` is not a feature"), Some(feature_help()));
            return None;
        };
        // Several places name the feature that reaches them all: the words a diagnostic
        // offers (`field NL NR EL`, `road NS`) are accepted when typed back.
        let mut spots = Vec::new();
        for word in &rest {
            match Spot::parse_word(word) {
                Some(s) => spots.extend(s),
                None => {
                    self.problem(
                        "scenario::bad-feature",
                        path,
                        format!("`{word}` is not a place on a tile"),
                        Some(feature_help()),
                    );
                    return None;
                }
            }
        }
        match tiles.get(kind).find_segment_at(r, fk, &spots) {
            Ok(s) => Some(s),
            Err(msg) => {
                self.problem("scenario::no-such-feature", path, msg, Some(feature_help()));
                None
            }
        }
    }

    fn expect(
        &mut self,
        e: &RawExpect,
        path: &str,
        players: &[String],
        tiles: &TileSet,
        turns: &[Turn],
        expansions: &[ExpansionId],
    ) -> Expect {
        let pid = |v: &mut Self, p: &str, name: &str| -> Option<PlayerId> {
            let found = players.iter().position(|x| x == name).map(|i| PlayerId(i as u8));
            if found.is_none() {
                v.unknown_player(p, name, players);
            }
            found
        };
        let scores = e.scores.as_ref().map(|m| {
            m.iter()
                .filter_map(|(name, pts)| {
                    let found = players.iter().position(|x| x == name).map(|i| (PlayerId(i as u8), *pts));
                    if found.is_none() {
                        self.unknown_player_key(&format!("{path}.scores.{name}"), name, players);
                    }
                    found
                })
                .collect()
        });
        let events = e.events.as_ref().map(|list| {
            let mut out = Vec::new();
            for (i, ev) in list.iter().enumerate() {
                let epath = format!("{path}.events[{i}]");
                let timing = match &ev.turn {
                    RawTiming::Turn(n) => match self.turn_number(&format!("{epath}.turn"), *n) {
                        Some(t) => Some(Timing::Turn(t)),
                        None => continue,
                    },
                    RawTiming::Word(w) if w == "end" => Some(Timing::End),
                    RawTiming::Word(w) if w == "any" => None,
                    RawTiming::Word(w) => {
                        self.problem(
                            "scenario::bad-turn",
                            &format!("{epath}.turn"),
                            format!("`{w}` is not a turn"),
                            Some("a turn number (1 = the first of `turns:`), `end`, or `any`".to_string()),
                        );
                        continue;
                    }
                };
                let names: Vec<&String> = ev.player.iter().chain(ev.players.iter().flatten()).collect();
                let ps: Vec<PlayerId> = names.iter().filter_map(|n| pid(self, &epath, n)).collect();
                let feature = ev.feature.as_ref().and_then(|f| {
                    let k = FeatureKind::parse(f);
                    if k.is_none() {
                        self.problem(
                            "scenario::bad-feature",
                            &format!("{epath}.feature"),
                            format!("`{f}` is not a feature kind"),
                            Some(format!("a kind of feature: {}", FeatureKind::ALL.map(|k| k.as_str()).join(", "))),
                        );
                    }
                    k
                });
                let mut rules = Vec::new();
                for (j, r) in ev.rules.iter().enumerate() {
                    match crate::expansion::rule(r) {
                        Some(id) => rules.push(id),
                        None => self.unknown_rule(&format!("{epath}.rules[{j}]"), r),
                    }
                }
                out.push(EventExpect {
                    timing,
                    players: (!names.is_empty()).then_some(ps),
                    feature,
                    tiles: ev.tiles,
                    points: ev.points,
                    rules,
                });
            }
            out
        });
        let illegal = e.illegal.as_ref().and_then(|i| match crate::expansion::rule(&i.rule) {
            Some(rule) => {
                let tpath = format!("{path}.illegal.turn");
                let turn = match &i.turn {
                    RawTiming::Turn(n) => self.turn_number(&tpath, *n),
                    RawTiming::Word(w) if w == "end" => Some(crate::replay::Illegal::AT_END),
                    RawTiming::Word(w) if w == "board" => Some(crate::replay::Illegal::AT_BOARD),
                    RawTiming::Word(w) => {
                        self.problem(
                            "scenario::bad-turn",
                            &tpath,
                            format!("`{w}` is not a turn"),
                            Some(
                                "a turn number (1 = the first of `turns:`), `end` for a move of the final scoring, or `board` for the starting board"
                                    .to_string(),
                            ),
                        );
                        None
                    }
                };
                turn.map(|turn| IllegalExpect { turn, rule })
            }
            None => {
                self.unknown_rule(&format!("{path}.illegal.rule"), &i.rule);
                None
            }
        });
        let moves = e.moves.as_ref().map(|list| {
            list.iter()
                .enumerate()
                .filter_map(|(i, m)| self.moves_expect(m, &format!("{path}.moves[{i}]"), tiles, turns))
                .collect()
        });
        let goods = e.goods.as_ref().and_then(|value| {
            let gpath = format!("{path}.goods");
            self.requires(expansions, ExpansionId::Tb, &gpath, "goods tokens")
                .then(|| tb::goods_held(self, &gpath, value, players).into_iter().map(|(_, p, n)| (p, n)).collect())
        });
        Expect { scores, events, illegal, moves, goods }
    }

    /// One expectation of a turn's legal moves: the turn's tile, and exactly one list of
    /// options, with the square and rotation it needs.
    fn moves_expect(&mut self, m: &raw::RawMoves, path: &str, tiles: &TileSet, turns: &[Turn]) -> Option<MovesExpect> {
        let turn = self.turn_number(&format!("{path}.turn"), m.turn)?;
        let Some(t) = turns.get(usize::from(turn) - 1) else {
            self.problem(
                "scenario::bad-turn",
                &format!("{path}.turn"),
                format!("there is no turn {turn}: the scenario has {} turn(s)", turns.len()),
                Some("the legal moves are those of a turn's tile, at the start of that turn".to_string()),
            );
            return None;
        };
        let tile = match &t.action {
            Action::Place(mv) => mv.tile,
            Action::Discard(k, _) => *k,
        };
        let lists = [m.squares.is_some(), m.rotations.is_some(), m.actions.is_some(), m.followers.is_some()];
        let help = "write one of `squares: [[x, y], ...]`, `rotations: [0, 90]` (with `at:`), `actions: [none, ...]` or `followers: [none, road W, ...]` (with `at:` and `rotation:`)";
        if lists.iter().filter(|x| **x).count() != 1 {
            self.problem(
                "scenario::bad-moves",
                path,
                "an expectation of legal moves lists exactly one kind of option".to_string(),
                Some(help.to_string()),
            );
            return None;
        }
        let at = m.at.as_ref().and_then(|a| self.pos(&format!("{path}.at"), a));
        let rotation = m.rotation.map(|r| self.rotation(&format!("{path}.rotation"), r));
        if rotation.is_some_and(|r| r.is_none()) {
            return None;
        }
        let rotation = rotation.flatten();
        let need = |v: &mut Self, ok: bool, what: &str| {
            if !ok {
                v.problem("scenario::bad-moves", path, format!("this list needs {what}"), Some(help.to_string()));
            }
            ok
        };
        let with = m.with.clone().unwrap_or_default();
        if m.with.is_some() && m.followers.is_none() {
            need(self, false, "`followers:` (`with:` names the actions the followers are listed with)");
            return None;
        }
        let want = if let Some(sq) = &m.squares {
            if !need(
                self,
                at.is_none() && rotation.is_none(),
                "no `at:` nor `rotation:` (the squares are the tile's anywhere)",
            ) {
                return None;
            }
            let mut v = Vec::new();
            for (j, p) in sq.iter().enumerate() {
                v.push(self.pos(&format!("{path}.squares[{j}]"), p)?);
            }
            MovesWant::Squares(v)
        } else if let Some(rs) = &m.rotations {
            if !need(self, m.at.is_some() && m.rotation.is_none(), "`at:` and no `rotation:`") {
                return None;
            }
            let v: Vec<Option<Rotation>> =
                rs.iter().enumerate().map(|(j, r)| self.rotation(&format!("{path}.rotations[{j}]"), *r)).collect();
            MovesWant::Rotations(at?, v.into_iter().collect::<Option<_>>()?)
        } else if !need(self, m.at.is_some() && m.rotation.is_some(), "`at:` and `rotation:`") {
            return None;
        } else if let Some(xs) = &m.actions {
            MovesWant::Actions(at?, rotation?, xs.clone())
        } else {
            let (at, rotation) = (at?, rotation?);
            let mut followers = Vec::new();
            for (j, f) in m.followers.iter().flatten().enumerate() {
                if f == "none" {
                    followers.push(None);
                    continue;
                }
                // A figure other than a normal follower is named before the feature (`large city N`).
                let (figure, words) = match f.split_once(' ').and_then(|(w, rest)| Some((self.figure_word(w)?, rest))) {
                    Some((figure, rest)) => (figure, rest),
                    None => (Figure::Normal, f.as_str()),
                };
                let on = self.feature(tiles, tile, rotation, &format!("{path}.followers[{j}]"), words)?;
                followers.push(Some((on, figure)));
            }
            MovesWant::Followers { at, rotation, with, followers }
        };
        Some(MovesExpect { turn, tile, path: path.to_string(), want })
    }

    /// A turn named by number: 1 to the most turns a scenario may hold.
    fn turn_number(&mut self, path: &str, n: u64) -> Option<u16> {
        match u16::try_from(n) {
            Ok(t) if t >= 1 && usize::from(t) <= MAX_TURNS => Some(t),
            _ => {
                self.problem(
                    "scenario::bad-turn",
                    path,
                    format!("{n} is not a turn"),
                    Some(format!("turns are numbered from 1 (the first of `turns:`) to at most {MAX_TURNS}")),
                );
                None
            }
        }
    }

    fn unknown_rule(&mut self, path: &str, id: &str) {
        let help = self
            .rule_help
            .entry(id.to_string())
            .or_insert_with(|| {
                let slugs: Vec<&str> = crate::expansion::all_rules().map(|r| r.as_str()).collect();
                let near = crate::rules::nearest(id, &slugs, 3);
                if near.is_empty() {
                    "`referee rules --catalogue` lists every rule id".to_string()
                } else {
                    format!("did you mean: {}", near.join(", "))
                }
            })
            .clone();
        self.problem("scenario::unknown-rule", path, format!("unknown rule id `{id}`"), Some(help));
    }
}

impl Validator<'_> {
    /// A feature as a player names it on a tile: a kind among `kinds`, and at most one place
    /// (`road E`, `city`, `field NL`, `cloister`); `what` names the kinds for a text of any
    /// other (`a road or a city`).
    pub(super) fn kind_and_spot(
        &mut self,
        path: &str,
        text: &str,
        kinds: &[FeatureKind],
        what: &str,
    ) -> Option<(FeatureKind, Option<Spot>)> {
        let mut words = text.split_whitespace();
        let Some(kind) = words.next().and_then(FeatureKind::parse).filter(|k| kinds.contains(k)) else {
            self.problem(
                "scenario::bad-feature",
                path,
                format!("`{text}` is not {what} of a tile"),
                Some(feature_help()),
            );
            return None;
        };
        match words.collect::<Vec<_>>().as_slice() {
            [] => Some((kind, None)),
            [p] => match Spot::parse(p) {
                Some(s) => Some((kind, Some(s))),
                None => {
                    self.problem(
                        "scenario::bad-feature",
                        path,
                        format!("`{p}` is not a place on a tile"),
                        Some(feature_help()),
                    );
                    None
                }
            },
            _ => {
                self.problem(
                    "scenario::bad-feature",
                    path,
                    format!("`{text}` names more than one place"),
                    Some(feature_help()),
                );
                None
            }
        }
    }
}

fn feature_help() -> String {
    "name a feature as a player would: `city N`, `road E`, `field SW` (a corner), `field NL` (a half-edge), `cloister`, or what the turn builds (an expansion's piece); directions are on the board, after rotation".to_string()
}

/// The second square of a double-size tile laid at `pos`: its kind and square.
fn twin_square(tiles: &TileSet, kind: TileKind, pos: Pos, r: Rotation) -> Option<(TileKind, Pos)> {
    let twin = tiles.get(kind).twin.as_ref()?;
    Some((tiles.find(&twin.id)?, pos.step(r.edge(twin.side))))
}
