//! The vocabulary of Abbey and Mayor (`expansions: [am]`): the mayor and the wagon, deployed on
//! a turn with `mayor: city N` or `wagon: road E` instead of `follower:`, standing on the
//! starting board as `{player: Red, on: city N, mayor: true}`, and named `mayor city N` or
//! `wagon road E` in a list of legal moves.

use super::raw::RawFollowerSpec;
use super::value::Value;
use super::vocab::{Key, TurnInfo, TurnOut, Vocabulary};
use super::Validator;
use crate::engine::Figure;
use crate::expansion::ExpansionId;

pub(super) struct Am;

const MAYOR: &str = "mayor";
const WAGON: &str = "wagon";
/// Keys of pieces the referee does not model yet: each refused where it is written, citing
/// its rule.
const NOT_YET: &[(&str, crate::rules::RuleId, &str)] = &[
    ("wagon-move", crate::expansion::am::rule::WAGON_MOVE, "the wagon's move after its feature scores"),
    ("barn", crate::expansion::am::rule::BARN, "the barn"),
    ("abbey", crate::expansion::am::rule::ABBEY, "the abbey tile"),
];

fn figure_of(key: &str) -> Option<Figure> {
    match key {
        MAYOR => Some(Figure::Mayor),
        WAGON => Some(Figure::Wagon),
        _ => None,
    }
}

impl Vocabulary for Am {
    fn expansion(&self) -> ExpansionId {
        ExpansionId::Am
    }

    fn turn_keys(&self) -> &'static [Key] {
        &[(MAYOR, "mayors"), (WAGON, "wagons"), ("wagon-move", "wagon moves"), ("barn", "barns"), ("abbey", "abbeys")]
    }

    fn follower_keys(&self) -> &'static [Key] {
        &[(MAYOR, "mayors"), (WAGON, "wagons")]
    }

    fn turn(&self, v: &mut Validator, t: &TurnInfo, keys: &[(&str, &Value)], out: &mut TurnOut) {
        for (key, value) in keys {
            let path = format!("{}.{key}", t.path);
            if let Some((_, rule, what)) = NOT_YET.iter().find(|(k, _, _)| k == key) {
                v.problem(
                    rule.as_str(),
                    &path,
                    format!("{what} (Abbey and Mayor) is not modelled yet by this version of the referee"),
                    Some("docs/scenarios.md, \"Abbey and Mayor\", says what is modelled".to_string()),
                );
                continue;
            }
            let Some(figure) = figure_of(key) else { continue };
            if let Some(spec) = v.typed::<RawFollowerSpec>(&path, value) {
                out.figure = Some((figure, spec, path));
            }
        }
    }

    fn follower(&self, v: &mut Validator, path: &str, keys: &[(&str, &Value)]) -> Option<Figure> {
        let mut figure = None;
        for (key, value) in keys {
            if v.typed::<bool>(&format!("{path}.{key}"), value)? {
                figure = figure_of(key);
            }
        }
        figure
    }

    fn figure_word(&self, word: &str) -> Option<Figure> {
        figure_of(word)
    }
}
