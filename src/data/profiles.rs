//! Ruleset profile files (`rulesets/hig.yaml` and custom ones given with `--ruleset FILE`).

use crate::data::Text;
use crate::diag::{InputError, Problem, SourceFile};
use crate::expansion;
use crate::ruleset::{Profile, Setting};
use serde::Deserialize;
use std::collections::BTreeMap;

#[derive(Debug, PartialEq, Deserialize)]
#[serde(deny_unknown_fields)]
struct ProfileFile {
    id: Text,
    title: Text,
    #[serde(default)]
    description: Text,
    #[serde(default)]
    switches: BTreeMap<Text, SettingEntry>,
}

#[derive(Debug, PartialEq, Deserialize)]
#[serde(deny_unknown_fields)]
struct SettingEntry {
    value: Text,
    #[serde(default)]
    source: Text,
}

/// Parses and validates a profile: unknown switches and values are problems.
pub fn load(file: &SourceFile) -> Result<Profile, InputError> {
    let parsed: ProfileFile = crate::data::parse_yaml(file)?;
    build(file, parsed)
}

/// The built-in profiles, read from their YAML when the crate was built (`build.rs`): the
/// same values `load` reads from them.
mod prebuilt {
    use super::{ProfileFile, SettingEntry};

    /// A built-in profile as build.rs writes it: the file's text, in static slices, each
    /// switch as its name, value and source.
    struct P {
        id: &'static str,
        title: &'static str,
        description: &'static str,
        switches: &'static [(&'static str, &'static str, &'static str)],
    }

    include!(concat!(env!("OUT_DIR"), "/profiles.rs"));

    /// A built-in profile, as the loader reads it from its YAML.
    pub(super) fn profile(path: &str) -> Option<ProfileFile> {
        let (_, p) = FILES.iter().find(|(f, _)| *f == path)?;
        Some(ProfileFile {
            id: p.id.into(),
            title: p.title.into(),
            description: p.description.into(),
            switches: p
                .switches
                .iter()
                .map(|(name, value, source)| {
                    ((*name).into(), SettingEntry { value: (*value).into(), source: (*source).into() })
                })
                .collect(),
        })
    }
}

/// A built-in profile as `load` reads it, from the values read when the crate was built.
pub fn load_builtin(e: &crate::embedded::Embedded) -> Result<Profile, InputError> {
    crate::data::load_builtin(e, prebuilt::profile(e.path), build)
}

/// Whether the pre-built values of a built-in profile are the ones its YAML holds.
pub fn prebuilt_matches(e: &crate::embedded::Embedded) -> bool {
    crate::data::prebuilt_matches(e, prebuilt::profile(e.path))
}

fn build(file: &SourceFile, parsed: ProfileFile) -> Result<Profile, InputError> {
    let mut problems = Vec::new();
    let mut settings = Vec::new();
    let known = || expansion::all_switches().map(|s| s.name).collect::<Vec<_>>().join(", ");
    for (name, entry) in parsed.switches {
        // Where a problem points: made only for one.
        let path = || format!("switches.{name}");
        let Some(def) = expansion::find_switch(&name) else {
            problems.push(
                Problem::new("ruleset::unknown-switch", format!("unknown switch `{name}`"))
                    .at(file.spans().key(&path()))
                    .label("not a switch")
                    .help(format!("known switches: {}", known())),
            );
            continue;
        };
        match def.value(&entry.value) {
            Some(value) => settings.push(Setting { switch: def, value, source: entry.source }),
            None => problems.push(
                Problem::new("ruleset::unknown-value", format!("`{}` is not a value of switch `{name}`", entry.value))
                    .at(file.spans().value(&format!("{}.value", path())))
                    .label("not a value of this switch")
                    .help(format!("values: {}", def.values.iter().map(|(v, _)| *v).collect::<Vec<_>>().join(", "))),
            ),
        }
    }
    if !problems.is_empty() {
        return Err(InputError::new(file, problems));
    }
    Ok(Profile {
        id: parsed.id.into_owned(),
        title: parsed.title.into_owned(),
        description: parsed.description.into_owned(),
        settings,
    })
}
