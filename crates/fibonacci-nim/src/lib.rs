//! Fibonacci Nim: one pile, take at most twice the opponent's last take.
//!
//! Sources: HDU 2516 取石子游戏. The statement, with the judge's limits, is
//! in this crate's `README.md`.
//!
//! # Rules
//! One pile of n stones. The first player's first move takes any number
//! from 1 to n − 1 (not all); after that, each move takes at least 1 and at
//! most twice as many as the opponent's previous move. Whoever takes the
//! last stone wins.
//!
//! # Judge format
//! Input: one n per line, ended by a line `0` (not processed). Output per n:
//! `Second win` if the first player loses, `First win` if he wins. Judge
//! limits 2 ≤ n < 2^31; this crate accepts 2 ≤ n ≤ 10^18.
//!
//! # Idea
//! [`cgt_core::fibonacci_nim`]: write n as a sum of non-consecutive
//! Fibonacci numbers (Zeckendorf); the player to move wins iff the smallest
//! term is at most the quota, and taking that term wins (Whinihan 1963).
//! The first quota is n − 1, so the first player loses exactly when n is a
//! Fibonacci number (its only term is n itself). The tests check the
//! winner and the winning move against the game played out with cgt-core's
//! `GrundyMemo` for every n up to 150 and every quota (cgt-core), and every
//! start up to 120 (here).
//!
//! # Complexity
//! O(log n) per n (a binary search among the 86 Fibonacci numbers up to
//! 10^18).
//!
//! # Example
//! ```
//! use fibonacci_nim::{first_player_wins, winning_first_move};
//! assert!(!first_player_wins(13));
//! assert!(first_player_wins(10_000));
//! // 10000 = 6765 + 2584 + 610 + 34 + 5 + 2: take 2.
//! assert_eq!(winning_first_move(10_000), Some(2));
//! assert_eq!(winning_first_move(13), None);
//! ```

use cgt_judge::{InputError, JudgeError, Tokens, read_only};
use std::io::Write;

/// The README's Rust example, compiled and run as a doctest.
#[cfg(doctest)]
#[doc = include_str!("../README.md")]
pub struct ReadmeDoctests;

#[cfg(feature = "testkit")]
pub mod brute;
#[cfg(feature = "testkit")]
pub mod problem;

/// Whether the first player wins a pile of `n` stones (n ≥ 2): iff n is not
/// a Fibonacci number.
///
/// # Example
/// ```
/// assert!(!fibonacci_nim::first_player_wins(2));
/// assert!(fibonacci_nim::first_player_wins(4));
/// assert!(!fibonacci_nim::first_player_wins(2_971_215_073)); // F(47): beyond i32
/// ```
///
/// # Complexity
/// O(log n).
pub fn first_player_wins(n: u64) -> bool {
    !cgt_core::fibonacci_nim::is_fibonacci(n)
}

/// A winning first move from a pile of `n` stones: how many to take (the
/// smallest Zeckendorf term of n), or `None` if the first player loses.
/// Later moves: [`cgt_core::fibonacci_nim::winning_move`] with the quota
/// twice the opponent's take.
///
/// # Example
/// ```
/// assert_eq!(fibonacci_nim::winning_first_move(12), Some(1));
/// assert_eq!(fibonacci_nim::winning_first_move(8), None);
/// ```
///
/// # Complexity
/// O(log n).
pub fn winning_first_move(n: u64) -> Option<u64> {
    cgt_core::fibonacci_nim::winning_move(n, n.saturating_sub(1))
}

/// The most stones a pile may hold in this crate's judge format: 10^18
/// (the judge stops below 2^31).
pub const MAX_PILE: u64 = 1_000_000_000_000_000_000;

/// The judge function: reads the whole input, writes `First win` or
/// `Second win` per n.
///
/// # Errors
/// [`JudgeError::Input`] on malformed input; [`JudgeError::Output`] if
/// `out` fails.
///
/// # Example
/// ```
/// let mut out = Vec::new();
/// fibonacci_nim::solve(b"2\n13\n10000\n0\n", &mut out).unwrap();
/// assert_eq!(out, b"Second win\nSecond win\nFirst win\n");
/// ```
///
/// # Complexity
/// O(size of the input).
pub fn solve<W: Write>(input: &[u8], out: &mut W) -> Result<(), JudgeError> {
    judge(input, out, |n, _| Ok(first_player_wins(n)))
}

/// Reads every n up to the closing 0 and writes the winner that
/// `first_wins` finds; shared by [`solve`], [`parse`] and the brute force,
/// so all read the same format.
pub(crate) fn judge<W: Write>(
    input: &[u8],
    out: &mut W,
    mut first_wins: impl FnMut(u64, &Tokens<'_>) -> Result<bool, InputError>,
) -> Result<(), JudgeError> {
    let mut tokens = Tokens::new(input);
    // At most 11 bytes a line for at least 2 bytes of input.
    let mut text = Vec::with_capacity((input.len() * 6).min(1 << 26));
    for case in 1.. {
        tokens.begin_case(case);
        let n = tokens.u64_in("a pile n (or the closing 0)", 0..=MAX_PILE)?;
        if n == 0 {
            break;
        }
        if n == 1 {
            return Err(tokens
                .error_at_last("a pile n of 1 has no legal first move: expected 2 <= n")
                .into());
        }
        let wins = first_wins(n, &tokens)?;
        text.extend_from_slice(if wins {
            b"First win\n"
        } else {
            b"Second win\n"
        });
    }
    tokens.finish()?;
    out.write_all(&text)?;
    Ok(())
}

/// The piles of a valid judge input, without the closing 0.
///
/// # Errors
/// As [`solve`], on malformed input.
///
/// # Example
/// ```
/// assert_eq!(fibonacci_nim::parse(b"2 13 0").unwrap(), [2, 13]);
/// ```
pub fn parse(input: &[u8]) -> Result<Vec<u64>, InputError> {
    let mut piles = Vec::new();
    read_only(|sink| {
        judge(input, sink, |n, _| {
            piles.push(n);
            Ok(false)
        })
    })?;
    Ok(piles)
}

/// The judge input of `piles`, with the closing 0: the format [`solve`]
/// reads.
///
/// # Example
/// ```
/// assert_eq!(fibonacci_nim::render(&[2, 13]), "2\n13\n0\n");
/// ```
pub fn render(piles: &[u64]) -> String {
    let mut text = String::new();
    for n in piles {
        text.push_str(&n.to_string());
        text.push('\n');
    }
    text.push_str("0\n");
    text
}
