//! Wythoff's game: take from one pile, or the same number from both.
//!
//! Sources: POJ 1067 = HDU 1527 (= Luogu P2252) 取石子游戏. The statement,
//! with the judge's limits, is in this crate's `README.md`.
//!
//! # Rules
//! Two piles of a and b stones. A move takes any positive number of stones
//! from one pile, or the same positive number from both. Whoever takes the
//! last stone wins; (0, 0) is a loss for the player to move. You move first.
//!
//! # Judge format
//! Input: lines `a b` until the end of the input (no count; at least one
//! pair). Output per pair: `1` if the first player wins, else `0`. Judge
//! limits 0 ≤ a, b ≤ 10^9; this crate accepts 0 ≤ a, b ≤ 10^18.
//!
//! # Idea
//! The P-positions are `{⌊nφ⌋, ⌊nφ²⌋}`, φ = (1 + √5)/2 (Wythoff 1907): with
//! a ≤ b and d = b − a, the mover loses iff a = ⌊dφ⌋. Proof sketch: the
//! Beatty sequences ⌊nφ⌋ and ⌊nφ²⌋ = ⌊nφ⌋ + n split the positive integers,
//! so no move joins two such pairs (each pile value and each difference
//! occurs once), and from any other position one of the three kinds of move
//! reaches one. [`cgt_core::wythoff`] computes ⌊dφ⌋ exactly in integers (a
//! `double` is already wrong at d = F(40) = 102334155, a `long double` at
//! d = F(85)); the tests check it against the game itself for all piles up
//! to 80 (cgt-core) and 40 (here), and the fixtures hold the Fibonacci
//! differences where floating point breaks.
//!
//! # Complexity
//! O(1) per pair: two 128-bit products and a square.
//!
//! # Example
//! ```
//! use wythoff::{first_player_wins, winning_move};
//! assert!(!first_player_wins(2, 1));
//! assert!(first_player_wins(8, 4));
//! assert_eq!(winning_move(8, 4), Some((7, 4)));
//! assert_eq!(winning_move(4, 7), None);
//! ```

use cgt_judge::{InputError, JudgeError, Tokens, read_only};
use std::fmt::Write as _;
use std::io::Write;

/// The README's Rust example, compiled and run as a doctest.
#[cfg(doctest)]
#[doc = include_str!("../README.md")]
pub struct ReadmeDoctests;

#[cfg(feature = "testkit")]
pub mod brute;
#[cfg(feature = "testkit")]
pub mod problem;

/// The largest pile this crate's judge format allows (the judge's is 10^9).
pub const MAX_PILE: u64 = 1_000_000_000_000_000_000;

/// Whether the player to move wins with piles `a` and `b`.
///
/// # Example
/// ```
/// assert!(!wythoff::first_player_wins(0, 0));
/// assert!(!wythoff::first_player_wins(4, 7));
/// assert!(wythoff::first_player_wins(4, 8));
/// ```
///
/// # Complexity
/// O(1).
pub fn first_player_wins(a: u64, b: u64) -> bool {
    !cgt_core::wythoff::is_p_position(a, b)
}

/// A winning move: the piles `(a', b')` it leaves (a P-position), or `None`
/// if the player to move loses. The first of
/// [`cgt_core::wythoff::winning_moves`]: from the first pile, then from the
/// second, then from both.
///
/// # Example
/// ```
/// assert_eq!(wythoff::winning_move(8, 4), Some((7, 4)));
/// assert_eq!(wythoff::winning_move(6, 6), Some((0, 0)));
/// assert_eq!(wythoff::winning_move(1, 2), None);
/// ```
///
/// # Complexity
/// O(1).
pub fn winning_move(a: u64, b: u64) -> Option<(u64, u64)> {
    cgt_core::wythoff::winning_moves(a, b).first().copied()
}

/// The judge function: reads the whole input, writes `1` or `0` per pair.
///
/// # Errors
/// [`JudgeError::Input`] on malformed input; [`JudgeError::Output`] if
/// `out` fails.
///
/// # Example
/// ```
/// let mut out = Vec::new();
/// wythoff::solve(b"2 1\n8 4\n4 7\n", &mut out).unwrap();
/// assert_eq!(out, b"0\n1\n0\n");
/// ```
///
/// # Complexity
/// O(size of the input).
pub fn solve<W: Write>(input: &[u8], out: &mut W) -> Result<(), JudgeError> {
    judge(input, out, |a, b, _| Ok(first_player_wins(a, b)))
}

/// Reads every pair and writes the winner that `first_wins` finds; shared by
/// [`solve`], [`parse`] and the brute force, so all read the same format.
pub(crate) fn judge<W: Write>(
    input: &[u8],
    out: &mut W,
    mut first_wins: impl FnMut(u64, u64, &Tokens<'_>) -> Result<bool, InputError>,
) -> Result<(), JudgeError> {
    let mut tokens = Tokens::new(input);
    // Two bytes a line: the output is at most the input's size.
    let mut text = Vec::with_capacity(input.len().min(1 << 26));
    let mut pair = 0;
    // At least one pair: the first is read even from an empty input.
    while pair == 0 || !tokens.at_end() {
        pair += 1;
        tokens.begin_case(pair);
        let a = tokens.u64_in("the pile a", 0..=MAX_PILE)?;
        let b = tokens.u64_in("the pile b", 0..=MAX_PILE)?;
        let wins = first_wins(a, b, &tokens)?;
        text.extend_from_slice(if wins { b"1\n" } else { b"0\n" });
    }
    out.write_all(&text)?;
    Ok(())
}

/// The pairs of a valid judge input.
///
/// # Errors
/// As [`solve`], on malformed input.
///
/// # Example
/// ```
/// assert_eq!(wythoff::parse(b"2 1 8 4").unwrap(), [(2, 1), (8, 4)]);
/// ```
pub fn parse(input: &[u8]) -> Result<Vec<(u64, u64)>, InputError> {
    let mut pairs = Vec::new();
    read_only(|sink| {
        judge(input, sink, |a, b, _| {
            pairs.push((a, b));
            Ok(false)
        })
    })?;
    Ok(pairs)
}

/// The judge input of `pairs`: the format [`solve`] reads.
///
/// # Example
/// ```
/// assert_eq!(wythoff::render(&[(2, 1), (8, 4)]), "2 1\n8 4\n");
/// ```
pub fn render(pairs: &[(u64, u64)]) -> String {
    let mut text = String::new();
    for (a, b) in pairs {
        writeln!(text, "{a} {b}").expect("String write");
    }
    text
}
