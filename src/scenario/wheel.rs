//! The vocabulary of The Wheel of Fortune (`expansions: [wheel-of-fortune]`): on a turn whose
//! drawn tile shows the wheel's icon, its crowns and the sector the pig reaches
//! (`wheel: {crowns: 2, to: famine}`); for a scenario taken up mid-game, where the pig stands
//! (`wheel: {pig: famine}` among the scenario's own keys; Fortune when not written).
//!
//! Only Famine is played: a `to:` naming another sector is refused here, located, as not
//! modelled. No key puts a follower on the wheel's crown spaces (not modelled).

use super::value::Value;
use super::vocab::{Key, TopInfo, TopOut, TurnInfo, TurnOut, Vocabulary};
use super::write::Written;
use super::Validator;
use crate::engine::{Game, Move};
use crate::expansion::wheel::{rule, Action, Sector, MAX_CROWNS};
use crate::expansion::{ExpansionId, Extra};
use serde::Deserialize;

pub(super) struct Wheel;

const KEY: &str = "wheel";

/// `wheel: {crowns: 2, to: famine}` on a turn.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct RawTurn {
    crowns: i64,
    to: String,
}

/// `wheel: {pig: famine}` among the scenario's keys.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct RawWheel {
    pig: String,
}

const SECTORS: &str = "a sector of the wheel: fortune, tax, famine, storm, inquisition or plague";

fn sector(v: &mut Validator, path: &str, word: &str) -> Option<Sector> {
    let s = Sector::parse(word);
    if s.is_none() {
        v.problem(
            rule::MOVES.as_str(),
            path,
            format!("`{word}` is not a sector of the wheel"),
            Some(SECTORS.to_string()),
        );
    }
    s
}

impl Vocabulary for Wheel {
    fn expansion(&self) -> ExpansionId {
        ExpansionId::WheelOfFortune
    }

    fn turn_keys(&self) -> &'static [Key] {
        &[(KEY, "the Wheel of Fortune")]
    }

    fn top_keys(&self) -> &'static [Key] {
        &[(KEY, "the Wheel of Fortune")]
    }

    fn turn(&self, v: &mut Validator, t: &TurnInfo, keys: &[(&str, &Value)], out: &mut TurnOut) {
        for (key, value) in keys {
            let path = format!("{}.{key}", t.path);
            let Some(raw) = v.typed::<RawTurn>(&path, value) else { continue };
            let crowns = match u8::try_from(raw.crowns) {
                Ok(c) if (1..=MAX_CROWNS).contains(&c) => Some(c),
                _ => {
                    v.problem(
                        rule::TILES.as_str(),
                        &format!("{path}.crowns"),
                        format!("a tile shows 1 to {MAX_CROWNS} crowns, not {}", raw.crowns),
                        Some("write the number of crowns on the drawn tile's Wheel of Fortune icon".to_string()),
                    );
                    None
                }
            };
            let to_path = format!("{path}.to");
            let to = sector(v, &to_path, &raw.to);
            if let Some(s) = to.filter(|s| !s.modelled()) {
                v.problem(
                    rule::SECTOR.as_str(),
                    &to_path,
                    format!("the {} sector is not modelled by this version of the referee", s.word()),
                    Some("of the wheel's sectors, only famine is played".to_string()),
                );
                continue;
            }
            if let (Some(crowns), Some(to)) = (crowns, to) {
                out.extras.push(Extra::new(Action::Turn { crowns, to }));
            }
        }
    }

    fn written(&self, _game: &Game, _mv: &Move, action: &Extra) -> Option<Written> {
        match action.get::<Action>()? {
            Action::Turn { crowns, to } => {
                Some(Written::Value(KEY, format!("{{crowns: {crowns}, to: {}}}", to.word())))
            }
            Action::PigAt(_) => None,
        }
    }

    fn top(&self, v: &mut Validator, _t: &TopInfo, keys: &[(&str, &Value)], out: &mut TopOut) {
        for (key, value) in keys {
            let Some(raw) = v.typed::<RawWheel>(key, value) else { continue };
            if let Some(s) = sector(v, &format!("{key}.pig"), &raw.pig) {
                out.held.push((key.to_string(), Extra::new(Action::PigAt(s))));
            }
        }
    }
}
