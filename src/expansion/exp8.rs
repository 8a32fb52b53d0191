//! The expansion-8 slot: the vocabulary it shares between the two rulebooks that can fill
//! it. A scenario names the slot (`bcb1`, alias `expansion-8`) and writes bridges, castles,
//! bazaars, barns and ladies; the ruleset's `expansion-8.rules` decides whether the 1st
//! edition's Bridges, Castles and Bazaars (`bcb1`) or the new edition's set (`ne8`) plays
//! them. Each of the two refuses, with its rule, what its rulebook does not have.

use crate::engine::Game;
use crate::expansion::Extra;
use crate::geom::{Axis, Corner, Pos};
use crate::ruleset::SwitchDef;
use crate::score::{PlayerId, Verdict};
use crate::tile::{Spot, TileKind};

/// Which rules the expansion-8 slot plays: the one switch that picks a module, not a rule.
pub static EXPANSION_8: SwitchDef = SwitchDef {
    name: "expansion-8.rules",
    question: "Which expansion fills slot 8: the 1st edition's Bridges, Castles and Bazaars, or the new edition's bridges, castles and barns?",
    values: &[
        ("first-edition", "Bridges, Castles and Bazaars: personal bridges and castles, castles scoring their fief, bazaars"),
        ("new-edition", "a shared supply of bridges worth 3, castles with ladies and barns; no bazaars"),
    ],
    rules: &[rule::EDITION],
    governs: &["bcb1.", "ne."],
};

/// What a turn builds or decides with the pieces of slot 8.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Action {
    /// A bridge straight across the tile at `at`.
    Bridge { at: Pos, axis: Axis },
    /// A castle on the town holding the city at `spot` of the tile at `at` (1st edition: the
    /// occupier converts it instead of scoring it; new edition: a castle tile built on it).
    Castle { at: Pos, spot: Option<Spot> },
    /// The owner of the castle at `castle` picks, of the structures completed at once in its
    /// fief, the one with a tile at `structure` (1st edition).
    CastleTakes { castle: Pos, structure: Pos },
    /// Who makes the town at `at` (the square of a `Castle` action) a castle, when the
    /// scenario says: the rules judge whether that player may.
    CastleBy { at: Pos, by: PlayerId },
    /// The owner of the castle at `castle` (one of its squares) would leave the structure
    /// completed this turn in its fief to wait for a later one: the rules forbid it (1st edition).
    CastleDeclines { castle: Pos },
    /// The turn builds its bridge after deploying its follower (`order: [follower, bridge]`),
    /// where the rules leave the moment open (1st edition).
    BridgeAfterFollower,
    /// The bazaar held after a drawn bazaar tile (1st edition).
    Bazaar(Auction),
    /// A drawn bazaar tile placed with its bazaar left unwritten: what `Game::legal_moves`
    /// lists, since the auction depends on tiles still face down and on the players' bids.
    /// `Game::play` lays the tile and holds no auction. A scenario writes it only on its last
    /// turn (`bazaar: not-held`): the game stops as the bazaar begins, as a saved game may.
    BazaarFollows,
    /// A barn on a corner of the tile just placed (new edition).
    Barn { corner: Corner },
    /// The player recalls their lady from the castle at `at` instead of deploying a follower
    /// (new edition).
    RecallLady { at: Pos },
    /// On the starting board: a castle already standing on the town holding the city at
    /// `spot` of the tile, its occupant the follower in the town; `scored` when it has already
    /// taken its structure (1st edition; then nobody is in it).
    StandingCastle { spot: Option<Spot>, scored: bool },
    /// On the starting board: a barn on a corner of the tile, a farmer of the field on it
    /// (of `farmer`, or of the only player with farmers there) (new edition).
    StandingBarn { corner: Corner, farmer: Option<PlayerId> },
}

/// One tile put up at a bazaar.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Lot {
    pub selector: PlayerId,
    pub tile: TileKind,
    /// In the order made; the first is the selector's opening bid; `None` is a pass.
    pub bids: Vec<(PlayerId, Option<i32>)>,
    /// The selector sells to the highest bidder (else buys from them).
    pub sell: bool,
}

/// A bazaar as the scenario writes it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Auction {
    pub revealed: Vec<TileKind>,
    /// Tiles left face down before the reveal, when the scenario says so.
    pub stack_left: Option<u32>,
    pub lots: Vec<Lot>,
}

/// An action of the slot in a player's words.
pub fn describe(game: &crate::engine::Game, a: &Action) -> String {
    let spot = |s: &Option<Spot>| s.map(|s| format!(" ({})", s.words())).unwrap_or_default();
    match a {
        Action::Bridge { at, axis } => format!("bridge {} at {at}", axis.as_str()),
        Action::Castle { at, spot: s } => format!("castle from the town at {at}{}", spot(s)),
        Action::CastleTakes { castle, structure } => {
            format!("the castle at {castle} takes the structure at {structure}")
        }
        Action::CastleBy { at, by } => format!("the town at {at} made a castle by {}", game.player_name(*by)),
        Action::CastleDeclines { castle } => format!("the castle at {castle} declines this turn's structure"),
        Action::BridgeAfterFollower => "the bridge after the follower".to_string(),
        Action::Bazaar(b) => {
            let ids: Vec<&str> = b.revealed.iter().map(|k| game.def(*k).id.as_str()).collect();
            format!("bazaar of {}", ids.join(" "))
        }
        Action::BazaarFollows => "a bazaar follows (its auction not written)".to_string(),
        Action::Barn { corner } => format!("barn at the {corner:?} corner"),
        Action::RecallLady { at } => format!("lady recalled from the castle at {at}"),
        Action::StandingCastle { spot: s, scored } => {
            format!("castle standing on the town{}{}", spot(s), if *scored { ", scored" } else { "" })
        }
        Action::StandingBarn { corner, .. } => format!("barn standing at the {corner:?} corner"),
    }
}

/// The pieces of the slot on the starting board, as one edition's rules set them up: each
/// edition says what its rulebook makes of a standing bridge, castle and barn (and refuses,
/// with its rule, what the rulebook does not have); [`setup_piece`] reads the action.
pub(crate) trait StandingPieces {
    /// Refuses an action of a mechanism the game leaves out, before anything is set up.
    fn admit(&self, _game: &Game, _action: &Action) -> Result<(), Verdict> {
        Ok(())
    }
    fn standing_bridge(&self, game: &mut Game, at: Pos, axis: Axis) -> Result<(), Verdict>;
    fn standing_castle(&self, game: &mut Game, at: Pos, spot: Option<Spot>, scored: bool) -> Result<(), Verdict>;
    fn standing_barn(&self, game: &mut Game, at: Pos, corner: Corner, farmer: Option<PlayerId>) -> Result<(), Verdict>;
    /// What the starting board may hold of the slot's pieces under this edition, in words
    /// (`bridges and castles`).
    fn board_pieces(&self) -> &'static str;
}

/// `Expansion::setup_piece` of either edition: the piece read as the slot's action and set
/// up by the edition's rules.
pub(crate) fn setup_piece(
    edition: &dyn StandingPieces,
    game: &mut Game,
    at: Pos,
    piece: &Extra,
) -> Result<(), Verdict> {
    let Some(action) = piece.get::<Action>() else { return Err(not_on_the_board(edition)) };
    edition.admit(game, action)?;
    match *action {
        Action::Bridge { axis, .. } => edition.standing_bridge(game, at, axis),
        Action::StandingCastle { spot, scored } => edition.standing_castle(game, at, spot, scored),
        Action::StandingBarn { corner, farmer } => edition.standing_barn(game, at, corner, farmer),
        _ => Err(not_on_the_board(edition)),
    }
}

fn not_on_the_board(edition: &dyn StandingPieces) -> Verdict {
    Verdict::new(
        crate::expansion::base::rule::EXPANSION_IN_PLAY,
        format!("of the expansion-8 pieces, the starting board holds {}", edition.board_pieces()),
    )
}

/// The methods of an edition's `Expansion` impl that read the slot's actions the same way in
/// both editions: `takes`, `describe` and `setup_piece` (through [`StandingPieces`]).
macro_rules! slot_actions {
    () => {
        fn takes(&self, action: &$crate::expansion::Extra) -> bool {
            $crate::expansion::exp8::takes(action)
        }

        fn describe(&self, game: &$crate::engine::Game, action: &$crate::expansion::Extra) -> Option<String> {
            $crate::expansion::exp8::describe_extra(game, action)
        }

        fn setup_piece(
            &self,
            game: &mut $crate::engine::Game,
            at: $crate::geom::Pos,
            piece: &$crate::expansion::Extra,
        ) -> Result<(), $crate::score::Verdict> {
            $crate::expansion::exp8::setup_piece(self, game, at, piece)
        }
    };
}
pub(crate) use slot_actions;

/// `Expansion::takes` of either edition: the slot's actions.
pub(crate) fn takes(action: &Extra) -> bool {
    action.get::<Action>().is_some()
}

/// `Expansion::describe` of either edition: the slot's actions in a player's words.
pub(crate) fn describe_extra(game: &Game, action: &Extra) -> Option<String> {
    action.get::<Action>().map(|a| describe(game, a))
}

/// The slot's actions of a move.
pub fn actions(mv: &crate::engine::Move) -> impl Iterator<Item = &Action> {
    mv.extras.iter().filter_map(|e| e.get::<Action>())
}

pub mod rule {
    //! The rule of the expansion-8 slot: which set it plays. Their wording and sources are in the catalogue file named below.

    crate::rules::rule_ids! {
        catalogue: "rulesets/rules/expansion-8.yaml";
        /// Slot 8 plays the 1st edition's Bridges, Castles and Bazaars or the new edition's set, as the ruleset says.
        EDITION = "expansion-8.rules",
    }
}

/// How many towns one placement of `tile` may complete, at most: a town (a city of two
/// segments) completed by a placement holds a city segment of the new tile that reaches one
/// edge, as a segment reaching more meets more than one tile. What bounds the castles a
/// placement offers (`Expansion::action_bound`).
pub fn towns_a_placement_may_complete(game: &crate::engine::Game, tile: TileKind) -> usize {
    let def = game.def(tile);
    let twin = def.twin.as_ref().and_then(|t| game.tiles().find(&t.id)).map(|k| game.def(k));
    std::iter::once(def)
        .chain(twin)
        .flat_map(|d| &d.segments)
        .filter(|s| s.kind == crate::tile::FeatureKind::City && s.edges.count_ones() == 1)
        .count()
}

/// Whether placing `mv`'s tile may complete a town (a city of two segments), judged before it
/// is played: only where a city of the tile reaches one edge and meets there a city of one
/// segment with that edge left open. True where it cannot say cheaply (a double-size tile).
/// What spares a search trying a placement to find the castles it offers.
pub fn may_complete_town(game: &crate::engine::Game, mv: &crate::engine::Move) -> bool {
    let def = game.def(mv.tile);
    if def.twin.is_some() {
        return true;
    }
    crate::geom::Edge::ALL.into_iter().any(|e| {
        let Some(local) = def.segment_on_edge(mv.rotation, e) else { return false };
        let s = &def.segments[local];
        if s.kind != crate::tile::FeatureKind::City || s.edges.count_ones() != 1 {
            return false;
        }
        let Some(n) = game.tile_at(mv.pos.step(e)) else { return false };
        game.edge_segment(n, e.opposite()).is_some_and(|seg| {
            let root = game.feature_of(seg);
            game.members(root).len() == 1 && game.open_edges(root) == 1
        })
    })
}
