use crate::util::{lib, render, root};
use referee::diag::SourceFile;
use referee::engine::{FollowerOn, Game, Move, Part};
use referee::replay::play_out;
use referee::scenario::write::{part_line, turn_line};
use referee::scenario::{self, Action, Scenario, Turn};
use std::collections::BTreeMap;

/// The most moves of one turn written and read back: a sample, each kind of move first.
const PER_TURN: usize = 24;

/// Every scenario under scenarios/, at its first, middle and last turns under its first
/// ruleset: a sample of the legal moves of the turn's tile (each kind of move, by its figure,
/// where its follower stands and the kinds of its actions, then more spread over the list) is
/// written as a turn line, put in the scenario's place of that turn (the turns after it and
/// the expectations cut off), and read back: each must be the move written. A move with no
/// written form is counted, by the kinds of action that have none, and said.
#[test]
fn legal_moves_written_as_turns_read_back_as_the_same_moves() {
    let paths = scenario_paths();
    let (mut written, mut unwritten, mut turns, mut second_parts) = (0usize, 0usize, 0usize, 0usize);
    // Each kind of action (by folder) with no written form, and how many moves it cost.
    let mut missing: BTreeMap<String, usize> = BTreeMap::new();
    // Each kind of action or figure written (by folder), and how many moves had it.
    let mut kinds: BTreeMap<String, usize> = BTreeMap::new();
    let mut failures: Vec<String> = Vec::new();
    for path in &paths {
        let sc = scenario::load_path(path, lib()).unwrap_or_else(|e| panic!("{}", render(&e)));
        let Some(profile) = sc.rulesets.first().and_then(|r| lib().profile(r)) else { continue };
        let folder = sc.id.split('/').next().unwrap_or_default().to_string();
        let n = sc.turns.len();
        let mut at: Vec<usize> = vec![1, n.div_ceil(2), n];
        at.retain(|t| (1..=n).contains(t));
        at.dedup();
        for number in at {
            let t = &sc.turns[number - 1];
            if t.out_of_order.is_some() {
                continue;
            }
            let tile = match &t.action {
                Action::Place(mv) => mv.tile,
                Action::Discard(k, _) => *k,
            };
            let Ok((game, out)) = play_out(&sc, profile, Some(number - 1)) else { continue };
            if out.illegal.is_some() {
                continue;
            }
            turns += 1;
            let moves = game.legal_moves(t.player, tile, number as u16);
            let mut lines: Vec<(Move, String)> = Vec::new();
            // A second part due is written as a part of its turn, not as a turn.
            let (whole, parts): (Vec<&Move>, Vec<&Move>) =
                sample(&moves).into_iter().partition(|m| m.part == Part::Whole);
            second_parts += parts.len();
            for mv in whole {
                match turn_line(&game, sc.player(t.player), mv) {
                    Some(line) => {
                        for k in parts_of(mv) {
                            *kinds.entry(format!("{folder}: {k}")).or_default() += 1;
                        }
                        lines.push((mv.clone(), line));
                    }
                    None => {
                        unwritten += 1;
                        for why in unwritten_parts(&game, mv) {
                            *missing.entry(format!("{folder}: {why}")).or_default() += 1;
                        }
                    }
                }
            }
            written += lines.len();
            read_back(&sc, number - 1, &lines, &mut failures);
        }
    }
    let mut seen: BTreeMap<&str, Vec<String>> = BTreeMap::new();
    for (k, n) in &kinds {
        let (folder, what) = k.split_once(": ").unwrap_or(("", k));
        seen.entry(folder).or_default().push(format!("{what} {n}"));
    }
    for (folder, what) in &seen {
        println!("written in {folder}/: {}", what.join(", "));
    }
    let said: Vec<String> = missing.iter().map(|(k, n)| format!("  {k} ({n} moves)")).collect();
    println!(
        "{} scenarios, {turns} turns: {written} moves written and read back, {second_parts} second parts left, \
         {unwritten} with no written form{}{}",
        paths.len(),
        if said.is_empty() { "" } else { "; what has none:\n" },
        said.join("\n")
    );
    assert!(written > 1000, "the sample writes moves: {written}");
    assert!(
        failures.is_empty(),
        "{} moves read back as another move or not at all:\n{}",
        failures.len(),
        failures.iter().take(12).cloned().collect::<Vec<_>>().join("\n\n")
    );
}

/// Every turn of every scenario under scenarios/ that places tiles, written back from the
/// moves it was read into (a turn in parts as `parts:` of [`part_line`]s) and put in its
/// place, the turns after it cut off: it reads back as the same moves. What a person wrote
/// that has no written form (a follower meant for a square the tile is not on) is counted and
/// said.
#[test]
fn the_scenarios_own_turns_written_back_read_the_same() {
    let (mut written, mut unwritten, mut in_parts) = (0usize, 0usize, 0usize);
    let mut missing: BTreeMap<String, usize> = BTreeMap::new();
    let mut failures: Vec<String> = Vec::new();
    for path in scenario_paths() {
        let sc = scenario::load_path(&path, lib()).unwrap_or_else(|e| panic!("{}", render(&e)));
        let Some(profile) = sc.rulesets.first().and_then(|r| lib().profile(r)) else { continue };
        // The writer reads the tiles and the players' names, not the board.
        let Ok((game, _)) = play_out(&sc, profile, Some(0)) else { continue };
        let folder = sc.id.split('/').next().unwrap_or_default().to_string();
        for (i, t) in sc.turns.iter().enumerate() {
            let Action::Place(first) = &t.action else { continue };
            let player = sc.player(t.player);
            let line = match &t.second {
                None => turn_line(&game, player, first),
                Some(second) => {
                    in_parts += 1;
                    let parts: Option<Vec<String>> = std::iter::once(first)
                        .chain(std::iter::once(&second.mv))
                        .chain(t.more.iter().map(|m| &m.mv))
                        .map(|mv| part_line(&game, mv))
                        .collect();
                    let player = serde_json::Value::from(player);
                    parts.map(|p| format!("{{player: {player}, parts: [{}]}}", p.join(", ")))
                }
            };
            let Some(line) = line else {
                unwritten += 1;
                let all = std::iter::once(first).chain(t.second.iter().map(|s| &s.mv));
                for mv in all.filter(|mv| part_line(&game, mv).is_none()) {
                    for why in unwritten_parts(&game, mv) {
                        *missing.entry(format!("{folder}: {why}")).or_default() += 1;
                    }
                }
                continue;
            };
            written += 1;
            match load(&sc, i, std::slice::from_ref(&line)) {
                Ok(read) => match read.turns.iter().find(|r| r.path == t.path) {
                    Some(r) if same_moves(r, t) => {}
                    r => failures.push(format!(
                        "{} {}: `{line}`\n  wrote {:?}\n  read  {:?}",
                        sc.id,
                        t.path,
                        moves_of(t),
                        r.map(moves_of)
                    )),
                },
                Err(e) => failures.push(format!("{} {}: `{line}` does not load:\n{e}", sc.id, t.path)),
            }
        }
    }
    let said: Vec<String> = missing.iter().map(|(k, n)| format!("  {k} ({n})")).collect();
    println!(
        "the scenarios' own turns: {written} written and read back ({in_parts} in parts), {unwritten} with no written form{}{}",
        if said.is_empty() { "" } else { "; what has none:\n" },
        said.join("\n")
    );
    assert!(written > 500, "the scenarios' turns are written: {written}");
    assert!(
        failures.is_empty(),
        "{} turns read back as other moves or not at all:\n{}",
        failures.len(),
        failures.iter().take(12).cloned().collect::<Vec<_>>().join("\n\n")
    );
}

/// A turn's moves, each part's.
fn moves_of(t: &Turn) -> Vec<Option<Move>> {
    let first = match &t.action {
        Action::Place(mv) => Some(mv.clone()),
        Action::Discard(..) => None,
    };
    std::iter::once(first).chain(t.second.iter().chain(&t.more).map(|s| Some(s.mv.clone()))).collect()
}

fn same_moves(a: &Turn, b: &Turn) -> bool {
    moves_of(a) == moves_of(b) && a.out_of_order == b.out_of_order && a.player == b.player
}

/// Every scenario file under scenarios/, in order.
fn scenario_paths() -> Vec<std::path::PathBuf> {
    let mut paths: Vec<_> = std::fs::read_dir(root().join("scenarios"))
        .unwrap()
        .flat_map(|d| std::fs::read_dir(d.unwrap().path()).unwrap())
        .map(|f| f.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "yaml"))
        .collect();
    paths.sort();
    assert!(paths.len() > 100, "the scenarios are found");
    paths
}

/// Up to `PER_TURN` of a turn's legal moves: one of each kind first, then others spread
/// over the list.
fn sample(moves: &[Move]) -> Vec<&Move> {
    let mut kinds: Vec<String> = Vec::new();
    let mut out: Vec<&Move> = Vec::new();
    for mv in moves {
        let kind = format!(
            "{:?} {:?} {} {:?}",
            mv.figure,
            mv.follower.map(|f| matches!(f, FollowerOn::Segment(_))),
            mv.follower_square.is_some(),
            mv.extras.iter().map(|x| variant(&format!("{x:?}"))).collect::<Vec<_>>()
        );
        if !kinds.contains(&kind) && out.len() < PER_TURN {
            kinds.push(kind);
            out.push(mv);
        }
    }
    let step = (moves.len() / PER_TURN).max(1);
    for mv in moves.iter().step_by(step) {
        if out.len() >= PER_TURN {
            break;
        }
        if !out.iter().any(|m| std::ptr::eq(*m, mv)) {
            out.push(mv);
        }
    }
    out
}

/// What a move holds, in short: each action's kind, and the follower's figure and place
/// (`Large`, `Normal on bridge`, `Normal on second square`).
fn parts_of(mv: &Move) -> Vec<String> {
    let follower = mv.follower.map(|f| {
        let on = match (f, mv.follower_square) {
            (FollowerOn::Added(_), _) => " on bridge",
            (_, Some(_)) => " on second square",
            _ => "",
        };
        format!("{:?}{on}", mv.figure)
    });
    mv.extras.iter().map(|x| variant(&format!("{x:?}"))).chain(follower).collect()
}

/// The name of an action's variant or type, from its debug text (`Bridge` of `Extra(Bridge
/// { at: .. })`).
fn variant(debug: &str) -> String {
    let inner = debug.strip_prefix("Extra(").unwrap_or(debug);
    inner.chars().take_while(|c| c.is_alphanumeric() || *c == '_').collect()
}

/// What of a move with no written form has none: each action that has none by itself, else
/// the follower, else the combination of its actions.
fn unwritten_parts(game: &Game, mv: &Move) -> Vec<String> {
    let bare = Move { extras: Vec::new(), ..mv.clone() };
    if part_line(game, &bare).is_none() {
        return vec![format!("a follower ({:?} on {:?}, square {:?})", mv.figure, mv.follower, mv.follower_square)];
    }
    let alone: Vec<String> = mv
        .extras
        .iter()
        .filter(|x| part_line(game, &Move { extras: vec![(*x).clone()], ..bare.clone() }).is_none())
        .map(|x| variant(&format!("{x:?}")))
        .collect();
    if alone.is_empty() {
        let all: Vec<String> = mv.extras.iter().map(|x| variant(&format!("{x:?}"))).collect();
        vec![format!("together: {}", all.join(" + "))]
    } else {
        alone
    }
}

/// Loads the scenario with its first `keep` turns and the lines after them, and checks that
/// each line reads back as its move; the lines are loaded one by one when together they do
/// not load (an action that reads only on the last turn).
fn read_back(sc: &Scenario, keep: usize, lines: &[(Move, String)], failures: &mut Vec<String>) {
    if lines.is_empty() {
        return;
    }
    let text: Vec<String> = lines.iter().map(|(_, l)| l.clone()).collect();
    if let Ok(read) = load(sc, keep, &text) {
        for (j, (mv, line)) in lines.iter().enumerate() {
            compare(sc, &read, keep + j, mv, line, failures);
        }
        return;
    }
    for (mv, line) in lines {
        match load(sc, keep, std::slice::from_ref(line)) {
            Ok(read) => compare(sc, &read, keep, mv, line, failures),
            Err(e) => failures.push(format!("{} turn {}: `{line}` does not load:\n{e}", sc.id, keep + 1)),
        }
    }
}

fn compare(sc: &Scenario, read: &Scenario, index: usize, mv: &Move, line: &str, failures: &mut Vec<String>) {
    let path = format!("turns[{index}]");
    match read.turns.iter().find(|t| t.path == path).map(|t| &t.action) {
        Some(Action::Place(got)) if got == mv => {}
        got => failures.push(format!("{} turn {}: `{line}`\n  wrote {mv:?}\n  read  {got:?}", sc.id, index + 1)),
    }
}

fn load(sc: &Scenario, keep: usize, lines: &[String]) -> Result<Scenario, String> {
    let text = with_turns(sc, keep, lines);
    scenario::load(&sc.id, SourceFile::new("written.yaml", text.clone()), lib())
        .map_err(|e| format!("{}\n{text}", render(&e)))
}

/// The scenario's text with its first `keep` turns, then `lines` as turns, and nothing after
/// its turns (the expectations, which may name turns cut off) but whether the game is scored
/// to its end.
fn with_turns(sc: &Scenario, keep: usize, lines: &[String]) -> String {
    let turns = sc.span("turns").map_or(0, |(s, _)| s);
    let after = sc.file.spans().key("final-scoring").is_some_and(|(s, _)| s > turns);
    let end = if after && !sc.final_scoring { "final-scoring: false\n" } else { "" };
    format!("{}{end}", turns_cut(sc, keep, lines))
}

/// The text up to turn `keep + 1` (which must exist), the lines in its place: the item
/// ends where the next begins, whatever lines it spans.
fn turns_cut(sc: &Scenario, keep: usize, lines: &[String]) -> String {
    let text = &sc.file.text;
    let (start, _) = sc.span("turns").expect("every scenario has turns");
    let (next, _) = sc.span(&format!("turns[{keep}]")).expect("the turn cut is there");
    if text[start..].starts_with('[') {
        return format!("{}{}]\n", &text[..next], lines.join(", "));
    }
    let line_start = text[..next].rfind('\n').map_or(0, |i| i + 1);
    let indent: String = text[line_start..next].chars().take_while(|c| *c == ' ').collect();
    let items: String = lines.iter().map(|l| format!("{indent}- {l}\n")).collect();
    format!("{}{items}", &text[..line_start])
}

/// Players' names that YAML would read otherwise as they stand (`true`, `a: b`, `#1`) are
/// quoted in a turn line, and every name reads back as the player it names.
#[test]
fn any_players_name_reads_back_from_a_turn_line() {
    for name in ["Red", "Anne Marie", "O'Neil", "a: b", "#1", "true", "NULL", "Zoë", "- x", "x #y", "[x]", "\"q\"", "7"]
    {
        let quoted = serde_json::Value::from(name).to_string();
        let yaml = format!(
            "title: t\nplayers: [{quoted}, Blue]\nturns:\n  - {{player: {quoted}, tile: E, at: [0, 1], rotation: 180, follower: city S}}\n"
        );
        let sc = crate::util::scenario(&yaml).unwrap_or_else(|e| panic!("{}", render(&e)));
        let (game, _) = play_out(&sc, lib().profile(&sc.rulesets[0]).unwrap(), Some(0)).unwrap();
        let Action::Place(mv) = &sc.turns[0].action else { panic!("a placement") };
        let line = turn_line(&game, name, mv).expect("a plain placement is written");
        let read = load(&sc, 0, std::slice::from_ref(&line)).unwrap_or_else(|e| panic!("`{line}`: {e}"));
        assert!(same_moves(&read.turns[0], &sc.turns[0]), "{name}: `{line}`");
        assert_eq!(read.player(read.turns[0].player), name, "`{line}`");
    }
}

/// Small starting boards under several expansions at once: a road, a city, fields, a tower
/// foundation, a town, four tiles meeting at a corner, an abbey in a hole.
const BOARDS: &[&str] = &[
    "title: t\nplayers: [Red, Blue]\nexpansions: [bcb1, tb, am, pd, tower, ic]\nboard:\n  \
     - {tile: D, at: [0, 0], followers: [{player: Red, on: road E}]}\n  \
     - tile: TW04\n    at: [1, 0]\nturns: []\n",
    "title: t\nplayers: [Red, Blue]\nexpansions: [tower, ic, phantom]\nboard:\n  \
     - {tile: D, at: [0, 0]}\n  - {tile: TW04, at: [1, 0], tower: {height: 2, top: Blue}}\n",
    "title: t\nplayers: [Red, Blue]\nexpansions: [bcb1, tb, phantom]\nrulesets: [ne]\nboard:\n  \
     - {tile: D, at: [0, 0], followers: [{player: Red, on: field S}]}\n  \
     - {tile: E, at: [0, 1], rotation: 180}\n  - {tile: D, at: [1, 0]}\n  - {tile: E, at: [0, -1], rotation: 180}\n  \
     - {tile: E, at: [1, -1], rotation: 180}\n",
    "title: t\nplayers: [Red, Blue]\nexpansions: [am, pd, ic]\nboard:\n  - {tile: E, at: [0, 0], rotation: 180}\n  \
     - {tile: E, at: [1, 0]}\n  - {tile: E, at: [2, 0], rotation: 180}\n  - {tile: A, at: [0, 1], rotation: 270}\n  \
     - {tile: E, at: [2, 1], rotation: 90}\n  - {tile: E, at: [0, 2]}\n  - {tile: E, at: [1, 2], rotation: 180}\n  \
     - {tile: abbey, at: [1, 1], followers: [{player: Red, on: cloister}]}\n",
];

/// Every piece `referee serve` offers for each tile of those boards (`board_offers`), written
/// into the scenario as the page writes it (a new item of its list, or its key set), reads:
/// no problem but a rule's (an unknown key, a bad value, a feature the words do not name is
/// a failure). The engine may refuse the position it sets up (a builder with no follower of
/// its owner's beside it): those are counted, not failed.
#[test]
fn each_piece_offered_for_the_starting_board_reads_back() {
    use referee::serve::edit::{append, set};
    let (mut offered, mut refused) = (0usize, 0usize);
    let mut keys: BTreeMap<String, usize> = BTreeMap::new();
    let mut failures: Vec<String> = Vec::new();
    for yaml in BOARDS {
        let sc = crate::util::scenario(yaml).unwrap_or_else(|e| panic!("{}\n{yaml}", render(&e)));
        let profile = lib().profile(&sc.rulesets[0]).unwrap();
        let (game, _) = play_out(&sc, profile, None).unwrap_or_else(|e| panic!("{}\n{yaml}", render(&e)));
        for i in 0..sc.board.len() {
            for o in referee::scenario::write::board_offers(&game, &sc, i) {
                offered += 1;
                *keys.entry(format!("{} ({})", o.key, o.part)).or_default() += 1;
                let path = format!("board[{i}].{}", o.key);
                let text = if o.list { append(yaml, &path, &o.value) } else { set(yaml, &path, &o.value) };
                if !text.contains(&o.value) {
                    failures.push(format!("`{}: {}` (\"{}\") is not written:\n{text}", path, o.value, o.words));
                    continue;
                }
                let read = match crate::util::scenario(&text) {
                    Ok(read) => read,
                    Err(e) => {
                        if e.problems().iter().any(|p| p.rule.is_none()) {
                            failures.push(format!(
                                "`{path}: {}` (\"{}\") does not read:\n{}",
                                o.value,
                                o.words,
                                render(&e)
                            ));
                        } else {
                            refused += 1;
                        }
                        continue;
                    }
                };
                // What the key reads into is on the tile: a follower more, or a piece.
                let (before, after) = (&sc.board[i], &read.board[i]);
                if before.followers.len() + before.pieces.len() >= after.followers.len() + after.pieces.len() && o.list
                {
                    failures.push(format!("`{path}: {}` adds nothing to the tile", o.value));
                }
                match play_out(&read, profile, None) {
                    Ok(_) => {}
                    Err(e) if e.problems().iter().all(|p| p.rule.is_some()) => refused += 1,
                    Err(e) => failures.push(format!("`{path}: {}` does not set up:\n{}", o.value, render(&e))),
                }
            }
        }
    }
    let said: Vec<String> = keys.iter().map(|(k, n)| format!("{k} {n}")).collect();
    println!("{offered} pieces offered ({}), {refused} refused by the engine", said.join(", "));
    for key in ["builder", "pigs", "bridge", "castle", "barn", "dragon", "fairy", "tower", "abbey-of"] {
        assert!(keys.keys().any(|k| k.starts_with(&format!("{key} "))), "no {key} offered: {said:?}");
    }
    assert!(keys.get("followers (piece)").is_some_and(|n| *n > 0), "{said:?}");
    assert!(
        failures.is_empty(),
        "{} offers do not read back:\n{}",
        failures.len(),
        failures.iter().take(12).cloned().collect::<Vec<_>>().join("\n\n")
    );
}
