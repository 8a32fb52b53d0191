//! Tile catalogue files, and the tile entries scenarios may define inline.

use crate::diag::{InputError, Problem, SourceFile};
use crate::geom::{Edge, Rotation};
use crate::tile::{TileDef, TileNotation, Twin};
use serde::Deserialize;

/// One tile as written in YAML (the notation of `tile.rs`).
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct TileEntry {
    pub id: String,
    #[serde(default)]
    pub name: String,
    #[serde(default = "one")]
    pub count: u32,
    #[serde(default)]
    pub start: bool,
    pub edges: String,
    #[serde(default)]
    pub cities: Vec<String>,
    #[serde(default)]
    pub pennants: Vec<String>,
    #[serde(default)]
    pub roads: Vec<String>,
    #[serde(default)]
    pub fields: Vec<String>,
    #[serde(default)]
    pub cloister: bool,
    #[serde(default)]
    pub marks: Vec<String>,
    #[serde(default)]
    pub inns: Vec<String>,
    #[serde(default)]
    pub cathedrals: Vec<String>,
    #[serde(default)]
    pub triangular: Vec<String>,
    #[serde(default)]
    pub castle: bool,
    #[serde(default)]
    pub drawbridges: Vec<String>,
    /// Goods symbols in its cities (Traders and Builders): `N wine`.
    #[serde(default)]
    pub goods: Vec<String>,
    /// The second square of a double-size tile (Castles in Germany).
    #[serde(default)]
    pub second: Option<Box<TileHalf>>,
}

/// The second square of a double-size tile: its notation, and the side of the first square
/// it lies on at rotation 0 (default east).
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct TileHalf {
    #[serde(default)]
    pub side: Option<String>,
    pub edges: String,
    #[serde(default)]
    pub cities: Vec<String>,
    #[serde(default)]
    pub pennants: Vec<String>,
    #[serde(default)]
    pub roads: Vec<String>,
    #[serde(default)]
    pub fields: Vec<String>,
    #[serde(default)]
    pub cloister: bool,
    #[serde(default)]
    pub drawbridges: Vec<String>,
}

fn one() -> u32 {
    1
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct TileFile {
    expansion: String,
    tiles: Vec<TileEntry>,
}

impl TileEntry {
    /// Validates the entry into its tile kinds (two for a double-size tile, the first the one
    /// to place); problems point into `file` at `path` (e.g. `tiles[3]`).
    /// A problem with the id itself: it is shown in every report, so it holds no control
    /// character. The tile is still built, so that nothing else is reported about it.
    pub fn id_problem(&self, file: &SourceFile, path: &str) -> Option<Problem> {
        let (_, c) = crate::text::has_control(&self.id)?;
        Some(
            Problem::new(
                "tile::control-character",
                format!("the tile id holds the control character {}", c.escape_unicode()),
            )
            .at(file.spans().find(&format!("{path}.id")))
            .help("a tile id is shown in every report: letters, digits and dashes"),
        )
    }

    pub fn build_all(&self, file: &SourceFile, path: &str) -> Result<Vec<TileDef>, Vec<Problem>> {
        let mut first = self.build(file, path)?;
        let Some(h) = &self.second else { return Ok(vec![first]) };
        let side = match h.side.as_deref().map(Edge::parse) {
            None => Edge::E,
            Some(Some(e)) => e,
            Some(None) => {
                return Err(vec![Problem::new(
                    "tile::invalid",
                    format!("tile {}: `second.side` is not an edge", self.id),
                )
                .at(file.spans().find(&format!("{path}.second.side")))])
            }
        };
        let n = TileNotation {
            edges: h.edges.clone(),
            cities: h.cities.clone(),
            pennants: h.pennants.clone(),
            roads: h.roads.clone(),
            fields: h.fields.clone(),
            cloister: h.cloister,
            drawbridges: h.drawbridges.clone(),
            ..TileNotation::default()
        };
        let id = format!("{}/2", self.id);
        let mut second = TileDef::new(&id, &self.name, 0, false, &n).map_err(|errs| {
            errs.into_iter()
                .map(|e| {
                    Problem::new("tile::invalid", format!("tile {} (second square): {e}", self.id))
                        .at(file.spans().find(&format!("{path}.second")))
                })
                .collect::<Vec<_>>()
        })?;
        let (a, b) = (first.edge(Rotation::default(), side), second.edge(Rotation::default(), side.opposite()));
        if a != b {
            return Err(vec![Problem::new(
                "tile::invalid",
                format!("tile {}: its two squares do not match where they meet ({} edge)", self.id, side.word()),
            )
            .at(file.spans().find(path))]);
        }
        second.half_of = Some(self.id.clone());
        first.twin = Some(Twin { id, side });
        Ok(vec![first, second])
    }

    /// Validates the entry; problems point into `file` at `path` (e.g. `tiles[3]`).
    pub fn build(&self, file: &SourceFile, path: &str) -> Result<TileDef, Vec<Problem>> {
        let n = TileNotation {
            edges: self.edges.clone(),
            cities: self.cities.clone(),
            pennants: self.pennants.clone(),
            roads: self.roads.clone(),
            fields: self.fields.clone(),
            cloister: self.cloister,
            marks: self.marks.clone(),
            inns: self.inns.clone(),
            cathedrals: self.cathedrals.clone(),
            triangular: self.triangular.clone(),
            castle: self.castle,
            drawbridges: self.drawbridges.clone(),
            goods: self.goods.clone(),
        };
        TileDef::new(&self.id, &self.name, self.count, self.start, &n).map_err(|errs| {
            errs.into_iter()
                .map(|e| {
                    Problem::new("tile::invalid", format!("tile {}: {e}", self.id))
                        .at(file.spans().find(path))
                        .label("this tile")
                        .help("see \"Tiles\" in docs/scenarios.md for the notation")
                })
                .collect()
        })
    }
}

/// Loads a catalogue file into tile kinds, reporting every problem in it.
pub fn load(file: &SourceFile) -> Result<(String, Vec<TileDef>), InputError> {
    let parsed: TileFile = crate::data::parse_yaml(file)?;
    let mut defs = Vec::new();
    let mut problems = Vec::new();
    let mut seen = std::collections::HashSet::new();
    for (i, t) in parsed.tiles.iter().enumerate() {
        let path = format!("tiles[{i}]");
        if !seen.insert(t.id.as_str()) {
            problems.push(
                Problem::new("tile::duplicate", format!("tile {} is defined twice", t.id)).at(file.spans().find(&path)),
            );
        }
        problems.extend(t.id_problem(file, &path));
        if defs.len() >= crate::data::MAX_TILE_KINDS {
            problems.push(
                Problem::new("tile::too-many", format!("more than {} tile kinds", crate::data::MAX_TILE_KINDS))
                    .at(file.spans().find(&path)),
            );
            break;
        }
        match t.build_all(file, &path) {
            Ok(d) => defs.extend(d),
            Err(p) => problems.extend(p),
        }
    }
    if problems.is_empty() {
        for d in &mut defs {
            d.set = parsed.expansion.clone();
        }
        Ok((parsed.expansion, defs))
    } else {
        Err(InputError::new(file, problems))
    }
}
