//! Text that came from a file, made safe for where it is shown: a terminal, a markdown table
//! or paragraph, a BoardGameGeek (BBCode) post, a MediaWiki page, an XML (SVG) document, a JSON
//! document.
//!
//! Scenario files come from strangers. A player name may hold ESC (and so recolour, retitle
//! or clear a terminal), CR (and overwrite what was printed), a bidi override (and show text
//! in another order than it is), a newline or `|` (and split a markdown row or add a column),
//! `<` (and break an SVG). Every renderer passes what it did not write itself through one of
//! these helpers; [`terminal_safe`] is the last guard on stdout and stderr.

use std::borrow::Cow;

/// Whether a character is never shown raw: C0 (tab and newline included), DEL, C1, the line
/// and paragraph separators (U+2028, U+2029), the bidirectional embeddings, overrides and
/// isolates (U+202A–U+202E, U+2066–U+2069) and the invisible direction marks (U+061C,
/// U+200E, U+200F).
pub fn is_control(c: char) -> bool {
    matches!(
        c,
        '\0'..='\x1f'
            | '\x7f'..='\u{9f}'
            | '\u{61c}'
            | '\u{200e}'
            | '\u{200f}'
            | '\u{2028}'..='\u{202e}'
            | '\u{2066}'..='\u{2069}'
    )
}

/// The first control character of `s` (see [`is_control`]) and its byte offset.
pub fn has_control(s: &str) -> Option<(usize, char)> {
    first_where(s, is_control)
}

/// Whether the character at byte `i` of UTF-8 text may be a control character, from its
/// first two bytes: a C0 byte or DEL; C1 (U+0080–U+009F) is 0xC2 then 0x80–0x9F; U+061C is
/// 0xD8 0x9C; U+200E–U+2069 are 0xE2 then 0x80 or 0x81. Anything else (box drawing is 0xE2
/// 0x94 or 0x95) is not one, nor is a byte that continues a character.
fn may_be_control(bytes: &[u8], i: usize) -> bool {
    let next = || bytes.get(i + 1).copied().unwrap_or(0);
    match bytes[i] {
        0x00..=0x1f | 0x7f => true,
        0xc2 => (0x80..=0x9f).contains(&next()),
        0xd8 => next() == 0x9c,
        0xe2 => matches!(next(), 0x80 | 0x81),
        _ => false,
    }
}

/// The first character of `s` that `hit` holds for, of those [`is_control`] holds for, and
/// its byte offset. Reads bytes, and decodes a character only where one may be a control
/// character: most text (box drawing included) is passed over a byte at a time.
fn first_where(s: &str, hit: impl Fn(char) -> bool) -> Option<(usize, char)> {
    let bytes = s.as_bytes();
    for at in 0..bytes.len() {
        if !may_be_control(bytes, at) {
            continue;
        }
        // `at` is a character boundary: `may_be_control` takes only ASCII and lead bytes.
        let c = s.get(at..).and_then(|rest| rest.chars().next())?;
        if hit(c) {
            return Some((at, c));
        }
    }
    None
}

/// Appends a control character as Rust writes it in a string literal: `\u{1b}`, `\n`, `\0`.
fn push_escaped(out: &mut String, c: char) {
    out.extend(c.escape_debug());
}

/// `s` with every control character (see [`is_control`]) escaped as Rust does (`\u{1b}`,
/// `\n`, `\t`): for a terminal, a text table, a diagnostic. Borrowed when nothing changes.
pub fn escape_control(s: &str) -> Cow<'_, str> {
    if has_control(s).is_none() {
        return Cow::Borrowed(s);
    }
    let mut out = String::with_capacity(s.len() + 8);
    for c in s.chars() {
        if is_control(c) {
            push_escaped(&mut out, c);
        } else {
            out.push(c);
        }
    }
    Cow::Owned(out)
}

/// What both markdown contexts escape: control characters as Rust does (a newline becomes
/// the two characters `\n`, which markdown shows as they are), markdown's inline syntax with
/// a backslash, and HTML with entities.
fn markdown_escape(s: &str, out: &mut String) {
    for c in s.chars() {
        match c {
            c if is_control(c) => push_escaped(out, c),
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '\\' | '`' | '*' | '_' | '[' | ']' | '~' | '|' | '#' => {
                out.push('\\');
                out.push(c);
            }
            c => out.push(c),
        }
    }
}

/// `s` as the content of one cell of a markdown (GFM) table: it cannot add a column (`|` is
/// `\|`), split the row (a newline is `\n`), or open a code span, emphasis, a link or raw
/// HTML (backslash escapes and `&lt;`/`&gt;`/`&amp;`).
pub fn markdown_cell(s: &str) -> String {
    let mut out = String::with_capacity(s.len() + 8);
    markdown_escape(s, &mut out);
    out
}

/// `s` as text in a markdown paragraph, heading or list item: as [`markdown_cell`], and it
/// cannot start a block where it starts a line either (a list item `-`/`+`/`1.`, a setext
/// underline `=`, indented code).
pub fn markdown_inline(s: &str) -> String {
    let mut out = String::with_capacity(s.len() + 8);
    let body = s.trim_start_matches(' ');
    // Leading spaces as character references: they are text, not indentation.
    for _ in 0..s.len() - body.len() {
        out.push_str("&#32;");
    }
    let digits = body.bytes().take_while(u8::is_ascii_digit).count();
    let rest = if body.starts_with(['-', '+', '=']) {
        out.push('\\');
        body
    } else if digits > 0 && body[digits..].starts_with(['.', ')']) {
        out.push_str(&body[..digits]);
        out.push('\\');
        &body[digits..]
    } else {
        body
    };
    markdown_escape(rest, &mut out);
    out
}

/// `s` as a markdown code span when it can be one (no backtick, no `|`, no control
/// character); otherwise as [`markdown_inline`] text.
pub fn markdown_code(s: &str) -> String {
    let plain = !s.is_empty() && !s.starts_with(' ') && !s.ends_with(' ') && !s.contains(['`', '|']);
    if plain && has_control(s).is_none() {
        format!("`{s}`")
    } else {
        markdown_inline(s)
    }
}

/// `s` as text in a BoardGameGeek (BBCode) post or table cell: it cannot open a tag (`[url]`,
/// `[/table]`: each `[` is followed by an empty `[c][/c]`, BGG's own way to keep brackets from
/// parsing, and shows as `[`), cannot make BGG strip the rest of the post (a `<` followed by
/// anything but a space does; a space is put after it) and holds no control character raw
/// (escaped as Rust does, so a newline cannot end a table row either).
pub fn bbcode_text(s: &str) -> String {
    let mut out = String::with_capacity(s.len() + 8);
    let mut chars = s.chars().peekable();
    while let Some(c) = chars.next() {
        match c {
            c if is_control(c) => push_escaped(&mut out, c),
            '[' => out.push_str("[[c][/c]"),
            '<' => {
                out.push('<');
                if chars.peek() != Some(&' ') {
                    out.push(' ');
                }
            }
            c => out.push(c),
        }
    }
    out
}

/// `s` as text in MediaWiki wikitext, in a paragraph, a list item, a heading, a table cell or
/// a `<ref>`: every character that can start markup is a numeric character reference, which
/// the wiki shows as the character itself. So `{{`, `[[`, `|`, `!!`, `''`, `<ref>`, `~~~~`,
/// `__TOC__`, `=` (a heading's end) and a free link's `:` are inert anywhere, and `*`, `#`,
/// `;`, `-` and a space cannot start a list, a rule or preformatted text where `s` starts a
/// line. Control characters are escaped as Rust does (a newline cannot end a line).
pub fn mediawiki_text(s: &str) -> String {
    let mut out = String::with_capacity(s.len() + 8);
    let mut prev: Option<char> = None;
    for (i, c) in s.char_indices() {
        let entity = match c {
            c if is_control(c) => {
                push_escaped(&mut out, c);
                prev = Some(c);
                continue;
            }
            '&' | '<' | '>' | '{' | '}' | '[' | ']' | '|' | '\'' | '=' | '!' | '~' | ':' => true,
            '_' => prev == Some('_') || s[i + 1..].starts_with('_'),
            '*' | '#' | ';' | '-' | ' ' => i == 0,
            _ => false,
        };
        if entity {
            out.push_str(&format!("&#{};", c as u32));
        } else {
            out.push(c);
        }
        prev = Some(c);
    }
    out
}

/// Whether XML 1.0 allows a character at all, escaped or not (its `Char` production).
fn xml_char(c: char) -> bool {
    matches!(c, '\t' | '\n' | '\r' | '\u{20}'..='\u{d7ff}' | '\u{e000}'..='\u{fffd}' | '\u{10000}'..)
}

fn xml_escape(s: &str, attr: bool) -> String {
    let mut out = String::with_capacity(s.len() + 8);
    for c in s.chars() {
        match c {
            // Shown as in the terminal; XML 1.0 forbids most of C0 even as `&#27;`.
            c if is_control(c) => push_escaped(&mut out, c),
            // U+FFFE and U+FFFF: not characters to XML either.
            c if !xml_char(c) => out.push_str(&format!("\\u{{{:x}}}", c as u32)),
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' if attr => out.push_str("&quot;"),
            '\'' if attr => out.push_str("&apos;"),
            c => out.push(c),
        }
    }
    out
}

/// `s` as the text of an XML element: `&`, `<` and `>` as entities (so `]]>` is harmless),
/// control characters escaped as Rust does, and the characters XML 1.0 forbids (U+FFFE,
/// U+FFFF) written the same way: the document is well-formed whatever `s` holds.
pub fn xml_text(s: &str) -> String {
    xml_escape(s, false)
}

/// `s` as the value of an XML attribute, quoted with `"` or `'`: as [`xml_text`], and both
/// quotes as entities.
pub fn xml_attr(s: &str) -> String {
    xml_escape(s, true)
}

/// A JSON document (as serde_json writes it) with the control characters it leaves raw
/// (DEL, C1, the separators, bidi controls: serde_json escapes only C0) written as `\uXXXX`.
/// The same JSON value: such characters can only stand inside strings.
pub fn json_escape_control(json: &str) -> Cow<'_, str> {
    // Newlines (and spaces) are all the layout serde_json writes outside strings; inside
    // them it escapes every C0 character itself.
    if !json.chars().any(|c| is_control(c) && c != '\n') {
        return Cow::Borrowed(json);
    }
    let mut out = String::with_capacity(json.len() + 8);
    for c in json.chars() {
        if is_control(c) && c != '\n' {
            out.push_str(&format!("\\u{:04x}", c as u32));
        } else {
            out.push(c);
        }
    }
    Cow::Owned(out)
}

/// The last guard before stdout or stderr: every control character but newline and tab
/// escaped as Rust does; with `colour`, the SGR sequences the program writes itself
/// (`ESC [ digits ; … m`) are kept. Text from files has been escaped before it gets here, so
/// any ESC left is the program's own.
pub fn terminal_safe(s: &str, colour: bool) -> Cow<'_, str> {
    let raw = |c: char| is_control(c) && c != '\n' && c != '\t';
    // ESC is a control character: the first raw one (or the first ESC) is where work begins.
    let Some((first, _)) = first_where(s, raw) else {
        return Cow::Borrowed(s);
    };
    let mut out = String::with_capacity(s.len() + 8);
    out.push_str(&s[..first]);
    let mut rest = &s[first..];
    while let Some(c) = rest.chars().next() {
        if c == '\x1b' && colour {
            if let Some(n) = sgr_len(rest) {
                out.push_str(&rest[..n]);
                rest = &rest[n..];
                continue;
            }
        }
        if raw(c) {
            push_escaped(&mut out, c);
        } else {
            out.push(c);
        }
        rest = &rest[c.len_utf8()..];
    }
    Cow::Owned(out)
}

/// The length of the SGR sequence (`ESC [ [0-9;]* m`) `s` starts with, if it does.
fn sgr_len(s: &str) -> Option<usize> {
    let b = s.as_bytes();
    if !s.starts_with("\x1b[") {
        return None;
    }
    let params = b[2..].iter().take_while(|x| x.is_ascii_digit() || **x == b';').count();
    (b.get(2 + params) == Some(&b'm')).then_some(3 + params)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn control_characters_are_escaped_as_rust_does() {
        assert_eq!(escape_control("Red"), Cow::Borrowed("Red"));
        assert_eq!(escape_control("a\x1b[2Jb"), "a\\u{1b}[2Jb");
        assert_eq!(escape_control("\0\t\n\r\x07\x7f\u{85}"), "\\0\\t\\n\\r\\u{7}\\u{7f}\\u{85}");
        assert_eq!(escape_control("\u{202e}evil\u{2066}\u{2028}"), "\\u{202e}evil\\u{2066}\\u{2028}");
        assert_eq!(escape_control("Zoë 赤"), "Zoë 赤");
        assert_eq!(has_control("ab\u{9b}c"), Some((2, '\u{9b}')));
        assert_eq!(has_control("plain"), None);
    }

    #[test]
    fn every_control_character_begins_with_a_byte_the_scan_stops_at() {
        for c in (0..=0x10ffff).filter_map(char::from_u32) {
            let mut buf = [0; 4];
            let bytes = c.encode_utf8(&mut buf).as_bytes();
            assert!(!is_control(c) || may_be_control(bytes, 0), "{c:?} would be passed over");
            // Found wherever it stands among characters that share its lead byte.
            if !matches!(bytes[0], 0xc2 | 0xd8 | 0xe2) && u32::from(c) > 0x800 {
                continue;
            }
            let s = format!("\u{2502}x{c}\u{2502}");
            assert_eq!(has_control(&s), s.char_indices().find(|&(_, c)| is_control(c)), "{c:?}");
        }
        assert_eq!(terminal_safe("\u{2502} a\n\u{85}\u{1b}[1mb", true), "\u{2502} a\n\\u{85}\u{1b}[1mb");
        assert_eq!(terminal_safe("ok \u{2502}\t\n", false), Cow::Borrowed("ok \u{2502}\t\n"));
    }

    #[test]
    fn markdown_cannot_add_a_column_or_go_live() {
        assert_eq!(markdown_cell("a|b\nc"), "a\\|b\\nc");
        assert_eq!(
            markdown_cell("`x` **b** _i_ [l](u) <b>&"),
            "\\`x\\` \\*\\*b\\*\\* \\_i\\_ \\[l\\](u) &lt;b&gt;&amp;"
        );
        assert_eq!(markdown_inline("- item"), "\\- item");
        assert_eq!(markdown_inline("12. x"), "12\\. x");
        assert_eq!(markdown_inline("  # h"), "&#32;&#32;\\# h");
        assert_eq!(markdown_inline("Red 1. 2"), "Red 1. 2");
        assert_eq!(markdown_code("hig"), "`hig`");
        assert_eq!(markdown_code("a`b"), "a\\`b");
    }

    #[test]
    fn bbcode_opens_no_tag() {
        assert_eq!(bbcode_text("Red"), "Red");
        assert_eq!(bbcode_text("[url=x]y[/url]"), "[[c][/c]url=x]y[[c][/c]/url]");
        assert_eq!(bbcode_text("a[/table][/tr]b"), "a[[c][/c]/table][[c][/c]/tr]b");
        assert_eq!(bbcode_text("<b> < x"), "< b> < x");
        assert_eq!(bbcode_text("a\nb\x1b"), "a\\nb\\u{1b}");
    }

    #[test]
    fn mediawiki_markup_is_inert() {
        assert_eq!(mediawiki_text("Red 1"), "Red 1");
        assert_eq!(mediawiki_text("{{delete}}"), "&#123;&#123;delete&#125;&#125;");
        assert_eq!(mediawiki_text("[[Main]]|x"), "&#91;&#91;Main&#93;&#93;&#124;x");
        assert_eq!(mediawiki_text("''i'' <ref>x</ref>"), "&#39;&#39;i&#39;&#39; &#60;ref&#62;x&#60;/ref&#62;");
        assert_eq!(mediawiki_text("* a"), "&#42; a");
        assert_eq!(mediawiki_text("# a"), "&#35; a");
        assert_eq!(mediawiki_text("= h ="), "&#61; h &#61;");
        assert_eq!(mediawiki_text(" pre"), "&#32;pre");
        assert_eq!(mediawiki_text("a * b # c - d"), "a * b # c - d");
        assert_eq!(mediawiki_text("__TOC__ a_b"), "&#95;&#95;TOC&#95;&#95; a_b");
        assert_eq!(mediawiki_text("x !! y ~~~~ http://e"), "x &#33;&#33; y &#126;&#126;&#126;&#126; http&#58;//e");
        assert_eq!(mediawiki_text("a\nb"), "a\\nb");
    }

    #[test]
    fn xml_is_well_formed_whatever_the_text() {
        assert_eq!(xml_text("<a & ]]>"), "&lt;a &amp; ]]&gt;");
        assert_eq!(xml_attr("\"'"), "&quot;&apos;");
        assert_eq!(xml_text("\x1b\0\u{fffe}\u{ffff}"), "\\u{1b}\\0\\u{fffe}\\u{ffff}");
    }

    #[test]
    fn json_keeps_its_value() {
        let j = serde_json::to_string(&serde_json::json!({"n": "a\u{7f}\u{202e}\x1b"})).unwrap();
        let safe = json_escape_control(&j);
        assert_eq!(safe, r#"{"n":"a\u007f\u202e\u001b"}"#);
        assert_eq!(serde_json::from_str::<serde_json::Value>(&safe).unwrap()["n"], "a\u{7f}\u{202e}\x1b");
        assert!(matches!(json_escape_control("{\n  \"a\": 1\n}"), Cow::Borrowed(_)));
    }

    #[test]
    fn the_terminal_guard_keeps_only_our_colours() {
        assert_eq!(terminal_safe("a\nb\tc", false), Cow::Borrowed("a\nb\tc"));
        assert_eq!(terminal_safe("\x1b[1;31mX\x1b[0m\r", true), "\x1b[1;31mX\x1b[0m\\r");
        assert_eq!(terminal_safe("\x1b[1;31mX", false), "\\u{1b}[1;31mX");
        assert_eq!(terminal_safe("\x1b]0;title\x07", true), "\\u{1b}]0;title\\u{7}");
    }
}
