//! Ruleset profile files (`rulesets/hig.yaml` and custom ones given with `--ruleset FILE`).

use crate::diag::{InputError, Problem, SourceFile};
use crate::expansion;
use crate::ruleset::{Profile, Setting};
use serde::Deserialize;
use std::collections::BTreeMap;

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct ProfileFile {
    id: String,
    title: String,
    #[serde(default)]
    description: String,
    #[serde(default)]
    switches: BTreeMap<String, SettingEntry>,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct SettingEntry {
    value: String,
    #[serde(default)]
    source: String,
}

/// Parses and validates a profile: unknown switches and values are problems.
pub fn load(file: &SourceFile) -> Result<Profile, InputError> {
    let parsed: ProfileFile = crate::data::parse_yaml(file)?;
    let mut problems = Vec::new();
    let mut settings = Vec::new();
    let known = || expansion::all_switches().map(|s| s.name).collect::<Vec<_>>().join(", ");
    for (name, entry) in &parsed.switches {
        let path = format!("switches.{name}");
        let Some(def) = expansion::find_switch(name) else {
            problems.push(
                Problem::new("ruleset::unknown-switch", format!("unknown switch `{name}`"))
                    .at(file.spans().key(&path))
                    .label("not a switch")
                    .help(format!("known switches: {}", known())),
            );
            continue;
        };
        match def.value(&entry.value) {
            Some(value) => settings.push(Setting { switch: def, value, source: entry.source.clone() }),
            None => problems.push(
                Problem::new("ruleset::unknown-value", format!("`{}` is not a value of switch `{name}`", entry.value))
                    .at(file.spans().value(&format!("{path}.value")))
                    .label("not a value of this switch")
                    .help(format!("values: {}", def.values.iter().map(|(v, _)| *v).collect::<Vec<_>>().join(", "))),
            ),
        }
    }
    if !problems.is_empty() {
        return Err(InputError::new(file, problems));
    }
    Ok(Profile { id: parsed.id, title: parsed.title, description: parsed.description, settings })
}
