//! Advance or Eat: white and black pieces on an N × N board; each player
//! advances one of his pieces one square up or eats any piece of the
//! opponent's. A partizan game solved by its values: every column is a
//! number, and the board is their sum.
//!
//! Sources: AtCoder ABC 229 H "Advance or Eat". The statement, with the
//! judge's limits, is in this crate's `README.md`.
//!
//! # Rules
//! Each square of an N × N board holds a white piece (`W`), a black piece
//! (`B`) or nothing (`.`); row 1 is the top. Takahashi moves first. On his
//! turn Takahashi either moves a white piece one square up into an empty
//! square, or eats (removes) any black piece; Snuke does the same with the
//! colours swapped (up is the same direction for both). A player who
//! cannot move loses.
//!
//! # Judge format
//! Input: `N`, then N rows of N characters `W`, `B`, `.` (tokens split on
//! whitespace). Output: `Takahashi` if the first player wins, else `Snuke`.
//! Limits: 1 ≤ N ≤ 8. A row of the wrong length, another character, N
//! outside 1..=8, or a missing or extra row is malformed (exit status 2).
//!
//! # Idea
//! Takahashi is Left, Snuke is Right. Every move changes one column only
//! (a piece advances within its column; an eaten piece leaves its column),
//! so the board is the disjunctive sum of its N columns (Conway, *On
//! Numbers and Games*, ch. 7), and its value is the sum of the columns'
//! values. Each column's value is its canonical form, computed by
//! `cgt-core`'s [`ValueMemo`] from the column's rules ([`Column`]); every
//! one of the 9840 columns of height 1..=8 is a number (the tests check all
//! of them), so the board is a number x, and Left, moving first, wins iff
//! x > 0. A winning move is one after which the sum, with Right to move,
//! is ≥ 0 (Right loses moving first): [`winning_move`] tries Takahashi's
//! moves and asks the values of the sum.
//!
//! The tests check the winner and the winning move against a search of the
//! literal board from the rules alone (`brute`, the `testkit` feature) on
//! every board of side ≤ 2, every 3 × 3 board with at most 5 pieces and
//! every 4 × 4 board with at most 3; and each column value against the
//! search of the board made of two columns of height ≤ 4, every pair.
//!
//! # Complexity
//! O(reachable column positions) canonical-form steps per distinct column:
//! a column of height h has at most 3^h positions (6561 for h = 8), so a
//! board takes milliseconds; then O(N) to add the values.
//!
//! # Example
//! ```
//! use advance_or_eat::{Board, Move, board_value, column_values, winning_move};
//! use cgt_core::dyadic::Dyadic;
//!
//! // The first sample. Black pieces are Takahashi's to eat: the column
//! // `B..` is {0 | } = 1, and `BB.` is 2 (Snuke cannot move in either).
//! let board = Board::parse_rows(&["BB.", ".B.", "..."]).expect("a 3 × 3 board");
//! assert_eq!(column_values(&board), [Dyadic::integer(1), Dyadic::integer(2), Dyadic::ZERO]);
//! assert_eq!(board_value(&board), Dyadic::integer(3));
//! assert_eq!(winning_move(&board), Some(Move::Eat { row: 0, col: 0 }));
//!
//! // The second sample: a white piece below an empty square is
//! // {-1 | 0} = -1/2 (Snuke eats it; advancing it only makes it -1).
//! let board = Board::parse_rows(&["..", "WW"]).expect("a 2 × 2 board");
//! let half = Dyadic::new(-1, 1).expect("-1/2");
//! assert_eq!(column_values(&board), [half, half]);
//! assert_eq!(board_value(&board), Dyadic::integer(-1));
//! assert_eq!(winning_move(&board), None);
//! ```

use cgt_core::canonical::{GameId, GameStore};
use cgt_core::dyadic::Dyadic;
use cgt_core::outcome::{Outcome, Side};
use cgt_core::partizan::{PartizanGame, ValueMemo};
use cgt_judge::{InputError, JudgeError, Tokens};
use std::fmt;
use std::io::Write;

/// The README's Rust example, compiled and run as a doctest.
#[cfg(doctest)]
#[doc = include_str!("../README.md")]
pub struct ReadmeDoctests;

#[cfg(feature = "testkit")]
pub mod brute;
#[cfg(feature = "testkit")]
pub mod problem;

/// The largest N the judge format allows.
pub const MAX_N: usize = 8;

/// What a square holds.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Cell {
    /// `.`
    Empty,
    /// `W`: Takahashi's (Left's) piece.
    White,
    /// `B`: Snuke's (Right's) piece.
    Black,
}

impl Cell {
    /// The character of the judge format.
    pub fn to_char(self) -> char {
        match self {
            Cell::Empty => '.',
            Cell::White => 'W',
            Cell::Black => 'B',
        }
    }

    fn from_byte(b: u8) -> Option<Cell> {
        match b {
            b'.' => Some(Cell::Empty),
            b'W' => Some(Cell::White),
            b'B' => Some(Cell::Black),
            _ => None,
        }
    }

    /// The piece `side` moves (and the opponent eats).
    pub fn of(side: Side) -> Cell {
        match side {
            Side::Left => Cell::White,
            Side::Right => Cell::Black,
        }
    }
}

/// A square board, row 0 on top (the judge's row 1).
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Board {
    rows: Vec<Vec<Cell>>,
}

impl Board {
    /// The board of these rows (top first); `None` unless they form an
    /// N × N board with 1 ≤ N ≤ 8.
    pub fn new(rows: Vec<Vec<Cell>>) -> Option<Board> {
        let n = rows.len();
        ((1..=MAX_N).contains(&n) && rows.iter().all(|r| r.len() == n)).then_some(Board { rows })
    }

    /// The board of rows written as in the judge format (`"W.B"`).
    pub fn parse_rows(rows: &[&str]) -> Option<Board> {
        let rows = rows
            .iter()
            .map(|r| {
                r.bytes()
                    .map(Cell::from_byte)
                    .collect::<Option<Vec<Cell>>>()
            })
            .collect::<Option<Vec<_>>>()?;
        Board::new(rows)
    }

    /// N.
    pub fn size(&self) -> usize {
        self.rows.len()
    }

    /// The rows, top first.
    pub fn rows(&self) -> &[Vec<Cell>] {
        &self.rows
    }

    /// Column `col`, top first.
    pub fn column(&self, col: usize) -> Column {
        Column::new(self.rows.iter().map(|r| r[col]))
    }

    /// The board after Takahashi's (or Snuke's) `mv`.
    ///
    /// # Panics
    /// If `mv` is off the board.
    pub fn play(&self, mv: Move) -> Board {
        let mut rows = self.rows.clone();
        match mv {
            Move::Advance { row, col } => {
                rows[row - 1][col] = rows[row][col];
                rows[row][col] = Cell::Empty;
            }
            Move::Eat { row, col } => rows[row][col] = Cell::Empty,
        }
        Board { rows }
    }
}

impl fmt::Display for Board {
    /// The judge format: N, then the rows.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        writeln!(f, "{}", self.size())?;
        for row in &self.rows {
            let line: String = row.iter().map(|c| c.to_char()).collect();
            writeln!(f, "{line}")?;
        }
        Ok(())
    }
}

/// A move, by the square of the piece it moves or eats (row 0 on top).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Move {
    /// The piece on (`row`, `col`) moves up to (`row − 1`, `col`).
    Advance {
        /// From this row (≥ 1).
        row: usize,
        /// In this column.
        col: usize,
    },
    /// The opponent's piece on (`row`, `col`) is eaten.
    Eat {
        /// Its row.
        row: usize,
        /// Its column.
        col: usize,
    },
}

/// One column of the board, top first, as a game of its own: at most 8
/// squares, 2 bits each.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Column {
    height: u8,
    cells: u16,
}

impl Column {
    /// The column of these squares, top first (at most 8).
    ///
    /// # Panics
    /// With more than 8 squares.
    pub fn new(cells: impl IntoIterator<Item = Cell>) -> Column {
        let mut column = Column {
            height: 0,
            cells: 0,
        };
        for cell in cells {
            assert!(column.height < 8, "a column has at most 8 squares");
            column.set(usize::from(column.height), cell);
            column.height += 1;
        }
        column
    }

    /// The number of squares.
    pub fn height(&self) -> usize {
        usize::from(self.height)
    }

    /// Square `i` (0 on top).
    pub fn get(&self, i: usize) -> Cell {
        match self.cells >> (2 * i) & 3 {
            0 => Cell::Empty,
            1 => Cell::White,
            _ => Cell::Black,
        }
    }

    fn set(&mut self, i: usize, cell: Cell) {
        let bits = match cell {
            Cell::Empty => 0,
            Cell::White => 1,
            Cell::Black => 2,
        };
        self.cells = self.cells & !(3 << (2 * i)) | bits << (2 * i);
    }
}

/// The rules of one column: Left (Takahashi) advances a white piece or eats
/// a black one; Right (Snuke) the other way round.
#[derive(Clone, Copy, Debug, Default)]
pub struct ColumnGame;

impl PartizanGame for ColumnGame {
    type Position = Column;

    fn options(&self, column: &Column, side: Side, out: &mut Vec<Column>) {
        let (mine, theirs) = (Cell::of(side), Cell::of(side.opponent()));
        for i in 0..column.height() {
            let cell = column.get(i);
            if cell == mine && i > 0 && column.get(i - 1) == Cell::Empty {
                let mut next = *column;
                next.set(i - 1, mine);
                next.set(i, Cell::Empty);
                out.push(next);
            } else if cell == theirs {
                let mut next = *column;
                next.set(i, Cell::Empty);
                out.push(next);
            }
        }
    }
}

/// Column values, memoised: the canonical forms of columns in one store.
pub struct Evaluator {
    store: GameStore,
    memo: ValueMemo<ColumnGame>,
}

impl Default for Evaluator {
    fn default() -> Self {
        Self::new()
    }
}

impl Evaluator {
    /// An evaluator with nothing computed yet.
    pub fn new() -> Self {
        Self {
            store: GameStore::new(),
            memo: ValueMemo::new(ColumnGame),
        }
    }

    /// The canonical form of `column`.
    pub fn value(&mut self, column: &Column) -> GameId {
        self.memo
            .value(&mut self.store, column)
            .expect("a column of at most 8 squares has small values")
    }

    /// The value of `column` as a number.
    ///
    /// # Panics
    /// If it is not a number (no column of height ≤ 8 is; the tests check
    /// all 9840).
    pub fn number(&mut self, column: &Column) -> Dyadic {
        let id = self.value(column);
        self.store
            .as_number(id)
            .expect("every column of height at most 8 is a number")
    }

    /// The store the values live in.
    pub fn store_mut(&mut self) -> &mut GameStore {
        &mut self.store
    }
}

/// The value of each column, left to right.
///
/// # Complexity
/// See the crate's documentation: milliseconds for any board.
pub fn column_values(board: &Board) -> Vec<Dyadic> {
    let mut evaluator = Evaluator::new();
    (0..board.size())
        .map(|c| evaluator.number(&board.column(c)))
        .collect()
}

/// The value of the board: the sum of its columns' values.
pub fn board_value(board: &Board) -> Dyadic {
    column_values(board)
        .into_iter()
        .try_fold(Dyadic::ZERO, Dyadic::checked_add)
        .expect("at most 8 columns of values in -8..=8")
}

/// Whether Takahashi, moving first, wins: the board's value is above 0.
pub fn takahashi_wins(board: &Board) -> bool {
    board_value(board) > Dyadic::ZERO
}

/// Takahashi's moves on `board`, in reading order of the squares.
pub fn moves(board: &Board) -> impl Iterator<Item = Move> + '_ {
    let n = board.size();
    (0..n * n).filter_map(move |i| {
        let (row, col) = (i / n, i % n);
        match board.rows[row][col] {
            Cell::White if row > 0 && board.rows[row - 1][col] == Cell::Empty => {
                Some(Move::Advance { row, col })
            }
            Cell::Black => Some(Move::Eat { row, col }),
            _ => None,
        }
    })
}

/// A move that wins for Takahashi, moving first; `None` if Snuke wins.
/// The first winning move in [`moves`]' order.
///
/// # Complexity
/// As [`column_values`], for each of the at most N² moves' columns.
pub fn winning_move(board: &Board) -> Option<Move> {
    let mut evaluator = Evaluator::new();
    let values: Vec<GameId> = (0..board.size())
        .map(|c| evaluator.value(&board.column(c)))
        .collect();
    moves(board).find(|&mv| {
        let col = match mv {
            Move::Advance { col, .. } | Move::Eat { col, .. } => col,
        };
        let after = evaluator.value(&board.play(mv).column(col));
        let store = evaluator.store_mut();
        let mut sum = after;
        for (c, &v) in values.iter().enumerate() {
            if c != col {
                sum = store.add(sum, v).expect("small values");
            }
        }
        // Snuke moves next and must lose: the sum is ≥ 0.
        matches!(store.outcome(sum), Outcome::L | Outcome::P)
    })
}

/// The judge function: reads the board, writes `Takahashi` or `Snuke`.
///
/// # Errors
/// [`JudgeError::Input`] on malformed input; [`JudgeError::Output`] if
/// `out` fails.
///
/// # Example
/// ```
/// let mut out = Vec::new();
/// advance_or_eat::solve(b"2\n..\nWW\n", &mut out).unwrap();
/// assert_eq!(out, b"Snuke\n");
/// ```
pub fn solve<W: Write>(input: &[u8], out: &mut W) -> Result<(), JudgeError> {
    judge(input, out, |board, _| Ok(takahashi_wins(board)))
}

/// Reads the board and writes the winner that `takahashi_wins` finds;
/// shared by [`solve`], [`parse`] and the brute force, so all read the same
/// format.
pub(crate) fn judge<W: Write>(
    input: &[u8],
    out: &mut W,
    takahashi_wins: impl FnOnce(&Board, &Tokens<'_>) -> Result<bool, InputError>,
) -> Result<(), JudgeError> {
    let mut tokens = Tokens::new(input);
    let n = tokens.usize_in("the board size N", 1..=MAX_N)?;
    let mut rows = Vec::with_capacity(n);
    for r in 1..=n {
        let token = tokens.expect_token(&format!("row {r} of the board"))?;
        let row: Option<Vec<Cell>> = token.text.iter().map(|&b| Cell::from_byte(b)).collect();
        match row {
            Some(row) if row.len() == n => rows.push(row),
            _ => {
                return Err(tokens
                    .error_at(
                        &token,
                        format!(
                            "expected row {r} of the board, {n} characters W, B or '.', found {:?}",
                            String::from_utf8_lossy(&token.text[..token.text.len().min(40)])
                        ),
                    )
                    .into());
            }
        }
    }
    let board = Board { rows };
    let wins = takahashi_wins(&board, &tokens)?;
    tokens.finish()?;
    writeln!(out, "{}", if wins { "Takahashi" } else { "Snuke" })?;
    Ok(())
}

/// The board of a valid judge input.
///
/// # Errors
/// As [`solve`], on malformed input.
///
/// # Example
/// ```
/// let board = advance_or_eat::parse(b"2 .. WW").unwrap();
/// assert_eq!(board.size(), 2);
/// ```
pub fn parse(input: &[u8]) -> Result<Board, InputError> {
    let mut board = None;
    cgt_judge::read_only(|sink| {
        judge(input, sink, |b, _| {
            board = Some(b.clone());
            Ok(false)
        })
    })?;
    Ok(board.expect("judge read a board"))
}

/// The judge input of `board`: the format [`solve`] reads.
///
/// # Example
/// ```
/// let board = advance_or_eat::parse(b"2 .B WW").unwrap();
/// assert_eq!(advance_or_eat::render(&board), "2\n.B\nWW\n");
/// ```
pub fn render(board: &Board) -> String {
    board.to_string()
}
