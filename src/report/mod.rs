//! Rendering replays for people (text, markdown) and programs (JSON).

use crate::data::catalogue::Catalogue;
use crate::replay::{Judgement, Outcome};
use crate::rules::RuleId;
use crate::scenario::Scenario;
use crate::score::{ScoreEvent, Timing};
use crate::text::{escape_control as esc, markdown_cell, markdown_code, markdown_inline};
use comfy_table::{presets, Cell, CellAlignment, ContentArrangement, Table};
use serde_json::{json, Value};

pub mod compare;
pub mod rules;

/// A JSON document as printed: pretty, one newline at the end, and no control character
/// raw even where serde_json leaves it (DEL, C1, bidi controls: `text::json_escape_control`).
pub fn json_text(v: &Value) -> String {
    let s = serde_json::to_string_pretty(v).unwrap_or_default();
    format!("{}\n", crate::text::json_escape_control(&s))
}

/// Output formats of the reporting commands.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum Format {
    Text,
    Json,
    Markdown,
}

/// Text styling: colour only when writing to a terminal and NO_COLOR is unset.
#[derive(Clone, Copy, Debug, Default)]
pub struct Style {
    pub colour: bool,
    pub width: Option<u16>,
}

impl Style {
    /// Plain, fixed-width output, for tests and pipes.
    pub fn plain() -> Style {
        Style { colour: false, width: Some(110) }
    }

    fn paint(&self, code: &str, s: &str) -> String {
        if self.colour {
            format!("\x1b[{code}m{s}\x1b[0m")
        } else {
            s.to_string()
        }
    }
}

fn pluralise(label: &str, n: u32) -> String {
    if n == 1 {
        label.to_string()
    } else if let Some(stem) = label.strip_suffix('y') {
        format!("{stem}ies")
    } else {
        format!("{label}s")
    }
}

/// `3 tiles × 2 + 1 pennant × 2`; an item that is one thing worth nothing (a castle built,
/// a drawbridge up) is its label alone.
pub fn detail(e: &ScoreEvent) -> String {
    e.items
        .iter()
        .map(|i| match (i.count, i.each) {
            (1, 0) => i.label.to_string(),
            _ => format!("{} {} × {}", i.count, pluralise(i.label, i.count), i.each),
        })
        .collect::<Vec<_>>()
        .join(" + ")
}

fn rule_list(rules: &[RuleId], sep: &str) -> String {
    rules.iter().map(|r| r.as_str()).collect::<Vec<_>>().join(sep)
}

fn players_of(out: &Outcome, e: &ScoreEvent) -> String {
    e.players.iter().map(|p| out.players[p.index()].as_str()).collect::<Vec<_>>().join(", ")
}

/// Every rule cited by a replay, in order of first use.
pub fn cited(out: &Outcome) -> Vec<RuleId> {
    let mut v: Vec<RuleId> = Vec::new();
    let all = out.events.iter().flat_map(|e| e.rules()).chain(out.illegal.iter().map(|i| i.verdict.rule));
    for r in all {
        if !v.contains(&r) {
            v.push(r);
        }
    }
    v
}

/// The text report of one replay: the breakdown table, final scores, citations, verdict.
pub fn text(sc: &Scenario, out: &Outcome, judgement: &Judgement, cat: &Catalogue, style: Style) -> String {
    let mut s = String::new();
    // Every string from a file (ids, names, messages, the catalogue) is escaped: see crate::text.
    s.push_str(&format!("{} — {}\n", esc(&sc.id), esc(&sc.title)));
    s.push_str(&format!("ruleset: {}\n", esc(&out.ruleset)));
    for x in &sc.switches {
        s.push_str(&format!("  with {} = {} (set by the scenario)\n", x.switch.name, esc(x.value)));
    }
    s.push('\n');
    if out.events.is_empty() {
        s.push_str("No points scored.\n");
    } else {
        let mut t = Table::new();
        t.load_preset(presets::UTF8_FULL_CONDENSED).set_content_arrangement(ContentArrangement::Dynamic);
        if let Some(w) = style.width {
            t.set_width(w).force_no_tty();
        }
        t.set_header(vec!["turn", "player", "feature", "tiles", "points", "detail", "rules"]);
        // Rule ids are never broken across lines: they are what a reader copies.
        if let Some(c) = t.column_mut(6) {
            c.set_constraint(comfy_table::ColumnConstraint::ContentWidth);
        }
        for e in &out.events {
            t.add_row(vec![
                Cell::new(e.timing.to_string()),
                Cell::new(esc(&players_of(out, e))),
                Cell::new(esc(&e.feature.to_string())),
                Cell::new(e.feature.tiles).set_alignment(CellAlignment::Right),
                Cell::new(e.points()).set_alignment(CellAlignment::Right),
                Cell::new(detail(e)),
                Cell::new(rule_list(&e.rules(), "\n")),
            ]);
        }
        s.push_str(&t.to_string());
        s.push('\n');
    }
    if let Some(ill) = &out.illegal {
        s.push_str(&format!(
            "\n{} turn {}: {} [{}]\n",
            style.paint("1;31", "Illegal move:"),
            ill.turn,
            esc(&ill.verdict.message),
            ill.verdict.rule
        ));
    }
    let when = if out.illegal.is_some() {
        "Scores when play stopped"
    } else if out.final_scoring {
        "Final scores"
    } else {
        "Scores (no final scoring)"
    };
    let scores: Vec<String> = out.players.iter().zip(&out.scores).map(|(p, s)| format!("{} {s}", esc(p))).collect();
    s.push_str(&format!("\n{when}: {}\n", scores.join(", ")));
    let rules = cited(out);
    if !rules.is_empty() {
        s.push_str("\nCitations:\n");
        for r in rules {
            match cat.get(r) {
                Some(e) => s.push_str(&format!("  {r}: {}\n      {}\n", esc(&e.text), esc(&e.citation()))),
                None => s.push_str(&format!("  {r}\n")),
            }
        }
    }
    s.push('\n');
    s.push_str(&judgement_text(judgement, style));
    s
}

fn judgement_text(j: &Judgement, style: Style) -> String {
    match j {
        Judgement::Pass => format!("{} every expectation met\n", style.paint("32", "PASS")),
        Judgement::Fail(m) => {
            let mut s = format!("{} {} expectation(s) not met:\n", style.paint("1;31", "FAIL"), m.len());
            for x in m {
                s.push_str(&format!(
                    "  - {}\n      expected: {}\n      actual:   {}\n",
                    esc(&x.what),
                    esc(&x.expected),
                    esc(&x.actual)
                ));
            }
            s
        }
        Judgement::Invalid(e) => format!("{} {e}\n", style.paint("1;31", "INVALID")),
    }
}

fn timing_json(t: Timing) -> Value {
    match t {
        Timing::Turn(n) => json!(n),
        Timing::End => json!("end"),
    }
}

/// One replay as a JSON object (see docs/json.md).
pub fn json_run(out: &Outcome, judgement: &Judgement) -> Value {
    let scores: serde_json::Map<String, Value> =
        out.players.iter().zip(&out.scores).map(|(p, s)| (p.clone(), json!(s))).collect();
    let events: Vec<Value> = out
        .events
        .iter()
        .map(|e| {
            json!({
                "turn": timing_json(e.timing),
                "players": e.players.iter().map(|p| out.players[p.index()].clone()).collect::<Vec<_>>(),
                "feature": e.feature.kind.as_str(),
                "name": e.feature.name,
                "at": [e.feature.at.x, e.feature.at.y],
                "tiles": e.feature.tiles,
                "points": e.points(),
                "items": e.items.iter().map(|i| json!({"rule": i.rule.as_str(), "label": i.label, "count": i.count, "each": i.each})).collect::<Vec<_>>(),
                "rules": e.rules().iter().map(|r| r.as_str()).collect::<Vec<_>>(),
            })
        })
        .collect();
    let illegal = match &out.illegal {
        Some(i) => json!({"turn": i.turn, "rule": i.verdict.rule.as_str(), "message": i.verdict.message}),
        None => Value::Null,
    };
    let expectations = match judgement {
        Judgement::Pass => json!({"status": "pass", "mismatches": []}),
        Judgement::Fail(m) => {
            json!({"status": "fail", "mismatches": m.iter().map(|x| json!({"what": x.what, "expected": x.expected, "actual": x.actual})).collect::<Vec<_>>()})
        }
        Judgement::Invalid(e) => json!({"status": "invalid", "mismatches": [], "error": e.to_string()}),
    };
    json!({
        "ruleset": out.ruleset,
        "scores": scores,
        "events": events,
        "illegal": illegal,
        "final_scoring": out.final_scoring,
        "expectations": expectations,
    })
}

/// The markdown report of one replay, for a forum post or a wiki talk page.
pub fn markdown(sc: &Scenario, out: &Outcome, judgement: &Judgement, cat: &Catalogue) -> String {
    // Text from files is escaped for where it stands: a cell, a paragraph, a code span.
    let mut s = format!("### {} — ruleset {}\n\n", markdown_inline(&sc.title), markdown_code(&out.ruleset));
    if !out.events.is_empty() {
        s.push_str("| turn | player | feature | tiles | points | detail | rules |\n|---|---|---|--:|--:|---|---|\n");
        for e in &out.events {
            s.push_str(&format!(
                "| {} | {} | {} | {} | {} | {} | {} |\n",
                e.timing,
                markdown_cell(&players_of(out, e)),
                markdown_cell(&e.feature.to_string()),
                e.feature.tiles,
                e.points(),
                markdown_cell(&detail(e)),
                e.rules().iter().map(|r| format!("`{r}`")).collect::<Vec<_>>().join(", ")
            ));
        }
        s.push('\n');
    }
    if let Some(ill) = &out.illegal {
        s.push_str(&format!(
            "**Illegal move** on turn {}: {} (`{}`)\n\n",
            ill.turn,
            markdown_inline(&ill.verdict.message),
            ill.verdict.rule
        ));
    }
    let scores: Vec<String> =
        out.players.iter().zip(&out.scores).map(|(p, s)| format!("{} **{s}**", markdown_inline(p))).collect();
    s.push_str(&format!("Scores: {}\n\n", scores.join(", ")));
    let rules = cited(out);
    if !rules.is_empty() {
        s.push_str("Rules applied:\n\n");
        for r in rules {
            if let Some(e) = cat.get(r) {
                s.push_str(&format!("- `{r}`: {} — *{}*\n", markdown_inline(&e.text), markdown_inline(&e.citation())));
            }
        }
        s.push('\n');
    }
    s.push_str(match judgement {
        Judgement::Pass => "Expectations: all met.\n",
        Judgement::Fail(_) => "Expectations: **not met**.\n",
        Judgement::Invalid(_) => "Expectations: **invalid move**.\n",
    });
    s
}
