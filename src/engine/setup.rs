//! The starting board (a scenario that begins mid-game): its tiles, the expansions' pieces
//! on them, its followers, and what the players hold when the game starts, each checked as
//! the rules check it, nothing scored. A new kind of thing a game may start with is set up here.

use super::{Figure, Game, Move};
use crate::expansion::Extra;
use crate::geom::{Edge, Pos, Rotation};
use crate::score::{PlayerId, Verdict};
use crate::tile::{Terrain, TileKind};

impl<'t> Game<'t> {
    /// Puts a tile on the starting board: it must fit, and nothing is scored.
    pub fn setup_tile(&mut self, kind: TileKind, pos: Pos, r: Rotation) -> Result<(), Verdict> {
        self.setup_tile_with(kind, pos, r, &[])
    }

    /// [`Game::setup_tile`], judging the edges as the starting board's pieces change them (a
    /// bridge makes its ends road edges): see [`Game::board_pending_edges`].
    pub fn setup_tile_with(
        &mut self,
        kind: TileKind,
        pos: Pos,
        r: Rotation,
        pending: &[(Pos, Edge, Terrain)],
    ) -> Result<(), Verdict> {
        self.check_fit_with(kind, pos, r, pending)?;
        for x in &self.expansions {
            x.check_setup(self, kind, pos, r)?;
        }
        self.lay_whole(kind, pos, r);
        self.touched_from = self.features.len() as u32;
        Ok(())
    }

    /// Lays the starting board of a game that starts from the box: the tiles an expansion
    /// lays instead of the start tile ([`crate::expansion::Expansion::starting_board`]: the
    /// first that has some), else the start tile at the origin. `Ok(false)` when there is
    /// neither; a tile missing from the game's tiles is refused as not laid.
    pub fn setup_start(&mut self) -> Result<bool, Verdict> {
        let block = self.expansions.iter().map(|x| x.starting_board()).find(|b| !b.is_empty());
        if let Some(block) = block {
            for t in block {
                let kind = self.tiles.find(t.id).ok_or_else(|| {
                    Verdict::new(
                        crate::expansion::base::rule::START_TILE,
                        format!("the starting board's tile {} is not among the game's tiles", t.id),
                    )
                })?;
                self.setup_tile(kind, t.at, t.rotation)?;
            }
            return Ok(true);
        }
        let Some(start) = self.tiles.start() else { return Ok(false) };
        self.setup_tile(start, Pos::new(0, 0), Rotation::default())?;
        Ok(true)
    }

    /// The edges the starting board's pieces change, for laying its tiles.
    pub fn board_pending_edges(&self, pieces: &[Extra]) -> Vec<(Pos, Edge, Terrain)> {
        let mut mv = Move::new(TileKind(0), Pos::new(0, 0), Rotation::default());
        mv.extras = pieces.to_vec();
        let mut out = Vec::new();
        for x in &self.expansions {
            x.pending_edges(self, PlayerId(0), &mv, &mut out);
        }
        out
    }

    /// Puts an expansion's piece on the starting board, on or by the tile at `at` (a bridge, a
    /// castle): the expansion that reads it checks it by the rules of building it.
    pub fn setup_piece(&mut self, at: Pos, piece: &Extra) -> Result<(), Verdict> {
        self.check_actions_in_play(std::slice::from_ref(piece))?;
        for x in self.expansions.clone() {
            if x.takes(piece) {
                x.setup_piece(self, at, piece)?;
            }
        }
        Ok(())
    }

    /// Gives the players what they hold of an expansion when the game starts, on no tile
    /// (goods tokens, pigs each): the expansion that reads it checks it.
    pub fn setup_held(&mut self, held: &Extra) -> Result<(), Verdict> {
        self.check_actions_in_play(std::slice::from_ref(held))?;
        for x in self.expansions.clone() {
            if x.takes(held) {
                x.setup_held(self, held)?;
            }
        }
        Ok(())
    }

    /// Stands a follower on the starting board (the feature may already be shared).
    pub fn setup_follower(&mut self, player: PlayerId, at: Pos, local: usize) -> Result<(), Verdict> {
        self.setup_figure(player, at, local, Figure::Normal)
    }

    /// Stands a figure of a kind on the starting board, out of its owner's supply.
    pub fn setup_figure(&mut self, player: PlayerId, at: Pos, local: usize, figure: Figure) -> Result<(), Verdict> {
        if self.players[player.index()].in_supply(figure) == 0 {
            return Err(self.empty_supply_verdict(player, figure));
        }
        let seg = self.segment_at(at, local).expect("the loader checks the square holds a tile");
        for x in &self.expansions {
            x.check_setup_follower(self, player, seg, figure)?;
        }
        self.deploy_figure(player, seg, figure);
        Ok(())
    }
}
