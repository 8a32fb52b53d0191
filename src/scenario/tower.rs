//! The vocabulary of The Tower (`expansions: [tower]`): on a turn, a tower piece instead of a
//! follower (`tower: [1, 0]`, the square of the foundation or tower) and the follower it captures
//! (`capture: {at: [2, 0], on: city N}`, or `on: tower` for the follower atop the tower there), a
//! follower on top of a tower instead of on the new tile (`tower-follower: [1, 0]`; the phantom,
//! besides the turn's other placement: `tower-phantom: [1, 0]`), and a
//! prisoner bought back before the tile is placed (`ransom: Blue`, the captor; `ransom: Blue
//! large` for a large follower, `ransom: Blue phantom` for the phantom), and, where a capture makes an exchange in which a captor holds
//! figures of two kinds of a player's, the figure that player takes back (`exchange: {Blue:
//! large}`); on a tile of the starting board, a tower standing (`tower:
//! {height: 2}`, with `top: Red` for Red's follower on top); under the scenario, the prisoners
//! held when it begins (`prisoners: {Red: {Blue: 1}}`: Red holds one of Blue's followers) and
//! the tower pieces a player has left (`tower-pieces: {Red: 3}`).

use super::value::Value;
use super::vocab::{BoardInfo, Key, OfferTile, TopInfo, TopOut, TurnInfo, TurnOut, Vocabulary};
use super::write::{scalar, square, BoardOffer, Written};
use super::{feature_help, Validator};
use crate::engine::{Figure, Game, Move};
use crate::expansion::tower::{Action, MAX_PIECES};
use crate::expansion::{ExpansionId, Extra};
use crate::score::PlayerId;
use crate::tile::{FeatureKind, Mark, Spot};
use serde::Deserialize;
use std::collections::BTreeMap;

pub(super) struct Tower;

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct RawCapture {
    at: Vec<i64>,
    on: String,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct RawStandingTower {
    height: i64,
    #[serde(default)]
    top: Option<String>,
}

fn player_of(v: &mut Validator, path: &str, name: &str, players: &[String]) -> Option<PlayerId> {
    let p = players.iter().position(|p| p == name).map(|i| PlayerId(i as u8));
    if p.is_none() {
        v.unknown_player(path, name, players);
    }
    p
}

/// The features a follower a capture takes may stand on.
const CAPTURED: [FeatureKind; 5] =
    [FeatureKind::Road, FeatureKind::City, FeatureKind::Cloister, FeatureKind::Field, FeatureKind::Castle];

/// `city N`, `field NL NR`, `cloister`, or `tower` (`None`): what a capture takes.
fn capture_target(v: &mut Validator, path: &str, text: &str) -> Option<crate::expansion::tower::Target> {
    if text.trim().eq_ignore_ascii_case("tower") {
        return Some(None);
    }
    let mut words = text.split_whitespace();
    let Some(kind) = words.next().and_then(FeatureKind::parse).filter(|k| CAPTURED.contains(k)) else {
        v.problem(
            "scenario::bad-feature",
            path,
            format!("`{text}` is not a follower's place: a road, city, cloister or field of the tile, or `tower`"),
            Some(feature_help()),
        );
        return None;
    };
    let mut spots = Vec::new();
    for w in words {
        match Spot::parse_word(w) {
            Some(s) => spots.extend(s),
            None => {
                v.problem(
                    "scenario::bad-feature",
                    path,
                    format!("`{w}` is not a place on a tile"),
                    Some(feature_help()),
                );
                return None;
            }
        }
    }
    Some(Some((kind, spots)))
}

/// A figure a prisoner may be, as `ransom:` and `exchange:` name it.
fn figure_written(figure: Figure) -> Option<&'static str> {
    match figure {
        Figure::Normal => Some("follower"),
        Figure::Large => Some("large"),
        Figure::Phantom => Some("phantom"),
        _ => None,
    }
}

impl Vocabulary for Tower {
    fn expansion(&self) -> ExpansionId {
        ExpansionId::Tower
    }

    fn turn_keys(&self) -> &'static [Key] {
        &[
            ("tower", "tower pieces"),
            ("capture", "captures by towers"),
            ("tower-follower", "followers on towers"),
            ("tower-phantom", "phantoms on towers"),
            ("ransom", "ransoms"),
            ("exchange", "exchanges of prisoners"),
            ("tower-turn", "the game stopping in a turn"),
        ]
    }

    fn board_keys(&self) -> &'static [Key] {
        &[("tower", "towers")]
    }

    fn top_keys(&self) -> &'static [Key] {
        &[("prisoners", "prisoners"), ("tower-pieces", "tower pieces")]
    }

    fn turn(&self, v: &mut Validator, t: &TurnInfo, keys: &[(&str, &Value)], out: &mut TurnOut) {
        for (key, value) in keys {
            let path = format!("{}.{key}", t.path);
            match *key {
                "tower" | "tower-follower" | "tower-phantom" => {
                    let Some(at) = v.typed::<Vec<i64>>(&path, value) else { continue };
                    let Some(at) = v.pos(&path, &at) else { continue };
                    out.extras.push(Extra::new(match *key {
                        "tower" => Action::Piece { at },
                        "tower-follower" => Action::Top { at, figure: Figure::Normal },
                        _ => Action::Top { at, figure: Figure::Phantom },
                    }));
                }
                "tower-turn" => {
                    // A game recorded in this turn, after its ransom and tower actions, before
                    // its scoring: its last turn.
                    const WORDS: &[(&str, &str)] = &[("unfinished", "the game stops before the turn's scoring")];
                    if v.recorded_stop(t, (key, value), "scenario::bad-tower-turn", WORDS, "leave it out").is_some() {
                        out.extras.push(Extra::new(Action::Unfinished));
                    }
                }
                "capture" => {
                    let Some(c) = v.typed::<RawCapture>(&path, value) else { continue };
                    let at = v.pos(&format!("{path}.at"), &c.at);
                    let feature = capture_target(v, &format!("{path}.on"), &c.on);
                    if let (Some(at), Some(feature)) = (at, feature) {
                        out.extras.push(Extra::new(Action::Capture { at, feature }));
                    }
                }
                "exchange" => {
                    let Some(map) = v.typed::<BTreeMap<String, String>>(&path, value) else { continue };
                    for (name, word) in map {
                        let opath = format!("{path}.{name}");
                        let Some(owner) = player_of(v, &opath, &name, t.players) else { continue };
                        let figure = match word.trim() {
                            w if w.eq_ignore_ascii_case("large") => Figure::Large,
                            w if w.eq_ignore_ascii_case("phantom") => Figure::Phantom,
                            w if w.eq_ignore_ascii_case("follower") => Figure::Normal,
                            _ => {
                                v.problem(
                                    "scenario::bad-exchange",
                                    &opath,
                                    format!("`{word}` is not a figure a prisoner may be"),
                                    Some(
                                        "write `follower`, `large` or `phantom`: the figure the player takes back"
                                            .to_string(),
                                    ),
                                );
                                continue;
                            }
                        };
                        out.extras.push(Extra::new(Action::Exchange { owner, figure }));
                    }
                }
                _ => {
                    let Some(text) = v.typed::<String>(&path, value) else { continue };
                    let words: Vec<&str> = text.split_whitespace().collect();
                    let (name, figure) = match words.as_slice() {
                        [name] => (*name, None),
                        [name, f] if f.eq_ignore_ascii_case("large") => (*name, Some(Figure::Large)),
                        [name, f] if f.eq_ignore_ascii_case("phantom") => (*name, Some(Figure::Phantom)),
                        [name, f] if f.eq_ignore_ascii_case("follower") => (*name, Some(Figure::Normal)),
                        _ => {
                            v.problem(
                                "scenario::bad-ransom",
                                &path,
                                format!("`{text}` does not name a captor"),
                                Some(
                                    "write the player holding the prisoner: `ransom: Blue`, or `ransom: Blue large`"
                                        .to_string(),
                                ),
                            );
                            continue;
                        }
                    };
                    if let Some(captor) = player_of(v, &path, name, t.players) {
                        out.extras.push(Extra::new(Action::Ransom { captor, figure }));
                    }
                }
            }
        }
    }

    fn written(&self, game: &Game, _mv: &Move, action: &Extra) -> Option<Written> {
        let name = |p: PlayerId| game.players().get(p.index()).map(|p| &*p.name);
        Some(match action.get::<Action>()? {
            Action::Piece { at } => Written::Value("tower", square(*at)),
            Action::Top { at, figure: Figure::Normal } => Written::Value("tower-follower", square(*at)),
            Action::Top { at, figure: Figure::Phantom } => Written::Value("tower-phantom", square(*at)),
            Action::Capture { at, feature } => {
                let on = match feature {
                    None => "tower".to_string(),
                    // The kinds `capture_target` reads.
                    Some((kind, _)) if !CAPTURED.contains(kind) => return None,
                    Some((kind, spots)) => std::iter::once(kind.to_string())
                        .chain(spots.iter().map(Spot::words))
                        .collect::<Vec<_>>()
                        .join(" "),
                };
                Written::Value("capture", format!("{{at: {}, on: {on}}}", square(*at)))
            }
            Action::Exchange { owner, figure } => Written::Entry {
                key: "exchange",
                name: scalar(name(*owner)?),
                value: figure_written(*figure)?.to_string(),
            },
            Action::Ransom { captor, figure } => {
                // The captor's name and the figure are read as words: a name of one word only.
                let captor = name(*captor).filter(|n| !n.is_empty() && !n.contains(char::is_whitespace))?;
                let text = match figure {
                    None => captor.to_string(),
                    Some(f) => format!("{captor} {}", figure_written(*f)?),
                };
                Written::Value("ransom", scalar(&text))
            }
            // A game recorded in this turn: read only on a last turn.
            Action::Unfinished => Written::Value("tower-turn", "unfinished".to_string()),
            // A follower of another figure on top has no key; what is set up before the game
            // is no turn's.
            Action::Top { .. } | Action::Standing { .. } | Action::Prisoners { .. } | Action::PiecesLeft { .. } => {
                return None
            }
        })
    }

    /// On a tower foundation: the tower one piece higher than it stands (1 where none does),
    /// and each player's follower on top of it, at the height it stands (or 1).
    fn board_offers(&self, t: &OfferTile) -> Vec<BoardOffer> {
        if !t.def.marks.contains(&Mark::Tower) {
            return Vec::new();
        }
        let standing = t.pieces.iter().find_map(|(_, x)| match x.get::<Action>() {
            Some(Action::Standing { height, top }) => Some((*height, *top)),
            _ => None,
        });
        let written = |height: u8, top: Option<&str>| match top {
            Some(name) => format!("{{height: {height}, top: {}}}", scalar(name)),
            None => format!("{{height: {height}}}"),
        };
        let name = |p: PlayerId| t.players.get(p.index()).map(String::as_str);
        let mut out = Vec::new();
        let (height, top) = standing.unwrap_or((0, None));
        if height < MAX_PIECES {
            let higher = height + 1;
            let words = match standing {
                Some(_) => format!("the tower raised to {higher} pieces"),
                None => "a tower of 1 piece".to_string(),
            };
            out.push(BoardOffer::value("tower", None, written(higher, top.and_then(name)), words));
        }
        let height = height.max(1);
        for (i, p) in t.players.iter().enumerate() {
            if top == Some(PlayerId(i as u8)) {
                continue;
            }
            let words = format!("{p}'s follower on top of the tower ({height} high)");
            out.push(BoardOffer::value("tower", Some(p), written(height, Some(p)), words));
        }
        out
    }

    fn board(&self, v: &mut Validator, b: &BoardInfo, keys: &[(&str, &Value)], out: &mut Vec<(String, Extra)>) {
        for (key, value) in keys {
            let path = format!("{}.{key}", b.path);
            let Some(s) = v.typed::<RawStandingTower>(&path, value) else { continue };
            let Some(height) = u8::try_from(s.height).ok().filter(|h| (1..=MAX_PIECES).contains(h)) else {
                v.problem(
                    "scenario::bad-tower",
                    &format!("{path}.height"),
                    format!("{} is not a tower's height", s.height),
                    Some(format!("a tower stands 1 to {MAX_PIECES} pieces high")),
                );
                continue;
            };
            let top = match &s.top {
                Some(name) => match player_of(v, &format!("{path}.top"), name, b.players) {
                    Some(p) => Some(p),
                    None => continue,
                },
                None => None,
            };
            out.push((path, Extra::new(Action::Standing { height, top })));
        }
    }

    fn top(&self, v: &mut Validator, t: &TopInfo, keys: &[(&str, &Value)], out: &mut TopOut) {
        for (key, value) in keys {
            if *key == "tower-pieces" {
                let Some(map) = v.typed::<BTreeMap<String, i64>>(key, value) else { continue };
                for (name, n) in map {
                    let ppath = format!("{key}.{name}");
                    let Some(player) = player_of(v, &ppath, &name, t.players) else { continue };
                    match u8::try_from(n).ok().filter(|n| *n <= MAX_PIECES) {
                        Some(count) => out.held.push((ppath, Extra::new(Action::PiecesLeft { player, count }))),
                        None => v.problem(
                            "scenario::bad-tower",
                            &ppath,
                            format!("{n} tower pieces is not a number of pieces"),
                            Some(format!("a player holds 0 to {MAX_PIECES} tower pieces")),
                        ),
                    }
                }
                continue;
            }
            let Some(map) = v.typed::<BTreeMap<String, BTreeMap<String, i64>>>(key, value) else { continue };
            for (captor_name, held) in map {
                let cpath = format!("{key}.{captor_name}");
                let Some(captor) = player_of(v, &cpath, &captor_name, t.players) else { continue };
                for (owner_name, n) in held {
                    let opath = format!("{cpath}.{owner_name}");
                    let Some(owner) = player_of(v, &opath, &owner_name, t.players) else { continue };
                    match u8::try_from(n).ok().filter(|n| (1..=7).contains(n) && owner != captor) {
                        Some(count) => out.held.push((opath, Extra::new(Action::Prisoners { captor, owner, count }))),
                        None => v.problem(
                            "scenario::bad-prisoners",
                            &opath,
                            format!("{captor_name} cannot hold {n} of {owner_name}'s followers"),
                            Some("a player holds 1 to 7 followers of another player".to_string()),
                        ),
                    }
                }
            }
        }
    }
}
