//! Files built into the binary: tile catalogues, profiles and the rule catalogue, so that
//! `referee` works from any folder. A data folder (`--data DIR`) may override each one.

/// A built-in file: its path relative to the repository root, and its text.
pub struct Embedded {
    pub path: &'static str,
    pub text: &'static str,
}

/// The built-in file at this path from the repository root.
#[macro_export]
macro_rules! embed {
    ($path:literal) => {
        $crate::embedded::Embedded { path: $path, text: include_str!(concat!(env!("CARGO_MANIFEST_DIR"), "/", $path)) }
    };
}
