//! The point where four tiles' corners meet, shared by the barns of both editions (Abbey and
//! Mayor's, `am`; the new edition's expansion 8, `ne8`): which squares and corners meet
//! there, and the one field all four corners show. Each barn judges the faults by its own
//! rules.

use crate::engine::features::SegId;
use crate::engine::Game;
use crate::geom::{Corner, Pos};

/// The squares around the corner `c` of `at`, the corner of each that meets there.
pub fn corner_tiles(at: Pos, c: Corner) -> [(Pos, Corner); 4] {
    let (dx, dy) = match c {
        Corner::NE => (1, 1),
        Corner::SE => (1, -1),
        Corner::SW => (-1, -1),
        Corner::NW => (-1, 1),
    };
    let opposite = |c: Corner| match c {
        Corner::NE => Corner::SW,
        Corner::SE => Corner::NW,
        Corner::SW => Corner::NE,
        Corner::NW => Corner::SE,
    };
    let side = |c: Corner, horizontal: bool| match (c, horizontal) {
        (Corner::NE, true) | (Corner::SW, false) => Corner::NW,
        (Corner::NE, false) | (Corner::SW, true) => Corner::SE,
        (Corner::SE, true) | (Corner::NW, false) => Corner::SW,
        (Corner::SE, false) | (Corner::NW, true) => Corner::NE,
    };
    [
        (at, c),
        (Pos::new(at.x + dx, at.y), side(c, true)),
        (Pos::new(at.x, at.y + dy), side(c, false)),
        (Pos::new(at.x + dx, at.y + dy), opposite(c)),
    ]
}

/// Why four corners hold no barn.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Fault {
    /// A square around the point holds no tile.
    Empty(Pos),
    /// The corner of the tile on this square is not field only.
    NotField(Pos),
    /// The four corners are field, but not of one field.
    TwoFields,
}

/// The one field whose four corners meet at the corner `corner` of `at`.
pub fn corner_field(game: &Game, at: Pos, corner: Corner) -> Result<SegId, Fault> {
    let mut field: Option<SegId> = None;
    for (sq, c) in corner_tiles(at, corner) {
        let Some(p) = game.tile_at(sq).copied() else { return Err(Fault::Empty(sq)) };
        let [a, b] = c.halves();
        let (Some(sa), Some(sb)) = (game.half_segment(&p, a), game.half_segment(&p, b)) else {
            return Err(Fault::NotField(sq));
        };
        if game.feature_of(sa) != game.feature_of(sb) {
            return Err(Fault::NotField(sq));
        }
        match field {
            None => field = Some(game.feature_of(sa)),
            Some(f) if f == game.feature_of(sa) => {}
            Some(_) => return Err(Fault::TwoFields),
        }
    }
    field.ok_or(Fault::TwoFields)
}
