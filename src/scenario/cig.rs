//! The vocabulary of Castles in Germany (`expansions: [cig]`): the castle tiles each player
//! holds face up (`german-castles: {Red: [ELTZ]}`).

use super::value::Value;
use super::vocab::{Key, TopInfo, TopOut, Vocabulary};
use super::Validator;
use crate::diag::Problem;
use crate::expansion::cig::rule;
use crate::expansion::ExpansionId;
use crate::score::PlayerId;
use crate::tile::FeatureKind;
use std::collections::BTreeMap;

pub(super) struct Cig;

impl Vocabulary for Cig {
    fn expansion(&self) -> ExpansionId {
        ExpansionId::Cig
    }

    fn top_keys(&self) -> &'static [Key] {
        &[("german-castles", "German castles")]
    }

    fn top(&self, v: &mut Validator, t: &TopInfo, keys: &[(&str, &Value)], out: &mut TopOut) {
        for (key, value) in keys {
            let Some(hands) = v.typed::<BTreeMap<String, Vec<String>>>(key, value) else { continue };
            for (name, ids) in &hands {
                let path = format!("{key}.{name}");
                let Some(p) = t.players.iter().position(|x| x == name).map(|i| PlayerId(i as u8)) else {
                    v.unknown_player(&path, name, t.players);
                    continue;
                };
                let allowed = crate::expansion::cig::castles_allowed(t.players.len());
                if ids.len() > allowed {
                    let problem = Problem::broken_rule(
                        rule::SETUP,
                        format!("with {} players each holds {allowed} castle(s), not {}", t.players.len(), ids.len()),
                    );
                    v.push(problem, &path);
                }
                let mut kinds = Vec::new();
                for (j, id) in ids.iter().enumerate() {
                    let tpath = format!("{path}[{j}]");
                    let Some(k) = v.tile(t.tiles, &tpath, id) else { continue };
                    let def = t.tiles.get(k);
                    if def.twin.is_none() || !def.segments.iter().any(|s| s.kind == FeatureKind::Castle) {
                        v.problem(
                            "scenario::not-a-castle",
                            &tpath,
                            format!("tile `{id}` is not a castle tile"),
                            Some(
                                "a German castle is a double-size tile with `castle: true` and a `second:` square"
                                    .to_string(),
                            ),
                        );
                    }
                    kinds.push(k);
                }
                out.hands.push((p, kinds));
            }
        }
    }
}
