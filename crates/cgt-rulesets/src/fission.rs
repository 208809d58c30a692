//! Fission: stones `x` that belong to neither player. Left's move takes a
//! stone whose squares just above and just below are both empty, and
//! splits it into two stones on those squares (the stone's own square is
//! emptied); Right's does the same across, with the squares just left and
//! right of the stone (the rules of CGSuite's `game.grid.Fission` and of
//! cgt-tools' `Fission`).
//!
//! A position is written row by row, rows separated by `|`: `x` a stone,
//! `.` an empty square, `#` a square off the board (squares beyond the edge
//! are off the board too). Boards have at most 64 squares.
//!
//! Stones only ever split onto neighbouring squares, so the board splits
//! into its orthogonally connected regions of on-board squares
//! ([`PartizanGame::components`](cgt_core::partizan::PartizanGame)); a
//! region with no stone or no empty square has no move and is 0. Each
//! region is trimmed and kept as it lies, not turned to the least of its
//! reflections: a search tries a region's moves row by row, and a region
//! reflected between one move and the next has them tried in another
//! order. On MCGS's `fission_6x6` file the solver opened 168,000 sums so,
//! against 328,000 with the regions' least forms (which share reflected
//! positions but lose the order), in a third of the time.
//!
//! # Example
//! ```
//! use cgt_core::canonical::GameStore;
//! use cgt_core::partizan::ValueMemo;
//! use cgt_rulesets::fission::Fission;
//!
//! let mut store = GameStore::new();
//! let mut memo = ValueMemo::new(Fission);
//! // A stone in a 1 × 3 row: Right splits it, Left cannot: -1.
//! let value = memo.value(&mut store, &Fission::parse(".x.")?).expect("small");
//! assert_eq!(store.display(value), "-1");
//! // In the middle of a 3 × 3 square: Left's split leaves Right two
//! // splits and Left none (-2), Right's the reverse (2): {-2 | 2} = 0.
//! let value = memo.value(&mut store, &Fission::parse("...|.x.|...")?).expect("small");
//! assert_eq!(store.display(value), "0");
//! # Ok::<(), cgt_rulesets::ParseError>(())
//! ```

use crate::board::{Form, ORTHOGONAL};
use crate::gen_clobber::Pieces;
use crate::parse::ParseError;
use cgt_core::outcome::Side;
use cgt_core::partizan::PartizanGame;

/// The rules of Fission; positions are [`Pieces`] whose stones are all
/// written `x` (held as Left's).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Fission;

impl Fission {
    /// Reads a board: rows of `x` (stones), `.` (empty) and `#` (off the
    /// board) separated by `|`, all of one length, at most 64 squares;
    /// whitespace is skipped.
    ///
    /// # Example
    /// ```
    /// use cgt_rulesets::fission::Fission;
    /// let board = Fission::parse(".x.|#..")?;
    /// assert!(board.stone(0, 1).is_some());
    /// assert!(!board.is_on_board(1, 0));
    /// assert_eq!(board.to_string(), ".x.|#..");
    /// assert_eq!(Fission::parse(".o.").unwrap_err().position(), 1);
    /// # Ok::<(), cgt_rulesets::ParseError>(())
    /// ```
    pub fn parse(text: &str) -> Result<Pieces, ParseError> {
        Pieces::parse_only(text, &['x', '.', '#'], "'x', '.', '#'")
    }
}

impl PartizanGame for Fission {
    type Position = Pieces;

    fn options(&self, board: &Pieces, side: Side, out: &mut Vec<Pieces>) {
        let (rows, cols) = (board.rows(), board.cols());
        let empty = board.empty();
        let mut stones = board.left();
        while stones != 0 {
            let at = stones & stones.wrapping_neg();
            stones &= stones - 1;
            let cell = at.trailing_zeros() as usize;
            let (r, c) = (cell / cols, cell % cols);
            // The two squares beside the stone: above and below for Left,
            // left and right for Right; none if one is off the board.
            let (a, b) = match side {
                Side::Left if r > 0 && r + 1 < rows => (at >> cols, at << cols),
                Side::Right if c > 0 && c + 1 < cols => (at >> 1, at << 1),
                _ => continue,
            };
            if a & empty != 0 && b & empty != 0 {
                let [open, stones, right] = board.sets();
                out.push(board.with_sets([open, stones & !at | a | b, right]));
            }
        }
    }

    fn components(&self, board: &Pieces, parts: &mut Vec<Pieces>) {
        let (stones, empty) = (board.left(), board.empty());
        let movable = |region: u64| region & stones != 0 && region & empty != 0;
        board.split(board.open(), &ORTHOGONAL, Form::AsItLies, movable, parts);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::testing::options;

    #[test]
    fn a_stone_splits_onto_both_sides() {
        let board = Fission::parse("...|.x.|.x.").expect("a board");
        let left = options(&Fission, &board, Side::Left);
        assert!(left.is_empty(), "below the top stone is a stone");
        let right = options(&Fission, &board, Side::Right);
        assert_eq!(right, ["...|x.x|.x.", "...|.x.|x.x"]);
    }

    #[test]
    fn regions_are_trimmed_and_kept_as_they_lie() {
        let parts_of = |text: &str| {
            let mut parts = Vec::new();
            Fission.components(&Fission::parse(text).expect("a board"), &mut parts);
            parts.iter().map(ToString::to_string).collect::<Vec<_>>()
        };
        // The right region is the left one reflected, and stays so; the
        // empty square below the wall has no stone and no move.
        assert_eq!(parts_of("..x.#.x..|####.####"), ["..x.", ".x.."]);
        // A board that is one region is not split.
        assert!(parts_of(".x.|...").is_empty());
    }
}
