//! The board: which tile lies on which square, and the free squares next to them.

use crate::geom::{Edge, Pos};
use std::collections::{HashMap, HashSet};
use std::hash::{BuildHasherDefault, Hasher};

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

/// Squares to tiles (indices into the game's placement list), and the frontier.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Board {
    squares: HashMap<Pos, u32, Fast>,
    frontier: HashSet<Pos, Fast>,
}

impl Board {
    pub fn get(&self, p: Pos) -> Option<u32> {
        self.squares.get(&p).copied()
    }

    pub fn is_empty(&self) -> bool {
        self.squares.is_empty()
    }

    pub fn len(&self) -> usize {
        self.squares.len()
    }

    pub fn put(&mut self, p: Pos, placed: u32) {
        self.squares.insert(p, placed);
        self.frontier.remove(&p);
        for e in Edge::ALL {
            let q = p.step(e);
            if !self.squares.contains_key(&q) {
                self.frontier.insert(q);
            }
        }
    }

    /// Free squares that touch a tile along an edge, in a fixed order ([`frontier_order`]).
    pub fn frontier(&self) -> Vec<Pos> {
        let mut v: Vec<Pos> = self.frontier.iter().copied().collect();
        v.sort_by_key(|p| frontier_order(*p));
        v
    }
}

/// The order squares are searched and listed in: north first (y down), then west to east.
pub fn frontier_order(p: Pos) -> (i32, i32) {
    (-p.y, p.x)
}
