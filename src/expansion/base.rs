//! The base game's scoring and its edition switches: the two-tile city, farmers in or out,
//! and how farmers are scored (the three readings of the first edition's print runs).

use super::{Expansion, ExpansionId};
use crate::engine::features::SegId;
use crate::engine::{FeatureInfo, Figure, FollowerOn, Game, Move};
use crate::rules::RuleId;
use crate::ruleset::{Profile, SwitchDef};
use crate::score::{Items, PlayerId, Players, Rules, ScoreEvent, ScoreItem, Timing, Verdict};
use crate::tile::FeatureKind;
use smallvec::smallvec;

pub static TWO_TILE_CITY: SwitchDef = SwitchDef {
    name: "base.two-tile-city-score",
    question: "How many points does a completed city of exactly two tiles score?",
    values: &[
        ("four-points", "like any completed city: 2 per tile and 2 per pennant (4 without pennant)"),
        ("two-points", "the earliest rules: 1 per tile and 1 per pennant (2 without pennant)"),
    ],
    rules: &[rule::CITY_COMPLETED, rule::CITY_TWO_TILE_EARLY],
    governs: &[],
};

pub static FARMERS: SwitchDef = SwitchDef {
    name: "base.farmers",
    question: "Are farmers played: followers on fields, and fields scored at the end?",
    values: &[
        ("with-farmers", "followers may lie in fields as farmers, and fields score at the end"),
        (
            "without-farmers",
            "the variation some players and tools offer: no follower goes on a field, so no field scores",
        ),
    ],
    rules: &[rule::FINAL_FIELD, rule::WITHOUT_FARMERS],
    governs: &[],
};

pub static FARM_SCORING: SwitchDef = SwitchDef {
    name: "base.farm-scoring",
    question: "How are farmers scored at the end of the game?",
    values: &[
        (
            "per-field",
            "each field on its own: 3 per completed city it borders, to its farmers' majority; a city bordered by \
             several fields can pay one player several times (the rule of the later first-edition printings and of \
             every edition since)",
        ),
        (
            "per-field-city-once",
            "the second version of the first edition: each field scores 3 per completed city it borders, to its \
             farmers' majority, but a player is paid for a given city only once, whatever fields they hold beside it",
        ),
        (
            "per-city",
            "the first version of the first edition: each completed city is scored once, 4 points to the players \
             with the most farmers on all the fields that touch it",
        ),
    ],
    rules: &[rule::FINAL_FIELD, rule::FIELD_CITY_ONCE, rule::FIELD_PER_CITY],
    governs: &[],
};

/// How farmers are scored (`base.farm-scoring`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum FarmScoring {
    /// Each field on its own (today's rule).
    #[default]
    PerField,
    /// Each field on its own, but a city pays a player at most once.
    PerFieldCityOnce,
    /// Each completed city once, to the majority of the farmers on all fields touching it.
    PerCity,
}

/// How a completed two-tile city scores.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum TwoTileCity {
    #[default]
    FourPoints,
    TwoPoints,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub struct Options {
    pub two_tile_city: TwoTileCity,
    /// Farmers are left out (`base.farmers: without-farmers`).
    pub without_farmers: bool,
    pub farm_scoring: FarmScoring,
}

impl Options {
    pub fn read(p: &Profile) -> Options {
        Options {
            two_tile_city: match p.value(&TWO_TILE_CITY) {
                "two-points" => TwoTileCity::TwoPoints,
                _ => TwoTileCity::FourPoints,
            },
            without_farmers: p.value(&FARMERS) == "without-farmers",
            farm_scoring: match p.value(&FARM_SCORING) {
                "per-field-city-once" => FarmScoring::PerFieldCityOnce,
                "per-city" => FarmScoring::PerCity,
                _ => FarmScoring::PerField,
            },
        }
    }
}

pub struct Base;

fn item(rule: RuleId, label: &'static str, count: u32, each: i32) -> ScoreItem {
    ScoreItem { rule, label, count, each }
}

impl Expansion for Base {
    /// No action of this expansion changes an edge.
    fn edge_changes(&self) -> super::EdgeChanges {
        super::EdgeChanges::None
    }

    fn id(&self) -> ExpansionId {
        ExpansionId::Base
    }

    fn rule_book(&self) -> &'static crate::rules::RuleBook {
        &rule::BOOK
    }

    fn tiles(&self) -> Option<&'static crate::embedded::Embedded> {
        const TILES: crate::embedded::Embedded = crate::embed!("tiles/base.yaml");
        Some(&TILES)
    }

    fn switches(&self) -> &'static [&'static SwitchDef] {
        static ALL: [&SwitchDef; 3] = [&TWO_TILE_CITY, &FARMERS, &FARM_SCORING];
        &ALL
    }

    fn read_options(&self, profile: &Profile, into: &mut crate::expansion::Slots) {
        into.insert(Options::read(profile));
    }

    fn check_placement(&self, game: &Game, _player: PlayerId, mv: &Move) -> Result<(), Verdict> {
        let Some(FollowerOn::Segment(local)) = mv.follower else { return Ok(()) };
        // The follower's square: the tile's own, or the second square of a double-size tile.
        let kind = match mv.follower_square.filter(|sq| *sq != mv.pos) {
            Some(_) => game.twin_of(mv.tile, mv.pos, mv.rotation).map(|(k, _)| k),
            None => Some(mv.tile),
        };
        let on_field = kind.and_then(|k| game.def(k).segments.get(local)).is_some_and(|s| s.kind == FeatureKind::Field);
        if on_field {
            return without_farmers(game);
        }
        Ok(())
    }

    /// Farmers or none is the game's option, the same on every square.
    fn judges_bare_anywhere(&self) -> bool {
        true
    }

    fn forbidden_followers(&self, game: &Game, _player: PlayerId, bare: &Move, _figure: Figure) -> Option<u64> {
        if without_farmers(game).is_ok() {
            return Some(0);
        }
        let fields = game.def(bare.tile).segments.iter().enumerate().filter(|(_, s)| s.kind == FeatureKind::Field);
        Some(fields.fold(0, |mask, (l, _)| mask | 1 << l))
    }

    fn check_setup_follower(&self, game: &Game, _player: PlayerId, seg: SegId, _figure: Figure) -> Result<(), Verdict> {
        if game.feature_kind(game.feature_of(seg)) == FeatureKind::Field {
            return without_farmers(game);
        }
        Ok(())
    }

    fn score_items(&self, game: &Game, f: &FeatureInfo, timing: Timing, out: &mut crate::score::Items) {
        let during_play = matches!(timing, Timing::Turn(_));
        match f.kind {
            FeatureKind::Road => {
                let rule = if during_play { rule::ROAD_COMPLETED } else { rule::FINAL_ROAD };
                out.push(item(rule, "tile", f.tiles, 1));
            }
            FeatureKind::City => {
                let early = f.tiles == 2 && game.options().of::<Options>().two_tile_city == TwoTileCity::TwoPoints;
                let (rule, each) = match (during_play, early) {
                    (true, false) => (rule::CITY_COMPLETED, 2),
                    (true, true) => (rule::CITY_TWO_TILE_EARLY, 1),
                    (false, _) => (rule::FINAL_CITY, 1),
                };
                out.push(item(rule, "tile", f.tiles, each));
                if f.pennants > 0 {
                    out.push(item(rule, "pennant", f.pennants, each));
                }
            }
            FeatureKind::Cloister => {
                let rule = if during_play { rule::CLOISTER_COMPLETED } else { rule::FINAL_CLOISTER };
                out.push(item(rule, "cloister", 1, 1));
                out.push(item(rule, "neighbour", f.tiles - 1, 1));
            }
            FeatureKind::Field => {
                // Each bordering completed city at its farm value (3, or what an expansion
                // says, such as a castle), grouped into one item per kind of value (on the
                // stack: a few kinds at most).
                let mut groups: smallvec::SmallVec<[(RuleId, &'static str, i32, u32); 4]> = smallvec::SmallVec::new();
                for &city in &f.cities {
                    let (rule, label, each) = game.farm_value(city);
                    match groups.iter_mut().find(|g| g.0 == rule && g.1 == label && g.2 == each) {
                        Some(g) => g.3 += 1,
                        None => groups.push((rule, label, each, 1)),
                    }
                }
                if groups.is_empty() {
                    groups.push((rule::FINAL_FIELD, "completed city", 3, 0));
                }
                out.extend(groups.into_iter().map(|(rule, label, each, n)| item(rule, label, n, each)));
            }
            // A garden is scored by The Abbot, whose abbot alone stands on it.
            FeatureKind::Garden
            | FeatureKind::Castle
            | FeatureKind::Bazaar
            | FeatureKind::Goods
            | FeatureKind::Tower
            | FeatureKind::Fairy
            | FeatureKind::King
            | FeatureKind::Robber
            | FeatureKind::Watchtower
            | FeatureKind::Circus
            | FeatureKind::Message => {}
        }
    }
}

/// The final scoring of the fields that hold farmers (`fields`, in the order `Game::finish`
/// reaches them), as `base.farm-scoring` says.
pub fn score_fields(game: &mut Game, fields: &[SegId]) {
    match game.options().of::<Options>().farm_scoring {
        FarmScoring::PerField => {
            for &field in fields {
                score_field(game, field);
            }
        }
        FarmScoring::PerFieldCityOnce => score_fields_city_once(game, fields),
        FarmScoring::PerCity => score_cities_for_farmers(game, fields),
    }
}

/// Today's rule: a field to its majority, each bordering completed city at its farm value.
/// Players to whom an expansion adds something of their own (`Game::field_bonus`: a pig)
/// get an event of their own; the others share one.
fn score_field(game: &mut Game, field: SegId) {
    let players = game.majority(field);
    if players.is_empty() {
        return;
    }
    let info = game.feature_info(field);
    let (items, because) = game.appraise(&info, Timing::End);
    let groups = with_bonus(&players, |p| game.field_bonus(field, p, &info.cities));
    award_groups(game, &info, groups, items, because);
}

/// A final-scoring event for each group of players, each with the items all share and its
/// group's own: the last group's event takes the shared items and rules, the others copies.
fn award_groups(game: &mut Game, info: &FeatureInfo, mut groups: Groups, mut items: Items, because: Rules) {
    let Some((last, last_bonus)) = groups.pop() else { return };
    let award = |game: &mut Game, players, items, because| {
        let feature = game.feature_ref(info);
        game.award(ScoreEvent { timing: Timing::End, players, feature, items, because });
    };
    for (players, bonus) in groups {
        let mut items = items.clone();
        items.extend(bonus);
        award(game, players, items, because.clone());
    }
    // Most often nothing of their own: nothing to add.
    if !last_bonus.is_empty() {
        items.extend(last_bonus);
    }
    award(game, last, items, because);
}

/// Players, each group with the items only they get: one group in place (the common case:
/// nobody gets anything of their own).
type Groups = smallvec::SmallVec<[(Players, Items); 1]>;

/// Players grouped by what the expansions add for each of them (most often nothing, all
/// in one group), in majority order.
fn with_bonus(players: &[PlayerId], bonus: impl Fn(PlayerId) -> Items) -> Groups {
    let mut groups = Groups::new();
    for &p in players {
        let b = bonus(p);
        match groups.iter_mut().find(|g| g.1 == b) {
            Some(g) => g.0.push(p),
            None => groups.push((smallvec![p], b)),
        }
    }
    groups
}

/// What a completed city is worth to farmers under `rule`: `each` points, unless an
/// expansion decides its worth (a castle).
fn farm_value_under(game: &Game, city: SegId, rule: RuleId, each: i32) -> (RuleId, &'static str, i32) {
    match game.farm_value(city) {
        (r, _, _) if r == rule::FINAL_FIELD => (rule, "completed city", each),
        other => other,
    }
}

/// Items for a list of cities, one per kind of value (as `score_items` groups them).
fn city_items(game: &Game, cities: &[SegId], rule: RuleId, each: i32) -> Items {
    let mut out = Items::new();
    for &city in cities {
        let (r, label, value) = farm_value_under(game, city, rule, each);
        match out.iter_mut().find(|i| i.rule == r && i.label == label && i.each == value) {
            Some(i) => i.count += 1,
            None => out.push(item(r, label, 1, value)),
        }
    }
    out
}

/// The second version: each field to its majority, 3 per completed city it borders, but
/// each player is paid for a city once; a city already paid to a player counts 0 for them,
/// said as an item so that the report shows why.
fn score_fields_city_once(game: &mut Game, fields: &[SegId]) {
    let mut paid: Vec<(PlayerId, SegId)> = Vec::new();
    for &field in fields {
        let players = game.majority(field);
        if players.is_empty() {
            continue;
        }
        // The field's description holds the completed cities it borders.
        let info = game.feature_info(field);
        let cities = &info.cities;
        // Players of the majority with the same unpaid cities (and the same bonus of an
        // expansion for them: a pig) share one event.
        let mut groups: Vec<(Players, Vec<SegId>, Items)> = Vec::new();
        for &p in &players {
            let new: Vec<SegId> = cities.iter().copied().filter(|c| !paid.contains(&(p, *c))).collect();
            let bonus = game.field_bonus(field, p, &new);
            match groups.iter_mut().find(|g| g.1 == new && g.2 == bonus) {
                Some(g) => g.0.push(p),
                None => groups.push((smallvec![p], new, bonus)),
            }
        }
        let (_, because) = game.appraise(&info, Timing::End);
        for (players, new, bonus) in groups {
            let mut items = city_items(game, &new, rule::FIELD_CITY_ONCE, 3);
            let old = (cities.len() - new.len()) as u32;
            if old > 0 {
                items.push(item(rule::FIELD_CITY_ONCE, "city already scored by this player", old, 0));
            }
            if items.is_empty() {
                items.push(item(rule::FIELD_CITY_ONCE, "completed city", 0, 3));
            }
            items.extend(bonus);
            for &p in &players {
                paid.extend(new.iter().map(|&c| (p, c)));
            }
            let feature = game.feature_ref(&info);
            game.award(ScoreEvent { timing: Timing::End, players, feature, items, because: because.clone() });
        }
    }
}

/// The first version: each completed city touching a field with farmers is scored once,
/// 4 points to the players with the most farmers on all the fields touching it (ties all
/// score in full). A farmer counts for every city its field touches.
fn score_cities_for_farmers(game: &mut Game, fields: &[SegId]) {
    let bordering: Vec<(SegId, crate::engine::Cities)> =
        fields.iter().map(|&f| (f, game.cities_bordering(f))).collect();
    let mut cities: Vec<SegId> = Vec::new();
    for (_, cs) in &bordering {
        for &c in cs {
            if !cities.contains(&c) {
                cities.push(c);
            }
        }
    }
    for city in cities {
        let touching: Vec<SegId> = bordering.iter().filter(|(_, cs)| cs.contains(&city)).map(|(f, _)| *f).collect();
        let farmers: Vec<crate::engine::Follower> =
            game.followers().iter().filter(|f| touching.contains(&game.feature_of(f.segment))).copied().collect();
        let players = game.break_tie(
            &farmers,
            crate::engine::majority_of(farmers.iter().map(|f| (f.player, f.figure.strength())), game.players().len()),
        );
        if players.is_empty() {
            continue;
        }
        let info = game.feature_info(city);
        let items = city_items(game, &[city], rule::FIELD_PER_CITY, 4);
        // What an expansion adds for a player with a piece in one of the fields (a pig), once.
        let bonus = |p: PlayerId| {
            touching.iter().map(|f| game.field_bonus(*f, p, &[city])).find(|b| !b.is_empty()).unwrap_or_default()
        };
        let groups = with_bonus(&players, bonus);
        award_groups(game, &info, groups, items, smallvec![rule::MAJORITY]);
    }
}

/// A follower on a field is refused when farmers are left out.
fn without_farmers(game: &Game) -> Result<(), Verdict> {
    if game.options().of::<Options>().without_farmers {
        return Err(Verdict::new(
            rule::WITHOUT_FARMERS,
            "this game is played without farmers (`base.farmers: without-farmers`): no follower goes on a field",
        ));
    }
    Ok(())
}

pub mod rule {
    //! The base game's rules. Their wording and sources are in the catalogue file named below.

    crate::rules::rule_ids! {
        catalogue: "rulesets/rules/base.yaml";
        /// The game starts from the start tile, face up in the middle of the table.
        START_TILE = "base.setup.start-tile",
        /// Only the expansions in play add pieces and decisions to a turn.
        EXPANSION_IN_PLAY = "base.setup.expansions-in-play",
        /// Players take turns in the order given.
        TURN_ORDER = "base.turn.order",
        /// A tile goes on a free square.
        SQUARE_FREE = "base.placement.square-free",
        /// A tile goes next to a tile already placed.
        ADJACENT = "base.placement.adjacent",
        /// Every edge of a new tile matches the edge it touches.
        EDGES_MATCH = "base.placement.edges-match",
        /// A tile that fits nowhere is discarded and another drawn; one that fits must be placed.
        DISCARD_UNPLACEABLE = "base.placement.discard-unplaceable",
        /// A follower goes only on the tile just placed.
        FOLLOWER_ON_NEW_TILE = "base.follower.on-placed-tile",
        /// A follower goes only on a feature that holds no follower.
        FOLLOWER_UNOCCUPIED = "base.follower.unoccupied-feature",
        /// Each player has 7 followers; none can be placed with an empty supply.
        FOLLOWER_SUPPLY = "base.follower.supply",
        /// Followers return to their owner's supply once their feature is scored.
        FOLLOWER_RETURNS = "base.follower.returned",
        /// The player with most followers on a feature scores it; tied players all score in full.
        MAJORITY = "base.scoring.majority",
        /// A completed road scores 1 point per tile.
        ROAD_COMPLETED = "base.road.completed",
        /// A completed city scores 2 points per tile and 2 per pennant.
        CITY_COMPLETED = "base.city.completed",
        /// Early rules: a completed city of two tiles scores 1 per tile (and 1 per pennant).
        CITY_TWO_TILE_EARLY = "base.city.two-tile-early",
        /// A cloister surrounded by eight tiles scores 9 points.
        CLOISTER_COMPLETED = "base.cloister.completed",
        /// At the end an incomplete road scores 1 point per tile.
        FINAL_ROAD = "base.final.road",
        /// At the end an incomplete city scores 1 point per tile and 1 per pennant.
        FINAL_CITY = "base.final.city",
        /// At the end an incomplete cloister scores 1 point plus 1 per neighbouring tile.
        FINAL_CLOISTER = "base.final.cloister",
        /// Played without farmers, no follower goes on a field and no field scores.
        WITHOUT_FARMERS = "base.variant.without-farmers",
        /// At the end each field scores 3 points per completed city it borders, to its farmers' majority.
        FINAL_FIELD = "base.final.field",
        /// Second first-edition version: fields score as today, but a city pays a player only once.
        FIELD_CITY_ONCE = "base.final.field-city-once",
        /// First first-edition version: each completed city pays 4 to the majority of farmers on all fields touching it.
        FIELD_PER_CITY = "base.final.city-farmers",
    }
}
