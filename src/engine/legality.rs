//! Whether a move is legal: the core placement and follower rules, then each expansion's veto.

use super::board::{self, Key};
use super::features::SegId;
use super::{terrain_word, FollowerOn, Game, Move};
use crate::expansion::base::rule;
use crate::geom::{Edge, Pos, Rotation};
use crate::score::{PlayerId, Verdict};
use crate::tile::{FeatureKind, Terrain, TileKind};

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

    /// The packed edge signature of a tile kind in each rotation (see [`board::signature`]).
    pub(super) fn signatures(&self, kind: TileKind) -> [Key; 4] {
        let def = self.def(kind);
        Rotation::ALL.map(|r| board::signature(Edge::ALL.map(|e| def.edge(r, e))))
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

    /// The feature a follower would join, seen before the tile is laid: the new tile's
    /// segments (both squares of a double-size tile) are joined among themselves through
    /// the features they touch, as laying the tile will join them. A field that reaches a
    /// farmer's field only through a neighbour and back across the new tile is one field.
    fn check_follower(&self, mv: &Move, square: Pos, local: usize) -> Result<(), Verdict> {
        let r = mv.rotation;
        // The tile's squares (two for a double-size tile), each with the index of its first
        // segment among the tile's; kept on the stack, as this runs for every follower
        // placement a search for legal moves tries.
        let twin = self.twin_of(mv.tile, mv.pos, mv.rotation);
        let both = [(mv.tile, mv.pos), twin.unwrap_or((mv.tile, mv.pos))];
        let units = &both[..1 + twin.is_some() as usize];
        let mut offsets = [0usize; 2];
        let mut count = 0;
        for (u, (k, _)) in units.iter().enumerate() {
            offsets[u] = count;
            count += self.tiles.get(*k).segments.len();
        }
        let mut stack = [0usize; 32];
        let mut heap = Vec::new();
        let parent: &mut [usize] = if count <= stack.len() {
            &mut stack[..count]
        } else {
            heap.resize(count, 0);
            &mut heap
        };
        for (i, p) in parent.iter_mut().enumerate() {
            *p = i;
        }
        fn root(parent: &mut [usize], mut x: usize) -> usize {
            while parent[x] != x {
                parent[x] = parent[parent[x]];
                x = parent[x];
            }
            x
        }
        fn union(parent: &mut [usize], a: usize, b: usize) {
            let (ra, rb) = (root(parent, a), root(parent, b));
            parent[ra] = rb;
        }
        // The new tile's segments joined directly (across a double tile's middle), and each
        // segment's links to the features around it (their roots): at most an edge and two
        // half-edges for each of a square's four edges.
        let mut links = [(0usize, 0u32); 24];
        let mut n_links = 0;
        for (u, &(k, p)) in units.iter().enumerate() {
            let def = self.tiles.get(k);
            for e in Edge::ALL {
                let q = p.step(e);
                if let Some(v) = units.iter().position(|(_, sq)| *sq == q) {
                    let other = self.tiles.get(units[v].0);
                    if let (Some(a), Some(b)) = (def.segment_on_edge(r, e), other.segment_on_edge(r, e.opposite())) {
                        union(parent, offsets[u] + a, offsets[v] + b);
                    }
                    for h in e.halves() {
                        if let (Some(a), Some(b)) = (def.segment_on_half(r, h), other.segment_on_half(r, h.facing())) {
                            union(parent, offsets[u] + a, offsets[v] + b);
                        }
                    }
                    continue;
                }
                let Some(n) = self.tile_at(q) else { continue };
                if let (Some(a), Some(b)) = (def.segment_on_edge(r, e), self.edge_segment(n, e.opposite())) {
                    links[n_links] = (offsets[u] + a, self.features.find(b).0);
                    n_links += 1;
                }
                for h in e.halves() {
                    if let (Some(a), Some(b)) = (def.segment_on_half(r, h), self.half_segment(n, h.facing())) {
                        links[n_links] = (offsets[u] + a, self.features.find(b).0);
                        n_links += 1;
                    }
                }
            }
        }
        let links = &links[..n_links];
        // Segments that touch the same feature around the tile are one feature once it is laid.
        for (i, &(a, ra)) in links.iter().enumerate() {
            for &(b, rb) in &links[i + 1..] {
                if ra == rb && a != b {
                    union(parent, a, b);
                }
            }
        }
        let unit = units.iter().position(|(_, sq)| *sq == square).unwrap_or(0);
        if local >= self.tiles.get(units[unit].0).segments.len() {
            return Err(Verdict::new(
                rule::FOLLOWER_ON_NEW_TILE,
                format!("the tile at {square} has no feature number {local} for the follower"),
            ));
        }
        let target = root(parent, offsets[unit] + local);
        let occupied = links.iter().any(|&(s, r)| root(parent, s) == target && self.features.occupied(SegId(r)) > 0);
        if occupied {
            let def = self.tiles.get(units[unit].0);
            return Err(self.occupied_verdict(&def.describe_segment(r, local), def.segments[local].kind, mv));
        }
        Ok(())
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
            for (pos, rotations) in self.board.fitting(self.signatures(kind)) {
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
