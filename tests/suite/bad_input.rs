use crate::util::{lib, render, scenario};
use referee::diag::{InputError, SourceFile};
use referee::replay::{judge, replay, Judgement};

/// The diagnostic a scenario gives: at load time, or when its replay meets an illegal move
/// it did not expect.
fn diagnose(yaml: &str) -> InputError {
    let sc = match scenario(yaml) {
        Err(e) => return e,
        Ok(sc) => sc,
    };
    let out = match replay(&sc, lib().profile("hig").unwrap()) {
        Err(e) => return e,
        Ok(o) => o,
    };
    match judge(&sc, &out) {
        Judgement::Invalid(e) => e,
        other => panic!("expected a diagnostic, got {other:?}"),
    }
}

fn codes(e: &InputError) -> Vec<String> {
    e.problems().iter().map(|p| p.code.clone()).collect()
}

/// Checks the code and the `file:line:column` of the first problem, and snapshots the render.
fn check(name: &str, yaml: &str, code: &str, line_col: &str) {
    let e = diagnose(yaml);
    assert!(codes(&e).iter().any(|c| c == code), "{name}: expected code {code}, got {:?}", codes(&e));
    let shown = e.to_string();
    assert!(shown.starts_with(&format!("inline.yaml:{line_col}")), "{name}: expected position {line_col} in `{shown}`");
    insta::assert_snapshot!(name, render(&e));
}

const HEAD: &str = "title: t\nplayers: [Red, Blue]\n";

#[test]
fn yaml_syntax_error() {
    check("yaml_syntax", &format!("{HEAD}turns: [ {{tile: V, at: [1, 0]}}}}\n"), "referee::yaml::syntax", "3:");
}

#[test]
fn unknown_tile() {
    check(
        "unknown_tile",
        &format!("{HEAD}turns:\n  - {{tile: XYZ, at: [1, 0]}}\n"),
        "referee::scenario::unknown-tile",
        "4:12",
    );
}

#[test]
fn unknown_player() {
    check(
        "unknown_player",
        &format!("{HEAD}turns:\n  - {{player: Green, tile: V, at: [1, 0]}}\n"),
        "referee::scenario::unknown-player",
        "4:",
    );
}

#[test]
fn unknown_expansion() {
    check("unknown_expansion", &format!("{HEAD}expansions: [dragons]\n"), "referee::scenario::unknown-expansion", "3:");
}

#[test]
fn message_number_out_of_range() {
    check(
        "message_number_out_of_range",
        &format!("{HEAD}expansions: [messages]\nturns:\n  - {{tile: U, at: [1, 0], message: 9}}\n"),
        "referee::messages.draw.action-or-points",
        "5:",
    );
}

/// The abbey written as a key beside a turn's tile: it is the turn's tile (`tile: abbey`), so
/// the key is refused where it is written, citing its rule and saying how to write it.
#[test]
fn abbey_written_as_a_key() {
    check(
        "abbey_written_as_a_key",
        &format!("{HEAD}expansions: [am]\nturns:\n  - {{tile: U, at: [1, 0], abbey: [2, 0]}}\n"),
        "referee::am.abbey.placement",
        "5:",
    );
}

#[test]
fn unknown_ruleset() {
    check("unknown_ruleset", &format!("{HEAD}rulesets: [hig, bogus]\n"), "referee::scenario::unknown-ruleset", "3:");
}

#[test]
fn bad_rotation() {
    check(
        "bad_rotation",
        &format!("{HEAD}turns:\n  - {{tile: V, at: [1, 0], rotation: 45}}\n"),
        "referee::scenario::bad-rotation",
        "4:",
    );
}

#[test]
fn occupied_square() {
    check(
        "occupied_square",
        &format!("{HEAD}turns:\n  - {{tile: U, at: [0, 0], rotation: 0}}\n"),
        "base.placement.square-free",
        "4:5",
    );
}

#[test]
fn edges_do_not_match() {
    check(
        "edges_mismatch",
        &format!("{HEAD}turns:\n  - {{tile: V, at: [1, 0]}}\n  - {{tile: E, at: [1, -1]}}\n"),
        "base.placement.edges-match",
        "5:5",
    );
}

#[test]
fn follower_on_an_occupied_feature() {
    let yaml = format!(
        "{HEAD}turns:\n  - {{tile: U, at: [1, 0], follower: road W}}\n  - {{tile: U, at: [-1, 0], follower: road E}}\n"
    );
    check("follower_occupied", &yaml, "base.follower.unoccupied-feature", "5:5");
}

#[test]
fn follower_with_an_empty_supply() {
    // Seven cloisters in a row south of the start tile, each holding one of Red's followers.
    let mut yaml = format!("{HEAD}board:\n  - {{tile: D, at: [0, 0]}}\n");
    for x in 0..7 {
        yaml.push_str(&format!("  - {{tile: B, at: [{x}, -1], followers: [{{player: Red, on: cloister}}]}}\n"));
    }
    yaml.push_str("turns:\n  - {tile: B, at: [7, -1], follower: cloister}\n");
    check("follower_supply", &yaml, "base.follower.supply", "13:5");
}

#[test]
fn several_problems_are_reported_at_once() {
    let yaml = format!("{HEAD}expansions: [dragons]\nturns:\n  - {{tile: XYZ, at: [1, 0], rotation: 10}}\n");
    let e = diagnose(&yaml);
    assert_eq!(e.problems().len(), 3, "{:?}", codes(&e));
    insta::assert_snapshot!("several_problems", render(&e));
}

#[test]
fn wrong_types_and_unknown_fields() {
    for (yaml, code) in [
        ("title: t\nplayers: Red\n", "referee::yaml::wrong-type"),
        ("title: [1, 2]\nplayers: [Red]\n", "referee::yaml::wrong-type"),
        (&format!("{HEAD}turns:\n  - {{tile: V, at: [1, 0], colour: red}}\n") as &str, "referee::yaml::unknown-field"),
        ("players: [Red]\n", "referee::yaml::missing-field"),
        (&format!("{HEAD}turns:\n  - {{tile: V, at: [1]}}\n") as &str, "referee::scenario::bad-square"),
        (
            &format!("{HEAD}turns:\n  - {{tile: V, at: [1, 0], follower: tavern}}\n") as &str,
            "referee::scenario::bad-feature",
        ),
        (
            &format!("{HEAD}turns:\n  - {{tile: V, at: [1, 0], follower: city N}}\n") as &str,
            "referee::scenario::no-such-feature",
        ),
        (
            &format!("{HEAD}expect: {{illegal: {{turn: 1, rule: base.edges}}}}\n") as &str,
            "referee::scenario::unknown-rule",
        ),
    ] {
        let e = diagnose(yaml);
        assert!(codes(&e).iter().any(|c| c == code), "{yaml}: expected {code}, got {:?}", codes(&e));
    }
}

#[test]
fn turn_out_of_order() {
    let e = diagnose(&format!("{HEAD}turns:\n  - {{player: Blue, tile: V, at: [1, 0]}}\n"));
    assert_eq!(e.rules().iter().map(|r| r.as_str()).collect::<Vec<_>>(), vec!["base.turn.order"]);
}

#[test]
fn any_bytes_give_a_diagnostic_never_a_panic() {
    let mut inputs: Vec<Vec<u8>> = vec![
        Vec::new(),
        b"   \n\n".to_vec(),
        b"\x00\x01\x02\xff\xfe garbage".to_vec(),
        b"---\n...\n".to_vec(),
        b"- just\n- a list\n".to_vec(),
        b"42".to_vec(),
        b"title: t\nplayers: [Red]\nboard: [{tile: D, at: [0, 0]}, {tile: D, at: [0, 0]}]\n".to_vec(),
        b"title: t\nplayers: [Red]\nboard: []\n".to_vec(),
        b"title: t\nplayers: []\n".to_vec(),
        b"title: t\nplayers: [Red]\nturns: [{tile: V, at: [9999999999, 0]}]\n".to_vec(),
        b"&a [*a]".to_vec(),
        format!("title: {}\nplayers: [Red]\n", "x".repeat(5_000_000)).into_bytes(),
        format!("title: t\nplayers: [Red]\nturns: {}{}\n", "[".repeat(100_000), "]".repeat(100_000)).into_bytes(),
        format!("title: t\nplayers: [Red]\nturns: {}\n", "{a: ".repeat(10_000)).into_bytes(),
    ];
    // A few thousand pseudo-random byte strings and mutations of a valid scenario.
    let valid =
        format!("{HEAD}turns:\n  - {{tile: V, at: [1, 0], follower: road W}}\nexpect: {{scores: {{Red: 0}}}}\n");
    let mut rng = referee::random::Rng::new(99);
    for _ in 0..2000 {
        let mut v = valid.clone().into_bytes();
        for _ in 0..1 + rng.below(4) {
            let i = rng.below(v.len());
            match rng.below(3) {
                0 => v[i] = rng.below(256) as u8,
                1 => {
                    v.remove(i);
                }
                _ => v.insert(i, b"{}[]:-,\n #&*!|>'\"0aZ"[rng.below(20)]),
            }
        }
        inputs.push(v);
    }
    for bytes in inputs {
        let text = match String::from_utf8(bytes) {
            Ok(t) => t,
            Err(_) => continue, // read_file turns non-UTF-8 into a diagnostic; see the CLI tests
        };
        let file = SourceFile::new("fuzz.yaml", text.clone());
        let result = std::panic::catch_unwind(|| {
            let mut unlocated = Vec::new();
            let mut located = |e: &referee::diag::InputError| {
                unlocated.extend(e.problems().iter().filter(|p| p.span.is_none()).map(|p| p.message.clone()))
            };
            match referee::scenario::load("fuzz", file, lib()) {
                Err(e) => located(&e),
                Ok(sc) => {
                    for r in &sc.rulesets {
                        match replay(&sc, lib().profile(r).unwrap()) {
                            Err(e) => located(&e),
                            Ok(out) => {
                                if let Judgement::Invalid(e) = judge(&sc, &out) {
                                    located(&e);
                                }
                            }
                        }
                    }
                }
            }
            // Every problem of a file names its line and column (See: issue #10, point 13).
            assert!(unlocated.is_empty(), "problems without a place: {unlocated:?}");
        });
        assert!(result.is_ok(), "failed on input:\n{}", text.chars().take(300).collect::<String>());
        let file = SourceFile::new("fuzz.yaml", text.clone());
        let result = std::panic::catch_unwind(|| {
            if let Ok(sc) = referee::scenario::load("fuzz", file, lib()) {
                for r in &sc.rulesets {
                    if let Ok(out) = replay(&sc, lib().profile(r).unwrap()) {
                        let _ = judge(&sc, &out);
                        let _ = referee::report::text(
                            &sc,
                            &out,
                            &judge(&sc, &out),
                            &lib().catalogue,
                            referee::report::Style::plain(),
                        );
                    }
                }
            }
        });
        assert!(result.is_ok(), "panicked on input:\n{}", text.chars().take(300).collect::<String>());
    }
}

#[test]
fn a_bazaar_not_held_stops_the_game_only_at_its_last_turn() {
    let yaml = format!(
        "{HEAD}expansions: [bcb1]\nturns:\n  - {{tile: BCB05, at: [1, 0], rotation: 90, bazaar: not-held}}\n  - {{tile: E, at: [0, 1], rotation: 180}}\n"
    );
    check("bazaar_not_held_mid_game", &yaml, "referee::scenario::bad-bazaar", "5:53");
}

// Issue 13, point 13: the diagnostics say what was meant, once, where it was written.

#[test]
fn a_misspelt_key_gets_did_you_mean() {
    let yaml = format!("{HEAD}turns:\n  - {{tile: V, at: [1, 0], rotaion: 90}}\n");
    check("misspelt_key", &yaml, "referee::yaml::unknown-field", "4:27");
    let help = diagnose(&yaml).problems()[0].help.clone().unwrap();
    assert_eq!(help, "did you mean: rotation", "only the close names are offered");
}

#[test]
fn a_tile_letter_in_the_wrong_case_gets_did_you_mean() {
    let yaml = format!("{HEAD}turns:\n  - {{tile: e, at: [0, 1]}}\n");
    check("tile_wrong_case", &yaml, "referee::scenario::unknown-tile", "4:12");
    assert!(diagnose(&yaml).problems()[0].help.as_deref().unwrap().starts_with("did you mean: E?"));
}

#[test]
fn a_refused_rotation_causes_no_follow_on_problem() {
    // At 0 degrees tile E has no city S: the rotation already refused, the follower is not judged.
    let yaml = format!("{HEAD}turns:\n  - {{tile: E, at: [0, 1], rotation: 45, follower: city S}}\n");
    let e = diagnose(&yaml);
    assert_eq!(codes(&e), vec!["referee::scenario::bad-rotation"]);
    let yaml =
        format!("{HEAD}board:\n  - {{tile: D, at: [0, 0], rotation: 45, followers: [{{player: Red, on: city W}}]}}\n");
    assert_eq!(codes(&diagnose(&yaml)), vec!["referee::scenario::bad-rotation"]);
}

#[test]
fn a_bad_map_key_is_pointed_at() {
    check(
        "map_key_player",
        &format!("{HEAD}start-scores: {{Green: 3}}\n"),
        "referee::scenario::unknown-player",
        "3:16",
    );
    let e = diagnose(&format!("{HEAD}expect:\n  scores: {{Red: 0, Grene: 3}}\n"));
    assert!(e.to_string().starts_with("inline.yaml:4:20"), "{e}");
    let e = diagnose(&format!("{HEAD}switches: {{bogus: x}}\n"));
    assert!(e.to_string().starts_with("inline.yaml:3:12"), "{e}");
}

#[test]
fn wrong_types_are_said_in_plain_words() {
    let yaml = format!("{HEAD}turns:\n  - {{tile: V, at: [1, 0], rotation: ninety}}\n");
    check("rotation_not_a_number", &yaml, "referee::yaml::wrong-type", "4:37");
    for (yaml, words) in [
        (yaml.clone(), "expected a whole number of degrees (0, 90, 180 or 270)"),
        (format!("{HEAD}turns:\n  - {{tile: V, at: [1, 0], rotation: [90]}}\n"), "whole number of degrees"),
        (format!("{HEAD}start-scores: {{Red: x}}\n"), "expected a whole number of points"),
        (format!("{HEAD}turns:\n  - {{tile: V, at: [x, 0]}}\n"), "expected a whole number"),
        (
            format!(
                "{HEAD}expansions: [bcb1]\nturns:\n  - {{tile: V, at: [1, 0], bridge: {{at: [a, 0], axis: NS}}}}\n"
            ),
            "expected a whole number here, found the text \"a\"",
        ),
    ] {
        let shown = diagnose(&yaml).to_string();
        assert!(shown.contains(words), "{yaml}: `{shown}` lacks `{words}`");
        assert!(!shown.contains("i64") && !shown.contains("i32"), "{shown}");
    }
}

#[test]
fn the_words_a_diagnostic_offers_are_accepted_typed_back() {
    // Tile V's fields, as `more than one field there ... name one of:` lists them.
    let e = diagnose(&format!("{HEAD}turns:\n  - {{tile: V, at: [1, 0], follower: field S}}\n"));
    assert!(e.to_string().contains("field NL NR EL ER SL WR, field SR WL"), "{e}");
    for f in ["field NL NR EL ER SL WR", "field SR WL", "road SW", "road S W"] {
        let yaml = format!("{HEAD}turns:\n  - {{tile: V, at: [1, 0], follower: {f}}}\n");
        assert!(scenario(&yaml).is_ok(), "{f}: {:?}", scenario(&yaml).err().map(|e| render(&e)));
    }
}

#[test]
fn covers_naming_no_known_id_is_refused() {
    let yaml = format!("{HEAD}covers: [base.final.field, base.final.feild]\n");
    check("covers_unknown", &yaml, "referee::scenario::unknown-covers", "3:28");
    // A ruling id of a catalogue entry's `rulings:` list is known.
    assert!(scenario(&format!("{HEAD}covers: [bcb1.setup.supply-five-six-players]\n")).is_ok());
}

/// Traders and Builders' keys: each slip is a located diagnostic.
#[test]
fn traders_and_builders_keys_give_located_diagnostics() {
    let tb = format!("{HEAD}expansions: [tb]\n");
    // A pig named on something that is not a field of the tile just placed.
    check(
        "tb_pig_not_a_field",
        &format!("{tb}turns:\n  - {{tile: V, at: [1, 0], pig: road W}}\n"),
        "referee::scenario::bad-feature",
        "5:32",
    );
    let e = diagnose(&format!("{tb}turns:\n  - {{tile: E, at: [0, 1], rotation: 180, pig: field S}}\n"));
    assert_eq!(codes(&e), vec!["referee::scenario::no-such-feature"], "{e}");
    assert!(e.to_string().starts_with("inline.yaml:5:47"), "{e}");
    // Goods of no kind, a count out of range, a player unknown.
    let e = diagnose(&format!("{tb}goods: {{Red: {{silk: 2, wine: -1}}, Green: {{wine: 1}}}}\n"));
    assert_eq!(
        codes(&e),
        vec!["referee::scenario::unknown-player", "referee::scenario::bad-goods", "referee::scenario::bad-goods"],
        "{e}"
    );
    let e = diagnose(&format!("{tb}goods: {{Red: {{silk: 2}}}}\n"));
    assert!(e.to_string().starts_with("inline.yaml:4:15"), "{e}");
    let e = diagnose(&format!("{tb}pigs-each: 0\n"));
    assert_eq!(codes(&e), vec!["referee::scenario::bad-pigs"], "{e}");
    // A pig on the board: an unknown player, a field the tile lacks, an unknown key.
    let e = diagnose(&format!(
        "{tb}board:\n  - {{tile: D, at: [0, 0], pigs: [{{player: Green, on: field S}}, {{player: Red, on: field N}}]}}\n"
    ));
    assert_eq!(codes(&e), vec!["referee::scenario::unknown-player", "referee::scenario::no-such-feature"], "{e}");
    let e = diagnose(&format!(
        "{tb}board:\n  - {{tile: D, at: [0, 0], pigs: [{{player: Red, on: field S, colour: pink}}]}}\n"
    ));
    assert_eq!(codes(&e), vec!["referee::yaml::unknown-field"], "{e}");
    // The keys need the expansion, and a discard carries no pig.
    let e = diagnose(&format!("{HEAD}goods: {{Red: {{wine: 1}}}}\n"));
    assert_eq!(codes(&e), vec!["referee::scenario::needs-expansion"], "{e}");
    let e = diagnose(&format!("{tb}turns:\n  - {{tile: C, discard: true, pig: field}}\n"));
    assert!(codes(&e).contains(&"referee::scenario::discard-with-placement".to_string()), "{e}");
    // A pig standing on the board without its owner's farmer is refused by the rule.
    let e = diagnose(&format!("{tb}board:\n  - {{tile: D, at: [0, 0], pigs: [{{player: Red, on: field S}}]}}\n"));
    assert_eq!(codes(&e), vec!["tb.pig.placement"], "{e}");
    assert!(e.to_string().starts_with("inline.yaml:5:"), "{e}");
}

/// Mutations of a scenario using every Traders and Builders key: a diagnostic, never a panic,
/// and every problem located.
#[test]
fn traders_and_builders_mutations_never_panic() {
    let valid = "title: t\nplayers: [Red, Blue]\nexpansions: [tb]\npigs-each: 2\ngoods: {Red: {wine: 2}, Blue: {cloth: 1}}\n\
                 board:\n  - {tile: H, at: [0, 0], followers: [{player: Red, on: field E}], pigs: [{player: Red, on: field W}]}\n\
                 turns:\n  - {tile: B, at: [1, 0], pig: field}\n  - {tile: TB15, at: [0, 1], rotation: 90}\n";
    assert!(scenario(valid).is_ok());
    let mut rng = referee::random::Rng::new(7);
    for _ in 0..600 {
        let mut v = valid.as_bytes().to_vec();
        for _ in 0..1 + rng.below(3) {
            let i = rng.below(v.len());
            match rng.below(3) {
                0 => v[i] = b"{}[]:-,\n #0aZ9"[rng.below(14)],
                1 => {
                    v.remove(i);
                }
                _ => v.insert(i, b"{}[]:-,\n #&*0aZ"[rng.below(15)]),
            }
        }
        let Ok(text) = String::from_utf8(v) else { continue };
        let result = std::panic::catch_unwind(|| {
            let mut unlocated = Vec::new();
            match referee::scenario::load("fuzz", SourceFile::new("fuzz.yaml", text.clone()), lib()) {
                Err(e) => unlocated.extend(e.problems().iter().filter(|p| p.span.is_none()).map(|p| p.message.clone())),
                Ok(sc) => {
                    for r in &sc.rulesets {
                        match replay(&sc, lib().profile(r).unwrap()) {
                            Err(e) => unlocated
                                .extend(e.problems().iter().filter(|p| p.span.is_none()).map(|p| p.message.clone())),
                            Ok(out) => {
                                let _ = judge(&sc, &out);
                            }
                        }
                    }
                }
            }
            assert!(unlocated.is_empty(), "problems without a place: {unlocated:?}");
        });
        assert!(result.is_ok(), "failed on input:\n{text}");
    }
}

/// A turn in parts with fewer than two is no move at all: a file error, never an illegal
/// move; a third part is a move the rules judge (`scenarios/tb/builder-no-third-tile.yaml`).
#[test]
fn parts_fewer_than_two_are_a_file_error() {
    let head = "title: t\nplayers: [Red, Blue]\nexpansions: [tb]\n";
    for parts in ["[]", "[{tile: U, at: [1, 0]}]"] {
        let e = scenario(&format!("{head}turns:\n  - {{player: Red, parts: {parts}}}\n")).unwrap_err();
        assert_eq!(codes(&e), vec!["referee::scenario::parts-count"], "{parts}");
    }
}

/// Issue #38: every expansion's key beside `discard: true` is refused in one place, before its
/// vocabulary reads it (Abbey and Mayor's vocabulary did not check it itself); the bazaar not
/// held is the one key a discarded turn may carry.
#[test]
fn an_expansion_key_on_a_discarded_turn_is_refused_whatever_the_expansion() {
    for (x, key) in
        [("am", "mayor: city N"), ("tb", "builder: road E"), ("tower", "tower: [0, 0]"), ("pd", "dragon: [[0, 0]]")]
    {
        let yaml = format!("{HEAD}expansions: [{x}]\nturns:\n  - {{tile: V, discard: true, {key}}}\n");
        let e = diagnose(&yaml);
        assert!(codes(&e).iter().any(|c| c == "referee::scenario::discard-with-placement"), "{x}: {:?}", codes(&e));
        assert!(e.to_string().starts_with("inline.yaml:5:"), "{x}: {e}");
    }
}

/// `supply:`: a word no vocabulary knows, a word of an expansion not in play, a count out of
/// range or not a number: each a located diagnostic.
#[test]
fn supply_slips_give_located_diagnostics() {
    check("supply_unknown_piece", &format!("{HEAD}supply: {{follower: 1}}\n"), "referee::scenario::bad-supply", "3:10");
    let e = diagnose(&format!("{HEAD}supply: {{wagon: 2}}\n"));
    assert_eq!(codes(&e), vec!["referee::scenario::needs-expansion"], "{e}");
    assert!(e.to_string().starts_with("inline.yaml:3:17"), "{e}");
    check(
        "supply_out_of_range",
        &format!("{HEAD}supply: {{followers: -1}}\n"),
        "referee::scenario::bad-supply",
        "3:21",
    );
    let e = diagnose(&format!("{HEAD}expansions: [am]\nsupply: {{followers: 2, barn: 31}}\n"));
    assert_eq!(codes(&e), vec!["referee::scenario::bad-supply"], "{e}");
    assert!(e.to_string().starts_with("inline.yaml:4:30"), "{e}");
    let e = diagnose(&format!("{HEAD}supply: {{followers: two}}\n"));
    assert!(e.to_string().starts_with("inline.yaml:3:"), "{e}");
    let e = diagnose(&format!("{HEAD}supply: 3\n"));
    assert!(e.to_string().starts_with("inline.yaml:3:"), "{e}");
    // 0 is a count: a player without followers may not deploy one.
    let e =
        diagnose(&format!("{HEAD}supply: {{followers: 0}}\nturns:\n  - {{tile: V, at: [1, 0], follower: road W}}\n"));
    assert_eq!(codes(&e), vec!["base.follower.supply"], "{e}");
}

#[test]
fn a_dragon_flight_unfinished_stops_the_game_only_at_its_last_turn() {
    let board = "board:\n  - {tile: D, at: [0, 0]}\n  - {tile: PD17, at: [-1, 0], dragon: true}\n";
    let turn = "  - {tile: PD05, at: [0, 1], rotation: 180, dragon-flight: unfinished}\n";
    // Not the last turn.
    let yaml =
        format!("{HEAD}expansions: [pd]\n{board}final-scoring: false\nturns:\n{turn}  - {{tile: U, at: [1, 0]}}\n");
    let e = diagnose(&yaml);
    assert!(codes(&e).iter().any(|c| c == "referee::scenario::bad-dragon-flight"), "{:?}", codes(&e));
    assert!(e.to_string().starts_with("inline.yaml:9:"), "{e}");
    // The game scored to its end.
    let e = diagnose(&format!("{HEAD}expansions: [pd]\n{board}turns:\n{turn}"));
    assert!(codes(&e).iter().any(|c| c == "referee::scenario::bad-dragon-flight"), "{:?}", codes(&e));
    // A flight already over (the dragon stuck on the new tile after one move) is not unfinished.
    let stuck = "  - {tile: PD05, at: [0, 1], rotation: 180, dragon: [[0, 0], [0, 1]], dragon-flight: unfinished}\n";
    let e = diagnose(&format!("{HEAD}expansions: [pd]\n{board}final-scoring: false\nturns:\n{stuck}"));
    assert!(crate::util::unwrapped(&e).contains("the flight is over"), "{}", crate::util::unwrapped(&e));
}

#[test]
fn a_tower_turn_unfinished_stops_the_game_only_at_its_last_turn() {
    let board = "board:\n  - {tile: D, at: [0, 0]}\n";
    let turn = "  - {tile: TW04, at: [1, 0], tower-turn: unfinished}\n";
    // Not the last turn.
    let e = diagnose(&format!(
        "{HEAD}expansions: [tower]\n{board}final-scoring: false\nturns:\n{turn}  - {{tile: U, at: [-1, 0]}}\n"
    ));
    assert!(codes(&e).iter().any(|c| c == "referee::scenario::bad-tower-turn"), "{:?}", codes(&e));
    // The game scored to its end.
    let e = diagnose(&format!("{HEAD}expansions: [tower]\n{board}turns:\n{turn}"));
    assert!(codes(&e).iter().any(|c| c == "referee::scenario::bad-tower-turn"), "{:?}", codes(&e));
    // A value other than `unfinished`.
    let e = diagnose(&format!(
        "{HEAD}expansions: [tower]\n{board}final-scoring: false\nturns:\n  - {{tile: TW04, at: [1, 0], tower-turn: over}}\n"
    ));
    assert!(crate::util::unwrapped(&e).contains("the value is one of `unfinished`"), "{}", crate::util::unwrapped(&e));
}

/// The Wheel of Fortune plays only its Famine sector: a turn sending the pig to another is
/// refused where the sector is written.
#[test]
fn wheel_sector_not_modelled() {
    check(
        "wheel_sector_not_modelled",
        &format!("{HEAD}expansions: [wheel-of-fortune]\nturns:\n  - {{tile: U, at: [1, 0], wheel: {{crowns: 1, to: tax}}}}\n"),
        "referee::wheel.sector.acts",
        "5:",
    );
}

/// A turn whose crowns do not take the pig where the scenario says is an illegal move citing
/// the pig's movement (from Fortune, 1 crown reaches Tax, not Famine).
#[test]
fn wheel_pig_elsewhere_is_illegal() {
    check(
        "wheel_pig_elsewhere_is_illegal",
        &format!("{HEAD}expansions: [wheel-of-fortune]\nturns:\n  - {{tile: U, at: [1, 0], wheel: {{crowns: 1, to: famine}}}}\n"),
        "wheel.pig.moves",
        "5:",
    );
}

/// A follower's flight from the plague (The Plague) is not modelled: refused where it is
/// written, citing its rule.
#[test]
fn plague_flight_not_modelled() {
    check(
        "plague_flight_not_modelled",
        &format!(
            "{HEAD}expansions: [plague]\nboard:\n  - {{tile: D, at: [0, 0]}}\n  - {{tile: U, at: [-1, 0], outbreak: 1}}\nturns:\n  - {{tile: U, at: [1, 0], flea: [0, 0], flight: {{from: [0, 0], to: [1, 0]}}}}\n"
        ),
        "referee::plague.flight",
        "8:",
    );
}

/// A follower on a plague source tile of the starting board (The Plague): the board is
/// refused, citing the rule, where the outbreak is written.
#[test]
fn plague_follower_on_a_source_tile() {
    check(
        "plague_follower_on_a_source_tile",
        &format!(
            "{HEAD}expansions: [plague]\nboard:\n  - {{tile: D, at: [0, 0]}}\n  - {{tile: U, at: [-1, 0], outbreak: 1, followers: [{{player: Red, on: road W}}]}}\n"
        ),
        "plague.outbreak.no-follower",
        "6:38",
    );
}
