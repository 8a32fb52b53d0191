//! The vocabulary of Inns and Cathedrals (`expansions: [ic]`): the large follower, deployed on
//! a turn with `large: city N` instead of `follower:`, standing on the starting board as
//! `{player: Red, on: city N, large: true}`, and named `large city N` in a list of legal moves.
//! A game played with another count of large followers writes it in `supply:`
//! (`{large-follower: 2}`). Inns and cathedrals are printed on tiles (`inns:`, `cathedrals:`) and need no words.

use super::raw::RawFollowerSpec;
use super::value::Value;
use super::vocab::{Key, OfferTile, SupplyOf, SupplyWord, TurnInfo, TurnOut, Vocabulary};
use super::write::BoardOffer;
use super::Validator;
use crate::engine::Figure;
use crate::expansion::ExpansionId;
use crate::tile::FeatureKind;

pub(super) struct Ic;

const LARGE: &str = "large";

impl Vocabulary for Ic {
    fn expansion(&self) -> ExpansionId {
        ExpansionId::Ic
    }

    fn turn_keys(&self) -> &'static [Key] {
        &[(LARGE, "large followers")]
    }

    fn follower_keys(&self) -> &'static [Key] {
        &[(LARGE, "large followers")]
    }

    fn turn(&self, v: &mut Validator, t: &TurnInfo, keys: &[(&str, &Value)], out: &mut TurnOut) {
        for (key, value) in keys {
            let path = format!("{}.{key}", t.path);
            if let Some(spec) = v.typed::<RawFollowerSpec>(&path, value) {
                out.figure = Some((Figure::Large, spec, path));
            }
        }
    }

    fn follower(&self, v: &mut Validator, path: &str, keys: &[(&str, &Value)]) -> Option<Figure> {
        let mut figure = None;
        for (key, value) in keys {
            if v.typed::<bool>(&format!("{path}.{key}"), value)? {
                figure = Some(Figure::Large);
            }
        }
        figure
    }

    /// Each player's large follower on each feature.
    fn board_offers(&self, t: &OfferTile) -> Vec<BoardOffer> {
        t.figures(LARGE, "large follower", &FeatureKind::ALL)
    }

    fn figure_word(&self, word: &str) -> Option<Figure> {
        (word == LARGE).then_some(Figure::Large)
    }

    fn supply_words(&self) -> &'static [SupplyWord] {
        &[SupplyWord {
            word: "large-follower",
            rules: crate::expansion::ic::LARGE_PER_PLAYER,
            max: super::MAX_SUPPLY,
            of: SupplyOf::Figure(Figure::Large),
        }]
    }
}
