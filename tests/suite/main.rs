//! The one integration-test binary (one link step, not one per file). Each module says what
//! belongs in it.

/// Bad input of every kind: diagnostics, never panics.
mod bad_input;
/// `referee bench`: what it plays and the shape of its figures (never timed).
mod bench;
/// `referee serve` in a real browser (ignored unless chromium is at hand: `.ci/run`).
mod browser;
/// The `referee` binary: exit codes, output shapes, help.
mod cli;
/// The built-in data: rule catalogue, profiles and tile catalogue against the reference facts.
mod data;
/// The builder's double turn against the bazaar: both orders on one board (issue 14).
mod double_turn;
/// The first edition's three farm rules: compare and explain (issue 16).
mod farms;
/// Hostile files and streams: huge, looping, special, unwritable; a time limit on each run.
mod hostile_files;
/// Input from strangers in every output: nothing raw on a terminal, markdown and SVG intact.
mod hostile_output;
/// Hostile YAML: located diagnostics for whatever the reader meets, bounded work.
mod hostile_yaml;
/// JCloisterZone saved games: import, engine-test sentences, the tile-id table.
mod jcz;
/// Seeded random legal games: invariants that hold in every game.
mod properties;
/// One test per defect found (named after what it shows; `See: issue #N`).
mod regression;
/// The pictures of the board (`referee render`, text and SVG): what they draw, read back.
mod render;
/// Every scenario under scenarios/ against each ruleset it names: expectations and snapshots.
mod scenarios;
/// `referee serve`: its JSON API over HTTP against the CLI, and what it refuses.
mod serve;
/// Legal moves written back as scenario turns (`scenario::write`) and read back the same.
mod write;

/// Shared helpers.
mod util;
mod words;
