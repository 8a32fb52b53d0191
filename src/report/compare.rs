//! `referee compare`: one scenario under several rulesets, side by side, and the switches that
//! make them differ.

use super::Format;
use crate::replay::Outcome;
use crate::rules::RuleId;
use crate::ruleset::{Profile, SwitchDef};
use crate::text::{escape_control as esc, markdown_cell, markdown_code, markdown_inline};
use comfy_table::{presets, Cell, ContentArrangement, Table};
use serde_json::json;

/// One line of the comparison: a player's final score, a scoring event, or the verdict.
#[derive(Clone, Debug)]
pub struct Row {
    pub item: String,
    pub kind: RowKind,
    /// One cell per ruleset: the points (or the verdict), or nothing when absent there.
    pub cells: Vec<Option<String>>,
    pub differs: bool,
    /// Rules cited by this row under any ruleset.
    pub rules: Vec<RuleId>,
}

/// What a row of the comparison is about.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum RowKind {
    /// Whether every move was legal.
    Moves,
    /// A player's score: it differs because events or verdicts do.
    Score,
    Event,
}

/// A switch whose values differ among the rulesets compared.
#[derive(Clone, Debug)]
pub struct SwitchDiff {
    pub switch: &'static SwitchDef,
    /// Per ruleset: its value and the source the profile gives.
    pub values: Vec<(String, String)>,
}

#[derive(Clone, Debug)]
pub struct Comparison {
    pub scenario: String,
    pub rulesets: Vec<String>,
    pub rows: Vec<Row>,
    /// For each differing row (by index), the switches that explain it.
    pub causes: Vec<(usize, Vec<SwitchDiff>)>,
}

impl Comparison {
    pub fn differs(&self) -> bool {
        self.rows.iter().any(|r| r.differs)
    }
}

fn event_key(out: &Outcome, e: &crate::score::ScoreEvent) -> String {
    let players: Vec<&str> = e.players.iter().map(|p| out.players[p.index()].as_str()).collect();
    format!("turn {}: {} — {}", e.timing, players.join(", "), e.feature)
}

/// Lines up the outcomes of one scenario under several profiles.
pub fn compare(scenario: &str, runs: &[(Profile, Outcome)]) -> Comparison {
    let n = runs.len();
    let mut rows: Vec<Row> = Vec::new();
    let add = |item: String, kind: RowKind, i: usize, value: String, rules: &[RuleId], rows: &mut Vec<Row>| {
        let row = match rows.iter_mut().position(|r| r.item == item && r.cells[i].is_none()) {
            Some(k) => &mut rows[k],
            None => {
                rows.push(Row { item, kind, cells: vec![None; n], differs: false, rules: Vec::new() });
                rows.last_mut().expect("just pushed")
            }
        };
        row.cells[i] = Some(value);
        for r in rules {
            if !row.rules.contains(r) {
                row.rules.push(*r);
            }
        }
    };
    for (i, (_, out)) in runs.iter().enumerate() {
        let verdict = match &out.illegal {
            Some(ill) => format!("turn {} breaks {}", ill.turn, ill.verdict.rule),
            None => "all legal".to_string(),
        };
        let rules: Vec<RuleId> = out.illegal.iter().map(|i| i.verdict.rule).collect();
        add("moves".to_string(), RowKind::Moves, i, verdict, &rules, &mut rows);
        for (p, s) in out.players.iter().zip(&out.scores) {
            add(format!("score of {p}"), RowKind::Score, i, s.to_string(), &[], &mut rows);
        }
        for e in &out.events {
            add(event_key(out, e), RowKind::Event, i, e.points().to_string(), &e.rules(), &mut rows);
        }
    }
    for r in &mut rows {
        r.differs = r.cells.windows(2).any(|w| w[0] != w[1]);
    }
    let differing: Vec<SwitchDiff> = crate::expansion::all_switches()
        .filter_map(|sw| {
            let values: Vec<(String, String)> = runs
                .iter()
                .map(|(p, _)| {
                    (p.value(sw).to_string(), p.setting(sw.name).map(|s| s.source.clone()).unwrap_or_default())
                })
                .collect();
            values.windows(2).any(|w| w[0].0 != w[1].0).then_some(SwitchDiff { switch: sw, values })
        })
        .collect();
    let mut causes = Vec::new();
    // Scores differ because events or verdicts do: explain those rows.
    for (k, r) in rows.iter().enumerate().filter(|(_, r)| r.differs && r.kind != RowKind::Score) {
        let mut why: Vec<SwitchDiff> =
            differing.iter().filter(|d| r.rules.iter().any(|x| d.switch.touches(*x))).cloned().collect();
        if why.is_empty() {
            // Not traced through a rule id: every switch that differs may be the cause.
            why = differing.clone();
        }
        causes.push((k, why));
    }
    Comparison {
        scenario: scenario.to_string(),
        rulesets: runs.iter().map(|(p, _)| p.id.clone()).collect(),
        rows,
        causes,
    }
}

fn cell(c: &Option<String>, differs: bool) -> String {
    let v = c.clone().unwrap_or_else(|| "—".to_string());
    if differs {
        format!("{v} ≠")
    } else {
        v
    }
}

/// The comparison as text, markdown or JSON.
pub fn render(c: &Comparison, format: Format) -> String {
    match format {
        Format::Json => {
            let rows: Vec<_> = c
                .rows
                .iter()
                .map(|r| {
                    let values: serde_json::Map<String, serde_json::Value> =
                        c.rulesets.iter().zip(&r.cells).map(|(k, v)| (k.clone(), json!(v))).collect();
                    json!({"item": r.item, "values": values, "differs": r.differs})
                })
                .collect();
            let causes: Vec<_> = c
                .causes
                .iter()
                .map(|(k, sws)| {
                    json!({
                        "item": c.rows[*k].item,
                        "switches": sws.iter().map(|d| json!({
                            "switch": d.switch.name,
                            "values": c.rulesets.iter().zip(&d.values).map(|(r, (v, src))| (r.clone(), json!({"value": v, "source": src}))).collect::<serde_json::Map<_, _>>(),
                        })).collect::<Vec<_>>(),
                    })
                })
                .collect();
            let v = json!({"scenario": c.scenario, "rulesets": c.rulesets, "differs": c.differs(), "rows": rows, "differences": causes});
            super::json_text(&v)
        }
        Format::Markdown => {
            // Scenario ids, ruleset ids, player names and sources come from files.
            let rulesets: Vec<String> = c.rulesets.iter().map(|r| markdown_inline(r)).collect();
            let mut s = format!("### {} under {}\n\n", markdown_inline(&c.scenario), rulesets.join(", "));
            if !c.differs() {
                s.push_str(&format!("The rulesets {} agree on every score and every move.\n", rulesets.join(", ")));
                return s;
            }
            let heads: Vec<String> = c.rulesets.iter().map(|r| markdown_cell(r)).collect();
            s.push_str(&format!("| | {} |\n|---|{}\n", heads.join(" | "), "---|".repeat(c.rulesets.len())));
            for r in &c.rows {
                let cells: Vec<String> = r.cells.iter().map(|x| markdown_cell(&cell(x, r.differs))).collect();
                let item = markdown_cell(&r.item);
                let item = if r.differs { format!("**{item}**") } else { item };
                s.push_str(&format!("| {item} | {} |\n", cells.join(" | ")));
            }
            s.push_str("\nWhy they differ:\n\n");
            for (k, sws) in &c.causes {
                s.push_str(&format!("- {}:\n", markdown_inline(&c.rows[*k].item)));
                for d in sws {
                    let per: Vec<String> = c
                        .rulesets
                        .iter()
                        .zip(&d.values)
                        .map(|(r, (v, _))| format!("{} {}", markdown_inline(r), markdown_code(v)))
                        .collect();
                    s.push_str(&format!("  - `{}`: {}\n", d.switch.name, per.join(", ")));
                    for (r, (_, src)) in c.rulesets.iter().zip(&d.values) {
                        s.push_str(&format!("    - {}: {}\n", markdown_inline(r), markdown_inline(src)));
                    }
                }
            }
            s
        }
        Format::Text => {
            if !c.differs() {
                return format!(
                    "{}: the rulesets {} agree on every score and every move.\n",
                    esc(&c.scenario),
                    esc(&c.rulesets.join(", "))
                );
            }
            let mut t = Table::new();
            t.load_preset(presets::UTF8_FULL_CONDENSED)
                .set_content_arrangement(ContentArrangement::Dynamic)
                .set_width(120);
            let mut header = vec![Cell::new(esc(&c.scenario))];
            header.extend(c.rulesets.iter().map(|r| Cell::new(esc(r))));
            t.set_header(header);
            for r in &c.rows {
                let mut row = vec![Cell::new(esc(&r.item))];
                row.extend(r.cells.iter().map(|x| Cell::new(esc(&cell(x, r.differs)))));
                t.add_row(row);
            }
            let mut s = format!("{t}\n(≠ marks what differs between rulesets)\n\nWhy they differ:\n");
            for (k, sws) in &c.causes {
                s.push_str(&format!("  {}\n", esc(&c.rows[*k].item)));
                for d in sws {
                    let per: Vec<String> =
                        c.rulesets.iter().zip(&d.values).map(|(r, (v, _))| format!("{}: {}", esc(r), esc(v))).collect();
                    s.push_str(&format!("    {} ({})\n", d.switch.name, per.join("; ")));
                    for (r, (_, src)) in c.rulesets.iter().zip(&d.values) {
                        if !src.is_empty() {
                            s.push_str(&format!("      {}: {}\n", esc(r), esc(src)));
                        }
                    }
                }
            }
            s
        }
    }
}
