//! The vocabulary of Abbey and Mayor (`expansions: [am]`): the mayor and the wagon, deployed on
//! a turn with `mayor: city N` or `wagon: road E` instead of `follower:`, standing on the
//! starting board as `{player: Red, on: city N, mayor: true}`, and named `mayor city N` or
//! `wagon road E` in a list of legal moves. After a wagon's feature scores, the turn may move it:
//! `wagon-move: [{from: [x, y], to: [x, y], on: road E}]`. A game played with other counts than
//! the box's one of each writes them in `supply:` (`{mayor: 0, wagon: 2, barn: 2}`). The abbey is
//! a tile, `tile: abbey`, on a turn or on the starting board (`{tile: abbey, at: [1, 1],
//! abbey-of: Red}` says whose it was); `last-tile: true` marks the turn laying the last land
//! tile, after which the turns are the players' abbeys, each naming its `player:`.

use super::raw::RawFollowerSpec;
use super::value::Value;
use super::vocab::{BoardInfo, Key, OfferTile, SupplyOf, SupplyWord, TurnInfo, TurnOut, Vocabulary};
use super::write::{kind_and_spot, scalar, square, BoardOffer, Written};
use super::Validator;
use crate::engine::{Figure, Game, Move};
use crate::expansion::am::{abbey, barn, wagon};
use crate::expansion::{ExpansionId, Extra};
use crate::score::PlayerId;
use crate::tile::FeatureKind;
use serde::Deserialize;

pub(super) struct Am;

const MAYOR: &str = "mayor";
const WAGON: &str = "wagon";
const WAGON_MOVE: &str = "wagon-move";
/// `barn-corner: NE`: the barn on that corner of the tile just placed (the key `barn` is the
/// new edition's barn of expansion 8).
const BARN: &str = "barn-corner";

/// `{from: [x, y], to: [x, y], on: road E}`: the wagon that stood at `from` on a feature
/// scored this turn moves onto the feature `on` of the tile at `to`.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct RawWagonMove {
    from: Vec<i64>,
    to: Vec<i64>,
    on: String,
}
/// `last-tile: true`: the turn lays the last land tile; the turns after it are the abbeys
/// the players still holding one play, out of the usual order (each names its `player:`).
const LAST_TILE: &str = "last-tile";
/// `abbey-of: Red` on an abbey of the starting board: whose abbey it was.
const ABBEY_OF: &str = "abbey-of";
/// More turns than a scenario holds: every turn after the last tile names its player.
const ALL_LATER_TURNS: usize = u16::MAX as usize + 1;

/// The barns each player has, for `supply: {barn: 2}`.
fn barns_each(n: u8) -> Extra {
    Extra::new(crate::expansion::am::barn::BarnsEach(n))
}

/// The words of `supply:`: one of each figure in the box (rule am.components.figures).
const SUPPLY: &[SupplyWord] = &[
    SupplyWord { word: MAYOR, rules: 1, max: super::MAX_SUPPLY, of: SupplyOf::Figure(Figure::Mayor) },
    SupplyWord { word: WAGON, rules: 1, max: super::MAX_SUPPLY, of: SupplyOf::Figure(Figure::Wagon) },
    SupplyWord { word: "barn", rules: 1, max: super::MAX_SUPPLY, of: SupplyOf::Piece(barns_each) },
];

fn figure_of(key: &str) -> Option<Figure> {
    match key {
        MAYOR => Some(Figure::Mayor),
        WAGON => Some(Figure::Wagon),
        _ => None,
    }
}

impl Vocabulary for Am {
    fn expansion(&self) -> ExpansionId {
        ExpansionId::Am
    }

    fn turn_keys(&self) -> &'static [Key] {
        &[
            (MAYOR, "mayors"),
            (WAGON, "wagons"),
            (WAGON_MOVE, "wagon moves"),
            (BARN, "barns"),
            ("abbey", "abbeys"),
            (LAST_TILE, "the last land tile"),
        ]
    }

    fn board_keys(&self) -> &'static [Key] {
        &[(ABBEY_OF, "abbeys of the starting board")]
    }

    fn board(&self, v: &mut Validator, b: &BoardInfo, keys: &[(&str, &Value)], out: &mut Vec<(String, Extra)>) {
        for (key, value) in keys {
            let path = format!("{}.{key}", b.path);
            let Some(name) = v.typed::<String>(&path, value) else { continue };
            match b.players.iter().position(|p| *p == name) {
                Some(i) => out.push((path, Extra::new(abbey::AbbeyOf(PlayerId(i as u8))))),
                None => v.unknown_player(&path, &name, b.players),
            }
        }
    }

    fn follower_keys(&self) -> &'static [Key] {
        &[(MAYOR, "mayors"), (WAGON, "wagons")]
    }

    fn turn(&self, v: &mut Validator, t: &TurnInfo, keys: &[(&str, &Value)], out: &mut TurnOut) {
        for (key, value) in keys {
            let path = format!("{}.{key}", t.path);
            if *key == "abbey" {
                // The abbey is the turn's tile, not a piece beside it.
                v.problem(
                    crate::expansion::am::rule::ABBEY.as_str(),
                    &path,
                    "the abbey is a tile: write it as the turn's tile".to_string(),
                    Some("`tile: abbey` (docs/scenarios.md, \"Abbey and Mayor\")".to_string()),
                );
                continue;
            }
            if *key == LAST_TILE {
                if v.typed::<bool>(&path, value) == Some(true) {
                    out.extras.push(Extra::new(abbey::LastTile));
                    out.out_of_turn = ALL_LATER_TURNS;
                }
                continue;
            }
            if *key == BARN {
                let text = v.typed::<String>(&path, value);
                match text.as_deref().map(|t| (crate::geom::Corner::parse(t.trim()), t)) {
                    Some((Some(corner), _)) => out.extras.push(Extra::new(crate::expansion::am::barn::Barn { corner })),
                    Some((None, t)) => v.problem(
                        "scenario::bad-corner",
                        &path,
                        format!("`{t}` is not a corner of a tile"),
                        Some("write NE, SE, SW or NW".to_string()),
                    ),
                    None => {}
                }
                continue;
            }
            if *key == WAGON_MOVE {
                for (j, m) in v.typed::<Vec<RawWagonMove>>(&path, value).into_iter().flatten().enumerate() {
                    let mpath = format!("{path}[{j}]");
                    let from = v.pos(&format!("{mpath}.from"), &m.from);
                    let to = v.pos(&format!("{mpath}.to"), &m.to);
                    let on = v.kind_and_spot(&format!("{mpath}.on"), &m.on, &FeatureKind::ALL, "a feature");
                    if let (Some(from), Some(to), Some((kind, spot))) = (from, to, on) {
                        out.extras.push(Extra::new(wagon::Move { from, to, kind, spot }));
                    }
                }
                continue;
            }
            let Some(figure) = figure_of(key) else { continue };
            if let Some(spec) = v.typed::<RawFollowerSpec>(&path, value) {
                out.figure = Some((figure, spec, path));
            }
        }
    }

    fn written(&self, _game: &Game, _mv: &Move, action: &Extra) -> Option<Written> {
        if let Some(m) = action.get::<wagon::Move>() {
            let item =
                format!("{{from: {}, to: {}, on: {}}}", square(m.from), square(m.to), kind_and_spot(m.kind, m.spot));
            return Some(Written::Item { key: WAGON_MOVE, alone: None, item });
        }
        if let Some(barn::Barn { corner }) = action.get::<barn::Barn>() {
            return Some(Written::Value(BARN, format!("{corner:?}")));
        }
        action.get::<abbey::LastTile>().map(|_| Written::Value(LAST_TILE, "true".to_string()))
    }

    fn follower(&self, v: &mut Validator, path: &str, keys: &[(&str, &Value)]) -> Option<Figure> {
        let mut figure = None;
        for (key, value) in keys {
            if v.typed::<bool>(&format!("{path}.{key}"), value)? {
                figure = figure_of(key);
            }
        }
        figure
    }

    /// On an abbey, whose abbey it was; each player's mayor on each city and wagon on each
    /// road, city and cloister, where the rules let them stand.
    fn board_offers(&self, t: &OfferTile) -> Vec<BoardOffer> {
        let mut out = Vec::new();
        if t.def.walled() {
            let abbey =
                |name: &String| BoardOffer::value(ABBEY_OF, Some(name), scalar(name), format!("{name}'s abbey"));
            out.extend(t.players.iter().map(abbey));
        }
        out.extend(t.figures(MAYOR, MAYOR, &[FeatureKind::City]));
        out.extend(t.figures(WAGON, WAGON, &[FeatureKind::Road, FeatureKind::City, FeatureKind::Cloister]));
        out
    }

    fn figure_word(&self, word: &str) -> Option<Figure> {
        figure_of(word)
    }

    fn supply_words(&self) -> &'static [SupplyWord] {
        SUPPLY
    }
}
