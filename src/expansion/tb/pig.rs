//! The pig: a player's figure in a field, worth a point more per city to its owner's farmers.

use super::{actions, field_words, rule, Action, State};
use crate::engine::features::SegId;
use crate::engine::{Game, Move, TurnContext};
use crate::expansion::{Extra, Piece, PieceAt};
use crate::geom::{Corner, Pos, Rotation};
use crate::score::{PlayerId, ScoreItem, Verdict};
use crate::tile::{FeatureKind, TileDef};

/// The field of a tile as turned that reaches exactly these half-edges of the board.
fn field_of(def: &TileDef, r: Rotation, halves: u8) -> Option<usize> {
    def.segments.iter().position(|s| s.kind == FeatureKind::Field && r.half_mask(s.halves) == halves)
}

/// Whether `player` has a farmer in the field of `seg`.
fn own_farmer(game: &Game, player: PlayerId, seg: SegId) -> bool {
    let root = game.feature_of(seg);
    game.followers().iter().any(|f| f.player == player && game.feature_of(f.segment) == root)
}

fn no_pig_left(game: &Game, player: PlayerId) -> Verdict {
    let each = game.state_of::<State>().pigs_each;
    Verdict::new(
        rule::PIG_SUPPLY,
        format!(
            "{} has no pig left to place: each player has {each}, and a pig stays where it is until the end",
            game.player_name(player)
        ),
    )
}

/// What can be judged before the tile is laid: a pig instead of a follower, one a turn, one
/// left in supply, on a field of the new tile.
pub(super) fn check(game: &Game, player: PlayerId, mv: &Move) -> Result<(), Verdict> {
    let pigs: Vec<u8> = actions(mv)
        .filter_map(|a| match a {
            Action::Pig { halves } => Some(*halves),
            _ => None,
        })
        .collect();
    let Some(&halves) = pigs.first() else { return Ok(()) };
    if mv.follower.is_some() {
        return Err(Verdict::new(
            rule::PIG_PLACEMENT,
            "the pig is placed instead of a follower: a turn places one or the other, not both",
        ));
    }
    if pigs.len() > 1 {
        return Err(Verdict::new(rule::PIG_PLACEMENT, "the pig is placed instead of a follower: one pig in a turn"));
    }
    if game.state_of::<State>().pigs_left(player) == 0 {
        return Err(no_pig_left(game, player));
    }
    let def = game.def(mv.tile);
    if field_of(def, mv.rotation, halves).is_none() {
        return Err(Verdict::new(
            rule::PIG_PLACEMENT,
            format!("tile {} as turned has no {} for the pig", def.id, field_words(halves)),
        ));
    }
    Ok(())
}

/// rule::PIG_PLACEMENT: the pig joins the field as the tile laid it, which must already hold
/// one of its owner's farmers (the pig itself is no farmer: rule::PIG_NOT_A_FOLLOWER).
pub(super) fn place(game: &mut Game, turn: &TurnContext) -> Result<(), Verdict> {
    let Some(halves) = actions(&turn.mv).find_map(|a| match a {
        Action::Pig { halves } => Some(*halves),
        _ => None,
    }) else {
        return Ok(());
    };
    let mv = &turn.mv;
    let local = field_of(game.def(mv.tile), mv.rotation, halves).expect("checked before play");
    let seg = game.segment_at(mv.pos, local).expect("the tile was laid this turn");
    if !own_farmer(game, turn.player, seg) {
        return Err(Verdict::new(
            rule::PIG_PLACEMENT,
            format!(
                "the pig goes only into a field that already holds one of its owner's farmers: the {} of {} at {} holds none of {}'s",
                field_words(halves),
                game.def(mv.tile).id,
                mv.pos,
                game.player_name(turn.player)
            ),
        ));
    }
    game.state_of_mut::<State>().pigs.push((turn.player, seg));
    Ok(())
}

/// A pig standing on the starting board, checked as if it had been placed there.
pub(super) fn stand(game: &mut Game, player: PlayerId, at: Pos, halves: u8) -> Result<(), Verdict> {
    let p = *game.tile_at(at).expect("the loader checks the square holds a tile");
    let Some(local) = field_of(game.def(p.kind), p.rotation, halves) else {
        return Err(Verdict::new(
            rule::PIG_PLACEMENT,
            format!("tile {} as turned has no {} for the pig", game.def(p.kind).id, field_words(halves)),
        ));
    };
    if game.state_of::<State>().pigs_left(player) == 0 {
        return Err(no_pig_left(game, player));
    }
    let seg = game.segment_at(at, local).expect("a segment of the tile");
    if !own_farmer(game, player, seg) {
        return Err(Verdict::new(
            rule::PIG_PLACEMENT,
            format!(
                "a pig stands only in a field that holds one of its owner's farmers: the {} at {at} holds none of {}'s",
                field_words(halves),
                game.player_name(player)
            ),
        ));
    }
    game.state_of_mut::<State>().pigs.push((player, seg));
    Ok(())
}

/// A pig on each field of the placement that meets, across an edge, a field holding one of
/// the player's farmers (the only way the new tile's field can hold one), alone and added to
/// each set offered before: a pig is no follower, so it goes with any other action.
pub(super) fn options(game: &Game, player: PlayerId, mv: &Move, out: &mut Vec<Vec<Extra>>) {
    if game.state_of::<State>().pigs_left(player) == 0 {
        return;
    }
    let def = game.def(mv.tile);
    let r = mv.rotation;
    let mut pigs = Vec::new();
    for s in def.segments.iter().filter(|s| s.kind == FeatureKind::Field) {
        let halves = r.half_mask(s.halves);
        let meets_farmer = (0..8u8).filter(|h| halves & (1 << h) != 0).any(|h| {
            let h = crate::geom::Half(h);
            game.tile_at(mv.pos.step(h.edge()))
                .and_then(|n| game.half_segment(n, h.facing()))
                .is_some_and(|seg| own_farmer(game, player, seg))
        });
        if meets_farmer {
            pigs.push(Extra::new(Action::Pig { halves }));
        }
    }
    let before = out.clone();
    for pig in pigs {
        out.push(vec![pig.clone()]);
        for set in &before {
            let mut set = set.clone();
            set.push(pig.clone());
            out.push(set);
        }
    }
}

/// rule::PIG_FARM: the owner of a pig in a field they score gets 1 more per completed city
/// paid for (a castle: rule::PIG_CASTLE, 5 instead of 4); rule::PIG_ONCE: a second pig of
/// theirs adds nothing. A city or castle worth nothing to farmers gets nothing more.
pub(super) fn bonus(game: &Game, field: SegId, player: PlayerId, cities: &[SegId], out: &mut crate::score::Items) {
    let pigs =
        game.state_of::<State>().pigs.iter().filter(|(p, s)| *p == player && game.feature_of(*s) == field).count();
    if pigs == 0 {
        return;
    }
    let (mut plain, mut castles) = (0u32, 0u32);
    for &c in cities {
        match game.farm_value(c) {
            (_, _, v) if v <= 0 => {}
            (_, "castle", _) => castles += 1,
            // A besieged city (The Siege, The Cathars) counts twice for the farmers, the pig's
            // point with it.
            (_, "besieged city", _) => plain += 2,
            _ => plain += 1,
        }
    }
    if plain > 0 {
        out.push(ScoreItem { rule: rule::PIG_FARM, label: "pig point", count: plain, each: 1 });
    }
    if castles > 0 {
        out.push(ScoreItem { rule: rule::PIG_CASTLE, label: "castle pig point", count: castles, each: 1 });
    }
    if pigs > 1 && plain + castles > 0 {
        out.push(ScoreItem { rule: rule::PIG_ONCE, label: "extra pig", count: pigs as u32 - 1, each: 0 });
    }
}

/// Each pig on a corner of its field on its tile (the centre, for a field enclosed by cities).
pub(super) fn pieces(game: &Game, out: &mut Vec<Piece>) {
    for &(player, seg) in &game.state_of::<State>().pigs {
        let p = game.placement_of(seg);
        let (at, local) = game.locate(seg);
        let halves = local.map_or(0, |l| p.rotation.half_mask(game.def(p.kind).segments[l].halves));
        let whole = |c: &Corner| c.halves().iter().all(|h| halves & h.bit() != 0);
        let any = |c: &Corner| c.halves().iter().any(|h| halves & h.bit() != 0);
        let corner = Corner::ALL.into_iter().rev().find(whole).or(Corner::ALL.into_iter().rev().find(any));
        out.push(Piece {
            what: "pig",
            at: corner.map_or(PieceAt::Tile(at), |c| PieceAt::Corner(at, c)),
            holds: None,
            height: 1,
            owner: Some(player),
        });
    }
}
