//! The JSON API of `referee serve` (docs/serve.md): each endpoint answers what the CLI prints
//! for the same scenario, in the same JSON documents (docs/json.md).
//!
//! A scenario is posted as the body, YAML as a file holds it (or a JCloisterZone save, a JSON
//! object); choices go in the query (`?rulesets=hig,rgg`). Rulesets are named, never read
//! from files: the server reads no file but the one named on its command line.

use super::Reply;
use crate::data::Library;
use crate::diag::{InputError, SourceFile};
use crate::ruleset::Profile;
use crate::scenario::Scenario;

/// The endpoint `name` for a posted `file`.
pub fn route(lib: &Library, name: &str, query: &str, file: SourceFile) -> Reply {
    match name {
        "check" => check(lib, query, file),
        "compare" => compare(lib, query, file),
        "render" => render(lib, query, file),
        "place" => place(lib, query, file),
        "turns" => listed(&file),
        "edit" => edit(query, &file),
        "moves" => moves(lib, query, file),
        "export" => export(lib, query, file),
        "import" => match crate::jcz::import(&file, lib) {
            Ok(imported) => Reply::json(200, &serde_json::json!({"scenario": imported.yaml})),
            Err(e) => input_error(422, &e),
        },
        other => Reply::error(404, "serve::not-found", format!("no endpoint /api/{other}")),
    }
}

/// The built-in rulesets, by name, with their titles: what a page may offer to compare.
pub fn rulesets(lib: &Library) -> Reply {
    let all: Vec<_> = lib.profiles.iter().map(|p| serde_json::json!({"id": p.id, "title": p.title})).collect();
    // The expansions a scenario may name, each with the names it may be written by.
    let expansions: Vec<_> = crate::expansion::ExpansionId::ALL
        .iter()
        .filter_map(|x| {
            let names: Vec<&str> =
                crate::expansion::ExpansionId::NAMES.iter().filter(|(_, id)| id == x).map(|(n, _)| *n).collect();
            (*x != crate::expansion::ExpansionId::Base && !names.is_empty())
                .then(|| serde_json::json!({"id": x.as_str(), "names": names}))
        })
        .collect();
    Reply::json(200, &serde_json::json!({"rulesets": all, "expansions": expansions}))
}

/// A diagnostic as the page shows it: each problem's code, message, line and column, and the
/// whole rendered as the terminal would (without colour).
pub fn input_error(status: u16, e: &InputError) -> Reply {
    let problems: Vec<_> = e
        .problems()
        .iter()
        .zip(e.line_cols())
        .map(|(p, lc)| {
            serde_json::json!({
                "code": p.code,
                "message": p.message,
                "line": lc.map(|(l, _)| l),
                "column": lc.map(|(_, c)| c),
                "rule": p.rule.map(|r| r.as_str()),
            })
        })
        .collect();
    let first = e.problems().first();
    Reply::json(
        status,
        &serde_json::json!({"error": {
            "code": first.map_or("referee::input", |p| p.code.as_str()),
            "message": first.map_or(String::new(), |p| p.message.clone()),
            "problems": problems,
            "rendered": crate::diag::render_at(e, false, Some(100)),
        }}),
    )
}

/// A scenario posted: YAML, or a JCloisterZone save (a JSON object) read as its scenario.
fn load(lib: &Library, file: SourceFile) -> Result<Scenario, Reply> {
    let saved = file.text.trim_start_matches('\u{feff}').trim_start().starts_with('{');
    let loaded =
        if saved { crate::jcz::load_file("posted", file, lib) } else { crate::scenario::load("posted", file, lib) };
    loaded.map_err(|e| input_error(422, &e))
}

/// The value of `key` in a query string (`a=1&b=2`), its `%XX` escapes decoded.
fn param(query: &str, key: &str) -> Option<String> {
    query.split('&').find_map(|kv| kv.split_once('=').filter(|(k, _)| *k == key).map(|(_, v)| percent_decoded(v)))
}

/// The rulesets a query names (`rulesets=hig,rgg`, `rulesets=all`), or the scenario's own.
fn profiles(lib: &Library, query: &str, sc: &Scenario) -> Result<Vec<Profile>, Reply> {
    match param(query, "rulesets").filter(|v| !v.is_empty()).as_deref() {
        Some("all") => Ok(lib.profiles.to_vec()),
        Some(list) => list
            .split(',')
            .map(|name| {
                lib.profile(name).cloned().ok_or_else(|| {
                    let known: Vec<&str> = lib.profiles.iter().map(|p| p.id.as_str()).collect();
                    Reply::error(
                        400,
                        "serve::unknown-ruleset",
                        format!(
                            "no built-in ruleset is called `{}`: the rulesets are {}",
                            crate::text::escape_control(name),
                            known.join(", ")
                        ),
                    )
                })
            })
            .collect(),
        None => Ok(sc.rulesets.iter().filter_map(|r| lib.profile(r).cloned()).collect()),
    }
}

fn check(lib: &Library, query: &str, file: SourceFile) -> Reply {
    let answer = || -> Result<Reply, Reply> {
        let sc = load(lib, file)?;
        let mut runs = Vec::new();
        for p in &profiles(lib, query, &sc)? {
            runs.push(crate::cli::run_one(&sc, p).map_err(|e| input_error(422, &e))?);
        }
        let mut answer = crate::cli::check_json(&sc, &runs);
        answer["citations"] = citations(lib, runs.iter().map(|(o, _)| o));
        Ok(Reply::json(200, &answer))
    };
    answer().unwrap_or_else(|r| r)
}

/// Each rule the runs applied (or refused a move by), in the catalogue's words with its
/// source, by id: what the text report prints under "Citations".
fn citations<'o>(lib: &Library, runs: impl Iterator<Item = &'o crate::replay::Outcome>) -> serde_json::Value {
    let mut out = serde_json::Map::new();
    for out_run in runs {
        for id in crate::report::cited(out_run) {
            if let Some(e) = lib.catalogue.get(id) {
                out.insert(id.to_string(), serde_json::json!({"text": e.text.to_string(), "source": e.citation()}));
            }
        }
    }
    serde_json::Value::Object(out)
}

fn compare(lib: &Library, query: &str, file: SourceFile) -> Reply {
    let answer = || -> Result<Reply, Reply> {
        let sc = load(lib, file)?;
        let mut runs = Vec::new();
        for p in &profiles(lib, query, &sc)? {
            let out = crate::replay::replay(&sc, p).map_err(|e| input_error(422, &e))?;
            runs.push((crate::replay::effective(&sc, p), out));
        }
        let c = crate::report::compare::compare(&sc.id, &runs);
        let body = crate::report::compare::render_at(&c, crate::report::Format::Json, None);
        Ok(Reply { status: 200, content_type: "application/json", body })
    };
    answer().unwrap_or_else(|r| r)
}

/// The board after the scenario (final scoring included), under the first ruleset named.
fn render(lib: &Library, query: &str, file: SourceFile) -> Reply {
    let answer = || -> Result<Reply, Reply> {
        let sc = load(lib, file)?;
        let profile = profiles(lib, query, &sc)?.into_iter().next().unwrap_or_else(|| lib.profiles[0].clone());
        let (game, out) = crate::replay::play_out(&sc, &profile, None).map_err(|e| input_error(422, &e))?;
        let mut view = crate::cli::board_view(&sc, &out, None);
        view.free_squares = param(query, "free").as_deref() == Some("1");
        let svg =
            crate::render::svg_view(&game, &view).map_err(|e| Reply::error(422, "render::too-large", e.to_string()))?;
        Ok(Reply::json(200, &serde_json::json!({"ruleset": profile.id, "svg": svg})))
    };
    answer().unwrap_or_else(|r| r)
}

/// A square named in the query (`at=x,y`).
fn square(query: &str) -> Result<crate::geom::Pos, Reply> {
    param(query, "at")
        .as_deref()
        .and_then(|v| v.split_once(','))
        .and_then(|(x, y)| Some(crate::geom::Pos::new(x.parse().ok()?, y.parse().ok()?)))
        .ok_or_else(|| bad("`at=x,y` names the square, two whole numbers".to_string()))
}

fn bad(message: String) -> Reply {
    Reply::error(400, "serve::bad-query", message)
}

/// The first ruleset the query names (or the scenario's first, or the first built in).
fn first_profile(lib: &Library, query: &str, sc: &Scenario) -> Result<Profile, Reply> {
    Ok(profiles(lib, query, sc)?.into_iter().next().unwrap_or_else(|| lib.profiles[0].clone()))
}

/// The game as the scenario's turns leave it, before any final scoring; refused when a turn
/// is illegal, since nothing can follow it.
fn opened<'s>(sc: &'s Scenario, profile: &Profile) -> Result<crate::engine::Game<'s>, Reply> {
    let (game, out) = crate::replay::play_out(sc, profile, None).map_err(|e| input_error(422, &e))?;
    match &out.illegal {
        Some(ill) => Err(Reply::error(
            422,
            ill.verdict.rule.as_str(),
            format!("{} is refused ({}): no turn can follow it", ill.when(), ill.verdict.message),
        )),
        None => Ok(game),
    }
}

/// `sc` without its final scoring: the position as the turns leave it.
fn unscored(sc: &Scenario) -> Scenario {
    let mut open = sc.clone();
    open.final_scoring = false;
    open
}

/// What a square may receive (`at=x,y`), by mode:
/// - a turn (the default): the next player's legal moves there (or `player=Name`'s), every
///   tile of the sets in play in each rotation that fits, with each follower placement and
///   expansion action the rules allow (`Game::legal_moves`), each as the line a scenario
///   writes; and, when the last turn may earn a second part (a builder's), that part's moves;
/// - `mode=board`: a tile put straight onto the starting board (`board:`), each tile in each
///   rotation whose edges fit;
/// - `mode=stand`: a piece stood on a tile of the starting board: each player's follower on
///   each feature of it, and each figure and piece the expansions in play write there.
///
/// With `option=N`, the scenario with that option written in instead.
fn place(lib: &Library, query: &str, file: SourceFile) -> Reply {
    let answer = || -> Result<Reply, Reply> {
        let at = square(query)?;
        let text = file.text.to_string();
        let sc = load(lib, file)?;
        let profile = first_profile(lib, query, &sc)?;
        let open = unscored(&sc);
        let game = opened(&open, &profile)?;
        let offered = match param(query, "mode").as_deref().unwrap_or("turn") {
            "turn" => turn_options(&open, &profile, &game, query, at, &text)?,
            "board" => board_options(&sc, &game, at),
            "stand" => stand_options(&sc, &game, at),
            other => {
                return Err(bad(format!(
                    "`mode={}`: the modes are turn, board and stand",
                    crate::text::escape_control(other)
                )))
            }
        };
        match param(query, "option") {
            Some(n) => {
                let chosen = n.parse::<usize>().ok().and_then(|i| offered.options.get(i)).ok_or_else(|| {
                    bad(format!(
                        "`option={}`: there are {} options on that square",
                        crate::text::escape_control(&n),
                        offered.options.len()
                    ))
                })?;
                Ok(Reply::json(200, &serde_json::json!({"scenario": chosen.written(&text)})))
            }
            None => Ok(Reply::json(
                200,
                &serde_json::json!({
                    "at": [at.x, at.y],
                    "player": offered.player,
                    "options": offered.options.iter().map(|o| &o.shown).collect::<Vec<_>>(),
                    "unwritten": offered.unwritten,
                }),
            )),
        }
    };
    answer().unwrap_or_else(|r| r)
}

/// The options of a square: each as the page shows it and where it goes in the text.
struct Offered {
    player: Option<String>,
    options: Vec<Offer>,
    /// Legal moves that have no written form yet (an action no scenario key writes).
    unwritten: usize,
}

struct Offer {
    shown: serde_json::Value,
    edit: Edit,
}

/// Where an option goes in the scenario's text.
enum Edit {
    /// A new item of a list (`turns`, `board`, `board[2].followers`).
    Append(String, String),
    /// A key set to a value, added where it is not written (`board[2].builder`).
    Set(String, String),
    /// A turn (`turns[4]`) made one in two parts, `second` its second part: its text kept as
    /// the first part when it is a flow mapping, else written anew from `first`.
    SecondPart { item: String, player: String, first: Option<String>, second: String },
    /// The starting board written out with its start tile, then a new item.
    StartBoard(String, String),
}

impl Offer {
    fn written(&self, text: &str) -> String {
        match &self.edit {
            Edit::Append(list, line) => super::edit::append(text, list, line),
            Edit::Set(path, value) => super::edit::set(text, path, value),
            Edit::SecondPart { item, player, first, second } => super::edit::in_two_parts(text, item, second)
                .unwrap_or_else(|| match first {
                    Some(first) => {
                        let line = format!(
                            "{{player: {}, parts: [{first}, {second}]}}",
                            crate::scenario::write::scalar(player)
                        );
                        super::edit::replace(text, item, &line)
                    }
                    None => text.to_string(),
                }),
            Edit::StartBoard(start, line) => {
                let with_start = super::edit::append(text, "board", start);
                super::edit::append(&with_start, "board", line)
            }
        }
    }
}

/// The turn options of a square (`place`, the default mode).
fn turn_options(
    sc: &Scenario,
    profile: &Profile,
    game: &crate::engine::Game,
    query: &str,
    at: crate::geom::Pos,
    text: &str,
) -> Result<Offered, Reply> {
    let players = game.players();
    let named = param(query, "player");
    let player = match &named {
        Some(name) => players
            .iter()
            .position(|p| *p.name == **name)
            .ok_or_else(|| bad(format!("no player is called `{}`", crate::text::escape_control(name))))?,
        None => sc.turns.last().map_or(0, |t| (t.player.index() + 1) % players.len().max(1)),
    };
    let mut offered =
        Offered { player: players.get(player).map(|p| p.name.to_string()), options: Vec::new(), unwritten: 0 };
    // A second part one of the last turns may have earned (a builder's), first: it is played
    // before the next turn. It may be due some turns later (after a bazaar's placements).
    if named.is_none() || param(query, "part").as_deref() == Some("second") {
        second_parts(sc, profile, named.as_deref(), at, text, &mut offered);
    }
    let name = offered.player.clone().unwrap_or_default();
    let turn = u16::try_from(sc.turns.len() + 1).unwrap_or(u16::MAX);
    for_moves(game, crate::score::PlayerId(player as u8), at, turn, &mut offered, |mv| {
        let line = crate::scenario::write::turn_line(game, &name, mv)?;
        Some((shown(game, &name, mv, "turn", &line), Edit::Append("turns".to_string(), line)))
    });
    Ok(offered)
}

/// How far back a turn may be whose second part is still to come: past the placements a
/// bazaar starts (one per player, five at most) and the turn itself.
const SECOND_PART_REACH: usize = 6;

/// The moves of the second parts recent turns may have earned: each turn that, played as the
/// first part of two (its player's word), leaves a second part due now. The turn chosen is
/// then written in two parts (`parts:`), the second the move chosen.
fn second_parts(
    sc: &Scenario,
    profile: &Profile,
    named: Option<&str>,
    at: crate::geom::Pos,
    text: &str,
    offered: &mut Offered,
) {
    use crate::scenario::Action;
    let single =
        |t: &crate::scenario::Turn| t.second.is_none() && t.more.is_empty() && matches!(t.action, Action::Place(_));
    for i in (sc.turns.len().saturating_sub(SECOND_PART_REACH)..sc.turns.len()).rev() {
        let t = &sc.turns[i];
        let name = sc.player(t.player);
        if !single(t) || named.is_some_and(|n| n != name) {
            continue;
        }
        let mut two = sc.clone();
        if let Action::Place(mv) = &mut two.turns[i].action {
            mv.part = crate::engine::Part::First;
        }
        let Ok((g, out)) = crate::replay::play_out(&two, profile, None) else { continue };
        let due = g.open_turns().iter().find(|o| o.player == t.player && g.part_due(o).is_ok()).copied();
        let (None, Some(due)) = (&out.illegal, due) else { continue };
        let item = format!("turns[{i}]");
        let first = match &t.action {
            Action::Place(mv) => crate::scenario::write::part_line(&g, mv),
            Action::Discard(..) => None,
        };
        let writable = first.is_some() || super::edit::in_two_parts(text, &item, "{}").is_some();
        for_moves(&g, due.player, at, due.turn, offered, |mv| {
            let second = crate::scenario::write::part_line(&g, mv).filter(|_| writable)?;
            let shown = shown(&g, name, mv, &format!("second part of turn {}", i + 1), &second);
            let edit = Edit::SecondPart { item: item.clone(), player: name.to_string(), first: first.clone(), second };
            Some((shown, edit))
        });
    }
}

/// Each legal move of `player` on square `at`, of every tile of the sets in play, made an
/// offer by `offer` (`None`: a move with no written form, counted).
fn for_moves(
    game: &crate::engine::Game,
    player: crate::score::PlayerId,
    at: crate::geom::Pos,
    turn: u16,
    offered: &mut Offered,
    mut offer: impl FnMut(&crate::engine::Move) -> Option<(serde_json::Value, Edit)>,
) {
    for (kind, _) in game.tiles().iter().filter(|(_, d)| d.count > 0) {
        for mv in game.legal_moves(player, kind, turn).iter().filter(|m| m.pos == at) {
            match offer(mv) {
                Some((shown, edit)) => offered.options.push(Offer { shown, edit }),
                None => offered.unwritten += 1,
            }
        }
    }
}

/// A move as the page lists it.
fn shown(
    game: &crate::engine::Game,
    player: &str,
    mv: &crate::engine::Move,
    part: &str,
    line: &str,
) -> serde_json::Value {
    serde_json::json!({
        "part": part,
        "player": player,
        "tile": game.def(mv.tile).id,
        "rotation": mv.rotation.degrees(),
        "follower": crate::cli::moves::follower_words(game, mv),
        "actions": crate::cli::moves::extras_words(game, &mv.extras),
        "turn": line,
    })
}

/// The tiles a square of the starting board may take (`mode=board`): each tile of the sets in
/// play, in each rotation whose edges fit the tiles around it.
fn board_options(sc: &Scenario, game: &crate::engine::Game, at: crate::geom::Pos) -> Offered {
    let mut offered = Offered { player: None, options: Vec::new(), unwritten: 0 };
    if game.tile_at(at).is_some() {
        return offered;
    }
    // An unwritten board is the start tile alone: written out before the new tile.
    let start = crate::geom::Pos::new(0, 0);
    let start_line = match (sc.board.is_empty(), game.tile_at(start)) {
        (true, Some(p)) => Some(format!(
            "{{tile: {}, at: [0, 0], rotation: {}}}",
            crate::scenario::write::scalar(&game.def(p.kind).id),
            p.rotation.degrees()
        )),
        _ => None,
    };
    for (kind, def) in game.tiles().iter().filter(|(_, d)| d.count > 0) {
        for r in crate::geom::Rotation::ALL {
            if !game.fits(kind, at, r) {
                continue;
            }
            let line = format!(
                "{{tile: {}, at: [{}, {}], rotation: {}}}",
                crate::scenario::write::scalar(&def.id),
                at.x,
                at.y,
                r.degrees()
            );
            let edit = match &start_line {
                Some(s) => Edit::StartBoard(s.clone(), line.clone()),
                None => Edit::Append("board".to_string(), line.clone()),
            };
            let shown = serde_json::json!({"part": "board", "tile": def.id, "rotation": r.degrees(), "follower": "no follower", "actions": "", "turn": line});
            offered.options.push(Offer { shown, edit });
        }
    }
    offered
}

/// What a tile of the starting board may be given (`mode=stand`): each player's follower on
/// each feature of the tile (`part: follower`), then each figure and piece the expansions in
/// play write on a board tile (`part: piece`, its words under `follower`), each added to its
/// list or set as its key (`scenario::write::board_offers`). Only tiles written in `board:`
/// take them.
fn stand_options(sc: &Scenario, game: &crate::engine::Game, at: crate::geom::Pos) -> Offered {
    let mut offered = Offered { player: None, options: Vec::new(), unwritten: 0 };
    let Some(i) = sc.board.iter().position(|b| b.pos == at) else { return offered };
    let b = &sc.board[i];
    let def = game.def(b.kind);
    for o in crate::scenario::write::board_offers(game, sc, i) {
        let shown = serde_json::json!({"part": o.part, "player": o.player, "tile": def.id, "rotation": b.rotation.degrees(), "follower": o.words, "actions": "", "turn": o.value});
        let path = format!("board[{i}].{}", o.key);
        let edit = if o.list { Edit::Append(path, o.value) } else { Edit::Set(path, o.value) };
        offered.options.push(Offer { shown, edit });
    }
    offered
}

/// The scenario's turns and starting board, each item as written: the page's list of turns,
/// each removable (`edit?op=remove`); the expansions named; and the bazaars still to be
/// written out (`bazaar: not-held`), by path. Read from the text alone, so that a turn that does not
/// load can still be listed and removed.
fn listed(file: &SourceFile) -> Reply {
    let items = |list: &str| super::edit::items(&file.text, list);
    let turns = items("turns");
    let index = crate::yamlspan::SpanIndex::build(&file.text);
    // Bazaars written `not-held` (the scenario stops as they begin), to be written out.
    let pending: Vec<String> = (0..turns.len())
        .flat_map(|i| {
            std::iter::once(format!("turns[{i}].bazaar"))
                .chain((0..2).map(move |j| format!("turns[{i}].parts[{j}].bazaar")))
        })
        .filter(|path| index.extent(path).is_some_and(|(s, l)| file.text[s..s + l].trim() == "not-held"))
        .collect();
    // Names as read (a quoted one unquoted), for the page's fields.
    let names = |list: &str| -> Vec<String> {
        items(list).iter().filter_map(|t| serde_saphyr::from_str::<String>(t).ok()).collect()
    };
    Reply::json(
        200,
        &serde_json::json!({
            "turns": turns,
            "board": items("board"),
            "pending": pending,
            "players": names("players"),
            "expansions": names("expansions"),
        }),
    )
}

/// A change of the scenario's text the page asks for: `op=remove&list=turns&item=N` (an
/// item out), `op=set&path=P&value=V` (a key set to a flow value: `players`,
/// `turns[3].bazaar`). The text is edited where it is written; whether it still loads is for
/// `check` to say.
fn edit(query: &str, file: &SourceFile) -> Reply {
    let text = &file.text;
    let get = |k: &str| param(query, k).ok_or_else(|| bad(format!("`{k}=` is missing")));
    let answer = || -> Result<String, Reply> {
        match param(query, "op").as_deref() {
            Some("remove") => {
                let list = get("list")?;
                let item = get("item")?;
                let i = item.parse::<usize>().map_err(|_| bad("`item=` is a whole number".to_string()))?;
                super::edit::remove(text, &list, i)
                    .ok_or_else(|| bad(format!("there is no item {i} in `{}`", crate::text::escape_control(&list))))
            }
            Some("set") => {
                let path = get("path")?;
                let value: serde_json::Value =
                    serde_json::from_str(&get("value")?).map_err(|e| bad(format!("`value=` is a JSON value: {e}")))?;
                Ok(super::edit::set(text, &path, &crate::scenario::write::flow(&value)))
            }
            _ => Err(bad("`op=` is remove or set".to_string())),
        }
    };
    match answer() {
        Ok(scenario) => Reply::json(200, &serde_json::json!({"scenario": scenario})),
        Err(r) => r,
    }
}

/// What `referee moves --format json` prints for turn `turn=N` (the legal moves of its tile,
/// and when the turn is refused, the rule and each move one change away: the page's "why
/// not" rows).
fn moves(lib: &Library, query: &str, file: SourceFile) -> Reply {
    let answer = || -> Result<Reply, Reply> {
        let n = param(query, "turn")
            .and_then(|n| n.parse::<u16>().ok())
            .filter(|n| *n >= 1)
            .ok_or_else(|| bad("`turn=N` names a turn, from 1".to_string()))?;
        let sc = load(lib, file)?;
        let profile = first_profile(lib, query, &sc)?;
        let body = crate::cli::moves::report(&sc, &profile, n, "the scenario", crate::cli::moves::MovesFormat::Json)
            .map_err(|e| input_error(422, &e))?;
        Ok(Reply { status: 200, content_type: "application/json", body })
    };
    answer().unwrap_or_else(|r| r)
}

/// What `referee check --format F` prints for a paste format (`format=markdown`, `bbcode`,
/// `mediawiki`), as `{"format", "text"}`.
fn export(lib: &Library, query: &str, file: SourceFile) -> Reply {
    let answer = || -> Result<Reply, Reply> {
        let (name, format) = match param(query, "format").as_deref() {
            Some("markdown") => ("markdown", crate::report::Format::Markdown),
            Some("bbcode") => ("bbcode", crate::report::Format::Bbcode),
            Some("mediawiki") => ("mediawiki", crate::report::Format::Mediawiki),
            _ => return Err(bad("`format=` is markdown, bbcode or mediawiki".to_string())),
        };
        let sc = load(lib, file)?;
        let mut runs = Vec::new();
        for p in &profiles(lib, query, &sc)? {
            runs.push(crate::cli::run_one(&sc, p).map_err(|e| input_error(422, &e))?);
        }
        let text = crate::cli::paste_text(&sc, &runs, format, &lib.catalogue);
        Ok(Reply::json(200, &serde_json::json!({"format": name, "text": text})))
    };
    answer().unwrap_or_else(|r| r)
}

/// `%XX` escapes of a query value decoded (`+` a space); a bad escape is kept as it is.
fn percent_decoded(v: &str) -> String {
    let bytes = v.as_bytes();
    let mut out = Vec::with_capacity(bytes.len());
    let mut i = 0;
    while i < bytes.len() {
        match bytes[i] {
            b'%' if i + 2 < bytes.len() => {
                match u8::from_str_radix(std::str::from_utf8(&bytes[i + 1..i + 3]).unwrap_or("zz"), 16) {
                    Ok(b) => {
                        out.push(b);
                        i += 3;
                        continue;
                    }
                    Err(_) => out.push(b'%'),
                }
            }
            b'+' => out.push(b' '),
            b => out.push(b),
        }
        i += 1;
    }
    String::from_utf8_lossy(&out).into_owned()
}
