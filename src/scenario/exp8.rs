//! The vocabulary of the expansion-8 slot (`expansions: [bcb1]`, alias `expansion-8`):
//! bridges, castles, a castle owner's choice, bazaars, barns and ladies, read into the slot's
//! actions (`expansion::exp8::Action`), which the 1st-edition or the new-edition module plays.

use super::raw::{Expecting, Names, WordOr};
use super::value::Value;
use super::vocab::{BoardInfo, Key, OfferTile, TurnInfo, TurnOut, Vocabulary};
use super::write::{one_place, scalar, square, BoardOffer, Written};
use super::{feature_help, Validator};
use crate::engine::{Game, Move};
use crate::expansion::exp8::{Action, Auction, Lot};
use crate::expansion::{ExpansionId, Extra};
use crate::geom::{Axis, Corner, Pos};
use crate::score::PlayerId;
use crate::tile::{FeatureKind, Spot};
use serde::Deserialize;

pub(super) struct Exp8;

/// `bridge: NS` (across the tile just placed), or `bridge: {at: [x, y], axis: EW}`.
type RawBridge = WordOr<BridgeAt>;

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct BridgeAt {
    at: Vec<i64>,
    axis: String,
}

impl Expecting for BridgeAt {
    const EXPECTING: &'static str = "a way across the tile (`NS`) or `{at: [x, y], axis: EW}`";
}

/// A castle standing on the starting board: `castle: city S`, or
/// `castle: {on: city S, scored: true}` for one that has taken its structure.
type RawStandingCastle = WordOr<StandingCastleMap>;

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct StandingCastleMap {
    on: String,
    #[serde(default)]
    scored: bool,
}

impl Expecting for StandingCastleMap {
    const EXPECTING: &'static str = "the town's city (`city S`) or `{on: city S, scored: true}`";
}

/// A barn standing on the starting board: `barn: NE` (a corner of the tile; its farmer the
/// only player's with farmers in the field), or `barn: {corner: NE, farmer: Red}`.
type RawStandingBarn = WordOr<StandingBarnMap>;

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct StandingBarnMap {
    corner: String,
    #[serde(default)]
    farmer: Option<String>,
}

impl Expecting for StandingBarnMap {
    const EXPECTING: &'static str = "a corner of the tile (`NE`) or `{corner: NE, farmer: Red}`";
}

/// A town to make a castle on a turn: `castle: city S` (on the tile just placed), or
/// `castle: {at: [x, y], on: city N, by: Blue}`, `at` and `by` (who makes it) optional.
type RawCastle = WordOr<CastleMap>;

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct CastleMap {
    #[serde(default)]
    at: Option<Vec<i64>>,
    on: String,
    /// Who makes it: a player, or the players sharing the town's majority who convert it
    /// (Flying Machines), the others scoring it.
    #[serde(default)]
    by: Option<Names>,
}

impl Expecting for CastleMap {
    const EXPECTING: &'static str = "the town's city (`city S`) or `{at: [x, y], on: city N, by: Blue}`";
}

/// A castle (one of its squares) and a square of the structure its owner picks.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct RawCastleTakes {
    castle: Vec<i64>,
    structure: Vec<i64>,
}

/// A bazaar: the tiles revealed, and each lot.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields, rename_all = "kebab-case")]
struct RawBazaar {
    #[serde(default)]
    revealed: Vec<String>,
    #[serde(default)]
    stack_left: Option<u32>,
    #[serde(default)]
    lots: Vec<RawLot>,
}

/// One lot: `{selector: Blue, tile: E, bids: [Blue 2, Green pass, Red 3], choice: buy}`.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct RawLot {
    selector: String,
    tile: String,
    #[serde(default)]
    bids: Vec<String>,
    #[serde(default)]
    choice: Option<String>,
}

impl Vocabulary for Exp8 {
    fn expansion(&self) -> ExpansionId {
        ExpansionId::Bcb1
    }

    fn turn_keys(&self) -> &'static [Key] {
        &[
            ("bazaar", "bazaars"),
            ("bridge", "bridges"),
            ("bridges", "bridges"),
            ("castle", "castles"),
            ("castles", "castles"),
            ("barn", "barns"),
            ("castle-takes", "castles"),
            ("castle-declines", "castles"),
            ("order", "bridges"),
            ("recall-lady", "ladies"),
        ]
    }

    fn board_keys(&self) -> &'static [Key] {
        &[("bridge", "bridges"), ("castle", "castles"), ("barn", "barns")]
    }

    fn board(&self, v: &mut Validator, b: &BoardInfo, keys: &[(&str, &Value)], out: &mut Vec<(String, Extra)>) {
        let Some(at) = b.pos else { return };
        for (key, value) in keys {
            let path = format!("{}.{key}", b.path);
            match *key {
                "bridge" => {
                    let Some(text) = v.typed::<String>(&path, value) else { continue };
                    match Axis::parse(&text) {
                        Some(axis) => out.push((path, Extra::new(Action::Bridge { at, axis }))),
                        None => v.problem(
                            "scenario::bad-bridge",
                            &path,
                            format!("`{text}` is not a way across a tile"),
                            Some("a bridge runs north-south (`NS`) or east-west (`EW`)".to_string()),
                        ),
                    }
                }
                "barn" => {
                    let Some(raw) = v.typed::<RawStandingBarn>(&path, value) else { continue };
                    let (corner, farmer, cpath) = match raw {
                        WordOr::Word(c) => (c, None, path.clone()),
                        WordOr::Map(StandingBarnMap { corner, farmer }) => (corner, farmer, format!("{path}.corner")),
                    };
                    let farmer = match farmer {
                        None => Some(None),
                        Some(name) => match b.players.iter().position(|p| *p == name) {
                            Some(i) => Some(Some(PlayerId(i as u8))),
                            None => {
                                v.unknown_player(&format!("{path}.farmer"), &name, b.players);
                                None
                            }
                        },
                    };
                    match (Corner::parse(&corner), farmer) {
                        (Some(corner), Some(farmer)) => {
                            out.push((path, Extra::new(Action::StandingBarn { corner, farmer })))
                        }
                        (None, _) => v.problem(
                            "scenario::bad-barn",
                            &cpath,
                            format!("`{corner}` is not a corner"),
                            Some("a barn stands on a corner of the tile: NE, SE, SW or NW".to_string()),
                        ),
                        _ => {}
                    }
                }
                _ => {
                    let Some(c) = v.typed::<RawStandingCastle>(&path, value) else { continue };
                    let (on, scored) = match c {
                        WordOr::Word(on) => (on, false),
                        WordOr::Map(StandingCastleMap { on, scored }) => (on, scored),
                    };
                    let spot = match on.split_whitespace().collect::<Vec<_>>().as_slice() {
                        [k] if k.eq_ignore_ascii_case("city") => Some(None),
                        [k, place] if k.eq_ignore_ascii_case("city") => Spot::parse(place).map(Some),
                        _ => None,
                    };
                    match spot {
                        Some(spot) => out.push((path, Extra::new(Action::StandingCastle { spot, scored }))),
                        None => v.problem(
                            "scenario::bad-castle",
                            &path,
                            format!("`{on}` is not a city"),
                            Some("name the town's city on this tile: `city S`".to_string()),
                        ),
                    }
                }
            }
        }
    }

    /// A bridge across the tile where neither end is a road or a city; a castle on each city
    /// (the engine says whether it is a town); under the new edition's rules, which alone
    /// have barns on the starting board, a barn on each corner a field fills where four
    /// tiles meet, with each player's farmer on it.
    fn board_offers(&self, t: &OfferTile) -> Vec<BoardOffer> {
        let mut out = Vec::new();
        let built: u8 = t
            .features(&[FeatureKind::Road, FeatureKind::City])
            .fold(0, |m, l| m | t.rotation.edge_mask(t.def.segments[l].edges));
        for axis in [Axis::NS, Axis::EW] {
            if built & axis.mask() == 0 {
                let words = format!("a bridge {}", axis.as_str());
                out.push(BoardOffer::value("bridge", None, axis.as_str().to_string(), words));
            }
        }
        for l in t.features(&[FeatureKind::City]) {
            let Some(on) = one_place(t.def, t.rotation, l) else { continue };
            out.push(BoardOffer::value("castle", None, on.clone(), format!("a castle on {on}")));
        }
        if t.game.options().exp8_new_edition {
            let fields: Vec<u8> =
                t.features(&[FeatureKind::Field]).map(|l| t.rotation.half_mask(t.def.segments[l].halves)).collect();
            for corner in Corner::ALL {
                let halves = corner.halves().iter().fold(0, |m, h| m | h.bit());
                let [a, b] = corner.halves().map(|h| t.pos.step(h.edge()));
                let four = [a, b, a.step(corner.halves()[1].edge())].iter().all(|p| t.game.tile_at(*p).is_some());
                if !four || !fields.iter().any(|f| f & halves == halves) {
                    continue;
                }
                for name in t.players {
                    let value = format!("{{corner: {corner:?}, farmer: {}}}", scalar(name));
                    let words = format!("a barn on the {corner:?} corner, {name}'s farmer on it");
                    out.push(BoardOffer::value("barn", Some(name), value, words));
                }
            }
        }
        out
    }

    fn built_for_follower(&self, word: &str) -> Option<FeatureKind> {
        // A barn is written so that a follower put straight on it can be shown illegal.
        match word.trim() {
            w if w.eq_ignore_ascii_case("bridge") => Some(FeatureKind::Road),
            w if w.eq_ignore_ascii_case("barn") => Some(FeatureKind::Field),
            _ => None,
        }
    }

    fn built_word(&self, kind: FeatureKind) -> Option<&'static str> {
        match kind {
            FeatureKind::Road => Some("bridge"),
            FeatureKind::Field => Some("barn"),
            _ => None,
        }
    }

    fn discard_keys(&self) -> &'static [&'static str] {
        &["bazaar"]
    }

    fn written(&self, game: &Game, mv: &Move, action: &Extra) -> Option<Written> {
        // Where the tile just placed is meant, its square is left out (`bridge: NS`).
        let here = |at: Pos| at == mv.pos;
        // The actions beside this one in the move: who makes a castle follows the castle.
        let i = mv.extras.iter().position(|x| std::ptr::eq(x, action))?;
        // Those who make a castle: the `CastleBy` of its square that follow it.
        let makers: Vec<PlayerId> = (mv.extras[i + 1..].iter().map_while(|x| x.get::<Action>()))
            .map_while(|a| match (a, action.get::<Action>()) {
                (Action::CastleBy { at, by }, Some(Action::Castle { at: castle, .. })) if at == castle => Some(*by),
                _ => None,
            })
            .collect();
        let before = i.checked_sub(1).and_then(|j| mv.extras[j].get::<Action>());
        let name = |p: PlayerId| game.players().get(p.index()).map(|p| scalar(&p.name));
        let this = action.get::<Action>()?;
        // The keys are read in the order of `turn_keys`, whatever the file's: an action after
        // one the reader takes later has no written form.
        if mv.extras[..i].iter().filter_map(|x| x.get::<Action>()).any(|a| read_order(a) > read_order(this)) {
            return None;
        }
        Some(match this {
            Action::Bridge { at, axis } if here(*at) => {
                Written::Item { key: "bridges", alone: Some("bridge"), item: axis.as_str().to_string() }
            }
            Action::Bridge { at, axis } => Written::Item {
                key: "bridges",
                alone: Some("bridge"),
                item: format!("{{at: {}, axis: {}}}", square(*at), axis.as_str()),
            },
            Action::Castle { at, spot } => {
                let on = match spot {
                    Some(s) => format!("city {}", s.words()),
                    None => "city".to_string(),
                };
                let by = match makers.as_slice() {
                    [] => None,
                    [one] => Some(name(*one)?),
                    many => {
                        Some(format!("[{}]", many.iter().map(|p| name(*p)).collect::<Option<Vec<_>>>()?.join(", ")))
                    }
                };
                let item = match (here(*at), by) {
                    (true, None) => on,
                    (true, Some(by)) => format!("{{on: {on}, by: {by}}}"),
                    (false, None) => format!("{{at: {}, on: {on}}}", square(*at)),
                    (false, Some(by)) => format!("{{at: {}, on: {on}, by: {by}}}", square(*at)),
                };
                Written::Item { key: "castles", alone: Some("castle"), item }
            }
            // Written in the map of the castle just before it.
            Action::CastleBy { at, .. } => match before {
                Some(Action::Castle { at: castle, .. } | Action::CastleBy { at: castle, .. }) if castle == at => {
                    Written::Within
                }
                _ => return None,
            },
            Action::CastleTakes { castle, structure } => Written::Item {
                key: "castle-takes",
                alone: None,
                item: format!("{{castle: {}, structure: {}}}", square(*castle), square(*structure)),
            },
            Action::CastleDeclines { castle } => Written::Value("castle-declines", square(*castle)),
            Action::BridgeAfterFollower => Written::Value("order", "[follower, bridge]".to_string()),
            // The bazaar a drawn bazaar tile starts, left unwritten: the scenario stops there.
            Action::BazaarFollows => Written::Value("bazaar", "not-held".to_string()),
            Action::Barn { corner } => Written::Value("barn", format!("{corner:?}")),
            Action::RecallLady { at } => Written::Value("recall-lady", square(*at)),
            Action::Bazaar(auction) => Written::Value("bazaar", bazaar_written(game, auction)?),
            // The starting board's pieces are no turn's.
            Action::StandingCastle { .. } | Action::StandingBarn { .. } => return None,
        })
    }

    fn turn(&self, v: &mut Validator, t: &TurnInfo, keys: &[(&str, &Value)], out: &mut TurnOut) {
        // In the order the keys are listed above, whatever the order in the file.
        for (key, _) in self.turn_keys() {
            for (_, value) in keys.iter().filter(|(k, _)| k == key) {
                let path = format!("{}.{key}", t.path);
                match *key {
                    "bazaar" if matches!(value, Value::Str(w) if w.trim() == "not-held") => {
                        // The game stops as the bazaar begins (a saved game ends there).
                        if t.last {
                            out.extras.push(Extra::new(Action::BazaarFollows));
                        } else {
                            v.problem(
                                "scenario::bad-bazaar",
                                &path,
                                "`bazaar: not-held` says the scenario stops as this bazaar begins: only its last turn can".to_string(),
                                Some("write the bazaar out: `revealed:` and `lots:`".to_string()),
                            );
                        }
                    }
                    "bazaar" => {
                        let Some(b) = v.typed::<RawBazaar>(&path, value) else { continue };
                        if let Some(a) = bazaar(v, t, &path, &b) {
                            // The tiles revealed are placed in the turns that follow.
                            out.out_of_turn = a.revealed.len();
                            out.extras.push(Extra::new(Action::Bazaar(a)));
                        }
                    }
                    "bridge" => {
                        let b = v.typed::<RawBridge>(&path, value);
                        out.extras.extend(b.and_then(|b| bridge(v, &path, &b, t.pos)));
                    }
                    "bridges" => {
                        for (i, b) in v.typed::<Vec<RawBridge>>(&path, value).into_iter().flatten().enumerate() {
                            out.extras.extend(bridge(v, &format!("{path}[{i}]"), &b, t.pos));
                        }
                    }
                    "castle" => {
                        let c = v.typed::<RawCastle>(&path, value);
                        out.extras.extend(c.map(|c| castle(v, &path, &c, t)).into_iter().flatten());
                    }
                    "castles" => {
                        for (i, c) in v.typed::<Vec<RawCastle>>(&path, value).into_iter().flatten().enumerate() {
                            out.extras.extend(castle(v, &format!("{path}[{i}]"), &c, t));
                        }
                    }
                    "order" => {
                        let Some(steps) = v.typed::<Vec<String>>(&path, value) else { continue };
                        let words: Vec<String> = steps.iter().map(|w| w.trim().to_ascii_lowercase()).collect();
                        match words.iter().map(String::as_str).collect::<Vec<_>>().as_slice() {
                            ["bridge", "follower"] => {}
                            ["follower", "bridge"] => out.extras.push(Extra::new(Action::BridgeAfterFollower)),
                            _ => v.problem(
                                "scenario::bad-order",
                                &path,
                                format!("`[{}]` is not an order the rules leave open", steps.join(", ")),
                                Some(
                                    "write `[bridge, follower]` (the usual order) or `[follower, bridge]`".to_string(),
                                ),
                            ),
                        }
                    }
                    "castle-declines" => {
                        let at = v.typed::<Vec<i64>>(&path, value).and_then(|sq| v.pos(&path, &sq));
                        out.extras.extend(at.map(|castle| Extra::new(Action::CastleDeclines { castle })));
                    }
                    "barn" => match v.typed::<String>(&path, value).map(|c| (Corner::parse(&c), c)) {
                        Some((Some(corner), _)) => out.extras.push(Extra::new(Action::Barn { corner })),
                        Some((None, c)) => v.problem(
                            "scenario::bad-barn",
                            &path,
                            format!("`{c}` is not a corner"),
                            Some("a barn stands on a corner of the tile just placed: NE, SE, SW or NW".to_string()),
                        ),
                        None => {}
                    },
                    "castle-takes" => {
                        for (j, c) in v.typed::<Vec<RawCastleTakes>>(&path, value).into_iter().flatten().enumerate() {
                            let cpath = format!("{path}[{j}]");
                            let castle = v.pos(&format!("{cpath}.castle"), &c.castle);
                            let structure = v.pos(&format!("{cpath}.structure"), &c.structure);
                            if let (Some(castle), Some(structure)) = (castle, structure) {
                                out.extras.push(Extra::new(Action::CastleTakes { castle, structure }));
                            }
                        }
                    }
                    _ => {
                        let at = v.typed::<Vec<i64>>(&path, value).and_then(|sq| v.pos(&path, &sq));
                        out.extras.extend(at.map(|at| Extra::new(Action::RecallLady { at })));
                    }
                }
            }
        }
    }
}

/// Where the key writing an action comes in [`Exp8::turn_keys`], which the reader follows.
fn read_order(a: &Action) -> u8 {
    match a {
        Action::Bazaar(_) | Action::BazaarFollows => 0,
        Action::Bridge { .. } => 1,
        Action::Castle { .. } | Action::CastleBy { .. } => 2,
        Action::Barn { .. } => 3,
        Action::CastleTakes { .. } => 4,
        Action::CastleDeclines { .. } => 5,
        Action::BridgeAfterFollower => 6,
        Action::RecallLady { .. } => 7,
        Action::StandingCastle { .. } | Action::StandingBarn { .. } => 8,
    }
}

/// A bazaar as `bazaar:` writes it out: `{revealed: [E, U], lots: [{selector: Blue, tile: E,
/// bids: [Blue 2, Red pass], choice: buy}]}`. `None` where a bid would not read back: a
/// player's name of more than one word.
fn bazaar_written(game: &Game, a: &Auction) -> Option<String> {
    let tile = |k| scalar(&game.def(k).id);
    let name = |p: PlayerId| game.players().get(p.index()).map(|p| &*p.name);
    let mut fields = Vec::new();
    if !a.revealed.is_empty() {
        let revealed: Vec<String> = a.revealed.iter().map(|k| tile(*k)).collect();
        fields.push(format!("revealed: [{}]", revealed.join(", ")));
    }
    if let Some(n) = a.stack_left {
        fields.push(format!("stack-left: {n}"));
    }
    if !a.lots.is_empty() {
        let mut lots = Vec::new();
        for l in &a.lots {
            let mut bids = Vec::new();
            for (p, amount) in &l.bids {
                let who = name(*p).filter(|n| !n.is_empty() && !n.contains(char::is_whitespace))?;
                bids.push(scalar(&match amount {
                    Some(n) => format!("{who} {n}"),
                    None => format!("{who} pass"),
                }));
            }
            lots.push(format!(
                "{{selector: {}, tile: {}, bids: [{}], choice: {}}}",
                scalar(name(l.selector)?),
                tile(l.tile),
                bids.join(", "),
                if l.sell { "sell" } else { "buy" }
            ));
        }
        fields.push(format!("lots: [{}]", lots.join(", ")));
    }
    Some(format!("{{{}}}", fields.join(", ")))
}

/// A bridge across the new tile (`NS`) or across the tile at a square (`{at, axis}`).
fn bridge(v: &mut Validator, path: &str, b: &RawBridge, here: Option<Pos>) -> Option<Extra> {
    let (at, axis_text, axis_path) = match b {
        WordOr::Word(a) => (here, a.as_str(), path.to_string()),
        WordOr::Map(BridgeAt { at, axis }) => (v.pos(&format!("{path}.at"), at), axis.as_str(), format!("{path}.axis")),
    };
    let Some(axis) = Axis::parse(axis_text) else {
        v.problem(
            "scenario::bad-bridge",
            &axis_path,
            format!("`{axis_text}` is not a way across a tile"),
            Some("a bridge runs north-south (`NS`) or east-west (`EW`)".to_string()),
        );
        return None;
    };
    at.map(|at| Extra::new(Action::Bridge { at, axis }))
}

/// A town to make a castle: `city S` on the new tile, or `{at, on, by}`; with `by`, also who
/// makes it (`Action::CastleBy`), which the rules judge.
fn castle(v: &mut Validator, path: &str, c: &RawCastle, t: &TurnInfo) -> Vec<Extra> {
    let (at, text, tpath, by) = match c {
        WordOr::Word(text) => (t.pos, text.as_str(), path.to_string(), None),
        WordOr::Map(CastleMap { at, on, by }) => {
            let at = match at {
                Some(a) => v.pos(&format!("{path}.at"), a),
                None => t.pos,
            };
            (at, on.as_str(), format!("{path}.on"), by.as_ref())
        }
    };
    let words: Vec<&str> = text.split_whitespace().collect();
    let spot = match words.as_slice() {
        [k] if k.eq_ignore_ascii_case("city") => None,
        [k, place] if k.eq_ignore_ascii_case("city") => match Spot::parse(place) {
            Some(s) => Some(s),
            None => {
                v.problem(
                    "scenario::bad-feature",
                    &tpath,
                    format!("`{place}` is not a place on a tile"),
                    Some(feature_help()),
                );
                return Vec::new();
            }
        },
        _ => {
            v.problem(
                "scenario::bad-castle",
                &tpath,
                format!("`{text}` is not a city"),
                Some("name the town's city on that tile: `city S`".to_string()),
            );
            return Vec::new();
        }
    };
    let mut makers = Vec::new();
    for (i, name) in by.map(|b| b.0.as_slice()).unwrap_or_default().iter().enumerate() {
        let npath = match by.is_some_and(|b| b.0.len() > 1) {
            true => format!("{path}.by[{i}]"),
            false => format!("{path}.by"),
        };
        match t.players.iter().position(|p| p == name) {
            Some(i) if makers.contains(&PlayerId(i as u8)) => {
                v.problem("scenario::bad-castle", &npath, format!("{name} is named twice"), None);
                return Vec::new();
            }
            Some(i) => makers.push(PlayerId(i as u8)),
            None => {
                v.unknown_player(&npath, name, t.players);
                return Vec::new();
            }
        }
    }
    let Some(at) = at else { return Vec::new() };
    let mut out = vec![Extra::new(Action::Castle { at, spot })];
    out.extend(makers.into_iter().map(|by| Extra::new(Action::CastleBy { at, by })));
    out
}

/// A bazaar written out: the tiles revealed and each lot's selection, bids and choice.
fn bazaar(v: &mut Validator, t: &TurnInfo, path: &str, b: &RawBazaar) -> Option<Auction> {
    let players = t.players;
    let pid = |name: &str| players.iter().position(|p| p == name).map(|i| PlayerId(i as u8));
    let mut revealed = Vec::new();
    for (i, id) in b.revealed.iter().enumerate() {
        revealed.extend(v.tile(t.tiles, &format!("{path}.revealed[{i}]"), id));
    }
    let mut lots = Vec::new();
    for (i, l) in b.lots.iter().enumerate() {
        let lpath = format!("{path}.lots[{i}]");
        let selector = pid(&l.selector);
        if selector.is_none() {
            v.unknown_player(&format!("{lpath}.selector"), &l.selector, players);
        }
        let tile = v.tile(t.tiles, &format!("{lpath}.tile"), &l.tile);
        let mut bids = Vec::new();
        for (j, text) in l.bids.iter().enumerate() {
            let bpath = format!("{lpath}.bids[{j}]");
            let words: Vec<&str> = text.split_whitespace().collect();
            let parsed = match words.as_slice() {
                [who, "pass"] => pid(who).map(|p| (p, None)),
                [who, amount] => match (pid(who), amount.parse::<i32>()) {
                    (Some(p), Ok(a)) if (0..=10_000).contains(&a) => Some((p, Some(a))),
                    _ => None,
                },
                _ => None,
            };
            if let Some((_, Some(a))) = parsed {
                v.count_points_moved(&bpath, a, "bids");
            }
            match parsed {
                Some(x) => bids.push(x),
                None => v.problem(
                    "scenario::bad-bid",
                    &bpath,
                    format!("`{text}` is not a bid"),
                    Some(format!(
                        "write the player and the points (`Red 3`, 0 to 10000) or `Red pass`; players: {}",
                        players.join(", ")
                    )),
                ),
            }
        }
        let sell = match l.choice.as_deref() {
            None | Some("buy") => false,
            Some("sell") => true,
            Some(other) => {
                v.problem(
                    "scenario::bad-choice",
                    &format!("{lpath}.choice"),
                    format!("`{other}` is not a choice"),
                    Some("the selector either `buy`s the tile or `sell`s it".to_string()),
                );
                false
            }
        };
        if let (Some(selector), Some(tile)) = (selector, tile) {
            lots.push(Lot { selector, tile, bids, sell });
        }
    }
    Some(Auction { revealed, stack_left: b.stack_left, lots })
}
