//! The vocabulary of Mage and Witch (`expansions: [witch]`): on a turn, a magic figure placed
//! or moved onto a feature of the board (`mage: {at: [1, 0], on: city N}`, `witch: {at: [0,
//! 0], on: road}`), or taken off the board when neither can go anywhere (`witch: off`); on a
//! tile of the starting board, the figure standing on one of its features (`mage: road E`).

use super::value::Value;
use super::vocab::{BoardInfo, Key, OfferTile, TurnInfo, TurnOut, Vocabulary};
use super::write::{kind_and_spot, one_place, square, BoardOffer, Written};
use super::Validator;
use crate::engine::{Game, Move};
use crate::expansion::witch::{Action, Magic, Target};
use crate::expansion::{ExpansionId, Extra};
use crate::tile::FeatureKind;
use serde::Deserialize;

pub(super) struct Witch;

/// The features a magic figure stands on.
const FEATURES: [FeatureKind; 2] = [FeatureKind::Road, FeatureKind::City];
const WHAT: &str = "a road or a city";

/// `{at: [x, y], on: city N}`: a feature of the tile at a square.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct RawTarget {
    at: Vec<i64>,
    on: String,
}

fn figure(key: &str) -> Magic {
    if key == "mage" {
        Magic::Mage
    } else {
        Magic::Witch
    }
}

impl Vocabulary for Witch {
    fn expansion(&self) -> ExpansionId {
        ExpansionId::Witch
    }

    fn turn_keys(&self) -> &'static [Key] {
        &[("mage", "the mage"), ("witch", "the witch")]
    }

    fn board_keys(&self) -> &'static [Key] {
        &[("mage", "the mage"), ("witch", "the witch")]
    }

    fn turn(&self, v: &mut Validator, t: &TurnInfo, keys: &[(&str, &Value)], out: &mut TurnOut) {
        for (key, value) in keys {
            let path = format!("{}.{key}", t.path);
            let m = figure(key);
            if let Value::Str(text) = value {
                if text == "off" {
                    out.extras.push(Extra::new(Action::Off(m)));
                } else {
                    v.problem(
                        crate::expansion::witch::rule::PLACE.as_str(),
                        &path,
                        format!("`{text}` does not say where the {} goes", m.word()),
                        Some(format!(
                            "write `{key}: {{at: [x, y], on: city N}}`, or `{key}: off` to take it off the board"
                        )),
                    );
                }
                continue;
            }
            let Some(raw) = v.typed::<RawTarget>(&path, value) else { continue };
            let at = v.pos(&format!("{path}.at"), &raw.at);
            let what = v.kind_and_spot(&format!("{path}.on"), &raw.on, &FEATURES, WHAT);
            let (Some(at), Some((kind, spot))) = (at, what) else { continue };
            out.extras.push(Extra::new(Action::Move(m, Target { at, kind, spot })));
        }
    }

    fn board(&self, v: &mut Validator, b: &BoardInfo, keys: &[(&str, &Value)], out: &mut Vec<(String, Extra)>) {
        for (key, value) in keys {
            let path = format!("{}.{key}", b.path);
            let Some(text) = v.typed::<String>(&path, value) else { continue };
            if let Some((kind, spot)) = v.kind_and_spot(&path, &text, &FEATURES, WHAT) {
                out.push((path, Extra::new(Action::Standing(figure(key), kind, spot))));
            }
        }
    }

    fn written(&self, _game: &Game, _mv: &Move, action: &Extra) -> Option<Written> {
        match action.get::<Action>()? {
            Action::Move(m, t) => Some(Written::Value(
                m.word(),
                format!("{{at: {}, on: {}}}", square(t.at), kind_and_spot(t.kind, t.spot)),
            )),
            Action::Off(m) => Some(Written::Value(m.word(), "off".to_string())),
            Action::Standing(..) => None,
        }
    }

    /// Each figure on each road and city of the tile, when the tile holds neither yet.
    fn board_offers(&self, t: &OfferTile) -> Vec<BoardOffer> {
        let mut out = Vec::new();
        for m in Magic::ALL {
            for l in t.features(&FEATURES) {
                let Some(on) = one_place(t.def, t.rotation, l) else { continue };
                out.push(BoardOffer::value(m.word(), None, on.clone(), format!("the {} on {on}", m.word())));
            }
        }
        out
    }
}
