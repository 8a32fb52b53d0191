//! The rule catalogue, one file per expansion under `rulesets/rules/`: each rule id in the
//! project's own words, with its source and the ids of the rulings inventory it answers to.

use crate::diag::{InputError, Problem, SourceFile};
use crate::rules::{RuleBook, RuleId};
use serde::Deserialize;
use std::sync::{Mutex, OnceLock};

pub use crate::data::Text;

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

#[derive(Clone, Debug, PartialEq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Source {
    pub document: Text,
    #[serde(default)]
    pub section: Text,
    pub kind: SourceKind,
    #[serde(default)]
    pub date: Option<Text>,
}

#[derive(Debug, PartialEq, Deserialize)]
#[serde(deny_unknown_fields)]
struct EntryFile {
    id: Text,
    text: Text,
    source: Source,
    #[serde(default)]
    rulings: Vec<RulingFile>,
    /// Why the referee does not judge this rule, where it cannot (`unjudged: "..."`).
    #[serde(default)]
    unjudged: Option<Text>,
}

/// An item of an entry's `rulings:` list: an inventory id alone (the first form), or the id
/// with the ruling's own claim in the project's words, and where the ruling's text differs
/// from the rule's, its own document, kind, section and date.
#[derive(Debug, PartialEq, Deserialize)]
#[serde(untagged)]
enum RulingFile {
    Id(Text),
    Worded(WordedFile),
}

#[derive(Debug, PartialEq, Deserialize)]
#[serde(deny_unknown_fields)]
struct WordedFile {
    id: Text,
    claim: Text,
    #[serde(default)]
    document: Option<Text>,
    #[serde(default)]
    kind: Option<SourceKind>,
    #[serde(default)]
    section: Option<Text>,
    #[serde(default)]
    date: Option<Text>,
}

/// A ruling of the inventory in the project's own words, under the rule that answers it.
#[derive(Clone, Debug)]
pub struct Ruling {
    pub id: Text,
    /// The rule whose entry words it.
    pub rule: RuleId,
    pub claim: Text,
    /// The ruling's own source: the rule's, with the ruling's own document, section, kind and
    /// date where it gives them.
    pub source: Source,
}

/// One rule of the catalogue.
#[derive(Clone, Debug)]
pub struct RuleEntry {
    pub id: RuleId,
    pub text: Text,
    pub source: Source,
    pub rulings: Vec<Text>,
    /// Why the referee does not judge this rule (what it would need to see, that a scenario
    /// never shows it): such a rule is "not judged" rather than uncovered.
    pub unjudged: Option<Text>,
}

impl RuleEntry {
    /// The source in one line: document, section, kind and date.
    pub fn citation(&self) -> String {
        self.source.citation()
    }
}

impl Source {
    /// In one line: document, section, kind and date.
    pub fn citation(&self) -> String {
        let s = self;
        let mut out = s.document.to_string();
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

/// The whole catalogue: each expansion's file, in the order of `expansion::rule_books`.
///
/// The built-in catalogue is built as it is read: looking up a rule builds the files up to
/// its expansion's (a file is built after those before it, since a ruling is worded once in
/// them all), listing the entries or rulings builds them all. A `check` of a base-game
/// scenario so builds the base game's file alone. A data folder's catalogue is built whole
/// when loaded, so that its problems are reported at start.
pub struct Catalogue {
    books: Vec<&'static RuleBook>,
    /// Each book's file, once built.
    files: Vec<OnceLock<Loaded>>,
    /// The rulings worded in the files built so far.
    worded: Mutex<Worded>,
    /// Builds a file of the built-in catalogue; `None` for a catalogue built whole.
    build: Option<fn(&'static RuleBook, &mut Worded) -> Loaded>,
}

impl Catalogue {
    /// The catalogue of every expansion's file, built whole now, each file loaded by `load`
    /// (`load` or `load_builtin`) with its expansion's rule book and the rulings worded before it.
    pub fn of_books(
        mut load: impl FnMut(&'static RuleBook, &mut Worded) -> Result<Loaded, InputError>,
    ) -> Result<Catalogue, InputError> {
        let books: Vec<_> = crate::expansion::rule_books().collect();
        let mut worded = Worded::default();
        let mut files = Vec::with_capacity(books.len());
        for book in &books {
            files.push(OnceLock::from(load(book, &mut worded)?));
        }
        Ok(Catalogue { books, files, worded: Mutex::new(worded), build: None })
    }

    /// The catalogue whose files `build` builds as they are read (the built-in files, which
    /// the test suite keeps valid).
    pub fn built_as_read(build: fn(&'static RuleBook, &mut Worded) -> Loaded) -> Catalogue {
        let books: Vec<_> = crate::expansion::rule_books().collect();
        let files = books.iter().map(|_| OnceLock::new()).collect();
        Catalogue { books, files, worded: Mutex::default(), build: Some(build) }
    }

    /// The `k`-th book's file, built (after the files before it) when first asked.
    fn file(&self, k: usize) -> &Loaded {
        self.files[k].get_or_init(|| {
            if k > 0 {
                self.file(k - 1);
            }
            let build = self.build.expect("a catalogue built whole has every file");
            build(self.books[k], &mut self.worded.lock().expect("no file's building panicked"))
        })
    }

    fn all_files(&self) -> impl Iterator<Item = &Loaded> {
        (0..self.files.len()).map(|k| self.file(k))
    }

    /// Every rule of the catalogue, in catalogue order.
    pub fn entries(&self) -> impl Iterator<Item = &RuleEntry> {
        self.all_files().flat_map(|f| &f.entries)
    }

    /// The rulings worded in the catalogue, in catalogue order.
    pub fn rulings(&self) -> impl Iterator<Item = &Ruling> {
        self.all_files().flat_map(|f| &f.rulings)
    }

    /// A rule's entry: in its own expansion's file, the only one that may word it.
    pub fn get(&self, id: RuleId) -> Option<&RuleEntry> {
        let k = self.books.iter().position(|b| b.ids.contains(&id))?;
        self.file(k).entries.iter().find(|e| e.id == id)
    }

    /// A ruling's own claim, when the catalogue words it.
    pub fn ruling(&self, id: &str) -> Option<&Ruling> {
        self.rulings().find(|r| r.id == id)
    }

    /// Whether `id` is a rule of the catalogue or a ruling one of its entries lists. A rule
    /// is looked up in its own file first, so that naming one builds no other.
    pub fn knows(&self, id: &str) -> bool {
        crate::expansion::rule(id).is_some_and(|r| self.get(r).is_some())
            || self.entries().any(|e| e.id.as_str() == id || e.rulings.iter().any(|r| r == id))
    }
}

impl Clone for Catalogue {
    fn clone(&self) -> Catalogue {
        Catalogue {
            books: self.books.clone(),
            files: self.files.clone(),
            worded: Mutex::new(self.worded.lock().expect("no file's building panicked").clone()),
            build: self.build,
        }
    }
}

/// The whole catalogue, as a data folder's and the built-in one alike show it.
impl std::fmt::Debug for Catalogue {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Catalogue")
            .field("entries", &self.entries().collect::<Vec<_>>())
            .field("rulings", &self.rulings().collect::<Vec<_>>())
            .finish()
    }
}

/// The ids of the rulings worded in the files loaded so far: a ruling is worded once in the
/// whole catalogue. A set, so that each file's rulings are checked against it without a
/// search through (or a sort of) every ruling before.
pub type Worded = std::collections::HashSet<Text>;

/// One expansion's file: its rules, and the rulings they word.
#[derive(Clone)]
pub struct Loaded {
    pub entries: Vec<RuleEntry>,
    pub rulings: Vec<Ruling>,
}

/// One expansion's catalogue file, whose entries word exactly the ids of its `rule` module.
/// A ruling is worded once in the whole catalogue: `worded` holds the rulings of the files
/// loaded before this one, and takes this file's.
pub fn load(file: &SourceFile, ids: &[RuleId], worded: &mut Worded) -> Result<Loaded, InputError> {
    let parsed: Vec<EntryFile> = crate::data::parse_yaml(file)?;
    build(file, parsed, ids, worded)
}

/// The entries of the catalogue files, read from their YAML when the crate was built
/// (`build.rs`): the same values `load` reads from them.
mod prebuilt {
    use super::{EntryFile, RulingFile, Source, SourceKind, WordedFile};

    /// An entry of a catalogue file as build.rs writes it: the file's text, in static slices.
    struct E {
        id: &'static str,
        text: &'static str,
        document: &'static str,
        section: &'static str,
        kind: SourceKind,
        date: Option<&'static str>,
        rulings: &'static [R],
        unjudged: Option<&'static str>,
    }

    enum R {
        Id(&'static str),
        Worded(W),
    }

    struct W {
        id: &'static str,
        claim: &'static str,
        document: Option<&'static str>,
        kind: Option<SourceKind>,
        section: Option<&'static str>,
        date: Option<&'static str>,
    }

    include!(concat!(env!("OUT_DIR"), "/catalogue.rs"));

    /// The entries of a built-in catalogue file, as the loader reads them from its YAML (their
    /// text borrowed from the tables).
    pub(super) fn entries(path: &str) -> Option<Vec<EntryFile>> {
        let (_, file) = FILES.iter().find(|(p, _)| *p == path)?;
        Some(
            file.iter()
                .map(|e| EntryFile {
                    id: e.id.into(),
                    text: e.text.into(),
                    source: Source {
                        document: e.document.into(),
                        section: e.section.into(),
                        kind: e.kind,
                        date: e.date.map(Into::into),
                    },
                    rulings: e
                        .rulings
                        .iter()
                        .map(|r| match r {
                            R::Id(id) => RulingFile::Id((*id).into()),
                            R::Worded(w) => RulingFile::Worded(WordedFile {
                                id: w.id.into(),
                                claim: w.claim.into(),
                                document: w.document.map(Into::into),
                                kind: w.kind,
                                section: w.section.map(Into::into),
                                date: w.date.map(Into::into),
                            }),
                        })
                        .collect(),
                    unjudged: e.unjudged.map(Into::into),
                })
                .collect(),
        )
    }
}

/// A built-in catalogue file as `load` reads it, from the entries read when the crate was built.
pub fn load_builtin(
    file: &crate::embedded::Embedded,
    ids: &[RuleId],
    worded: &mut Worded,
) -> Result<Loaded, InputError> {
    crate::data::load_builtin(file, prebuilt::entries(file.path), |source, parsed| build(source, parsed, ids, worded))
}

/// Whether the pre-built entries of a built-in file are the ones its YAML holds.
pub fn prebuilt_matches(file: &crate::embedded::Embedded) -> bool {
    crate::data::prebuilt_matches(file, prebuilt::entries(file.path))
}

fn build(file: &SourceFile, parsed: Vec<EntryFile>, ids: &[RuleId], worded: &mut Worded) -> Result<Loaded, InputError> {
    let mut problems = Vec::new();
    let mut entries: Vec<RuleEntry> = Vec::with_capacity(parsed.len());
    let mut rulings: Vec<Ruling> = Vec::new();
    // Which of `ids` an entry of this file words already.
    let mut listed = vec![false; ids.len()];
    for (i, e) in parsed.into_iter().enumerate() {
        let index = ids.iter().position(|r| r.as_str() == e.id);
        let rule = index.map(|k| ids[k]);
        let mut ruling_ids = Vec::with_capacity(e.rulings.len());
        for (j, r) in e.rulings.into_iter().enumerate() {
            match r {
                RulingFile::Id(id) => ruling_ids.push(id),
                RulingFile::Worded(w) => {
                    if worded.contains(&w.id) {
                        problems.push(
                            Problem::new(
                                "catalogue::ruling-worded-twice",
                                format!("ruling `{}` is worded twice", w.id),
                            )
                            .at(file.spans().value(&format!("[{i}].rulings[{j}].id")))
                            .help("word a ruling under one rule; another rule may list its id alone"),
                        );
                    }
                    // An entry of no known rule is reported below.
                    let Some(rule) = rule else { continue };
                    let source = Source {
                        document: w.document.unwrap_or_else(|| e.source.document.clone()),
                        section: w.section.unwrap_or_else(|| e.source.section.clone()),
                        kind: w.kind.unwrap_or(e.source.kind),
                        // `date: ""`: the ruling has no date, whatever its rule's.
                        date: match w.date {
                            Some(d) => Some(d).filter(|d| !d.is_empty()),
                            None => e.source.date.clone(),
                        },
                    };
                    ruling_ids.push(w.id.clone());
                    worded.insert(w.id.clone());
                    rulings.push(Ruling { id: w.id, rule, claim: w.claim, source });
                }
            }
        }
        match index {
            Some(k) if listed[k] => problems.push(
                Problem::new("catalogue::duplicate", format!("rule `{}` is listed twice", e.id))
                    .at(file.spans().value(&format!("[{i}].id"))),
            ),
            Some(k) => {
                listed[k] = true;
                entries.push(RuleEntry {
                    id: ids[k],
                    text: e.text,
                    source: e.source,
                    rulings: ruling_ids,
                    unjudged: e.unjudged,
                });
            }
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
        Ok(Loaded { entries, rulings })
    } else {
        Err(InputError::new(file, problems))
    }
}
