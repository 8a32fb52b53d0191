//! The Plague (1st edition, Spielbox 2010): outbreaks and the fleas that spread from them.
//!
//! Modelled: the outbreak tokens on plague source tiles and the flea tokens (this
//! expansion's [`State`]); the active plague regions they make (rule::REGION); each turn's
//! flea, compulsory while one may be put down (rule::SPREAD_EACH_TURN), on a tile beside an
//! active region that holds no flea and is no source tile (rule::SPREAD_ADJACENT,
//! rule::NO_FOLLOWER); the followers it sends home unscored (rule::REMOVES_FOLLOWERS), but
//! never a follower in a castle of Bridges, Castles and Bazaars, which stands between tiles
//! (rule::CASTLE_IMMUNE); a double tile (a German castle) as one tile, its two squares struck
//! and crossed together (rule::GERMAN_CASTLE). The flea of a scenario's turn is put down at
//! the end of the turn, right after its scoring (rule::SPREAD_MOMENT).
//!
//! Refused with a located diagnostic, not modelled: the plague source tiles themselves (their
//! layouts are in no stored source: a scenario puts the outbreaks on tiles of its starting
//! board, `outbreak: 1`); a flea on a tile holding another expansion's figure, or one that
//! strikes a player's last farmer in a field where their pig stands (rule::OTHER_FIGURES); a follower brought onto a tile holding a flea
//! (rule::NO_ENTRY); every turn once the 18 fleas are on the board, when fleas move and
//! outbreaks are eradicated (rule::SUPPLY_EXHAUSTED); a follower's flight (rule::FLIGHT,
//! refused by the scenario reader). Eradicated outbreaks and latent fleas therefore never
//! arise. JCloisterZone has no Plague: the importer reads nothing of it.

use super::strike::{between_tiles, strike_tile, Strike};
use super::{Expansion, ExpansionId, Extra, Options as AllOptions, Piece, PieceAt};
use crate::engine::features::SegId;
use crate::engine::{Game, Move, Part, Phase, Trials, TurnContext};
use crate::geom::{Edge, Pos};
use crate::score::{PlayerId, Verdict};
use crate::tile::FeatureKind;

pub struct Plague;

const FLEA_PHASE: &str = "flea";
const CHECK_PHASE: &str = "plague-check";

/// Flea tokens in the box.
pub const FLEAS: usize = 18;

/// Outbreak tokens in the box, numbered 1 to this.
pub const OUTBREAKS: u8 = 6;

/// What a player does or finds with the pieces of The Plague.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Action {
    /// The turn's flea, from the supply onto the tile at this square (either square of a
    /// double tile names it).
    Flea(Pos),
    /// On the starting board: the tile at this square is a plague source with the active
    /// outbreak token of this number on it.
    StandingOutbreak(u8),
    /// On the starting board: an active flea on the tile at this square.
    StandingFlea,
}

/// The outbreak and flea tokens on the board.
#[derive(Clone, Debug, PartialEq, Eq, Default)]
pub struct State {
    /// Active outbreaks: the (first) square of the source tile and the token's number.
    pub outbreaks: Vec<(Pos, u8)>,
    /// Active fleas, each by the first square of its tile.
    pub fleas: Vec<Pos>,
    /// The turn that has put its flea down (a double turn puts one).
    flea_turn: Option<u16>,
}

fn actions(mv: &Move) -> impl Iterator<Item = &Action> {
    mv.extras.iter().filter_map(|e| e.get::<Action>())
}

/// The squares of the tile at `q`: one, or both of a double tile's; `new` is the move's own
/// tile, not laid yet when a move is judged.
fn squares(game: &Game, q: Pos, new: Option<&Move>) -> Option<Vec<Pos>> {
    if let Some(mv) = new {
        let mut own = vec![mv.pos];
        own.extend(game.twin_of(mv.tile, mv.pos, mv.rotation).map(|(_, s)| s));
        if own.contains(&q) {
            return Some(own);
        }
    }
    let p = game.tile_at(q)?;
    Some(game.group_squares(p.group).to_vec())
}

/// The board as the plague sees it: tiles (a double tile one), which are sources, which hold
/// fleas.
struct Land<'g, 't> {
    game: &'g Game<'t>,
    new: Option<&'g Move>,
    st: &'g State,
}

impl Land<'_, '_> {
    fn tile(&self, q: Pos) -> Option<Vec<Pos>> {
        squares(self.game, q, self.new)
    }

    fn source(&self, tile: &[Pos]) -> bool {
        self.st.outbreaks.iter().any(|(p, _)| tile.contains(p))
    }

    fn flea(&self, tile: &[Pos]) -> bool {
        self.st.fleas.iter().any(|p| tile.contains(p))
    }

    /// The tiles across an edge of this one.
    fn beside(&self, tile: &[Pos]) -> Vec<Vec<Pos>> {
        let mut out: Vec<Vec<Pos>> = Vec::new();
        for sq in tile {
            for e in Edge::ALL {
                let Some(t) = self.tile(sq.step(e)) else { continue };
                if t[0] != tile[0] && !out.iter().any(|o| o[0] == t[0]) {
                    out.push(t);
                }
            }
        }
        out
    }

    /// rule::REGION: the tiles of the active regions, sources and fleas.
    fn regions(&self) -> Vec<Vec<Pos>> {
        let mut seen: Vec<Vec<Pos>> = Vec::new();
        let mut queue: Vec<Vec<Pos>> = self.st.outbreaks.iter().filter_map(|(p, _)| self.tile(*p)).collect();
        while let Some(t) = queue.pop() {
            if seen.iter().any(|s| s[0] == t[0]) {
                continue;
            }
            for b in self.beside(&t) {
                if self.flea(&b) && !self.source(&b) {
                    queue.push(b);
                }
            }
            seen.push(t);
        }
        seen
    }

    /// rule::SPREAD_ADJACENT: the tiles a flea may go on now, each named by its first square.
    fn targets(&self) -> Vec<Pos> {
        let mut out: Vec<Pos> = Vec::new();
        for r in self.regions() {
            for b in self.beside(&r) {
                if !self.flea(&b) && !self.source(&b) && !out.contains(&b[0]) {
                    out.push(b[0]);
                }
            }
        }
        out.sort_by_key(|p| (p.y, p.x));
        out
    }
}

/// A player's figure of another expansion on these squares (a pig, a builder).
fn other_figure(game: &Game, tile: &[Pos]) -> Option<&'static str> {
    game.pieces().into_iter().find_map(|p| {
        let on = match p.at {
            PieceAt::Tile(q) | PieceAt::Corner(q, _) => tile.contains(&q),
            PieceAt::Between(..) => false,
        };
        (on && p.owner.is_some()).then_some(p.what)
    })
}

/// The followers on these squares, but those in a castle between tiles.
fn on_tile(game: &Game, tile: &[Pos]) -> Vec<usize> {
    (0..game.followers().len())
        .filter(|i| {
            let seg = game.followers()[*i].segment;
            tile.contains(&game.locate(seg).0) && !between_tiles(game, seg)
        })
        .collect()
}

/// A player's own figure of another expansion (a pig) standing on a square of this field, when
/// no follower of theirs is left in it: `None` when there is none.
fn figure_in_field(game: &Game, player: PlayerId, field: SegId) -> Option<&'static str> {
    if game.followers().iter().any(|f| f.player == player && game.feature_of(f.segment) == field) {
        return None;
    }
    game.pieces().into_iter().find_map(|p| {
        let q = match p.at {
            PieceAt::Tile(q) | PieceAt::Corner(q, _) => q,
            PieceAt::Between(..) => return None,
        };
        let placed = game.tile_at(q)?;
        let def = game.def(placed.kind);
        let in_field = (0..def.segments.len()).any(|l| {
            def.segments[l].kind == FeatureKind::Field
                && game.segment_at(q, l).is_some_and(|s| game.feature_of(s) == field)
        });
        (p.owner == Some(player) && in_field).then_some(p.what)
    })
}

fn words(targets: &[Pos]) -> String {
    let all: Vec<String> = targets.iter().map(|p| p.to_string()).collect();
    all.join(", ")
}

fn check(game: &Game, mv: &Move) -> Result<(), Verdict> {
    if actions(mv).any(|a| matches!(a, Action::StandingOutbreak(_) | Action::StandingFlea)) {
        return Err(Verdict::new(
            super::base::rule::EXPANSION_IN_PLAY,
            "outbreaks and fleas standing at the start are written on the starting board",
        ));
    }
    let fleas: Vec<Pos> = actions(mv)
        .filter_map(|a| match a {
            Action::Flea(p) => Some(*p),
            _ => None,
        })
        .collect();
    let st = game.state_of::<State>();
    let land = Land { game, new: Some(mv), st };
    if fleas.len() > 1 {
        return Err(Verdict::new(rule::SPREAD_EACH_TURN, "a turn puts down one flea"));
    }
    let earlier = match mv.part {
        Part::Second(t) => st.flea_turn == Some(t),
        _ => false,
    };
    let active = !st.outbreaks.is_empty();
    if !fleas.is_empty() {
        if earlier {
            return Err(Verdict::new(
                rule::SPREAD_EACH_TURN,
                "this turn's first part put its flea down already: a double turn puts one",
            ));
        }
        if !active {
            return Err(Verdict::new(rule::SPREAD_ADJACENT, "no outbreak is active: there is no plague to spread"));
        }
    }
    if active && st.fleas.len() >= FLEAS && (!fleas.is_empty() || !earlier) {
        return Err(Verdict::new(
            rule::SUPPLY_EXHAUSTED,
            "all 18 fleas are on the board: moving fleas and eradicating outbreaks are not modelled by this version of the referee",
        ));
    }
    let targets = land.targets();
    let Some(&at) = fleas.first() else {
        if active && !targets.is_empty() && !earlier && mv.part != Part::First {
            return Err(Verdict::new(
                rule::SPREAD_EACH_TURN,
                format!(
                    "an outbreak is active: the turn puts a flea down (`flea: [x, y]`) on one of the tiles at {}",
                    words(&targets)
                ),
            ));
        }
        return Ok(());
    };
    let Some(tile) = land.tile(at) else {
        return Err(Verdict::new(rule::SPREAD_ADJACENT, format!("no tile lies at {at} for the flea")));
    };
    if land.source(&tile) {
        return Err(Verdict::new(
            rule::NO_FOLLOWER,
            format!("the tile at {at} is a plague source: no flea goes on it"),
        ));
    }
    if land.flea(&tile) {
        return Err(Verdict::new(rule::SPREAD_ADJACENT, format!("the tile at {at} holds a flea already")));
    }
    if !targets.contains(&tile[0]) {
        return Err(Verdict::new(
            rule::SPREAD_ADJACENT,
            format!(
                "the tile at {at} is beside no active plague region; a flea may go on the tiles at {}",
                words(&targets)
            ),
        ));
    }
    Ok(())
}

/// The flea phase, right after the turn's scoring: rule::REMOVES_FOLLOWERS on the flea's tile
/// (a castle's follower spared, rule::CASTLE_IMMUNE).
fn spread(game: &mut Game, turn: &TurnContext) -> Result<(), Verdict> {
    let flea = actions(&turn.mv).find_map(|a| match a {
        Action::Flea(p) => Some(*p),
        _ => None,
    });
    // The farmers the flea struck, by owner and field.
    let mut struck_farmers: Vec<(PlayerId, SegId)> = Vec::new();
    if let Some(at) = flea {
        let Some(tile) = squares(game, at, None) else {
            return Err(Verdict::new(rule::SPREAD_ADJACENT, format!("no tile lies at {at} for the flea")));
        };
        if let Some(what) = other_figure(game, &tile) {
            return Err(Verdict::new(
                rule::OTHER_FIGURES,
                format!("a {what} stands on the tile at {at}: what a flea does to it is not modelled by this version of the referee"),
            ));
        }
        let st = game.state_of_mut::<State>();
        // Kept by the tile's first square: either square of a double tile names the same flea.
        st.fleas.push(tile[0]);
        st.flea_turn = Some(turn.turn);
        let strike = Strike {
            struck: (rule::REMOVES_FOLLOWERS, "struck by the plague"),
            spared: (rule::CASTLE_IMMUNE, "spared by the plague: in a castle"),
            double_tile: rule::GERMAN_CASTLE,
        };
        for f in strike_tile(game, &tile, turn.turn, &strike) {
            if game.feature_kind(f.segment) == FeatureKind::Field {
                struck_farmers.push((f.player, game.feature_of(f.segment)));
            }
        }
    }
    for (player, field) in struck_farmers {
        if let Some(what) = figure_in_field(game, player, field) {
            return Err(Verdict::new(
                rule::OTHER_FIGURES,
                format!("the flea struck {}'s last farmer in a field where a {what} of theirs stands: whether it goes home is not modelled by this version of the referee", game.player_name(player)),
            ));
        }
    }
    Ok(())
}

/// The check phase, last of the turn, after every move of a figure the turn makes (a wagon
/// moving on after the scoring): rule::NO_ENTRY and rule::NO_FOLLOWER on the whole board.
fn no_follower_on_plague_tiles(game: &Game) -> Result<(), Verdict> {
    let st = game.state_of::<State>();
    for q in st.fleas.iter() {
        let tile = squares(game, *q, None).unwrap_or_else(|| vec![*q]);
        if !on_tile(game, &tile).is_empty() {
            return Err(Verdict::new(
                rule::NO_ENTRY,
                format!("a follower stands on the tile at {q}, which holds a flea: not modelled by this version of the referee"),
            ));
        }
    }
    for (q, _) in st.outbreaks.iter() {
        let tile = squares(game, *q, None).unwrap_or_else(|| vec![*q]);
        if !on_tile(game, &tile).is_empty() {
            return Err(Verdict::new(rule::NO_FOLLOWER, format!("a follower stands on the plague source tile at {q}")));
        }
    }
    Ok(())
}

impl Expansion for Plague {
    /// No action of this expansion changes an edge.
    fn edge_changes(&self) -> super::EdgeChanges {
        super::EdgeChanges::None
    }

    fn id(&self) -> ExpansionId {
        ExpansionId::Plague
    }

    fn rule_book(&self) -> &'static crate::rules::RuleBook {
        &rule::BOOK
    }

    fn setup(&self, game: &mut Game) {
        game.state.insert(State::default());
    }

    fn phases(&self, _options: &AllOptions, seq: &mut Vec<Phase>) {
        // rule::SPREAD_MOMENT: right after the turn's scoring, so that what other expansions
        // do once it is over (a builder going home with its owner's last follower) sees the
        // followers the flea struck.
        let at = seq.iter().position(|p| *p == Phase::ScoreCompleted).map_or(seq.len(), |i| i + 1);
        seq.insert(at, Phase::Expansion(ExpansionId::Plague, FLEA_PHASE));
        // rule::NO_ENTRY, rule::NO_FOLLOWER: once the turn has moved every figure it moves.
        seq.push(Phase::Expansion(ExpansionId::Plague, CHECK_PHASE));
    }

    fn takes(&self, action: &Extra) -> bool {
        action.get::<Action>().is_some()
    }

    fn describe(&self, _game: &Game, action: &Extra) -> Option<String> {
        Some(match action.get::<Action>()? {
            Action::Flea(at) => format!("flea onto the tile at {at}"),
            Action::StandingOutbreak(n) => format!("outbreak {n} standing on a plague source"),
            Action::StandingFlea => "a flea standing on a tile".to_string(),
        })
    }

    fn setup_piece(&self, game: &mut Game, at: Pos, piece: &Extra) -> Result<(), Verdict> {
        let tile = squares(game, at, None).unwrap_or_else(|| vec![at]);
        let st = game.state_of::<State>();
        let land = Land { game, new: None, st };
        let (source, flea) = (land.source(&tile), land.flea(&tile));
        let taken = on_tile(game, &tile);
        match piece.get::<Action>() {
            Some(Action::StandingOutbreak(n)) => {
                if !(1..=OUTBREAKS).contains(n) {
                    return Err(Verdict::new(
                        rule::COMPONENTS,
                        format!("the outbreak tokens are numbered 1 to {OUTBREAKS}, not {n}"),
                    ));
                }
                if st.outbreaks.iter().any(|(_, m)| m == n) {
                    return Err(Verdict::new(rule::COMPONENTS, format!("outbreak token {n} is on the board already")));
                }
                if source || flea {
                    return Err(Verdict::new(
                        rule::NO_FOLLOWER,
                        format!("the tile at {at} holds an outbreak or a flea already: a source tile holds one outbreak and no flea"),
                    ));
                }
                if !taken.is_empty() {
                    return Err(Verdict::new(
                        rule::NO_FOLLOWER,
                        format!("a follower stands on the tile at {at}: no follower goes on a plague source"),
                    ));
                }
                game.state_of_mut::<State>().outbreaks.push((tile[0], *n));
                Ok(())
            }
            Some(Action::StandingFlea) => {
                if st.fleas.len() >= FLEAS {
                    return Err(Verdict::new(rule::COMPONENTS, format!("the box holds {FLEAS} fleas")));
                }
                if source {
                    return Err(Verdict::new(
                        rule::NO_FOLLOWER,
                        format!("the tile at {at} is a plague source: no flea goes on it"),
                    ));
                }
                if flea {
                    return Err(Verdict::new(rule::SPREAD_ADJACENT, format!("the tile at {at} holds a flea already")));
                }
                if !taken.is_empty() {
                    return Err(Verdict::new(
                        rule::REMOVES_FOLLOWERS,
                        format!("a follower stands on the tile at {at}: the flea would have sent it home"),
                    ));
                }
                game.state_of_mut::<State>().fleas.push(tile[0]);
                Ok(())
            }
            _ => Err(Verdict::new(
                super::base::rule::EXPANSION_IN_PLAY,
                "of The Plague, the starting board holds outbreaks and fleas",
            )),
        }
    }

    fn check_placement(&self, game: &Game, _player: PlayerId, mv: &Move) -> Result<(), Verdict> {
        check(game, mv)
    }

    fn offers_actions(&self) -> bool {
        true
    }

    /// Each set before this expansion's, or none, with each tile a flea may go on.
    fn action_options(
        &self,
        game: &Game,
        _trials: &mut Trials,
        _player: PlayerId,
        mv: &Move,
        _turn: u16,
        out: &mut Vec<Vec<Extra>>,
    ) {
        let st = game.state_of::<State>();
        if st.outbreaks.is_empty() {
            return;
        }
        let targets = Land { game, new: Some(mv), st }.targets();
        let mut sets: Vec<Vec<Extra>> = vec![Vec::new()];
        sets.extend(out.iter().cloned());
        for set in sets {
            for at in &targets {
                let mut s = set.clone();
                s.push(Extra::new(Action::Flea(*at)));
                out.push(s);
            }
        }
    }

    fn run_phase(&self, game: &mut Game, phase: &'static str, turn: &TurnContext) -> Result<(), Verdict> {
        match phase {
            FLEA_PHASE => spread(game, turn),
            CHECK_PHASE => no_follower_on_plague_tiles(game),
            _ => Ok(()),
        }
    }

    fn pieces(&self, game: &Game, out: &mut Vec<Piece>) {
        let st = game.state_of::<State>();
        for (at, _) in &st.outbreaks {
            out.push(Piece { what: "outbreak", at: PieceAt::Tile(*at), owner: None, holds: None, height: 1 });
        }
        for at in &st.fleas {
            out.push(Piece {
                what: "flea",
                at: PieceAt::Corner(*at, crate::geom::Corner::ALL[1]),
                owner: None,
                holds: None,
                height: 1,
            });
        }
    }
}

pub mod rule {
    //! The rules of The Plague (1st edition). Their wording and sources are in the catalogue file named below.

    crate::rules::rule_ids! {
        catalogue: "rulesets/rules/plague.yaml";
        /// 6 source tiles (not catalogued: layouts unknown), 18 fleas, 6 outbreak tokens.
        COMPONENTS = "plague.components",
        /// An active region: a source with its active outbreak and the active fleas joined to it.
        REGION = "plague.outbreak.region",
        /// No follower, and no flea, on a plague source tile.
        NO_FOLLOWER = "plague.outbreak.no-follower",
        /// One flea a turn, compulsory while one may be put down.
        SPREAD_EACH_TURN = "plague.spread.each-turn",
        /// On a tile beside an active region, holding no flea.
        SPREAD_ADJACENT = "plague.spread.adjacent",
        /// Any moment after the tile is laid; a scenario's at the end of the turn.
        SPREAD_MOMENT = "plague.spread.moment",
        /// The followers on the flea's tile go home unscored.
        REMOVES_FOLLOWERS = "plague.flea.removes-followers",
        /// A follower in a castle between tiles is spared.
        CASTLE_IMMUNE = "plague.flea.castle-immune",
        /// A German castle is one tile for the fleas.
        GERMAN_CASTLE = "plague.flea.german-castle",
        /// Other expansions' figures on the flea's tile: not modelled, refused.
        OTHER_FIGURES = "plague.flea.other-figures",
        /// A follower brought onto a tile holding a flea: not modelled, refused.
        NO_ENTRY = "plague.flea.no-entry",
        /// All 18 fleas on the board (moving fleas, eradication): not modelled, refused.
        SUPPLY_EXHAUSTED = "plague.supply.exhausted",
        /// A follower's flight: not modelled, refused.
        FLIGHT = "plague.flight",
    }
}
