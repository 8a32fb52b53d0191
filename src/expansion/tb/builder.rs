//! The builder of Traders and Builders: a piece, not a follower, that stands on a road or a
//! city beside its owner's follower and earns its owner a second tile in the turns whose
//! tile extends that road or city.
//!
//! The turn of two parts is the engine's (`engine::Part`, `Game::open_turns`); this module
//! judges whether the first part earned the second: the builder stood in the feature when
//! the tile was laid, and the tile (or a bridge built with it) made the feature larger. A
//! second part earns nothing more. The builder goes home as soon as no follower of its
//! owner is left in its feature.

use super::rule;
use crate::engine::features::SegId;
use crate::engine::{Game, Move, Part, TurnContext};
use crate::expansion::{Extra, Piece, PieceAt};
use crate::geom::Pos;
use crate::score::{FeatureRef, PlayerId, ScoreEvent, ScoreItem, Timing, Verdict};
use crate::tile::{FeatureKind, Spot};
use smallvec::smallvec;

/// The builder, deployed instead of a follower: on the road or city of the tile just
/// placed at `spot`, or on the starting board (`Standing`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Action {
    Place { kind: FeatureKind, spot: Option<Spot> },
    Standing { player: PlayerId, kind: FeatureKind, spot: Option<Spot> },
}

/// Where each player's builder stands (`None`: in the supply), and the placement that put
/// it there (it earns nothing from its own placement).
#[derive(Clone, Debug, PartialEq, Eq, Default)]
pub struct Builders {
    pub at: Vec<Option<(SegId, u32)>>,
    /// The last turn whose second part was played, and its player: a tile more in it would
    /// be a third (`rule::BUILDER_NO_CHAIN`).
    pub second_played: Option<(PlayerId, u16)>,
}

pub fn setup(game: &mut Game) {
    let n = game.players().len();
    game.state.insert(Builders { at: vec![None; n], second_played: None });
}

fn placement(mv: &Move) -> Option<(FeatureKind, Option<Spot>)> {
    mv.extras.iter().filter_map(|x| x.get::<Action>()).find_map(|a| match a {
        Action::Place { kind, spot } => Some((*kind, *spot)),
        Action::Standing { .. } => None,
    })
}

/// What can be judged before the tile is laid: one builder, instead of a follower, from the
/// supply, on a road or city of the tile.
pub fn check(game: &Game, player: PlayerId, mv: &Move) -> Result<(), Verdict> {
    let placed: Vec<_> = mv.extras.iter().filter_map(|x| x.get::<Action>()).collect();
    if placed.iter().any(|a| matches!(a, Action::Standing { .. })) {
        return Err(Verdict::new(
            rule::BUILDER_PLACEMENT,
            "a builder standing on the starting board is written on the board, not in a turn",
        ));
    }
    if placed.is_empty() {
        return Ok(());
    }
    if placed.len() > 1 {
        return Err(Verdict::new(rule::BUILDER_PLACEMENT, "each player has one builder"));
    }
    if mv.follower.is_some() {
        return Err(Verdict::new(
            rule::BUILDER_PLACEMENT,
            "the builder is deployed instead of a follower: a turn deploys one or the other",
        ));
    }
    // rule::FIGURES: one builder each.
    if game.state_of::<Builders>().at[player.index()].is_some() {
        return Err(Verdict::new(
            rule::FIGURES,
            format!("{}'s builder is already on the board: each player has one", game.player_name(player)),
        ));
    }
    let (kind, spot) = placement(mv).expect("one placement");
    if !matches!(kind, FeatureKind::Road | FeatureKind::City) {
        return Err(Verdict::new(
            rule::BUILDER_PLACEMENT,
            "a builder stands on a road or a city, never on a field or a cloister",
        ));
    }
    game.def(mv.tile)
        .find_segment(mv.rotation, kind, spot)
        .map_err(|why| Verdict::new(rule::BUILDER_PLACEMENT, why))?;
    Ok(())
}

/// Whether `player` has a follower (not a builder) in the feature of `seg`.
fn own_follower_in(game: &Game, player: PlayerId, seg: SegId) -> bool {
    let root = game.feature_of(seg);
    game.followers().iter().any(|f| f.player == player && game.feature_of(f.segment) == root)
}

/// Stands the builder on the new tile (after the follower phase, on the joined feature):
/// the road or city must already hold one of its owner's followers.
pub fn place(game: &mut Game, turn: &TurnContext) -> Result<(), Verdict> {
    let Some((kind, spot)) = placement(&turn.mv) else { return Ok(()) };
    let p = *game.tile_at(turn.mv.pos).expect("laid this turn");
    let local = game
        .def(p.kind)
        .find_segment(p.rotation, kind, spot)
        .map_err(|why| Verdict::new(rule::BUILDER_PLACEMENT, why))?;
    let seg = game.segment_at(turn.mv.pos, local).expect("a segment of the tile");
    if !own_follower_in(game, turn.player, seg) {
        return Err(Verdict::new(
            rule::BUILDER_PLACEMENT,
            format!(
                "{}'s builder may join only a road or city that already holds one of their followers; {} does not",
                game.player_name(turn.player),
                game.describe(seg)
            ),
        ));
    }
    let now = game.move_number();
    game.state_of_mut::<Builders>().at[turn.player.index()] = Some((seg, now));
    Ok(())
}

/// Before the turn's scoring: whether the tile extended the feature of its player's builder
/// (it stood there before this placement, and the feature now holds a segment laid or added
/// by it). The first part of a turn in two parts must have; a second part earns nothing.
pub fn trigger(game: &mut Game, turn: &TurnContext) -> Result<(), Verdict> {
    if let Part::Second(t) = turn.mv.part {
        game.state_of_mut::<Builders>().second_played = Some((turn.player, t));
    }
    let standing = game.state_of::<Builders>().at[turn.player.index()];
    let extended = standing.filter(|(_, since)| *since < game.move_number()).and_then(|(seg, _)| {
        let root = game.feature_of(seg);
        game.touched().any(|t| game.feature_of(t) == root).then_some(seg)
    });
    let event = |seg: SegId, rule, label| {
        let info = game.feature_info(game.feature_of(seg));
        ScoreEvent {
            timing: Timing::Turn(turn.turn),
            players: smallvec![turn.player],
            feature: FeatureRef::new(info.kind, info.at, u8::MAX, format!("builder's {}", info.kind), info.tiles)
                .with_words(format!(
                    "{}'s builder on the {}",
                    game.player_name(turn.player),
                    game.feature_words(&info)
                )),
            items: smallvec![ScoreItem { rule, label, count: 1, each: 0 }],
            because: smallvec![rule::BUILDER_DOUBLE_TURN],
        }
    };
    let e = match (turn.mv.part, extended) {
        (Part::First, None) => {
            return Err(Verdict::new(
                rule::BUILDER_DOUBLE_TURN,
                format!(
                    "{}'s tile does not extend a road or city holding their builder, so the turn has no second part",
                    game.player_name(turn.player)
                ),
            ))
        }
        (Part::First, Some(seg)) => event(seg, rule::BUILDER_DOUBLE_TURN, "second tile earned"),
        (Part::Whole, Some(seg)) => event(seg, rule::BUILDER_OPTIONAL, "second tile not taken"),
        (Part::Second(_), Some(seg)) => event(seg, rule::BUILDER_NO_CHAIN, "no third tile"),
        (_, None) => return Ok(()),
    };
    game.award(e);
    Ok(())
}

/// rule::BUILDER_NO_CHAIN: a tile more in a turn whose second part was played is a third,
/// which the second tile never earns.
pub fn third_part(game: &Game, player: PlayerId, turn: u16) -> Option<Verdict> {
    (game.state_of::<Builders>().second_played == Some((player, turn))).then(|| {
        Verdict::new(
            rule::BUILDER_NO_CHAIN,
            format!(
                "{} placed the second tile of turn {turn} already: a builder's second tile earns no third",
                game.player_name(player)
            ),
        )
    })
}

/// After the scoring: a builder whose feature no longer holds a follower of its owner goes
/// back to the supply.
pub fn go_home(game: &mut Game, turn: u16) {
    let at = game.state_of::<Builders>().at.clone();
    for (i, b) in at.iter().enumerate() {
        let Some((seg, _)) = *b else { continue };
        let player = PlayerId(i as u8);
        if own_follower_in(game, player, seg) {
            continue;
        }
        game.state_of_mut::<Builders>().at[i] = None;
        let info = game.feature_info(game.feature_of(seg));
        let words = format!("{}'s builder on the {}", game.player_name(player), game.feature_words(&info));
        game.award(ScoreEvent {
            timing: Timing::Turn(turn),
            players: smallvec![player],
            feature: FeatureRef::new(info.kind, info.at, u8::MAX, format!("builder's {}", info.kind), info.tiles)
                .with_words(words),
            items: smallvec![ScoreItem { rule: rule::BUILDER_HOME, label: "builder home", count: 1, each: 0 }],
            because: smallvec![],
        });
    }
}

/// A builder on the starting board, beside its owner's follower.
pub fn setup_piece(game: &mut Game, at: Pos, action: &Action) -> Result<(), Verdict> {
    let Action::Standing { player, kind, spot } = action else {
        return Err(Verdict::new(rule::BUILDER_PLACEMENT, "a builder deployed in a turn is written in the turn"));
    };
    let p = *game.tile_at(at).ok_or_else(|| Verdict::new(rule::BUILDER_PLACEMENT, format!("no tile at {at}")))?;
    let local = game
        .def(p.kind)
        .find_segment(p.rotation, *kind, *spot)
        .map_err(|why| Verdict::new(rule::BUILDER_PLACEMENT, why))?;
    if !matches!(kind, FeatureKind::Road | FeatureKind::City) {
        return Err(Verdict::new(rule::BUILDER_PLACEMENT, "a builder stands on a road or a city"));
    }
    let seg = game.segment_at(at, local).expect("a segment of the tile");
    if game.state_of::<Builders>().at[player.index()].is_some() {
        return Err(Verdict::new(rule::BUILDER_PLACEMENT, format!("{} has one builder", game.player_name(*player))));
    }
    if !own_follower_in(game, *player, seg) {
        return Err(Verdict::new(
            rule::BUILDER_PLACEMENT,
            format!(
                "a builder stands only beside one of its owner's followers; {} at {at} holds none of {}'s",
                game.describe(seg),
                game.player_name(*player)
            ),
        ));
    }
    game.state_of_mut::<Builders>().at[player.index()] = Some((seg, 0));
    Ok(())
}

/// The builders on the board, for pictures.
pub fn pieces(game: &Game, out: &mut Vec<Piece>) {
    for (i, b) in game.state_of::<Builders>().at.iter().enumerate() {
        let Some((seg, _)) = b else { continue };
        out.push(Piece {
            what: "builder",
            at: PieceAt::Tile(game.locate(*seg).0),
            holds: None,
            height: 1,
            owner: Some(PlayerId(i as u8)),
        });
    }
}

/// The builder placements a move may add, for the legal moves: on each road and city of
/// the tile, when the player's builder is in the supply and the move deploys no follower
/// (the follower is tried by the engine; a set with a builder is judged without one).
pub fn options(game: &Game, player: PlayerId, mv: &Move, out: &mut Vec<Vec<Extra>>) {
    if game.state_of::<Builders>().at[player.index()].is_some() || mv.follower.is_some() {
        return;
    }
    let def = game.def(mv.tile);
    for s in def.segments.iter().filter(|s| matches!(s.kind, FeatureKind::Road | FeatureKind::City)) {
        let edge = crate::geom::Edge::ALL.into_iter().find(|e| mv.rotation.edge_mask(s.edges) & e.bit() != 0);
        let Some(edge) = edge else { continue };
        out.push(vec![Extra::new(Action::Place { kind: s.kind, spot: Some(Spot::Edge(edge)) })]);
    }
}

/// The builder's placement in words (`builder on road E`).
pub fn describe(action: &Action) -> String {
    match action {
        Action::Place { kind, spot } => {
            format!("builder on {kind}{}", spot.map(|s| format!(" {}", s.words())).unwrap_or_default())
        }
        Action::Standing { kind, spot, .. } => {
            format!("builder standing on {kind}{}", spot.map(|s| format!(" {}", s.words())).unwrap_or_default())
        }
    }
}
