//! Bridges, castles and bazaars in a turn of two parts (a builder's double turn, granted by
//! another expansion): what "one per turn" means then, whether a castle built in the first
//! part scores in the second, and the order of a bazaar and the builder's second part.
//!
//! The bazaar's part is seed 000's Q&A. A bazaar drawn while another bazaar's business is
//! under way (its bought tiles being placed, with the placers' own second parts) waits, and
//! the bazaars that waited are held afterwards in the order they were drawn, each with its
//! own round. The second part of the turn whose bazaar began it all comes after every one of
//! them (the main text), or before its auction (the alternative the CAR and JCloisterZone
//! play, which HiG accepted in 08/2016): `bazaar.builder-turn-order`.

use super::{bazaar, rule, State};
use crate::engine::{Game, OpenTurn, Part};
use crate::geom::Pos;
use crate::ruleset::{Profile, SwitchDef};
use crate::score::{PlayerId, ScoreEvent, ScoreItem, Timing, Verdict};
use smallvec::smallvec;

pub static BUILDER_TURN_ORDER: SwitchDef = SwitchDef {
    name: "bazaar.builder-turn-order",
    question: "When the bazaar tile also earns its player a builder's second part, which comes first: the bazaar or that second part?",
    values: &[
        (
            "auction-then-builder-turn",
            "the bazaar, its placements and any bazaars that waited, then the second part (seed 000's Q&A)",
        ),
        (
            "builder-turn-then-auction",
            "the second part, then the auction (the alternative HiG accepted, 08/2016; the CAR and JCloisterZone)",
        ),
    ],
    rules: &[rule::BAZAAR_BUILDER_LAST, rule::BAZAAR_BUILDER_FIRST],
    governs: &[],
};

pub static SAME_TURN_CASTLE: SwitchDef = SwitchDef {
    name: "castle.same-turn-completion",
    question: "In a turn of two parts, does a castle built in the first part take a structure completed in the second?",
    values: &[
        ("later-turn-only", "no: only a later turn's completions count (the text read literally, reading A)"),
        ("later-scoring-round-suffices", "yes: the second part is a later scoring round (the commentary's reading B)"),
    ],
    // Message 7's tile is such a second part too (The Messages).
    rules: &[rule::CASTLE_NOT_SAME_ROUND, rule::CASTLE_DOUBLE_TURN, crate::expansion::messages::rule::TILE],
    governs: &[],
};

pub static BRIDGE_LIMIT: SwitchDef = SwitchDef {
    name: "bridge.double-turn-limit",
    question: "In a turn of two parts, is the one bridge a turn allows one for the whole turn or one for each part?",
    values: &[
        ("one-per-turn", "one for the whole turn: a double turn is one turn (the text)"),
        ("one-per-part", "one in each part (JCloisterZone)"),
    ],
    rules: &[rule::BRIDGE_ONE_PER_TURN, rule::BRIDGE_ONE_PER_PART],
    governs: &[],
};

/// The switches of this module, typed.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub struct Options {
    pub builder_first: bool,
    /// A castle built in a turn's first part may take what its second part completes.
    pub castle_in_second_part: bool,
    pub bridge_per_part: bool,
}

impl Options {
    pub fn read(p: &Profile) -> Options {
        Options {
            builder_first: p.value(&BUILDER_TURN_ORDER) == "builder-turn-then-auction",
            castle_in_second_part: p.value(&SAME_TURN_CASTLE) == "later-scoring-round-suffices",
            bridge_per_part: p.value(&BRIDGE_LIMIT) == "one-per-part",
        }
    }
}

/// A bazaar drawn while another one's business was under way, to be held afterwards.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Waiting {
    pub player: PlayerId,
    pub auction: bazaar::Auction,
    pub turn: u16,
    pub at: Pos,
}

/// Whether a bridge may be built in this part of a turn: with one bridge a turn, not in a
/// second part when the first built one.
pub fn check_bridge_limit(game: &Game, player: PlayerId, part: Part) -> Result<(), Verdict> {
    let Part::Second(turn) = part else { return Ok(()) };
    if game.options().of::<super::Options>().parts.bridge_per_part {
        return Ok(());
    }
    if game.state_of::<State>().bridge_turns.contains(&(player, turn)) {
        return Err(Verdict::new(
            rule::BRIDGE_ONE_PER_TURN,
            format!(
                "{} built a bridge in the first part of this turn: a turn of two parts is one turn, with one bridge",
                game.player_name(player)
            ),
        ));
    }
    Ok(())
}

/// Notes that a bridge was built in this part of a turn, for the limit above.
pub fn note_bridge(game: &mut Game, player: PlayerId, turn: u16, part: Part) {
    let st = game.state_of_mut::<State>();
    match part {
        Part::First => st.bridge_turns.push((player, turn)),
        Part::Second(t) => st.bridge_turns.retain(|x| *x != (player, t)),
        Part::Whole => {}
    }
}

/// Whether a castle built at move `built_move` in turn `built` may take what the move being
/// played completes: it must be older than this move, and under reading A of another turn.
pub fn castle_may_score(game: &Game, built: u16, built_move: u32, turn: u16) -> bool {
    built_move < game.move_number()
        && (built != turn || game.options().of::<super::Options>().parts.castle_in_second_part)
}

/// The bazaar phase of a move whose tile showed a bazaar: held now, or made to wait while
/// another bazaar's business is under way (or, with the builder's part first, until the
/// second part of this very turn is played).
pub fn bazaar_drawn(game: &mut Game, w: Waiting, part: Part) -> Result<(), Verdict> {
    let busy = game.state_of::<State>().chain.is_some();
    let builder_first = game.options().of::<super::Options>().parts.builder_first;
    // What the report says of the order, when it is one of the rules here.
    let note = |rule, label| ScoreEvent {
        timing: Timing::Turn(w.turn),
        players: smallvec![w.player],
        feature: bazaar::bazaar_ref(w.at),
        items: smallvec![ScoreItem { rule, label, count: 1, each: 0 }],
        because: smallvec![],
    };
    if busy {
        // A bazaar drawn during another's placements waits its turn.
        game.award(note(rule::BAZAAR_DELAYED, "bazaar delayed"));
        game.state_of_mut::<State>().waiting.push_back(w);
        return Ok(());
    }
    game.state_of_mut::<State>().chain = Some((w.player, w.turn));
    match (part, builder_first) {
        (Part::First, true) => {
            game.award(note(rule::BAZAAR_BUILDER_FIRST, "auction after the second part"));
            game.state_of_mut::<State>().waiting.push_back(w);
            Ok(())
        }
        (Part::First, false) => {
            game.award(note(rule::BAZAAR_BUILDER_LAST, "second part after the bazaar"));
            bazaar::hold(game, w.player, &w.auction, w.turn, w.at)
        }
        _ => bazaar::hold(game, w.player, &w.auction, w.turn, w.at),
    }
}

/// After each placement: when nothing of the bazaar under way is left to play (no bought
/// tile, no placer's second part, and with the builder's part first, not the turn's own
/// second part either), the next bazaar that waited is held; when none waits, the business
/// is over.
pub fn settle(game: &mut Game) -> Result<(), Verdict> {
    loop {
        let st = game.state_of::<State>();
        let Some(chain) = st.chain else { return Ok(()) };
        if !st.purchases.is_empty() {
            return Ok(());
        }
        let own = |o: &OpenTurn| (o.player, o.turn) == chain;
        if game.open_turns().iter().any(|o| !own(o)) {
            return Ok(());
        }
        if game.options().of::<super::Options>().parts.builder_first && game.open_turns().iter().any(own) {
            return Ok(());
        }
        match game.state_of_mut::<State>().waiting.pop_front() {
            Some(w) => bazaar::hold(game, w.player, &w.auction, w.turn, w.at)?,
            None => {
                game.state_of_mut::<State>().chain = None;
                return Ok(());
            }
        }
    }
}

/// Under the main text, the second part of the turn whose bazaar began the business under
/// way waits until that business is over.
pub fn defers(game: &Game, open: &OpenTurn) -> Option<Verdict> {
    if game.options().of::<super::Options>().parts.builder_first {
        return None;
    }
    let st = game.state_of::<State>();
    (st.chain == Some((open.player, open.turn))).then(|| {
        Verdict::new(
            rule::BAZAAR_BUILDER_LAST,
            format!(
                "the bazaar of turn {} is held first, with its placements and any bazaar that waited; {}'s second part comes after them",
                open.turn,
                game.player_name(open.player)
            ),
        )
    })
}
