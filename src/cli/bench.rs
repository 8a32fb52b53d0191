//! `referee bench`: timings of the engine on seeded random games (figures in BENCHMARKS.md).
//!
//! Games are generated first (the generator's search for legal squares is not what is
//! measured), then replayed: placement, feature joining, follower deployment, scoring
//! during play and the final scoring with farms.

use super::{Error, Status};
use crate::data::Library;
use crate::expansion::Options;
use crate::random::{generate, replay};
use std::time::Instant;

#[derive(Debug, clap::Args)]
pub struct BenchArgs {
    /// How many different 72-tile games to replay.
    #[arg(long, default_value_t = 200)]
    pub games: usize,
    /// The first seed; game i uses seed + i.
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// How many times each game is replayed.
    #[arg(long, default_value_t = 20)]
    pub repeat: usize,
}

fn micros(ns: f64) -> String {
    format!("{:.1} µs", ns / 1000.0)
}

pub fn run(lib: &Library, a: BenchArgs) -> Result<Status, Error> {
    let tiles = lib.tile_set(&[]);
    let opts = Options::default();
    let games: Vec<_> = (0..a.games.max(1)).map(|i| generate(&tiles, a.seed + i as u64, 4, 1)).collect();
    let mut best = f64::MAX;
    let mut total = 0f64;
    let mut checksum = 0i64;
    for g in &games {
        let mut fastest = f64::MAX;
        for _ in 0..a.repeat.max(1) {
            let t = Instant::now();
            let game = replay(&tiles, opts, g, true);
            let ns = t.elapsed().as_nanos() as f64;
            checksum += game.players().iter().map(|p| p.score as i64).sum::<i64>();
            fastest = fastest.min(ns);
        }
        best = best.min(fastest);
        total += fastest;
    }
    let mean = total / games.len() as f64;
    let mut out = format!(
        "complete 72-tile base game (4 players, placed and scored with farms), {} games × {} runs:\n  mean of per-game best {}   best {}\n",
        games.len(),
        a.repeat.max(1),
        micros(mean),
        micros(best)
    );
    out.push_str("cost of one placement as the board grows (enlarged bag, same seed):\n");
    for copies in [1usize, 14, 139] {
        let g = generate(&tiles, a.seed, 4, copies);
        let placements = g.steps.len();
        let runs = (20_000 / placements).clamp(3, 50);
        let mut fastest = f64::MAX;
        for _ in 0..runs {
            let t = Instant::now();
            let game = replay(&tiles, opts, &g, false);
            fastest = fastest.min(t.elapsed().as_nanos() as f64);
            checksum += game.placed().len() as i64;
        }
        out.push_str(&format!("  {placements:>6} placements: {:>8.0} ns per placement\n", fastest / placements as f64));
    }
    out.push_str(&format!("(checksum {checksum})\n"));
    print!("{out}");
    Ok(Status::Ok)
}
