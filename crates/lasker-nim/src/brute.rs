//! Lasker's Nim played out literally, for tests and `cargo xtask stress`.
//!
//! Written from the rules alone, with no Grundy theory: the rules say what
//! a move does to one heap (cgt-core's [`HeapGame`]), a position is the
//! sorted list of its non-empty heaps ([`HeapSum`]), and cgt-core's
//! [`GrundyMemo`] searches whole positions to decide who wins.
//! Exponential in the number of objects: only for small positions.

use crate::judge;
use cgt_core::heap::{HeapGame, HeapOptions, HeapSum};
use cgt_core::impartial::GrundyMemo;
use cgt_judge::JudgeError;
use cgt_testkit::brute::sorted_heaps;
use std::io::Write;

/// The most objects (sum of heap sizes) this search accepts.
pub const MAX_OBJECTS: u64 = 40;

/// A position: the non-empty heaps, sorted.
pub type Position = Vec<usize>;

/// The moves of Lasker's Nim in one heap.
#[derive(Clone, Copy, Debug, Default)]
pub struct Heap;

impl HeapGame for Heap {
    /// Removing objects from the heap, or splitting it in two.
    fn heap_options(&self, heap: usize, options: &mut HeapOptions) {
        for leave in 0..heap {
            options.push(&[leave]);
        }
        for a in 1..=heap / 2 {
            options.push(&[a, heap - a]);
        }
    }
}

/// The rules of Lasker's Nim, as an impartial game on whole positions.
pub const RULES: HeapSum<Heap> = HeapSum(Heap);

/// The position of `heaps`, if it has at most [`MAX_OBJECTS`] objects.
pub fn position(heaps: &[u64]) -> Option<Position> {
    let heaps = sorted_heaps(heaps, MAX_OBJECTS)?;
    Some(heaps.into_iter().map(usize::from).collect())
}

/// The judge function, answered by the exhaustive search.
///
/// # Errors
/// As [`crate::solve`], and a case with more than [`MAX_OBJECTS`] objects is
/// rejected as too big for this search.
pub fn solve<W: Write>(input: &[u8], out: &mut W) -> Result<(), JudgeError> {
    let mut memo = GrundyMemo::new(RULES);
    judge(input, out, |heaps, tokens| match position(heaps) {
        Some(p) => Ok(memo.mover_wins(&p)),
        None => Err(tokens.error_in_case(format!(
            "the exhaustive search takes at most {MAX_OBJECTS} objects in all"
        ))),
    })
}
