//! Cram: impartial Domineering. Either player places a domino on two
//! orthogonally adjacent empty cells, vertically or horizontally; who
//! cannot place one loses (Gardner, 1974; *Winning Ways*, ch. 7; CGSuite's
//! `game.grid.Cram`, the impartial variant of its Domineering).
//!
//! A position is written as for Domineering, row by row, rows separated by
//! `|`: `.` an empty cell, `#` a filled one. Boards have at most 64 cells.
//!
//! Every position is a nimber `*g`, g its Grundy value. [`Cram`] is an
//! [`ImpartialGame`] whose board splits into its orthogonally connected
//! empty regions ([`ImpartialGame::components`]; the Grundy value of a sum
//! is the XOR of the values, and that split is where the speed is), valued
//! by the Grundy search in `cgt eval`; it is also a [`PartizanGame`]
//! whose two players have the same moves, so its canonical forms can be
//! checked to be those nimbers. After a move, cells with no empty neighbour are dropped, and a
//! board or region is trimmed to its empty cells and put in the least of
//! its eight forms under the symmetries of the square (all keep the rules:
//! both orientations are everyone's). The tests check the values against a
//! plain mex search of the rules.
//!
//! # Example
//! ```
//! use cgt_core::canonical::GameStore;
//! use cgt_core::impartial::GrundyMemo;
//! use cgt_core::partizan::ValueMemo;
//! use cgt_rulesets::cram::Cram;
//!
//! let mut store = GameStore::new();
//! let mut memo = ValueMemo::new(Cram);
//! // A 2 × 2 square: a domino leaves a domino's place, so one move is
//! // left whatever the first: the value is 0.
//! let square = Cram::parse("..|..")?;
//! let value = memo.value(&mut store, &square).expect("a small value");
//! assert_eq!(store.display(value), "0");
//! // A 1 × 3 strip is *1. On a 2 × 4 board the second player answers each
//! // domino with its image through the centre, which never overlaps it:
//! // the value is 0.
//! let strip = Cram::parse("...")?;
//! let value = memo.value(&mut store, &strip).expect("a small value");
//! assert_eq!(store.display(value), "*");
//! let board = Cram::parse("....|....")?;
//! let value = memo.value(&mut store, &board).expect("a small value");
//! assert_eq!(store.display(value), "0");
//! // A row of 9 with one cell hanging below its third: *4.
//! let board = Cram::parse(".........|##.######")?;
//! let value = memo.value(&mut store, &board).expect("a small value");
//! assert_eq!(store.display(value), "*4");
//! // The Grundy search of the moves alone agrees.
//! let mut grundy = GrundyMemo::new(Cram);
//! assert_eq!(grundy.grundy(&Cram::parse("....")?).value(), 2);
//! # Ok::<(), cgt_rulesets::ParseError>(())
//! ```

use crate::board::{self, Board, EmptyOrFilled, Form, ORTHOGONAL, neighbours};
use crate::parse::ParseError;
use cgt_core::impartial::ImpartialGame;
use cgt_core::outcome::Side;
use cgt_core::partizan::PartizanGame;

/// The rules of Cram; positions are [`Cells`].
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Cram;

/// A Cram board: its size and its empty cells, the one set of its
/// [`Board`] (`.` empty, `#` filled).
pub type Cells = Board<1, EmptyOrFilled>;

impl Cells {
    /// Whether cell (`row`, `col`) is empty (false outside the board).
    pub fn is_empty(&self, row: usize, col: usize) -> bool {
        self.has(0, row, col)
    }

    /// The empty cells.
    fn empty(&self) -> u64 {
        self.sets()[0]
    }

    /// Cells where a horizontal domino may have its left half (`across`)
    /// or a vertical one its top half.
    fn starts(&self, across: bool) -> u64 {
        let (rows, cols, empty) = (self.rows(), self.cols(), self.empty());
        if across {
            if cols == 0 {
                return 0;
            }
            empty & (empty >> 1) & !board::column(rows, cols, cols - 1)
        } else {
            empty & board::shr(empty, cols)
        }
    }
}

impl Cram {
    /// Reads a board: rows of `.` (empty) and `#` (filled) separated by
    /// `|`, all of one length, at most 64 cells; whitespace is skipped.
    ///
    /// # Example
    /// ```
    /// use cgt_rulesets::cram::Cram;
    /// let board = Cram::parse("..#|...")?;
    /// assert!(!board.is_empty(0, 2));
    /// assert_eq!(board.to_string(), "..#|...");
    /// assert_eq!(Cram::parse("..|.o").unwrap_err().position(), 4);
    /// # Ok::<(), cgt_rulesets::ParseError>(())
    /// ```
    pub fn parse(text: &str) -> Result<Cells, ParseError> {
        Cells::parse(text)
    }
}

impl ImpartialGame for Cram {
    type Position = Cells;

    fn options(&self, cells: &Cells, out: &mut Vec<Cells>) {
        let (rows, cols) = (cells.rows(), cells.cols());
        for (across, step) in [(false, cols), (true, 1)] {
            let mut moves = cells.starts(across);
            while moves != 0 {
                let cell = moves.trailing_zeros() as usize;
                moves &= moves - 1;
                let empty = cells.empty() & !(1 << cell | 1 << (cell + step));
                // Cells with no empty neighbour can never be covered.
                let live = empty & neighbours(empty, rows, cols);
                out.push(cells.normalised(live, true));
            }
        }
    }

    /// The orthogonally connected empty regions (a lone cell, which takes
    /// no domino, is left out), each trimmed and in its least form.
    fn components(&self, cells: &Cells, parts: &mut Vec<Cells>) {
        let two_or_more = |region: u64| region & (region - 1) != 0;
        cells.split(
            cells.empty(),
            &ORTHOGONAL,
            Form::LeastSymmetry,
            two_or_more,
            parts,
        );
    }
}

impl PartizanGame for Cram {
    type Position = Cells;

    /// Both players have the moves of the [`ImpartialGame`].
    fn options(&self, cells: &Cells, _: Side, out: &mut Vec<Cells>) {
        ImpartialGame::options(self, cells, out);
    }

    /// The regions of the [`ImpartialGame`] split.
    fn components(&self, cells: &Cells, parts: &mut Vec<Cells>) {
        ImpartialGame::components(self, cells, parts);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn moves_place_a_domino_either_way() {
        let board = Cram::parse("..#|...").expect("a board");
        let mut out = Vec::new();
        ImpartialGame::options(&Cram, &board, &mut out);
        let options: Vec<String> = out.iter().map(Cells::to_string).collect();
        // Vertical at column 0 and 1, then horizontal at (0, 0), (1, 0),
        // (1, 1); each trimmed, dead cells dropped, in its least form
        // (`.#|..` is `..|.#`; the column `.|.` is the row `..`).
        assert_eq!(options, ["..|.#", "..", "...", "..", "..|.#"]);
    }

    #[test]
    fn components_are_trimmed_regions() {
        let board = Cram::parse("..#.|##.#|#..#").expect("a board");
        let mut parts = Vec::new();
        PartizanGame::components(&Cram, &board, &mut parts);
        let parts: Vec<String> = parts.iter().map(Cells::to_string).collect();
        assert_eq!(parts, ["..", "..|.#"]);
    }
}
