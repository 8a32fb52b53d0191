//! Inns and Cathedrals (1st edition): inns that make a completed road worth 2 a tile,
//! cathedrals that make a completed city worth 3 a tile and pennant (either worth nothing
//! when still unfinished at the end), and each player's large follower, which counts as two
//! followers in every majority.
//!
//! The inn and the cathedral change the base game's items in `score_items`: this expansion
//! comes after the base game (and the expansion-8 slot) in the registry and before Castles in
//! Germany, whose castle bonus is then added to the changed score, not multiplied. A castle of
//! Bridges, Castles and Bazaars takes a structure's points as appraised by every expansion, so
//! it takes them after the inn or cathedral too. The large follower is the engine's
//! `Figure::Large`: this expansion puts one in each player's supply when the game starts.

use super::base::rule as base;
use super::{Expansion, ExpansionId};
use crate::engine::features::SegId;
use crate::engine::{FeatureInfo, Figure, Game, Move};
use crate::rules::RuleId;
use crate::ruleset::{Profile, SwitchDef};
use crate::score::{PlayerId, ScoreItem, Timing, Verdict};
use crate::tile::FeatureKind;

pub static INCOMPLETE: SwitchDef = SwitchDef {
    name: "ic.incomplete-inn-cathedral",
    question: "At the end of the game, what does an unfinished road with an inn, or city with a cathedral, score?",
    values: &[
        ("zero", "nothing (the expansion's rules)"),
        (
            "ignore",
            "what any unfinished road or city scores: the inn and the cathedral are ignored (a JCloisterZone option; \
             no edition's text)",
        ),
    ],
    rules: &[rule::INN_INCOMPLETE, rule::CATHEDRAL_INCOMPLETE, rule::INCOMPLETE_PLAIN],
    governs: &[],
};

const MECHANISM_VALUES: &[(&str, &str)] =
    &[("in-play", "played as the rules say"), ("left-out", "left out: the game is played without them")];

pub static INNS: SwitchDef = SwitchDef {
    name: "ic.inns",
    question: "Are inns played (a game may leave them out; an inn tile is then a plain road tile)?",
    values: MECHANISM_VALUES,
    rules: &[rule::WITHOUT_INNS],
    governs: &[],
};

pub static CATHEDRALS: SwitchDef = SwitchDef {
    name: "ic.cathedrals",
    question: "Are cathedrals played (a game may leave them out; a cathedral tile is then a plain city tile)?",
    values: MECHANISM_VALUES,
    rules: &[rule::WITHOUT_CATHEDRALS],
    governs: &[],
};

pub static LARGE_FOLLOWERS: SwitchDef = SwitchDef {
    name: "ic.large-followers",
    question: "Are the large followers played (a game may leave them out)?",
    values: MECHANISM_VALUES,
    rules: &[rule::WITHOUT_LARGE],
    governs: &[],
};

/// The typed options of this expansion.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub struct Options {
    /// An unfinished inn road or cathedral city scores as a plain one at the end (`ignore`).
    pub incomplete_plain: bool,
    pub without_inns: bool,
    pub without_cathedrals: bool,
    pub without_large: bool,
}

impl Options {
    pub fn read(p: &Profile) -> Options {
        Options {
            incomplete_plain: p.value(&INCOMPLETE) == "ignore",
            without_inns: p.value(&INNS) == "left-out",
            without_cathedrals: p.value(&CATHEDRALS) == "left-out",
            without_large: p.value(&LARGE_FOLLOWERS) == "left-out",
        }
    }
}

/// Large followers each player has: one, of their colour.
pub const LARGE_PER_PLAYER: u8 = 1;

pub struct Ic;

/// Whether some printed segment of the feature is marked so (an inn beside a road, a
/// cathedral in a city). Segments an expansion added (a bridge) carry neither.
fn has_mark(game: &Game, root: SegId, mark: fn(&crate::tile::Segment) -> bool) -> bool {
    game.members(root).iter().any(|m| {
        let p = game.placement_of(*m);
        game.locate(*m).1.is_some_and(|l| mark(&game.def(p.kind).segments[l]))
    })
}

fn inn(s: &crate::tile::Segment) -> bool {
    s.inn
}

fn cathedral(s: &crate::tile::Segment) -> bool {
    s.cathedral
}

/// Whether a road passes a tile whose inn stands beside another of the tile's roads (a
/// junction, or a bridge on an inn tile): the inn is not this road's.
fn passes_another_roads_inn(game: &Game, root: SegId) -> bool {
    game.members(root).iter().any(|m| {
        let p = game.placement_of(*m);
        let def = game.def(p.kind);
        let own = game.locate(*m).1;
        def.segments.iter().enumerate().any(|(i, s)| {
            s.inn && Some(i) != own && game.segment_at(p.pos, i).is_some_and(|o| game.feature_of(o) != root)
        })
    })
}

/// What the inn or cathedral makes of the base game's items: during play each item of the
/// base rules `from` is worth `each` under `to`; at the end the unfinished feature is worth
/// nothing (`zero`), or as usual (`ignore`).
fn adjust(
    out: &mut crate::score::Items,
    f: &FeatureInfo,
    timing: Timing,
    from: &[RuleId],
    to: RuleId,
    each: i32,
    zero: Option<RuleId>,
) {
    match timing {
        Timing::Turn(_) => {
            for item in out.iter_mut().filter(|i| from.contains(&i.rule)) {
                item.rule = to;
                item.each = each;
            }
        }
        Timing::End => {
            if let Some(rule) = zero {
                out.clear();
                out.push(ScoreItem { rule, label: "tile", count: f.tiles, each: 0 });
            }
        }
    }
}

impl Expansion for Ic {
    /// No action of this expansion changes an edge.
    fn edge_changes(&self) -> super::EdgeChanges {
        super::EdgeChanges::None
    }

    fn id(&self) -> ExpansionId {
        ExpansionId::Ic
    }

    fn rule_book(&self) -> &'static crate::rules::RuleBook {
        &rule::BOOK
    }

    fn tiles(&self) -> Option<&'static crate::embedded::Embedded> {
        const TILES: crate::embedded::Embedded = crate::embed!("tiles/ic.yaml");
        Some(&TILES)
    }

    fn switches(&self) -> &'static [&'static SwitchDef] {
        static ALL: [&SwitchDef; 4] = [&INCOMPLETE, &INNS, &CATHEDRALS, &LARGE_FOLLOWERS];
        &ALL
    }

    fn read_options(&self, profile: &Profile, into: &mut crate::expansion::Slots) {
        into.insert(Options::read(profile));
    }

    fn setup(&self, game: &mut Game) {
        if game.options().of::<Options>().without_large {
            return;
        }
        game.give_each(Figure::Large, LARGE_PER_PLAYER);
    }

    /// A large follower's verdict reads the game's option and the player's supply, never the square.
    fn judges_bare_anywhere(&self) -> bool {
        true
    }

    fn forbidden_followers(&self, game: &Game, player: PlayerId, bare: &Move, figure: Figure) -> Option<u64> {
        // Whether the figure may stand anywhere: the same for every segment.
        let probe = Move { follower: Some(crate::engine::FollowerOn::Segment(0)), figure, ..bare.clone() };
        Some(if self.check_placement(game, player, &probe).is_ok() { 0 } else { u64::MAX })
    }

    fn check_placement(&self, game: &Game, player: PlayerId, mv: &Move) -> Result<(), Verdict> {
        if mv.follower.is_none() || mv.figure != Figure::Large {
            return Ok(());
        }
        if game.options().of::<Options>().without_large {
            return Err(Verdict::new(
                rule::WITHOUT_LARGE,
                "this game is played without the large followers (`ic.large-followers: left-out`)",
            ));
        }
        if game.players()[player.index()].in_supply(Figure::Large) == 0 {
            return Err(Verdict::new(
                rule::SETUP_LARGE,
                format!(
                    "{} has no large follower left in supply: one on the board comes back once its feature is scored",
                    game.player_name(player)
                ),
            ));
        }
        Ok(())
    }

    fn score_items(&self, game: &Game, f: &FeatureInfo, timing: Timing, out: &mut crate::score::Items) {
        let o = game.options().of::<Options>();
        let zero = |rule: RuleId| (!o.incomplete_plain).then_some(rule);
        match f.kind {
            FeatureKind::Road if !o.without_inns && has_mark(game, f.root, inn) => {
                adjust(out, f, timing, &[base::ROAD_COMPLETED], rule::INN_DOUBLE, 2, zero(rule::INN_INCOMPLETE));
            }
            FeatureKind::City if !o.without_cathedrals && has_mark(game, f.root, cathedral) => {
                let from = [base::CITY_COMPLETED, base::CITY_TWO_TILE_EARLY];
                adjust(out, f, timing, &from, rule::CATHEDRAL_TRIPLE, 3, zero(rule::CATHEDRAL_INCOMPLETE));
            }
            _ => {}
        }
    }

    fn explain(&self, game: &Game, f: &FeatureInfo, because: &mut crate::score::Rules) {
        let o = game.options().of::<Options>();
        // An unfinished road or city is scored only at the end.
        let end = |because: &mut crate::score::Rules| {
            if o.incomplete_plain && game.open_edges(f.root) > 0 {
                because.push(rule::INCOMPLETE_PLAIN);
            }
        };
        match f.kind {
            FeatureKind::Road => {
                let inn_road = has_mark(game, f.root, inn);
                let members = game.members(f.root);
                let bridged = members.iter().any(|m| game.locate(*m).1.is_none());
                if inn_road && o.without_inns {
                    because.push(rule::WITHOUT_INNS);
                } else if inn_road {
                    end(because);
                    // rule::INN_OTHER_TILES: the inn stands on a tile of another set.
                    let other_set = members.iter().any(|m| {
                        let p = game.placement_of(*m);
                        let def = game.def(p.kind);
                        game.locate(*m).1.is_some_and(|l| def.segments[l].inn) && def.set != ExpansionId::Ic.as_str()
                    });
                    if other_set {
                        because.push(rule::INN_OTHER_TILES);
                    }
                }
                // rule::INN_OWN_SEGMENT: an inn beside another road of a tile this road passes
                // does not count for it.
                let passes = !o.without_inns && passes_another_roads_inn(game, f.root);
                if passes {
                    because.push(rule::INN_OWN_SEGMENT);
                }
                // rule::INN_BRIDGE: a bridge is a piece of the road it joins, inn or not.
                if bridged && !o.without_inns && (inn_road || passes) {
                    because.push(rule::INN_BRIDGE);
                }
            }
            FeatureKind::City if has_mark(game, f.root, cathedral) => {
                if o.without_cathedrals {
                    because.push(rule::WITHOUT_CATHEDRALS);
                } else {
                    end(because);
                }
            }
            _ => {}
        }
        // rule::LARGE_COUNTS_TWO: a large follower weighed two in the majority; in a city it
        // is a knight (rule::LARGE_KNIGHT).
        let large_here =
            game.followers().iter().any(|x| x.figure == Figure::Large && game.feature_of(x.segment) == f.root);
        if large_here {
            because.push(rule::LARGE_COUNTS_TWO);
            if f.kind == FeatureKind::City {
                because.push(rule::LARGE_KNIGHT);
            }
        }
    }
}

pub mod rule {
    //! The rules of Inns and Cathedrals (1st edition). Their wording and sources are in the catalogue file named below.

    crate::rules::rule_ids! {
        catalogue: "rulesets/rules/ic.yaml";
        /// Each player has one large follower of their colour, besides the seven.
        SETUP_LARGE = "ic.setup.large-follower",
        /// A completed road with an inn scores 2 per tile (several inns do not add).
        INN_DOUBLE = "ic.inn.double-road",
        /// An inn counts only for the road it stands beside.
        INN_OWN_SEGMENT = "ic.inn.own-segment-only",
        /// A bridge joined into an inn road is part of it; one that is not takes nothing from the inn.
        INN_BRIDGE = "ic.inn.bridges",
        /// The inns printed on Bridges, Castles and Bazaars tiles 08 and 10 are inns too.
        INN_OTHER_TILES = "ic.inn.bcb-tiles",
        /// At the end an unfinished road with an inn scores nothing.
        INN_INCOMPLETE = "ic.inn.incomplete-zero",
        /// A completed city with a cathedral scores 3 per tile and 3 per pennant (two do not add).
        CATHEDRAL_TRIPLE = "ic.cathedral.triple-city",
        /// At the end an unfinished city with a cathedral scores nothing.
        CATHEDRAL_INCOMPLETE = "ic.cathedral.incomplete-zero",
        /// The large follower counts as two followers in any majority, and scores once.
        LARGE_COUNTS_TWO = "ic.large-follower.counts-two",
        /// A large follower in a city is a knight, like any follower there.
        LARGE_KNIGHT = "ic.large-follower.knight",
        /// A castle (Bridges, Castles and Bazaars) takes a structure's score after the inn or cathedral.
        CASTLE_AFTER = "ic.scoring.castle-after-inn-cathedral",
        /// The German castle bonus (Castles in Germany) comes after the inn or cathedral, not multiplied.
        GERMAN_BONUS_AFTER = "ic.scoring.castle-bonus-after-inn-cathedral",
        /// JCloisterZone option: unfinished inn roads and cathedral cities score as plain ones.
        INCOMPLETE_PLAIN = "ic.variant.incomplete-scored-plain",
        /// A game may leave the inns out.
        WITHOUT_INNS = "ic.variant.without-inns",
        /// A game may leave the cathedrals out.
        WITHOUT_CATHEDRALS = "ic.variant.without-cathedrals",
        /// A game may leave the large followers out.
        WITHOUT_LARGE = "ic.variant.without-large-followers",
    }
}
