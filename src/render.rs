//! Pictures of the board: a character grid for the terminal, and SVG.
//!
//! Both are drawn from the catalogue's own data (edges, segments, pennants, marks) and the
//! game's state; no bitmap art. A tile is a 3 x 3 grid of cells: edges in the middle of each
//! side, corners, and the centre.
//!
//! Names come from files: a follower shows its player's initial only when it is a plain
//! one-column character (else `?`), and the SVG escapes every text it writes
//! (`text::xml_text`). A picture is drawn only up to [`MAX_SQUARES`] squares.

use crate::engine::Game;
use crate::expansion::PieceAt;
use crate::geom::{Axis, Corner, Edge, Pos};
use crate::text::xml_text;
use crate::tile::{FeatureKind, Mark, Terrain};
use std::fmt::{self, Write};

/// The most squares (the board's bounding box, empty squares included) a picture may span.
///
/// A real game lays fewer than 300 tiles: even laid as a staircase, the worst shape for a
/// bounding box, they span 150 x 150 = 22,500 squares. Ten times that is still drawn; past it
/// the terminal picture (12 characters a square, up to 3 bytes each) would pass 9 MB, and the
/// SVG 30,000 pixels a side. A 20,000-tile staircase spans 10^8 squares (some 3.6 GB of text).
pub const MAX_SQUARES: u64 = 250_000;

/// A board too large to draw (see [`MAX_SQUARES`]): bad input, exit status 2.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TooLarge {
    pub cols: u64,
    pub rows: u64,
    /// What the picture would have been: `"about 1200460040 characters"`, `"600120 x 600214 pixels"`.
    pub picture: String,
}

impl fmt::Display for TooLarge {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "the board spans {} x {} squares ({} squares, a picture of {}): too large to draw; the limit is {MAX_SQUARES} squares",
            self.cols,
            self.rows,
            self.cols * self.rows,
            self.picture
        )
    }
}

impl std::error::Error for TooLarge {}

impl miette::Diagnostic for TooLarge {
    fn code<'a>(&'a self) -> Option<Box<dyn fmt::Display + 'a>> {
        Some(Box::new("referee::render::too-large"))
    }
    fn help<'a>(&'a self) -> Option<Box<dyn fmt::Display + 'a>> {
        Some(Box::new(
            "a real game lays fewer than 300 tiles; `referee check` scores the scenario without drawing it, and `--turn N` draws an earlier board",
        ))
    }
}

/// The board's columns and rows, refused past [`MAX_SQUARES`]; `picture` says how large the
/// picture would be for the message.
fn size_checked(game: &Game, picture: impl Fn(u64, u64) -> String) -> Result<(), TooLarge> {
    let (x0, x1, y0, y1) = bounds(game);
    let (cols, rows) = ((x1 as i64 - x0 as i64 + 1) as u64, (y1 as i64 - y0 as i64 + 1) as u64);
    if cols * rows > MAX_SQUARES {
        return Err(TooLarge { cols, rows, picture: picture(cols, rows) });
    }
    Ok(())
}

/// The letter a follower shows: its player's initial, upper-cased, when that is one column
/// wide and harmless (a visible ASCII character, or a letter or digit below U+1100 that is
/// not a combining mark); else `?`. A grid cell is one column, and a name may start with
/// anything: ESC, a wide character, a combining accent.
fn initial(name: &str) -> char {
    let c = name.chars().next().unwrap_or('?');
    let cp = c as u32;
    let narrow = cp < 0x1100 && !(0x300..0x370).contains(&cp) && !(0x483..0x490).contains(&cp);
    if c.is_ascii_graphic() || (narrow && c.is_alphanumeric()) {
        c.to_uppercase().next().filter(|u| !crate::text::is_control(*u)).unwrap_or('?')
    } else {
        '?'
    }
}

/// Colours of players in turn order (terminal ANSI code, SVG fill).
const COLOURS: [(&str, &str); 8] = [
    ("31", "#d62828"),
    ("34", "#1d4ed8"),
    ("32", "#15803d"),
    ("33", "#ca8a04"),
    ("35", "#9333ea"),
    ("36", "#0891b2"),
    ("90", "#111111"),
    ("37", "#f5f5f5"),
];

/// What one cell of a tile shows.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Glyph {
    Field,
    City,
    RoadNS,
    RoadEW,
    Junction,
    Cloister,
    Castle,
    Bazaar,
    Bridge(Axis),
    Follower(u8),
    Empty,
}

impl Glyph {
    fn char(self, ascii: bool) -> char {
        match (self, ascii) {
            (Glyph::Field, false) => '·',
            (Glyph::Field, true) => '.',
            (Glyph::City, false) => '▓',
            (Glyph::City, true) => '#',
            (Glyph::RoadNS, false) => '║',
            (Glyph::RoadNS, true) => '|',
            (Glyph::RoadEW, false) => '═',
            (Glyph::RoadEW, true) => '-',
            (Glyph::Junction, false) => '╬',
            (Glyph::Junction, true) => '+',
            (Glyph::Cloister, false) => '✝',
            (Glyph::Cloister, true) => 'T',
            (Glyph::Castle, false) => '♜',
            (Glyph::Castle, true) => 'K',
            (Glyph::Bazaar, false) => '¤',
            (Glyph::Bazaar, true) => '$',
            (Glyph::Bridge(Axis::NS), false) => '╫',
            (Glyph::Bridge(Axis::EW), false) => '╪',
            (Glyph::Bridge(_), true) => 'H',
            (Glyph::Follower(_), _) => '?',
            (Glyph::Empty, _) => ' ',
        }
    }
}

/// Cell of a tile grid: (column, row), row 0 on the north.
fn edge_cell(e: Edge) -> (usize, usize) {
    match e {
        Edge::N => (1, 0),
        Edge::E => (2, 1),
        Edge::S => (1, 2),
        Edge::W => (0, 1),
    }
}

fn corner_cell(c: Corner) -> (usize, usize) {
    match c {
        Corner::NE => (2, 0),
        Corner::SE => (2, 2),
        Corner::SW => (0, 2),
        Corner::NW => (0, 0),
    }
}

/// The 3 x 3 cells of the tile at `p`, followers included.
fn tile_cells(game: &Game, p: &crate::engine::Placed) -> [[Glyph; 3]; 3] {
    let def = game.def(p.kind);
    let r = p.rotation;
    let mut g = [[Glyph::Field; 3]; 3];
    for e in Edge::ALL {
        let (x, y) = edge_cell(e);
        g[y][x] = match game.edge_terrain(p, e) {
            Terrain::City => Glyph::City,
            Terrain::Road if matches!(e, Edge::N | Edge::S) => Glyph::RoadNS,
            Terrain::Road => Glyph::RoadEW,
            Terrain::Field => Glyph::Field,
        };
    }
    for c in Corner::ALL {
        let [a, b] = c.halves();
        let (ea, eb) = (a.edge(), b.edge());
        let city = def
            .segment_on_edge(r, ea)
            .zip(def.segment_on_edge(r, eb))
            .is_some_and(|(x, y)| x == y && def.segments[x].kind == FeatureKind::City);
        if city {
            let (x, y) = corner_cell(c);
            g[y][x] = Glyph::City;
        }
    }
    // The centre: a centre feature, a city reaching several edges, or the roads meeting.
    let centre = if def.segments.iter().any(|s| s.kind == FeatureKind::Castle) {
        Glyph::Castle
    } else if def.segments.iter().any(|s| s.kind == FeatureKind::Cloister) {
        Glyph::Cloister
    } else if def.marks.contains(&Mark::Bazaar) {
        Glyph::Bazaar
    } else if def.segments.iter().any(|s| s.kind == FeatureKind::City && s.edges.count_ones() >= 2) {
        Glyph::City
    } else {
        let roads: Vec<u8> =
            def.segments.iter().filter(|s| s.kind == FeatureKind::Road).map(|s| r.edge_mask(s.edges)).collect();
        let ends = roads.iter().filter(|m| m.count_ones() == 1).count();
        match roads.iter().find(|m| m.count_ones() == 2) {
            Some(m) if *m == Axis::NS.mask() => Glyph::RoadNS,
            Some(m) if *m == Axis::EW.mask() => Glyph::RoadEW,
            Some(_) => Glyph::Junction,
            None if ends >= 3 => Glyph::Junction,
            None => Glyph::Field,
        }
    };
    g[1][1] = centre;
    for a in game.added_segments().iter().filter(|a| game.placed()[a.placed as usize].pos == p.pos) {
        let axis = if a.edges == Axis::NS.mask() { Axis::NS } else { Axis::EW };
        g[1][1] = Glyph::Bridge(axis);
    }
    for f in game.followers() {
        let (at, local) = game.locate(f.segment);
        if at != p.pos {
            continue;
        }
        let (x, y) = match local.map(|l| &def.segments[l]) {
            None | Some(crate::tile::Segment { kind: FeatureKind::Cloister | FeatureKind::Castle, .. }) => (1, 1),
            Some(s) if s.kind == FeatureKind::Field => {
                let c = Corner::ALL
                    .into_iter()
                    .find(|c| c.halves().iter().any(|h| r.half_mask(s.halves) & h.bit() != 0))
                    .unwrap_or(Corner::NE);
                corner_cell(c)
            }
            Some(s) => Edge::ALL.into_iter().find(|e| r.edge_mask(s.edges) & e.bit() != 0).map_or((1, 1), edge_cell),
        };
        g[y][x] = Glyph::Follower(f.player.0);
    }
    g
}

fn bounds(game: &Game) -> (i32, i32, i32, i32) {
    let xs = game.placed().iter().map(|p| p.pos.x);
    let ys = game.placed().iter().map(|p| p.pos.y);
    let (x0, x1) = (xs.clone().min().unwrap_or(0), xs.max().unwrap_or(0));
    let (y0, y1) = (ys.clone().min().unwrap_or(0), ys.max().unwrap_or(0));
    (x0, x1, y0, y1)
}

/// The board as characters, with x along the top and y down the side (north up); refused
/// past [`MAX_SQUARES`].
pub fn text(game: &Game, ascii: bool, colour: bool) -> Result<String, TooLarge> {
    // 5 columns of labels, then 4 a square, on 3 lines a row of squares.
    size_checked(game, |cols, rows| format!("about {} characters", (6 + 4 * cols) * (1 + 3 * rows)))?;
    let (x0, x1, y0, y1) = bounds(game);
    let mut s = String::new();
    let _ = write!(s, "{:>5}", "");
    for x in x0..=x1 {
        let _ = write!(s, "{:^4}", x);
    }
    s.push('\n');
    for y in (y0..=y1).rev() {
        let rows: Vec<[[Glyph; 3]; 3]> = (x0..=x1)
            .map(|x| game.tile_at(Pos::new(x, y)).map_or([[Glyph::Empty; 3]; 3], |p| tile_cells(game, p)))
            .collect();
        for row in 0..3 {
            let label = if row == 1 { format!("{y:>4} ") } else { "     ".to_string() };
            s.push_str(&label);
            for cells in &rows {
                for g in cells[row] {
                    match g {
                        Glyph::Follower(i) => {
                            let ch = initial(game.player_name(crate::score::PlayerId(i)));
                            if colour {
                                let _ = write!(s, "\x1b[1;{}m{ch}\x1b[0m", COLOURS[i as usize % 8].0);
                            } else {
                                s.push(ch);
                            }
                        }
                        g => s.push(g.char(ascii)),
                    }
                }
                s.push(' ');
            }
            let trimmed = s.trim_end_matches(' ').len();
            s.truncate(trimmed);
            s.push('\n');
        }
    }
    let legend = if ascii {
        "# city  |,- road  . field  T cloister  K castle  $ bazaar  H bridge  letters: followers"
    } else {
        "▓ city  ║═ road  · field  ✝ cloister  ♜ castle  ¤ bazaar  ╫╪ bridge  letters: followers"
    };
    s.push_str(legend);
    s.push('\n');
    Ok(s)
}

const T: i32 = 60;

/// The board as an SVG picture, with a legend; refused past [`MAX_SQUARES`]. Well-formed
/// XML whatever the title and names hold.
pub fn svg(game: &Game, title: &str) -> Result<String, TooLarge> {
    let margin = 30;
    let legend_h = 30 + 22 * game.players().len() as i32;
    // Wide enough for the legend, however small the board.
    let size = |cols: i64, rows: i64| {
        ((cols * T as i64 + 2 * margin as i64).max(620), rows * T as i64 + 2 * margin as i64 + legend_h as i64 + 20)
    };
    size_checked(game, |cols, rows| {
        let (w, h) = size(cols as i64, rows as i64);
        format!("{w} x {h} pixels")
    })?;
    let (x0, x1, y0, y1) = bounds(game);
    let (cols, rows) = (x1 - x0 + 1, y1 - y0 + 1);
    let (w, h) = size(cols as i64, rows as i64);
    let mut s = String::new();
    let _ = writeln!(
        s,
        r#"<svg xmlns="http://www.w3.org/2000/svg" width="{w}" height="{h}" viewBox="0 0 {w} {h}" font-family="sans-serif">"#
    );
    let _ = writeln!(s, r#"<title>{}</title>"#, xml_text(title));
    let _ = writeln!(s, r##"<rect width="{w}" height="{h}" fill="#fdfaf3"/>"##);
    for x in x0..=x1 {
        let _ = writeln!(
            s,
            r##"<text x="{}" y="{}" font-size="12" text-anchor="middle" fill="#555">{x}</text>"##,
            margin + (x - x0) * T + T / 2,
            margin - 10
        );
    }
    for y in y0..=y1 {
        let _ = writeln!(
            s,
            r##"<text x="{}" y="{}" font-size="12" text-anchor="end" fill="#555">{y}</text>"##,
            margin - 6,
            margin + (y1 - y) * T + T / 2 + 4
        );
    }
    for p in game.placed() {
        let ox = margin + (p.pos.x - x0) * T;
        let oy = margin + (y1 - p.pos.y) * T;
        draw_tile(&mut s, game, p, ox, oy);
    }
    // Pieces the expansions have on the board: on a tile, between two, or on a corner.
    for piece in game.pieces() {
        let centre = |p: Pos| (margin + (p.x - x0) * T + T / 2, margin + (y1 - p.y) * T + T / 2);
        let (cx, cy) = match piece.at {
            PieceAt::Tile(p) => centre(p),
            PieceAt::Between(a, b) => {
                let ((ax, ay), (bx, by)) = (centre(a), centre(b));
                ((ax + bx) / 2, (ay + by) / 2)
            }
            PieceAt::Corner(p, c) => {
                let (dx, dy) = match c {
                    Corner::NE => (T, 0),
                    Corner::SE => (T, T),
                    Corner::SW => (0, T),
                    Corner::NW => (0, 0),
                };
                (margin + (p.x - x0) * T + dx, margin + (y1 - p.y) * T + dy)
            }
        };
        let half = i32::from(piece.size) / 2;
        let _ = writeln!(
            s,
            r##"<rect x="{}" y="{}" width="{}" height="{}" fill="{}" stroke="#111" rx="2"/>"##,
            cx - half,
            cy - half,
            piece.size,
            piece.size,
            piece.fill
        );
    }
    // Followers on top.
    for f in game.followers() {
        let p = game.placement_of(f.segment);
        let (cx, cy) = anchor(game, f.segment);
        let x = margin + (p.pos.x - x0) * T + cx;
        let y = margin + (y1 - p.pos.y) * T + cy;
        let (_, fill) = COLOURS[f.player.index() % 8];
        let letter = xml_text(&initial(game.player_name(f.player)).to_string());
        let _ = writeln!(s, r##"<circle cx="{x}" cy="{y}" r="8" fill="{fill}" stroke="#fff" stroke-width="2"/>"##);
        let _ = writeln!(
            s,
            r##"<text x="{x}" y="{}" font-size="10" font-weight="bold" text-anchor="middle" fill="#fff">{letter}</text>"##,
            y + 4
        );
    }
    // Legend.
    let ly = margin + rows * T + 24;
    let items = [
        ("#8fbf5a", "field"),
        ("#c8925a", "city"),
        ("#f5f0e1", "road"),
        ("#b91c1c", "cloister"),
        ("#1e3a8a", "pennant"),
        ("#6b7280", "castle"),
        ("#7c4a1e", "bridge"),
    ];
    for (i, (fill, label)) in items.iter().enumerate() {
        let lx = margin + i as i32 * 80;
        let _ = writeln!(s, r##"<rect x="{lx}" y="{}" width="12" height="12" fill="{fill}" stroke="#333"/>"##, ly - 10);
        let _ = writeln!(s, r##"<text x="{}" y="{ly}" font-size="12" fill="#333">{label}</text>"##, lx + 16);
    }
    for (i, pl) in game.players().iter().enumerate() {
        let y = ly + 22 * (i as i32 + 1);
        let (_, fill) = COLOURS[i % 8];
        let _ = writeln!(s, r##"<circle cx="{}" cy="{}" r="7" fill="{fill}"/>"##, margin + 6, y - 4);
        let _ = writeln!(
            s,
            r##"<text x="{}" y="{y}" font-size="12" fill="#333">{} — {} points, {} in supply</text>"##,
            margin + 18,
            xml_text(&pl.name),
            pl.score,
            pl.supply
        );
    }
    s.push_str("</svg>\n");
    Ok(s)
}

/// Where in a tile (pixels from its top-left) a segment's follower stands.
fn anchor(game: &Game, seg: crate::engine::features::SegId) -> (i32, i32) {
    let p = game.placement_of(seg);
    let def = game.def(p.kind);
    let r = p.rotation;
    let edge_pt = |e: Edge| match e {
        Edge::N => (T / 2, 10),
        Edge::E => (T - 10, T / 2),
        Edge::S => (T / 2, T - 10),
        Edge::W => (10, T / 2),
    };
    match game.locate(seg).1.map(|l| &def.segments[l]) {
        None => (T / 2 + 8, T / 2 - 8),
        Some(s) => match s.kind {
            FeatureKind::Cloister | FeatureKind::Castle => (T / 2, T / 2),
            FeatureKind::Field => {
                let c = Corner::ALL
                    .into_iter()
                    .find(|c| c.halves().iter().any(|h| r.half_mask(s.halves) & h.bit() != 0))
                    .unwrap_or(Corner::NE);
                match c {
                    Corner::NE => (T - 12, 12),
                    Corner::SE => (T - 12, T - 12),
                    Corner::SW => (12, T - 12),
                    Corner::NW => (12, 12),
                }
            }
            _ => Edge::ALL.into_iter().find(|e| r.edge_mask(s.edges) & e.bit() != 0).map_or((T / 2, T / 2), edge_pt),
        },
    }
}

fn draw_tile(s: &mut String, game: &Game, p: &crate::engine::Placed, ox: i32, oy: i32) {
    let def = game.def(p.kind);
    let r = p.rotation;
    let _ = writeln!(s, r##"<g transform="translate({ox},{oy})">"##);
    let _ = writeln!(s, r##"<rect width="{T}" height="{T}" fill="#8fbf5a" stroke="#4b6b30" stroke-width="0.5"/>"##);
    let h = T / 2;
    // Cities: a wedge from each city edge towards the centre; joined through the centre when
    // one city reaches several edges.
    for seg in def.segments.iter().filter(|s| s.kind == FeatureKind::City) {
        let m = r.edge_mask(seg.edges);
        for e in Edge::ALL.into_iter().filter(|e| m & e.bit() != 0) {
            let pts = match e {
                Edge::N => format!("0,0 {T},0 {},{} {},{}", T - 15, 18, 15, 18),
                Edge::E => format!("{T},0 {T},{T} {},{} {},{}", T - 18, T - 15, T - 18, 15),
                Edge::S => format!("0,{T} {T},{T} {},{} {},{}", T - 15, T - 18, 15, T - 18),
                Edge::W => format!("0,0 0,{T} 18,{} 18,15", T - 15),
            };
            let _ = writeln!(s, r##"<polygon points="{pts}" fill="#c8925a" stroke="#7a4b22"/>"##);
        }
        if m.count_ones() >= 2 {
            let _ = writeln!(s, r##"<rect x="12" y="12" width="{}" height="{}" fill="#c8925a"/>"##, T - 24, T - 24);
        }
        if seg.pennants > 0 {
            let _ = writeln!(s, r##"<path d="M{} {} h10 v8 l-5 4 l-5 -4 z" fill="#1e3a8a"/>"##, h - 5, h - 16);
        }
    }
    // Roads: from each road edge to the centre.
    for seg in def.segments.iter().filter(|s| s.kind == FeatureKind::Road) {
        let m = r.edge_mask(seg.edges);
        for e in Edge::ALL.into_iter().filter(|e| m & e.bit() != 0) {
            let (x, y) = match e {
                Edge::N => (h, 0),
                Edge::E => (T, h),
                Edge::S => (h, T),
                Edge::W => (0, h),
            };
            let _ = writeln!(
                s,
                r##"<line x1="{x}" y1="{y}" x2="{h}" y2="{h}" stroke="#6b5a3a" stroke-width="9" stroke-linecap="round"/>"##
            );
            let _ = writeln!(
                s,
                r##"<line x1="{x}" y1="{y}" x2="{h}" y2="{h}" stroke="#f5f0e1" stroke-width="6" stroke-linecap="round"/>"##
            );
        }
        if m.count_ones() == 1 {
            let _ = writeln!(s, r##"<circle cx="{h}" cy="{h}" r="4" fill="#7a6a4f"/>"##);
        }
    }
    if def.segments.iter().any(|s| s.kind == FeatureKind::Cloister) {
        let _ = writeln!(
            s,
            r##"<rect x="{}" y="{}" width="16" height="14" fill="#b91c1c" stroke="#450a0a"/>"##,
            h - 8,
            h - 7
        );
    }
    if def.segments.iter().any(|s| s.kind == FeatureKind::Castle) {
        let _ =
            writeln!(s, r##"<rect x="{}" y="{}" width="18" height="18" fill="#6b7280" stroke="#111"/>"##, h - 9, h - 9);
    }
    if def.marks.contains(&Mark::Bazaar) {
        let _ = writeln!(s, r##"<circle cx="{h}" cy="{h}" r="7" fill="#facc15" stroke="#713f12"/>"##);
    }
    for a in game.added_segments().iter().filter(|a| game.placed()[a.placed as usize].pos == p.pos) {
        if a.edges == Axis::NS.mask() {
            let _ =
                writeln!(s, r##"<rect x="{}" y="0" width="10" height="{T}" fill="#7c4a1e" opacity="0.85"/>"##, h - 5);
        } else {
            let _ =
                writeln!(s, r##"<rect x="0" y="{}" width="{T}" height="10" fill="#7c4a1e" opacity="0.85"/>"##, h - 5);
        }
    }
    let _ = writeln!(s, "</g>");
}

/// The width of one tile in [`svg`]'s pictures, in pixels.
pub const TILE_PX: i32 = T;

/// One tile of a game drawn as [`svg`] draws it, its top-left corner at `(ox, oy)`: for
/// pictures other than a board (the `referee tiles` gallery).
pub fn svg_tile(s: &mut String, game: &Game, p: &crate::engine::Placed, ox: i32, oy: i32) {
    draw_tile(s, game, p, ox, oy);
}
