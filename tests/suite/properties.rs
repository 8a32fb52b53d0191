//! Invariants of seeded random legal games, checked against a naive reference: features
//! flood-filled from scratch on the final board (no union-find, no incremental counters).

use crate::util::lib;
use referee::engine::{BareMove, Figure, FollowerOn, Game, Move, FOLLOWERS_PER_PLAYER};
use referee::expansion::{ExpansionId, Extra, Options};
use referee::geom::{Edge, Pos, Rotation};
use referee::random::{generate, replay, Step};
use referee::score::{PlayerId, Timing};
use referee::tile::{FeatureKind, TileKind, TileSet};
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
                        FeatureKind::Cloister
                        | FeatureKind::Garden
                        | FeatureKind::Castle
                        | FeatureKind::Bazaar
                        | FeatureKind::Goods
                        | FeatureKind::Tower
                        | FeatureKind::Fairy
                        | FeatureKind::King
                        | FeatureKind::Robber
                        | FeatureKind::Watchtower
                        | FeatureKind::Circus
                        | FeatureKind::Message => {}
                    }
                }
            }
            let complete = match s.kind {
                FeatureKind::Cloister | FeatureKind::Garden => p.pos.ring().iter().all(|q| at.contains_key(q)),
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
            if !matches!(f.kind, FeatureKind::Cloister | FeatureKind::Garden) {
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

/// Plays a generated step after its legal moves were listed: a placement must be one of
/// them, a discard must have none. 1 when a tile was placed (the turn passes), else 0.
fn play_step(game: &mut Game, s: &Step, moves: &[Move], turn: u16, at: &str) -> usize {
    match s {
        Step::Place(p, mv) => {
            assert!(moves.contains(mv), "{at}: the generator played a move not listed: {mv:?}");
            game.play(*p, mv, turn).unwrap_or_else(|v| panic!("{at}: {v}"));
            1
        }
        Step::Discard(k) => {
            assert!(moves.is_empty(), "{at}: a tile with legal moves was discarded");
            game.discard(*k).unwrap_or_else(|v| panic!("{at}: the discard is refused: {v}"));
            0
        }
    }
}

/// The free squares next to a tile, found from the placements alone, north first, then west
/// to east: the order `legal_moves` lists squares in.
fn naive_frontier(game: &Game) -> Vec<Pos> {
    let taken: HashSet<Pos> = game.placed().iter().map(|p| p.pos).collect();
    let mut v: Vec<Pos> =
        taken.iter().flat_map(|p| Edge::ALL.map(|e| p.step(e))).filter(|q| !taken.contains(q)).collect();
    v.sort_by_key(|p| (-p.y, p.x));
    v.dedup();
    v
}

/// Where a move comes in `legal_moves`' order: square, rotation, follower.
fn move_order(mv: &Move) -> (i32, i32, u16, usize) {
    let follower = match mv.follower {
        None => 0,
        Some(FollowerOn::Segment(l)) => l + 1,
        Some(FollowerOn::Added(_) | FollowerOn::NoFeature { .. }) => usize::MAX,
    };
    (-mv.pos.y, mv.pos.x, mv.rotation.degrees(), follower)
}

/// `legal_moves` is the one list of legal moves: at every turn of many random games, each
/// move it lists plays, and every candidate it does not list is refused by `play` and leaves
/// the game as it was. Candidates: every rotation on every square of the frontier and on a
/// few occupied squares, with no follower or one on any segment of the tile. The list comes
/// in frontier order, then rotation, then follower, each move once; a discarded tile has
/// none.
/// Where `Game::bare_moves_into` lists the moves packed, they are `moves`, each once, in the
/// board's order rather than the frontier's (true); elsewhere it lists nothing (false). The
/// same game without its frontier's groups (`Game::index_frontier(false)`, as a replay
/// plays) and with them (`Game::index_frontier(true)`, as a long game keeps them) lists the
/// same moves both ways.
fn packed_moves_agree(game: &Game, player: PlayerId, kind: TileKind, turn: u16, moves: &[Move], at: &str) -> bool {
    let (mut unindexed, mut indexed) = (game.clone(), game.clone());
    unindexed.index_frontier(false);
    indexed.index_frontier(true);
    assert_eq!(unindexed.legal_moves(player, kind, turn), moves, "{at}: the moves listed without the groups");
    assert_eq!(indexed.legal_moves(player, kind, turn), moves, "{at}: the moves listed with the groups");
    let stale = BareMove { pos: Pos::new(9, 9), rotation: Rotation::default(), follower: None, figure: Figure::Normal };
    let mut listed = None;
    for g in [game, &unindexed, &indexed] {
        let mut packed = vec![stale];
        let here = g.bare_moves_into(player, kind, turn, &mut packed);
        assert_eq!(*listed.get_or_insert(here), here, "{at}: packed with and without the groups");
        if here {
            let key = |m: &Move| (move_order(m), Figure::ALL.iter().position(|f| *f == m.figure));
            let mut unpacked: Vec<Move> = packed.iter().map(|m| m.to_move(kind)).collect();
            let mut listed = moves.to_vec();
            unpacked.sort_by_key(key);
            listed.sort_by_key(key);
            assert_eq!(unpacked, listed, "{at}: the packed moves");
            assert!(unpacked.windows(2).all(|w| w[0] != w[1]), "{at}: a packed move listed twice");
        } else {
            assert!(packed.is_empty(), "{at}: nothing packed where the moves cannot be");
        }
    }
    listed.unwrap_or_default()
}

#[test]
fn legal_moves_lists_exactly_the_moves_play_accepts() {
    let tiles = tiles();
    let (mut listed, mut refused) = (0usize, 0usize);
    for seed in 0..10u64 {
        let g = generate(&tiles, 1000 + seed, 2 + (seed % 4) as usize, 1);
        let mut rng = referee::random::Rng::new(seed ^ 0xfeed);
        let mut game = start_of(&tiles, &g);
        let mut placed_turns = 0usize;
        for (i, s) in g.steps.iter().enumerate() {
            let turn = i as u16 + 1;
            let (player, kind) = match s {
                Step::Place(p, mv) => (*p, mv.tile),
                Step::Discard(k) => (referee::score::PlayerId((placed_turns % g.players.len()) as u8), *k),
            };
            let moves = game.legal_moves(player, kind, turn);
            let at = format!("seed {seed} turn {turn}");
            // In the base game every move is a bare placement: all are listed packed too.
            assert!(packed_moves_agree(&game, player, kind, turn, &moves, &at), "{at}: packed");
            for w in moves.windows(2) {
                assert!(move_order(&w[0]) < move_order(&w[1]), "{at}: out of order or repeated: {w:?}");
            }
            let frontier = naive_frontier(&game);
            for mv in &moves {
                assert!(frontier.contains(&mv.pos), "{at}: {mv:?} is not on the frontier");
                assert!(mv.extras.is_empty() && mv.follower_square.is_none(), "{at}: a base game move: {mv:?}");
                let mut tried = game.clone();
                tried.play(player, mv, turn).unwrap_or_else(|v| panic!("{at}: listed {mv:?} is refused: {v}"));
                listed += 1;
            }
            let mut squares = frontier;
            for _ in 0..3 {
                squares.push(game.placed()[rng.below(game.placed().len())].pos);
            }
            let n = tiles.get(kind).segments.len();
            let unlisted: Vec<Move> = squares
                .iter()
                .flat_map(|pos| Rotation::ALL.map(|r| Move::new(kind, *pos, r)))
                .flat_map(|bare| {
                    std::iter::once(None)
                        .chain((0..n).map(|l| Some(FollowerOn::Segment(l))))
                        .map(move |follower| Move { follower, ..bare.clone() })
                })
                .filter(|cand| !moves.contains(cand))
                .collect();
            // A refused move changes nothing, so one copy serves them all, compared with the
            // game once at the end (comparing is the costly part); if it changed, the move
            // that changed it is looked for.
            let mut tried = game.clone();
            for cand in &unlisted {
                assert!(tried.play(player, cand, turn).is_err(), "{at}: {cand:?} plays but is not listed");
                refused += 1;
            }
            if tried != game {
                let culprit = unlisted.iter().find(|cand| {
                    let mut one = game.clone();
                    let _ = one.play(player, cand, turn);
                    one != game
                });
                panic!("{at}: a refused move changed the game: {culprit:?}");
            }
            placed_turns += play_step(&mut game, s, &moves, turn, &at);
        }
    }
    assert!(listed > 20_000 && refused > 200_000, "{listed} listed moves played, {refused} others refused");
}

/// Every move a scenario plays, under each ruleset it names, is listed by `legal_moves` when
/// the rules accept it and not listed when they refuse it: the expansions' tiles included
/// (double-size tiles, tiles held in hand). A legal move that builds or decides something
/// may be written in another spelling than the listed one (a castle named from the other
/// tile of its town): it must leave the game exactly as one listed move does. A written
/// auction is not listed (the list holds the placement, `BazaarFollows`): those are left out;
/// nor is `last-tile: true`, judged without it.
#[test]
fn legal_moves_agrees_with_the_verdict_on_every_scenario_move() {
    let (mut listed, mut refused) = (0usize, 0usize);
    for path in referee::cli::collect_scenarios(&[crate::util::root().join("scenarios")]) {
        let sc = referee::scenario::load_path(&path, lib()).unwrap_or_else(|e| panic!("{}", crate::util::render(&e)));
        for r in &sc.rulesets {
            let profile = lib().profile(r).expect("the loader checks ruleset names");
            for (i, t) in sc.turns.iter().enumerate() {
                let turn = i as u16 + 1;
                let (game, out) = referee::replay::play_out(&sc, profile, Some(i)).expect("the board is legal");
                if out.illegal.is_some() {
                    break;
                }
                let referee::scenario::Action::Place(mv) = &t.action else { continue };
                // A turn's first part is listed as the whole turn's move (taking the second
                // part is the player's word, judged in play).
                let whole = Move { part: referee::engine::Part::Whole, ..mv.clone() };
                let mv = if t.second.is_some() && game.check(t.player, mv, turn).is_ok() { &whole } else { mv };
                // `last-tile: true` (Abbey and Mayor) says the stack is empty, which no list of
                // moves knows: the placement is judged without it.
                let last_tile =
                    |x: &referee::expansion::Extra| x.get::<referee::expansion::am::abbey::LastTile>().is_some();
                let unmarked =
                    Move { extras: mv.extras.iter().filter(|x| !last_tile(x)).cloned().collect(), ..mv.clone() };
                let mv = if mv.extras.iter().any(last_tile) { &unmarked } else { mv };
                let moves = game.legal_moves(t.player, mv.tile, turn);
                let auction = mv.extras.iter().any(|x| {
                    matches!(
                        x.get::<referee::expansion::exp8::Action>(),
                        Some(referee::expansion::exp8::Action::Bazaar(_))
                    )
                });
                // A game recorded during the dragon's flight, or before a tower turn's
                // scoring, stops there: where a recording stopped, not a move a player
                // chooses, so never listed.
                let stops = mv.extras.iter().any(|x| {
                    matches!(
                        x.get::<referee::expansion::pd::Action>(),
                        Some(
                            referee::expansion::pd::Action::FlightUnfinished
                                | referee::expansion::pd::Action::FlightEnded
                        )
                    ) || x.get::<referee::expansion::tower::Action>()
                        == Some(&referee::expansion::tower::Action::Unfinished)
                });
                // The crowns of a Wheel of Fortune tile come with the tile drawn, a hidden
                // tile's face, not a choice: never listed (as a drawn bazaar tile's auction).
                let crowns = mv.extras.iter().any(|x| {
                    matches!(
                        x.get::<referee::expansion::wheel::Action>(),
                        Some(referee::expansion::wheel::Action::Turn { .. })
                    )
                });
                if auction || stops || crowns {
                    continue;
                }
                if !mv.extras.is_empty() || matches!(mv.follower, Some(FollowerOn::Added(_))) {
                    let mut played = game.clone();
                    match played.play(t.player, mv, turn) {
                        Ok(()) => {
                            // The same actions in another order, or the same outcome.
                            let same = moves.iter().any(|m| {
                                let permuted = Move { extras: m.extras.clone(), ..mv.clone() } == *m
                                    && m.extras.len() == mv.extras.len()
                                    && m.extras.iter().all(|x| mv.extras.contains(x));
                                if permuted {
                                    return true;
                                }
                                let mut g = game.clone();
                                g.play(t.player, m, turn).is_ok() && g == played
                            });
                            assert!(same, "{} [{r}] turn {turn}: legal {mv:?} is listed in no spelling", sc.id);
                            listed += 1;
                        }
                        Err(_) => refused += 1,
                    }
                    continue;
                }
                let plain = Move { follower_square: mv.follower_square.filter(|q| *q != mv.pos), ..mv.clone() };
                match game.check(t.player, mv, turn) {
                    Ok(()) => {
                        assert!(moves.contains(&plain), "{} [{r}] turn {turn}: legal {mv:?} is not listed", sc.id);
                        listed += 1;
                    }
                    Err(v) => {
                        assert!(!moves.contains(&plain), "{} [{r}] turn {turn}: {mv:?} is listed, but {v}", sc.id);
                        refused += 1;
                    }
                }
            }
        }
    }
    assert!(listed > 200 && refused > 20, "{listed} legal scenario moves listed, {refused} refused ones not");
}

/// The tables the expansion property test plays at: a tile set, the expansions and the
/// ruleset. The Drawbridges have no catalogue tiles: the drawbridge city cap of one of its
/// scenarios is put in the bag eight times.
fn expansion_tables() -> Vec<Table> {
    let opts = |r: &str| Options::read(lib().profile(r).expect("a built-in ruleset"));
    let db = referee::scenario::load_path(&crate::util::root().join("scenarios/db/example-single-move.yaml"), lib())
        .unwrap_or_else(|e| panic!("{}", crate::util::render(&e)));
    let mut db_tiles = db.tiles.clone();
    let cap = db_tiles.find("DB-CAP").expect("the scenario defines DB-CAP");
    let mut def = db_tiles.get(cap).clone();
    def.count = 8;
    db_tiles.insert(def);
    // The Princess and the Dragon's 30 tiles and the start tiles only: its listings (every
    // flight of the dragon, every feature a portal leads to) grow with the board.
    let mut pd_tiles = lib().tile_set(&[ExpansionId::Pd]);
    let base: Vec<referee::tile::TileDef> =
        pd_tiles.iter().filter(|(_, d)| d.set == "base" && !d.start).map(|(_, d)| d.clone()).collect();
    for mut d in base {
        d.count = 0;
        pd_tiles.insert(d);
    }
    // Hills and Sheep with twelve copies of HS02, whose east city touches the north edge: a
    // port that holds two cities, read by the joins and the follower checks.
    let mut hs_tiles = lib().tile_set(&[ExpansionId::Hs]);
    let hs02 = hs_tiles.find("HS02").expect("HS02 in tiles/hs.yaml");
    let mut def = hs_tiles.get(hs02).clone();
    def.count = 12;
    hs_tiles.insert(def);
    vec![
        ("hs", hs_tiles, vec![ExpansionId::Hs], opts("hig")),
        ("bcb1", lib().tile_set(&[ExpansionId::Bcb1]), vec![ExpansionId::Bcb1], opts("hig")),
        ("ne8", lib().tile_set(&[ExpansionId::Bcb1]), vec![ExpansionId::Bcb1], opts("ne")),
        ("db", db_tiles, vec![ExpansionId::Db], opts("hig")),
        ("tb", lib().tile_set(&[ExpansionId::Tb]), vec![ExpansionId::Tb], opts("hig")),
        ("pd", pd_tiles, vec![ExpansionId::Pd], opts("hig")),
        // The Phantom with The Tower: the phantom on the new tile and on top of a tower.
        ("phantom", lib().tile_set(&[ExpansionId::Tower]), vec![ExpansionId::Tower, ExpansionId::Phantom], opts("hig")),
        // Mage and Witch: the figures placed, moved, parted and taken off.
        ("witch", lib().tile_set(&[ExpansionId::Witch]), vec![ExpansionId::Witch], opts("hig")),
        // The Monasteries: followers laid as abbots on the special monasteries.
        ("monasteries", lib().tile_set(&[ExpansionId::Monasteries]), vec![ExpansionId::Monasteries], opts("hig")),
        // The Abbot with the new edition's expansion 8: the abbot taken back, ladies recalled.
        (
            "abbot-ne8",
            lib().tile_set(&[ExpansionId::Bcb1, ExpansionId::Abbot]),
            vec![ExpansionId::Bcb1, ExpansionId::Abbot],
            opts("ne"),
        ),
        // The Count with Bridges, Castles and Bazaars: followers into and out of the city
        // of Carcassonne, beside castles; the game starts from the city's twelve tiles.
        (
            "count",
            lib().tile_set(&[ExpansionId::Bcb1, ExpansionId::Count]),
            vec![ExpansionId::Bcb1, ExpansionId::Count],
            opts("hig"),
        ),
        // Inns and Cathedrals with the expansion-8 slot: large followers, castles and bridges.
        (
            "ic",
            lib().tile_set(&[ExpansionId::Bcb1, ExpansionId::Ic]),
            vec![ExpansionId::Bcb1, ExpansionId::Ic],
            opts("hig"),
        ),
        (
            "ic-ne8",
            lib().tile_set(&[ExpansionId::Bcb1, ExpansionId::Ic]),
            vec![ExpansionId::Bcb1, ExpansionId::Ic],
            opts("ne"),
        ),
    ]
}

/// A random action of the expansions at this table, near the move's square: what a player
/// might try, legal or not.
fn random_action(rng: &mut referee::random::Rng, game: &Game, mv: &Move, label: &str) -> Extra {
    use referee::expansion::exp8::Action;
    use referee::geom::{Axis, Corner};
    if label == "tb" && rng.below(2) == 0 {
        // A pig on some field of the tile as turned, or on half-edges no field has exactly.
        let def = game.def(mv.tile);
        let fields: Vec<u8> = def
            .segments
            .iter()
            .filter(|s| s.kind == FeatureKind::Field)
            .map(|s| mv.rotation.half_mask(s.halves))
            .collect();
        let halves =
            if rng.below(4) == 0 || fields.is_empty() { rng.below(256) as u8 } else { fields[rng.below(fields.len())] };
        return Extra::new(referee::expansion::tb::Action::Pig { halves });
    }
    let near = |rng: &mut referee::random::Rng| {
        let e = Edge::ALL[rng.below(4)];
        if rng.below(3) == 0 {
            mv.pos
        } else if rng.below(4) == 0 {
            game.placed()[rng.below(game.placed().len())].pos
        } else {
            mv.pos.step(e)
        }
    };
    if label == "tb" {
        let kind = [FeatureKind::Road, FeatureKind::City, FeatureKind::Field][rng.below(3)];
        let spot = (rng.below(4) > 0).then(|| referee::tile::Spot::Edge(Edge::ALL[rng.below(4)]));
        return Extra::new(referee::expansion::tb::builder::Action::Place { kind, spot });
    }
    if label == "pd" {
        use referee::expansion::pd::{Action as PdAction, Target};
        let kind = [FeatureKind::Road, FeatureKind::City, FeatureKind::Field][rng.below(3)];
        let spot = (rng.below(4) > 0).then(|| referee::tile::Spot::Edge(Edge::ALL[rng.below(4)]));
        return Extra::new(match rng.below(4) {
            0 => PdAction::Dragon((0..rng.below(7)).map(|_| near(rng)).collect()),
            1 => PdAction::Fairy(Target { at: near(rng), kind, spot }),
            2 => PdAction::Princess(Target { at: near(rng), kind, spot }),
            _ => PdAction::Portal(Target { at: near(rng), kind, spot }),
        });
    }
    if label == "witch" {
        use referee::expansion::witch::{Action as MagicAction, Magic, Target};
        let m = Magic::ALL[rng.below(2)];
        let kind = [FeatureKind::Road, FeatureKind::City][rng.below(2)];
        let spot = (rng.below(4) > 0).then(|| referee::tile::Spot::Edge(Edge::ALL[rng.below(4)]));
        return Extra::new(match rng.below(4) {
            0 => MagicAction::Off(m),
            _ => MagicAction::Move(m, Target { at: near(rng), kind, spot }),
        });
    }
    if label == "phantom" {
        let n = game.def(mv.tile).segments.len();
        return match rng.below(3) {
            0 => Extra::new(referee::expansion::tower::Action::Top {
                at: near(rng),
                figure: referee::engine::Figure::Phantom,
            }),
            _ => Extra::new(referee::expansion::phantom::Action::deploy(
                game.def(mv.tile),
                mv.rotation,
                rng.below(n + 2),
            )),
        };
    }
    if label == "count" && rng.below(2) == 0 {
        use referee::expansion::count::{Action as CountAction, Quarter};
        let quarter = Quarter::ALL[rng.below(4)];
        return Extra::new(match rng.below(2) {
            0 => CountAction::Enter { quarter, count: (rng.below(2) == 0).then(|| Quarter::ALL[rng.below(4)]) },
            _ => CountAction::MoveOut {
                player: PlayerId(rng.below(2) as u8),
                at: near(rng),
                kind: quarter.kind(),
                spot: (rng.below(4) > 0).then(|| referee::tile::Spot::Edge(Edge::ALL[rng.below(4)])),
            },
        });
    }
    if label == "db" {
        let from = near(rng);
        let to = near(rng);
        return Extra::new(referee::expansion::db::Crossing { from, to, city: None });
    }
    let axis = if rng.below(2) == 0 { Axis::NS } else { Axis::EW };
    match rng.below(6) {
        0 => Extra::new(Action::Bridge { at: near(rng), axis }),
        1 => Extra::new(Action::Castle { at: mv.pos, spot: Some(referee::tile::Spot::Edge(Edge::ALL[rng.below(4)])) }),
        2 => Extra::new(Action::CastleTakes { castle: near(rng), structure: near(rng) }),
        3 => Extra::new(Action::Barn { corner: Corner::ALL[rng.below(4)] }),
        4 => Extra::new(Action::RecallLady { at: near(rng) }),
        _ => Extra::new(Action::BazaarFollows),
    }
}

/// Every how many listed moves the expansion property tests play: each, but for The
/// Princess and the Dragon, whose magic portal and dragon flights list hundreds of moves a
/// turn (every unfinished feature of the board, every flight), one in four.
fn listed_step(label: &str) -> usize {
    if label == "pd" || label == "witch" {
        4
    } else {
        1
    }
}

/// A table of expansions: its label, tiles, expansions and options ([`expansion_tables`]).
type Table = (&'static str, TileSet, Vec<ExpansionId>, Options);

/// Each turn of a random game at a table (generated from `seed` for `players` players and
/// replayed from its start, its board keeping its frontier groups if `indexed`): `at_turn`
/// sees the game as it stands, whose turn it is, the tile, the turn's number, the legal
/// moves and where it is (for messages); then the generated step is played.
fn each_turn<'t>(
    (label, tiles, expansions, options): &'t Table,
    seed: u64,
    players: usize,
    indexed: bool,
    mut at_turn: impl FnMut(&mut Game<'t>, PlayerId, TileKind, u16, &[Move], &str),
) {
    let g = referee::random::generate_with(tiles, options, expansions, seed, players, 1);
    let empty = referee::random::RandomGame { players: g.players.clone(), steps: vec![] };
    let mut game = referee::random::replay_with(tiles, options.clone(), expansions, &empty, false);
    game.index_frontier(indexed);
    let mut placed_turns = 0usize;
    for (i, s) in g.steps.iter().enumerate() {
        let turn = i as u16 + 1;
        let at = format!("{label} seed {seed} turn {turn}");
        let (player, kind) = match s {
            Step::Place(p, mv) => (*p, mv.tile),
            Step::Discard(k) => (PlayerId((placed_turns % players) as u8), *k),
        };
        let moves = game.legal_moves(player, kind, turn);
        at_turn(&mut game, player, kind, turn, &moves, &at);
        placed_turns += play_step(&mut game, s, &moves, turn, &at);
    }
}

/// A random move of a tile on `pos`, legal or not: any rotation, no follower or one on any
/// segment or on a road its actions might build, now and then a large follower, and zero to
/// two random actions of the expansions at this table.
fn random_candidate(rng: &mut referee::random::Rng, game: &Game, kind: TileKind, pos: Pos, label: &str) -> Move {
    let n = game.def(kind).segments.len();
    let mut cand = Move::new(kind, pos, Rotation::ALL[rng.below(4)]);
    cand.follower = match rng.below(n + 3) {
        0 | 1 => None,
        2 => Some(FollowerOn::Added(FeatureKind::Road)),
        l => Some(FollowerOn::Segment(l - 3)),
    };
    if rng.below(4) == 0 {
        cand.figure = referee::engine::Figure::Large;
    }
    for _ in 0..rng.below(3) {
        let x = random_action(rng, game, &cand, label);
        cand.extras.push(x);
    }
    cand
}

/// What kind of expansion action a move holds, for the coverage count (and `large`, for a
/// large follower deployed).
fn action_kinds(game: &Game, mv: &Move) -> Vec<String> {
    let mut v: Vec<String> =
        mv.extras.iter().map(|x| game.describe_action(x).split_whitespace().next().unwrap_or("").to_string()).collect();
    if mv.follower.is_some() && mv.figure == referee::engine::Figure::Large {
        v.push("large".to_string());
    }
    v
}

/// `legal_moves` with the expansions that offer actions (Bridges, Castles and Bazaars; the
/// new edition's set; The Drawbridges): at every turn of seeded random games, each listed
/// move plays; random candidates not listed (any square near the board, rotation,
/// follower, and zero to two random expansion actions) are refused, or are another
/// spelling of a listed move: they leave the game exactly as a listed move does.
#[test]
fn legal_moves_with_expansions_lists_exactly_what_play_accepts() {
    for table in &expansion_tables() {
        let label = table.0;
        let (mut listed, mut refused, mut respelled) = (0usize, 0usize, 0usize);
        let mut kinds: HashMap<String, usize> = HashMap::new();
        for seed in 0..3u64 {
            let mut rng = referee::random::Rng::new(seed ^ 0xbeef);
            each_turn(table, 7000 + seed, 2 + (seed % 3) as usize, false, |game, player, kind, turn, moves, at| {
                packed_moves_agree(game, player, kind, turn, moves, at);
                let mut results = Vec::with_capacity(moves.len());
                for mv in moves.iter().step_by(listed_step(label)) {
                    let mut tried = game.clone();
                    tried.play(player, mv, turn).unwrap_or_else(|v| panic!("{at}: listed {mv:?} is refused: {v}"));
                    for k in action_kinds(game, mv) {
                        *kinds.entry(k).or_default() += 1;
                    }
                    results.push(tried);
                    listed += 1;
                }
                let frontier = naive_frontier(game);
                for _ in 0..60 {
                    let pos = if rng.below(8) == 0 {
                        game.placed()[rng.below(game.placed().len())].pos
                    } else {
                        frontier[rng.below(frontier.len())]
                    };
                    let cand = random_candidate(&mut rng, game, kind, pos, label);
                    if moves.contains(&cand) {
                        continue;
                    }
                    let mut tried = game.clone();
                    match tried.play(player, &cand, turn) {
                        Err(_) => {
                            assert!(tried == *game, "{at}: refused {cand:?} changed the game");
                            refused += 1;
                        }
                        Ok(()) => {
                            // The listed moves not played above are played now, if needed.
                            let same = |mv: &Move| {
                                let mut g = game.clone();
                                g.play(player, mv, turn).is_ok() && g == tried
                            };
                            assert!(
                                results.contains(&tried) || moves.iter().any(same),
                                "{at}: {cand:?} plays, is not listed, and differs from every listed move"
                            );
                            respelled += 1;
                        }
                    }
                }
            });
        }
        eprintln!("{label}: {listed} listed, {refused} refused, {respelled} respelled; actions listed: {kinds:?}");
        assert!(listed > 1000 && refused > 1000, "{label}: {listed} listed moves played, {refused} others refused");
        let wanted: &[&str] = match label {
            "bcb1" => &["bridge", "castle", "a"],
            "ne8" => &["bridge", "castle", "barn"],
            "tb" => &["pig", "builder"],
            "pd" => &["dragon", "fairy", "follower"],
            "ic" => &["bridge", "castle", "large"],
            "ic-ne8" => &["bridge", "barn", "large"],
            // An abbot is the turn's follower of another figure, not an action.
            "monasteries" => &[],
            // Hills and Sheep offers no action: its tile HS02 is what is played.
            "hs" => &[],
            "abbot-ne8" => &["abbot", "bridge", "castle"],
            // A follower entering the city of Carcassonne (`enter the city: ...`), one
            // leaving it (`follower of Red from ...`).
            "count" => &["enter", "follower"],
            // The mage and the witch placed or moved (`mage onto the road at 0,0`).
            "witch" => &["mage", "witch"],
            _ => &["follower"],
        };
        for w in wanted {
            assert!(kinds.get(*w).copied().unwrap_or(0) > 0, "{label}: no listed move with a {w} action: {kinds:?}");
        }
    }
}

/// `Game::attempt` tries a move on the game itself and puts it back: at every turn of seeded
/// random games with each table of expansions, for each listed move and random candidates
/// (any square near the board, rotation, follower, zero to two random actions), it sees the
/// game `Game::after` plays on a copy (or the same refusal), and leaves the game as it was
/// (its tiles, frontier squares, features, followers, scores and expansion state), whose
/// next search lists the same moves; `Trials` sees the same and agrees with `Game::check`.
#[test]
fn an_attempt_sees_what_a_copy_plays_and_puts_the_game_back() {
    fn outcome<'t>(r: Result<&Game<'t>, referee::score::Verdict>) -> Result<Game<'t>, String> {
        r.cloned().map_err(|v| v.to_string())
    }
    for table in &expansion_tables() {
        let label = table.0;
        let (mut played, mut refused) = (0usize, 0usize);
        for seed in 0..2u64 {
            let mut rng = referee::random::Rng::new(seed ^ 0xa77e);
            // Both boards: a new game's keeps its frontier groups, a replay's does not.
            each_turn(table, 7100 + seed, 2 + (seed % 3) as usize, seed == 0, |game, player, kind, turn, moves, at| {
                let frontier = naive_frontier(game);
                let mut cands: Vec<Move> = moves.iter().step_by(3 * listed_step(label)).cloned().collect();
                for _ in 0..12 {
                    let pos = frontier[rng.below(frontier.len())];
                    cands.push(random_candidate(&mut rng, game, kind, pos, label));
                }
                let before = game.clone();
                let mut trials = referee::engine::Trials::new(&before);
                for cand in &cands {
                    let copy = outcome(before.after(player, cand, turn).as_ref().map_err(Clone::clone));
                    let seen = game.attempt(player, cand, turn, outcome);
                    assert!(seen == copy, "{at}: {cand:?} seen in place as on a copy");
                    assert!(*game == before, "{at}: {cand:?} tried left the game changed");
                    // The quick verdicts of a listing's trials agree.
                    let accepted = trials.if_accepted(player, cand, turn, Game::clone);
                    assert_eq!(accepted.ok_or(()), copy.clone().map_err(|_| ()), "{at}: {cand:?} if accepted");
                    let checked = before.check(player, cand, turn).is_ok();
                    assert_eq!(trials.accepts(player, cand, turn), checked, "{at}: {cand:?} accepted");
                    match seen {
                        Ok(_) => played += 1,
                        Err(_) => refused += 1,
                    }
                }
                assert_eq!(game.legal_moves(player, kind, turn), moves, "{at}: the moves after the attempts");
            });
        }
        eprintln!("{label}: {played} attempts played, {refused} refused");
        assert!(played > 300 && refused > 300, "{label}: {played} played, {refused} refused");
    }
}

/// Draws `random_move` many times at a turn and checks each legal move comes up about as
/// often as every other (and nothing else comes up): a sampler that drew a square first and
/// then a move on it would favour the moves of squares with few.
fn check_uniform(game: &Game, player: referee::score::PlayerId, kind: referee::tile::TileKind, turn: u16, at: &str) {
    let moves = game.legal_moves(player, kind, turn);
    check_draws(&moves, |rng| game.random_move(player, kind, turn, rng), turn, at);
}

/// [`check_uniform`]'s count of the moves `draw` draws, against the legal `moves`.
fn check_draws(moves: &[Move], mut draw: impl FnMut(&mut referee::random::Rng) -> Option<Move>, turn: u16, at: &str) {
    let mut rng = referee::random::Rng::new(0x5a3b1e ^ u64::from(turn));
    const EACH: usize = 100;
    let mut counts = vec![0usize; moves.len()];
    for _ in 0..EACH * moves.len() {
        let mv = draw(&mut rng).unwrap_or_else(|| panic!("{at}: nothing drawn"));
        let i = moves.iter().position(|m| *m == mv).unwrap_or_else(|| panic!("{at}: drew {mv:?}, not a legal move"));
        counts[i] += 1;
    }
    // 100 expected: a standard deviation of about 10, so 4.5 of them either way.
    for (mv, n) in moves.iter().zip(&counts) {
        assert!((55..=145).contains(n), "{at}: {mv:?} drawn {n} times, {EACH} expected, of {} moves", moves.len());
    }
}

#[test]
fn random_move_draws_every_legal_move_with_the_same_chance() {
    let tiles = tiles();
    let mut checked = 0;
    for seed in 0..2u64 {
        let g = generate(&tiles, 9100 + seed, 2 + seed as usize, 1);
        let mut game = start_of(&tiles, &g);
        for (i, s) in g.steps.iter().enumerate() {
            let turn = i as u16 + 1;
            let at = format!("seed {seed} turn {turn}");
            match s {
                Step::Place(player, mv) => {
                    if turn % 20 == 10 {
                        check_uniform(&game, *player, mv.tile, turn, &at);
                        checked += 1;
                    }
                    game.play(*player, mv, turn).unwrap_or_else(|v| panic!("{at}: {v}"));
                }
                Step::Discard(kind) => {
                    let mut rng = referee::random::Rng::new(turn.into());
                    let drawn = game.random_move(referee::score::PlayerId(0), *kind, turn, &mut rng);
                    assert_eq!(drawn, None, "{at}: a move drawn for a tile that fits nowhere");
                }
            }
        }
    }
    assert!(checked >= 6, "only {checked} turns checked");
}

/// With the expansions that bound the sets of actions one placement may have (Bridges,
/// Castles and Bazaars, the new edition's expansion 8), a move is drawn over the placements
/// without listing them all (`Game::sample_pairs`): each legal move comes up as often as
/// every other, whether the moves with actions are tried on a copy made for the draw
/// (`random_move`) or on one kept in step with the game (`random_move_on`). (That the
/// placements drawn from hold every legal move once, within the bound, is checked at every
/// turn by the engine's unit test; this draws, at a few turns with and without actions.)
#[test]
fn random_move_with_bounded_actions_draws_every_legal_move_with_the_same_chance() {
    let mut checked = 0;
    for (label, tiles, expansions, options) in expansion_tables().into_iter().filter(|t| matches!(t.0, "bcb1" | "ne8"))
    {
        let g = referee::random::generate_with(&tiles, &options, &expansions, 9300, 2, 1);
        let empty = referee::random::RandomGame { players: g.players.clone(), steps: vec![] };
        let mut game = referee::random::replay_with(&tiles, options.clone(), &expansions, &empty, false);
        let mut shadow = game.shadow().expect("the expansion offers actions");
        let mut with_actions = 0;
        for (i, s) in g.steps.iter().enumerate() {
            let turn = i as u16 + 1;
            let at = format!("{label} turn {turn}");
            let Step::Place(player, mv) = s else { continue };
            // Turn 3 with bridges and castles in supply; later ones with few or none.
            if [3, 42, 66].contains(&turn) {
                let moves = game.legal_moves(*player, mv.tile, turn);
                with_actions += moves.iter().filter(|m| !m.extras.is_empty()).count();
                if turn > 3 {
                    check_draws(&moves, |rng| game.random_move(*player, mv.tile, turn, rng), turn, &at);
                }
                let on = |rng: &mut referee::random::Rng| game.random_move_on(&mut shadow, *player, mv.tile, turn, rng);
                check_draws(&moves, on, turn, &format!("{at}, on a kept copy"));
                checked += 1;
            }
            game.play(*player, mv, turn).unwrap_or_else(|v| panic!("{at}: {v}"));
            shadow.play(*player, mv, turn).unwrap_or_else(|v| panic!("{at}, the kept copy: {v}"));
        }
        assert!(with_actions > 10, "{label}: only {with_actions} moves with actions among those drawn");
    }
    assert_eq!(checked, 6, "the turns checked");
}

#[test]
fn random_move_with_expansions_draws_legal_moves_and_no_silent_action() {
    for (label, tiles, expansions, options) in expansion_tables() {
        let g = referee::random::generate_with(&tiles, &options, &expansions, 9200, 3, 1);
        let empty = referee::random::RandomGame { players: g.players.clone(), steps: vec![] };
        let mut game = referee::random::replay_with(&tiles, options.clone(), &expansions, &empty, false);
        let mut rng = referee::random::Rng::new(9200);
        for (i, s) in g.steps.iter().enumerate() {
            let turn = i as u16 + 1;
            let at = format!("{label} turn {turn}");
            let Step::Place(player, mv) = s else { continue };
            if turn % 10 == 5 {
                let moves = game.legal_moves(*player, mv.tile, turn);
                let drawn = game.random_move(*player, mv.tile, turn, &mut rng).expect("a placed tile has moves");
                assert!(moves.contains(&drawn), "{at}: drew {drawn:?}, not a legal move");
            }
            // An expansion that says it offers no action offers none (the draw from the
            // frontier relies on it).
            for x in referee::expansion::REGISTRY.iter().filter(|x| !x.offers_actions()) {
                for (pos, r) in game.legal_placements(mv.tile) {
                    let mut offered = Vec::new();
                    let mut trials = referee::engine::Trials::new(&game);
                    x.action_options(&game, &mut trials, *player, &Move::new(mv.tile, pos, r), turn, &mut offered);
                    assert!(offered.is_empty(), "{at}: {:?} offers {offered:?} but says it offers none", x.id());
                }
            }
            game.play(*player, mv, turn).unwrap_or_else(|v| panic!("{at}: {v}"));
        }
    }
}
