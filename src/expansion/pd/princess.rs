//! The princess and the magic portal, each instead of a follower on the new tile.
//!
//! A princess tile whose princess city (the tile's first city) joins a city holding knights
//! lets its player send one of those knights home (rule::PRINCESS). A magic portal tile lets
//! its player put the turn's follower on any unfinished feature of the board that holds no
//! follower (rule::PORTAL). Both are judged once the tile lies, in the turn's own phase.

use super::{actions, marked, rule, Action};
use crate::engine::features::SegId;
use crate::engine::{Figure, Game, Move, TurnContext};
use crate::score::{PlayerId, Verdict};
use crate::tile::{FeatureKind, Mark, TileKind};

/// The princess's city on a tile kind: its first city.
fn princess_city(game: &Game, kind: TileKind) -> Option<usize> {
    game.def(kind).segments.iter().position(|s| s.kind == FeatureKind::City)
}

/// The knights a princess tile placed so would join: the followers of the cities across the
/// edges of her city.
fn knights_joined(game: &Game, mv: &Move) -> Vec<SegId> {
    let mut out = Vec::new();
    let Some(local) = princess_city(game, mv.tile) else { return out };
    let def = game.def(mv.tile);
    let edges = mv.rotation.edge_mask(def.segments[local].edges);
    let mut roots = Vec::new();
    for e in crate::geom::Edge::ALL.into_iter().filter(|e| edges & e.bit() != 0) {
        let Some(p) = game.tile_at(mv.pos.step(e)) else { continue };
        if let Some(s) = game.edge_segment(p, e.opposite()) {
            roots.push(game.feature_of(s));
        }
    }
    for f in game.followers() {
        if roots.contains(&game.feature_of(f.segment)) && game.feature_kind(f.segment) == FeatureKind::City {
            out.push(f.segment);
        }
    }
    out
}

pub(super) fn check(game: &Game, mv: &Move) -> Result<(), Verdict> {
    // rule::PRINCESS_MUST: where the reading is that the princess must act, a princess tile
    // joined to a city holding knights sends one home.
    if game.options().of::<super::Options>().princess_must
        && marked(game, mv.tile, Mark::Princess)
        && !actions(mv).any(|a| matches!(a, Action::Princess(_)))
        && !knights_joined(game, mv).is_empty()
    {
        return Err(Verdict::new(
            rule::PRINCESS_MUST,
            "the princess's city joins a city holding knights: one of them must be sent home (`princess.action: must`)",
        ));
    }
    for a in actions(mv) {
        match a {
            Action::Princess(_) if !marked(game, mv.tile, Mark::Princess) => {
                return Err(Verdict::new(
                    rule::PRINCESS,
                    format!("only a princess tile sends a knight home; {} shows no princess", game.def(mv.tile).id),
                ))
            }
            Action::Portal(_) if !marked(game, mv.tile, Mark::Portal) => {
                return Err(Verdict::new(
                    rule::PORTAL,
                    format!(
                        "only a magic portal tile sends a follower elsewhere; {} shows no portal",
                        game.def(mv.tile).id
                    ),
                ))
            }
            _ => {}
        }
    }
    Ok(())
}

/// Whether the feature of `seg` is finished: a road or city with no open edge, a cloister
/// with its eight neighbours; a field never is.
fn finished(game: &Game, seg: SegId) -> bool {
    match game.feature_kind(seg) {
        FeatureKind::Road | FeatureKind::City => game.open_edges(seg) == 0,
        FeatureKind::Cloister => {
            let at = game.locate(seg).0;
            at.ring().iter().all(|q| game.tile_at(*q).is_some())
        }
        FeatureKind::Field => false,
        _ => true,
    }
}

fn occupied(game: &Game, seg: SegId) -> bool {
    let root = game.feature_of(seg);
    game.followers().iter().any(|f| game.feature_of(f.segment) == root)
}

pub(super) fn play(game: &mut Game, turn: &TurnContext) -> Result<(), Verdict> {
    for a in actions(&turn.mv).cloned().collect::<Vec<_>>() {
        match a {
            Action::Princess(t) => {
                let seg = t.segment(game).map_err(|e| Verdict::new(rule::PRINCESS, e))?;
                let Some(i) = game.followers().iter().position(|f| f.segment == seg) else {
                    return Err(Verdict::new(rule::PRINCESS, format!("no knight stands on the {}", t.words())));
                };
                let mine = princess_city(game, turn.mv.tile).and_then(|local| game.segment_at(turn.mv.pos, local));
                let Some(mine) = mine else {
                    return Err(Verdict::new(
                        rule::PRINCESS,
                        format!("tile {} has no city for its princess", game.def(turn.mv.tile).id),
                    ));
                };
                if game.feature_kind(seg) != FeatureKind::City || game.feature_of(seg) != game.feature_of(mine) {
                    return Err(Verdict::new(
                        rule::PRINCESS,
                        format!(
                            "the princess sends home a knight of the city she joins ({}); the follower on the {} is not in it",
                            game.describe(mine),
                            t.words()
                        ),
                    ));
                }
                game.remove_follower(i);
            }
            Action::Portal(t) => {
                let seg = t.segment(game).map_err(|e| Verdict::new(rule::PORTAL, e))?;
                if game.players()[turn.player.index()].in_supply(Figure::Normal) == 0 {
                    return Err(Verdict::new(
                        rule::PORTAL,
                        format!("{} has no follower left to send through the portal", game.player_name(turn.player)),
                    ));
                }
                if occupied(game, seg) {
                    return Err(Verdict::new(
                        rule::PORTAL,
                        format!("the {} joins a {} that already holds a follower", t.words(), game.feature_kind(seg)),
                    ));
                }
                if finished(game, seg) {
                    return Err(Verdict::new(
                        rule::PORTAL,
                        format!("the {} is finished: the portal leads only to unfinished features", t.words()),
                    ));
                }
                game.deploy_figure(turn.player, seg, Figure::Normal);
            }
            _ => {}
        }
    }
    Ok(())
}

/// The knights the princess may send home with this placement (those of the cities across
/// the edges of her city), and every feature the portal may lead to.
pub(super) fn options(game: &Game, player: PlayerId, mv: &Move) -> Vec<Action> {
    let mut out = Vec::new();
    if marked(game, mv.tile, Mark::Princess) {
        for seg in knights_joined(game, mv) {
            if let Some(t) = super::Target::of(game, seg) {
                out.push(Action::Princess(t));
            }
        }
    }
    if marked(game, mv.tile, Mark::Portal) && game.players()[player.index()].in_supply(Figure::Normal) > 0 {
        for p in game.placed() {
            let def = game.def(p.kind);
            for local in 0..def.segments.len() {
                let Some(seg) = game.segment_at(p.pos, local) else { continue };
                if occupied(game, seg) || finished(game, seg) {
                    continue;
                }
                if let Some(t) = super::Target::of(game, seg) {
                    out.push(Action::Portal(t));
                }
            }
        }
    }
    out
}
