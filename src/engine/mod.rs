//! The game: tiles placed, features grown, followers deployed, points scored.
//!
//! A turn flows through [`Game::play`]: check the move (core rules, then every expansion's
//! veto; `legality.rs`), then run the turn's phases: lay the tile and join its features to
//! its neighbours', let expansions build (a bridge), deploy the follower, score what the turn
//! completed (`scoring.rs`; each expansion adds its items) and send the scored followers
//! home. [`Game::finish`] runs the final scoring. [`Game::legal_moves`] lists every move
//! `play` accepts for a tile in hand (`moves.rs`). Points enter a score only through a
//! [`ScoreEvent`], whose items each cite a rule.
//!
//! This file holds the [`Game`] itself, its constructor and what it answers plainly; the rest
//! is kept by concern: `turn.rs` (the move, the phases of a turn, `play` and `check`),
//! `followers.rs` (figures, followers, the players' supplies), `lay.rs` (laying tiles, segments
//! added later), `segments.rs` (what lies where, and its name), `waiting.rs` (tile groups, the
//! cloisters waiting to be surrounded), `setup.rs` (the starting board) and `trials.rs` (moves
//! tried in place, on the undo log of `journal.rs`), over `board.rs` and `features.rs`.

pub mod board;
pub mod features;
mod followers;
mod journal;
mod lay;
mod legality;
mod moves;
mod scoring;
mod segments;
mod setup;
mod trials;
mod turn;
mod waiting;

pub use followers::{Figure, Follower, Player, FOLLOWERS_PER_PLAYER};
pub use lay::AddedSegment;
pub use moves::BareMove;
pub use scoring::{majority_of, Cities, Completion, FeatureInfo};
pub use segments::{terrain_of, FeatureAt};
pub use trials::Trials;
pub use turn::{phases, FollowerOn, Move, OpenTurn, Part, Phase, TurnContext};
pub use waiting::GroupSquares;

use crate::expansion::{self, EdgeChanges, Expansion, ExpansionId, Extra, Options, Slot, Slots};
use crate::geom::{Pos, Rotation};
use crate::score::{PlayerId, ScoreEvent};
use crate::tile::{TileDef, TileKind, TileSet};
use board::Board;
use features::{Features, SegId};
use waiting::{Beside, WaitingNote};

/// A tile on the board.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Placed {
    pub kind: TileKind,
    pub pos: Pos,
    pub rotation: Rotation,
    first_segment: u32,
    /// Board edges reached by segments added after the tile was laid (a bridge's ends).
    added_edges: u8,
    /// The placement of the tile's first square: itself, or for the second square of a
    /// double-size tile, the first. A tile counts once wherever the rules count tiles.
    pub group: u32,
    /// The printed segment at each port of the square ([`TileDef::ports`] at the tile's
    /// rotation), kept here for the searches that read the tiles around a free square.
    ports: [u8; 12],
}

/// A game in progress. A move is tried on it in place and the game put back
/// ([`Game::attempt`]); two games are equal when every piece of their state is (the tile set
/// and expansions by identity).
#[derive(Clone)]
pub struct Game<'t> {
    tiles: &'t TileSet,
    options: Options,
    expansions: Vec<&'static dyn Expansion>,
    players: Vec<Player>,
    board: Board,
    placed: Vec<Placed>,
    /// What an attempt wrote over in `placed` ([`Game::checkpoint`]).
    placed_journal: journal::Journal<(u32, Placed)>,
    features: Features,
    added: Vec<AddedSegment>,
    followers: Vec<Follower>,
    events: Vec<ScoreEvent>,
    phases: Vec<Phase>,
    /// Tiles each player holds face up to place instead of drawing (German castles).
    pub hands: Vec<Vec<TileKind>>,
    /// The first segment laid or added during the placement being played: it and every one
    /// after it (segments are numbered as they are made) are what it may have completed.
    touched_from: u32,
    /// The features the turn being played completed, in the order they score: kept between
    /// turns only for its room (`score_completed`); not part of the game's state.
    done: Vec<SegId>,
    /// Features completed during the turn being played (kept when an expansion asks).
    completions: Vec<Completion>,
    /// The tile groups with a cloister or a German castle not yet surrounded, with their
    /// squares, in no order: the only ones a tile laid beside them can complete.
    waiting: Vec<(u32, GroupSquares)>,
    /// The squares beside the groups of `waiting`, or more: where a tile laid may complete one.
    beside_waiting: Beside,
    /// What a move tried in place did to `waiting` ([`Game::checkpoint`]), undone the last
    /// first: the list grows with the board, and is not copied.
    waiting_journal: journal::Journal<WaitingNote>,
    record_completions: bool,
    /// Each expansion's own state (supplies, pieces on the board), of its own type.
    pub state: Slots,
    /// The expansions' state as it was before an attempt first wrote it
    /// ([`Game::state_of_mut`]), while a move is tried ([`Game::checkpoint`]).
    state_journal: journal::Journal<Slots>,
    /// Turns of two parts whose second part is still to come, in the order they began.
    open: Vec<OpenTurn>,
    /// Placements played so far (a turn in two parts plays two), in the order played.
    moves: u32,
    /// Whether every expansion in play leaves edges as printed and offers no action, so that
    /// the legal moves of a whole turn of a one-square tile are bare placements read off the
    /// frontier (`Game::frontier_readable`): fixed by the expansions, worked out once.
    bare_only: bool,
    /// Whether an expansion in play may refuse any move in its phases, a bare placement too
    /// (`Expansion::judges_every_move_in_play`): every move is then judged by playing it.
    all_in_play: bool,
}

impl PartialEq for Game<'_> {
    fn eq(&self, o: &Self) -> bool {
        let ids = |g: &Game| g.expansions.iter().map(|x| x.id()).collect::<Vec<_>>();
        std::ptr::eq(self.tiles, o.tiles)
            && ids(self) == ids(o)
            && self.options == o.options
            && self.players == o.players
            && self.board == o.board
            && self.placed == o.placed
            && self.features == o.features
            && self.added == o.added
            && self.followers == o.followers
            && self.events == o.events
            && self.phases == o.phases
            && self.hands == o.hands
            && self.touched_from == o.touched_from
            && self.completions == o.completions
            && sorted(&self.waiting) == sorted(&o.waiting)
            && self.record_completions == o.record_completions
            && self.state == o.state
            && self.open == o.open
            && self.moves == o.moves
    }
}

impl std::fmt::Debug for Game<'_> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Game")
            .field("players", &self.players)
            .field("placed", &self.placed)
            .field("followers", &self.followers)
            .field("events", &self.events.len())
            .field("state", &self.state)
            .finish_non_exhaustive()
    }
}

impl<'t> Game<'t> {
    pub fn new(tiles: &'t TileSet, options: Options, expansions: &[ExpansionId], players: &[String]) -> Game<'t> {
        let exps = expansion::enabled(expansions, &options);
        let mut game = Game {
            tiles,
            phases: phases(&options, &exps),
            options,
            expansions: exps.clone(),
            players: players
                .iter()
                .map(|n| Player {
                    name: n.as_str().into(),
                    score: 0,
                    supply: FOLLOWERS_PER_PLAYER,
                    large_supply: 0,
                    mayor_supply: 0,
                    wagon_supply: 0,
                    phantom_supply: 0,
                    abbot_supply: 0,
                    ringmaster_supply: 0,
                    priors: false,
                })
                .collect(),
            board: Board::default(),
            placed: Vec::new(),
            placed_journal: journal::Journal::default(),
            features: Features::default(),
            added: Vec::new(),
            followers: Vec::new(),
            events: Vec::new(),
            touched_from: 0,
            done: Vec::new(),
            completions: Vec::new(),
            waiting: Vec::new(),
            beside_waiting: Beside::default(),
            waiting_journal: journal::Journal::default(),
            hands: vec![Vec::new(); players.len()],
            record_completions: exps.iter().any(|x| x.needs_completions()),
            state: Slots::default(),
            state_journal: journal::Journal::default(),
            open: Vec::new(),
            moves: 0,
            bare_only: exps.iter().all(|x| x.edge_changes() == EdgeChanges::None && !x.offers_actions()),
            all_in_play: exps.iter().any(|x| x.judges_every_move_in_play()),
        };
        // Where every move is a bare placement, a turn's search reads the frontier once, and
        // the board keeps its groups only once its frontier is large (`board::INDEX_FROM`).
        // Where expansions offer actions or change edges, it reads it many times a turn (a
        // table for each edge change, a placement drawn at each try): the groups pay from
        // the first tile.
        if !game.bare_only {
            game.board.set_indexed(true);
        }
        for x in exps {
            x.setup(&mut game);
        }
        game
    }

    /// Whether the board keeps its frontier squares grouped by constraint, as a new game's
    /// does from the first tile where expansions offer actions or change edges, and once its
    /// frontier holds `board::INDEX_FROM` squares elsewhere: a search for legal moves then
    /// costs in proportion to the squares it finds, however large the board. A game replayed
    /// move by move and seldom searched is played faster without (`false`): laying a tile
    /// then keeps no groups, and a search reads every frontier square. The moves found are
    /// the same either way; the order [`Game::bare_moves_into`] gives them in is fixed by the
    /// moves played and by when the groups were turned on.
    pub fn index_frontier(&mut self, on: bool) {
        self.board.set_indexed(on);
    }

    /// Makes room for `placements` more tiles, so that laying them does not grow the game's
    /// lists on the way (a clone has no room to spare: its first placement would copy every
    /// list, which a benchmark timing a few placements of a cloned game would count).
    pub fn reserve(&mut self, placements: usize) {
        self.placed.reserve(placements);
        self.board.reserve(placements);
        // A quarter more than the bag's mean, so that a game of many large tiles seldom
        // outgrows it.
        self.features.reserve(placements * self.tiles.segments_per_tile() * 5 / 4 + 16);
        self.events.reserve(placements);
        // And the lists a turn fills and empties: a tile's segments, what it completes, the
        // followers on the board (each player's, the large ones too).
        self.done.reserve(2 * crate::tile::MAX_SEGMENTS);
        self.waiting.reserve(8);
        self.followers.reserve(self.players.len() * (usize::from(FOLLOWERS_PER_PLAYER) + 1));
    }

    /// The state of the expansion that defines `T`, set up when the game started. Only an
    /// enabled expansion's hooks run, and each reads only the state it set up.
    pub fn state_of<T: Slot>(&self) -> &T {
        self.state.get::<T>().expect("an enabled expansion sets up its state when the game starts")
    }

    pub fn state_of_mut<T: Slot>(&mut self) -> &mut T {
        if self.state_journal.is_open() && !self.state_journal.has_notes() {
            let state = &self.state;
            self.state_journal.note(|| state.clone());
        }
        self.state.get_mut::<T>().expect("an enabled expansion sets up its state when the game starts")
    }

    pub fn options(&self) -> &Options {
        &self.options
    }

    pub fn tiles(&self) -> &'t TileSet {
        self.tiles
    }

    pub fn players(&self) -> &[Player] {
        &self.players
    }

    pub fn player_name(&self, p: PlayerId) -> &str {
        &self.players[p.index()].name
    }

    pub fn events(&self) -> &[ScoreEvent] {
        &self.events
    }

    pub fn placed(&self) -> &[Placed] {
        &self.placed
    }

    pub fn followers(&self) -> &[Follower] {
        &self.followers
    }

    /// Whether the expansion is in play in this game (two expansions sharing one mechanism,
    /// The Siege and The Cathars, play it once when both are).
    pub fn plays(&self, id: crate::expansion::ExpansionId) -> bool {
        self.expansions.iter().any(|x| x.id() == id)
    }

    pub fn added_segments(&self) -> &[AddedSegment] {
        &self.added
    }

    /// The free squares beside the board (touching a tile along an edge), in frontier order.
    pub fn free_squares(&self) -> Vec<Pos> {
        self.board.frontier()
    }

    pub fn tile_at(&self, p: Pos) -> Option<&Placed> {
        self.board.get(p).map(|i| &self.placed[i as usize])
    }

    /// [`Game::tile_at`] a square of the tile laid by the placement being played, which went
    /// to placement `laid` (a double-size tile's second square to the next): found there
    /// without a look-up on the board, or on the board if not.
    pub(super) fn laid_at(&self, laid: u32, square: Pos) -> Option<&Placed> {
        let laid = [laid, laid + 1].into_iter().find_map(|i| self.placed.get(i as usize).filter(|p| p.pos == square));
        debug_assert!(laid.is_none_or(|p| Some(p) == self.tile_at(square)), "the tile laid at {square}");
        laid.or_else(|| self.tile_at(square))
    }

    pub fn def(&self, kind: TileKind) -> &'t TileDef {
        self.tiles.get(kind)
    }

    /// Each player's score as it stood when turn `turn` began (its tile drawn): the scores
    /// now, less what the turn's events have paid so far.
    pub fn scores_at_start_of(&self, turn: u16) -> Vec<i32> {
        let mut scores: Vec<i32> = self.players.iter().map(|p| p.score).collect();
        for e in self.events.iter().rev().take_while(|e| e.timing == crate::score::Timing::Turn(turn)) {
            for p in &e.players {
                scores[p.index()] -= e.points();
            }
        }
        scores
    }

    /// Sets a starting score (a scenario that begins mid-game).
    pub fn set_score(&mut self, p: PlayerId, score: i32) {
        self.players[p.index()].score = score;
    }

    /// An action in a player's words, as the expansion that reads it says them.
    pub fn describe_action(&self, action: &Extra) -> String {
        self.expansions.iter().find_map(|x| x.describe(self, action)).unwrap_or_else(|| format!("{action:?}"))
    }

    /// What a player holds of the expansions in play, in words (`2 wine`), for pictures.
    pub fn standing(&self, player: PlayerId) -> Vec<String> {
        let mut out = Vec::new();
        for x in &self.expansions {
            x.standing(self, player, &mut out);
        }
        out
    }

    /// The tokens a player holds of the expansions in play, each kind by its name (`wine`).
    pub fn tokens_held(&self, player: PlayerId) -> Vec<(&'static str, u32)> {
        let mut out = Vec::new();
        for x in &self.expansions {
            x.tokens_held(self, player, &mut out);
        }
        out
    }

    /// The pieces every enabled expansion has on the board, for pictures.
    pub fn pieces(&self) -> Vec<expansion::Piece> {
        let mut out = Vec::new();
        for x in &self.expansions {
            x.pieces(self, &mut out);
        }
        out
    }

    /// Segments laid or added by the placement being played (its tile's, a bridge's): what
    /// it may have completed or extended.
    pub fn touched(&self) -> impl Iterator<Item = SegId> + Clone {
        (self.touched_from..self.features.len() as u32).map(SegId)
    }

    /// Features completed so far in the turn being played (occupied or not).
    pub fn completions(&self) -> &[Completion] {
        &self.completions
    }
}

/// A sorted copy of a list kept in no order, to compare.
fn sorted<T: Clone + Ord>(v: &[T]) -> Vec<T> {
    let mut v = v.to_vec();
    v.sort_unstable();
    v
}

/// A copy of a list with room for `extra` more.
fn with_room<T: Clone>(v: &[T], extra: usize) -> Vec<T> {
    let mut out = Vec::with_capacity(v.len() + extra);
    out.extend_from_slice(v);
    out
}
