//! Issue 13: standard input and output (`-`), `--color`, and the player's words.

use crate::util::{referee_env, referee_stdin, root, stderr, stdout};

const SHARED: &str = "scenarios/base/shared-field.yaml";

fn shared() -> Vec<u8> {
    std::fs::read(root().join(SHARED)).unwrap()
}

#[test]
fn a_dash_reads_the_scenario_from_standard_input() {
    for args in [&["check", "-", "-r", "hig"][..], &["compare", "-"], &["render", "-", "--ascii"], &["test", "-"]] {
        let o = referee_stdin(args, &shared(), &[("NO_COLOR", "1")]);
        assert_eq!(o.status.code(), Some(0), "{args:?}: {}", stderr(&o));
        assert!(!stdout(&o).is_empty(), "{args:?}");
    }
    let o = referee_stdin(&["check", "-", "-r", "hig"], &shared(), &[]);
    let file = referee_env(&["check", SHARED, "-r", "hig"], &[]);
    // The same report, the id `stdin` for the file's.
    assert_eq!(stdout(&o).replacen("stdin", "base/shared-field", 1), stdout(&file));
    // `test -` once, however often it is named.
    let o = referee_stdin(&["test", "-", "-"], &shared(), &[]);
    assert!(stdout(&o).ends_with("4 passed, 0 failed\n"), "{}", stdout(&o));
}

#[test]
fn bad_input_on_standard_input_is_located_in_stdin() {
    let o = referee_stdin(&["check", "-"], b"title: t\nplayers: [Red]\nturns:\n  - {tile: XYZ, at: [1, 0]}\n", &[]);
    assert_eq!(o.status.code(), Some(2));
    assert!(stderr(&o).contains("<stdin>:4:12"), "{}", stderr(&o));
    let o = referee_stdin(&["check", "-"], b"\xff\xfe", &[]);
    assert_eq!(o.status.code(), Some(2));
    assert!(stderr(&o).contains("not UTF-8"), "{}", stderr(&o));
    let o = referee_stdin(&["check", "-"], b"", &[]);
    assert_eq!(o.status.code(), Some(2));
    assert!(stderr(&o).contains("empty"), "{}", stderr(&o));
}

#[test]
fn svg_dash_writes_the_picture_to_standard_output() {
    let o = referee_env(&["render", SHARED, "--svg", "-"], &[]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let svg = stdout(&o);
    assert!(svg.starts_with("<svg") && svg.trim_end().ends_with("</svg>"), "{svg}");
    roxmltree::Document::parse(&svg).expect("an SVG document");
    let o = referee_stdin(&["render", "-", "--svg", "-"], &shared(), &[]);
    assert_eq!(stdout(&o), svg);
    // check's standard output holds its report: the picture is refused there, exit 2.
    let o = referee_env(&["check", SHARED, "--svg", "-"], &[]);
    assert_eq!(o.status.code(), Some(2));
    assert!(stderr(&o).contains("referee::svg-to-stdout"), "{}", stderr(&o));
}

#[test]
fn color_is_as_asked_and_clicolor_force_forces_it() {
    let coloured = |args: &[&str], env: &[(&str, &str)]| {
        let mut all = vec!["test", SHARED];
        all.extend_from_slice(args);
        let o = referee_env(&all, env);
        assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
        stdout(&o).contains('\x1b')
    };
    // The helpers set NO_COLOR=1; an empty NO_COLOR counts as unset.
    assert!(!coloured(&[], &[]), "piped, NO_COLOR: plain");
    assert!(coloured(&["--color", "always"], &[]), "--color always beats NO_COLOR and a pipe");
    assert!(!coloured(&["--color", "never"], &[("NO_COLOR", ""), ("CLICOLOR_FORCE", "1")]));
    assert!(coloured(&[], &[("NO_COLOR", ""), ("CLICOLOR_FORCE", "1")]), "CLICOLOR_FORCE colours a pipe");
    assert!(!coloured(&[], &[("NO_COLOR", ""), ("CLICOLOR_FORCE", "0")]), "CLICOLOR_FORCE=0 does not");
    assert!(!coloured(&[], &[("CLICOLOR_FORCE", "1")]), "NO_COLOR wins over CLICOLOR_FORCE");
    assert!(!coloured(&["--color", "auto"], &[("NO_COLOR", "")]), "auto: a pipe is plain");
    // Diagnostics on stderr follow the same choice.
    let o = referee_env(&["--color", "always", "check", "no/such/file.yaml"], &[]);
    assert!(stderr(&o).contains('\x1b'), "{}", stderr(&o));
    let o = referee_env(&["check", "no/such/file.yaml"], &[]);
    assert!(!stderr(&o).contains('\x1b'), "{}", stderr(&o));
}
