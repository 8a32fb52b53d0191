//! The vocabulary of Abbey and Mayor (`expansions: [am]`): the mayor and the wagon, deployed on
//! a turn with `mayor: city N` or `wagon: road E` instead of `follower:`, standing on the
//! starting board as `{player: Red, on: city N, mayor: true}`, and named `mayor city N` or
//! `wagon road E` in a list of legal moves. After a wagon's feature scores, the turn may move it:
//! `wagon-move: [{from: [x, y], to: [x, y], on: road E}]`. A game played with other counts than
//! the box's one of each writes them in `supply:` (`{mayor: 0, wagon: 2, barn: 2}`).

use super::raw::RawFollowerSpec;
use super::value::Value;
use super::vocab::{Key, SupplyOf, SupplyWord, TurnInfo, TurnOut, Vocabulary};
use super::Validator;
use crate::engine::Figure;
use crate::expansion::am::wagon;
use crate::expansion::{ExpansionId, Extra};
use crate::tile::FeatureKind;
use serde::Deserialize;

pub(super) struct Am;

const MAYOR: &str = "mayor";
const WAGON: &str = "wagon";
const WAGON_MOVE: &str = "wagon-move";
/// `barn-corner: NE`: the barn on that corner of the tile just placed (the key `barn` is the
/// new edition's barn of expansion 8).
const BARN: &str = "barn-corner";

/// `{from: [x, y], to: [x, y], on: road E}`: the wagon that stood at `from` on a feature
/// scored this turn moves onto the feature `on` of the tile at `to`.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct RawWagonMove {
    from: Vec<i64>,
    to: Vec<i64>,
    on: String,
}
/// Keys of pieces the referee does not model yet: each refused where it is written, citing
/// its rule.
const NOT_YET: &[(&str, crate::rules::RuleId, &str)] =
    &[("abbey", crate::expansion::am::rule::ABBEY, "the abbey tile")];

/// The barns each player has, for `supply: {barn: 2}`.
fn barns_each(n: u8) -> Extra {
    Extra::new(crate::expansion::am::barn::BarnsEach(n))
}

/// The words of `supply:`: one of each figure in the box (rule am.components.figures).
const SUPPLY: &[SupplyWord] = &[
    SupplyWord { word: MAYOR, rules: 1, max: super::MAX_SUPPLY, of: SupplyOf::Figure(Figure::Mayor) },
    SupplyWord { word: WAGON, rules: 1, max: super::MAX_SUPPLY, of: SupplyOf::Figure(Figure::Wagon) },
    SupplyWord { word: "barn", rules: 1, max: super::MAX_SUPPLY, of: SupplyOf::Piece(barns_each) },
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
        &[(MAYOR, "mayors"), (WAGON, "wagons"), (WAGON_MOVE, "wagon moves"), (BARN, "barns"), ("abbey", "abbeys")]
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
            if *key == BARN {
                let text = v.typed::<String>(&path, value);
                match text.as_deref().map(|t| (crate::geom::Corner::parse(t.trim()), t)) {
                    Some((Some(corner), _)) => out.extras.push(Extra::new(crate::expansion::am::barn::Barn { corner })),
                    Some((None, t)) => v.problem(
                        "scenario::bad-corner",
                        &path,
                        format!("`{t}` is not a corner of a tile"),
                        Some("write NE, SE, SW or NW".to_string()),
                    ),
                    None => {}
                }
                continue;
            }
            if *key == WAGON_MOVE {
                for (j, m) in v.typed::<Vec<RawWagonMove>>(&path, value).into_iter().flatten().enumerate() {
                    let mpath = format!("{path}[{j}]");
                    let from = v.pos(&format!("{mpath}.from"), &m.from);
                    let to = v.pos(&format!("{mpath}.to"), &m.to);
                    let on = v.kind_and_spot(&format!("{mpath}.on"), &m.on, &FeatureKind::ALL, "a feature");
                    if let (Some(from), Some(to), Some((kind, spot))) = (from, to, on) {
                        out.extras.push(Extra::new(wagon::Move { from, to, kind, spot }));
                    }
                }
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

    fn supply_words(&self) -> &'static [SupplyWord] {
        SUPPLY
    }
}
