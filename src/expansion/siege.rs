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
//!   farm value (4) is decided by the castle's rules first;
//! * the escape (`escape: {at: [x, y], on: city N}` on a turn; `Action::Escape`): at the end
//!   of a turn, in an `escape` phase after every other, the player may send one of their own
//!   followers (any figure: every follower in a city is a knight) from an unfinished besieged
//!   city back to their supply when a cloister (an abbey too) lies on one of the eight squares
//!   around it (`<x>.escape.cloister`; one a turn, `<x>.escape.one-per-turn`, each part of a
//!   builder's double turn being a turn of its own). Around which tiles is the edition
//!   difference, the switch `siege.escape` (read by both expansions): a tile showing the
//!   besiegers (`besieger-tile`: Hans im Glück's The Cathars and The Besiegers), any tile of
//!   the city (`any-city-tile`: Rio Grande's Siege), or no escape (`no-escape`:
//!   JCloisterZone without its `escape` element; no edition's rule). A castle's town holds no
//!   besieged city to escape from.
//!
//! What it does not model: nothing of the two rulebooks is left out. Shrines (another
//! expansion's cloisters, which the footnotes also count) are on no tile the referee has.

use super::{Expansion, ExpansionId, Extra, Options as AllOptions, Piece, PieceAt};
use crate::engine::features::SegId;
use crate::engine::{FeatureInfo, Game, Move, Phase, Trials, TurnContext};
use crate::geom::Pos;
use crate::rules::RuleId;
use crate::ruleset::{Profile, SwitchDef};
use crate::score::{Items, PlayerId, Rules, Timing, Verdict};
use crate::tile::{FeatureKind, Mark};

pub static ESCAPE: SwitchDef = SwitchDef {
    name: "siege.escape",
    question: "Which cloisters let a knight escape a besieged city?",
    values: &[
        (
            "besieger-tile",
            "a cloister on one of the eight squares around a tile showing the besiegers (Hans im Glück: The Cathars, The Besiegers)",
        ),
        ("any-city-tile", "a cloister on one of the eight squares around any tile of the besieged city (Rio Grande's Siege)"),
        ("no-escape", "none: no follower escapes (JCloisterZone without its `escape` element; no edition's rule)"),
    ],
    rules: &[rule::ESCAPE, rule_cathars::ESCAPE, rule::ESCAPE_OFF],
    governs: &[],
};

/// Which tiles of a besieged city a cloister must lie around for a knight to escape.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Escape {
    BesiegerTile,
    AnyCityTile,
    None,
}

/// The options both expansions read (The Siege reads them from the profile).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Options {
    pub escape: Escape,
}

/// A follower escaping: the city it stands in on the tile at a square (its `spot` tells the
/// tile's cities apart, as a scenario's `city N` does).
pub type Target = crate::engine::FeatureAt;

/// What a player does with the pieces of The Siege or The Cathars.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Action {
    /// One of the player's followers escapes the besieged city it stands in, back to supply.
    Escape(Target),
}

const PHASE: &str = "escape";

/// The Siege.
pub struct Siege;

/// The Cathars.
pub struct Cathars;

/// The rule ids one of the two expansions cites for the shared mechanism.
struct Book {
    escape: RuleId,
    once: RuleId,
    besieged: RuleId,
    reduced: RuleId,
    incomplete: RuleId,
    farm: RuleId,
    castle: RuleId,
}

const SIEGE: Book = Book {
    escape: rule::ESCAPE,
    once: rule::ESCAPE_ONCE,
    besieged: rule::BESIEGED,
    reduced: rule::CITY_REDUCED,
    incomplete: rule::CITY_INCOMPLETE,
    farm: rule::FARM_DOUBLE,
    castle: rule::CASTLE_NO_EFFECT,
};

const CATHARS: Book = Book {
    escape: rule_cathars::ESCAPE,
    once: rule_cathars::ESCAPE_ONCE,
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

fn escapes(mv: &Move) -> impl Iterator<Item = &Target> {
    mv.extras.iter().filter_map(|x| x.get::<Action>()).map(|Action::Escape(t)| t)
}

/// Whether a cloister (an abbey too) lies on one of the eight squares around a tile of the
/// besieged city of root `root` that the switch names.
fn cloister_beside(game: &Game, root: SegId, escape: Escape) -> bool {
    let tiles: Vec<Pos> = game
        .members(root)
        .into_iter()
        .filter(|m| escape == Escape::AnyCityTile || besieging(game, *m))
        .map(|m| game.locate(m).0)
        .collect();
    tiles.iter().flat_map(|t| t.ring()).any(|q| {
        game.tile_at(q).is_some_and(|p| {
            let def = game.def(p.kind);
            def.marks.contains(&Mark::Abbey) || def.segments.iter().any(|s| s.kind == FeatureKind::Cloister)
        })
    })
}

/// Why the follower on `seg` may not escape for `player`, if it may not.
fn may_escape(game: &Game, book: &Book, player: PlayerId, seg: SegId, words: &str) -> Result<usize, Verdict> {
    let escape = game.options().of::<Options>().escape;
    if escape == Escape::None {
        return Err(Verdict::new(
            rule::ESCAPE_OFF,
            "this game is played without the escape from a besieged city (`siege.escape: no-escape`)",
        ));
    }
    let Some(i) = game.followers().iter().position(|f| f.segment == seg && f.player == player) else {
        return Err(Verdict::new(
            book.escape,
            format!("{} has no follower on the {words} to escape", game.player_name(player)),
        ));
    };
    let root = game.feature_of(seg);
    if game.taken_over(root) {
        return Err(Verdict::new(book.castle, format!("the {words} is a castle's town: the siege no longer counts")));
    }
    if !besieged(game, root) {
        return Err(Verdict::new(book.escape, format!("the city of the {words} is not besieged")));
    }
    if game.open_edges(root) == 0 {
        return Err(Verdict::new(book.escape, format!("the city of the {words} is complete: nothing to escape")));
    }
    if !cloister_beside(game, root, escape) {
        let around = match escape {
            Escape::BesiegerTile => "a tile of the besieged city that shows the besiegers",
            _ => "a tile of the besieged city",
        };
        return Err(Verdict::new(
            book.escape,
            format!("no cloister lies beside {around} (even diagonally): the follower on the {words} cannot escape"),
        ));
    }
    Ok(i)
}

fn check_escapes(book: &Book, mv: &Move) -> Result<(), Verdict> {
    if escapes(mv).count() > 1 {
        return Err(Verdict::new(book.once, "one follower a turn escapes a besieged city, whatever the cities"));
    }
    Ok(())
}

fn run_escape(game: &mut Game, book: &Book, turn: &TurnContext) -> Result<(), Verdict> {
    check_escapes(book, &turn.mv)?;
    let Some(t) = escapes(&turn.mv).next().cloned() else { return Ok(()) };
    let seg = t.segment(game).map_err(|e| Verdict::new(book.escape, e))?;
    let i = may_escape(game, book, turn.player, seg, &t.words())?;
    game.remove_follower(i);
    Ok(())
}

/// The escapes the player may make after this placement: each of their followers in a
/// besieged city, tried on the game as the placement leaves it.
fn escape_options(trials: &mut Trials, player: PlayerId, mv: &Move, turn: u16, out: &mut Vec<Vec<Extra>>) {
    super::offer_moves_after(trials, player, mv, turn, out, |after, player, _| {
        let mut choices = Vec::new();
        for f in after.followers().iter().filter(|f| f.player == player) {
            if after.feature_kind(f.segment) != FeatureKind::City {
                continue;
            }
            let Some(t) = Target::of(after, f.segment) else { continue };
            if may_escape(after, &SIEGE, player, f.segment, "").is_ok() {
                choices.push(Action::Escape(t));
            }
        }
        // One escape a turn: offered as one figure's choices.
        if choices.is_empty() {
            Vec::new()
        } else {
            vec![choices]
        }
    });
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

    fn switches(&self) -> &'static [&'static SwitchDef] {
        static ALL: [&SwitchDef; 1] = [&ESCAPE];
        &ALL
    }

    fn read_options(&self, profile: &Profile, into: &mut super::Slots) {
        let escape = match profile.value(&ESCAPE) {
            "any-city-tile" => Escape::AnyCityTile,
            "no-escape" => Escape::None,
            _ => Escape::BesiegerTile,
        };
        into.insert(Options { escape });
    }

    fn phases(&self, _options: &AllOptions, seq: &mut Vec<Phase>) {
        // rule::ESCAPE: at the end of the turn, after everything else.
        seq.push(Phase::Expansion(ExpansionId::Siege, PHASE));
    }

    fn takes(&self, action: &Extra) -> bool {
        action.get::<Action>().is_some()
    }

    fn describe(&self, _game: &Game, action: &Extra) -> Option<String> {
        action.get::<Action>().map(|Action::Escape(t)| format!("escape from the {}", t.words()))
    }

    fn check_placement(&self, _game: &Game, _player: PlayerId, mv: &Move) -> Result<(), Verdict> {
        check_escapes(&SIEGE, mv)
    }

    fn offers_actions(&self) -> bool {
        true
    }

    fn action_options(
        &self,
        _game: &Game,
        trials: &mut Trials,
        player: PlayerId,
        mv: &Move,
        turn: u16,
        out: &mut Vec<Vec<Extra>>,
    ) {
        escape_options(trials, player, mv, turn, out);
    }

    fn run_phase(&self, game: &mut Game, _phase: &'static str, turn: &TurnContext) -> Result<(), Verdict> {
        run_escape(game, &SIEGE, turn)
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

    fn phases(&self, _options: &AllOptions, seq: &mut Vec<Phase>) {
        // rule_cathars::ESCAPE, once with The Siege in play.
        if !seq.contains(&Phase::Expansion(ExpansionId::Siege, PHASE)) {
            seq.push(Phase::Expansion(ExpansionId::Cathars, PHASE));
        }
    }

    fn takes(&self, action: &Extra) -> bool {
        action.get::<Action>().is_some()
    }

    fn describe(&self, _game: &Game, action: &Extra) -> Option<String> {
        action.get::<Action>().map(|Action::Escape(t)| format!("escape from the {}", t.words()))
    }

    fn check_placement(&self, game: &Game, _player: PlayerId, mv: &Move) -> Result<(), Verdict> {
        if game.plays(ExpansionId::Siege) {
            return Ok(());
        }
        check_escapes(&CATHARS, mv)
    }

    fn offers_actions(&self) -> bool {
        true
    }

    fn action_options(
        &self,
        game: &Game,
        trials: &mut Trials,
        player: PlayerId,
        mv: &Move,
        turn: u16,
        out: &mut Vec<Vec<Extra>>,
    ) {
        if !game.plays(ExpansionId::Siege) {
            escape_options(trials, player, mv, turn, out);
        }
    }

    fn run_phase(&self, game: &mut Game, _phase: &'static str, turn: &TurnContext) -> Result<(), Verdict> {
        run_escape(game, &CATHARS, turn)
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
        /// At the end of a turn a follower may escape a besieged city through a cloister beside it.
        ESCAPE = "siege.escape.cloister",
        /// One follower escapes a turn, whatever the cities.
        ESCAPE_ONCE = "siege.escape.one-per-turn",
        /// JCloisterZone option: no escape at all.
        ESCAPE_OFF = "siege.variant.no-escape",
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
        /// At the end of a turn a follower may escape a besieged city through a cloister beside a Cathar tile.
        ESCAPE = "cathars.escape.cloister",
        /// One follower escapes a turn, whatever the cities.
        ESCAPE_ONCE = "cathars.escape.one-per-turn",
        /// A town attacked by Cathars made a castle is an ordinary castle: the attack is disregarded.
        CASTLE_NO_EFFECT = "cathars.castle.no-effect",
    }
}
