//! The game played out literally, for tests and `cargo xtask stress`.
//!
//! Written from the rules alone, with no Grundy theory: a position is the
//! sorted list of its non-empty heaps, a move takes 1, 2 or 3 stones from
//! one heap, and cgt-core's [`GrundyMemo`] decides who wins.

use crate::judge;
use cgt_core::impartial::{GrundyMemo, ImpartialGame};
use cgt_judge::JudgeError;
use cgt_testkit::brute::sorted_heaps;
use std::io::Write;

/// The most stones in all this search accepts.
pub const MAX_STONES: u64 = 40;

/// A position: the non-empty heaps, sorted.
pub type Position = Vec<u8>;

/// The rules, as an impartial game on whole positions.
#[derive(Clone, Copy, Debug, Default)]
pub struct Rules;

impl ImpartialGame for Rules {
    type Position = Position;

    fn options(&self, position: &Position, out: &mut Vec<Position>) {
        for (i, &heap) in position.iter().enumerate() {
            for take in 1..=heap.min(3) {
                let mut next = position.clone();
                next[i] = heap - take;
                next.retain(|&h| h > 0);
                next.sort_unstable();
                out.push(next);
            }
        }
    }
}

/// The position of `heaps`, if it has at most [`MAX_STONES`] stones.
pub fn position(heaps: &[u64]) -> Option<Position> {
    sorted_heaps(heaps, MAX_STONES)
}

/// The judge function, answered by the exhaustive search.
///
/// # Errors
/// As [`crate::solve`], and a case with more than [`MAX_STONES`] stones is
/// rejected as too big for this search.
pub fn solve<W: Write>(input: &[u8], out: &mut W) -> Result<(), JudgeError> {
    let mut memo = GrundyMemo::new(Rules);
    judge(input, out, |heaps, tokens| match position(heaps) {
        Some(p) => Ok(memo.mover_wins(&p)),
        None => Err(tokens.error_in_case(format!(
            "the exhaustive search takes at most {MAX_STONES} stones in all"
        ))),
    })
}
