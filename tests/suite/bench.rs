//! `referee bench` (issue 15): what it plays and the shape of its figures. Never timed: the
//! figures themselves are only checked to be positive numbers.

use crate::util::{lib, referee, stderr};
use referee::expansion::Options;
use referee::random::{generate, playout, replay, Playout};

/// The playout `bench` times is the generator's game: the same moves for the same seed, so
/// the game it finishes is the one `replay` rebuilds from `generate`.
#[test]
fn the_timed_playout_is_the_generated_game() {
    let tiles = lib().tile_set(&[]);
    for seed in [1, 2, 77] {
        for players in [2, 4] {
            let g = generate(&tiles, seed, players, 1);
            assert_eq!(playout(&tiles, seed, players, 1), replay(&tiles, Options::default(), &g, true), "seed {seed}");
        }
    }
    // Step by step, a copy plays the same rest of the game.
    let mut p = Playout::new(&tiles, 5, 2, 2);
    assert_eq!(p.bag_len(), 2 * 72 - 1);
    while p.drawn() < 100 {
        assert!(p.step());
    }
    let (mut a, mut b) = (p.clone(), p);
    while a.step() {}
    while b.step() {}
    assert_eq!(a.drawn(), 143);
    assert_eq!(a.game(), b.game());
    let mut whole = generate(&tiles, 5, 2, 2);
    whole.steps.truncate(143);
    assert_eq!(a.into_game(), replay(&tiles, Options::default(), &whole, false));
}

/// The sizes of 1,000 and 10,000 placements are left out here: unoptimised, they take
/// seconds. The release build measures them by default.
#[test]
fn bench_json_has_every_figure_with_its_unit() {
    let o =
        referee(&["bench", "--games", "2", "--repeat", "1", "--max-placements", "72", "--startup", "2", "-f", "json"]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let v: serde_json::Value = serde_json::from_slice(&o.stdout).unwrap();
    let positive = |key: &str, x: &serde_json::Value| {
        assert!(x.as_f64().is_some_and(|x| x > 0.0), "{key}: {x} in {v}");
    };
    for key in [
        "playout_us",
        "playout_best_us",
        "replay_us",
        "replay_best_us",
        "legal_moves_ns",
        "startup_version_us",
        "startup_check_us",
        "reference_ns",
    ] {
        positive(key, &v[key]);
    }
    positive("placement_ns 72", &v["placement_ns"]["72"]);
    positive("placement_listed_ns 72", &v["placement_listed_ns"]["72"]);
    positive("placement_moves 72", &v["placement_moves"]["72"]);
    positive("placement_drawn 72", &v["placement_drawn"]["72"]);
    // With Bridges, Castles and Bazaars in the bag: 83 tiles.
    positive("placement_bcb1_ns 72", &v["placement_bcb1_ns"]["72"]);
    positive("placement_bcb1_listed_ns 72", &v["placement_bcb1_listed_ns"]["72"]);
    positive("placement_bcb1_moves 72", &v["placement_bcb1_moves"]["72"]);
    assert!(v["placement_bcb1_drawn"]["72"].as_u64().is_some_and(|n| n > 72), "{v}");
    for size in ["1000", "10000"] {
        assert!(v["placement_ns"].get(size).is_none(), "beyond --max-placements: {v}");
        assert!(v["placement_bcb1_ns"].get(size).is_none(), "beyond --max-placements: {v}");
    }
    let p = &v["parameters"];
    assert_eq!((p["games"].as_u64(), p["repeat"].as_u64(), p["seed"].as_u64()), (Some(2), Some(1), Some(1)), "{v}");
    assert_eq!(p["max_placements"].as_u64(), Some(72), "{v}");
    assert_eq!(p["startup_runs"].as_u64(), Some(2), "{v}");
    // `referee serve`'s answers, on the shared-field dispute and on a whole generated game
    // (its turns written by `scenario::write`: a whole game, more than 60 of them).
    for board in ["shared-field", "generated game"] {
        positive(&format!("serve_change_us {board}"), &v["serve_change_us"][board]);
        positive(&format!("serve_click_us {board}"), &v["serve_click_us"][board]);
    }
    assert!(v["serve_turns"]["generated game"].as_u64().is_some_and(|n| n > 60), "{v}");
    // A difference of two medians' worth of runs: a number, of either sign on a busy machine.
    assert!(v["check_over_version_us"].as_f64().is_some(), "{v}");
    assert!(v["startup_from_copy"].is_boolean(), "{v}");
}

/// `--startup 0` leaves the start-up figures out (null in JSON, no line in the text).
#[test]
fn bench_startup_can_be_left_out() {
    let o =
        referee(&["bench", "--games", "1", "--repeat", "1", "--max-placements", "72", "--startup", "0", "-f", "json"]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let v: serde_json::Value = serde_json::from_slice(&o.stdout).unwrap();
    for key in ["startup_version_us", "startup_check_us", "check_over_version_us", "startup_from_copy"] {
        assert!(v[key].is_null(), "{key}: {v}");
    }
    let o = referee(&["bench", "--games", "1", "--repeat", "1", "--max-placements", "72", "--startup", "0"]);
    assert!(!String::from_utf8_lossy(&o.stdout).contains("start-up:"));
    assert_eq!(referee(&["bench", "--startup", "10001"]).status.code(), Some(2));
}

/// The text report names each figure; the sizes beyond `--max-placements` are left out.
#[test]
fn bench_text_names_each_figure() {
    let o = referee(&["bench", "--games", "1", "--repeat", "1", "--max-placements", "72", "--startup", "1"]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let out = String::from_utf8_lossy(&o.stdout);
    for want in [
        "random playout:",
        "replay:",
        "legal moves of a turn's tile",
        "71 placements:",
        "with Bridges, Castles and Bazaars",
        "83 placements:",
        "start-up:",
        "check above --version",
        "referee serve: a change of the board",
        "reference:",
    ] {
        assert!(out.contains(want), "{want}: {out}");
    }
    assert!(!out.contains("1007 placements"), "{out}");
    for bad in
        [&["bench", "--max-placements", "71"][..], &["bench", "--max-placements", "10001"], &["bench", "-f", "xml"]]
    {
        assert_eq!(referee(bad).status.code(), Some(2), "{bad:?}");
    }
}
