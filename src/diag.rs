//! Input errors as miette diagnostics: every problem of a file at once, each with its span.

use crate::rules::RuleId;
use crate::text::escape_control;
use crate::yamlspan::{Span, SpanIndex};
use miette::{Diagnostic, LabeledSpan, MietteError, MietteSpanContents, SourceCode, SourceSpan, SpanContents};
use std::fmt;
use std::sync::Arc;

/// A file being read, with the index of where its nodes are.
#[derive(Clone, Debug)]
pub struct SourceFile {
    pub name: String,
    pub text: Arc<str>,
    /// Built on first use: only a file with a problem needs it.
    spans: std::sync::OnceLock<SpanIndex>,
}

impl SourceFile {
    pub fn new(name: impl Into<String>, text: impl Into<Arc<str>>) -> SourceFile {
        SourceFile { name: name.into(), text: text.into(), spans: std::sync::OnceLock::new() }
    }

    /// Where each node of the file is.
    pub fn spans(&self) -> &SpanIndex {
        self.spans.get_or_init(|| SpanIndex::build(&self.text))
    }

    /// Byte offset of a line and column (both 1-based, the column in characters). Lines
    /// end as YAML 1.2 says: at LF, CR or CR LF (NEL and U+2028 are ordinary characters).
    pub fn offset_of(&self, line: usize, column: usize) -> usize {
        let start = line_starts(&self.text).nth(line.saturating_sub(1)).unwrap_or(self.text.len());
        let rest = &self.text[start..];
        let line_text = &rest[..rest.find(['\n', '\r']).unwrap_or(rest.len())];
        start + line_text.char_indices().nth(column.saturating_sub(1)).map_or(line_text.len(), |(i, _)| i)
    }

    /// Line and column (1-based, the column in characters) of a byte offset, lines ending
    /// as in [`SourceFile::offset_of`].
    pub fn line_col(&self, offset: usize) -> (usize, usize) {
        let mut offset = offset.min(self.text.len());
        while !self.text.is_char_boundary(offset) {
            offset -= 1;
        }
        let (line, start) = line_starts(&self.text).take_while(|s| *s <= offset).enumerate().last().unwrap_or((0, 0));
        (line + 1, self.text[start..offset].chars().count() + 1)
    }
}

/// Byte offsets where the lines of `text` start (YAML 1.2 line breaks: LF, CR, CR LF).
fn line_starts(text: &str) -> impl Iterator<Item = usize> + '_ {
    let b = text.as_bytes();
    std::iter::once(0).chain(b.iter().enumerate().filter_map(move |(i, c)| match c {
        b'\n' => Some(i + 1),
        b'\r' if b.get(i + 1) != Some(&b'\n') => Some(i + 1),
        _ => None,
    }))
}

/// One thing wrong with an input file.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Problem {
    /// A stable code: `referee::scenario::unknown-tile`, or a rule id for a broken rule.
    pub code: String,
    pub message: String,
    pub span: Option<Span>,
    pub label: String,
    /// A second place the problem involves (a key's first occurrence), with its label.
    pub also: Option<(Span, String)>,
    pub help: Option<String>,
    pub rule: Option<RuleId>,
}

impl Problem {
    pub fn new(code: &str, message: impl Into<String>) -> Problem {
        Problem {
            code: format!("referee::{code}"),
            message: message.into(),
            span: None,
            label: "here".to_string(),
            also: None,
            help: None,
            rule: None,
        }
    }

    /// A move the rules forbid: the code is the rule id.
    pub fn broken_rule(rule: RuleId, message: impl Into<String>) -> Problem {
        Problem {
            code: rule.as_str().to_string(),
            message: format!("{} [{}]", message.into(), rule),
            span: None,
            label: "this move".to_string(),
            also: None,
            help: Some(format!("`referee rules` lists the rules; {rule} is the one broken here")),
            rule: Some(rule),
        }
    }

    pub fn at(mut self, span: Option<Span>) -> Problem {
        self.span = span;
        self
    }

    pub fn label(mut self, label: impl Into<String>) -> Problem {
        self.label = label.into();
        self
    }

    /// Points at a second place as well.
    pub fn also(mut self, span: Span, label: impl Into<String>) -> Problem {
        self.also = Some((span, label.into()));
        self
    }

    pub fn help(mut self, help: impl Into<String>) -> Problem {
        self.help = Some(help.into());
        self
    }
}

/// A file that could not be used, with every problem found in it.
#[derive(Debug)]
pub struct InputError(Box<Inner>);

#[derive(Debug)]
pub struct Inner {
    file: String,
    /// The file as miette shows it (see [`shown_source`]).
    src: ShownSource,
    line_cols: Vec<Option<(usize, usize)>>,
    problems: Vec<Problem>,
    /// Each problem's span in `src`.
    /// Each problem's span and second place in the shown source.
    shown_spans: Vec<(Option<Span>, Option<Span>)>,
    related: Vec<Related>,
    /// The one problem's message names the file already (a file that could not be read), so
    /// the file is not put in front of it a second time.
    named: bool,
}

impl std::ops::Deref for InputError {
    type Target = Inner;
    fn deref(&self) -> &Inner {
        &self.0
    }
}

/// The text of a file as the diagnostic's snippet shows it: every control character but
/// newline, tab (miette expands it) and the CR of a CRLF escaped as Rust does (`\u{1b}`), as
/// in the messages; and where each byte offset of the file went.
///
/// Escaping (rather than a same-width stand-in such as `?` or U+FFFD, which would have to be
/// 1, 2 or 3 bytes to keep offsets, and would show a different thing than the message) makes
/// the snippet longer, so spans are moved: `map` takes an offset of the file to the same
/// place in the shown text. An escape is wider than the character it replaces, so a span
/// over it is underlined over the whole escape, and the others stay on their characters.
fn shown_source(text: &str) -> (String, ShownOffsets) {
    let mut out = String::with_capacity(text.len());
    let mut shifts = Vec::new();
    let mut extra = 0;
    let mut chars = text.char_indices().peekable();
    while let Some((i, c)) = chars.next() {
        let keep = !crate::text::is_control(c)
            || c == '\n'
            || c == '\t'
            || (c == '\r' && chars.peek().is_some_and(|&(_, n)| n == '\n'));
        if c == '\r' && !keep {
            // A lone CR ends a line in YAML 1.2: shown as LF (same length, no shift), so the
            // snippet's lines are the file's lines.
            out.push('\n');
        } else if keep {
            out.push(c);
        } else {
            let before = out.len();
            out.extend(c.escape_debug());
            extra += out.len() - before - c.len_utf8();
            shifts.push((i + c.len_utf8(), extra));
        }
    }
    (out, ShownOffsets(shifts))
}

/// Where offsets of a file are in its [`shown_source`]: for each escaped character, the
/// offset just past it in the file and how many bytes the escapes so far added.
#[derive(Clone, Debug, Default)]
struct ShownOffsets(Vec<(usize, usize)>);

impl ShownOffsets {
    /// The offset in the shown text of offset `o` of the file.
    fn map(&self, o: usize) -> usize {
        let k = self.0.partition_point(|&(end, _)| end <= o);
        o + if k == 0 { 0 } else { self.0[k - 1].1 }
    }

    /// The offset in the file of offset `o` of the shown text (inside an escape: near it).
    fn unmap(&self, o: usize) -> usize {
        let k = self.0.partition_point(|&(end, extra)| end + extra <= o);
        o.saturating_sub(if k == 0 { 0 } else { self.0[k - 1].1 })
    }

    /// A span of the file as a span of the shown text.
    fn span(&self, (o, l): Span) -> Span {
        let start = self.map(o);
        (start, self.map(o + l) - start)
    }
}

/// A file as the diagnostic's snippet shows it ([`shown_source`]), named (escaped). Lines are
/// the file's; columns in the `[file:line:column]` header are counted in the file's
/// characters, as in the messages, not in the escaped text.
#[derive(Debug)]
struct ShownSource {
    name: String,
    text: String,
    offsets: ShownOffsets,
    original: Arc<str>,
}

impl ShownSource {
    fn new(name: &str, original: Arc<str>) -> ShownSource {
        let (text, offsets) = shown_source(&original);
        ShownSource { name: escape_control(name).into_owned(), text, offsets, original }
    }
}

impl SourceCode for ShownSource {
    fn read_span<'a>(
        &'a self,
        span: &SourceSpan,
        before: usize,
        after: usize,
    ) -> Result<Box<dyn SpanContents<'a> + 'a>, MietteError> {
        let c = self.text.read_span(span, before, after)?;
        let mut o = self.offsets.unmap(c.span().offset()).min(self.original.len());
        while !self.original.is_char_boundary(o) {
            o -= 1;
        }
        let line_start = self.original[..o].rfind(['\n', '\r']).map_or(0, |i| i + 1);
        let column = self.original[line_start..o].chars().count();
        let (data, span, line, lines) = (c.data(), *c.span(), c.line(), c.line_count());
        Ok(Box::new(MietteSpanContents::new_named(self.name.clone(), data, span, line, column, lines)))
    }
}

impl InputError {
    pub fn new(file: &SourceFile, problems: Vec<Problem>) -> InputError {
        let line_cols: Vec<_> = problems.iter().map(|p| p.span.map(|(o, _)| file.line_col(o))).collect();
        let src = ShownSource::new(&file.name, file.text.clone());
        let shown_spans: Vec<(Option<Span>, Option<Span>)> = problems
            .iter()
            .map(|p| (p.span.map(|sp| src.offsets.span(sp)), p.also.as_ref().map(|(sp, _)| src.offsets.span(*sp))))
            .collect();
        let related = problems
            .iter()
            .zip(&line_cols)
            .zip(&shown_spans)
            .map(|((p, lc), span)| Related {
                problem: p.clone(),
                span: *span,
                at: match lc {
                    Some((l, c)) => format!("{}:{l}:{c}", file.name),
                    None => file.name.clone(),
                },
            })
            .collect();
        InputError(Box::new(Inner {
            file: file.name.clone(),
            src,
            line_cols,
            problems,
            shown_spans,
            related,
            named: false,
        }))
    }

    /// An error about a file that could not even be read; `message` names the file
    /// (`cannot read x.yaml: ...`), which is shown as it is.
    pub fn unreadable(name: &str, message: String) -> InputError {
        InputError(Box::new(Inner {
            file: name.to_string(),
            src: ShownSource::new(name, Arc::from("")),
            line_cols: vec![None],
            problems: vec![Problem::new("io", message)],
            shown_spans: vec![(None, None)],
            related: Vec::new(),
            named: true,
        }))
    }

    /// Adds a help line to an error of one problem (a file that could not be read).
    pub fn with_help(mut self, help: impl Into<String>) -> InputError {
        if let [one] = self.0.problems.as_mut_slice() {
            one.help = Some(help.into());
        }
        self
    }

    /// The file's name as shown.
    pub fn file(&self) -> &str {
        &self.0.file
    }

    /// Every problem found.
    pub fn problems(&self) -> &[Problem] {
        &self.0.problems
    }

    /// Where each problem is, as a line and a column (1-based), when it has a place.
    pub fn line_cols(&self) -> &[Option<(usize, usize)>] {
        &self.0.line_cols
    }

    /// The rule ids broken, if any.
    pub fn rules(&self) -> Vec<RuleId> {
        self.problems.iter().filter_map(|p| p.rule).collect()
    }
}

/// Names, tile ids and file names in messages come from files: shown escaped wherever a
/// diagnostic is written (the problems themselves keep the text as it was).
impl fmt::Display for InputError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let file = escape_control(&self.file);
        let locate = |i: usize| match self.line_cols[i] {
            Some((l, c)) => format!("{file}:{l}:{c}"),
            None => file.to_string(),
        };
        match self.problems.as_slice() {
            [one] if self.named => write!(f, "{}", escape_control(&one.message)),
            [one] => write!(f, "{}: {}", locate(0), escape_control(&one.message)),
            many if many.len() > MAX_SHOWN_PROBLEMS => {
                write!(f, "{file}: {} problems (the first {MAX_SHOWN_PROBLEMS} shown)", many.len())
            }
            many => write!(f, "{file}: {} problems", many.len()),
        }
    }
}

impl std::error::Error for InputError {}

/// One problem shown as a related diagnostic of a file with several.
#[derive(Debug)]
struct Related {
    problem: Problem,
    /// The problem's span and second place in the shown source.
    span: (Option<Span>, Option<Span>),
    at: String,
}

impl fmt::Display for Related {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}: {}", escape_control(&self.at), escape_control(&self.problem.message))
    }
}

impl std::error::Error for Related {}

/// The labels of a problem, at its spans in the shown source: (primary, second place).
fn labels_of(
    p: &Problem,
    span: Option<Span>,
    also: Option<Span>,
) -> Option<Box<dyn Iterator<Item = LabeledSpan> + '_>> {
    let (o, l) = span?;
    let first = LabeledSpan::new(Some(escape_control(&p.label).into_owned()), o, l);
    let second = also
        .zip(p.also.as_ref())
        .map(|((o, l), (_, label))| LabeledSpan::new(Some(escape_control(label).into_owned()), o, l));
    Some(Box::new(std::iter::once(first).chain(second)))
}

fn help_of(p: &Problem) -> Option<Box<dyn fmt::Display + '_>> {
    p.help.as_ref().map(|h| Box::new(escape_control(h)) as Box<dyn fmt::Display>)
}

impl Diagnostic for Related {
    fn code<'a>(&'a self) -> Option<Box<dyn fmt::Display + 'a>> {
        Some(Box::new(&self.problem.code))
    }
    fn help<'a>(&'a self) -> Option<Box<dyn fmt::Display + 'a>> {
        help_of(&self.problem)
    }
    fn labels(&self) -> Option<Box<dyn Iterator<Item = LabeledSpan> + '_>> {
        labels_of(&self.problem, self.span.0, self.span.1)
    }
}

impl Diagnostic for InputError {
    fn code<'a>(&'a self) -> Option<Box<dyn fmt::Display + 'a>> {
        match self.problems.as_slice() {
            [one] => Some(Box::new(&one.code)),
            _ => Some(Box::new("referee::invalid-file")),
        }
    }
    fn help<'a>(&'a self) -> Option<Box<dyn fmt::Display + 'a>> {
        match self.problems.as_slice() {
            [one] => help_of(one),
            _ => None,
        }
    }
    fn source_code(&self) -> Option<&dyn SourceCode> {
        Some(&self.src)
    }
    fn labels(&self) -> Option<Box<dyn Iterator<Item = LabeledSpan> + '_>> {
        match self.problems.as_slice() {
            [one] => labels_of(one, self.shown_spans[0].0, self.shown_spans[0].1),
            _ => None,
        }
    }
    fn related<'a>(&'a self) -> Option<Box<dyn Iterator<Item = &'a dyn Diagnostic> + 'a>> {
        if self.problems.len() < 2 {
            return None;
        }
        // Each shown with its snippet: a file with thousands of problems would take seconds
        // to draw, and nobody reads past the first screens.
        let rel: Vec<&'a dyn Diagnostic> =
            self.related.iter().take(MAX_SHOWN_PROBLEMS).map(|r| r as &dyn Diagnostic).collect();
        Some(Box::new(rel.into_iter()))
    }
}

/// The most problems of one file drawn with their snippets; the count says how many more.
pub const MAX_SHOWN_PROBLEMS: usize = 50;

/// `--color`: 0 auto, 1 always, 2 never.
static COLOUR: std::sync::atomic::AtomicU8 = std::sync::atomic::AtomicU8::new(0);

/// Sets what `--color` asked: `Some(true)` always, `Some(false)` never, `None` auto.
pub fn set_colour(choice: Option<bool>) {
    let v = match choice {
        None => 0,
        Some(true) => 1,
        Some(false) => 2,
    };
    COLOUR.store(v, std::sync::atomic::Ordering::Relaxed);
}

/// Whether output to a stream may be coloured: as `--color` says; when it says `auto`, never
/// with `NO_COLOR` set (not empty), always with `CLICOLOR_FORCE` set (not empty, not `0`),
/// else when the stream is a terminal.
pub fn colour_for(terminal: bool) -> bool {
    let set = |k: &str| std::env::var_os(k).filter(|v| !v.is_empty());
    match COLOUR.load(std::sync::atomic::Ordering::Relaxed) {
        1 => true,
        2 => false,
        _ if set("NO_COLOR").is_some() => false,
        _ if set("CLICOLOR_FORCE").is_some_and(|v| v != "0") => true,
        _ => terminal,
    }
}

/// Whether diagnostics on stderr may be coloured (see [`colour_for`]).
pub fn stderr_colour() -> bool {
    use std::io::IsTerminal;
    colour_for(std::io::stderr().is_terminal())
}

/// Lines longer than this are not quoted in a snippet: miette's renderer cannot lay out a
/// label past column 65,535, and nobody reads such a line anyway.
pub const MAX_SNIPPET_LINE: usize = 1_000;

/// The width [`render`] lays a diagnostic out at: what an 100-column terminal shows, the same
/// wherever it is rendered (snapshots, the fuzzer).
pub const RENDER_WIDTH: usize = 100;

/// Renders a diagnostic with its source snippet (Unicode; colour only when asked), laid out
/// [`RENDER_WIDTH`] columns wide. See [`render_at`].
pub fn render(d: &(dyn Diagnostic + 'static), colour: bool) -> String {
    render_at(d, colour, Some(RENDER_WIDTH))
}

/// Renders a diagnostic with its source snippet (Unicode; colour only when asked), its text
/// wrapped to `width` columns, or not wrapped at all when `None` (for a pipe, a file or JSON,
/// whose reader wraps as it likes: a message then stays on one line however long the path
/// of its file). A problem on a very long line is shown without its snippet: file, line,
/// column, message. Whatever a diagnostic holds, no control character of it is written raw
/// (`text::terminal_safe`).
pub fn render_at(d: &(dyn Diagnostic + 'static), colour: bool, width: Option<usize>) -> String {
    let theme = if colour { miette::GraphicalTheme::unicode() } else { miette::GraphicalTheme::unicode_nocolor() };
    // Identifiers (`traders-builders`, rule ids) are never split at their hyphens.
    let handler = miette::GraphicalReportHandler::new_themed(theme)
        .with_width(width.unwrap_or(UNWRAPPED))
        .with_links(false)
        .with_break_words(false)
        .with_word_splitter(textwrap::WordSplitter::NoHyphenation);
    let mut s = String::new();
    let rendered =
        if on_long_line(d) { handler.render_report(&mut s, &Unquoted(d)) } else { handler.render_report(&mut s, d) };
    if rendered.is_err() {
        s = format!("{d}\n");
    }
    crate::text::terminal_safe(&s, colour).into_owned()
}

/// The width that wraps nothing: more than any line a diagnostic holds (a snippet's line is
/// at most [`MAX_SNIPPET_LINE`] long, a message is bounded by the file's size).
const UNWRAPPED: usize = usize::MAX / 4;

/// The width diagnostics on stderr are wrapped to: `COLUMNS` when set, else the width of the
/// terminal stderr is; unwrapped when stderr is a pipe or a file and `COLUMNS` is not set.
pub fn stderr_width() -> Option<usize> {
    let columns = std::env::var("COLUMNS").ok().and_then(|v| v.trim().parse::<u16>().ok()).filter(|w| *w > 0);
    let width = columns.or_else(|| terminal_size::terminal_size_of(std::io::stderr()).map(|(w, _)| w.0));
    width.map(|w| usize::from(w.max(20)))
}

/// A diagnostic as it goes to stderr: coloured as [`stderr_colour`] says, wrapped as
/// [`stderr_width`] says.
pub fn render_for_stderr(d: &(dyn Diagnostic + 'static)) -> String {
    render_at(d, stderr_colour(), stderr_width())
}

/// Whether a problem of the diagnostic sits on a line too long to quote.
fn on_long_line(d: &(dyn Diagnostic + 'static)) -> bool {
    let Some(e) = (d as &dyn std::error::Error).downcast_ref::<InputError>() else { return false };
    let text = &e.src.text;
    e.shown_spans.iter().filter_map(|(span, _)| *span).any(|(o, _)| {
        let o = o.min(text.len());
        let start = text[..o].rfind('\n').map_or(0, |i| i + 1);
        let end = text[o..].find('\n').map_or(text.len(), |i| o + i);
        end - start > MAX_SNIPPET_LINE
    })
}

/// A diagnostic shown without its source: its message, code, help and related problems.
struct Unquoted<'a>(&'a dyn Diagnostic);

impl fmt::Debug for Unquoted<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(self.0, f)
    }
}

impl fmt::Display for Unquoted<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(self.0, f)?;
        // Each related problem names its own file, line and column.
        for r in self.0.related().into_iter().flatten() {
            write!(f, "\n  - {r}")?;
        }
        Ok(())
    }
}

impl std::error::Error for Unquoted<'_> {}

impl Diagnostic for Unquoted<'_> {
    fn code<'a>(&'a self) -> Option<Box<dyn fmt::Display + 'a>> {
        self.0.code()
    }
    fn help<'a>(&'a self) -> Option<Box<dyn fmt::Display + 'a>> {
        self.0.help()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_shown_source_escapes_and_spans_follow() {
        let text = "a: \"\u{202e}x\"\r\nb: \x1b[2J\rXX\tc\n";
        let (shown, offsets) = shown_source(text);
        // A lone CR ends a line (YAML 1.2): shown as a line feed; CR LF stays.
        assert_eq!(shown, "a: \"\\u{202e}x\"\r\nb: \\u{1b}[2J\nXX\tc\n");
        for word in ["x\"", "b:", "XX", "c"] {
            let o = text.find(word).unwrap();
            let (so, sl) = offsets.span((o, word.len()));
            assert_eq!(&shown[so..so + sl], word);
            assert_eq!(offsets.unmap(so), o);
        }
        // A span over an escaped character covers its whole escape.
        let o = text.find('\x1b').unwrap();
        let (so, sl) = offsets.span((o, 1));
        assert_eq!(&shown[so..so + sl], "\\u{1b}");
    }
}
