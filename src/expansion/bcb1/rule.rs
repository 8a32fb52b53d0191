//! The rules of Bridges, Castles and Bazaars (1st edition). Their wording and sources are in the catalogue file named below.

crate::rules::rule_ids! {
    catalogue: "rulesets/rules/bcb1.yaml";
    /// The expansion's pieces: 3 bridges and 3 castles each with 2-4 players, 2 each with 5-6.
    PIECE_SUPPLY = "bcb1.setup.supply",
    /// A game may leave the set's bridges out: none is built or written then.
    WITHOUT_BRIDGES = "bcb1.variant.without-bridges",
    /// A game may leave the set's castles out: none is built or written then.
    WITHOUT_CASTLES = "bcb1.variant.without-castles",
    /// A game may leave bazaars out: a bazaar tile is then a plain tile.
    WITHOUT_BAZAARS = "bcb1.variant.without-bazaars",
    /// A game may play the set's bridges and castles without its tiles.
    WITHOUT_TILES = "bcb1.variant.without-tiles",
    /// At most one bridge per turn.
    BRIDGE_ONE_PER_TURN = "bcb1.bridge.one-per-turn",
    /// JCloisterZone: one bridge in each part of a turn of two parts.
    BRIDGE_ONE_PER_PART = "bcb1.bridge.one-per-part",
    /// A bridge goes on the tile just placed or on a tile sharing an edge with it.
    BRIDGE_LOCATION = "bcb1.bridge.location",
    /// Both ends of a bridge lie on field edges.
    BRIDGE_ENDS_ON_FIELD = "bcb1.bridge.ends-on-field",
    /// Nor on a river edge (The River).
    BRIDGE_ENDS_NOT_ON_RIVER = "bcb1.bridge.ends-not-on-river",
    /// Each end of a bridge continues a road or faces an empty square.
    BRIDGE_ENDS_CONNECT = "bcb1.bridge.ends-connect-or-open",
    /// A tile carries at most one bridge: bridges never cross.
    BRIDGE_NO_CROSSING = "bcb1.bridge.no-crossed-bridges",
    /// A bridge carries its road and counts as a road segment of its tile.
    BRIDGE_COUNTS_AS_ROAD = "bcb1.bridge.counts-as-road",
    /// A tile whose printed road and bridge both belong to one road counts once.
    BRIDGE_SAME_TILE = "bcb1.bridge.same-tile-road-one-point",
    /// A follower may stand on a bridge built on the tile just placed.
    BRIDGE_FOLLOWER = "bcb1.bridge.follower-on-bridge",
    /// A tile may leave its road against a field edge when this turn's bridge continues it.
    BRIDGE_ROAD_MEETS_FIELD = "bcb1.bridge.road-may-meet-field",
    /// A bridge the tile needs in order to fit is built as the tile is placed.
    BRIDGE_WHEN_NEEDED = "bcb1.bridge.timing-when-needed",
    /// A bridge the tile does not need may come later in the turn, after the follower.
    BRIDGE_LATE = "bcb1.bridge.late-optional-bridge",
    /// A town (a completed city of two semicircular caps) may become a castle.
    CASTLE_TOWN = "bcb1.castle.town-definition",
    /// Only the town's occupier decides on a castle, instead of scoring the town.
    CASTLE_OCCUPIER = "bcb1.castle.occupier-chooses",
    /// The occupier spends a castle token and moves the follower into the castle.
    CASTLE_CONVERT = "bcb1.castle.convert-procedure",
    /// Building a castle scores nothing; the converted town counts as incomplete.
    CASTLE_NO_POINTS = "bcb1.castle.no-points-on-building",
    /// A castle scores once: the full points of the next structure completed in its fief.
    CASTLE_SCORES = "bcb1.castle.scores-on-first-fief-completion",
    /// A mayor in a castle earns nothing when the castle scores: a castle has no pennant.
    CASTLE_MAYOR = "bcb1.castle.mayor-nothing",
    /// The fief: the two tiles under the castle and the two beside each of them.
    CASTLE_FIEF = "bcb1.castle.fief-six-tiles",
    /// A cloister counts for a castle only when the cloister's own tile is in the fief.
    CASTLE_CLOISTER_IN_FIEF = "bcb1.castle.cloister-must-be-in-fief",
    /// A completed structure counts for the castle even when nobody scores it.
    CASTLE_UNOCCUPIED = "bcb1.castle.unoccupied-structure-counts",
    /// The castle takes the next structure completed in its fief: it may not wait for a later one.
    CASTLE_MUST_TAKE_NEXT = "bcb1.castle.must-take-next",
    /// Of several structures completed at once, the castle's owner picks one.
    CASTLE_CHOOSE = "bcb1.castle.choose-among-simultaneous",
    /// A reading of one tool: the castle takes the structure worth most, no choice offered.
    CASTLE_WORTH_MOST = "bcb1.castle.takes-worth-most",
    /// A castle that scores counts as a completed structure for a castle beside it.
    CASTLE_CHAIN = "bcb1.castle.adjacent-castles",
    /// A structure completed in the round of scoring that built the castle gives it nothing.
    CASTLE_NOT_SAME_ROUND = "bcb1.castle.not-same-round",
    /// Reading B: a castle built in a turn's first part takes what its second part completes.
    CASTLE_DOUBLE_TURN = "bcb1.castle.double-turn-second-part",
    /// The castle's follower goes home after it scores; the token stays.
    CASTLE_FOLLOWER_RETURNS = "bcb1.castle.follower-returns-token-stays",
    /// Flying Machines: the majority of a shared town decides, and only its followers enter the castle.
    CASTLE_SHARED_MAJORITY = "bcb1.castle.shared-town-majority",
    /// Players sharing a town's majority each decide: score it, or convert it and share the castle.
    CASTLE_SHARED_EACH = "bcb1.castle.shared-town-each-decides",
    /// Some tied players score, the others convert: the scorers' majority leaves the converters out.
    CASTLE_SHARED_MIXED = "bcb1.castle.shared-town-mixed",
    /// Each converter of a shared town spends a token; one with none left can only score.
    CASTLE_SHARED_TOKENS = "bcb1.castle.shared-town-tokens",
    /// At the end an unfinished castle scores nothing and its follower leaves.
    CASTLE_GAME_END = "bcb1.castle.game-end-nothing",
    /// At farm scoring a castle is worth 4 points to a bordering field.
    CASTLE_FARM = "bcb1.castle.farm-four-points",
    /// The RGG Big Box 3 scoring guide's reading: a castle that never scored is worth nothing to a farm.
    CASTLE_FARM_SCORED_ONLY = "bcb1.castle.farm-completed-only-rgg-bb3",
    /// A drawn bazaar tile is placed as usual, then a bazaar is held; no other tile starts one.
    BAZAAR_TRIGGER = "bcb1.bazaar.trigger-after-placement",
    /// When in the turn the bazaar is held.
    BAZAAR_TIMING = "bcb1.bazaar.timing",
    /// A bazaar tile discarded because it fits nowhere starts no bazaar.
    BAZAAR_DISCARDED = "bcb1.bazaar.discarded-tile-no-bazaar",
    /// The active player reveals one tile per player, all of them auctioned.
    BAZAAR_REVEAL = "bcb1.bazaar.reveal-one-per-player",
    /// The selector picks a tile and opens the bidding (0 allowed).
    BAZAAR_OPENS_BID = "bcb1.bazaar.selector-opens-bid",
    /// Every other player without a tile bids once, raising, or passes, in turn order.
    BAZAAR_ONE_BID = "bcb1.bazaar.single-bid-round",
    /// The selector may buy the tile, paying the highest bid to that bidder.
    BAZAAR_BUY = "bcb1.bazaar.selector-buys",
    /// The selector may sell the tile to the highest bidder, receiving the bid.
    BAZAAR_SELL = "bcb1.bazaar.selector-sells",
    /// A selector whom nobody outbid pays the bid to nobody.
    BAZAAR_SOLE_BIDDER = "bcb1.bazaar.sole-bidder-pays-nobody",
    /// How far bids may take a score below zero.
    BAZAAR_NEGATIVE = "bcb1.bazaar.negative-scores",
    /// Z-Man: nobody may bid more points than they have, nor pay more at the bazaar.
    BAZAAR_NO_OVERBID = "bcb1.bazaar.zmg-no-overbid",
    /// The next selector is the next player after the previous one without a tile.
    BAZAAR_NEXT_SELECTOR = "bcb1.bazaar.next-selector",
    /// A player who has a tile takes no further part in the bazaar.
    BAZAAR_HOLDERS_OUT = "bcb1.bazaar.tile-holders-out",
    /// The last tile goes free to the last player without one.
    BAZAAR_LAST_FREE = "bcb1.bazaar.last-tile-free",
    /// The tiles bought are placed after the bazaar, each a full turn, from the player after the active one.
    BAZAAR_PLACE_ORDER = "bcb1.bazaar.place-order",
    /// Too few tiles left in the stack for a bazaar.
    BAZAAR_TOO_FEW = "bcb1.bazaar.too-few-tiles",
    /// A bazaar tile bought at a bazaar starts no bazaar.
    BAZAAR_PURCHASED_NO_TRIGGER = "bcb1.bazaar.purchased-bazaar-no-trigger",
    /// The variation without bids: each player in turn takes a revealed tile.
    BAZAAR_VARIATION = "bcb1.bazaar.variation",
    /// Z-Man: when every player has 0 points, the variation is played.
    BAZAAR_ZMG_ALL_ZERO = "bcb1.bazaar.variation-zmg-all-zero",
    /// Placing a bought tile is a normal turn: the second part it earns comes at once.
    BAZAAR_BUILDER_DURING_PLACEMENT = "bcb1.bazaar.builder-during-placement",
    /// A bazaar drawn while another's placements go on waits, then is held in turn.
    BAZAAR_DELAYED = "bcb1.bazaar.delayed-bazaar",
    /// The bazaar tile's own second part comes after the bazaar and every bazaar that waited.
    BAZAAR_BUILDER_LAST = "bcb1.bazaar.builder-turn-after-bazaar",
    /// The alternative: the bazaar tile's second part comes before the auction.
    BAZAAR_BUILDER_FIRST = "bcb1.bazaar.builder-turn-before-auction",
}
