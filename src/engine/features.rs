//! Features as they grow: union-find over the segments of placed tiles.
//!
//! Each segment printed on a placed tile gets a global id. Placing a tile joins its segments
//! to the ones they touch, so a feature is a set of segments found by its root. Members are
//! kept as a circular list (joining two lists is O(1)), every segment points straight at its
//! root (a join relabels the smaller feature), and the root holds the counters that decide
//! completion and occupancy. Nothing is ever re-scanned from the whole board.

use super::journal::Journal;
use crate::tile::FeatureKind;

/// Global id of a segment on a placed tile.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct SegId(pub u32);

/// The `local` index of a segment an expansion added to a placed tile.
pub const ADDED: u8 = u8::MAX;

/// What every look-up of a segment reads: its root, and at a root the followers on the
/// feature; kept apart from the rest so that searches read a dense list.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Hot {
    parent: u32,
    /// At a root: followers standing on the feature.
    occupied: u16,
    kind: FeatureKind,
    /// The segment's index among its tile's printed segments ([`ADDED`] for a segment an
    /// expansion added later, such as a bridge).
    local: u8,
}

/// What joins and scoring read.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Cold {
    /// At a root: segments in the feature.
    size: u32,
    /// The next segment of the feature (a circular list).
    next: u32,
    /// The placement (index into the game's list) the segment lies on.
    placed: u32,
    /// At a root: edges of the feature not yet matched by a neighbouring tile.
    open: u32,
}

#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Features {
    hot: Vec<Hot>,
    cold: Vec<Cold>,
    /// What an attempt wrote over ([`Features::open_journal`]).
    journal: Journal<(u32, Hot, Cold)>,
}

impl Features {
    pub fn add(&mut self, kind: FeatureKind, placed: u32, local: u8, open_edges: u32) -> SegId {
        let id = self.hot.len() as u32;
        self.hot.push(Hot { parent: id, occupied: 0, kind, local });
        self.cold.push(Cold { size: 1, next: id, placed, open: open_edges });
        SegId(id)
    }

    pub fn len(&self) -> usize {
        self.hot.len()
    }

    /// A copy with room for the segments of a tile or two more ([`super::Game::trial`]).
    pub(super) fn trial(&self) -> Features {
        Features {
            hot: super::with_room(&self.hot, 32),
            cold: super::with_room(&self.cold, 32),
            journal: Journal::default(),
        }
    }

    /// Starts noting what is written, to put it back ([`Features::close_journal`]).
    pub(super) fn open_journal(&mut self) {
        self.journal.open(self.hot.len());
    }

    /// Puts back what was written since [`Features::open_journal`] and drops the segments
    /// added since; or, `keep`, keeps it all.
    pub(super) fn close_journal(&mut self, keep: bool) {
        if keep {
            return self.journal.discard();
        }
        let len = self.journal.start_len();
        for (i, hot, cold) in self.journal.close() {
            (self.hot[i as usize], self.cold[i as usize]) = (hot, cold);
        }
        self.hot.truncate(len);
        self.cold.truncate(len);
    }

    /// Notes what [`Features::union_roots`] of two roots writes: the root it keeps and
    /// every segment of the feature it joins to it (the smaller).
    #[cold]
    fn note_union(&mut self, ra: SegId, rb: SegId) {
        let (big, small) =
            if self.cold[ra.0 as usize].size >= self.cold[rb.0 as usize].size { (ra, rb) } else { (rb, ra) };
        self.note(big.0);
        let mut m = small.0;
        loop {
            self.note(m);
            m = self.cold[m as usize].next;
            if m == small.0 {
                break;
            }
        }
    }

    /// Notes segment `i` as it is, before a write, while an attempt is noted.
    #[inline(always)]
    fn note(&mut self, i: u32) {
        let (hot, cold) = (&self.hot, &self.cold);
        self.journal.note_at(i as usize, || (i, hot[i as usize], cold[i as usize]));
    }

    /// Makes room for `n` more segments.
    pub fn reserve(&mut self, n: usize) {
        self.hot.reserve(n);
        self.cold.reserve(n);
    }

    pub fn is_empty(&self) -> bool {
        self.hot.is_empty()
    }

    /// The root of a segment's feature: one look-up, as every segment points at its root
    /// (see [`Features::union_roots`]).
    pub fn find(&self, s: SegId) -> SegId {
        let root = self.hot[s.0 as usize].parent;
        debug_assert_eq!(self.hot[root as usize].parent, root, "segment {} points at its root", s.0);
        SegId(root)
    }

    /// Joins the features of `a` and `b` across one matched edge: two open edges close.
    #[inline]
    pub fn join_edge(&mut self, a: SegId, b: SegId) {
        self.join_closing(a, b, 2);
    }

    /// Joins the features of `a` and `b`, `closed` of their open edges closing: two across an
    /// edge both own, one where a city only touches the edge the other owns
    /// ([`crate::tile::Segment::touches`]: its own open edge there closes, the other's closed
    /// already).
    #[inline]
    pub fn join_closing(&mut self, a: SegId, b: SegId, closed: u32) {
        let (ra, rb) = (self.find(a), self.find(b));
        if ra == rb {
            self.note(ra.0);
            let open = &mut self.cold[ra.0 as usize].open;
            *open = open.saturating_sub(closed);
            return;
        }
        let open = (self.cold[ra.0 as usize].open + self.cold[rb.0 as usize].open).saturating_sub(closed);
        if self.journal.is_open() {
            self.note_union(ra, rb);
        }
        let r = self.union_roots(ra, rb);
        // Noted by the union.
        self.cold[r.0 as usize].open = open;
    }

    /// Closes one open edge of the feature of `a` without joining it to anything: a wall (an
    /// abbey's side) ends it there.
    pub fn close_edge(&mut self, a: SegId) {
        let r = self.find(a);
        self.note(r.0);
        let open = &mut self.cold[r.0 as usize].open;
        *open = open.saturating_sub(1);
    }

    /// Joins two features where no open edge closes (fields across the halves of an edge):
    /// the joined feature keeps the open edges of both.
    pub fn join(&mut self, a: SegId, b: SegId) {
        let (ra, rb) = (self.find(a), self.find(b));
        if ra != rb {
            self.join_closing(ra, rb, 0);
        }
    }

    /// Joins two features under the root of the larger: every segment of the smaller now
    /// points at it, so that finding a root is one look-up. A segment is moved only into a
    /// feature at least twice the size it was in, so at most log2(n) times in all.
    fn union_roots(&mut self, ra: SegId, rb: SegId) -> SegId {
        let (big, small) =
            if self.cold[ra.0 as usize].size >= self.cold[rb.0 as usize].size { (ra, rb) } else { (rb, ra) };
        let (b, s) = (big.0 as usize, small.0 as usize);
        let mut m = small.0;
        loop {
            self.hot[m as usize].parent = big.0;
            m = self.cold[m as usize].next;
            if m == small.0 {
                break;
            }
        }
        self.cold[b].size += self.cold[s].size;
        self.hot[b].occupied += self.hot[s].occupied;
        let (nb, ns) = (self.cold[b].next, self.cold[s].next);
        (self.cold[b].next, self.cold[s].next) = (ns, nb);
        big
    }

    pub fn kind(&self, s: SegId) -> FeatureKind {
        self.hot[s.0 as usize].kind
    }

    pub fn placed(&self, s: SegId) -> u32 {
        self.cold[s.0 as usize].placed
    }

    /// The index among the tile's printed segments, or `None` for an added segment.
    pub fn local(&self, s: SegId) -> Option<usize> {
        let l = self.hot[s.0 as usize].local;
        (l != ADDED).then_some(l as usize)
    }

    pub fn open(&self, s: SegId) -> u32 {
        self.cold[self.find(s).0 as usize].open
    }

    /// [`Features::open`] of a root (found already).
    pub fn open_at_root(&self, root: SegId) -> u32 {
        debug_assert_eq!(self.find(root), root);
        self.cold[root.0 as usize].open
    }

    pub fn occupied(&self, s: SegId) -> u16 {
        self.hot[self.find(s).0 as usize].occupied
    }

    /// [`Features::occupied`] of a root (found already).
    pub fn occupied_at_root(&self, root: SegId) -> u16 {
        debug_assert_eq!(self.find(root), root);
        self.hot[root.0 as usize].occupied
    }

    #[inline]
    pub fn add_follower(&mut self, s: SegId, delta: i16) {
        let r = self.find(s).0;
        self.note(r);
        let occupied = &mut self.hot[r as usize].occupied;
        *occupied = (*occupied as i16 + delta).max(0) as u16;
    }

    /// Every segment of the feature `s` belongs to.
    pub fn members(&self, s: SegId) -> Members<'_> {
        Members { cold: &self.cold, start: s.0, cur: Some(s.0) }
    }
}

pub struct Members<'a> {
    cold: &'a [Cold],
    start: u32,
    cur: Option<u32>,
}

impl Iterator for Members<'_> {
    type Item = SegId;
    fn next(&mut self) -> Option<SegId> {
        let c = self.cur?;
        let n = self.cold[c as usize].next;
        self.cur = (n != self.start).then_some(n);
        Some(SegId(c))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn joining_merges_members_and_counts_open_edges() {
        let mut f = Features::default();
        let a = f.add(FeatureKind::City, 0, 0, 1);
        let b = f.add(FeatureKind::City, 1, 0, 2);
        let c = f.add(FeatureKind::City, 2, 0, 1);
        f.join_edge(a, b);
        assert_eq!(f.open(a), 1);
        f.join_edge(b, c);
        assert_eq!(f.open(c), 0);
        let mut m: Vec<_> = f.members(c).collect();
        m.sort();
        assert_eq!(m, vec![a, b, c]);
    }

    #[test]
    fn a_plain_join_keeps_the_open_edges_of_both() {
        let mut f = Features::default();
        let a = f.add(FeatureKind::City, 0, 0, 1);
        let b = f.add(FeatureKind::City, 1, 0, 2);
        f.join(a, b);
        assert_eq!(f.open(a), 3);
        f.join(b, a);
        assert_eq!(f.open(b), 3, "joining a feature to itself changes nothing");
    }

    #[test]
    fn a_loop_closes_two_edges_of_one_feature() {
        let mut f = Features::default();
        let a = f.add(FeatureKind::Road, 0, 0, 2);
        let b = f.add(FeatureKind::Road, 1, 0, 2);
        f.join_edge(a, b);
        assert_eq!(f.open(a), 2);
        f.join_edge(a, b);
        assert_eq!(f.open(a), 0);
    }
}
