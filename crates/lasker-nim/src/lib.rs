//! Lasker's Nim: Nim where a move may also split a heap into two.
//!
//! Sources: HDU 3032 "Nim or not Nim?". The statement, with the judge's
//! limits, is in this crate's `README.md`.
//!
//! # Rules
//! There are n heaps. A move either removes any positive number of objects
//! from one heap, or splits one heap into two non-empty heaps. Whoever takes
//! the last object wins (normal play). Alice moves first.
//!
//! # Judge format
//! Input: `T`, then per case `N` and `N` heap sizes. Output per case: `Alice`
//! if the first player wins, else `Bob`. Judge limits: T ≤ 100,
//! 1 ≤ N ≤ 10^6, 1 ≤ s_i ≤ 2^31 − 1. This crate accepts any heap size in
//! `0..=u64::MAX` (an empty heap changes nothing) and any N, including 0.
//!
//! # Idea
//! The game is a sum of one-heap games, so by the Sprague-Grundy theorem the
//! first player wins iff the XOR of the heaps' Grundy values is non-zero.
//! The Grundy value of one heap follows a period-4 pattern (*Winning Ways*,
//! ch. 4, "Lasker's Nim"):
//!
//! | x mod 4 | 0 (x > 0) | 1 | 2 | 3 |
//! |---|---|---|---|---|
//! | g(x) | x − 1 | x | x | x + 1 |
//!
//! Proof sketch, by induction on x: removals reach every value g(0..x), which
//! is a permutation of the smaller values except that it swaps each pair
//! 4k+3 ↔ 4k+4; the splits a + b = x reach only values of the parity of x
//! (g preserves parity), and for x ≡ 3 (mod 4) the split 1 + (x − 1) reaches
//! x itself, while no option reaches x + 1 (resp. x − 1 for x ≡ 0) by a
//! counting of the low two bits. The tests check the table against a brute
//! force mex computation up to 200 and every position of up to 4 heaps of
//! size up to 8 against an exhaustive game search.
//!
//! # Complexity
//! O(N) per case, O(1) memory beyond the input.
//!
//! # Example
//! ```
//! use lasker_nim::{first_player_wins, grundy, winning_move, Move};
//! assert_eq!(grundy(3), 4);
//! assert!(first_player_wins(&[2, 2, 3]));
//! assert!(!first_player_wins(&[3, 3]));
//! // A lone heap: take it all.
//! assert_eq!(winning_move(&[3]), Some(Move::Take { heap: 0, leave: 0 }));
//! // Heaps 3 and 4 have Grundy values 4 and 3: split the 3 into 1 + 2.
//! assert_eq!(winning_move(&[3, 4]), Some(Move::Split { heap: 0, into: (1, 2) }));
//! ```

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

/// The Grundy value of one heap of `heap` objects.
///
/// The value of a heap of `u64::MAX` is 2^64, so the result is a `u128`.
///
/// # Example
/// ```
/// use lasker_nim::grundy;
/// let values: Vec<u128> = (0..9).map(grundy).collect();
/// assert_eq!(values, [0, 1, 2, 4, 3, 5, 6, 8, 7]);
/// assert_eq!(grundy(2_147_483_647), 2_147_483_648);
/// ```
///
/// # Complexity
/// O(1).
pub fn grundy(heap: u64) -> u128 {
    let x = u128::from(heap);
    match heap % 4 {
        0 if heap > 0 => x - 1,
        3 => x + 1,
        _ => x,
    }
}

/// The heap size whose Grundy value is `value` (`grundy` is a bijection).
fn heap_with_grundy(value: u128) -> u128 {
    match value % 4 {
        0 if value > 0 => value - 1,
        3 => value + 1,
        _ => value,
    }
}

/// The XOR of the heaps' Grundy values: zero exactly when the player to move
/// loses.
///
/// # Complexity
/// O(n).
pub fn nim_sum(heaps: &[u64]) -> u128 {
    heaps.iter().fold(0, |acc, &h| acc ^ grundy(h))
}

/// Whether the player to move (Alice, at the start) wins.
///
/// # Example
/// ```
/// assert!(lasker_nim::first_player_wins(&[2, 2, 3]));
/// assert!(!lasker_nim::first_player_wins(&[3, 3]));
/// ```
///
/// # Complexity
/// O(n).
pub fn first_player_wins(heaps: &[u64]) -> bool {
    nim_sum(heaps) != 0
}

/// A move in Lasker's Nim.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Move {
    /// Remove objects from heap number `heap` (0-based) so that `leave` remain
    /// (`leave` is smaller than the heap; 0 empties it).
    Take {
        /// Which heap.
        heap: usize,
        /// How many objects stay.
        leave: u64,
    },
    /// Split heap number `heap` into two non-empty heaps of these sizes.
    Split {
        /// Which heap.
        heap: usize,
        /// The sizes of the two new heaps; they add up to the old size.
        into: (u64, u64),
    },
}

/// A move that leaves the opponent a lost position, if there is one.
///
/// # Example
/// ```
/// use lasker_nim::{winning_move, Move};
/// assert_eq!(winning_move(&[3, 3]), None);
/// assert_eq!(winning_move(&[3, 4]), Some(Move::Split { heap: 0, into: (1, 2) }));
/// ```
///
/// # Complexity
/// O(n).
pub fn winning_move(heaps: &[u64]) -> Option<Move> {
    let total = nim_sum(heaps);
    if total == 0 {
        return None;
    }
    heaps.iter().enumerate().find_map(|(index, &heap)| {
        let value = grundy(heap);
        let target = value ^ total;
        if target >= value {
            return None;
        }
        let size = heap_with_grundy(target);
        if size < u128::from(heap) {
            let leave = u64::try_from(size).expect("smaller than a u64 heap");
            Some(Move::Take { heap: index, leave })
        } else {
            // Only for heap ≡ 3 (mod 4) and target = heap: g(1) ^ g(heap − 1)
            // = 1 ^ (heap − 1) = heap.
            Some(Move::Split {
                heap: index,
                into: (1, heap - 1),
            })
        }
    })
}

/// The judge function: reads the whole input, writes `Alice` or `Bob` per
/// case.
///
/// # Errors
/// [`JudgeError::Input`] on malformed input, with nothing written for the
/// broken case; [`JudgeError::Output`] if `out` fails.
///
/// # Example
/// ```
/// let mut out = Vec::new();
/// lasker_nim::solve(b"2\n3\n2 2 3\n2\n3 3\n", &mut out).unwrap();
/// assert_eq!(out, b"Alice\nBob\n");
/// ```
///
/// # Complexity
/// O(size of the input).
pub fn solve<W: Write>(input: &[u8], out: &mut W) -> Result<(), JudgeError> {
    // The heaps are folded into the nim sum as they are read, not stored.
    FORMAT.judge(input, out, |tokens, n| {
        let mut total = 0_u128;
        for _ in 0..n {
            total ^= grundy(read_heap(tokens)?);
        }
        Ok(total != 0)
    })
}

/// Reads every case and writes the winner that `first_wins` finds; shared by
/// [`solve`], [`parse`] and the brute force, so all read the same format.
pub(crate) fn judge<W: Write>(
    input: &[u8],
    out: &mut W,
    first_wins: impl FnMut(&[u64], &Tokens<'_>) -> Result<bool, InputError>,
) -> Result<(), JudgeError> {
    FORMAT.judge_items(input, out, read_heap, first_wins)
}

/// The input format: `T`, then per case `N` and the `N` heaps (each read
/// with [`read_heap`]); `Alice` when the first player wins.
const FORMAT: CasesOfItems<'static> = CasesOfItems {
    cases: Some(Count::any("the number of test cases T", 1)),
    items: Count::any("the number of heaps N", 1),
    answers: ["Alice", "Bob"],
};

/// Reads one heap size.
fn read_heap(tokens: &mut Tokens<'_>) -> Result<u64, InputError> {
    tokens.u64("a heap size")
}

/// The test cases of a valid judge input, each the list of its heaps.
///
/// # Errors
/// As [`solve`], on malformed input.
///
/// # Example
/// ```
/// assert_eq!(lasker_nim::parse(b"2 1 5 2 3 3").unwrap(), [vec![5], vec![3, 3]]);
/// ```
pub fn parse(input: &[u8]) -> Result<Vec<Vec<u64>>, InputError> {
    read_cases(|sink, record| {
        judge(input, sink, |heaps, _| {
            record(heaps);
            Ok(false)
        })
    })
}

/// The judge input of `cases` (each the list of its heaps): the format
/// [`solve`] reads.
///
/// # Example
/// ```
/// assert_eq!(lasker_nim::render(&[vec![5], vec![3, 3]]), "2\n1\n5\n2\n3 3\n");
/// ```
pub fn render(cases: &[Vec<u64>]) -> String {
    render_cases(cases)
}

#[cfg(test)]
mod tests {
    use super::*;
    #[cfg(feature = "testkit")]
    use cgt_core::heap::grundy_table;

    #[test]
    #[cfg(feature = "testkit")]
    fn closed_form_matches_the_mex_table_up_to_200() {
        let table = grundy_table(&crate::brute::Heap, 201).expect("heaps shrink");
        for (heap, &expected) in table.iter().enumerate() {
            assert_eq!(
                grundy(heap as u64),
                u128::from(expected.value()),
                "heap {heap}"
            );
        }
    }

    #[test]
    fn grundy_is_a_bijection_with_a_correct_inverse() {
        for value in (0..1000).chain(u128::from(u64::MAX) - 10..=u128::from(u64::MAX) + 1) {
            // 2^64 - 1 is the value of the heap 2^64, which is not a u64.
            if let Ok(heap) = u64::try_from(heap_with_grundy(value)) {
                assert_eq!(grundy(heap), value, "value {value}");
            }
        }
        assert_eq!(heap_with_grundy(1 << 64), u128::from(u64::MAX));
    }

    #[test]
    fn the_largest_heaps_do_not_overflow() {
        assert_eq!(grundy(u64::MAX), 1 << 64);
        assert_eq!(grundy(u64::MAX - 3), u128::from(u64::MAX) - 4);
        assert!(!first_player_wins(&[u64::MAX, u64::MAX]));
        let heaps = [u64::MAX, 5];
        let Some(Move::Take { heap: 0, leave }) = winning_move(&heaps) else {
            panic!("expected a take from the big heap");
        };
        assert!(!first_player_wins(&[leave, 5]));
    }
}
