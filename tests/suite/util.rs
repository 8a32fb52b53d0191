use referee::data::Library;
use referee::diag::SourceFile;
use referee::scenario::{self, Scenario};
use std::path::PathBuf;
use std::sync::OnceLock;

pub fn lib() -> &'static Library {
    static LIB: OnceLock<Library> = OnceLock::new();
    LIB.get_or_init(Library::builtin)
}

pub fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

/// Loads a scenario written inline in a test.
pub fn scenario(yaml: &str) -> Result<Scenario, referee::diag::InputError> {
    scenario::load("test/inline", SourceFile::new("inline.yaml", yaml.to_string()), lib())
}

/// A diagnostic as text, without colour, at a fixed width.
pub fn render(e: &(dyn miette::Diagnostic + 'static)) -> String {
    referee::diag::render(e, false)
}
