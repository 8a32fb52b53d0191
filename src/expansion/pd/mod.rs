//! The Princess and the Dragon (1st edition): volcanoes and the dragon, the fairy, the
//! princess and the magic portal.
//!
//! The dragon (`dragon.rs`): a neutral figure, off the board until a volcano tile is laid, then
//! on the last volcano laid; a dragon tile sets it flying six moves, chosen by the players in
//! turn (a scenario writes the squares, in order), eating the followers on each tile it enters.
//! The fairy (`fairy.rs`): a neutral figure a player moves, instead of placing a follower,
//! beside one of their own followers; it keeps the dragon off its tile and earns points. The
//! princess and the magic portal (`princess.rs`): what a princess tile and a portal tile let the
//! player do instead of placing a follower on the new tile. The dragon and the fairy live in
//! this expansion's [`State`]; neither is a follower.

mod dragon;
mod fairy;
mod princess;

use super::{Expansion, ExpansionId, Extra, Options as AllOptions};
use crate::engine::features::SegId;
use crate::engine::{Game, Move, Phase, Trials, TurnContext};
use crate::geom::Pos;
use crate::ruleset::{Profile, SwitchDef};
use crate::score::{PlayerId, Verdict};
use crate::tile::Mark;

pub struct Pd;

const VOLCANO_PHASE: &str = "volcano";
const FAIRY_POINT_PHASE: &str = "fairy-point";
const INSTEAD_PHASE: &str = "instead-of-a-follower";
const FAIRY_WATCH_PHASE: &str = "fairy-watch";
const FAIRY_BONUS_PHASE: &str = "fairy-bonus";
const DRAGON_PHASE: &str = "dragon";
const FAIRY_CASTLE_PHASE: &str = "fairy-castle";

pub static DRAGON_TIMING: SwitchDef = SwitchDef {
    name: "dragon.timing",
    question: "Does the dragon fly before or after the features the dragon tile completes are scored?",
    values: &[
        ("after-scoring", "after: the tile's features are scored, then the dragon flies (1st edition)"),
        ("before-scoring", "before: the dragon flies, then what is left is scored (new edition)"),
    ],
    rules: &[rule::DRAGON_TIMING],
    governs: &[],
};

pub static PRINCESS_ACTION: SwitchDef = SwitchDef {
    name: "princess.action",
    question: "Must a princess tile joined to a city holding knights send one of them home, or may its player choose?",
    values: &[
        ("may", "may: the player chooses, a follower or the princess (the publisher's page)"),
        ("must", "must: one knight goes home, no follower is placed (Brettspielwelt's help and a retailer's text)"),
    ],
    rules: &[rule::PRINCESS, rule::PRINCESS_MUST],
    governs: &[],
};

pub static FAIRY_CASTLE: SwitchDef = SwitchDef {
    name: "castle.fairy",
    question: "May the fairy be placed with a follower in a castle?",
    values: &[
        ("forbidden", "no: the fairy goes only beside a follower on a tile (the 1st-edition clarification)"),
        (
            "allowed-and-worth-3-at-castle-scoring",
            "yes, and its owner scores 3 when the castle scores (the Big Box 3 printing)",
        ),
        ("allowed-beside-castle-follower", "yes: the fairy may stand beside a castle's follower (new edition)"),
    ],
    rules: &[rule::FAIRY_CASTLE_FORBIDDEN, rule::FAIRY_CASTLE_BB3, rule::FAIRY_CASTLE_NE],
    governs: &[],
};

pub static FAIRY_PLACEMENT: SwitchDef = SwitchDef {
    name: "fairy.placement",
    question: "Is the fairy put beside one follower, or on a tile holding the player's followers?",
    values: &[
        ("beside-a-follower", "beside one of the player's followers, which alone it serves (Hans im Glück)"),
        (
            "on-a-tile",
            "on a tile holding one of the player's followers; it serves every follower on that tile (Rio Grande and Z-Man)",
        ),
    ],
    rules: &[rule::FAIRY_MOVE, rule::FAIRY_ON_TILE],
    governs: &[],
};

/// What the `castle.fairy` switch says.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum FairyCastle {
    #[default]
    Forbidden,
    /// Allowed, 3 points when the castle scores (Big Box 3).
    Bb3,
    /// Allowed (new edition).
    NewEdition,
}

/// The typed options of this expansion.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub struct Options {
    /// The dragon flies before the turn's scoring.
    pub dragon_before_scoring: bool,
    pub fairy_castle: FairyCastle,
    /// The princess must send a knight home when she can (`princess.action: must`).
    pub princess_must: bool,
    /// The fairy stands on a tile and serves every follower there (`fairy.placement:
    /// on-a-tile`), not beside one follower.
    pub fairy_on_tile: bool,
}

impl Options {
    fn read(profile: &Profile) -> Options {
        Options {
            dragon_before_scoring: profile.value(&DRAGON_TIMING) == "before-scoring",
            princess_must: profile.value(&PRINCESS_ACTION) == "must",
            fairy_castle: match profile.value(&FAIRY_CASTLE) {
                "allowed-and-worth-3-at-castle-scoring" => FairyCastle::Bb3,
                "allowed-beside-castle-follower" => FairyCastle::NewEdition,
                _ => FairyCastle::Forbidden,
            },
            fairy_on_tile: profile.value(&FAIRY_PLACEMENT) == "on-a-tile",
        }
    }
}

/// A follower on the board as a player points at it: the tile's square and the feature there.
pub type Target = crate::engine::FeatureAt;

/// What a player does or finds with the pieces of The Princess and the Dragon.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Action {
    /// The dragon's flight of the turn: the squares it enters, in order (either square of a
    /// double-size tile names it).
    Dragon(Vec<Pos>),
    /// The game stops during this turn's flight, after the moves written (a game recorded
    /// then): the turn ends with the flight, the phases after it not played.
    FlightUnfinished,
    /// The game stops as this turn's flight ends (a game recorded then, the flight over):
    /// the phases after the flight are not played.
    FlightEnded,
    /// The fairy moved, instead of a follower, beside the player's own follower there (under
    /// `fairy.placement: on-a-tile`, onto that follower's tile).
    Fairy(Target),
    /// The fairy moved, instead of a follower, onto the tile at this square, which holds one
    /// of the player's followers (`fairy.placement: on-a-tile` only).
    FairyOnTile(Pos),
    /// The princess sends this knight home, instead of a follower.
    Princess(Target),
    /// A follower through the magic portal onto this feature, instead of on the new tile.
    Portal(Target),
    /// On the starting board: the dragon stands on the tile at this square.
    StandingDragon(Pos),
    /// On the starting board: the fairy stands beside this follower.
    StandingFairy(Target),
}

/// Where the neutral figures stand.
#[derive(Clone, Debug, PartialEq, Eq, Default)]
pub struct State {
    /// The square of the tile the dragon stands on (any square of a double-size tile).
    pub dragon: Option<Pos>,
    /// The fairy: the square of its tile and the follower it stands beside, while that
    /// follower is on the board (`None` once it has left: the fairy stays on its tile).
    pub fairy: Option<(Pos, Option<(PlayerId, SegId)>)>,
    /// The feature the fairy's follower stood on before this turn's scoring, for its bonus.
    watched: Option<(PlayerId, SegId)>,
    /// Under `fairy.placement: on-a-tile`: the followers on the fairy's tile before this
    /// turn's scoring, for their bonus.
    watched_tile: Vec<(PlayerId, SegId)>,
    /// The game stopped with a flight (`Action::FlightUnfinished`, `Action::FlightEnded`): no
    /// move follows.
    pub stopped: bool,
}

impl State {
    /// The player and segment of the follower the fairy stands beside, if it is still there.
    pub fn fairy_follower(&self, game: &Game) -> Option<(PlayerId, SegId)> {
        let (_, beside) = self.fairy?;
        let (player, seg) = beside?;
        game.followers().iter().any(|f| f.player == player && f.segment == seg).then_some((player, seg))
    }
}

fn actions(mv: &Move) -> impl Iterator<Item = &Action> {
    mv.extras.iter().filter_map(|e| e.get::<Action>())
}

/// Whether the tile kind bears this symbol.
fn marked(game: &Game, kind: crate::tile::TileKind, mark: Mark) -> bool {
    game.def(kind).marks.contains(&mark)
}

use super::strike::between_tiles;

impl Expansion for Pd {
    /// No action of this expansion changes an edge.
    fn edge_changes(&self) -> super::EdgeChanges {
        super::EdgeChanges::None
    }

    fn id(&self) -> ExpansionId {
        ExpansionId::Pd
    }

    fn rule_book(&self) -> &'static crate::rules::RuleBook {
        &rule::BOOK
    }

    fn tiles(&self) -> Option<&'static crate::embedded::Embedded> {
        const TILES: crate::embedded::Embedded = crate::embed!("tiles/pd.yaml");
        Some(&TILES)
    }

    fn switches(&self) -> &'static [&'static SwitchDef] {
        static ALL: [&SwitchDef; 4] = [&DRAGON_TIMING, &FAIRY_CASTLE, &PRINCESS_ACTION, &FAIRY_PLACEMENT];
        &ALL
    }

    fn read_options(&self, profile: &Profile, into: &mut crate::expansion::Slots) {
        into.insert(Options::read(profile));
    }

    fn setup(&self, game: &mut Game) {
        game.state.insert(State::default());
    }

    fn needs_completions(&self) -> bool {
        // The fairy's bonus: whether its follower's feature was scored this turn.
        true
    }

    fn phases(&self, options: &AllOptions, seq: &mut Vec<Phase>) {
        // rule::FAIRY_TURN_POINT: at the start of the turn.
        seq.insert(0, Phase::Expansion(ExpansionId::Pd, FAIRY_POINT_PHASE));
        let at = seq.iter().position(|p| *p == Phase::PlaceTile).map_or(seq.len(), |i| i + 1);
        seq.insert(at, Phase::Expansion(ExpansionId::Pd, VOLCANO_PHASE));
        let at = seq.iter().position(|p| *p == Phase::DeployFollower).map_or(seq.len(), |i| i + 1);
        seq.insert(at, Phase::Expansion(ExpansionId::Pd, INSTEAD_PHASE));
        let before = options.of::<Options>().dragon_before_scoring;
        let at = seq.iter().position(|p| *p == Phase::ScoreCompleted).unwrap_or(seq.len());
        if before {
            seq.insert(at, Phase::Expansion(ExpansionId::Pd, DRAGON_PHASE));
        }
        let at = seq.iter().position(|p| *p == Phase::ScoreCompleted).unwrap_or(seq.len());
        seq.insert(at, Phase::Expansion(ExpansionId::Pd, FAIRY_WATCH_PHASE));
        let at = seq.iter().position(|p| *p == Phase::ScoreCompleted).map_or(seq.len(), |i| i + 1);
        seq.insert(at, Phase::Expansion(ExpansionId::Pd, FAIRY_BONUS_PHASE));
        // After every other expansion's scoring (a castle's), rule::DRAGON_TIMING.
        if !before {
            seq.push(Phase::Expansion(ExpansionId::Pd, DRAGON_PHASE));
        }
        seq.push(Phase::Expansion(ExpansionId::Pd, FAIRY_CASTLE_PHASE));
    }

    /// rule::DRAGON_NOT_IN_PLAY: a dragon tile drawn while the dragon is off the board is put
    /// aside (and shuffled back later), not laid.
    fn puts_aside(&self, game: &Game, tile: crate::tile::TileKind) -> bool {
        marked(game, tile, Mark::Dragon) && game.state_of::<State>().dragon.is_none()
    }

    fn takes(&self, action: &Extra) -> bool {
        action.get::<Action>().is_some()
    }

    fn deploys_instead(&self, action: &Extra) -> Option<(crate::rules::RuleId, &'static str)> {
        match action.get::<Action>()? {
            Action::Fairy(_) | Action::FairyOnTile(_) => Some((rule::FAIRY_MOVE, "the fairy's move")),
            Action::Princess(_) => Some((rule::PRINCESS, "the princess's knight sent home")),
            Action::Portal(_) => Some((rule::PORTAL, "a follower through the magic portal")),
            _ => None,
        }
    }

    fn describe(&self, game: &Game, action: &Extra) -> Option<String> {
        Some(match action.get::<Action>()? {
            Action::Dragon(path) => {
                let steps: Vec<String> = path.iter().map(|p| p.to_string()).collect();
                if steps.is_empty() {
                    "the dragon cannot move".to_string()
                } else {
                    format!("dragon to {}", steps.join(" "))
                }
            }
            Action::FlightUnfinished => "the game stops during the dragon's flight".to_string(),
            Action::FlightEnded => "the game stops as the dragon's flight ends".to_string(),
            Action::Fairy(t) => format!("fairy beside the follower on {}", t.words()),
            Action::FairyOnTile(at) => format!("fairy onto the tile at {at}"),
            Action::Princess(t) => format!("princess sends home the knight on {}", t.words()),
            Action::Portal(t) => format!("follower through the portal on {}", t.words()),
            Action::StandingDragon(at) => format!("the dragon standing at {at}"),
            Action::StandingFairy(t) => {
                let _ = game;
                format!("the fairy standing beside the follower on {}", t.words())
            }
        })
    }

    fn setup_piece(&self, game: &mut Game, at: Pos, piece: &Extra) -> Result<(), Verdict> {
        match piece.get::<Action>() {
            Some(Action::StandingDragon(_)) => {
                game.state_of_mut::<State>().dragon = Some(at);
                Ok(())
            }
            Some(Action::StandingFairy(t)) => fairy::stand(game, t),
            _ => Err(Verdict::new(
                crate::expansion::base::rule::EXPANSION_IN_PLAY,
                "of The Princess and the Dragon, the starting board holds the dragon and the fairy",
            )),
        }
    }

    fn check_placement(&self, game: &Game, player: PlayerId, mv: &Move) -> Result<(), Verdict> {
        if actions(mv).any(|a| matches!(a, Action::StandingDragon(_) | Action::StandingFairy(_))) {
            return Err(Verdict::new(
                crate::expansion::base::rule::EXPANSION_IN_PLAY,
                "the dragon and the fairy standing at the start are written on the starting board",
            ));
        }
        if game.state_of::<State>().stopped {
            return Err(Verdict::new(
                rule::DRAGON_SIX_MOVES,
                "the game stopped during the dragon's flight in an earlier turn: no move follows it",
            ));
        }
        // One of these a turn, each instead of a follower on the new tile.
        let instead: Vec<&Action> = actions(mv)
            .filter(|a| {
                matches!(a, Action::Fairy(_) | Action::FairyOnTile(_) | Action::Princess(_) | Action::Portal(_))
            })
            .collect();
        if instead.len() > 1 || (!instead.is_empty() && mv.follower.is_some()) {
            let rule = match instead[0] {
                Action::Fairy(_) | Action::FairyOnTile(_) => rule::FAIRY_MOVE,
                Action::Princess(_) => rule::PRINCESS,
                _ => rule::PORTAL,
            };
            return Err(Verdict::new(
                rule,
                "moving the fairy, the princess's knight and the portal's follower each come instead of placing a follower: a turn does one of them",
            ));
        }
        if actions(mv).filter(|a| matches!(a, Action::Dragon(_))).count() > 1 {
            return Err(Verdict::new(rule::DRAGON_SIX_MOVES, "a turn has at most one flight of the dragon"));
        }
        dragon::check(game, player, mv)?;
        fairy::check(game, player, mv)?;
        princess::check(game, mv)
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
        // Each set before this expansion's, or none, with the choices instead of a follower
        // (a fairy move, a princess's knight, a portal's follower) and, on a dragon tile, each
        // flight the dragon may take once they are made.
        let mut sets: Vec<Vec<Extra>> = vec![Vec::new()];
        sets.extend(out.iter().cloned());
        let mut with_instead = Vec::new();
        for set in &sets {
            with_instead.push(set.clone());
            for choice in fairy::options(game, player).into_iter().chain(princess::options(game, player, mv)) {
                let mut s = set.clone();
                s.push(Extra::new(choice));
                with_instead.push(s);
            }
        }
        let mut all = Vec::new();
        for set in with_instead {
            match dragon::flights(game, mv, &set) {
                Some(flights) => {
                    for f in flights {
                        let mut s = set.clone();
                        s.push(Extra::new(Action::Dragon(f)));
                        all.push(s);
                    }
                }
                None => all.push(set),
            }
        }
        out.clear();
        out.extend(all.into_iter().filter(|s| !s.is_empty()));
    }

    fn run_phase(&self, game: &mut Game, phase: &'static str, turn: &TurnContext) -> Result<(), Verdict> {
        match phase {
            FAIRY_POINT_PHASE => {
                fairy::turn_point(game, turn);
                Ok(())
            }
            VOLCANO_PHASE => {
                dragon::volcano(game, turn);
                Ok(())
            }
            INSTEAD_PHASE => {
                fairy::moved(game, turn);
                princess::play(game, turn)
            }
            FAIRY_WATCH_PHASE => {
                let st = game.state_of::<State>();
                let watched = st.fairy_follower(game);
                let on_tile = fairy::on_fairy_tile(game);
                let st = game.state_of_mut::<State>();
                st.watched = watched;
                st.watched_tile = on_tile;
                Ok(())
            }
            FAIRY_BONUS_PHASE => {
                fairy::bonus(game, turn);
                Ok(())
            }
            DRAGON_PHASE => {
                dragon::fly(game, turn);
                dragon::stop(game, turn);
                Ok(())
            }
            _ => {
                fairy::castle_bonus(game, turn);
                Ok(())
            }
        }
    }

    /// A game recorded during the dragon's flight stops with it: before the turn's scoring
    /// under `dragon.timing: before-scoring`, at the end of the turn otherwise.
    fn stops_turn(&self, game: &Game, phase: &'static str) -> bool {
        let last = match game.options().of::<Options>().dragon_before_scoring {
            true => DRAGON_PHASE,
            false => FAIRY_CASTLE_PHASE,
        };
        phase == last && game.state_of::<State>().stopped
    }

    fn final_scoring(&self, game: &mut Game) -> Result<(), Verdict> {
        fairy::final_bonus(game);
        Ok(())
    }

    fn pieces(&self, game: &Game, out: &mut Vec<crate::expansion::Piece>) {
        let st = game.state_of::<State>();
        if let Some(at) = st.dragon {
            out.push(crate::expansion::Piece {
                what: "dragon",
                at: crate::expansion::PieceAt::Tile(at),
                owner: None,
                holds: None,
                height: 1,
            });
        }
        if let Some((at, _)) = st.fairy {
            out.push(crate::expansion::Piece {
                what: "fairy",
                at: crate::expansion::PieceAt::Corner(at, crate::geom::Corner::ALL[0]),
                owner: None,
                holds: None,
                height: 1,
            });
        }
    }

    fn standing(&self, game: &Game, player: PlayerId, out: &mut Vec<String>) {
        if game.state_of::<State>().fairy_follower(game).is_some_and(|(p, _)| p == player) {
            out.push("the fairy beside a follower".to_string());
        }
        if fairy::on_fairy_tile(game).iter().any(|(p, _)| *p == player) {
            out.push("a follower on the fairy's tile".to_string());
        }
    }
}

pub mod rule {
    //! The rules of The Princess and the Dragon (1st edition). Their wording and sources are in the catalogue file named below.

    crate::rules::rule_ids! {
        catalogue: "rulesets/rules/pd.yaml";
        /// 30 tiles: 6 volcanoes, 12 dragons, 6 portals, 6 princesses; the dragon and the fairy.
        TILES = "pd.components.tiles",
        /// Tile 01's top cap is no semicircle: no castle town.
        TILE_01_CAP = "pd.tiles.tile-01-top-cap",
        /// A volcano tile laid: the dragon goes onto it.
        VOLCANO = "pd.volcano.dragon-flies",
        /// No follower on a volcano tile.
        VOLCANO_NO_FOLLOWER = "pd.volcano.no-follower",
        /// A dragon tile cannot be laid while the dragon is off the board.
        DRAGON_NOT_IN_PLAY = "pd.dragon.not-in-play",
        /// Six moves, one tile across an edge each, one player each from the one who laid it.
        DRAGON_SIX_MOVES = "pd.dragon.six-moves",
        /// Never onto a tile of this flight.
        DRAGON_NO_RETURN = "pd.dragon.no-return",
        /// The flight ends when no tile beside may be entered.
        DRAGON_DEAD_END = "pd.dragon.dead-end",
        /// The followers on each tile entered go home.
        DRAGON_EATS = "pd.dragon.eats",
        /// Before or after the turn's scoring (switch).
        DRAGON_TIMING = "pd.dragon.timing",
        /// A follower in a castle of Bridges, Castles and Bazaars is not on a tile: never eaten.
        DRAGON_CASTLE_IMMUNE = "pd.dragon.castle-immune",
        /// A German castle tile is one tile for the dragon, and shelters nobody.
        DRAGON_GERMAN_CASTLE = "pd.dragon.german-castle",
        /// Other expansions' figures the dragon would eat: not modelled, refused.
        DRAGON_OTHER_FIGURES = "pd.dragon.other-figures",
        /// Instead of a follower, the fairy beside one's own follower.
        FAIRY_MOVE = "pd.fairy.move",
        /// The dragon never enters the fairy's tile.
        FAIRY_PROTECTS = "pd.fairy.protects",
        /// 1 point at the start of the turn of the fairy's follower's owner.
        FAIRY_TURN_POINT = "pd.fairy.turn-point",
        /// 3 points when the fairy's follower's feature is scored.
        FAIRY_BONUS = "pd.fairy.feature-bonus",
        /// The fairy on a tile: it serves every follower there (Rio Grande and Z-Man).
        FAIRY_ON_TILE = "pd.fairy.on-tile",
        /// The fairy never goes into a castle (1st-edition clarification).
        FAIRY_CASTLE_FORBIDDEN = "pd.fairy.castle-forbidden",
        /// The fairy in a castle: 3 when the castle scores (Big Box 3).
        FAIRY_CASTLE_BB3 = "pd.fairy.castle-bb3",
        /// The fairy beside a castle's follower (new edition).
        FAIRY_CASTLE_NE = "pd.fairy.castle-ne",
        /// The princess sends one knight of the city home, instead of a follower.
        PRINCESS = "pd.princess.removes-knight",
        /// Under the reading that she must: a princess tile joined to a city holding knights sends one home.
        PRINCESS_MUST = "pd.princess.must-remove",
        /// The portal's follower on any unfinished, unoccupied feature.
        PORTAL = "pd.portal.anywhere",
    }
}
