//! The vocabulary of The Flying Machines (`expansions: [flying-machines]`): on a turn placing a
//! tile with a flying machine, a follower launched from it instead of the turn's `follower:`,
//! with the die as written and where it lands (`flier: {die: 2, at: [3, 0], on: city N}`: a
//! square of the landing tile, either of a German castle's, and a feature there), or
//! `flier: {die: 3}` when it finds nowhere to land and goes back. The arrows are printed on the
//! tiles (`marks: [flier-w]`, `[flier-nw]`); a landed flier is a follower like any other, so
//! the starting board needs no words of this expansion.

use super::value::Value;
use super::vocab::{Key, TurnInfo, TurnOut, Vocabulary};
use super::write::{kind_and_spot, square, Written};
use super::Validator;
use crate::engine::{Game, Move};
use crate::expansion::fm::{Action, Landing};
use crate::expansion::{ExpansionId, Extra};
use crate::tile::FeatureKind;
use serde::Deserialize;

pub(super) struct Fm;

/// The features a landing may name: a field too, which the engine then refuses under its rule.
const NAMED: [FeatureKind; 5] =
    [FeatureKind::Road, FeatureKind::City, FeatureKind::Cloister, FeatureKind::Castle, FeatureKind::Field];

const FLIER: &str = "flier";

/// `{die: 2, at: [x, y], on: city N}`, or `{die: 3}`.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct RawFlight {
    die: i64,
    at: Option<Vec<i64>>,
    on: Option<String>,
}

impl Vocabulary for Fm {
    fn expansion(&self) -> ExpansionId {
        ExpansionId::FlyingMachines
    }

    fn turn_keys(&self) -> &'static [Key] {
        &[(FLIER, "flying machines")]
    }

    fn turn(&self, v: &mut Validator, t: &TurnInfo, keys: &[(&str, &Value)], out: &mut TurnOut) {
        for (key, value) in keys {
            let path = format!("{}.{key}", t.path);
            let Some(raw) = v.typed::<RawFlight>(&path, value) else { continue };
            let Ok(die) = u8::try_from(raw.die) else {
                v.problem(
                    crate::expansion::fm::rule::DISTANCE.as_str(),
                    &format!("{path}.die"),
                    format!("the flight die shows 1, 2 or 3, not {}", raw.die),
                    None,
                );
                continue;
            };
            let land = match (raw.at, raw.on) {
                (None, None) => None,
                (Some(at), Some(on)) => {
                    let at = v.pos(&format!("{path}.at"), &at);
                    let what =
                        v.kind_and_spot(&format!("{path}.on"), &on, &NAMED, "a road, city, cloister or German castle");
                    let (Some(at), Some((kind, spot))) = (at, what) else { continue };
                    Some(Landing { at, kind, spot })
                }
                _ => {
                    v.problem(
                        crate::expansion::fm::rule::MUST_LAND.as_str(),
                        &path,
                        "a landing names both the square (`at:`) and the feature there (`on:`); a flier that goes back names neither".to_string(),
                        Some("flier: {die: 2, at: [3, 0], on: city N}".to_string()),
                    );
                    continue;
                }
            };
            out.extras.push(Extra::new(Action::Flight { die, land }));
        }
    }

    fn written(&self, _game: &Game, _mv: &Move, action: &Extra) -> Option<Written> {
        let Action::Flight { die, land } = action.get::<Action>()?;
        Some(Written::Value(
            FLIER,
            match land {
                Some(l) => format!("{{die: {die}, at: {}, on: {}}}", square(l.at), kind_and_spot(l.kind, l.spot)),
                None => format!("{{die: {die}}}"),
            },
        ))
    }
}
