//! Bazaars: the auction held after a drawn bazaar tile, and the placement of what was bought.
//!
//! The scenario writes the auction out (tiles revealed, each lot's selector, bids and choice);
//! this module checks every step against the rules of the ruleset and moves the points. The
//! tiles bought are then placed in later turns, in order, each checked against the queue kept
//! in `State::purchases`.

use super::rule;
use crate::engine::Game;
use crate::rules::RuleId;
use crate::ruleset::{Profile, SwitchDef};
use crate::score::{FeatureRef, PlayerId, ScoreEvent, ScoreItem, Timing, Verdict};
use crate::tile::{FeatureKind, TileKind};
use smallvec::smallvec;

pub use crate::expansion::exp8::{Auction, Lot};

macro_rules! switch {
    ($name:ident, $id:literal, $q:literal, [$(($v:literal, $m:literal)),+ $(,)?], $rule:ident) => {
        pub static $name: SwitchDef =
            SwitchDef { name: $id, question: $q, values: &[$(($v, $m)),+], rules: &[rule::$rule], governs: &[] };
    };
}

switch!(
    TIMING,
    "bazaar.timing",
    "Is the bazaar held after the bazaar tile's whole turn, or as soon as the tile is laid?",
    [
        (
            "after-follower-and-scoring",
            "after the tile, its follower and the scoring (the RGG wording, taken as a clarification for all)"
        ),
        ("right-after-tile-placement", "as soon as the tile is laid (a possible reading of the HiG and Z-Man wording)")
    ],
    BAZAAR_TIMING
);
switch!(
    DISCARDED,
    "bazaar.discarded-tile",
    "Does a bazaar tile that fits nowhere, and is discarded, still start a bazaar?",
    [
        ("no-bazaar", "no: the bazaar follows the placement of the tile (official, 10/2014)"),
        ("bazaar-anyway", "yes: the RGG parenthesis read literally")
    ],
    BAZAAR_DISCARDED
);
switch!(NEGATIVE, "bazaar.negative-scores", "May a bid take a player's score below zero?",
    [("allowed", "yes: bid more than you have and lay your marker on its side"),
     ("only-at-game-start", "only at the very beginning of the game, read here as: before the first points of the game are scored (HiG Big Box 3, reading A)"),
     ("forbidden-bid-over-score", "no player may bid more points than they have (Z-Man)")], BAZAAR_NEGATIVE);
switch!(
    ALL_ZERO,
    "bazaar.all-zero-fallback",
    "What happens when a bazaar is held while every player has 0 points?",
    [
        ("normal-auction", "the auction is held as usual"),
        ("bid-free-variation", "the variation without bids is played (Z-Man)")
    ],
    BAZAAR_ZMG_ALL_ZERO
);
switch!(
    NEXT_SELECTOR,
    "bazaar.next-selector",
    "After a selector sells the tile, who selects the next one?",
    [
        ("onward-from-previous-selector", "the next player after the previous selector who has no tile yet"),
        (
            "seller-chooses-again-at-once",
            "the seller, who still has no tile, selects again at once (RGG Big Box 3, reading B)"
        )
    ],
    BAZAAR_NEXT_SELECTOR
);
switch!(
    TOO_FEW,
    "bazaar.too-few-tiles",
    "What happens when the stack holds fewer tiles than there are players?",
    [
        ("unspecified", "the rules do not say: the referee cannot rule on it"),
        ("skip-bazaar-play-tile-normally", "no bazaar: the tile is played as a normal tile (RGG Big Box 3)")
    ],
    BAZAAR_TOO_FEW
);
switch!(
    AUCTION,
    "bazaar.auction",
    "Is the bazaar an auction, or the variation without bids?",
    [
        ("auction", "the tiles are auctioned"),
        ("no-auction-variation", "each player in turn takes one of the revealed tiles for free")
    ],
    BAZAAR_VARIATION
);

/// The bazaar switches, typed.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub struct Options {
    pub right_after_placement: bool,
    pub discarded_anyway: bool,
    pub negative: Negative,
    pub zero_variation: bool,
    pub seller_again: bool,
    pub skip_when_too_few: bool,
    pub no_auction: bool,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum Negative {
    #[default]
    Allowed,
    OnlyAtStart,
    NoOverbid,
}

impl Options {
    pub fn read(p: &Profile) -> Options {
        Options {
            right_after_placement: p.value(&TIMING) == "right-after-tile-placement",
            discarded_anyway: p.value(&DISCARDED) == "bazaar-anyway",
            negative: match p.value(&NEGATIVE) {
                "only-at-game-start" => Negative::OnlyAtStart,
                "forbidden-bid-over-score" => Negative::NoOverbid,
                _ => Negative::Allowed,
            },
            zero_variation: p.value(&ALL_ZERO) == "bid-free-variation",
            seller_again: p.value(&NEXT_SELECTOR) == "seller-chooses-again-at-once",
            skip_when_too_few: p.value(&TOO_FEW) == "skip-bazaar-play-tile-normally",
            no_auction: p.value(&AUCTION) == "no-auction-variation",
        }
    }
}

pub static SWITCHES: [&SwitchDef; 7] = [&TIMING, &DISCARDED, &NEGATIVE, &ALL_ZERO, &NEXT_SELECTOR, &TOO_FEW, &AUCTION];

pub(super) fn bazaar_ref(active_at: crate::geom::Pos) -> FeatureRef {
    FeatureRef::new(FeatureKind::Bazaar, active_at, u8::MAX, "bazaar".to_string(), 0)
}

/// `1 point`, `3 points`.
fn points(n: i32) -> String {
    if n == 1 {
        "1 point".to_string()
    } else {
        format!("{n} points")
    }
}

fn name(game: &Game, p: PlayerId) -> String {
    game.player_name(p).to_string()
}

/// Holds the bazaar: checks every selection and bid, moves the points, and queues the tiles
/// bought for placement, beginning with the player after the active one.
pub fn hold(
    game: &mut Game,
    active: PlayerId,
    auction: &Auction,
    turn: u16,
    at: crate::geom::Pos,
) -> Result<(), Verdict> {
    let o = game.options().of::<super::Options>().bazaar;
    let n = game.players().len();
    if let Some(left) = auction.stack_left.filter(|l| (*l as usize) < n) {
        if o.skip_when_too_few {
            if !auction.revealed.is_empty() || !auction.lots.is_empty() {
                return Err(Verdict::new(
                    rule::BAZAAR_TOO_FEW,
                    format!("with {left} tiles left for {n} players no bazaar is held: the tile is played as normal"),
                ));
            }
            return Ok(());
        }
        return Err(Verdict::new(
            rule::BAZAAR_TOO_FEW,
            format!("{left} tiles left for {n} players: this edition's rules do not say what happens"),
        ));
    }
    if auction.revealed.len() != n {
        return Err(Verdict::new(
            rule::BAZAAR_REVEAL,
            format!("a bazaar reveals one tile per player: {n}, not {}", auction.revealed.len()),
        ));
    }
    // rule::BAZAAR_ZMG_ALL_ZERO: "if a bazaar tile is drawn and all players have 0 points",
    // so the scores as they stood when the tile was drawn, before its own scoring.
    let all_zero = game.scores_at_start_of(turn).iter().all(|s| *s == 0);
    let variation = o.no_auction || (o.zero_variation && all_zero);
    let variation_rule = if o.no_auction { rule::BAZAAR_VARIATION } else { rule::BAZAAR_ZMG_ALL_ZERO };
    let mut left: Vec<TileKind> = auction.revealed.clone();
    let mut owner: Vec<Option<TileKind>> = vec![None; n];
    let next_without =
        |from: usize, owner: &[Option<TileKind>]| (0..n).map(|k| (from + k) % n).find(|&i| owner[i].is_none());
    let mut selector_from = (active.index() + 1) % n;
    // The points of a lot move before the next lot is selected: bids are judged against the
    // scores as they stand then.
    let mut events: Vec<ScoreEvent> = Vec::new();
    let scored_before = !game.events().is_empty();
    for lot in &auction.lots {
        let holders_left = owner.iter().filter(|x| x.is_none()).count();
        if left.len() == 1 || holders_left == 1 {
            return Err(Verdict::new(
                rule::BAZAAR_LAST_FREE,
                "the last tile is not auctioned: the player left without a tile takes it for free",
            ));
        }
        let expected = next_without(selector_from, &owner).expect("a player without a tile remains");
        if lot.selector.index() != expected {
            let rule = if owner[lot.selector.index()].is_some() {
                rule::BAZAAR_HOLDERS_OUT
            } else {
                rule::BAZAAR_NEXT_SELECTOR
            };
            return Err(Verdict::new(
                rule,
                format!("{} selects now, not {}", name(game, PlayerId(expected as u8)), name(game, lot.selector)),
            ));
        }
        let Some(ti) = left.iter().position(|t| *t == lot.tile) else {
            return Err(Verdict::new(
                rule::BAZAAR_REVEAL,
                format!("tile {} is not among the tiles still on offer", game.def(lot.tile).id),
            ));
        };
        left.remove(ti);
        let selector = lot.selector;
        let receiver = if variation {
            if !lot.bids.is_empty() {
                return Err(Verdict::new(variation_rule, "no bids here: each player in turn simply takes a tile"));
            }
            selector
        } else {
            let (winner, amount) = check_bids(game, lot, &owner, o, scored_before)?;
            if winner == selector {
                events.extend(transfer(selector, None, amount, turn, at, rule::BAZAAR_SOLE_BIDDER));
                selector
            } else if lot.sell {
                events.extend(transfer(winner, Some(selector), amount, turn, at, rule::BAZAAR_SELL));
                winner
            } else {
                // The selector pays the highest bid: where scores may not go below 0, only
                // with points they have; otherwise they must sell.
                if let Err(v) = check_limit(game, selector, amount, o, scored_before) {
                    return Err(Verdict::new(
                        v.rule,
                        format!(
                            "{} has {} and may not pay {amount} for the tile, which would take them below 0: they must sell it to {}",
                            name(game, selector),
                            points(game.players()[selector.index()].score),
                            name(game, winner)
                        ),
                    ));
                }
                events.extend(transfer(selector, Some(winner), amount, turn, at, rule::BAZAAR_BUY));
                selector
            }
        };
        for e in events.drain(..) {
            game.award(e);
        }
        owner[receiver.index()] = Some(lot.tile);
        // After a sale the seller, still without a tile, may select again at once (one reading).
        selector_from =
            if o.seller_again && receiver != selector { selector.index() } else { (selector.index() + 1) % n };
    }
    match left.as_slice() {
        [last] => {
            let p = next_without(selector_from, &owner).expect("one player is left without a tile");
            owner[p] = Some(*last);
            let rule = if variation { variation_rule } else { rule::BAZAAR_LAST_FREE };
            events.push(ScoreEvent {
                timing: Timing::Turn(turn),
                players: smallvec![PlayerId(p as u8)],
                feature: bazaar_ref(at),
                items: smallvec![ScoreItem { rule, label: "last tile, taken free", count: 1, each: 0 }],
                because: smallvec![],
            });
        }
        [] => {}
        _ => {
            return Err(Verdict::new(
                rule::BAZAAR_REVEAL,
                format!("{} tiles are left unsold: every revealed tile is auctioned", left.len()),
            ))
        }
    }
    for e in events {
        game.award(e);
    }
    // rule::BAZAAR_PLACE_ORDER: every buyer places in turn, starting after the active player.
    let queue: Vec<(PlayerId, TileKind)> =
        (1..=n).map(|k| (active.index() + k) % n).filter_map(|i| owner[i].map(|t| (PlayerId(i as u8), t))).collect();
    game.state_of_mut::<super::State>().purchases = queue.into();
    Ok(())
}

/// Checks a lot's bids; returns the highest bidder and the bid.
fn check_bids(
    game: &Game,
    lot: &Lot,
    owner: &[Option<TileKind>],
    o: Options,
    scored_before: bool,
) -> Result<(PlayerId, i32), Verdict> {
    let n = owner.len();
    let selector = lot.selector;
    let Some(&(first, Some(open))) = lot.bids.first() else {
        return Err(Verdict::new(
            rule::BAZAAR_OPENS_BID,
            format!("{} selects the tile and opens with a bid (0 is allowed)", name(game, selector)),
        ));
    };
    if first != selector || open < 0 {
        return Err(Verdict::new(
            rule::BAZAAR_OPENS_BID,
            format!("{} selects the tile and opens with a bid of 0 or more", name(game, selector)),
        ));
    }
    let bidders: Vec<PlayerId> =
        (1..n).map(|k| (selector.index() + k) % n).filter(|&i| owner[i].is_none()).map(|i| PlayerId(i as u8)).collect();
    let rest = &lot.bids[1..];
    if rest.len() != bidders.len() || rest.iter().zip(&bidders).any(|((p, _), q)| p != q) {
        let order: Vec<String> = bidders.iter().map(|p| name(game, *p)).collect();
        let rule = if rest.iter().any(|(p, _)| owner[p.index()].is_some()) {
            rule::BAZAAR_HOLDERS_OUT
        } else {
            rule::BAZAAR_ONE_BID
        };
        return Err(Verdict::new(
            rule,
            format!(
                "after the opening bid, each player without a tile bids once or passes, in order: {}",
                if order.is_empty() { "nobody".to_string() } else { order.join(", ") }
            ),
        ));
    }
    let mut best = (selector, open);
    check_limit(game, selector, open, o, scored_before)?;
    for (p, bid) in rest {
        if let Some(b) = bid {
            if *b <= best.1 {
                return Err(Verdict::new(
                    rule::BAZAAR_ONE_BID,
                    format!("{} must raise the bid of {} or pass", name(game, *p), best.1),
                ));
            }
            check_limit(game, *p, *b, o, scored_before)?;
            best = (*p, *b);
        }
    }
    Ok(best)
}

/// The limits some editions put on a bid, and on any payment at the bazaar: under them a
/// player pays only with points they have.
fn check_limit(game: &Game, p: PlayerId, bid: i32, o: Options, scored_before: bool) -> Result<(), Verdict> {
    let score = game.players()[p.index()].score;
    match o.negative {
        Negative::NoOverbid if bid > score => Err(Verdict::new(
            rule::BAZAAR_NO_OVERBID,
            format!("{} may not bid {bid}, more than their {}", name(game, p), points(score)),
        )),
        Negative::OnlyAtStart if scored_before && bid > score => Err(Verdict::new(
            rule::BAZAAR_NEGATIVE,
            format!(
                "past the very beginning of the game {} may not bid {bid} and fall below 0 ({})",
                name(game, p),
                points(score)
            ),
        )),
        _ => Ok(()),
    }
}

/// Points moving from the payer to the payee (or to nobody): one event each way.
fn transfer(
    payer: PlayerId,
    payee: Option<PlayerId>,
    amount: i32,
    turn: u16,
    at: crate::geom::Pos,
    rule: RuleId,
) -> Vec<ScoreEvent> {
    let event = |p: PlayerId, label: &'static str, each: i32| ScoreEvent {
        timing: Timing::Turn(turn),
        players: smallvec![p],
        feature: bazaar_ref(at),
        items: smallvec![ScoreItem { rule, label, count: 1, each }],
        because: smallvec![],
    };
    let mut v = vec![event(payer, if payee.is_some() { "bid paid" } else { "bid paid to nobody" }, -amount)];
    if let Some(q) = payee {
        v.push(event(q, "bid received", amount));
    }
    v
}
