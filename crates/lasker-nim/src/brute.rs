//! Lasker's Nim played out literally, for tests and `cargo xtask stress`.
//!
//! Written from the rules alone, with no Grundy theory: a position is the
//! sorted list of its non-empty heaps, a move removes objects from one heap
//! or splits it in two, and cgt-core's [`ImpartialSearch`] decides who wins.
//! Exponential in the number of objects: only for small positions.

use crate::judge;
use cgt_core::judge::JudgeError;
use cgt_core::search::ImpartialSearch;
use std::io::Write;

/// The most objects (sum of heap sizes) this search accepts.
pub const MAX_OBJECTS: u64 = 40;

/// A position: the non-empty heaps, sorted.
pub type Position = Vec<u8>;

/// The position of `heaps`, if it has at most [`MAX_OBJECTS`] objects.
pub fn position(heaps: &[u64]) -> Option<Position> {
    let total = heaps.iter().try_fold(0_u64, |sum, &h| sum.checked_add(h))?;
    if total > MAX_OBJECTS {
        return None;
    }
    let mut position: Position = heaps
        .iter()
        .filter(|&&h| h > 0)
        .map(|&h| u8::try_from(h).expect("at most MAX_OBJECTS"))
        .collect();
    position.sort_unstable();
    Some(position)
}

/// Every position one move away from `position`, by the rules.
pub fn options(position: &Position, out: &mut Vec<Position>) {
    for (i, &heap) in position.iter().enumerate() {
        let others = position.iter().enumerate().filter(move |&(j, _)| j != i);
        let with = |new_heaps: &[u8]| {
            let mut next: Position = others.clone().map(|(_, &h)| h).collect();
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

/// Whether the player to move wins `position`, by exhaustive search; reuse
/// `search` across calls.
pub fn mover_wins(search: &mut ImpartialSearch<Position>, position: Position) -> bool {
    search.mover_wins(position, options)
}

/// The judge function, answered by the exhaustive search.
///
/// # Errors
/// As [`crate::solve`], and a case with more than [`MAX_OBJECTS`] objects is
/// rejected as too big for this search.
pub fn solve<W: Write>(input: &[u8], out: &mut W) -> Result<(), JudgeError> {
    let mut search = ImpartialSearch::new();
    judge(input, out, |heaps, tokens| match position(heaps) {
        Some(p) => Ok(mover_wins(&mut search, p)),
        None => Err(tokens.error_in_case(format!(
            "the exhaustive search takes at most {MAX_OBJECTS} objects in all"
        ))),
    })
}
