//! Followers and what each player holds: the figures ([`Figure`]), a follower on the board
//! ([`Follower`]), each player's score and supply ([`Player`]), and deploying a figure from
//! supply and sending it home. A new kind of figure, or a new way for one to leave or reach a
//! supply, belongs here.

use super::{features::SegId, Game};
use crate::expansion::base::rule;
use crate::score::{PlayerId, Verdict};

/// Followers each player starts with (the eighth is the score marker).
pub const FOLLOWERS_PER_PLAYER: u8 = 7;

/// What kind of follower stands on a feature. Every figure deploys, scores and returns as a
/// follower does; they differ in strength (what it weighs in a majority) and in where they
/// come from: each player has [`FOLLOWERS_PER_PLAYER`] normal followers, and the figures an
/// expansion gives (`Game::give_figure` in its `setup`), none otherwise.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Figure {
    /// A normal follower.
    #[default]
    Normal,
    /// The large follower (Inns and Cathedrals): one per player, worth two followers in a
    /// majority.
    Large,
    /// The mayor (Abbey and Mayor): one per player, only in a city, worth as many followers as
    /// its city has pennants (none without pennants): [`Figure::strength_in`].
    Mayor,
    /// The wagon (Abbey and Mayor): one per player, worth one follower.
    Wagon,
    /// The phantom (The Phantom): one per player, a follower in every way, which a turn may
    /// deploy besides its other follower.
    Phantom,
    /// A normal follower laid on its side as the abbot of a special monastery (The
    /// Monasteries; "claustral prior" in the third edition's words): taken from and returned to
    /// the normal followers' supply, and only by a player the expansion lets lay them
    /// ([`Game::allow_priors`]). It weighs nothing in a majority (a monk completing the
    /// monastery scores alone) and stays where it is when its feature is scored
    /// ([`Figure::stays_when_scored`]): its expansion scores it at the end.
    Prior,
    /// The abbot (The Abbot, the new edition's base game): one per player, a figure of its
    /// own that goes only on a cloister or a garden (its expansion says where), and that its
    /// owner may take back instead of deploying, scored at once.
    Abbot,
    /// The ringmaster (Under the Big Top): one per player, a follower weighing one, whose
    /// owner scores a bonus for the circus and acrobat spaces around it when its feature is
    /// scored (its expansion says how much).
    Ringmaster,
}

impl Figure {
    pub const ALL: [Figure; 8] = [
        Figure::Normal,
        Figure::Large,
        Figure::Mayor,
        Figure::Wagon,
        Figure::Phantom,
        Figure::Prior,
        Figure::Abbot,
        Figure::Ringmaster,
    ];

    /// What the figure weighs when the majority on a feature is decided, the feature aside:
    /// a mayor's weight is its city's ([`Figure::strength_in`]).
    pub const fn strength(self) -> u32 {
        match self {
            Figure::Normal | Figure::Wagon | Figure::Phantom | Figure::Abbot | Figure::Ringmaster => 1,
            Figure::Large => 2,
            Figure::Mayor | Figure::Prior => 0,
        }
    }

    /// Whether the figure stays on its feature when the feature is scored during the game,
    /// instead of going home: a follower laid as an abbot (The Monasteries), scored only at
    /// the end.
    pub const fn stays_when_scored(self) -> bool {
        matches!(self, Figure::Prior)
    }

    /// What the figure weighs on a feature with `pennants` pennants: a mayor one per pennant.
    pub const fn strength_in(self, pennants: u32) -> u32 {
        match self {
            Figure::Mayor => pennants,
            other => other.strength(),
        }
    }

    /// The figure in words (`follower`, `large follower`).
    pub const fn as_str(self) -> &'static str {
        match self {
            Figure::Normal => "follower",
            Figure::Large => "large follower",
            Figure::Mayor => "mayor",
            Figure::Wagon => "wagon",
            Figure::Phantom => "phantom",
            Figure::Prior => "follower laid as an abbot",
            Figure::Abbot => "abbot",
            Figure::Ringmaster => "ringmaster",
        }
    }

    /// The word written before a feature for this figure (`large city N`); empty for a normal
    /// follower.
    pub const fn prefix(self) -> &'static str {
        match self {
            Figure::Normal => "",
            Figure::Large => "large ",
            Figure::Mayor => "mayor ",
            Figure::Wagon => "wagon ",
            Figure::Phantom => "phantom ",
            Figure::Prior => "as-abbot ",
            Figure::Abbot => "abbot ",
            Figure::Ringmaster => "ringmaster ",
        }
    }
}

/// A follower on the board.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Follower {
    pub player: PlayerId,
    pub segment: SegId,
    pub figure: Figure,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Player {
    /// Shared, so that a checkpoint copies a player without copying the name.
    pub name: std::sync::Arc<str>,
    pub score: i32,
    /// Normal followers in supply.
    pub supply: u8,
    /// Large followers in supply: 0 unless an expansion gives them (Inns and Cathedrals).
    pub large_supply: u8,
    /// Mayors and wagons in supply: 0 unless an expansion gives them (Abbey and Mayor).
    pub mayor_supply: u8,
    pub wagon_supply: u8,
    /// The phantom in supply: 0 unless an expansion gives it (The Phantom).
    pub phantom_supply: u8,
    /// The abbot in supply: 0 unless an expansion gives it (The Abbot).
    pub abbot_supply: u8,
    /// The ringmaster in supply: 0 unless an expansion gives it (Under the Big Top).
    pub ringmaster_supply: u8,
    /// Whether the player may lay a normal follower as an abbot (`Figure::Prior`, The
    /// Monasteries): the normal followers in supply are then also priors in supply.
    pub priors: bool,
}

impl Player {
    /// The figures of this kind in the player's supply.
    pub fn in_supply(&self, figure: Figure) -> u8 {
        match figure {
            Figure::Normal => self.supply,
            Figure::Large => self.large_supply,
            Figure::Mayor => self.mayor_supply,
            Figure::Wagon => self.wagon_supply,
            Figure::Phantom => self.phantom_supply,
            Figure::Prior if self.priors => self.supply,
            Figure::Prior => 0,
            Figure::Abbot => self.abbot_supply,
            Figure::Ringmaster => self.ringmaster_supply,
        }
    }

    pub(super) fn supply_mut(&mut self, figure: Figure) -> &mut u8 {
        match figure {
            Figure::Normal => &mut self.supply,
            Figure::Large => &mut self.large_supply,
            Figure::Mayor => &mut self.mayor_supply,
            Figure::Wagon => &mut self.wagon_supply,
            Figure::Phantom => &mut self.phantom_supply,
            Figure::Prior => &mut self.supply,
            Figure::Abbot => &mut self.abbot_supply,
            Figure::Ringmaster => &mut self.ringmaster_supply,
        }
    }
}

impl<'t> Game<'t> {
    /// Puts `n` figures of a kind into a player's supply: for an expansion's `setup` hook
    /// (the large follower of Inns and Cathedrals).
    pub fn give_figure(&mut self, p: PlayerId, figure: Figure, n: u8) {
        let s = self.players[p.index()].supply_mut(figure);
        *s = s.saturating_add(n);
    }

    /// [`Game::give_figure`] for every player: an expansion's figures handed out at setup.
    pub fn give_each(&mut self, figure: Figure, n: u8) {
        for p in 0..self.players.len() {
            self.give_figure(PlayerId(p as u8), figure, n);
        }
    }

    /// Lets every player lay a normal follower as an abbot on a special monastery
    /// (`Figure::Prior`, The Monasteries, in its `setup`): a way of deploying the normal
    /// followers, with no supply of its own.
    pub fn allow_priors(&mut self) {
        for p in &mut self.players {
            p.priors = true;
        }
    }

    /// Sets every player's supply of a figure to `n`: a game played with other counts than
    /// the rules' (a scenario's `supply:`), after the expansions' `setup` gave theirs.
    pub fn set_supply(&mut self, figure: Figure, n: u8) {
        for p in &mut self.players {
            *p.supply_mut(figure) = n;
        }
    }

    /// Why a player cannot deploy a figure of this kind: none is left in supply (a normal
    /// follower: all seven are out; another figure: the player has none, or it is out).
    pub(crate) fn empty_supply_verdict(&self, player: PlayerId, figure: Figure) -> Verdict {
        Verdict::new(
            rule::FOLLOWER_SUPPLY,
            format!("{} has no {} left in supply", self.player_name(player), figure.as_str()),
        )
    }

    /// Stands one of the player's normal followers from supply on a segment. For the engine
    /// and expansions' hooks; legality is checked by the caller.
    pub fn deploy(&mut self, player: PlayerId, seg: SegId) {
        self.deploy_figure(player, seg, Figure::Normal);
    }

    /// Stands one of the player's figures of a kind from supply on a segment.
    pub fn deploy_figure(&mut self, player: PlayerId, seg: SegId, figure: Figure) {
        let s = self.players[player.index()].supply_mut(figure);
        *s = s.saturating_sub(1);
        self.features.add_follower(seg, 1);
        self.followers.push(Follower { player, segment: seg, figure });
    }

    /// Takes a follower off the board without sending it to its owner's supply: a prisoner
    /// (The Tower), which its expansion keeps until it goes home ([`Game::give_figure`]).
    pub fn take_prisoner(&mut self, index: usize) -> Follower {
        let f = self.followers.remove(index);
        self.features.add_follower(f.segment, -1);
        f
    }

    /// Takes one figure of a kind out of a player's supply for a piece an expansion keeps off
    /// the features (a follower atop a tower, a prisoner held when a scenario starts); false
    /// when none is left.
    pub fn take_figure(&mut self, p: PlayerId, figure: Figure) -> bool {
        let s = self.players[p.index()].supply_mut(figure);
        if *s == 0 {
            return false;
        }
        *s -= 1;
        true
    }

    /// Tells the expansions that a field's farmers were sent home during the game (a barn):
    /// a piece of theirs that goes with them follows (`Expansion::farmers_sent_home`).
    pub fn farmers_sent_home(&mut self, field: SegId) {
        for x in self.expansions.clone() {
            x.farmers_sent_home(self, field);
        }
    }

    /// Takes a follower off the board into its owner's supply.
    pub fn remove_follower(&mut self, index: usize) -> Follower {
        let f = self.followers.remove(index);
        *self.players[f.player.index()].supply_mut(f.figure) += 1;
        self.features.add_follower(f.segment, -1);
        f
    }
}
