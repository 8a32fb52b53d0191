//! Bridges, Castles and Bazaars (1st edition): bridges.
//!
//! A bridge is a road segment added to a placed tile straight across it (`Game::add_segment`).
//! It is built in its own phase right after the tile is laid, so that a follower may stand on
//! it and the turn's scoring sees the road it completes.

use super::{Expansion, ExpansionId, Extra, Options as AllOptions};
use crate::engine::{FeatureInfo, FollowerOn, Game, Move, Phase, TurnContext};
use crate::geom::{Axis, Edge, Pos};
use crate::rules::RuleId;
use crate::ruleset::Profile;
use crate::score::{PlayerId, Verdict};
use crate::tile::{FeatureKind, Terrain};

/// The typed options of this expansion (its edition switches arrive with castles and bazaars).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub struct Options {}

impl Options {
    pub fn read(_p: &Profile) -> Options {
        Options {}
    }
}

/// Pieces in each player's supply.
#[derive(Clone, Debug, PartialEq, Eq, Default)]
pub struct State {
    pub bridges: Vec<u8>,
    pub castles: Vec<u8>,
}

/// Bridges and castle tokens each player receives: three each with two to four players,
/// two each with five or six (`bcb1.setup.*`).
pub fn pieces_per_player(players: usize) -> u8 {
    if players >= 5 {
        2
    } else {
        3
    }
}

pub struct Bcb1;

const BRIDGE_PHASE: &str = "bridge";

fn bridge_of(mv: &Move) -> impl Iterator<Item = (Pos, Axis)> + '_ {
    mv.extras.iter().map(|x| match x {
        Extra::Bridge { at, axis } => (*at, *axis),
    })
}

impl Bcb1 {
    /// What lies along a board edge of the tile at `at`: the new tile's printed edge, or a
    /// placed tile's edge counting bridges already built.
    fn edge_at(game: &Game, mv: &Move, at: Pos, e: Edge) -> Option<Terrain> {
        if at == mv.pos {
            return Some(game.def(mv.tile).edge(mv.rotation, e));
        }
        game.tile_at(at).map(|p| game.edge_terrain(p, e))
    }

    fn check_bridge(game: &Game, player: PlayerId, mv: &Move, at: Pos, axis: Axis) -> Result<(), Verdict> {
        if game.state.bcb1.bridges.get(player.index()).copied().unwrap_or(0) == 0 {
            return Err(Verdict::new(
                RuleId::PieceSupply,
                format!("{} has no bridge left to build", game.player_name(player)),
            ));
        }
        let adjacent = Edge::ALL.iter().any(|e| mv.pos.step(*e) == at);
        if at != mv.pos && !adjacent {
            return Err(Verdict::new(
                RuleId::BridgeLocation,
                format!("a bridge goes on the tile just placed at {} or on a tile beside it, not at {at}", mv.pos),
            ));
        }
        if at != mv.pos && game.tile_at(at).is_none() {
            return Err(Verdict::new(RuleId::BridgeLocation, format!("there is no tile at {at} to build a bridge on")));
        }
        if let Some(p) = game.tile_at(at).filter(|_| at != mv.pos) {
            if game
                .added_segments()
                .iter()
                .any(|a| a.label == "bridge" && game.placed()[a.placed as usize].pos == p.pos)
            {
                return Err(Verdict::new(
                    RuleId::BridgeNoCrossing,
                    format!("the tile at {at} already carries a bridge"),
                ));
            }
        }
        for e in axis.edges() {
            let t = Self::edge_at(game, mv, at, e).unwrap_or(Terrain::Field);
            if t != Terrain::Field {
                return Err(Verdict::new(
                    RuleId::BridgeEndsOnField,
                    format!(
                        "the bridge's {} end would lie on a {} edge of the tile at {at}",
                        e.word(),
                        terrain_name(t)
                    ),
                ));
            }
        }
        for e in axis.edges() {
            let q = at.step(e);
            if let Some(t) = Self::edge_at(game, mv, q, e.opposite()) {
                if t != Terrain::Road {
                    return Err(Verdict::new(
                        RuleId::BridgeEndsConnect,
                        format!(
                            "the bridge's {} end meets a {} edge of the tile at {q}: it must continue a road or face an empty square",
                            e.word(),
                            terrain_name(t)
                        ),
                    ));
                }
            }
        }
        Ok(())
    }
}

fn terrain_name(t: Terrain) -> &'static str {
    match t {
        Terrain::City => "city",
        Terrain::Road => "road",
        Terrain::Field => "field",
    }
}

impl Expansion for Bcb1 {
    fn id(&self) -> ExpansionId {
        ExpansionId::Bcb1
    }

    fn setup(&self, game: &mut Game) {
        let n = game.players().len();
        game.state.bcb1 = State { bridges: vec![pieces_per_player(n); n], castles: vec![pieces_per_player(n); n] };
    }

    fn phases(&self, _options: &AllOptions, seq: &mut Vec<Phase>) {
        // RuleId::BridgeFollower: the bridge comes before the follower, who may stand on it.
        let at = seq.iter().position(|p| *p == Phase::PlaceTile).map_or(0, |i| i + 1);
        seq.insert(at, Phase::Expansion(ExpansionId::Bcb1, BRIDGE_PHASE));
    }

    fn pending_edges(&self, _game: &Game, _player: PlayerId, mv: &Move, out: &mut Vec<(Pos, Edge, Terrain)>) {
        for (at, axis) in bridge_of(mv) {
            for e in axis.edges() {
                out.push((at, e, Terrain::Road));
            }
        }
    }

    fn check_placement(&self, game: &Game, player: PlayerId, mv: &Move) -> Result<(), Verdict> {
        let bridges: Vec<(Pos, Axis)> = bridge_of(mv).collect();
        if bridges.len() > 1 {
            return Err(Verdict::new(RuleId::BridgeOnePerTurn, "a player may build only one bridge in a turn"));
        }
        if let Some(&(at, axis)) = bridges.first() {
            Self::check_bridge(game, player, mv, at, axis)?;
        }
        if mv.follower == Some(FollowerOn::Added(FeatureKind::Road)) && !bridges.iter().any(|(at, _)| *at == mv.pos) {
            return Err(Verdict::new(
                RuleId::BridgeFollower,
                format!("a follower may stand on a bridge only when it is built on the tile just placed at {}", mv.pos),
            ));
        }
        Ok(())
    }

    fn run_phase(&self, game: &mut Game, phase: &'static str, turn: &TurnContext) -> Result<(), Verdict> {
        if phase != BRIDGE_PHASE {
            return Ok(());
        }
        for (at, axis) in bridge_of(&turn.mv) {
            game.add_segment(at, FeatureKind::Road, axis.mask(), "bridge");
            if let Some(n) = game.state.bcb1.bridges.get_mut(turn.player.index()) {
                *n -= 1;
            }
        }
        Ok(())
    }

    fn explain(&self, game: &Game, f: &FeatureInfo, because: &mut Vec<RuleId>) {
        if f.kind != FeatureKind::Road {
            return;
        }
        let members = game.members(f.root);
        let bridges: Vec<_> = members.iter().filter(|m| game.locate(**m).1.is_none()).collect();
        if bridges.is_empty() {
            return;
        }
        because.push(RuleId::BridgeCountsAsRoad);
        let shares_a_tile = bridges.iter().any(|b| {
            let at = game.placement_of(**b).pos;
            members.iter().any(|m| m != *b && game.placement_of(*m).pos == at)
        });
        if shares_a_tile {
            because.push(RuleId::BridgeSameTile);
        }
    }
}
