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
use crate::cram::Cells;
use crate::parse::{MAX_CELLS, ParseError};
use cgt_core::outcome::Side;
use cgt_core::partizan::PartizanGame;
use std::fmt;

/// The rules of Domineering; positions are [`Grid`]s.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Domineering;

/// A Domineering board: its size and its empty cells, cell (r, c) at bit
/// `r * stride + c` (row 0 on top), the stride 8 on a board of at most 8 rows
/// and 8 columns and `cols` on a bigger one.
///
/// A stride of 8 makes the reflections, the transpose and the trimming of
/// a board a few word operations instead of a loop over its rows or cells;
/// and for one size the order of two boards is that of their cells, row
/// by row, whatever the stride, so the least forms are those of stride
/// `cols`.
///
/// Packed, 10 bytes instead of 16: the memo of an empty 6 × 6 board keeps
/// 43 million of them, and a position with its value then takes 16 bytes
/// instead of 24 (the fields are read by value, never borrowed).
///
/// That is why Domineering keeps this board and does not play on the one
/// the other grid rulesets share ([`Board`](crate::board::Board), as
/// [`Cells`]): the same rules written on `Cells`
/// (options, regions and negatives by the shared board's loops over rows)
/// took 1.22, 1.34 and 1.20 times the CPU time of `Grid` to value the empty
/// 4 × 5, 5 × 5 and 3 × 6 boards from nothing (medians of 10 runs each,
/// run in turn with `Grid`'s in one release binary, November 2026).
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
        Some(Grid::from_rows(rows, cols, low_bits(cells)))
    }

    /// The board of `rows × cols` cells with the empty cells `cells`, cell
    /// (r, c) at bit `r * cols + c`.
    fn from_rows(rows: usize, cols: usize, cells: u64) -> Grid {
        let empty = if small(rows, cols) {
            restride(cells, rows, cols, cols, 8)
        } else {
            cells
        };
        Grid {
            rows: rows as u8,
            cols: cols as u8,
            empty,
        }
    }

    /// The distance between the bits of two cells one above the other.
    fn stride(&self) -> usize {
        if small(self.rows(), self.cols()) {
            8
        } else {
            self.cols()
        }
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
        row < self.rows() && col < self.cols() && self.empty >> (row * self.stride() + col) & 1 == 1
    }

    /// The empty cells as a bitboard, cell (r, c) at bit `r * cols + c`.
    pub fn empty_cells(&self) -> u64 {
        if self.stride() == 8 {
            restride(self.empty, self.rows(), self.cols(), 8, self.cols())
        } else {
            self.empty
        }
    }

    /// Cells where Left's (vertical) domino may have its top half.
    fn left_moves(&self) -> u64 {
        self.empty & board::shr(self.empty, self.stride())
    }

    /// Cells where Right's (horizontal) domino may have its left half.
    fn right_moves(&self) -> u64 {
        if self.cols == 0 {
            return 0;
        }
        // Of stride 8, the columns right of the board are empty of cells:
        // only the last column of the 8 would pair with the next row.
        let last = if self.stride() == 8 {
            column(8, 8, 7)
        } else {
            column(self.rows(), self.cols(), self.cols() - 1)
        };
        self.empty & (self.empty >> 1) & !last
    }

    /// The cells orthogonally next to some cell of `x`, maybe `x`'s own.
    fn neighbours(&self, x: u64) -> u64 {
        if self.stride() == 8 {
            neighbours_small(x)
        } else {
            neighbours(x, self.rows(), self.cols())
        }
    }

    /// This region (its empty cells) trimmed and in its least reflected
    /// form; `region` has the stride of a `rows × cols` board.
    fn normalised(rows: usize, cols: usize, region: u64) -> Grid {
        if small(rows, cols) {
            return Grid::normalised_small(region);
        }
        let (h, w, cells) = trim(region, region, rows, cols);
        Grid::least_reflection(h, w, cells)
    }

    /// [`Grid::normalised`] of a region of stride 8.
    fn normalised_small(region: u64) -> Grid {
        if region == 0 {
            return Grid {
                rows: 0,
                cols: 0,
                empty: 0,
            };
        }
        let top = region.trailing_zeros() as usize / 8;
        let bottom = (63 - region.leading_zeros() as usize) / 8;
        // The columns the region has a cell in: all its rows folded onto one.
        let mut columns = region | region >> 32;
        columns |= columns >> 16;
        columns |= columns >> 8;
        columns &= 0xff;
        let left = columns.trailing_zeros() as usize;
        let width = 64 - columns.leading_zeros() as usize - left;
        // No cell lies left of `left`: the shift moves no cell into the
        // row above.
        let cells = region >> (8 * top + left);
        Grid::least_small(bottom - top + 1, width, cells)
    }

    /// [`Grid::least_reflection`] of a board of stride 8.
    fn least_small(h: usize, w: usize, cells: u64) -> Grid {
        // Reversing all 64 bits turns the 8 × 8 square half round, and
        // reversing the bytes reverses the order of the rows: together,
        // each row's cells are reversed. The shifts put the `h × w` board
        // back in its corner (a board of no cells shifts by 64 or more, to
        // 0).
        let reversed = cells.reverse_bits();
        let half_turn = board::shr(reversed, 8 * (8 - h) + (8 - w));
        let mirrored = board::shr(reversed.swap_bytes(), 8 - w);
        let flipped = board::shr(cells.swap_bytes(), 8 * (8 - h));
        Grid {
            rows: h as u8,
            cols: w as u8,
            empty: cells.min(flipped).min(half_turn).min(mirrored),
        }
    }

    /// The least of the four reflections of an `h × w` board of stride `w`
    /// (those that keep vertical dominoes vertical).
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
        Grid::from_rows(h, w, best)
    }
}

/// Whether a `rows × cols` board has stride 8.
fn small(rows: usize, cols: usize) -> bool {
    rows <= 8 && cols <= 8
}

/// The `rows` rows of `cols` cells of `cells`, with stride `from`, moved
/// to stride `to`.
fn restride(cells: u64, rows: usize, cols: usize, from: usize, to: usize) -> u64 {
    let full = low_bits(cols);
    (0..rows).fold(0, |out, r| {
        out | board::shl(board::shr(cells, r * from) & full, r * to)
    })
}

/// The cells of an 8 × 8 board (stride 8) reflected in its main diagonal:
/// three exchanges of blocks (1 × 1 cells in 2 × 2 squares, then 2 × 2 in
/// 4 × 4, then 4 × 4 in 8 × 8).
fn transpose_small(mut x: u64) -> u64 {
    for (mask, shift) in [
        (0x00AA_00AA_00AA_00AA_u64, 7),
        (0x0000_CCCC_0000_CCCC, 14),
        (0x0000_0000_F0F0_F0F0, 28),
    ] {
        let t = (x ^ (x >> shift)) & mask;
        x ^= t ^ (t << shift);
    }
    x
}

/// The cells orthogonally next to some cell of `x` (stride 8), maybe
/// beyond the board's columns or rows.
fn neighbours_small(x: u64) -> u64 {
    const FIRST: u64 = 0x0101_0101_0101_0101;
    const LAST: u64 = FIRST << 7;
    ((x << 1) & !FIRST) | ((x >> 1) & !LAST) | x << 8 | x >> 8
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
        let cells = Cells::parse(text)?;
        Ok(Grid::from_rows(cells.rows(), cells.cols(), cells.sets()[0]))
    }
}

impl fmt::Display for Grid {
    /// The board in the form [`Domineering::parse`] reads.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let empty = self.empty_cells();
        board::write_rows(f, self.rows(), self.cols(), |i| {
            if empty >> i & 1 == 1 { '.' } else { '#' }
        })
    }
}

impl PartizanGame for Domineering {
    type Position = Grid;

    fn options(&self, grid: &Grid, side: Side, out: &mut Vec<Grid>) {
        let (mut moves, step) = match side {
            Side::Left => (grid.left_moves(), grid.stride()),
            Side::Right => (grid.right_moves(), 1),
        };
        while moves != 0 {
            let cell = moves.trailing_zeros() as usize;
            moves &= moves - 1;
            let empty = grid.empty & !(1 << cell | 1 << (cell + step));
            // Cells with no empty neighbour can never be covered: they go,
            // and the rest is trimmed and reflected to its least form.
            let live = empty & grid.neighbours(empty);
            out.push(Grid::normalised(grid.rows(), grid.cols(), live));
        }
    }

    fn components(&self, grid: &Grid, parts: &mut Vec<Grid>) {
        let start = parts.len();
        let mut each = |region: u64| {
            // A lone cell takes no domino: it is 0 and is left out.
            if region & (region - 1) != 0 {
                parts.push(Grid::normalised(grid.rows(), grid.cols(), region));
            }
        };
        if grid.stride() == 8 {
            let mut rest = grid.empty;
            while rest != 0 {
                let mut region = rest & rest.wrapping_neg();
                loop {
                    let grown = (region | neighbours_small(region)) & rest;
                    if grown == region {
                        break;
                    }
                    region = grown;
                }
                rest &= !region;
                each(region);
            }
        } else {
            regions(grid.empty, grid.rows(), grid.cols(), each);
        }
        board::drop_if_whole(parts, start, grid);
    }

    /// The transposed board swaps the players, so it is the negative: of a
    /// board and its transpose, the memo keeps the one of fewer rows (or,
    /// for a square, the least of the reflected forms).
    fn negative_of(&self, grid: &Grid) -> Option<Grid> {
        let (rows, cols) = (grid.rows(), grid.cols());
        if rows < cols {
            return None;
        }
        if grid.stride() == 8 {
            let turned = Grid::least_small(cols, rows, transpose_small(grid.empty));
            if rows > cols {
                return Some(turned);
            }
            // The least form is at most the board itself, so a turned board
            // not below it is not below the least (and a board the search
            // made is its own least form: this is most boards asked).
            if turned.empty >= grid.empty {
                return None;
            }
            return (turned < Grid::least_small(rows, cols, grid.empty)).then_some(turned);
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
    use crate::testing::{options, parts};

    #[test]
    fn moves_follow_the_rules() {
        let grid = Domineering::parse("..#|...").expect("a board");
        // Each option with its dead cells dropped, trimmed and reflected:
        // `#.#|#..` is `.#|..` is `..|.#`; `.##|.#.` is `.|.`.
        assert_eq!(options(&Domineering, &grid, Side::Left), ["..|.#", ".|."]);
        let right = options(&Domineering, &grid, Side::Right);
        assert_eq!(right, ["...", "..", "..|.#"]);
    }

    #[test]
    fn components_are_trimmed_regions() {
        let grid = Domineering::parse("..#.|##.#|#..#").expect("a board");
        // The top left pair; the lone (0, 3) is dropped; the L-shaped
        // region (1, 2), (2, 1), (2, 2) in its least reflection.
        assert_eq!(parts(&Domineering, &grid), ["..", "..|.#"]);
        // A normalised single region does not split.
        let mut again = Vec::new();
        Domineering.components(&Domineering::parse(".#|..").expect("a board"), &mut again);
        assert_eq!(again.len(), 1);
        let mut fixed = Vec::new();
        Domineering.components(&again[0], &mut fixed);
        assert!(fixed.is_empty());
    }

    /// The word operations of stride 8 make what the loops over rows and
    /// cells of stride `cols` make (the forms of bigger boards): the same
    /// options, parts and negatives, in the same order and the same least
    /// forms, for every board of up to 12 cells of up to 8 rows and columns.
    #[test]
    fn stride_eight_agrees_with_stride_cols() {
        let by_rows = |rows: usize, cols: usize, region: u64| {
            let (h, w, cells) = trim(region, region, rows, cols);
            Grid::least_reflection(h, w, cells)
        };
        for (rows, cols) in [
            (1, 8),
            (8, 1),
            (2, 6),
            (6, 2),
            (3, 4),
            (4, 3),
            (2, 5),
            (3, 3),
            (2, 2),
        ] {
            for cells in 0..1u64 << (rows * cols) {
                let grid = Grid::from_rows(rows, cols, cells);
                assert_eq!(grid.empty_cells(), cells);
                for (side, moves, step) in [
                    (Side::Left, cells & board::shr(cells, cols), cols),
                    (
                        Side::Right,
                        cells & cells >> 1 & !column(rows, cols, cols - 1),
                        1,
                    ),
                ] {
                    let mut fast = Vec::new();
                    Domineering.options(&grid, side, &mut fast);
                    let mut slow = Vec::new();
                    let mut moves = moves;
                    while moves != 0 {
                        let cell = moves.trailing_zeros() as usize;
                        moves &= moves - 1;
                        let empty = cells & !(1 << cell | 1 << (cell + step));
                        let live = empty & neighbours(empty, rows, cols);
                        slow.push(by_rows(rows, cols, live));
                    }
                    assert_eq!(fast, slow, "{grid}");
                }
                let mut fast = Vec::new();
                Domineering.components(&grid, &mut fast);
                let mut slow = Vec::new();
                regions(cells, rows, cols, |region| {
                    if region & (region - 1) != 0 {
                        slow.push(by_rows(rows, cols, region));
                    }
                });
                if slow.len() == 1 && slow[0] == grid {
                    slow.clear();
                }
                assert_eq!(fast, slow, "{grid}");
                let negative = (rows >= cols)
                    .then(|| Grid::least_reflection(cols, rows, transpose(cells, rows, cols)))
                    .filter(|turned| {
                        rows > cols || *turned < Grid::least_reflection(rows, cols, cells)
                    });
                assert_eq!(Domineering.negative_of(&grid), negative, "{grid}");
            }
        }
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
