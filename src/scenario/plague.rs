//! The vocabulary of The Plague (`expansions: [plague]`): on a turn, the tile the turn's flea
//! goes on (`flea: [1, 0]`); on a tile of the starting board, the active outbreak token on
//! it, which makes it a plague source (`outbreak: 1`), or an active flea (`flea: true`). A
//! follower's flight (`flight:`) is refused: not modelled.

use super::value::Value;
use super::vocab::{BoardInfo, Key, OfferTile, TurnInfo, TurnOut, Vocabulary};
use super::write::{square, BoardOffer, Written};
use super::Validator;
use crate::engine::{Game, Move};
use crate::expansion::plague::{rule, Action, OUTBREAKS};
use crate::expansion::{ExpansionId, Extra};

pub(super) struct Plague;

impl Vocabulary for Plague {
    fn expansion(&self) -> ExpansionId {
        ExpansionId::Plague
    }

    fn turn_keys(&self) -> &'static [Key] {
        &[("flea", "the plague's fleas"), ("flight", "the plague's flight")]
    }

    fn board_keys(&self) -> &'static [Key] {
        &[("outbreak", "the plague's outbreaks"), ("flea", "the plague's fleas")]
    }

    fn turn(&self, v: &mut Validator, t: &TurnInfo, keys: &[(&str, &Value)], out: &mut TurnOut) {
        for (key, value) in keys {
            let path = format!("{}.{key}", t.path);
            if *key == "flight" {
                v.problem(
                    rule::FLIGHT.as_str(),
                    &path,
                    "a follower's flight from the plague is not modelled by this version of the referee".to_string(),
                    Some("docs/scenarios.md, \"The Plague\", says what is modelled".to_string()),
                );
                continue;
            }
            let Some(sq) = v.typed::<Vec<i64>>(&path, value) else { continue };
            if let Some(at) = v.pos(&path, &sq) {
                out.extras.push(Extra::new(Action::Flea(at)));
            }
        }
    }

    fn written(&self, _game: &Game, _mv: &Move, action: &Extra) -> Option<Written> {
        match action.get::<Action>()? {
            Action::Flea(at) => Some(Written::Value("flea", square(*at))),
            // The starting board's tokens are no turn's.
            Action::StandingOutbreak(_) | Action::StandingFlea => None,
        }
    }

    /// An outbreak token of each number, and a flea.
    fn board_offers(&self, _t: &OfferTile) -> Vec<BoardOffer> {
        let mut out: Vec<BoardOffer> = (1..=OUTBREAKS)
            .map(|n| {
                BoardOffer::value("outbreak", None, n.to_string(), format!("outbreak token {n} (a plague source)"))
            })
            .collect();
        out.push(BoardOffer::value("flea", None, "true".to_string(), "an active flea".to_string()));
        out
    }

    fn board(&self, v: &mut Validator, b: &BoardInfo, keys: &[(&str, &Value)], out: &mut Vec<(String, Extra)>) {
        for (key, value) in keys {
            let path = format!("{}.{key}", b.path);
            let Some(_) = b.pos else { continue };
            if *key == "outbreak" {
                if let Some(n) = v.typed::<u8>(&path, value) {
                    out.push((path, Extra::new(Action::StandingOutbreak(n))));
                }
                continue;
            }
            if let Some(true) = v.typed::<bool>(&path, value) {
                out.push((path, Extra::new(Action::StandingFlea)));
            }
        }
    }
}
