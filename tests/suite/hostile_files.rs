//! Hostile files and streams given to the binary: huge scenarios, link loops, special files,
//! odd `--data` folders, standard output that cannot be written. Each test failed (or hung)
//! before its fix; the binary runs under a time limit so that a hang fails instead of
//! blocking the suite. Links, FIFOs and the like are made at test time in a temporary folder.

use std::io::Read;
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Output, Stdio};
use std::time::{Duration, Instant};

/// How long the binary may take before it counts as hung.
const LIMIT: Duration = Duration::from_secs(10);

/// A temporary folder of this test's own, removed when dropped.
struct TempDir(PathBuf);

impl TempDir {
    fn new(name: &str) -> TempDir {
        let p = std::env::temp_dir().join(format!("referee-hostile-{}-{name}", std::process::id()));
        let _ = std::fs::remove_dir_all(&p);
        std::fs::create_dir_all(&p).unwrap();
        TempDir(p)
    }

    fn path(&self) -> &Path {
        &self.0
    }

    /// Writes a file (creating its folders) and gives its path.
    fn write(&self, name: &str, content: &[u8]) -> PathBuf {
        let p = self.0.join(name);
        std::fs::create_dir_all(p.parent().unwrap()).unwrap();
        std::fs::write(&p, content).unwrap();
        p
    }
}

impl Drop for TempDir {
    fn drop(&mut self) {
        // Does not follow links, so a link loop inside is removed, not walked.
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

/// The binary, from `dir`, with its standard output sent to `stdout` (piped when `None`).
fn spawn(args: &[&str], dir: &Path, stdout: Option<Stdio>) -> Child {
    let piped = stdout.is_none();
    let mut c = Command::new(env!("CARGO_BIN_EXE_referee"));
    c.args(args).current_dir(dir).env_clear().env("NO_COLOR", "1").stdin(Stdio::null()).stderr(Stdio::piped());
    c.stdout(stdout.unwrap_or_else(Stdio::piped));
    let child = c.spawn().expect("the binary runs");
    assert_eq!(child.stdout.is_some(), piped);
    child
}

/// Waits for the child at most `limit`; kills it and fails the test if it takes longer. The
/// pipes are drained meanwhile, so that a full pipe cannot pass for a hang.
fn finish(mut child: Child, limit: Duration, what: &str) -> Output {
    fn drain(r: Option<impl Read + Send + 'static>) -> std::thread::JoinHandle<Vec<u8>> {
        std::thread::spawn(move || {
            let mut buf = Vec::new();
            if let Some(mut r) = r {
                let _ = r.read_to_end(&mut buf);
            }
            buf
        })
    }
    let (out, err) = (drain(child.stdout.take()), drain(child.stderr.take()));
    let start = Instant::now();
    let status = loop {
        if let Some(s) = child.try_wait().unwrap() {
            break s;
        }
        if start.elapsed() > limit {
            let _ = child.kill();
            let _ = child.wait();
            panic!("`referee {what}` still running after {limit:?}: killed");
        }
        std::thread::sleep(Duration::from_millis(20));
    };
    Output { status, stdout: out.join().unwrap(), stderr: err.join().unwrap() }
}

fn stdout(o: &Output) -> String {
    String::from_utf8_lossy(&o.stdout).into_owned()
}

fn stderr(o: &Output) -> String {
    String::from_utf8_lossy(&o.stderr).into_owned()
}

/// Issue "hostile input", point 1: each inline tile was looked up by a linear search, so
/// 65,000 of them took 50 s to load. Now a load is linear (the file is generated here: 4 MB).
#[test]
fn many_inline_tiles_load_in_linear_time() {
    let tmp = TempDir::new("many-inline-tiles");
    let mut yaml = String::from("tiles:\n");
    for i in 0..65_000 {
        yaml.push_str(&format!("  - {{id: T{i}, edges: FFFF, fields: [NL NR EL ER SL SR WL WR]}}\n"));
    }
    // A tile defined again replaces the first definition, as it always did.
    yaml.push_str("  - {id: T7, edges: CCCC, cities: [NESW]}\n");
    yaml.push_str(
        "title: many tiles\nplayers: [Red, Blue]\nturns:\n  - {tile: T7, at: [0, 1]}\n  - {tile: T64999, at: [0, -1]}\n",
    );
    let path = tmp.write("many-inline-tiles.yaml", yaml.as_bytes());
    // Generous: a debug build on a busy machine needs a few seconds; the quadratic load, minutes.
    let o = finish(spawn(&["check", path.to_str().unwrap(), "-r", "hig"], tmp.path(), None), LIMIT * 3, "check");
    let err = stderr(&o);
    // T7, now all city, fits north of the start tile's city, where an all-field T7 would not.
    assert_eq!(o.status.code(), Some(0), "{err}");
    assert!(stdout(&o).contains("PASS"), "{}", stdout(&o));
}
