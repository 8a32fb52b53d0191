//! The vocabulary of The Phantom (`expansions: [phantom]`): on a turn, the phantom on a feature
//! of the tile just placed (`phantom: road E`), beside the turn's `follower:` or alone; on the
//! starting board, `{player: Red, on: city N, phantom: true}`; in a list of legal moves, an
//! action (`actions:`). On top of a tower it is The Tower's key (`tower-phantom: [1, 0]`). A
//! supply other than the rules' one each: `supply: {phantom: 0}`.

use super::value::Value;
use super::vocab::{Key, OfferTile, SupplyOf, SupplyWord, TurnInfo, TurnOut, Vocabulary};
use super::write::{feature_name, BoardOffer, Written};
use super::Validator;
use crate::engine::{Figure, FollowerOn, Game, Move};
use crate::expansion::phantom::Action;
use crate::expansion::{ExpansionId, Extra};
use crate::tile::FeatureKind;

pub(super) struct Phantom;

const PHANTOM: &str = "phantom";

impl Vocabulary for Phantom {
    fn expansion(&self) -> ExpansionId {
        ExpansionId::Phantom
    }

    fn turn_keys(&self) -> &'static [Key] {
        &[(PHANTOM, "phantoms")]
    }

    fn follower_keys(&self) -> &'static [Key] {
        &[(PHANTOM, "phantoms")]
    }

    fn turn(&self, v: &mut Validator, t: &TurnInfo, keys: &[(&str, &Value)], out: &mut TurnOut) {
        for (key, value) in keys {
            let path = format!("{}.{key}", t.path);
            let Some(text) = v.typed::<String>(&path, value) else { continue };
            let Some((kind, rotation)) = t.tile else { continue };
            match v.feature(t.tiles, kind, rotation, &path, &text) {
                Some(FollowerOn::Segment(local)) => {
                    out.extras.push(Extra::new(Action::deploy(t.tiles.get(kind), rotation, local)))
                }
                Some(FollowerOn::Added(_)) => v.problem(
                    crate::expansion::phantom::rule::SECOND_FOLLOWER.as_str(),
                    &path,
                    "a phantom on a piece built this turn (a bridge) is not modelled yet by this version of the referee".to_string(),
                    Some("docs/scenarios.md, \"The Phantom\", says what is modelled".to_string()),
                ),
                Some(FollowerOn::NoFeature { what, rule }) => v.problem(
                rule.as_str(),
                &path,
                format!("the {what} is no feature: no follower stands on it, the phantom neither"),
                Some("name a road, city, cloister or field of the tile".to_string()),
            ),
                None => {}
            }
        }
    }

    fn written(&self, game: &Game, mv: &Move, action: &Extra) -> Option<Written> {
        let deploy = action.get::<Action>()?;
        let Action::Deploy { local, .. } = deploy;
        let def = game.def(mv.tile);
        // Read back, the action names its feature as `Action::deploy` does.
        if Action::deploy(def, mv.rotation, *local) != *deploy {
            return None;
        }
        Some(Written::Value(PHANTOM, feature_name(def, mv.rotation, *local)?))
    }

    fn supply_words(&self) -> &'static [SupplyWord] {
        &[SupplyWord {
            word: PHANTOM,
            rules: crate::expansion::phantom::PER_PLAYER,
            max: super::MAX_SUPPLY,
            of: SupplyOf::Figure(Figure::Phantom),
        }]
    }

    /// Each player's phantom on each feature.
    fn board_offers(&self, t: &OfferTile) -> Vec<BoardOffer> {
        t.figures(PHANTOM, PHANTOM, &FeatureKind::ALL)
    }

    fn follower(&self, v: &mut Validator, path: &str, keys: &[(&str, &Value)]) -> Option<Figure> {
        let mut figure = None;
        for (key, value) in keys {
            if v.typed::<bool>(&format!("{path}.{key}"), value)? {
                figure = Some(Figure::Phantom);
            }
        }
        figure
    }
}
