//! Clobber: Left's stones `x`, Right's `o`; a move takes one of your stones
//! onto an orthogonally adjacent stone of the opponent's, which is removed
//! (clobbered) ("Clobber", Albert, Grossman, Nowakowski and Wolfe, 2005).
//!
//! A position is written row by row, rows separated by `|`: `x` Left's
//! stone, `o` Right's, `.` an empty cell. Boards have at most 64 cells.
//!
//! Stones that do not touch are independent: the board splits into its
//! orthogonally connected groups of stones
//! ([`PartizanGame::components`](cgt_core::partizan::PartizanGame)), a
//! group of one colour (no move in it) is 0 and left out, and each group is
//! trimmed and put in the least of its eight forms under the symmetries of
//! the square (every one keeps the rules).
//!
//! # Example
//! ```
//! use cgt_core::outcome::Outcome;
//! use cgt_core::partizan::OutcomeMemo;
//! use cgt_rulesets::clobber::Clobber;
//!
//! let mut memo = OutcomeMemo::new(Clobber);
//! // `xo` is *: whoever moves first clobbers and wins.
//! assert_eq!(memo.outcome(&Clobber::parse("xo")?), Outcome::N);
//! // `xxo` is {0 | *} = ↑, above 0: Left wins.
//! assert_eq!(memo.outcome(&Clobber::parse("xxo")?), Outcome::L);
//! # Ok::<(), cgt_rulesets::ParseError>(())
//! ```
//!
//! CGSuite's example, a 2 × 3 board, valued in canonical form:
//! ```
//! use cgt_core::canonical::GameStore;
//! use cgt_core::partizan::ValueMemo;
//! use cgt_rulesets::clobber::Clobber;
//!
//! let mut store = GameStore::new();
//! let value = ValueMemo::new(Clobber)
//!     .value(&mut store, &Clobber::parse("xox|ox.")?)
//!     .expect("a small value");
//! assert_eq!(store.display(value), "{^^*|*,v}");
//! # Ok::<(), cgt_rulesets::ParseError>(())
//! ```

use crate::board::{Board, Form, ORTHOGONAL, XO, neighbours};
use crate::parse::ParseError;
use cgt_core::outcome::Side;
use cgt_core::partizan::PartizanGame;

/// The rules of Clobber; positions are [`Stones`].
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Clobber;

/// A Clobber board: its size and the cells of Left's stones `x` and
/// Right's `o`, the two sets of its [`Board`].
pub type Stones = Board<2, XO>;

impl Clobber {
    /// Reads a board: rows of `x` (Left's stones), `o` (Right's) and `.`
    /// (empty) separated by `|`, all of one length, at most 64 cells;
    /// whitespace is skipped.
    ///
    /// # Example
    /// ```
    /// use cgt_core::outcome::Side;
    /// use cgt_rulesets::clobber::Clobber;
    /// let board = Clobber::parse("xo.|oxx")?;
    /// assert_eq!(board.stone(1, 0), Some(Side::Right));
    /// assert_eq!(board.stone(0, 2), None);
    /// assert_eq!(board.to_string(), "xo.|oxx");
    /// # Ok::<(), cgt_rulesets::ParseError>(())
    /// ```
    pub fn parse(text: &str) -> Result<Stones, ParseError> {
        Stones::parse(text)
    }
}

impl PartizanGame for Clobber {
    type Position = Stones;

    fn options(&self, board: &Stones, side: Side, out: &mut Vec<Stones>) {
        let (rows, cols) = (board.rows(), board.cols());
        let (mine, theirs) = board.sides(side);
        let mut from = mine & neighbours(theirs, rows, cols);
        while from != 0 {
            let cell = from.trailing_zeros() as usize;
            from &= from - 1;
            let mut to = neighbours(1 << cell, rows, cols) & theirs;
            while to != 0 {
                let target = to & to.wrapping_neg();
                to &= to - 1;
                let (mine, theirs) = ((mine & !(1 << cell)) | target, theirs & !target);
                out.push(board.with_sides(side, mine, theirs));
            }
        }
    }

    fn components(&self, board: &Stones, parts: &mut Vec<Stones>) {
        let (left, right) = (board.left(), board.right());
        // A group of one colour has no move: it is 0.
        let both_colours = |group: u64| group & left != 0 && group & right != 0;
        board.split(
            left | right,
            &ORTHOGONAL,
            Form::LeastSymmetry,
            both_colours,
            parts,
        );
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn strings(positions: &[Stones]) -> Vec<String> {
        positions.iter().map(Stones::to_string).collect()
    }

    #[test]
    fn moves_clobber_an_adjacent_stone() {
        let board = Clobber::parse("xo.|oxx").expect("a board");
        let mut out = Vec::new();
        Clobber.options(&board, Side::Left, &mut out);
        assert_eq!(strings(&out), [".x.|oxx", ".o.|xxx", "xx.|o.x", "xo.|x.x"]);
        out.clear();
        Clobber.options(&board, Side::Right, &mut out);
        assert_eq!(strings(&out), ["o..|oxx", "x..|oox", "oo.|.xx", "xo.|.ox"]);
    }

    #[test]
    fn components_are_groups_with_both_colours() {
        let board = Clobber::parse("xo..x|....o|oo...").expect("a board");
        let mut parts = Vec::new();
        Clobber.components(&board, &mut parts);
        // `xo` on top and the column `x`/`o` on the right; `oo` has no move.
        assert_eq!(parts.len(), 2);
        for part in &parts {
            let mut again = Vec::new();
            Clobber.components(part, &mut again);
            assert!(again.is_empty(), "{part} is normalised");
        }
    }

    #[test]
    fn bad_boards_are_rejected_with_the_place() {
        let error = Clobber::parse("xo|x#").expect_err("a bad cell");
        assert_eq!(error.position(), 4);
        assert!(
            error
                .to_string()
                .contains("expected 'x', 'o', '.' or '|', found '#'")
        );
    }
}
