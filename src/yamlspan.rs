//! Where each node of a YAML file sits, so that a diagnostic can point at it.
//!
//! serde_yaml reports a location only for errors it raises itself. A move that parses fine but
//! breaks a rule (an edge mismatch on turn 7) needs the span of `turns[6]`; this index records
//! the start of every node by its path (`turns[6].tile`) from yaml-rust2's marked events.
//! A path that is not in the index gives no span: we never invent one.

use std::collections::HashMap;
use yaml_rust2::parser::{Event, MarkedEventReceiver, Parser};
use yaml_rust2::scanner::{Marker, TScalarStyle};

/// Byte offset and length of a node, for `miette::SourceSpan`.
pub type Span = (usize, usize);

#[derive(Debug, Default, Clone)]
pub struct SpanIndex {
    values: HashMap<String, Span>,
    keys: HashMap<String, Span>,
}

impl SpanIndex {
    /// Indexes `src`; a file that does not parse gives an empty index (serde_yaml reports why).
    pub fn build(src: &str) -> SpanIndex {
        let mut rx = Receiver {
            lines: LineIndex::new(src),
            src,
            index: SpanIndex::default(),
            stack: Vec::new(),
            skipped: 0,
            root_done: false,
        };
        if too_deep(src).is_some() {
            return SpanIndex::default();
        }
        let mut parser = Parser::new_from_str(src);
        if parser.load(&mut rx, false).is_err() {
            return SpanIndex::default();
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

    /// The span of the value at `path`, else of its key.
    pub fn find(&self, path: &str) -> Option<Span> {
        self.value(path).or_else(|| self.key(path))
    }
}

/// Deepest bracket nesting accepted: far beyond any real file, and it keeps hostile input
/// from the YAML scanner, whose time grows with the square of the nesting.
pub const MAX_NESTING: usize = 64;

/// The offset of the first bracket nested deeper than [`MAX_NESTING`], outside quotes and comments.
pub fn too_deep(text: &str) -> Option<usize> {
    let (mut depth, mut quote, mut comment, mut prev) = (0usize, None::<char>, false, '\n');
    for (i, c) in text.char_indices() {
        match (quote, comment, c) {
            (_, true, '\n') => comment = false,
            (_, true, _) => {}
            (Some(q), _, c) if c == q => quote = None,
            (Some(_), _, _) => {}
            (None, _, '#') if prev.is_whitespace() => comment = true,
            (None, _, '"' | '\'') if matches!(prev, ' ' | '[' | '{' | ',' | ':' | '\n') => quote = Some(c),
            (None, _, '[' | '{') => {
                depth += 1;
                if depth > MAX_NESTING {
                    return Some(i);
                }
            }
            (None, _, ']' | '}') => depth = depth.saturating_sub(1),
            _ => {}
        }
        prev = c;
    }
    None
}

struct LineIndex {
    starts: Vec<usize>,
}

impl LineIndex {
    fn new(src: &str) -> LineIndex {
        let mut starts = vec![0];
        starts.extend(src.match_indices('\n').map(|(i, _)| i + 1));
        LineIndex { starts }
    }

    /// Byte offset of a marker (lines 1-based, columns counted in characters from 0).
    fn offset(&self, src: &str, m: Marker) -> usize {
        let line = m.line().saturating_sub(1).min(self.starts.len() - 1);
        let start = self.starts[line];
        let end = self.starts.get(line + 1).copied().unwrap_or(src.len());
        let text = &src[start..end];
        start + text.char_indices().nth(m.col()).map(|(i, _)| i).unwrap_or(text.len())
    }

    /// The byte offset where the line of a marker ends (before its newline).
    fn line_end(&self, src: &str, m: Marker) -> usize {
        self.starts.get(m.line()).map_or(src.len(), |next| next.saturating_sub(1))
    }
}

enum Frame {
    Map { path: String, key: Option<String> },
    Seq { path: String, next: usize },
}

struct Receiver<'s> {
    lines: LineIndex,
    src: &'s str,
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

    fn span(&self, start: usize, len: usize, m: Marker) -> Span {
        let end = start.saturating_add(len).min(self.lines.line_end(self.src, m)).max(start);
        (start, end - start)
    }
}

fn join(path: &str, key: &str) -> String {
    if path.is_empty() {
        key.to_string()
    } else {
        format!("{path}.{key}")
    }
}

impl MarkedEventReceiver for Receiver<'_> {
    fn on_event(&mut self, ev: Event, mark: Marker) {
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
        let start = self.lines.offset(self.src, mark);
        match ev {
            Event::Scalar(value, style, ..) => {
                let quoted = matches!(style, TScalarStyle::SingleQuoted | TScalarStyle::DoubleQuoted);
                let len = value.len() + if quoted { 2 } else { 0 };
                match self.node_path() {
                    Ok(path) => {
                        let span = self.span(start, len, mark);
                        self.index.values.insert(path, span);
                    }
                    Err(()) => {
                        if let Some(Frame::Map { path, key }) = self.stack.last_mut() {
                            let full = join(path, &value);
                            *key = Some(value);
                            let span = self.span(start, len, mark);
                            self.index.keys.insert(full, span);
                        }
                    }
                }
            }
            Event::Alias(_) => {
                if let Ok(path) = self.node_path() {
                    let span = self.span(start, 1, mark);
                    self.index.values.insert(path, span);
                }
            }
            Event::SequenceStart(..) | Event::MappingStart(..) => {
                let path = self.node_path().unwrap_or_else(|()| "?".to_string());
                let span = self.span(start, usize::MAX, mark);
                self.index.values.insert(path.clone(), span);
                self.stack.push(if matches!(ev, Event::SequenceStart(..)) {
                    Frame::Seq { path, next: 0 }
                } else {
                    Frame::Map { path, key: None }
                });
            }
            Event::SequenceEnd | Event::MappingEnd => {
                self.stack.pop();
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
    fn broken_yaml_gives_an_empty_index() {
        assert!(SpanIndex::build("a: [1, 2").value("a").is_none());
    }
}
