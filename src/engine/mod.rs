//! The game: tiles placed, features grown, followers deployed, points scored.
//!
//! A turn flows through [`Game::play`]: check the move (core rules, then every expansion's
//! veto), lay the tile and join its features to its neighbours', deploy the follower, score
//! what the tile completed (each expansion adds its items), and return the scored followers.
//! [`Game::finish`] runs the final scoring. Points enter a score only through a
//! [`ScoreEvent`], whose items each cite a rule.

pub mod board;
pub mod features;

use crate::expansion::{self, Expansion, ExpansionId, Options};
use crate::geom::{Edge, Pos, Rotation};
use crate::rules::RuleId;
use crate::score::{FeatureRef, PlayerId, ScoreEvent, Timing, Verdict};
use crate::tile::{FeatureKind, Terrain, TileDef, TileKind, TileSet};
use board::Board;
use features::{Features, SegId};

/// The moments of a turn, in order. The sequence is built once per game by [`phases`]: the
/// order of phases is itself a rule, so it lives in one place.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Phase {
    /// Lay the drawn tile and join its features to its neighbours'.
    PlaceTile,
    /// Deploy the active player's follower on the new tile.
    DeployFollower,
    /// Score what the tile completed; the scored followers go home.
    ScoreCompleted,
    /// A moment an expansion adds (a bridge, a castle, an auction): its `run_phase` hook runs.
    Expansion(ExpansionId, &'static str),
}

/// The phase sequence of a turn for these options and expansions (base phases first; each
/// expansion may insert its own, in registry order).
pub fn phases(options: &Options, expansions: &[&'static dyn Expansion]) -> Vec<Phase> {
    let mut seq = vec![Phase::PlaceTile, Phase::DeployFollower, Phase::ScoreCompleted];
    for x in expansions {
        x.phases(options, &mut seq);
    }
    seq
}

/// The turn being played, as phase hooks see it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TurnContext {
    pub player: PlayerId,
    pub mv: Move,
    pub turn: u16,
}

/// Why a tile does not fit on a square.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Misfit {
    Occupied,
    Alone,
    Edge(Edge),
}

/// Followers each player starts with (the eighth is the score marker).
pub const FOLLOWERS_PER_PLAYER: u8 = 7;

/// A tile placement, with the follower deployed on it (a segment of the tile).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Move {
    pub tile: TileKind,
    pub pos: Pos,
    pub rotation: Rotation,
    pub follower: Option<usize>,
    /// A follower meant for another square than the new tile's (which the rules forbid).
    pub follower_square: Option<Pos>,
}

impl Move {
    /// A placement without a follower.
    pub fn new(tile: TileKind, pos: Pos, rotation: Rotation) -> Move {
        Move { tile, pos, rotation, follower: None, follower_square: None }
    }
}

/// A tile on the board.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Placed {
    pub kind: TileKind,
    pub pos: Pos,
    pub rotation: Rotation,
    first_segment: u32,
}

/// A follower on the board.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Follower {
    pub player: PlayerId,
    pub segment: SegId,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Player {
    pub name: String,
    pub score: i32,
    pub supply: u8,
}

/// A feature as the scoring hooks see it.
#[derive(Clone, Debug)]
pub struct FeatureInfo {
    pub root: SegId,
    pub kind: FeatureKind,
    /// Distinct tiles (a cloister: itself and its neighbours).
    pub tiles: u32,
    pub pennants: u32,
    pub at: Pos,
    /// The feature's segment on the tile at `at`.
    pub segment: u8,
}

pub struct Game<'t> {
    tiles: &'t TileSet,
    options: Options,
    expansions: Vec<&'static dyn Expansion>,
    players: Vec<Player>,
    board: Board,
    placed: Vec<Placed>,
    features: Features,
    followers: Vec<Follower>,
    events: Vec<ScoreEvent>,
    phases: Vec<Phase>,
}

impl<'t> Game<'t> {
    pub fn new(tiles: &'t TileSet, options: Options, expansions: &[ExpansionId], players: &[String]) -> Game<'t> {
        let mut exps: Vec<&'static dyn Expansion> = vec![expansion::get(ExpansionId::Base)];
        for id in expansion::REGISTRY.iter().map(|e| e.id()) {
            if id != ExpansionId::Base && expansions.contains(&id) {
                exps.push(expansion::get(id));
            }
        }
        Game {
            tiles,
            options,
            phases: phases(&options, &exps),
            expansions: exps,
            players: players
                .iter()
                .map(|n| Player { name: n.clone(), score: 0, supply: FOLLOWERS_PER_PLAYER })
                .collect(),
            board: Board::default(),
            placed: Vec::new(),
            features: Features::default(),
            followers: Vec::new(),
            events: Vec::new(),
        }
    }

    pub fn options(&self) -> &Options {
        &self.options
    }

    pub fn tiles(&self) -> &'t TileSet {
        self.tiles
    }

    pub fn players(&self) -> &[Player] {
        &self.players
    }

    pub fn player_name(&self, p: PlayerId) -> &str {
        &self.players[p.index()].name
    }

    pub fn events(&self) -> &[ScoreEvent] {
        &self.events
    }

    pub fn placed(&self) -> &[Placed] {
        &self.placed
    }

    pub fn followers(&self) -> &[Follower] {
        &self.followers
    }

    pub fn tile_at(&self, p: Pos) -> Option<&Placed> {
        self.board.get(p).map(|i| &self.placed[i as usize])
    }

    pub fn def(&self, kind: TileKind) -> &'t TileDef {
        self.tiles.get(kind)
    }

    /// Sets a starting score (a scenario that begins mid-game).
    pub fn set_score(&mut self, p: PlayerId, score: i32) {
        self.players[p.index()].score = score;
    }

    /// A segment of the tile at `at`, in board directions (`city N`).
    pub fn describe(&self, at: Pos, local: usize) -> String {
        self.tile_at(at).map(|p| self.def(p.kind).describe_segment(p.rotation, local)).unwrap_or_default()
    }

    /// The square and tile segment index of a segment.
    pub fn locate(&self, s: SegId) -> (Pos, usize) {
        let p = self.placement_of(s);
        (p.pos, (s.0 - p.first_segment) as usize)
    }

    /// The placement that holds a segment.
    pub fn placement_of(&self, s: SegId) -> &Placed {
        &self.placed[self.features.placed(s) as usize]
    }

    fn segment(&self, placed: &Placed, local: usize) -> SegId {
        SegId(placed.first_segment + local as u32)
    }

    // ---- legality -------------------------------------------------------------------------

    /// Why a tile does not fit on a square, without building a message (the hot path of
    /// searches for legal squares).
    fn misfit(&self, kind: TileKind, pos: Pos, r: Rotation) -> Option<Misfit> {
        if self.board.get(pos).is_some() {
            return Some(Misfit::Occupied);
        }
        if self.board.is_empty() {
            return None;
        }
        let def = self.tiles.get(kind);
        let mut neighbours = 0;
        for e in Edge::ALL {
            let Some(n) = self.tile_at(pos.step(e)) else { continue };
            neighbours += 1;
            if def.edge(r, e) != self.def(n.kind).edge(n.rotation, e.opposite()) {
                return Some(Misfit::Edge(e));
            }
        }
        (neighbours == 0).then_some(Misfit::Alone)
    }

    /// Whether the tile fits on the square: free, next to a tile, every edge matching.
    pub fn fits(&self, kind: TileKind, pos: Pos, r: Rotation) -> bool {
        self.misfit(kind, pos, r).is_none()
    }

    /// [`Game::fits`], with the verdict when it does not.
    pub fn check_fit(&self, kind: TileKind, pos: Pos, r: Rotation) -> Result<(), Verdict> {
        let def = self.tiles.get(kind);
        match self.misfit(kind, pos, r) {
            None => Ok(()),
            Some(Misfit::Occupied) => Err(Verdict::new(
                RuleId::SquareFree,
                format!("square {pos} already holds tile {}", self.tile_at(pos).map_or("?", |t| &self.def(t.kind).id)),
            )),
            Some(Misfit::Alone) => Err(Verdict::new(RuleId::Adjacent, format!("square {pos} touches no placed tile"))),
            Some(Misfit::Edge(e)) => {
                let n = self.tile_at(pos.step(e)).expect("a mismatched edge has a neighbour");
                Err(Verdict::new(
                    RuleId::EdgesMatch,
                    format!(
                        "the {} edge of {} at {pos} is {}, but the tile it touches at {} has {} there",
                        e.word(),
                        def.id,
                        terrain_word(def.edge(r, e)),
                        pos.step(e),
                        terrain_word(self.def(n.kind).edge(n.rotation, e.opposite()))
                    ),
                ))
            }
        }
    }

    /// Every legal check on a move, core rules first, then each expansion's veto.
    pub fn check(&self, player: PlayerId, mv: &Move) -> Result<(), Verdict> {
        self.check_fit(mv.tile, mv.pos, mv.rotation)?;
        if let Some(sq) = mv.follower_square.filter(|sq| *sq != mv.pos) {
            return Err(Verdict::new(
                RuleId::FollowerOnNewTile,
                format!("a follower may go only on the tile just placed at {}, not on the tile at {sq}", mv.pos),
            ));
        }
        if let Some(local) = mv.follower {
            self.check_follower(player, mv, local)?;
        }
        for x in &self.expansions {
            x.check_placement(self, mv)?;
        }
        Ok(())
    }

    fn check_follower(&self, player: PlayerId, mv: &Move, local: usize) -> Result<(), Verdict> {
        let def = self.tiles.get(mv.tile);
        if self.players[player.index()].supply == 0 {
            return Err(Verdict::new(
                RuleId::FollowerSupply,
                format!("{} has no follower left in supply", self.player_name(player)),
            ));
        }
        // The feature the follower would join, seen before the tile is laid: occupied if any
        // neighbouring feature it connects to holds a follower.
        let seg = &def.segments[local];
        let r = mv.rotation;
        let mut occupied = false;
        for e in Edge::ALL {
            let Some(n) = self.tile_at(mv.pos.step(e)) else { continue };
            let ndef = self.def(n.kind);
            let theirs = match seg.kind {
                FeatureKind::City | FeatureKind::Road if def.segment_edges(r, local) & e.bit() != 0 => {
                    ndef.segment_on_edge(n.rotation, e.opposite()).into_iter().collect::<Vec<_>>()
                }
                FeatureKind::Field => e
                    .halves()
                    .into_iter()
                    .filter(|h| def.segment_on_half(r, *h) == Some(local))
                    .filter_map(|h| ndef.segment_on_half(n.rotation, h.facing()))
                    .collect(),
                _ => Vec::new(),
            };
            occupied |= theirs.into_iter().any(|s| self.features.occupied(self.segment(n, s)) > 0);
        }
        if occupied {
            return Err(Verdict::new(
                RuleId::FollowerUnoccupied,
                format!(
                    "the {} of {} at {} joins a {} that already holds a follower",
                    def.describe_segment(r, local),
                    def.id,
                    mv.pos,
                    seg.kind
                ),
            ));
        }
        Ok(())
    }

    /// Every square and rotation where the tile fits.
    pub fn legal_placements(&self, kind: TileKind) -> Vec<(Pos, Rotation)> {
        let mut out = Vec::new();
        for pos in self.board.frontier() {
            for r in Rotation::ALL {
                if self.fits(kind, pos, r) {
                    out.push((pos, r));
                }
            }
        }
        out
    }

    /// Whether the tile fits anywhere (stops at the first fit).
    pub fn fits_somewhere(&self, kind: TileKind) -> Option<(Pos, Rotation)> {
        self.board
            .frontier_unordered()
            .flat_map(|p| Rotation::ALL.into_iter().map(move |r| (p, r)))
            .find(|(p, r)| self.fits(kind, *p, *r))
    }

    /// A drawn tile that fits nowhere is discarded; one that fits may not be.
    pub fn discard(&self, kind: TileKind) -> Result<(), Verdict> {
        let mut fits = self.legal_placements(kind);
        match fits.first_mut() {
            None => Ok(()),
            Some((p, r)) => Err(Verdict::new(
                RuleId::DiscardUnplaceable,
                format!("tile {} fits at {p} turned {}°, so it must be placed", self.def(kind).id, r.degrees()),
            )),
        }
    }

    // ---- changing the board -----------------------------------------------------------------

    /// Lays a tile and joins its features to its neighbours'. Scores nothing.
    fn lay(&mut self, kind: TileKind, pos: Pos, r: Rotation) -> u32 {
        let def = self.tiles.get(kind);
        let idx = self.placed.len() as u32;
        let first_segment = self.features.len() as u32;
        for s in &def.segments {
            self.features.add(s.kind, idx, s.edges.count_ones());
        }
        let placed = Placed { kind, pos, rotation: r, first_segment };
        self.placed.push(placed);
        for e in Edge::ALL {
            let Some(ni) = self.board.get(pos.step(e)) else { continue };
            let n = self.placed[ni as usize];
            let ndef = self.def(n.kind);
            if def.edge(r, e) != Terrain::Field {
                if let (Some(a), Some(b)) = (def.segment_on_edge(r, e), ndef.segment_on_edge(n.rotation, e.opposite()))
                {
                    self.features.join_edge(self.segment(&placed, a), self.segment(&n, b));
                }
            }
            for h in e.halves() {
                if let (Some(a), Some(b)) = (def.segment_on_half(r, h), ndef.segment_on_half(n.rotation, h.facing())) {
                    self.features.join(self.segment(&placed, a), self.segment(&n, b));
                }
            }
        }
        self.board.put(pos, idx);
        idx
    }

    /// Puts a tile on the starting board: it must fit, and nothing is scored.
    pub fn setup_tile(&mut self, kind: TileKind, pos: Pos, r: Rotation) -> Result<(), Verdict> {
        self.check_fit(kind, pos, r)?;
        self.lay(kind, pos, r);
        Ok(())
    }

    /// Stands a follower on the starting board (the feature may already be shared).
    pub fn setup_follower(&mut self, player: PlayerId, at: Pos, local: usize) -> Result<(), Verdict> {
        if self.players[player.index()].supply == 0 {
            return Err(Verdict::new(
                RuleId::FollowerSupply,
                format!("{} has no follower left in supply", self.player_name(player)),
            ));
        }
        let placed = *self.tile_at(at).expect("the loader checks the square holds a tile");
        let seg = self.segment(&placed, local);
        self.deploy(player, seg);
        Ok(())
    }

    fn deploy(&mut self, player: PlayerId, seg: SegId) {
        self.players[player.index()].supply -= 1;
        self.features.add_follower(seg, 1);
        self.followers.push(Follower { player, segment: seg });
    }

    /// Plays one turn: the move is checked, then each phase of the turn runs in order.
    pub fn play(&mut self, player: PlayerId, mv: &Move, turn: u16) -> Result<(), Verdict> {
        self.check(player, mv)?;
        let ctx = TurnContext { player, mv: *mv, turn };
        let mut placed = None;
        for i in 0..self.phases.len() {
            match self.phases[i] {
                Phase::PlaceTile => placed = Some(self.lay(mv.tile, mv.pos, mv.rotation)),
                Phase::DeployFollower => {
                    if let (Some(local), Some(idx)) = (mv.follower, placed) {
                        let p = self.placed[idx as usize];
                        self.deploy(player, self.segment(&p, local));
                    }
                }
                Phase::ScoreCompleted => {
                    if let Some(idx) = placed {
                        let p = self.placed[idx as usize];
                        self.score_completed(&p, Timing::Turn(turn));
                    }
                }
                Phase::Expansion(id, name) => expansion::get(id).run_phase(self, name, &ctx)?,
            }
        }
        Ok(())
    }

    /// The phases of a turn in this game.
    pub fn phase_sequence(&self) -> &[Phase] {
        &self.phases
    }

    /// Scores the roads, cities and cloisters the tile just laid has completed.
    fn score_completed(&mut self, placed: &Placed, timing: Timing) {
        let def = self.tiles.get(placed.kind);
        let mut done: Vec<SegId> = Vec::new();
        for (i, s) in def.segments.iter().enumerate() {
            if matches!(s.kind, FeatureKind::City | FeatureKind::Road) {
                let root = self.features.root(self.segment(placed, i));
                if self.features.open(root) == 0 && !done.contains(&root) {
                    done.push(root);
                }
            }
        }
        for p in std::iter::once(placed.pos).chain(placed.pos.ring()) {
            let Some(t) = self.tile_at(p).copied() else { continue };
            let tdef = self.tiles.get(t.kind);
            for (i, s) in tdef.segments.iter().enumerate() {
                if s.kind == FeatureKind::Cloister && self.board.ring_count(p) == 8 {
                    done.push(self.segment(&t, i));
                }
            }
        }
        for root in done {
            self.score(root, timing);
        }
    }

    /// Describes a feature for scoring.
    pub fn feature_info(&self, s: SegId) -> FeatureInfo {
        let root = self.features.find(s);
        let kind = self.features.kind(root);
        let mut first = (u32::MAX, 0u8);
        let mut tiles: Vec<u32> = Vec::new();
        let mut pennants = 0u32;
        for m in self.features.members(root) {
            let pi = self.features.placed(m);
            first = first.min((pi, (m.0 - self.placed[pi as usize].first_segment) as u8));
            tiles.push(pi);
            let p = &self.placed[pi as usize];
            pennants += self.def(p.kind).segments[(m.0 - p.first_segment) as usize].pennants as u32;
        }
        tiles.sort_unstable();
        tiles.dedup();
        let at = self.placed[first.0 as usize].pos;
        let tiles = match kind {
            FeatureKind::Cloister => 1 + self.board.ring_count(at),
            _ => tiles.len() as u32,
        };
        FeatureInfo { root, kind, tiles, pennants, at, segment: first.1 }
    }

    /// Completed cities a field borders, each counted once.
    pub fn completed_cities_bordering(&self, field: SegId) -> u32 {
        let mut cities: Vec<SegId> = Vec::new();
        for m in self.features.members(field) {
            let p = self.placement_of(m);
            let def = self.def(p.kind);
            for &c in &def.segments[(m.0 - p.first_segment) as usize].borders {
                let root = self.features.find(self.segment(p, c as usize));
                if self.features.open(root) == 0 && !cities.contains(&root) {
                    cities.push(root);
                }
            }
        }
        cities.len() as u32
    }

    /// The players with most followers on a feature (all of them when tied).
    fn majority(&self, root: SegId) -> Vec<PlayerId> {
        let mut count = vec![0u32; self.players.len()];
        for f in &self.followers {
            if self.features.find(f.segment) == root {
                count[f.player.index()] += 1;
            }
        }
        let best = count.iter().copied().max().unwrap_or(0);
        if best == 0 {
            return Vec::new();
        }
        (0..self.players.len()).filter(|&i| count[i] == best).map(|i| PlayerId(i as u8)).collect()
    }

    /// Scores one feature to its majority and sends its followers home.
    fn score(&mut self, root: SegId, timing: Timing) {
        let players = self.majority(root);
        if !players.is_empty() {
            let info = self.feature_info(root);
            let mut items = Vec::new();
            for x in &self.expansions {
                x.score_items(self, &info, timing, &mut items);
            }
            let event = ScoreEvent {
                timing,
                players,
                feature: FeatureRef {
                    kind: info.kind,
                    at: info.at,
                    segment: info.segment,
                    name: self.describe(info.at, info.segment as usize),
                    tiles: info.tiles,
                },
                items,
                because: match timing {
                    Timing::Turn(_) => vec![RuleId::Majority, RuleId::FollowerReturns],
                    Timing::End => vec![RuleId::Majority],
                },
            };
            self.award(event);
        }
        if let Timing::Turn(_) = timing {
            self.return_followers(root);
        }
    }

    /// Adds an event's points to each of its players. The only place scores change in play.
    pub fn award(&mut self, event: ScoreEvent) {
        let pts = event.points();
        for p in &event.players {
            self.players[p.index()].score += pts;
        }
        self.events.push(event);
    }

    fn return_followers(&mut self, root: SegId) {
        let features = &self.features;
        let players = &mut self.players;
        let mut removed = 0i16;
        self.followers.retain(|f| {
            let keep = features.find(f.segment) != root;
            if !keep {
                players[f.player.index()].supply += 1;
                removed += 1;
            }
            keep
        });
        self.features.add_follower(root, -removed);
    }

    /// The final scoring: every occupied incomplete road, city and cloister, then the fields.
    pub fn finish(&mut self) {
        let mut roots: Vec<(FeatureKind, SegId)> = Vec::new();
        for f in &self.followers {
            let root = self.features.find(f.segment);
            let kind = self.features.kind(root);
            if !roots.iter().any(|(_, r)| *r == root) {
                roots.push((kind, root));
            }
        }
        roots.sort_by_key(|(k, r)| (*k, self.features.placed(*r), r.0));
        for (kind, root) in roots {
            let complete = match kind {
                FeatureKind::Road | FeatureKind::City => self.features.open(root) == 0,
                FeatureKind::Cloister => self.board.ring_count(self.placement_of(root).pos) == 8,
                FeatureKind::Field => false,
            };
            if !complete {
                self.score(root, Timing::End);
            }
        }
    }
}

fn terrain_word(t: Terrain) -> &'static str {
    match t {
        Terrain::City => "city",
        Terrain::Road => "road",
        Terrain::Field => "field",
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::data::Library;

    #[test]
    fn the_turn_phases_of_each_edition() {
        let lib = Library::builtin();
        for p in &lib.profiles {
            let opts = Options::read(p);
            let seq = phases(&opts, &[expansion::get(ExpansionId::Base)]);
            assert_eq!(
                format!("{seq:?}"),
                "[PlaceTile, DeployFollower, ScoreCompleted]",
                "ruleset {}: the base game has no phase of its own beyond these",
                p.id
            );
        }
    }
}
