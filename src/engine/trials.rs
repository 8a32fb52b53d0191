//! Moves tried without keeping them: played on the game and put back exactly as it was
//! ([`Game::attempt`], from a [`Checkpoint`] and the journals of `journal.rs`), the copies a
//! move is tried on ([`Game::trial`], [`Game::shadow`]), and [`Trials`], the moves of one turn
//! tried on one copy. New state that a move changes is put back here, or keeps a journal.

use super::waiting::WaitingNote;
use super::{journal, with_room, Completion, Follower, Game, Move, OpenTurn, Player};
use crate::geom::{Edge, Pos};
use crate::score::{PlayerId, Verdict};
use crate::tile::{Terrain, TileKind};

impl<'t> Game<'t> {
    /// A copy of the game to try a move on: [`Clone::clone`], with room in the lists a move
    /// adds to, so that playing it does not copy them a second time to grow them.
    pub(crate) fn trial(&self) -> Game<'t> {
        Game {
            tiles: self.tiles,
            options: self.options.clone(),
            expansions: self.expansions.clone(),
            players: self.players.clone(),
            board: self.board.trial(),
            placed: with_room(&self.placed, 2),
            placed_journal: journal::Journal::default(),
            features: self.features.trial(),
            added: with_room(&self.added, 4),
            followers: with_room(&self.followers, 2),
            events: with_room(&self.events, 4),
            phases: self.phases.clone(),
            hands: self.hands.clone(),
            touched_from: self.touched_from,
            done: Vec::new(),
            completions: self.completions.clone(),
            waiting: with_room(&self.waiting, 2),
            beside_waiting: self.beside_waiting,
            waiting_journal: journal::Journal::default(),
            record_completions: self.record_completions,
            state: self.state.clone(),
            state_journal: journal::Journal::default(),
            open: self.open.clone(),
            moves: self.moves,
            bare_only: self.bare_only,
            all_in_play: self.all_in_play,
        }
    }

    /// A copy of the game to try moves on ([`Trials`]): a search is seldom asked of it, so it
    /// keeps no frontier groups to write.
    fn unindexed_copy(&self) -> Game<'t> {
        let mut copy = self.trial();
        copy.index_frontier(false);
        copy
    }

    /// A copy of the game for [`Game::random_move_on`] to try moves on, to be kept in step
    /// with it (each move played on the game played on it too); none where no expansion in
    /// play offers actions, as no move is then tried.
    pub fn shadow(&self) -> Option<Game<'t>> {
        self.expansions.iter().any(|x| x.offers_actions()).then(|| self.unindexed_copy())
    }

    /// Plays `mv` on the game itself, as [`Game::after`] plays it on a copy (checked before
    /// play, the turn's completions recorded), hands `look` the game as the move left it or
    /// the verdict refusing it, then puts the game back exactly as it was: what trying a move
    /// costs is what playing it writes, however large the board.
    pub fn attempt<R>(
        &mut self,
        player: PlayerId,
        mv: &Move,
        turn: u16,
        look: impl FnOnce(Result<&Game<'t>, Verdict>) -> R,
    ) -> R {
        self.attempt_with(&mut Checkpoint::default(), player, mv, turn, look)
    }

    /// [`Game::attempt`], what it puts back kept in `saved` (whose room is used again).
    fn attempt_with<R>(
        &mut self,
        saved: &mut Checkpoint,
        player: PlayerId,
        mv: &Move,
        turn: u16,
        look: impl FnOnce(Result<&Game<'t>, Verdict>) -> R,
    ) -> R {
        if let Err(v) = self.check_before_play(player, mv) {
            return look(Err(v));
        }
        self.checkpoint(saved);
        self.record_completions = true;
        let played = self.play_phases(player, mv, turn);
        let seen = look(played.map(|()| &*self));
        self.roll_back(saved);
        seen
    }

    /// Notes what playing a move may change, to put it back ([`Game::roll_back`]) or keep it
    /// ([`Game::keep`]). The structures that grow with the board, and the expansions' state,
    /// note what is written over ([`journal`]); the lists only added to are cut back to their
    /// lengths; the rest, a few entries, is copied into `saved`.
    pub(super) fn checkpoint(&mut self, saved: &mut Checkpoint) {
        self.placed_journal.open(self.placed.len());
        self.features.open_journal();
        self.board.open_journal();
        self.waiting_journal.open(0);
        // The expansions' state is copied when the move first writes it.
        self.state_journal.open(0);
        // `clone_from` reuses the names' buffers: no allocation once the checkpoint is warm.
        saved.players.clone_from(&self.players);
        (saved.placed, saved.added, saved.events) = (self.placed.len(), self.added.len(), self.events.len());
        saved.followers.clone_from(&self.followers);
        saved.hands.clone_from(&self.hands);
        saved.touched_from = self.touched_from;
        // What the turn completed, which a move starts afresh: moved aside, not copied (a
        // completed feature lists its squares, as many as a large city has).
        std::mem::swap(&mut saved.completions, &mut self.completions);
        saved.open.clone_from(&self.open);
        (saved.record_completions, saved.moves) = (self.record_completions, self.moves);
    }

    /// Puts the game back as it was at [`Game::checkpoint`].
    pub(super) fn roll_back(&mut self, saved: &mut Checkpoint) {
        self.features.close_journal(false);
        self.board.close_journal(false);
        for (i, p) in self.placed_journal.close() {
            self.placed[i as usize] = p;
        }
        self.placed.truncate(saved.placed);
        self.added.truncate(saved.added);
        self.events.truncate(saved.events);
        self.players.clone_from(&saved.players);
        self.followers.clone_from(&saved.followers);
        self.hands.clone_from(&saved.hands);
        self.touched_from = saved.touched_from;
        std::mem::swap(&mut saved.completions, &mut self.completions);
        for note in self.waiting_journal.close() {
            match note {
                WaitingNote::Pushed => {
                    self.waiting.pop();
                }
                // Taken out by `swap_remove`: the last one moved into its place goes back last.
                WaitingNote::Removed(i, entry) => match self.waiting.get_mut(i) {
                    Some(moved) => {
                        let moved = std::mem::replace(moved, entry);
                        self.waiting.push(moved);
                    }
                    None => self.waiting.push(entry),
                },
            }
        }
        if let Some(state) = self.state_journal.close().next() {
            self.state = state;
        }
        self.open.clone_from(&saved.open);
        (self.record_completions, self.moves) = (saved.record_completions, saved.moves);
    }

    /// Keeps what was played since `checkpoint`, noting nothing more.
    pub(super) fn keep(&mut self) {
        self.placed_journal.discard();
        self.state_journal.discard();
        self.waiting_journal.discard();
        self.features.close_journal(true);
        self.board.close_journal(true);
    }
}

/// Moves tried on a game without changing it: on a copy of it made at the first try (or one
/// the caller keeps in step with the game, [`Trials::on`]), each played and put back in place
/// ([`Game::attempt`]), so that trying many moves of one turn copies the game once at most.
/// For listing moves whose verdict depends on what the turn does
/// (`Expansion::action_options`).
pub struct Trials<'g, 't> {
    game: &'g Game<'t>,
    /// The copy made at the first try, or none while a kept one is lent (`kept`).
    copy: Option<Game<'t>>,
    kept: Option<&'g mut Game<'t>>,
    saved: Checkpoint,
    /// The edges a move's actions change ([`Trials::misfits`]).
    pending: Vec<(Pos, Edge, Terrain)>,
}

impl<'g, 't> Trials<'g, 't> {
    pub fn new(game: &'g Game<'t>) -> Trials<'g, 't> {
        Trials { game, copy: None, kept: None, saved: Checkpoint::default(), pending: Vec::new() }
    }

    /// Trials on `copy`, a copy of `game` kept in step with it ([`Game::shadow`]), instead of
    /// one made at the first try: what a game played move by move lends each turn's search,
    /// so that no search copies the game.
    pub fn on(game: &'g Game<'t>, copy: &'g mut Game<'t>) -> Trials<'g, 't> {
        debug_assert_eq!((copy.moves, copy.placed.len()), (game.moves, game.placed.len()), "a copy kept in step");
        Trials { kept: Some(copy), ..Trials::new(game) }
    }

    /// [`Game::attempt`] on the game: `look` sees it as `mv` leaves it (or the verdict
    /// refusing `mv`).
    pub fn attempt<R>(
        &mut self,
        player: PlayerId,
        mv: &Move,
        turn: u16,
        look: impl FnOnce(Result<&Game<'t>, Verdict>) -> R,
    ) -> R {
        let game = self.game;
        let copy = match self.kept.as_deref_mut() {
            Some(kept) => kept,
            None => self.copy.get_or_insert_with(|| game.unindexed_copy()),
        };
        copy.attempt_with(&mut self.saved, player, mv, turn, look)
    }

    /// What `look` sees of the game as `mv` leaves it, if the move is accepted
    /// ([`Trials::attempt`]); `None` if it is refused, which a tile that does not fit is
    /// found to be without trying it or building the verdict.
    pub fn if_accepted<R>(
        &mut self,
        player: PlayerId,
        mv: &Move,
        turn: u16,
        look: impl FnOnce(&Game<'t>) -> R,
    ) -> Option<R> {
        if self.misfits(player, mv) {
            return None;
        }
        self.attempt(player, mv, turn, |after| after.ok().map(look))
    }

    /// Whether [`Game::check`] accepts the move, a move judged in play tried in place.
    pub fn accepts(&mut self, player: PlayerId, mv: &Move, turn: u16) -> bool {
        if self.game.check_part(player, mv, turn).is_err() || self.misfits(player, mv) {
            return false;
        }
        match self.game.judged_in_play(mv) {
            true => self.attempt(player, mv, turn, |after| after.is_ok()),
            false => self.game.check_before_play(player, mv).is_ok(),
        }
    }

    /// Whether `mv` is refused for its tile not fitting, whatever else it holds: no
    /// expansion changes an edge for it and the tile does not fit its square
    /// (`Game::check_before_play` refuses it then, as it judges the fit with those edges).
    fn misfits(&mut self, player: PlayerId, mv: &Move) -> bool {
        self.pending.clear();
        for x in &self.game.expansions {
            x.pending_edges(self.game, player, mv, &mut self.pending);
        }
        self.pending.is_empty() && !self.game.fits(mv.tile, mv.pos, mv.rotation)
    }
}

/// What [`Game::checkpoint`] keeps: the game's state but for the board, the features, the
/// placements, the groups waiting to be surrounded and the expansions' state (which note
/// what is written over: the state is copied when first written), the lists only added to
/// (their lengths), where the turn's touched segments begin, its completed list (moved
/// aside, as a move starts it afresh) and what a move does not change (the tiles, the
/// options, the expansions, the turn's phases and the players' names).
#[derive(Default)]
pub(super) struct Checkpoint {
    /// Each player, score and figures in supply included.
    players: Vec<Player>,
    placed: usize,
    added: usize,
    followers: Vec<Follower>,
    events: usize,
    hands: Vec<Vec<TileKind>>,
    touched_from: u32,
    completions: Vec<Completion>,
    record_completions: bool,
    open: Vec<OpenTurn>,
    moves: u32,
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::data::Library;
    use crate::expansion::{ExpansionId, Options};
    use crate::geom::Rotation;

    #[test]
    fn a_trial_copy_is_the_game_and_plays_as_it() {
        let lib = Library::builtin();
        let xs = [ExpansionId::Bcb1];
        let tiles = lib.tile_set(&xs);
        let opts = Options::read(lib.profile("hig").expect("a built-in profile"));
        let g = crate::random::generate_with(&tiles, &opts, &xs, 3, 2, 1);
        let mut game = Game::new(&tiles, opts, &xs, &g.players);
        game.setup_tile(tiles.start().expect("a start tile"), Pos::new(0, 0), Rotation::default()).expect("laid");
        for (i, step) in g.steps.iter().enumerate() {
            let crate::random::Step::Place(p, mv) = step else { continue };
            let turn = i as u16 + 1;
            let (mut a, mut b) = (game.trial(), game.clone());
            assert!(a == game, "turn {turn}: the trial copy is the game");
            assert_eq!(a.play_phases(*p, mv, turn), b.play_phases(*p, mv, turn));
            assert!(a == b, "turn {turn}: the trial copy plays as a clone");
            game.play(*p, mv, turn).expect("a generated move is legal");
        }
    }
}
