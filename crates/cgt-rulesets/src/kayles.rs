//! Kayles: rows of pins; a move knocks down one pin or two adjacent pins,
//! which may split a row in two (Dudeney; *Winning Ways*, ch. 4: the
//! octal game 0.77). Impartial: its values are nimbers.
//!
//! A position is its rows' lengths, `7` or `7,3,1` (whitespace allowed;
//! `0` is no row), at most [`MAX_PINS`] pins a row and
//! [`MAX_ROWS`] rows. It splits into its rows.
//!
//! # Example
//! ```
//! use cgt_core::impartial::GrundyMemo;
//! use cgt_rulesets::kayles::Kayles;
//!
//! let mut memo = GrundyMemo::new(Kayles);
//! let values: Vec<u64> = (0..12)
//!     .map(|n| memo.grundy(&Kayles::parse(&n.to_string()).unwrap()).value())
//!     .collect();
//! assert_eq!(values, [0, 1, 2, 3, 1, 4, 3, 2, 1, 4, 2, 6]);
//! // Rows of 4 and 5: *1 + *4 = *5.
//! assert_eq!(memo.grundy(&Kayles::parse("4,5")?).value(), 5);
//! # Ok::<(), cgt_rulesets::ParseError>(())
//! ```

use crate::heaps::{ListWords, read_numbers, write_sizes};
use crate::parse::ParseError;
use cgt_core::impartial::ImpartialGame;
use std::fmt;

/// The longest row a position may have.
pub const MAX_PINS: u32 = 1000;
/// The most rows a position may have.
pub const MAX_ROWS: usize = 1000;

/// The rules of Kayles.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Kayles;

/// Rows of pins: their lengths, sorted, none empty.
#[derive(Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Rows(Vec<u32>);

impl Rows {
    /// The lengths, sorted.
    pub fn lengths(&self) -> &[u32] {
        &self.0
    }

    fn new(mut rows: Vec<u32>) -> Rows {
        rows.retain(|&n| n > 0);
        rows.sort_unstable();
        Rows(rows)
    }
}

impl fmt::Display for Rows {
    /// `7,3,1`, or `0` for no row: as [`Kayles::parse`] reads it.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write_sizes(&self.0, f)
    }
}

impl Kayles {
    /// Reads rows' lengths separated by `,`: `7` or `7,3,1`.
    ///
    /// # Example
    /// ```
    /// use cgt_rulesets::kayles::Kayles;
    /// assert_eq!(Kayles::parse(" 3, 7 ,0")?.lengths(), [3, 7]);
    /// let error = Kayles::parse("3,x").unwrap_err();
    /// assert_eq!(error.to_string(), "at character 3: expected a number of pins, found 'x'");
    /// # Ok::<(), cgt_rulesets::ParseError>(())
    /// ```
    pub fn parse(text: &str) -> Result<Rows, ParseError> {
        let chars: Vec<char> = text.chars().collect();
        let words = ListWords {
            number: "a number of pins",
            too_large: |_, largest| format!("a row has at most {largest} pins"),
            too_many: |most| format!("at most {most} rows"),
        };
        let numbers = read_numbers(&chars, 0, u64::from(MAX_PINS), MAX_ROWS, &words)?;
        // Each at most `MAX_PINS`, a `u32`.
        let rows = numbers.into_iter().map(|(_, n)| n as u32).collect();
        Ok(Rows::new(rows))
    }
}

impl ImpartialGame for Kayles {
    type Position = Rows;

    /// Knock down one pin or two adjacent ones from a row (each distinct
    /// row once, each split once: `(a, b)` and `(b, a)` are one option).
    fn options(&self, rows: &Rows, out: &mut Vec<Rows>) {
        for (k, &n) in rows.0.iter().enumerate() {
            if k > 0 && rows.0[k - 1] == n {
                continue;
            }
            for taken in 1..=2u32.min(n) {
                let rest = n - taken;
                for left in 0..=rest / 2 {
                    let mut next = rows.0.clone();
                    next.remove(k);
                    next.extend([left, rest - left]);
                    out.push(Rows::new(next));
                }
            }
        }
    }

    fn components(&self, rows: &Rows, parts: &mut Vec<Rows>) {
        if rows.0.len() > 1 {
            parts.extend(rows.0.iter().map(|&n| Rows(vec![n])));
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use cgt_core::impartial::GrundyMemo;
    use cgt_core::mex::mex;

    #[test]
    fn rows_have_the_values_of_the_octal_game_0_77() {
        // G(n) from the rules on one row, by the mex of its options.
        let mut table: Vec<usize> = Vec::new();
        for n in 0..200usize {
            let mut reachable = Vec::new();
            for taken in 1..=2.min(n) {
                for left in 0..=n - taken {
                    reachable.push(table[left] ^ table[n - taken - left]);
                }
            }
            table.push(mex(reachable));
        }
        let mut memo = GrundyMemo::new(Kayles);
        for (n, &g) in table.iter().enumerate() {
            let rows = Kayles::parse(&n.to_string()).expect("a row");
            assert_eq!(memo.grundy(&rows).value(), g as u64, "G({n})");
        }
        // Sums: the nim-sum.
        let rows = Kayles::parse("70,71,13").expect("rows");
        assert_eq!(
            memo.grundy(&rows).value(),
            (table[70] ^ table[71] ^ table[13]) as u64
        );
    }

    #[test]
    fn rows_are_written_as_they_read() {
        for text in ["0", "1", "3,7", "1,1,2"] {
            let rows = Kayles::parse(text).expect(text);
            assert_eq!(rows.to_string(), text);
        }
        for (text, at) in [("", 0), ("3;4", 1), ("1001", 0), ("3,", 2)] {
            assert_eq!(
                Kayles::parse(text).map_err(|e| e.position()),
                Err(at),
                "{text}"
            );
        }
    }
}
