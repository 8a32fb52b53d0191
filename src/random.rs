//! Seeded random legal games, for property tests and benchmarks.
//!
//! The generator draws from a shuffled bag and plays, for each tile, one of its legal moves
//! (`Game::legal_moves`: square, rotation, the expansions' actions and follower) picked
//! uniformly (from `Game::bare_moves_into`'s list, the same moves in the board's order,
//! where every move is a bare placement); a tile that fits nowhere is discarded, as the
//! rules say. With expansions ([`generate_with`]) a drawn bazaar tile is placed with its auction left unwritten
//! (`exp8::Action::BazaarFollows`): no auction is held in a generated game. The same seed gives the same game on every machine: the
//! generator is a self-contained SplitMix64, not a dependency whose stream could change.

pub use crate::rng::Rng;

use crate::engine::{BareMove, Game, Move};
use crate::expansion::{ExpansionId, Options};
use crate::geom::{Pos, Rotation};
use crate::score::PlayerId;
use crate::tile::{TileKind, TileSet};

/// One step of a generated game.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Step {
    Place(PlayerId, Move),
    Discard(TileKind),
}

/// A generated game: its players and steps, replayable with [`replay`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RandomGame {
    pub players: Vec<String>,
    pub steps: Vec<Step>,
}

/// Plays a random legal game with `players` players (at least one) over `copies` copies of
/// the tile set's bag (one copy is the 72-tile base game), starting from the start tile:
/// [`Playout`]'s game, its steps recorded.
pub fn generate(tiles: &TileSet, seed: u64, players: usize, copies: usize) -> RandomGame {
    generate_with(tiles, &Options::default(), &[], seed, players, copies)
}

/// [`generate`] with expansions, under these options (a profile's, `Options::read`).
pub fn generate_with(
    tiles: &TileSet,
    options: &Options,
    expansions: &[ExpansionId],
    seed: u64,
    players: usize,
    copies: usize,
) -> RandomGame {
    let mut p = Playout::with(tiles, options, expansions, seed, players, copies);
    p.steps = Some(Vec::with_capacity(p.bag_len()));
    while p.step() {}
    RandomGame {
        players: p.game.players().iter().map(|x| x.name.to_string()).collect(),
        steps: p.steps.unwrap_or_default(),
    }
}

/// Replays a generated game from the start tile, with the final scoring when `finish`.
pub fn replay<'t>(tiles: &'t TileSet, options: Options, g: &RandomGame, finish: bool) -> Game<'t> {
    replay_with(tiles, options, &[], g, finish)
}

/// [`replay`] with the expansions the game was generated with.
pub fn replay_with<'t>(
    tiles: &'t TileSet,
    options: Options,
    expansions: &[ExpansionId],
    g: &RandomGame,
    finish: bool,
) -> Game<'t> {
    let mut game = Game::new(tiles, options, expansions, &g.players);
    // Replayed, not searched.
    game.index_frontier(false);
    game.reserve(g.steps.len() + 1);
    let _ = game.setup_start();
    for (i, s) in g.steps.iter().enumerate() {
        if let Step::Place(p, mv) = s {
            // Generated games are legal; a failure here would be an engine bug that the
            // property tests report, so the result is checked there, not hidden.
            let _ = game.play(*p, mv, (i as u16).wrapping_add(1));
        }
    }
    if finish {
        // A random game writes no move of the final scoring, so nothing there is refused.
        let _ = game.finish();
    }
    game
}

/// A random legal game played tile by tile as [`generate`] plays it (the same seed gives the
/// same moves), without recording its steps: what `referee bench` times. Cloned at a point of
/// the game, it plays the same rest again.
#[derive(Clone, Debug)]
pub struct Playout<'t> {
    game: Game<'t>,
    rng: Rng,
    bag: Vec<TileKind>,
    drawn: usize,
    players: usize,
    current: usize,
    /// The legal moves of the turn being played (kept from turn to turn, not reallocated),
    /// packed where they can be ([`Game::bare_moves_into`]).
    moves: Vec<Move>,
    bare: Vec<BareMove>,
    /// Whether each move is drawn by `Game::random_move` rather than picked from the list.
    sample: bool,
    /// Legal moves listed so far (none when sampling).
    listed: usize,
    /// With expansions that offer actions, a copy of the game kept in step with it, to try
    /// moves on ([`Game::random_move_on`], [`Game::legal_moves_on`]): no search copies the
    /// game.
    shadow: Option<Game<'t>>,
    /// The steps played, when recorded ([`generate_with`]).
    steps: Option<Vec<Step>>,
}

impl<'t> Playout<'t> {
    /// A game of `players` players (at least one) over `copies` copies of the tile set's bag,
    /// the start tile laid, the bag shuffled and nothing drawn yet.
    pub fn new(tiles: &'t TileSet, seed: u64, players: usize, copies: usize) -> Playout<'t> {
        Playout::with(tiles, &Options::default(), &[], seed, players, copies)
    }

    /// [`Playout::new`] with expansions, under these options (a profile's, `Options::read`),
    /// as [`generate_with`] plays them.
    pub fn with(
        tiles: &'t TileSet,
        options: &Options,
        expansions: &[ExpansionId],
        seed: u64,
        players: usize,
        copies: usize,
    ) -> Playout<'t> {
        let players = players.max(1);
        let names: Vec<String> = (1..=players).map(|i| format!("P{i}")).collect();
        let mut rng = Rng::new(seed);
        let one = tiles.bag();
        let mut bag: Vec<TileKind> = Vec::with_capacity(one.len().saturating_mul(copies.max(1)));
        for _ in 0..copies.max(1) {
            bag.extend_from_slice(&one);
        }
        let mut game = Game::new(tiles, options.clone(), expansions, &names);
        game.reserve(bag.len());
        // The start tile, or an expansion's starting board (The Count's city), each tile of it
        // out of the bag.
        let _ = game.setup_start();
        if game.placed().is_empty() {
            if let Some(start) = bag.first().copied() {
                let _ = game.setup_tile(start, Pos::new(0, 0), Rotation::default());
            }
        }
        let laid: Vec<TileKind> = game.placed().iter().map(|p| p.kind).collect();
        for kind in laid {
            if let Some(i) = bag.iter().position(|k| *k == kind) {
                bag.remove(i);
            }
        }
        rng.shuffle(&mut bag);
        let mut shadow = game.shadow();
        if let Some(shadow) = &mut shadow {
            shadow.reserve(bag.len());
        }
        Playout {
            game,
            rng,
            bag,
            drawn: 0,
            players,
            current: 0,
            moves: Vec::new(),
            bare: Vec::new(),
            sample: false,
            listed: 0,
            shadow,
            steps: None,
        }
    }

    /// The same game, each legal move drawn by [`Game::random_move`] (uniformly, without
    /// listing them all where it can) instead of picked from the list: the chances are the
    /// same, the game is not (the draws use the seed differently), and it is not the game
    /// [`generate`] records.
    pub fn sampling(self) -> Playout<'t> {
        Playout { sample: true, ..self }
    }

    /// The same game from here on with each legal move picked from the list, as
    /// [`Playout::new`] plays (the undoing of [`Playout::sampling`]).
    pub fn listing(self) -> Playout<'t> {
        Playout { sample: false, ..self }
    }

    /// Draws the next tile and plays one of its legal moves picked uniformly, or discards it
    /// when it fits nowhere; false when the bag was empty.
    pub fn step(&mut self) -> bool {
        let Some(&kind) = self.bag.get(self.drawn) else {
            return false;
        };
        self.drawn += 1;
        let player = PlayerId((self.current % self.players) as u8);
        let turn = self.drawn as u16;
        // The move picked uniformly among the legal ones: drawn, or picked from the list
        // (packed where every move is a bare placement: the moves of `legal_moves`, in the
        // board's order).
        let played = if self.sample {
            match &mut self.shadow {
                Some(shadow) => self.game.random_move_on(shadow, player, kind, turn, &mut self.rng),
                None => self.game.random_move(player, kind, turn, &mut self.rng),
            }
        } else if self.game.bare_moves_into(player, kind, turn, &mut self.bare) {
            self.listed += self.bare.len();
            (!self.bare.is_empty()).then(|| self.bare[self.rng.below(self.bare.len())].to_move(kind))
        } else {
            match &mut self.shadow {
                Some(shadow) => self.game.legal_moves_on(shadow, player, kind, turn, &mut self.moves),
                None => self.game.legal_moves_into(player, kind, turn, &mut self.moves),
            }
            self.listed += self.moves.len();
            (!self.moves.is_empty()).then(|| self.moves[self.rng.below(self.moves.len())].clone())
        };
        if let Some(mv) = &played {
            // Only legal moves are played; a refusal would be an engine bug the property
            // tests report (a debug build checks each).
            self.game.play_listed(player, mv, turn);
            if let Some(shadow) = &mut self.shadow {
                shadow.play_listed(player, mv, turn);
            }
            self.current += 1;
        }
        if let Some(steps) = &mut self.steps {
            steps.push(match played {
                Some(mv) => Step::Place(player, mv),
                None => Step::Discard(kind),
            });
        }
        true
    }

    /// Makes room in the game for the tiles still in the bag ([`Game::reserve`]).
    pub fn reserve(&mut self) {
        let left = self.bag.len() - self.drawn;
        self.game.reserve(left);
        if let Some(shadow) = &mut self.shadow {
            shadow.reserve(left);
        }
    }

    /// The legal moves listed so far, over every turn (none when [`Playout::sampling`]).
    pub fn listed(&self) -> usize {
        self.listed
    }

    /// Tiles drawn so far (placed or discarded), the start tile not counted.
    pub fn drawn(&self) -> usize {
        self.drawn
    }

    /// Tiles in the bag at the start, the start tile not counted.
    pub fn bag_len(&self) -> usize {
        self.bag.len()
    }

    pub fn game(&self) -> &Game<'t> {
        &self.game
    }

    /// The game as played so far.
    pub fn into_game(self) -> Game<'t> {
        self.game
    }
}

/// A whole random legal game over `copies` copies of the bag, played as [`generate`] plays it
/// and finished (the final scoring with farms): the game [`replay`] rebuilds from
/// `generate(tiles, seed, players, copies)`.
pub fn playout(tiles: &TileSet, seed: u64, players: usize, copies: usize) -> Game<'_> {
    let mut p = Playout::new(tiles, seed, players, copies);
    while p.step() {}
    let mut game = p.into_game();
    // A random game writes no move of the final scoring, so nothing there is refused.
    let _ = game.finish();
    game
}
