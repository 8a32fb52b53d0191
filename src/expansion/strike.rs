//! What befalls every follower of one tile at once (the dragon's, a flea's): each sent home
//! with a 0-point event saying why, but a castle's, which stands between tiles, spared.

use super::PieceAt;
use crate::engine::features::SegId;
use crate::engine::{Follower, Game};
use crate::geom::Pos;
use crate::rules::RuleId;
use crate::score::{ScoreEvent, ScoreItem, Timing};
use smallvec::smallvec;

/// Whether the follower on this segment is in a piece that stands between tiles (a castle
/// of Bridges, Castles and Bazaars): on no one tile.
pub fn between_tiles(game: &Game, seg: SegId) -> bool {
    let root = game.feature_of(seg);
    game.pieces()
        .iter()
        .any(|p| matches!(p.at, PieceAt::Between(..)) && p.holds.is_some_and(|(s, _)| game.feature_of(s) == root))
}

/// The rules and words of a strike: what a follower sent home is, what a spared one is, and
/// the rule that makes a double-size tile one tile.
pub struct Strike {
    pub struck: (RuleId, &'static str),
    pub spared: (RuleId, &'static str),
    pub double_tile: RuleId,
}

/// Sends home every follower on `squares` (a tile: both squares of a double-size one), each
/// with a 0-point event of turn `turn` citing `strike.struck` (and `strike.double_tile` on a
/// double-size tile); a follower in a castle between tiles stays, with an event citing
/// `strike.spared`. Hands back the followers sent home.
pub fn strike_tile(game: &mut Game, squares: &[Pos], turn: u16, strike: &Strike) -> Vec<Follower> {
    let mut struck = Vec::new();
    let mut i = 0;
    while i < game.followers().len() {
        let f = game.followers()[i];
        if !squares.contains(&game.locate(f.segment).0) {
            i += 1;
            continue;
        }
        let info = game.feature_info(f.segment);
        let feature = game.feature_ref(&info);
        let spared = between_tiles(game, f.segment);
        let (rule, label) = if spared { strike.spared } else { strike.struck };
        let mut because = smallvec![];
        if spared {
            i += 1;
        } else {
            game.remove_follower(i);
            struck.push(f);
            if squares.len() > 1 {
                because.push(strike.double_tile);
            }
        }
        game.award(ScoreEvent {
            timing: Timing::Turn(turn),
            players: smallvec![f.player],
            feature,
            items: smallvec![ScoreItem { rule, label, count: 1, each: 0 }],
            because,
        });
    }
    struck
}
