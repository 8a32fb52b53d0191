//! Goods: tokens taken from completed cities, and the majorities of the final scoring.

use super::{rule, State};
use crate::engine::features::SegId;
use crate::engine::{Game, TurnContext};
use crate::geom::Pos;
use crate::score::{FeatureRef, PlayerId, ScoreEvent, ScoreItem, Timing};
use crate::tile::{FeatureKind, Goods};
use smallvec::smallvec;

/// Tokens in words: `2 wine, 1 grain` (the kinds held only).
pub(super) fn words(tokens: &[u32; 3]) -> String {
    let held: Vec<String> = Goods::ALL
        .iter()
        .filter(|g| tokens[g.index()] > 0)
        .map(|g| format!("{} {}", tokens[g.index()], g.as_str()))
        .collect();
    if held.is_empty() {
        "no goods".to_string()
    } else {
        held.join(", ")
    }
}

/// The goods symbols printed in a city, by kind.
fn in_city(game: &Game, root: SegId) -> [u32; 3] {
    let mut n = [0u32; 3];
    for m in game.members(root) {
        let (_, Some(local)) = game.locate(m) else { continue };
        let p = game.placement_of(m);
        for g in &game.def(p.kind).segments[local].goods {
            n[g.index()] += 1;
        }
    }
    n
}

/// The label of one kind's tokens taken (`wine token`).
fn token_label(g: Goods) -> &'static str {
    match g {
        Goods::Wine => "wine token",
        Goods::Grain => "grain token",
        Goods::Cloth => "cloth token",
    }
}

/// rule::COMPLETER_TAKES: after the turn's scoring, for each city it completed (occupied or
/// not), the active player takes a token per goods symbol in it. Said as an event of no
/// points, so that the report shows who took what.
pub(super) fn take(game: &mut Game, turn: &TurnContext) {
    let cities: Vec<_> =
        game.completions().iter().filter(|c| c.info.kind == FeatureKind::City).map(|c| c.info.clone()).collect();
    for info in cities {
        let tokens = in_city(game, info.root);
        if tokens.iter().all(|n| *n == 0) {
            continue;
        }
        let st = game.state_of_mut::<State>();
        for (have, more) in st.goods[turn.player.index()].iter_mut().zip(&tokens) {
            *have = have.saturating_add(*more);
        }
        let items = Goods::ALL
            .iter()
            .filter(|g| tokens[g.index()] > 0)
            .map(|g| ScoreItem {
                rule: rule::COMPLETER_TAKES,
                label: token_label(*g),
                count: tokens[g.index()],
                each: 0,
            })
            .collect();
        let mut feature = game.feature_ref(&info);
        feature.kind = FeatureKind::City;
        game.award(ScoreEvent {
            timing: crate::score::Timing::Turn(turn.turn),
            players: smallvec![turn.player],
            feature,
            items,
            because: smallvec![],
        });
    }
}

/// The label of one kind's majority (`wine majority`).
fn majority_label(g: Goods) -> &'static str {
    match g {
        Goods::Wine => "wine majority",
        Goods::Grain => "grain majority",
        Goods::Cloth => "cloth majority",
    }
}

/// rule::FINAL_MAJORITY: for each kind, the players holding most tokens score 10 each (ties
/// in full); rule::NONE_HELD: a kind nobody holds scores nothing. The event is of the goods,
/// on no square and no tiles.
pub(super) fn final_majority(game: &mut Game) {
    let held = game.state_of::<State>().goods.clone();
    for g in Goods::ALL {
        let best = held.iter().map(|t| t[g.index()]).max().unwrap_or(0);
        if best == 0 {
            continue;
        }
        let players: Vec<PlayerId> =
            (0..held.len()).filter(|&i| held[i][g.index()] == best).map(|i| PlayerId(i as u8)).collect();
        let counts: Vec<String> = (0..held.len())
            .filter(|&i| held[i][g.index()] > 0)
            .map(|i| format!("{} {}", game.player_name(PlayerId(i as u8)), held[i][g.index()]))
            .collect();
        let feature = FeatureRef::new(FeatureKind::Goods, Pos::new(0, 0), u8::MAX, format!("{} tokens", g.as_str()), 0)
            .with_words(format!("{} tokens ({})", g.as_str(), counts.join(", ")));
        game.award(ScoreEvent {
            timing: Timing::End,
            players: players.into(),
            feature,
            items: smallvec![ScoreItem { rule: rule::FINAL_MAJORITY, label: majority_label(g), count: 1, each: 10 }],
            because: smallvec![],
        });
    }
}
