//! The shepherd and his flock: a player's figure put, instead of a follower, in a field of
//! the new tile; the sheep and wolf tokens drawn for it from the bag (what is drawn is
//! written by the scenario, never drawn at random here); the flock grown or herded into the
//! stable when its owner extends the field; a wolf that scatters it; a closed field's flock
//! scored at once; nothing for a flock still out at the end.

use super::rule;
use crate::engine::features::SegId;
use crate::engine::{Game, Move, TurnContext};
use crate::expansion::{Extra, Piece, PieceAt};
use crate::geom::{Corner, Half, Pos, Rotation};
use crate::score::{FeatureRef, PlayerId, ScoreEvent, ScoreItem, Timing, Verdict};
use crate::tile::{FeatureKind, TileDef};
use smallvec::smallvec;

/// The tokens in the bag when the game starts: (sheep shown, count); a wolf shows none.
pub const BAG: [(u8, u8); 5] = [(1, 4), (2, 5), (3, 5), (4, 2), (WOLF, 2)];

/// The wolf token, among the sheep counts of [`BAG`].
pub const WOLF: u8 = 0;

/// The most shepherds each player may have (the box gives one; JCloisterZone may give more).
pub const MAX_EACH: u8 = 8;

/// A token drawn from the bag, as the scenario writes it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Draw {
    /// This token: 1 to 4 sheep, or [`WOLF`].
    Token(u8),
    /// The token found at this fraction (0 ≤ r < 1, its bits) of the bag, the bag's tokens laid
    /// out by kind (1, 2, 3 and 4 sheep, then the wolves): how JCloisterZone's saved games
    /// say a draw.
    BagAt(u64),
}

impl Draw {
    /// The draw in the scenario's words (`3`, `wolf`, `bag-at 0.25`).
    pub fn words(self) -> String {
        match self {
            Draw::Token(WOLF) => "wolf".to_string(),
            Draw::Token(n) => n.to_string(),
            Draw::BagAt(bits) => format!("bag-at {}", f64::from_bits(bits)),
        }
    }
}

/// What a player does with a flock when their tile extends its field.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Tend {
    /// Draws a token for it.
    Grow(Draw),
    /// Herds it into the stable: scored.
    Herd,
}

impl Tend {
    pub fn words(self) -> String {
        match self {
            Tend::Grow(d) => format!("grow {}", d.words()),
            Tend::Herd => "herd".to_string(),
        }
    }
}

/// What a player does or holds with the shepherd.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Action {
    /// The turn's shepherd, instead of a follower, on the field of the tile just placed that
    /// reaches exactly these half-edges (none: a field enclosed by cities), and the token
    /// drawn at once.
    Deploy { halves: u8, draw: Draw },
    /// The turn's choice for each field of the player's shepherds the tile extends, in the
    /// order the shepherds came onto the board.
    Tend(Vec<Tend>),
    /// On the starting board: `player`'s shepherd on the field of the tile that reaches these
    /// half-edges, with the sheep tokens already beside it.
    Standing { player: PlayerId, halves: u8, sheep: Vec<u8> },
    /// Held when the game starts: the shepherds each player has (a scenario's `supply:`).
    Each(u8),
}

/// A shepherd on the board with the tokens drawn for it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Shepherd {
    pub player: PlayerId,
    pub seg: SegId,
    /// The sheep tokens drawn for it (1 to 4 each).
    pub sheep: Vec<u8>,
}

/// The shepherds on the board, and how many each player has.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Flocks {
    pub shepherds: Vec<Shepherd>,
    pub each: u8,
}

impl Flocks {
    pub fn left(&self, player: PlayerId) -> u8 {
        let out = self.shepherds.iter().filter(|s| s.player == player).count();
        self.each.saturating_sub(u8::try_from(out).unwrap_or(u8::MAX))
    }

    /// The tokens in the bag, laid out by kind (1, 2, 3, 4 sheep, then wolves): the box's
    /// less those beside shepherds (a wolf always goes back).
    pub fn bag(&self) -> Vec<u8> {
        let mut out = Vec::new();
        for (kind, count) in BAG {
            let out_of_bag = self.shepherds.iter().flat_map(|s| &s.sheep).filter(|t| **t == kind).count();
            let n = usize::from(count).saturating_sub(out_of_bag);
            out.extend(std::iter::repeat_n(kind, n));
        }
        out
    }
}

pub(super) fn actions(mv: &Move) -> impl Iterator<Item = &Action> {
    mv.extras.iter().filter_map(|e| e.get::<Action>())
}

/// The field of a tile as turned that reaches exactly these half-edges of the board.
pub fn field_of(def: &TileDef, r: Rotation, halves: u8) -> Option<usize> {
    def.segments.iter().position(|s| s.kind == FeatureKind::Field && r.half_mask(s.halves) == halves)
}

fn token_words(t: u8) -> String {
    match t {
        WOLF => "the wolf".to_string(),
        1 => "1 sheep".to_string(),
        n => format!("{n} sheep"),
    }
}

/// The token a draw takes out of the bag, or why it cannot be.
fn take(game: &Game, draw: Draw) -> Result<u8, Verdict> {
    let bag = game.state_of::<Flocks>().bag();
    match draw {
        Draw::Token(t) if bag.contains(&t) => Ok(t),
        Draw::Token(t) => Err(Verdict::new(
            rule::BAG,
            format!(
                "{} cannot be drawn: no such token is left in the bag (the others lie beside shepherds)",
                token_words(t)
            ),
        )),
        Draw::BagAt(bits) => {
            let r = f64::from_bits(bits);
            let n = bag.len();
            let i = (r * n as f64).floor();
            if !(0.0..1.0).contains(&r) || i < 0.0 || i >= n as f64 {
                return Err(Verdict::new(rule::BAG, format!("bag-at {r} names no token of a bag of {n}")));
            }
            Ok(bag[i as usize])
        }
    }
}

/// Whether a field (any of its segments) touches an empty square: a field with none is
/// closed.
pub fn closed(game: &Game, seg: SegId) -> bool {
    game.members(seg).into_iter().all(|m| {
        let p = game.placement_of(m);
        let (at, local) = game.locate(m);
        let Some(l) = local else { return true };
        let halves = p.rotation.half_mask(game.def(p.kind).segments[l].halves);
        (0..8u8).filter(|h| halves & (1 << h) != 0).all(|h| game.tile_at(at.step(Half(h).edge())).is_some())
    })
}

/// The distinct fields of `player`'s shepherds (their roots) that a placement of `mv`
/// (not laid yet) extends, grouped as laying it will join them, in the shepherds' order.
pub fn due(game: &Game, player: PlayerId, mv: &Move) -> usize {
    let flocks = game.state_of::<Flocks>();
    let mine: Vec<SegId> =
        flocks.shepherds.iter().filter(|s| s.player == player).map(|s| game.feature_of(s.seg)).collect();
    if mine.is_empty() {
        return 0;
    }
    let def = game.def(mv.tile);
    // Each field segment of the new tile, with the roots it will join.
    let mut groups: Vec<Vec<SegId>> = Vec::new();
    for s in def.segments.iter().filter(|s| s.kind == FeatureKind::Field) {
        let halves = mv.rotation.half_mask(s.halves);
        let mut roots: Vec<SegId> = (0..8u8)
            .filter(|h| halves & (1 << h) != 0)
            .filter_map(|h| {
                let h = Half(h);
                let n = game.tile_at(mv.pos.step(h.edge()))?;
                game.half_segment(n, h.facing()).map(|seg| game.feature_of(seg))
            })
            .collect();
        roots.sort();
        roots.dedup();
        // Segments of the tile meeting a same field end in one.
        let (joined, kept): (Vec<Vec<SegId>>, Vec<Vec<SegId>>) =
            groups.into_iter().partition(|g| g.iter().any(|r| roots.contains(r)));
        for g in joined {
            roots.extend(g);
        }
        roots.sort();
        roots.dedup();
        groups = kept;
        groups.push(roots);
    }
    groups.iter().filter(|g| g.iter().any(|r| mine.contains(r))).count()
}

/// What can be judged before the tile is laid: a shepherd instead of a follower, one a turn,
/// one left in supply, on a field of the new tile; a choice for each field of the player's
/// shepherds the tile extends, and none where it extends none.
pub(super) fn check(game: &Game, player: PlayerId, mv: &Move) -> Result<(), Verdict> {
    let mut deploys = 0;
    let mut tends: Option<&Vec<Tend>> = None;
    for a in actions(mv) {
        match a {
            Action::Deploy { halves, .. } => {
                deploys += 1;
                let def = game.def(mv.tile);
                if field_of(def, mv.rotation, *halves).is_none() {
                    return Err(Verdict::new(
                        rule::DEPLOY,
                        format!(
                            "tile {} as turned has no {} for the shepherd",
                            def.id,
                            crate::expansion::tb::field_words(*halves)
                        ),
                    ));
                }
            }
            Action::Tend(t) => {
                if tends.is_some() {
                    return Err(Verdict::new(rule::TEND, "a turn writes its flock choices once (`flock:`)"));
                }
                tends = Some(t);
            }
            Action::Standing { .. } | Action::Each(_) => {
                return Err(Verdict::new(
                    crate::expansion::base::rule::EXPANSION_IN_PLAY,
                    "a standing shepherd is written on the starting board, and the shepherds each under `supply:`",
                ))
            }
        }
    }
    if deploys > 0 {
        if mv.follower.is_some() {
            return Err(Verdict::new(
                rule::DEPLOY,
                "the shepherd is placed instead of a follower: a turn places one or the other, not both",
            ));
        }
        if deploys > 1 {
            return Err(Verdict::new(rule::DEPLOY, "the shepherd is placed instead of a follower: one in a turn"));
        }
        if game.state_of::<Flocks>().left(player) == 0 {
            return Err(no_shepherd_left(game, player));
        }
    }
    let need = due(game, player, mv);
    let written = tends.map_or(0, Vec::len);
    if need != written {
        let msg = if written == 0 {
            format!(
                "this tile extends the field of {}'s shepherd: the player must grow the flock or herd it into the \
                 stable (`flock: grow <token>` or `flock: herd`)",
                game.player_name(player)
            )
        } else if need == 0 {
            "this tile extends no field of the player's shepherd: there is no flock to tend".to_string()
        } else {
            format!("this tile extends {need} fields of the player's shepherds: one choice each, {written} written")
        };
        return Err(Verdict::new(rule::TEND, msg));
    }
    Ok(())
}

fn no_shepherd_left(game: &Game, player: PlayerId) -> Verdict {
    let each = game.state_of::<Flocks>().each;
    Verdict::new(
        rule::CONTENTS,
        format!("{} has no shepherd left to place: each player has {each}", game.player_name(player)),
    )
}

/// The shepherds (their indices) on the field of root `root`.
fn on_field(game: &Game, root: SegId) -> Vec<usize> {
    let st = game.state_of::<Flocks>();
    (0..st.shepherds.len()).filter(|i| game.feature_of(st.shepherds[*i].seg) == root).collect()
}

fn feature_ref(game: &Game, seg: SegId, what: &str) -> FeatureRef {
    let (at, _) = game.locate(seg);
    FeatureRef::new(FeatureKind::Field, at, u8::MAX, what.to_string(), 0)
}

/// A 0-point event naming what happened to a flock (a token drawn, the wolf).
fn note(game: &mut Game, turn: u16, player: PlayerId, seg: SegId, rule: crate::rules::RuleId, label: &'static str) {
    let feature = feature_ref(game, seg, "flock");
    game.award(ScoreEvent {
        timing: Timing::Turn(turn),
        players: smallvec![player],
        feature,
        items: smallvec![ScoreItem { rule, label, count: 1, each: 0 }],
        because: smallvec![],
    });
}

/// Draws for the shepherd `i`: a sheep joins its flock, a wolf scatters the whole field's
/// flock and sends every shepherd there home (rule::WOLF).
fn grow(game: &mut Game, turn: u16, i: usize, draw: Draw) -> Result<(), Verdict> {
    let token = take(game, draw)?;
    let (player, seg) = {
        let s = &game.state_of::<Flocks>().shepherds[i];
        (s.player, s.seg)
    };
    if token == WOLF {
        let root = game.feature_of(seg);
        let gone = on_field(game, root);
        note(game, turn, player, seg, rule::WOLF, "wolf drawn: flock scattered, shepherds home");
        let st = game.state_of_mut::<Flocks>();
        let mut k = 0;
        st.shepherds.retain(|_| {
            k += 1;
            !gone.contains(&(k - 1))
        });
        return Ok(());
    }
    let label = match token {
        1 => "1 sheep drawn",
        2 => "2 sheep drawn",
        3 => "3 sheep drawn",
        _ => "4 sheep drawn",
    };
    note(game, turn, player, seg, rule::GROW, label);
    game.state_of_mut::<Flocks>().shepherds[i].sheep.push(token);
    Ok(())
}

/// Scores the flock of the field of `root`: every player with a shepherd there scores every
/// sheep of it (rule::SHARED), once each; the shepherds go home, the tokens back in the bag.
fn score(game: &mut Game, timing: Timing, root: SegId, because: crate::rules::RuleId) {
    let idx = on_field(game, root);
    if idx.is_empty() {
        return;
    }
    let st = game.state_of::<Flocks>();
    let sheep: u32 = idx.iter().flat_map(|i| &st.shepherds[*i].sheep).map(|t| u32::from(*t)).sum();
    let mut players: crate::score::Players = smallvec![];
    for i in &idx {
        let p = st.shepherds[*i].player;
        if !players.contains(&p) {
            players.push(p);
        }
    }
    players.sort();
    let seg = st.shepherds[idx[0]].seg;
    let mut why: crate::score::Rules = smallvec![];
    if because != rule::HERD {
        why.push(because);
    }
    if players.len() > 1 || idx.len() > 1 {
        why.push(rule::SHARED);
    }
    let feature = feature_ref(game, seg, "flock");
    game.award(ScoreEvent {
        timing,
        players,
        feature,
        items: smallvec![ScoreItem { rule: rule::HERD, label: "sheep point", count: sheep, each: 1 }],
        because: why,
    });
    let st = game.state_of_mut::<Flocks>();
    let mut k = 0;
    st.shepherds.retain(|_| {
        k += 1;
        !idx.contains(&(k - 1))
    });
}

/// The turn's shepherd deployed and its token drawn; the flocks of the player's fields the
/// tile extends grown or herded; then every closed field's flock scored (rule::CLOSED).
pub(super) fn play(game: &mut Game, turn: &TurnContext) -> Result<(), Verdict> {
    let mv = &turn.mv;
    let player = turn.player;
    let t = turn.turn;
    // The fields to tend, as the tile laid them, before this turn's shepherd joins.
    let mut fields: Vec<SegId> = Vec::new();
    let touched: Vec<SegId> = game.touched().collect();
    for s in &game.state_of::<Flocks>().shepherds {
        let root = game.feature_of(s.seg);
        if s.player == player && !fields.contains(&root) && touched.iter().any(|m| game.feature_of(*m) == root) {
            fields.push(root);
        }
    }
    if let Some(Action::Deploy { halves, draw }) = actions(mv).find(|a| matches!(a, Action::Deploy { .. })).cloned() {
        let local = field_of(game.def(mv.tile), mv.rotation, halves).expect("checked before play");
        let seg = game.segment_at(mv.pos, local).expect("the tile was laid this turn");
        let root = game.feature_of(seg);
        if !on_field(game, root).is_empty() {
            return Err(Verdict::new(
                rule::DEPLOY,
                format!(
                    "the {} of {} at {} joins a field that already holds a shepherd: a field holds one shepherd",
                    crate::expansion::tb::field_words(halves),
                    game.def(mv.tile).id,
                    mv.pos
                ),
            ));
        }
        let st = game.state_of_mut::<Flocks>();
        st.shepherds.push(Shepherd { player, seg, sheep: Vec::new() });
        let i = st.shepherds.len() - 1;
        grow(game, t, i, draw)?;
    }
    let tends: Vec<Tend> = actions(mv)
        .find_map(|a| match a {
            Action::Tend(v) => Some(v.clone()),
            _ => None,
        })
        .unwrap_or_default();
    if tends.len() != fields.len() {
        return Err(Verdict::new(
            rule::TEND,
            format!(
                "this tile extends {} fields of the player's shepherds: {} choices written",
                fields.len(),
                tends.len()
            ),
        ));
    }
    for (root, choice) in fields.into_iter().zip(tends) {
        // A wolf drawn for an earlier field may have sent this one's shepherds home.
        let root = game.feature_of(root);
        let st = game.state_of::<Flocks>();
        let Some(i) = (0..st.shepherds.len())
            .find(|i| st.shepherds[*i].player == player && game.feature_of(st.shepherds[*i].seg) == root)
        else {
            continue;
        };
        match choice {
            Tend::Grow(draw) => grow(game, t, i, draw)?,
            Tend::Herd => score(game, Timing::Turn(t), root, rule::HERD),
        }
    }
    // rule::CLOSED: every field holding shepherds that is closed now is scored at once.
    loop {
        let st = game.state_of::<Flocks>();
        let Some(root) = st.shepherds.iter().map(|s| game.feature_of(s.seg)).find(|r| closed(game, *r)) else {
            break;
        };
        score(game, Timing::Turn(t), root, rule::CLOSED);
    }
    Ok(())
}

/// rule::END_NOTHING: a flock still out when the game ends scores nothing (said, 0 points).
pub(super) fn final_scoring(game: &mut Game) {
    let mut seen: Vec<SegId> = Vec::new();
    let st = game.state_of::<Flocks>().clone();
    for s in &st.shepherds {
        let root = game.feature_of(s.seg);
        if seen.contains(&root) {
            continue;
        }
        seen.push(root);
        let mut players: crate::score::Players = smallvec![];
        let mut sheep = 0u32;
        for o in st.shepherds.iter().filter(|o| game.feature_of(o.seg) == root) {
            if !players.contains(&o.player) {
                players.push(o.player);
            }
            sheep += o.sheep.iter().map(|t| u32::from(*t)).sum::<u32>();
        }
        players.sort();
        let feature = feature_ref(game, s.seg, "flock");
        game.award(ScoreEvent {
            timing: Timing::End,
            players,
            feature,
            items: smallvec![ScoreItem {
                rule: rule::END_NOTHING,
                label: "unherded sheep point",
                count: sheep,
                each: 0
            }],
            because: smallvec![],
        });
    }
}

/// A shepherd standing on the starting board, checked as if it had been placed there.
pub(super) fn stand(game: &mut Game, player: PlayerId, at: Pos, halves: u8, sheep: &[u8]) -> Result<(), Verdict> {
    let p = *game.tile_at(at).expect("the loader checks the square holds a tile");
    let Some(local) = field_of(game.def(p.kind), p.rotation, halves) else {
        return Err(Verdict::new(
            rule::DEPLOY,
            format!(
                "tile {} as turned has no {} for the shepherd",
                game.def(p.kind).id,
                crate::expansion::tb::field_words(halves)
            ),
        ));
    };
    if game.state_of::<Flocks>().left(player) == 0 {
        return Err(no_shepherd_left(game, player));
    }
    let seg = game.segment_at(at, local).expect("a segment of the tile");
    if !on_field(game, game.feature_of(seg)).is_empty() {
        return Err(Verdict::new(rule::DEPLOY, format!("the field at {at} already holds a shepherd")));
    }
    let mut bag = game.state_of::<Flocks>().bag();
    for t in sheep {
        match bag.iter().position(|b| b == t) {
            Some(i) if *t != WOLF => {
                bag.remove(i);
            }
            _ => {
                return Err(Verdict::new(
                    rule::BAG,
                    format!("{} cannot stand beside a shepherd: the bag has no more of it", token_words(*t)),
                ))
            }
        }
    }
    game.state_of_mut::<Flocks>().shepherds.push(Shepherd { player, seg, sheep: sheep.to_vec() });
    Ok(())
}

/// The shepherd on each field of the placement (with each kind of token still in the bag),
/// and, where the tile extends the player's shepherds' fields, each choice for them; each
/// added to the sets offered before (a choice goes with any follower; a shepherd with none).
pub(super) fn options(game: &Game, player: PlayerId, mv: &Move, out: &mut Vec<Vec<Extra>>) {
    let st = game.state_of::<Flocks>();
    let mut kinds = st.bag();
    kinds.dedup();
    let draws: Vec<Draw> = kinds.iter().map(|k| Draw::Token(*k)).collect();
    // The flock choices: every combination, one per field due.
    let need = due(game, player, mv);
    let mut choices: Vec<Vec<Tend>> = vec![Vec::new()];
    for _ in 0..need {
        let mut next = Vec::new();
        for c in &choices {
            for t in draws.iter().map(|d| Tend::Grow(*d)).chain([Tend::Herd]) {
                let mut c = c.clone();
                c.push(t);
                next.push(c);
            }
        }
        choices = next;
    }
    let mut deploys: Vec<Option<Extra>> = vec![None];
    if st.left(player) > 0 {
        let def = game.def(mv.tile);
        for s in def.segments.iter().filter(|s| s.kind == FeatureKind::Field) {
            let halves = mv.rotation.half_mask(s.halves);
            for d in &draws {
                deploys.push(Some(Extra::new(Action::Deploy { halves, draw: *d })));
            }
        }
    }
    let before = std::mem::take(out);
    let bases: Vec<Vec<Extra>> = std::iter::once(Vec::new()).chain(before.iter().cloned()).collect();
    // With no flock due, the sets offered before stand as they were, besides those with a
    // shepherd; with one due, every set needs its choices.
    if need == 0 {
        out.extend(before);
    }
    for base in &bases {
        for c in &choices {
            for d in &deploys {
                if need == 0 && d.is_none() {
                    continue;
                }
                let mut set = base.clone();
                if need > 0 {
                    set.push(Extra::new(Action::Tend(c.clone())));
                }
                if let Some(d) = d {
                    set.push(d.clone());
                }
                out.push(set);
            }
        }
    }
}

/// Each shepherd on a corner of its field on its tile (the centre, for a field enclosed by
/// cities), holding its flock's count in the legend's words.
pub(super) fn pieces(game: &Game, out: &mut Vec<Piece>) {
    for s in &game.state_of::<Flocks>().shepherds {
        let p = game.placement_of(s.seg);
        let (at, local) = game.locate(s.seg);
        let halves = local.map_or(0, |l| p.rotation.half_mask(game.def(p.kind).segments[l].halves));
        let whole = |c: &Corner| c.halves().iter().all(|h| halves & h.bit() != 0);
        let any = |c: &Corner| c.halves().iter().any(|h| halves & h.bit() != 0);
        let corner = Corner::ALL.into_iter().find(whole).or(Corner::ALL.into_iter().find(any));
        out.push(Piece {
            what: "shepherd",
            at: corner.map_or(PieceAt::Tile(at), |c| PieceAt::Corner(at, c)),
            holds: None,
            height: 1,
            owner: Some(s.player),
        });
    }
}
