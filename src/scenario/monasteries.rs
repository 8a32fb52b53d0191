//! The vocabulary of The Monasteries (`expansions: [monasteries]`): a follower laid as an
//! abbot on a special monastery, deployed on a turn with `as-abbot: cloister` instead of
//! `follower:`, standing on the starting board as `{player: Red, on: cloister, as-abbot: true}`,
//! and named `as-abbot cloister` in a list of legal moves. It is one of the player's normal
//! followers: `supply: {followers: N}` counts it. The special monasteries are printed on their
//! tiles (`marks: [special-monastery]`) and need no words.

use super::raw::RawFollowerSpec;
use super::value::Value;
use super::vocab::{Key, OfferTile, TurnInfo, TurnOut, Vocabulary};
use super::write::BoardOffer;
use super::Validator;
use crate::engine::Figure;
use crate::expansion::ExpansionId;
use crate::tile::{FeatureKind, Mark};

pub(super) struct Monasteries;

const AS_ABBOT: &str = "as-abbot";

impl Vocabulary for Monasteries {
    fn expansion(&self) -> ExpansionId {
        ExpansionId::Monasteries
    }

    fn turn_keys(&self) -> &'static [Key] {
        &[(AS_ABBOT, "followers laid as abbots")]
    }

    fn follower_keys(&self) -> &'static [Key] {
        &[(AS_ABBOT, "followers laid as abbots")]
    }

    fn turn(&self, v: &mut Validator, t: &TurnInfo, keys: &[(&str, &Value)], out: &mut TurnOut) {
        for (key, value) in keys {
            let path = format!("{}.{key}", t.path);
            if let Some(spec) = v.typed::<RawFollowerSpec>(&path, value) {
                out.figure = Some((Figure::Prior, spec, path));
            }
        }
    }

    fn follower(&self, v: &mut Validator, path: &str, keys: &[(&str, &Value)]) -> Option<Figure> {
        let mut figure = None;
        for (key, value) in keys {
            if v.typed::<bool>(&format!("{path}.{key}"), value)? {
                figure = Some(Figure::Prior);
            }
        }
        figure
    }

    /// Each player's follower laid as an abbot on a special monastery.
    fn board_offers(&self, t: &OfferTile) -> Vec<BoardOffer> {
        if !t.def.marks.contains(&Mark::Monastery) {
            return Vec::new();
        }
        t.figures(AS_ABBOT, "follower laid as an abbot", &[FeatureKind::Cloister])
    }

    fn figure_word(&self, word: &str) -> Option<Figure> {
        (word == AS_ABBOT).then_some(Figure::Prior)
    }
}
