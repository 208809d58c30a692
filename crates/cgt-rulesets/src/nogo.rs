//! NoGo: Left (black, `x`) and Right (white, `o`) take turns placing a
//! stone of their colour on an empty point, as in Go, but a placement that
//! would leave any group without a liberty is illegal: it may neither
//! capture an enemy group nor leave its own group without a liberty. Who
//! cannot place loses (the rules of MCGS's `nogo`; Chou, Teytaud and Yen,
//! "Revisiting Monte-Carlo Tree Search on a Normal Form Game: NoGo", 2011).
//!
//! A position is written row by row, rows separated by `|`: `x` a black
//! stone, `o` a white one, `.` an empty point, `#` a point off the board
//! (the board's edge is off the board too). Points are joined to their
//! orthogonal neighbours. Every group of a position must have a liberty (as
//! in every position play can reach): one without is a [`ParseError`] at
//! one of its stones. Boards have at most 64 points.
//!
//! A placement changes only the liberties of the groups next to it, so two
//! empty points interact when they are neighbours or liberties of one
//! group: the board splits into the classes of empty points so linked,
//! each with the groups around it
//! ([`PartizanGame::components`](cgt_core::partizan::PartizanGame); every
//! other point is off the board for it: no point next to the class's empty
//! points is anything else). Each part is trimmed and put in the least of
//! its eight forms under the symmetries of the square; a part that is a
//! strip has each run of one colour's stones made one stone (a run's
//! length never matters on a strip), so that the strips a search meets in
//! many lengths are one position.
//!
//! # Example
//! ```
//! use cgt_core::canonical::GameStore;
//! use cgt_core::partizan::ValueMemo;
//! use cgt_rulesets::nogo::NoGo;
//!
//! let mut store = GameStore::new();
//! let mut memo = ValueMemo::new(NoGo);
//! // Two empty points: whoever places first leaves the other player a
//! // point only, where a stone would have no liberty: *.
//! let value = memo.value(&mut store, &NoGo::parse("..")?).expect("small");
//! assert_eq!(store.display(value), "*");
//! // Black's stone at the end of a row of 3: black may place on either
//! // point, white on the far one only (the near one is black's last
//! // liberty), and after any placement nobody can place: {0 | 0} = *.
//! let value = memo.value(&mut store, &NoGo::parse("x..")?).expect("small");
//! assert_eq!(store.display(value), "*");
//! // A stone without a liberty is no position.
//! assert_eq!(NoGo::parse("xo|o.").unwrap_err().position(), 0);
//! # Ok::<(), cgt_rulesets::ParseError>(())
//! ```

use crate::board::{self, neighbours};
use crate::gen_clobber::Pieces;
use crate::parse::ParseError;
use cgt_core::outcome::Side;
use cgt_core::partizan::PartizanGame;

/// The rules of NoGo; positions are [`Pieces`] (`x` black, Left's; `o`
/// white, Right's).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct NoGo;

/// The points of `stones` connected to `seed` through `stones`.
fn flood(seed: u64, stones: u64, rows: usize, cols: usize) -> u64 {
    let mut group = seed & stones;
    loop {
        let grown = (group | neighbours(group, rows, cols)) & stones;
        if grown == group {
            return group;
        }
        group = grown;
    }
}

/// `board` with each run of one colour's stones made one stone, in its
/// least form, when it is a strip (one row, every point on the board);
/// any other board as it is. On a strip a group is a run, and only its two
/// ends can have liberties: the merged strip has the same moves, by the
/// same rules, as the strip (MCGS's `block_simplify` of its 1 × n NoGo).
fn runs_merged(board: Pieces) -> Pieces {
    let width = board.cols();
    if board.rows() != 1 || board.open() != board::low_bits(width) {
        return board;
    }
    let (left, right) = (board.left(), board.right());
    // A stone whose neighbour before it is a stone of its colour goes.
    let repeated = (left & left << 1) | (right & right << 1);
    if repeated == 0 {
        return board;
    }
    let (mut kept_left, mut kept_right, mut kept) = (0u64, 0u64, 0);
    for at in (0..width).filter(|at| repeated >> at & 1 == 0) {
        kept_left |= (left >> at & 1) << kept;
        kept_right |= (right >> at & 1) << kept;
        kept += 1;
    }
    let open = board::low_bits(kept);
    let sets = [open, kept_left, kept_right];
    Pieces::new(1, kept, sets).least(open, sets, true)
}

impl NoGo {
    /// Reads a board: rows of `x` (black stones), `o` (white), `.` (empty)
    /// and `#` (off the board) separated by `|`, all of one length, at most
    /// 64 points; whitespace is skipped. Every group must have a liberty.
    ///
    /// # Example
    /// ```
    /// use cgt_core::outcome::Side;
    /// use cgt_rulesets::nogo::NoGo;
    /// let board = NoGo::parse("x.o|#..")?;
    /// assert_eq!(board.stone(0, 2), Some(Side::Right));
    /// assert_eq!(board.to_string(), "x.o|#..");
    /// // The black stone's neighbours are both white: no liberty.
    /// assert_eq!(NoGo::parse("..o|.ox").unwrap_err().position(), 6);
    /// # Ok::<(), cgt_rulesets::ParseError>(())
    /// ```
    pub fn parse(text: &str) -> Result<Pieces, ParseError> {
        let board = Pieces::parse(text)?;
        let (rows, cols) = (board.rows(), board.cols());
        let empty = board.empty();
        let mut unchecked = board.stones();
        while unchecked != 0 {
            let seed = unchecked & unchecked.wrapping_neg();
            let own = if seed & board.left() != 0 {
                board.left()
            } else {
                board.right()
            };
            let group = flood(seed, own, rows, cols);
            unchecked &= !group;
            if neighbours(group, rows, cols) & empty == 0 {
                let cell = group.trailing_zeros() as usize;
                return Err(ParseError::new(
                    char_of_cell(text, cell),
                    "this stone's group has no liberty (an empty point next to it)",
                ));
            }
        }
        Ok(board)
    }
}

/// The character index in `text` of the `cell`-th cell (cells are the
/// characters other than whitespace and `|`).
fn char_of_cell(text: &str, cell: usize) -> usize {
    text.chars()
        .enumerate()
        .filter(|&(_, c)| !c.is_whitespace() && c != '|')
        .nth(cell)
        .map_or(0, |(i, _)| i)
}

impl PartizanGame for NoGo {
    type Position = Pieces;

    fn options(&self, board: &Pieces, side: Side, out: &mut Vec<Pieces>) {
        let (rows, cols) = (board.rows(), board.cols());
        let (mine, theirs) = board.sides(side);
        let mut points = board.empty();
        while points != 0 {
            let at = points & points.wrapping_neg();
            points &= points - 1;
            let empty = board.empty() & !at;
            let mine = mine | at;
            let breathes = |group: u64| neighbours(group, rows, cols) & empty != 0;
            if !breathes(flood(at, mine, rows, cols)) {
                continue;
            }
            let mut enemies = neighbours(at, rows, cols) & theirs;
            let mut legal = true;
            while enemies != 0 {
                let group = flood(enemies & enemies.wrapping_neg(), theirs, rows, cols);
                enemies &= !group;
                legal &= breathes(group);
            }
            if legal {
                out.push(board.with_sides(side, mine, theirs));
            }
        }
    }

    fn components(&self, board: &Pieces, parts: &mut Vec<Pieces>) {
        let start = parts.len();
        let (rows, cols) = (board.rows(), board.cols());
        let empty = board.empty();
        // The groups next to some point of `x`.
        let groups_at = |x: u64| {
            let around = neighbours(x, rows, cols);
            flood(around & board.left(), board.left(), rows, cols)
                | flood(around & board.right(), board.right(), rows, cols)
        };
        let mut rest = empty;
        while rest != 0 {
            let mut class = rest & rest.wrapping_neg();
            loop {
                let grown = class
                    | neighbours(class, rows, cols) & empty
                    | neighbours(groups_at(class), rows, cols) & empty;
                if grown == class {
                    break;
                }
                class = grown;
            }
            rest &= !class;
            let region = class | groups_at(class);
            parts.push(runs_merged(board.normalised(region, true)));
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

    #[test]
    fn no_capture_and_no_suicide() {
        // Black may not fill (0, 2), white's last liberty, nor (1, 0),
        // his own stone's last; white likewise may not fill (1, 0).
        let board = NoGo::parse("xo.|.#.").expect("a board");
        let mut out = Vec::new();
        NoGo.options(&board, Side::Left, &mut out);
        assert_eq!(strings(&out), ["xo.|.#x"]);
        out.clear();
        NoGo.options(&board, Side::Right, &mut out);
        assert_eq!(strings(&out), ["xoo|.#.", "xo.|.#o"]);
    }

    #[test]
    fn a_strip_s_runs_are_merged_and_other_boards_kept() {
        let merged = |text: &str| runs_merged(NoGo::parse(text).expect("a position"));
        // The least form of the strip or of its mirror image.
        let least = |text: &str| {
            let board = NoGo::parse(text).expect("a position");
            board.normalised(board.open(), true)
        };
        assert_eq!(merged("xx.ooo.x"), least("x.o.x"));
        assert_eq!(merged("o.xxx"), least("x.o"));
        assert_eq!(least("x.o"), least("o.x"));
        assert_eq!(merged("xxx."), least(".x"));
        assert_eq!(merged("x.o").to_string(), "x.o");
        // Only a strip with every point on the board: not a board of two
        // rows, nor a strip with a point off the board.
        assert_eq!(merged("xx.|...").to_string(), "xx.|...");
        assert_eq!(merged("xx.#.x").to_string(), "xx.#.x");
    }

    #[test]
    fn components_are_linked_empty_points_with_their_groups() {
        // The two empty points are liberties of the one white group: one
        // part; the black stone on the left has its own liberty.
        let board = NoGo::parse(".x#o.|##.o#").expect("a board");
        let mut parts = Vec::new();
        NoGo.components(&board, &mut parts);
        assert_eq!(parts.len(), 2, "{:?}", strings(&parts));
    }
}
