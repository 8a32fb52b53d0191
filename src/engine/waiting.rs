//! Tile groups and the squares around them: a group's squares ([`GroupSquares`]; two for a
//! double-size tile), the tiles around it, whether it is surrounded, and the groups with a
//! cloister or a German castle waiting to be ([`Beside`]). A new piece that completes when
//! the squares around it fill belongs here.

use super::{board, scoring, Game};
use crate::geom::Pos;

/// The squares of a tile group ([`Game::group_squares`]): one, or two for a double-size
/// tile, read as a slice.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub struct GroupSquares {
    /// For one square, that square twice (so that both may be read without asking `n`).
    pub(super) squares: [Pos; 2],
    pub(super) n: usize,
}

impl GroupSquares {
    /// Whether a square of one group lies on or next to (corners included) a square of the
    /// other.
    pub(crate) fn beside(&self, o: &GroupSquares) -> bool {
        let near = |p: Pos, q: Pos| (p.x.abs_diff(q.x) <= 1) & (p.y.abs_diff(q.y) <= 1);
        let [a, b] = self.squares;
        let [c, d] = o.squares;
        near(a, c) | near(a, d) | near(b, c) | near(b, d)
    }

    /// The squares on or next to the group, corners included: the box around its squares
    /// grown by one, as the two squares of a double-size tile share an edge. For
    /// [`Reach::beside`], asked of many groups.
    pub(crate) fn reach(&self) -> Reach {
        let [a, b] = self.squares;
        debug_assert!(a.x.abs_diff(b.x) + a.y.abs_diff(b.y) <= 1, "the squares of a group share an edge");
        let (x, y) = ((a.x.min(b.x), a.x.max(b.x)), (a.y.min(b.y), a.y.max(b.y)));
        Reach { x: (i64::from(x.0) - 1, i64::from(x.1) + 1), y: (i64::from(y.0) - 1, i64::from(y.1) + 1) }
    }
}

/// The squares on or next to a tile group ([`GroupSquares::reach`]), as ranges of each
/// coordinate (one wider than a square can be, so that none overflows).
#[derive(Clone, Copy, Debug)]
pub(crate) struct Reach {
    x: (i64, i64),
    y: (i64, i64),
}

impl Reach {
    /// [`GroupSquares::beside`] of the group this is the reach of: whether a square of `o`
    /// lies in it. Worked out without a branch, for a test asked of many groups that mostly
    /// fails.
    #[inline]
    pub(crate) fn beside(&self, o: &GroupSquares) -> bool {
        let holds = |p: Pos| {
            let (x, y) = (i64::from(p.x), i64::from(p.y));
            (self.x.0 <= x) & (x <= self.x.1) & (self.y.0 <= y) & (y <= self.y.1)
        };
        let [c, d] = o.squares;
        holds(c) | holds(d)
    }
}

/// The squares on or next to the tile groups waiting to be surrounded ([`Game::waiting`]),
/// a bit each on the board folded onto [`Beside::SIDE`] × [`Beside::SIDE`] squares (squares
/// that far apart share a bit): a tile laid where the bits are clear completes none of them,
/// which most turns tell from a bit or two rather than by asking each group. Bits are only
/// ever set, as a group starts waiting, so that a move tried and put back has nothing to
/// undo here: a group surrounded since has every square around it taken, where no tile is
/// laid again, and one taken back off the list is one more marked than waits. (A board
/// much wider than the fold, of many thousands of tiles, ends up with most bits set, and a
/// placement then asks the list or reads the tiles around as before.)
#[derive(Clone, Copy, Debug)]
pub(crate) struct Beside([u64; Beside::WORDS]);

impl Default for Beside {
    fn default() -> Beside {
        Beside([0; Beside::WORDS])
    }
}

impl Beside {
    /// 64 squares a side, 512 bytes: narrower folds share bits between the squares of a
    /// board of a few thousand tiles, wider ones cost a replayed game more to clear and
    /// to move than they save (BENCHMARKS.md, 2026-12-04).
    pub(super) const SIDE: u32 = 64;
    const WORDS: usize = (Beside::SIDE * Beside::SIDE / 64) as usize;

    /// The word and the bit of square `p`.
    #[inline]
    fn bit(p: Pos) -> (usize, u64) {
        // Two's complement keeps the fold a plain mask for negative coordinates too.
        let i = (p.x as u32 % Beside::SIDE) + (p.y as u32 % Beside::SIDE) * Beside::SIDE;
        ((i / 64) as usize, 1 << (i % 64))
    }

    /// Sets the bits of the squares on or next to group `g`.
    pub(super) fn mark(&mut self, g: &GroupSquares) {
        for p in g.iter() {
            for q in std::iter::once(*p).chain(p.ring()) {
                let (w, b) = Beside::bit(q);
                self.0[w] |= b;
            }
        }
    }

    /// Whether a square of group `g` may lie on or next to a marked group: false only if it
    /// lies next to none.
    #[inline]
    pub(super) fn may_touch(&self, g: &GroupSquares) -> bool {
        let [(wa, ba), (wb, bb)] = g.squares.map(Beside::bit);
        (self.0[wa] & ba) | (self.0[wb] & bb) != 0
    }
}

impl std::ops::Deref for GroupSquares {
    type Target = [Pos];
    fn deref(&self) -> &[Pos] {
        &self.squares[..self.n]
    }
}

impl IntoIterator for GroupSquares {
    type Item = Pos;
    type IntoIter = std::iter::Take<std::array::IntoIter<Pos, 2>>;
    fn into_iter(self) -> Self::IntoIter {
        self.squares.into_iter().take(self.n)
    }
}

impl<'t> Game<'t> {
    /// Takes entry `i` off the list of groups waiting to be surrounded (the last moved into
    /// its place), noted while a move is tried.
    pub(super) fn remove_waiting(&mut self, i: usize) -> (u32, GroupSquares) {
        let entry = self.waiting.swap_remove(i);
        self.waiting_journal.note(|| WaitingNote::Removed(i, entry));
        entry
    }

    /// The squares of a tile group (one, or two for a double-size tile).
    pub fn group_squares(&self, group: u32) -> GroupSquares {
        let first = self.placed[group as usize].pos;
        let next = group as usize + 1;
        match self.placed.get(next).filter(|p| p.group == group) {
            Some(second) => GroupSquares { squares: [first, second.pos], n: 2 },
            None => GroupSquares { squares: [first; 2], n: 1 },
        }
    }

    /// Whether every square around the tile group holds a tile (a cloister or German castle
    /// is then complete).
    pub fn surrounded(&self, group: u32) -> bool {
        let own = self.group_squares(group);
        // The other square of a double-size tile lies in its twin's ring, and holds a tile.
        own.iter().all(|p| self.board.block(*p).iter().all(|t| *t != board::NO_TILE))
    }

    /// The tiles around a tile group, corners included, each counted once (a double-size
    /// tile is one tile).
    pub fn neighbour_tiles(&self, group: u32) -> u32 {
        let own = self.group_squares(group);
        let mut groups = scoring::Distinct::default();
        for q in own.iter().flat_map(|p| p.ring()).filter(|q| !own.contains(q)) {
            if let Some(i) = self.board.get(q) {
                groups.insert(self.placed[i as usize].group);
            }
        }
        groups.len() as u32
    }
}

/// What a move tried in place did to the groups waiting to be surrounded
/// ([`Game::remove_waiting`]), to undo.
#[derive(Debug)]
pub(super) enum WaitingNote {
    /// An entry added at the end.
    Pushed,
    /// Entry `i` taken out, the last moved into its place.
    Removed(usize, (u32, GroupSquares)),
}
