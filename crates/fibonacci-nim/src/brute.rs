//! Fibonacci Nim played out literally, for tests and `cargo xtask stress`.
//!
//! Written from the rules alone, with no Fibonacci numbers: a position is
//! the stones left and the most the mover may take, a move takes from 1 to
//! that many, and cgt-core's [`GrundyMemo`] decides who wins.

use crate::judge;
use cgt_core::impartial::{GrundyMemo, ImpartialGame};
use cgt_judge::JudgeError;
use std::io::Write;

/// The largest pile this search accepts.
pub const MAX_PILE: u64 = 120;

/// The rules after the first move: `(stones, quota)`.
#[derive(Clone, Copy, Debug, Default)]
pub struct Rules;

impl ImpartialGame for Rules {
    /// The stones left and the most the mover may take (capped at the
    /// stones left: a larger quota allows nothing more).
    type Position = (u64, u64);

    /// Take t from 1 to the quota; the opponent may then take up to 2t.
    fn options(&self, &(n, quota): &(u64, u64), out: &mut Vec<(u64, u64)>) {
        out.extend((1..=quota.min(n)).map(|t| (n - t, (2 * t).min(n - t))));
    }
}

/// The start with `n` stones: the first move takes 1 to n − 1.
pub fn start(n: u64) -> (u64, u64) {
    (n, n - 1)
}

/// The judge function, answered by the exhaustive search.
///
/// # Errors
/// As [`crate::solve`], and a pile above [`MAX_PILE`] is rejected as too
/// big for this search.
pub fn solve<W: Write>(input: &[u8], out: &mut W) -> Result<(), JudgeError> {
    let mut memo = GrundyMemo::new(Rules);
    judge(input, out, |n, tokens| {
        if n > MAX_PILE {
            return Err(tokens.error_in_case(format!(
                "the exhaustive search takes piles up to {MAX_PILE}"
            )));
        }
        Ok(memo.mover_wins(&start(n)))
    })
}
