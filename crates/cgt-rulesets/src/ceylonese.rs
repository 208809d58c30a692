//! Ceylonese Fox and Geese: [Fox and Geese](crate::fox_and_geese) with a
//! fox that may move up to two squares in one diagonal direction, never
//! over a goose (CGSuite's `game.grid.CeyloneseFoxAndGeese`, defined there
//! as `GenFoxAndGeese(foxRange => 2)`; *Winning Ways*, ch. 20).
//!
//! Everything else is Fox and Geese's: the board 8 columns wide and
//! unbounded upward, the geese one step diagonally down, the positions
//! written `(row,column)` for the geese, `;`, the fox's; the fox past the
//! geese is `off` (the geese cannot come back up, so the fox's range
//! changes nothing there). Loopy: the fox may come back to a square.
//!
//! # Example
//! CGSuite's value of `CeyloneseFoxAndGeese({(4,2),(4,4),(4,6),(4,8)},
//! (1,1)).GameValue`, as its library's test states it (Fox and Geese's
//! is `{4*|7/2}`).
//! ```
//! use cgt_core::canonical::GameStore;
//! use cgt_core::loopy_partizan::{LoopyValue, StopperStore};
//! use cgt_rulesets::ceylonese::CeyloneseFoxAndGeese;
//!
//! let position = CeyloneseFoxAndGeese::parse("(4,2),(4,4),(4,6),(4,8);(1,1)")?;
//! let game = CeyloneseFoxAndGeese::game_graph(&position).expect("small");
//! let (mut stoppers, mut store) = (StopperStore::new(), GameStore::new());
//! let value = stoppers.stopper(game.graph(), 0).expect("a stopper");
//! let cgsuite = stoppers.parse(&mut store, "{9||4v[on]*|5/2*|||3|5/2*,5/2v||5/2}")?;
//! assert_eq!(cgsuite, LoopyValue::Stopper(value));
//! # Ok::<(), cgt_rulesets::ParseError>(())
//! ```

use crate::fox_and_geese::{FoxAndGeese, Node, Position};
use crate::loopy::{MAX_POSITIONS, PositionGraph};
use crate::parse::ParseError;
use cgt_core::loopy_partizan::LoopyError;
use cgt_core::outcome::Side;

/// How far the Ceylonese fox moves in one direction.
const FOX_RANGE: u8 = 2;

/// The rules of Ceylonese Fox and Geese; positions are Fox and Geese's
/// [`Position`]s.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct CeyloneseFoxAndGeese;

impl CeyloneseFoxAndGeese {
    /// Reads a position as [`FoxAndGeese::parse`] does.
    ///
    /// # Errors
    /// [`FoxAndGeese::parse`]'s, at the place they are written.
    pub fn parse(text: &str) -> Result<Position, ParseError> {
        FoxAndGeese::parse(text)
    }

    /// Pushes onto `out` the positions `side` can move to: Left's as in
    /// Fox and Geese; Right's, the fox one or two squares down left, down
    /// right, up left, up right (nearest first), stopped by a goose or the
    /// board's edge.
    ///
    /// # Example
    /// ```
    /// use cgt_core::outcome::Side;
    /// use cgt_rulesets::ceylonese::CeyloneseFoxAndGeese;
    /// let position = CeyloneseFoxAndGeese::parse("(3,1),(4,4);(2,2)")?;
    /// let mut out = Vec::new();
    /// CeyloneseFoxAndGeese::moves(&position, Side::Right, &mut out);
    /// let texts: Vec<String> = out.iter().map(|p| p.to_string()).collect();
    /// assert_eq!(texts, ["(3,1),(4,4);(1,1)", "(3,1),(4,4);(1,3)", "(3,1),(4,4);(3,3)"]);
    /// # Ok::<(), cgt_rulesets::ParseError>(())
    /// ```
    pub fn moves(position: &Position, side: Side, out: &mut Vec<Position>) {
        FoxAndGeese::moves_in_range(position, side, FOX_RANGE, out);
    }

    /// The game graph of every node reachable from `start` (position 0),
    /// at most [`MAX_POSITIONS`] positions, as
    /// [`FoxAndGeese::game_graph`] builds it.
    ///
    /// # Errors
    /// [`LoopyError::TooLarge`] if more nodes are reachable.
    pub fn game_graph(start: &Position) -> Result<PositionGraph<Node>, LoopyError> {
        FoxAndGeese::game_graph_in_range(start, FOX_RANGE, MAX_POSITIONS)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::collections::BTreeSet;

    /// A position as plain numbers: the geese's squares and the fox's.
    type Plain = (BTreeSet<(i64, i64)>, (i64, i64));

    fn plain(p: &Position) -> Plain {
        let square = |s: crate::fox_and_geese::Square| (i64::from(s.row()), i64::from(s.col()));
        (
            p.geese().iter().map(|&g| square(g)).collect(),
            square(p.fox()),
        )
    }

    /// The fox's moves from the rules: each of the four diagonal
    /// directions, one or two squares, on the board (row at least 1,
    /// column 1 to 8), never onto or over a goose.
    fn fox_moves((geese, fox): &Plain) -> BTreeSet<(i64, i64)> {
        let mut out = BTreeSet::new();
        for (dr, dc) in [(-1, -1), (-1, 1), (1, -1), (1, 1)] {
            for k in 1..=2 {
                let to = (fox.0 + dr * k, fox.1 + dc * k);
                if to.0 < 1 || !(1..=8).contains(&to.1) || geese.contains(&to) {
                    break;
                }
                out.insert(to);
            }
        }
        out
    }

    #[test]
    fn the_fox_moves_one_or_two_squares_by_the_rules() {
        for text in [
            "(3,1),(3,3),(3,5),(3,7);(1,5)",
            "(4,2),(4,4),(4,6),(4,8);(1,1)",
            "(5,1),(4,4),(2,8);(1,3)",
            "(6,2),(5,5),(3,3);(4,4)",
            "(2,2);(1,1)",
        ] {
            let position = CeyloneseFoxAndGeese::parse(text).expect("reads");
            let mut out = Vec::new();
            CeyloneseFoxAndGeese::moves(&position, Side::Right, &mut out);
            let got: BTreeSet<_> = out.iter().map(|p| plain(p).1).collect();
            assert_eq!(got.len(), out.len(), "{text}: one move per square");
            assert_eq!(got, fox_moves(&plain(&position)), "{text}");
            let mut geese = Vec::new();
            CeyloneseFoxAndGeese::moves(&position, Side::Left, &mut geese);
            let mut plain_geese = Vec::new();
            FoxAndGeese::moves(&position, Side::Left, &mut plain_geese);
            assert_eq!(
                geese, plain_geese,
                "{text}: the geese move as in Fox and Geese"
            );
        }
    }
}
