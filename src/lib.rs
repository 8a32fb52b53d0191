//! # referee: a rules engine for Carcassonne disputes
//!
//! Load a scenario (a board and the turns to replay), pick a ruleset profile, replay, and
//! read who scored what under which rule:
//!
//! ```
//! use referee::{data::Library, replay, scenario};
//!
//! let lib = Library::builtin();
//! let yaml = "
//! title: A road of four tiles
//! players: [Red, Blue]
//! turns:
//!   - {tile: V, at: [1, 0], follower: road W}       # Red: the road turns south
//!   - {tile: A, at: [-1, 0], rotation: 270}         # Blue: a cloister ends it in the west
//!   - {tile: A, at: [1, -1], rotation: 180}         # Red: another ends it in the south
//! expect:
//!   scores: {Red: 4, Blue: 0}
//! ";
//! let sc = scenario::load("doc/road", referee::diag::SourceFile::new("road.yaml", yaml), &lib).unwrap();
//! let out = replay::replay(&sc, lib.profile("hig").unwrap()).unwrap();
//! assert_eq!(out.scores, vec![4, 0]);
//! assert_eq!(out.events[0].rules()[0].as_str(), "base.road.completed");
//! assert!(matches!(replay::judge(&sc, &out), replay::Judgement::Pass));
//! ```
//!
//! The map of the modules is in ARCHITECTURE.md; the scenario format in docs/scenarios.md.

pub mod cli;
pub mod data;
pub mod diag;
pub mod embedded;
pub mod engine;
pub mod expansion;
pub mod geom;
pub mod jcz;
pub mod random;
pub mod render;
pub mod replay;
pub mod report;
pub mod rng;
pub mod rules;
pub mod ruleset;
pub mod scenario;
pub mod score;
pub mod serve;
pub mod text;
pub mod tile;
pub mod yamlspan;
