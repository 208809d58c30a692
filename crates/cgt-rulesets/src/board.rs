//! The board the grid rulesets share: [`Board`], a board of
//! `rows × cols ≤ 64` cells held as a few bitboards (cell (r, c) at bit
//! `r * cols + c`, row 0 on top), read and written cell by cell through its
//! [`Legend`], normalised (trimmed, in its least form under the symmetries
//! the rules keep) and split into regions; and the bitboard operations
//! under it: shifts, steps, connected regions, trimming and reflections.
//!
//! A ruleset file holds its rules (the moves, and which regions are games)
//! and names its position type as a `Board` with its legend, e.g.
//! [`Stones`](crate::clobber::Stones) is `Board<2, XO>`. Domineering keeps
//! a packed board of its own ([`Grid`](crate::domineering::Grid)), whose
//! doc gives the measurement that justifies it.
//!
//! # Example
//! ```
//! use cgt_rulesets::clobber::Clobber;
//! let board = Clobber::parse("xo.|oxx")?;
//! assert_eq!((board.rows(), board.cols()), (2, 3));
//! assert_eq!(board.symbol(1, 2), Some('x'));
//! assert_eq!(board.to_string(), "xo.|oxx");
//! # Ok::<(), cgt_rulesets::ParseError>(())
//! ```

use crate::parse::{ParseError, parse_grid};
use cgt_core::outcome::Side;
use smallvec::SmallVec;
use std::fmt;
use std::hash::{Hash, Hasher};
use std::marker::PhantomData;

/// How the cells of a [`Board`] are written: each symbol with the sets of
/// the board its cell is in (bit `k` for set `k`).
///
/// The symbols in their order are also what a reader expects, as an error
/// message lists them (`expected 'x', 'o', '.' or '|'`); a cell is written
/// with the first symbol whose sets are the cell's.
pub trait Legend {
    /// Each symbol and the sets (bit `k`: set `k`) a cell so written is in.
    const SYMBOLS: &'static [(char, u8)];
    /// The symbols as an error message lists them: `'x', 'o', '.'`.
    const NAMES: &'static str;
}

/// A legend of two players' stones: `x` (set 0, Left's), `o` (set 1,
/// Right's) and `.` (an empty cell).
pub enum XO {}

impl Legend for XO {
    const SYMBOLS: &'static [(char, u8)] = &[('x', 0b01), ('o', 0b10), ('.', 0)];
    const NAMES: &'static str = "'x', 'o', '.'";
}

/// A legend of squares on and off the board with two players' stones: set
/// 0 the squares on the board, set 1 Left's stones `x`, set 2 Right's `o`;
/// `.` an empty square, `#` one off the board (or burned).
pub enum XOWalls {}

impl Legend for XOWalls {
    const SYMBOLS: &'static [(char, u8)] = &[('x', 0b011), ('o', 0b101), ('.', 0b001), ('#', 0)];
    const NAMES: &'static str = "'x', 'o', '.', '#'";
}

/// A legend of empty cells `.` (set 0) and filled ones `#`.
pub enum EmptyOrFilled {}

impl Legend for EmptyOrFilled {
    const SYMBOLS: &'static [(char, u8)] = &[('.', 1), ('#', 0)];
    const NAMES: &'static str = "'.', '#'";
}

/// A board of `rows × cols ≤ 64` cells: `N` sets of cells (bitboards, cell
/// (r, c) at bit `r * cols + c`, row 0 on top), whose meaning and symbols
/// the [`Legend`] `L` gives.
///
/// Boards compare by their rows, their columns, then their sets in order;
/// [`Debug`](fmt::Debug) shows the board as written.
pub struct Board<const N: usize, L> {
    rows: u8,
    cols: u8,
    sets: [u64; N],
    legend: PhantomData<L>,
}

// By hand: a derive would ask the legend, a marker, for the traits, and
// would hash the sets as a slice (its length first).
impl<const N: usize, L> Clone for Board<N, L> {
    fn clone(&self) -> Self {
        *self
    }
}

impl<const N: usize, L> Copy for Board<N, L> {}

impl<const N: usize, L> PartialEq for Board<N, L> {
    fn eq(&self, other: &Self) -> bool {
        self.rows == other.rows && self.cols == other.cols && self.sets == other.sets
    }
}

impl<const N: usize, L> Eq for Board<N, L> {}

impl<const N: usize, L> PartialOrd for Board<N, L> {
    fn partial_cmp(&self, other: &Self) -> Option<std::cmp::Ordering> {
        Some(self.cmp(other))
    }
}

impl<const N: usize, L> Ord for Board<N, L> {
    fn cmp(&self, other: &Self) -> std::cmp::Ordering {
        self.rows
            .cmp(&other.rows)
            .then(self.cols.cmp(&other.cols))
            .then_with(|| self.sets.cmp(&other.sets))
    }
}

impl<const N: usize, L> Hash for Board<N, L> {
    fn hash<H: Hasher>(&self, state: &mut H) {
        self.rows.hash(state);
        self.cols.hash(state);
        for set in self.sets {
            set.hash(state);
        }
    }
}

/// The form [`Board::split`] keeps a region in.
#[derive(Clone, Copy)]
pub(crate) enum Form {
    /// As it lies: for rules that tell the board's directions apart (in
    /// Fission, Left's stones split up and down, Right's left and right).
    AsItLies,
    /// The least of its reflections ([`Board::normalised`] without
    /// transposing): for rules that tell rows from columns.
    LeastReflection,
    /// The least of all eight symmetries of the square.
    LeastSymmetry,
}

impl<const N: usize, L> Board<N, L> {
    /// The board of `rows × cols` cells (at most 64) with the sets `sets`.
    pub(crate) fn new(rows: usize, cols: usize, sets: [u64; N]) -> Self {
        debug_assert!(rows * cols <= crate::MAX_CELLS);
        Board {
            rows: rows as u8,
            cols: cols as u8,
            sets,
            legend: PhantomData,
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

    /// The sets of cells, as bitboards.
    pub(crate) fn sets(&self) -> [u64; N] {
        self.sets
    }

    /// The same board with the sets `sets`.
    pub(crate) fn with_sets(&self, sets: [u64; N]) -> Self {
        Board { sets, ..*self }
    }

    /// The bit of cell (`row`, `col`); `None` off the board.
    pub(crate) fn bit(&self, row: usize, col: usize) -> Option<u64> {
        (row < self.rows() && col < self.cols()).then(|| 1 << (row * self.cols() + col))
    }

    /// Whether cell (`row`, `col`) is in set `k` (false off the board).
    pub(crate) fn has(&self, k: usize, row: usize, col: usize) -> bool {
        self.bit(row, col)
            .is_some_and(|bit| self.sets[k] & bit != 0)
    }

    /// The sets `sets` of this board restricted to `frame`, trimmed to its
    /// bounding box, in their least form under the reflections (and, with
    /// `transpose`, the transpositions) of the board.
    pub(crate) fn least(&self, frame: u64, sets: [u64; N], transpose: bool) -> Self {
        let (rows, cols, sets) = least_form(frame, sets, self.rows(), self.cols(), transpose);
        Board::new(rows, cols, sets)
    }

    /// The cells `region` of this board, trimmed, in their least form
    /// ([`Board::least`] of all its sets).
    pub(crate) fn normalised(&self, region: u64, transpose: bool) -> Self {
        self.least(region, self.sets, transpose)
    }

    /// The cells `region` of this board trimmed to their bounding box, as
    /// they lie (no symmetry applied).
    pub(crate) fn trimmed_to(&self, region: u64) -> Self {
        let frame = bounding_box(region, self.rows(), self.cols());
        let sets = self.sets.map(|set| cut(set & region, frame, self.cols()));
        Board::new(frame.1, frame.3, sets)
    }

    /// Pushes onto `parts` every region of `cells` connected by `steps` (a
    /// set closed under negation) that `keep` keeps, trimmed and in the form
    /// `form`; none if that is this board alone ([`drop_if_whole`]).
    pub(crate) fn split(
        &self,
        cells: u64,
        steps: &[(isize, isize)],
        form: Form,
        keep: impl Fn(u64) -> bool,
        parts: &mut Vec<Self>,
    ) {
        let start = parts.len();
        connected(cells, self.rows(), self.cols(), steps, |region| {
            if keep(region) {
                parts.push(match form {
                    Form::AsItLies => self.trimmed_to(region),
                    Form::LeastReflection => self.normalised(region, false),
                    Form::LeastSymmetry => self.normalised(region, true),
                });
            }
        });
        drop_if_whole(parts, start, self);
    }
}

impl<const N: usize, L: Legend> Board<N, L> {
    /// The symbol cell (`row`, `col`) is written with; `None` off the
    /// board.
    pub fn symbol(&self, row: usize, col: usize) -> Option<char> {
        let bit = self.bit(row, col)?;
        let sets = (0..N).fold(0u8, |m, k| m | u8::from(self.sets[k] & bit != 0) << k);
        L::SYMBOLS
            .iter()
            .find(|&&(_, of)| of == sets)
            .map(|&(symbol, _)| symbol)
    }

    /// Reads a board written with the legend's symbols: rows separated by
    /// `|`, all of one length, at most 64 cells; whitespace is skipped.
    pub(crate) fn parse(text: &str) -> Result<Self, ParseError> {
        let mut symbols = [' '; MAX_SYMBOLS];
        for (to, &(symbol, _)) in symbols.iter_mut().zip(L::SYMBOLS) {
            *to = symbol;
        }
        Self::parse_only(text, &symbols[..L::SYMBOLS.len()], L::NAMES)
    }

    /// [`Board::parse`], with only the symbols `symbols` (some of the
    /// legend's, at most [`MAX_SYMBOLS`]), listed as `names` in an error
    /// message.
    pub(crate) fn parse_only(
        text: &str,
        symbols: &[char],
        names: &str,
    ) -> Result<Self, ParseError> {
        debug_assert!(symbols.len() <= MAX_SYMBOLS);
        let (rows, cols, cells) = parse_grid(text, symbols, names)?;
        // The sets of each symbol, by its index in `symbols`.
        let mut of = [0u8; MAX_SYMBOLS];
        for (to, &symbol) in of.iter_mut().zip(symbols) {
            *to = L::SYMBOLS
                .iter()
                .find(|&&(s, _)| s == symbol)
                .map_or(0, |&(_, sets)| sets);
        }
        let mut sets = [0u64; N];
        for (i, &k) in cells.iter().enumerate() {
            for (j, set) in sets.iter_mut().enumerate() {
                *set |= u64::from(of[usize::from(k)] >> j & 1) << i;
            }
        }
        Ok(Board::new(rows, cols, sets))
    }
}

/// The most symbols a [`Legend`] has.
pub(crate) const MAX_SYMBOLS: usize = 8;

impl<const N: usize, L: Legend> fmt::Display for Board<N, L> {
    /// The board as its ruleset reads it: each cell its legend's symbol,
    /// rows separated by `|`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let cols = self.cols();
        write_rows(f, self.rows(), cols, |i| {
            self.symbol(i / cols, i % cols).unwrap_or('?')
        })
    }
}

impl<const N: usize, L: Legend> fmt::Debug for Board<N, L> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{:?}", self.to_string())
    }
}

/// Boards whose legend has a set of Left's pieces and one of Right's.
pub trait Sides {
    /// The index of the set of Left's pieces.
    const LEFT: usize;
    /// The index of the set of Right's pieces.
    const RIGHT: usize;
}

impl Sides for XO {
    const LEFT: usize = 0;
    const RIGHT: usize = 1;
}

impl Sides for XOWalls {
    const LEFT: usize = 1;
    const RIGHT: usize = 2;
}

impl<const N: usize, L: Sides> Board<N, L> {
    /// Left's pieces.
    pub(crate) fn left(&self) -> u64 {
        self.sets[L::LEFT]
    }

    /// Right's pieces.
    pub(crate) fn right(&self) -> u64 {
        self.sets[L::RIGHT]
    }

    /// The pieces of `side` and of its opponent.
    pub(crate) fn sides(&self, side: Side) -> (u64, u64) {
        match side {
            Side::Left => (self.left(), self.right()),
            Side::Right => (self.right(), self.left()),
        }
    }

    /// The stone on cell (`row`, `col`): `Some(Side::Left)` for Left's
    /// (`x`), `Some(Side::Right)` for Right's (`o`), `None` if none or off
    /// the board.
    pub fn stone(&self, row: usize, col: usize) -> Option<Side> {
        if self.has(L::LEFT, row, col) {
            Some(Side::Left)
        } else if self.has(L::RIGHT, row, col) {
            Some(Side::Right)
        } else {
            None
        }
    }

    /// The same board with `mine` the pieces of `side` and `theirs` its
    /// opponent's.
    pub(crate) fn with_sides(&self, side: Side, mine: u64, theirs: u64) -> Self {
        let (left, right) = match side {
            Side::Left => (mine, theirs),
            Side::Right => (theirs, mine),
        };
        let mut sets = self.sets;
        sets[L::LEFT] = left;
        sets[L::RIGHT] = right;
        self.with_sets(sets)
    }
}

impl Board<3, XOWalls> {
    /// Whether square (`row`, `col`) is on the board (not `#`).
    pub fn is_on_board(&self, row: usize, col: usize) -> bool {
        self.has(0, row, col)
    }

    /// The squares on the board.
    pub(crate) fn open(&self) -> u64 {
        self.sets[0]
    }

    /// The squares with a stone.
    pub(crate) fn stones(&self) -> u64 {
        self.left() | self.right()
    }

    /// The empty squares on the board.
    pub(crate) fn empty(&self) -> u64 {
        self.open() & !self.stones()
    }
}

/// Drops the parts pushed onto `parts` since `start` when they are one
/// part equal to `whole`: a position that does not split reports no
/// components.
pub(crate) fn drop_if_whole<P: PartialEq>(parts: &mut Vec<P>, start: usize, whole: &P) {
    if parts.len() == start + 1 && parts[start] == *whole {
        parts.truncate(start);
    }
}

/// The four orthogonal steps, as (row step, column step).
pub(crate) const ORTHOGONAL: [(isize, isize); 4] = [(-1, 0), (0, -1), (0, 1), (1, 0)];

/// `x << n`, 0 when `n` is 64 or more.
pub(crate) fn shl(x: u64, n: usize) -> u64 {
    if n >= 64 { 0 } else { x << n }
}

/// `x >> n`, 0 when `n` is 64 or more.
pub(crate) fn shr(x: u64, n: usize) -> u64 {
    if n >= 64 { 0 } else { x >> n }
}

/// The `width` lowest bits.
pub(crate) fn low_bits(width: usize) -> u64 {
    if width >= 64 {
        u64::MAX
    } else {
        (1u64 << width) - 1
    }
}

/// The cells of column `c`.
pub(crate) fn column(rows: usize, cols: usize, c: usize) -> u64 {
    if rows == 0 || cols == 0 {
        return 0;
    }
    // 2^(rows cols) - 1 = (2^cols - 1)(1 + 2^cols + ... + 2^((rows-1) cols)):
    // the quotient has one bit in each row, in column 0.
    (low_bits(rows * cols) / low_bits(cols)) << c
}

/// The cells orthogonally next to some cell of `x` (and maybe `x` itself).
pub(crate) fn neighbours(x: u64, rows: usize, cols: usize) -> u64 {
    if cols == 0 {
        return 0;
    }
    let first = column(rows, cols, 0);
    let last = first << (cols - 1);
    ((x << 1) & !first) | ((x >> 1) & !last) | shl(x, cols) | shr(x, cols)
}

/// The eight directions of a king or a queen, as (row step, column step).
pub(crate) const COMPASS: [(isize, isize); 8] = [
    (-1, -1),
    (-1, 0),
    (-1, 1),
    (0, -1),
    (0, 1),
    (1, -1),
    (1, 0),
    (1, 1),
];

/// The cells one step `(dr, dc)` (rows down, columns right) from a cell of
/// `x` on a `rows × cols` board: steps off the board are dropped.
pub(crate) fn step(x: u64, rows: usize, cols: usize, (dr, dc): (isize, isize)) -> u64 {
    if cols == 0 || dc.unsigned_abs() >= cols {
        return 0;
    }
    // The columns a step leaves the board from.
    let off = match dc {
        0 => 0..0,
        d if d > 0 => cols - d as usize..cols,
        d => 0..d.unsigned_abs(),
    };
    let x = off.fold(x, |x, c| x & !column(rows, cols, c));
    let shift = dr * cols as isize + dc;
    let moved = if shift >= 0 {
        shl(x, shift as usize)
    } else {
        shr(x, shift.unsigned_abs())
    };
    moved & low_bits(rows * cols)
}

/// A step `(dr, dc)` on a board of a given size, made once and taken many
/// times: [`step`] as a shift and the cells the step can land on.
#[derive(Clone, Copy)]
pub(crate) struct Step {
    shift: isize,
    lands: u64,
}

impl Step {
    /// The step `(dr, dc)` on a `rows × cols` board.
    pub(crate) fn new(rows: usize, cols: usize, (dr, dc): (isize, isize)) -> Step {
        Step {
            shift: dr * cols as isize + dc,
            lands: step(low_bits(rows * cols), rows, cols, (dr, dc)),
        }
    }

    /// [`step`] from the cells `x` of the board: a shifted cell where the
    /// step lands came from a cell the step keeps on the board.
    pub(crate) fn from(self, x: u64) -> u64 {
        let moved = if self.shift >= 0 {
            shl(x, self.shift as usize)
        } else {
            shr(x, self.shift.unsigned_abs())
        };
        moved & self.lands
    }
}

/// Calls `each` with every region of `cells` connected by the steps
/// `steps` (a set closed under negation, so that connection is symmetric).
pub(crate) fn connected(
    cells: u64,
    rows: usize,
    cols: usize,
    steps: &[(isize, isize)],
    each: impl FnMut(u64),
) {
    let are =
        |all: &[(isize, isize)]| steps.len() == all.len() && all.iter().all(|s| steps.contains(s));
    if are(&ORTHOGONAL) || are(&COMPASS) {
        return adjacent_regions(cells, rows, cols, are(&COMPASS), each);
    }
    stepped_regions(cells, rows, cols, steps, each);
}

/// [`connected`] for any steps, each step a shift and a mask.
fn stepped_regions(
    cells: u64,
    rows: usize,
    cols: usize,
    steps: &[(isize, isize)],
    mut each: impl FnMut(u64),
) {
    let plans: SmallVec<[Step; 8]> = steps.iter().map(|&d| Step::new(rows, cols, d)).collect();
    let mut rest = cells;
    while rest != 0 {
        let mut region = rest & rest.wrapping_neg();
        loop {
            let reach = plans.iter().fold(region, |m, plan| m | plan.from(region));
            let grown = reach & cells;
            if grown == region {
                break;
            }
            region = grown;
        }
        rest &= !region;
        each(region);
    }
}

/// Calls `each` with every orthogonally connected region of `cells`.
pub(crate) fn regions(cells: u64, rows: usize, cols: usize, each: impl FnMut(u64)) {
    adjacent_regions(cells, rows, cols, false, each);
}

/// Calls `each` with every region of `cells` connected orthogonally, or
/// with `diagonal` by a king's steps: the regions grow by shifts, with
/// the masks of the edge columns made once (a split runs for each option
/// a search meets: the masks made again at each step, and a list of the
/// king's steps allocated at each call, were about a sixth of the time of
/// a search of MCGS's 3 × 3 Amazons file).
fn adjacent_regions(
    cells: u64,
    rows: usize,
    cols: usize,
    diagonal: bool,
    mut each: impl FnMut(u64),
) {
    if cells == 0 || cols == 0 {
        return;
    }
    let first = column(rows, cols, 0);
    // A step across from the last column lands past the board's last row,
    // which the step up must not bring back.
    let (not_first, not_last) = (low_bits(rows * cols) & !first, !(first << (cols - 1)));
    let mut rest = cells;
    while rest != 0 {
        let mut region = rest & rest.wrapping_neg();
        loop {
            let across = region | (region << 1) & not_first | (region >> 1) & not_last;
            let up_and_down = if diagonal { across } else { region };
            let grown = (across | shl(up_and_down, cols) | shr(up_and_down, cols)) & cells;
            if grown == region {
                break;
            }
            region = grown;
        }
        rest &= !region;
        each(region);
    }
}

/// The box spanned by `mask`'s cells: its top row, its rows, its left
/// column and its columns (all 0 for no cell).
pub(crate) fn bounding_box(mask: u64, rows: usize, cols: usize) -> (usize, usize, usize, usize) {
    let full = low_bits(cols);
    let (mut top, mut bottom, mut columns) = (usize::MAX, 0, 0u64);
    for r in 0..rows {
        let row = shr(mask, r * cols) & full;
        if row != 0 {
            top = top.min(r);
            bottom = r;
            columns |= row;
        }
    }
    if columns == 0 {
        return (0, 0, 0, 0);
    }
    let left = columns.trailing_zeros() as usize;
    let width = 64 - columns.leading_zeros() as usize - left;
    (top, bottom - top + 1, left, width)
}

/// The cells of `bits` in the box `(top, height, left, width)` of a board
/// `cols` wide, as a board of the box's size.
fn cut(bits: u64, (top, height, left, width): (usize, usize, usize, usize), cols: usize) -> u64 {
    let keep = low_bits(width);
    let mut out = 0;
    for r in 0..height {
        out |= shl((shr(bits, (top + r) * cols) >> left) & keep, r * width);
    }
    out
}

/// The cells of `bits` inside the box spanned by `mask`'s cells, as a
/// board of that box's size: `(rows, cols, cells)`.
pub(crate) fn trim(mask: u64, bits: u64, rows: usize, cols: usize) -> (usize, usize, u64) {
    let frame = bounding_box(mask, rows, cols);
    (frame.1, frame.3, cut(bits, frame, cols))
}

/// The board `bits` (rows × cols) with the order of its rows reversed
/// and/or each row's cells reversed.
pub(crate) fn reflect(
    bits: u64,
    rows: usize,
    cols: usize,
    flip_rows: bool,
    flip_cols: bool,
) -> u64 {
    if cols == 0 || !(flip_rows || flip_cols) {
        return bits;
    }
    let full = low_bits(cols);
    let mut out = 0;
    for r in 0..rows {
        let mut row = shr(bits, r * cols) & full;
        if flip_cols {
            row = row.reverse_bits() >> (64 - cols);
        }
        let at = if flip_rows { rows - 1 - r } else { r };
        out |= shl(row, at * cols);
    }
    out
}

/// The board `bits` (rows × cols) reflected in its main diagonal
/// (cols × rows).
pub(crate) fn transpose(bits: u64, rows: usize, cols: usize) -> u64 {
    // Row by row, so that no cell's row and column need a division (a
    // division for each cell was the costliest instruction of Amazons'
    // least forms).
    let full = low_bits(cols);
    let mut out = 0;
    for r in 0..rows {
        let mut row = shr(bits, r * cols) & full;
        while row != 0 {
            let c = row.trailing_zeros() as usize;
            row &= row - 1;
            out |= 1u64 << (c * rows + r);
        }
    }
    out
}

/// The bitboards `sets` restricted to `region`, trimmed to its bounding
/// box, in their least form (as `(rows, cols, sets)`, compared in that
/// order) under the reflections of the board, and its transpositions too
/// when `transpose` is set (all eight symmetries of the square).
pub(crate) fn least_form<const N: usize>(
    region: u64,
    sets: [u64; N],
    rows: usize,
    cols: usize,
    transpose: bool,
) -> (usize, usize, [u64; N]) {
    let frame = bounding_box(region, rows, cols);
    let (h, w) = (frame.1, frame.3);
    let trimmed = sets.map(|set| cut(set & region, frame, cols));
    let mut best: Option<(usize, usize, [u64; N])> = None;
    let mut consider = |candidate: (usize, usize, [u64; N])| {
        if best.is_none_or(|b| candidate < b) {
            best = Some(candidate);
        }
    };
    // Turning a board half round reverses the order of all its bits, so
    // the four reflections cost one reflection of the rows, and the four
    // transposed forms one transposition and one more reflection.
    // Forms compare by their rows first: with `transpose`, the forms with
    // fewer rows win, so only a square needs both kinds.
    let half_turn = |b: u64| {
        if h * w == 0 {
            b
        } else {
            b.reverse_bits() >> (64 - h * w)
        }
    };
    if !transpose || h <= w {
        let flipped = trimmed.map(|b| reflect(b, h, w, true, false));
        consider((h, w, trimmed));
        consider((h, w, flipped));
        consider((h, w, flipped.map(half_turn)));
        consider((h, w, trimmed.map(half_turn)));
    }
    if transpose && w <= h {
        let turned = trimmed.map(|b| self::transpose(b, h, w));
        let turned_flipped = turned.map(|b| reflect(b, w, h, true, false));
        consider((w, h, turned));
        consider((w, h, turned_flipped));
        consider((w, h, turned_flipped.map(half_turn)));
        consider((w, h, turned.map(half_turn)));
    }
    best.expect("a form was considered")
}

/// Writes a board with one character per cell, rows separated by `|`.
pub(crate) fn write_rows(
    f: &mut std::fmt::Formatter<'_>,
    rows: usize,
    cols: usize,
    cell: impl Fn(usize) -> char,
) -> std::fmt::Result {
    for r in 0..rows {
        if r > 0 {
            f.write_str("|")?;
        }
        for c in 0..cols {
            write!(f, "{}", cell(r * cols + c))?;
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    /// `'a', 'b'`: the symbols of `L` as an error message lists them.
    fn names<L: Legend>() -> String {
        let names: Vec<String> = L::SYMBOLS.iter().map(|(c, _)| format!("'{c}'")).collect();
        names.join(", ")
    }

    #[test]
    fn legends_name_their_symbols() {
        assert_eq!(names::<XO>(), XO::NAMES);
        assert_eq!(names::<XOWalls>(), XOWalls::NAMES);
        assert_eq!(names::<EmptyOrFilled>(), EmptyOrFilled::NAMES);
        assert_eq!(
            names::<crate::ski_jumps::Skiers>(),
            crate::ski_jumps::Skiers::NAMES
        );
    }

    #[test]
    fn regions_are_orthogonally_connected() {
        // 3 × 3: cells 0, 1 joined; 5 and 8 joined (a column); 6 alone.
        let cells = 0b1_0110_0011;
        let mut found = Vec::new();
        regions(cells, 3, 3, |r| found.push(r));
        assert_eq!(found, vec![0b11, 0b1_0010_0000, 0b100_0000]);
        // Cells 2 and 3 touch only across a row end.
        let mut found = Vec::new();
        regions(0b1100, 2, 3, |r| found.push(r));
        assert_eq!(found.len(), 2);
    }

    #[test]
    fn steps_stay_on_the_board() {
        // 2 × 3: from (0, 2) right is off the board, down-left is (1, 1).
        assert_eq!(step(1 << 2, 2, 3, (0, 1)), 0);
        assert_eq!(step(1 << 2, 2, 3, (1, -1)), 1 << 4);
        assert_eq!(step(1 << 3, 2, 3, (0, -1)), 0);
        assert_eq!(step(1 << 3, 2, 3, (1, 0)), 0);
        assert_eq!(step(1 << 3, 2, 3, (-1, 1)), 1 << 1);
        // Cells 0 and 4 of a 2 × 3 board touch diagonally: one king region.
        let mut found = Vec::new();
        connected(1 | 1 << 4, 2, 3, &COMPASS, |r| found.push(r));
        assert_eq!(found, vec![1 | 1 << 4]);
        // A knight's step: (0, 0) to (1, 2) and back on a 2 × 3 board.
        assert_eq!(step(1, 2, 3, (1, 2)), 1 << 5);
        assert_eq!(step(1 << 5, 2, 3, (-1, -2)), 1);
        assert_eq!(step(1 << 1, 2, 3, (1, 2)), 0);
        assert_eq!(step(1, 2, 3, (0, 3)), 0);
    }

    #[test]
    fn adjacent_regions_are_those_the_steps_connect() {
        for (rows, cols) in [(1, 5), (2, 3), (3, 3), (3, 4), (4, 4), (5, 2)] {
            for cells in 0..1u64 << (rows * cols) {
                for (steps, diagonal) in [(&ORTHOGONAL[..], false), (&COMPASS[..], true)] {
                    let (mut fast, mut stepped) = (Vec::new(), Vec::new());
                    adjacent_regions(cells, rows, cols, diagonal, |r| fast.push(r));
                    stepped_regions(cells, rows, cols, steps, |r| stepped.push(r));
                    assert_eq!(fast, stepped, "{rows} x {cols}, cells {cells:b}");
                }
            }
        }
    }

    /// [`least_form`] as its definition reads: every cell of the region's
    /// box taken to its place under each symmetry, the least form kept.
    fn least_by_cells(
        region: u64,
        sets: [u64; 2],
        rows: usize,
        cols: usize,
        transpose: bool,
    ) -> (usize, usize, [u64; 2]) {
        let cells: Vec<(usize, usize)> = (0..rows * cols)
            .filter(|&i| region >> i & 1 == 1)
            .map(|i| (i / cols, i % cols))
            .collect();
        let top = cells.iter().map(|c| c.0).min().unwrap_or(0);
        let left = cells.iter().map(|c| c.1).min().unwrap_or(0);
        let h = cells.iter().map(|c| c.0 + 1 - top).max().unwrap_or(0);
        let w = cells.iter().map(|c| c.1 + 1 - left).max().unwrap_or(0);
        let mut forms = Vec::new();
        for turned in [false, true] {
            if turned && !transpose {
                continue;
            }
            let (fh, fw) = if turned { (w, h) } else { (h, w) };
            for flip_rows in [false, true] {
                for flip_cols in [false, true] {
                    let mut form = [0u64; 2];
                    for &(r0, c0) in &cells {
                        let r = if flip_rows {
                            h - 1 - (r0 - top)
                        } else {
                            r0 - top
                        };
                        let c = if flip_cols {
                            w - 1 - (c0 - left)
                        } else {
                            c0 - left
                        };
                        let (r, c) = if turned { (c, r) } else { (r, c) };
                        for (k, set) in sets.iter().enumerate() {
                            if set >> (r0 * cols + c0) & 1 == 1 {
                                form[k] |= 1 << (r * fw + c);
                            }
                        }
                    }
                    forms.push((fh, fw, form));
                }
            }
        }
        forms.into_iter().min().expect("a form")
    }

    #[test]
    fn least_forms_are_the_least_of_the_symmetries() {
        for (rows, cols) in [(1, 3), (2, 2), (2, 3), (3, 2), (3, 3), (2, 4)] {
            let n = rows * cols;
            for code in 0..3usize.pow(n as u32) {
                // Each cell empty, in set 0 or in set 1.
                let mut sets = [0u64; 2];
                for i in 0..n {
                    match code / 3usize.pow(i as u32) % 3 {
                        1 => sets[0] |= 1 << i,
                        2 => sets[1] |= 1 << i,
                        _ => {}
                    }
                }
                // The whole board, and the cells of either set (trimmed).
                for region in [low_bits(n), sets[0] | sets[1]] {
                    for transpose in [false, true] {
                        assert_eq!(
                            least_form(region, sets, rows, cols, transpose),
                            least_by_cells(region, sets, rows, cols, transpose),
                            "{rows} x {cols}, sets {sets:?}, region {region:b}"
                        );
                    }
                }
            }
        }
    }

    #[test]
    fn steps_made_once_land_where_steps_do() {
        let steps = [
            (-1, -1),
            (-1, 0),
            (0, 1),
            (1, 1),
            (1, -2),
            (-2, 1),
            (0, 3),
            (3, 0),
        ];
        for rows in 1..=8 {
            for cols in 1..=64 / rows {
                for d in steps {
                    let made = Step::new(rows, cols, d);
                    for cell in 0..rows * cols {
                        let x = 1u64 << cell;
                        assert_eq!(
                            made.from(x),
                            step(x, rows, cols, d),
                            "{rows} x {cols}, {d:?}, cell {cell}"
                        );
                    }
                }
            }
        }
    }

    #[test]
    fn columns_have_a_cell_in_each_row() {
        for rows in 1..=64 {
            for cols in 1..=64 / rows {
                for c in 0..cols {
                    let expected = (0..rows).fold(0, |m, r| m | 1u64 << (r * cols + c));
                    assert_eq!(
                        column(rows, cols, c),
                        expected,
                        "{rows} x {cols}, column {c}"
                    );
                }
            }
        }
    }

    #[test]
    fn trimming_reflecting_and_transposing() {
        // 3 × 4 with cells (1, 1), (1, 2), (2, 2).
        let bits = 1 << 5 | 1 << 6 | 1 << 10;
        let (rows, cols, trimmed) = trim(bits, bits, 3, 4);
        assert_eq!((rows, cols, trimmed), (2, 2, 0b10_11));
        assert_eq!(reflect(trimmed, 2, 2, false, false), 0b10_11);
        assert_eq!(reflect(trimmed, 2, 2, true, false), 0b11_10);
        assert_eq!(reflect(trimmed, 2, 2, false, true), 0b01_11);
        assert_eq!(reflect(trimmed, 2, 2, true, true), 0b11_01);
        assert_eq!(transpose(0b10_11, 2, 2), 0b11_01);
        // A 2 × 3 board and its 3 × 2 transpose, cell by cell.
        let wide = 0b011_101;
        assert_eq!(transpose(wide, 2, 3), 0b01_10_11);
        // A whole 8 × 8 board, and a 1 × 64 row.
        assert_eq!(trim(u64::MAX, u64::MAX, 8, 8), (8, 8, u64::MAX));
        assert_eq!(reflect(1, 1, 64, false, true), 1 << 63);
        assert_eq!(reflect(1, 64, 1, true, false), 1 << 63);
        assert_eq!(transpose(1 << 9, 8, 8), 1 << 9);
        assert_eq!(transpose(1 << 1, 8, 8), 1 << 8);
    }
}
