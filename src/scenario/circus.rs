//! The vocabulary of Under the Big Top (`expansions: [circus]`): on a turn laying a circus tile,
//! the animal token drawn face down onto it (`animal: 4`; 1, 3, 4, 5, 6 or 7); the ringmaster,
//! deployed on a turn with `ringmaster: city N` instead of `follower:`, standing on the starting
//! board as `{player: Red, on: city N, ringmaster: true}`, named `ringmaster city N` in a list of
//! legal moves; on a circus tile of the starting board, the big top and the token under it
//! (`big-top: 5`). A game played with another count of ringmasters writes it in `supply:`
//! (`{ringmaster: 0}`). A turn's `acrobat:` is refused: the acrobats are not modelled.

use super::raw::RawFollowerSpec;
use super::value::Value;
use super::vocab::{BoardInfo, Key, OfferTile, SupplyOf, SupplyWord, TurnInfo, TurnOut, Vocabulary};
use super::write::{BoardOffer, Written};
use super::Validator;
use crate::engine::{Figure, Game, Move};
use crate::expansion::circus::{animal, rule, Action, RINGMASTERS, TOKENS};
use crate::expansion::{ExpansionId, Extra};
use crate::tile::{FeatureKind, Mark};

pub(super) struct Circus;

const ANIMAL: &str = "animal";
const BIG_TOP: &str = "big-top";
const RINGMASTER: &str = "ringmaster";
const ACROBAT: &str = "acrobat";

fn token(v: &mut Validator, path: &str, value: &Value) -> Option<u8> {
    let n = v.typed::<u8>(path, value)?;
    if TOKENS.get(n as usize).is_some_and(|c| *c > 0) {
        return Some(n);
    }
    v.problem(
        rule::TOKENS.as_str(),
        path,
        format!("no animal token is worth {n}"),
        Some("the tokens are worth 1 (flea), 3 (monkey), 4 (seal), 5 (bear), 6 (tiger) or 7 (elephant)".to_string()),
    );
    None
}

impl Vocabulary for Circus {
    fn expansion(&self) -> ExpansionId {
        ExpansionId::Circus
    }

    fn turn_keys(&self) -> &'static [Key] {
        &[(ANIMAL, "animal tokens"), (RINGMASTER, "ringmasters"), (ACROBAT, "acrobats")]
    }

    fn board_keys(&self) -> &'static [Key] {
        &[(BIG_TOP, "the big top")]
    }

    fn follower_keys(&self) -> &'static [Key] {
        &[(RINGMASTER, "ringmasters")]
    }

    fn turn(&self, v: &mut Validator, t: &TurnInfo, keys: &[(&str, &Value)], out: &mut TurnOut) {
        for (key, value) in keys {
            let path = format!("{}.{key}", t.path);
            match *key {
                ANIMAL => {
                    if let Some(n) = token(v, &path, value) {
                        out.extras.push(Extra::new(Action::Animal(n)));
                    }
                }
                RINGMASTER => {
                    if let Some(spec) = v.typed::<RawFollowerSpec>(&path, value) {
                        out.figure = Some((Figure::Ringmaster, spec, path));
                    }
                }
                _ => v.problem(
                    rule::ACROBATS.as_str(),
                    &path,
                    "a follower on an acrobat space is not modelled".to_string(),
                    Some(
                        "Under the Big Top's acrobats are not modelled (`referee explain circus.acrobats.placement`)"
                            .to_string(),
                    ),
                ),
            }
        }
    }

    fn board(&self, v: &mut Validator, b: &BoardInfo, keys: &[(&str, &Value)], out: &mut Vec<(String, Extra)>) {
        for (key, value) in keys {
            let path = format!("{}.{key}", b.path);
            if let Some(n) = token(v, &path, value) {
                out.push((path, Extra::new(Action::Animal(n))));
            }
        }
    }

    fn written(&self, _game: &Game, _mv: &Move, action: &Extra) -> Option<Written> {
        match action.get::<Action>()? {
            Action::Animal(n) => Some(Written::Value(ANIMAL, n.to_string())),
        }
    }

    fn follower(&self, v: &mut Validator, path: &str, keys: &[(&str, &Value)]) -> Option<Figure> {
        let mut figure = None;
        for (key, value) in keys {
            if v.typed::<bool>(&format!("{path}.{key}"), value)? {
                figure = Some(Figure::Ringmaster);
            }
        }
        figure
    }

    /// The big top on a circus tile, with each token; each player's ringmaster on each feature.
    fn board_offers(&self, t: &OfferTile) -> Vec<BoardOffer> {
        let mut out = t.figures(
            RINGMASTER,
            RINGMASTER,
            &[FeatureKind::Road, FeatureKind::City, FeatureKind::Cloister, FeatureKind::Field],
        );
        if t.def.marks.contains(&Mark::Circus) && !t.pieces.iter().any(|(_, x)| x.get::<Action>().is_some()) {
            for n in (1..TOKENS.len()).filter(|&n| TOKENS[n] > 0) {
                let words = format!("the big top on a {} token ({n})", animal(n as u8));
                out.push(BoardOffer::value(BIG_TOP, None, n.to_string(), words));
            }
        }
        out
    }

    fn figure_word(&self, word: &str) -> Option<Figure> {
        (word == RINGMASTER).then_some(Figure::Ringmaster)
    }

    fn supply_words(&self) -> &'static [SupplyWord] {
        &[SupplyWord {
            word: RINGMASTER,
            rules: RINGMASTERS,
            max: super::MAX_SUPPLY,
            of: SupplyOf::Figure(Figure::Ringmaster),
        }]
    }
}
