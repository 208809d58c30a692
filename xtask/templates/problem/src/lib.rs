//! {{name}}: take 1, 2 or 3 stones from one of several heaps.
//!
//! A working example made by `cargo xtask new`: replace the rules, the judge
//! format and the solver with your problem's. The statement, with the
//! limits, is in this crate's `README.md`.
//!
//! # Rules
//! There are n heaps. A move takes 1, 2 or 3 stones from one heap; whoever
//! cannot move loses. The first player moves first.
//!
//! # Judge format
//! Input: `T`, then per case `N` and `N` heap sizes (0 ≤ heap ≤ 10^18).
//! Output per case: `First` if the first player wins, else `Second`.
//!
//! # Idea
//! A heap of h stones has Grundy value h mod 4: its options have the values
//! of h − 1, h − 2, h − 3, which are the three other residues (mex = h mod 4),
//! by induction on h. By the Sprague-Grundy theorem the first player wins
//! iff the XOR of the values is not zero. The tests check this against an
//! exhaustive search of the literal game on every small position.
//!
//! # Complexity
//! O(N) per case.
//!
//! # Example
//! ```
//! assert!({{ident}}::first_player_wins(&[1, 2]));
//! assert_eq!({{ident}}::winning_move(&[1, 2]), Some((1, 1)));
//! assert_eq!({{ident}}::winning_move(&[4, 4]), None);
//! ```

use cgt_core::nimber::{Nimber, winning_component};
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

/// The largest heap the judge format allows.
pub const MAX_HEAP: u64 = 1_000_000_000_000_000_000;

/// The Grundy value of one heap.
///
/// # Example
/// ```
/// use cgt_core::nimber::Nimber;
/// assert_eq!({{ident}}::grundy(7), Nimber(3));
/// ```
pub fn grundy(heap: u64) -> Nimber {
    Nimber(heap % 4)
}

/// Whether the player to move wins.
///
/// # Complexity
/// O(n).
pub fn first_player_wins(heaps: &[u64]) -> bool {
    !heaps.iter().map(|&h| grundy(h)).sum::<Nimber>().is_zero()
}

/// A winning move `(heap index, stones left)`, if the player to move wins.
///
/// # Complexity
/// O(n).
pub fn winning_move(heaps: &[u64]) -> Option<(usize, u64)> {
    let values: Vec<Nimber> = heaps.iter().map(|&h| grundy(h)).collect();
    let (heap, target) = winning_component(&values)?;
    // The target is a smaller residue: take the difference (1 to 3 stones).
    let take = values[heap].value() - target.value();
    Some((heap, heaps[heap] - take))
}

/// The judge function: reads the whole input, writes `First` or `Second`
/// per case.
///
/// # Errors
/// [`JudgeError::Input`] on malformed input; [`JudgeError::Output`] if
/// `out` fails.
///
/// # Example
/// ```
/// let mut out = Vec::new();
/// {{ident}}::solve(b"2\n2\n1 2\n2\n4 4\n", &mut out).unwrap();
/// assert_eq!(out, b"First\nSecond\n");
/// ```
pub fn solve<W: Write>(input: &[u8], out: &mut W) -> Result<(), JudgeError> {
    judge(input, out, |heaps, _| Ok(first_player_wins(heaps)))
}

/// Reads every case and writes the winner that `first_wins` finds; shared by
/// [`solve`], [`parse`] and the brute force, so all read the same format.
pub(crate) fn judge<W: Write>(
    input: &[u8],
    out: &mut W,
    first_wins: impl FnMut(&[u64], &Tokens<'_>) -> Result<bool, InputError>,
) -> Result<(), JudgeError> {
    let heap = |t: &mut Tokens<'_>| t.u64_in("a heap size", 0..=MAX_HEAP);
    FORMAT.judge_items(input, out, heap, first_wins)
}

/// The input format: `T`, then per case `N` and the `N` heap sizes; `First`
/// when the first player wins, else `Second`.
const FORMAT: CasesOfItems<'static> = CasesOfItems {
    cases: Some(Count::any("the number of test cases T", 1)),
    items: Count::any("the number of heaps N", 1),
    answers: ["First", "Second"],
};

/// The test cases of a valid judge input, each the list of its heaps.
///
/// # Errors
/// As [`solve`], on malformed input.
///
/// # Example
/// ```
/// assert_eq!({{ident}}::parse(b"1 2 1 2").unwrap(), [vec![1, 2]]);
/// ```
pub fn parse(input: &[u8]) -> Result<Vec<Vec<u64>>, InputError> {
    read_cases(|sink, record| {
        judge(input, sink, |heaps, _| {
            record(heaps);
            Ok(false)
        })
    })
}

/// The judge input of `cases`: the format [`solve`] reads.
///
/// # Example
/// ```
/// assert_eq!({{ident}}::render(&[vec![1, 2]]), "1\n2\n1 2\n");
/// ```
pub fn render(cases: &[Vec<u64>]) -> String {
    render_cases(cases)
}
