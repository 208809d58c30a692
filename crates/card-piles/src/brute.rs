//! The card game played out literally, for tests and `cargo xtask stress`.
//!
//! Written from the rules alone, with no table: a position is the two piles
//! of cards still on the table, a move removes the first or the last card of
//! either and scores it, and cgt-core's [`ScoreMemo`] finds the best margin
//! for the player to move. Its memo is keyed by the literal piles, so games
//! that share sub-piles share their work.

use crate::judge;
use cgt_core::scoring::{ScoreMemo, ScoringGame};
use cgt_judge::JudgeError;
use std::io::Write;

/// The most cards per pile this search accepts (a pile of n cards has about
/// n²/2 parts, so the positions grow as n⁴/4 and each copies both piles).
pub const MAX_CARDS: usize = 10;

/// A position: the cards left in pile 1 and in pile 2, top first.
pub type Position = (Vec<u32>, Vec<u32>);

/// The rules of the card game, as a scoring game on whole positions.
#[derive(Clone, Copy, Debug, Default)]
pub struct Rules;

impl ScoringGame for Rules {
    type Position = Position;

    /// Taking the top or the bottom card of either pile, for its score.
    fn moves(&self, position: &Position, out: &mut Vec<(Position, i64)>) {
        let (first, second) = position;
        for (pile, other, is_first) in [(first, second, true), (second, first, false)] {
            let (Some(&top), Some(&bottom)) = (pile.first(), pile.last()) else {
                continue;
            };
            for (score, rest) in [(top, &pile[1..]), (bottom, &pile[..pile.len() - 1])] {
                let next = if is_first {
                    (rest.to_vec(), other.clone())
                } else {
                    (other.clone(), rest.to_vec())
                };
                out.push((next, i64::from(score)));
            }
        }
    }
}

/// The most the player to move collects from the piles `first` and `second`
/// (top first), by exhaustive search; reuse `memo` across calls.
///
/// # Panics
/// If a pile has more than [`MAX_CARDS`] cards.
pub fn mover_total(memo: &mut ScoreMemo<Rules>, first: &[u32], second: &[u32]) -> u64 {
    assert!(
        first.len() <= MAX_CARDS && second.len() <= MAX_CARDS,
        "too many cards for the search"
    );
    let margin = memo.best_margin(&(first.to_vec(), second.to_vec()));
    let total: i64 = first.iter().chain(second).map(|&c| i64::from(c)).sum();
    // The mover's points minus the opponent's is `margin`; together `total`.
    u64::try_from((total + margin) / 2).expect("a total is not negative")
}

/// The judge function, answered by the exhaustive search.
///
/// # Errors
/// As [`crate::solve`], and a case with more than [`MAX_CARDS`] cards per
/// pile is rejected as too big for this search, before any search.
pub fn solve<W: Write>(input: &[u8], out: &mut W) -> Result<(), JudgeError> {
    let mut memo = ScoreMemo::new(Rules);
    judge(input, out, |first, second, tokens| {
        if first.len().max(second.len()) > MAX_CARDS {
            return Err(tokens.error_in_case(format!(
                "the exhaustive search takes at most {MAX_CARDS} cards per pile"
            )));
        }
        Ok(mover_total(&mut memo, first, second))
    })
}
