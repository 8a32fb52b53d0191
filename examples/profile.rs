//! A fixed workload for profilers, without `bench`'s timing loops around it (BENCHMARKS.md):
//!
//! ```sh
//! cargo build --release --example profile
//! valgrind --tool=callgrind target/release/examples/profile playout 200
//! valgrind --tool=callgrind --toggle-collect='referee::random::replay_with*' \
//!     target/release/examples/profile replay 200
//! ```
//!
//! - `playout N`: N random 2-player base games (seeds 1 to N), every legal move listed each
//!   turn and one picked, then the final scoring: what `bench` times as `playout_us`.
//! - `replay N [R]`: N 4-player games generated, then replayed with the final scoring
//!   (`replay_us`), R times over (once unless given); collect only `replay_with` to leave
//!   the generation out, or give a large R to a sampling profiler (`perf record`).
//! - `drawn N [R]`, `listed N [R]`: a 2-player base playout over about N tiles, its last 64
//!   draws timed, each move drawn by `Game::random_move` or picked from the list
//!   (`placement_ns`, `placement_listed_ns`); R times over (once unless given), each from a
//!   copy of the game made just before, as the bench times them, the fastest printed.
//!   Collect only `profile::last_draws` to leave the playout up to them out.
//! - `bcb N [R]`, `bcb-drawn N [R]`: a 2-player playout with Bridges, Castles and Bazaars
//!   (ruleset R, hig unless given; `ne` plays the slot by the new edition's rules) over about N
//!   tiles, its last 64 draws timed, each move picked from the list
//!   (`placement_bcb1_listed_ns`) or drawn by `Game::random_move_on` (`placement_bcb1_ns`;
//!   the bench draws the playout up to its last draws in both, this plays it as timed). It
//!   says what the players hold before those draws (bridges, castles, castles built and
//!   awaiting a choice), which decides how tight the draw's bound is.
//!
//! It prints a checksum of the scores (and the time of what it times on stderr), so that two
//! builds can be seen to play the same games.

use referee::data::Library;
use referee::expansion::{ExpansionId, Options};
use referee::random::{generate, playout, replay, Playout};
use std::time::Instant;

/// The binary's allocator (src/main.rs), so that what is profiled here is what `bench` times.
#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let mode = args.get(1).map_or("playout", String::as_str);
    let n: u64 = args.get(2).and_then(|s| s.parse().ok()).unwrap_or(200).max(1);
    let lib = Library::builtin();
    let tiles = lib.tile_set(&[]);
    let score = |game: &referee::engine::Game| game.players().iter().map(|p| i64::from(p.score)).sum::<i64>();
    let mut sum = 0i64;
    match mode {
        "playout" => {
            let t = Instant::now();
            for seed in 1..=n {
                sum += score(&playout(&tiles, seed, 2, 1));
            }
            eprintln!("playout: {:?} a game", t.elapsed() / n as u32);
        }
        "replay" => {
            // Replayed `rounds` times (the third argument, 1 unless given), so that a sampling
            // profiler sees more of the replay than of the generation.
            let rounds: u32 = args.get(3).and_then(|s| s.parse().ok()).unwrap_or(1).max(1);
            let games: Vec<_> = (1..=n).map(|seed| generate(&tiles, seed, 4, 1)).collect();
            let t = Instant::now();
            for _ in 0..rounds {
                for g in &games {
                    sum += score(&replay(&tiles, Options::default(), g, true));
                }
            }
            eprintln!("replay: {:?} a game", t.elapsed() / (n as u32 * rounds));
        }
        "drawn" | "listed" | "bcb" | "bcb-drawn" => {
            // The bench's `placement_ns` (drawn), `placement_listed_ns`,
            // `placement_bcb1_listed_ns` and `placement_bcb1_ns` over about N tiles.
            let bcb = mode.starts_with("bcb");
            // The ruleset, hig unless given (`ne`: the new edition's expansion 8).
            let ruleset = args.get(3).map_or("hig", String::as_str);
            let xs: &[ExpansionId] = if bcb { &[ExpansionId::Bcb1] } else { &[] };
            let tiles = lib.tile_set(xs);
            let options = match bcb {
                true => Options::read(lib.profile(ruleset).expect("a built-in ruleset")),
                false => Options::default(),
            };
            let bag: u64 = tiles.iter().map(|(_, d)| u64::from(d.count)).sum();
            let mut p = Playout::with(&tiles, &options, xs, 1, 2, n.div_ceil(bag.max(1)) as usize);
            if mode == "drawn" || mode == "bcb-drawn" {
                p = p.sampling();
            }
            while p.drawn() + 64 < p.bag_len() {
                p.step();
            }
            p.reserve();
            // What the players hold, where the 1st edition's rules play the slot.
            if bcb && ruleset != "ne" {
                let st = p.game().state_of::<referee::expansion::bcb1::State>();
                let waiting = st.built.iter().filter(|c| !c.scored).count();
                eprintln!(
                    "before the last draws: bridges {:?}, castles {:?}, {} castles built, {} not scored",
                    st.bridges,
                    st.castles,
                    st.built.len(),
                    waiting
                );
            }
            // `drawn N R`, `listed N R`: the last draws played R times, each from a copy of
            // the game made just before, as the bench's windows are; the fastest counts.
            let rounds: u32 = match bcb {
                false => args.get(3).and_then(|s| s.parse().ok()).unwrap_or(1).max(1),
                true => 1,
            };
            let mut best = std::time::Duration::MAX;
            for _ in 1..rounds {
                let mut q = p.clone();
                q.reserve();
                let t = Instant::now();
                last_draws(&mut q);
                best = best.min(t.elapsed());
                sum += score(q.game());
            }
            let t = Instant::now();
            last_draws(&mut p);
            best = best.min(t.elapsed());
            eprintln!("{mode}: {} draws, {:?} a draw over the last 64 (best of {rounds})", p.drawn(), best / 64);
            sum += score(p.game());
        }
        other => {
            eprintln!("unknown mode {other:?}: playout, replay, drawn, listed, bcb or bcb-drawn");
            std::process::exit(2);
        }
    }
    println!("{sum}");
}

/// The draws timed, in a function of their own so that a profiler can collect only them
/// (`--toggle-collect=profile::last_draws`).
#[inline(never)]
fn last_draws(p: &mut Playout) {
    while p.step() {}
}
