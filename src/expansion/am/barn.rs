//! The barn (1st edition): each player's one barn, set instead of a follower on the corner of
//! the new tile where four tiles' corners meet, all of one field, a field holding no barn
//! (the point found as the new edition's barn finds it: `expansion::corners`). The field's
//! farmers score at once, 3 a completed city (each city at its farm value), and go home;
//! farmers never go into a field with a barn; farmers whose field a later tile joins to a
//! barn's score 1 a city and go home; at the end the players with most barns in a field score
//! 4 a city (a city worth more to farmers, a castle, one more: 5). All in a `barn` phase
//! after the scoring, and the final scoring's start.

use super::{rule, State};
use crate::engine::features::SegId;
use crate::engine::{Game, TurnContext};
use crate::expansion::base::{self, FarmScoring};
use crate::expansion::corners::{corner_field, Fault};
use crate::geom::Corner;
use crate::rules::RuleId;
use crate::score::{Items, PlayerId, ScoreEvent, ScoreItem, Timing, Verdict};
use crate::tile::FeatureKind;
use smallvec::smallvec;

/// The turn's barn, on this corner of the tile just placed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Barn {
    pub corner: Corner,
}

/// Held when the game starts: the barns each player has, when a game is played with other
/// counts than the rules' one (a scenario's `supply: {barn: 2}`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BarnsEach(pub u8);

/// The barns `player` has not put on the board.
pub fn barns_left(game: &Game, player: PlayerId) -> u8 {
    let st = game.state_of::<State>();
    let out = st.barns.iter().filter(|b| b.player == player).count();
    st.barns_each.saturating_sub(u8::try_from(out).unwrap_or(u8::MAX))
}

/// A barn on the board: its owner and a field segment under it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Standing {
    pub player: PlayerId,
    pub field: SegId,
    pub at: crate::geom::Pos,
    pub corner: Corner,
}

fn field_has_barn(game: &Game, root: SegId) -> bool {
    game.state_of::<State>().barns.iter().any(|b| game.feature_of(b.field) == root)
}

/// Items for the completed cities bordering a field, each at the value `value` gives for its
/// farm value (3, or 4 for a castle).
fn city_items(
    game: &Game,
    cities: &[SegId],
    item_rule: RuleId,
    label: &'static str,
    value: impl Fn(i32) -> i32,
) -> Items {
    let mut out = Items::new();
    for &city in cities {
        let (_, _, v) = game.farm_value(city);
        let each = value(v);
        match out.iter_mut().find(|i| i.each == each) {
            Some(i) => i.count += 1,
            None => out.push(ScoreItem { rule: item_rule, label, count: 1, each }),
        }
    }
    out
}

/// Scores a field's farmers for its completed cities (`each` from a city's farm value) and
/// sends every farmer of the field home. A player of the majority with their own pig in the
/// field (Traders and Builders) gets its point a city besides (rule::BARN_PIG, through
/// `Game::field_bonus`), in an event of their own.
fn score_farmers(game: &mut Game, root: SegId, turn: u16, item_rule: RuleId, value: impl Fn(i32) -> i32) {
    let players = game.majority(root);
    if !players.is_empty() {
        let info = game.feature_info(root);
        let items = city_items(game, &info.cities, item_rule, "completed city", value);
        let feature = game.feature_ref(&info);
        let mut groups: Vec<(crate::score::Players, Items)> = Vec::new();
        for &p in &players {
            let bonus = game.field_bonus(root, p, &info.cities);
            match groups.iter_mut().find(|g| g.1 == bonus) {
                Some(g) => g.0.push(p),
                None => groups.push((smallvec![p], bonus)),
            }
        }
        for (players, bonus) in groups {
            let mut items = items.clone();
            let mut because: crate::score::Rules = smallvec![base::rule::MAJORITY];
            if !bonus.is_empty() {
                items.extend(bonus);
                because.push(rule::BARN_PIG);
            }
            game.award(ScoreEvent { timing: Timing::Turn(turn), players, feature: feature.clone(), items, because });
        }
    }
    while let Some(i) = game.followers().iter().position(|f| game.feature_of(f.segment) == root) {
        game.remove_follower(i);
    }
    game.farmers_sent_home(root);
}

/// Why a move's farmer may not stand where it would: its field, as laying the tile joins it to
/// the fields across the tile's edges, holds a barn (rule::BARN_NO_FARMERS). Checked before
/// the move is played.
pub fn check_farmer(game: &Game, mv: &crate::engine::Move) -> Result<(), Verdict> {
    let Some(crate::engine::FollowerOn::Segment(local)) = mv.follower else { return Ok(()) };
    if mv.follower_square.is_some_and(|sq| sq != mv.pos) {
        return Ok(());
    }
    let def = game.def(mv.tile);
    if def.segments.get(local).is_none_or(|s| s.kind != FeatureKind::Field) {
        return Ok(());
    }
    for h in (0..8).map(crate::geom::Half) {
        if def.segment_on_half(mv.rotation, h) != Some(local) {
            continue;
        }
        let Some(n) = game.tile_at(mv.pos.step(h.edge())).copied() else { continue };
        let Some(across) = game.half_segment(&n, h.facing()) else { continue };
        if field_has_barn(game, game.feature_of(across)) {
            return Err(Verdict::new(rule::BARN_NO_FARMERS, "no farmer may go into a field that holds a barn"));
        }
    }
    Ok(())
}

/// The turn's barn and the farmers it and the barns before it send home.
pub fn run(game: &mut Game, turn: &TurnContext) -> Result<(), Verdict> {
    let barns: Vec<Barn> = turn.mv.extras.iter().filter_map(|e| e.get::<Barn>()).cloned().collect();
    for b in barns {
        place(game, turn, b.corner)?;
    }
    // rule::BARN_JOINED: farmers in a field joined to a barn's score 1 a city and go home.
    let roots: Vec<SegId> = {
        let st = game.state_of::<State>();
        let mut v: Vec<SegId> = Vec::new();
        for b in &st.barns {
            let r = game.feature_of(b.field);
            if !v.contains(&r) {
                v.push(r);
            }
        }
        v
    };
    for root in roots {
        if game.followers().iter().any(|f| game.feature_of(f.segment) == root) {
            score_farmers(game, root, turn.turn, rule::BARN_JOINED, |_| 1);
        }
    }
    Ok(())
}

fn place(game: &mut Game, turn: &TurnContext, corner: Corner) -> Result<(), Verdict> {
    let player = turn.player;
    if turn.mv.follower.is_some() {
        return Err(Verdict::new(
            rule::BARN,
            "the barn is placed instead of a follower: a turn places one or the other",
        ));
    }
    if game.options().of::<base::Options>().farm_scoring != FarmScoring::PerField {
        return Err(Verdict::new(
            rule::BARN,
            "the barn is modelled under the farm scoring field by field only (`base.farm-scoring`)",
        ));
    }
    if barns_left(game, player) == 0 {
        let each = game.state_of::<State>().barns_each;
        return Err(Verdict::new(
            rule::BARN,
            match each {
                0 => format!("{} has no barn in this game", game.player_name(player)),
                1 => format!("{} has one barn, and it is on the board", game.player_name(player)),
                n => format!("{} has {n} barns, all on the board", game.player_name(player)),
            },
        ));
    }
    let at = turn.mv.pos;
    let field = corner_field(game, at, corner).map_err(|f| match f {
        Fault::Empty(sq) => {
            Verdict::new(rule::BARN, format!("a barn needs four tiles meeting at the corner; {sq} is empty"))
        }
        Fault::NotField(sq) => Verdict::new(rule::BARN, format!("the corner of the tile at {sq} is not field only")),
        Fault::TwoFields => Verdict::new(rule::BARN, "the four corners do not lie in one field"),
    })?;
    let root = game.feature_of(field);
    // rule::BARN_OCCUPIED_JCZ: under JCloisterZone's option a barn may join one in its field.
    if field_has_barn(game, root) && !game.options().of::<super::Options>().barn_into_barn_field {
        return Err(Verdict::new(rule::BARN, "that field already holds a barn"));
    }
    game.state_of_mut::<State>().barns.push(Standing { player, field, at, corner });
    // rule::BARN_FARMERS_SCORE: the field's farmers score now, as at the end, and go home.
    if game.followers().iter().any(|f| game.feature_of(f.segment) == root) {
        score_farmers(game, root, turn.turn, rule::BARN_FARMERS_SCORE, |v| v);
    }
    Ok(())
}

/// At the end: in each field with barns, the players with most barns score 4 a city (one
/// more than its farm value).
pub fn final_scoring(game: &mut Game) {
    let barns = game.state_of::<State>().barns.clone();
    let mut done: Vec<SegId> = Vec::new();
    for b in &barns {
        let root = game.feature_of(b.field);
        if done.contains(&root) {
            continue;
        }
        done.push(root);
        let players = crate::engine::majority_of(
            barns.iter().filter(|c| game.feature_of(c.field) == root).map(|c| (c.player, 1)),
            game.players().len(),
        );
        let info = game.feature_info(root);
        let mut items = city_items(game, &info.cities, rule::BARN_FINAL, "completed city", |v| v + 1);
        if items.is_empty() {
            // A field bordering no completed city: nothing, said so.
            items.push(ScoreItem { rule: rule::BARN_FINAL, label: "completed city", count: 0, each: 4 });
        }
        let feature = game.feature_ref(&info);
        game.award(ScoreEvent {
            timing: Timing::End,
            players: players.as_slice().into(),
            feature,
            items,
            because: smallvec![],
        });
    }
}
