//! The game of ZOJ 3964 played out literally, for tests and `cargo xtask
//! stress`.
//!
//! Written from the rules alone, with none of the crate's theory (no Nim
//! sum, no "tame" piles): a position is the sorted list of its non-empty
//! piles with their flags, Bob may take any positive number of stones from
//! one pile, Alice any positive number allowed by the pile's flag, and
//! cgt-core's [`OutcomeMemo`] (Left = Alice, Right = Bob) decides who
//! wins. Exponential in the number of stones: only for small positions.

use crate::{Flag, judge};
use cgt_core::outcome::Side;
use cgt_core::partizan::{OutcomeMemo, PartizanGame};
use cgt_judge::JudgeError;
use std::io::Write;

/// The most stones (sum of the pile sizes) this search accepts.
///
/// The positions reachable from a start are at most the product of
/// (pile + 1) over its piles, e.g. 4^8 = 65536 for eight piles of 3.
pub const MAX_STONES: u64 = 24;

/// A position: the non-empty piles as (stones, flag), sorted.
pub type Position = Vec<(u8, Flag)>;

/// Whether Alice may remove `take` stones (`take >= 1`) from a pile with
/// this flag, by the statement: flag 1 only odd numbers, flag 2 only even
/// ones, flag 0 any number.
pub fn alice_may_take(flag: Flag, take: u64) -> bool {
    match flag {
        Flag::Any => true,
        Flag::Odd => take % 2 == 1,
        Flag::Even => take % 2 == 0,
    }
}

/// The position of `piles`, if it has at most [`MAX_STONES`] stones.
pub fn position(piles: &[(u64, Flag)]) -> Option<Position> {
    let total = piles
        .iter()
        .try_fold(0_u64, |sum, &(stones, _)| sum.checked_add(stones))?;
    if total > MAX_STONES {
        return None;
    }
    let mut position: Position = piles
        .iter()
        .filter(|&&(stones, _)| stones > 0)
        .map(|&(stones, flag)| (u8::try_from(stones).expect("at most MAX_STONES"), flag))
        .collect();
    position.sort_unstable();
    Some(position)
}

/// The rules of the game, as a partizan game: Left is Alice, whose takes
/// obey the flags, Right is Bob, who takes freely.
#[derive(Clone, Copy, Debug, Default)]
pub struct Rules;

impl PartizanGame for Rules {
    type Position = Position;

    /// Removing stones from one pile: any positive number for Bob, a number
    /// the pile's flag allows for Alice.
    fn options(&self, position: &Position, side: Side, out: &mut Vec<Position>) {
        for (i, &(stones, flag)) in position.iter().enumerate() {
            for take in 1..=stones {
                if side == Side::Left && !alice_may_take(flag, u64::from(take)) {
                    continue;
                }
                let mut next = position.clone();
                if take == stones {
                    next.remove(i);
                } else {
                    next[i].0 = stones - take;
                    next.sort_unstable();
                }
                out.push(next);
            }
        }
    }
}

/// The judge function, answered by the exhaustive search (Alice moves
/// first).
///
/// # Errors
/// As [`crate::solve`], and a case with more than [`MAX_STONES`] stones is
/// rejected as too big for this search.
pub fn solve<W: Write>(input: &[u8], out: &mut W) -> Result<(), JudgeError> {
    let mut memo = OutcomeMemo::new(Rules);
    judge(input, out, |piles, tokens| match position(piles) {
        Some(p) => Ok(memo.mover_wins(&p, Side::Left)),
        None => Err(tokens.error_in_case(format!(
            "the exhaustive search takes at most {MAX_STONES} stones in all"
        ))),
    })
}
