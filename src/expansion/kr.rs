//! King and Robber (1st edition; the Carcassonne half of King and Scout, later one part of
//! Count, King and Robber): five land tiles, the King tile and the Robber Baron tile.
//!
//! What it models: nobody holds either title when the game starts (`kr.setup.titles-aside`).
//! After a turn's scoring (a `king-robber` phase after `ScoreCompleted`), the largest city
//! the placement completed, counted in tiles (a double-size tile once), gives the King to the
//! player who laid the completing tile, whoever occupied the city, if it is larger than every
//! city completed before it while the King was held (`kr.king.take`); a city only as large
//! leaves it where it is (`kr.king.larger-only`, said as an event of 0 points to the player
//! who completed it). The longest completed road gives the Robber Baron the same way
//! (`kr.robber.take`, `kr.robber.longer-only`). At the end the holder of each scores 1 point
//! for every completed city (the King) or road (the Robber Baron) on the board, occupied or
//! not (`kr.king.final`, `kr.robber.final`). A town made a castle (Bridges, Castles and
//! Bazaars, either edition's castle) is no city: it never takes the King and is not counted
//! at the end, which the event says (`kr.king.castle-not-city`); a German castle (Castles in
//! Germany) is a feature of its own kind, never a city.
//!
//! Neither title is a piece on the board: a scenario taken up mid-game says who holds each and
//! the size of the city or road that gave it (`king: {player: Red, size: 5}`); the pictures
//! show it beside its holder's score.
//!
//! JCloisterZone's other scorings of the titles (its option `king-and-robber-scoring`), for
//! which no published rule text was found, are the switch `king-robber.scoring`, at the 1st
//! edition's `per-completed-feature` under every profile, `jcz` included (JCloisterZone's
//! default); a scenario, or a saved game through the importer, sets another value: `ten-each`
//! (10 points a title at the end, `kr.jcz.ten-each`), `fifteen-or-forty` (15 for one title, 40
//! for both, `kr.jcz.fifteen-or-forty`), `continuously` (no end scoring: after each turn's
//! scoring the holder, as the turn began, scores 1 for each city or road the placement
//! completed, `kr.jcz.continuously`).
//!
//! What it does not model, refused where it is met: a game with only one of the two titles.

use super::{Expansion, ExpansionId, Extra, Options as AllOptions};
use crate::engine::{Figure, Game, Move, Phase, TurnContext};
use crate::geom::Pos;
use crate::ruleset::SwitchDef;
use crate::score::{FeatureRef, PlayerId, ScoreEvent, ScoreItem, Timing, Verdict};
use crate::tile::FeatureKind;
use smallvec::smallvec;

pub struct Kr;

/// How the titles score: the 1st edition's count at the end, or one of JCloisterZone's options.
pub static SCORING: SwitchDef = SwitchDef {
    name: "king-robber.scoring",
    question: "How do the King and the Robber Baron score?",
    values: &[
        ("per-completed-feature", "1 point a completed city (road) on the board at the end (the 1st edition)"),
        ("ten-each", "10 points a title at the end (a JCloisterZone option; no published rule)"),
        ("fifteen-or-forty", "15 points for one title, 40 for both, at the end (a JCloisterZone option; no published rule)"),
        (
            "continuously",
            "1 point to the holder for each city (road) completed while held, nothing at the end (a JCloisterZone option; no published rule)",
        ),
    ],
    rules: &[rule::KING_FINAL, rule::ROBBER_FINAL, rule::JCZ_TEN_EACH, rule::JCZ_FIFTEEN_OR_FORTY, rule::JCZ_CONTINUOUSLY],
    governs: &[],
};

/// The value of `king-robber.scoring` a game is played under.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Scoring {
    #[default]
    PerCompletedFeature,
    TenEach,
    FifteenOrForty,
    Continuously,
}

impl Scoring {
    fn read(profile: &crate::ruleset::Profile) -> Scoring {
        match profile.value(&SCORING) {
            "ten-each" => Scoring::TenEach,
            "fifteen-or-forty" => Scoring::FifteenOrForty,
            "continuously" => Scoring::Continuously,
            _ => Scoring::PerCompletedFeature,
        }
    }
}

const PHASE: &str = "king-robber";

/// The largest city or road a scenario may say gave a title: far beyond any board.
pub const MAX_SIZE: u32 = 10_000;

/// One of the two titles.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Title {
    /// The King: the largest completed city.
    King,
    /// The Robber Baron: the longest completed road.
    Robber,
}

impl Title {
    pub const ALL: [Title; 2] = [Title::King, Title::Robber];

    /// The feature whose completion gives it.
    pub fn kind(self) -> FeatureKind {
        match self {
            Title::King => FeatureKind::City,
            Title::Robber => FeatureKind::Road,
        }
    }

    /// Its name in reports.
    pub fn name(self) -> &'static str {
        match self {
            Title::King => "the King",
            Title::Robber => "the Robber Baron",
        }
    }

    /// The key a scenario writes it under, and the word for its record's size.
    pub fn key(self) -> &'static str {
        match self {
            Title::King => "king",
            Title::Robber => "robber",
        }
    }

    fn take_rule(self) -> crate::rules::RuleId {
        match self {
            Title::King => rule::KING_TAKE,
            Title::Robber => rule::ROBBER_TAKE,
        }
    }

    fn larger_rule(self) -> crate::rules::RuleId {
        match self {
            Title::King => rule::KING_LARGER_ONLY,
            Title::Robber => rule::ROBBER_LONGER_ONLY,
        }
    }

    fn final_rule(self) -> crate::rules::RuleId {
        match self {
            Title::King => rule::KING_FINAL,
            Title::Robber => rule::ROBBER_FINAL,
        }
    }

    fn final_kind(self) -> FeatureKind {
        match self {
            Title::King => FeatureKind::King,
            Title::Robber => FeatureKind::Robber,
        }
    }

    /// What one of its features is called (`city`, `road`).
    fn feature_word(self) -> &'static str {
        match self {
            Title::King => "city",
            Title::Robber => "road",
        }
    }
}

/// Held when the game starts (a scenario taken up mid-game): `player` holds `title`, given
/// by a city or road of `size` tiles.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Holds {
    pub title: Title,
    pub player: PlayerId,
    pub size: u32,
}

/// Who holds each title, and the size of the city or road that gave it.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct State {
    pub king: Option<(PlayerId, u32)>,
    pub robber: Option<(PlayerId, u32)>,
}

impl State {
    pub fn of(&self, title: Title) -> Option<(PlayerId, u32)> {
        match title {
            Title::King => self.king,
            Title::Robber => self.robber,
        }
    }

    fn set(&mut self, title: Title, to: (PlayerId, u32)) {
        match title {
            Title::King => self.king = Some(to),
            Title::Robber => self.robber = Some(to),
        }
    }
}

/// rule::KING_TAKE, rule::ROBBER_TAKE: after the placement's scoring, the largest city (and
/// the longest road) it completed, if larger than the record, gives the title to the player
/// who placed the tile; rule::KING_LARGER_ONLY, rule::ROBBER_LONGER_ONLY: one only as large
/// leaves it with its holder. Each said as an event of 0 points.
fn take(game: &mut Game, turn: &TurnContext) {
    if *game.options().of::<Scoring>() == Scoring::Continuously {
        continuous_scoring(game, turn);
    }
    for title in Title::ALL {
        // The first of the largest, in the order they were scored.
        let best = game
            .completions()
            .iter()
            .filter(|c| c.info.kind == title.kind())
            .fold(None, |best: Option<&crate::engine::Completion>, c| match best {
                Some(b) if b.info.tiles >= c.info.tiles => Some(b),
                _ => Some(c),
            })
            .map(|c| c.info.clone());
        let Some(info) = best else { continue };
        let held = game.state_of::<State>().of(title);
        let record = held.map_or(0, |(_, n)| n);
        let rule = if info.tiles > record {
            game.state_of_mut::<State>().set(title, (turn.player, info.tiles));
            title.take_rule()
        } else if info.tiles == record && held.is_some_and(|(p, _)| p != turn.player) {
            title.larger_rule()
        } else {
            continue;
        };
        let label = match (title, rule == title.take_rule()) {
            (Title::King, true) => "takes the King",
            (Title::Robber, true) => "takes the Robber Baron",
            (Title::King, false) => "the King stays (not larger)",
            (Title::Robber, false) => "the Robber Baron stays (not longer)",
        };
        let feature = game.feature_ref(&info);
        game.award(ScoreEvent {
            timing: Timing::Turn(turn.turn),
            players: smallvec![turn.player],
            feature,
            items: smallvec![ScoreItem { rule, label, count: 1, each: 0 }],
            because: smallvec![],
        });
    }
}

/// rule::JCZ_CONTINUOUSLY: before the titles change hands, each title's holder as the turn
/// began scores 1 for every city (road) the placement completed, occupied or not.
fn continuous_scoring(game: &mut Game, turn: &TurnContext) {
    for title in Title::ALL {
        let Some((holder, _)) = game.state_of::<State>().of(title) else { continue };
        let done: Vec<crate::engine::FeatureInfo> =
            game.completions().iter().filter(|c| c.info.kind == title.kind()).map(|c| c.info.clone()).collect();
        let Some(first) = done.first() else { continue };
        let label = match title {
            Title::King => "city completed this turn",
            Title::Robber => "road completed this turn",
        };
        let words = format!(
            "{} ({} {}{} completed this turn)",
            title.name(),
            done.len(),
            title.feature_word(),
            if done.len() == 1 { "" } else { "s" }
        );
        let feature = game.feature_ref(first).with_words(words);
        game.award(ScoreEvent {
            timing: Timing::Turn(turn.turn),
            players: smallvec![holder],
            feature,
            items: smallvec![ScoreItem { rule: rule::JCZ_CONTINUOUSLY, label, count: done.len() as u32, each: 1 }],
            because: smallvec![],
        });
    }
}

/// Under one of JCloisterZone's fixed scorings: rule::JCZ_TEN_EACH, 10 points a title;
/// rule::JCZ_FIFTEEN_OR_FORTY, 15 for one title, 40 to a player holding both (one event).
fn fixed_final_scoring(game: &mut Game, scoring: Scoring) {
    let st = game.state_of::<State>().clone();
    let both = match (st.king, st.robber) {
        (Some((k, _)), Some((r, _))) => k == r,
        _ => false,
    };
    for title in Title::ALL {
        let Some((holder, size)) = st.of(title) else { continue };
        let (rule, label, points) = match scoring {
            Scoring::FifteenOrForty if both && title == Title::Robber => continue,
            Scoring::FifteenOrForty if both => (rule::JCZ_FIFTEEN_OR_FORTY, "both titles", 40),
            Scoring::FifteenOrForty => (rule::JCZ_FIFTEEN_OR_FORTY, "one title", 15),
            _ => (rule::JCZ_TEN_EACH, "title held", 10),
        };
        let name = if label == "both titles" { "the King and the Robber Baron" } else { title.name() };
        let words = format!("{name} (held since a {} of {size} tiles)", title.feature_word());
        let feature = FeatureRef::new(title.final_kind(), Pos::new(0, 0), u8::MAX, title.name(), 0).with_words(words);
        game.award(ScoreEvent {
            timing: Timing::End,
            players: smallvec![holder],
            feature,
            items: smallvec![ScoreItem { rule, label, count: 1, each: points }],
            because: smallvec![],
        });
    }
}

/// rule::KING_FINAL, rule::ROBBER_FINAL: each title's holder scores 1 per completed city or
/// road on the board; rule::CASTLE_NOT_CITY: a town made a castle is not counted (an item of
/// 0 points, so that the report says why).
fn final_scoring(game: &mut Game) {
    match *game.options().of::<Scoring>() {
        Scoring::PerCompletedFeature => {}
        // Scored as the titles went, nothing at the end.
        Scoring::Continuously => return,
        fixed => return fixed_final_scoring(game, fixed),
    }
    for title in Title::ALL {
        let Some((holder, size)) = game.state_of::<State>().of(title) else { continue };
        let all = game.completed_features(title.kind());
        // No expansion claims a road as something else: every completed road counts.
        let counted = match title {
            Title::King => all.iter().filter(|(_, claimed)| !claimed).count() as u32,
            Title::Robber => all.len() as u32,
        };
        let claimed = all.len() as u32 - counted;
        let label = match title {
            Title::King => "completed city",
            Title::Robber => "completed road",
        };
        let mut items: crate::score::Items =
            smallvec![ScoreItem { rule: title.final_rule(), label, count: counted, each: 1 }];
        if claimed > 0 {
            items.push(ScoreItem { rule: rule::CASTLE_NOT_CITY, label: "castle (no city)", count: claimed, each: 0 });
        }
        let words = format!(
            "{} ({} completed {}{} on the board; held since a {} of {size} tiles)",
            title.name(),
            counted,
            title.feature_word(),
            if counted == 1 { "" } else { "s" },
            title.feature_word(),
        );
        let feature = FeatureRef::new(title.final_kind(), Pos::new(0, 0), u8::MAX, title.name(), 0).with_words(words);
        // The Count's city of Carcassonne is one of the completed cities (count.city.king).
        let carcassonne = title == Title::King
            && all
                .iter()
                .any(|(root, claimed)| !claimed && crate::expansion::count::is_city_of_carcassonne(game, *root));
        let because = if carcassonne { smallvec![crate::expansion::count::rule::CITY_KING] } else { smallvec![] };
        game.award(ScoreEvent { timing: Timing::End, players: smallvec![holder], feature, items, because });
    }
}

impl Expansion for Kr {
    fn id(&self) -> ExpansionId {
        ExpansionId::KingRobber
    }

    fn rule_book(&self) -> &'static crate::rules::RuleBook {
        &rule::BOOK
    }

    fn tiles(&self) -> Option<&'static crate::embedded::Embedded> {
        const TILES: crate::embedded::Embedded = crate::embed!("tiles/king-robber.yaml");
        Some(&TILES)
    }

    /// No action of this expansion changes an edge.
    fn edge_changes(&self) -> super::EdgeChanges {
        super::EdgeChanges::None
    }

    fn judges_bare_anywhere(&self) -> bool {
        // A placement is never refused by this expansion.
        true
    }

    fn forbidden_followers(&self, _game: &Game, _player: PlayerId, _bare: &Move, _figure: Figure) -> Option<u64> {
        Some(0)
    }

    fn switches(&self) -> &'static [&'static SwitchDef] {
        static ALL: [&SwitchDef; 1] = [&SCORING];
        &ALL
    }

    fn read_options(&self, profile: &crate::ruleset::Profile, into: &mut super::Slots) {
        into.insert(Scoring::read(profile));
    }

    fn setup(&self, game: &mut Game) {
        // rule::SETUP: both titles are set aside; nobody holds them.
        game.state.insert(State::default());
    }

    fn needs_completions(&self) -> bool {
        // The titles go with the cities and roads a placement completed, occupied or not.
        true
    }

    fn phases(&self, _options: &AllOptions, seq: &mut Vec<Phase>) {
        // After the scoring: the completed features are known then.
        let at = seq.iter().position(|p| *p == Phase::ScoreCompleted).map_or(seq.len(), |i| i + 1);
        seq.insert(at, Phase::Expansion(ExpansionId::KingRobber, PHASE));
    }

    fn run_phase(&self, game: &mut Game, _phase: &'static str, turn: &TurnContext) -> Result<(), Verdict> {
        take(game, turn);
        Ok(())
    }

    fn takes(&self, action: &Extra) -> bool {
        action.get::<Holds>().is_some()
    }

    fn describe(&self, game: &Game, action: &Extra) -> Option<String> {
        let h = action.get::<Holds>()?;
        Some(format!(
            "{} holds {} (a {} of {} tiles)",
            game.player_name(h.player),
            h.title.name(),
            h.title.feature_word(),
            h.size
        ))
    }

    fn check_placement(&self, _game: &Game, _player: PlayerId, mv: &Move) -> Result<(), Verdict> {
        if mv.extras.iter().any(|e| e.get::<Holds>().is_some()) {
            return Err(Verdict::new(
                crate::expansion::base::rule::EXPANSION_IN_PLAY,
                "who holds the King or the Robber Baron when the game starts is written under the scenario, not on a turn",
            ));
        }
        Ok(())
    }

    fn setup_held(&self, game: &mut Game, held: &Extra) -> Result<(), Verdict> {
        match held.get::<Holds>() {
            Some(h) if (1..=MAX_SIZE).contains(&h.size) => {
                game.state_of_mut::<State>().set(h.title, (h.player, h.size));
                Ok(())
            }
            Some(h) => Err(Verdict::new(
                h.title.take_rule(),
                format!("{} is held for a {} of 1 to {MAX_SIZE} tiles", h.title.name(), h.title.feature_word()),
            )),
            None => Err(Verdict::new(
                crate::expansion::base::rule::EXPANSION_IN_PLAY,
                "of King and Robber, the players hold the King and the Robber Baron when the game starts",
            )),
        }
    }

    fn standing(&self, game: &Game, player: PlayerId, out: &mut Vec<String>) {
        let st = game.state_of::<State>();
        for title in Title::ALL {
            if let Some((p, size)) = st.of(title) {
                if p == player {
                    out.push(format!("{} ({} of {size} tiles)", title.name(), title.feature_word()));
                }
            }
        }
    }

    fn final_scoring(&self, game: &mut Game) -> Result<(), Verdict> {
        final_scoring(game);
        Ok(())
    }
}

pub mod rule {
    //! The rules of King and Robber (1st edition). Their wording and sources are in the catalogue file named below.

    crate::rules::rule_ids! {
        catalogue: "rulesets/rules/king-robber.yaml";
        /// Five new land tiles, the King tile and the Robber Baron tile.
        COMPONENTS = "kr.components",
        /// The new tiles are shuffled in and placed by the usual rules; the two titles start aside.
        SETUP = "kr.setup.titles-aside",
        /// One of the new tiles shows two separate cities crossing, which later tiles may join.
        TWO_CITIES = "kr.tiles.two-separate-cities",
        /// Completing a city larger than any before gives the King to the player who laid the tile.
        KING_TAKE = "kr.king.take",
        /// A completed city only as large as the record leaves the King where it is.
        KING_LARGER_ONLY = "kr.king.larger-only",
        /// At the end the King scores 1 per completed city on the board.
        KING_FINAL = "kr.king.final",
        /// Completing a road longer than any before gives the Robber Baron to the player who laid the tile.
        ROBBER_TAKE = "kr.robber.take",
        /// A completed road only as long as the record leaves the Robber Baron where it is.
        ROBBER_LONGER_ONLY = "kr.robber.longer-only",
        /// At the end the Robber Baron scores 1 per completed road on the board.
        ROBBER_FINAL = "kr.robber.final",
        /// A castle (a town made one) is no city for the King.
        CASTLE_NOT_CITY = "kr.king.castle-not-city",
        /// JCloisterZone's option: each title's holder scores 10 at the end.
        JCZ_TEN_EACH = "kr.jcz.ten-each",
        /// JCloisterZone's option: 15 at the end for one title, 40 for both.
        JCZ_FIFTEEN_OR_FORTY = "kr.jcz.fifteen-or-forty",
        /// JCloisterZone's option: the holder scores 1 for each city or road completed while held.
        JCZ_CONTINUOUSLY = "kr.jcz.continuously",
    }
}
