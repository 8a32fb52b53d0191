//! Edits of a scenario's text made by the page: an item added to a list, an item removed, a
//! top-level key set. Everything else stays as it is written, comments included, and the
//! places come from the YAML reader's own index of the text (`yamlspan`), not from patterns.

use crate::yamlspan::SpanIndex;

/// The end of the line holding byte `at`: just past its line break (or the text's end).
fn line_end(text: &str, at: usize) -> usize {
    text[at.min(text.len())..].find('\n').map_or(text.len(), |i| at + i + 1)
}

/// The start of the line holding byte `at`.
fn line_start(text: &str, at: usize) -> usize {
    text[..at.min(text.len())].rfind('\n').map_or(0, |i| i + 1)
}

/// How many items the list at `list` has.
fn count(index: &SpanIndex, list: &str) -> usize {
    (0..).take_while(|i| index.value(&format!("{list}[{i}]")).is_some()).count()
}

/// Whether a value's text is a flow collection (`[...]`, `{...}`) rather than a block.
fn flow(text: &str, (start, len): (usize, usize)) -> bool {
    text.get(start..start + len).is_some_and(|v| v.starts_with(['[', '{']))
}

/// `text` with `line` (a one-line flow value) added as the last item of the list at `list`: a
/// top-level key (`turns`, `board`) or a key of a mapping (`board[2].followers`). A block
/// list gains an item indented as its last; a flow list gains an element; a missing or
/// empty list is written.
pub fn append(text: &str, list: &str, line: &str) -> String {
    let index = SpanIndex::build(text);
    let Some(value) = index.extent(list) else { return with_key(text, &index, list, &format!("[{line}]")) };
    let n = count(&index, list);
    let (start, len) = value;
    let written = text[start..start + len].trim_end();
    if written.is_empty() || matches!(written, "~" | "null") {
        return format!("{}[{line}]{}", &text[..start], &text[start + len..]);
    }
    if written.starts_with('[') {
        let inner = written[1..written.len().saturating_sub(1)].trim();
        let rest = &text[start + written.len()..];
        // An empty top-level list becomes a block list, an item a line, as scenarios are
        // written; a nested one stays on its line.
        if inner.is_empty() && !list.contains(['.', '[']) {
            return format!("{}\n  - {line}{rest}", text[..start].trim_end());
        }
        let sep = if inner.is_empty() { "" } else { ", " };
        return format!("{}[{inner}{sep}{line}]{rest}", &text[..start]);
    }
    // A block list: the new item on the line after its last, with the same indentation.
    let last = n.checked_sub(1).and_then(|i| index.extent(&format!("{list}[{i}]"))).unwrap_or(value);
    let begin = line_start(text, last.0);
    let indent: String = text[begin..last.0].chars().take_while(|c| *c == ' ').collect();
    let cut = line_end(text, last.0 + last.1);
    let nl = if text[..cut].ends_with('\n') { "" } else { "\n" };
    format!("{}{nl}{indent}- {line}\n{}", &text[..cut], &text[cut..])
}

/// `text` with a key that is not written added with `value` (a one-line flow value): at the
/// top level, before `board:` or `turns:` (or at the end); in a mapping item (`board[2].x`),
/// inside its braces or on a line of its own.
fn with_key(text: &str, index: &SpanIndex, path: &str, value: &str) -> String {
    match path.rsplit_once('.') {
        None => {
            let before = ["board", "turns"].iter().filter_map(|k| index.key(k)).map(|s| line_start(text, s.0)).min();
            match before {
                Some(at) => format!("{}{path}: {value}\n{}", &text[..at], &text[at..]),
                None => {
                    let nl = if text.is_empty() || text.ends_with('\n') { "" } else { "\n" };
                    format!("{text}{nl}{path}: {value}\n")
                }
            }
        }
        Some((parent, key)) => {
            let Some(span) = index.extent(parent) else { return text.to_string() };
            let (start, len) = span;
            if flow(text, span) {
                let close = start + text[start..start + len].trim_end().len() - 1;
                let inner_empty = text[start + 1..close].trim().is_empty();
                let sep = if inner_empty { "" } else { ", " };
                return format!("{}{sep}{key}: {value}{}", text[..close].trim_end(), &text[close..]);
            }
            // A block mapping: the key on a line of its own, indented as the mapping's first.
            let column = start - line_start(text, start);
            let cut = line_end(text, start + len);
            let nl = if text[..cut].ends_with('\n') { "" } else { "\n" };
            format!("{}{nl}{}{key}: {value}\n{}", &text[..cut], " ".repeat(column), &text[cut..])
        }
    }
}

/// `text` with item `i` of the list at `list` taken out (and the comment lines just above a
/// block item, which speak of it); `None` if there is no such item. The last item out leaves
/// an empty flow list.
pub fn remove(text: &str, list: &str, i: usize) -> Option<String> {
    let index = SpanIndex::build(text);
    let (start, len) = index.extent(&format!("{list}[{i}]"))?;
    let whole = index.extent(list)?;
    let n = count(&index, list);
    if n == 1 && flow(text, whole) {
        let end = whole.0 + text[whole.0..whole.0 + whole.1].trim_end().len();
        return Some(format!("{}[]{}", &text[..whole.0], &text[end..]));
    }
    if flow(text, whole) {
        let (from, to) = match index.value(&format!("{list}[{}]", i + 1)) {
            Some(next) => (start, next.0),
            None => {
                let before = index.extent(&format!("{list}[{}]", i - 1))?;
                (before.0 + before.1, start + len)
            }
        };
        return Some(format!("{}{}", &text[..from], &text[to..]));
    }
    let line = line_start(text, start);
    let mut from = line;
    while from > 0 {
        let above = line_start(text, from - 1);
        if !text[above..from].trim_start().starts_with('#') {
            break;
        }
        from = above;
    }
    // The last item out of a block list leaves an empty list where it stood.
    let empty = match n {
        1 => format!("{}[]\n", " ".repeat(text[line..start].chars().take_while(|c| *c == ' ').count())),
        _ => String::new(),
    };
    Some(format!("{}{empty}{}", &text[..from], &text[line_end(text, start + len)..]))
}

/// `text` with the key at `key` set to `value` (a one-line flow value): a top-level key
/// (`players`), written where it is or added before the board and the turns; or a key of a
/// mapping (`board[1].tower`, `turns[4].bazaar`), its value replaced or the key added.
pub fn set(text: &str, key: &str, value: &str) -> String {
    let index = SpanIndex::build(text);
    match index.extent(key) {
        Some((start, len)) => {
            let end = start + text[start..start + len].trim_end().len();
            // A block value starts on the line after its key: the flow value goes beside it.
            let from = index.key(key).map_or(start, |k| k.0 + k.1);
            let colon = text[from..start].find(':').map_or(start, |c| from + c + 1);
            format!("{} {value}{}", &text[..colon], &text[end..])
        }
        None => with_key(text, &index, key, value),
    }
}

/// `text` with the value at `path` (an item, `turns[3]`) written anew as `line`; unchanged
/// if there is no such value.
pub fn replace(text: &str, path: &str, line: &str) -> String {
    match SpanIndex::build(text).extent(path) {
        Some((start, len)) => format!("{}{line}{}", &text[..start], &text[start + len..]),
        None => text.to_string(),
    }
}

/// `text` with the turn at `item` (`turns[4]`, a flow mapping) made a turn in two parts: its
/// player stays, the rest of it is the first part, and `second` (a flow mapping) the second:
/// `{player: Red, parts: [{tile: U, ...}, {tile: A, ...}]}`. `None` when the turn is not
/// written as a flow mapping.
pub fn in_two_parts(text: &str, item: &str, second: &str) -> Option<String> {
    let index = SpanIndex::build(text);
    let (start, len) = index.extent(item)?;
    let written = &text[start..start + len];
    if !written.starts_with('{') || !written.ends_with('}') {
        return None;
    }
    let inner = (start + 1, start + len - 1);
    let player = format!("{item}.player");
    let (first, named) = match (index.key(&player), index.extent(&player)) {
        (Some(key), Some(value)) => {
            // The pair `player: X` out, with the comma after it (or before it, if last).
            let pair_end = value.0 + value.1;
            let rest = &text[pair_end..inner.1];
            let (from, to) = match rest.find(',') {
                Some(comma) => (key.0, pair_end + comma + 1),
                None => (text[inner.0..key.0].rfind(',').map_or(key.0, |c| inner.0 + c), pair_end),
            };
            let first = format!("{}{}", &text[inner.0..from], &text[to..inner.1]);
            (first, Some(&text[value.0..pair_end]))
        }
        _ => (text[inner.0..inner.1].to_string(), None),
    };
    let head = named.map_or(String::new(), |p| format!("player: {p}, "));
    let line = format!("{{{head}parts: [{{{}}}, {second}]}}", first.trim());
    Some(format!("{}{line}{}", &text[..start], &text[start + len..]))
}

/// The items of the list at `list`, each as written.
pub fn items<'t>(text: &'t str, list: &str) -> Vec<&'t str> {
    let index = SpanIndex::build(text);
    (0..count(&index, list))
        .filter_map(|i| index.extent(&format!("{list}[{i}]")))
        .map(|(s, l)| text[s..s + l].trim_end())
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_item_goes_after_the_last_of_a_block_list_keeping_what_follows() {
        let t = "turns:\n  - {tile: A}\n  # end\nexpect: {}\n";
        assert_eq!(append(t, "turns", "{tile: B}"), "turns:\n  - {tile: A}\n  - {tile: B}\n  # end\nexpect: {}\n");
    }

    #[test]
    fn a_block_mapping_item_is_followed_after_its_last_line() {
        let t = "turns:\n  - tile: A\n    at: [0, 1]\nexpect: {}";
        assert_eq!(append(t, "turns", "{tile: B}"), "turns:\n  - tile: A\n    at: [0, 1]\n  - {tile: B}\nexpect: {}");
    }

    #[test]
    fn flow_and_empty_lists_grow_and_missing_keys_are_written() {
        assert_eq!(append("turns: [{tile: A}]\n", "turns", "{tile: B}"), "turns: [{tile: A}, {tile: B}]\n");
        assert_eq!(append("turns: []\n", "turns", "{tile: B}"), "turns:\n  - {tile: B}\n");
        assert_eq!(append("title: x\n", "turns", "{tile: B}"), "title: x\nturns: [{tile: B}]\n");
        assert_eq!(
            append("board:\n  - {tile: D, at: [0, 0]}\n", "board[0].followers", "{player: Red, on: road E}"),
            "board:\n  - {tile: D, at: [0, 0], followers: [{player: Red, on: road E}]}\n"
        );
        assert_eq!(
            append("board:\n  - tile: D\n    at: [0, 0]\nturns: []\n", "board[0].followers", "{player: Red}"),
            "board:\n  - tile: D\n    at: [0, 0]\n    followers: [{player: Red}]\nturns: []\n"
        );
    }

    #[test]
    fn an_item_and_its_comment_are_removed_and_the_last_leaves_an_empty_list() {
        let t = "turns:\n  # the first\n  - {tile: A}\n  - {tile: B}\nexpect: {}\n";
        assert_eq!(remove(t, "turns", 0).unwrap(), "turns:\n  - {tile: B}\nexpect: {}\n");
        assert_eq!(remove(t, "turns", 1).unwrap(), "turns:\n  # the first\n  - {tile: A}\nexpect: {}\n");
        assert_eq!(remove("turns: [{tile: A}, {tile: B}]\n", "turns", 1).unwrap(), "turns: [{tile: A}]\n");
        assert_eq!(remove("turns: [{tile: A}, {tile: B}]\n", "turns", 0).unwrap(), "turns: [{tile: B}]\n");
        assert_eq!(remove("turns:\n  - {tile: A}\n", "turns", 0).unwrap(), "turns:\n  []\n");
        assert_eq!(remove("turns: []\n", "turns", 0), None);
    }

    #[test]
    fn an_item_is_written_anew_in_place() {
        let t = "turns:\n  - tile: A\n    at: [0, 1]\n  - {tile: C}\n";
        assert_eq!(replace(t, "turns[0]", "{parts: [{tile: A}]}"), "turns:\n  - {parts: [{tile: A}]}\n  - {tile: C}\n");
    }

    #[test]
    fn a_turn_is_made_one_in_two_parts_keeping_its_player() {
        let t = "turns:\n  - {player: Red, tile: U, bazaar: {revealed: [E]}}\n";
        assert_eq!(
            in_two_parts(t, "turns[0]", "{tile: A}").unwrap(),
            "turns:\n  - {player: Red, parts: [{tile: U, bazaar: {revealed: [E]}}, {tile: A}]}\n"
        );
        let last = "turns: [{tile: U, player: Red}]\n";
        assert_eq!(
            in_two_parts(last, "turns[0]", "{tile: A}").unwrap(),
            "turns: [{player: Red, parts: [{tile: U}, {tile: A}]}]\n"
        );
        assert_eq!(in_two_parts("turns:\n  - tile: U\n", "turns[0]", "{tile: A}"), None);
    }

    #[test]
    fn a_key_is_set_where_it_is_or_before_the_board() {
        assert_eq!(set("players: [A, B]\nturns: []\n", "players", "[C]"), "players: [C]\nturns: []\n");
        assert_eq!(set("players:\n  - A\n  - B\nturns: []\n", "players", "[C]"), "players: [C]\nturns: []\n");
        assert_eq!(
            set("players: [A]\nboard: []\n", "expansions", "[tb]"),
            "players: [A]\nexpansions: [tb]\nboard: []\n"
        );
    }
}
