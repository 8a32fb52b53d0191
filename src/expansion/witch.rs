//! Mage and Witch (1st edition, Hans im Glück 2012, Mini #5): eight land tiles with the magic
//! symbol (`tiles/witch.yaml`, the mark `magic`) and two neutral figures, the mage and the
//! witch, that belong to no player.
//!
//! What it models:
//! * placing or moving a magic figure: a player who places a tile with the magic symbol
//!   places one of the two figures, or moves one already on the board, onto any unfinished
//!   road or city of the board (not only the new tile), before the follower's moment (a
//!   `magic` phase just before `DeployFollower`); a figure moved goes to another feature;
//!   a feature the new tile completed is finished, so no figure goes there;
//! * never both on one feature: no placement puts one where the other stands, and a tile
//!   (with the symbol or not) whose placement joins their two features obliges its player
//!   to move one of them at once, before anything is scored (a placement writing no figure
//!   may owe one, which only the board as laid tells: every move is judged by playing it,
//!   [`Expansion::judges_every_move_in_play`]);
//! * no place left: when neither figure can be placed or moved, the player takes one of them
//!   off the board (written `mage: off`); with neither on the board, nothing happens;
//! * the scoring, as the feature's items ([`Expansion::score_items`]): a road or city with
//!   the mage earns 1 more per tile; one with the witch is halved, rounded up, after every
//!   other item (an inn's, a cathedral's, a castle bonus, little buildings: the witch is the
//!   last expansion in `REGISTRY`); a figure whose feature is finished leaves the board when
//!   the placement's scoring is over (a `magic-home` phase at the end of the turn), and
//!   waits for the next magic tile;
//! * the final scoring: both act on unfinished roads and cities as during the game (an
//!   unfinished inn road or cathedral city with the mage earns the mage's 1 per tile);
//! * a castle of Bridges, Castles and Bazaars takes the feature's score after the witch's
//!   halving and with the mage's bonus, since it appraises the feature through these items.
//!
//! What it does not model: a magic figure on a segment an expansion adds to a tile (a
//! bridge: a scenario names a figure's feature by a printed segment of a tile, so it names
//! the bridge's road by one of that road's printed segments); the crop-circle tile of the
//! first printing's box, which is Crop Circles II's (JCloisterZone's set has none).

use super::{Expansion, ExpansionId, Extra, Options as AllOptions, Piece, PieceAt};
use crate::engine::features::SegId;
use crate::engine::{FeatureInfo, Game, Move, Phase, Trials, TurnContext};
use crate::geom::{Edge, Pos};
use crate::score::{Items, PlayerId, Rules, ScoreItem, Timing, Verdict};
use crate::tile::{FeatureKind, Mark, Spot};

pub struct Witch;

const MAGIC_PHASE: &str = "magic";
const HOME_PHASE: &str = "magic-home";

/// The two magic figures.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Magic {
    Mage,
    Witch,
}

impl Magic {
    pub const ALL: [Magic; 2] = [Magic::Mage, Magic::Witch];

    pub fn word(self) -> &'static str {
        match self {
            Magic::Mage => "mage",
            Magic::Witch => "witch",
        }
    }

    fn other(self) -> Magic {
        match self {
            Magic::Mage => Magic::Witch,
            Magic::Witch => Magic::Mage,
        }
    }
}

/// A feature of the tile at a square, as a player names it (`{at: [1, 0], on: city N}`).
pub type Target = crate::engine::FeatureAt;

/// What a player does with the magic figures, or where one stands at the start.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Action {
    /// The figure placed, or moved, onto the feature named.
    Move(Magic, Target),
    /// The figure taken off the board: neither could be placed or moved.
    Off(Magic),
    /// On the starting board: the figure stands on this feature of the tile.
    Standing(Magic, FeatureKind, Option<Spot>),
}

/// Where each figure stands: a segment of its feature, or `None` beside the board.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct State {
    pub mage: Option<SegId>,
    pub witch: Option<SegId>,
}

impl State {
    pub fn of(&self, m: Magic) -> Option<SegId> {
        match m {
            Magic::Mage => self.mage,
            Magic::Witch => self.witch,
        }
    }

    fn set(&mut self, m: Magic, at: Option<SegId>) {
        match m {
            Magic::Mage => self.mage = at,
            Magic::Witch => self.witch = at,
        }
    }
}

fn actions(mv: &Move) -> impl Iterator<Item = &Action> + '_ {
    mv.extras.iter().filter_map(|e| e.get::<Action>())
}

/// The root of the feature a figure stands on.
fn root_of(game: &Game, m: Magic) -> Option<SegId> {
    game.state_of::<State>().of(m).map(|s| game.feature_of(s))
}

/// Whether a feature may take a magic figure: an unfinished road or city.
fn open_road_or_city(game: &Game, seg: SegId) -> bool {
    matches!(game.feature_kind(seg), FeatureKind::Road | FeatureKind::City) && game.open_edges(seg) > 0
}

/// The unfinished roads and cities of the board, each once by its root, with a segment of it
/// printed on a tile (the lowest such).
fn open_features(game: &Game) -> Vec<(SegId, SegId)> {
    let mut out: Vec<(SegId, SegId)> = Vec::new();
    for p in game.placed() {
        let def = game.def(p.kind);
        for (l, s) in def.segments.iter().enumerate() {
            if !matches!(s.kind, FeatureKind::Road | FeatureKind::City) {
                continue;
            }
            let Some(seg) = game.segment_at(p.pos, l) else { continue };
            if game.open_edges(seg) == 0 {
                continue;
            }
            let root = game.feature_of(seg);
            match out.iter_mut().find(|(r, _)| *r == root) {
                Some(e) => e.1 = e.1.min(seg),
                None => out.push((root, seg)),
            }
        }
    }
    out
}

/// Whether a magic figure may go anywhere: an unfinished road or city that holds neither.
fn somewhere_to_go(game: &Game) -> bool {
    let held: Vec<SegId> = Magic::ALL.into_iter().filter_map(|m| root_of(game, m)).collect();
    open_features(game).iter().any(|(r, _)| !held.contains(r))
}

/// Whether laying a move's tile will join the mage's feature to the witch's, read before it
/// is laid: what `referee moves` offers figure moves for (the turn's `magic` phase judges on
/// the board as laid).
fn joins_figures(game: &Game, mv: &Move) -> bool {
    let held: Vec<SegId> = Magic::ALL.into_iter().filter_map(|m| root_of(game, m)).collect();
    if held.len() < 2 {
        return false;
    }
    // Each road or city of the new tile: the features around it that it joins; two segments
    // of the tile joined through one such feature are one feature.
    let def = game.def(mv.tile);
    let mut merged: Vec<Vec<SegId>> = Vec::new();
    for s in def.segments.iter().filter(|s| matches!(s.kind, FeatureKind::Road | FeatureKind::City)) {
        let mut roots: Vec<SegId> = Edge::ALL
            .into_iter()
            .filter(|e| mv.rotation.edge_mask(s.edges) & e.bit() != 0)
            .filter_map(|e| game.tile_at(mv.pos.step(e)).and_then(|p| game.edge_segment(p, e.opposite())))
            .map(|across| game.feature_of(across))
            .collect();
        let (into, rest): (Vec<_>, Vec<_>) = merged.into_iter().partition(|m| m.iter().any(|r| roots.contains(r)));
        roots.extend(into.into_iter().flatten());
        merged = rest;
        merged.push(roots);
    }
    merged.iter().any(|g| held.iter().all(|h| g.contains(h)))
}

impl Witch {
    /// A figure placed or moved onto a feature (`rule::PLACE`, `rule::APART`).
    fn place(game: &mut Game, m: Magic, to: &Target) -> Result<(), Verdict> {
        let seg = to.segment(game).map_err(|e| Verdict::new(rule::PLACE, format!("the {}: {e}", m.word())))?;
        if !open_road_or_city(game, seg) {
            return Err(Verdict::new(
                rule::PLACE,
                format!("the {} goes only onto an unfinished road or city, not the {}", m.word(), to.words()),
            ));
        }
        let root = game.feature_of(seg);
        if root_of(game, m.other()) == Some(root) {
            return Err(Verdict::new(
                rule::APART,
                format!("the {} may not join the {} on the {}", m.word(), m.other().word(), to.words()),
            ));
        }
        if root_of(game, m) == Some(root) {
            return Err(Verdict::new(
                rule::PLACE,
                format!(
                    "the {} already stands on the {}: a figure moved goes to another feature",
                    m.word(),
                    to.words()
                ),
            ));
        }
        // Kept as the feature's lowest printed segment: one state however the feature is named.
        let rep = game.members(seg).into_iter().filter(|s| game.locate(*s).1.is_some()).min().unwrap_or(seg);
        game.state_of_mut::<State>().set(m, Some(rep));
        Ok(())
    }

    fn magic_phase(game: &mut Game, turn: &TurnContext) -> Result<(), Verdict> {
        let magic_tile = game.tile_at(turn.mv.pos).is_some_and(|p| game.def(p.kind).marks.contains(&Mark::Magic));
        let joined = match (root_of(game, Magic::Mage), root_of(game, Magic::Witch)) {
            (Some(a), Some(b)) => a == b,
            _ => false,
        };
        let written: Vec<Action> = actions(&turn.mv).cloned().collect();
        if written.iter().any(|a| matches!(a, Action::Standing(..))) {
            return Err(Verdict::new(rule::PLACE, "a magic figure stands on the starting board, not on a turn"));
        }
        if written.is_empty() {
            if !magic_tile && !joined {
                return Ok(());
            }
            if somewhere_to_go(game) || (joined && Self::moves_apart_exist(game)) {
                return Err(if joined {
                    Verdict::new(
                        rule::APART,
                        "this tile joins the mage's and the witch's features: one of them must move at once",
                    )
                } else {
                    Verdict::new(
                        rule::MAGIC_TILE,
                        "a tile with the magic symbol obliges its player to place or move the mage or the witch",
                    )
                });
            }
            let on_board = Magic::ALL.into_iter().any(|m| game.state_of::<State>().of(m).is_some());
            if on_board {
                return Err(Verdict::new(
                    rule::NOWHERE,
                    "neither magic figure can be placed or moved: one of them must be taken off the board",
                ));
            }
            return Ok(());
        }
        if !magic_tile && !joined {
            return Err(Verdict::new(
                rule::MAGIC_TILE,
                "only a tile with the magic symbol, or one joining the mage's and the witch's features, moves a magic figure",
            ));
        }
        let allowed = usize::from(magic_tile) + usize::from(joined);
        if written.len() > allowed {
            return Err(Verdict::new(
                rule::MAGIC_TILE,
                "a tile with the magic symbol places or moves one magic figure",
            ));
        }
        let mut seen: Vec<Magic> = Vec::new();
        for a in &written {
            let m = match a {
                Action::Move(m, _) | Action::Off(m) | Action::Standing(m, ..) => *m,
            };
            if seen.contains(&m) {
                return Err(Verdict::new(rule::MAGIC_TILE, format!("the {} is placed or moved once a turn", m.word())));
            }
            seen.push(m);
            match a {
                Action::Move(m, to) => Self::place(game, *m, to)?,
                Action::Off(m) => {
                    if game.state_of::<State>().of(*m).is_none() {
                        return Err(Verdict::new(rule::NOWHERE, format!("the {} is not on the board", m.word())));
                    }
                    // Taken off only when neither figure can go anywhere (joined: when no
                    // feature but theirs is left).
                    if somewhere_to_go(game) || (joined && Self::moves_apart_exist(game)) {
                        return Err(Verdict::new(
                            rule::NOWHERE,
                            format!("the {} is taken off only when neither figure can be placed or moved", m.word()),
                        ));
                    }
                    game.state_of_mut::<State>().set(*m, None);
                }
                Action::Standing(..) => {}
            }
        }
        if let (Some(a), Some(b)) = (root_of(game, Magic::Mage), root_of(game, Magic::Witch)) {
            if a == b {
                return Err(Verdict::new(rule::APART, "the mage and the witch may not stay on one feature"));
            }
        }
        Ok(())
    }

    /// With both figures on one feature: whether another unfinished road or city is left.
    fn moves_apart_exist(game: &Game) -> bool {
        let held = root_of(game, Magic::Mage);
        open_features(game).iter().any(|(r, _)| Some(*r) != held)
    }
}

impl Expansion for Witch {
    fn id(&self) -> ExpansionId {
        ExpansionId::Witch
    }

    fn rule_book(&self) -> &'static crate::rules::RuleBook {
        &rule::BOOK
    }

    fn tiles(&self) -> Option<&'static crate::embedded::Embedded> {
        const TILES: crate::embedded::Embedded = crate::embed!("tiles/witch.yaml");
        Some(&TILES)
    }

    fn setup(&self, game: &mut Game) {
        // rule::CONTENTS: both figures beside the board.
        game.state.insert(State::default());
    }

    fn phases(&self, _options: &AllOptions, seq: &mut Vec<Phase>) {
        // rule::MAGIC_TILE: before the follower's moment; rule::APART: before the scoring.
        let at = seq.iter().position(|p| *p == Phase::DeployFollower).unwrap_or(0);
        seq.insert(at, Phase::Expansion(ExpansionId::Witch, MAGIC_PHASE));
        // rule::RETURNS: once every scoring of the placement is over.
        seq.push(Phase::Expansion(ExpansionId::Witch, HOME_PHASE));
    }

    fn takes(&self, action: &Extra) -> bool {
        action.get::<Action>().is_some()
    }

    fn describe(&self, _game: &Game, action: &Extra) -> Option<String> {
        Some(match action.get::<Action>()? {
            Action::Move(m, t) => format!("{} onto the {}", m.word(), t.words()),
            Action::Off(m) => format!("{} taken off the board", m.word()),
            Action::Standing(m, k, s) => {
                format!("{} on the {}{}", m.word(), k, s.map(|s| format!(" {}", s.words())).unwrap_or_default())
            }
        })
    }

    fn judges_bare_anywhere(&self) -> bool {
        false
    }

    fn edge_changes(&self) -> super::EdgeChanges {
        super::EdgeChanges::None
    }

    fn setup_piece(&self, game: &mut Game, at: Pos, piece: &Extra) -> Result<(), Verdict> {
        let Some(Action::Standing(m, kind, spot)) = piece.get::<Action>() else {
            return Err(Verdict::new(
                rule::PLACE,
                "of Mage and Witch, a tile of the board holds the mage or the witch",
            ));
        };
        let t = Target { at, kind: *kind, spot: *spot };
        let seg = t.segment(game).map_err(|e| Verdict::new(rule::PLACE, format!("the {}: {e}", m.word())))?;
        if !matches!(game.feature_kind(seg), FeatureKind::Road | FeatureKind::City) {
            return Err(Verdict::new(rule::PLACE, format!("the {} stands only on a road or a city", m.word())));
        }
        if game.state_of::<State>().of(*m).is_some() {
            return Err(Verdict::new(rule::CONTENTS, format!("there is one {}", m.word())));
        }
        game.state_of_mut::<State>().set(*m, Some(seg));
        Ok(())
    }

    /// A placement that writes no figure may still owe one (a magic tile, or a tile joining
    /// the two figures' features): only the `magic` phase, on the board as laid, can tell, so
    /// every move is judged by playing it.
    fn judges_every_move_in_play(&self) -> bool {
        true
    }

    fn offers_actions(&self) -> bool {
        true
    }

    fn action_options(
        &self,
        game: &Game,
        _trials: &mut Trials,
        _player: PlayerId,
        mv: &Move,
        _turn: u16,
        out: &mut Vec<Vec<Extra>>,
    ) {
        let def = game.def(mv.tile);
        let magic_tile = def.marks.contains(&Mark::Magic);
        let st = game.state_of::<State>();
        let may_join = joins_figures(game, mv);
        if !magic_tile && !may_join {
            return;
        }
        // Where a figure may go: the unfinished features of the board, and those of the new
        // tile that meet no tile around it (the others join a feature already offered).
        let mut targets: Vec<Target> = open_features(game).iter().filter_map(|(_, s)| Target::of(game, *s)).collect();
        for (l, s) in def.segments.iter().enumerate() {
            if !matches!(s.kind, FeatureKind::Road | FeatureKind::City) {
                continue;
            }
            let meets = Edge::ALL
                .into_iter()
                .any(|e| mv.rotation.edge_mask(s.edges) & e.bit() != 0 && game.tile_at(mv.pos.step(e)).is_some());
            if meets {
                continue;
            }
            let spot = Edge::ALL
                .into_iter()
                .map(Spot::Edge)
                .find(|sp| def.find_segment(mv.rotation, s.kind, Some(*sp)) == Ok(l));
            let spot = if def.find_segment(mv.rotation, s.kind, None) == Ok(l) { None } else { spot };
            targets.push(Target { at: mv.pos, kind: s.kind, spot });
        }
        let mut singles: Vec<Action> = Vec::new();
        for m in Magic::ALL {
            for t in &targets {
                singles.push(Action::Move(m, *t));
            }
            if st.of(m).is_some() {
                singles.push(Action::Off(m));
            }
        }
        let before: Vec<Vec<Extra>> = std::iter::once(Vec::new()).chain(out.iter().cloned()).collect();
        for set in &before {
            for a in &singles {
                let mut s = set.clone();
                s.push(Extra::new(a.clone()));
                out.push(s);
            }
        }
    }

    fn run_phase(&self, game: &mut Game, phase: &'static str, turn: &TurnContext) -> Result<(), Verdict> {
        match phase {
            MAGIC_PHASE => Witch::magic_phase(game, turn),
            HOME_PHASE => {
                // rule::RETURNS: a figure whose feature is finished leaves the board.
                for m in Magic::ALL {
                    if let Some(seg) = game.state_of::<State>().of(m) {
                        if game.open_edges(seg) == 0 {
                            game.state_of_mut::<State>().set(m, None);
                        }
                    }
                }
                Ok(())
            }
            _ => Ok(()),
        }
    }

    fn pieces(&self, game: &Game, out: &mut Vec<Piece>) {
        for m in Magic::ALL {
            if let Some(seg) = game.state_of::<State>().of(m) {
                out.push(Piece {
                    what: m.word(),
                    at: PieceAt::Tile(game.locate(seg).0),
                    owner: None,
                    holds: None,
                    height: 1,
                });
            }
        }
    }

    fn score_items(&self, game: &Game, feature: &FeatureInfo, timing: Timing, out: &mut Items) {
        if !matches!(feature.kind, FeatureKind::Road | FeatureKind::City) {
            return;
        }
        let _ = timing; // rule::FINAL: the same at the end of the game.
        let root = game.feature_of(feature.root);
        if root_of(game, Magic::Mage) == Some(root) {
            // rule::MAGE: 1 more per tile.
            out.push(ScoreItem { rule: rule::MAGE, label: "mage bonus tile", count: feature.tiles, each: 1 });
        }
        if root_of(game, Magic::Witch) == Some(root) {
            // rule::WITCH: the whole halved, rounded up, after every other item.
            let total: i32 = out.iter().map(ScoreItem::points).sum();
            let cut = total.max(0) / 2;
            if cut > 0 {
                out.push(ScoreItem { rule: rule::WITCH, label: "witch halving", count: 1, each: -cut });
            }
        }
    }

    fn explain(&self, game: &Game, feature: &FeatureInfo, because: &mut Rules) {
        if !matches!(feature.kind, FeatureKind::Road | FeatureKind::City) {
            return;
        }
        let root = game.feature_of(feature.root);
        if root_of(game, Magic::Witch) == Some(root) && !because.contains(&rule::WITCH) {
            because.push(rule::WITCH);
        }
    }
}

pub mod rule {
    //! The rules of Mage and Witch. Their wording and sources are in the catalogue file named below.

    crate::rules::rule_ids! {
        catalogue: "rulesets/rules/witch.yaml";
        /// The box: eight land tiles with the magic symbol, the mage and the witch.
        CONTENTS = "witch.components.contents",
        /// A tile with the magic symbol: place or move one magic figure before the follower.
        MAGIC_TILE = "witch.placement.magic-tile",
        /// A magic figure goes onto an unfinished road or city anywhere; moved, to another feature.
        PLACE = "witch.placement.unfinished-road-or-city",
        /// Never both on one feature; joined by a placement, one moves at once, before scoring.
        APART = "witch.placement.apart",
        /// No place for either: one is taken off the board.
        NOWHERE = "witch.placement.nowhere",
        /// The mage: 1 more per tile of the scored road or city.
        MAGE = "witch.scoring.mage",
        /// The witch: the score halved, rounded up, after the other bonuses.
        WITCH = "witch.scoring.witch",
        /// A figure whose feature is finished leaves the board until the next magic tile.
        RETURNS = "witch.scoring.figure-returns",
        /// The final scoring counts both as during the game.
        FINAL = "witch.scoring.final",
    }
}
