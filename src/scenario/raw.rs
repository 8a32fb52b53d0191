//! The scenario file as written: serde types that mirror the YAML and check only its shape.
//! `scenario::load` turns them into a validated [`super::Scenario`].

use crate::data::tiles::TileEntry;
use serde::Deserialize;
use std::collections::BTreeMap;

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields, rename_all = "kebab-case")]
pub struct RawScenario {
    pub title: String,
    #[serde(default)]
    pub source: Option<String>,
    pub players: Vec<String>,
    #[serde(default)]
    pub expansions: Vec<String>,
    #[serde(default)]
    pub rulesets: Option<Vec<String>>,
    #[serde(default)]
    pub covers: Vec<String>,
    /// Switch values that replace those of every ruleset the scenario runs under (a reading
    /// of an ambiguous passage, or a variation the players agreed on).
    #[serde(default)]
    pub switches: BTreeMap<String, String>,
    #[serde(default)]
    pub tiles: Vec<TileEntry>,
    #[serde(default)]
    pub start_scores: BTreeMap<String, i32>,
    /// Castle tiles each player holds (Castles in Germany).
    #[serde(default)]
    pub german_castles: BTreeMap<String, Vec<String>>,
    #[serde(default)]
    pub board: Option<Vec<RawBoardTile>>,
    #[serde(default)]
    pub turns: Vec<RawTurn>,
    #[serde(default = "yes")]
    pub final_scoring: bool,
    #[serde(default)]
    pub expect: Option<RawExpect>,
}

fn yes() -> bool {
    true
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RawBoardTile {
    pub tile: String,
    pub at: Vec<i64>,
    #[serde(default)]
    pub rotation: i64,
    #[serde(default)]
    pub followers: Vec<RawFollower>,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RawFollower {
    pub player: String,
    pub on: String,
    /// The square, for a follower on the second square of a double-size tile.
    #[serde(default)]
    pub at: Option<Vec<i64>>,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields, rename_all = "kebab-case")]
pub struct RawTurn {
    #[serde(default)]
    pub player: Option<String>,
    pub tile: String,
    #[serde(default)]
    pub at: Option<Vec<i64>>,
    #[serde(default)]
    pub rotation: i64,
    #[serde(default)]
    pub follower: Option<RawFollowerSpec>,
    #[serde(default)]
    pub discard: bool,
    #[serde(default)]
    pub bridge: Option<RawBridge>,
    /// A town the turn completes, converted into a castle by its occupier: `castle: city S`
    /// (on the tile just placed) or `castle: {at: [x, y], on: city N}`.
    #[serde(default)]
    pub castle: Option<RawFollowerSpec>,
    /// Several towns completed by one tile, each made a castle by its occupier.
    #[serde(default)]
    pub castles: Vec<RawFollowerSpec>,
    /// A barn on this corner of the tile just placed (new edition): `barn: NE`.
    #[serde(default)]
    pub barn: Option<String>,
    /// Recall the player's lady from the castle on this square (new edition).
    #[serde(default)]
    pub recall_lady: Option<Vec<i64>>,
    /// Followers moved over drawbridges after the road is scored (The Drawbridges).
    #[serde(default)]
    pub drawbridge: Vec<RawDrawbridgeMove>,
    /// The bazaar this turn's bazaar tile starts.
    #[serde(default)]
    pub bazaar: Option<RawBazaar>,
    /// A castle's owner choosing among structures completed at once in its fief:
    /// `castle-takes: [{castle: [x, y], structure: [x, y]}]`.
    #[serde(default)]
    pub castle_takes: Vec<RawCastleTakes>,
    /// Several bridges in one turn, to show that the rules forbid it.
    #[serde(default)]
    pub bridges: Vec<RawBridge>,
    #[serde(default)]
    pub note: Option<String>,
}

/// A castle (one of its squares) and a square of the structure its owner picks.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RawCastleTakes {
    pub castle: Vec<i64>,
    pub structure: Vec<i64>,
}

/// `{from: [x, y], to: [x, y]}`: the follower that stood on the road at `from` goes over the
/// drawbridge on the tile at `to`.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RawDrawbridgeMove {
    pub from: Vec<i64>,
    pub to: Vec<i64>,
    /// Which city, when the tile at `to` has drawbridges to two (`city: N`).
    #[serde(default)]
    pub city: Option<String>,
}

/// A bazaar: the tiles revealed, and each lot.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields, rename_all = "kebab-case")]
pub struct RawBazaar {
    #[serde(default)]
    pub revealed: Vec<String>,
    #[serde(default)]
    pub stack_left: Option<u32>,
    #[serde(default)]
    pub lots: Vec<RawLot>,
}

/// One lot: `{selector: Blue, tile: E, bids: [Blue 2, Green pass, Red 3], choice: buy}`.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RawLot {
    pub selector: String,
    pub tile: String,
    #[serde(default)]
    pub bids: Vec<String>,
    #[serde(default)]
    pub choice: Option<String>,
}

/// `bridge: NS` (across the tile just placed), or `bridge: {at: [x, y], axis: EW}`.
#[derive(Debug, Deserialize)]
#[serde(untagged)]
pub enum RawBridge {
    Here(String),
    At { at: Vec<i64>, axis: String },
}

/// `follower: city N` (on the tile just placed), or `follower: {at: [x, y], on: city N}`
/// to name another square: the rules then say no.
#[derive(Debug, Deserialize)]
#[serde(untagged)]
pub enum RawFollowerSpec {
    Here(String),
    At { at: Vec<i64>, on: String },
}

#[derive(Debug, Default, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RawExpect {
    #[serde(default)]
    pub scores: Option<BTreeMap<String, i32>>,
    #[serde(default)]
    pub events: Option<Vec<RawEvent>>,
    #[serde(default)]
    pub illegal: Option<RawIllegal>,
    /// Expectations that differ under some rulesets; each replaces the fields it names.
    #[serde(default)]
    pub rulesets: BTreeMap<String, RawExpect>,
}

#[derive(Debug, Deserialize)]
#[serde(untagged)]
pub enum RawTiming {
    Turn(u16),
    Word(String),
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RawEvent {
    pub turn: RawTiming,
    #[serde(default)]
    pub player: Option<String>,
    #[serde(default)]
    pub players: Option<Vec<String>>,
    #[serde(default)]
    pub feature: Option<String>,
    #[serde(default)]
    pub tiles: Option<u32>,
    pub points: i32,
    #[serde(default)]
    pub rules: Vec<String>,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RawIllegal {
    pub turn: u16,
    pub rule: String,
}
