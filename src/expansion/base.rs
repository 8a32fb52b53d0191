//! The base game's scoring and its one edition switch.

use super::{Expansion, ExpansionId};
use crate::engine::{FeatureInfo, Game};
use crate::rules::RuleId;
use crate::ruleset::{Profile, SwitchDef};
use crate::score::{ScoreItem, Timing};
use crate::tile::FeatureKind;

pub static TWO_TILE_CITY: SwitchDef = SwitchDef {
    name: "base.two-tile-city-score",
    question: "How many points does a completed city of exactly two tiles score?",
    values: &[
        ("four-points", "like any completed city: 2 per tile and 2 per pennant (4 without pennant)"),
        ("two-points", "the earliest rules: 1 per tile and 1 per pennant (2 without pennant)"),
    ],
    rules: &[RuleId::CityCompleted, RuleId::CityTwoTileEarly],
    governs: &[],
};

/// How a completed two-tile city scores.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum TwoTileCity {
    #[default]
    FourPoints,
    TwoPoints,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub struct Options {
    pub two_tile_city: TwoTileCity,
}

impl Options {
    pub fn read(p: &Profile) -> Options {
        Options {
            two_tile_city: match p.value(&TWO_TILE_CITY) {
                "two-points" => TwoTileCity::TwoPoints,
                _ => TwoTileCity::FourPoints,
            },
        }
    }
}

pub struct Base;

fn item(rule: RuleId, label: &'static str, count: u32, each: i32) -> ScoreItem {
    ScoreItem { rule, label, count, each }
}

impl Expansion for Base {
    fn id(&self) -> ExpansionId {
        ExpansionId::Base
    }

    fn switches(&self) -> &'static [&'static SwitchDef] {
        static ALL: [&SwitchDef; 1] = [&TWO_TILE_CITY];
        &ALL
    }

    fn read_options(&self, profile: &Profile, into: &mut crate::expansion::Slots) {
        into.insert(Options::read(profile));
    }

    fn score_items(&self, game: &Game, f: &FeatureInfo, timing: Timing, out: &mut Vec<ScoreItem>) {
        let during_play = matches!(timing, Timing::Turn(_));
        match f.kind {
            FeatureKind::Road => {
                let rule = if during_play { RuleId::RoadCompleted } else { RuleId::FinalRoad };
                out.push(item(rule, "tile", f.tiles, 1));
            }
            FeatureKind::City => {
                let early = f.tiles == 2 && game.options().of::<Options>().two_tile_city == TwoTileCity::TwoPoints;
                let (rule, each) = match (during_play, early) {
                    (true, false) => (RuleId::CityCompleted, 2),
                    (true, true) => (RuleId::CityTwoTileEarly, 1),
                    (false, _) => (RuleId::FinalCity, 1),
                };
                out.push(item(rule, "tile", f.tiles, each));
                if f.pennants > 0 {
                    out.push(item(rule, "pennant", f.pennants, each));
                }
            }
            FeatureKind::Cloister => {
                let rule = if during_play { RuleId::CloisterCompleted } else { RuleId::FinalCloister };
                out.push(item(rule, "cloister", 1, 1));
                out.push(item(rule, "neighbour", f.tiles - 1, 1));
            }
            FeatureKind::Field => {
                // Each bordering completed city at its farm value (3, or what an expansion
                // says, such as a castle), grouped into one item per kind of value.
                let mut groups: Vec<(RuleId, &'static str, i32, u32)> = Vec::new();
                for city in game.cities_bordering(f.root) {
                    let (rule, label, each) = game.farm_value(city);
                    match groups.iter_mut().find(|g| g.0 == rule && g.1 == label && g.2 == each) {
                        Some(g) => g.3 += 1,
                        None => groups.push((rule, label, each, 1)),
                    }
                }
                if groups.is_empty() {
                    groups.push((RuleId::FinalField, "completed city", 3, 0));
                }
                out.extend(groups.into_iter().map(|(rule, label, each, n)| item(rule, label, n, each)));
            }
            FeatureKind::Castle | FeatureKind::Bazaar => {}
        }
    }
}
