//! The game played out literally, for tests and `cargo xtask stress`.
//!
//! Written from the rules alone, with no partner theory: a position is the
//! row of its non-empty piles, a move lowers the first or the last pile
//! (dropping it when it reaches 0), and cgt-core's [`GrundyMemo`] decides
//! who wins. From a row of n piles of at most m stones, the reachable rows
//! are its intervals with lowered end piles: at most n(n+1)/2 · (m+1)²
//! positions, each with at most 2m moves.

use crate::judge;
use cgt_core::impartial::{GrundyMemo, ImpartialGame};
use cgt_judge::JudgeError;
use std::io::Write;

/// The most non-empty piles in a row this search accepts.
pub const MAX_PILES: usize = 12;

/// The largest pile this search accepts.
pub const MAX_PILE: u64 = 20;

/// A position: the non-empty piles, left to right.
pub type Position = Vec<u8>;

/// The rules of the game, as an impartial game on whole rows.
#[derive(Clone, Copy, Debug, Default)]
pub struct Rules;

impl ImpartialGame for Rules {
    type Position = Position;

    /// Lowering the leftmost or the rightmost pile, which is gone at 0.
    fn options(&self, position: &Position, out: &mut Vec<Position>) {
        let Some(&first) = position.first() else {
            return;
        };
        for leave in 0..first {
            let mut next = position.clone();
            if leave == 0 {
                next.remove(0);
            } else {
                next[0] = leave;
            }
            out.push(next);
        }
        // With one pile, the rightmost pile is the leftmost one: no new moves.
        if position.len() > 1 {
            let last_index = position.len() - 1;
            for leave in 0..position[last_index] {
                let mut next = position.clone();
                if leave == 0 {
                    next.pop();
                } else {
                    next[last_index] = leave;
                }
                out.push(next);
            }
        }
    }
}

/// The position of `row` (zeros are no piles), if it has at most
/// [`MAX_PILES`] non-empty piles of at most [`MAX_PILE`] stones.
pub fn position(row: &[u64]) -> Option<Position> {
    let piles: Vec<u64> = row.iter().copied().filter(|&a| a > 0).collect();
    if piles.len() > MAX_PILES || piles.iter().any(|&a| a > MAX_PILE) {
        return None;
    }
    piles.into_iter().map(|a| u8::try_from(a).ok()).collect()
}

/// The judge function, answered by the exhaustive search.
///
/// # Errors
/// As [`crate::solve`], and a case beyond [`MAX_PILES`] non-empty piles or
/// with a pile above [`MAX_PILE`] is rejected as too big for this search,
/// before any search.
pub fn solve<W: Write>(input: &[u8], out: &mut W) -> Result<(), JudgeError> {
    let mut memo = GrundyMemo::new(Rules);
    judge(input, out, |row, tokens| match position(row) {
        Some(p) => Ok(memo.mover_wins(&p)),
        None => Err(tokens.error_in_case(format!(
            "the exhaustive search takes at most {MAX_PILES} non-empty piles \
             of at most {MAX_PILE} stones"
        ))),
    })
}
