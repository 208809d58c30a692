//! Toppling Dominoes: a row of dominoes, blue `l` (Left's), red `r`
//! (Right's) and green `e` (either's); a move topples one of your dominoes
//! to the left or to the right, and it knocks down every domino on that
//! side of it (*Lessons in Play*, Albert, Nowakowski and Wolfe, ch. 2;
//! Fink, Nowakowski, Siegel and Wolfe, "Toppling Conjectures", 2011).
//!
//! The row does not split (no gaps); it reads the same backwards, so a row
//! and its reverse share one memo entry
//! ([`PartizanGame::components`](cgt_core::partizan::PartizanGame) gives
//! the lesser of the two).
//!
//! # Example
//! ```
//! use cgt_core::outcome::Outcome;
//! use cgt_core::partizan::OutcomeMemo;
//! use cgt_rulesets::toppling::Toppling;
//!
//! let mut memo = OutcomeMemo::new(Toppling);
//! assert_eq!(memo.outcome(&Toppling::parse("l")?), Outcome::L); // 1
//! assert_eq!(memo.outcome(&Toppling::parse("lr")?), Outcome::N); // ±1
//! assert_eq!(memo.outcome(&Toppling::parse("e")?), Outcome::N); // *
//! # Ok::<(), cgt_rulesets::ParseError>(())
//! ```

use crate::Colour;
use crate::parse::{ParseError, found};
use cgt_core::outcome::Side;
use cgt_core::partizan::PartizanGame;
use std::fmt;

/// The rules of Toppling Dominoes; positions are [`Dominoes`].
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Toppling;

/// A row of standing dominoes, left to right.
#[derive(Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Dominoes(pub Vec<Colour>);

impl Toppling {
    /// Reads a row of `l` (blue), `r` (red) and `e` (green) dominoes;
    /// whitespace is skipped.
    ///
    /// # Example
    /// ```
    /// use cgt_rulesets::Colour;
    /// use cgt_rulesets::toppling::Toppling;
    /// let row = Toppling::parse("lre")?;
    /// assert_eq!(row.0, [Colour::Blue, Colour::Red, Colour::Green]);
    /// assert_eq!(row.to_string(), "lre");
    /// assert_eq!(Toppling::parse("lrx").unwrap_err().position(), 2);
    /// # Ok::<(), cgt_rulesets::ParseError>(())
    /// ```
    pub fn parse(text: &str) -> Result<Dominoes, ParseError> {
        let mut row = Vec::new();
        for (i, c) in text.chars().enumerate() {
            if c.is_whitespace() {
                continue;
            }
            let colour = Colour::from_char(c).ok_or_else(|| {
                ParseError::new(i, format!("expected 'l', 'r' or 'e', {}", found(Some(c))))
            })?;
            row.push(colour);
        }
        Ok(Dominoes(row))
    }
}

impl fmt::Display for Dominoes {
    /// The row in the form [`Toppling::parse`] reads.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.0.iter().try_for_each(|c| write!(f, "{}", c.to_char()))
    }
}

impl PartizanGame for Toppling {
    type Position = Dominoes;

    fn options(&self, row: &Dominoes, side: Side, out: &mut Vec<Dominoes>) {
        for (i, colour) in row.0.iter().enumerate() {
            if colour.movable_by(side) {
                // Toppled to the right, then to the left.
                out.push(Dominoes(row.0[..i].to_vec()));
                out.push(Dominoes(row.0[i + 1..].to_vec()));
            }
        }
    }

    fn components(&self, row: &Dominoes, parts: &mut Vec<Dominoes>) {
        let reversed = Dominoes(row.0.iter().rev().copied().collect());
        if reversed < *row {
            parts.push(reversed);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn toppling_knocks_down_one_side() {
        let row = Toppling::parse("lre").expect("a row");
        let mut out = Vec::new();
        Toppling.options(&row, Side::Left, &mut out);
        let left: Vec<String> = out.iter().map(Dominoes::to_string).collect();
        assert_eq!(left, ["", "re", "lr", ""]);
        out.clear();
        Toppling.options(&row, Side::Right, &mut out);
        let right: Vec<String> = out.iter().map(Dominoes::to_string).collect();
        assert_eq!(right, ["l", "e", "lr", ""]);
    }
}
