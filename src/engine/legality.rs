//! Whether a move is legal: the core placement and follower rules, then each expansion's veto.

use super::{terrain_word, FollowerOn, Game, Move};
use crate::geom::{Edge, Pos, Rotation};
use crate::rules::RuleId;
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
        self.misfit(kind, pos, r, &[]).is_none()
    }

    /// [`Game::fits`], with the verdict when it does not.
    pub fn check_fit(&self, kind: TileKind, pos: Pos, r: Rotation) -> Result<(), Verdict> {
        self.check_fit_with(kind, pos, r, &[])
    }

    fn check_fit_with(
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
                RuleId::SquareFree,
                format!("square {p} already holds tile {}", self.tile_at(p).map_or("?", |t| &self.def(t.kind).id)),
            )),
            Some(Misfit::Alone) => Err(Verdict::new(RuleId::Adjacent, format!("square {pos} touches no placed tile"))),
            Some(Misfit::Edge(p, e, k)) => {
                let n = self.tile_at(p.step(e)).expect("a mismatched edge has a neighbour");
                let _ = def;
                Err(Verdict::new(
                    RuleId::EdgesMatch,
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

    /// Every legal check on a move, core rules first, then each expansion's veto.
    pub fn check(&self, player: PlayerId, mv: &Move) -> Result<(), Verdict> {
        let mut pending = Vec::new();
        for x in &self.expansions {
            x.pending_edges(self, player, mv, &mut pending);
        }
        // An edge mismatch may be the fault of a building (a bridge end against a field): let
        // the expansions name their own rule first. A square taken or alone is the core's.
        let fit = self.check_fit_with(mv.tile, mv.pos, mv.rotation, &pending);
        if matches!(&fit, Err(v) if v.rule != RuleId::EdgesMatch) {
            return fit;
        }
        for x in &self.expansions {
            x.check_placement(self, player, mv)?;
        }
        fit?;
        let twin_square = self.twin_of(mv.tile, mv.pos, mv.rotation).map(|(_, q)| q);
        if let Some(sq) = mv.follower_square.filter(|sq| *sq != mv.pos && Some(*sq) != twin_square) {
            return Err(Verdict::new(
                RuleId::FollowerOnNewTile,
                format!("a follower may go only on the tile just placed at {}, not on the tile at {sq}", mv.pos),
            ));
        }
        if mv.follower.is_some() && self.players[player.index()].supply == 0 {
            return Err(Verdict::new(
                RuleId::FollowerSupply,
                format!("{} has no follower left in supply", self.player_name(player)),
            ));
        }
        if let (Some(FollowerOn::Segment(local)), None) = (mv.follower, mv.follower_square.filter(|sq| *sq != mv.pos)) {
            self.check_follower(mv, local)?;
        }
        Ok(())
    }

    pub(super) fn occupied_verdict(&self, what: &str, kind: FeatureKind, mv: &Move) -> Verdict {
        Verdict::new(
            RuleId::FollowerUnoccupied,
            format!(
                "the {what} of {} at {} joins a {kind} that already holds a follower",
                self.def(mv.tile).id,
                mv.pos
            ),
        )
    }

    /// The feature a follower would join, seen before the tile is laid: occupied if any
    /// neighbouring feature it connects to holds a follower.
    fn check_follower(&self, mv: &Move, local: usize) -> Result<(), Verdict> {
        let def = self.tiles.get(mv.tile);
        let seg = &def.segments[local];
        let r = mv.rotation;
        let mut occupied = false;
        for e in Edge::ALL {
            let Some(n) = self.tile_at(mv.pos.step(e)) else { continue };
            let theirs = match seg.kind {
                FeatureKind::City | FeatureKind::Road if def.segment_edges(r, local) & e.bit() != 0 => {
                    self.edge_segment(n, e.opposite()).into_iter().collect::<Vec<_>>()
                }
                FeatureKind::Field => e
                    .halves()
                    .into_iter()
                    .filter(|h| def.segment_on_half(r, *h) == Some(local))
                    .filter_map(|h| self.half_segment(n, h.facing()))
                    .collect(),
                _ => Vec::new(),
            };
            occupied |= theirs.into_iter().any(|s| self.features.occupied(s) > 0);
        }
        if occupied {
            return Err(self.occupied_verdict(&def.describe_segment(r, local), seg.kind, mv));
        }
        Ok(())
    }

    /// Every square and rotation where the tile fits.
    pub fn legal_placements(&self, kind: TileKind) -> Vec<(Pos, Rotation)> {
        let mut out = Vec::new();
        for pos in self.board.frontier() {
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
                RuleId::DiscardUnplaceable,
                format!("tile {} fits at {p} turned {}°, so it must be placed", self.def(kind).id, r.degrees()),
            )),
        }
    }
}
