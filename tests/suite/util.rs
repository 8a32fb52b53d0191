use referee::data::Library;
use referee::diag::SourceFile;
use referee::scenario::{self, Scenario};
use std::io::Read;
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Output, Stdio};
use std::sync::OnceLock;
use std::time::{Duration, Instant};

pub fn lib() -> &'static Library {
    static LIB: OnceLock<Library> = OnceLock::new();
    LIB.get_or_init(Library::builtin)
}

pub fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

/// Loads a scenario written inline in a test.
pub fn scenario(yaml: &str) -> Result<Scenario, referee::diag::InputError> {
    scenario::load("test/inline", SourceFile::new("inline.yaml", yaml.to_string()), lib())
}

/// A diagnostic as text, without colour, at a fixed width.
pub fn render(e: &(dyn miette::Diagnostic + 'static)) -> String {
    referee::diag::render(e, false)
}

/// A diagnostic as text, without colour, not wrapped: what a test asserts on with
/// `contains`, so that no phrase is split by where the checkout lives or how wide a
/// terminal is.
pub fn unwrapped(e: &(dyn miette::Diagnostic + 'static)) -> String {
    referee::diag::render_at(e, false, None)
}

/// How long one run of the binary may take before a test calls it a hang. The bound of issue
/// #10 (10 s) is for the release build; tests run an unoptimised build on a shared machine.
pub const LIMIT: Duration = Duration::from_secs(10);

/// The binary, from `dir`, with a clean environment and its standard output and error sent
/// where given.
pub fn spawn_to(args: &[&str], dir: &Path, stdout: Stdio, stderr: Stdio) -> Child {
    Command::new(env!("CARGO_BIN_EXE_referee"))
        .args(args)
        .current_dir(dir)
        .env_clear()
        .env("NO_COLOR", "1")
        .stdin(Stdio::null())
        .stdout(stdout)
        .stderr(stderr)
        .spawn()
        .expect("the binary runs")
}

/// Waits for the child at most `limit`; kills it and fails the test if it takes longer. The
/// pipes are drained meanwhile, so that a full pipe cannot pass for a hang.
pub fn finish(mut child: Child, limit: Duration, what: &str) -> Output {
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

/// Runs the binary from `dir` within `limit`, its output captured.
pub fn referee_in_within(dir: &Path, args: &[&str], limit: Duration) -> Output {
    finish(spawn_to(args, dir, Stdio::piped(), Stdio::piped()), limit, &args.join(" "))
}

/// Runs the binary from `dir` within [`LIMIT`].
pub fn referee_in(dir: &Path, args: &[&str]) -> Output {
    referee_in_within(dir, args, LIMIT)
}

/// Runs the binary from the repository root within `seconds`.
pub fn referee_within(args: &[&str], seconds: u64) -> Output {
    referee_in_within(&root(), args, Duration::from_secs(seconds))
}

/// Runs the binary from the repository root within [`LIMIT`].
pub fn referee(args: &[&str]) -> Output {
    referee_in(&root(), args)
}

pub fn stdout(o: &Output) -> String {
    String::from_utf8_lossy(&o.stdout).into_owned()
}

pub fn stderr(o: &Output) -> String {
    String::from_utf8_lossy(&o.stderr).into_owned()
}

/// Runs the binary from the repository root within [`LIMIT`], with `env` set besides.
pub fn referee_env(args: &[&str], env: &[(&str, &str)]) -> Output {
    let mut cmd = Command::new(env!("CARGO_BIN_EXE_referee"));
    cmd.args(args).current_dir(root()).env_clear().env("NO_COLOR", "1").stdin(Stdio::null());
    for (k, v) in env {
        cmd.env(k, v);
    }
    let child = cmd.stdout(Stdio::piped()).stderr(Stdio::piped()).spawn().expect("the binary runs");
    finish(child, LIMIT, &args.join(" "))
}

/// Runs the binary from the repository root within [`LIMIT`], `input` on its standard input
/// and `env` set besides.
pub fn referee_stdin(args: &[&str], input: &[u8], env: &[(&str, &str)]) -> Output {
    use std::io::Write;
    let mut cmd = Command::new(env!("CARGO_BIN_EXE_referee"));
    cmd.args(args).current_dir(root()).env_clear().stdin(Stdio::piped());
    for (k, v) in env {
        cmd.env(k, v);
    }
    let mut child = cmd.stdout(Stdio::piped()).stderr(Stdio::piped()).spawn().expect("the binary runs");
    let mut pipe = child.stdin.take().expect("piped");
    let input = input.to_vec();
    let writer = std::thread::spawn(move || {
        let _ = pipe.write_all(&input);
    });
    let out = finish(child, LIMIT, &args.join(" "));
    let _ = writer.join();
    out
}

/// A temporary folder of a test's own (named after the test binary's process and `name`),
/// emptied when made and removed when dropped.
pub struct TempDir(PathBuf);

impl TempDir {
    pub fn new(name: &str) -> TempDir {
        let p = std::env::temp_dir().join(format!("referee-test-{}-{name}", std::process::id()));
        let _ = std::fs::remove_dir_all(&p);
        std::fs::create_dir_all(&p).unwrap();
        TempDir(p)
    }

    pub fn path(&self) -> &Path {
        &self.0
    }

    /// Writes a file (creating its folders) and gives its path.
    pub fn write(&self, name: &str, content: impl AsRef<[u8]>) -> PathBuf {
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
