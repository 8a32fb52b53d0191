//! Invariants of seeded random legal games, checked against a naive reference: features
//! flood-filled from scratch on the final board (no union-find, no incremental counters).

use crate::util::lib;
use referee::engine::{FollowerOn, Game, Move, FOLLOWERS_PER_PLAYER};
use referee::expansion::Options;
use referee::geom::{Edge, Pos, Rotation};
use referee::random::{generate, replay, Step};
use referee::score::Timing;
use referee::tile::{FeatureKind, TileSet};
use std::collections::{HashMap, HashSet};

/// A feature found by flood fill: its segments as (square, segment index), and whether complete.
struct NaiveFeature {
    kind: FeatureKind,
    members: HashSet<(Pos, usize)>,
    complete: bool,
}

fn naive_features(game: &Game) -> Vec<NaiveFeature> {
    let at: HashMap<Pos, _> = game.placed().iter().map(|p| (p.pos, *p)).collect();
    let mut seen: HashSet<(Pos, usize)> = HashSet::new();
    let mut out = Vec::new();
    for p in game.placed() {
        let def = game.def(p.kind);
        for (i, s) in def.segments.iter().enumerate() {
            if seen.contains(&(p.pos, i)) {
                continue;
            }
            let mut members = HashSet::new();
            let mut stack = vec![(p.pos, i)];
            let mut open = false;
            while let Some((pos, seg)) = stack.pop() {
                if !members.insert((pos, seg)) {
                    continue;
                }
                let t = at[&pos];
                let d = game.def(t.kind);
                for e in Edge::ALL {
                    let n = at.get(&pos.step(e));
                    match s.kind {
                        FeatureKind::Road | FeatureKind::City => {
                            if d.segment_on_edge(t.rotation, e) == Some(seg) {
                                match n.and_then(|n| game.def(n.kind).segment_on_edge(n.rotation, e.opposite())) {
                                    Some(ns) => stack.push((pos.step(e), ns)),
                                    None => open = true,
                                }
                            }
                        }
                        FeatureKind::Field => {
                            for h in e.halves() {
                                if d.segment_on_half(t.rotation, h) == Some(seg) {
                                    if let Some(ns) =
                                        n.and_then(|n| game.def(n.kind).segment_on_half(n.rotation, h.facing()))
                                    {
                                        stack.push((pos.step(e), ns));
                                    }
                                }
                            }
                        }
                        FeatureKind::Cloister | FeatureKind::Castle | FeatureKind::Bazaar => {}
                    }
                }
            }
            let complete = match s.kind {
                FeatureKind::Cloister => p.pos.ring().iter().all(|q| at.contains_key(q)),
                FeatureKind::Field => false,
                _ => !open,
            };
            seen.extend(members.iter().copied());
            out.push(NaiveFeature { kind: s.kind, members, complete });
        }
    }
    out
}

/// A generated game's players at the start tile, before its first step.
fn start_of<'t>(tiles: &'t TileSet, g: &referee::random::RandomGame) -> Game<'t> {
    replay(tiles, Options::default(), &referee::random::RandomGame { players: g.players.clone(), steps: vec![] }, false)
}

fn tiles() -> TileSet {
    lib().tile_set(&[])
}

#[test]
fn followers_are_on_the_board_or_in_supply_after_every_turn() {
    let tiles = tiles();
    for seed in 0..40 {
        let g = generate(&tiles, seed, 2 + (seed % 4) as usize, 1);
        let mut game = start_of(&tiles, &g);
        for (i, s) in g.steps.iter().enumerate() {
            if let Step::Place(p, mv) = s {
                game.play(*p, mv, i as u16 + 1).unwrap_or_else(|v| panic!("seed {seed} turn {i}: {v}"));
            }
            for (pi, pl) in game.players().iter().enumerate() {
                let on_board = game.followers().iter().filter(|f| f.player.index() == pi).count();
                assert_eq!(on_board + pl.supply as usize, FOLLOWERS_PER_PLAYER as usize, "seed {seed} turn {i}");
            }
        }
    }
}

#[test]
fn every_completed_feature_scores_exactly_once() {
    let tiles = tiles();
    for seed in 0..40 {
        let g = generate(&tiles, seed, 3, 1);
        let game = replay(&tiles, Options::default(), &g, false);
        let feats = naive_features(&game);
        let feature_of = |at: (Pos, usize)| feats.iter().position(|f| f.members.contains(&at)).expect("in a feature");
        let mut scored: HashMap<usize, usize> = HashMap::new();
        for e in game.events() {
            assert!(matches!(e.timing, Timing::Turn(_)), "no final scoring was run");
            let fi = feature_of((e.feature.at, e.feature.segment as usize));
            let f = &feats[fi];
            assert_eq!(f.kind, e.feature.kind, "seed {seed}: {e:?}");
            assert!(f.complete, "seed {seed}: scored during play but not complete: {e:?}");
            if f.kind != FeatureKind::Cloister {
                let squares: HashSet<Pos> = f.members.iter().map(|(p, _)| *p).collect();
                assert_eq!(squares.len() as u32, e.feature.tiles, "seed {seed}: tile count of {e:?}");
            }
            *scored.entry(fi).or_default() += 1;
        }
        for (fi, n) in &scored {
            assert_eq!(*n, 1, "seed {seed}: feature {fi} scored {n} times");
        }
        // A complete feature that still held followers would have escaped its scoring.
        for f in game.followers() {
            let (pos, local) = game.locate(f.segment);
            let fi = feature_of((pos, local.expect("base games add no segments")));
            assert!(!feats[fi].complete, "seed {seed}: a follower stands on a complete {}", feats[fi].kind);
        }
    }
}

#[test]
fn replays_are_deterministic_and_scores_are_the_sum_of_events() {
    let tiles = tiles();
    for seed in [1u64, 7, 42, 1234] {
        let a = generate(&tiles, seed, 4, 1);
        let b = generate(&tiles, seed, 4, 1);
        assert_eq!(a, b, "same seed, same game");
        let ga = replay(&tiles, Options::default(), &a, true);
        let gb = replay(&tiles, Options::default(), &b, true);
        assert_eq!(ga.events(), gb.events());
        for (i, p) in ga.players().iter().enumerate() {
            let sum: i32 =
                ga.events().iter().filter(|e| e.players.iter().any(|x| x.index() == i)).map(|e| e.points()).sum();
            assert_eq!(p.score, sum, "seed {seed}: score of {} is the sum of its events", p.name);
        }
        assert_eq!(ga.placed().len() + a.steps.iter().filter(|s| matches!(s, Step::Discard(_))).count(), 72);
    }
}

#[test]
fn a_larger_bag_plays_to_the_end() {
    let tiles = tiles();
    let g = generate(&tiles, 5, 5, 6);
    let game = replay(&tiles, Options::default(), &g, true);
    assert!(game.placed().len() > 400);
    assert!(game.events().iter().any(|e| e.timing == Timing::End && e.feature.kind == FeatureKind::Field));
}

/// `check` and `play` agree on every move, offered or not, and a refused move leaves the
/// whole game as it was (See: issue #9, points 6 and 7). Candidates at each turn: every
/// rotation at the chosen square and at a few other squares where the tile fits somehow
/// (so that many are refused), with no follower or with one on each of the tile's features.
#[test]
fn check_and_play_agree_and_a_refused_move_changes_nothing() {
    let tiles = tiles();
    let (mut accepted, mut refused) = (0usize, 0usize);
    for seed in 0..12 {
        let g = generate(&tiles, seed, 2 + (seed % 3) as usize, 1);
        let mut rng = referee::random::Rng::new(seed ^ 0x5eed);
        let mut game = start_of(&tiles, &g);
        for (i, s) in g.steps.iter().enumerate() {
            let turn = i as u16 + 1;
            let Step::Place(player, mv) = s else { continue };
            let mut squares = vec![mv.pos];
            let spots = game.legal_placements(mv.tile);
            for _ in 0..3 {
                if !spots.is_empty() {
                    squares.push(spots[rng.below(spots.len())].0);
                }
            }
            // An occupied square, too.
            squares.push(game.placed()[rng.below(game.placed().len())].pos);
            let n = tiles.get(mv.tile).segments.len();
            for pos in squares {
                for rotation in Rotation::ALL {
                    for follower in std::iter::once(None).chain((0..n).map(|l| Some(FollowerOn::Segment(l)))) {
                        let cand = Move { pos, rotation, follower, ..Move::new(mv.tile, pos, rotation) };
                        let verdict = game.check(*player, &cand, turn);
                        let mut tried = game.clone();
                        let played = tried.play(*player, &cand, turn);
                        assert_eq!(verdict, played, "seed {seed} turn {turn}: check and play disagree on {cand:?}");
                        if played.is_err() {
                            assert!(tried == game, "seed {seed} turn {turn}: refused {cand:?} changed the game");
                            refused += 1;
                        } else {
                            accepted += 1;
                        }
                    }
                }
            }
            game.play(*player, mv, turn).unwrap_or_else(|v| panic!("seed {seed} turn {turn}: {v}"));
        }
    }
    assert!(accepted > 1000 && refused > 1000, "both kinds were tried: {accepted} accepted, {refused} refused");
}
