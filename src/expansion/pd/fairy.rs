//! The fairy: moved, instead of a follower, beside one of the player's own followers
//! (rule::FAIRY_MOVE); the dragon never enters its tile (rule::FAIRY_PROTECTS); 1 point to
//! the owner of its follower at the start of their turn (rule::FAIRY_TURN_POINT), 3 when that
//! follower's feature is scored (rule::FAIRY_BONUS). Beside a follower in a castle only as
//! the `castle.fairy` switch allows.

use super::{actions, between_tiles, rule, Action, FairyCastle, Options, State, Target};
use crate::engine::features::SegId;
use crate::engine::{Game, Part, TurnContext};
use crate::geom::Pos;
use crate::score::{FeatureRef, PlayerId, ScoreEvent, ScoreItem, Timing, Verdict};
use crate::tile::FeatureKind;
use smallvec::smallvec;

/// The follower a target names, and its owner: a verdict under `rule` if there is none.
fn follower_at(game: &Game, t: &Target, rule: crate::rules::RuleId) -> Result<(PlayerId, SegId), Verdict> {
    let seg = t.segment(game).map_err(|e| Verdict::new(rule, e))?;
    match game.followers().iter().find(|f| f.segment == seg) {
        Some(f) => Ok((f.player, seg)),
        None => Err(Verdict::new(rule, format!("no follower stands on the {}", t.words()))),
    }
}

/// The `castle.fairy` switch: a verdict where the fairy may not join this follower.
fn castle_rule(game: &Game, seg: SegId, t: &Target) -> Result<(), Verdict> {
    if between_tiles(game, seg) && game.options().of::<Options>().fairy_castle == FairyCastle::Forbidden {
        return Err(Verdict::new(
            rule::FAIRY_CASTLE_FORBIDDEN,
            format!(
                "the follower on the {} is in a castle, which lies on no single tile: the fairy may not join it",
                t.words()
            ),
        ));
    }
    Ok(())
}

/// Whether the fairy stands on a tile and serves every follower there
/// (`fairy.placement: on-a-tile`).
fn on_tile(game: &Game) -> bool {
    game.options().of::<Options>().fairy_on_tile
}

/// Under `fairy.placement: on-a-tile`, the followers on the fairy's tile (a follower in a
/// castle, between tiles, is on none); none otherwise.
pub(super) fn on_fairy_tile(game: &Game) -> Vec<(PlayerId, SegId)> {
    if !on_tile(game) {
        return Vec::new();
    }
    let Some((at, _)) = game.state_of::<State>().fairy else { return Vec::new() };
    followers_on(game, at)
}

/// The followers on the tile at a square (by tile group: both squares of a double-size tile).
fn followers_on(game: &Game, at: Pos) -> Vec<(PlayerId, SegId)> {
    let Some(group) = game.tile_at(at).map(|p| p.group) else { return Vec::new() };
    game.followers()
        .iter()
        .filter(|f| game.tile_at(game.locate(f.segment).0).is_some_and(|p| p.group == group))
        .filter(|f| !between_tiles(game, f.segment))
        .map(|f| (f.player, f.segment))
        .collect()
}

pub(super) fn check(game: &Game, player: PlayerId, mv: &crate::engine::Move) -> Result<(), Verdict> {
    for a in actions(mv) {
        if let Action::FairyOnTile(at) = a {
            if !on_tile(game) {
                return Err(Verdict::new(
                    rule::FAIRY_MOVE,
                    format!(
                        "the fairy goes beside one follower, not onto a tile (fairy.placement: beside-a-follower): name the follower on the tile at {at}"
                    ),
                ));
            }
            if !followers_on(game, *at).iter().any(|(p, _)| *p == player) {
                return Err(Verdict::new(
                    rule::FAIRY_ON_TILE,
                    format!(
                        "the fairy goes onto a tile holding one of {}'s followers; the tile at {at} holds none",
                        game.player_name(player)
                    ),
                ));
            }
            continue;
        }
        let Action::Fairy(t) = a else { continue };
        let (owner, seg) = follower_at(game, t, rule::FAIRY_MOVE)?;
        if owner != player {
            return Err(Verdict::new(
                rule::FAIRY_MOVE,
                format!(
                    "the fairy goes beside one of the player's own followers; the one on the {} is {}'s",
                    t.words(),
                    game.player_name(owner)
                ),
            ));
        }
        castle_rule(game, seg, t)?;
    }
    Ok(())
}

/// A fairy move beside each of the player's followers it may join (not the one it stands
/// beside already).
pub(super) fn options(game: &Game, player: PlayerId) -> Vec<Action> {
    let now = game.state_of::<State>().fairy_follower(game);
    let mut out = Vec::new();
    if on_tile(game) {
        // Each tile holding one of the player's followers, but the fairy's own, named by the
        // square of its first such follower.
        let here = game.state_of::<State>().fairy.and_then(|(at, _)| game.tile_at(at).map(|p| p.group));
        let mut groups = Vec::new();
        for f in game.followers().iter().filter(|f| f.player == player && !between_tiles(game, f.segment)) {
            let at = game.locate(f.segment).0;
            let Some(g) = game.tile_at(at).map(|p| p.group) else { continue };
            if Some(g) != here && !groups.contains(&g) {
                groups.push(g);
                out.push(Action::FairyOnTile(at));
            }
        }
        // A follower in a castle is on no tile: the fairy joins it where `castle.fairy` lets it.
        for f in game.followers().iter().filter(|f| f.player == player && between_tiles(game, f.segment)) {
            if now == Some((player, f.segment)) {
                continue;
            }
            let Some(t) = Target::of(game, f.segment) else { continue };
            if castle_rule(game, f.segment, &t).is_ok() {
                out.push(Action::Fairy(t));
            }
        }
        return out;
    }
    for f in game.followers().iter().filter(|f| f.player == player) {
        if now == Some((player, f.segment)) {
            continue;
        }
        let Some(t) = Target::of(game, f.segment) else { continue };
        if castle_rule(game, f.segment, &t).is_ok() {
            out.push(Action::Fairy(t));
        }
    }
    out
}

/// The fairy standing on the starting board, checked as if it had been moved there.
pub(super) fn stand(game: &mut Game, t: &Target) -> Result<(), Verdict> {
    let (owner, seg) = follower_at(game, t, rule::FAIRY_MOVE)?;
    castle_rule(game, seg, t)?;
    let beside = (!on_tile(game) || between_tiles(game, seg)).then_some((owner, seg));
    game.state_of_mut::<State>().fairy = Some((t.at, beside));
    Ok(())
}

pub(super) fn moved(game: &mut Game, turn: &TurnContext) {
    if let Some(at) = actions(&turn.mv).find_map(|a| match a {
        Action::FairyOnTile(at) => Some(*at),
        // On a tile, unless with a follower in a castle, which is on none (the Big Box 3
        // castle rule keeps the fairy beside it).
        Action::Fairy(t) if on_tile(game) && !t.segment(game).is_ok_and(|seg| between_tiles(game, seg)) => Some(t.at),
        _ => None,
    }) {
        game.state_of_mut::<State>().fairy = Some((at, None));
        return;
    }
    let Some(t) = actions(&turn.mv).find_map(|a| match a {
        Action::Fairy(t) => Some(*t),
        _ => None,
    }) else {
        return;
    };
    if let Ok(seg) = t.segment(game) {
        game.state_of_mut::<State>().fairy = Some((t.at, Some((turn.player, seg))));
    }
}

fn fairy_ref(game: &Game, at: Pos, player: PlayerId, seg: SegId) -> FeatureRef {
    let how = if on_tile(game) && !between_tiles(game, seg) { "on the tile of" } else { "beside" };
    FeatureRef::new(FeatureKind::Fairy, at, u8::MAX, "fairy", 0).with_words(format!(
        "the fairy {how} {}'s follower on {}",
        game.player_name(player),
        game.describe(seg)
    ))
}

fn pay(game: &mut Game, timing: Timing, player: PlayerId, seg: SegId, rule: crate::rules::RuleId, each: i32) {
    let at = game.state_of::<State>().fairy.map_or(game.locate(seg).0, |(at, _)| at);
    let feature = fairy_ref(game, at, player, seg);
    let label = if each == 1 { "fairy point" } else { "fairy bonus" };
    game.award(ScoreEvent {
        timing,
        players: smallvec![player],
        feature,
        items: smallvec![ScoreItem { rule, label, count: 1, each }],
        because: if on_tile(game) && !between_tiles(game, seg) { smallvec![rule::FAIRY_ON_TILE] } else { smallvec![] },
    });
}

/// rule::FAIRY_TURN_POINT, once a turn (not again in a turn's second part).
pub(super) fn turn_point(game: &mut Game, turn: &TurnContext) {
    if matches!(turn.mv.part, Part::Second(_)) {
        return;
    }
    // rule::FAIRY_ON_TILE: a player with a follower on the fairy's tile.
    if let Some(&(p, seg)) = on_fairy_tile(game).iter().find(|(p, _)| *p == turn.player) {
        pay(game, Timing::Turn(turn.turn), p, seg, rule::FAIRY_TURN_POINT, 1);
        return;
    }
    if let Some((p, seg)) = game.state_of::<State>().fairy_follower(game) {
        if p == turn.player {
            pay(game, Timing::Turn(turn.turn), p, seg, rule::FAIRY_TURN_POINT, 1);
        }
    }
}

/// rule::FAIRY_BONUS: the feature of the fairy's follower (as it stood before the turn's
/// scoring) was scored this turn with that player's follower on it, whoever won it.
pub(super) fn bonus(game: &mut Game, turn: &TurnContext) {
    // rule::FAIRY_ON_TILE: each follower that stood on the fairy's tile whose feature was
    // scored with it.
    let on_tile = std::mem::take(&mut game.state_of_mut::<State>().watched_tile);
    for (p, seg) in on_tile {
        if scored_with(game, seg, p) {
            pay(game, Timing::Turn(turn.turn), p, seg, rule::FAIRY_BONUS, 3);
        }
    }
    let Some((p, seg)) = game.state_of::<State>().watched else { return };
    if between_tiles(game, seg) {
        return;
    }
    if scored_with(game, seg, p) {
        pay(game, Timing::Turn(turn.turn), p, seg, rule::FAIRY_BONUS, 3);
        game.state_of_mut::<State>().watched = None;
    }
}

/// The end of the turn: a castle that scored with the fairy beside its follower pays the
/// fairy's 3 where the switch lets the fairy in (rule::FAIRY_CASTLE_BB3); a fairy whose
/// follower has left stays on its tile beside nobody.
pub(super) fn castle_bonus(game: &mut Game, turn: &TurnContext) {
    let st = game.state_of::<State>();
    let watched = st.watched;
    let gone = watched.is_some() && st.fairy_follower(game).is_none();
    if let (Some((p, seg)), true) = (watched, gone) {
        let castle_scored = game.events().iter().any(|e| {
            e.timing == Timing::Turn(turn.turn)
                && e.feature.kind == FeatureKind::Castle
                && e.players.contains(&p)
                && e.points() > 0
        });
        if castle_scored && game.options().of::<Options>().fairy_castle == FairyCastle::Bb3 {
            pay(game, Timing::Turn(turn.turn), p, seg, rule::FAIRY_CASTLE_BB3, 3);
        }
    }
    let st = game.state_of_mut::<State>();
    st.watched = None;
    let _ = st;
    let still = game.state_of::<State>().fairy_follower(game);
    if let Some((at, _)) = game.state_of::<State>().fairy {
        game.state_of_mut::<State>().fairy = Some((at, still));
    }
}

/// rule::FAIRY_BONUS at the final scoring: the fairy's follower is still on the board, so
/// its feature is scored now (a castle's is not: an unfinished castle scores nothing).
pub(super) fn final_bonus(game: &mut Game) {
    // rule::FAIRY_ON_TILE: every follower on the fairy's tile.
    for (p, seg) in on_fairy_tile(game) {
        pay(game, Timing::End, p, seg, rule::FAIRY_BONUS, 3);
    }
    if let Some((p, seg)) = game.state_of::<State>().fairy_follower(game) {
        if !between_tiles(game, seg) {
            pay(game, Timing::End, p, seg, rule::FAIRY_BONUS, 3);
        }
    }
}

/// Whether this turn scored the feature of `seg` with a follower of `p` standing on it: whether
/// or not `p` won it (a mayor without pennants weighs nothing, yet its feature is scored with
/// it standing there).
fn scored_with(game: &Game, seg: SegId, p: PlayerId) -> bool {
    let root = game.feature_of(seg);
    game.completions()
        .iter()
        .any(|c| game.feature_of(c.info.root) == root && c.followers.iter().any(|(owner, ..)| *owner == p))
}
