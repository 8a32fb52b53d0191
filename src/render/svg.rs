//! The board as SVG: the title and the moment shown above it, a legend of what is on the
//! board and of each player's score and supply below.
//!
//! Drawn in layers over the whole board, so that a road or a city running over several
//! tiles is one shape without seams: fields, road casings, road surfaces, cities, the
//! things in tiles' centres, bridges, the expansions' pieces, then followers, each drawn
//! beside what it stands on and shaped by its role.
//!
//! Each field (the feature, over all its tiles) has one of a few close greens, and fields
//! that meet on a tile never the same one (`field_shades`), so that a road or a city is seen
//! to part two fields; a field's area on a tile is bounded by the road that parts it from
//! the next (`field_areas`).

use super::{
    castle_side, centre_kind, flier_arrow, german_castles, has_drawbridge, looks, placed_followers, road_hub,
    size_checked, Look, Role, Spot, View,
};
use crate::engine::features::SegId;
use crate::engine::{Game, Placed};
use crate::expansion::PieceAt;
use crate::geom::{Axis, Corner, Edge, Pos};
use crate::text::xml_text;
use crate::tile::{FeatureKind, Terrain};
use std::collections::{BTreeMap, BTreeSet};
use std::fmt::Write;

/// A tile's side in pixels.
const T: i32 = 72;
const H: i32 = T / 2;
const MARGIN: i32 = 30;
const FIELD: &str = FIELD_SHADES[0];
const FIELD_LINE: &str = "#6f9445";
const CITY: &str = "#d4a46a";
const CITY_LINE: &str = "#7a4b22";
const ROAD: &str = "#f3ead2";
const ROAD_LINE: &str = "#5b4a30";
/// The water of The River's tiles: a surface, as roads are.
const RIVER: &str = "#9cc2cf";

/// The colours of the land's symbols: earth tones, stone and sand, each far from every colour
/// a player may wear (`super::player_hues`), so that only a player's own pieces are read as
/// theirs at a glance (issue #37; a test measures the distance in the pictures drawn). The
/// tile's surfaces (fields, roads, cities) are the ground the pieces stand on, not symbols.
const BRIDGE: &str = "#603008";
const CASTLE: &str = "#605850";
const CLOISTER: &str = "#685048";
const PENNANT: &str = "#886800";
const BARN: &str = "#5a1808";
/// The stone of The Tower's towers.
const TOWER: &str = "#7a5c3a";
const BAZAAR: &str = "#a89060";
/// A flying machine's arrow (The Flying Machines): the stone grey of the castles.
const FLIER: &str = "#605850";
const SAND: &str = "#e0b898";
/// A follower on a castle wears a crown: a mark of its role, not of a player.
const CROWN_FILL: &str = BAZAAR;
/// A note on the board shown (the move that stopped the scenario): dark brown, no player's red.
const NOTE: &str = "#603008";
/// The page behind the board.
const PAGE: &str = "#fdfaf3";

/// A standing follower, about 17 x 19 pixels around (0, 0): a body, then a head.
const MEEPLE: &str = "M-2.6,-2.6 L-7.4,-1 Q-8.8,1.6 -6,1.9 L-3.6,1.6 L-6.2,7.8 Q-6.2,9.2 -4.8,9.2 L-1.2,9.2 \
Q0,6.4 1.2,9.2 L4.8,9.2 Q6.2,9.2 6.2,7.8 L3.6,1.6 L6,1.9 Q8.8,1.6 7.4,-1 L2.6,-2.6 Z \
M3.5,-5.6 A3.5,3.5 0 1 1 -3.5,-5.6 A3.5,3.5 0 1 1 3.5,-5.6 Z";
const CROWN: &str = "M-3.6,-9.5 L-3.6,-14 L-1.8,-11.8 L0,-15 L1.8,-11.8 L3.6,-14 L3.6,-9.5 Z";

/// The look of the legend's followers: outlines, nobody's.
const NOBODY: Look = Look { hue: super::Hue { word: "nobody", fill: "none", ansi: 250 }, mark: ' ' };

/// The outline of a figure filled with `fill`: light round a black one.
fn outline(fill: &str) -> &'static str {
    if fill == "#111111" {
        "#f5f5f5"
    } else {
        "#111"
    }
}

/// A follower's shape: standing, lying down (a farmer), sitting (a monk), crowned (on a castle);
/// a large follower a size bigger, a mayor taller, a wagon on a wheel; a phantom see-through,
/// its outline dashed; a follower laid as an abbot on its side.
fn follower(s: &mut String, x: i32, y: i32, role: Role, look: Look) {
    figure(s, x, y, role, look, crate::engine::Figure::Normal);
}

fn figure(s: &mut String, x: i32, y: i32, role: Role, look: Look, kind: crate::engine::Figure) {
    let ghost =
        if kind == crate::engine::Figure::Phantom { r#" fill-opacity="0.45" stroke-dasharray="2,1.2""# } else { "" };
    let pose = match role {
        Role::Farmer => " rotate(90)",
        Role::Monk => " scale(1.1,0.8)",
        _ => "",
    };
    let pose = match kind {
        crate::engine::Figure::Large => format!(" scale(1.35){pose}"),
        crate::engine::Figure::Mayor => format!(" scale(0.95,1.3){pose}"),
        // A follower laid as an abbot lies on its side.
        crate::engine::Figure::Prior => " rotate(-90) scale(0.9)".to_string(),
        // The abbot (The Abbot) is a taller, narrower figure.
        crate::engine::Figure::Abbot => format!(" scale(0.85,1.35){pose}"),
        // The ringmaster (Under the Big Top) is a little taller, wider at the top (his hat).
        crate::engine::Figure::Ringmaster => format!(" scale(1.05,1.2){pose}"),
        _ => pose.to_string(),
    };
    // The wagon stands on a wheel.
    let wheel = if kind == crate::engine::Figure::Wagon {
        r##"<circle class="role" cx="0" cy="9" r="3" fill="#8b5e34" stroke="#111" stroke-width="0.8"/>"##
    } else {
        ""
    };
    let stroke = outline(look.hue.fill);
    let _ = writeln!(
        s,
        r##"<g class="{}" transform="translate({x},{y}){pose}"><path d="{MEEPLE}" fill="{}" stroke="{stroke}" stroke-width="1"{ghost}/>{wheel}{}</g>"##,
        if look == NOBODY { "legend" } else { "player" },
        look.hue.fill,
        if matches!(role, Role::Castle(_)) {
            format!(r##"<path class="role" d="{CROWN}" fill="{CROWN_FILL}" stroke="#111" stroke-width="0.6"/>"##)
        } else {
            String::new()
        }
    );
    let ink = if look.hue.light() { "#111" } else { "#fff" };
    let _ = writeln!(
        s,
        r##"<text x="{x}" y="{}" font-size="7" font-weight="bold" text-anchor="middle" fill="{ink}">{}</text>"##,
        y + 3,
        xml_text(&look.mark.to_string())
    );
}

fn edge_mid(e: Edge) -> (i32, i32) {
    match e {
        Edge::N => (H, 0),
        Edge::E => (T, H),
        Edge::S => (H, T),
        Edge::W => (0, H),
    }
}

/// The unit step from an edge into the tile, and the step along it (clockwise).
fn inward(e: Edge) -> ((i32, i32), (i32, i32)) {
    match e {
        Edge::N => ((0, 1), (1, 0)),
        Edge::E => ((-1, 0), (0, 1)),
        Edge::S => ((0, -1), (-1, 0)),
        Edge::W => ((1, 0), (0, -1)),
    }
}

/// A point `d` pixels in from the middle of edge `e` and `side` pixels along it.
fn off_edge(e: Edge, d: i32, side: i32) -> (i32, i32) {
    let ((ix, iy), (sx, sy)) = inward(e);
    let (x, y) = edge_mid(e);
    (x + ix * d + sx * side, y + iy * d + sy * side)
}

/// The corner an edge starts from, going clockwise (N from the north-west).
fn start_corner(e: Edge) -> (i32, i32) {
    match e {
        Edge::N => (0, 0),
        Edge::E => (T, 0),
        Edge::S => (T, T),
        Edge::W => (0, T),
    }
}

fn corner_point(c: Corner) -> (i32, i32) {
    match c {
        Corner::NE => (T, 0),
        Corner::SE => (T, T),
        Corner::SW => (0, T),
        Corner::NW => (0, 0),
    }
}

/// A city segment's outline: along its edges, and curving inwards past the others so that
/// the fields beside it bulge in (a cap's curve, the diagonal of a corner city, the notch
/// of a three-sided city). Returns the closed shape and, apart, the curves (the city's
/// border with fields; its tile edges are not stroked, so a city over several tiles shows
/// no seams). A cap printed as a triangle is drawn as one.
fn city_path(edges: u8, semicircle: bool) -> (String, String) {
    if edges == 0b1111 {
        return (format!("M0,0 H{T} V{T} H0 Z"), String::new());
    }
    let city = |i: usize| edges & Edge::from_index(i % 4).bit() != 0;
    let Some(k) = (0..4).find(|&i| city(i) && !city(i + 3)) else { return (String::new(), String::new()) };
    let (sx, sy) = start_corner(Edge::from_index(k));
    let mut shape = format!("M{sx},{sy}");
    let mut border = String::new();
    let mut i = k;
    while i < k + 4 {
        if city(i) {
            let (x, y) = start_corner(Edge::from_index((i + 1) % 4));
            let _ = write!(shape, " L{x},{y}");
            i += 1;
            continue;
        }
        let run = (i..k + 4).take_while(|&j| !city(j)).count();
        let from = start_corner(Edge::from_index(i % 4));
        let to = start_corner(Edge::from_index((i + run) % 4));
        let curve = match run {
            1 => {
                // One field edge: the field bulges in a quarter of the way.
                let (mx, my) = edge_mid(Edge::from_index(i % 4));
                let (cx, cy) = (mx + (H - mx) * 11 / 10, my + (H - my) * 11 / 10);
                format!("Q{cx},{cy} {},{}", to.0, to.1)
            }
            2 => {
                // Two: the city is cut on a curve across the tile, bowing away from the corner between.
                let (qx, qy) = start_corner(Edge::from_index((i + 1) % 4));
                let (cx, cy) = (qx + (H - qx) * 6 / 10, qy + (H - qy) * 6 / 10);
                format!("Q{cx},{cy} {},{}", to.0, to.1)
            }
            _ if semicircle => {
                // A cap: the city edge's own curve reaching a third into the tile.
                let (mx, my) = edge_mid(Edge::from_index(k));
                let (cx, cy) = (mx + (H - mx) * 13 / 10, my + (H - my) * 13 / 10);
                format!("Q{cx},{cy} {},{}", to.0, to.1)
            }
            _ => {
                let (mx, my) = edge_mid(Edge::from_index(k));
                let (cx, cy) = (mx + (H - mx) * 7 / 10, my + (H - my) * 7 / 10);
                format!("L{cx},{cy} L{},{}", to.0, to.1)
            }
        };
        let _ = write!(shape, " {curve}");
        let _ = write!(border, "M{},{} {curve} ", from.0, from.1);
        i += run;
    }
    shape.push_str(" Z");
    (shape, border.trim_end().to_string())
}

/// A city cap on edge `own` that also touches the neighbouring edge `touched`, which another
/// city owns ([`crate::tile::Segment::touches`]): the cap's curve runs from the far end of
/// its edge to a point on the touched edge near the corner they share, so that it meets
/// that edge beside the other city (drawn after it, its border stroked between them). Edges
/// that share no corner: drawn as one city over both.
fn touching_city_path(own: Edge, touched: Edge) -> (String, String) {
    let (shared, far, other) = if touched.index() == (own.index() + 3) % 4 {
        (start_corner(own), start_corner(Edge::from_index((own.index() + 1) % 4)), start_corner(touched))
    } else if touched.index() == (own.index() + 1) % 4 {
        (start_corner(touched), start_corner(own), start_corner(Edge::from_index((touched.index() + 1) % 4)))
    } else {
        return city_path(own.bit() | touched.bit(), false);
    };
    // A third of the way along the touched edge from the shared corner.
    let (px, py) = (shared.0 + (other.0 - shared.0) * 3 / 10, shared.1 + (other.1 - shared.1) * 3 / 10);
    let (mx, my) = edge_mid(own);
    let (cx, cy) = (mx + (H - mx) * 13 / 10, my + (H - my) * 13 / 10);
    let curve = format!("Q{cx},{cy} {},{}", far.0, far.1);
    (format!("M{},{} L{},{} L{px},{py} {curve} Z", far.0, far.1, shared.0, shared.1), format!("M{px},{py} {curve}"))
}

/// A road segment's line on its tile: straight across, a curve between two neighbouring
/// edges (around the city when one fills the centre), or from its edge to the centre, where
/// it ends at a crossing, a cloister or a city gate.
fn road_path(game: &Game, p: &Placed, edges: u8) -> String {
    let ends: Vec<Edge> = Edge::ALL.into_iter().filter(|e| edges & e.bit() != 0).collect();
    match ends[..] {
        [a, b] => {
            let (ax, ay) = edge_mid(a);
            format!("M{ax},{ay} {}", road_between(game, p, a, b))
        }
        [a] => {
            let (ax, ay) = edge_mid(a);
            // A lone road end on a tile with a city gate opposite runs on to the city.
            let gate = road_hub(game, p).count_ones() == 1
                && centre_kind(game, p).is_none()
                && game.edge_terrain(p, a.opposite()) == Terrain::City;
            let (bx, by) = if gate { off_edge(a.opposite(), T / 4, 0) } else { (H, H) };
            format!("M{ax},{ay} L{bx},{by}")
        }
        _ => String::new(),
    }
}

/// The line of a road from the middle of edge `a` to the middle of edge `b` of its tile, as
/// path commands from `a` on: straight across, a quarter turn through the tile, or one
/// hugging the corner the two edges share when a city fills the middle.
fn road_between(game: &Game, p: &Placed, a: Edge, b: Edge) -> String {
    let (bx, by) = edge_mid(b);
    if a.opposite() == b {
        return format!("L{bx},{by}");
    }
    if centre_kind(game, p) == Some(FeatureKind::City) {
        // Around the city that fills the middle: a quarter turn hugging the corner
        // the two road edges share, leaving each edge square on.
        let step = |e: Edge| {
            let ((dx, dy), _) = inward(e);
            let (x, y) = edge_mid(e);
            (x + dx * T / 4, y + dy * T / 4)
        };
        let ((c1x, c1y), (c2x, c2y)) = (step(a), step(b));
        return format!("C{c1x},{c1y} {c2x},{c2y} {bx},{by}");
    }
    format!("Q{H},{H} {bx},{by}")
}

/// The shades fields are drawn in: close greens, the first the most common.
const FIELD_SHADES: [&str; 4] = ["#9cc46a", "#b4d17e", "#86b35b", "#c5dc96"];

/// The shade of each field on the board, by its feature (`Game::feature_of` of any of its
/// segments): one shade over all its tiles, and no two fields that meet on a tile (across a
/// road, or on the two sides of a city) in the same one; fields on neighbouring tiles are
/// kept apart too where the shades allow. The fields spanning most tiles choose first, so
/// that the great fields take the first shade.
pub fn field_shades(game: &Game) -> BTreeMap<SegId, &'static str> {
    let tiles: BTreeMap<Pos, BTreeSet<SegId>> = game
        .placed()
        .iter()
        .map(|p| {
            let def = game.def(p.kind);
            let fields = (0..def.segments.len())
                .filter(|&l| def.segments[l].kind == FeatureKind::Field)
                .filter_map(|l| game.segment_at(p.pos, l))
                .map(|seg| game.feature_of(seg))
                .collect();
            (p.pos, fields)
        })
        .collect();
    let mut meet: BTreeMap<SegId, BTreeSet<SegId>> = BTreeMap::new();
    let mut near: BTreeMap<SegId, BTreeSet<SegId>> = BTreeMap::new();
    let mut size: BTreeMap<SegId, usize> = BTreeMap::new();
    for (pos, fields) in &tiles {
        for &f in fields {
            *size.entry(f).or_default() += 1;
            meet.entry(f).or_default().extend(fields.iter().filter(|g| **g != f));
            for q in pos.ring() {
                let Some(around) = tiles.get(&q) else { continue };
                near.entry(f).or_default().extend(around.iter().filter(|g| **g != f));
            }
        }
    }
    let mut order: Vec<SegId> = size.keys().copied().collect();
    order.sort_by_key(|f| (std::cmp::Reverse(size[f]), *f));
    let mut shade: BTreeMap<SegId, usize> = BTreeMap::new();
    for &f in &order {
        let count = |of: &BTreeMap<SegId, BTreeSet<SegId>>, c: usize| {
            of.get(&f).map_or(0, |gs| gs.iter().filter(|g| shade.get(g) == Some(&c)).count())
        };
        let best = (0..FIELD_SHADES.len()).min_by_key(|&c| (count(&meet, c), count(&near, c), c)).unwrap_or(0);
        shade.insert(f, best);
    }
    let clash = meet.iter().any(|(f, gs)| gs.iter().any(|g| shade.get(g) == shade.get(f)));
    if clash {
        // The greedy choice left two meeting fields in one shade: search for shades where
        // none do (the greedy choice is the search's first path, so it is kept wherever it
        // works); within a bound, else the greedy shades stand.
        if let Some(found) = shades_apart(&order, &meet, &near) {
            shade = order.iter().copied().zip(found).collect();
        }
    }
    shade.into_iter().map(|(f, c)| (f, FIELD_SHADES[c])).collect()
}

/// How many choices [`shades_apart`] tries before it gives up.
const SHADE_SEARCH_STEPS: usize = 100_000;

/// A shade for each field of `order` (in that order) such that no two fields that `meet`
/// share one: a depth-first search taking the fields in `order`, each trying first the
/// shades the fewest `near` fields already have; `None` when there is none, or none found
/// within [`SHADE_SEARCH_STEPS`] choices.
fn shades_apart(
    order: &[SegId],
    meet: &BTreeMap<SegId, BTreeSet<SegId>>,
    near: &BTreeMap<SegId, BTreeSet<SegId>>,
) -> Option<Vec<usize>> {
    let index: BTreeMap<SegId, usize> = order.iter().enumerate().map(|(i, f)| (*f, i)).collect();
    let earlier = |of: &BTreeMap<SegId, BTreeSet<SegId>>, i: usize| -> Vec<usize> {
        of.get(&order[i])
            .map_or(Vec::new(), |gs| gs.iter().filter_map(|g| index.get(g)).copied().filter(|&j| j < i).collect())
    };
    let (meets, nears): (Vec<Vec<usize>>, Vec<Vec<usize>>) =
        (0..order.len()).map(|i| (earlier(meet, i), earlier(near, i))).unzip();
    let mut chosen = vec![0usize; order.len()];
    // The shades still to try for each field entered so far, the best last; the field's
    // chosen shade is taken from its list.
    let mut left: Vec<Vec<usize>> = Vec::with_capacity(order.len());
    let mut steps = 0;
    loop {
        let i = left.len();
        if i == order.len() {
            return Some(chosen);
        }
        // Field i: the shades no earlier field that meets it has, the fewest near first.
        let mut options: Vec<usize> =
            (0..FIELD_SHADES.len()).filter(|c| meets[i].iter().all(|&j| chosen[j] != *c)).collect();
        options.sort_by_key(|&c| std::cmp::Reverse((nears[i].iter().filter(|&&j| chosen[j] == c).count(), c)));
        left.push(options);
        // The deepest field takes its next shade; a field with none left steps back.
        loop {
            steps += 1;
            if steps > SHADE_SEARCH_STEPS {
                return None;
            }
            let depth = left.len().checked_sub(1)?;
            match left[depth].pop() {
                Some(c) => {
                    chosen[depth] = c;
                    break;
                }
                None => {
                    left.pop();
                }
            }
        }
    }
}

/// The points around a tile's rim, clockwise from its north-west corner: half-edge `i`
/// (`NL NR EL ER SL SR WL WR`) runs from point `i` to point `i + 1`; the odd points are the
/// edges' middles.
const RIM: [(i32, i32); 8] = [(0, 0), (H, 0), (T, 0), (T, H), (T, T), (H, T), (0, T), (0, H)];

/// Each field of a tile (its printed segment) and the area it covers on the picture, as a
/// path; the largest first, as a square to draw the others over.
///
/// A field holds its half-edges of the rim; the rim under a city goes half to the field
/// before it and half to the one after (the city is drawn over it). Between two fields the
/// boundary is the road that parts them (its own curve), or else a line through the centre,
/// where the roads of a crossing meet.
fn field_areas(game: &Game, p: &Placed) -> Vec<(usize, String)> {
    let def = game.def(p.kind);
    let mut owner: [Option<usize>; 8] = std::array::from_fn(|i| {
        def.segment_on_half(p.rotation, crate::geom::Half(i as u8))
            .filter(|&l| def.segments[l].kind == FeatureKind::Field)
    });
    let Some(first) = (0..8).find(|&i| owner[i].is_some()) else { return Vec::new() };
    // The rim under cities: a run of half-edges without a field, split between its neighbours.
    let mut i = first;
    while i < first + 8 {
        if owner[i % 8].is_some() {
            i += 1;
            continue;
        }
        let run = (i..first + 8).take_while(|&j| owner[j % 8].is_none()).count();
        let (before, after) = (owner[(i + 7) % 8], owner[(i + run) % 8]);
        for k in 0..run {
            owner[(i + k) % 8] = if k < run / 2 { before } else { after };
        }
        i += run;
    }
    let owner: [usize; 8] = owner.map(|o| o.unwrap_or(0));
    let Some(start) = (0..8).find(|&i| owner[i] != owner[(i + 7) % 8]) else {
        return vec![(owner[0], format!("M0,0 H{T} V{T} H0 Z"))];
    };
    let mut areas: Vec<(usize, usize, String)> = Vec::new();
    let mut i = start;
    while i < start + 8 {
        let run = (i..start + 8).take_while(|&j| owner[j % 8] == owner[i % 8]).count();
        let (from, to) = (i % 8, (i + run) % 8);
        let mut d = format!("M{},{}", RIM[from].0, RIM[from].1);
        for k in 1..=run {
            let (x, y) = RIM[(i + k) % 8];
            let _ = write!(d, " L{x},{y}");
        }
        // Back from the run's end to its start: along the road between, if one runs from
        // the one edge's middle to the other's.
        let mid_edge = |k: usize| (k % 2 == 1).then(|| Edge::from_index(k / 2));
        let road = mid_edge(to).zip(mid_edge(from)).filter(|(a, b)| {
            def.segments
                .iter()
                .any(|s| s.kind == FeatureKind::Road && p.rotation.edge_mask(s.edges) == a.bit() | b.bit())
        });
        match road {
            Some((a, b)) => {
                let _ = write!(d, " {}", road_between(game, p, a, b));
            }
            None => {
                let _ = write!(d, " L{H},{H}");
            }
        }
        d.push_str(" Z");
        areas.push((run, owner[i % 8], d));
        i += run;
    }
    // A field may hold more than one run of the rim: its size is all of them.
    let size = |f: usize| areas.iter().filter(|a| a.1 == f).map(|a| a.0).sum::<usize>();
    let biggest = areas.iter().map(|a| a.1).max_by_key(|&f| (size(f), std::cmp::Reverse(f))).unwrap_or(0);
    let mut out = vec![(biggest, format!("M0,0 H{T} V{T} H0 Z"))];
    out.extend(areas.into_iter().filter(|a| a.1 != biggest).map(|(_, f, d)| (f, d)));
    out
}

/// The board as an SVG picture, with a legend; refused past [`super::MAX_SQUARES`].
/// Well-formed XML whatever the title and names hold.
pub fn svg(game: &Game, title: &str) -> Result<String, super::TooLarge> {
    svg_view(game, &View::titled(title))
}

/// What the legend lists: the board's things in a fixed order, each once.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
enum Item {
    Field,
    /// Several fields, in their shades.
    Fields,
    City,
    Pennant,
    Road,
    /// The water of The River's tiles.
    River,
    Crossing,
    Cloister,
    Castle,
    Bazaar,
    Bridge,
    Barn,
    Drawbridge,
    Pig,
    Builder,
    Tower,
    /// A flying machine's arrow.
    Flier,
    /// A piece with no drawing of its own, by its name.
    Other(&'static str),
}

/// [`svg`] under a caption: the title, the moment shown and a note.
pub fn svg_view(game: &Game, view: &View) -> Result<String, super::TooLarge> {
    let header = 34 + if view.moment.is_some() { 18 } else { 0 } + if view.note.is_some() { 18 } else { 0 };
    let players = game.players().len() as i32;
    let legend_h = 30 + 24 + 22 * players;
    let size = |cols: i64, rows: i64| {
        // Wide enough for the legend and the title, however small the board.
        let words = view.title.chars().count().max(view.note.as_ref().map_or(0, |n| n.chars().count() * 7 / 10)) as i64;
        let w = (cols * T as i64 + 2 * MARGIN as i64).max(640).max(words * 10 + 2 * MARGIN as i64);
        (w, header as i64 + 20 + rows * T as i64 + legend_h as i64 + 2 * MARGIN as i64)
    };
    size_checked(game, |cols, rows| {
        let (w, h) = size(cols as i64, rows as i64);
        format!("{w} x {h} pixels")
    })?;
    let (x0, x1, y0, y1) = super::bounds(game);
    let wide = i32::from(view.free_squares);
    let (x0, x1, y0, y1) = (x0 - wide, x1 + wide, y0 - wide, y1 + wide);
    let (cols, rows) = (x1 - x0 + 1, y1 - y0 + 1);
    let (w, h) = size(cols as i64, rows as i64);
    let top = header + 20;
    let origin = |p: Pos| (MARGIN + (p.x - x0) * T, top + (y1 - p.y) * T);
    let looks = looks(game, false);
    let mut items: Vec<Item> = Vec::new();
    let mut s = String::new();
    let _ = writeln!(
        s,
        r#"<svg xmlns="http://www.w3.org/2000/svg" width="{w}" height="{h}" viewBox="0 0 {w} {h}" font-family="sans-serif">"#
    );
    let _ = writeln!(s, r#"<title>{}</title>"#, xml_text(&view.title));
    let _ = writeln!(s, r##"<rect class="page" width="{w}" height="{h}" fill="{PAGE}"/>"##);
    let _ = writeln!(
        s,
        r##"<text x="{MARGIN}" y="26" font-size="17" font-weight="bold" fill="#222">{}</text>"##,
        xml_text(&view.title)
    );
    let mut line = 26;
    if let Some(m) = &view.moment {
        line += 18;
        let _ = writeln!(s, r##"<text x="{MARGIN}" y="{line}" font-size="13" fill="#444">{}</text>"##, xml_text(m));
    }
    if let Some(n) = &view.note {
        line += 18;
        let _ = writeln!(s, r##"<text x="{MARGIN}" y="{line}" font-size="13" fill="{NOTE}">{}</text>"##, xml_text(n));
    }
    for x in x0..=x1 {
        let _ = writeln!(
            s,
            r##"<text x="{}" y="{}" font-size="11" text-anchor="middle" fill="#666">{x}</text>"##,
            MARGIN + (x - x0) * T + H,
            top - 6
        );
    }
    for y in y0..=y1 {
        let _ = writeln!(
            s,
            r##"<text x="{}" y="{}" font-size="11" text-anchor="end" fill="#666">{y}</text>"##,
            MARGIN - 5,
            top + (y1 - y) * T + H + 4
        );
    }
    // Fields: each tile's fields in their feature's shade, then the tile edged thinly.
    let shades = field_shades(game);
    for p in game.placed() {
        let (ox, oy) = origin(p.pos);
        let shade = |local: usize| {
            game.segment_at(p.pos, local).and_then(|seg| shades.get(&game.feature_of(seg)).copied()).unwrap_or(FIELD)
        };
        let areas = field_areas(game, p);
        let under = areas.first().map_or(FIELD, |(local, _)| shade(*local));
        if areas.len() <= 1 {
            let _ = writeln!(
                s,
                r##"<rect class="field" x="{ox}" y="{oy}" width="{T}" height="{T}" fill="{under}" stroke="{FIELD_LINE}" stroke-width="0.6"/>"##
            );
        } else {
            let _ = writeln!(s, r##"<g class="field" transform="translate({ox},{oy})">"##);
            let _ = writeln!(s, r##"<rect width="{T}" height="{T}" fill="{under}"/>"##);
            for (local, d) in &areas[1..] {
                let _ = writeln!(s, r##"<path d="{d}" fill="{}"/>"##, shade(*local));
            }
            let _ = writeln!(
                s,
                r##"<rect width="{T}" height="{T}" fill="none" stroke="{FIELD_LINE}" stroke-width="0.6"/>"##
            );
            let _ = writeln!(s, "</g>");
        }
        if game.def(p.kind).walled() {
            // An abbey: its sides are walls, drawn in the cloister's stone.
            let (x, y, w) = (ox + 2, oy + 2, T - 4);
            let _ = writeln!(
                s,
                r##"<rect class="wall" x="{x}" y="{y}" width="{w}" height="{w}" fill="none" stroke="{CLOISTER}" stroke-width="3"/>"##
            );
        }
    }
    match shades.len() {
        0 => {}
        1 => items.push(Item::Field),
        _ => items.push(Item::Fields),
    }
    // Rivers (The River): one band of water across their tiles, under the roads that bridge them.
    let rivers: Vec<(Pos, String)> = game
        .placed()
        .iter()
        .flat_map(|p| {
            game.def(p.kind)
                .rivers
                .iter()
                .map(|m| (p.pos, road_path(game, p, p.rotation.edge_mask(*m))))
                .collect::<Vec<_>>()
        })
        .collect();
    if !rivers.is_empty() {
        items.push(Item::River);
        let _ = writeln!(
            s,
            r##"<g class="ground" fill="none" stroke="{RIVER}" stroke-width="12" stroke-linejoin="round" stroke-linecap="butt">"##
        );
        for (pos, d) in &rivers {
            let (ox, oy) = origin(*pos);
            let _ = writeln!(s, r##"<path transform="translate({ox},{oy})" d="{d}"/>"##);
        }
        let _ = writeln!(s, "</g>");
    }
    // Roads: all casings, then all surfaces, so that a road is one band across its tiles.
    let roads: Vec<(Pos, String)> = game
        .placed()
        .iter()
        .flat_map(|p| {
            let def = game.def(p.kind);
            def.segments
                .iter()
                .filter(|s| s.kind == FeatureKind::Road)
                .map(|s| (p.pos, road_path(game, p, p.rotation.edge_mask(s.edges))))
                .collect::<Vec<_>>()
        })
        .collect();
    if !roads.is_empty() {
        items.push(Item::Road);
    }
    for (width, colour) in [(11, ROAD_LINE), (7, ROAD)] {
        let _ = writeln!(
            s,
            r##"<g class="road" fill="none" stroke="{colour}" stroke-width="{width}" stroke-linejoin="round" stroke-linecap="butt">"##
        );
        for (pos, d) in &roads {
            let (ox, oy) = origin(*pos);
            let _ = writeln!(s, r##"<path transform="translate({ox},{oy})" d="{d}"/>"##);
        }
        let _ = writeln!(s, "</g>");
    }
    for p in game.placed() {
        let (ox, oy) = origin(p.pos);
        let _ = writeln!(s, r##"<g transform="translate({ox},{oy})">"##);
        draw_tile(&mut s, game, p, &mut items);
        let _ = writeln!(s, "</g>");
    }
    // German castles, over the edge between their two squares.
    let castles = german_castles(game);
    for [a, b] in &castles {
        let ((ax, ay), (bx, by)) = (origin(*a), origin(*b));
        german_castle(&mut s, (ax + bx) / 2 + H, (ay + by) / 2 + H, a.x == b.x);
        items.push(Item::Castle);
    }
    // Bridges: a road on its own deck across the tile.
    for a in game.added_segments() {
        let (ox, oy) = origin(game.placed()[a.placed as usize].pos);
        let (x1, y1, x2, y2) = if a.edges == Axis::NS.mask() { (H, 0, H, T) } else { (0, H, T, H) };
        let _ = writeln!(
            s,
            r##"<g transform="translate({ox},{oy})" stroke-linecap="butt" opacity="0.8"><line x1="{x1}" y1="{y1}" x2="{x2}" y2="{y2}" stroke="{BRIDGE}" stroke-width="15"/><line class="road" x1="{x1}" y1="{y1}" x2="{x2}" y2="{y2}" stroke="{ROAD}" stroke-width="7"/></g>"##
        );
        items.push(Item::Bridge);
    }
    // Pieces the expansions have on the board: castles on towns (over the edge between
    // their two tiles, or on the town's edge), barns on the corner where four tiles meet.
    for piece in game.pieces() {
        let (x, y) = match piece.at {
            PieceAt::Tile(p) => {
                let (ox, oy) = origin(p);
                let town = game
                    .tile_at(p)
                    .and_then(|t| Edge::ALL.into_iter().find(|e| game.edge_terrain(t, *e) == Terrain::City));
                let (dx, dy) = town.map_or((H, H), |e| off_edge(e, 13, -12));
                (ox + dx, oy + dy)
            }
            PieceAt::Between(a, b) => {
                let ((ax, ay), (bx, by)) = (origin(a), origin(b));
                ((ax + bx) / 2 + H, (ay + by) / 2 + H)
            }
            PieceAt::Corner(p, c) => {
                let (ox, oy) = origin(p);
                let (dx, dy) = corner_point(c);
                (ox + dx, oy + dy)
            }
        };
        // A player's own piece wears its owner's colour; the land's, the land's.
        let owner = piece.owner.map(|o| looks.get(o.index()).map_or("#111", |l| l.hue.fill));
        match (piece.what, owner) {
            ("barn", None) => {
                barn(&mut s, x, y);
                items.push(Item::Barn);
            }
            ("castle", None) => {
                tower(&mut s, x, y, 14);
                items.push(Item::Castle);
            }
            ("pig", Some(fill)) => {
                // Inside its field's corner, nearer the corner than a farmer lies.
                let (x, y) = match piece.at {
                    PieceAt::Corner(p, c) => {
                        let (ox, oy) = origin(p);
                        let (cx, cy) = corner_point(c);
                        (ox + cx + (H - cx) * 2 / 9, oy + cy + (H - cy) * 2 / 9)
                    }
                    _ => (x, y),
                };
                pig(&mut s, x, y, fill);
                items.push(Item::Pig);
            }
            // On its tile, left of where a follower in the centre stands.
            ("builder", Some(fill)) => {
                let (x, y) = match piece.at {
                    PieceAt::Tile(p) => (origin(p).0 + H - 13, origin(p).1 + H + 13),
                    _ => (x, y),
                };
                builder(&mut s, x, y, fill);
                items.push(Item::Builder);
            }
            // Up and right of the centre, its height written on it.
            ("tower", None) => {
                let (x, y) = match piece.at {
                    PieceAt::Tile(p) => (origin(p).0 + H + 14, origin(p).1 + H - 14),
                    _ => (x, y),
                };
                stone_tower(&mut s, x, y, piece.height);
                items.push(Item::Tower);
            }
            // A piece these pictures have no drawing of is still shown, and named in the legend.
            (what, owner) => {
                other_piece(&mut s, x, y, owner.unwrap_or(SAND), owner.is_some());
                items.push(Item::Other(what));
            }
        }
    }
    // Followers on top, each beside what it stands on.
    let mut roles: Vec<Role> = Vec::new();
    // The kinds of figure other than a normal follower on the board, each named once below.
    let mut kinds: Vec<crate::engine::Figure> = Vec::new();
    for (player, pos, role, spot, kind) in placed_followers(game) {
        let (ox, oy) = origin(pos);
        let p = game.tile_at(pos);
        let (dx, dy) = match spot {
            Spot::Edge(e) if role == Role::Thief => off_edge(e, 17, 11),
            Spot::Edge(e) => off_edge(e, 13, 13),
            Spot::Corner(c) => {
                let (cx, cy) = corner_point(c);
                (cx + (H - cx) * 4 / 9, cy + (H - cy) * 4 / 9)
            }
            // On a German castle: below the middle of its wall, or beside it.
            Spot::Centre if matches!(role, Role::Castle(_)) && castle_side(&castles, pos).is_some() => {
                let e = castle_side(&castles, pos).unwrap_or(Edge::E);
                let (mx, my) = edge_mid(e);
                if matches!(e, Edge::E | Edge::W) {
                    (mx, my + 25)
                } else {
                    (mx + 22, my + 4)
                }
            }
            Spot::Centre if p.is_some_and(|p| centre_kind(game, p).is_some()) => (H + 14, H + 11),
            Spot::Centre => (H + 13, H + 13),
        };
        let look = looks.get(player).copied().unwrap_or(looks[0]);
        figure(&mut s, ox + dx, oy + dy, role, look, kind);
        roles.push(role);
        if kind != crate::engine::Figure::Normal && !kinds.contains(&kind) {
            kinds.push(kind);
        }
    }
    if view.free_squares {
        // The page's targets: each placed tile (to stand a piece on it in position mode), then
        // each free square.
        for p in game.placed() {
            let (x, y) = origin(p.pos);
            let _ = writeln!(
                s,
                r##"<rect class="placed" data-at="{},{}" x="{x}" y="{y}" width="{T}" height="{T}" fill="none" pointer-events="all"/>"##,
                p.pos.x, p.pos.y
            );
        }
        for q in game.free_squares() {
            let (x, y) = origin(q);
            let _ = writeln!(
                s,
                r##"<rect class="free" data-at="{},{}" x="{}" y="{}" width="{}" height="{}" fill="none" pointer-events="all" stroke="#9a9a9a" stroke-dasharray="4,3"><title>{q}</title></rect>"##,
                q.x,
                q.y,
                x + 2,
                y + 2,
                T - 4,
                T - 4
            );
        }
    }
    // Legend: only what is on the board.
    let mut ly = top + rows * T + 30;
    items.sort();
    items.dedup();
    let mut lx = MARGIN;
    for item in &items {
        let label = legend_swatch(&mut s, *item, lx, ly);
        let _ = writeln!(s, r##"<text x="{}" y="{}" font-size="12" fill="#333">{label}</text>"##, lx + 20, ly + 4);
        lx += 28 + 7 * label.len() as i32;
        if i64::from(lx) > w - 110 {
            lx = MARGIN;
            ly += 22;
        }
    }
    roles.sort();
    roles.dedup();
    ly += 26;
    let mut lx = MARGIN;
    for role in &roles {
        let label = match role {
            Role::Castle(name) => format!("{name} on a castle"),
            _ => role.word().to_string(),
        };
        let width = 34 + 7 * label.len() as i32;
        if lx > MARGIN && i64::from(lx + width) > w - 30 {
            lx = MARGIN;
            ly += 22;
        }
        follower(&mut s, lx + 6, ly, *role, NOBODY);
        let _ = writeln!(s, r##"<text x="{}" y="{}" font-size="12" fill="#333">{label}</text>"##, lx + 18, ly + 4);
        lx += width;
    }
    kinds.sort_by_key(|k| crate::engine::Figure::ALL.iter().position(|f| f == k));
    for kind in &kinds {
        // Each figure's look, named once (a large follower bigger, a mayor taller, a wagon on
        // its wheel, a phantom see-through).
        let label = kind.as_str();
        let width = 34 + 7 * label.len() as i32;
        if lx > MARGIN && i64::from(lx + width) > w - 30 {
            lx = MARGIN;
            ly += 22;
        }
        figure(&mut s, lx + 6, ly, Role::Knight, NOBODY, *kind);
        let _ = writeln!(s, r##"<text x="{}" y="{}" font-size="12" fill="#333">{label}</text>"##, lx + 18, ly + 4);
        lx += width;
    }
    if roles.is_empty() && kinds.is_empty() {
        ly -= 22;
    }
    for (i, (pl, look)) in game.players().iter().zip(&looks).enumerate() {
        let held = game.standing(crate::score::PlayerId(i as u8));
        ly += 24;
        follower(&mut s, MARGIN + 6, ly, Role::Knight, *look);
        let _ = writeln!(
            s,
            r##"<text x="{}" y="{}" font-size="13" fill="#222">{} — {}, {}{}</text>"##,
            MARGIN + 20,
            ly + 5,
            xml_text(&pl.name),
            super::points(pl.score),
            super::supply_words(pl),
            held.iter().map(|w| format!(", {}", xml_text(w))).collect::<String>()
        );
    }
    s.push_str("</svg>\n");
    Ok(s)
}

/// A small swatch of a legend item at (x, y) (its middle left); returns its words.
fn legend_swatch(s: &mut String, item: Item, x: i32, y: i32) -> &'static str {
    // `class`: what the swatch shows, the ground (fields, cities, roads) or a symbol (`land`).
    let swatch = |s: &mut String, class: &str, fill: &str, stroke: &str| {
        let _ = writeln!(
            s,
            r##"<rect class="{class}" x="{x}" y="{}" width="14" height="14" fill="{fill}" stroke="{stroke}"/>"##,
            y - 7
        );
    };
    match item {
        Item::Field => {
            swatch(s, "ground", FIELD, FIELD_LINE);
            "field"
        }
        Item::Fields => {
            let _ = writeln!(
                s,
                r##"<g class="ground"><path d="M{x},{} h14 v14 h-14 Z" fill="{}"/><path d="M{},{} h7 v14 h-14 Z" fill="{}"/><rect x="{x}" y="{}" width="14" height="14" fill="none" stroke="{FIELD_LINE}"/></g>"##,
                y - 7,
                FIELD_SHADES[0],
                x + 7,
                y - 7,
                FIELD_SHADES[1],
                y - 7
            );
            "fields, shaded apart"
        }
        Item::City => {
            swatch(s, "ground", CITY, CITY_LINE);
            "city"
        }
        Item::Pennant => {
            pennant(s, x + 7, y);
            "pennant"
        }
        Item::Road => {
            let _ = writeln!(
                s,
                r##"<g class="ground"><line x1="{x}" y1="{y}" x2="{}" y2="{y}" stroke="{ROAD_LINE}" stroke-width="8"/><line x1="{x}" y1="{y}" x2="{}" y2="{y}" stroke="{ROAD}" stroke-width="5"/></g>"##,
                x + 14,
                x + 14
            );
            "road"
        }
        Item::River => {
            let _ = writeln!(
                s,
                r##"<g class="ground"><line x1="{x}" y1="{y}" x2="{}" y2="{y}" stroke="{RIVER}" stroke-width="8"/></g>"##,
                x + 14
            );
            "river"
        }
        Item::Crossing => {
            village(s, x + 7, y);
            "crossing"
        }
        Item::Cloister => {
            cloister(s, x + 7, y);
            "cloister"
        }
        Item::Castle => {
            tower(s, x + 7, y, 14);
            "castle"
        }
        Item::Bazaar => {
            let _ = writeln!(s, r##"<circle cx="{}" cy="{y}" r="7" fill="{BAZAAR}" stroke="#3b2410"/>"##, x + 7);
            "bazaar"
        }
        Item::Bridge => {
            swatch(s, "land", BRIDGE, "#3b2410");
            "bridge"
        }
        Item::Barn => {
            barn(s, x + 7, y);
            "barn"
        }
        Item::Drawbridge => {
            drawbridge(s, x + 7, y);
            "drawbridge"
        }
        // A player's pieces in the legend are outlines: they are nobody's.
        Item::Pig => {
            pig(s, x + 7, y, "none");
            "pig (in its owner's colour)"
        }
        Item::Builder => {
            builder(s, x + 7, y, "none");
            "builder (in its owner's colour)"
        }
        Item::Tower => {
            stone_tower(s, x + 7, y, 1);
            "tower (the number: its height)"
        }
        Item::Flier => {
            arrow(s, x + 7, y, (1, 0));
            "flying machine (the way a follower launched flies)"
        }
        Item::Other(what) => {
            other_piece(s, x + 7, y, "none", false);
            what
        }
    }
}

/// A pig: a body, a snout and an ear, in its owner's colour (`none` for an outline).
fn pig(s: &mut String, x: i32, y: i32, fill: &str) {
    let _ = writeln!(
        s,
        r##"<g class="player" stroke="{}" stroke-width="1"><ellipse cx="{x}" cy="{y}" rx="7" ry="5" fill="{fill}"/><ellipse cx="{}" cy="{y}" rx="2" ry="2.5" fill="{fill}"/><path d="M{} {} l2 -4 l2 4" fill="{fill}"/></g>"##,
        outline(fill),
        x + 7,
        x - 5,
        y - 4
    );
}

/// A builder: a tall figure, a skittle, in its owner's colour (`none` for an outline).
fn builder(s: &mut String, x: i32, y: i32, fill: &str) {
    let _ = writeln!(
        s,
        r##"<g class="player" stroke="{}" stroke-width="1"><path d="M{} {} L{} {} L{} {} L{} {} Z" fill="{fill}"/><circle cx="{x}" cy="{}" r="3.5" fill="{fill}"/></g>"##,
        outline(fill),
        x - 5,
        y + 8,
        x - 3,
        y - 2,
        x + 3,
        y - 2,
        x + 5,
        y + 8,
        y - 6
    );
}

/// A piece these pictures have no drawing of: a diamond, in its owner's colour if it has one
/// (`owned`), else in the land's sand.
fn other_piece(s: &mut String, x: i32, y: i32, fill: &str, owned: bool) {
    let _ = writeln!(
        s,
        r##"<path class="{}" d="M{x} {} l6 6 l-6 6 l-6 -6 Z" fill="{fill}" stroke="{}"/>"##,
        if owned { "player" } else { "land" },
        y - 6,
        outline(fill)
    );
}

fn pennant(s: &mut String, x: i32, y: i32) {
    let _ = writeln!(
        s,
        r##"<path d="M{} {} h10 v7 q0 4 -5 6 q-5 -2 -5 -6 z" fill="{PENNANT}" stroke="#1c1008" stroke-width="0.8"/>"##,
        x - 5,
        y - 6
    );
}

fn cloister(s: &mut String, x: i32, y: i32) {
    let _ = writeln!(
        s,
        r##"<path d="M{} {} h20 v-10 l-10 -7 l-10 7 z" fill="{CLOISTER}" stroke="#1c1008"/><path d="M{x} {} v-7 M{} {} h5" stroke="{SAND}" stroke-width="1.4"/>"##,
        x - 10,
        y + 8,
        y + 6,
        x - 2,
        y + 2
    );
}

/// A German castle over the edge two squares share, its middle at (x, y): a tower on each
/// square, a wall between them (`vertical`: one square above the other).
fn german_castle(s: &mut String, x: i32, y: i32, vertical: bool) {
    let _ = writeln!(s, r##"<g class="castle">"##);
    let mut merlons = String::new();
    if vertical {
        let _ = writeln!(
            s,
            r##"<rect x="{}" y="{}" width="16" height="{}" fill="{CASTLE}" stroke="#111"/>"##,
            x - 8,
            y - H + 12,
            T - 24
        );
        for i in 0..6 {
            let top = y - H + 12 + 8 * i + 2;
            let _ = write!(merlons, "M{},{top} h-3 v4 h3 M{},{top} h3 v4 h-3 ", x - 8, x + 8);
        }
        let _ = writeln!(s, r##"<path d="{}" fill="{CASTLE}" stroke="#111"/>"##, merlons.trim_end());
        tower(s, x, y - 24, 22);
        tower(s, x, y + 24, 22);
    } else {
        let _ = writeln!(
            s,
            r##"<rect x="{}" y="{}" width="{}" height="16" fill="{CASTLE}" stroke="#111"/>"##,
            x - H + 12,
            y - 5,
            T - 24
        );
        for i in 0..6 {
            let _ = write!(merlons, "M{},{} v-3 h4 v3 ", x - H + 12 + 8 * i + 2, y - 5);
        }
        let _ = writeln!(s, r##"<path d="{}" fill="{CASTLE}" stroke="#111"/>"##, merlons.trim_end());
        let _ = writeln!(s, r##"<path d="M{},{} v-6 a4,4 0 0 1 8,0 v6 Z" fill="{BRIDGE}"/>"##, x - 4, y + 11);
        tower(s, x - 24, y, 22);
        tower(s, x + 24, y, 22);
    }
    let _ = writeln!(s, "</g>");
}

/// A castle tower `size` pixels across, centred on (x, y).
fn tower(s: &mut String, x: i32, y: i32, size: i32) {
    let (l, t, q) = (x - size / 2, y - size / 2, size / 4);
    let _ = writeln!(
        s,
        r##"<path d="M{l} {} V{t} h{q} v{q} h{q} v-{q} h{q} v{q} h{q} v-{q} V{} Z" fill="{CASTLE}" stroke="#111"/>"##,
        t + size,
        t + size,
    );
}

/// A tower of The Tower: grey stone, its height written on it.
fn stone_tower(s: &mut String, x: i32, y: i32, height: u8) {
    let _ = writeln!(
        s,
        r##"<rect x="{}" y="{}" width="12" height="16" fill="{TOWER}" stroke="#111"/><text x="{x}" y="{}" font-size="10" font-weight="bold" text-anchor="middle" fill="#fff">{height}</text>"##,
        x - 6,
        y - 8,
        y + 4,
    );
}

/// A flying machine's arrow about (x, y), pointing along (dx, dy) (x east, y north).
fn arrow(s: &mut String, x: i32, y: i32, (dx, dy): (i32, i32)) {
    // The picture's y grows southwards; a diagonal is as long as a straight arrow.
    let k = if dx != 0 && dy != 0 { std::f64::consts::FRAC_1_SQRT_2 } else { 1.0 };
    let (ux, uy) = (f64::from(dx) * k, -f64::from(dy) * k);
    let (x, y) = (f64::from(x), f64::from(y));
    let (tx, ty, hx, hy) = (x - ux * 9.0, y - uy * 9.0, x + ux * 9.0, y + uy * 9.0);
    // The head: back from the tip along the arrow, and out to either side.
    let (bx, by) = (hx - ux * 6.0, hy - uy * 6.0);
    let (px, py) = (-uy * 4.5, ux * 4.5);
    let _ = writeln!(
        s,
        r##"<g class="flier"><line x1="{tx:.1}" y1="{ty:.1}" x2="{bx:.1}" y2="{by:.1}" stroke="{FLIER}" stroke-width="2.5"/><path d="M{hx:.1} {hy:.1} L{:.1} {:.1} L{:.1} {:.1} Z" fill="{FLIER}"/></g>"##,
        bx + px,
        by + py,
        bx - px,
        by - py
    );
}

fn barn(s: &mut String, x: i32, y: i32) {
    let _ = writeln!(s, r##"<path d="M{} {} v-7 l7 -6 l7 6 v7 z" fill="{BARN}" stroke="#111"/>"##, x - 7, y + 6);
}

fn village(s: &mut String, x: i32, y: i32) {
    let _ = writeln!(s, r##"<path d="M{} {} v-6 l5 -5 l5 5 v6 z" fill="{SAND}" stroke="{ROAD_LINE}"/>"##, x - 5, y + 5);
}

fn drawbridge(s: &mut String, x: i32, y: i32) {
    let _ = writeln!(
        s,
        r##"<rect x="{}" y="{}" width="12" height="8" fill="{BRIDGE}" stroke="#111"/><path d="M{} {} l-3 -6 M{} {} l3 -6" stroke="#111"/>"##,
        x - 6,
        y - 4,
        x - 6,
        y - 4,
        x + 6,
        y - 4
    );
}

/// A tile's cities, pennants and what stands in its centre (roads are drawn for the whole
/// board at once).
fn draw_tile(s: &mut String, game: &Game, p: &Placed, items: &mut Vec<Item>) {
    let def = game.def(p.kind);
    let r = p.rotation;
    for seg in def.segments.iter().filter(|s| s.kind == FeatureKind::City) {
        let m = r.edge_mask(seg.edges);
        let touched = r.edge_mask(seg.touches);
        let (shape, border) = match (Edge::ALL.into_iter().find(|e| m == e.bit()), touched.count_ones()) {
            (Some(own), 1) => {
                touching_city_path(own, Edge::ALL.into_iter().find(|e| touched == e.bit()).unwrap_or(own))
            }
            _ => city_path(m | touched, seg.semicircle || m.count_ones() > 1),
        };
        let _ = writeln!(s, r##"<path class="city" d="{shape}" fill="{CITY}"/>"##);
        if !border.is_empty() {
            let _ = writeln!(
                s,
                r##"<path class="city" d="{border}" fill="none" stroke="{CITY_LINE}" stroke-width="1.5"/>"##
            );
        }
        items.push(Item::City);
        if seg.pennants > 0 {
            let e = Edge::ALL.into_iter().find(|e| m & e.bit() != 0).unwrap_or(Edge::N);
            let (x, y) = off_edge(e, 11, -12);
            pennant(s, x, y);
            items.push(Item::Pennant);
        }
    }
    // A city behind walls (the city of Carcassonne) fills the quarters its walls stand in.
    let walled = super::walled_corners(def, r);
    for (c, _) in crate::geom::Corner::ALL.into_iter().zip(walled).filter(|(_, w)| *w) {
        let (x, y) = match c {
            crate::geom::Corner::NE => (H, 0),
            crate::geom::Corner::SE => (H, H),
            crate::geom::Corner::SW => (0, H),
            crate::geom::Corner::NW => (0, 0),
        };
        let _ = writeln!(s, r##"<rect class="city" x="{x}" y="{y}" width="{H}" height="{H}" fill="{CITY}"/>"##);
    }
    if walled.contains(&true) {
        items.push(Item::City);
    }
    let hub = road_hub(game, p);
    let road_ends = def.segments.iter().filter(|s| s.kind == FeatureKind::Road && s.edges.count_ones() == 1).count();
    match centre_kind(game, p) {
        Some(FeatureKind::Cloister) => {
            cloister(s, H, H);
            items.push(Item::Cloister);
        }
        // A German castle spans both squares of its tile: drawn over the board (`german_castle`).
        Some(FeatureKind::Castle) if game.group_squares(p.group).len() == 2 => {}
        Some(FeatureKind::Castle) => {
            tower(s, H, H, 22);
            items.push(Item::Castle);
        }
        Some(FeatureKind::Bazaar) => {
            let _ = writeln!(s, r##"<circle cx="{H}" cy="{H}" r="8" fill="{BAZAAR}" stroke="#3b2410"/>"##);
            items.push(Item::Bazaar);
        }
        Some(_) => {}
        None if road_ends >= 2 || (road_ends >= 1 && hub.count_ones() >= 3) => {
            village(s, H, H);
            items.push(Item::Crossing);
        }
        None => {}
    }
    if let Some(d) = flier_arrow(game, p) {
        // In the quarter of the tile nearest the way it points that no road or city crosses.
        let crossed = |c: Corner| {
            let [a, b] = c.halves();
            let both = a.edge().bit() | b.edge().bit();
            def.segments
                .iter()
                .filter(|s| matches!(s.kind, FeatureKind::Road | FeatureKind::City))
                .any(|s| r.edge_mask(s.edges) & both == both)
        };
        let quarters = [(Corner::NW, (-1, 1)), (Corner::NE, (1, 1)), (Corner::SW, (-1, -1)), (Corner::SE, (1, -1))];
        let nearest = |free: bool| {
            quarters
                .iter()
                .filter(|(c, _)| !free || !crossed(*c))
                .max_by_key(|(_, (cx, cy))| (cx * d.0 + cy * d.1, -cx, *cy))
                .map(|(_, q)| *q)
        };
        let (qx, qy) = nearest(true).or_else(|| nearest(false)).unwrap_or((-1, 1));
        arrow(s, H + qx * 17, H - qy * 17, d);
        items.push(Item::Flier);
    }
    if has_drawbridge(game, p) {
        // Where the road meets the city: at the gate.
        let gate = def
            .segments
            .iter()
            .filter(|s| s.kind == FeatureKind::Road && !s.drawbridges.is_empty())
            .find_map(|s| Edge::ALL.into_iter().find(|e| r.edge_mask(s.edges) & e.bit() != 0))
            .map_or((H, H), |e| off_edge(e.opposite(), T / 4 + 4, 0));
        drawbridge(s, gate.0, gate.1);
        items.push(Item::Drawbridge);
    }
}

/// The width of one tile in [`svg`]'s pictures, in pixels.
pub const TILE_PX: i32 = T;

/// One tile of a game drawn as [`svg`] draws it (field, roads, cities, marks), its top-left
/// corner at `(ox, oy)`: for pictures other than a board (the `referee tiles` gallery).
/// Its fields are shaded apart as on a board, the largest in the first shade.
pub fn svg_tile(s: &mut String, game: &Game, p: &Placed, ox: i32, oy: i32) {
    let areas = field_areas(game, p);
    let _ = writeln!(s, r##"<g class="field" transform="translate({ox},{oy})">"##);
    let _ = writeln!(s, r##"<rect width="{T}" height="{T}" fill="{FIELD}"/>"##);
    let mut fields: Vec<usize> = Vec::new();
    for (local, d) in &areas {
        let k = fields.iter().position(|f| f == local).unwrap_or_else(|| {
            fields.push(*local);
            fields.len() - 1
        });
        if k > 0 {
            let _ = writeln!(s, r##"<path d="{d}" fill="{}"/>"##, FIELD_SHADES[k % FIELD_SHADES.len()]);
        }
    }
    let _ = writeln!(s, r##"<rect width="{T}" height="{T}" fill="none" stroke="{FIELD_LINE}" stroke-width="0.6"/>"##);
    let _ = writeln!(s, "</g>");
    let def = game.def(p.kind);
    let roads: Vec<String> = def
        .segments
        .iter()
        .filter(|s| s.kind == FeatureKind::Road)
        .map(|s| road_path(game, p, p.rotation.edge_mask(s.edges)))
        .collect();
    for (width, colour) in [(11, ROAD_LINE), (7, ROAD)] {
        for d in &roads {
            let _ = writeln!(
                s,
                r##"<path class="road" transform="translate({ox},{oy})" d="{d}" fill="none" stroke="{colour}" stroke-width="{width}" stroke-linejoin="round"/>"##
            );
        }
    }
    let _ = writeln!(s, r##"<g transform="translate({ox},{oy})">"##);
    draw_tile(s, game, p, &mut Vec::new());
    let _ = writeln!(s, "</g>");
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A crown of five pairs (field `a_i` meets `b_j` for every `i != j`), taken in the order
    /// `a_1, b_1, a_2, b_2, ...`: the greedy choice gives each pair a shade of its own and
    /// has none left for `a_5`; the search finds shades for all, and no two fields that meet
    /// share one.
    #[test]
    fn shades_are_searched_where_the_greedy_choice_runs_out() {
        let (a, b) = (|i: u32| SegId(2 * i), |i: u32| SegId(2 * i + 1));
        let order: Vec<SegId> = (0..5).flat_map(|i| [a(i), b(i)]).collect();
        let mut meet: BTreeMap<SegId, BTreeSet<SegId>> = BTreeMap::new();
        for i in 0..5 {
            for j in (0..5).filter(|j| *j != i) {
                meet.entry(a(i)).or_default().insert(b(j));
                meet.entry(b(j)).or_default().insert(a(i));
            }
        }
        let shades = shades_apart(&order, &meet, &BTreeMap::new()).expect("two shades would do");
        let of = |f: SegId| shades[order.iter().position(|g| *g == f).unwrap()];
        for (f, gs) in &meet {
            assert!(gs.iter().all(|g| of(*g) != of(*f)), "{f:?} shares a shade with a field it meets");
        }
        assert!(shades.iter().all(|c| *c < FIELD_SHADES.len()));
    }
}
