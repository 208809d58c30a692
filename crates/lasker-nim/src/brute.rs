//! Lasker's Nim played out literally, for tests and `cargo xtask stress`.
//!
//! Written from the rules alone, with no Grundy theory: a position is the
//! sorted list of its non-empty heaps, a move removes objects from one heap
//! or splits it in two, and cgt-core's [`GrundyMemo`] decides who wins.
//! Exponential in the number of objects: only for small positions.

use crate::judge;
use cgt_core::impartial::{GrundyMemo, ImpartialGame};
use cgt_judge::JudgeError;
use cgt_testkit::brute::sorted_heaps;
use std::io::Write;

/// The most objects (sum of heap sizes) this search accepts.
pub const MAX_OBJECTS: u64 = 40;

/// A position: the non-empty heaps, sorted.
pub type Position = Vec<u8>;

/// The rules of Lasker's Nim, as an impartial game on whole positions.
#[derive(Clone, Copy, Debug, Default)]
pub struct Rules;

impl ImpartialGame for Rules {
    type Position = Position;

    /// Removing objects from one heap, or splitting one heap in two.
    fn options(&self, position: &Position, out: &mut Vec<Position>) {
        for (i, &heap) in position.iter().enumerate() {
            let with = |new_heaps: &[u8]| {
                let mut next: Position = position[..i].to_vec();
                next.extend_from_slice(&position[i + 1..]);
                next.extend(new_heaps.iter().filter(|&&h| h > 0));
                next.sort_unstable();
                next
            };
            for leave in 0..heap {
                out.push(with(&[leave]));
            }
            for a in 1..=heap / 2 {
                out.push(with(&[a, heap - a]));
            }
        }
    }
}

/// The position of `heaps`, if it has at most [`MAX_OBJECTS`] objects.
pub fn position(heaps: &[u64]) -> Option<Position> {
    sorted_heaps(heaps, MAX_OBJECTS)
}

/// The judge function, answered by the exhaustive search.
///
/// # Errors
/// As [`crate::solve`], and a case with more than [`MAX_OBJECTS`] objects is
/// rejected as too big for this search.
pub fn solve<W: Write>(input: &[u8], out: &mut W) -> Result<(), JudgeError> {
    let mut memo = GrundyMemo::new(Rules);
    judge(input, out, |heaps, tokens| match position(heaps) {
        Some(p) => Ok(memo.mover_wins(&p)),
        None => Err(tokens.error_in_case(format!(
            "the exhaustive search takes at most {MAX_OBJECTS} objects in all"
        ))),
    })
}
