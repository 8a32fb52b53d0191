//! The Drawbridges: a road leading to a drawbridge may send its followers into the city.
//!
//! Tiles mark which road segments lead to a city through a drawbridge (`drawbridges` in the
//! tile notation). After a turn's scoring, for every road completed that turn, the player
//! who alone had the majority on it may move followers from it, now home, into the
//! incomplete cities behind its drawbridges, as the scenario says (`drawbridge:`).

use super::{Expansion, ExpansionId, Extra, Options as AllOptions};
use crate::engine::{Game, Phase, TurnContext};
use crate::geom::Pos;
use crate::rules::RuleId;
use crate::score::{FeatureRef, ScoreEvent, ScoreItem, Timing, Verdict};
use crate::tile::FeatureKind;

pub struct Db;

const MOVES: &str = "drawbridge";

impl Expansion for Db {
    fn id(&self) -> ExpansionId {
        ExpansionId::Db
    }

    fn needs_completions(&self) -> bool {
        // The move depends on who held the road, after its followers went home.
        true
    }

    fn phases(&self, _options: &AllOptions, seq: &mut Vec<Phase>) {
        // RuleId::DbRoadScoredFirst: the road is scored, then the drawbridge is looked at.
        let at = seq.iter().position(|p| *p == Phase::ScoreCompleted).map_or(seq.len(), |i| i + 1);
        seq.insert(at, Phase::Expansion(ExpansionId::Db, MOVES));
    }

    fn run_phase(&self, game: &mut Game, _phase: &'static str, turn: &TurnContext) -> Result<(), Verdict> {
        let mut used: Vec<(usize, usize)> = Vec::new();
        for x in &turn.mv.extras {
            let Extra::DrawbridgeMove { from, to, city } = x else { continue };
            Self::move_one(game, turn, *from, *to, *city, &mut used)?;
        }
        Ok(())
    }
}

impl Db {
    fn move_one(
        game: &mut Game,
        turn: &TurnContext,
        from: Pos,
        to: Pos,
        spot: Option<crate::tile::Spot>,
        used: &mut Vec<(usize, usize)>,
    ) -> Result<(), Verdict> {
        // The completed road this turn with a follower on `from`.
        let found = game.completions().iter().enumerate().find_map(|(ci, c)| {
            if c.info.kind != FeatureKind::Road {
                return None;
            }
            c.followers
                .iter()
                .enumerate()
                .find(|(fi, (_, sq))| *sq == from && !used.contains(&(ci, *fi)))
                .map(|(fi, f)| (ci, fi, *f))
        });
        let Some((ci, fi, (player, _))) = found else {
            return Err(Verdict::new(
                RuleId::DbIncompleteCityMove,
                format!("no follower stood at {from} on a road completed this turn"),
            ));
        };
        let completion = game.completions()[ci].clone();
        if completion.majority.len() != 1 {
            return Err(Verdict::new(
                RuleId::DbTieNoMove,
                "no single player had the majority on the road: nobody moves",
            ));
        }
        if completion.majority[0] != player {
            return Err(Verdict::new(
                RuleId::DbIncompleteCityMove,
                format!("only the player with the majority on the road may move, not {}", game.player_name(player)),
            ));
        }
        // The drawbridge on the tile at `to`: a road segment of this road leading to a city.
        let road = completion.info.root;
        // The city named (`city: N`), else the first the road's drawbridges there lead to.
        let wanted = spot.and_then(|sp| {
            let p = game.tile_at(to)?;
            game.def(p.kind).find_segment(p.rotation, FeatureKind::City, Some(sp)).ok()
        });
        let target = game.members(road).into_iter().find_map(|m| {
            let p = *game.placement_of(m);
            if p.pos != to {
                return None;
            }
            let local = game.locate(m).1?;
            let links = &game.def(p.kind).segments[local].drawbridges;
            let city = match wanted {
                Some(w) => *links.iter().find(|c| **c as usize == w)?,
                None => *links.first()?,
            };
            game.segment_at(p.pos, city as usize)
        });
        let Some(city) = target else {
            return Err(Verdict::new(
                RuleId::DbIncompleteCityMove,
                format!("the road has no drawbridge on the tile at {to}"),
            ));
        };
        if game.open_edges(city) == 0 {
            return Err(Verdict::new(
                RuleId::DbCompletedCityUp,
                format!("the city behind the drawbridge at {to} is complete: the drawbridge is up"),
            ));
        }
        used.push((ci, fi));
        game.deploy(player, city);
        game.award(ScoreEvent {
            timing: Timing::Turn(turn.turn),
            players: vec![player],
            feature: FeatureRef {
                kind: FeatureKind::City,
                at: to,
                segment: u8::MAX,
                name: "drawbridge".to_string(),
                tiles: 0,
            },
            items: vec![ScoreItem {
                rule: RuleId::DbIncompleteCityMove,
                label: "follower over the drawbridge",
                count: 1,
                each: 0,
            }],
            because: vec![RuleId::DbRoadScoredFirst],
        });
        Ok(())
    }
}
