//! The new edition's expansion 8: bridges, castles with ladies, and barns.
//!
//! It fills the same slot as Bridges, Castles and Bazaars (a scenario enables `bcb1`, alias
//! `expansion-8`); the ruleset's `expansion-8.rules` switch picks this module instead of
//! the 1st-edition one. One shared supply (12 bridges, 6 castles, 6 barns) and at most one
//! building per turn. Buildings go up as part of placing the tile, in the `build` phase
//! right after it; a lady may be recalled instead of deploying a follower; a barn pays when
//! the turn is scored.

use super::exp8::{self, Action};
use super::{Expansion, ExpansionId, Extra, Options as AllOptions};
use crate::engine::features::SegId;
use crate::engine::{FeatureInfo, Figure, Game, Move, Phase, Trials, TurnContext};
use crate::geom::{Axis, Corner, Edge, Pos};
use crate::rules::RuleId;
use crate::ruleset::{Profile, SwitchDef};
use crate::score::{FeatureRef, PlayerId, ScoreEvent, ScoreItem, Timing, Verdict};
use crate::tile::{FeatureKind, Terrain};
use smallvec::smallvec;

pub static TOUCHING: SwitchDef = SwitchDef {
    name: "bridge.adjacent-bridges",
    question: "New edition: which bridges 'touch' and so may never be placed so?",
    values: &[
        ("forbidden-end-to-end", "two bridges whose ends meet across a shared edge (reading A)"),
        ("forbidden-on-any-edge-adjacent-tiles", "any two bridges on tiles that share an edge (reading B)"),
    ],
    rules: &[rule::BRIDGE_NO_TOUCHING],
    governs: &[],
};

#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub struct Options {
    /// Reading B: bridges on any two edge-adjacent tiles touch.
    pub touching_any_adjacent: bool,
}

impl Options {
    pub fn read(p: &Profile) -> Options {
        Options { touching_any_adjacent: p.value(&TOUCHING) == "forbidden-on-any-edge-adjacent-tiles" }
    }
}

/// A castle tile on a city of two segments.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Castle {
    pub town: SegId,
    pub squares: Vec<Pos>,
    pub built: u16,
}

/// A barn on the point where four tile corners meet.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Barn {
    /// The new tile's square and the corner of it the barn stands on.
    pub at: Pos,
    pub corner: Corner,
    /// The farmer lying on it: its owner and the field segment it stands on.
    pub farmer: (PlayerId, SegId),
    pub built: u16,
}

/// The general supply and the buildings on the board.
#[derive(Clone, Debug, PartialEq, Eq, Default)]
pub struct State {
    pub bridges_left: u8,
    pub castles_left: u8,
    pub barns_left: u8,
    /// Squares holding a bridge, and its axis.
    pub bridges: Vec<(Pos, Axis)>,
    pub castles: Vec<Castle>,
    pub barns: Vec<Barn>,
    /// Followers made ladies or deployed on a castle this turn (they cannot be recalled now).
    pub new_ladies: Vec<(PlayerId, SegId)>,
    /// Turns whose first part built (a turn in two parts builds one building).
    pub built_in_first_part: Vec<(PlayerId, u16)>,
}

pub struct Ne8;

const BUILD: &str = "build";
const LADY: &str = "lady";
const BARN_SCORE: &str = "barn-score";

fn verdict(rule: RuleId, message: impl Into<String>) -> Verdict {
    Verdict::new(rule, message)
}

impl Ne8 {
    fn bridge(mv: &Move) -> Option<(Pos, Axis)> {
        exp8::actions(mv).find_map(|x| match x {
            Action::Bridge { at, axis } => Some((*at, *axis)),
            _ => None,
        })
    }

    /// No castle goes on a city that holds a figure other than a normal follower (a large
    /// follower, say).
    fn no_special_figure(game: &Game, town: SegId, at: Pos) -> Result<(), Verdict> {
        let special =
            game.followers().iter().find(|f| f.figure != Figure::Normal && game.feature_of(f.segment) == town);
        match special {
            Some(f) => Err(verdict(
                rule::CASTLE_NO_SPECIAL_FIGURE,
                format!(
                    "the city at {at} holds {}'s {}: a castle goes only on a city whose followers are all normal ones",
                    game.player_name(f.player),
                    f.figure.as_str()
                ),
            )),
            None => Ok(()),
        }
    }

    /// Followers standing in cities: (knights, ladies). A lady stands on a castle.
    fn knights_and_ladies(game: &Game) -> (u32, u32) {
        let mut k = 0;
        let mut l = 0;
        for f in game.followers() {
            let root = game.feature_of(f.segment);
            if game.feature_kind(root) != FeatureKind::City {
                continue;
            }
            if game.state_of::<State>().castles.iter().any(|c| c.town == root) {
                l += 1;
            } else {
                k += 1;
            }
        }
        (k, l)
    }

    fn check_bridge(game: &Game, mv: &Move, at: Pos, axis: Axis) -> Result<(), Verdict> {
        if at != mv.pos {
            return Err(verdict(rule::BRIDGE_ELIGIBLE, "a bridge goes only on the tile just placed"));
        }
        if game.state_of::<State>().bridges_left == 0 {
            return Err(verdict(rule::BRIDGE_ONLY_WHILE_SUPPLY, "the supply holds no bridge"));
        }
        let def = game.def(mv.tile);
        // A river edge (The River) is not meadow only, though the core reads it as a field edge.
        let river = def.river_edges(mv.rotation);
        if axis.edges().iter().any(|e| def.edge(mv.rotation, *e) != Terrain::Field || river & e.bit() != 0) {
            return Err(verdict(
                rule::BRIDGE_ELIGIBLE,
                format!("a bridge crosses only a tile whose two opposite edges ({}) are field", axis.as_str()),
            ));
        }
        let meets_road = axis.edges().iter().any(|e| {
            game.tile_at(mv.pos.step(*e)).is_some_and(|n| game.edge_terrain(n, e.opposite()) == Terrain::Road)
        });
        if !meets_road {
            return Err(verdict(
                rule::BRIDGE_FIELD_AGAINST_ROAD,
                "a bridge is built only where the tile's field edge is laid against an open road end",
            ));
        }
        for (q, other) in &game.state_of::<State>().bridges {
            let shared = Edge::ALL.into_iter().find(|e| at.step(*e) == *q);
            let Some(e) = shared else { continue };
            let end_to_end = axis.edges().contains(&e) && other.edges().contains(&e.opposite());
            if end_to_end {
                return Err(verdict(
                    rule::BRIDGE_NO_TOUCHING,
                    format!("this bridge's end would meet the bridge at {q}"),
                ));
            }
            if game.options().of::<Options>().touching_any_adjacent {
                return Err(verdict(
                    rule::BRIDGE_NO_TOUCHING_ANY,
                    format!("this bridge would lie beside the bridge at {q}, on a tile sharing an edge"),
                ));
            }
        }
        Ok(())
    }

    /// A tile laid with a field edge against a road, on an eligible axis, needs a bridge.
    fn needs_bridge(game: &Game, mv: &Move) -> Option<Axis> {
        if game.state_of::<State>().bridges_left == 0 {
            return None;
        }
        let def = game.def(mv.tile);
        [Axis::NS, Axis::EW].into_iter().find(|axis| {
            axis.edges()
                .iter()
                .all(|e| def.edge(mv.rotation, *e) == Terrain::Field && def.river_edges(mv.rotation) & e.bit() == 0)
                && axis.edges().iter().any(|e| {
                    game.tile_at(mv.pos.step(*e)).is_some_and(|n| game.edge_terrain(n, e.opposite()) == Terrain::Road)
                })
        })
    }

    fn build_castle(
        game: &mut Game,
        turn: &TurnContext,
        at: Pos,
        spot: Option<crate::tile::Spot>,
    ) -> Result<(), Verdict> {
        if game.state_of::<State>().castles_left == 0 {
            return Err(verdict(rule::BUILD_AT_PLACEMENT, "the supply holds no castle tile"));
        }
        let town = game
            .city_completed_now(at, spot, turn.mv.pos)
            .map_err(|why| verdict(rule::CASTLE_BUILD, format!("no castle: {why}")))?;
        let segments = game.members(town).len();
        if segments != 2 {
            return Err(verdict(
                rule::CASTLE_BUILD,
                format!("a castle goes only on a city of exactly two segments, not {segments}"),
            ));
        }
        Self::no_special_figure(game, town, at)?;
        game.state_of_mut::<State>().castles_left -= 1;
        let squares = game.squares_of(town);
        let knights: Vec<PlayerId> =
            game.followers().iter().filter(|f| game.feature_of(f.segment) == town).map(|f| f.player).collect();
        let ladies: Vec<(PlayerId, SegId)> = game
            .followers()
            .iter()
            .filter(|f| game.feature_of(f.segment) == town)
            .map(|f| (f.player, f.segment))
            .collect();
        game.state_of_mut::<State>().new_ladies.extend(ladies);
        game.state_of_mut::<State>().castles.push(Castle { town, squares: squares.clone(), built: turn.turn });
        let mut because: crate::score::Rules = smallvec![rule::CASTLE_CITY_NOT_SCORED];
        if !knights.is_empty() {
            because.push(rule::CASTLE_KNIGHT_BECOMES_LADY);
        }
        game.award(ScoreEvent {
            timing: Timing::Turn(turn.turn),
            players: smallvec![turn.player],
            feature: FeatureRef::new(FeatureKind::Castle, squares[0], u8::MAX, "castle built", squares.len() as u32)
                .with_words(format!(
                    "{} castle at {}",
                    crate::score::possessive(&[game.player_name(turn.player)]),
                    squares[0]
                )),
            items: smallvec![ScoreItem { rule: rule::CASTLE_BUILD, label: "castle built", count: 1, each: 0 }],
            because,
        });
        Ok(())
    }

    fn build_barn(game: &mut Game, turn: &TurnContext, corner: Corner) -> Result<(), Verdict> {
        let (_, farmer) = Self::barn_site(game, turn.mv.pos, corner, turn.player)?;
        game.state_of_mut::<State>().barns_left -= 1;
        game.state_of_mut::<State>().barns.push(Barn {
            at: turn.mv.pos,
            corner,
            farmer: (turn.player, farmer),
            built: turn.turn,
        });
        Ok(())
    }

    /// Where a barn may stand, by the rules of building it: a barn in the supply, four tiles
    /// meeting at the corner `corner` of `at`, their corners field only and of one field, and
    /// in that field a farmer of `player` not already on a barn. Returns the field and the
    /// segment of the farmer that goes onto the barn.
    fn barn_site(game: &Game, at: Pos, corner: Corner, player: PlayerId) -> Result<(SegId, SegId), Verdict> {
        if game.state_of::<State>().barns_left == 0 {
            return Err(verdict(rule::BUILD_AT_PLACEMENT, "the supply holds no barn tile"));
        }
        let field = Self::barn_field(game, at, corner)?;
        let on_barn =
            |p: PlayerId, s: SegId| game.state_of::<State>().barns.iter().filter(|b| b.farmer == (p, s)).count();
        let free = game.followers().iter().find(|f| {
            f.player == player && game.feature_of(f.segment) == field && {
                let same = game.followers().iter().filter(|g| g.player == f.player && g.segment == f.segment).count();
                same > on_barn(f.player, f.segment)
            }
        });
        match free {
            Some(f) => Ok((field, f.segment)),
            None => Err(verdict(
                rule::BARN_OWN_FREE_FARMER,
                format!("{} has no farmer in that field that is not already on a barn", game.player_name(player)),
            )),
        }
    }

    /// The one field whose four corners meet at the corner `corner` of `at`.
    fn barn_field(game: &Game, at: Pos, corner: Corner) -> Result<SegId, Verdict> {
        use super::corners::{corner_field, Fault};
        corner_field(game, at, corner).map_err(|f| match f {
            Fault::Empty(sq) => {
                verdict(rule::BARN_FOUR_TILES, format!("a barn needs four tiles meeting at the corner; {sq} is empty"))
            }
            Fault::NotField(sq) => {
                verdict(rule::BARN_FIELD_CORNERS, format!("the corner of the tile at {sq} is not field only"))
            }
            Fault::TwoFields => verdict(rule::BARN_FIELD_CORNERS, "the four corners do not lie in one field"),
        })
    }
}

/// The new edition's pieces on the starting board: bridges, castles and barns.
impl exp8::StandingPieces for Ne8 {
    fn standing_bridge(&self, game: &mut Game, at: Pos, axis: Axis) -> Result<(), Verdict> {
        let p = *game.tile_at(at).ok_or_else(|| verdict(rule::BRIDGE_ELIGIBLE, "no tile there"))?;
        if game.state_of::<State>().bridges_left == 0 {
            return Err(verdict(rule::BRIDGE_ONLY_WHILE_SUPPLY, "the supply holds no bridge"));
        }
        let river = game.def(p.kind).river_edges(p.rotation);
        if axis.edges().iter().any(|e| game.def(p.kind).edge(p.rotation, *e) != Terrain::Field || river & e.bit() != 0)
        {
            return Err(verdict(
                rule::BRIDGE_ELIGIBLE,
                format!("a bridge crosses only a tile whose two opposite edges ({}) are field", axis.as_str()),
            ));
        }
        game.add_segment(at, FeatureKind::Road, axis.mask(), "bridge");
        let state = game.state_of_mut::<State>();
        state.bridges_left -= 1;
        state.bridges.push((at, axis));
        Ok(())
    }

    fn standing_castle(
        &self,
        game: &mut Game,
        at: Pos,
        spot: Option<crate::tile::Spot>,
        scored: bool,
    ) -> Result<(), Verdict> {
        if scored {
            return Err(verdict(
                crate::expansion::exp8::rule::EDITION,
                "new-edition castles do not score a structure: `scored` belongs to the 1st edition's castles",
            ));
        }
        if game.state_of::<State>().castles_left == 0 {
            return Err(verdict(rule::BUILD_AT_PLACEMENT, "the supply holds no castle tile"));
        }
        let town = game.completed_city(at, spot).map_err(|why| verdict(rule::CASTLE_BUILD, why))?;
        let segments = game.members(town).len();
        if segments != 2 {
            return Err(verdict(
                rule::CASTLE_BUILD,
                format!("a castle goes only on a city of exactly two segments, not {segments}"),
            ));
        }
        Self::no_special_figure(game, town, at)?;
        let squares = game.squares_of(town);
        let state = game.state_of_mut::<State>();
        state.castles_left -= 1;
        state.castles.push(Castle { town, squares, built: 0 });
        Ok(())
    }

    fn standing_barn(&self, game: &mut Game, at: Pos, corner: Corner, farmer: Option<PlayerId>) -> Result<(), Verdict> {
        // Its farmer: the one named, or the only player with a farmer in the field.
        let player = match farmer {
            Some(p) => p,
            None => {
                let field = Self::barn_field(game, at, corner)?;
                let mut owners: Vec<PlayerId> =
                    game.followers().iter().filter(|f| game.feature_of(f.segment) == field).map(|f| f.player).collect();
                owners.sort_unstable();
                owners.dedup();
                match owners.as_slice() {
                    [one] => *one,
                    [] => {
                        return Err(verdict(
                            rule::BARN_FARMER_ONTO,
                            "a barn holds a farmer of that field, and the field holds none",
                        ))
                    }
                    _ => {
                        return Err(verdict(
                            rule::BARN_FARMER_ONTO,
                            "farmers of several players stand in that field: name the barn's with `farmer:`",
                        ))
                    }
                }
            }
        };
        let (_, farmer) = Self::barn_site(game, at, corner, player)?;
        let state = game.state_of_mut::<State>();
        state.barns_left -= 1;
        state.barns.push(Barn { at, corner, farmer: (player, farmer), built: 0 });
        Ok(())
    }

    fn board_pieces(&self) -> &'static str {
        "bridges, castles and barns"
    }
}

impl Expansion for Ne8 {
    /// A bridge goes across the new tile only, its two field edges made road edges.
    fn edge_changes(&self) -> super::EdgeChanges {
        super::EdgeChanges::Crossing
    }

    fn id(&self) -> ExpansionId {
        ExpansionId::Ne8
    }

    fn rule_book(&self) -> &'static crate::rules::RuleBook {
        &rule::BOOK
    }

    fn switches(&self) -> &'static [&'static SwitchDef] {
        static ALL: [&SwitchDef; 1] = [&TOUCHING];
        &ALL
    }

    exp8::slot_actions!();

    fn read_options(&self, profile: &Profile, into: &mut crate::expansion::Slots) {
        into.insert(Options::read(profile));
    }

    fn pieces(&self, game: &Game, out: &mut Vec<crate::expansion::Piece>) {
        use crate::expansion::{Piece, PieceAt};
        let state = game.state_of::<State>();
        for c in &state.castles {
            // Over the edge between the city's two squares; its followers are ladies
            // (rule::CASTLE_KNIGHT_BECOMES_LADY).
            let at = match c.squares[..] {
                [a, b] => PieceAt::Between(a, b),
                _ => PieceAt::Tile(c.squares[0]),
            };
            out.push(Piece { what: "castle", at, holds: Some((c.town, "lady")), height: 1, owner: None });
        }
        for b in &state.barns {
            out.push(Piece { what: "barn", at: PieceAt::Corner(b.at, b.corner), owner: None, holds: None, height: 1 });
        }
    }

    fn setup(&self, game: &mut Game) {
        game.state.insert(State { bridges_left: 12, castles_left: 6, barns_left: 6, ..State::default() });
    }

    fn phases(&self, _options: &AllOptions, seq: &mut Vec<Phase>) {
        // Buildings go up as part of placing the tile; a lady is recalled instead of deploying
        // a follower; a barn pays at the start of the turn's scoring.
        let at = seq.iter().position(|p| *p == Phase::PlaceTile).map_or(0, |i| i + 1);
        seq.insert(at, Phase::Expansion(ExpansionId::Ne8, BUILD));
        let at = seq.iter().position(|p| *p == Phase::DeployFollower).map_or(seq.len(), |i| i + 1);
        seq.insert(at, Phase::Expansion(ExpansionId::Ne8, LADY));
        let at = seq.iter().position(|p| *p == Phase::ScoreCompleted).unwrap_or(seq.len());
        seq.insert(at, Phase::Expansion(ExpansionId::Ne8, BARN_SCORE));
    }

    fn pending_edges(&self, game: &Game, _player: PlayerId, mv: &Move, out: &mut Vec<(Pos, Edge, Terrain)>) {
        if let Some((at, axis)) = Self::bridge(mv) {
            if game.state_of::<State>().bridges_left > 0 {
                for e in axis.edges() {
                    out.push((at, e, Terrain::Road));
                }
            }
        }
    }

    fn offers_actions(&self) -> bool {
        true
    }

    /// The sets [`Ne8::action_options`] builds: at most one building (a bridge across the
    /// new tile on either axis, a castle on each town the placement completes, a barn on
    /// each corner; each only while the supply holds one, as building it is refused
    /// otherwise), or none, each with or without the recall of each of the player's ladies;
    /// a bridge is the only thing built for a follower to stand on, and the only one that
    /// changes an edge, across the new tile.
    fn action_bound(
        &self,
        game: &Game,
        player: PlayerId,
        tile: crate::tile::TileKind,
        _turn: u16,
    ) -> Option<super::ActionBound> {
        let state = game.state_of::<State>();
        let bridges = state.bridges_left > 0;
        let edges = if bridges { super::EdgeChanges::Crossing } else { super::EdgeChanges::None };
        let buildings = 1
            + if bridges { 2 } else { 0 }
            + if state.castles_left > 0 { exp8::towns_a_placement_may_complete(game, tile) } else { 0 }
            + if state.barns_left > 0 { Corner::ALL.len() } else { 0 };
        let ladies = state
            .castles
            .iter()
            .filter(|c| game.followers().iter().any(|f| f.player == player && game.feature_of(f.segment) == c.town))
            .count();
        Some(super::ActionBound { sets: buildings * (1 + ladies) - 1, kinds: 1, edges })
    }

    /// At most one building: a bridge across the new tile (each axis), a castle on a city of
    /// two segments the placement completes (named by its city on the new tile), or a barn
    /// on a corner of the new tile where four tiles meet; with each, or alone, the recall
    /// of one of the player's ladies (one castle at a time).
    fn action_options(
        &self,
        game: &Game,
        trials: &mut Trials,
        player: PlayerId,
        mv: &Move,
        turn: u16,
        out: &mut Vec<Vec<Extra>>,
    ) {
        let mut buildings: Vec<Option<Action>> = vec![None];
        for axis in [Axis::NS, Axis::EW] {
            if Self::check_bridge(game, mv, mv.pos, axis).is_ok() {
                buildings.push(Some(Action::Bridge { at: mv.pos, axis }));
            }
        }
        // Only trying the placement tells which towns it completes; one that cannot complete
        // a town, or with no castle left to build, is not tried.
        let towns = game.state_of::<State>().castles_left > 0 && exp8::may_complete_town(game, mv);
        if towns {
            trials.if_accepted(player, mv, turn, |after| {
                let def = game.def(mv.tile);
                let mut roots = Vec::new();
                for e in Edge::ALL {
                    let Some(local) = def.segment_on_edge(mv.rotation, e) else { continue };
                    let Some(seg) = after.segment_at(mv.pos, local) else { continue };
                    let root = after.feature_of(seg);
                    if after.feature_kind(root) == FeatureKind::City
                        && after.completions().iter().any(|c| c.info.root == root)
                        && after.members(root).len() == 2
                        && !roots.contains(&root)
                    {
                        roots.push(root);
                        buildings.push(Some(Action::Castle { at: mv.pos, spot: Some(crate::tile::Spot::Edge(e)) }));
                    }
                }
            });
        }
        for corner in Corner::ALL {
            if super::corners::corner_tiles(mv.pos, corner)[1..].iter().all(|(q, _)| game.tile_at(*q).is_some()) {
                buildings.push(Some(Action::Barn { corner }));
            }
        }
        let state = game.state_of::<State>();
        let recalls: Vec<Option<Action>> = std::iter::once(None)
            .chain(
                state
                    .castles
                    .iter()
                    .filter(|c| {
                        game.followers().iter().any(|f| f.player == player && game.feature_of(f.segment) == c.town)
                    })
                    .map(|c| Some(Action::RecallLady { at: c.squares[0] })),
            )
            .collect();
        for b in &buildings {
            for r in &recalls {
                let set: Vec<Extra> = b.iter().chain(r.iter()).cloned().map(Extra::new).collect();
                if !set.is_empty() {
                    out.push(set);
                }
            }
        }
    }

    fn check_placement(&self, game: &Game, player: PlayerId, mv: &Move) -> Result<(), Verdict> {
        let mut buildings = 0;
        for x in exp8::actions(mv) {
            match x {
                Action::Bazaar(_) | Action::BazaarFollows => {
                    return Err(verdict(rule::NO_BAZAARS, "the new edition's expansion 8 has no bazaars"));
                }
                Action::CastleBy { by, .. } if *by != player => {
                    return Err(verdict(
                        rule::CASTLE_BUILD,
                        format!(
                            "the player whose tile completes the city builds the castle: {}, not {}",
                            game.player_name(player),
                            game.player_name(*by)
                        ),
                    ));
                }
                Action::CastleBy { .. } => {}
                Action::BridgeAfterFollower => {
                    return Err(verdict(
                        rule::BUILD_AT_PLACEMENT,
                        "a building goes up as part of placing the tile, before the follower: the new edition leaves no other order",
                    ));
                }
                Action::CastleTakes { .. } | Action::CastleDeclines { .. } => {
                    return Err(verdict(
                        crate::expansion::exp8::rule::EDITION,
                        "a castle owner's choice of structure belongs to the 1st edition's castles; new-edition castles score through their ladies",
                    ));
                }
                Action::StandingCastle { .. } | Action::StandingBarn { .. } => {
                    return Err(verdict(
                        crate::expansion::base::rule::EXPANSION_IN_PLAY,
                        "a standing castle or barn is written on the starting board",
                    ));
                }
                Action::Bridge { .. } | Action::Castle { .. } | Action::Barn { .. } => buildings += 1,
                Action::RecallLady { .. } => {
                    if mv.follower.is_some() {
                        return Err(verdict(
                            rule::LADY_RECALL,
                            "a lady is recalled only on a turn without a follower placement",
                        ));
                    }
                    // "Plaats je in je beurt geen horige en neem je ook je abt niet terug": a
                    // turn's other move made instead of a follower (the abbot taken back) too.
                    if let Some((_, what)) = mv.extras.iter().find_map(|a| game.deploys_instead(a)) {
                        return Err(verdict(
                            rule::LADY_RECALL_EXCLUDES_ABBOT,
                            format!("a lady is recalled only on a turn without a follower placement or another move in its place, and this turn makes {what}"),
                        ));
                    }
                }
            }
        }
        if mv.follower == Some(crate::engine::FollowerOn::Added(FeatureKind::Field)) {
            return Err(verdict(
                rule::BARN_NO_DIRECT_DEPLOY,
                "a farmer never goes onto a barn straight from the supply: only a farmer already in the field is laid on a barn as it is built",
            ));
        }
        if buildings > 1 {
            return Err(verdict(rule::BUILD_ONE_PER_TURN, "a player builds at most one building a turn"));
        }
        if let crate::engine::Part::Second(t) = mv.part {
            if buildings > 0 && game.state_of::<State>().built_in_first_part.contains(&(player, t)) {
                return Err(verdict(
                    rule::BUILD_ONE_PER_TURN,
                    "the first part of this turn built already: a turn in two parts is one turn, with one building",
                ));
            }
        }
        // "een van je jonkvrouwen ... terugnemen": one lady, instead of the one follower.
        if exp8::actions(mv).filter(|x| matches!(x, Action::RecallLady { .. })).count() > 1 {
            return Err(verdict(
                rule::LADY_RECALL,
                "a player recalls one lady a turn, instead of deploying a follower",
            ));
        }
        match Self::bridge(mv) {
            Some((at, axis)) => Self::check_bridge(game, mv, at, axis)?,
            None => {
                if let Some(axis) = Self::needs_bridge(game, mv) {
                    let fits_anyway = axis.edges().iter().all(|e| {
                        game.tile_at(mv.pos.step(*e))
                            .is_none_or(|n| game.edge_terrain(n, e.opposite()) == Terrain::Field)
                    });
                    if !fits_anyway {
                        return Err(verdict(
                            rule::BRIDGE_MANDATORY,
                            format!(
                                "the tile's field edge ({}) lies against a road: a bridge must go on it",
                                axis.as_str()
                            ),
                        ));
                    }
                }
            }
        }
        Ok(())
    }

    fn run_phase(&self, game: &mut Game, phase: &'static str, turn: &TurnContext) -> Result<(), Verdict> {
        match phase {
            BUILD => {
                // Written only when there is something to clear: a move tried in place copies
                // the state when it first writes it.
                if !game.state_of::<State>().new_ladies.is_empty() {
                    game.state_of_mut::<State>().new_ladies.clear();
                }
                let builds = exp8::actions(&turn.mv)
                    .any(|x| matches!(x, Action::Bridge { .. } | Action::Castle { .. } | Action::Barn { .. }));
                if builds && turn.mv.part == crate::engine::Part::First {
                    game.state_of_mut::<State>().built_in_first_part.push((turn.player, turn.turn));
                }
                for x in exp8::actions(&turn.mv) {
                    match x {
                        Action::Bridge { at, axis } => {
                            game.add_segment(*at, FeatureKind::Road, axis.mask(), "bridge");
                            game.state_of_mut::<State>().bridges_left -= 1;
                            game.state_of_mut::<State>().bridges.push((*at, *axis));
                        }
                        Action::Castle { at, spot } => Self::build_castle(game, turn, *at, *spot)?,
                        Action::Barn { corner } => Self::build_barn(game, turn, *corner)?,
                        _ => {}
                    }
                }
            }
            LADY => {
                // rule::CASTLE_NO_SPECIAL_FIGURE: a figure other than a normal follower deployed
                // on the castle built this turn would stand in a castle's city all the same.
                let built_now: Vec<SegId> =
                    game.state_of::<State>().castles.iter().filter(|c| c.built == turn.turn).map(|c| c.town).collect();
                for town in built_now {
                    Self::no_special_figure(game, town, turn.mv.pos)?;
                }
                // A follower deployed on a castle built this turn is a lady from now on.
                let new: Vec<(PlayerId, SegId)> = game
                    .followers()
                    .iter()
                    .filter(|f| f.player == turn.player)
                    .filter(|f| {
                        let root = game.feature_of(f.segment);
                        game.state_of::<State>().castles.iter().any(|c| c.town == root && c.built == turn.turn)
                    })
                    .map(|f| (f.player, f.segment))
                    .collect();
                if !new.is_empty() {
                    game.state_of_mut::<State>().new_ladies.extend(new);
                }
                for x in exp8::actions(&turn.mv) {
                    let Action::RecallLady { at } = x else { continue };
                    let town = game.state_of::<State>().castles.iter().find(|c| c.squares.contains(at)).map(|c| c.town);
                    let Some(town) = town else {
                        return Err(verdict(rule::LADY_RECALL, format!("there is no castle at {at}")));
                    };
                    let mine: Vec<(usize, bool)> = game
                        .followers()
                        .iter()
                        .enumerate()
                        .filter(|(_, f)| f.player == turn.player && game.feature_of(f.segment) == town)
                        .map(|(i, f)| (i, game.state_of::<State>().new_ladies.contains(&(f.player, f.segment))))
                        .collect();
                    let idx =
                        match mine.iter().find(|(_, new)| !new) {
                            Some((i, _)) => *i,
                            None if mine.is_empty() => {
                                return Err(verdict(
                                    rule::LADY_RECALL,
                                    format!("{} has no lady on the castle at {at}", game.player_name(turn.player)),
                                ))
                            }
                            None => return Err(verdict(
                                rule::LADY_NOT_SAME_TURN,
                                "a lady made this turn, by building the castle under her, cannot be recalled this turn",
                            )),
                        };
                    let (knights, ladies) = Self::knights_and_ladies(game);
                    game.remove_follower(idx);
                    let at_sq =
                        game.state_of::<State>().castles.iter().find(|c| c.town == town).map_or(*at, |c| c.squares[0]);
                    game.award(ScoreEvent {
                        timing: Timing::Turn(turn.turn),
                        players: smallvec![turn.player],
                        feature: FeatureRef::new(FeatureKind::Castle, at_sq, u8::MAX, "lady recalled".to_string(), 2),
                        items: smallvec![
                            ScoreItem { rule: rule::LADY_RECALL_SCORING, label: "knight", count: knights, each: 1 },
                            ScoreItem { rule: rule::LADY_RECALL_SCORING, label: "lady", count: ladies, each: 1 },
                        ],
                        because: smallvec![rule::LADY_RECALL],
                    });
                }
            }
            BARN_SCORE => {
                let new: Vec<Barn> =
                    game.state_of::<State>().barns.iter().filter(|b| b.built == turn.turn).cloned().collect();
                for b in new {
                    let farmers = game
                        .followers()
                        .iter()
                        .filter(|f| game.feature_kind(game.feature_of(f.segment)) == FeatureKind::Field)
                        .count() as u32;
                    game.award(ScoreEvent {
                        timing: Timing::Turn(turn.turn),
                        players: smallvec![b.farmer.0],
                        feature: FeatureRef::new(
                            FeatureKind::Field,
                            b.at,
                            u8::MAX,
                            format!("barn at the {:?} corner", b.corner),
                            4,
                        ),
                        items: smallvec![ScoreItem {
                            rule: rule::BARN_SCORING,
                            label: "farmer",
                            count: farmers,
                            each: 1
                        }],
                        because: smallvec![rule::BARN_FARMER_ONTO],
                    });
                }
            }
            _ => {}
        }
        Ok(())
    }

    fn takes_over(&self, game: &Game, root: SegId) -> bool {
        game.state_of::<State>().castles.iter().any(|c| c.town == root)
    }

    fn score_items(&self, game: &Game, f: &FeatureInfo, timing: Timing, out: &mut crate::score::Items) {
        if f.kind != FeatureKind::Road {
            return;
        }
        let bridges = game.members(f.root).iter().filter(|m| game.locate(**m).1.is_none()).count() as u32;
        if bridges == 0 {
            return;
        }
        match timing {
            Timing::Turn(_) => {
                out.push(ScoreItem { rule: rule::BRIDGE_BONUS, label: "bridge", count: bridges, each: 3 })
            }
            Timing::End => out.push(ScoreItem { rule: rule::BRIDGE_FINAL, label: "bridge", count: bridges, each: 1 }),
        }
    }

    fn explain(&self, game: &Game, f: &FeatureInfo, because: &mut crate::score::Rules) {
        if f.kind == FeatureKind::Field {
            // rule::CASTLE_CITY_NOT_SCORED: a castle city stays a completed city for farmers.
            if f.cities.iter().any(|c| game.state_of::<State>().castles.iter().any(|k| k.town == *c)) {
                because.push(rule::CASTLE_CITY_NOT_SCORED);
            }
            return;
        }
        if f.kind != FeatureKind::Road {
            return;
        }
        let members = game.members(f.root);
        let under_own = members.iter().filter(|m| game.locate(**m).1.is_none()).any(|b| {
            let at = game.placement_of(*b).pos;
            members.iter().any(|m| m != b && game.placement_of(*m).pos == at)
        });
        if under_own {
            because.push(rule::BRIDGE_UNDER_OWN);
        }
    }
}

pub mod rule {
    //! The rules of the new edition's bridges, castles and barns. Their wording and sources are in the catalogue file named below.

    crate::rules::rule_ids! {
        catalogue: "rulesets/rules/ne8.yaml";
        /// The new edition's set has no bazaars.
        NO_BAZAARS = "ne.general.no-bazaars",
        /// One shared supply: 12 bridges, 6 castles, 6 barns.
        SHARED_SUPPLY = "ne.setup.shared-supply",
        /// Buildings go up as part of placing the tile, while the supply has them.
        BUILD_AT_PLACEMENT = "ne.build.at-tile-placement",
        /// At most one building (bridge, castle or barn) a turn.
        BUILD_ONE_PER_TURN = "ne.build.one-per-turn",
        /// The bridge rule holds only while bridges remain in the supply.
        BRIDGE_ONLY_WHILE_SUPPLY = "ne.bridge.only-while-supply",
        /// A bridge crosses a tile whose two opposite edges are field only, the tile just placed.
        BRIDGE_ELIGIBLE = "ne.bridge.eligible-tiles",
        /// Such a tile may lie with a field edge against an open road end.
        BRIDGE_FIELD_AGAINST_ROAD = "ne.bridge.field-edge-against-road",
        /// Laid so, it must take a bridge from the supply, carrying the road straight across.
        BRIDGE_MANDATORY = "ne.bridge.mandatory-when-used",
        /// Two bridges may never touch (reading A: end to end).
        BRIDGE_NO_TOUCHING = "ne.bridge.no-touching-reading-a",
        /// Two bridges may never touch (reading B: on any edge-adjacent tiles).
        BRIDGE_NO_TOUCHING_ANY = "ne.bridge.no-touching-reading-b",
        /// A completed road scores 3 more per bridge on it.
        BRIDGE_BONUS = "ne.bridge.complete-road-bonus",
        /// A road passing under its own bridge: 1 for the road and 3 for the bridge on that tile.
        BRIDGE_UNDER_OWN = "ne.bridge.road-under-own-bridge",
        /// An incomplete road at the end scores 1 more per bridge.
        BRIDGE_FINAL = "ne.bridge.final-scoring-one-per-bridge",
        /// A castle tile may go on a city of exactly two segments this tile completes.
        CASTLE_BUILD = "ne.castle.build-condition",
        /// No castle on a city holding a figure other than a normal follower.
        CASTLE_NO_SPECIAL_FIGURE = "ne.castle.special-figure-blocks",
        /// A normal follower in that city becomes a lady on the castle.
        CASTLE_KNIGHT_BECOMES_LADY = "ne.castle.knight-becomes-lady",
        /// A city with a castle scores nothing.
        CASTLE_CITY_NOT_SCORED = "ne.castle.city-not-scored",
        /// Instead of deploying a follower a player may recall a lady and go straight to scoring.
        LADY_RECALL = "ne.lady.recall",
        /// No lady is recalled on a turn that takes the abbot back (or makes another move instead of a follower).
        LADY_RECALL_EXCLUDES_ABBOT = "ne.lady.recall-excludes-abbot",
        /// Recalling a lady scores 1 per knight and per lady on the board, herself included.
        LADY_RECALL_SCORING = "ne.lady.recall-scoring",
        /// A lady made this turn cannot be recalled this turn.
        LADY_NOT_SAME_TURN = "ne.lady.not-same-turn-converted",
        /// A barn needs the tile just placed to be one of four meeting at one corner point.
        BARN_FOUR_TILES = "ne.barn.four-tile-corner",
        /// The four meeting corners are field only, of one field.
        BARN_FIELD_CORNERS = "ne.barn.field-only-corners",
        /// That field holds a farmer of the builder not already on a barn.
        BARN_OWN_FREE_FARMER = "ne.barn.own-free-farmer",
        /// A follower is never deployed straight onto a barn.
        BARN_NO_DIRECT_DEPLOY = "ne.barn.no-direct-deploy",
        /// The builder lays one of their farmers of that field onto the barn.
        BARN_FARMER_ONTO = "ne.barn.farmer-onto-barn",
        /// Building a barn scores 1 per farmer on the board, once.
        BARN_SCORING = "ne.barn.build-scoring",
    }
}
