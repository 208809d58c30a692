//! Amazons: Left's amazons `x`, Right's `o`. A move takes one of your
//! amazons any distance in one of the eight queen directions through empty
//! squares, then from where it lands shoots an arrow the same way (any
//! distance, any queen direction, through empty squares; the square it
//! left is empty now), and the square the arrow lands on is burned for the
//! rest of the game (Berlekamp, "Sums of N × 2 Amazons", 2000; the rules of
//! CGSuite's `game.grid.Amazons`).
//!
//! A position is written row by row, rows separated by `|`: `x` Left's
//! amazon, `o` Right's, `.` an empty square, `#` a burned square (or one
//! off the board). Boards have at most 64 squares.
//!
//! Nothing ever moves onto a burned square or across one, and a queen move
//! from square to square passes only through squares a king's step apart:
//! the unburned squares split into regions connected by king steps, and
//! the regions are independent games
//! ([`PartizanGame::components`](cgt_core::partizan::PartizanGame)). A
//! region with no amazon is 0 and left out; one with the amazons of one
//! player only is still a game (a number: the moves its owner has left).
//! Each region is trimmed (its bounding box, the squares outside it burned)
//! and put in the least of its eight forms under the symmetries of the
//! square, which keep queen moves. The tests check the values with the
//! split against the values without it and against a search of the rules.
//!
//! # Example
//! CGSuite's example, a 2 × 4 board with one amazon each in a corner:
//! ```
//! use cgt_core::canonical::GameStore;
//! use cgt_core::partizan::ValueMemo;
//! use cgt_rulesets::amazons::Amazons;
//!
//! let mut store = GameStore::new();
//! let mut memo = ValueMemo::new(Amazons);
//! let value = memo.value(&mut store, &Amazons::parse("x...|o...")?).expect("a small value");
//! assert_eq!(
//!     store.display(value),
//!     "+-{3,{4|0,{1|0,*}},{4|{0,{1/2|0}|v},+-1,+-{1,{2|0}}}}"
//! );
//! // An amazon alone on a 1 × 3 strip moves to the middle and shoots
//! // behind it, then moves once more: 2 moves for Left, the number 2.
//! let value = memo.value(&mut store, &Amazons::parse("x..")?).expect("a small value");
//! assert_eq!(store.display(value), "2");
//! # Ok::<(), cgt_rulesets::ParseError>(())
//! ```

use crate::board::{Board, COMPASS, Form, Step, XOWalls};
use crate::parse::ParseError;
use cgt_core::outcome::Side;
use cgt_core::partizan::PartizanGame;

/// The rules of Amazons; positions are [`Arena`]s.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Amazons;

/// An Amazons board: its size, its unburned squares and the squares of
/// Left's and Right's amazons, the three sets of its [`Board`] (the
/// board of the Clobber family, [`Pieces`](crate::gen_clobber::Pieces),
/// with `#` a burned square).
pub type Arena = Board<3, XOWalls>;

/// What is on a square of an [`Arena`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Square {
    /// `.`
    Empty,
    /// `#` (also every square off the board).
    Burned,
    /// An amazon of this player: `x` Left's, `o` Right's.
    Amazon(Side),
}

impl Arena {
    /// What is on square (`row`, `col`); [`Square::Burned`] off the board.
    pub fn square(&self, row: usize, col: usize) -> Square {
        if !self.is_on_board(row, col) {
            Square::Burned
        } else if let Some(side) = self.stone(row, col) {
            Square::Amazon(side)
        } else {
            Square::Empty
        }
    }
}

impl Amazons {
    /// Reads a board: rows of `x` (Left's amazons), `o` (Right's), `.`
    /// (empty) and `#` (burned) separated by `|`, all of one length, at
    /// most 64 squares; whitespace is skipped.
    ///
    /// # Example
    /// ```
    /// use cgt_core::outcome::Side;
    /// use cgt_rulesets::amazons::{Amazons, Square};
    /// let board = Amazons::parse("x.#|..o")?;
    /// assert_eq!(board.square(0, 0), Square::Amazon(Side::Left));
    /// assert_eq!(board.square(0, 2), Square::Burned);
    /// assert_eq!(board.square(1, 0), Square::Empty);
    /// assert_eq!(board.to_string(), "x.#|..o");
    /// assert_eq!(Amazons::parse("x.|.q").unwrap_err().position(), 4);
    /// # Ok::<(), cgt_rulesets::ParseError>(())
    /// ```
    pub fn parse(text: &str) -> Result<Arena, ParseError> {
        Arena::parse(text)
    }
}

impl PartizanGame for Amazons {
    type Position = Arena;

    fn options(&self, board: &Arena, side: Side, out: &mut Vec<Arena>) {
        let (rows, cols) = (board.rows(), board.cols());
        let steps = COMPASS.map(|d| Step::new(rows, cols, d));
        let (mine, theirs) = board.sides(side);
        let mut amazons = mine;
        while amazons != 0 {
            let from = amazons & amazons.wrapping_neg();
            amazons &= amazons - 1;
            // The amazon's square is empty once it has moved.
            let vacated = board.empty() | from;
            for direction in steps {
                let mut to = direction.from(from);
                while to & board.empty() != 0 {
                    let empty = vacated & !to;
                    let moved = board.with_sides(side, mine & !from | to, theirs);
                    for aim in steps {
                        let mut arrow = aim.from(to);
                        while arrow & empty != 0 {
                            let [open, left, right] = moved.sets();
                            out.push(moved.with_sets([open & !arrow, left, right]));
                            arrow = aim.from(arrow);
                        }
                    }
                    to = direction.from(to);
                }
            }
        }
    }

    fn components(&self, board: &Arena, parts: &mut Vec<Arena>) {
        let amazons = board.stones();
        // A region with no amazon has no move: it is 0.
        let with_amazons = |region: u64| region & amazons != 0;
        board.split(
            board.open(),
            &COMPASS,
            Form::LeastSymmetry,
            with_amazons,
            parts,
        );
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn strings(positions: &[Arena]) -> Vec<String> {
        positions.iter().map(Arena::to_string).collect()
    }

    #[test]
    fn a_move_is_a_queen_move_then_an_arrow() {
        let board = Amazons::parse("x.|#o").expect("a board");
        let mut out = Vec::new();
        Amazons.options(&board, Side::Left, &mut out);
        // The amazon goes right and shoots back left into its old square.
        assert_eq!(strings(&out), ["#x|#o"]);
        out.clear();
        Amazons.options(&board, Side::Right, &mut out);
        // Right goes up (diagonally blocked by nothing: (0, 1) is empty) and
        // shoots down into the square it left.
        assert_eq!(strings(&out), ["xo|##"]);
    }

    #[test]
    fn components_are_king_connected_regions_with_amazons() {
        // `x` top left and `o` bottom right touch diagonally: one region;
        // the right column has no amazon.
        let board = Amazons::parse("x#.|#o.").expect("a board");
        let mut parts = Vec::new();
        Amazons.components(&board, &mut parts);
        assert_eq!(parts.len(), 1);
        let board = Amazons::parse("x#.|##o").expect("a board");
        parts.clear();
        Amazons.components(&board, &mut parts);
        assert_eq!(strings(&parts), ["x", "o."]);
        for part in &parts {
            let mut again = Vec::new();
            Amazons.components(part, &mut again);
            assert!(again.is_empty(), "{part} is normalised");
        }
    }

    #[test]
    fn bad_boards_are_rejected_with_the_place() {
        let error = Amazons::parse("x.|.oo.").expect_err("a long row");
        assert_eq!(error.position(), 5);
        assert!(error.to_string().contains("expected '|'"), "{error}");
    }
}
