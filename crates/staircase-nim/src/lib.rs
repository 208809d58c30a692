//! Georgia and Bob: chessmen moved left on a strip, Staircase Nim in
//! disguise.
//!
//! Sources: POJ 1704 "Georgia and Bob". The statement, with the judge's
//! limits, is in this crate's `README.md`.
//!
//! # Rules
//! Grids numbered 1, 2, 3, … from left to right; N chessmen on different
//! grids. A move takes one chessman and moves it left by at least one grid,
//! without passing or landing on another chessman and without leaving the
//! strip (grid 1 is the last one). The player who cannot move loses.
//! Georgia moves first.
//!
//! # Judge format
//! Input: `T`; per case `N`, then N distinct positions (in any order).
//! Output per case: `Georgia will win` or `Bob will win`. Judge limits:
//! 1 ≤ T ≤ 20, 1 ≤ N ≤ 1000, 1 ≤ P_i ≤ 10000. This crate accepts any T,
//! N ≥ 1 and positions in 1..=10^18.
//!
//! # Idea
//! Sort the chessmen: p_1 < … < p_N, and let g_i = p_i − p_(i−1) − 1 be the
//! free grids in front of chessman i (p_0 = 0). Moving chessman i left by k
//! takes k from g_i and adds k to g_(i+1): coins moving down a staircase
//! whose step j holds g_(N+1−j) (the last chessman's gap is step 1, whose
//! coins fall to the floor). By [`cgt_core::staircase_nim`] Georgia loses
//! iff the Nim sum of the gaps on odd steps, g_N ⊕ g_(N−2) ⊕ …, is 0, and
//! the winning move is the Nim move on those gaps. The tests check the
//! winner and the winning move against the game played out with cgt-core's
//! `GrundyMemo` on every set of up to 4 chessmen on grids 1 to 12.
//!
//! # Complexity
//! O(N log N) per case (the sort).
//!
//! # Example
//! ```
//! use staircase_nim::{first_player_wins, winning_move};
//! assert!(!first_player_wins(&[1, 2, 3]));
//! assert!(first_player_wins(&[1, 5, 6, 7, 9, 12, 14, 17]));
//! // Move the chessman on grid 17 (index 7) to grid 16.
//! assert_eq!(winning_move(&[1, 5, 6, 7, 9, 12, 14, 17]), Some((7, 16)));
//! ```

use cgt_core::staircase_nim::{StairMove, mover_wins, winning_move as stair_move};
use cgt_judge::{InputError, JudgeError, Tokens, read_only, render_cases};
use std::io::Write;

/// The README's Rust example, compiled and run as a doctest.
#[cfg(doctest)]
#[doc = include_str!("../README.md")]
pub struct ReadmeDoctests;

#[cfg(feature = "testkit")]
pub mod brute;
#[cfg(feature = "testkit")]
pub mod problem;

/// The largest position this crate's judge format allows (the judge's is
/// 10000).
pub const MAX_POSITION: u64 = 1_000_000_000_000_000_000;

/// The staircase of a position: `stairs[j]` is the gap in front of the
/// j-th chessman from the right (`stairs[0]`, the floor, is 0), with the
/// chessmen's indexes in `positions` by step. The positions must be
/// distinct and at least 1.
fn staircase(positions: &[u64]) -> (Vec<u64>, Vec<usize>) {
    let mut order: Vec<usize> = (0..positions.len()).collect();
    order.sort_unstable_by_key(|&i| positions[i]);
    let mut stairs = vec![0; positions.len() + 1];
    let mut index_at_step = vec![0; positions.len() + 1];
    let mut previous = 0;
    for (rank, &i) in order.iter().enumerate() {
        let step = positions.len() - rank;
        stairs[step] = positions[i] - previous - 1;
        index_at_step[step] = i;
        previous = positions[i];
    }
    (stairs, index_at_step)
}

/// Whether the first player (Georgia) wins with chessmen on `positions`
/// (distinct, at least 1, in any order).
///
/// # Example
/// ```
/// assert!(!staircase_nim::first_player_wins(&[1, 2, 3]));
/// assert!(staircase_nim::first_player_wins(&[2]));
/// ```
///
/// # Complexity
/// O(N log N).
pub fn first_player_wins(positions: &[u64]) -> bool {
    mover_wins(&staircase(positions).0)
}

/// Whether the first player wins, from the positions sorted ascending: the
/// gaps in front of the 1st, 3rd, … chessman from the right, XORed.
fn first_player_wins_sorted(sorted: &[u64]) -> bool {
    let gap = |i: usize| sorted[i] - if i == 0 { 0 } else { sorted[i - 1] } - 1;
    (0..sorted.len())
        .rev()
        .step_by(2)
        .fold(0, |acc, i| acc ^ gap(i))
        != 0
}

/// A winning move: which chessman (its index in `positions`) and the grid
/// it moves to, or `None` if the player to move loses.
///
/// # Example
/// ```
/// assert_eq!(staircase_nim::winning_move(&[3]), Some((0, 1)));
/// assert_eq!(staircase_nim::winning_move(&[2, 4]), Some((1, 3)));
/// assert_eq!(staircase_nim::winning_move(&[3, 2]), None); // gaps 1 and 0
/// ```
///
/// # Complexity
/// O(N log N).
pub fn winning_move(positions: &[u64]) -> Option<(usize, u64)> {
    let (stairs, index_at_step) = staircase(positions);
    let StairMove { step, coins } = stair_move(&stairs)?;
    let chessman = index_at_step[step];
    Some((chessman, positions[chessman] - coins))
}

/// The judge function: reads the whole input, writes the winner per case.
///
/// # Errors
/// [`JudgeError::Input`] on malformed input (two chessmen on one grid
/// included); [`JudgeError::Output`] if `out` fails.
///
/// # Example
/// ```
/// let mut out = Vec::new();
/// staircase_nim::solve(b"2\n3\n1 2 3\n8\n1 5 6 7 9 12 14 17\n", &mut out).unwrap();
/// assert_eq!(out, b"Bob will win\nGeorgia will win\n");
/// ```
///
/// # Complexity
/// O(N log N) per case.
pub fn solve<W: Write>(input: &[u8], out: &mut W) -> Result<(), JudgeError> {
    judge(input, out, |_, sorted, _| {
        Ok(first_player_wins_sorted(sorted))
    })
}

/// Reads every case and writes the winner that `first_wins` finds from the
/// positions as given and sorted; shared by
/// [`solve`], [`parse`] and the brute force, so all read the same format.
pub(crate) fn judge<W: Write>(
    input: &[u8],
    out: &mut W,
    mut first_wins: impl FnMut(&[u64], &[u64], &Tokens<'_>) -> Result<bool, InputError>,
) -> Result<(), JudgeError> {
    let mut tokens = Tokens::new(input);
    let cases = tokens.count_in("the number of test cases T", 1..=usize::MAX, 2)?;
    let mut positions = Vec::new();
    let mut sorted = Vec::new();
    for case in 1..=cases {
        tokens.begin_case(case);
        let n = tokens.count_in("the number of chessmen N", 1..=usize::MAX, 1)?;
        tokens.read_into(n, &mut positions, |t| {
            t.u64_in("a chessman's grid", 1..=MAX_POSITION)
        })?;
        sorted.clone_from(&positions);
        sorted.sort_unstable();
        if let Some(pair) = sorted.windows(2).find(|w| w[0] == w[1]) {
            return Err(tokens
                .error_in_case(format!("two chessmen on grid {}", pair[0]))
                .into());
        }
        let wins = first_wins(&positions, &sorted, &tokens)?;
        writeln!(
            out,
            "{}",
            if wins {
                "Georgia will win"
            } else {
                "Bob will win"
            }
        )?;
    }
    tokens.finish()?;
    Ok(())
}

/// The judge input of `cases`: the format [`solve`] reads.
///
/// # Example
/// ```
/// assert_eq!(staircase_nim::render(&[vec![3, 1, 2]]), "1\n3\n3 1 2\n");
/// ```
pub fn render(cases: &[Vec<u64>]) -> String {
    render_cases(cases)
}

/// The test cases of a valid judge input, each the list of its positions.
///
/// # Errors
/// As [`solve`], on malformed input.
///
/// # Example
/// ```
/// assert_eq!(staircase_nim::parse(b"1 3 3 1 2").unwrap(), [vec![3, 1, 2]]);
/// ```
pub fn parse(input: &[u8]) -> Result<Vec<Vec<u64>>, InputError> {
    let mut cases = Vec::new();
    read_only(|sink| {
        judge(input, sink, |positions, _, _| {
            cases.push(positions.to_vec());
            Ok(false)
        })
    })?;
    Ok(cases)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_sorted_shortcut_agrees_with_the_staircase() {
        let mut sets = vec![vec![1_u64]];
        for len in 1..=6 {
            for set in sets.clone().iter().filter(|s| s.len() == len) {
                let last = *set.last().expect("non-empty");
                for next in last + 1..=12 {
                    let mut longer = set.clone();
                    longer.push(next);
                    sets.push(longer);
                }
            }
        }
        sets.extend((2..=12).map(|p| vec![p]));
        for set in sets {
            assert_eq!(
                first_player_wins_sorted(&set),
                first_player_wins(&set),
                "{set:?}"
            );
        }
    }
}
