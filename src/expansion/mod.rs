//! Expansions: each one a set of hooks into the turn and its scoring.
//!
//! Every hook defaults to "no change", so an expansion implements only the moments it cares
//! about. The engine calls the hooks of the enabled expansions in [`REGISTRY`] order. An
//! expansion owns its switches ([`Expansion::switches`]), reads them into its own typed
//! options once per game ([`Options::read`]) and keeps its pieces in its slice of [`State`].
//! Expansions never refer to each other.

pub mod abbot;
pub mod am;
pub mod base;
pub mod bcb1;
pub mod cig;
pub mod circus;
pub mod corners;
pub mod count;
pub mod db;
pub mod exp8;
pub mod fm;
pub mod hs;
pub mod ic;
pub mod kr;
pub mod lb;
pub mod messages;
pub mod monasteries;
pub mod ne8;
pub mod pd;
pub mod phantom;
pub mod plague;
pub mod river;
pub mod siege;
pub mod slots;
pub mod strike;
pub mod tb;
pub mod tower;
pub mod watchtowers;
pub mod wheel;
pub mod witch;

pub use slots::{Slot, Slots};

use crate::engine::features::SegId;
use crate::engine::{FeatureInfo, Figure, Game, Move, Phase, Trials, TurnContext};
use crate::geom::{Edge, Pos};
use crate::rules::RuleId;
use crate::ruleset::{Profile, SwitchDef};
use crate::score::{PlayerId, Timing, Verdict};
use crate::tile::Terrain;
use std::fmt;

/// Declares [`ExpansionId`]: each expansion in one line, with its id (as reports print it)
/// and the names a scenario may write for it under `expansions:`.
macro_rules! expansion_ids {
    ($( $(#[$doc:meta])* $variant:ident = $id:literal, written: [$($name:literal),*]; )*) => {
        /// The expansions the engine knows.
        #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
        pub enum ExpansionId {
            $( $(#[$doc])* $variant, )*
        }

        impl ExpansionId {
            pub const ALL: &'static [ExpansionId] = &[$(ExpansionId::$variant,)*];

            /// What a scenario may write under `expansions:`.
            pub const NAMES: &'static [(&'static str, ExpansionId)] = &[$($(($name, ExpansionId::$variant),)*)*];

            pub const fn as_str(self) -> &'static str {
                match self {
                    $(ExpansionId::$variant => $id,)*
                }
            }
        }
    };
}

expansion_ids! {
    Base = "base", written: ["base"];
    /// The expansion-8 slot as scenarios name it; under the 1st-edition rules, Bridges,
    /// Castles and Bazaars.
    Bcb1 = "bcb1", written: ["bcb1", "expansion-8"];
    /// The new edition's expansion 8 (bridges, castles with ladies, barns): what the slot
    /// plays when the ruleset's `expansion-8.rules` says so. Not named by scenarios.
    Ne8 = "ne8", written: [];
    /// Inns and Cathedrals (1st edition).
    Ic = "ic", written: ["ic", "inns-cathedrals"];
    /// Castles in Germany.
    Cig = "cig", written: ["cig"];
    /// The Drawbridges.
    Db = "db", written: ["db"];
    /// Traders and Builders (1st edition).
    Tb = "tb", written: ["tb", "traders-builders"];
    /// Abbey and Mayor (1st edition).
    Am = "am", written: ["am", "abbey-mayor"];
    /// The Tower (1st edition).
    Tower = "tower", written: ["tower"];
    /// The Princess and the Dragon (1st edition).
    Pd = "pd", written: ["pd", "princess-dragon"];
    /// The Phantom.
    Phantom = "phantom", written: ["phantom"];
    /// King and Robber (1st edition).
    KingRobber = "king-robber", written: ["king-robber"];
    /// Hills and Sheep (1st edition): hills and vineyards (the shepherd is refused).
    Hs = "hs", written: ["hs", "hills-sheep"];
    /// The River (1st edition).
    River = "river", written: ["river"];
    /// The River II (1st edition).
    RiverIi = "river-ii", written: ["river-ii"];
    /// The Monasteries (Monasteries in Germany, in the Netherlands & Belgium).
    Monasteries = "monasteries", written: ["monasteries"];
    /// The Abbot (the new edition's base game): the abbot figure (gardens are not modelled).
    Abbot = "abbot", written: ["abbot"];
    /// The Flying Machines (The Flier, 1st edition).
    FlyingMachines = "flying-machines", written: ["flying-machines"];
    /// The Count of Carcassonne (1st edition): the city's quarters beside the board (its
    /// tiles are refused).
    Count = "count", written: ["count"];
    /// The Watchtowers.
    Watchtowers = "watchtowers", written: ["watchtowers"];
    /// Little Buildings (1st edition).
    LittleBuildings = "little-buildings", written: ["little-buildings"];
    /// The Wheel of Fortune: the wheel turned by crowned tiles, and its Famine sector (the
    /// other sectors and the wheel's follower spaces are refused).
    WheelOfFortune = "wheel-of-fortune", written: ["wheel-of-fortune"];
    /// The Siege (the besieged-city tiles of The Besiegers).
    Siege = "siege", written: ["siege"];
    /// The Cathars.
    Cathars = "cathars", written: ["cathars"];
    /// The Plague (1st edition): outbreaks and fleas (flight and eradication are refused).
    Plague = "plague", written: ["plague"];
    /// Under the Big Top: the big top, the animal tokens and the ringmaster (the acrobats are
    /// refused).
    Circus = "circus", written: ["circus"];
    /// The Messages (1st edition): the woman on the scoreboard, messages drawn, Message 7.
    Messages = "messages", written: ["messages"];
    /// Mage and Witch (1st edition).
    Witch = "witch", written: ["witch"];
}

impl ExpansionId {
    pub fn parse(s: &str) -> Option<ExpansionId> {
        ExpansionId::NAMES.iter().find(|(n, _)| *n == s).map(|(_, x)| *x)
    }
}

pub use exp8::EXPANSION_8;

impl fmt::Display for ExpansionId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

/// What [`Expansion::action_bound`] says of the sets of actions one placement may have.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ActionBound {
    /// Sets of actions offered, at most.
    pub sets: usize,
    /// Kinds of feature they may build on the new tile, at most.
    pub kinds: usize,
    /// Which edges a set may change.
    pub edges: EdgeChanges,
}

impl ActionBound {
    /// No set of actions.
    pub const NONE: ActionBound = ActionBound { sets: 0, kinds: 0, edges: EdgeChanges::None };
}

/// Which edges the actions of a placement may change, each a superset of the one before:
/// what tells the placements that may have a legal move (`Expansion::edge_changes`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum EdgeChanges {
    /// None: a tile fits as printed, or not at all (`TileDef::fits`).
    None,
    /// A bridge across the new tile: the field edges of one axis made road edges
    /// (`TileDef::fits_crossed`).
    Crossing,
    /// Bridges on the new tile or beside it: a field edge may meet a road edge either way
    /// round (`TileDef::fits_bridged`).
    Bridges,
    /// Any edge: every rotation on every square beside the board may hold a legal move.
    Any,
}

/// Something an expansion lets a player build or decide during a turn, besides the tile and
/// the follower: a value of that expansion's own action type (a bridge, a bazaar, a move over
/// a drawbridge), which only it reads. A move holding one that no enabled expansion takes is
/// refused: nothing is silently ignored.
#[derive(Debug)]
pub struct Extra(Box<dyn Slot>);

impl PartialEq for Extra {
    fn eq(&self, other: &Extra) -> bool {
        (*self.0).eq_slot(&*other.0)
    }
}

impl Eq for Extra {}

impl Clone for Extra {
    fn clone(&self) -> Extra {
        Extra((*self.0).clone_slot())
    }
}

impl Extra {
    pub fn new<T: Slot>(action: T) -> Extra {
        Extra(Box::new(action))
    }

    /// The action, if it is of the type `T`.
    pub fn get<T: Slot>(&self) -> Option<&T> {
        (*self.0).as_any().downcast_ref::<T>()
    }
}

/// A piece or decision of an expansion that is not in play, written on a turn (`bridge: NS`
/// in a game without bridges): no expansion takes it, so the engine refuses the move
/// (`base.setup.expansions-in-play`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct NotInPlay {
    pub expansion: ExpansionId,
    /// What the key writes, in the words of its vocabulary (`bridges`).
    pub what: &'static str,
}

/// A piece an expansion has on the board, as a picture draws it: a player's own piece (one
/// with an `owner`) in its owner's colour, any other in the colours of the land. A piece the
/// pictures have no drawing of is drawn as a plain marker and named in the legend.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Piece {
    /// What it is, in words (`castle`, `barn`).
    pub what: &'static str,
    pub at: PieceAt,
    /// The player it belongs to, when it is a player's own figure (a pig).
    pub owner: Option<PlayerId>,
    /// For a piece followers stand on (a castle): a segment of the feature it was built on,
    /// whose followers are on the piece, and what the rules call such a follower (`lady`).
    pub holds: Option<(crate::engine::features::SegId, &'static str)>,
    /// How many pieces stand stacked there (a tower's height): 1 for a single piece.
    pub height: u8,
}

/// Where a piece stands.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PieceAt {
    /// In the middle of a tile.
    Tile(Pos),
    /// Between two tiles, over the edge they share.
    Between(Pos, Pos),
    /// On a corner of a tile.
    Corner(Pos, crate::geom::Corner),
}

/// A tile of an expansion's starting board ([`Expansion::starting_board`]): its catalogue id,
/// its square and its rotation.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct StartTile {
    pub id: &'static str,
    pub at: Pos,
    pub rotation: crate::geom::Rotation,
}

/// What one expansion adds to a turn.
pub trait Expansion: Sync {
    fn id(&self) -> ExpansionId;

    /// The rules this expansion cites (its `rule` module) and the catalogue file wording them.
    fn rule_book(&self) -> &'static crate::rules::RuleBook;

    /// Its tile catalogue, if it has tiles of its own.
    fn tiles(&self) -> Option<&'static crate::embedded::Embedded> {
        None
    }

    /// The edition switches this expansion reads.
    fn switches(&self) -> &'static [&'static SwitchDef] {
        &[]
    }

    /// Reads this expansion's switches from a profile into its own options type (found again
    /// with `Options::of`).
    fn read_options(&self, _profile: &Profile, _into: &mut Slots) {}

    /// Prepares the expansion's pieces when a game starts (its state type in `Game::state`).
    fn setup(&self, _game: &mut Game) {}

    /// The pieces of this expansion on the board, for pictures of it.
    fn pieces(&self, _game: &Game, _out: &mut Vec<Piece>) {}

    /// Whether this expansion reads the features each turn completes, occupied or not
    /// (`Game::completions`); recording them costs time, so only on request.
    fn needs_completions(&self) -> bool {
        false
    }

    /// Inserts this expansion's phases into a turn's sequence (see `engine::phases`).
    fn phases(&self, _options: &Options, _sequence: &mut Vec<Phase>) {}

    /// Edges whose terrain this move will change before the tile is judged (a bridge makes
    /// its ends road edges): `(square, board edge, terrain)`.
    fn pending_edges(&self, _game: &Game, _player: PlayerId, _mv: &Move, _out: &mut Vec<(Pos, Edge, Terrain)>) {}

    /// The tiles this expansion lays as the starting board instead of the start tile, each by
    /// its catalogue id, square and rotation (the city of Carcassonne's twelve): none for most.
    /// A scenario's `board:` replaces them, as it replaces the start tile.
    fn starting_board(&self) -> &'static [StartTile] {
        &[]
    }

    /// Vetoes a tile of the starting board the core rules allow (castles that touch).
    fn check_setup(
        &self,
        _game: &Game,
        _tile: crate::tile::TileKind,
        _pos: Pos,
        _r: crate::geom::Rotation,
    ) -> Result<(), Verdict> {
        Ok(())
    }

    /// Something this expansion prints on a tile that is no feature, as a player would name
    /// it for a follower (`river`, `watchtower`), and the rule keeping followers off it: a
    /// follower written there is an illegal move citing that rule, not an unknown word.
    fn no_feature(&self, _def: &crate::tile::TileDef, _word: &str) -> Option<(&'static str, RuleId)> {
        None
    }

    /// Vetoes a follower of the starting board the core rules allow (a farmer, when the
    /// profile leaves farmers out).
    fn check_setup_follower(
        &self,
        _game: &Game,
        _player: PlayerId,
        _seg: SegId,
        _figure: Figure,
    ) -> Result<(), Verdict> {
        Ok(())
    }

    /// Puts one of this expansion's pieces on the starting board (`Game::setup_piece`),
    /// checked by the rules of building it.
    fn setup_piece(&self, _game: &mut Game, _at: Pos, _piece: &Extra) -> Result<(), Verdict> {
        Ok(())
    }

    /// Gives the players what they hold of this expansion when the game starts, on no tile
    /// (`Game::setup_held`): goods tokens taken before a scenario begins, pigs each.
    fn setup_held(&self, _game: &mut Game, _held: &Extra) -> Result<(), Verdict> {
        Ok(())
    }

    /// What a player holds of this expansion, in words, for the pictures' list of players
    /// beside their score and supply (`2 wine, 1 grain`).
    fn standing(&self, _game: &Game, _player: PlayerId, _out: &mut Vec<String>) {}

    /// The tokens a player holds of this expansion, each kind by its name (`wine`), for the
    /// expectations of what players hold when a replay ends (`expect: goods:`).
    fn tokens_held(&self, _game: &Game, _player: PlayerId, _out: &mut Vec<(&'static str, u32)>) {}

    /// An action of this expansion in a player's words (`bridge NS at 1,0`), for lists of
    /// the legal moves.
    fn describe(&self, _game: &Game, _action: &Extra) -> Option<String> {
        None
    }

    /// Whether this expansion reads the action (it is of one of its action types).
    fn takes(&self, _action: &Extra) -> bool {
        false
    }

    /// For an action of this expansion that is the turn's deployment, made instead of a
    /// follower (a pig, a barn, a tower piece, the fairy's move): the rule that says so and
    /// the action in a few words (`the pig`). A turn makes one such deployment, or deploys a
    /// follower: the engine holds every expansion's to that ([`Game::check`]).
    fn deploys_instead(&self, _action: &Extra) -> Option<(RuleId, &'static str)> {
        None
    }

    /// The segments on which [`Expansion::check_placement`] refuses a `figure` in a bare
    /// placement (a whole turn of a one-square tile, no action) whose move without a follower
    /// it allows: a mask, bit `l` for segment `l` of the tile. `None`, the default, where it
    /// cannot say: each such move is then asked of `check_placement`. A search for legal
    /// moves asks it once per square, rotation and figure instead of once per move.
    fn forbidden_followers(&self, _game: &Game, _player: PlayerId, _bare: &Move, _figure: Figure) -> Option<u64> {
        None
    }

    /// Whether this expansion's verdicts on a bare placement (a whole turn of a one-square
    /// tile, no action) are the same on every square and in every rotation of a turn:
    /// [`Expansion::check_placement`] of the move without a follower, and
    /// [`Expansion::forbidden_followers`] for each figure, depend only on the game, the
    /// player, the tile and the figure. A search for legal moves then asks them once for
    /// the whole search instead of once per square and rotation (a debug build checks each
    /// placement's verdict against it). False, the default, where that is not so.
    fn judges_bare_anywhere(&self) -> bool {
        false
    }

    /// Vetoes a move the core rules allow, or checks what the expansion lets the player build.
    fn check_placement(&self, _game: &Game, _player: PlayerId, _mv: &Move) -> Result<(), Verdict> {
        Ok(())
    }

    /// The sets of this expansion's actions a player might take with a placement, for
    /// `Game::legal_moves`. `mv` is the bare placement (tile, square, rotation; no follower,
    /// no extras), offered for every rotation of every square next to the board, whether or
    /// not the tile fits there alone (a bridge can make it fit). `out` holds the sets the
    /// expansions before this one (in [`REGISTRY`] order) offered; the empty set, no action
    /// at all, is always tried and is not in it. Push each set of this expansion's own
    /// actions that may be legal with the placement (a bridge on the new tile, one on each
    /// neighbour), and, where its rules allow both in one turn, copies of sets already in
    /// `out` with an action of its own added. Offering too much costs only time: every set
    /// is judged by `Game::check`, with each follower placement, and only the legal moves
    /// are listed. Offering too little hides a legal move. Bounded choices only (a bid is
    /// one of the amounts the rules allow, not every integer).
    ///
    /// `turn` is the turn being asked about; `trials` tries a set on the game and puts it
    /// back ([`Trials::if_accepted`]), for the actions that depend on what the placement
    /// completes (a castle, a move over a drawbridge). Each legal move is offered in one
    /// spelling: an action naming a square names the new tile's where it can (a castle by
    /// the city on the tile just placed), so another spelling of a listed move may be
    /// accepted without being listed. What depends on hidden tiles or on other players'
    /// choices is not enumerated: a drawn bazaar tile is offered with
    /// `exp8::Action::BazaarFollows` (its placement judged, its auction left to whoever
    /// drives the game; `play` then holds none).
    fn action_options(
        &self,
        _game: &Game,
        _trials: &mut Trials,
        _player: PlayerId,
        _mv: &Move,
        _turn: u16,
        _out: &mut Vec<Vec<Extra>>,
    ) {
    }

    /// Whether [`Expansion::action_options`] may offer anything: an expansion that offers
    /// actions says so, so that a uniformly random legal move can be picked without listing
    /// every move when no expansion in play offers one (`Game::random_move`; where one does,
    /// its [`Expansion::action_bound`] decides). The property tests check that an expansion
    /// saying false never offers.
    fn offers_actions(&self) -> bool {
        false
    }

    /// At most how many of the sets of actions [`Expansion::action_options`] offers for one
    /// placement of `tile` by `player` in `turn` may be part of a legal move, whatever its
    /// square and rotation (each distinct non-empty set once), how many kinds of feature
    /// they may build on the new tile for a follower to stand on (`FollowerOn::Added`), and
    /// which edges they may change: a bound on each placement's
    /// moves, with which `Game::random_move` draws one uniformly without listing every move
    /// (rejection sampling over the placements). `None` where the expansion cannot say
    /// cheaply: every move is then listed to pick one. An expansion that offers no action
    /// offers no set (the default).
    fn action_bound(
        &self,
        _game: &Game,
        _player: PlayerId,
        _tile: crate::tile::TileKind,
        _turn: u16,
    ) -> Option<ActionBound> {
        (!self.offers_actions()).then_some(ActionBound::NONE)
    }

    /// The most this expansion's actions may change the edges of a placement, whatever the
    /// game (`Expansion::pending_edges`): what tells a search the squares and rotations
    /// that may hold a legal move. `EdgeChanges::Any`, the default, has every rotation on
    /// every square beside the board tried, which costs only time; an expansion that
    /// changes no edge says so, one that does says how (its narrower answer for a given
    /// player and moment is [`Expansion::action_bound`]'s).
    fn edge_changes(&self) -> EdgeChanges {
        EdgeChanges::Any
    }

    /// Whether the turn stops after this expansion's phase `phase`, the phases after it not
    /// played: a game recorded in the middle of a turn (The Princess and the Dragon: the
    /// dragon's flight unfinished, `dragon-flight: unfinished`). Asked after each of the
    /// expansion's phases; the default never stops.
    fn stops_turn(&self, _game: &Game, _phase: &'static str) -> bool {
        false
    }

    /// Runs one of this expansion's phases; a verdict makes the move illegal.
    fn run_phase(&self, _game: &mut Game, _phase: &'static str, _turn: &TurnContext) -> Result<(), Verdict> {
        Ok(())
    }

    /// Adds the points a feature is worth when scored at `timing`.
    fn score_items(&self, _game: &Game, _feature: &FeatureInfo, _timing: Timing, _out: &mut crate::score::Items) {}

    /// Puts the features a turn completed in the order the rules score them (a road leading
    /// to a drawbridge before the city behind it). The base order is the new tile's own.
    fn order_completed(&self, _game: &Game, _completed: &mut Vec<SegId>) {}

    /// Narrows a tie for a majority: `tied` holds the players with the greatest weight among
    /// `on`, the followers counted (those of a feature, or of the fields a city borders);
    /// an expansion whose rules break such ties keeps only the winners (Hills and Sheep: the
    /// tied players with a follower on a hill). Asked only when two or more are tied; the
    /// rule that decided it is cited by the expansion's `explain`.
    fn break_tie(&self, _game: &Game, _on: &[crate::engine::Follower], _tied: &mut crate::score::Players) {}

    /// Claims a feature the turn completed, so that it is not scored (a town made a castle).
    fn takes_over(&self, _game: &Game, _root: SegId) -> bool {
        false
    }

    /// What a completed city is worth to a field at the final scoring, if this expansion
    /// decides it (a castle): `(rule, label, points)`.
    fn farm_value(&self, _game: &Game, _city: SegId) -> Option<(RuleId, &'static str, i32)> {
        None
    }

    /// Adds to what one player of a field's majority scores for it at the final scoring (and
    /// when a barn of Abbey and Mayor makes its farmers score during the game), paid for
    /// `cities` (the completed cities bordering it that pay this player): items
    /// only that player gets (a pig's point more per city), so that the farm scoring gives
    /// them an event of their own.
    fn field_bonus(
        &self,
        _game: &Game,
        _field: SegId,
        _player: PlayerId,
        _cities: &[SegId],
        _out: &mut crate::score::Items,
    ) {
    }

    /// Whether this expansion's phases may refuse a move that holds none of its actions (a
    /// bare placement whose scoring stops a figure on a dark space, The Messages): every
    /// move is then judged by playing it (`Game::check`, `Game::play` putting the game back).
    fn judges_every_move_in_play(&self) -> bool {
        false
    }

    /// Whether this expansion lets a turn have a second part (a builder's double turn); a
    /// turn written in two parts is refused unless one does. The expansion judges, in its
    /// phases, whether the first part earned the second (`Move::part`).
    fn grants_second_part(&self) -> bool {
        false
    }

    /// Why a player may not place another part of turn `turn`, none being open, if this
    /// expansion's rule says so (a builder's second tile earns no third); `None` leaves the
    /// verdict to the turn order. See `Game::check_part`.
    fn refuses_another_part(&self, _game: &Game, _player: PlayerId, _turn: u16) -> Option<Verdict> {
        None
    }

    /// Why the second part of an open turn must wait, if it must (under one reading, a
    /// bazaar the first part started is held first); `None` when this expansion does not
    /// hold it back. See `Game::part_due`.
    fn defers_part(&self, _game: &Game, _open: &crate::engine::OpenTurn) -> Option<Verdict> {
        None
    }

    /// Whether this expansion's rules put a drawn tile aside instead of placing it, though it
    /// fits (a dragon tile while the dragon is off the board): it may then be discarded.
    fn puts_aside(&self, _game: &Game, _tile: crate::tile::TileKind) -> bool {
        false
    }

    /// Runs after a drawn tile was discarded because it fit nowhere.
    fn on_discard(
        &self,
        _game: &mut Game,
        _player: PlayerId,
        _tile: crate::tile::TileKind,
        _extras: &[Extra],
        _turn: u16,
    ) -> Result<(), Verdict> {
        Ok(())
    }

    /// Runs at the start of the final scoring; a move written for it that the rules refuse
    /// (a follower leaving the city of Carcassonne) is an illegal move of the final scoring.
    fn final_scoring(&self, _game: &mut Game) -> Result<(), Verdict> {
        Ok(())
    }

    /// Runs first of all at the end, before any expansion's `final_scoring`: a scoring that
    /// counts the followers as play left them, before another expansion's end takes some off
    /// (Under the Big Top's big top counting a castle's knight, whom Bridges, Castles and
    /// Bazaars sends home as its castle earns nothing).
    fn final_scoring_first(&self, _game: &mut Game) -> Result<(), Verdict> {
        Ok(())
    }

    /// A field's farmers were sent home during the game (by a barn of Abbey and Mayor): a
    /// piece of this expansion that goes home with them follows (`Game::farmers_sent_home`;
    /// Traders and Builders' pig, where its switch says so). `field` is the field's root.
    fn farmers_sent_home(&self, _game: &mut Game, _field: SegId) {}

    /// Adds the rules that shaped a scoring without adding points of their own (a bridge
    /// counted as a road segment).
    fn explain(&self, _game: &Game, _feature: &FeatureInfo, _because: &mut crate::score::Rules) {}
}

/// Every expansion, in hook order: the base game first, since others adjust what it scores;
/// Inns and Cathedrals before Castles in Germany, whose castle bonus is added to the score the
/// inn or cathedral has changed.
pub static REGISTRY: &[&dyn Expansion] = &[
    &base::Base,
    &bcb1::Bcb1,
    &ne8::Ne8,
    &ic::Ic,
    &cig::Cig,
    &db::Db,
    &tb::Tb,
    &am::Am,
    &tower::Tower,
    &pd::Pd,
    &phantom::Phantom,
    &kr::Kr,
    &hs::Hs,
    &river::River,
    &river::RiverIi,
    &monasteries::Monasteries,
    &abbot::Abbot,
    &fm::Fm,
    &count::Count,
    &watchtowers::Watchtowers,
    &lb::LittleBuildings,
    &wheel::Wheel,
    &siege::Siege,
    &siege::Cathars,
    &plague::Plague,
    &circus::Circus,
    &messages::Messages,
    // Last: the witch halves the score every other expansion's items make.
    &witch::Witch,
];

/// Moves made after the scoring (a follower crossing a drawbridge, a wagon moving on), offered
/// with every set of actions `out` holds and with none: for each set the turn accepts,
/// `movers` lists each figure's choices on the game after it, and every combination of at
/// most one choice a figure, but the empty one, is added to `out`.
pub fn offer_moves_after<T: Slot + Clone>(
    trials: &mut Trials,
    player: PlayerId,
    mv: &Move,
    turn: u16,
    out: &mut Vec<Vec<Extra>>,
    movers: impl Fn(&Game, PlayerId, &Move) -> Vec<Vec<T>>,
) {
    let before: Vec<Vec<Extra>> = std::iter::once(Vec::new()).chain(out.iter().cloned()).collect();
    for set in before {
        let with = Move { extras: set.clone(), ..mv.clone() };
        let Some(choices) = trials.if_accepted(player, &with, turn, |after| movers(after, player, mv)) else {
            continue;
        };
        let mut combos: Vec<Vec<T>> = vec![Vec::new()];
        for figure in choices {
            let mut more = Vec::new();
            for c in &combos {
                for choice in &figure {
                    let mut c = c.clone();
                    c.push(choice.clone());
                    more.push(c);
                }
            }
            combos.extend(more);
        }
        for moves in combos.into_iter().filter(|c| !c.is_empty()) {
            let mut full = set.clone();
            full.extend(moves.into_iter().map(Extra::new));
            out.push(full);
        }
    }
}

/// Every expansion's rule book, and last the expansion-8 slot's own.
pub fn rule_books() -> impl Iterator<Item = &'static crate::rules::RuleBook> {
    REGISTRY.iter().map(|x| x.rule_book()).chain(std::iter::once(&exp8::rule::BOOK))
}

/// Every rule id the engine knows.
pub fn all_rules() -> impl Iterator<Item = RuleId> {
    rule_books().flat_map(|b| b.ids.iter().copied())
}

/// Something printed on this tile that is no feature, named by `word`, and the rule keeping
/// followers off it (see [`Expansion::no_feature`]).
pub fn no_feature(def: &crate::tile::TileDef, word: &str) -> Option<(&'static str, RuleId)> {
    REGISTRY.iter().find_map(|x| x.no_feature(def, word))
}

/// The rule with this id.
pub fn rule(id: &str) -> Option<RuleId> {
    all_rules().find(|r| r.as_str() == id)
}

/// The expansions a game plays for the expansions a scenario names, under these options:
/// the expansion-8 slot is Bridges, Castles and Bazaars or the new edition's set.
pub fn enabled(named: &[ExpansionId], options: &Options) -> Vec<&'static dyn Expansion> {
    let wanted = |id: ExpansionId| match id {
        ExpansionId::Base => true,
        ExpansionId::Bcb1 => named.contains(&ExpansionId::Bcb1) && !options.exp8_new_edition,
        ExpansionId::Ne8 => named.contains(&ExpansionId::Bcb1) && options.exp8_new_edition,
        other => named.contains(&other),
    };
    REGISTRY.iter().copied().filter(|x| wanted(x.id())).collect()
}

pub fn get(id: ExpansionId) -> &'static dyn Expansion {
    *REGISTRY.iter().find(|e| e.id() == id).expect("every ExpansionId is registered")
}

/// Every switch of every expansion.
pub fn all_switches() -> impl Iterator<Item = &'static SwitchDef> {
    std::iter::once(&EXPANSION_8).chain(REGISTRY.iter().flat_map(|e| e.switches().iter().copied()))
}

pub fn find_switch(name: &str) -> Option<&'static SwitchDef> {
    all_switches().find(|s| s.name == name)
}

/// The typed options of every expansion, read from a profile in one place: each expansion
/// reads its own switches into its own type ([`Expansion::read_options`]) and finds it again
/// with [`Options::of`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Options {
    /// The expansion-8 slot plays the new edition's set.
    pub exp8_new_edition: bool,
    /// Shared: a game's options never change once read, and searches copy games by the
    /// thousand.
    each: std::sync::Arc<Slots>,
}

impl Options {
    pub fn read(profile: &Profile) -> Options {
        let mut each = Slots::default();
        for x in REGISTRY {
            x.read_options(profile, &mut each);
        }
        Options { exp8_new_edition: profile.value(&EXPANSION_8) == "new-edition", each: std::sync::Arc::new(each) }
    }

    /// The options of the expansion that defines `T` (read for every registered expansion,
    /// enabled or not, so they are always there).
    pub fn of<T: Slot>(&self) -> &T {
        self.each.get::<T>().expect("Options::read reads the options of every registered expansion")
    }
}

/// Every switch at its default value: the rules of no edition in particular.
impl Default for Options {
    fn default() -> Options {
        Options::read(&Profile {
            id: String::new(),
            title: String::new(),
            description: String::new(),
            settings: Vec::new(),
        })
    }
}
