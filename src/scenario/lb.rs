//! The vocabulary of Little Buildings (`expansions: [little-buildings]`): on a turn, a building
//! put on the tile just placed instead of a follower (`building: shed`; `tower`, `house`,
//! `shed`); on the starting board, a building standing on a tile (`building: house`).

use super::value::Value;
use super::vocab::{BoardInfo, Key, OfferTile, TurnInfo, TurnOut, Vocabulary};
use super::write::{BoardOffer, Written};
use super::Validator;
use crate::engine::{Game, Move};
use crate::expansion::lb::{rule, Action, Kind};
use crate::expansion::{ExpansionId, Extra};

pub(super) struct LittleBuildings;

const BUILDING: &str = "building";

fn kind(v: &mut Validator, path: &str, value: &Value) -> Option<Kind> {
    let text = v.typed::<String>(path, value)?;
    let k = Kind::parse(&text);
    if k.is_none() {
        v.problem(
            rule::CONTENTS.as_str(),
            path,
            format!("`{text}` is not a little building"),
            Some("a little building is a tower, a house or a shed".to_string()),
        );
    }
    k
}

impl Vocabulary for LittleBuildings {
    fn expansion(&self) -> ExpansionId {
        ExpansionId::LittleBuildings
    }

    fn turn_keys(&self) -> &'static [Key] {
        &[(BUILDING, "buildings")]
    }

    fn board_keys(&self) -> &'static [Key] {
        &[(BUILDING, "buildings")]
    }

    fn turn(&self, v: &mut Validator, t: &TurnInfo, keys: &[(&str, &Value)], out: &mut TurnOut) {
        for (key, value) in keys {
            if let Some(k) = kind(v, &format!("{}.{key}", t.path), value) {
                out.extras.push(Extra::new(Action::Build(k)));
            }
        }
    }

    fn board(&self, v: &mut Validator, b: &BoardInfo, keys: &[(&str, &Value)], out: &mut Vec<(String, Extra)>) {
        for (key, value) in keys {
            let path = format!("{}.{key}", b.path);
            if let Some(k) = kind(v, &path, value) {
                out.push((path, Extra::new(Action::Build(k))));
            }
        }
    }

    fn written(&self, _game: &Game, _mv: &Move, action: &Extra) -> Option<Written> {
        match action.get::<Action>()? {
            Action::Build(k) => Some(Written::Value(BUILDING, k.word().to_string())),
            _ => None,
        }
    }

    /// A building of each kind on the tile, when it holds none yet.
    fn board_offers(&self, t: &OfferTile) -> Vec<BoardOffer> {
        if t.pieces.iter().any(|(_, x)| x.get::<Action>().is_some()) {
            return Vec::new();
        }
        Kind::ALL
            .into_iter()
            .map(|k| BoardOffer::value(BUILDING, None, k.word().to_string(), format!("a little {}", k.word())))
            .collect()
    }
}
