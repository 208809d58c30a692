//! The game played out literally, for tests and `cargo xtask stress`.
//!
//! Written from the rules alone, with no values: a position is the whole
//! board, a move advances one of the mover's pieces into the empty square
//! above it or eats one of the opponent's, and cgt-core's [`OutcomeMemo`]
//! decides who wins. Boards may be rectangular (the tests play two columns
//! side by side).

use crate::{Board, Cell, judge};
use cgt_core::outcome::Side;
use cgt_core::partizan::{OutcomeMemo, PartizanGame};
use cgt_judge::JudgeError;
use std::io::Write;

/// The most pieces this search accepts on a board larger than 3 × 3.
pub const MAX_PIECES: usize = 5;

/// The rules on a board of `rows × cols` squares; a position is the
/// squares row by row, row 0 on top.
#[derive(Clone, Copy, Debug)]
pub struct Rules {
    /// Rows of the board.
    pub rows: usize,
    /// Columns of the board.
    pub cols: usize,
}

impl PartizanGame for Rules {
    type Position = Vec<Cell>;

    fn options(&self, squares: &Vec<Cell>, side: Side, out: &mut Vec<Vec<Cell>>) {
        let (mine, theirs) = (Cell::of(side), Cell::of(side.opponent()));
        for (i, &cell) in squares.iter().enumerate() {
            if cell == mine && i >= self.cols && squares[i - self.cols] == Cell::Empty {
                let mut next = squares.clone();
                next[i - self.cols] = mine;
                next[i] = Cell::Empty;
                out.push(next);
            }
            if cell == theirs {
                let mut next = squares.clone();
                next[i] = Cell::Empty;
                out.push(next);
            }
        }
    }
}

/// The squares of `board`, row by row, if the search takes it: N ≤ 3, or
/// at most [`MAX_PIECES`] pieces.
pub fn position(board: &Board) -> Option<Vec<Cell>> {
    let squares: Vec<Cell> = board.rows().iter().flatten().copied().collect();
    let pieces = squares.iter().filter(|&&c| c != Cell::Empty).count();
    (board.size() <= 3 || pieces <= MAX_PIECES).then_some(squares)
}

/// Whether Takahashi (Left), moving first, wins `board`, by the search;
/// `None` beyond its bound.
pub fn takahashi_wins(board: &Board) -> Option<bool> {
    let squares = position(board)?;
    let n = board.size();
    Some(OutcomeMemo::new(Rules { rows: n, cols: n }).mover_wins(&squares, Side::Left))
}

/// The judge function, answered by the exhaustive search.
///
/// # Errors
/// As [`crate::solve`], and a board with N > 3 and more than
/// [`MAX_PIECES`] pieces is rejected as too big for this search.
pub fn solve<W: Write>(input: &[u8], out: &mut W) -> Result<(), JudgeError> {
    judge(input, out, |board, tokens| {
        takahashi_wins(board).ok_or_else(|| {
            tokens.error_in_case(format!(
                "the exhaustive search takes N <= 3 or at most {MAX_PIECES} pieces"
            ))
        })
    })
}
