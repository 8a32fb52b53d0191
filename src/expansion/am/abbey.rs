//! The abbey (1st edition): each player's one abbey tile, played instead of drawing a land
//! tile, only into a hole (a free square with tiles on all four sides, whatever they show).
//! The engine lays it as any tile whose sides are walls (`TileDef::walled`: it fits whatever
//! it meets, each side ends the road or city across it, which may complete, and bounds the
//! field); it is a cloister, which a monk may take and which scores as one. After the last
//! land tile (`last-tile: true` on that turn) the players still holding their abbey may play
//! it, in turn order from the player after the one who laid the last tile; nothing else is
//! played then. Here: whose abbey is spent, those checks, and the rules the scoring cites.

use super::{rule, State};
use crate::engine::features::SegId;
use crate::engine::{FeatureInfo, Game, Move, TurnContext};
use crate::geom::{Edge, Pos};
use crate::score::{PlayerId, Verdict};
use crate::tile::FeatureKind;

/// The turn that lays the last land tile: the turns after it are the end of the game's abbey
/// turns.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct LastTile;

/// An abbey of the starting board: whose it was (`abbey-of: Red`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct AbbeyOf(pub PlayerId);

/// An abbey on the board: whose, and where.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Played {
    pub player: Option<PlayerId>,
    pub at: Pos,
}

/// Whether the player has played their abbey.
pub fn spent(game: &Game, player: PlayerId) -> bool {
    game.state_of::<State>().abbeys.iter().any(|a| a.player == Some(player))
}

/// How far after the player who laid the last tile `player` comes in turn order (1 the next).
fn after(game: &Game, last: PlayerId, player: PlayerId) -> usize {
    let n = game.players().len().max(1);
    (player.index() + n - last.index() - 1) % n + 1
}

/// The checks of a move with the abbey, and of any move after the last land tile.
pub fn check(game: &Game, player: PlayerId, mv: &Move) -> Result<(), Verdict> {
    let abbey = game.def(mv.tile).walled();
    let state = game.state_of::<State>();
    if let Some((last, prev)) = state.last_tile {
        if !abbey {
            return Err(Verdict::new(
                rule::ABBEY_AFTER_LAST,
                format!(
                    "the last land tile has been laid: only abbeys may still be played, not tile {}",
                    game.def(mv.tile).id
                ),
            ));
        }
        if prev.is_some_and(|p| after(game, last, player) <= after(game, last, p)) {
            return Err(Verdict::new(
                rule::ABBEY_AFTER_LAST,
                format!(
                    "after the last land tile the abbeys are played in turn order from the player after {}: {} comes too late",
                    game.player_name(last),
                    game.player_name(player)
                ),
            ));
        }
    }
    if !abbey {
        if mv.extras.iter().any(|x| x.get::<LastTile>().is_some()) && state.last_tile.is_some() {
            return Err(Verdict::new(rule::ABBEY_AFTER_LAST, "the last land tile has been laid already"));
        }
        return Ok(());
    }
    if mv.extras.iter().any(|x| x.get::<LastTile>().is_some()) {
        return Err(Verdict::new(rule::ABBEY_AFTER_LAST, "the last land tile is a tile drawn, never the abbey"));
    }
    if spent(game, player) {
        return Err(Verdict::new(
            rule::ABBEY_ONE,
            format!("{} has played their abbey already: each player has one", game.player_name(player)),
        ));
    }
    if game.tile_at(mv.pos).is_none() {
        if let Some(e) = Edge::ALL.into_iter().find(|e| game.tile_at(mv.pos.step(*e)).is_none()) {
            return Err(Verdict::new(
                rule::ABBEY,
                format!(
                    "the abbey goes only into a hole with tiles on all four sides: no tile lies {} of {}",
                    e.word(),
                    mv.pos
                ),
            ));
        }
    }
    Ok(())
}

/// The `abbey` phase, after the tile is laid: the player's abbey is spent; the last land tile
/// opens the end of the game's abbey turns.
pub fn run(game: &mut Game, turn: &TurnContext) -> Result<(), Verdict> {
    let abbey = game.def(turn.mv.tile).walled();
    let last = turn.mv.extras.iter().any(|x| x.get::<LastTile>().is_some());
    let state = game.state_of_mut::<State>();
    if abbey {
        state.abbeys.push(Played { player: Some(turn.player), at: turn.mv.pos });
        if let Some((_, prev)) = &mut state.last_tile {
            *prev = Some(turn.player);
        }
    }
    if last {
        state.last_tile = Some((turn.player, None));
    }
    Ok(())
}

/// An abbey of the starting board, written on its tile (`abbey-of: Red`).
pub fn setup(game: &mut Game, at: Pos, of: AbbeyOf) -> Result<(), Verdict> {
    let is_abbey = game.tile_at(at).is_some_and(|t| game.def(t.kind).walled());
    if !is_abbey {
        return Err(Verdict::new(
            rule::ABBEY,
            format!("`abbey-of` names whose abbey lies at {at}, but none lies there"),
        ));
    }
    if spent(game, of.0) {
        return Err(Verdict::new(
            rule::ABBEY_ONE,
            format!("{} has played their abbey already: each player has one", game.player_name(of.0)),
        ));
    }
    let state = game.state_of_mut::<State>();
    match state.abbeys.iter_mut().find(|a| a.at == at) {
        Some(a) => a.player = Some(of.0),
        None => state.abbeys.push(Played { player: Some(of.0), at }),
    }
    Ok(())
}

/// The rules a scored feature owes to an abbey: a cloister that is one, and a road or city an
/// abbey's side closed.
pub fn explain(game: &Game, feature: &FeatureInfo, because: &mut crate::score::Rules) {
    match feature.kind {
        FeatureKind::Cloister if game.tile_at(feature.at).is_some_and(|t| game.def(t.kind).walled()) => {
            because.push(rule::ABBEY_CLOISTER);
        }
        FeatureKind::Road | FeatureKind::City => {
            let closes = game.placed().iter().filter(|p| game.def(p.kind).walled()).any(|p| {
                Edge::ALL.into_iter().any(|e| {
                    game.tile_at(p.pos.step(e))
                        .and_then(|n| game.edge_segment(n, e.opposite()))
                        .is_some_and(|s| game.feature_of(s) == feature.root)
                })
            });
            if closes {
                because.push(rule::ABBEY_CLOSES);
            }
        }
        _ => {}
    }
}

/// Whether `to` is an abbey's cloister and a road of the feature `from` ends at one of the
/// abbey's sides: the road leads into the abbey, so a wagon may move along it
/// (`am.wagon.move`; JCloisterZone's engine tests play it so).
pub fn road_leads_in(game: &Game, from: SegId, to: SegId) -> bool {
    let p = *game.placement_of(to);
    if game.feature_kind(to) != FeatureKind::Cloister || !game.def(p.kind).walled() {
        return false;
    }
    let from = game.feature_of(from);
    Edge::ALL.into_iter().any(|e| {
        game.tile_at(p.pos.step(e))
            .and_then(|n| game.edge_segment(n, e.opposite()))
            .is_some_and(|s| game.feature_kind(s) == FeatureKind::Road && game.feature_of(s) == from)
    })
}

/// The abbeys' cloisters a road of the feature `from` leads into ([`road_leads_in`]), each
/// with its square.
pub fn cloisters_led_into(game: &Game, from: SegId) -> Vec<(Pos, SegId)> {
    let mut out = Vec::new();
    for p in game.placed().iter().filter(|p| game.def(p.kind).walled()) {
        let cloister = game.def(p.kind).segments.iter().position(|s| s.kind == FeatureKind::Cloister);
        if let Some(seg) = cloister.and_then(|l| game.segment_at(p.pos, l)) {
            if road_leads_in(game, from, seg) {
                out.push((p.pos, seg));
            }
        }
    }
    out
}
