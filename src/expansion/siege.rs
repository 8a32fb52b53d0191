//! The Siege and The Cathars: two expansions, one mechanism. Each adds land tiles whose city
//! is besieged (`tile::Mark::Besieged`, in the tile's first city): The Siege the six tiles of
//! JCloisterZone's set `siege/besiegers` (`tiles/siege.yaml`), The Cathars its four
//! (`tiles/cathars.yaml`). A city holding one such tile or more is besieged; more than one
//! changes nothing, and with both expansions in play the mechanism is played once (The Cathars'
//! hooks stand aside when The Siege is in play, citing The Siege's rules).
//!
//! What it models:
//! * the scoring of a besieged city (`score_items`): each tile and pennant is worth one point
//!   less than the rules otherwise make it, never less than nothing: 1 instead of 2 when
//!   completed, 2 instead of 3 with a cathedral (Inns and Cathedrals, before this expansion in
//!   the registry), nothing for a two-tile city the rules score 1 a tile, nothing when still
//!   unfinished at the end (`<x>.city.reduced`, `<x>.city.incomplete`);
//! * the farms: a completed besieged city is worth twice its usual value to the farmers who
//!   score it, 6 (8 under the first farm rule, which pays 4 a city; `farm_value`,
//!   `<x>.farm.double`), and a pig's point for it is doubled too, 8 (Traders and Builders'
//!   pig reads the farm value's label, [`FARM_LABEL`]);
//! * a besieged town made a castle (Bridges, Castles and Bazaars, before this expansion in the
//!   registry): an ordinary castle, the siege has no effect (`<x>.castle.no-effect`): the
//!   castle takes the town over, so the city is never scored as besieged, and the castle's
//!   farm value (4) is decided by the castle's rules first.
//!
//! What it does not model, refused where it is met: the escape from a besieged city through a
//! neighbouring cloister (a knight sent home at the end of its owner's turn,
//! `<x>.escape.cloister`, and its edition difference: beside a besieger tile under Hans im
//! Glück's rules, beside any tile of the city under Rio Grande's). A scenario has no key for
//! it (one written is an unknown field, located), and the JCloisterZone importer refuses a
//! saved game whose escape is switched on or made (`jcz::unsupported`).

use super::{Expansion, ExpansionId, Piece, PieceAt};
use crate::engine::features::SegId;
use crate::engine::{FeatureInfo, Game};
use crate::rules::RuleId;
use crate::score::{Items, Rules, Timing};
use crate::tile::{FeatureKind, Mark};

/// The Siege.
pub struct Siege;

/// The Cathars.
pub struct Cathars;

/// The rule ids one of the two expansions cites for the shared mechanism.
struct Book {
    besieged: RuleId,
    reduced: RuleId,
    incomplete: RuleId,
    farm: RuleId,
    castle: RuleId,
}

const SIEGE: Book = Book {
    besieged: rule::BESIEGED,
    reduced: rule::CITY_REDUCED,
    incomplete: rule::CITY_INCOMPLETE,
    farm: rule::FARM_DOUBLE,
    castle: rule::CASTLE_NO_EFFECT,
};

const CATHARS: Book = Book {
    besieged: rule_cathars::BESIEGED,
    reduced: rule_cathars::CITY_REDUCED,
    incomplete: rule_cathars::CITY_INCOMPLETE,
    farm: rule_cathars::FARM_DOUBLE,
    castle: rule_cathars::CASTLE_NO_EFFECT,
};

/// What a besieged city is worth to farmers, as the label of its farm value: Traders and
/// Builders' pig reads it (a pig's point for it doubled).
pub const FARM_LABEL: &str = "besieged city";

/// Whether the tile of a segment shows the besiegers in that segment: the tile is marked and
/// the segment is its first city.
fn besieging(game: &Game, seg: SegId) -> bool {
    let p = game.placement_of(seg);
    let def = game.def(p.kind);
    if !def.marks.contains(&Mark::Besieged) {
        return false;
    }
    let first = def.segments.iter().position(|s| s.kind == FeatureKind::City);
    first.is_some() && game.locate(seg).1 == first
}

/// Whether the city of root `root` is besieged: one of its segments shows the besiegers.
pub fn besieged(game: &Game, root: SegId) -> bool {
    game.feature_kind(root) == FeatureKind::City && game.members(root).iter().any(|m| besieging(game, *m))
}

/// The mechanism, played by the expansion that acts for the game (`acting`).
fn score_items(game: &Game, book: &Book, f: &FeatureInfo, timing: Timing, out: &mut Items) {
    if f.kind != FeatureKind::City || !besieged(game, f.root) {
        return;
    }
    // A completed city's items are those of a completed city; an unfinished one is scored
    // only at the end.
    let rule = match timing {
        Timing::Turn(_) => book.reduced,
        Timing::End if game.open_edges(f.root) > 0 => book.incomplete,
        Timing::End => book.reduced,
    };
    for item in out.iter_mut().filter(|i| matches!(i.label, "tile" | "pennant") && i.each > 0) {
        item.each -= 1;
        item.rule = rule;
    }
}

fn farm_value(game: &Game, book: &Book, city: SegId) -> Option<(RuleId, &'static str, i32)> {
    if !besieged(game, city) {
        return None;
    }
    let per_city = game.options().of::<super::base::Options>().farm_scoring == super::base::FarmScoring::PerCity;
    Some((book.farm, FARM_LABEL, if per_city { 8 } else { 6 }))
}

fn explain(game: &Game, book: &Book, f: &FeatureInfo, because: &mut Rules) {
    let castle = |root: SegId| game.taken_over(root) || game.farm_value(root).1 == "castle";
    match f.kind {
        // A besieged town taken over as a castle when completed.
        FeatureKind::City if besieged(game, f.root) && game.taken_over(f.root) => because.push(book.castle),
        FeatureKind::City if besieged(game, f.root) => because.push(book.besieged),
        // A field bordering a besieged town that is now a castle: the castle's value.
        FeatureKind::Field if f.cities.iter().any(|c| besieged(game, *c) && castle(*c)) => because.push(book.castle),
        _ => {}
    }
}

fn pieces(game: &Game, out: &mut Vec<Piece>) {
    for p in game.placed() {
        if game.def(p.kind).marks.contains(&Mark::Besieged) {
            out.push(Piece { what: "besiegers", at: PieceAt::Tile(p.pos), owner: None, holds: None, height: 1 });
        }
    }
}

impl Expansion for Siege {
    /// No action of this expansion changes an edge.
    fn edge_changes(&self) -> super::EdgeChanges {
        super::EdgeChanges::None
    }

    fn judges_bare_anywhere(&self) -> bool {
        true
    }

    fn forbidden_followers(
        &self,
        _game: &Game,
        _player: crate::score::PlayerId,
        _bare: &crate::engine::Move,
        _figure: crate::engine::Figure,
    ) -> Option<u64> {
        Some(0)
    }

    fn id(&self) -> ExpansionId {
        ExpansionId::Siege
    }

    fn rule_book(&self) -> &'static crate::rules::RuleBook {
        &rule::BOOK
    }

    fn tiles(&self) -> Option<&'static crate::embedded::Embedded> {
        const TILES: crate::embedded::Embedded = crate::embed!("tiles/siege.yaml");
        Some(&TILES)
    }

    fn pieces(&self, game: &Game, out: &mut Vec<Piece>) {
        pieces(game, out);
    }

    fn score_items(&self, game: &Game, f: &FeatureInfo, timing: Timing, out: &mut Items) {
        score_items(game, &SIEGE, f, timing, out);
    }

    fn farm_value(&self, game: &Game, city: SegId) -> Option<(RuleId, &'static str, i32)> {
        farm_value(game, &SIEGE, city)
    }

    fn explain(&self, game: &Game, f: &FeatureInfo, because: &mut Rules) {
        explain(game, &SIEGE, f, because);
    }
}

impl Expansion for Cathars {
    /// No action of this expansion changes an edge.
    fn edge_changes(&self) -> super::EdgeChanges {
        super::EdgeChanges::None
    }

    fn judges_bare_anywhere(&self) -> bool {
        true
    }

    fn forbidden_followers(
        &self,
        _game: &Game,
        _player: crate::score::PlayerId,
        _bare: &crate::engine::Move,
        _figure: crate::engine::Figure,
    ) -> Option<u64> {
        Some(0)
    }

    fn id(&self) -> ExpansionId {
        ExpansionId::Cathars
    }

    fn rule_book(&self) -> &'static crate::rules::RuleBook {
        &rule_cathars::BOOK
    }

    fn tiles(&self) -> Option<&'static crate::embedded::Embedded> {
        const TILES: crate::embedded::Embedded = crate::embed!("tiles/cathars.yaml");
        Some(&TILES)
    }

    fn pieces(&self, game: &Game, out: &mut Vec<Piece>) {
        if !game.plays(ExpansionId::Siege) {
            pieces(game, out);
        }
    }

    fn score_items(&self, game: &Game, f: &FeatureInfo, timing: Timing, out: &mut Items) {
        if !game.plays(ExpansionId::Siege) {
            score_items(game, &CATHARS, f, timing, out);
        }
    }

    fn farm_value(&self, game: &Game, city: SegId) -> Option<(RuleId, &'static str, i32)> {
        if game.plays(ExpansionId::Siege) {
            return None;
        }
        farm_value(game, &CATHARS, city)
    }

    fn explain(&self, game: &Game, f: &FeatureInfo, because: &mut Rules) {
        if !game.plays(ExpansionId::Siege) {
            explain(game, &CATHARS, f, because);
        }
    }
}

pub mod rule {
    //! The rules of The Siege. Their wording and sources are in the catalogue file named below.

    crate::rules::rule_ids! {
        catalogue: "rulesets/rules/siege.yaml";
        /// Six land tiles whose city is besieged, mixed in with the others.
        TILES = "siege.components.tiles",
        /// A city holding a besieger tile is besieged; more than one changes nothing.
        BESIEGED = "siege.city.besieged",
        /// A besieged city's tiles and pennants score one point less (1 instead of 2; 2 with a cathedral).
        CITY_REDUCED = "siege.city.reduced",
        /// Still unfinished at the end, a besieged city scores nothing.
        CITY_INCOMPLETE = "siege.city.incomplete",
        /// A completed besieged city counts twice for the farmers: 6 points, 8 with a pig.
        FARM_DOUBLE = "siege.farm.double",
        /// A knight may escape a besieged city through a cloister beside it (not modelled).
        ESCAPE = "siege.escape.cloister",
        /// A besieged town made a castle is an ordinary castle: the siege has no effect.
        CASTLE_NO_EFFECT = "siege.castle.no-effect",
    }
}

pub mod rule_cathars {
    //! The rules of The Cathars. Their wording and sources are in the catalogue file named below.

    crate::rules::rule_ids! {
        catalogue: "rulesets/rules/cathars.yaml";
        /// Four land tiles whose city is besieged by Cathars, mixed in with the others.
        TILES = "cathars.components.tiles",
        /// A city holding a Cathar tile is besieged; more than one changes nothing.
        BESIEGED = "cathars.city.besieged",
        /// A besieged city's tiles and pennants score one point less (1 instead of 2; 2 with a cathedral).
        CITY_REDUCED = "cathars.city.reduced",
        /// Still unfinished at the end, a besieged city scores nothing.
        CITY_INCOMPLETE = "cathars.city.incomplete",
        /// A completed besieged city counts twice for the farmers: 6 points, 8 with a pig.
        FARM_DOUBLE = "cathars.farm.double",
        /// A knight may escape a besieged city through a cloister beside a Cathar tile (not modelled).
        ESCAPE = "cathars.escape.cloister",
        /// A town attacked by Cathars made a castle is an ordinary castle: the attack is disregarded.
        CASTLE_NO_EFFECT = "cathars.castle.no-effect",
    }
}
