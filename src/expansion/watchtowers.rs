//! The Watchtowers (2nd edition, 2016; there is no 1st edition): 12 land tiles, each showing a
//! watchtower of one of five kinds (`tile::Mark::Watchtower*`).
//!
//! What it models: the tiles, laid by the usual rules (`watchtowers.components.tiles`); a
//! watchtower is no feature, so no follower can stand on it
//! (`watchtowers.meeple.not-on-watchtower`: the tiles print no segment for it, and a follower
//! written on it is refused, [`Expansion::no_feature`]). When a road or
//! city is completed during the game (scored by the base rules in the same turn) and a
//! follower stands on it on a watchtower tile, the watchtower scores first, in a `watchtower`
//! phase just before the turn's scoring (`watchtowers.scoring.trigger`): an event of its own
//! (feature `watchtower`) to the owner of that follower, each player once if two stand on the
//! same feature on that tile (a loop through both road ends of one tile), and once for each
//! watchtower tile the feature holds a follower on. Fields never set one off
//! (`watchtowers.scoring.no-farmers`). It counts over its own tile and the eight around it
//! (`watchtowers.scoring.area`), each tile once: 2 points a follower of any kind on those tiles
//! (farmers included; `...meeples`), 2 a pennant printed there (`...arms`), 1 a tile printing a
//! road segment (`...roads`), 3 a cloister, an abbey included (`...monasteries`), 1 a tile
//! printing a city segment (`...cities`). A double-size tile (a German castle) with either
//! square in the area counts whole, both squares' features and followers
//! (`watchtowers.double-tile.whole`, Castles in Germany's 10/2022 clarification). Nothing is
//! scored at the end (`watchtowers.final.none`).
//!
//! Readings, where the stored rule text (its footnotes are not stored) does not say: the points
//! go to the follower's owner whether or not that player wins the road or city; a road or city
//! that another expansion takes over when completed (a Bridges, Castles and Bazaars castle) is
//! scored by the watchtower all the same, since the watchtower scores before it; "a meeple" is
//! any follower on a feature of those tiles (the game's list of followers); roads and cities are
//! those printed on the tiles (a bridge added on a tile is not one); a city made a castle is
//! no city to a city watchtower (`watchtowers.scoring.castle-not-city`, JCloisterZone's reading).
//!
//! What it does not model, refused where it is met: none of its own rules is left out. Pieces
//! that are not followers on a feature (a follower on top of a tower of The Tower, a pig, a
//! builder, the fairy, the dragon) are not counted as meeples: with The Tower, a watchtower
//! scoring meeples while a follower stands atop a tower in its area is refused (a located
//! verdict citing `watchtowers.scoring.meeples`), since no rule says whether it counts.

use super::{Expansion, ExpansionId, Options as AllOptions, Piece};
use crate::engine::{Game, Phase, TurnContext};
use crate::geom::Pos;
use crate::score::{FeatureRef, PlayerId, ScoreEvent, ScoreItem, Timing, Verdict};
use crate::tile::{FeatureKind, Mark};
use smallvec::{smallvec, SmallVec};

pub struct Watchtowers;

const PHASE: &str = "watchtower";

/// The kind of a watchtower: what it counts, the rule, the item's label and its points each.
fn kind_of(mark: Mark) -> Option<(crate::rules::RuleId, &'static str, i32)> {
    Some(match mark {
        Mark::WatchtowerMeeples => (rule::MEEPLES, "meeple", 2),
        Mark::WatchtowerArms => (rule::ARMS, "pennant", 2),
        Mark::WatchtowerRoads => (rule::ROADS, "road tile", 1),
        Mark::WatchtowerMonasteries => (rule::MONASTERIES, "monastery", 3),
        Mark::WatchtowerCities => (rule::CITIES, "city tile", 1),
        _ => return None,
    })
}

/// The watchtower printed on a tile kind, if any.
pub fn watchtower_of(game: &Game, kind: crate::tile::TileKind) -> Option<Mark> {
    game.def(kind).marks.iter().copied().find(|m| kind_of(*m).is_some())
}

/// The tile groups a watchtower on `group` looks at: its own and those around it, each once.
fn area(game: &Game, group: u32) -> Vec<u32> {
    let own = game.group_squares(group);
    let mut groups = vec![group];
    for q in own.iter().flat_map(|p| p.ring()) {
        if let Some(t) = game.tile_at(q) {
            if !groups.contains(&t.group) {
                groups.push(t.group);
            }
        }
    }
    groups
}

/// The placements of a tile group: one, or two for a double-size tile.
fn placements<'a>(game: &'a Game<'_>, group: u32) -> impl Iterator<Item = usize> + 'a {
    [group, group + 1]
        .into_iter()
        .map(|i| i as usize)
        .filter(move |&i| game.placed().get(i).is_some_and(|p| p.group == group))
}

/// How many things of its kind a watchtower on `group` sees, and whether a double-size tile
/// was counted whole.
fn count(game: &Game, group: u32, mark: Mark) -> (u32, bool) {
    let groups = area(game, group);
    let double = groups.iter().any(|&g| placements(game, g).count() > 1);
    let shows = |g: u32, kind: FeatureKind| {
        placements(game, g).any(|i| game.def(game.placed()[i].kind).segments.iter().any(|s| s.kind == kind))
    };
    let n = match mark {
        Mark::WatchtowerMeeples => {
            game.followers().iter().filter(|f| groups.contains(&game.placement_of(f.segment).group)).count() as u32
        }
        Mark::WatchtowerArms => groups
            .iter()
            .flat_map(|&g| placements(game, g))
            .flat_map(|i| game.def(game.placed()[i].kind).segments.iter())
            .map(|s| u32::from(s.pennants))
            .sum(),
        Mark::WatchtowerRoads => groups.iter().filter(|&&g| shows(g, FeatureKind::Road)).count() as u32,
        // rule::CASTLE_NOT_CITY: a city segment of a town made a castle shows no city.
        Mark::WatchtowerCities => groups
            .iter()
            .filter(|&&g| {
                placements(game, g).any(|i| {
                    let p = &game.placed()[i];
                    let segments = &game.def(p.kind).segments;
                    (0..segments.len())
                        .filter(|&l| segments[l].kind == FeatureKind::City)
                        .any(|l| game.segment_at(p.pos, l).is_none_or(|seg| !game.taken_over(game.feature_of(seg))))
                })
            })
            .count() as u32,
        Mark::WatchtowerMonasteries => groups
            .iter()
            .flat_map(|&g| placements(game, g))
            .flat_map(|i| game.def(game.placed()[i].kind).segments.iter())
            .filter(|s| s.kind == FeatureKind::Cloister)
            .count() as u32,
        _ => 0,
    };
    (n, double)
}

/// Whether a city segment in the area belongs to a town made a castle.
fn castle_in(game: &Game, group: u32) -> bool {
    area(game, group).into_iter().flat_map(|g| placements(game, g).collect::<Vec<_>>()).any(|i| {
        let p = &game.placed()[i];
        let segments = &game.def(p.kind).segments;
        (0..segments.len())
            .filter(|&l| segments[l].kind == FeatureKind::City)
            .any(|l| game.segment_at(p.pos, l).is_some_and(|seg| game.taken_over(game.feature_of(seg))))
    })
}

/// A follower standing on a tile of the area but on no feature (atop a tower of The Tower), as
/// the expansions report their pieces: a meeple no rule says a watchtower counts.
fn follower_off_features(game: &Game, group: u32) -> Option<(Pos, &'static str)> {
    let groups = area(game, group);
    game.pieces().into_iter().find_map(|p: Piece| match p.at {
        super::PieceAt::Tile(at)
            if p.owner.is_some() && (p.what.contains("follower") || p.what.contains("phantom")) =>
        {
            game.tile_at(at).filter(|t| groups.contains(&t.group)).map(|_| (at, p.what))
        }
        _ => None,
    })
}

/// rule::TRIGGER: each watchtower tile on which a follower stands on a road or city completed
/// this turn, with the owners of those followers, in the order the followers were placed.
fn triggered(game: &Game) -> Vec<(usize, SmallVec<[PlayerId; 2]>)> {
    let mut out: Vec<(usize, SmallVec<[PlayerId; 2]>)> = Vec::new();
    for f in game.followers() {
        // rule::NO_FARMERS: only roads and cities.
        if !matches!(game.feature_kind(f.segment), FeatureKind::Road | FeatureKind::City) {
            continue;
        }
        let root = game.feature_of(f.segment);
        // A completed road or city keeps followers only in the turn it is completed (the
        // turn's scoring sends them home), unless another expansion took it over earlier.
        if game.open_edges(root) != 0 || game.taken_over(root) {
            continue;
        }
        let p = game.placement_of(f.segment);
        if watchtower_of(game, p.kind).is_none() {
            continue;
        }
        let i = p.group as usize;
        match out.iter_mut().find(|(j, _)| *j == i) {
            Some((_, players)) if !players.contains(&f.player) => players.push(f.player),
            Some(_) => {}
            None => out.push((i, smallvec![f.player])),
        }
    }
    out
}

fn score(game: &mut Game, turn: u16) -> Result<(), Verdict> {
    for (i, players) in triggered(game) {
        let placed = &game.placed()[i];
        let (at, kind) = (placed.pos, placed.kind);
        let Some(mark) = watchtower_of(game, kind) else { continue };
        let Some((rule, label, each)) = kind_of(mark) else { continue };
        if mark == Mark::WatchtowerMeeples {
            if let Some((top, what)) = follower_off_features(game, i as u32) {
                return Err(Verdict::new(
                    rule::MEEPLES,
                    format!(
                        "the meeple watchtower at {at} would count the {what} at {top}: whether it \
                         counts as a meeple there is not modelled (no rule says)"
                    ),
                ));
            }
        }
        let (n, double) = count(game, i as u32, mark);
        let mut because: crate::score::Rules = smallvec![rule::TRIGGER, rule::AREA];
        if double {
            because.push(rule::DOUBLE_TILE);
        }
        if mark == Mark::WatchtowerCities && castle_in(game, i as u32) {
            because.push(rule::CASTLE_NOT_CITY);
        }
        let what = match mark {
            Mark::WatchtowerMeeples => "meeple",
            Mark::WatchtowerArms => "coat-of-arms",
            Mark::WatchtowerRoads => "road",
            Mark::WatchtowerMonasteries => "monastery",
            _ => "city",
        };
        let words = format!("the {what} watchtower at {at}");
        game.award(ScoreEvent {
            timing: Timing::Turn(turn),
            players: players.iter().copied().collect(),
            feature: FeatureRef::new(FeatureKind::Watchtower, at, u8::MAX, "watchtower", 0).with_words(words),
            items: smallvec![ScoreItem { rule, label, count: n, each }],
            because,
        });
    }
    Ok(())
}

impl Expansion for Watchtowers {
    /// No action: nothing changes an edge.
    fn edge_changes(&self) -> super::EdgeChanges {
        super::EdgeChanges::None
    }

    fn id(&self) -> ExpansionId {
        ExpansionId::Watchtowers
    }

    /// rule::NOT_ON_WATCHTOWER: the watchtower is no feature.
    fn no_feature(&self, def: &crate::tile::TileDef, word: &str) -> Option<(&'static str, crate::rules::RuleId)> {
        (word == "watchtower" && def.marks.iter().any(|m| kind_of(*m).is_some()))
            .then_some(("watchtower", rule::NOT_ON_WATCHTOWER))
    }

    fn rule_book(&self) -> &'static crate::rules::RuleBook {
        &rule::BOOK
    }

    fn tiles(&self) -> Option<&'static crate::embedded::Embedded> {
        const TILES: crate::embedded::Embedded = crate::embed!("tiles/watchtowers.yaml");
        Some(&TILES)
    }

    fn phases(&self, _options: &AllOptions, seq: &mut Vec<Phase>) {
        // rule::TRIGGER: before the road or city is scored, while its followers stand.
        let at = seq.iter().position(|p| *p == Phase::ScoreCompleted).unwrap_or(seq.len());
        seq.insert(at, Phase::Expansion(ExpansionId::Watchtowers, PHASE));
    }

    fn run_phase(&self, game: &mut Game, _phase: &'static str, turn: &TurnContext) -> Result<(), Verdict> {
        score(game, turn.turn)
    }
}

pub mod rule {
    //! The rules of The Watchtowers. Their wording and sources are in the catalogue file named below.

    crate::rules::rule_ids! {
        catalogue: "rulesets/rules/watchtowers.yaml";
        /// Twelve tiles with watchtowers, shuffled in and laid as usual.
        TILES = "watchtowers.components.tiles",
        /// No meeple on the watchtower itself.
        NOT_ON_WATCHTOWER = "watchtowers.meeple.not-on-watchtower",
        /// A completed road or city with a meeple on it on a watchtower tile scores the watchtower first, for that meeple's owner.
        TRIGGER = "watchtowers.scoring.trigger",
        /// Farmers never set off a watchtower.
        NO_FARMERS = "watchtowers.scoring.no-farmers",
        /// The watchtower's tile and the eight around it.
        AREA = "watchtowers.scoring.area",
        /// 2 points a meeple.
        MEEPLES = "watchtowers.scoring.meeples",
        /// 2 points a coat of arms.
        ARMS = "watchtowers.scoring.arms",
        /// 1 point a tile showing a road.
        ROADS = "watchtowers.scoring.roads",
        /// 3 points a monastery.
        MONASTERIES = "watchtowers.scoring.monasteries",
        /// 1 point a tile showing a city.
        CITIES = "watchtowers.scoring.cities",
        /// Nothing at the end.
        FINAL_NONE = "watchtowers.final.none",
        /// A tile whose only city is a town made a castle shows no city to a city watchtower.
        CASTLE_NOT_CITY = "watchtowers.scoring.castle-not-city",
        /// A double-size tile in the area counts whole.
        DOUBLE_TILE = "watchtowers.double-tile.whole",
    }
}
