//! Hills and Sheep (1st edition): hills and vineyards. The shepherd and his flock are NOT
//! modelled: a scenario that writes a shepherd is refused where it does (`src/scenario/hs.rs`),
//! and so is a JCloisterZone game that deploys one (`src/jcz/import.rs`).
//!
//! What it models:
//! * its land tiles (`tiles/hs.yaml`), HS02 among them, whose east city also touches the
//!   north edge (the tile notation's `touches`: the engine joins both its cities to the city
//!   laid there);
//! * hills (`Mark::Hill`): a tie for any majority (a feature's, or a city's farmers' under the
//!   early farm rule) goes to the tied players with a follower on a hill tile, or, under
//!   JCloisterZone's other option (`hills.tiebreaker: number-of-followers`), to those with
//!   most followers on hills ([`Expansion::break_tie`]); the event cites the rule through
//!   `explain`. The tile a hill is laid on is not written: a scenario lists the tiles placed,
//!   and the referee keeps no stack of tiles (`hs.hill.tile-beneath` says so);
//! * vineyards (`Mark::Vineyard`): a cloister completed during the game gets 3 more for each
//!   vineyard among its 8 neighbours; an unfinished one at the end gets none
//!   ([`Expansion::score_items`]).
//!
//! Both can be left out of a game (JCloisterZone's elements `hill` and `vineyard`): the
//! switches `hills-sheep.hills` and `hills-sheep.vineyards`, their tiles then plain tiles.
//! The hills and vineyards are drawn in the pictures as marks of their tiles
//! ([`Expansion::pieces`]).

use super::{Expansion, ExpansionId, Piece, PieceAt};
use crate::engine::{FeatureInfo, Follower, Game};
use crate::geom::Pos;
use crate::ruleset::SwitchDef;
use crate::score::{Items, Players, Rules, ScoreItem, Timing};
use crate::tile::{FeatureKind, Mark};

pub struct Hs;

/// What a vineyard adds to a completed cloister beside it.
pub const VINEYARD_POINTS: i32 = 3;

const MECHANISM_VALUES: &[(&str, &str)] =
    &[("in-play", "played as the rules say"), ("left-out", "left out: the game is played without them")];

pub static HILLS: SwitchDef = SwitchDef {
    name: "hills-sheep.hills",
    question: "Are hills played (a game may leave them out; a hill tile is then a plain tile)?",
    values: MECHANISM_VALUES,
    rules: &[rule::WITHOUT_HILLS],
    governs: &[],
};

pub static VINEYARDS: SwitchDef = SwitchDef {
    name: "hills-sheep.vineyards",
    question: "Are vineyards played (a game may leave them out; a vineyard tile is then a plain tile)?",
    values: MECHANISM_VALUES,
    rules: &[rule::WITHOUT_VINEYARDS],
    governs: &[],
};

pub static TIEBREAKER: SwitchDef = SwitchDef {
    name: "hills.tiebreaker",
    question: "Which of the players tied for a majority does a hill make the winners?",
    values: &[
        ("at-least-one-follower", "every tied player with a follower on a hill (the rules)"),
        (
            "number-of-followers",
            "the tied players with most followers on hills (a JCloisterZone option; no edition's text)",
        ),
    ],
    rules: &[rule::HILL_TIE, rule::HILL_TIE_COUNT],
    governs: &[],
};

/// The expansion's options, from the profile.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Options {
    pub hills: bool,
    pub vineyards: bool,
    /// A hill weighs by the number of followers on hills (JCloisterZone's option).
    pub count_hill_followers: bool,
}

fn marked(game: &Game, pos: Pos, mark: Mark) -> bool {
    game.tile_at(pos).is_some_and(|p| game.def(p.kind).marks.contains(&mark))
}

/// The followers among `on` of each player that stand on a hill tile.
fn on_hills(game: &Game, on: &[Follower], player: crate::score::PlayerId) -> usize {
    on.iter()
        .filter(|f| f.player == player)
        .filter(|f| game.def(game.placement_of(f.segment).kind).marks.contains(&Mark::Hill))
        .count()
}

/// The players of `tied` a hill makes the winners (all of them when it decides nothing).
fn narrowed(game: &Game, options: &Options, on: &[Follower], tied: &Players) -> Players {
    let counts: Vec<usize> = tied.iter().map(|p| on_hills(game, on, *p)).collect();
    let best = counts.iter().copied().max().unwrap_or(0);
    if best == 0 {
        return tied.clone();
    }
    tied.iter()
        .zip(&counts)
        .filter(|(_, c)| if options.count_hill_followers { **c == best } else { **c > 0 })
        .map(|(p, _)| *p)
        .collect()
}

impl Expansion for Hs {
    fn id(&self) -> ExpansionId {
        ExpansionId::Hs
    }

    /// No action of this expansion changes an edge.
    fn edge_changes(&self) -> super::EdgeChanges {
        super::EdgeChanges::None
    }

    fn judges_bare_anywhere(&self) -> bool {
        // It vetoes nothing.
        true
    }

    fn forbidden_followers(
        &self,
        _game: &Game,
        _player: crate::score::PlayerId,
        _bare: &crate::engine::Move,
        _figure: crate::engine::Figure,
    ) -> Option<u64> {
        Some(0)
    }

    fn rule_book(&self) -> &'static crate::rules::RuleBook {
        &rule::BOOK
    }

    fn tiles(&self) -> Option<&'static crate::embedded::Embedded> {
        const TILES: crate::embedded::Embedded = crate::embed!("tiles/hs.yaml");
        Some(&TILES)
    }

    fn switches(&self) -> &'static [&'static SwitchDef] {
        static ALL: [&SwitchDef; 3] = [&HILLS, &VINEYARDS, &TIEBREAKER];
        &ALL
    }

    fn read_options(&self, profile: &crate::ruleset::Profile, into: &mut super::Slots) {
        into.insert(Options {
            hills: profile.value(&HILLS) != "left-out",
            vineyards: profile.value(&VINEYARDS) != "left-out",
            count_hill_followers: profile.value(&TIEBREAKER) == "number-of-followers",
        });
    }

    fn pieces(&self, game: &Game, out: &mut Vec<Piece>) {
        let options = game.options().of::<Options>();
        for p in game.placed() {
            let marks = &game.def(p.kind).marks;
            for (mark, on, what) in
                [(Mark::Hill, options.hills, "hill"), (Mark::Vineyard, options.vineyards, "vineyard")]
            {
                if on && marks.contains(&mark) {
                    out.push(Piece { what, at: PieceAt::Tile(p.pos), owner: None, holds: None, height: 1 });
                }
            }
        }
    }

    fn break_tie(&self, game: &Game, on: &[Follower], tied: &mut Players) {
        // rule::HILL_TIE (or rule::HILL_TIE_COUNT, by the switch).
        let options = game.options().of::<Options>();
        if options.hills {
            *tied = narrowed(game, options, on, tied);
        }
    }

    fn explain(&self, game: &Game, feature: &FeatureInfo, because: &mut Rules) {
        let options = game.options().of::<Options>();
        if !options.hills {
            return;
        }
        // The tie the hills broke, if any: the majority without them, and with them.
        let on: Vec<Follower> =
            game.followers().iter().filter(|f| game.feature_of(f.segment) == feature.root).copied().collect();
        let weights = on.iter().map(|f| (f.player, f.figure.strength_in(feature.pennants)));
        let tied = crate::engine::majority_of(weights, game.players().len());
        if tied.len() > 1 && narrowed(game, options, &on, &tied).len() < tied.len() {
            because.push(if options.count_hill_followers { rule::HILL_TIE_COUNT } else { rule::HILL_TIE });
        }
    }

    fn score_items(&self, game: &Game, feature: &FeatureInfo, timing: Timing, out: &mut Items) {
        // rule::VINEYARD: a completed cloister only (rule::VINEYARD_INCOMPLETE at the end).
        if feature.kind != FeatureKind::Cloister || !matches!(timing, Timing::Turn(_)) {
            return;
        }
        if !game.options().of::<Options>().vineyards {
            return;
        }
        let at = feature.at;
        let count = (-1..=1)
            .flat_map(|dx| (-1..=1).map(move |dy| (dx, dy)))
            .filter(|d| *d != (0, 0))
            .filter(|(dx, dy)| marked(game, Pos { x: at.x + dx, y: at.y + dy }, Mark::Vineyard))
            .count();
        if count > 0 {
            out.push(ScoreItem { rule: rule::VINEYARD, label: "vineyard", count: count as u32, each: VINEYARD_POINTS });
        }
    }
}

pub mod rule {
    crate::rules::rule_ids! {
        catalogue: "rulesets/rules/hs.yaml";
        /// The box: 18 land tiles, 18 sheep and wolf tokens, a bag, a shepherd each.
        CONTENTS = "hs.components.contents",
        /// The new tiles are shuffled in and placed by the usual rules.
        MIX_TILES = "hs.setup.mix-tiles",
        /// A hill tile is laid on a face-down tile drawn for it, which leaves the game.
        HILL_BENEATH = "hs.hill.tile-beneath",
        /// A tie for a majority goes to the tied players with a follower on a hill.
        HILL_TIE = "hs.hill.tiebreak",
        /// JCloisterZone's option: the tie goes to those with most followers on hills.
        HILL_TIE_COUNT = "hs.hill.tiebreak-by-count",
        /// Hills left out: a hill tile is a plain tile.
        WITHOUT_HILLS = "hs.hill.left-out",
        /// A completed cloister scores 3 more for each vineyard among its 8 neighbours.
        VINEYARD = "hs.vineyard.cloister-bonus",
        /// An unfinished cloister at the end gets nothing for vineyards.
        VINEYARD_INCOMPLETE = "hs.vineyard.only-completed",
        /// Vineyards left out: a vineyard tile is a plain tile.
        WITHOUT_VINEYARDS = "hs.vineyard.left-out",
        /// The shepherd and his flock are not modelled by the referee.
        SHEPHERD_NOT_MODELLED = "hs.referee.shepherd-not-modelled",
        /// HS02's east city also touches the north edge: a city laid there joins both.
        TOUCHING_CITY = "hs.tiles.touching-city",
        /// The caps of tiles 10 and 13 are not semicircles: no castle town holds them.
        NO_CASTLE_CAPS = "hs.tiles.caps-not-semicircles",
    }
}
