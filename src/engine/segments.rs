//! Reading the board: the segment at a square, along an edge or a half-edge (added ones
//! counted), the feature it belongs to, and its name in a player's words. A new question
//! about what lies where belongs here.

use super::features::SegId;
use super::{AddedSegment, FeatureInfo, Game, Placed};
use crate::geom::{Edge, Pos};
use crate::tile::{FeatureKind, Name, Spot, Terrain};

/// A feature on the board as a player points at it: a square and the feature there (`city N`;
/// `road` for the only road of the tile). What an action names away from the tile just placed
/// (the princess's knight, a portal's or a flier's feature) is one of these.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct FeatureAt {
    pub at: Pos,
    pub kind: FeatureKind,
    pub spot: Option<Spot>,
}

impl FeatureAt {
    /// In a player's words: `city N at 1,0`.
    pub fn words(&self) -> String {
        format!("{}{} at {}", self.kind, self.spot.map(|s| format!(" {}", s.words())).unwrap_or_default(), self.at)
    }

    /// The segment it names on the board, or why it names none.
    pub fn segment(&self, game: &Game) -> Result<SegId, String> {
        let Some(p) = game.tile_at(self.at) else { return Err(format!("no tile lies at {}", self.at)) };
        let local = game.def(p.kind).find_segment(p.rotation, self.kind, self.spot)?;
        game.segment_at(self.at, local).ok_or_else(|| format!("no {}", self.words()))
    }

    /// How the printed segment `seg` is named: its kind alone where that names it, else the
    /// first edge, half (of a field) or centre that does.
    pub fn of(game: &Game, seg: SegId) -> Option<FeatureAt> {
        let (at, local) = game.locate(seg);
        let local = local?;
        let p = game.tile_at(at)?;
        let def = game.def(p.kind);
        let kind = def.segments[local].kind;
        if def.find_segment(p.rotation, kind, None) == Ok(local) {
            return Some(FeatureAt { at, kind, spot: None });
        }
        let halves = (0..8u8).map(|h| Spot::Half(crate::geom::Half(h))).filter(|_| kind == FeatureKind::Field);
        Edge::ALL
            .into_iter()
            .map(Spot::Edge)
            .chain(halves)
            .chain(std::iter::once(Spot::Centre))
            .find(|s| def.find_segment(p.rotation, kind, Some(*s)) == Ok(local))
            .map(|s| FeatureAt { at, kind, spot: Some(s) })
    }
}

impl<'t> Game<'t> {
    /// A feature as a player says it, at its earliest tile: `field north of the road at 0,0`,
    /// `city N at 1,0` (see [`crate::tile::TileDef::segment_words`]).
    pub fn feature_words(&self, info: &FeatureInfo) -> String {
        format!("{} at {}", self.names_of(info.segment).1, info.at)
    }

    /// A segment's name ([`Game::name_of`]) and its words as a player says them, without its
    /// square (`field north of the road`; an added segment's are its name), its tile read once.
    pub(crate) fn names_of(&self, s: SegId) -> (Name, Name) {
        let p = self.placement_of(s);
        match self.features.local(s) {
            Some(local) => self.def(p.kind).segment_names(p.rotation, local),
            None => {
                let name = self.name_of(s);
                (name.clone(), name)
            }
        }
    }

    /// A segment in board directions, as a player names it (`city N`, `bridge NS`).
    pub fn describe(&self, s: SegId) -> String {
        self.name_of(s).to_string()
    }

    /// [`Game::describe`], shared rather than copied where a tile names it.
    pub(crate) fn name_of(&self, s: SegId) -> Name {
        let p = self.placement_of(s);
        match self.features.local(s) {
            Some(local) => self.def(p.kind).segment_name(p.rotation, local),
            None => Name::from(
                self.added
                    .iter()
                    .find(|a| a.segment == s)
                    .map(|a| format!("{} {}", a.label, crate::geom::edge_letters(a.edges)))
                    .unwrap_or_default(),
            ),
        }
    }

    /// The square of a segment, and its index among the tile's printed segments (`None` for
    /// an added segment).
    pub fn locate(&self, s: SegId) -> (Pos, Option<usize>) {
        (self.placement_of(s).pos, self.features.local(s))
    }

    /// The placement that holds a segment.
    pub fn placement_of(&self, s: SegId) -> &Placed {
        &self.placed[self.features.placed(s) as usize]
    }

    /// The city at `spot` of the tile at `at`, if this turn's tile (at `placed_now`) has just
    /// completed it: its root. Otherwise why not, in words.
    pub fn city_completed_now(
        &self,
        at: Pos,
        spot: Option<crate::tile::Spot>,
        placed_now: Pos,
    ) -> Result<SegId, String> {
        let town =
            self.completed_city(at, spot).map_err(|_| format!("the city at {at} was not completed this turn"))?;
        if !self.members(town).iter().any(|m| self.placement_of(*m).pos == placed_now) {
            return Err(format!("the city at {at} was not completed this turn"));
        }
        Ok(town)
    }

    /// The completed city at `spot` of the tile at `at`: its root. Otherwise why not, in words.
    pub fn completed_city(&self, at: Pos, spot: Option<crate::tile::Spot>) -> Result<SegId, String> {
        let p = *self.tile_at(at).ok_or_else(|| format!("there is no tile at {at}"))?;
        let local = self.def(p.kind).find_segment(p.rotation, FeatureKind::City, spot)?;
        let town = self.feature_of(self.segment(&p, local));
        if self.open_edges(town) != 0 {
            return Err(format!("the city at {at} is not complete"));
        }
        Ok(town)
    }

    /// The distinct squares a feature covers.
    pub fn squares_of(&self, s: SegId) -> Vec<Pos> {
        let mut v: Vec<Pos> = self.members(s).iter().map(|m| self.placement_of(*m).pos).collect();
        v.sort();
        v.dedup();
        v
    }

    /// The root segment of the feature a segment belongs to.
    pub fn feature_of(&self, s: SegId) -> SegId {
        self.features.find(s)
    }

    pub fn feature_kind(&self, s: SegId) -> FeatureKind {
        self.features.kind(s)
    }

    /// Open edges of the feature (0: a road or city is complete).
    pub fn open_edges(&self, s: SegId) -> u32 {
        self.features.open(s)
    }

    /// The completed roads or cities (`kind`) on the board, each once by its root, in the
    /// order their first segments were laid, each with whether an expansion claims it as
    /// something else (a town made a castle: [`crate::expansion::Expansion::takes_over`]),
    /// which makes it no longer a road or city.
    pub fn completed_features(&self, kind: FeatureKind) -> Vec<(SegId, bool)> {
        debug_assert!(matches!(kind, FeatureKind::Road | FeatureKind::City));
        (0..self.features.len() as u32)
            .map(SegId)
            .filter(|&s| self.features.find(s) == s && self.features.kind(s) == kind)
            .filter(|&s| self.features.open_at_root(s) == 0)
            .map(|s| (s, self.taken_over(s)))
            .collect()
    }

    /// Whether an expansion claims the completed feature of root `root` as something else,
    /// so that it is not scored (a town made a castle: [`crate::expansion::Expansion::takes_over`]).
    pub fn taken_over(&self, root: SegId) -> bool {
        self.expansions.iter().any(|x| x.takes_over(self, root))
    }

    /// Every segment of the feature of `s`.
    pub fn members(&self, s: SegId) -> Vec<SegId> {
        self.features.members(self.features.find(s)).collect()
    }

    pub(super) fn segment(&self, placed: &Placed, local: usize) -> SegId {
        SegId(placed.first_segment + local as u32)
    }

    /// The printed segment `local` of the tile at `at`.
    pub fn segment_at(&self, at: Pos, local: usize) -> Option<SegId> {
        let p = self.tile_at(at)?;
        (local < self.def(p.kind).segments.len()).then(|| self.segment(p, local))
    }

    /// What lies along a board edge of a placed tile, counting added segments (a bridge end
    /// makes a field edge a road edge).
    pub fn edge_terrain(&self, p: &Placed, e: Edge) -> Terrain {
        if p.added_edges & e.bit() != 0 {
            if let Some(a) = self.added_on(p, e) {
                return terrain_of(a.kind);
            }
        }
        self.def(p.kind).edge(p.rotation, e)
    }

    fn added_on(&self, p: &Placed, e: Edge) -> Option<&AddedSegment> {
        let idx = self.board.get(p.pos)?;
        self.added.iter().rev().find(|a| a.placed == idx && a.edges & e.bit() != 0)
    }

    /// The road or city segment along a board edge of a placed tile, added ones first.
    pub fn edge_segment(&self, p: &Placed, e: Edge) -> Option<SegId> {
        if p.added_edges & e.bit() != 0 {
            if let Some(a) = self.added_on(p, e) {
                return Some(a.segment);
            }
        }
        self.def(p.kind).segment_on_edge(p.rotation, e).map(|l| self.segment(p, l))
    }

    /// The field segment along a board half-edge of a placed tile.
    pub fn half_segment(&self, p: &Placed, h: crate::geom::Half) -> Option<SegId> {
        self.def(p.kind).segment_on_half(p.rotation, h).map(|l| self.segment(p, l))
    }
}

/// The edge terrain a feature kind gives the edges it reaches.
pub fn terrain_of(kind: FeatureKind) -> Terrain {
    match kind {
        FeatureKind::City => Terrain::City,
        FeatureKind::Road => Terrain::Road,
        FeatureKind::Cloister
        | FeatureKind::Garden
        | FeatureKind::Field
        | FeatureKind::Castle
        | FeatureKind::Bazaar
        | FeatureKind::Goods
        | FeatureKind::Tower
        | FeatureKind::Fairy
        | FeatureKind::King
        | FeatureKind::Robber
        | FeatureKind::Watchtower
        | FeatureKind::Circus
        | FeatureKind::Message => Terrain::Field,
    }
}

pub(super) fn terrain_word(t: Terrain) -> &'static str {
    match t {
        Terrain::City => "city",
        Terrain::Road => "road",
        Terrain::Field => "field",
    }
}
