//! The vocabulary of The Abbot (`expansions: [abbot]`): the abbot, deployed on a turn with
//! `abbot: cloister` or `abbot: garden` instead of `follower:`, standing on the starting board
//! as `{player: Red, on: garden, abbot: true}`, and named `abbot garden` in a list of legal
//! moves; its garden tiles (`EG` ... `VG`) are tiles of the catalogue, written as any other; taken back instead of deploying with `abbot-back: true`. A game played with another
//! count of abbots writes it in `supply:` (`{abbot: 0}`).

use super::raw::RawFollowerSpec;
use super::value::Value;
use super::vocab::{Key, OfferTile, SupplyOf, SupplyWord, TurnInfo, TurnOut, Vocabulary};
use super::write::{BoardOffer, Written};
use super::Validator;
use crate::engine::{Figure, Game, Move};
use crate::expansion::abbot::Action;
use crate::expansion::{ExpansionId, Extra};
use crate::tile::FeatureKind;

pub(super) struct Abbot;

const ABBOT: &str = "abbot";
const BACK: &str = "abbot-back";

impl Vocabulary for Abbot {
    fn expansion(&self) -> ExpansionId {
        ExpansionId::Abbot
    }

    fn turn_keys(&self) -> &'static [Key] {
        &[(ABBOT, "abbots"), (BACK, "abbots")]
    }

    fn follower_keys(&self) -> &'static [Key] {
        &[(ABBOT, "abbots")]
    }

    fn turn(&self, v: &mut Validator, t: &TurnInfo, keys: &[(&str, &Value)], out: &mut TurnOut) {
        for (key, value) in keys {
            let path = format!("{}.{key}", t.path);
            if *key == BACK {
                if v.typed::<bool>(&path, value) == Some(true) {
                    out.extras.push(Extra::new(Action::TakeBack));
                }
            } else if let Some(spec) = v.typed::<RawFollowerSpec>(&path, value) {
                out.figure = Some((Figure::Abbot, spec, path));
            }
        }
    }

    fn written(&self, _game: &Game, _mv: &Move, action: &Extra) -> Option<Written> {
        match action.get::<Action>()? {
            Action::TakeBack => Some(Written::Value(BACK, "true".to_string())),
        }
    }

    fn follower(&self, v: &mut Validator, path: &str, keys: &[(&str, &Value)]) -> Option<Figure> {
        let mut figure = None;
        for (key, value) in keys {
            if v.typed::<bool>(&format!("{path}.{key}"), value)? {
                figure = Some(Figure::Abbot);
            }
        }
        figure
    }

    /// Each player's abbot on each cloister and garden.
    fn board_offers(&self, t: &OfferTile) -> Vec<BoardOffer> {
        t.figures(ABBOT, ABBOT, &[FeatureKind::Cloister, FeatureKind::Garden])
    }

    fn figure_word(&self, word: &str) -> Option<Figure> {
        (word == ABBOT).then_some(Figure::Abbot)
    }

    fn supply_words(&self) -> &'static [SupplyWord] {
        &[SupplyWord {
            word: ABBOT,
            rules: crate::expansion::abbot::PER_PLAYER,
            max: super::MAX_SUPPLY,
            of: SupplyOf::Figure(Figure::Abbot),
        }]
    }
}
