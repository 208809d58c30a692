//! Partizan Euclid (Richard Nowakowski and Neil McKay): a position is a
//! pair of integers `(p, q)`; if `q = 0` or `q` divides `p` no one can
//! move, else Left moves to `(q, p mod q)` and Right to
//! `(q, q - p mod q)` (CGSuite's `game.heap.PartizanEuclid` and its
//! tutorial "CGSuite in action"). Written `p,q`: `p` any number below
//! 2^64, `q` at most [`MAX_Q`].
//!
//! The options of `(p, q)` depend on `p` only through `p mod q`, so a
//! position is normalised to `(p mod q, q)`, and a position with no move
//! to `(0, 0)` ([`PartizanGame::components`]), so that equal positions
//! share one memo entry. Every move makes the second number smaller.
//!
//! # Example
//! ```
//! use cgt_core::canonical::GameStore;
//! use cgt_core::partizan::ValueMemo;
//! use cgt_rulesets::partizan_euclid::PartizanEuclid;
//!
//! let mut store = GameStore::new();
//! let mut memo = ValueMemo::new(PartizanEuclid);
//! // CGSuite's test: (8, q) for q from 0 to 8.
//! let row: Vec<String> = (0..=8)
//!     .map(|q| {
//!         let pair = PartizanEuclid::parse(&format!("8,{q}")).expect("a pair");
//!         let v = memo.value(&mut store, &pair).expect("a small value");
//!         store.display(v)
//!     })
//!     .collect();
//! assert_eq!(row, ["0", "0", "0", "v", "0", "0", "^", "^5", "0"]);
//! ```
//!
//! [`PartizanGame::components`]: cgt_core::partizan::PartizanGame::components

use crate::parse::{ParseError, read_pair};
use cgt_core::outcome::Side;
use cgt_core::partizan::PartizanGame;
use std::fmt;

/// The rules of Partizan Euclid; positions are [`Pair`]s.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct PartizanEuclid;

/// The largest `q` a position may have: `(p, q)` reaches pairs of numbers
/// up to `q`, and its value can be a game of depth about `q`, costing about
/// `q³` (`2,199` is `v[99]`).
pub const MAX_Q: u64 = 200;

/// A position `(p, q)`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Pair {
    p: u64,
    q: u64,
}

impl Pair {
    /// The first number, `p`.
    pub fn p(&self) -> u64 {
        self.p
    }

    /// The second number, `q`.
    pub fn q(&self) -> u64 {
        self.q
    }
}

impl fmt::Display for Pair {
    /// The pair as `p,q`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{},{}", self.p, self.q)
    }
}

impl PartizanEuclid {
    /// Reads a pair `p,q`, `p` below 2^64 and `q` at most [`MAX_Q`];
    /// whitespace is skipped.
    ///
    /// # Example
    /// ```
    /// use cgt_rulesets::partizan_euclid::PartizanEuclid;
    /// let pair = PartizanEuclid::parse("9, 6")?;
    /// assert_eq!((pair.p(), pair.q()), (9, 6));
    /// let error = PartizanEuclid::parse("9,").unwrap_err();
    /// assert_eq!(error.to_string(), "at character 3: expected q, found the end");
    /// # Ok::<(), cgt_rulesets::ParseError>(())
    /// ```
    pub fn parse(text: &str) -> Result<Pair, ParseError> {
        let (p, q) = read_pair(text, ("p", u64::MAX), ("q", MAX_Q))?;
        Ok(Pair { p, q })
    }
}

impl PartizanGame for PartizanEuclid {
    type Position = Pair;

    fn options(&self, &Pair { p, q }: &Pair, side: Side, out: &mut Vec<Pair>) {
        if q == 0 || p % q == 0 {
            return;
        }
        let r = p % q;
        out.push(match side {
            Side::Left => Pair { p: q, q: r },
            Side::Right => Pair { p: q, q: q - r },
        });
    }

    fn components(&self, &Pair { p, q }: &Pair, parts: &mut Vec<Pair>) {
        let normal = if q == 0 || p % q == 0 {
            Pair { p: 0, q: 0 }
        } else {
            Pair { p: p % q, q }
        };
        if normal != (Pair { p, q }) {
            parts.push(normal);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_player_has_one_move() {
        let pair = PartizanEuclid::parse("9,6").expect("a pair");
        let mut out = Vec::new();
        PartizanEuclid.options(&pair, Side::Left, &mut out);
        PartizanEuclid.options(&pair, Side::Right, &mut out);
        assert_eq!(out, [Pair { p: 6, q: 3 }, Pair { p: 6, q: 3 }]);
        out.clear();
        PartizanEuclid.options(&Pair { p: 3, q: 8 }, Side::Right, &mut out);
        assert_eq!(out, [Pair { p: 8, q: 5 }]);
        let mut parts = Vec::new();
        PartizanEuclid.components(&Pair { p: 20, q: 6 }, &mut parts);
        assert_eq!(parts, [Pair { p: 2, q: 6 }]);
        let huge = PartizanEuclid::parse("18446744073709551615,7").expect("a pair");
        parts.clear();
        PartizanEuclid.components(&huge, &mut parts);
        assert_eq!(parts, [Pair { p: 1, q: 7 }]);
    }

    #[test]
    fn bad_pairs_are_rejected_with_the_place() {
        for (text, at, words) in [
            ("", 0, "expected p, found the end"),
            ("9 6", 2, "expected ',', found '6'"),
            ("9,x", 2, "expected q, found 'x'"),
            ("9,6,", 3, "expected the end, found ','"),
            (
                "18446744073709551616,6",
                0,
                "p is at most 18446744073709551615",
            ),
            ("9,201", 2, "q is at most 200"),
            ("9,99999999999999999999999", 2, "q is at most 200"),
        ] {
            let error = PartizanEuclid::parse(text).expect_err(text);
            assert_eq!(error.position(), at, "{text}: {error}");
            assert!(error.to_string().contains(words), "{text}: {error}");
        }
    }
}
