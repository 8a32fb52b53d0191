//! The vocabulary of The Messages (`expansions: [messages]`): on a turn (or a part of one),
//! the figure each of the player's scorings moves (`track: [woman, scorer]`; without it, the
//! scoring figure) and the messages drawn, in order (`message: 7` for its action,
//! `message: {draw: 5, take: points}` for the 2 points instead, a list for several); at the
//! start, the space each woman stands on (`women: {Red: 5}`; the scoring figure stands on the
//! player's score less that).

use super::value::Value;
use super::vocab::{Key, TopInfo, TopOut, TurnInfo, TurnOut, Vocabulary};
use super::write::Written;
use super::Validator;
use crate::engine::{Game, Move};
use crate::expansion::messages::{rule, Action, Draw, Figure};
use crate::expansion::{ExpansionId, Extra};
use crate::score::PlayerId;

pub(super) struct Messages;

const TRACK: &str = "track";
const MESSAGE: &str = "message";
const WOMEN: &str = "women";

/// The most messages one placement may write: more than the stack holds is a typing error.
const MAX_DRAWS: usize = 8;

fn figure(v: &mut Validator, path: &str, value: &Value) -> Option<Figure> {
    let text = v.typed::<String>(path, value)?;
    let f = Figure::parse(&text);
    if f.is_none() {
        v.problem(
            rule::CHOOSE_FIGURE.as_str(),
            path,
            format!("`{text}` is not a scoring figure"),
            Some("a scoring figure is `scorer` (the scoring follower) or `woman`".to_string()),
        );
    }
    f
}

fn number(v: &mut Validator, path: &str, value: &Value) -> Option<u8> {
    let n = v.typed::<i64>(path, value)?;
    if !(1..=8).contains(&n) {
        v.problem(
            rule::ACTION_OR_POINTS.as_str(),
            path,
            format!("{n} is not a message"),
            Some("the messages are numbered 1 to 8".to_string()),
        );
        return None;
    }
    Some(n as u8)
}

fn draw(v: &mut Validator, path: &str, value: &Value) -> Option<Draw> {
    match value {
        Value::Map(entries) => {
            let (mut message, mut points, mut ok) = (None, None, true);
            for (k, x) in entries {
                let at = format!("{path}.{k}");
                match k.as_str() {
                    "draw" => message = number(v, &at, x),
                    "take" => match v.typed::<String>(&at, x)?.as_str() {
                        "points" => points = Some(true),
                        "action" => points = Some(false),
                        other => {
                            v.problem(
                                rule::ACTION_OR_POINTS.as_str(),
                                &at,
                                format!("`{other}` is not what a message gives"),
                                Some(
                                    "`take: action` (what the message shows) or `take: points` (2 points)".to_string(),
                                ),
                            );
                            ok = false;
                        }
                    },
                    _ => {
                        v.problem(
                            "scenario::unknown-key",
                            &at,
                            format!("unknown key `{k}` of a message drawn"),
                            Some(
                                "a message drawn is `{draw: N, take: action}` or `{draw: N, take: points}`".to_string(),
                            ),
                        );
                        ok = false;
                    }
                }
            }
            if message.is_none() && ok {
                v.problem(
                    rule::ACTION_OR_POINTS.as_str(),
                    path,
                    "a message drawn names its number (`draw: N`)".to_string(),
                    None,
                );
            }
            Some(Draw { message: message?, points: points.unwrap_or(false) }).filter(|_| ok)
        }
        _ => number(v, path, value).map(|message| Draw { message, points: false }),
    }
}

fn draw_text(d: &Draw) -> String {
    if d.points {
        format!("{{draw: {}, take: points}}", d.message)
    } else {
        d.message.to_string()
    }
}

impl Vocabulary for Messages {
    fn expansion(&self) -> ExpansionId {
        ExpansionId::Messages
    }

    fn turn_keys(&self) -> &'static [Key] {
        &[(TRACK, "the scoring figures"), (MESSAGE, "messages")]
    }

    fn top_keys(&self) -> &'static [Key] {
        &[(WOMEN, "the scoring figures")]
    }

    fn turn(&self, v: &mut Validator, t: &TurnInfo, keys: &[(&str, &Value)], out: &mut TurnOut) {
        for (key, value) in keys {
            let path = format!("{}.{key}", t.path);
            if *key == TRACK {
                let items: Vec<&Value> = match value {
                    Value::Seq(items) => items.iter().collect(),
                    one => vec![one],
                };
                let figures: Vec<Option<Figure>> = items
                    .iter()
                    .enumerate()
                    .map(|(i, x)| {
                        let at = if matches!(value, Value::Seq(_)) { format!("{path}[{i}]") } else { path.clone() };
                        figure(v, &at, x)
                    })
                    .collect();
                if let Some(list) = figures.into_iter().collect::<Option<Vec<_>>>() {
                    out.extras.push(Extra::new(Action::Track(list)));
                }
            } else {
                let (items, listed): (Vec<&Value>, bool) = match value {
                    Value::Seq(items) => (items.iter().collect(), true),
                    one => (vec![one], false),
                };
                if items.len() > MAX_DRAWS {
                    v.problem(
                        rule::ACTIVE_PLAYER.as_str(),
                        &path,
                        format!("{} messages in one placement: the stack holds {MAX_DRAWS}", items.len()),
                        None,
                    );
                    continue;
                }
                let draws: Vec<Option<Draw>> = items
                    .iter()
                    .enumerate()
                    .map(|(i, x)| draw(v, &if listed { format!("{path}[{i}]") } else { path.clone() }, x))
                    .collect();
                if let Some(list) = draws.into_iter().collect::<Option<Vec<_>>>() {
                    out.extras.push(Extra::new(Action::Draws(list)));
                }
            }
        }
    }

    fn written(&self, _game: &Game, _mv: &Move, action: &Extra) -> Option<Written> {
        match action.get::<Action>()? {
            Action::Track(t) => {
                Some(Written::Value(TRACK, format!("[{}]", t.iter().map(|f| f.word()).collect::<Vec<_>>().join(", "))))
            }
            Action::Draws(d) => {
                Some(Written::Value(MESSAGE, format!("[{}]", d.iter().map(draw_text).collect::<Vec<_>>().join(", "))))
            }
            Action::Woman { .. } | Action::Probe => None,
        }
    }

    fn top(&self, v: &mut Validator, t: &TopInfo, keys: &[(&str, &Value)], out: &mut TopOut) {
        for (key, value) in keys {
            let Value::Map(entries) = value else {
                v.problem(
                    rule::TWO_FIGURES.as_str(),
                    key,
                    "`women:` maps each player to the space their woman stands on".to_string(),
                    Some("write `women: {Red: 5}`".to_string()),
                );
                continue;
            };
            for (name, x) in entries {
                let path = format!("{key}.{name}");
                let Some(i) = t.players.iter().position(|p| p == name) else {
                    v.unknown_player(&path, name, t.players);
                    continue;
                };
                let Some(space) = v.typed::<i64>(&path, x) else { continue };
                if !(0..=i64::from(super::MAX_START_SCORE)).contains(&space) {
                    v.problem(
                        rule::TWO_FIGURES.as_str(),
                        &path,
                        format!("{space} is not a space of the scoreboard a woman can stand on"),
                        Some(format!("a space from 0 to {}", super::MAX_START_SCORE)),
                    );
                    continue;
                }
                out.held.push((path, Extra::new(Action::Woman { player: PlayerId(i as u8), space: space as i32 })));
            }
        }
    }
}
