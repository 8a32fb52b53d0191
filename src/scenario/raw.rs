//! The scenario file as written: serde types that mirror the YAML and check only its shape.
//! `scenario::load` turns them into a validated [`super::Scenario`].

use crate::data::tiles::TileEntry;
use serde::de::{self, MapAccess, Visitor};
use serde::{Deserialize, Deserializer};
use std::collections::BTreeMap;
use std::fmt;

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
    pub start_scores: BTreeMap<String, i64>,
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
#[derive(Debug)]
pub enum RawBridge {
    Here(String),
    At { at: Vec<i64>, axis: String },
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct BridgeAt {
    at: Vec<i64>,
    axis: String,
}

impl<'de> Deserialize<'de> for RawBridge {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        word_or_map(d, "a way across the tile (`NS`) or `{at: [x, y], axis: EW}`", RawBridge::Here, |b: BridgeAt| {
            RawBridge::At { at: b.at, axis: b.axis }
        })
    }
}

/// `follower: city N` (on the tile just placed), or `follower: {at: [x, y], on: city N}`
/// to name another square: the rules then say no.
#[derive(Debug)]
pub enum RawFollowerSpec {
    Here(String),
    At { at: Vec<i64>, on: String },
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct SpotAt {
    at: Vec<i64>,
    on: String,
}

impl<'de> Deserialize<'de> for RawFollowerSpec {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        word_or_map(d, "a feature (`city N`) or `{at: [x, y], on: city N}`", RawFollowerSpec::Here, |s: SpotAt| {
            RawFollowerSpec::At { at: s.at, on: s.on }
        })
    }
}

/// Reads a value written either as a word or as a map. serde's untagged enums would buffer
/// the value and lose the reader's locations (and unknown keys inside), so each such type
/// reads itself with this one visitor.
fn word_or_map<'de, D, M, T>(
    d: D,
    expecting: &'static str,
    word: fn(String) -> T,
    map: fn(M) -> T,
) -> Result<T, D::Error>
where
    D: Deserializer<'de>,
    M: Deserialize<'de>,
{
    struct V<M, T> {
        expecting: &'static str,
        word: fn(String) -> T,
        map: fn(M) -> T,
    }
    impl<'de, M: Deserialize<'de>, T> Visitor<'de> for V<M, T> {
        type Value = T;
        fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
            f.write_str(self.expecting)
        }
        fn visit_str<E: de::Error>(self, v: &str) -> Result<T, E> {
            Ok((self.word)(v.to_string()))
        }
        fn visit_map<A: MapAccess<'de>>(self, a: A) -> Result<T, A::Error> {
            M::deserialize(de::value::MapAccessDeserializer::new(a)).map(self.map)
        }
    }
    d.deserialize_any(V { expecting, word, map })
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

/// `turn: 3` or `turn: end`.
#[derive(Debug)]
pub enum RawTiming {
    Turn(u64),
    Word(String),
}

impl<'de> Deserialize<'de> for RawTiming {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        struct V;
        impl Visitor<'_> for V {
            type Value = RawTiming;
            fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
                f.write_str("a turn number (1 = the first of `turns:`) or `end`")
            }
            fn visit_u64<E: de::Error>(self, n: u64) -> Result<RawTiming, E> {
                Ok(RawTiming::Turn(n))
            }
            fn visit_i64<E: de::Error>(self, n: i64) -> Result<RawTiming, E> {
                u64::try_from(n).map(RawTiming::Turn).map_err(|_| E::custom(format!("{n} is not a turn")))
            }
            fn visit_str<E: de::Error>(self, v: &str) -> Result<RawTiming, E> {
                Ok(RawTiming::Word(v.to_string()))
            }
        }
        d.deserialize_any(V)
    }
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
    pub turn: u64,
    pub rule: String,
}
