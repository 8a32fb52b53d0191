//! The builder's double turn against the bazaar (issue 14): the seed's Q&A in its two orders,
//! one board, side by side.

use crate::util::{referee, stderr, stdout};

#[test]
fn compare_shows_both_orders_of_the_bazaar_and_the_builders_second_part() {
    let scenario = "scenarios/tb/bazaar-tile-earns-builder-turn.yaml";
    let o = referee(&["compare", scenario, "--rulesets", "hig,jcz", "-f", "json"]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let v: serde_json::Value = serde_json::from_slice(&o.stdout).unwrap();
    let row = |item: &str| v["rows"].as_array().unwrap().iter().find(|r| r["item"] == item).cloned();
    // Worked by hand in the scenario: the castle takes Blue's town (4) when the bazaar comes
    // first, Red's road (3) when the second part does.
    let red = row("score of Red").expect("a score row");
    assert_eq!((&red["values"]["hig"], &red["values"]["jcz"]), (&"12".into(), &"11".into()));
    let town = row("turn 2: Red — Red's castle at 1,0, which took city E at 0,-1 (2 tiles) in its vicinity")
        .expect("the castle's row, bazaar first");
    assert_eq!(town["values"]["hig"], "4");
    // Traced to the switch of the order, and to nothing else.
    let switches: Vec<&str> = v["differences"]
        .as_array()
        .unwrap()
        .iter()
        .flat_map(|d| d["switches"].as_array().unwrap().iter().map(|s| s["switch"].as_str().unwrap()))
        .collect();
    assert!(!switches.is_empty() && switches.iter().all(|s| *s == "bazaar.builder-turn-order"), "{switches:?}");

    // Each order cites its own rule.
    for (ruleset, rule) in
        [("hig", "bcb1.bazaar.builder-turn-after-bazaar"), ("jcz", "bcb1.bazaar.builder-turn-before-auction")]
    {
        let o = referee(&["check", scenario, "--ruleset", ruleset]);
        assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
        assert!(stdout(&o).contains(rule), "{ruleset} does not cite {rule}:\n{}", stdout(&o));
    }
}

/// While a turn's second part is due, no other placement may come first: the next player's
/// tile is refused under the turn order, the second part is accepted, and after it the next
/// player's tile is too. (A scenario cannot write a turn whose second part never comes; the
/// library is asked directly.)
#[test]
fn no_placement_comes_before_a_second_part_that_is_due() {
    use crate::util::lib;
    use referee::scenario::Action;
    let path = crate::util::root().join("scenarios/tb/builder-double-turn.yaml");
    let sc = referee::scenario::load_path(&path, lib()).unwrap();
    let (mut game, _) = referee::replay::play_out(&sc, lib().profile("hig").unwrap(), Some(0)).unwrap();
    let (red, blue) = (&sc.turns[0], &sc.turns[1]);
    let (Action::Place(first), Action::Place(blues)) = (&red.action, &blue.action) else { panic!("placements") };
    let second = &red.second.as_ref().expect("a turn in two parts").mv;
    game.play(red.player, first, 1).expect("the first part extends the builder's road");
    let before = game.clone();
    let verdict = game.check(blue.player, blues, 2).expect_err("Red's second part is due");
    assert_eq!(verdict.rule, referee::expansion::base::rule::TURN_ORDER, "{verdict}");
    assert_eq!(game.play(blue.player, blues, 2), Err(verdict));
    assert!(game == before, "the refused placement left the game as it was");
    game.play(red.player, second, 1).expect("the second part");
    game.play(blue.player, blues, 2).expect("Blue's turn, once Red's is over");
}
