//! Whether a move is legal: the core placement and follower rules, then each expansion's veto.

use super::board;
use super::features::SegId;
use super::{terrain_word, FollowerOn, Game, Move};
use crate::expansion::base::rule;
use crate::geom::{Edge, Pos, Rotation};
use crate::score::{PlayerId, Verdict};
use crate::tile::{FeatureKind, Terrain, TileKind};

/// What [`Game::occupied_on_tile`] finds.
#[derive(Clone, Copy, Debug)]
pub(super) struct Occupancy {
    /// Bit `offsets[u] + local` for each segment (of square `u`: 0 the tile's, 1 the second
    /// square of a double-size tile) whose feature already holds a follower.
    pub blocked: u64,
    pub offsets: [usize; 2],
    pub twin: Option<(TileKind, Pos)>,
}

/// No feature across an edge (or half-edge) of a free square.
const NO_LINK: (u32, bool) = (u32::MAX, false);

/// What [`Game::around`] finds around a free square.
#[derive(Clone, Copy, Debug)]
pub(super) struct Around {
    /// For each edge (N, E, S, W): the root of the feature across it of the road or city
    /// there, then of the field at each half-edge, and whether a follower stands on it
    /// ([`NO_LINK`] where there is none).
    links: [[(u32, bool); 3]; 4],
    /// Whether any of them holds a follower.
    occupied: bool,
}

impl Around {
    pub(super) const EMPTY: Around = Around { links: [[NO_LINK; 3]; 4], occupied: false };
}

/// Why a tile does not fit on a square.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Misfit {
    Occupied(Pos),
    Alone,
    /// The square, its edge and the tile kind there (a double-size tile has two).
    Edge(Pos, Edge, TileKind),
}

impl Game<'_> {
    /// Why a tile does not fit on a square, without building a message (the hot path of
    /// searches for legal squares).
    fn misfit(&self, kind: TileKind, pos: Pos, r: Rotation, pending: &[(Pos, Edge, Terrain)]) -> Option<Misfit> {
        if pending.is_empty() && self.fits_fast(kind, pos, r) == Some(true) {
            return None;
        }
        let twin = self.twin_of(kind, pos, r);
        let squares = [Some((kind, pos)), twin];
        let own = |p: Pos| p == pos || twin.is_some_and(|(_, q)| q == p);
        for (_, p) in squares.iter().flatten() {
            if self.board.get(*p).is_some() {
                return Some(Misfit::Occupied(*p));
            }
        }
        if self.board.is_empty() {
            return None;
        }
        let overridden = |p: Pos, e: Edge| pending.iter().find(|(q, f, _)| *q == p && *f == e).map(|(_, _, t)| *t);
        let mut neighbours = 0;
        for (k, p) in squares.into_iter().flatten() {
            let def = self.tiles.get(k);
            for e in Edge::ALL {
                let q = p.step(e);
                if own(q) {
                    continue;
                }
                let Some(n) = self.tile_at(q) else { continue };
                neighbours += 1;
                let mine = overridden(p, e).unwrap_or_else(|| def.edge(r, e));
                let theirs = overridden(q, e.opposite()).unwrap_or_else(|| self.edge_terrain(n, e.opposite()));
                if mine != theirs {
                    return Some(Misfit::Edge(p, e, k));
                }
            }
        }
        (neighbours == 0).then_some(Misfit::Alone)
    }

    /// Whether the tile fits on the square: free, next to a tile, every edge matching.
    pub fn fits(&self, kind: TileKind, pos: Pos, r: Rotation) -> bool {
        match self.fits_fast(kind, pos, r) {
            Some(fits) => fits,
            None => self.misfit(kind, pos, r, &[]).is_none(),
        }
    }

    /// [`Game::fits`] from the frontier's packed constraints (one probe, one mask test), for
    /// a tile of one square on a board that is not empty; `None` where it does not apply.
    fn fits_fast(&self, kind: TileKind, pos: Pos, r: Rotation) -> Option<bool> {
        let def = self.def(kind);
        if def.twin.is_some() || self.board.is_empty() {
            return None;
        }
        let fits = self.board.constraint(pos).is_some_and(|key| {
            let sig = board::signature(Edge::ALL.map(|e| def.edge(r, e)));
            board::fits_key(sig, key)
        });
        debug_assert_eq!(
            fits,
            self.misfit_slow(kind, pos, r).is_none(),
            "the frontier's constraint at {pos} disagrees with the board"
        );
        Some(fits)
    }

    /// The slow fit test alone, to check the frontier's constraints against in debug builds.
    fn misfit_slow(&self, kind: TileKind, pos: Pos, r: Rotation) -> Option<Misfit> {
        if self.board.get(pos).is_some() {
            return Some(Misfit::Occupied(pos));
        }
        let def = self.tiles.get(kind);
        let mut neighbours = 0;
        for e in Edge::ALL {
            let Some(n) = self.tile_at(pos.step(e)) else { continue };
            neighbours += 1;
            if def.edge(r, e) != self.edge_terrain(n, e.opposite()) {
                return Some(Misfit::Edge(pos, e, kind));
            }
        }
        (neighbours == 0).then_some(Misfit::Alone)
    }

    /// Whether [`Game::legal_placements`] may be read off the frontier's constraints: a
    /// tile of one square, on a board that is not empty.
    pub(super) fn placements_indexed(&self, kind: TileKind) -> bool {
        self.def(kind).twin.is_none() && !self.board.is_empty()
    }

    /// [`Game::fits`], with the verdict when it does not.
    pub fn check_fit(&self, kind: TileKind, pos: Pos, r: Rotation) -> Result<(), Verdict> {
        self.check_fit_with(kind, pos, r, &[])
    }

    pub(super) fn check_fit_with(
        &self,
        kind: TileKind,
        pos: Pos,
        r: Rotation,
        pending: &[(Pos, Edge, Terrain)],
    ) -> Result<(), Verdict> {
        let def = self.tiles.get(kind);
        match self.misfit(kind, pos, r, pending) {
            None => Ok(()),
            Some(Misfit::Occupied(p)) => Err(Verdict::new(
                rule::SQUARE_FREE,
                format!("square {p} already holds tile {}", self.tile_at(p).map_or("?", |t| &self.def(t.kind).id)),
            )),
            Some(Misfit::Alone) => Err(Verdict::new(rule::ADJACENT, format!("square {pos} touches no placed tile"))),
            Some(Misfit::Edge(p, e, k)) => {
                let n = self.tile_at(p.step(e)).expect("a mismatched edge has a neighbour");
                let _ = def;
                Err(Verdict::new(
                    rule::EDGES_MATCH,
                    format!(
                        "the {} edge of {} at {p} is {}, but the tile it touches at {} has {} there",
                        e.word(),
                        self.def(k).half_of.as_deref().unwrap_or(&self.def(k).id),
                        terrain_word(self.def(k).edge(r, e)),
                        p.step(e),
                        terrain_word(self.edge_terrain(n, e.opposite()))
                    ),
                ))
            }
        }
    }

    /// Every check that can be made before the move is played, core rules first, then each
    /// expansion's veto. For a move without buildings or decisions this is the whole verdict.
    pub(super) fn check_before_play(&self, player: PlayerId, mv: &Move) -> Result<(), Verdict> {
        self.check_actions_in_play(&mv.extras)?;
        let mut pending = Vec::new();
        for x in &self.expansions {
            x.pending_edges(self, player, mv, &mut pending);
        }
        // An edge mismatch may be the fault of a building (a bridge end against a field): let
        // the expansions name their own rule first. A square taken or alone is the core's.
        let fit = self.check_fit_with(mv.tile, mv.pos, mv.rotation, &pending);
        if matches!(&fit, Err(v) if v.rule != rule::EDGES_MATCH) {
            return fit;
        }
        for x in &self.expansions {
            x.check_placement(self, player, mv)?;
        }
        fit?;
        let twin_square = self.twin_of(mv.tile, mv.pos, mv.rotation).map(|(_, q)| q);
        if let Some(sq) = mv.follower_square.filter(|sq| *sq != mv.pos && Some(*sq) != twin_square) {
            return Err(Verdict::new(
                rule::FOLLOWER_ON_NEW_TILE,
                format!("a follower may go only on the tile just placed at {}, not on the tile at {sq}", mv.pos),
            ));
        }
        if mv.follower.is_some() && self.players[player.index()].in_supply(mv.figure) == 0 {
            return Err(self.empty_supply_verdict(player, mv.figure));
        }
        if let Some(FollowerOn::Segment(local)) = mv.follower {
            self.check_follower(mv, mv.follower_square.unwrap_or(mv.pos), local)?;
        }
        Ok(())
    }

    pub(super) fn occupied_verdict(&self, what: &str, kind: FeatureKind, mv: &Move) -> Verdict {
        Verdict::new(
            rule::FOLLOWER_UNOCCUPIED,
            format!(
                "the {what} of {} at {} joins a {kind} that already holds a follower",
                self.def(mv.tile).id,
                mv.pos
            ),
        )
    }

    /// The feature a follower would join, seen before the tile is laid: see
    /// [`Game::occupied_on_tile`].
    fn check_follower(&self, mv: &Move, square: Pos, local: usize) -> Result<(), Verdict> {
        let occ = self.occupied_on_tile(mv.tile, mv.pos, mv.rotation);
        let unit = usize::from(occ.twin.is_some_and(|(_, q)| q == square));
        let kind = if unit == 1 { occ.twin.map_or(mv.tile, |(k, _)| k) } else { mv.tile };
        let def = self.tiles.get(kind);
        if local >= def.segments.len() {
            return Err(Verdict::new(
                rule::FOLLOWER_ON_NEW_TILE,
                format!("the tile at {square} has no feature number {local} for the follower"),
            ));
        }
        if occ.blocked & (1 << (occ.offsets[unit] + local)) != 0 {
            return Err(self.occupied_verdict(&def.describe_segment(mv.rotation, local), def.segments[local].kind, mv));
        }
        Ok(())
    }

    /// What lies around a free square, whatever tile goes there: across each edge, the
    /// feature of the neighbour's road or city segment there and of its two field half-edges
    /// (in the order of [`Edge::halves`] of the square's edge), each as its root and whether
    /// a follower stands on it. Read once per square by a search for legal moves, for all
    /// four rotations.
    pub(super) fn around(&self, pos: Pos) -> Around {
        let mut a = Around { links: [[NO_LINK; 3]; 4], occupied: false };
        let next = self.board.next_to(pos).unwrap_or([board::NO_TILE; 4]);
        for e in Edge::ALL {
            let Some(n) = self.placed.get(next[e.index()] as usize) else { continue };
            let mut link = |seg: Option<SegId>| {
                seg.map_or(NO_LINK, |b| {
                    let root = self.features.find(b);
                    let occupied = self.features.occupied_at_root(root) > 0;
                    a.occupied |= occupied;
                    (root.0, occupied)
                })
            };
            let [h0, h1] = e.halves();
            a.links[e.index()] = [
                link(self.edge_segment(n, e.opposite())),
                link(self.half_segment(n, h0.facing())),
                link(self.half_segment(n, h1.facing())),
            ];
        }
        a
    }

    /// Which segments of a tile about to be laid (both squares of a double-size tile) would
    /// join a feature that already holds a follower. The tile's segments are joined among
    /// themselves through the features they touch, as laying the tile will join them: a
    /// field that reaches a farmer's field only through a neighbour and back across the new
    /// tile is one field. Kept on the stack, as a search for legal moves asks it for every
    /// square and rotation it tries.
    pub(super) fn occupied_on_tile(&self, tile: TileKind, pos: Pos, r: Rotation) -> Occupancy {
        let twin = self.twin_of(tile, pos, r);
        let around = [self.around(pos), twin.map_or(Around::EMPTY, |(_, q)| self.around(q))];
        Occupancy {
            blocked: self.occupied_with(tile, pos, r, twin, &around),
            offsets: self.unit_offsets(tile, twin),
            twin,
        }
    }

    /// Where each square's segments start in an [`Occupancy`] mask: the tile's at 0, the
    /// second square's after them.
    fn unit_offsets(&self, tile: TileKind, twin: Option<(TileKind, Pos)>) -> [usize; 2] {
        [0, if twin.is_some() { self.tiles.get(tile).segments.len() } else { 0 }]
    }

    /// [`Game::occupied_on_tile`]'s mask from what lies around the tile's squares (`around[1]`
    /// for the second square of a double-size tile).
    pub(super) fn occupied_with(
        &self,
        tile: TileKind,
        pos: Pos,
        r: Rotation,
        twin: Option<(TileKind, Pos)>,
        around: &[Around; 2],
    ) -> u64 {
        if !around[0].occupied && !around[1].occupied {
            return 0;
        }
        let both = [tile, twin.map_or(tile, |(k, _)| k)];
        let units = &both[..1 + twin.is_some() as usize];
        let offsets = self.unit_offsets(tile, twin);
        let count = offsets[units.len() - 1] + self.tiles.get(units[units.len() - 1]).segments.len();
        // A bit per segment: a square holds at most `MAX_SEGMENTS` (32), checked when its
        // tile is read, so both squares of a double-size tile fit in one word.
        debug_assert!(count <= 2 * crate::tile::MAX_SEGMENTS);
        let mut parent = [0u8; 64];
        for (i, p) in parent.iter_mut().enumerate().take(count) {
            *p = i as u8;
        }
        fn root(parent: &mut [u8; 64], mut x: usize) -> usize {
            while parent[x] as usize != x {
                parent[x] = parent[parent[x] as usize];
                x = parent[x] as usize;
            }
            x
        }
        fn union(parent: &mut [u8; 64], a: usize, b: usize) {
            let (ra, rb) = (root(parent, a), root(parent, b));
            parent[ra] = rb as u8;
        }
        // The two squares of a double-size tile joined across their middle.
        if let Some((k, q)) = twin {
            let (first, second) = (self.tiles.get(tile), self.tiles.get(k));
            let e = Edge::ALL.into_iter().find(|e| pos.step(*e) == q).unwrap_or(Edge::N);
            if let (Some(a), Some(b)) = (first.segment_on_edge(r, e), second.segment_on_edge(r, e.opposite())) {
                union(&mut parent, a, offsets[1] + b);
            }
            for h in e.halves() {
                if let (Some(a), Some(b)) = (first.segment_on_half(r, h), second.segment_on_half(r, h.facing())) {
                    union(&mut parent, a, offsets[1] + b);
                }
            }
        }
        // Each segment's links to the features around it: at most an edge and two
        // half-edges for each of a square's four edges.
        let mut links = [(0usize, 0u32, false); 24];
        let mut n_links = 0;
        for (u, &k) in units.iter().enumerate() {
            let def = self.tiles.get(k);
            for e in Edge::ALL {
                let [edge, h0, h1] = around[u].links[e.index()];
                let [half0, half1] = e.halves();
                let mine = [def.segment_on_edge(r, e), def.segment_on_half(r, half0), def.segment_on_half(r, half1)];
                for (seg, (root, occupied)) in mine.into_iter().zip([edge, h0, h1]) {
                    if let Some(a) = seg.filter(|_| root != NO_LINK.0) {
                        links[n_links] = (offsets[u] + a, root, occupied);
                        n_links += 1;
                    }
                }
            }
        }
        let links = &links[..n_links];
        // Segments that touch the same feature around the tile are one feature once it is laid.
        for (i, &(a, ra, _)) in links.iter().enumerate() {
            for &(b, rb, _) in &links[i + 1..] {
                if ra == rb && a != b {
                    union(&mut parent, a, b);
                }
            }
        }
        let mut occupied_roots = 0u64;
        for &(s, _, occupied) in links {
            if occupied {
                occupied_roots |= 1 << root(&mut parent, s);
            }
        }
        let mut blocked = 0u64;
        for s in 0..count {
            if occupied_roots & (1 << root(&mut parent, s)) != 0 {
                blocked |= 1 << s;
            }
        }
        blocked
    }
    /// Every action of a move is one an expansion in play reads: nothing is silently ignored.
    pub(super) fn check_actions_in_play(&self, extras: &[crate::expansion::Extra]) -> Result<(), Verdict> {
        match extras.iter().find(|a| !self.expansions.iter().any(|x| x.takes(a))) {
            Some(a) => Err(Verdict::new(
                rule::EXPANSION_IN_PLAY,
                format!("no expansion in play builds or decides this: {a:?}"),
            )),
            None => Ok(()),
        }
    }

    /// The squares a tile may be placed on (its first square, for a double-size tile), in
    /// frontier order: the free squares next to the board and, for a double-size tile, also
    /// those whose second square, in some rotation, is next to the board (the tile then
    /// touches the board with its second square only).
    pub(super) fn candidate_squares(&self, kind: TileKind) -> Vec<Pos> {
        let frontier = self.board.frontier();
        let Some(twin) = self.def(kind).twin.as_ref() else { return frontier };
        let mut v = frontier.clone();
        for q in &frontier {
            for r in Rotation::ALL {
                let p = q.step(r.edge(twin.side).opposite());
                if self.board.get(p).is_none() {
                    v.push(p);
                }
            }
        }
        v.sort_by_key(|p| super::board::frontier_order(*p));
        v.dedup();
        v
    }

    /// Every square and rotation where the tile fits, in frontier order, then rotation.
    pub fn legal_placements(&self, kind: TileKind) -> Vec<(Pos, Rotation)> {
        let mut out = Vec::new();
        if self.placements_indexed(kind) {
            for (pos, rotations) in self.board.fitting(self.def(kind).fits()) {
                for (i, r) in Rotation::ALL.into_iter().enumerate() {
                    if rotations & (1 << i) != 0 {
                        out.push((pos, r));
                    }
                }
            }
            return out;
        }
        for pos in self.candidate_squares(kind) {
            for r in Rotation::ALL {
                if self.fits(kind, pos, r) {
                    out.push((pos, r));
                }
            }
        }
        out
    }

    /// A drawn tile that fits nowhere is discarded; one that fits may not be. (Bridges and
    /// other buildings never make a placement compulsory.)
    pub fn discard(&self, kind: TileKind) -> Result<(), Verdict> {
        match self.legal_placements(kind).first() {
            None => Ok(()),
            Some((p, r)) => Err(Verdict::new(
                rule::DISCARD_UNPLACEABLE,
                format!("tile {} fits at {p} turned {}°, so it must be placed", self.def(kind).id, r.degrees()),
            )),
        }
    }
}
