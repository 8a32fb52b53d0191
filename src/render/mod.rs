//! Pictures of the board: a character grid for the terminal (`text.rs`), and SVG (`svg.rs`).
//!
//! Both are drawn from the catalogue's own data (edges, segments, pennants, marks), the
//! game's state and the pieces the expansions report (`Expansion::pieces`); no bitmap art.
//! What both share lives here: each player's look (a colour that follows the name, and a
//! mark no other player has), each follower's role and the spot of the tile it stands on,
//! and the caption (title, the moment shown, a note).
//!
//! Names come from files: a mark is a plain one-column character, the terminal shows names
//! through `text::escape_control`, and the SVG escapes every text it writes
//! (`text::xml_text`). A picture is drawn only up to [`MAX_SQUARES`] squares.

mod svg;
mod text;

pub use svg::{field_shades, svg, svg_tile, svg_view, TILE_PX};
pub use text::{text, text_view};

use crate::engine::features::SegId;
use crate::engine::{Follower, Game};
use crate::geom::{Corner, Edge, Pos};
use crate::tile::FeatureKind;
use std::fmt;

/// The most squares (the board's bounding box, empty squares included) a picture may span.
///
/// A real game lays fewer than 300 tiles: even laid as a staircase, the worst shape for a
/// bounding box, they span 150 x 150 = 22,500 squares. Ten times that is still drawn; past it
/// the terminal picture (12 characters a square, up to 3 bytes each) would pass 9 MB, and the
/// SVG 30,000 pixels a side. A 20,000-tile staircase spans 10^8 squares (some 3.6 GB of text).
pub const MAX_SQUARES: u64 = 250_000;

/// A board too large to draw (see [`MAX_SQUARES`]): bad input, exit status 2.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TooLarge {
    pub cols: u64,
    pub rows: u64,
    /// What the picture would have been: `"about 1200460040 characters"`, `"600120 x 600214 pixels"`.
    pub picture: String,
}

impl fmt::Display for TooLarge {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "the board spans {} x {} squares ({} squares, a picture of {}): too large to draw; the limit is {MAX_SQUARES} squares",
            self.cols,
            self.rows,
            self.cols * self.rows,
            self.picture
        )
    }
}

impl std::error::Error for TooLarge {}

impl miette::Diagnostic for TooLarge {
    fn code<'a>(&'a self) -> Option<Box<dyn fmt::Display + 'a>> {
        Some(Box::new("referee::render::too-large"))
    }
    fn help<'a>(&'a self) -> Option<Box<dyn fmt::Display + 'a>> {
        Some(Box::new(
            "a real game lays fewer than 300 tiles; `referee check` scores the scenario without drawing it, and `--turn N` draws an earlier board",
        ))
    }
}

/// The board's columns and rows, refused past [`MAX_SQUARES`]; `picture` says how large the
/// picture would be for the message.
fn size_checked(game: &Game, picture: impl Fn(u64, u64) -> String) -> Result<(), TooLarge> {
    let (x0, x1, y0, y1) = bounds(game);
    let (cols, rows) = ((x1 as i64 - x0 as i64 + 1) as u64, (y1 as i64 - y0 as i64 + 1) as u64);
    if cols * rows > MAX_SQUARES {
        return Err(TooLarge { cols, rows, picture: picture(cols, rows) });
    }
    Ok(())
}

/// What a picture says around the board: the scenario's title, the moment shown ("after
/// turn 3 of 7"), and a note (the move that stopped the scenario).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct View {
    pub title: String,
    pub moment: Option<String>,
    pub note: Option<String>,
    /// The SVG also shows the free squares beside the board, each a frame a page can click
    /// (`class="free"`, `data-at="x,y"`), and each placed tile a frame too (`class="placed"`):
    /// the board is drawn one square wider all round.
    pub free_squares: bool,
}

impl View {
    pub fn titled(title: &str) -> View {
        View { title: title.to_string(), ..View::default() }
    }
}

/// A colour: its word, its SVG fill and its 256-colour terminal index.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Hue {
    pub word: &'static str,
    pub fill: &'static str,
    pub ansi: u8,
}

impl Hue {
    /// Whether text on this colour reads better in black than in white (on no colour, `none`,
    /// the page shows through: light).
    pub fn light(self) -> bool {
        let Ok(v) = u32::from_str_radix(self.fill.trim_start_matches('#'), 16) else { return true };
        let (r, g, b) = ((v >> 16) & 255, (v >> 8) & 255, v & 255);
        r * 299 + g * 587 + b * 114 > 150_000
    }
}

const fn hue(word: &'static str, fill: &'static str, ansi: u8) -> Hue {
    Hue { word, fill, ansi }
}

/// The colours of the game's pieces: a player named for one of them is drawn in it.
const NAMED: [Hue; 11] = [
    hue("red", "#d62828", 160),
    hue("blue", "#1d4ed8", 27),
    hue("green", "#15803d", 28),
    hue("yellow", "#facc15", 220),
    hue("black", "#111111", 16),
    hue("grey", "#8a8f98", 245),
    hue("gray", "#8a8f98", 245),
    hue("pink", "#f472b6", 211),
    hue("purple", "#7e22ce", 91),
    hue("orange", "#f97316", 208),
    hue("white", "#fafafa", 231),
];

/// Colours for other names, in turn order: none is one of the named colours, and none is an
/// earth tone or a field's green, which the land's symbols wear (the SVG's `land` colours).
const OTHERS: [Hue; 6] = [
    hue("teal", "#0f766e", 30),
    hue("magenta", "#a3005f", 125),
    hue("cyan", "#22d3ee", 51),
    hue("navy", "#1e1b6b", 17),
    hue("mint", "#2fd3a0", 43),
    hue("lavender", "#c8b8f8", 183),
];

/// Every colour a player may be drawn in: a symbol of the land is drawn in none of them, nor
/// in one near them, so that only what belongs to a player wears a player's colour.
pub fn player_hues() -> impl Iterator<Item = Hue> {
    NAMED.into_iter().chain(OTHERS)
}

/// How a player is shown: a colour and a mark (one column) that no other player has.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Look {
    pub hue: Hue,
    pub mark: char,
}

/// Whether `c` is safe and one column wide in a grid cell: a visible ASCII character, or a
/// letter or digit below U+1100 that is not a combining mark (a name may start with ESC, a
/// wide character, a combining accent).
fn plain(c: char, ascii: bool) -> bool {
    let cp = c as u32;
    let narrow = cp < 0x1100 && !(0x300..0x370).contains(&cp) && !(0x483..0x490).contains(&cp);
    (c.is_ascii_graphic() || (!ascii && narrow && c.is_alphanumeric())) && !crate::text::is_control(c)
}

/// Each player's look, in turn order. The colour follows the name (`Blue` is blue) when it is
/// one of the pieces' colours and no earlier player took it; else the next colour of
/// [`OTHERS`]. The mark is the name's initial, upper-cased, when no earlier player has it;
/// else its next letter or digit; else a digit; `ascii` keeps marks to ASCII.
pub fn looks(game: &Game, ascii: bool) -> Vec<Look> {
    let mut out: Vec<Look> = Vec::new();
    let mut others = OTHERS.iter().cycle();
    for p in game.players() {
        let word = p.name.trim().to_lowercase();
        let named = NAMED.iter().find(|h| h.word == word && !out.iter().any(|l| l.hue.fill == h.fill));
        let hue = named.copied().unwrap_or_else(|| *others.next().unwrap_or(&OTHERS[0]));
        let upper = |c: char| c.to_uppercase().next().filter(|u| u.to_uppercase().count() == 1).unwrap_or(c);
        let taken = |c: char| out.iter().any(|l| l.mark == c);
        let mark = p
            .name
            .chars()
            .enumerate()
            .filter(|(i, c)| *i == 0 || c.is_alphanumeric())
            .map(|(_, c)| upper(c))
            .filter(|c| plain(*c, ascii) && !taken(*c))
            .chain("123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ".chars().filter(|c| !taken(*c)))
            .next()
            .unwrap_or('?');
        out.push(Look { hue, mark });
    }
    out
}

/// What a follower is, by what it stands on.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum Role {
    Thief,
    Knight,
    Monk,
    Farmer,
    /// On a castle, by the name its rules give it: a German castle's `lord or lady`, a new
    /// edition castle's `lady`, a 1st-edition castle's `knight` or `lord` (by the ruleset).
    Castle(&'static str),
}

/// What Castles in Germany calls the follower on a German castle.
const LORD_OR_LADY: &str = "lord or lady";

impl Role {
    pub const fn word(self) -> &'static str {
        match self {
            Role::Thief => "thief",
            Role::Knight => "knight",
            Role::Monk => "monk",
            Role::Farmer => "farmer",
            Role::Castle(name) => name,
        }
    }
}

/// Where on a tile a follower stands.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Spot {
    Edge(Edge),
    Corner(Corner),
    Centre,
}

/// The features the expansions' castles stand on (their roots), each with what its rules call
/// a follower of that feature: the follower is on the castle (`Piece::holds`).
pub fn castle_holds(game: &Game) -> Vec<(SegId, &'static str)> {
    game.pieces().iter().filter_map(|p| p.holds).map(|(seg, name)| (game.feature_of(seg), name)).collect()
}

/// A follower's role and spot; `castles` as [`castle_holds`] gives them.
pub fn role_and_spot(game: &Game, f: &Follower, castles: &[(SegId, &'static str)]) -> (Role, Spot) {
    let p = game.placement_of(f.segment);
    let def = game.def(p.kind);
    let r = p.rotation;
    let Some(s) = game.locate(f.segment).1.map(|l| &def.segments[l]) else {
        return (role_of(game, f.segment, game.feature_kind(f.segment), castles), Spot::Centre);
    };
    let spot = match s.kind {
        FeatureKind::Cloister
        | FeatureKind::Garden
        | FeatureKind::Castle
        | FeatureKind::Bazaar
        | FeatureKind::Goods
        | FeatureKind::Tower
        | FeatureKind::Fairy
        | FeatureKind::King
        | FeatureKind::Robber
        | FeatureKind::Watchtower
        | FeatureKind::Circus
        | FeatureKind::Message => Spot::Centre,
        // A field enclosed by cities lies in the centre.
        FeatureKind::Field if s.halves == 0 => Spot::Centre,
        FeatureKind::Field => {
            let halves = r.half_mask(s.halves);
            let whole = |c: &Corner| c.halves().iter().all(|h| halves & h.bit() != 0);
            let any = |c: &Corner| c.halves().iter().any(|h| halves & h.bit() != 0);
            Spot::Corner(
                Corner::ALL.into_iter().find(whole).or(Corner::ALL.into_iter().find(any)).unwrap_or(Corner::NE),
            )
        }
        _ => Edge::ALL.into_iter().find(|e| r.edge_mask(s.edges) & e.bit() != 0).map_or(Spot::Centre, Spot::Edge),
    };
    (role_of(game, f.segment, s.kind, castles), spot)
}

/// A follower's role: by the feature it stands on, and in a city by whether an expansion's
/// castle stands on that city (its followers are then the castle's).
fn role_of(game: &Game, seg: SegId, kind: FeatureKind, castles: &[(SegId, &'static str)]) -> Role {
    match kind {
        FeatureKind::Road => Role::Thief,
        // The abbot on a garden tends it as it would a cloister.
        FeatureKind::Cloister | FeatureKind::Garden => Role::Monk,
        FeatureKind::Field => Role::Farmer,
        // A German castle, printed on its tile (no follower stands on a bazaar or goods).
        FeatureKind::Castle
        | FeatureKind::Bazaar
        | FeatureKind::Goods
        | FeatureKind::Tower
        | FeatureKind::Fairy
        | FeatureKind::King
        | FeatureKind::Robber
        | FeatureKind::Watchtower
        | FeatureKind::Circus
        | FeatureKind::Message => Role::Castle(LORD_OR_LADY),
        FeatureKind::City => {
            let root = game.feature_of(seg);
            castles.iter().find(|(town, _)| *town == root).map_or(Role::Knight, |(_, name)| Role::Castle(name))
        }
    }
}

/// Every follower on the board with its look index, role, spot and figure.
pub(crate) fn placed_followers(game: &Game) -> Vec<(usize, Pos, Role, Spot, crate::engine::Figure)> {
    let castles = castle_holds(game);
    game.followers()
        .iter()
        .map(|f| {
            let (role, spot) = role_and_spot(game, f, &castles);
            (f.player.index(), game.placement_of(f.segment).pos, role, spot, f.figure)
        })
        .collect()
}

/// A player's supply in words: `6 in supply`, and the large follower when they hold it
/// (`6 in supply and 1 large follower`).
pub(crate) fn supply_words(pl: &crate::engine::Player) -> String {
    match pl.large_supply {
        0 => format!("{} in supply", pl.supply),
        n => format!("{} in supply and {n} large follower{}", pl.supply, if n == 1 { "" } else { "s" }),
    }
}

/// The edges a tile's roads meet in its centre, when nothing else stands there: the ends of
/// every road, and both ends of a road that passes through.
pub(crate) fn road_hub(game: &Game, p: &crate::engine::Placed) -> u8 {
    let def = game.def(p.kind);
    def.segments.iter().filter(|s| s.kind == FeatureKind::Road).fold(0, |m, s| m | p.rotation.edge_mask(s.edges))
}

/// The corners of a placed tile where a city behind walls stands (the city of Carcassonne, The
/// Count): those with a wall on either of their half-edges, in `Corner::ALL`'s order. Both
/// pictures fill those quarters of the tile with the city.
pub(crate) fn walled_corners(def: &crate::tile::TileDef, r: crate::geom::Rotation) -> [bool; 4] {
    let walls = def.wall_halves(r);
    crate::geom::Corner::ALL.map(|c| c.halves().iter().any(|h| walls & h.bit() != 0))
}

/// The segments printed on the tile, for what stands in its centre.
pub(crate) fn centre_kind(game: &Game, p: &crate::engine::Placed) -> Option<FeatureKind> {
    let def = game.def(p.kind);
    let has = |k: FeatureKind| def.segments.iter().any(|s| s.kind == k);
    if has(FeatureKind::Castle) {
        Some(FeatureKind::Castle)
    } else if has(FeatureKind::Cloister) {
        Some(FeatureKind::Cloister)
    } else if def.marks.contains(&crate::tile::Mark::Bazaar) {
        Some(FeatureKind::Bazaar)
    } else if def.segments.iter().any(|s| s.kind == FeatureKind::City && s.edges.count_ones() >= 2) {
        Some(FeatureKind::City)
    } else {
        None
    }
}

/// The German castles on the board (Castles in Germany): each printed in the middle of a
/// double-size tile, over both its squares; the square it is printed on first.
pub(crate) fn german_castles(game: &Game) -> Vec<[Pos; 2]> {
    game.placed()
        .iter()
        .enumerate()
        .filter(|(i, p)| p.group as usize == *i)
        .filter(|(_, p)| game.def(p.kind).segments.iter().any(|s| s.kind == FeatureKind::Castle))
        .filter_map(|(i, _)| match game.group_squares(i as u32)[..] {
            [a, b] => Some([a, b]),
            _ => None,
        })
        .collect()
}

/// For a square under a German castle: the edge towards the castle's other square.
pub(crate) fn castle_side(castles: &[[Pos; 2]], at: Pos) -> Option<Edge> {
    let other = castles.iter().find_map(|[a, b]| match at {
        _ if at == *a => Some(*b),
        _ if at == *b => Some(*a),
        _ => None,
    })?;
    Edge::ALL.into_iter().find(|e| at.step(*e) == other)
}

/// The arrow a flying machine prints on the tile (The Flying Machines: `flier-w` along a row
/// or column, `flier-nw` diagonally, as printed), turned with the tile: the step it points
/// along on the board (x east, y north), or none.
pub(crate) fn flier_arrow(game: &Game, p: &crate::engine::Placed) -> Option<(i32, i32)> {
    use crate::tile::Mark;
    let marks = &game.def(p.kind).marks;
    let (w, n) = (p.rotation.edge(Edge::W).delta(), p.rotation.edge(Edge::N).delta());
    if marks.contains(&Mark::FlierStraight) {
        Some(w)
    } else if marks.contains(&Mark::FlierDiagonal) {
        Some((w.0 + n.0, w.1 + n.1))
    } else {
        None
    }
}

/// Whether the tile holds a road leading over a drawbridge into a city.
pub(crate) fn has_drawbridge(game: &Game, p: &crate::engine::Placed) -> bool {
    game.def(p.kind).segments.iter().any(|s| s.kind == FeatureKind::Road && !s.drawbridges.is_empty())
}

/// The moment a replay stopped at, in words, for `--turn`, `--final` and the default.
pub fn moment(turn: usize, turns: usize, final_scoring: bool) -> String {
    match (turn, final_scoring) {
        (0, false) => format!("the starting board, before turn 1 of {turns}"),
        (_, true) => format!("after the last turn ({turns}) and final scoring"),
        (t, false) if t == turns => format!("after turn {t} of {turns}, before final scoring"),
        (t, false) => format!("after turn {t} of {turns}"),
    }
}

/// A score in words: `1 point`, `-3 points`.
fn points(n: i32) -> String {
    format!("{n} point{}", if n == 1 { "" } else { "s" })
}

fn bounds(game: &Game) -> (i32, i32, i32, i32) {
    let xs = game.placed().iter().map(|p| p.pos.x);
    let ys = game.placed().iter().map(|p| p.pos.y);
    let (x0, x1) = (xs.clone().min().unwrap_or(0), xs.max().unwrap_or(0));
    let (y0, y1) = (ys.clone().min().unwrap_or(0), ys.max().unwrap_or(0));
    (x0, x1, y0, y1)
}
