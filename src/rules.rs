//! Rule ids: the rules the engine applies and cites.
//!
//! Every scoring item and every verdict on an illegal move carries a [`RuleId`]. Each
//! expansion declares its own ids, in a `rule` module beside its code, with [`rule_ids!`];
//! their wording and sources live in that expansion's file of the rule catalogue,
//! `rulesets/rules/<expansion>.yaml`, which a test keeps in step with the ids in both
//! directions. Treat an id like a lint code: never rename one silently.

use crate::embedded::Embedded;
use std::fmt;

/// A rule of the catalogue, by the id used in YAML, the CLI and reports.
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct RuleId(&'static str);

impl RuleId {
    /// Use [`rule_ids!`], which also lists the id in its expansion's [`RuleBook`].
    #[doc(hidden)]
    pub const fn new(slug: &'static str) -> RuleId {
        RuleId(slug)
    }

    pub const fn as_str(self) -> &'static str {
        self.0
    }
}

impl fmt::Debug for RuleId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.0)
    }
}

/// One expansion's rules: their ids, and the catalogue file that words them.
pub struct RuleBook {
    pub ids: &'static [RuleId],
    pub catalogue: Embedded,
}

/// Declares an expansion's rule ids, each a constant with its one-line summary, and
/// `BOOK`, the [`RuleBook`] that lists them with their catalogue file.
#[macro_export]
macro_rules! rule_ids {
    (catalogue: $file:literal; $( $(#[$doc:meta])* $name:ident = $slug:literal, )*) => {
        $( $(#[$doc])* pub const $name: $crate::rules::RuleId = $crate::rules::RuleId::new($slug); )*

        /// This expansion's rules, in catalogue order, and the file that words them.
        pub static BOOK: $crate::rules::RuleBook =
            $crate::rules::RuleBook { ids: &[$($name,)*], catalogue: $crate::embed!($file) };
    };
}

pub use crate::rule_ids;

impl fmt::Display for RuleId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

/// The ids of `known` closest to `id`, for "did you mean": smallest edit distance first, then
/// most words shared.
pub fn nearest<S: AsRef<str>>(id: &str, known: &[S], how_many: usize) -> Vec<String> {
    let words: Vec<&str> = id.split(['.', '-']).collect();
    let mut scored: Vec<(usize, usize, &str)> = known
        .iter()
        .map(|k| {
            let k = k.as_ref();
            let shared = k.split(['.', '-']).filter(|w| words.contains(w)).count();
            (edit_distance(id, k), shared, k)
        })
        .collect();
    scored.sort_by(|a, b| a.0.cmp(&b.0).then(b.1.cmp(&a.1)).then(a.2.cmp(b.2)));
    scored.into_iter().take(how_many).map(|(_, _, k)| k.to_string()).collect()
}

/// The names of `known` that `word` is plausibly a slip for, for "did you mean": those equal
/// to it but for case (`e` for `E`), else those within a few edits (about one in three
/// characters, case ignored), nearest first. Empty when nothing is close.
pub fn close<S: AsRef<str>>(word: &str, known: &[S], how_many: usize) -> Vec<String> {
    let same_but_case: Vec<String> =
        known.iter().map(AsRef::as_ref).filter(|k| k.eq_ignore_ascii_case(word)).map(str::to_string).collect();
    if !same_but_case.is_empty() {
        return same_but_case;
    }
    let lower = word.to_lowercase();
    let limit = (word.chars().count() / 3).max(1);
    let mut near: Vec<(usize, &str)> = known
        .iter()
        .map(AsRef::as_ref)
        .map(|k| (edit_distance(&lower, &k.to_lowercase()), k))
        .filter(|(d, _)| *d <= limit)
        .collect();
    near.sort();
    near.into_iter().take(how_many).map(|(_, k)| k.to_string()).collect()
}

fn edit_distance(a: &str, b: &str) -> usize {
    let b: Vec<char> = b.chars().collect();
    let mut prev: Vec<usize> = (0..=b.len()).collect();
    for (i, ca) in a.chars().enumerate() {
        let mut cur = vec![i + 1];
        for (j, cb) in b.iter().enumerate() {
            cur.push((prev[j] + usize::from(ca != *cb)).min(prev[j + 1] + 1).min(cur[j] + 1));
        }
        prev = cur;
    }
    prev[b.len()]
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn nearest_ids_rank_typos_first() {
        let known = ["bazaar.timing", "bazaar.auction", "base.final.field"];
        assert_eq!(nearest("bazaar.timng", &known, 1), vec!["bazaar.timing"]);
        assert_eq!(nearest("base.final.fild", &known, 2)[0], "base.final.field");
    }

    #[test]
    fn close_names_are_slips_only() {
        let keys = ["rotation", "note", "barn", "tile"];
        assert_eq!(close("rotaion", &keys, 3), vec!["rotation"]);
        assert_eq!(close("e", &["A", "E", "BCB01"], 3), vec!["E"]);
        assert!(close("dragons", &keys, 3).is_empty());
    }
}
