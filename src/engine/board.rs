//! The board: which tile lies on which square, and the free squares next to them.
//!
//! The frontier (the free squares that touch a tile along an edge) is kept as tiles are
//! laid, each square with its *constraint*: for each of its four edges, whether a tile lies
//! across it and the terrain that tile shows there, packed in a byte ([`Key`]). A tile in a
//! rotation has a packed *signature* of the same shape ([`signature`]), and it fits the
//! square (as far as its edges go) exactly when the signature agrees with the constraint on
//! every edge that has a neighbour: one mask comparison ([`fits_key`]). Frontier squares are
//! grouped by constraint, so that the squares a tile fits are found by testing each
//! constraint once, not each square.

use super::journal::Journal;
use crate::geom::{Edge, Pos, Rotation};
use crate::tile::Terrain;
use std::collections::HashMap;
use std::hash::{BuildHasherDefault, Hasher};
use std::rc::Rc;

/// A fast, deterministic hasher for board squares: the two coordinates packed into one
/// word, then mixed with the MurmurHash3 finaliser so that neighbouring squares spread over
/// the table (hashbrown picks buckets from the low bits and tags from the high ones).
#[derive(Default, Clone, Copy)]
pub struct PosHasher(u64);

impl Hasher for PosHasher {
    fn finish(&self) -> u64 {
        let mut h = self.0;
        h ^= h >> 33;
        h = h.wrapping_mul(0xff51_afd7_ed55_8ccd);
        h ^= h >> 33;
        h = h.wrapping_mul(0xc4ce_b9fe_1a85_ec53);
        h ^ (h >> 33)
    }
    fn write(&mut self, bytes: &[u8]) {
        for b in bytes {
            self.0 = self.0.rotate_left(8) ^ *b as u64;
        }
    }
    fn write_i32(&mut self, n: i32) {
        self.0 = self.0.rotate_left(32) ^ n as u32 as u64;
    }
}

type Fast = BuildHasherDefault<PosHasher>;

pub use crate::tile::{fits_key, signature, terrain_code, FitTable, Key, KeySet};

/// What the board keeps of one square: the tile on it, or, for a free square on the
/// frontier, its constraint and its place in that constraint's group.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Cell {
    /// The placement on the square, [`NO_TILE`] if it is free.
    tile: u32,
    /// A free square's constraint; 0 off the frontier (a constraint is never 0).
    key: Key,
    /// A frontier square's entry in the board's list of them ([`Frontier::entries`]); on a
    /// tile's square, 1 if the tile's group holds a cloister or a German castle (see
    /// [`Board::put`]), else 0.
    at: u32,
}

const EMPTY_CELL: Cell = Cell { tile: NO_TILE, key: 0, at: 0 };

impl Cell {
    /// The cell of a square holding placement `placed`, of a tile group with a centre or not.
    fn tile(placed: u32, centred: bool) -> Cell {
        Cell { tile: placed, key: 0, at: u32::from(centred) }
    }
}

/// The squares, in chunks of 16 × 16. The chunks near the start tile (within
/// [`NEAR_CHUNKS`] chunks of it, which holds every base game) are found in a table by their
/// position, the others by a hash of it: the squares around a square are almost always in
/// its chunk, so looking them up touches a few cache lines however large the board grows.
/// Chunks and the table are shared between copies of a board until one is written (a copy
/// to try a move on writes a chunk or two), counted without atomics (`Rc`): a game is not
/// shared between threads, and laying a tile writes four or five cells.
#[derive(Clone, Debug)]
struct Grid {
    chunks: Vec<Rc<[Cell; CHUNK_SQUARES]>>,
    /// Each chunk's position (in chunks), in `chunks`' order.
    at: Vec<(i32, i32)>,
    /// The chunks near the start, by position: 1 + their index in `chunks`, 0 for none.
    near: Rc<[u32; NEAR_SIDE * NEAR_SIDE]>,
    far: HashMap<(i32, i32), u32, Fast>,
    /// Tiles on the board.
    len: usize,
}

/// The side of a [`Grid`] chunk, in squares (a power of two).
const CHUNK_SHIFT: i32 = 4;
const CHUNK_SIDE: i32 = 1 << CHUNK_SHIFT;
const CHUNK_SQUARES: usize = (CHUNK_SIDE * CHUNK_SIDE) as usize;

/// Where the start square lies in its chunk: the middle, so that a game of a few dozen tiles
/// mostly stays in one chunk and the squares around a square are found without a look-up.
const ORIGIN: i32 = CHUNK_SIDE / 2;

/// A square's coordinates as the grid counts them, the start square moved to [`ORIGIN`]
/// (wrapping: every square still has coordinates of its own).
fn shifted(p: Pos) -> (i32, i32) {
    (p.x.wrapping_add(ORIGIN), p.y.wrapping_add(ORIGIN))
}

/// How far from the start tile, in chunks, a chunk is found by table rather than by hash.
const NEAR_CHUNKS: i32 = 8;
const NEAR_SIDE: usize = 2 * NEAR_CHUNKS as usize;

impl Default for Grid {
    fn default() -> Grid {
        Grid {
            chunks: Vec::new(),
            at: Vec::new(),
            near: Rc::new([0; NEAR_SIDE * NEAR_SIDE]),
            far: HashMap::default(),
            len: 0,
        }
    }
}

impl Grid {
    /// A square's chunk position and its index in the chunk.
    fn split(p: Pos) -> ((i32, i32), usize) {
        let (x, y) = shifted(p);
        ((x >> CHUNK_SHIFT, y >> CHUNK_SHIFT), ((y & (CHUNK_SIDE - 1)) * CHUNK_SIDE + (x & (CHUNK_SIDE - 1))) as usize)
    }

    /// Where a chunk near the start is in the table.
    fn near_slot((x, y): (i32, i32)) -> Option<usize> {
        // Wrapping: a chunk too far west or south comes out too large, as one too far east
        // or north does, and each coordinate is tested once.
        let (x, y) = (x.wrapping_add(NEAR_CHUNKS) as u32 as usize, y.wrapping_add(NEAR_CHUNKS) as u32 as usize);
        (x < NEAR_SIDE && y < NEAR_SIDE).then(|| y * NEAR_SIDE + x)
    }

    /// The index in `chunks` of the chunk at this position.
    fn chunk(&self, c: (i32, i32)) -> Option<usize> {
        let i = match Grid::near_slot(c) {
            Some(slot) => self.near[slot],
            None => *self.far.get(&c)?,
        };
        (i != 0).then(|| i as usize - 1)
    }

    fn cell(&self, p: Pos) -> Cell {
        let (c, i) = Grid::split(p);
        self.chunk(c).map_or(EMPTY_CELL, |k| self.chunks[k][i])
    }

    /// Where a square's cell is: its chunk's index in `chunks` (made if there is none yet)
    /// and its index in the chunk.
    #[inline]
    fn locate_mut(&mut self, p: Pos) -> (usize, usize) {
        let (c, i) = Grid::split(p);
        let k = match self.chunk(c) {
            Some(k) => k,
            None => self.add_chunk(c),
        };
        (k, i)
    }

    /// Makes the chunk at this position (there is none yet): its index in `chunks`. Apart
    /// from [`Grid::locate_mut`], which mostly finds one, so that finding one stays small.
    #[cold]
    #[inline(never)]
    fn add_chunk(&mut self, c: (i32, i32)) -> usize {
        self.chunks.push(Rc::new([EMPTY_CELL; CHUNK_SQUARES]));
        self.at.push(c);
        let index = self.chunks.len() as u32;
        match Grid::near_slot(c) {
            Some(slot) => Rc::make_mut(&mut self.near)[slot] = index,
            None => {
                self.far.insert(c, index);
            }
        }
        self.chunks.len() - 1
    }

    /// [`Grid::locate_mut`] of `q`, a square next to `p` whose cell is at `at`: found in the
    /// same chunk without a look-up unless `p` lies on the chunk's border.
    fn locate_next(&mut self, p: Pos, at: (usize, usize), q: Pos) -> (usize, usize) {
        let (dx, dy) = (q.x.wrapping_sub(p.x), q.y.wrapping_sub(p.y));
        let (px, py) = shifted(p);
        let (x, y) = ((px & (CHUNK_SIDE - 1)) + dx, (py & (CHUNK_SIDE - 1)) + dy);
        if (0..CHUNK_SIDE).contains(&x) && (0..CHUNK_SIDE).contains(&y) {
            (at.0, (y * CHUNK_SIDE + x) as usize)
        } else {
            self.locate_mut(q)
        }
    }

    fn get(&self, p: Pos) -> Option<u32> {
        Some(self.cell(p).tile).filter(|t| *t != NO_TILE)
    }

    /// The tiles on a square and on the eight around it (in [`Pos::ring`]'s order after
    /// it), [`NO_TILE`] where none lies: one chunk found when all nine share it, as they
    /// mostly do.
    fn block(&self, p: Pos) -> [u32; 9] {
        self.block_by(p, |c| c.tile)
    }

    /// [`Grid::block`], only the tiles laid centred ([`Board::block_centred`]).
    fn block_centred(&self, p: Pos) -> [u32; 9] {
        self.block_by(p, |c| if c.tile != NO_TILE && c.at != 0 { c.tile } else { NO_TILE })
    }

    /// [`Grid::block`], each square's cell read by `read`.
    #[inline(always)]
    fn block_by(&self, p: Pos, read: impl Fn(&Cell) -> u32) -> [u32; 9] {
        let (px, py) = shifted(p);
        let ((x, y), (cx, cy)) =
            ((px & (CHUNK_SIDE - 1), py & (CHUNK_SIDE - 1)), (px >> CHUNK_SHIFT, py >> CHUNK_SHIFT));
        let inside = (1..CHUNK_SIDE - 1).contains(&x) && (1..CHUNK_SIDE - 1).contains(&y);
        match self.chunk((cx, cy)) {
            Some(k) if inside => {
                let chunk = &self.chunks[k];
                let at = |dx: i32, dy: i32| read(&chunk[((y + dy) * CHUNK_SIDE + x + dx) as usize]);
                [at(0, 0), at(-1, 1), at(0, 1), at(1, 1), at(1, 0), at(1, -1), at(0, -1), at(-1, -1), at(-1, 0)]
            }
            _ => {
                let mut out = [NO_TILE; 9];
                for (o, q) in out.iter_mut().zip(std::iter::once(p).chain(p.ring())) {
                    *o = read(&self.cell(q));
                }
                out
            }
        }
    }

    /// The cell at `(chunk, index)` to write, its chunk copied first if another board shares it.
    fn cell_at_mut(&mut self, (k, i): (usize, usize)) -> &mut Cell {
        &mut Rc::make_mut(&mut self.chunks[k])[i]
    }

    fn insert(&mut self, (k, i): (usize, usize), placed: u32, centred: bool) {
        debug_assert_ne!(placed, NO_TILE);
        let cell = self.cell_at_mut((k, i));
        let added = cell.tile == NO_TILE;
        *cell = Cell::tile(placed, centred);
        self.len += usize::from(added);
    }

    /// Every square whose cell is not empty, with its cell.
    fn cells(&self) -> impl Iterator<Item = (Pos, Cell)> + '_ {
        self.chunks.iter().zip(&self.at).flat_map(|(chunk, &(cx, cy))| {
            chunk.iter().enumerate().filter(|(_, c)| **c != EMPTY_CELL).map(move |(i, c)| {
                let (x, y) = (i as i32 % CHUNK_SIDE, i as i32 / CHUNK_SIDE);
                let (x, y) = ((cx << CHUNK_SHIFT) + x, (cy << CHUNK_SHIFT) + y);
                (Pos::new(x.wrapping_sub(ORIGIN), y.wrapping_sub(ORIGIN)), *c)
            })
        })
    }
}

/// Two grids are equal when every square holds the same tile and the same constraint (the
/// order of squares in a group, which depends on the order tiles were laid, is not compared).
impl PartialEq for Grid {
    fn eq(&self, o: &Grid) -> bool {
        let same = |a: Cell, b: Cell| a.tile == b.tile && a.key == b.key;
        self.len == o.len
            && self.cells().all(|(p, c)| same(c, o.cell(p)))
            && o.cells().all(|(p, c)| same(c, self.cell(p)))
    }
}

/// Where a frontier square is kept: its constraint, and its entry in the board's list.
#[derive(Clone, Copy, Debug)]
struct Slot {
    key: Key,
    at: u32,
}

impl Slot {
    /// Where the square of this cell is kept; `None` off the frontier.
    fn of(c: Cell) -> Option<Slot> {
        (c.key != 0).then_some(Slot { key: c.key, at: c.at })
    }
}

/// A frontier square as its group keeps it: the square, the tiles across its edges, and
/// the segments of theirs that face it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Free {
    pub pos: Pos,
    /// The placement across each edge (N, E, S, W), [`NO_TILE`] where none lies.
    pub next: [u32; 4],
    /// At each port of the square (see [`crate::tile::TileDef::ports`]: the road or city
    /// across each edge, then the fields across its two halves), the segment id of the tile
    /// across that faces it, [`NO_SEGMENT`] where none does: what a search reads around the
    /// square without visiting the tiles.
    pub ports: [u32; 12],
    /// Bit `p` for each port `p` a segment faces (`ports[p]` other than [`NO_SEGMENT`]).
    pub faced: u16,
    /// The square's constraint; 0 once the square is taken (its entry is then vacant).
    pub key: Key,
}

/// A frontier square as the board keeps it, where it stays while it is on the frontier:
/// what searches read, and its place in its constraint's group (while the groups are kept).
#[derive(Clone, Copy, Debug)]
struct Entry {
    free: Free,
    at: u32,
}

// The constraint fits in what would be the padding of a square's entry.
const _: () = assert!(std::mem::size_of::<Entry>() == 80);

/// Bit `k` for each port `k` of `ports` a segment faces (not [`NO_SEGMENT`]): a square's
/// [`Free::faced`], or the three of one edge's ports.
pub fn faced_mask(ports: &[u32]) -> u16 {
    ports.iter().enumerate().fold(0, |m, (k, &seg)| m | u16::from(seg != NO_SEGMENT) << k)
}

/// The segments that faced a square's ports while it was free ([`Board::put`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Facing {
    pub ports: [u32; 12],
    /// Bit `p` for each port `p` a segment faced.
    pub faced: u16,
}

/// No segment across a port of a frontier square ([`Free::ports`]).
pub const NO_SEGMENT: u32 = u32::MAX;

/// A frontier square where a tile fits ([`Board::fitting`]): the square and what lies
/// around it, and the rotations that fit (bit `r` for `Rotation::ALL[r]`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Fitting {
    pub square: Free,
    pub rotations: u8,
}

/// No tile across an edge of a frontier square.
pub const NO_TILE: u32 = u32::MAX;

/// No group for this constraint yet.
const NO_GROUP: u8 = u8::MAX;

/// The room a constraint's group is made with: most hold a few squares, so a group rarely
/// grows while a game is played.
const GROUP_ROOM: u32 = 8;

/// The groups of frontier squares (their entries), each a list in a block of one buffer, so
/// that making a group or copying the board allocates nothing of its own: a list that fills
/// its block moves to the end of the buffer into one twice as large (the block it leaves is
/// not used again: each group takes at most twice its block, and a block is at most twice
/// the longest its list has been, or [`GROUP_ROOM`]).
#[derive(Clone, Debug, Default)]
struct Groups {
    buffer: Vec<u32>,
    blocks: Vec<Block>,
}

/// Where a group's list is in [`Groups::buffer`].
#[derive(Clone, Copy, Debug)]
struct Block {
    start: u32,
    len: u32,
    room: u32,
}

impl Groups {
    /// A new, empty group: its index.
    fn add(&mut self) -> usize {
        let start = self.buffer.len() as u32;
        self.buffer.resize(self.buffer.len() + GROUP_ROOM as usize, 0);
        self.blocks.push(Block { start, len: 0, room: GROUP_ROOM });
        self.blocks.len() - 1
    }

    fn get(&self, g: usize) -> &[u32] {
        let b = self.blocks[g];
        &self.buffer[b.start as usize..][..b.len as usize]
    }

    /// Adds `id` at the end of group `g`'s list: its index there.
    fn push(&mut self, g: usize, id: u32) -> u32 {
        let b = &mut self.blocks[g];
        if b.len == b.room {
            let start = self.buffer.len();
            self.buffer.extend_from_within(b.start as usize..(b.start + b.len) as usize);
            self.buffer.resize(start + 2 * b.room as usize, 0);
            (b.start, b.room) = (start as u32, 2 * b.room);
        }
        self.buffer[(b.start + b.len) as usize] = id;
        b.len += 1;
        b.len - 1
    }

    /// Takes the entry at index `at` out of group `g`'s list, the last one moved into its
    /// place: that one, if any.
    fn swap_remove(&mut self, g: usize, at: u32) -> Option<u32> {
        let b = &mut self.blocks[g];
        debug_assert!(at < b.len);
        b.len -= 1;
        let last = self.buffer[(b.start + b.len) as usize];
        (at < b.len).then(|| {
            self.buffer[(b.start + at) as usize] = last;
            last
        })
    }
}

/// Squares to tiles (indices into the game's placement list), and the frontier.
///
/// Two boards are equal when their tiles and their frontier squares (constraints, and what
/// lies around each) are; the order of squares within a group (which depends on the order
/// tiles were laid) is not compared.
#[derive(Clone, Debug, Default)]
pub struct Board {
    squares: Grid,
    frontier: Frontier,
    /// What an attempt wrote over in the squares' cells ([`Board::open_journal`]), the number
    /// of tiles when it was opened.
    journal: Journal<(Pos, Cell)>,
}

/// What an attempt wrote over in the frontier, to put back ([`Frontier::close_journal`]).
#[derive(Clone, Copy, Debug)]
enum FrontierNote {
    /// An entry as it was.
    Entry(u32, Entry),
    /// A vacant entry was pushed: to pop.
    Vacated,
    /// This vacant entry was popped: to push again.
    Reused(u32),
}

/// The free squares next to a tile, as the board keeps them apart from its squares' cells
/// (which say where each one's entry is), so that a cell and the frontier are written
/// together.
#[derive(Clone, Debug)]
struct Frontier {
    /// The frontier squares, each where it was first met (a square's cell says which entry
    /// is its own), and the entries left by squares since taken, to be used again.
    entries: Vec<Entry>,
    vacant: Vec<u32>,
    /// The frontier squares of each constraint met so far (their entries), in no
    /// particular order (`group_of` says which group holds a constraint; a constraint is
    /// never 0, so at most 255 groups).
    groups: Groups,
    group_of: [u8; 256],
    /// The constraints whose group holds a square.
    held: KeySet,
    /// Whether the groups are kept; without them, searches read every entry.
    indexed: bool,
    /// From how many squares on the frontier the groups are kept ([`Board::set_indexed`]):
    /// [`INDEX_FROM`] on a new board, 0 once asked to keep them, never once asked not to.
    index_from: usize,
    /// What an attempt wrote over (the number of entries when it was opened), and the groups
    /// as they were, while kept: put back whole.
    journal: Journal<FrontierNote>,
    saved_groups: Option<Box<(Groups, [u8; 256], KeySet)>>,
}

impl Default for Frontier {
    fn default() -> Frontier {
        Frontier {
            entries: Vec::new(),
            vacant: Vec::new(),
            groups: Groups::default(),
            group_of: [NO_GROUP; 256],
            held: [0; 4],
            indexed: false,
            index_from: INDEX_FROM,
            journal: Journal::default(),
            saved_groups: None,
        }
    }
}

impl Frontier {
    /// A copy with room for the frontier squares a tile or two adds.
    fn trial(&self) -> Frontier {
        Frontier {
            entries: super::with_room(&self.entries, 8),
            vacant: self.vacant.clone(),
            groups: Groups {
                buffer: super::with_room(&self.groups.buffer, 4 * GROUP_ROOM as usize),
                blocks: super::with_room(&self.groups.blocks, 4),
            },
            group_of: self.group_of,
            held: self.held,
            indexed: self.indexed,
            index_from: self.index_from,
            journal: Journal::default(),
            saved_groups: None,
        }
    }

    /// Starts noting what is written, to put it back ([`Frontier::close_journal`]).
    fn open_journal(&mut self) {
        self.journal.open(self.entries.len());
        if self.indexed {
            self.saved_groups = Some(Box::new((self.groups.clone(), self.group_of, self.held)));
        }
    }

    /// Puts back what was written since [`Frontier::open_journal`]; or, `keep`, keeps it.
    fn close_journal(&mut self, keep: bool) {
        let saved = self.saved_groups.take();
        if keep {
            return self.journal.discard();
        }
        let len = self.journal.start_len();
        for note in self.journal.close() {
            match note {
                FrontierNote::Entry(id, entry) => self.entries[id as usize] = entry,
                FrontierNote::Vacated => {
                    self.vacant.pop();
                }
                FrontierNote::Reused(id) => self.vacant.push(id),
            }
        }
        self.entries.truncate(len);
        if let Some(saved) = saved {
            (self.groups, self.group_of, self.held) = *saved;
            // Where each square is in its group, which taking a square out of a group
            // changes for the one moved into its place.
            for g in 0..self.groups.blocks.len() {
                for (k, &id) in self.groups.get(g).iter().enumerate() {
                    self.entries[id as usize].at = k as u32;
                }
            }
        }
    }

    /// Notes entry `id` before a tile laid writes it, while an attempt is (by the board,
    /// for the squares around the tile, which are the entries laying it writes but for
    /// their places in their groups, put back from the groups).
    fn note_entry(&mut self, id: u32) {
        let entries = &self.entries;
        self.journal.note_at(id as usize, || FrontierNote::Entry(id, entries[id as usize]));
    }

    /// Entry `id` to write (noted already, if an attempt is: see [`Frontier::note_entry`]).
    #[inline(always)]
    fn entry_mut(&mut self, id: u32) -> &mut Entry {
        &mut self.entries[id as usize]
    }

    /// Takes the square of `cell` off the frontier, if it is on it (a tile is laid there):
    /// the segments that faced its ports ([`NO_SEGMENT`] everywhere off the frontier), and
    /// the mask of the ports they face.
    #[inline(always)]
    fn take(&mut self, cell: Cell) -> Facing {
        let Some(s) = Slot::of(cell) else { return Facing { ports: [NO_SEGMENT; 12], faced: 0 } };
        self.unlink(s);
        self.vacant.push(s.at);
        self.journal.note(|| FrontierNote::Vacated);
        let free = &mut self.entry_mut(s.at).free;
        free.key = 0;
        Facing { ports: free.ports, faced: free.faced }
    }

    /// Sets what free square `q` (its cell `cell`) sees across its edge `e`: a terrain code,
    /// and the segments `facing` its port there, shown by tile `placed`; the square joins the
    /// frontier if it was not on it.
    fn show(&mut self, cell: &mut Cell, q: Pos, e: Edge, code: u8, placed: u32, facing: [u32; 3]) {
        let shift = 2 * e.index();
        let old = Slot::of(*cell);
        let key = (old.map_or(0, |s| s.key) & !(3 << shift)) | (code << shift);
        let id = match old {
            Some(s) => {
                if s.key != key {
                    self.unlink(s);
                }
                s.at
            }
            None => {
                let free = Free { pos: q, next: [NO_TILE; 4], ports: [NO_SEGMENT; 12], faced: 0, key };
                match self.vacant.pop() {
                    Some(id) => {
                        if self.journal.is_open() {
                            self.journal.note(|| FrontierNote::Reused(id));
                            self.note_entry(id);
                        }
                        self.entry_mut(id).free = free;
                        id
                    }
                    None => {
                        self.entries.push(Entry { free, at: 0 });
                        self.entries.len() as u32 - 1
                    }
                }
            }
        };
        let free = &mut self.entry_mut(id).free;
        free.key = key;
        free.next[e.index()] = placed;
        free.ports[3 * e.index()..][..3].copy_from_slice(&facing);
        let faced = faced_mask(&facing);
        free.faced = (free.faced & !(0b111 << (3 * e.index()))) | faced << (3 * e.index());
        if old.is_none_or(|s| s.key != key) {
            self.link(key, id);
            *cell = Cell { tile: NO_TILE, key, at: id };
        }
    }

    /// Puts the frontier square of entry `id` in the group of constraint `key` (while the
    /// groups are kept: the test inlined where a tile is laid, the work apart).
    #[inline(always)]
    fn link(&mut self, key: Key, id: u32) {
        if self.indexed {
            self.link_grouped(key, id);
        }
    }

    fn link_grouped(&mut self, key: Key, id: u32) {
        let g = self.group(key);
        let at = self.groups.push(g, id);
        self.entry_mut(id).at = at;
        self.held[key as usize / 64] |= 1 << (key % 64);
    }

    /// Keeps the groups (building them from the entries) or stops keeping them.
    fn set_indexed(&mut self, on: bool) {
        if on == self.indexed {
            return;
        }
        (self.groups, self.group_of, self.held, self.indexed) = (Groups::default(), [NO_GROUP; 256], [0; 4], on);
        for id in 0..self.entries.len() as u32 {
            let key = self.entries[id as usize].free.key;
            if key != 0 {
                self.link(key, id);
            }
        }
    }

    /// Starts keeping the groups if the frontier has grown to `index_from` squares: asked
    /// before a tile is laid and when an attempt is kept, never while one is noted (its notes
    /// put the entries back, not the groups).
    #[inline]
    fn index_if_large(&mut self) {
        debug_assert!(!self.journal.is_open());
        if !self.indexed && self.entries.len() - self.vacant.len() >= self.index_from {
            self.set_indexed(true);
        }
    }

    /// The entries of the frontier squares whose constraint the tile of `fits` matches, each
    /// with its constraint: by group while the groups are kept (constraint by constraint, each
    /// group's squares as it holds them), else in the order of the entries.
    fn matching<'a>(&'a self, fits: &'a FitTable) -> impl Iterator<Item = (Key, u32)> + 'a {
        let grouped = (self.indexed.then(|| self.matching_groups(fits)).into_iter().flatten())
            .flat_map(move |(key, g)| self.groups.get(g).iter().map(move |&id| (key, id)));
        grouped.chain((!self.indexed).then(|| self.matching_entries(fits)).into_iter().flatten())
    }

    /// [`Frontier::matching`] read entry by entry, in their order, whether the groups are
    /// kept or not.
    fn matching_entries<'a>(&'a self, fits: &'a FitTable) -> impl Iterator<Item = (Key, u32)> + 'a {
        self.entries
            .iter()
            .enumerate()
            .filter_map(|(id, e)| (entry_fits(fits, e) != 0).then_some((e.free.key, id as u32)))
    }

    /// The constraints that hold a square and that the tile matches, in increasing order,
    /// each with its group (the groups being kept).
    fn matching_groups<'a>(&'a self, fits: &'a FitTable) -> impl Iterator<Item = (Key, usize)> + 'a {
        debug_assert!(self.indexed);
        // A word of the two sets at a time, its bits in turn (a plain loop: the listing's).
        let (matched, held) = (fits.matched(), &self.held);
        let (mut w, mut both) = (0, matched[0] & held[0]);
        std::iter::from_fn(move || {
            while both == 0 {
                w += 1;
                if w == held.len() {
                    return None;
                }
                both = matched[w] & held[w];
            }
            let key = (64 * w as u32 + both.trailing_zeros()) as Key;
            both &= both - 1;
            Some((key, self.group_of[key as usize] as usize))
        })
    }

    /// The group of a constraint, made if it is the first square with it.
    fn group(&mut self, key: Key) -> usize {
        let g = self.group_of[key as usize];
        if g != NO_GROUP {
            return g as usize;
        }
        let g = self.groups.add();
        self.group_of[key as usize] = g as u8;
        g
    }

    /// Takes a square out of its group (its entry and its cell are the caller's), while the
    /// groups are kept.
    #[inline(always)]
    fn unlink(&mut self, s: Slot) {
        if self.indexed {
            self.unlink_grouped(s);
        }
    }

    fn unlink_grouped(&mut self, s: Slot) {
        let at = self.entries[s.at as usize].at;
        let g = self.group_of[s.key as usize] as usize;
        if let Some(moved) = self.groups.swap_remove(g, at) {
            self.entry_mut(moved).at = at;
        }
        if self.groups.get(g).is_empty() {
            self.held[s.key as usize / 64] &= !(1 << (s.key % 64));
        }
    }
}

impl PartialEq for Board {
    fn eq(&self, o: &Board) -> bool {
        let same_free = |(p, c): (Pos, Cell)| match (Slot::of(c), o.slot(p)) {
            (Some(a), Some(b)) => self.free(a) == o.free(b),
            (a, b) => a.is_none() && b.is_none(),
        };
        self.squares == o.squares && self.squares.cells().all(same_free)
    }
}

impl Eq for Board {}

impl Board {
    pub fn get(&self, p: Pos) -> Option<u32> {
        self.squares.get(p)
    }

    pub fn is_empty(&self) -> bool {
        self.squares.len == 0
    }

    /// The placements on a square and on the eight around it, in [`Pos::ring`]'s order
    /// after it ([`NO_TILE`] where none lies).
    pub fn block(&self, p: Pos) -> [u32; 9] {
        self.squares.block(p)
    }

    /// [`Board::block`], only the placements of tile groups with a cloister or a German
    /// castle (laid so: see [`Board::put`]); [`NO_TILE`] elsewhere. Read from the squares'
    /// cells, without a look at the placements, which a large board scatters.
    pub fn block_centred(&self, p: Pos) -> [u32; 9] {
        self.squares.block_centred(p)
    }

    /// Makes room for `tiles` more tiles: the chunks their squares may need.
    pub fn reserve(&mut self, tiles: usize) {
        let chunks = 1 + 2 * tiles / CHUNK_SQUARES;
        self.squares.chunks.reserve(chunks);
        self.squares.at.reserve(chunks);
        // A tile laid adds at most three frontier squares and takes one, and its squares
        // join groups: the frontier's lists grow by a few entries a tile.
        self.frontier.entries.reserve(2 * tiles + 4);
        // A square taken leaves its entry vacant until a new square takes it.
        self.frontier.vacant.reserve(tiles);
        if self.frontier.indexed {
            self.frontier.groups.buffer.reserve(4 * tiles + 4 * GROUP_ROOM as usize);
            // A group a constraint held, at most 255 of them, the more the larger the board.
            self.frontier.groups.blocks.reserve(tiles.min(255));
        }
        // A copy's chunks are shared with the board it was copied from until written: made
        // its own here, as a board never copied holds them, so that laying the tiles does
        // not copy them one by one on the way.
        for chunk in &mut self.squares.chunks {
            Rc::make_mut(chunk);
        }
    }

    pub fn len(&self) -> usize {
        self.squares.len
    }

    /// A copy with room for the frontier squares a tile or two adds
    /// ([`super::Game::trial`]).
    pub(super) fn trial(&self) -> Board {
        Board { squares: self.squares.clone(), frontier: self.frontier.trial(), journal: Journal::default() }
    }

    /// Starts noting what is written, to put it back ([`Board::close_journal`]): an attempt.
    pub(super) fn open_journal(&mut self) {
        self.journal.open(self.squares.len);
        self.frontier.open_journal();
    }

    /// Puts back what was written since [`Board::open_journal`]; or, `keep`, keeps it. (A
    /// chunk of squares made meanwhile stays, empty.)
    pub(super) fn close_journal(&mut self, keep: bool) {
        self.frontier.close_journal(keep);
        if keep {
            self.journal.discard();
            // What was kept may have grown the frontier past where its groups are kept.
            return self.frontier.index_if_large();
        }
        let len = self.journal.start_len();
        let mut notes = std::mem::take(&mut self.journal);
        for (p, cell) in notes.close() {
            let at = self.squares.locate_mut(p);
            *self.squares.cell_at_mut(at) = cell;
        }
        self.journal = notes;
        self.squares.len = len;
    }

    /// Notes the cells of `p` and of the squares around it before a tile is laid on `p`,
    /// and the entries of those on the frontier, while an attempt is.
    #[inline(always)]
    fn note_around(&mut self, p: Pos) {
        if self.journal.is_open() {
            for q in std::iter::once(p).chain(Edge::ALL.map(|e| p.step(e))) {
                self.note_square(q);
            }
        }
    }

    /// Notes the cell of `q` and its frontier entry, while an attempt is.
    #[cold]
    fn note_square(&mut self, q: Pos) {
        let cell = self.squares.cell(q);
        self.journal.note(|| (q, cell));
        if let Some(s) = Slot::of(cell) {
            self.frontier.note_entry(s.at);
        }
    }

    /// Lays tile `placed` on `p`, showing `edges` (the terrain of its N, E, S and W board
    /// edges) and `ports` (its segment ids at its ports, [`NO_SEGMENT`] where none is) to
    /// the squares around it. Returns the segments that faced the square's ports while it
    /// was free (see [`Free::ports`]), and the mask of those ports: what the tile joins.
    /// `centred`: the tile's group holds a cloister or a German castle ([`Board::block_centred`]).
    pub fn put(&mut self, p: Pos, placed: u32, centred: bool, edges: [Terrain; 4], ports: [u32; 12]) -> Facing {
        if !self.journal.is_open() {
            self.frontier.index_if_large();
        }
        self.note_around(p);
        let at = self.squares.locate_mut(p);
        let (x, y) = ((at.1 as i32) % CHUNK_SIDE, (at.1 as i32) / CHUNK_SIDE);
        if (1..CHUNK_SIDE - 1).contains(&x) && (1..CHUNK_SIDE - 1).contains(&y) {
            // The square and the four beside it in one chunk, as they mostly are: made the
            // board's own once, written without finding it again.
            let chunk = Rc::make_mut(&mut self.squares.chunks[at.0]);
            let facing = self.frontier.take(chunk[at.1]);
            self.squares.len += usize::from(chunk[at.1].tile == NO_TILE);
            chunk[at.1] = Cell::tile(placed, centred);
            for e in Edge::ALL {
                let (dx, dy) = e.delta();
                let cell = &mut chunk[(at.1 as i32 + dy * CHUNK_SIDE + dx) as usize];
                if cell.tile == NO_TILE {
                    let (o, code) = (e.opposite(), terrain_code(edges[e.index()]));
                    let facing = [0, 1, 2].map(|k| ports[crate::tile::facing_port(3 * o.index() + k)]);
                    self.frontier.show(cell, p.step(e), o, code, placed, facing);
                }
            }
            return facing;
        }
        let facing = self.frontier.take(self.squares.chunks[at.0][at.1]);
        self.squares.insert(at, placed, centred);
        for e in Edge::ALL {
            let q = p.step(e);
            let there = self.squares.locate_next(p, at, q);
            if self.squares.chunks[there.0][there.1].tile == NO_TILE {
                let o = e.opposite();
                let facing = [0, 1, 2].map(|k| ports[crate::tile::facing_port(3 * o.index() + k)]);
                self.frontier.show(
                    self.squares.cell_at_mut(there),
                    q,
                    o,
                    terrain_code(edges[e.index()]),
                    placed,
                    facing,
                );
            }
        }
        facing
    }

    /// The tile at `p` now shows `t` on its edge `e` (a bridge's end makes a field edge a
    /// road edge), segment `segment` there: the square across that edge, if free, sees it.
    pub fn set_edge(&mut self, p: Pos, e: Edge, t: Terrain, segment: u32) {
        let q = p.step(e);
        if let Some(s) = self.slot(q) {
            let (o, free) = (e.opposite(), *self.free(s));
            let [_, left, right] = [0, 1, 2].map(|k| free.ports[3 * o.index() + k]);
            if self.journal.is_open() {
                self.note_square(q);
            }
            let at = self.squares.locate_mut(q);
            let cell = self.squares.cell_at_mut(at);
            self.frontier.show(cell, q, o, terrain_code(t), free.next[o.index()], [segment, left, right]);
        }
    }

    /// Where a frontier square is kept; `None` off the frontier.
    fn slot(&self, p: Pos) -> Option<Slot> {
        Slot::of(self.squares.cell(p))
    }

    /// A frontier square as searches read it.
    fn free(&self, s: Slot) -> &Free {
        let free = &self.frontier.entries[s.at as usize].free;
        debug_assert_eq!(free.key, s.key, "the constraint of {} in its cell and in its entry", free.pos);
        free
    }

    /// The constraint of a frontier square; `None` off the frontier (taken, or touching no
    /// tile).
    pub fn constraint(&self, p: Pos) -> Option<Key> {
        self.slot(p).map(|s| s.key)
    }

    /// A frontier square's entry: the tiles across its edges and their segments facing it;
    /// `None` off the frontier.
    pub fn free_at(&self, p: Pos) -> Option<&Free> {
        self.slot(p).map(|s| self.free(s))
    }

    /// Free squares that touch a tile along an edge, in a fixed order ([`frontier_order`]).
    pub fn frontier(&self) -> Vec<Pos> {
        let mut v: Vec<Pos> = self.frontier.entries.iter().filter(|e| e.free.key != 0).map(|e| e.free.pos).collect();
        v.sort_unstable_by_key(|p| frontier_order(*p));
        v
    }

    /// The frontier squares where a tile matches every neighbour (its [`FitTable`]), in
    /// frontier order, each with the rotations that do. Costs one look-up per constraint on
    /// the board, then in proportion to the squares found (while the board keeps its groups,
    /// [`Board::set_indexed`]; else one step per frontier square).
    pub fn fitting(&self, fits: &FitTable) -> Vec<Fitting> {
        let mut out = Vec::new();
        self.each_fitting(fits, |square, rotations| out.push(Fitting { square: *square, rotations }));
        out
    }

    /// [`Board::fitting`], each square and its rotations given to `found` in turn: sorted by
    /// one packed word per square (its frontier order, then where it was gathered), on the
    /// stack while few, so that a search lists them without allocating.
    pub fn each_fitting(&self, fits: &FitTable, mut found: impl FnMut(&Free, u8)) {
        const FEW: usize = 64;
        // Where each square is kept (its constraint in the high word, its entry in the low
        // one), in the order gathered, and the words that sort them.
        let (mut few, mut few_keys) = ([0u64; FEW], [0u64; FEW]);
        let (mut many, mut many_keys): (Vec<u64>, Vec<u64>) = (Vec::new(), Vec::new());
        let mut n = 0;
        let mut near = true;
        // Only the squares whose constraint the tile matches.
        for (key, id) in self.frontier.matching(fits) {
            let at = u64::from(key) << 32 | u64::from(id);
            let sort = near_key(self.frontier.entries[id as usize].free.pos, n);
            near &= sort.is_some();
            let sort = sort.unwrap_or(0);
            if n < FEW {
                (few[n], few_keys[n]) = (at, sort);
            } else {
                if many.is_empty() {
                    many.extend_from_slice(&few);
                    many_keys.extend_from_slice(&few_keys);
                }
                many.push(at);
                many_keys.push(sort);
            }
            n += 1;
        }
        let (at, keys): (&mut [u64], &mut [u64]) =
            if n <= FEW { (&mut few[..n], &mut few_keys[..n]) } else { (&mut many, &mut many_keys) };
        let square = |at: u64| (&self.frontier.entries[at as u32 as usize].free, fits.rotations((at >> 32) as Key));
        if near {
            keys.sort_unstable();
            for k in keys.iter() {
                let (free, rotations) = square(at[(*k & 0xffff) as usize]);
                found(free, rotations);
            }
        } else {
            // Squares far out, or very many: sorted by the whole frontier order.
            at.sort_unstable_by_key(|a| order_key(square(*a).0.pos));
            for a in at.iter() {
                let (free, rotations) = square(*a);
                found(free, rotations);
            }
        }
    }

    /// [`Board::each_fitting`] in the board's own order, as [`Board::nth_fitting`] counts
    /// them, unsorted, on a board that keeps its groups ([`Board::is_indexed`]; elsewhere
    /// ask [`Board::each_fitting_by_entry`]): constraint by constraint, each group's squares
    /// as it holds them. For a search that needs every fitting square in an order fixed by
    /// the game's moves, not the frontier order. Its cost is one step per square found.
    pub fn each_fitting_unordered(&self, fits: &FitTable, mut found: impl FnMut(&Free, u8)) {
        let frontier = &self.frontier;
        debug_assert!(frontier.indexed, "the groups are kept (else `each_fitting_by_entry`)");
        for (key, g) in frontier.matching_groups(fits) {
            let rotations = fits.rotations(key);
            for &id in frontier.groups.get(g) {
                found(&frontier.entries[id as usize].free, rotations);
            }
        }
    }

    /// [`Board::each_fitting_unordered`] on a board that keeps no groups (a frontier of fewer
    /// than [`INDEX_FROM`] squares, or a replay's): the board's own order there, as
    /// [`Board::nth_fitting`] counts them, is the order of the frontier's entries. One step
    /// per square on the frontier, which for so few costs less than keeping the groups.
    pub fn each_fitting_by_entry(&self, fits: &FitTable, mut found: impl FnMut(&Free, u8)) {
        debug_assert!(!self.frontier.indexed, "no groups are kept (else `each_fitting_unordered`)");
        // As `matching_entries` reads them, without going back to each entry by its index:
        // 64 entries at a time, the fitting ones gathered (`gather_fitting`), then handed over.
        for chunk in self.frontier.entries.chunks(64) {
            let mut fitting = gather_fitting(fits, chunk);
            while fitting != 0 {
                let free = &chunk[fitting.trailing_zeros() as usize].free;
                fitting &= fitting - 1;
                found(free, fits.rotations(free.key));
            }
        }
    }

    /// Each (square, rotation) pair where the tile of `fits` fits, as `make` makes it of the
    /// square and the rotation, in the board's own order (that of
    /// [`Board::each_fitting_unordered`] or [`Board::each_fitting_by_entry`], rotations in
    /// `Rotation::ALL` order): what `out` holds after. Written over what `out` held, which
    /// grows only where that is too short, and without a branch that depends on the fit:
    /// on a board that keeps no groups, each fitting square's four rotations are written in
    /// turn at the next free place, which moves on only past a rotation that fits (the
    /// others are written over, or cut off at the end); a group's squares all fit the same
    /// rotations.
    pub fn fitting_pairs_into<T: Copy>(&self, fits: &FitTable, out: &mut Vec<T>, make: impl Fn(Pos, Rotation) -> T) {
        let frontier = &self.frontier;
        let mut k = 0;
        let room = |out: &mut Vec<T>, room: usize| {
            if out.len() < room {
                out.resize(room, make(Pos::new(0, 0), Rotation::default()));
            }
        };
        if frontier.indexed {
            for (key, g) in frontier.matching_groups(fits) {
                let rotations = fits.rotations(key);
                let squares = frontier.groups.get(g);
                room(out, k + rotations.count_ones() as usize * squares.len());
                for &id in squares {
                    let pos = frontier.entries[id as usize].free.pos;
                    for (j, r) in Rotation::ALL.into_iter().enumerate() {
                        if rotations >> j & 1 != 0 {
                            out[k] = make(pos, r);
                            k += 1;
                        }
                    }
                }
            }
            out.truncate(k);
            return;
        }
        for chunk in frontier.entries.chunks(64) {
            let mut fitting = gather_fitting(fits, chunk);
            room(out, k + 4 * fitting.count_ones() as usize);
            while fitting != 0 {
                let free = &chunk[fitting.trailing_zeros() as usize].free;
                fitting &= fitting - 1;
                let rotations = fits.rotations(free.key);
                for (j, r) in Rotation::ALL.into_iter().enumerate() {
                    out[k] = make(free.pos, r);
                    k += usize::from(rotations >> j & 1);
                }
            }
        }
        out.truncate(k);
    }

    /// How many (square, rotation) pairs a tile fits, as [`Board::fitting`] would find
    /// them, without listing them: one look-up per constraint held that the tile matches (at
    /// most 255), whatever the number of squares (while the board keeps its groups; else one
    /// step per frontier square).
    pub fn count_fitting(&self, fits: &FitTable) -> usize {
        let frontier = &self.frontier;
        if !frontier.indexed {
            return frontier.matching_entries(fits).map(|(key, _)| fits.counts()[key as usize] as usize).sum();
        }
        frontier
            .matching_groups(fits)
            .map(|(key, g)| frontier.groups.get(g).len() * fits.counts()[key as usize] as usize)
            .sum()
    }

    /// The `k`-th of the pairs [`Board::count_fitting`] counts (`k` below it), in the
    /// board's own order (constraint by constraint, not frontier order): its square and the
    /// index of its rotation in `Rotation::ALL`.
    pub fn nth_fitting(&self, fits: &FitTable, mut k: usize) -> Option<(Pos, usize)> {
        let frontier = &self.frontier;
        let nth = |key: Key, squares: &[u32], k: usize| {
            let r = fits.counts()[key as usize] as usize;
            let mut rotations = fits.rotations(key);
            for _ in 0..k % r {
                rotations &= rotations - 1;
            }
            (frontier.entries[squares[k / r] as usize].free.pos, rotations.trailing_zeros() as usize)
        };
        if !frontier.indexed {
            for (key, id) in frontier.matching_entries(fits) {
                let here = fits.counts()[key as usize] as usize;
                if k < here {
                    return Some(nth(key, &[id], k));
                }
                k -= here;
            }
            return None;
        }
        for (key, g) in frontier.matching_groups(fits) {
            let squares = frontier.groups.get(g);
            let here = squares.len() * fits.counts()[key as usize] as usize;
            if k < here {
                return Some(nth(key, squares, k));
            }
            k -= here;
        }
        None
    }

    /// Keeps the frontier's squares grouped by constraint from now on, so that a search
    /// costs in proportion to the squares it finds, or never (`false`), so that laying a
    /// tile costs less and a search reads every frontier square: for a game that is
    /// replayed rather than searched. A new board keeps them once its frontier holds
    /// [`INDEX_FROM`] squares (checked as a tile is laid, outside attempts). Turned on, the
    /// groups are built afresh from the frontier, in the order of its entries.
    pub fn set_indexed(&mut self, on: bool) {
        self.frontier.index_from = if on { 0 } else { usize::MAX };
        self.frontier.set_indexed(on);
    }

    /// Whether the board keeps its frontier squares grouped by constraint
    /// ([`Board::set_indexed`]).
    pub fn is_indexed(&self) -> bool {
        self.frontier.indexed
    }
}

/// The entries of `chunk` (at most 64) where the tile of `fits` fits, bit `i` for its `i`-th:
/// gathered without a branch, as whether a tile fits a square is as good as random to the
/// processor.
#[inline(always)]
fn gather_fitting(fits: &FitTable, chunk: &[Entry]) -> u64 {
    debug_assert!(chunk.len() <= 64);
    chunk.iter().enumerate().fold(0, |m, (i, e)| m | u64::from(entry_fits(fits, e) != 0) << i)
}

/// The rotations of the tile of `fits` that match a frontier entry's constraint; none for a
/// vacant entry (constraint 0).
#[inline(always)]
fn entry_fits(fits: &FitTable, e: &Entry) -> u8 {
    fits.rotations(e.free.key) * u8::from(e.free.key != 0)
}

/// How many squares a new board's frontier holds before it keeps them grouped by
/// constraint ([`Board::set_indexed`]). Below that, reading every entry costs a search less
/// than keeping the groups costs each tile laid (linking and unlinking the squares around
/// it): a 72-tile base game's frontier holds at most about 80 squares (81 in 2,000 random
/// 2-player games), one of 1,000 tiles some 250. BENCHMARKS.md has the measurements.
pub const INDEX_FROM: usize = 96;

/// The order squares are searched and listed in: north first (y down), then west to east.
pub fn frontier_order(p: Pos) -> (i32, i32) {
    (-p.y, p.x)
}

/// [`frontier_order`] of a square within 2^23 of the start, packed in the high 48 bits of
/// one word that sorts the same way, with `n` (below 2^16) in the low 16; `None` beyond.
fn near_key(p: Pos, n: usize) -> Option<u64> {
    const HALF: i32 = 1 << 23;
    let (row, col) = (HALF.checked_sub(p.y)?, p.x.checked_add(HALF)?);
    let inside = (0..2 * HALF).contains(&row) && (0..2 * HALF).contains(&col) && n < 1 << 16;
    inside.then_some((row as u64) << 40 | (col as u64) << 16 | n as u64)
}

/// [`frontier_order`] packed in one word that sorts the same way.
fn order_key(p: Pos) -> u64 {
    let flip = |v: i32| u64::from((v as u32) ^ 0x8000_0000);
    (flip(p.y) ^ 0xffff_ffff) << 32 | flip(p.x)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_packed_order_is_the_frontier_order() {
        // Squares far beyond any board (scenarios keep within a million of the start).
        let extremes = [-i32::MAX, -i32::MAX + 1, -2, -1, 0, 1, 2, i32::MAX - 1, i32::MAX];
        let squares: Vec<Pos> = extremes.iter().flat_map(|&x| extremes.iter().map(move |&y| Pos::new(x, y))).collect();
        for a in &squares {
            for b in &squares {
                assert_eq!(order_key(*a).cmp(&order_key(*b)), frontier_order(*a).cmp(&frontier_order(*b)), "{a} {b}");
            }
        }
    }

    #[test]
    fn the_chunks_near_the_start_have_a_slot_each_and_no_other_does() {
        let mut seen = vec![false; NEAR_SIDE * NEAR_SIDE];
        let edges = [i32::MIN, i32::MIN + 1, -NEAR_CHUNKS - 1, NEAR_CHUNKS, NEAR_CHUNKS + 1, i32::MAX - 1, i32::MAX];
        for x in (-NEAR_CHUNKS..NEAR_CHUNKS).chain(edges) {
            for y in (-NEAR_CHUNKS..NEAR_CHUNKS).chain(edges) {
                let near = (-NEAR_CHUNKS..NEAR_CHUNKS).contains(&x) && (-NEAR_CHUNKS..NEAR_CHUNKS).contains(&y);
                match Grid::near_slot((x, y)) {
                    Some(slot) => {
                        assert!(near && !seen[slot], "({x}, {y}): slot {slot}");
                        seen[slot] = true;
                    }
                    None => assert!(!near, "({x}, {y})"),
                }
            }
        }
        assert!(seen.iter().all(|s| *s));
    }

    #[test]
    fn a_copy_of_a_board_is_written_apart() {
        use Terrain::*;
        let mut a = Board::default();
        a.put(Pos::new(0, 0), 0, false, [Field; 4], [NO_SEGMENT; 12]);
        for mut b in [a.clone(), a.trial()] {
            b.put(Pos::new(1, 0), 1, false, [Field; 4], [NO_SEGMENT; 12]);
            assert_eq!((b.get(Pos::new(1, 0)), a.get(Pos::new(1, 0))), (Some(1), None));
            assert_eq!((b.len(), a.len()), (2, 1));
            assert_eq!(a.constraint(Pos::new(1, 0)), Some(terrain_code(Field) << 6));
            assert_eq!(a.frontier().len(), 4);
        }
    }

    #[test]
    fn groups_keep_their_lists_apart_as_they_grow_and_shrink() {
        let mut g = Groups::default();
        let (a, b) = (g.add(), g.add());
        let mut want: [Vec<u32>; 2] = [Vec::new(), Vec::new()];
        for i in 0..100u32 {
            let (group, list) = if i % 3 == 0 { (a, &mut want[0]) } else { (b, &mut want[1]) };
            assert_eq!(g.push(group, i), list.len() as u32);
            list.push(i);
            if i % 7 == 6 {
                let at = (i as usize * 5) % list.len();
                list.swap_remove(at);
                assert_eq!(g.swap_remove(group, at as u32), list.get(at).copied());
            }
        }
        assert_eq!(g.get(a), &want[0][..]);
        assert_eq!(g.get(b), &want[1][..]);
    }

    #[test]
    fn a_board_without_groups_finds_the_same_squares() {
        use Terrain::*;
        // A ragged board grown square by square: squares taken and their entries used again,
        // constraints changing; compared after every tile.
        let mut kept = Board::default();
        kept.set_indexed(true);
        let mut bare = Board::default();
        bare.set_indexed(false);
        let terrains = [City, Road, Field];
        let mut vacancies = 0;
        for i in 0..60u32 {
            // Near the start first, so that holes fill (a square taken adds no new one).
            let mut frontier = kept.frontier();
            frontier.sort_by_key(|q| q.x.abs() + q.y.abs());
            let p = if i == 0 { Pos::new(0, 0) } else { frontier[i as usize % 3 % frontier.len()] };
            let edges = [0, 1, 2, 3].map(|k| terrains[(i as usize + k * (i as usize % 3 + 1)) % 3]);
            kept.put(p, i, false, edges, [NO_SEGMENT; 12]);
            bare.put(p, i, false, edges, [NO_SEGMENT; 12]);
            vacancies += usize::from(!bare.frontier.vacant.is_empty());
            let mut rebuilt = bare.clone();
            rebuilt.set_indexed(true);
            assert!(kept.is_indexed() && !bare.is_indexed() && rebuilt.is_indexed());
            // The frontier: every free square beside a tile.
            let mut want: Vec<Pos> = (-12..=12)
                .flat_map(|x| (-12..=12).map(move |y| Pos::new(x, y)))
                .filter(|q| kept.get(*q).is_none() && Edge::ALL.iter().any(|e| kept.get(q.step(*e)).is_some()))
                .collect();
            want.sort_by_key(|q| frontier_order(*q));
            assert_eq!(kept.frontier(), want);
            for edges in [[Field; 4], [Road, Road, Field, Field], [City, Road, Field, Road], [City; 4]] {
                let fits = FitTable::new([0, 1, 2, 3].map(|r| {
                    let mut e = edges;
                    e.rotate_right(r);
                    e
                }));
                let mut listed = Vec::new();
                kept.each_fitting(&fits, |f, rotations| {
                    listed.extend((0..4).filter(|r| rotations & (1 << r) != 0).map(|r| (f.pos, r)))
                });
                for board in [&kept, &bare, &rebuilt] {
                    assert_eq!(board.fitting(&fits), kept.fitting(&fits), "{edges:?}");
                    let n = board.count_fitting(&fits);
                    let mut drawn: Vec<(Pos, usize)> = (0..n).filter_map(|k| board.nth_fitting(&fits, k)).collect();
                    drawn.sort_by_key(|(p, r)| (frontier_order(*p), *r));
                    assert_eq!(drawn, listed, "{edges:?}");
                    assert_eq!(board.nth_fitting(&fits, n), None);
                }
                let mut unordered = Vec::new();
                rebuilt.each_fitting_unordered(&fits, |f, _| unordered.push(f.pos));
                unordered.sort_by_key(|p| frontier_order(*p));
                assert_eq!(unordered, kept.fitting(&fits).iter().map(|f| f.square.pos).collect::<Vec<_>>());
                for board in [&kept, &bare, &rebuilt] {
                    assert_eq!(own_order(board, &fits), drawn_order(board, &fits), "{edges:?}");
                }
            }
        }
        assert!(vacancies > 0, "some entry was left vacant on the way");
    }

    /// The (square, rotation) pairs where a tile fits in the board's own order, as a
    /// search lists them (by group, or by entry on a board that keeps no groups).
    fn own_order(board: &Board, fits: &FitTable) -> Vec<(Pos, usize)> {
        let mut out = Vec::new();
        let mut add =
            |f: &Free, rotations: u8| out.extend((0..4).filter(|r| rotations & (1 << r) != 0).map(|r| (f.pos, r)));
        match board.is_indexed() {
            true => board.each_fitting_unordered(fits, &mut add),
            false => board.each_fitting_by_entry(fits, &mut add),
        }
        out
    }

    /// The same pairs as a draw counts them ([`Board::nth_fitting`]).
    fn drawn_order(board: &Board, fits: &FitTable) -> Vec<(Pos, usize)> {
        (0..board.count_fitting(fits)).map(|k| board.nth_fitting(fits, k).expect("below the count")).collect()
    }

    #[test]
    fn a_new_board_keeps_its_groups_once_its_frontier_is_large() {
        use Terrain::*;
        // A row of tiles: two frontier squares more with each, and the one ahead taken.
        let (mut board, mut tried) = (Board::default(), Board::default());
        let fits = FitTable::new([[Field; 4]; 4]);
        for i in 0..80u32 {
            let before = board.frontier().len();
            board.put(Pos::new(i as i32, 0), i, false, [Field; 4], [NO_SEGMENT; 12]);
            // From INDEX_FROM squares on, as a tile is laid (counted before it).
            assert_eq!(board.is_indexed(), before >= INDEX_FROM, "tile {i}");
            assert_eq!(own_order(&board, &fits), drawn_order(&board, &fits), "tile {i}");
            let mut sorted = own_order(&board, &fits);
            sorted.sort_by_key(|(p, r)| (frontier_order(*p), *r));
            let listed: Vec<(Pos, usize)> =
                board.fitting(&fits).iter().flat_map(|f| (0..4).map(move |r| (f.square.pos, r))).collect();
            assert_eq!(sorted, listed, "tile {i}");
            // Not while an attempt is noted: the attempt puts back entries, not groups.
            let was = tried.is_indexed();
            tried.open_journal();
            tried.put(Pos::new(i as i32, 0), i, false, [Field; 4], [NO_SEGMENT; 12]);
            assert_eq!(tried.is_indexed(), was, "tile {i}");
            // Kept, it is grown as the board is.
            tried.close_journal(true);
            assert_eq!(tried.is_indexed(), tried.frontier().len() >= INDEX_FROM, "tile {i}");
            tried = board.clone();
        }
        assert!(board.is_indexed(), "a row of 80 tiles has a frontier of 162 squares");
    }

    #[test]
    fn the_near_packed_order_is_the_frontier_order() {
        let near = [-(1 << 23) + 1, -1000, -2, -1, 0, 1, 2, 1000, (1 << 23) - 1];
        let squares: Vec<Pos> = near.iter().flat_map(|&x| near.iter().map(move |&y| Pos::new(x, y))).collect();
        for (i, a) in squares.iter().enumerate() {
            for (j, b) in squares.iter().enumerate() {
                let (ka, kb) = (near_key(*a, i).unwrap(), near_key(*b, j).unwrap());
                assert_eq!(ka.cmp(&kb), frontier_order(*a).cmp(&frontier_order(*b)).then(i.cmp(&j)), "{a} {b}");
                assert_eq!(ka & 0xffff, i as u64);
            }
        }
        for far in [Pos::new(1 << 23, 0), Pos::new(0, -(1 << 23)), Pos::new(i32::MIN, 0), Pos::new(0, i32::MAX)] {
            assert_eq!(near_key(far, 0), None, "{far}");
        }
        assert_eq!(near_key(Pos::new(0, 0), 1 << 16), None);
    }

    #[test]
    fn a_block_holds_the_square_and_its_ring_across_chunks() {
        let mut g = Grid::default();
        let squares: Vec<Pos> = (-40..40).flat_map(|x| (-40..40).map(move |y| Pos::new(x, y))).collect();
        for (i, p) in squares.iter().enumerate().filter(|(i, _)| i % 3 != 0) {
            let at = g.locate_mut(*p);
            // Every other tile laid centred: `block_centred` holds those alone.
            g.insert(at, i as u32, i % 2 == 0);
        }
        for p in squares.iter().chain(&[Pos::new(1000, -1000)]) {
            let want: Vec<u32> = std::iter::once(*p).chain(p.ring()).map(|q| g.get(q).unwrap_or(NO_TILE)).collect();
            assert_eq!(g.block(*p).to_vec(), want, "{p}");
            let centred: Vec<u32> = want.iter().map(|&t| if t % 2 == 0 { t } else { NO_TILE }).collect();
            assert_eq!(g.block_centred(*p).to_vec(), centred, "{p}");
            let at = g.locate_mut(*p);
            for q in p.ring() {
                assert_eq!(g.locate_next(*p, at, q), g.locate_mut(q), "{p} to {q}");
            }
        }
    }

    #[test]
    fn fitting_squares_come_in_frontier_order_past_the_stack() {
        use Terrain::*;
        // A row of 150 field tiles: 302 frontier squares, each fitting a field tile.
        let mut b = Board::default();
        for x in 0..150 {
            b.put(Pos::new(x, 0), x as u32, false, [Field; 4], [NO_SEGMENT; 12]);
        }
        let fits = FitTable::new([[Field; 4]; 4]);
        let found: Vec<Pos> = b.fitting(&fits).iter().map(|f| f.square.pos).collect();
        let mut want = b.frontier();
        want.retain(|p| b.constraint(*p).is_some_and(|k| fits.rotations(k) != 0));
        assert_eq!(found.len(), 302);
        assert_eq!(found, want);
        assert_eq!(b.count_fitting(&fits), 4 * 302);
    }

    #[test]
    fn a_constraint_checks_only_the_edges_with_a_neighbour() {
        use Terrain::*;
        let sig = signature([City, Road, Field, Road]);
        // A city to the north only.
        assert!(fits_key(sig, terrain_code(City)));
        assert!(!fits_key(sig, terrain_code(Road)));
        // A road to the east and a field to the south.
        let c = (terrain_code(Road) << 2) | (terrain_code(Field) << 4);
        assert!(fits_key(sig, c));
        assert!(!fits_key(signature([City, Road, Road, Road]), c));
    }

    #[test]
    fn the_frontier_follows_the_tiles_laid() {
        use Terrain::*;
        let mut b = Board::default();
        b.put(Pos::new(0, 0), 0, false, [City, Road, Field, Road], [NO_SEGMENT; 12]);
        assert_eq!(b.frontier().len(), 4);
        assert_eq!(b.constraint(Pos::new(0, 1)), Some(terrain_code(City) << 4));
        b.put(Pos::new(1, 0), 1, false, [Field, Field, Field, Road], [NO_SEGMENT; 12]);
        assert_eq!(b.frontier().len(), 6);
        assert_eq!(b.constraint(Pos::new(1, 0)), None);
        // North of (1,0): a field to its south.
        assert_eq!(b.constraint(Pos::new(1, 1)), Some(terrain_code(Field) << 4));
        let fits = FitTable::new([[Road, Road, Field, Road]; 4]);
        let found = b.fitting(&fits);
        assert_eq!(b.count_fitting(&fits), 2 * 4);
        let mut drawn: Vec<Pos> = (0..8).filter_map(|k| b.nth_fitting(&fits, k)).map(|(p, _)| p).collect();
        drawn.sort_by_key(|p| frontier_order(*p));
        drawn.dedup();
        let squares: Vec<Pos> = found.iter().map(|f| f.square.pos).collect();
        assert_eq!(squares, vec![Pos::new(1, 1), Pos::new(-1, 0)]);
        assert_eq!(drawn, squares);
        assert_eq!(b.nth_fitting(&fits, 8), None);
        b.set_edge(Pos::new(1, 0), Edge::N, Road, 7);
        assert_eq!(b.free_at(Pos::new(1, 1)).map(|f| f.ports[6]), Some(7));
        assert_eq!(b.constraint(Pos::new(1, 1)), Some(terrain_code(Road) << 4));
        // The same tiles laid in another order make an equal board; what a frontier square
        // sees across its edges is compared too.
        let mut c = Board::default();
        c.put(Pos::new(1, 0), 1, false, [Field, Field, Field, Road], [NO_SEGMENT; 12]);
        c.put(Pos::new(0, 0), 0, false, [City, Road, Field, Road], [NO_SEGMENT; 12]);
        assert_ne!(b, c, "the bridge's segment faces (1,1) on one board only");
        c.set_edge(Pos::new(1, 0), Edge::N, Road, 7);
        assert_eq!(b, c);
    }
}
