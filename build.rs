//! Pre-builds the profiles (`rulesets/*.yaml`, as `profiles::prebuilt`) and the rule catalogue: each `rulesets/rules/*.yaml` file, read here, becomes static tables of Rust
//! code that builds its entries (`catalogue::prebuilt`), so that a run without `--data` does
//! not parse the catalogue's YAML. The YAML stays the source of truth; a test checks that the
//! pre-built entries are the ones the loader reads from the same files.

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

/// `rulesets/*.yaml`, the profiles, as Rust code that builds each file's `ProfileFile`.
fn profiles() {
    println!("cargo::rerun-if-changed=rulesets");
    let mut files: Vec<_> = std::fs::read_dir("rulesets")
        .expect("rulesets")
        .map(|e| e.expect("rulesets").path())
        .filter(|p| p.extension().is_some_and(|x| x == "yaml"))
        .collect();
    files.sort();
    let mut out = String::from("pub(super) fn profile(path: &str) -> Option<ProfileFile> {\n    match path {\n");
    for f in files {
        println!("cargo::rerun-if-changed={}", f.display());
        let yaml = std::fs::read_to_string(&f).expect("a profile");
        let p: Profile = serde_saphyr::from_str(&yaml).unwrap_or_else(|e| panic!("{}: {e}", f.display()));
        let path = format!("rulesets/{}", f.file_name().expect("a name").to_string_lossy());
        let _ = write!(
            out,
            "        {path:?} => Some(ProfileFile {{ id: {}, title: {}, description: {}, switches: BTreeMap::from([",
            text(&p.id),
            text(&p.title),
            text(&p.description)
        );
        for (name, s) in &p.switches {
            let _ = write!(
                out,
                "({}, SettingEntry {{ value: {}, source: {} }}), ",
                text(name),
                text(&s.value),
                text(&s.source)
            );
        }
        out.push_str("]) }),\n");
    }
    out.push_str("        _ => None,\n    }\n}\n");
    let dest = std::path::Path::new(&std::env::var("OUT_DIR").expect("OUT_DIR")).join("profiles.rs");
    std::fs::write(dest, out).expect("write the pre-built profiles");
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

fn text(s: &str) -> String {
    format!("String::from({s:?})")
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
    let dir = std::path::Path::new("rulesets/rules");
    println!("cargo::rerun-if-changed=rulesets/rules");
    let mut files: Vec<_> = std::fs::read_dir(dir)
        .expect("rulesets/rules")
        .map(|e| e.expect("rulesets/rules").path())
        .filter(|p| p.extension().is_some_and(|x| x == "yaml"))
        .collect();
    files.sort();
    // Each file's entries as static tables of string slices (compact: no code per string),
    // turned into the loader's types by one loop (`prebuilt::entries`).
    let mut out = String::new();
    let mut table = String::from("static FILES: &[(&str, &[E])] = &[\n");
    for (n, f) in files.iter().enumerate() {
        println!("cargo::rerun-if-changed={}", f.display());
        let yaml = std::fs::read_to_string(f).expect("a catalogue file");
        let entries: Vec<Entry> = serde_saphyr::from_str(&yaml).unwrap_or_else(|e| panic!("{}: {e}", f.display()));
        let path = format!("rulesets/rules/{}", f.file_name().expect("a name").to_string_lossy());
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
            out.push_str("] },\n");
        }
        out.push_str("];\n");
    }
    table.push_str("];\n");
    out.push_str(&table);
    let dest = std::path::Path::new(&std::env::var("OUT_DIR").expect("OUT_DIR")).join("catalogue.rs");
    std::fs::write(dest, out).expect("write the pre-built catalogue");
}
