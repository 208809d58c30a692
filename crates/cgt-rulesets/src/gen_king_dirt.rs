//! Generalised King Dirt: MCGS's `gen_king_dirt` (`src/gen_king_dirt.h`,
//! `src/gen_king_dirt.cpp` and its CGSuite class `GenKingDirt` in
//! `utils/CGSuite/GenKingDirt.cgs`, MCGS v1.6–v1.7), on a grid.
//!
//! Each cell is empty (`.`), holds a king of Left's (`x`, MCGS's Black) or
//! of Right's (`o`), or is dirt (`#`, off the board). Each player also has
//! a number of kings still to place. A move is either
//! - placing one of your unplaced kings on an empty cell, or
//! - stepping one of your kings on the board to an empty cell a king's
//!   step away (any of the eight directions); the cell it leaves becomes
//!   dirt.
//!
//! With *must place* on, a player with kings still to place must place
//! one (they may step only once they have none left). Every move fills one
//! empty cell, and no move empties one, so the game is short.
//!
//! A position is written as MCGS writes it, with CGSuite's symbols
//! (`GenKingDirt.CharMap`, `.xo#`): `L,R,M:` then the board, rows split by
//! `|`, top row first, where `L` and `R` are the kings Left and Right have
//! still to place and `M` is 1 when they must place (0 when not): `1,1,0:
//! x..|.#.|.x#`. Without the prefix a position has no kings to place. A
//! board has at most [`MAX_CELLS`](crate::MAX_CELLS) cells; a player can
//! place no more kings than there are empty cells, so counts above that are
//! read as that many (as MCGS does).
//!
//! # Splitting
//! A king with no empty cell next to it never moves again (empty cells are
//! never made): it is dirt. While some king is still to be placed the board
//! is one game (a king may be placed anywhere); once none is, the empty
//! cells and the kings next to them fall into regions joined by king steps,
//! each a game of its own, and a region with no king or no empty cell has
//! no move and goes (MCGS's split). Each part is trimmed to its bounding box
//! and put in its least form under the eight symmetries of the square,
//! which the rules keep.
//!
//! # Example
//! ```
//! use cgt_core::canonical::GameStore;
//! use cgt_core::partizan::ValueMemo;
//! use cgt_rulesets::gen_king_dirt::GenKingDirt;
//!
//! let mut store = GameStore::new();
//! let mut memo = ValueMemo::new(GenKingDirt);
//! let mut value = |text: &str| {
//!     let field = GenKingDirt::parse(text).expect("a position");
//!     let v = memo.value(&mut store, &field).expect("a small value");
//!     store.display(v)
//! };
//! // Left's king steps right, then right again: two moves, Right has none.
//! assert_eq!(value("x.."), "2");
//! // Whoever moves first takes the one empty cell.
//! assert_eq!(value("x.o"), "*");
//! // One king each to place on one cell: whoever moves first places it.
//! assert_eq!(value("1,1,0:."), "*");
//! ```

use crate::board::{Board, COMPASS, Form, XOWalls, step};
use crate::parse::{ParseError, found};
use cgt_core::outcome::Side;
use cgt_core::partizan::PartizanGame;
use std::fmt;

/// The rules of generalised King Dirt; positions are [`Field`]s.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct GenKingDirt;

/// A King Dirt board: the cells on it (not dirt) and Left's and Right's
/// kings, the three sets of a [`Board`] with `#` dirt.
pub type Dirt = Board<3, XOWalls>;

/// A position: the board and the kings each player has still to place.
///
/// The counts are at most the number of empty cells, and `must_place` is
/// off when neither player has a king to place (MCGS's normal form: the
/// same game either way).
#[derive(Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Field {
    board: Dirt,
    left: u8,
    right: u8,
    must_place: bool,
}

impl Field {
    /// The position of `board` with `left` and `right` kings to place,
    /// normalised: no count above the number of empty cells.
    fn new(board: Dirt, left: u8, right: u8, must_place: bool) -> Self {
        let empty = board.empty().count_ones() as u8;
        let (left, right) = (left.min(empty), right.min(empty));
        Field {
            board,
            left,
            right,
            must_place: must_place && (left > 0 || right > 0),
        }
    }

    /// The board.
    pub fn board(&self) -> &Dirt {
        &self.board
    }

    /// The kings `side` has still to place.
    pub fn unplaced(&self, side: Side) -> usize {
        usize::from(if side == Side::Left {
            self.left
        } else {
            self.right
        })
    }

    /// Whether a player with kings to place must place one.
    pub fn must_place(&self) -> bool {
        self.must_place
    }
}

/// The cells a king's step from some cell of `x` on a `rows × cols` board.
fn around(x: u64, rows: usize, cols: usize) -> u64 {
    COMPASS
        .iter()
        .fold(0, |near, &direction| near | step(x, rows, cols, direction))
}

impl GenKingDirt {
    /// Reads a position: an optional prefix `L,R,M:` (kings Left and Right
    /// have to place, at most 64 each; `M` 1 when they must place, else
    /// 0), then the board: rows of `x`, `o`, `.` and `#` split by `|`, all
    /// of one length, at most 64 cells; whitespace is skipped.
    ///
    /// # Example
    /// ```
    /// use cgt_core::outcome::Side;
    /// use cgt_rulesets::gen_king_dirt::GenKingDirt;
    /// let field = GenKingDirt::parse("2,1,1:x..|.#o")?;
    /// assert_eq!((field.unplaced(Side::Left), field.must_place()), (2, true));
    /// assert_eq!(field.to_string(), "2,1,1:x..|.#o");
    /// // No more kings to place than empty cells.
    /// assert_eq!(GenKingDirt::parse("5,0,0:x.")?.to_string(), "1,0,0:x.");
    /// let error = GenKingDirt::parse("1,1,2:x.").unwrap_err();
    /// assert_eq!(error.to_string(), "at character 5: expected 0 or 1 (must place), found '2'");
    /// # Ok::<(), cgt_rulesets::ParseError>(())
    /// ```
    pub fn parse(text: &str) -> Result<Field, ParseError> {
        let Some((prefix, rest)) = text.split_once(':') else {
            return Ok(Field::new(Dirt::parse(text)?, 0, 0, false));
        };
        let chars: Vec<char> = prefix.chars().collect();
        let mut i = 0;
        let skip = |mut i: usize| {
            while chars.get(i).is_some_and(|c| c.is_whitespace()) {
                i += 1;
            }
            i
        };
        let mut counts = [0u8; 3];
        for (k, count) in counts.iter_mut().enumerate() {
            i = skip(i);
            let start = i;
            let mut n: u32 = 0;
            while let Some(d) = chars.get(i).and_then(|c| c.to_digit(10)) {
                n = (n * 10 + d).min(1000);
                i += 1;
            }
            let what = ["kings Left places", "kings Right places", "must place"][k];
            if i == start {
                return Err(ParseError::new(
                    i,
                    format!(
                        "expected a number ({what}), {}",
                        found(chars.get(i).copied())
                    ),
                ));
            }
            if k == 2 && n > 1 {
                return Err(ParseError::new(
                    start,
                    format!(
                        "expected 0 or 1 (must place), {}",
                        found(chars.get(start).copied())
                    ),
                ));
            }
            if n > crate::MAX_CELLS as u32 {
                return Err(ParseError::new(
                    start,
                    format!("at most {} {what}", crate::MAX_CELLS),
                ));
            }
            *count = n as u8;
            i = skip(i);
            if k < 2 {
                if chars.get(i) != Some(&',') {
                    return Err(ParseError::new(
                        i,
                        format!("expected ',', {}", found(chars.get(i).copied())),
                    ));
                }
                i += 1;
            } else if i < chars.len() {
                return Err(ParseError::new(
                    i,
                    format!("expected ':', {}", found(chars.get(i).copied())),
                ));
            }
        }
        // The board's errors count from the start of the whole text.
        let offset = chars.len() + 1;
        let board =
            Dirt::parse(rest).map_err(|e| ParseError::new(e.position() + offset, e.message()))?;
        let [left, right, must] = counts;
        Ok(Field::new(board, left, right, must == 1))
    }
}

impl fmt::Display for Field {
    /// `L,R,M:` and the board, as [`GenKingDirt::parse`] reads it; just the
    /// board when no king is left to place.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.left > 0 || self.right > 0 {
            write!(
                f,
                "{},{},{}:",
                self.left,
                self.right,
                u8::from(self.must_place)
            )?;
        }
        write!(f, "{}", self.board)
    }
}

impl PartizanGame for GenKingDirt {
    type Position = Field;

    /// Placements first, then steps (MCGS's order).
    fn options(&self, field: &Field, side: Side, out: &mut Vec<Field>) {
        let board = &field.board;
        let (rows, cols) = (board.rows(), board.cols());
        let empty = board.empty();
        let (mine, theirs) = board.sides(side);
        let (left, right) = (field.left, field.right);
        let to_place = field.unplaced(side);
        let placed = |left: u8, right: u8, board: Dirt| match side {
            Side::Left => Field::new(board, left - 1, right, field.must_place),
            Side::Right => Field::new(board, left, right - 1, field.must_place),
        };
        if to_place > 0 {
            let mut cells = empty;
            while cells != 0 {
                let to = cells & cells.wrapping_neg();
                cells &= cells - 1;
                out.push(placed(
                    left,
                    right,
                    board.with_sides(side, mine | to, theirs),
                ));
            }
            if field.must_place {
                // Some cell is empty (the counts are at most the empty
                // cells), so a placement was made: no steps.
                return;
            }
        }
        let mut kings = mine & around(empty, rows, cols);
        while kings != 0 {
            let from = kings & kings.wrapping_neg();
            kings &= kings - 1;
            for direction in COMPASS {
                let to = step(from, rows, cols, direction) & empty;
                if to == 0 {
                    continue;
                }
                let moved = board.with_sides(side, mine & !from | to, theirs);
                let [open, l, r] = moved.sets();
                let dirt = moved.with_sets([open & !from, l, r]);
                out.push(Field::new(dirt, left, right, field.must_place));
            }
        }
    }

    fn components(&self, field: &Field, parts: &mut Vec<Field>) {
        let board = &field.board;
        let (rows, cols) = (board.rows(), board.cols());
        let empty = board.empty();
        let live = empty | board.stones() & around(empty, rows, cols);
        let start = parts.len();
        if field.left > 0 || field.right > 0 {
            let part = Field {
                board: board.normalised(live, true),
                ..*field
            };
            parts.push(part);
            crate::board::drop_if_whole(parts, start, field);
            return;
        }
        if live & board.stones() == 0 {
            // No king can move: 0, the empty board.
            let zero = Field::new(Dirt::new(0, 0, [0; 3]), 0, 0, false);
            if zero != *field {
                parts.push(zero);
            }
            return;
        }
        let stones = board.stones();
        // A region with a king next to an empty cell has both.
        let moving = |region: u64| region & stones != 0;
        let mut boards = Vec::new();
        board.split(live, &COMPASS, Form::LeastSymmetry, moving, &mut boards);
        parts.extend(
            boards
                .into_iter()
                .map(|board| Field::new(board, 0, 0, false)),
        );
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn strings(fields: &[Field]) -> Vec<String> {
        fields.iter().map(Field::to_string).collect()
    }

    #[test]
    fn a_move_places_a_king_or_steps_one_leaving_dirt() {
        let field = GenKingDirt::parse("1,0,0:x.|.o").expect("a position");
        let mut out = Vec::new();
        GenKingDirt.options(&field, Side::Left, &mut out);
        // Two placements (the count drops to 0), then two steps (right,
        // down); the count of 1 then meets the one empty cell left.
        assert_eq!(
            strings(&out),
            ["xx|.o", "x.|xo", "1,0,0:#x|.o", "1,0,0:#.|xo"]
        );
        out.clear();
        GenKingDirt.options(&field, Side::Right, &mut out);
        assert_eq!(strings(&out), ["1,0,0:xo|.#", "1,0,0:x.|o#"]);
        // Must place: Left places and does not step.
        let field = GenKingDirt::parse("1,0,1:x.|.o").expect("a position");
        out.clear();
        GenKingDirt.options(&field, Side::Left, &mut out);
        assert_eq!(strings(&out), ["xx|.o", "x.|xo"]);
    }

    #[test]
    fn dead_kings_go_and_regions_split_once_all_are_placed() {
        let mut parts = Vec::new();
        let field = GenKingDirt::parse("x.##o.|######|o#####").expect("a position");
        GenKingDirt.components(&field, &mut parts);
        assert_eq!(strings(&parts), ["x.", "o."]);
        // Still a king to place: one part, the dead king (bottom left) gone.
        parts.clear();
        let field = GenKingDirt::parse("0,1,0:x.##o.|######|o#####").expect("a position");
        GenKingDirt.components(&field, &mut parts);
        assert_eq!(parts.len(), 1);
        assert_eq!(parts[0].board().stones().count_ones(), 2);
        // No king can move: 0.
        parts.clear();
        let field = GenKingDirt::parse("x#.|###|##o").expect("a position");
        GenKingDirt.components(&field, &mut parts);
        assert_eq!(strings(&parts), [""]);
    }

    #[test]
    fn bad_positions_are_rejected_with_the_place() {
        for (text, at, words) in [
            ("1,1:x.", 3, "expected ','"),
            (",1,0:x.", 0, "expected a number (kings Left places)"),
            ("1,65,0:x.", 2, "at most 64 kings Right places"),
            ("1,1,0 x:x.", 6, "expected ':'"),
            ("1,1,0:x.|q.", 9, "expected 'x', 'o', '.', '#' or '|'"),
            ("x.|.q", 4, "expected 'x', 'o', '.', '#' or '|'"),
        ] {
            let error = GenKingDirt::parse(text).expect_err(text);
            assert_eq!(error.position(), at, "{text}: {error}");
            assert!(error.to_string().contains(words), "{text}: {error}");
        }
    }
}
