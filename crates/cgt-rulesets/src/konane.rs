//! Konane: Left's stones `x`, Right's `o`. A move takes one of your stones
//! orthogonally over an adjacent enemy stone onto the empty square just
//! beyond, and removes the stone jumped; the stone may go on jumping in the
//! same direction, over an enemy stone onto an empty square each time, and
//! every stop is a move of its own (Ernst, "Playing Konane
//! mathematically", 1995; *Lessons in Play*; the rules of cgt-tools'
//! `Konane`).
//!
//! A position is written row by row, rows separated by `|`: `x` Left's
//! stone, `o` Right's, `.` an empty square, `#` a square off the board (as
//! cgt-tools writes them). Boards have at most 64 squares.
//!
//! A jump stays on one row or column of on-board squares, so the board
//! splits into its orthogonally connected regions of on-board squares
//! ([`PartizanGame::components`](cgt_core::partizan::PartizanGame)); a
//! region with no empty square, or without stones of both colours, has no
//! jump ever and is 0 (stones are never added and empty squares only come
//! from jumps). Each region is trimmed (the squares beyond it off the
//! board) and put in the least of its eight forms under the symmetries of
//! the square.
//!
//! # Example
//! ```
//! use cgt_core::canonical::GameStore;
//! use cgt_core::partizan::ValueMemo;
//! use cgt_rulesets::konane::Konane;
//!
//! let mut store = GameStore::new();
//! let mut memo = ValueMemo::new(Konane);
//! // Left jumps `xo.` to `..x`; Right has no jump: the value 1.
//! let value = memo.value(&mut store, &Konane::parse("xo.")?).expect("small");
//! assert_eq!(store.display(value), "1");
//! // A double jump: Left may stop after one jump, at `..xo.` where either
//! // player has a jump left (*), or go on to `....x` (0); Right has no
//! // jump: {0, * |} = 1.
//! let value = memo.value(&mut store, &Konane::parse("xo.o.")?).expect("small");
//! assert_eq!(store.display(value), "1");
//! # Ok::<(), cgt_rulesets::ParseError>(())
//! ```

use crate::board::{Form, ORTHOGONAL, step};
use crate::gen_clobber::Pieces;
use crate::parse::ParseError;
use cgt_core::outcome::Side;
use cgt_core::partizan::PartizanGame;

/// The rules of Konane; positions are [`Pieces`].
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Konane;

impl Konane {
    /// Reads a board: rows of `x` (Left's stones), `o` (Right's), `.`
    /// (empty) and `#` (off the board) separated by `|`, all of one length,
    /// at most 64 squares; whitespace is skipped.
    ///
    /// # Example
    /// ```
    /// use cgt_core::outcome::Side;
    /// use cgt_rulesets::konane::Konane;
    /// let board = Konane::parse("xo.|#.x")?;
    /// assert_eq!(board.stone(0, 1), Some(Side::Right));
    /// assert!(!board.is_on_board(1, 0));
    /// assert_eq!(board.to_string(), "xo.|#.x");
    /// assert_eq!(Konane::parse("xo.|#.*").unwrap_err().position(), 6);
    /// # Ok::<(), cgt_rulesets::ParseError>(())
    /// ```
    pub fn parse(text: &str) -> Result<Pieces, ParseError> {
        Pieces::parse(text)
    }
}

impl PartizanGame for Konane {
    type Position = Pieces;

    fn options(&self, board: &Pieces, side: Side, out: &mut Vec<Pieces>) {
        let (rows, cols) = (board.rows(), board.cols());
        let (mine, theirs) = board.sides(side);
        let empty = board.empty();
        let mut stones = mine;
        while stones != 0 {
            let from = stones & stones.wrapping_neg();
            stones &= stones - 1;
            for d in ORTHOGONAL {
                let (mut at, mut taken) = (from, 0);
                loop {
                    let over = step(at, rows, cols, d);
                    let to = step(over, rows, cols, d);
                    if over & theirs == 0 || to & empty == 0 {
                        break;
                    }
                    taken |= over;
                    at = to;
                    out.push(board.with_sides(side, mine & !from | to, theirs & !taken));
                }
            }
        }
    }

    fn components(&self, board: &Pieces, parts: &mut Vec<Pieces>) {
        let (left, right, empty) = (board.left(), board.right(), board.empty());
        let jump_possible =
            |region: u64| region & left != 0 && region & right != 0 && region & empty != 0;
        board.split(
            board.open(),
            &ORTHOGONAL,
            Form::LeastSymmetry,
            jump_possible,
            parts,
        );
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::testing::{options, parts};

    #[test]
    fn a_jump_may_go_on_in_its_direction() {
        let board = Konane::parse("xo.o.|o####|.####").expect("a board");
        assert_eq!(
            options(&Konane, &board, Side::Left),
            [
                "..xo.|o####|.####",
                "....x|o####|.####",
                ".o.o.|.####|x####"
            ]
        );
        assert!(options(&Konane, &board, Side::Right).is_empty());
    }

    #[test]
    fn components_are_regions_with_a_jump_possible() {
        let board = Konane::parse("xo.#x.|####o.|xx.#..").expect("a board");
        let parts = parts(&Konane, &board);
        // The left region `xo.` and the right one; `xx.` has no enemy.
        assert_eq!(parts.len(), 2, "{parts:?}");
        assert_eq!(parts[0], "xo.");
    }
}
