//! Hills and Sheep (1st edition): hills, vineyards, and the shepherd and his flock.
//!
//! What it models:
//! * its land tiles (`tiles/hs.yaml`), HS02 among them, whose east city also touches the
//!   north edge (the tile notation's `touches`: the engine joins both its cities to the city
//!   laid there);
//! * hills (`Mark::Hill`): a tie for any majority (a feature's, or a city's farmers' under the
//!   early farm rule) goes to the tied players with a follower on a hill tile, or, under
//!   JCloisterZone's other option (`hills.tiebreaker: number-of-followers`), to those with
//!   most followers on hills ([`Expansion::break_tie`]); the event cites the rule through
//!   `explain`. The tile a hill is laid on is not written: a scenario lists the tiles placed,
//!   and the referee keeps no stack of tiles (`hs.hill.tile-beneath` says so);
//! * vineyards (`Mark::Vineyard`): a cloister completed during the game gets 3 more for each
//!   vineyard among its 8 neighbours; an unfinished one at the end gets none
//!   ([`Expansion::score_items`]); a garden (The Abbot's) gets nothing for them, being no
//!   cloister, unless the game plays JCloisterZone's option `vineyards-for-garden`
//!   (`hills-sheep.vineyards-for-garden: gardens-too`, a documented departure: no edition's
//!   text), which scores a completed garden as a completed cloister;
//! * the shepherd and his flock (`flock.rs`): a piece of this expansion's state
//!   ([`flock::Flocks`]), not a follower (it counts for no majority, and farmers share its
//!   field): placed instead of a follower on a field of the new tile that holds no shepherd,
//!   with a token drawn at once; grown or herded into the stable (each sheep a point, for
//!   every player with a shepherd in the field) whenever its owner's tile extends its field;
//!   scattered by a wolf; scored at once when its field is closed; worth nothing at the end.
//!   The bag is the box's 18 tokens less those beside shepherds; what is drawn is written by
//!   the scenario (a token, or JCloisterZone's `bag-at` fraction of the bag), never drawn at
//!   random.
//!
//! Hills and vineyards can be left out of a game (JCloisterZone's elements `hill` and
//! `vineyard`): the switches `hills-sheep.hills` and `hills-sheep.vineyards`, their tiles then
//! plain tiles. The hills and vineyards are drawn in the pictures as marks of their tiles, the
//! shepherds as pieces in their owners' colours ([`Expansion::pieces`]).

pub mod flock;

use super::{Expansion, ExpansionId, Extra, Piece, PieceAt};
use crate::engine::{FeatureInfo, Follower, Game, Move, Phase, Trials, TurnContext};
use crate::geom::Pos;
use crate::ruleset::SwitchDef;
use crate::score::{Items, Players, Rules, ScoreItem, Timing};
use crate::score::{PlayerId, Verdict};
use crate::tile::{FeatureKind, Mark};

pub struct Hs;

const SHEPHERD_PHASE: &str = "shepherd";

/// What a vineyard adds to a completed cloister beside it.
pub const VINEYARD_POINTS: i32 = 3;

const MECHANISM_VALUES: &[(&str, &str)] =
    &[("in-play", "played as the rules say"), ("left-out", "left out: the game is played without them")];

pub static HILLS: SwitchDef = SwitchDef {
    name: "hills-sheep.hills",
    question: "Are hills played (a game may leave them out; a hill tile is then a plain tile)?",
    values: MECHANISM_VALUES,
    rules: &[rule::WITHOUT_HILLS],
    governs: &[],
};

pub static VINEYARDS: SwitchDef = SwitchDef {
    name: "hills-sheep.vineyards",
    question: "Are vineyards played (a game may leave them out; a vineyard tile is then a plain tile)?",
    values: MECHANISM_VALUES,
    rules: &[rule::WITHOUT_VINEYARDS],
    governs: &[],
};

pub static VINEYARDS_FOR_GARDEN: SwitchDef = SwitchDef {
    name: "hills-sheep.vineyards-for-garden",
    question: "Does a vineyard add to a completed garden (The Abbot) as it does to a cloister?",
    values: &[
        ("cloisters-only", "no: a garden is no cloister (the rules, the wiki's footnote on The Abbot)"),
        ("gardens-too", "yes, 3 for each vineyard around it (a JCloisterZone option; no edition's text)"),
    ],
    rules: &[rule::VINEYARD_NOT_GARDEN, rule::VINEYARD_GARDEN],
    governs: &[],
};

pub static TIEBREAKER: SwitchDef = SwitchDef {
    name: "hills.tiebreaker",
    question: "Which of the players tied for a majority does a hill make the winners?",
    values: &[
        ("at-least-one-follower", "every tied player with a follower on a hill (the rules)"),
        (
            "number-of-followers",
            "the tied players with most followers on hills (a JCloisterZone option; no edition's text)",
        ),
    ],
    rules: &[rule::HILL_TIE, rule::HILL_TIE_COUNT],
    governs: &[],
};

/// The expansion's options, from the profile.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Options {
    pub hills: bool,
    pub vineyards: bool,
    /// A hill weighs by the number of followers on hills (JCloisterZone's option).
    pub count_hill_followers: bool,
    /// A vineyard adds to a completed garden too (JCloisterZone's option).
    pub vineyards_for_garden: bool,
}

fn marked(game: &Game, pos: Pos, mark: Mark) -> bool {
    game.tile_at(pos).is_some_and(|p| game.def(p.kind).marks.contains(&mark))
}

/// The vineyard tiles among the 8 squares around `at`.
fn vineyards_around(game: &Game, at: Pos) -> usize {
    (-1..=1)
        .flat_map(|dx| (-1..=1).map(move |dy| (dx, dy)))
        .filter(|d| *d != (0, 0))
        .filter(|(dx, dy)| marked(game, Pos { x: at.x + dx, y: at.y + dy }, Mark::Vineyard))
        .count()
}

/// The followers among `on` of each player that stand on a hill tile.
fn on_hills(game: &Game, on: &[Follower], player: crate::score::PlayerId) -> usize {
    on.iter()
        .filter(|f| f.player == player)
        .filter(|f| game.def(game.placement_of(f.segment).kind).marks.contains(&Mark::Hill))
        .count()
}

/// The players of `tied` a hill makes the winners (all of them when it decides nothing).
fn narrowed(game: &Game, options: &Options, on: &[Follower], tied: &Players) -> Players {
    let counts: Vec<usize> = tied.iter().map(|p| on_hills(game, on, *p)).collect();
    let best = counts.iter().copied().max().unwrap_or(0);
    if best == 0 {
        return tied.clone();
    }
    tied.iter()
        .zip(&counts)
        .filter(|(_, c)| if options.count_hill_followers { **c == best } else { **c > 0 })
        .map(|(p, _)| *p)
        .collect()
}

impl Expansion for Hs {
    fn id(&self) -> ExpansionId {
        ExpansionId::Hs
    }

    /// No action of this expansion changes an edge.
    fn edge_changes(&self) -> super::EdgeChanges {
        super::EdgeChanges::None
    }

    fn setup(&self, game: &mut Game) {
        game.state.insert(flock::Flocks { shepherds: Vec::new(), each: 1 });
    }

    fn phases(&self, _options: &super::Options, seq: &mut Vec<Phase>) {
        // The shepherd goes down where the follower would (instead of it); its flock is
        // tended after the follower (rule::TEND), and closed fields' flocks scored, before
        // the features the tile completed are.
        let at = seq.iter().position(|p| *p == Phase::ScoreCompleted).unwrap_or(seq.len());
        seq.insert(at, Phase::Expansion(ExpansionId::Hs, SHEPHERD_PHASE));
    }

    fn run_phase(&self, game: &mut Game, phase: &'static str, turn: &TurnContext) -> Result<(), Verdict> {
        match phase {
            SHEPHERD_PHASE => flock::play(game, turn),
            _ => Ok(()),
        }
    }

    fn takes(&self, action: &Extra) -> bool {
        action.get::<flock::Action>().is_some()
    }

    fn deploys_instead(&self, action: &Extra) -> Option<(crate::rules::RuleId, &'static str)> {
        match action.get::<flock::Action>() {
            Some(flock::Action::Deploy { .. }) => Some((rule::DEPLOY, "the shepherd")),
            _ => None,
        }
    }

    fn describe(&self, game: &Game, action: &Extra) -> Option<String> {
        Some(match action.get::<flock::Action>()? {
            flock::Action::Deploy { halves, draw } => {
                format!("shepherd on {}, drawing {}", super::tb::field_words(*halves), draw.words())
            }
            flock::Action::Tend(t) => {
                format!("flock: {}", t.iter().map(|t| t.words()).collect::<Vec<_>>().join(", "))
            }
            flock::Action::Standing { player, halves, sheep } => format!(
                "{}'s shepherd standing on {} with sheep {sheep:?}",
                game.player_name(*player),
                super::tb::field_words(*halves)
            ),
            flock::Action::Each(n) => format!("{n} shepherd(s) each"),
        })
    }

    fn setup_held(&self, game: &mut Game, held: &Extra) -> Result<(), Verdict> {
        match held.get::<flock::Action>() {
            Some(flock::Action::Each(n)) => {
                game.state_of_mut::<flock::Flocks>().each = *n;
                Ok(())
            }
            _ => Err(Verdict::new(
                super::base::rule::EXPANSION_IN_PLAY,
                "of Hills and Sheep, the players hold only their shepherds when the game starts",
            )),
        }
    }

    fn setup_piece(&self, game: &mut Game, at: crate::geom::Pos, piece: &Extra) -> Result<(), Verdict> {
        match piece.get::<flock::Action>() {
            Some(flock::Action::Standing { player, halves, sheep }) => flock::stand(game, *player, at, *halves, sheep),
            _ => Err(Verdict::new(
                super::base::rule::EXPANSION_IN_PLAY,
                "of Hills and Sheep, the starting board holds shepherds and their flocks",
            )),
        }
    }

    fn check_placement(&self, game: &Game, player: PlayerId, mv: &Move) -> Result<(), Verdict> {
        flock::check(game, player, mv)
    }

    fn offers_actions(&self) -> bool {
        true
    }

    fn action_options(
        &self,
        game: &Game,
        _trials: &mut Trials,
        player: PlayerId,
        mv: &Move,
        _turn: u16,
        out: &mut Vec<Vec<Extra>>,
    ) {
        flock::options(game, player, mv, out);
    }

    fn final_scoring(&self, game: &mut Game) -> Result<(), Verdict> {
        flock::final_scoring(game);
        Ok(())
    }

    fn standing(&self, game: &Game, player: PlayerId, out: &mut Vec<String>) {
        for s in game.state_of::<flock::Flocks>().shepherds.iter().filter(|s| s.player == player) {
            let sheep: u32 = s.sheep.iter().map(|t| u32::from(*t)).sum();
            out.push(format!("shepherd on the board, {sheep} sheep beside it"));
        }
    }

    fn rule_book(&self) -> &'static crate::rules::RuleBook {
        &rule::BOOK
    }

    fn tiles(&self) -> Option<&'static crate::embedded::Embedded> {
        const TILES: crate::embedded::Embedded = crate::embed!("tiles/hs.yaml");
        Some(&TILES)
    }

    fn switches(&self) -> &'static [&'static SwitchDef] {
        static ALL: [&SwitchDef; 4] = [&HILLS, &VINEYARDS, &TIEBREAKER, &VINEYARDS_FOR_GARDEN];
        &ALL
    }

    fn read_options(&self, profile: &crate::ruleset::Profile, into: &mut super::Slots) {
        into.insert(Options {
            hills: profile.value(&HILLS) != "left-out",
            vineyards: profile.value(&VINEYARDS) != "left-out",
            count_hill_followers: profile.value(&TIEBREAKER) == "number-of-followers",
            vineyards_for_garden: profile.value(&VINEYARDS_FOR_GARDEN) == "gardens-too",
        });
    }

    fn pieces(&self, game: &Game, out: &mut Vec<Piece>) {
        let options = game.options().of::<Options>();
        for p in game.placed() {
            let marks = &game.def(p.kind).marks;
            for (mark, on, what) in
                [(Mark::Hill, options.hills, "hill"), (Mark::Vineyard, options.vineyards, "vineyard")]
            {
                if on && marks.contains(&mark) {
                    out.push(Piece { what, at: PieceAt::Tile(p.pos), owner: None, holds: None, height: 1 });
                }
            }
        }
        flock::pieces(game, out);
    }

    fn break_tie(&self, game: &Game, on: &[Follower], tied: &mut Players) {
        // rule::HILL_TIE (or rule::HILL_TIE_COUNT, by the switch).
        let options = game.options().of::<Options>();
        if options.hills {
            *tied = narrowed(game, options, on, tied);
        }
    }

    fn explain(&self, game: &Game, feature: &FeatureInfo, because: &mut Rules) {
        let options = game.options().of::<Options>();
        // rule::WITHOUT_VINEYARDS: a cloister completed beside vineyards (its 9 tiles) earns
        // nothing for them when the game leaves the vineyards out.
        if !options.vineyards
            && feature.kind == FeatureKind::Cloister
            && feature.tiles == 9
            && vineyards_around(game, feature.at) > 0
        {
            because.push(rule::WITHOUT_VINEYARDS);
        }
        // rule::VINEYARD_NOT_GARDEN: a garden completed beside vineyards earns nothing for
        // them (a garden is no cloister), unless the game plays JCloisterZone's option.
        if options.vineyards
            && !options.vineyards_for_garden
            && feature.kind == FeatureKind::Garden
            && feature.tiles == 9
            && vineyards_around(game, feature.at) > 0
        {
            because.push(rule::VINEYARD_NOT_GARDEN);
        }
        if !options.hills {
            return;
        }
        // The tie the hills broke, if any: the majority without them, and with them.
        let on: Vec<Follower> =
            game.followers().iter().filter(|f| game.feature_of(f.segment) == feature.root).copied().collect();
        let weights = on.iter().map(|f| (f.player, f.figure.strength_in(feature.pennants)));
        let tied = crate::engine::majority_of(weights, game.players().len());
        if tied.len() > 1 && narrowed(game, options, &on, &tied).len() < tied.len() {
            because.push(if options.count_hill_followers { rule::HILL_TIE_COUNT } else { rule::HILL_TIE });
        }
    }

    fn score_items(&self, game: &Game, feature: &FeatureInfo, timing: Timing, out: &mut Items) {
        // rule::VINEYARD: a completed cloister only (rule::VINEYARD_INCOMPLETE at the end);
        // a completed garden under JCloisterZone's option (rule::VINEYARD_GARDEN).
        let options = game.options().of::<Options>();
        let rule = match feature.kind {
            FeatureKind::Cloister => rule::VINEYARD,
            FeatureKind::Garden if options.vineyards_for_garden => rule::VINEYARD_GARDEN,
            _ => return,
        };
        if !matches!(timing, Timing::Turn(_)) || !options.vineyards {
            return;
        }
        let count = vineyards_around(game, feature.at);
        if count > 0 {
            out.push(ScoreItem { rule, label: "vineyard", count: count as u32, each: VINEYARD_POINTS });
        }
    }
}

pub mod rule {
    crate::rules::rule_ids! {
        catalogue: "rulesets/rules/hs.yaml";
        /// The box: 18 land tiles, 18 sheep and wolf tokens, a bag, a shepherd each.
        CONTENTS = "hs.components.contents",
        /// The new tiles are shuffled in and placed by the usual rules.
        MIX_TILES = "hs.setup.mix-tiles",
        /// A hill tile is laid on a face-down tile drawn for it, which leaves the game.
        HILL_BENEATH = "hs.hill.tile-beneath",
        /// A tie for a majority goes to the tied players with a follower on a hill.
        HILL_TIE = "hs.hill.tiebreak",
        /// JCloisterZone's option: the tie goes to those with most followers on hills.
        HILL_TIE_COUNT = "hs.hill.tiebreak-by-count",
        /// Hills left out: a hill tile is a plain tile.
        WITHOUT_HILLS = "hs.hill.left-out",
        /// A completed cloister scores 3 more for each vineyard among its 8 neighbours.
        VINEYARD = "hs.vineyard.cloister-bonus",
        /// An unfinished cloister at the end gets nothing for vineyards.
        VINEYARD_INCOMPLETE = "hs.vineyard.only-completed",
        /// Vineyards left out: a vineyard tile is a plain tile.
        WITHOUT_VINEYARDS = "hs.vineyard.left-out",
        /// A garden (The Abbot) is no cloister: vineyards add nothing to it.
        VINEYARD_NOT_GARDEN = "hs.vineyard.not-for-garden",
        /// JCloisterZone's option: a completed garden scores 3 more per vineyard, as a cloister.
        VINEYARD_GARDEN = "hs.vineyard.garden-bonus",
        /// A shepherd is placed on a field of the new tile instead of a follower, never in a
        /// field holding a shepherd; a token is drawn at once.
        DEPLOY = "hs.shepherd.deploy",
        /// The bag: the tokens not beside a shepherd; a draw takes one of them.
        BAG = "hs.shepherd.bag",
        /// A sheep token drawn joins the flock.
        GROW = "hs.shepherd.grow",
        /// A wolf drawn: the field's sheep go back to the bag and its shepherds home.
        WOLF = "hs.shepherd.wolf",
        /// A tile extending the field of the player's shepherd: grow or herd, after the follower.
        TEND = "hs.shepherd.tend",
        /// Herding into the stable: a point per sheep, shepherds home, tokens back.
        HERD = "hs.shepherd.herd",
        /// Several shepherds in one field: the flock is all of theirs, each player scoring it whole.
        SHARED = "hs.shepherd.shared-flock",
        /// A field holding shepherds that is closed is scored at once.
        CLOSED = "hs.shepherd.closed-field",
        /// A flock still in a field at the end scores nothing.
        END_NOTHING = "hs.shepherd.end-nothing",
        /// The shepherd is not a follower: no majority counts it, farmers share its field.
        NOT_A_FOLLOWER = "hs.shepherd.not-a-follower",
        /// HS02's east city also touches the north edge: a city laid there joins both.
        TOUCHING_CITY = "hs.tiles.touching-city",
        /// The caps of tiles 10 and 13 are not semicircles: no castle town holds them.
        NO_CASTLE_CAPS = "hs.tiles.caps-not-semicircles",
    }
}
