//! The legal moves for a tile in hand, asked once: [`Game::legal_moves`].
//!
//! No rule lives here. Candidates are enumerated (squares, rotations, the actions the
//! expansions offer through `Expansion::action_options`, follower placements) and each is
//! judged by [`Game::check`], which gives exactly [`Game::play`]'s verdict; a move is listed
//! if and only if it is accepted.

use super::legality::Around;
use super::{Figure, FollowerOn, Game, Move, Part};
use crate::expansion::Extra;
use crate::geom::{Pos, Rotation};
use crate::score::PlayerId;
use crate::tile::{FeatureKind, TileKind};

impl Game<'_> {
    /// Every legal move of `player` with `tile` in turn `turn`, each listed once, in a fixed
    /// order: by square (the first square of a double-size tile) in frontier order (north
    /// first, then west to east), then rotation (0°, 90°, 180°, 270°), then the expansion
    /// actions (none first, then each set the enabled expansions' `action_options` offer, in
    /// their order), then the figure (a normal follower, then each other figure the player
    /// has in supply: a large follower), then the follower: none (with a normal follower
    /// only), each printed segment of the tile, each of the second square of a double-size
    /// tile (`Move::follower_square`), and, with actions, each kind of feature they may have
    /// built (`FollowerOn::Added`).
    ///
    /// Empty when the tile fits nowhere: it is then discarded ([`Game::discard`]). A move
    /// not listed is refused by [`Game::play`], except one an expansion's `action_options`
    /// fails to offer and one spelling a listed move differently (`follower_square` naming
    /// the tile's own square).
    ///
    /// When a second part of the player's is due, the moves are that part's
    /// (`Part::Second`). A first part is listed as the whole turn's move: taking the second
    /// part it earns is the player's word (`Part::First`), judged when it is played.
    pub fn legal_moves(&self, player: PlayerId, tile: TileKind, turn: u16) -> Vec<Move> {
        let mut out = Vec::new();
        self.legal_moves_into(player, tile, turn, &mut out);
        out
    }

    /// [`Game::legal_moves`] into a list the caller keeps (cleared first), so that a game
    /// played move by move lists each turn's moves without allocating.
    pub fn legal_moves_into(&self, player: PlayerId, tile: TileKind, turn: u16, out: &mut Vec<Move>) {
        out.clear();
        let def = self.def(tile);
        // The figures the player has in supply: a normal one always (a move without a
        // follower is spelt with it), other figures only when the player holds one. A
        // follower of a figure none of which is left is refused by the check before play,
        // whatever the move: it is not tried (building the verdict is the costly part).
        let mut figures = [Figure::Normal; Figure::ALL.len()];
        let mut n_figures = 0;
        for f in Figure::ALL {
            if f == Figure::Normal || self.players[player.index()].in_supply(f) > 0 {
                figures[n_figures] = f;
                n_figures += 1;
            }
        }
        let figures = &figures[..n_figures];
        let normal_left = self.players[player.index()].in_supply(Figure::Normal) > 0;
        // The figures that may stand on a segment: those above, a normal one only while one is left.
        let deployable = if normal_left { figures } else { &figures[1..] };
        let part = self
            .open_turns()
            .iter()
            .find(|o| o.player == player && self.part_due(o).is_ok())
            .map_or(Part::Whole, |o| Part::Second(o.turn));
        let turn = match part {
            Part::Second(t) => t,
            _ => turn,
        };
        // The squares and rotations to try. Where no expansion in play changes an edge, a
        // placement whose tile does not fit is refused whatever its actions and follower,
        // so only the fitting ones, read off the frontier's constraints, are tried; else
        // every rotation on every candidate square (a bridge can make a tile fit).
        let indexed = self.edges_fixed() && self.placements_indexed(tile);
        let tries: Vec<(Pos, u8)> = if indexed {
            self.board.fitting(self.signatures(tile))
        } else {
            self.candidate_squares(tile).into_iter().map(|p| (p, 0b1111)).collect()
        };
        // A whole turn's part is judged once: it depends on no square (`check_part`).
        let whole_ok = part == Part::Whole
            && self.check_part(player, &Move::new(tile, Pos::new(0, 0), Rotation::default()), turn).is_ok();
        let mut offered: Vec<Vec<Extra>> = Vec::new();
        let mut pending = Vec::new();
        for (pos, rotations) in tries {
            // What lies around the square, read once for its rotations (the quick path's).
            let mut around = None;
            for (i, r) in Rotation::ALL.into_iter().enumerate() {
                if rotations & (1 << i) == 0 {
                    continue;
                }
                let bare = Move { part, ..Move::new(tile, pos, r) };
                offered.clear();
                for x in &self.expansions {
                    x.action_options(self, player, &bare, turn, &mut offered);
                }
                // Each set once; none is the bare move, tried below.
                let mut seen = 0;
                while seen < offered.len() {
                    if offered[seen].is_empty() || offered[..seen].contains(&offered[seen]) {
                        offered.remove(seen);
                    } else {
                        seen += 1;
                    }
                }
                // Without actions, a tile that does not fit is refused by the check's first
                // step, whatever the follower: the common case is skipped here cheaply. (Only
                // when no expansion changes an edge for the bare move, which is what
                // `check_before_play` judges the fit with.) The squares read off the
                // frontier fit already, and no expansion in play changes an edge there.
                pending.clear();
                if !indexed {
                    for x in &self.expansions {
                        x.pending_edges(self, player, &bare, &mut pending);
                    }
                }
                let bare_may_fit = indexed || !pending.is_empty() || self.fits(tile, pos, r);
                let twin = if def.twin.is_some() { self.twin_of(tile, pos, r) } else { None };
                // The bare move of a whole turn with nothing changing its edges: judged here
                // in one pass (the fit known, which segments would join an occupied feature
                // found once), each candidate asked only of the expansions' vetoes.
                let quick = bare_may_fit && pending.is_empty() && part == Part::Whole && twin.is_none();
                if quick && whole_ok {
                    let around = around.get_or_insert_with(|| self.around(pos));
                    self.bare_moves(player, &bare, around, deployable, turn, out);
                }
                let sets = (bare_may_fit && !quick).then(Vec::new).into_iter().chain(offered.drain(..));
                for extras in sets {
                    let with_actions = !extras.is_empty();
                    let mv = Move { extras, ..bare.clone() };
                    let options = follower_options(def.segments.len(), twin, self, with_actions);
                    for figure in figures {
                        for &(follower, square) in &options {
                            // No follower is one move, whatever figure it might have been.
                            if follower.is_none() && *figure != Figure::Normal {
                                continue;
                            }
                            if follower.is_some() && *figure == Figure::Normal && !normal_left {
                                continue;
                            }
                            let cand = Move { follower, follower_square: square, figure: *figure, ..mv.clone() };
                            if self.check(player, &cand, turn).is_ok() {
                                out.push(cand);
                            }
                        }
                    }
                }
            }
        }
    }

    /// The legal moves of a bare placement (no actions, a whole turn, one square) whose tile
    /// fits where nothing changes its edges, in `legal_moves`' order: no follower, then each
    /// figure on each segment of the tile. Exactly the candidates [`Game::check`] accepts,
    /// the turn's part being allowed (the caller checks it once): for each candidate what
    /// `check_before_play` would still ask (the expansions' vetoes, the feature joined, from
    /// what lies `around` the square), the figures being those in supply (`deployable`).
    fn bare_moves(
        &self,
        player: PlayerId,
        bare: &Move,
        around: &Around,
        deployable: &[Figure],
        turn: u16,
        out: &mut Vec<Move>,
    ) {
        let segments = self.def(bare.tile).segments.len();
        let blocked = self.occupied_with(bare.tile, bare.pos, bare.rotation, None, &[*around, Around::EMPTY]);
        let vetoed = |cand: &Move| self.expansions.iter().any(|x| x.check_placement(self, player, cand).is_err());
        let mut push = |cand: Move| {
            let ok = !vetoed(&cand);
            debug_assert_eq!(ok, self.check(player, &cand, turn).is_ok(), "the quick judgement of {cand:?}");
            if ok {
                out.push(cand);
            }
        };
        push(bare.clone());
        for figure in deployable {
            for local in (0..segments).filter(|l| blocked & (1 << l) == 0) {
                push(Move { follower: Some(FollowerOn::Segment(local)), figure: *figure, ..bare.clone() });
            }
        }
    }

    /// Whether every expansion in play leaves edges as the tiles print them: none has
    /// `Expansion::pending_edges` (Bridges, Castles and Bazaars and the new edition's
    /// expansion 8 do: a bridge makes a field edge a road edge). An expansion not named here
    /// is taken to change edges, which costs only time.
    fn edges_fixed(&self) -> bool {
        use crate::expansion::ExpansionId as X;
        self.expansions.iter().all(|x| matches!(x.id(), X::Base | X::Ic | X::Cig | X::Db | X::Tb))
    }

    /// The game as it would stand after `mv`, played on a copy with the turn's completions
    /// recorded (`Game::completions`), or the verdict refusing it: for the expansions'
    /// `action_options`, which offer actions on what a placement completes.
    pub fn after(&self, player: PlayerId, mv: &Move, turn: u16) -> Result<Game<'_>, crate::score::Verdict> {
        self.check_before_play(player, mv)?;
        let mut g = self.clone();
        g.record_completions = true;
        g.play_phases(player, mv, turn)?;
        Ok(g)
    }
}

/// The follower placements to try on a tile with `segments` printed segments: none, each
/// segment, each segment of the second square of a double-size tile, and, when the move
/// builds something, each kind of feature it may have added.
fn follower_options(
    segments: usize,
    twin: Option<(TileKind, Pos)>,
    game: &Game,
    with_actions: bool,
) -> Vec<(Option<FollowerOn>, Option<Pos>)> {
    let mut v = vec![(None, None)];
    v.extend((0..segments).map(|l| (Some(FollowerOn::Segment(l)), None)));
    if let Some((k, q)) = twin {
        v.extend((0..game.def(k).segments.len()).map(|l| (Some(FollowerOn::Segment(l)), Some(q))));
    }
    if with_actions {
        v.extend(FeatureKind::ALL.iter().map(|k| (Some(FollowerOn::Added(*k)), None)));
    }
    v
}
