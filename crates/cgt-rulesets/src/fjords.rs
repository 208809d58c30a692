//! Fjords: a colouring game on a graph in which a player may colour only
//! a vertex next to their own colour (CGSuite's `game.graph.Fjords`,
//! defined there as `GenCol([Left], [Right])`: Left may colour only a
//! vertex labelled `L`, Right only one labelled `R`).
//!
//! Positions are those of [`Col`](crate::col) and
//! [`Snort`](crate::snort): a coloured vertex is removed and tints its
//! uncoloured neighbours, `L` an uncoloured vertex next to one of Left's,
//! `R` next to one of Right's, `.` neither. Colouring a vertex tints its
//! untinted neighbours with the mover's colour and removes the neighbours
//! tinted with the other colour (next to both colours, nobody may colour
//! them). A `.` vertex is nobody's until a neighbour is coloured. A
//! position is a graph string ([`crate::graph`]) of `.`, `L` and `R`
//! vertices and `-` edges, at most 64 vertices. The connected components
//! are independent games.
//!
//! # Example
//! Values worked out by hand from the rules.
//! ```
//! use cgt_core::canonical::GameStore;
//! use cgt_core::partizan::ValueMemo;
//! use cgt_rulesets::fjords::Fjords;
//!
//! let mut store = GameStore::new();
//! let mut memo = ValueMemo::new(Fjords);
//! // Left colours `L`, which tints `.` for her: two moves, Right none.
//! let value = memo.value(&mut store, &Fjords::parse("L-.")?).expect("small");
//! assert_eq!(store.display(value), "2");
//! // Whoever colours first removes the other's vertex.
//! let value = memo.value(&mut store, &Fjords::parse("L-R")?).expect("small");
//! assert_eq!(store.display(value), "*");
//! // Nobody may colour an untinted vertex.
//! let value = memo.value(&mut store, &Fjords::parse(".-.")?).expect("small");
//! assert_eq!(store.display(value), "0");
//! # Ok::<(), cgt_rulesets::ParseError>(())
//! ```

use crate::col::{Tint, Tinted, colourings, parse_tinted};
use crate::parse::ParseError;
use cgt_core::outcome::Side;
use cgt_core::partizan::PartizanGame;

/// The rules of Fjords; positions are [`Tinted`] graphs.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Fjords;

impl Fjords {
    /// Reads a position: a graph string of `.` (untinted), `L` (next to
    /// Left's colour: only Left may colour it) and `R` vertices and `-`
    /// edges, at most 64 vertices (see [`crate::graph`]).
    ///
    /// # Example
    /// ```
    /// use cgt_rulesets::fjords::Fjords;
    /// assert_eq!(Fjords::parse("L-.-R")?.len(), 3);
    /// assert_eq!(Fjords::parse("L-X").unwrap_err().position(), 2);
    /// # Ok::<(), cgt_rulesets::ParseError>(())
    /// ```
    pub fn parse(text: &str) -> Result<Tinted, ParseError> {
        parse_tinted(text)
    }
}

impl PartizanGame for Fjords {
    type Position = Tinted;

    fn options(&self, graph: &Tinted, side: Side, out: &mut Vec<Tinted>) {
        let mine = match side {
            Side::Left => Tint::Left,
            Side::Right => Tint::Right,
        };
        colourings(graph, side, |t| t == mine, out);
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
    fn fjords_colours_only_its_own_tint() {
        let graph = Fjords::parse("L-.-R").expect("a path");
        // Left colours `L` only, tinting `.` for herself.
        assert_eq!(options(&Fjords, &graph, Side::Left), ["L:{0}-R:{1}"]);
        assert_eq!(options(&Fjords, &graph, Side::Right), ["L:{0}-R:{1}"]);
        assert!(options(&Fjords, &Fjords::parse(".-.").expect("a path"), Side::Left).is_empty());
    }
}
