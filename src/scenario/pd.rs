//! The vocabulary of The Princess and the Dragon (`expansions: [pd]`, alias
//! `princess-dragon`): on a turn, the dragon's flight as the squares it enters in order
//! (`dragon: [[1, 0], [2, 0]]`; with `dragon-flight: unfinished` on the last turn of a game
//! recorded during the flight, the moves made so far), the fairy moved beside a follower (`fairy: {at: [1, 0], on:
//! road}`; onto a tile, `fairy: [1, 0]`, where the fairy is put on a tile), the knight a princess sends home (`princess: {at: [0, 1], on: city S}`) and the
//! feature a follower reaches through a magic portal (`portal: {at: [2, 0], on: field N}`);
//! on a tile of the starting board, the dragon standing there (`dragon: true`) and the
//! fairy beside a follower of that tile (`fairy: city N`).

use super::value::Value;
use super::vocab::{BoardInfo, Key, OfferTile, TurnInfo, TurnOut, Vocabulary};
use super::write::{kind_and_spot, one_place, square, BoardOffer, Written};
use super::Validator;
use crate::engine::{Game, Move};
use crate::expansion::pd::{Action, Target};
use crate::expansion::{ExpansionId, Extra};
use crate::geom::Pos;
use crate::tile::FeatureKind;
use serde::Deserialize;

pub(super) struct Pd;

/// The features a target names.
/// The features a follower the fairy stands beside may hold: a German castle's too.
const FEATURES: [FeatureKind; 5] =
    [FeatureKind::Road, FeatureKind::City, FeatureKind::Field, FeatureKind::Cloister, FeatureKind::Castle];

/// `{at: [x, y], on: city N}`: a feature of the tile at a square.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct RawTarget {
    at: Vec<i64>,
    on: String,
}

fn target(v: &mut Validator, path: &str, value: &Value) -> Option<Target> {
    let raw = v.typed::<RawTarget>(path, value)?;
    let at = v.pos(&format!("{path}.at"), &raw.at);
    let what =
        v.kind_and_spot(&format!("{path}.on"), &raw.on, &FEATURES, "a road, city, field, cloister or German castle");
    let (at, (kind, spot)) = (at?, what?);
    Some(Target { at, kind, spot })
}

/// A target as the reader takes it: `{at: [x, y], on: city N}`, of a feature it names.
fn target_written(t: &Target) -> Option<String> {
    FEATURES.contains(&t.kind).then(|| format!("{{at: {}, on: {}}}", square(t.at), kind_and_spot(t.kind, t.spot)))
}

impl Vocabulary for Pd {
    fn expansion(&self) -> ExpansionId {
        ExpansionId::Pd
    }

    fn turn_keys(&self) -> &'static [Key] {
        &[
            ("dragon", "the dragon"),
            ("dragon-flight", "the dragon"),
            ("fairy", "the fairy"),
            ("princess", "the princess"),
            ("portal", "magic portals"),
        ]
    }

    fn board_keys(&self) -> &'static [Key] {
        &[("dragon", "the dragon"), ("fairy", "the fairy")]
    }

    fn turn(&self, v: &mut Validator, t: &TurnInfo, keys: &[(&str, &Value)], out: &mut TurnOut) {
        for (key, value) in keys {
            let path = format!("{}.{key}", t.path);
            if *key == "dragon" {
                let Some(squares) = v.typed::<Vec<Vec<i64>>>(&path, value) else { continue };
                let mut path_squares: Vec<Pos> = Vec::new();
                let mut ok = true;
                for (j, sq) in squares.iter().enumerate() {
                    match v.pos(&format!("{path}[{j}]"), sq) {
                        Some(p) => path_squares.push(p),
                        None => ok = false,
                    }
                }
                if ok {
                    out.extras.push(Extra::new(Action::Dragon(path_squares)));
                }
                continue;
            }
            if *key == "dragon-flight" {
                // The game stops during the flight, or as it ends (a game recorded then).
                const WORDS: &[(&str, &str)] =
                    &[("unfinished", "the game stops during the flight"), ("ended", "it stops as the flight ends")];
                let help = "write the flight out to its end";
                if let Some(i) = v.recorded_stop(t, (key, value), "scenario::bad-dragon-flight", WORDS, help) {
                    out.extras.push(Extra::new(if i == 0 { Action::FlightUnfinished } else { Action::FlightEnded }));
                }
                continue;
            }
            // `fairy: [x, y]`: the fairy onto the tile there (`fairy.placement: on-a-tile`).
            if *key == "fairy" && matches!(value, Value::Seq(_)) {
                let Some(sq) = v.typed::<Vec<i64>>(&path, value) else { continue };
                if let Some(at) = v.pos(&path, &sq) {
                    out.extras.push(Extra::new(Action::FairyOnTile(at)));
                }
                continue;
            }
            let Some(target) = target(v, &path, value) else { continue };
            out.extras.push(Extra::new(match *key {
                "fairy" => Action::Fairy(target),
                "princess" => Action::Princess(target),
                _ => Action::Portal(target),
            }));
        }
    }

    fn written(&self, _game: &Game, _mv: &Move, action: &Extra) -> Option<Written> {
        Some(match action.get::<Action>()? {
            Action::Dragon(squares) => {
                let squares: Vec<String> = squares.iter().map(|p| square(*p)).collect();
                Written::Value("dragon", format!("[{}]", squares.join(", ")))
            }
            Action::Fairy(t) => Written::Value("fairy", target_written(t)?),
            Action::FairyOnTile(at) => Written::Value("fairy", square(*at)),
            Action::Princess(t) => Written::Value("princess", target_written(t)?),
            Action::Portal(t) => Written::Value("portal", target_written(t)?),
            // A game recorded during the flight, or as it ends: read only on a last turn.
            Action::FlightUnfinished => Written::Value("dragon-flight", "unfinished".to_string()),
            Action::FlightEnded => Written::Value("dragon-flight", "ended".to_string()),
            // The starting board's figures are no turn's.
            Action::StandingDragon(_) | Action::StandingFairy(_) => return None,
        })
    }

    /// The dragon on the tile, and the fairy beside each follower written on it.
    fn board_offers(&self, t: &OfferTile) -> Vec<BoardOffer> {
        let mut out = vec![BoardOffer::value("dragon", None, "true".to_string(), "the dragon".to_string())];
        let beside = |l: &usize| t.followers.iter().any(|(_, at, on, _)| *at == t.pos && on == l);
        for l in t.features(&FEATURES).filter(beside) {
            let Some(on) = one_place(t.def, t.rotation, l) else { continue };
            out.push(BoardOffer::value("fairy", None, on.clone(), format!("the fairy beside the follower on {on}")));
        }
        out
    }

    fn board(&self, v: &mut Validator, b: &BoardInfo, keys: &[(&str, &Value)], out: &mut Vec<(String, Extra)>) {
        for (key, value) in keys {
            let path = format!("{}.{key}", b.path);
            let Some(at) = b.pos else { continue };
            if *key == "dragon" {
                match v.typed::<bool>(&path, value) {
                    Some(true) => out.push((path, Extra::new(Action::StandingDragon(at)))),
                    Some(false) => {}
                    None => {}
                }
                continue;
            }
            let Some(text) = v.typed::<String>(&path, value) else { continue };
            if let Some((kind, spot)) =
                v.kind_and_spot(&path, &text, &FEATURES, "a road, city, field, cloister or German castle")
            {
                out.push((path, Extra::new(Action::StandingFairy(Target { at, kind, spot }))));
            }
        }
    }
}
