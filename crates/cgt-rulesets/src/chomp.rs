//! Chomp: a bar of chocolate whose corner square is poisoned; a move picks
//! a square other than the poisoned one and eats it with every square above
//! it and to its right (Gale, *A curious Nim-type game*, Amer. Math.
//! Monthly 81, 1974; Schuh, 1952; *Winning Ways*, ch. 18). It is the poset
//! game of a grid's product order; who cannot move (only the poisoned
//! square is left) loses. Impartial: values are nimbers.
//!
//! What is left is always a Young diagram: rows, the one with the poisoned
//! square first, each no longer than the one before. A position is written
//! as a rectangle `RxC` (R rows of C squares) or as its rows' lengths,
//! `5,3,3,1`; at most [`MAX_SIDE`] rows of at most [`MAX_SIDE`] squares.
//! Chomp is the same game on a diagram and its transpose (rows read as
//! columns), so a position is kept in the one of the two with fewer rows
//! (the lesser lengths where the counts tie), and written so.
//!
//! # Example
//! A rectangle other than the poisoned square alone is a first player's
//! win (Gale's strategy-stealing argument); on a square the winning move
//! eats all but an L with equal arms (Gale, 1974), and on two rows it
//! leaves a second row one square shorter than the first.
//! ```
//! use cgt_core::impartial::GrundyMemo;
//! use cgt_rulesets::chomp::Chomp;
//!
//! let mut memo = GrundyMemo::new(Chomp);
//! let square = Chomp::parse("5x5")?;
//! assert_ne!(memo.grundy(&square).value(), 0);
//! assert_eq!(memo.grundy(&Chomp::parse("5,1,1,1,1")?).value(), 0);
//! assert_eq!(memo.grundy(&Chomp::parse("7,6")?).value(), 0);
//! assert_eq!(Chomp::parse("2x3")?.to_string(), "3,3");
//! # Ok::<(), cgt_rulesets::ParseError>(())
//! ```
//!
//! # Complexity
//! A diagram of s squares has s − 1 options, each built in O(rows).

use crate::parse::ParseError;
use crate::quicksort::read_list;
use cgt_core::impartial::ImpartialGame;
use cgt_core::outcome::Side;
use cgt_core::partizan::PartizanGame;
use std::fmt;

/// The most rows, and the most squares a row, a position may have.
pub const MAX_SIDE: usize = 64;

/// The rules of Chomp; positions are [`Diagram`]s.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Chomp;

/// What is left of the bar: its rows' lengths, the poisoned square's row
/// first, none longer than the one before, none empty.
#[derive(Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Diagram(Vec<u8>);

impl Diagram {
    /// The rows' lengths, the poisoned square's row first.
    pub fn rows(&self) -> &[u8] {
        &self.0
    }

    /// The number of squares, the poisoned one among them.
    pub fn squares(&self) -> usize {
        self.0.iter().map(|&n| usize::from(n)).sum()
    }

    /// The same diagram read by columns.
    fn transposed(&self) -> Vec<u8> {
        let width = self.0.first().copied().unwrap_or(0);
        (0..width)
            .map(|c| self.0.iter().take_while(|&&n| n > c).count() as u8)
            .collect()
    }

    /// The diagram or its transpose, whichever has fewer rows (the lesser
    /// where they tie).
    fn normalised(rows: Vec<u8>) -> Diagram {
        let d = Diagram(rows);
        let t = d.transposed();
        if (t.len(), &t) < (d.0.len(), &d.0) {
            Diagram(t)
        } else {
            d
        }
    }
}

impl fmt::Display for Diagram {
    /// The rows' lengths separated by `,`: as [`Chomp::parse`] reads them.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (k, n) in self.0.iter().enumerate() {
            if k > 0 {
                f.write_str(",")?;
            }
            write!(f, "{n}")?;
        }
        Ok(())
    }
}

impl Chomp {
    /// Reads a rectangle `RxC` or rows' lengths `5,3,3,1` (whitespace
    /// allowed), the poisoned square's row first.
    ///
    /// # Example
    /// ```
    /// use cgt_rulesets::chomp::Chomp;
    /// // Three rows of two are kept as two rows of three.
    /// assert_eq!(Chomp::parse("3 x 2")?.rows(), [3, 3]);
    /// assert_eq!(Chomp::parse("1,1,1")?.rows(), [3]);
    /// let error = Chomp::parse("3,4").unwrap_err();
    /// assert_eq!(error.to_string(), "at character 3: expected a row no longer than the one before (3)");
    /// # Ok::<(), cgt_rulesets::ParseError>(())
    /// ```
    pub fn parse(text: &str) -> Result<Diagram, ParseError> {
        let largest = MAX_SIDE as u64;
        if let Some(x) = text.find(['x', 'X']) {
            let at = text[..x].chars().count();
            let rows = read_list(&text[..x], "a number of rows", 1, largest)?;
            let cols = read_list(&text[x + 1..], "a number of columns", 1, largest)
                .map_err(|e| ParseError::new(at + 1 + e.position(), e.message()))?;
            let (r, c) = (rows[0].1, cols[0].1);
            if r == 0 || c == 0 {
                return Err(ParseError::new(
                    if r == 0 {
                        rows[0].0
                    } else {
                        at + 1 + cols[0].0
                    },
                    "expected at least one row and one column",
                ));
            }
            return Ok(Diagram::normalised(vec![c as u8; r as usize]));
        }
        let lengths = read_list(text, "a row's length", MAX_SIDE, largest)?;
        let mut rows = Vec::with_capacity(lengths.len());
        for &(at, n) in &lengths {
            if n == 0 {
                return Err(ParseError::new(at, "expected a row of at least one square"));
            }
            if let Some(&before) = rows.last()
                && n > u64::from(before)
            {
                return Err(ParseError::new(
                    at,
                    format!("expected a row no longer than the one before ({before})"),
                ));
            }
            rows.push(n as u8);
        }
        Ok(Diagram::normalised(rows))
    }
}

impl ImpartialGame for Chomp {
    type Position = Diagram;

    /// Eat each square but the poisoned one, with every square above it
    /// and to its right.
    fn options(&self, diagram: &Diagram, out: &mut Vec<Diagram>) {
        for (r, &length) in diagram.0.iter().enumerate() {
            for c in 0..length {
                if r == 0 && c == 0 {
                    continue;
                }
                let mut rows: Vec<u8> = diagram.0[..r].to_vec();
                rows.extend(diagram.0[r..].iter().map(|&n| n.min(c)).filter(|&n| n > 0));
                out.push(Diagram::normalised(rows));
            }
        }
    }
}

impl PartizanGame for Chomp {
    type Position = Diagram;

    /// Both players have the moves of the [`ImpartialGame`].
    fn options(&self, diagram: &Diagram, _: Side, out: &mut Vec<Diagram>) {
        ImpartialGame::options(self, diagram, out);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_move_eats_a_square_and_everything_above_and_right() {
        let mut out = Vec::new();
        ImpartialGame::options(&Chomp, &Chomp::parse("3,2").expect("a diagram"), &mut out);
        let out: Vec<String> = out.iter().map(ToString::to_string).collect();
        // (0,1): the first column `1,1` is `2`; (0,2): `2,2`; (1,0): `3`;
        // (1,1): `3,1`.
        assert_eq!(out, ["2", "2,2", "3", "3,1"]);
    }

    #[test]
    fn positions_are_written_as_they_read() {
        for text in ["1", "3,3", "5,3,3,1"] {
            assert_eq!(Chomp::parse(text).expect(text).to_string(), text);
        }
        for (text, at) in [
            ("", 0),
            ("0", 0),
            ("2,3", 2),
            ("3x0", 2),
            ("65x2", 0),
            ("2x", 2),
        ] {
            assert_eq!(
                Chomp::parse(text).map_err(|e| e.position()),
                Err(at),
                "{text}"
            );
        }
    }
}
