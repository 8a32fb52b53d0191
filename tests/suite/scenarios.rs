use crate::util::{lib, render};
use referee::replay::{judge, replay, Judgement};
use referee::report::{self, Style};
use referee::scenario;

/// Replays every scenario file under every ruleset it names. Each run must meet the
/// scenario's hand-worked expectations, and its report is locked by a snapshot named
/// `suite__scenarios__<ruleset>@<folder>__<file>.snap`.
#[test]
fn every_scenario_meets_its_expectations() {
    insta::glob!("../../scenarios", "**/*.yaml", |path| {
        let sc = scenario::load_path(path, lib()).unwrap_or_else(|e| panic!("{}", render(&e)));
        let mut failures = Vec::new();
        for r in &sc.rulesets {
            let profile = lib().profile(r).expect("the loader checks ruleset names");
            let out = replay(&sc, profile).unwrap_or_else(|e| panic!("{}", render(&e)));
            let j = judge(&sc, &out);
            match &j {
                Judgement::Pass => {}
                Judgement::Fail(m) => failures
                    .push(format!("[{r}]\n{}", m.iter().map(|x| format!("    {x}")).collect::<Vec<_>>().join("\n"))),
                Judgement::Invalid(e) => failures.push(format!("[{r}] {}", render(e))),
            }
            let mut settings = insta::Settings::clone_current();
            settings.set_snapshot_suffix(sc.id.replace('/', "__"));
            settings.set_description(format!(
                "{} | covers: {} | source: {}",
                sc.title,
                sc.covers.join(", "),
                sc.source.clone().unwrap_or_default()
            ));
            settings.set_omit_expression(true);
            settings.bind(|| {
                insta::assert_snapshot!(r.as_str(), report::text(&sc, &out, &j, &lib().catalogue, Style::plain()));
            });
        }
        assert!(failures.is_empty(), "{}: expectations not met:\n{}", sc.id, failures.join("\n"));
    });
}

/// Every complete scenario shown in docs/scenarios.md (a YAML block with a `title:`) loads,
/// replays and meets its own expectations, so the documentation cannot drift from the format.
#[test]
fn the_documented_examples_are_valid_scenarios() {
    let doc = std::fs::read_to_string(crate::util::root().join("docs/scenarios.md")).unwrap();
    let blocks: Vec<&str> = doc
        .split("```yaml\n")
        .skip(1)
        .filter_map(|b| b.split("```").next())
        .filter(|b| b.contains("title:") && b.contains("players:"))
        .collect();
    assert!(blocks.len() >= 2, "the format doc shows complete examples");
    for b in blocks {
        let sc = crate::util::scenario(b).unwrap_or_else(|e| panic!("{}\n{b}", render(&e)));
        for r in &sc.rulesets {
            let out = replay(&sc, lib().profile(r).unwrap()).unwrap();
            let j = judge(&sc, &out);
            assert!(matches!(j, Judgement::Pass), "[{r}] {j:?}\n{b}");
        }
    }
}

/// Every scenario snapshot belongs to a scenario and ruleset that still exist: a renamed or
/// deleted scenario must take its snapshots with it (what `cargo insta --unreferenced=reject`
/// would check, without needing cargo-insta).
#[test]
fn no_snapshot_is_left_without_its_scenario() {
    let mut expected = std::collections::HashSet::new();
    for path in referee::cli::collect_scenarios(&[crate::util::root().join("scenarios")]) {
        let Ok(sc) = scenario::load_path(&path, lib()) else { continue };
        for r in &sc.rulesets {
            expected.insert(format!("suite__scenarios__{r}@{}.snap", sc.id.replace('/', "__")));
        }
    }
    let dir = crate::util::root().join("tests/suite/snapshots");
    let stale: Vec<String> = std::fs::read_dir(dir)
        .unwrap()
        .filter_map(|e| e.ok().map(|e| e.file_name().to_string_lossy().into_owned()))
        .filter(|n| n.starts_with("suite__scenarios__") && n.ends_with(".snap") && !expected.contains(n))
        .collect();
    assert!(stale.is_empty(), "snapshots without a scenario: {stale:?}");
}
