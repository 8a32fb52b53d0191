//! The vocabulary of Hills and Sheep (`expansions: [hs]`, alias `hills-sheep`). Hills and
//! vineyards are printed on the tiles and need no key. The shepherd is not modelled: a turn's
//! `shepherd:` (a shepherd deployed, a flock grown or brought home) and a board follower's
//! `shepherd: true` are refused where they are written, so that no shepherd is silently
//! ignored.

use super::value::Value;
use super::vocab::{Key, TurnInfo, TurnOut, Vocabulary};
use super::Validator;
use crate::engine::Figure;
use crate::expansion::hs::rule;
use crate::expansion::ExpansionId;

pub(super) struct Hs;

const SHEPHERD: &str = "shepherd";

fn refuse(v: &mut Validator, path: &str) {
    v.problem(
        rule::SHEPHERD_NOT_MODELLED.as_str(),
        path,
        "the shepherd of Hills and Sheep (and its flock, drawn from the bag) is not modelled yet by this version of \
         the referee"
            .to_string(),
        Some("docs/scenarios.md, \"Hills and Sheep\", says what is modelled: hills and vineyards".to_string()),
    );
}

impl Vocabulary for Hs {
    fn expansion(&self) -> ExpansionId {
        ExpansionId::Hs
    }

    fn turn_keys(&self) -> &'static [Key] {
        &[(SHEPHERD, "shepherds")]
    }

    fn follower_keys(&self) -> &'static [Key] {
        &[(SHEPHERD, "shepherds")]
    }

    fn turn(&self, v: &mut Validator, t: &TurnInfo, keys: &[(&str, &Value)], _out: &mut TurnOut) {
        for (key, _) in keys {
            refuse(v, &format!("{}.{key}", t.path));
        }
    }

    fn follower(&self, v: &mut Validator, path: &str, keys: &[(&str, &Value)]) -> Option<Figure> {
        for (key, _) in keys {
            refuse(v, &format!("{path}.{key}"));
        }
        None
    }
}
