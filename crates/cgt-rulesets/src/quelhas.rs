//! Quelhas: Domineering with lines of any length. Left fills a vertical
//! line of two or more empty cells of one column, Right a horizontal line
//! of two or more empty cells of one row; who cannot move loses
//! (cgt-tools' `Quelhas`, in its `misere` module as a dead-ending game, and
//! the moves of its playable Quelhas widget; cgt evaluates it in normal
//! play, and `cgt eval --misere` plays it misère).
//!
//! A position is written as for Domineering, row by row, rows separated by
//! `|`: `.` an empty cell, `#` a filled one; at most 64 cells. A board
//! splits into its orthogonally connected empty regions; a cell with no
//! empty neighbour can never be filled and is dropped; a region is trimmed
//! and kept in the least of its forms under the reflections that keep
//! rows rows (a transposition would swap the players).
//!
//! # Example
//! A column of n cells is Left's alone; filling two cells at a time gives
//! her the most moves in it, so it is the integer ⌊n/2⌋, as in Domineering.
//! A 2 × 2 square is a hot game: whoever moves first takes a line and
//! leaves a line of two for herself.
//! ```
//! use cgt_core::canonical::GameStore;
//! use cgt_core::partizan::ValueMemo;
//! use cgt_rulesets::quelhas::Quelhas;
//!
//! let mut store = GameStore::new();
//! let mut memo = ValueMemo::new(Quelhas);
//! let value = memo.value(&mut store, &Quelhas::parse(".|.|.|.")?).expect("small");
//! assert_eq!(store.display(value), "2");
//! let value = memo.value(&mut store, &Quelhas::parse("..|..")?).expect("small");
//! assert_eq!(store.display(value), "+-1");
//! # Ok::<(), cgt_rulesets::ParseError>(())
//! ```

use crate::board::{Form, ORTHOGONAL, neighbours};
use crate::cram::Cells;
use crate::parse::ParseError;
use cgt_core::outcome::Side;
use cgt_core::partizan::PartizanGame;

/// The rules of Quelhas; positions are Cram's [`Cells`].
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Quelhas;

impl Quelhas {
    /// Reads a board: rows of `.` (empty) and `#` (filled) separated by
    /// `|`, all of one length, at most 64 cells; whitespace is skipped.
    ///
    /// # Example
    /// ```
    /// use cgt_rulesets::quelhas::Quelhas;
    /// assert_eq!(Quelhas::parse("..#|...")?.to_string(), "..#|...");
    /// assert_eq!(Quelhas::parse("..|.x").unwrap_err().position(), 4);
    /// # Ok::<(), cgt_rulesets::ParseError>(())
    /// ```
    pub fn parse(text: &str) -> Result<Cells, ParseError> {
        Cells::parse(text)
    }
}

impl PartizanGame for Quelhas {
    type Position = Cells;

    /// Left fills each vertical line of two or more empty cells, Right each
    /// horizontal one.
    fn options(&self, cells: &Cells, side: Side, out: &mut Vec<Cells>) {
        let (rows, cols) = (cells.rows(), cells.cols());
        let empty = cells.sets()[0];
        let (length, step, count) = match side {
            Side::Left => (rows, cols, cols),
            Side::Right => (cols, 1, rows),
        };
        // Lines: column c (Left) or row c (Right), cells `c*other + i*step`.
        let other = if side == Side::Left { 1 } else { cols };
        for line in 0..count {
            let cell = |i: usize| line * other + i * step;
            for start in 0..length {
                let mut filled = 0u64;
                for end in start..length {
                    let bit = 1u64 << cell(end);
                    if empty & bit == 0 {
                        break;
                    }
                    filled |= bit;
                    if end > start {
                        let left = empty & !filled;
                        // Cells with no empty neighbour can never be filled.
                        let live = left & neighbours(left, rows, cols);
                        out.push(cells.normalised(live, false));
                    }
                }
            }
        }
    }

    /// The orthogonally connected empty regions of two or more cells, each
    /// trimmed and in its least form.
    fn components(&self, cells: &Cells, parts: &mut Vec<Cells>) {
        let two_or_more = |region: u64| region & (region - 1) != 0;
        cells.split(
            cells.sets()[0],
            &ORTHOGONAL,
            Form::LeastReflection,
            two_or_more,
            parts,
        );
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::testing::options;

    #[test]
    fn lines_of_two_or_more() {
        let board = Quelhas::parse("...|..#").expect("a board");
        // Left: the two columns of two (the lone cell left at the top
        // right of the second is dropped).
        assert_eq!(options(&Quelhas, &board, Side::Left), ["..|.#", ".|."]);
        // Right: the three lines of the top row, then the pair below.
        assert_eq!(
            options(&Quelhas, &board, Side::Right),
            ["..", "..", "..|.#", "..."]
        );
    }
}
