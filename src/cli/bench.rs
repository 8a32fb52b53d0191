//! `referee bench`: timings of the engine on seeded random games (figures in BENCHMARKS.md).
//!
//! - `playout`: a complete random 2-player base game with farmers, played as the generator
//!   plays it: each turn every legal move of the drawn tile listed (`Game::legal_moves`:
//!   squares, rotations, followers), one picked uniformly and played, features scored during
//!   play, then the final scoring with farms.
//! - `replay`: 4-player games generated first (not timed), then replayed: placement, feature
//!   joining, follower deployment, scoring during play and the final scoring with farms.
//! - `legal_moves`: the cost of asking for every legal move of a turn's tile, at each turn of
//!   the first replayed games.
//! - `placement`: the cost of one placement with a uniformly random legal move (list, pick,
//!   play) as the board grows: the mean over the last 64 draws of a playout over 1, 14 and 139
//!   copies of the base bag (about 72, 1,000 and 10,000 placements); then the same with
//!   Bridges, Castles and Bazaars in the bag, up to 1,000 placements.
//! - `startup`: this binary run as a user runs it, `referee --version` and `referee check` of
//!   a base scenario taken in turns (so that both meet the same machine), from spawn to exit:
//!   what `check` costs above the process's own start.
//! - `serve`: what `referee serve` answers to a change of the board (the page's requests for
//!   it, one after another as the server answers them) and to a click on a free square, on
//!   the shared-field dispute and on a whole generated game: the API in process, no network.
//! - `reference`: a fixed loop that does not touch the engine, timed in the same run, so that
//!   runs on a noisy machine compare as ratios.
//!
//! A game's figure is its fastest of `--repeat` runs, the games run in rounds (each once,
//! then each again): a game run back to back is learnt by the processor and runs up to 1.4
//! times as fast as one seen once, which a random game or a scenario is (BENCHMARKS.md).

use super::{Error, Status};
use crate::data::Library;
use crate::expansion::{ExpansionId, Options};
use crate::random::{generate, playout, replay, Playout, RandomGame, Rng, Step};
use crate::score::PlayerId;
use crate::tile::TileSet;
use std::hint::black_box;
use std::time::Instant;

/// The output formats of `referee bench`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum BenchFormat {
    Text,
    /// Every figure with its unit in its key (`playout_us`, `placement_ns`, ...).
    Json,
}

#[derive(Debug, clap::Args)]
pub struct BenchArgs {
    /// How many different 72-tile games to play out and to replay (1 to 10,000).
    #[arg(long, default_value_t = 200, value_parser = clap::value_parser!(u64).range(1..=MAX_GAMES))]
    pub games: u64,
    /// The first seed; game i uses seed + i (wrapping past 2^64 - 1).
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// How many times each game (and each window of placements) is timed, the games in rounds; the fastest counts (1 to 1,000).
    #[arg(long, default_value_t = 20, value_parser = clap::value_parser!(u64).range(1..=MAX_REPEAT))]
    pub repeat: u64,
    /// The largest board the cost of a placement is measured on: of 72, 1,000 and 10,000
    /// placements, those up to this (72 to 10,000).
    #[arg(long, default_value_t = 10_000, value_parser = clap::value_parser!(u64).range(72..=10_000))]
    pub max_placements: u64,
    /// How many times `referee --version` and `referee check` of a base scenario are each run
    /// as processes, in turns, for the start-up figures (0 to 10,000; 0 leaves them out).
    #[arg(long, default_value_t = 200, value_parser = clap::value_parser!(u64).range(0..=MAX_STARTUP))]
    pub startup: u64,
    #[arg(long, short, value_enum, default_value_t = BenchFormat::Text)]
    pub format: BenchFormat,
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
/// The board sizes (placements) the cost of one placement is measured at.
const SIZES: [u64; 3] = [72, 1_000, 10_000];
/// How many draws, the last of a playout, the cost of one placement is the mean of.
const WINDOW: usize = 64;
/// The ruleset and most runs of the placement figures with Bridges, Castles and Bazaars in
/// the bag: listing its moves tries many of them, so that a listed placement costs a
/// millisecond on a board of 10,000 tiles (the playout up to the timed draws is drawn, not
/// listed, for that).
const BCB1_PROFILE: &str = "hig";
/// The ruleset whose expansion 8 is the new edition's.
const NE8_PROFILE: &str = "ne";
const BCB1_REPEAT: u64 = 3;
/// The most start-up runs of each command.
const MAX_STARTUP: u64 = 10_000;
/// The scenario `check` replays in the start-up figures: a base game's completed city, under
/// the four default rulesets (built in, so that the figure is the same from any folder).
const STARTUP_SCENARIO: &str = include_str!("../../scenarios/base/city-completed.yaml");
/// Players of the playout (the issue's game) and of the replayed games (as before).
const PLAYOUT_PLAYERS: usize = 2;
const REPLAY_PLAYERS: usize = 4;

/// The scenario of the shared-field dispute (README), one of the boards the API is timed on.
const SHARED_FIELD: &str = include_str!("../../scenarios/base/shared-field.yaml");
/// The rulesets the page compares at first.
const SERVE_RULESETS: &str = "hig,rgg,zmg";

/// What `referee serve` answers to one change of the board, on one board: the page's requests
/// for it (the picture with its free squares, each ruleset's scoring, the turns as written,
/// where the rulesets differ) answered one after another as the server answers them (one at a
/// time), and a click on a free square (its options). Medians of the runs, in microseconds.
struct ServeFigure {
    board: &'static str,
    turns: usize,
    change: f64,
    place: f64,
}

/// A generated 2-player base game written as a scenario, each move by `scenario::write`: a
/// whole game's board, as a page holds one at the end (up to a discard, which it stops at).
fn game_as_scenario(tiles: &TileSet, seed: u64) -> String {
    let g = generate(tiles, seed, PLAYOUT_PLAYERS, 1);
    let mut game =
        replay(tiles, Options::default(), &RandomGame { players: g.players.clone(), steps: Vec::new() }, false);
    let mut text = format!("title: a generated game (seed {seed})\nplayers: [{}]\nturns:\n", g.players.join(", "));
    for (i, step) in g.steps.iter().enumerate() {
        let Step::Place(p, mv) = step else { break };
        let Some(line) = crate::scenario::write::turn_line(&game, &g.players[p.index()], mv) else { break };
        text.push_str(&format!("  - {line}\n"));
        if game.play(*p, mv, i as u16 + 1).is_err() {
            break;
        }
    }
    text
}

/// Times the API on the shared-field dispute and on a whole generated game (`runs` each).
fn time_serve(lib: &Library, tiles: &TileSet, seed: u64, runs: u64, checksum: &mut i64) -> Vec<ServeFigure> {
    let server = crate::serve::Server::new(lib, None, "127.0.0.1", 0);
    let host = Some("127.0.0.1:0");
    let game = game_as_scenario(tiles, seed);
    let mut figures = Vec::new();
    for (board, text) in [("shared-field", SHARED_FIELD.to_string()), ("generated game", game)] {
        let ask = |url: &str, checksum: &mut i64| {
            let reply = server.answer("POST", url, host, text.as_bytes());
            *checksum = checksum.wrapping_add(reply.body.len() as i64 + i64::from(reply.status));
            reply
        };
        // A free square to click: the first the picture offers.
        let rendered = ask(&format!("/api/render?free=1&rulesets={SERVE_RULESETS}"), checksum).body;
        let svg =
            serde_json::from_str::<serde_json::Value>(&rendered).ok().and_then(|v| v["svg"].as_str().map(String::from));
        let at = svg
            .as_deref()
            .and_then(|s| s.split(r#"class="free" data-at=""#).nth(1))
            .and_then(|s| s.split('"').next())
            .unwrap_or("0,1")
            .to_string();
        let (mut change, mut place) = (Vec::new(), Vec::new());
        for _ in 0..runs {
            let t = Instant::now();
            for endpoint in ["render?free=1&", "check?", "turns?", "compare?"] {
                ask(&format!("/api/{endpoint}rulesets={SERVE_RULESETS}"), checksum);
            }
            change.push(t.elapsed().as_nanos() as f64 / 1000.0);
            let t = Instant::now();
            ask(&format!("/api/place?at={at}&rulesets={SERVE_RULESETS}"), checksum);
            place.push(t.elapsed().as_nanos() as f64 / 1000.0);
        }
        let turns = crate::serve::edit::items(&text, "turns").len();
        figures.push(ServeFigure { board, turns, change: median(change), place: median(place) });
    }
    figures
}

/// Why the bench cannot run on the tile catalogue given.
fn bad_bag(message: String) -> Error {
    Box::new(miette::MietteDiagnostic::new(message).with_code("referee::bench::bag").with_help(format!(
        "the bench plays a bag of 1 to {MAX_BAG} tiles (the base game's holds 72); see each `count:`"
    )))
}

fn micros(ns: f64) -> String {
    format!("{:.1} µs", ns / 1000.0)
}

/// The mean of the per-game fastest and the fastest of all, in ns.
struct Timing {
    mean: f64,
    best: f64,
}

/// Times `run` on each of `games` items `repeat` times, keeping each item's fastest. The
/// items are run in rounds (each once, then each again), not each `repeat` times in a row, so
/// that a burst of load on a shared machine, which lasts milliseconds, slows one run of many
/// items rather than every run of a few.
fn time_each<T>(items: &[T], repeat: u64, mut run: impl FnMut(&T) -> i64, checksum: &mut i64) -> Timing {
    let mut fastest = vec![f64::MAX; items.len()];
    for _ in 0..repeat {
        for (item, fastest) in items.iter().zip(&mut fastest) {
            let t = Instant::now();
            *checksum = checksum.wrapping_add(black_box(run(item)));
            *fastest = fastest.min(t.elapsed().as_nanos() as f64);
        }
    }
    let best = fastest.iter().copied().fold(f64::MAX, f64::min);
    Timing { mean: fastest.iter().sum::<f64>() / items.len().max(1) as f64, best }
}

/// The reference loop's data: a fixed pseudo-random array, the same on every machine.
fn reference_data() -> Vec<u64> {
    let mut rng = Rng::new(0x5eed);
    (0..4096).map(|_| rng.next_u64()).collect()
}

/// The fastest of `runs` passes of the reference loop, in ns: 16 dependent multiply-adds
/// over each of the array's 4,096 numbers (about 65,000 steps, none touching the engine).
fn reference(data: &[u64], runs: u64, checksum: &mut i64) -> f64 {
    let mut fastest = f64::MAX;
    for _ in 0..runs.max(5) {
        let t = Instant::now();
        let mut acc = 0u64;
        for _ in 0..16 {
            for &x in black_box(data) {
                acc = acc.wrapping_mul(0x9e37_79b9_7f4a_7c15).wrapping_add(x);
            }
        }
        fastest = fastest.min(t.elapsed().as_nanos() as f64);
        *checksum = checksum.wrapping_add(black_box(acc) as i64);
    }
    fastest
}

/// The start-up figures: medians over the runs, in ns.
struct Startup {
    version: f64,
    check: f64,
    /// The median of each pair's difference (`check` less the `--version` run beside it).
    over: f64,
    /// Whether a copy of the binary ran (else the binary itself, where it is).
    copied: bool,
}

/// A folder of the bench's own, removed when dropped.
struct TempDir(std::path::PathBuf);

impl Drop for TempDir {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

fn median(mut v: Vec<f64>) -> f64 {
    v.sort_by(f64::total_cmp);
    match v.len() {
        0 => f64::NAN,
        n if n % 2 == 1 => v[n / 2],
        n => (v[n / 2 - 1] + v[n / 2]) / 2.0,
    }
}

/// Runs this binary's `--version` and its `check` of [`STARTUP_SCENARIO`] in turns, `runs`
/// times each after a few unmeasured runs, timing each from spawn to exit.
fn time_startup(runs: u64) -> Result<Option<Startup>, Error> {
    use std::process::{Command, Stdio};
    if runs == 0 {
        return Ok(None);
    }
    let fail = |what: String| -> Error {
        Box::new(
            miette::MietteDiagnostic::new(what)
                .with_code("referee::bench::startup")
                .with_help("the start-up figures run this binary as a process; `--startup 0` leaves them out"),
        )
    };
    let this = std::env::current_exe().map_err(|e| fail(format!("cannot find this binary: {e}")))?;
    let dir = TempDir(std::env::temp_dir().join(format!("referee-bench-{}", std::process::id())));
    let scenario = dir.0.join("city-completed.yaml");
    std::fs::create_dir_all(&dir.0)
        .and_then(|()| std::fs::write(&scenario, STARTUP_SCENARIO))
        .map_err(|e| fail(format!("cannot write {}: {e}", scenario.display())))?;
    // A copy of the binary is what runs, as `cargo install` copies it: a file just written
    // by the linker starts measurably slower (more page faults, in BENCHMARKS.md), which is
    // how it was written rather than what it does. Where the copy cannot be made or run (a
    // temporary folder mounted without execution), the binary runs where it is.
    let copy = dir.0.join("referee");
    let runs_there = |exe: &std::path::Path| {
        Command::new(exe).arg("--version").stdout(Stdio::null()).stderr(Stdio::null()).status().is_ok()
    };
    let copied = std::fs::copy(&this, &copy).is_ok() && runs_there(&copy);
    let exe = if copied { copy } else { this };
    let check = [std::ffi::OsStr::new("check"), scenario.as_os_str()];
    let version = [std::ffi::OsStr::new("--version")];
    let time = |args: &[&std::ffi::OsStr]| -> Result<f64, Error> {
        let t = Instant::now();
        let status = Command::new(&exe)
            .args(args)
            .stdin(Stdio::null())
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .status()
            .map_err(|e| fail(format!("cannot run {}: {e}", exe.display())))?;
        let ns = t.elapsed().as_nanos() as f64;
        match status.success() {
            true => Ok(ns),
            false => Err(fail(format!("`{} {}` failed ({status})", exe.display(), args[0].to_string_lossy()))),
        }
    };
    for _ in 0..runs.min(10) {
        time(&version)?;
        time(&check)?;
    }
    let (mut v, mut c, mut d) = (Vec::new(), Vec::new(), Vec::new());
    for _ in 0..runs {
        let a = time(&version)?;
        let b = time(&check)?;
        v.push(a);
        c.push(b);
        d.push(b - a);
    }
    Ok(Some(Startup { version: median(v), check: median(c), over: median(d), copied }))
}

/// One placement's cost at one board size.
struct Placement {
    /// The size asked (72, 1,000 or 10,000 placements).
    size: u64,
    /// Tiles drawn in the whole playout (the last of the window).
    drawn: usize,
    /// With the move drawn by `Game::random_move`.
    ns: f64,
    /// With every legal move listed and one picked.
    listed_ns: f64,
    /// Legal moves listed per placement of the window.
    moves: f64,
}

/// A playout played up to its last [`WINDOW`] draws, whose draws are then timed.
#[derive(Clone)]
struct Window<'t> {
    before: Playout<'t>,
    /// Draws in the window.
    draws: usize,
    /// The fastest run so far, in ns, and the legal moves the window listed.
    fastest: f64,
    moves: usize,
}

impl<'t> Window<'t> {
    /// Plays `p` up to its last draws.
    fn new(mut p: Playout<'t>) -> Window<'t> {
        let draws = WINDOW.min(p.bag_len());
        while p.drawn() + draws < p.bag_len() {
            p.step();
        }
        Window { before: p, draws, fastest: f64::MAX, moves: 0 }
    }

    /// Times the window's draws once, from a copy of the game.
    fn run(&mut self, checksum: &mut i64) {
        let mut q = self.before.clone();
        // A clone's lists have no room to spare: made before the clock starts, so that the
        // window does not count copying them all (see `Game::reserve`).
        q.reserve();
        let t = Instant::now();
        while q.step() {}
        self.fastest = self.fastest.min(t.elapsed().as_nanos() as f64);
        *checksum = checksum.wrapping_add(q.game().placed().len() as i64);
        self.moves = q.listed() - self.before.listed();
    }

    /// The cost of one placement (the fastest run's, in ns) and the moves listed per placement.
    fn figures(&self) -> (f64, f64) {
        let draws = self.draws.max(1) as f64;
        (self.fastest / draws, self.moves as f64 / draws)
    }
}

/// The tiles of a tile set's bag.
fn bag_of(tiles: &TileSet) -> u64 {
    tiles.iter().map(|(_, d)| u64::from(d.count)).sum()
}

/// The cost of one placement over the last [`WINDOW`] draws of a playout at each board size,
/// drawn (`Game::random_move`) then listed, over copies of the tile set's bag: each window's
/// draws timed `repeat` times (the fastest counts), the windows in rounds as the games are
/// ([`time_each`]), so that no window runs back to back with itself.
fn time_placements(
    tiles: &TileSet,
    options: &Options,
    expansions: &[ExpansionId],
    sizes: &[u64],
    seed: u64,
    repeat: u64,
    checksum: &mut i64,
) -> Vec<Placement> {
    let bag = bag_of(tiles);
    let mut windows = Vec::new();
    for &size in sizes {
        let copies = size.div_ceil(bag.max(1)) as usize;
        // The playout up to the window drawn (listing every move of 10,000 placements with
        // Bridges, Castles and Bazaars would take seconds); the window's draws timed from
        // there, drawn, then listed.
        let drawn = Window::new(Playout::with(tiles, options, expansions, seed, PLAYOUT_PLAYERS, copies).sampling());
        let listed = Window { before: drawn.before.clone().listing(), ..drawn.clone() };
        windows.push((size, drawn.before.bag_len(), drawn, listed));
    }
    for _ in 0..repeat {
        for (_, _, drawn, listed) in &mut windows {
            drawn.run(checksum);
            listed.run(checksum);
        }
    }
    windows
        .iter()
        .map(|(size, drawn, d, l)| {
            let ((ns, _), (listed_ns, moves)) = (d.figures(), l.figures());
            Placement { size: *size, drawn: *drawn, ns, listed_ns, moves }
        })
        .collect()
}

/// The placement figures as text lines, and how the largest board compares with the smallest.
fn placement_lines(placements: &[Placement], ratio: impl Fn(f64) -> f64) -> String {
    let mut out = String::new();
    for p in placements {
        out.push_str(&format!(
            "  {:>6} placements: drawn {:>9.0} ns per placement ({:.4} × reference)   listed {:>9.0} ns ({:.4} ×), {:.0} moves, {:.0} ns a move\n",
            p.drawn,
            p.ns,
            ratio(p.ns),
            p.listed_ns,
            ratio(p.listed_ns),
            p.moves,
            p.listed_ns / p.moves.max(1.0)
        ));
    }
    if let (Some(first), Some(last)) = (placements.first(), placements.last()) {
        if placements.len() > 1 {
            out.push_str(&format!(
                "  per placement at {} against {}: drawn {:.1} times as much, listed {:.1} times\n",
                last.drawn,
                first.drawn,
                last.ns / first.ns,
                last.listed_ns / first.listed_ns
            ));
        }
    }
    out
}

pub fn run(lib: &Library, a: BenchArgs) -> Result<Status, Error> {
    let tiles = lib.tile_set(&[]);
    let bag = bag_of(&tiles);
    if bag == 0 {
        return Err(bad_bag("cannot bench: the base tile catalogue (tiles/base.yaml) holds no tiles".to_string()));
    }
    if bag > MAX_BAG {
        return Err(bad_bag(format!(
            "cannot bench: the base tile catalogue (tiles/base.yaml) holds {bag} tiles, more than {MAX_BAG}"
        )));
    }
    let bcb1_tiles = lib.tile_set(&[ExpansionId::Bcb1]);
    let bcb1_bag = bag_of(&bcb1_tiles);
    if bcb1_bag > MAX_BAG {
        return Err(bad_bag(format!(
            "cannot bench: the base and Bridges, Castles and Bazaars tile catalogues (tiles/base.yaml, tiles/bcb1.yaml) hold {bcb1_bag} tiles, more than {MAX_BAG}"
        )));
    }
    let mut checksum = 0i64;
    let data = reference_data();
    let reference_before = reference(&data, a.repeat, &mut checksum);

    // The full random playout, list, pick and play at every turn, then the final scoring.
    let seeds: Vec<u64> = (0..a.games).map(|i| a.seed.wrapping_add(i)).collect();
    let play = time_each(
        &seeds,
        a.repeat,
        |&s| playout(&tiles, s, PLAYOUT_PLAYERS, 1).players().iter().map(|p| i64::from(p.score)).sum(),
        &mut checksum,
    );

    // The replay of generated games (the generator's search is not timed).
    let opts = Options::default();
    let games: Vec<_> = seeds.iter().map(|&s| generate(&tiles, s, REPLAY_PLAYERS, 1)).collect();
    let rep = time_each(
        &games,
        a.repeat,
        |g| replay(&tiles, opts.clone(), g, true).players().iter().map(|p| i64::from(p.score)).sum(),
        &mut checksum,
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
    checksum = checksum.wrapping_add(listed as i64);
    let legal_ns = spent / asked.max(1) as f64;
    let moves_per_turn = listed as f64 / asked.max(1) as f64;

    // One placement as the board grows: the playout is played up to its last draws once, then
    // those draws are timed `repeat` times from a copy of the game (the fastest counts).
    let sizes: Vec<u64> = SIZES.into_iter().filter(|s| *s <= a.max_placements).collect();
    let placements = time_placements(&tiles, &opts, &[], &sizes, a.seed, a.repeat, &mut checksum);
    // The same with the seed expansions that bring bridges and castles, fewer runs (their
    // listed moves are judged by trying them, see BENCHMARKS.md): Bridges, Castles and
    // Bazaars with its tiles in the bag, and the new edition's expansion 8 over the base
    // game's (its catalogue holds no tile of its own).
    let repeat = a.repeat.min(BCB1_REPEAT);
    let mut expansions = Vec::new();
    for (key, tiles, ruleset, what) in [
        ("bcb1", &bcb1_tiles, BCB1_PROFILE, "Bridges, Castles and Bazaars (1st edition) in the bag"),
        ("ne8", &tiles, NE8_PROFILE, "the new edition's bridges, castles and barns (expansion 8), the base game's bag"),
    ] {
        if let Some(profile) = lib.profile(ruleset) {
            let options = Options::read(profile);
            let timed = time_placements(tiles, &options, &[ExpansionId::Bcb1], &sizes, a.seed, repeat, &mut checksum);
            expansions.push((key, format!("{what}, ruleset {ruleset}"), timed));
        }
    }
    let startup = time_startup(a.startup)?;
    let serve = time_serve(lib, &tiles, a.seed, a.repeat, &mut checksum);
    let reference_ns = reference_before.min(reference(&data, a.repeat, &mut checksum));

    let out = match a.format {
        BenchFormat::Text => {
            let ratio = |ns: f64| ns / reference_ns;
            let mut out = format!(
                "random playout: a complete {bag}-tile base game, {PLAYOUT_PLAYERS} players, every legal move listed each turn and one picked uniformly, scored with farms; {} games × {} runs:\n  mean of per-game best {}   best {}   ({:.2} × reference)\n",
                seeds.len(),
                a.repeat,
                micros(play.mean),
                micros(play.best),
                ratio(play.mean)
            );
            out.push_str(&format!(
                "replay: a complete {bag}-tile base game, {REPLAY_PLAYERS} players, generated first, then placed and scored with farms; {} games × {} runs:\n  mean of per-game best {}   best {}   ({:.2} × reference)\n",
                games.len(),
                a.repeat,
                micros(rep.mean),
                micros(rep.best),
                ratio(rep.mean)
            ));
            out.push_str(&format!(
                "legal moves of a turn's tile ({asked} turns of {} replayed games, {moves_per_turn:.1} moves each on average):\n  mean {} per turn   ({:.3} × reference)\n",
                games.len().min(LEGAL_MOVES_GAMES),
                micros(legal_ns),
                ratio(legal_ns)
            ));
            out.push_str(&format!(
                "one placement with a uniformly random legal move, drawn (Game::random_move) and played, then listed, picked and played; mean of the last {WINDOW} draws of a playout over an enlarged bag (seed {}), best of {}:\n",
                a.seed, a.repeat
            ));
            out.push_str(&placement_lines(&placements, ratio));
            for (_, what, timed) in expansions.iter().filter(|x| !x.2.is_empty()) {
                out.push_str(&format!("the same with {what}, best of {repeat}:\n"));
                out.push_str(&placement_lines(timed, ratio));
            }
            if let Some(st) = &startup {
                out.push_str(&format!(
                    "start-up: this binary as a process ({}), `--version` and `check` of a base scenario (4 rulesets) in turns, {} runs each, medians from spawn to exit:\n  --version {}   check {}   check above --version {}\n",
                    if st.copied { "a copy of it" } else { "where it is: no copy could run" },
                    a.startup,
                    micros(st.version),
                    micros(st.check),
                    micros(st.over)
                ));
            }
            out.push_str(&format!(
                "referee serve: a change of the board answered on the API (picture, scoring, turns, differences; rulesets {SERVE_RULESETS}), and a click on a free square (its options); medians of {} runs, in process:\n",
                a.repeat
            ));
            for f in &serve {
                out.push_str(&format!(
                    "  {} ({} turns): change {}   click {}\n",
                    f.board,
                    f.turns,
                    micros(f.change * 1000.0),
                    micros(f.place * 1000.0)
                ));
            }
            out.push_str(&format!(
                "reference: a fixed loop of 65,536 multiply-adds, no engine: {:.0} ns\n(checksum {checksum})\n",
                reference_ns
            ));
            out
        }
        BenchFormat::Json => {
            let by_size_of = |list: &[Placement], f: fn(&Placement) -> serde_json::Value| {
                list.iter().map(|p| (p.size.to_string(), f(p))).collect::<serde_json::Map<_, _>>()
            };
            let by_size = |f| by_size_of(&placements, f);
            let mut v = serde_json::json!({
                "parameters": {
                    "games": a.games,
                    "repeat": a.repeat,
                    "seed": a.seed,
                    "max_placements": a.max_placements,
                    "bag_tiles": bag,
                    "playout_players": PLAYOUT_PLAYERS,
                    "replay_players": REPLAY_PLAYERS,
                    "placement_window": WINDOW,
                    "startup_runs": a.startup,
                },
                "playout_us": play.mean / 1000.0,
                "playout_best_us": play.best / 1000.0,
                "replay_us": rep.mean / 1000.0,
                "replay_best_us": rep.best / 1000.0,
                "legal_moves_ns": legal_ns,
                "legal_moves_per_turn": moves_per_turn,
                "placement_ns": by_size(|p| serde_json::json!(p.ns)),
                "placement_listed_ns": by_size(|p| serde_json::json!(p.listed_ns)),
                "placement_moves": by_size(|p| serde_json::json!(p.moves)),
                "placement_drawn": by_size(|p| serde_json::json!(p.drawn)),
                "startup_version_us": startup.as_ref().map(|s| s.version / 1000.0),
                "startup_check_us": startup.as_ref().map(|s| s.check / 1000.0),
                "check_over_version_us": startup.as_ref().map(|s| s.over / 1000.0),
                "startup_from_copy": startup.as_ref().map(|s| s.copied),
                "serve_change_us": serve.iter().map(|f| (f.board.to_string(), serde_json::json!(f.change))).collect::<serde_json::Map<_, _>>(),
                "serve_click_us": serve.iter().map(|f| (f.board.to_string(), serde_json::json!(f.place))).collect::<serde_json::Map<_, _>>(),
                "serve_turns": serve.iter().map(|f| (f.board.to_string(), serde_json::json!(f.turns))).collect::<serde_json::Map<_, _>>(),
                "reference_ns": reference_ns,
                "checksum": checksum,
            });
            // The expansions' placement figures, as the base game's: `placement_bcb1_ns`, ….
            for (key, _, timed) in &expansions {
                v[format!("placement_{key}_ns")] = by_size_of(timed, |p| serde_json::json!(p.ns)).into();
                v[format!("placement_{key}_listed_ns")] = by_size_of(timed, |p| serde_json::json!(p.listed_ns)).into();
                v[format!("placement_{key}_moves")] = by_size_of(timed, |p| serde_json::json!(p.moves)).into();
                v[format!("placement_{key}_drawn")] = by_size_of(timed, |p| serde_json::json!(p.drawn)).into();
            }
            crate::report::json_text(&v)
        }
    };
    super::emit(&out)?;
    Ok(Status::Ok)
}
