//! The first edition's three farm rules (issue 16): `compare` puts them side by side on one
//! board, and `explain` tells the switch's history, printing by printing.

use crate::util::{referee, stderr, stdout};

#[test]
fn compare_shows_the_three_farm_rules_side_by_side() {
    let o = referee(&[
        "compare",
        "scenarios/base/farm-rules-three-ways.yaml",
        "--rulesets",
        "hig,hig-2001,hig-2000",
        "-f",
        "json",
    ]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let v: serde_json::Value = serde_json::from_slice(&o.stdout).unwrap();
    let row = |item: &str| v["rows"].as_array().unwrap().iter().find(|r| r["item"] == item).cloned().unwrap();
    // Worked by hand in the scenario: 6/3 per field, 3/3 each city once, 4/0 per city.
    let red = row("score of Red");
    assert_eq!(
        (&red["values"]["hig"], &red["values"]["hig-2001"], &red["values"]["hig-2000"]),
        (&"6".into(), &"3".into(), &"4".into())
    );
    let blue = row("score of Blue");
    assert_eq!(
        (&blue["values"]["hig"], &blue["values"]["hig-2001"], &blue["values"]["hig-2000"]),
        (&"3".into(), &"3".into(), &"0".into())
    );
    assert_eq!(v["differences"][0]["switches"][0]["switch"], "base.farm-scoring");
}

#[test]
fn explain_tells_the_farm_rule_history() {
    let o = referee(&["explain", "base.farm-scoring"]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let out = stdout(&o);
    for needle in
        ["per-city", "per-field-city-once", "hig-2000: per-city", "hig-2001: per-field-city-once", "hig: per-field"]
    {
        assert!(out.contains(needle), "{needle} missing from:\n{out}");
    }
    // Each version's rule names the scenarios that tell it apart.
    for rule in ["base.final.field", "base.final.field-city-once", "base.final.city-farmers"] {
        let o = referee(&["explain", rule]);
        let out = stdout(&o);
        assert!(
            out.contains("base.farm-scoring") && out.contains("base/farm-rules-three-ways (pass)"),
            "{rule}:\n{out}"
        );
    }
}
