//! Little Buildings (1st edition, Spielbox 2012): 18 building tokens (6 towers, 6 houses,
//! 6 sheds) shared out among the players.
//!
//! What it models:
//! * the supply: 18 / players each (the rest back in the box); under the variant's scoring,
//!   the same number of each kind each, 6 / players of each ([`per_player`]);
//! * a building put on the tile just placed instead of a follower (`Action::Build`, a
//!   `little-building` phase after the follower's, [`Expansion::deploys_instead`]): it belongs
//!   to the tile, not to a feature of it, and stays to the end of the game;
//! * its points: when a road, city, cloister (its 9 squares) or, at the end, a farm is scored,
//!   each building on a tile of it adds to the score of whoever scores it, after every other
//!   item ([`Expansion::score_items`]): 1 each under the rules, or 3 / 2 / 1 for a tower /
//!   house / shed under the variant (the switch `little-buildings.scoring`). The final
//!   scoring counts them too. A castle of Bridges, Castles and Bazaars takes a feature's
//!   score with its buildings' points, and nothing for buildings merely on its fief's tiles
//!   (it appraises the feature through these same items).
//!
//! What it does not model: a building anywhere but on the tile just placed (a scenario writes
//! none elsewhere; the JCloisterZone importer refuses one, located at its message), a
//! `supply:` word for the buildings (each player has the rules' share), and buildings on a
//! garden (The Abbot's), which is no cloister: it scores none of them.

use super::{Expansion, ExpansionId, Extra, Options as AllOptions, Piece, PieceAt};
use crate::engine::{FeatureInfo, Game, Move, Phase, Trials, TurnContext};
use crate::geom::Pos;
use crate::ruleset::SwitchDef;
use crate::score::{Items, PlayerId, ScoreItem, Timing, Verdict};
use crate::tile::FeatureKind;

pub struct LittleBuildings;

const BUILD_PHASE: &str = "little-building";

/// The box: this many of each kind.
pub const OF_EACH_KIND: u8 = 6;

/// The three kinds of building.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Kind {
    Tower,
    House,
    Shed,
}

impl Kind {
    pub const ALL: [Kind; 3] = [Kind::Tower, Kind::House, Kind::Shed];

    pub fn word(self) -> &'static str {
        match self {
            Kind::Tower => "tower",
            Kind::House => "house",
            Kind::Shed => "shed",
        }
    }

    pub fn parse(s: &str) -> Option<Kind> {
        Kind::ALL.into_iter().find(|k| k.word() == s)
    }

    fn index(self) -> usize {
        self as usize
    }

    /// What the piece is called in pictures (apart from The Tower's tower).
    fn piece(self) -> &'static str {
        match self {
            Kind::Tower => "little tower",
            Kind::House => "little house",
            Kind::Shed => "little shed",
        }
    }

    /// Its points under the variant.
    fn variant_points(self) -> i32 {
        match self {
            Kind::Tower => 3,
            Kind::House => 2,
            Kind::Shed => 1,
        }
    }
}

/// What a player does with a little building.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Action {
    /// A building of this kind on the tile just placed (on the starting board: on the tile).
    Build(Kind),
    /// A player's buildings left of each kind when the game starts (`supply:`).
    Left { player: PlayerId, kind: Kind, count: u8 },
    /// Every player's buildings left of each kind, the same count (`supply: {tower: 2}`).
    LeftEach { kind: Kind, count: u8 },
}

pub static SCORING: SwitchDef = SwitchDef {
    name: "little-buildings.scoring",
    question: "What does each little building on a scored feature's tiles add?",
    values: &[
        ("one-each", "1 point each, the three kinds alike (the rules)"),
        ("by-kind", "3 for a tower, 2 for a house, 1 for a shed (the rulebook's variant)"),
    ],
    rules: &[rule::POINTS, rule::VARIANT],
    governs: &[],
};

/// The expansion's options, from the profile.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Options {
    pub by_kind: bool,
}

/// Where the buildings stand and what each player has left.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct State {
    pub on: Vec<(Pos, Kind)>,
    /// Each player's buildings left, by kind (`Kind::index`).
    pub left: Vec<[u8; 3]>,
}

/// What the rules give each player of each kind: the 18 shared out evenly (the rest back in
/// the box). The three kinds are alike under the rules, so only the total counts there:
/// 18 / players, given as evenly over the kinds as the count allows; under the variant, each
/// player gets the same number of each kind, 6 / players.
pub fn per_player(players: usize, by_kind: bool) -> [u8; 3] {
    let n = players.max(1) as u8;
    if by_kind {
        return [OF_EACH_KIND / n; 3];
    }
    let total = OF_EACH_KIND * 3 / n;
    let each = total / 3;
    let mut out = [each; 3];
    for k in out.iter_mut().take((total % 3) as usize) {
        *k += 1;
    }
    out
}

fn builds(mv: &Move) -> impl Iterator<Item = Kind> + '_ {
    mv.extras.iter().filter_map(|e| e.get::<Action>()).filter_map(|a| match a {
        Action::Build(k) => Some(*k),
        _ => None,
    })
}

/// The squares whose buildings a feature counts: a cloister's 9, else the tiles it covers.
fn squares(game: &Game, feature: &FeatureInfo) -> Vec<Pos> {
    match feature.kind {
        FeatureKind::Cloister | FeatureKind::Garden => {
            (-1..=1).flat_map(|dx| (-1..=1).map(move |dy| Pos { x: feature.at.x + dx, y: feature.at.y + dy })).collect()
        }
        _ => game.squares_of(feature.root),
    }
}

impl Expansion for LittleBuildings {
    fn id(&self) -> ExpansionId {
        ExpansionId::LittleBuildings
    }

    fn rule_book(&self) -> &'static crate::rules::RuleBook {
        &rule::BOOK
    }

    fn switches(&self) -> &'static [&'static SwitchDef] {
        static ALL: [&SwitchDef; 1] = [&SCORING];
        &ALL
    }

    fn read_options(&self, profile: &crate::ruleset::Profile, into: &mut super::Slots) {
        into.insert(Options { by_kind: profile.value(&SCORING) == "by-kind" });
    }

    fn setup(&self, game: &mut Game) {
        // rule::SUPPLY.
        let n = game.players().len();
        let by_kind = game.options().of::<Options>().by_kind;
        game.state.insert(State { on: Vec::new(), left: vec![per_player(n, by_kind); n] });
    }

    fn phases(&self, _options: &AllOptions, seq: &mut Vec<Phase>) {
        // rule::INSTEAD: in the follower's moment, before the scoring.
        let at = seq.iter().position(|p| *p == Phase::ScoreCompleted).unwrap_or(seq.len());
        seq.insert(at, Phase::Expansion(ExpansionId::LittleBuildings, BUILD_PHASE));
    }

    fn takes(&self, action: &Extra) -> bool {
        action.get::<Action>().is_some()
    }

    fn deploys_instead(&self, action: &Extra) -> Option<(crate::rules::RuleId, &'static str)> {
        match action.get::<Action>()? {
            Action::Build(_) => Some((rule::INSTEAD, "a little building")),
            _ => None,
        }
    }

    fn describe(&self, _game: &Game, action: &Extra) -> Option<String> {
        match action.get::<Action>()? {
            Action::Build(k) => Some(format!("little building ({}) on the tile", k.word())),
            _ => None,
        }
    }

    fn judges_bare_anywhere(&self) -> bool {
        true
    }

    fn edge_changes(&self) -> super::EdgeChanges {
        super::EdgeChanges::None
    }

    fn setup_piece(&self, game: &mut Game, at: Pos, piece: &Extra) -> Result<(), Verdict> {
        match piece.get::<Action>() {
            Some(Action::Build(k)) => {
                game.state_of_mut::<State>().on.push((at, *k));
                Ok(())
            }
            _ => Err(Verdict::new(rule::ON_TILE, "of Little Buildings, a tile of the board holds a building")),
        }
    }

    fn setup_held(&self, game: &mut Game, held: &Extra) -> Result<(), Verdict> {
        match held.get::<Action>() {
            Some(Action::Left { player, kind, count }) => {
                game.state_of_mut::<State>().left[player.index()][kind.index()] = *count;
                Ok(())
            }
            Some(Action::LeftEach { kind, count }) => {
                for l in game.state_of_mut::<State>().left.iter_mut() {
                    l[kind.index()] = *count;
                }
                Ok(())
            }
            _ => Err(Verdict::new(rule::SUPPLY, "of Little Buildings, the players hold buildings of each kind")),
        }
    }

    fn standing(&self, game: &Game, player: PlayerId, out: &mut Vec<String>) {
        let left = game.state_of::<State>().left[player.index()];
        let words: Vec<String> = Kind::ALL
            .into_iter()
            .filter(|k| left[k.index()] > 0)
            .map(|k| format!("{} {}", left[k.index()], k.word()))
            .collect();
        if !words.is_empty() {
            out.push(format!("little buildings left: {}", words.join(", ")));
        }
    }

    fn check_placement(&self, _game: &Game, _player: PlayerId, mv: &Move) -> Result<(), Verdict> {
        if builds(mv).count() > 1 {
            return Err(Verdict::new(rule::INSTEAD, "a turn puts down at most one little building"));
        }
        Ok(())
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
        if mv.follower.is_some() {
            return;
        }
        let left = game.state_of::<State>().left[player.index()];
        let before: Vec<Vec<Extra>> = std::iter::once(Vec::new()).chain(out.iter().cloned()).collect();
        for kind in Kind::ALL.into_iter().filter(|k| left[k.index()] > 0) {
            for set in &before {
                let mut set = set.clone();
                set.push(Extra::new(Action::Build(kind)));
                out.push(set);
            }
        }
    }

    fn run_phase(&self, game: &mut Game, phase: &'static str, turn: &TurnContext) -> Result<(), Verdict> {
        if phase != BUILD_PHASE {
            return Ok(());
        }
        let Some(kind) = builds(&turn.mv).next() else { return Ok(()) };
        let pos = turn.mv.pos;
        if game.state_of::<State>().left[turn.player.index()][kind.index()] == 0 {
            return Err(Verdict::new(
                rule::SUPPLY,
                format!("{} has no little {} left to put down", game.player_name(turn.player), kind.word()),
            ));
        }
        let st = game.state_of_mut::<State>();
        st.left[turn.player.index()][kind.index()] -= 1;
        st.on.push((pos, kind));
        Ok(())
    }

    fn pieces(&self, game: &Game, out: &mut Vec<Piece>) {
        for (at, k) in &game.state_of::<State>().on {
            out.push(Piece { what: k.piece(), at: PieceAt::Tile(*at), owner: None, holds: None, height: 1 });
        }
    }

    fn score_items(&self, game: &Game, feature: &FeatureInfo, timing: Timing, out: &mut Items) {
        // rule::POINTS (rule::VARIANT by the switch), for roads, cities, cloisters (their 9
        // squares: rule::CLOISTER_AREA) and farms (rule::FARM); at the end too (rule::FINAL).
        let _ = timing;
        if !matches!(feature.kind, FeatureKind::Road | FeatureKind::City | FeatureKind::Cloister | FeatureKind::Field) {
            return;
        }
        let on = &game.state_of::<State>().on;
        if on.is_empty() {
            return;
        }
        let squares = squares(game, feature);
        let mut counts = [0u32; 3];
        for (at, k) in on {
            if squares.contains(at) {
                counts[k.index()] += 1;
            }
        }
        let rule = match feature.kind {
            FeatureKind::Cloister => rule::CLOISTER_AREA,
            FeatureKind::Field => rule::FARM,
            _ => rule::POINTS,
        };
        if game.options().of::<Options>().by_kind {
            for k in Kind::ALL {
                if counts[k.index()] > 0 {
                    let label = match k {
                        Kind::Tower => "little tower",
                        Kind::House => "little house",
                        Kind::Shed => "little shed",
                    };
                    out.push(ScoreItem {
                        rule: rule::VARIANT,
                        label,
                        count: counts[k.index()],
                        each: k.variant_points(),
                    });
                }
            }
        } else {
            let count: u32 = counts.iter().sum();
            if count > 0 {
                out.push(ScoreItem { rule, label: "little building", count, each: 1 });
            }
        }
    }
}

pub mod rule {
    //! The rules of Little Buildings. Their wording and sources are in the catalogue file named below.

    crate::rules::rule_ids! {
        catalogue: "rulesets/rules/little-buildings.yaml";
        /// The box: 18 building tokens, 6 of each kind.
        CONTENTS = "lb.components.contents",
        /// The buildings are shared out evenly; the extra ones go back in the box.
        SUPPLY = "lb.setup.supply",
        /// Instead of a follower, a building on the tile just placed.
        INSTEAD = "lb.placement.instead-of-follower",
        /// A building belongs to its whole tile, not to a feature, and stays to the end.
        ON_TILE = "lb.placement.whole-tile",
        /// A scored road or city earns 1 more per building on its tiles, after the other items.
        POINTS = "lb.scoring.feature",
        /// A cloister counts the buildings on its 9 squares.
        CLOISTER_AREA = "lb.scoring.cloister-area",
        /// A farm scored earns 1 more per building on its tiles.
        FARM = "lb.scoring.farm",
        /// The final scoring counts the buildings as well.
        FINAL = "lb.scoring.final",
        /// Variant: a tower 3, a house 2, a shed 1.
        VARIANT = "lb.variant.by-kind",
    }
}
