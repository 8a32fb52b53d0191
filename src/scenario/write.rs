//! A move of the engine written back as the turn a scenario writes for it: the inverse of
//! reading a turn, for whoever adds a chosen legal move to a scenario's text (`referee
//! serve`). The tile, its square and rotation and the follower are written here; each
//! expansion's actions by its vocabulary (`Vocabulary::written`), in its own words. A move
//! some part of which has no written form gets no line: never a line that reads back into
//! another move.

use super::vocab::{OfferTile, VOCABULARIES};
use super::Scenario;
use crate::engine::{Figure, FollowerOn, Game, Move};
use crate::expansion::ExpansionId;
use crate::geom::{Pos, Rotation};
use crate::tile::{FeatureKind, Spot, TileDef};

/// A turn's key and its value as a vocabulary writes one action of a move. Values are YAML
/// flow text, ready to stand after `key: ` in a one-line mapping.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(super) enum Written {
    /// The key's whole value (`pig: field SW`): one action of the turn at most writes it.
    Value(&'static str, String),
    /// One item of the list the key holds (`drawbridge: [{from: [1, 0], to: [2, 0]}]`): the
    /// turn's actions under one key make one list. `alone` is the key that writes a single
    /// item by itself, where there is one (`castle: city S` beside `castles: [...]`).
    Item { key: &'static str, alone: Option<&'static str>, item: String },
    /// One entry of the map the key holds (`exchange: {Blue: large}`), under `name` (already
    /// quoted where it must be). A map's entries are read in the order of their names.
    Entry { key: &'static str, name: String, value: String },
    /// Nothing of its own: the action is written within the value of the action before it
    /// (who makes a castle, in the castle's map).
    Within,
}

impl Written {
    fn key(&self) -> &'static str {
        match self {
            Written::Value(key, _) | Written::Item { key, .. } | Written::Entry { key, .. } => key,
            Written::Within => "",
        }
    }
}

/// A turn placing `mv` by `player`, as a one-line YAML flow mapping: `{player: Red, tile: D,
/// at: [1, 0], rotation: 90, follower: road E, pig: field SW}`. `None` when some part of the
/// move has no written form. Which part of a turn the move plays (`Move::part`) is not
/// written: a turn in two parts is written `parts:` of two [`part_line`]s. An action that
/// says the game stops in this turn (`bazaar: not-held`, the bazaar a drawn bazaar tile
/// starts left unwritten; `dragon-flight: unfinished`) reads back only on a scenario's last
/// turn, and some only in a game not scored to its end (`final-scoring: false`).
pub fn turn_line(game: &Game, player: &str, mv: &Move) -> Option<String> {
    let fields = fields(game, mv)?;
    Some(format!("{{player: {}, {fields}}}", scalar(player)))
}

/// One placement of a turn in two parts, as an item of `parts:` writes it: [`turn_line`]
/// without `player:`, which belongs to the turn.
pub fn part_line(game: &Game, mv: &Move) -> Option<String> {
    Some(format!("{{{}}}", fields(game, mv)?))
}

/// The keys of a placement, comma-separated: the tile, square, rotation, follower and each
/// vocabulary's keys, grouped as the reader takes them (each expansion's keys together, the
/// expansions in the order their actions come in the move, each expansion's keys in the order
/// of its actions), so that the actions read back in the move's order.
fn fields(game: &Game, mv: &Move) -> Option<String> {
    let def = game.def(mv.tile);
    let mut out = vec![
        format!("tile: {}", scalar(&def.id)),
        format!("at: {}", square(mv.pos)),
        format!("rotation: {}", mv.rotation.degrees()),
    ];
    // Each expansion's actions, grouped by expansion in the order of the move.
    let mut groups: Vec<(ExpansionId, Vec<Written>)> = Vec::new();
    for action in &mv.extras {
        let (x, w) = VOCABULARIES.iter().find_map(|x| Some((x.expansion(), x.written(game, mv, action)?)))?;
        if w == Written::Within {
            // Written with the action before it, which its vocabulary checked is its own.
            continue;
        }
        if let Some((_, ws)) = groups.last_mut().filter(|(last, _)| *last == x) {
            ws.push(w);
        } else if groups.iter().any(|(y, _)| *y == x) {
            // An expansion whose actions come apart in the move: its keys are read together.
            return None;
        } else {
            groups.push((x, vec![w]));
        }
    }
    // The follower, under `follower:` or the key of its figure, with its expansion's keys.
    let mut follower = None;
    if let Some(on) = mv.follower {
        let place = follower_place(game, def, mv, on)?;
        match mv.figure {
            Figure::Normal => out.push(format!("follower: {place}")),
            figure => {
                let (x, key) = figure_key(figure)?;
                follower = Some((x, format!("{key}: {place}")));
            }
        }
    } else if mv.figure != Figure::Normal || mv.follower_square.is_some() {
        return None;
    }
    if let Some((x, line)) = &follower {
        if !groups.iter().any(|(y, _)| y == x) {
            out.push(line.clone());
        }
    }
    for (x, ws) in &groups {
        if let Some((_, line)) = follower.as_ref().filter(|(y, _)| y == x) {
            out.push(line.clone());
        }
        out.extend(merged(ws)?);
    }
    Some(out.join(", "))
}

/// One expansion's keys, each written once: the items of a list key together, the entries of
/// a map key in the order of their names. `None` when a key would be written twice, or
/// its actions would not read back in the move's order.
fn merged(ws: &[Written]) -> Option<Vec<String>> {
    let mut out = Vec::new();
    let mut i = 0;
    while i < ws.len() {
        let key = ws[i].key();
        let run = ws[i..].iter().take_while(|w| w.key() == key).count();
        // A key again after another: the reader takes each key once, in one place.
        if ws[i + run..].iter().any(|w| w.key() == key) {
            return None;
        }
        let same = &ws[i..i + run];
        out.push(match same {
            [Written::Value(_, v)] => format!("{key}: {v}"),
            [Written::Item { alone: Some(one), item, .. }] => format!("{one}: {item}"),
            _ if same.iter().all(|w| matches!(w, Written::Item { .. })) => {
                let items: Vec<&str> = same
                    .iter()
                    .filter_map(|w| match w {
                        Written::Item { item, .. } => Some(item.as_str()),
                        _ => None,
                    })
                    .collect();
                format!("{key}: [{}]", items.join(", "))
            }
            _ if same.iter().all(|w| matches!(w, Written::Entry { .. })) => {
                let entries: Vec<(&str, &str)> = same
                    .iter()
                    .filter_map(|w| match w {
                        Written::Entry { name, value, .. } => Some((name.as_str(), value.as_str())),
                        _ => None,
                    })
                    .collect();
                // Read back in the order of the names, each once.
                if entries.windows(2).any(|w| unquoted(w[0].0) >= unquoted(w[1].0)) {
                    return None;
                }
                let entries: Vec<String> = entries.iter().map(|(n, v)| format!("{n}: {v}")).collect();
                format!("{key}: {{{}}}", entries.join(", "))
            }
            // A whole value twice, or a key written two ways.
            _ => return None,
        });
        i += run;
    }
    Some(out)
}

/// A name as [`scalar`] wrote it, for ordering map entries as the reader orders them.
fn unquoted(name: &str) -> String {
    serde_json::from_str::<String>(name).unwrap_or_else(|_| name.to_string())
}

/// The vocabulary and turn key that deploy a figure other than a normal follower (`large`):
/// a turn key that is also the figure's word before a feature.
fn figure_key(figure: Figure) -> Option<(ExpansionId, &'static str)> {
    VOCABULARIES.iter().find_map(|x| {
        x.turn_keys().iter().find(|(k, _)| x.figure_word(k) == Some(figure)).map(|(k, _)| (x.expansion(), *k))
    })
}

/// Where the follower stands, as `follower:` writes it: a feature of the tile by its words
/// (`road E`), one of the second square of a double-size tile (`{at: [1, 1], on: city N}`),
/// or what the turn builds (`bridge`).
fn follower_place(game: &Game, def: &TileDef, mv: &Move, on: FollowerOn) -> Option<String> {
    match (on, mv.follower_square) {
        (FollowerOn::Added(kind), None) => VOCABULARIES.iter().find_map(|x| x.built_word(kind)).map(str::to_string),
        (FollowerOn::Segment(local), None) => feature_name(def, mv.rotation, local),
        (FollowerOn::Segment(local), Some(sq)) => {
            // Only the second square of a double-size tile reads back as a square of its own.
            let (twin, at) = super::twin_square(game.tiles(), mv.tile, mv.pos, mv.rotation)?;
            if at != sq {
                return None;
            }
            Some(format!("{{at: {}, on: {}}}", square(sq), feature_name(game.def(twin), mv.rotation, local)?))
        }
        (FollowerOn::Added(_), Some(_)) | (FollowerOn::NoFeature { .. }, _) => None,
    }
}

/// A piece a tile of the starting board may be given, as `referee serve` offers it: a
/// follower, another figure, or an expansion's piece, with where the scenario writes it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BoardOffer {
    /// What the page shows: `road EW` for a player's follower, `Red's builder on road E`.
    pub words: String,
    /// Whose piece it is, if anyone's.
    pub player: Option<String>,
    /// `follower` for a normal follower, `piece` for anything else.
    pub part: &'static str,
    /// The key of the board item that writes it: `followers`, `pigs`, `builder`, `tower`.
    pub key: String,
    /// Its value, YAML flow text: `{player: Red, on: road E}`.
    pub value: String,
    /// Whether `value` is a new item of the list under `key`, rather than `key`'s whole value.
    pub list: bool,
}

impl BoardOffer {
    /// An item of `followers:`, of a figure other than a normal follower when `figure` names
    /// the follower's key for it (`large`), shown as `words`.
    pub(super) fn follower(player: &str, on: &str, figure: Option<&str>, words: String) -> BoardOffer {
        let value = match figure {
            None => format!("{{player: {}, on: {on}}}", scalar(player)),
            Some(key) => format!("{{player: {}, on: {on}, {key}: true}}", scalar(player)),
        };
        let part = if figure.is_some() { "piece" } else { "follower" };
        BoardOffer { words, player: Some(player.to_string()), part, key: "followers".to_string(), value, list: true }
    }

    /// A piece written as the whole value of `key`.
    pub(super) fn value(key: &str, player: Option<&str>, value: String, words: String) -> BoardOffer {
        let player = player.map(str::to_string);
        BoardOffer { words, player, part: "piece", key: key.to_string(), value, list: false }
    }

    /// A piece written as a new item of the list under `key`.
    pub(super) fn item(key: &str, player: Option<&str>, value: String, words: String) -> BoardOffer {
        BoardOffer { list: true, ..BoardOffer::value(key, player, value, words) }
    }
}

/// What the board item `sc.board[item]` may be given: each player's follower on each feature
/// of its tile, then each piece and figure the vocabularies of the scenario's expansions
/// write on a board tile, where their keys read it. Whether the engine then accepts the
/// position is for `check` to say. Empty when there is no such item.
pub fn board_offers(game: &Game, sc: &Scenario, item: usize) -> Vec<BoardOffer> {
    let Some(b) = sc.board.get(item) else { return Vec::new() };
    let def = game.def(b.kind);
    let mut out = Vec::new();
    for name in &sc.players {
        for l in 0..def.segments.len() {
            let on = def.describe_segment(b.rotation, l);
            out.push(BoardOffer::follower(name, &on, None, on.clone()));
        }
    }
    let tile = OfferTile {
        game,
        def,
        pos: b.pos,
        rotation: b.rotation,
        players: &sc.players,
        followers: &b.followers,
        pieces: &b.pieces,
    };
    for x in VOCABULARIES.iter().filter(|x| sc.expansions.contains(&x.expansion())) {
        out.extend(x.board_offers(&tile));
    }
    out
}

/// A feature of a tile turned `r` in the words of its kind and at most one place (`road E`,
/// `cloister`), as a piece's key names it, checked to name it back. `None` when no such
/// words name it alone.
pub(super) fn one_place(def: &TileDef, r: Rotation, local: usize) -> Option<String> {
    let kind = def.segments.get(local)?.kind;
    let named = def.scenario_name(r, local);
    let mut words = named.split_whitespace();
    let spot = match (words.next().and_then(FeatureKind::parse), words.next(), words.next()) {
        (Some(k), Some(place), None) if k == kind => Spot::parse(place),
        _ => None,
    };
    spot.filter(|s| def.find_segment(r, kind, Some(*s)) == Ok(local))
        .map(|s| kind_and_spot(kind, Some(s)))
        .or_else(|| (def.find_segment(r, kind, None) == Ok(local)).then(|| kind.to_string()))
}

/// A printed feature of a tile turned `r`, in the words a scenario names it by (`city N`,
/// `field NE`, `cloister`): the shortest that names it alone, checked to name it back as the
/// reader resolves a feature. `None` when no words name it alone.
pub(super) fn feature_name(def: &TileDef, r: Rotation, local: usize) -> Option<String> {
    let kind = def.segments.get(local)?.kind;
    [def.scenario_name(r, local), def.describe_segment(r, local)].into_iter().find(|name| {
        let mut words = name.split_whitespace();
        let spots: Option<Vec<Spot>> = words
            .by_ref()
            .next()
            .and_then(FeatureKind::parse)
            .filter(|k| *k == kind)
            .and_then(|_| words.map(Spot::parse_word).collect::<Option<Vec<Vec<Spot>>>>())
            .map(|s| s.concat());
        spots.is_some_and(|s| def.find_segment_at(r, kind, &s) == Ok(local))
    })
}

/// A feature kind and at most one place on a tile, as a player names it (`road E`, `city`).
pub(super) fn kind_and_spot(kind: FeatureKind, spot: Option<Spot>) -> String {
    match spot {
        Some(s) => format!("{kind} {}", s.words()),
        None => kind.to_string(),
    }
}

/// A JSON value written as a one-line YAML flow value, as scenarios are written: `{revealed:
/// [E, U], lots: [{selector: Blue, bids: [Blue 0, Red pass]}]}`, each string a [`scalar`].
pub fn flow(v: &serde_json::Value) -> String {
    use serde_json::Value;
    match v {
        Value::String(s) => scalar(s),
        Value::Array(items) => format!("[{}]", items.iter().map(flow).collect::<Vec<_>>().join(", ")),
        Value::Object(map) => {
            format!(
                "{{{}}}",
                map.iter().map(|(k, v)| format!("{}: {}", scalar(k), flow(v))).collect::<Vec<_>>().join(", ")
            )
        }
        other => other.to_string(),
    }
}

/// A square as a scenario writes it: `[x, y]`.
pub(super) fn square(p: Pos) -> String {
    format!("[{}, {}]", p.x, p.y)
}

/// A name (a player's, a tile's) or a few words as a YAML scalar: as it is where it reads
/// back as that string in a flow mapping (`Red`, `BCB05`, `Red large`), else double-quoted
/// (JSON's escapes are YAML's too).
pub fn scalar(s: &str) -> String {
    // The words YAML 1.2 reads as something else than a string (`N`, `yes` are strings).
    const WORDS: &[&str] = &["true", "false", "null"];
    let plain = s.chars().next().is_some_and(|c| c.is_ascii_alphabetic())
        && s.chars().all(|c| c.is_ascii_alphanumeric() || matches!(c, '_' | '-' | '.' | ' '))
        && !s.ends_with(' ')
        && !s.contains("  ")
        && !WORDS.iter().any(|w| w.eq_ignore_ascii_case(s));
    if plain {
        s.to_string()
    } else {
        serde_json::Value::from(s).to_string()
    }
}
