//! Tile catalogue files, and the tile entries scenarios may define inline.

use crate::data::Text;
use crate::diag::{InputError, Problem, SourceFile};
use crate::geom::{Edge, Rotation};
use crate::tile::{TileDef, TileNotation, Twin};
use serde::Deserialize;

/// One tile as written in YAML (the notation of `tile.rs`).
#[derive(Debug, Clone, PartialEq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct TileEntry {
    pub id: Text,
    #[serde(default)]
    pub name: Text,
    #[serde(default = "one")]
    pub count: u32,
    #[serde(default)]
    pub start: bool,
    pub edges: Text,
    #[serde(default)]
    pub cities: Vec<Text>,
    #[serde(default)]
    pub pennants: Vec<Text>,
    #[serde(default)]
    pub roads: Vec<Text>,
    #[serde(default)]
    pub fields: Vec<Text>,
    #[serde(default)]
    pub cloister: bool,
    #[serde(default)]
    pub marks: Vec<Text>,
    #[serde(default)]
    pub inns: Vec<Text>,
    #[serde(default)]
    pub cathedrals: Vec<Text>,
    #[serde(default)]
    pub triangular: Vec<Text>,
    #[serde(default)]
    pub castle: bool,
    #[serde(default)]
    pub drawbridges: Vec<Text>,
    /// Goods symbols in its cities (Traders and Builders): `N wine`.
    #[serde(default)]
    pub goods: Vec<Text>,
    /// River segments, each by the edges it reaches (The River): `WE`.
    #[serde(default)]
    pub rivers: Vec<Text>,
    /// Fields printed with a pig herd, each by a half-edge (The River II): `NR`.
    #[serde(default, rename = "pig-herds")]
    pub pig_herds: Vec<Text>,
    /// Cities that also touch an edge another city owns (Hills and Sheep): `E > N`.
    #[serde(default)]
    pub touches: Vec<Text>,
    /// The second square of a double-size tile (Castles in Germany).
    #[serde(default)]
    pub second: Option<Box<TileHalf>>,
}

/// The second square of a double-size tile: its notation, and the side of the first square
/// it lies on at rotation 0 (default east).
#[derive(Debug, Clone, PartialEq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct TileHalf {
    #[serde(default)]
    pub side: Option<Text>,
    pub edges: Text,
    #[serde(default)]
    pub cities: Vec<Text>,
    #[serde(default)]
    pub pennants: Vec<Text>,
    #[serde(default)]
    pub roads: Vec<Text>,
    #[serde(default)]
    pub fields: Vec<Text>,
    #[serde(default)]
    pub cloister: bool,
    #[serde(default)]
    pub drawbridges: Vec<Text>,
}

fn one() -> u32 {
    1
}

#[derive(Debug, PartialEq, Deserialize)]
#[serde(deny_unknown_fields)]
struct TileFile {
    expansion: Text,
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
            edges: &h.edges,
            cities: &h.cities,
            pennants: &h.pennants,
            roads: &h.roads,
            fields: &h.fields,
            cloister: h.cloister,
            drawbridges: &h.drawbridges,
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
        second.half_of = Some(self.id.to_string());
        first.twin = Some(Twin { id, side });
        Ok(vec![first, second])
    }

    /// Validates the entry; problems point into `file` at `path` (e.g. `tiles[3]`).
    pub fn build(&self, file: &SourceFile, path: &str) -> Result<TileDef, Vec<Problem>> {
        let n = TileNotation {
            edges: &self.edges,
            cities: &self.cities,
            pennants: &self.pennants,
            roads: &self.roads,
            fields: &self.fields,
            cloister: self.cloister,
            marks: &self.marks,
            inns: &self.inns,
            cathedrals: &self.cathedrals,
            triangular: &self.triangular,
            castle: self.castle,
            drawbridges: &self.drawbridges,
            goods: &self.goods,
            rivers: &self.rivers,
            pig_herds: &self.pig_herds,
            touches: &self.touches,
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
    build(file, parsed)
}

/// The built-in tile files, read from their YAML when the crate was built (`build.rs`): the
/// same values `load` reads from them.
mod prebuilt {
    use super::{Text, TileEntry, TileFile, TileHalf};

    /// A tile of a built-in file as build.rs writes it: the file's text, in static slices.
    struct T {
        id: &'static str,
        name: &'static str,
        count: u32,
        start: bool,
        edges: &'static str,
        cities: &'static [&'static str],
        pennants: &'static [&'static str],
        roads: &'static [&'static str],
        fields: &'static [&'static str],
        cloister: bool,
        marks: &'static [&'static str],
        inns: &'static [&'static str],
        cathedrals: &'static [&'static str],
        triangular: &'static [&'static str],
        castle: bool,
        drawbridges: &'static [&'static str],
        goods: &'static [&'static str],
        rivers: &'static [&'static str],
        pig_herds: &'static [&'static str],
        touches: &'static [&'static str],
        second: Option<&'static H>,
    }

    /// The second square of a double-size tile, as `T` holds it.
    struct H {
        side: Option<&'static str>,
        edges: &'static str,
        cities: &'static [&'static str],
        pennants: &'static [&'static str],
        roads: &'static [&'static str],
        fields: &'static [&'static str],
        cloister: bool,
        drawbridges: &'static [&'static str],
    }

    include!(concat!(env!("OUT_DIR"), "/tiles.rs"));

    fn own(list: &'static [&'static str]) -> Vec<Text> {
        list.iter().map(|s| Text::from(*s)).collect()
    }

    /// A built-in tile file, as the loader reads it from its YAML.
    pub(super) fn file(path: &str) -> Option<TileFile> {
        let (_, expansion, tiles) = FILES.iter().find(|(p, ..)| *p == path)?;
        let half = |h: &H| TileHalf {
            side: h.side.map(Text::from),
            edges: h.edges.into(),
            cities: own(h.cities),
            pennants: own(h.pennants),
            roads: own(h.roads),
            fields: own(h.fields),
            cloister: h.cloister,
            drawbridges: own(h.drawbridges),
        };
        let tiles = tiles
            .iter()
            .map(|t| TileEntry {
                id: t.id.into(),
                name: t.name.into(),
                count: t.count,
                start: t.start,
                edges: t.edges.into(),
                cities: own(t.cities),
                pennants: own(t.pennants),
                roads: own(t.roads),
                fields: own(t.fields),
                cloister: t.cloister,
                marks: own(t.marks),
                inns: own(t.inns),
                cathedrals: own(t.cathedrals),
                triangular: own(t.triangular),
                castle: t.castle,
                drawbridges: own(t.drawbridges),
                goods: own(t.goods),
                rivers: own(t.rivers),
                pig_herds: own(t.pig_herds),
                touches: own(t.touches),
                second: t.second.map(|h| Box::new(half(h))),
            })
            .collect();
        Some(TileFile { expansion: Text::from(*expansion), tiles })
    }
}

/// A built-in tile file as `load` reads it, from the values read when the crate was built.
pub fn load_builtin(e: &crate::embedded::Embedded) -> Result<(String, Vec<TileDef>), InputError> {
    crate::data::load_builtin(e, prebuilt::file(e.path), build)
}

/// Whether the pre-built values of a built-in tile file are the ones its YAML holds.
pub fn prebuilt_matches(e: &crate::embedded::Embedded) -> bool {
    crate::data::prebuilt_matches(e, prebuilt::file(e.path))
}

/// Validates a parsed file into its tile kinds, reporting every problem in it.
fn build(file: &SourceFile, parsed: TileFile) -> Result<(String, Vec<TileDef>), InputError> {
    let mut defs = Vec::with_capacity(parsed.tiles.len());
    let mut problems = Vec::new();
    let mut seen = std::collections::HashSet::new();
    for (i, t) in parsed.tiles.iter().enumerate() {
        let path = format!("tiles[{i}]");
        if !seen.insert(t.id.as_ref()) {
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
            d.set = parsed.expansion.to_string();
        }
        Ok((parsed.expansion.into_owned(), defs))
    } else {
        Err(InputError::new(file, problems))
    }
}
