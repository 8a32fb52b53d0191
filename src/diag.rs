//! Input errors as miette diagnostics: every problem of a file at once, each with its span.

use crate::rules::RuleId;
use crate::yamlspan::{Span, SpanIndex};
use miette::{Diagnostic, LabeledSpan, NamedSource, SourceCode};
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

    /// Byte offset of a line and column (both 1-based, the column in characters).
    pub fn offset_of(&self, line: usize, column: usize) -> usize {
        let mut start = 0;
        for _ in 1..line.max(1) {
            match self.text[start..].find('\n') {
                Some(i) => start += i + 1,
                None => return self.text.len(),
            }
        }
        let rest = &self.text[start..];
        let line_text = &rest[..rest.find('\n').unwrap_or(rest.len())];
        start + line_text.char_indices().nth(column.saturating_sub(1)).map_or(line_text.len(), |(i, _)| i)
    }

    /// Line and column (1-based) of a byte offset.
    pub fn line_col(&self, offset: usize) -> (usize, usize) {
        let before = &self.text[..offset.min(self.text.len())];
        let line = before.matches('\n').count() + 1;
        let col = before.rsplit('\n').next().map_or(0, |l| l.chars().count()) + 1;
        (line, col)
    }
}

/// One thing wrong with an input file.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Problem {
    /// A stable code: `referee::scenario::unknown-tile`, or a rule id for a broken rule.
    pub code: String,
    pub message: String,
    pub span: Option<Span>,
    pub label: String,
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
    src: NamedSource<String>,
    line_cols: Vec<Option<(usize, usize)>>,
    problems: Vec<Problem>,
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

impl InputError {
    pub fn new(file: &SourceFile, problems: Vec<Problem>) -> InputError {
        let line_cols: Vec<_> = problems.iter().map(|p| p.span.map(|(o, _)| file.line_col(o))).collect();
        let related = problems
            .iter()
            .zip(&line_cols)
            .map(|(p, lc)| Related {
                problem: p.clone(),
                at: match lc {
                    Some((l, c)) => format!("{}:{l}:{c}", file.name),
                    None => file.name.clone(),
                },
            })
            .collect();
        InputError(Box::new(Inner {
            file: file.name.clone(),
            src: NamedSource::new(file.name.clone(), file.text.to_string()),
            line_cols,
            problems,
            related,
            named: false,
        }))
    }

    /// An error about a file that could not even be read; `message` names the file
    /// (`cannot read x.yaml: ...`), which is shown as it is.
    pub fn unreadable(name: &str, message: String) -> InputError {
        InputError(Box::new(Inner {
            file: name.to_string(),
            src: NamedSource::new(name, String::new()),
            line_cols: vec![None],
            problems: vec![Problem::new("io", message)],
            related: Vec::new(),
            named: true,
        }))
    }

    /// The file's name as shown.
    pub fn file(&self) -> &str {
        &self.0.file
    }

    /// Every problem found.
    pub fn problems(&self) -> &[Problem] {
        &self.0.problems
    }

    /// The rule ids broken, if any.
    pub fn rules(&self) -> Vec<RuleId> {
        self.problems.iter().filter_map(|p| p.rule).collect()
    }
}

impl fmt::Display for InputError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let locate = |i: usize| match self.line_cols[i] {
            Some((l, c)) => format!("{}:{l}:{c}", self.file),
            None => self.file.clone(),
        };
        match self.problems.as_slice() {
            [one] if self.named => write!(f, "{}", one.message),
            [one] => write!(f, "{}: {}", locate(0), one.message),
            many => write!(f, "{}: {} problems", self.file, many.len()),
        }
    }
}

impl std::error::Error for InputError {}

/// One problem shown as a related diagnostic of a file with several.
#[derive(Debug)]
struct Related {
    problem: Problem,
    at: String,
}

impl fmt::Display for Related {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}: {}", self.at, self.problem.message)
    }
}

impl std::error::Error for Related {}

fn labels_of(p: &Problem) -> Option<Box<dyn Iterator<Item = LabeledSpan> + '_>> {
    let (o, l) = p.span?;
    Some(Box::new(std::iter::once(LabeledSpan::new(Some(p.label.clone()), o, l))))
}

impl Diagnostic for Related {
    fn code<'a>(&'a self) -> Option<Box<dyn fmt::Display + 'a>> {
        Some(Box::new(&self.problem.code))
    }
    fn help<'a>(&'a self) -> Option<Box<dyn fmt::Display + 'a>> {
        self.problem.help.as_ref().map(|h| Box::new(h) as Box<dyn fmt::Display>)
    }
    fn labels(&self) -> Option<Box<dyn Iterator<Item = LabeledSpan> + '_>> {
        labels_of(&self.problem)
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
            [one] => one.help.as_ref().map(|h| Box::new(h) as Box<dyn fmt::Display>),
            _ => None,
        }
    }
    fn source_code(&self) -> Option<&dyn SourceCode> {
        Some(&self.src)
    }
    fn labels(&self) -> Option<Box<dyn Iterator<Item = LabeledSpan> + '_>> {
        match self.problems.as_slice() {
            [one] => labels_of(one),
            _ => None,
        }
    }
    fn related<'a>(&'a self) -> Option<Box<dyn Iterator<Item = &'a dyn Diagnostic> + 'a>> {
        if self.problems.len() < 2 {
            return None;
        }
        let rel: Vec<&'a dyn Diagnostic> = self.related.iter().map(|r| r as &dyn Diagnostic).collect();
        Some(Box::new(rel.into_iter()))
    }
}

/// Whether diagnostics on stderr may be coloured: a terminal, and NO_COLOR unset.
pub fn stderr_colour() -> bool {
    use std::io::IsTerminal;
    std::io::stderr().is_terminal() && std::env::var_os("NO_COLOR").is_none_or(|v| v.is_empty())
}

/// Renders a diagnostic with its source snippet (Unicode; colour only when asked).
pub fn render(d: &dyn Diagnostic, colour: bool) -> String {
    let theme = if colour { miette::GraphicalTheme::unicode() } else { miette::GraphicalTheme::unicode_nocolor() };
    let handler = miette::GraphicalReportHandler::new_themed(theme).with_width(100).with_links(false);
    let mut s = String::new();
    if handler.render_report(&mut s, d).is_err() {
        s = format!("{d}\n");
    }
    s
}
