//! Hostile files and streams given to the binary: huge scenarios, link loops, special files,
//! odd `--data` folders, standard output that cannot be written. Each test failed (or hung)
//! before its fix; the binary runs under a time limit so that a hang fails instead of
//! blocking the suite. Links, FIFOs and the like are made at test time in a temporary folder.

use crate::util::{finish, referee_in, root, spawn_to, stderr, stdout, TempDir, LIMIT};
use std::path::Path;
use std::process::{Command, Stdio};

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
    let o = crate::util::referee_in_within(tmp.path(), &["check", path.to_str().unwrap(), "-r", "hig"], LIMIT * 3);
    let err = stderr(&o);
    // T7, now all city, fits north of the start tile's city, where an all-field T7 would not.
    assert_eq!(o.status.code(), Some(0), "{err}");
    assert!(stdout(&o).contains("PASS"), "{}", stdout(&o));
}

/// A diagnostic's words on one line, its frame (`│`) left out.
fn flat(s: &str) -> String {
    s.split_whitespace().filter(|w| *w != "│").collect::<Vec<_>>().join(" ")
}

/// Runs `check` on `path` and gives its diagnostic (on one line), insisting on exit status 2.
fn check_refuses(path: &Path) -> String {
    let o = referee_in(&std::env::temp_dir(), &["check", path.to_str().unwrap()]);
    let err = stderr(&o);
    assert_eq!(o.status.code(), Some(2), "{err}");
    assert!(!err.contains("panicked"), "{err}");
    flat(&err)
}

/// Point 3: opening a FIFO for reading waits for a writer, for ever.
#[test]
fn a_fifo_is_refused_without_waiting_for_a_writer() {
    let tmp = TempDir::new("fifo");
    let fifo = tmp.path().join("scenario.yaml");
    let made = Command::new("mkfifo").arg(&fifo).status().expect("mkfifo runs");
    assert!(made.success());
    let err = check_refuses(&fifo);
    let want = format!("cannot read {}: it is a FIFO (named pipe), not a regular file", fifo.display());
    assert!(err.contains(&want), "{err}");
}

/// Point 3: /dev/zero and /dev/urandom were read until memory ran out.
#[test]
fn endless_devices_are_refused_before_reading() {
    for dev in ["/dev/zero", "/dev/urandom"] {
        let err = check_refuses(Path::new(dev));
        assert!(err.contains(&format!("cannot read {dev}: it is a device, not a regular file")), "{err}");
    }
}

/// Point 3: a file past 16 MiB is refused, whatever it holds (this one is sparse: no disk).
#[test]
fn a_file_over_16_mib_is_refused() {
    let tmp = TempDir::new("big");
    let path = tmp.path().join("big.yaml");
    std::fs::File::create(&path).unwrap().set_len(16 * 1024 * 1024 + 1).unwrap();
    let err = check_refuses(&path);
    let want = format!("cannot read {}: it is larger than 16 MiB (16777217 bytes)", path.display());
    assert!(err.contains(&want), "{err}");
}

/// Point 3: a folder given to `check` is said to be one, and the file is named once, not
/// `x: cannot read x: ...` as before.
#[test]
fn a_folder_or_a_missing_file_is_named_once() {
    let tmp = TempDir::new("folder");
    let err = check_refuses(tmp.path());
    let name = tmp.path().display().to_string();
    assert!(err.contains(&format!("× cannot read {name}: it is a folder, not a regular file")), "{err}");
    assert_eq!(err.matches(&name).count(), 1, "{err}");

    let missing = tmp.path().join("nope.yaml");
    let err = check_refuses(&missing);
    let name = missing.display().to_string();
    assert!(err.contains(&format!("× cannot read {name}: No such file or directory")), "{err}");
    assert_eq!(err.matches(&name).count(), 1, "{err}");
}

/// Runs `rules` with `--data data` and gives its diagnostic (on one line), insisting on exit 2.
fn data_refused(data: &Path) -> String {
    let o = referee_in(&std::env::temp_dir(), &["--data", data.to_str().unwrap(), "rules"]);
    let err = stderr(&o);
    assert_eq!(o.status.code(), Some(2), "{err}\n{}", stdout(&o));
    assert!(o.stdout.is_empty(), "{}", stdout(&o));
    flat(&err)
}

/// Point 5: `--data` naming no folder, or a file, used the built-in data without a word; so
/// did a folder whose tiles/base.yaml is not a file.
#[test]
fn a_data_folder_that_is_not_one_is_refused() {
    let tmp = TempDir::new("data");
    let missing = tmp.path().join("no-such-folder");
    let err = data_refused(&missing);
    assert!(err.contains(&format!("cannot use --data {}: No such file or directory", missing.display())), "{err}");

    let file = tmp.write("a-file", b"tiles: []\n");
    let err = data_refused(&file);
    assert!(err.contains(&format!("cannot use --data {}: it is not a folder", file.display())), "{err}");

    std::fs::create_dir_all(tmp.path().join("odd/tiles/base.yaml")).unwrap();
    let err = data_refused(&tmp.path().join("odd"));
    let want =
        format!("cannot read {}: it is a folder, not a regular file", tmp.path().join("odd/tiles/base.yaml").display());
    assert!(err.contains(&want), "{err}");
}

/// Point 4: `bench` over an empty tile catalogue took the first tile of an empty bag (a panic).
#[test]
fn bench_refuses_an_empty_bag() {
    let data = root().join("tests/regression/empty-tile-catalogue");
    let o = referee_in(&root(), &["--data", data.to_str().unwrap(), "bench", "--games", "1", "--repeat", "1"]);
    let err = flat(&stderr(&o));
    assert_eq!(o.status.code(), Some(2), "{err}");
    assert!(err.contains("cannot bench: the base tile catalogue (tiles/base.yaml) holds no tiles"), "{err}");
}

/// `bench` plays a bag with Bridges, Castles and Bazaars too: a catalogue that makes it
/// larger than the bench plays is refused before anything is timed, not played for hours.
#[test]
fn bench_refuses_a_bcb1_bag_too_large() {
    let tmp = TempDir::new("bcb1-bag");
    tmp.write(
        "tiles/bcb1.yaml",
        b"expansion: bcb1\ntiles:\n  - id: BCB-MANY\n    name: many cloisters\n    count: 5000\n    edges: FFFF\n    fields: [NL NR EL ER SL SR WL WR]\n    cloister: true\n",
    );
    let o = referee_in(&root(), &["--data", tmp.path().to_str().unwrap(), "bench", "--games", "1", "--repeat", "1"]);
    let err = flat(&stderr(&o));
    assert_eq!(o.status.code(), Some(2), "{err}");
    assert!(err.contains("hold 5072 tiles, more than 1000"), "{err}");
}

/// Point 4: `bench --games 18446744073709551615` asked for a vector of that many games (a
/// panic); the counts are bounded now, and clap says so.
#[test]
fn bench_bounds_its_counts() {
    for (flag, value, range) in
        [("--games", "18446744073709551615", "1..=10000"), ("--repeat", "18446744073709551615", "1..=1000")]
    {
        let o = referee_in(&root(), &["bench", flag, value]);
        let err = stderr(&o);
        assert_eq!(o.status.code(), Some(2), "{err}");
        assert!(err.contains(&format!("invalid value '{value}' for '{flag} <")) && err.contains(range), "{err}");
    }
}

/// Point 2: `test` followed links to folders, so two links to `.` made 2^40 paths (a hang)
/// and a link to a parent ran the scenario 41 times, until the system refused the path.
#[test]
fn test_visits_each_real_file_once_whatever_the_links() {
    use std::os::unix::fs::symlink;
    let tmp = TempDir::new("links");
    let scenario = std::fs::read(root().join("scenarios/base/road-completed.yaml")).unwrap();
    tmp.write("suite/road-completed.yaml", &scenario);
    tmp.write(
        "elsewhere/city-completed.yaml",
        std::fs::read(root().join("scenarios/base/city-completed.yaml")).unwrap(),
    );
    std::fs::create_dir(tmp.path().join("suite/deeper")).unwrap();
    symlink(".", tmp.path().join("suite/again")).unwrap();
    symlink(".", tmp.path().join("suite/and-again")).unwrap();
    symlink("..", tmp.path().join("suite/deeper/loop")).unwrap();
    symlink("road-completed.yaml", tmp.path().join("suite/alias.yaml")).unwrap();
    // A link to a folder not otherwise reached is followed: its scenario runs once.
    symlink("../elsewhere", tmp.path().join("suite/elsewhere")).unwrap();

    let o = referee_in(tmp.path(), &["test", "suite"]);
    let (out, err) = (stdout(&o), stderr(&o));
    assert_eq!(o.status.code(), Some(0), "{out}\n{err}");
    // Each scenario under each of its four default rulesets, once.
    assert_eq!(out.matches("PASS suite/road-completed [").count(), 4, "{out}");
    assert_eq!(out.matches("PASS elsewhere/city-completed [").count(), 4, "{out}");
    assert!(out.ends_with("8 passed, 0 failed\n"), "{out}");
    for skipped in [
        "skipped suite/again: a link to a folder already visited\n",
        "skipped suite/and-again: a link to a folder already visited\n",
        "skipped suite/deeper/loop: a link to a folder already visited\n",
        "skipped suite/alias.yaml: a link to a file already visited\n",
    ] {
        assert_eq!(err.matches(skipped).count(), 1, "{skipped}\n{err}");
    }
    assert_eq!(err.lines().count(), 4, "{err}");
}

/// Standard output that refuses every write: /dev/full.
fn full() -> Stdio {
    Stdio::from(std::fs::OpenOptions::new().write(true).open("/dev/full").expect("/dev/full opens"))
}

/// The write end of a pipe whose reader has already gone: each write fails with EPIPE.
fn closed_pipe() -> Stdio {
    let mut reader = Command::new("true").stdin(Stdio::piped()).spawn().expect("`true` runs");
    let end = reader.stdin.take().unwrap();
    reader.wait().unwrap();
    Stdio::from(end)
}

/// Every command that writes to standard output, as run from the repository.
const WRITERS: &[&[&str]] = &[
    &["check", "scenarios/base/road-completed.yaml"],
    &["check", "scenarios/base/road-completed.yaml", "--format", "json"],
    &["test", "scenarios/"],
    &["compare", "scenarios/base/road-completed.yaml"],
    &["render", "scenarios/base/road-completed.yaml"],
    &["explain", "base.final.field"],
    &["rulings"],
    &["rules"],
    &["completions", "bash"],
    &["man"],
    &["--help"],
    &["--version"],
];

/// Point 6: a write error on standard output was swallowed, with exit status 0.
#[test]
fn a_full_standard_output_exits_2_and_says_so() {
    for args in WRITERS {
        let what = args.join(" ");
        let o = finish(spawn_to(args, &root(), full(), Stdio::piped()), LIMIT, &what);
        let err = stderr(&o);
        assert_eq!(o.status.code(), Some(2), "{what}: {err}");
        assert!(err.contains("cannot write to standard output: No space left on device"), "{what}: {err}");
        assert!(!err.contains("panicked"), "{what}: {err}");
    }
}

/// Point 6: when the reader goes (`referee test | head -1`), the command ends at its next
/// write, with status 0 and not a word, as ripgrep does. `bench` used to panic there
/// (`print!`), but takes a minute to get there in a debug build; it now writes through the
/// same path as these.
#[test]
fn a_closed_pipe_on_standard_output_ends_quietly() {
    for args in WRITERS {
        let what = args.join(" ");
        let o = finish(spawn_to(args, &root(), closed_pipe(), Stdio::piped()), LIMIT, &what);
        assert_eq!(o.status.code(), Some(0), "{what}: {}", stderr(&o));
        assert!(o.stderr.is_empty(), "{what}: {}", stderr(&o));
    }
}

/// Diagnostics went out with `eprint!`, which panics when standard error is a closed pipe.
#[test]
fn a_closed_pipe_on_standard_error_is_no_panic() {
    for (args, code) in
        [(&["check", "no-such-file.yaml"][..], 2), (&["--bogus"][..], 2), (&["test", "/no/such/folder/x.yaml"][..], 2)]
    {
        let what = args.join(" ");
        let o = finish(spawn_to(args, &root(), Stdio::piped(), closed_pipe()), LIMIT, &what);
        assert_eq!(o.status.code(), Some(code), "{what}: {}", stdout(&o));
    }
}
