//! Abbey and Mayor (1st edition): twelve land tiles, each player's abbey, and three figures
//! each: the mayor, the wagon and the barn.
//!
//! The land tiles are `tiles/am.yaml`; their two caps that are not semicircles (tiles 03 and
//! 05) make no castle town for Bridges, Castles and Bazaars. The mayor and the wagon are
//! figures of the engine (`Figure::Mayor`, `Figure::Wagon`), one of each given to every player
//! in `setup`: they deploy, score and go home as followers do; the mayor stands only in a city
//! and weighs its city's pennants (`Figure::strength_in`, read by `Game::majority`), the wagon
//! anywhere but a field.

pub mod abbey;
pub mod barn;
pub mod wagon;

use super::{Expansion, ExpansionId, Extra, Options as AllOptions};
use crate::engine::features::SegId;
use crate::engine::{FeatureInfo, Figure, FollowerOn, Game, Move, Phase, Trials, TurnContext};
use crate::ruleset::{Profile, SwitchDef};
use crate::score::{FeatureRef, PlayerId, ScoreEvent, ScoreItem, Timing, Verdict};
use crate::tile::FeatureKind;
use smallvec::smallvec;

pub struct Am;

/// Whether the wagon's move after the scoring may enter the town the tile just completed, so
/// that the town becomes a castle with the wagon its occupant.
pub static WAGON_CASTLE: SwitchDef = SwitchDef {
    name: "castle.wagon-special-move",
    question: "Can the wagon's move after its feature scores be used to build a castle?",
    values: &[
        ("cannot", "no: the wagon moves only onto unfinished features, so never into a town to convert it (the wiki's reading, 01/2015)"),
        (
            "can",
            "yes: the wagon may move into the town the tile just completed, which then becomes its castle (the RGG Big Box 3 wording read literally)",
        ),
    ],
    rules: &[rule::WAGON_NO_CASTLE, rule::WAGON_CASTLE_LITERAL],
    governs: &[],
};

/// Whether a barn may go into a field that already holds one: never, by every rule summary
/// (`am.barn.placement`); JCloisterZone offers it as an option of its own
/// (`barn-placement: occupied`), which a game imported from it may set.
pub static BARN_PLACEMENT: SwitchDef = SwitchDef {
    name: "barn.placement",
    question: "May a barn go into a field that already holds a barn?",
    values: &[
        ("field-without-barn", "no: only into a field holding no barn (the rules)"),
        ("field-with-barn-too", "yes: JCloisterZone's option `barn-placement: occupied`, no rule text"),
    ],
    rules: &[rule::BARN, rule::BARN_OCCUPIED_JCZ],
    governs: &[],
};

/// The typed options of this expansion.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub struct Options {
    /// The wagon's move may enter a town completed this turn (the literal RGG Big Box 3 reading).
    pub wagon_builds_castle: bool,
    /// A barn may go into a field holding one (JCloisterZone's option).
    pub barn_into_barn_field: bool,
}

impl Options {
    fn read(profile: &Profile) -> Options {
        Options {
            wagon_builds_castle: profile.value(&WAGON_CASTLE) == "can",
            barn_into_barn_field: profile.value(&BARN_PLACEMENT) == "field-with-barn-too",
        }
    }
}

const WAGON_PHASE: &str = "wagon";
const ABBEY_PHASE: &str = "abbey";
const BARN_PHASE: &str = "barn";

/// The expansion's pieces on the board.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct State {
    pub barns: Vec<barn::Standing>,
    /// The barns each player has: the rules' one, unless the game is played with another
    /// count (`barn::BarnsEach`).
    pub barns_each: u8,
    /// The abbeys played (and those of the starting board said to be someone's).
    pub abbeys: Vec<abbey::Played>,
    /// Once the last land tile is laid: who laid it, and who played the last abbey since.
    pub last_tile: Option<(PlayerId, Option<PlayerId>)>,
}

/// The kind of feature a move's follower stands on, as the tile lies (none without one).
fn follower_kind(game: &Game, mv: &Move) -> Option<FeatureKind> {
    match mv.follower? {
        FollowerOn::Added(kind) => Some(kind),
        FollowerOn::NoFeature { .. } => None,
        FollowerOn::Segment(local) => {
            // The follower's square: the tile's own, or the second square of a double-size tile.
            let kind = match mv.follower_square.filter(|sq| *sq != mv.pos) {
                Some(_) => game.twin_of(mv.tile, mv.pos, mv.rotation).map(|(k, _)| k)?,
                None => mv.tile,
            };
            game.def(kind).segments.get(local).map(|s| s.kind)
        }
    }
}

/// Whether a figure may stand on a feature of this kind.
fn check_figure(figure: Figure, kind: FeatureKind) -> Result<(), Verdict> {
    match (figure, kind) {
        (Figure::Mayor, FeatureKind::City) => Ok(()),
        (Figure::Mayor, other) => {
            Err(Verdict::new(rule::MAYOR_PLACEMENT, format!("the mayor is placed only in a city, never on a {other}")))
        }
        (Figure::Wagon, FeatureKind::Field) => Err(Verdict::new(
            rule::WAGON_PLACEMENT,
            "the wagon stands on a road, in a city or on a cloister, never in a field",
        )),
        _ => Ok(()),
    }
}

/// A city completed this turn that nobody scored because its only followers were mayors
/// weighing no pennant: a 0-point event for each of their owners, citing the rule, since
/// "why nothing" is what players ask.
fn mayors_without_pennants(game: &mut Game, turn: u16) {
    let mut events = Vec::new();
    for c in game.completions() {
        if c.info.kind != FeatureKind::City || !c.majority.is_empty() || c.info.pennants > 0 {
            continue;
        }
        let mut owners: Vec<PlayerId> = Vec::new();
        for (p, _, f) in &c.followers {
            if *f == Figure::Mayor && !owners.contains(p) {
                owners.push(*p);
            }
        }
        if owners.is_empty() {
            continue;
        }
        let feature = FeatureRef::new(FeatureKind::City, c.info.at, u8::MAX, c.name.clone(), c.info.tiles);
        events.push(ScoreEvent {
            timing: Timing::Turn(turn),
            players: owners.as_slice().into(),
            feature,
            items: smallvec![ScoreItem {
                rule: rule::MAYOR_STRENGTH,
                label: "mayor in a city without pennants",
                count: 1,
                each: 0
            }],
            because: smallvec![],
        });
    }
    for e in events {
        game.award(e);
    }
}

impl Expansion for Am {
    fn edge_changes(&self) -> super::EdgeChanges {
        super::EdgeChanges::None
    }

    fn id(&self) -> ExpansionId {
        ExpansionId::Am
    }

    fn rule_book(&self) -> &'static crate::rules::RuleBook {
        &rule::BOOK
    }

    fn tiles(&self) -> Option<&'static crate::embedded::Embedded> {
        const TILES: crate::embedded::Embedded = crate::embed!("tiles/am.yaml");
        Some(&TILES)
    }

    fn switches(&self) -> &'static [&'static SwitchDef] {
        static ALL: [&SwitchDef; 2] = [&WAGON_CASTLE, &BARN_PLACEMENT];
        &ALL
    }

    fn read_options(&self, profile: &Profile, into: &mut crate::expansion::Slots) {
        into.insert(Options::read(profile));
    }

    fn setup(&self, game: &mut Game) {
        game.state.insert(State { barns_each: 1, ..State::default() });
        // rule::FIGURES: one mayor, one wagon and one barn each (`barns_each`).
        game.give_each(Figure::Mayor, 1);
        game.give_each(Figure::Wagon, 1);
    }

    fn needs_completions(&self) -> bool {
        // The wagons that stood on what the turn scored.
        true
    }

    fn phases(&self, _options: &AllOptions, seq: &mut Vec<Phase>) {
        // The abbey spent as soon as it is laid (rule::ABBEY_ONE), the last land tile noted.
        let laid = seq.iter().position(|p| *p == Phase::PlaceTile).map_or(0, |i| i + 1);
        seq.insert(laid, Phase::Expansion(ExpansionId::Am, ABBEY_PHASE));
        // rule::WAGON_MOVE: after the scoring, the wagons of what it scored may move.
        let at = seq.iter().position(|p| *p == Phase::ScoreCompleted).map_or(seq.len(), |i| i + 1);
        seq.insert(at, Phase::Expansion(ExpansionId::Am, BARN_PHASE));
        seq.insert(at + 1, Phase::Expansion(ExpansionId::Am, WAGON_PHASE));
    }

    fn final_scoring(&self, game: &mut Game) -> Result<(), Verdict> {
        barn::final_scoring(game);
        Ok(())
    }

    fn run_phase(&self, game: &mut Game, phase: &'static str, turn: &TurnContext) -> Result<(), Verdict> {
        if phase == BARN_PHASE {
            return barn::run(game, turn);
        }
        if phase == ABBEY_PHASE {
            return abbey::run(game, turn);
        }
        mayors_without_pennants(game, turn.turn);
        wagon::run(game, turn)
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
        // A barn on each corner of the new tile where three tiles stand around it, while the
        // player has one (the rest is judged by playing it).
        if barn::barns_left(game, player) > 0 {
            for corner in crate::geom::Corner::ALL {
                let around = crate::expansion::corners::corner_tiles(mv.pos, corner);
                if around[1..].iter().all(|(q, _)| game.tile_at(*q).is_some()) {
                    out.push(vec![Extra::new(barn::Barn { corner })]);
                }
            }
        }
        // The wagon moves, added to every set offered before (and to none).
        super::offer_moves_after(trials, player, mv, turn, out, wagon::movers);
        // rule::WAGON_CASTLE_LITERAL: a wagon moved into the town the tile completed may make
        // it a castle (the castle action is Bridges, Castles and Bazaars' own).
        if game.options().of::<Options>().wagon_builds_castle {
            let offered = out.len();
            for i in 0..offered {
                for m in out[i].iter().filter_map(|e| e.get::<wagon::Move>()).cloned().collect::<Vec<_>>() {
                    if m.kind != FeatureKind::City {
                        continue;
                    }
                    let mut set = out[i].clone();
                    set.push(Extra::new(super::exp8::Action::Castle { at: m.to, spot: m.spot }));
                    if trials.accepts(player, &Move { extras: set.clone(), ..mv.clone() }, turn) {
                        out.push(set);
                    }
                }
            }
        }
    }

    fn takes(&self, action: &Extra) -> bool {
        action.get::<wagon::Move>().is_some()
            || action.get::<barn::Barn>().is_some()
            || action.get::<barn::BarnsEach>().is_some()
            || action.get::<abbey::LastTile>().is_some()
            || action.get::<abbey::AbbeyOf>().is_some()
    }

    fn deploys_instead(&self, action: &Extra) -> Option<(crate::rules::RuleId, &'static str)> {
        action.get::<barn::Barn>().map(|_| (rule::BARN, "the barn"))
    }

    fn setup_held(&self, game: &mut Game, held: &Extra) -> Result<(), Verdict> {
        match held.get::<barn::BarnsEach>() {
            Some(barn::BarnsEach(n)) => {
                game.state_of_mut::<State>().barns_each = *n;
                Ok(())
            }
            None => Err(Verdict::new(
                crate::expansion::base::rule::EXPANSION_IN_PLAY,
                "of Abbey and Mayor, the players hold only their barns when the game starts",
            )),
        }
    }

    fn setup_piece(&self, game: &mut Game, at: crate::geom::Pos, piece: &Extra) -> Result<(), Verdict> {
        match piece.get::<abbey::AbbeyOf>() {
            Some(of) => abbey::setup(game, at, *of),
            None => Ok(()),
        }
    }

    fn on_discard(
        &self,
        game: &mut Game,
        _player: PlayerId,
        tile: crate::tile::TileKind,
        _extras: &[Extra],
        _turn: u16,
    ) -> Result<(), Verdict> {
        abbey::check_discard(game, tile)
    }

    fn standing(&self, game: &Game, player: PlayerId, out: &mut Vec<String>) {
        // The mayor, the wagon and the barn not on the board (`mayor, wagon and barn held`).
        let pl = &game.players()[player.index()];
        let left: Vec<String> = [
            ("mayor", pl.in_supply(Figure::Mayor)),
            ("wagon", pl.in_supply(Figure::Wagon)),
            ("barn", barn::barns_left(game, player)),
        ]
        .into_iter()
        .filter(|(_, n)| *n > 0)
        .map(|(what, n)| if n == 1 { what.to_string() } else { format!("{n} {what}s") })
        .collect();
        if let Some((last, rest)) = left.split_last() {
            let all = if rest.is_empty() { last.clone() } else { format!("{} and {last}", rest.join(", ")) };
            out.push(format!("{all} held"));
        }
        // rule::ABBEY_ONE: whether the player still holds their abbey.
        out.push(if abbey::spent(game, player) { "abbey played" } else { "abbey held" }.to_string());
    }

    fn describe(&self, _game: &Game, action: &Extra) -> Option<String> {
        if let Some(b) = action.get::<barn::Barn>() {
            return Some(format!("barn on the {:?} corner", b.corner));
        }
        if let Some(barn::BarnsEach(n)) = action.get::<barn::BarnsEach>() {
            return Some(format!("{n} barn(s) each"));
        }
        if action.get::<abbey::LastTile>().is_some() {
            return Some("the last land tile".to_string());
        }
        action.get::<wagon::Move>().map(wagon::describe)
    }

    fn pieces(&self, game: &Game, out: &mut Vec<crate::expansion::Piece>) {
        for b in &game.state_of::<State>().barns {
            out.push(crate::expansion::Piece {
                what: "barn",
                at: crate::expansion::PieceAt::Corner(b.at, b.corner),
                owner: Some(b.player),
                holds: None,
                height: 1,
            });
        }
    }

    fn check_placement(&self, game: &Game, player: PlayerId, mv: &Move) -> Result<(), Verdict> {
        abbey::check(game, player, mv)?;
        barn::check_farmer(game, mv)?;
        if !matches!(mv.figure, Figure::Mayor | Figure::Wagon) {
            return Ok(());
        }
        match follower_kind(game, mv) {
            Some(kind) => check_figure(mv.figure, kind),
            None => Ok(()),
        }
    }

    fn check_setup_follower(&self, game: &Game, _player: PlayerId, seg: SegId, figure: Figure) -> Result<(), Verdict> {
        check_figure(figure, game.feature_kind(seg))
    }

    fn explain(&self, game: &Game, feature: &FeatureInfo, because: &mut crate::score::Rules) {
        let on = |figure: Figure| {
            game.followers().iter().any(|f| f.figure == figure && game.feature_of(f.segment) == feature.root)
        };
        if feature.kind == FeatureKind::City && on(Figure::Mayor) {
            because.push(rule::MAYOR_STRENGTH);
        }
        abbey::explain(game, feature, because);
    }
}

pub mod rule {
    //! The rules of Abbey and Mayor (1st edition). Their wording and sources are in the catalogue file named below.

    crate::rules::rule_ids! {
        catalogue: "rulesets/rules/am.yaml";
        /// The box adds 12 land tiles, one of each kind, and an abbey tile for each player.
        TILES = "am.components.tiles",
        /// The new land tiles are shuffled in with the others and placed by the usual rules.
        MIX_TILES = "am.setup.mix-tiles",
        /// The caps of tiles 03 and 05 are not semicircles: no castle town holds them.
        NO_CASTLE_CAPS = "am.tiles.caps-not-semicircles",
        /// Each player has one mayor, one wagon and one barn in supply.
        FIGURES = "am.components.figures",
        /// The mayor is a follower placed only in a city.
        MAYOR_PLACEMENT = "am.mayor.city-only",
        /// The mayor weighs as many followers as its city has pennants: none without pennants.
        MAYOR_STRENGTH = "am.mayor.strength-pennants",
        /// The wagon is a follower placed on a road, in a city or on a cloister, never in a field.
        WAGON_PLACEMENT = "am.wagon.placement",
        /// A mayor or a wagon in a city is a knight for every rule that asks.
        KNIGHTS = "am.figures.knights",
        /// After its feature scores, the wagon may move to an adjacent unfinished, unoccupied feature joined by its road.
        WAGON_MOVE = "am.wagon.move",
        /// A bazaar ends the road: the wagon cannot pass it.
        WAGON_BAZAAR = "am.wagon.bazaar-blocks",
        /// The wagon's move never enters a finished city, so it never builds a castle.
        WAGON_NO_CASTLE = "am.wagon.move-builds-no-castle",
        /// Under the literal RGG Big Box 3 reading, the wagon's move may enter the town its tile just completed, which may then become a castle.
        WAGON_CASTLE_LITERAL = "am.wagon.move-builds-castle-rgg-bb3",
        /// The barn, instead of a follower, on the new tile's corner where four tiles' field corners meet, in a field with no barn.
        BARN = "am.barn.placement",
        /// The farmers of the barn's field score at once, 3 a completed city, and go home.
        BARN_FARMERS_SCORE = "am.barn.farmers-score",
        /// No farmer goes into a field holding a barn.
        BARN_NO_FARMERS = "am.barn.no-farmers",
        /// Farmers whose field is later joined to a barn's score 1 a city and go home.
        BARN_JOINED = "am.barn.joined-farmers",
        /// A player scored by a barn's farmer scoring with their own pig in the field gets its point a city besides.
        BARN_PIG = "am.barn.pig",
        /// JCloisterZone's option: a barn may go into a field that already holds one (no rule text).
        BARN_OCCUPIED_JCZ = "am.barn.jcz-occupied-field",
        /// At the end the players with most barns in a field score 4 a city (5 a castle).
        BARN_FINAL = "am.barn.final",
        /// The abbey, played instead of drawing a tile, only into a hole with tiles on all four sides, whatever they show.
        ABBEY = "am.abbey.placement",
        /// Each player has one abbey.
        ABBEY_ONE = "am.abbey.one-each",
        /// The abbey's sides close the roads and cities they meet (which may complete) and bound the fields.
        ABBEY_CLOSES = "am.abbey.closes-sides",
        /// The abbey is a cloister: a monk may go on it, and it scores as a cloister.
        ABBEY_CLOISTER = "am.abbey.cloister",
        /// After the last land tile, players still holding their abbey may play it, in turn order from the next player.
        ABBEY_AFTER_LAST = "am.abbey.after-last-tile",
    }
}
