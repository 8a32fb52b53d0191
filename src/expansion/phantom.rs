//! The Phantom: each player's phantom, a follower of their colour (`Figure::Phantom`, given in
//! `setup`) that a turn may deploy on the tile just placed besides its other follower, on
//! another feature, or alone.
//!
//! The phantom is written as this expansion's action (`Action::Deploy`), never as the turn's
//! follower, so that each move has one spelling. It goes down in a `phantom` phase after
//! everything else the turn places (the follower, a builder, a pig, a tower piece: a builder
//! or a pig cannot use it) and before the scoring; on the feature as the tile and the turn's
//! follower left it, which must be unoccupied (so never the follower's own feature). Before
//! play, every other expansion's veto is asked of it as of a follower standing alone
//! (`Game::check_vetoes_except`): no phantom on a volcano tile, in a field of a game without
//! farmers. Once down it is a follower like any other: it weighs one in a majority, scores,
//! goes home, is eaten by the dragon, captured by a tower (whose vocabulary also stands it on
//! top of a tower: `tower::Action::Top` with the figure), and is a knight for a castle.

use super::{Expansion, ExpansionId, Extra, Options as AllOptions};
use crate::engine::{Figure, FollowerOn, Game, Move, Phase, Trials, TurnContext};
use crate::score::{PlayerId, Verdict};

pub struct Phantom;

const PHANTOM_PHASE: &str = "phantom";

/// Phantoms each player has: one, of their colour.
pub const PER_PLAYER: u8 = 1;

/// What a player does with the phantom.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Action {
    /// The phantom, on the printed feature `local` of the tile just placed, named `words` as
    /// the tile is turned (`city S`: [`Action::deploy`]).
    Deploy { local: usize, words: String },
}

impl Action {
    /// The phantom on the printed feature `local` of `tile` turned `rotation` (a feature it does
    /// not have is named by its number, and refused when played).
    pub fn deploy(def: &crate::tile::TileDef, rotation: crate::geom::Rotation, local: usize) -> Action {
        let words = match def.segments.get(local) {
            Some(_) => def.describe_segment(rotation, local),
            None => format!("feature number {local}"),
        };
        Action::Deploy { local, words }
    }
}

fn deploys(mv: &Move) -> impl Iterator<Item = usize> + '_ {
    mv.extras.iter().filter_map(|e| e.get::<Action>()).map(|Action::Deploy { local, .. }| *local)
}

/// The move as if the phantom were its only follower, without its actions: what the other
/// expansions' vetoes are asked.
fn standing_alone(mv: &Move, local: usize) -> Move {
    Move {
        follower: Some(FollowerOn::Segment(local)),
        follower_square: None,
        figure: Figure::Phantom,
        extras: Vec::new(),
        ..mv.clone()
    }
}

impl Expansion for Phantom {
    fn id(&self) -> ExpansionId {
        ExpansionId::Phantom
    }

    fn rule_book(&self) -> &'static crate::rules::RuleBook {
        &rule::BOOK
    }

    fn setup(&self, game: &mut Game) {
        game.give_each(Figure::Phantom, PER_PLAYER);
    }

    fn phases(&self, _options: &AllOptions, seq: &mut Vec<Phase>) {
        // rule::AFTER_THE_REST: after every other placement of the turn, before the scoring.
        let at = seq.iter().position(|p| *p == Phase::ScoreCompleted).unwrap_or(seq.len());
        seq.insert(at, Phase::Expansion(ExpansionId::Phantom, PHANTOM_PHASE));
    }

    fn standing(&self, game: &Game, player: PlayerId, out: &mut Vec<String>) {
        if game.players()[player.index()].in_supply(Figure::Phantom) > 0 {
            out.push("phantom in supply".to_string());
        }
    }

    fn takes(&self, action: &Extra) -> bool {
        action.get::<Action>().is_some()
    }

    fn describe(&self, _game: &Game, action: &Extra) -> Option<String> {
        match action.get::<Action>()? {
            Action::Deploy { words, .. } => Some(format!("phantom on {words}")),
        }
    }

    fn judges_bare_anywhere(&self) -> bool {
        true
    }

    fn forbidden_followers(&self, _game: &Game, _player: PlayerId, _bare: &Move, figure: Figure) -> Option<u64> {
        // rule::WRITTEN_APART: never the turn's follower.
        Some(if figure == Figure::Phantom { u64::MAX } else { 0 })
    }

    fn check_placement(&self, game: &Game, player: PlayerId, mv: &Move) -> Result<(), Verdict> {
        if mv.follower.is_some() && mv.figure == Figure::Phantom {
            return Err(Verdict::new(
                rule::WRITTEN_APART,
                "the phantom is deployed by its own action (`phantom:`), beside or without the turn's follower",
            ));
        }
        let mut it = deploys(mv);
        let Some(local) = it.next() else { return Ok(()) };
        if it.next().is_some() {
            return Err(Verdict::new(rule::ONE_EACH, "a player has one phantom: a turn deploys it once"));
        }
        let def = game.def(mv.tile);
        if local >= def.segments.len() {
            return Err(Verdict::new(
                rule::SECOND_FOLLOWER,
                format!("the tile at {} has no feature number {local} for the phantom", mv.pos),
            ));
        }
        game.check_vetoes_except(player, &standing_alone(mv, local), ExpansionId::Phantom)
    }

    fn offers_actions(&self) -> bool {
        true
    }

    fn action_options(
        &self,
        game: &Game,
        _trials: &mut Trials,
        player: PlayerId,
        mv: &Move,
        _turn: u16,
        out: &mut Vec<Vec<Extra>>,
    ) {
        if game.players()[player.index()].in_supply(Figure::Phantom) == 0 {
            return;
        }
        let before: Vec<Vec<Extra>> = std::iter::once(Vec::new()).chain(out.iter().cloned()).collect();
        let def = game.def(mv.tile);
        for local in 0..def.segments.len() {
            let phantom = Extra::new(Action::deploy(def, mv.rotation, local));
            for set in &before {
                let mut set = set.clone();
                set.push(phantom.clone());
                out.push(set);
            }
        }
    }

    fn edge_changes(&self) -> super::EdgeChanges {
        super::EdgeChanges::None
    }

    fn run_phase(&self, game: &mut Game, phase: &'static str, turn: &TurnContext) -> Result<(), Verdict> {
        if phase != PHANTOM_PHASE {
            return Ok(());
        }
        let Some(local) = deploys(&turn.mv).next() else { return Ok(()) };
        let mv = &turn.mv;
        if game.players()[turn.player.index()].in_supply(Figure::Phantom) == 0 {
            return Err(Verdict::new(
                rule::ONE_EACH,
                format!("{} has no phantom left in supply: it is on the board or held", game.player_name(turn.player)),
            ));
        }
        let seg = game.segment_at(mv.pos, local).expect("the tile was laid this turn");
        let root = game.feature_of(seg);
        if game.followers().iter().any(|f| game.feature_of(f.segment) == root) {
            return Err(Verdict::new(
                rule::UNOCCUPIED,
                format!(
                    "the phantom goes only on a feature that holds no follower: the {} of {} at {} holds one",
                    game.describe(seg),
                    game.def(mv.tile).id,
                    mv.pos
                ),
            ));
        }
        game.deploy_figure(turn.player, seg, Figure::Phantom);
        Ok(())
    }
}

pub mod rule {
    //! The rules of The Phantom. Their wording and sources are in the catalogue file named below.

    crate::rules::rule_ids! {
        catalogue: "rulesets/rules/phantom.yaml";
        /// Each player has one phantom, of their colour.
        ONE_EACH = "phantom.components.one-each",
        /// After placing a tile, the phantom may go on another feature of it, besides the turn's follower.
        SECOND_FOLLOWER = "phantom.placement.second-follower",
        /// The phantom may also be the turn's only follower.
        ALONE = "phantom.placement.alone",
        /// The phantom goes only on a feature that holds no follower.
        UNOCCUPIED = "phantom.placement.unoccupied",
        /// The phantom goes down after the turn's other placements: a builder or a pig cannot use it.
        AFTER_THE_REST = "phantom.placement.after-the-rest",
        /// The phantom is a follower like any other: majorities, scoring, going home, knights.
        NORMAL_FOLLOWER = "phantom.follower.counts-as-normal",
        /// The phantom may close a tower, as a follower on top of it.
        TOWER_TOP = "phantom.tower.on-top",
        /// The referee writes the phantom as its own action, never as the turn's follower.
        WRITTEN_APART = "phantom.referee.written-apart",
    }
}
