//! Traders and Builders (1st edition): goods, the pig, and the builder and its double turn.
//!
//! Goods (`goods.rs`): a city printed with goods symbols gives, when completed, one token per
//! symbol to the player who laid the completing tile, whoever scores the city; at the end
//! the players holding most of each kind score 10. The pig (`pig.rs`): a player's figure put,
//! instead of a follower, in a field of the new tile already holding one of their farmers;
//! at the farm scoring it adds 1 per city to its owner's score of that field, if they score
//! it. Both live in this expansion's [`State`]; the pig is a piece, not a follower. The
//! builder (`builder.rs`) has its own state and actions.

pub mod builder;
mod goods;
mod pig;

use super::{Expansion, ExpansionId, Extra, Options as AllOptions};
use crate::engine::features::SegId;
use crate::engine::{Game, Move, Phase, Trials, TurnContext};
use crate::geom::{Half, Pos};
use crate::score::{PlayerId, Verdict};

pub struct Tb;

const PIG_PHASE: &str = "pig";
const GOODS_PHASE: &str = "goods";
const BUILDER_PLACE_PHASE: &str = "builder-place";
const BUILDER_TRIGGER_PHASE: &str = "builder-trigger";
const BUILDER_HOME_PHASE: &str = "builder-home";

/// The most goods tokens of one kind a scenario may give a player at the start: far beyond
/// the box's 9 wine.
pub const MAX_START_GOODS: u32 = 1000;

/// The most pigs each player may have (the box gives one; JCloisterZone may give more).
pub const MAX_PIGS_EACH: u8 = 8;

/// What a player does or holds with the pieces of Traders and Builders.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Action {
    /// The turn's pig, instead of a follower, on the field of the tile just placed that
    /// reaches exactly these half-edges of the board (none: the field enclosed by cities).
    Pig { halves: u8 },
    /// On the starting board: `player`'s pig on the field of the tile that reaches these
    /// half-edges of the board.
    StandingPig { player: PlayerId, halves: u8 },
    /// Held when the game starts: a player's goods tokens, in `Goods::ALL` order.
    Goods { player: PlayerId, tokens: [u32; 3] },
    /// Held when the game starts: the pigs each player has.
    PigsEach(u8),
}

/// The expansion's pieces and tokens.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct State {
    /// The goods tokens each player holds, in `Goods::ALL` order.
    pub goods: Vec<[u32; 3]>,
    /// The pigs on the board: owner and the field segment each stands on.
    pub pigs: Vec<(PlayerId, SegId)>,
    /// How many pigs each player has (one in the box).
    pub pigs_each: u8,
}

impl State {
    /// The pigs `player` has not put on the board.
    pub fn pigs_left(&self, player: PlayerId) -> u8 {
        let out = self.pigs.iter().filter(|(p, _)| *p == player).count();
        self.pigs_each.saturating_sub(u8::try_from(out).unwrap_or(u8::MAX))
    }
}

/// A field of a tile by the half-edges of the board it reaches, as a player says it (`field
/// NL NR`; `field centre`, enclosed by cities).
pub fn field_words(halves: u8) -> String {
    if halves == 0 {
        return "field centre".to_string();
    }
    let names: Vec<&str> = (0..8u8).filter(|h| halves & (1 << h) != 0).map(|h| Half(h).name()).collect();
    format!("field {}", names.join(" "))
}

fn actions(mv: &Move) -> impl Iterator<Item = &Action> {
    mv.extras.iter().filter_map(|e| e.get::<Action>())
}

/// What becomes of a pig whose field's farmers a barn (Abbey and Mayor) sends home: it stays,
/// as its own rule says (rule::PIG_PLACEMENT: until the game ends), or it goes home with
/// them, as JCloisterZone plays it (rule::PIG_HOME_JCZ, its owner may place it again).
pub static PIG_WITH_BARN: crate::ruleset::SwitchDef = crate::ruleset::SwitchDef {
    name: "pig.barn-sends-farmers-home",
    question: "When a barn sends a field's farmers home, does a pig in that field stay or go home too?",
    values: &[
        ("pig-stays", "it stays in its field until the end, as the pig's rule says"),
        ("pig-goes-home", "it goes home with the farmers and may be placed again (JCloisterZone)"),
    ],
    rules: &[rule::PIG_PLACEMENT, rule::PIG_HOME_JCZ],
    governs: &[],
};

/// The expansion's options, from the profile.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Options {
    /// A pig goes home with the farmers a barn sends home (JCloisterZone).
    pub pig_home_with_barn_farmers: bool,
}

impl Expansion for Tb {
    /// No action of this expansion changes an edge.
    fn edge_changes(&self) -> super::EdgeChanges {
        super::EdgeChanges::None
    }

    fn id(&self) -> ExpansionId {
        ExpansionId::Tb
    }

    fn switches(&self) -> &'static [&'static crate::ruleset::SwitchDef] {
        static ALL: [&crate::ruleset::SwitchDef; 1] = [&PIG_WITH_BARN];
        &ALL
    }

    fn read_options(&self, profile: &crate::ruleset::Profile, into: &mut crate::expansion::Slots) {
        into.insert(Options { pig_home_with_barn_farmers: profile.value(&PIG_WITH_BARN) == "pig-goes-home" });
    }

    fn farmers_sent_home(&self, game: &mut Game, field: SegId) {
        // rule::PIG_HOME_JCZ: under JCloisterZone's reading the field's pigs go home too.
        if game.options().of::<Options>().pig_home_with_barn_farmers {
            let pigs = &game.state_of::<State>().pigs;
            let kept: Vec<(PlayerId, SegId)> =
                pigs.iter().copied().filter(|(_, s)| game.feature_of(*s) != field).collect();
            if kept.len() != pigs.len() {
                game.state_of_mut::<State>().pigs = kept;
            }
        }
    }

    fn rule_book(&self) -> &'static crate::rules::RuleBook {
        &rule::BOOK
    }

    fn tiles(&self) -> Option<&'static crate::embedded::Embedded> {
        const TILES: crate::embedded::Embedded = crate::embed!("tiles/tb.yaml");
        Some(&TILES)
    }

    fn setup(&self, game: &mut Game) {
        let n = game.players().len();
        game.state.insert(State { goods: vec![[0; 3]; n], pigs: Vec::new(), pigs_each: 1 });
        builder::setup(game);
    }

    fn needs_completions(&self) -> bool {
        // Goods are taken from every city the turn completed, occupied or not.
        true
    }

    fn phases(&self, _options: &AllOptions, seq: &mut Vec<Phase>) {
        // The pig and the builder go down where the follower would (instead of it). The
        // builder joins the feature as the follower phase left it; whether the tile
        // extended the builder's feature is judged before the scoring (which may send the
        // builder home, rule::BUILDER_DOUBLE_TURN), and it goes home after it.
        let at = seq.iter().position(|p| *p == Phase::DeployFollower).map_or(seq.len(), |i| i + 1);
        seq.insert(at, Phase::Expansion(ExpansionId::Tb, PIG_PHASE));
        seq.insert(at + 1, Phase::Expansion(ExpansionId::Tb, BUILDER_PLACE_PHASE));
        let at = seq.iter().position(|p| *p == Phase::ScoreCompleted).unwrap_or(seq.len());
        seq.insert(at, Phase::Expansion(ExpansionId::Tb, BUILDER_TRIGGER_PHASE));
        // rule::COMPLETER_TAKES: the city is scored first, then its goods are taken.
        let at = seq.iter().position(|p| *p == Phase::ScoreCompleted).map_or(seq.len(), |i| i + 1);
        seq.insert(at, Phase::Expansion(ExpansionId::Tb, GOODS_PHASE));
        seq.push(Phase::Expansion(ExpansionId::Tb, BUILDER_HOME_PHASE));
    }

    fn grants_second_part(&self) -> bool {
        true
    }

    fn refuses_another_part(&self, game: &Game, player: PlayerId, turn: u16) -> Option<Verdict> {
        builder::third_part(game, player, turn)
    }

    fn takes(&self, action: &Extra) -> bool {
        action.get::<Action>().is_some() || action.get::<builder::Action>().is_some()
    }

    fn deploys_instead(&self, action: &Extra) -> Option<(crate::rules::RuleId, &'static str)> {
        match (action.get::<Action>(), action.get::<builder::Action>()) {
            (Some(Action::Pig { .. }), _) => Some((rule::PIG_PLACEMENT, "the pig")),
            (_, Some(builder::Action::Place { .. })) => Some((rule::BUILDER_PLACEMENT, "the builder")),
            _ => None,
        }
    }

    fn describe(&self, game: &Game, action: &Extra) -> Option<String> {
        if let Some(b) = action.get::<builder::Action>() {
            return Some(builder::describe(b));
        }
        Some(match action.get::<Action>()? {
            Action::Pig { halves } => format!("pig on {}", field_words(*halves)),
            Action::StandingPig { player, halves } => {
                format!("{}'s pig standing on {}", game.player_name(*player), field_words(*halves))
            }
            Action::Goods { player, tokens } => {
                format!("{} holds {}", game.player_name(*player), goods::words(tokens))
            }
            Action::PigsEach(n) => format!("{n} pig(s) each"),
        })
    }

    fn setup_held(&self, game: &mut Game, held: &Extra) -> Result<(), Verdict> {
        match held.get::<Action>() {
            Some(Action::Goods { player, tokens }) => {
                let st = game.state_of_mut::<State>();
                for (have, more) in st.goods[player.index()].iter_mut().zip(tokens) {
                    *have = have.saturating_add(*more);
                }
                Ok(())
            }
            Some(Action::PigsEach(n)) => {
                game.state_of_mut::<State>().pigs_each = *n;
                Ok(())
            }
            _ => Err(Verdict::new(
                crate::expansion::base::rule::EXPANSION_IN_PLAY,
                "of Traders and Builders, the players hold goods tokens and pigs when the game starts",
            )),
        }
    }

    fn setup_piece(&self, game: &mut Game, at: Pos, piece: &Extra) -> Result<(), Verdict> {
        if let Some(b) = piece.get::<builder::Action>() {
            return builder::setup_piece(game, at, b);
        }
        match piece.get::<Action>() {
            Some(Action::StandingPig { player, halves }) => pig::stand(game, *player, at, *halves),
            _ => Err(Verdict::new(
                crate::expansion::base::rule::EXPANSION_IN_PLAY,
                "of Traders and Builders, the starting board holds pigs",
            )),
        }
    }

    fn check_placement(&self, game: &Game, player: PlayerId, mv: &Move) -> Result<(), Verdict> {
        if actions(mv).any(|a| !matches!(a, Action::Pig { .. })) {
            return Err(Verdict::new(
                crate::expansion::base::rule::EXPANSION_IN_PLAY,
                "a standing pig is written on the starting board, and goods or pigs held at the start under the scenario",
            ));
        }
        // The pig and the builder each go instead of a follower: one figure a turn.
        let builders = mv.extras.iter().filter(|x| x.get::<builder::Action>().is_some()).count();
        if builders > 0 && actions(mv).next().is_some() {
            return Err(Verdict::new(
                rule::PIG_PLACEMENT,
                "the pig and the builder are each placed instead of a follower: a turn places one figure",
            ));
        }
        pig::check(game, player, mv)?;
        builder::check(game, player, mv)
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
        // The pig first, added to the sets offered before (never to a builder's).
        pig::options(game, player, mv, out);
        builder::options(game, player, mv, out);
    }

    fn run_phase(&self, game: &mut Game, phase: &'static str, turn: &TurnContext) -> Result<(), Verdict> {
        match phase {
            PIG_PHASE => pig::place(game, turn),
            BUILDER_PLACE_PHASE => builder::place(game, turn),
            BUILDER_TRIGGER_PHASE => builder::trigger(game, turn),
            BUILDER_HOME_PHASE => {
                builder::go_home(game, turn.turn);
                Ok(())
            }
            _ => {
                goods::take(game, turn);
                Ok(())
            }
        }
    }

    fn field_bonus(
        &self,
        game: &Game,
        field: SegId,
        player: PlayerId,
        cities: &[SegId],
        out: &mut crate::score::Items,
    ) {
        pig::bonus(game, field, player, cities, out);
    }

    fn final_scoring(&self, game: &mut Game) -> Result<(), Verdict> {
        goods::final_majority(game);
        Ok(())
    }

    fn pieces(&self, game: &Game, out: &mut Vec<crate::expansion::Piece>) {
        pig::pieces(game, out);
        builder::pieces(game, out);
    }

    fn tokens_held(&self, game: &Game, player: PlayerId, out: &mut Vec<(&'static str, u32)>) {
        let tokens = &game.state_of::<State>().goods[player.index()];
        out.extend(crate::tile::Goods::ALL.iter().map(|g| (g.as_str(), tokens[g.index()])));
    }

    fn standing(&self, game: &Game, player: PlayerId, out: &mut Vec<String>) {
        let st = game.state_of::<State>();
        let tokens = &st.goods[player.index()];
        if tokens.iter().any(|n| *n > 0) {
            out.push(goods::words(tokens));
        }
        let on_board = st.pigs.iter().filter(|(p, _)| *p == player).count();
        if on_board > 0 {
            out.push(if on_board == 1 {
                "pig on the board".to_string()
            } else {
                format!("{on_board} pigs on the board")
            });
        }
        if game.state_of::<builder::Builders>().at.get(player.index()).is_some_and(Option::is_some) {
            out.push("builder on the board".to_string());
        }
    }
}

pub mod rule {
    //! The rules of Traders and Builders (1st edition). Their wording and sources are in the catalogue file named below.

    crate::rules::rule_ids! {
        catalogue: "rulesets/rules/tb.yaml";
        /// The box adds 24 land tiles: 9 with wine, 6 with grain, 5 with cloth, 4 without goods.
        TILES = "tb.components.tiles",
        /// 20 goods tokens: 9 wine, 6 grain, 5 cloth, one per symbol on the tiles.
        TOKENS = "tb.components.goods-tokens",
        /// A builder and a pig in each player's colour.
        FIGURES = "tb.components.figures",
        /// The new tiles are shuffled in with the others and placed by the usual rules.
        MIX_TILES = "tb.setup.mix-tiles",
        /// Tile 24: one road passes over the other, two separate roads and four fields.
        CROSSING = "tb.tiles.crossing-two-roads",
        /// A completed city's goods go to the player who laid the completing tile, whoever scores it.
        COMPLETER_TAKES = "tb.goods.completer-takes",
        /// At the end the players with most tokens of a kind score 10 each, ties in full.
        FINAL_MAJORITY = "tb.goods.final-majority",
        /// A kind of goods nobody holds scores for nobody.
        NONE_HELD = "tb.goods.none-held-scores-nothing",
        /// The pig goes, instead of a follower, in a field of the new tile holding its owner's farmer.
        PIG_PLACEMENT = "tb.pig.placement",
        /// Each player has one pig.
        PIG_SUPPLY = "tb.pig.one-each",
        /// The pig is not a follower: it counts for no majority and stays to the end.
        PIG_NOT_A_FOLLOWER = "tb.pig.not-a-follower",
        /// A player who scores a field with their pig in it gets 4 per completed city instead of 3.
        PIG_FARM = "tb.pig.farm-value",
        /// With Bridges, Castles and Bazaars a castle is worth 5 to them instead of 4.
        PIG_CASTLE = "tb.pig.castle-five",
        /// Two pigs of one player in one field add the bonus once.
        PIG_ONCE = "tb.pig.one-bonus-per-field",
        /// JCloisterZone's reading: a pig goes home with the farmers a barn sends home.
        PIG_HOME_JCZ = "tb.pig.jcz-home-with-barn-farmers",
        /// The builder joins a road or city of the new tile holding its owner's follower, instead of a follower.
        BUILDER_PLACEMENT = "tb.builder.placement",
        /// A tile extending the builder's road or city earns a second tile in the same turn.
        BUILDER_DOUBLE_TURN = "tb.builder.double-turn",
        /// The second tile may be declined.
        BUILDER_OPTIONAL = "tb.builder.double-turn-optional",
        /// A second tile earns no third.
        BUILDER_NO_CHAIN = "tb.builder.no-chain",
        /// The builder goes home when no follower of its owner is left in its feature.
        BUILDER_HOME = "tb.builder.returns-with-last-follower",
    }
}
