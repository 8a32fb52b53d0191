//! The Flying Machines (The Flier, 1st edition): eight land tiles printed with a flying machine
//! (`flier-w`, `flier-nw`: its arrow as printed, turned with the tile). Placing one, a player
//! may, instead of deploying a follower on it, launch a normal follower from the supply in the
//! arrow's direction (`Action::Flight`).
//!
//! Modelled:
//! * the die is written, never thrown (`die: 1` to `3`): the follower flies that many squares
//!   along the arrow's row, column or diagonal (rule::DISTANCE); a German castle (Castles in
//!   Germany) in the line counts as one tile, its second square not counted (rule::CASTLE_ONE,
//!   cig.flier.one-tile), and a diagonal flight keeps its exact direction over it
//!   (rule::STRAIGHT): the line is always that of the squares, never bent through a castle's
//!   corners;
//! * it lands on a feature of the player's choosing (written: `at:` a square of the landing
//!   tile, either of a German castle's, and `on:` the feature there): a road, city, cloister or
//!   German castle that is not finished, the placement just made counted (rule::UNFINISHED),
//!   never a field (rule::NO_FIELD), joining it even if followers already stand there
//!   (rule::EVEN_OCCUPIED); it is then a follower of that feature like any other;
//! * with no tile at the landing square, or none of those features unfinished on it, the
//!   follower stays in the supply (`flier: {die: 3}` with no `at:`/`on:`, rule::CRASH); when it
//!   can land, it must (rule::MUST_LAND);
//! * a town of Bridges, Castles and Bazaars that fliers leave held by several players is
//!   decided by its majority, each tied player choosing to score or convert it (the castle
//!   module, `bcb1.castle.shared-town-*`);
//! * the flight comes instead of the turn's follower (`deploys_instead`) and only from a tile
//!   with a flying machine (rule::LAUNCH); it is made in a `flier` phase right after the
//!   follower's, before anything is scored.
//!
//! Not modelled, and refused: another figure than a normal follower flying (the footnote "any
//! follower may fly": the `flier:` key has no `figure:`, and an unknown key is a located
//! problem); the phantom flying beside the turn's follower. The JCloisterZone importer reads
//! the flier tile sets and the flights of a save (`src/jcz/import.rs`, `Cx::flight`: the die
//! JCloisterZone threw, the landing chosen); a large follower launched there is refused where
//! it is.

use super::{Expansion, ExpansionId, Extra, Options as AllOptions};
use crate::engine::features::SegId;
use crate::engine::{Figure, Game, Move, Phase, Trials, TurnContext};
use crate::geom::{Edge, Pos};
use crate::score::{PlayerId, Verdict};
use crate::tile::{FeatureKind, Mark};

pub struct Fm;

const FLIER_PHASE: &str = "flier";

/// The features a flier may land on (never a field).
pub const LANDING: [FeatureKind; 4] =
    [FeatureKind::Road, FeatureKind::City, FeatureKind::Cloister, FeatureKind::Castle];

/// Where a flier lands: a square of the landing tile and the feature there (`city N`).
pub type Landing = crate::engine::FeatureAt;

/// What a player does with a flying machine.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Action {
    /// A normal follower launched from the tile placed, the die showing `die`, landing where
    /// written, or (`None`) falling back to the supply.
    Flight { die: u8, land: Option<Landing> },
}

fn flights(mv: &Move) -> impl Iterator<Item = (u8, Option<Landing>)> + '_ {
    mv.extras.iter().filter_map(|e| e.get::<Action>()).map(|Action::Flight { die, land }| (*die, *land))
}

/// The arrow of a tile kind turned `rotation`, as a step (dx, dy), if it has one.
fn arrow(game: &Game, mv: &Move) -> Option<(i32, i32)> {
    let def = game.def(mv.tile);
    let r = mv.rotation;
    let (w, n) = (r.edge(Edge::W).delta(), r.edge(Edge::N).delta());
    if def.marks.contains(&Mark::FlierStraight) {
        Some(w)
    } else if def.marks.contains(&Mark::FlierDiagonal) {
        Some((w.0 + n.0, w.1 + n.1))
    } else {
        None
    }
}

/// The square a flight from `from` along `step` ends on after `die` tiles: each square counts
/// one, but the second square of a double-size tile entered straight from its first is the
/// same tile and is not counted (rule::CASTLE_ONE). The line never bends (rule::STRAIGHT).
pub fn landing_square(game: &Game, from: Pos, step: (i32, i32), die: u8) -> Pos {
    let mut at = from;
    let mut counted = 0;
    let mut group: Option<u32> = None;
    loop {
        let next = Pos::new(at.x + step.0, at.y + step.1);
        let here = game.tile_at(next).map(|p| p.group);
        let same = here.is_some() && here == group;
        at = next;
        group = here;
        if !same {
            counted += 1;
        }
        if counted == die {
            // A castle entered on its first square of the line: its second, if the line goes
            // on into it, is the same tile; the landing tile is the castle either way.
            return at;
        }
    }
}

/// Whether the feature of `seg` is finished: a road or city with no open edge, a cloister or
/// German castle whose tile is surrounded.
fn finished(game: &Game, seg: SegId) -> bool {
    match game.feature_kind(seg) {
        FeatureKind::Road | FeatureKind::City => game.open_edges(seg) == 0,
        FeatureKind::Cloister | FeatureKind::Castle => {
            let at = game.locate(seg).0;
            game.tile_at(at).is_none_or(|p| game.surrounded(p.group))
        }
        _ => true,
    }
}

/// The squares of the tile at `at` (two for a double-size tile), or none.
fn tile_squares(game: &Game, at: Pos) -> Vec<Pos> {
    match game.tile_at(at) {
        Some(p) => game.group_squares(p.group).iter().copied().collect(),
        None => Vec::new(),
    }
}

/// The features a flier may land on at the tile of `at`: unfinished, not fields.
fn landings(game: &Game, at: Pos) -> Vec<SegId> {
    let mut out = Vec::new();
    let mut roots = Vec::new();
    for sq in tile_squares(game, at) {
        let p = game.tile_at(sq).expect("a square of the tile");
        for local in 0..game.def(p.kind).segments.len() {
            let Some(seg) = game.segment_at(sq, local) else { continue };
            if !LANDING.contains(&game.feature_kind(seg)) || finished(game, seg) {
                continue;
            }
            let root = game.feature_of(seg);
            if !roots.contains(&root) {
                roots.push(root);
                out.push(seg);
            }
        }
    }
    out
}

impl Expansion for Fm {
    fn id(&self) -> ExpansionId {
        ExpansionId::FlyingMachines
    }

    fn rule_book(&self) -> &'static crate::rules::RuleBook {
        &rule::BOOK
    }

    fn tiles(&self) -> Option<&'static crate::embedded::Embedded> {
        const TILES: crate::embedded::Embedded = crate::embed!("tiles/flying-machines.yaml");
        Some(&TILES)
    }

    fn phases(&self, _options: &AllOptions, seq: &mut Vec<Phase>) {
        // Right after the follower's moment, before anything is scored (rule::UNFINISHED).
        let at = seq.iter().position(|p| *p == Phase::DeployFollower).map_or(seq.len(), |i| i + 1);
        seq.insert(at, Phase::Expansion(ExpansionId::FlyingMachines, FLIER_PHASE));
    }

    fn takes(&self, action: &Extra) -> bool {
        action.get::<Action>().is_some()
    }

    fn deploys_instead(&self, action: &Extra) -> Option<(crate::rules::RuleId, &'static str)> {
        action.get::<Action>().map(|_| (rule::LAUNCH, "a follower launched by the flying machine"))
    }

    fn describe(&self, _game: &Game, action: &Extra) -> Option<String> {
        match action.get::<Action>()? {
            Action::Flight { die, land: Some(l) } => Some(format!("flier (die {die}) lands on the {}", l.words())),
            Action::Flight { die, land: None } => Some(format!("flier (die {die}) finds nowhere to land")),
        }
    }

    fn check_placement(&self, game: &Game, _player: PlayerId, mv: &Move) -> Result<(), Verdict> {
        let mut it = flights(mv);
        let Some((die, _)) = it.next() else { return Ok(()) };
        if it.next().is_some() {
            return Err(Verdict::new(rule::LAUNCH, "a flying machine launches one follower a turn"));
        }
        if arrow(game, mv).is_none() {
            return Err(Verdict::new(
                rule::LAUNCH,
                format!("only a tile with a flying machine launches a follower; {} shows none", game.def(mv.tile).id),
            ));
        }
        if !(1..=3).contains(&die) {
            return Err(Verdict::new(rule::DISTANCE, format!("the flight die shows 1, 2 or 3, not {die}")));
        }
        Ok(())
    }

    fn offers_actions(&self) -> bool {
        true
    }

    fn action_options(
        &self,
        game: &Game,
        _trials: &mut Trials,
        player: PlayerId,
        mv: &Move,
        _turn: u16,
        out: &mut Vec<Vec<Extra>>,
    ) {
        let Some(step) = arrow(game, mv) else { return };
        if game.players()[player.index()].in_supply(Figure::Normal) == 0 {
            return;
        }
        let before: Vec<Vec<Extra>> = std::iter::once(Vec::new()).chain(out.iter().cloned()).collect();
        for die in 1..=3 {
            let at = landing_square(game, mv.pos, step, die);
            // Every feature there that may be a landing, and none (judged when played: what
            // this placement finishes is known once it lies).
            let mut choices: Vec<Option<Landing>> = vec![None];
            for sq in tile_squares(game, at) {
                let p = game.tile_at(sq).expect("a square of the tile");
                for local in 0..game.def(p.kind).segments.len() {
                    let Some(seg) = game.segment_at(sq, local) else { continue };
                    if LANDING.contains(&game.feature_kind(seg)) {
                        if let Some(l) = Landing::of(game, seg) {
                            if !choices.contains(&Some(l)) {
                                choices.push(Some(l));
                            }
                        }
                    }
                }
            }
            for land in choices {
                let flight = Extra::new(Action::Flight { die, land });
                for set in &before {
                    let mut set = set.clone();
                    set.push(flight.clone());
                    out.push(set);
                }
            }
        }
    }

    fn edge_changes(&self) -> super::EdgeChanges {
        super::EdgeChanges::None
    }

    fn run_phase(&self, game: &mut Game, phase: &'static str, turn: &TurnContext) -> Result<(), Verdict> {
        if phase != FLIER_PHASE {
            return Ok(());
        }
        let Some((die, land)) = flights(&turn.mv).next() else { return Ok(()) };
        let step = arrow(game, &turn.mv).expect("checked before play");
        if game.players()[turn.player.index()].in_supply(Figure::Normal) == 0 {
            return Err(Verdict::new(
                rule::LAUNCH,
                format!("{} has no follower left in supply to launch", game.player_name(turn.player)),
            ));
        }
        let at = landing_square(game, turn.mv.pos, step, die);
        let open = landings(game, at);
        let Some(land) = land else {
            if let Some(seg) = open.first() {
                return Err(Verdict::new(
                    rule::MUST_LAND,
                    format!(
                        "the die shows {die}: the flier reaches the tile at {at}, whose {} it may land on, so it must land there",
                        game.describe(*seg)
                    ),
                ));
            }
            return Ok(());
        };
        let squares = tile_squares(game, at);
        if !squares.contains(&land.at) {
            let reached = if squares.is_empty() {
                format!("the empty square {at}: it finds nowhere to land and goes back")
            } else {
                format!("the tile at {at}")
            };
            return Err(Verdict::new(
                rule::DISTANCE,
                format!("the die shows {die}: the flier reaches {reached}, not {}", land.at),
            ));
        }
        let seg = land.segment(game).map_err(|e| Verdict::new(rule::DISTANCE, e))?;
        let kind = game.feature_kind(seg);
        if !LANDING.contains(&kind) {
            return Err(Verdict::new(rule::NO_FIELD, format!("a flier never lands in a field ({})", land.words())));
        }
        if finished(game, seg) {
            return Err(Verdict::new(
                rule::UNFINISHED,
                format!("the {} is finished: a flier lands only on an unfinished feature", land.words()),
            ));
        }
        // rule::EVEN_OCCUPIED: followers already there do not stop it.
        game.deploy_figure(turn.player, seg, Figure::Normal);
        Ok(())
    }
}

pub mod rule {
    //! The rules of The Flying Machines. Their wording and sources are in the catalogue file
    //! named below.

    crate::rules::rule_ids! {
        catalogue: "rulesets/rules/flying-machines.yaml";
        /// Placing a flying-machine tile, a follower may be launched from it instead of deployed.
        LAUNCH = "fm.flier.launch",
        /// It flies as many tiles as the die shows (1 to 3), straight along the arrow.
        DISTANCE = "fm.flier.distance",
        /// If it can land, it lands, on a feature of the player's choosing.
        MUST_LAND = "fm.flier.must-land",
        /// It lands only on an unfinished feature, the placement just made counted.
        UNFINISHED = "fm.flier.unfinished",
        /// It never lands in a field.
        NO_FIELD = "fm.flier.no-field",
        /// It joins its feature even if followers already stand there.
        EVEN_OCCUPIED = "fm.flier.even-occupied",
        /// No tile, or nothing to land on there: the follower goes back to the supply.
        CRASH = "fm.flier.crash",
        /// With Castles in Germany, a German castle in the line counts as one tile.
        CASTLE_ONE = "fm.cig.castle-one-tile",
        /// A diagonal flight keeps its direction over a German castle.
        STRAIGHT = "fm.cig.diagonal-straight",
        /// Landing on a German castle's tile, any of its unfinished features may be chosen.
        CASTLE_LANDING = "fm.cig.castle-landing",
    }
}
