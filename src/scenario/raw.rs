//! The scenario file as written: serde types that mirror the YAML and check only its shape.
//! `scenario::load` turns them into a validated [`super::Scenario`].

use crate::data::tiles::TileEntry;
use serde::de::{self, MapAccess, Visitor};
use serde::{Deserialize, Deserializer};
use std::collections::BTreeMap;
use std::fmt;

pub use super::value::Value;

/// A map read key by key: the named keys into their fields (a missing one takes its default,
/// or is refused), every other key kept for the expansions' vocabularies: whole if one of
/// them claims it (`$claimed`), otherwise skipped unread (it is refused later, with its
/// location, and building a value nobody reads would only cost time).
macro_rules! open_map {
    ($name:ident, $expecting:literal, $claimed:expr, { $($key:literal => $field:ident : $ty:ty = $default:expr),* $(,)? }) => {
        impl<'de> Deserialize<'de> for $name {
            fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
                struct V;
                impl<'de> Visitor<'de> for V {
                    type Value = $name;
                    fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
                        f.write_str($expecting)
                    }
                    fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<$name, A::Error> {
                        $(let mut $field: Option<$ty> = None;)*
                        let mut extra = Vec::new();
                        while let Some(key) = map.next_key::<String>()? {
                            match key.as_str() {
                                $($key => $field = Some(map.next_value()?),)*
                                _ if ($claimed)(key.as_str()) => {
                                    let v: Value = map.next_value()?;
                                    extra.push((key, v));
                                }
                                _ => {
                                    map.next_value::<de::IgnoredAny>()?;
                                    extra.push((key, Value::Null));
                                }
                            }
                        }
                        Ok($name { $($field: match $field { Some(v) => v, None => $default },)* extra })
                    }
                }
                d.deserialize_map(V)
            }
        }
    };
}

/// The whole file. Keys that are not the base game's are kept in `extra`, for the expansion
/// whose vocabulary they are (`scenario::vocab`); a key nobody knows is refused there.
#[derive(Debug)]
pub struct RawScenario {
    pub title: String,
    pub source: Option<String>,
    pub players: Vec<String>,
    pub expansions: Vec<String>,
    pub rulesets: Option<Vec<String>>,
    pub covers: Vec<String>,
    /// Switch values that replace those of every ruleset the scenario runs under (a reading
    /// of an ambiguous passage, or a variation the players agreed on).
    pub switches: BTreeMap<String, String>,
    pub tiles: Vec<TileEntry>,
    pub start_scores: BTreeMap<String, i64>,
    /// Pieces each player has when the game is played with other counts than the rules'
    /// (`followers: 1`), each word the base game's or an expansion's.
    pub supply: BTreeMap<String, i64>,
    pub board: Option<Vec<RawBoardTile>>,
    pub turns: Vec<RawTurn>,
    pub final_scoring: bool,
    pub expect: Option<RawExpect>,
    pub extra: Vec<(String, Value)>,
}

open_map!(RawScenario, "a scenario: a map with `title:` and `players:`", super::vocab::claims_top, {
    "title" => title: String = return Err(de::Error::missing_field("title")),
    "source" => source: Option<String> = None,
    "players" => players: Vec<String> = return Err(de::Error::missing_field("players")),
    "expansions" => expansions: Vec<String> = Vec::new(),
    "rulesets" => rulesets: Option<Vec<String>> = None,
    "covers" => covers: Vec<String> = Vec::new(),
    "switches" => switches: BTreeMap<String, String> = BTreeMap::new(),
    "tiles" => tiles: Vec<TileEntry> = Vec::new(),
    "start-scores" => start_scores: BTreeMap<String, i64> = BTreeMap::new(),
    "supply" => supply: BTreeMap<String, i64> = BTreeMap::new(),
    "board" => board: Option<Vec<RawBoardTile>> = None,
    "turns" => turns: Vec<RawTurn> = Vec::new(),
    "final-scoring" => final_scoring: bool = true,
    "expect" => expect: Option<RawExpect> = None,
});

/// A tile of the starting board; an expansion's pieces on it are kept in `extra`.
#[derive(Debug)]
pub struct RawBoardTile {
    pub tile: String,
    pub at: Vec<i64>,
    pub rotation: i64,
    pub followers: Vec<RawFollower>,
    pub extra: Vec<(String, Value)>,
}

open_map!(RawBoardTile, "a tile of the board: `{tile: D, at: [0, 0]}`", super::vocab::claims_board, {
    "tile" => tile: String = return Err(de::Error::missing_field("tile")),
    "at" => at: Vec<i64> = return Err(de::Error::missing_field("at")),
    "rotation" => rotation: i64 = 0,
    "followers" => followers: Vec<RawFollower> = Vec::new(),
});

/// A follower of the starting board; what an expansion says of it (the figure it is) is
/// kept in `extra`.
#[derive(Debug)]
pub struct RawFollower {
    pub player: String,
    pub on: String,
    /// The square, for a follower on the second square of a double-size tile.
    pub at: Option<Vec<i64>>,
    pub extra: Vec<(String, Value)>,
}

open_map!(RawFollower, "a follower: `{player: Red, on: city N}`", super::vocab::claims_follower, {
    "player" => player: String = return Err(de::Error::missing_field("player")),
    "on" => on: String = return Err(de::Error::missing_field("on")),
    "at" => at: Option<Vec<i64>> = None,
});

/// One turn. What it builds or decides besides the tile and the follower is in `extra`, for
/// the expansion whose vocabulary it is.
#[derive(Debug)]
pub struct RawTurn {
    pub player: Option<String>,
    /// Missing only in a turn of two parts, where each part names its tile.
    pub tile: Option<String>,
    pub at: Option<Vec<i64>>,
    pub rotation: i64,
    pub follower: Option<RawFollowerSpec>,
    pub discard: bool,
    pub note: Option<String>,
    /// A turn in two parts (a double turn an expansion grants): each a placement written like a turn.
    pub parts: Option<Vec<RawTurn>>,
    pub extra: Vec<(String, Value)>,
}

open_map!(RawTurn, "a turn: `{tile: V, at: [1, 0]}`", super::vocab::claims_turn, {
    "player" => player: Option<String> = None,
    "tile" => tile: Option<String> = None,
    "parts" => parts: Option<Vec<RawTurn>> = None,
    "at" => at: Option<Vec<i64>> = None,
    "rotation" => rotation: i64 = 0,
    "follower" => follower: Option<RawFollowerSpec> = None,
    "discard" => discard: bool = false,
    "note" => note: Option<String> = None,
});

/// `follower: city N` (on the tile just placed), or `follower: {at: [x, y], on: city N}`
/// to name another square: the rules then say no.
pub type RawFollowerSpec = WordOr<SpotAt>;

#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SpotAt {
    pub at: Vec<i64>,
    pub on: String,
}

impl Expecting for SpotAt {
    const EXPECTING: &'static str = "a feature (`city N`) or `{at: [x, y], on: city N}`";
}

/// A value written either as a word (`city N`) or as a map of `M`'s keys. serde's untagged
/// enums would buffer the value and lose the reader's locations (and unknown keys inside),
/// so this reads itself with one visitor.
#[derive(Clone, Debug)]
pub enum WordOr<M> {
    Word(String),
    Map(M),
}

/// What a [`WordOr`] of this map expects, in a writer's words, for the reader's errors.
pub trait Expecting {
    const EXPECTING: &'static str;
}

impl<'de, M: Deserialize<'de> + Expecting> Deserialize<'de> for WordOr<M> {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        struct V<M>(std::marker::PhantomData<M>);
        impl<'de, M: Deserialize<'de> + Expecting> Visitor<'de> for V<M> {
            type Value = WordOr<M>;
            fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
                f.write_str(M::EXPECTING)
            }
            fn visit_str<E: de::Error>(self, v: &str) -> Result<WordOr<M>, E> {
                Ok(WordOr::Word(v.to_string()))
            }
            fn visit_map<A: MapAccess<'de>>(self, a: A) -> Result<WordOr<M>, A::Error> {
                M::deserialize(de::value::MapAccessDeserializer::new(a)).map(WordOr::Map)
            }
        }
        d.deserialize_any(V(std::marker::PhantomData))
    }
}

/// One name or a list of names: `by: Blue` or `by: [Red, Blue]`.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Names(pub Vec<String>);

impl<'de> Deserialize<'de> for Names {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        struct V;
        impl<'de> Visitor<'de> for V {
            type Value = Names;
            fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
                f.write_str("a player's name or a list of them (`Blue`, `[Red, Blue]`)")
            }
            fn visit_str<E: de::Error>(self, v: &str) -> Result<Names, E> {
                Ok(Names(vec![v.to_string()]))
            }
            fn visit_seq<A: de::SeqAccess<'de>>(self, mut a: A) -> Result<Names, A::Error> {
                let mut out = Vec::new();
                while let Some(name) = a.next_element::<String>()? {
                    out.push(name);
                }
                Ok(Names(out))
            }
        }
        d.deserialize_any(V)
    }
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
    /// The legal moves at the start of some turns.
    #[serde(default)]
    pub moves: Option<Vec<RawMoves>>,
    /// The goods tokens players hold when the replay ends (read by the expansion that has them), read as
    /// the top-level `goods:` is.
    #[serde(default)]
    pub goods: Option<Value>,
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

/// One expectation of the legal moves of a turn's tile: exactly one of `squares`,
/// `rotations`, `actions`, `followers`, narrowed by `at`, `rotation` and `with`.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RawMoves {
    pub turn: u64,
    #[serde(default)]
    pub at: Option<Vec<i64>>,
    #[serde(default)]
    pub rotation: Option<i64>,
    /// The actions taken with the follower, as `referee moves` words them.
    #[serde(default)]
    pub with: Option<Vec<String>>,
    #[serde(default)]
    pub squares: Option<Vec<Vec<i64>>>,
    #[serde(default)]
    pub rotations: Option<Vec<i64>>,
    #[serde(default)]
    pub actions: Option<Vec<String>>,
    #[serde(default)]
    pub followers: Option<Vec<String>>,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RawIllegal {
    /// A turn, or `end`: a move of the final scoring.
    pub turn: RawTiming,
    pub rule: String,
}
