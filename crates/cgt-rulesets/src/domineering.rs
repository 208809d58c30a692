//! Domineering: players take turns placing dominoes on the empty cells of
//! a board; Left places them vertically, Right horizontally (Berlekamp,
//! Conway and Guy, *Winning Ways*, ch. 2; the convention of CGSuite and
//! cgt-tools).
//!
//! A position is written row by row, rows separated by `|`: `.` an empty
//! cell, `#` a filled one; `..#|...` is a 2 × 3 board with its top right
//! cell filled. Boards have at most 64 cells.
//!
//! A move's result is given up to symmetry: empty cells with no empty
//! neighbour (no domino can ever cover them) are dropped, and the board is
//! trimmed to its empty cells' bounding box and put in the least of its four
//! forms under the reflections that keep vertical dominoes vertical, so
//! equal positions share one memo entry. The board splits into its
//! orthogonally connected empty regions, which are independent games
//! ([`PartizanGame::components`]), each in the same least form. A board
//! turned about its diagonal swaps the players, so its value is the
//! negative: the value memo keeps one board of each such pair
//! ([`PartizanGame::negative_of`]). The tests
//! check all of it against a plain grid of booleans played by the rules.
//!
//! # Example
//! ```
//! use cgt_core::outcome::Outcome;
//! use cgt_core::partizan::OutcomeMemo;
//! use cgt_rulesets::domineering::Domineering;
//!
//! let mut memo = OutcomeMemo::new(Domineering);
//! // A vertical strip of two cells is Left's move: the game 1.
//! assert_eq!(memo.outcome(&Domineering::parse(".|.")?), Outcome::L);
//! // The 2 × 2 square is ±1: whoever moves first wins.
//! assert_eq!(memo.outcome(&Domineering::parse("..|..")?), Outcome::N);
//! # Ok::<(), cgt_rulesets::ParseError>(())
//! ```

use crate::board::{self, column, low_bits, neighbours, reflect, regions, transpose, trim};
use crate::parse::{MAX_CELLS, ParseError, parse_grid};
use cgt_core::outcome::Side;
use cgt_core::partizan::PartizanGame;
use std::fmt;

/// The rules of Domineering; positions are [`Grid`]s.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Domineering;

/// A Domineering board: its size and its empty cells, cell (r, c) at bit
/// `r * cols + c` (row 0 on top).
///
/// Packed, 10 bytes instead of 16: the memo of an empty 6 × 6 board keeps
/// 43 million of them, and a position with its value then takes 16 bytes
/// instead of 24 (the fields are read by value, never borrowed).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[repr(C, packed)]
pub struct Grid {
    rows: u8,
    cols: u8,
    empty: u64,
}

impl Grid {
    /// An empty board of `rows × cols` cells; `None` beyond 64 cells.
    ///
    /// # Example
    /// ```
    /// use cgt_rulesets::domineering::Grid;
    /// assert_eq!(Grid::empty(2, 3).expect("6 cells").to_string(), "...|...");
    /// assert!(Grid::empty(9, 8).is_none());
    /// ```
    pub fn empty(rows: usize, cols: usize) -> Option<Grid> {
        let cells = rows.checked_mul(cols).filter(|&n| n <= MAX_CELLS)?;
        Some(Grid {
            rows: rows as u8,
            cols: cols as u8,
            empty: low_bits(cells),
        })
    }

    /// The number of rows.
    pub fn rows(&self) -> usize {
        usize::from(self.rows)
    }

    /// The number of columns.
    pub fn cols(&self) -> usize {
        usize::from(self.cols)
    }

    /// Whether cell (`row`, `col`) is empty (false outside the board).
    pub fn is_empty(&self, row: usize, col: usize) -> bool {
        row < self.rows() && col < self.cols() && self.empty >> (row * self.cols() + col) & 1 == 1
    }

    /// The empty cells as a bitboard, cell (r, c) at bit `r * cols + c`.
    pub fn empty_cells(&self) -> u64 {
        self.empty
    }

    /// Cells where Left's (vertical) domino may have its top half.
    fn left_moves(&self) -> u64 {
        self.empty & board::shr(self.empty, self.cols())
    }

    /// Cells where Right's (horizontal) domino may have its left half.
    fn right_moves(&self) -> u64 {
        if self.cols == 0 {
            return 0;
        }
        let last = column(self.rows(), self.cols(), self.cols() - 1);
        self.empty & (self.empty >> 1) & !last
    }

    /// This region (its empty cells) trimmed and in its least reflected form.
    fn normalised(rows: usize, cols: usize, region: u64) -> Grid {
        let (h, w, cells) = trim(region, region, rows, cols);
        Grid::least_reflection(h, w, cells)
    }

    /// The least of the four reflections of an `h × w` board (those that
    /// keep vertical dominoes vertical).
    fn least_reflection(h: usize, w: usize, cells: u64) -> Grid {
        // A half turn reverses the order of all the bits: the four forms
        // cost one reflection of the rows.
        let half_turn = |b: u64| {
            if h * w == 0 {
                b
            } else {
                b.reverse_bits() >> (64 - h * w)
            }
        };
        let flipped = reflect(cells, h, w, true, false);
        let best = cells
            .min(flipped)
            .min(half_turn(cells))
            .min(half_turn(flipped));
        Grid {
            rows: h as u8,
            cols: w as u8,
            empty: best,
        }
    }
}

impl Domineering {
    /// Reads a board: rows of `.` (empty) and `#` (filled) separated by
    /// `|`, all of one length, at most 64 cells; whitespace is skipped.
    ///
    /// # Example
    /// ```
    /// use cgt_rulesets::domineering::Domineering;
    /// let grid = Domineering::parse("..#|...")?;
    /// assert_eq!((grid.rows(), grid.cols()), (2, 3));
    /// assert!(!grid.is_empty(0, 2));
    /// assert_eq!(grid.to_string(), "..#|...");
    /// # Ok::<(), cgt_rulesets::ParseError>(())
    /// ```
    pub fn parse(text: &str) -> Result<Grid, ParseError> {
        let (rows, cols, cells) = parse_grid(text, &['.', '#'], "'.', '#'")?;
        let empty = cells
            .iter()
            .enumerate()
            .filter(|&(_, &k)| k == 0)
            .fold(0u64, |m, (i, _)| m | 1 << i);
        Ok(Grid {
            rows: rows as u8,
            cols: cols as u8,
            empty,
        })
    }
}

impl fmt::Display for Grid {
    /// The board in the form [`Domineering::parse`] reads.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        board::write_rows(f, self.rows(), self.cols(), |i| {
            if self.empty >> i & 1 == 1 { '.' } else { '#' }
        })
    }
}

impl PartizanGame for Domineering {
    type Position = Grid;

    fn options(&self, grid: &Grid, side: Side, out: &mut Vec<Grid>) {
        let (mut moves, step) = match side {
            Side::Left => (grid.left_moves(), grid.cols()),
            Side::Right => (grid.right_moves(), 1),
        };
        while moves != 0 {
            let cell = moves.trailing_zeros() as usize;
            moves &= moves - 1;
            let empty = grid.empty & !(1 << cell | 1 << (cell + step));
            // Cells with no empty neighbour can never be covered: they go,
            // and the rest is trimmed and reflected to its least form.
            let live = empty & neighbours(empty, grid.rows(), grid.cols());
            out.push(Grid::normalised(grid.rows(), grid.cols(), live));
        }
    }

    fn components(&self, grid: &Grid, parts: &mut Vec<Grid>) {
        let start = parts.len();
        regions(grid.empty, grid.rows(), grid.cols(), |region| {
            // A lone cell takes no domino: it is 0 and is left out.
            if region & (region - 1) != 0 {
                parts.push(Grid::normalised(grid.rows(), grid.cols(), region));
            }
        });
        if parts.len() == start + 1 && parts[start] == *grid {
            parts.truncate(start);
        }
    }

    /// The transposed board swaps the players, so it is the negative: of a
    /// board and its transpose, the memo keeps the one of fewer rows (or,
    /// for a square, the least of the reflected forms).
    fn negative_of(&self, grid: &Grid) -> Option<Grid> {
        let (rows, cols) = (grid.rows(), grid.cols());
        if rows < cols {
            return None;
        }
        let turned = Grid::least_reflection(cols, rows, transpose(grid.empty, rows, cols));
        if rows > cols {
            return Some(turned);
        }
        (turned < Grid::least_reflection(rows, cols, grid.empty)).then_some(turned)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn moves_follow_the_rules() {
        let grid = Domineering::parse("..#|...").expect("a board");
        let mut out = Vec::new();
        Domineering.options(&grid, Side::Left, &mut out);
        let left: Vec<String> = out.iter().map(Grid::to_string).collect();
        // Each option with its dead cells dropped, trimmed and reflected:
        // `#.#|#..` is `.#|..` is `..|.#`; `.##|.#.` is `.|.`.
        assert_eq!(left, ["..|.#", ".|."]);
        out.clear();
        Domineering.options(&grid, Side::Right, &mut out);
        let right: Vec<String> = out.iter().map(Grid::to_string).collect();
        assert_eq!(right, ["...", "..", "..|.#"]);
    }

    #[test]
    fn components_are_trimmed_regions() {
        let grid = Domineering::parse("..#.|##.#|#..#").expect("a board");
        let mut parts = Vec::new();
        Domineering.components(&grid, &mut parts);
        let parts: Vec<String> = parts.iter().map(Grid::to_string).collect();
        // The top left pair; the lone (0, 3) is dropped; the L-shaped
        // region (1, 2), (2, 1), (2, 2) in its least reflection.
        assert_eq!(parts, ["..", "..|.#"]);
        // A normalised single region does not split.
        let mut again = Vec::new();
        Domineering.components(&Domineering::parse(".#|..").expect("a board"), &mut again);
        assert_eq!(again.len(), 1);
        let mut fixed = Vec::new();
        Domineering.components(&again[0], &mut fixed);
        assert!(fixed.is_empty());
    }

    #[test]
    fn bad_boards_are_rejected_with_the_place() {
        for (text, at, words) in [
            ("..|.", 4, "row 2 has 1 cells, expected 2"),
            ("...|....", 7, "expected '|'"),
            ("..|x.", 3, "expected '.', '#' or '|', found 'x'"),
            ("..||..", 3, "empty row"),
            (&".".repeat(65), 64, "at most 64 cells"),
        ] {
            let error = Domineering::parse(text).expect_err(text);
            assert_eq!(error.position(), at, "{text}: {error}");
            assert!(error.to_string().contains(words), "{text}: {error}");
        }
    }
}
