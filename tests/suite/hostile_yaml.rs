//! Hostile YAML: each input under tests/regression/ (or generated here when it is large)
//! gets a located diagnostic and exit 2, or loads and means what it says, within seconds
//! and without a panic. See: issue #10, points 1 to 3, 9, 10, 13 and 14.

use crate::util::{referee, referee_within, root, TempDir};
use std::path::{Path, PathBuf};

/// Runs `referee` with a hard limit of 10 s (a hang fails the test instead of blocking it).
fn regression(name: &str) -> PathBuf {
    root().join("tests/regression").join(name)
}

/// `referee check FILE` exits 2 with `code`, at `FILE:line:col` when `at` is given.
fn refused(file: &Path, code: &str, at: Option<(usize, usize)>) -> String {
    let o = referee(&["check", file.to_str().unwrap()]);
    let err = String::from_utf8_lossy(&o.stderr).into_owned();
    assert_eq!(o.status.code(), Some(2), "{}: {err}", file.display());
    assert!(err.contains(code), "{}: expected {code} in\n{err}", file.display());
    if let Some((l, c)) = at {
        let want = format!("{}:{l}:{c}", file.display());
        assert!(err.contains(&want), "{}: expected {want} in\n{err}", file.display());
    }
    err
}

fn passes(file: &Path) {
    let o = referee(&["check", file.to_str().unwrap()]);
    assert_eq!(
        o.status.code(),
        Some(0),
        "{}\n{}",
        String::from_utf8_lossy(&o.stdout),
        String::from_utf8_lossy(&o.stderr)
    );
}

#[test]
fn a_problem_on_a_line_past_column_65535_is_reported_without_a_snippet() {
    let tmp = TempDir::new("yaml-a_problem_on_a_line_past_column_65535_is_reported_without_a_snippet");
    // Point 1: miette's graphical handler panicked there (exit 101).
    let line = format!(
        "title: t\nplayers: [Red, Blue]\nturns: [{}{{tile: V, at: [1, 0], colour: red}}]\n",
        "{tile: U, discard: true}, ".repeat(3_000)
    );
    let f = tmp.write("long-line.yaml", &line);
    let err = refused(&f, "yaml::unknown-field", Some((3, 78_031)));
    assert!(err.len() < 2_000, "no snippet of the long line: {err}");
}

#[test]
fn aliases_cannot_expand_a_small_file_without_bound() {
    // Point 2: through `expect.rulesets` (recursive), each level repeating the one below ten
    // times; the reader's budget stops it within a fixed multiple of the file's size.
    let err = refused(&regression("alias-amplification.yaml"), "yaml::too-large", Some((11, 38)));
    assert!(err.contains("budget"), "{err}");
}

#[test]
fn merge_keys_work_for_repeated_inline_tiles() {
    passes(&regression("merge-keys-for-inline-tiles.yaml"));
}

#[test]
fn nesting_is_bounded_by_the_parser_whatever_the_quotes() {
    let tmp = TempDir::new("yaml-nesting_is_bounded_by_the_parser_whatever_the_quotes");
    // Point 3: a quote that never closes on its line used to switch the guard off.
    let deep = format!("title: a 'x\nplayers: [Red]\nturns: {}{}\n", "[".repeat(100_000), "]".repeat(100_000));
    refused(&tmp.write("quote-disables-nesting-guard.yaml", &deep), "yaml::too-large", Some((3, 72)));
    // ... and more than 64 `[` in a block scalar are text.
    passes(&regression("block-scalar-with-many-brackets.yaml"));
}

#[test]
fn numbers_the_types_cannot_hold_are_refused() {
    let tmp = TempDir::new("yaml-numbers_the_types_cannot_hold_are_refused");
    // Point 9.
    refused(&regression("coordinate-i64-min.yaml"), "scenario::bad-square", Some((4, 19)));
    refused(&regression("start-score-near-i32-max.yaml"), "scenario::bad-score", Some((4, 21)));
    refused(&regression("turn-number-beyond-u16.yaml"), "scenario::bad-turn", Some((6, 14)));
    refused(&regression("bids-add-up-past-a-million.yaml"), "scenario::bids-too-high", Some((13, 1244)));
    let many = format!("title: t\nplayers: [Red]\nturns:\n{}", "  - {tile: X, discard: true}\n".repeat(65_536));
    let f = tmp.write("too-many-turns.yaml", &many);
    let o = referee_within(&["check", f.to_str().unwrap()], 60);
    let err = String::from_utf8_lossy(&o.stderr);
    assert_eq!(o.status.code(), Some(2), "{err}");
    assert!(err.contains("scenario::too-many-turns") && err.contains("too-many-turns.yaml:65539:5"), "{err}");
}

#[test]
fn a_key_written_twice_is_refused_with_both_places() {
    // Point 10.
    for (file, first, second) in [
        ("duplicate-key-start-scores.yaml", (4, 16), (4, 33)),
        ("duplicate-key-switches.yaml", (4, 3), (5, 3)),
        ("duplicate-key-expect-scores.yaml", (4, 12), (4, 20)),
        ("duplicate-key-expect-rulesets.yaml", (5, 5), (6, 5)),
    ] {
        let err = refused(&regression(file), "yaml::duplicate-key", Some(second));
        assert!(err.contains(&format!("first written at line {}, column {}", first.0, first.1)), "{file}: {err}");
        assert!(err.contains("first here") && err.contains("again here"), "{file}: {err}");
    }
    // A profile given with --data is read the same way.
    let tmp = TempDir::new("yaml-duplicate-key-profile");
    let dir = tmp.path();
    tmp.write("rulesets/hig.yaml", std::fs::read(regression("duplicate-key-profile-switches.yaml")).unwrap());
    let o = referee(&["--data", dir.to_str().unwrap(), "rules"]);
    let err = String::from_utf8_lossy(&o.stderr);
    assert_eq!(o.status.code(), Some(2), "{err}");
    assert!(err.contains("yaml::duplicate-key") && err.contains("hig.yaml:6:3"), "{err}");
}

#[test]
fn line_breaks_and_documents_are_located_as_yaml_1_2_defines_them() {
    // Point 14: CR alone ends a line; NEL and U+2028 do not (YAML 1.2).
    refused(&regression("cr-only-line-endings.yaml"), "yaml::unknown-field", Some((4, 27)));
    refused(&regression("nel-and-line-separator.yaml"), "yaml::unknown-field", Some((4, 27)));
    // Where a writer took NEL or U+2028 for a line break, the message names the character.
    for (file, name) in [
        ("nel-as-a-line-break.yaml", "U+0085 NEXT LINE (NEL)"),
        ("line-separator-as-a-line-break.yaml", "U+2028 LINE SEPARATOR"),
    ] {
        let err = refused(&regression(file), "yaml::", None);
        assert!(
            err.contains(&format!("this line holds {name}, which YAML 1.2 does not read as a line break")),
            "{err}"
        );
    }
    refused(&regression("second-document.yaml"), "yaml::second-document", Some((4, 1)));
    refused(&regression("empty.yaml"), "scenario::empty", Some((1, 1)));
    // A byte-order mark before the first key is not part of it.
    passes(&regression("byte-order-mark.yaml"));
}

#[test]
fn values_and_locations_come_from_one_reading_of_the_file() {
    // Point 13: the loader accepted `{tile: U\n, at: [2, 0]}`, the old span index refused it
    // and every later problem lost its place. Now a problem after it is located.
    refused(&regression("flow-map-comma-on-next-line.yaml"), "yaml::unknown-field", Some((6, 27)));
}

#[test]
fn control_characters_are_refused_in_names_titles_and_tile_ids() {
    // Point 15: refused at load time, where they are written.
    refused(&regression("control-character-in-player-name.yaml"), "scenario::control-character", Some((4, 11)));
    refused(&regression("control-character-in-title.yaml"), "scenario::control-character", Some((1, 8)));
    refused(&regression("control-character-in-tile-id.yaml"), "tile::control-character", Some((4, 10)));
}

#[test]
fn a_file_that_is_not_utf_8_is_located_at_its_first_bad_byte() {
    // Point 14.
    refused(&regression("not-utf-8.yaml"), "io::not-utf-8", Some((3, 13)));
}

#[test]
fn a_file_with_a_thousand_problems_shows_the_first_fifty() {
    let err = refused(&regression("thousand-problems.yaml"), "scenario::unknown-tile", None);
    assert!(err.contains("1001 problems (the first 50 shown)"), "{}", &err[..300.min(err.len())]);
    assert_eq!(err.matches("unknown tile `BCB05`").count(), 50);
}

#[test]
fn a_board_in_two_pieces_is_refused_at_the_tile_that_is_apart() {
    refused(&regression("board-not-connected.yaml"), "base.placement.adjacent", Some((6, 5)));
}

#[test]
fn a_piece_on_the_starting_board_is_checked_by_the_rules_of_building_it() {
    refused(&regression("board-castle-on-open-city.yaml"), "bcb1.castle.town-definition", Some((8, 75)));
    refused(&regression("board-bridge-end-on-city.yaml"), "bcb1.bridge.ends-on-field", Some((7, 35)));
    refused(&regression("board-barn-three-tiles.yaml"), "ne.barn.four-tile-corner", Some((9, 48)));
    refused(&regression("board-german-castles-touching.yaml"), "cig.placement.no-touching-castles", Some((15, 5)));
}

#[test]
fn a_piece_of_a_mechanism_left_out_is_refused_on_the_starting_board() {
    refused(&regression("board-farmer-without-farmers.yaml"), "base.variant.without-farmers", Some((7, 38)));
    refused(&regression("board-bridge-without-bridges.yaml"), "bcb1.variant.without-bridges", Some((10, 35)));
}

#[test]
fn many_expectations_of_legal_moves_list_the_moves_once_a_turn() {
    let tmp = TempDir::new("yaml-many_expectations_of_legal_moves_list_the_moves_once_a_turn");
    // Found by fuzzing (seeds 707 and 808, RELIABILITY.md): a scenario repeating an
    // expectation of legal moves a thousand times listed them a thousand times, past the
    // fuzzer's 10 s bound in its checked build. The legal moves of a turn's tile are now
    // listed once however many expectations read them; the bound here only catches a
    // return of the listing per expectation.
    let text = std::fs::read_to_string(root().join("scenarios/bcb1/legal-moves-fits-only-with-a-bridge.yaml")).unwrap();
    let line = "    - {turn: 1, at: [1, 0], rotation: 0, with: [\"bridge EW at 1,0\"], followers: [none, city N, field S, bridge]}\n";
    assert!(text.contains(line), "the scenario still has its expectation of followers");
    let many = text.replacen(line, &line.repeat(2_000), 1);
    let f = tmp.write("many-moves-expectations.yaml", &many);
    let o = referee_within(&["check", f.to_str().unwrap(), "--ruleset", "hig"], 60);
    assert_eq!(o.status.code(), Some(0), "{}", String::from_utf8_lossy(&o.stderr));
}
