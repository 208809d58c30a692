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
//! A move passes through empty cells only, neighbour to neighbour, so the
//! board falls into regions no move crosses: the empty cells joined by the
//! six neighbours, each group with the herds of 2 or more next to it
//! (groups that share a herd are one region; two herds side by side do
//! not meet, where MCGS joins every cell but the herds of 1). A region
//! with no herd has no move and goes, and each other region is a board of
//! its own, cut to its bounding box, the cells outside it walls (`1`), as
//! it lies. It is not turned to the least of its four forms under the
//! symmetries of the rules (transposed, turned half round), which would
//! value and search boards that differ by one once: a search tries a
//! region's moves cell by cell, and a region turned between one move and
//! the next has them tried in another order. On MCGS's `sheep1` file the
//! solver opened 1.30 million sums so, against 1.61 million with least
//! forms, in about three quarters of the time.
//!
//! # One player's boards
//! A board where only one player has a herd of 2 or more is an integer:
//! the most moves that player can make in a row. [`Sheep`]'s formula
//! finds it by a search of that player's moves alone, which stops as soon
//! as a line of moves reaches a bound (one move per empty cell, and per
//! sheep beyond the first of each herd); a board whose search goes past a
//! few thousand positions is valued from its options instead.
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

use crate::board;
use crate::parse::{MAX_CELLS, ParseError, found};
use cgt_core::canonical::{GameId, GameStore, ValueError};
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
///
/// Held in a fixed array, the cells past the board's 0, so that a board is
/// copied, hashed and compared without an allocation: a search of a big
/// board makes millions of them.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Pasture {
    rows: u8,
    cols: u8,
    herds: [i8; MAX_CELLS],
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
            return Ok(Pasture::EMPTY);
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
        let mut board = Pasture {
            // At most 64 cells, so both fit.
            rows: rows as u8,
            cols: cols.unwrap_or(0) as u8,
            herds: [0; MAX_CELLS],
        };
        board.herds[..herds.len()].copy_from_slice(&herds);
        Ok(board)
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
    /// `src/sheep_alt_generator.cpp`: a search tries those first); but
    /// not the dominated ones (see [`sizes`]).
    fn options(&self, board: &Pasture, side: Side, out: &mut Vec<Pasture>) {
        let sign: i8 = if side == Side::Left { 1 } else { -1 };
        let (hexes, empty) = (Hexes::of(board), board.empty());
        for one in [true, false] {
            for i in 0..board.cells() {
                let n = board.herds[i] * sign;
                if n < 2 {
                    continue;
                }
                for step in HEX {
                    let end = board.slide(i, step);
                    if end == i {
                        continue;
                    }
                    let (least, most) = sizes(hexes, empty, i, end, n);
                    let sizes = if one {
                        least..least.max(2).min(most + 1)
                    } else {
                        least.max(2)..most + 1
                    };
                    for k in sizes {
                        let mut next = *board;
                        next.herds[i] = (n - k) * sign;
                        next.herds[end] = k * sign;
                        out.push(next);
                    }
                }
            }
        }
    }

    /// Counted without making them: a herd has a move for each number of
    /// sheep [`sizes`] keeps, in each direction with an empty
    /// cell next to it.
    fn more_moves_than(&self, board: &Pasture, limit: usize) -> bool {
        let mut count = 0;
        let (hexes, empty) = (Hexes::of(board), board.empty());
        for i in 0..board.cells() {
            let n = board.herds[i].abs();
            if n < 2 {
                continue;
            }
            for step in HEX {
                let end = board.slide(i, step);
                if end != i {
                    let (least, most) = sizes(hexes, empty, i, end, n);
                    count += usize::from((most - least + 1).unsigned_abs());
                }
            }
            if count > limit {
                return true;
            }
        }
        false
    }

    fn components(&self, board: &Pasture, parts: &mut Vec<Pasture>) {
        let start = parts.len();
        let whole = board.split(parts);
        if parts.len() == start {
            // No move anywhere: the empty board, 0.
            let empty = Pasture::EMPTY;
            if empty != *board {
                parts.push(empty);
            }
        } else if whole {
            parts.truncate(start);
        }
    }

    /// A board where only one player has a herd that can split is the
    /// integer of that player's longest run of moves: the most moves
    /// found by `most_moves`, when it ends within `MOST_MOVES_BUDGET`
    /// positions (else the board is valued from its options, as any
    /// other).
    fn formula(
        &self,
        store: &mut GameStore,
        board: &Pasture,
    ) -> Option<Result<GameId, ValueError>> {
        let lefts = board.herds.iter().any(|&h| h >= 2);
        let rights = board.herds.iter().any(|&h| h <= -2);
        let sign = match (lefts, rights) {
            (true, true) => return None,
            (false, false) => return Some(Ok(store.zero())),
            (true, false) => 1,
            (false, true) => -1,
        };
        let most = most_moves(board, sign, MOST_MOVES_BUDGET)?;
        Some(Ok(store.integer(i64::from(sign) * i64::from(most))))
    }
}

/// How many positions [`Sheep`]'s formula may open before it leaves a
/// board of one player's herds to the search of values.
const MOST_MOVES_BUDGET: usize = 4096;

/// The most moves in a row the player of `sign` (1 Left, -1 Right) can
/// make on `board` with the other never moving, or `None` past `budget`
/// positions opened.
///
/// A depth-first search with a memo that stops looking at a position's
/// moves once one reaches its bound: each move fills one empty cell and
/// makes one herd more, so a position has at most as many moves left as
/// empty cells, and as the player's herds have sheep beyond one each.
///
/// # Complexity
/// At most `budget` positions opened, each listing its moves.
fn most_moves(board: &Pasture, sign: i8, budget: usize) -> Option<u32> {
    struct Frame {
        board: Pasture,
        moves: Vec<Pasture>,
        next: usize,
        best: u32,
        bound: u32,
    }
    let side = if sign > 0 { Side::Left } else { Side::Right };
    let bound = |b: &Pasture| {
        let empty = b.herds[..b.cells()].iter().filter(|&&h| h == 0).count() as u32;
        let spare: u32 = b.herds[..b.cells()]
            .iter()
            .map(|&h| u32::from((h * sign).max(1).unsigned_abs()) - 1)
            .sum();
        empty.min(spare)
    };
    let mut spare: Vec<Vec<Pasture>> = Vec::new();
    let open = |b: Pasture, spare: &mut Vec<Vec<Pasture>>| {
        let mut moves = spare.pop().unwrap_or_default();
        moves.clear();
        Sheep.options(&b, side, &mut moves);
        Frame {
            board: b,
            moves,
            next: 0,
            best: 0,
            bound: bound(&b),
        }
    };
    let mut memo: rustc_hash::FxHashMap<Pasture, u32> = rustc_hash::FxHashMap::default();
    let mut stack = vec![open(*board, &mut spare)];
    let mut opened = 1;
    loop {
        let top = stack.last_mut()?;
        if top.best < top.bound && top.next < top.moves.len() {
            let child = top.moves[top.next];
            top.next += 1;
            if let Some(&m) = memo.get(&child) {
                top.best = top.best.max(m + 1);
            } else if bound(&child) + 1 > top.best {
                if opened == budget {
                    return None;
                }
                opened += 1;
                let frame = open(child, &mut spare);
                stack.push(frame);
            }
            continue;
        }
        let done = stack.pop()?;
        memo.insert(done.board, done.best);
        spare.push(done.moves);
        match stack.last_mut() {
            Some(parent) => parent.best = parent.best.max(done.best + 1),
            None => return Some(done.best),
        }
    }
}

impl Pasture {
    /// The board with no cell.
    const EMPTY: Pasture = Pasture {
        rows: 0,
        cols: 0,
        herds: [0; MAX_CELLS],
    };

    /// How many cells the board has.
    fn cells(&self) -> usize {
        self.rows() * self.cols()
    }

    /// The cell a herd on cell `i` reaches going `step` as far as the
    /// empty cells go (`i` itself when the next cell is taken or off the
    /// board).
    fn slide(&self, i: usize, (dr, dc): (isize, isize)) -> usize {
        let (rows, cols) = (self.rows() as isize, self.cols() as isize);
        let (mut r, mut c) = ((i as isize) / cols, (i as isize) % cols);
        let mut end = i;
        loop {
            let (nr, nc) = (r + dr, c + dc);
            if !(0..rows).contains(&nr) || !(0..cols).contains(&nc) {
                return end;
            }
            let next = (nr * cols + nc) as usize;
            if self.herds[next] != 0 {
                return end;
            }
            (r, c, end) = (nr, nc, next);
        }
    }

    /// The empty cells, a bit each.
    fn empty(&self) -> u64 {
        let mut empty = 0u64;
        for (i, &h) in self.herds[..self.cells()].iter().enumerate() {
            if h == 0 {
                empty |= 1 << i;
            }
        }
        empty
    }

    /// Pushes the board's regions that have a move (see the module docs);
    /// returns whether there is one region and it is the board itself,
    /// walls written as `1`.
    ///
    /// A region is a set of empty cells joined by the six neighbours, with
    /// the herds of 2 or more next to them: a herd moves through empty
    /// cells only, so two herds side by side do not meet, and regions that
    /// share a herd are one.
    fn split(&self, parts: &mut Vec<Pasture>) -> bool {
        let cells = self.cells();
        // Without branches: a search splits every option it meets.
        let (mut empty, mut herds, mut walls) = (0u64, 0u64, 0u64);
        for (i, &h) in self.herds[..cells].iter().enumerate() {
            empty |= u64::from(h == 0) << i;
            herds |= u64::from(!(-1..=1).contains(&h)) << i;
            walls |= u64::from(h == 1) << i;
        }
        let hexes = Hexes::of(self);
        let start = parts.len();
        let mut whole = false;
        let mut left = empty;
        while left != 0 {
            // A region grown from its first empty cell: empty cells reach
            // empty cells and herds, herds reach empty cells.
            let mut region = left & left.wrapping_neg();
            loop {
                let grown = region
                    | hexes.around(region & empty) & (empty | herds)
                    | hexes.around(region & herds) & empty;
                if grown == region {
                    break;
                }
                region = grown;
            }
            left &= !region;
            if region & herds == 0 {
                continue;
            }
            let cols = self.cols();
            let (r0, rows, c0, width) = board::bounding_box(region, self.rows(), cols);
            // The part is the box's cells, those outside the region walls
            // (`1`): copied row by row, then the few cells outside the
            // region and not walls already made walls.
            let mut part = if (rows, width) == (self.rows(), cols) {
                *self
            } else {
                let mut part = Pasture {
                    rows: rows as u8,
                    cols: width as u8,
                    herds: [0; MAX_CELLS],
                };
                for row in 0..rows {
                    let from = (row + r0) * cols + c0;
                    part.herds[row * width..(row + 1) * width]
                        .copy_from_slice(&self.herds[from..from + width]);
                }
                part
            };
            let mut in_box = 0u64;
            for row in r0..r0 + rows {
                in_box |= board::low_bits(width) << (row * cols + c0);
            }
            let mut outside = in_box & !region & !walls;
            while outside != 0 {
                let i = outside.trailing_zeros() as usize;
                outside &= outside - 1;
                part.herds[(i / cols - r0) * width + i % cols - c0] = 1;
            }
            whole = part == *self;
            parts.push(part);
        }
        whole && parts.len() == start + 1
    }

    /// The same board under a symmetry of the rules: `transpose` swaps
    /// rows and columns, `turn` turns it half round. The six directions
    /// are closed under both: `(dr, dc)` becomes `(dc, dr)`, or `(-dr, -dc)`.
    /// (The tests check that the rules keep them.)
    #[cfg(test)]
    fn turned(&self, transpose: bool, turn: bool) -> Pasture {
        let (rows, cols) = (self.rows(), self.cols());
        let (out_rows, out_cols) = if transpose {
            (cols, rows)
        } else {
            (rows, cols)
        };
        let mut out = Pasture {
            rows: out_rows as u8,
            cols: out_cols as u8,
            herds: [0; MAX_CELLS],
        };
        for r in 0..rows {
            for c in 0..cols {
                let (r2, c2) = if transpose { (c, r) } else { (r, c) };
                let (r2, c2) = if turn {
                    (out_rows - 1 - r2, out_cols - 1 - c2)
                } else {
                    (r2, c2)
                };
                out.herds[r2 * out_cols + c2] = self.herds[r * cols + c];
            }
        }
        out
    }
}

/// The least and most sheep worth sending from the herd of `n` on cell
/// `from` to cell `to` (`empty`: the empty cells before the move): a herd
/// with no empty cell next to it never moves again, so its size no longer
/// matters, and a player is never worse off with more sheep in a herd
/// (whatever the smaller herd does, the bigger one does, leaving the
/// extra sheep behind). So when the sheep sent can never move again,
/// sending one is as good as sending more, and when those left can never
/// move again, sending all but one is: the other moves are dominated.
fn sizes(hexes: Hexes, empty: u64, from: usize, to: usize, n: i8) -> (i8, i8) {
    // After the move, `to` holds a herd.
    let empty = empty & !(1 << to);
    let stuck = |cell: usize| hexes.around(1 << cell) & empty == 0;
    match (stuck(to), stuck(from)) {
        (true, _) => (1, 1),
        (false, true) => (n - 1, n - 1),
        (false, false) => (1, n - 1),
    }
}

/// The six neighbours of a board's cells as shifts of a bit set, with the
/// masks they need worked out once per board.
#[derive(Clone, Copy)]
struct Hexes {
    cols: usize,
    /// The cells not in the first column, not in the last, and all.
    not_first: u64,
    not_last: u64,
    all: u64,
}

impl Hexes {
    fn of(board: &Pasture) -> Hexes {
        let (rows, cols) = (board.rows(), board.cols());
        if cols == 0 {
            return Hexes {
                cols: 1,
                not_first: 0,
                not_last: 0,
                all: 0,
            };
        }
        Hexes {
            cols,
            not_first: !board::column(rows, cols, 0),
            not_last: !board::column(rows, cols, cols - 1),
            all: board::low_bits(rows * cols),
        }
    }

    /// The cells next to a cell of `x` in the six directions.
    fn around(self, x: u64) -> u64 {
        let cols = self.cols;
        let (off_left, off_right) = (x & self.not_first, x & self.not_last);
        // Up, down, right, left, up-right, down-left.
        (board::shr(x, cols)
            | board::shl(x, cols)
            | off_right << 1
            | off_left >> 1
            | board::shr(off_right, cols - 1)
            | board::shl(off_left, cols - 1))
            & self.all
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
    fn dominated_moves_are_left_out() {
        let mut out = Vec::new();
        // The sheep sent land where they can never move again: one is
        // sent, the others stay ("1,2,1" is no better for Left).
        Sheep.options(
            &Sheep::parse("3,0,1").expect("a board"),
            Side::Left,
            &mut out,
        );
        assert_eq!(strings(&out), ["2,1,1"]);
        // Those left behind can never move again: all but one go.
        out.clear();
        Sheep.options(
            &Sheep::parse("3,0|1,0").expect("a board"),
            Side::Left,
            &mut out,
        );
        assert_eq!(strings(&out), ["1,2|1,0"]);
        assert!(!Sheep.more_moves_than(&Sheep::parse("3,0|1,0").expect("a board"), 1));
    }

    #[test]
    fn walls_split_the_board_and_dead_regions_go() {
        let mut parts = Vec::new();
        // Each region as it lies: "2,0" is not turned round to "0,2".
        Sheep.components(&Sheep::parse("2,0,1,0,-3").expect("a board"), &mut parts);
        assert_eq!(strings(&parts), ["2,0", "0,-3"]);
        // Herds side by side do not meet: two regions, each with its wall.
        parts.clear();
        Sheep.components(&Sheep::parse("0,2,-2,0").expect("a board"), &mut parts);
        assert_eq!(strings(&parts), ["0,2", "-2,0"]);
        // A region with a wall of Right's inside is written with 1.
        parts.clear();
        Sheep.components(
            &Sheep::parse("2,0,-1,0|0,0,0,0").expect("a board"),
            &mut parts,
        );
        assert_eq!(strings(&parts), ["2,0,1,0|0,0,0,0"]);
        parts.clear();
        Sheep.components(&Sheep::parse("2,1,0|1,1,0").expect("a board"), &mut parts);
        assert_eq!(strings(&parts), [""]);
        parts.clear();
        Sheep.components(&Sheep::parse("2,0|0,0").expect("a board"), &mut parts);
        assert!(parts.is_empty(), "one region, the whole board");
    }

    #[test]
    fn the_symmetries_keep_the_moves() {
        // Transposed and turned half round, every board has the same
        // options, turned alike.
        let board = Sheep::parse("3,0,0|0,-2,1|0,0,0").expect("a board");
        for (transpose, turn) in [(true, false), (false, true), (true, true)] {
            let turned = board.turned(transpose, turn);
            for side in [Side::Left, Side::Right] {
                let (mut out, mut turned_out) = (Vec::new(), Vec::new());
                Sheep.options(&board, side, &mut out);
                Sheep.options(&turned, side, &mut turned_out);
                let mut expected: Vec<_> = out.iter().map(|b| b.turned(transpose, turn)).collect();
                expected.sort();
                turned_out.sort();
                assert_eq!(expected, turned_out, "{transpose} {turn} {side:?}");
            }
        }
    }

    #[test]
    fn one_players_herds_are_their_most_moves() {
        let mut store = GameStore::new();
        for (text, value) in [
            ("3,0,0,0", "2"),
            ("-4,0,0|0,0,0", "-3"),
            // Two empty cells, three sheep to spare: two moves.
            ("4,0,0", "2"),
            ("1,1|1,1", "0"),
        ] {
            let board = Sheep::parse(text).expect("a board");
            let found = Sheep.formula(&mut store, &board).expect("one player's");
            assert_eq!(store.display(found.expect("a value")), value, "{text}");
        }
        let both = Sheep::parse("2,0,-2").expect("a board");
        assert!(Sheep.formula(&mut store, &both).is_none());
        // Past its budget, the search gives up.
        let big = Sheep::parse("9,0,0,0|0,0,0,0|0,0,0,0|0,0,0,1").expect("a board");
        assert_eq!(most_moves(&big, 1, 3), None);
        assert_eq!(most_moves(&big, 1, MOST_MOVES_BUDGET), Some(8));
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
