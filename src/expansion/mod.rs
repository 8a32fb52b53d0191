//! Expansions: each one a set of hooks into the turn and its scoring.
//!
//! Every hook defaults to "no change", so an expansion implements only the moments it cares
//! about. The engine calls the hooks of the enabled expansions in [`REGISTRY`] order. An
//! expansion owns its switches ([`Expansion::switches`]), reads them into its own typed
//! options once per game ([`Options::read`]) and keeps its pieces in its slice of [`State`].
//! Expansions never refer to each other.

pub mod base;
pub mod bcb1;
pub mod cig;
pub mod db;
pub mod ne8;

use crate::engine::features::SegId;
use crate::engine::{FeatureInfo, Game, Move, Phase, TurnContext};
use crate::geom::{Axis, Edge, Pos};
use crate::rules::RuleId;
use crate::ruleset::{Profile, SwitchDef};
use crate::score::{PlayerId, ScoreItem, Timing, Verdict};
use crate::tile::Terrain;
use std::fmt;

/// The expansions the engine knows.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum ExpansionId {
    Base,
    /// The expansion-8 slot as scenarios name it; under the 1st-edition rules, Bridges,
    /// Castles and Bazaars.
    Bcb1,
    /// The new edition's expansion 8 (bridges, castles with ladies, barns): what the slot
    /// plays when the ruleset's `expansion-8.rules` says so. Not named by scenarios.
    Ne8,
    /// Castles in Germany.
    Cig,
    /// The Drawbridges.
    Db,
}

impl ExpansionId {
    pub const ALL: &'static [ExpansionId] =
        &[ExpansionId::Base, ExpansionId::Bcb1, ExpansionId::Ne8, ExpansionId::Cig, ExpansionId::Db];

    /// What a scenario may write under `expansions:`.
    pub const NAMES: &'static [(&'static str, ExpansionId)] = &[
        ("base", ExpansionId::Base),
        ("bcb1", ExpansionId::Bcb1),
        ("expansion-8", ExpansionId::Bcb1),
        ("cig", ExpansionId::Cig),
        ("db", ExpansionId::Db),
    ];

    pub const fn as_str(self) -> &'static str {
        match self {
            ExpansionId::Base => "base",
            ExpansionId::Bcb1 => "bcb1",
            ExpansionId::Ne8 => "ne8",
            ExpansionId::Cig => "cig",
            ExpansionId::Db => "db",
        }
    }

    pub fn parse(s: &str) -> Option<ExpansionId> {
        ExpansionId::NAMES.iter().find(|(n, _)| *n == s).map(|(_, x)| *x)
    }
}

/// Which rules the expansion-8 slot plays: the one switch that picks a module, not a rule.
pub static EXPANSION_8: SwitchDef = SwitchDef {
    name: "expansion-8.rules",
    question: "Which expansion fills slot 8: the 1st edition's Bridges, Castles and Bazaars, or the new edition's bridges, castles and barns?",
    values: &[
        ("first-edition", "Bridges, Castles and Bazaars: personal bridges and castles, castles scoring their fief, bazaars"),
        ("new-edition", "a shared supply of bridges worth 3, castles with ladies and barns; no bazaars"),
    ],
    rules: &[RuleId::Exp8Edition],
    governs: &["bcb1.", "ne."],
};

impl fmt::Display for ExpansionId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

/// Something an expansion lets a player build or decide during a turn, besides the tile and
/// the follower. One variant per kind of action; the expansion that owns it checks and runs it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Extra {
    /// A bridge straight across the tile at `at` (Bridges, Castles and Bazaars).
    Bridge { at: Pos, axis: Axis },
    /// The occupier converts the town holding the city at `spot` of the tile at `at` into a
    /// castle instead of scoring it (Bridges, Castles and Bazaars).
    Castle { at: Pos, spot: Option<crate::tile::Spot> },
    /// The owner of the castle at `castle` picks, of the structures completed at once in its
    /// fief, the one with a tile at `structure` (Bridges, Castles and Bazaars).
    CastleTakes { castle: Pos, structure: Pos },
    /// The bazaar held after a drawn bazaar tile (Bridges, Castles and Bazaars).
    Bazaar(bcb1::bazaar::Auction),
    /// A barn on a corner of the tile just placed (new edition).
    Barn { corner: crate::geom::Corner },
    /// The player recalls their lady from the castle at `at` instead of deploying a follower
    /// (new edition).
    RecallLady { at: Pos },
    /// After a road is scored, its majority holder moves the follower that stood at `from`
    /// over the drawbridge on the tile at `to` into that city (The Drawbridges).
    /// `city` picks the city when the tile at `to` has drawbridges to two.
    DrawbridgeMove { from: Pos, to: Pos, city: Option<crate::tile::Spot> },
}

/// What one expansion adds to a turn.
pub trait Expansion: Sync {
    fn id(&self) -> ExpansionId;

    /// The edition switches this expansion reads.
    fn switches(&self) -> &'static [&'static SwitchDef] {
        &[]
    }

    /// Prepares the expansion's pieces when a game starts.
    fn setup(&self, _game: &mut Game) {}

    /// Whether this expansion reads the features each turn completes, occupied or not
    /// (`Game::completions`); recording them costs time, so only on request.
    fn needs_completions(&self) -> bool {
        false
    }

    /// Inserts this expansion's phases into a turn's sequence (see `engine::phases`).
    fn phases(&self, _options: &Options, _sequence: &mut Vec<Phase>) {}

    /// Edges whose terrain this move will change before the tile is judged (a bridge makes
    /// its ends road edges): `(square, board edge, terrain)`.
    fn pending_edges(&self, _game: &Game, _player: PlayerId, _mv: &Move, _out: &mut Vec<(Pos, Edge, Terrain)>) {}

    /// Vetoes a tile of the starting board the core rules allow (castles that touch).
    fn check_setup(
        &self,
        _game: &Game,
        _tile: crate::tile::TileKind,
        _pos: Pos,
        _r: crate::geom::Rotation,
    ) -> Result<(), Verdict> {
        Ok(())
    }

    /// Vetoes a move the core rules allow, or checks what the expansion lets the player build.
    fn check_placement(&self, _game: &Game, _player: PlayerId, _mv: &Move) -> Result<(), Verdict> {
        Ok(())
    }

    /// The sets of this expansion's actions a player might take with a placement, for
    /// `Game::legal_moves`. `mv` is the bare placement (tile, square, rotation; no follower,
    /// no extras), offered for every rotation of every square next to the board, whether or
    /// not the tile fits there alone (a bridge can make it fit). `out` holds the sets the
    /// expansions before this one (in [`REGISTRY`] order) offered; the empty set, no action
    /// at all, is always tried and is not in it. Push each set of this expansion's own
    /// actions that may be legal with the placement (a bridge on the new tile, one on each
    /// neighbour), and, where its rules allow both in one turn, copies of sets already in
    /// `out` with an action of its own added. Offering too much costs only time: every set
    /// is judged by `Game::check`, with each follower placement, and only the legal moves
    /// are listed. Offering too little hides a legal move. Bounded choices only (a bid is
    /// one of the amounts the rules allow, not every integer).
    fn action_options(&self, _game: &Game, _player: PlayerId, _mv: &Move, _out: &mut Vec<Vec<Extra>>) {}

    /// Runs one of this expansion's phases; a verdict makes the move illegal.
    fn run_phase(&self, _game: &mut Game, _phase: &'static str, _turn: &TurnContext) -> Result<(), Verdict> {
        Ok(())
    }

    /// Adds the points a feature is worth when scored at `timing`.
    fn score_items(&self, _game: &Game, _feature: &FeatureInfo, _timing: Timing, _out: &mut Vec<ScoreItem>) {}

    /// Puts the features a turn completed in the order the rules score them (a road leading
    /// to a drawbridge before the city behind it). The base order is the new tile's own.
    fn order_completed(&self, _game: &Game, _completed: &mut Vec<SegId>) {}

    /// Claims a feature the turn completed, so that it is not scored (a town made a castle).
    fn takes_over(&self, _game: &Game, _root: SegId) -> bool {
        false
    }

    /// What a completed city is worth to a field at the final scoring, if this expansion
    /// decides it (a castle): `(rule, label, points)`.
    fn farm_value(&self, _game: &Game, _city: SegId) -> Option<(RuleId, &'static str, i32)> {
        None
    }

    /// Runs after a drawn tile was discarded because it fit nowhere.
    fn on_discard(
        &self,
        _game: &mut Game,
        _player: PlayerId,
        _tile: crate::tile::TileKind,
        _extras: &[Extra],
        _turn: u16,
    ) -> Result<(), Verdict> {
        Ok(())
    }

    /// Runs at the start of the final scoring.
    fn final_scoring(&self, _game: &mut Game) {}

    /// Adds the rules that shaped a scoring without adding points of their own (a bridge
    /// counted as a road segment).
    fn explain(&self, _game: &Game, _feature: &FeatureInfo, _because: &mut Vec<RuleId>) {}
}

/// Every expansion, in hook order: the base game first, since others adjust what it scores.
pub static REGISTRY: &[&dyn Expansion] = &[&base::Base, &bcb1::Bcb1, &ne8::Ne8, &cig::Cig, &db::Db];

/// The expansions a game plays for the expansions a scenario names, under these options:
/// the expansion-8 slot is Bridges, Castles and Bazaars or the new edition's set.
pub fn enabled(named: &[ExpansionId], options: &Options) -> Vec<&'static dyn Expansion> {
    let wanted = |id: ExpansionId| match id {
        ExpansionId::Base => true,
        ExpansionId::Bcb1 => named.contains(&ExpansionId::Bcb1) && !options.exp8_new_edition,
        ExpansionId::Ne8 => named.contains(&ExpansionId::Bcb1) && options.exp8_new_edition,
        other => named.contains(&other),
    };
    REGISTRY.iter().copied().filter(|x| wanted(x.id())).collect()
}

pub fn get(id: ExpansionId) -> &'static dyn Expansion {
    *REGISTRY.iter().find(|e| e.id() == id).expect("every ExpansionId is registered")
}

/// Every switch of every expansion.
pub fn all_switches() -> impl Iterator<Item = &'static SwitchDef> {
    std::iter::once(&EXPANSION_8).chain(REGISTRY.iter().flat_map(|e| e.switches().iter().copied()))
}

pub fn find_switch(name: &str) -> Option<&'static SwitchDef> {
    all_switches().find(|s| s.name == name)
}

/// The typed options of every expansion, read from a profile in one place.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub struct Options {
    /// The expansion-8 slot plays the new edition's set.
    pub exp8_new_edition: bool,
    pub base: base::Options,
    pub bcb1: bcb1::Options,
    pub ne8: ne8::Options,
}

impl Options {
    pub fn read(profile: &Profile) -> Options {
        Options {
            exp8_new_edition: profile.value(&EXPANSION_8) == "new-edition",
            base: base::Options::read(profile),
            bcb1: bcb1::Options::read(profile),
            ne8: ne8::Options::read(profile),
        }
    }
}

/// Each expansion's pieces during a game.
#[derive(Clone, Debug, PartialEq, Eq, Default)]
pub struct State {
    pub bcb1: bcb1::State,
    pub ne8: ne8::State,
}
