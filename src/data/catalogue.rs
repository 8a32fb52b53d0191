//! The rule catalogue, one file per expansion under `rulesets/rules/`: each rule id in the
//! project's own words, with its source and the ids of the rulings inventory it answers to.

use crate::diag::{InputError, Problem, SourceFile};
use crate::rules::RuleId;
use serde::Deserialize;

/// What kind of text a rule comes from.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum SourceKind {
    /// The main rules text.
    Rule,
    /// An official clarification by a publisher (FAQ, footnote marked official).
    Official,
    /// A difference between editions or translations.
    Edition,
    /// Community commentary.
    Commentary,
    /// A worked example.
    Example,
    /// A question-and-answer block.
    Qa,
}

impl SourceKind {
    pub fn as_str(self) -> &'static str {
        match self {
            SourceKind::Rule => "rule",
            SourceKind::Official => "official clarification",
            SourceKind::Edition => "edition difference",
            SourceKind::Commentary => "commentary",
            SourceKind::Example => "worked example",
            SourceKind::Qa => "Q&A",
        }
    }
}

#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Source {
    pub document: String,
    #[serde(default)]
    pub section: String,
    pub kind: SourceKind,
    #[serde(default)]
    pub date: Option<String>,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct EntryFile {
    id: String,
    text: String,
    source: Source,
    #[serde(default)]
    rulings: Vec<String>,
}

/// One rule of the catalogue.
#[derive(Clone, Debug)]
pub struct RuleEntry {
    pub id: RuleId,
    pub text: String,
    pub source: Source,
    pub rulings: Vec<String>,
}

impl RuleEntry {
    /// The source in one line: document, section, kind and date.
    pub fn citation(&self) -> String {
        let s = &self.source;
        let mut out = s.document.clone();
        if !s.section.is_empty() {
            out.push_str(&format!(", \"{}\"", s.section));
        }
        out.push_str(&format!(" ({}", s.kind.as_str()));
        if let Some(d) = &s.date {
            out.push_str(&format!(", {d}"));
        }
        out.push(')');
        out
    }
}

/// The whole catalogue.
#[derive(Clone, Debug, Default)]
pub struct Catalogue {
    pub entries: Vec<RuleEntry>,
}

impl Catalogue {
    pub fn get(&self, id: RuleId) -> Option<&RuleEntry> {
        self.entries.iter().find(|e| e.id == id)
    }
}

/// One expansion's catalogue file, whose entries word exactly the ids of its `rule` module.
pub fn load(file: &SourceFile, ids: &[RuleId]) -> Result<Vec<RuleEntry>, InputError> {
    let parsed: Vec<EntryFile> = crate::data::parse_yaml(file)?;
    let mut problems = Vec::new();
    let mut entries: Vec<RuleEntry> = Vec::new();
    for (i, e) in parsed.into_iter().enumerate() {
        match ids.iter().copied().find(|r| r.as_str() == e.id) {
            Some(id) if entries.iter().any(|o| o.id == id) => problems.push(
                Problem::new("catalogue::duplicate", format!("rule `{}` is listed twice", e.id))
                    .at(file.spans().value(&format!("[{i}].id"))),
            ),
            Some(id) => entries.push(RuleEntry { id, text: e.text, source: e.source, rulings: e.rulings }),
            None => problems.push(
                Problem::new(
                    "catalogue::unknown-rule",
                    format!("`{}` is not a rule id of this file's expansion", e.id),
                )
                .at(file.spans().value(&format!("[{i}].id")))
                .help(match crate::expansion::rule(&e.id) {
                    Some(_) => "each rule is worded in its own expansion's file under rulesets/rules/".to_string(),
                    None => "an expansion's rule ids are listed in its `rule` module".to_string(),
                }),
            ),
        }
    }
    if problems.is_empty() {
        Ok(entries)
    } else {
        Err(InputError::new(file, problems))
    }
}
