//! Lasker's Nim: Nim where a move may also split a heap into two.
//!
//! Sources: HDU 3032 "Nim or not Nim?". Specified in the workspace's
//! `PROBLEMS.md` as `lasker-nim`.
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

use cgt_core::generate::{Rng, Size};
use cgt_core::judge::{InputError, JudgeError, Tokens};
use cgt_core::shrink::{Candidates, offer_list_cases};
use std::fmt::Write as _;
use std::io::Write;

pub mod brute;

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
    judge(input, out, |heaps, _| Ok(first_player_wins(heaps)))
}

/// Reads every case and writes the winner that `first_wins` finds; shared by
/// [`solve`] and [`brute::solve`], so both read the same format.
fn judge<W: Write>(
    input: &[u8],
    out: &mut W,
    mut first_wins: impl FnMut(&[u64], &Tokens<'_>) -> Result<bool, InputError>,
) -> Result<(), JudgeError> {
    let mut tokens = Tokens::new(input);
    let cases = tokens.count("the number of test cases T", 1)?;
    let mut heaps = Vec::new();
    for case in 1..=cases {
        tokens.begin_case(case);
        let n = tokens.count("the number of heaps N", 1)?;
        tokens.read_into(n, &mut heaps, |t| t.u64("a heap size"))?;
        let wins = first_wins(&heaps, &tokens)?;
        writeln!(out, "{}", if wins { "Alice" } else { "Bob" })?;
    }
    tokens.finish()?;
    Ok(())
}

/// A deterministic judge input: `seed` and `size` in, valid input out.
///
/// `Tiny` stays within the exhaustive tests' range (≤ 4 heaps of ≤ 8),
/// `Small` has up to 10 cases of up to 50 heaps, `Max` is one case of 10^6
/// heaps up to 2^31 − 1, and `N(k)` is one case of k heaps. Some cases
/// repeat one heap size or pair heaps up, since mirror positions are where
/// wrong Grundy values show.
///
/// # Example
/// ```
/// use cgt_core::generate::Size;
/// let input = lasker_nim::generate(1, Size::Tiny);
/// assert!(lasker_nim::solve(input.as_bytes(), &mut Vec::new()).is_ok());
/// ```
pub fn generate(seed: u64, size: Size) -> String {
    let mut rng = Rng::new(seed);
    let (cases, max_heaps, max_size) = match size {
        Size::Tiny => (rng.range(1, 3), 4, 8),
        Size::Small => (rng.range(1, 10), 50, 1000),
        Size::Max => (1, 1_000_000, (1 << 31) - 1),
        Size::N(k) => (1, k.max(1), (1 << 31) - 1),
    };
    let fixed_count = matches!(size, Size::Max | Size::N(_));
    let mut cases_out = Vec::new();
    for _ in 0..cases {
        let n = if fixed_count {
            max_heaps
        } else {
            rng.range(1, max_heaps)
        };
        let shape = rng.below(3);
        let repeated = rng.range(1, max_size);
        let heaps: Vec<u64> = (0..n)
            .map(|i| match shape {
                0 => repeated,
                1 if i % 2 == 1 => repeated,
                _ => rng.range(1, max_size),
            })
            .collect();
        cases_out.push(heaps);
    }
    format_cases(&cases_out)
}

/// Smaller inputs to try when `input` makes some solution fail, most
/// aggressive first (for `cargo xtask stress`).
///
/// Each candidate is valid judge input and strictly smaller than `input` in
/// (number of tokens, sum of values), within the judge's limits (N ≥ 1,
/// heaps ≥ 1): half the cases, one case alone, one case fewer, half the
/// heaps, one heap fewer, or one heap halved or decremented
/// ([`offer_list_cases`]). At most 40, all different, at a cost bounded by
/// about 40 copies of the input however big it is.
/// Empty if `input` does not parse or nothing is smaller.
///
/// # Example
/// ```
/// let candidates = lasker_nim::shrink("2\n1\n5\n2\n3 3\n");
/// assert!(candidates.contains(&"1\n2\n3 3\n".to_owned()));
/// ```
pub fn shrink(input: &str) -> Vec<String> {
    let Some(cases) = read_cases(input.as_bytes()) else {
        return Vec::new();
    };
    let mut candidates = Candidates::new(input, 40);
    // The judge's limits stay: N >= 1 and heaps >= 1.
    let smaller = |&heap: &u64| -> Vec<u64> {
        let mut values = vec![heap / 2, heap.saturating_sub(1)];
        values.dedup();
        values.retain(|&v| v >= 1);
        values
    };
    offer_list_cases(&mut candidates, &cases, 1, smaller, format_cases);
    candidates.into_vec()
}

/// The cases of a valid input, `None` if it does not parse.
fn read_cases(input: &[u8]) -> Option<Vec<Vec<u64>>> {
    let mut cases = Vec::new();
    judge(input, &mut std::io::sink(), |heaps, _| {
        cases.push(heaps.to_vec());
        Ok(false)
    })
    .ok()?;
    Some(cases)
}

fn format_cases(cases: &[Vec<u64>]) -> String {
    let mut text = format!("{}\n", cases.len());
    for heaps in cases {
        let line: Vec<String> = heaps.iter().map(u64::to_string).collect();
        writeln!(text, "{}\n{}", heaps.len(), line.join(" ")).expect("String write");
    }
    text
}

#[cfg(test)]
mod tests {
    use super::*;
    use cgt_core::impartial::grundy_table;

    #[test]
    fn closed_form_matches_the_mex_table_up_to_200() {
        let table = grundy_table(201, |x, table, values| {
            values.extend_from_slice(&table[..x]);
            values.extend((1..=x / 2).map(|a| table[a] ^ table[x - a]));
        });
        for (heap, &expected) in table.iter().enumerate() {
            assert_eq!(grundy(heap as u64), expected as u128, "heap {heap}");
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
    fn shrink_candidates_are_valid_and_smaller() {
        for seed in 0..50 {
            let input = generate(seed, Size::Small);
            cgt_core::shrink::assert_candidates(&input, &shrink(&input), |c| {
                solve(c.as_bytes(), &mut Vec::new()).is_ok()
            });
        }
        assert!(shrink("1\n1\n1\n").is_empty());
        assert!(shrink("garbage").is_empty());
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

/// The workspace README's Rust example, compiled and run as a doctest.
#[cfg(doctest)]
#[doc = include_str!("../../../README.md")]
pub struct ReadmeExample;
