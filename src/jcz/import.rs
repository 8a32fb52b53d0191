//! A JCZ saved game turned into a scenario, written in the scenario format (players' words:
//! `road W`, `city S`, `bridge: NS`), so that `referee import` prints exactly what `check`
//! then runs. What the referee does not model (a tile set, an element, a message) is a
//! problem located in the `.jcz` file, never dropped.

use super::assertions::{self, Sentence};
use super::format::{Message, SavedGame};
use super::tiles;
use crate::data::Library;
use crate::diag::{InputError, Problem, SourceFile};
use crate::expansion::ExpansionId;
use crate::geom::{Axis, Edge, Half, Pos, Rotation};
use crate::tile::{FeatureKind, Terrain, TileDef, TileKind, TileSet};
use serde_json::Value;
use std::collections::HashMap;
use std::fmt::Write;

/// A scenario made from a saved game.
#[derive(Debug)]
pub struct Imported {
    /// The scenario, in the scenario format.
    pub yaml: String,
    /// The engine test's sentences the referee cannot judge, each with why.
    pub not_judged: Vec<String>,
}

/// An element of JCZ's setup the referee plays: its name, and the switch (and value) that
/// turns the mechanism off when the element is absent.
struct Element {
    name: &'static str,
    expansion: &'static str,
    off: Option<(&'static str, &'static str)>,
}

const ELEMENTS: &[Element] = &[
    Element { name: "small-follower", expansion: "base", off: None },
    Element { name: "farmers", expansion: "base", off: Some(("base.farmers", "without-farmers")) },
    Element { name: "bridge", expansion: "bcb1", off: Some(("bcb1.bridges", "left-out")) },
    Element { name: "castle", expansion: "bcb1", off: Some(("bcb1.castles", "left-out")) },
    Element { name: "bazaar", expansion: "bcb1", off: Some(("bcb1.bazaars", "left-out")) },
    // Inns and Cathedrals: each mechanism is on when its key is present, whatever its value
    // (`"cathedral": false` is on); `big-follower` counts the large followers each.
    Element { name: "inn", expansion: "ic", off: Some(("ic.inns", "left-out")) },
    Element { name: "cathedral", expansion: "ic", off: Some(("ic.cathedrals", "left-out")) },
    Element { name: "big-follower", expansion: "ic", off: Some(("ic.large-followers", "left-out")) },
    // Traders and Builders: goods (`traders`), the pig (`pig: N`, N pigs each), and the
    // builder (its deployment, and the second tiles it earns, read from the messages'
    // players).
    Element { name: "traders", expansion: "tb", off: None },
    Element { name: "pig", expansion: "tb", off: None },
    Element { name: "builder", expansion: "tb", off: None },
    // Abbey and Mayor: the mayor, the wagon and the barn (a count other than the rules' one
    // is the scenario's `supply:`; their deployments, the wagon's moves after scoring and the
    // barns are read), and the abbey (one each: the tile `AM/A`, played from the player's
    // supply, and the abbeys played after the last tile).
    Element { name: "mayor", expansion: "am", off: None },
    Element { name: "wagon", expansion: "am", off: None },
    Element { name: "abbey", expansion: "am", off: None },
    Element { name: "barn", expansion: "am", off: None },
    // The Tower: tower pieces, captures, followers on towers and ransoms.
    Element { name: "tower", expansion: "tower", off: None },
    // The Princess and the Dragon: the dragon (volcano and dragon tiles), the fairy, the
    // princess and the magic portal. Without `dragon`, JCZ plays volcano and dragon tiles as
    // plain tiles, which the referee does not: a game placing one is refused there.
    Element { name: "dragon", expansion: "pd", off: None },
    Element { name: "fairy", expansion: "pd", off: None },
    Element { name: "princess", expansion: "pd", off: None },
    Element { name: "portal", expansion: "pd", off: None },
    // The Phantom: one each, deployed on the tile just placed (in the action phase, alone, or
    // in the phantom's phase after the follower) or on top of a tower.
    Element { name: "phantom", expansion: "phantom", off: None },
    // The second edition's gardens and the abbot (issue 40): the abbot is The Abbot's figure
    // (deployed on a cloister or a garden, taken back with `ABBOT_RETURN`). In a game with the
    // abbot, the base deck's garden tiles are The Abbot's (`tiles::GARDEN_TILES`); any other
    // garden tile, and every garden tile in a game without the abbot, is read as its plain
    // twin (said in a comment), and an abbot deployed on such a garden is refused where it is.
    // King and Robber: the King and the Robber Baron, played together (a game with one of
    // them only is refused below).
    Element { name: "king", expansion: "king-robber", off: None },
    Element { name: "robber", expansion: "king-robber", off: None },
    Element { name: "garden", expansion: "base", off: None },
    Element { name: "abbot", expansion: "abbot", off: None },
    // Hills and Sheep: hills and vineyards (each may be left out), and the shepherd (a count
    // other than the rules' one is the scenario's `supply:`): its deployment with the token
    // drawn (`SHEPHERD_CONFIRM`), and its flock grown or herded (`FLOCK_EXPAND_OR_SCORE`),
    // each draw written as the fraction of the bag JCZ's `random` names (`bag-at`).
    Element { name: "hill", expansion: "hs", off: Some(("hills-sheep.hills", "left-out")) },
    Element { name: "vineyard", expansion: "hs", off: Some(("hills-sheep.vineyards", "left-out")) },
    Element { name: "shepherd", expansion: "hs", off: None },
    // The Flying Machines: the element the client adds with the set `flier:1` (a save seldom
    // lists it); the flights are read from the messages.
    Element { name: "flier", expansion: "flying-machines", off: None },
    // The Count: the Count and the city's quarters (the city's tiles are the set `count`,
    // laid from `setup.start`). A save's moves into or out of the city are refused where met.
    Element { name: "count", expansion: "count", off: None },
    // Little Buildings: a building put on the tile just placed (`PLACE_TOKEN` `LB_TOWER`,
    // `LB_HOUSE`, `LB_SHED`); its scoring by the rule `little-buildings-scoring`.
    Element { name: "little-buildings", expansion: "little-buildings", off: None },
    // The Siege and The Cathars: the element that makes their cities besieged (the
    // expansion is named by the tile set; a set without the element is refused below), and
    // the escape through a cloister (`RETURN_MEEPLE` from `SIEGE_ESCAPE`, at the end of the
    // turn, after its commit), which `espace-variant` says where.
    Element { name: "siege", expansion: "base", off: None },
    Element { name: "escape", expansion: "base", off: None },
    // Mage and Witch: the two figures (`MOVE_NEUTRAL_FIGURE` of `mage.N`, `witch.N` to a
    // feature), played together, on the tiles of `mage-and-witch:1`.
    Element { name: "mage", expansion: "witch", off: None },
    Element { name: "witch", expansion: "witch", off: None },
];

/// Elements that count figures each player has: the element, the word of the scenario's
/// `supply:` it is written as when its count is not the rules' (given last).
const SUPPLY: &[(&str, &str, u8)] = &[
    ("small-follower", "followers", crate::engine::FOLLOWERS_PER_PLAYER),
    ("big-follower", "large-follower", crate::expansion::ic::LARGE_PER_PLAYER),
    ("mayor", "mayor", 1),
    ("wagon", "wagon", 1),
    ("barn", "barn", 1),
    ("phantom", "phantom", crate::expansion::phantom::PER_PLAYER),
    ("abbot", "abbot", crate::expansion::abbot::PER_PLAYER),
    ("shepherd", "shepherd", 1),
];

/// Elements that change nothing in a game of the tile sets the referee reads: accepted, and
/// said so in a comment of the scenario written.
const MOOT_ELEMENTS: &[(&str, &str)] =
    &[("pig-herd", "no tile of the sets the referee reads shows a pig-herd, so the element changes nothing")];

/// Elements of an expansion the referee models whose saves it does not read yet, each with why.
const UNREAD_ELEMENTS: &[(&str, &str)] = &[
    (
        "big-top",
        "Under the Big Top's big top: the animal tokens JCloisterZone draws are not read from a save (a scenario \
         writes each as `animal:`)",
    ),
    ("ringmaster", "Under the Big Top's ringmaster: its deployments are not read from a save yet"),
    ("acrobats", "Under the Big Top's acrobats are not modelled"),
];

/// JCZ's rule values that are what the referee plays, with no switch to set: accepted.
/// `wagon-move: C1` is the first edition's wagon move (onto a feature joined by road); the
/// client's default, C2, lets the wagon reach further, which the referee does not play (a
/// wagon moved so is refused at its move).
const PLAYED_RULES: &[(&str, &str)] = &[("wagon-move", "C1")];

/// JCZ's rules of an expansion the referee models whose other values it does not play: the
/// rule, and why a game setting one is refused.
const UNPLAYED_RULES: &[(&str, &str)] = &[];

/// JCZ's rule switches (with the client's defaults) and the switch values they set.
struct RuleMap {
    name: &'static str,
    default: &'static str,
    /// `(JCZ value, switch, value)`.
    values: &'static [(&'static str, &'static str, &'static str)],
    /// The elements the rule belongs to: when none of them is on, the rule is moot (none
    /// listed: it always applies).
    elements: &'static [&'static str],
}

const RULES: &[RuleMap] = &[
    // Which cloisters let a knight escape a besieged city (The Siege, The Cathars).
    RuleMap {
        name: "espace-variant",
        default: "any-tile",
        values: &[("any-tile", "siege.escape", "any-city-tile"), ("siege-tile", "siege.escape", "besieger-tile")],
        elements: &["escape"],
    },
    RuleMap {
        name: "tiny-city-scoring",
        default: "4",
        values: &[("4", "base.two-tile-city-score", "four-points"), ("2", "base.two-tile-city-score", "two-points")],
        elements: &[],
    },
    RuleMap {
        name: "bazaar-no-auction",
        default: "false",
        values: &[("false", "bazaar.auction", "auction"), ("true", "bazaar.auction", "no-auction-variation")],
        elements: &["bazaar"],
    },
    RuleMap {
        name: "inn-and-cathedral-final-scoring",
        default: "zero",
        values: &[("zero", "ic.incomplete-inn-cathedral", "zero"), ("ignore", "ic.incomplete-inn-cathedral", "ignore")],
        elements: &["inn", "cathedral"],
    },
    RuleMap {
        name: "barn-placement",
        default: "not-occupied",
        values: &[
            ("not-occupied", "barn.placement", "field-without-barn"),
            ("occupied", "barn.placement", "field-with-barn-too"),
        ],
        elements: &["barn"],
    },
    RuleMap {
        name: "princess-action",
        default: "may",
        values: &[("may", "princess.action", "may"), ("must", "princess.action", "must")],
        elements: &["princess"],
    },
    RuleMap {
        name: "dragon-move",
        default: "before-scoring",
        values: &[
            ("before-scoring", "dragon.timing", "before-scoring"),
            ("after-scoring", "dragon.timing", "after-scoring"),
        ],
        elements: &["dragon"],
    },
    RuleMap {
        name: "fairy-placement",
        default: "next-follower",
        values: &[
            ("next-follower", "fairy.placement", "beside-a-follower"),
            ("on-tile", "fairy.placement", "on-a-tile"),
        ],
        elements: &["fairy"],
    },
    // The Abbot's gardens beside Hills and Sheep's vineyards: JCloisterZone's own option (a
    // garden is no cloister by the rules), a value of the switch.
    RuleMap {
        name: "vineyards-for-garden",
        default: "false",
        values: &[
            ("false", "hills-sheep.vineyards-for-garden", "cloisters-only"),
            ("true", "hills-sheep.vineyards-for-garden", "gardens-too"),
        ],
        elements: &["vineyard"],
    },
    RuleMap {
        name: "hill-tiebreaker",
        default: "at-least-one-follower",
        values: &[
            ("at-least-one-follower", "hills.tiebreaker", "at-least-one-follower"),
            ("number-of-followers", "hills.tiebreaker", "number-of-followers"),
        ],
        elements: &["hill"],
    },
    // King and Robber: `default` is the 1st edition's count; the others are JCloisterZone's
    // own options (no published rule), each a value of the switch.
    // Little Buildings: 1/1/1 is the rules' scoring, 3/2/1 (the client's default) the
    // rulebook's variant.
    RuleMap {
        name: "little-buildings-scoring",
        default: "3/2/1",
        values: &[("1/1/1", "little-buildings.scoring", "one-each"), ("3/2/1", "little-buildings.scoring", "by-kind")],
        elements: &["little-buildings"],
    },
    RuleMap {
        name: "king-and-robber-scoring",
        default: "default",
        values: &[
            ("default", "king-robber.scoring", "per-completed-feature"),
            ("10/20", "king-robber.scoring", "ten-each"),
            ("15/40", "king-robber.scoring", "fifteen-or-forty"),
            ("continuously", "king-robber.scoring", "continuously"),
        ],
        elements: &["king", "robber"],
    },
];

impl RuleMap {
    /// Whether the rule matters in a game with these elements.
    fn applies(&self, elements: &std::collections::BTreeMap<String, Value>) -> bool {
        self.elements.is_empty() || self.elements.iter().any(|e| elements.contains_key(*e))
    }
}

/// Reads a saved game and writes the scenario it is.
pub fn import(file: &SourceFile, lib: &Library) -> Result<Imported, InputError> {
    let game: SavedGame = crate::data::parse_yaml(file)?;
    let mut cx = Cx { file, problems: Vec::new() };
    let out = cx.game(&game, lib);
    if cx.problems.is_empty() {
        Ok(out)
    } else {
        Err(InputError::new(file, cx.problems))
    }
}

struct Cx<'a> {
    file: &'a SourceFile,
    problems: Vec<Problem>,
}

/// A tile on the board as the importer follows it: enough to tell whether a tile fits and
/// which bridge JCZ would have added.
#[derive(Clone, Copy)]
struct Placed {
    kind: TileKind,
    rotation: Rotation,
    /// Edges a bridge turned into road.
    bridged: u8,
}

/// One turn being assembled from its messages.
#[derive(Default)]
struct Turn {
    lines: Vec<String>,
    tile: Option<(TileKind, Pos, Rotation)>,
    follower: Option<String>,
    /// The follower is the large one (`large:` rather than `follower:`).
    large: bool,
    /// The follower's key when it is a figure of Abbey and Mayor (`mayor`, `wagon`).
    figure: Option<&'static str>,
    /// The wagons moved after the turn's scoring (`{from: [x, y], to: [x, y], on: road E}`),
    /// and those read since the turn's commit, kept once the wagon phase is committed.
    wagon_moves: Vec<String>,
    pending_wagons: Vec<String>,
    /// The turn's barn (Abbey and Mayor): the corner of the tile just placed.
    barn: Option<crate::geom::Corner>,
    /// The turn's pig (Traders and Builders), in players' words (`field NL`).
    pig: Option<String>,
    /// The turn's builder (Traders and Builders), in players' words (`road E`).
    builder: Option<String>,
    /// The turn's shepherd (Hills and Sheep), in players' words (`field S`), and the
    /// `random` of its draw (`SHEPHERD_CONFIRM`).
    shepherd: Option<String>,
    shepherd_draw: Option<f64>,
    /// The turn's flock choices (`grow bag-at 0.5`, `herd`).
    flock: Vec<String>,
    /// The turn's phantom on the tile just placed, in players' words (`road E`).
    phantom: Option<String>,
    /// The turn's little building on the tile just placed (`shed`).
    building: Option<String>,
    /// Mage and Witch: the figures placed or moved, as turn keys (`mage: {at: [0, 0], on: road}`).
    magic: Vec<String>,
    /// The Flying Machines: the follower launched from the tile just placed.
    flier: Option<Flight>,
    /// The player the tile placement's message names (JCZ's `player`, optional).
    player: Option<i64>,
    /// The turn's bridge: its square and way across.
    bridge: Option<(Pos, Axis)>,
    castles: Vec<String>,
    /// The Tower's keys of the turn, in players' words (`tower: [1, 0]`, `capture: {...}`).
    tower: Vec<String>,
    /// The Princess and the Dragon: the dragon's moves (squares), and the fairy's, the
    /// princess's and the portal's choices in players' words (`{at: [0, 0], on: city N}`).
    dragon: Vec<Pos>,
    fairy: Option<String>,
    princess: Option<String>,
    portal: Option<String>,
    /// The Siege and The Cathars: the follower escaping a besieged city (`{at: ..., on: city N}`).
    escape: Option<String>,
    /// The square of the fairy's tile after this turn's fairy move.
    fairy_at: Option<Pos>,
    /// The game stops during this turn's dragon flight (`dragon-flight: unfinished`).
    flight_unfinished: bool,
    /// The game stops in this turn after its ransom, before its scoring (`tower-turn:
    /// unfinished`).
    tower_unfinished: bool,
    /// The game stops as this turn's dragon flight ends (`dragon-flight: ended`).
    flight_ended: bool,
    /// The JCZ id of a garden tile placed, read as its plain twin (not as a garden tile of
    /// the catalogue).
    garden: Option<String>,
    /// The player's choice after the tile (a follower, a pass, a fairy move) was made: JCZ's
    /// action phase is over.
    acted: bool,
    committed: bool,
    message: usize,
}

/// A flight of The Flying Machines as the importer reads it: the figure launched (JCZ's meeple
/// id), the die JCZ threw, and the landing chosen in players' words (`at: [0, 0], on: road W`),
/// once its message is read.
struct Flight {
    meeple: String,
    die: u8,
    land: Option<String>,
}

impl Cx<'_> {
    fn problem(&mut self, code: &str, path: &str, message: String, help: Option<String>) {
        let span = self.file.spans().value(path).or_else(|| self.file.spans().key(path));
        let mut p = Problem::new(code, message).at(span.or(Some((0, 0)))).label("here");
        if let Some(h) = help {
            p = p.help(h);
        }
        self.problems.push(p);
    }

    fn game(&mut self, g: &SavedGame, lib: &Library) -> Imported {
        for legacy in ["initialSeed", "annotations"] {
            if g.other.contains_key(legacy) {
                self.problem(
                    "jcz::legacy-format",
                    legacy,
                    format!("`{legacy}` belongs to JCloisterZone's old save format, which the referee does not read"),
                    Some("save the game again with JCloisterZone 5 or later".to_string()),
                );
            }
        }
        // The tile sets and elements name the expansions.
        let mut expansions: Vec<&'static str> = vec!["base"];
        for id in g.setup.sets.keys() {
            match tiles::expansion_of(id) {
                Some(x) => push_unique(&mut expansions, x),
                None if tiles::SETS_NOT_MODELLED.iter().any(|(s, _)| s == id) => {
                    let (_, why) = tiles::SETS_NOT_MODELLED.iter().find(|(s, _)| s == id).expect("found");
                    self.problem(
                        "jcz::unsupported-set",
                        &format!("setup.sets.{id}"),
                        format!("the tile set `{id}`: {why}"),
                        None,
                    )
                }
                None => self.problem(
                    "jcz::unsupported-set",
                    &format!("setup.sets.{id}"),
                    format!("the tile set `{id}` is of an expansion or edition the referee does not model"),
                    Some(format!(
                        "the sets it reads: {}",
                        tiles::SETS
                            .iter()
                            .chain(tiles::SECOND_EDITIONS)
                            .map(|(s, _)| *s)
                            .collect::<Vec<_>>()
                            .join(", ")
                    )),
                ),
            }
        }
        let mut switches: Vec<(&'static str, &'static str)> = Vec::new();
        // Bridges or castles played without the set's tiles.
        let bcb1_set = g.setup.sets.keys().any(|id| tiles::expansion_of(id) == Some("bcb1"));
        let bcb1_element = ELEMENTS.iter().any(|e| e.expansion == "bcb1" && g.setup.elements.contains_key(e.name));
        if bcb1_element && !bcb1_set {
            switches.push(("bcb1.tiles", "left-out"));
        }
        let mut pigs_each: Option<i64> = None;
        // The scenario's `supply:`: the words and counts that differ from the rules'.
        let mut supply: Vec<(&str, i64)> = Vec::new();
        let mut moot: Vec<String> = Vec::new();
        for (name, value) in &g.setup.elements {
            if let Some((_, why)) = MOOT_ELEMENTS.iter().find(|(m, _)| m == name) {
                moot.push(format!("`{name}`: {why}"));
                continue;
            }
            match ELEMENTS.iter().find(|e| e.name == name) {
                Some(e) => {
                    push_unique(&mut expansions, e.expansion);
                    // A count other than the rules' is the scenario's `supply:` (0 included);
                    // the abbey is not modelled beyond the rules' one.
                    if let Some((_, word, rules)) = SUPPLY.iter().find(|(n, _, _)| *n == e.name) {
                        let n = value.as_i64();
                        if e.name == "big-follower" && n.is_some_and(|n| n <= 0) {
                            // None: the mechanism left out (below).
                        } else if let Some(n) = n.filter(|n| (0..=i64::from(crate::scenario::MAX_SUPPLY)).contains(n)) {
                            if n != i64::from(*rules) {
                                supply.push((word, n));
                            }
                        } else {
                            self.problem(
                                "jcz::unsupported-element",
                                &format!("setup.elements.{name}"),
                                format!(
                                    "{value} of the figure `{name}` each: the referee plays 0 to {}",
                                    crate::scenario::MAX_SUPPLY
                                ),
                                None,
                            );
                        }
                    }
                    if e.name == "abbey" && value.as_i64() != Some(1) {
                        self.problem(
                            "jcz::unsupported-element",
                            &format!("setup.elements.{name}"),
                            format!("{value} of the figure `{name}` each: the referee plays the rules' 1"),
                            None,
                        );
                    }
                    if e.name == "pig" {
                        match value
                            .as_i64()
                            .filter(|n| (1..=i64::from(crate::expansion::tb::MAX_PIGS_EACH)).contains(n))
                        {
                            Some(n) => pigs_each = Some(n),
                            None => self.problem(
                                "jcz::unsupported-element",
                                &format!("setup.elements.{name}"),
                                format!(
                                    "{value} pigs each: the referee plays 1 to {} (the box gives 1)",
                                    crate::expansion::tb::MAX_PIGS_EACH
                                ),
                                None,
                            ),
                        }
                    }
                }
                None if UNREAD_ELEMENTS.iter().any(|(e, _)| e == name) => {
                    let (_, why) = UNREAD_ELEMENTS.iter().find(|(e, _)| e == name).expect("found");
                    self.problem(
                        "jcz::unsupported-element",
                        &format!("setup.elements.{name}"),
                        format!("the element `{name}`: {why}"),
                        None,
                    )
                }
                None => self.problem(
                    "jcz::unsupported-element",
                    &format!("setup.elements.{name}"),
                    format!("the element `{name}` is of an expansion the referee does not model"),
                    None,
                ),
            }
        }
        // Under the Big Top's circus tiles always raise the big top in the referee: JCZ plays
        // them without it when the `big-top` element is absent.
        let circus_set = g.setup.sets.keys().find(|id| tiles::SETS.iter().any(|(s, x)| s == id && *x == "circus"));
        if let Some(id) = circus_set.filter(|_| !g.setup.elements.contains_key("big-top")) {
            self.problem(
                "jcz::unsupported-element",
                &format!("setup.sets.{id}"),
                "Under the Big Top's tiles without the `big-top` element: the referee always plays the big top on \
                 the circus tiles"
                    .to_string(),
                None,
            );
        }
        // A barn sending a field's farmers home: JCZ sends the field's pig home too, which the
        // `jcz` ruleset plays (switch `pig.barn-sends-farmers-home`).
        // Traders and Builders' tiles always give goods in the referee: JCZ gives them only
        // with the `traders` element.
        let tb_set = g.setup.sets.keys().find(|id| tiles::SETS.iter().any(|(s, x)| s == id && *x == "tb"));
        if let Some(id) = tb_set.filter(|_| !g.setup.elements.contains_key("traders")) {
            self.problem(
                "jcz::unsupported-element",
                &format!("setup.sets.{id}"),
                "Traders and Builders' tiles without the `traders` element (no goods taken): the referee always plays \
                 the goods of the set's tiles"
                    .to_string(),
                None,
            );
        }
        // No `small-follower`: the players have none.
        if !g.setup.elements.contains_key("small-follower") {
            supply.push(("followers", 0));
        }
        for e in ELEMENTS {
            if let Some(off) = e.off {
                let none = |v: &Value| e.name == "big-follower" && v.as_i64().is_some_and(|n| n <= 0);
                if expansions.contains(&e.expansion) && g.setup.elements.get(e.name).is_none_or(none) {
                    switches.push(off);
                }
            }
        }
        // The client's defaults, for the rules the file omits.
        for r in RULES {
            if !g.setup.rules.contains_key(r.name) && r.applies(&g.setup.elements) {
                if let Some((_, s, v)) = r.values.iter().find(|(v, _, _)| *v == r.default) {
                    switches.push((s, v));
                }
            }
        }
        for (name, value) in &g.setup.rules {
            let text = match value {
                Value::String(s) => s.clone(),
                other => other.to_string(),
            };
            match RULES.iter().find(|r| r.name == name) {
                Some(r) => match r.values.iter().find(|(v, _, _)| *v == text) {
                    Some((_, s, v)) => {
                        if r.applies(&g.setup.elements) {
                            switches.push((s, v));
                        }
                    }
                    None => self.problem(
                        "jcz::unsupported-rule",
                        &format!("setup.rules.{name}"),
                        format!("`{name}: {text}` is not a value the referee knows"),
                        None,
                    ),
                },
                None if text == "false" => {}
                None if PLAYED_RULES.contains(&(name.as_str(), text.as_str())) => {}
                None if UNPLAYED_RULES.iter().any(|(r, _)| r == name) => {
                    let why = UNPLAYED_RULES.iter().find(|(r, _)| r == name).map_or("", |(_, w)| *w);
                    self.problem(
                        "jcz::unsupported-rule",
                        &format!("setup.rules.{name}"),
                        format!("`{name}: {text}` is not modelled: {why}"),
                        None,
                    )
                }
                None => self.problem(
                    "jcz::unsupported-rule",
                    &format!("setup.rules.{name}"),
                    format!("the rule `{name}` is of an expansion the referee does not model"),
                    None,
                ),
            }
        }
        // King and Robber: the box's two titles, played together, with or without its tiles.
        let (king, robber) = (g.setup.elements.contains_key("king"), g.setup.elements.contains_key("robber"));
        if king != robber {
            let (on, off) = if king { ("king", "robber") } else { ("robber", "king") };
            self.problem(
                "jcz::unsupported-element",
                &format!("setup.elements.{on}"),
                format!(
                    "`{on}` without `{off}` is not modelled: the referee plays the King and the Robber Baron together"
                ),
                None,
            );
        }
        if !king && !robber {
            for id in g.setup.sets.keys().filter(|id| tiles::expansion_of(id) == Some("king-robber")) {
                self.problem(
                    "jcz::unsupported-set",
                    &format!("setup.sets.{id}"),
                    "the tiles of King and Robber without its titles (elements `king`, `robber`) are not modelled: the referee plays them with the King and the Robber Baron".to_string(),
                    None,
                );
            }
        }
        // The Siege and The Cathars: without the element `escape`, no knight escapes.
        let besieged_sets = g.setup.sets.keys().any(|id| matches!(tiles::expansion_of(id), Some("siege" | "cathars")));
        if besieged_sets && !g.setup.elements.contains_key("escape") {
            switches.push(("siege.escape", "no-escape"));
        }
        // Without the element `siege`, JCZ plays their tiles as plain tiles, which the
        // referee does not.
        if !g.setup.elements.contains_key("siege") {
            for id in g.setup.sets.keys().filter(|id| matches!(tiles::expansion_of(id), Some("siege" | "cathars"))) {
                self.problem(
                    "jcz::unsupported-set",
                    &format!("setup.sets.{id}"),
                    "the besieged-city tiles without the element `siege` (JCloisterZone then scores them as plain tiles) are not modelled".to_string(),
                    None,
                );
            }
        }
        // Mage and Witch: both figures, with the magic tiles.
        let (mage, witch) = (g.setup.elements.contains_key("mage"), g.setup.elements.contains_key("witch"));
        let witch_set = g.setup.sets.keys().any(|id| tiles::expansion_of(id) == Some("witch"));
        if mage != witch || (mage && !witch_set) {
            let on = if mage { "mage" } else { "witch" };
            self.problem(
                "jcz::unsupported-element",
                &format!("setup.elements.{on}"),
                "Mage and Witch is modelled as its box plays it: both figures and the magic tiles (`mage-and-witch:1`)"
                    .to_string(),
                None,
            );
        }
        if !mage && !witch {
            for id in g.setup.sets.keys().filter(|id| tiles::expansion_of(id) == Some("witch")) {
                self.problem(
                    "jcz::unsupported-set",
                    &format!("setup.sets.{id}"),
                    "the magic tiles without the mage and the witch (elements `mage`, `witch`) are not modelled: the referee plays them with the figures".to_string(),
                    None,
                );
            }
        }
        for name in g.setup.addons.keys() {
            self.problem(
                "jcz::unsupported-addon",
                &format!("setup.addons.{name}"),
                format!("the fan add-on `{name}` is not modelled"),
                None,
            );
        }
        let ids: Vec<ExpansionId> = expansions.iter().filter_map(|x| ExpansionId::parse(x)).collect();
        let set = lib.tile_set(&ids);

        let mut y = String::new();
        let title = g.test.as_ref().map(|t| t.description.trim()).filter(|d| !d.is_empty());
        let _ = writeln!(y, "# Imported from a JCloisterZone saved game by `referee import`.");
        let _ = writeln!(y, "title: {}", quote(title.unwrap_or("A JCloisterZone game")));
        let _ = writeln!(
            y,
            "source: {}",
            quote(&format!(
                "JCloisterZone saved game {}{}",
                self.file.name,
                g.app_version.as_ref().map(|v| format!(" (written by JCloisterZone {v})")).unwrap_or_default()
            ))
        );
        let names: Vec<String> = g.players.iter().map(|p| p.name.clone()).collect();
        let _ = writeln!(y, "players: [{}]", names.iter().map(|n| quote(n)).collect::<Vec<_>>().join(", "));
        let named: Vec<&str> = expansions.iter().copied().filter(|x| *x != "base").collect();
        if !named.is_empty() {
            let _ = writeln!(y, "expansions: [{}]", named.join(", "));
        }
        let _ = writeln!(y, "rulesets: [jcz]");
        for m in &moot {
            let _ = writeln!(y, "# {m}");
        }
        if !supply.is_empty() {
            supply.sort();
            let each: Vec<String> = supply.iter().map(|(w, n)| format!("{w}: {n}")).collect();
            let _ = writeln!(y, "supply: {{{}}}", each.join(", "));
        }
        if let Some(n) = pigs_each.filter(|n| *n != 1) {
            let _ = writeln!(y, "pigs-each: {n}");
        }
        if !switches.is_empty() {
            let _ = writeln!(y, "switches:");
            for (s, v) in &switches {
                let _ = writeln!(y, "  {s}: {v}");
            }
        }

        let mut board: HashMap<Pos, Placed> = HashMap::new();
        let _ = writeln!(y, "board:");
        if g.setup.start.is_empty() {
            self.problem("jcz::no-start", "setup.start", "the game has no start tile".to_string(), None);
        }
        for (i, s) in g.setup.start.iter().enumerate() {
            let path = format!("setup.start[{i}]");
            let Some((id, kind, r)) = self.tile(&set, &s.tile, s.rotation, &format!("{path}.tile")) else { continue };
            let Some(pos) = self.square(s.x, s.y, &path) else { continue };
            board.insert(pos, Placed { kind, rotation: r, bridged: 0 });
            let _ = writeln!(y, "  - {{tile: {id}, at: [{}, {}], rotation: {}}}", pos.x, pos.y, r.degrees());
        }

        // The replay, turn by turn; the draw order tells which drawn tiles were discarded.
        let mut turns: Vec<Turn> = Vec::new();
        let mut cur: Option<Turn> = None;
        // Where each wagon stands (by JCZ's meeple id), for its moves after scoring.
        let mut wagons: HashMap<String, Pos> = HashMap::new();
        // The Tower: who captured each figure (its JCZ id), and a ransom paid before a tile.
        let mut captured: Vec<(String, Option<i64>)> = Vec::new();
        let mut pending_ransom: Option<String> = None;
        // The message of the last ransom paid.
        let mut ransom_message = 0usize;
        let mut drawn = 0usize;
        let draw = &g.annotations.draw_order;
        let kept = self.undone(g, &mut y);
        for (i, m) in g.replay.iter().enumerate().filter(|(i, _)| kept[*i]) {
            let path = format!("replay[{i}]");
            match m.kind.as_str() {
                "PLACE_TILE" => {
                    if let Some(t) = cur.take() {
                        turns.push(t);
                    }
                    let Some(id) = m.payload.get("tileId").and_then(Value::as_str) else {
                        self.problem("jcz::bad-message", &path, "a tile placement without `tileId`".to_string(), None);
                        continue;
                    };
                    // Tiles of the draw order passed over were drawn and fitted nowhere. An
                    // abbey is no tile drawn: it comes from its player's supply.
                    if id == tiles::ABBEY {
                    } else if let Some(k) = draw[drawn.min(draw.len())..].iter().position(|d| d == id) {
                        for d in &draw[drawn..drawn + k] {
                            if let Some((our, _, _)) = self.tile(&set, d, 0, "gameAnnotations.drawOrder") {
                                let mut t = Turn { message: i, committed: true, ..Turn::default() };
                                t.lines.push(format!("tile: {our}"));
                                t.lines.push("discard: true".to_string());
                                turns.push(t);
                            }
                        }
                        drawn += k + 1;
                    } else {
                        drawn = draw.len();
                    }
                    let mut t = Turn { message: i, player: m.player, ..Turn::default() };
                    t.tower.extend(pending_ransom.take());
                    let rot = m.payload.get("rotation").and_then(Value::as_str).and_then(|r| r.strip_prefix('R'));
                    let deg = rot.and_then(|r| r.parse::<i64>().ok());
                    let at = xy(m.payload.get("position"));
                    match (deg, at) {
                        (Some(deg), Some((x, yy))) => {
                            if let (Some((our, kind, r)), Some(pos)) = (
                                self.tile(&set, id, deg, &format!("{path}.payload.tileId")),
                                self.square(x, yy, &format!("{path}.payload.position")),
                            ) {
                                t.lines.push(format!("tile: {our}"));
                                t.lines.push(format!("at: [{}, {}]", pos.x, pos.y));
                                t.garden = tiles::garden_of(id)
                                    .filter(|_| tiles::garden_tile(id) != Some(our))
                                    .map(|_| id.to_string());
                                if r.degrees() != 0 {
                                    t.lines.push(format!("rotation: {}", r.degrees()));
                                }
                                t.tile = Some((kind, pos, r));
                                // A tile that fits only over a bridge was given one by JCZ.
                                if !fits(&set, &board, kind, pos, r, 0) {
                                    t.bridge = implicit_bridge(&set, &board, kind, pos, r);
                                }
                            }
                        }
                        _ => self.problem(
                            "jcz::bad-message",
                            &path,
                            "a tile placement needs `rotation` (R0, R90, R180, R270) and `position` [x, y]".to_string(),
                            None,
                        ),
                    }
                    cur = Some(t);
                }
                "PLACE_TOKEN" => {
                    let token = m.payload.get("token").and_then(Value::as_str).unwrap_or_default();
                    let Some(t) = cur.as_mut().filter(|t| !t.committed) else {
                        self.out_of_turn(&path, m);
                        continue;
                    };
                    let pointer = m.payload.get("pointer");
                    // A little building's pointer is the square itself, `[x, y]`.
                    let at = pointer.and_then(|p| xy(p.get("position")).or_else(|| xy(Some(p))));
                    let loc = pointer.and_then(|p| p.get("location")).and_then(Value::as_str).unwrap_or_default();
                    let (Some((x, yy)), Some((_, here, _))) = (at, t.tile) else { continue };
                    let pos = Pos::new(x as i32, -yy as i32);
                    match token {
                        "BRIDGE" => match Axis::parse(loc) {
                            Some(a) => t.bridge = Some((pos, a)),
                            None => {
                                self.problem(
                                    "jcz::bad-message",
                                    &format!("{path}.payload.pointer.location"),
                                    format!("`{loc}` is not a way across a tile"),
                                    None,
                                );
                            }
                        },
                        "CASTLE" => {
                            let spot =
                                self.printed(&set, &board, t, pos, "City", loc, &format!("{path}.payload.pointer"));
                            if let Some(s) = spot {
                                t.castles.push(if pos == here {
                                    s
                                } else {
                                    format!("{{at: [{}, {}], on: {s}}}", pos.x, pos.y)
                                });
                            }
                        }
                        "TOWER_PIECE" => t.tower.push(format!("tower: [{}, {}]", pos.x, pos.y)),
                        "LB_TOWER" | "LB_HOUSE" | "LB_SHED" if pos == here => {
                            t.building = Some(token["LB_".len()..].to_ascii_lowercase())
                        }
                        "LB_TOWER" | "LB_HOUSE" | "LB_SHED" => self.problem(
                            "jcz::unsupported-message",
                            &format!("{path}.payload.pointer"),
                            "a little building goes on the tile just placed; one elsewhere is not modelled".to_string(),
                            None,
                        ),
                        other => self.problem(
                            "jcz::unsupported-message",
                            &format!("{path}.payload.token"),
                            format!("the token `{other}` is of an expansion the referee does not model"),
                            None,
                        ),
                    }
                }
                "DEPLOY_MEEPLE" => {
                    let meeple = m.payload.get("meepleId").and_then(Value::as_str).unwrap_or_default();
                    let class = meeple.split('.').nth(1).unwrap_or_default();
                    // A wagon deployed after the turn's commit moves after the scoring.
                    if class == "wagon" && cur.as_ref().is_some_and(|t| t.committed) {
                        let pointer = m.payload.get("pointer");
                        let at = pointer.and_then(|p| xy(p.get("position")));
                        let feature =
                            pointer.and_then(|p| p.get("feature")).and_then(Value::as_str).unwrap_or_default();
                        let loc = pointer.and_then(|p| p.get("location")).and_then(Value::as_str).unwrap_or_default();
                        let (Some((x, yy)), Some(&from)) = (at, wagons.get(meeple)) else {
                            self.out_of_turn(&path, m);
                            continue;
                        };
                        let to = Pos::new(x as i32, -yy as i32);
                        let Some(t) = cur.as_mut() else { continue };
                        let spot = self.printed(&set, &board, t, to, feature, loc, &format!("{path}.payload.pointer"));
                        if let Some(s) = spot {
                            t.pending_wagons
                                .push(format!("{{from: [{}, {}], to: [{}, {}], on: {s}}}", from.x, from.y, to.x, to.y));
                            wagons.insert(meeple.to_string(), to);
                        }
                        continue;
                    }
                    let Some(t) = cur.as_mut().filter(|t| !t.committed) else {
                        self.out_of_turn(&path, m);
                        continue;
                    };
                    // A barn: JCZ points at the tile whose north-west corner is the barn's point;
                    // the scenario names that point by the corner of the tile just placed.
                    if class == "barn" {
                        let at = m.payload.get("pointer").and_then(|p| xy(p.get("position")));
                        let corner = match (at, t.tile) {
                            (Some((x, yy)), Some((_, here, _))) => {
                                let p = Pos::new(x as i32, -yy as i32);
                                use crate::geom::Corner;
                                [
                                    (p, Corner::NW),
                                    (Pos::new(p.x - 1, p.y), Corner::NE),
                                    (Pos::new(p.x, p.y + 1), Corner::SW),
                                    (Pos::new(p.x - 1, p.y + 1), Corner::SE),
                                ]
                                .into_iter()
                                .find(|(q, _)| *q == here)
                                .map(|(_, c)| c)
                            }
                            _ => None,
                        };
                        match corner {
                            Some(c) => t.barn = Some(c),
                            None => self.problem(
                                "jcz::bad-message",
                                &format!("{path}.payload.pointer.position"),
                                "a barn whose point is not a corner of the tile just placed".to_string(),
                                None,
                            ),
                        }
                        continue;
                    }
                    // The Flying Machines: a launch from the tile just placed, then where the
                    // same figure lands.
                    let feature = m.payload.pointer("/pointer/feature").and_then(Value::as_str);
                    if feature == Some("FlyingMachine")
                        || t.flier.as_ref().is_some_and(|f| f.meeple == meeple && f.land.is_none())
                    {
                        self.flight(&set, &board, t, m, &path);
                        continue;
                    }
                    if !matches!(
                        class,
                        "small" | "big" | "pig" | "builder" | "mayor" | "wagon" | "phantom" | "abbot" | "shepherd"
                    ) {
                        self.problem(
                            "jcz::unsupported-message",
                            &format!("{path}.payload.meepleId"),
                            format!("the figure `{meeple}` ({class}) is of an expansion the referee does not model"),
                            None,
                        );
                        continue;
                    }
                    t.acted = true;
                    let pointer = m.payload.get("pointer");
                    let at = pointer.and_then(|p| xy(p.get("position")));
                    let feature = pointer.and_then(|p| p.get("feature")).and_then(Value::as_str).unwrap_or_default();
                    let loc = pointer.and_then(|p| p.get("location")).and_then(Value::as_str).unwrap_or_default();
                    let (Some((x, yy)), Some((_, here, _))) = (at, t.tile) else { continue };
                    let pos = Pos::new(x as i32, -yy as i32);
                    if feature == "Tower" && matches!(class, "small" | "phantom") {
                        let key = if class == "phantom" { "tower-phantom" } else { "tower-follower" };
                        t.tower.push(format!("{key}: [{}, {}]", pos.x, pos.y));
                        continue;
                    }
                    if class == "abbot" && feature == "Garden" && t.garden.is_some() {
                        self.problem(
                            "jcz::unsupported-message",
                            &format!("{path}.payload.pointer.feature"),
                            "an abbot on the garden of a tile the referee reads as its plain twin (only the base \
                             deck's garden tiles are in its catalogue, in a game with the abbot)"
                                .to_string(),
                            None,
                        );
                        continue;
                    }
                    let bridge_here = t.bridge.filter(|(at, _)| *at == here).map(|(_, a)| a);
                    let spot =
                        if feature == "Road" && pos == here && bridge_here.is_some_and(|a| Axis::parse(loc) == Some(a))
                        {
                            Some("bridge".to_string())
                        } else {
                            self.printed(&set, &board, t, pos, feature, loc, &format!("{path}.payload.pointer"))
                        };
                    match spot {
                        // A pig or a builder goes on the tile just placed; JCZ offers no other.
                        Some(s) if class == "pig" && pos == here => t.pig = Some(s),
                        Some(s) if class == "shepherd" && pos == here => t.shepherd = Some(s),
                        Some(s) if class == "builder" && pos == here => t.builder = Some(s),
                        Some(s) if class == "phantom" && pos == here => t.phantom = Some(s),
                        Some(_) if class == "phantom" => self.problem(
                            "jcz::unsupported-message",
                            &format!("{path}.payload.pointer.position"),
                            "a phantom deployed off the tile just placed (through a magic portal) is not modelled yet"
                                .to_string(),
                            None,
                        ),
                        Some(_) if class == "pig" || class == "builder" || class == "shepherd" => self.problem(
                            "jcz::bad-message",
                            &format!("{path}.payload.pointer.position"),
                            format!("a {class} deployed off the tile just placed"),
                            None,
                        ),
                        Some(s) if pos != here && t.tile.is_some_and(|(k, _, _)| portal_tile(&set, k)) => {
                            t.portal = Some(format!("{{at: [{}, {}], on: {s}}}", pos.x, pos.y));
                        }
                        Some(s) => {
                            t.follower =
                                Some(if pos == here { s } else { format!("{{at: [{}, {}], on: {s}}}", pos.x, pos.y) });
                            t.large = class == "big";
                            t.figure = match class {
                                "mayor" => Some("mayor"),
                                "wagon" => Some("wagon"),
                                "abbot" => Some("abbot"),
                                "small" if loc == "AS_ABBOT" => Some("as-abbot"),
                                _ => None,
                            };
                            if loc == "AS_ABBOT" && class != "small" {
                                self.problem(
                                    "jcz::unsupported-message",
                                    &format!("{path}.payload.meepleId"),
                                    format!("the figure `{meeple}` ({class}) laid as an abbot is not modelled"),
                                    None,
                                );
                            }
                            if class == "wagon" {
                                wagons.insert(meeple.to_string(), pos);
                            }
                        }
                        None => {}
                    }
                }
                "CAPTURE_FOLLOWER" => {
                    let Some(t) = cur.as_mut().filter(|t| !t.committed) else {
                        self.out_of_turn(&path, m);
                        continue;
                    };
                    let pointer = m.payload.get("pointer");
                    let meeple = pointer.and_then(|p| p.get("meepleId")).and_then(Value::as_str).unwrap_or_default();
                    let class = meeple.split('.').nth(1).unwrap_or_default();
                    if !matches!(class, "small" | "big" | "phantom") {
                        self.problem(
                            "jcz::unsupported-message",
                            &format!("{path}.payload.pointer.meepleId"),
                            format!("the figure `{meeple}` ({class}) is of an expansion the referee does not model"),
                            None,
                        );
                        continue;
                    }
                    let fp = pointer.and_then(|p| p.get("featurePointer"));
                    let at = fp.and_then(|p| xy(p.get("position")));
                    let feature = fp.and_then(|p| p.get("feature")).and_then(Value::as_str).unwrap_or_default();
                    let loc = fp.and_then(|p| p.get("location")).and_then(Value::as_str).unwrap_or_default();
                    let Some((x, yy)) = at else { continue };
                    let pos = Pos::new(x as i32, -yy as i32);
                    let on = if feature == "Tower" {
                        Some("tower".to_string())
                    } else {
                        self.printed(
                            &set,
                            &board,
                            t,
                            pos,
                            feature,
                            loc,
                            &format!("{path}.payload.pointer.featurePointer"),
                        )
                    };
                    if let Some(on) = on {
                        t.tower.push(format!("capture: {{at: [{}, {}], on: {on}}}", pos.x, pos.y));
                        captured.push((meeple.to_string(), m.player));
                    }
                }
                "PAY_RANSOM" => {
                    ransom_message = i;
                    let meeple = m.payload.get("meepleId").and_then(Value::as_str).unwrap_or_default();
                    let class = meeple.split('.').nth(1).unwrap_or_default();
                    let captor = captured.iter().rev().find(|(id, _)| id == meeple).and_then(|(_, p)| *p);
                    match (class, captor.and_then(|p| usize::try_from(p).ok()).and_then(|p| g.players.get(p))) {
                        ("small" | "big" | "phantom", Some(captor)) => {
                            let words = match class {
                                "big" => " large",
                                "phantom" => " phantom",
                                _ => "",
                            };
                            let line = format!("ransom: {}", quote(&format!("{}{words}", captor.name)));
                            // Paid before the tile is placed: the turn's, or the next one's
                            // when its tile is not placed yet.
                            match cur.as_mut().filter(|t| !t.committed) {
                                Some(t) => t.tower.push(line),
                                None => pending_ransom = Some(line),
                            }
                        }
                        ("small" | "big" | "phantom", None) => self.problem(
                            "jcz::bad-message",
                            &format!("{path}.payload.meepleId"),
                            format!("`{meeple}` was not captured in the moves read"),
                            None,
                        ),
                        _ => self.problem(
                            "jcz::unsupported-message",
                            &format!("{path}.payload.meepleId"),
                            format!("the figure `{meeple}` ({class}) is of an expansion the referee does not model"),
                            None,
                        ),
                    }
                }
                "MOVE_NEUTRAL_FIGURE" | "RETURN_MEEPLE" => {
                    // Under `dragon-move: after-scoring` the dragon flies after the commit.
                    let figure = m.payload.get("figureId").and_then(Value::as_str).unwrap_or_default();
                    // A knight escapes a besieged city at the end of the turn, after its commit.
                    let escape = m.payload.get("source").and_then(Value::as_str) == Some("SIEGE_ESCAPE");
                    let flies_late = |t: &Turn| {
                        !t.committed
                            || escape
                            || (figure.starts_with("dragon.") && t.tile.is_some_and(|(k, _, _)| dragon_tile(&set, k)))
                    };
                    let Some(t) = cur.as_mut().filter(|t| flies_late(t)) else {
                        self.out_of_turn(&path, m);
                        continue;
                    };
                    t.acted |= !t.committed;
                    self.neutral(&set, &board, t, m, &path);
                }
                "PASS" => {
                    if let Some(t) = cur.as_mut().filter(|t| !t.committed) {
                        t.acted = true;
                    }
                }
                // Hills and Sheep: the token drawn for the shepherd just deployed, and the
                // flock grown or herded; JCZ draws the token at `random` x the bag's size.
                "SHEPHERD_CONFIRM" | "FLOCK_EXPAND_OR_SCORE" => {
                    let Some(t) = cur.as_mut().filter(|t| !t.committed) else {
                        self.out_of_turn(&path, m);
                        continue;
                    };
                    let random = m.payload.get("random").and_then(Value::as_f64).filter(|r| (0.0..1.0).contains(r));
                    let value = m.payload.get("value").and_then(Value::as_str);
                    match (m.kind.as_str(), value, random) {
                        ("SHEPHERD_CONFIRM", _, Some(r)) if t.shepherd.is_some() => t.shepherd_draw = Some(r),
                        // The turn's tile was refused already (said there): its shepherd too.
                        ("SHEPHERD_CONFIRM", _, Some(_)) if t.tile.is_none() => {}
                        ("FLOCK_EXPAND_OR_SCORE", Some("EXPAND"), Some(r)) => t.flock.push(format!("grow bag-at {r}")),
                        ("FLOCK_EXPAND_OR_SCORE", Some("SCORE"), _) => t.flock.push("herd".to_string()),
                        _ => self.problem(
                            "jcz::bad-message",
                            &format!("{path}.payload"),
                            "a shepherd's draw needs `random` (0 to 1) after the shepherd's deployment, and a flock's \
                             choice `value` EXPAND (with `random`) or SCORE"
                                .to_string(),
                            None,
                        ),
                    }
                }
                // A player declining their abbey at the start of a turn (`PASS`, `COMMIT`
                // before the turn's tile): nothing is played.
                "COMMIT"
                    if i > 0
                        && g.replay[i - 1].kind == "PASS"
                        && g.setup.elements.contains_key("abbey")
                        && cur.as_ref().is_none_or(|t| t.committed && t.pending_wagons.is_empty()) => {}
                "COMMIT" => match cur.as_mut() {
                    // The wagon phase committed: its moves are kept.
                    Some(t) if t.committed && !t.pending_wagons.is_empty() => {
                        let moved = std::mem::take(&mut t.pending_wagons);
                        t.wagon_moves.extend(moved);
                    }
                    Some(t) if !t.committed => {
                        t.committed = true;
                        if let Some((kind, pos, r)) = t.tile {
                            board.insert(pos, Placed { kind, rotation: r, bridged: 0 });
                            if let Some((at, axis)) = t.bridge {
                                if let Some(p) = board.get_mut(&at) {
                                    p.bridged |= axis.mask();
                                }
                            }
                        }
                    }
                    _ => self.out_of_turn(&path, m),
                },
                // Read before the loop (`undone`): the message it cancels is not replayed.
                "UNDO" => {}
                other => self.problem(
                    "jcz::unsupported-message",
                    &format!("{path}.type"),
                    format!("the message `{other}` is of an expansion the referee does not model"),
                    None,
                ),
            }
        }
        // A last turn left open (no COMMIT) has not been scored: it is not replayed.
        let mut open_turn = None;
        // Under `dragon-move: before-scoring` (the client's default) JCZ holds a dragon tile's
        // turn open while the dragon flies, after the player's choice and before the commit
        // and the scoring.
        let before_scoring =
            g.setup.rules.get("dragon-move").and_then(Value::as_str).unwrap_or("before-scoring") == "before-scoring";
        let dragon_turn =
            |t: &Turn| g.setup.elements.contains_key("dragon") && t.tile.is_some_and(|(k, _, _)| dragon_tile(&set, k));
        if let Some(mut t) = cur.take() {
            if t.committed {
                turns.push(t);
            } else if before_scoring && t.acted && dragon_turn(&t) {
                // Stopped during the flight (the moves made so far) or as it ended (JCZ's
                // CommitActionPhase): the scoring still to come.
                if flight_goes_on(&set, &board, &turns, &t) {
                    t.flight_unfinished = true;
                } else {
                    t.flight_ended = true;
                }
                turns.push(t);
            } else if pending_ransom.is_none() && t.tower.iter().any(|l| l.starts_with("ransom:")) {
                // A ransom paid in a turn not committed: JCZ moved its points at once. The
                // turn is written as far as it went, stopping before its scoring.
                t.tower.push("tower-turn: unfinished".to_string());
                t.tower_unfinished = true;
                turns.push(t);
            } else {
                open_turn = Some(t);
            }
        }
        // A last turn committed with its flight still going (JCZ's DragonMovePhase after the
        // scoring, `dragon-move: after-scoring`) stops during the flight.
        let n = turns.len().saturating_sub(1);
        let (before, last) = turns.split_at_mut(n);
        if let Some(t) =
            last.first_mut().filter(|t| open_turn.is_none() && t.committed && t.dragon.len() < 6 && dragon_turn(t))
        {
            t.flight_unfinished = flight_goes_on(&set, &board, before, t);
        }
        let unfinished = turns.last().is_some_and(|t| t.flight_unfinished || t.flight_ended || t.tower_unfinished);
        // JCZ moves a ransom's points at once; the referee plays a ransom with the turn it is
        // paid in, so a ransom paid before a tile never placed is not replayed.
        let open_ransom = open_turn.as_ref().is_some_and(|t| t.tower.iter().any(|l| l.starts_with("ransom:")));
        if pending_ransom.is_some() || open_ransom {
            self.problem(
                "jcz::unsupported-message",
                &format!("replay[{ransom_message}]"),
                "the game stops after a ransom paid before the turn's tile: the referee plays a ransom with the turn \
                 it is paid in, and this turn has no tile yet, so the 3 points JCZ moved are not"
                    .to_string(),
                None,
            );
        }
        // Volcano and dragon tiles without the `dragon` element are plain tiles to JCZ.
        if !g.setup.elements.contains_key("dragon") {
            if let Some(t) = turns.iter().find(|t| t.tile.is_some_and(|(k, _, _)| volcano_or_dragon(&set, k))) {
                self.problem(
                    "jcz::unsupported-element",
                    &format!("replay[{}]", t.message),
                    "a volcano or dragon tile without the `dragon` element (a plain tile to JCZ): the referee always \
                     plays the dragon"
                        .to_string(),
                    None,
                );
            }
        }
        // Tiles drawn after the last move that fit nowhere were discarded by JCZ unasked; the
        // first that fits is the one in hand when the replay stops.
        let end = g.annotations.end_turn.and_then(|n| usize::try_from(n).ok());
        // `endTurn` counts the tiles drawn: an abbey is none.
        let abbey = |t: &Turn| t.tile.is_some_and(|(k, _, _)| set.get(k).walled());
        let abbeys = turns.iter().filter(|t| abbey(t)).count();
        if open_turn.is_none() && !unfinished {
            while drawn < draw.len() && end.is_some_and(|n| turns.len() - abbeys < n) {
                let Some((our, kind, _)) = self.tile(&set, &draw[drawn], 0, "gameAnnotations.drawOrder") else { break };
                if fits_somewhere(&set, &board, kind) {
                    break;
                }
                let mut t = Turn { message: g.replay.len(), committed: true, ..Turn::default() };
                t.lines.push(format!("tile: {our}"));
                t.lines.push("discard: true".to_string());
                turns.push(t);
                drawn += 1;
            }
        }
        let mut turns = self.builder_turns(g, turns);
        let placed = turns.iter().filter(|p| !p.iter().all(abbey)).count();
        let game_over = end == Some(placed) && open_turn.is_none() && !unfinished;
        // Abbeys that end a finished game were laid after the last land tile, by the players
        // still holding theirs, in turn order from the next player: that tile's turn says it
        // was the last, and each abbey after it names its player.
        if game_over && g.setup.elements.contains_key("abbey") {
            let trailing = turns.iter().rev().take_while(|p| p.iter().all(abbey)).count();
            if trailing > 0 && trailing < turns.len() {
                let last = turns.len() - trailing - 1;
                if let Some(t) = turns[last].last_mut() {
                    t.lines.push("last-tile: true".to_string());
                }
                for t in turns[last + 1..].iter_mut().flatten() {
                    let who = t.player.and_then(|p| usize::try_from(p).ok()).and_then(|p| g.players.get(p));
                    if let Some(p) = who {
                        t.lines.insert(0, format!("player: {}", quote(&p.name)));
                    }
                }
            }
        }
        if !game_over {
            let _ = writeln!(y, "final-scoring: false");
        }
        if let Some(t) = &open_turn {
            let _ = writeln!(
                y,
                "# replay[{}] places a tile whose turn is not committed: it is not replayed here.",
                t.message
            );
        }
        // A replay that stops after a bazaar tile's turn stops as its bazaar begins (JCZ
        // holds it at the end of the turn, in a phase of its own).
        if let Some(last) = turns.last_mut().filter(|_| g.setup.elements.contains_key("bazaar") && open_turn.is_none())
        {
            let bazaar =
                |t: &&mut Turn| t.tile.is_some_and(|(k, _, _)| set.get(k).marks.contains(&crate::tile::Mark::Bazaar));
            if let Some(t) = last.iter_mut().rev().find(bazaar) {
                t.lines.push("bazaar: not-held".to_string());
            }
        }
        let _ = writeln!(y, "turns:");
        if turns.is_empty() {
            y.truncate(y.len() - "turns:\n".len());
        }
        for parts in &turns {
            let written: Vec<String> = parts.iter().map(|t| self.written(g, t)).collect();
            match written.as_slice() {
                [one] => {
                    let _ = writeln!(y, "  - {one}");
                }
                many => {
                    let _ = writeln!(y, "  - parts:  # a builder's double turn");
                    for w in many {
                        let _ = writeln!(y, "      - {w}");
                    }
                }
            }
        }

        // The engine test's sentences: those the referee can judge become expectations.
        let mut not_judged = Vec::new();
        if let Some(test) = &g.test {
            let mut scores: Vec<(String, i64)> = Vec::new();
            let mut events: Vec<String> = Vec::new();
            let parsed: Vec<Sentence> = test.assertions.iter().map(|s| assertions::parse(s, &names)).collect();
            // Another player said to score the same kind of feature for the same points: JCZ
            // says a shared scoring once per player, the referee makes one event of it for
            // all; which it was is not in the sentences (the totals are judged).
            let shared = |player: &str, feature: &str, points: i64| {
                // Only a feature followers share (a fairy's or a tower's points never are).
                ["road", "city", "cloister", "field", "castle"].contains(&feature)
                    && parsed.iter().any(|o| {
                        matches!(o, Sentence::Scored { player: p, feature: f, points: n }
                        if p != player && *f == feature && *n == points)
                    })
            };
            for (i, (s, sentence)) in test.assertions.iter().zip(parsed.iter().cloned()).enumerate() {
                match sentence {
                    Sentence::Scored { player, feature, points } if shared(&player, feature, points) => {
                        not_judged.push(format!(
                            "test.assertions[{i}] \"{s}\": another player is said to score a {feature} for {points} too; \
                             JCloisterZone says a shared scoring once per player, the referee once for all (the \
                             totals are judged)"
                        ));
                    }
                    Sentence::Score { player, points } => {
                        if !scores.iter().any(|(p, _)| *p == player) {
                            scores.push((player, points));
                        }
                    }
                    Sentence::Scored { player, feature, points } => {
                        let e =
                            format!("{{turn: any, player: {}, feature: {feature}, points: {points}}}", quote(&player));
                        // An existence test: the same sentence twice is met by one event.
                        if !events.contains(&e) {
                            events.push(e);
                        }
                    }
                    Sentence::NotJudged(why) => {
                        not_judged.push(format!("test.assertions[{i}] \"{s}\": {why}"));
                    }
                }
            }
            if !scores.is_empty() || !events.is_empty() {
                let _ = writeln!(y, "expect:");
            }
            if !scores.is_empty() {
                let list: Vec<String> = scores.iter().map(|(p, n)| format!("{}: {n}", quote(p))).collect();
                let _ = writeln!(y, "  scores: {{{}}}", list.join(", "));
            }
            if !events.is_empty() {
                let _ = writeln!(y, "  events:");
                for e in &events {
                    let _ = writeln!(y, "    - {e}");
                }
            }
            for n in &not_judged {
                let _ = writeln!(y, "# not judged: {}", n.replace('\n', " "));
            }
        }
        Imported { yaml: y, not_judged }
    }

    /// One placement in the scenario's words, a flow map with the message it came from.
    fn written(&self, g: &SavedGame, t: &Turn) -> String {
        let mut parts = t.lines.clone();
        match (t.bridge, t.tile) {
            (Some((at, a)), Some((_, here, _))) if at == here => parts.push(format!("bridge: {}", a.as_str())),
            (Some((at, a)), _) => parts.push(format!("bridge: {{at: [{}, {}], axis: {}}}", at.x, at.y, a.as_str())),
            _ => {}
        }
        if let Some(f) = &t.follower {
            parts.push(format!("{}: {f}", if t.large { "large" } else { t.figure.unwrap_or("follower") }));
        }
        if let Some(p) = &t.pig {
            parts.push(format!("pig: {p}"));
        }
        if let Some(s) = &t.shepherd {
            match t.shepherd_draw {
                Some(r) => parts.push(format!("shepherd: {{on: {s}, draw: bag-at {r}}}")),
                None => parts.push(format!("shepherd: {{on: {s}, draw: none}}")),
            }
        }
        if !t.flock.is_empty() {
            parts.push(format!("flock: [{}]", t.flock.join(", ")));
        }
        if let Some(c) = t.barn {
            parts.push(format!("barn-corner: {c:?}"));
        }
        if !t.wagon_moves.is_empty() {
            parts.push(format!("wagon-move: [{}]", t.wagon_moves.join(", ")));
        }
        if let Some(b) = &t.builder {
            parts.push(format!("builder: {b}"));
        }
        if let Some(p) = &t.phantom {
            parts.push(format!("phantom: {p}"));
        }
        if let Some(b) = &t.building {
            parts.push(format!("building: {b}"));
        }
        if let Some(f) = &t.flier {
            parts.push(match &f.land {
                Some(land) => format!("flier: {{die: {}, {land}}}", f.die),
                None => format!("flier: {{die: {}}}", f.die),
            });
        }
        parts.extend(t.tower.iter().cloned());
        match t.castles.as_slice() {
            [] => {}
            [one] => parts.push(format!("castle: {one}")),
            many => parts.push(format!("castles: [{}]", many.join(", "))),
        }
        if let Some(f) = &t.fairy {
            parts.push(format!("fairy: {f}"));
        }
        parts.extend(t.magic.iter().cloned());
        if let Some(p) = &t.princess {
            parts.push(format!("princess: {p}"));
        }
        if let Some(p) = &t.portal {
            parts.push(format!("portal: {p}"));
        }
        if let Some(e) = &t.escape {
            parts.push(format!("escape: {e}"));
        }
        if !t.dragon.is_empty() {
            let moves: Vec<String> = t.dragon.iter().map(|q| format!("[{}, {}]", q.x, q.y)).collect();
            parts.push(format!("dragon: [{}]", moves.join(", ")));
        }
        if t.flight_unfinished {
            parts.push("dragon-flight: unfinished".to_string());
        }
        if t.flight_ended {
            parts.push("dragon-flight: ended".to_string());
        }
        let garden = t
            .garden
            .as_ref()
            .map(|id| format!("; {id} is this tile with a garden, which only the abbot uses"))
            .unwrap_or_default();
        if t.message >= g.replay.len() {
            format!("{{{}}}  # drawn after the last message, fits nowhere{garden}", parts.join(", "))
        } else {
            format!("{{{}}}  # replay[{}]{garden}", parts.join(", "), t.message)
        }
    }

    /// Which messages of the replay are kept: an `UNDO` cancels the message before it that is
    /// still kept (JCZ's undo takes back the last message of the same turn part; several in a
    /// row take back several). Each cancelled message is named in a comment of the scenario.
    /// JCZ refuses to undo a `COMMIT` (it draws the next tile) and across turns: such an
    /// `UNDO`, or one with nothing before it, is a located problem.
    fn undone(&mut self, g: &SavedGame, y: &mut String) -> Vec<bool> {
        let mut kept = vec![true; g.replay.len()];
        let mut stack: Vec<usize> = Vec::new();
        for (i, m) in g.replay.iter().enumerate() {
            if m.kind != "UNDO" {
                stack.push(i);
                continue;
            }
            kept[i] = false;
            match stack.last().copied() {
                Some(j) if g.replay[j].kind != "COMMIT" => {
                    stack.pop();
                    kept[j] = false;
                    let _ = writeln!(y, "# replay[{i}] undoes replay[{j}] (`{}`): not replayed", g.replay[j].kind);
                }
                _ => self.problem(
                    "jcz::bad-message",
                    &format!("replay[{i}]"),
                    "an `UNDO` with no move of the same turn before it to take back".to_string(),
                    None,
                ),
            }
        }
        kept
    }

    /// The placements grouped into turns: a placement whose message names the same player
    /// as the one before it, in a game of several players, is the second part of that
    /// player's turn, a second tile their builder earned (JCZ plays it as a part of the same
    /// turn and writes no message between them but the first part's `COMMIT`). Where the
    /// builder is in play and a placement names no player, the parts cannot be told apart: a
    /// located problem.
    fn builder_turns(&mut self, g: &SavedGame, placements: Vec<Turn>) -> Vec<Vec<Turn>> {
        let mut turns: Vec<Vec<Turn>> = Vec::new();
        if !g.setup.elements.contains_key("builder") {
            return placements.into_iter().map(|t| vec![t]).collect();
        }
        if let Some(t) = placements.iter().find(|t| t.tile.is_some() && t.player.is_none()) {
            self.problem(
                "jcz::unsupported-message",
                &format!("replay[{}]", t.message),
                "a tile placement that names no player, in a game with the builder: the referee tells a builder's \
                 second tile by the player its message names"
                    .to_string(),
                Some(
                    "save the game again with JCloisterZone 5 or later, which names the player of every message"
                        .to_string(),
                ),
            );
        }
        for t in placements {
            let second = g.players.len() > 1
                && t.tile.is_some()
                && t.player.is_some()
                && turns
                    .last()
                    .is_some_and(|last| last.len() == 1 && last[0].tile.is_some() && last[0].player == t.player);
            match turns.last_mut() {
                Some(last) if second => last.push(t),
                _ => turns.push(vec![t]),
            }
        }
        turns
    }

    /// A neutral figure moved (the dragon, the fairy) or a follower sent home (by the
    /// princess): The Princess and the Dragon's choices of the turn.
    fn neutral(&mut self, set: &TileSet, board: &HashMap<Pos, Placed>, t: &mut Turn, m: &Message, path: &str) {
        let figure = m.payload.get("figureId").and_then(Value::as_str).unwrap_or_default();
        let source = m.payload.get("source").and_then(Value::as_str).unwrap_or_default();
        let (what, pointer) = match m.kind.as_str() {
            // The player's abbot taken back instead of deploying (The Abbot).
            "RETURN_MEEPLE" if source == "ABBOT_RETURN" => {
                t.lines.push("abbot-back: true".to_string());
                return;
            }
            "RETURN_MEEPLE" if source == "PRINCESS" => ("princess", m.payload.get("pointer")),
            "RETURN_MEEPLE" if source == "SIEGE_ESCAPE" => ("escape", m.payload.get("pointer")),
            "RETURN_MEEPLE" => {
                self.problem(
                    "jcz::unsupported-message",
                    &format!("{path}.payload.source"),
                    format!("a follower sent home by `{source}`, of an expansion the referee does not model"),
                    None,
                );
                return;
            }
            _ if figure.starts_with("dragon.") => {
                match xy(m.payload.get("to")) {
                    Some((x, yy)) => {
                        if let Some(q) = self.square(x, yy, &format!("{path}.payload.to")) {
                            t.dragon.push(q);
                        }
                    }
                    None => {
                        self.problem("jcz::bad-message", path, "a dragon move without `to: [x, y]`".to_string(), None)
                    }
                }
                return;
            }
            // Mage and Witch: a magic figure onto a feature (`to` is the feature pointer).
            _ if figure.starts_with("mage.") || figure.starts_with("witch.") => {
                let what = if figure.starts_with("mage.") { "mage" } else { "witch" };
                let to = m.payload.get("to");
                let at = to.and_then(|p| xy(p.get("position")));
                let feature = to.and_then(|p| p.get("feature")).and_then(Value::as_str).unwrap_or_default();
                let loc = to.and_then(|p| p.get("location")).and_then(Value::as_str).unwrap_or_default();
                let Some((x, yy)) = at else {
                    self.problem(
                        "jcz::unsupported-message",
                        &format!("{path}.payload.to"),
                        format!("a move of the {what} to no feature is not modelled"),
                        None,
                    );
                    return;
                };
                let pos = Pos::new(x as i32, -yy as i32);
                if let Some(s) = self.printed(set, board, t, pos, feature, loc, &format!("{path}.payload.to")) {
                    t.magic.push(format!("{what}: {{at: [{}, {}], on: {s}}}", pos.x, pos.y));
                }
                return;
            }
            _ if figure.starts_with("fairy.") => match m.payload.get("to") {
                Some(to) if to.get("featurePointer").is_some() => ("fairy", Some(to)),
                // `fairy-placement: on-tile`: the fairy onto the tile at a square.
                to => {
                    match xy(to) {
                        Some((x, yy)) => {
                            if let Some(q) = self.square(x, yy, &format!("{path}.payload.to")) {
                                t.fairy = Some(format!("[{}, {}]", q.x, q.y));
                                t.fairy_at = Some(q);
                            }
                        }
                        None => self.problem(
                            "jcz::bad-message",
                            path,
                            "a fairy move to neither a follower nor a square".to_string(),
                            None,
                        ),
                    }
                    return;
                }
            },
            _ => {
                self.problem(
                    "jcz::unsupported-message",
                    &format!("{path}.payload.figureId"),
                    format!("the neutral figure `{figure}` is of an expansion the referee does not model"),
                    None,
                );
                return;
            }
        };
        let fp = pointer.and_then(|p| p.get("featurePointer"));
        let at = fp.and_then(|p| xy(p.get("position")));
        let feature = fp.and_then(|p| p.get("feature")).and_then(Value::as_str).unwrap_or_default();
        let loc = fp.and_then(|p| p.get("location")).and_then(Value::as_str).unwrap_or_default();
        let Some((x, yy)) = at else {
            self.problem("jcz::bad-message", path, format!("the {what}'s follower has no position"), None);
            return;
        };
        let pos = Pos::new(x as i32, -yy as i32);
        let fpath = format!("{path}.payload.{}.featurePointer", if what == "fairy" { "to" } else { "pointer" });
        if let Some(s) = self.printed(set, board, t, pos, feature, loc, &fpath) {
            let words = format!("{{at: [{}, {}], on: {s}}}", pos.x, pos.y);
            if what == "fairy" {
                t.fairy = Some(words);
                t.fairy_at = Some(pos);
            } else if what == "escape" {
                t.escape = Some(words);
            } else {
                t.princess = Some(words);
            }
        }
    }

    /// A `DEPLOY_MEEPLE` of The Flying Machines: the launch (`feature: FlyingMachine` on the
    /// tile just placed) or, for the figure launched, where it lands. JCZ records no die: the
    /// launch message carries `random`, a number in [0, 1) that JCZ's engine turns into the die
    /// as the number times three, rounded down, plus one (docs/jcz.md, "The Flying Machines").
    /// A flight with no landing message found nowhere to land (JCZ asks nothing then): the
    /// engine judges that under the rules, as it judges the landing.
    fn flight(&mut self, set: &TileSet, board: &HashMap<Pos, Placed>, t: &mut Turn, m: &Message, path: &str) {
        let meeple = m.payload.get("meepleId").and_then(Value::as_str).unwrap_or_default();
        let class = meeple.split('.').nth(1).unwrap_or_default();
        let pointer = m.payload.get("pointer");
        let at = pointer.and_then(|p| xy(p.get("position")));
        let feature = pointer.and_then(|p| p.get("feature")).and_then(Value::as_str).unwrap_or_default();
        let loc = pointer.and_then(|p| p.get("location")).and_then(Value::as_str).unwrap_or_default();
        let (Some((x, yy)), Some((_, here, _))) = (at, t.tile) else { return };
        let pos = Pos::new(x as i32, -yy as i32);
        t.acted = true;
        if feature != "FlyingMachine" {
            // The landing of the figure launched this turn.
            let spot = self.printed(set, board, t, pos, feature, loc, &format!("{path}.payload.pointer"));
            if let (Some(s), Some(f)) = (spot, t.flier.as_mut()) {
                f.land = Some(format!("at: [{}, {}], on: {s}", pos.x, pos.y));
            }
            return;
        }
        if class != "small" {
            self.problem(
                "jcz::unsupported-message",
                &format!("{path}.payload.meepleId"),
                format!(
                    "the figure `{meeple}` ({class}) launched by a flying machine: the referee lets only a normal \
                     follower fly (the footnote that any follower may is not modelled)"
                ),
                None,
            );
            return;
        }
        if pos != here || t.flier.is_some() {
            self.problem(
                "jcz::bad-message",
                &format!("{path}.payload.pointer"),
                "a flying machine launches one follower a turn, from the tile just placed".to_string(),
                None,
            );
            return;
        }
        let random = m.payload.get("random").and_then(Value::as_f64).filter(|r| (0.0..1.0).contains(r));
        let Some(r) = random else {
            self.problem(
                "jcz::bad-message",
                &format!("{path}.payload"),
                "a flight needs `random`, the number in [0, 1) JCloisterZone throws the die from".to_string(),
                None,
            );
            return;
        };
        t.flier = Some(Flight { meeple: meeple.to_string(), die: jcz_die(r), land: None });
    }

    /// Whether something the referee does not model was met: what follows from it (a figure
    /// on a tile it could not place) is not reported again as a fault of the file.
    fn unsupported(&self) -> bool {
        self.problems.iter().any(|p| p.code.starts_with("referee::jcz::unsupported"))
    }

    fn out_of_turn(&mut self, path: &str, m: &Message) {
        self.problem(
            "jcz::unsupported-message",
            path,
            format!("a `{}` outside a tile's turn (a move after scoring, of an expansion not modelled)", m.kind),
            None,
        );
    }

    /// The catalogue tile for a JCZ tile id, and the rotation as the catalogue turns it.
    fn tile(
        &mut self,
        set: &TileSet,
        id: &str,
        degrees: i64,
        path: &str,
    ) -> Option<(&'static str, TileKind, Rotation)> {
        if let Some((_, why)) = tiles::NOT_MODELLED.iter().find(|(t, _)| *t == id) {
            self.problem("jcz::unsupported-tile", path, format!("the tile `{id}` is not modelled: {why}"), None);
            return None;
        }
        // A garden tile of the catalogue when the game's tiles hold it (the abbot in play).
        let garden = tiles::garden_tile(id).filter(|g| set.find(g).is_some()).map(|g| (g, 0));
        let Some((our, turns)) = garden.or_else(|| tiles::ours(id)) else {
            self.problem(
                "jcz::unsupported-tile",
                path,
                format!("the tile `{id}` is of an expansion the referee does not model"),
                Some("docs/jcz.md lists the tile ids the referee reads".to_string()),
            );
            return None;
        };
        let Some(kind) = set.find(our) else {
            self.problem(
                "jcz::unsupported-tile",
                path,
                format!("the tile `{id}` is not in the sets this game names"),
                None,
            );
            return None;
        };
        match Rotation::from_degrees(degrees - 90 * i64::from(turns)) {
            Some(r) => Some((our, kind, r)),
            None => {
                self.problem("jcz::bad-message", path, format!("{degrees}° is not a rotation"), None);
                None
            }
        }
    }

    /// A JCZ square (y grows southwards) as the referee's (y grows northwards).
    fn square(&mut self, x: i64, y: i64, path: &str) -> Option<Pos> {
        const FAR: u64 = 1 << 20;
        // `unsigned_abs`: the absolute value of i64::MIN does not fit an i64.
        if x.unsigned_abs() > FAR || y.unsigned_abs() > FAR {
            self.problem("jcz::bad-square", path, format!("[{x}, {y}] lies far off any board"), None);
            return None;
        }
        Some(Pos::new(x as i32, -y as i32))
    }

    /// A feature printed on a tile, from JCZ's pointer (`City`, `SE`), in players' words.
    #[allow(clippy::too_many_arguments)]
    fn printed(
        &mut self,
        set: &TileSet,
        board: &HashMap<Pos, Placed>,
        t: &Turn,
        pos: Pos,
        feature: &str,
        loc: &str,
        path: &str,
    ) -> Option<String> {
        let on = match t.tile {
            Some((kind, here, r)) if here == pos => Some((kind, r)),
            _ => board.get(&pos).map(|p| (p.kind, p.rotation)),
        };
        let Some((kind, r)) = on else {
            // After a tile the referee could not read, a square may well be empty here.
            if !self.unsupported() {
                self.problem(
                    "jcz::bad-message",
                    &format!("{path}.position"),
                    "no tile on that square".to_string(),
                    None,
                );
            }
            return None;
        };
        let def = set.get(kind);
        let word = match feature {
            "City" => segment_by_edges(def, r, FeatureKind::City, loc).map(|e| format!("city {}", e.letter())),
            "Road" => segment_by_edges(def, r, FeatureKind::Road, loc).map(|e| format!("road {}", e.letter())),
            // JCZ's `I`: the field inside the tile, enclosed by cities.
            "Field" if loc == "I" => def
                .segments
                .iter()
                .any(|s| s.kind == FeatureKind::Field && s.halves == 0)
                .then(|| "field centre".to_string()),
            "Field" => segment_by_halves(def, r, loc).map(|h| format!("field {}", h.name())),
            "Garden" if loc == "I" && def.segments.iter().any(|s| s.kind == FeatureKind::Garden) => {
                Some("garden".to_string())
            }
            // `AS_ABBOT`: a follower laid as an abbot on a special monastery (The Monasteries).
            "Monastery"
                if matches!(loc, "I" | "AS_ABBOT") && def.segments.iter().any(|s| s.kind == FeatureKind::Cloister) =>
            {
                Some("cloister".to_string())
            }
            other @ ("Monastery" | "Garden" | "Tower" | "River" | "Castle" | "Quarter") => {
                self.problem(
                    "jcz::unsupported-message",
                    &format!("{path}.feature"),
                    format!("a follower on a {other} (`{loc}`) is not something the referee models on this tile"),
                    None,
                );
                return None;
            }
            other => {
                self.problem(
                    "jcz::unsupported-message",
                    &format!("{path}.feature"),
                    format!("the feature `{other}` is of an expansion the referee does not model"),
                    None,
                );
                return None;
            }
        };
        if word.is_none() {
            self.problem(
                "jcz::bad-location",
                &format!("{path}.location"),
                format!("tile {} as turned has no {} at `{loc}`", def.id, feature.to_lowercase()),
                None,
            );
        }
        word
    }
}

/// Whether the dragon, set flying by the dragon tile of `t` with the moves `t` made, may still
/// move: fewer than six moves, and a tile beside it that it has not stood on in this flight
/// and that is not the fairy's. Where it stands and where the fairy stands are read from the
/// turns `before`.
fn flight_goes_on(set: &TileSet, board: &HashMap<Pos, Placed>, before: &[Turn], t: &Turn) -> bool {
    let Some((_, here, _)) = t.tile else { return false };
    let mut dragon = None;
    let mut fairy = None;
    for p in before.iter().chain(std::iter::once(t)) {
        if let Some((k, at, _)) = p.tile.filter(|(k, _, _)| set.get(*k).marks.contains(&crate::tile::Mark::Volcano)) {
            let _ = k;
            dragon = Some(at);
        }
        if !std::ptr::eq(p, t) {
            dragon = p.dragon.last().copied().or(dragon);
        }
        fairy = p.fairy_at.or(fairy);
    }
    let Some(start) = dragon else { return false };
    if t.dragon.len() >= 6 {
        return false;
    }
    let mut visited = vec![start];
    visited.extend(t.dragon.iter().copied());
    let at = *visited.last().expect("the flight starts somewhere");
    (0..4)
        .map(|e| at.step(Edge::from_index(e)))
        .any(|q| (board.contains_key(&q) || q == here) && !visited.contains(&q) && Some(q) != fairy)
}

fn portal_tile(set: &TileSet, k: TileKind) -> bool {
    set.get(k).marks.contains(&crate::tile::Mark::Portal)
}

fn dragon_tile(set: &TileSet, k: TileKind) -> bool {
    set.get(k).marks.contains(&crate::tile::Mark::Dragon)
}

fn volcano_or_dragon(set: &TileSet, k: TileKind) -> bool {
    dragon_tile(set, k) || set.get(k).marks.contains(&crate::tile::Mark::Volcano)
}

fn push_unique(v: &mut Vec<&'static str>, x: &'static str) {
    if !v.contains(&x) {
        v.push(x);
    }
}

/// The flight die JCloisterZone throws from a message's `random` (a number in [0, 1)): 1, 2 or
/// 3, the number times three rounded down, plus one.
fn jcz_die(random: f64) -> u8 {
    ((random * 3.0).floor() as u8).min(2) + 1
}

/// A string as a YAML double-quoted scalar (JSON's escapes are YAML's too).
fn quote(s: &str) -> String {
    serde_json::to_string(s).unwrap_or_else(|_| "\"\"".to_string())
}

fn xy(v: Option<&Value>) -> Option<(i64, i64)> {
    let a = v?.as_array()?;
    match a.as_slice() {
        [x, y] => Some((x.as_i64()?, y.as_i64()?)),
        _ => None,
    }
}

/// JCZ's edge-list location (`N`, `WE`, `_S`, `NWSE`) as a mask of board edges.
fn edge_mask(loc: &str) -> Option<u8> {
    if let Some(except) = loc.strip_prefix('_') {
        return Some(0b1111 & !edge_mask(except)?);
    }
    let mut m = 0;
    for c in loc.chars() {
        m |= Edge::parse(&c.to_string())?.bit();
    }
    (m != 0).then_some(m)
}

/// The segment of `kind` whose board edges are exactly `loc`, named by its first edge.
fn segment_by_edges(def: &TileDef, r: Rotation, kind: FeatureKind, loc: &str) -> Option<Edge> {
    let want = edge_mask(loc)?;
    let s = def.segments.iter().find(|s| s.kind == kind && r.edge_mask(s.edges) == want)?;
    let m = r.edge_mask(s.edges);
    (0..4).map(Edge::from_index).find(|e| m & e.bit() != 0)
}

/// The field whose board half-edges are exactly `loc` (`NL.NR.EL`), named by its first one.
fn segment_by_halves(def: &TileDef, r: Rotation, loc: &str) -> Option<Half> {
    let mut want = 0u8;
    for h in loc.split('.') {
        want |= Half::parse(h)?.bit();
    }
    let s = def.segments.iter().find(|s| s.kind == FeatureKind::Field && r.half_mask(s.halves) == want)?;
    let m = r.half_mask(s.halves);
    Half::NAMES.iter().filter_map(|n| Half::parse(n)).find(|h| m & h.bit() != 0)
}

/// What lies along a board edge of a placed tile.
fn terrain(set: &TileSet, p: &Placed, e: Edge) -> Terrain {
    if p.bridged & e.bit() != 0 {
        Terrain::Road
    } else {
        set.get(p.kind).edge(p.rotation, e)
    }
}

/// Whether the tile fits at `pos` edge for edge, with `bridged` board edges of it made road.
fn fits(set: &TileSet, board: &HashMap<Pos, Placed>, kind: TileKind, pos: Pos, r: Rotation, bridged: u8) -> bool {
    fits_with(set, board, kind, pos, r, bridged, None)
}

/// [`fits`], with a bridge of `extra` (a square and the edges it makes road) laid first.
fn fits_with(
    set: &TileSet,
    board: &HashMap<Pos, Placed>,
    kind: TileKind,
    pos: Pos,
    r: Rotation,
    bridged: u8,
    extra: Option<(Pos, u8)>,
) -> bool {
    let me = Placed { kind, rotation: r, bridged };
    (0..4).map(Edge::from_index).all(|e| {
        let at = pos.step(e);
        match board.get(&at) {
            Some(n) => {
                let mut n = *n;
                if let Some((_, m)) = extra.filter(|(q, _)| *q == at) {
                    n.bridged |= m;
                }
                terrain(set, &n, e.opposite()) == terrain(set, &me, e)
            }
            None => true,
        }
    })
}

/// Whether the tile fits on some free square next to the board, in some rotation, with a
/// bridge JCZ would add if it needs one.
fn fits_somewhere(set: &TileSet, board: &HashMap<Pos, Placed>, kind: TileKind) -> bool {
    let free: Vec<Pos> = board
        .keys()
        .flat_map(|p| (0..4).map(move |e| p.step(Edge::from_index(e))))
        .filter(|q| !board.contains_key(q))
        .collect();
    free.iter().any(|q| {
        (0..4)
            .filter_map(|t| Rotation::from_degrees(90 * t))
            .any(|r| fits(set, board, kind, *q, r, 0) || implicit_bridge(set, board, kind, *q, r).is_some())
    })
}

/// The bridge JCZ adds, unasked, to a placement that fits only with one: on the new tile
/// first (its own north-south way, then its own east-west way, as turned), then on a
/// neighbour to the north, east, south or west, running towards the new tile.
fn implicit_bridge(
    set: &TileSet,
    board: &HashMap<Pos, Placed>,
    kind: TileKind,
    pos: Pos,
    r: Rotation,
) -> Option<(Pos, Axis)> {
    let def = set.get(kind);
    for own in [Edge::N, Edge::E] {
        let e = r.edge(own);
        let axis = if matches!(e, Edge::N | Edge::S) { Axis::NS } else { Axis::EW };
        let ends_field = axis.edges().iter().all(|x| def.edge(r, *x) == Terrain::Field);
        if ends_field && fits(set, board, kind, pos, r, axis.mask()) {
            return Some((pos, axis));
        }
    }
    for e in [Edge::N, Edge::E, Edge::S, Edge::W] {
        let at = pos.step(e);
        let Some(n) = board.get(&at) else { continue };
        let axis = if matches!(e, Edge::N | Edge::S) { Axis::NS } else { Axis::EW };
        let far = e;
        let ndef = set.get(n.kind);
        let ok = n.bridged == 0
            && axis.edges().iter().all(|x| ndef.edge(n.rotation, *x) == Terrain::Field)
            && !board.contains_key(&at.step(far))
            && def.edge(r, e) == Terrain::Road;
        if ok && fits_with(set, board, kind, pos, r, 0, Some((at, axis.mask()))) {
            return Some((at, axis));
        }
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn edge_locations_read_as_jcz_writes_them() {
        assert_eq!(edge_mask("N"), Some(Edge::N.bit()));
        assert_eq!(edge_mask("WE"), Some(Edge::W.bit() | Edge::E.bit()));
        assert_eq!(edge_mask("_S"), Some(Edge::N.bit() | Edge::E.bit() | Edge::W.bit()));
        assert_eq!(edge_mask("NWSE"), Some(0b1111));
        assert_eq!(edge_mask("X"), None);
    }
}
