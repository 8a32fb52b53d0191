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

#[test]
fn tiles_lists_the_catalogue_in_a_scenario_s_words() {
    let o = referee_env(&["tiles"], &[]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    insta::assert_snapshot!("tiles_text", stdout(&o));
    let o = referee_env(&["tiles", "--expansion", "bcb1"], &[]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    assert!(stdout(&o).starts_with("bcb1: ") && !stdout(&o).contains("\nbase: "), "{}", stdout(&o));
    let o = referee_env(&["tiles", "--expansion", "nope"], &[]);
    assert_eq!(o.status.code(), Some(2));
    assert!(stderr(&o).contains("referee::unknown-expansion") && stderr(&o).contains("base, bcb1"), "{}", stderr(&o));
}

#[test]
fn every_feature_name_tiles_lists_names_that_feature() {
    // What `tiles` prints is what a scenario may write: each name finds its own segment.
    let r = referee::geom::Rotation::default();
    for (_, defs) in &crate::util::lib().tiles {
        for d in defs {
            for (i, s) in d.segments.iter().enumerate() {
                let name = d.scenario_name(r, i);
                let spot = name.split_once(' ').map(|(_, w)| referee::tile::Spot::parse(w).expect("a place"));
                assert_eq!(d.find_segment(r, s.kind, spot), Ok(i), "tile {} segment {i}: {name}", d.id);
            }
        }
    }
}

#[test]
fn tiles_svg_draws_every_tile_and_parses() {
    let o = referee_env(&["tiles", "--svg", "-"], &[]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let svg = stdout(&o);
    let doc = roxmltree::Document::parse(&svg).expect("an SVG document");
    let tiles = doc.descendants().filter(|n| n.has_tag_name("g")).count();
    let kinds: usize =
        crate::util::lib().tiles.iter().map(|(_, d)| d.iter().filter(|t| t.half_of.is_none()).count()).sum();
    assert!(tiles >= kinds, "{tiles} tiles drawn of {kinds}");
    let tmp = crate::util::TempDir::new("words-tiles-svg");
    let file = tmp.path().join("tiles.svg");
    let o = referee_env(&["tiles", "--svg", file.to_str().unwrap()], &[]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    assert_eq!(std::fs::read_to_string(&file).unwrap(), svg);
}

#[test]
fn new_writes_a_starter_that_loads_and_passes() {
    let o = referee_env(&["new"], &[]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    assert_eq!(stdout(&o), referee::cli::gallery::STARTER);
    let sc = crate::util::scenario(referee::cli::gallery::STARTER).expect("the starter loads");
    assert!(!sc.rulesets.is_empty());
    for r in &sc.rulesets {
        let p = crate::util::lib().profile(r).expect("a built-in ruleset");
        let (_, j) = referee::cli::run_one(&sc, p).expect("the starter replays");
        assert!(matches!(j, referee::replay::Judgement::Pass), "{r}: {j:?}");
    }
    // Through the binary too, and into a new file only.
    let o = referee_stdin(&["check", "-"], referee::cli::gallery::STARTER.as_bytes(), &[]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let tmp = crate::util::TempDir::new("words-new");
    let file = tmp.path().join("mine.yaml");
    let o = referee_env(&["new", file.to_str().unwrap()], &[]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    assert_eq!(referee_env(&["check", file.to_str().unwrap()], &[]).status.code(), Some(0));
    let o = referee_env(&["new", file.to_str().unwrap()], &[]);
    assert_eq!(o.status.code(), Some(2), "never over an existing file");
    assert!(stderr(&o).contains("never writes over a file"), "{}", stderr(&o));
}

#[test]
fn explain_searches_rules_rulings_and_switches() {
    let o = referee_env(&["explain", "castle"], &[]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let out = stdout(&o);
    assert!(out.starts_with("What mentions “castle”:"), "{out}");
    // A rule by its wording, a ruling by its id, a switch by its name.
    assert!(out.contains("bcb1.castle.town-definition: A castle may be built only on a town"), "{out}");
    assert!(out.contains("Rulings (") && out.contains("bcb1.castle.example-twenty-points (under "), "{out}");
    assert!(out.contains("Switches (") && out.contains("castle.terms: "), "{out}");
    // Every word must be there, case aside.
    let o = referee_env(&["explain", "Castle FARM"], &[]);
    let out = stdout(&o);
    assert!(out.contains("bcb1.castle.farm-four-points") && !out.contains("bcb1.castle.town-definition"), "{out}");
    let o = referee_env(&["explain", "castle", "--format", "json"], &[]);
    let v: serde_json::Value = serde_json::from_str(&stdout(&o)).expect("JSON");
    assert_eq!(v["search"], "castle");
    assert!(
        v["rules"].as_array().is_some_and(|r| !r.is_empty()) && v["switches"].as_array().is_some_and(|r| !r.is_empty())
    );
    for f in ["markdown", "bbcode", "mediawiki"] {
        let o = referee_env(&["explain", "castle", "--format", f], &[]);
        assert_eq!(o.status.code(), Some(0), "{f}");
    }
    // Nothing mentions it: exit 2, with the nearest ids.
    let o = referee_env(&["explain", "zzzq"], &[]);
    assert_eq!(o.status.code(), Some(2));
    assert!(stderr(&o).contains("nearest ids"), "{}", stderr(&o));
}
