//! Whether a move is legal: the core placement and follower rules, then each expansion's veto.

use super::board;
use super::features::SegId;
use super::segments::terrain_word;
use super::{FollowerOn, Game, Move};
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

/// What [`Game::around`] finds around a free square (or both squares of a double-size tile).
#[derive(Clone, Copy, Debug)]
pub(super) struct Around {
    /// Bit `f` for each feature `f` around that holds a follower, the features around
    /// numbered from 0 in the order met (a feature met at several ports has one number).
    occupied: u32,
    /// For each feature `f` around, bit `12 u + i` for each port it lies across (square `u`'s
    /// port `i`; see [`crate::tile::TileDef::ports`]).
    ports_of: [u32; 24],
    /// Features around: `ports_of` holds this many.
    n: usize,
    /// Bit `12 u + i` for each port across which lies a feature that holds a follower.
    occupied_ports: u32,
    /// Bit `12 u + i` for each port across which lies a feature met at another port too:
    /// the only ports through which the tile's segments can join one another.
    shared: u32,
    /// Bit `12 u + i` for each port across which lies a feature (read where one holds a
    /// follower): where it shows more than the tile's ports, a city across touches an edge
    /// it does not own ([`crate::tile::Segment::touches`]), or the tile's sides are walls.
    faced: u32,
}

/// The roots of the features around one or two free squares, as [`Around`] numbers them.
struct Roots {
    list: [u32; 24],
    n: usize,
}

impl Around {
    pub(super) const EMPTY: Around =
        Around { occupied: 0, ports_of: [0; 24], n: 0, occupied_ports: 0, shared: 0, faced: 0 };

    /// Whether a feature around holds a follower (else no segment of a tile laid here is
    /// blocked).
    pub(super) fn any_occupied(&self) -> bool {
        self.occupied != 0
    }

    /// The feature across port `port` (square `u`'s port `i` at `12 u + i`), if any.
    fn feature_at(&self, port: usize) -> Option<usize> {
        self.ports_of[..self.n].iter().position(|ports| ports & (1 << port) != 0)
    }
}

/// Two `Around`s say the same when all they hold does (`ports_of` past the features met is
/// not read).
impl PartialEq for Around {
    fn eq(&self, o: &Around) -> bool {
        (self.occupied, self.n, self.occupied_ports, self.shared, self.faced)
            == (o.occupied, o.n, o.occupied_ports, o.shared, o.faced)
            && self.ports_of[..self.n] == o.ports_of[..o.n]
    }
}

/// Why a tile does not fit on a square.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Misfit {
    Occupied(Pos),
    Alone,
    /// The square, its edge and the tile kind there (a double-size tile has two).
    Edge(Pos, Edge, TileKind),
    /// A tile whose sides are walls (an abbey) on a square with no tile beyond this edge:
    /// it fills only a hole.
    Open(Pos, Edge),
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
        if self.def(kind).walled() {
            // Its sides fit whatever they meet, but only a hole: tiles on all four sides.
            return Edge::ALL.into_iter().find(|e| self.tile_at(pos.step(*e)).is_none()).map(|e| Misfit::Open(pos, e));
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
        if def.twin.is_some() || def.walled() || self.board.is_empty() {
            return None;
        }
        let fits =
            self.board.constraint(pos).is_some_and(|key| def.fits().rotations(key) & (1 << r.quarter_turns()) != 0);
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
        let def = self.def(kind);
        def.twin.is_none() && !def.walled() && !self.board.is_empty()
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
        match self.misfit(kind, pos, r, pending) {
            None => Ok(()),
            Some(m) => Err(self.misfit_verdict(m, pos, r)),
        }
    }

    /// Why a tile does not fit, as a verdict: apart from [`Game::check_fit_with`], so that a
    /// move that fits, as most checked do, runs none of it.
    #[cold]
    #[inline(never)]
    fn misfit_verdict(&self, m: Misfit, pos: Pos, r: Rotation) -> Verdict {
        match m {
            Misfit::Occupied(p) => Verdict::new(
                rule::SQUARE_FREE,
                format!("square {p} already holds tile {}", self.tile_at(p).map_or("?", |t| &self.def(t.kind).id)),
            ),
            Misfit::Alone => Verdict::new(rule::ADJACENT, format!("square {pos} touches no placed tile")),
            // An expansion that plays such a tile names its own rule first (`check_placement`).
            Misfit::Open(p, e) => Verdict::new(
                rule::EDGES_MATCH,
                format!("a tile whose sides are walls fills only a hole, but no tile lies {} of {p}", e.word()),
            ),
            Misfit::Edge(p, e, k) => {
                let n = self.tile_at(p.step(e)).expect("a mismatched edge has a neighbour");
                Verdict::new(
                    rule::EDGES_MATCH,
                    format!(
                        "the {} edge of {} at {p} is {}, but the tile it touches at {} has {} there",
                        e.word(),
                        self.def(k).half_of.as_deref().unwrap_or(&self.def(k).id),
                        terrain_word(self.def(k).edge(r, e)),
                        p.step(e),
                        terrain_word(self.edge_terrain(n, e.opposite()))
                    ),
                )
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
        self.check_one_deployment(mv)?;
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
        if let Some(v) = mv.follower.and_then(|on| on.no_feature_verdict(mv.pos)) {
            return Err(v);
        }
        if let Some(FollowerOn::Segment(local)) = mv.follower {
            self.check_follower(mv, mv.follower_square.unwrap_or(mv.pos), local)?;
        }
        Ok(())
    }

    /// Every expansion's veto but `except`'s on a move, before it is played: what an
    /// expansion that deploys a second follower on the new tile (the phantom) asks of the
    /// others, for a move standing that follower alone (a volcano tile, a field without
    /// farmers refuse it as they refuse the turn's follower).
    pub fn check_vetoes_except(
        &self,
        player: PlayerId,
        mv: &Move,
        except: crate::expansion::ExpansionId,
    ) -> Result<(), Verdict> {
        for x in self.expansions.iter().filter(|x| x.id() != except) {
            x.check_placement(self, player, mv)?;
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

    /// What lies around a free square, whatever tile goes there: at each port of the square
    /// (see [`crate::tile::TileDef::ports`]: the road or city across each edge, then the
    /// fields across its two halves), the neighbour's feature there and whether a follower
    /// stands on it. Read once per square by a search for legal moves, for all four
    /// rotations.
    pub(super) fn around(&self, pos: Pos) -> Around {
        self.around_ports(&self.frontier_ports(pos))
    }

    /// The segments facing the ports of a square, as the frontier keeps them
    /// ([`board::Free::ports`]); none off the frontier (a free square there touches no tile).
    pub(super) fn frontier_ports(&self, pos: Pos) -> [u32; 12] {
        self.board.free_at(pos).map_or([board::NO_SEGMENT; 12], |f| *self.checked_ports(f))
    }

    /// A frontier square's [`board::Free::ports`], checked in debug builds against the tiles
    /// across its edges.
    pub(super) fn checked_ports<'a>(&self, free: &'a board::Free) -> &'a [u32; 12] {
        debug_assert_eq!(free.ports, self.ports_facing_slow(free.next), "the frontier's ports at {}", free.pos);
        debug_assert_eq!(free.faced, board::faced_mask(&free.ports), "the frontier's mask at {}", free.pos);
        &free.ports
    }

    /// [`Game::frontier_ports`] read off the tiles across the square's edges (`next`), as the
    /// frontier should keep it: for debug builds to check the frontier against.
    fn ports_facing_slow(&self, next: [u32; 4]) -> [u32; 12] {
        let mut out = [board::NO_SEGMENT; 12];
        for (port, seg) in out.iter_mut().enumerate() {
            let e = Edge::ALL[port / 3];
            let Some(n) = self.placed.get(next[e.index()] as usize) else { continue };
            let o = e.opposite();
            let facing = match (port % 3, n.added_edges & o.bit()) {
                (0, 1..) => self.edge_segment(n, o),
                _ => Some(n.ports[crate::tile::facing_port(port)])
                    .filter(|l| *l != crate::tile::NO_PORT)
                    .map(|l| self.segment(n, l as usize)),
            };
            *seg = facing.map_or(board::NO_SEGMENT, |s| s.0);
        }
        out
    }

    /// [`Game::around`] a frontier square, from the segments facing its ports.
    pub(super) fn around_ports(&self, ports: &[u32; 12]) -> Around {
        let mut a = Around::EMPTY;
        self.look_around(&mut a, &mut Roots { list: [0; 24], n: 0 }, 0, ports, u32::from(board::faced_mask(ports)));
        a
    }

    /// [`Game::around_ports`] written into `a`, whatever it held, where a feature around
    /// holds a follower; elsewhere only that none does (`Around::any_occupied`), which is
    /// all a search asks of it then. For a search that reads square after square into one
    /// `Around` rather than copying a new one out each time (a debug build compares it with
    /// a fresh reading).
    pub(super) fn around_ports_into(&self, square: &board::Free, a: &mut Around) {
        let ports = self.checked_ports(square);
        // What `look_around` only adds to; each feature's `ports_of` is cleared as it is met.
        (a.occupied, a.n, a.occupied_ports, a.shared, a.faced) = (0, 0, 0, 0, 0);
        let mut faced = u32::from(square.faced);
        let none_held = std::iter::from_fn(|| {
            let i = (faced != 0).then(|| faced.trailing_zeros() as usize)?;
            faced &= faced - 1;
            Some(ports[i])
        })
        .all(|seg| self.features.occupied(SegId(seg)) == 0);
        if !none_held {
            self.look_around(a, &mut Roots { list: [0; 24], n: 0 }, 0, ports, u32::from(square.faced));
        }
        debug_assert!(none_held || *a == self.around_ports(ports), "the around read into a used one");
        debug_assert_eq!(a.any_occupied(), self.around_ports(ports).any_occupied());
    }

    /// [`Game::around`] both squares of a double-size tile, a feature that touches both
    /// numbered once.
    fn around_both(&self, pos: Pos, twin: Option<(TileKind, Pos)>) -> Around {
        let mut a = Around::EMPTY;
        let mut roots = Roots { list: [0; 24], n: 0 };
        for (u, p) in std::iter::once(pos).chain(twin.map(|(_, q)| q)).enumerate() {
            let ports = self.frontier_ports(p);
            self.look_around(&mut a, &mut roots, u, &ports, u32::from(board::faced_mask(&ports)));
        }
        a
    }

    /// Fills square `u`'s ports of `a` from the segments facing them: only the ports a
    /// segment faces are visited, and a segment met again at the next port (the two halves
    /// of a field edge) is not looked up twice.
    fn look_around(&self, a: &mut Around, roots: &mut Roots, u: usize, ports: &[u32; 12], mut faced: u32) {
        debug_assert_eq!(faced, u32::from(board::faced_mask(ports)));
        a.faced |= faced << (12 * u);
        let (mut last, mut f) = (board::NO_SEGMENT, 0);
        while faced != 0 {
            let i = faced.trailing_zeros() as usize;
            faced &= faced - 1;
            let seg = ports[i];
            if seg != last {
                last = seg;
                let root = self.features.find(SegId(seg));
                f = match roots.list[..roots.n].iter().position(|x| *x == root.0) {
                    Some(f) => f,
                    None => {
                        roots.list[roots.n] = root.0;
                        a.ports_of[roots.n] = 0;
                        roots.n += 1;
                        if self.features.occupied_at_root(root) > 0 {
                            a.occupied |= 1 << (roots.n - 1);
                        }
                        roots.n - 1
                    }
                };
            }
            let port = 12 * u + i;
            a.ports_of[f] |= 1 << port;
            a.occupied_ports |= ((a.occupied >> f) & 1) << port;
        }
        a.n = roots.n;
        a.shared = 0;
        for &ports in &a.ports_of[..a.n] {
            if ports & (ports - 1) != 0 {
                a.shared |= ports;
            }
        }
    }

    /// Which segments of a tile about to be laid (both squares of a double-size tile) would
    /// join a feature that already holds a follower. The tile's segments are joined among
    /// themselves through the features they touch, as laying the tile will join them: a
    /// field that reaches a farmer's field only through a neighbour and back across the new
    /// tile is one field. Kept on the stack, as a search for legal moves asks it for every
    /// square and rotation it tries.
    pub(super) fn occupied_on_tile(&self, tile: TileKind, pos: Pos, r: Rotation) -> Occupancy {
        let twin = self.twin_of(tile, pos, r);
        let around = match (twin, self.board.free_at(pos)) {
            // One square, read as a search reads it.
            (None, Some(free)) => {
                let mut a = Around::EMPTY;
                self.around_ports_into(free, &mut a);
                a
            }
            _ => self.around_both(pos, twin),
        };
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

    /// [`Game::occupied_on_tile`]'s mask from what lies around the tile's squares.
    ///
    /// Each feature around the tile (and each joint across the middle of a double-size tile)
    /// is a bit; each segment of the tile gets the bits of those it touches. Laying the tile
    /// joins a segment with everything it touches, so a segment is blocked when it reaches an
    /// occupied feature, directly or through other segments of the tile: the occupied bits
    /// spread through the segments until nothing changes.
    pub(super) fn occupied_with(
        &self,
        tile: TileKind,
        pos: Pos,
        r: Rotation,
        twin: Option<(TileKind, Pos)>,
        around: &Around,
    ) -> u64 {
        if around.occupied == 0 {
            return 0;
        }
        if twin.is_none() {
            let blocked = self.occupied_on_square(self.tiles.get(tile), tile, r, around);
            debug_assert_eq!(blocked, self.occupied_by_touches(tile, pos, r, None, around), "at {pos}");
            return blocked;
        }
        self.occupied_by_touches(tile, pos, r, twin, around)
    }

    /// [`Game::occupied_with`] a tile of one square, a feature around holding a follower: in
    /// port masks ([`Game::occupied_by_ports`]), unless a city touches an edge it does not
    /// own, on the tile or across its edges (a port faced where the tile has none), where
    /// one port holds two segments: then by the features each segment touches.
    #[inline]
    pub(super) fn occupied_on_square(
        &self,
        def: &crate::tile::TileDef,
        tile: TileKind,
        r: Rotation,
        around: &Around,
    ) -> u64 {
        if (u32::from(def.touching_ports(r)) | around.faced & !u32::from(def.port_mask(r)) & 0xfff) != 0 {
            return self.occupied_by_touches_cold(tile, r, around);
        }
        Self::occupied_by_ports(def, r, around)
    }

    /// [`Game::occupied_by_touches`] of one square, out of the way of the searches' loop.
    #[cold]
    #[inline(never)]
    fn occupied_by_touches_cold(&self, tile: TileKind, r: Rotation, around: &Around) -> u64 {
        self.occupied_by_touches(tile, Pos::new(0, 0), r, None, around)
    }

    /// [`Game::occupied_with`] for a tile of one square (`def` turned by `r`), in port
    /// masks: a segment is blocked when one of its ports faces an occupied feature; the
    /// features the other ports of a blocked segment face then count as occupied too, until
    /// nothing changes. Each occupied port is visited once, its segment read off the tile's
    /// port table.
    pub(super) fn occupied_by_ports(def: &crate::tile::TileDef, r: Rotation, around: &Around) -> u64 {
        let (ports, segment_ports) = (def.ports(r), def.segment_ports(r));
        let (mut occupied, mut seen, mut blocked) = (around.occupied_ports & 0xfff, 0u32, 0u64);
        loop {
            let (mut fresh, mut reached) = (occupied & !seen, 0u32);
            seen = occupied;
            while fresh != 0 {
                let local = ports[fresh.trailing_zeros() as usize];
                fresh &= fresh - 1;
                if local != crate::tile::NO_PORT && blocked & (1 << local) == 0 {
                    blocked |= 1 << local;
                    reached |= u32::from(segment_ports[local as usize]);
                }
            }
            // A feature reached through a blocked segment joins the occupied one; it blocks
            // more only if another port faces it.
            let spread = reached & around.shared & !occupied;
            if spread == 0 {
                return blocked;
            }
            for &ports in &around.ports_of[..around.n] {
                if ports & spread != 0 {
                    occupied |= ports;
                }
            }
        }
    }

    /// [`Game::occupied_with`] by the features each segment touches: for double-size tiles
    /// (joined across their middle), and to check the port masks against in debug builds.
    fn occupied_by_touches(
        &self,
        tile: TileKind,
        pos: Pos,
        r: Rotation,
        twin: Option<(TileKind, Pos)>,
        around: &Around,
    ) -> u64 {
        let both = [tile, twin.map_or(tile, |(k, _)| k)];
        let units = &both[..1 + twin.is_some() as usize];
        let offsets = self.unit_offsets(tile, twin);
        let count = offsets[units.len() - 1] + self.tiles.get(units[units.len() - 1]).segments.len();
        // A bit per segment: a square holds at most `MAX_SEGMENTS` (32), checked when its
        // tile is read, so both squares of a double-size tile fit in one word. Features
        // around: at most 12 a square, then 3 joints across the middle.
        debug_assert!(count <= 2 * crate::tile::MAX_SEGMENTS);
        let mut touches = [0u32; 2 * crate::tile::MAX_SEGMENTS];
        let mut occupied = around.occupied;
        for (u, &k) in units.iter().enumerate() {
            let mine = self.tiles.get(k).ports(r);
            for (i, &local) in mine.iter().enumerate() {
                let Some(f) = around.feature_at(12 * u + i) else { continue };
                if local != crate::tile::NO_PORT {
                    touches[offsets[u] + local as usize] |= 1 << f;
                }
            }
            // On a city edge the halves hold no field, only a city touching the edge without
            // owning it ([`crate::tile::Segment::touches`]), of this tile or the one across:
            // every city of the tile there meets every feature across.
            for e in Edge::ALL.into_iter().filter(|e| self.tiles.get(k).edge(r, *e) == crate::tile::Terrain::City) {
                let base = 3 * e.index();
                if mine[base + 1] == crate::tile::NO_PORT && around.feature_at(12 * u + base + 1).is_none() {
                    continue;
                }
                let across = (base..base + 3).filter_map(|i| around.feature_at(12 * u + i)).fold(0, |m, f| m | 1 << f);
                for &local in mine[base..base + 3].iter().filter(|l| **l != crate::tile::NO_PORT) {
                    touches[offsets[u] + local as usize] |= across;
                }
            }
        }
        // The two squares of a double-size tile joined across their middle.
        if let Some((k, q)) = twin {
            let (first, second) = (self.tiles.get(tile).ports(r), self.tiles.get(k).ports(r));
            let e = Edge::ALL.into_iter().find(|e| pos.step(*e) == q).unwrap_or(Edge::N);
            let a = 3 * e.index();
            // Edge to edge, and each half to the half it faces.
            for i in a..a + 3 {
                let j = crate::tile::facing_port(i);
                if first[i] != crate::tile::NO_PORT && second[j] != crate::tile::NO_PORT {
                    let bit = 1 << (24 + i - a);
                    touches[first[i] as usize] |= bit;
                    touches[offsets[1] + second[j] as usize] |= bit;
                }
            }
        }
        let mut blocked = 0u64;
        loop {
            let before = blocked;
            for (s, &t) in touches[..count].iter().enumerate() {
                if t & occupied != 0 {
                    blocked |= 1 << s;
                    occupied |= t;
                }
            }
            if blocked == before {
                return blocked;
            }
        }
    }

    /// For an action an expansion makes the turn's deployment instead of a follower (a pig,
    /// the abbot taken back): that expansion's rule and the action in a few words
    /// ([`crate::expansion::Expansion::deploys_instead`]).
    pub fn deploys_instead(&self, action: &crate::expansion::Extra) -> Option<(crate::rules::RuleId, &'static str)> {
        self.expansions.iter().find_map(|x| x.deploys_instead(action))
    }

    /// A turn deploys one follower, or makes one deployment an expansion puts in its place (a
    /// pig, a tower piece, the fairy's move): two of them, even of two expansions, are
    /// refused under the rule of the second. Each expansion refuses its own pairs first, in
    /// its own words (`check_placement`).
    fn check_one_deployment(&self, mv: &Move) -> Result<(), Verdict> {
        let mut first = mv.follower.map(|_| "a follower");
        for a in &mv.extras {
            let Some((rule, what)) = self.expansions.iter().find_map(|x| x.deploys_instead(a)) else { continue };
            if let Some(before) = first {
                return Err(Verdict::new(
                    rule,
                    format!("{what} comes instead of a follower, and this turn already deploys {before}: a turn makes one of them"),
                ));
            }
            first = Some(what);
        }
        Ok(())
    }

    /// Every action of a move is one an expansion in play reads: nothing is silently ignored.
    pub(super) fn check_actions_in_play(&self, extras: &[crate::expansion::Extra]) -> Result<(), Verdict> {
        let Some(a) = extras.iter().find(|a| !self.expansions.iter().any(|x| x.takes(a))) else { return Ok(()) };
        let message = match a.get::<crate::expansion::NotInPlay>() {
            Some(n) => format!(
                "{} come with the expansion {x}, which is not in play (add `expansions: [{x}]` to play it)",
                n.what,
                x = n.expansion
            ),
            None => "no expansion in play builds or decides this".to_string(),
        };
        Err(Verdict::new(rule::EXPANSION_IN_PLAY, message))
    }

    /// The squares a tile may be placed on (its first square, for a double-size tile), in
    /// frontier order: the free squares next to the board and, for a double-size tile, also
    /// those whose second square, in some rotation, is next to the board (the tile then
    /// touches the board with its second square only).
    pub(super) fn candidate_squares(&self, kind: TileKind) -> Vec<Pos> {
        let mut frontier = self.board.frontier();
        if self.def(kind).walled() {
            // A tile whose sides are walls fills only a hole.
            frontier.retain(|p| Edge::ALL.into_iter().all(|e| self.tile_at(p.step(e)).is_some()));
            return frontier;
        }
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
            self.board.each_fitting(self.def(kind).fits(), |square, rotations| {
                for (i, r) in Rotation::ALL.into_iter().enumerate() {
                    if rotations & (1 << i) != 0 {
                        out.push((square.pos, r));
                    }
                }
            });
            return out;
        }
        // A tile whose sides are walls is the same turned any way: listed once, unturned.
        let turns = if self.def(kind).walled() { &Rotation::ALL[..1] } else { &Rotation::ALL[..] };
        for pos in self.candidate_squares(kind) {
            for &r in turns {
                if self.fits(kind, pos, r) {
                    out.push((pos, r));
                }
            }
        }
        out
    }

    /// A drawn tile that fits nowhere is discarded; one that fits may not be, unless an
    /// expansion's rules put it aside (`Expansion::puts_aside`). (Bridges and other buildings
    /// never make a placement compulsory.)
    pub fn discard(&self, kind: TileKind) -> Result<(), Verdict> {
        if self.expansions.iter().any(|x| x.puts_aside(self, kind)) {
            return Ok(());
        }
        match self.legal_placements(kind).first() {
            None => Ok(()),
            Some((p, r)) => Err(Verdict::new(
                rule::DISCARD_UNPLACEABLE,
                format!("tile {} fits at {p} turned {}°, so it must be placed", self.def(kind).id, r.degrees()),
            )),
        }
    }
}
