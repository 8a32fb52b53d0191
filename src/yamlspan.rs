//! Where each node of a YAML file sits, so that a diagnostic can point at it.
//!
//! The YAML reader reports a location only for errors it raises itself. A move that parses
//! fine but breaks a rule (an edge mismatch on turn 7) needs the span of `turns[6]`; this
//! index records every node by its path (`turns[6].tile`) from the marked events of
//! granit-parser, the very parser that serde-saphyr reads values with, so that the values
//! and their locations come from one reading of the file. A path that is not in the index
//! gives no span: we never invent one.

use granit_parser::{Event, Parser};
use std::collections::HashMap;

/// Deepest nesting of collections accepted: far beyond any real file. The YAML reader's
/// budget refuses deeper files, and this index is built only for files the reader accepted.
pub const MAX_NESTING: usize = 64;

/// Byte offset and length of a node, for `miette::SourceSpan`.
pub type Span = (usize, usize);

#[derive(Debug, Default, Clone)]
pub struct SpanIndex {
    values: HashMap<String, Span>,
    keys: HashMap<String, Span>,
    /// Keys written twice in one map: the first occurrence and the second.
    duplicates: Vec<(Span, Span)>,
    /// Where each flow collection (`[...]`, `{...}`) ends: just past its closing bracket.
    closes: HashMap<String, usize>,
}

impl SpanIndex {
    /// Indexes `src`. It is built only for a file the YAML reader accepted (whose depth and
    /// size it bounded); a file that does not parse gives what was indexed before the error.
    pub fn build(src: &str) -> SpanIndex {
        let breaks = src.match_indices(['\n', '\r', '\u{85}', '\u{2028}', '\u{2029}']).map(|(i, _)| i).collect();
        let mut rx =
            Receiver { src, breaks, index: SpanIndex::default(), stack: Vec::new(), skipped: 0, root_done: false };
        let mut options = granit_parser::Options::default();
        options.flow_nesting_limit = MAX_NESTING + 1;
        options.block_nesting_limit = MAX_NESTING + 1;
        for item in Parser::new_from_str_with_options(src, options) {
            let Ok((ev, span)) = item else { break };
            let start = span.start.byte_offset().unwrap_or(0).min(src.len());
            let end = span.end.byte_offset().unwrap_or(start).clamp(start, src.len());
            rx.on_event(ev, start, end);
            if rx.root_done {
                break;
            }
        }
        rx.index
    }

    /// The span of the value at `path`, e.g. `turns[2].follower`.
    pub fn value(&self, path: &str) -> Option<Span> {
        self.values.get(path).copied()
    }

    /// The span of the key that introduces `path`, e.g. the `bogus` of `switches.bogus`.
    pub fn key(&self, path: &str) -> Option<Span> {
        self.keys.get(path).copied()
    }

    /// A key written twice whose second occurrence starts at `offset`: (first, second).
    pub fn duplicate_at(&self, offset: usize) -> Option<(Span, Span)> {
        self.duplicates.iter().find(|(_, second)| second.0 == offset).copied()
    }

    /// The first key named `name` anywhere under `prefix` (for a problem inside a value read
    /// whole, which knows the key but not its path).
    pub fn key_under(&self, prefix: &str, name: &str) -> Option<Span> {
        let tail = format!(".{name}");
        self.keys.iter().filter(|(p, _)| p.starts_with(prefix) && p.ends_with(&tail)).map(|(_, s)| *s).min()
    }

    /// The path of the value that starts at `offset` (the deepest, when several do), for a
    /// problem the YAML reader locates by place only.
    pub fn path_at(&self, offset: usize) -> Option<&str> {
        self.values.iter().filter(|(_, s)| s.0 == offset).map(|(p, _)| p.as_str()).max_by_key(|p| p.len())
    }

    /// The whole of the value at `path`, every line of it (a value's span is cut at the end of
    /// its first line): from its start to the end of its last descendant, or of its closing
    /// bracket.
    pub fn extent(&self, path: &str) -> Option<Span> {
        let (start, first) = self.value(path)?;
        let within = |p: &str| p.strip_prefix(path).is_some_and(|rest| rest.is_empty() || rest.starts_with(['.', '[']));
        let end_of = |p: &String, s: &Span| self.closes.get(p).copied().unwrap_or(s.0 + s.1);
        // A key written twice may leave the first node's closing bracket, before the second's
        // start: not this value's.
        let close = self.closes.get(path).copied().filter(|c| *c > start);
        let own = close.unwrap_or(start + first);
        let end = self
            .values
            .iter()
            .chain(&self.keys)
            .filter(|(p, _)| within(p) && close.is_none())
            .map(|(p, s)| end_of(p, s))
            .fold(own, usize::max);
        Some((start, end - start))
    }

    /// The span of the value at `path`, else of its key.
    pub fn find(&self, path: &str) -> Option<Span> {
        self.value(path).or_else(|| self.key(path))
    }
}

enum Frame {
    Map { path: String, key: Option<String> },
    Seq { path: String, next: usize },
}

struct Receiver<'s> {
    src: &'s str,
    /// Byte offsets of the line breaks of `src`, in order.
    breaks: Vec<usize>,
    index: SpanIndex,
    stack: Vec<Frame>,
    skipped: usize,
    root_done: bool,
}

const MAX_DEPTH: usize = 32;

impl Receiver<'_> {
    /// Path of the node starting now, or None when it is a mapping key.
    fn node_path(&mut self) -> Result<String, ()> {
        match self.stack.last_mut() {
            None => Ok(String::new()),
            Some(Frame::Map { key: None, .. }) => Err(()),
            Some(Frame::Map { path, key }) => {
                let k = key.take().unwrap_or_default();
                Ok(join(path, &k))
            }
            Some(Frame::Seq { path, next }) => {
                *next += 1;
                Ok(format!("{path}[{}]", *next - 1))
            }
        }
    }

    /// A node's span, cut at the end of its first line (a diagnostic points at a line). The
    /// line ends are found once, so a file of one very long line stays linear.
    fn span(&self, start: usize, end: usize) -> Span {
        let k = self.breaks.partition_point(|b| *b < start);
        let line_end = self.breaks.get(k).copied().unwrap_or(self.src.len());
        (start, end.min(line_end).max(start) - start)
    }
}

fn join(path: &str, key: &str) -> String {
    if path.is_empty() {
        key.to_string()
    } else {
        format!("{path}.{key}")
    }
}

impl Receiver<'_> {
    fn on_event(&mut self, ev: Event, start: usize, end: usize) {
        if self.root_done {
            return;
        }
        // Nothing a diagnostic points at lies deeper; hostile nesting must stay linear.
        if self.stack.len() >= MAX_DEPTH {
            match ev {
                Event::SequenceStart(..) | Event::MappingStart(..) => self.skipped += 1,
                Event::SequenceEnd | Event::MappingEnd if self.skipped > 0 => self.skipped -= 1,
                Event::SequenceEnd | Event::MappingEnd => {
                    self.stack.pop();
                }
                _ => {}
            }
            return;
        }
        match ev {
            Event::Scalar(value, ..) => {
                let span = self.span(start, end);
                match self.node_path() {
                    Ok(path) => {
                        self.index.values.insert(path, span);
                    }
                    Err(()) => {
                        if let Some(Frame::Map { path, key }) = self.stack.last_mut() {
                            let full = join(path, &value);
                            *key = Some(value.into_owned());
                            match self.index.keys.get(&full) {
                                Some(first) => self.index.duplicates.push((*first, span)),
                                None => {
                                    self.index.keys.insert(full, span);
                                }
                            }
                        }
                    }
                }
            }
            Event::Alias(_) => {
                if let Ok(path) = self.node_path() {
                    let span = self.span(start, end.max(start + 1));
                    self.index.values.insert(path, span);
                }
            }
            Event::SequenceStart(..) | Event::MappingStart(..) => {
                let path = self.node_path().unwrap_or_else(|()| "?".to_string());
                let span = self.span(start, usize::MAX);
                self.index.values.insert(path.clone(), span);
                self.stack.push(if matches!(ev, Event::SequenceStart(..)) {
                    Frame::Seq { path, next: 0 }
                } else {
                    Frame::Map { path, key: None }
                });
            }
            Event::SequenceEnd | Event::MappingEnd => {
                if let Some(Frame::Map { path, .. } | Frame::Seq { path, .. }) = self.stack.pop() {
                    let opened = self.index.values.get(&path).map_or(start, |s| s.0);
                    if self.src[opened..].starts_with(['[', '{']) {
                        self.index.closes.insert(path, end);
                    }
                }
                if self.stack.is_empty() {
                    self.root_done = true;
                }
            }
            _ => {}
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn finds_nested_values_and_keys() {
        let src = "title: x\nturns:\n  - tile: D\n    at: [1, 0]\n  - {tile: \"E\", at: [2, 0]}\n";
        let idx = SpanIndex::build(src);
        let (o, l) = idx.value("turns[0].tile").unwrap();
        assert_eq!(&src[o..o + l], "D");
        let (o, l) = idx.value("turns[1].tile").unwrap();
        assert_eq!(&src[o..o + l], "\"E\"");
        let (o, l) = idx.key("turns").unwrap();
        assert_eq!(&src[o..o + l], "turns");
        let (o, _) = idx.value("turns[1]").unwrap();
        assert!(src[o..].starts_with("{tile"));
        let (o, l) = idx.value("turns[0].at[1]").unwrap();
        assert_eq!(&src[o..o + l], "0");
    }

    #[test]
    fn a_key_written_twice_has_an_extent_from_its_own_start() {
        // The first `a` is a flow list, the second a scalar further on: no underflow.
        let src = "a: [1, 2]\nb: 2\na: x\n";
        let index = SpanIndex::build(src);
        let (start, len) = index.extent("a").unwrap();
        assert!(start + len <= src.len() && &src[start..start + len] == "x", "{start} {len}");
    }

    #[test]
    fn broken_yaml_keeps_what_came_before_the_error() {
        let idx = SpanIndex::build("a: 1\nb: [1, 2");
        assert!(idx.value("a").is_some());
        assert!(idx.value("b[5]").is_none());
    }
}
