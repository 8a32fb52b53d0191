//! Text tables in comfy-table's `UTF8_FULL_CONDENSED` look: drawn here when every column keeps
//! its natural width (the usual case, and the one `check` prints on every run), by comfy-table
//! when cells must wrap to fit a width.
//!
//! A table that fits is only borders and padding around its cells, cheap to draw directly;
//! comfy-table's general layout costs about five times as much. The two agree byte for byte
//! (tested below against comfy-table itself), so which one drew a table never shows.

use comfy_table::{presets, CellAlignment, ContentArrangement, Table};
use std::fmt;
use unicode_width::UnicodeWidthStr;

/// A cell: its text (a line per `\n`), aligned left unless set right.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Cell {
    text: String,
    right: bool,
}

impl Cell {
    pub fn new(text: impl ToString) -> Cell {
        Cell { text: text.to_string(), right: false }
    }

    /// The same cell, aligned right (numbers).
    pub fn right(self) -> Cell {
        Cell { right: true, ..self }
    }

    fn lines(&self) -> impl Iterator<Item = &str> {
        self.text.split('\n')
    }

    /// The display width of its widest line: at least 1, as comfy-table counts it.
    fn width(&self) -> usize {
        self.lines().map(UnicodeWidthStr::width).max().unwrap_or(0).max(1)
    }

    fn comfy(self) -> comfy_table::Cell {
        let align = if self.right { CellAlignment::Right } else { CellAlignment::Left };
        comfy_table::Cell::new(self.text).set_alignment(align)
    }
}

/// The display width of the longest word of `s` (words split at whitespace).
fn longest_word(s: &str) -> usize {
    s.split_whitespace().map(textwrap::core::display_width).max().unwrap_or(0)
}

/// A table laid out for printing (see [`fitted_table`]); `Display` draws it, without a final
/// newline.
pub enum Fitted {
    /// Every column at its natural width: the widest line of its cells.
    Natural { rows: Vec<Vec<Cell>>, widths: Vec<usize> },
    /// Cells wrapped to a width, by comfy-table.
    Wrapped(Box<Table>),
}

/// A text table whose columns fit `width` without breaking a word, or `None` when they cannot
/// (the caller then stacks each row). Without a width, the table keeps its natural size.
pub fn fitted_table(header: Vec<Cell>, rows: Vec<Vec<Cell>>, width: Option<u16>) -> Option<Fitted> {
    let columns = header.len();
    let mut widths = vec![1usize; columns];
    for row in std::iter::once(&header).chain(&rows) {
        for (w, c) in widths.iter_mut().zip(row) {
            *w = (*w).max(c.width());
        }
    }
    // Each column takes its content, a space either side and a border.
    let span = |ws: &mut dyn Iterator<Item = usize>| ws.map(|n| n + 3).sum::<usize>() + 1;
    let fits = |n: usize| width.is_none_or(|w| n <= usize::from(w));
    let mut table = Vec::with_capacity(rows.len() + 1);
    table.push(header);
    table.extend(rows);
    if table.iter().all(|r| r.len() == columns) && fits(span(&mut widths.iter().copied())) {
        return Some(Fitted::Natural { rows: table, widths });
    }
    let mut words = vec![0usize; columns];
    for row in &table {
        for (n, c) in words.iter_mut().zip(row) {
            *n = (*n).max(longest_word(&c.text));
        }
    }
    if !fits(span(&mut words.iter().copied())) {
        return None;
    }
    let mut rows = table.into_iter().map(|r| r.into_iter().map(Cell::comfy).collect::<Vec<_>>());
    let mut t = Table::new();
    t.load_preset(presets::UTF8_FULL_CONDENSED).set_content_arrangement(ContentArrangement::Dynamic);
    t.set_header(rows.next().unwrap_or_default());
    for r in rows {
        t.add_row(r);
    }
    if let Some(w) = width {
        t.set_width(w).force_no_tty();
        // Each column at least its longest word and its padding, so that no word breaks.
        for (k, n) in words.iter().enumerate() {
            if let Some(c) = t.column_mut(k) {
                let n = u16::try_from(n + 2).unwrap_or(u16::MAX);
                c.set_constraint(comfy_table::ColumnConstraint::LowerBoundary(comfy_table::Width::Fixed(n)));
            }
        }
    }
    Some(Fitted::Wrapped(Box::new(t)))
}

impl Fitted {
    /// Appends the table to `out`, without a final newline.
    pub fn write_to(&self, out: &mut String) {
        let (rows, widths) = match self {
            Fitted::Wrapped(t) => return out.push_str(&t.to_string()),
            Fitted::Natural { rows, widths } => (rows, widths),
        };
        let inner: usize = widths.iter().map(|w| w + 3).sum::<usize>() + 1;
        let lines: usize = rows.iter().map(|r| r.iter().map(|c| c.lines().count()).max().unwrap_or(1)).sum();
        // Box drawing takes three bytes a character, text at most its width in bytes four times.
        out.reserve((lines + 3) * (inner * 3 + 1));
        let rule = |out: &mut String, [left, line, cross, right]: [char; 4]| {
            out.push(left);
            for (k, w) in widths.iter().enumerate() {
                if k > 0 {
                    out.push(cross);
                }
                (0..w + 2).for_each(|_| out.push(line));
            }
            out.push(right);
        };
        rule(out, ['┌', '─', '┬', '┐']);
        for (i, row) in rows.iter().enumerate() {
            let mut cells: Vec<_> = row.iter().map(|c| (c.right, c.lines())).collect();
            let height = row.iter().map(|c| c.lines().count()).max().unwrap_or(1);
            for _ in 0..height {
                out.push_str("\n│");
                for (k, ((right, lines), w)) in cells.iter_mut().zip(widths).enumerate() {
                    if k > 0 {
                        out.push('┆');
                    }
                    let text = lines.next().unwrap_or("");
                    let pad = w - text.width().min(*w);
                    out.push(' ');
                    if *right {
                        spaces(out, pad);
                        out.push_str(text);
                    } else {
                        out.push_str(text);
                        spaces(out, pad);
                    }
                    out.push(' ');
                }
                out.push('│');
            }
            if i == 0 {
                out.push('\n');
                rule(out, ['╞', '═', '╪', '╡']);
            }
        }
        out.push('\n');
        rule(out, ['└', '─', '┴', '┘']);
    }
}

/// Appends `n` spaces.
fn spaces(out: &mut String, mut n: usize) {
    const SPACES: &str = "                                ";
    while n > 0 {
        let k = n.min(SPACES.len());
        out.push_str(&SPACES[..k]);
        n -= k;
    }
}

impl fmt::Display for Fitted {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut s = String::new();
        self.write_to(&mut s);
        f.write_str(&s)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// What comfy-table draws for the same cells at their natural width.
    fn comfy(rows: &[Vec<Cell>]) -> String {
        let mut t = Table::new();
        t.load_preset(presets::UTF8_FULL_CONDENSED).set_content_arrangement(ContentArrangement::Dynamic);
        let mut rows = rows.iter().map(|r| r.iter().cloned().map(Cell::comfy).collect::<Vec<_>>());
        t.set_header(rows.next().unwrap_or_default());
        for r in rows {
            t.add_row(r);
        }
        t.to_string()
    }

    fn natural(rows: Vec<Vec<Cell>>) -> String {
        let mut rows = rows.into_iter();
        let header = rows.next().unwrap_or_default();
        match fitted_table(header, rows.collect(), None) {
            Some(t @ Fitted::Natural { .. }) => t.to_string(),
            _ => panic!("a table without a width keeps its natural columns"),
        }
    }

    #[test]
    fn a_table_that_fits_is_drawn_as_comfy_table_draws_it() {
        let rows = vec![
            vec![Cell::new("turn"), Cell::new("points"), Cell::new("rules")],
            vec![Cell::new(2), Cell::new(8).right(), Cell::new("base.city.completed\nbase.scoring.majority")],
            vec![Cell::new("end"), Cell::new(12).right(), Cell::new("")],
            vec![Cell::new("赤 Zoë"), Cell::new("×"), Cell::new("a\n\nb")],
        ];
        assert_eq!(natural(rows.clone()), comfy(&rows));
        assert_eq!(natural(rows[..1].to_vec()), comfy(&rows[..1]));
    }

    #[test]
    fn a_table_too_wide_wraps_or_stacks() {
        let header = vec![Cell::new("a"), Cell::new("b")];
        let rows = vec![vec![Cell::new("one two three four"), Cell::new("five six seven")]];
        let wrapped = fitted_table(header.clone(), rows.clone(), Some(20)).map(|t| t.to_string());
        assert!(wrapped.as_deref().is_some_and(|t| t.lines().all(|l| l.width() <= 20)), "{wrapped:?}");
        assert!(fitted_table(header, rows, Some(8)).is_none());
    }

    #[test]
    fn any_table_that_fits_is_drawn_as_comfy_table_draws_it() {
        const PIECES: [&str; 9] = ["a", "bc", " ", "赤", "é", "×", "─", "\n", ""];
        let mut rng = crate::rng::Rng::new(15);
        for _ in 0..300 {
            let columns = 1 + rng.below(4);
            let rows: Vec<Vec<Cell>> = (0..1 + rng.below(4))
                .map(|_| {
                    (0..columns)
                        .map(|_| {
                            let text: String = (0..rng.below(8)).map(|_| PIECES[rng.below(PIECES.len())]).collect();
                            if rng.below(2) == 0 {
                                Cell::new(text)
                            } else {
                                Cell::new(text).right()
                            }
                        })
                        .collect()
                })
                .collect();
            assert_eq!(natural(rows.clone()), comfy(&rows), "{rows:?}");
        }
    }
}
