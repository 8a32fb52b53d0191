//! Bridges, Castles and Bazaars (1st edition): bridges and castles.
//!
//! A bridge is a road segment added to a placed tile straight across it (`Game::add_segment`).
//! It is built in its own phase right after the tile is laid, so that a follower may stand on
//! it and the turn's scoring sees the road it completes.
//!
//! A castle replaces the scoring of a town the turn completed (`takes_over`): its follower
//! stays, now in the castle. After each later turn's scoring, a castle takes the points of a
//! structure completed that turn with a tile in its fief, and scoring castles count as
//! completed structures for the castles beside them.
//!
//! A town held by several followers (fliers) is decided by its majority: its tied players
//! each score or convert it. Those who score it score it in the usual scoring, while the
//! converters' followers wait off the board (`Castle::garrison`); they man the castle once
//! that scoring is over.

pub mod bazaar;
pub mod parts;
pub mod rule;

use super::exp8::{self, Action};
use super::{Expansion, ExpansionId, Extra, Options as AllOptions};
use crate::engine::features::SegId;
use crate::engine::{
    FeatureInfo, Figure, Follower, FollowerOn, Game, Move, OpenTurn, Part, Phase, Trials, TurnContext,
};
use crate::geom::{Axis, Edge, Pos};
use crate::rules::RuleId;
use crate::ruleset::Profile;
use crate::ruleset::SwitchDef;
use crate::score::{FeatureRef, PlayerId, ScoreEvent, ScoreItem, Timing, Verdict};
use crate::tile::{FeatureKind, Spot, Terrain};
use crate::tile::{Mark, TileKind};
use smallvec::smallvec;
use std::collections::VecDeque;

pub static TOWN_SHAPE: SwitchDef = SwitchDef {
    name: "castle.town-shape",
    question: "Which completed two-segment cities may become a castle?",
    values: &[
        ("two-semicircular-segments", "a town of exactly two semicircular city caps (never the witch-hat cap)"),
        ("two-end-segments-any-shape", "any town of two city end segments, whatever their shape"),
    ],
    rules: &[rule::CASTLE_TOWN],
    governs: &[],
};

pub static FARM_CASTLES: SwitchDef = SwitchDef {
    name: "castle.farm-counts-unscored-castles",
    question: "Do farms count castles that never scored?",
    values: &[
        ("all-castles", "every castle bordering a field is worth 4 to it"),
        (
            "scored-castles-only",
            "only castles that scored count (the Big Box 3 scoring guide of RGG, thought a misprint)",
        ),
    ],
    rules: &[rule::CASTLE_FARM, rule::CASTLE_FARM_SCORED_ONLY],
    governs: &[],
};

pub static TERMS: SwitchDef = SwitchDef {
    name: "castle.terms",
    question: "What are the castle's follower and its six tiles called? (words only)",
    values: &[
        ("knight-and-vicinity", "the follower stays a knight; the six tiles are the castle's vicinity"),
        ("lord-and-fief", "the follower is the castle's lord; the six tiles are its fief"),
    ],
    rules: &[rule::CASTLE_FIEF],
    governs: &[],
};

pub static CASTLE_CHOICE: SwitchDef = SwitchDef {
    name: "castle.simultaneous-structures",
    question: "When one tile completes several structures in a castle's fief, who picks the one it takes?",
    values: &[
        ("owner-chooses", "the castle's owner chooses (the rules)"),
        ("worth-most", "the structure worth most, with no choice (JCloisterZone)"),
    ],
    rules: &[rule::CASTLE_CHOOSE, rule::CASTLE_WORTH_MOST],
    governs: &[],
};

pub static BRIDGES: SwitchDef = SwitchDef {
    name: "bcb1.bridges",
    question: "Are the set's bridges played (a game may leave them out)?",
    values: MECHANISM_VALUES,
    rules: &[rule::WITHOUT_BRIDGES],
    governs: &[],
};

pub static TILES: SwitchDef = SwitchDef {
    name: "bcb1.tiles",
    question: "Are the set's tiles played (its bridges and castles may be played without them)?",
    values: MECHANISM_VALUES,
    rules: &[rule::WITHOUT_TILES],
    governs: &[],
};

pub static CASTLES: SwitchDef = SwitchDef {
    name: "bcb1.castles",
    question: "Are the set's castles played (a game may leave them out)?",
    values: MECHANISM_VALUES,
    rules: &[rule::WITHOUT_CASTLES],
    governs: &[],
};

pub static BAZAARS: SwitchDef = SwitchDef {
    name: "bcb1.bazaars",
    question: "Are bazaars held (a game may leave them out; bazaar tiles are then plain tiles)?",
    values: MECHANISM_VALUES,
    rules: &[rule::WITHOUT_BAZAARS],
    governs: &[],
};

const MECHANISM_VALUES: &[(&str, &str)] = &[
    ("in-play", "played as the rules say"),
    ("left-out", "left out: none may be built or held, and writing one is refused"),
];

/// Which towns may become castles.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum TownShape {
    #[default]
    Semicircles,
    AnyEnds,
}

/// The typed options of this expansion.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub struct Options {
    pub town_shape: TownShape,
    /// Farms count only castles that scored.
    pub farm_scored_castles_only: bool,
    /// The words for the castle's follower and its six tiles.
    pub terms: (&'static str, &'static str),
    /// A castle takes the structure worth most, its owner given no choice.
    pub castle_takes_worth_most: bool,
    pub bazaar: bazaar::Options,
    /// Mechanisms of the set left out: bridges, castles, bazaars.
    pub without_bridges: bool,
    pub without_castles: bool,
    pub without_bazaars: bool,
    pub without_tiles: bool,
    /// Bridges, castles and bazaars in a turn of two parts.
    pub parts: parts::Options,
}

impl Options {
    pub fn read(p: &Profile) -> Options {
        Options {
            town_shape: match p.value(&TOWN_SHAPE) {
                "two-end-segments-any-shape" => TownShape::AnyEnds,
                _ => TownShape::Semicircles,
            },
            farm_scored_castles_only: p.value(&FARM_CASTLES) == "scored-castles-only",
            terms: match p.value(&TERMS) {
                "lord-and-fief" => ("lord", "fief"),
                _ => ("knight", "vicinity"),
            },
            castle_takes_worth_most: p.value(&CASTLE_CHOICE) == "worth-most",
            bazaar: bazaar::Options::read(p),
            without_bridges: p.value(&BRIDGES) == "left-out",
            without_castles: p.value(&CASTLES) == "left-out",
            without_bazaars: p.value(&BAZAARS) == "left-out",
            without_tiles: p.value(&TILES) == "left-out",
            parts: parts::Options::read(p),
        }
    }
}

/// A castle on the board.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Castle {
    /// The town it was built on (its feature's root segment).
    pub town: SegId,
    pub tiles: [Pos; 2],
    pub fief: Vec<Pos>,
    pub owners: Vec<PlayerId>,
    /// The turn it was built on, and the placement (`Game::move_number`): it scores from a
    /// later placement's completions, under reading A of a later turn only.
    pub built: u16,
    pub built_move: u32,
    pub scored: bool,
    /// The followers of a shared town's converters, off the board while the other tied
    /// players score the town (rule::CASTLE_SHARED_MIXED); empty once the castle is manned.
    pub garrison: Vec<Follower>,
}

/// Pieces in each player's supply, and the castles on the board.
#[derive(Clone, Debug, PartialEq, Eq, Default)]
pub struct State {
    pub bridges: Vec<u8>,
    pub castles: Vec<u8>,
    pub built: Vec<Castle>,
    /// Tiles bought at a bazaar, to be placed in this order.
    pub purchases: VecDeque<(PlayerId, TileKind)>,
    /// The turn whose bazaar began the bazaar business under way (its placements, the
    /// bazaars that wait), if any.
    pub chain: Option<(PlayerId, u16)>,
    /// Bazaars drawn while another's business was under way, to be held in this order.
    pub waiting: VecDeque<parts::Waiting>,
    /// Turns whose first part built a bridge.
    pub bridge_turns: Vec<(PlayerId, u16)>,
}

impl State {
    /// Whether `player` has a bridge left in supply.
    pub fn bridges_left(&self, player: PlayerId) -> bool {
        self.bridges.get(player.index()).is_some_and(|n| *n > 0)
    }
}

/// The six tiles of a castle's fief: the two under it and the two beside each of them.
pub fn fief(a: Pos, b: Pos) -> Vec<Pos> {
    let across = if a.x == b.x { [Edge::E, Edge::W] } else { [Edge::N, Edge::S] };
    let mut v = vec![a, b];
    for t in [a, b] {
        for e in across {
            v.push(t.step(e));
        }
    }
    v
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
/// The bridge of a turn that builds it after the follower (`Action::BridgeAfterFollower`).
const LATE_BRIDGE_PHASE: &str = "late-bridge";
const CASTLE_BUILD_PHASE: &str = "castle-build";
const CASTLE_SCORE_PHASE: &str = "castle-score";
/// The castles of towns nobody occupied before the scoring, built after the moves that follow
/// it (a wagon's, under the literal Big Box 3 reading of Abbey and Mayor).
const CASTLE_LATE_PHASE: &str = "castle-late";
const BAZAAR_PHASE: &str = "bazaar";

fn bridge_of(mv: &Move) -> impl Iterator<Item = (Pos, Axis)> + '_ {
    exp8::actions(mv).filter_map(|x| match x {
        Action::Bridge { at, axis } => Some((*at, *axis)),
        _ => None,
    })
}

/// Whether the move places a drawn bazaar tile with its auction left unwritten.
fn bazaar_follows(extras: &[Extra]) -> bool {
    extras.iter().any(|e| e.get::<Action>() == Some(&Action::BazaarFollows))
}

fn auction_of(extras: &[Extra]) -> Option<&bazaar::Auction> {
    extras.iter().filter_map(|e| e.get::<Action>()).find_map(|x| match x {
        Action::Bazaar(a) => Some(a),
        _ => None,
    })
}

fn castles_of(mv: &Move) -> impl Iterator<Item = (Pos, Option<Spot>)> + '_ {
    exp8::actions(mv).filter_map(|x| match x {
        Action::Castle { at, spot } => Some((*at, *spot)),
        _ => None,
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
        match Self::bridge_fault(game, player, mv, at, axis) {
            None => Ok(()),
            Some(fault) => Err(fault.verdict(game, mv, at)),
        }
    }

    /// Why a bridge cannot be built (see [`Bcb1::check_bridge`]), without wording it: the
    /// search for legal moves asks it of every bridge it might offer.
    fn bridge_fault(game: &Game, player: PlayerId, mv: &Move, at: Pos, axis: Axis) -> Option<BridgeFault> {
        if !game.state_of::<State>().bridges_left(player) {
            return Some(BridgeFault::NoneLeft(player));
        }
        let adjacent = Edge::ALL.iter().any(|e| mv.pos.step(*e) == at);
        if at != mv.pos && !adjacent {
            return Some(BridgeFault::TooFar);
        }
        if at != mv.pos && game.tile_at(at).is_none() {
            return Some(BridgeFault::NoTile);
        }
        if let Some(p) = game.tile_at(at).filter(|_| at != mv.pos) {
            if game
                .added_segments()
                .iter()
                .any(|a| a.label == "bridge" && game.placed()[a.placed as usize].pos == p.pos)
            {
                return Some(BridgeFault::Carries);
            }
        }
        Self::bridge_ends_fault(game, mv, at, axis)
    }

    /// A bridge's ends lie on field edges of its tile, and each continues a road or faces an
    /// empty square.
    fn check_bridge_ends(game: &Game, mv: &Move, at: Pos, axis: Axis) -> Result<(), Verdict> {
        match Self::bridge_ends_fault(game, mv, at, axis) {
            None => Ok(()),
            Some(fault) => Err(fault.verdict(game, mv, at)),
        }
    }

    fn bridge_ends_fault(game: &Game, mv: &Move, at: Pos, axis: Axis) -> Option<BridgeFault> {
        for e in axis.edges() {
            let t = Self::edge_at(game, mv, at, e).unwrap_or(Terrain::Field);
            if t != Terrain::Field {
                return Some(BridgeFault::EndOn(e, t));
            }
        }
        // rule::BRIDGE_ENDS_NOT_ON_RIVER: a river edge (The River's tiles) is no field edge
        // for a bridge, though the core reads it as one.
        for e in axis.edges() {
            let rivers = if at == mv.pos {
                game.def(mv.tile).river_edges(mv.rotation)
            } else {
                game.tile_at(at).map_or(0, |p| game.def(p.kind).river_edges(p.rotation))
            };
            if rivers & e.bit() != 0 {
                return Some(BridgeFault::EndOnRiver(e));
            }
        }
        for e in axis.edges() {
            let q = at.step(e);
            if let Some(t) = Self::edge_at(game, mv, q, e.opposite()) {
                if t != Terrain::Road {
                    return Some(BridgeFault::EndMeets(e, q, t));
                }
            }
        }
        None
    }
}

/// Why a bridge cannot be built where a move would build it.
#[derive(Clone, Copy, Debug)]
enum BridgeFault {
    /// This player has no bridge left.
    NoneLeft(PlayerId),
    TooFar,
    NoTile,
    Carries,
    /// An end on this edge of the bridge's tile, which is of this terrain.
    EndOn(Edge, Terrain),
    /// An end on this edge of the bridge's tile, where a river reaches it.
    EndOnRiver(Edge),
    /// An end on this edge meets the tile at this square, whose facing edge is of this terrain.
    EndMeets(Edge, Pos, Terrain),
}

impl BridgeFault {
    /// The verdict, worded for the move `mv` building the bridge at `at`.
    fn verdict(self, game: &Game, mv: &Move, at: Pos) -> Verdict {
        match self {
            BridgeFault::NoneLeft(player) => {
                Verdict::new(rule::PIECE_SUPPLY, format!("{} has no bridge left to build", game.player_name(player)))
            }
            BridgeFault::TooFar => Verdict::new(
                rule::BRIDGE_LOCATION,
                format!("a bridge goes on the tile just placed at {} or on a tile beside it, not at {at}", mv.pos),
            ),
            BridgeFault::NoTile => {
                Verdict::new(rule::BRIDGE_LOCATION, format!("there is no tile at {at} to build a bridge on"))
            }
            BridgeFault::Carries => {
                Verdict::new(rule::BRIDGE_NO_CROSSING, format!("the tile at {at} already carries a bridge"))
            }
            BridgeFault::EndOn(e, t) => Verdict::new(
                rule::BRIDGE_ENDS_ON_FIELD,
                format!("the bridge's {} end would lie on a {} edge of the tile at {at}", e.word(), terrain_name(t)),
            ),
            BridgeFault::EndOnRiver(e) => Verdict::new(
                rule::BRIDGE_ENDS_NOT_ON_RIVER,
                format!("the bridge's {} end would lie on the river, on the tile at {at}: a bridge end lies on a field", e.word()),
            ),
            BridgeFault::EndMeets(e, q, t) => Verdict::new(
                rule::BRIDGE_ENDS_CONNECT,
                format!(
                    "the bridge's {} end meets a {} edge of the tile at {q}: it must continue a road or face an empty square",
                    e.word(),
                    terrain_name(t)
                ),
            ),
        }
    }
}

impl Bcb1 {
    /// Refuses an action of a mechanism the profile leaves out (`bcb1.bridges`, ...).
    fn check_in_play(game: &Game, action: &Action) -> Result<(), Verdict> {
        let o = game.options().of::<Options>();
        let (out, rule, what, switch) = match action {
            Action::Bridge { .. } | Action::BridgeAfterFollower => {
                (o.without_bridges, rule::WITHOUT_BRIDGES, "bridges", &BRIDGES)
            }
            Action::Castle { .. }
            | Action::CastleBy { .. }
            | Action::CastleTakes { .. }
            | Action::CastleDeclines { .. }
            | Action::StandingCastle { .. } => (o.without_castles, rule::WITHOUT_CASTLES, "castles", &CASTLES),
            Action::Bazaar(_) => (o.without_bazaars, rule::WITHOUT_BAZAARS, "bazaars", &BAZAARS),
            _ => return Ok(()),
        };
        if out {
            return Err(Verdict::new(
                rule,
                format!("this game leaves the set's {what} out (`{}: left-out`)", switch.name),
            ));
        }
        Ok(())
    }

    /// A bridge built after the follower (`order: [follower, bridge]`): the tile must fit
    /// without it, and the follower cannot stand on it.
    fn check_late_bridge(game: &Game, mv: &Move, has_bridge: bool) -> Result<(), Verdict> {
        if !has_bridge {
            return Err(Verdict::new(
                rule::BRIDGE_LATE,
                "the turn orders a bridge after the follower but builds no bridge",
            ));
        }
        if mv.follower == Some(FollowerOn::Added(FeatureKind::Road)) {
            return Err(Verdict::new(
                rule::BRIDGE_FOLLOWER,
                "the bridge comes after the follower this turn: when the follower is deployed there is no bridge to stand on",
            ));
        }
        // rule::BRIDGE_WHEN_NEEDED: a bridge the tile needs to fit is built with the tile.
        let def = game.def(mv.tile);
        for e in Edge::ALL {
            let Some(n) = game.tile_at(mv.pos.step(e)) else { continue };
            let (mine, theirs) = (def.edge(mv.rotation, e), game.edge_terrain(n, e.opposite()));
            if mine != theirs {
                return Err(Verdict::new(
                    rule::BRIDGE_WHEN_NEEDED,
                    format!(
                        "without the bridge the {} edge of the tile ({}) meets a {} edge at {}: a bridge the tile needs is built as it is placed, before the follower",
                        e.word(),
                        terrain_name(mine),
                        terrain_name(theirs),
                        n.pos
                    ),
                ));
            }
        }
        Ok(())
    }

    /// Converts the town named by the move into a castle, if the rules allow. A town several
    /// players hold (fliers) is decided by its majority: those the turn names (`by:`) convert
    /// it, the other players of the majority score it (rule::CASTLE_SHARED_MIXED).
    fn build_castle(game: &mut Game, turn: &TurnContext, at: Pos, spot: Option<Spot>) -> Result<(), Verdict> {
        let town = game
            .city_completed_now(at, spot, turn.mv.pos)
            .map_err(|why| Verdict::new(rule::CASTLE_TOWN, format!("no town to make a castle: {why}")))?;
        // rule::CASTLE_OCCUPIER: when the scenario names who converts, it must be an occupier
        // of the majority (rule::CASTLE_SHARED_MAJORITY).
        let makers: Vec<PlayerId> = exp8::actions(&turn.mv)
            .filter_map(|x| match x {
                Action::CastleBy { at: a, by } if *a == at => Some(*by),
                _ => None,
            })
            .collect();
        let majority = game.majority(town);
        let mut holders: Vec<PlayerId> =
            game.followers().iter().filter(|f| game.feature_of(f.segment) == town).map(|f| f.player).collect();
        holders.sort_unstable();
        holders.dedup();
        // Held by followers of several players: only fliers (and the like) make one so.
        let shared = holders.len() > 1;
        if let Some(&by) = makers.iter().find(|b| !majority.contains(b)) {
            let name = game.player_name(by);
            return Err(match holders.contains(&by) {
                true => Verdict::new(
                    rule::CASTLE_SHARED_MAJORITY,
                    format!(
                        "{name} has fewer followers in the town at {at} than another player: only its majority decides"
                    ),
                ),
                false => Verdict::new(
                    rule::CASTLE_OCCUPIER,
                    format!("{name} does not occupy the town at {at}: only its occupier may make it a castle"),
                ),
            });
        }
        let scorers: Vec<PlayerId> =
            majority.iter().copied().filter(|p| !makers.is_empty() && !makers.contains(p)).collect();
        let owners = (!makers.is_empty()).then_some(makers.as_slice());
        let castle = Self::convert(game, town, at, turn.turn, false, owners)?;
        let mut because = smallvec![rule::CASTLE_TOWN, rule::CASTLE_OCCUPIER, rule::CASTLE_CONVERT];
        if shared {
            because.extend([rule::CASTLE_SHARED_MAJORITY, rule::CASTLE_SHARED_EACH, rule::CASTLE_SHARED_TOKENS]);
        }
        let lifted = (0..game.followers().len())
            .rev()
            .filter(|&i| game.feature_of(game.followers()[i].segment) == town)
            .collect::<Vec<_>>();
        if scorers.is_empty() {
            // rule::CASTLE_SHARED_MAJORITY: the castle holds the majority's followers only.
            for i in lifted {
                if !castle.owners.contains(&game.followers()[i].player) {
                    game.remove_follower(i);
                }
            }
        } else {
            // rule::CASTLE_SHARED_MIXED: the converters' followers wait off the board while
            // the others score the town, then stand in the castle.
            because.push(rule::CASTLE_SHARED_MIXED);
            let mut garrison = Vec::new();
            for i in lifted {
                if castle.owners.contains(&game.followers()[i].player) {
                    garrison.push(game.take_prisoner(i));
                }
            }
            let st = game.state_of_mut::<State>();
            if let Some(c) = st.built.iter_mut().find(|c| c.town == town) {
                c.garrison = garrison;
            }
        }
        let words = castle_words(game, &castle);
        game.award(ScoreEvent {
            timing: Timing::Turn(turn.turn),
            players: castle.owners.into(),
            feature: castle_ref(castle.tiles, "castle built").with_words(words),
            items: smallvec![ScoreItem { rule: rule::CASTLE_NO_POINTS, label: "castle built", count: 1, each: 0 }],
            because,
        });
        Ok(())
    }

    /// The followers of castles made of a shared town that others scored (rule::CASTLE_SHARED_MIXED),
    /// back on the board once that scoring is over.
    fn man_castles(game: &mut Game) {
        let waiting: Vec<Follower> =
            game.state_of_mut::<State>().built.iter_mut().flat_map(|c| std::mem::take(&mut c.garrison)).collect();
        for f in waiting {
            game.give_figure(f.player, f.figure, 1);
            game.deploy_figure(f.player, f.segment, f.figure);
        }
    }

    /// Makes a castle of the town `town`, by the rules of its shape and its occupier, the
    /// token from the occupier's supply; `built` is the turn (0 on the starting board). Its
    /// owners are `owners` (some of a shared town's majority) or else the majority.
    fn convert(
        game: &mut Game,
        town: SegId,
        at: Pos,
        built: u16,
        scored: bool,
        owners: Option<&[PlayerId]>,
    ) -> Result<Castle, Verdict> {
        let members = game.members(town);
        let shape = game.options().of::<Options>().town_shape;
        let caps_ok = members.iter().all(|m| {
            let p = game.placement_of(*m);
            match game.locate(*m).1 {
                Some(l) => {
                    let s = &game.def(p.kind).segments[l];
                    s.edges.count_ones() == 1 && (s.semicircle || shape == TownShape::AnyEnds)
                }
                None => false,
            }
        });
        let squares = game.squares_of(town);
        if members.len() != 2 || squares.len() != 2 || !caps_ok {
            let why = match shape {
                TownShape::Semicircles => "exactly two semicircular city caps",
                TownShape::AnyEnds => "exactly two city end segments",
            };
            return Err(Verdict::new(
                rule::CASTLE_TOWN,
                format!(
                    "the city at {at} is not a town of {why} ({} segments on {} tiles)",
                    members.len(),
                    squares.len()
                ),
            ));
        }
        let majority = game.majority(town);
        let mut owners = owners.map_or(majority.to_vec(), <[PlayerId]>::to_vec);
        owners.sort_unstable();
        if owners.is_empty() {
            // Followers that weigh nothing (a mayor in a town without pennants) still occupy
            // it: their owners may make it a castle, which earns them nothing
            // (rule::CASTLE_MAYOR).
            for f in game.followers().iter().filter(|f| game.feature_of(f.segment) == town) {
                if !owners.contains(&f.player) {
                    owners.push(f.player);
                }
            }
        }
        if owners.is_empty() && !scored {
            return Err(Verdict::new(
                rule::CASTLE_OCCUPIER,
                format!("the town at {at} holds no follower: only its occupier may make it a castle"),
            ));
        }
        for o in &owners {
            if game.state_of::<State>().castles.get(o.index()).copied().unwrap_or(0) == 0 {
                let name = game.player_name(*o);
                return Err(match majority.len() > 1 {
                    // rule::CASTLE_SHARED_TOKENS: a tied player without a token can only score.
                    true => Verdict::new(
                        rule::CASTLE_SHARED_TOKENS,
                        format!("{name} has no castle token left, so can only score the town at {at}"),
                    ),
                    false => Verdict::new(rule::PIECE_SUPPLY, format!("{name} has no castle token left")),
                });
            }
        }
        for o in &owners {
            game.state_of_mut::<State>().castles[o.index()] -= 1;
        }
        let tiles = [squares[0], squares[1]];
        let built_move = game.move_number();
        let castle = Castle {
            town,
            tiles,
            fief: fief(tiles[0], tiles[1]),
            owners,
            built,
            built_move,
            scored,
            garrison: Vec::new(),
        };
        game.state_of_mut::<State>().built.push(castle.clone());
        Ok(castle)
    }

    /// Castles built before this turn take the points of a structure completed in their fief;
    /// a castle that scores is itself a completed structure for the castles beside it.
    fn score_castles(game: &mut Game, turn: &TurnContext) -> Result<(), Verdict> {
        let chosen_by_owner: Vec<(Pos, Pos)> = exp8::actions(&turn.mv)
            .filter_map(|x| match x {
                Action::CastleTakes { castle, structure } => Some((*castle, *structure)),
                _ => None,
            })
            .collect();
        let turn_ctx = turn;
        let turn = turn.turn;
        // What this turn completed: (squares, points, kind, occupied). A town made a castle
        // is not a completed city, even when some of its tied holders scored it
        // (rule::CASTLE_SHARED_MIXED).
        let towns: Vec<SegId> = game.state_of::<State>().built.iter().map(|c| c.town).collect();
        let structures: Vec<Structure> = game
            .completions()
            .iter()
            .filter(|c| !towns.contains(&c.info.root))
            .map(|c| {
                let what = format!("{} ({} tiles)", game.feature_words(&c.info), c.info.tiles);
                (c.squares.clone(), c.points, c.info.kind, c.occupied, what)
            })
            .collect();
        let castles = game.state_of::<State>().built.clone();
        let said: Vec<String> = castles.iter().map(|c| castle_words(game, c)).collect();
        let may_score = |c: &Castle| parts::castle_may_score(game, c.built, c.built_move, turn);
        let pending: Vec<usize> =
            (0..castles.len()).filter(|&i| !castles[i].scored && may_score(&castles[i])).collect();
        // rule::CASTLE_NOT_SAME_ROUND: a castle built this turn takes nothing from what this
        // turn completed in its fief; the report says so, since that is what players ask.
        let too_new: Vec<&Castle> = castles.iter().filter(|c| !c.scored && !may_score(c)).collect();
        for c in too_new {
            for (squares, _, kind, _, what) in &structures {
                if squares.iter().any(|p| c.fief.contains(p)) {
                    let words = format!("{}, built this turn, beside {what}", castle_words(game, c));
                    game.award(ScoreEvent {
                        timing: Timing::Turn(turn),
                        players: c.owners.as_slice().into(),
                        feature: castle_ref(c.tiles, "castle built this turn").with_words(words),
                        items: smallvec![ScoreItem {
                            rule: rule::CASTLE_NOT_SAME_ROUND,
                            label: structure_label(*kind, false),
                            count: 1,
                            each: 0,
                        }],
                        because: smallvec![rule::CASTLE_FIEF],
                    });
                }
            }
        }
        let ctx = Choices {
            castles: &castles,
            said: &said,
            pending: &pending,
            structures: &structures,
            chosen: &chosen_by_owner,
        };
        let best: Vec<Option<Choice>> =
            (0..castles.len()).map(|i| if pending.contains(&i) { ctx.best(i, &mut vec![i]) } else { None }).collect();
        // rule::CASTLE_MUST_TAKE_NEXT: a castle takes the next structure completed in its fief;
        // its owner may not let it pass to wait for a bigger one.
        for x in exp8::actions(&turn_ctx.mv) {
            let Action::CastleDeclines { castle: at } = x else { continue };
            let why = match pending.iter().find(|&&i| castles[i].tiles.contains(at)) {
                None => format!("no castle waiting for a structure stands at {at}"),
                Some(&i) if best[i].is_some() => format!(
                    "the castle at {at} must take the structure completed in its fief this turn; it may not wait for a later one"
                ),
                Some(_) => format!("nothing completed in the fief of the castle at {at} this turn: there is nothing to decline"),
            };
            return Err(Verdict::new(rule::CASTLE_MUST_TAKE_NEXT, why));
        }
        if let (Some((at, _)), true) = (chosen_by_owner.first(), game.options().of::<Options>().castle_takes_worth_most)
        {
            return Err(Verdict::new(
                rule::CASTLE_WORTH_MOST,
                format!("under this ruleset the castle at {at} takes the structure worth most: its owner has no choice to make"),
            ));
        }
        for (at, structure) in &chosen_by_owner {
            let named = pending.iter().find(|&&i| castles[i].tiles.contains(at));
            match named {
                Some(&i) if best[i].is_some() => {}
                _ => {
                    return Err(Verdict::new(
                        rule::CASTLE_CHOOSE,
                        format!("the castle at {at} cannot take the structure at {structure}: nothing completed this turn lies there in its fief"),
                    ))
                }
            }
        }
        for &i in &pending {
            let Some(Choice { points, kind, occupied, choices, what }) = best[i].clone() else { continue };
            let c = &castles[i];
            let mut because: crate::score::Rules = smallvec![rule::CASTLE_FIEF, rule::CASTLE_FOLLOWER_RETURNS];
            let owner_chose = chosen_by_owner.iter().any(|(at, _)| c.tiles.contains(at));
            if game.options().of::<Options>().castle_takes_worth_most && choices > 1 {
                because.push(rule::CASTLE_WORTH_MOST);
            } else if choices > 1 || owner_chose {
                because.push(rule::CASTLE_CHOOSE);
            }
            if !occupied {
                because.push(rule::CASTLE_UNOCCUPIED);
            }
            match kind {
                FeatureKind::Castle => because.push(rule::CASTLE_CHAIN),
                FeatureKind::Cloister => because.push(rule::CASTLE_CLOISTER_IN_FIEF),
                _ => {}
            }
            let label = structure_label(kind, true);
            // rule::CASTLE_MAYOR: a castle has no pennant, so a mayor in it weighs nothing and
            // earns nothing.
            let mayors_only = {
                let mut on = game.followers().iter().filter(|f| game.feature_of(f.segment) == c.town).peekable();
                on.peek().is_some() && on.all(|f| f.figure == Figure::Mayor)
            };
            let (points, item_rule) = if mayors_only {
                because.push(rule::CASTLE_SCORES);
                (0, rule::CASTLE_MAYOR)
            } else {
                (points, rule::CASTLE_SCORES)
            };
            let (follower, area) = game.options().of::<Options>().terms;
            game.award(ScoreEvent {
                timing: Timing::Turn(turn),
                players: c.owners.as_slice().into(),
                feature: castle_ref(c.tiles, &format!("castle ({follower}, {area})"))
                    .with_words(format!("{}, which took {what} in its {area}", said[i])),
                items: smallvec![ScoreItem { rule: item_rule, label, count: 1, each: points }],
                because,
            });
            game.state_of_mut::<State>().built[i].scored = true;
            while let Some(idx) = game.followers().iter().position(|f| game.feature_of(f.segment) == c.town) {
                game.remove_follower(idx);
            }
        }
        Ok(())
    }
}

impl Bcb1 {
    /// A bought tile is placed in its buyer's turn, in order; a drawn bazaar tile starts a
    /// bazaar, and nothing else does.
    ///
    /// A second part's tile is drawn, not bought, even while bought tiles wait to be placed
    /// (`rule::BAZAAR_BUILDER_DURING_PLACEMENT`).
    fn check_bazaar(
        game: &Game,
        player: PlayerId,
        tile: TileKind,
        extras: &[Extra],
        discarded: bool,
        second: bool,
    ) -> Result<(), Verdict> {
        let has_bazaar = auction_of(extras).is_some() || bazaar_follows(extras);
        if let Some(&(p, t)) = game.state_of::<State>().purchases.front().filter(|_| !second) {
            if (p, t) != (player, tile) {
                return Err(Verdict::new(
                    rule::BAZAAR_PLACE_ORDER,
                    format!("{} places the tile {} bought at the bazaar now", game.player_name(p), game.def(t).id),
                ));
            }
            if has_bazaar {
                return Err(Verdict::new(
                    rule::BAZAAR_PURCHASED_NO_TRIGGER,
                    "a bazaar tile bought at a bazaar starts no new bazaar",
                ));
            }
            return Ok(());
        }
        // Bazaars left out: a bazaar tile is a plain tile (a bazaar written is refused earlier).
        let is_bazaar = game.def(tile).marks.contains(&Mark::Bazaar) && !game.options().of::<Options>().without_bazaars;
        match (is_bazaar, has_bazaar) {
            (true, false) if !discarded || game.options().of::<Options>().bazaar.discarded_anyway => Err(Verdict::new(
                rule::BAZAAR_TRIGGER,
                format!(
                    "tile {} shows a bazaar: a bazaar must be held (write it out under `bazaar:`)",
                    game.def(tile).id
                ),
            )),
            (false, true) => Err(Verdict::new(
                rule::BAZAAR_TRIGGER,
                format!("tile {} shows no bazaar, so it starts none", game.def(tile).id),
            )),
            _ => Ok(()),
        }
    }
}

/// How a castle's report names the structure it took (`completed road`), or one it could
/// not take because it was completed as the castle was built.
fn structure_label(kind: FeatureKind, taken: bool) -> &'static str {
    match (kind, taken) {
        (FeatureKind::Road, true) => "completed road",
        (FeatureKind::City, true) => "completed city",
        (FeatureKind::Cloister, true) => "completed cloister",
        (FeatureKind::Road, false) => "road completed as the castle was built",
        (FeatureKind::City, false) => "city completed as the castle was built",
        (FeatureKind::Cloister, false) => "cloister completed as the castle was built",
        (_, true) => "scoring castle",
        (_, false) => "structure completed as the castle was built",
    }
}

/// What a turn completed: its squares, points, kind, whether occupied, and the structure in
/// a player's words with its size (`city EW at 2,1 (8 tiles)`).
type Structure = (Vec<Pos>, i32, FeatureKind, bool, String);

/// What a castle takes this turn: the points of the structure worth most among its choices.
#[derive(Clone, Debug, PartialEq, Eq)]
struct Choice {
    points: i32,
    kind: FeatureKind,
    occupied: bool,
    /// The structure taken, in a player's words, with its size.
    what: String,
    /// How many structures (and scoring castles) it could have taken.
    choices: usize,
}

/// The structures a turn completed, and the castles that may take them.
struct Choices<'a> {
    castles: &'a [Castle],
    /// Each castle in a player's words (`Red's castle at 0,0`).
    said: &'a [String],
    /// Castles built before this turn that have not scored.
    pending: &'a [usize],
    /// What this turn completed: (squares, points, kind, occupied).
    structures: &'a [Structure],
    /// Owners' choices written in the scenario: (a square of the castle, a square of the structure).
    chosen: &'a [(Pos, Pos)],
}

impl Choices<'_> {
    /// The best choice of castle `i`: a structure completed in its fief, or a castle in its
    /// fief that scores this turn, which counts as a completed structure (through any chain
    /// of castles). `chain` holds the castles the points would pass through: a castle that
    /// would score only because `i` does is no choice for `i`.
    fn best(&self, i: usize, chain: &mut Vec<usize>) -> Option<Choice> {
        let c = &self.castles[i];
        // The owner's choice, when the scenario states it: a square of the structure.
        let chosen = self.chosen.iter().find(|(at, _)| c.tiles.contains(at)).map(|(_, s)| *s);
        let allowed = |sq: &[Pos]| chosen.is_none_or(|s| sq.contains(&s));
        let in_fief = |sq: &[Pos]| sq.iter().any(|p| c.fief.contains(p));
        let mut options: Vec<(i32, FeatureKind, bool, String)> = self
            .structures
            .iter()
            .filter(|(sq, ..)| in_fief(sq) && allowed(sq))
            .map(|(_, pts, kind, occ, what)| (*pts, *kind, *occ, what.clone()))
            .collect();
        for &j in self.pending {
            if chain.contains(&j) || !in_fief(&self.castles[j].tiles) || !allowed(&self.castles[j].tiles) {
                continue;
            }
            chain.push(j);
            let via = self.best(j, chain);
            chain.pop();
            if let Some(b) = via {
                options.push((b.points, FeatureKind::Castle, true, format!("{} (worth {})", self.said[j], b.points)));
            }
        }
        // rule::CASTLE_CHOOSE: the owner picks; we take the structure worth most.
        // Among equals, the first: a structure of this turn before a scoring castle.
        let choices = options.len();
        let (_, (points, kind, occupied, what)) =
            options.into_iter().enumerate().max_by_key(|(k, o)| (o.0, std::cmp::Reverse(*k)))?;
        Some(Choice { points, kind, occupied, what, choices })
    }
}

/// The towns a placement completed (cities of two segments), each named by its city on the
/// tile just placed (or on the second square of a double-size tile): `after` is the game
/// as the placement left it.
fn towns_completed(after: &Game, mv: &Move) -> Vec<(Pos, Spot, Vec<PlayerId>)> {
    let squares = std::iter::once((mv.tile, mv.pos)).chain(after.twin_of(mv.tile, mv.pos, mv.rotation));
    let mut v: Vec<(Pos, Spot, Vec<PlayerId>)> = Vec::new();
    let mut roots: Vec<SegId> = Vec::new();
    for (kind, at) in squares {
        let def = after.def(kind);
        for e in Edge::ALL {
            let Some(local) = def.segment_on_edge(mv.rotation, e) else { continue };
            if def.segments[local].kind != FeatureKind::City {
                continue;
            }
            let Some(seg) = after.segment_at(at, local) else { continue };
            let root = after.feature_of(seg);
            let Some(done) = after.completions().iter().find(|c| c.info.root == root) else { continue };
            if after.members(root).len() == 2 && !roots.contains(&root) {
                roots.push(root);
                v.push((at, Spot::Edge(e), done.majority.clone()));
            }
        }
    }
    v
}

/// The castles that may take a structure completed in `turn`: built before it, not yet scored.
fn castles_waiting(castles: &[Castle], turn: u16) -> impl Iterator<Item = &Castle> {
    castles.iter().filter(move |c| !c.scored && c.built < turn)
}

/// For each castle built before `turn` (in `before`, the game before the move) that could
/// take one of several structures completed in its fief (`after`), its owner's choices:
/// `(a square of the castle, a square of the structure)`, the square one that only that
/// structure covers where there is one.
fn castle_choices(before: &Game, after: &Game, turn: u16) -> Vec<Vec<(Pos, Pos)>> {
    let castles = &before.state_of::<State>().built;
    let mut out = Vec::new();
    for c in castles_waiting(castles, turn) {
        let towns = &after.state_of::<State>().built;
        let mut options: Vec<Vec<Pos>> = after
            .completions()
            .iter()
            .filter(|x| !towns.iter().any(|t| t.town == x.info.root))
            .filter(|x| x.squares.iter().any(|p| c.fief.contains(p)))
            .map(|x| x.squares.clone())
            .collect();
        // A castle beside it that scores this turn counts as a completed structure.
        options.extend(
            castles
                .iter()
                .filter(|o| o.tiles != c.tiles && !o.scored && o.built < turn)
                .filter(|o| o.tiles.iter().any(|p| c.fief.contains(p)))
                .map(|o| o.tiles.to_vec()),
        );
        if options.len() < 2 {
            continue;
        }
        let choices = options
            .iter()
            .enumerate()
            .map(|(i, sq)| {
                let own = sq.iter().find(|p| options.iter().enumerate().all(|(j, o)| j == i || !o.contains(p)));
                (c.tiles[0], *own.unwrap_or(&sq[0]))
            })
            .collect::<Vec<_>>();
        out.push(choices);
    }
    out
}

fn castle_ref(tiles: [Pos; 2], name: &str) -> FeatureRef {
    FeatureRef::new(FeatureKind::Castle, tiles[0], u8::MAX, name, 2)
}

/// A castle as a player says it: `Red's castle at 0,0`.
fn castle_words(game: &Game, c: &Castle) -> String {
    let names: Vec<&str> = c.owners.iter().map(|p| game.player_name(*p)).collect();
    format!("{} castle at {}", crate::score::possessive(&names), c.tiles[0])
}

fn terrain_name(t: Terrain) -> &'static str {
    match t {
        Terrain::City => "city",
        Terrain::Road => "road",
        Terrain::Field => "field",
    }
}

/// The 1st edition's pieces on the starting board: bridges and castles, no barns.
impl exp8::StandingPieces for Bcb1 {
    fn admit(&self, game: &Game, action: &Action) -> Result<(), Verdict> {
        Self::check_in_play(game, action)
    }

    fn standing_bridge(&self, game: &mut Game, at: Pos, axis: Axis) -> Result<(), Verdict> {
        let p = *game.tile_at(at).ok_or_else(|| Verdict::new(rule::BRIDGE_LOCATION, "no tile there"))?;
        let mv = Move::new(p.kind, at, p.rotation);
        Self::check_bridge_ends(game, &mv, at, axis)?;
        if game.added_segments().iter().any(|a| a.label == "bridge" && game.placed()[a.placed as usize].pos == at) {
            return Err(Verdict::new(rule::BRIDGE_NO_CROSSING, format!("the tile at {at} already carries a bridge")));
        }
        game.add_segment(at, FeatureKind::Road, axis.mask(), "bridge");
        Ok(())
    }

    fn standing_castle(
        &self,
        game: &mut Game,
        at: Pos,
        spot: Option<crate::tile::Spot>,
        scored: bool,
    ) -> Result<(), Verdict> {
        let town = game
            .completed_city(at, spot)
            .map_err(|why| Verdict::new(rule::CASTLE_TOWN, format!("no town for a castle: {why}")))?;
        if scored && !game.majority(town).is_empty() {
            return Err(Verdict::new(
                rule::CASTLE_FOLLOWER_RETURNS,
                format!("the castle at {at} has scored: its follower went home, so nobody stands in it"),
            ));
        }
        Self::convert(game, town, at, 0, scored, None).map(|_| ())
    }

    fn standing_barn(
        &self,
        _game: &mut Game,
        _at: Pos,
        _corner: crate::geom::Corner,
        _farmer: Option<PlayerId>,
    ) -> Result<(), Verdict> {
        Err(Verdict::new(
            crate::expansion::exp8::rule::EDITION,
            "barns belong to the new edition's expansion 8; this ruleset plays Bridges, Castles and Bazaars",
        ))
    }

    fn board_pieces(&self) -> &'static str {
        "bridges and castles"
    }
}

impl Expansion for Bcb1 {
    /// A bridge on the new tile or on a tile beside it makes field edges road edges.
    fn edge_changes(&self) -> super::EdgeChanges {
        super::EdgeChanges::Bridges
    }

    fn id(&self) -> ExpansionId {
        ExpansionId::Bcb1
    }

    fn rule_book(&self) -> &'static crate::rules::RuleBook {
        &rule::BOOK
    }

    fn tiles(&self) -> Option<&'static crate::embedded::Embedded> {
        const TILES: crate::embedded::Embedded = crate::embed!("tiles/bcb1.yaml");
        Some(&TILES)
    }

    fn switches(&self) -> &'static [&'static SwitchDef] {
        static ALL: [&SwitchDef; 18] = [
            &TILES,
            &BRIDGES,
            &CASTLES,
            &BAZAARS,
            &TOWN_SHAPE,
            &FARM_CASTLES,
            &CASTLE_CHOICE,
            &TERMS,
            bazaar::SWITCHES[0],
            bazaar::SWITCHES[1],
            bazaar::SWITCHES[2],
            bazaar::SWITCHES[3],
            bazaar::SWITCHES[4],
            bazaar::SWITCHES[5],
            bazaar::SWITCHES[6],
            &parts::BUILDER_TURN_ORDER,
            &parts::SAME_TURN_CASTLE,
            &parts::BRIDGE_LIMIT,
        ];
        &ALL
    }

    exp8::slot_actions!();

    fn read_options(&self, profile: &Profile, into: &mut crate::expansion::Slots) {
        into.insert(Options::read(profile));
    }

    fn pieces(&self, game: &Game, out: &mut Vec<crate::expansion::Piece>) {
        // The town's followers are in the castle: knights still, or its lords (`castle.terms`).
        let (follower, _) = game.options().of::<Options>().terms;
        for c in &game.state_of::<State>().built {
            out.push(crate::expansion::Piece {
                what: "castle",
                at: crate::expansion::PieceAt::Between(c.tiles[0], c.tiles[1]),
                owner: None,
                holds: Some((c.town, follower)),
                height: 1,
            });
        }
    }

    fn setup(&self, game: &mut Game) {
        let n = game.players().len();
        game.state.insert(State {
            bridges: vec![pieces_per_player(n); n],
            castles: vec![pieces_per_player(n); n],
            built: Vec::new(),
            purchases: VecDeque::new(),
            chain: None,
            waiting: VecDeque::new(),
            bridge_turns: Vec::new(),
        });
    }

    fn phases(&self, options: &AllOptions, seq: &mut Vec<Phase>) {
        // rule::BRIDGE_FOLLOWER: the bridge comes before the follower, who may stand on it.
        let at = seq.iter().position(|p| *p == Phase::PlaceTile).map_or(0, |i| i + 1);
        seq.insert(at, Phase::Expansion(ExpansionId::Bcb1, BRIDGE_PHASE));
        // rule::BRIDGE_LATE: or after the follower, when the turn says so.
        let at = seq.iter().position(|p| *p == Phase::DeployFollower).map_or(seq.len(), |i| i + 1);
        seq.insert(at, Phase::Expansion(ExpansionId::Bcb1, LATE_BRIDGE_PHASE));
        // A town becomes a castle instead of being scored, so before the scoring; castles
        // score from what that scoring completed, so after it.
        let at = seq.iter().position(|p| *p == Phase::ScoreCompleted).unwrap_or(seq.len());
        seq.insert(at, Phase::Expansion(ExpansionId::Bcb1, CASTLE_BUILD_PHASE));
        seq.insert(at + 2, Phase::Expansion(ExpansionId::Bcb1, CASTLE_SCORE_PHASE));
        // A town still empty at the scoring is converted, if at all, once every move after
        // the scoring is made (it is refused there when nobody has come).
        seq.push(Phase::Expansion(ExpansionId::Bcb1, CASTLE_LATE_PHASE));
        // rule::BAZAAR_TIMING: after the whole turn, or as soon as the tile is laid.
        if options.of::<Options>().bazaar.right_after_placement {
            // Right after the tile, and the bridge that may have been needed to place it.
            let bridge = Phase::Expansion(ExpansionId::Bcb1, BRIDGE_PHASE);
            let at = seq.iter().position(|p| *p == bridge).map_or(0, |i| i + 1);
            seq.insert(at, Phase::Expansion(ExpansionId::Bcb1, BAZAAR_PHASE));
        } else {
            seq.push(Phase::Expansion(ExpansionId::Bcb1, BAZAAR_PHASE));
        }
    }

    fn needs_completions(&self) -> bool {
        // Castles take the points of structures completed in their fief, occupied or not.
        true
    }

    fn defers_part(&self, game: &Game, open: &OpenTurn) -> Option<Verdict> {
        parts::defers(game, open)
    }

    fn takes_over(&self, game: &Game, root: SegId) -> bool {
        // A castle whose converters wait off the board lets the others score the town first.
        game.state_of::<State>().built.iter().any(|c| c.town == root && c.garrison.is_empty())
    }

    fn farm_value(&self, game: &Game, city: SegId) -> Option<(RuleId, &'static str, i32)> {
        let castle = game.state_of::<State>().built.iter().find(|c| c.town == city)?;
        if game.options().of::<Options>().farm_scored_castles_only && !castle.scored {
            return Some((rule::CASTLE_FARM_SCORED_ONLY, "unscored castle", 0));
        }
        Some((rule::CASTLE_FARM, "castle", 4))
    }

    fn on_discard(
        &self,
        game: &mut Game,
        player: PlayerId,
        tile: TileKind,
        extras: &[Extra],
        turn: u16,
    ) -> Result<(), Verdict> {
        if game.state_of::<State>().purchases.front() == Some(&(player, tile)) {
            game.state_of_mut::<State>().purchases.pop_front();
            return parts::settle(game);
        }
        for x in extras.iter().filter_map(|e| e.get::<Action>()) {
            Self::check_in_play(game, x)?;
        }
        if auction_of(extras).is_none() || game.options().of::<Options>().bazaar.discarded_anyway {
            Self::check_bazaar(game, player, tile, extras, true, false)?;
        }
        let anyway = game.options().of::<Options>().bazaar.discarded_anyway;
        match auction_of(extras) {
            Some(_) if !anyway => Err(Verdict::new(
                rule::BAZAAR_DISCARDED,
                "a bazaar follows the placement of its tile: a discarded bazaar tile starts none",
            )),
            Some(a) => {
                let at = game.placed().last().map_or(Pos::new(0, 0), |p| p.pos);
                bazaar::hold(game, player, a, turn, at)
            }
            None => Ok(()),
        }
    }

    fn final_scoring(&self, game: &mut Game) -> Result<(), Verdict> {
        for c in game.state_of::<State>().built.clone().into_iter().filter(|c| !c.scored) {
            game.award(ScoreEvent {
                timing: Timing::End,
                players: c.owners.as_slice().into(),
                feature: castle_ref(c.tiles, "castle").with_words(castle_words(game, &c)),
                items: smallvec![ScoreItem {
                    rule: rule::CASTLE_GAME_END,
                    label: "unfinished castle",
                    count: 1,
                    each: 0
                }],
                because: smallvec![],
            });
            while let Some(idx) = game.followers().iter().position(|f| game.feature_of(f.segment) == c.town) {
                game.remove_follower(idx);
            }
        }
        Ok(())
    }

    fn pending_edges(&self, _game: &Game, _player: PlayerId, mv: &Move, out: &mut Vec<(Pos, Edge, Terrain)>) {
        for (at, axis) in bridge_of(mv) {
            for e in axis.edges() {
                out.push((at, e, Terrain::Road));
            }
        }
    }

    fn offers_actions(&self) -> bool {
        true
    }

    /// The sets [`Bcb1::action_options`] builds: the bridgeless one and one per bridge (on
    /// the new tile or one of the four beside it, on each axis) while the player has one
    /// left, each with or without a castle on each town the placement completes; a bridge
    /// is the only thing built for a follower to stand on, and the only one that changes an
    /// edge (the player's own: none without one left). A castle awaiting a choice
    /// multiplies the sets by the structures a placement may complete in its fief: not
    /// bounded here.
    fn action_bound(&self, game: &Game, player: PlayerId, tile: TileKind, turn: u16) -> Option<super::ActionBound> {
        let state = game.state_of::<State>();
        if castles_waiting(&state.built, turn).next().is_some() {
            return None;
        }
        let bridges_left = state.bridges_left(player);
        let bridged = if bridges_left { 1 + 5 * 2 } else { 1 };
        let edges = if bridges_left { super::EdgeChanges::Bridges } else { super::EdgeChanges::None };
        let towns = exp8::towns_a_placement_may_complete(game, tile);
        Some(super::ActionBound { sets: bridged << towns.min(8), kinds: 1, edges })
    }

    /// A drawn bazaar tile is offered with [`Action::BazaarFollows`] in every set: its
    /// placement is judged, its auction (tiles still face down, the bids) is not. Then, with
    /// or without it: one bridge on the new tile or on a tile beside it, each axis; castles
    /// from the towns the placement completes (each subset, named by the city on the new
    /// tile); and when a castle built before this turn can take one of several structures
    /// completed in its fief, each of its owner's choices.
    fn action_options(
        &self,
        game: &Game,
        trials: &mut Trials,
        player: PlayerId,
        mv: &Move,
        turn: u16,
        out: &mut Vec<Vec<Extra>>,
    ) {
        let state = game.state_of::<State>();
        let base: Vec<Extra> = (state.purchases.is_empty() && game.def(mv.tile).marks.contains(&Mark::Bazaar))
            .then(|| Extra::new(Action::BazaarFollows))
            .into_iter()
            .collect();
        let mut bridged = vec![base.clone()];
        // A player with no bridge left may build none (`bridge_fault` says so first): no
        // square is asked.
        let bridges_left = state.bridges_left(player);
        let squares = std::iter::once(mv.pos).chain(Edge::ALL.map(|e| mv.pos.step(e))).filter(|_| bridges_left);
        for at in squares.filter(|q| *q == mv.pos || game.tile_at(*q).is_some()) {
            for axis in [Axis::NS, Axis::EW] {
                if Self::bridge_fault(game, player, mv, at, axis).is_none() {
                    let mut set = base.clone();
                    set.push(Extra::new(Action::Bridge { at, axis }));
                    bridged.push(set);
                }
            }
        }
        // Only trying the move tells what it completes. The first set builds no bridge (the
        // bare placement, or it with `BazaarFollows`): it completes what the bare placement
        // does, and earns no castle where that completes no town and no castle awaits a
        // choice; it is then offered as it is, without trying it (`Game::legal_moves` judges
        // every set offered).
        let bare_earns_nothing =
            castles_waiting(&state.built, turn).next().is_none() && !exp8::may_complete_town(game, mv);
        for (i, set) in bridged.into_iter().enumerate() {
            if i == 0 && bare_earns_nothing {
                if !set.is_empty() {
                    out.push(set);
                }
                continue;
            }
            let with = Move { extras: set.clone(), ..mv.clone() };
            let seen = trials.if_accepted(player, &with, turn, |after| {
                (towns_completed(after, mv), castle_choices(game, after, turn))
            });
            // Refused without a follower: no castle or choice can make it legal.
            let Some((towns, takes)) = seen else { continue };
            let mut decided: Vec<Vec<Extra>> = vec![Vec::new()];
            for (at, spot, majority) in towns {
                // Made a castle by its whole majority (`castle:`), or, when that is shared, by
                // some of it while the others score it (`by:`; rule::CASTLE_SHARED_EACH). A
                // player without a token is left out by the judging of each set.
                let makers = (1..(1u32 << majority.len()) - 1).map(|mask| {
                    (majority.iter().enumerate()).filter(|(i, _)| mask >> i & 1 == 1).map(|(_, p)| *p).collect()
                });
                let choices: Vec<Vec<PlayerId>> = std::iter::once(Vec::new()).chain(makers).collect();
                let more: Vec<Vec<Extra>> = (decided.iter())
                    .flat_map(|d| {
                        choices.iter().map(move |by| {
                            let mut d = d.clone();
                            d.push(Extra::new(Action::Castle { at, spot: Some(spot) }));
                            d.extend(by.iter().map(|&by| Extra::new(Action::CastleBy { at, by })));
                            d
                        })
                    })
                    .collect();
                decided.extend(more);
            }
            for choices in takes {
                let mut more = Vec::new();
                for d in &decided {
                    for (castle, structure) in &choices {
                        let mut d = d.clone();
                        d.push(Extra::new(Action::CastleTakes { castle: *castle, structure: *structure }));
                        more.push(d);
                    }
                }
                decided.extend(more);
            }
            for d in decided {
                let mut full = set.clone();
                full.extend(d);
                out.push(full);
            }
        }
    }

    fn check_placement(&self, game: &Game, player: PlayerId, mv: &Move) -> Result<(), Verdict> {
        if game.options().of::<Options>().without_tiles && game.def(mv.tile).set == "bcb1" {
            return Err(Verdict::new(
                rule::WITHOUT_TILES,
                format!(
                    "this game leaves the set's tiles out (`{}: left-out`): tile {} is not in it",
                    TILES.name,
                    game.def(mv.tile).id
                ),
            ));
        }
        // A follower on a bridge is a bridge of the game too.
        if mv.follower == Some(FollowerOn::Added(FeatureKind::Road)) {
            Self::check_in_play(game, &Action::BridgeAfterFollower)?;
        }
        for x in exp8::actions(mv) {
            Self::check_in_play(game, x)?;
        }
        if exp8::actions(mv).any(|x| matches!(x, Action::StandingCastle { .. })) {
            return Err(Verdict::new(
                crate::expansion::base::rule::EXPANSION_IN_PLAY,
                "a standing castle is written on the starting board",
            ));
        }
        if exp8::actions(mv)
            .any(|x| matches!(x, Action::Barn { .. } | Action::RecallLady { .. } | Action::StandingBarn { .. }))
        {
            return Err(Verdict::new(
                crate::expansion::exp8::rule::EDITION,
                "barns and ladies belong to the new edition's expansion 8; this ruleset plays Bridges, Castles and Bazaars",
            ));
        }
        if mv.follower == Some(FollowerOn::Added(FeatureKind::Field)) {
            return Err(Verdict::new(
                crate::expansion::exp8::rule::EDITION,
                "barns belong to the new edition's expansion 8; this ruleset plays Bridges, Castles and Bazaars",
            ));
        }
        Self::check_bazaar(game, player, mv.tile, &mv.extras, false, matches!(mv.part, Part::Second(_)))?;
        let bridges: Vec<(Pos, Axis)> = bridge_of(mv).collect();
        if bridges.len() > 1 {
            return Err(Verdict::new(rule::BRIDGE_ONE_PER_TURN, "a player may build only one bridge in a turn"));
        }
        if !bridges.is_empty() {
            parts::check_bridge_limit(game, player, mv.part)?;
        }
        if let Some(&(at, axis)) = bridges.first() {
            Self::check_bridge(game, player, mv, at, axis)?;
        }
        if exp8::actions(mv).any(|x| matches!(x, Action::BridgeAfterFollower)) {
            Self::check_late_bridge(game, mv, !bridges.is_empty())?;
        }
        if mv.follower == Some(FollowerOn::Added(FeatureKind::Road)) && !bridges.iter().any(|(at, _)| *at == mv.pos) {
            return Err(Verdict::new(
                rule::BRIDGE_FOLLOWER,
                format!("a follower may stand on a bridge only when it is built on the tile just placed at {}", mv.pos),
            ));
        }
        Ok(())
    }

    fn run_phase(&self, game: &mut Game, phase: &'static str, turn: &TurnContext) -> Result<(), Verdict> {
        match phase {
            CASTLE_BUILD_PHASE | CASTLE_LATE_PHASE => {
                for (at, spot) in castles_of(&turn.mv) {
                    let town = game.city_completed_now(at, spot, turn.mv.pos).ok();
                    let empty = town.is_some_and(|t| !game.followers().iter().any(|f| game.feature_of(f.segment) == t));
                    let built = town.is_some_and(|t| game.state_of::<State>().built.iter().any(|c| c.town == t));
                    let now = match phase {
                        CASTLE_BUILD_PHASE => !empty,
                        _ => !built,
                    };
                    if now {
                        Self::build_castle(game, turn, at, spot)?;
                    }
                }
                return Ok(());
            }
            CASTLE_SCORE_PHASE => {
                Self::man_castles(game);
                return Self::score_castles(game, turn);
            }
            BAZAAR_PHASE => {
                // A second part's tile is drawn, never bought (rule::BAZAAR_BUILDER_DURING_PLACEMENT).
                let bought = !matches!(turn.mv.part, Part::Second(_))
                    && game.state_of::<State>().purchases.front() == Some(&(turn.player, turn.mv.tile));
                if bought {
                    game.state_of_mut::<State>().purchases.pop_front();
                } else if let Some(a) = auction_of(&turn.mv.extras) {
                    let w =
                        parts::Waiting { player: turn.player, auction: a.clone(), turn: turn.turn, at: turn.mv.pos };
                    parts::bazaar_drawn(game, w, turn.mv.part)?;
                }
                return parts::settle(game);
            }
            _ => {}
        }
        let late = exp8::actions(&turn.mv).any(|x| matches!(x, Action::BridgeAfterFollower));
        if late != (phase == LATE_BRIDGE_PHASE) {
            return Ok(());
        }
        for (at, axis) in bridge_of(&turn.mv) {
            game.add_segment(at, FeatureKind::Road, axis.mask(), "bridge");
            parts::note_bridge(game, turn.player, turn.turn, turn.mv.part);
            if let Some(n) = game.state_of_mut::<State>().bridges.get_mut(turn.player.index()) {
                *n -= 1;
            }
        }
        Ok(())
    }

    fn explain(&self, game: &Game, f: &FeatureInfo, because: &mut crate::score::Rules) {
        // rule::CASTLE_SHARED_MIXED: a shared town scored by those who did not convert it.
        if f.kind == FeatureKind::City
            && game.state_of::<State>().built.iter().any(|c| c.town == f.root && !c.garrison.is_empty())
        {
            because.extend([rule::CASTLE_SHARED_EACH, rule::CASTLE_SHARED_MIXED]);
        }
        if f.kind != FeatureKind::Road {
            return;
        }
        let members = game.members(f.root);
        let bridges: Vec<_> = members.iter().filter(|m| game.locate(**m).1.is_none()).collect();
        if bridges.is_empty() {
            return;
        }
        because.push(rule::BRIDGE_COUNTS_AS_ROAD);
        let shares_a_tile = bridges.iter().any(|b| {
            let at = game.placement_of(**b).pos;
            members.iter().any(|m| m != *b && game.placement_of(*m).pos == at)
        });
        if shares_a_tile {
            because.push(rule::BRIDGE_SAME_TILE);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::data::Library;
    use crate::expansion::ExpansionId;
    use crate::random::{generate_with, Step};

    /// `action_options` skips playing a bare placement that `may_complete_town` clears: at
    /// every placement of random games, each tile placed anywhere it fits, a cleared
    /// placement completes no town when played.
    #[test]
    fn a_placement_cleared_of_towns_completes_none() {
        let lib = Library::builtin();
        let tiles = lib.tile_set(&[ExpansionId::Bcb1]);
        let options = crate::expansion::Options::read(lib.profile("hig").expect("a built-in ruleset"));
        let (mut cleared, mut towns) = (0, 0);
        for seed in 0..6 {
            let g = generate_with(&tiles, &options, &[ExpansionId::Bcb1], seed, 2, 1);
            let mut game = Game::new(&tiles, options.clone(), &[ExpansionId::Bcb1], &g.players);
            let start = tiles.start().expect("the base game has a start tile");
            game.setup_tile(start, Pos::new(0, 0), crate::geom::Rotation::default()).expect("the start tile fits");
            for (i, step) in g.steps.iter().enumerate() {
                let Step::Place(player, mv) = step else { continue };
                let turn = i as u16 + 1;
                for (pos, rotation) in game.legal_placements(mv.tile) {
                    let bare = Move::new(mv.tile, pos, rotation);
                    let Ok(after) = game.after(*player, &bare, turn) else { continue };
                    let completed = towns_completed(&after, &bare);
                    towns += usize::from(!completed.is_empty());
                    if !exp8::may_complete_town(&game, &bare) {
                        cleared += 1;
                        assert!(completed.is_empty(), "seed {seed}, turn {turn}: {bare:?} completes {completed:?}");
                    }
                }
                game.play(*player, mv, turn).expect("a generated move is legal");
            }
        }
        assert!(cleared > 100 && towns > 10, "the games try both cases: {cleared} cleared, {towns} with a town");
    }
}
