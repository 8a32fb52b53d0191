//! The Monasteries (Monasteries in Germany, Monasteries in the Netherlands & Belgium; the same
//! rules): six tiles whose monastery (a cloister marked `special-monastery`) takes a follower
//! either standing, as a monk (an ordinary cloister for it), or laid on its side, as the
//! monastery's abbot.
//!
//! The abbot is the engine's `Figure::Prior` (the third edition's word, kept apart from the
//! abbot figure of the new edition's The Abbot): one of the player's normal followers, from
//! and back to the same supply, which this expansion lets every player lay (`setup`:
//! `Game::allow_priors`). Modelled:
//! * only a special monastery's cloister takes one (`check_placement`, `forbidden_followers`,
//!   `check_setup_follower`): on a turn `as-abbot: cloister`;
//! * it weighs nothing in a majority (`Figure::strength`) and stays when its monastery is
//!   scored for a monk (`Figure::stays_when_scored`);
//! * a monastery holding abbots alone is never complete: surrounded, it is claimed here
//!   (`takes_over`), so it is neither scored nor recorded as completed (a castle of Bridges,
//!   Castles and Bazaars takes nothing from it), and an `abbots` phase after the scoring says
//!   so once, in a 0-point event; empty, or with a monk, it completes as a cloister does;
//! * at the end (`final_scoring`, before the base game's), each monastery's abbots score:
//!   1 for its tile and 1 for each tile in an unbroken line along its row and column, a
//!   double-size tile (a German castle) once (`rule::DOUBLE_TILE_ONCE`, an unofficial reading),
//!   to the players with most abbots there; the abbots then leave, so that a monk beside them
//!   is scored alone by the base game.
//!
//! Not modelled, and not expressible in a scenario: other figures laid as abbots (the large
//! follower, the wagon, the phantom, the new edition's abbot), which the wiki's community
//! readings allow. A dragon or a tower that takes an abbot takes it as any follower.

use super::{Expansion, ExpansionId, Options as AllOptions};
use crate::engine::features::SegId;
use crate::engine::{Figure, FollowerOn, Game, Move, Phase, TurnContext};
use crate::geom::{Edge, Pos};
use crate::score::{PlayerId, ScoreEvent, ScoreItem, Timing, Verdict};
use crate::tile::{FeatureKind, Mark, TileDef};
use smallvec::smallvec;

pub struct Monasteries;

const HELD_PHASE: &str = "abbots-held";
const ABBOTS_PHASE: &str = "abbots";

/// The monasteries held by abbots alone already said never to complete, and those held so
/// before this turn's scoring.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct State {
    noted: Vec<SegId>,
    held: Vec<SegId>,
}

/// Whether segment `local` of the tile is a special monastery's cloister.
fn special_cloister(def: &TileDef, local: usize) -> bool {
    def.marks.contains(&Mark::Monastery) && def.segments.get(local).is_some_and(|s| s.kind == FeatureKind::Cloister)
}

fn refused(def: &TileDef, what: &str) -> Verdict {
    Verdict::new(
        rule::ONLY_SPECIAL,
        format!("a follower is laid as an abbot only on a special monastery's cloister, not on {what} of {}", def.id),
    )
}

/// Whether only abbots stand on the feature `root` (and at least one does).
fn abbots_alone(game: &Game, root: SegId) -> bool {
    let mut on = game.followers().iter().filter(|f| game.feature_of(f.segment) == root).peekable();
    on.peek().is_some() && on.all(|f| f.figure == Figure::Prior)
}

/// The tiles an abbot at `at` scores: its own, and each line of tiles from it along its row
/// and column up to the first empty square, each tile (placement group) once in its line.
/// Also whether a double-size tile lay along a line with both its squares.
pub fn line_tiles(game: &Game, at: Pos) -> (u32, bool) {
    let mut tiles = 1;
    let mut double = false;
    for e in Edge::ALL {
        let mut groups: Vec<u32> = Vec::new();
        let mut p = at.step(e);
        while let Some(t) = game.tile_at(p) {
            if groups.contains(&t.group) {
                double = true;
            } else {
                groups.push(t.group);
            }
            p = p.step(e);
        }
        tiles += groups.len() as u32;
    }
    (tiles, double)
}

impl Expansion for Monasteries {
    fn id(&self) -> ExpansionId {
        ExpansionId::Monasteries
    }

    fn rule_book(&self) -> &'static crate::rules::RuleBook {
        &rule::BOOK
    }

    fn tiles(&self) -> Option<&'static crate::embedded::Embedded> {
        const TILES: crate::embedded::Embedded = crate::embed!("tiles/monasteries.yaml");
        Some(&TILES)
    }

    fn setup(&self, game: &mut Game) {
        game.allow_priors();
        game.state.insert(State::default());
    }

    fn phases(&self, _options: &AllOptions, seq: &mut Vec<Phase>) {
        // Which monasteries abbots alone hold is noted just before the scoring (a monk scored
        // this turn leaves its abbots alone on a completed monastery), and those surrounded
        // are said never to complete just after it.
        let at = seq.iter().position(|p| *p == Phase::ScoreCompleted).unwrap_or(seq.len());
        seq.insert(at, Phase::Expansion(ExpansionId::Monasteries, HELD_PHASE));
        seq.insert(at + 2, Phase::Expansion(ExpansionId::Monasteries, ABBOTS_PHASE));
    }

    fn judges_bare_anywhere(&self) -> bool {
        true
    }

    fn edge_changes(&self) -> super::EdgeChanges {
        super::EdgeChanges::None
    }

    fn forbidden_followers(&self, game: &Game, _player: PlayerId, bare: &Move, figure: Figure) -> Option<u64> {
        if figure != Figure::Prior {
            return Some(0);
        }
        let def = game.def(bare.tile);
        Some((0..def.segments.len()).filter(|&l| !special_cloister(def, l)).fold(0, |m, l| m | 1 << l))
    }

    fn check_placement(&self, game: &Game, _player: PlayerId, mv: &Move) -> Result<(), Verdict> {
        if mv.figure != Figure::Prior {
            return Ok(());
        }
        let def = game.def(mv.tile);
        match mv.follower {
            Some(FollowerOn::Segment(l)) if special_cloister(def, l) => Ok(()),
            Some(FollowerOn::Segment(l)) if l < def.segments.len() => {
                Err(refused(def, &def.describe_segment(mv.rotation, l)))
            }
            Some(_) => Err(refused(def, "a piece built this turn")),
            None => Ok(()),
        }
    }

    fn check_setup_follower(&self, game: &Game, _player: PlayerId, seg: SegId, figure: Figure) -> Result<(), Verdict> {
        if figure != Figure::Prior {
            return Ok(());
        }
        let p = game.placement_of(seg);
        let def = game.def(p.kind);
        match game.locate(seg).1 {
            Some(l) if special_cloister(def, l) => Ok(()),
            _ => Err(refused(def, &game.describe(seg))),
        }
    }

    fn takes_over(&self, game: &Game, root: SegId) -> bool {
        // rule::NEVER_COMPLETE: held by abbots alone, a surrounded monastery is not complete.
        game.feature_kind(root) == FeatureKind::Cloister && abbots_alone(game, root)
    }

    fn explain(&self, game: &Game, f: &crate::engine::FeatureInfo, because: &mut crate::score::Rules) {
        // A special monastery scored for its monk: say so, and that abbots beside it stay.
        if f.kind != FeatureKind::Cloister {
            return;
        }
        let p = game.placement_of(f.segment);
        if !game.def(p.kind).marks.contains(&Mark::Monastery) {
            return;
        }
        because.push(rule::MONK_OR_ABBOT);
        if game.followers().iter().any(|x| x.figure == Figure::Prior && game.feature_of(x.segment) == f.root) {
            because.push(rule::BESIDE_MONK);
        }
    }

    fn run_phase(&self, game: &mut Game, phase: &'static str, turn: &TurnContext) -> Result<(), Verdict> {
        if phase == HELD_PHASE {
            let mut held: Vec<SegId> = Vec::new();
            for f in game.followers().iter().filter(|f| f.figure == Figure::Prior) {
                let root = game.feature_of(f.segment);
                if !held.contains(&root) && !game.state_of::<State>().noted.contains(&root) && abbots_alone(game, root)
                {
                    held.push(root);
                }
            }
            if held != game.state_of::<State>().held {
                game.state_of_mut::<State>().held = held;
            }
            return Ok(());
        }
        if phase != ABBOTS_PHASE {
            return Ok(());
        }
        // Each monastery held by abbots alone before the scoring and surrounded by now, said once.
        let roots: Vec<SegId> = (game.state_of::<State>().held.iter().copied())
            .filter(|&root| game.surrounded(game.placement_of(root).group))
            .collect();
        for root in roots {
            game.state_of_mut::<State>().noted.push(root);
            let info = game.feature_info(root);
            let players = crate::engine::majority_of(
                game.followers().iter().filter(|f| game.feature_of(f.segment) == root).map(|f| (f.player, 1)),
                game.players().len(),
            );
            let feature = game.feature_ref(&info);
            let timing = Timing::Turn(turn.turn);
            game.award(ScoreEvent {
                timing,
                players,
                feature,
                items: smallvec![ScoreItem {
                    rule: rule::NEVER_COMPLETE,
                    label: "surrounded, held by abbots alone: never complete",
                    count: 1,
                    each: 0,
                }],
                because: smallvec![rule::STAYS],
            });
        }
        Ok(())
    }

    fn final_scoring(&self, game: &mut Game) -> Result<(), Verdict> {
        let mut roots: Vec<SegId> = Vec::new();
        for f in game.followers().iter().filter(|f| f.figure == Figure::Prior) {
            let root = game.feature_of(f.segment);
            if !roots.contains(&root) {
                roots.push(root);
            }
        }
        for root in roots {
            let players = crate::engine::majority_of(
                (game.followers().iter())
                    .filter(|f| f.figure == Figure::Prior && game.feature_of(f.segment) == root)
                    .map(|f| (f.player, 1)),
                game.players().len(),
            );
            let mut info = game.feature_info(root);
            let (tiles, double) = line_tiles(game, info.at);
            // The tiles the abbot counts, not the cloister's neighbours.
            info.tiles = tiles;
            let mut because = smallvec![rule::STAYS];
            if double {
                because.push(rule::DOUBLE_TILE_ONCE);
            }
            if players.len() > 1 {
                because.push(rule::MAJORITY);
            }
            let feature = game.feature_ref(&info).with_words(format!("abbot's monastery at {}", info.at));
            game.award(ScoreEvent {
                timing: Timing::End,
                players,
                feature,
                items: smallvec![ScoreItem {
                    rule: rule::END_SCORING,
                    label: "row and column tile",
                    count: tiles,
                    each: 1
                }],
                because,
            });
            // The abbots leave: a monk beside them is then scored alone.
            while let Some(i) =
                (game.followers().iter()).position(|f| f.figure == Figure::Prior && game.feature_of(f.segment) == root)
            {
                game.remove_follower(i);
            }
        }
        Ok(())
    }
}

pub mod rule {
    //! The rules of The Monasteries. Their wording and sources are in the catalogue file named below.

    crate::rules::rule_ids! {
        catalogue: "rulesets/rules/monasteries.yaml";
        /// The six monastery tiles are laid as usual.
        TILES = "monasteries.tiles.special-monastery",
        /// The base game's cloisters stay in the box (not judged: the referee keeps no bag).
        BASE_CLOISTERS_OUT = "monasteries.setup.base-cloisters-out",
        /// A follower on a special monastery goes as a monk or, on its side, as its abbot.
        MONK_OR_ABBOT = "monasteries.deploy.monk-or-abbot",
        /// Only a special monastery takes a follower laid as an abbot.
        ONLY_SPECIAL = "monasteries.abbot.only-special",
        /// An abbot stays on its monastery until the final scoring.
        STAYS = "monasteries.abbot.stays",
        /// At the end, 1 for the abbot's tile and 1 for each tile in unbroken lines along its row and column.
        END_SCORING = "monasteries.abbot.end-scoring",
        /// A monastery held by abbots alone is never complete.
        NEVER_COMPLETE = "monasteries.abbot.never-complete",
        /// Abbots beside a monk have no say when the monk's monastery is scored, and stay.
        BESIDE_MONK = "monasteries.abbot.beside-monk",
        /// Several abbots on one monastery: the majority scores.
        MAJORITY = "monasteries.abbot.majority",
        /// A double-size tile in an abbot's line counts once (an unofficial reading).
        DOUBLE_TILE_ONCE = "monasteries.abbot.double-tile-once",
    }
}
