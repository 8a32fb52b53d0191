//! `referee moves`: the legal moves of one turn's tile, from `Game::legal_moves`, and, when
//! the turn's own move is refused, which rule refuses it and what nearby would be legal.

use super::{emit, resolve_ruleset, Error, Status};
use crate::data::Library;
use crate::diag::{InputError, Problem};
use crate::engine::{FollowerOn, Game, Move};
use crate::expansion::Extra;
use crate::geom::{Edge, Pos, Rotation};
use crate::replay;
use crate::scenario::{Action, Scenario};
use crate::score::{PlayerId, Verdict};
use crate::text::escape_control as esc;
use serde_json::{json, Value};
use std::path::PathBuf;

#[derive(Debug, clap::Args)]
pub struct MovesArgs {
    /// The scenario file (YAML).
    pub scenario: PathBuf,
    /// The turn whose tile is in hand (1 = the first entry of `turns:`); the turns before it are played.
    #[arg(long, value_parser = clap::value_parser!(u16).range(1..))]
    pub turn: u16,
    /// The ruleset to replay under, built-in or a profile file (default: the scenario's first).
    #[arg(long, short, value_parser = super::RulesetArg)]
    pub ruleset: Option<String>,
    #[arg(long, short, value_enum, default_value_t = MovesFormat::Text)]
    pub format: MovesFormat,
    #[command(flatten)]
    pub data: super::DataArg,
}

/// The output formats of `referee moves`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum MovesFormat {
    Text,
    Json,
}

/// The legal moves of one placement (a square and a rotation), grouped by the expansion
/// actions taken with them (none first).
struct Turned {
    rotation: Rotation,
    sets: Vec<(Vec<Extra>, Vec<Move>)>,
}

/// One turn's tile and its legal moves, grouped by square, then rotation.
struct Listing {
    turn: u16,
    player: PlayerId,
    tile: crate::tile::TileKind,
    count: usize,
    squares: Vec<(Pos, Vec<Turned>)>,
    /// Whether discarding the tile is legal: it fits nowhere without an expansion's action
    /// (a bridge may be declined, and the tile discarded), or nowhere at all.
    discard: bool,
    written: Written,
}

/// The turn's own move, as the scenario writes it, and the rules' verdict on it.
enum Written {
    Place {
        mv: Move,
        verdict: Result<(), Verdict>,
        /// When it is refused: each move one change away, with its verdict.
        nearby: Vec<(String, Result<(), Verdict>)>,
    },
    Discard(Result<(), Verdict>),
}

pub fn run(lib: &Library, a: MovesArgs) -> Result<Status, Error> {
    let sc = super::load_scenario(&a.scenario, lib).map_err(|e| Box::new(e) as Error)?;
    let profile = match &a.ruleset {
        Some(r) => resolve_ruleset(lib, r)?,
        None => sc.rulesets.first().and_then(|r| lib.profile(r)).cloned().unwrap_or_else(|| lib.profiles[0].clone()),
    };
    let text =
        report(&sc, &profile, a.turn, &a.scenario.display().to_string(), a.format).map_err(|e| Box::new(e) as Error)?;
    emit(&text)?;
    Ok(Status::Ok)
}

/// What `referee moves` prints for turn `turn` of a scenario under one ruleset (`shown`: the
/// scenario as its help names it): the legal moves of the turn's tile and, when the turn's own
/// move is refused, the rule and each move one change away.
pub fn report(
    sc: &Scenario,
    profile: &crate::ruleset::Profile,
    turn: u16,
    shown: &str,
    format: MovesFormat,
) -> Result<String, InputError> {
    let n = usize::from(turn);
    let Some(t) = sc.turns.get(n - 1) else {
        let p = Problem::new(
            "moves::no-such-turn",
            format!("there is no turn {n}: the scenario has {} turn(s)", sc.turns.len()),
        )
        .at(sc.span("turns"))
        .label("its turns")
        .help(if sc.turns.is_empty() {
            "the scenario has no turns to list the moves of".to_string()
        } else {
            format!("give --turn a number from 1 to {}", sc.turns.len())
        });
        return Err(InputError::new(&sc.file, vec![p]));
    };
    let (game, out) = replay::play_out(sc, profile, Some(n - 1))?;
    if let Some(ill) = &out.illegal {
        let help = if ill.turn == replay::Illegal::AT_BOARD {
            format!("the game never reaches turn {n}: its starting board is refused under ruleset {}", out.ruleset)
        } else {
            format!(
                "the game never reaches turn {n}: turn {} is refused under ruleset {}; `referee moves {} --turn {}` lists its legal moves",
                ill.turn, out.ruleset, shown, ill.turn
            )
        };
        let p = Problem::broken_rule(ill.verdict.rule, format!("{}: {}", ill.when(), ill.verdict.message))
            .at(sc.span(&ill.path))
            .help(help);
        return Err(InputError::new(&sc.file, vec![p]));
    }
    // The moves of the player whose turn it is; a turn written for another is refused.
    let mut listing = list(&game, t.out_of_order.unwrap_or(t.player), &t.action, turn);
    if let (Err(v), Written::Place { verdict, nearby, .. }) = (replay::in_turn(&game, t), &mut listing.written) {
        (*verdict, *nearby) = (Err(v), Vec::new());
    }
    Ok(match format {
        MovesFormat::Text => text(sc, &out.ruleset, &game, &listing),
        MovesFormat::Json => crate::report::json_text(&json_of(sc, &out.ruleset, &game, &listing)),
    })
}

fn list(game: &Game, player: PlayerId, action: &Action, turn: u16) -> Listing {
    let tile = match action {
        Action::Place(mv) => mv.tile,
        Action::Discard(k, _) => *k,
    };
    let moves = game.legal_moves(player, tile, turn);
    let count = moves.len();
    // `legal_moves` lists by square, rotation, actions, follower: group the runs.
    let mut squares: Vec<(Pos, Vec<Turned>)> = Vec::new();
    for mv in moves {
        if squares.last().is_none_or(|(at, _)| *at != mv.pos) {
            squares.push((mv.pos, Vec::new()));
        }
        let turned = &mut squares.last_mut().expect("pushed").1;
        if turned.last().is_none_or(|t| t.rotation != mv.rotation) {
            turned.push(Turned { rotation: mv.rotation, sets: Vec::new() });
        }
        let sets = &mut turned.last_mut().expect("pushed").sets;
        if sets.last().is_none_or(|(x, _)| *x != mv.extras) {
            sets.push((mv.extras.clone(), Vec::new()));
        }
        sets.last_mut().expect("pushed").1.push(mv);
    }
    let written = match action {
        Action::Place(mv) => {
            let verdict = game.check(player, mv, turn);
            let nearby = if verdict.is_err() { nearby(game, player, mv, turn) } else { Vec::new() };
            Written::Place { mv: mv.clone(), verdict, nearby }
        }
        Action::Discard(k, _) => Written::Discard(game.discard(*k)),
    };
    Listing { turn, player, tile, count, squares, discard: game.discard(tile).is_ok(), written }
}

/// The moves one change away from a refused move: the other rotations on its square, the
/// same without its follower, the same on each square next to it.
fn nearby(game: &Game, player: PlayerId, mv: &Move, turn: u16) -> Vec<(String, Result<(), Verdict>)> {
    let mut v = Vec::new();
    for r in Rotation::ALL.into_iter().filter(|r| *r != mv.rotation) {
        let alt = Move { rotation: r, ..mv.clone() };
        v.push((format!("turned {}°", r.degrees()), game.check(player, &alt, turn)));
    }
    if mv.follower.is_some() {
        let alt = Move { follower: None, follower_square: None, ..mv.clone() };
        v.push(("without the follower".to_string(), game.check(player, &alt, turn)));
    }
    for e in Edge::ALL {
        let q = mv.pos.step(e);
        let alt = Move { pos: q, ..mv.clone() };
        v.push((format!("at {q} ({} of it)", e.word()), game.check(player, &alt, turn)));
    }
    v
}

/// Where a move's follower stands and on what, in the player's words (`city S`); `None`
/// without a follower.
fn follower_of(game: &Game, mv: &Move) -> Option<(Pos, String)> {
    let on = mv.follower?;
    let square = mv.follower_square.unwrap_or(mv.pos);
    let words = match on {
        FollowerOn::Segment(local) => {
            let twin = game.twin_of(mv.tile, mv.pos, mv.rotation).filter(|(_, q)| *q == square);
            let (kind, r) = if square == mv.pos {
                (Some(mv.tile), mv.rotation)
            } else if let Some((k, _)) = twin {
                (Some(k), mv.rotation)
            } else {
                game.tile_at(square).map_or((None, mv.rotation), |p| (Some(p.kind), p.rotation))
            };
            match kind.map(|k| game.def(k)).filter(|d| local < d.segments.len()) {
                Some(def) => def.describe_segment(r, local),
                None => format!("feature number {local}"),
            }
        }
        FollowerOn::Added(kind) => format!("the {kind} built this turn"),
        FollowerOn::NoFeature { what, .. } => format!("the {what}"),
    };
    // A figure other than a normal follower is named before the feature (`large city N`).
    Some((square, format!("{}{words}", mv.figure.prefix())))
}

pub(crate) fn follower_words(game: &Game, mv: &Move) -> String {
    match follower_of(game, mv) {
        None => "no follower".to_string(),
        Some((at, words)) if at == mv.pos => words,
        Some((at, words)) => format!("{words} on {at}"),
    }
}

/// An expansion action in the words of a scenario file, as its expansion says them.
fn extra_words(game: &Game, x: &Extra) -> String {
    game.describe_action(x)
}

pub(crate) fn extras_words(game: &Game, extras: &[Extra]) -> String {
    extras.iter().map(|x| extra_words(game, x)).collect::<Vec<_>>().join(" and ")
}

/// A move in words: `M at 0,1 turned 180°, city S`.
fn move_words(game: &Game, mv: &Move) -> String {
    let mut s = format!(
        "{} at {} turned {}°, {}",
        game.def(mv.tile).id,
        mv.pos,
        mv.rotation.degrees(),
        follower_words(game, mv)
    );
    if !mv.extras.is_empty() {
        s.push_str(&format!(", with {}", extras_words(game, &mv.extras)));
    }
    s
}

fn verdict_words(v: &Result<(), Verdict>) -> String {
    match v {
        Ok(()) => "legal".to_string(),
        Err(v) => format!("refused by {}: {}", v.rule, v.message),
    }
}

fn text(sc: &Scenario, ruleset: &str, game: &Game, l: &Listing) -> String {
    let tile = esc(&game.def(l.tile).id).into_owned();
    let mut s = format!(
        "{}, turn {} (ruleset {}): {} holds tile {tile}\n",
        esc(&sc.id),
        l.turn,
        esc(ruleset),
        esc(game.player_name(l.player))
    );
    if l.count == 0 {
        s.push_str(&format!("No legal move: tile {tile} fits nowhere, so it is discarded.\n"));
    } else {
        let plural = |n: usize, one: &str, many: &str| format!("{n} {}", if n == 1 { one } else { many });
        s.push_str(&format!(
            "{} on {}:\n",
            plural(l.count, "legal move", "legal moves"),
            plural(l.squares.len(), "square", "squares")
        ));
    }
    if l.count > 0 && l.discard {
        s.push_str(&format!(
            "  (or a discard: without an action tile {tile} fits nowhere, and no action is compulsory)\n"
        ));
    }
    for (at, turned) in &l.squares {
        s.push_str(&format!("  at {at}\n"));
        for t in turned {
            let deg = t.rotation.degrees();
            let followers = |moves: &[Move]| {
                esc(&moves.iter().map(|m| follower_words(game, m)).collect::<Vec<_>>().join(", ")).into_owned()
            };
            match t.sets.first() {
                Some((x, moves)) if x.is_empty() => s.push_str(&format!("    turned {deg}°: {}\n", followers(moves))),
                _ => s.push_str(&format!("    turned {deg}°: only with an action\n")),
            }
            for (extras, moves) in t.sets.iter().filter(|(x, _)| !x.is_empty()) {
                s.push_str(&format!("      with {}: {}\n", esc(&extras_words(game, extras)), followers(moves)));
            }
        }
    }
    match &l.written {
        Written::Place { mv, verdict, nearby } => {
            s.push_str(&format!(
                "Turn {} as written: {}\n  {}\n",
                l.turn,
                esc(&move_words(game, mv)),
                esc(&verdict_words(verdict))
            ));
            if !nearby.is_empty() {
                s.push_str("  one change away:\n");
                for (what, v) in nearby {
                    s.push_str(&format!("    {what}: {}\n", esc(&verdict_words(v))));
                }
            }
        }
        Written::Discard(v) => {
            s.push_str(&format!("Turn {} as written: discard {tile}\n  {}\n", l.turn, esc(&verdict_words(v))));
        }
    }
    s
}

fn pos_json(p: Pos) -> Value {
    json!([p.x, p.y])
}

fn verdict_json(key: &str, what: Value, v: &Result<(), Verdict>) -> Value {
    let (rule, message) = match v {
        Ok(()) => (Value::Null, Value::Null),
        Err(v) => (json!(v.rule.as_str()), json!(v.message)),
    };
    let mut o = json!({"legal": v.is_ok(), "rule": rule, "message": message});
    o[key] = what;
    o
}

fn json_of(sc: &Scenario, ruleset: &str, game: &Game, l: &Listing) -> Value {
    let followers = |moves: &[Move]| -> Vec<Value> {
        moves
            .iter()
            .map(|m| match follower_of(game, m) {
                None => Value::Null,
                Some((at, words)) => json!({"at": pos_json(at), "feature": words, "figure": m.figure.as_str()}),
            })
            .collect()
    };
    let squares: Vec<Value> = l
        .squares
        .iter()
        .map(|(at, turned)| {
            let rotations: Vec<Value> = turned
                .iter()
                .map(|t| {
                    let bare = t.sets.first().filter(|(x, _)| x.is_empty()).map(|(_, m)| followers(m));
                    let actions: Vec<Value> = t
                        .sets
                        .iter()
                        .filter(|(x, _)| !x.is_empty())
                        .map(|(x, m)| {
                            json!({
                                "extras": x.iter().map(|e| extra_words(game, e)).collect::<Vec<_>>(),
                                "followers": followers(m),
                            })
                        })
                        .collect();
                    json!({"rotation": t.rotation.degrees(), "followers": bare.unwrap_or_default(), "actions": actions})
                })
                .collect();
            json!({"at": pos_json(*at), "rotations": rotations})
        })
        .collect();
    let written = match &l.written {
        Written::Place { mv, verdict, nearby } => {
            let mut v = verdict_json("move", json!(move_words(game, mv)), verdict);
            v["nearby"] =
                nearby.iter().map(|(what, v)| verdict_json("change", json!(what), v)).collect::<Vec<_>>().into();
            v
        }
        Written::Discard(v) => {
            let mut v = verdict_json("move", json!(format!("discard {}", game.def(l.tile).id)), v);
            v["nearby"] = json!([]);
            v
        }
    };
    json!({
        "scenario": sc.id,
        "ruleset": ruleset,
        "turn": l.turn,
        "player": game.player_name(l.player),
        "tile": game.def(l.tile).id,
        "count": l.count,
        "discard_legal": l.discard,
        "squares": squares,
        "as_written": written,
    })
}
