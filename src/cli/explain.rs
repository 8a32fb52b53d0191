//! `referee explain ID` and `referee rulings`: the rule catalogue, its switches and which
//! scenarios lock each rule in.

use super::{collect_scenarios, emit, run_one, Error, Status};
use crate::data::catalogue::RuleEntry;
use crate::data::Library;
use crate::expansion;
use crate::replay::Judgement;
use crate::report::{Format, ListFormat};
use crate::ruleset::SwitchDef;
use crate::scenario;
use crate::text::{bbcode_text, escape_control as esc, markdown_cell, markdown_code, markdown_inline, mediawiki_text};
use clap::Args;
use serde_json::json;
use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

#[derive(Debug, Args)]
pub struct ExplainArgs {
    /// A rule id (`base.final.field`), a ruling id of the inventory (`bcb1.bazaar.example-first-lot`) or a switch (`bazaar.timing`); any other words search the rules, rulings and switches that mention them (`castle`).
    pub id: String,
    /// Where to look for scenarios that cover it.
    #[arg(long, default_value = "scenarios")]
    pub scenarios: PathBuf,
    #[arg(long, short, value_enum, default_value_t = Format::Text)]
    pub format: Format,
    #[command(flatten)]
    pub data: super::DataArg,
}

#[derive(Debug, Args)]
pub struct RulingsArgs {
    /// List only the ids no passing scenario covers.
    #[arg(long)]
    pub uncovered: bool,
    /// Where to look for scenarios.
    #[arg(long, default_value = "scenarios")]
    pub scenarios: PathBuf,
    #[arg(long, short, value_enum, default_value_t = ListFormat::Text)]
    pub format: ListFormat,
    #[command(flatten)]
    pub data: super::DataArg,
}

/// A scenario's ids and whether it passes under every ruleset it names.
struct Covering {
    id: String,
    covers: Vec<String>,
    passes: bool,
}

fn survey(lib: &Library, dir: &PathBuf) -> Vec<Covering> {
    let mut out = Vec::new();
    for path in collect_scenarios(std::slice::from_ref(dir)) {
        let Ok(sc) = scenario::load_path(&path, lib) else {
            out.push(Covering { id: scenario::id_of(&path), covers: Vec::new(), passes: false });
            continue;
        };
        let passes = sc
            .rulesets
            .iter()
            .filter_map(|r| lib.profile(r))
            .all(|p| matches!(run_one(&sc, p), Ok((_, Judgement::Pass))));
        out.push(Covering { id: sc.id.clone(), covers: sc.covers.clone(), passes });
    }
    out
}

/// What `explain` says when no scenario covers the id: that none does, or that there was no
/// folder of scenarios to look in (run outside the project folder).
fn none_covers(dir: &Path) -> String {
    if dir.is_dir() {
        format!("No scenario under {} covers it.", dir.display())
    } else {
        format!(
            "No `{}/` folder found here, so no covering scenario was looked for: run referee in the project folder, or give --scenarios DIR.",
            dir.display().to_string().trim_end_matches('/')
        )
    }
}

/// Every id the catalogue knows: rule ids and the inventory ids they answer to.
fn known_ids(lib: &Library) -> Vec<String> {
    let mut v: Vec<String> = crate::expansion::all_rules().map(|r| r.as_str().to_string()).collect();
    v.extend(lib.catalogue.entries().flat_map(|e| e.rulings.iter().map(|r| r.to_string())));
    v.extend(expansion::all_switches().map(|s| s.name.to_string()));
    v.sort();
    v.dedup();
    v
}

fn switch_lines(lib: &Library, sw: &SwitchDef) -> Vec<(String, String, String)> {
    lib.profiles
        .iter()
        .map(|p| {
            let v = p.value(sw).to_string();
            let src = p.setting(sw.name).map(|s| s.source.to_string()).unwrap_or_default();
            (p.id.clone(), v, src)
        })
        .collect()
}

/// How text from a file is written into one output format.
type Escape = fn(&str) -> String;

pub fn explain(lib: &Library, a: ExplainArgs) -> Result<Status, Error> {
    let id = a.id.trim();
    let rule = crate::expansion::rule(id);
    let entries: Vec<&RuleEntry> =
        lib.catalogue.entries().filter(|e| Some(e.id) == rule || e.rulings.iter().any(|r| r == id)).collect();
    let switch = expansion::find_switch(id);
    if entries.is_empty() && switch.is_none() {
        if let Some(found) = search(lib, id, a.format) {
            emit(&found)?;
            return Ok(Status::Ok);
        }
        let near = crate::rules::nearest(id, &known_ids(lib), 5);
        return Err(Box::new(
            miette::MietteDiagnostic::new(format!(
                "`{}` is neither a rule, a ruling of the inventory nor a switch, and none of them mentions it",
                esc(id)
            ))
            .with_code("referee::unknown-id")
            .with_help(format!("nearest ids: {}", esc(&near.join(", ")))),
        ));
    }
    let ids_of_interest: Vec<String> =
        std::iter::once(id.to_string())
            .chain(entries.iter().flat_map(|e| {
                std::iter::once(e.id.as_str().to_string()).chain(e.rulings.iter().map(|r| r.to_string()))
            }))
            .collect();
    let covering: Vec<Covering> = survey(lib, &a.scenarios)
        .into_iter()
        .filter(|c| c.covers.iter().any(|x| ids_of_interest.contains(x)))
        .collect();
    let switches: Vec<&SwitchDef> = match switch {
        Some(s) => vec![s],
        None => expansion::all_switches().filter(|s| entries.iter().any(|e| s.touches(e.id))).collect(),
    };
    let text = match a.format {
        Format::Bbcode | Format::Mediawiki => explain_paste(lib, &a, &entries, switch, &switches, &covering),
        Format::Json => {
            let v = json!({
                "id": id,
                "ruling": lib.catalogue.ruling(id).map(|r| json!({
                    "claim": r.claim, "rule": r.rule.as_str(), "document": r.source.document,
                    "section": r.source.section, "kind": r.source.kind.as_str(), "date": r.source.date,
                })),
                "rules": entries.iter().map(|e| json!({
                    "id": e.id.as_str(), "text": e.text, "document": e.source.document, "section": e.source.section,
                    "kind": e.source.kind.as_str(), "date": e.source.date, "rulings": e.rulings,
                    "unjudged": e.unjudged,
                })).collect::<Vec<_>>(),
                "switches": switches.iter().map(|s| json!({
                    "switch": s.name, "question": s.question,
                    "rulesets": switch_lines(lib, s).into_iter().map(|(r, v, src)| json!({"ruleset": r, "value": v, "source": src})).collect::<Vec<_>>(),
                })).collect::<Vec<_>>(),
                "scenarios": covering.iter().map(|c| json!({"scenario": c.id, "status": if c.passes { "pass" } else { "fail" }})).collect::<Vec<_>>(),
            });
            crate::report::json_text(&v)
        }
        Format::Markdown | Format::Text => {
            let md = a.format == Format::Markdown;
            // The catalogue (`--data`), profiles and scenario ids come from files: escaped for
            // markdown or for the terminal.
            let (text, code): (Escape, Escape) =
                if md { (markdown_inline, markdown_code) } else { (|x| esc(x).into_owned(), |x| esc(x).into_owned()) };
            let mut s = format!("{}\n\n", if md { format!("### {}", code(id)) } else { text(id) });
            if let Some(r) = lib.catalogue.ruling(id) {
                let (claim, cite) = (text(&r.claim), text(&r.source.citation()));
                s.push_str(&if md {
                    format!("**Ruling:** {claim}\n\n*{cite}*\n\n**Under the rule:**\n\n")
                } else {
                    format!("ruling: {claim}\n  source: {cite}\nunder the rule:\n")
                });
            }
            for e in &entries {
                if md {
                    s.push_str(&format!("**`{}`**: {}\n\n*{}*", e.id, text(&e.text), text(&e.citation())));
                } else {
                    s.push_str(&format!("{}: {}\n  source: {}\n", e.id, text(&e.text), text(&e.citation())));
                }
                if !e.rulings.is_empty() {
                    let list = text(&e.rulings.join(", "));
                    s.push_str(&if md { format!(" — rulings: {list}\n\n") } else { format!("  rulings: {list}\n") });
                } else if md {
                    s.push_str("\n\n");
                }
                if let Some(why) = &e.unjudged {
                    let why = text(why);
                    s.push_str(&if md {
                        format!("*Not judged by the referee:* {why}\n\n")
                    } else {
                        format!("  not judged by the referee: {why}\n")
                    });
                }
            }
            if let Some(sw) = switch {
                s.push_str(&format!("{}\n", sw.question));
                for (v, m) in sw.values {
                    s.push_str(&format!("{}{v}: {m}\n", if md { "- " } else { "  " }));
                }
            }
            if switches.is_empty() {
                s.push_str("\nEditions: every ruleset (no switch changes it).\n");
            } else {
                s.push_str(if md { "\nEditions:\n\n" } else { "\nEditions (the switches that touch it):\n" });
                for sw in &switches {
                    s.push_str(&format!("{}{}\n", if md { "- " } else { "  " }, sw.name));
                    for (r, v, src) in switch_lines(lib, sw) {
                        let (r, v, src) = (text(&r), text(&v), text(&src));
                        s.push_str(&format!("{}{r}: {v} — {src}\n", if md { "  - " } else { "    " }));
                    }
                }
            }
            if covering.is_empty() {
                s.push_str(&format!("\n{}\n", text(&none_covers(&a.scenarios))));
            } else {
                s.push_str(if md { "\nScenarios:\n\n" } else { "\nScenarios:\n" });
                for c in &covering {
                    let st = if c.passes { "pass" } else { "FAIL" };
                    s.push_str(&format!("{}{} ({st})\n", if md { "- " } else { "  " }, text(&c.id)));
                }
            }
            s
        }
    };
    emit(&text)?;
    Ok(Status::Ok)
}

/// `referee explain WORDS` for words that are no id: the rules (by id or wording), rulings
/// (by id) and switches (by name, question or values) that mention every word, case aside;
/// `None` when nothing does.
fn search(lib: &Library, words: &str, format: Format) -> Option<String> {
    let terms: Vec<String> = words.split_whitespace().map(str::to_lowercase).collect();
    if terms.is_empty() {
        return None;
    }
    let hit = |text: &str| {
        let t = text.to_lowercase();
        terms.iter().all(|w| t.contains(w.as_str()))
    };
    let rules: Vec<&RuleEntry> = lib.catalogue.entries().filter(|e| hit(&format!("{} {}", e.id, e.text))).collect();
    let mut rulings: Vec<(&str, &str)> = lib
        .catalogue
        .entries()
        .flat_map(|e| {
            let claim = |r: &str| lib.catalogue.ruling(r).map_or("", |w| w.claim.as_ref()).to_string();
            e.rulings
                .iter()
                .filter(move |r| hit(&format!("{r} {}", claim(r))))
                .map(move |r| (r.as_ref(), e.id.as_str()))
        })
        .collect();
    rulings.sort();
    rulings.dedup();
    let switches: Vec<&SwitchDef> = expansion::all_switches()
        .filter(|s| {
            let values: Vec<String> = s.values.iter().map(|(v, m)| format!("{v} {m}")).collect();
            hit(&format!("{} {} {}", s.name, s.question, values.join(" ")))
        })
        .collect();
    if rules.is_empty() && rulings.is_empty() && switches.is_empty() {
        return None;
    }
    if format == Format::Json {
        return Some(crate::report::json_text(&json!({
            "search": words,
            "rules": rules.iter().map(|e| json!({"id": e.id.as_str(), "text": e.text})).collect::<Vec<_>>(),
            "rulings": rulings.iter().map(|(r, rule)| json!({"id": r, "rule": rule})).collect::<Vec<_>>(),
            "switches": switches.iter().map(|s| json!({"switch": s.name, "question": s.question})).collect::<Vec<_>>(),
        })));
    }
    // Each format's escape, its heading and its list item.
    let (text, heading, item): (Escape, fn(&str) -> String, &str) = match format {
        Format::Markdown => (markdown_inline, |h| format!("**{h}**\n\n"), "- "),
        Format::Bbcode => (bbcode_text, |h| format!("[b]{h}[/b]\n"), "- "),
        Format::Mediawiki => (mediawiki_text, |h| format!("'''{h}'''\n"), "* "),
        _ => (|x| esc(x).into_owned(), |h| format!("{h}\n"), "  "),
    };
    let mut s = format!("{}\n", text(&format!("What mentions “{words}”:")));
    let mut part = |title: &str, lines: Vec<String>| {
        if !lines.is_empty() {
            s.push('\n');
            s.push_str(&heading(&format!("{title} ({})", lines.len())));
            for l in lines {
                s.push_str(&format!("{item}{l}\n"));
            }
        }
    };
    part("Rules", rules.iter().map(|e| format!("{}: {}", text(e.id.as_str()), text(&e.text))).collect());
    part("Rulings", rulings.iter().map(|(r, rule)| format!("{} (under {})", text(r), text(rule))).collect());
    part("Switches", switches.iter().map(|sw| format!("{}: {}", text(sw.name), text(sw.question))).collect());
    s.push_str(&format!("\n{}\n", text("`referee explain ID` shows one of them in full.")));
    Some(s)
}

/// `referee explain` as BBCode or MediaWiki wikitext: each
/// source a footnote on the wiki (`<ref>`, grouped by its kind), in italics on BoardGameGeek.
fn explain_paste(
    lib: &Library,
    a: &ExplainArgs,
    entries: &[&RuleEntry],
    switch: Option<&SwitchDef>,
    switches: &[&SwitchDef],
    covering: &[Covering],
) -> String {
    let (id, scenarios, wiki) = (a.id.trim(), &a.scenarios, a.format == Format::Mediawiki);
    let text: Escape = if wiki { mediawiki_text } else { bbcode_text };
    let bold = |s: &str| if wiki { format!("'''{s}'''") } else { format!("[b]{s}[/b]") };
    let code = |s: &str| if wiki { format!("<code>{}</code>", text(s)) } else { text(s) };
    let (item, sub) = if wiki { ("* ", "** ") } else { ("- ", "  - ") };
    let mut groups: Vec<&str> = Vec::new();
    let mut note = |src: &str, group: &'static str| {
        if src.is_empty() {
            String::new()
        } else if wiki {
            groups.push(group);
            format!("<ref group=\"{group}\">{}</ref>", text(src))
        } else {
            format!(" — [i]{}[/i]", text(src))
        }
    };
    let mut s = if wiki { format!("=== {} ===\n", text(id)) } else { format!("[b]{}[/b]\n\n", text(id)) };
    if let Some(r) = lib.catalogue.ruling(id) {
        let cite = note(&r.source.citation(), crate::report::ref_group(r.source.kind));
        s.push_str(&format!("{} {}{cite}\n\n{}\n\n", bold("Ruling:"), text(&r.claim), bold("Under the rule:")));
    }
    for e in entries {
        let cite = note(&e.citation(), crate::report::ref_group(e.source.kind));
        s.push_str(&format!("{}: {}{cite}", bold(e.id.as_str()), text(&e.text)));
        if !e.rulings.is_empty() {
            s.push_str(&format!(" (rulings: {})", text(&e.rulings.join(", "))));
        }
        s.push_str("\n\n");
    }
    if let Some(sw) = switch {
        s.push_str(&format!("{}\n", text(sw.question)));
        for (v, m) in sw.values {
            s.push_str(&format!("{item}{}: {}\n", code(v), text(m)));
        }
        s.push('\n');
    }
    if switches.is_empty() {
        s.push_str(&format!("{} every ruleset (no switch changes it).\n", bold("Editions:")));
    } else {
        s.push_str(&format!("{}\n", bold("Editions:")));
        for sw in switches {
            s.push_str(&format!("{item}{}\n", code(sw.name)));
            for (r, v, src) in switch_lines(lib, sw) {
                let src = note(&src, "edition");
                s.push_str(&format!("{sub}{}: {}{src}\n", text(&r), code(&v)));
            }
        }
    }
    if covering.is_empty() {
        s.push_str(&format!("\n{}\n", text(&none_covers(scenarios))));
    } else {
        s.push_str(&format!("\n{}\n", bold("Scenarios:")));
        for c in covering {
            let st = if c.passes { "pass" } else { "FAIL" };
            s.push_str(&format!("{item}{} ({st})\n", text(&c.id)));
        }
    }
    if wiki {
        s.push_str(&crate::report::mediawiki_references(&groups));
    }
    s
}

pub fn rulings(lib: &Library, a: RulingsArgs) -> Result<Status, Error> {
    if !a.scenarios.is_dir() {
        let dir = a.scenarios.display().to_string();
        return Err(Box::new(
            miette::MietteDiagnostic::new(format!("no `{}/` folder found here", esc(dir.trim_end_matches('/'))))
                .with_code("referee::no-scenarios")
                .with_help("`referee rulings` counts the scenarios that cover each id: run it in the project folder, or give --scenarios DIR"),
        ));
    }
    let survey = survey(lib, &a.scenarios);
    // Per document: every rule id and inventory id its entries carry.
    let mut docs: BTreeMap<String, Vec<String>> = BTreeMap::new();
    for e in lib.catalogue.entries() {
        let ids = docs.entry(e.source.document.to_string()).or_default();
        ids.push(e.id.as_str().to_string());
        ids.extend(e.rulings.iter().map(|r| r.to_string()));
    }
    // Rules the referee cannot judge, by their entry's word: not judged, rather than uncovered.
    let unjudged: Vec<&str> = lib.catalogue.entries().filter(|e| e.unjudged.is_some()).map(|e| e.id.as_str()).collect();
    let status = |id: &str| -> &'static str {
        let cov: Vec<&Covering> = survey.iter().filter(|c| c.covers.iter().any(|x| x == id)).collect();
        if cov.is_empty() && unjudged.contains(&id) {
            "not judged"
        } else if cov.is_empty() {
            "uncovered"
        } else if cov.iter().any(|c| c.passes) {
            "passing"
        } else {
            "failing"
        }
    };
    let mut report: Vec<(String, Vec<(String, &'static str)>)> = Vec::new();
    for (doc, mut ids) in docs {
        ids.sort();
        ids.dedup();
        report.push((doc, ids.iter().map(|i| (i.clone(), status(i))).collect()));
    }
    if a.uncovered {
        // Only the ids no scenario covers, by document; documents with none are left out.
        for (_, ids) in &mut report {
            ids.retain(|(_, st)| *st == "uncovered");
        }
        report.retain(|(_, ids)| !ids.is_empty());
        emit(&uncovered_list(&report, a.format))?;
        return Ok(Status::Ok);
    }
    let text = match a.format {
        ListFormat::Json => {
            let v: Vec<_> = report
                .iter()
                .map(|(doc, ids)| {
                    let pick = |st: &str| ids.iter().filter(|(_, s)| *s == st).map(|(i, _)| i.clone()).collect::<Vec<_>>();
                    let mut v = json!({"document": doc, "passing": pick("passing"), "failing": pick("failing"), "uncovered": pick("uncovered")});
                    if ids.iter().any(|(_, s)| *s == "not judged") {
                        v["not_judged"] = json!(pick("not judged"));
                    }
                    v
                })
                .collect();
            crate::report::json_text(&json!(v))
        }
        ListFormat::Text | ListFormat::Markdown => {
            let md = a.format == ListFormat::Markdown;
            let mut s = String::new();
            if md {
                s.push_str("| document | passing | failing | uncovered |\n|---|--:|--:|--:|\n");
            }
            for (doc, ids) in &report {
                let n = |st: &str| ids.iter().filter(|(_, s)| *s == st).count();
                // Document names and ruling ids come from the catalogue, which may be any file.
                if md {
                    s.push_str(&format!(
                        "| {} | {} | {} | {} |\n",
                        markdown_cell(doc),
                        n("passing"),
                        n("failing"),
                        n("uncovered")
                    ));
                } else {
                    // Rules the referee does not judge are counted only where a document has them.
                    let not_judged = match n("not judged") {
                        0 => String::new(),
                        k => format!(", {k} not judged"),
                    };
                    s.push_str(&format!(
                        "{}\n  {} passing, {} failing, {} uncovered{not_judged} (of {})\n",
                        esc(doc),
                        n("passing"),
                        n("failing"),
                        n("uncovered"),
                        ids.len()
                    ));
                }
                for (id, st) in ids {
                    if *st != "passing" && !md {
                        s.push_str(&format!("    {st}: {}\n", esc(id)));
                    }
                }
            }
            s
        }
    };
    emit(&text)?;
    Ok(Status::Ok)
}

/// `referee rulings --uncovered`: each document with ids no scenario covers, and those ids.
fn uncovered_list(report: &[(String, Vec<(String, &'static str)>)], format: ListFormat) -> String {
    match format {
        ListFormat::Json => {
            let v: Vec<_> = report
                .iter()
                .map(|(doc, ids)| json!({"document": doc, "uncovered": ids.iter().map(|(i, _)| i).collect::<Vec<_>>()}))
                .collect();
            crate::report::json_text(&json!(v))
        }
        ListFormat::Markdown => {
            let mut s = String::from("| uncovered | document |\n|---|---|\n");
            for (doc, ids) in report {
                for (id, _) in ids {
                    s.push_str(&format!("| {} | {} |\n", markdown_cell(id), markdown_cell(doc)));
                }
            }
            s
        }
        ListFormat::Text => {
            let mut s = String::new();
            for (doc, ids) in report {
                s.push_str(&format!("{}\n", esc(doc)));
                for (id, _) in ids {
                    s.push_str(&format!("    {}\n", esc(id)));
                }
            }
            if report.is_empty() {
                s.push_str("Every id is covered by some scenario.\n");
            }
            s
        }
    }
}
