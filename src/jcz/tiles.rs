//! JCloisterZone's tile ids and the catalogue's.
//!
//! Each JCZ tile of the sets the referee models is the catalogue tile with the same layout
//! (cities, roads, fields, cloister, pennants, marks). The pairs were found by comparing
//! JCZ's tile definitions with `tiles/*.yaml`, every one at rotation 0 of both; a test holds
//! this table against docs/jcz.md and, where JCZ's definitions are at hand, against them.

/// A JCZ tile set the referee models: its id, and the expansion whose tiles it holds.
pub const SETS: &[(&str, &str)] = &[
    ("basic:1", "base"),
    ("bridges-castles-and-bazaars:1", "bcb1"),
    ("inns-and-cathedrals:1", "ic"),
    ("traders-and-builders:1", "tb"),
    ("abbey-and-mayor:1", "am"),
    ("tower:1", "tower"),
    ("princess-and-dragon:1", "pd"),
    ("king-and-robber:1", "king-robber"),
    ("hills-and-sheep:1", "hs"),
    ("river/1:1", "river"),
    ("river/2:1", "river-ii"),
    ("monasteries", "monasteries"),
    ("flier:1", "flying-machines"),
    ("count", "count"),
    ("watchtowers", "watchtowers"),
    ("siege/besiegers", "siege"),
    ("siege/cathars", "cathars"),
    ("under-the-big-top:1", "circus"),
    ("mage-and-witch:1", "witch"),
];

/// JCZ tile sets of an expansion the referee models in part, whose tiles it does not, each
/// with why: a game with one is refused at its set.
pub const SETS_NOT_MODELLED: &[(&str, &str)] = &[(
    "under-the-big-top-c1",
    "JCloisterZone's own first-edition-style redesign of Under the Big Top (other tiles, a well; HiG published \
     the expansion only in the second edition's design): the referee reads the published tiles, \
     `under-the-big-top:1` and `:2`",
)];

/// Second-edition tile sets read as their first edition: the same deck, some copies printed
/// with a garden (a land symbol that only the abbot uses). `(set, the first edition's set)`.
pub const SECOND_EDITIONS: &[(&str, &str)] = &[
    ("basic:2", "basic:1"),
    ("bridges-castles-and-bazaars:2", "bridges-castles-and-bazaars:1"),
    ("princess-and-dragon:2", "princess-and-dragon:1"),
    ("king-and-robber:2", "king-and-robber:1"),
    ("hills-and-sheep:2", "hills-and-sheep:1"),
    ("river/1:2", "river/1:1"),
    ("river/2:2", "river/2:1"),
    ("flier:2", "flier:1"),
    ("under-the-big-top:2", "under-the-big-top:1"),
    ("mage-and-witch:2", "mage-and-witch:1"),
];

/// The garden tiles of the second-edition sets, each with the first-edition tile of the same
/// layout it replaces a copy of: `(garden tile, plain tile)`. A test holds them against JCZ's
/// tile definitions (the same layout but the garden; the copies add up).
pub const GARDENS: &[(&str, &str)] = &[
    ("BA/CG", "BA/C"),
    ("BA/CFCG", "BA/CFC.2"),
    ("BA/CCG", "BA/CC.2"),
    ("BA/Cc+G", "BA/Cc+"),
    ("BA/CcG", "BA/Cc.1"),
    ("BA/CccG", "BA/Ccc"),
    ("BA/RFrG", "BA/RFr"),
    ("BA/RrG", "BA/Rr"),
    ("BB/CFR!G", "BB/CFR!"),
    ("DG/C.dG", "DG/C.d"),
    ("DG/Cc.pG", "DG/Cc.p"),
    ("KR/RCG", "KR/RC"),
    ("MW/CCRrG", "MW/CCRr.2"),
    ("HS/RR.hG", "HS/RR.h"),
    ("RI.1/IIG", "RI.1/II"),
    ("RI.2/IIG", "RI.2/II"),
    ("FL/F.dG", "FL/F.d"),
    ("BT/ffff.g.ac", "BT/ffff.ac"),
    ("BT/frrf.g.bt", "BT/frrf.bt"),
];

/// The garden tiles with a catalogue tile of their own (The Abbot's, `tiles/abbot.yaml`),
/// read as such in a game with the abbot: `(JCZ id, catalogue id)`, at the same rotation. A
/// test holds them against JCZ's tile definitions. The other sets' garden tiles are read as
/// their plain twins ([`GARDENS`]).
pub const GARDEN_TILES: &[(&str, &str)] = &[
    ("BA/CG", "EG"),
    ("BA/CFCG", "HG"),
    ("BA/CCG", "IG"),
    ("BA/Cc+G", "MG"),
    ("BA/CcG", "NG"),
    ("BA/CccG", "RG"),
    ("BA/RFrG", "UG"),
    ("BA/RrG", "VG"),
];

/// The catalogue's own tile for a JCZ garden tile, if it has one ([`GARDEN_TILES`]).
pub fn garden_tile(jcz: &str) -> Option<&'static str> {
    GARDEN_TILES.iter().find(|(j, _)| *j == jcz).map(|(_, o)| *o)
}

/// Tiles of the sets read that the referee does not model, each with why: a game placing
/// one is refused where it does. None now (`HS/CC!.v`, the last, is `HS02`: its city that
/// touches an edge it does not own is written `touches`).
pub const NOT_MODELLED: &[(&str, &str)] = &[];

/// The plain tile a garden tile is printed over, if the id is a garden tile's.
pub fn garden_of(jcz: &str) -> Option<&'static str> {
    GARDENS.iter().find(|(g, _)| *g == jcz).map(|(_, p)| *p)
}

/// The expansion whose tiles a JCZ tile set holds (a second edition's: its first's).
pub fn expansion_of(set: &str) -> Option<&'static str> {
    let first = SECOND_EDITIONS.iter().find(|(s, _)| *s == set).map_or(set, |(_, f)| *f);
    SETS.iter().find(|(s, _)| *s == first).map(|(_, x)| *x)
}

/// JCZ tile id, catalogue tile id, and the quarter turns (clockwise) from JCZ's orientation
/// to the catalogue's: a JCZ rotation of `R` degrees is the catalogue's `R - 90 × turns`.
pub const TILE_IDS: &[(&str, &str, u8)] = &[
    // The base game (`basic:1`).
    ("BA/LR", "A", 0),
    ("BA/L", "B", 0),
    ("BA/Cccc+", "C", 0),
    ("BA/RCr", "D", 0),
    ("BA/C", "E", 0),
    ("BA/CFc+", "F", 0),
    ("BA/CFc.1", "G", 0),
    ("BA/CFC.2", "H", 0),
    ("BA/CC.2", "I", 0),
    ("BA/CRr", "J", 0),
    ("BA/RrC", "K", 0),
    ("BA/CRRR", "L", 0),
    ("BA/Cc+", "M", 0),
    ("BA/Cc.1", "N", 0),
    ("BA/CcRr+", "O", 0),
    ("BA/CcRr", "P", 0),
    ("BA/Ccc+", "Q", 0),
    ("BA/Ccc", "R", 0),
    ("BA/CccR+", "S", 0),
    ("BA/CccR", "T", 0),
    ("BA/RFr", "U", 0),
    ("BA/Rr", "V", 0),
    ("BA/RRR", "W", 0),
    ("BA/RRRR", "X", 0),
    // Bridges, Castles and Bazaars (`bridges-castles-and-bazaars:1`).
    ("BB/Cccc.b", "BCB01", 0),
    ("BB/CCCR", "BCB02", 0),
    ("BB/CFc.b", "BCB03", 0),
    ("BB/LCFc", "BCB04", 0),
    ("BB/CFR.b", "BCB05", 0),
    ("BB/CFR!", "BCB06", 0),
    ("BB/F.b", "BCB07", 0),
    ("BB/R.bi", "BCB08", 0),
    ("BB/RFR.b", "BCB09", 0),
    ("BB/RFR.bi", "BCB10", 0),
    ("BB/LRFr", "BCB11", 0),
    // Inns and Cathedrals (`inns-and-cathedrals:1`): the catalogue's ids follow this set's order.
    ("IC/Cccc.c", "IC01", 0),
    ("IC/LRFR", "IC02", 0),
    ("IC/CCCC", "IC03", 0),
    ("IC/CCC", "IC04", 0),
    ("IC/CRCR", "IC05", 0),
    ("IC/CCc+", "IC06", 0),
    ("IC/C!", "IC07", 0),
    ("IC/CFR", "IC08", 0),
    ("IC/CcR", "IC09", 0),
    ("IC/CRcR+", "IC10", 0),
    ("IC/RCc.i", "IC11", 0),
    ("IC/RrC.i", "IC12", 0),
    ("IC/CcRr+.i", "IC13", 0),
    ("IC/RRR.i", "IC14", 0),
    ("IC/RFr.i", "IC15", 0),
    ("IC/Rr.i", "IC16", 0),
    ("IC/RrRr", "IC17", 0),
    // The Siege (`siege/besiegers`) and The Cathars (`siege/cathars`), in the sets' order.
    ("SI.BE/Ccc", "SG01", 0),
    ("SI.BE/CcR", "SG02", 0),
    ("SI.BE/CFR", "SG03", 0),
    ("SI.BE/CRr", "SG04", 0),
    ("SI.BE/RCc", "SG05", 0),
    ("SI.BE/RrC", "SG06", 0),
    ("SI.CA/C", "CA01", 0),
    ("SI.CA/RCr", "CA02", 0),
    ("SI.CA/Cc", "CA03", 0),
    ("SI.CA/CcRr", "CA04", 0),
    // Under the Big Top (`under-the-big-top:1`), in the set's order: BT01 to BT16.
    ("BT/ffff.ac", "BT01", 0),
    ("BT/ffrf.ac", "BT02", 0),
    ("BT/ffrr.ac", "BT03", 0),
    ("BT/rfrf.ac", "BT04", 0),
    ("BT/rrrf.ac", "BT05", 0),
    ("BT/ffrf.bt", "BT06", 0),
    ("BT/frrf.bt", "BT07", 0),
    ("BT/frfr.bt", "BT08", 0),
    ("BT/frrr.bt", "BT09", 0),
    ("BT/cfff.bt", "BT10", 0),
    ("BT/cffr.bt", "BT11", 0),
    ("BT/cfrf.bt", "BT12", 0),
    ("BT/crfr.bt", "BT13", 0),
    ("BT/cfcf.bt", "BT14", 0),
    ("BT/ccrf.bt", "BT15", 0),
    ("BT/crrc.bt", "BT16", 0),
    // Mage and Witch (`mage-and-witch:1`), in the set's order: MW01 to MW08.
    ("MW/CRRR.3", "MW01", 0),
    ("MW/CcRr.1", "MW02", 0),
    ("MW/CCCR.3", "MW03", 0),
    ("MW/CRcR", "MW04", 0),
    ("MW/CFC", "MW05", 0),
    ("MW/CccR.1", "MW06", 0),
    ("MW/CRRr.2", "MW07", 0),
    ("MW/CCRr.2", "MW08", 0),
    // The Watchtowers (`watchtowers`), in the set's order: WT01 to WT12.
    ("WT/CCRF_2T", "WT01", 0),
    ("WT/CFff_3C", "WT02", 0),
    ("WT/CFRF_1C", "WT03", 0),
    ("WT/CFRF_2M", "WT04", 0),
    ("WT/CRFR_1R", "WT05", 0),
    ("WT/CRRC_2M", "WT06", 0),
    ("WT/FCFC_1C", "WT07", 0),
    ("WT/FCRC_2T", "WT08", 0),
    ("WT/FfRC_1R", "WT09", 0),
    ("WT/FRFC_1C", "WT10", 0),
    ("WT/FRFR_3C", "WT11", 0),
    ("WT/FRRF_1R", "WT12", 0),
    // The Tower (`tower:1`): TW01 to TW17, the set's order but for TW13 and TW17 (see tiles/tower.yaml).
    ("TO/C", "TW01", 0),
    ("TO/F", "TW02", 0),
    ("TO/L", "TW03", 0),
    ("TO/RR", "TW04", 0),
    ("TO/RRR", "TW05", 0),
    ("TO/RrRr.2", "TW06", 0),
    ("TO/RRRR.1", "TW07", 0),
    ("TO/CRcr", "TW08", 0),
    ("TO/CFR", "TW09", 0),
    ("TO/RrC", "TW10", 0),
    ("TO/RCr", "TW11", 0),
    ("TO/Cc", "TW12", 0),
    ("TO/CRCr.2", "TW13", 0),
    ("TO/CccC+", "TW14", 0),
    ("TO/CcR!", "TW15", 0),
    ("TO/CccR", "TW16", 0),
    ("TO/CC.2", "TW17", 0),
    // Traders and Builders (`traders-and-builders:1`), in the set's order: TB01 to TB24.
    ("TB/Cc.g", "TB01", 0),
    ("TB/Cc.w", "TB02", 0),
    ("TB/CCc.c", "TB03", 0),
    ("TB/CCc.w", "TB04", 0),
    ("TB/Ccc.g", "TB05", 0),
    ("TB/CcCC.c", "TB06", 0),
    ("TB/CcRR!.c", "TB07", 0),
    ("TB/CcRR.w", "TB08", 0),
    ("TB/CcRC.c", "TB09", 0),
    ("TB/CcRC.g", "TB10", 0),
    ("TB/CcR.c", "TB11", 0),
    ("TB/CcR!.w", "TB12", 0),
    ("TB/CccR.w", "TB13", 0),
    ("TB/CcCc.w", "TB14", 0),
    ("TB/CFc.w", "TB15", 0),
    ("TB/CR", "TB16", 0),
    ("TB/CRc.g", "TB17", 0),
    ("TB/CRc.w", "TB18", 0),
    ("TB/CRcR.w", "TB19", 0),
    ("TB/LRRR", "TB20", 0),
    ("TB/RCc.g", "TB21", 0),
    ("TB/RCc!.g", "TB22", 0),
    ("TB/RRC", "TB23", 0),
    ("TB/RRrr", "TB24", 0),
    // Abbey and Mayor (`abbey-and-mayor:1`): AM03 and AM05 by the wiki's numbers, the others
    // in the set's order.
    ("AM/C++", "AM01", 0),
    ("AM/CCcc+", "AM02", 0),
    ("AM/CCc+", "AM03", 0),
    ("AM/CCRR", "AM04", 0),
    ("AM/C!+", "AM05", 0),
    ("AM/LRRRR", "AM06", 0),
    ("AM/RC", "AM07", 0),
    ("AM/CRr", "AM08", 0),
    ("AM/RrC", "AM09", 0),
    ("AM/R", "AM10", 0),
    ("AM/Rrr", "AM11", 0),
    ("AM/CRcr+", "AM12", 0),
    // The abbey: each player's, played instead of drawing.
    ("AM/A", "abbey", 0),
    // The Princess and the Dragon (`princess-and-dragon:1`): PD01 (the wiki's tile 01), then the
    // set's order.
    ("DG/CCc+.p", "PD01", 0),
    ("DG/F.v", "PD02", 0),
    ("DG/RrRr.g", "PD03", 0),
    ("DG/R.v", "PD04", 0),
    ("DG/C.d", "PD05", 0),
    ("DG/C.v", "PD06", 0),
    ("DG/LRRR.d", "PD07", 0),
    ("DG/RRR.d", "PD08", 0),
    ("DG/RRR.g", "PD09", 0),
    ("DG/CRRR.p", "PD10", 0),
    // Hills and Sheep (`hills-and-sheep:1`); `HS/CC!.v`'s east city touches the north edge
    // (JCZ's `multi-edge`, the catalogue's `touches`).
    ("HS/C!.v", "HS01", 0),
    ("HS/CC!.v", "HS02", 0),
    ("HS/Cc.h.1", "HS03", 0),
    ("HS/CC.h.2", "HS04", 0),
    ("HS/Cc.v", "HS05", 0),
    ("HS/CFC.h", "HS06", 0),
    ("HS/CFC.v", "HS07", 0),
    ("HS/CFR.h", "HS08", 0),
    ("HS/CRr.h", "HS09", 0),
    ("HS/LCRr", "HS10", 0),
    ("HS/LRrR", "HS11", 0),
    ("HS/RCC.v", "HS12", 0),
    ("HS/RFR.h", "HS13", 0),
    ("HS/RR.h", "HS14", 0),
    ("HS/RrC.h", "HS15", 0),
    ("HS/RRr.v", "HS16", 0),
    ("DG/Ccc.p", "PD11", 0),
    ("DG/Ccc+.g", "PD12", 0),
    ("DG/LCcc.d", "PD13", 0),
    ("DG/Rr.d", "PD14", 0),
    ("DG/Rr.v", "PD15", 0),
    ("DG/RFr.d", "PD16", 0),
    ("DG/RFr.v", "PD17", 0),
    ("DG/Cc!.p", "PD18", 0),
    ("DG/Cc.d", "PD19", 0),
    ("DG/Cc.p", "PD20", 0),
    ("DG/CC.v", "PD21", 0),
    ("DG/CFc+.d", "PD22", 0),
    ("DG/CcRr.p", "PD23", 0),
    ("DG/CcRr.g", "PD24", 0),
    ("DG/CRcr.d", "PD25", 0),
    ("DG/RrC.d", "PD26", 0),
    ("DG/RrC.g", "PD27", 0),
    ("DG/CRr.d", "PD28", 0),
    ("DG/CRr.g", "PD29", 0),
    // King and Robber (`king-and-robber:1`), in the set's order: KR01 to KR05.
    ("KR/LC", "KR01", 0),
    ("KR/RC", "KR02", 0),
    ("KR/CRrR", "KR03", 0),
    ("KR/CcRR!", "KR04", 0),
    ("KR/CCcc", "KR05", 0),
    // The River (`river/1:1`): the spring (in both river sets), then R101 to R111 in the
    // set's order.
    ("RI/s", "RS", 0),
    ("RI.1/I.e", "R101", 0),
    ("RI.1/CICI", "R102", 0),
    ("RI.1/CIRI", "R103", 0),
    ("RI.1/LIRI", "R104", 0),
    ("RI.1/RIrI", "R105", 0),
    ("RI.1/IFI", "R106", 0),
    ("RI.1/CcII", "R107", 0),
    ("RI.1/RrII", "R108", 0),
    ("RI.1/II", "R109", 0),
    // The River II (`river/2:1`): R201 to R211 in the set's order.
    ("RI.2/IFC", "R201", 0),
    ("RI.2/I.v", "R202", 0),
    ("RI.2/III", "R203", 0),
    ("RI.2/CIcI", "R204", 0),
    ("RI.2/LIFI", "R205", 0),
    ("RI.2/RIrI", "R206", 0),
    ("RI.2/CIRI", "R207", 0),
    ("RI.2/II", "R208", 0),
    ("RI.2/CcII+", "R209", 0),
    ("RI.2/II+", "R210", 0),
    ("RI.2/RrII", "R211", 0),
    // The Monasteries (`monasteries`): MO1 to MO6 in the set's order.
    ("MO/M1", "MO1", 0),
    ("MO/M2", "MO2", 0),
    ("MO/M3", "MO3", 0),
    ("MO/M4", "MO4", 0),
    ("MO/MR1", "MO5", 0),
    ("MO/MR2", "MO6", 0),
    // The Flying Machines (`flier:1`): FL1 to FL8 in the set's order.
    ("FL/F.d", "FL1", 0),
    ("FL/F.o", "FL2", 0),
    ("FL/RFr.d", "FL3", 0),
    ("FL/RFr.NS.o", "FL4", 0),
    ("FL/RFr.WE.o", "FL5", 0),
    ("FL/Rr.d", "FL6", 0),
    ("FL/Rr.NW.o", "FL7", 0),
    ("FL/Rr.SW.o", "FL8", 0),
    // The Count (`count`): the twelve tiles of the city of Carcassonne, the starting board.
    ("CO/1", "CO01", 0),
    ("CO/2", "CO02", 0),
    ("CO/3", "CO03", 0),
    ("CO/4", "CO04", 0),
    ("CO/5", "CO05", 0),
    ("CO/6", "CO06", 0),
    ("CO/7", "CO07", 0),
    ("CO/8", "CO08", 0),
    ("CO/9", "CO09", 0),
    ("CO/10", "CO10", 0),
    ("CO/11", "CO11", 0),
    ("CO/12", "CO12", 0),
];

/// The JCZ id of the abbey (Abbey and Mayor): no tile drawn, but each player's own.
pub const ABBEY: &str = "AM/A";

/// The catalogue tile and quarter turns for a JCZ tile id.
pub fn ours(jcz: &str) -> Option<(&'static str, u8)> {
    let jcz = garden_of(jcz).unwrap_or(jcz);
    TILE_IDS.iter().find(|(j, _, _)| *j == jcz).map(|(_, o, q)| (*o, *q))
}

/// The JCZ id of a catalogue tile (the first, when several share a layout; a garden tile's
/// own).
pub fn theirs(ours: &str) -> Option<&'static str> {
    (TILE_IDS.iter().find(|(_, o, _)| *o == ours).map(|(j, _, _)| *j))
        .or_else(|| GARDEN_TILES.iter().find(|(_, o)| *o == ours).map(|(j, _)| *j))
}
