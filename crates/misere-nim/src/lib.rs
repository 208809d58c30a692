//! Misère Nim: eat M&Ms of one colour; whoever eats the last one loses.
//!
//! Sources: HDU 1907 "John" (= POJ 3480; SPOJ MMMGAME, SEERC 2007). The
//! statement, with the judge's limits, is in this crate's `README.md`.
//!
//! # Rules
//! A box holds M&Ms of N colours, A_i of colour i. John and his brother
//! move in turn, John first. A move eats one or more M&Ms of one colour.
//! Whoever eats the last M&M loses (misère play).
//!
//! # Judge format
//! Input: `T`, then per case `N` and the `N` counts A_i. Output per case:
//! `John` if John (the first player) wins, else `Brother`. Judge limits:
//! T ≤ 474, 1 ≤ N ≤ 47, 1 ≤ A_i ≤ 4747. This crate accepts any N ≥ 1 and
//! any count in 1..=2^64 − 1; a count of 0 is malformed (the statement says
//! 1 ≤ A_i).
//!
//! # Idea
//! Bouton's rule for misère Nim, in [`cgt_core::misere`]: if some colour
//! has two or more M&Ms, the first player wins iff the XOR of the counts is
//! not zero (as in normal Nim); if every colour has exactly one, he wins iff
//! the number of colours is even. The winning strategy plays normal Nim
//! until the move that would leave no colour with two or more, and there
//! leaves an odd number of single M&Ms. The tests check the answer and the
//! move against an exhaustive misère search of the literal game on every
//! box of at most 4 colours with at most 8 each.
//!
//! # Complexity
//! O(N) per case, O(1) memory beyond the input.
//!
//! # Example
//! ```
//! use misere_nim::{Move, first_player_wins, winning_move};
//! assert!(first_player_wins(&[3, 5, 1]));
//! assert!(!first_player_wins(&[1]));
//! // 3 ^ 5 ^ 1 = 7: eat 5 - 2 = 3 of colour 1, leaving 3, 2, 1 (XOR 0).
//! assert_eq!(winning_move(&[3, 5, 1]), Some(Move { colour: 1, leave: 2 }));
//! ```

use cgt_core::misere::{misere_nim_mover_wins, misere_nim_winning_move};
use cgt_judge::{CasesOfItems, Count, InputError, JudgeError, Tokens, read_cases, render_cases};
use std::io::Write;

/// The README's Rust example, compiled and run as a doctest.
#[cfg(doctest)]
#[doc = include_str!("../README.md")]
pub struct ReadmeDoctests;

#[cfg(feature = "testkit")]
pub mod brute;
#[cfg(feature = "testkit")]
pub mod problem;

/// Whether the player to move (John, at the start) wins.
///
/// # Example
/// ```
/// assert!(misere_nim::first_player_wins(&[1, 1]));
/// assert!(!misere_nim::first_player_wins(&[1, 1, 1]));
/// assert!(!misere_nim::first_player_wins(&[2, 2]));
/// ```
///
/// # Complexity
/// O(n).
pub fn first_player_wins(counts: &[u64]) -> bool {
    misere_nim_mover_wins(counts)
}

/// A move: eat M&Ms of colour number `colour` (0-based) until `leave` are
/// left (`leave` is smaller than the count; 0 eats them all).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Move {
    /// Which colour.
    pub colour: usize,
    /// How many M&Ms of it stay.
    pub leave: u64,
}

/// A move that leaves the opponent a lost position, if the player to move
/// wins.
///
/// # Example
/// ```
/// use misere_nim::{Move, winning_move};
/// // One big colour and two singles: eat the big one down to one.
/// assert_eq!(winning_move(&[1, 7, 1]), Some(Move { colour: 1, leave: 1 }));
/// assert_eq!(winning_move(&[1, 1, 1]), None);
/// ```
///
/// # Complexity
/// O(n).
pub fn winning_move(counts: &[u64]) -> Option<Move> {
    misere_nim_winning_move(counts).map(|(colour, leave)| Move { colour, leave })
}

/// The judge function: reads the whole input, writes `John` or `Brother`
/// per case.
///
/// # Errors
/// [`JudgeError::Input`] on malformed input, with nothing written for the
/// broken case; [`JudgeError::Output`] if `out` fails.
///
/// # Example
/// ```
/// let mut out = Vec::new();
/// misere_nim::solve(b"2\n3\n3 5 1\n1\n1\n", &mut out).unwrap();
/// assert_eq!(out, b"John\nBrother\n");
/// ```
///
/// # Complexity
/// O(size of the input).
pub fn solve<W: Write>(input: &[u8], out: &mut W) -> Result<(), JudgeError> {
    // Folded as read: the XOR, and whether any colour has two or more.
    FORMAT.judge(input, out, |tokens, n| {
        let (mut xor, mut big) = (0_u64, false);
        for _ in 0..n {
            let count = read_count(tokens)?;
            xor ^= count;
            big |= count >= 2;
        }
        Ok(if big { xor != 0 } else { n % 2 == 0 })
    })
}

/// Reads every case and writes the winner that `first_wins` finds; shared by
/// [`parse`] and the brute force, so all read the same format as [`solve`].
pub(crate) fn judge<W: Write>(
    input: &[u8],
    out: &mut W,
    first_wins: impl FnMut(&[u64], &Tokens<'_>) -> Result<bool, InputError>,
) -> Result<(), JudgeError> {
    FORMAT.judge_items(input, out, read_count, first_wins)
}

/// The input format: `T ≥ 1`, then per case `N ≥ 1` and the `N` counts
/// (each read with [`read_count`]); `John` when John, moving first, wins.
const FORMAT: CasesOfItems<'static> = CasesOfItems {
    cases: Some(Count::positive("the number of test cases T", 2)),
    items: Count::positive("the number of colours N", 1),
    answers: ["John", "Brother"],
};

/// Reads one count of M&Ms.
fn read_count(tokens: &mut Tokens<'_>) -> Result<u64, InputError> {
    tokens.u64_in("a count of M&Ms", 1..=u64::MAX)
}

/// The test cases of a valid judge input, each the list of its counts.
///
/// # Errors
/// As [`solve`], on malformed input.
///
/// # Example
/// ```
/// assert_eq!(misere_nim::parse(b"2 3 3 5 1 1 1").unwrap(), [vec![3, 5, 1], vec![1]]);
/// ```
pub fn parse(input: &[u8]) -> Result<Vec<Vec<u64>>, InputError> {
    read_cases(|sink, record| {
        judge(input, sink, |counts, _| {
            record(counts);
            Ok(false)
        })
    })
}

/// The judge input of `cases` (each the list of its counts): the format
/// [`solve`] reads.
///
/// # Example
/// ```
/// assert_eq!(misere_nim::render(&[vec![3, 5, 1], vec![1]]), "2\n3\n3 5 1\n1\n1\n");
/// ```
pub fn render(cases: &[Vec<u64>]) -> String {
    render_cases(cases)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_folded_solver_agrees_with_the_typed_api_at_the_edges() {
        for counts in [
            vec![1],
            vec![1, 1],
            vec![u64::MAX],
            vec![u64::MAX, u64::MAX],
            vec![u64::MAX, 1],
            vec![2, 2, 1],
        ] {
            let mut out = Vec::new();
            solve(render(std::slice::from_ref(&counts)).as_bytes(), &mut out).expect("valid");
            let expected = if first_player_wins(&counts) {
                "John\n"
            } else {
                "Brother\n"
            };
            assert_eq!(
                String::from_utf8(out).expect("ascii"),
                expected,
                "{counts:?}"
            );
        }
    }
}
