//! The vocabulary of King and Robber (`expansions: [king-robber]`): who holds the King and the
//! Robber Baron when a scenario taken up mid-game begins, and the size of the city or road
//! that gave each (`king: {player: Red, tiles: 5}`, `robber: {player: Blue, tiles: 4}`). The
//! titles are taken by the rules as cities and roads are completed; no turn writes them.

use super::value::Value;
use super::vocab::{Key, TopInfo, TopOut, Vocabulary};
use super::Validator;
use crate::expansion::kr::{Holds, Title, MAX_SIZE};
use crate::expansion::{ExpansionId, Extra};
use crate::score::PlayerId;
use serde::Deserialize;

pub(super) struct Kr;

/// A title held at the start: `{player: Red, tiles: 5}`.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct RawHeld {
    player: String,
    tiles: i64,
}

impl Vocabulary for Kr {
    fn expansion(&self) -> ExpansionId {
        ExpansionId::KingRobber
    }

    fn top_keys(&self) -> &'static [Key] {
        &[("king", "the King and the Robber Baron"), ("robber", "the King and the Robber Baron")]
    }

    fn top(&self, v: &mut Validator, t: &TopInfo, keys: &[(&str, &Value)], out: &mut TopOut) {
        for (key, value) in keys {
            let title = if *key == "king" { Title::King } else { Title::Robber };
            let Some(raw) = v.typed::<RawHeld>(key, value) else { continue };
            let ppath = format!("{key}.player");
            let Some(player) = t.players.iter().position(|x| *x == raw.player).map(|i| PlayerId(i as u8)) else {
                v.unknown_player(&ppath, &raw.player, t.players);
                continue;
            };
            match u32::try_from(raw.tiles).ok().filter(|n| (1..=MAX_SIZE).contains(n)) {
                Some(size) => out.held.push((key.to_string(), Extra::new(Holds { title, player, size }))),
                None => v.problem(
                    "scenario::bad-title",
                    &format!("{key}.tiles"),
                    format!("{} tiles is not the size of a completed {}", raw.tiles, title_feature(title)),
                    Some(format!(
                        "write the tiles of the {} that gave {}: 1 to {MAX_SIZE}",
                        title_feature(title),
                        title.name()
                    )),
                ),
            }
        }
    }
}

fn title_feature(title: Title) -> &'static str {
    match title {
        Title::King => "city",
        Title::Robber => "road",
    }
}
