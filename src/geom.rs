//! Board geometry: squares, edges, half-edges and rotations.
//!
//! Conventions (used everywhere, documented in docs/scenarios.md):
//! * `Pos { x, y }`: `x` grows to the east, `y` grows to the **north**.
//! * Edges `N E S W` are numbered 0..4 clockwise.
//! * Field half-edges are numbered 0..8 clockwise from the north-west corner:
//!   `NL NR EL ER SL SR WL WR`. Facing an edge from the tile centre, `L` is the left half.
//! * A [`Rotation`] turns a tile clockwise in quarter turns.

use std::fmt;

/// A square of the board.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Pos {
    pub x: i32,
    pub y: i32,
}

impl Pos {
    pub const fn new(x: i32, y: i32) -> Pos {
        Pos { x, y }
    }

    /// The square across `edge`.
    pub const fn step(self, edge: Edge) -> Pos {
        let (dx, dy) = edge.delta();
        Pos::new(self.x + dx, self.y + dy)
    }

    /// The eight squares around this one (edge and corner neighbours).
    pub fn ring(self) -> [Pos; 8] {
        let Pos { x, y } = self;
        [
            Pos::new(x - 1, y + 1),
            Pos::new(x, y + 1),
            Pos::new(x + 1, y + 1),
            Pos::new(x + 1, y),
            Pos::new(x + 1, y - 1),
            Pos::new(x, y - 1),
            Pos::new(x - 1, y - 1),
            Pos::new(x - 1, y),
        ]
    }
}

impl fmt::Display for Pos {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{},{}", self.x, self.y)
    }
}

/// One side of a square tile.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Edge {
    N = 0,
    E = 1,
    S = 2,
    W = 3,
}

impl Edge {
    pub const ALL: [Edge; 4] = [Edge::N, Edge::E, Edge::S, Edge::W];

    /// The step across the edge, in squares east and north.
    pub const fn delta(self) -> (i32, i32) {
        match self {
            Edge::N => (0, 1),
            Edge::E => (1, 0),
            Edge::S => (0, -1),
            Edge::W => (-1, 0),
        }
    }

    pub const fn from_index(i: usize) -> Edge {
        Edge::ALL[i % 4]
    }

    pub const fn index(self) -> usize {
        self as usize
    }

    pub const fn opposite(self) -> Edge {
        Edge::from_index(self.index() + 2)
    }

    pub const fn bit(self) -> u8 {
        1 << self as u8
    }

    pub const fn letter(self) -> char {
        ['N', 'E', 'S', 'W'][self as usize]
    }

    pub const fn word(self) -> &'static str {
        ["north", "east", "south", "west"][self as usize]
    }

    /// Parses `N`, `north`, ... (any case).
    pub fn parse(s: &str) -> Option<Edge> {
        Edge::ALL
            .into_iter()
            .find(|e| s.eq_ignore_ascii_case(e.word()) || s.eq_ignore_ascii_case(e.letter().encode_utf8(&mut [0; 4])))
    }

    /// The two half-edges of this edge, left then right (seen from the tile centre).
    pub const fn halves(self) -> [Half; 2] {
        [Half(self as u8 * 2), Half(self as u8 * 2 + 1)]
    }
}

/// A half of a tile edge, where a field meets the edge. See the module docs for numbering.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Half(pub u8);

impl Half {
    pub const NAMES: [&'static str; 8] = ["NL", "NR", "EL", "ER", "SL", "SR", "WL", "WR"];

    pub fn parse(s: &str) -> Option<Half> {
        Half::NAMES.iter().position(|n| n.eq_ignore_ascii_case(s)).map(|i| Half(i as u8))
    }

    pub const fn edge(self) -> Edge {
        Edge::from_index(self.0 as usize / 2)
    }

    pub const fn bit(self) -> u8 {
        1 << self.0
    }

    /// The half-edge it touches on the neighbouring tile across its edge:
    /// the west half of a north edge (NL) meets the west half of the south edge above (SR).
    pub const fn facing(self) -> Half {
        let edge = self.edge().opposite() as u8;
        Half(edge * 2 + 1 - self.0 % 2)
    }

    pub const fn name(self) -> &'static str {
        Half::NAMES[self.0 as usize]
    }
}

/// A corner of a tile; the two half-edges that meet there.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Corner {
    NE,
    SE,
    SW,
    NW,
}

impl Corner {
    pub const ALL: [Corner; 4] = [Corner::NE, Corner::SE, Corner::SW, Corner::NW];

    pub fn parse(s: &str) -> Option<Corner> {
        let words = [("NE", "north-east"), ("SE", "south-east"), ("SW", "south-west"), ("NW", "north-west")];
        words.iter().position(|(a, b)| s.eq_ignore_ascii_case(a) || s.eq_ignore_ascii_case(b)).map(|i| Corner::ALL[i])
    }

    pub const fn halves(self) -> [Half; 2] {
        match self {
            Corner::NE => [Half(1), Half(2)],
            Corner::SE => [Half(3), Half(4)],
            Corner::SW => [Half(5), Half(6)],
            Corner::NW => [Half(7), Half(0)],
        }
    }
}

/// The two ways straight across a tile, from one edge to the opposite one.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Axis {
    /// From the north edge to the south edge.
    NS,
    /// From the east edge to the west edge.
    EW,
}

impl Axis {
    pub fn parse(s: &str) -> Option<Axis> {
        match s.to_ascii_uppercase().replace(['-', ' '], "").as_str() {
            "NS" | "SN" | "NORTHSOUTH" | "SOUTHNORTH" => Some(Axis::NS),
            "EW" | "WE" | "EASTWEST" | "WESTEAST" => Some(Axis::EW),
            _ => None,
        }
    }

    pub const fn edges(self) -> [Edge; 2] {
        match self {
            Axis::NS => [Edge::N, Edge::S],
            Axis::EW => [Edge::E, Edge::W],
        }
    }

    pub const fn mask(self) -> u8 {
        let [a, b] = self.edges();
        a.bit() | b.bit()
    }

    pub const fn as_str(self) -> &'static str {
        match self {
            Axis::NS => "NS",
            Axis::EW => "EW",
        }
    }
}

/// A clockwise rotation in quarter turns (0..4).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default, PartialOrd, Ord)]
pub struct Rotation(u8);

impl Rotation {
    pub const ALL: [Rotation; 4] = [Rotation(0), Rotation(1), Rotation(2), Rotation(3)];

    /// From degrees clockwise; only 0, 90, 180 and 270 are rotations.
    pub fn from_degrees(deg: i64) -> Option<Rotation> {
        match deg {
            0 => Some(Rotation(0)),
            90 => Some(Rotation(1)),
            180 => Some(Rotation(2)),
            270 => Some(Rotation(3)),
            _ => None,
        }
    }

    pub const fn quarter_turns(self) -> u8 {
        self.0
    }

    pub const fn degrees(self) -> u16 {
        self.0 as u16 * 90
    }

    /// Where a tile's own edge ends up on the board.
    pub const fn edge(self, e: Edge) -> Edge {
        Edge::from_index(e.index() + self.0 as usize)
    }

    /// Where a tile's own half-edge ends up on the board.
    pub const fn half(self, h: Half) -> Half {
        Half((h.0 + 2 * self.0) % 8)
    }

    /// Rotates a 4-bit edge mask.
    pub const fn edge_mask(self, m: u8) -> u8 {
        let r = self.0;
        ((m << r) | (m >> (4 - r))) & 0x0f
    }

    /// Rotates an 8-bit half-edge mask.
    pub const fn half_mask(self, m: u8) -> u8 {
        m.rotate_left(2 * self.0 as u32)
    }
}

/// Formats an edge mask as letters in N E S W order, e.g. `NW`.
pub fn edge_letters(mask: u8) -> String {
    Edge::ALL.iter().filter(|e| mask & e.bit() != 0).map(|e| e.letter()).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn facing_halves_pair_up_across_edges() {
        assert_eq!(Half::parse("NL").unwrap().facing().name(), "SR");
        assert_eq!(Half::parse("NR").unwrap().facing().name(), "SL");
        assert_eq!(Half::parse("EL").unwrap().facing().name(), "WR");
        assert_eq!(Half::parse("ER").unwrap().facing().name(), "WL");
        for i in 0..8 {
            assert_eq!(Half(i).facing().facing(), Half(i));
        }
    }

    #[test]
    fn rotation_moves_edges_and_halves_clockwise() {
        let r = Rotation::from_degrees(90).unwrap();
        assert_eq!(r.edge(Edge::N), Edge::E);
        assert_eq!(r.edge(Edge::W), Edge::N);
        assert_eq!(r.half(Half::parse("WR").unwrap()).name(), "NR");
        assert_eq!(r.edge_mask(Edge::N.bit() | Edge::W.bit()), Edge::N.bit() | Edge::E.bit());
        assert_eq!(r.half_mask(Half::parse("WR").unwrap().bit()), Half::parse("NR").unwrap().bit());
        assert_eq!(Rotation::from_degrees(45), None);
    }

    #[test]
    fn steps_follow_compass() {
        let p = Pos::new(0, 0);
        assert_eq!(p.step(Edge::N), Pos::new(0, 1));
        assert_eq!(p.step(Edge::E).step(Edge::W), p);
        assert!(p.ring().contains(&Pos::new(-1, -1)));
    }
}
