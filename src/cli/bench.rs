//! `referee bench`: timings of the engine on seeded random games (figures in BENCHMARKS.md).
//!
//! Games are generated first (the generator's search for legal moves is not what is
//! measured), then replayed: placement, feature joining, follower deployment, scoring
//! during play and the final scoring with farms. Then the cost of asking for every legal
//! move of a turn's tile (`Game::legal_moves`), at each turn of the first games.

use super::{Error, Status};
use crate::data::Library;
use crate::expansion::Options;
use crate::random::{generate, replay, RandomGame, Step};
use crate::score::PlayerId;
use std::time::Instant;

#[derive(Debug, clap::Args)]
pub struct BenchArgs {
    /// How many different 72-tile games to replay (1 to 10,000).
    #[arg(long, default_value_t = 200, value_parser = clap::value_parser!(u64).range(1..=MAX_GAMES))]
    pub games: u64,
    /// The first seed; game i uses seed + i (wrapping past 2^64 - 1).
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// How many times each game is replayed (1 to 1,000).
    #[arg(long, default_value_t = 20, value_parser = clap::value_parser!(u64).range(1..=MAX_REPEAT))]
    pub repeat: u64,
    #[command(flatten)]
    pub data: super::DataArg,
}

/// Bounds that keep a run finite in time and memory (the games are generated first).
const MAX_GAMES: u64 = 10_000;
const MAX_REPEAT: u64 = 1_000;
/// How many of the generated games the legal moves are asked over, at every turn.
const LEGAL_MOVES_GAMES: usize = 50;
/// The most tiles a bag may hold: the base game's holds 72; a game is generated tile by tile.
const MAX_BAG: u64 = 1_000;

/// Why the bench cannot run on the tile catalogue given.
fn bad_bag(message: String) -> Error {
    Box::new(miette::MietteDiagnostic::new(message).with_code("referee::bench::bag").with_help(format!(
        "the bench plays a bag of 1 to {MAX_BAG} tiles (the base game's holds 72); see each `count:`"
    )))
}

fn micros(ns: f64) -> String {
    format!("{:.1} µs", ns / 1000.0)
}

pub fn run(lib: &Library, a: BenchArgs) -> Result<Status, Error> {
    let tiles = lib.tile_set(&[]);
    let bag: u64 = tiles.iter().map(|(_, d)| u64::from(d.count)).sum();
    if bag == 0 {
        return Err(bad_bag("cannot bench: the base tile catalogue (tiles/base.yaml) holds no tiles".to_string()));
    }
    if bag > MAX_BAG {
        return Err(bad_bag(format!(
            "cannot bench: the base tile catalogue (tiles/base.yaml) holds {bag} tiles, more than {MAX_BAG}"
        )));
    }
    let opts = Options::default();
    let games: Vec<_> = (0..a.games).map(|i| generate(&tiles, a.seed.wrapping_add(i), 4, 1)).collect();
    let mut best = f64::MAX;
    let mut total = 0f64;
    let mut checksum = 0i64;
    for g in &games {
        let mut fastest = f64::MAX;
        for _ in 0..a.repeat {
            let t = Instant::now();
            let game = replay(&tiles, opts.clone(), g, true);
            let ns = t.elapsed().as_nanos() as f64;
            checksum += game.players().iter().map(|p| p.score as i64).sum::<i64>();
            fastest = fastest.min(ns);
        }
        best = best.min(fastest);
        total += fastest;
    }
    let mean = total / games.len() as f64;
    let mut out = format!(
        "complete {bag}-tile base game (4 players, placed and scored with farms), {} games × {} runs:\n  mean of per-game best {}   best {}\n",
        games.len(),
        a.repeat,
        micros(mean),
        micros(best)
    );
    // The legal moves of each turn's tile, asked at every turn of the first games.
    let (mut asked, mut listed, mut spent) = (0usize, 0usize, 0f64);
    for g in games.iter().take(LEGAL_MOVES_GAMES) {
        let mut game =
            replay(&tiles, opts.clone(), &RandomGame { players: g.players.clone(), steps: Vec::new() }, false);
        for (i, step) in g.steps.iter().enumerate() {
            let turn = i as u16 + 1;
            let (player, kind) = match step {
                Step::Place(p, mv) => (*p, mv.tile),
                Step::Discard(k) => (PlayerId(0), *k),
            };
            let t = Instant::now();
            let moves = game.legal_moves(player, kind, turn);
            spent += t.elapsed().as_nanos() as f64;
            asked += 1;
            listed += moves.len();
            if let Step::Place(p, mv) = step {
                let _ = game.play(*p, mv, turn);
            }
        }
    }
    checksum += listed as i64;
    out.push_str(&format!(
        "legal moves of a turn's tile ({} turns of {} games, {:.1} moves each on average):\n  mean {} per turn\n",
        asked,
        games.len().min(LEGAL_MOVES_GAMES),
        listed as f64 / asked.max(1) as f64,
        micros(spent / asked.max(1) as f64)
    ));
    out.push_str("cost of one placement as the board grows (enlarged bag, same seed):\n");
    // About 72, 1,000 and 10,000 tiles whatever the bag: 1, 14 and 139 copies of the base bag.
    for tiles_wanted in [72u64, 1_008, 10_008] {
        let copies = tiles_wanted.div_ceil(bag) as usize;
        let g = generate(&tiles, a.seed, 4, copies);
        let placements = g.steps.len().max(1);
        let runs = (20_000 / placements).clamp(3, 50);
        let mut fastest = f64::MAX;
        for _ in 0..runs {
            let t = Instant::now();
            let game = replay(&tiles, opts.clone(), &g, false);
            fastest = fastest.min(t.elapsed().as_nanos() as f64);
            checksum += game.placed().len() as i64;
        }
        out.push_str(&format!("  {placements:>6} placements: {:>8.0} ns per placement\n", fastest / placements as f64));
    }
    out.push_str(&format!("(checksum {checksum})\n"));
    super::emit(&out)?;
    Ok(Status::Ok)
}
