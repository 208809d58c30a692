//! Placement games given by their shapes: each player has a set of shapes,
//! a move lays one of the mover's shapes on empty cells of the board (any
//! translation of it whose cells are all empty) and fills them; who cannot
//! move loses. Domineering is Left's vertical domino against Right's
//! horizontal one, Cram both dominoes for both players (pycgt describes
//! these games the same way).
//!
//! A shape is a list of (row, column) offsets; only its form matters, not
//! where it starts, so `[(0, 0), (1, 0)]` and `[(5, 3), (6, 3)]` are the same
//! vertical domino. [`Symmetries`] adds each shape's images (rotations,
//! reflections) to its player's set, for games played with free pieces.
//!
//! Positions are written as the grid rulesets write theirs
//! ([`PlacementGame::parse`]): rows separated by `|`, `.` an empty cell,
//! `#` a filled one; at most 64 cells.
//!
//! How a position is kept small, each step valid for any shapes:
//! - an empty cell that no shape of either player can cover now is never
//!   covered later (empty cells only get fewer), so it is dropped;
//! - the board splits into regions: cells joined when one placement covers
//!   both, the closure of that; no placement meets two regions, now or
//!   later, so the game is the sum of the regions' games;
//! - each region is trimmed to its bounding box and put in its least form
//!   under the symmetries of the square that keep the game (below);
//! - a symmetry that maps Left's shapes onto Right's and Right's onto
//!   Left's maps a position onto its negative
//!   ([`PartizanGame::negative_of`]), as a transposed Domineering board.
//!
//! Which symmetries keep the game: a symmetry `t` of the square (a
//! reflection or rotation, acting on offsets) keeps the game when it maps
//! each player's set of shapes onto itself, up to translation. Proof: a
//! placement of shape `s` at translation `v` covers the cells `s + v`, and
//! `t(s + v) = t(s) + t(v)` is a placement of `t(s)`, a shape of the same
//! player, on the image board; `t` is a bijection of cells, so it maps the
//! empty cells of a position onto those of its image and each player's
//! moves one to one onto the same player's moves there, and the images of
//! the results are the results of the images. By induction on the number of
//! empty cells the two game trees are the same tree, with the same player
//! on each edge: the values are equal. If `t` maps Left's set onto Right's
//! and Right's onto Left's, the same argument gives the tree with the
//! players exchanged: the negative. The symmetries that keep the game are
//! the stabiliser of the two sets, a group, so the least form over the
//! group is the same for every position of one orbit; the exchanging ones
//! are one coset of it (any two differ by a keeping one).
//!
//! When both players have the same shapes the game is impartial; its
//! values are still canonical forms, nimbers.
//!
//! # Example
//! ```
//! use cgt_core::canonical::GameStore;
//! use cgt_core::partizan::ValueMemo;
//! use cgt_rulesets::placement::{PlacementGame, Symmetries};
//!
//! // Domineering: Left's domino vertical, Right's horizontal.
//! let dominoes = PlacementGame::new(
//!     &[vec![(0, 0), (1, 0)]],
//!     &[vec![(0, 0), (0, 1)]],
//!     Symmetries::AsGiven,
//! )?;
//! let mut store = GameStore::new();
//! let mut memo = ValueMemo::new(dominoes);
//! let board = PlacementGame::parse("..#|...")?;
//! let value = memo.value(&mut store, &board).expect("a small value");
//! assert_eq!(store.display(value), "+-1");
//!
//! // L trominoes in every orientation for Left, the straight one for
//! // Right, either way round.
//! let game = PlacementGame::new(
//!     &[vec![(0, 0), (1, 0), (1, 1)]],
//!     &[vec![(0, 0), (0, 1), (0, 2)]],
//!     Symmetries::RotationsAndReflections,
//! )?;
//! assert_eq!(game.shapes(cgt_core::outcome::Side::Left).len(), 4);
//! assert_eq!(game.shapes(cgt_core::outcome::Side::Right).len(), 2);
//! let mut memo = ValueMemo::new(game);
//! // On 2 × 3 whoever moves first takes a move and leaves none.
//! let value = memo.value(&mut store, &PlacementGame::parse("...|...")?).expect("small");
//! assert_eq!(store.display(value), "+-1");
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! # Complexity
//! A move's result costs, per shape, a few word operations per cell of the
//! shape, and its least form a pass over its cells per symmetry kept; the
//! memo values each distinct normalised region once.

use crate::parse::{MAX_CELLS, ParseError, parse_grid};
use cgt_core::outcome::Side;
use cgt_core::partizan::PartizanGame;
use std::fmt;

/// The most shapes a player may have, with their images.
pub const MAX_SHAPES: usize = 256;

/// Which images of each given shape its player has too.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Symmetries {
    /// The shapes as given (Domineering: one domino each).
    #[default]
    AsGiven,
    /// Each shape and its quarter, half and three-quarter turns.
    Rotations,
    /// Each shape and its images under the eight symmetries of the square
    /// (free pieces, as in Blokus).
    RotationsAndReflections,
}

/// A shape that cannot be a player's: which one, and why.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ShapeError {
    /// A shape with no cells (`shape` counts from 0 in its player's list).
    NoCells {
        /// Whose shape.
        side: Side,
        /// Its index in that player's list.
        shape: usize,
    },
    /// A shape that names one cell twice.
    RepeatedCell {
        /// Whose shape.
        side: Side,
        /// Its index in that player's list.
        shape: usize,
        /// The cell named twice.
        cell: (i64, i64),
    },
    /// A shape whose bounding box has more cells than any board
    /// ([`MAX_CELLS`]): no board could take it.
    TooLarge {
        /// Whose shape.
        side: Side,
        /// Its index in that player's list.
        shape: usize,
        /// The rows its box spans (saturated at `u64::MAX`).
        rows: u64,
        /// The columns its box spans (saturated at `u64::MAX`).
        cols: u64,
    },
    /// More than [`MAX_SHAPES`] distinct shapes for one player, counting
    /// the images [`Symmetries`] adds.
    TooManyShapes {
        /// Whose shapes.
        side: Side,
    },
}

fn whose(side: Side) -> &'static str {
    match side {
        Side::Left => "Left's",
        Side::Right => "Right's",
    }
}

impl fmt::Display for ShapeError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            ShapeError::NoCells { side, shape } => {
                write!(f, "{} shape {shape} has no cells", whose(side))
            }
            ShapeError::RepeatedCell { side, shape, cell } => write!(
                f,
                "{} shape {shape} names the cell ({}, {}) twice",
                whose(side),
                cell.0,
                cell.1
            ),
            ShapeError::TooLarge {
                side,
                shape,
                rows,
                cols,
            } => write!(
                f,
                "{} shape {shape} spans {rows} rows and {cols} columns; \
                 a board has at most {MAX_CELLS} cells",
                whose(side)
            ),
            ShapeError::TooManyShapes { side } => write!(
                f,
                "{} shapes number more than {MAX_SHAPES} with their images",
                whose(side)
            ),
        }
    }
}

impl std::error::Error for ShapeError {}

/// A symmetry of the square, acting on (row, column): first each flip,
/// then the exchange of rows and columns.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Symmetry {
    flip_rows: bool,
    flip_cols: bool,
    transpose: bool,
}

impl Symmetry {
    /// All eight, the identity first.
    fn all() -> [Symmetry; 8] {
        let mut out = [Symmetry {
            flip_rows: false,
            flip_cols: false,
            transpose: false,
        }; 8];
        for (i, s) in out.iter_mut().enumerate() {
            *s = Symmetry {
                flip_rows: i & 1 != 0,
                flip_cols: i & 2 != 0,
                transpose: i & 4 != 0,
            };
        }
        out
    }

    /// The rotations: identity, the half turn and the two quarter turns.
    fn rotations() -> [Symmetry; 4] {
        let turn = |flip_rows, flip_cols, transpose| Symmetry {
            flip_rows,
            flip_cols,
            transpose,
        };
        [
            turn(false, false, false),
            turn(true, true, false),
            turn(true, false, true),
            turn(false, true, true),
        ]
    }

    /// The image of the cell (`r`, `c`) of a `rows × cols` box, in the
    /// image box (`cols × rows` when transposed).
    fn cell(self, rows: usize, cols: usize, r: usize, c: usize) -> (usize, usize) {
        let r = if self.flip_rows { rows - 1 - r } else { r };
        let c = if self.flip_cols { cols - 1 - c } else { c };
        if self.transpose { (c, r) } else { (r, c) }
    }
}

/// A shape: its cells as offsets from its bounding box's top left corner,
/// sorted, and the box's size.
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
struct Shape {
    cells: Vec<(u8, u8)>,
    rows: usize,
    cols: usize,
}

impl Shape {
    /// The shape of `cells` (checked: some cells, none twice, a box of at
    /// most [`MAX_CELLS`] cells).
    fn new(cells: &[(i64, i64)], side: Side, shape: usize) -> Result<Shape, ShapeError> {
        let (Some(top), Some(left)) = (
            cells.iter().map(|c| c.0).min(),
            cells.iter().map(|c| c.1).min(),
        ) else {
            return Err(ShapeError::NoCells { side, shape });
        };
        let span = |low: i64, high: i64| -> u64 {
            u64::try_from(i128::from(high) - i128::from(low) + 1).unwrap_or(u64::MAX)
        };
        let bottom = cells.iter().map(|c| c.0).max().unwrap_or(top);
        let right = cells.iter().map(|c| c.1).max().unwrap_or(left);
        let (rows, cols) = (span(top, bottom), span(left, right));
        if rows.saturating_mul(cols) > MAX_CELLS as u64 {
            return Err(ShapeError::TooLarge {
                side,
                shape,
                rows,
                cols,
            });
        }
        // Within a box of at most 64 cells both offsets fit a byte.
        let mut offsets: Vec<(u8, u8)> = cells
            .iter()
            .map(|&(r, c)| ((r - top) as u8, (c - left) as u8))
            .collect();
        offsets.sort_unstable();
        if let Some(pair) = offsets.windows(2).find(|p| p[0] == p[1]) {
            let (r, c) = pair[0];
            return Err(ShapeError::RepeatedCell {
                side,
                shape,
                cell: (top + i64::from(r), left + i64::from(c)),
            });
        }
        Ok(Shape {
            cells: offsets,
            rows: rows as usize,
            cols: cols as usize,
        })
    }

    /// The image of this shape under `t`, moved back to its corner.
    fn image(&self, t: Symmetry) -> Shape {
        let mut cells: Vec<(u8, u8)> = self
            .cells
            .iter()
            .map(|&(r, c)| {
                let (r, c) = t.cell(self.rows, self.cols, usize::from(r), usize::from(c));
                (r as u8, c as u8)
            })
            .collect();
        cells.sort_unstable();
        let (rows, cols) = if t.transpose {
            (self.cols, self.rows)
        } else {
            (self.rows, self.cols)
        };
        Shape { cells, rows, cols }
    }

    /// The bit offsets of its cells on a board `cols` wide (the shape
    /// fitting the board).
    fn offsets(&self, cols: usize) -> impl Iterator<Item = usize> + '_ {
        self.cells
            .iter()
            .map(move |&(r, c)| usize::from(r) * cols + usize::from(c))
    }
}

/// The bits `x` moved `n` places up (`<<`), 0 past the word.
fn up(x: u64, n: usize) -> u64 {
    x.checked_shl(n as u32).unwrap_or(0)
}

/// The bits `x` moved `n` places down (`>>`), 0 past the word.
fn down(x: u64, n: usize) -> u64 {
    x.checked_shr(n as u32).unwrap_or(0)
}

/// A board of a placement game: its size and its empty cells, cell (r, c)
/// at bit `r * cols + c` (row 0 on top).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct PlacementBoard {
    rows: u8,
    cols: u8,
    empty: u64,
}

impl PlacementBoard {
    /// Its rows and its columns.
    pub fn size(&self) -> (usize, usize) {
        (usize::from(self.rows), usize::from(self.cols))
    }

    /// Whether cell (`row`, `col`) is empty (false outside the board).
    pub fn is_empty(&self, row: usize, col: usize) -> bool {
        let (rows, cols) = self.size();
        row < rows && col < cols && self.empty >> (row * cols + col) & 1 == 1
    }

    /// The cells where `shape`'s top left corner may go: all its cells on
    /// the board and empty.
    fn anchors(&self, shape: &Shape) -> u64 {
        let (rows, cols) = self.size();
        if shape.rows > rows || shape.cols > cols {
            return 0;
        }
        // Corners whose box stays on the board: a shift then never carries
        // a cell from one row into the next.
        let row = u64::MAX >> (64 - (cols - shape.cols + 1));
        let mut fits = (0..=rows - shape.rows).fold(0, |m, r| m | row << (r * cols));
        for offset in shape.offsets(cols) {
            fits &= down(self.empty, offset);
            if fits == 0 {
                break;
            }
        }
        fits
    }

    /// The cells covered by `shape` laid at each of `anchors`.
    fn covered(&self, shape: &Shape, anchors: u64) -> u64 {
        shape
            .offsets(self.size().1)
            .fold(0, |m, offset| m | up(anchors, offset))
    }

    /// The board with only the empty cells `cells`, trimmed to their
    /// bounding box and in its least form under `group`.
    fn least(&self, cells: u64, group: &[Symmetry]) -> PlacementBoard {
        let trimmed = self.trimmed(cells);
        group
            .iter()
            .map(|&t| trimmed.image(t))
            .min()
            .unwrap_or(trimmed)
    }

    /// The board with only the empty cells `cells`, cut to their bounding
    /// box (the board with no rows when there are none).
    fn trimmed(&self, cells: u64) -> PlacementBoard {
        let cols = self.size().1;
        if cells == 0 || cols == 0 {
            return PlacementBoard {
                rows: 0,
                cols: 0,
                empty: 0,
            };
        }
        let (mut top, mut bottom, mut left, mut right) = (usize::MAX, 0, usize::MAX, 0);
        let mut rest = cells;
        while rest != 0 {
            let i = rest.trailing_zeros() as usize;
            rest &= rest - 1;
            let (r, c) = (i / cols, i % cols);
            (top, bottom) = (top.min(r), bottom.max(r));
            (left, right) = (left.min(c), right.max(c));
        }
        let (rows, width) = (bottom - top + 1, right - left + 1);
        let mut empty = 0;
        let mut rest = cells;
        while rest != 0 {
            let i = rest.trailing_zeros() as usize;
            rest &= rest - 1;
            empty |= 1 << ((i / cols - top) * width + (i % cols - left));
        }
        PlacementBoard {
            rows: rows as u8,
            cols: width as u8,
            empty,
        }
    }

    /// The whole board's image under `t`.
    fn image(&self, t: Symmetry) -> PlacementBoard {
        let (rows, cols) = self.size();
        if t == Symmetry::all()[0] {
            return *self;
        }
        let width = if t.transpose { rows } else { cols };
        let mut empty = 0;
        let mut rest = self.empty;
        while rest != 0 {
            let i = rest.trailing_zeros() as usize;
            rest &= rest - 1;
            let (r, c) = t.cell(rows, cols, i / cols, i % cols);
            empty |= 1 << (r * width + c);
        }
        let (rows, cols) = if t.transpose {
            (self.cols, self.rows)
        } else {
            (self.rows, self.cols)
        };
        PlacementBoard { rows, cols, empty }
    }
}

impl fmt::Display for PlacementBoard {
    /// The board in the form [`PlacementGame::parse`] reads.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let (rows, cols) = self.size();
        let text: String = (0..rows)
            .flat_map(|r| {
                let sep = (r > 0).then_some('|');
                sep.into_iter()
                    .chain((0..cols).map(move |c| if self.is_empty(r, c) { '.' } else { '#' }))
            })
            .collect();
        f.write_str(&text)
    }
}

/// The rules of a placement game given by each player's shapes; positions
/// are [`PlacementBoard`]s.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PlacementGame {
    left: Vec<Shape>,
    right: Vec<Shape>,
    /// Every shape of either player, once: what can cover a cell.
    either: Vec<Shape>,
    /// The symmetries that keep each player's shapes (the identity first).
    keep: Vec<Symmetry>,
    /// The symmetries that exchange the players' shapes.
    exchange: Vec<Symmetry>,
}

/// One player's shapes, checked, with the images `symmetries` adds, sorted
/// and without repeats.
fn shape_set(
    shapes: &[Vec<(i64, i64)>],
    side: Side,
    symmetries: Symmetries,
) -> Result<Vec<Shape>, ShapeError> {
    let images: &[Symmetry] = match symmetries {
        Symmetries::AsGiven => &Symmetry::all()[..1],
        Symmetries::Rotations => &Symmetry::rotations(),
        Symmetries::RotationsAndReflections => &Symmetry::all(),
    };
    let mut out = Vec::new();
    for (i, cells) in shapes.iter().enumerate() {
        let shape = Shape::new(cells, side, i)?;
        out.extend(images.iter().map(|&t| shape.image(t)));
        out.sort_unstable();
        out.dedup();
        if out.len() > MAX_SHAPES {
            return Err(ShapeError::TooManyShapes { side });
        }
    }
    Ok(out)
}

/// `shapes`' images under `t`, sorted.
fn images(shapes: &[Shape], t: Symmetry) -> Vec<Shape> {
    let mut out: Vec<Shape> = shapes.iter().map(|s| s.image(t)).collect();
    out.sort_unstable();
    out
}

impl PlacementGame {
    /// The game in which Left lays the shapes `left` and Right the shapes
    /// `right`, each a list of (row, column) offsets, with the images
    /// `symmetries` adds.
    ///
    /// # Errors
    /// A [`ShapeError`]: a shape with no cells, with a cell named twice,
    /// too large for any board, or too many shapes.
    pub fn new(
        left: &[Vec<(i64, i64)>],
        right: &[Vec<(i64, i64)>],
        symmetries: Symmetries,
    ) -> Result<PlacementGame, ShapeError> {
        let left = shape_set(left, Side::Left, symmetries)?;
        let right = shape_set(right, Side::Right, symmetries)?;
        let mut either: Vec<Shape> = left.iter().chain(&right).cloned().collect();
        either.sort_unstable();
        either.dedup();
        let mut keep = Vec::new();
        let mut exchange = Vec::new();
        for t in Symmetry::all() {
            let (l, r) = (images(&left, t), images(&right, t));
            if l == left && r == right {
                keep.push(t);
            } else if l == right && r == left {
                exchange.push(t);
            }
        }
        Ok(PlacementGame {
            left,
            right,
            either,
            keep,
            exchange,
        })
    }

    /// `side`'s shapes, with the images added, each as its offsets from
    /// its bounding box's top left corner, sorted.
    pub fn shapes(&self, side: Side) -> Vec<Vec<(usize, usize)>> {
        let shapes = match side {
            Side::Left => &self.left,
            Side::Right => &self.right,
        };
        shapes
            .iter()
            .map(|s| {
                s.cells
                    .iter()
                    .map(|&(r, c)| (usize::from(r), usize::from(c)))
                    .collect()
            })
            .collect()
    }

    /// How many symmetries of the square keep the game (the identity
    /// among them), and how many exchange the players' shapes.
    pub fn symmetry_counts(&self) -> (usize, usize) {
        (self.keep.len(), self.exchange.len())
    }

    /// Reads a board: rows of `.` (empty) and `#` (filled) separated by
    /// `|`, all of one length, at most 64 cells; whitespace is skipped.
    ///
    /// # Errors
    /// A [`ParseError`] that says where, as the grid rulesets' readers.
    ///
    /// # Example
    /// ```
    /// use cgt_rulesets::placement::PlacementGame;
    /// let board = PlacementGame::parse("..#|...")?;
    /// assert!(!board.is_empty(0, 2));
    /// assert_eq!(board.to_string(), "..#|...");
    /// assert_eq!(PlacementGame::parse("..|.o").unwrap_err().position(), 4);
    /// # Ok::<(), cgt_rulesets::ParseError>(())
    /// ```
    pub fn parse(text: &str) -> Result<PlacementBoard, ParseError> {
        let (rows, cols, cells) = parse_grid(text, &['.', '#'], "'.', '#'")?;
        let empty = cells
            .iter()
            .enumerate()
            .filter(|&(_, &k)| k == 0)
            .fold(0u64, |m, (i, _)| m | 1 << i);
        Ok(PlacementBoard {
            rows: rows as u8,
            cols: cols as u8,
            empty,
        })
    }

    /// The empty cells of `board` some shape of either player can cover.
    fn live(&self, board: &PlacementBoard) -> u64 {
        self.either
            .iter()
            .fold(0, |m, s| m | board.covered(s, board.anchors(s)))
    }

    /// The cells of `live` joined to `seed` by placements on `board`: the
    /// closure of "one placement covers both".
    fn region(&self, board: &PlacementBoard, live: u64, seed: u64) -> u64 {
        let anchors: Vec<u64> = self.either.iter().map(|s| board.anchors(s)).collect();
        let cols = board.size().1;
        let mut region = seed;
        loop {
            let mut grown = region;
            for (shape, &fits) in self.either.iter().zip(&anchors) {
                // The corners of the placements that meet the region.
                let meet = shape
                    .offsets(cols)
                    .fold(0, |m, offset| m | down(region, offset))
                    & fits;
                grown |= board.covered(shape, meet);
            }
            grown &= live;
            if grown == region {
                return region;
            }
            region = grown;
        }
    }
}

impl PartizanGame for PlacementGame {
    type Position = PlacementBoard;

    /// Each placement of one of `side`'s shapes; the board after it
    /// without the cells no shape can cover, trimmed, in its least form.
    fn options(&self, board: &PlacementBoard, side: Side, out: &mut Vec<PlacementBoard>) {
        let shapes = match side {
            Side::Left => &self.left,
            Side::Right => &self.right,
        };
        for shape in shapes {
            let mut fits = board.anchors(shape);
            while fits != 0 {
                let corner = fits & fits.wrapping_neg();
                fits &= fits - 1;
                let after = PlacementBoard {
                    empty: board.empty & !board.covered(shape, corner),
                    ..*board
                };
                out.push(after.least(self.live(&after), &self.keep));
            }
        }
    }

    /// The regions of the cells some shape can cover (see the module's
    /// doc), each trimmed and in its least form; nothing when the board is
    /// one region already in that form.
    fn components(&self, board: &PlacementBoard, parts: &mut Vec<PlacementBoard>) {
        let start = parts.len();
        let live = self.live(board);
        let mut rest = live;
        while rest != 0 {
            let region = self.region(board, live, rest & rest.wrapping_neg());
            rest &= !region;
            parts.push(board.least(region, &self.keep));
        }
        if parts.len() == start + 1 && parts[start] == *board {
            parts.truncate(start);
        }
    }

    /// The least form of the board's image under a symmetry that exchanges
    /// the players' shapes, when it is less than the board: the two boards
    /// of such a pair are negatives, and the memo keeps the lesser.
    fn negative_of(&self, board: &PlacementBoard) -> Option<PlacementBoard> {
        // The exchanging symmetries are the keeping ones after any one of
        // them: the least of their images is the least form of the other
        // board of the pair, and from there the least of the images is
        // this board again (when it is in its least form), not less, so
        // that board answers `None` (see the module's doc).
        let other = self.exchange.iter().map(|&t| board.image(t)).min()?;
        (other < *board).then_some(other)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn dominoes() -> PlacementGame {
        PlacementGame::new(
            &[vec![(0, 0), (1, 0)]],
            &[vec![(0, 0), (0, 1)]],
            Symmetries::AsGiven,
        )
        .expect("dominoes")
    }

    #[test]
    fn domineering_keeps_the_reflections_and_exchanges_on_the_transposes() {
        assert_eq!(dominoes().symmetry_counts(), (4, 4));
        let cram = PlacementGame::new(
            &[vec![(0, 0), (1, 0)], vec![(0, 0), (0, 1)]],
            &[vec![(0, 0), (1, 0)], vec![(0, 0), (0, 1)]],
            Symmetries::AsGiven,
        )
        .expect("dominoes");
        assert_eq!(cram.symmetry_counts(), (8, 0));
        // An L tromino in one orientation against a monomino: only the
        // transpose keeps the L (its corner on the diagonal).
        let l = PlacementGame::new(
            &[vec![(0, 0), (1, 0), (1, 1)]],
            &[vec![(3, 3)]],
            Symmetries::AsGiven,
        )
        .expect("shapes");
        assert_eq!(l.symmetry_counts(), (2, 0));
    }

    #[test]
    fn moves_drop_cells_nothing_can_cover() {
        let game = dominoes();
        let board = PlacementGame::parse("..#|...").expect("a board");
        let mut out = Vec::new();
        game.options(&board, Side::Left, &mut out);
        let options: Vec<String> = out.iter().map(|b| b.to_string()).collect();
        // The vertical domino at column 0 leaves `.#|..` (cell (0, 1) and
        // row 1's last two), least turned upside down; at column 1 it
        // leaves column 0 and the lone (1, 2), which no domino covers.
        assert_eq!(options, ["..|.#", ".|."]);
        out.clear();
        game.options(&board, Side::Right, &mut out);
        let options: Vec<String> = out.iter().map(|b| b.to_string()).collect();
        assert_eq!(options, ["...", "..", "..|.#"]);
    }

    #[test]
    fn regions_join_cells_a_placement_covers_together() {
        // A shape with a gap, (0, 0) and (0, 2), joins cells two apart.
        let gap =
            PlacementGame::new(&[vec![(0, 0), (0, 2)]], &[], Symmetries::AsGiven).expect("a shape");
        let board = PlacementGame::parse(".#.#.").expect("a board");
        let mut parts = Vec::new();
        gap.components(&board, &mut parts);
        assert!(parts.is_empty(), "one region: {parts:?}");
        let board = PlacementGame::parse(".#.##.#.").expect("a board");
        gap.components(&board, &mut parts);
        let parts: Vec<String> = parts.iter().map(|b| b.to_string()).collect();
        assert_eq!(parts, [".#.", ".#."]);
    }

    #[test]
    fn bad_shapes_are_refused() {
        let game = |left: &[Vec<(i64, i64)>]| {
            PlacementGame::new(left, &[], Symmetries::AsGiven).map_err(|e| e.to_string())
        };
        assert_eq!(game(&[vec![]]), Err("Left's shape 0 has no cells".into()));
        assert_eq!(
            game(&[vec![(0, 0)], vec![(1, 2), (1, 2)]]),
            Err("Left's shape 1 names the cell (1, 2) twice".into())
        );
        assert_eq!(
            game(&[vec![(i64::MIN, 0), (i64::MAX, 0)]]),
            Err(format!(
                "Left's shape 0 spans {} rows and 1 columns; a board has at most 64 cells",
                u64::MAX
            ))
        );
        assert!(game(&[vec![(0, 0), (7, 7)]]).is_ok());
        assert!(game(&[vec![(0, 0), (8, 7)]]).is_err());
    }
}
