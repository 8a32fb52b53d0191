//! The Abbot (the new edition's base game, 2014 on): each player's abbot, a figure of its own
//! (`Figure::Abbot`, given in `setup`; not The Monasteries' follower laid on its side,
//! `Figure::Prior`).
//!
//! Modelled:
//! * the abbot is deployed as the turn's follower (`abbot: cloister` on a turn), only on the
//!   cloister of the tile just placed (`check_placement`, `forbidden_followers`,
//!   `check_setup_follower`), and only onto a cloister no follower holds (the base game's rule);
//! * it scores as a monk does: 9 when its cloister is surrounded, and at the end 1 for its
//!   tile and each tile around it (the base game's scoring of a cloister, the figure weighing
//!   one follower);
//! * instead of deploying, its owner may take it back (`abbot-back: true`, `Action::TakeBack`)
//!   and score at once what its cloister is worth then, as the final scoring would count it
//!   (an `abbot-back` phase after the follower's, before the scoring). It is the turn's
//!   deployment (`deploys_instead`): a turn taking the abbot back deploys nothing else.
//!
//! Not modelled, refused: gardens. The catalogue has no garden feature (the second edition's
//! garden tiles are read by the JCloisterZone importer as their plain twins), so an abbot can
//! only be written onto a cloister; a saved game deploying an abbot on a garden is refused by
//! the importer, located. The garden's own points (JCloisterZone's vineyards beside a garden)
//! are not modelled either.

use super::{Expansion, ExpansionId, Extra, Options as AllOptions};
use crate::engine::features::SegId;
use crate::engine::{Figure, FollowerOn, Game, Move, Phase, Trials, TurnContext};
use crate::rules::RuleId;
use crate::score::{PlayerId, ScoreEvent, ScoreItem, Timing, Verdict};
use crate::tile::{FeatureKind, TileDef};
use smallvec::smallvec;

pub struct Abbot;

const BACK_PHASE: &str = "abbot-back";

/// Abbots each player has: one, of their colour.
pub const PER_PLAYER: u8 = 1;

/// What a player does with the abbot besides deploying it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Action {
    /// The player's abbot taken back from the board, instead of deploying a follower.
    TakeBack,
}

fn takes_back(mv: &Move) -> usize {
    mv.extras.iter().filter(|e| matches!(e.get::<Action>(), Some(Action::TakeBack))).count()
}

/// Whether segment `local` of the tile takes the abbot.
fn abbot_spot(def: &TileDef, local: usize) -> bool {
    def.segments.get(local).is_some_and(|s| s.kind == FeatureKind::Cloister)
}

fn refused(def: &TileDef, what: &str) -> Verdict {
    Verdict::new(
        rule::PLACEMENT,
        format!(
            "the abbot goes only on a cloister (or a garden, which this referee does not model), not on {what} of {}",
            def.id
        ),
    )
}

/// The index of the player's abbot among the followers on the board.
fn abbot_of(game: &Game, player: PlayerId) -> Option<usize> {
    game.followers().iter().position(|f| f.player == player && f.figure == Figure::Abbot)
}

impl Expansion for Abbot {
    fn id(&self) -> ExpansionId {
        ExpansionId::Abbot
    }

    fn rule_book(&self) -> &'static crate::rules::RuleBook {
        &rule::BOOK
    }

    fn setup(&self, game: &mut Game) {
        game.give_each(Figure::Abbot, PER_PLAYER);
    }

    fn phases(&self, _options: &AllOptions, seq: &mut Vec<Phase>) {
        // rule::TAKE_BACK: in the follower's step, before the scoring.
        let at = seq.iter().position(|p| *p == Phase::DeployFollower).map_or(seq.len(), |i| i + 1);
        seq.insert(at, Phase::Expansion(ExpansionId::Abbot, BACK_PHASE));
    }

    fn standing(&self, game: &Game, player: PlayerId, out: &mut Vec<String>) {
        if game.players()[player.index()].in_supply(Figure::Abbot) > 0 {
            out.push("abbot in supply".to_string());
        }
    }

    fn takes(&self, action: &Extra) -> bool {
        action.get::<Action>().is_some()
    }

    fn describe(&self, _game: &Game, action: &Extra) -> Option<String> {
        match action.get::<Action>()? {
            Action::TakeBack => Some("abbot taken back".to_string()),
        }
    }

    fn deploys_instead(&self, action: &Extra) -> Option<(RuleId, &'static str)> {
        match action.get::<Action>()? {
            Action::TakeBack => Some((rule::TAKE_BACK, "taking the abbot back")),
        }
    }

    fn judges_bare_anywhere(&self) -> bool {
        true
    }

    fn edge_changes(&self) -> super::EdgeChanges {
        super::EdgeChanges::None
    }

    fn forbidden_followers(&self, game: &Game, _player: PlayerId, bare: &Move, figure: Figure) -> Option<u64> {
        if figure != Figure::Abbot {
            return Some(0);
        }
        let def = game.def(bare.tile);
        Some((0..def.segments.len()).filter(|&l| !abbot_spot(def, l)).fold(0, |m, l| m | 1 << l))
    }

    fn check_placement(&self, game: &Game, _player: PlayerId, mv: &Move) -> Result<(), Verdict> {
        if takes_back(mv) > 1 {
            return Err(Verdict::new(rule::ONE_EACH, "a player has one abbot: a turn takes it back once"));
        }
        if mv.figure != Figure::Abbot {
            return Ok(());
        }
        let def = game.def(mv.tile);
        match mv.follower {
            Some(FollowerOn::Segment(l)) if abbot_spot(def, l) => Ok(()),
            Some(FollowerOn::Segment(l)) if l < def.segments.len() => {
                Err(refused(def, &def.describe_segment(mv.rotation, l)))
            }
            Some(_) => Err(refused(def, "a piece built this turn")),
            None => Ok(()),
        }
    }

    fn check_setup_follower(&self, game: &Game, _player: PlayerId, seg: SegId, figure: Figure) -> Result<(), Verdict> {
        if figure != Figure::Abbot {
            return Ok(());
        }
        let def = game.def(game.placement_of(seg).kind);
        match game.locate(seg).1 {
            Some(l) if abbot_spot(def, l) => Ok(()),
            _ => Err(refused(def, &game.describe(seg))),
        }
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
        if mv.follower.is_some() || abbot_of(game, player).is_none() {
            return;
        }
        let before: Vec<Vec<Extra>> = std::iter::once(Vec::new()).chain(out.iter().cloned()).collect();
        for mut set in before {
            set.push(Extra::new(Action::TakeBack));
            out.push(set);
        }
    }

    fn explain(&self, game: &Game, f: &crate::engine::FeatureInfo, because: &mut crate::score::Rules) {
        // A cloister scored with the abbot on it: it scores as a monk would.
        if f.kind == FeatureKind::Cloister
            && game.followers().iter().any(|x| x.figure == Figure::Abbot && game.feature_of(x.segment) == f.root)
        {
            because.push(rule::SCORES_AS_MONK);
        }
    }

    fn run_phase(&self, game: &mut Game, phase: &'static str, turn: &TurnContext) -> Result<(), Verdict> {
        if phase != BACK_PHASE || takes_back(&turn.mv) == 0 {
            return Ok(());
        }
        let Some(i) = abbot_of(game, turn.player) else {
            return Err(Verdict::new(
                rule::TAKE_BACK,
                format!("{} has no abbot on the board to take back", game.player_name(turn.player)),
            ));
        };
        let seg = game.followers()[i].segment;
        let info = game.feature_info(seg);
        let feature = game.feature_ref(&info).with_words(format!("abbot's cloister at {}", info.at));
        game.remove_follower(i);
        game.award(ScoreEvent {
            timing: Timing::Turn(turn.turn),
            players: smallvec![turn.player],
            feature,
            // Counted as the final scoring counts a cloister: itself and its neighbours.
            items: smallvec![
                ScoreItem { rule: rule::TAKE_BACK_SCORING, label: "cloister", count: 1, each: 1 },
                ScoreItem {
                    rule: rule::TAKE_BACK_SCORING,
                    label: "neighbour",
                    count: info.tiles.saturating_sub(1),
                    each: 1
                },
            ],
            because: smallvec![rule::TAKE_BACK],
        });
        Ok(())
    }
}

pub mod rule {
    //! The rules of The Abbot. Their wording and sources are in the catalogue file named below.

    crate::rules::rule_ids! {
        catalogue: "rulesets/rules/abbot.yaml";
        /// Each player has one abbot, of their colour.
        ONE_EACH = "abbot.components.one-each",
        /// The abbot goes, as the turn's follower, only on a cloister or a garden of the tile just placed.
        PLACEMENT = "abbot.placement.cloister-or-garden",
        /// The abbot scores as a monk: 9 when surrounded, at the end 1 per tile around it and its own.
        SCORES_AS_MONK = "abbot.scoring.as-monk",
        /// Instead of deploying, a player may take their abbot back.
        TAKE_BACK = "abbot.take-back.instead-of-follower",
        /// Taken back, the abbot scores at once what its cloister or garden is worth then, as at the end.
        TAKE_BACK_SCORING = "abbot.take-back.scoring",
    }
}
