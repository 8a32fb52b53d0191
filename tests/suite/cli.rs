use crate::util::{referee, referee_env, referee_in, root, stderr, stdout, TempDir};
use std::path::Path;
use std::process::Command;

const EXAMPLE: &str = "scenarios/base/road-completed.yaml";

#[test]
fn check_passes_with_exit_0_and_cites_rules() {
    let o = referee(&["check", EXAMPLE, "--ruleset", "hig"]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let out = stdout(&o);
    assert!(out.contains("Final scores: Red 4, Blue 0"), "{out}");
    assert!(out.contains("Citations:") && out.contains("base.road.completed"), "{out}");
    assert!(!out.contains('\x1b'), "no colour when not a terminal");
}

#[test]
fn check_failing_expectations_exits_1_with_a_diff() {
    let tmp = TempDir::new("cli-check_failing_expectations_exits_1_with_a_diff");
    let src = std::fs::read_to_string(root().join(EXAMPLE)).unwrap().replace("{Red: 4, Blue: 0}", "{Red: 5, Blue: 0}");
    let p = tmp.write("wrong.yaml", src.as_bytes());
    let o = referee(&["check", p.to_str().unwrap(), "-r", "hig"]);
    assert_eq!(o.status.code(), Some(1));
    let out = stdout(&o);
    assert!(out.contains("score of Red") && out.contains("expected: 5") && out.contains("actual:   4"), "{out}");
}

#[test]
fn bad_input_exits_2_naming_file_line_and_column() {
    let tmp = TempDir::new("cli-bad_input_exits_2_naming_file_line_and_column");
    let p = tmp.write("bad.yaml", b"title: t\nplayers: [Red, Blue]\nturns:\n  - {tile: XYZ, at: [1, 0]}\n");
    let o = referee(&["check", p.to_str().unwrap()]);
    assert_eq!(o.status.code(), Some(2));
    let err = stderr(&o);
    assert!(err.contains("bad.yaml:4:12") && err.contains("unknown tile `XYZ`"), "{err}");
    assert!(err.contains("referee::scenario::unknown-tile"), "{err}");

    let p = tmp.write("binary.yaml", b"\xff\xfe\x00\x01");
    let o = referee(&["check", p.to_str().unwrap()]);
    assert_eq!(o.status.code(), Some(2));
    assert!(stderr(&o).contains("not UTF-8"), "{}", stderr(&o));

    let o = referee(&["check", "no/such/file.yaml"]);
    assert_eq!(o.status.code(), Some(2));
    assert!(stderr(&o).contains("cannot read no/such/file.yaml"), "{}", stderr(&o));
}

#[test]
fn an_unexpected_illegal_move_exits_2_with_its_rule_id() {
    let tmp = TempDir::new("cli-an_unexpected_illegal_move_exits_2_with_its_rule_id");
    let p = tmp.write(
        "illegal.yaml",
        b"title: t\nplayers: [Red, Blue]\nturns:\n  - {tile: V, at: [1, 0]}\n  - {tile: E, at: [1, -1]}\n",
    );
    let o = referee(&["check", p.to_str().unwrap(), "-r", "hig"]);
    assert_eq!(o.status.code(), Some(2));
    let err = stderr(&o);
    assert!(err.contains("illegal.yaml:5:5") && err.contains("base.placement.edges-match"), "{err}");
}

#[test]
fn a_starting_board_that_breaks_a_rule_is_bad_input_unless_expected() {
    let tmp = TempDir::new("cli-a_starting_board_that_breaks_a_rule_is_bad_input_unless_expected");
    // A knight inside the city of Carcassonne, where no follower stands.
    let board = "title: t\nplayers: [Red, Blue]\nexpansions: [count]\nboard:\n  - {tile: CO07, at: [0, 0], followers: [{player: Red, on: city}]}\n";
    let p = tmp.write("board.yaml", board.as_bytes());
    let o = referee(&["check", p.to_str().unwrap(), "-r", "hig"]);
    assert_eq!(o.status.code(), Some(2), "{}", stderr(&o));
    assert!(stderr(&o).contains("count.city.followers"), "{}", stderr(&o));
    let expected = format!("{board}expect:\n  illegal: {{turn: board, rule: count.city.followers}}\n");
    let p = tmp.write("expected.yaml", expected.as_bytes());
    let o = referee(&["check", p.to_str().unwrap(), "-r", "hig", "-f", "json"]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let v: serde_json::Value = serde_json::from_slice(&o.stdout).unwrap();
    assert_eq!(v["runs"][0]["illegal"]["turn"], "board", "{v}");
    // Expecting another rule of the board fails the expectation (exit 1), it is no bad input.
    let wrong = expected.replace("count.city.followers", "base.placement.adjacent");
    let p = tmp.write("wrong.yaml", wrong.as_bytes());
    let o = referee(&["check", p.to_str().unwrap(), "-r", "hig"]);
    assert_eq!(o.status.code(), Some(1), "{}", stderr(&o));
}

#[test]
fn check_json_has_the_documented_fields() {
    let o = referee(&["check", EXAMPLE, "--format", "json"]);
    assert_eq!(o.status.code(), Some(0));
    let v: serde_json::Value = serde_json::from_slice(&o.stdout).unwrap();
    let runs = v["runs"].as_array().unwrap();
    assert_eq!(runs.len(), 4, "hig, rgg, zmg, ne");
    for r in runs {
        assert!(r["ruleset"].is_string());
        assert_eq!(r["scores"]["Red"], 4);
        assert!(r["illegal"].is_null());
        let e = &r["events"][0];
        assert_eq!(e["turn"], 3);
        assert_eq!(e["players"][0], "Red");
        assert_eq!(e["feature"], "road");
        assert_eq!(e["points"], 4);
        assert_eq!(e["rules"][0], "base.road.completed");
    }
}

#[test]
fn check_markdown_is_a_table_with_citations() {
    let o = referee(&["check", EXAMPLE, "-r", "zmg", "-f", "markdown"]);
    assert_eq!(o.status.code(), Some(0));
    let out = stdout(&o);
    assert!(out.contains("| turn | player | feature |") && out.contains("`base.road.completed`"), "{out}");
}

#[test]
fn test_runs_a_folder_and_closes_with_the_count() {
    let o = referee(&["test", "scenarios/base"]);
    let out = stdout(&o);
    let last = out.lines().last().unwrap_or_default();
    assert!(last.ends_with(" 0 failed") && last.contains(" passed, "), "{out}\n{}", stderr(&o));
    assert_eq!(o.status.code(), Some(0));
    assert!(out.contains("PASS base/road-completed [hig]"), "{out}");
}

#[test]
fn test_reports_a_bad_file_and_goes_on() {
    let tmp = TempDir::new("cli-test_reports_a_bad_file_and_goes_on");
    let dir = tmp.path();
    tmp.write("a-good.yaml", std::fs::read(root().join(EXAMPLE)).unwrap());
    tmp.write("b-bad.yaml", "title: [");
    let o = referee(&["test", dir.to_str().unwrap()]);
    assert_eq!(o.status.code(), Some(2));
    let out = stdout(&o);
    assert!(out.contains("ERROR") && out.contains("b-bad.yaml"), "{out}");
    assert!(out.lines().last().unwrap().starts_with("4 passed, 1 failed"), "{out}");
}

#[test]
fn rules_lists_switches_with_sources() {
    let o = referee(&["rules"]);
    assert_eq!(o.status.code(), Some(0));
    let out = stdout(&o);
    for id in ["hig", "rgg", "zmg", "ne", "early"] {
        assert!(out.contains(&format!("{id}: ")), "{out}");
    }
    assert!(out.contains("base.two-tile-city-score = two-points"), "{out}");
    let o = referee(&["rules", "--catalogue", "-f", "json"]);
    let v: serde_json::Value = serde_json::from_slice(&o.stdout).unwrap();
    assert!(v.as_array().unwrap().iter().any(|r| r["id"] == "base.final.field"));
}

#[test]
fn a_custom_profile_file_is_checked() {
    let tmp = TempDir::new("cli-a_custom_profile_file_is_checked");
    let good = tmp.write(
        "house.yaml",
        b"id: house\ntitle: House\nswitches:\n  base.two-tile-city-score: {value: two-points, source: us}\n",
    );
    let o = referee(&["rules", "--ruleset", good.to_str().unwrap()]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    assert!(stdout(&o).contains("house: House"));

    let bad = tmp.write(
        "bad-profile.yaml",
        b"id: x\ntitle: X\nswitches:\n  base.no-such-switch: {value: a}\n  base.two-tile-city-score: {value: 3}\n",
    );
    let o = referee(&["rules", "--ruleset", bad.to_str().unwrap()]);
    assert_eq!(o.status.code(), Some(2));
    let err = stderr(&o);
    assert!(err.contains("unknown switch `base.no-such-switch`") && err.contains("bad-profile.yaml:4:3"), "{err}");
    assert!(err.contains("`3` is not a value"), "{err}");

    let o = referee(&["rules", "--ruleset", "bogus"]);
    assert_eq!(o.status.code(), Some(2));
    assert!(stderr(&o).contains("unknown ruleset `bogus`"));
}

#[test]
fn every_subcommand_has_help_with_an_example() {
    for sub in
        ["check", "test", "rules", "bench", "compare", "explain", "rulings", "render", "moves", "completions", "man"]
    {
        let o = referee(&[sub, "--help"]);
        assert_eq!(o.status.code(), Some(0));
        assert!(stdout(&o).contains("Example:"), "{sub} --help has no example");
    }
}

#[test]
fn runs_from_any_folder_with_embedded_data() {
    let o = Command::new(env!("CARGO_BIN_EXE_referee"))
        .args(["check", root().join(EXAMPLE).to_str().unwrap(), "-r", "hig"])
        .current_dir(Path::new("/"))
        .env_clear()
        .output()
        .unwrap();
    assert_eq!(o.status.code(), Some(0), "{}", String::from_utf8_lossy(&o.stderr));
}

#[test]
fn compare_shows_each_difference_with_its_switch() {
    let o = referee(&["compare", "scenarios/ne8/contrast-bridge-road.yaml"]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    insta::assert_snapshot!("compare_contrast_bridge_road", stdout(&o));
    let o = referee(&["compare", "scenarios/base/two-tile-city.yaml", "--rulesets", "hig,early", "-f", "markdown"]);
    assert_eq!(o.status.code(), Some(0));
    insta::assert_snapshot!("compare_two_tile_city_markdown", stdout(&o));
    let o = referee(&["compare", "scenarios/base/two-tile-city.yaml", "--all", "-f", "json"]);
    let v: serde_json::Value = serde_json::from_slice(&o.stdout).unwrap();
    assert_eq!(v["differs"], true);
    assert_eq!(v["rows"][1]["values"]["early"], "2");
    assert_eq!(v["differences"][0]["switches"][0]["switch"], "base.two-tile-city-score");
}

#[test]
fn compare_says_so_in_one_line_when_nothing_differs() {
    let o = referee(&["compare", "scenarios/base/ties.yaml"]);
    assert_eq!(o.status.code(), Some(0));
    assert_eq!(
        stdout(&o),
        "base/ties: the rulesets hig, rgg, zmg, ne agree on every score and every move.\nScores: Red 10, Blue 10\n"
    );
    let o = referee(&["compare", "no/such.yaml"]);
    assert_eq!(o.status.code(), Some(2));
}

#[test]
fn explain_gives_wording_source_editions_and_scenarios() {
    let o = referee(&["explain", "base.city.two-tile-early"]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let out = stdout(&o);
    assert!(out.contains("edition difference") && out.contains("base.two-tile-city-score"), "{out}");
    assert!(out.contains("early: two-points") && out.contains("base/two-tile-city (pass)"), "{out}");
    let o = referee(&["explain", "bcb1.bazaar.example-first-lot", "-f", "json"]);
    let v: serde_json::Value = serde_json::from_slice(&o.stdout).unwrap();
    assert_eq!(v["rules"][0]["id"], "bcb1.bazaar.selector-buys");
    assert!(v["scenarios"].as_array().unwrap().iter().any(|s| s["scenario"] == "bcb1/bazaar-example-three-players"));
    let o = referee(&["explain", "bazaar.timng"]);
    assert_eq!(o.status.code(), Some(2));
    assert!(stderr(&o).contains("nearest ids: bazaar.timing"), "{}", stderr(&o));
}

#[test]
fn rulings_reports_coverage_per_document() {
    let tmp = TempDir::new("cli-rulings_reports_coverage_per_document");
    let dir = tmp.path();
    tmp.write("road.yaml", std::fs::read(root().join(EXAMPLE)).unwrap());
    let o = referee(&["rulings", "--format", "json", "--scenarios", dir.to_str().unwrap()]);
    assert_eq!(o.status.code(), Some(0));
    let v: serde_json::Value = serde_json::from_slice(&o.stdout).unwrap();
    let base =
        v.as_array().unwrap().iter().find(|d| d["document"] == "Carcassonne base game rules (Hans im Glück)").unwrap();
    assert!(base["passing"].as_array().unwrap().iter().any(|x| x == "base.road.completed"));
    assert!(base["uncovered"].as_array().unwrap().iter().any(|x| x == "base.final.field"));
    let o = referee(&["rulings", "--scenarios", dir.to_str().unwrap()]);
    assert!(stdout(&o).contains("uncovered: base.final.field"), "{}", stdout(&o));
    // `--uncovered` lists only the uncovered ids: no counts, nothing covered.
    let o = referee(&["rulings", "--uncovered", "--scenarios", dir.to_str().unwrap()]);
    let out = stdout(&o);
    assert!(out.contains("\n    base.final.field\n"), "{out}");
    assert!(!out.contains("base.road.completed") && !out.contains("passing"), "{out}");
    let o = referee(&["rulings", "--uncovered", "-f", "json", "--scenarios", dir.to_str().unwrap()]);
    let v: serde_json::Value = serde_json::from_slice(&o.stdout).unwrap();
    assert!(v.as_array().unwrap().iter().all(|d| d.get("passing").is_none()));
}

#[test]
fn outside_a_project_folder_rulings_and_explain_say_no_scenarios_folder() {
    let o = referee_in(&std::env::temp_dir(), &["rulings"]);
    assert_eq!(o.status.code(), Some(2));
    assert!(stderr(&o).contains("no `scenarios/` folder found"), "{}", stderr(&o));
    let o = referee_in(&std::env::temp_dir(), &["explain", "base.final.field"]);
    assert_eq!(o.status.code(), Some(0));
    assert!(stdout(&o).contains("No `scenarios/` folder found here"), "{}", stdout(&o));
}

#[test]
fn check_given_a_folder_suggests_test() {
    let o = referee(&["check", "scenarios/base"]);
    assert_eq!(o.status.code(), Some(2));
    let err = stderr(&o);
    assert!(err.contains("it is a folder") && err.contains("`referee test FOLDER` runs every scenario"), "{err}");
    assert_eq!(err.matches("scenarios/base").count(), 1, "the path is named once: {err}");
}

#[test]
fn a_missing_file_is_named_once() {
    for args in [&["check", "nope.yaml"][..], &["test", "nope.yaml"], &["render", "nope.yaml"], &["check", "nope.jcz"]]
    {
        let o = referee(args);
        assert_eq!(o.status.code(), Some(2));
        let err = stderr(&o);
        let name = args[1];
        assert!(err.contains(&format!("cannot read {name}: ")), "{err}");
        assert!(!err.contains(&format!("{name}: cannot read")), "{err}");
        assert_eq!(err.matches(name).count(), 1, "{args:?}: {err}");
    }
}

#[test]
fn a_scenario_without_expectations_says_nothing_was_checked() {
    let tmp = TempDir::new("cli-a_scenario_without_expectations_says_nothing_was_checked");
    let p = tmp.write("no-expect.yaml", b"title: t\nplayers: [Red, Blue]\nturns:\n  - {tile: V, at: [1, 0]}\n");
    let o = referee(&["check", p.to_str().unwrap(), "-r", "hig"]);
    assert_eq!(o.status.code(), Some(0));
    assert!(stderr(&o).contains("nothing was checked: the scenario has no `expect:`"), "{}", stderr(&o));
    let o = referee(&["test", p.to_str().unwrap()]);
    assert!(stdout(&o).contains("nothing was checked"), "{}", stdout(&o));
}

#[test]
fn render_draws_the_board_in_the_terminal_and_as_svg() {
    let tmp = TempDir::new("cli-render_draws_the_board_in_the_terminal_and_as_svg");
    let o = Command::new(env!("CARGO_BIN_EXE_referee"))
        .args(["render", "scenarios/bcb1/castle-example-twenty-points.yaml", "--turn", "1"])
        .current_dir(root())
        .env_clear()
        .env("LANG", "C.UTF-8")
        .output()
        .unwrap();
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    insta::assert_snapshot!("render_castle_turn_1_unicode", stdout(&o));
    let o = referee(&["render", "scenarios/bcb1/bridge-example-over-occupied-cloister.yaml", "--ascii"]);
    insta::assert_snapshot!("render_bridges_ascii", stdout(&o));
    let o = referee(&["render", "scenarios/cig/sanity-road-bonus.yaml", "--turn", "1", "--ascii"]);
    insta::assert_snapshot!("render_double_size_castle_ascii", stdout(&o));
    let svg = tmp.write("castle.svg", b"");
    referee(&["render", "scenarios/cig/sanity-road-bonus.yaml", "--svg", svg.to_str().unwrap()]);
    insta::assert_snapshot!("render_double_size_castle_svg", std::fs::read_to_string(&svg).unwrap());
    let o = referee(&["render", "scenarios/ne8/barn-two-barns-one-field.yaml"]);
    assert!(stdout(&o).is_ascii(), "no UTF-8 locale: plain ASCII");
    let svg = tmp.write("board.svg", b"");
    let o = referee(&["render", "scenarios/base/shared-field.yaml", "--svg", svg.to_str().unwrap()]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let text = std::fs::read_to_string(&svg).unwrap();
    assert!(text.starts_with("<svg") && text.trim_end().ends_with("</svg>"));
    insta::assert_snapshot!("render_shared_field_svg", text);
    let svg2 = tmp.write("final.svg", b"");
    let o = referee(&["check", EXAMPLE, "-r", "hig", "--svg", svg2.to_str().unwrap()]);
    assert_eq!(o.status.code(), Some(0));
    assert!(std::fs::read_to_string(&svg2).unwrap().contains("<title>A road closed at both ends"));
}

#[test]
fn completions_and_man_page_come_from_the_clap_definitions() {
    for shell in ["bash", "zsh", "fish"] {
        let o = referee(&["completions", shell]);
        assert_eq!(o.status.code(), Some(0));
        let out = stdout(&o);
        assert!(out.contains("referee") && out.contains("compare") && out.contains("render"), "{shell}: {out}");
    }
    let o = referee(&["man"]);
    assert_eq!(o.status.code(), Some(0));
    let out = stdout(&o);
    assert!(out.contains(".TH REFEREE 1") && out.contains("explain"), "{out}");
}

/// Issue 13, point 14: one page, whole, that refers to no other page.
#[test]
fn the_manual_page_has_exit_status_examples_and_no_missing_pages() {
    let out = stdout(&referee(&["man"]));
    assert!(out.contains("\n.SH EXIT STATUS\n"), "{out}");
    for code in ["0", "1", "2"] {
        assert!(out.contains(&format!(".TP\n{code}\n")), "{code}");
    }
    // No `referee-check(1)`: the commands are sections of this page.
    assert!(!out.contains("(1)"), "refers to a page that does not exist: {out}");
    assert!(out.contains(".SS \"referee check [OPTIONS] <SCENARIO>\""), "{out}");
    // Examples kept line by line (not filled into one paragraph), hyphens escaped.
    let example = ".nf\nExample:\n  referee check scenarios/base/shared\\-field.yaml \\-\\-ruleset hig\n";
    assert!(out.contains(example), "{out}");
    assert!(out.contains("\\fB\\-\\-data\\fR \\fI<DIR>\\fR"), "{out}");
    // Every line a roff request or text: none starts a request by accident.
    let requests = [".TH ", ".SH ", ".SS ", ".TP", ".PP", ".nf", ".fi", ".br"];
    for l in out.lines() {
        assert!(!l.starts_with('\'') && (!l.starts_with('.') || requests.iter().any(|r| l.starts_with(r))), "{l}");
    }
}

#[test]
fn completions_offer_the_ruleset_names() {
    let names = "hig rgg zmg ne early hig-2000 hig-2001 hig-bb3 rgg-bb3 jcz";
    let bash = stdout(&referee(&["completions", "bash"]));
    assert!(bash.matches(names).count() >= 5, "check, render, moves, rules and compare: {bash}");
    let zsh = stdout(&referee(&["completions", "zsh"]));
    assert!(zsh.contains(&format!(":RULESET:({names})")), "{zsh}");
    // A profile file is still a ruleset.
    let o = referee(&["check", EXAMPLE, "--ruleset", "rulesets/early.yaml"]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
}

#[test]
fn data_is_an_option_only_of_the_commands_that_read_data() {
    for sub in ["check", "test", "compare", "render", "moves", "import", "explain", "rulings", "rules", "bench"] {
        assert!(stdout(&referee(&[sub, "--help"])).contains("--data <DIR>"), "{sub}");
    }
    for sub in ["man", "completions"] {
        assert!(!stdout(&referee(&[sub, "--help"])).contains("--data"), "{sub}");
    }
    assert!(!stdout(&referee(&["--help"])).contains("--data"));
    let o = referee(&["man", "--data", "x"]);
    assert_eq!(o.status.code(), Some(2));
    // Both places work on a command that reads data.
    for args in [&["rules", "--data", "tests"][..], &["--data", "tests", "rules"]] {
        assert_eq!(referee(args).status.code(), Some(0), "{args:?}");
    }
}

#[test]
fn moves_lists_the_legal_moves_and_judges_the_written_one() {
    let tmp = TempDir::new("cli-moves_lists_the_legal_moves_and_judges_the_written_one");
    let o = referee(&["moves", "scenarios/base/edges-mismatch.yaml", "--turn", "3"]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    insta::assert_snapshot!("moves_edges_mismatch_turn_3", stdout(&o));
    let o = referee(&["moves", "scenarios/base/follower-occupied.yaml", "--turn", "2", "--ruleset", "hig"]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    insta::assert_snapshot!("moves_follower_occupied_turn_2", stdout(&o));

    let o = referee(&["moves", "scenarios/base/edges-mismatch.yaml", "--turn", "3", "-f", "json"]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let v: serde_json::Value = serde_json::from_slice(&o.stdout).unwrap();
    assert_eq!((v["turn"].as_u64(), v["player"].as_str(), v["tile"].as_str()), (Some(3), Some("Red"), Some("M")));
    let listed: usize = v["squares"]
        .as_array()
        .unwrap()
        .iter()
        .flat_map(|sq| sq["rotations"].as_array().unwrap())
        .map(|r| r["followers"].as_array().unwrap().len())
        .sum();
    assert_eq!(Some(listed as u64), v["count"].as_u64(), "every listed move is in a group");
    assert_eq!(v["as_written"]["legal"], false);
    assert_eq!(v["as_written"]["rule"], "base.placement.edges-match");
    assert!(v["as_written"]["nearby"].as_array().unwrap().iter().any(|n| n["legal"] == true), "{v}");

    // The expansions' actions, grouped under each placement: bridges (some placements only
    // with one), a barn, a move over a drawbridge.
    for (file, turn, name) in [
        ("scenarios/bcb1/legal-moves-fits-only-with-a-bridge.yaml", "1", "moves_bcb1_bridge_turn_1"),
        ("scenarios/ne8/legal-moves-barn-corners.yaml", "1", "moves_ne8_barn_turn_1"),
        ("scenarios/db/legal-moves-drawbridge-crossing.yaml", "1", "moves_db_crossing_turn_1"),
    ] {
        let o = referee(&["moves", file, "--turn", turn]);
        assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
        insta::assert_snapshot!(name, stdout(&o));
    }
    let o = referee(&["moves", "scenarios/ne8/legal-moves-barn-corners.yaml", "--turn", "1", "-f", "json"]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let v: serde_json::Value = serde_json::from_slice(&o.stdout).unwrap();
    let at_1_1 = v["squares"].as_array().unwrap().iter().find(|sq| sq["at"] == serde_json::json!([1, 1])).unwrap();
    let turned_0 = &at_1_1["rotations"][0];
    assert_eq!(turned_0["actions"][0]["extras"], serde_json::json!(["barn at the SW corner"]), "{turned_0}");
    assert_eq!(turned_0["actions"][0]["followers"].as_array().unwrap().len(), 2, "none, or the cloister");
    assert_eq!(v["discard_legal"], false);
    let o = referee(&["moves", "scenarios/base/no-legal-square.yaml", "--turn", "1", "-f", "json"]);
    let v: serde_json::Value = serde_json::from_slice(&o.stdout).unwrap();
    assert_eq!((v["count"].as_u64(), v["discard_legal"].as_bool()), (Some(0), Some(true)), "{v}");

    // A turn beyond the scenario, and one the game never reaches, are bad input.
    let o = referee(&["moves", "scenarios/base/edges-mismatch.yaml", "--turn", "4"]);
    assert_eq!(o.status.code(), Some(2));
    assert!(stderr(&o).contains("there is no turn 4: the scenario has 3 turn(s)"), "{}", stderr(&o));
    assert!(stderr(&o).contains("referee::moves::no-such-turn"), "{}", stderr(&o));
    let p = tmp.write(
        "unreached.yaml",
        b"title: t\nplayers: [Red, Blue]\nturns:\n  - {tile: V, at: [1, 0]}\n  - {tile: E, at: [1, -1]}\n  - {tile: E, at: [0, 1]}\n",
    );
    let o = referee(&["moves", p.to_str().unwrap(), "--turn", "3", "-r", "hig"]);
    assert_eq!(o.status.code(), Some(2));
    let err = stderr(&o);
    assert!(err.contains("turn 2:") && err.contains("never reaches turn 3"), "{err}");
    let o = referee(&["moves", "scenarios/base/edges-mismatch.yaml", "--turn", "0"]);
    assert_eq!(o.status.code(), Some(2));
}

/// The paste formats, and the 60-column layout, as they are printed.
#[test]
fn paste_formats_and_narrow_terminals() {
    for (name, args) in [
        ("check_bbcode", vec!["check", "scenarios/base/shared-field.yaml", "-r", "hig", "-f", "bbcode"]),
        ("check_mediawiki", vec!["check", "scenarios/base/two-tile-city.yaml", "-r", "early", "-f", "mediawiki"]),
        ("compare_bbcode", vec!["compare", "scenarios/ne8/contrast-bridge-road.yaml", "-f", "bbcode"]),
        ("compare_mediawiki", vec!["compare", "scenarios/ne8/contrast-bridge-road.yaml", "-f", "mediawiki"]),
        ("explain_bbcode", vec!["explain", "base.city.two-tile-early", "-f", "bbcode"]),
        ("explain_mediawiki", vec!["explain", "base.city.two-tile-early", "-f", "mediawiki"]),
    ] {
        let o = referee(&args);
        assert_eq!(o.status.code(), Some(0), "{args:?}: {}", stderr(&o));
        insta::assert_snapshot!(name, stdout(&o));
    }
    for (name, args) in [
        ("check_60_columns", vec!["check", "scenarios/base/shared-field.yaml", "-r", "hig"]),
        ("compare_60_columns", vec!["compare", "scenarios/ne8/contrast-bridge-road.yaml"]),
    ] {
        let o = referee_env(&args, &[("COLUMNS", "60")]);
        assert_eq!(o.status.code(), Some(0), "{args:?}: {}", stderr(&o));
        let out = stdout(&o);
        for line in out.lines() {
            assert!(line.chars().count() <= 60, "{args:?}: a line wider than 60 columns: {line}\n{out}");
        }
        insta::assert_snapshot!(name, out);
    }
    // Wide enough, the table stays a table.
    let o = referee_env(&["check", "scenarios/base/shared-field.yaml", "-r", "hig"], &[("COLUMNS", "100")]);
    assert!(stdout(&o).contains("┆ base.final.field"), "{}", stdout(&o));
    let o = referee_env(&["check", "--help"], &[("COLUMNS", "60")]);
    assert_eq!(o.status.code(), Some(0));
    assert!(stdout(&o).lines().all(|l| l.chars().count() <= 60), "{}", stdout(&o));
}

#[test]
fn a_failing_scenario_lists_what_failed_in_every_format() {
    let tmp = TempDir::new("cli-a_failing_scenario_lists_what_failed_in_every_format");
    let src = std::fs::read_to_string(root().join(EXAMPLE)).unwrap().replace("{Red: 4, Blue: 0}", "{Red: 5, Blue: 0}");
    let p = tmp.write("wrong-formats.yaml", src.as_bytes());
    for f in ["text", "markdown", "bbcode", "mediawiki"] {
        let o = referee(&["check", p.to_str().unwrap(), "-r", "hig", "-f", f]);
        assert_eq!(o.status.code(), Some(1), "{f}");
        let out = stdout(&o);
        assert!(out.contains("score of Red") && out.contains('5') && out.contains("not met"), "{f}: {out}");
    }
}

#[test]
fn an_illegal_move_refused_under_every_ruleset_is_told_once() {
    let tmp = TempDir::new("cli-an_illegal_move_refused_under_every_ruleset_is_told_once");
    let p = tmp.write(
        "illegal-once.yaml",
        b"title: t\nplayers: [Red, Blue]\nturns:\n  - {tile: V, at: [1, 0]}\n  - {tile: E, at: [1, -1]}\n",
    );
    let o = referee(&["check", p.to_str().unwrap()]);
    assert_eq!(o.status.code(), Some(2));
    let err = stderr(&o);
    assert_eq!(err.matches("this move is illegal").count(), 1, "{err}");
    assert!(err.contains("under rulesets hig, rgg, zmg, ne this move is illegal"), "{err}");
    let o = referee(&["test", p.to_str().unwrap()]);
    assert_eq!(o.status.code(), Some(2));
    assert_eq!(stderr(&o).matches("this move is illegal").count(), 1, "{}", stderr(&o));
    assert!(stdout(&o).contains("ERROR "), "{}", stdout(&o));
    assert!(stdout(&o).contains("illegal-once [hig, rgg, zmg, ne]\n0 passed, 4 failed"), "{}", stdout(&o));
}

#[test]
fn test_filters_quietens_and_reports_for_ci() {
    let tmp = TempDir::new("cli-test_filters_quietens_and_reports_for_ci");
    let o = referee(&["test", "scenarios/", "-k", "base/ties", "-q"]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    assert_eq!(stdout(&o), "4 passed, 0 failed\n");
    let o = referee(&["test", "scenarios/", "-k", "base/ties"]);
    assert_eq!(stdout(&o).lines().filter(|l| l.starts_with("PASS base/ties [")).count(), 4, "{}", stdout(&o));
    let o = referee(&["test", "scenarios/", "-k", "no-such-scenario"]);
    assert_eq!(o.status.code(), Some(2));
    let empty = tmp.path().join("empty");
    std::fs::create_dir_all(&empty).unwrap();
    let o = referee(&["test", empty.to_str().unwrap()]);
    assert_eq!(o.status.code(), Some(2), "an empty folder is bad input");
    assert!(stderr(&o).contains("no scenario files found"), "{}", stderr(&o));
    let o = referee(&["test", "scenarios/", "-k", "base/ties", "-f", "json"]);
    let v: serde_json::Value = serde_json::from_slice(&o.stdout).unwrap();
    assert_eq!((v["passed"].clone(), v["failed"].clone()), (4.into(), 0.into()));
    assert_eq!(v["runs"][0]["scenario"], "base/ties");
    assert!(v["jcz"].is_null());
    let o = referee(&["test", "scenarios/", "-k", "base/ties", "-f", "junit"]);
    let xml = stdout(&o);
    let doc = roxmltree::Document::parse(&xml).unwrap_or_else(|e| panic!("{e}\n{xml}"));
    assert_eq!(doc.descendants().filter(|n| n.has_tag_name("testcase")).count(), 4, "{xml}");
    // A failing run is a failure, with what failed.
    let src = std::fs::read_to_string(root().join(EXAMPLE)).unwrap().replace("{Red: 4, Blue: 0}", "{Red: 5, Blue: 0}");
    let p = tmp.write("wrong-junit.yaml", src.as_bytes());
    let o = referee(&["test", p.to_str().unwrap(), "-f", "junit"]);
    assert_eq!(o.status.code(), Some(1));
    let xml = stdout(&o);
    let doc = roxmltree::Document::parse(&xml).unwrap();
    let failure = doc.descendants().find(|n| n.has_tag_name("failure")).expect("a failure");
    assert!(failure.text().unwrap_or_default().contains("expected 5"), "{xml}");
}

#[test]
fn render_turns_final_scoring_and_a_refused_move() {
    let scenario = "scenarios/base/shared-field.yaml";
    let o = referee(&["render", scenario, "--turn", "4", "--ascii"]);
    assert_eq!(o.status.code(), Some(2), "past the last turn is an error");
    assert!(stderr(&o).contains("there is no turn 4"), "{}", stderr(&o));
    let last = referee(&["render", scenario, "--turn", "3", "--ascii"]);
    assert_eq!(last.status.code(), Some(0), "{}", stderr(&last));
    assert!(stdout(&last).contains("after turn 3 of 3, before final scoring"), "{}", stdout(&last));
    let fin = referee(&["render", scenario, "--final", "--ascii"]);
    assert!(stdout(&fin).contains("after the last turn (3) and final scoring"), "{}", stdout(&fin));
    assert_ne!(stdout(&last), stdout(&fin), "final scoring changes the scores shown");
    assert_eq!(stdout(&fin), stdout(&referee(&["render", scenario, "--ascii"])), "--final is the default");
    let o = referee(&["render", "scenarios/base/not-adjacent.yaml", "--ascii"]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    insta::assert_snapshot!("render_refused_move_ascii", stdout(&o));
}

#[test]
fn render_colours_follow_names_and_marks_differ() {
    let tmp = TempDir::new("cli-render_colours_follow_names_and_marks_differ");
    let yaml = b"title: Blue and Black\nplayers: [Black, Blue, Tom]\nturns:\n  - {tile: U, at: [1, 0], follower: road E}\n  - {tile: U, at: [-1, 0], follower: field NL}\n  - {tile: B, at: [0, -1], follower: cloister}\n";
    let file = tmp.write("colours.yaml", yaml);
    let o = referee(&["render", file.to_str().unwrap(), "--ascii"]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    insta::assert_snapshot!("render_marks_ascii", stdout(&o));
    let svg = tmp.write("colours.svg", b"");
    referee(&["render", file.to_str().unwrap(), "--svg", svg.to_str().unwrap()]);
    let text = std::fs::read_to_string(&svg).unwrap();
    roxmltree::Document::parse(&text).unwrap();
    assert!(text.contains("#111111") && text.contains("#1d4ed8") && text.contains("#0f766e"), "{text}");
    insta::assert_snapshot!("render_marks_svg", text);
}

/// A diagnostic on stderr is wrapped to `COLUMNS` when set and not at all in a pipe, so that
/// where a file lives never splits a phrase a reader (or a test) looks for (issue #37).
#[test]
fn diagnostics_wrap_to_the_terminal_and_not_in_a_pipe() {
    let tmp = TempDir::new("cli-wrap");
    let folder = "a-folder-deeper-than-a-checkout-usually-is/".repeat(4);
    let content = std::fs::read(root().join("tests/regression/duplicate-key-switches.yaml")).unwrap();
    let f = tmp.write(&format!("{folder}duplicate-key.yaml"), content);
    let phrase = "`base.two-tile-city-score` is written twice in this map; the rules need one value (first written at line 4, column 3)";
    let piped = referee(&["check", f.to_str().unwrap()]);
    assert_eq!(piped.status.code(), Some(2));
    assert!(stderr(&piped).contains(phrase), "{}", stderr(&piped));
    let narrow = referee_env(&["check", f.to_str().unwrap()], &[("COLUMNS", "40")]);
    let err = stderr(&narrow);
    assert_eq!(narrow.status.code(), Some(2));
    assert!(!err.contains(phrase), "wrapped at 40 columns: {err}");
    // The message's lines (not the quoted source); only a word longer than the width (a
    // folder of the path) may pass it.
    let message = err.lines().filter(|l| l.starts_with("  × ") || l.starts_with("  │ "));
    for line in message.filter(|l| !l.contains("a-folder-deeper")) {
        assert!(line.chars().count() <= 40, "a line wider than 40 columns: {line:?}\n{err}");
    }
}
