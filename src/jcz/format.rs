//! The `.jcz` saved game as written: JSON (read with the YAML reader, of which JSON is a
//! subset, so that every item keeps its line and column). Only its shape is checked here;
//! [`super::import`] gives it meaning.

use serde::Deserialize;
use serde_json::Value;
use std::collections::BTreeMap;

/// The whole file. Keys the referee has no use for (`gameId`, `created`, `clock`, `chat`,
/// `initialRandom`, ...) are read and passed over: they describe the file, not the game.
#[derive(Debug, Deserialize)]
pub struct SavedGame {
    #[serde(rename = "appVersion", default)]
    pub app_version: Option<String>,
    pub setup: Setup,
    pub players: Vec<PlayerEntry>,
    #[serde(default)]
    pub replay: Vec<Message>,
    #[serde(rename = "gameAnnotations", default)]
    pub annotations: Annotations,
    #[serde(default)]
    pub test: Option<TestBlock>,
    #[serde(flatten)]
    pub other: BTreeMap<String, Value>,
}

#[derive(Debug, Deserialize)]
pub struct Setup {
    #[serde(default)]
    pub sets: BTreeMap<String, Value>,
    #[serde(default)]
    pub elements: BTreeMap<String, Value>,
    #[serde(default)]
    pub rules: BTreeMap<String, Value>,
    #[serde(default)]
    pub start: Vec<StartTile>,
    #[serde(default)]
    pub addons: BTreeMap<String, Value>,
    #[serde(flatten)]
    pub other: BTreeMap<String, Value>,
}

#[derive(Debug, Deserialize)]
pub struct StartTile {
    pub tile: String,
    pub x: i64,
    pub y: i64,
    #[serde(default)]
    pub rotation: i64,
}

#[derive(Debug, Deserialize)]
pub struct PlayerEntry {
    pub name: String,
    #[serde(flatten)]
    pub other: BTreeMap<String, Value>,
}

#[derive(Debug, Deserialize)]
pub struct Message {
    #[serde(rename = "type")]
    pub kind: String,
    #[serde(default)]
    pub payload: Value,
    #[serde(default)]
    pub player: Option<i64>,
    #[serde(flatten)]
    pub other: BTreeMap<String, Value>,
}

#[derive(Debug, Default, Deserialize)]
pub struct Annotations {
    #[serde(rename = "drawOrder", default)]
    pub draw_order: Vec<String>,
    #[serde(rename = "endTurn", default)]
    pub end_turn: Option<i64>,
    #[serde(flatten)]
    pub other: BTreeMap<String, Value>,
}

#[derive(Debug, Deserialize)]
pub struct TestBlock {
    #[serde(default)]
    pub description: String,
    #[serde(default)]
    pub assertions: Vec<String>,
}
