//! Built-in data (tile catalogues, ruleset profiles, the rule catalogue) and its YAML loaders.
//!
//! This module and `scenario` are the only ones that know YAML: they turn files into the
//! domain types of `tile`, `ruleset` and `rules`. Everything is embedded in the binary; a
//! data folder given with `--data DIR` overrides any file of the same relative path.

pub mod catalogue;
pub mod profiles;
pub mod tiles;

use crate::diag::SourceFile;
use std::path::{Path, PathBuf};

/// A built-in file: its path relative to the repository root, and its text.
pub struct Embedded {
    pub path: &'static str,
    pub text: &'static str,
}

/// The tile catalogue of each expansion that has tiles of its own.
pub const TILES: &[(crate::expansion::ExpansionId, Embedded)] = &[
    (
        crate::expansion::ExpansionId::Base,
        Embedded { path: "tiles/base.yaml", text: include_str!("../../tiles/base.yaml") },
    ),
    (
        crate::expansion::ExpansionId::Bcb1,
        Embedded { path: "tiles/bcb1.yaml", text: include_str!("../../tiles/bcb1.yaml") },
    ),
];
pub const RULE_CATALOGUE: Embedded =
    Embedded { path: "rulesets/rules.yaml", text: include_str!("../../rulesets/rules.yaml") };
pub const PROFILES: &[Embedded] = &[
    Embedded { path: "rulesets/hig.yaml", text: include_str!("../../rulesets/hig.yaml") },
    Embedded { path: "rulesets/rgg.yaml", text: include_str!("../../rulesets/rgg.yaml") },
    Embedded { path: "rulesets/zmg.yaml", text: include_str!("../../rulesets/zmg.yaml") },
    Embedded { path: "rulesets/ne.yaml", text: include_str!("../../rulesets/ne.yaml") },
    Embedded { path: "rulesets/early.yaml", text: include_str!("../../rulesets/early.yaml") },
    Embedded { path: "rulesets/hig-bb3.yaml", text: include_str!("../../rulesets/hig-bb3.yaml") },
    Embedded { path: "rulesets/rgg-bb3.yaml", text: include_str!("../../rulesets/rgg-bb3.yaml") },
];

/// The profiles a scenario runs under when it names none.
pub const DEFAULT_RULESETS: &[&str] = &["hig", "rgg", "zmg", "ne"];

/// Where data comes from: the embedded files, or a folder that overrides some of them.
#[derive(Clone, Debug, Default)]
pub struct DataSource {
    pub dir: Option<PathBuf>,
}

impl DataSource {
    /// The file at `e.path`: from the override folder when it has one, else built in. The
    /// folder must be one; anything at `e.path` in it (a folder, a broken link) is read, and
    /// refused if it cannot be, rather than silently passed over for the built-in file.
    pub fn open(&self, e: &Embedded) -> Result<SourceFile, crate::diag::InputError> {
        if let Some(dir) = &self.dir {
            let name = dir.display().to_string();
            let fail =
                |why: String| crate::diag::InputError::unreadable(&name, format!("cannot use --data {name}: {why}"));
            match std::fs::metadata(dir) {
                Ok(m) if m.is_dir() => {}
                Ok(_) => return Err(fail("it is not a folder".to_string())),
                Err(err) => return Err(fail(err.to_string())),
            }
            let p = dir.join(e.path);
            match std::fs::symlink_metadata(&p) {
                Err(err) if err.kind() == std::io::ErrorKind::NotFound => {}
                _ => return read_file(&p),
            }
        }
        Ok(SourceFile::new(format!("{} (built-in)", e.path), e.text))
    }
}

/// Reads a regular file of at most 16 MiB as UTF-8 text, as an input error when it cannot.
///
/// Anything but a regular file is refused before it is opened: opening a FIFO blocks until a
/// writer comes, and a device such as /dev/zero never ends. The type is read with `stat`,
/// which does not block; the file opened is checked again, and read no further than the limit.
pub fn read_file(path: &Path) -> Result<SourceFile, crate::diag::InputError> {
    use std::io::Read;
    /// No scenario, profile or catalogue comes near this (the largest built-in file holds 35 kB).
    const LIMIT: u64 = 16 * 1024 * 1024;
    let name = path.display().to_string();
    let fail = |why: String| crate::diag::InputError::unreadable(&name, format!("cannot read {name}: {why}"));
    let check = |meta: &std::fs::Metadata| {
        let t = meta.file_type();
        let what = if t.is_file() {
            None
        } else if t.is_dir() {
            Some("a folder")
        } else {
            #[cfg(unix)]
            {
                use std::os::unix::fs::FileTypeExt;
                Some(if t.is_fifo() {
                    "a FIFO (named pipe)"
                } else if t.is_char_device() || t.is_block_device() {
                    "a device"
                } else if t.is_socket() {
                    "a socket"
                } else {
                    "a special file"
                })
            }
            #[cfg(not(unix))]
            Some("a special file")
        };
        match what {
            Some(what) => Err(fail(format!("it is {what}, not a regular file"))),
            None if meta.len() > LIMIT => Err(fail(format!("it is larger than 16 MiB ({} bytes)", meta.len()))),
            None => Ok(()),
        }
    };
    check(&std::fs::metadata(path).map_err(|e| fail(e.to_string()))?)?;
    let file = std::fs::File::open(path).map_err(|e| fail(e.to_string()))?;
    check(&file.metadata().map_err(|e| fail(e.to_string()))?)?;
    let mut bytes = Vec::new();
    file.take(LIMIT + 1).read_to_end(&mut bytes).map_err(|e| fail(e.to_string()))?;
    if bytes.len() as u64 > LIMIT {
        return Err(fail("it is larger than 16 MiB".to_string()));
    }
    match String::from_utf8(bytes) {
        Ok(text) => Ok(SourceFile::new(name, text)),
        Err(e) => Err(crate::diag::InputError::unreadable(
            &name,
            format!("{name} is not UTF-8 text (invalid byte at offset {})", e.utf8_error().valid_up_to()),
        )),
    }
}

/// Parses a YAML file into its serde type; every failure is a located problem.
pub fn parse_yaml<T: serde::de::DeserializeOwned>(file: &SourceFile) -> Result<T, crate::diag::InputError> {
    if let Some(at) = crate::yamlspan::too_deep(&file.text) {
        let p = crate::diag::Problem::new(
            "yaml::too-deep",
            format!("brackets nested more than {} deep", crate::yamlspan::MAX_NESTING),
        )
        .at(Some((at, 1)))
        .label("too deep")
        .help("no scenario, profile or catalogue needs such nesting; is the file what you meant to give?");
        return Err(crate::diag::InputError::new(file, vec![p]));
    }
    serde_yaml::from_str(&file.text).map_err(|e| crate::diag::InputError::new(file, vec![yaml_problem(file, &e)]))
}

/// Turns a serde_yaml error into a problem located where serde_yaml says.
pub fn yaml_problem(file: &SourceFile, e: &serde_yaml::Error) -> crate::diag::Problem {
    let msg = e.to_string();
    // serde_yaml ends its message with "at line L column C"; the span shows that already.
    let short = msg.split(" at line ").next().unwrap_or(&msg).to_string();
    let span = e.location().map(|l| {
        let o = file.offset_of(l.line(), l.column());
        let end = file.text[o..].find('\n').map_or(file.text.len(), |i| o + i);
        (o, (end - o).min(40))
    });
    let code = if short.contains("unknown field") {
        "yaml::unknown-field"
    } else if short.contains("missing field") {
        "yaml::missing-field"
    } else if short.contains("invalid type") {
        "yaml::wrong-type"
    } else {
        "yaml::syntax"
    };
    crate::diag::Problem::new(code, short).at(span).label("here")
}

/// All data a run needs, loaded once: tile catalogues, profiles and the rule catalogue.
#[derive(Clone, Debug)]
pub struct Library {
    pub tiles: Vec<(crate::expansion::ExpansionId, Vec<crate::tile::TileDef>)>,
    pub profiles: Vec<crate::ruleset::Profile>,
    pub catalogue: catalogue::Catalogue,
}

impl Library {
    /// Loads every built-in file, or its override from the data folder.
    pub fn load(source: &DataSource) -> Result<Library, crate::diag::InputError> {
        let mut all_tiles = Vec::new();
        for (x, e) in TILES {
            let (_, defs) = tiles::load(&source.open(e)?)?;
            all_tiles.push((*x, defs));
        }
        let mut profiles = Vec::new();
        for e in PROFILES {
            profiles.push(profiles::load(&source.open(e)?)?);
        }
        let catalogue = catalogue::load(&source.open(&RULE_CATALOGUE)?)?;
        Ok(Library { tiles: all_tiles, profiles, catalogue })
    }

    /// The built-in data, which a test keeps valid.
    pub fn builtin() -> Library {
        Library::load(&DataSource::default()).expect("built-in data is checked by the test suite")
    }

    pub fn profile(&self, id: &str) -> Option<&crate::ruleset::Profile> {
        self.profiles.iter().find(|p| p.id == id)
    }

    /// The tile kinds of the given expansions (the base game always included).
    pub fn tile_set(&self, expansions: &[crate::expansion::ExpansionId]) -> crate::tile::TileSet {
        let mut set = crate::tile::TileSet::default();
        for (x, defs) in &self.tiles {
            if *x == crate::expansion::ExpansionId::Base || expansions.contains(x) {
                for d in defs {
                    set.insert(d.clone());
                }
            }
        }
        set
    }
}
