//! `referee compare`: one scenario under several rulesets, side by side, and the switches that
//! make them differ.

use super::table::Cell;
use super::Format;
use crate::replay::Outcome;
use crate::rules::RuleId;
use crate::ruleset::{Profile, SwitchDef};
use crate::text::{bbcode_text, escape_control as esc, markdown_cell, markdown_code, markdown_inline, mediawiki_text};
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
            Some(ill) => format!("{} breaks {}", ill.when(), ill.verdict.rule),
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
                    (p.value(sw).to_string(), p.setting(sw.name).map(|s| s.source.to_string()).unwrap_or_default())
                })
                .collect();
            values.windows(2).any(|w| w[0].0 != w[1].0).then_some(SwitchDiff { switch: sw, values })
        })
        .collect();
    let cited = |out: &Outcome| -> Vec<RuleId> {
        let mut v: Vec<RuleId> = out.events.iter().flat_map(|e| e.rules()).collect();
        v.extend(out.illegal.iter().map(|i| i.verdict.rule));
        v
    };
    let each: Vec<Vec<RuleId>> = runs.iter().map(|(_, out)| cited(out)).collect();
    let cited_by_some: Vec<RuleId> =
        each.iter().flatten().copied().filter(|r| !each.iter().all(|rules| rules.contains(r))).collect();
    let mut causes = Vec::new();
    // Scores differ because events or verdicts do: explain those rows.
    for (k, r) in rows.iter().enumerate().filter(|(_, r)| r.differs && r.kind != RowKind::Score) {
        let mut why: Vec<SwitchDiff> =
            differing.iter().filter(|d| r.rules.iter().any(|x| d.switch.touches(*x))).cloned().collect();
        if why.is_empty() {
            // Not traced through the row's own rules (a castle that took another structure
            // because the turn's parts came in another order): the switches touching a rule
            // that some rulesets cited and others did not, else every switch that differs.
            why = differing.iter().filter(|d| cited_by_some.iter().any(|x| d.switch.touches(*x))).cloned().collect();
            if why.is_empty() {
                why = differing.clone();
            }
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

/// The final scores all the rulesets agree on (those of the first), each name escaped.
fn agreed(c: &Comparison, escape: impl Fn(&str) -> String) -> String {
    let scores: Vec<String> = c
        .rows
        .iter()
        .filter(|r| r.kind == RowKind::Score)
        .map(|r| {
            let who = r.item.strip_prefix("score of ").unwrap_or(&r.item);
            format!("{} {}", escape(who), r.cells.first().cloned().flatten().unwrap_or_default())
        })
        .collect();
    scores.join(", ")
}

/// The comparison as text (at a natural width of 120 columns), markdown, BBCode, MediaWiki
/// or JSON.
pub fn render(c: &Comparison, format: Format) -> String {
    render_at(c, format, None)
}

/// Why the rows differ, as (item, [(switch, [(ruleset, value, source)])]), text not escaped.
type Why<'a> = Vec<(&'a str, Vec<(&'static str, Vec<(&'a str, &'a str, &'a str)>)>)>;

fn why(c: &Comparison) -> Why<'_> {
    c.causes
        .iter()
        .map(|(k, sws)| {
            let per = sws
                .iter()
                .map(|d| {
                    let v =
                        c.rulesets.iter().zip(&d.values).map(|(r, (v, src))| (r.as_str(), v.as_str(), src.as_str()));
                    (d.switch.name, v.collect())
                })
                .collect();
            (c.rows[*k].item.as_str(), per)
        })
        .collect()
}

/// The comparison as BBCode, for a BoardGameGeek post.
fn bbcode(c: &Comparison) -> String {
    let t = bbcode_text;
    let rulesets: Vec<String> = c.rulesets.iter().map(|r| t(r)).collect();
    let mut s = format!("[b]{} under {}[/b]\n\n", t(&c.scenario), rulesets.join(", "));
    if !c.differs() {
        s.push_str(&format!("The rulesets {} agree on every score and every move.\n\n", rulesets.join(", ")));
        s.push_str(&format!("[b]Scores:[/b] {}\n", agreed(c, bbcode_text)));
        return s;
    }
    s.push_str("[table]\n[tr][td][/td]");
    for r in &rulesets {
        s.push_str(&format!("[td][b]{r}[/b][/td]"));
    }
    s.push_str("[/tr]\n");
    for r in &c.rows {
        let item = if r.differs { format!("[b]{}[/b]", t(&r.item)) } else { t(&r.item) };
        s.push_str(&format!("[tr][td]{item}[/td]"));
        for x in &r.cells {
            s.push_str(&format!("[td]{}[/td]", t(&cell(x, r.differs))));
        }
        s.push_str("[/tr]\n");
    }
    s.push_str("[/table]\n(≠ marks what differs between rulesets)\n\n[b]Why they differ:[/b]\n");
    for (item, sws) in why(c) {
        s.push_str(&format!("{}:\n", t(item)));
        for (name, per) in sws {
            let values: Vec<String> = per.iter().map(|(r, v, _)| format!("{} {}", t(r), t(v))).collect();
            s.push_str(&format!("- [b]{name}[/b]: {}\n", values.join(", ")));
            for (r, _, src) in per.iter().filter(|(_, _, src)| !src.is_empty()) {
                s.push_str(&format!("  - {}: [i]{}[/i]\n", t(r), t(src)));
            }
        }
    }
    s
}

/// The comparison as MediaWiki wikitext; each ruleset's source for a switch is a `<ref>`
/// footnote of the `edition` group.
fn mediawiki(c: &Comparison) -> String {
    let t = mediawiki_text;
    let rulesets: Vec<String> = c.rulesets.iter().map(|r| t(r)).collect();
    let mut s = format!("=== {} under {} ===\n", t(&c.scenario), rulesets.join(", "));
    if !c.differs() {
        s.push_str(&format!("The rulesets {} agree on every score and every move.\n\n", rulesets.join(", ")));
        s.push_str(&format!("'''Scores:''' {}\n", agreed(c, mediawiki_text)));
        return s;
    }
    s.push_str(&format!("{{| class=\"wikitable\"\n! !! {}\n", rulesets.join(" !! ")));
    for r in &c.rows {
        let item = if r.differs { format!("'''{}'''", t(&r.item)) } else { t(&r.item) };
        let cells: Vec<String> = r.cells.iter().map(|x| t(&cell(x, r.differs))).collect();
        s.push_str(&format!("|-\n| {item} || {}\n", cells.join(" || ")));
    }
    s.push_str("|}\n(≠ marks what differs between rulesets)\n\n'''Why they differ:'''\n");
    let mut footnotes = false;
    for (item, sws) in why(c) {
        s.push_str(&format!("* {}:\n", t(item)));
        for (name, per) in sws {
            let values: Vec<String> = per
                .iter()
                .map(|(r, v, src)| {
                    let note = if src.is_empty() {
                        String::new()
                    } else {
                        footnotes = true;
                        format!("<ref group=\"edition\">{}</ref>", t(src))
                    };
                    format!("{} <code>{}</code>{note}", t(r), t(v))
                })
                .collect();
            s.push_str(&format!("** <code>{name}</code>: {}\n", values.join(", ")));
        }
    }
    if footnotes {
        s.push_str(&super::mediawiki_references(&["edition"]));
    }
    s
}

/// The comparison, text wrapped to `width` columns (a stacked layout when its columns do
/// not fit) or at the natural width of 120 columns.
pub fn render_at(c: &Comparison, format: Format, width: Option<u16>) -> String {
    match format {
        Format::Bbcode => bbcode(c),
        Format::Mediawiki => mediawiki(c),
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
                s.push_str(&format!("The rulesets {} agree on every score and every move.\n\n", rulesets.join(", ")));
                s.push_str(&format!("Scores: {}\n", agreed(c, markdown_inline)));
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
                    "{}: the rulesets {} agree on every score and every move.\n{}",
                    esc(&c.scenario),
                    esc(&c.rulesets.join(", ")),
                    super::wrap(&format!("Scores: {}", agreed(c, |x| esc(x).into_owned())), width, "", "  ")
                );
            }
            let mut header = vec![Cell::new(esc(&c.scenario))];
            header.extend(c.rulesets.iter().map(|r| Cell::new(esc(r))));
            let rows: Vec<Vec<Cell>> = c
                .rows
                .iter()
                .map(|r| {
                    let mut row = vec![Cell::new(esc(&r.item))];
                    row.extend(r.cells.iter().map(|x| Cell::new(esc(&cell(x, r.differs)))));
                    row
                })
                .collect();
            let t = match super::table::fitted_table(header, rows, Some(width.unwrap_or(120))) {
                Some(t) => t.to_string(),
                // Too narrow for a column per ruleset: each row stacked.
                None => {
                    let mut s = super::wrap(&esc(&c.scenario), width, "", "  ");
                    for r in &c.rows {
                        s.push_str(&super::wrap(&esc(&r.item), width, "", "  "));
                        let per: Vec<String> = c
                            .rulesets
                            .iter()
                            .zip(&r.cells)
                            .map(|(k, x)| format!("{}: {}", esc(k), esc(&cell(x, r.differs))))
                            .collect();
                        s.push_str(&super::wrap(&per.join(", "), width, "  ", "  "));
                    }
                    s.trim_end().to_string()
                }
            };
            let mut s = format!("{t}\n(≠ marks what differs between rulesets)\n\nWhy they differ:\n");
            for (k, sws) in &c.causes {
                s.push_str(&super::wrap(&esc(&c.rows[*k].item), width, "  ", "    "));
                for d in sws {
                    let per: Vec<String> =
                        c.rulesets.iter().zip(&d.values).map(|(r, (v, _))| format!("{}: {}", esc(r), esc(v))).collect();
                    s.push_str(&super::wrap(
                        &format!("{} ({})", d.switch.name, per.join("; ")),
                        width,
                        "    ",
                        "      ",
                    ));
                    for (r, (_, src)) in c.rulesets.iter().zip(&d.values) {
                        if !src.is_empty() {
                            s.push_str(&super::wrap(&format!("{}: {}", esc(r), esc(src)), width, "      ", "        "));
                        }
                    }
                }
            }
            s
        }
    }
}
