//! The board as characters: a tile is 5 columns by 3 lines. The north and south edges are
//! the middle column of the first and last line, the east and west edges the two outer
//! columns of the middle line on each side, the corners the rest, the centre the middle.
//! A follower's mark stands beside what it stands on, never over it.

use super::{
    castle_side, centre_kind, flier_arrow, german_castles, has_drawbridge, looks, placed_followers, road_hub,
    size_checked, Look, Role, Spot, View,
};
use crate::engine::{Game, Placed};
use crate::expansion::PieceAt;
use crate::geom::{Axis, Corner, Edge, Pos};
use crate::tile::{FeatureKind, Terrain};
use std::fmt::Write;

/// What one character of a tile shows.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Glyph {
    Field,
    City,
    RoadNS,
    RoadEW,
    /// The water of The River's tiles, where it reaches an edge.
    River,
    /// Roads meeting in the centre, from these edges (a curve, a T-junction, a crossing).
    Hub(u8),
    Cloister,
    Castle,
    Bazaar,
    Bridge(Axis),
    Barn,
    Drawbridge,
    /// A player's figure that is not a follower (a pig, a builder): its player's index.
    Pig(usize),
    Builder(usize),
    /// A tower, by its height.
    Tower(u8),
    /// A flying machine's arrow (The Flying Machines): the step it points along (x east, y
    /// north).
    Arrow(i32, i32),
    /// A piece these pictures have no drawing of, by its name, and its owner's index if it
    /// has one.
    Other(&'static str, Option<usize>),
    /// A follower: its player's index and role.
    Mark(usize, Role),
    Empty,
}

impl Glyph {
    fn char(self, ascii: bool) -> char {
        let pick = |u: char, a: char| if ascii { a } else { u };
        match self {
            Glyph::Field => pick('·', '.'),
            Glyph::City => pick('▓', '#'),
            Glyph::RoadNS => pick('║', '|'),
            Glyph::RoadEW => pick('═', '-'),
            Glyph::River => pick('≈', '~'),
            Glyph::Hub(m) => hub_char(m, ascii),
            Glyph::Cloister => pick('✝', '^'),
            Glyph::Castle => pick('♜', '@'),
            Glyph::Bazaar => pick('¤', '$'),
            Glyph::Bridge(Axis::NS) => pick('╫', '"'),
            Glyph::Bridge(Axis::EW) => pick('╪', '='),
            Glyph::Barn => pick('⌂', '%'),
            Glyph::Drawbridge => pick('⊓', '~'),
            Glyph::Pig(_) => pick('∞', '&'),
            Glyph::Builder(_) => pick('∆', '!'),
            // Its height, the number a player counts a tower's reach by.
            Glyph::Tower(h) => char::from_digit(u32::from(h), 10).filter(|_| h > 0).unwrap_or('+'),
            Glyph::Other(..) => '?',
            Glyph::Arrow(dx, dy) => arrow_char(dx, dy, ascii),
            Glyph::Mark(..) | Glyph::Empty => ' ',
        }
    }

    /// Its line in the legend (an order and the words), shown only when it is on the board.
    fn legend(self, ascii: bool) -> Option<(u8, String)> {
        let c = |g: Glyph| g.char(ascii);
        Some(match self {
            Glyph::City => (0, format!("{} city", c(self))),
            Glyph::RoadNS | Glyph::RoadEW => (1, format!("{}{} road", c(Glyph::RoadNS), c(Glyph::RoadEW))),
            Glyph::Hub(m) => match m.count_ones() {
                2 if m != Axis::NS.mask() && m != Axis::EW.mask() => {
                    let all: String = [3, 6, 12, 9].iter().map(|m| hub_char(*m, ascii)).collect();
                    (2, format!("{} curve", dedup(&all)))
                }
                3 => {
                    let all: String = [7, 14, 13, 11].iter().map(|m| hub_char(*m, ascii)).collect();
                    (3, format!("{} T-junction", dedup(&all)))
                }
                4 => (4, format!("{} crossing", c(self))),
                _ => return None,
            },
            Glyph::Field => (5, format!("{} field", c(self))),
            Glyph::River => (5, format!("{} river", c(self))),
            Glyph::Cloister => (6, format!("{} cloister", c(self))),
            Glyph::Castle => (7, format!("{} castle", c(self))),
            Glyph::Bazaar => (8, format!("{} bazaar", c(self))),
            Glyph::Bridge(_) => (9, format!("{}{} bridge", c(Glyph::Bridge(Axis::NS)), c(Glyph::Bridge(Axis::EW)))),
            Glyph::Barn => (10, format!("{} barn", c(self))),
            Glyph::Drawbridge => (11, format!("{} drawbridge", c(self))),
            Glyph::Pig(_) => (12, format!("{} pig (in its owner's colour)", c(self))),
            Glyph::Builder(_) => (13, format!("{} builder (in its owner's colour)", c(self))),
            Glyph::Tower(_) => (14, "1-9 tower (its height)".to_string()),
            Glyph::Other(what, _) => (15, format!("{} {what}", c(self))),
            Glyph::Arrow(..) => {
                let all: String = ARROWS.iter().map(|(dx, dy)| arrow_char(*dx, *dy, ascii)).collect();
                (16, format!("{} flying machine (the way a follower launched flies)", dedup(&all)))
            }
            Glyph::Mark(..) | Glyph::Empty => return None,
        })
    }
}

fn dedup(s: &str) -> String {
    let mut out = String::new();
    for ch in s.chars() {
        if !out.contains(ch) {
            out.push(ch);
        }
    }
    out
}

/// The eight ways a flying machine's arrow may point (x east, y north).
const ARROWS: [(i32, i32); 8] = [(-1, 0), (0, 1), (1, 0), (0, -1), (-1, 1), (1, 1), (1, -1), (-1, -1)];

/// A flying machine's arrow pointing along (dx, dy); in ASCII a diagonal one is told by the
/// corner it stands in (`arrow_cell`).
fn arrow_char(dx: i32, dy: i32, ascii: bool) -> char {
    let (u, a) = match (dx.signum(), dy.signum()) {
        (-1, 0) => ('←', '<'),
        (1, 0) => ('→', '>'),
        (0, 1) => ('↑', '^'),
        (0, -1) => ('↓', 'v'),
        (-1, 1) => ('↖', '\\'),
        (1, -1) => ('↘', '\\'),
        (1, 1) => ('↗', '/'),
        _ => ('↙', '/'),
    };
    if ascii {
        a
    } else {
        u
    }
}

/// Where a flying machine's arrow stands: the inner cell of the corner nearest the way it
/// points, among those showing only field, else the nearest.
fn arrow_cell(g: &Cells, (dx, dy): (i32, i32)) -> (usize, usize) {
    let cells = [((1, 0), (-1, 1)), ((3, 0), (1, 1)), ((1, 2), (-1, -1)), ((3, 2), (1, -1))];
    let nearest = |only_field: bool| {
        cells
            .iter()
            .filter(|((x, y), _)| !only_field || g[*y][*x] == Glyph::Field)
            .max_by_key(|(_, (cx, cy))| (cx * dx + cy * dy, -cx, *cy))
            .map(|(c, _)| *c)
    };
    nearest(true).or_else(|| nearest(false)).unwrap_or((1, 0))
}

/// Roads meeting in a tile's centre from the edges of mask `m` (N 1, E 2, S 4, W 8).
fn hub_char(m: u8, ascii: bool) -> char {
    let (u, a) = match m {
        5 | 1 | 4 => ('║', '|'),
        10 | 2 | 8 => ('═', '-'),
        3 => ('╚', '\\'),
        6 => ('╔', '/'),
        12 => ('╗', '\\'),
        9 => ('╝', '/'),
        7 => ('╠', '*'),
        14 => ('╦', '*'),
        13 => ('╣', '*'),
        11 => ('╩', '*'),
        15 => ('╬', '+'),
        _ => ('·', '.'),
    };
    if ascii {
        a
    } else {
        u
    }
}

type Cells = [[Glyph; 5]; 3];

/// The characters of an edge: (column, line).
fn edge_cells(e: Edge) -> &'static [(usize, usize)] {
    match e {
        Edge::N => &[(2, 0)],
        Edge::E => &[(3, 1), (4, 1)],
        Edge::S => &[(2, 2)],
        Edge::W => &[(0, 1), (1, 1)],
    }
}

/// The characters of a corner, the outer one first.
fn corner_cells(c: Corner) -> [(usize, usize); 2] {
    match c {
        Corner::NE => [(4, 0), (3, 0)],
        Corner::SE => [(4, 2), (3, 2)],
        Corner::SW => [(0, 2), (1, 2)],
        Corner::NW => [(0, 0), (1, 0)],
    }
}

/// The character of an edge nearest the centre (where a castle on a town stands).
fn inner_cell(e: Edge) -> (usize, usize) {
    match e {
        Edge::N => (2, 0),
        Edge::E => (3, 1),
        Edge::S => (2, 2),
        Edge::W => (1, 1),
    }
}

/// Where a follower's mark may go, best first: beside the edge, corner or centre it stands on.
fn mark_cells(spot: Spot) -> Vec<(usize, usize)> {
    match spot {
        Spot::Edge(Edge::N) => vec![(3, 0), (1, 0)],
        Spot::Edge(Edge::S) => vec![(3, 2), (1, 2)],
        Spot::Edge(Edge::E) => vec![(4, 1), (4, 0), (4, 2)],
        Spot::Edge(Edge::W) => vec![(0, 1), (0, 0), (0, 2)],
        Spot::Corner(c) => corner_cells(c).to_vec(),
        Spot::Centre => vec![(3, 1), (1, 1), (3, 0), (1, 2)],
    }
}

fn tile_cells(
    game: &Game,
    p: &Placed,
    pieces: &[crate::expansion::Piece],
    castles: &[[Pos; 2]],
    followers: &[(usize, Pos, Role, Spot, crate::engine::Figure)],
) -> Cells {
    let def = game.def(p.kind);
    let r = p.rotation;
    // An abbey holds no field: only its cloister is drawn, inside its walls.
    let ground = if def.walled() { Glyph::Empty } else { Glyph::Field };
    let mut g = [[ground; 5]; 3];
    for e in Edge::ALL {
        let glyph = match game.edge_terrain(p, e) {
            Terrain::City => Glyph::City,
            Terrain::Road if matches!(e, Edge::N | Edge::S) => Glyph::RoadNS,
            Terrain::Road => Glyph::RoadEW,
            Terrain::Field => ground,
        };
        for &(x, y) in edge_cells(e) {
            g[y][x] = glyph;
        }
        // A city along the north or south edge spans it.
        // The River: the water where it reaches the edge (a field edge to the rules).
        if def.river_edges(r) & e.bit() != 0 {
            for &(x, y) in edge_cells(e) {
                g[y][x] = Glyph::River;
            }
        }
        if glyph == Glyph::City && matches!(e, Edge::N | Edge::S) {
            let y = if e == Edge::N { 0 } else { 2 };
            g[y][1] = Glyph::City;
            g[y][3] = Glyph::City;
        }
    }
    for c in Corner::ALL {
        let [a, b] = c.halves();
        let city = def
            .segment_on_edge(r, a.edge())
            .zip(def.segment_on_edge(r, b.edge()))
            .is_some_and(|(x, y)| x == y && def.segments[x].kind == FeatureKind::City);
        if city {
            for (x, y) in corner_cells(c) {
                g[y][x] = Glyph::City;
            }
        }
    }
    // A city behind walls (the city of Carcassonne) fills the quarters its walls stand in,
    // and the cells between two of them.
    let walled = super::walled_corners(def, r);
    if walled.contains(&true) {
        for (c, _) in Corner::ALL.into_iter().zip(walled).filter(|(_, w)| *w) {
            for (x, y) in corner_cells(c) {
                g[y][x] = Glyph::City;
            }
        }
        let [ne, se, sw, nw] = walled;
        for (both, cells) in [
            (nw && ne, [(2, 0), (2, 0)]),
            (ne && se, [(4, 1), (3, 1)]),
            (se && sw, [(2, 2), (2, 2)]),
            (sw && nw, [(0, 1), (1, 1)]),
        ] {
            for (x, y) in cells.into_iter().filter(|_| both) {
                g[y][x] = Glyph::City;
            }
        }
    }
    // A city that also touches an edge another city owns reaches the corner between them.
    for seg in def.segments.iter().filter(|s| s.kind == FeatureKind::City && s.touches != 0) {
        let (own, touched) = (r.edge_mask(seg.edges), r.edge_mask(seg.touches));
        for c in Corner::ALL {
            let [a, b] = c.halves().map(|h| h.edge().bit());
            if (own & a != 0 && touched & b != 0) || (own & b != 0 && touched & a != 0) {
                let [(x, y), _] = corner_cells(c);
                g[y][x] = Glyph::City;
            }
        }
    }
    g[1][2] = match centre_kind(game, p) {
        _ if walled.iter().filter(|w| **w).count() >= 3 => Glyph::City,
        Some(FeatureKind::Castle) => Glyph::Castle,
        Some(FeatureKind::Cloister) => Glyph::Cloister,
        Some(FeatureKind::Bazaar) => Glyph::Bazaar,
        Some(_) => Glyph::City,
        None if has_drawbridge(game, p) => Glyph::Drawbridge,
        None => match road_hub(game, p) {
            0 => Glyph::Field,
            m => Glyph::Hub(m),
        },
    };
    for a in game.added_segments().iter().filter(|a| game.placed()[a.placed as usize].pos == p.pos) {
        let axis = if a.edges == Axis::NS.mask() { Axis::NS } else { Axis::EW };
        if matches!(g[1][2], Glyph::Cloister | Glyph::Castle | Glyph::Bazaar | Glyph::City) {
            // Over what stands in the centre, which stays in sight: the bridge at its ends.
            for e in axis.edges() {
                let &(x, y) = edge_cells(e).last().unwrap_or(&(2, 0));
                g[y][x] = Glyph::Bridge(axis);
            }
        } else {
            g[1][2] = Glyph::Bridge(axis);
        }
    }
    if let Some(e) = castle_side(castles, p.pos) {
        // A German castle: across the middle of both squares, up to the edge they share,
        // under any road that passes (only a road's end leads to the castle).
        for &(x, y) in edge_cells(e).iter().chain(&[(2, 1)]) {
            if g[y][x] == Glyph::Field {
                g[y][x] = Glyph::Castle;
            }
        }
    }
    if let Some(d) = flier_arrow(game, p) {
        let (x, y) = arrow_cell(&g, d);
        g[y][x] = Glyph::Arrow(d.0, d.1);
    }
    for piece in pieces {
        let (x, y, glyph) = match (piece.what, piece.at) {
            ("castle", PieceAt::Between(a, b)) if a == p.pos || b == p.pos => {
                let other = if a == p.pos { b } else { a };
                let Some(e) = Edge::ALL.into_iter().find(|e| p.pos.step(*e) == other) else { continue };
                let (x, y) = inner_cell(e);
                (x, y, Glyph::Castle)
            }
            ("castle", PieceAt::Tile(at)) if at == p.pos => {
                let e = Edge::ALL.into_iter().find(|e| game.edge_terrain(p, *e) == Terrain::City);
                let (x, y) = e.map_or((2, 1), inner_cell);
                (x, y, Glyph::Castle)
            }
            ("barn", PieceAt::Corner(at, c)) if at == p.pos => {
                let [(x, y), _] = corner_cells(c);
                (x, y, Glyph::Barn)
            }
            // A pig beside the corner of its field, where a farmer would lie.
            ("pig", PieceAt::Corner(at, c)) if at == p.pos => {
                let [_, (x, y)] = corner_cells(c);
                (x, y, Glyph::Pig(piece.owner.map_or(0, |o| o.index())))
            }
            ("pig", PieceAt::Tile(at)) if at == p.pos => (1, 1, Glyph::Pig(piece.owner.map_or(0, |o| o.index()))),
            // Left of the centre, where a follower in the centre would stand second.
            ("builder", PieceAt::Tile(at)) if at == p.pos => {
                (1, 1, Glyph::Builder(piece.owner.map_or(0, |o| o.index())))
            }
            ("tower", PieceAt::Tile(at)) if at == p.pos => (1, 1, Glyph::Tower(piece.height)),
            // A piece these pictures have no drawing of is still shown, and named in the legend.
            (what, at) => {
                let (x, y) = match at {
                    PieceAt::Tile(t) if t == p.pos => (1, 1),
                    PieceAt::Corner(t, c) if t == p.pos => corner_cells(c)[0],
                    PieceAt::Between(a, b) if a == p.pos || b == p.pos => {
                        let other = if a == p.pos { b } else { a };
                        let Some(e) = Edge::ALL.into_iter().find(|e| p.pos.step(*e) == other) else { continue };
                        inner_cell(e)
                    }
                    _ => continue,
                };
                (x, y, Glyph::Other(what, piece.owner.map(|o| o.index())))
            }
        };
        g[y][x] = glyph;
    }
    for &(player, _, role, spot, _) in followers.iter().filter(|f| f.1 == p.pos) {
        let free = |&(x, y): &(usize, usize)| {
            !matches!(
                g[y][x],
                Glyph::Mark(..)
                    | Glyph::Castle
                    | Glyph::Barn
                    | Glyph::Pig(_)
                    | Glyph::Builder(_)
                    | Glyph::Tower(_)
                    | Glyph::Other(..)
                    | Glyph::Arrow(..)
            )
        };
        let cells = mark_cells(spot);
        let (x, y) = cells.iter().copied().find(free).unwrap_or(cells[0]);
        g[y][x] = Glyph::Mark(player, role);
    }
    g
}

/// A name or title for the terminal: control characters escaped as Rust does, and under
/// `ascii` every other character past ASCII too.
fn shown(s: &str, ascii: bool) -> String {
    let s = crate::text::escape_control(s);
    if !ascii {
        return s.into_owned();
    }
    s.chars().map(|c| if c.is_ascii() { c.to_string() } else { c.escape_unicode().to_string() }).collect()
}

/// A follower's mark: lower case for a farmer, who lies down; in the player's colour.
fn mark(look: Look, role: Role, colour: bool) -> String {
    let ch = match look.mark.to_lowercase().next() {
        Some(l) if role == Role::Farmer && look.mark.to_lowercase().count() == 1 => l,
        _ => look.mark,
    };
    if colour {
        let ink = if look.hue.light() { 30 } else { 97 };
        format!("\x1b[1;{ink};48;5;{}m{ch}\x1b[0m", look.hue.ansi)
    } else {
        ch.to_string()
    }
}

/// The board as characters, with x along the top and y down the side (north up); refused
/// past [`super::MAX_SQUARES`].
pub fn text(game: &Game, ascii: bool, colour: bool) -> Result<String, super::TooLarge> {
    text_view(game, &View::default(), ascii, colour)
}

/// [`text`] under a caption: the title, the moment shown and a note, above the board.
pub fn text_view(game: &Game, view: &View, ascii: bool, colour: bool) -> Result<String, super::TooLarge> {
    // 5 columns of labels, then 6 a square, on 3 lines a row of squares.
    size_checked(game, |cols, rows| format!("about {} characters", (6 + 6 * cols) * (1 + 3 * rows)))?;
    let (x0, x1, y0, y1) = super::bounds(game);
    let looks = looks(game, ascii);
    let pieces = game.pieces();
    let castles = german_castles(game);
    let followers = placed_followers(game);
    let mut s = String::new();
    for line in [Some(view.title.clone()), view.moment.clone(), view.note.clone()].into_iter().flatten() {
        if !line.is_empty() {
            s.push_str(&shown(&line, ascii));
            s.push('\n');
        }
    }
    if !s.is_empty() {
        s.push('\n');
    }
    let _ = write!(s, "{:>5}", "");
    for x in x0..=x1 {
        let _ = write!(s, "{:^5} ", x);
    }
    let trimmed = s.trim_end_matches(' ').len();
    s.truncate(trimmed);
    s.push('\n');
    let mut seen: Vec<Glyph> = Vec::new();
    for y in (y0..=y1).rev() {
        let rows: Vec<Cells> = (x0..=x1)
            .map(|x| {
                game.tile_at(Pos::new(x, y))
                    .map_or([[Glyph::Empty; 5]; 3], |p| tile_cells(game, p, &pieces, &castles, &followers))
            })
            .collect();
        for row in 0..3 {
            s.push_str(&if row == 1 { format!("{y:>4} ") } else { "     ".to_string() });
            for cells in &rows {
                for g in cells[row] {
                    match g {
                        Glyph::Mark(i, role) => {
                            let look = looks.get(i).copied().unwrap_or(Look { hue: super::OTHERS[0], mark: '?' });
                            s.push_str(&mark(look, role, colour));
                        }
                        // A player's own piece, in its owner's colour.
                        Glyph::Pig(i) | Glyph::Builder(i) | Glyph::Other(_, Some(i)) if colour => {
                            let look = looks.get(i).copied().unwrap_or(Look { hue: super::OTHERS[0], mark: '?' });
                            let ink = if look.hue.light() { 30 } else { 97 };
                            s.push_str(&format!("\x1b[1;{ink};48;5;{}m{}\x1b[0m", look.hue.ansi, g.char(ascii)));
                        }
                        g => s.push(g.char(ascii)),
                    }
                    if !seen.contains(&g) {
                        seen.push(g);
                    }
                }
                s.push(' ');
            }
            let trimmed = s.trim_end_matches(' ').len();
            s.truncate(trimmed);
            s.push('\n');
        }
    }
    let mut legend: Vec<(u8, String)> = seen.iter().filter_map(|g| g.legend(ascii)).collect();
    legend.sort();
    legend.dedup();
    s.push('\n');
    s.push_str(&legend.into_iter().map(|(_, l)| l).collect::<Vec<_>>().join("  "));
    s.push('\n');
    let mut roles: Vec<Role> = followers.iter().map(|f| f.2).collect();
    roles.sort();
    roles.dedup();
    if !roles.is_empty() {
        let c = |g: Glyph| g.char(ascii).to_string();
        let beside: Vec<String> = roles
            .iter()
            .map(|r| match r {
                Role::Thief => format!("on a road {}{} a thief", c(Glyph::RoadNS), c(Glyph::RoadEW)),
                Role::Knight => format!("in a city {} a knight", c(Glyph::City)),
                Role::Monk => format!("on a cloister {} a monk", c(Glyph::Cloister)),
                Role::Farmer => "in a field, lying down (lower case), a farmer".to_string(),
                Role::Castle(name) => format!("on a castle {} a {name}", c(Glyph::Castle)),
            })
            .collect();
        let _ = writeln!(s, "followers: a mark beside what it stands on: {}", beside.join(", "));
    }
    // The figures other than a normal follower, each kind on a line naming whose stand where.
    for (kind, words) in [
        (crate::engine::Figure::Large, "large followers (count two)"),
        (crate::engine::Figure::Mayor, "mayors (count their city's pennants)"),
        (crate::engine::Figure::Wagon, "wagons (count one)"),
        (crate::engine::Figure::Phantom, "phantoms (followers like the others)"),
        (crate::engine::Figure::Prior, "followers laid as abbots (scored at the end)"),
        (crate::engine::Figure::Abbot, "abbots (on a cloister or garden, taken back for its points)"),
        (crate::engine::Figure::Ringmaster, "ringmasters (followers scoring the circus and acrobat spaces around)"),
    ] {
        let at: Vec<String> = followers
            .iter()
            .filter(|f| f.4 == kind)
            .map(|f| {
                let name = game.players().get(f.0).map_or("?", |p| &*p.name);
                format!("{}'s at {}", shown(name, ascii), f.1)
            })
            .collect();
        if !at.is_empty() {
            let _ = writeln!(s, "{words}: {}", at.join(", "));
        }
    }
    for (i, (pl, look)) in game.players().iter().zip(&looks).enumerate() {
        let held: String =
            game.standing(crate::score::PlayerId(i as u8)).iter().map(|w| format!(", {}", shown(w, ascii))).collect();
        let _ = writeln!(
            s,
            "{} {} ({}): {}, {}{held}",
            mark(*look, Role::Knight, colour),
            shown(&pl.name, ascii),
            look.hue.word,
            super::points(pl.score),
            super::supply_words(pl)
        );
    }
    Ok(s)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::data::Library;
    use crate::expansion::{Options, Piece};
    use crate::geom::Rotation;
    use crate::score::PlayerId;

    /// A piece an expansion reports that the pictures have no drawing of is shown as `?` where
    /// it stands, in its owner's colour when it has one, and named in the legend: never left out.
    #[test]
    fn a_piece_without_a_drawing_is_shown_and_named() {
        let lib = Library::builtin();
        let tiles = lib.tile_set(&[]);
        let opts = Options::read(lib.profile("hig").expect("a built-in profile"));
        let mut game = Game::new(&tiles, opts, &[], &["Red".to_string(), "Blue".to_string()]);
        game.setup_tile(tiles.start().expect("a start tile"), Pos::new(0, 0), Rotation::default()).expect("laid");
        let placed = *game.tile_at(Pos::new(0, 0)).expect("the start tile");
        let piece = |owner| Piece { what: "dragon", at: PieceAt::Tile(Pos::new(0, 0)), owner, holds: None, height: 1 };
        for (owner, glyph) in
            [(None, Glyph::Other("dragon", None)), (Some(PlayerId(1)), Glyph::Other("dragon", Some(1)))]
        {
            let cells = tile_cells(&game, &placed, &[piece(owner)], &[], &[]);
            assert!(cells.iter().flatten().any(|g| *g == glyph), "{owner:?}: the piece is on its tile");
            assert_eq!(glyph.legend(false).map(|(_, l)| l), Some("? dragon".to_string()));
        }
        // On another tile's square, it is not drawn on this one.
        let elsewhere = Piece { at: PieceAt::Tile(Pos::new(5, 5)), ..piece(None) };
        let cells = tile_cells(&game, &placed, &[elsewhere], &[], &[]);
        assert!(!cells.iter().flatten().any(|g| matches!(g, Glyph::Other(..))));
    }
}
