//! The game played out literally, for tests and `cargo xtask stress`.
//!
//! Written from the rules alone, with no Grundy theory: the rules say what
//! a move does to one heap (cgt-core's [`HeapGame`]), a position is the
//! sorted list of its non-empty heaps ([`HeapSum`]), and cgt-core's
//! [`GrundyMemo`] searches whole positions to decide who wins. A game
//! whose positions are not sums of heaps implements `ImpartialGame` (or
//! `PartizanGame`, `ScoringGame`) on whole positions instead.

use crate::judge;
use cgt_core::heap::{HeapGame, HeapOptions, HeapSum};
use cgt_core::impartial::GrundyMemo;
use cgt_judge::JudgeError;
use cgt_testkit::brute::sorted_heaps;
use std::io::Write;

/// The most stones in all this search accepts.
pub const MAX_STONES: u64 = 40;

/// A position: the non-empty heaps, sorted.
pub type Position = Vec<usize>;

/// The moves in one heap: take 1, 2 or 3 stones.
#[derive(Clone, Copy, Debug, Default)]
pub struct Heap;

impl HeapGame for Heap {
    fn heap_options(&self, heap: usize, options: &mut HeapOptions) {
        for take in 1..=heap.min(3) {
            options.push(&[heap - take]);
        }
    }
}

/// The rules, as an impartial game on whole positions.
pub const RULES: HeapSum<Heap> = HeapSum(Heap);

/// The position of `heaps`, if it has at most [`MAX_STONES`] stones.
pub fn position(heaps: &[u64]) -> Option<Position> {
    let heaps = sorted_heaps(heaps, MAX_STONES)?;
    Some(heaps.into_iter().map(usize::from).collect())
}

/// The judge function, answered by the exhaustive search.
///
/// # Errors
/// As [`crate::solve`], and a case with more than [`MAX_STONES`] stones is
/// rejected as too big for this search.
pub fn solve<W: Write>(input: &[u8], out: &mut W) -> Result<(), JudgeError> {
    let mut memo = GrundyMemo::new(RULES);
    judge(input, out, |heaps, tokens| match position(heaps) {
        Some(p) => Ok(memo.mover_wins(&p)),
        None => Err(tokens.error_in_case(format!(
            "the exhaustive search takes at most {MAX_STONES} stones in all"
        ))),
    })
}
