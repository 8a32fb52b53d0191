//! Rule ids: the closed list of rules the engine applies and cites.
//!
//! Every scoring item and every verdict on an illegal move carries a [`RuleId`]. The
//! wording and source of each id live in the rule catalogue, `rulesets/rules.yaml`, which a
//! test keeps in step with this list in both directions. Treat an id like a lint code:
//! never rename one silently.

use std::fmt;

macro_rules! rule_ids {
    ($( $(#[$doc:meta])* $variant:ident = $slug:literal, )*) => {
        /// A rule of the catalogue. The slug is the id used in YAML, the CLI and reports.
        #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
        pub enum RuleId {
            $( $(#[$doc])* $variant, )*
        }

        impl RuleId {
            pub const ALL: &'static [RuleId] = &[$(RuleId::$variant,)*];

            pub const fn as_str(self) -> &'static str {
                match self {
                    $(RuleId::$variant => $slug,)*
                }
            }

            pub fn parse(s: &str) -> Option<RuleId> {
                match s {
                    $($slug => Some(RuleId::$variant),)*
                    _ => None,
                }
            }
        }
    };
}

rule_ids! {
    /// The game starts from the start tile, face up in the middle of the table.
    StartTile = "base.setup.start-tile",
    /// Only the expansions in play add pieces and decisions to a turn.
    ExpansionInPlay = "base.setup.expansions-in-play",
    /// Players take turns in the order given.
    TurnOrder = "base.turn.order",
    /// A tile goes on a free square.
    SquareFree = "base.placement.square-free",
    /// A tile goes next to a tile already placed.
    Adjacent = "base.placement.adjacent",
    /// Every edge of a new tile matches the edge it touches.
    EdgesMatch = "base.placement.edges-match",
    /// A tile that fits nowhere is discarded and another drawn; one that fits must be placed.
    DiscardUnplaceable = "base.placement.discard-unplaceable",
    /// A follower goes only on the tile just placed.
    FollowerOnNewTile = "base.follower.on-placed-tile",
    /// A follower goes only on a feature that holds no follower.
    FollowerUnoccupied = "base.follower.unoccupied-feature",
    /// Each player has 7 followers; none can be placed with an empty supply.
    FollowerSupply = "base.follower.supply",
    /// Followers return to their owner's supply once their feature is scored.
    FollowerReturns = "base.follower.returned",
    /// The player with most followers on a feature scores it; tied players all score in full.
    Majority = "base.scoring.majority",
    /// A completed road scores 1 point per tile.
    RoadCompleted = "base.road.completed",
    /// A completed city scores 2 points per tile and 2 per pennant.
    CityCompleted = "base.city.completed",
    /// Early rules: a completed city of two tiles scores 1 per tile (and 1 per pennant).
    CityTwoTileEarly = "base.city.two-tile-early",
    /// A cloister surrounded by eight tiles scores 9 points.
    CloisterCompleted = "base.cloister.completed",
    /// At the end an incomplete road scores 1 point per tile.
    FinalRoad = "base.final.road",
    /// At the end an incomplete city scores 1 point per tile and 1 per pennant.
    FinalCity = "base.final.city",
    /// At the end an incomplete cloister scores 1 point plus 1 per neighbouring tile.
    FinalCloister = "base.final.cloister",
    /// At the end each field scores 3 points per completed city it borders, to its farmers' majority.
    FinalField = "base.final.field",

    // ---- Bridges, Castles and Bazaars (1st edition) ------------------------------------------
    /// The expansion's pieces: 3 bridges and 3 castles each with 2-4 players, 2 each with 5-6.
    PieceSupply = "bcb1.setup.supply",
    /// At most one bridge per turn.
    BridgeOnePerTurn = "bcb1.bridge.one-per-turn",
    /// A bridge goes on the tile just placed or on a tile sharing an edge with it.
    BridgeLocation = "bcb1.bridge.location",
    /// Both ends of a bridge lie on field edges.
    BridgeEndsOnField = "bcb1.bridge.ends-on-field",
    /// Each end of a bridge continues a road or faces an empty square.
    BridgeEndsConnect = "bcb1.bridge.ends-connect-or-open",
    /// A tile carries at most one bridge: bridges never cross.
    BridgeNoCrossing = "bcb1.bridge.no-crossed-bridges",
    /// A bridge carries its road and counts as a road segment of its tile.
    BridgeCountsAsRoad = "bcb1.bridge.counts-as-road",
    /// A tile whose printed road and bridge both belong to one road counts once.
    BridgeSameTile = "bcb1.bridge.same-tile-road-one-point",
    /// A follower may stand on a bridge built on the tile just placed.
    BridgeFollower = "bcb1.bridge.follower-on-bridge",
    /// A tile may leave its road against a field edge when this turn's bridge continues it.
    BridgeRoadMeetsField = "bcb1.bridge.road-may-meet-field",
    /// A town (a completed city of two semicircular caps) may become a castle.
    CastleTown = "bcb1.castle.town-definition",
    /// Only the town's occupier decides on a castle, instead of scoring the town.
    CastleOccupier = "bcb1.castle.occupier-chooses",
    /// The occupier spends a castle token and moves the follower into the castle.
    CastleConvert = "bcb1.castle.convert-procedure",
    /// Building a castle scores nothing; the converted town counts as incomplete.
    CastleNoPoints = "bcb1.castle.no-points-on-building",
    /// A castle scores once: the full points of the next structure completed in its fief.
    CastleScores = "bcb1.castle.scores-on-first-fief-completion",
    /// The fief: the two tiles under the castle and the two beside each of them.
    CastleFief = "bcb1.castle.fief-six-tiles",
    /// A cloister counts for a castle only when the cloister's own tile is in the fief.
    CastleCloisterInFief = "bcb1.castle.cloister-must-be-in-fief",
    /// A completed structure counts for the castle even when nobody scores it.
    CastleUnoccupied = "bcb1.castle.unoccupied-structure-counts",
    /// Of several structures completed at once, the castle's owner picks one.
    CastleChoose = "bcb1.castle.choose-among-simultaneous",
    /// A castle that scores counts as a completed structure for a castle beside it.
    CastleChain = "bcb1.castle.adjacent-castles",
    /// A structure completed in the round of scoring that built the castle gives it nothing.
    CastleNotSameRound = "bcb1.castle.not-same-round",
    /// The castle's follower goes home after it scores; the token stays.
    CastleFollowerReturns = "bcb1.castle.follower-returns-token-stays",
    /// At the end an unfinished castle scores nothing and its follower leaves.
    CastleGameEnd = "bcb1.castle.game-end-nothing",
    /// At farm scoring a castle is worth 4 points to a bordering field.
    CastleFarm = "bcb1.castle.farm-four-points",
    /// The RGG Big Box 3 scoring guide's reading: a castle that never scored is worth nothing to a farm.
    CastleFarmScoredOnly = "bcb1.castle.farm-completed-only-rgg-bb3",
    /// A drawn bazaar tile is placed as usual, then a bazaar is held; no other tile starts one.
    BazaarTrigger = "bcb1.bazaar.trigger-after-placement",
    /// When in the turn the bazaar is held.
    BazaarTiming = "bcb1.bazaar.timing",
    /// A bazaar tile discarded because it fits nowhere starts no bazaar.
    BazaarDiscarded = "bcb1.bazaar.discarded-tile-no-bazaar",
    /// The active player reveals one tile per player, all of them auctioned.
    BazaarReveal = "bcb1.bazaar.reveal-one-per-player",
    /// The selector picks a tile and opens the bidding (0 allowed).
    BazaarOpensBid = "bcb1.bazaar.selector-opens-bid",
    /// Every other player without a tile bids once, raising, or passes, in turn order.
    BazaarOneBid = "bcb1.bazaar.single-bid-round",
    /// The selector may buy the tile, paying the highest bid to that bidder.
    BazaarBuy = "bcb1.bazaar.selector-buys",
    /// The selector may sell the tile to the highest bidder, receiving the bid.
    BazaarSell = "bcb1.bazaar.selector-sells",
    /// A selector whom nobody outbid pays the bid to nobody.
    BazaarSoleBidder = "bcb1.bazaar.sole-bidder-pays-nobody",
    /// How far bids may take a score below zero.
    BazaarNegative = "bcb1.bazaar.negative-scores",
    /// Z-Man: nobody may bid more points than they have, nor pay more at the bazaar.
    BazaarNoOverbid = "bcb1.bazaar.zmg-no-overbid",
    /// The next selector is the next player after the previous one without a tile.
    BazaarNextSelector = "bcb1.bazaar.next-selector",
    /// A player who has a tile takes no further part in the bazaar.
    BazaarHoldersOut = "bcb1.bazaar.tile-holders-out",
    /// The last tile goes free to the last player without one.
    BazaarLastFree = "bcb1.bazaar.last-tile-free",
    /// The tiles bought are placed after the bazaar, each a full turn, from the player after the active one.
    BazaarPlaceOrder = "bcb1.bazaar.place-order",
    /// Too few tiles left in the stack for a bazaar.
    BazaarTooFew = "bcb1.bazaar.too-few-tiles",
    /// A bazaar tile bought at a bazaar starts no bazaar.
    BazaarPurchasedNoTrigger = "bcb1.bazaar.purchased-bazaar-no-trigger",
    /// The variation without bids: each player in turn takes a revealed tile.
    BazaarVariation = "bcb1.bazaar.variation",
    /// Z-Man: when every player has 0 points, the variation is played.
    BazaarZmgAllZero = "bcb1.bazaar.variation-zmg-all-zero",

    // ---- The expansion-8 slot, and the new edition's bridges, castles and barns -------------
    /// Slot 8 plays the 1st edition's Bridges, Castles and Bazaars or the new edition's set, as the ruleset says.
    Exp8Edition = "expansion-8.rules",
    /// The new edition's set has no bazaars.
    NeNoBazaars = "ne.general.no-bazaars",
    /// One shared supply: 12 bridges, 6 castles, 6 barns.
    NeSharedSupply = "ne.setup.shared-supply",
    /// Buildings go up as part of placing the tile, while the supply has them.
    NeBuildAtPlacement = "ne.build.at-tile-placement",
    /// At most one building (bridge, castle or barn) a turn.
    NeBuildOnePerTurn = "ne.build.one-per-turn",
    /// The bridge rule holds only while bridges remain in the supply.
    NeBridgeOnlyWhileSupply = "ne.bridge.only-while-supply",
    /// A bridge crosses a tile whose two opposite edges are field only, the tile just placed.
    NeBridgeEligible = "ne.bridge.eligible-tiles",
    /// Such a tile may lie with a field edge against an open road end.
    NeBridgeFieldAgainstRoad = "ne.bridge.field-edge-against-road",
    /// Laid so, it must take a bridge from the supply, carrying the road straight across.
    NeBridgeMandatory = "ne.bridge.mandatory-when-used",
    /// Two bridges may never touch (reading A: end to end).
    NeBridgeNoTouching = "ne.bridge.no-touching-reading-a",
    /// Two bridges may never touch (reading B: on any edge-adjacent tiles).
    NeBridgeNoTouchingAny = "ne.bridge.no-touching-reading-b",
    /// A completed road scores 3 more per bridge on it.
    NeBridgeBonus = "ne.bridge.complete-road-bonus",
    /// A road passing under its own bridge: 1 for the road and 3 for the bridge on that tile.
    NeBridgeUnderOwn = "ne.bridge.road-under-own-bridge",
    /// An incomplete road at the end scores 1 more per bridge.
    NeBridgeFinal = "ne.bridge.final-scoring-one-per-bridge",
    /// A castle tile may go on a city of exactly two segments this tile completes.
    NeCastleBuild = "ne.castle.build-condition",
    /// A normal follower in that city becomes a lady on the castle.
    NeCastleKnightBecomesLady = "ne.castle.knight-becomes-lady",
    /// A city with a castle scores nothing.
    NeCastleCityNotScored = "ne.castle.city-not-scored",
    /// Instead of deploying a follower a player may recall a lady and go straight to scoring.
    NeLadyRecall = "ne.lady.recall",
    /// Recalling a lady scores 1 per knight and per lady on the board, herself included.
    NeLadyRecallScoring = "ne.lady.recall-scoring",
    /// A lady made this turn cannot be recalled this turn.
    NeLadyNotSameTurn = "ne.lady.not-same-turn-converted",
    /// A barn needs the tile just placed to be one of four meeting at one corner point.
    NeBarnFourTiles = "ne.barn.four-tile-corner",
    /// The four meeting corners are field only, of one field.
    NeBarnFieldCorners = "ne.barn.field-only-corners",
    /// That field holds a farmer of the builder not already on a barn.
    NeBarnOwnFreeFarmer = "ne.barn.own-free-farmer",
    /// The builder lays one of their farmers of that field onto the barn.
    NeBarnFarmerOnto = "ne.barn.farmer-onto-barn",
    /// Building a barn scores 1 per farmer on the board, once.
    NeBarnScoring = "ne.barn.build-scoring",

    // ---- Castles in Germany --------------------------------------------------------------------
    /// Each player holds one castle tile, two with two or three players, face up.
    CigSetup = "cig.setup.one-castle-each",
    /// Instead of drawing, a player may place one of their castle tiles.
    CigInsteadOfDrawing = "cig.placement.instead-of-drawing",
    /// A castle tile may not touch another castle tile, not even at a corner.
    CigNoTouching = "cig.placement.no-touching-castles",
    /// A castle surrounded by tiles is complete: 12 points to its lord or lady.
    CigCompleteTwelve = "cig.scoring.complete-twelve",
    /// At the end an unfinished castle scores 1 per surrounding tile and 2 for itself.
    CigFinal = "cig.scoring.final-incomplete",
    /// A completed road or city with an end on a castle tile gives its majority 3 more per castle.
    CigBonus = "cig.scoring.bonus-per-castle",

    // ---- The Drawbridges -------------------------------------------------------------------------
    /// A completed road leading to a drawbridge is scored first, then the drawbridge is looked at.
    DbRoadScoredFirst = "db.scoring.road-scored-first",
    /// A drawbridge whose city is complete is up: nothing more happens.
    DbCompletedCityUp = "db.scoring.completed-city-up",
    /// Into an incomplete city the road's sole majority holder may move followers from the road.
    DbIncompleteCityMove = "db.scoring.incomplete-city-move",
    /// Without a sole majority on the road nobody moves.
    DbTieNoMove = "db.scoring.tie-no-move",
}

impl fmt::Display for RuleId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

/// The ids of `known` closest to `id`, for "did you mean": smallest edit distance first, then
/// most words shared.
pub fn nearest<S: AsRef<str>>(id: &str, known: &[S], how_many: usize) -> Vec<String> {
    let words: Vec<&str> = id.split(['.', '-']).collect();
    let mut scored: Vec<(usize, usize, &str)> = known
        .iter()
        .map(|k| {
            let k = k.as_ref();
            let shared = k.split(['.', '-']).filter(|w| words.contains(w)).count();
            (edit_distance(id, k), shared, k)
        })
        .collect();
    scored.sort_by(|a, b| a.0.cmp(&b.0).then(b.1.cmp(&a.1)).then(a.2.cmp(b.2)));
    scored.into_iter().take(how_many).map(|(_, _, k)| k.to_string()).collect()
}

fn edit_distance(a: &str, b: &str) -> usize {
    let b: Vec<char> = b.chars().collect();
    let mut prev: Vec<usize> = (0..=b.len()).collect();
    for (i, ca) in a.chars().enumerate() {
        let mut cur = vec![i + 1];
        for (j, cb) in b.iter().enumerate() {
            cur.push((prev[j] + usize::from(ca != *cb)).min(prev[j + 1] + 1).min(cur[j] + 1));
        }
        prev = cur;
    }
    prev[b.len()]
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn nearest_ids_rank_typos_first() {
        let known = ["bazaar.timing", "bazaar.auction", "base.final.field"];
        assert_eq!(nearest("bazaar.timng", &known, 1), vec!["bazaar.timing"]);
        assert_eq!(nearest("base.final.fild", &known, 2)[0], "base.final.field");
    }
}
