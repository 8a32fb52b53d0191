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
    Reply::json(200, &serde_json::json!({"rulesets": all}))
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

/// The value of `key` in a query string (`a=1&b=2`); no escapes are needed by its values.
fn param<'q>(query: &'q str, key: &str) -> Option<&'q str> {
    query.split('&').find_map(|kv| kv.split_once('=').filter(|(k, _)| *k == key).map(|(_, v)| v))
}

/// The rulesets a query names (`rulesets=hig,rgg`, `rulesets=all`), or the scenario's own.
fn profiles(lib: &Library, query: &str, sc: &Scenario) -> Result<Vec<Profile>, Reply> {
    match param(query, "rulesets").filter(|v| !v.is_empty()) {
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
        Ok(Reply::json(200, &crate::cli::check_json(&sc, &runs)))
    };
    answer().unwrap_or_else(|r| r)
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
        view.free_squares = param(query, "free") == Some("1");
        let svg =
            crate::render::svg_view(&game, &view).map_err(|e| Reply::error(422, "render::too-large", e.to_string()))?;
        Ok(Reply::json(200, &serde_json::json!({"ruleset": profile.id, "svg": svg})))
    };
    answer().unwrap_or_else(|r| r)
}

/// The turns that may be played next on a free square (`at=x,y`), by the next player (or
/// `player=Name`): every tile of the sets in play, turned each way it fits, with each follower
/// placement the rules allow there, as `Game::legal_moves` lists them; each as the turn line a
/// scenario writes. With `option=N`, the scenario with that turn added instead.
///
/// Moves with an expansion's action (a bridge, a pig, a castle) are not offered yet: the page
/// says they are written in the scenario's text.
fn place(lib: &Library, query: &str, file: SourceFile) -> Reply {
    let answer = || -> Result<Reply, Reply> {
        let bad = |m: String| Reply::error(400, "serve::bad-query", m);
        let at = param(query, "at")
            .and_then(|v| v.split_once(','))
            .and_then(|(x, y)| Some(crate::geom::Pos::new(x.parse().ok()?, y.parse().ok()?)))
            .ok_or_else(|| bad("`at=x,y` names the square, two whole numbers".to_string()))?;
        let text = file.text.to_string();
        let sc = load(lib, file)?;
        let profile = profiles(lib, query, &sc)?.into_iter().next().unwrap_or_else(|| lib.profiles[0].clone());
        let mut open = sc.clone();
        open.final_scoring = false;
        let (game, out) = crate::replay::play_out(&open, &profile, None).map_err(|e| input_error(422, &e))?;
        if let Some(ill) = &out.illegal {
            return Err(Reply::error(
                422,
                ill.verdict.rule.as_str(),
                format!("turn {} is refused ({}): no turn can follow it", ill.turn, ill.verdict.message),
            ));
        }
        let players = game.players();
        let player = match param(query, "player") {
            Some(name) => players.iter().position(|p| p.name == percent_decoded(name)).ok_or_else(|| {
                bad(format!("no player is called `{}`", crate::text::escape_control(&percent_decoded(name))))
            })?,
            None => sc.turns.last().map_or(0, |t| (t.player.index() + 1) % players.len().max(1)),
        };
        let name = players.get(player).map_or(String::new(), |p| p.name.clone());
        let turn = u16::try_from(sc.turns.len() + 1).unwrap_or(u16::MAX);
        let mut options = Vec::new();
        for (kind, def) in game.tiles().iter().filter(|(_, d)| d.count > 0) {
            let moves = game.legal_moves(crate::score::PlayerId(player as u8), kind, turn);
            for mv in moves.iter().filter(|m| m.pos == at && m.extras.is_empty() && m.follower_square.is_none()) {
                let follower = match (mv.follower, mv.figure) {
                    (None, _) => None,
                    (
                        Some(crate::engine::FollowerOn::Segment(l)),
                        f @ (crate::engine::Figure::Normal | crate::engine::Figure::Large),
                    ) => Some((f, def.describe_segment(mv.rotation, l))),
                    _ => continue,
                };
                let key =
                    |f: crate::engine::Figure| if f == crate::engine::Figure::Large { "large" } else { "follower" };
                let line = format!(
                    "{{player: {}, tile: {}, at: [{}, {}], rotation: {}{}}}",
                    serde_json::Value::from(name.as_str()),
                    serde_json::Value::from(def.id.as_str()),
                    at.x,
                    at.y,
                    mv.rotation.degrees(),
                    follower.as_ref().map_or(String::new(), |(f, w)| format!(", {}: {w}", key(*f)))
                );
                options.push(serde_json::json!({
                    "tile": def.id,
                    "rotation": mv.rotation.degrees(),
                    "follower": follower.as_ref().map(|(f, w)| format!("{}{w}", f.prefix())),
                    "turn": line,
                }));
            }
        }
        match param(query, "option") {
            Some(n) => {
                let chosen = n.parse::<usize>().ok().and_then(|i| options.get(i)).ok_or_else(|| {
                    bad(format!(
                        "`option={}`: there are {} options on that square",
                        crate::text::escape_control(n),
                        options.len()
                    ))
                })?;
                let line = chosen["turn"].as_str().unwrap_or_default();
                Ok(Reply::json(200, &serde_json::json!({"scenario": with_turn(&text, &sc, line)})))
            }
            None => Ok(Reply::json(200, &serde_json::json!({"player": name, "at": [at.x, at.y], "options": options}))),
        }
    };
    answer().unwrap_or_else(|r| r)
}

/// The scenario's text with one more turn, `line`, after its last: in its block list of
/// turns, in its flow list, or as a new `turns:` at the end.
fn with_turn(text: &str, sc: &Scenario, line: &str) -> String {
    let Some((start, len)) = sc.span("turns") else {
        let sep = if text.ends_with('\n') || text.is_empty() { "" } else { "\n" };
        return format!("{text}{sep}turns:\n  - {line}\n");
    };
    let end = (start + len).min(text.len());
    let value = text[start..end].trim_end();
    if value.starts_with('[') {
        let inner = value[1..value.len().saturating_sub(1)].trim();
        let rest = &text[start + value.len()..];
        // An empty list becomes a block list, a line a turn, as scenarios are written.
        if inner.is_empty() {
            return format!("{}\n  - {line}{rest}", text[..start].trim_end());
        }
        return format!("{}[{inner}, {line}]{rest}", &text[..start]);
    }
    // A block list: the new item after the last, indented as it is.
    let (last, last_len) =
        sc.turns.len().checked_sub(1).and_then(|i| sc.span(&format!("turns[{i}]"))).unwrap_or((start, value.len()));
    let line_start = text[..last].rfind('\n').map_or(0, |i| i + 1);
    let indent: String = text[line_start..last].chars().take_while(|c| *c == ' ').collect();
    let cut = (last + last_len).min(text.len());
    format!("{}\n{indent}- {line}{}", text[..cut].trim_end(), &text[cut..])
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
