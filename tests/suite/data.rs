use crate::util::lib;
use referee::data::{self, DataSource, Library};
use referee::expansion;
use referee::geom::{Edge, Rotation};
use referee::tile::{FeatureKind, TileDef};

/// The tiles expansion `x` adds to the base game's, and the whole set with it.
fn added_tiles(x: expansion::ExpansionId) -> (Vec<TileDef>, referee::tile::TileSet) {
    let all = lib().tile_set(&[x]);
    let base = lib().tile_set(&[]);
    let added = all.iter().filter(|(_, d)| base.find(&d.id).is_none()).map(|(_, d)| d.clone()).collect();
    (added, all)
}

/// A tile's layout as a facts table types it: id, copies, edges N E S W, separate cities,
/// roads and fields, a cloister, pennants.
type Layout<'a> = (&'a str, u32, &'a str, usize, usize, usize, bool, u8);

/// Checks tile `id` among `tiles` against its facts, and gives it for the checks of its own.
fn tile_with<'t>(
    tiles: &'t [TileDef],
    (id, count, edges, cities, roads, fields, cloister, pennants): Layout,
) -> &'t TileDef {
    let d = tiles.iter().find(|d| d.id == id).unwrap_or_else(|| panic!("tile {id} missing"));
    let of = |k: FeatureKind| d.segments.iter().filter(|s| s.kind == k).count();
    assert_eq!(d.count, count, "copies of {id}");
    assert_eq!(d.edge_string(), edges, "edges of {id}");
    assert_eq!(of(FeatureKind::City), cities, "cities of {id}");
    assert_eq!(of(FeatureKind::Road), roads, "roads of {id}");
    assert_eq!(of(FeatureKind::Field), fields, "fields of {id}");
    assert_eq!(of(FeatureKind::Cloister) == 1, cloister, "cloister of {id}");
    assert_eq!(d.segments.iter().map(|s| s.pennants).sum::<u8>(), pennants, "pennants of {id}");
    d
}

#[test]
fn every_rule_id_has_a_catalogue_entry_and_every_entry_a_rule_id() {
    // The loader refuses entries whose id is not one of their file's expansion; here, the
    // other direction.
    let cat = &lib().catalogue;
    for book in expansion::rule_books() {
        for r in book.ids {
            let e = cat.get(*r).unwrap_or_else(|| panic!("{r} has no entry in {}", book.catalogue.path));
            assert!(!e.text.is_empty() && !e.source.document.is_empty(), "{r}: wording and source required");
        }
    }
    assert_eq!(cat.entries().count(), expansion::all_rules().count());
    let mut ids: Vec<_> = expansion::all_rules().collect();
    ids.sort();
    ids.dedup();
    assert_eq!(ids.len(), expansion::all_rules().count(), "a rule id is declared twice");
}

/// `explain` of an inventory ruling shows the ruling's own claim: every ruling id the built-in
/// catalogue lists is worded once, in the project's words, under a rule that lists it.
#[test]
fn every_ruling_the_catalogue_lists_is_worded_once() {
    let cat = &lib().catalogue;
    let mut listed: Vec<&str> = cat.entries().flat_map(|e| e.rulings.iter().map(AsRef::as_ref)).collect();
    listed.sort();
    listed.dedup();
    let unworded: Vec<&str> = listed.iter().copied().filter(|id| cat.ruling(id).is_none()).collect();
    assert!(unworded.is_empty(), "{} rulings listed without a claim: {unworded:?}", unworded.len());
    for r in cat.rulings() {
        assert!(!r.claim.trim().is_empty(), "{}: empty claim", r.id);
        assert!(
            cat.get(r.rule).is_some_and(|e| e.rulings.contains(&r.id)),
            "{} is worded under a rule that does not list it",
            r.id
        );
    }
}

#[test]
fn built_in_profiles_set_every_switch_with_a_source() {
    for id in ["hig", "rgg", "zmg", "ne", "early", "hig-2000", "hig-2001", "hig-bb3", "rgg-bb3", "jcz"] {
        let p = lib().profile(id).unwrap_or_else(|| panic!("profile {id} missing"));
        for s in expansion::all_switches() {
            let set = p.setting(s.name).unwrap_or_else(|| panic!("{id} does not set {}", s.name));
            assert!(!set.source.is_empty(), "{id}: {} has no source", s.name);
        }
    }
    let early = lib().profile("early").unwrap();
    assert_eq!(early.value(&expansion::base::TWO_TILE_CITY), "two-points");
    assert_eq!(lib().profile("hig").unwrap().value(&expansion::base::TWO_TILE_CITY), "four-points");
}

#[test]
fn the_early_printings_carry_the_early_farm_rules() {
    use expansion::base::{FARM_SCORING, TWO_TILE_CITY};
    let value = |id: &str, s| lib().profile(id).unwrap_or_else(|| panic!("profile {id} missing")).value(s);
    assert_eq!(value("hig-2000", &FARM_SCORING), "per-city");
    assert_eq!(value("hig-2001", &FARM_SCORING), "per-field-city-once");
    for id in ["hig", "rgg", "zmg", "ne", "early", "hig-bb3", "rgg-bb3", "jcz"] {
        assert_eq!(value(id, &FARM_SCORING), "per-field", "{id}");
    }
    // The small city scored 2 with the first two farm rules; `early` keeps only that rule.
    for id in ["hig-2000", "hig-2001", "early"] {
        assert_eq!(value(id, &TWO_TILE_CITY), "two-points", "{id}");
    }
    // Every profile sets every switch of every expansion, each value one the switch knows.
    for p in &lib().profiles {
        for s in expansion::all_switches() {
            let set = p.setting(s.name).unwrap_or_else(|| panic!("{} does not set {}", p.id, s.name));
            assert!(s.value(set.value).is_some() && !set.source.is_empty(), "{}: {}", p.id, s.name);
        }
    }
}

#[test]
fn embedded_data_can_be_overridden_from_a_folder() {
    let tmp = crate::util::TempDir::new("data-embedded_data_can_be_overridden_from_a_folder");
    let dir = tmp.path().to_path_buf();
    tmp.write(
        "rulesets/hig.yaml",
        "id: hig\ntitle: patched\nswitches:\n  base.two-tile-city-score: {value: two-points, source: test}\n",
    );
    let lib = Library::load(&DataSource { dir: Some(dir.clone()) }).unwrap();
    assert_eq!(lib.profile("hig").unwrap().title, "patched");
    assert_eq!(lib.profile("rgg").unwrap().value(&expansion::base::TWO_TILE_CITY), "four-points");
}

#[test]
fn each_rule_is_worded_in_its_own_expansions_catalogue_file() {
    let tmp = crate::util::TempDir::new("data-each_rule_is_worded_in_its_own_expansions_catalogue_file");
    let dir = tmp.path().to_path_buf();
    std::fs::create_dir_all(dir.join("rulesets/rules")).unwrap();
    // A Drawbridges rule moved into the base game's file is refused there, with its place.
    let base = std::fs::read_to_string(crate::util::root().join("rulesets/rules/base.yaml")).unwrap();
    let stray = "- id: db.scoring.tie-no-move\n  text: moved\n  source: {document: d, kind: rule}\n";
    std::fs::write(dir.join("rulesets/rules/base.yaml"), format!("{base}{stray}")).unwrap();
    let e = Library::load(&DataSource { dir: Some(dir.clone()) }).unwrap_err();
    let text = crate::util::unwrapped(&e);
    assert!(text.contains("catalogue::unknown-rule") && text.contains("own expansion's file"), "{text}");
    assert!(text.contains(&format!("base.yaml:{}:7", base.lines().count() + 1)), "{text}");
    // The old single catalogue is not silently passed over.
    std::fs::remove_file(dir.join("rulesets/rules/base.yaml")).unwrap();
    std::fs::write(dir.join("rulesets/rules.yaml"), "[]\n").unwrap();
    let e = Library::load(&DataSource { dir: Some(dir.clone()) }).unwrap_err();
    assert!(crate::util::unwrapped(&e).contains("no longer read"));
}

/// The base game's tiles, as the published tile list gives them: letter, copies, edges N E S W,
/// pennants, cloister, then how many separate cities, roads and fields the tile holds and how
/// many of its fields border a city. Typed in from the reference facts, not from our catalogue.
/// (letter, copies, edges, pennants, cloister, [cities, roads, fields, fields bordering a city])
type TileFacts = (&'static str, u32, &'static str, u8, bool, [usize; 4]);

const BASE_FACTS: &[TileFacts] = &[
    ("A", 2, "FFRF", 0, true, [0, 1, 1, 0]),
    ("B", 4, "FFFF", 0, true, [0, 0, 1, 0]),
    ("C", 1, "CCCC", 1, false, [1, 0, 0, 0]),
    ("D", 4, "CRFR", 0, false, [1, 1, 2, 1]),
    ("E", 5, "CFFF", 0, false, [1, 0, 1, 1]),
    ("F", 2, "FCFC", 1, false, [1, 0, 2, 2]),
    ("G", 1, "FCFC", 0, false, [1, 0, 2, 2]),
    ("H", 3, "CFCF", 0, false, [2, 0, 1, 1]),
    ("I", 2, "CFFC", 0, false, [2, 0, 1, 1]),
    ("J", 3, "CRRF", 0, false, [1, 1, 2, 1]),
    ("K", 3, "CFRR", 0, false, [1, 1, 2, 1]),
    ("L", 3, "CRRR", 0, false, [1, 3, 3, 1]),
    ("M", 2, "CFFC", 1, false, [1, 0, 1, 1]),
    ("N", 3, "CFFC", 0, false, [1, 0, 1, 1]),
    ("O", 2, "CRRC", 1, false, [1, 1, 2, 1]),
    ("P", 3, "CRRC", 0, false, [1, 1, 2, 1]),
    ("Q", 1, "CCFC", 1, false, [1, 0, 1, 1]),
    ("R", 3, "CCFC", 0, false, [1, 0, 1, 1]),
    ("S", 2, "CCRC", 1, false, [1, 1, 2, 2]),
    ("T", 1, "CCRC", 0, false, [1, 1, 2, 2]),
    ("U", 8, "FRFR", 0, false, [0, 1, 2, 0]),
    ("V", 9, "FFRR", 0, false, [0, 1, 2, 0]),
    ("W", 4, "FRRR", 0, false, [0, 3, 3, 0]),
    ("X", 1, "RRRR", 0, false, [0, 4, 4, 0]),
];

#[test]
fn base_tile_catalogue_matches_the_published_tile_list() {
    let set = lib().tile_set(&[]);
    assert_eq!(set.len(), BASE_FACTS.len());
    assert_eq!(set.bag().len(), 72, "the base game has 72 land tiles");
    for (id, count, edges, pennants, cloister, [cities, roads, fields, bordering]) in BASE_FACTS {
        let def = set.get(set.find(id).unwrap_or_else(|| panic!("tile {id} missing")));
        let of = |k: FeatureKind| def.segments.iter().filter(|s| s.kind == k).count();
        assert_eq!(def.count, *count, "copies of {id}");
        assert_eq!(def.edge_string(), *edges, "edges of {id}");
        assert_eq!(def.segments.iter().map(|s| s.pennants).sum::<u8>(), *pennants, "pennants of {id}");
        assert_eq!(of(FeatureKind::Cloister) == 1, *cloister, "cloister of {id}");
        assert_eq!(of(FeatureKind::City), *cities, "cities of {id}");
        assert_eq!(of(FeatureKind::Road), *roads, "roads of {id}");
        assert_eq!(of(FeatureKind::Field), *fields, "fields of {id}");
        let b = def.segments.iter().filter(|s| s.kind == FeatureKind::Field && !s.borders.is_empty()).count();
        assert_eq!(b, *bordering, "fields of {id} that border a city");
    }
    let start: Vec<_> = set.iter().filter(|(_, d)| d.start).map(|(_, d)| d.id.clone()).collect();
    assert_eq!(start, vec!["D"], "the start tile is a D");
}

#[test]
fn base_tile_fields_follow_the_reference() {
    let set = lib().tile_set(&[]);
    let r0 = Rotation::default();
    let d = set.get(set.find("D").unwrap());
    // D: the strip between city and road touches the city; the field south of the road does not.
    let strip = d.find_segment(r0, FeatureKind::Field, referee::tile::Spot::parse("NE")).unwrap();
    let south = d.find_segment(r0, FeatureKind::Field, referee::tile::Spot::parse("S")).unwrap();
    assert_eq!(d.segments[strip].borders.len(), 1);
    assert!(d.segments[south].borders.is_empty());
    // H and I: one field borders both separate city caps.
    for id in ["H", "I"] {
        let t = set.get(set.find(id).unwrap());
        let fields: Vec<_> = t.segments.iter().filter(|s| s.kind == FeatureKind::Field).collect();
        assert_eq!(fields.len(), 1, "{id} has one field");
        assert_eq!(fields[0].borders.len(), 2, "{id}'s field borders both cities");
    }
    // X: four road ends and four corner fields.
    let x = set.get(set.find("X").unwrap());
    assert_eq!(x.segments.iter().filter(|s| s.kind == FeatureKind::Road).count(), 4);
    assert_eq!(x.segments.iter().filter(|s| s.kind == FeatureKind::Field).count(), 4);
    // Every road edge of every tile has a road segment on it, in every rotation.
    for (_, t) in set.iter() {
        for r in Rotation::ALL {
            for e in Edge::ALL {
                let has = t.segment_on_edge(r, e).is_some();
                assert_eq!(has, t.edge(r, e) != referee::tile::Terrain::Field, "{} {e:?} {r:?}", t.id);
            }
        }
    }
}

#[test]
fn the_profile_slugs_are_the_embedded_file_names() {
    for e in data::PROFILES {
        let p = referee::data::profiles::load(&DataSource::default().open(e).unwrap()).unwrap();
        assert_eq!(e.path, format!("rulesets/{}.yaml", p.id));
    }
}

/// Bridges, Castles and Bazaars (1st edition): 12 land tiles, tile 01 twice and 02-11 once;
/// eight bazaars (01 twice, 03, 05, 07, 08, 09, 10), two inns (08, 10), a cloister in a city
/// (04) and a cloister (11); the witch-hat city of 06 is not a semicircle. 12 bridges and 12
/// castles: three each for four players, two each for six.
#[test]
fn bcb1_components_match_the_tile_distribution() {
    let all = lib().tile_set(&[referee::expansion::ExpansionId::Bcb1]);
    let base = lib().tile_set(&[]);
    let bcb: Vec<_> = all.iter().filter(|(_, d)| base.find(&d.id).is_none()).map(|(_, d)| d.clone()).collect();
    assert_eq!(bcb.iter().map(|d| d.count).sum::<u32>(), 12);
    assert_eq!(all.bag().len(), 84, "mixed into the 72 base tiles");
    let count = |id: &str| bcb.iter().find(|d| d.id == id).map(|d| d.count);
    assert_eq!(count("BCB01"), Some(2));
    for n in 2..=11 {
        assert_eq!(count(&format!("BCB{n:02}")), Some(1));
    }
    let with = |pred: &dyn Fn(&referee::tile::TileDef) -> bool| {
        let mut v: Vec<String> = bcb.iter().filter(|d| pred(d)).map(|d| d.id.clone()).collect();
        v.sort();
        v
    };
    let bazaar = |d: &referee::tile::TileDef| d.marks.contains(&referee::tile::Mark::Bazaar);
    assert_eq!(with(&bazaar), ["BCB01", "BCB03", "BCB05", "BCB07", "BCB08", "BCB09", "BCB10"]);
    assert_eq!(bcb.iter().filter(|d| bazaar(d)).map(|d| d.count).sum::<u32>(), 8);
    assert_eq!(with(&|d| d.segments.iter().any(|s| s.inn)), ["BCB08", "BCB10"]);
    assert_eq!(with(&|d| d.segments.iter().any(|s| s.kind == FeatureKind::Cloister)), ["BCB04", "BCB11"]);
    assert_eq!(
        with(&|d| d.segments.iter().any(|s| s.kind == FeatureKind::Cloister)
            && d.segments.iter().any(|s| s.kind == FeatureKind::City)),
        ["BCB04"]
    );
    assert_eq!(
        with(&|d| d.segments.iter().any(|s| s.kind == FeatureKind::City && s.edges.count_ones() == 1 && !s.semicircle)),
        ["BCB06"]
    );
    use referee::expansion::bcb1::pieces_per_player;
    assert_eq!(4 * pieces_per_player(4) as u32, 12);
    assert_eq!(6 * pieces_per_player(6) as u32, 12);
    assert_eq!((pieces_per_player(2), pieces_per_player(3), pieces_per_player(5)), (3, 3, 2));
}

/// See: issue #11. The scenario machinery names no expansion's pieces: each expansion's
/// vocabulary lives in its own file (src/scenario/<expansion>.rs, beside src/expansion/).
#[test]
fn the_shared_scenario_files_name_no_expansion_piece() {
    let words = [
        "bridge",
        "castle",
        "bazaar",
        "barn",
        "lady",
        "ladies",
        "drawbridge",
        "pig",
        "builder",
        "inn",
        "dragon",
        "fairy",
        "princess",
        "portal",
        "volcano",
    ];
    for file in ["mod.rs", "raw.rs", "vocab.rs", "value.rs"] {
        let text = std::fs::read_to_string(crate::util::root().join("src/scenario").join(file)).unwrap().to_lowercase();
        for w in words {
            let found = text.match_indices(w).any(|(i, _)| {
                let before = text[..i].chars().next_back().is_none_or(|c| !c.is_alphanumeric());
                let after = text[i + w.len()..].chars().next().is_none_or(|c| !c.is_alphanumeric() || c == 's');
                before && after
            });
            assert!(!found, "src/scenario/{file} names `{w}`: it belongs in that expansion's own file");
        }
    }
}

/// Inns and Cathedrals (1st edition): 18 tiles of 17 kinds, typed in from the expansion's tile
/// facts (as JCloisterZone's set records them, in its order; the ids are the project's own).
/// Edges N E S W; inns on six tiles, cathedrals on the two copies of one, three pennants.
#[test]
fn ic_tiles_match_the_tile_facts() {
    let all = lib().tile_set(&[referee::expansion::ExpansionId::Ic]);
    let base = lib().tile_set(&[]);
    let ic: Vec<_> = all.iter().filter(|(_, d)| base.find(&d.id).is_none()).map(|(_, d)| d.clone()).collect();
    // id, copies, edges, separate cities, separate roads, fields, cloister, pennants, inns, cathedrals.
    type Facts = (&'static str, u32, &'static str, usize, usize, usize, bool, u32, usize, usize);
    #[rustfmt::skip]
    let facts: [Facts; 17] = [
        ("IC01", 2, "CCCC", 1, 0, 0, false, 0, 0, 1),
        ("IC02", 1, "FRFR", 0, 2, 2, true, 0, 0, 0),
        ("IC03", 1, "CCCC", 4, 0, 1, false, 0, 0, 0),
        ("IC04", 1, "CCFC", 3, 0, 1, false, 0, 0, 0),
        ("IC05", 1, "CRCR", 2, 2, 4, false, 0, 0, 0),
        ("IC06", 1, "CFCC", 2, 0, 1, false, 1, 0, 0),
        ("IC07", 1, "CFFF", 1, 0, 2, false, 0, 0, 0),
        ("IC08", 1, "CFRF", 1, 1, 2, false, 0, 0, 0),
        ("IC09", 1, "CRFC", 1, 1, 2, false, 0, 0, 0),
        ("IC10", 1, "RCRC", 1, 2, 4, false, 1, 0, 0),
        ("IC11", 1, "CFRC", 1, 1, 2, false, 0, 1, 0),
        ("IC12", 1, "CFRR", 1, 1, 2, false, 0, 1, 0),
        ("IC13", 1, "CRRC", 1, 1, 2, false, 1, 1, 0),
        ("IC14", 1, "FRRR", 0, 3, 3, false, 0, 1, 0),
        ("IC15", 1, "FRFR", 0, 1, 2, false, 0, 1, 0),
        ("IC16", 1, "FFRR", 0, 1, 2, false, 0, 1, 0),
        ("IC17", 1, "RRRR", 0, 2, 3, false, 0, 0, 0),
    ];
    assert_eq!(ic.len(), facts.len(), "17 kinds");
    assert_eq!(ic.iter().map(|d| d.count).sum::<u32>(), 18);
    assert_eq!(all.bag().len(), 72 + 18, "mixed into the 72 base tiles");
    for (id, count, edges, cities, roads, fields, cloister, pennants, inns, cathedrals) in facts {
        let d = ic.iter().find(|d| d.id == id).unwrap_or_else(|| panic!("{id} missing"));
        let n = |k: FeatureKind| d.segments.iter().filter(|s| s.kind == k).count();
        assert_eq!(d.count, count, "{id}: copies");
        assert_eq!(d.edge_string(), edges, "{id}: edges");
        assert_eq!(
            (n(FeatureKind::City), n(FeatureKind::Road), n(FeatureKind::Field), n(FeatureKind::Cloister) == 1),
            (cities, roads, fields, cloister),
            "{id}: cities, roads, fields, cloister"
        );
        assert_eq!(d.segments.iter().map(|s| u32::from(s.pennants)).sum::<u32>(), pennants, "{id}: pennants");
        assert_eq!(d.segments.iter().filter(|s| s.inn && s.kind == FeatureKind::Road).count(), inns, "{id}: inns");
        let c = d.segments.iter().filter(|s| s.cathedral && s.kind == FeatureKind::City).count();
        assert_eq!(c, cathedrals, "{id}: cathedrals");
    }
    // The junction's inn stands beside its east road only, IC15's beside its one straight road.
    let junction = ic.iter().find(|d| d.id == "IC14").unwrap();
    let inn_road: Vec<u8> = junction.segments.iter().filter(|s| s.inn).map(|s| s.edges).collect();
    assert_eq!(inn_road, [Edge::E.bit()]);
    // The enclosed field of IC03 reaches no edge and borders all four caps.
    let caps = ic.iter().find(|d| d.id == "IC03").unwrap();
    let field = caps.segments.iter().find(|s| s.kind == FeatureKind::Field).unwrap();
    assert_eq!((field.halves, field.borders.len()), (0, 4));
    // Without the expansion the tiles are not in the game; BCB's inn tiles stay as they are.
    assert!(lib().tile_set(&[referee::expansion::ExpansionId::Bcb1]).find("IC01").is_none());
}

/// Traders and Builders (1st edition), typed in from its contents and tile facts
/// (docs/notes/traders-and-builders.md, "Tiles"): id, edges N E S W, cities, roads, fields,
/// cloister, and the goods shown (one symbol at most per tile).
type TbFact = (&'static str, &'static str, usize, usize, usize, bool, Option<&'static str>);

#[rustfmt::skip]
const TB_FACTS: &[TbFact] = &[
    ("TB01", "CFFC", 1, 0, 1, false, Some("grain")),
    ("TB02", "CFFC", 1, 0, 1, false, Some("wine")),
    ("TB03", "FCCC", 2, 0, 2, false, Some("cloth")),
    ("TB04", "FCCC", 2, 0, 2, false, Some("wine")),
    ("TB05", "CCFC", 1, 0, 1, false, Some("grain")),
    ("TB06", "CCCC", 3, 0, 1, false, Some("cloth")),
    ("TB07", "CRRC", 1, 2, 4, false, Some("cloth")),
    ("TB08", "CRRC", 1, 2, 3, false, Some("wine")),
    ("TB09", "CRCC", 2, 1, 2, false, Some("cloth")),
    ("TB10", "CRCC", 2, 1, 2, false, Some("grain")),
    ("TB11", "CRFC", 1, 1, 2, false, Some("cloth")),
    ("TB12", "CRFC", 1, 1, 3, false, Some("wine")),
    ("TB13", "CCRC", 1, 1, 2, false, Some("wine")),
    ("TB14", "CCCC", 2, 0, 1, false, Some("wine")),
    ("TB15", "FCFC", 1, 0, 2, false, Some("wine")),
    ("TB16", "CRFF", 1, 1, 2, false, None),
    ("TB17", "FCRC", 1, 1, 3, false, Some("grain")),
    ("TB18", "FCRC", 1, 1, 3, false, Some("wine")),
    ("TB19", "RCRC", 1, 2, 4, false, Some("wine")),
    ("TB20", "FRRR", 0, 3, 3, true, None),
    ("TB21", "CFRC", 1, 1, 2, false, Some("grain")),
    ("TB22", "CFRC", 1, 1, 3, false, Some("grain")),
    ("TB23", "CFRR", 1, 2, 3, false, None),
    ("TB24", "RRRR", 0, 2, 4, false, None),
];

/// 24 tiles, one of each: 9 with wine, 6 with grain, 5 with cloth, 4 without goods; tile 24's
/// two roads pass each other by (one over the other), leaving four fields that touch no city;
/// the fields enclosed by cities reach no edge.
#[test]
fn tb_tiles_match_the_contents_and_the_tile_facts() {
    use referee::tile::Goods;
    let (tb, all) = added_tiles(expansion::ExpansionId::Tb);
    assert_eq!(tb.len(), TB_FACTS.len());
    assert_eq!(tb.iter().map(|d| d.count).sum::<u32>(), 24);
    assert_eq!(all.bag().len(), 96, "mixed into the 72 base tiles");
    let mut totals = [0u32; 4];
    for &(id, edges, cities, roads, fields, cloister, goods) in TB_FACTS {
        let d = tile_with(&tb, (id, 1, edges, cities, roads, fields, cloister, 0));
        let shown: Vec<Goods> = d.segments.iter().flat_map(|s| s.goods.iter().copied()).collect();
        assert_eq!(shown, goods.map(|g| Goods::parse(g).unwrap()).into_iter().collect::<Vec<_>>(), "goods of {id}");
        totals[goods.and_then(Goods::parse).map_or(3, |g| g.index())] += d.count;
    }
    assert_eq!(totals, [9, 6, 5, 4], "wine, grain, cloth, none");
    let x = tb.iter().find(|d| d.id == "TB24").unwrap();
    let mut roads: Vec<u8> = x.segments.iter().filter(|s| s.kind == FeatureKind::Road).map(|s| s.edges).collect();
    roads.sort();
    assert_eq!(roads, [Edge::N.bit() | Edge::S.bit(), Edge::E.bit() | Edge::W.bit()], "two roads passing through");
    assert!(x.segments.iter().filter(|s| s.kind == FeatureKind::Field).all(|s| s.borders.is_empty()));
    for id in ["TB03", "TB04", "TB06", "TB14"] {
        let d = tb.iter().find(|d| d.id == id).unwrap();
        assert!(
            d.segments.iter().any(|s| s.kind == FeatureKind::Field && s.halves == 0 && s.borders.len() >= 2),
            "{id}"
        );
    }
}

/// The Princess and the Dragon (1st edition), typed in from the expansion's tile list (facts
/// checked against JCloisterZone's definitions, `princess-and-dragon:1`): id, edges N E S W,
/// cities, roads, fields, cloister, pennants, the symbol and the copies.
type PdFact = (&'static str, &'static str, usize, usize, usize, bool, u8, &'static str, u32);
const PD_FACTS: &[PdFact] = &[
    ("PD01", "CCCF", 2, 0, 2, false, 1, "princess", 1),
    ("PD02", "FFFF", 0, 0, 1, false, 0, "volcano", 1),
    ("PD03", "RRRR", 0, 2, 3, false, 0, "portal", 1),
    ("PD04", "FFRF", 0, 1, 1, false, 0, "volcano", 1),
    ("PD05", "CFFF", 1, 0, 1, false, 0, "dragon", 1),
    ("PD06", "CFFF", 1, 0, 1, false, 0, "volcano", 1),
    ("PD07", "FRRR", 0, 3, 3, true, 0, "dragon", 1),
    ("PD08", "FRRR", 0, 3, 3, false, 0, "dragon", 1),
    ("PD09", "FRRR", 0, 3, 3, false, 0, "portal", 1),
    ("PD10", "CRRR", 1, 3, 3, false, 0, "princess", 1),
    ("PD11", "CCFC", 1, 0, 1, false, 0, "princess", 1),
    ("PD12", "CCFC", 1, 0, 1, false, 1, "portal", 1),
    ("PD13", "CCFC", 1, 0, 1, true, 0, "dragon", 1),
    ("PD14", "FFRR", 0, 1, 2, false, 0, "dragon", 2),
    ("PD15", "FFRR", 0, 1, 2, false, 0, "volcano", 1),
    ("PD16", "FRFR", 0, 1, 2, false, 0, "dragon", 1),
    ("PD17", "FRFR", 0, 1, 2, false, 0, "volcano", 1),
    ("PD18", "CFFC", 1, 0, 2, false, 0, "princess", 1),
    ("PD19", "CFFC", 1, 0, 1, false, 0, "dragon", 1),
    ("PD20", "CFFC", 1, 0, 1, false, 0, "princess", 1),
    ("PD21", "CCFF", 2, 0, 1, false, 0, "volcano", 1),
    ("PD22", "FCFC", 1, 0, 2, false, 1, "dragon", 1),
    ("PD23", "CRRC", 1, 1, 2, false, 0, "princess", 1),
    ("PD24", "CRRC", 1, 1, 2, false, 0, "portal", 1),
    ("PD25", "RCRC", 1, 1, 2, false, 0, "dragon", 1),
    ("PD26", "CFRR", 1, 1, 2, false, 0, "dragon", 1),
    ("PD27", "CFRR", 1, 1, 2, false, 0, "portal", 1),
    ("PD28", "CRRF", 1, 1, 2, false, 0, "dragon", 1),
    ("PD29", "CRRF", 1, 1, 2, false, 0, "portal", 1),
];

#[test]
fn pd_tiles_match_the_contents_and_the_tile_facts() {
    use referee::tile::Mark;
    let (pd, all) = added_tiles(expansion::ExpansionId::Pd);
    assert_eq!(pd.len(), PD_FACTS.len());
    assert_eq!(pd.iter().map(|d| d.count).sum::<u32>(), 30);
    assert_eq!(all.bag().len(), 102, "mixed into the 72 base tiles");
    let mut totals = [0u32; 4];
    for &(id, edges, cities, roads, fields, cloister, pennants, mark, count) in PD_FACTS {
        let d = tile_with(&pd, (id, count, edges, cities, roads, fields, cloister, pennants));
        let marks: Vec<&str> = d.marks.iter().map(|m| m.as_str()).collect();
        assert_eq!(marks, [mark], "symbol of {id}");
        let i = [Mark::Volcano, Mark::Dragon, Mark::Portal, Mark::Princess].iter().position(|m| m.as_str() == mark);
        totals[i.unwrap()] += d.count;
    }
    assert_eq!(totals, [6, 12, 6, 6], "volcanoes, dragons, portals, princesses");
    // Tile 01: the princess in a cap of its own, which is no semicircle (no castle town).
    let one = pd.iter().find(|d| d.id == "PD01").unwrap();
    let caps: Vec<_> =
        one.segments.iter().filter(|s| s.kind == FeatureKind::City && s.edges == Edge::N.bit()).collect();
    assert_eq!(caps.len(), 1);
    assert!(!caps[0].semicircle, "tile 01's top cap cannot go into a castle town");
    // Tile 25: the road passes through a tunnel under the city, one road.
    let tunnel = pd.iter().find(|d| d.id == "PD25").unwrap();
    assert!(tunnel.segments.iter().any(|s| s.kind == FeatureKind::Road && s.edges == Edge::N.bit() | Edge::S.bit()));
}

#[test]
fn the_prebuilt_catalogue_profiles_and_tiles_are_the_ones_their_yaml_holds() {
    // `build.rs` reads the catalogue, profile and tile files when the crate is built; the
    // loader reads the same files at run time with `--data`: both give the same entries.
    for book in expansion::rule_books() {
        assert!(data::catalogue::prebuilt_matches(&book.catalogue), "{}", book.catalogue.path);
    }
    for e in data::PROFILES {
        assert!(data::profiles::prebuilt_matches(e), "{}", e.path);
    }
    for e in expansion::REGISTRY.iter().filter_map(|x| x.tiles()) {
        assert!(data::tiles::prebuilt_matches(e), "{}", e.path);
    }
}

#[test]
fn the_builtin_data_read_as_needed_is_the_data_read_whole() {
    let whole = Library::load_all(&DataSource::default()).unwrap();
    let lazy = Library::builtin();
    // Asked for piece by piece first, then whole.
    for p in data::PROFILES {
        let id = p.path.trim_start_matches("rulesets/").trim_end_matches(".yaml");
        assert_eq!(format!("{:?}", lazy.profile(id)), format!("{:?}", whole.profile(id)), "{id}");
    }
    assert!(lazy.profile("no-such-profile").is_none());
    let all: Vec<_> = whole.tiles.iter().map(|(x, _)| *x).collect();
    let defs = |s: referee::tile::TileSet| format!("{:?}", s.iter().collect::<Vec<_>>());
    for x in &all {
        assert_eq!(defs(lazy.tile_set(&[*x])), defs(whole.tile_set(&[*x])), "{x:?}");
    }
    assert_eq!(defs(lazy.tile_set(&all)), defs(whole.tile_set(&all)));
    // The rules last expansion first: a file is built after those before it.
    let rules: Vec<_> = expansion::all_rules().collect();
    for r in rules.iter().rev() {
        assert_eq!(format!("{:?}", lazy.catalogue.get(*r)), format!("{:?}", whole.catalogue.get(*r)), "{r:?}");
        assert!(lazy.catalogue.knows(r.as_str()), "{r:?}");
    }
    assert!(!lazy.catalogue.knows("no-such-rule"));
    assert_eq!(format!("{:?}", *lazy.profiles), format!("{:?}", *whole.profiles));
    assert_eq!(format!("{:?}", *lazy.tiles), format!("{:?}", *whole.tiles));
    assert_eq!(format!("{:?}", lazy.catalogue), format!("{:?}", whole.catalogue));
}

/// The Tower's tiles as JCloisterZone's set `tower:1` records them (facts, typed in): id,
/// copies, edges N E S W, cities, roads, fields, cloister, pennants.
type TowerFact = (&'static str, u32, &'static str, usize, usize, usize, bool, u8);

const TOWER_FACTS: &[TowerFact] = &[
    ("TW01", 2, "CFFF", 1, 0, 1, false, 0),
    ("TW02", 1, "FFFF", 0, 0, 1, false, 0),
    ("TW03", 1, "FFFF", 0, 0, 1, true, 0),
    ("TW04", 1, "FFRR", 0, 2, 2, false, 0),
    ("TW05", 1, "RRFR", 0, 3, 3, false, 0),
    ("TW06", 1, "RRRR", 0, 2, 3, false, 0),
    ("TW07", 1, "RRRR", 0, 4, 4, false, 0),
    ("TW08", 1, "RCRC", 1, 1, 4, false, 0),
    ("TW09", 1, "CFRF", 1, 1, 2, false, 0),
    ("TW10", 1, "CFRR", 1, 1, 2, false, 0),
    ("TW11", 1, "CRFR", 1, 1, 3, false, 0),
    ("TW12", 1, "CFFC", 1, 0, 1, false, 0),
    ("TW13", 1, "CRCR", 2, 1, 2, false, 0),
    ("TW14", 1, "CCCC", 2, 0, 1, false, 1),
    ("TW15", 1, "CRFC", 1, 1, 3, false, 0),
    ("TW16", 1, "CCRC", 1, 1, 2, false, 0),
    ("TW17", 1, "CFFC", 2, 0, 1, false, 0),
];

#[test]
fn tower_tiles_match_the_contents_and_the_tile_facts() {
    use referee::tile::Mark;
    let (tw, all) = added_tiles(expansion::ExpansionId::Tower);
    assert_eq!(tw.len(), TOWER_FACTS.len());
    assert_eq!(tw.iter().map(|d| d.count).sum::<u32>(), 18, "18 land tiles");
    assert_eq!(all.bag().len(), 90, "mixed into the 72 base tiles");
    for &facts in TOWER_FACTS {
        let d = tile_with(&tw, facts);
        assert_eq!(d.marks, [Mark::Tower], "tower foundation on {}", facts.0);
    }
}

/// Abbey and Mayor (1st edition), typed in from its contents and tile facts
/// (docs/notes/abbey-and-mayor.md, "Tiles"): id, edges N E S W, cities, roads, fields,
/// cloister, pennants.
type AmFact = (&'static str, &'static str, usize, usize, usize, bool, u8);

#[rustfmt::skip]
const AM_FACTS: &[AmFact] = &[
    ("AM01", "CCCC", 1, 0, 0, false, 2),
    ("AM02", "CCCC", 2, 0, 1, false, 1), // its two enclosed fields, between the same cities, as one
    ("AM03", "CCFC", 2, 0, 2, false, 1),
    ("AM04", "CRRC", 2, 2, 3, false, 0),
    ("AM05", "FFFC", 1, 0, 3, false, 1),
    ("AM06", "RRRR", 0, 4, 4, true, 0),
    ("AM07", "CFFR", 1, 1, 2, false, 0),
    ("AM08", "CRRF", 1, 1, 3, false, 0),
    ("AM09", "CFRR", 1, 1, 3, false, 0),
    ("AM10", "FFRF", 0, 1, 1, false, 0),
    ("AM11", "RRFR", 0, 1, 3, false, 0),
    ("AM12", "RCRC", 1, 1, 3, false, 1),
];

/// 12 land tiles, one of each; the well's three roads are one road; the road of tile 12 passes
/// under its city; the caps of tiles 03 and 05 are not semicircles (no castle town), every
/// other cap is.
#[test]
fn am_tiles_match_the_contents_and_the_tile_facts() {
    let (am, _) = added_tiles(expansion::ExpansionId::Am);
    let land: Vec<_> = am.iter().filter(|d| d.count > 0).collect();
    assert_eq!(land.len(), AM_FACTS.len());
    assert_eq!(land.iter().map(|d| d.count).sum::<u32>(), 12);
    for &(id, edges, cities, roads, fields, cloister, pennants) in AM_FACTS {
        let d = tile_with(&am, (id, 1, edges, cities, roads, fields, cloister, pennants));
        for s in d.segments.iter().filter(|s| s.kind == FeatureKind::City && s.edges.count_ones() == 1) {
            assert_eq!(s.semicircle, !["AM03", "AM05"].contains(&id), "cap of {id}");
        }
    }
    let well = am.iter().find(|d| d.id == "AM11").unwrap();
    let road = well.segments.iter().find(|s| s.kind == FeatureKind::Road).unwrap();
    assert_eq!(road.edges, Edge::N.bit() | Edge::W.bit() | Edge::E.bit());
    let tunnel = am.iter().find(|d| d.id == "AM12").unwrap();
    let road = tunnel.segments.iter().find(|s| s.kind == FeatureKind::Road).unwrap();
    assert_eq!(road.edges, Edge::N.bit() | Edge::S.bit());
}

/// Hills and Sheep (1st edition), typed in from JCloisterZone's tile facts (tiles/hs.yaml):
/// id, copies, edges N E S W, cities, roads, fields, cloister, pennants: the box's 18 tiles
/// (HS02's east city also touches the north edge: checked below).
#[rustfmt::skip]
const HS_FACTS: &[Layout] = &[
    ("HS01", 2, "CFFF", 1, 0, 2, false, 0),
    ("HS02", 2, "CCFC", 2, 0, 1, false, 0),
    ("HS03", 1, "CFFC", 1, 0, 1, false, 0),
    ("HS04", 1, "CFFC", 2, 0, 1, false, 0),
    ("HS05", 1, "CFFC", 1, 0, 1, false, 0),
    ("HS06", 1, "CFCF", 2, 0, 1, false, 0),
    ("HS07", 1, "FCFC", 2, 0, 2, false, 0),
    ("HS08", 1, "CFRF", 1, 1, 2, false, 0),
    ("HS09", 1, "CRRF", 1, 1, 2, false, 0),
    ("HS10", 1, "CRRF", 1, 1, 2, true, 0),
    ("HS11", 1, "RRRF", 0, 2, 2, true, 0),
    ("HS12", 1, "CFRC", 2, 1, 2, false, 0),
    ("HS13", 1, "RFRF", 0, 2, 2, false, 0),
    ("HS14", 1, "FFRR", 0, 2, 2, false, 0),
    ("HS15", 1, "CFRR", 1, 1, 2, false, 0),
    ("HS16", 1, "FRRR", 0, 2, 2, false, 0),
];

/// Hills on eight kinds, vineyards on six; only the caps of HS01 (the wiki's tile 10), HS02
/// (touching the north edge too) and HS07 (its tile 13) are not semicircles.
#[test]
fn hs_tiles_match_the_tile_facts() {
    use referee::tile::Mark;
    let (hs, all) = added_tiles(expansion::ExpansionId::Hs);
    assert_eq!(hs.len(), HS_FACTS.len());
    assert_eq!(hs.iter().map(|d| d.count).sum::<u32>(), 18, "18 land tiles");
    assert_eq!(all.bag().len(), 72 + 18);
    let hills = ["HS03", "HS04", "HS06", "HS08", "HS09", "HS13", "HS14", "HS15"];
    let vineyards = ["HS01", "HS02", "HS05", "HS07", "HS12", "HS16"];
    for &facts in HS_FACTS {
        let id = facts.0;
        let d = tile_with(&hs, facts);
        assert_eq!(d.marks.contains(&Mark::Hill), hills.contains(&id), "hill on {id}");
        assert_eq!(d.marks.contains(&Mark::Vineyard), vineyards.contains(&id), "vineyard on {id}");
        for s in d.segments.iter().filter(|s| s.kind == FeatureKind::City && s.edges.count_ones() == 1) {
            assert_eq!(s.semicircle, !["HS01", "HS02", "HS07"].contains(&id), "cap of {id}");
        }
    }
    // HS02's east cap touches the north edge, which its corner city owns; no other city
    // touches an edge it does not own.
    let hs02 = hs.iter().find(|d| d.id == "HS02").unwrap();
    let touching: Vec<(u8, u8)> =
        hs02.segments.iter().filter(|s| s.touches != 0).map(|s| (s.edges, s.touches)).collect();
    assert_eq!(touching, [(Edge::E.bit(), Edge::N.bit())]);
    assert!(hs.iter().filter(|d| d.id != "HS02").all(|d| d.segments.iter().all(|s| s.touches == 0)));
}

/// The Count's twelve tiles of the city of Carcassonne, one of each, never in the bag's draw:
/// laid as the starting board, their walls make one city of twelve segments with no open edge,
/// and every field of the block borders it.
#[test]
fn count_tiles_lay_the_city_of_carcassonne_as_one_completed_city() {
    use referee::engine::Game;
    let (co, all) = added_tiles(expansion::ExpansionId::Count);
    assert_eq!(co.len(), 12);
    assert!(co.iter().all(|d| d.count == 1), "one of each");
    let players = ["Red".to_string()];
    let mut g = Game::new(&all, Default::default(), &[expansion::ExpansionId::Count], &players);
    assert_eq!(g.setup_start(), Ok(true));
    assert_eq!(g.placed().len(), 12, "the block, no start tile");
    let walled: Vec<_> = (0..12)
        .flat_map(|i| {
            let p = g.placed()[i];
            let d = all.get(p.kind);
            let g = &g;
            (0..d.segments.len()).filter(|l| d.segments[*l].walls != 0).map(move |l| g.segment_at(p.pos, l).unwrap())
        })
        .collect();
    assert_eq!(walled.len(), 12, "a walled city on each tile");
    let city = g.feature_of(walled[0]);
    assert!(walled.iter().all(|s| g.feature_of(*s) == city), "one city");
    assert_eq!(g.open_edges(city), 0, "completed");
    for i in 0..12 {
        let p = g.placed()[i];
        let d = all.get(p.kind);
        for l in (0..d.segments.len()).filter(|l| d.segments[*l].kind == FeatureKind::Field) {
            let f = g.segment_at(p.pos, l).unwrap();
            assert!(g.cities_bordering(f).contains(&city), "the field {l} of {} borders the city", d.id);
        }
    }
}
