//! `referee tiles`: the tile catalogue as a gallery (text, or an SVG picture drawn as `render`
//! draws a tile); `referee new`: a commented starter scenario.

use super::{emit, write_svg, Error, Status};
use crate::data::Library;
use crate::engine::Game;
use crate::expansion::{ExpansionId, Options};
use crate::geom::{Pos, Rotation};
use crate::text::{escape_control as esc, xml_text};
use crate::tile::{FeatureKind, TileDef};
use clap::Args;
use std::fmt::Write;
use std::path::PathBuf;

#[derive(Debug, Args)]
pub struct TilesArgs {
    /// Only the tiles of this expansion's catalogue (base, bcb1, cig, db, ...).
    #[arg(long, short, value_name = "X")]
    pub expansion: Option<String>,
    /// Write the gallery as an SVG picture to this file (`-`: standard output) instead of listing it.
    #[arg(long, value_name = "FILE")]
    pub svg: Option<PathBuf>,
    #[command(flatten)]
    pub data: super::DataArg,
}

#[derive(Debug, Args)]
pub struct NewArgs {
    /// Write the scenario to this file (never over an existing one) instead of standard output.
    pub file: Option<PathBuf>,
}

/// The catalogues asked for: every one, or the one `--expansion` names.
fn catalogues<'l>(lib: &'l Library, only: Option<&str>) -> Result<Vec<(ExpansionId, &'l [TileDef])>, Error> {
    let all: Vec<(ExpansionId, &[TileDef])> = lib.tiles.iter().map(|(x, d)| (*x, d.as_slice())).collect();
    let Some(name) = only else { return Ok(all) };
    let picked: Vec<_> =
        all.iter().filter(|(x, _)| x.as_str() == name || ExpansionId::parse(name) == Some(*x)).copied().collect();
    if picked.is_empty() {
        let known: Vec<&str> = all.iter().map(|(x, _)| x.as_str()).collect();
        return Err(Box::new(
            miette::MietteDiagnostic::new(format!("no tile catalogue for the expansion `{}`", esc(name)))
                .with_code("referee::unknown-expansion")
                .with_help(format!("expansions with tiles: {}", known.join(", "))),
        ));
    }
    Ok(picked)
}

/// A tile's features as a scenario writes them, turned as the catalogue lays it (rotation 0);
/// a field with the words the report uses for it, a city with the goods it shows.
pub fn feature_names(def: &TileDef) -> Vec<String> {
    let r = Rotation::from_degrees(0).unwrap_or_default();
    (0..def.segments.len())
        .map(|i| {
            let name = def.scenario_name(r, i);
            let words = def.segment_words(r, i);
            let said = words.strip_prefix("field ").filter(|w| w.contains(" of the ") || w.starts_with("between"));
            let goods: Vec<&str> = def.segments[i].goods.iter().map(|g| g.as_str()).collect();
            if let (FeatureKind::Field, Some(said)) = (def.segments[i].kind, said) {
                format!("{name} ({said})")
            } else if !goods.is_empty() {
                format!("{name} ({})", goods.join(", "))
            } else {
                name
            }
        })
        .collect()
}

/// The tiles of the gallery: the first half of a double-size tile stands for both.
fn shown(defs: &[TileDef]) -> impl Iterator<Item = &TileDef> {
    defs.iter().filter(|d| d.half_of.is_none())
}

pub fn tiles(lib: &Library, a: TilesArgs) -> Result<Status, Error> {
    let cats = catalogues(lib, a.expansion.as_deref())?;
    if let Some(path) = &a.svg {
        write_svg(path, &gallery_svg(lib, &cats))?;
        return Ok(Status::Ok);
    }
    let mut s = String::new();
    for (x, defs) in &cats {
        let _ = writeln!(s, "{x}: {} tile kinds\n", shown(defs).count());
        for d in shown(defs) {
            let mut head = format!("{}  {}  ×{}", esc(&d.id), d.edge_string(), d.count);
            if d.start {
                head.push_str("  start tile");
            }
            if let Some(t) = &d.twin {
                head.push_str(&format!("  double-size, with {}", esc(&t.id)));
            }
            if !d.name.is_empty() {
                head.push_str(&format!("  — {}", esc(&d.name)));
            }
            let _ = writeln!(s, "{head}");
            let mut names = feature_names(d);
            if let Some(half) = d.twin.as_ref().and_then(|t| defs.iter().find(|o| o.id == t.id)) {
                names.extend(feature_names(half).into_iter().map(|n| format!("{n} (on {})", esc(&half.id))));
            }
            let _ = writeln!(s, "    {}", esc(&names.join(", ")));
        }
        s.push('\n');
    }
    s.push_str("Features are named as a scenario writes them, the tile at rotation 0 (docs/scenarios.md, \"Naming a feature\").\n");
    emit(&s)?;
    Ok(Status::Ok)
}

/// The gallery as an SVG picture: each tile at rotation 0, drawn as `render` draws it, with
/// its letter and edges beneath.
fn gallery_svg(lib: &Library, cats: &[(ExpansionId, &[TileDef])]) -> String {
    const COLS: i32 = 8;
    let t = crate::render::TILE_PX;
    let (cell_w, margin) = (2 * t + 20, 20);
    let mut body = String::new();
    let mut y = margin;
    for (x, defs) in cats {
        let _ = writeln!(
            body,
            r##"<text x="{margin}" y="{}" font-size="16" font-weight="bold" fill="#333">{x}</text>"##,
            y + 16
        );
        y += 30;
        let set = lib.tile_set(&[*x]);
        // Room for a double-size tile's second half, in a catalogue that has one.
        let high = if shown(defs).any(|d| d.twin.is_some()) { 2 * t } else { t };
        let cell_h = high + 40;
        let players = ["Red".to_string()];
        for (k, d) in shown(defs).enumerate() {
            let (col, row) = (k as i32 % COLS, k as i32 / COLS);
            let (ox, oy) = (margin + col * cell_w, y + row * cell_h);
            if let Some(kind) = set.find(&d.id) {
                let mut game = Game::new(&set, Options::default(), &[*x], &players);
                if game.setup_tile(kind, Pos::new(0, 0), Rotation::default()).is_ok() {
                    // A double-size tile's second half lies beside the first, north up.
                    let placed = game.placed().to_vec();
                    let (min_x, max_y) = (
                        placed.iter().map(|p| p.pos.x).min().unwrap_or(0),
                        placed.iter().map(|p| p.pos.y).max().unwrap_or(0),
                    );
                    for p in &placed {
                        crate::render::svg_tile(
                            &mut body,
                            &game,
                            p,
                            ox + (p.pos.x - min_x) * t,
                            oy + (max_y - p.pos.y) * t,
                        );
                    }
                }
            }
            let _ = writeln!(
                body,
                r##"<text x="{ox}" y="{}" font-size="12" fill="#333"><tspan font-weight="bold">{}</tspan> {}</text>"##,
                oy + high + 16,
                xml_text(&d.id),
                d.edge_string()
            );
        }
        let rows = (shown(defs).count() as i32 + COLS - 1) / COLS;
        y += rows * cell_h + 10;
    }
    let w = 2 * margin + COLS * cell_w;
    let h = y + margin;
    let mut s = String::new();
    let _ = writeln!(
        s,
        r#"<svg xmlns="http://www.w3.org/2000/svg" width="{w}" height="{h}" viewBox="0 0 {w} {h}" font-family="sans-serif">"#
    );
    let _ = writeln!(s, "<title>Carcassonne referee: the tile catalogue</title>");
    let _ = writeln!(s, r##"<rect width="{w}" height="{h}" fill="#fdfaf3"/>"##);
    s.push_str(&body);
    s.push_str("</svg>\n");
    s
}

/// The scenario `referee new` writes: it loads, and passes under every default ruleset (a
/// test holds it to that).
pub const STARTER: &str = r#"# A starter scenario. Replay it with `referee check FILE`; `referee test FOLDER` runs a
# folder of them. docs/scenarios.md describes every key; `referee tiles` lists the tiles and
# how to name their features; `referee explain ID` shows what a rule id says.
title: A road closed at both ends scores 1 point per tile   # required: what the scenario shows
source: base rules, "Scoring a completed road"             # optional: where the ruling comes from
players: [Red, Blue]            # required, in turn order
# expansions: [bcb1]            # optional; the base game is always in play
# rulesets: [hig, early]        # optional; default: hig, rgg, zmg, ne
covers: [base.road.completed]   # the rule ids this scenario locks in

board:                          # optional: the tiles on the table before turn 1
  - {tile: D, at: [0, 0]}       # the start tile: city north, road west-east (x grows east, y north)

turns:                          # replayed in order, round the players
  - {tile: V, at: [1, 0], follower: road W}   # Red: the road turns south; Red stands on it
  - {tile: A, at: [-1, 0], rotation: 270}     # Blue: a cloister ends the road in the west
  - {tile: A, at: [1, -1], rotation: 180}     # Red: a cloister ends it in the south

expect:                         # worked out by hand from the rule text, before the first run
  # Turn 3: the road over -1,0  0,0  1,0  1,-1 is closed: 4 tiles x 1 = 4 for Red, whose
  # follower comes home; nothing is left for the final scoring.
  scores: {Red: 4, Blue: 0}
  events:
    - {turn: 3, player: Red, feature: road, tiles: 4, points: 4, rules: [base.road.completed]}
"#;

pub fn new(a: NewArgs) -> Result<Status, Error> {
    let Some(path) = a.file.filter(|p| !super::is_stdin(p)) else {
        emit(STARTER)?;
        return Ok(Status::Ok);
    };
    let shown = esc(&path.display().to_string()).into_owned();
    let written = std::fs::OpenOptions::new()
        .write(true)
        .create_new(true)
        .open(&path)
        .and_then(|mut f| std::io::Write::write_all(&mut f, STARTER.as_bytes()));
    written.map_err(|e| {
        let help = if e.kind() == std::io::ErrorKind::AlreadyExists {
            "`referee new` never writes over a file: give a new name"
        } else {
            "give a file in a folder you can write to"
        };
        Box::new(
            miette::MietteDiagnostic::new(format!("cannot write {shown}: {e}"))
                .with_code("referee::io")
                .with_help(help),
        ) as Error
    })?;
    super::warn(&format!("wrote {shown}; try `referee check {shown}`\n"));
    Ok(Status::Ok)
}
