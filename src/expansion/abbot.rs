//! The Abbot (the new edition's base game, 2014 on): each player's abbot, a figure of its own
//! (`Figure::Abbot`, given in `setup`; not The Monasteries' follower laid on its side,
//! `Figure::Prior`), and the gardens it alone tends.
//!
//! Modelled:
//! * the garden tiles of the new edition's base deck (`tiles/abbot.yaml`: E, H, I, M, N, R, U
//!   and V printed with a garden, `EG` ... `VG`): a garden is a feature of its own in the
//!   centre of its tile (`FeatureKind::Garden`, given by the tile's mark `garden`), complete
//!   once the eight squares around it hold tiles, as a cloister is (the engine keeps it
//!   waiting to be surrounded with the cloisters); the garden is drawn in both pictures as a
//!   piece of its tile ([`Expansion::pieces`]);
//! * the abbot is deployed as the turn's follower (`abbot: cloister`, `abbot: garden` on a
//!   turn), only on the cloister or garden of the tile just placed (`check_placement`,
//!   `forbidden_followers`, `check_setup_follower`), and only onto one no follower holds (the
//!   base game's rule); no other figure stands on a garden (the same hooks refuse it);
//! * it scores as a monk does: 9 when its cloister or garden is surrounded, and at the end 1
//!   for its tile and each tile around it (the base game scores the cloister; this module
//!   scores the garden the same way, `score_items`, under its own rule);
//! * instead of deploying, its owner may take it back (`abbot-back: true`, `Action::TakeBack`)
//!   and score at once what its cloister or garden is worth then, as the final scoring would
//!   count it (an `abbot-back` phase after the follower's, before the scoring). It is the
//!   turn's deployment (`deploys_instead`): a turn taking the abbot back deploys nothing else.
//!
//! A garden is no cloister: what other expansions add to a cloister (Hills and Sheep's
//! vineyards) they do not add to a garden, as the wiki's footnote says, but for
//! JCloisterZone's option `vineyards-for-garden` (Hills and Sheep's switch
//! `hills-sheep.vineyards-for-garden`).
//!
//! Not modelled: the garden tiles of the other expansions' second editions (Bridges, Castles
//! and Bazaars, The Princess and the Dragon, King and Robber, Hills and Sheep, the two rivers,
//! The Flying Machines) have no catalogue tile of their own: the JCloisterZone importer reads
//! them as their plain twins and refuses, located, an abbot deployed on their garden.

use super::{Expansion, ExpansionId, Extra, Options as AllOptions, Piece, PieceAt};
use crate::engine::features::SegId;
use crate::engine::{Figure, FollowerOn, Game, Move, Phase, Trials, TurnContext};
use crate::rules::RuleId;
use crate::score::{Items, PlayerId, ScoreEvent, ScoreItem, Timing, Verdict};
use crate::tile::{FeatureKind, Mark, TileDef};
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
    def.segments.get(local).is_some_and(|s| matches!(s.kind, FeatureKind::Cloister | FeatureKind::Garden))
}

/// Whether segment `local` of the tile is a garden (where only the abbot goes).
fn garden(def: &TileDef, local: usize) -> bool {
    def.segments.get(local).is_some_and(|s| s.kind == FeatureKind::Garden)
}

fn refused(def: &TileDef, what: &str) -> Verdict {
    Verdict::new(rule::PLACEMENT, format!("the abbot goes only on a cloister or a garden, not on {what} of {}", def.id))
}

fn not_on_garden(figure: Figure, def: &TileDef) -> Verdict {
    Verdict::new(
        rule::GARDEN_ABBOT_ONLY,
        format!("only an abbot goes on a garden, not a {} (the garden of {})", figure.as_str(), def.id),
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
        let def = game.def(bare.tile);
        let abbot = figure == Figure::Abbot;
        // The abbot on a cloister or garden only; any other figure anywhere but a garden.
        let forbidden = |l: usize| if abbot { !abbot_spot(def, l) } else { garden(def, l) };
        Some((0..def.segments.len()).filter(|&l| forbidden(l)).fold(0, |m, l| m | 1 << l))
    }

    fn check_placement(&self, game: &Game, _player: PlayerId, mv: &Move) -> Result<(), Verdict> {
        if takes_back(mv) > 1 {
            return Err(Verdict::new(rule::ONE_EACH, "a player has one abbot: a turn takes it back once"));
        }
        let def = game.def(mv.tile);
        if mv.figure != Figure::Abbot {
            return match mv.follower {
                Some(FollowerOn::Segment(l)) if garden(def, l) => Err(not_on_garden(mv.figure, def)),
                _ => Ok(()),
            };
        }
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
        let def = game.def(game.placement_of(seg).kind);
        if figure != Figure::Abbot {
            return match game.locate(seg).1 {
                Some(l) if garden(def, l) => Err(not_on_garden(figure, def)),
                _ => Ok(()),
            };
        }
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
        // A cloister or garden scored with the abbot on it: it scores as a monk would.
        if matches!(f.kind, FeatureKind::Cloister | FeatureKind::Garden)
            && game.followers().iter().any(|x| x.figure == Figure::Abbot && game.feature_of(x.segment) == f.root)
        {
            because.push(rule::SCORES_AS_MONK);
        }
    }

    fn score_items(&self, _game: &Game, f: &crate::engine::FeatureInfo, timing: Timing, out: &mut Items) {
        // A garden counts as a cloister does: itself and each tile around it, 9 once surrounded.
        if f.kind != FeatureKind::Garden {
            return;
        }
        let rule = if matches!(timing, Timing::Turn(_)) { rule::GARDEN_COMPLETED } else { rule::GARDEN_FINAL };
        out.push(ScoreItem { rule, label: "garden", count: 1, each: 1 });
        out.push(ScoreItem { rule, label: "neighbour", count: f.tiles.saturating_sub(1), each: 1 });
    }

    fn tiles(&self) -> Option<&'static crate::embedded::Embedded> {
        const TILES: crate::embedded::Embedded = crate::embed!("tiles/abbot.yaml");
        Some(&TILES)
    }

    fn pieces(&self, game: &Game, out: &mut Vec<Piece>) {
        // The gardens printed on the tiles, as the pictures show the land's other symbols.
        for p in game.placed().iter().filter(|p| game.def(p.kind).marks.contains(&Mark::Garden)) {
            out.push(Piece { what: "garden", at: PieceAt::Tile(p.pos), owner: None, holds: None, height: 1 });
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
        let label = if info.kind == FeatureKind::Garden { "garden" } else { "cloister" };
        let feature = game.feature_ref(&info).with_words(format!("abbot's {label} at {}", info.at));
        game.remove_follower(i);
        game.award(ScoreEvent {
            timing: Timing::Turn(turn.turn),
            players: smallvec![turn.player],
            feature,
            // Counted as the final scoring counts a cloister (or garden): itself and its neighbours.
            items: smallvec![
                ScoreItem { rule: rule::TAKE_BACK_SCORING, label, count: 1, each: 1 },
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
        /// Only the abbot goes on a garden: no other figure.
        GARDEN_ABBOT_ONLY = "abbot.garden.abbot-only",
        /// A garden surrounded by eight tiles is complete: 1 for it and 1 for each of them.
        GARDEN_COMPLETED = "abbot.garden.completed",
        /// At the end an unfinished garden counts 1 for it and 1 for each tile around it.
        GARDEN_FINAL = "abbot.garden.final",
        /// Instead of deploying, a player may take their abbot back.
        TAKE_BACK = "abbot.take-back.instead-of-follower",
        /// Taken back, the abbot scores at once what its cloister or garden is worth then, as at the end.
        TAKE_BACK_SCORING = "abbot.take-back.scoring",
    }
}
