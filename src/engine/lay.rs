//! Laying tiles: a tile put on its square, its features joined to its neighbours' (both
//! squares of a double-size tile), and segments added to a laid tile later (a bridge,
//! [`AddedSegment`]). A new way to change what lies on the board belongs here.

use super::features::{SegId, ADDED};
use super::{board, waiting::WaitingNote, Game, Placed};
use crate::geom::{Edge, Pos, Rotation};
use crate::tile::{FeatureKind, TileKind};

/// A segment an expansion added to a placed tile (a bridge).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct AddedSegment {
    pub segment: SegId,
    pub placed: u32,
    pub kind: FeatureKind,
    /// Board edges it reaches.
    pub edges: u8,
    /// What it is, for reports (`bridge`).
    pub label: &'static str,
}

impl<'t> Game<'t> {
    /// Lays a tile and joins its features to its neighbours'. Scores nothing. `centred`: its
    /// tile group holds a cloister or a German castle, which the board keeps on its square
    /// ([`board::Board::block_centred`]).
    fn lay(&mut self, kind: TileKind, pos: Pos, r: Rotation, centred: bool) -> u32 {
        let def = self.tiles.get(kind);
        let idx = self.placed.len() as u32;
        let first_segment = self.features.len() as u32;
        for (i, s) in def.segments.iter().enumerate() {
            self.features.add(s.kind, idx, i as u8, s.open_edges());
        }
        let placed = Placed { kind, pos, rotation: r, first_segment, added_edges: 0, group: idx, ports: *def.ports(r) };
        self.placed.push(placed);
        // Each port's segment id, `NO_SEGMENT` where none lies (`NO_PORT`): without a branch, so
        // that the twelve are worked out side by side.
        let ports = placed.ports.map(|l| {
            debug_assert_eq!(board::NO_SEGMENT, u32::MAX);
            first_segment.wrapping_add(u32::from(l)) | u32::from(l == crate::tile::NO_PORT).wrapping_neg()
        });
        // The segments across the square's ports, as the frontier kept them until now: a
        // road or city joins across its edge, closing it, a field across its half.
        // (A debug build reads them first as searches do, checked against the tiles around.)
        let expected = cfg!(debug_assertions).then(|| self.frontier_ports(pos));
        let board::Facing { ports: facing, faced } =
            self.board.put(pos, idx, centred, Edge::ALL.map(|e| def.edge(r, e)), ports);
        debug_assert!(expected.is_none_or(|e| e == facing), "the segments facing {pos}");
        // The ports where both sides have a segment, as a mask read bit by bit: the edges'
        // (every third port) join roads and cities, the halves' fields.
        let both = def.port_mask(r) & faced;
        debug_assert_eq!(both, board::faced_mask(&ports) & board::faced_mask(&facing));
        const EDGE_PORTS: u16 = 0b001_001_001_001;
        let join = |both: u16| {
            let mut left = both;
            std::iter::from_fn(move || {
                let port = (left != 0).then(|| left.trailing_zeros() as usize)?;
                left &= left - 1;
                Some((SegId(ports[port]), SegId(facing[port])))
            })
        };
        for (a, b) in join(both & EDGE_PORTS) {
            self.features.join_edge(a, b);
        }
        // (Not the halves of a city edge, where cities touching it lie on both sides: their
        // open edges are counted by `join_touching`.)
        let touching_own = def.touching_ports(r);
        for (a, b) in join(both & !EDGE_PORTS & !touching_own) {
            self.features.join(a, b);
        }
        // A city's wall (the city of Carcassonne's) is in no port: joined here, to the walled
        // city across it, if any. Rare; one test for the rest.
        if def.wall_halves(r) != 0 {
            self.join_walls(kind, pos, r, first_segment);
        }
        if def.walled() {
            // Its sides are walls: each road or city across an edge ends there (the fields
            // across its halves join nothing, bounded by it), and so does a city that only
            // touches that edge (at its first half: it lies at both).
            for port in (0..12).filter(|p| p % 3 != 2 && facing[*p] != board::NO_SEGMENT) {
                if port % 3 == 0 || self.features.kind(SegId(facing[port])) == FeatureKind::City {
                    self.features.close_edge(SegId(facing[port]));
                }
            }
        } else {
            // A city that touches an edge it does not own lies at that edge's halves, where
            // nothing lies on a city edge: this tile's, or across its edges where no port
            // of its own is. Rare; one test for the rest.
            let touching = (touching_own | (faced & !def.port_mask(r))) & !EDGE_PORTS & 0xfff;
            if touching != 0 {
                self.join_touching(&ports, &facing, touching);
            }
        }
        idx
    }

    /// Joins each walled city of the tile just laid (`kind` at `pos` turned by `r`, its first
    /// segment `first`) to the walled city on the half across its wall, where one stands: a
    /// wall joins nothing else (the field across ends at it). Walled cities count no open
    /// edge, so the join closes none.
    #[cold]
    fn join_walls(&mut self, kind: TileKind, pos: Pos, r: Rotation, first: u32) {
        let def = self.tiles.get(kind);
        for h in (0..8u8).map(crate::geom::Half).filter(|h| def.wall_halves(r) & h.bit() != 0) {
            let Some(mine) = def.wall_on_half(r, h) else { continue };
            let Some(n) = self.tile_at(pos.step(h.edge())).copied() else { continue };
            let Some(theirs) = self.def(n.kind).wall_on_half(n.rotation, h.facing()) else { continue };
            let b = SegId(n.first_segment + theirs as u32);
            self.features.join_closing(SegId(first + mine as u32), b, 0);
        }
    }

    /// Joins the cities that touch an edge without owning it ([`crate::tile::Segment::touches`]),
    /// at the half ports of `touching`, to the city that crosses that edge: the tile's own
    /// (`ports`) to the one across (`facing`), and the ones across to the tile's city on
    /// that edge. Each closes its one open edge there, as the two cities that own the edge
    /// closed theirs when they joined.
    fn join_touching(&mut self, ports: &[u32; 12], facing: &[u32; 12], touching: u16) {
        for e in 0..4 {
            let base = 3 * e;
            if (touching >> base) & 0b110 == 0 {
                continue;
            }
            // The city across a touching city's edge (it lies at both halves: one is read).
            for (touch, owner) in [(ports[base + 1], facing[base]), (facing[base + 1], ports[base])] {
                if touch == board::NO_SEGMENT || owner == board::NO_SEGMENT {
                    continue;
                }
                let (touch, owner) = (SegId(touch), SegId(owner));
                if self.features.kind(touch) != FeatureKind::City || self.features.kind(owner) != FeatureKind::City {
                    continue;
                }
                self.features.join_closing(touch, owner, 1);
            }
        }
    }

    /// Adds a segment to the tile at `at` after it was laid (a bridge): it reaches `edges`
    /// and joins the road or city segments it meets there. For expansions' phase hooks.
    pub fn add_segment(&mut self, at: Pos, kind: FeatureKind, edges: u8, label: &'static str) -> Option<SegId> {
        let idx = self.board.get(at)?;
        let seg = self.features.add(kind, idx, ADDED, edges.count_ones());
        self.added.push(AddedSegment { segment: seg, placed: idx, kind, edges, label });
        self.placed_mut(idx).added_edges |= edges;
        // The frontier's constraints see the edges the segment changes (engine15).
        let placed = self.placed[idx as usize];
        for e in Edge::ALL.into_iter().filter(|e| edges & e.bit() != 0) {
            self.board.set_edge(at, e, self.edge_terrain(&placed, e), seg.0);
        }
        for e in Edge::ALL.into_iter().filter(|e| edges & e.bit() != 0) {
            let Some(n) = self.tile_at(at.step(e)).copied() else { continue };
            if let Some(b) = self.edge_segment(&n, e.opposite()).filter(|b| self.features.kind(*b) == kind) {
                self.features.join_edge(seg, b);
            }
        }
        Some(seg)
    }

    /// The second square of a double-size tile laid at `pos` turned by `r`: its kind and square.
    pub fn twin_of(&self, kind: TileKind, pos: Pos, r: Rotation) -> Option<(TileKind, Pos)> {
        let twin = self.def(kind).twin.as_ref()?;
        let k = self.tiles.find(&twin.id)?;
        Some((k, pos.step(r.edge(twin.side))))
    }

    /// Lays a tile, both squares of a double-size one (the second joins the first like any
    /// neighbour, and belongs to its group).
    pub(super) fn lay_whole(&mut self, kind: TileKind, pos: Pos, r: Rotation) {
        let twin = self.twin_of(kind, pos, r);
        let centres = self.def(kind).centres() | twin.map_or(0, |(k, _)| self.def(k).centres());
        let first = self.lay(kind, pos, r, centres != 0);
        if let Some((k, q)) = twin {
            let second = self.lay(k, q, r, centres != 0);
            self.placed_mut(second).group = first;
        }
        if centres != 0 {
            let squares = self.group_squares(first);
            self.beside_waiting.mark(&squares);
            self.waiting.push((first, squares));
            self.waiting_journal.note(|| WaitingNote::Pushed);
        }
    }

    /// Placement `i` to write, noted first while an attempt is.
    fn placed_mut(&mut self, i: u32) -> &mut Placed {
        let placed = &self.placed;
        self.placed_journal.note_at(i as usize, || (i, placed[i as usize]));
        &mut self.placed[i as usize]
    }
}

#[cfg(test)]
mod tests {
    use crate::data::Library;
    use crate::engine::{FollowerOn, Game, Move};
    use crate::expansion::{ExpansionId, Options};
    use crate::geom::{Pos, Rotation};
    use crate::score::PlayerId;
    use crate::tile::TileKind;

    /// Hills and Sheep's HS02 (a corner city north-west, a cap east that touches the north
    /// edge too) and the base game's cap `E`.
    fn tiles() -> (crate::tile::TileSet, TileKind, TileKind) {
        let set = Library::builtin().tile_set(&[ExpansionId::Hs]);
        let (hs02, cap) = (set.find("HS02").expect("HS02"), set.find("E").expect("a cap"));
        (set, hs02, cap)
    }

    fn turned(deg: i64) -> Rotation {
        Rotation::from_degrees(deg).expect("a quarter turn")
    }

    #[test]
    fn a_city_laid_across_a_touched_edge_joins_both_cities_of_the_tile() {
        let (set, hs02, cap) = tiles();
        let players = ["Red".to_string(), "Blue".to_string()];
        // Both orders: HS02 first and the cap north of it, or the cap first.
        for hs_first in [true, false] {
            let mut g = Game::new(&set, Options::default(), &[], &players);
            let (at_hs, at_cap) = (Pos::new(0, 0), Pos::new(0, 1));
            let lay = |g: &mut Game, hs: bool| match hs {
                true => g.setup_tile(hs02, at_hs, Rotation::default()),
                false => g.setup_tile(cap, at_cap, turned(180)),
            };
            lay(&mut g, hs_first).expect("the first tile");
            if hs_first {
                let (nw, e) = (g.segment_at(at_hs, 0).unwrap(), g.segment_at(at_hs, 1).unwrap());
                assert_ne!(g.feature_of(nw), g.feature_of(e), "two cities until a city lies north");
                assert_eq!((g.open_edges(nw), g.open_edges(e)), (2, 2), "each counts the north edge open");
            }
            lay(&mut g, !hs_first).expect("the second tile");
            let (nw, e) = (g.segment_at(at_hs, 0).unwrap(), g.segment_at(at_hs, 1).unwrap());
            let north = g.segment_at(at_cap, 0).unwrap();
            assert_eq!(g.feature_of(nw), g.feature_of(e), "hs first: {hs_first}");
            assert_eq!(g.feature_of(nw), g.feature_of(north));
            assert_eq!(g.members(e).len(), 3);
            // Open: the west edge (the corner city's) and the east edge (the cap's).
            assert_eq!(g.open_edges(e), 2, "hs first: {hs_first}");
        }
    }

    #[test]
    fn a_follower_may_not_join_a_city_through_a_touched_edge() {
        let (set, hs02, cap) = tiles();
        let players = ["Red".to_string(), "Blue".to_string()];
        let red = PlayerId(0);
        // A knight on HS02's east cap: the cap laid north joins it.
        let mut g = Game::new(&set, Options::default(), &[], &players);
        g.setup_tile(hs02, Pos::new(0, 0), Rotation::default()).expect("fits");
        g.setup_follower(PlayerId(1), Pos::new(0, 0), 1).expect("free");
        let mut mv = Move::new(cap, Pos::new(0, 1), turned(180));
        mv.follower = Some(FollowerOn::Segment(0));
        let refused = g.check(red, &mv, 1).expect_err("the cap joins the east cap's knight");
        assert_eq!(refused.rule, crate::expansion::base::rule::FOLLOWER_UNOCCUPIED);
        assert!(!g.legal_moves(red, cap, 1).contains(&mv));
        // A knight on the cap north: HS02 laid south of it joins it through either city.
        let mut g = Game::new(&set, Options::default(), &[], &players);
        g.setup_tile(cap, Pos::new(0, 1), turned(180)).expect("fits");
        g.setup_follower(PlayerId(1), Pos::new(0, 1), 0).expect("free");
        for local in [0, 1] {
            let mut mv = Move::new(hs02, Pos::new(0, 0), Rotation::default());
            mv.follower = Some(FollowerOn::Segment(local));
            assert!(g.check(red, &mv, 1).is_err(), "city {local} of HS02");
            assert!(!g.legal_moves(red, hs02, 1).contains(&mv));
        }
        // Its field is free.
        let mut mv = Move::new(hs02, Pos::new(0, 0), Rotation::default());
        mv.follower = Some(FollowerOn::Segment(2));
        assert!(g.check(red, &mv, 1).is_ok());
    }
}
