//! The River and The River II (1st edition): river tiles laid before the land tiles.
//!
//! What is modelled. A river edge is a field edge to the core (its two halves lie in the
//! fields on either side), named by the tile's `rivers:` ([`crate::tile::TileDef::river_edges`]);
//! the river is no feature, so no follower stands on it and it never scores, and every
//! other feature of a river tile plays as usual. The spring is the start tile
//! (`TileSet::start`: the last start tile of the catalogues in play). Each placement is
//! judged by the river's rules in [`Expansion::check_placement`]:
//! * a river tile continues the river: one of its river edges meets an open end, no river
//!   edge meets a tile's other edge either way (`river.placement.continue`);
//! * while the river has an open end, only river tiles are laid (`river.setup.river-first`);
//! * the river does not turn the same way twice in a row (`river.placement.no-u-turn`): the
//!   turn of a tile is read along the flow, from the edge it was joined by (a fork's, from
//!   the branch toward the spring);
//! * a lake is laid once every other river tile of the game is down (`river.setup.lake-last`);
//! * The River II: the fork is the first tile after the spring (`river-ii.setup.fork-first`),
//!   the branches never join (`river-ii.placement.branches-apart`; under JCloisterZone's
//!   reading, switch `river.branches`, a branch may not even lead to a square beside the
//!   other's open end), no follower on the volcano lake (`river-ii.volcano.no-follower`), and
//!   the farmers who score a field with the pig herd get 1 more per completed city or castle
//!   (`river-ii.pig-herd.farm-bonus`, `river-ii.pig-herd.castle`).
//!
//! The player of the volcano lake may take another tile at once (`river-ii.volcano.extra-tile`):
//! a turn in two parts (`parts:`), the volcano lake its first; a first part that is not the
//! volcano lake is refused. Not modelled: The River II with Traders and Builders, whose
//! builder also grants second parts (each refuses the other's first part).

use super::{Expansion, ExpansionId};
use crate::engine::features::SegId;
use crate::engine::{Game, Move, Part, Phase, TurnContext};
use crate::geom::{Edge, Pos};
use crate::score::{PlayerId, ScoreItem, Verdict};
use crate::tile::Mark;

/// The River (1st edition).
pub struct River;

/// The River II (1st edition).
pub struct RiverIi;

/// How far The River II keeps its two branches apart.
pub static BRANCHES: crate::ruleset::SwitchDef = crate::ruleset::SwitchDef {
    name: "river.branches",
    question: "Must the two branches of The River II only never join, or never even lead to squares side by side?",
    values: &[
        ("never-joined", "a tile may not join the two branches (the rule text)"),
        (
            "not-beside-the-other-branch",
            "a branch may not lead to a square that is, or lies beside, the square the other branch leads to (JCloisterZone)",
        ),
    ],
    rules: &[rule_ii::BRANCHES_APART, rule_ii::BRANCHES_JCZ],
    governs: &[],
};

const VOLCANO_PHASE: &str = "volcano";

/// Whether a land tile waits for the river to be finished, or the order the tiles were drawn
/// in decides (a saved game of JCloisterZone, whose stacks order the tiles themselves).
pub static LAND_TILES: crate::ruleset::SwitchDef = crate::ruleset::SwitchDef {
    name: "river.land-tiles",
    question: "Is a land tile refused while the river still has an open end, or does the order drawn decide?",
    values: &[
        ("after-the-river", "refused: every river tile is laid before the first land tile"),
        ("as-drawn", "the order the tiles were drawn in decides (JCloisterZone's stacks; its engine tests lay tiles in any order)"),
    ],
    rules: &[rule::RIVER_FIRST, rule::LAND_AS_DRAWN_JCZ],
    governs: &[],
};

/// The options of both boxes, from the profile (each expansion reads both switches).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Options {
    /// JCloisterZone's reading of the branches rule.
    pub branches_kept_apart: bool,
    /// JCloisterZone's saved games: no land tile is refused for an open river.
    pub land_as_drawn: bool,
}

impl Options {
    fn read(profile: &crate::ruleset::Profile) -> Options {
        Options {
            branches_kept_apart: profile.value(&BRANCHES) == "not-beside-the-other-branch",
            land_as_drawn: profile.value(&LAND_TILES) == "as-drawn",
        }
    }
}

/// The board edges of the tile at `p` where a river reaches it (0: no tile, or no river).
fn rivers_at(game: &Game, p: Pos) -> u8 {
    game.tile_at(p).map_or(0, |t| game.def(t.kind).river_edges(t.rotation))
}

/// Every open end of the river: a river tile's square and the edge whose river faces a free
/// square.
fn open_ends(game: &Game) -> Vec<(Pos, Edge)> {
    let mut out = Vec::new();
    for t in game.placed() {
        let r = game.def(t.kind).river_edges(t.rotation);
        if r == 0 {
            continue;
        }
        for e in Edge::ALL.into_iter().filter(|e| r & e.bit() != 0) {
            if game.tile_at(t.pos.step(e)).is_none() {
                out.push((t.pos, e));
            }
        }
    }
    out
}

/// Which way the river turns going in direction `d_in` and leaving in `d_out`: 0 straight,
/// 1 right (clockwise), 3 left.
fn turn(d_in: Edge, d_out: Edge) -> usize {
    (d_out.index() + 4 - d_in.index()) % 4
}

/// The edge by which the river enters the tile at `p` (from upstream), if it can be told: the
/// other river edge of a tile with two, where `down` is its downstream edge; for a fork, the
/// edge whose branch leads back to the spring.
fn entry(game: &Game, p: Pos, down: Edge) -> Option<Edge> {
    let r = rivers_at(game, p);
    let others: Vec<Edge> = Edge::ALL.into_iter().filter(|e| r & e.bit() != 0 && *e != down).collect();
    match others.as_slice() {
        [one] => Some(*one),
        _ => others.into_iter().find(|e| leads_to_spring(game, p, *e)),
    }
}

/// Whether the river leaving the tile at `p` by edge `e` reaches the spring, upstream.
fn leads_to_spring(game: &Game, mut p: Pos, mut e: Edge) -> bool {
    for _ in 0..game.placed().len() {
        let q = p.step(e);
        let Some(t) = game.tile_at(q) else { return false };
        let def = game.def(t.kind);
        if def.marks.contains(&Mark::Spring) {
            return true;
        }
        let r = def.river_edges(t.rotation) & !e.opposite().bit();
        if r.count_ones() != 1 {
            return false;
        }
        p = q;
        e = Edge::ALL.into_iter().find(|x| r & x.bit() != 0).unwrap_or(e);
    }
    false
}

/// How many river tiles of the game, other than springs and lakes, are not on the board.
fn river_tiles_left(game: &Game) -> u32 {
    let plain = |d: &crate::tile::TileDef| {
        !d.rivers.is_empty() && !d.marks.contains(&Mark::Spring) && !d.marks.contains(&Mark::Lake)
    };
    let total: u32 = game.tiles().iter().filter(|(_, d)| plain(d)).map(|(_, d)| d.count).sum();
    let down = game.placed().iter().filter(|t| plain(game.def(t.kind))).count() as u32;
    total.saturating_sub(down)
}

fn is_fork(d: &crate::tile::TileDef) -> bool {
    d.river_edges(crate::geom::Rotation::default()).count_ones() >= 3
}

/// A tile of the starting board: its river edges meet river edges, and only those (the
/// order the river was laid in is not asked).
fn check_river_setup(
    game: &Game,
    tile: crate::tile::TileKind,
    pos: Pos,
    r: crate::geom::Rotation,
) -> Result<(), Verdict> {
    let mine = game.def(tile).river_edges(r);
    for e in Edge::ALL {
        let Some(t) = game.tile_at(pos.step(e)) else { continue };
        let theirs = game.def(t.kind).river_edges(t.rotation) & e.opposite().bit() != 0;
        if theirs != (mine & e.bit() != 0) {
            return Err(Verdict::new(
                rule::CONTINUE,
                format!(
                    "at {pos}, the {} edge meets the tile at {}: a river edge meets a river edge, and only one",
                    e.word(),
                    pos.step(e)
                ),
            ));
        }
    }
    Ok(())
}

/// The River's rules of a placement (both boxes).
fn check_river(game: &Game, mv: &Move) -> Result<(), Verdict> {
    let def = game.def(mv.tile);
    let mine = def.river_edges(mv.rotation);
    // rule::WALLS: an abbey's walls fit any edge, a river's too (Abbey and Mayor's tile).
    let walled = def.walled();
    let (mut meets, mut beside) = (0u8, 0u8);
    for e in Edge::ALL {
        if let Some(t) = game.tile_at(mv.pos.step(e)) {
            beside |= e.bit();
            if game.def(t.kind).river_edges(t.rotation) & e.opposite().bit() != 0 {
                meets |= e.bit();
            }
        }
    }
    if mine == 0 {
        if let Some(e) = Edge::ALL.into_iter().find(|e| meets & e.bit() != 0 && !walled) {
            return Err(Verdict::new(
                rule::CONTINUE,
                format!(
                    "the river at {} flows into the new tile's {} edge, which has no river",
                    mv.pos.step(e),
                    e.word()
                ),
            ));
        }
        if game.options().of::<Options>().land_as_drawn {
            return Ok(());
        }
        if let Some((p, e)) = open_ends(game).first() {
            return Err(Verdict::new(
                rule::RIVER_FIRST,
                format!(
                    "the river is not finished (it flows on from {p} to the {}): river tiles are laid before land tiles",
                    e.word()
                ),
            ));
        }
        return Ok(());
    }
    if let Some(e) = Edge::ALL.into_iter().find(|e| meets & e.bit() != 0 && mine & e.bit() == 0) {
        return Err(Verdict::new(
            rule::CONTINUE,
            format!("the river at {} flows into the new tile's {} edge, which has no river", mv.pos.step(e), e.word()),
        ));
    }
    if let Some(e) = Edge::ALL.into_iter().find(|e| mine & beside & !meets & e.bit() != 0) {
        return Err(Verdict::new(
            rule::CONTINUE,
            format!("the new tile's river runs out of its {} edge into a tile with no river there", e.word()),
        ));
    }
    if meets == 0 {
        return Err(Verdict::new(
            rule::CONTINUE,
            "a river tile continues the river: its river must meet the river's open end".to_string(),
        ));
    }
    if meets.count_ones() >= 2 {
        return Err(Verdict::new(
            rule_ii::BRANCHES_APART,
            "the new tile would join two branches of the river into one".to_string(),
        ));
    }
    if def.marks.contains(&Mark::Lake) {
        let left = river_tiles_left(game);
        if left > 0 {
            return Err(Verdict::new(
                rule::LAKE_LAST,
                format!("the lake is the last river tile, and {left} other river tile(s) of the game are not down yet"),
            ));
        }
    }
    // The turn: in by the edge it meets, out by its other river edge.
    let e_in = Edge::ALL.into_iter().find(|e| meets & e.bit() != 0).unwrap_or(Edge::N);
    if mine.count_ones() == 2 {
        let out = Edge::ALL.into_iter().find(|e| mine & e.bit() != 0 && *e != e_in).unwrap_or(e_in);
        let now = turn(e_in.opposite(), out);
        let q = mv.pos.step(e_in);
        if let Some(before) = entry(game, q, e_in.opposite()).map(|q_in| turn(q_in.opposite(), e_in.opposite())) {
            if now != 0 && now == before {
                let way = if now == 1 { "right" } else { "left" };
                return Err(Verdict::new(
                    rule::NO_U_TURN,
                    format!(
                        "the river turned {way} at {q} and would turn {way} again: no two turns the same way in a row"
                    ),
                ));
            }
        }
    }
    Ok(())
}

/// The River II's own rules of a placement.
fn check_river_ii(game: &Game, mv: &Move) -> Result<(), Verdict> {
    let def = game.def(mv.tile);
    let mine = def.river_edges(mv.rotation);
    if mine != 0 && !is_fork(def) {
        let fork_in_game = game.tiles().iter().any(|(_, d)| is_fork(d) && d.count > 0);
        let fork_down = game.placed().iter().any(|t| is_fork(game.def(t.kind)));
        if fork_in_game && !fork_down {
            return Err(Verdict::new(
                rule_ii::FORK_FIRST,
                "the fork is laid first, beside the spring, before any other river tile".to_string(),
            ));
        }
    }
    if def.marks.contains(&Mark::Volcano) && def.marks.contains(&Mark::Lake) && mv.follower.is_some() {
        return Err(Verdict::new(
            rule_ii::VOLCANO_NO_FOLLOWER,
            "no follower goes on the volcano lake: its player takes another tile instead".to_string(),
        ));
    }
    // JCloisterZone's reading, as its engine tests show it: a curve (a tile whose two river
    // edges are not opposite) may not lead beside where the other branch leads; a straight
    // piece may.
    let curve = mine.count_ones() == 2 && mine != 0b0101 && mine != 0b1010;
    if curve && game.options().of::<Options>().branches_kept_apart {
        let mut free_ends = Vec::new();
        for e in Edge::ALL.into_iter().filter(|e| mine & e.bit() != 0) {
            let q = mv.pos.step(e);
            if game.tile_at(q).is_none() {
                free_ends.push(q);
            }
        }
        let others: Vec<Pos> = open_ends(game).into_iter().map(|(p, e)| p.step(e)).filter(|q| *q != mv.pos).collect();
        for q in &free_ends {
            if let Some(o) = others.iter().find(|o| *o == q || Edge::ALL.iter().any(|e| o.step(*e) == *q)) {
                return Err(Verdict::new(
                    rule_ii::BRANCHES_JCZ,
                    format!("the river would lead on to {q}, beside {o}, where the other branch leads: the branches are kept apart"),
                ));
            }
        }
    }
    Ok(())
}

/// Whether the field `field` holds a pig herd (The River II).
fn has_pig_herd(game: &Game, field: SegId) -> bool {
    game.members(field).into_iter().any(|s| {
        let (_, local) = game.locate(s);
        let p = game.placement_of(s);
        local.is_some_and(|l| game.def(p.kind).segments.get(l).is_some_and(|seg| seg.pig_herd))
    })
}

impl Expansion for River {
    fn id(&self) -> ExpansionId {
        ExpansionId::River
    }

    /// rule::NOT_ON_RIVER: the water of any river tile (River II's too) is no feature.
    fn no_feature(&self, def: &crate::tile::TileDef, word: &str) -> Option<(&'static str, crate::rules::RuleId)> {
        (word == "river" && !def.rivers.is_empty()).then_some(("river", rule::NOT_ON_RIVER))
    }

    fn rule_book(&self) -> &'static crate::rules::RuleBook {
        &rule::BOOK
    }

    fn tiles(&self) -> Option<&'static crate::embedded::Embedded> {
        const TILES: crate::embedded::Embedded = crate::embed!("tiles/river.yaml");
        Some(&TILES)
    }

    /// No action of this expansion changes an edge (it offers none).
    fn edge_changes(&self) -> super::EdgeChanges {
        super::EdgeChanges::None
    }

    fn switches(&self) -> &'static [&'static crate::ruleset::SwitchDef] {
        static ALL: [&crate::ruleset::SwitchDef; 1] = [&LAND_TILES];
        &ALL
    }

    fn read_options(&self, profile: &crate::ruleset::Profile, into: &mut crate::expansion::Slots) {
        into.insert(Options::read(profile));
    }

    fn check_placement(&self, game: &Game, _player: PlayerId, mv: &Move) -> Result<(), Verdict> {
        check_river(game, mv)
    }

    fn check_setup(
        &self,
        game: &Game,
        tile: crate::tile::TileKind,
        pos: Pos,
        r: crate::geom::Rotation,
    ) -> Result<(), Verdict> {
        check_river_setup(game, tile, pos, r)
    }
}

impl Expansion for RiverIi {
    fn id(&self) -> ExpansionId {
        ExpansionId::RiverIi
    }

    fn rule_book(&self) -> &'static crate::rules::RuleBook {
        &rule_ii::BOOK
    }

    fn tiles(&self) -> Option<&'static crate::embedded::Embedded> {
        const TILES: crate::embedded::Embedded = crate::embed!("tiles/river-ii.yaml");
        Some(&TILES)
    }

    fn switches(&self) -> &'static [&'static crate::ruleset::SwitchDef] {
        static ALL: [&crate::ruleset::SwitchDef; 1] = [&BRANCHES];
        &ALL
    }

    fn read_options(&self, profile: &crate::ruleset::Profile, into: &mut crate::expansion::Slots) {
        into.insert(Options::read(profile));
    }

    /// No action of this expansion changes an edge (it offers none).
    fn edge_changes(&self) -> super::EdgeChanges {
        super::EdgeChanges::None
    }

    fn check_placement(&self, game: &Game, _player: PlayerId, mv: &Move) -> Result<(), Verdict> {
        check_river_ii(game, mv)?;
        check_river(game, mv)
    }

    fn check_setup(
        &self,
        game: &Game,
        tile: crate::tile::TileKind,
        pos: Pos,
        r: crate::geom::Rotation,
    ) -> Result<(), Verdict> {
        check_river_setup(game, tile, pos, r)
    }

    fn phases(&self, _options: &super::Options, seq: &mut Vec<Phase>) {
        let at = seq.iter().position(|p| *p == Phase::PlaceTile).map_or(seq.len(), |i| i + 1);
        seq.insert(at, Phase::Expansion(ExpansionId::RiverIi, VOLCANO_PHASE));
    }

    fn grants_second_part(&self) -> bool {
        true
    }

    /// rule_ii::VOLCANO_EXTRA_TILE: only the volcano lake earns a second tile in the turn.
    fn run_phase(&self, game: &mut Game, _phase: &'static str, turn: &TurnContext) -> Result<(), Verdict> {
        let def = game.def(turn.mv.tile);
        if turn.mv.part == Part::First && !(def.marks.contains(&Mark::Volcano) && def.marks.contains(&Mark::Lake)) {
            return Err(Verdict::new(
                rule_ii::VOLCANO_EXTRA_TILE,
                format!(
                    "{}'s tile is not the volcano lake, so the turn has no second tile",
                    game.player_name(turn.player)
                ),
            ));
        }
        Ok(())
    }

    /// rule_ii::PIG_HERD: each player of the field's majority gets 1 more per completed city it
    /// is paid for (rule_ii::PIG_HERD_CASTLE: a castle too), when a pig herd is in the field.
    fn field_bonus(
        &self,
        game: &Game,
        field: SegId,
        _player: PlayerId,
        cities: &[SegId],
        out: &mut crate::score::Items,
    ) {
        if !has_pig_herd(game, field) {
            return;
        }
        let (mut plain, mut castles) = (0u32, 0u32);
        for &c in cities {
            match game.farm_value(c) {
                (_, _, v) if v <= 0 => {}
                (_, "castle", _) => castles += 1,
                _ => plain += 1,
            }
        }
        if plain > 0 {
            out.push(ScoreItem { rule: rule_ii::PIG_HERD, label: "pig herd point", count: plain, each: 1 });
        }
        if castles > 0 {
            out.push(ScoreItem {
                rule: rule_ii::PIG_HERD_CASTLE,
                label: "castle pig herd point",
                count: castles,
                each: 1,
            });
        }
    }
}

pub mod rule {
    //! The rules of The River (1st edition). Their wording and sources are in the catalogue file named below.

    crate::rules::rule_ids! {
        catalogue: "rulesets/rules/river.yaml";
        /// Twelve river tiles, the spring and the lake among them.
        TILES = "river.components.tiles",
        /// The spring is laid in the middle of the table instead of the start tile.
        SPRING_START = "river.setup.spring-start",
        /// Every river tile is laid before the first land tile.
        RIVER_FIRST = "river.setup.river-first",
        /// The lake comes last, once every other river tile is down.
        LAKE_LAST = "river.setup.lake-last",
        /// A river tile continues the river: river meets river, and only river.
        CONTINUE = "river.placement.continue",
        /// The river never turns the same way twice in a row.
        NO_U_TURN = "river.placement.no-u-turn",
        /// No follower stands on the river itself; the other features of river tiles take them as usual.
        NOT_ON_RIVER = "river.follower.not-on-river",
        /// The river itself scores nothing; the other features of river tiles score as usual.
        NO_SCORE = "river.scoring.river-scores-nothing",
        /// JCloisterZone's saved games: the order the tiles were drawn in decides when land tiles come.
        LAND_AS_DRAWN_JCZ = "river.setup.jcz-as-drawn",
        /// An abbey's walls fit a river edge as they fit any edge.
        WALLS = "river.placement.abbey-walls",
    }
}

pub mod rule_ii {
    //! The rules of The River II (1st edition). Their wording and sources are in the catalogue file named below.

    crate::rules::rule_ids! {
        catalogue: "rulesets/rules/river-ii.yaml";
        /// Twelve river tiles: the spring, the fork, the volcano lake, a river ending in a city among them.
        TILES = "river-ii.components.tiles",
        /// The fork is laid first, beside the spring.
        FORK_FIRST = "river-ii.setup.fork-first",
        /// The two branches of the river are never joined.
        BRANCHES_APART = "river-ii.placement.branches-apart",
        /// JCloisterZone's reading: a branch never leads to a square beside the other's open end.
        BRANCHES_JCZ = "river-ii.placement.branches-jcz",
        /// No follower on the volcano lake.
        VOLCANO_NO_FOLLOWER = "river-ii.volcano.no-follower",
        /// The player of the volcano lake may take another tile at once (a turn in two parts).
        VOLCANO_EXTRA_TILE = "river-ii.volcano.extra-tile",
        /// Farmers who score a field holding the pig herd get 1 more per completed city.
        PIG_HERD = "river-ii.pig-herd.farm-bonus",
        /// With Bridges, Castles and Bazaars, the pig herd adds 1 per castle too.
        PIG_HERD_CASTLE = "river-ii.pig-herd.castle",
    }
}
