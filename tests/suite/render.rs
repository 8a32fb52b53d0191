//! The pictures of the board (`referee render`, text and `--svg`): what they show, read back
//! from the library's own game or from the SVG parsed as XML.

use crate::util::{lib, root};
use referee::engine::Game;
use referee::geom::Pos;
use referee::scenario::Scenario;
use referee::tile::FeatureKind;
use std::collections::BTreeSet;

/// A scenario of the suite.
fn load(file: &str) -> Scenario {
    referee::scenario::load_path(&root().join(file), lib()).unwrap()
}

/// A scenario played out under its first ruleset (to the end, or to `turn`).
fn play(sc: &Scenario, turn: Option<usize>) -> Game<'_> {
    let profile = lib().profile(&sc.rulesets[0]).unwrap();
    referee::replay::play_out(sc, profile, turn).unwrap().0
}

/// The features of the fields printed on the tile at `at`.
fn fields_at(game: &Game, at: Pos) -> BTreeSet<referee::engine::features::SegId> {
    let p = game.tile_at(at).unwrap();
    let def = game.def(p.kind);
    (0..def.segments.len())
        .filter(|&l| def.segments[l].kind == FeatureKind::Field)
        .map(|l| game.feature_of(game.segment_at(at, l).unwrap()))
        .collect()
}

/// The fills of an SVG's field shapes (`class="field"`), each shape's own and its children's.
fn field_fills(svg: &str) -> Vec<Vec<String>> {
    let doc = roxmltree::Document::parse(svg).unwrap_or_else(|e| panic!("{e}\n{svg}"));
    doc.descendants()
        .filter(|n| n.attribute("class") == Some("field"))
        .map(|n| {
            n.descendants().filter_map(|d| d.attribute("fill")).filter(|f| *f != "none").map(String::from).collect()
        })
        .collect()
}

/// Every field has one shade over all its tiles, and two fields that meet on a tile never
/// share one: on every board of the suite.
#[test]
fn render_fields_meeting_on_a_tile_are_shaded_apart_on_every_board() {
    let mut boards = 0;
    let mut met = 0;
    for path in referee::cli::collect_scenarios(&[root().join("scenarios")]) {
        let file = path.strip_prefix(root()).unwrap().to_str().unwrap().to_string();
        let sc = load(&file);
        let game = play(&sc, None);
        let shades = referee::render::field_shades(&game);
        for p in game.placed() {
            let fields = fields_at(&game, p.pos);
            let tints: BTreeSet<&str> = fields.iter().map(|f| shades[f]).collect();
            assert_eq!(tints.len(), fields.len(), "{file}: the fields meeting at {} share a shade", p.pos);
            met += usize::from(fields.len() > 1);
        }
        boards += 1;
    }
    assert!(boards > 100 && met > 50, "{boards} boards, {met} tiles with several fields");
}

/// The shared field: the field north of the road (with the farmers and the cities) and the
/// one south of it meet on all four tiles, in two shades; each keeps its shade on every tile.
#[test]
fn render_fields_across_a_road_differ_and_one_field_keeps_its_shade() {
    let sc = load("scenarios/base/shared-field.yaml");
    let game = play(&sc, None);
    let shades = referee::render::field_shades(&game);
    let row: Vec<Pos> = (-1..=2).map(|x| Pos::new(x, 0)).collect();
    let both = fields_at(&game, row[0]);
    assert_eq!(both.len(), 2, "two fields, across the road");
    for at in &row {
        assert_eq!(fields_at(&game, *at), both, "the same two fields at {at}");
    }
    let tints: BTreeSet<&str> = both.iter().map(|f| shades[f]).collect();
    assert_eq!(tints.len(), 2, "{shades:?}");
    // In the picture: each of the four tiles of the road shows both shades, and no other.
    let svg = referee::render::svg(&game, &sc.title).unwrap();
    let fills = field_fills(&svg);
    assert_eq!(fills.len(), game.placed().len(), "one field shape a tile: {fills:?}");
    let road_tiles: Vec<&Vec<String>> = fills.iter().filter(|f| f.len() > 1).collect();
    assert_eq!(road_tiles.len(), 4, "{fills:?}");
    for f in road_tiles {
        let shown: BTreeSet<&str> = f.iter().map(String::as_str).collect();
        assert_eq!(shown, tints, "{fills:?}");
    }
    assert!(svg.contains("fields, shaded apart"), "the legend says why the greens differ");
}

/// A field parted by a road curve is drawn along the road's own curve.
#[test]
fn render_a_field_cut_off_by_a_curve_follows_the_curve() {
    let yaml = "title: t\nplayers: [Red, Blue]\nturns:\n  - {tile: V, at: [1, 0]}\n";
    let sc = crate::util::scenario(yaml).unwrap();
    let (game, _) = referee::replay::play_out(&sc, lib().profile("hig").unwrap(), None).unwrap();
    let svg = referee::render::svg(&game, "t").unwrap();
    let doc = roxmltree::Document::parse(&svg).unwrap();
    let curve = doc
        .descendants()
        .filter(|n| n.attribute("class") == Some("field"))
        .flat_map(|n| n.descendants())
        .filter_map(|n| n.attribute("d"))
        .find(|d| d.contains('Q'))
        .unwrap_or_else(|| panic!("no field bounded by the curve: {svg}"));
    // The corner field of V (south and west at rotation 0): the curve from the west edge's
    // middle to the south edge's, through the tile's centre as control.
    assert!(curve.contains("Q36,36"), "{curve}");
}

/// The middle of the column (`x`) or row (`y`) of squares labelled `n`, read from the axis
/// labels of an SVG (a column's label stands over its middle; a row's 4 pixels below it).
fn axis_middle(doc: &roxmltree::Document, column: bool, n: i32) -> f64 {
    let anchor = if column { "middle" } else { "end" };
    let label = doc
        .descendants()
        .find(|t| {
            t.has_tag_name("text")
                && t.attribute("font-size") == Some("11")
                && t.attribute("text-anchor") == Some(anchor)
                && t.text() == Some(&n.to_string())
        })
        .unwrap_or_else(|| panic!("no label {n}"));
    let at = |a: &str| label.attribute(a).unwrap().parse::<f64>().unwrap();
    if column {
        at("x")
    } else {
        at("y") - 4.0
    }
}

/// The wall of each German castle in an SVG: (x, y, width, height).
fn castle_walls(doc: &roxmltree::Document) -> Vec<(f64, f64, f64, f64)> {
    doc.descendants()
        .filter(|n| n.attribute("class") == Some("castle"))
        .filter_map(|g| g.children().find(|c| c.has_tag_name("rect")))
        .map(|r| {
            let at = |a: &str| r.attribute(a).unwrap().parse::<f64>().unwrap();
            (at("x"), at("y"), at("width"), at("height"))
        })
        .collect()
}

/// A German castle stands over both squares of its tile: its wall crosses the edge they
/// share and reaches well into each, side by side or one above the other; the castle is
/// drawn once, not as a tower on its first square besides.
#[test]
fn render_a_german_castle_spans_both_squares_in_the_svg() {
    // Side by side: the first square at (0,-1), the second east of it at (1,-1).
    let sc = load("scenarios/cig/sanity-road-bonus.yaml");
    let svg = referee::render::svg(&play(&sc, None), &sc.title).unwrap();
    let doc = roxmltree::Document::parse(&svg).unwrap();
    let (c0, c1) = (axis_middle(&doc, true, 0), axis_middle(&doc, true, 1));
    let edge = (c0 + c1) / 2.0;
    let walls = castle_walls(&doc);
    assert_eq!(walls.len(), 1, "{svg}");
    let (x, y, w, h) = walls[0];
    assert!(x <= edge - 20.0 && x + w >= edge + 20.0, "the wall {x}..{} crosses {edge} into both squares", x + w);
    let row = axis_middle(&doc, false, -1);
    assert!(y <= row && row <= y + h + 6.0, "the wall {y}..{} in the middle of row -1 ({row})", y + h);
    let towers = svg.matches(r##"fill="#605850" stroke="#111"/>"##).count();
    assert_eq!(towers, 4 + 1, "two towers, a wall and its merlons, and the legend's tower: {svg}");
    // One above the other: the first square at (1,-1), the second north of it at (1,0).
    let sc = load("scenarios/cig/board-follower-on-second-square.yaml");
    let svg = referee::render::svg(&play(&sc, Some(0)), &sc.title).unwrap();
    let doc = roxmltree::Document::parse(&svg).unwrap();
    let edge = (axis_middle(&doc, false, 0) + axis_middle(&doc, false, -1)) / 2.0;
    let column = axis_middle(&doc, true, 1);
    let walls = castle_walls(&doc);
    assert_eq!(walls.len(), 1, "{svg}");
    let (x, y, w, h) = walls[0];
    assert!(y <= edge - 20.0 && y + h >= edge + 20.0, "the wall {y}..{} crosses {edge} into both squares", y + h);
    assert!(x <= column && column <= x + w, "the wall {x}..{} in the middle of column 1 ({column})", x + w);
}

/// In the terminal the castle runs across the middle line of both squares, and a road that
/// passes over the second square stays in sight.
#[test]
fn render_a_german_castle_spans_both_squares_in_the_terminal() {
    let sc = load("scenarios/cig/sanity-road-bonus.yaml");
    let text = referee::render::text(&play(&sc, Some(1)), true, false).unwrap();
    assert!(text.lines().any(|l| l == "  -1 ..@@@ @@@.."), "{text}");
    let sc = load("scenarios/cig/board-follower-on-second-square.yaml");
    let text = referee::render::text(&play(&sc, Some(0)), true, false).unwrap();
    let lines: Vec<&str> = text.lines().collect();
    let at = lines.iter().position(|l| l.starts_with("   0 ")).unwrap();
    // Column 1 of the grid is characters 11..16: the road passes at (1,0), the castle runs
    // from its south edge down to the middle of (1,-1).
    let column: Vec<&str> = lines[at..at + 4].iter().map(|l| &l[11..16]).collect();
    assert_eq!(column, ["----R", "..@..", "..@..", "..@.."], "{text}");
}

/// Each follower's role on a board, by its player's name, in turn order of the followers.
fn roles(game: &Game) -> Vec<(String, &'static str)> {
    let castles = referee::render::castle_holds(game);
    game.followers()
        .iter()
        .map(|f| {
            let (role, _) = referee::render::role_and_spot(game, f, &castles);
            (game.player_name(f.player).to_string(), role.word())
        })
        .collect()
}

/// A follower is on a castle when its expansion says the castle stands on that follower's
/// city, not when the city merely covers the castle's squares: here the castle stands on
/// the city of the two caps north of (0,0), and Blue's knight in the other cap of that
/// tile, to the west, stays a knight.
#[test]
fn render_a_new_edition_castle_holds_a_lady_and_the_city_beside_it_a_knight() {
    let yaml = "title: A knight beside a castle, in another city of the same tile\n\
players: [Red, Blue]\nexpansions: [expansion-8]\nrulesets: [ne]\nboard:\n\
  - {tile: I, at: [0, 0], castle: city N, followers: [{player: Red, on: city N}, {player: Blue, on: city W}]}\n\
  - {tile: E, at: [0, 1], rotation: 180}\nturns:\n  - {tile: E, at: [1, 0], rotation: 90}\n";
    let sc = crate::util::scenario(yaml).unwrap_or_else(|e| panic!("{}", crate::util::render(&e)));
    let game = play(&sc, Some(0));
    assert_eq!(roles(&game), [("Red".to_string(), "lady"), ("Blue".to_string(), "knight")]);
    let text = referee::render::text(&game, true, false).unwrap();
    assert!(text.contains("in a city # a knight, on a castle @ a lady"), "{text}");
    // The castle stands over the edge between the city's two squares, in both.
    assert!(text.contains(".#@#.\n") && text.contains(".#@R.\n"), "{text}");
    let svg = referee::render::svg(&game, &sc.title).unwrap();
    let doc = roxmltree::Document::parse(&svg).unwrap();
    let words: Vec<&str> = doc.descendants().filter_map(|n| n.text()).collect();
    assert!(words.contains(&"lady on a castle") && words.contains(&"knight"), "{words:?}");
    assert!(!svg.contains("lord"), "{svg}");
}

/// The 1st edition's castle keeps its follower a knight under Hans im Glück's words and
/// makes it a lord under Z-Man's (`castle.terms`); a German castle's is a lord or lady.
#[test]
fn render_castle_followers_are_named_as_their_rules_name_them() {
    let sc = load("scenarios/bcb1/castle-example-twenty-points.yaml");
    for (ruleset, name) in [("hig", "knight"), ("zmg", "lord")] {
        let (game, _) = referee::replay::play_out(&sc, lib().profile(ruleset).unwrap(), Some(1)).unwrap();
        let castles = referee::render::castle_holds(&game);
        assert_eq!(castles.len(), 1, "{ruleset}");
        let mut on_castle: Vec<(&str, bool)> = game
            .followers()
            .iter()
            .map(|f| {
                let role = referee::render::role_and_spot(&game, f, &castles).0;
                (game.player_name(f.player), role == referee::render::Role::Castle(name))
            })
            .collect();
        on_castle.sort();
        let expected = [("Blue", false), ("Red", true)];
        assert_eq!(on_castle, expected, "{ruleset}: Red's follower in the castle, Blue's in the long city");
        let text = referee::render::text(&game, true, false).unwrap();
        assert!(text.contains(&format!("on a castle @ a {name}\n")), "{ruleset}: {text}");
        let svg = referee::render::svg(&game, &sc.title).unwrap();
        assert!(svg.contains(&format!(">{name} on a castle</text>")), "{ruleset}: {svg}");
    }
    let sc = load("scenarios/cig/board-castle-with-its-lord.yaml");
    let game = play(&sc, Some(0));
    assert_eq!(roles(&game), [("Red".to_string(), "lord or lady")]);
    let svg = referee::render::svg(&game, &sc.title).unwrap();
    assert!(svg.contains(">lord or lady on a castle</text>"), "{svg}");
}

/// Seeded random legal games, to the last tile, with and without the expansions that put
/// castles and bridges on the board: no two fields that meet on a tile share a shade, and
/// the picture parses.
#[test]
fn render_random_games_shade_meeting_fields_apart() {
    use referee::expansion::{ExpansionId, Options};
    let tables = [
        (lib().tile_set(&[]), vec![], "hig"),
        (lib().tile_set(&[ExpansionId::Bcb1]), vec![ExpansionId::Bcb1], "hig"),
        (lib().tile_set(&[ExpansionId::Bcb1]), vec![ExpansionId::Bcb1], "ne"),
    ];
    for (tiles, expansions, ruleset) in &tables {
        let options = Options::read(lib().profile(ruleset).unwrap());
        for seed in 0..3u64 {
            let g = referee::random::generate_with(tiles, &options, expansions, 900 + seed, 2 + seed as usize, 1);
            let game = referee::random::replay_with(tiles, options.clone(), expansions, &g, true);
            let shades = referee::render::field_shades(&game);
            for p in game.placed() {
                let fields = fields_at(&game, p.pos);
                let tints: BTreeSet<&str> = fields.iter().map(|f| shades[f]).collect();
                assert_eq!(tints.len(), fields.len(), "{ruleset} {expansions:?} seed {seed}: at {}", p.pos);
            }
            let svg = referee::render::svg(&game, "random").unwrap();
            let fills = field_fills(&svg);
            assert_eq!(fills.len(), game.placed().len(), "{ruleset} seed {seed}");
        }
    }
}

/// A `#rrggbb` colour (sRGB, white point D65) in CIELAB.
fn lab(hex: &str) -> [f64; 3] {
    let v = u32::from_str_radix(hex.trim_start_matches('#'), 16).unwrap_or_else(|_| panic!("colour {hex}"));
    let lin = |c: u32| {
        let c = f64::from(c & 255) / 255.0;
        if c <= 0.04045 {
            c / 12.92
        } else {
            ((c + 0.055) / 1.055).powf(2.4)
        }
    };
    let (r, g, b) = (lin(v >> 16), lin(v >> 8), lin(v));
    let x = (0.4124 * r + 0.3576 * g + 0.1805 * b) / 0.95047;
    let y = 0.2126 * r + 0.7152 * g + 0.0722 * b;
    let z = (0.0193 * r + 0.1192 * g + 0.9505 * b) / 1.08883;
    let f = |t: f64| if t > 0.008856 { t.cbrt() } else { 7.787 * t + 16.0 / 116.0 };
    [116.0 * f(y) - 16.0, 500.0 * (f(x) - f(y)), 200.0 * (f(y) - f(z))]
}

/// The colour difference CIEDE2000 of two CIELAB colours: about 1 is the least a viewer sees
/// side by side.
fn ciede2000([l1, a1, b1]: [f64; 3], [l2, a2, b2]: [f64; 3]) -> f64 {
    let c7 = |c: f64| c.powi(7) / (c.powi(7) + 25f64.powi(7));
    let g = 0.5 * (1.0 - c7((a1.hypot(b1) + a2.hypot(b2)) / 2.0).sqrt());
    let (a1, a2) = (a1 * (1.0 + g), a2 * (1.0 + g));
    let (c1, c2) = (a1.hypot(b1), a2.hypot(b2));
    let hue = |b: f64, a: f64| b.atan2(a).to_degrees().rem_euclid(360.0);
    let (h1, h2) = (hue(b1, a1), hue(b2, a2));
    let dh = if c1 * c2 == 0.0 {
        0.0
    } else if (h2 - h1).abs() <= 180.0 {
        h2 - h1
    } else if h2 > h1 {
        h2 - h1 - 360.0
    } else {
        h2 - h1 + 360.0
    };
    let big_dh = 2.0 * (c1 * c2).sqrt() * (dh.to_radians() / 2.0).sin();
    let (l, c) = ((l1 + l2) / 2.0, (c1 + c2) / 2.0);
    let h = if c1 * c2 == 0.0 {
        h1 + h2
    } else if (h1 - h2).abs() <= 180.0 {
        (h1 + h2) / 2.0
    } else if h1 + h2 < 360.0 {
        (h1 + h2 + 360.0) / 2.0
    } else {
        (h1 + h2 - 360.0) / 2.0
    };
    let cos = |d: f64| d.to_radians().cos();
    let t = 1.0 - 0.17 * cos(h - 30.0) + 0.24 * cos(2.0 * h) + 0.32 * cos(3.0 * h + 6.0) - 0.20 * cos(4.0 * h - 63.0);
    let rt = -(2.0 * c7(c).sqrt()) * (2.0 * 30.0 * (-((h - 275.0) / 25.0).powi(2)).exp()).to_radians().sin();
    let sl = 1.0 + 0.015 * (l - 50.0).powi(2) / (20.0 + (l - 50.0).powi(2)).sqrt();
    let (sc, sh) = (1.0 + 0.045 * c, 1.0 + 0.015 * c * t);
    let (dl, dc, dh) = ((l2 - l1) / sl, (c2 - c1) / sc, big_dh / sh);
    (dl * dl + dc * dc + dh * dh + rt * dc * dh).sqrt()
}

/// How far apart two `#rrggbb` colours look (CIEDE2000).
fn delta_e(a: &str, b: &str) -> f64 {
    ciede2000(lab(a), lab(b))
}

/// The measure against pairs of the CIEDE2000 test data of Sharma, Wu and Dalal (2005), to
/// the four places published, and from sRGB: a colour against itself, black against white.
#[test]
fn render_colour_difference_is_ciede2000() {
    let pairs = [
        ([50.0, 2.6772, -79.7751], [50.0, 0.0, -82.7485], 2.0425),
        ([50.0, 0.0, 0.0], [50.0, -1.0, 2.0], 2.3669),
        ([50.0, 2.5, 0.0], [73.0, 25.0, -18.0], 27.1492),
        ([50.0, 2.5, 0.0], [61.0, -5.0, 29.0], 22.8977),
        ([50.0, 2.5, 0.0], [56.0, -27.0, -3.0], 31.9030),
        ([50.0, 2.5, 0.0], [58.0, 24.0, 15.0], 19.4535),
        ([50.0, 2.5, 0.0], [50.0, 3.1736, 0.5854], 1.0000),
    ];
    for (a, b, want) in pairs {
        assert!((ciede2000(a, b) - want).abs() < 5e-5, "{a:?} {b:?}: {} not {want}", ciede2000(a, b));
        assert!((ciede2000(b, a) - want).abs() < 5e-5, "{b:?} {a:?}");
    }
    assert!(delta_e("#d62828", "#d62828") < 1e-9);
    assert!(delta_e("#000000", "#ffffff") > 99.0);
}

/// How far apart a symbol's colour must look from every player's: farther than the two
/// closest player colours are from each other (blue and purple, 15).
const NEAR: f64 = 20.0;

/// The boards of the suite, each at its start and at its end: between them they show every
/// symbol and piece the pictures draw.
fn every_board(mut each: impl FnMut(&str, &Game)) {
    for path in referee::cli::collect_scenarios(&[root().join("scenarios")]) {
        let file = path.strip_prefix(root()).unwrap().to_str().unwrap().to_string();
        let sc = load(&file);
        each(&file, &play(&sc, Some(0)));
        each(&file, &play(&sc, None));
    }
}

/// Issue #37: in the SVG, a symbol of the land (a cloister, a pennant, a castle, a bazaar, a
/// bridge, a barn, a drawbridge, a village) wears no colour near a player's, so that a glance
/// cannot read it as a player's piece; only a player's own figures (`class="player"`) do. The
/// ground they stand on (fields, roads, cities, the page) and the words are not symbols, and
/// an outline thinner than 2 pixels is not a colour one reads.
#[test]
fn render_no_symbol_of_the_land_wears_a_players_colour() {
    let players: Vec<&str> = referee::render::player_hues().map(|h| h.fill).collect();
    let ground = ["field", "road", "city", "page", "ground"];
    let mut checked = BTreeSet::new();
    let mut legend = String::new();
    every_board(|file, game| {
        let svg = referee::render::svg(game, file).unwrap();
        let doc = roxmltree::Document::parse(&svg).unwrap_or_else(|e| panic!("{file}: {e}"));
        for n in doc.descendants().filter(|n| n.is_element()) {
            if n.tag_name().name() == "text" {
                legend.push_str(n.text().unwrap_or(""));
                legend.push('\n');
                continue;
            }
            // The ground, and a player's figure but for the mark of its role (a crown).
            let class = n.ancestors().find_map(|a| a.attribute("class"));
            if n.ancestors().any(|a| a.attribute("class").is_some_and(|c| ground.contains(&c)))
                || class == Some("player")
            {
                continue;
            }
            let width = n.ancestors().find_map(|a| a.attribute("stroke-width")).map_or(1.0, |w| w.parse().unwrap());
            let stroke = n.attribute("stroke").filter(|_| width >= 2.0);
            for colour in n.attribute("fill").into_iter().chain(stroke).filter(|c| *c != "none") {
                let (player, d) =
                    players.iter().map(|p| (*p, delta_e(colour, p))).min_by(|a, b| a.1.total_cmp(&b.1)).unwrap();
                assert!(
                    d >= NEAR,
                    "{file}: a {} of colour {colour} is {d:.1} from the player colour {player}",
                    n.tag_name().name()
                );
                checked.insert(colour.to_string());
            }
        }
    });
    for symbol in
        ["cloister", "pennant", "castle", "bazaar", "bridge", "barn", "drawbridge", "crossing", "pig", "builder"]
    {
        assert!(legend.lines().any(|l| l.starts_with(symbol)), "no board of the suite shows a {symbol}");
    }
    assert!(checked.len() >= 6, "the symbols' colours: {checked:?}");
}

/// Issue #37: in the SVG a player's own pieces (followers, pigs, builders) wear the player's
/// colour; in the terminal, only they are coloured at all.
#[test]
fn render_only_a_players_pieces_wear_the_players_colour() {
    let mut coloured = BTreeSet::new();
    every_board(|file, game| {
        let looks = referee::render::looks(game, false);
        let text = referee::render::text(game, false, true).unwrap();
        // Each coloured cell: ESC [ 1 ; ink ; 48 ; 5 ; index m, one character, ESC [ 0 m.
        for part in text.split("\x1b[").skip(1).filter(|p| !p.starts_with("0m")) {
            let (code, rest) = part.split_once('m').unwrap_or_else(|| panic!("{file}: {part:?}"));
            let index: u8 = code.rsplit(';').next().unwrap().parse().unwrap();
            let ch = rest.chars().next().unwrap();
            assert!(looks.iter().any(|l| l.hue.ansi == index), "{file}: {ch:?} in a colour no player has");
            assert!(
                ch.is_alphanumeric() || "∞∆?".contains(ch),
                "{file}: {ch:?}, not a player's piece, in colour {index}"
            );
            coloured.insert(ch);
        }
        let svg = referee::render::svg(game, file).unwrap();
        let doc = roxmltree::Document::parse(&svg).unwrap();
        for n in doc.descendants().filter(|n| n.attribute("class") == Some("player")) {
            let own = n.descendants().filter(|d| d.attribute("class") != Some("role"));
            for fill in own.filter_map(|d| d.attribute("fill")).filter(|f| *f != "none") {
                assert!(
                    looks.iter().any(|l| l.hue.fill == fill),
                    "{file}: a player's piece in {fill}, no player's colour"
                );
            }
        }
    });
    assert!(coloured.contains(&'∞') && coloured.contains(&'∆'), "pigs and builders coloured: {coloured:?}");
}

/// The phantom is drawn in its owner's colour, see-through with a dashed outline, named in the
/// SVG's legend and listed in the terminal's; the phantom in supply is said beside its player.
#[test]
fn render_a_phantom_wears_its_owners_colour_and_is_named() {
    let sc = load("scenarios/phantom/majority-counts-the-phantom.yaml");
    let game = play(&sc, Some(0));
    let svg = referee::render::svg(&game, &sc.title).unwrap();
    let doc = roxmltree::Document::parse(&svg).unwrap();
    let ghosts: Vec<roxmltree::Node> = doc
        .descendants()
        .filter(|n| n.attribute("stroke-dasharray").is_some() && n.attribute("fill-opacity").is_some())
        .collect();
    // Red's phantom on the board, and the legend's (nobody's) outline.
    assert_eq!(ghosts.len(), 2, "{svg}");
    let red = referee::render::looks(&game, false)[0].hue.fill;
    assert!(ghosts.iter().any(|n| n.attribute("fill") == Some(red)), "Red's phantom in Red's colour: {svg}");
    assert!(ghosts.iter().any(|n| n.parent().and_then(|p| p.attribute("class")) == Some("player")));
    assert!(svg.contains(">phantom</text>"), "{svg}");
    let text = referee::render::text(&game, true, false).unwrap();
    assert!(text.contains("phantoms (followers like the others): Red's at 1,1"), "{text}");
    assert!(text.contains("Blue") && text.contains("phantom in supply"), "{text}");
}

/// A tower is drawn by its height, in the terminal (the digit) and in the SVG (written on it),
/// and the legend says what the number means.
#[test]
fn render_a_tower_shows_its_height() {
    let sc = load("scenarios/tower/german-castle-range-ends-after-three-steps.yaml");
    let game = play(&sc, Some(0));
    let text = referee::render::text(&game, true, false).unwrap();
    assert!(text.lines().any(|l| l.starts_with("   0 .2... ")), "{text}");
    assert!(text.contains("1-9 tower (its height)"), "{text}");
    let svg = referee::render::svg(&game, &sc.title).unwrap();
    let doc = roxmltree::Document::parse(&svg).unwrap();
    let words: Vec<&str> = doc.descendants().filter_map(|n| n.text()).collect();
    assert!(words.contains(&"2") && words.contains(&"tower (the number: its height)"), "{words:?}");
}

/// The mayor and the wagon are drawn as what they are: named on a line of their own in the
/// terminal and in the SVG's legend, with what each player still holds of Abbey and Mayor.
#[test]
fn render_the_mayor_and_the_wagon_are_named() {
    let sc = load("scenarios/am/wagon-moves-into-a-city.yaml");
    let game = play(&sc, None);
    let text = referee::render::text(&game, true, false).unwrap();
    assert!(text.contains("wagons (count one): Red's at 0,0"), "{text}");
    assert!(text.contains("mayor and barn held") && text.contains("mayor, wagon and barn held"), "{text}");
    let svg = referee::render::svg(&game, &sc.title).unwrap();
    let doc = roxmltree::Document::parse(&svg).unwrap();
    let words: Vec<&str> = doc.descendants().filter_map(|n| n.text()).collect();
    assert!(words.contains(&"wagon") && !words.contains(&"mayor"), "{words:?}");
    let sc = load("scenarios/am/mayor-outweighs-by-pennants.yaml");
    let game = play(&sc, Some(0));
    let text = referee::render::text(&game, true, false).unwrap();
    assert!(text.contains("mayors (count their city's pennants): "), "{text}");
}

/// The Flying Machines: a flier tile's arrow, turned with the tile, is drawn in both pictures,
/// in the quarter of the tile nearest the way it points that no road crosses (FL5, road W-E,
/// arrow W: the north-west quarter; FL3, arrow NW: the north-west quarter too), and the
/// legend names it.
#[test]
fn render_a_flying_machines_arrow_in_both_pictures() {
    let sc = load("scenarios/flying-machines/flier-joins-an-occupied-road.yaml");
    let game = play(&sc, None);
    let text = referee::render::text(&game, false, false).unwrap();
    // Columns 2 and 3 of the grid (squares 2,0 and 3,0): their first line.
    let line = text.lines().find(|l| l.contains('←')).unwrap_or_else(|| panic!("{text}"));
    assert!(line.ends_with("·←··· ·↖···"), "{text}");
    assert!(text.contains("flying machine (the way a follower launched flies)"), "{text}");
    let ascii = referee::render::text(&game, true, false).unwrap();
    assert!(ascii.lines().any(|l| l.ends_with(".<... .\\...")), "{ascii}");
    let svg = referee::render::svg(&game, &sc.title).unwrap();
    // Two arrows on the board, one in the legend.
    assert_eq!(svg.matches(r#"<g class="flier">"#).count(), 3, "{svg}");
    assert!(svg.contains(">flying machine (the way a follower launched flies)</text>"), "{svg}");
}
