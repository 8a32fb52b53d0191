//! Scoring: what a turn completed, the final scoring, majorities, and points as events.

use super::features::SegId;
use super::{Figure, Follower, Game, GroupSquares, Placed};
use crate::expansion::base::rule;
use crate::geom::Pos;
use crate::rules::RuleId;
use crate::score::{FeatureRef, Items, PlayerId, Players, Rules, ScoreEvent, ScoreItem, Timing};
use crate::tile::{FeatureKind, Name};
use smallvec::{smallvec, SmallVec};

/// A feature completed during the turn being played, occupied or not, with what it is worth.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Completion {
    pub info: FeatureInfo,
    /// Whether anyone scored it (the castle counts it either way).
    pub occupied: bool,
    /// The squares of its tiles (a cloister: its own square only).
    pub squares: Vec<Pos>,
    pub points: i32,
    pub name: String,
    /// The followers that stood on it, with the square and figure of each (they have gone
    /// home).
    pub followers: Vec<(PlayerId, Pos, Figure)>,
    /// The players of its majority.
    pub majority: Vec<PlayerId>,
}

/// A feature as the scoring hooks see it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FeatureInfo {
    pub root: SegId,
    pub kind: FeatureKind,
    /// Distinct tiles (a cloister: itself and its neighbours).
    pub tiles: u32,
    pub pennants: u32,
    pub at: Pos,
    /// The feature's segment on the tile at `at`.
    pub segment: SegId,
    /// For a field, the completed cities it borders ([`Game::cities_bordering`]); none for
    /// any other feature.
    pub cities: Cities,
}

impl Game<'_> {
    /// Scores the roads, cities and cloisters the turn completed: features of the segments
    /// laid or added this turn, and cloisters around the new tile (on `pos`, placement `laid`:
    /// see [`Game::laid_at`]).
    pub(super) fn score_completed(&mut self, pos: Pos, laid: u32, timing: Timing) {
        // The list kept from turn to turn, so that a turn that completes something allocates
        // nothing for it.
        let mut done = std::mem::take(&mut self.done);
        done.clear();
        for seg in self.touched().chain(self.walled_off(laid)) {
            if matches!(self.features.kind(seg), FeatureKind::City | FeatureKind::Road) {
                let root = self.features.find(seg);
                if self.features.open(root) == 0 && !done.contains(&root) {
                    done.push(root);
                }
            }
        }
        // Cloisters and German castles on the new tile or around it, now surrounded. A
        // double-size tile is judged whole, from whichever of its squares the new tile
        // touches (its castle is printed on one square only). While few wait to be (a game
        // of a few dozen tiles), each of those is asked whether it lies beside the new tile;
        // on a larger board, the tiles around it are read instead, so that a placement costs
        // the same however many wait.
        let new_group = self.laid_at(laid, pos).map_or(0, |p| p.group);
        let own = self.group_squares(new_group);
        let completed = match self.waiting.len() {
            // As most turns: the tile lies beside no group that waits.
            _ if !self.beside_waiting.may_touch(&own) => Surrounded::new(),
            0..=WAITING_ASKED => self.take_surrounded_waiting(&own),
            _ => {
                let found = self.surrounded_around(&own);
                for g in &found {
                    if let Some(i) = self.waiting.iter().position(|(w, _)| w == g) {
                        self.remove_waiting(i);
                    }
                }
                found
            }
        };
        debug_assert_eq!(completed, self.surrounded_around(&own), "the cloisters completed beside {pos}");
        for &group in &completed {
            // The group's placements: its first and, for a double-size tile, the next.
            for i in [group, group + 1].map(|i| i as usize) {
                let Some(t) = self.placed.get(i).filter(|t| t.group == group) else { continue };
                let centres = self.tiles.get(t.kind).centres();
                let first = t.first_segment;
                let locals = 0..crate::tile::MAX_SEGMENTS as u32;
                done.extend(locals.filter(|l| centres & (1 << l) != 0).map(|l| SegId(first + l)));
            }
        }
        for x in &self.expansions {
            x.order_completed(self, &mut done);
        }
        for &root in &done {
            if self.expansions.iter().any(|x| x.takes_over(self, root)) {
                continue;
            }
            self.score(root, timing);
        }
        self.done = done;
    }

    /// The roads and cities across the sides of placement `laid` when its sides are walls
    /// (an abbey): laying it closed an edge of each, which may have completed them; and the
    /// cities there that touch the edge without owning it (at its halves, where no field lies
    /// on a city edge: [`crate::tile::Segment::touches`]).
    fn walled_off(&self, laid: u32) -> impl Iterator<Item = SegId> + Clone + '_ {
        let placed = self.placed.get(laid as usize).filter(|p| self.def(p.kind).walled());
        placed.into_iter().flat_map(move |p| {
            crate::geom::Edge::ALL.into_iter().flat_map(move |e| {
                let n = self.tile_at(p.pos.step(e));
                let owner = n.and_then(|n| self.edge_segment(n, e.opposite()));
                let touching = n.and_then(|n| {
                    let l = n.ports[3 * e.opposite().index() + 1];
                    (l != crate::tile::NO_PORT && self.def(n.kind).segments[l as usize].kind == FeatureKind::City)
                        .then(|| self.segment(n, l as usize))
                });
                owner.into_iter().chain(touching)
            })
        })
    }

    /// The groups waiting to be surrounded ([`Game::waiting`]) that lie beside the tile at
    /// `own` and are surrounded now, taken off the list, in the order met going round the
    /// tile (each square, then its ring): the order they score in.
    fn take_surrounded_waiting(&mut self, own: &GroupSquares) -> Surrounded {
        // Which of them lie beside the tile, a bit each, asked of all without a branch: most
        // turns lie beside none, and a branch for each would be mispredicted now and then.
        debug_assert!(self.waiting.len() <= 32);
        let reach = own.reach();
        let near = (self.waiting.iter().enumerate())
            .fold(0u32, |m, (i, (_, theirs))| m | u32::from(reach.beside(theirs)) << i);
        debug_assert!(
            (self.waiting.iter().enumerate()).all(|(i, (_, theirs))| (near >> i & 1 != 0) == own.beside(theirs)),
            "the reach of the tile at {:?}",
            own.squares
        );
        if near == 0 {
            // As most turns: nothing to order, nor to copy out.
            return Surrounded::new();
        }
        // Each with where it is first met going round, from the last of them: taking one off
        // the list moves its last entry, asked already, into its place.
        let mut found: SmallVec<[(usize, u32); 18]> = SmallVec::new();
        let mut left = near;
        while left != 0 {
            let i = (u32::BITS - 1 - left.leading_zeros()) as usize;
            left &= !(1 << i);
            let (group, theirs) = self.waiting[i];
            if !self.surrounded(group) {
                continue;
            }
            // Surrounded once, for good: it leaves the list.
            self.remove_waiting(i);
            let met = own.iter().flat_map(|p| std::iter::once(*p).chain(p.ring())).position(|q| theirs.contains(&q));
            found.push((met.unwrap_or(usize::MAX), group));
        }
        found.sort_unstable();
        found.iter().map(|&(_, g)| g).collect()
    }

    /// The groups with a cloister or German castle on the tile at `own` or around it that
    /// are surrounded, in the order met going round (each square, then its ring), read off
    /// the board: on a board with many waiting, and for debug builds to check the list.
    fn surrounded_around(&self, own: &[Pos]) -> Surrounded {
        let mut out = Surrounded::new();
        // Only the tiles of groups with a centre, as their squares' cells say: most tiles
        // around hold none, and their placements are not read.
        for q in own.iter().flat_map(|p| self.board.block_centred(*p)) {
            let Some(group) = self.placed.get(q as usize).map(|t| t.group) else { continue };
            debug_assert!(
                [group, group + 1]
                    .iter()
                    .filter_map(|&i| self.placed.get(i as usize).filter(|t| t.group == group))
                    .any(|t| self.def(t.kind).centres() != 0),
                "group {group} was laid centred"
            );
            if !out.contains(&group) && self.surrounded(group) {
                out.push(group);
            }
        }
        out
    }

    /// A feature as the reports name it: its segment on its earliest tile in board
    /// directions, and in a player's words ([`Game::feature_words`]).
    pub fn feature_ref(&self, info: &FeatureInfo) -> FeatureRef {
        self.feature_ref_named(info, self.names_of(info.segment))
    }

    /// [`Game::feature_ref`], its name (`Game::describe` of its segment) and words
    /// ([`Game::names_of`]) known already.
    fn feature_ref_named(&self, info: &FeatureInfo, (name, said): (Name, Name)) -> FeatureRef {
        let local = self.features.local(info.segment).map_or(u8::MAX, |l| l as u8);
        FeatureRef::said_at(info.kind, info.at, local, name, info.tiles, said)
    }

    /// Describes a feature for scoring.
    pub fn feature_info(&self, s: SegId) -> FeatureInfo {
        let root = self.features.find(s);
        let kind = self.features.kind(root);
        // The earliest placement and its segment, packed in one number that orders as the
        // pair does, so that the least is found without a branch.
        let mut first = u64::MAX;
        let mut groups = Distinct::default();
        let mut pennants = 0u32;
        let mut cities = Cities::new();
        for m in self.features.members(root) {
            let pi = self.features.placed(m);
            let p = &self.placed[pi as usize];
            first = first.min(u64::from(pi) << 32 | u64::from(m.0));
            groups.insert(p.group);
            // Only cities have pennants, only fields border cities.
            match (kind, self.features.local(m)) {
                (FeatureKind::City, Some(local)) => pennants += self.def(p.kind).segments[local].pennants as u32,
                (FeatureKind::Field, Some(local)) => self.add_cities_bordering(p, local, &mut cities),
                _ => {}
            }
        }
        let (first, segment) = ((first >> 32) as usize, SegId(first as u32));
        let at = self.placed[first].pos;
        let tiles = match kind {
            FeatureKind::Cloister | FeatureKind::Garden | FeatureKind::Castle => {
                1 + self.neighbour_tiles(self.placed[first].group)
            }
            _ => groups.len() as u32,
        };
        FeatureInfo { root, kind, tiles, pennants, at, segment, cities }
    }

    /// Completed cities a field borders, each counted once (their roots), in place while few:
    /// [`FeatureInfo::cities`], without the rest of the feature's description.
    pub fn cities_bordering(&self, field: SegId) -> Cities {
        let mut cities = Cities::new();
        for m in self.features.members(field) {
            if let Some(local) = self.features.local(m) {
                self.add_cities_bordering(self.placement_of(m), local, &mut cities);
            }
        }
        cities
    }

    /// Adds the completed cities that a field segment (printed segment `local` of placement
    /// `p`) borders and `cities` does not hold yet.
    fn add_cities_bordering(&self, p: &Placed, local: usize, cities: &mut Cities) {
        for &c in &self.def(p.kind).segments[local].borders {
            let root = self.features.find(self.segment(p, c as usize));
            if self.features.open_at_root(root) == 0 && !cities.contains(&root) {
                cities.push(root);
            }
        }
    }

    /// What a completed city is worth to a field at the final scoring: an expansion may say
    /// (a castle), else 3 points under `base.final.field`.
    pub fn farm_value(&self, city: SegId) -> (RuleId, &'static str, i32) {
        self.expansions.iter().find_map(|x| x.farm_value(self, city)).unwrap_or((
            rule::FINAL_FIELD,
            "completed city",
            3,
        ))
    }

    /// What the expansions add for one player of a field's majority at the final scoring,
    /// paid for `cities` (a pig's point more per city): see `Expansion::field_bonus`.
    pub fn field_bonus(&self, field: SegId, player: PlayerId, cities: &[SegId]) -> Items {
        let mut out = Items::new();
        for x in &self.expansions {
            x.field_bonus(self, field, player, cities, &mut out);
        }
        out
    }

    /// The items and rules of a feature's score at `timing`, whoever gets it.
    pub fn appraise(&self, info: &FeatureInfo, timing: Timing) -> (Items, Rules) {
        let mut items = Items::new();
        let mut because: Rules = match timing {
            Timing::Turn(_) => smallvec![rule::MAJORITY, rule::FOLLOWER_RETURNS],
            Timing::End => smallvec![rule::MAJORITY],
        };
        for x in &self.expansions {
            x.score_items(self, info, timing, &mut items);
            x.explain(self, info, &mut because);
        }
        (items, because)
    }

    /// The players with most followers on a feature (all of them when tied), each follower
    /// weighing its figure's strength (a large follower two, a mayor its city's pennants).
    pub fn majority(&self, root: SegId) -> Players {
        let on = self.followers.iter().filter(|f| self.features.find(f.segment) == root);
        // The feature counts the followers on it: with none, no list to read; else the list
        // is read up to the last of them, not to its end.
        let counted = usize::from(self.features.occupied(root));
        debug_assert_eq!(on.clone().count(), counted, "the followers counted on feature {}", root.0);
        if counted == 0 {
            return Players::new();
        }
        // A mayor weighs its city's pennants, counted only when one stands there (one pass
        // over the followers, as before mayors).
        let mut pennants = None;
        let mut weigh = |f: &Follower| match f.figure {
            figure @ Figure::Mayor => {
                figure.strength_in(*pennants.get_or_insert_with(|| self.feature_info(root).pennants))
            }
            figure => figure.strength(),
        };
        let players = majority_of(on.clone().take(counted).map(|f| (f.player, weigh(f))), self.players.len());
        if players.len() < 2 {
            return players;
        }
        let tied: Vec<Follower> = on.take(counted).copied().collect();
        self.break_tie(&tied, players)
    }

    /// A tie for a majority (`tied`: the players with the greatest weight among `on`, the
    /// followers counted) as every expansion in play narrows it (Hills and Sheep: the tied
    /// players with a follower on a hill): [`crate::expansion::Expansion::break_tie`].
    pub fn break_tie(&self, on: &[Follower], mut tied: Players) -> Players {
        if tied.len() > 1 {
            for x in &self.expansions {
                x.break_tie(self, on, &mut tied);
            }
        }
        tied
    }

    fn score(&mut self, root: SegId, timing: Timing) {
        let players = self.majority(root);
        let during_play = matches!(timing, Timing::Turn(_));
        let record = during_play && self.record_completions;
        if players.is_empty() && !record {
            if during_play {
                self.return_followers(root);
            }
            return;
        }
        let info = self.feature_info(root);
        let (items, because) = self.appraise(&info, timing);
        let names = self.names_of(info.segment);
        if record {
            let squares = match info.kind {
                FeatureKind::Cloister | FeatureKind::Garden => vec![info.at],
                FeatureKind::Castle => self.group_squares(self.placement_of(root).group).to_vec(),
                _ => {
                    let mut v: Vec<Pos> = self.features.members(root).map(|m| self.placement_of(m).pos).collect();
                    v.sort();
                    v.dedup();
                    v
                }
            };
            let points = items.iter().map(ScoreItem::points).sum();
            let followers: Vec<(PlayerId, Pos, super::Figure)> = self
                .followers
                .iter()
                .filter(|f| self.features.find(f.segment) == root)
                .map(|f| (f.player, self.placement_of(f.segment).pos, f.figure))
                .collect();
            self.completions.push(Completion {
                info: info.clone(),
                occupied: !players.is_empty(),
                squares,
                points,
                name: names.0.to_string(),
                followers,
                majority: players.to_vec(),
            });
        }
        if !players.is_empty() {
            let event = ScoreEvent { timing, players, feature: self.feature_ref_named(&info, names), items, because };
            self.award(event);
        }
        if during_play {
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
        // The feature counts the followers on it: with none, no list to read.
        if self.features.occupied(root) == 0 {
            debug_assert!(self.followers.iter().all(|f| self.features.find(f.segment) != root));
            return;
        }
        let features = &self.features;
        let players = &mut self.players;
        let mut removed = 0i16;
        // A figure that stays when its feature is scored (a follower laid as an abbot) keeps
        // its place.
        self.followers.retain(|f| {
            let keep = features.find(f.segment) != root || f.figure.stays_when_scored();
            if !keep {
                *players[f.player.index()].supply_mut(f.figure) += 1;
                removed += 1;
            }
            keep
        });
        self.features.add_follower(root, -removed);
    }

    /// Each feature with a follower once, by kind, then by the placement of its root (the
    /// tile it began on), then by root: the order of the final scoring. Sorted as numbers
    /// (kind, placement and root packed in one, while the placements fit), which a sort
    /// orders without a branch per comparison.
    fn final_order(&self) -> Vec<(FeatureKind, u32, SegId)> {
        self.final_order_sorted(self.placed.len() <= MAX_PACKED_PLACED as usize)
    }

    /// [`Game::final_order`], sorted as packed numbers or, `packed` false, as triples.
    fn final_order_sorted(&self, packed: bool) -> Vec<(FeatureKind, u32, SegId)> {
        let keyed = (self.followers.iter())
            .map(|f| self.features.find(f.segment))
            .map(|root| (self.features.kind(root), self.features.placed(root), root));
        if !packed {
            let mut roots: Vec<_> = keyed.collect();
            roots.sort_unstable();
            roots.dedup();
            return roots;
        }
        let mut packed: Vec<u64> = keyed.map(pack_final).collect();
        packed.sort_unstable();
        packed.dedup();
        packed.into_iter().map(unpack_final).collect()
    }

    /// The final scoring: what expansions score first (or settle: an unfinished castle), then
    /// every occupied incomplete road, city and cloister, then the fields.
    pub fn finish(&mut self) -> Result<(), crate::score::Verdict> {
        for x in self.expansions.clone() {
            x.final_scoring_first(self)?;
        }
        for x in self.expansions.clone() {
            x.final_scoring(self)?;
        }
        let roots = self.final_order();
        // The fields are scored in their place in this order, together, as the base game
        // decides (`base.farm-scoring`).
        let mut fields: Vec<SegId> = Vec::with_capacity(roots.len());
        fields.extend(roots.iter().filter(|(k, ..)| *k == FeatureKind::Field).map(|(.., r)| *r));
        let mut fields_scored = false;
        for (kind, _, root) in roots {
            if kind > FeatureKind::Field && !fields_scored {
                crate::expansion::base::score_fields(self, &fields);
                fields_scored = true;
            }
            let complete = match kind {
                FeatureKind::Road | FeatureKind::City => self.features.open(root) == 0,
                FeatureKind::Cloister | FeatureKind::Garden | FeatureKind::Castle => {
                    self.surrounded(self.placement_of(root).group)
                }
                FeatureKind::Field => continue,
                FeatureKind::Bazaar
                | FeatureKind::Goods
                | FeatureKind::Tower
                | FeatureKind::Fairy
                | FeatureKind::King
                | FeatureKind::Robber
                | FeatureKind::Watchtower
                | FeatureKind::Circus
                | FeatureKind::Message => true,
            };
            if !complete {
                self.score(root, Timing::End);
            }
        }
        if !fields_scored {
            crate::expansion::base::score_fields(self, &fields);
        }
        Ok(())
    }
}

/// Bits of a placement's index in [`pack_final`] (some 268 million placements; a real game
/// lays fewer than 300 tiles).
const PLACED_BITS: u32 = 28;
const MAX_PACKED_PLACED: u32 = (1 << PLACED_BITS) - 1;

/// A feature's kind, the placement of its root and its root, as one number that orders as
/// the three do (the placement at most [`MAX_PACKED_PLACED`]; a kind's number is its place in
/// `FeatureKind::ALL`, in the four bits above).
fn pack_final((kind, placed, root): (FeatureKind, u32, SegId)) -> u64 {
    const _: () = {
        let mut i = 0;
        while i < FeatureKind::ALL.len() {
            assert!(FeatureKind::ALL[i] as usize == i && i < 16);
            i += 1;
        }
    };
    debug_assert!(placed <= MAX_PACKED_PLACED);
    (kind as u64) << (32 + PLACED_BITS) | u64::from(placed) << 32 | u64::from(root.0)
}

/// [`pack_final`] undone.
fn unpack_final(k: u64) -> (FeatureKind, u32, SegId) {
    let kind = FeatureKind::ALL[(k >> (32 + PLACED_BITS)) as usize];
    (kind, (k >> 32) as u32 & MAX_PACKED_PLACED, SegId(k as u32))
}

/// The completed cities a field borders ([`Game::cities_bordering`]).
pub type Cities = SmallVec<[SegId; 8]>;

/// The tile groups a placement surrounds: at most the two squares of a tile and their rings.
type Surrounded = SmallVec<[u32; 18]>;

/// Up to how many cloisters and German castles waiting to be surrounded a placement asks
/// each of them whether it lies beside it, rather than reading the tiles around it.
const WAITING_ASKED: usize = 16;

/// The players with the greatest weight (all of them when tied), in player order, from each
/// piece's player and weight, among `players` players; none when nothing weighs. The counts
/// are on the stack for the 8 players a scenario may have (a player id is a byte: 256 at most).
#[inline]
pub fn majority_of(pieces: impl Iterator<Item = (PlayerId, u32)>, players: usize) -> Players {
    let mut few = [0u32; 8];
    let mut many = Vec::new();
    let count: &mut [u32] = match players {
        0..=8 => &mut few[..players],
        _ => {
            many.resize(players.min(256), 0);
            &mut many
        }
    };
    for (p, weight) in pieces {
        if let Some(c) = count.get_mut(p.index()) {
            *c += weight;
        }
    }
    let best = count.iter().copied().max().unwrap_or(0);
    if best == 0 {
        return Players::new();
    }
    (0..count.len()).filter(|&i| count[i] == best).map(|i| PlayerId(i as u8)).collect()
}

/// Distinct numbers (the tile groups of a feature, or around a cloister): those below 256
/// (every tile group of a base game) as bits, the others on the stack while few (most
/// features span a few tiles, a field of a long game some dozens).
#[derive(Default)]
pub(super) struct Distinct {
    low: [u64; 4],
    few: [u32; 32],
    n: usize,
    many: Vec<u32>,
}

impl Distinct {
    pub(super) fn insert(&mut self, v: u32) {
        if let Some(word) = self.low.get_mut(v as usize / 64) {
            *word |= 1 << (v % 64);
            return;
        }
        if self.n < self.few.len() {
            if !self.few[..self.n].contains(&v) {
                self.few[self.n] = v;
                self.n += 1;
            }
            return;
        }
        if self.many.is_empty() {
            self.many.extend_from_slice(&self.few);
        }
        self.many.push(v);
    }

    pub(super) fn len(&mut self) -> usize {
        let low = self.low.iter().map(|w| w.count_ones() as usize).sum::<usize>();
        if self.many.is_empty() {
            return low + self.n;
        }
        self.many.sort_unstable();
        self.many.dedup();
        low + self.many.len()
    }
}

#[cfg(test)]
mod tests {
    use super::Distinct;
    use crate::data::Library;
    use crate::engine::{Game, Move};
    use crate::expansion::Options;
    use crate::geom::{Pos, Rotation};
    use crate::score::{PlayerId, Timing};
    use crate::tile::FeatureKind;

    #[test]
    fn cloisters_one_tile_completes_score_in_the_order_met_around_it() {
        // Cloisters on every square of x -1..=2, y -1..=1 but (0, 1), a follower on those at
        // (0, 0) and (1, 0): the tile laid at (0, 1) completes both, and around (0, 1) the
        // square (1, 0) comes before (0, 0) (its ring runs north-west, clockwise).
        let lib = Library::builtin();
        let tiles = lib.tile_set(&[]);
        let b = tiles.find("B").expect("the base game's cloister");
        let cloister = tiles.get(b).segments.iter().position(|s| s.kind == FeatureKind::Cloister).expect("one");
        let players = ["Red".to_string(), "Blue".to_string()];
        // Once with a few cloisters waiting to be surrounded, once with a row of more
        // (eastwards, none of them surrounded), which the placement finds by reading the
        // tiles around it rather than by asking each.
        for row in [0, 2 * super::WAITING_ASKED as i32] {
            let mut game = Game::new(&tiles, Options::default(), &[], &players);
            for y in [0, -1, 1] {
                for x in -1..=2 {
                    if (x, y) != (0, 1) {
                        game.setup_tile(b, Pos::new(x, y), Rotation::default()).expect("a cloister fits beside one");
                    }
                }
            }
            for x in 3..3 + row {
                game.setup_tile(b, Pos::new(x, 0), Rotation::default()).expect("a cloister fits beside one");
            }
            assert_eq!(game.waiting.len() > super::WAITING_ASKED, row > 0);
            game.setup_follower(PlayerId(0), Pos::new(0, 0), cloister).expect("free");
            game.setup_follower(PlayerId(1), Pos::new(1, 0), cloister).expect("free");
            game.play(PlayerId(0), &Move::new(b, Pos::new(0, 1), Rotation::default()), 1).expect("legal");
            let scored: Vec<(Pos, PlayerId, i32)> = game
                .events()
                .iter()
                .filter(|e| e.timing == Timing::Turn(1))
                .map(|e| (e.feature.at, e.players[0], e.points()))
                .collect();
            assert_eq!(scored, vec![(Pos::new(1, 0), PlayerId(1), 9), (Pos::new(0, 0), PlayerId(0), 9)], "row {row}");
            let left: Vec<Pos> = game.waiting.iter().map(|(_, sq)| sq[0]).collect();
            assert!(!left.contains(&Pos::new(0, 0)) && !left.contains(&Pos::new(1, 0)), "row {row}: {left:?}");
        }
    }

    #[test]
    fn the_final_order_sorted_packed_is_the_order_of_the_triples() {
        let lib = Library::builtin();
        let tiles = lib.tile_set(&[]);
        for seed in 1..=20 {
            let g = crate::random::generate(&tiles, seed, 4, 1);
            let game = crate::random::replay(&tiles, Options::default(), &g, false);
            let triples = game.final_order_sorted(false);
            assert!(triples.len() > 5, "seed {seed}: a game with followers on many features");
            assert!(triples.windows(2).all(|w| w[0] < w[1]), "seed {seed}: sorted, each once");
            assert_eq!(game.final_order_sorted(true), triples, "seed {seed}");
            assert_eq!(game.final_order(), triples, "seed {seed}");
        }
    }

    #[test]
    fn packed_final_keys_order_as_their_parts_and_unpack_to_them() {
        use super::{pack_final, unpack_final, MAX_PACKED_PLACED};
        use crate::engine::SegId;
        let mut parts = Vec::new();
        for kind in FeatureKind::ALL {
            for placed in [0, 1, 255, 256, 70_000, MAX_PACKED_PLACED - 1, MAX_PACKED_PLACED] {
                for root in [0, 1, 256, 1 << 31, u32::MAX] {
                    parts.push((kind, placed, SegId(root)));
                }
            }
        }
        for &a in &parts {
            assert_eq!(unpack_final(pack_final(a)), a);
            for &b in &parts {
                assert_eq!(pack_final(a).cmp(&pack_final(b)), a.cmp(&b), "{a:?} against {b:?}");
            }
        }
    }

    /// A tile group of square `p`, and `q` for a double-size tile.
    fn group(p: Pos, q: Option<Pos>) -> crate::engine::GroupSquares {
        crate::engine::GroupSquares { squares: [p, q.unwrap_or(p)], n: 1 + usize::from(q.is_some()) }
    }

    /// The groups with a square at `p`: of one square, and of two with the second east or
    /// north of it (where that square is on the board).
    fn shapes(p: Pos) -> impl Iterator<Item = crate::engine::GroupSquares> {
        let (east, north) =
            (p.x.checked_add(1).map(|x| Pos::new(x, p.y)), p.y.checked_add(1).map(|y| Pos::new(p.x, y)));
        [Some(group(p, None)), east.map(|q| group(p, Some(q))), north.map(|q| group(p, Some(q)))].into_iter().flatten()
    }

    #[test]
    fn a_reach_holds_the_groups_beside_its_own() {
        // Groups of one square and of two side by side, at the origin and at the board's
        // far corners (where a square's neighbours lie beyond `i32`).
        for corner in [Pos::new(0, 0), Pos::new(i32::MAX - 1, i32::MAX - 1), Pos::new(i32::MIN, i32::MIN)] {
            for own in shapes(corner) {
                let reach = own.reach();
                let mut beside = 0;
                for dx in -4..=4 {
                    for dy in -4..=4 {
                        let (Some(x), Some(y)) = (corner.x.checked_add(dx), corner.y.checked_add(dy)) else { continue };
                        for theirs in shapes(Pos::new(x, y)) {
                            assert_eq!(reach.beside(&theirs), own.beside(&theirs), "{own:?} and {theirs:?}");
                            beside += usize::from(own.beside(&theirs));
                        }
                    }
                }
                assert!(beside > 0, "some groups lie beside {own:?}");
            }
        }
    }

    #[test]
    fn the_squares_marked_beside_a_group_are_those_of_its_reach() {
        use crate::engine::Beside;
        let side = Beside::SIDE as i32;
        // Groups at the origin, on the fold's edges (the last column, negative squares) and
        // far out, each marked alone, then asked of every group near it.
        for at in [Pos::new(0, 0), Pos::new(-1, -side / 2), Pos::new(side - 1, 5), Pos::new(-1_000_000, 999_999)] {
            for marked in shapes(at) {
                let mut beside = Beside::default();
                beside.mark(&marked);
                let mut touching = 0;
                for dx in -4..=4 {
                    for dy in -4..=4 {
                        for asked in shapes(Pos::new(at.x + dx, at.y + dy)) {
                            assert_eq!(beside.may_touch(&asked), marked.beside(&asked), "{marked:?}, {asked:?}");
                            touching += usize::from(beside.may_touch(&asked));
                        }
                    }
                }
                assert!(touching > 0, "{marked:?}");
                // Squares a fold apart share their bit: marked, though not beside; half a
                // fold apart, they do not.
                let folded = group(Pos::new(at.x + side, at.y - side), None);
                assert!(beside.may_touch(&folded) && !marked.beside(&folded));
                for half in [Pos::new(at.x + side / 2, at.y), Pos::new(at.x, at.y - side / 2)] {
                    assert!(!beside.may_touch(&group(half, None)), "{marked:?}, {half:?}");
                }
            }
        }
    }

    #[test]
    fn distinct_counts_as_sorting_would_past_the_stack() {
        for n in [0u32, 1, 31, 32, 33, 100, 400] {
            for modulo in [1u32, 7, 32, 33, 255, 256, 257, 300, 1000, 100_000] {
                let values: Vec<u32> = (0..n).map(|i| i.wrapping_mul(2_654_435_761) % modulo).collect();
                let mut d = Distinct::default();
                values.iter().for_each(|v| d.insert(*v));
                let mut sorted = values.clone();
                sorted.sort_unstable();
                sorted.dedup();
                assert_eq!(d.len(), sorted.len(), "{n} values mod {modulo}");
            }
        }
    }
}
