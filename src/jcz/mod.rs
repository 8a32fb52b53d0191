//! JCloisterZone's saved games (`.jcz`): imported as scenarios, so that `check`, `test`,
//! `compare` and `render` read them like any scenario file, and its engine tests become
//! expectations. docs/jcz.md describes the mapping.

pub mod assertions;
pub mod format;
pub mod import;
pub mod tiles;

use crate::data::Library;
use crate::diag::{InputError, SourceFile};
use crate::scenario::Scenario;
use std::path::Path;

pub use import::{import, Imported};

/// Whether a path names a saved game (by its extension).
pub fn is_saved_game(path: &Path) -> bool {
    path.extension().is_some_and(|x| x.eq_ignore_ascii_case("jcz"))
}

/// Reads a saved game as the scenario it is. Problems of the game itself are located in the
/// `.jcz` file; problems the rules find in its moves are located in the scenario written
/// from it, named `<file> (imported)`, whose lines say which replay message each turn is.
pub fn load_path(path: &Path, lib: &Library) -> Result<Scenario, InputError> {
    load_file(&crate::scenario::id_of(path), crate::data::read_file(path)?, lib)
}

/// A saved game already read (from standard input, say) as the scenario `id`.
pub fn load_file(id: &str, file: SourceFile, lib: &Library) -> Result<Scenario, InputError> {
    let imported = import(&file, lib)?;
    let name = format!("{} (imported)", file.name);
    let mut sc = crate::scenario::load(id, SourceFile::new(name, imported.yaml), lib)?;
    sc.not_judged = imported.not_judged;
    Ok(sc)
}
