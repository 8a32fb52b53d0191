//! The sentences of a JCZ engine test (`test.assertions`) that the referee can judge.
//!
//! Two forms settle scores: "<Name> has <N> points" (the score after the last move; with the
//! game's end, the final total) and "<Name> scored <feature> for <N> points" (some scoring of
//! the game gave that player N for that kind of feature). The others describe JCZ's user
//! interface (its phases, whether undo is allowed, which buttons show) or option sets the
//! referee does not yet compare; they are reported as not judged, never counted as passed.

/// What one sentence asks.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Sentence {
    Score { player: String, points: i64 },
    Scored { player: String, feature: &'static str, points: i64 },
    NotJudged(String),
}

/// JCZ's scoring names (cut at the first dot) and the referee's feature words.
const FEATURES: &[(&str, &str)] = &[
    ("road", "road"),
    ("city", "city"),
    ("monastery", "cloister"),
    // An abbot's monastery at the end (The Monasteries).
    ("special-monastery", "cloister"),
    ("field", "field"),
    ("castle", "castle"),
    ("fairy", "fairy"),
    // An abbot's garden (The Abbot).
    ("garden", "garden"),
    // A watchtower's points (The Watchtowers).
    ("watchtower", "watchtower"),
];

/// Reads one sentence; `players` are the game's player names.
pub fn parse(sentence: &str, players: &[String]) -> Sentence {
    let s = sentence.trim().trim_end_matches('.');
    let words: Vec<&str> = s.split_whitespace().collect();
    let number = |w: &str| w.parse::<i64>().ok().filter(|n| n.unsigned_abs() < 1_000_000);
    let is_points = |w: &str| w == "point" || w == "points";
    let player = |w: &str| players.iter().find(|p| p.as_str() == w).cloned();
    match words.as_slice() {
        [name, "has", n, unit] if is_points(unit) => match (player(name), number(n)) {
            (Some(player), Some(points)) => Sentence::Score { player, points },
            (None, _) => Sentence::NotJudged(format!("`{name}` is not a player of this game")),
            (_, None) => Sentence::NotJudged(format!("`{n}` is not a score")),
        },
        [name, "scored", feature, "for", n, unit] if is_points(unit) => {
            let base = feature.split('.').next().unwrap_or_default();
            match (player(name), FEATURES.iter().find(|(j, _)| *j == base), number(n)) {
                (Some(player), Some((_, f)), Some(points)) => Sentence::Scored { player, feature: f, points },
                (None, _, _) => Sentence::NotJudged(format!("`{name}` is not a player of this game")),
                (_, None, _) => Sentence::NotJudged(format!("the scoring `{feature}` is of an expansion not modelled")),
                (_, _, None) => Sentence::NotJudged(format!("`{n}` is not a number of points")),
            }
        }
        _ if s.to_lowercase().contains("phase is") => {
            Sentence::NotJudged("JCloisterZone's turn phase (its user interface)".to_string())
        }
        ["Undo", ..] => Sentence::NotJudged("whether JCloisterZone allows undo (its user interface)".to_string()),
        ["Player", "can", "pass"] | ["Player", "can't", "pass"] => {
            Sentence::NotJudged("whether JCloisterZone offers a pass button (its user interface)".to_string())
        }
        ["Available", "action", ..] => {
            Sentence::NotJudged("which action JCloisterZone offers next (its user interface)".to_string())
        }
        _ if s.contains(" options: ") => {
            Sentence::NotJudged("an option set, which the referee does not compare yet".to_string())
        }
        _ => Sentence::NotJudged("a sentence of a form the referee does not read".to_string()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn players() -> Vec<String> {
        vec!["Betty".to_string(), "John".to_string()]
    }

    #[test]
    fn score_sentences_are_read_with_or_without_the_full_stop() {
        assert_eq!(parse("Betty has 7 points.", &players()), Sentence::Score { player: "Betty".into(), points: 7 });
        assert_eq!(parse("John has 1 point", &players()), Sentence::Score { player: "John".into(), points: 1 });
        assert_eq!(parse("John has -3 points", &players()), Sentence::Score { player: "John".into(), points: -3 });
        assert_eq!(
            parse("Betty scored road for 7 points.", &players()),
            Sentence::Scored { player: "Betty".into(), feature: "road", points: 7 }
        );
        assert_eq!(
            parse("Betty scored monastery for 9 points", &players()),
            Sentence::Scored { player: "Betty".into(), feature: "cloister", points: 9 }
        );
    }

    #[test]
    fn other_sentences_are_not_judged_and_say_why() {
        for s in ["Phase is TilePhase", "Undo is allowed", "Player can't pass", "Available action BazaarSelectTile"] {
            assert!(matches!(parse(s, &players()), Sentence::NotJudged(_)), "{s}");
        }
        assert!(matches!(parse("Carol has 3 points", &players()), Sentence::NotJudged(_)));
        assert!(matches!(parse("Betty scored courier for 3 points", &players()), Sentence::NotJudged(_)));
        assert_eq!(
            parse("Betty scored garden for 3 points", &players()),
            Sentence::Scored { player: "Betty".into(), feature: "garden", points: 3 }
        );
    }
}
