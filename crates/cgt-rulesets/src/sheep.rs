//! Sheep: MCGS's `sheep` (`src/sheep.h`, `src/sheep.cpp` at v1.5; its
//! notes name the board game Battle Sheep, Blue Orange Games), on a board
//! of hexagons.
//!
//! Each cell is empty (`0`) or holds a herd: `n > 0` sheep of Left's
//! (MCGS's Black), or `-n` of Right's. A player takes one of their herds of
//! at least 2, picks one of the six directions and moves `k` of its sheep,
//! `1 ≤ k < n`, in a straight line through empty cells as far as they can
//! go (at least one cell); the other `n - k` stay. A herd never leaves its
//! cell, so a cell once taken stays taken, and a herd of 1 never moves: it
//! is a wall.
//!
//! A position is written as MCGS writes it: the cells' numbers split by
//! `,`, rows split by `|`, top row first (`0, 3, 0 | -2, 0, 1`; whitespace
//! skipped). The cell in row `r`, column `c` has six neighbours, MCGS's
//! hexagonal directions: `(r - 1, c)`, `(r - 1, c + 1)`, `(r, c + 1)`,
//! `(r + 1, c)`, `(r + 1, c - 1)` and `(r, c - 1)`. A board has at most
//! [`MAX_CELLS`] cells, a herd at most [`MAX_HERD`] sheep (MCGS's limit).
//!
//! # Splitting
//! As MCGS splits it: the cells other than the herds of 1, joined by the
//! six neighbours, fall into regions no move crosses (a move passes
//! through empty cells only, neighbour to neighbour); a region with no
//! herd or no empty cell has no move and goes, and each other region is a
//! board of its own, cut to its bounding box, the cells outside it walls.
//!
//! # Example
//! ```
//! use cgt_core::canonical::GameStore;
//! use cgt_core::partizan::ValueMemo;
//! use cgt_rulesets::sheep::Sheep;
//!
//! let mut store = GameStore::new();
//! let mut memo = ValueMemo::new(Sheep);
//! let mut value = |text: &str| {
//!     let board = Sheep::parse(text).expect("a board");
//!     let v = memo.value(&mut store, &board).expect("a small value");
//!     store.display(v)
//! };
//! // Left moves one sheep of two into the empty cell: then no one can move.
//! assert_eq!(value("2, 0"), "1");
//! assert_eq!(value("2, 0, -2"), "*"); // whoever moves first takes the cell
//! assert_eq!(value("2, 0 | 0, -3"), "0");
//! ```

use crate::parse::{MAX_CELLS, ParseError, found};
use cgt_core::outcome::Side;
use cgt_core::partizan::PartizanGame;
use std::fmt;

/// The most sheep a herd may have (MCGS's `sheep::MAX_HERD`).
pub const MAX_HERD: i8 = 50;

/// The six directions, as (row step, column step): MCGS's
/// `GRID_DIRS_HEX`.
const HEX: [(isize, isize); 6] = [(-1, 0), (-1, 1), (0, 1), (1, 0), (1, -1), (0, -1)];

/// The rules of Sheep; positions are [`Pasture`]s.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Sheep;

/// A board: its size and each cell's herd, row by row (0 empty, `n > 0`
/// Left's, `n < 0` Right's).
#[derive(Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Pasture {
    rows: u8,
    cols: u8,
    herds: Vec<i8>,
}

impl Pasture {
    /// The number of rows.
    pub fn rows(&self) -> usize {
        usize::from(self.rows)
    }

    /// The number of columns.
    pub fn cols(&self) -> usize {
        usize::from(self.cols)
    }

    /// The herd on row `r`, column `c` (0 empty; negative Right's).
    pub fn herd(&self, r: usize, c: usize) -> i8 {
        self.herds[r * self.cols() + c]
    }

    /// The cell one `step` from cell `i`, if on the board.
    fn step(&self, i: usize, (dr, dc): (isize, isize)) -> Option<usize> {
        let r = (i / self.cols()).checked_add_signed(dr)?;
        let c = (i % self.cols()).checked_add_signed(dc)?;
        (r < self.rows() && c < self.cols()).then(|| r * self.cols() + c)
    }
}

impl Sheep {
    /// Reads a board: numbers split by `,`, rows split by `|` (see the
    /// module docs); every row as long as the first.
    ///
    /// # Example
    /// ```
    /// use cgt_rulesets::sheep::Sheep;
    /// let board = Sheep::parse("0, 3, 0 | -2, 0, 1")?;
    /// assert_eq!((board.rows(), board.cols(), board.herd(1, 0)), (2, 3, -2));
    /// assert_eq!(board.to_string(), "0,3,0|-2,0,1");
    /// let error = Sheep::parse("0, 51").unwrap_err();
    /// assert_eq!(error.to_string(), "at character 4: a herd has at most 50 sheep");
    /// # Ok::<(), cgt_rulesets::ParseError>(())
    /// ```
    pub fn parse(text: &str) -> Result<Pasture, ParseError> {
        let chars: Vec<char> = text.chars().collect();
        let skip = |mut i: usize| {
            while chars.get(i).is_some_and(|c| c.is_whitespace()) {
                i += 1;
            }
            i
        };
        let mut herds = Vec::new();
        let mut rows = 0usize;
        let mut cols: Option<usize> = None;
        let mut in_row = 0usize;
        let mut i = skip(0);
        if i == chars.len() {
            return Ok(Pasture {
                rows: 0,
                cols: 0,
                herds,
            });
        }
        loop {
            // A number: an optional sign, then digits.
            let start = i;
            let negative = chars.get(i) == Some(&'-');
            if negative {
                i += 1;
            }
            let digits = i;
            let mut n: i64 = 0;
            while let Some(d) = chars.get(i).and_then(|c| c.to_digit(10)) {
                n = (n * 10 + i64::from(d)).min(1000);
                i += 1;
            }
            if i == digits {
                return Err(ParseError::new(
                    i,
                    format!("expected a number, {}", found(chars.get(i).copied())),
                ));
            }
            if n > i64::from(MAX_HERD) {
                return Err(ParseError::new(
                    start,
                    format!("a herd has at most {MAX_HERD} sheep"),
                ));
            }
            if herds.len() == MAX_CELLS {
                return Err(ParseError::new(
                    start,
                    format!("a board has at most {MAX_CELLS} cells"),
                ));
            }
            if cols.is_some_and(|w| in_row == w) {
                return Err(ParseError::new(
                    start,
                    format!("expected '|' (rows are {in_row} cells long), found a number"),
                ));
            }
            let n = n as i8;
            herds.push(if negative { -n } else { n });
            in_row += 1;
            i = skip(i);
            match chars.get(i) {
                Some(',') => i = skip(i + 1),
                Some('|') | None => {
                    if cols.is_some_and(|w| in_row != w) {
                        return Err(ParseError::new(
                            i,
                            format!(
                                "a row of {in_row} cells, after rows of {}",
                                cols.unwrap_or(0)
                            ),
                        ));
                    }
                    cols = Some(in_row);
                    rows += 1;
                    in_row = 0;
                    if chars.get(i).is_none() {
                        break;
                    }
                    i = skip(i + 1);
                }
                Some(&c) => {
                    return Err(ParseError::new(
                        i,
                        format!("expected ',', '|' or the end, {}", found(Some(c))),
                    ));
                }
            }
        }
        Ok(Pasture {
            // At most 64 cells, so both fit.
            rows: rows as u8,
            cols: cols.unwrap_or(0) as u8,
            herds,
        })
    }
}

impl fmt::Display for Pasture {
    /// `0,3,0|-2,0,1`, as [`Sheep::parse`] reads it; the empty board is
    /// the empty text.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for r in 0..self.rows() {
            if r > 0 {
                f.write_str("|")?;
            }
            for c in 0..self.cols() {
                if c > 0 {
                    f.write_str(",")?;
                }
                write!(f, "{}", self.herd(r, c))?;
            }
        }
        Ok(())
    }
}

impl PartizanGame for Sheep {
    type Position = Pasture;

    /// Every move sending one sheep first, then the others (MCGS's order,
    /// `src/sheep_alt_generator.cpp`: a search tries those first).
    fn options(&self, board: &Pasture, side: Side, out: &mut Vec<Pasture>) {
        let sign: i8 = if side == Side::Left { 1 } else { -1 };
        for one in [true, false] {
            for i in 0..board.herds.len() {
                let n = board.herds[i] * sign;
                if n < 2 {
                    continue;
                }
                for step in HEX {
                    // As far as the empty cells go.
                    let mut end = i;
                    while let Some(next) = board.step(end, step) {
                        if board.herds[next] != 0 {
                            break;
                        }
                        end = next;
                    }
                    if end == i {
                        continue;
                    }
                    let sizes = if one { 1..2 } else { 2..n };
                    for k in sizes {
                        let mut next = board.clone();
                        next.herds[i] = (n - k) * sign;
                        next.herds[end] = k * sign;
                        out.push(next);
                    }
                }
            }
        }
    }

    fn components(&self, board: &Pasture, parts: &mut Vec<Pasture>) {
        let start = parts.len();
        let size = board.herds.len();
        let wall = |h: i8| h == 1 || h == -1;
        let mut seen = vec![false; size];
        let mut stack = Vec::new();
        let mut region = Vec::new();
        for first in 0..size {
            if seen[first] || wall(board.herds[first]) {
                continue;
            }
            seen[first] = true;
            stack.push(first);
            region.clear();
            while let Some(i) = stack.pop() {
                region.push(i);
                for step in HEX {
                    if let Some(j) = board.step(i, step)
                        && !seen[j]
                        && !wall(board.herds[j])
                    {
                        seen[j] = true;
                        stack.push(j);
                    }
                }
            }
            let has_empty = region.iter().any(|&i| board.herds[i] == 0);
            let has_herd = region.iter().any(|&i| board.herds[i] != 0);
            if !(has_empty && has_herd) {
                continue;
            }
            let cols = board.cols();
            let (mut r0, mut r1, mut c0, mut c1) = (usize::MAX, 0, usize::MAX, 0);
            for &i in &region {
                let (r, c) = (i / cols, i % cols);
                r0 = r0.min(r);
                r1 = r1.max(r);
                c0 = c0.min(c);
                c1 = c1.max(c);
            }
            let (rows, width) = (r1 - r0 + 1, c1 - c0 + 1);
            let mut herds = vec![1i8; rows * width];
            for &i in &region {
                let (r, c) = (i / cols, i % cols);
                herds[(r - r0) * width + (c - c0)] = board.herds[i];
            }
            parts.push(Pasture {
                rows: rows as u8,
                cols: width as u8,
                herds,
            });
        }
        if parts.len() == start {
            // No move anywhere: the empty board, 0.
            let empty = Pasture {
                rows: 0,
                cols: 0,
                herds: Vec::new(),
            };
            if empty != *board {
                parts.push(empty);
            }
        } else {
            crate::board::drop_if_whole(parts, start, board);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn strings(boards: &[Pasture]) -> Vec<String> {
        boards.iter().map(Pasture::to_string).collect()
    }

    #[test]
    fn a_herd_splits_and_slides_as_far_as_it_can() {
        let board = Sheep::parse("3,0,0|0,0,-1").expect("a board");
        let mut out = Vec::new();
        Sheep.options(&board, Side::Left, &mut out);
        // Right (to column 2), down (to row 1), 1 or 2 sheep each (one
        // sheep first); not up, up-right, down-left or left (off the board).
        assert_eq!(
            strings(&out),
            [
                "2,0,1|0,0,-1",
                "2,0,0|1,0,-1",
                "1,0,2|0,0,-1",
                "1,0,0|2,0,-1"
            ]
        );
        out.clear();
        Sheep.options(&board, Side::Right, &mut out);
        assert!(out.is_empty(), "a herd of 1 never moves");
        // Up-right from row 1, column 0 reaches row 0, column 1.
        let board = Sheep::parse("0,0|2,-1").expect("a board");
        out.clear();
        Sheep.options(&board, Side::Left, &mut out);
        assert_eq!(strings(&out), ["1,0|1,-1", "0,1|1,-1"]);
    }

    #[test]
    fn walls_split_the_board_and_dead_regions_go() {
        let mut parts = Vec::new();
        Sheep.components(&Sheep::parse("2,0,1,0,-3").expect("a board"), &mut parts);
        assert_eq!(strings(&parts), ["2,0", "0,-3"]);
        parts.clear();
        Sheep.components(&Sheep::parse("2,1,0|1,1,0").expect("a board"), &mut parts);
        assert_eq!(strings(&parts), [""]);
        parts.clear();
        Sheep.components(&Sheep::parse("2,0|0,0").expect("a board"), &mut parts);
        assert!(parts.is_empty(), "one region, the whole board");
    }

    #[test]
    fn bad_boards_are_rejected_with_the_place() {
        for (text, at, words) in [
            ("0,x", 2, "expected a number, found 'x'"),
            ("0,", 2, "expected a number, found the end"),
            ("0;1", 1, "expected ',', '|' or the end, found ';'"),
            ("0,0|0", 5, "a row of 1 cells, after rows of 2"),
            ("0|0,0", 4, "expected '|' (rows are 1 cells long)"),
            ("-51", 0, "a herd has at most 50 sheep"),
            ("99999999999999999999", 0, "a herd has at most 50 sheep"),
            (&vec!["0"; 65].join(","), 128, "at most 64 cells"),
        ] {
            let error = Sheep::parse(text).expect_err(text);
            assert_eq!(error.position(), at, "{text}: {error}");
            assert!(error.to_string().contains(words), "{text}: {error}");
        }
    }
}
