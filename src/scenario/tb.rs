//! The vocabulary of Traders and Builders (`expansions: [tb]`): the builder deployed in a
//! turn (`builder: road E`) or standing on the starting board (`builder: {player: Red, on:
//! city N}`).

use super::value::Value;
use super::vocab::{BoardInfo, Key, TurnInfo, TurnOut, Vocabulary};
use super::{feature_help, Validator};
use crate::expansion::tb::builder::Action;
use crate::expansion::{ExpansionId, Extra};
use crate::tile::{FeatureKind, Spot};
use serde::Deserialize;

pub(super) struct Tb;

/// `road E`, `city N`, `road` (the only road of the tile): the kind and the place.
fn road_or_city(v: &mut Validator, path: &str, text: &str) -> Option<(FeatureKind, Option<Spot>)> {
    let mut words = text.split_whitespace();
    let kind = match words.next() {
        Some(k) if k.eq_ignore_ascii_case("road") => FeatureKind::Road,
        Some(k) if k.eq_ignore_ascii_case("city") => FeatureKind::City,
        _ => {
            v.problem(
                "scenario::bad-builder",
                path,
                format!("`{text}` is not a road or a city: a builder stands on one of them"),
                Some("write `road E` or `city N`, the feature of the tile as it lies".to_string()),
            );
            return None;
        }
    };
    let place: Vec<&str> = words.collect();
    match place.as_slice() {
        [] => Some((kind, None)),
        [p] => match Spot::parse(p) {
            Some(s) => Some((kind, Some(s))),
            None => {
                v.problem(
                    "scenario::bad-feature",
                    path,
                    format!("`{p}` is not a place on a tile"),
                    Some(feature_help()),
                );
                None
            }
        },
        _ => {
            v.problem(
                "scenario::bad-feature",
                path,
                format!("`{text}` names more than one place"),
                Some(feature_help()),
            );
            None
        }
    }
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct RawStanding {
    player: String,
    on: String,
}

impl Vocabulary for Tb {
    fn expansion(&self) -> ExpansionId {
        ExpansionId::Tb
    }

    fn turn_keys(&self) -> &'static [Key] {
        &[("builder", "the builder")]
    }

    fn board_keys(&self) -> &'static [Key] {
        &[("builder", "the builder")]
    }

    fn turn(&self, v: &mut Validator, t: &TurnInfo, keys: &[(&str, &Value)], out: &mut TurnOut) {
        for (key, value) in keys {
            let path = format!("{}.{key}", t.path);
            let Some(text) = v.typed::<String>(&path, value) else { continue };
            if let Some((kind, spot)) = road_or_city(v, &path, &text) {
                out.extras.push(Extra::new(Action::Place { kind, spot }));
            }
        }
    }

    fn board(&self, v: &mut Validator, b: &BoardInfo, keys: &[(&str, &Value)], out: &mut Vec<(String, Extra)>) {
        for (key, value) in keys {
            let path = format!("{}.{key}", b.path);
            let Some(s) = v.typed::<RawStanding>(&path, value) else { continue };
            let Some(player) = b.players.iter().position(|p| *p == s.player) else {
                v.unknown_player(&format!("{path}.player"), &s.player, b.players);
                continue;
            };
            if let Some((kind, spot)) = road_or_city(v, &format!("{path}.on"), &s.on) {
                let player = crate::score::PlayerId(player as u8);
                out.push((path, Extra::new(Action::Standing { player, kind, spot })));
            }
        }
    }
}
