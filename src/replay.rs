//! Replaying a scenario under a ruleset, and judging the result against its expectations.

use crate::diag::{InputError, Problem};
use crate::engine::Game;
use crate::expansion::base::rule;
use crate::expansion::Options;
use crate::geom::{Pos, Rotation};
use crate::ruleset::Profile;
use crate::scenario::{Action, Expect, MovesExpect, MovesWant, Scenario, SecondPart, Supplied};
use crate::score::{PlayerId, ScoreEvent, Verdict};
use std::fmt;

/// What happened when a scenario was replayed under one ruleset.
#[derive(Debug, Clone)]
pub struct Outcome {
    pub ruleset: String,
    pub players: Vec<String>,
    pub scores: Vec<i32>,
    pub events: Vec<ScoreEvent>,
    /// The first move the rules forbade; the replay stops there.
    pub illegal: Option<Illegal>,
    pub final_scoring: bool,
    /// For each expectation of legal moves under this ruleset (`Expect::moves`, in order):
    /// the options `Game::legal_moves` listed at the start of its turn, in words (see
    /// [`option_words`]); `None` when play stopped before that turn.
    pub moves: Vec<Option<Vec<String>>>,
    /// The tokens each player holds when the replay ends, each kind by its name
    /// (`Game::tokens_held`).
    pub held: Vec<Vec<(&'static str, u32)>>,
}

#[derive(Debug, Clone)]
pub struct Illegal {
    /// The turn refused, from 1; [`Illegal::AT_END`] for a move of the final scoring,
    /// [`Illegal::AT_BOARD`] for the starting board.
    pub turn: u16,
    pub verdict: Verdict,
    /// The turn's path in the file (`turns[2]`).
    pub path: String,
}

impl Illegal {
    /// The "turn" of a move made in the final scoring (a follower leaving the city of
    /// Carcassonne): turns count from 1.
    pub const AT_END: u16 = 0;

    /// The "turn" of the starting board, refused where a scenario expects it to be
    /// (`illegal: {turn: board, ...}`: a follower where the rules let none stand).
    pub const AT_BOARD: u16 = u16::MAX;

    /// When the refused move was made, in a reader's words: `turn 3`, `the final scoring`.
    pub fn when(&self) -> String {
        when(self.turn)
    }
}

/// A turn number as a reader says it, [`Illegal::AT_END`] being the final scoring and
/// [`Illegal::AT_BOARD`] the starting board.
pub fn when(turn: u16) -> String {
    match turn {
        Illegal::AT_END => "the final scoring".to_string(),
        Illegal::AT_BOARD => "the starting board".to_string(),
        n => format!("turn {n}"),
    }
}

/// The profile a scenario actually runs under: the ruleset's, with the scenario's switches.
pub fn effective(sc: &Scenario, profile: &Profile) -> Profile {
    let mut profile = profile.clone();
    for s in &sc.switches {
        profile.settings.retain(|x| x.switch.name != s.switch.name);
        profile.settings.push(s.clone());
    }
    profile
}

/// Replays a scenario. Errors only when its starting board breaks the rules.
pub fn replay(sc: &Scenario, profile: &Profile) -> Result<Outcome, InputError> {
    play_out(sc, profile, None).map(|(_, out)| out)
}

/// Replays a scenario up to turn `upto` (all of it, final scoring included, when `None`),
/// and hands back the game as it then stands, for pictures of the board.
pub fn play_out<'s>(
    sc: &'s Scenario,
    profile: &Profile,
    upto: Option<usize>,
) -> Result<(Game<'s>, Outcome), InputError> {
    let profile = effective(sc, profile);
    let mut game = Game::new(&sc.tiles, Options::read(&profile), &sc.expansions, &sc.players);
    // Replayed, and searched only for the turns whose legal moves it asks about.
    game.index_frontier(false);
    if let Err(refused) = setup(&mut game, sc) {
        // A board that breaks a rule is bad input, unless the scenario expects just that.
        let expected = sc.expect_for(&profile.id).illegal.is_some_and(|i| i.turn == Illegal::AT_BOARD);
        return match refused {
            Refused::Rule(verdict, path) if expected => {
                let illegal = Some(Illegal { turn: Illegal::AT_BOARD, verdict, path });
                let out = outcome(&game, sc, &profile, illegal, false, Vec::new());
                Ok((game, out))
            }
            refused => Err(refused.into_input(sc)),
        };
    }
    for (p, s) in &sc.start_scores {
        game.set_score(*p, *s);
    }
    for (p, tiles) in &sc.hands {
        game.hands[p.index()] = tiles.clone();
    }
    let mut illegal = None;
    // Second parts of turns in two parts, each played as soon as the rules let it.
    let mut waiting: Vec<Waiting> = Vec::new();
    let wanted = sc.expect_for(&profile.id).moves.unwrap_or_default();
    let mut moves: Vec<Option<Vec<String>>> = vec![None; wanted.len()];
    for (i, t) in sc.turns.iter().enumerate().take(upto.unwrap_or(usize::MAX)) {
        let turn = i as u16 + 1;
        // The legal moves of each tile this turn's expectations ask about, listed once
        // however many expectations read them.
        let mut listed: Vec<(crate::tile::TileKind, Vec<crate::engine::Move>)> = Vec::new();
        for (k, w) in wanted.iter().enumerate().filter(|(_, w)| w.turn == turn) {
            let i = match listed.iter().position(|(tile, _)| *tile == w.tile) {
                Some(i) => i,
                None => {
                    listed.push((w.tile, game.legal_moves(t.player, w.tile, w.turn)));
                    listed.len() - 1
                }
            };
            moves[k] = Some(seen(&game, &listed[i].1, w));
        }
        if let Err(verdict) = in_turn(&game, t) {
            illegal = Some(Illegal { turn, verdict, path: format!("{}.player", t.path) });
            break;
        }
        let result = match &t.action {
            Action::Place(mv) => game.play(t.player, mv, turn),
            Action::Discard(k, extras) => game.discard_turn(t.player, *k, extras, turn),
        };
        if let Err(verdict) = result {
            illegal = Some(Illegal { turn, verdict, path: t.path.clone() });
            break;
        }
        if let Some(second) = &t.second {
            waiting.push((t.player, turn, second, &t.more));
        }
        if let Err(e) = play_due_parts(&mut game, &mut waiting) {
            illegal = Some(e);
            break;
        }
    }
    let whole = upto.is_none_or(|n| n >= sc.turns.len());
    // A second part that never came due: the turns ran out first.
    if let (None, true, Some(&(player, turn, second, _))) = (&illegal, whole, waiting.first()) {
        let open = crate::engine::OpenTurn { player, turn };
        let why = game.part_due(&open).err().map_or_else(String::new, |v| format!(" ({})", v.message));
        let rule = game.part_due(&open).err().map_or(rule::TURN_ORDER, |v| v.rule);
        illegal = Some(Illegal {
            turn,
            verdict: Verdict::new(
                rule,
                format!("the turns end before the second part of turn {turn} could be placed{why}"),
            ),
            path: second.path.clone(),
        });
    }
    let mut final_scoring = sc.final_scoring && illegal.is_none() && whole;
    if final_scoring {
        // A move of the final scoring refused is taken back whole, as a turn's is: the game
        // is the game before that scoring began.
        let before = game.clone();
        if let Err(verdict) = game.finish() {
            game = before;
            illegal =
                Some(Illegal { turn: Illegal::AT_END, verdict, path: sc.final_moves.clone().unwrap_or_default() });
            final_scoring = false;
        }
    }
    let out = outcome(&game, sc, &profile, illegal, final_scoring, moves);
    Ok((game, out))
}

/// What a replay ends with, read off the game as it stands.
fn outcome(
    game: &Game,
    sc: &Scenario,
    profile: &Profile,
    illegal: Option<Illegal>,
    final_scoring: bool,
    moves: Vec<Option<Vec<String>>>,
) -> Outcome {
    Outcome {
        ruleset: profile.id.clone(),
        players: sc.players.clone(),
        scores: game.players().iter().map(|p| p.score).collect(),
        events: game.events().to_vec(),
        illegal,
        final_scoring,
        moves,
        held: (0..sc.players.len()).map(|i| game.tokens_held(PlayerId(i as u8))).collect(),
    }
}

/// Why a starting board could not be set up: a rule it breaks (a verdict, at the item's
/// path), or a board the file cannot make (no start tile).
enum Refused {
    Rule(Verdict, String),
    Input(InputError),
}

impl Refused {
    fn into_input(self, sc: &Scenario) -> InputError {
        match self {
            Refused::Rule(v, path) => {
                InputError::new(&sc.file, vec![Problem::broken_rule(v.rule, v.message).at(sc.span(&path))])
            }
            Refused::Input(e) => e,
        }
    }
}

/// Whether the turn's player may play now: not when the turn is another player's
/// (`base.turn.order`).
pub fn in_turn(game: &Game, t: &crate::scenario::Turn) -> Result<(), Verdict> {
    match t.out_of_order {
        None => Ok(()),
        Some(due) => Err(Verdict::new(
            rule::TURN_ORDER,
            format!("it is {}'s turn, not {}'s", game.player_name(due), game.player_name(t.player)),
        )),
    }
}

/// A second part waiting to be played: its player, its turn, the part, and the parts
/// written past it (`Turn::more`).
type Waiting<'s> = (PlayerId, u16, &'s SecondPart, &'s [SecondPart]);

/// Plays every waiting second part that is due, in the order their turns began, until none
/// is (playing one may make another due: the last placer's at a bazaar, then the first's).
/// The parts written past a second part are attempted as soon as it is played.
fn play_due_parts(game: &mut Game, waiting: &mut Vec<Waiting>) -> Result<(), Illegal> {
    while let Some(k) =
        waiting.iter().position(|&(player, turn, ..)| game.part_due(&crate::engine::OpenTurn { player, turn }).is_ok())
    {
        let (player, turn, second, more) = waiting.remove(k);
        for part in std::iter::once(second).chain(more) {
            if let Err(verdict) = game.play(player, &part.mv, turn) {
                return Err(Illegal { turn, verdict, path: part.path.clone() });
            }
        }
    }
    Ok(())
}

/// The options the legal moves of a turn's tile (`moves`) give for one expectation, in words.
fn seen(game: &Game, moves: &[crate::engine::Move], w: &MovesExpect) -> Vec<String> {
    let actions = |m: &crate::engine::Move| {
        let mut v: Vec<String> = m.extras.iter().map(|x| game.describe_action(x)).collect();
        v.sort();
        v
    };
    let mut out: Vec<String> = match &w.want {
        MovesWant::Squares(_) => moves.iter().map(|m| m.pos.to_string()).collect(),
        MovesWant::Rotations(at, _) => {
            moves.iter().filter(|m| m.pos == *at).map(|m| m.rotation.degrees().to_string()).collect()
        }
        MovesWant::Actions(at, r, _) => {
            moves.iter().filter(|m| m.pos == *at && m.rotation == *r).map(|m| action_set_words(&actions(m))).collect()
        }
        MovesWant::Followers { at, rotation, with, .. } => {
            let mut with = with.clone();
            with.sort();
            moves
                .iter()
                .filter(|m| m.pos == *at && m.rotation == *rotation && m.follower_square.is_none())
                .filter(|m| actions(m) == with)
                .map(|m| follower_option_words(game.tiles(), w.tile, *rotation, m.follower.map(|f| (f, m.figure))))
                .collect()
        }
    };
    out.sort();
    out.dedup();
    out
}

/// A set of actions as an expectation writes it: `none`, or each in the words of
/// `Game::describe_action`, in order, joined with ` and `.
fn action_set_words(sorted: &[String]) -> String {
    if sorted.is_empty() {
        "none".to_string()
    } else {
        sorted.join(" and ")
    }
}

/// A follower placement in words: `none`, the printed feature (`road W`), or what the turn
/// built (`the road built this turn`).
fn follower_option_words(
    tiles: &crate::tile::TileSet,
    tile: crate::tile::TileKind,
    r: Rotation,
    f: Option<(crate::engine::FollowerOn, crate::engine::Figure)>,
) -> String {
    match f {
        None => "none".to_string(),
        Some((crate::engine::FollowerOn::Segment(l), figure)) => {
            format!("{}{}", figure.prefix(), tiles.get(tile).describe_segment(r, l))
        }
        Some((crate::engine::FollowerOn::Added(k), figure)) => format!("{}the {k} built this turn", figure.prefix()),
        Some((crate::engine::FollowerOn::NoFeature { what, .. }, figure)) => format!("{}the {what}", figure.prefix()),
    }
}

/// What an expectation of legal moves lists, in the words [`seen`] gives the engine's.
pub fn option_words(sc: &Scenario, w: &MovesExpect) -> Vec<String> {
    let mut v: Vec<String> = match &w.want {
        MovesWant::Squares(sq) => sq.iter().map(|p| p.to_string()).collect(),
        MovesWant::Rotations(_, rs) => rs.iter().map(|r| r.degrees().to_string()).collect(),
        MovesWant::Actions(_, _, xs) => xs
            .iter()
            .map(|x| {
                let mut parts: Vec<String> =
                    x.split(" and ").filter(|p| *p != "none").map(|p| p.trim().to_string()).collect();
                parts.sort();
                action_set_words(&parts)
            })
            .collect(),
        MovesWant::Followers { rotation, followers, .. } => {
            followers.iter().map(|f| follower_option_words(&sc.tiles, w.tile, *rotation, *f)).collect()
        }
    };
    v.sort();
    v.dedup();
    v
}

/// Where an expectation of legal moves looks, in words: `turn 3`, `turn 3 at 1,0 turned 90°`.
fn moves_place(w: &MovesExpect) -> String {
    match &w.want {
        MovesWant::Squares(_) => format!("turn {}: squares", w.turn),
        MovesWant::Rotations(at, _) => format!("turn {} at {at}: rotations", w.turn),
        MovesWant::Actions(at, r, _) => format!("turn {} at {at} turned {}°: actions", w.turn, r.degrees()),
        MovesWant::Followers { at, rotation, with, .. } => format!(
            "turn {} at {at} turned {}°{}: followers",
            w.turn,
            rotation.degrees(),
            if with.is_empty() { String::new() } else { format!(" with {}", with.join(" and ")) }
        ),
    }
}

fn setup(game: &mut Game, sc: &Scenario) -> Result<(), Refused> {
    let broken = |v: Verdict, path: &str| Refused::Rule(v, path.to_string());
    // The supply the scenario gives instead of the rules' comes first, then what the players
    // hold of the expansions: a piece on the board is taken from them (a follower, a pig).
    for c in &sc.supply {
        match &c.what {
            Supplied::Figure(f) => game.set_supply(*f, c.count),
            Supplied::Piece(x) => game.setup_held(x).map_err(|v| broken(v, &c.path))?,
        }
    }
    for (path, held) in &sc.held {
        game.setup_held(held).map_err(|v| broken(v, path))?;
    }
    if sc.board.is_empty() {
        // The start tile, or the starting board an expansion lays instead (The Count's city).
        let laid = game.setup_start().map_err(|v| broken(v, "turns"))?;
        if laid {
            return Ok(());
        }
        return Err(Refused::Input(InputError::new(
            &sc.file,
            vec![Problem::new(
                "scenario::no-start-tile",
                format!("no start tile among this scenario's tiles [{}]", rule::START_TILE),
            )
            .at(Some((0, 0)))
            .help("add a `board:` with the tiles already on the table")],
        )));
    }
    // The board is a set: its tiles are laid outward from the first one listed, each next to
    // one already down, so that any order in the file gives the same board.
    let mut at: std::collections::HashMap<Pos, usize> = std::collections::HashMap::new();
    for (i, b) in sc.board.iter().enumerate() {
        let squares = std::iter::once(b.pos).chain(game.twin_of(b.kind, b.pos, b.rotation).map(|(_, q)| q));
        for q in squares {
            if let Some(&j) = at.get(&q) {
                let v = Verdict::new(
                    rule::SQUARE_FREE,
                    format!("square {q} already holds tile {}", sc.tiles.get(sc.board[j].kind).id),
                );
                return Err(broken(v, &b.path));
            }
            at.insert(q, i);
        }
    }
    let pieces: Vec<crate::expansion::Extra> =
        sc.board.iter().flat_map(|b| b.pieces.iter().map(|(_, x)| x.clone())).collect();
    let pending = game.board_pending_edges(&pieces);
    let mut laid = vec![false; sc.board.len()];
    let mut queue = std::collections::VecDeque::from([0usize]);
    laid[0] = true;
    // A tile whose sides are walls (an abbey) fills a hole: laid once the rest is down.
    let (mut walled, mut deferred) = (Vec::new(), vec![false; sc.board.len()]);
    while let Some(i) = queue.pop_front().or_else(|| walled.pop()) {
        let b = &sc.board[i];
        if i != 0 && sc.tiles.get(b.kind).walled() && !deferred[i] {
            deferred[i] = true;
            walled.insert(0, i);
        } else {
            game.setup_tile_with(b.kind, b.pos, b.rotation, &pending).map_err(|v| broken(v, &b.path))?;
        }
        let squares: Vec<Pos> =
            std::iter::once(b.pos).chain(game.twin_of(b.kind, b.pos, b.rotation).map(|(_, q)| q)).collect();
        for q in squares {
            for e in crate::geom::Edge::ALL {
                if let Some(&j) = at.get(&q.step(e)) {
                    if !laid[j] {
                        laid[j] = true;
                        queue.push_back(j);
                    }
                }
            }
        }
    }
    if let Some(j) = laid.iter().position(|l| !l) {
        let b = &sc.board[j];
        let v = Verdict::new(
            rule::ADJACENT,
            format!(
                "the tile at {} is not connected to the rest of the board (through {}, the first tile listed)",
                b.pos, sc.board[0].pos
            ),
        );
        return Err(broken(v, &b.path));
    }
    for b in &sc.board {
        for (player, at, seg, figure) in &b.followers {
            game.setup_figure(*player, *at, *seg, *figure).map_err(|v| broken(v, &format!("{}.followers", b.path)))?;
        }
    }
    // The expansions' pieces last: a castle stands on a town whose tiles are all down, its
    // occupant the follower already standing in it.
    for b in &sc.board {
        for (path, piece) in &b.pieces {
            game.setup_piece(b.pos, piece).map_err(|v| broken(v, path))?;
        }
    }
    Ok(())
}

/// One way an outcome differs from what the scenario expects.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Mismatch {
    pub what: String,
    pub expected: String,
    pub actual: String,
}

impl fmt::Display for Mismatch {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}: expected {}, got {}", self.what, self.expected, self.actual)
    }
}

/// The judgement on one replay.
#[derive(Debug)]
pub enum Judgement {
    Pass,
    Fail(Vec<Mismatch>),
    /// A move the rules forbid that the scenario did not expect: bad input.
    Invalid(InputError),
}

/// The diagnostic of an illegal move the scenario did not expect, under the rulesets named
/// (one diagnostic for every ruleset that refuses the same move for the same reason).
pub fn unexpected_illegal(sc: &Scenario, ill: &Illegal, rulesets: &[&str]) -> InputError {
    let under = match rulesets {
        [one] => format!("ruleset {one}"),
        many => format!("rulesets {}", many.join(", ")),
    };
    let turn = match ill.turn {
        Illegal::AT_END => "end".to_string(),
        Illegal::AT_BOARD => "board".to_string(),
        n => n.to_string(),
    };
    let p = Problem::broken_rule(ill.verdict.rule, format!("{}: {}", ill.when(), ill.verdict.message))
        .at(sc.span(&ill.path))
        .help(format!(
            "under {under} this move is illegal; if that is the point of the scenario, add `expect: {{illegal: {{turn: {turn}, rule: {}}}}}`",
            ill.verdict.rule
        ));
    InputError::new(&sc.file, vec![p])
}

/// Compares an outcome with the scenario's expectations under its ruleset.
pub fn judge(sc: &Scenario, out: &Outcome) -> Judgement {
    let expect = sc.expect_for(&out.ruleset);
    if let (Some(ill), None) = (&out.illegal, &expect.illegal) {
        return Judgement::Invalid(unexpected_illegal(sc, ill, &[out.ruleset.as_str()]));
    }
    let m = mismatches(sc, &expect, out);
    if m.is_empty() {
        Judgement::Pass
    } else {
        Judgement::Fail(m)
    }
}

fn names(sc: &Scenario, ps: &[PlayerId]) -> String {
    ps.iter().map(|p| sc.player(*p)).collect::<Vec<_>>().join("+")
}

fn mismatches(sc: &Scenario, expect: &Expect, out: &Outcome) -> Vec<Mismatch> {
    let mut m = Vec::new();
    match (&expect.illegal, &out.illegal) {
        (Some(e), Some(a)) if e.turn == a.turn && e.rule == a.verdict.rule => {}
        (Some(e), a) => m.push(Mismatch {
            what: "illegal move".into(),
            expected: format!("{} breaks {}", when(e.turn), e.rule),
            actual: match a {
                Some(a) => format!("{} breaks {} ({})", a.when(), a.verdict.rule, a.verdict.message),
                None => "every move legal".into(),
            },
        }),
        (None, _) => {}
    }
    if let Some(scores) = &expect.scores {
        for (p, want) in scores {
            let got = out.scores[p.index()];
            if got != *want {
                m.push(Mismatch {
                    what: format!("score of {}", sc.player(*p)),
                    expected: want.to_string(),
                    actual: got.to_string(),
                });
            }
        }
    }
    for (p, kinds) in expect.goods.iter().flatten() {
        for (g, want) in crate::tile::Goods::ALL.iter().zip(kinds) {
            let Some(want) = want else { continue };
            let held = out.held.get(p.index()).and_then(|h| h.iter().find(|(k, _)| *k == g.as_str()));
            let got = held.map_or(0, |(_, n)| *n);
            if got != *want {
                m.push(Mismatch {
                    what: format!("{} tokens held by {}", g.as_str(), sc.player(*p)),
                    expected: want.to_string(),
                    actual: got.to_string(),
                });
            }
        }
    }
    for (w, got) in expect.moves.iter().flatten().zip(&out.moves) {
        let want = option_words(sc, w);
        let what = format!("legal moves, {} ({})", moves_place(w), w.path);
        match got {
            None => m.push(Mismatch {
                what,
                expected: format!("[{}]", want.join("; ")),
                actual: format!("play stopped before turn {}", w.turn),
            }),
            Some(got) if *got != want => {
                let missing: Vec<&String> = want.iter().filter(|x| !got.contains(x)).collect();
                let extra: Vec<&String> = got.iter().filter(|x| !want.contains(x)).collect();
                let list = |v: &[&String]| v.iter().map(|s| s.as_str()).collect::<Vec<_>>().join("; ");
                let mut diff = Vec::new();
                if !missing.is_empty() {
                    diff.push(format!("not legal: {}", list(&missing)));
                }
                if !extra.is_empty() {
                    diff.push(format!("also legal: {}", list(&extra)));
                }
                m.push(Mismatch {
                    what,
                    expected: format!("[{}]", want.join("; ")),
                    actual: format!("[{}] ({})", got.join("; "), diff.join("; ")),
                });
            }
            Some(_) => {}
        }
    }
    if let Some(events) = &expect.events {
        let mut used = vec![false; out.events.len()];
        for e in events {
            let found = out.events.iter().enumerate().find(|(i, a)| {
                !used[*i]
                    && e.timing.is_none_or(|t| a.timing == t)
                    && a.points() == e.points
                    && e.players.as_ref().is_none_or(|ps| {
                        let mut x = ps.clone();
                        x.sort();
                        x[..] == a.players[..]
                    })
                    && e.feature.is_none_or(|k| k == a.feature.kind)
                    && e.tiles.is_none_or(|t| t == a.feature.tiles)
                    && e.rules.iter().all(|r| a.rules().contains(r))
            });
            match found {
                Some((i, _)) => used[i] = true,
                None => m.push(Mismatch {
                    what: "scoring event".into(),
                    expected: format!(
                        "{}: {}{} {} points{}",
                        e.timing.map_or("some turn".to_string(), |t| format!("turn {t}")),
                        e.players.as_ref().map(|p| format!("{} ", names(sc, p))).unwrap_or_default(),
                        e.feature.map(|k| k.as_str()).unwrap_or("feature"),
                        e.points,
                        if e.rules.is_empty() {
                            String::new()
                        } else {
                            format!(" [{}]", e.rules.iter().map(|r| r.as_str()).collect::<Vec<_>>().join(", "))
                        }
                    ),
                    actual: {
                        let same_turn: Vec<String> = out
                            .events
                            .iter()
                            .filter(|a| e.timing.is_none_or(|t| a.timing == t))
                            .map(|a| match e.timing {
                                Some(_) => format!("{} {} {}", names(sc, &a.players), a.feature.kind, a.points()),
                                None => format!(
                                    "turn {}: {} {} {}",
                                    a.timing,
                                    names(sc, &a.players),
                                    a.feature.kind,
                                    a.points()
                                ),
                            })
                            .collect();
                        match (same_turn.is_empty(), e.timing) {
                            (true, Some(t)) => format!("nothing scored on turn {t}"),
                            (true, None) => "nothing scored in the game".to_string(),
                            (false, Some(t)) => format!("on turn {t}: {}", same_turn.join("; ")),
                            (false, None) => same_turn.join("; "),
                        }
                    },
                }),
            }
        }
    }
    m
}
