//! The Drawbridges: a road leading to a drawbridge may send its followers into the city.
//!
//! Tiles mark which road segments lead to a city through a drawbridge (`drawbridges` in the
//! tile notation). After a turn's scoring, for every road completed that turn, the player
//! who alone had the majority on it may move followers from it, now home, into the
//! incomplete cities behind its drawbridges, as the scenario says (`drawbridge:`).

use super::{Expansion, ExpansionId, Extra, Options as AllOptions};
use crate::engine::features::SegId;
use crate::engine::{Game, Move, Phase, Trials, TurnContext};
use crate::geom::Pos;
use crate::score::{FeatureRef, PlayerId, ScoreEvent, ScoreItem, Timing, Verdict};
use crate::tile::FeatureKind;
use smallvec::smallvec;

pub struct Db;

/// After a road is scored, its majority holder moves the follower that stood at `from` over
/// the drawbridge on the tile at `to` into that city; `city` picks the city when the tile at
/// `to` has drawbridges to two.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Crossing {
    pub from: Pos,
    pub to: Pos,
    pub city: Option<crate::tile::Spot>,
}

const MOVES: &str = "drawbridge";

impl Expansion for Db {
    /// No action of this expansion changes an edge.
    fn edge_changes(&self) -> super::EdgeChanges {
        super::EdgeChanges::None
    }

    fn id(&self) -> ExpansionId {
        ExpansionId::Db
    }

    fn rule_book(&self) -> &'static crate::rules::RuleBook {
        &rule::BOOK
    }

    fn takes(&self, action: &Extra) -> bool {
        action.get::<Crossing>().is_some()
    }

    fn describe(&self, _game: &Game, action: &Extra) -> Option<String> {
        let c = action.get::<Crossing>()?;
        let city = c.city.map(|s| format!(" ({})", s.words())).unwrap_or_default();
        Some(format!("follower at {} over the drawbridge at {}{city}", c.from, c.to))
    }

    fn needs_completions(&self) -> bool {
        // The move depends on who held the road, after its followers went home.
        true
    }

    fn phases(&self, _options: &AllOptions, seq: &mut Vec<Phase>) {
        // rule::ROAD_SCORED_FIRST: the road is scored, then the drawbridge is looked at.
        let at = seq.iter().position(|p| *p == Phase::ScoreCompleted).map_or(seq.len(), |i| i + 1);
        seq.insert(at, Phase::Expansion(ExpansionId::Db, MOVES));
    }

    fn order_completed(&self, game: &Game, completed: &mut Vec<SegId>) {
        // rule::ROAD_SCORED_FIRST: "you first score the road as usual", then the drawbridge.
        completed.sort_by_key(|s| game.feature_kind(*s) != FeatureKind::Road);
    }

    fn offers_actions(&self) -> bool {
        true
    }

    /// For each set offered before (and none): the roads that set completes, and on each
    /// the followers of a player who may hold it alone (its majority, or the active player,
    /// who may add one on the new tile); each follower crosses one of the road's drawbridges
    /// into an incomplete city, or none. Every combination is offered, each follower named
    /// by its square, each drawbridge by its tile (and its city, when that tile has two).
    fn action_options(
        &self,
        _game: &Game,
        trials: &mut Trials,
        player: PlayerId,
        mv: &Move,
        turn: u16,
        out: &mut Vec<Vec<Extra>>,
    ) {
        super::offer_moves_after(trials, player, mv, turn, out, Self::movers);
    }

    fn run_phase(&self, game: &mut Game, _phase: &'static str, turn: &TurnContext) -> Result<(), Verdict> {
        Self::why_nobody_crosses(game, turn.turn);
        let mut used: Vec<(usize, usize)> = Vec::new();
        for c in turn.mv.extras.iter().filter_map(|e| e.get::<Crossing>()) {
            Self::move_one(game, turn, c.from, c.to, c.city, &mut used)?;
        }
        Ok(())
    }
}

impl Db {
    /// For each follower that might cross over a drawbridge once `mv` is played (`after`),
    /// where it may go: on each road the move completed into incomplete cities, the
    /// followers of a player who may hold it alone (its majority, or `player`, who may add
    /// one on the new tile).
    fn movers(after: &Game, player: PlayerId, mv: &Move) -> Vec<Vec<Crossing>> {
        let mut movers: Vec<Vec<Crossing>> = Vec::new();
        for c in after.completions().iter().filter(|c| c.info.kind == FeatureKind::Road) {
            let targets = Self::drawbridges(after, c.info.root);
            if targets.is_empty() {
                continue;
            }
            let members = after.members(c.info.root);
            let on_new_tile = members.iter().any(|m| after.placement_of(*m).pos == mv.pos);
            let mut from: Vec<Pos> = c
                .followers
                .iter()
                .filter(|(p, _, _)| c.majority.contains(p) || *p == player)
                .map(|(_, sq, _)| *sq)
                .collect();
            if on_new_tile {
                from.push(mv.pos);
            }
            for f in from {
                movers.push(targets.iter().map(|(to, city)| Crossing { from: f, to: *to, city: *city }).collect());
            }
        }
        movers
    }

    /// The drawbridges of a road into incomplete cities: the square of each and, when the
    /// road reaches two cities there, the city (by an edge of it).
    fn drawbridges(game: &Game, road: SegId) -> Vec<(Pos, Option<crate::tile::Spot>)> {
        let mut found: Vec<(Pos, SegId, usize, crate::tile::TileKind, crate::geom::Rotation)> = Vec::new();
        for m in game.members(road) {
            let (at, Some(local)) = game.locate(m) else { continue };
            let p = *game.placement_of(m);
            for &city in &game.def(p.kind).segments[local].drawbridges {
                let Some(seg) = game.segment_at(at, city as usize) else { continue };
                let root = game.feature_of(seg);
                if game.open_edges(root) > 0 && !found.iter().any(|(q, r, ..)| *q == at && *r == root) {
                    found.push((at, root, city as usize, p.kind, p.rotation));
                }
            }
        }
        found
            .iter()
            .map(|(at, _, city, kind, r)| {
                let two = found.iter().filter(|(q, ..)| q == at).count() > 1;
                let edge =
                    crate::geom::Edge::ALL.into_iter().find(|e| game.def(*kind).segment_on_edge(*r, *e) == Some(*city));
                (*at, if two { edge.map(crate::tile::Spot::Edge) } else { None })
            })
            .collect()
    }

    /// For every road completed this turn that leads to drawbridges, says in the report why
    /// its followers may not cross: the city behind is complete (the drawbridge is up), or
    /// no single player holds the road.
    fn why_nobody_crosses(game: &mut Game, turn: u16) {
        let mut notes: Vec<ScoreEvent> = Vec::new();
        for c in game.completions().iter().filter(|c| c.info.kind == FeatureKind::Road && !c.majority.is_empty()) {
            let mut cities: Vec<(SegId, Pos)> = Vec::new();
            for m in game.members(c.info.root) {
                let (at, Some(local)) = game.locate(m) else { continue };
                let p = *game.placement_of(m);
                for &city in &game.def(p.kind).segments[local].drawbridges {
                    let Some(seg) = game.segment_at(at, city as usize) else { continue };
                    if !cities.iter().any(|(s, _)| game.feature_of(*s) == game.feature_of(seg)) {
                        cities.push((seg, at));
                    }
                }
            }
            let tied = c.majority.len() > 1;
            let mut tie_said = false;
            for (city, at) in cities {
                let (rule, label) = if game.open_edges(city) == 0 {
                    (rule::COMPLETED_CITY_UP, "drawbridge up: the city is complete")
                } else if tied && !tie_said {
                    tie_said = true;
                    (rule::TIE_NO_MOVE, "no single player holds the road: nobody crosses")
                } else {
                    continue;
                };
                notes.push(ScoreEvent {
                    timing: Timing::Turn(turn),
                    players: c.majority.as_slice().into(),
                    feature: FeatureRef::new(
                        FeatureKind::City,
                        at,
                        game.locate(city).1.map_or(u8::MAX, |l| l as u8),
                        format!("drawbridge to {}", game.describe(city)),
                        0,
                    ),
                    items: smallvec![ScoreItem { rule, label, count: 1, each: 0 }],
                    because: smallvec![rule::ROAD_SCORED_FIRST],
                });
            }
        }
        for n in notes {
            game.award(n);
        }
    }

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
                .find(|(fi, (_, sq, _))| *sq == from && !used.contains(&(ci, *fi)))
                .map(|(fi, f)| (ci, fi, *f))
        });
        let Some((ci, fi, (player, _, figure))) = found else {
            return Err(Verdict::new(
                rule::INCOMPLETE_CITY_MOVE,
                format!("no follower stood at {from} on a road completed this turn"),
            ));
        };
        let completion = game.completions()[ci].clone();
        if completion.majority.len() != 1 {
            return Err(Verdict::new(rule::TIE_NO_MOVE, "no single player had the majority on the road: nobody moves"));
        }
        if completion.majority[0] != player {
            return Err(Verdict::new(
                rule::INCOMPLETE_CITY_MOVE,
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
                rule::INCOMPLETE_CITY_MOVE,
                format!("the road has no drawbridge on the tile at {to}"),
            ));
        };
        if game.open_edges(city) == 0 {
            return Err(Verdict::new(
                rule::COMPLETED_CITY_UP,
                format!("the city behind the drawbridge at {to} is complete: the drawbridge is up"),
            ));
        }
        used.push((ci, fi));
        // The same figure crosses: it went home when the road was scored.
        game.deploy_figure(player, city, figure);
        game.award(ScoreEvent {
            timing: Timing::Turn(turn.turn),
            players: smallvec![player],
            feature: FeatureRef::new(FeatureKind::City, to, u8::MAX, "drawbridge", 0),
            items: smallvec![ScoreItem {
                rule: rule::INCOMPLETE_CITY_MOVE,
                label: "follower over the drawbridge",
                count: 1,
                each: 0,
            }],
            because: smallvec![rule::ROAD_SCORED_FIRST],
        });
        Ok(())
    }
}

pub mod rule {
    //! The rules of The Drawbridges. Their wording and sources are in the catalogue file named below.

    crate::rules::rule_ids! {
        catalogue: "rulesets/rules/db.yaml";
        /// A completed road leading to a drawbridge is scored first, then the drawbridge is looked at.
        ROAD_SCORED_FIRST = "db.scoring.road-scored-first",
        /// A drawbridge whose city is complete is up: nothing more happens.
        COMPLETED_CITY_UP = "db.scoring.completed-city-up",
        /// Into an incomplete city the road's sole majority holder may move followers from the road.
        INCOMPLETE_CITY_MOVE = "db.scoring.incomplete-city-move",
        /// Without a sole majority on the road nobody moves.
        TIE_NO_MOVE = "db.scoring.tie-no-move",
    }
}
