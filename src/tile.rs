//! Tile definitions: edges, the features printed on a tile, and the notation they are written in.
//!
//! A tile is described in its own orientation (as printed, before rotation):
//! * `edges`: four letters for N E S W, `C` city, `R` road, `F` field (e.g. `CRFR`).
//! * `cities`: one entry per separate city segment, the edges it reaches (`NW`); or, for a
//!   city behind walls (the city of Carcassonne of The Count), the half-edges of field edges
//!   where its wall stands (`ER SL`): no field lies there, and it joins only a walled city
//!   lying at the half across (never a field, never an edge's road or city); it reaches no
//!   edge, so it counts none open. A field names it among its borders by one of those halves.
//! * `pennants`: one entry per pennant, naming its city (`NW`).
//! * `roads`: one entry per road segment: two edges for a road passing through (`WE`),
//!   one edge for a road that ends on the tile (at a crossing, cloister or city gate).
//! * `fields`: one entry per field segment: its half-edges, then optionally `>` and the
//!   cities it borders, each named by one of its edges (`EL WR > N`); `inner` for a field
//!   enclosed by cities, reaching no edge (`inner > W S`).
//! * `cloister`: whether a cloister stands in the centre.
//! * `marks`: special marks of the tile (`bazaar`; `well`, whose one road may reach three or
//!   four edges without ending; `tower`; `volcano`, `dragon`, `portal`, `princess`; `abbey`;
//!   `hill`, `vineyard`; `spring`, `lake`; `special-monastery`, whose cloister may hold a
//!   follower laid as an abbot; `flier-w`, `flier-nw`, a flying machine whose arrow points
//!   west, or north-west, as the tile is printed; `garden`, a garden in the centre, a feature
//!   of its own that only The Abbot's abbot stands on; `besieged`, a besiegers' camp in the
//!   tile's first city, The Siege's and The Cathars').
//! * `inns`: road segments (by an edge) printed beside an inn.
//! * `cathedrals`: city segments (by an edge) holding a cathedral.
//! * `goods`: goods symbols printed in a city, each its city (by an edge) and kind (`N wine`).
//! * `triangular`: city caps (by their edge) whose segment is not a semicircle.
//! * `rivers`: one entry per river segment, the edges it reaches (`WE`; `E` for a river that
//!   ends on the tile, at a spring, a lake or a fork). A river edge is a field edge to the
//!   core (`F`), its halves in the fields on either side; only The River's rules read it.
//! * `pig-herds`: fields (each by one of its half-edges) printed with a pig herd (The River II).
//! * `touches`: city segments that also touch an edge another city of the tile owns, each
//!   written as the city (by an edge it owns), `>`, and the edges it touches (`E > N`: the
//!   city on E reaches the north edge too, beside the city that owns it). Whatever city
//!   crosses that edge joins both; until a tile lies there, each counts the edge open.
//!
//! [`TileDef::new`] checks that these agree with each other and reports every problem.

use crate::geom::{edge_letters, Edge, Half, Rotation};
use std::collections::HashMap;
use std::fmt;

/// A feature's name or words as a score keeps them: a segment's, worked out once per tile
/// and kept for the whole run ([`intern`]), so that naming a feature copies a reference and
/// counts nothing; or text of its own (an added segment's: `bridge NS`).
pub type Name = std::borrow::Cow<'static, str>;

/// The text of a segment's name or words, kept for the rest of the run, once however many
/// tiles and tile sets ask for it. What is kept is bounded whatever the tiles: every name
/// is made of a feature's kind and the edges and half-edges it reaches, or of the few words
/// that place a field (`field north of the road`).
fn intern(text: String) -> &'static str {
    use std::collections::BTreeSet;
    use std::sync::{Mutex, PoisonError};
    static KEPT: Mutex<BTreeSet<&'static str>> = Mutex::new(BTreeSet::new());
    let mut kept = KEPT.lock().unwrap_or_else(PoisonError::into_inner);
    if let Some(&t) = kept.get(text.as_str()) {
        return t;
    }
    let t: &'static str = Box::leak(text.into_boxed_str());
    kept.insert(t);
    t
}

/// What lies along one edge of a tile.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Terrain {
    City,
    Road,
    Field,
}

impl Terrain {
    fn parse(c: char) -> Option<Terrain> {
        match c.to_ascii_uppercase() {
            'C' => Some(Terrain::City),
            'R' => Some(Terrain::Road),
            'F' => Some(Terrain::Field),
            _ => None,
        }
    }

    pub const fn letter(self) -> char {
        match self {
            Terrain::City => 'C',
            Terrain::Road => 'R',
            Terrain::Field => 'F',
        }
    }
}

/// The kinds of feature a follower can stand on and that can be scored.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum FeatureKind {
    Road,
    City,
    Cloister,
    /// A garden (the new edition's tiles, The Abbot): printed in a field, complete when the
    /// eight squares around it hold tiles, as a cloister is; only an abbot stands on it. Its
    /// tile is marked `garden` ([`Mark::Garden`]), which gives it the segment.
    Garden,
    Field,
    /// Not printed on tiles: a town converted by an expansion (Bridges, Castles and Bazaars).
    Castle,
    /// Not a feature: points moving between players at a bazaar (Bridges, Castles and Bazaars).
    Bazaar,
    /// Not a feature: the goods tokens of the final scoring (Traders and Builders).
    Goods,
    /// Not a feature: a tower, what was built on it or captured from it, and the points paid for
    /// a prisoner's ransom (The Tower).
    Tower,
    /// Not a feature: the fairy's points (The Princess and the Dragon).
    Fairy,
    /// Not a feature: the King's points for the completed cities (King and Robber).
    King,
    /// Not a feature: the Robber Baron's points for the completed roads (King and Robber).
    Robber,
    /// Not a feature: a watchtower's points, paid when a road or city scores (The Watchtowers).
    Watchtower,
    /// Not a feature: the big top's points and the ringmaster's bonus (Under the Big Top).
    Circus,
    /// Not a feature: a message drawn when a scoring figure lands on a dark space (The Messages).
    Message,
}

impl FeatureKind {
    pub const ALL: [FeatureKind; 15] = [
        FeatureKind::Road,
        FeatureKind::City,
        FeatureKind::Cloister,
        FeatureKind::Garden,
        FeatureKind::Field,
        FeatureKind::Castle,
        FeatureKind::Bazaar,
        FeatureKind::Goods,
        FeatureKind::Tower,
        FeatureKind::Fairy,
        FeatureKind::King,
        FeatureKind::Robber,
        FeatureKind::Watchtower,
        FeatureKind::Circus,
        FeatureKind::Message,
    ];

    pub const fn as_str(self) -> &'static str {
        match self {
            FeatureKind::Road => "road",
            FeatureKind::City => "city",
            FeatureKind::Cloister => "cloister",
            FeatureKind::Garden => "garden",
            FeatureKind::Field => "field",
            FeatureKind::Castle => "castle",
            FeatureKind::Bazaar => "bazaar",
            FeatureKind::Goods => "goods",
            FeatureKind::Tower => "tower",
            FeatureKind::Fairy => "fairy",
            FeatureKind::King => "king",
            FeatureKind::Robber => "robber",
            FeatureKind::Watchtower => "watchtower",
            FeatureKind::Circus => "circus",
            FeatureKind::Message => "message",
        }
    }

    pub fn parse(s: &str) -> Option<FeatureKind> {
        FeatureKind::ALL.into_iter().find(|k| k.as_str().eq_ignore_ascii_case(s))
    }
}

impl fmt::Display for FeatureKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

/// One feature segment printed on a tile, in the tile's own orientation.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Segment {
    pub kind: FeatureKind,
    /// Edges reached (cities and roads), as a 4-bit mask.
    pub edges: u8,
    /// Half-edges covered (fields), as an 8-bit mask.
    pub halves: u8,
    pub pennants: u8,
    /// Cities this field borders, as indices into the tile's segments.
    pub borders: Vec<u8>,
    /// A road segment printed beside an inn.
    pub inn: bool,
    /// A city segment holding a cathedral.
    pub cathedral: bool,
    /// A city cap (one edge) drawn as a semicircle; false for any other city segment.
    pub semicircle: bool,
    /// For a road: the cities (indices into the tile's segments) it reaches through a drawbridge.
    pub drawbridges: Vec<u8>,
    /// For a city: the goods symbols printed in it (Traders and Builders).
    pub goods: Vec<Goods>,
    /// For a field: a pig herd is printed in it (The River II).
    pub pig_herd: bool,
    /// For a city: the edges it touches that another city of the tile owns (`touches`), as
    /// a 4-bit mask: it joins whatever city crosses them, and counts each open until then.
    pub touches: u8,
    /// For a city behind walls: the half-edges of field edges where its wall stands, as an
    /// 8-bit mask ([`TileDef::wall_on_half`]); 0 for every other segment.
    pub walls: u8,
}

/// A goods symbol printed in a city (Traders and Builders).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Goods {
    Wine,
    Grain,
    Cloth,
}

impl Goods {
    pub const ALL: [Goods; 3] = [Goods::Wine, Goods::Grain, Goods::Cloth];

    pub const fn as_str(self) -> &'static str {
        match self {
            Goods::Wine => "wine",
            Goods::Grain => "grain",
            Goods::Cloth => "cloth",
        }
    }

    pub fn parse(s: &str) -> Option<Goods> {
        Goods::ALL.into_iter().find(|g| g.as_str().eq_ignore_ascii_case(s))
    }

    /// Its place in `Goods::ALL`.
    pub const fn index(self) -> usize {
        self as usize
    }
}

impl Segment {
    fn new(kind: FeatureKind, edges: u8, halves: u8) -> Segment {
        Segment {
            kind,
            edges,
            halves,
            pennants: 0,
            borders: vec![],
            inn: false,
            cathedral: false,
            semicircle: kind == FeatureKind::City && edges.count_ones() == 1,
            drawbridges: vec![],
            goods: vec![],
            pig_herd: false,
            touches: 0,
            walls: 0,
        }
    }

    /// The edges whose crossing it waits for to be complete: those it reaches and those it
    /// touches ([`Segment::touches`]).
    pub fn open_edges(&self) -> u32 {
        (self.edges | self.touches).count_ones()
    }
}

/// A special mark printed on a tile.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Mark {
    /// A bazaar: drawing the tile starts an auction (Bridges, Castles and Bazaars).
    Bazaar,
    /// A well the roads of the tile run round without ending (Abbey and Mayor): one road
    /// segment may reach three or four edges.
    Well,
    /// A tower foundation (The Tower).
    Tower,
    /// A volcano: the dragon flies to the tile (The Princess and the Dragon).
    Volcano,
    /// A dragon symbol: the dragon moves when the tile is placed (The Princess and the Dragon).
    Dragon,
    /// A magic portal: a follower may go anywhere on the board (The Princess and the Dragon).
    Portal,
    /// A princess, in the first city of the tile (The Princess and the Dragon).
    Princess,
    /// An abbey (Abbey and Mayor): its four sides are walls that fit any edge and close
    /// whatever road or city they meet; it holds no field ([`TileDef::walled`]).
    Abbey,
    /// A hill (Hills and Sheep): a follower on the tile breaks a tie for its feature's majority.
    Hill,
    /// A vineyard (Hills and Sheep): worth 3 to a cloister completed beside it.
    Vineyard,
    /// The river's spring (The River): where the river begins.
    Spring,
    /// A lake (The River, The River II): where the river ends, laid last.
    Lake,
    /// A special monastery (The Monasteries): its cloister may take a follower laid as an
    /// abbot (`Figure::Prior`) as well as a monk.
    Monastery,
    /// A flying machine (The Flying Machines) whose arrow points west as printed: a follower
    /// launched from it flies straight along a row or column, as the tile is turned.
    FlierStraight,
    /// A flying machine whose arrow points north-west as printed: a diagonal flight.
    FlierDiagonal,
    /// A garden (the new edition's tiles, for The Abbot): the tile holds a garden segment
    /// ([`FeatureKind::Garden`]) in its centre.
    Garden,
    /// A watchtower (The Watchtowers) scoring 2 points for each meeple on its tile and the
    /// eight around it.
    WatchtowerMeeples,
    /// A watchtower scoring 2 points for each coat of arms there.
    WatchtowerArms,
    /// A watchtower scoring 1 point for each tile there showing a road.
    WatchtowerRoads,
    /// A watchtower scoring 3 points for each monastery there.
    WatchtowerMonasteries,
    /// A watchtower scoring 1 point for each tile there showing a city.
    WatchtowerCities,
    /// A besiegers' camp (The Siege, The Cathars), in the first city of the tile: a city
    /// holding one is besieged.
    Besieged,
    /// A circus space (Under the Big Top): where the big top goes up; no follower stands on it.
    Circus,
    /// An acrobat space (Under the Big Top): where followers pile up as acrobats.
    Acrobats,
    /// The magic symbol (Mage and Witch): placing the tile places or moves the mage or the
    /// witch.
    Magic,
}

impl Mark {
    pub const ALL: [Mark; 25] = [
        Mark::Bazaar,
        Mark::Well,
        Mark::Tower,
        Mark::Volcano,
        Mark::Dragon,
        Mark::Portal,
        Mark::Princess,
        Mark::Abbey,
        Mark::Hill,
        Mark::Vineyard,
        Mark::Spring,
        Mark::Lake,
        Mark::Monastery,
        Mark::FlierStraight,
        Mark::FlierDiagonal,
        Mark::Garden,
        Mark::WatchtowerMeeples,
        Mark::WatchtowerArms,
        Mark::WatchtowerRoads,
        Mark::WatchtowerMonasteries,
        Mark::WatchtowerCities,
        Mark::Besieged,
        Mark::Circus,
        Mark::Acrobats,
        Mark::Magic,
    ];

    pub const fn as_str(self) -> &'static str {
        match self {
            Mark::Bazaar => "bazaar",
            Mark::Well => "well",
            Mark::Tower => "tower",
            Mark::Volcano => "volcano",
            Mark::Dragon => "dragon",
            Mark::Portal => "portal",
            Mark::Princess => "princess",
            Mark::Abbey => "abbey",
            Mark::Hill => "hill",
            Mark::Vineyard => "vineyard",
            Mark::Spring => "spring",
            Mark::Lake => "lake",
            Mark::Monastery => "special-monastery",
            Mark::FlierStraight => "flier-w",
            Mark::FlierDiagonal => "flier-nw",
            Mark::Garden => "garden",
            Mark::WatchtowerMeeples => "watchtower-meeples",
            Mark::WatchtowerArms => "watchtower-arms",
            Mark::WatchtowerRoads => "watchtower-roads",
            Mark::WatchtowerMonasteries => "watchtower-monasteries",
            Mark::WatchtowerCities => "watchtower-cities",
            Mark::Besieged => "besieged",
            Mark::Circus => "circus",
            Mark::Acrobats => "acrobats",
            Mark::Magic => "magic",
        }
    }
}

/// The notation of one tile, as written in the catalogue or inline in a scenario: borrowed
/// from where it is written (each list's items are `String`s of a file, or `&str`s), so that
/// building a tile copies none of it.
#[derive(Clone, Copy, Debug, Default)]
pub struct TileNotation<'a, S = String> {
    pub edges: &'a str,
    pub cities: &'a [S],
    pub pennants: &'a [S],
    pub roads: &'a [S],
    pub fields: &'a [S],
    pub cloister: bool,
    pub marks: &'a [S],
    pub inns: &'a [S],
    pub cathedrals: &'a [S],
    pub triangular: &'a [S],
    /// A German castle in the centre (Castles in Germany).
    pub castle: bool,
    /// Roads leading to a city through a drawbridge: `S > N` (the road on edge S, the city on N).
    pub drawbridges: &'a [S],
    /// Goods symbols in a city: `N wine` (the city on edge N, one wine symbol).
    pub goods: &'a [S],
    /// River segments, each by the edges it reaches (`WE`; The River).
    pub rivers: &'a [S],
    /// Fields printed with a pig herd, each by one of its half-edges (`NR`; The River II).
    pub pig_herds: &'a [S],
    /// Cities that also touch an edge another city owns: `E > N` (the city on edge E also
    /// touches the north edge; Hills and Sheep).
    pub touches: &'a [S],
}

/// The second square of a double-size tile.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Twin {
    /// The id of the tile kind of the second half.
    pub id: String,
    /// Where the second half lies, seen from the first, at rotation 0.
    pub side: Edge,
}

// ---- edges packed in a byte, for the board's frontier -----------------------------------

/// Four edges (N, E, S, W), two bits each at `2 * edge`: 0 for no tile across the edge
/// (in a constraint), else the terrain ([`terrain_code`]).
pub type Key = u8;

/// The two-bit code of a terrain in a [`Key`] (never 0).
pub const fn terrain_code(t: Terrain) -> u8 {
    match t {
        Terrain::Field => 1,
        Terrain::Road => 2,
        Terrain::City => 3,
    }
}

/// A packed signature or constraint with each field edge read as a road edge.
const fn field_as_road(k: Key) -> Key {
    let field = terrain_code(Terrain::Field);
    let mut out = k;
    let mut i = 0;
    while i < 4 {
        if (k >> (2 * i)) & 3 == field {
            out = (out & !(3 << (2 * i))) | (terrain_code(Terrain::Road) << (2 * i));
        }
        i += 1;
    }
    out
}

/// A tile's packed signature from the terrain of its board edges (N, E, S, W).
pub fn signature(edges: [Terrain; 4]) -> Key {
    let mut k = 0;
    for (i, t) in edges.into_iter().enumerate() {
        k |= terrain_code(t) << (2 * i);
    }
    k
}

/// Whether a tile with this signature matches every neighbour of a square with this
/// constraint (the edges without a neighbour are free).
pub const fn fits_key(signature: Key, constraint: Key) -> bool {
    let present = (constraint | (constraint >> 1)) & 0x55;
    signature & (present * 3) == constraint
}

/// In which rotations a tile matches a square, for every constraint a square can have: bit
/// `r` for `Rotation::ALL[r]` at index `constraint`, and how many rotations that is. Built
/// once per tile kind, so that a search reads a square's fit off a table.
#[derive(Clone)]
pub struct FitTable {
    rotations: [u8; 256],
    counts: [u8; 256],
    /// Bit `key % 64` of word `key / 64` for each constraint some rotation matches.
    matched: KeySet,
}

/// A set of constraints, a bit each.
pub type KeySet = [u64; 4];

impl FitTable {
    /// The table of a tile whose board edges are `edges` at each rotation of `Rotation::ALL`.
    pub fn new(edges: [[Terrain; 4]; 4]) -> FitTable {
        FitTable::matching(edges, fits_key)
    }

    /// The table of where the tile may fit once bridges are built: a bridge's ends make field
    /// edges road edges, on the tile or on its neighbours, so a field edge may meet a road
    /// edge either way round; a city edge still meets only a city edge. A superset of where
    /// the tile fits with bridges, for searches to try no other square and rotation.
    pub fn bridged(edges: [[Terrain; 4]; 4]) -> FitTable {
        FitTable::matching(edges, |signature, constraint| fits_key(field_as_road(signature), field_as_road(constraint)))
    }

    /// The table of where the tile fits with a bridge across it on the board axis whose edges
    /// are `axis`: in each rotation where both are field edges, those two made road edges;
    /// in the others nowhere.
    pub fn crossed(edges: [[Terrain; 4]; 4], axis: [Edge; 2]) -> FitTable {
        let crossable = |e: &[Terrain; 4]| axis.iter().all(|a| e[a.index()] == Terrain::Field);
        let signatures = edges.map(|mut e| {
            let keep = crossable(&e);
            for a in axis {
                e[a.index()] = Terrain::Road;
            }
            keep.then(|| signature(e))
        });
        FitTable::matching_some(signatures, fits_key)
    }

    /// The table of `edges` where `matches(signature, constraint)` says which fit.
    fn matching(edges: [[Terrain; 4]; 4], matches: impl Fn(Key, Key) -> bool) -> FitTable {
        FitTable::matching_some(edges.map(|e| Some(signature(e))), matches)
    }

    /// [`FitTable::matching`] of signatures, none in a rotation that fits nowhere.
    fn matching_some(signatures: [Option<Key>; 4], matches: impl Fn(Key, Key) -> bool) -> FitTable {
        let mut t = FitTable { rotations: [0; 256], counts: [0; 256], matched: [0; 4] };
        for key in 0..256usize {
            for (r, sig) in signatures.iter().enumerate() {
                if sig.is_some_and(|sig| matches(sig, key as Key)) {
                    t.rotations[key] |= 1 << r;
                }
            }
            // A constraint is never 0 (a frontier square touches a tile): nothing fits it.
            if key == 0 {
                t.rotations[key] = 0;
            }
            t.counts[key] = t.rotations[key].count_ones() as u8;
            if t.rotations[key] != 0 {
                t.matched[key / 64] |= 1 << (key % 64);
            }
        }
        t
    }

    /// The constraints some rotation matches.
    pub fn matched(&self) -> &KeySet {
        &self.matched
    }

    /// The rotations that match a square with this constraint.
    pub fn rotations(&self, constraint: Key) -> u8 {
        self.rotations[constraint as usize]
    }

    /// How many rotations match, for each constraint.
    pub fn counts(&self) -> &[u8; 256] {
        &self.counts
    }
}

impl std::fmt::Debug for FitTable {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("FitTable")
    }
}

/// A tile kind, ready for play: validated, with its four rotations precomputed.
#[derive(Clone, Debug)]
pub struct TileDef {
    pub id: String,
    pub name: String,
    pub count: u32,
    pub start: bool,
    pub edges: [Terrain; 4],
    pub segments: Vec<Segment>,
    pub marks: Vec<Mark>,
    /// Each river segment's edges at rotation 0 (The River): a river edge is a field edge
    /// whose halves lie in the fields on either side ([`TileDef::river_edges`]).
    pub rivers: Vec<u8>,
    /// For the first half of a double-size tile: its second half.
    pub twin: Option<Twin>,
    /// For the second half of a double-size tile: the id of the first half.
    pub half_of: Option<String>,
    /// The tile catalogue it comes from (its `expansion:`, `base` or `bcb1`); empty for a
    /// tile a scenario defines.
    pub set: String,
    rotated: [Rotated; 4],
    /// Bit `i` for each segment `i` that is a cloister, a garden or a castle: what is complete when
    /// surrounded (most tiles have none, which the scoring of each turn asks of nine).
    centres: u32,
    /// Its sides are walls ([`Mark::Abbey`], [`TileDef::walled`]).
    walled: bool,
    /// Where the tile fits, by the constraint of a square (its edges at each rotation),
    /// worked out when first asked ([`TileDef::fits`]). Boxed: the table is half a kilobyte,
    /// which every tile kind would otherwise carry (and copy when a tile set is made) even
    /// where no search asks.
    fits: std::sync::OnceLock<Box<FitTable>>,
    /// [`FitTable::bridged`] of the tile, worked out when first asked ([`TileDef::fits_bridged`]).
    fits_bridged: std::sync::OnceLock<Box<FitTable>>,
    /// [`FitTable::crossed`] of the tile on each axis, worked out when first asked
    /// ([`TileDef::fits_crossed`]).
    fits_crossed: std::sync::OnceLock<Box<[FitTable; 2]>>,
    /// Each segment's description and words at each rotation, rotation by rotation, worked
    /// out when first asked.
    names: std::sync::OnceLock<Vec<(&'static str, &'static str)>>,
}

const NONE: u8 = u8::MAX;

/// No segment at a port ([`TileDef::ports`]).
pub const NO_PORT: u8 = NONE;

/// The port of the square across that faces port `port` of a square ([`TileDef::ports`]):
/// across an edge, the road or city on the opposite edge, and each half the opposite edge's
/// other half (the left half of an edge faces the right half of the edge it meets).
#[inline]
pub fn facing_port(port: usize) -> usize {
    FACING_PORT[port % 12]
}

/// [`facing_port`] of each port, worked out once.
const FACING_PORT: [usize; 12] = {
    let mut out = [0; 12];
    let mut port = 0;
    while port < 12 {
        // The edges N, E, S, W are 0 to 3; the opposite edge is two on.
        out[port] = 3 * ((port / 3 + 2) % 4) + [0, 2, 1][port % 3];
        port += 1;
    }
    out
};

/// The most features (segments) one square of a tile may hold: the engine keeps a bit per
/// segment of a tile being laid (both squares of a double-size tile in one word). The
/// catalogues' tiles hold at most a dozen.
pub const MAX_SEGMENTS: usize = 32;

/// Lookup tables for one rotation, in board directions.
#[derive(Clone, Copy, Debug, Default)]
struct Rotated {
    edges: [Option<Terrain>; 4],
    /// The city or road segment on each edge.
    edge_segment: [u8; 4],
    /// The field segment on each half-edge.
    half_segment: [u8; 8],
    /// The segment at each port ([`TileDef::ports`]).
    ports: [u8; 12],
    /// Each segment's ports, bit `p` for port `p` ([`TileDef::segment_ports`]).
    segment_ports: [u16; MAX_SEGMENTS],
    /// Bit `p` for each port `p` a segment lies at ([`TileDef::port_mask`]).
    port_mask: u16,
    /// Bit `p` for each half port `p` where a city touching an edge it does not own lies
    /// ([`TileDef::touching_ports`]).
    touching_ports: u16,
    /// The walled city on each board half-edge ([`TileDef::wall_on_half`]), and bit `h` for
    /// each half `h` that holds one.
    wall_segment: [u8; 8],
    walls: u8,
}

impl TileDef {
    /// Builds a tile from its notation, listing every inconsistency found.
    pub fn new<S: AsRef<str>>(
        id: &str,
        name: &str,
        count: u32,
        start: bool,
        n: &TileNotation<S>,
    ) -> Result<TileDef, Vec<String>> {
        let mut errors = Vec::new();
        let letters: Vec<char> = n.edges.chars().filter(|c| !c.is_whitespace()).collect();
        let mut edges = [Terrain::Field; 4];
        if letters.len() != 4 {
            errors
                .push(format!("`edges` needs four letters for N E S W (C city, R road, F field), found `{}`", n.edges));
        } else {
            for (i, c) in letters.iter().enumerate() {
                match Terrain::parse(*c) {
                    Some(t) => edges[i] = t,
                    None => {
                        errors.push(format!("`{c}` in `edges` is not a terrain: use C (city), R (road) or F (field)"))
                    }
                }
            }
        }

        // One segment per city, road and field written, and the cloister and castle.
        let mut segments = Vec::with_capacity(n.cities.len() + n.roads.len() + n.fields.len() + 2);
        let mut city_at = [NONE; 4];
        // The halves where a city's wall stands, and the city at each.
        let (mut wall_taken, mut wall_at) = (0u8, [NONE; 8]);
        for text in n.cities.iter().map(AsRef::as_ref) {
            if let Some(mask) = parse_halves(text) {
                let idx = segments.len() as u8;
                for h in (0..8u8).map(Half).filter(|h| mask & h.bit() != 0) {
                    if edges[h.edge().index()] != Terrain::Field {
                        errors.push(format!("city `{text}`: a wall stands on a field edge, and {} is not", h.name()));
                    } else if wall_taken & h.bit() != 0 {
                        errors.push(format!("two cities' walls stand on {}", h.name()));
                    }
                    wall_at[h.0 as usize] = idx;
                }
                wall_taken |= mask;
                segments.push(Segment { walls: mask, semicircle: false, ..Segment::new(FeatureKind::City, 0, 0) });
                continue;
            }
            match parse_edges(text) {
                Ok(mask) => {
                    let idx = segments.len() as u8;
                    for e in Edge::ALL.iter().filter(|e| mask & e.bit() != 0) {
                        if edges[e.index()] != Terrain::City {
                            errors
                                .push(format!("city `{text}` reaches the {} edge, which is not a city edge", e.word()));
                        } else if city_at[e.index()] != NONE {
                            errors.push(format!("two cities reach the {} edge", e.word()));
                        }
                        city_at[e.index()] = idx;
                    }
                    segments.push(Segment::new(FeatureKind::City, mask, 0));
                }
                Err(e) => errors.push(format!("city `{text}`: {e}")),
            }
        }
        for text in n.pennants.iter().map(AsRef::as_ref) {
            match parse_edges(text).ok().and_then(|m| m.trailing_zeros().try_into().ok()).map(|i: usize| city_at[i]) {
                Some(idx) if idx != NONE => segments[idx as usize].pennants += 1,
                _ => errors.push(format!("pennant `{text}` names no city of this tile")),
            }
        }
        let mut road_at = [false; 4];
        let well = n.marks.iter().any(|m| m.as_ref().trim() == Mark::Well.as_str());
        // An abbey's sides are walls: no half-edge of it is a field.
        let walled = n.marks.iter().any(|m| m.as_ref().trim() == Mark::Abbey.as_str());
        for text in n.roads.iter().map(AsRef::as_ref) {
            match parse_edges(text) {
                Ok(mask) if mask.count_ones() <= 2 || well => {
                    for e in Edge::ALL.iter().filter(|e| mask & e.bit() != 0) {
                        if edges[e.index()] != Terrain::Road {
                            errors
                                .push(format!("road `{text}` reaches the {} edge, which is not a road edge", e.word()));
                        } else if road_at[e.index()] {
                            errors.push(format!("two roads reach the {} edge", e.word()));
                        }
                        road_at[e.index()] = true;
                    }
                    segments.push(Segment::new(FeatureKind::Road, mask, 0));
                }
                Ok(_) => {
                    errors.push(format!("road `{text}` reaches more than two edges: a crossing is one road per edge"))
                }
                Err(e) => errors.push(format!("road `{text}`: {e}")),
            }
        }
        let mut half_taken = 0u8;
        for text in n.fields.iter().map(AsRef::as_ref) {
            let (halves_text, borders_text) = match text.split_once('>') {
                Some((h, c)) => (h, Some(c)),
                None => (text, None),
            };
            let mut mask = 0u8;
            let mut inner = false;
            for word in halves_text.split_whitespace() {
                if word == "inner" {
                    inner = true;
                    continue;
                }
                match Half::parse(word) {
                    Some(h) => {
                        if edges[h.edge().index()] == Terrain::City {
                            errors.push(format!("field `{text}`: {word} lies on a city edge"));
                        }
                        if (mask | half_taken) & h.bit() != 0 {
                            errors.push(format!("field `{text}`: {word} belongs to another field too"));
                        }
                        if wall_taken & h.bit() != 0 {
                            errors.push(format!("field `{text}`: a city's wall stands on {word}"));
                        }
                        mask |= h.bit();
                    }
                    None => {
                        errors.push(format!("field `{text}`: `{word}` is not a half-edge (NL NR EL ER SL SR WL WR)"))
                    }
                }
            }
            match (inner, mask) {
                (false, 0) => errors.push(format!("field `{text}` lists no half-edge")),
                (true, m) if m != 0 => {
                    errors.push(format!("field `{text}`: an `inner` field reaches no edge, so it lists no half-edge"))
                }
                (true, _) if borders_text.is_none_or(|b| b.trim().is_empty()) => {
                    errors.push(format!("field `{text}`: an `inner` field lies between cities: name them after `>`"))
                }
                _ => {}
            }
            half_taken |= mask;
            let mut borders = Vec::new();
            for word in borders_text.unwrap_or("").split_whitespace() {
                // A city by one of its edges, or a walled city by a half its wall stands on.
                let idx = Edge::parse(word)
                    .map(|e| city_at[e.index()])
                    .or_else(|| Half::parse(word).map(|h| wall_at[h.0 as usize]))
                    .unwrap_or(NONE);
                if idx == NONE {
                    errors.push(format!("field `{text}`: `{word}` names no city of this tile"));
                } else if !borders.contains(&idx) {
                    borders.push(idx);
                }
            }
            segments.push(Segment { borders, ..Segment::new(FeatureKind::Field, 0, mask) });
        }
        if n.cloister {
            segments.push(Segment::new(FeatureKind::Cloister, 0, 0));
        }
        if n.castle {
            segments.push(Segment::new(FeatureKind::Castle, 0, 0));
        }
        // A garden is a segment of its own in the centre, given by the tile's mark.
        if n.marks.iter().any(|m| m.as_ref().trim() == Mark::Garden.as_str()) {
            if n.cloister || n.castle {
                errors.push("a garden and a cloister or castle cannot share the centre of a tile".to_string());
            }
            segments.push(Segment::new(FeatureKind::Garden, 0, 0));
        }
        for text in n.drawbridges.iter().map(AsRef::as_ref) {
            let (road, city) = text.split_once('>').unwrap_or((text, ""));
            let r = Edge::parse(road.trim())
                .and_then(|e| segments.iter().position(|s| s.kind == FeatureKind::Road && s.edges & e.bit() != 0));
            let c = Edge::parse(city.trim()).map(|e| city_at[e.index()]).filter(|i| *i != NONE);
            match (r, c) {
                (Some(r), Some(c)) => segments[r].drawbridges.push(c),
                _ => errors.push(format!(
                    "drawbridge `{text}`: write the road's edge, `>`, and an edge of the city it leads to (`S > N`)"
                )),
            }
        }
        for e in Edge::ALL {
            let t = edges[e.index()];
            if t == Terrain::City && city_at[e.index()] == NONE {
                errors.push(format!("the {} edge is a city edge but no city reaches it", e.word()));
            }
            if t == Terrain::Road && !road_at[e.index()] {
                errors.push(format!("the {} edge is a road edge but no road reaches it", e.word()));
            }
            if t != Terrain::City && !walled {
                for h in e.halves() {
                    if (half_taken | wall_taken) & h.bit() == 0 {
                        errors.push(format!("half-edge {} is in no field", h.name()));
                    }
                }
            }
        }
        if walled && (segments.iter().any(|s| s.kind != FeatureKind::Cloister) || edges != [Terrain::Field; 4]) {
            errors.push("an abbey's sides are walls: write `edges: FFFF` and no city, road or field".to_string());
        }
        if segments.len() > MAX_SEGMENTS {
            errors.push(format!(
                "the tile has {} features (cities, roads, fields, cloister, castle): a tile holds at most {MAX_SEGMENTS}",
                segments.len()
            ));
        }
        let segment_on = |segments: &[Segment], kind: FeatureKind, text: &str| {
            let e = Edge::parse(text.trim())?;
            segments.iter().position(|s| s.kind == kind && s.edges & e.bit() != 0)
        };
        for text in n.inns.iter().map(AsRef::as_ref) {
            match segment_on(&segments, FeatureKind::Road, text) {
                Some(i) => segments[i].inn = true,
                None => errors.push(format!("inn `{text}` names no road of this tile")),
            }
        }
        for text in n.cathedrals.iter().map(AsRef::as_ref) {
            match segment_on(&segments, FeatureKind::City, text) {
                Some(i) => segments[i].cathedral = true,
                None => errors.push(format!("cathedral `{text}` names no city of this tile")),
            }
        }
        for text in n.goods.iter().map(AsRef::as_ref) {
            let words: Vec<&str> = text.split_whitespace().collect();
            let found = match words.as_slice() {
                [edge, kind] => segment_on(&segments, FeatureKind::City, edge).zip(Goods::parse(kind)),
                _ => None,
            };
            match found {
                Some((i, g)) => segments[i].goods.push(g),
                None => errors.push(format!(
                    "goods `{text}`: write an edge of a city of this tile and a kind of goods (wine, grain, cloth): `N wine`"
                )),
            }
        }
        for text in n.triangular.iter().map(AsRef::as_ref) {
            match segment_on(&segments, FeatureKind::City, text) {
                Some(i) => segments[i].semicircle = false,
                None => errors.push(format!("triangular `{text}` names no city of this tile")),
            }
        }
        for text in n.pig_herds.iter().map(AsRef::as_ref) {
            let found = Half::parse(text.trim())
                .and_then(|h| segments.iter().position(|s| s.kind == FeatureKind::Field && s.halves & h.bit() != 0));
            match found {
                Some(i) => segments[i].pig_herd = true,
                None => errors.push(format!("pig herd `{text}`: write a half-edge of a field of this tile (`NR`)")),
            }
        }
        for text in n.touches.iter().map(AsRef::as_ref) {
            let (own, touched) = text.split_once('>').unwrap_or((text, ""));
            let city = segment_on(&segments, FeatureKind::City, own);
            match (city, parse_edges(touched)) {
                (Some(i), Ok(mask)) => {
                    for e in Edge::ALL.iter().filter(|e| mask & e.bit() != 0) {
                        let owner = city_at[e.index()];
                        if owner == NONE {
                            errors.push(format!(
                                "touches `{text}`: the {} edge is not a city edge of this tile: a city touches only an edge another city owns",
                                e.word()
                            ));
                        } else if owner as usize == i {
                            errors.push(format!("touches `{text}`: the city owns the {} edge already", e.word()));
                        }
                    }
                    if segments[i].touches & mask != 0 {
                        errors.push(format!("touches `{text}`: an edge named twice"));
                    }
                    segments[i].touches |= mask;
                    // It reaches an edge with another city: not a semicircle whatever its
                    // own edges (no castle town of Bridges, Castles and Bazaars holds it).
                    segments[i].semicircle = false;
                }
                _ => errors.push(format!(
                    "touches `{text}`: write an edge of a city of this tile, `>`, and the edges it also touches (`E > N`)"
                )),
            }
        }
        let mut rivers = Vec::new();
        let mut river_taken = 0u8;
        for text in n.rivers.iter().map(AsRef::as_ref) {
            match parse_edges(text) {
                Ok(mask) => {
                    for e in Edge::ALL.iter().filter(|e| mask & e.bit() != 0) {
                        if edges[e.index()] != Terrain::Field {
                            errors.push(format!(
                                "river `{text}` reaches the {} edge: a river edge is written `F` in `edges`",
                                e.word()
                            ));
                        }
                    }
                    if river_taken & mask != 0 {
                        errors.push(format!("river `{text}`: two rivers reach one edge"));
                    }
                    river_taken |= mask;
                    rivers.push(mask);
                }
                Err(e) => errors.push(format!("river `{text}`: {e}")),
            }
        }
        let mut marks = Vec::new();
        for text in n.marks.iter().map(AsRef::as_ref) {
            match Mark::ALL.iter().find(|m| m.as_str() == text.trim()) {
                Some(m) => marks.push(*m),
                None => {
                    let known: Vec<&str> = Mark::ALL.iter().map(|m| m.as_str()).collect();
                    errors.push(format!("`{text}` is not a mark (known: {})", known.join(", ")))
                }
            }
        }
        if !errors.is_empty() {
            return Err(errors);
        }
        let mut def = TileDef {
            id: id.to_string(),
            name: name.to_string(),
            count,
            start,
            edges,
            segments,
            marks,
            rivers,
            twin: None,
            half_of: None,
            set: String::new(),
            rotated: [Rotated::default(); 4],
            centres: 0,
            walled,
            fits: std::sync::OnceLock::new(),
            fits_bridged: std::sync::OnceLock::new(),
            fits_crossed: std::sync::OnceLock::new(),
            names: std::sync::OnceLock::new(),
        };
        for r in Rotation::ALL {
            def.rotated[r.quarter_turns() as usize] = def.compute_rotation(r);
        }
        def.centres = (0..def.segments.len())
            .filter(|&i| {
                matches!(def.segments[i].kind, FeatureKind::Cloister | FeatureKind::Garden | FeatureKind::Castle)
            })
            .fold(0, |m, i| m | 1 << i);
        Ok(def)
    }

    fn compute_rotation(&self, r: Rotation) -> Rotated {
        let mut out = Rotated {
            edges: [None; 4],
            edge_segment: [NONE; 4],
            half_segment: [NONE; 8],
            ports: [NONE; 12],
            segment_ports: [0; MAX_SEGMENTS],
            port_mask: 0,
            touching_ports: 0,
            wall_segment: [NONE; 8],
            walls: 0,
        };
        for e in Edge::ALL {
            out.edges[r.edge(e).index()] = Some(self.edges[e.index()]);
        }
        for (i, s) in self.segments.iter().enumerate() {
            for e in Edge::ALL.iter().filter(|e| s.edges & e.bit() != 0) {
                out.edge_segment[r.edge(*e).index()] = i as u8;
            }
            for h in 0..8u8 {
                if s.halves & (1 << h) != 0 {
                    out.half_segment[r.half(Half(h)).0 as usize] = i as u8;
                }
                // A wall is in no port: no search sees it, and only `Game::lay` joins it.
                if s.walls & (1 << h) != 0 {
                    let b = r.half(Half(h)).0;
                    out.wall_segment[b as usize] = i as u8;
                    out.walls |= 1 << b;
                }
            }
        }
        for e in Edge::ALL {
            let [h0, h1] = e.halves();
            out.ports[3 * e.index()..3 * e.index() + 3].copy_from_slice(&[
                out.edge_segment[e.index()],
                out.half_segment[h0.0 as usize],
                out.half_segment[h1.0 as usize],
            ]);
        }
        // A city that touches an edge another city owns lies at the halves of that edge,
        // which on a city edge hold no field: what the square across sees of it.
        for (i, s) in self.segments.iter().enumerate().filter(|(_, s)| s.touches != 0) {
            for e in Edge::ALL.iter().filter(|e| s.touches & e.bit() != 0) {
                let b = r.edge(*e).index();
                out.ports[3 * b + 1] = i as u8;
                out.ports[3 * b + 2] = i as u8;
                out.touching_ports |= 0b110 << (3 * b);
            }
        }
        for (p, &local) in out.ports.iter().enumerate() {
            if local != NONE {
                out.segment_ports[local as usize] |= 1 << p;
                out.port_mask |= 1 << p;
            }
        }
        out
    }

    /// The segment at each *port* of the tile turned by `r`, [`NO_PORT`] where none is:
    /// port `3e` is the road or city on board edge `e` (N, E, S, W), ports `3e + 1` and
    /// `3e + 2` the fields on its halves (`e.halves()`, in order), or on a city edge a
    /// city that touches it without owning it ([`TileDef::touching_ports`]). What a search
    /// for legal moves reads at each edge, from one table.
    pub fn ports(&self, r: Rotation) -> &[u8; 12] {
        &self.rotated[r.quarter_turns() as usize].ports
    }

    /// Bit `p` for each port `p` of the tile turned by `r` where a segment lies
    /// ([`TileDef::ports`] other than [`NO_PORT`]).
    pub fn port_mask(&self, r: Rotation) -> u16 {
        self.rotated[r.quarter_turns() as usize].port_mask
    }

    /// Bit `p` for each half port `p` of the tile turned by `r` where a city lies that
    /// touches an edge another city owns ([`Segment::touches`]): the halves of that edge, on
    /// which no field lies. 0 for nearly every tile.
    pub fn touching_ports(&self, r: Rotation) -> u16 {
        self.rotated[r.quarter_turns() as usize].touching_ports
    }

    /// For each segment of the tile turned by `r` (in order, up to [`MAX_SEGMENTS`]), bit
    /// `p` for each port `p` it lies at ([`TileDef::ports`]): the same table read by segment.
    pub fn segment_ports(&self, r: Rotation) -> &[u16] {
        &self.rotated[r.quarter_turns() as usize].segment_ports[..self.segments.len().min(MAX_SEGMENTS)]
    }

    /// The board edges where a river reaches the tile turned by `r` (The River), as a 4-bit
    /// mask: 0 for a tile without a river.
    pub fn river_edges(&self, r: Rotation) -> u8 {
        let own = self.rivers.iter().fold(0, |m, s| m | s);
        Edge::ALL.iter().filter(|e| own & e.bit() != 0).fold(0, |m, e| m | r.edge(*e).bit())
    }

    /// The terrain along a board edge when the tile is turned by `r`.
    pub fn edge(&self, r: Rotation, board_edge: Edge) -> Terrain {
        self.rotated[r.quarter_turns() as usize].edges[board_edge.index()].unwrap_or(Terrain::Field)
    }

    /// The city or road segment on a board edge, if any.
    pub fn segment_on_edge(&self, r: Rotation, board_edge: Edge) -> Option<usize> {
        let s = self.rotated[r.quarter_turns() as usize].edge_segment[board_edge.index()];
        (s != NONE).then_some(s as usize)
    }

    /// The field segment on a board half-edge, if any.
    pub fn segment_on_half(&self, r: Rotation, board_half: Half) -> Option<usize> {
        let s = self.rotated[r.quarter_turns() as usize].half_segment[board_half.0 as usize];
        (s != NONE).then_some(s as usize)
    }

    /// The board edges a segment reaches when the tile is turned by `r`.
    pub fn segment_edges(&self, r: Rotation, segment: usize) -> u8 {
        r.edge_mask(self.segments[segment].edges)
    }

    /// Bit `h` for each board half-edge `h` of the tile turned by `r` where a city's wall
    /// stands ([`Segment::walls`]): 0 for every tile but the city of Carcassonne's.
    pub fn wall_halves(&self, r: Rotation) -> u8 {
        self.rotated[r.quarter_turns() as usize].walls
    }

    /// The walled city standing on a board half-edge of the tile turned by `r`, if any.
    pub fn wall_on_half(&self, r: Rotation, board_half: Half) -> Option<usize> {
        let s = self.rotated[r.quarter_turns() as usize].wall_segment[board_half.0 as usize];
        (s != NONE).then_some(s as usize)
    }

    /// Bit `i` for each segment `i` that is a cloister, a garden or a castle (complete when
    /// surrounded).
    pub fn centres(&self) -> u32 {
        self.centres
    }

    /// Whether its sides are walls (an abbey, [`Mark::Abbey`]): it fits a square whatever the
    /// tiles around show, and each side closes the road or city it meets, which ends there,
    /// and bounds the field it meets. It is never read off the frontier's constraints.
    pub fn walled(&self) -> bool {
        self.walled
    }

    /// The notation string of the edges, e.g. `CRFR`.
    pub fn edge_string(&self) -> String {
        self.edges.iter().map(|t| t.letter()).collect()
    }

    /// Where the tile fits, by the constraint of a square: worked out once per tile, when a
    /// search first asks (a run that only replays a scenario never does).
    pub fn fits(&self) -> &FitTable {
        self.fits.get_or_init(|| Box::new(FitTable::new(self.rotated_edges())))
    }

    /// Where the tile may fit once bridges are built ([`FitTable::bridged`]), worked out when
    /// first asked.
    pub fn fits_bridged(&self) -> &FitTable {
        self.fits_bridged.get_or_init(|| Box::new(FitTable::bridged(self.rotated_edges())))
    }

    /// Where the tile fits with a bridge across it ([`FitTable::crossed`]), north to south
    /// and east to west, worked out when first asked.
    pub fn fits_crossed(&self) -> &[FitTable; 2] {
        self.fits_crossed.get_or_init(|| {
            let edges = self.rotated_edges();
            Box::new([FitTable::crossed(edges, [Edge::N, Edge::S]), FitTable::crossed(edges, [Edge::E, Edge::W])])
        })
    }

    /// The tile's board edges (N, E, S, W) at each rotation of `Rotation::ALL`.
    fn rotated_edges(&self) -> [[Terrain; 4]; 4] {
        Rotation::ALL.map(|r| Edge::ALL.map(|e| self.edge(r, e)))
    }

    /// A short description of a segment in board directions, e.g. `city NW`.
    pub fn describe_segment(&self, r: Rotation, segment: usize) -> String {
        self.names(r, segment).0.to_string()
    }

    /// [`TileDef::describe_segment`], shared rather than copied (a score names its feature so).
    pub fn segment_name(&self, r: Rotation, segment: usize) -> Name {
        Name::Borrowed(self.names(r, segment).0)
    }

    /// [`TileDef::segment_name`] and [`TileDef::segment_words`] (shared rather than copied),
    /// in one look-up.
    pub fn segment_names(&self, r: Rotation, segment: usize) -> (Name, Name) {
        let (name, said) = self.names(r, segment);
        (Name::Borrowed(name), Name::Borrowed(said))
    }

    /// The description and the words of a segment in a rotation, worked out once per tile
    /// (scores name the features they pay for, and the same few are named again and again).
    fn names(&self, r: Rotation, segment: usize) -> (&'static str, &'static str) {
        let all = self.names.get_or_init(|| {
            Rotation::ALL
                .iter()
                .flat_map(|r| (0..self.segments.len()).map(move |i| (*r, i)))
                .map(|(r, i)| {
                    let described = self.work_out_description(r, i);
                    let words = self.work_out_words(r, i, &described);
                    (intern(described), intern(words))
                })
                .collect()
        });
        all[r.quarter_turns() as usize * self.segments.len() + segment]
    }

    fn work_out_description(&self, r: Rotation, segment: usize) -> String {
        let s = &self.segments[segment];
        match s.kind {
            FeatureKind::Cloister => "cloister".to_string(),
            FeatureKind::Garden => "garden".to_string(),
            FeatureKind::Castle => "castle".to_string(),
            // A field enclosed by cities, reaching no edge, lies in the centre.
            FeatureKind::Field if s.halves == 0 => "field centre".to_string(),
            FeatureKind::City if s.walls != 0 => "city behind walls".to_string(),
            FeatureKind::Field => {
                let halves: Vec<&str> =
                    (0..8u8).filter(|h| r.half_mask(s.halves) & (1 << h) != 0).map(|h| Half(h).name()).collect();
                format!("field {}", halves.join(" "))
            }
            k => format!("{k} {}", edge_letters(r.edge_mask(s.edges))),
        }
    }
}

impl TileDef {
    /// A segment in a player's words, in board directions: a field by where it lies against
    /// what divides the tile (`field north of the road`, `field between the cities`, `field`
    /// when it is the tile's only one); anything else as [`TileDef::describe_segment`]. A field
    /// whose words would fit another field of the tile keeps its half-edges.
    pub fn segment_words(&self, r: Rotation, segment: usize) -> String {
        self.names(r, segment).1.to_string()
    }

    fn work_out_words(&self, r: Rotation, segment: usize, described: &str) -> String {
        let s = &self.segments[segment];
        if s.kind != FeatureKind::Field {
            return described.to_string();
        }
        let fields: Vec<usize> =
            (0..self.segments.len()).filter(|&i| self.segments[i].kind == FeatureKind::Field).collect();
        if fields.len() == 1 {
            return "field".to_string();
        }
        let words = |i: usize| self.field_words(r, i);
        let mine = words(segment);
        if fields.iter().any(|&i| i != segment && words(i) == mine) {
            return described.to_string();
        }
        mine
    }

    /// `field <direction> of the <divider>`, or `field between the <dividers>` when it lies
    /// about the centre.
    fn field_words(&self, r: Rotation, segment: usize) -> String {
        // Where each half-edge lies, x east and y north, the tile 4 units wide.
        const AT: [(i32, i32); 8] = [(-1, 2), (1, 2), (2, 1), (2, -1), (1, -2), (-1, -2), (-2, -1), (-2, 1)];
        let mask = r.half_mask(self.segments[segment].halves);
        let (x, y) = (0..8).filter(|h| mask & (1 << h) != 0).fold((0, 0), |(x, y), h| (x + AT[h].0, y + AT[h].1));
        let count = |k: FeatureKind| self.segments.iter().filter(|s| s.kind == k).count();
        let (roads, cities) = (count(FeatureKind::Road), count(FeatureKind::City));
        // The River: the water parts the fields, with a road where one crosses or ends.
        let divider = match (roads, cities) {
            (0, _) if !self.rivers.is_empty() => "river",
            (1, _) if !self.rivers.is_empty() => "river and road",
            (_, _) if !self.rivers.is_empty() => "river and roads",
            (1, _) => "road",
            (0, 1) => "city",
            (0, 0) if count(FeatureKind::Cloister) > 0 => "cloister",
            (0, _) => "cities",
            _ => "roads",
        };
        if x == 0 && y == 0 {
            return format!("field between the {divider}");
        }
        // The nearest of the eight directions, clockwise from north.
        const WAYS: [&str; 8] =
            ["north", "north-east", "east", "south-east", "south", "south-west", "west", "north-west"];
        let angle = f64::from(x).atan2(f64::from(y)).to_degrees().rem_euclid(360.0);
        let way = WAYS[((angle / 45.0).round() as usize) % 8];
        format!("field {way} of the {divider}")
    }

    /// A segment as a scenario names it, in board directions: the shortest place that names
    /// it alone (`city N`, `road E`, `field NE`, `field NL`, `cloister`), else its full name.
    pub fn scenario_name(&self, r: Rotation, segment: usize) -> String {
        let s = &self.segments[segment];
        let mut spots: Vec<Spot> = Vec::new();
        match s.kind {
            FeatureKind::Field => {
                spots.extend(Edge::ALL.map(Spot::Edge));
                spots.extend(crate::geom::Corner::ALL.map(Spot::Corner));
                spots.extend((0..8).map(|h| Spot::Half(Half(h))));
            }
            FeatureKind::Road => spots.extend(Edge::ALL.map(Spot::Edge)),
            // A city behind walls by a half its wall stands on (`city ER`).
            FeatureKind::City => {
                spots.extend(Edge::ALL.map(Spot::Edge));
                spots.extend((0..8).map(|h| Spot::Half(Half(h))));
            }
            _ => return self.describe_segment(r, segment),
        }
        let kind = s.kind;
        spots
            .into_iter()
            .find(|sp| self.find_segment(r, kind, Some(*sp)) == Ok(segment))
            .map(|sp| format!("{kind} {}", sp.words()))
            .unwrap_or_else(|| self.describe_segment(r, segment))
    }
}

/// Parses a run of half-edge names (`ER SL`) into a mask: `None` unless every word is one,
/// none twice.
fn parse_halves(text: &str) -> Option<u8> {
    let mut mask = 0u8;
    for word in text.split_whitespace() {
        let h = Half::parse(word)?;
        if mask & h.bit() != 0 {
            return None;
        }
        mask |= h.bit();
    }
    (mask != 0).then_some(mask)
}

/// Parses a run of edge letters (`NW`, `N W`, `W-E`) into a mask.
fn parse_edges(text: &str) -> Result<u8, String> {
    let mut mask = 0u8;
    for c in text.chars().filter(|c| !c.is_whitespace() && *c != '-' && *c != '+') {
        let e =
            Edge::parse(c.encode_utf8(&mut [0; 4])).ok_or_else(|| format!("`{c}` is not an edge (N, E, S or W)"))?;
        if mask & e.bit() != 0 {
            return Err(format!("edge {c} named twice"));
        }
        mask |= e.bit();
    }
    if mask == 0 {
        return Err("names no edge".to_string());
    }
    Ok(mask)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn notation<'a>(
        edges: &'a str,
        cities: &'a [&'a str],
        roads: &'a [&'a str],
        fields: &'a [&'a str],
    ) -> TileNotation<'a, &'a str> {
        TileNotation { edges, cities, roads, fields, ..TileNotation::default() }
    }

    #[test]
    fn a_bridged_fit_lets_field_and_road_meet_but_not_city() {
        use Terrain::*;
        // A tile of field edges, turned alike: every rotation fits where it fits at all.
        let fields = FitTable::bridged([[Field; 4]; 4]);
        let key =
            |n: Option<Terrain>, e: Option<Terrain>| n.map_or(0, terrain_code) | e.map_or(0, |t| terrain_code(t) << 2);
        assert_eq!(fields.rotations(key(Some(Road), None)), 0b1111, "a field edge against a road end");
        assert_eq!(fields.rotations(key(Some(Field), Some(Road))), 0b1111);
        assert_eq!(fields.rotations(key(Some(City), None)), 0, "no bridge makes a city edge");
        assert_eq!(FitTable::new([[Field; 4]; 4]).rotations(key(Some(Road), None)), 0);
        // A road edge against a field edge (a bridge on the neighbour), a city edge only
        // against a city.
        let edges = [
            [City, Road, Field, Road],
            [Road, City, Road, Field],
            [Field, Road, City, Road],
            [Road, Field, Road, City],
        ];
        let t = FitTable::bridged(edges);
        assert_eq!(t.rotations(key(Some(Field), None)), 0b1110);
        assert_eq!(t.rotations(key(Some(City), Some(Field))), 0b0001);
        assert_eq!(t.rotations(0), 0, "a square touches a tile");
        // Every exact fit is a bridged one.
        let exact = FitTable::new(edges);
        for k in 0..=255u8 {
            assert_eq!(exact.rotations(k) & !t.rotations(k), 0, "constraint {k}");
        }
    }

    #[test]
    fn a_port_faces_the_port_across_and_back() {
        for e in Edge::ALL {
            let o = e.opposite();
            assert_eq!(facing_port(3 * e.index()), 3 * o.index());
            for (k, h) in e.halves().into_iter().enumerate() {
                let across = o.halves().iter().position(|x| *x == h.facing()).expect("a half faces a half");
                assert_eq!(facing_port(3 * e.index() + 1 + k), 3 * o.index() + 1 + across, "{}", h.name());
            }
        }
        assert!((0..12).all(|p| facing_port(facing_port(p)) == p));
    }

    #[test]
    fn city_cap_with_road_rotates() {
        let n = notation("CRFR", &["N"], &["WE"], &["EL WR > N", "ER SL SR WL"]);
        let d = TileDef::new("D", "", 4, true, &n).unwrap();
        let r90 = Rotation::from_degrees(90).unwrap();
        assert_eq!(d.edge(r90, Edge::E), Terrain::City);
        assert_eq!(d.edge(r90, Edge::N), Terrain::Road);
        assert_eq!(d.segment_on_edge(r90, Edge::E), Some(0));
        // The strip between city and road: EL and WR, turned to SL and NR.
        assert_eq!(d.segment_on_half(r90, Half::parse("SL").unwrap()), Some(2));
        assert_eq!(d.describe_segment(r90, 2), "field NR SL");
        // As a player sees it: the strip lies north of the road at 0, east of it turned by 90.
        assert_eq!(d.segment_words(Rotation::from_degrees(0).unwrap(), 2), "field north of the road");
        assert_eq!(d.segment_words(r90, 2), "field east of the road");
        assert_eq!(d.segment_words(r90, 3), "field west of the road");
        assert_eq!(d.scenario_name(r90, 0), "city E");
        assert_eq!(d.scenario_name(r90, 2), "field NE");
    }

    #[test]
    fn an_inner_field_lies_in_the_centre_and_goods_sit_in_their_city() {
        // Traders and Builders: a city across the tile, a cap to the south, the field between.
        let mut n = notation("FCCC", &["WE", "S"], &[], &["NL NR > W", "inner > W S"]);
        n.goods = &["W cloth"];
        let d = TileDef::new("TB03", "", 1, false, &n).unwrap();
        let r0 = Rotation::default();
        assert_eq!(d.segments[3].halves, 0);
        assert_eq!(d.segments[3].borders, vec![0, 1]);
        assert_eq!(d.describe_segment(r0, 3), "field centre");
        assert_eq!(d.find_segment(r0, FeatureKind::Field, Some(Spot::Centre)), Ok(3));
        assert_eq!(d.find_segment(r0, FeatureKind::Field, Spot::parse("N")), Ok(2));
        assert_eq!(d.segments[0].goods, vec![Goods::Cloth]);
        assert!(d.segments[1].goods.is_empty());
        // A tile without an inner field: the centre is any field, as before.
        let e = TileDef::new("E", "", 1, false, &notation("CFFF", &["N"], &[], &["EL ER SL SR WL WR > N"])).unwrap();
        assert_eq!(e.find_segment(r0, FeatureKind::Field, Some(Spot::Centre)), Ok(1));
        // An inner field names its cities; goods name a city and a kind.
        let mut bad = notation("FCCC", &["WE", "S"], &[], &["NL NR > W", "inner"]);
        bad.goods = &["N wine", "W silk"];
        let all = TileDef::new("bad", "", 1, false, &bad).unwrap_err().join("\n");
        assert!(all.contains("an `inner` field lies between cities"), "{all}");
        assert!(all.contains("goods `N wine`") && all.contains("goods `W silk`"), "{all}");
    }

    #[test]
    fn a_city_touching_an_edge_it_does_not_own_lies_at_that_edges_halves() {
        // Hills and Sheep's HS02: a corner city north-west, a cap east touching north too.
        let mut n = notation("CCFC", &["NW", "E"], &[], &["SL SR > N E"]);
        n.touches = &["E > N"];
        let d = TileDef::new("HS02", "", 2, false, &n).unwrap();
        let cap = &d.segments[1];
        assert_eq!((cap.edges, cap.touches, cap.semicircle), (Edge::E.bit(), Edge::N.bit(), false));
        assert_eq!(cap.open_edges(), 2);
        // The north edge is the corner city's; the cap lies at its halves (ports 1 and 2).
        let r0 = Rotation::default();
        assert_eq!(d.segment_on_edge(r0, Edge::N), Some(0));
        assert_eq!(d.ports(r0)[..3], [0, 1, 1]);
        assert_eq!(d.touching_ports(r0), 0b110);
        // Turned a quarter: the touched edge is the east one (ports 4 and 5).
        let r90 = Rotation::from_degrees(90).unwrap();
        assert_eq!(d.touching_ports(r90), 0b110_000);
        assert_eq!(d.ports(r90)[3..6], [0, 1, 1]);
        assert_eq!(d.describe_segment(r90, 1), "city S");
        // Every other tile touches nothing.
        assert_eq!(
            TileDef::new("E", "", 1, false, &notation("CFFF", &["N"], &[], &["EL ER SL SR WL WR > N"]))
                .unwrap()
                .touching_ports(r0),
            0
        );
        // Only an edge another city of the tile owns.
        let mut bad = notation("CCFC", &["NW", "E"], &[], &["SL SR > N E"]);
        bad.touches = &["E > S", "E > E", "S > N", "E"];
        let all = TileDef::new("bad", "", 1, false, &bad).unwrap_err().join("\n");
        assert!(all.contains("the south edge is not a city edge"), "{all}");
        assert!(all.contains("the city owns the east edge already"), "{all}");
        assert!(all.contains("touches `S > N`: write an edge of a city"), "{all}");
        assert!(all.contains("touches `E`: write"), "{all}");
    }

    #[test]
    fn a_tile_holds_at_most_max_segments_features() {
        // A city across the tile, and inner fields beside it: one city and fields to the
        // limit load; one more field is refused, not wrapped into another segment's index.
        let fields = |n: usize| {
            let mut f = vec!["NL NR > W".to_string()];
            f.extend(std::iter::repeat_n("inner > W".to_string(), n));
            f
        };
        let tile = |n: usize| {
            let f = fields(n);
            let refs: Vec<&str> = f.iter().map(String::as_str).collect();
            TileDef::new("many", "", 1, false, &notation("FCCC", &["WES"], &[], &refs))
        };
        assert_eq!(tile(MAX_SEGMENTS - 2).unwrap().segments.len(), MAX_SEGMENTS);
        let all = tile(MAX_SEGMENTS - 1).unwrap_err().join("\n");
        assert!(all.contains("a tile holds at most 32"), "{all}");
    }

    #[test]
    fn every_inconsistency_is_reported() {
        let n = notation("CRXR", &["E"], &["W"], &["NL > S"]);
        let errs = TileDef::new("bad", "", 1, false, &n).unwrap_err();
        let all = errs.join("\n");
        assert!(all.contains("`X` in `edges`"), "{all}");
        assert!(all.contains("not a city edge"), "{all}");
        assert!(all.contains("NL lies on a city edge"), "{all}");
        assert!(all.contains("names no city"), "{all}");
        assert!(all.contains("no road reaches it"), "{all}");
    }

    #[test]
    fn a_tile_set_finds_by_id_and_a_second_insert_replaces_in_place() {
        let field = |id: &str, count| {
            TileDef::new(id, "", count, false, &notation("FFFF", &[], &[], &["NL NR EL ER SL SR WL WR"])).unwrap()
        };
        let mut set = TileSet::default();
        let a = set.insert(field("A", 1));
        let b = set.insert(field("B", 2));
        assert_eq!((a, b, set.find("B"), set.find("C")), (TileKind(0), TileKind(1), Some(b), None));
        // The same id again: same kind, same place, the new definition.
        assert_eq!(set.insert(field("A", 3)), a);
        assert_eq!(set.len(), 2);
        assert_eq!(set.get(a).count, 3);
        assert_eq!(set.iter().map(|(k, d)| (k, d.id.as_str())).collect::<Vec<_>>(), [(a, "A"), (b, "B")]);
        assert_eq!(set.bag(), [a, a, a, b, b]);
    }
}

/// Index of a tile kind in a [`TileSet`]. 32 bits: a scenario may define more than 65,536
/// kinds inline (nothing but its size limits it), and a kind must never wrap to another.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct TileKind(pub u32);

/// The tile kinds known to a game: the catalogue of the enabled expansions plus inline tiles.
#[derive(Clone, Debug, Default)]
pub struct TileSet {
    defs: Vec<TileDef>,
    /// Each id's kind, so that adding and finding a tile do not search (a scenario may
    /// define tens of thousands of tiles).
    by_id: HashMap<String, TileKind>,
}

impl TileSet {
    /// Adds a kind, replacing one of the same id (so a scenario or file can override): the
    /// replacement keeps the kind, and so its place in [`TileSet::iter`] and the bag.
    pub fn insert(&mut self, def: TileDef) -> TileKind {
        if let Some(&k) = self.by_id.get(&def.id) {
            self.defs[k.0 as usize] = def;
            return k;
        }
        let k = TileKind(self.defs.len() as u32);
        self.by_id.insert(def.id.clone(), k);
        self.defs.push(def);
        k
    }

    pub fn find(&self, id: &str) -> Option<TileKind> {
        self.by_id.get(id).copied()
    }

    pub fn get(&self, k: TileKind) -> &TileDef {
        &self.defs[k.0 as usize]
    }

    pub fn iter(&self) -> impl Iterator<Item = (TileKind, &TileDef)> {
        self.defs.iter().enumerate().map(|(i, d)| (TileKind(i as u32), d))
    }

    pub fn len(&self) -> usize {
        self.defs.len()
    }

    pub fn is_empty(&self) -> bool {
        self.defs.is_empty()
    }

    /// Room for `additional` more kinds, so that adding a catalogue's kinds one by one does
    /// not move those already in.
    pub fn reserve(&mut self, additional: usize) {
        self.defs.reserve(additional);
        self.by_id.reserve(additional);
    }

    /// The start tile, if the set has one: the last one marked `start`, so that an
    /// expansion's start tile (The River's spring, which the rules lay instead of the start
    /// tile) takes the place of the base game's, whose catalogue comes first.
    pub fn start(&self) -> Option<TileKind> {
        self.iter().filter(|(_, d)| d.start).last().map(|(k, _)| k)
    }

    /// Every tile of the set, `count` times each, in catalogue order.
    pub fn bag(&self) -> Vec<TileKind> {
        let mut bag = Vec::with_capacity(self.iter().map(|(_, d)| d.count as usize).sum());
        for (k, d) in self.iter() {
            bag.extend(std::iter::repeat_n(k, d.count as usize));
        }
        bag
    }

    /// The printed segments of a tile of the bag, on average, rounded up (1 for an empty
    /// bag): what a game of this set makes room for per tile.
    pub fn segments_per_tile(&self) -> usize {
        let (tiles, segments) = self
            .iter()
            .fold((0usize, 0usize), |(t, s), (_, d)| (t + d.count as usize, s + d.count as usize * d.segments.len()));
        segments.div_ceil(tiles.max(1)).max(1)
    }
}

/// Where on a tile a player points to name a feature, in board directions.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Spot {
    Edge(Edge),
    Corner(crate::geom::Corner),
    Half(Half),
    Centre,
}

impl Spot {
    /// The place as a scenario writes it (`N`, `NE`, `NL`, `centre`).
    pub fn words(&self) -> String {
        match self {
            Spot::Edge(e) => e.letter().to_string(),
            Spot::Corner(c) => format!("{c:?}"),
            Spot::Half(h) => h.name().to_string(),
            Spot::Centre => "centre".to_string(),
        }
    }

    pub fn parse(s: &str) -> Option<Spot> {
        if s.eq_ignore_ascii_case("centre") || s.eq_ignore_ascii_case("center") {
            return Some(Spot::Centre);
        }
        Edge::parse(s)
            .map(Spot::Edge)
            .or_else(|| crate::geom::Corner::parse(s).map(Spot::Corner))
            .or_else(|| Half::parse(s).map(Spot::Half))
    }

    /// One word of places: a place (`N`, `NE`, `NL`, `centre`), or a run of edge letters
    /// (`NS`, `NEW`), as a feature's description writes a road or city over several edges.
    pub fn parse_word(s: &str) -> Option<Vec<Spot>> {
        if let Some(one) = Spot::parse(s) {
            return Some(vec![one]);
        }
        let edges: Option<Vec<Spot>> = s.chars().map(|c| Edge::parse(&c.to_string()).map(Spot::Edge)).collect();
        edges.filter(|e| (2..=4).contains(&e.len()))
    }
}

impl TileDef {
    /// The segment a player means by "the `kind` on the `spot`" of this tile turned by `r`.
    pub fn find_segment(&self, r: Rotation, kind: FeatureKind, spot: Option<Spot>) -> Result<usize, String> {
        self.find_segment_at(r, kind, spot.as_slice())
    }

    /// The segment of `kind` that reaches every one of `spots` (all of them: `field NL NR EL`
    /// and `road NS`, the words a diagnostic offers, name one feature), on this tile turned by
    /// `r`. A corner names a field's corner, or for a city or road the two edges it joins.
    pub fn find_segment_at(&self, r: Rotation, kind: FeatureKind, spots: &[Spot]) -> Result<usize, String> {
        let mut found: Vec<usize> = Vec::new();
        // The centre of a tile with a field enclosed by cities is that field.
        let inner = kind == FeatureKind::Field && self.segments.iter().any(|s| s.kind == kind && s.halves == 0);
        for (i, s) in self.segments.iter().enumerate().filter(|(_, s)| s.kind == kind) {
            let (halves, edges) = (r.half_mask(s.halves), r.edge_mask(s.edges));
            let reaches = |spot: &Spot| match *spot {
                Spot::Centre => !inner || s.halves == 0,
                Spot::Edge(e) => match kind {
                    FeatureKind::Field => halves & (e.halves()[0].bit() | e.halves()[1].bit()) != 0,
                    _ => edges & e.bit() != 0,
                },
                Spot::Corner(c) => match kind {
                    FeatureKind::Field => halves & (c.halves()[0].bit() | c.halves()[1].bit()) != 0,
                    _ => c.halves().iter().all(|h| edges & h.edge().bit() != 0),
                },
                // A half names a field on it, or a city's wall standing on it.
                Spot::Half(h) => match kind {
                    FeatureKind::Field => halves & h.bit() != 0,
                    FeatureKind::City => r.half_mask(s.walls) & h.bit() != 0,
                    _ => false,
                },
            };
            if spots.iter().all(reaches) {
                found.push(i);
            }
        }
        let choices = || {
            self.segments
                .iter()
                .enumerate()
                .filter(|(_, s)| s.kind == kind)
                .map(|(i, _)| self.describe_segment(r, i))
                .collect::<Vec<_>>()
                .join(", ")
        };
        match found.as_slice() {
            [one] => Ok(*one),
            [] if choices().is_empty() => Err(format!("tile {} has no {kind}", self.id)),
            [] => Err(format!("no {kind} there on tile {} as turned; it has: {}", self.id, choices())),
            _ => Err(format!("more than one {kind} there on tile {}; name one of: {}", self.id, choices())),
        }
    }
}
