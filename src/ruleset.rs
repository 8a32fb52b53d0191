//! Ruleset profiles: a named bundle of edition switches, each value with its citation.
//!
//! Switches are defined by the expansion that reads them ([`SwitchDef`]); a profile only
//! picks values. The typed options an expansion reads are built from a profile in one
//! place each (e.g. `expansion::base::Options::read`), so no engine code matches on an edition.

/// A rule on which editions disagree, owned by one expansion.
#[derive(Debug)]
pub struct SwitchDef {
    pub name: &'static str,
    pub question: &'static str,
    /// Allowed values with their meaning; the first is the default.
    pub values: &'static [(&'static str, &'static str)],
    /// Rule ids whose outcome the switch changes.
    pub rules: &'static [crate::rules::RuleId],
    /// Families of rule ids (slug prefixes such as `ne.`) the switch decides as a whole.
    pub governs: &'static [&'static str],
}

impl SwitchDef {
    /// Whether the switch can change the outcome of this rule.
    pub fn touches(&self, rule: crate::rules::RuleId) -> bool {
        self.rules.contains(&rule) || self.governs.iter().any(|g| rule.as_str().starts_with(g))
    }
}

impl SwitchDef {
    pub fn default_value(&self) -> &'static str {
        self.values[0].0
    }

    pub fn value(&self, name: &str) -> Option<&'static str> {
        self.values.iter().find(|(v, _)| *v == name).map(|(v, _)| *v)
    }

    pub fn meaning(&self, value: &str) -> &'static str {
        self.values.iter().find(|(v, _)| *v == value).map_or("", |(_, m)| m)
    }
}

/// One switch as a profile sets it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Setting {
    pub switch: &'static SwitchDef,
    pub value: &'static str,
    /// Where this edition says so (borrowed from the pre-built table of a built-in profile).
    pub source: std::borrow::Cow<'static, str>,
}

impl PartialEq for SwitchDef {
    fn eq(&self, other: &Self) -> bool {
        self.name == other.name
    }
}
impl Eq for SwitchDef {}

/// A validated ruleset profile.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Profile {
    /// The slug used on the command line and in scenario files (`hig`).
    pub id: String,
    pub title: String,
    pub description: String,
    pub settings: Vec<Setting>,
}

impl Profile {
    /// The value of a switch: as set, else its default.
    pub fn value(&self, switch: &SwitchDef) -> &'static str {
        self.setting(switch.name).map_or(switch.default_value(), |s| s.value)
    }

    pub fn setting(&self, name: &str) -> Option<&Setting> {
        self.settings.iter().find(|s| s.switch.name == name)
    }
}
