//! Pre-builds the profiles (`rulesets/*.yaml`, as `profiles::prebuilt`), the tile catalogues
//! (`tiles/*.yaml`, as `tiles::prebuilt`) and the rule catalogue: each `rulesets/rules/*.yaml`
//! file, read here, becomes static tables of Rust code that builds its entries
//! (`catalogue::prebuilt`), so that a run without `--data` does not parse YAML. The YAML stays
//! the source of truth; a test checks that the pre-built entries are the ones the loader
//! reads from the same files.

use serde::Deserialize;
use std::fmt::Write;

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct Entry {
    id: String,
    text: String,
    source: Source,
    #[serde(default)]
    rulings: Vec<Ruling>,
    #[serde(default)]
    unjudged: Option<String>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct Source {
    document: String,
    #[serde(default)]
    section: String,
    kind: String,
    #[serde(default)]
    date: Option<String>,
}

#[derive(Deserialize)]
#[serde(untagged)]
enum Ruling {
    Id(String),
    Worded(Worded),
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct Worded {
    id: String,
    claim: String,
    #[serde(default)]
    document: Option<String>,
    #[serde(default)]
    kind: Option<String>,
    #[serde(default)]
    section: Option<String>,
    #[serde(default)]
    date: Option<String>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct Profile {
    id: String,
    title: String,
    #[serde(default)]
    description: String,
    #[serde(default)]
    switches: std::collections::BTreeMap<String, Setting>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct Setting {
    value: String,
    #[serde(default)]
    source: String,
}

/// A tile catalogue file, with the fields of the loader's `TileFile` (`src/data/tiles.rs`).
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct TileFile {
    expansion: String,
    tiles: Vec<TileEntry>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct TileEntry {
    id: String,
    #[serde(default)]
    name: String,
    #[serde(default = "one")]
    count: u32,
    #[serde(default)]
    start: bool,
    edges: String,
    #[serde(default)]
    cities: Vec<String>,
    #[serde(default)]
    pennants: Vec<String>,
    #[serde(default)]
    roads: Vec<String>,
    #[serde(default)]
    fields: Vec<String>,
    #[serde(default)]
    cloister: bool,
    #[serde(default)]
    marks: Vec<String>,
    #[serde(default)]
    inns: Vec<String>,
    #[serde(default)]
    cathedrals: Vec<String>,
    #[serde(default)]
    triangular: Vec<String>,
    #[serde(default)]
    castle: bool,
    #[serde(default)]
    drawbridges: Vec<String>,
    #[serde(default)]
    goods: Vec<String>,
    #[serde(default)]
    rivers: Vec<String>,
    #[serde(default, rename = "pig-herds")]
    pig_herds: Vec<String>,
    #[serde(default)]
    touches: Vec<String>,
    #[serde(default)]
    second: Option<TileHalf>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct TileHalf {
    #[serde(default)]
    side: Option<String>,
    edges: String,
    #[serde(default)]
    cities: Vec<String>,
    #[serde(default)]
    pennants: Vec<String>,
    #[serde(default)]
    roads: Vec<String>,
    #[serde(default)]
    fields: Vec<String>,
    #[serde(default)]
    cloister: bool,
    #[serde(default)]
    drawbridges: Vec<String>,
}

fn one() -> u32 {
    1
}

/// The `.yaml` files of a folder, in order, each a dependency of the build.
fn yaml_files(dir: &str) -> Vec<std::path::PathBuf> {
    println!("cargo::rerun-if-changed={dir}");
    let mut files: Vec<_> = std::fs::read_dir(dir)
        .expect(dir)
        .map(|e| e.expect(dir).path())
        .filter(|p| p.extension().is_some_and(|x| x == "yaml"))
        .collect();
    files.sort();
    for f in &files {
        println!("cargo::rerun-if-changed={}", f.display());
    }
    files
}

/// A file's path from the repository root, as its `Embedded` names it.
fn embedded_path(dir: &str, f: &std::path::Path) -> String {
    format!("{dir}/{}", f.file_name().expect("a name").to_string_lossy())
}

fn write_out(name: &str, code: String) {
    let dest = std::path::Path::new(&std::env::var("OUT_DIR").expect("OUT_DIR")).join(name);
    std::fs::write(dest, code).unwrap_or_else(|e| panic!("write the pre-built {name}: {e}"));
}

/// `tiles/*.yaml`, the tile catalogues, as static tables of string slices (`T` and `H` of
/// `tiles::prebuilt`), one per file, and `FILES`, each file's path, expansion and table.
fn tiles() {
    let mut out = String::new();
    let mut table = String::from("static FILES: &[(&str, &str, &[T])] = &[\n");
    for (n, f) in yaml_files("tiles").iter().enumerate() {
        let yaml = std::fs::read_to_string(f).expect("a tile file");
        let file: TileFile = serde_saphyr::from_str(&yaml).unwrap_or_else(|e| panic!("{}: {e}", f.display()));
        let _ = writeln!(table, "    ({:?}, {:?}, FILE_{n}),", embedded_path("tiles", f), file.expansion);
        let _ = writeln!(out, "static FILE_{n}: &[T] = &[");
        for t in &file.tiles {
            let second = match &t.second {
                None => "None".to_string(),
                Some(h) => format!(
                    "Some(&H {{ side: {}, edges: {:?}, cities: &{:?}, pennants: &{:?}, roads: &{:?}, fields: &{:?}, \
                     cloister: {}, drawbridges: &{:?} }})",
                    opt(&h.side),
                    h.edges,
                    h.cities,
                    h.pennants,
                    h.roads,
                    h.fields,
                    h.cloister,
                    h.drawbridges
                ),
            };
            let _ = writeln!(
                out,
                "    T {{ id: {:?}, name: {:?}, count: {}, start: {}, edges: {:?}, cities: &{:?}, pennants: &{:?}, \
                 roads: &{:?}, fields: &{:?}, cloister: {}, marks: &{:?}, inns: &{:?}, cathedrals: &{:?}, \
                 triangular: &{:?}, castle: {}, drawbridges: &{:?}, goods: &{:?}, rivers: &{:?}, pig_herds: &{:?}, \
                 touches: &{:?}, second: {second} }},",
                t.id,
                t.name,
                t.count,
                t.start,
                t.edges,
                t.cities,
                t.pennants,
                t.roads,
                t.fields,
                t.cloister,
                t.marks,
                t.inns,
                t.cathedrals,
                t.triangular,
                t.castle,
                t.drawbridges,
                t.goods,
                t.rivers,
                t.pig_herds,
                t.touches
            );
        }
        out.push_str("];\n");
    }
    table.push_str("];\n");
    out.push_str(&table);
    write_out("tiles.rs", out);
}

/// `rulesets/*.yaml`, the profiles, as a static table of string slices (`P` of
/// `profiles::prebuilt`): each file's path and values, its switches in name order.
fn profiles() {
    let mut out = String::from("static FILES: &[(&str, P)] = &[\n");
    for f in yaml_files("rulesets") {
        let yaml = std::fs::read_to_string(&f).expect("a profile");
        let p: Profile = serde_saphyr::from_str(&yaml).unwrap_or_else(|e| panic!("{}: {e}", f.display()));
        let _ = write!(
            out,
            "    ({:?}, P {{ id: {:?}, title: {:?}, description: {:?}, switches: &[",
            embedded_path("rulesets", &f),
            p.id,
            p.title,
            p.description
        );
        for (name, s) in &p.switches {
            let _ = write!(out, "({name:?}, {:?}, {:?}), ", s.value, s.source);
        }
        out.push_str("] }),\n");
    }
    out.push_str("];\n");
    write_out("profiles.rs", out);
}

fn kind(k: &str) -> &'static str {
    match k {
        "rule" => "Rule",
        "official" => "Official",
        "edition" => "Edition",
        "commentary" => "Commentary",
        "example" => "Example",
        "qa" => "Qa",
        other => panic!("unknown source kind `{other}` in the rule catalogue"),
    }
}

/// An optional string as a static slice.
fn opt(s: &Option<String>) -> String {
    match s {
        Some(s) => format!("Some({s:?})"),
        None => "None".to_string(),
    }
}

fn main() {
    profiles();
    tiles();
    // Each file's entries as static tables of string slices (compact: no code per string),
    // turned into the loader's types by one loop (`prebuilt::entries`).
    let mut out = String::new();
    let mut table = String::from("static FILES: &[(&str, &[E])] = &[\n");
    for (n, f) in yaml_files("rulesets/rules").iter().enumerate() {
        let yaml = std::fs::read_to_string(f).expect("a catalogue file");
        let entries: Vec<Entry> = serde_saphyr::from_str(&yaml).unwrap_or_else(|e| panic!("{}: {e}", f.display()));
        let path = embedded_path("rulesets/rules", f);
        let _ = writeln!(table, "    ({path:?}, FILE_{n}),");
        let _ = writeln!(out, "static FILE_{n}: &[E] = &[");
        for e in &entries {
            let s = &e.source;
            let _ = write!(
                out,
                "    E {{ id: {:?}, text: {:?}, document: {:?}, section: {:?}, kind: SourceKind::{}, date: {}, rulings: &[",
                e.id,
                e.text,
                s.document,
                s.section,
                kind(&s.kind),
                opt(&s.date)
            );
            for r in &e.rulings {
                match r {
                    Ruling::Id(id) => {
                        let _ = write!(out, "R::Id({id:?}), ");
                    }
                    Ruling::Worded(w) => {
                        let _ = write!(
                            out,
                            "R::Worded(W {{ id: {:?}, claim: {:?}, document: {}, kind: {}, section: {}, date: {} }}), ",
                            w.id,
                            w.claim,
                            opt(&w.document),
                            w.kind.as_deref().map_or("None".to_string(), |k| format!("Some(SourceKind::{})", kind(k))),
                            opt(&w.section),
                            opt(&w.date)
                        );
                    }
                }
            }
            let _ = writeln!(out, "], unjudged: {} }},", opt(&e.unjudged));
        }
        out.push_str("];\n");
    }
    table.push_str("];\n");
    out.push_str(&table);
    write_out("catalogue.rs", out);
}
