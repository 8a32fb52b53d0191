//! The vocabulary of Traders and Builders (`expansions: [tb]`, alias `traders-builders`): the
//! pig on a turn (`pig: field SW`) and on the starting board (`pigs: [{player: Red, on: field
//! NE}]`), the goods tokens held when the scenario begins (`goods: {Red: {wine: 2}}`), the
//! pigs each player has (`pigs-each: 2`, a setup beyond the box), and the builder deployed
//! in a turn (`builder: road E`) or standing on the starting board (`builder: {player: Red,
//! on: city N}`).

use super::value::Value;
use super::vocab::{BoardInfo, Key, OfferTile, TopInfo, TopOut, TurnInfo, TurnOut, Vocabulary};
use super::write::{feature_name, kind_and_spot, one_place, scalar, BoardOffer, Written};
use super::Validator;
use crate::engine::{Game, Move};
use crate::expansion::tb::builder::Action as BuilderAction;
use crate::expansion::tb::{Action, MAX_PIGS_EACH, MAX_START_GOODS};
use crate::expansion::{ExpansionId, Extra};
use crate::geom::Rotation;
use crate::score::PlayerId;
use crate::tile::{FeatureKind, Goods, TileKind, TileSet};
use serde::Deserialize;
use std::collections::BTreeMap;

pub(super) struct Tb;

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct RawStanding {
    player: String,
    on: String,
}

/// A pig on the starting board: `{player: Red, on: field NE}`.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct RawStandingPig {
    player: String,
    on: String,
}

impl Vocabulary for Tb {
    fn expansion(&self) -> ExpansionId {
        ExpansionId::Tb
    }

    fn turn_keys(&self) -> &'static [Key] {
        &[("pig", "pigs"), ("builder", "the builder")]
    }

    fn board_keys(&self) -> &'static [Key] {
        &[("pigs", "pigs"), ("builder", "the builder")]
    }

    fn top_keys(&self) -> &'static [Key] {
        &[("goods", "goods tokens"), ("pigs-each", "pigs")]
    }

    fn turn(&self, v: &mut Validator, t: &TurnInfo, keys: &[(&str, &Value)], out: &mut TurnOut) {
        for (key, value) in keys {
            let path = format!("{}.{key}", t.path);
            let Some(text) = v.typed::<String>(&path, value) else { continue };
            if *key == "builder" {
                if let Some((kind, spot)) = v.kind_and_spot(
                    &path,
                    &text,
                    &[FeatureKind::Road, FeatureKind::City],
                    "a road or a city (where a builder stands)",
                ) {
                    out.extras.push(Extra::new(BuilderAction::Place { kind, spot }));
                }
                continue;
            }
            // A tile unknown or turned wrongly is reported already: its fields have no names.
            let Some((kind, r)) = t.tile else { continue };
            if let Some(halves) = field(v, t.tiles, kind, r, &path, &text) {
                out.extras.push(Extra::new(Action::Pig { halves }));
            }
        }
    }

    fn written(&self, game: &Game, mv: &Move, action: &Extra) -> Option<Written> {
        if let Some(BuilderAction::Place { kind, spot }) = action.get::<BuilderAction>() {
            return Some(Written::Value("builder", kind_and_spot(*kind, *spot)));
        }
        let Action::Pig { halves } = action.get::<Action>()? else { return None };
        // The field of the new tile reaching exactly those half-edges, by its words.
        let def = game.def(mv.tile);
        let local = def
            .segments
            .iter()
            .position(|s| s.kind == FeatureKind::Field && mv.rotation.half_mask(s.halves) == *halves)?;
        Some(Written::Value("pig", feature_name(def, mv.rotation, local)?))
    }

    fn board(&self, v: &mut Validator, b: &BoardInfo, keys: &[(&str, &Value)], out: &mut Vec<(String, Extra)>) {
        for (key, value) in keys {
            let path = format!("{}.{key}", b.path);
            if *key == "builder" {
                let Some(s) = v.typed::<RawStanding>(&path, value) else { continue };
                let Some(player) = b.players.iter().position(|p| *p == s.player) else {
                    v.unknown_player(&format!("{path}.player"), &s.player, b.players);
                    continue;
                };
                if let Some((kind, spot)) = v.kind_and_spot(
                    &format!("{path}.on"),
                    &s.on,
                    &[FeatureKind::Road, FeatureKind::City],
                    "a road or a city (where a builder stands)",
                ) {
                    let player = PlayerId(player as u8);
                    out.push((path, Extra::new(BuilderAction::Standing { player, kind, spot })));
                }
                continue;
            }
            for (j, pig) in v.typed::<Vec<RawStandingPig>>(&path, value).into_iter().flatten().enumerate() {
                let ppath = format!("{path}[{j}]");
                let player = b.players.iter().position(|p| *p == pig.player).map(|i| PlayerId(i as u8));
                if player.is_none() {
                    v.unknown_player(&format!("{ppath}.player"), &pig.player, b.players);
                }
                let Some((kind, r)) = b.tile else { continue };
                let halves = field(v, b.tiles, kind, r, &format!("{ppath}.on"), &pig.on);
                if let (Some(player), Some(halves)) = (player, halves) {
                    out.push((ppath, Extra::new(Action::StandingPig { player, halves })));
                }
            }
        }
    }

    /// Each player's builder on each road and city (one builder a tile: `builder:` holds one),
    /// and each player's pig in each field.
    fn board_offers(&self, t: &OfferTile) -> Vec<BoardOffer> {
        let mut out = Vec::new();
        for name in t.players {
            let standing = |on: &str| format!("{{player: {}, on: {on}}}", scalar(name));
            for l in t.features(&[FeatureKind::Road, FeatureKind::City]) {
                let Some(on) = one_place(t.def, t.rotation, l) else { continue };
                out.push(BoardOffer::value("builder", Some(name), standing(&on), format!("{name}'s builder on {on}")));
            }
            for l in t.features(&[FeatureKind::Field]) {
                let Some(on) = feature_name(t.def, t.rotation, l) else { continue };
                out.push(BoardOffer::item("pigs", Some(name), standing(&on), format!("{name}'s pig on {on}")));
            }
        }
        out
    }

    fn top(&self, v: &mut Validator, t: &TopInfo, keys: &[(&str, &Value)], out: &mut TopOut) {
        for (key, value) in keys {
            if *key == "pigs-each" {
                let Some(n) = v.typed::<i64>(key, value) else { continue };
                match u8::try_from(n).ok().filter(|n| (1..=MAX_PIGS_EACH).contains(n)) {
                    Some(n) => out.held.push((key.to_string(), Extra::new(Action::PigsEach(n)))),
                    None => v.problem(
                        "scenario::bad-pigs",
                        key,
                        format!("{n} pigs each is not a number of pigs the referee plays"),
                        Some(format!("the box gives each player 1 pig; write 1 to {MAX_PIGS_EACH}")),
                    ),
                }
                continue;
            }
            for (ppath, player, tokens) in goods_held(v, key, value, t.players) {
                out.held.push((ppath, Extra::new(Action::Goods { player, tokens: tokens.map(|n| n.unwrap_or(0)) })));
            }
        }
    }
}

/// The goods tokens a map gives players, `{Red: {wine: 2, grain: 1}}` at `path`: for each
/// player named, its path and the tokens of each kind named (in `Goods::ALL` order). Held
/// when the scenario begins (`goods:`), or expected held when it ends (`expect: goods:`).
pub(super) fn goods_held(
    v: &mut Validator,
    path: &str,
    value: &Value,
    players: &[String],
) -> Vec<(String, PlayerId, [Option<u32>; 3])> {
    let mut out = Vec::new();
    let Some(held) = v.typed::<BTreeMap<String, BTreeMap<String, i64>>>(path, value) else { return out };
    for (name, kinds) in &held {
        let ppath = format!("{path}.{name}");
        let Some(player) = players.iter().position(|x| x == name).map(|i| PlayerId(i as u8)) else {
            v.unknown_player_key(&ppath, name, players);
            continue;
        };
        let mut tokens = [None; 3];
        for (word, n) in kinds {
            let kpath = format!("{ppath}.{word}");
            let Some(g) = Goods::parse(word) else {
                v.problem_at_key(
                    "scenario::bad-goods",
                    &kpath,
                    format!("`{word}` is not a kind of goods"),
                    Some("the goods are wine, grain and cloth".to_string()),
                );
                continue;
            };
            match u32::try_from(*n).ok().filter(|n| *n <= MAX_START_GOODS) {
                Some(n) => tokens[g.index()] = Some(n),
                None => v.problem(
                    "scenario::bad-goods",
                    &kpath,
                    format!("{n} {word} tokens is not a number of tokens"),
                    Some(format!("a player holds 0 to {MAX_START_GOODS} tokens of a kind")),
                ),
            }
        }
        out.push((ppath, player, tokens));
    }
    out
}

/// The field a player names on a tile as turned (`field SW`), as the half-edges of the board
/// it reaches; a problem when the words name no field of it.
fn field(v: &mut Validator, tiles: &TileSet, kind: TileKind, r: Rotation, path: &str, text: &str) -> Option<u8> {
    if text.split_whitespace().next().is_some_and(|w| !w.eq_ignore_ascii_case("field")) {
        v.problem(
            "scenario::bad-feature",
            path,
            format!("`{text}` is not a field: a pig goes into a field"),
            Some("name a field of the tile as it lies: `field SW`, `field NL`, `field centre`".to_string()),
        );
        return None;
    }
    let local = v.printed_feature(tiles, kind, r, path, text)?;
    let s = &tiles.get(kind).segments[local];
    (s.kind == FeatureKind::Field).then(|| r.half_mask(s.halves))
}
