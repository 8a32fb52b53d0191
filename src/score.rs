//! Points as data: every point that enters a score is a [`ScoreItem`] citing its rule.

use crate::geom::Pos;
use crate::rules::RuleId;
use crate::tile::{FeatureKind, Name};
use smallvec::SmallVec;
use std::fmt;

/// The players an event pays, in place: a game has at most 8, so the list never allocates
/// (a longer one would).
pub type Players = SmallVec<[PlayerId; 8]>;

/// The items of a score, in place while few (a city's tiles and pennants): an event made in
/// play allocates nothing of its own.
pub type Items = SmallVec<[ScoreItem; 2]>;

/// The rules that decided who scores, in place while few (the majority, the followers'
/// return).
pub type Rules = SmallVec<[RuleId; 2]>;

/// An index into the game's player list (turn order).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct PlayerId(pub u8);

impl PlayerId {
    pub const fn index(self) -> usize {
        self.0 as usize
    }
}

/// When points were scored.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum Timing {
    /// During the game, on the turn numbered so (1 = the first entry of `turns:`).
    Turn(u16),
    /// In the final scoring.
    End,
}

impl fmt::Display for Timing {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Timing::Turn(n) => write!(f, "{n}"),
            Timing::End => f.write_str("end"),
        }
    }
}

/// One term of a score: `count` things at `each` points, under `rule`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ScoreItem {
    pub rule: RuleId,
    pub label: &'static str,
    pub count: u32,
    pub each: i32,
}

impl ScoreItem {
    pub fn points(&self) -> i32 {
        self.count as i32 * self.each
    }
}

/// A scored feature, as the reports name it.
#[derive(Clone, Debug)]
pub struct FeatureRef {
    pub kind: FeatureKind,
    /// The square of the feature's earliest tile.
    pub at: Pos,
    /// The feature's segment on that tile (an index into the tile's segments).
    pub segment: u8,
    /// That segment in board directions, as the machine names it (`city N`, `field EL WR`):
    /// stable, for JSON.
    pub name: Name,
    /// Distinct tiles in the feature (for a cloister: the tiles counted around it, itself included).
    pub tiles: u32,
    /// How [`FeatureRef::words`] says it.
    said: Said,
}

/// The words of a [`FeatureRef`], put together only when they are shown: most scores of a
/// search or a benchmark are never printed.
#[derive(Clone, Debug)]
enum Said {
    /// Its name at its square: `city N at 0,0`.
    NameAt,
    /// These words at its square: `field north of the road at 0,0`.
    At(Name),
    /// These words, whole.
    Words(String),
}

impl FeatureRef {
    /// A feature whose words are its name at its square (`city N at 0,0`).
    pub fn new(kind: FeatureKind, at: Pos, segment: u8, name: impl Into<String>, tiles: u32) -> FeatureRef {
        FeatureRef { kind, at, segment, name: Name::from(name.into()), tiles, said: Said::NameAt }
    }

    /// A feature said as `what` at its square (`field north of the road at 0,0`), besides its name.
    pub fn said_at(kind: FeatureKind, at: Pos, segment: u8, name: Name, tiles: u32, what: Name) -> FeatureRef {
        FeatureRef { kind, at, segment, name, tiles, said: Said::At(what) }
    }

    /// The same feature, said in other words.
    pub fn with_words(self, words: impl Into<String>) -> FeatureRef {
        FeatureRef { said: Said::Words(words.into()), ..self }
    }

    /// The feature as a player says it, its square included: `field north of the road at
    /// 0,0`, `Red's castle at 0,0, which took city EW at 2,1 (8 tiles)`. What reports show.
    pub fn words(&self) -> String {
        self.to_string()
    }
}

/// Two references are equal when they name the same feature in the same words, however the
/// words are kept.
impl PartialEq for FeatureRef {
    fn eq(&self, o: &FeatureRef) -> bool {
        let same_words = match (&self.said, &o.said) {
            (Said::NameAt, Said::NameAt) => true,
            (Said::At(a), Said::At(b)) => a == b,
            _ => self.words() == o.words(),
        };
        self.kind == o.kind
            && self.at == o.at
            && self.segment == o.segment
            && self.name == o.name
            && self.tiles == o.tiles
            && same_words
    }
}

impl Eq for FeatureRef {}

/// Names joined for a possessive: `Red's`, `Red and Blue's`, `Red, Blue and Green's`.
pub fn possessive(names: &[&str]) -> String {
    let joined = match names {
        [] => return "nobody's".to_string(),
        [one] => one.to_string(),
        [init @ .., last] => format!("{} and {last}", init.join(", ")),
    };
    format!("{joined}'s")
}

impl fmt::Display for FeatureRef {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match &self.said {
            Said::NameAt => write!(f, "{} at {}", self.name, self.at),
            Said::At(what) => write!(f, "{what} at {}", self.at),
            Said::Words(words) => f.write_str(words),
        }
    }
}

/// Points awarded for one feature to every player of its majority.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ScoreEvent {
    pub timing: Timing,
    /// Each of them receives [`ScoreEvent::points`] in full.
    pub players: Players,
    pub feature: FeatureRef,
    pub items: Items,
    /// Rules that decided who scores (majority, ties), besides those of the items.
    pub because: Rules,
}

impl ScoreEvent {
    pub fn points(&self) -> i32 {
        self.items.iter().map(ScoreItem::points).sum()
    }

    /// Every rule applied, items first, without repeats.
    pub fn rules(&self) -> Vec<RuleId> {
        let mut out: Vec<RuleId> = Vec::new();
        for r in self.items.iter().map(|i| i.rule).chain(self.because.iter().copied()) {
            if !out.contains(&r) {
                out.push(r);
            }
        }
        out
    }
}

/// The verdict on a move the rules forbid.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Verdict {
    pub rule: RuleId,
    pub message: String,
}

impl Verdict {
    pub fn new(rule: RuleId, message: impl Into<String>) -> Verdict {
        Verdict { rule, message: message.into() }
    }
}

impl fmt::Display for Verdict {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} [{}]", self.message, self.rule)
    }
}
