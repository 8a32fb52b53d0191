//! The vocabulary of The Drawbridges (`expansions: [db]`): followers moved over drawbridges
//! after their road is scored (`drawbridge: [{from: [x, y], to: [x, y], city: N}]`).

use super::value::Value;
use super::vocab::{Key, TurnInfo, TurnOut, Vocabulary};
use super::write::{square, Written};
use super::{feature_help, Validator};
use crate::engine::{Game, Move};
use crate::expansion::db::Crossing;
use crate::expansion::{ExpansionId, Extra};
use crate::tile::Spot;
use serde::Deserialize;

pub(super) struct Db;

/// `{from: [x, y], to: [x, y]}`: the follower that stood on the road at `from` goes over the
/// drawbridge on the tile at `to`.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct RawCrossing {
    from: Vec<i64>,
    to: Vec<i64>,
    /// Which city, when the tile at `to` has drawbridges to two (`city: N`).
    #[serde(default)]
    city: Option<String>,
}

impl Vocabulary for Db {
    fn expansion(&self) -> ExpansionId {
        ExpansionId::Db
    }

    fn turn_keys(&self) -> &'static [Key] {
        &[("drawbridge", "drawbridges")]
    }

    fn written(&self, _game: &Game, _mv: &Move, action: &Extra) -> Option<Written> {
        let Crossing { from, to, city } = action.get::<Crossing>()?;
        let city = city.map(|c| format!(", city: {}", c.words())).unwrap_or_default();
        Some(Written::Item {
            key: "drawbridge",
            alone: None,
            item: format!("{{from: {}, to: {}{city}}}", square(*from), square(*to)),
        })
    }

    fn turn(&self, v: &mut Validator, t: &TurnInfo, keys: &[(&str, &Value)], out: &mut TurnOut) {
        for (key, value) in keys {
            let path = format!("{}.{key}", t.path);
            for (j, m) in v.typed::<Vec<RawCrossing>>(&path, value).into_iter().flatten().enumerate() {
                let dpath = format!("{path}[{j}]");
                let from = v.pos(&format!("{dpath}.from"), &m.from);
                let to = v.pos(&format!("{dpath}.to"), &m.to);
                let city = match m.city.as_deref().map(|c| (c, Spot::parse(c.trim_start_matches("city ").trim()))) {
                    None => None,
                    Some((_, Some(sp))) => Some(sp),
                    Some((c, None)) => {
                        v.problem(
                            "scenario::bad-feature",
                            &format!("{dpath}.city"),
                            format!("`{c}` is not a place on a tile"),
                            Some(feature_help()),
                        );
                        None
                    }
                };
                if let (Some(from), Some(to)) = (from, to) {
                    out.extras.push(Extra::new(Crossing { from, to, city }));
                }
            }
        }
    }
}
