//! Moving Pebbles played out literally, for tests and `cargo xtask stress`.
//!
//! Written from the rules alone, with no pairing theory: a position is the
//! sorted list of its non-empty piles; a move picks a pile, removes at least
//! one pebble, and spreads any part of the rest over the other piles (all of
//! them non-empty, since empty piles are gone), keeping what is left; and
//! cgt-core's [`GrundyMemo`] decides who wins. Exponential in the
//! number of pebbles: only for small positions.

use crate::judge;
use cgt_core::impartial::{GrundyMemo, ImpartialGame};
use cgt_judge::JudgeError;
use std::io::Write;

/// The most non-empty piles this search accepts.
pub const MAX_PILES: usize = 6;

/// The most pebbles (sum of the pile sizes) this search accepts.
pub const MAX_PEBBLES: u64 = 20;

/// A position: the non-empty piles, sorted.
pub type Position = Vec<u8>;

/// The position of `piles` (a zero pile is no pile), if it is within
/// [`MAX_PILES`] and [`MAX_PEBBLES`].
pub fn position(piles: &[u128]) -> Option<Position> {
    let mut position = Vec::new();
    let mut total = 0_u128;
    for &pile in piles.iter().filter(|&&p| p > 0) {
        total = total.checked_add(pile)?;
        if total > u128::from(MAX_PEBBLES) || position.len() == MAX_PILES {
            return None;
        }
        position.push(u8::try_from(pile).ok()?);
    }
    position.sort_unstable();
    Some(position)
}

/// The value of a decimal digit string (leading zeros allowed), if it is at
/// most [`MAX_PEBBLES`].
fn small_value(digits: &[u8]) -> Option<u128> {
    digits.iter().try_fold(0_u128, |value, &d| {
        let value = value * 10 + u128::from(d - b'0');
        (value <= u128::from(MAX_PEBBLES)).then_some(value)
    })
}

/// The rules of Moving Pebbles, as an impartial game on whole positions.
#[derive(Clone, Copy, Debug, Default)]
pub struct Rules;

impl ImpartialGame for Rules {
    type Position = Position;

    /// Every position one move away from `position`, by the rules.
    fn options(&self, position: &Position, out: &mut Vec<Position>) {
        for (chosen, &size) in position.iter().enumerate() {
            let others: Vec<u8> = position
                .iter()
                .enumerate()
                .filter(|&(i, _)| i != chosen)
                .map(|(_, &p)| p)
                .collect();
            for remove in 1..=size {
                let spare = size - remove;
                // Every way to give gains[i] >= 0 to others[i] with a sum of at
                // most `spare`: an odometer over the gains.
                let mut gains = vec![0_u8; others.len()];
                loop {
                    let given: u8 = gains.iter().sum();
                    let mut next: Position =
                        others.iter().zip(&gains).map(|(p, g)| p + g).collect();
                    if spare > given {
                        next.push(spare - given);
                    }
                    next.sort_unstable();
                    out.push(next);
                    // Advance: the first gain that can grow grows, the ones
                    // before it restart at zero.
                    let Some(grow) = (0..gains.len()).find(|&i| {
                        let before: u8 = gains[i..].iter().sum();
                        before < spare
                    }) else {
                        break;
                    };
                    gains[grow] += 1;
                    gains[..grow].fill(0);
                }
            }
        }
    }
}

/// The judge function, answered by the exhaustive search.
///
/// # Errors
/// As [`crate::solve`], and a case with more than [`MAX_PILES`] non-empty
/// piles or [`MAX_PEBBLES`] pebbles is rejected as too big for this search,
/// before any search.
pub fn solve<W: Write>(input: &[u8], out: &mut W) -> Result<(), JudgeError> {
    let mut memo = GrundyMemo::new(Rules);
    judge(input, out, |piles, tokens| {
        let values: Option<Vec<u128>> = piles.iter().map(|p| small_value(p)).collect();
        match values.as_deref().and_then(position) {
            Some(p) => Ok(memo.mover_wins(&p)),
            None => Err(tokens.error_in_case(format!(
                "the exhaustive search takes at most {MAX_PILES} non-empty piles \
                 and {MAX_PEBBLES} pebbles in all"
            ))),
        }
    })
}
