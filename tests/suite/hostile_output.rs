//! Scenario files (and profiles, catalogues, file names) come from strangers: nothing in them
//! may reach the terminal raw, break a markdown table, make an SVG ill-formed, or make
//! `render` build a picture of gigabytes. Inputs are under tests/regression/ (named after
//! what they show) or generated here when they must hold raw control bytes or be large.

use crate::util::{lib, referee, root, TempDir};
use referee::text::is_control;
use std::process::Output;

/// The first control character of a text that should hold none but newlines.
fn raw_control(s: &str) -> Option<(usize, char)> {
    s.char_indices().find(|&(_, c)| c != '\n' && is_control(c))
}

/// Stdout and stderr are UTF-8 and hold no control character but newline: returns them.
fn clean(o: &Output, what: &str) -> (String, String) {
    let out = String::from_utf8(o.stdout.clone()).unwrap_or_else(|e| panic!("{what}: stdout is not UTF-8: {e}"));
    let err = String::from_utf8(o.stderr.clone()).unwrap_or_else(|e| panic!("{what}: stderr is not UTF-8: {e}"));
    for (stream, s) in [("stdout", &out), ("stderr", &err)] {
        if let Some((i, c)) = raw_control(s) {
            let around = &s[s[..i].char_indices().rev().nth(30).map_or(0, |(k, _)| k)..];
            panic!("{what}: {stream} holds {c:?} raw at byte {i}: {:?}", around.chars().take(60).collect::<String>());
        }
    }
    (out, err)
}

/// Runs `referee` and insists that nothing it prints holds a raw control character.
fn run_clean(args: &[&str]) -> (Output, String, String) {
    let o = referee(args);
    let (out, err) = clean(&o, &args.join(" "));
    (o, out, err)
}

/// The `|` that separate cells of a markdown table row (a `\|` is text).
fn columns(row: &str) -> usize {
    let (mut n, mut escaped) = (0, false);
    for c in row.chars() {
        if escaped {
            escaped = false;
        } else if c == '\\' {
            escaped = true;
        } else if c == '|' {
            n += 1;
        }
    }
    n
}

/// Every markdown table keeps its header's column count on every row; returns how many
/// tables there were.
fn tables_keep_their_columns(md: &str) -> usize {
    let mut tables = 0;
    let mut header: Option<usize> = None;
    for line in md.lines() {
        if line.starts_with('|') {
            match header {
                None => {
                    header = Some(columns(line));
                    tables += 1;
                }
                Some(n) => assert_eq!(columns(line), n, "a row with other columns than its header: {line}\n{md}"),
            }
        } else {
            header = None;
        }
    }
    tables
}

/// Nothing of the markdown is live: no raw HTML, link, emphasis or code span from a name.
fn markdown_inert(md: &str) {
    for live in ["<b>", "<img", "<i>", "**bold**", "[a link](", "`code`", "_it_"] {
        assert!(!md.contains(live), "{live} passed through live:\n{md}");
    }
}

const ESCAPE: &str = "tests/regression/escape-in-player-name.yaml";
/// Red's name in the file, as the outputs must show it.
const RED_SHOWN: &str = r"\u{1b}[31mRed\u{1b}[0m\r\u{9b}1m";

/// Control characters in names, titles and tile ids are refused at load time (exit 2); the
/// diagnostic quotes the file, and shows them escaped, in every command that reads it.
#[test]
fn escape_in_player_name() {
    for args in [
        vec!["check", ESCAPE],
        vec!["check", ESCAPE, "--format", "markdown"],
        vec!["test", ESCAPE],
        vec!["compare", ESCAPE],
        vec!["render", ESCAPE],
        vec!["render", ESCAPE, "--ascii"],
    ] {
        let (o, out, err) = run_clean(&args);
        assert_eq!(o.status.code(), Some(2), "{args:?}: {o:?}");
        let shown = format!("{out}{err}");
        assert!(shown.contains("scenario::control-character"), "{args:?}\n{shown}");
        assert!(shown.contains(r"\u{1b}"), "{args:?}: the snippet shows ESC escaped\n{shown}");
    }
}

/// A scenario whose players and title hold what a file may no longer write: the renderers
/// (reached through the library, past the loader) still escape it all.
fn hostile_scenario() -> referee::scenario::Scenario {
    let mut sc = crate::util::scenario(
        "title: t\nplayers: [Red, Blue]\nrulesets: [hig, early]\nturns:\n  - {tile: E, at: [0, 1], rotation: 180, follower: city S}\n  - {tile: U, at: [1, 0]}\nexpect:\n  scores: {Red: 5, Blue: 0}\n",
    )
    .unwrap();
    sc.title = "Clears the screen \x1b[2J\x1b]0;pwned\x07 and goes home \r\x1b[H".to_string();
    sc.players = vec!["\x1b[31mRed\x1b[0m\r\u{9b}1m".to_string(), "Blue\u{202e}eulb\u{2066}\x7f\0".to_string()];
    sc
}

/// The renderers escape by themselves, not only through the guard on stdout.
#[test]
fn renderers_escape_before_the_terminal_guard() {
    let sc = hostile_scenario();
    let mut runs = Vec::new();
    for r in &sc.rulesets {
        let p = lib().profile(r).unwrap();
        let (out, j) = referee::cli::run_one(&sc, p).unwrap();
        let text = referee::report::text(&sc, &out, &j, &lib().catalogue, referee::report::Style::plain());
        assert_eq!(raw_control(&text), None, "{text}");
        assert!(text.contains(RED_SHOWN) && text.contains(r"Blue\u{202e}eulb\u{2066}\u{7f}\0"), "{text}");
        let md = referee::report::markdown(&sc, &out, &j, &lib().catalogue);
        assert_eq!(raw_control(&md), None, "{md}");
        runs.push((referee::replay::effective(&sc, p), out));
    }
    let c = referee::report::compare::compare(&sc.id, &runs);
    for f in [referee::report::Format::Text, referee::report::Format::Markdown, referee::report::Format::Json] {
        let s = referee::report::compare::render(&c, f);
        assert_eq!(raw_control(&s), None, "{s}");
    }
}

#[test]
fn escape_in_illegal_move() {
    // A verdict quotes what the file named; a tile id with control characters no longer
    // loads, and its refusal shows the id escaped.
    const FILE: &str = "tests/regression/escape-in-illegal-move.yaml";
    let (o, _, err) = run_clean(&["check", FILE]);
    assert_eq!(o.status.code(), Some(2), "{err}");
    assert!(err.contains("tile::control-character") && err.contains(r"control character \u{1b}"), "{err}");
    assert!(!err.contains("unknown tile"), "no follow-on error: {err}");
    let (_, out, _) = run_clean(&["test", FILE]);
    assert!(out.contains("ERROR tests/regression/escape-in-illegal-move.yaml"), "{out}");
}

/// Raw control characters in the file itself reach miette's snippet: it shows them escaped,
/// underlines the right place, and its `[file:line:column]` agrees with the message.
#[test]
fn control_characters_in_the_source_snippet() {
    let tmp = TempDir::new("output-snippet");
    let dir = tmp.path();
    // Bidi controls are allowed in YAML: the file loads as far as its unknown tile.
    let bidi = dir.join("bidi.yaml");
    std::fs::write(
        &bidi,
        "title: t\nplayers: [Red, Blue]\nturns:\n  - {note: \"\u{202e}\u{2066} abc\u{2069}\", tile: XX, at: [0, 1]}\n",
    )
    .unwrap();
    let (o, _, err) = run_clean(&["check", bidi.to_str().unwrap()]);
    assert_eq!(o.status.code(), Some(2));
    assert!(err.contains(r#"{note: "\u{202e}\u{2066} abc\u{2069}", tile: XX, at: [0, 1]}"#), "{err}");
    assert!(err.contains("bidi.yaml:4:29: unknown tile `XX`") && err.contains("bidi.yaml:4:29]"), "{err}");
    let line = err.lines().find(|l| l.contains("tile: XX")).unwrap();
    let under = err.lines().skip_while(|l| !l.contains("tile: XX")).nth(1).unwrap();
    let col = |s: &str, pat: &str| s[..s.find(pat).unwrap()].chars().count();
    assert_eq!(col(line, "XX"), col(under, "─"), "the label underlines XX:\n{err}");
    // ESC, BEL and CR (not before a newline) are not YAML: a syntax error quotes the file.
    for (name, text) in [
        ("esc.yaml", "title: t\nplayers: [Red, Blue]\n# \x1b[2J\x1b]0;pwned\x07\nturns: []\n"),
        ("cr.yaml", "title: t\r\nplayers: [Red, Blue]\r\nturns:\r\n  - {tile: XX,\rat: [0, 1]}\r\n"),
        ("nul.yaml", "title: \"\0\"\x00\nplayers: [Red]\n"),
    ] {
        let p = dir.join(name);
        std::fs::write(&p, text).unwrap();
        let (o, _, _) = run_clean(&["check", p.to_str().unwrap()]);
        assert_eq!(o.status.code(), Some(2), "{name}");
    }
}

/// A file name is shown escaped too: in `test` lines and in diagnostics.
#[test]
fn control_characters_in_a_file_name() {
    let tmp = TempDir::new("output-names");
    let dir = tmp.path().join("names");
    let good = tmp.write(
        "names/evil\x1b]0;pwned\x07.yaml",
        "title: t\nplayers: [Red, Blue]\nturns:\n  - {tile: E, at: [0, 1], rotation: 180}\n",
    );
    tmp.write("names/bad\x1b[2J.yaml", "title: t\nplayers: [Red, Blue]\nturns:\n  - {tile: XX, at: [0, 1]}\n");
    let (o, out, err) = run_clean(&["test", dir.to_str().unwrap()]);
    assert_eq!(o.status.code(), Some(2));
    assert!(out.contains(r"PASS names/evil\u{1b}]0;pwned\u{7} [hig]"), "{out}");
    assert!(out.contains(r"bad\u{1b}[2J.yaml"), "{out}");
    assert!(err.contains(r"bad\u{1b}[2J.yaml:4:12: unknown tile `XX`"), "{err}");
    let (_, _, err) = run_clean(&["check", good.with_file_name("missing\x1b[2J.yaml").to_str().unwrap()]);
    assert!(err.contains(r"missing\u{1b}[2J.yaml"), "{err}");
}

#[test]
fn markdown_pipe_in_name() {
    const FILE: &str = "tests/regression/markdown-pipe-in-name.yaml";
    let (_, md, _) = run_clean(&["check", FILE, "--format", "markdown"]);
    assert_eq!(tables_keep_their_columns(&md), 2, "{md}");
    markdown_inert(&md);
    assert!(md.contains(r"| Red \| x \| y |"), "{md}");
    let (_, md, _) = run_clean(&["compare", FILE, "--format", "markdown"]);
    assert_eq!(tables_keep_their_columns(&md), 1, "{md}");
    markdown_inert(&md);
    // A row per item: the newline in Blue's name did not split one.
    assert_eq!(md.lines().filter(|l| l.starts_with('|')).count(), 2 + 5, "{md}");
}

const PROFILE: &str = "tests/regression/profile-with-control-characters.yaml";

/// A profile file and a catalogue (`--data`) are files too: `rules`, `explain`, `rulings`,
/// `compare` and `check` under them.
#[test]
fn control_characters_in_a_profile_and_the_catalogue() {
    for args in [
        vec!["rules", "-r", PROFILE],
        vec!["rules", "-r", PROFILE, "--format", "markdown"],
        vec!["rules", "-r", PROFILE, "--format", "json"],
        vec!["compare", "scenarios/base/two-tile-city.yaml", "--rulesets", &format!("hig,{PROFILE}")],
        vec!["compare", "scenarios/base/two-tile-city.yaml", "--rulesets", &format!("hig,{PROFILE}"), "-f", "markdown"],
        vec!["compare", "scenarios/base/two-tile-city.yaml", "--rulesets", &format!("hig,{PROFILE}"), "-f", "json"],
        vec!["check", "scenarios/base/two-tile-city.yaml", "-r", PROFILE],
        vec!["check", "scenarios/base/two-tile-city.yaml", "-r", PROFILE, "-f", "markdown"],
    ] {
        let (_, out, _) = run_clean(&args);
        check_format(&args, &out);
    }
    let tmp = TempDir::new("output-data");
    let data = tmp.path();
    std::fs::create_dir_all(data.join("rulesets/rules")).unwrap();
    let rules = std::fs::read_to_string(root().join("rulesets/rules/base.yaml")).unwrap();
    let plain = "  text: Players take their turns one after another in seating order.\n  source: {document: \"Carcassonne base game rules (Hans im Glück)\"";
    assert!(rules.contains(plain));
    let hostile = "  text: \"Players take turns \\e[2J\\e]0;pwned\\a | `code` **bold** <b>x</b>\\nsecond line \\u202Eevil\"\n  source: {document: \"Evil \\e[5mdoc | x\"";
    std::fs::write(data.join("rulesets/rules/base.yaml"), rules.replacen(plain, hostile, 1)).unwrap();
    let data = data.to_str().unwrap();
    for args in [
        vec!["--data", data, "explain", "base.turn.order"],
        vec!["--data", data, "explain", "base.turn.order", "-f", "markdown"],
        vec!["--data", data, "explain", "base.turn.order", "-f", "json"],
        vec!["--data", data, "rulings"],
        vec!["--data", data, "rulings", "-f", "markdown"],
        vec!["--data", data, "rulings", "-f", "json"],
        vec!["--data", data, "rules", "--catalogue"],
        vec!["--data", data, "rules", "--catalogue", "-f", "markdown"],
        vec!["--data", data, "check", "scenarios/base/road-completed.yaml", "-r", "hig"],
    ] {
        let (o, out, _) = run_clean(&args);
        assert_eq!(o.status.code(), Some(0), "{args:?}");
        check_format(&args, &out);
        if !args.contains(&"json") && !args.contains(&"check") {
            assert!(out.contains(r"\u{1b}") && (out.contains("Evil") || out.contains("pwned")), "{args:?}\n{out}");
        }
    }
}

/// JSON parses; markdown keeps its columns and is inert.
fn check_format(args: &[&str], out: &str) {
    if args.contains(&"json") {
        serde_json::from_str::<serde_json::Value>(out).unwrap_or_else(|e| panic!("{args:?}: {e}\n{out}"));
    } else if args.contains(&"markdown") {
        tables_keep_their_columns(out);
        markdown_inert(out);
    }
}

/// Parses an SVG with a real XML parser; returns its text.
fn parse_svg(svg: &str, what: &str) -> String {
    let doc = roxmltree::Document::parse(svg).unwrap_or_else(|e| panic!("{what}: the SVG is not XML: {e}\n{svg}"));
    assert_eq!(doc.root_element().tag_name().name(), "svg", "{what}");
    doc.descendants().filter_map(|n| n.text()).collect::<Vec<_>>().join("\n")
}

#[test]
fn svg_angle_bracket_name() {
    const FILE: &str = "tests/regression/svg-angle-bracket-name.yaml";
    let tmp = TempDir::new("output-svg");
    let dir = tmp.path();
    let (a, b) = (dir.join("render.svg"), dir.join("check.svg"));
    let (o, _, _) = run_clean(&["render", FILE, "--svg", a.to_str().unwrap()]);
    assert_eq!(o.status.code(), Some(0));
    let (o, _, _) = run_clean(&["check", FILE, "-r", "hig", "--svg", b.to_str().unwrap()]);
    assert_eq!(o.status.code(), Some(0));
    for p in [a, b] {
        let text = parse_svg(&std::fs::read_to_string(&p).unwrap(), FILE);
        assert!(text.contains("<svg> & \"quotes\" 'too' ]]> \\u{fffe}"), "{text}");
        assert!(text.contains("<Red — ") && text.contains("&Blue \"q\" 'a'") && text.contains("]]>x"), "{text}");
        assert!(text.contains(r"\u{fffe}non\u{ffff}"), "{text}");
        // Red's follower shows `<`.
        assert!(text.lines().any(|l| l == "<"), "{text}");
    }
    let (_, out, _) = run_clean(&["render", FILE, "--ascii"]);
    assert!(out.contains("--<"), "{out}");
}

/// Every scenario of the suite, and boards whose players have the names XML likes least.
#[test]
fn every_svg_is_well_formed() {
    let mut drawn = 0;
    for path in referee::cli::collect_scenarios(&[root().join("scenarios")]) {
        let sc = referee::scenario::load_path(&path, lib()).unwrap();
        let p = lib().profile(&sc.rulesets[0]).unwrap();
        for turn in [None, Some(0)] {
            let (game, _) = referee::replay::play_out(&sc, p, turn).unwrap();
            parse_svg(&referee::render::svg(&game, &sc.title).unwrap(), &sc.id);
            drawn += 1;
        }
    }
    assert!(drawn > 100, "{drawn} pictures");
    let names = [
        "<", "&", "\"", "'", "]]>", "\x1b", "\0", "\u{fffe}", "\u{ffff}", "\u{202e}", "\u{9b}", "\x7f", "<!--", "&amp;",
    ];
    for name in names {
        for name in [name.to_string(), format!("{name}Red"), format!("Red{name}")] {
            let quoted = yaml_quoted(&name);
            let yaml = format!(
                "title: {quoted}\nplayers: [{quoted}, Blue]\nturns:\n  - {{tile: U, at: [1, 0], follower: road E}}\n"
            );
            // Names the loader refuses (control characters) are set past it, on a plain board.
            let sc = match crate::util::scenario(&yaml) {
                Ok(sc) => sc,
                Err(_) if referee::text::has_control(&name).is_some() => {
                    let plain = "title: t\nplayers: [Red, Blue]\nturns:\n  - {tile: U, at: [1, 0], follower: road E}\n";
                    let mut sc = crate::util::scenario(plain).unwrap();
                    sc.title = name.clone();
                    sc.players[0] = name.clone();
                    sc
                }
                Err(e) => panic!("{}\n{yaml}", crate::util::render(&e)),
            };
            let (game, _) = referee::replay::play_out(&sc, lib().profile("hig").unwrap(), None).unwrap();
            let text = parse_svg(&referee::render::svg(&game, &sc.title).unwrap(), &yaml);
            assert!(raw_control(&text).is_none() && !text.contains(['\u{fffe}', '\u{ffff}']), "{name:?}: {text:?}");
            let grid = referee::render::text(&game, false, false).unwrap();
            assert_eq!(raw_control(&grid), None, "{name:?}: {grid}");
        }
    }
}

/// A YAML double-quoted string holding `s`, every character YAML may not hold raw escaped.
fn yaml_quoted(s: &str) -> String {
    let mut q = String::from('"');
    for c in s.chars() {
        if is_control(c) || matches!(c, '"' | '\\' | '\u{fffe}' | '\u{ffff}') {
            q.push_str(&format!("\\u{:04X}", c as u32));
        } else {
            q.push(c);
        }
    }
    q.push('"');
    q
}

/// A staircase of `n` tiles going south-east from below the start tile (all field, so that
/// every tile fits): it spans about n/2 x n/2 squares.
fn staircase(n: usize) -> String {
    let mut s = String::from(
        "title: a staircase\nplayers: [Red, Blue]\n\
         tiles:\n  - {id: GRASS, edges: FFFF, fields: [NL NR EL ER SL SR WL WR]}\nturns:\n",
    );
    let (mut x, mut y) = (0, -1);
    for i in 0..n {
        if i > 0 {
            if i % 2 == 1 {
                x += 1;
            } else {
                y -= 1;
            }
        }
        s.push_str(&format!("  - {{tile: GRASS, at: [{x}, {y}]}}\n"));
    }
    s
}

/// A 20,000-tile staircase spans 10,001 x 10,001 squares: the picture would be gigabytes.
/// `render` refuses it at once (exit 2, a diagnostic with the size and the limit), in the
/// terminal and as SVG; a staircase of 600 tiles, twice any real game, is still drawn.
#[test]
fn huge_staircase_render() {
    let tmp = TempDir::new("output-huge");
    let dir = tmp.path();
    let huge = tmp.write("huge-staircase-render.yaml", staircase(20_000));
    let svg = dir.join("huge.svg");
    for args in [
        vec!["render", huge.to_str().unwrap()],
        vec!["render", huge.to_str().unwrap(), "--svg", svg.to_str().unwrap()],
        vec!["check", huge.to_str().unwrap(), "-r", "hig", "--svg", svg.to_str().unwrap()],
    ] {
        let (o, out, err) = run_clean(&args);
        assert_eq!(o.status.code(), Some(2), "{args:?}\n{err}");
        assert!(err.contains("referee::render::too-large"), "{err}");
        assert!(err.contains("10001 x 10001 squares") && err.contains("the limit is 250000 squares"), "{err}");
        if args[0] == "render" {
            assert!(out.is_empty(), "{out}");
        }
        assert!(!svg.exists(), "no SVG written");
    }
    let real = tmp.write("long-staircase.yaml", staircase(600));
    let (o, out, err) = run_clean(&["render", real.to_str().unwrap(), "--ascii"]);
    assert_eq!(o.status.code(), Some(0), "{err}");
    // The caption, the board (its labels, then 3 lines a row) and the legend, apart.
    let board = out.split("\n\n").nth(1).unwrap_or_default();
    assert_eq!(board.lines().count(), 1 + 3 * 301, "{out}");
    let (o, _, err) = run_clean(&["render", real.to_str().unwrap(), "--svg", svg.to_str().unwrap()]);
    assert_eq!(o.status.code(), Some(0), "{err}");
    parse_svg(&std::fs::read_to_string(&svg).unwrap(), "long staircase");
}

/// A stranger's names and title written to break a BoardGameGeek post or a wiki page: every
/// paste format keeps them as text (no tag, template, link, footnote, emphasis or list of
/// theirs), in `check`'s report and in `compare`'s.
#[test]
fn paste_formats_keep_markup_in_names_inert() {
    let mut sc = crate::util::scenario(
        "title: t\nplayers: [Red, Blue]\nrulesets: [hig, early]\nturns:\n  - {tile: E, at: [0, 1], rotation: 180, follower: city S}\n  - {tile: U, at: [1, 0]}\nexpect:\n  scores: {Red: 5, Blue: 0}\n",
    )
    .unwrap();
    sc.title = "* = head = [/b][/table]".to_string();
    sc.players = vec![
        "[url=http://evil.example]Red[/url] <script>".to_string(),
        "{{delete}} [[Main Page]] | x || y !! z ''i'' <ref>x</ref> ~~~~ __TOC__".to_string(),
    ];
    let mut runs = Vec::new();
    for r in &sc.rulesets {
        let p = lib().profile(r).unwrap();
        let (out, j) = referee::cli::run_one(&sc, p).unwrap();
        let bb = referee::report::bbcode(&sc, &out, &j, &lib().catalogue);
        bbcode_inert(&bb);
        let wiki = referee::report::mediawiki(&sc, &out, &j, &lib().catalogue);
        mediawiki_inert(&wiki);
        assert!(wiki.starts_with("=== &#42; &#61; head &#61; &#91;/b&#93;"), "the title starts no list:\n{wiki}");
        assert!(wiki.contains("<ref name=\"base.scoring.majority\""), "our own footnotes are live:\n{wiki}");
        runs.push((referee::replay::effective(&sc, p), out));
    }
    let c = referee::report::compare::compare(&sc.id, &runs);
    bbcode_inert(&referee::report::compare::render(&c, referee::report::Format::Bbcode));
    mediawiki_inert(&referee::report::compare::render(&c, referee::report::Format::Mediawiki));
}

/// BBCode holds only its own tags: one table, and no tag or `<` of a name.
fn bbcode_inert(bb: &str) {
    assert_eq!(raw_control(bb), None, "{bb}");
    for live in ["[url", "[/url]", "[/b][/table]", "<s"] {
        assert!(!bb.contains(live), "{live} passed through live:\n{bb}");
    }
    assert!(bb.matches("[/table]").count() <= 1, "{bb}");
    assert!(bb.contains("[[c][/c]url=http://evil.example]Red"), "{bb}");
}

/// Wikitext holds only its own markup: no template, link, footnote or emphasis of a name, and
/// every table row keeps its cells.
fn mediawiki_inert(wiki: &str) {
    assert_eq!(raw_control(wiki), None, "{wiki}");
    for live in ["{{delete", "[[", "]]", "<ref>x", "''i''", "~~~~", "__TOC__", "<script", "[url", "| x"] {
        assert!(!wiki.contains(live), "{live} passed through live:\n{wiki}");
    }
    let mut in_table = false;
    let mut cells = None;
    for line in wiki.lines() {
        if line.starts_with("{|") {
            in_table = true;
        } else if line.starts_with("|}") {
            in_table = false;
        } else if in_table && line.starts_with("| ") {
            let n = line.matches("||").count();
            assert_eq!(*cells.get_or_insert(n), n, "a row with other cells than the first: {line}\n{wiki}");
        } else if in_table {
            assert!(line.starts_with('!') || line == "|-", "a line of a name inside the table: {line}\n{wiki}");
        }
    }
    assert!(wiki.contains("&#123;&#123;delete&#125;&#125;"), "{wiki}");
}
