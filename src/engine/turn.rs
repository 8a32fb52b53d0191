//! A turn: the move a player makes ([`Move`]: its tile, follower, actions and part), the
//! phases it runs through in order ([`Phase`], [`phases`]), and the pair that plays and judges
//! it ([`Game::play`], [`Game::check`]), with the order of a turn in two parts. A new moment
//! of the turn, or a new rule about who may play when, belongs here.

use super::{trials::Checkpoint, Figure, Game};
use crate::expansion::base::rule;
use crate::expansion::{self, Expansion, ExpansionId, Extra, Options};
use crate::geom::{Pos, Rotation};
use crate::score::{PlayerId, Verdict};
use crate::tile::{FeatureKind, TileKind};

/// The moments of a turn, in order. The sequence is built once per game by [`phases`]: the
/// order of phases is itself a rule, so it lives in one place.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Phase {
    /// Lay the drawn tile and join its features to its neighbours'.
    PlaceTile,
    /// Deploy the active player's follower on the new tile.
    DeployFollower,
    /// Score what the turn completed; the scored followers go home.
    ScoreCompleted,
    /// A moment an expansion adds (a bridge, a castle, an auction): its `run_phase` hook runs.
    Expansion(ExpansionId, &'static str),
}

/// The phase sequence of a turn for these options and expansions (base phases first; each
/// expansion may insert its own, in registry order).
pub fn phases(options: &Options, expansions: &[&'static dyn Expansion]) -> Vec<Phase> {
    let mut seq = vec![Phase::PlaceTile, Phase::DeployFollower, Phase::ScoreCompleted];
    for x in expansions {
        x.phases(options, &mut seq);
    }
    seq
}

/// The turn being played, as phase hooks see it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TurnContext {
    pub player: PlayerId,
    pub mv: Move,
    pub turn: u16,
}

/// Where on the new tile a follower goes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum FollowerOn {
    /// A printed segment of the tile (an index into its segments).
    Segment(usize),
    /// The feature of that kind an expansion adds to the new tile this turn (a bridge).
    Added(FeatureKind),
    /// Something printed on the tile that is no feature (the river, a watchtower), named by
    /// a player who would stand a follower on it: refused by the rule that says so.
    NoFeature { what: &'static str, rule: crate::rules::RuleId },
}

impl FollowerOn {
    /// The refusal of a follower written onto something printed that is no feature.
    pub fn no_feature_verdict(self, at: crate::geom::Pos) -> Option<Verdict> {
        match self {
            FollowerOn::NoFeature { what, rule } => Some(Verdict::new(
                rule,
                format!("the {what} on the tile at {at} is no feature: no follower stands on it"),
            )),
            _ => None,
        }
    }
}

/// Which part of a turn a placement plays. A turn places one tile, unless an expansion
/// grants a second one (the builder of Traders and Builders): the turn then has two parts,
/// each placing, deploying and scoring, and the second may have to wait for what the first
/// started (a bazaar) — see [`Game::part_due`].
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Part {
    /// The turn's only placement.
    #[default]
    Whole,
    /// The first of two: the player takes the second part the first earns.
    First,
    /// The second, of the turn numbered here.
    Second(u16),
}

/// A tile placement, with the follower deployed on it and what expansions build this turn.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Move {
    pub tile: TileKind,
    pub pos: Pos,
    pub rotation: Rotation,
    pub follower: Option<FollowerOn>,
    /// A follower meant for another square than the new tile's (which the rules forbid).
    pub follower_square: Option<Pos>,
    /// Which figure the follower is (a normal one unless said; nothing without a follower).
    pub figure: Figure,
    /// What expansions build or decide this turn (a bridge).
    pub extras: Vec<Extra>,
    pub part: Part,
}

impl Move {
    /// A placement without a follower.
    pub fn new(tile: TileKind, pos: Pos, rotation: Rotation) -> Move {
        Move {
            tile,
            pos,
            rotation,
            follower: None,
            follower_square: None,
            figure: Figure::Normal,
            extras: Vec::new(),
            part: Part::Whole,
        }
    }
}

/// A turn whose first part was played and whose second part is still to come.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct OpenTurn {
    pub player: PlayerId,
    pub turn: u16,
}

impl<'t> Game<'t> {
    /// Plays one turn: the move is checked, then each phase of the turn runs in order. A
    /// refused move leaves the game exactly as it was: most moves are judged whole before
    /// anything changes; a move whose verdict depends on what the turn itself does (a bid
    /// at the bazaar, a castle on the town the tile completes) is played on the game and
    /// the game put back as it was if a phase refuses it.
    pub fn play(&mut self, player: PlayerId, mv: &Move, turn: u16) -> Result<(), Verdict> {
        self.check_part(player, mv, turn)?;
        self.check_before_play(player, mv)?;
        if self.judged_in_play(mv) {
            let saved = &mut Checkpoint::default();
            self.checkpoint(saved);
            let result = self.play_phases(player, mv, turn);
            match result {
                Ok(()) => self.keep(),
                Err(_) => self.roll_back(saved),
            }
            result
        } else {
            self.play_phases(player, mv, turn)
        }
    }

    /// Plays a move just found legal for this game as it stands (listed by
    /// [`Game::bare_moves_into`] or [`Game::legal_moves`], drawn by [`Game::random_move`]):
    /// [`Game::play`] without checking it a second time, where its verdict was whole before
    /// play; a move judged in play (with actions) is played by [`Game::play`]. A debug build
    /// checks it anyway.
    pub(crate) fn play_listed(&mut self, player: PlayerId, mv: &Move, turn: u16) {
        debug_assert_eq!(self.check(player, mv, turn), Ok(()), "a listed move is legal");
        let played = match self.judged_in_play(mv) {
            true => self.play(player, mv, turn),
            false => self.play_phases(player, mv, turn),
        };
        debug_assert!(played.is_ok(), "a legal move plays");
    }

    /// Whether the move is legal: exactly what [`Game::play`] accepts, without changing
    /// the game.
    pub fn check(&self, player: PlayerId, mv: &Move, turn: u16) -> Result<(), Verdict> {
        self.check_part(player, mv, turn)?;
        self.check_before_play(player, mv)?;
        if self.judged_in_play(mv) {
            self.trial().play_phases(player, mv, turn)?;
        }
        Ok(())
    }

    /// Whether the move may play this part of a turn now: a second part only of a turn whose
    /// first part was played and whose second is due; any other placement only while no
    /// second part is due (`base.turn.order`).
    #[inline]
    pub(super) fn check_part(&self, player: PlayerId, mv: &Move, turn: u16) -> Result<(), Verdict> {
        // As most placements: a whole turn, and no second part waiting to be played.
        if mv.part == Part::Whole && self.open.is_empty() {
            return Ok(());
        }
        self.check_part_of_two(player, mv, turn)
    }

    /// [`Game::check_part`] of a turn in two parts, or while one is open.
    fn check_part_of_two(&self, player: PlayerId, mv: &Move, turn: u16) -> Result<(), Verdict> {
        if let Part::Second(t) = mv.part {
            let Some(open) = self.open.iter().find(|o| o.player == player && o.turn == t) else {
                if let Some(v) = self.expansions.iter().find_map(|x| x.refuses_another_part(self, player, t)) {
                    return Err(v);
                }
                return Err(Verdict::new(
                    rule::TURN_ORDER,
                    format!(
                        "{} has no second tile to place in turn {t}: its first part did not earn one",
                        self.player_name(player)
                    ),
                ));
            };
            debug_assert_eq!(t, turn, "a second part plays under its turn's number");
            return self.part_due(open);
        }
        if let Some(open) = self.open.iter().find(|o| self.part_due(o).is_ok()) {
            return Err(Verdict::new(
                rule::TURN_ORDER,
                format!(
                    "{} places the second tile of turn {} before anyone places another",
                    self.player_name(open.player),
                    open.turn
                ),
            ));
        }
        if mv.part == Part::First && !self.expansions.iter().any(|x| x.grants_second_part()) {
            return Err(Verdict::new(
                rule::TURN_ORDER,
                "a turn places one tile: a second part needs an expansion in play that grants one (the builder of Traders and Builders)",
            ));
        }
        Ok(())
    }

    /// The placement being played (or last played), counted from 1 in the order played: a
    /// turn's number says which turn a placement belongs to, this says when it came (the
    /// second part of a turn may come after later turns' placements). 0 on the starting board.
    pub fn move_number(&self) -> u32 {
        self.moves
    }

    /// Turns begun in two parts whose second part is still to come.
    pub fn open_turns(&self) -> &[OpenTurn] {
        &self.open
    }

    /// Whether the second part of an open turn may be played now, or which expansion's rule
    /// makes it wait (the bazaar its first part started).
    pub fn part_due(&self, open: &OpenTurn) -> Result<(), Verdict> {
        match self.expansions.iter().find_map(|x| x.defers_part(self, open)) {
            Some(v) => Err(v),
            None => Ok(()),
        }
    }

    /// Runs the phases of a move already checked by `check_before_play`.
    pub(super) fn play_phases(&mut self, player: PlayerId, mv: &Move, turn: u16) -> Result<(), Verdict> {
        self.touched_from = self.features.len() as u32;
        self.completions.clear();
        self.moves += 1;
        match mv.part {
            Part::Whole => {}
            Part::First => self.open.push(OpenTurn { player, turn }),
            Part::Second(t) => self.open.retain(|o| !(o.player == player && o.turn == t)),
        }
        // What an expansion's phase is told, made when the first one runs.
        let mut ctx = None;
        // Where the tile laid by this placement goes in the list of placements.
        let laid = self.placed.len() as u32;
        for i in 0..self.phases.len() {
            match self.phases[i] {
                Phase::PlaceTile => self.lay_whole(mv.tile, mv.pos, mv.rotation),
                Phase::DeployFollower => self.deploy_follower(player, mv, laid)?,
                Phase::ScoreCompleted => self.score_completed(mv.pos, laid, crate::score::Timing::Turn(turn)),
                Phase::Expansion(id, name) => {
                    let ctx = ctx.get_or_insert_with(|| TurnContext { player, mv: mv.clone(), turn });
                    let x = expansion::get(id);
                    x.run_phase(self, name, ctx)?;
                    // A game recorded in the middle of this turn stops here.
                    if x.stops_turn(self, name) {
                        break;
                    }
                }
            }
        }
        Ok(())
    }

    fn deploy_follower(&mut self, player: PlayerId, mv: &Move, laid: u32) -> Result<(), Verdict> {
        let Some(on) = mv.follower else { return Ok(()) };
        let square = mv.follower_square.unwrap_or(mv.pos);
        let placed = *self.laid_at(laid, square).expect("the tile was laid this turn");
        let seg = match on {
            FollowerOn::Segment(local) => self.segment(&placed, local),
            FollowerOn::NoFeature { .. } => return Err(on.no_feature_verdict(mv.pos).expect("no feature")),
            FollowerOn::Added(kind) => {
                let idx = self.board.get(mv.pos).expect("laid");
                match self.added.iter().rev().find(|a| a.placed == idx && a.kind == kind) {
                    Some(a) => a.segment,
                    None => {
                        return Err(Verdict::new(
                            rule::FOLLOWER_ON_NEW_TILE,
                            format!("nothing was built on the tile at {} for the follower to stand on", mv.pos),
                        ))
                    }
                }
            }
        };
        // On the joined feature: the check before play already saw the joins the tile
        // makes; this one also sees those of this turn's buildings (a bridge), which only a
        // move played on a copy of the game reaches (see `judged_in_play`).
        if self.features.occupied(seg) > 0 {
            return Err(self.occupied_verdict(&self.describe(seg), self.features.kind(seg), mv));
        }
        self.deploy_figure(player, seg, mv.figure);
        Ok(())
    }

    /// A drawn tile that fits nowhere is discarded; expansions may act on it (a bazaar).
    /// Refused, it leaves the game as it was.
    pub fn discard_turn(
        &mut self,
        player: PlayerId,
        tile: TileKind,
        extras: &[Extra],
        turn: u16,
    ) -> Result<(), Verdict> {
        self.discard(tile)?;
        self.check_actions_in_play(extras)?;
        let before = (!extras.is_empty()).then(|| self.clone());
        for x in self.expansions.clone() {
            if let Err(v) = x.on_discard(self, player, tile, extras, turn) {
                if let Some(before) = before {
                    *self = before;
                }
                return Err(v);
            }
        }
        Ok(())
    }
}

/// Whether a move's verdict depends on what its own turn does, so that only playing it can
/// tell: it builds or decides something besides the tile and the follower, or its follower
/// stands on something built this turn. Every other move is judged whole before play
/// (unless an expansion in play may refuse any move in its phases: [`Game::judged_in_play`]).
pub(super) fn judged_in_play(mv: &Move) -> bool {
    !mv.extras.is_empty() || matches!(mv.follower, Some(FollowerOn::Added(_))) || mv.part != Part::Whole
}

impl Game<'_> {
    /// [`judged_in_play`], or every move where an expansion in play may refuse any move in
    /// its phases (`Expansion::judges_every_move_in_play`: The Messages' draws).
    pub(super) fn judged_in_play(&self, mv: &Move) -> bool {
        self.all_in_play || judged_in_play(mv)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::data::Library;

    #[test]
    fn the_turn_phases_of_each_edition() {
        let lib = Library::builtin();
        for p in &lib.profiles {
            let opts = Options::read(p);
            let seq = phases(&opts, &[expansion::get(ExpansionId::Base)]);
            assert_eq!(
                format!("{seq:?}"),
                "[PlaceTile, DeployFollower, ScoreCompleted]",
                "ruleset {}: the base game has no phase of its own beyond these",
                p.id
            );
        }
        // Traders and Builders: the pig and the builder where the follower goes, whether the
        // builder earned a second tile before the scoring, the goods after it.
        let seq = phases(&Options::default(), &[expansion::get(ExpansionId::Base), expansion::get(ExpansionId::Tb)]);
        assert_eq!(
            format!("{seq:?}"),
            "[PlaceTile, DeployFollower, Expansion(Tb, \"pig\"), Expansion(Tb, \"builder-place\"), \
             Expansion(Tb, \"builder-trigger\"), ScoreCompleted, Expansion(Tb, \"goods\"), Expansion(Tb, \"builder-home\")]"
        );
    }
}
