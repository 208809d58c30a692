//! Georgia and Bob played out literally, for tests and `cargo xtask
//! stress`.
//!
//! Written from the rules alone, with no staircase: a position is the
//! sorted grids of the chessmen, a move slides one of them left onto a free
//! grid before the next chessman, and cgt-core's [`GrundyMemo`] decides who
//! wins.

use crate::judge;
use cgt_core::impartial::{GrundyMemo, ImpartialGame};
use cgt_judge::JudgeError;
use std::io::Write;

/// The largest grid this search accepts.
pub const MAX_POSITION: u64 = 16;

/// The most chessmen this search accepts.
pub const MAX_CHESSMEN: usize = 6;

/// The rules, on the sorted grids of the chessmen.
#[derive(Clone, Copy, Debug, Default)]
pub struct Rules;

impl ImpartialGame for Rules {
    /// The chessmen's grids, sorted.
    type Position = Vec<u8>;

    /// Move one chessman left by at least one grid, not onto or past the
    /// chessman on its left, and not below grid 1.
    fn options(&self, grids: &Vec<u8>, out: &mut Vec<Vec<u8>>) {
        for i in 0..grids.len() {
            let lowest = if i == 0 { 1 } else { grids[i - 1] + 1 };
            for to in lowest..grids[i] {
                let mut next = grids.clone();
                next[i] = to;
                out.push(next);
            }
        }
    }
}

/// The position of `positions`, if within the search's bounds.
pub fn position(positions: &[u64]) -> Option<Vec<u8>> {
    if positions.len() > MAX_CHESSMEN || positions.iter().any(|&p| p > MAX_POSITION) {
        return None;
    }
    let mut grids: Vec<u8> = positions.iter().map(|&p| p as u8).collect();
    grids.sort_unstable();
    Some(grids)
}

/// The judge function, answered by the exhaustive search.
///
/// # Errors
/// As [`crate::solve`], and a case beyond [`MAX_CHESSMEN`] chessmen or grid
/// [`MAX_POSITION`] is rejected as too big for this search.
pub fn solve<W: Write>(input: &[u8], out: &mut W) -> Result<(), JudgeError> {
    let mut memo = GrundyMemo::new(Rules);
    judge(input, out, |positions, _, tokens| {
        match position(positions) {
        Some(p) => Ok(memo.mover_wins(&p)),
        None => Err(tokens.error_in_case(format!(
            "the exhaustive search takes at most {MAX_CHESSMEN} chessmen on grids up to {MAX_POSITION}"
        ))),
    }
    })
}
