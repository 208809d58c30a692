//! Wythoff's game played out literally, for tests and `cargo xtask stress`.
//!
//! Written from the rules alone, with no Beatty sequences: a position is the
//! two piles, a move takes from one pile or the same from both, and
//! cgt-core's [`GrundyMemo`] decides who wins.

use crate::judge;
use cgt_core::impartial::{GrundyMemo, ImpartialGame};
use cgt_judge::JudgeError;
use std::io::Write;

/// The largest pile this search accepts.
pub const MAX_PILE: u64 = 60;

/// The rules of Wythoff's game.
#[derive(Clone, Copy, Debug, Default)]
pub struct Rules;

impl ImpartialGame for Rules {
    /// The two piles, in the input's order.
    type Position = (u64, u64);

    /// Take any positive number from one pile, or the same from both.
    fn options(&self, &(a, b): &(u64, u64), out: &mut Vec<(u64, u64)>) {
        out.extend((0..a).map(|x| (x, b)));
        out.extend((0..b).map(|y| (a, y)));
        out.extend((1..=a.min(b)).map(|k| (a - k, b - k)));
    }
}

/// The judge function, answered by the exhaustive search.
///
/// # Errors
/// As [`crate::solve`], and a pile above [`MAX_PILE`] is rejected as too
/// big for this search.
pub fn solve<W: Write>(input: &[u8], out: &mut W) -> Result<(), JudgeError> {
    let mut memo = GrundyMemo::new(Rules);
    judge(input, out, |a, b, tokens| {
        if a > MAX_PILE || b > MAX_PILE {
            return Err(tokens.error_in_case(format!(
                "the exhaustive search takes piles up to {MAX_PILE}"
            )));
        }
        Ok(memo.mover_wins(&(a, b)))
    })
}
