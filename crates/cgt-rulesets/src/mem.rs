//! Mem: a heap of `n` tokens with a memory `k`, the number taken on the
//! move before; a move takes `a` tokens, at least one and at least `k`,
//! and leaves `(n - a, a)` (CGSuite's `game.heap.Mem`, `GenMem((memory, j)
//! -> j >= memory)`, a coordinate ruleset). `(n, 0)` is a heap on which
//! nothing has been taken yet. Impartial: its values are nimbers.
//!
//! A position is the pair `n,k` as CGSuite writes its coordinates, `n` at
//! most [`MAX_TOKENS`] (it reaches about `n²/2` pairs, each with up to
//! `n` moves) and `k` any number below 2^64. Pairs with the same moves
//! share one memo entry: `(n, 0)` is `(n, 1)`, and a pair with no move is
//! `(0, 0)` ([`ImpartialGame::components`]).
//!
//! # Example
//! ```
//! use cgt_core::impartial::GrundyMemo;
//! use cgt_rulesets::mem::Mem;
//!
//! let mut memo = GrundyMemo::new(Mem);
//! // CGSuite's test of Mem: (10, k) for k from 0 to 12.
//! let row: Vec<u64> = (0..=12)
//!     .map(|k| memo.grundy(&Mem::parse(&format!("10,{k}")).unwrap()).value())
//!     .collect();
//! assert_eq!(row, [3, 3, 3, 3, 2, 2, 1, 1, 1, 1, 1, 0, 0]);
//! ```

use crate::parse::{ParseError, read_pair};
use cgt_core::impartial::ImpartialGame;
use std::fmt;

/// The most tokens a heap may have.
pub const MAX_TOKENS: u64 = 300;

/// The rules of Mem; positions are [`Memory`] pairs.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Mem;

/// A heap and its memory: `(n, k)`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Memory {
    n: u64,
    k: u64,
}

impl Memory {
    /// The tokens left, `n`.
    pub fn n(&self) -> u64 {
        self.n
    }

    /// The memory, `k`: the number taken on the move before.
    pub fn k(&self) -> u64 {
        self.k
    }

    /// The pair with the same moves in the normal form (module docs).
    fn normal(self) -> Memory {
        let k = self.k.max(1);
        if k > self.n {
            Memory { n: 0, k: 0 }
        } else {
            Memory { n: self.n, k }
        }
    }
}

impl fmt::Display for Memory {
    /// The pair as `n,k`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{},{}", self.n, self.k)
    }
}

impl Mem {
    /// Reads a pair `n,k`, `n` at most [`MAX_TOKENS`] and `k` below 2^64;
    /// whitespace is skipped.
    ///
    /// # Example
    /// ```
    /// use cgt_rulesets::mem::Mem;
    /// assert_eq!(Mem::parse(" 9 , 2")?.to_string(), "9,2");
    /// let error = Mem::parse("301,0").unwrap_err();
    /// assert_eq!(error.to_string(), "at character 1: n is at most 300");
    /// # Ok::<(), cgt_rulesets::ParseError>(())
    /// ```
    ///
    /// # Errors
    /// Where the text does not read, or `n` is above [`MAX_TOKENS`].
    pub fn parse(text: &str) -> Result<Memory, ParseError> {
        let (n, k) = read_pair(text, ("n", MAX_TOKENS), ("k", u64::MAX))?;
        Ok(Memory { n, k })
    }
}

impl ImpartialGame for Mem {
    type Position = Memory;

    /// Take `a` tokens, `max(k, 1) ≤ a ≤ n`, leaving `(n - a, a)`.
    fn options(&self, &Memory { n, k }: &Memory, out: &mut Vec<Memory>) {
        for a in k.max(1)..=n {
            out.push(Memory { n: n - a, k: a });
        }
    }

    fn components(&self, position: &Memory, parts: &mut Vec<Memory>) {
        let normal = position.normal();
        if normal != *position {
            parts.push(normal);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_move_takes_at_least_the_last_take() {
        let mut out = Vec::new();
        Mem.options(&Memory { n: 5, k: 3 }, &mut out);
        assert_eq!(
            out,
            [
                Memory { n: 2, k: 3 },
                Memory { n: 1, k: 4 },
                Memory { n: 0, k: 5 }
            ]
        );
        let mut parts = Vec::new();
        Mem.components(&Memory { n: 2, k: 3 }, &mut parts);
        assert_eq!(parts, [Memory { n: 0, k: 0 }]);
        parts.clear();
        Mem.components(&Memory { n: 4, k: 0 }, &mut parts);
        assert_eq!(parts, [Memory { n: 4, k: 1 }]);
        parts.clear();
        Mem.components(&Memory { n: 4, k: 2 }, &mut parts);
        assert!(parts.is_empty());
    }

    #[test]
    fn bad_pairs_say_where() {
        for (text, at) in [("", 0), ("3", 1), ("3,", 2), ("3,4,", 3), ("3,x", 2)] {
            let error = Mem::parse(text).expect_err(text);
            assert_eq!(error.position(), at, "{text}: {error}");
        }
        assert!(Mem::parse("3,18446744073709551615").is_ok());
        assert!(Mem::parse("3,18446744073709551616").is_err());
    }
}
