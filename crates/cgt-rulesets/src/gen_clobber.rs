//! Clobber's variants, as CGSuite's ruleset schema `game.grid.GenClobber`
//! defines them (`lib/core/.../game/grid/GenClobber.cgs` and
//! `constants.cgs`): a move takes one of your stones from its square `c`,
//! in one of the schema's directions, onto a square `p` it may move onto;
//! `p` gets your stone and `c` what the variant leaves behind.
//!
//! | variant | directions | moves onto | leaves behind |
//! |---|---|---|---|
//! | [`GenClobber::KINGS`] | the eight king steps | an enemy stone | an empty square |
//! | [`GenClobber::KNIGHTS`] | the eight knight jumps (over anything) | an enemy stone | an empty square |
//! | [`GenClobber::ROOKS`] | the four rook lines, any distance through empty squares | the first stone met, if an enemy's | an empty square |
//! | [`GenClobber::QUEENS`] | the eight queen lines, any distance through empty squares | the first stone met, if an enemy's | an empty square |
//! | [`GenClobber::HOT_CLOBBER`] | the four orthogonal steps | a stone of either colour | an empty square |
//! | [`GenClobber::ANTI_CLOBBER`] | the four orthogonal steps | an empty square | an enemy stone |
//!
//! Hot Clobber is MCGS's Cannibal Clobber (a stone may clobber its own
//! colour too). Anti-Clobber is Clobber played backwards: a stone steps
//! onto an empty square and leaves an enemy stone where it was.
//!
//! A position is written row by row, rows separated by `|`: `x` Left's
//! stone, `o` Right's, `.` an empty square; Anti-Clobber (the one variant
//! that moves onto empty squares) also reads `#`, a square off the board.
//! Boards have at most 64 squares.
//!
//! Each position splits into independent parts
//! ([`PartizanGame::components`](cgt_core::partizan::PartizanGame)), each
//! trimmed and put in the least of its eight forms under the symmetries of
//! the square (every variant's moves are symmetric):
//! - stepping and jumping variants: the groups of stones connected by the
//!   variant's steps (a stone only ever lands on a square of its group); a
//!   group with no move (one colour, or a single stone in Hot Clobber) is
//!   0 and left out;
//! - Rooks and Queens: the classes of stones linked by sharing a row or
//!   column (Queens: or a diagonal), transitively; no stone of one class
//!   ever stands on a line of another's, so nothing between them blocks,
//!   and for Rooks the empty rows and columns of a class are dropped (only
//!   the order of stones along a line matters);
//! - Anti-Clobber: the orthogonally connected regions of on-board squares
//!   with both a stone and an empty square.
//!
//! # Example
//! ```
//! use cgt_core::canonical::GameStore;
//! use cgt_core::partizan::ValueMemo;
//! use cgt_rulesets::gen_clobber::GenClobber;
//!
//! let mut store = GameStore::new();
//! // Kings: `x` and `o` diagonally adjacent are *, as `xo` is in Clobber.
//! let mut kings = ValueMemo::new(GenClobber::KINGS);
//! let value = kings.value(&mut store, &GenClobber::KINGS.parse("x.|.o")?).expect("small");
//! assert_eq!(store.display(value), "*");
//! // Rooks: stones far apart on a row still meet.
//! let mut rooks = ValueMemo::new(GenClobber::ROOKS);
//! let value = rooks.value(&mut store, &GenClobber::ROOKS.parse("x...o")?).expect("small");
//! assert_eq!(store.display(value), "*");
//! // Anti-Clobber: `x.` is 1 (Left steps right and leaves `o`: `ox`).
//! let mut anti = ValueMemo::new(GenClobber::ANTI_CLOBBER);
//! let value = anti.value(&mut store, &GenClobber::ANTI_CLOBBER.parse("x.")?).expect("small");
//! assert_eq!(store.display(value), "1");
//! # Ok::<(), cgt_rulesets::ParseError>(())
//! ```

use crate::board::{self, Board, COMPASS, Form, ORTHOGONAL, XOWalls, connected, low_bits, step};
use crate::parse::ParseError;
use cgt_core::outcome::Side;
use cgt_core::partizan::PartizanGame;

/// The eight knight jumps.
const KNIGHT: [(isize, isize); 8] = [
    (-2, -1),
    (-2, 1),
    (-1, -2),
    (-1, 2),
    (1, -2),
    (1, 2),
    (2, -1),
    (2, 1),
];

/// What a stone may move onto.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
enum Target {
    /// An enemy stone.
    Enemy,
    /// A stone of either colour.
    Stone,
    /// An empty square.
    Empty,
}

/// A variant of Clobber: its directions, what a stone moves onto, whether
/// it leaves an enemy stone behind, and whether it slides any distance.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct GenClobber {
    directions: &'static [(isize, isize)],
    target: Target,
    spawn: bool,
    slide: bool,
}

/// A board of a Clobber variant (and of Konane, Fission and NoGo): its
/// size, its on-board squares and the squares of Left's stones `x` and
/// Right's `o`, the three sets of its [`Board`] (`.` an empty square, `#`
/// one off the board).
pub type Pieces = Board<3, XOWalls>;

impl Pieces {
    /// The stones of `group` on the squares `open`, trimmed to `open`, in
    /// their least form under the eight symmetries of the square.
    fn part(&self, open: u64, group: u64) -> Pieces {
        self.least(
            open,
            [open, self.left() & group, self.right() & group],
            true,
        )
    }

    /// The stones of `group` with the rows and columns that hold none of
    /// them dropped, in their least form.
    fn compacted(&self, group: u64) -> Pieces {
        let (rows, cols) = (self.rows(), self.cols());
        let kept_rows: Vec<usize> = (0..rows)
            .filter(|&r| group >> (r * cols) & low_bits(cols) != 0)
            .collect();
        let kept_cols: Vec<usize> = (0..cols)
            .filter(|&c| group & board::column(rows, cols, c) != 0)
            .collect();
        let (h, w) = (kept_rows.len(), kept_cols.len());
        let (mut left, mut right) = (0u64, 0u64);
        for (i, &r) in kept_rows.iter().enumerate() {
            for (j, &c) in kept_cols.iter().enumerate() {
                let from = r * cols + c;
                left |= ((self.left() & group) >> from & 1) << (i * w + j);
                right |= ((self.right() & group) >> from & 1) << (i * w + j);
            }
        }
        let small = Pieces::new(h, w, [low_bits(h * w), left, right]);
        small.part(small.open(), u64::MAX)
    }
}

/// The squares of the bounding box of `x`.
fn bounding_box(x: u64, rows: usize, cols: usize) -> u64 {
    let (mut rows_used, mut cols_used) = (0u64, 0u64);
    for r in 0..rows {
        if x >> (r * cols) & low_bits(cols) != 0 {
            rows_used |= 1 << r;
        }
    }
    for c in 0..cols {
        if x & board::column(rows, cols, c) != 0 {
            cols_used |= 1 << c;
        }
    }
    if x == 0 {
        return 0;
    }
    let (top, bottom) = (rows_used.trailing_zeros(), 63 - rows_used.leading_zeros());
    let (first, last) = (cols_used.trailing_zeros(), 63 - cols_used.leading_zeros());
    let mut out = 0;
    for r in top..=bottom {
        for c in first..=last {
            out |= 1 << (r as usize * cols + c as usize);
        }
    }
    out
}

/// The squares on the lines through some square of `x` in `directions`,
/// whatever stands on them.
fn lines(x: u64, rows: usize, cols: usize, directions: &[(isize, isize)]) -> u64 {
    let mut out = x;
    for &d in directions {
        let mut ray = x;
        loop {
            let next = ray | step(ray, rows, cols, d);
            if next == ray {
                break;
            }
            ray = next;
        }
        out |= ray;
    }
    out
}

impl GenClobber {
    /// Kings: Clobber with king steps (orthogonal or diagonal).
    pub const KINGS: GenClobber = GenClobber {
        directions: &COMPASS,
        target: Target::Enemy,
        spawn: false,
        slide: false,
    };

    /// Knights: Clobber with knight jumps.
    pub const KNIGHTS: GenClobber = GenClobber {
        directions: &KNIGHT,
        target: Target::Enemy,
        spawn: false,
        slide: false,
    };

    /// Rooks: a stone slides along a row or column through empty squares
    /// and clobbers the first stone it meets, which must be an enemy's.
    pub const ROOKS: GenClobber = GenClobber {
        directions: &ORTHOGONAL,
        target: Target::Enemy,
        spawn: false,
        slide: true,
    };

    /// Queens: as Rooks, along diagonals too.
    pub const QUEENS: GenClobber = GenClobber {
        directions: &COMPASS,
        target: Target::Enemy,
        spawn: false,
        slide: true,
    };

    /// Hot Clobber (MCGS's Cannibal Clobber): a stone clobbers an
    /// orthogonally adjacent stone of either colour.
    pub const HOT_CLOBBER: GenClobber = GenClobber {
        directions: &ORTHOGONAL,
        target: Target::Stone,
        spawn: false,
        slide: false,
    };

    /// Anti-Clobber: a stone steps onto an orthogonally adjacent empty
    /// square and leaves an enemy stone where it was.
    pub const ANTI_CLOBBER: GenClobber = GenClobber {
        directions: &ORTHOGONAL,
        target: Target::Empty,
        spawn: true,
        slide: false,
    };

    /// Reads a board: rows of `x` (Left's stones), `o` (Right's) and `.`
    /// (empty), and for Anti-Clobber `#` (off the board), separated by
    /// `|`, all of one length, at most 64 squares; whitespace is skipped.
    ///
    /// # Example
    /// ```
    /// use cgt_core::outcome::Side;
    /// use cgt_rulesets::gen_clobber::GenClobber;
    /// let board = GenClobber::ANTI_CLOBBER.parse("x.#|.o.")?;
    /// assert_eq!(board.stone(1, 1), Some(Side::Right));
    /// assert!(!board.is_on_board(0, 2));
    /// assert_eq!(board.to_string(), "x.#|.o.");
    /// // Only Anti-Clobber has squares off the board.
    /// assert_eq!(GenClobber::KINGS.parse("x.#|.o.").unwrap_err().position(), 2);
    /// # Ok::<(), cgt_rulesets::ParseError>(())
    /// ```
    pub fn parse(&self, text: &str) -> Result<Pieces, ParseError> {
        if self.target == Target::Empty {
            Pieces::parse(text)
        } else {
            Pieces::parse_only(text, &['x', 'o', '.'], "'x', 'o', '.'")
        }
    }
}

impl PartizanGame for GenClobber {
    type Position = Pieces;

    fn options(&self, board: &Pieces, side: Side, out: &mut Vec<Pieces>) {
        let (rows, cols) = (board.rows(), board.cols());
        let (mine, theirs) = board.sides(side);
        let empty = board.empty();
        let targets = match self.target {
            Target::Enemy => theirs,
            Target::Stone => board.stones(),
            Target::Empty => empty,
        };
        let mut stones = mine;
        while stones != 0 {
            let from = stones & stones.wrapping_neg();
            stones &= stones - 1;
            for &d in self.directions {
                let mut to = step(from, rows, cols, d);
                if self.slide {
                    while to & empty != 0 {
                        to = step(to, rows, cols, d);
                    }
                }
                if to & targets == 0 {
                    continue;
                }
                let behind = if self.spawn { from } else { 0 };
                out.push(board.with_sides(side, mine & !from | to, theirs & !to | behind));
            }
        }
    }

    fn components(&self, board: &Pieces, parts: &mut Vec<Pieces>) {
        let (rows, cols) = (board.rows(), board.cols());
        let (left, right, stones) = (board.left(), board.right(), board.stones());
        let has_moves = |group: u64| match self.target {
            Target::Enemy => group & left != 0 && group & right != 0,
            Target::Stone => group & (group - 1) != 0,
            Target::Empty => group & stones != 0 && group & board.empty() != 0,
        };
        if self.target == Target::Empty {
            return board.split(
                board.open(),
                self.directions,
                Form::LeastSymmetry,
                has_moves,
                parts,
            );
        }
        let start = parts.len();
        if self.slide {
            let mut rest = stones;
            while rest != 0 {
                let mut group = rest & rest.wrapping_neg();
                loop {
                    let grown = lines(group, rows, cols, self.directions) & stones;
                    if grown == group {
                        break;
                    }
                    group = grown;
                }
                rest &= !group;
                if has_moves(group) {
                    parts.push(if self.directions.len() == ORTHOGONAL.len() {
                        board.compacted(group)
                    } else {
                        board.part(bounding_box(group, rows, cols), group)
                    });
                }
            }
        } else {
            connected(stones, rows, cols, self.directions, |group| {
                if has_moves(group) {
                    parts.push(board.part(bounding_box(group, rows, cols), group));
                }
            });
        }
        board::drop_if_whole(parts, start, board);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn strings(positions: &[Pieces]) -> Vec<String> {
        positions.iter().map(Pieces::to_string).collect()
    }

    fn options(game: GenClobber, text: &str, side: Side) -> Vec<String> {
        let mut out = Vec::new();
        game.options(&game.parse(text).expect("a board"), side, &mut out);
        strings(&out)
    }

    fn parts(game: GenClobber, text: &str) -> Vec<String> {
        let mut out = Vec::new();
        game.components(&game.parse(text).expect("a board"), &mut out);
        strings(&out)
    }

    #[test]
    fn moves_follow_each_variant() {
        assert_eq!(options(GenClobber::KINGS, "x.|.o", Side::Left), ["..|.x"]);
        assert_eq!(
            options(GenClobber::KNIGHTS, "x..|..o", Side::Right),
            ["o..|..."]
        );
        assert_eq!(
            options(GenClobber::ROOKS, "x.ox", Side::Left),
            ["..xx", "x.x."]
        );
        assert_eq!(
            options(GenClobber::QUEENS, "x..|...|..o", Side::Left),
            ["...|...|..x"]
        );
        assert!(options(GenClobber::HOT_CLOBBER, "xx.o", Side::Right).is_empty());
        assert_eq!(
            options(GenClobber::HOT_CLOBBER, "xx.o", Side::Left),
            [".x.o", "x..o"]
        );
        assert_eq!(
            options(GenClobber::ANTI_CLOBBER, "x.#|..o", Side::Left),
            ["ox#|..o", "o.#|x.o"]
        );
    }

    #[test]
    fn components_follow_each_variant() {
        // Kings: diagonal neighbours are one group; `o` alone is dropped.
        assert_eq!(parts(GenClobber::KINGS, "x...|.o.o"), ["x.|.o"]);
        // Rooks: `x` and `o` share a column, far apart: the empty rows go;
        // a chain of shared lines is one class, compacted to 3 × 2
        // (`x.|ox|.o`), then turned.
        assert_eq!(parts(GenClobber::ROOKS, "x..|...|...|o.."), ["xo"]);
        assert_eq!(parts(GenClobber::ROOKS, "x..|...|o.x|...|..o"), [".xo|xo."]);
        // Anti-Clobber: the wall splits the row.
        assert_eq!(parts(GenClobber::ANTI_CLOBBER, "x.#.o"), ["x.", "o."]);
    }
}
