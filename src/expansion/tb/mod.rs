//! Traders and Builders (1st edition): the builder and its double turn.

pub mod builder;

use super::{Expansion, ExpansionId, Extra, Options as AllOptions};
use crate::engine::{Game, Move, Phase, TurnContext};
use crate::geom::Pos;
use crate::score::{PlayerId, Verdict};

pub struct Tb;

const BUILDER_PLACE_PHASE: &str = "builder-place";
const BUILDER_TRIGGER_PHASE: &str = "builder-trigger";
const BUILDER_HOME_PHASE: &str = "builder-home";

impl Expansion for Tb {
    fn id(&self) -> ExpansionId {
        ExpansionId::Tb
    }

    fn rule_book(&self) -> &'static crate::rules::RuleBook {
        &rule::BOOK
    }

    fn setup(&self, game: &mut Game) {
        builder::setup(game);
    }

    fn pieces(&self, game: &Game, out: &mut Vec<super::Piece>) {
        builder::pieces(game, out);
    }

    fn phases(&self, _options: &AllOptions, seq: &mut Vec<Phase>) {
        // The builder joins the feature as the follower phase left it; whether the tile
        // extended the builder's feature is judged before the scoring (which may send the
        // builder home, rule::BUILDER_TRIGGER_AT_PLACEMENT), and it goes home after it.
        let at = seq.iter().position(|p| *p == Phase::DeployFollower).map_or(seq.len(), |i| i + 1);
        seq.insert(at, Phase::Expansion(ExpansionId::Tb, BUILDER_PLACE_PHASE));
        let at = seq.iter().position(|p| *p == Phase::ScoreCompleted).unwrap_or(seq.len());
        seq.insert(at, Phase::Expansion(ExpansionId::Tb, BUILDER_TRIGGER_PHASE));
        seq.push(Phase::Expansion(ExpansionId::Tb, BUILDER_HOME_PHASE));
    }

    fn grants_second_part(&self) -> bool {
        true
    }

    fn takes(&self, action: &Extra) -> bool {
        action.get::<builder::Action>().is_some()
    }

    fn describe(&self, _game: &Game, action: &Extra) -> Option<String> {
        action.get::<builder::Action>().map(builder::describe)
    }

    fn check_placement(&self, game: &Game, player: PlayerId, mv: &Move) -> Result<(), Verdict> {
        builder::check(game, player, mv)
    }

    fn action_options(&self, game: &Game, player: PlayerId, mv: &Move, _turn: u16, out: &mut Vec<Vec<Extra>>) {
        builder::options(game, player, mv, out);
    }

    fn setup_piece(&self, game: &mut Game, at: Pos, piece: &Extra) -> Result<(), Verdict> {
        match piece.get::<builder::Action>() {
            Some(a) => builder::setup_piece(game, at, a),
            None => Ok(()),
        }
    }

    fn run_phase(&self, game: &mut Game, phase: &'static str, turn: &TurnContext) -> Result<(), Verdict> {
        match phase {
            BUILDER_PLACE_PHASE => builder::place(game, turn),
            BUILDER_TRIGGER_PHASE => builder::trigger(game, turn),
            BUILDER_HOME_PHASE => {
                builder::go_home(game, turn.turn);
                Ok(())
            }
            _ => Ok(()),
        }
    }
}

pub mod rule {
    //! The rules of Traders and Builders (1st edition). Their wording and sources are in the catalogue file named below.
    crate::rules::rule_ids! {
        catalogue: "rulesets/rules/tb.yaml";
        /// The builder joins a road or city of the new tile holding its owner's follower, instead of a follower.
        BUILDER_PLACEMENT = "tb.builder.placement",
        /// A tile extending the builder's road or city earns a second tile in the same turn.
        BUILDER_DOUBLE_TURN = "tb.builder.double-turn",
        /// The second tile may be declined.
        BUILDER_OPTIONAL = "tb.builder.double-turn-optional",
        /// A second tile earns no third.
        BUILDER_NO_CHAIN = "tb.builder.no-chain",
        /// The builder goes home when no follower of its owner is left in its feature.
        BUILDER_HOME = "tb.builder.returns-with-last-follower",
    }
}
