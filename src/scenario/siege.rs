//! The vocabulary of The Siege (`expansions: [siege]`) and The Cathars (`[cathars]`), one
//! key for both: on a turn, the follower escaping a besieged city at the end of it, named by
//! the city it stands in on a tile (`escape: {at: [0, 1], on: city S}`; a list of them shows a
//! player trying two in one turn). The besieged cities are printed on the tiles (the mark
//! `besieged`) and need no words.

use super::value::Value;
use super::vocab::{Key, TurnInfo, TurnOut, Vocabulary};
use super::write::{kind_and_spot, square, Written};
use super::Validator;
use crate::engine::{Game, Move};
use crate::expansion::siege::{Action, Target};
use crate::expansion::{ExpansionId, Extra};
use crate::tile::FeatureKind;
use serde::Deserialize;

pub(super) struct Siege;

pub(super) struct Cathars;

const ESCAPE: &str = "escape";

/// `{at: [x, y], on: city N}`: the city of the tile at a square.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct RawTarget {
    at: Vec<i64>,
    on: String,
}

/// One follower escaping, `{at: [x, y], on: city N}`.
fn escape(v: &mut Validator, path: &str, value: &Value) -> Option<Extra> {
    let raw = v.typed::<RawTarget>(path, value)?;
    let at = v.pos(&format!("{path}.at"), &raw.at);
    let what = v.kind_and_spot(&format!("{path}.on"), &raw.on, &[FeatureKind::City], "a city");
    let (at, (_, spot)) = (at?, what?);
    Some(Extra::new(Action::Escape(Target { at, kind: FeatureKind::City, spot })))
}

fn turn(v: &mut Validator, t: &TurnInfo, keys: &[(&str, &Value)], out: &mut TurnOut) {
    for (key, value) in keys {
        let path = format!("{}.{key}", t.path);
        // A list writes several followers escaping in one turn, which the rules refuse (rule
        // `<x>.escape.one-per-turn`); one escape is written alone.
        match value {
            Value::Seq(items) => {
                for (i, item) in items.iter().enumerate() {
                    out.extras.extend(escape(v, &format!("{path}[{i}]"), item));
                }
            }
            _ => out.extras.extend(escape(v, &path, value)),
        }
    }
}

fn written(action: &Extra) -> Option<Written> {
    let Action::Escape(t) = action.get::<Action>()?;
    Some(Written::Value(ESCAPE, format!("{{at: {}, on: {}}}", square(t.at), kind_and_spot(FeatureKind::City, t.spot))))
}

impl Vocabulary for Siege {
    fn expansion(&self) -> ExpansionId {
        ExpansionId::Siege
    }

    fn turn_keys(&self) -> &'static [Key] {
        &[(ESCAPE, "escapes from a besieged city")]
    }

    fn turn(&self, v: &mut Validator, t: &TurnInfo, keys: &[(&str, &Value)], out: &mut TurnOut) {
        turn(v, t, keys, out);
    }

    fn written(&self, _game: &Game, _mv: &Move, action: &Extra) -> Option<Written> {
        written(action)
    }
}

impl Vocabulary for Cathars {
    fn expansion(&self) -> ExpansionId {
        ExpansionId::Cathars
    }

    fn turn_keys(&self) -> &'static [Key] {
        &[(ESCAPE, "escapes from a besieged city")]
    }

    fn turn(&self, v: &mut Validator, t: &TurnInfo, keys: &[(&str, &Value)], out: &mut TurnOut) {
        turn(v, t, keys, out);
    }

    fn written(&self, _game: &Game, _mv: &Move, action: &Extra) -> Option<Written> {
        written(action)
    }
}
