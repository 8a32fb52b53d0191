//! Rendering replays for people (text, markdown) and programs (JSON).

use crate::data::catalogue::Catalogue;
use crate::data::catalogue::SourceKind;
use crate::replay::{Judgement, Outcome};
use crate::rules::RuleId;
use crate::scenario::Scenario;
use crate::score::{ScoreEvent, Timing};
use crate::text::{bbcode_text, escape_control as esc, markdown_cell, markdown_code, markdown_inline, mediawiki_text};
use serde_json::{json, Value};

pub mod compare;
pub mod rules;
pub mod table;

use table::{fitted_table, Cell};

/// A JSON document as printed: pretty, one newline at the end, and no control character
/// raw even where serde_json leaves it (DEL, C1, bidi controls: `text::json_escape_control`).
pub fn json_text(v: &Value) -> String {
    let s = serde_json::to_string_pretty(v).unwrap_or_default();
    format!("{}\n", crate::text::json_escape_control(&s))
}

/// Output formats of the reporting commands (`check`, `compare`, `explain`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum Format {
    Text,
    Json,
    Markdown,
    /// BBCode, for a BoardGameGeek forum post.
    Bbcode,
    /// MediaWiki wikitext, with the citations as `<ref>` footnotes.
    Mediawiki,
}

/// A renderer of one replay for a paste format (markdown, BBCode, MediaWiki).
pub type Renderer = fn(&Scenario, &Outcome, &Judgement, &Catalogue) -> String;

/// Output formats of the listing commands (`rules`, `rulings`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum ListFormat {
    Text,
    Json,
    Markdown,
}

/// Text wrapped to `width` columns (in display width) with the given indents, never broken
/// inside a word; unwrapped (one line, the first indent) when there is no width.
pub fn wrap(s: &str, width: Option<u16>, first: &str, rest: &str) -> String {
    let Some(w) = width else {
        return format!("{first}{s}\n");
    };
    let opts = textwrap::Options::new(usize::from(w).max(1))
        .initial_indent(first)
        .subsequent_indent(rest)
        .break_words(false)
        .word_splitter(textwrap::WordSplitter::NoHyphenation);
    let mut out = String::new();
    for line in textwrap::wrap(s, opts) {
        out.push_str(line.trim_end());
        out.push('\n');
    }
    out
}

/// Text styling: colour as `--color`, `NO_COLOR` and `CLICOLOR_FORCE` say (`diag::colour_for`).
#[derive(Clone, Copy, Debug, Default)]
pub struct Style {
    pub colour: bool,
    /// The width tables fit (a stacked layout when their columns cannot) and, with `prose`,
    /// text wraps to; none: natural width.
    pub width: Option<u16>,
    /// Whether prose wraps to `width` too, as on a terminal or under `COLUMNS`.
    pub prose: bool,
}

impl Style {
    /// Plain output with tables at 110 columns and prose unwrapped, for the scenario snapshots.
    pub fn plain() -> Style {
        Style { colour: false, width: Some(110), prose: false }
    }

    /// Plain output wrapped to `width` columns, tables and prose, as `COLUMNS=width` gives.
    pub fn columns(width: u16) -> Style {
        Style { colour: false, width: Some(width), prose: true }
    }

    /// The width prose wraps to.
    fn prose_width(&self) -> Option<u16> {
        self.width.filter(|_| self.prose)
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

/// The supply a scenario gives instead of the rulebook's, in words (`followers 1 each (the
/// rules give 7), wagon 2 each (the rules give 1)`): said in every report, so that no reader
/// takes the game for one played with the box. None when it plays the rules' counts.
pub fn supply_words(sc: &Scenario) -> Option<String> {
    if sc.supply.is_empty() {
        return None;
    }
    let each: Vec<String> =
        sc.supply.iter().map(|c| format!("{} {} each (the rules give {})", c.word, c.count, c.rules)).collect();
    Some(format!("supply not the rulebook's: {}", each.join(", ")))
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
    s.push_str(&wrap(&format!("{} — {}", esc(&sc.id), esc(&sc.title)), style.prose_width(), "", "  "));
    s.push_str(&format!("ruleset: {}\n", esc(&out.ruleset)));
    for x in &sc.switches {
        s.push_str(&format!("  with {} = {} (set by the scenario)\n", x.switch.name, esc(x.value)));
    }
    if let Some(w) = supply_words(sc) {
        s.push_str(&wrap(&w, style.prose_width(), "  ", "    "));
    }
    s.push('\n');
    if out.events.is_empty() {
        s.push_str("No points scored.\n");
    } else {
        let header: Vec<Cell> =
            ["turn", "player", "feature", "tiles", "points", "detail", "rules"].map(Cell::new).into();
        let rows: Vec<Vec<Cell>> = out
            .events
            .iter()
            .map(|e| {
                vec![
                    Cell::new(e.timing.to_string()),
                    Cell::new(esc(&players_of(out, e))),
                    Cell::new(esc(&e.feature.to_string())),
                    Cell::new(e.feature.tiles).right(),
                    Cell::new(e.points()).right(),
                    Cell::new(detail(e)),
                    // Rule ids are never broken across lines: they are what a reader copies.
                    Cell::new(rule_list(&e.rules(), "\n")),
                ]
            })
            .collect();
        match fitted_table(header, rows, style.width) {
            Some(t) => {
                t.write_to(&mut s);
                s.push('\n');
            }
            // Too narrow for the columns: each event stacked, one block per event.
            None => {
                for e in &out.events {
                    let head =
                        format!("turn {} · {} · {}", e.timing, esc(&players_of(out, e)), esc(&e.feature.to_string()));
                    s.push_str(&wrap(&head, style.prose_width(), "", "  "));
                    let pts = format!("{} points ({} tiles): {}", e.points(), e.feature.tiles, detail(e));
                    s.push_str(&wrap(&pts, style.prose_width(), "  ", "    "));
                    s.push_str(&wrap(
                        &format!("rules: {}", rule_list(&e.rules(), ", ")),
                        style.prose_width(),
                        "  ",
                        "    ",
                    ));
                }
            }
        }
    }
    if let Some(ill) = &out.illegal {
        // Painted after wrapping: the colour codes take no columns.
        let line = format!("Illegal move: {}: {} [{}]", ill.when(), esc(&ill.verdict.message), ill.verdict.rule);
        let line = wrap(&line, style.prose_width(), "", "  ");
        s.push('\n');
        s.push_str(&line.replacen("Illegal move:", &style.paint("1;31", "Illegal move:"), 1));
    }
    let when = if out.illegal.is_some() {
        "Scores when play stopped"
    } else if out.final_scoring {
        "Final scores"
    } else {
        "Scores (no final scoring)"
    };
    let scores: Vec<String> = out.players.iter().zip(&out.scores).map(|(p, s)| format!("{} {s}", esc(p))).collect();
    s.push('\n');
    s.push_str(&wrap(&format!("{when}: {}", scores.join(", ")), style.prose_width(), "", "  "));
    let rules = cited(out);
    if !rules.is_empty() {
        s.push_str("\nCitations:\n");
        for r in rules {
            match cat.get(r) {
                Some(e) => {
                    s.push_str(&wrap(&format!("{r}: {}", esc(&e.text)), style.prose_width(), "  ", "      "));
                    s.push_str(&wrap(&esc(&e.citation()), style.prose_width(), "      ", "      "));
                }
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
                s.push_str(&wrap(&esc(&x.what), style.prose_width(), "  - ", "    "));
                s.push_str(&wrap(
                    &format!("expected: {}", esc(&x.expected)),
                    style.prose_width(),
                    "      ",
                    "                ",
                ));
                s.push_str(&wrap(
                    &format!("actual:   {}", esc(&x.actual)),
                    style.prose_width(),
                    "      ",
                    "                ",
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
                "name": &*e.feature.name,
                "words": e.feature.words(),
                "at": [e.feature.at.x, e.feature.at.y],
                "tiles": e.feature.tiles,
                "points": e.points(),
                "items": e.items.iter().map(|i| json!({"rule": i.rule.as_str(), "label": i.label, "count": i.count, "each": i.each})).collect::<Vec<_>>(),
                "rules": e.rules().iter().map(|r| r.as_str()).collect::<Vec<_>>(),
            })
        })
        .collect();
    let illegal = match &out.illegal {
        Some(i) if i.turn == crate::replay::Illegal::AT_END => {
            json!({"turn": "end", "rule": i.verdict.rule.as_str(), "message": i.verdict.message})
        }
        Some(i) if i.turn == crate::replay::Illegal::AT_BOARD => {
            json!({"turn": "board", "rule": i.verdict.rule.as_str(), "message": i.verdict.message})
        }
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
    if let Some(w) = supply_words(sc) {
        s.push_str(&format!("**{}**\n\n", markdown_inline(&w)));
    }
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
            "**Illegal move** on {}: {} (`{}`)\n\n",
            ill.when(),
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
    match judgement {
        Judgement::Pass => s.push_str("Expectations: all met.\n"),
        Judgement::Fail(m) => {
            s.push_str(&format!("Expectations: **not met** ({}):\n\n", m.len()));
            for x in m {
                s.push_str(&format!(
                    "- {}: expected {}, actual {}\n",
                    markdown_inline(&x.what),
                    markdown_inline(&x.expected),
                    markdown_inline(&x.actual)
                ));
            }
        }
        Judgement::Invalid(_) => s.push_str("Expectations: **invalid move**.\n"),
    }
    s
}

/// The expectations of one replay for the paste formats: the verdict, and each mismatch as
/// `(what, expected, actual)`.
fn verdict(j: &Judgement) -> (&'static str, Vec<(&str, &str, &str)>) {
    match j {
        Judgement::Pass => ("all met", Vec::new()),
        Judgement::Fail(m) => {
            ("not met", m.iter().map(|x| (x.what.as_str(), x.expected.as_str(), x.actual.as_str())).collect())
        }
        Judgement::Invalid(_) => ("invalid move", Vec::new()),
    }
}

/// The scores line of one replay, each name escaped with `escape`.
fn scores_with(out: &Outcome, escape: fn(&str) -> String) -> String {
    out.players.iter().zip(&out.scores).map(|(p, s)| format!("{} {s}", escape(p))).collect::<Vec<_>>().join(", ")
}

/// The cells of one event's row but its rules, not yet escaped.
fn event_cells(out: &Outcome, e: &ScoreEvent) -> [String; 6] {
    [
        e.timing.to_string(),
        players_of(out, e),
        e.feature.to_string(),
        e.feature.tiles.to_string(),
        e.points().to_string(),
        detail(e),
    ]
}

const HEADER: [&str; 7] = ["turn", "player", "feature", "tiles", "points", "detail", "rules"];

/// The report of one replay as BBCode, for a BoardGameGeek forum post: a table, the scores,
/// the rules quoted with their sources, and what failed.
pub fn bbcode(sc: &Scenario, out: &Outcome, judgement: &Judgement, cat: &Catalogue) -> String {
    let t = bbcode_text;
    let mut s = format!("[b]{} — ruleset {}[/b]\n\n", t(&sc.title), t(&out.ruleset));
    if let Some(w) = supply_words(sc) {
        s.push_str(&format!("[b]{}[/b]\n\n", t(&w)));
    }
    if !out.events.is_empty() {
        s.push_str("[table]\n[tr]");
        for h in HEADER {
            s.push_str(&format!("[td][b]{h}[/b][/td]"));
        }
        s.push_str("[/tr]\n");
        for e in &out.events {
            s.push_str("[tr]");
            for c in event_cells(out, e) {
                s.push_str(&format!("[td]{}[/td]", t(&c)));
            }
            s.push_str(&format!("[td]{}[/td][/tr]\n", rule_list(&e.rules(), ", ")));
        }
        s.push_str("[/table]\n\n");
    }
    if let Some(ill) = &out.illegal {
        s.push_str(&format!(
            "[b]Illegal move[/b] on {}: {} ({})\n\n",
            ill.when(),
            t(&ill.verdict.message),
            ill.verdict.rule
        ));
    }
    s.push_str(&format!("[b]Scores:[/b] {}\n\n", scores_with(out, bbcode_text)));
    let rules = cited(out);
    if !rules.is_empty() {
        s.push_str("[b]Rules applied:[/b]\n");
        for r in rules {
            if let Some(e) = cat.get(r) {
                s.push_str(&format!("[b]{r}[/b]: {} — [i]{}[/i]\n", t(&e.text), t(&e.citation())));
            }
        }
        s.push('\n');
    }
    let (word, failed) = verdict(judgement);
    s.push_str(&format!("[b]Expectations:[/b] {word}\n"));
    for (what, expected, actual) in failed {
        s.push_str(&format!("- {}: expected {}, actual {}\n", t(what), t(expected), t(actual)));
    }
    s
}

/// The group of a `<ref>` footnote, after the kind of text a rule comes from: the rules and
/// their official clarifications, examples and Q&A (`official`), edition differences
/// (`edition`), community commentary (`commentary`).
pub fn ref_group(kind: SourceKind) -> &'static str {
    match kind {
        SourceKind::Rule | SourceKind::Official | SourceKind::Example | SourceKind::Qa => "official",
        SourceKind::Edition => "edition",
        SourceKind::Commentary => "commentary",
    }
}

/// A rule id in wikitext with its catalogue entry as a `<ref>` footnote named by the id: in
/// full the first time (`seen` records it), referred to by name after.
pub fn mediawiki_cite(r: RuleId, cat: &Catalogue, seen: &mut Vec<RuleId>) -> String {
    let Some(e) = cat.get(r) else { return format!("<code>{r}</code>") };
    let group = ref_group(e.source.kind);
    if seen.contains(&r) {
        return format!("<code>{r}</code><ref name=\"{r}\" group=\"{group}\" />");
    }
    seen.push(r);
    format!(
        "<code>{r}</code><ref name=\"{r}\" group=\"{group}\">{} — ''{}''</ref>",
        mediawiki_text(&e.text),
        mediawiki_text(&e.citation())
    )
}

/// The `<references />` list of each footnote group used (see [`ref_group`]), under its heading.
pub fn mediawiki_references(groups: &[&str]) -> String {
    let mut s = String::new();
    for (group, title) in [("official", "Rules"), ("edition", "Edition notes"), ("commentary", "Commentary")] {
        if groups.contains(&group) {
            s.push_str(&format!("\n'''{title}'''\n<references group=\"{group}\" />\n"));
        }
    }
    s
}

/// The footnote groups of the rules cited.
pub fn groups_of(rules: &[RuleId], cat: &Catalogue) -> Vec<&'static str> {
    rules.iter().filter_map(|r| cat.get(*r)).map(|e| ref_group(e.source.kind)).collect()
}

/// The report of one replay as MediaWiki wikitext: a `wikitable`, the scores, every rule
/// cited as a `<ref>` footnote (grouped by its source's kind, see [`ref_group`]) and what failed.
pub fn mediawiki(sc: &Scenario, out: &Outcome, judgement: &Judgement, cat: &Catalogue) -> String {
    let t = mediawiki_text;
    let mut seen = Vec::new();
    let mut s = format!("=== {} — ruleset {} ===\n", t(&sc.title), t(&out.ruleset));
    if let Some(w) = supply_words(sc) {
        s.push_str(&format!("'''{}'''\n", t(&w)));
    }
    if !out.events.is_empty() {
        s.push_str(&format!("{{| class=\"wikitable\"\n! {}\n", HEADER.join(" !! ")));
        for e in &out.events {
            let cells: Vec<String> = event_cells(out, e).iter().map(|c| t(c)).collect();
            let rules: Vec<String> = e.rules().into_iter().map(|r| mediawiki_cite(r, cat, &mut seen)).collect();
            s.push_str(&format!("|-\n| {} || {}\n", cells.join(" || "), rules.join(", ")));
        }
        s.push_str("|}\n");
    }
    if let Some(ill) = &out.illegal {
        s.push_str(&format!(
            "\n'''Illegal move''' on {}: {} ({})\n",
            ill.when(),
            t(&ill.verdict.message),
            mediawiki_cite(ill.verdict.rule, cat, &mut seen)
        ));
    }
    s.push_str(&format!("\n'''Scores:''' {}\n", scores_with(out, mediawiki_text)));
    let (word, failed) = verdict(judgement);
    s.push_str(&format!("\n'''Expectations:''' {word}\n"));
    for (what, expected, actual) in failed {
        s.push_str(&format!("* {}: expected {}, actual {}\n", t(what), t(expected), t(actual)));
    }
    s.push_str(&mediawiki_references(&groups_of(&seen, cat)));
    s
}
