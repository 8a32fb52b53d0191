//! The dragon: put on each volcano tile laid, and set flying by each dragon tile.
//!
//! A flight is six moves (rule::DRAGON_SIX_MOVES), each onto a tile across an edge of the
//! dragon's tile, never onto a tile of the flight (rule::DRAGON_NO_RETURN) nor the fairy's
//! (rule::FAIRY_PROTECTS); it ends early at a dead end (rule::DRAGON_DEAD_END). A tile is
//! a tile group: a double-size tile (a German castle) is one tile, entered in one move
//! (rule::DRAGON_GERMAN_CASTLE). The players choose the moves; the move lists them.

use super::{actions, marked, rule, Action, State};
use crate::engine::{Game, Move, TurnContext};
use crate::expansion::strike::{strike_tile, Strike};
use crate::geom::{Edge, Pos};
use crate::score::{PlayerId, ScoreEvent, ScoreItem, Timing, Verdict};
use crate::tile::Mark;
use smallvec::smallvec;

/// The most moves of one flight.
pub const MOVES: usize = 6;

/// The tile at a square as the dragon counts tiles: its group, or `NEW` for the tile of the
/// move being judged (not laid yet).
const NEW: u32 = u32::MAX;

/// The board as the dragon sees it during a move: the tiles laid, the move's own tile, and
/// the fairy's tile.
struct Sky<'g, 't> {
    game: &'g Game<'t>,
    new: Pos,
    fairy: Option<u32>,
}

impl Sky<'_, '_> {
    fn group(&self, q: Pos) -> Option<u32> {
        if q == self.new {
            return Some(NEW);
        }
        self.game.tile_at(q).map(|p| p.group)
    }

    /// The squares of a tile group.
    fn squares(&self, g: u32) -> Vec<Pos> {
        if g == NEW {
            return vec![self.new];
        }
        let p = &self.game.placed()[g as usize];
        let mut out = vec![p.pos];
        out.extend(self.game.twin_of(p.kind, p.pos, p.rotation).map(|(_, q)| q));
        out
    }

    /// The square that names a tile group (its first).
    fn square(&self, g: u32) -> Pos {
        self.squares(g)[0]
    }

    /// The tiles across an edge of the tile `g`, in the order N E S W of its squares.
    fn beside(&self, g: u32) -> Vec<u32> {
        let mut out = Vec::new();
        for sq in self.squares(g) {
            for e in Edge::ALL {
                if let Some(h) = self.group(sq.step(e)) {
                    if h != g && !out.contains(&h) {
                        out.push(h);
                    }
                }
            }
        }
        out
    }

    /// The tiles the dragon may enter next from `g`, the flight so far being `visited`.
    fn steps(&self, g: u32, visited: &[u32]) -> Vec<u32> {
        self.beside(g).into_iter().filter(|h| !visited.contains(h) && Some(*h) != self.fairy).collect()
    }
}

fn sky<'g, 't>(game: &'g Game<'t>, mv: &Move) -> Sky<'g, 't> {
    let new = mv.pos;
    let fairy_at = actions(mv)
        .find_map(|a| match a {
            Action::Fairy(t) => Some(t.at),
            Action::FairyOnTile(at) => Some(*at),
            _ => None,
        })
        .or(game.state_of::<State>().fairy.map(|(at, _)| at));
    let probe = Sky { game, new, fairy: None };
    let fairy = fairy_at.and_then(|q| probe.group(q));
    Sky { game, new, fairy }
}

fn flight(mv: &Move) -> Option<&Vec<Pos>> {
    actions(mv).find_map(|a| match a {
        Action::Dragon(path) => Some(path),
        _ => None,
    })
}

/// rule::VOLCANO_NO_FOLLOWER, rule::DRAGON_NOT_IN_PLAY, and the flight written for a dragon
/// tile, move by move.
pub(super) fn check(game: &Game, player: PlayerId, mv: &Move) -> Result<(), Verdict> {
    let def = game.def(mv.tile);
    if marked(game, mv.tile, Mark::Volcano) && mv.follower.is_some() {
        return Err(Verdict::new(
            rule::VOLCANO_NO_FOLLOWER,
            format!("no follower may go on a volcano tile ({} at {})", def.id, mv.pos),
        ));
    }
    let path = flight(mv);
    let unfinished = actions(mv).any(|a| matches!(a, Action::FlightUnfinished));
    let stops = unfinished || actions(mv).any(|a| matches!(a, Action::FlightEnded));
    if !marked(game, mv.tile, Mark::Dragon) {
        return match path.is_some() || stops {
            true => Err(Verdict::new(
                rule::DRAGON_SIX_MOVES,
                format!("only a dragon tile sets the dragon flying; {} shows no dragon", def.id),
            )),
            false => Ok(()),
        };
    }
    let st = game.state_of::<State>();
    let Some(start) = st.dragon else {
        return Err(Verdict::new(
            rule::DRAGON_NOT_IN_PLAY,
            format!(
                "the dragon is not on the board yet (no volcano tile has been laid): dragon tile {} is put aside, not laid",
                def.id
            ),
        ));
    };
    let sky = sky(game, mv);
    let empty = Vec::new();
    let path = path.unwrap_or(&empty);
    let Some(mut at) = sky.group(start) else { return Ok(()) };
    let mut visited = vec![at];
    let n = game.players().len().max(1);
    for (i, q) in path.iter().enumerate() {
        let mover = game.player_name(PlayerId(((player.index() + i) % n) as u8)).to_string();
        if i >= MOVES {
            return Err(Verdict::new(
                rule::DRAGON_SIX_MOVES,
                format!("the dragon moves six times, not {} (move {} to {q} is one too many)", path.len(), i + 1),
            ));
        }
        let Some(g) = sky.group(*q) else {
            return Err(Verdict::new(
                rule::DRAGON_SIX_MOVES,
                format!("move {} ({mover}'s): no tile lies at {q} for the dragon to enter", i + 1),
            ));
        };
        if visited.contains(&g) {
            return Err(Verdict::new(
                rule::DRAGON_NO_RETURN,
                format!("move {} ({mover}'s): the dragon has already stood on the tile at {q} in this flight", i + 1),
            ));
        }
        if !sky.beside(at).contains(&g) {
            return Err(Verdict::new(
                rule::DRAGON_SIX_MOVES,
                format!(
                    "move {} ({mover}'s): the tile at {q} is not beside the dragon's tile at {} (one tile across an edge a move)",
                    i + 1,
                    sky.square(at)
                ),
            ));
        }
        if Some(g) == sky.fairy {
            return Err(Verdict::new(
                rule::FAIRY_PROTECTS,
                format!("move {} ({mover}'s): the fairy stands on the tile at {q}; the dragon may not enter it", i + 1),
            ));
        }
        if let Some(what) = other_figure(game, &sky.squares(g)) {
            return Err(Verdict::new(
                rule::DRAGON_OTHER_FIGURES,
                format!(
                    "move {} ({mover}'s): the dragon would eat the {what} on the tile at {q}, which the referee does not model yet",
                    i + 1
                ),
            ));
        }
        visited.push(g);
        at = g;
    }
    let left = if path.len() < MOVES { sky.steps(at, &visited) } else { Vec::new() };
    if unfinished && left.is_empty() {
        return Err(Verdict::new(
            rule::DRAGON_SIX_MOVES,
            format!(
                "`dragon-flight: unfinished`, yet the flight is over after {} move(s): {}",
                path.len(),
                if path.len() < MOVES { "no tile beside the dragon may be entered" } else { "six moves were made" }
            ),
        ));
    }
    if path.len() < MOVES && !unfinished {
        if let Some(h) = left.first() {
            let mover = game.player_name(PlayerId(((player.index() + path.len()) % n) as u8)).to_string();
            return Err(Verdict::new(
                rule::DRAGON_SIX_MOVES,
                format!(
                    "the dragon moves six times unless it is stuck; after {} move(s) it may still enter the tile at {} ({mover}'s move): write the flight's next moves",
                    path.len(),
                    sky.square(*h)
                ),
            ));
        }
    }
    Ok(())
}

/// A player's figure of another expansion standing on these squares (a pig), which the
/// dragon would eat.
fn other_figure(game: &Game, squares: &[Pos]) -> Option<&'static str> {
    game.pieces().into_iter().find_map(|p| {
        let on = match p.at {
            crate::expansion::PieceAt::Tile(q) | crate::expansion::PieceAt::Corner(q, _) => squares.contains(&q),
            crate::expansion::PieceAt::Between(..) => false,
        };
        (on && p.owner.is_some()).then_some(p.what)
    })
}

/// Every flight the dragon may take with this placement and the set of actions beside it
/// (its fairy move), each in the squares that name its tiles; `None` when the placement
/// sets no flight going (not a dragon tile, or the dragon not on the board).
pub(super) fn flights(game: &Game, mv: &Move, set: &[crate::expansion::Extra]) -> Option<Vec<Vec<Pos>>> {
    if !marked(game, mv.tile, Mark::Dragon) {
        return None;
    }
    let start = game.state_of::<State>().dragon?;
    let mut with = mv.clone();
    with.extras = set.to_vec();
    let sky = sky(game, &with);
    let at = sky.group(start)?;
    let mut out = Vec::new();
    let mut path = vec![at];
    walk(&sky, &mut path, &mut out);
    Some(out)
}

fn walk(sky: &Sky, path: &mut Vec<u32>, out: &mut Vec<Vec<Pos>>) {
    let at = *path.last().expect("the flight starts somewhere");
    let steps = if path.len() > MOVES { Vec::new() } else { sky.steps(at, path) };
    if steps.is_empty() {
        out.push(path[1..].iter().map(|g| sky.square(*g)).collect());
        return;
    }
    for g in steps {
        path.push(g);
        walk(sky, path, out);
        path.pop();
    }
}

/// A game recorded during the flight (`Action::FlightUnfinished`), or as it ends
/// (`Action::FlightEnded`), stops with it. Under
/// `dragon.timing: before-scoring` the turn's scoring comes after the flight and has not
/// happened: each road and city of the dragon tile completed with followers on it gets a
/// 0-point event saying so (rule::DRAGON_TIMING).
pub(super) fn stop(game: &mut Game, turn: &TurnContext) {
    if !actions(&turn.mv).any(|a| matches!(a, Action::FlightUnfinished | Action::FlightEnded)) {
        return;
    }
    game.state_of_mut::<State>().stopped = true;
    let label = match actions(&turn.mv).any(|a| matches!(a, Action::FlightEnded)) {
        true => "not scored yet: the game stops as the dragon's flight ends, before the scoring",
        false => "not scored yet: the game stops during the dragon's flight, before the scoring",
    };
    if !game.options().of::<super::Options>().dragon_before_scoring {
        return;
    }
    let Some(p) = game.tile_at(turn.mv.pos).copied() else { return };
    let def = game.def(p.kind);
    let mut seen = Vec::new();
    for local in 0..def.segments.len() {
        if !matches!(def.segments[local].kind, crate::tile::FeatureKind::Road | crate::tile::FeatureKind::City) {
            continue;
        }
        let Some(seg) = game.segment_at(turn.mv.pos, local) else { continue };
        let root = game.feature_of(seg);
        if seen.contains(&root) || game.open_edges(seg) > 0 {
            continue;
        }
        seen.push(root);
        let mut players: smallvec::SmallVec<[PlayerId; 4]> = smallvec![];
        for f in game.followers().iter().filter(|f| game.feature_of(f.segment) == root) {
            if !players.contains(&f.player) {
                players.push(f.player);
            }
        }
        if players.is_empty() {
            continue;
        }
        let info = game.feature_info(seg);
        let feature = game.feature_ref(&info);
        game.award(ScoreEvent {
            timing: Timing::Turn(turn.turn),
            players: players.into_iter().collect(),
            feature,
            items: smallvec![ScoreItem { rule: rule::DRAGON_TIMING, label, count: 1, each: 0 }],
            because: smallvec![],
        });
    }
}

/// rule::VOLCANO: the dragon goes onto the volcano tile just laid.
pub(super) fn volcano(game: &mut Game, turn: &TurnContext) {
    if marked(game, turn.mv.tile, Mark::Volcano) {
        game.state_of_mut::<State>().dragon = Some(turn.mv.pos);
    }
}

/// The flight, move by move: rule::DRAGON_EATS on each tile entered, but never a follower in
/// a castle between tiles (rule::DRAGON_CASTLE_IMMUNE), which gets a 0-point event saying so.
pub(super) fn fly(game: &mut Game, turn: &TurnContext) {
    if !marked(game, turn.mv.tile, Mark::Dragon) || game.state_of::<State>().dragon.is_none() {
        return;
    }
    let Some(path) = flight(&turn.mv).cloned() else { return };
    for q in path {
        game.state_of_mut::<State>().dragon = Some(q);
        let Some(p) = game.tile_at(q) else { continue };
        let squares = game.group_squares(p.group);
        let strike = Strike {
            struck: (rule::DRAGON_EATS, "eaten by the dragon"),
            spared: (rule::DRAGON_CASTLE_IMMUNE, "spared by the dragon"),
            double_tile: rule::DRAGON_GERMAN_CASTLE,
        };
        strike_tile(game, &squares, turn.turn, &strike);
    }
}
