//! The vocabulary of The Count of Carcassonne (`expansions: [count]`): a follower entering the
//! city after a turn's scoring (`count-enter: castle`, or `count-enter: {quarter: castle,
//! count: market}` when the Count moves too; a list of them shows a player trying two for one
//! tile), the followers that leave the city for a feature
//! the turn completes, each written (`count-moves: [{player: Blue, at: [0, 1], on: city S}]`),
//! and, for a scenario taken up mid-game, where the Count stands and who waits in which quarter
//! (`count: {at: market, castle: [Red], blacksmith: [Blue, Blue]}`).

use super::raw::{Expecting, WordOr};
use super::value::Value;
use super::vocab::{Key, TopInfo, TopOut, TurnInfo, TurnOut, Vocabulary};
use super::write::{kind_and_spot, scalar, Written};
use super::Validator;
use crate::engine::{Game, Move};
use crate::expansion::count::{Action, Quarter};
use crate::expansion::{ExpansionId, Extra};
use crate::score::PlayerId;
use crate::tile::FeatureKind;
use serde::Deserialize;

pub(super) struct Count;

/// `count-enter: {quarter: castle, count: market}`.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct EnterMap {
    quarter: String,
    #[serde(default)]
    count: Option<String>,
}

impl Expecting for EnterMap {
    const EXPECTING: &'static str = "a quarter (`castle`) or `{quarter: castle, count: market}`";
}

/// One follower entering the city, `castle` or `{quarter: castle, count: market}`.
fn enter(v: &mut Validator, path: &str, value: &Value) -> Option<Extra> {
    let (q, c, qpath) = match v.typed::<WordOr<EnterMap>>(path, value)? {
        WordOr::Word(q) => (q, None, path.to_string()),
        WordOr::Map(EnterMap { quarter, count }) => (quarter, count, format!("{path}.quarter")),
    };
    let q = quarter(v, &qpath, &q);
    let c = match c {
        None => Some(None),
        Some(c) => quarter(v, &format!("{path}.count"), &c).map(Some),
    };
    let (quarter, count) = (q?, c?);
    Some(Extra::new(Action::Enter { quarter, count }))
}

/// One follower leaving the city: `{player: Blue, at: [0, 1], on: city S}`.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct RawMove {
    player: String,
    at: Vec<i64>,
    on: String,
}

/// The city when the scenario begins: `{at: market, castle: [Red], blacksmith: [Blue]}`.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct RawCity {
    #[serde(default)]
    at: Option<String>,
    #[serde(default)]
    castle: Vec<String>,
    #[serde(default)]
    blacksmith: Vec<String>,
    #[serde(default)]
    cathedral: Vec<String>,
    #[serde(default)]
    market: Vec<String>,
}

/// Followers leaving the city, each written `{player: Blue, at: [0, 1], on: city S}`.
fn moves(v: &mut Validator, path: &str, value: &Value, players: &[String]) -> Vec<Action> {
    let mut out = Vec::new();
    for (j, m) in v.typed::<Vec<RawMove>>(path, value).into_iter().flatten().enumerate() {
        let mpath = format!("{path}[{j}]");
        let player = players.iter().position(|p| *p == m.player).map(|i| PlayerId(i as u8));
        if player.is_none() {
            v.unknown_player(&format!("{mpath}.player"), &m.player, players);
        }
        let at = v.pos(&format!("{mpath}.at"), &m.at);
        let feature = v.kind_and_spot(
            &format!("{mpath}.on"),
            &m.on,
            &[FeatureKind::City, FeatureKind::Road, FeatureKind::Cloister, FeatureKind::Field],
            "a city, road, cloister or field (where a follower from the city goes)",
        );
        if let (Some(player), Some(at), Some((kind, spot))) = (player, at, feature) {
            out.push(Action::MoveOut { player, at, kind, spot });
        }
    }
    out
}

const QUARTER_HELP: &str = "a quarter of the city: castle, blacksmith, cathedral or market";

fn quarter(v: &mut Validator, path: &str, word: &str) -> Option<Quarter> {
    let q = Quarter::parse(word);
    if q.is_none() {
        v.problem("scenario::bad-quarter", path, format!("`{word}` is not a quarter"), Some(QUARTER_HELP.to_string()));
    }
    q
}

impl Vocabulary for Count {
    fn expansion(&self) -> ExpansionId {
        ExpansionId::Count
    }

    fn turn_keys(&self) -> &'static [Key] {
        &[("count-enter", "the city of Carcassonne"), ("count-moves", "the city of Carcassonne")]
    }

    fn top_keys(&self) -> &'static [Key] {
        &[("count", "the city of Carcassonne"), ("count-final-moves", "the city of Carcassonne")]
    }

    fn turn(&self, v: &mut Validator, t: &TurnInfo, keys: &[(&str, &Value)], out: &mut TurnOut) {
        for (key, value) in keys {
            let path = format!("{}.{key}", t.path);
            if *key == "count-enter" {
                // A list writes several followers entering for one tile, which the rules refuse
                // (rule count.city.once-per-tile); one entry is written alone.
                match value {
                    Value::Seq(items) => {
                        for (i, item) in items.iter().enumerate() {
                            out.extras.extend(enter(v, &format!("{path}[{i}]"), item));
                        }
                    }
                    _ => out.extras.extend(enter(v, &path, value)),
                }
                continue;
            }
            out.extras.extend(moves(v, &path, value, t.players).into_iter().map(Extra::new));
        }
    }

    fn written(&self, game: &Game, _mv: &Move, action: &Extra) -> Option<Written> {
        match action.get::<Action>()? {
            Action::Enter { quarter, count: None } => Some(Written::Value("count-enter", quarter.as_str().to_string())),
            Action::Enter { quarter, count: Some(c) } => {
                Some(Written::Value("count-enter", format!("{{quarter: {}, count: {}}}", quarter.as_str(), c.as_str())))
            }
            Action::MoveOut { player, at, kind, spot } => Some(Written::Item {
                key: "count-moves",
                alone: None,
                item: format!(
                    "{{player: {}, at: [{}, {}], on: {}}}",
                    scalar(game.player_name(*player)),
                    at.x,
                    at.y,
                    kind_and_spot(*kind, *spot)
                ),
            }),
            Action::Standing { .. } | Action::FinalMoves(_) => None,
        }
    }

    fn top(&self, v: &mut Validator, t: &TopInfo, keys: &[(&str, &Value)], out: &mut TopOut) {
        for (key, value) in keys {
            if *key == "count-final-moves" {
                // Made when the final scoring begins (rule count.move.end).
                let list = moves(v, key, value, t.players);
                out.held.push((key.to_string(), Extra::new(Action::FinalMoves(list))));
                out.final_moves = Some(key.to_string());
                continue;
            }
            let Some(raw) = v.typed::<RawCity>(key, value) else { continue };
            let count = match &raw.at {
                None => Some(Quarter::Castle),
                Some(w) => quarter(v, &format!("{key}.at"), w),
            };
            let mut waiting = Vec::new();
            let mut ok = true;
            for (q, names) in [
                (Quarter::Castle, &raw.castle),
                (Quarter::Blacksmith, &raw.blacksmith),
                (Quarter::Cathedral, &raw.cathedral),
                (Quarter::Market, &raw.market),
            ] {
                for (j, name) in names.iter().enumerate() {
                    match t.players.iter().position(|p| p == name) {
                        Some(i) => waiting.push((PlayerId(i as u8), q)),
                        None => {
                            v.unknown_player(&format!("{key}.{}[{j}]", q.as_str()), name, t.players);
                            ok = false;
                        }
                    }
                }
            }
            if let (Some(count), true) = (count, ok) {
                out.held.push((key.to_string(), Extra::new(Action::Standing { count, waiting })));
            }
        }
    }
}
