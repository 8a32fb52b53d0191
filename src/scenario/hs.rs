//! The vocabulary of Hills and Sheep (`expansions: [hs]`, alias `hills-sheep`). Hills and
//! vineyards are printed on the tiles and need no key. The shepherd: placed in a turn with
//! the token drawn for it (`shepherd: {on: field S, draw: 3}`), its flock tended when the
//! player's tile extends its field (`flock: grow 2`, `flock: grow wolf`, `flock: herd`; a list
//! when the tile extends the fields of several of the player's shepherds), standing on the
//! starting board with its sheep (`shepherds: [{player: Red, on: field S, sheep: [2, 3]}]`),
//! and the shepherds each beyond the box's one (`supply: {shepherd: 2}`). A draw is a token
//! (`1` to `4` sheep, or `wolf`) or, as JCloisterZone's saved games say it, the fraction of
//! the bag where the token lies (`bag-at 0.25`).

use super::value::Value;
use super::vocab::{BoardInfo, Key, OfferTile, SupplyOf, SupplyWord, TurnInfo, TurnOut, Vocabulary};
use super::write::{feature_name, scalar, BoardOffer, Written};
use super::Validator;
use crate::engine::{Game, Move};
use crate::expansion::hs::flock::{field_of, Action, Draw, Tend, MAX_EACH, WOLF};
use crate::expansion::{ExpansionId, Extra};
use crate::geom::Rotation;
use crate::score::PlayerId;
use crate::tile::{FeatureKind, TileKind, TileSet};
use serde::Deserialize;

pub(super) struct Hs;

const SHEPHERD: &str = "shepherd";
const FLOCK: &str = "flock";
const SHEPHERDS: &str = "shepherds";

fn shepherds_each(n: u8) -> Extra {
    Extra::new(Action::Each(n))
}

const SUPPLY: &[SupplyWord] =
    &[SupplyWord { word: SHEPHERD, rules: 1, max: MAX_EACH, of: SupplyOf::Piece(shepherds_each) }];

/// A shepherd placed in a turn: `{on: field S, draw: 3}`.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct RawShepherd {
    on: String,
    draw: Value,
}

/// A shepherd on the starting board: `{player: Red, on: field S, sheep: [2, 3]}`.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct RawStanding {
    player: String,
    on: String,
    #[serde(default)]
    sheep: Vec<i64>,
}

const DRAW_HELP: &str = "a draw is a token, `1` to `4` (sheep) or `wolf`, or `bag-at <fraction>` (0 to 1: the token \
                         at that fraction of the bag, laid out 1, 2, 3, 4 sheep then wolves)";

/// A draw in words: `3`, `wolf`, `bag-at 0.25`.
fn draw_of(text: &str) -> Option<Draw> {
    let t = text.trim();
    if t.eq_ignore_ascii_case("wolf") {
        return Some(Draw::Token(WOLF));
    }
    if let Some(r) = t.strip_prefix("bag-at") {
        let r: f64 = r.trim().parse().ok()?;
        return (0.0..1.0).contains(&r).then(|| Draw::BagAt(r.to_bits()));
    }
    t.parse::<u8>().ok().filter(|n| (1..=4).contains(n)).map(Draw::Token)
}

fn draw(v: &mut Validator, path: &str, value: &Value) -> Option<Draw> {
    let text = match value {
        Value::Int(n) => n.to_string(),
        Value::Str(s) => s.clone(),
        _ => String::new(),
    };
    let d = draw_of(&text);
    if d.is_none() {
        v.problem(
            "scenario::bad-draw",
            path,
            format!("`{text}` is not a token drawn from the bag"),
            Some(DRAW_HELP.into()),
        );
    }
    d
}

/// A flock choice in words: `herd`, `grow 3`, `grow wolf`, `grow bag-at 0.5`.
fn tend(v: &mut Validator, path: &str, text: &str) -> Option<Tend> {
    let t = text.trim();
    if t.eq_ignore_ascii_case("herd") {
        return Some(Tend::Herd);
    }
    let d = t.strip_prefix("grow").and_then(draw_of).map(Tend::Grow);
    if d.is_none() {
        v.problem(
            "scenario::bad-flock",
            path,
            format!("`{t}` is not a choice for a flock"),
            Some(format!("write `herd` (into the stable) or `grow <draw>`; {DRAW_HELP}")),
        );
    }
    d
}

/// The field a player names on a tile as turned (`field SW`), as the half-edges of the board
/// it reaches; a problem when the words name no field of it.
fn field(v: &mut Validator, tiles: &TileSet, kind: TileKind, r: Rotation, path: &str, text: &str) -> Option<u8> {
    if text.split_whitespace().next().is_some_and(|w| !w.eq_ignore_ascii_case("field")) {
        v.problem(
            "scenario::bad-feature",
            path,
            format!("`{text}` is not a field: a shepherd goes into a field"),
            Some("name a field of the tile as it lies: `field SW`, `field NL`, `field centre`".to_string()),
        );
        return None;
    }
    let local = v.printed_feature(tiles, kind, r, path, text)?;
    let s = &tiles.get(kind).segments[local];
    (s.kind == FeatureKind::Field).then(|| r.half_mask(s.halves))
}

impl Vocabulary for Hs {
    fn expansion(&self) -> ExpansionId {
        ExpansionId::Hs
    }

    fn turn_keys(&self) -> &'static [Key] {
        &[(SHEPHERD, "shepherds"), (FLOCK, "flocks of sheep")]
    }

    fn board_keys(&self) -> &'static [Key] {
        &[(SHEPHERDS, "shepherds")]
    }

    fn supply_words(&self) -> &'static [SupplyWord] {
        SUPPLY
    }

    fn turn(&self, v: &mut Validator, t: &TurnInfo, keys: &[(&str, &Value)], out: &mut TurnOut) {
        for (key, value) in keys {
            let path = format!("{}.{key}", t.path);
            if *key == FLOCK {
                let items: Vec<(String, String)> = match value {
                    Value::Seq(items) => items
                        .iter()
                        .enumerate()
                        .filter_map(|(i, x)| {
                            let p = format!("{path}[{i}]");
                            v.typed::<String>(&p, x).map(|s| (p, s))
                        })
                        .collect(),
                    _ => v.typed::<String>(&path, value).map(|s| vec![(path.clone(), s)]).unwrap_or_default(),
                };
                let choices: Vec<Tend> = items.iter().filter_map(|(p, s)| tend(v, p, s)).collect();
                if choices.len() == items.len() && !choices.is_empty() {
                    out.extras.push(Extra::new(Action::Tend(choices)));
                }
                continue;
            }
            let Some(raw) = v.typed::<RawShepherd>(&path, value) else { continue };
            let d = draw(v, &format!("{path}.draw"), &raw.draw);
            // A tile unknown or turned wrongly is reported already: its fields have no names.
            let Some((kind, r)) = t.tile else { continue };
            let halves = field(v, t.tiles, kind, r, &format!("{path}.on"), &raw.on);
            if let (Some(halves), Some(draw)) = (halves, d) {
                out.extras.push(Extra::new(Action::Deploy { halves, draw }));
            }
        }
    }

    fn written(&self, game: &Game, mv: &Move, action: &Extra) -> Option<Written> {
        match action.get::<Action>()? {
            Action::Deploy { halves, draw } => {
                let def = game.def(mv.tile);
                let local = field_of(def, mv.rotation, *halves)?;
                let on = feature_name(def, mv.rotation, local)?;
                Some(Written::Value(SHEPHERD, format!("{{on: {on}, draw: {}}}", scalar(&draw.words()))))
            }
            Action::Tend(choices) => {
                let words: Vec<String> = choices.iter().map(|c| scalar(&c.words())).collect();
                Some(Written::Value(FLOCK, format!("[{}]", words.join(", "))))
            }
            _ => None,
        }
    }

    fn board(&self, v: &mut Validator, b: &BoardInfo, keys: &[(&str, &Value)], out: &mut Vec<(String, Extra)>) {
        for (key, value) in keys {
            let path = format!("{}.{key}", b.path);
            for (j, s) in v.typed::<Vec<RawStanding>>(&path, value).into_iter().flatten().enumerate() {
                let ppath = format!("{path}[{j}]");
                let player = b.players.iter().position(|p| *p == s.player).map(|i| PlayerId(i as u8));
                if player.is_none() {
                    v.unknown_player(&format!("{ppath}.player"), &s.player, b.players);
                }
                let mut sheep = Vec::new();
                for (k, n) in s.sheep.iter().enumerate() {
                    match u8::try_from(*n).ok().filter(|n| (1..=4).contains(n)) {
                        Some(n) => sheep.push(n),
                        None => v.problem(
                            "scenario::bad-draw",
                            &format!("{ppath}.sheep[{k}]"),
                            format!("{n} is not a sheep token"),
                            Some("a sheep token shows 1 to 4 sheep".to_string()),
                        ),
                    }
                }
                let Some((kind, r)) = b.tile else { continue };
                let halves = field(v, b.tiles, kind, r, &format!("{ppath}.on"), &s.on);
                if let (Some(player), Some(halves)) = (player, halves) {
                    if sheep.len() == s.sheep.len() {
                        out.push((ppath, Extra::new(Action::Standing { player, halves, sheep })));
                    }
                }
            }
        }
    }

    /// Each player's shepherd in each field, with one sheep beside it.
    fn board_offers(&self, t: &OfferTile) -> Vec<BoardOffer> {
        let mut out = Vec::new();
        for name in t.players {
            for l in t.features(&[FeatureKind::Field]) {
                let Some(on) = feature_name(t.def, t.rotation, l) else { continue };
                let item = format!("{{player: {}, on: {on}, sheep: [1]}}", scalar(name));
                out.push(BoardOffer::item(SHEPHERDS, Some(name), item, format!("{name}'s shepherd on {on}")));
            }
        }
        out
    }
}
