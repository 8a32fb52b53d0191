//! Expansions: each one a set of hooks into the turn and its scoring.
//!
//! Every hook defaults to "no change", so an expansion implements only the moments it cares
//! about. The engine calls the hooks of the enabled expansions in [`REGISTRY`] order. An
//! expansion owns its switches ([`Expansion::switches`]) and reads them into its own typed
//! options once per game ([`Options::read`]). Expansions never refer to each other.

pub mod base;

use crate::engine::{FeatureInfo, Game, Move, Phase, TurnContext};
use crate::ruleset::{Profile, SwitchDef};
use crate::score::{ScoreItem, Timing, Verdict};
use std::fmt;

/// The expansions the engine knows.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum ExpansionId {
    Base,
}

impl ExpansionId {
    pub const ALL: &'static [ExpansionId] = &[ExpansionId::Base];

    pub const fn as_str(self) -> &'static str {
        match self {
            ExpansionId::Base => "base",
        }
    }

    pub fn parse(s: &str) -> Option<ExpansionId> {
        ExpansionId::ALL.iter().copied().find(|e| e.as_str() == s)
    }
}

impl fmt::Display for ExpansionId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

/// What one expansion adds to a turn.
pub trait Expansion: Sync {
    fn id(&self) -> ExpansionId;

    /// The edition switches this expansion reads.
    fn switches(&self) -> &'static [SwitchDef] {
        &[]
    }

    /// Inserts this expansion's phases into a turn's sequence (see `engine::phases`).
    fn phases(&self, _options: &Options, _sequence: &mut Vec<Phase>) {}

    /// Runs one of this expansion's phases; a verdict makes the move illegal.
    fn run_phase(&self, _game: &mut Game, _phase: &'static str, _turn: &TurnContext) -> Result<(), Verdict> {
        Ok(())
    }

    /// Vetoes a placement the core rules allow.
    fn check_placement(&self, _game: &Game, _mv: &Move) -> Result<(), Verdict> {
        Ok(())
    }

    /// Adds the points a feature is worth when scored at `timing`.
    fn score_items(&self, _game: &Game, _feature: &FeatureInfo, _timing: Timing, _out: &mut Vec<ScoreItem>) {}
}

/// Every expansion, in hook order: the base game first, since others adjust what it scores.
pub static REGISTRY: &[&dyn Expansion] = &[&base::Base];

pub fn get(id: ExpansionId) -> &'static dyn Expansion {
    *REGISTRY.iter().find(|e| e.id() == id).expect("every ExpansionId is registered")
}

/// Every switch of every expansion.
pub fn all_switches() -> impl Iterator<Item = &'static SwitchDef> {
    REGISTRY.iter().flat_map(|e| e.switches().iter())
}

pub fn find_switch(name: &str) -> Option<&'static SwitchDef> {
    all_switches().find(|s| s.name == name)
}

/// The typed options of every expansion, read from a profile in one place.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub struct Options {
    pub base: base::Options,
}

impl Options {
    pub fn read(profile: &Profile) -> Options {
        Options { base: base::Options::read(profile) }
    }
}
