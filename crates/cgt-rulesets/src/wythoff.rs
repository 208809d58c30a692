//! Wythoff's game and its generalisation by Fraenkel: two piles; take any
//! number of tokens from one pile, or k from one and l from the other with
//! 1 ≤ min(k, l) and |k − l| < r (Wythoff, "A modification of the game of
//! Nim", 1907, r = 1: the same number from both; Fraenkel, "How to beat
//! your Wythoff games' opponent on three fronts", *Amer. Math. Monthly* 89,
//! 1982, any r ≥ 1; CGSuite's `Wythoff` and `GenWythoff(k -> k + r)`,
//! whose bounding function k + r is Fraenkel's r-Wythoff). Impartial: its
//! values are nimbers. The P-positions of r = 1 are the golden-ratio pairs
//! of [`cgt_core::wythoff`].
//!
//! A position is the pair, `3,5`, and for r > 1 `;r=` and r: `3,5;r=2`.
//! Each pile has at most [`MAX_PILE`] tokens, r is 1 to [`MAX_PILE`], and
//! the positions below a pair may list at most [`MAX_OPTIONS`] options
//! together.
//!
//! # Example
//! ```
//! use cgt_core::impartial::GrundyMemo;
//! use cgt_rulesets::wythoff::Wythoff;
//!
//! let mut memo = GrundyMemo::new(Wythoff);
//! // Row 1 of the nim-values: 1 2 0 4 5 3 7 8.
//! let row: Vec<u64> = (0..8)
//!     .map(|n| memo.grundy(&Wythoff::parse(&format!("1,{n}")).unwrap()).value())
//!     .collect();
//! assert_eq!(row, [1, 2, 0, 4, 5, 3, 7, 8]);
//! // (3, 5) is a P-position of Wythoff's game, not of 2-Wythoff's.
//! assert_eq!(memo.grundy(&Wythoff::parse("5,3")?).value(), 0);
//! assert_ne!(memo.grundy(&Wythoff::parse("3,5;r=2")?).value(), 0);
//! # Ok::<(), cgt_rulesets::ParseError>(())
//! ```

use crate::parse::{ParseError, found};
use cgt_core::impartial::ImpartialGame;
use std::fmt;

/// The largest pile a position may have, and the largest r.
pub const MAX_PILE: u32 = 1000;

/// The most options the positions below a pair may list together: a
/// bound on the work of its search (a second or two). Each is a pair, one
/// memo entry however many options reach it.
pub const MAX_OPTIONS: u64 = 10_000_000;

/// The rules of Wythoff's game, r in the position.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Wythoff;

/// Two piles, the smaller first, and r.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Piles {
    small: u32,
    large: u32,
    r: u32,
}

impl Piles {
    fn new(a: u32, b: u32, r: u32) -> Piles {
        Piles {
            small: a.min(b),
            large: a.max(b),
            r,
        }
    }

    /// The piles, the smaller first.
    pub fn sizes(&self) -> (u32, u32) {
        (self.small, self.large)
    }

    /// Fraenkel's r: 1 for Wythoff's game.
    pub fn r(&self) -> u32 {
        self.r
    }
}

impl fmt::Display for Piles {
    /// `3,5`, or `3,5;r=2`: as [`Wythoff::parse`] reads it.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{},{}", self.small, self.large)?;
        if self.r != 1 {
            write!(f, ";r={}", self.r)?;
        }
        Ok(())
    }
}

/// An upper bound on the options of every position (x, y) ≤ (a, b)
/// together: x + y single-pile moves and at most (2r − 1) · min(x, y)
/// moves from both.
fn options_below(a: u64, b: u64, r: u64) -> u64 {
    let (a, b) = (a.min(b), a.max(b));
    let singles = (b + 1) * a * (a + 1) / 2 + (a + 1) * b * (b + 1) / 2;
    let minima: u64 = (0..=a)
        .map(|x| x * (x.saturating_sub(1)) / 2 + x * (b - x + 1))
        .sum();
    singles.saturating_add((2 * r - 1).saturating_mul(minima))
}

impl Wythoff {
    /// Reads `a,b` or `a,b;r=R` (whitespace allowed).
    ///
    /// # Example
    /// ```
    /// use cgt_rulesets::wythoff::Wythoff;
    /// assert_eq!(Wythoff::parse(" 7 , 4 ;r=1")?.to_string(), "4,7");
    /// let error = Wythoff::parse("4").unwrap_err();
    /// assert_eq!(error.to_string(), "at character 2: expected ',' and the second pile, found the end");
    /// # Ok::<(), cgt_rulesets::ParseError>(())
    /// ```
    pub fn parse(text: &str) -> Result<Piles, ParseError> {
        let chars: Vec<char> = text.chars().collect();
        let skip = |i: &mut usize| {
            while chars.get(*i).is_some_and(|c| c.is_whitespace()) {
                *i += 1;
            }
        };
        let number = |i: &mut usize, what: &str| -> Result<u32, ParseError> {
            skip(i);
            let start = *i;
            let mut n: u64 = 0;
            while let Some(d) = chars.get(*i).and_then(|c| c.to_digit(10)) {
                n = n.saturating_mul(10).saturating_add(u64::from(d));
                *i += 1;
            }
            if *i == start {
                return Err(ParseError::new(
                    start,
                    format!("expected {what}, {}", found(chars.get(start).copied())),
                ));
            }
            if n > u64::from(MAX_PILE) {
                return Err(ParseError::new(
                    start,
                    format!("{what} is at most {MAX_PILE}"),
                ));
            }
            skip(i);
            Ok(n as u32)
        };
        let mut i = 0;
        let a = number(&mut i, "a pile")?;
        if chars.get(i) != Some(&',') {
            return Err(ParseError::new(
                i,
                format!(
                    "expected ',' and the second pile, {}",
                    found(chars.get(i).copied())
                ),
            ));
        }
        i += 1;
        let b = number(&mut i, "a pile")?;
        let mut r = 1;
        if chars.get(i) == Some(&';') {
            i += 1;
            skip(&mut i);
            if chars.get(i) != Some(&'r') || chars.get(i + 1) != Some(&'=') {
                return Err(ParseError::new(
                    i,
                    format!("expected r=, {}", found(chars.get(i).copied())),
                ));
            }
            i += 2;
            let at = i;
            r = number(&mut i, "r")?;
            if r == 0 {
                return Err(ParseError::new(at, "r is at least 1"));
            }
        }
        if let Some(&c) = chars.get(i) {
            return Err(ParseError::new(
                i,
                format!("expected ';' or the end, {}", found(Some(c))),
            ));
        }
        if options_below(a.into(), b.into(), r.into()) > MAX_OPTIONS {
            let within = (0..a.max(b))
                .take_while(|&n| options_below(n.into(), n.into(), r.into()) <= MAX_OPTIONS)
                .last()
                .unwrap_or(0);
            return Err(ParseError::new(
                0,
                format!(
                    "the positions below {a},{b} list more than {MAX_OPTIONS} options (those \
                     below {within},{within} do not)"
                ),
            ));
        }
        Ok(Piles::new(a, b, r))
    }
}

impl ImpartialGame for Wythoff {
    type Position = Piles;

    /// Take from one pile; or k and l from both, 1 ≤ min(k, l),
    /// max(k, l) < min(k, l) + r.
    fn options(&self, p: &Piles, out: &mut Vec<Piles>) {
        let Piles { small, large, r } = *p;
        out.extend((0..small).map(|x| Piles::new(x, large, r)));
        out.extend((0..large).map(|y| Piles::new(small, y, r)));
        for s in 1..=small {
            // k = s from the small pile, l from the large: s ≤ l < s + r.
            for l in s..=(s + r - 1).min(large) {
                out.push(Piles::new(small - s, large - l, r));
            }
            // l = s from the large pile, k from the small: s < k < s + r.
            for k in s + 1..=(s + r - 1).min(small) {
                out.push(Piles::new(small - k, large - s, r));
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn piles_are_written_as_they_read() {
        for text in ["0,0", "3,5", "2,2;r=3"] {
            assert_eq!(Wythoff::parse(text).expect(text).to_string(), text);
        }
        for (text, at) in [
            ("", 0),
            ("3", 1),
            ("3,", 2),
            ("3,x", 2),
            ("1001,1", 0),
            ("3,5;", 4),
            ("3,5;r=0", 6),
            ("3,5;r=2x", 7),
            ("3,5 6", 4),
            ("300,300", 0),
        ] {
            assert_eq!(
                Wythoff::parse(text).map_err(|e| e.position()),
                Err(at),
                "{text}"
            );
        }
        assert!(Wythoff::parse("180,180").is_ok());
    }

    #[test]
    fn the_bound_counts_every_option_below() {
        for (a, b, r) in [(0, 0, 1), (3, 5, 1), (7, 4, 2), (6, 6, 3), (2, 9, 5)] {
            let mut total = 0;
            let mut out = Vec::new();
            for x in 0..=a {
                for y in 0..=b {
                    out.clear();
                    Wythoff.options(&Piles::new(x, y, r), &mut out);
                    total += out.len() as u64;
                }
            }
            let bound = options_below(a.into(), b.into(), r.into());
            assert!(total <= bound, "{a},{b};r={r}: {total} > {bound}");
            if r == 1 {
                assert_eq!(total, bound, "{a},{b}");
            }
        }
    }
}
