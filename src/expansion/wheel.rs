//! The Wheel of Fortune (1st edition, 2009; a standalone game that is also an expansion): a
//! 4 x 4 wheel as the starting tile, a big pink pig that goes round its six sectors (Fortune,
//! Tax, Famine, Storm, Inquisition, Plague), and 19 land tiles printing a Wheel of Fortune icon
//! with a number of crowns (1 to 3).
//!
//! What it models: the wheel turned by a crowned tile, and the Famine sector whole.
//! * The pig starts on Fortune (`wheel.setup.pig-on-fortune`); a scenario taken up mid-game
//!   says where it stands (`wheel: famine`).
//! * A turn whose drawn tile shows the icon writes its crown count and the sector the pig
//!   reaches (`wheel: {crowns: 2, to: famine}`): the pig moves that many sectors clockwise
//!   before the tile is placed (`wheel.pig.moves`, a `wheel` phase first in the turn), and the
//!   sector it lands on acts (`wheel.sector.acts`). A `to:` the crowns do not reach is an
//!   illegal move citing `wheel.pig.moves`. The land tiles are not in the catalogue: the
//!   crowned tiles print base-game features, so a scenario lays the base tile and writes the
//!   crowns it shows (`wheel.tiles.crowns`); the referee cannot check that the tile shows them.
//! * Famine (`wheel.famine.farmers`): for every field with farmers, each player of its
//!   majority (the players with most farmers, as at the final scoring: `wheel.famine.majority`)
//!   scores, for each farmer of theirs on it, 1 point per completed city the field borders.
//!   What a city is worth is read off the final farm scoring's value (`Game::farm_value`): a
//!   city worth 3 there is worth 1, and what an expansion adds to that worth carries over
//!   point for point, so a Bridges, Castles and Bazaars castle (4 there) is worth 2
//!   (`wheel.famine.castle`, the castle footnote's ruling that castles count for Famine), and
//!   a city worth nothing to a farm (an unscored castle under the `scored-castles-only`
//!   profile) nothing. What an expansion adds for one player of a field's majority at the
//!   final scoring (a pig of Traders and Builders: `Game::field_bonus`) is added once, as at
//!   the end of the game (`wheel.famine.bonus`). Farmers stay on the board.
//!
//! What it does not model, refused where it is written: the other five sectors (Fortune, Tax,
//! Storm, Inquisition, Plague: a `to:` naming one is a located diagnostic at load, and a pig the
//! crowns take to one is an illegal move), the wheel's own follower spaces (its crown spaces,
//! and their 3 points when the pig lands on their sector: a scenario has no key to put a
//! follower there), the wheel itself as a 4 x 4 starting tile (a scenario starts from the
//! base start tile or its `board:`; the wheel's land is not laid), and the crowned tiles as
//! catalogue tiles. The pig is not on the board, so pictures do not draw it; `referee moves`
//! offers no crowns, since they come with the tile drawn, not from a choice.

use super::{Expansion, ExpansionId, Extra, Options as AllOptions};
use crate::engine::features::SegId;
use crate::engine::{Game, Phase, TurnContext};
use crate::rules::RuleId;
use crate::score::{Items, PlayerId, Rules, ScoreEvent, ScoreItem, Timing, Verdict};
use crate::tile::FeatureKind;

pub struct Wheel;

const PHASE: &str = "wheel";

/// The most crowns a tile shows.
pub const MAX_CROWNS: u8 = 3;

/// The wheel's six sectors, in clockwise order from Fortune.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Sector {
    Fortune,
    Tax,
    Famine,
    Storm,
    Inquisition,
    Plague,
}

impl Sector {
    pub const ALL: [Sector; 6] =
        [Sector::Fortune, Sector::Tax, Sector::Famine, Sector::Storm, Sector::Inquisition, Sector::Plague];

    pub fn word(self) -> &'static str {
        match self {
            Sector::Fortune => "fortune",
            Sector::Tax => "tax",
            Sector::Famine => "famine",
            Sector::Storm => "storm",
            Sector::Inquisition => "inquisition",
            Sector::Plague => "plague",
        }
    }

    pub fn parse(s: &str) -> Option<Sector> {
        Sector::ALL.into_iter().find(|x| x.word() == s)
    }

    /// The sector `steps` sectors clockwise from this one.
    pub fn after(self, steps: u8) -> Sector {
        Sector::ALL[(self as usize + steps as usize) % Sector::ALL.len()]
    }

    /// Whether the referee plays what this sector does.
    pub fn modelled(self) -> bool {
        self == Sector::Famine
    }
}

/// What a scenario writes of the wheel.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Action {
    /// The drawn tile shows this many crowns; the pig reaches `to`.
    Turn { crowns: u8, to: Sector },
    /// Where the pig stands when the scenario begins.
    PigAt(Sector),
}

/// Where the pig stands.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct State {
    pub pig: Sector,
}

fn turn_of(extras: &[Extra]) -> Option<(u8, Sector)> {
    extras.iter().filter_map(|e| e.get::<Action>()).find_map(|a| match a {
        Action::Turn { crowns, to } => Some((*crowns, *to)),
        Action::PigAt(_) => None,
    })
}

/// What a completed city is worth to a farmer at a famine: the final farm scoring's value less
/// 2 (3 → 1, a castle's 4 → 2), nothing where that is nothing; and the rule of that value.
fn famine_value(game: &Game, city: SegId) -> (RuleId, Option<RuleId>, &'static str, i32) {
    let (farm_rule, label, value) = game.farm_value(city);
    if farm_rule == crate::expansion::base::rule::FINAL_FIELD {
        return (rule::FAMINE, None, "farmer's completed city", 1);
    }
    let each = if value <= 0 { 0 } else { value - 2 };
    // Counted once for each farmer: "2 farmer's castles × 2" for one castle and two farmers.
    let label = match label {
        "castle" => "farmer's castle",
        "unscored castle" => "farmer's unscored castle",
        _ => "farmer's city of another value",
    };
    (rule::FAMINE_CASTLE, Some(farm_rule), label, each)
}

/// The Famine sector: every field with farmers, to the players of its majority, per farmer.
fn famine(game: &mut Game, turn: u16) {
    let mut fields: Vec<SegId> = Vec::new();
    for f in game.followers() {
        let root = game.feature_of(f.segment);
        if game.feature_kind(root) == FeatureKind::Field && !fields.contains(&root) {
            fields.push(root);
        }
    }
    for field in fields {
        let players = game.majority(field);
        let info = game.feature_info(field);
        for p in players {
            let farmers =
                game.followers().iter().filter(|f| f.player == p && game.feature_of(f.segment) == field).count() as u32;
            let mut items = Items::new();
            let mut because: Rules = smallvec::smallvec![rule::MAJORITY];
            for &city in &info.cities {
                let (r, farm_rule, label, each) = famine_value(game, city);
                if let Some(fr) = farm_rule {
                    if !because.contains(&fr) {
                        because.push(fr);
                    }
                }
                match items.iter_mut().find(|i| i.rule == r && i.label == label && i.each == each) {
                    Some(i) => i.count += farmers,
                    None => items.push(ScoreItem { rule: r, label, count: farmers, each }),
                }
            }
            if items.is_empty() {
                items.push(ScoreItem { rule: rule::FAMINE, label: "farmer's completed city", count: 0, each: 1 });
            }
            let bonus = game.field_bonus(field, p, &info.cities);
            if !bonus.is_empty() {
                because.push(rule::BONUS);
                items.extend(bonus);
            }
            let feature = game.feature_ref(&info);
            game.award(ScoreEvent {
                timing: Timing::Turn(turn),
                players: smallvec::smallvec![p],
                feature,
                items,
                because,
            });
        }
    }
}

impl Expansion for Wheel {
    fn id(&self) -> ExpansionId {
        ExpansionId::WheelOfFortune
    }

    fn rule_book(&self) -> &'static crate::rules::RuleBook {
        &rule::BOOK
    }

    fn setup(&self, game: &mut Game) {
        // rule::SETUP.
        game.state.insert(State { pig: Sector::Fortune });
    }

    fn phases(&self, _options: &AllOptions, seq: &mut Vec<Phase>) {
        // rule::MOVES: the pig moves, and its sector acts, before the tile is placed.
        seq.insert(0, Phase::Expansion(ExpansionId::WheelOfFortune, PHASE));
    }

    fn takes(&self, action: &Extra) -> bool {
        action.get::<Action>().is_some()
    }

    fn describe(&self, _game: &Game, action: &Extra) -> Option<String> {
        match action.get::<Action>()? {
            Action::Turn { crowns, to } => Some(format!("the pig moves {crowns} to {}", to.word())),
            Action::PigAt(s) => Some(format!("the pig on {}", s.word())),
        }
    }

    fn judges_bare_anywhere(&self) -> bool {
        true
    }

    fn edge_changes(&self) -> super::EdgeChanges {
        super::EdgeChanges::None
    }

    fn setup_held(&self, game: &mut Game, held: &Extra) -> Result<(), Verdict> {
        match held.get::<Action>() {
            Some(Action::PigAt(s)) => {
                game.state_of_mut::<State>().pig = *s;
                Ok(())
            }
            _ => Err(Verdict::new(rule::SETUP, "of the Wheel of Fortune, the scenario holds where the pig stands")),
        }
    }

    fn check_placement(&self, game: &Game, _player: PlayerId, mv: &crate::engine::Move) -> Result<(), Verdict> {
        let turns = mv.extras.iter().filter_map(|e| e.get::<Action>()).filter(|a| matches!(a, Action::Turn { .. }));
        if turns.count() > 1 {
            return Err(Verdict::new(rule::MOVES, "a tile turns the wheel once"));
        }
        let Some((crowns, to)) = turn_of(&mv.extras) else { return Ok(()) };
        if crowns == 0 || crowns > MAX_CROWNS {
            return Err(Verdict::new(rule::TILES, format!("a tile shows 1 to {MAX_CROWNS} crowns, not {crowns}")));
        }
        let from = game.state_of::<State>().pig;
        let reached = from.after(crowns);
        if reached != to {
            return Err(Verdict::new(
                rule::MOVES,
                format!(
                    "the pig on {} moves {crowns} sector(s) clockwise to {}, not to {}",
                    from.word(),
                    reached.word(),
                    to.word()
                ),
            ));
        }
        if !to.modelled() {
            return Err(Verdict::new(
                rule::SECTOR,
                format!("the {} sector is not modelled by this version of the referee", to.word()),
            ));
        }
        Ok(())
    }

    fn run_phase(&self, game: &mut Game, phase: &'static str, turn: &TurnContext) -> Result<(), Verdict> {
        if phase != PHASE {
            return Ok(());
        }
        let Some((_, to)) = turn_of(&turn.mv.extras) else { return Ok(()) };
        game.state_of_mut::<State>().pig = to;
        // rule::SECTOR: the sector the pig lands on acts.
        if to == Sector::Famine {
            famine(game, turn.turn);
        }
        Ok(())
    }
}

pub mod rule {
    //! The rules of The Wheel of Fortune. Their wording and sources are in the catalogue file named below.

    crate::rules::rule_ids! {
        catalogue: "rulesets/rules/wheel.yaml";
        /// The pig starts on Fortune.
        SETUP = "wheel.setup.pig-on-fortune",
        /// 19 land tiles show the wheel's icon with 1 to 3 crowns.
        TILES = "wheel.tiles.crowns",
        /// A crowned tile moves the pig that many sectors clockwise, before it is placed.
        MOVES = "wheel.pig.moves",
        /// The sector the pig lands on acts.
        SECTOR = "wheel.sector.acts",
        /// Famine: each farmer, 1 point per completed city its field borders.
        FAMINE = "wheel.famine.farmers",
        /// Famine goes to the field's majority.
        MAJORITY = "wheel.famine.majority",
        /// A castle counts at Famine, 2 points a farmer.
        FAMINE_CASTLE = "wheel.famine.castle",
        /// The bonuses of the final farm scoring (a pig) apply at Famine too.
        BONUS = "wheel.famine.bonus",
    }
}
