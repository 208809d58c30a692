//! Misère Nim played out literally, for tests and `cargo xtask stress`.
//!
//! Written from the rules alone, with no Nim theory: a move eats one or
//! more M&Ms of one colour (cgt-core's [`HeapGame`]), a position is the
//! sorted list of the colours left ([`HeapSum`]), and cgt-core's
//! [`MisereMemo`] searches the whole position under misère play (who
//! cannot move, because the opponent ate the last M&M, has won).

use crate::judge;
use cgt_core::heap::{HeapGame, HeapOptions, HeapSum};
use cgt_core::misere::MisereMemo;
use cgt_judge::JudgeError;
use cgt_testkit::brute::sorted_heaps;
use std::io::Write;

/// The most M&Ms in all this search accepts.
pub const MAX_MNMS: u64 = 32;

/// A position: the counts of the colours left, sorted.
pub type Position = Vec<usize>;

/// The moves in one colour: eat one or more of its M&Ms.
#[derive(Clone, Copy, Debug, Default)]
pub struct Colour;

impl HeapGame for Colour {
    fn heap_options(&self, count: usize, options: &mut HeapOptions) {
        for leave in 0..count {
            options.push(&[leave]);
        }
    }
}

/// The rules, as an impartial game on whole positions.
pub const RULES: HeapSum<Colour> = HeapSum(Colour);

/// The position of `counts`, if it has at most [`MAX_MNMS`] M&Ms.
pub fn position(counts: &[u64]) -> Option<Position> {
    let counts = sorted_heaps(counts, MAX_MNMS)?;
    Some(counts.into_iter().map(usize::from).collect())
}

/// Whether the player to move wins `position` under misère play: the
/// whole position is one component of the memo's search.
pub fn mover_wins(memo: &mut MisereMemo<HeapSum<Colour>>, position: &Position) -> bool {
    memo.mover_wins_sum(std::slice::from_ref(position))
}

/// The judge function, answered by the exhaustive search.
///
/// # Errors
/// As [`crate::solve`], and a case with more than [`MAX_MNMS`] M&Ms is
/// rejected as too big for this search.
pub fn solve<W: Write>(input: &[u8], out: &mut W) -> Result<(), JudgeError> {
    let mut memo = MisereMemo::new(RULES);
    judge(input, out, |counts, tokens| match position(counts) {
        Some(p) => Ok(mover_wins(&mut memo, &p)),
        None => Err(tokens.error_in_case(format!(
            "the exhaustive search takes at most {MAX_MNMS} M&Ms in all"
        ))),
    })
}
