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

pub use crate::embedded::Embedded;

/// A string of a data file: borrowed from the tables `build.rs` writes for a built-in file,
/// so that a run copies none of their text; owned for a file read at run time (`--data`, a
/// scenario's own tiles).
pub type Text = std::borrow::Cow<'static, str>;

pub const PROFILES: &[Embedded] = &[
    crate::embed!("rulesets/hig.yaml"),
    crate::embed!("rulesets/rgg.yaml"),
    crate::embed!("rulesets/zmg.yaml"),
    crate::embed!("rulesets/ne.yaml"),
    crate::embed!("rulesets/early.yaml"),
    crate::embed!("rulesets/hig-2000.yaml"),
    crate::embed!("rulesets/hig-2001.yaml"),
    crate::embed!("rulesets/hig-bb3.yaml"),
    crate::embed!("rulesets/rgg-bb3.yaml"),
    crate::embed!("rulesets/jcz.yaml"),
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
        Ok(builtin_source(e))
    }
}

/// A built-in file as diagnostics name it: `<path> (built-in)`.
pub fn builtin_source(e: &Embedded) -> SourceFile {
    SourceFile::new(format!("{} (built-in)", e.path), e.text)
}

/// Loads a built-in file from its pre-built value (`build.rs`), or from its YAML when it has
/// none, through the same `build` as a file read at run time.
fn load_builtin<P: serde::de::DeserializeOwned, R>(
    e: &Embedded,
    prebuilt: Option<P>,
    build: impl FnOnce(&SourceFile, P) -> Result<R, crate::diag::InputError>,
) -> Result<R, crate::diag::InputError> {
    let file = builtin_source(e);
    let parsed = match prebuilt {
        Some(p) => p,
        None => parse_yaml(&file)?,
    };
    build(&file, parsed)
}

/// Whether the pre-built value of a built-in file is the one its YAML holds.
fn prebuilt_matches<P: serde::de::DeserializeOwned + PartialEq>(e: &Embedded, prebuilt: Option<P>) -> bool {
    let parsed: Option<P> = parse_yaml(&builtin_source(e)).ok();
    parsed.is_some() && prebuilt == parsed
}

/// The most any input is read: no scenario, profile or catalogue comes near this (the
/// largest built-in file holds 35 kB).
const LIMIT: u64 = 16 * 1024 * 1024;

/// Reads a regular file of at most 16 MiB as UTF-8 text, as an input error when it cannot.
///
/// Anything but a regular file is refused before it is opened: opening a FIFO blocks until a
/// writer comes, and a device such as /dev/zero never ends. The type is read with `stat`,
/// which does not block; the file opened is checked again, and read no further than the limit.
pub fn read_file(path: &Path) -> Result<SourceFile, crate::diag::InputError> {
    use std::io::Read;
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
    let meta = file.metadata().map_err(|e| fail(e.to_string()))?;
    check(&meta)?;
    // Room for the whole file (at most the limit, checked above), so that it is read in one
    // call rather than in probes of growing size.
    let mut bytes = Vec::with_capacity(meta.len() as usize + 1);
    file.take(LIMIT + 1).read_to_end(&mut bytes).map_err(|e| fail(e.to_string()))?;
    if bytes.len() as u64 > LIMIT {
        return Err(fail("it is larger than 16 MiB".to_string()));
    }
    decode(name, bytes)
}

/// The name standard input goes by in diagnostics.
pub const STDIN_NAME: &str = "<stdin>";

/// Reads standard input, as [`read_file`] reads a file: at most 16 MiB of UTF-8 text, named
/// `<stdin>` in diagnostics.
pub fn read_stdin() -> Result<SourceFile, crate::diag::InputError> {
    read_stream(STDIN_NAME, "standard input", std::io::stdin().lock())
}

/// Reads a stream as [`read_file`] reads a file (a request's body, standard input): at most
/// 16 MiB of UTF-8 text, named `name` in diagnostics and called `what` in their words.
pub fn read_stream(name: &str, what: &str, from: impl std::io::Read) -> Result<SourceFile, crate::diag::InputError> {
    use std::io::Read;
    let fail = |why: String| crate::diag::InputError::unreadable(name, format!("cannot read {what}: {why}"));
    let mut bytes = Vec::new();
    from.take(LIMIT + 1).read_to_end(&mut bytes).map_err(|e| fail(e.to_string()))?;
    if bytes.len() as u64 > LIMIT {
        return Err(fail("it is larger than 16 MiB".to_string()));
    }
    decode(name.to_string(), bytes)
}

/// Reads `path`, or standard input when it is `-`.
pub fn read_input(path: &Path) -> Result<SourceFile, crate::diag::InputError> {
    if path == Path::new("-") {
        read_stdin()
    } else {
        read_file(path)
    }
}

/// Bytes as the text of a file named `name`, or a diagnostic at the first byte that is not UTF-8.
fn decode(name: String, bytes: Vec<u8>) -> Result<SourceFile, crate::diag::InputError> {
    match String::from_utf8(bytes) {
        Ok(text) => Ok(SourceFile::new(name, text)),
        Err(e) => {
            // Located at the first byte that is not UTF-8: shown over the text read as far
            // as it is (each bad byte a replacement character, so that byte keeps its offset).
            let at = e.utf8_error().valid_up_to();
            let bad = e.as_bytes()[at];
            let file = SourceFile::new(name, String::from_utf8_lossy(e.as_bytes()).into_owned());
            let p = crate::diag::Problem::new("io::not-utf-8", format!("the byte 0x{bad:02x} here is not UTF-8 text"))
                .at(Some((at, 1)))
                .label("not text")
                .help("scenarios, profiles and catalogues are UTF-8 text files; is this the file you meant to give?");
            Err(crate::diag::InputError::new(&file, vec![p]))
        }
    }
}

/// The most a file's aliases may expand to, in parser events: a fixed multiple of its size,
/// so that anchors repeated into one another cannot grow a small file without bound.
fn replay_budget(len: usize) -> usize {
    len.saturating_mul(4).saturating_add(10_000)
}

/// The YAML reader's settings: duplicate keys refused, merge keys (`<<: *base`) honoured,
/// nesting and alias expansion bounded by the parser itself.
fn yaml_options(len: usize) -> serde_saphyr::Options {
    let mut budget = serde_saphyr::Budget::default();
    budget.max_depth = MAX_NESTING;
    budget.flow_nesting_limit = MAX_NESTING;
    budget.max_events = replay_budget(len);
    budget.max_nodes = replay_budget(len);
    let mut o = serde_saphyr::Options::default();
    o.budget = Some(budget);
    o.duplicate_keys = serde_saphyr::DuplicateKeyPolicy::Error;
    o.merge_keys = serde_saphyr::MergeKeyPolicy::Merge;
    o.alias_limits.max_total_replayed_events = replay_budget(len);
    o.with_snippet = false;
    // YAML 1.2: only `true` and `false` are booleans (`on`, `yes`, `no` are words).
    o.strict_booleans = true;
    o
}

/// The most tile kinds a game may know, its expansions' and its scenario's own: far beyond
/// any real catalogue, it bounds what a file can make the loader build.
pub const MAX_TILE_KINDS: usize = u16::MAX as usize;

pub use crate::yamlspan::MAX_NESTING;

/// Parses a YAML file into its serde type; every failure is a located problem.
pub fn parse_yaml<T: serde::de::DeserializeOwned>(file: &SourceFile) -> Result<T, crate::diag::InputError> {
    serde_saphyr::from_str_with_options(&file.text, yaml_options(file.text.len()))
        .map_err(|e| crate::diag::InputError::new(file, vec![yaml_problem(file, &e)]))
}

/// Turns a YAML reader's error into a problem located where the reader says.
pub fn yaml_problem(file: &SourceFile, e: &serde_saphyr::Error) -> crate::diag::Problem {
    let full = e.to_string();
    // The reader ends its message with "at line L, column C"; the span shows that already.
    let msg = match full.rfind(" at line ") {
        Some(i) if full[i..].contains(", column ") => full[..i].to_string(),
        _ => full,
    };
    let span = e.location().map(|l| {
        let o = match l.span().byte_offset() {
            Some(o) if (o as usize) <= file.text.len() && file.text.is_char_boundary(o as usize) => o as usize,
            _ => file.offset_of(l.line() as usize, l.column() as usize),
        };
        let end = file.text[o..].find(['\n', '\r']).map_or(file.text.len(), |i| o + i);
        (o, (end - o).min(40))
    });
    let (code, mut msg) = plain_words(&msg);
    // A value of the wrong kind: said as what that key holds, where the file says which key.
    if code == "yaml::wrong-type" {
        if let Some(what) = span.and_then(|(o, _)| file.spans().path_at(o)).and_then(expected_at) {
            msg = format!("expected {what} here");
        }
    }
    if let Some(said) = span.and_then(|(o, _)| unbroken_line(&file.text, o)) {
        msg = format!("{msg} ({said})");
    }
    let mut p = crate::diag::Problem::new(code, msg).at(span).label("here");
    if code == "yaml::duplicate-key" {
        // The reader points at the second occurrence; the span index knows the first.
        if let Some((first, second)) = span.and_then(|(o, _)| file.spans().duplicate_at(o)) {
            let (l, c) = file.line_col(first.0);
            p.message = format!("{} (first written at line {l}, column {c})", p.message);
            p = p.at(Some(second)).label("again here").also(first, "first here");
        }
    }
    p
}

/// What a line that seems broken is, when the line holding byte `offset` holds a character
/// that other formats break lines at and YAML 1.2 does not (NEL, U+2028, U+2029): a reader's
/// error there ("mapping values are not allowed") is baffling until that is said.
fn unbroken_line(text: &str, offset: usize) -> Option<String> {
    let offset = (0..=offset.min(text.len())).rev().find(|&i| text.is_char_boundary(i))?;
    let start = text[..offset].rfind(['\n', '\r']).map_or(0, |i| i + 1);
    let end = text[offset..].find(['\n', '\r']).map_or(text.len(), |i| offset + i);
    let c = text[start..end].chars().find(|c| matches!(c, '\u{85}' | '\u{2028}' | '\u{2029}'))?;
    let name = match c {
        '\u{85}' => "U+0085 NEXT LINE (NEL)",
        '\u{2028}' => "U+2028 LINE SEPARATOR",
        _ => "U+2029 PARAGRAPH SEPARATOR",
    };
    Some(format!(
        "this line holds {name}, which YAML 1.2 does not read as a line break: the line goes on past it; \
         break the line with a plain newline"
    ))
}

/// What the value at `path` holds, in a scenario author's words, for the keys whose values
/// are not text: `rotation` is "a whole number of degrees", not `i64`.
pub fn expected_at(path: &str) -> Option<&'static str> {
    let last = path.rsplit('.').next().unwrap_or(path);
    let (key, index) = match last.split_once('[') {
        Some((k, rest)) => (k, Some(rest)),
        None => (last, None),
    };
    let parent = path.rsplit('.').nth(1).unwrap_or("");
    Some(match (key, index.is_some()) {
        ("rotation", false) => "a whole number of degrees (0, 90, 180 or 270)",
        ("rotations", true) => "a whole number of degrees (0, 90, 180 or 270)",
        ("rotations", false) => "a list of rotations in degrees (`[0, 90]`)",
        ("at" | "castle-declines" | "castle" | "structure", false) => "a square `[x, y]` (two whole numbers)",
        ("at" | "castle-declines" | "castle" | "structure", true) => "a whole number (x grows east, y north)",
        ("squares", _) => "a list of squares (`[[1, 0], [0, -1]]`)",
        ("turn", false) => "a turn number (1 = the first of `turns:`)",
        ("points" | "bid", false) => "a whole number of points",
        ("tiles", false) if parent.starts_with("events[") => "a whole number of tiles",
        ("final-scoring" | "discard" | "scored", false) => "`true` or `false`",
        _ if parent == "start-scores" || parent == "scores" => "a whole number of points",
        _ => return None,
    })
}

/// A serde type named in a reader's message (`i64`, `a sequence`) in an author's words.
pub fn plain_type(serde: &str) -> &str {
    match serde.trim() {
        "i8" | "i16" | "i32" | "i64" | "i128" | "u8" | "u16" | "u32" | "u64" | "u128" | "usize" | "isize"
        | "an integer" => "a whole number",
        "f32" | "f64" | "a float" => "a number",
        "a boolean" | "bool" => "`true` or `false`",
        "a string" | "a str" | "a char" | "string" => "text",
        "a sequence" | "sequence" => "a list (`[a, b]` or lines starting with `- `)",
        "a map" | "map" => "a map (`key: value`)",
        other => other,
    }
}

/// serde's `invalid type: string "a", expected i64` in an author's words:
/// `expected a whole number here, found the text "a"`.
pub fn plain_invalid(msg: &str) -> Option<String> {
    let rest = msg.strip_prefix("invalid type: ").or_else(|| msg.strip_prefix("invalid value: "))?;
    let (found, expected) = rest.rsplit_once(", expected ")?;
    let found = match found.split_once(' ') {
        Some(("string", v)) => format!("the text {v}"),
        Some(("integer" | "floating", v)) => format!("the number {}", v.trim_start_matches("point ")),
        Some(("boolean", v)) => v.to_string(),
        _ => match found {
            "sequence" => "a list".to_string(),
            "map" => "a map".to_string(),
            "unit value" | "null" => "nothing".to_string(),
            f => f.to_string(),
        },
    };
    Some(format!("expected {} here, found {found}", plain_type(expected)))
}

/// The reader's message in the words of a scenario's author, with a stable code.
fn plain_words(msg: &str) -> (&'static str, String) {
    let expected = |what: &str| format!("expected {what} here");
    match msg {
        m if m.starts_with("unknown field") => ("yaml::unknown-field", m.to_string()),
        m if m.starts_with("missing field") => ("yaml::missing-field", m.to_string()),
        m if m.starts_with("duplicate mapping key") => {
            let key = m.trim_start_matches("duplicate mapping key:").split(',').next().unwrap_or("").trim();
            ("yaml::duplicate-key", format!("`{key}` is written twice in this map; the rules need one value"))
        }
        m if m.starts_with("multiple YAML documents") => (
            "yaml::second-document",
            "a second YAML document starts here (after `---`): a file holds one scenario, profile or catalogue"
                .to_string(),
        ),
        "expected sequence start" => ("yaml::wrong-type", expected("a list (`[a, b]` or lines starting with `- `)")),
        "expected mapping start" | "expected struct" => ("yaml::wrong-type", expected("a map (`key: value`)")),
        "expected string scalar" => ("yaml::wrong-type", expected("text")),
        m if m.starts_with("invalid i") || m.starts_with("invalid u") => {
            ("yaml::wrong-type", expected("a whole number"))
        }
        m if m.starts_with("invalid type") || m.starts_with("invalid value") => {
            ("yaml::wrong-type", plain_invalid(m).unwrap_or_else(|| m.to_string()))
        }
        m if m.contains("budget") || m.contains("limit exceeded") || m.contains("limit") => (
            "yaml::too-large",
            format!("{m}: the file nests or repeats (through aliases) more than any scenario needs"),
        ),
        m => ("yaml::syntax", m.to_string()),
    }
}

/// A value made when first read: the built-in data is parsed only as far as a run reads it.
#[derive(Clone)]
pub struct Lazy<T> {
    cell: std::sync::OnceLock<T>,
    init: fn() -> T,
}

impl<T> Lazy<T> {
    /// A value made by `init` when first read.
    pub fn new(init: fn() -> T) -> Lazy<T> {
        Lazy { cell: std::sync::OnceLock::new(), init }
    }

    /// A value already made.
    pub fn ready(value: T) -> Lazy<T> {
        fn never<T>() -> T {
            unreachable!("a ready value is set")
        }
        Lazy { cell: std::sync::OnceLock::from(value), init: never::<T> }
    }

    /// The value, when it has been made (an associated function, so that it never hides a
    /// method of the value).
    pub fn made(this: &Lazy<T>) -> Option<&T> {
        this.cell.get()
    }
}

impl<T> std::ops::Deref for Lazy<T> {
    type Target = T;
    fn deref(&self) -> &T {
        self.cell.get_or_init(self.init)
    }
}

impl<T: std::fmt::Debug> std::fmt::Debug for Lazy<T> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        std::fmt::Debug::fmt(&**self, f)
    }
}

impl<'a, T> IntoIterator for &'a Lazy<Vec<T>> {
    type Item = &'a T;
    type IntoIter = std::slice::Iter<'a, T>;
    fn into_iter(self) -> Self::IntoIter {
        self.iter()
    }
}

/// All data a run needs: tile catalogues, profiles and the rule catalogue. The built-in data
/// is read as a run needs it (a profile, an expansion's tiles: only those asked for; all of it
/// pre-built by `build.rs`); a data folder's is loaded and checked whole at start.
#[derive(Clone, Debug)]
pub struct Library {
    pub tiles: Lazy<Vec<(crate::expansion::ExpansionId, Vec<crate::tile::TileDef>)>>,
    pub profiles: Lazy<Vec<crate::ruleset::Profile>>,
    /// Built as it is read (see [`catalogue::Catalogue`]).
    pub catalogue: catalogue::Catalogue,
    /// Built-in data only: each expansion's tiles and each profile, read on its own.
    builtin: Option<Builtin>,
}

#[derive(Clone, Debug, Default)]
struct Builtin {
    tiles: Vec<std::sync::OnceLock<Vec<crate::tile::TileDef>>>,
    profiles: Vec<std::sync::OnceLock<crate::ruleset::Profile>>,
}

/// The built-in tile files, one per expansion that has tiles.
fn builtin_tile_files() -> impl Iterator<Item = (crate::expansion::ExpansionId, &'static Embedded)> {
    crate::expansion::REGISTRY.iter().filter_map(|x| Some((x.id(), x.tiles()?)))
}

fn builtin_tiles_of(e: &Embedded) -> Vec<crate::tile::TileDef> {
    tiles::load_builtin(e).expect("built-in data is checked by the test suite").1
}

fn builtin_profile(e: &Embedded) -> crate::ruleset::Profile {
    profiles::load_builtin(e).expect("built-in data is checked by the test suite")
}

fn builtin_catalogue_file(book: &'static crate::rules::RuleBook, worded: &mut catalogue::Worded) -> catalogue::Loaded {
    catalogue::load_builtin(&book.catalogue, book.ids, worded).expect("built-in data is checked by the test suite")
}

/// A built-in profile's id is its file's name (a test checks it).
fn profile_stem(e: &Embedded) -> &str {
    e.path.rsplit('/').next().unwrap_or(e.path).trim_end_matches(".yaml")
}

impl Library {
    /// Loads every built-in file, or its override from the data folder. Without a data
    /// folder nothing is read yet: the built-in files are read as they are asked for.
    pub fn load(source: &DataSource) -> Result<Library, crate::diag::InputError> {
        if source.dir.is_none() {
            return Ok(Library {
                tiles: Lazy::new(|| builtin_tile_files().map(|(x, e)| (x, builtin_tiles_of(e))).collect()),
                profiles: Lazy::new(|| PROFILES.iter().map(builtin_profile).collect()),
                catalogue: catalogue::Catalogue::built_as_read(builtin_catalogue_file),
                builtin: Some(Builtin {
                    tiles: builtin_tile_files().map(|_| std::sync::OnceLock::new()).collect(),
                    profiles: PROFILES.iter().map(|_| std::sync::OnceLock::new()).collect(),
                }),
            });
        }
        Library::load_all(source)
    }

    /// Loads and checks every file, each from the data folder when it has one, else built in.
    pub fn load_all(source: &DataSource) -> Result<Library, crate::diag::InputError> {
        let mut all_tiles = Vec::new();
        let mut kinds = 0;
        for (x, e) in builtin_tile_files() {
            let file = source.open(e)?;
            let (_, defs) = tiles::load(&file)?;
            kinds += defs.len();
            if kinds > MAX_TILE_KINDS {
                let p = crate::diag::Problem::new(
                    "tile::too-many",
                    format!("the tile files hold more than {MAX_TILE_KINDS} tile kinds together"),
                )
                .at(Some((0, 0)));
                return Err(crate::diag::InputError::new(&file, vec![p]));
            }
            all_tiles.push((x, defs));
        }
        let mut profiles = Vec::new();
        for e in PROFILES {
            profiles.push(profiles::load(&source.open(e)?)?);
        }
        if let Some(dir) = &source.dir {
            let old = dir.join("rulesets/rules.yaml");
            if old.exists() {
                return Err(crate::diag::InputError::unreadable(
                    &old.display().to_string(),
                    format!(
                        "cannot use --data {}: rulesets/rules.yaml is no longer read; the rule catalogue is one \
                         file per expansion under rulesets/rules/ (base.yaml, bcb1.yaml, ...)",
                        dir.display()
                    ),
                ));
            }
        }
        let catalogue = catalogue::Catalogue::of_books(|book, worded| {
            catalogue::load(&source.open(&book.catalogue)?, book.ids, worded)
        })?;
        Ok(Library { tiles: Lazy::ready(all_tiles), profiles: Lazy::ready(profiles), catalogue, builtin: None })
    }

    /// The built-in data, which a test keeps valid.
    pub fn builtin() -> Library {
        Library::load(&DataSource::default()).expect("built-in data is checked by the test suite")
    }

    pub fn profile(&self, id: &str) -> Option<&crate::ruleset::Profile> {
        if let (Some(b), None) = (&self.builtin, Lazy::made(&self.profiles)) {
            let i = PROFILES.iter().position(|e| profile_stem(e) == id)?;
            return Some(b.profiles[i].get_or_init(|| builtin_profile(&PROFILES[i])));
        }
        self.profiles.iter().find(|p| p.id == id)
    }

    /// The tile kinds of the given expansions (the base game always included).
    pub fn tile_set(&self, expansions: &[crate::expansion::ExpansionId]) -> crate::tile::TileSet {
        let wanted =
            |x: &crate::expansion::ExpansionId| *x == crate::expansion::ExpansionId::Base || expansions.contains(x);
        let mut set = crate::tile::TileSet::default();
        if let (Some(b), None) = (&self.builtin, Lazy::made(&self.tiles)) {
            for (i, (x, e)) in builtin_tile_files().enumerate() {
                if wanted(&x) {
                    let defs = b.tiles[i].get_or_init(|| builtin_tiles_of(e));
                    set.reserve(defs.len());
                    for d in defs {
                        set.insert(d.clone());
                    }
                }
            }
            return set;
        }
        for (x, defs) in self.tiles.iter() {
            if wanted(x) {
                set.reserve(defs.len());
                for d in defs {
                    set.insert(d.clone());
                }
            }
        }
        set
    }
}
