//! The wagon's move: when the road, city or cloister holding a wagon is scored, its owner may
//! move it, instead of taking it home, onto a neighbouring feature joined to it by its road
//! that is neither finished nor occupied (a `wagon` phase after the scoring). The scenario
//! writes the move (`wagon-move: [{from: [x, y], to: [x, y], on: road E}]`); a wagon not
//! moved stays home, as the move is optional.
//!
//! "Joined by its road" is read on the tiles of the scored feature: on a tile where a road
//! ends (a road segment reaching one edge: at a crossing, a city gate, a cloister, a German
//! castle), the features it ends at are joined to it. A bazaar ends roads but joins none: the
//! wagon cannot pass it (Bridges, Castles and Bazaars). A finished city is never entered, so
//! the move builds no castle.

use super::rule;
use crate::engine::features::SegId;
use crate::engine::{Figure, Game, TurnContext};
use crate::geom::Pos;
use crate::score::{FeatureRef, PlayerId, ScoreEvent, ScoreItem, Timing, Verdict};
use crate::tile::{FeatureKind, Mark, Spot};
use smallvec::smallvec;

/// A wagon's move, as the scenario writes it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Move {
    /// A square of the scored feature where the wagon stood.
    pub from: Pos,
    /// The square of the feature it moves onto, and that feature on its tile.
    pub to: Pos,
    pub kind: FeatureKind,
    pub spot: Option<Spot>,
}

pub fn describe(m: &Move) -> String {
    let spot = m.spot.map(|s| format!(" {}", s.words())).unwrap_or_default();
    format!("wagon from {} moves onto the {}{spot} at {}", m.from, m.kind, m.to)
}

/// Whether a feature that scored (`from`) and a feature on one of its tiles (`to`) are joined
/// by a road ending there: on a tile with a cloister or German castle, a road ends at it; on
/// a tile where three or more roads end, at the crossing (the other roads); else at the city
/// gate (the tile's cities). A bazaar joins nothing.
fn joined(game: &Game, from: SegId, to: SegId) -> bool {
    // A road ending at an abbey's side leads into the abbey (its cloister).
    if super::abbey::road_leads_in(game, from, to) {
        return true;
    }
    let to_members = game.members(to);
    let local = |s: SegId| game.locate(s).1.map(|l| &game.def(game.placement_of(s).kind).segments[l]);
    let road_end = |s: SegId| local(s).is_some_and(|seg| seg.kind == FeatureKind::Road && seg.edges.count_ones() == 1);
    game.members(from).into_iter().any(|m| {
        let p = *game.placement_of(m);
        let def = game.def(p.kind);
        if def.marks.contains(&Mark::Bazaar) {
            return false;
        }
        let centre = game.group_squares(p.group).iter().filter_map(|q| game.tile_at(*q)).any(|q| {
            game.def(q.kind).segments.iter().any(|s| matches!(s.kind, FeatureKind::Cloister | FeatureKind::Castle))
        });
        let ends = def.segments.iter().filter(|s| s.kind == FeatureKind::Road && s.edges.count_ones() == 1).count();
        let leads_to = |other: SegId| match game.feature_kind(other) {
            FeatureKind::Cloister | FeatureKind::Castle => centre,
            FeatureKind::Road => !centre && ends >= 3 && road_end(other),
            FeatureKind::City => !centre && ends < 3,
            _ => false,
        };
        to_members
            .iter()
            .filter(|t| game.placement_of(**t).pos == p.pos && **t != m)
            .any(|t| (road_end(m) && leads_to(*t)) || (road_end(*t) && leads_to(m)))
    })
}

/// Whether the feature is finished: a road or city closed, a cloister or German castle
/// surrounded.
fn finished(game: &Game, root: SegId) -> bool {
    match game.feature_kind(root) {
        FeatureKind::Cloister | FeatureKind::Castle => game.surrounded(game.placement_of(root).group),
        _ => game.open_edges(root) == 0,
    }
}

/// Whether the move is into a town the turn just completed, which only the literal RGG Big
/// Box 3 reading (`castle.wagon-special-move: can`) allows: the town may then become the
/// wagon's castle (Bridges, Castles and Bazaars builds it after the moves).
fn enters_completed_town(game: &Game, target: SegId) -> bool {
    game.options().of::<super::Options>().wagon_builds_castle
        && game.feature_kind(target) == FeatureKind::City
        && game.completions().iter().any(|c| c.info.root == target)
}

/// Plays the turn's wagon moves.
pub fn run(game: &mut Game, turn: &TurnContext) -> Result<(), Verdict> {
    let moves: Vec<Move> = turn.mv.extras.iter().filter_map(|e| e.get::<Move>()).cloned().collect();
    let mut used: Vec<(usize, usize)> = Vec::new();
    for m in &moves {
        one(game, turn, m, &mut used)?;
    }
    Ok(())
}

fn one(game: &mut Game, turn: &TurnContext, m: &Move, used: &mut Vec<(usize, usize)>) -> Result<(), Verdict> {
    let found = game.completions().iter().enumerate().find_map(|(ci, c)| {
        c.followers
            .iter()
            .enumerate()
            .find(|(fi, (_, sq, f))| *sq == m.from && *f == Figure::Wagon && !used.contains(&(ci, *fi)))
            .map(|(fi, f)| (ci, fi, f.0))
    });
    let Some((ci, fi, player)) = found else {
        return Err(Verdict::new(
            rule::WAGON_MOVE,
            format!("no wagon stood at {} on a feature scored this turn", m.from),
        ));
    };
    let scored = game.completions()[ci].info.root;
    let Some(p) = game.tile_at(m.to).copied() else {
        return Err(Verdict::new(rule::WAGON_MOVE, format!("no tile lies at {}", m.to)));
    };
    let local = game.def(p.kind).find_segment(p.rotation, m.kind, m.spot).map_err(|e| {
        Verdict::new(rule::WAGON_MOVE, format!("the wagon cannot move onto the {} at {}: {e}", m.kind, m.to))
    })?;
    let Some(seg) = game.segment_at(m.to, local) else {
        return Err(Verdict::new(rule::WAGON_MOVE, format!("nothing to stand on at {}", m.to)));
    };
    let target = game.feature_of(seg);
    let at = m.to;
    if !matches!(m.kind, FeatureKind::Road | FeatureKind::City | FeatureKind::Cloister | FeatureKind::Castle) {
        return Err(Verdict::new(rule::WAGON_PLACEMENT, format!("the wagon never goes into a field (at {at})")));
    }
    if target == scored || !joined(game, scored, target) {
        let bazaar = game.members(scored).into_iter().any(|s| {
            let p = game.placement_of(s);
            p.pos == at && game.def(p.kind).marks.contains(&Mark::Bazaar)
        });
        return Err(Verdict::new(
            if bazaar { rule::WAGON_BAZAAR } else { rule::WAGON_MOVE },
            format!(
                "the {} at {at} is not joined by a road to the feature the wagon left{}",
                m.kind,
                if bazaar { ": a bazaar stands between them" } else { "" }
            ),
        ));
    }
    let literal = enters_completed_town(game, target);
    if finished(game, target) && !literal {
        let city = m.kind == FeatureKind::City;
        return Err(Verdict::new(
            if city { rule::WAGON_NO_CASTLE } else { rule::WAGON_MOVE },
            format!(
                "the {} at {at} is finished: the wagon moves only onto an unfinished feature{}",
                m.kind,
                if city { ", so its move never enters a town to build a castle" } else { "" }
            ),
        ));
    }
    if game.followers().iter().any(|f| game.feature_of(f.segment) == target) {
        return Err(Verdict::new(
            rule::WAGON_MOVE,
            format!("the {} at {at} is occupied: the wagon moves only onto an empty feature", m.kind),
        ));
    }
    used.push((ci, fi));
    game.deploy_figure(player, seg, Figure::Wagon);
    game.award(ScoreEvent {
        timing: Timing::Turn(turn.turn),
        players: smallvec![player],
        feature: FeatureRef::new(m.kind, at, u8::MAX, "wagon", 0),
        items: smallvec![ScoreItem { rule: rule::WAGON_MOVE, label: "wagon moved", count: 1, each: 0 }],
        because: if literal { smallvec![rule::WAGON_CASTLE_LITERAL] } else { smallvec![] },
    });
    Ok(())
}

/// The wagon moves that might follow `mv` (played as `after`): for each wagon on a feature
/// the move completed (and the player's own, who may deploy theirs on the new tile), the
/// moves onto each joined, unfinished, unoccupied feature; one list per wagon.
pub fn movers(after: &Game, player: PlayerId, mv: &crate::engine::Move) -> Vec<Vec<Move>> {
    let mut out: Vec<Vec<Move>> = Vec::new();
    let wagon_left = after.players()[player.index()].in_supply(Figure::Wagon) > 0;
    for c in after.completions() {
        let root = c.info.root;
        let mut from: Vec<Pos> =
            c.followers.iter().filter(|(_, _, f)| *f == Figure::Wagon).map(|(_, sq, _)| *sq).collect();
        let on_new_tile = after.members(root).iter().any(|m| after.placement_of(*m).pos == mv.pos);
        if on_new_tile && wagon_left && !from.contains(&mv.pos) {
            from.push(mv.pos);
        }
        if from.is_empty() {
            continue;
        }
        let targets = targets(after, root);
        if targets.is_empty() {
            continue;
        }
        for f in from {
            out.push(
                targets.iter().map(|(to, kind, spot)| Move { from: f, to: *to, kind: *kind, spot: *spot }).collect(),
            );
        }
    }
    out
}

/// The features a wagon on `scored` may move onto, each by its square and as a player names
/// it there.
fn targets(game: &Game, scored: SegId) -> Vec<(Pos, FeatureKind, Option<Spot>)> {
    let mut seen: Vec<SegId> = Vec::new();
    let mut out = Vec::new();
    for m in game.members(scored) {
        let p = *game.placement_of(m);
        for local in 0..game.def(p.kind).segments.len() {
            let Some(seg) = game.segment_at(p.pos, local) else { continue };
            let root = game.feature_of(seg);
            let kind = game.feature_kind(seg);
            if root == scored || seen.contains(&root) {
                continue;
            }
            if !matches!(kind, FeatureKind::Road | FeatureKind::City | FeatureKind::Cloister | FeatureKind::Castle) {
                continue;
            }
            if !joined(game, scored, root) || (finished(game, root) && !enters_completed_town(game, root)) {
                continue;
            }
            if game.followers().iter().any(|f| game.feature_of(f.segment) == root) {
                continue;
            }
            let spot = match kind {
                FeatureKind::Road | FeatureKind::City => crate::geom::Edge::ALL
                    .into_iter()
                    .find(|e| game.def(p.kind).segment_on_edge(p.rotation, *e) == Some(local))
                    .map(Spot::Edge),
                _ => None,
            };
            seen.push(root);
            out.push((p.pos, kind, spot));
        }
    }
    // An abbey a road of the feature ends at (`abbey::road_leads_in`).
    for (at, seg) in super::abbey::cloisters_led_into(game, scored) {
        let root = game.feature_of(seg);
        let occupied = game.followers().iter().any(|f| game.feature_of(f.segment) == root);
        if !seen.contains(&root) && !finished(game, root) && !occupied {
            seen.push(root);
            out.push((at, FeatureKind::Cloister, None));
        }
    }
    out
}
