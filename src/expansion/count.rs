//! The Count of Carcassonne (1st edition; Hans im Glück 2003, later one part of Count, King
//! and Robber): the city of Carcassonne with its four quarters, and the Count.
//!
//! What it models: the city of Carcassonne as its four quarters, kept beside the board (the
//! castle, the blacksmith, the cathedral and the market), the followers waiting in each, and
//! the Count, who starts in the castle quarter (`count.setup.count-on-castle`). A player
//! whose placement made at least one opponent score at least 1 point while the player scored
//! nothing may, at the end of that placement, put one follower from supply into a quarter
//! (`count-enter: castle`; `count.city.enter`, one per tile placed: `count.city.once-per-tile`)
//! and then move the Count to another quarter (`count-enter: {quarter: castle, count:
//! market}`; `count.count.move`). When a turn completes a city, a road or a cloister, the
//! players with followers in the matching quarter (castle: city, blacksmith: road, cathedral:
//! cloister; `count.quarter.kinds`) may move them into it before it is scored, each move
//! written in the turn (`count-moves: [{player: Blue, at: [0, 1], on: city S}]`): they count
//! for its majority and go home with the others (`count.move.before-majority`). None leaves
//! the quarter the Count stands in (`count.count.blocks`). A town made a castle (Bridges,
//! Castles and Bazaars, or the new edition's castle) is no city they may enter, not even when
//! the castle scores (`count.castle.not-a-city`); a move into a feature that the turn does not
//! score is refused (`count.move.before-majority`). A scenario taken up mid-game says where the
//! Count stands and who waits in which quarter (`count: {at: market, castle: [Red]}`).
//!
//! The scorings that let a player enter the city are the turn's events of points for a
//! feature or a castle: a bazaar's payments and a tower's ransom are not scorings.
//!
//! The twelve tiles of the city (`tiles/count.yaml`, `CO01`-`CO12`) are the starting board of
//! a scenario without `board:` (`Count::starting_board`, `count.setup.city-start`); they are
//! never laid in a turn. The city itself is one completed city behind walls across them (a
//! city written by the half-edges of its wall, `src/tile.rs`): every field of the block
//! borders it, so it counts for the farms at the end (`count.city.farms`) and for the King
//! (`count.city.king`); no follower stands in it but in its quarters, and the features of the
//! city's tiles outside its walls take a follower only by the special means that reach any
//! tile (a flier, a magic portal; `count.city.followers`). The quarters are kept beside the
//! board.
//!
//! In the final scoring, the moves written for it (`count-final-moves`, made as it begins) take
//! followers out of the city into the features it scores, the market's into farms
//! (`count.move.end`); one the rules refuse is an illegal move of the final scoring.
//!
//! What it does not model, refused where it is met: a move into a field during the game is
//! refused (`count.move.market-at-end`); a large follower in the city (only normal followers
//! enter it); a move into a cloister completed by an abbey's walls alone is refused as not
//! scored this turn.

use super::{Expansion, ExpansionId, Extra, Options as AllOptions};
use crate::engine::features::SegId;
use crate::engine::{Figure, Game, Move, Phase, Trials, TurnContext};
use crate::geom::{Edge, Pos};
use crate::score::{PlayerId, Verdict};
use crate::tile::{FeatureKind, Spot};

pub struct Count;

/// Before the scoring: followers move out of the city into what the turn completed.
const MOVES: &str = "count-moves";
/// After every scoring of the turn: a follower may enter the city.
const ENTER: &str = "count-enter";

/// A quarter of the city of Carcassonne.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Quarter {
    Castle,
    Blacksmith,
    Cathedral,
    Market,
}

impl Quarter {
    pub const ALL: [Quarter; 4] = [Quarter::Castle, Quarter::Blacksmith, Quarter::Cathedral, Quarter::Market];

    /// The word a scenario writes.
    pub fn as_str(self) -> &'static str {
        match self {
            Quarter::Castle => "castle",
            Quarter::Blacksmith => "blacksmith",
            Quarter::Cathedral => "cathedral",
            Quarter::Market => "market",
        }
    }

    pub fn parse(s: &str) -> Option<Quarter> {
        Quarter::ALL.into_iter().find(|q| q.as_str().eq_ignore_ascii_case(s))
    }

    /// rule::QUARTER_KINDS: the kind of feature its followers move into.
    pub fn kind(self) -> FeatureKind {
        match self {
            Quarter::Castle => FeatureKind::City,
            Quarter::Blacksmith => FeatureKind::Road,
            Quarter::Cathedral => FeatureKind::Cloister,
            Quarter::Market => FeatureKind::Field,
        }
    }

    /// The quarter whose followers move into a feature of this kind.
    pub fn of_kind(kind: FeatureKind) -> Option<Quarter> {
        Quarter::ALL.into_iter().find(|q| q.kind() == kind)
    }
}

/// The city of Carcassonne: where the Count stands and the followers waiting in each quarter.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct State {
    pub count: Quarter,
    /// One entry per follower in the city.
    pub waiting: Vec<(PlayerId, Quarter)>,
    /// The number of score events before this placement's scoring: what it scored is after.
    events_before: usize,
    /// The features followers moved into this placement, to see that they were scored.
    entered: Vec<SegId>,
    /// The moves written for the final scoring ([`Action::MoveOut`] each), made when it begins.
    final_moves: Vec<Action>,
    /// The features followers moved into in the final scoring (rule::MOVE_END).
    entered_at_end: Vec<SegId>,
}

impl Default for State {
    fn default() -> State {
        State {
            count: Quarter::Castle,
            waiting: Vec::new(),
            events_before: 0,
            entered: Vec::new(),
            final_moves: Vec::new(),
            entered_at_end: Vec::new(),
        }
    }
}

impl State {
    /// How many of the player's followers wait in the quarter.
    pub fn in_quarter(&self, player: PlayerId, quarter: Quarter) -> usize {
        self.waiting.iter().filter(|w| **w == (player, quarter)).count()
    }
}

/// The actions of The Count.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Action {
    /// After the placement's scoring, a follower of the player enters `quarter`; the Count
    /// then moves to `count`, if said.
    Enter { quarter: Quarter, count: Option<Quarter> },
    /// Before the scoring, a follower of `player` leaves the quarter of the feature's kind
    /// for the feature of that kind at `spot` of the tile at `at`.
    MoveOut { player: PlayerId, at: Pos, kind: FeatureKind, spot: Option<Spot> },
    /// A scenario taken up mid-game: where the Count stands and who waits in which quarter.
    Standing { count: Quarter, waiting: Vec<(PlayerId, Quarter)> },
    /// The moves out of the city made in the final scoring (`count-final-moves`), each a
    /// [`Action::MoveOut`], in the order written.
    FinalMoves(Vec<Action>),
}

impl Action {
    pub fn describe(&self, game: &Game) -> String {
        match self {
            Action::Enter { quarter, count: None } => {
                format!("enter the city: a follower into the {} quarter", quarter.as_str())
            }
            Action::Enter { quarter, count: Some(c) } => {
                format!(
                    "enter the city: a follower into the {} quarter, the Count to the {}",
                    quarter.as_str(),
                    c.as_str()
                )
            }
            Action::FinalMoves(moves) => {
                let each: Vec<String> = moves.iter().map(|m| m.describe(game)).collect();
                format!("in the final scoring: {}", each.join("; "))
            }
            Action::MoveOut { player, at, kind, spot } => format!(
                "follower of {} from the {} quarter into the {kind}{} at {at}",
                game.player_name(*player),
                Quarter::of_kind(*kind).map_or("?", |q| q.as_str()),
                spot.map(|s| format!(" {}", s.words())).unwrap_or_default()
            ),
            Action::Standing { count, waiting } => format!(
                "the Count in the {} quarter, {} follower{} in the city",
                count.as_str(),
                waiting.len(),
                if waiting.len() == 1 { "" } else { "s" }
            ),
        }
    }
}

/// The segment a move names: the feature of `kind` at `spot` of the tile at `at`.
fn named_segment(game: &Game, at: Pos, kind: FeatureKind, spot: Option<Spot>) -> Result<SegId, String> {
    let p = *game.tile_at(at).ok_or_else(|| format!("there is no tile at {at}"))?;
    let local = game.def(p.kind).find_segment(p.rotation, kind, spot)?;
    game.segment_at(p.pos, local).ok_or_else(|| format!("there is no {kind} at {at}"))
}

/// Whether the feature of `seg` (of a quarter's kind) is one this placement completes, before
/// its scoring: a road or city it touched and closed, or a cloister on or beside its tile,
/// surrounded now.
fn completed_now(game: &Game, seg: SegId, kind: FeatureKind, placed: Pos) -> bool {
    match kind {
        FeatureKind::Road | FeatureKind::City => {
            let root = game.feature_of(seg);
            game.open_edges(root) == 0 && game.touched().any(|t| game.feature_of(t) == root)
        }
        FeatureKind::Cloister => {
            let p = game.placement_of(seg);
            let near = (p.pos.x - placed.x).abs() <= 1 && (p.pos.y - placed.y).abs() <= 1;
            near && game.surrounded(p.group)
        }
        _ => false,
    }
}

/// rule::MOVE_BEFORE_MAJORITY and the rules it leans on: each follower moved out of the city
/// joins its feature before the scoring.
fn move_out(game: &mut Game, turn: &TurnContext) -> Result<(), Verdict> {
    let events = game.events().len();
    {
        let st = game.state_of_mut::<State>();
        st.events_before = events;
        st.entered.clear();
    }
    let moves: Vec<Action> = turn
        .mv
        .extras
        .iter()
        .filter_map(|e| e.get::<Action>())
        .filter(|a| matches!(a, Action::MoveOut { .. }))
        .cloned()
        .collect();
    for m in moves {
        let Action::MoveOut { player, at, kind, spot } = m else { continue };
        let (quarter, seg) = leaving(game, player, at, kind, spot, false)?;
        let root = game.feature_of(seg);
        if kind == FeatureKind::City && game.taken_over(root) {
            // rule::CASTLE_SHARED_TOWN: a town completed now that all who held it made a
            // castle is scored by nobody, so nobody comes from the city.
            return Err(match completed_now(game, seg, kind, turn.mv.pos) {
                true => Verdict::new(
                    rule::CASTLE_SHARED_TOWN,
                    format!("the town at {at} was made a castle this turn and nobody scores it: followers from the city of Carcassonne join only a scoring, never a castle"),
                ),
                false => Verdict::new(
                    rule::CASTLE_NOT_A_CITY,
                    format!("the town at {at} is a castle: followers from the city of Carcassonne may not enter a castle"),
                ),
            });
        }
        if !completed_now(game, seg, kind, turn.mv.pos) {
            return Err(Verdict::new(
                rule::MOVE_BEFORE_MAJORITY,
                format!("the {kind} at {at} is not scored this turn: followers leave the city only for a feature being scored"),
            ));
        }
        game.state_of_mut::<State>().entered.push(root);
        join(game, player, quarter, root);
    }
    Ok(())
}

/// A follower of `player` leaving the city for the feature at `spot` of the tile at `at`:
/// the quarter of its kind (rule::QUARTER_KINDS; the market's only at the end,
/// rule::MARKET_AT_END), with a follower of the player waiting there and not the Count
/// (rule::COUNT_BLOCKS); the segment named, or why not (rule::MOVE_END in the final scoring, else
/// rule::MOVE_BEFORE_MAJORITY).
fn leaving(
    game: &Game,
    player: PlayerId,
    at: Pos,
    kind: FeatureKind,
    spot: Option<Spot>,
    at_end: bool,
) -> Result<(Quarter, SegId), Verdict> {
    let name = game.player_name(player);
    let rule = if at_end { rule::MOVE_END } else { rule::MOVE_BEFORE_MAJORITY };
    let Some(quarter) = Quarter::of_kind(kind) else {
        return Err(Verdict::new(
            rule::QUARTER_KINDS,
            format!("no quarter of the city sends followers into a {kind}: the castle to a city, the blacksmith to a road, the cathedral to a cloister, the market to a farm"),
        ));
    };
    if quarter == Quarter::Market && !at_end {
        return Err(Verdict::new(
            rule::MARKET_AT_END,
            format!("{name}'s follower cannot leave the market during the game: farms are scored only at the end (`count-final-moves`)"),
        ));
    }
    let st = game.state_of::<State>();
    if st.in_quarter(player, quarter) == 0 {
        return Err(Verdict::new(
            rule,
            format!("{name} has no follower in the {} quarter of the city", quarter.as_str()),
        ));
    }
    if st.count == quarter {
        return Err(Verdict::new(
            rule::COUNT_BLOCKS,
            format!("the Count stands in the {} quarter: no follower leaves it", quarter.as_str()),
        ));
    }
    let seg = named_segment(game, at, kind, spot).map_err(|why| Verdict::new(rule, why))?;
    Ok((quarter, seg))
}

/// The follower leaves `quarter` for the feature `root` (on its root: however the move names
/// the feature, the same game follows).
fn join(game: &mut Game, player: PlayerId, quarter: Quarter, root: SegId) {
    let st = game.state_of_mut::<State>();
    if let Some(i) = st.waiting.iter().position(|w| *w == (player, quarter)) {
        st.waiting.remove(i);
    }
    game.give_figure(player, Figure::Normal, 1);
    game.deploy_figure(player, root, Figure::Normal);
}

/// rule::MOVE_END: at the start of the final scoring, the moves written for it
/// (`count-final-moves`), each a follower leaving the quarter of the feature's kind (the
/// market for a farm, rule::MARKET_AT_END) for a feature the final scoring scores: an
/// unfinished road, city or cloister, or a farm, with a follower on it when that scoring
/// begins. None leaves the quarter the Count stands in; a castle is no city.
fn move_out_at_end(game: &mut Game) -> Result<(), Verdict> {
    let moves = std::mem::take(&mut game.state_of_mut::<State>().final_moves);
    // What the final scoring scores, as it begins: the features with a follower on them.
    let occupied: Vec<SegId> = game.followers().iter().map(|f| game.feature_of(f.segment)).collect();
    for m in moves {
        let Action::MoveOut { player, at, kind, spot } = m else { continue };
        let (quarter, seg) = leaving(game, player, at, kind, spot, true)?;
        let root = game.feature_of(seg);
        if kind == FeatureKind::City && game.taken_over(root) {
            return Err(Verdict::new(
                rule::CASTLE_NOT_A_CITY,
                format!("the town at {at} is a castle: followers from the city of Carcassonne may not enter a castle"),
            ));
        }
        let finished = match kind {
            FeatureKind::Road | FeatureKind::City => game.open_edges(root) == 0,
            FeatureKind::Cloister => game.surrounded(game.placement_of(seg).group),
            _ => false,
        };
        if finished || !occupied.contains(&root) {
            return Err(Verdict::new(
                rule::MOVE_END,
                format!(
                    "the final scoring does not score the {kind} at {at}: it scores only unfinished features and farms with a follower on them"
                ),
            ));
        }
        game.state_of_mut::<State>().entered_at_end.push(root);
        join(game, player, quarter, root);
    }
    Ok(())
}

/// Whether the turn's player may put a follower into the city: rule::ENTER.
fn may_enter(game: &Game, player: PlayerId, since: usize) -> bool {
    let scoring = |e: &&crate::score::ScoreEvent| {
        !matches!(e.feature.kind, FeatureKind::Bazaar | FeatureKind::Tower) && e.points() > 0
    };
    let events = &game.events()[since.min(game.events().len())..];
    let own = events.iter().filter(scoring).any(|e| e.players.contains(&player));
    let others = events.iter().filter(scoring).any(|e| e.players.iter().any(|p| *p != player));
    others && !own
}

/// After the turn's scorings: the moved followers were scored, and a follower may enter.
fn enter(game: &mut Game, turn: &TurnContext) -> Result<(), Verdict> {
    // A feature a follower entered but nobody scored keeps it. A town that others scored
    // before its converters manned it as a castle sent them home (rule::CASTLE_SHARED_TOWN):
    // its followers are the castle's.
    let entered = game.state_of::<State>().entered.clone();
    let kept = |r: SegId| !game.taken_over(r) && game.followers().iter().any(|f| game.feature_of(f.segment) == r);
    if let Some(&root) = entered.iter().find(|&&r| kept(r)) {
        let at = game.placement_of(root).pos;
        return Err(Verdict::new(
            rule::MOVE_BEFORE_MAJORITY,
            format!("the feature at {at} was not scored: followers leave the city only for a feature being scored"),
        ));
    }
    let entries: Vec<(Quarter, Option<Quarter>)> = (turn.mv.extras.iter())
        .filter_map(|e| match e.get::<Action>() {
            Some(Action::Enter { quarter, count }) => Some((*quarter, *count)),
            _ => None,
        })
        .collect();
    let Some(&(quarter, count)) = entries.first() else { return Ok(()) };
    let name = game.player_name(turn.player).to_string();
    if entries.len() > 1 {
        return Err(Verdict::new(
            rule::ONCE_PER_TILE,
            format!("{name} puts at most one follower into the city for one tile placed"),
        ));
    }
    let since = game.state_of::<State>().events_before;
    if !may_enter(game, turn.player, since) {
        return Err(Verdict::new(
            rule::ENTER,
            format!("{name} may not enter the city: this tile made no opponent score, or made {name} score too"),
        ));
    }
    if !game.take_figure(turn.player, Figure::Normal) {
        return Err(game.empty_supply_verdict(turn.player, Figure::Normal));
    }
    let st = game.state_of_mut::<State>();
    st.waiting.push((turn.player, quarter));
    if let Some(to) = count {
        if to == st.count {
            return Err(Verdict::new(
                rule::COUNT_MOVE,
                format!("the Count already stands in the {} quarter: he moves to another one", to.as_str()),
            ));
        }
        st.count = to;
    }
    Ok(())
}

/// A spot naming segment `local` of the tile at `at` among those of its kind, for offers.
fn spot_of(game: &Game, at: Pos, kind: FeatureKind, local: usize) -> Option<Option<Spot>> {
    let p = game.tile_at(at)?;
    let def = game.def(p.kind);
    let candidates =
        std::iter::once(None).chain(Edge::ALL.map(|e| Some(Spot::Edge(e)))).chain(std::iter::once(Some(Spot::Centre)));
    candidates.into_iter().find(|s| def.find_segment(p.rotation, kind, *s) == Ok(local))
}

/// The moves out of the city a placement allows, on the game after it: for each follower
/// waiting in a quarter the Count does not block, the features of its kind the placement
/// completed and scored.
fn movers(after: &Game, _player: PlayerId, _mv: &Move) -> Vec<Vec<Action>> {
    let st = after.state_of::<State>();
    let mut out = Vec::new();
    let mut seen: Vec<(PlayerId, Quarter)> = Vec::new();
    for &(player, quarter) in &st.waiting {
        if quarter == st.count || quarter == Quarter::Market {
            continue;
        }
        // One follower of a player a quarter: a second would only repeat the choices.
        if seen.contains(&(player, quarter)) {
            continue;
        }
        seen.push((player, quarter));
        let mut choices = Vec::new();
        for c in after.completions().iter().filter(|c| c.info.kind == quarter.kind()) {
            let at = c.info.at;
            let Some(first) = after.segment_at(at, 0) else { continue };
            let local = (c.info.segment.0 - first.0) as usize;
            if let Some(spot) = spot_of(after, at, quarter.kind(), local) {
                choices.push(Action::MoveOut { player, at, kind: quarter.kind(), spot });
            }
        }
        if !choices.is_empty() {
            out.push(choices);
        }
    }
    out
}

/// rule::CITY_START: the city's twelve tiles as JCloisterZone lays them (its engine test
/// `count/coc-field-scoring`), four columns by three rows, the north row from the north-west
/// corner first; each in its printed orientation. Its squares, y north: x -2 to 1, y 1 to -1.
const CITY_BLOCK: [super::StartTile; 12] = {
    const IDS: [&str; 12] =
        ["CO01", "CO02", "CO03", "CO04", "CO05", "CO06", "CO07", "CO08", "CO09", "CO10", "CO11", "CO12"];
    let mut out = [super::StartTile { id: "", at: Pos::new(0, 0), rotation: crate::geom::Rotation::ALL[0] }; 12];
    let mut i = 0;
    while i < 12 {
        out[i].id = IDS[i];
        out[i].at = Pos::new(i as i32 % 4 - 2, 1 - i as i32 / 4);
        i += 1;
    }
    out
};

/// Whether the feature of `seg` is the city of Carcassonne: a city behind walls (one of its
/// segments stands on a half-edge as a wall, `Segment::walls`).
pub fn is_city_of_carcassonne(game: &Game, seg: SegId) -> bool {
    game.feature_kind(seg) == FeatureKind::City
        && game.members(seg).into_iter().any(|m| match game.locate(m).1 {
            Some(local) => game.def(game.placement_of(m).kind).segments[local].walls != 0,
            None => false,
        })
}

/// rule::CITY_FOLLOWERS: no follower stands in the city itself, only in its quarters.
fn city_holds_no_follower(game: &Game, seg: SegId) -> Result<(), Verdict> {
    if is_city_of_carcassonne(game, seg) {
        return Err(Verdict::new(
            rule::CITY_FOLLOWERS,
            "the city of Carcassonne takes no follower on the board: its followers wait in its quarters (`count:`)",
        ));
    }
    Ok(())
}

/// rule::CITY_START: the city's tiles are the starting board, never drawn nor laid in a turn.
fn city_tile_not_drawn(game: &Game, mv: &Move) -> Result<(), Verdict> {
    let def = game.def(mv.tile);
    if def.set == "count" {
        return Err(Verdict::new(
            rule::CITY_START,
            format!(
                "{} is a tile of the city of Carcassonne, laid before the game as the starting board, never in a turn",
                def.id
            ),
        ));
    }
    Ok(())
}

/// rule::CITY_FARMS: a farm's score that counts the city of Carcassonne among its completed
/// cities says so.
fn explain_city_for_farms(game: &Game, feature: &crate::engine::FeatureInfo, because: &mut crate::score::Rules) {
    if feature.kind == FeatureKind::Field
        && !because.contains(&rule::CITY_FARMS)
        && feature.cities.iter().any(|c| is_city_of_carcassonne(game, *c))
    {
        because.push(rule::CITY_FARMS);
    }
}

impl Expansion for Count {
    fn id(&self) -> ExpansionId {
        ExpansionId::Count
    }

    fn rule_book(&self) -> &'static crate::rules::RuleBook {
        &rule::BOOK
    }

    fn tiles(&self) -> Option<&'static crate::embedded::Embedded> {
        const TILES: crate::embedded::Embedded = crate::embed!("tiles/count.yaml");
        Some(&TILES)
    }

    fn setup(&self, game: &mut Game) {
        // rule::COUNT_ON_CASTLE: the Count starts in the castle quarter; nobody waits yet.
        game.state.insert(State::default());
    }

    fn needs_completions(&self) -> bool {
        // The moves offered go into what a placement completed.
        true
    }

    fn phases(&self, _options: &AllOptions, seq: &mut Vec<Phase>) {
        // Just before the scoring (after any town was made a castle), the moves out of the city.
        let at = seq.iter().position(|p| *p == Phase::ScoreCompleted).unwrap_or(seq.len());
        seq.insert(at, Phase::Expansion(ExpansionId::Count, MOVES));
        // Once every scoring of the placement is done, a follower may enter the city.
        seq.push(Phase::Expansion(ExpansionId::Count, ENTER));
    }

    fn run_phase(&self, game: &mut Game, phase: &'static str, turn: &TurnContext) -> Result<(), Verdict> {
        match phase {
            MOVES => move_out(game, turn),
            _ => enter(game, turn),
        }
    }

    fn edge_changes(&self) -> super::EdgeChanges {
        super::EdgeChanges::None
    }

    fn offers_actions(&self) -> bool {
        true
    }

    fn takes(&self, action: &Extra) -> bool {
        action.get::<Action>().is_some()
    }

    fn describe(&self, game: &Game, action: &Extra) -> Option<String> {
        Some(action.get::<Action>()?.describe(game))
    }

    fn starting_board(&self) -> &'static [super::StartTile] {
        &CITY_BLOCK
    }

    fn check_setup_follower(&self, game: &Game, _player: PlayerId, seg: SegId, _figure: Figure) -> Result<(), Verdict> {
        city_holds_no_follower(game, seg)
    }

    fn check_placement(&self, game: &Game, _player: PlayerId, mv: &Move) -> Result<(), Verdict> {
        city_tile_not_drawn(game, mv)?;
        if mv.extras.iter().any(|e| matches!(e.get::<Action>(), Some(Action::Standing { .. }))) {
            return Err(Verdict::new(
                crate::expansion::base::rule::EXPANSION_IN_PLAY,
                "where the Count stands and who waits in the city when the game starts is written under the scenario (`count:`), not on a turn",
            ));
        }
        Ok(())
    }

    fn action_options(
        &self,
        _game: &Game,
        trials: &mut Trials,
        player: PlayerId,
        mv: &Move,
        turn: u16,
        out: &mut Vec<Vec<Extra>>,
    ) {
        super::offer_moves_after(trials, player, mv, turn, out, movers);
        // Each set so far (and none) with a follower entering the city, where the turn allows.
        let before: Vec<Vec<Extra>> = std::iter::once(Vec::new()).chain(out.iter().cloned()).collect();
        for set in before {
            let with = Move { extras: set.clone(), ..mv.clone() };
            let since = |g: &Game| g.state_of::<State>().events_before;
            let Some(Some(count)) = trials.if_accepted(player, &with, turn, |after| {
                (may_enter(after, player, since(after))
                    && after.players()[player.index()].in_supply(Figure::Normal) > 0)
                    .then(|| after.state_of::<State>().count)
            }) else {
                continue;
            };
            for quarter in Quarter::ALL {
                for to in std::iter::once(None).chain(Quarter::ALL.into_iter().filter(|q| *q != count).map(Some)) {
                    let mut full = set.clone();
                    full.push(Extra::new(Action::Enter { quarter, count: to }));
                    out.push(full);
                }
            }
        }
    }

    fn final_scoring(&self, game: &mut Game) -> Result<(), Verdict> {
        move_out_at_end(game)
    }

    fn explain(&self, game: &Game, feature: &crate::engine::FeatureInfo, because: &mut crate::score::Rules) {
        // rule::MOVE_END: followers from the city counted in the final scoring.
        if game.state_of::<State>().entered_at_end.contains(&feature.root) && !because.contains(&rule::MOVE_END) {
            because.push(rule::MOVE_END);
        }
        explain_city_for_farms(game, feature, because);
        // rule::MOVE_BEFORE_MAJORITY: followers from the city counted in this scoring.
        if game.state_of::<State>().entered.contains(&feature.root) && !because.contains(&rule::MOVE_BEFORE_MAJORITY) {
            because.push(rule::MOVE_BEFORE_MAJORITY);
        }
    }

    fn setup_held(&self, game: &mut Game, held: &Extra) -> Result<(), Verdict> {
        if let Some(Action::FinalMoves(moves)) = held.get::<Action>() {
            game.state_of_mut::<State>().final_moves = moves.clone();
            return Ok(());
        }
        let Some(Action::Standing { count, waiting }) = held.get::<Action>() else {
            return Err(Verdict::new(
                crate::expansion::base::rule::EXPANSION_IN_PLAY,
                "of The Count, a scenario says where the Count stands and who waits in the city (`count:`)",
            ));
        };
        for &(p, _) in waiting {
            if !game.take_figure(p, Figure::Normal) {
                return Err(game.empty_supply_verdict(p, Figure::Normal));
            }
        }
        let st = game.state_of_mut::<State>();
        st.count = *count;
        st.waiting.extend(waiting.iter().copied());
        Ok(())
    }

    fn standing(&self, game: &Game, player: PlayerId, out: &mut Vec<String>) {
        let st = game.state_of::<State>();
        for q in Quarter::ALL {
            let n = st.in_quarter(player, q);
            if n > 0 {
                out.push(format!("{n} in the {} quarter", q.as_str()));
            }
        }
        if player == PlayerId(0) {
            out.push(format!("(the Count in the {} quarter)", st.count.as_str()));
        }
    }
}

pub mod rule {
    //! The rules of The Count of Carcassonne (1st edition). Their wording and sources are in the catalogue file named below.

    crate::rules::rule_ids! {
        catalogue: "rulesets/rules/count.yaml";
        /// Twelve tiles of the city of Carcassonne and the Count.
        COMPONENTS = "count.components",
        /// The city's twelve tiles, laid as one block, are the starting board instead of the start tile.
        CITY_START = "count.setup.city-start",
        /// The city of Carcassonne is a completed city for the farms at the end.
        CITY_FARMS = "count.city.farms",
        /// The city of Carcassonne is a completed city for the King's points.
        CITY_KING = "count.city.king",
        /// The city holds followers only in its quarters; its tiles' outer features only by a flier or a portal.
        CITY_FOLLOWERS = "count.city.followers",
        /// The Count starts in the castle quarter.
        COUNT_ON_CASTLE = "count.setup.count-on-castle",
        /// A tile that made an opponent score and its player nothing lets a follower into the city.
        ENTER = "count.city.enter",
        /// One follower into the city per tile placed.
        ONCE_PER_TILE = "count.city.once-per-tile",
        /// Entering the city lets its player move the Count to another quarter.
        COUNT_MOVE = "count.count.move",
        /// No follower leaves the Count's quarter.
        COUNT_BLOCKS = "count.count.blocks",
        /// Castle: city; blacksmith: road; cathedral: cloister; market: farm.
        QUARTER_KINDS = "count.quarter.kinds",
        /// Followers move into a feature being scored, before its majority.
        MOVE_BEFORE_MAJORITY = "count.move.before-majority",
        /// The market's followers leave only at the end.
        MARKET_AT_END = "count.move.market-at-end",
        /// Moves out of the city in the final scoring (not modelled).
        MOVE_END = "count.move.end",
        /// No follower from the city enters a castle.
        CASTLE_NOT_A_CITY = "count.castle.not-a-city",
        /// Into a shared town only while one of its majority scores it, never into its castle.
        CASTLE_SHARED_TOWN = "count.castle.shared-town-scoring-only",
    }
}
