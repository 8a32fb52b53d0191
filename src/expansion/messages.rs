//! The Messages (1st edition, Hans im Glück 2012; "Dispatches", Mini #2): a second scoring
//! figure for each player (a woman), eight message tiles drawn when a scoring figure lands on
//! a dark space of the scoreboard, and a land tile with a crop circle.
//!
//! What it models:
//! * the two scoring figures (`messages.track.two-figures`): a player's score is the sum of
//!   the spaces their scoring figure and their woman stand on; the state keeps the woman's
//!   space, the scoring figure's being the score less it (so a scenario's starting `scores:`
//!   stand on the scoring figure, and `women:` puts a woman on a space at the start);
//! * which figure each of the active player's scorings of a placement moves
//!   (`messages.track.choose-figure`), written in the turn (`track: [woman, scorer]`, one
//!   word per scoring that pays that player a positive number of points, in the order they
//!   are scored; without `track:` every one moves the scoring figure);
//! * a figure of the active player stopping on a dark space (a multiple of 5,
//!   `messages.track.dark-spaces`) draws a message (`messages.draw.active-player`), written in
//!   the turn as other expansions write draws (`message: 7`, or `{draw: 5, take: points}`, a
//!   list when several are drawn); a landing with no message written, a message written that
//!   no landing drew, are refused, located at the turn;
//! * the choice between the message's action and 2 points (`messages.draw.action-or-points`),
//!   for every message: the 2 points are an event of their own (feature `message`), which
//!   moves a figure as any scoring does and may draw a message in turn;
//! * Message 7 (`messages.message.7-tile`): the player draws a land tile and places it, a
//!   placement with all its phases and a scoring of its own in the same turn. It is the
//!   second part of a turn written in `parts:` (the engine's turn in two parts, as the
//!   builder's): the first part must draw Message 7 and take its action, and a Message 7
//!   taken earns exactly that second part. Another expansion reading "a later turn" by the
//!   placement (Bridges, Castles and Bazaars' castle under `castle.same-turn-completion:
//!   later-scoring-round-suffices`) sees the second part as a later scoring round;
//! * the legal moves (`referee moves`): each placement is tried to learn what it pays, then
//!   offered with each choice of figures and, at each dark space, each message that may be
//!   drawn for its 2 points (chance: every outcome listed) or Message 7's tile in a first
//!   part. Since any placement may stop a figure on a dark space, every move is judged by
//!   playing it while the expansion is in play (`judges_every_move_in_play`).
//!
//! What it does not model, refused where it is met: the actions of Messages 1-6 and 8
//! (`messages.message.others`: a verdict saying to take the 2 points instead, located at the
//! turn); a Message 7 drawn in the second part of a turn (a third tile), or twice in one part;
//! a turn in two parts earned by another expansion as well (the builder of Traders and
//! Builders) when Message 7 did not earn it (the first part must draw Message 7); the
//! opponents' choice of figure (their points, scored in another player's turn, move their
//! scoring figure, which draws nothing: `messages.draw.active-player`); negative points
//! (a bazaar bid paid) move the scoring figure back and draw nothing; a `women:` space above
//! the player's starting score is not refused (the scoring figure then stands below 0 until
//! it scores). The crop-circle tile is
//! not in the catalogue (an unknown tile). There are no JCloisterZone tile definitions or
//! engine tests for this expansion: the importer reads none of it.

use super::{Expansion, ExpansionId, Extra, Options as AllOptions};
use crate::engine::{FollowerOn, Game, Move, Part, Phase, Trials, TurnContext};
use crate::geom::Pos;
use crate::score::{FeatureRef, PlayerId, ScoreEvent, ScoreItem, Timing, Verdict};
use crate::tile::FeatureKind;
use smallvec::smallvec;

pub struct Messages;

const START: &str = "messages-start";
const PHASE: &str = "messages";

/// The message whose action places a land tile.
pub const TILE_MESSAGE: u8 = 7;
/// The points a message is worth when its action is not taken.
pub const INSTEAD_POINTS: i32 = 2;
/// The dark spaces of the scoreboard: every fifth.
pub const DARK_EVERY: i32 = 5;

/// A scoring figure on the scoreboard.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Figure {
    /// The player's scoring follower.
    Scorer,
    /// The woman (the second scoring figure).
    Woman,
}

impl Figure {
    pub const ALL: [Figure; 2] = [Figure::Scorer, Figure::Woman];

    pub fn word(self) -> &'static str {
        match self {
            Figure::Scorer => "scorer",
            Figure::Woman => "woman",
        }
    }

    pub fn parse(s: &str) -> Option<Figure> {
        Figure::ALL.into_iter().find(|f| f.word() == s)
    }
}

/// A message drawn: its number (1-8), and whether the player takes the 2 points instead of
/// its action.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Draw {
    pub message: u8,
    pub points: bool,
}

/// What a turn (or the start) writes of The Messages.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Action {
    /// The figure each scoring of the active player in this placement moves, in order.
    Track(Vec<Figure>),
    /// The messages drawn in this placement, in order.
    Draws(Vec<Draw>),
    /// A player's woman stands on this space when the game starts (`women:`).
    Woman { player: PlayerId, space: i32 },
    /// Never written nor offered: a move tried by [`Expansion::action_options`] to learn what
    /// its scorings pay, the track left unjudged.
    Probe,
}

/// The women's spaces, and where this placement's events begin.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct State {
    pub woman: Vec<i32>,
    /// The number of score events before this placement.
    pub since: usize,
}

fn track(mv: &Move) -> Option<&[Figure]> {
    mv.extras.iter().filter_map(|e| e.get::<Action>()).find_map(|a| match a {
        Action::Track(t) => Some(t.as_slice()),
        _ => None,
    })
}

fn draws(mv: &Move) -> &[Draw] {
    mv.extras
        .iter()
        .filter_map(|e| e.get::<Action>())
        .find_map(|a| match a {
            Action::Draws(d) => Some(d.as_slice()),
            _ => None,
        })
        .unwrap_or(&[])
}

/// An event of the message drawn, to the player, at no square of the board.
fn event(turn: u16, player: PlayerId, words: String, item: ScoreItem) -> ScoreEvent {
    ScoreEvent {
        timing: Timing::Turn(turn),
        players: smallvec![player],
        feature: FeatureRef::new(FeatureKind::Message, Pos { x: 0, y: 0 }, u8::MAX, "message", 0).with_words(words),
        items: smallvec![item],
        because: smallvec![rule::DARK_SPACES],
    }
}

/// The placement's scorings of the active player moved on the track, each landing on a dark
/// space drawing the next message written, resolved at once (its 2 points scored in turn).
fn run(game: &mut Game, turn: &TurnContext) -> Result<(), Verdict> {
    if turn.mv.extras.iter().any(|e| e.get::<Action>() == Some(&Action::Probe)) {
        return Ok(());
    }
    let p = turn.player;
    let name = game.player_name(p).to_string();
    let written = track(&turn.mv).map(<[Figure]>::to_vec);
    let drawn = draws(&turn.mv).to_vec();
    let since = game.state_of::<State>().since.min(game.events().len());
    let paid: i32 = game.events()[since..].iter().filter(|e| e.players.contains(&p)).map(ScoreEvent::points).sum();
    // The player's score before this placement's first event.
    let mut running = game.players()[p.index()].score - paid;
    let mut woman = game.state_of::<State>().woman[p.index()];
    let (mut moved, mut next_draw) = (0usize, 0usize);
    let mut tile_drawn = false;
    let mut i = since;
    while i < game.events().len() {
        let e = &game.events()[i];
        i += 1;
        if !e.players.contains(&p) {
            continue;
        }
        let pts = e.points();
        if pts <= 0 {
            running += pts;
            continue;
        }
        let figure = match &written {
            Some(list) => match list.get(moved) {
                Some(f) => *f,
                None => {
                    return Err(Verdict::new(
                        rule::CHOOSE_FIGURE,
                        format!(
                            "`track:` names {} figure(s), but {name} scores more times in this placement: name the figure each scoring moves",
                            list.len()
                        ),
                    ))
                }
            },
            None => Figure::Scorer,
        };
        moved += 1;
        let landed = match figure {
            Figure::Woman => woman + pts,
            Figure::Scorer => running - woman + pts,
        };
        if figure == Figure::Woman {
            woman += pts;
        }
        running += pts;
        if landed < 0 {
            return Err(Verdict::new(
                rule::TWO_FIGURES,
                format!("{name}'s woman stands on a space above their score: the scoring figure would stand below 0"),
            ));
        }
        if landed % DARK_EVERY != 0 {
            continue;
        }
        // rule::DARK_SPACES, rule::ACTIVE_PLAYER: a message is drawn.
        let Some(d) = drawn.get(next_draw).copied() else {
            return Err(Verdict::new(
                rule::ACTIVE_PLAYER,
                format!(
                    "{name}'s {} stops on the dark space {landed}: a message is drawn; write it (`message: N`, or `{{draw: N, take: points}}`)",
                    figure.word()
                ),
            ));
        };
        next_draw += 1;
        if d.points {
            let words = format!("message {} drawn on space {landed}, 2 points taken instead", d.message);
            let item = ScoreItem {
                rule: rule::ACTION_OR_POINTS,
                label: "message for 2 points",
                count: 1,
                each: INSTEAD_POINTS,
            };
            game.award(event(turn.turn, p, words, item));
            continue;
        }
        if d.message != TILE_MESSAGE {
            return Err(Verdict::new(
                rule::OTHERS,
                format!(
                    "Message {}'s action is not modelled; write `{{draw: {}, take: points}}` to take the 2 points instead",
                    d.message, d.message
                ),
            ));
        }
        match turn.mv.part {
            Part::First if !tile_drawn => tile_drawn = true,
            Part::First | Part::Second(_) => {
                return Err(Verdict::new(
                    rule::TILE,
                    format!("{name} draws Message 7 again in this turn: a third tile in one turn is not modelled"),
                ))
            }
            Part::Whole => {
                return Err(Verdict::new(
                    rule::TILE,
                    "Message 7 has its player place a land tile in this turn: write the turn in `parts:`, the second part placing it",
                ))
            }
        }
        let words = format!("message 7 drawn on space {landed}: a land tile drawn and placed");
        let item = ScoreItem { rule: rule::TILE, label: "land tile drawn", count: 1, each: 0 };
        game.award(event(turn.turn, p, words, item));
    }
    if let Some(list) = &written {
        if moved < list.len() {
            return Err(Verdict::new(
                rule::CHOOSE_FIGURE,
                format!("`track:` names {} figure(s), but {name} scores {moved} time(s) in this placement", list.len()),
            ));
        }
    }
    if next_draw < drawn.len() {
        return Err(Verdict::new(
            rule::ACTIVE_PLAYER,
            format!(
                "{} message(s) written, but {name}'s figures stop on a dark space {next_draw} time(s) in this placement",
                drawn.len()
            ),
        ));
    }
    if turn.mv.part == Part::First && !tile_drawn {
        return Err(Verdict::new(
            rule::TILE,
            format!("{name}'s first part draws no Message 7 whose action is taken, so the turn has no second part"),
        ));
    }
    game.state_of_mut::<State>().woman[p.index()] = woman;
    Ok(())
}

/// The most scorings of one placement whose figures are offered (2 ^ this track choices).
const MAX_OFFERED_SCORINGS: usize = 5;
/// The most sets offered for one set of the other expansions' actions.
const MAX_OFFERED_SETS: usize = 512;

/// The sets `referee moves` may list: for each set the expansions before offered (and none),
/// with no follower and with one on each segment of the tile, the placement is tried to learn
/// the points it pays the player in order; then each choice of figures, and at each dark
/// space each message that may be drawn (chance, as a drawn token is: every outcome is
/// offered), with its 2 points, or Message 7's tile in a first part.
fn offer(game: &Game, trials: &mut Trials, player: PlayerId, mv: &Move, turn: u16, out: &mut Vec<Vec<Extra>>) {
    let bases: Vec<Vec<Extra>> = std::iter::once(Vec::new()).chain(out.iter().cloned()).collect();
    let def = game.def(mv.tile);
    let mut followers: Vec<Option<FollowerOn>> = vec![None];
    followers.extend((0..def.segments.len()).map(|i| Some(FollowerOn::Segment(i))));
    let woman = game.state_of::<State>().woman[player.index()];
    let score = game.players()[player.index()].score;
    let mut found: Vec<Vec<Extra>> = Vec::new();
    for base in &bases {
        for f in &followers {
            let mut probe = mv.clone();
            probe.follower = *f;
            probe.extras = base.clone();
            probe.extras.push(Extra::new(Action::Probe));
            let paid = trials.attempt(player, &probe, turn, |after| {
                after.ok().map(|g| {
                    let since = g.state_of::<State>().since.min(g.events().len());
                    g.events()[since..]
                        .iter()
                        .filter(|e| e.players.contains(&player))
                        .map(ScoreEvent::points)
                        .collect::<Vec<i32>>()
                })
            });
            let Some(paid) = paid else { continue };
            for (track, draws) in choices(&paid, score, woman, mv.part == Part::First) {
                let mut set = base.clone();
                if track.contains(&Figure::Woman) {
                    set.push(Extra::new(Action::Track(track)));
                }
                if !draws.is_empty() {
                    set.push(Extra::new(Action::Draws(draws)));
                }
                if set.len() > base.len() && !found.contains(&set) {
                    found.push(set);
                }
            }
        }
    }
    out.extend(found);
}

/// Every choice of figures for the points `paid` in order (the messages' 2 points after them),
/// from a score of `start` with the woman on `woman`, and the messages each draws.
fn choices(paid: &[i32], start: i32, woman: i32, first_part: bool) -> Vec<(Vec<Figure>, Vec<Draw>)> {
    let mut done = Vec::new();
    // (points still to move, figures chosen, draws, score, woman, tile drawn)
    let mut stack = vec![(paid.to_vec(), Vec::new(), Vec::new(), start, woman, false)];
    while let Some((queue, track, draws, score, w, tile)) = stack.pop() {
        if done.len() + stack.len() > MAX_OFFERED_SETS {
            break;
        }
        let Some((&pts, rest)) = queue.split_first() else {
            if !first_part || tile {
                done.push((track, draws));
            }
            continue;
        };
        if pts <= 0 {
            stack.push((rest.to_vec(), track, draws, score + pts, w, tile));
            continue;
        }
        if track.len() >= MAX_OFFERED_SCORINGS {
            continue;
        }
        for figure in Figure::ALL {
            let (landed, w2) = match figure {
                Figure::Woman => (w + pts, w + pts),
                Figure::Scorer => (score - w + pts, w),
            };
            let mut track = track.clone();
            track.push(figure);
            if landed % DARK_EVERY != 0 {
                stack.push((rest.to_vec(), track, draws.clone(), score + pts, w2, tile));
                continue;
            }
            for message in 1..=8u8 {
                let mut d = draws.clone();
                d.push(Draw { message, points: true });
                let mut q = rest.to_vec();
                q.push(INSTEAD_POINTS);
                stack.push((q, track.clone(), d, score + pts, w2, tile));
            }
            if first_part && !tile {
                let mut d = draws.clone();
                d.push(Draw { message: TILE_MESSAGE, points: false });
                stack.push((rest.to_vec(), track, d, score + pts, w2, true));
            }
        }
    }
    done
}

impl Expansion for Messages {
    fn id(&self) -> ExpansionId {
        ExpansionId::Messages
    }

    fn rule_book(&self) -> &'static crate::rules::RuleBook {
        &rule::BOOK
    }

    fn setup(&self, game: &mut Game) {
        // rule::TWO_FIGURES: both figures on 0.
        let n = game.players().len();
        game.state.insert(State { woman: vec![0; n], since: 0 });
    }

    fn phases(&self, _options: &AllOptions, seq: &mut Vec<Phase>) {
        // Where the placement's events begin, first of all; the track once every scoring of
        // the placement is done.
        seq.insert(0, Phase::Expansion(ExpansionId::Messages, START));
        seq.push(Phase::Expansion(ExpansionId::Messages, PHASE));
    }

    fn takes(&self, action: &Extra) -> bool {
        action.get::<Action>().is_some()
    }

    fn describe(&self, _game: &Game, action: &Extra) -> Option<String> {
        match action.get::<Action>()? {
            Action::Track(t) => {
                Some(format!("scoring figures moved: {}", t.iter().map(|f| f.word()).collect::<Vec<_>>().join(", ")))
            }
            Action::Draws(d) => Some(format!(
                "messages drawn: {}",
                d.iter()
                    .map(|d| if d.points { format!("{} (2 points)", d.message) } else { d.message.to_string() })
                    .collect::<Vec<_>>()
                    .join(", ")
            )),
            Action::Woman { .. } | Action::Probe => None,
        }
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
        offer(game, trials, player, mv, turn, out);
    }

    fn edge_changes(&self) -> super::EdgeChanges {
        super::EdgeChanges::None
    }

    fn judges_every_move_in_play(&self) -> bool {
        true
    }

    fn grants_second_part(&self) -> bool {
        true
    }

    fn setup_held(&self, game: &mut Game, held: &Extra) -> Result<(), Verdict> {
        match held.get::<Action>() {
            Some(Action::Woman { player, space }) => {
                game.state_of_mut::<State>().woman[player.index()] = *space;
                Ok(())
            }
            _ => Err(Verdict::new(rule::TWO_FIGURES, "of The Messages, a woman stands on a space of the scoreboard")),
        }
    }

    fn standing(&self, game: &Game, player: PlayerId, out: &mut Vec<String>) {
        let woman = game.state_of::<State>().woman[player.index()];
        let score = game.players()[player.index()].score;
        out.push(format!("scorer on {}, woman on {woman}", score - woman));
    }

    fn run_phase(&self, game: &mut Game, phase: &'static str, turn: &TurnContext) -> Result<(), Verdict> {
        match phase {
            START => {
                let n = game.events().len();
                game.state_of_mut::<State>().since = n;
                Ok(())
            }
            PHASE => run(game, turn),
            _ => Ok(()),
        }
    }
}

pub mod rule {
    //! The rules of The Messages. Their wording and sources are in the catalogue file named below.

    crate::rules::rule_ids! {
        catalogue: "rulesets/rules/messages.yaml";
        /// Each player scores with two figures on the scoreboard; the score is their sum.
        TWO_FIGURES = "messages.track.two-figures",
        /// Each scoring moves one of the two figures, the player's choice.
        CHOOSE_FIGURE = "messages.track.choose-figure",
        /// The dark spaces are every fifth: 0, 5, 10, ...
        DARK_SPACES = "messages.track.dark-spaces",
        /// Only the active player, landing on a dark space, draws a message.
        ACTIVE_PLAYER = "messages.draw.active-player",
        /// A message drawn: its action, or 2 points; then under the stack.
        ACTION_OR_POINTS = "messages.draw.action-or-points",
        /// Message 7: draw a land tile and place it, a new scoring round in the same turn.
        TILE = "messages.message.7-tile",
        /// Messages 1-6 and 8: actions not modelled.
        OTHERS = "messages.message.others",
        /// The final scoring: the two figures' spaces added.
        FINAL = "messages.final.sum",
    }
}
