//! A self-contained mutational fuzzer for the referee: std and the crate, nothing else.
//!
//! ```sh
//! cargo run --profile fuzz --example fuzz -- --seed 1 --execs 200000
//! ```
//!
//! Seeds are every file under `scenarios/`, `rulesets/` and `tiles/`. Each input is a seed
//! (or an earlier input that made the library do something new) with a few stacked mutations:
//! bytes, ranges, splices, dictionary tokens (huge numbers, YAML syntax, the scenario
//! vocabulary) and YAML-aware edits (repeated list items, nested flow collections, duplicate
//! keys, alias chains). Every input goes through every entry point the command line uses:
//! the scenario loader, replay and judge under each profile, the text, JSON and markdown
//! reports, `compare`, the text and SVG pictures, the profile, tile and rule-catalogue loaders,
//! and the diagnostic renderer on every error.
//!
//! The targets run in a worker process (this binary with `--worker`), each inside
//! `catch_unwind`, so that a panic is counted and an abort, a stack overflow or an input that
//! never ends is caught too: the supervisor kills a worker that overruns `--timeout` and starts
//! another. A finding is a panic, a crash of the worker, or an input slower than `--slow`
//! seconds; each is saved under `--out` and the exit status is 1. Same `--seed`, same inputs.
//! See RELIABILITY.md.

use referee::data::{self, Library};
use referee::diag::{self, InputError, SourceFile};
use referee::random::Rng;
use referee::replay::{self, Judgement, Outcome};
use referee::report::{self, Format, Style};
use referee::ruleset::Profile;
use referee::scenario::{self, Scenario};
use std::cell::RefCell;
use std::collections::{BTreeMap, HashSet};
use std::io::{self, BufReader, BufWriter, Read, Write};
use std::panic::{self, AssertUnwindSafe};
use std::path::{Path, PathBuf};
use std::process::{Child, ChildStdin, Command, ExitCode, Stdio};
use std::sync::{mpsc, Arc, Mutex};
use std::time::{Duration, Instant};

const USAGE: &str = "\
usage: cargo run --profile fuzz --example fuzz -- [options]

  --seed S          seed of the input stream (default 1); same seed, same inputs
  --execs N         inputs to run (default 100000)
  --minutes M       stop after M minutes whatever the count (a hard stop)
  --corpus DIR      more seeds, read from DIR; inputs that do something new are written there
  --out DIR         where findings go (default target/fuzz-findings under the crate)
  --slow SECS       an input slower than this is a finding (default 2)
  --timeout SECS    a worker busy this long on one input is killed: a hang (default 10)
  --max-len BYTES   longest input made (default 65536)
  --memory-mb MB    address-space limit of the worker, Unix only (default 2048; 0: none)
  --minimize        shrink each distinct finding (a few thousand runs each) and save that too
  --reproduce FILE  run files through every target here, panics printed; exit 1 if one panics

exit status: 0 no finding, 1 findings, 2 bad arguments or unreadable seeds";

// ---------------------------------------------------------------------------------------------
// Targets

/// The library entry points, in the order one input meets them.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
#[repr(u8)]
enum Target {
    ScenarioLoad,
    Replay,
    Judge,
    ReportText,
    ReportJson,
    ReportMarkdown,
    Compare,
    RenderText,
    RenderSvg,
    ProfileLoad,
    TileLoad,
    CatalogueLoad,
    JczImport,
    DiagRender,
    /// `referee serve`'s answers to the bytes posted as a scenario (each endpoint: check,
    /// render, place in its three modes, turns, moves, export, edit).
    ServeApi,
    /// The worker died or hung before naming the target it was in.
    Unknown,
}

const TARGETS: [Target; 16] = [
    Target::ScenarioLoad,
    Target::Replay,
    Target::Judge,
    Target::ReportText,
    Target::ReportJson,
    Target::ReportMarkdown,
    Target::Compare,
    Target::RenderText,
    Target::RenderSvg,
    Target::ProfileLoad,
    Target::TileLoad,
    Target::CatalogueLoad,
    Target::JczImport,
    Target::DiagRender,
    Target::ServeApi,
    Target::Unknown,
];

impl Target {
    fn name(self) -> &'static str {
        match self {
            Target::ScenarioLoad => "scenario-load",
            Target::Replay => "replay",
            Target::Judge => "judge",
            Target::ReportText => "report-text",
            Target::ReportJson => "report-json",
            Target::ReportMarkdown => "report-markdown",
            Target::Compare => "compare",
            Target::RenderText => "render-text",
            Target::RenderSvg => "render-svg",
            Target::ProfileLoad => "profile-load",
            Target::TileLoad => "tile-load",
            Target::CatalogueLoad => "catalogue-load",
            Target::JczImport => "jcz-import",
            Target::DiagRender => "diag-render",
            Target::ServeApi => "serve-api",
            Target::Unknown => "unknown",
        }
    }

    fn from_u8(b: u8) -> Target {
        TARGETS.get(b as usize).copied().unwrap_or(Target::Unknown)
    }
}

/// One target's run on one input.
#[derive(Clone, Debug)]
struct TargetRun {
    target: Target,
    nanos: u64,
    /// Where and why it panicked.
    panic: Option<(String, String)>,
}

thread_local! {
    /// The last panic seen by the hook on this thread: location and message.
    static LAST_PANIC: RefCell<Option<(String, String)>> = const { RefCell::new(None) };
    /// Time the hook spent (resolving backtraces), not charged to the target.
    static HOOK_NANOS: RefCell<u64> = const { RefCell::new(0) };
}

/// A path as short as it stays clear: `src/…` for the crate, `core/…`, `serde_yaml-0.9.34/…`.
fn short_path(p: &str) -> String {
    let root = concat!(env!("CARGO_MANIFEST_DIR"), "/");
    // Backtraces name files under the working directory relatively (`./src/…`).
    if let Some(rest) = p.strip_prefix(root).or_else(|| p.strip_prefix("./")) {
        return rest.to_string();
    }
    if let Some(i) = p.find("/library/") {
        return p[i + "/library/".len()..].to_string();
    }
    if let Some(i) = p.find("/registry/src/") {
        let rest = &p[i + "/registry/src/".len()..];
        return rest.split_once('/').map_or(rest, |(_, r)| r).to_string();
    }
    p.to_string()
}

/// The first frame of a backtrace in this crate's `src/`: where a panic inside std or a
/// dependency came from. Needs line tables (the fuzz profile has them, from `release`).
fn crate_frame(bt: &str) -> Option<String> {
    bt.lines().filter_map(|l| l.trim().strip_prefix("at ")).map(short_path).find(|p| p.starts_with("src/"))
}

/// Records each panic's location and first line of message instead of printing it; with
/// `also_print`, the default hook prints it too (for `--reproduce`). A panic outside the crate
/// (an overflow in `i64::abs`, an index in a dependency) is located by its caller in `src/`.
fn install_panic_hook(also_print: bool) {
    let default = panic::take_hook();
    panic::set_hook(Box::new(move |info| {
        let start = Instant::now();
        let mut location = info.location().map_or_else(
            || "<unknown>".to_string(),
            |l| format!("{}:{}:{}", short_path(l.file()), l.line(), l.column()),
        );
        if !location.starts_with("src/") {
            let bt = std::backtrace::Backtrace::force_capture().to_string();
            if let Some(caller) = crate_frame(&bt) {
                location = format!("{caller} (panicked in {location})");
            }
        }
        let payload = info.payload();
        let message = if let Some(s) = payload.downcast_ref::<&str>() {
            (*s).to_string()
        } else if let Some(s) = payload.downcast_ref::<String>() {
            s.clone()
        } else {
            "<non-string panic payload>".to_string()
        };
        let message: String = message.chars().take(600).collect();
        LAST_PANIC.with(|p| *p.borrow_mut() = Some((location, message)));
        HOOK_NANOS.with(|n| *n.borrow_mut() += start.elapsed().as_nanos() as u64);
        if also_print {
            default(info);
        }
    }));
}

/// Runs the targets of one input, each inside `catch_unwind`, and records what they did.
struct Runner<'a> {
    lib: &'a Library,
    runs: Vec<TargetRun>,
    /// Hashes of what the library did (error codes, rules cited): new ones make an input
    /// worth mutating further.
    signals: Vec<u64>,
    /// Called as each target starts (the worker's trace mode).
    trace: Option<&'a mut dyn FnMut(Target)>,
}

impl Runner<'_> {
    fn guard<T>(&mut self, target: Target, f: impl FnOnce() -> T) -> Option<T> {
        if let Some(t) = self.trace.as_mut() {
            t(target);
        }
        let start = Instant::now();
        HOOK_NANOS.with(|n| *n.borrow_mut() = 0);
        let r = panic::catch_unwind(AssertUnwindSafe(f));
        let nanos = (start.elapsed().as_nanos() as u64).saturating_sub(HOOK_NANOS.with(|n| *n.borrow()));
        let panic = match r {
            Ok(_) => None,
            Err(_) => Some(
                LAST_PANIC
                    .with(|p| p.borrow_mut().take())
                    .unwrap_or_else(|| ("<unknown>".to_string(), "panicked without the hook seeing it".to_string())),
            ),
        };
        self.runs.push(TargetRun { target, nanos, panic });
        r.ok()
    }

    fn signal(&mut self, what: &str) {
        self.signals.push(fnv(what.as_bytes()));
    }

    /// Renders an error as the command line does, and notes its codes.
    fn diagnose(&mut self, from: Target, e: &InputError, colour: bool) {
        for p in e.problems() {
            let s = format!("{}:{}", from.name(), p.code);
            self.signal(&s);
        }
        self.guard(Target::DiagRender, || diag::render(e, colour));
    }

    fn run(&mut self, bytes: &[u8]) {
        let h = fnv(bytes);
        let colour = h & 1 == 1;
        let text: Arc<str> = match std::str::from_utf8(bytes) {
            Ok(t) => Arc::from(t),
            Err(e) => {
                // What `data::read_file` says of such a file; the rest sees the lossy text.
                let err = InputError::unreadable(
                    "fuzz.yaml",
                    format!("fuzz.yaml is not UTF-8 text (invalid byte at offset {})", e.valid_up_to()),
                );
                self.diagnose(Target::ScenarioLoad, &err, colour);
                Arc::from(String::from_utf8_lossy(bytes).as_ref())
            }
        };
        let lib = self.lib;
        let file = SourceFile::new("fuzz.yaml", text.clone());
        match self.guard(Target::ScenarioLoad, || scenario::load("fuzz/input", file, lib)) {
            Some(Ok(sc)) => {
                self.signal("scenario-load:ok");
                self.scenario(&sc, h);
            }
            Some(Err(e)) => self.diagnose(Target::ScenarioLoad, &e, colour),
            None => {}
        }
        let file = SourceFile::new("fuzz-profile.yaml", text.clone());
        match self.guard(Target::ProfileLoad, || data::profiles::load(&file)) {
            Some(Ok(_)) => self.signal("profile-load:ok"),
            Some(Err(e)) => self.diagnose(Target::ProfileLoad, &e, colour),
            None => {}
        }
        let file = SourceFile::new("fuzz-tiles.yaml", text.clone());
        match self.guard(Target::TileLoad, || data::tiles::load(&file)) {
            Some(Ok(_)) => self.signal("tile-load:ok"),
            Some(Err(e)) => self.diagnose(Target::TileLoad, &e, colour),
            None => {}
        }
        let file = SourceFile::new("fuzz-rules.yaml", text.clone());
        match self.guard(Target::CatalogueLoad, || {
            data::catalogue::load(&file, &referee::expansion::all_rules().collect::<Vec<_>>(), &mut Default::default())
        }) {
            Some(Ok(_)) => self.signal("catalogue-load:ok"),
            Some(Err(e)) => self.diagnose(Target::CatalogueLoad, &e, colour),
            None => {}
        }
        // The same bytes posted to `referee serve`: every answer a JSON document, never a panic.
        let server = referee::serve::Server::new(lib, None, "127.0.0.1", 8417);
        for url in [
            "/api/check",
            "/api/render?free=1",
            "/api/place?at=0,1",
            "/api/place?at=1,0&option=0",
            "/api/place?at=0,1&mode=board&option=0",
            "/api/place?at=0,0&mode=stand&option=0",
            "/api/turns",
            "/api/moves?turn=1",
            "/api/export?format=bbcode",
            "/api/edit?op=remove&list=turns&item=0",
            "/api/edit?op=set&path=turns%5B0%5D.bazaar&value=%7B%22revealed%22%3A%5B%22E%22%5D%7D",
        ] {
            let answered = self.guard(Target::ServeApi, || {
                let reply = server.answer("POST", url, Some("127.0.0.1:8417"), text.as_bytes());
                // A refusal is a JSON document too (a finding when not).
                assert!(
                    serde_json::from_str::<serde_json::Value>(&reply.body).is_ok(),
                    "{url}: answer {} is not JSON",
                    reply.status
                );
                reply.status
            });
            if answered == Some(200) {
                self.signal("serve-api:ok");
            }
        }
        // The same bytes as a JCloisterZone saved game; what it imports to goes on as a scenario.
        let file = SourceFile::new("fuzz.jcz", text);
        match self.guard(Target::JczImport, || referee::jcz::import(&file, lib)) {
            Some(Ok(imported)) => {
                self.signal("jcz-import:ok");
                let file = SourceFile::new("fuzz.jcz (imported)", imported.yaml);
                match self.guard(Target::ScenarioLoad, || scenario::load("fuzz/imported", file, lib)) {
                    Some(Ok(sc)) => self.scenario(&sc, h),
                    Some(Err(e)) => self.diagnose(Target::ScenarioLoad, &e, colour),
                    None => {}
                }
            }
            Some(Err(e)) => self.diagnose(Target::JczImport, &e, colour),
            None => {}
        }
    }

    /// A scenario that loaded: replay under every profile (as `compare --all` does), judge and
    /// report under the ones it names (as `check` and `test` do), compare, draw.
    fn scenario(&mut self, sc: &Scenario, h: u64) {
        let lib = self.lib;
        let mut all: Vec<(Profile, Outcome)> = Vec::new();
        let mut every_replay_ok = true;
        for p in &lib.profiles {
            let named = sc.rulesets.contains(&p.id);
            let out = match self.guard(Target::Replay, || replay::replay(sc, p)) {
                Some(Ok(out)) => out,
                Some(Err(e)) => {
                    every_replay_ok = false;
                    self.diagnose(Target::Replay, &e, h & 2 == 2);
                    continue;
                }
                None => {
                    every_replay_ok = false;
                    continue;
                }
            };
            for e in &out.events {
                for r in e.rules() {
                    self.signal(&format!("rule:{r}"));
                }
            }
            if let Some(ill) = &out.illegal {
                self.signal(&format!("illegal:{}", ill.verdict.rule));
            }
            if named {
                self.judged(sc, p, &out, h);
            }
            all.push((replay::effective(sc, p), out));
        }
        if !every_replay_ok {
            return;
        }
        // `compare` with the scenario's own rulesets (in its order), then with `--all`.
        let own: Vec<(Profile, Outcome)> =
            sc.rulesets.iter().filter_map(|r| all.iter().find(|(p, _)| p.id == *r).cloned()).collect();
        let id = sc.id.clone();
        self.guard(Target::Compare, || {
            let mut n = 0;
            for runs in [&own, &all] {
                let c = report::compare::compare(&id, runs);
                for f in [Format::Text, Format::Json, Format::Markdown] {
                    n += report::compare::render(&c, f).len();
                }
            }
            n
        });
    }

    /// Judges one outcome, renders the reports `check` prints, and draws the board.
    fn judged(&mut self, sc: &Scenario, p: &Profile, out: &Outcome, h: u64) {
        let lib = self.lib;
        let Some(j) = self.guard(Target::Judge, || replay::judge(sc, out)) else { return };
        match &j {
            Judgement::Pass => self.signal("judge:pass"),
            Judgement::Fail(_) => self.signal("judge:fail"),
            Judgement::Invalid(e) => self.diagnose(Target::Judge, e, h & 4 == 4),
        }
        self.guard(Target::ReportText, || {
            report::text(sc, out, &j, &lib.catalogue, Style::plain()).len()
                + report::text(sc, out, &j, &lib.catalogue, Style { colour: true, width: None, prose: true }).len()
        });
        self.guard(Target::ReportJson, || {
            let v = serde_json::json!({
                "scenario": sc.id,
                "title": sc.title,
                "runs": [report::json_run(out, &j)],
            });
            serde_json::to_string_pretty(&v).map(|s| s.len()).unwrap_or_default()
        });
        self.guard(Target::ReportMarkdown, || report::markdown(sc, out, &j, &lib.catalogue).len());
        // `render` and `check --svg`: the whole game, and the board after some turn.
        let upto = (h >> 8) as usize % (sc.turns.len() + 2);
        self.guard(Target::RenderText, || {
            let mut n = 0;
            if let Ok((game, _)) = replay::play_out(sc, p, None) {
                n += referee::render::text(&game, false, false).map_or(0, |t| t.len());
                n += referee::render::text(&game, true, true).map_or(0, |t| t.len());
            }
            if let Ok((game, _)) = replay::play_out(sc, p, Some(upto)) {
                n += referee::render::text(&game, h & 8 == 8, h & 16 == 16).map_or(0, |t| t.len());
            }
            n
        });
        self.guard(Target::RenderSvg, || match replay::play_out(sc, p, None) {
            Ok((game, _)) => referee::render::svg(&game, &sc.title).map_or(0, |t| t.len()),
            Err(_) => 0,
        });
    }
}

// ---------------------------------------------------------------------------------------------
// The worker process and its protocol
//
// request:  mode (0 run, 1 run with trace) · u32 length · bytes
// response: b'T' · target             (trace mode: a target starts)
//           b'R' · u32 n · n × (target · u64 nanos · panicked · [location · message])
//                · u32 m · m × u64 signal
// strings are u32 length · UTF-8 bytes; integers little-endian.

fn put_u32(w: &mut Vec<u8>, x: u32) {
    w.extend_from_slice(&x.to_le_bytes());
}

fn put_str(w: &mut Vec<u8>, s: &str) {
    put_u32(w, s.len() as u32);
    w.extend_from_slice(s.as_bytes());
}

fn read_u8(r: &mut impl Read) -> io::Result<u8> {
    let mut b = [0u8; 1];
    r.read_exact(&mut b)?;
    Ok(b[0])
}

fn read_u32(r: &mut impl Read) -> io::Result<u32> {
    let mut b = [0u8; 4];
    r.read_exact(&mut b)?;
    Ok(u32::from_le_bytes(b))
}

fn read_u64(r: &mut impl Read) -> io::Result<u64> {
    let mut b = [0u8; 8];
    r.read_exact(&mut b)?;
    Ok(u64::from_le_bytes(b))
}

fn read_str(r: &mut impl Read) -> io::Result<String> {
    let n = read_u32(r)? as usize;
    let mut b = vec![0u8; n];
    r.read_exact(&mut b)?;
    Ok(String::from_utf8_lossy(&b).into_owned())
}

fn worker() -> ExitCode {
    install_panic_hook(false);
    let lib = Library::builtin();
    let mut input = BufReader::new(io::stdin().lock());
    let out = RefCell::new(BufWriter::new(io::stdout().lock()));
    loop {
        let Ok(mode) = read_u8(&mut input) else { return ExitCode::SUCCESS };
        let Ok(n) = read_u32(&mut input) else { return ExitCode::SUCCESS };
        let mut bytes = vec![0u8; n as usize];
        if input.read_exact(&mut bytes).is_err() {
            return ExitCode::SUCCESS;
        }
        let mut trace = |t: Target| {
            let mut o = out.borrow_mut();
            let _ = o.write_all(&[b'T', t as u8]).and_then(|_| o.flush());
        };
        let mut runner = Runner { lib: &lib, runs: Vec::new(), signals: Vec::new(), trace: None };
        if mode == 1 {
            runner.trace = Some(&mut trace);
        }
        runner.run(&bytes);
        let mut w = vec![b'R'];
        put_u32(&mut w, runner.runs.len() as u32);
        for r in &runner.runs {
            w.push(r.target as u8);
            w.extend_from_slice(&r.nanos.to_le_bytes());
            match &r.panic {
                None => w.push(0),
                Some((loc, msg)) => {
                    w.push(1);
                    put_str(&mut w, loc);
                    put_str(&mut w, msg);
                }
            }
        }
        put_u32(&mut w, runner.signals.len() as u32);
        for s in &runner.signals {
            w.extend_from_slice(&s.to_le_bytes());
        }
        let mut o = out.borrow_mut();
        if o.write_all(&w).and_then(|_| o.flush()).is_err() {
            return ExitCode::SUCCESS;
        }
    }
}

/// What the supervisor hears from a worker.
enum Msg {
    Started(Target),
    Done(Vec<TargetRun>, Vec<u64>),
    Gone,
}

fn read_response(r: &mut impl Read) -> io::Result<Msg> {
    match read_u8(r)? {
        b'T' => Ok(Msg::Started(Target::from_u8(read_u8(r)?))),
        b'R' => {
            let n = read_u32(r)?;
            let mut runs = Vec::with_capacity(n as usize);
            for _ in 0..n {
                let target = Target::from_u8(read_u8(r)?);
                let nanos = read_u64(r)?;
                let panic = if read_u8(r)? == 1 { Some((read_str(r)?, read_str(r)?)) } else { None };
                runs.push(TargetRun { target, nanos, panic });
            }
            let m = read_u32(r)?;
            let mut signals = Vec::with_capacity(m as usize);
            for _ in 0..m {
                signals.push(read_u64(r)?);
            }
            Ok(Msg::Done(runs, signals))
        }
        _ => Err(io::Error::new(io::ErrorKind::InvalidData, "bad frame from the worker")),
    }
}

/// A worker process, a thread reading its answers, and the tail of its stderr.
struct Worker {
    child: Child,
    stdin: ChildStdin,
    rx: mpsc::Receiver<Msg>,
    stderr: Arc<Mutex<Vec<u8>>>,
    stderr_thread: Option<std::thread::JoinHandle<()>>,
}

impl Worker {
    fn spawn(memory_mb: u64) -> io::Result<Worker> {
        let exe = std::env::current_exe()?;
        let mut cmd = if memory_mb > 0 && cfg!(unix) && Path::new("/bin/sh").exists() {
            // std cannot set an rlimit; the shell can, then becomes the worker.
            let mut c = Command::new("/bin/sh");
            c.arg("-c").arg(format!("ulimit -v {} 2>/dev/null; exec \"$0\" --worker", memory_mb * 1024)).arg(&exe);
            c
        } else {
            let mut c = Command::new(&exe);
            c.arg("--worker");
            c
        };
        // In the crate's folder, where backtraces name its files `./src/…`.
        let root = Path::new(env!("CARGO_MANIFEST_DIR"));
        if root.is_dir() {
            cmd.current_dir(root);
        }
        // Backtraces are the hook's business; the runtime's own would only fill stderr.
        cmd.env("RUST_BACKTRACE", "0");
        let mut child = cmd.stdin(Stdio::piped()).stdout(Stdio::piped()).stderr(Stdio::piped()).spawn()?;
        let stdin = child.stdin.take().expect("piped");
        let stdout = child.stdout.take().expect("piped");
        let mut stderr_pipe = child.stderr.take().expect("piped");
        let (tx, rx) = mpsc::channel();
        std::thread::spawn(move || {
            let mut r = BufReader::new(stdout);
            loop {
                match read_response(&mut r) {
                    Ok(m) => {
                        if tx.send(m).is_err() {
                            return;
                        }
                    }
                    Err(_) => {
                        let _ = tx.send(Msg::Gone);
                        return;
                    }
                }
            }
        });
        let stderr = Arc::new(Mutex::new(Vec::new()));
        let tail = stderr.clone();
        let stderr_thread = std::thread::spawn(move || {
            let mut buf = [0u8; 4096];
            while let Ok(n) = stderr_pipe.read(&mut buf) {
                if n == 0 {
                    return;
                }
                let mut t = tail.lock().unwrap_or_else(|e| e.into_inner());
                t.extend_from_slice(&buf[..n]);
                if t.len() > 16384 {
                    let cut = t.len() - 8192;
                    t.drain(..cut);
                }
            }
        });
        Ok(Worker { child, stdin, rx, stderr, stderr_thread: Some(stderr_thread) })
    }

    fn send(&mut self, bytes: &[u8], trace: bool) -> io::Result<()> {
        let mut w = Vec::with_capacity(bytes.len() + 5);
        w.push(trace as u8);
        put_u32(&mut w, bytes.len() as u32);
        w.extend_from_slice(bytes);
        self.stdin.write_all(&w)?;
        self.stdin.flush()
    }

    /// Kills the worker (if still alive) and tells how it ended, with the end of its stderr.
    fn finish(mut self) -> String {
        let _ = self.child.kill();
        let status = self.child.wait().map(|s| s.to_string()).unwrap_or_else(|e| format!("unknown status ({e})"));
        if let Some(t) = self.stderr_thread.take() {
            let _ = t.join();
        }
        let tail = self.stderr.lock().unwrap_or_else(|e| e.into_inner()).clone();
        let text = String::from_utf8_lossy(&tail);
        // What the runtime said (`memory allocation of … failed`, `… has overflowed its
        // stack`), without backtrace lines.
        let said: Vec<&str> = text
            .lines()
            .map(str::trim)
            .filter(|l| {
                !l.is_empty()
                    && !l.starts_with("at ")
                    && !l.starts_with("stack backtrace")
                    && !l.starts_with("note: ")
                    && !l.split_once(':').is_some_and(|(n, _)| n.chars().all(|c| c.is_ascii_digit()))
            })
            .collect();
        let said = said[said.len().saturating_sub(2)..].join(" | ");
        if said.is_empty() {
            status
        } else {
            format!("{said} ({status})")
        }
    }
}

/// How one input ended, as the supervisor saw it.
enum Ran {
    Done {
        runs: Vec<TargetRun>,
        signals: Vec<u64>,
    },
    /// The worker died; the target it was in, when known, and how it died.
    Crashed {
        target: Target,
        how: String,
    },
    /// Still busy after the timeout (or at the hard stop); killed.
    Hung {
        target: Target,
        elapsed: Duration,
    },
}

/// The supervisor's side: one input at a time through a worker, restarted when it dies.
struct Pool {
    worker: Option<Worker>,
    memory_mb: u64,
}

impl Pool {
    fn worker(&mut self) -> io::Result<&mut Worker> {
        if self.worker.is_none() {
            self.worker = Some(Worker::spawn(self.memory_mb)?);
        }
        Ok(self.worker.as_mut().expect("just spawned"))
    }

    /// Runs one input, waiting at most `limit`.
    fn run(&mut self, bytes: &[u8], limit: Duration, trace: bool) -> io::Result<Ran> {
        let start = Instant::now();
        let mut target = Target::Unknown;
        let sent = self.worker()?.send(bytes, trace);
        let w = self.worker.as_mut().expect("spawned above");
        loop {
            if sent.is_err() {
                break;
            }
            let left = limit.saturating_sub(start.elapsed());
            match w.rx.recv_timeout(left) {
                Ok(Msg::Started(t)) => target = t,
                Ok(Msg::Done(runs, signals)) => return Ok(Ran::Done { runs, signals }),
                Ok(Msg::Gone) | Err(mpsc::RecvTimeoutError::Disconnected) => break,
                Err(mpsc::RecvTimeoutError::Timeout) => {
                    let w = self.worker.take().expect("running");
                    w.finish();
                    return Ok(Ran::Hung { target, elapsed: start.elapsed() });
                }
            }
        }
        let how = self.worker.take().expect("running").finish();
        Ok(Ran::Crashed { target, how })
    }
}

// ---------------------------------------------------------------------------------------------
// Mutations

#[rustfmt::skip]
const NUMBERS: &[&str] = &[
    "18446744073709551616", "18446744073709551615", "-9223372036854775808", "9223372036854775807",
    "-9223372036854775809", "2147483647", "2147483648", "-2147483648", "-2147483649", "4294967295", "4294967296",
    "65535", "65536", "32767", "-32768", "99999999999999999999", "1e309", "-1e309", ".nan", ".inf", "-.inf",
    "0x7fffffff", "0o777", "-0", "-1", "0", "1e3", "1_000", "255", "256", "1.5",
];

#[rustfmt::skip]
const YAML_TOKENS: &[&str] = &[
    "&a", "*a", "<<: *a", "!!str", "!!int ", "!!binary ", "!t ", "? ", "--- ", "---\n", "...", "...\n", "|", "|-",
    "|+", ">-", ">", "'", "\"", "[", "{", "]", "}", ": ", ":", "- ", "-", ",", "#", " # c\n", "\t", "\r", "\r\n",
    "\n", "\u{85}", "\u{2028}", "\u{2029}", "\u{feff}", "\0", "\x1b", "%YAML 1.2\n", "%TAG ! tag:x,2000:\n", "~",
    "null", "true", "false", "yes", "no", "''", "\"\\u0000\"", "\"\\ud800\"", "{}", "[]", "&a [x]", "*b",
    "? [a]\n: b\n", "é", "🏰", "\u{301}", "\u{200b}",
];

#[rustfmt::skip]
const WORDS: &[&str] = &[
    "tile:", "at:", "rotation:", "follower:", "follower: city N", "follower: road W", "follower: field EL",
    "follower: cloister", "bridge: NS", "bridge: EW", "castle: city S", "bazaar:",
    "bazaar: {revealed: [E, U, V], lots: []}", "expect:", "rulesets:",
    "rulesets: [hig, rgg, zmg, ne, early, hig-bb3, rgg-bb3]", "expansions: [bcb1]", "expansions: [bcb1, cig, db]",
    "players:", "players: [Red, Blue, Green, Yellow, Black, Grey]", "board:", "turns:", "discard: true", "player:",
    "scores:", "events:", "illegal:", "start-scores:", "german-castles:", "switches:", "final-scoring: false",
    "castles:", "barn:", "recall-lady:", "drawbridge:", "castle-takes:", "bridges:", "lots:", "revealed:",
    "selector:", "bids:", "choice: buy", "choice: sell", "pass", "stack-left:", "tiles:", "edges: CCCC",
    "cities: [NESW]", "roads: [S]", "fields: [NL NR > E]", "marks: [bazaar]", "count:",
    "second: {side: E, edges: FFFF}", "castle: true", "cloister: true", "triangular: [W]", "id:", "value:", "source:",
    "title:", "covers:", "turn: end", "points:", "N", "E", "S", "W", "NL", "NR", "EL", "ER", "SL", "SR", "WL", "WR",
    "NESW", "end", "90", "180", "270", "360", "45",
    // JCloisterZone saved games (tests/jcz/ are seeds too).
    "\"PLACE_TILE\"", "\"DEPLOY_MEEPLE\"", "\"PLACE_TOKEN\"", "\"COMMIT\"", "\"PASS\"", "\"UNDO\"",
    "\"BRIDGE\"", "\"CASTLE\"", "\"tileId\": \"BA/RCr\"", "\"BB/F.b\"", "\"R90\"", "\"R45\"",
    "\"position\": [1, 0]", "\"feature\": \"Field\"", "\"location\": \"NL.NR.EL\"", "\"location\": \"_S\"",
    "\"meepleId\": \"0.small.1\"", "\"0.big.1\"", "\"endTurn\": 3", "\"drawOrder\": []", "\"basic:1\": 1",
    "\"bridges-castles-and-bazaars:1\": 1", "\"tower:1\": 1", "\"farmers\": true", "\"castle\": 1",
    "\"tiny-city-scoring\": \"2\"", "\"assertions\": [\"A has 3 points\"]", "\"initialSeed\": 1",
    // Traders and Builders.
    "expansions: [tb]", "expansions: [bcb1, tb]", "pig: field", "pig: field NL", "pigs: [{player: Red, on: field}]",
    "pigs-each: 2", "goods: {Red: {wine: 2}}", "goods: [N wine]", "fields: [inner > W S]", "field centre",
    "\"0.pig.1\"", "\"0.builder.1\"", "\"traders\": true", "\"pig\": 2", "\"builder\": 1", "\"pig-herd\": true",
    "\"traders-and-builders:1\": 1", "\"location\": \"I\"", "\"TB/CCc.w\"",
];

/// A tile id: A..X, BCB01..BCB11 or TB01..TB24.
fn tile_id(rng: &mut Rng) -> String {
    if rng.below(3) == 0 {
        format!("BCB{:02}", 1 + rng.below(11))
    } else if rng.below(4) == 0 {
        format!("TB{:02}", 1 + rng.below(24))
    } else {
        ((b'A' + rng.below(24) as u8) as char).to_string()
    }
}

fn dict_word(rng: &mut Rng) -> String {
    match rng.below(5) {
        0 => NUMBERS[rng.below(NUMBERS.len())].to_string(),
        1 | 2 => YAML_TOKENS[rng.below(YAML_TOKENS.len())].to_string(),
        3 => WORDS[rng.below(WORDS.len())].to_string(),
        _ => tile_id(rng),
    }
}

fn small_number(rng: &mut Rng) -> String {
    match rng.below(4) {
        0 => NUMBERS[rng.below(NUMBERS.len())].to_string(),
        1 => (rng.below(7) as i64 - 3).to_string(),
        2 => ["0", "90", "180", "270", "360", "-90", "45"][rng.below(7)].to_string(),
        _ => (rng.next_u64() as i64 >> rng.below(64)).to_string(),
    }
}

/// Start of every line.
fn line_starts(v: &[u8]) -> Vec<usize> {
    let mut s = vec![0];
    s.extend(v.iter().enumerate().filter(|(_, b)| **b == b'\n').map(|(i, _)| i + 1).filter(|i| *i < v.len()));
    s
}

fn line_end(v: &[u8], start: usize) -> usize {
    v[start..].iter().position(|b| *b == b'\n').map_or(v.len(), |i| start + i + 1)
}

fn indent(v: &[u8], start: usize) -> usize {
    v[start..].iter().take_while(|b| **b == b' ').count()
}

fn is_word(b: u8) -> bool {
    b.is_ascii_alphanumeric() || matches!(b, b'_' | b'-' | b'.' | b'+')
}

/// The token around `i`: a run of word bytes, or the one byte.
fn token_at(v: &[u8], i: usize) -> (usize, usize) {
    if !is_word(v[i]) {
        return (i, i + 1);
    }
    let mut a = i;
    while a > 0 && is_word(v[a - 1]) {
        a -= 1;
    }
    let mut b = i;
    while b < v.len() && is_word(v[b]) {
        b += 1;
    }
    (a, b)
}

/// Where the YAML value starting at `i` ends: its closing bracket, or the next `,`, `]`, `}`,
/// `#` or line break.
fn value_end(v: &[u8], i: usize) -> usize {
    if matches!(v[i], b'[' | b'{') {
        let mut depth = 0usize;
        for (k, b) in v.iter().enumerate().skip(i) {
            match b {
                b'[' | b'{' => depth += 1,
                b']' | b'}' => {
                    depth -= 1;
                    if depth == 0 {
                        return k + 1;
                    }
                }
                b'\n' => break,
                _ => {}
            }
        }
    }
    v[i..].iter().position(|b| matches!(b, b',' | b']' | b'}' | b'#' | b'\n')).map_or(v.len(), |k| (i + k).max(i + 1))
}

/// Positions where `pat` starts.
fn find_all(v: &[u8], pat: &[u8]) -> Vec<usize> {
    if v.len() < pat.len() {
        return Vec::new();
    }
    (0..=v.len() - pat.len()).filter(|&i| &v[i..i + pat.len()] == pat).collect()
}

fn pick<T: Copy>(rng: &mut Rng, v: &[T]) -> Option<T> {
    if v.is_empty() {
        None
    } else {
        Some(v[rng.below(v.len())])
    }
}

fn splice(v: &mut Vec<u8>, a: usize, b: usize, with: &[u8]) {
    v.splice(a..b, with.iter().copied());
}

/// One random mutation of `v`. `other` is a second input for splices.
fn mutate_once(rng: &mut Rng, v: &mut Vec<u8>, other: &[u8], max_len: usize) {
    if v.is_empty() {
        v.extend_from_slice(dict_word(rng).as_bytes());
        return;
    }
    let n = v.len();
    let i = rng.below(n);
    match rng.below(22) {
        // Bytes.
        0 => v[i] ^= 1 << rng.below(8),
        1 => v[i] = [0u8, 0xff, 0x7f, 0x80, b'\n', b':', b' ', b'-', b'9', 0xc3, 0xe2][rng.below(11)],
        2 => {
            let k = 1 + rng.below(8);
            let bytes: Vec<u8> = (0..k).map(|_| rng.below(256) as u8).collect();
            splice(v, i, i, &bytes);
        }
        // Ranges.
        3 => {
            let len = 1 + rng.below(64.min(n - i));
            v.drain(i..i + len);
        }
        4 => {
            let len = 1 + rng.below(256.min(n - i));
            let chunk = v[i..i + len].to_vec();
            let at = if rng.below(2) == 0 { i + len } else { rng.below(n + 1) };
            splice(v, at, at, &chunk);
        }
        5 => v.truncate(i),
        // Two inputs spliced, at line starts or anywhere.
        6 => {
            if other.is_empty() {
                return;
            }
            let (a, b) = if rng.below(2) == 0 {
                (pick(rng, &line_starts(v)).unwrap_or(0), pick(rng, &line_starts(other)).unwrap_or(0))
            } else {
                (i, rng.below(other.len()))
            };
            v.truncate(a);
            v.extend_from_slice(&other[b..]);
        }
        7 => {
            if other.is_empty() {
                return;
            }
            let a = pick(rng, &line_starts(other)).unwrap_or(0);
            let b = line_end(other, a);
            let at = pick(rng, &line_starts(v)).unwrap_or(0);
            let chunk = other[a..b].to_vec();
            splice(v, at, at, &chunk);
        }
        // Dictionary tokens.
        8 | 9 => {
            let w = dict_word(rng);
            splice(v, i, i, w.as_bytes());
        }
        10 | 11 => {
            let (a, b) = token_at(v, i);
            let w = dict_word(rng);
            splice(v, a, b, w.as_bytes());
        }
        // Numbers swapped for huge (or odd) ones.
        12 => {
            let digits: Vec<usize> =
                (0..n).filter(|&k| v[k].is_ascii_digit() && (k == 0 || !v[k - 1].is_ascii_digit())).collect();
            if let Some(a) = pick(rng, &digits) {
                let a = if a > 0 && v[a - 1] == b'-' { a - 1 } else { a };
                let b = a + 1 + v[a + 1..].iter().take_while(|b| b.is_ascii_digit()).count();
                let w = small_number(rng);
                splice(v, a, b, w.as_bytes());
            }
        }
        // A list item repeated (with the lines indented under it).
        13 => {
            let items: Vec<usize> = line_starts(v)
                .into_iter()
                .filter(|&s| v[s + indent(v, s)..].starts_with(b"- ") || v[s + indent(v, s)..].starts_with(b"-\n"))
                .collect();
            if let Some(s) = pick(rng, &items) {
                let ind = indent(v, s);
                let mut e = line_end(v, s);
                while e < v.len() && indent(v, e) > ind && !v[e..].starts_with(b"\n") {
                    e = line_end(v, e);
                }
                let item = v[s..e].to_vec();
                let times = [1, 2, 3, 10, 100, 1000][rng.below(6)];
                let times = times.min(max_len.saturating_sub(v.len()) / item.len().max(1)).max(1);
                let rep: Vec<u8> = item.iter().copied().cycle().take(item.len() * times).collect();
                splice(v, e, e, &rep);
            }
        }
        // A value (or a flow item) nested in flow collections.
        14 => {
            let depth = [1, 2, 3, 8, 32, 63, 64, 65, 100][rng.below(9)];
            let (open, close) = if rng.below(2) == 0 { ("[", "]") } else { ("{a: ", "}") };
            let (a, b) = token_at(v, i);
            let mut w = open.repeat(depth).into_bytes();
            w.extend_from_slice(&v[a..b]);
            w.extend_from_slice(close.repeat(depth).as_bytes());
            splice(v, a, b, &w);
        }
        // A `key: value` line duplicated (a duplicate map key), or written twice in flow.
        15 => {
            let keys: Vec<usize> =
                line_starts(v).into_iter().filter(|&s| v[s..line_end(v, s)].windows(2).any(|w| w == b": ")).collect();
            if let Some(s) = pick(rng, &keys) {
                let e = line_end(v, s);
                let mut line = v[s..e].to_vec();
                if !line.ends_with(b"\n") {
                    line.push(b'\n');
                }
                if v[s + indent(v, s)..].starts_with(b"- ") {
                    // `- key: v` → the same key again under it.
                    let ind = indent(v, s);
                    line.splice(ind..ind + 2, *b"  ");
                }
                splice(v, e, e, &line);
            } else if let Some(a) = pick(rng, &find_all(v, b"{")) {
                let b = v[a..].iter().position(|c| *c == b',' || *c == b'}').map_or(v.len(), |k| a + k);
                let pair = v[a + 1..b].to_vec();
                let mut w = pair.clone();
                w.extend_from_slice(b", ");
                splice(v, a + 1, a + 1, &w);
            }
        }
        // Anchors and aliases: an alias chain (billion laughs), or a value anchored and reused.
        16 => {
            let depth = 1 + rng.below(12);
            let width = 2 + rng.below(9);
            let mut chain = String::from("a0: &a0 [x, \"yy\", 1]\n");
            for d in 1..depth {
                let refs: Vec<String> = (0..width).map(|_| format!("*a{}", d - 1)).collect();
                chain.push_str(&format!("a{d}: &a{d} [{}]\n", refs.join(",")));
            }
            let at =
                pick(rng, &line_starts(v).into_iter().filter(|&s| indent(v, s) == 0).collect::<Vec<_>>()).unwrap_or(0);
            splice(v, at, at, chain.as_bytes());
        }
        17 => {
            let values = find_all(v, b": ");
            if values.len() >= 2 {
                let a = values[rng.below(values.len() - 1)];
                let later: Vec<usize> = values.iter().copied().filter(|&x| x > a).collect();
                let b = pick(rng, &later).unwrap_or(a);
                if b + 2 >= v.len() {
                    return;
                }
                let (tb, te) = (b + 2, value_end(v, b + 2));
                let alias = if rng.below(4) == 0 { "<<: *x" } else { "*x" };
                splice(v, tb, te, alias.as_bytes());
                splice(v, a + 2, a + 2, b"&x ");
            }
        }
        // Lines: deleted, swapped, duplicated, re-indented.
        18 => {
            let starts = line_starts(v);
            let a = pick(rng, &starts).unwrap_or(0);
            let e = line_end(v, a);
            match rng.below(4) {
                0 => {
                    v.drain(a..e);
                }
                1 => {
                    let line = v[a..e].to_vec();
                    splice(v, e, e, &line);
                }
                2 => {
                    let w = [" ", "  ", "\t", "    "][rng.below(4)];
                    splice(v, a, a, w.as_bytes());
                }
                _ => {
                    let b = pick(rng, &starts).unwrap_or(0);
                    let (a, b) = (a.min(b), a.max(b));
                    if a != b {
                        let ea = line_end(v, a);
                        let eb = line_end(v, b);
                        if ea <= b {
                            let la = v[a..ea].to_vec();
                            let lb = v[b..eb].to_vec();
                            splice(v, b, eb, &la);
                            splice(v, a, ea, &lb);
                        }
                    }
                }
            }
        }
        // A turn, in the scenario's own vocabulary, with odd values now and then.
        19 => {
            let followers = [
                "",
                ", follower: city N",
                ", follower: road W",
                ", follower: field EL",
                ", follower: cloister",
                ", follower: monastery",
                ", castle: city S",
                ", bridge: NS",
                ", discard: true",
                ", bazaar: {revealed: [E, U], lots: [{selector: Red, tile: E, bids: [Red 2, Blue pass]}]}",
            ];
            let f = followers[rng.below(followers.len())];
            let line = format!(
                "  - {{tile: {}, at: [{}, {}], rotation: {}{f}}}\n",
                tile_id(rng),
                small_number(rng),
                small_number(rng),
                small_number(rng)
            );
            let at = pick(rng, &line_starts(v)).unwrap_or(0);
            splice(v, at, at, line.as_bytes());
        }
        // A tile id swapped for another.
        20 => {
            let ids: Vec<usize> = find_all(v, b"tile: ").into_iter().map(|k| k + 6).filter(|&k| k < n).collect();
            if let Some(a) = pick(rng, &ids) {
                let (ta, tb) = token_at(v, a);
                let w = tile_id(rng);
                splice(v, ta, tb, w.as_bytes());
            }
        }
        // Odd characters where YAML cares about them: line breaks and indentation.
        _ => {
            let w = ["\r\n", "\r", "\u{85}", "\u{2028}", "\t", "\u{feff}", "\0", "\x1b"][rng.below(8)];
            let at = if rng.below(2) == 0 { pick(rng, &line_starts(v)).unwrap_or(0) } else { i };
            splice(v, at, at, w.as_bytes());
        }
    }
    v.truncate(max_len);
}

/// A new input: a base with one to sixteen stacked mutations.
fn mutate(rng: &mut Rng, base: &[u8], other: &[u8], max_len: usize) -> Vec<u8> {
    let mut v = base.to_vec();
    let rounds = if rng.below(4) == 0 { 1 + rng.below(16) } else { 1 + rng.below(4) };
    for _ in 0..rounds {
        mutate_once(rng, &mut v, other, max_len);
    }
    v
}

// ---------------------------------------------------------------------------------------------
// The campaign

/// FNV-1a: a stable name for an input.
fn fnv(b: &[u8]) -> u64 {
    let mut h: u64 = 0xcbf2_9ce4_8422_2325;
    for x in b {
        h ^= *x as u64;
        h = h.wrapping_mul(0x0100_0000_01b3);
    }
    h
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
enum Kind {
    Panic,
    Crash,
    Hang,
    Slow,
}

impl Kind {
    fn name(self) -> &'static str {
        match self {
            Kind::Panic => "panic",
            Kind::Crash => "crash",
            Kind::Hang => "hang",
            Kind::Slow => "slow",
        }
    }
}

/// A distinct finding: a kind, a target and a place (a panic's location, a crash's message).
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
struct Key {
    kind: Kind,
    target: Target,
    location: String,
}

struct Finding {
    message: String,
    inputs: u64,
    first_exec: u64,
    saved: Vec<PathBuf>,
    smallest: Vec<u8>,
}

struct Config {
    seed: u64,
    execs: u64,
    minutes: Option<f64>,
    corpus: Option<PathBuf>,
    out: PathBuf,
    slow: Duration,
    timeout: Duration,
    max_len: usize,
    memory_mb: u64,
    minimize: bool,
    reproduce: Vec<PathBuf>,
}

fn parse_args() -> Result<Option<Config>, String> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut c = Config {
        seed: 1,
        execs: 100_000,
        minutes: None,
        corpus: None,
        out: root.join("target").join("fuzz-findings"),
        slow: Duration::from_secs(2),
        timeout: Duration::from_secs(10),
        max_len: 65536,
        memory_mb: 2048,
        minimize: false,
        reproduce: Vec::new(),
    };
    let mut args = std::env::args().skip(1);
    fn value<T: std::str::FromStr>(flag: &str, v: Option<String>) -> Result<T, String> {
        let v = v.ok_or_else(|| format!("{flag} needs a value"))?;
        v.parse().map_err(|_| format!("{flag}: cannot read `{v}`"))
    }
    let secs = |flag: &str, v: Option<String>| -> Result<Duration, String> {
        let s: f64 = value(flag, v)?;
        Duration::try_from_secs_f64(s).map_err(|_| format!("{flag}: `{s}` is not a duration"))
    };
    while let Some(a) = args.next() {
        match a.as_str() {
            "--seed" => c.seed = value(&a, args.next())?,
            "--execs" => c.execs = value(&a, args.next())?,
            "--minutes" => c.minutes = Some(value(&a, args.next())?),
            "--corpus" => c.corpus = Some(value(&a, args.next())?),
            "--out" => c.out = value(&a, args.next())?,
            "--slow" => c.slow = secs(&a, args.next())?,
            "--timeout" => c.timeout = secs(&a, args.next())?,
            "--max-len" => c.max_len = value(&a, args.next())?,
            "--memory-mb" => c.memory_mb = value(&a, args.next())?,
            "--minimize" => c.minimize = true,
            "--reproduce" => c.reproduce.push(value(&a, args.next())?),
            "-h" | "--help" => {
                println!("{USAGE}");
                return Ok(None);
            }
            other => return Err(format!("unknown argument `{other}`")),
        }
    }
    if c.timeout < c.slow {
        c.timeout = c.slow;
    }
    Ok(Some(c))
}

/// Every file under `dir`, sorted by path.
fn files_under(dir: &Path, out: &mut Vec<PathBuf>) -> io::Result<()> {
    let mut entries: Vec<PathBuf> = std::fs::read_dir(dir)?.map(|e| e.map(|e| e.path())).collect::<Result<_, _>>()?;
    entries.sort();
    for e in entries {
        if e.is_dir() {
            files_under(&e, out)?;
        } else {
            out.push(e);
        }
    }
    Ok(())
}

fn read_seeds(c: &Config) -> io::Result<Vec<Vec<u8>>> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut paths = Vec::new();
    for d in ["scenarios", "rulesets", "tiles", "tests/jcz"] {
        files_under(&root.join(d), &mut paths)?;
    }
    if let Some(dir) = &c.corpus {
        if dir.is_dir() {
            files_under(dir, &mut paths)?;
        }
    }
    let mut seeds = Vec::new();
    for p in &paths {
        seeds.push(std::fs::read(p)?);
    }
    Ok(seeds)
}

fn reproduce(files: &[PathBuf]) -> ExitCode {
    install_panic_hook(true);
    let lib = Library::builtin();
    let mut panics = 0;
    for f in files {
        let bytes = match std::fs::read(f) {
            Ok(b) => b,
            Err(e) => {
                eprintln!("fuzz: cannot read {}: {e}", f.display());
                return ExitCode::from(2);
            }
        };
        let mut r = Runner { lib: &lib, runs: Vec::new(), signals: Vec::new(), trace: None };
        let start = Instant::now();
        r.run(&bytes);
        let took = start.elapsed();
        let slowest = r.runs.iter().max_by_key(|t| t.nanos);
        println!(
            "{}: {} target runs in {:.1} ms (slowest: {} {:.1} ms)",
            f.display(),
            r.runs.len(),
            took.as_secs_f64() * 1e3,
            slowest.map_or("-", |t| t.target.name()),
            slowest.map_or(0.0, |t| t.nanos as f64 / 1e6)
        );
        for t in &r.runs {
            match &t.panic {
                Some((loc, msg)) => {
                    println!("  {:<16} {:>9.3} ms  PANIC at {loc}: {msg}", t.target.name(), t.nanos as f64 / 1e6);
                    panics += 1;
                }
                None => println!("  {:<16} {:>9.3} ms", t.target.name(), t.nanos as f64 / 1e6),
            }
        }
    }
    if panics > 0 {
        ExitCode::from(1)
    } else {
        ExitCode::SUCCESS
    }
}

/// What the supervisor learnt from one input.
struct Verdicts {
    found: Vec<(Key, String)>,
    signals: Vec<u64>,
    runs: Vec<TargetRun>,
    elapsed: Duration,
    /// Stopped by the hard stop before it could be judged.
    cut: bool,
}

struct Campaign {
    c: Config,
    pool: Pool,
    findings: BTreeMap<Key, Finding>,
    /// Target runs and their total time, per target.
    time: BTreeMap<Target, (u64, u64)>,
    slowest: (Duration, u64, Target, u64),
    slowest_input: Vec<u8>,
    execs: u64,
    deadline: Option<Instant>,
    stopped_by: &'static str,
}

impl Campaign {
    fn limit(&self) -> Duration {
        match self.deadline {
            Some(d) => self.c.timeout.min(d.saturating_duration_since(Instant::now())),
            None => self.c.timeout,
        }
    }

    /// Runs one input and sorts out what it found.
    fn execute(&mut self, bytes: &[u8]) -> io::Result<Verdicts> {
        let start = Instant::now();
        let ran = self.pool.run(bytes, self.limit(), false)?;
        let elapsed = start.elapsed();
        let mut found = Vec::new();
        let mut signals = Vec::new();
        let mut runs = Vec::new();
        let mut cut = false;
        match ran {
            Ran::Done { runs: r, signals: s } => {
                for t in &r {
                    if let Some((loc, msg)) = &t.panic {
                        found.push((Key { kind: Kind::Panic, target: t.target, location: loc.clone() }, msg.clone()));
                    }
                }
                if elapsed > self.c.slow {
                    let target = r.iter().max_by_key(|t| t.nanos).map_or(Target::Unknown, |t| t.target);
                    let msg = format!("{:.2} s on one input", elapsed.as_secs_f64());
                    found.push((Key { kind: Kind::Slow, target, location: String::new() }, msg));
                }
                runs = r;
                signals = s;
            }
            Ran::Crashed { how, .. } => {
                // Again, naming each target as it starts, to learn which one it was.
                let target = match self.pool.run(bytes, self.limit(), true)? {
                    Ran::Crashed { target, .. } => target,
                    _ => Target::Unknown,
                };
                let location: String = how.chars().map(|ch| if ch.is_ascii_digit() { '#' } else { ch }).collect();
                found.push((Key { kind: Kind::Crash, target, location }, how));
            }
            Ran::Hung { elapsed: e, .. } => {
                let kind = if e >= self.c.timeout {
                    Kind::Hang
                } else if e > self.c.slow {
                    Kind::Slow
                } else {
                    // Cut short by the hard stop, and not slow yet: not a finding, not counted.
                    cut = true;
                    return Ok(Verdicts { found, signals, runs, elapsed, cut });
                };
                // Again, naming each target as it starts (if there is time left).
                let target = match self.pool.run(bytes, self.limit(), true)? {
                    Ran::Hung { target, .. } | Ran::Crashed { target, .. } => target,
                    Ran::Done { runs, .. } => runs.iter().max_by_key(|t| t.nanos).map_or(Target::Unknown, |t| t.target),
                };
                let msg = format!("still running after {:.2} s; killed", e.as_secs_f64());
                found.push((Key { kind, target, location: String::new() }, msg));
            }
        }
        Ok(Verdicts { found, signals, runs, elapsed, cut })
    }

    /// Writes an input as `<kind>-<target>-<hash>.yaml`, with a note beside it (`.txt`).
    /// `origin`: which of the finding's inputs this is.
    fn save(
        &self,
        key: &Key,
        bytes: &[u8],
        message: &str,
        origin: &str,
        exec: u64,
        inputs: u64,
    ) -> io::Result<PathBuf> {
        std::fs::create_dir_all(&self.c.out)?;
        let stem = format!("{}-{}-{:016x}", key.kind.name(), key.target.name(), fnv(bytes));
        let path = self.c.out.join(format!("{stem}.yaml"));
        std::fs::write(&path, bytes)?;
        let note = format!(
            "kind: {}\ntarget: {}\nlocation: {}\nmessage: {}\nthis input: {origin}\nfirst seen: input {} of seed {}\ninputs so far: {}\nbytes: {}\nreproduce: cargo run --profile fuzz --example fuzz -- --reproduce {}\n",
            key.kind.name(),
            key.target.name(),
            key.location,
            message,
            exec,
            self.c.seed,
            inputs,
            bytes.len(),
            path.display()
        );
        std::fs::write(self.c.out.join(format!("{stem}.txt")), note)?;
        Ok(path)
    }

    fn record(&mut self, v: &Verdicts, bytes: &[u8], exec: u64) -> io::Result<()> {
        for t in &v.runs {
            let e = self.time.entry(t.target).or_default();
            e.0 += 1;
            e.1 += t.nanos;
        }
        if v.elapsed > self.slowest.0 {
            let target = v.runs.iter().max_by_key(|t| t.nanos).map_or(Target::Unknown, |t| t.target);
            self.slowest = (v.elapsed, exec, target, fnv(bytes));
            self.slowest_input = bytes.to_vec();
        }
        for (key, msg) in &v.found {
            match self.findings.get_mut(key) {
                Some(f) => {
                    f.inputs += 1;
                    if bytes.len() < f.smallest.len() {
                        f.smallest = bytes.to_vec();
                    }
                }
                None => {
                    let path = self.save(key, bytes, msg, "the first that gave this finding", exec, 1)?;
                    eprintln!(
                        "fuzz: input {exec}: NEW {} in {} at {}: {msg}\n      saved {}",
                        key.kind.name(),
                        key.target.name(),
                        if key.location.is_empty() { "-" } else { &key.location },
                        path.display()
                    );
                    self.findings.insert(
                        key.clone(),
                        Finding {
                            message: msg.clone(),
                            inputs: 1,
                            first_exec: exec,
                            saved: vec![path],
                            smallest: bytes.to_vec(),
                        },
                    );
                }
            }
        }
        Ok(())
    }

    fn out_of_time(&self) -> bool {
        self.deadline.is_some_and(|d| Instant::now() >= d)
    }

    /// Shrinks an input while it still gives the same finding: chunks removed, halving.
    fn minimize(&mut self, key: &Key, input: &[u8], budget: u64) -> io::Result<Vec<u8>> {
        let mut cur = input.to_vec();
        let mut left = budget;
        let mut chunk = (cur.len() / 2).max(1);
        let same = |v: &Verdicts| v.found.iter().any(|(k, _)| k == key);
        loop {
            let mut i = 0;
            let mut shrunk = false;
            while i < cur.len() && left > 0 && !self.out_of_time() {
                let mut cand = cur[..i].to_vec();
                cand.extend_from_slice(&cur[(i + chunk).min(cur.len())..]);
                left -= 1;
                let v = self.execute(&cand)?;
                if same(&v) {
                    cur = cand;
                    shrunk = true;
                } else {
                    i += chunk;
                }
            }
            if left == 0 || self.out_of_time() || (chunk == 1 && !shrunk) {
                break;
            }
            if !shrunk {
                chunk = (chunk / 2).max(1);
            }
        }
        Ok(cur)
    }

    fn run(&mut self, seeds: Vec<Vec<u8>>) -> io::Result<()> {
        let mut rng = Rng::new(self.c.seed);
        let mut pool: Vec<Vec<u8>> = Vec::new();
        let mut seen: HashSet<u64> = HashSet::new();
        // A worker that cannot start (a memory limit too low, say) would make every input a crash.
        if let Ran::Crashed { how, .. } = self.pool.run(b"title: probe\nplayers: [Red]\n", self.c.timeout, false)? {
            return Err(io::Error::other(format!("the worker does not start: {how}")));
        }
        let start = Instant::now();
        let mut last_note = Instant::now();
        self.stopped_by = "--execs";
        for exec in 0..self.c.execs {
            if self.out_of_time() {
                self.stopped_by = "--minutes";
                break;
            }
            // Seeds as they are first (the library must take them all), then mutants.
            let input = if (exec as usize) < seeds.len() {
                seeds[exec as usize].clone()
            } else {
                let base = if !pool.is_empty() && rng.below(2) == 0 {
                    &pool[rng.below(pool.len())]
                } else {
                    &seeds[rng.below(seeds.len())]
                };
                let other = &seeds[rng.below(seeds.len())];
                mutate(&mut rng, base, other, self.c.max_len)
            };
            let v = self.execute(&input)?;
            if v.cut {
                self.stopped_by = "--minutes";
                break;
            }
            self.execs += 1;
            self.record(&v, &input, exec)?;
            let new = v.signals.iter().filter(|s| seen.insert(**s)).count();
            if new > 0 && (exec as usize) >= seeds.len() {
                if let Some(dir) = &self.c.corpus {
                    std::fs::create_dir_all(dir)?;
                    std::fs::write(dir.join(format!("{:016x}.yaml", fnv(&input))), &input)?;
                }
                if pool.len() < 4096 {
                    pool.push(input);
                } else {
                    let k = rng.below(pool.len());
                    pool[k] = input;
                }
            }
            if last_note.elapsed() > Duration::from_secs(10) {
                last_note = Instant::now();
                let secs = start.elapsed().as_secs_f64();
                eprintln!(
                    "fuzz: {} inputs, {:.0}/s, {} distinct findings, {} behaviours, {} kept",
                    self.execs,
                    self.execs as f64 / secs,
                    self.findings.len(),
                    seen.len(),
                    pool.len()
                );
            }
        }
        let secs = start.elapsed().as_secs_f64();
        if self.c.minimize {
            let keys: Vec<Key> = self.findings.keys().filter(|k| k.kind != Kind::Slow).cloned().collect();
            for key in keys {
                let smallest = self.findings[&key].smallest.clone();
                let small = self.minimize(&key, &smallest, 3000)?;
                let f = &self.findings[&key];
                let (msg, inputs, exec) = (f.message.clone(), f.inputs, f.first_exec);
                let path = self.save(&key, &small, &msg, "minimized (--minimize)", exec, inputs)?;
                if let Some(f) = self.findings.get_mut(&key) {
                    if !f.saved.contains(&path) {
                        f.saved.push(path);
                    }
                }
            }
        } else {
            // The smallest input of each finding, when smaller than the first one saved.
            let keys: Vec<Key> = self.findings.keys().cloned().collect();
            for key in keys {
                let f = &self.findings[&key];
                if f.inputs > 1 {
                    let (small, msg, inputs, exec) = (f.smallest.clone(), f.message.clone(), f.inputs, f.first_exec);
                    let path = self.save(&key, &small, &msg, "the smallest that gave it", exec, inputs)?;
                    if let Some(f) = self.findings.get_mut(&key) {
                        if !f.saved.contains(&path) {
                            f.saved.push(path);
                        }
                    }
                }
            }
        }
        // Not a finding unless over --slow, but the first thing to look at when inputs get slower.
        std::fs::create_dir_all(&self.c.out)?;
        std::fs::write(self.c.out.join("slowest-input.yaml"), &self.slowest_input)?;
        self.summary(secs, seen.len(), pool.len());
        Ok(())
    }

    fn summary(&self, secs: f64, behaviours: usize, kept: usize) {
        println!("== fuzz summary (seed {}, stopped by {})", self.c.seed, self.stopped_by);
        println!(
            "executions: {} inputs in {:.1} s: {:.0} inputs/s ({} target runs; {} behaviours seen, {} inputs kept)",
            self.execs,
            secs,
            self.execs as f64 / secs.max(1e-9),
            self.time.values().map(|t| t.0).sum::<u64>(),
            behaviours,
            kept
        );
        let (d, exec, target, hash) = self.slowest;
        println!(
            "slowest input: {:.1} ms (input {exec}, {:016x}, most of it in {}; saved as {})",
            d.as_secs_f64() * 1e3,
            hash,
            target.name(),
            self.c.out.join("slowest-input.yaml").display()
        );
        let per: Vec<String> = self
            .time
            .iter()
            .map(|(t, (n, ns))| format!("{} {}×{:.0}µs", t.name(), n, *ns as f64 / 1e3 / (*n).max(1) as f64))
            .collect();
        println!("time per target (runs × mean): {}", per.join(", "));
        let mut by_kind: BTreeMap<Kind, (usize, u64)> = BTreeMap::new();
        for (k, f) in &self.findings {
            let e = by_kind.entry(k.kind).or_default();
            e.0 += 1;
            e.1 += f.inputs;
        }
        let kinds: Vec<String> = [Kind::Panic, Kind::Crash, Kind::Hang, Kind::Slow]
            .iter()
            .map(|k| {
                let (d, n) = by_kind.get(k).copied().unwrap_or_default();
                format!("{} {d} ({n} inputs)", k.name())
            })
            .collect();
        println!("findings: {} distinct; {}", self.findings.len(), kinds.join(", "));
        for (k, f) in &self.findings {
            println!(
                "  {} in {} at {} (×{}, first at input {}): {}",
                k.kind.name(),
                k.target.name(),
                if k.location.is_empty() { "-" } else { &k.location },
                f.inputs,
                f.first_exec,
                f.message.lines().next().unwrap_or("")
            );
            for p in &f.saved {
                println!("      {}", p.display());
            }
        }
    }
}

/// Whether this build has debug assertions and overflow checks on.
fn checks_on() -> (bool, bool) {
    let hook = panic::take_hook();
    panic::set_hook(Box::new(|_| {}));
    let overflow = panic::catch_unwind(|| std::hint::black_box(u8::MAX) + std::hint::black_box(1u8)).is_err();
    panic::set_hook(hook);
    (cfg!(debug_assertions), overflow)
}

fn on_off(b: bool) -> &'static str {
    if b {
        "on"
    } else {
        "off"
    }
}

fn main() -> ExitCode {
    if std::env::args().nth(1).as_deref() == Some("--worker") {
        return worker();
    }
    let c = match parse_args() {
        Ok(Some(c)) => c,
        Ok(None) => return ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("fuzz: {e}\n\n{USAGE}");
            return ExitCode::from(2);
        }
    };
    if !c.reproduce.is_empty() {
        return reproduce(&c.reproduce);
    }
    let (assertions, overflow) = checks_on();
    if !assertions || !overflow {
        eprintln!(
            "fuzz: note: debug assertions {}, overflow checks {}: build with --profile fuzz for both",
            on_off(assertions),
            on_off(overflow)
        );
    }
    let seeds = match read_seeds(&c) {
        Ok(s) if !s.is_empty() => s,
        Ok(_) => {
            eprintln!("fuzz: no seed files found");
            return ExitCode::from(2);
        }
        Err(e) => {
            eprintln!("fuzz: cannot read the seeds: {e}");
            return ExitCode::from(2);
        }
    };
    eprintln!(
        "fuzz: {} seeds, seed {}, up to {} inputs, findings to {}",
        seeds.len(),
        c.seed,
        c.execs,
        c.out.display()
    );
    let deadline = c.minutes.map(|m| Instant::now() + Duration::from_secs_f64(m.max(0.0) * 60.0));
    let memory_mb = c.memory_mb;
    let mut campaign = Campaign {
        c,
        pool: Pool { worker: None, memory_mb },
        findings: BTreeMap::new(),
        time: BTreeMap::new(),
        slowest: (Duration::ZERO, 0, Target::Unknown, 0),
        slowest_input: Vec::new(),
        execs: 0,
        deadline,
        stopped_by: "--execs",
    };
    if let Err(e) = campaign.run(seeds) {
        eprintln!("fuzz: {e}");
        return ExitCode::from(2);
    }
    if let Some(w) = campaign.pool.worker.take() {
        w.finish();
    }
    if campaign.findings.is_empty() {
        ExitCode::SUCCESS
    } else {
        ExitCode::from(1)
    }
}
