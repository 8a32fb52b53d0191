//! The legal moves for a tile in hand, asked once: [`Game::legal_moves`].
//!
//! No rule lives here. Candidates are enumerated (squares, rotations, the actions the
//! expansions offer through `Expansion::action_options`, follower placements) and each is
//! judged by [`Game::check`], which gives exactly [`Game::play`]'s verdict; a move is listed
//! if and only if it is accepted.

use super::legality::Around;
use super::{Figure, FollowerOn, Game, Move, Part, Trials};
use crate::expansion::{ActionBound, EdgeChanges, Extra};
use crate::geom::{Pos, Rotation};
use crate::rng::Rng;
use crate::score::PlayerId;
use crate::tile::{FeatureKind, TileKind};

impl<'t> Game<'t> {
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
        self.list_moves(&mut Trials::new(self), player, tile, turn, out);
    }

    /// [`Game::legal_moves_into`], the moves whose verdict depends on what the turn does tried
    /// on `copy`, a copy of this game kept in step with it ([`Game::shadow`]), so that the
    /// listing does not copy the game: its cost follows the moves, not the board.
    pub fn legal_moves_on(
        &self,
        copy: &mut Game<'t>,
        player: PlayerId,
        tile: TileKind,
        turn: u16,
        out: &mut Vec<Move>,
    ) {
        self.list_moves(&mut Trials::on(self, copy), player, tile, turn, out);
    }

    /// [`Game::legal_moves_into`], the moves whose verdict depends on what the turn does tried
    /// with `trials`.
    fn list_moves(&self, trials: &mut Trials, player: PlayerId, tile: TileKind, turn: u16, out: &mut Vec<Move>) {
        out.clear();
        if self.frontier_moves(player, tile, turn, out) {
            return;
        }
        let search = self.search(player, tile, turn);
        let tries = self.tries(&search);
        self.list_pairs(&search, trials, &tries, out);
    }

    /// The squares and rotations a listing tries, by square in frontier order, each with its
    /// rotations as a mask. A placement whose tile does not fit is refused whatever its
    /// actions and follower, unless an action changes an edge, so only the pairs where the
    /// tile may fit by the edges the actions may change are tried ([`Game::sample_tables`]:
    /// as the expansions' bounds say for this player now, else as their actions may ever);
    /// where those cannot say, every rotation on every candidate square.
    fn tries(&self, search: &Search<'t>) -> Vec<(Pos, u8)> {
        let bounded = self.placements_indexed(search.tile).then(|| self.action_bounds(search)).flatten();
        let edges = bounded.map_or_else(|| self.edge_changes(), |b| b.edges);
        // A tile whose sides are walls is the same turned any way: listed once, unturned.
        let turns = if search.def.walled() { 0b0001 } else { 0b1111 };
        match self.sample_tables(search, edges) {
            Some(tables) => tables.fitting(&self.board),
            None => self.candidate_squares(search.tile).into_iter().map(|p| (p, turns)).collect(),
        }
    }

    /// The legal moves of the pairs `tries` ([`Game::pair_moves`]), appended to `out`.
    fn list_pairs(&self, search: &Search<'t>, trials: &mut Trials, tries: &[(Pos, u8)], out: &mut Vec<Move>) {
        let mut scratch = Scratch::default();
        for &(pos, rotations) in tries {
            // What lies around the square, read once for its rotations (the quick path's).
            let mut around = None;
            for (i, r) in Rotation::ALL.into_iter().enumerate() {
                if rotations & (1 << i) != 0 {
                    self.pair_moves(search, trials, &mut scratch, &mut around, pos, r, out);
                }
            }
        }
    }

    /// What a search for the moves of one player's tile reads once, for every square and
    /// rotation ([`Game::pair_moves`]).
    fn search(&self, player: PlayerId, tile: TileKind, turn: u16) -> Search<'t> {
        let part = self.part_for(player);
        let turn = match part {
            Part::Second(t) => t,
            _ => turn,
        };
        Search {
            player,
            tile,
            turn,
            part,
            def: self.def(tile),
            supply: Supply::of(self, player),
            indexed: self.edge_changes() == EdgeChanges::None && self.placements_indexed(tile),
            whole_ok: self.whole_turn_allowed(player, part, tile, turn),
        }
    }

    /// The legal moves of one (square, rotation) pair, appended to `out` in
    /// [`Game::legal_moves`]' order; `around` holds what lies around the square once read
    /// (kept by the caller for the square's other rotations).
    #[allow(clippy::too_many_arguments)]
    fn pair_moves(
        &self,
        search: &Search<'t>,
        trials: &mut Trials,
        scratch: &mut Scratch,
        around: &mut Option<Around>,
        pos: Pos,
        r: Rotation,
        out: &mut Vec<Move>,
    ) {
        let Search { player, tile, turn, part, def, indexed, whole_ok, .. } = *search;
        let (figures, deployable, normal_left) =
            (search.supply.figures(), search.supply.deployable(), search.supply.normal_left);
        let Scratch { offered, pending } = scratch;
        let bare = Move { part, ..Move::new(tile, pos, r) };
        offered.clear();
        for x in &self.expansions {
            x.action_options(self, trials, player, &bare, turn, offered);
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
        // Without actions, a tile that does not fit is refused by the check's first step,
        // whatever the follower: the common case is skipped here cheaply. (Only when no
        // expansion changes an edge for the bare move, which is what `check_before_play`
        // judges the fit with.) The squares read off the frontier fit already, and no
        // expansion in play changes an edge there.
        pending.clear();
        if !indexed {
            for x in &self.expansions {
                x.pending_edges(self, player, &bare, pending);
            }
        }
        let bare_may_fit = indexed || !pending.is_empty() || self.fits(tile, pos, r);
        let twin = if def.twin.is_some() { self.twin_of(tile, pos, r) } else { None };
        // The bare move of a whole turn with nothing changing its edges: judged here in one
        // pass (the fit known, which segments would join an occupied feature found once),
        // each candidate asked only of the expansions' vetoes.
        let quick = bare_may_fit && pending.is_empty() && part == Part::Whole && twin.is_none() && !self.all_in_play;
        if quick && whole_ok {
            let around = around.get_or_insert_with(|| self.around(pos));
            let vetoes = self.vetoes(player, &bare, deployable);
            let segments = def.segments.len();
            let mut emit = |m: BareMove| out.push(m.to_move(tile));
            self.bare_moves(player, &bare, segments, around, deployable, &vetoes, turn, &mut emit);
        }
        let sets = (bare_may_fit && !quick).then(Vec::new).into_iter().chain(offered.drain(..));
        for extras in sets {
            let mv = Move { extras, ..bare.clone() };
            // A move with actions is tried once without a follower: that is its verdict
            // without one, and shows what its actions build for one to stand on (asked only
            // while a figure is left to stand).
            let played =
                (!mv.extras.is_empty()).then(|| trials.if_accepted(player, &mv, turn, |after| self.kinds_added(after)));
            // Where it is refused so, every kind is tried: a follower might be what it lacks.
            let added = match &played {
                Some(kinds) if !deployable.is_empty() => kinds.clone().unwrap_or_else(|| FeatureKind::ALL.to_vec()),
                _ => Vec::new(),
            };
            let options = follower_options(def.segments.len(), twin, self, &added);
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
                    let legal = match &played {
                        Some(kinds) if follower.is_none() => {
                            kinds.is_some() && self.check_part(player, &cand, turn).is_ok()
                        }
                        _ => trials.accepts(player, &cand, turn),
                    };
                    debug_assert_eq!(legal, self.check(player, &cand, turn).is_ok(), "{cand:?}");
                    if legal {
                        out.push(cand);
                    }
                }
            }
        }
    }

    /// The kinds of feature a move's actions built for a follower to stand on
    /// (`FollowerOn::Added`), from the move tried without a follower (`after`; a follower
    /// changes nothing they build).
    fn kinds_added(&self, after: &Game<'_>) -> Vec<FeatureKind> {
        let mut kinds: Vec<FeatureKind> = after.added[self.added.len()..].iter().map(|a| a.kind).collect();
        kinds.sort();
        kinds.dedup();
        kinds
    }

    /// [`Game::legal_moves_into`] where the moves can be read off the frontier (see
    /// [`Game::frontier_readable`]); false, and nothing listed, elsewhere.
    fn frontier_moves(&self, player: PlayerId, tile: TileKind, turn: u16, out: &mut Vec<Move>) -> bool {
        self.each_bare_move::<FRONTIER_ORDER>(player, tile, turn, &mut |m: BareMove| out.push(m.to_move(tile)))
    }

    /// Every legal move of `player` with `tile` in turn `turn` packed as a [`BareMove`], where
    /// every legal move is a bare placement: a whole turn of a one-square tile, on a board
    /// that is not empty, with no expansion in play that changes an edge or offers an
    /// action. True when so (`out` then holds them all, whatever it held before, none when
    /// the tile fits nowhere); false elsewhere, `out` empty: ask [`Game::legal_moves`]. For
    /// searches over many turns, which list moves by the thousand (a list kept from turn to
    /// turn is written over, not cleared first).
    ///
    /// The moves are [`Game::legal_moves`]' moves, each once, in the board's own order
    /// rather than the frontier order: the squares as the board keeps them (by constraint,
    /// [`Board::each_fitting_unordered`](super::board::Board::each_fitting_unordered), or in
    /// the order of its frontier's entries while it keeps no groups,
    /// [`Board::each_fitting_by_entry`](super::board::Board::each_fitting_by_entry)), then
    /// rotation, figure and follower as there. That order is fixed by the moves played
    /// (the same game lists them in the same order), and it costs no sort.
    pub fn bare_moves_into(&self, player: PlayerId, tile: TileKind, turn: u16, out: &mut Vec<BareMove>) -> bool {
        // Each fitting pair one move (most turns of a long game: no follower left): written
        // without a branch that depends on the fit.
        if self.only_bare(player, tile, turn) {
            let none = |pos, rotation| BareMove { pos, rotation, follower: None, figure: Figure::Normal };
            self.board.fitting_pairs_into(self.def(tile).fits(), out, none);
            debug_assert!(
                out.iter().all(|m| self.check(player, &m.to_move(tile), turn).is_ok()),
                "the quick judgement of the pairs of {tile:?}"
            );
            return true;
        }
        out.clear();
        // Each order its own copy of the search, so that each inlines its step.
        match self.board.is_indexed() {
            true => self.each_bare_move::<GROUP_ORDER>(player, tile, turn, &mut |m| out.push(m)),
            false => self.each_bare_move::<ENTRY_ORDER>(player, tile, turn, &mut |m| out.push(m)),
        }
    }

    /// The moves of [`Game::bare_moves_into`], each given to `emit`: for each square and
    /// rotation where the tile fits, in the board's own order (`GROUP_ORDER` on a board that
    /// keeps its groups, `ENTRY_ORDER` elsewhere) or in frontier order (`FRONTIER_ORDER`),
    /// its bare moves, what lies around the square read once for its rotations, and the
    /// expansions' vetoes once for the whole search where they do not depend on the square
    /// ([`Expansion::judges_bare_anywhere`]). (`bare_moves_into` lists a turn where every
    /// fitting pair is one move without it, [`Board::fitting_pairs_into`]; `legal_moves`
    /// comes here for those too.)
    ///
    /// [`Board::fitting_pairs_into`]: super::board::Board::fitting_pairs_into
    ///
    /// [`Expansion::judges_bare_anywhere`]: crate::expansion::Expansion::judges_bare_anywhere
    fn each_bare_move<const ORDER: u8>(
        &self,
        player: PlayerId,
        tile: TileKind,
        turn: u16,
        emit: &mut impl FnMut(BareMove),
    ) -> bool {
        if !self.frontier_readable(player, tile, turn) {
            return false;
        }
        let supply = Supply::of(self, player);
        let deployable = supply.deployable();
        // With no figure to stand, what lies around a square decides nothing.
        let figures_left = !deployable.is_empty();
        let mut bare = Move::new(tile, Pos::new(0, 0), Rotation::default());
        let anywhere = self.vetoes_anywhere(player, tile, deployable);
        let segments = self.def(tile).segments.len();
        let only_bare = Vetoes::only_bare(deployable, anywhere.as_ref());
        // Where the vetoes are the same on every square and each figure's is a mask (as in
        // the base game), each square's moves come straight from those masks.
        let masks = anywhere.as_ref().and_then(|v| v.masks(deployable.len()));
        // What lies around each square, read into one place square after square.
        let mut read = Around::EMPTY;
        let each_square = |square: &super::board::Free, rotations: u8| {
            if only_bare {
                let mut left = rotations;
                while left != 0 {
                    let rotation = Rotation::ALL[left.trailing_zeros() as usize];
                    left &= left - 1;
                    let m = BareMove { pos: square.pos, rotation, follower: None, figure: Figure::Normal };
                    debug_assert!(self.check(player, &m.to_move(tile), turn).is_ok(), "the quick judgement of {m:?}");
                    emit(m);
                }
                return;
            }
            let around = match figures_left {
                true => {
                    self.around_ports_into(square, &mut read);
                    &read
                }
                false => &Around::EMPTY,
            };
            if let Some(masks) = &masks {
                self.square_moves(player, tile, square.pos, rotations, around, deployable, masks, turn, emit);
                return;
            }
            bare.pos = square.pos;
            for (i, r) in Rotation::ALL.into_iter().enumerate() {
                if rotations & (1 << i) != 0 {
                    bare.rotation = r;
                    let here;
                    let vetoes = match &anywhere {
                        Some(v) => v,
                        None => {
                            here = self.vetoes(player, &bare, deployable);
                            &here
                        }
                    };
                    self.bare_moves(player, &bare, segments, around, deployable, vetoes, turn, emit);
                }
            }
        };
        let fits = self.def(tile).fits();
        match ORDER {
            GROUP_ORDER => self.board.each_fitting_unordered(fits, each_square),
            ENTRY_ORDER => self.board.each_fitting_by_entry(fits, each_square),
            _ => self.board.each_fitting(fits, each_square),
        }
        true
    }

    /// Whether every legal move of `tile` is a bare placement without a follower where the
    /// tile fits: read off the frontier, with no figure to stand and nothing vetoed
    /// ([`Vetoes::only_bare`]). The supply asked first: most turns with a figure left cost
    /// no more.
    fn only_bare(&self, player: PlayerId, tile: TileKind, turn: u16) -> bool {
        let supply = Supply::of(self, player);
        supply.deployable().is_empty()
            && self.frontier_readable(player, tile, turn)
            && Vetoes::only_bare(&[], self.vetoes_anywhere(player, tile, &[]).as_ref())
    }

    /// The expansions' [`Game::vetoes`] of a bare placement of `tile`, where they are the
    /// same on every square ([`Expansion::judges_bare_anywhere`]).
    ///
    /// [`Expansion::judges_bare_anywhere`]: crate::expansion::Expansion::judges_bare_anywhere
    fn vetoes_anywhere(&self, player: PlayerId, tile: TileKind, deployable: &[Figure]) -> Option<Vetoes> {
        let bare = Move::new(tile, Pos::new(0, 0), Rotation::default());
        (self.expansions.iter().all(|x| x.judges_bare_anywhere())).then(|| self.vetoes(player, &bare, deployable))
    }

    /// Whether the legal moves of `tile` can be read off the frontier: a whole turn may be
    /// played, the tile has one square, the board is not empty, and no expansion in play
    /// changes an edge or offers an action. Each move is then a bare placement where the
    /// tile fits, with or without a follower.
    fn frontier_readable(&self, player: PlayerId, tile: TileKind, turn: u16) -> bool {
        debug_assert_eq!(
            self.bare_only,
            self.edge_changes() == EdgeChanges::None && self.expansions.iter().all(|x| !x.offers_actions())
        );
        // With no turn of two parts open, a whole turn may be played.
        let whole =
            || self.open_turns().is_empty() || self.whole_turn_allowed(player, self.part_for(player), tile, turn);
        debug_assert_eq!(whole(), self.whole_turn_allowed(player, self.part_for(player), tile, turn));
        self.bare_only && self.placements_indexed(tile) && whole()
    }

    /// Which part of a turn the player's next placement plays: the second part of one of
    /// their turns when it is due, else a whole turn (or a first part, in the player's word).
    fn part_for(&self, player: PlayerId) -> Part {
        self.open_turns()
            .iter()
            .find(|o| o.player == player && self.part_due(o).is_ok())
            .map_or(Part::Whole, |o| Part::Second(o.turn))
    }

    /// Whether a whole turn may be played now (`check_part`, which depends on no square):
    /// asked once for all the placements of a search.
    fn whole_turn_allowed(&self, player: PlayerId, part: Part, tile: TileKind, turn: u16) -> bool {
        part == Part::Whole
            && self.check_part(player, &Move::new(tile, Pos::new(0, 0), Rotation::default()), turn).is_ok()
    }

    /// A legal move picked uniformly at random among those [`Game::legal_moves`] lists (each
    /// with the same chance), or `None` when the tile fits nowhere.
    ///
    /// Where the legal moves can be read off the frontier (a whole turn, a tile of one
    /// square, no expansion in play changing an edge or offering an action), the move is
    /// found without listing them, at a cost that does not grow with the board: a
    /// (square, rotation) pair where the tile fits is drawn uniformly from the frontier's
    /// constraints, and a follower slot (none, or a figure on a segment) uniformly from the
    /// slots every pair has; the candidate is kept if it is legal, else drawn again
    /// (rejection sampling: every legal move is drawn with the same chance). Where moves
    /// may hold actions and the expansions bound how many sets one placement offers, a
    /// placement is drawn the same way and its moves listed (`Game::sample_pairs`). After
    /// [`SAMPLE_TRIES`] refusals, and wherever neither can say, the moves are listed and one
    /// picked, which keeps the chances equal.
    pub fn random_move(&self, player: PlayerId, tile: TileKind, turn: u16, rng: &mut Rng) -> Option<Move> {
        self.random_move_with(|| Trials::new(self), player, tile, turn, rng)
    }

    /// [`Game::random_move`], the moves whose verdict depends on what the turn does tried on
    /// `copy`, a copy of this game kept in step with it ([`Game::shadow`]: every move played
    /// on the game played on it too), so that no draw copies the game.
    pub fn random_move_on(
        &self,
        copy: &mut Game<'t>,
        player: PlayerId,
        tile: TileKind,
        turn: u16,
        rng: &mut Rng,
    ) -> Option<Move> {
        self.random_move_with(|| Trials::on(self, copy), player, tile, turn, rng)
    }

    /// [`Game::random_move`] with the trials `trials` makes, asked only where moves are
    /// listed or tried: drawn from the frontier where every move is a bare placement, else
    /// over the placements where the expansions bound their moves ([`Game::sample_pairs`]),
    /// else listed and one picked.
    fn random_move_with<'g>(
        &'g self,
        trials: impl FnOnce() -> Trials<'g, 't>,
        player: PlayerId,
        tile: TileKind,
        turn: u16,
        rng: &mut Rng,
    ) -> Option<Move> {
        let readable = self.frontier_readable(player, tile, turn);
        if readable {
            if let Some(drawn) = self.sample_move(player, tile, turn, rng) {
                return drawn;
            }
        }
        let mut trials = trials();
        // The pairs' draw where the frontier's cannot say (where it can, their bounds are
        // the same).
        if !readable {
            if let Some(drawn) = self.sample_pairs(&mut trials, player, tile, turn, rng) {
                return drawn;
            }
        }
        let mut moves = Vec::new();
        self.list_moves(&mut trials, player, tile, turn, &mut moves);
        (!moves.is_empty()).then(|| moves.swap_remove(rng.below(moves.len())))
    }

    /// [`Game::random_move`]'s draw where moves may hold actions, at a cost that does not
    /// grow with the board: a (square, rotation) pair of those that may have moves
    /// ([`Game::sample_tables`]) drawn uniformly with a slot below the bound on one pair's
    /// moves ([`Game::moves_bound`]); the pair's moves are listed, and the slot's move kept
    /// if there is one, else another drawn (rejection sampling: every legal move has the
    /// same chance). `None` where the frontier or an expansion cannot say, and after
    /// [`SAMPLE_TRIES`] refusals.
    fn sample_pairs(
        &self,
        trials: &mut Trials<'_, 't>,
        player: PlayerId,
        tile: TileKind,
        turn: u16,
        rng: &mut Rng,
    ) -> Option<Option<Move>> {
        // The frontier holds the placements of a one-square tile only.
        if !self.placements_indexed(tile) {
            return None;
        }
        let search = self.search(player, tile, turn);
        let (bound, edges) = self.moves_bound(&search)?;
        let tables = self.sample_tables(&search, edges)?;
        let counts = tables.tables.map(|t| t.map_or(0, |t| self.board.count_fitting(t)));
        let pairs: usize = counts.iter().sum();
        if pairs == 0 {
            return Some(None);
        }
        let (mut scratch, mut moves) = (Scratch::default(), Vec::new());
        for _ in 0..SAMPLE_TRIES {
            let k = rng.below(pairs.saturating_mul(bound));
            let (mut j, slot) = (k / bound, k % bound);
            let mut i = 0;
            while j >= counts[i] {
                (j, i) = (j - counts[i], i + 1);
            }
            let (pos, r) = self.board.nth_fitting(tables.tables[i]?, j)?;
            // A pair is drawn in the first table that holds it only.
            if !tables.first_to_hold(&self.board, i, pos, r) {
                continue;
            }
            moves.clear();
            self.pair_moves(&search, trials, &mut scratch, &mut None, pos, Rotation::ALL[r], &mut moves);
            if moves.len() > bound {
                // A bound that does not hold would favour this pair's moves: listed instead.
                debug_assert!(false, "{} moves at {pos} {r:?}, more than the bound {bound}", moves.len());
                return None;
            }
            if slot < moves.len() {
                return Some(Some(moves.swap_remove(slot)));
            }
        }
        None
    }

    /// The fit tables whose (square, rotation) pairs [`Game::sample_pairs`] draws from, as
    /// the edges the actions may change say: the tile's own where they change none, as only
    /// the pairs where it fits as printed then have moves; those and the tile's crossed ones
    /// where a bridge may cross it; the tile's bridged one (a field edge may meet a road edge
    /// either way round) where bridges may stand beside it too. `None` where any edge may
    /// change, and for a tile whose placements the frontier does not hold (a double-size
    /// one, the first tile).
    fn sample_tables(&self, search: &Search<'t>, edges: EdgeChanges) -> Option<PairTables<'t>> {
        if !self.placements_indexed(search.tile) {
            return None;
        }
        let def = search.def;
        let tables = match edges {
            EdgeChanges::None => [Some(def.fits()), None, None],
            EdgeChanges::Crossing => {
                let [ns, ew] = def.fits_crossed();
                [Some(def.fits()), Some(ns), Some(ew)]
            }
            EdgeChanges::Bridges => [Some(def.fits_bridged()), None, None],
            EdgeChanges::Any => return None,
        };
        Some(PairTables { tables })
    }

    /// At most how many legal moves one (square, rotation) pair of a search has: the bare
    /// placement's (none, or each figure on each segment of the tile), and as many with each
    /// set of actions the expansions may offer, with the kinds of feature they may build for
    /// a follower to stand on (`Expansion::action_bound`). `None` where an expansion cannot
    /// say. Each expansion's sets are taken to combine with the others' (the bound is their
    /// product). With it, which edges a set may change.
    fn moves_bound(&self, search: &Search<'t>) -> Option<(usize, EdgeChanges)> {
        let ActionBound { sets, kinds, edges } = self.action_bounds(search)?;
        // A follower stands only with a figure left (a move without one is spelt with a
        // normal follower, left or not).
        let figures = search.supply.deployable().len();
        let segments = search.def.segments.len();
        debug_assert!(search.def.twin.is_none(), "a pair of the frontier's is of a one-square tile");
        let bare = 1 + figures * segments;
        let with_actions = 1 + figures * (segments + kinds);
        Some((bare.checked_add(sets.checked_mul(with_actions)?)?, edges))
    }

    /// What the expansions in play say of the sets of actions one placement of a search may
    /// have (`Expansion::action_bound`), together: each expansion's sets taken to combine
    /// with the others' (their number the product of each's, with none, less the empty set),
    /// the kinds each builds added up, the widest edge changes. `None` where one cannot say.
    fn action_bounds(&self, search: &Search<'t>) -> Option<ActionBound> {
        let (mut sets, mut kinds, mut edges) = (1usize, 0usize, EdgeChanges::None);
        for x in &self.expansions {
            let b = x.action_bound(self, search.player, search.tile, search.turn)?;
            sets = sets.checked_mul(b.sets.checked_add(1)?)?;
            kinds = kinds.checked_add(b.kinds)?;
            edges = edges.max(b.edges);
        }
        Some(ActionBound { sets: sets - 1, kinds, edges })
    }

    /// [`Game::random_move`]'s draw from the frontier, where it can say
    /// ([`Game::frontier_readable`]): `Some(None)` when the tile fits nowhere; `None` after
    /// [`SAMPLE_TRIES`] refusals.
    fn sample_move(&self, player: PlayerId, tile: TileKind, turn: u16, rng: &mut Rng) -> Option<Option<Move>> {
        debug_assert!(self.frontier_readable(player, tile, turn), "the frontier says");
        let fits = self.def(tile).fits();
        let pairs = self.board.count_fitting(fits);
        let segments = self.def(tile).segments.len();
        let supply = Supply::of(self, player);
        let deployable = supply.deployable();
        let slots = 1 + deployable.len() * segments;
        if pairs == 0 {
            return Some(None);
        }
        for _ in 0..SAMPLE_TRIES {
            let k = rng.below(pairs.saturating_mul(slots));
            let (pos, r) = self.board.nth_fitting(fits, k / slots)?;
            let mut mv = Move::new(tile, pos, Rotation::ALL[r]);
            if let Some(slot) = (k % slots).checked_sub(1) {
                let local = slot % segments;
                let around = self.around(pos);
                let blocked = self.occupied_with(tile, pos, mv.rotation, None, &around);
                if blocked & (1 << local) != 0 {
                    continue;
                }
                mv.follower = Some(FollowerOn::Segment(local));
                mv.figure = deployable[slot / segments];
            }
            if self.expansions.iter().all(|x| x.check_placement(self, player, &mv).is_ok()) {
                debug_assert!(self.check(player, &mv, turn).is_ok(), "the sampled move {mv:?} is legal");
                return Some(Some(mv));
            }
        }
        None
    }

    /// What the expansions in play say of a bare placement (a whole turn of a one-square
    /// tile, no action) and of each figure in supply (`deployable`) on its segments: for
    /// [`Game::bare_moves`].
    fn vetoes(&self, player: PlayerId, bare: &Move, deployable: &[Figure]) -> Vetoes {
        let bare_ok = self.expansions.iter().all(|x| x.check_placement(self, player, bare).is_ok());
        let mut forbidden = [None; Figure::ALL.len()];
        if bare_ok {
            for (slot, figure) in forbidden.iter_mut().zip(deployable) {
                *slot = self
                    .expansions
                    .iter()
                    .try_fold(0, |m, x| Some(m | x.forbidden_followers(self, player, bare, *figure)?));
            }
        }
        Vetoes { bare_ok, forbidden }
    }

    /// [`Game::bare_moves`] of each rotation of `rotations` (bit `i` for `Rotation::ALL[i]`)
    /// on the square at `pos`, where the placement is allowed without a follower and each
    /// figure in supply (`deployable`) is forbidden the segments of its mask (`forbidden`,
    /// the same on every square): the same moves in the same order, without asking each
    /// candidate.
    #[allow(clippy::too_many_arguments)]
    #[inline]
    fn square_moves(
        &self,
        player: PlayerId,
        tile: TileKind,
        pos: Pos,
        rotations: u8,
        around: &Around,
        deployable: &[Figure],
        forbidden: &[u64; Figure::ALL.len()],
        turn: u16,
        emit: &mut impl FnMut(BareMove),
    ) {
        let def = self.def(tile);
        let all = 1u64.checked_shl(def.segments.len() as u32).map_or(u64::MAX, |b| b - 1);
        let mut left = rotations;
        while left != 0 {
            let rotation = Rotation::ALL[left.trailing_zeros() as usize];
            left &= left - 1;
            let none = BareMove { pos, rotation, follower: None, figure: Figure::Normal };
            let mut push = |m: BareMove| {
                debug_assert!(self.check(player, &m.to_move(tile), turn).is_ok(), "the quick judgement of {m:?}");
                emit(m);
            };
            push(none);
            let blocked = match around.any_occupied() {
                false => 0,
                true => self.occupied_on_square(def, tile, rotation, around),
            };
            debug_assert_eq!(blocked, self.occupied_with(tile, pos, rotation, None, around), "at {pos}");
            for (&figure, &mask) in deployable.iter().zip(forbidden) {
                let mut free = all & !blocked & !mask;
                while free != 0 {
                    let local = free.trailing_zeros() as u8;
                    free &= free - 1;
                    push(BareMove { follower: Some(local), figure, ..none });
                }
            }
        }
    }

    /// The legal moves of a bare placement (no actions, a whole turn, one square) whose tile
    /// (of `segments` segments) fits where nothing changes its edges, in `legal_moves`'
    /// order: no follower, then each figure on each segment of the tile. Exactly the
    /// candidates [`Game::check`] accepts, the turn's part being allowed (the caller checks
    /// it once): for each candidate what `check_before_play` would still ask (the
    /// expansions' `vetoes` of this placement, the feature joined, from what lies `around`
    /// the square, read only when a figure is in supply), the figures being those in supply
    /// (`deployable`). Where the vetoes are masks, [`Game::square_moves`] of its rotation.
    #[allow(clippy::too_many_arguments)]
    fn bare_moves(
        &self,
        player: PlayerId,
        bare: &Move,
        segments: usize,
        around: &Around,
        deployable: &[Figure],
        vetoes: &Vetoes,
        turn: u16,
        emit: &mut impl FnMut(BareMove),
    ) {
        debug_assert!(bare.extras.is_empty() && bare.part == Part::Whole && bare.follower.is_none());
        debug_assert_eq!(*vetoes, self.vetoes(player, bare, deployable), "the vetoes of {bare:?}");
        debug_assert_eq!(segments, self.def(bare.tile).segments.len());
        if let Some(masks) = vetoes.masks(deployable.len()) {
            let rotation = 1 << bare.rotation.quarter_turns();
            return self.square_moves(player, bare.tile, bare.pos, rotation, around, deployable, &masks, turn, emit);
        }
        let mut push = |m: BareMove| {
            debug_assert!(self.check(player, &m.to_move(bare.tile), turn).is_ok(), "the quick judgement of {m:?}");
            emit(m);
        };
        let none = BareMove { pos: bare.pos, rotation: bare.rotation, follower: None, figure: Figure::Normal };
        if vetoes.bare_ok {
            push(none);
        } else {
            debug_assert!(self.check(player, &none.to_move(bare.tile), turn).is_err(), "{none:?} is refused");
        }
        if deployable.is_empty() {
            return;
        }
        let all = 1u64.checked_shl(segments as u32).map_or(u64::MAX, |b| b - 1);
        let open = all & !self.occupied_with(bare.tile, bare.pos, bare.rotation, None, around);
        for (figure, forbidden) in deployable.iter().zip(vetoes.forbidden) {
            let mut free = open & !forbidden.unwrap_or(0);
            while free != 0 {
                let local = free.trailing_zeros() as u8;
                free &= free - 1;
                let m = BareMove { follower: Some(local), figure: *figure, ..none };
                // Where the expansions could not say as a mask, each candidate is asked.
                if forbidden.is_some()
                    || self.expansions.iter().all(|x| x.check_placement(self, player, &m.to_move(bare.tile)).is_ok())
                {
                    push(m);
                } else {
                    debug_assert!(self.check(player, &m.to_move(bare.tile), turn).is_err(), "{m:?} is refused");
                }
            }
        }
    }

    /// The most the actions of the expansions in play may change the edges of a placement
    /// (`Expansion::edge_changes`, the widest of theirs).
    pub(super) fn edge_changes(&self) -> EdgeChanges {
        self.expansions.iter().map(|x| x.edge_changes()).max().unwrap_or(EdgeChanges::None)
    }

    /// The game as it would stand after `mv`, played on a copy with the turn's completions
    /// recorded (`Game::completions`), or the verdict refusing it: for a caller that asks
    /// once. Many moves of a turn are tried in place, without a copy each
    /// ([`Game::attempt`], [`Trials`]), which the tests check against this.
    pub fn after(&self, player: PlayerId, mv: &Move, turn: u16) -> Result<Game<'_>, crate::score::Verdict> {
        self.check_before_play(player, mv)?;
        let mut g = self.trial();
        g.record_completions = true;
        g.play_phases(player, mv, turn)?;
        Ok(g)
    }
}

/// How many candidates [`Game::random_move`] draws from the frontier, or placements it draws
/// and lists the moves of, before it lists every move instead (a candidate is refused when
/// its follower would join an occupied feature or an expansion forbids it, a placement's
/// slot when the placement has fewer moves than the bound; most placements fill a good part
/// of their slots, so a few tries almost always suffice).
pub const SAMPLE_TRIES: usize = 64;

/// A legal move of a bare placement (a whole turn of a one-square tile, no action), packed
/// in 12 bytes: what [`Game::bare_moves_into`] lists.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct BareMove {
    pub pos: Pos,
    pub rotation: Rotation,
    /// The segment of the tile the follower stands on (an index into its segments); none
    /// without a follower.
    pub follower: Option<u8>,
    /// Which figure the follower is (a normal one without a follower).
    pub figure: Figure,
}

impl BareMove {
    /// The move, of tile `tile`.
    pub fn to_move(self, tile: TileKind) -> Move {
        Move {
            follower: self.follower.map(|l| FollowerOn::Segment(l as usize)),
            figure: self.figure,
            ..Move::new(tile, self.pos, self.rotation)
        }
    }
}

/// The orders in which a search lists the fitting squares ([`Game::each_bare_move`]): north
/// first, then west to east ([`Game::legal_moves`]), or the board's own
/// ([`Game::bare_moves_into`]): by constraint where it keeps its groups, else in the order
/// of its frontier's entries.
const FRONTIER_ORDER: u8 = 0;
const GROUP_ORDER: u8 = 1;
const ENTRY_ORDER: u8 = 2;

/// What the expansions in play say of a bare placement ([`Game::vetoes`]).
#[derive(Debug, PartialEq, Eq)]
struct Vetoes {
    /// Whether the placement without a follower is allowed.
    bare_ok: bool,
    /// For each figure in supply, in order, the segments a follower of it may not stand on
    /// (`Expansion::forbidden_followers`); `None` where an expansion cannot say as a mask,
    /// and then each follower is asked of `check_placement`.
    forbidden: [Option<u64>; Figure::ALL.len()],
}

impl Vetoes {
    /// Whether each (square, rotation) pair where a tile fits is one move: no figure in
    /// supply (`deployable`) to stand, and the bare placement allowed everywhere
    /// (`anywhere`, [`Game::vetoes_anywhere`]).
    fn only_bare(deployable: &[Figure], anywhere: Option<&Vetoes>) -> bool {
        deployable.is_empty() && anywhere.is_some_and(|v| v.bare_ok)
    }

    /// Each of the first `figures` figures' forbidden segments as a mask, where the bare
    /// placement is allowed and every one of them can be said so ([`Game::square_moves`]).
    fn masks(&self, figures: usize) -> Option<[u64; Figure::ALL.len()]> {
        let mut masks = [0u64; Figure::ALL.len()];
        for (m, f) in masks.iter_mut().zip(&self.forbidden[..figures]) {
            *m = (*f)?;
        }
        self.bare_ok.then_some(masks)
    }
}

/// What a search for the moves of one player's tile reads once ([`Game::search`]).
struct Search<'t> {
    player: PlayerId,
    tile: TileKind,
    /// The turn the moves play in: the turn whose second part is due, if one is.
    turn: u16,
    part: Part,
    def: &'t crate::tile::TileDef,
    supply: Supply,
    /// Whether no expansion in play changes an edge and the tile's placements are read off
    /// the frontier (`Expansion::edge_changes`).
    indexed: bool,
    /// Whether a whole turn may be played now ([`Game::whole_turn_allowed`]).
    whole_ok: bool,
}

/// The fit tables a draw takes its (square, rotation) pairs from ([`Game::sample_tables`]),
/// up to three; a pair held by several counts in the first only.
struct PairTables<'t> {
    tables: [Option<&'t crate::tile::FitTable>; 3],
}

impl PairTables<'_> {
    /// The pairs of the tables, each once, by square in frontier order with its rotations
    /// as a mask (as [`Board::fitting`](super::board::Board::fitting) gives one table's).
    fn fitting(&self, board: &super::board::Board) -> Vec<(Pos, u8)> {
        let mut v: Vec<(Pos, u8)> = Vec::new();
        for t in self.tables.iter().flatten() {
            v.extend(board.fitting(t).into_iter().map(|f| (f.square.pos, f.rotations)));
        }
        if self.tables.iter().flatten().count() > 1 {
            v.sort_by_key(|(p, _)| super::board::frontier_order(*p));
            v.dedup_by(|later, kept| {
                let same = later.0 == kept.0;
                if same {
                    kept.1 |= later.1;
                }
                same
            });
        }
        v
    }

    /// Whether table `i` is the first to hold the pair of square `pos` at rotation `r`
    /// (the index of a rotation in `Rotation::ALL`).
    fn first_to_hold(&self, board: &super::board::Board, i: usize, pos: Pos, r: usize) -> bool {
        let key = board.constraint(pos);
        self.tables[..i].iter().flatten().all(|t| key.is_none_or(|key| t.rotations(key) & (1 << r) == 0))
    }
}

/// The lists a search fills and empties at each pair, kept from pair to pair.
#[derive(Default)]
struct Scratch {
    offered: Vec<Vec<Extra>>,
    pending: Vec<(Pos, crate::geom::Edge, crate::tile::Terrain)>,
}

/// The figures a player has in supply, for the moves of a search.
struct Supply {
    /// A normal follower first (a move without a follower is spelt with it), then each
    /// other figure the player holds one of (a large follower).
    list: [Figure; Figure::ALL.len()],
    n: usize,
    /// Whether a normal follower is left.
    normal_left: bool,
}

impl Supply {
    fn of(game: &Game, player: PlayerId) -> Supply {
        let held = &game.players[player.index()];
        let mut s =
            Supply { list: [Figure::Normal; Figure::ALL.len()], n: 0, normal_left: held.in_supply(Figure::Normal) > 0 };
        for f in Figure::ALL {
            if f == Figure::Normal || held.in_supply(f) > 0 {
                s.list[s.n] = f;
                s.n += 1;
            }
        }
        s
    }

    /// The figures to try, a normal one always (a follower of a figure none of which is
    /// left is refused by the check before play, whatever the move: it is not tried, as
    /// building the verdict is the costly part).
    fn figures(&self) -> &[Figure] {
        &self.list[..self.n]
    }

    /// The figures that may stand on a segment: a normal one only while one is left.
    fn deployable(&self) -> &[Figure] {
        &self.list[usize::from(!self.normal_left)..self.n]
    }
}

/// The follower placements to try on a tile with `segments` printed segments: none, each
/// segment, each segment of the second square of a double-size tile, and each kind of
/// feature the move's actions may have `added` (in `FeatureKind::ALL`'s order).
fn follower_options(
    segments: usize,
    twin: Option<(TileKind, Pos)>,
    game: &Game,
    added: &[FeatureKind],
) -> Vec<(Option<FollowerOn>, Option<Pos>)> {
    let mut v = vec![(None, None)];
    v.extend((0..segments).map(|l| (Some(FollowerOn::Segment(l)), None)));
    if let Some((k, q)) = twin {
        v.extend((0..game.def(k).segments.len()).map(|l| (Some(FollowerOn::Segment(l)), Some(q))));
    }
    v.extend(FeatureKind::ALL.iter().filter(|k| added.contains(k)).map(|k| (Some(FollowerOn::Added(*k)), None)));
    v
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::data::Library;
    use crate::expansion::{ExpansionId, Options};
    use crate::random::{generate_with, Step};

    /// At every turn of random games with the expansions that bound their actions, the pairs
    /// [`Game::sample_pairs`] draws from, each listed by [`Game::pair_moves`], hold every
    /// legal move once and nothing else, and no pair has more moves than the bound it draws
    /// with (nor more sets of actions, or kinds built, than the expansions say): what makes
    /// the draw uniform. The legal moves, listed from those pairs only, are the moves listed
    /// trying every rotation on every square beside the board.
    #[test]
    fn the_pairs_drawn_from_hold_every_legal_move_once_within_the_bound() {
        let lib = Library::builtin();
        let (mut turns, mut with_actions, mut tight) = (0, 0, 0);
        for (profile, xs) in [
            ("hig", &[ExpansionId::Bcb1][..]),
            ("ne", &[ExpansionId::Bcb1][..]),
            ("hig", &[ExpansionId::Bcb1, ExpansionId::Ic][..]),
            ("ne", &[ExpansionId::Bcb1, ExpansionId::Ic][..]),
        ] {
            let tiles = lib.tile_set(xs);
            let options = Options::read(lib.profile(profile).expect("a built-in profile"));
            for seed in 0..3 {
                let g = generate_with(&tiles, &options, xs, 7700 + seed, 2 + seed as usize, 1);
                let mut game = Game::new(&tiles, options.clone(), xs, &g.players);
                let start = tiles.start().expect("a start tile");
                game.setup_tile(start, Pos::new(0, 0), Rotation::default()).expect("laid");
                for (i, step) in g.steps.iter().enumerate() {
                    let turn = i as u16 + 1;
                    let Step::Place(player, mv) = step else { continue };
                    let at = format!("{profile} {xs:?} seed {seed} turn {turn}");
                    let search = game.search(*player, mv.tile, turn);
                    if let Some((bound, edges)) = game.moves_bound(&search) {
                        turns += 1;
                        // The expansions' own bounds, each part checked too.
                        let (mut sets, mut kinds) = (1, 0);
                        for x in &game.expansions {
                            let b = x.action_bound(&game, *player, mv.tile, turn).expect("bounded, as the whole is");
                            (sets, kinds) = (sets * (1 + b.sets), kinds + b.kinds);
                        }
                        let moves = game.legal_moves(*player, mv.tile, turn);
                        with_actions += moves.iter().filter(|m| !m.extras.is_empty()).count();
                        // The listing tries only the pairs where the tile may fit: every
                        // rotation on every square beside the board lists the same moves.
                        let everywhere: Vec<(Pos, u8)> =
                            game.candidate_squares(mv.tile).into_iter().map(|p| (p, 0b1111)).collect();
                        let mut wide = Vec::new();
                        game.list_pairs(&search, &mut Trials::new(&game), &everywhere, &mut wide);
                        assert_eq!(wide, moves, "{at}: the moves listed trying every square and rotation");
                        let tables = game.sample_tables(&search, edges).expect("tables for a one-square tile");
                        let (mut trials, mut scratch) = (Trials::new(&game), Scratch::default());
                        let (mut pairs, mut drawn_from) = (Vec::new(), Vec::new());
                        let board = &game.board;
                        let each = tables.tables.iter().enumerate().filter_map(|(i, t)| Some((i, (*t)?)));
                        let each = each
                            .flat_map(|(i, t)| (0..board.count_fitting(t)).map(move |k| (i, board.nth_fitting(t, k))));
                        for (i, pair) in each {
                            let (pos, r) = pair.expect("below the count");
                            if !tables.first_to_hold(board, i, pos, r) {
                                continue;
                            }
                            assert!(!pairs.contains(&(pos, r)), "{at}: the pair {pos} {r} twice");
                            pairs.push((pos, r));
                            let mut here = Vec::new();
                            game.pair_moves(
                                &search,
                                &mut trials,
                                &mut scratch,
                                &mut None,
                                pos,
                                Rotation::ALL[r],
                                &mut here,
                            );
                            assert!(here.len() <= bound, "{at}: {} moves at {pos} {r}, bound {bound}", here.len());
                            tight += usize::from(here.len() == bound);
                            let mut extras: Vec<_> = here.iter().map(|m| &m.extras).collect();
                            extras.dedup();
                            let mut added: Vec<_> = here
                                .iter()
                                .filter_map(|m| match m.follower {
                                    Some(FollowerOn::Added(k)) => Some(k),
                                    _ => None,
                                })
                                .collect();
                            added.sort();
                            added.dedup();
                            assert!(
                                extras.len() <= sets && added.len() <= kinds,
                                "{at}: {} sets of actions ({sets} at most), {} kinds built ({kinds} at most) at {pos} {r}",
                                extras.len(),
                                added.len(),
                            );
                            drawn_from.extend(here);
                        }
                        assert_eq!(drawn_from.len(), moves.len(), "{at}: the moves of the pairs drawn from");
                        for m in &drawn_from {
                            assert!(moves.contains(m), "{at}: {m:?} at a pair drawn from is not legal");
                        }
                    }
                    game.play(*player, mv, turn).expect("a generated move is legal");
                }
            }
        }
        assert!(turns > 300 && with_actions > 300, "{turns} turns, {with_actions} moves with actions");
        eprintln!("{turns} turns, {with_actions} moves with actions, {tight} pairs at their bound");
    }
}
