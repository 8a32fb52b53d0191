use crate::util::{lib, referee, root, stderr, stdout, TempDir};
use referee::diag::SourceFile;
use referee::jcz::{self, tiles};
use referee::tile::FeatureKind;
use std::path::{Path, PathBuf};

/// The project's own saved games, written by hand in JCZ's format, their outcomes worked out
/// in their `test` blocks.
fn fixtures() -> Vec<PathBuf> {
    let mut v: Vec<PathBuf> = std::fs::read_dir(root().join("tests/jcz"))
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| jcz::is_saved_game(p))
        .collect();
    v.sort();
    assert!(v.len() >= 2);
    v
}

#[test]
fn the_projects_own_saved_games_import_and_pass() {
    for f in fixtures() {
        let rel = f.strip_prefix(root()).unwrap().to_str().unwrap().to_string();
        // `check` reads the game through the importer, and its engine test holds.
        let o = referee(&["check", &rel]);
        assert_eq!(o.status.code(), Some(0), "{rel}\n{}\n{}", stdout(&o), stderr(&o));
        assert!(stdout(&o).contains("Not judged (1)"), "{}", stdout(&o));
        // `import` writes a scenario that loads on its own and means the same.
        let o = referee(&["import", &rel]);
        assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
        let yaml = stdout(&o);
        let name = f.file_stem().unwrap().to_str().unwrap().to_string();
        insta::assert_snapshot!(format!("import_{name}"), yaml);
        let tmp = TempDir::new(&format!("jcz-import-{name}"));
        let out = tmp.write(&format!("{name}.yaml"), &yaml);
        let o = referee(&["check", out.to_str().unwrap()]);
        assert_eq!(o.status.code(), Some(0), "{}\n{}", stdout(&o), stderr(&o));
    }
}

#[test]
fn a_wrong_score_in_an_engine_test_fails() {
    let text = std::fs::read_to_string(root().join("tests/jcz/road-and-city.jcz")).unwrap();
    let tmp = TempDir::new("jcz-a_wrong_score_in_an_engine_test_fails");
    let f = tmp.write("wrong.jcz", text.replace("\"Ann has 4 points\"", "\"Ann has 5 points\""));
    let o = referee(&["check", f.to_str().unwrap()]);
    assert_eq!(o.status.code(), Some(1), "{}", stdout(&o));
    assert!(stdout(&o).contains("score of Ann"), "{}", stdout(&o));
}

#[test]
fn test_counts_engine_tests_apart() {
    let o = referee(&["test", "tests/jcz"]);
    assert_eq!(o.status.code(), Some(0), "{}{}", stdout(&o), stderr(&o));
    assert!(
        stdout(&o).contains("jcz engine tests: 8 passed, 0 failed, 0 unsupported (8 sentences not judged)"),
        "{}",
        stdout(&o)
    );
    let o = referee(&["test", "tests/jcz", "-f", "json"]);
    let v: serde_json::Value = serde_json::from_slice(&o.stdout).unwrap();
    assert_eq!(v["jcz"], serde_json::json!({"passed": 8, "failed": 0, "unsupported": 0, "sentences_not_judged": 8}));
    let o = referee(&["test", "tests/jcz", "-f", "junit"]);
    let xml = stdout(&o);
    assert!(xml.contains("<property name=\"jcz.sentences-not-judged\" value=\"8\"/>"), "{xml}");
    // A game of what the referee does not model is skipped, and says why.
    let text = std::fs::read_to_string(root().join("tests/jcz/castle-bridge-discard.jcz")).unwrap();
    let tmp = TempDir::new("jcz-unsupported");
    let dir = tmp.path();
    std::fs::write(
        dir.join("shrine.jcz"),
        text.replacen("\"farmers\": true", "\"farmers\": true,\n      \"shrine\": true", 1),
    )
    .unwrap();
    let o = referee(&["test", dir.to_str().unwrap(), "-f", "junit"]);
    let xml = stdout(&o);
    assert!(xml.contains("skipped=\"1\"") && xml.contains("<skipped message=\"unsupported: "), "{xml}");
    let o = referee(&["test", dir.to_str().unwrap()]);
    assert!(stdout(&o).contains("UNSUPPORTED ") && stdout(&o).contains("1 unsupported"), "{}", stdout(&o));
}

/// A saved game of the fixtures with `from` replaced by `to`, imported.
fn import_edited(from: &str, to: &str) -> Result<jcz::Imported, referee::diag::InputError> {
    let text = std::fs::read_to_string(root().join("tests/jcz/castle-bridge-discard.jcz")).unwrap();
    assert!(text.contains(from), "{from}");
    jcz::import(&SourceFile::new("edited.jcz", text.replacen(from, to, 1)), lib())
}

#[test]
fn what_the_referee_does_not_model_is_located_in_the_saved_game() {
    let e = import_edited("\"farmers\": true", "\"farmers\": true,\n      \"shrine\": true").unwrap_err();
    let text = crate::util::unwrapped(&e);
    assert!(text.contains("jcz::unsupported-element") && text.contains("edited.jcz:26:17"), "{text}");
    let e = import_edited("\"BA/L\"", "\"AM/A\"").unwrap_err();
    let text = crate::util::unwrapped(&e);
    assert!(text.contains("jcz::unsupported-tile") && text.contains("`AM/A`"), "{text}");
    // Broken JSON is a located problem too.
    let e = import_edited("\"players\": [", "\"players\": [[").unwrap_err();
    assert!(crate::util::unwrapped(&e).contains("edited.jcz:"), "{}", crate::util::unwrapped(&e));
}

#[test]
fn a_square_beyond_any_board_is_refused_even_at_the_least_integer() {
    // Found by fuzzing (seed 808, RELIABILITY.md): `abs` of i64::MIN overflowed (a panic in
    // the checked build, a wrap to square 0 in a release build).
    for y in ["-9223372036854775808", "9223372036854775807", "-1048577"] {
        let e =
            import_edited("\"position\": [\n          0,\n          -1\n        ]", &format!("\"position\": [0, {y}]"))
                .unwrap_err();
        let text = crate::util::unwrapped(&e);
        assert!(text.contains("jcz::bad-square") && text.contains("far off any board"), "{y}: {text}");
    }
    // An ordinary square still imports.
    import_edited("\"position\": [\n          0,\n          -1\n        ]", "\"position\": [0, -1]").unwrap();
}

/// The Flying Machines (tests/jcz/flier-flights.jcz, hand-made): a launch carries JCZ's
/// `random`, which JCZ turns into the die (times three, rounded down, plus one); the same
/// figure's next deployment is the landing. Only a normal follower flies in the referee: a
/// large one launched is refused where it is; a launch without `random` is a located problem.
#[test]
fn a_flight_is_read_with_the_die_jcz_threw_and_the_landing_chosen() {
    let text = std::fs::read_to_string(root().join("tests/jcz/flier-flights.jcz")).unwrap();
    let edited = |from: &str, to: &str| {
        assert!(text.contains(from), "{from}");
        jcz::import(&SourceFile::new("edited.jcz", text.replacen(from, to, 1)), lib())
    };
    let y = edited("", "").unwrap().yaml;
    assert!(y.contains("flier: {die: 1, at: [0, 0], on: road E}}") && y.contains("flier: {die: 3}}"), "{y}");
    for (random, die) in [("0.0", 1), ("0.3333", 1), ("0.34", 2), ("0.6149433914141893", 2), ("0.6667", 3)] {
        let y = edited("\"random\": 0.2", &format!("\"random\": {random}")).unwrap().yaml;
        assert!(y.contains(&format!("flier: {{die: {die}, at: [0, 0]")), "{random}: {y}");
    }
    let e =
        edited("\"meepleId\": \"0.small.1\",\n        \"random\"", "\"meepleId\": \"0.big.1\",\n        \"random\"")
            .unwrap_err();
    let msg = crate::util::unwrapped(&e);
    assert!(
        msg.contains("jcz::unsupported-message") && msg.contains("only a normal") && msg.contains("edited.jcz:"),
        "{msg}"
    );
    let e = edited("\"random\": 0.2", "\"chance\": 0.2").unwrap_err();
    let msg = crate::util::unwrapped(&e);
    assert!(msg.contains("jcz::bad-message") && msg.contains("`random`"), "{msg}");
}

/// The Traders and Builders fixture with `from` replaced by `to`, imported.
fn import_tb_edited(from: &str, to: &str) -> Result<jcz::Imported, referee::diag::InputError> {
    let text = std::fs::read_to_string(root().join("tests/jcz/goods-and-pig.jcz")).unwrap();
    assert!(text.contains(from), "{from}");
    jcz::import(&SourceFile::new("edited.jcz", text.replacen(from, to, 1)), lib())
}

#[test]
fn traders_and_builders_goods_pigs_and_the_builder() {
    // The pig is written on its turn; `pig: 2` gives each player two.
    let y = import_tb_edited("\"pig\": 1", "\"pig\": 2").unwrap().yaml;
    assert!(y.contains("pig: field NL}") && y.contains("pigs-each: 2"), "{y}");
    // A builder deployed is written on its turn, where the message puts it (here on a field,
    // which the replay then refuses: JCZ would not have offered it).
    let y = import_tb_edited("\"1.pig.1\"", "\"1.builder.1\"").unwrap().yaml;
    assert!(y.contains("builder: field NL}"), "{y}");
    // The set's goods without the `traders` element: JCZ takes none, the referee would.
    let e = import_tb_edited("\"traders\": true", "\"merchants\": true").unwrap_err();
    let text = crate::util::unwrapped(&e);
    assert!(text.contains("without the `traders` element"), "{text}");
    // Pigs each: the box's one up to eight.
    let e = import_tb_edited("\"pig\": 1", "\"pig\": 9").unwrap_err();
    assert!(crate::util::unwrapped(&e).contains("9 pigs each"));
}

/// The Siege and The Cathars: JCZ's engine test that stops where a knight may escape (where
/// the engine tests are at hand), its game carried on by an escape (`RETURN_MEEPLE` from
/// `SIEGE_ESCAPE`, after the turn's commit): written on the turn, legal beside any tile of the
/// city (`espace-variant: any-tile`), refused beside a besieger tile only (`siege-tile`); the
/// besieged tiles without the element `siege` are refused at their set.
#[test]
fn a_knight_escaping_a_besieged_city_is_read_on_its_turn() {
    let dir = std::env::var_os("REFEREE_JCZ_TESTS")
        .map(PathBuf::from)
        .unwrap_or_else(|| root().join("../shared/jcz/engine-tests"));
    let Ok(text) = std::fs::read_to_string(dir.join("siege/escape-any-tile-to-besieged.jcz")) else {
        eprintln!("JCZ's engine tests are not at hand: skipped");
        return;
    };
    let escape = r#"{"type": "RETURN_MEEPLE", "payload": {"source": "SIEGE_ESCAPE", "pointer": {"featurePointer": {"position": [0, -1], "location": "NS", "feature": "City"}, "meepleId": "0.small.1"}}, "player": 0, "clock": 12000},"#;
    let at = text.find("\"replay\": [").expect("a replay") + "\"replay\": [".len();
    let end = text[at..].find("\n  ]").expect("the replay's end") + at;
    let mut edited = text.clone();
    edited.insert_str(end, &format!(",\n    {}", escape.trim_end_matches(',')));
    let y = jcz::import(&SourceFile::new("edited.jcz", edited.clone()), lib()).unwrap().yaml;
    assert!(y.contains("escape: {at: [0, 1], on: city N}") && y.contains("siege.escape: any-city-tile"), "{y}");
    let tmp = TempDir::new("jcz-escape");
    let out = tmp.write("escape.yaml", &y);
    let o = referee(&["check", out.to_str().unwrap()]);
    assert_eq!(o.status.code(), Some(0), "{}\n{}", stdout(&o), stderr(&o));
    // Beside a besieger tile only: the cloister at 1,0 is two rows from the Cathar tile.
    let strict = edited.replacen("\"rules\": {}", "\"rules\": {\"espace-variant\": \"siege-tile\"}", 1);
    let y = jcz::import(&SourceFile::new("edited.jcz", strict), lib()).unwrap().yaml;
    let out = tmp.write("strict.yaml", &y);
    let o = referee(&["check", out.to_str().unwrap()]);
    assert_eq!(o.status.code(), Some(2), "{}\n{}", stdout(&o), stderr(&o));
    assert!(stderr(&o).contains("cathars.escape.cloister"), "{}", stderr(&o));
    // The besieged tiles played as plain ones (no element `siege`): refused at the set.
    let plain = text.replacen("\"siege\": true,", "", 1);
    let e = jcz::import(&SourceFile::new("edited.jcz", plain), lib()).unwrap_err();
    assert!(crate::util::unwrapped(&e).contains("without the element `siege`"), "{}", crate::util::unwrapped(&e));
}

#[test]
fn inns_and_cathedrals_import_by_key_presence_with_the_large_follower() {
    let text = std::fs::read_to_string(root().join("tests/jcz/large-follower-inn.jcz")).unwrap();
    let import = |t: &str| jcz::import(&SourceFile::new("edited.jcz", t.to_string()), lib());
    let y = import(&text).unwrap().yaml;
    // The big meeple is the large follower; no `cathedral` key: cathedrals left out.
    assert!(y.contains("{tile: IC15, at: [1, 0], large: road E}"), "{y}");
    assert!(y.contains("ic.cathedrals: left-out") && !y.contains("ic.inns:"), "{y}");
    // A key counts whatever its value: `"cathedral": false` still plays cathedrals.
    let y = import(&text.replacen("\"inn\": true", "\"inn\": true,\n      \"cathedral\": false", 1)).unwrap().yaml;
    assert!(!y.contains("ic.cathedrals"), "{y}");
    // No large follower counted, none played; more than the rules' one is the supply.
    let y = import(&text.replacen("\"big-follower\": 1", "\"big-follower\": 0", 1)).unwrap().yaml;
    assert!(y.contains("ic.large-followers: left-out"), "{y}");
    let y = import(&text.replacen("\"big-follower\": 1", "\"big-follower\": 2", 1)).unwrap().yaml;
    assert!(y.contains("supply: {large-follower: 2}") && !y.contains("ic.large-followers"), "{y}");
    let e = import(&text.replacen("\"big-follower\": 1", "\"big-follower\": 31", 1)).unwrap_err();
    assert!(crate::util::unwrapped(&e).contains("31 of the figure `big-follower` each"));
    // No `small-follower`: no followers; another count than 7: that count.
    let y = import(&text.replacen("\"small-follower\": 7,", "", 1)).unwrap().yaml;
    assert!(y.contains("supply: {followers: 0}"), "{y}");
    let y = import(&text.replacen("\"small-follower\": 7", "\"small-follower\": 1", 1)).unwrap().yaml;
    assert!(y.contains("supply: {followers: 1}"), "{y}");
    // The final-scoring rule of the expansion carries over.
    let y = import(&text.replacen("\"rules\": {}", "\"rules\": {\"inn-and-cathedral-final-scoring\": \"ignore\"}", 1))
        .unwrap()
        .yaml;
    assert!(y.contains("ic.incomplete-inn-cathedral: ignore"), "{y}");
}

#[test]
fn a_tile_that_fits_only_over_a_bridge_gets_the_bridge_jcz_chose() {
    // Turn 4's cloister meets a road with a field edge: JCZ spent a bridge across it, east-west.
    let y = import_edited("x", "x").unwrap().yaml;
    assert!(y.contains("{tile: B, at: [2, 0], bridge: EW, follower: cloister}"), "{y}");
    // Tiles of the draw order that fit nowhere are discards.
    assert!(y.contains("{tile: C, discard: true}"), "{y}");
}

/// The JCZ-to-catalogue rows of docs/jcz.md's tile table.
fn documented_ids() -> Vec<(String, String)> {
    let doc = std::fs::read_to_string(root().join("docs/jcz.md")).unwrap();
    let table = &doc[doc.find("## Tile ids").expect("docs/jcz.md has its tile table")..];
    let mut v = Vec::new();
    for line in table.lines().filter(|l| l.starts_with("| `")) {
        let cells: Vec<&str> = line.split('|').map(str::trim).collect();
        for pair in cells[1..cells.len() - 1].chunks(2) {
            if let [j, o] = pair {
                if !j.is_empty() {
                    v.push((j.trim_matches('`').to_string(), o.to_string()));
                }
            }
        }
    }
    v
}

#[test]
fn the_tile_id_table_of_the_docs_is_the_importers() {
    let mut doc = documented_ids();
    doc.sort();
    let mut code: Vec<(String, String)> =
        tiles::TILE_IDS.iter().map(|(j, o, _)| (j.to_string(), o.to_string())).collect();
    code.extend(tiles::GARDEN_TILES.iter().map(|(j, o)| (j.to_string(), o.to_string())));
    code.sort();
    assert_eq!(doc, code);
    // Every catalogue tile of the sets read has its JCZ id.
    for (x, defs) in &lib().tiles {
        for d in defs {
            assert!(tiles::theirs(&d.id).is_some(), "{x}: {} has no JCZ id", d.id);
        }
    }
}

/// JCZ's tile definitions, when the reference folder is at hand (it is not part of the
/// project: a fresh clone skips this check).
fn jcz_xml(name: &str) -> Option<String> {
    let p = std::env::var_os("REFEREE_JCZ_XML")
        .map(PathBuf::from)
        .unwrap_or_else(|| root().join("../shared/reference/jcz"))
        .join(name);
    std::fs::read_to_string(p).ok()
}

/// A tile's layout as masks: city edges, road edges, field half-edges (none: a field inside
/// the tile, JCZ's `I`) with the city edges each borders; pennants, cloister, bazaar, inns,
/// cathedrals; the goods of each city (its edges and the kind); The Princess and the Dragon's
/// symbols (`volcano`, `dragon`, `portal`, `princess`).
type Layout = (Vec<u8>, Vec<u8>, Vec<(u8, Vec<u8>)>, u32, bool, bool, usize, usize, Vec<(u8, String)>, Vec<String>);

fn edges(text: &str) -> u8 {
    text.split_whitespace().map(|e| referee::geom::Edge::parse(e).unwrap().bit()).fold(0, |a, b| a | b)
}

/// JCZ's `I` (and `II`, a second one) is an inner field, which reaches no edge.
fn halves(text: &str) -> u8 {
    text.split_whitespace()
        .filter(|h| *h != "I" && *h != "II")
        .map(|h| referee::geom::Half::parse(h).unwrap().bit())
        .fold(0, |a, b| a | b)
}

fn jcz_layout(tile: roxmltree::Node) -> (Layout, String) {
    let (mut c, mut r, mut f): (Vec<u8>, Vec<u8>, Vec<(u8, String)>) = (Vec::new(), Vec::new(), Vec::new());
    let (mut pennants, mut cloister, mut bazaar, mut inns, mut cathedrals) = (0, false, false, 0, 0);
    let mut goods: Vec<(u8, String)> = Vec::new();
    let mut symbols: Vec<String> = Vec::new();
    for n in tile.children().filter(|n| n.is_element()) {
        let text = n.text().unwrap_or_default();
        match n.tag_name().name() {
            "city" => {
                c.push(edges(text));
                // A city that also touches an edge another city owns (`HS/CC!.v`).
                if let Some(more) = n.attribute("multi-edge") {
                    symbols.push(format!("touches {} {}", edges(text), edges(more)));
                }
                pennants += n.attribute("pennants").map_or(0, |p| p.parse::<u32>().unwrap());
                cathedrals += usize::from(n.attribute("cathedral") == Some("true"));
                goods.extend(n.attribute("resource").map(|g| (edges(text), g.to_string())));
                if n.attribute("princess") == Some("true") {
                    symbols.push("princess".to_string());
                }
                if n.attribute("besieged") == Some("true") {
                    symbols.push("besieged".to_string());
                }
            }
            "road" => {
                r.push(edges(text));
                inns += usize::from(n.attribute("inn") == Some("true"));
            }
            "field" => {
                let h = if matches!(text.trim(), "I" | "II") { 0 } else { halves(text) };
                if n.attribute("pig-herd") == Some("true") {
                    symbols.push(format!("pig-herd {h}"));
                }
                f.push((h, n.attribute("city").unwrap_or_default().to_string()))
            }
            // A river segment: compared as a symbol, by its edges.
            "river" => symbols.push(format!("river {}", edges(text))),
            "monastery" => {
                cloister = true;
                // A special monastery (The Monasteries): the catalogue's mark.
                if n.attribute("special") == Some("true") {
                    symbols.push("special-monastery".to_string());
                }
            }
            "bazaar" => bazaar = true,
            // The Count's quarters, which JCZ keeps on `CO/7`: the referee keeps them beside the board.
            "quarter" => {}
            // A tower foundation: compared beside the layout.
            "tower" => {}
            // A watchtower: the catalogue's mark names what it counts.
            "watchtower" => symbols.push(
                match n.attribute("bonus").unwrap() {
                    "2/meeple" => "watchtower-meeples",
                    "2/coat-of-arms" => "watchtower-arms",
                    "1/road" => "watchtower-roads",
                    "3/monastery" => "watchtower-monasteries",
                    "1/city" => "watchtower-cities",
                    other => panic!("a watchtower bonus {other}"),
                }
                .to_string(),
            ),
            s @ ("volcano" | "dragon" | "portal" | "garden" | "hill" | "vineyard" | "circus" | "acrobats") => {
                symbols.push(s.to_string())
            }
            // The magic symbol (Mage and Witch): the catalogue's mark `magic`.
            "mage" => symbols.push("magic".to_string()),
            // A flying machine: the catalogue's mark names its arrow as printed.
            "flying-machine" => {
                symbols.push(format!("flier-{}", n.attribute("direction").unwrap().to_ascii_lowercase()))
            }
            other => panic!("{}: unexpected <{other}>", tile.attribute("id").unwrap()),
        }
    }
    // The city of Carcassonne's wall: the half-edges of its edges that are in no field and
    // on no city edge (JCZ writes the city's tiles without it).
    let city_edges = c.iter().fold(0, |a, m| a | m);
    let on_city = (0..8u8).filter(|h| city_edges & (1 << (h / 2)) != 0).fold(0u8, |a, h| a | 1 << h);
    let walls = !(f.iter().fold(0, |a, (h, _)| a | h) | on_city);
    if walls != 0 {
        symbols.push(format!("walls {walls}"));
    }
    // A field names each city it borders by one of that city's edges.
    let mut f: Vec<(u8, Vec<u8>)> = f
        .into_iter()
        .map(|(h, cities)| {
            let mut b: Vec<u8> =
                cities.split_whitespace().map(|e| *c.iter().find(|m| *m & edges(e) != 0).unwrap()).collect();
            b.sort();
            (h, b)
        })
        .collect();
    c.sort();
    r.sort();
    f.sort();
    // Enclosed fields between the same cities are one in the catalogue (`AM/CCcc+`: docs/jcz.md).
    f.dedup_by(|a, b| a.0 == 0 && a == b);
    goods.sort();
    symbols.sort();
    ((c, r, f, pennants, cloister, bazaar, inns, cathedrals, goods, symbols), tile.attribute("id").unwrap().to_string())
}

fn our_layout(d: &referee::tile::TileDef) -> Layout {
    let of = |k: FeatureKind| d.segments.iter().filter(move |s| s.kind == k);
    // The city of Carcassonne behind its walls (The Count) is compared by its walls alone.
    let mut c: Vec<u8> = of(FeatureKind::City).filter(|s| s.walls == 0).map(|s| s.edges).collect();
    let mut r: Vec<u8> = of(FeatureKind::Road).map(|s| s.edges).collect();
    let mut f: Vec<(u8, Vec<u8>)> = of(FeatureKind::Field)
        .map(|s| {
            // A field borders a city segment: JCZ names that segment by one of its edges; the
            // comparison takes the segment's every edge on both sides.
            let mut b: Vec<u8> =
                s.borders.iter().map(|i| &d.segments[*i as usize]).filter(|c| c.walls == 0).map(|c| c.edges).collect();
            b.sort();
            (s.halves, b)
        })
        .collect();
    c.sort();
    r.sort();
    f.sort();
    let pennants = of(FeatureKind::City).map(|s| u32::from(s.pennants)).sum();
    let cloister = of(FeatureKind::Cloister).count() > 0;
    let bazaar = d.marks.contains(&referee::tile::Mark::Bazaar);
    let inns = of(FeatureKind::Road).filter(|s| s.inn).count();
    let cathedrals = of(FeatureKind::City).filter(|s| s.cathedral).count();
    let mut goods: Vec<(u8, String)> =
        of(FeatureKind::City).flat_map(|s| s.goods.iter().map(|g| (s.edges, g.as_str().to_string()))).collect();
    goods.sort();
    // The bazaar and the tower foundation are compared apart; the well is the road's shape;
    // JCZ tells a spring or a lake by its tile group, not by a symbol.
    let mut symbols: Vec<String> = d
        .marks
        .iter()
        .filter(|m| {
            use referee::tile::Mark;
            !matches!(m, Mark::Bazaar | Mark::Tower | Mark::Well | Mark::Spring | Mark::Lake)
        })
        .map(|m| m.as_str().to_string())
        .collect();
    symbols.extend(of(FeatureKind::Field).filter(|s| s.pig_herd).map(|s| format!("pig-herd {}", s.halves)));
    symbols.extend(d.rivers.iter().map(|r| format!("river {r}")));
    symbols
        .extend(of(FeatureKind::City).filter(|s| s.touches != 0).map(|s| format!("touches {} {}", s.edges, s.touches)));
    let walls = of(FeatureKind::City).fold(0u8, |a, s| a | s.walls);
    if walls != 0 {
        symbols.push(format!("walls {walls}"));
    }
    symbols.sort();
    (c, r, f, pennants, cloister, bazaar, inns, cathedrals, goods, symbols)
}

#[test]
fn each_jcz_id_names_the_catalogue_tile_of_the_same_layout_and_count() {
    let files = [
        "basic.xml",
        "bridges_castles_and_bazaars.xml",
        "inns_and_cathedrals.xml",
        "traders_and_builders.xml",
        "abbey_and_mayor.xml",
        "tower.xml",
        "princess_and_dragon.xml",
        "king_and_robber.xml",
        "hills_and_sheep.xml",
        "river.xml",
        "monasteries.xml",
        "flier.xml",
        "count.xml",
        "watchtowers.xml",
        "siege.xml",
        "under_the_big_top.xml",
        "mage_and_witch.xml",
    ];
    let Some(texts) = files.iter().map(|f| jcz_xml(f)).collect::<Option<Vec<String>>>() else {
        eprintln!("JCZ's tile definitions are not at hand (../shared/reference/jcz): layouts not compared");
        return;
    };
    let set = lib().tile_set(&[
        referee::expansion::ExpansionId::Bcb1,
        referee::expansion::ExpansionId::Ic,
        referee::expansion::ExpansionId::Tb,
        referee::expansion::ExpansionId::Am,
        referee::expansion::ExpansionId::Tower,
        referee::expansion::ExpansionId::Pd,
        referee::expansion::ExpansionId::KingRobber,
        referee::expansion::ExpansionId::Hs,
        referee::expansion::ExpansionId::River,
        referee::expansion::ExpansionId::RiverIi,
        referee::expansion::ExpansionId::Monasteries,
        referee::expansion::ExpansionId::FlyingMachines,
        referee::expansion::ExpansionId::Count,
        referee::expansion::ExpansionId::Watchtowers,
        referee::expansion::ExpansionId::Siege,
        referee::expansion::ExpansionId::Cathars,
        referee::expansion::ExpansionId::Circus,
        referee::expansion::ExpansionId::Witch,
    ]);
    let mut checked = 0;
    for text in &texts {
        let doc = roxmltree::Document::parse(text).unwrap();
        let counts: Vec<(String, u32)> = doc
            .descendants()
            .filter(|n| n.has_tag_name("tile-set") && tiles::SETS.iter().any(|(s, _)| n.attribute("id") == Some(*s)))
            .flat_map(|s| s.children().filter(|n| n.has_tag_name("ref")))
            .map(|n| (n.attribute("tile").unwrap().to_string(), n.attribute("count").unwrap().parse().unwrap()))
            .collect();
        for t in doc.descendants().filter(|n| n.has_tag_name("tile")) {
            let id = t.attribute("id").unwrap();
            let Some((count_id, count)) = counts.iter().find(|(i, _)| i == id) else { continue };
            // A tile the referee does not model is refused by the importer, said why.
            if tiles::NOT_MODELLED.iter().any(|(t, _)| *t == id) {
                assert!(tiles::ours(id).is_none(), "{id} is not modelled, yet has a catalogue tile");
                continue;
            }
            let (ours, turns) =
                tiles::ours(id).unwrap_or_else(|| panic!("{count_id} is in a set read but has no catalogue tile"));
            assert_eq!(turns, 0, "the layouts are compared at rotation 0 of both");
            let d = set.get(set.find(ours).unwrap());
            let (theirs, _) = jcz_layout(t);
            assert_eq!(our_layout(d), theirs, "{id} vs {ours}");
            assert_eq!(d.count, *count, "{id} vs {ours}: copies");
            let tower = t.children().any(|n| n.has_tag_name("tower"));
            assert_eq!(d.marks.contains(&referee::tile::Mark::Tower), tower, "{id} vs {ours}: tower foundation");
            checked += 1;
        }
    }
    // The abbey is in no tile set: each player holds one.
    assert_eq!(checked, tiles::TILE_IDS.iter().filter(|(j, _, _)| *j != tiles::ABBEY).count());
}

/// The second-edition sets are the first's decks with some copies printed with a garden:
/// each garden tile is its plain twin's layout with a garden, and the copies add up.
#[test]
fn each_garden_tile_is_its_plain_twin_with_a_garden() {
    let files = [
        "basic.xml",
        "bridges_castles_and_bazaars.xml",
        "princess_and_dragon.xml",
        "king_and_robber.xml",
        "hills_and_sheep.xml",
        "river.xml",
        "flier.xml",
        "under_the_big_top.xml",
        "mage_and_witch.xml",
    ];
    let Some(texts) = files.iter().map(|f| jcz_xml(f)).collect::<Option<Vec<String>>>() else {
        eprintln!("JCZ's tile definitions are not at hand (../shared/reference/jcz): gardens not compared");
        return;
    };
    let mut gardens = 0;
    let mut sets = 0;
    let mut catalogued = 0;
    let abbot = lib().tile_set(&[referee::expansion::ExpansionId::Abbot]);
    for text in &texts {
        let doc = roxmltree::Document::parse(text).unwrap();
        let layout = |id: &str| {
            let t = doc.descendants().find(|n| n.has_tag_name("tile") && n.attribute("id") == Some(id)).unwrap();
            jcz_layout(t).0
        };
        let refs = |set: &str| -> Vec<(String, u32)> {
            doc.descendants()
                .filter(|n| n.has_tag_name("tile-set") && n.attribute("id") == Some(set))
                .flat_map(|s| s.children().filter(|n| n.has_tag_name("ref")))
                .map(|n| (n.attribute("tile").unwrap().to_string(), n.attribute("count").unwrap().parse().unwrap()))
                .collect()
        };
        for (second, first) in tiles::SECOND_EDITIONS {
            let (a, b) = (refs(first), refs(second));
            if b.is_empty() {
                continue;
            }
            sets += 1;
            for (id, _) in &b {
                match tiles::garden_of(id) {
                    Some(plain) => {
                        let mut with = layout(id);
                        // A garden tile of the catalogue (The Abbot's): its layout, garden included.
                        if let Some(own) = tiles::garden_tile(id) {
                            let d = abbot.get(abbot.find(own).unwrap_or_else(|| panic!("{own} for {id}")));
                            assert_eq!(our_layout(d), with, "{id} vs {own}");
                            let copies = b.iter().find(|(i, _)| i == id).map(|(_, n)| *n);
                            assert_eq!(Some(d.count), copies, "{id} vs {own}: copies");
                            catalogued += 1;
                        }
                        assert_eq!(with.9.iter().filter(|s| *s == "garden").count(), 1, "{id}: one garden");
                        with.9.retain(|s| s != "garden");
                        assert_eq!(with, layout(plain), "{id} is {plain} with a garden");
                        gardens += 1;
                    }
                    None => {
                        assert!(a.iter().any(|(i, _)| i == id), "{id} of {second} is neither in {first} nor a garden")
                    }
                }
            }
            for (id, n) in &a {
                let own = b.iter().find(|(i, _)| i == id).map_or(0, |(_, n)| *n);
                let twins: u32 =
                    b.iter().filter(|(g, _)| tiles::garden_of(g) == Some(id.as_str())).map(|(_, n)| n).sum();
                assert_eq!(own + twins, *n, "{id}: {first} has {n}, {second} {own} plain and {twins} with a garden");
            }
        }
    }
    assert_eq!(sets, tiles::SECOND_EDITIONS.len());
    assert_eq!(gardens, tiles::GARDENS.len());
    assert_eq!(catalogued, tiles::GARDEN_TILES.len());
}

#[test]
fn the_engine_tests_the_referee_plays_pass_or_are_documented() {
    // JCZ's own engine tests are not part of the project: run where they are at hand.
    let dir = std::env::var_os("REFEREE_JCZ_TESTS")
        .map(PathBuf::from)
        .unwrap_or_else(|| root().join("../shared/jcz/engine-tests"));
    if !Path::new(&dir).is_dir() {
        eprintln!("JCZ's engine tests are not at hand: skipped");
        return;
    }
    for t in [
        "basic/city-and-road-scoring",
        "basic/field-scoring",
        "basic/monastery-scoring",
        "basic/tiny-city-rule",
        "bridge-bazaar-and-castles/bridge-over-own-road",
        "traders-and-builders/wine-scoring",
        "traders-and-builders/grain-scoring",
        "traders-and-builders/cloth-scoring-tie",
        "traders-and-builders/pig-scoring",
        "traders-and-builders/pigs-no-stack",
        "tower/tower-capture-options",
        "princess-and-dragon/dragon-after-scoring",
        "princess-and-dragon/dragon-before-scoring",
        "princess-and-dragon/fairy-endgame-incomplete-inn",
        "princess-and-dragon/fairy-associated-to-meeple-as-dragon-protection",
        "princess-and-dragon/fairy-endgame-road",
        "princess-and-dragon/fairy-on-tile",
        "princess-and-dragon/fairy-endgame-zero-field",
        "princess-and-dragon/fairy-next-meeple",
        "princess-and-dragon/magic-portal-placement",
        "princess-and-dragon/princess-removed-meeple",
        "flying-machines/flying-machines-placement-confirmation",
        "flying-machines/placement-is-mandatory",
        "king-and-robber/king-and-robber-scoring",
        "king-and-robber/king-and-robber-10_scoring",
        "king-and-robber/king-and-robber-15_40_scoring",
        "king-and-robber/king-continuous-scoring",
        "king-and-robber/robber-continuous-scoring",
        "siege/besieded-no-escape",
        "siege/besieged-city-2-tiles",
        "siege/besieged-city-incomplete",
        "siege/besieged-city",
        "siege/besieged-tiny-city",
        "siege/escape-adjacent-to-besieged",
        "siege/escape-any-tile-to-besieged",
        "siege/field-besieged-scoring",
    ] {
        let f = dir.join(format!("{t}.jcz"));
        let o = referee(&["check", f.to_str().unwrap()]);
        assert_eq!(o.status.code(), Some(0), "{t}\n{}\n{}", stdout(&o), stderr(&o));
    }
}

/// An `UNDO` takes back the message before it (JCZ's format, §5.7): the game is replayed
/// without the two, and the scenario says which message was undone. An `UNDO` right after a
/// `COMMIT` (which JCZ refuses) is a located problem.
#[test]
fn an_undone_message_is_not_replayed() {
    let text = std::fs::read_to_string(root().join("tests/jcz/castle-bridge-discard.jcz")).unwrap();
    let plain = jcz::import(&SourceFile::new("plain.jcz", text.clone()), lib()).unwrap().yaml;
    let g: serde_json::Value = serde_json::from_str(&text).unwrap();
    let with = |at: usize, inserted: &[serde_json::Value]| {
        let mut g = g.clone();
        let replay = g["replay"].as_array_mut().unwrap();
        for (k, m) in inserted.iter().enumerate() {
            replay.insert(at + k, m.clone());
        }
        serde_json::to_string(&g).unwrap()
    };
    let undo = serde_json::json!({"type": "UNDO", "payload": {}});
    // A follower deployed on the first tile, then taken back and deployed again.
    assert_eq!(g["replay"][1]["type"], "DEPLOY_MEEPLE");
    let edited = with(2, &[undo.clone(), g["replay"][1].clone()]);
    let y = jcz::import(&SourceFile::new("undo.jcz", edited), lib()).unwrap().yaml;
    assert!(y.contains("# replay[2] undoes replay[1] (`DEPLOY_MEEPLE`): not replayed"), "{y}");
    let strip = |y: &str| {
        y.lines()
            .filter(|l| !(l.starts_with('#') || l.starts_with("source:")))
            .map(|l| l.split("  # ").next().unwrap().to_string())
            .collect::<Vec<_>>()
    };
    assert_eq!(strip(&y), strip(&plain));
    // Undoing a commit.
    assert_eq!(g["replay"][3]["type"], "COMMIT");
    let e = jcz::import(&SourceFile::new("late.jcz", with(4, &[undo])), lib()).unwrap_err();
    let text = crate::util::unwrapped(&e);
    assert!(text.contains("no move of the same turn") && text.contains("late.jcz:"), "{text}");
}

/// A builder's double turn (tests/jcz/builder-double-turn.jcz, hand-made): the second tile
/// is the placement after the first part's `COMMIT` whose message names the same player; the
/// two are written as one turn of two `parts:`. Without the messages' players the parts
/// cannot be told apart: refused where the first placement names none.
#[test]
fn a_builders_second_tile_is_the_second_part_of_the_turn() {
    let text = std::fs::read_to_string(root().join("tests/jcz/builder-double-turn.jcz")).unwrap();
    let y = jcz::import(&SourceFile::new("double.jcz", text.clone()), lib()).unwrap().yaml;
    assert!(y.contains("builder: road E}"), "{y}");
    let parts = y.find("  - parts:").unwrap_or_else(|| panic!("no turn in two parts: {y}"));
    assert_eq!(y[parts..].matches("\n      - {tile: A").count(), 2, "{y}");
    // The last placement's messages naming the next player: a turn of its own.
    let mut g: serde_json::Value = serde_json::from_str(&text).unwrap();
    for m in g["replay"].as_array_mut().unwrap().iter_mut().skip(15) {
        m["player"] = 1.into();
    }
    let y = jcz::import(&SourceFile::new("ben.jcz", serde_json::to_string(&g).unwrap()), lib()).unwrap().yaml;
    assert!(!y.contains("parts:") && y.matches("{tile: A").count() == 2, "{y}");
    let unnamed = text.replace("\"player\": 0", "\"clock\": 0").replace("\"player\": 1", "\"clock\": 1");
    let e = jcz::import(&SourceFile::new("unnamed.jcz", unnamed), lib()).unwrap_err();
    let text = crate::util::unwrapped(&e);
    assert!(text.contains("names no player") && text.contains("unnamed.jcz:"), "{text}");
}

/// A second edition's deck with gardens (`basic:2`): in a game without the abbot a garden tile
/// is read as its plain twin, said in a comment; the game judged the same. With the abbot (The
/// Abbot's figure, a turn's `abbot:`, judged by the engine) the base deck's garden tiles are
/// The Abbot's own, and an abbot on a garden is the turn's `abbot: garden`.
#[test]
fn a_garden_tile_of_a_second_edition_is_read_as_its_plain_twin() {
    let text = std::fs::read_to_string(root().join("tests/jcz/road-and-city.jcz")).unwrap();
    let plain = jcz::import(&SourceFile::new("plain.jcz", text.clone()), lib()).unwrap().yaml;
    let garden = text.replacen("\"basic:1\"", "\"basic:2\"", 1).replacen("\"BA/C\"", "\"BA/CG\"", 1);
    let y = jcz::import(&SourceFile::new("garden.jcz", garden.clone()), lib()).unwrap().yaml;
    assert!(y.contains("BA/CG is this tile with a garden, which only the abbot uses"), "{y}");
    let strip = |y: &str| {
        y.lines()
            .filter(|l| !l.starts_with("source:"))
            .map(|l| l.split("  # ").next().unwrap().to_string())
            .collect::<Vec<_>>()
    };
    assert_eq!(strip(&y), strip(&plain));
    // The abbot: an element naming The Abbot; the garden tile is then EG, The Abbot's own;
    // deployed, the turn's `abbot:` (here on a road, which the engine refuses under
    // abbot.placement.cloister-or-garden).
    let abbot = garden.replacen("\"elements\": {", "\"elements\": {\n      \"abbot\": 1,\n      \"garden\": true,", 1);
    let y = jcz::import(&SourceFile::new("abbot.jcz", abbot.clone()), lib()).unwrap().yaml;
    assert!(y.contains("expansions: [abbot]") && y.contains("tile: EG"), "{y}");
    assert!(!y.contains("with a garden, which only the abbot uses"), "{y}");
    let deployed = abbot.replacen(".small.", ".abbot.", 1);
    let y = jcz::import(&SourceFile::new("deployed.jcz", deployed.clone()), lib()).unwrap().yaml;
    assert!(y.contains("abbot: road S"), "{y}");
    // Blue's abbot on the garden of EG (JCZ's `Garden` at `I`).
    let on_garden = abbot
        .replacen(
            "\"feature\": \"City\",\n          \"location\": \"S\"",
            "\"feature\": \"Garden\",\n          \"location\": \"I\"",
            1,
        )
        .replacen("\"1.small.1\"", "\"1.abbot.1\"", 1);
    let y = jcz::import(&SourceFile::new("on-garden.jcz", on_garden), lib()).unwrap().yaml;
    assert!(y.contains("tile: EG") && y.contains("abbot: garden"), "{y}");
}
