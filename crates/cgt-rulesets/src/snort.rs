//! Snort: players take turns colouring an uncoloured vertex of a graph,
//! Left blue and Right red, never next to a vertex of the other colour
//! (*Winning Ways*, ch. 6; CGSuite's `game.graph.Snort`).
//!
//! Positions are those of [`Col`](crate::col): a coloured vertex is
//! removed and tints its uncoloured neighbours, `L` an uncoloured vertex
//! next to one of Left's (so, in Snort, only Left may colour it), `R` next
//! to one of Right's, `.` neither; colouring a vertex tints its untinted
//! neighbours with the mover's colour and removes the neighbours tinted
//! with the other colour (nobody may colour them). A position is a graph
//! string ([`crate::graph`]) of `.`, `L` and `R` vertices and `-` edges, at
//! most 64 vertices. The connected components are independent games.
//!
//! # Example
//! CGSuite's examples.
//! ```
//! use cgt_core::canonical::GameStore;
//! use cgt_core::partizan::ValueMemo;
//! use cgt_rulesets::snort::Snort;
//!
//! let mut store = GameStore::new();
//! let mut memo = ValueMemo::new(Snort);
//! let value = memo.value(&mut store, &Snort::parse("L-.-.-.-L")?).expect("small");
//! assert_eq!(store.display(value), "{4|0,+-1}");
//! let value = memo.value(&mut store, &Snort::parse(".-.-.(-.;-.)")?).expect("small");
//! assert_eq!(store.display(value), "+-{3|2}");
//! # Ok::<(), cgt_rulesets::ParseError>(())
//! ```

use crate::col::{Tint, Tinted, colourings, parse_tinted};
use crate::parse::ParseError;
use cgt_core::outcome::Side;
use cgt_core::partizan::PartizanGame;

/// The rules of Snort; positions are [`Tinted`] graphs.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Snort;

impl Snort {
    /// Reads a position: a graph string of `.` (untinted), `L` (next to
    /// Left's colour: only Left may colour it) and `R` vertices and `-`
    /// edges, at most 64 vertices (see [`crate::graph`]).
    ///
    /// # Example
    /// ```
    /// use cgt_rulesets::snort::Snort;
    /// assert_eq!(Snort::parse(":A-.-.-:A")?.len(), 3);
    /// assert_eq!(Snort::parse("L-X").unwrap_err().position(), 2);
    /// # Ok::<(), cgt_rulesets::ParseError>(())
    /// ```
    pub fn parse(text: &str) -> Result<Tinted, ParseError> {
        parse_tinted(text)
    }
}

impl PartizanGame for Snort {
    type Position = Tinted;

    fn options(&self, graph: &Tinted, side: Side, out: &mut Vec<Tinted>) {
        let theirs = match side {
            Side::Left => Tint::Right,
            Side::Right => Tint::Left,
        };
        colourings(graph, side, |t| t != theirs, out);
    }

    fn components(&self, graph: &Tinted, parts: &mut Vec<Tinted>) {
        graph.split(parts, |_| true);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::testing::options;

    #[test]
    fn snort_colours_next_to_its_own() {
        let graph = Snort::parse("L-.-R").expect("a path");
        // Left colours `L` (tinting `.`) or `.` (removing `R`).
        let left = options(&Snort, &graph, Side::Left);
        assert_eq!(left, ["L:{0}-R:{1}", "L:{0}"]);
    }
}
