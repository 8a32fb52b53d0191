//! Abbey and Mayor (1st edition): twelve land tiles, each player's abbey, and three figures
//! each: the mayor, the wagon and the barn.
//!
//! What is modelled so far: the land tiles (`tiles/am.yaml`), whose two caps that are not
//! semicircles (tiles 03 and 05) make no castle town for Bridges, Castles and Bazaars.

use super::{Expansion, ExpansionId};

pub struct Am;

impl Expansion for Am {
    fn edge_changes(&self) -> super::EdgeChanges {
        super::EdgeChanges::None
    }

    fn id(&self) -> ExpansionId {
        ExpansionId::Am
    }

    fn rule_book(&self) -> &'static crate::rules::RuleBook {
        &rule::BOOK
    }

    fn tiles(&self) -> Option<&'static crate::embedded::Embedded> {
        const TILES: crate::embedded::Embedded = crate::embed!("tiles/am.yaml");
        Some(&TILES)
    }
}

pub mod rule {
    //! The rules of Abbey and Mayor (1st edition). Their wording and sources are in the catalogue file named below.

    crate::rules::rule_ids! {
        catalogue: "rulesets/rules/am.yaml";
        /// The box adds 12 land tiles, one of each kind, and an abbey tile for each player.
        TILES = "am.components.tiles",
        /// The new land tiles are shuffled in with the others and placed by the usual rules.
        MIX_TILES = "am.setup.mix-tiles",
        /// The caps of tiles 03 and 05 are not semicircles: no castle town holds them.
        NO_CASTLE_CAPS = "am.tiles.caps-not-semicircles",
    }
}
