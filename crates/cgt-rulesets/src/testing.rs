//! What the rulesets' unit tests share: a position's options and parts as
//! written.

use cgt_core::outcome::Side;
use cgt_core::partizan::PartizanGame;
use std::fmt::Display;

/// The options of `side` from `position`, as written, in the order the
/// game gives them.
pub(crate) fn options<G>(game: &G, position: &G::Position, side: Side) -> Vec<String>
where
    G: PartizanGame,
    G::Position: Display,
{
    let mut out = Vec::new();
    game.options(position, side, &mut out);
    out.iter().map(ToString::to_string).collect()
}

/// The components of `position`, as written (none when it does not
/// split).
pub(crate) fn parts<G>(game: &G, position: &G::Position) -> Vec<String>
where
    G: PartizanGame,
    G::Position: Display,
{
    let mut out = Vec::new();
    game.components(position, &mut out);
    out.iter().map(ToString::to_string).collect()
}
