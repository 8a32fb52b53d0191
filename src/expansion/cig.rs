//! Castles in Germany: double-size castle tiles held by the players.
//!
//! A castle tile is a double-size tile (two squares, laid together by the engine) whose
//! centre holds a German castle (`FeatureKind::Castle` printed on its first square). The
//! castle completes like a cloister when every square around the tile is filled; roads and
//! cities completed with an end on a castle tile earn a bonus per castle.

use super::{Expansion, ExpansionId, Options as AllOptions};
use crate::engine::{FeatureInfo, Game, Move, Phase, TurnContext};
use crate::geom::{Pos, Rotation};
use crate::score::{PlayerId, ScoreItem, Timing, Verdict};
use crate::tile::{FeatureKind, TileKind};

pub struct Cig;

const HAND: &str = "castle-from-hand";

/// Whether a tile kind is a German castle tile.
pub fn is_castle(game: &Game, kind: TileKind) -> bool {
    game.def(kind).segments.iter().any(|s| s.kind == FeatureKind::Castle) && game.def(kind).twin.is_some()
}

/// Castle tiles each player may hold: one, or two with two or three players.
pub fn castles_allowed(players: usize) -> usize {
    if players <= 3 {
        2
    } else {
        1
    }
}

/// A castle tile may not touch another castle tile, along an edge or at a corner.
fn no_touching(game: &Game, tile: TileKind, pos: Pos, r: Rotation) -> Result<(), Verdict> {
    let mut squares = vec![pos];
    squares.extend(game.twin_of(tile, pos, r).map(|(_, q)| q));
    for sq in &squares {
        for q in sq.ring() {
            if squares.contains(&q) {
                continue;
            }
            if let Some(t) = game.tile_at(q) {
                let first = game.placed()[t.group as usize].kind;
                if is_castle(game, first) {
                    return Err(Verdict::new(
                        rule::NO_TOUCHING,
                        format!(
                            "a castle tile may not touch another castle tile, not even at a corner (the one at {q})"
                        ),
                    ));
                }
            }
        }
    }
    Ok(())
}

impl Expansion for Cig {
    /// No action of this expansion changes an edge.
    fn edge_changes(&self) -> super::EdgeChanges {
        super::EdgeChanges::None
    }

    fn id(&self) -> ExpansionId {
        ExpansionId::Cig
    }

    fn rule_book(&self) -> &'static crate::rules::RuleBook {
        &rule::BOOK
    }

    fn phases(&self, _options: &AllOptions, seq: &mut Vec<Phase>) {
        let at = seq.iter().position(|p| *p == Phase::PlaceTile).map_or(0, |i| i + 1);
        seq.insert(at, Phase::Expansion(ExpansionId::Cig, HAND));
    }

    fn check_setup(&self, game: &Game, tile: TileKind, pos: Pos, r: Rotation) -> Result<(), Verdict> {
        if is_castle(game, tile) {
            no_touching(game, tile, pos, r)?;
        }
        Ok(())
    }

    fn check_placement(&self, game: &Game, player: PlayerId, mv: &Move) -> Result<(), Verdict> {
        if !is_castle(game, mv.tile) {
            return Ok(());
        }
        if !game.hands[player.index()].contains(&mv.tile) {
            return Err(Verdict::new(
                rule::INSTEAD_OF_DRAWING,
                format!(
                    "{} does not hold the castle {}: a player places one of their own castles instead of drawing",
                    game.player_name(player),
                    game.def(mv.tile).id
                ),
            ));
        }
        no_touching(game, mv.tile, mv.pos, mv.rotation)
    }

    fn run_phase(&self, game: &mut Game, _phase: &'static str, turn: &TurnContext) -> Result<(), Verdict> {
        let hand = &mut game.hands[turn.player.index()];
        if let Some(i) = hand.iter().position(|k| *k == turn.mv.tile) {
            hand.remove(i);
        }
        Ok(())
    }

    fn score_items(&self, game: &Game, f: &FeatureInfo, timing: Timing, out: &mut crate::score::Items) {
        match (f.kind, timing) {
            (FeatureKind::Castle, Timing::Turn(_)) => {
                out.push(ScoreItem { rule: rule::COMPLETE_TWELVE, label: "completed castle", count: 1, each: 12 });
            }
            (FeatureKind::Castle, Timing::End) => {
                out.push(ScoreItem { rule: rule::FINAL, label: "surrounding tile", count: f.tiles - 1, each: 1 });
                out.push(ScoreItem { rule: rule::FINAL, label: "castle", count: 1, each: 2 });
            }
            (FeatureKind::Road | FeatureKind::City, Timing::Turn(_)) => {
                // rule::BONUS: 3 for every castle the road or city ends (or starts) on,
                // each castle once, occupied or not.
                // A road counts a castle where it ends on the castle tile; a road only passing
                // over one of its squares does not.
                let ends_here = |m: &crate::engine::features::SegId| {
                    let p = game.placement_of(*m);
                    f.kind == FeatureKind::City
                        || game.locate(*m).1.is_some_and(|l| game.def(p.kind).segments[l].edges.count_ones() == 1)
                };
                let mut castles: Vec<u32> = game
                    .members(f.root)
                    .iter()
                    .filter(|m| ends_here(m))
                    .map(|m| game.placement_of(*m).group)
                    .filter(|g| is_castle(game, game.placed()[*g as usize].kind))
                    .collect();
                castles.sort_unstable();
                castles.dedup();
                if !castles.is_empty() {
                    out.push(ScoreItem { rule: rule::BONUS, label: "castle", count: castles.len() as u32, each: 3 });
                }
            }
            _ => {}
        }
    }
}

pub mod rule {
    //! The rules of Castles in Germany. Their wording and sources are in the catalogue file named below.

    crate::rules::rule_ids! {
        catalogue: "rulesets/rules/cig.yaml";
        /// Each player holds one castle tile, two with two or three players, face up.
        SETUP = "cig.setup.one-castle-each",
        /// Instead of drawing, a player may place one of their castle tiles.
        INSTEAD_OF_DRAWING = "cig.placement.instead-of-drawing",
        /// A castle tile may not touch another castle tile, not even at a corner.
        NO_TOUCHING = "cig.placement.no-touching-castles",
        /// A castle surrounded by tiles is complete: 12 points to its lord or lady.
        COMPLETE_TWELVE = "cig.scoring.complete-twelve",
        /// At the end an unfinished castle scores 1 per surrounding tile and 2 for itself.
        FINAL = "cig.scoring.final-incomplete",
        /// A completed road or city with an end on a castle tile gives its majority 3 more per castle.
        BONUS = "cig.scoring.bonus-per-castle",
    }
}
