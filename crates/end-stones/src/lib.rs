//! Take stones from the leftmost or the rightmost pile of a row.
//!
//! Sources: ZJOI 2009 取石子游戏; Luogu P2599; LibreOJ 10248; BZOJ 1413.
//! The statement, with the judge's limits, is in this crate's `README.md`.
//!
//! # Rules
//! n piles of stones stand in a row. A move removes at least one stone from
//! the leftmost or from the rightmost pile; it may take the whole pile, and an
//! emptied pile is gone (its neighbour becomes the new end). A player who
//! cannot move (the row is empty) loses. Does the first player win?
//!
//! # Judge format
//! Input: `T`, then per case `n` and `n` pile sizes. Output per case: `1` if
//! the first player wins, else `0`. Judge limits: T ≤ 10, 1 ≤ n ≤ 1000,
//! 1 ≤ a_i ≤ 10^9. A pile of 0 is no pile: it is skipped (`n` counts the
//! tokens, zeros included). This crate also accepts any T, n = 0 (an empty
//! row: `0`) and any pile size in `0..=u64::MAX`; the cost is O(n²) per case.
//!
//! # Idea
//! Write `v·w` for the row `w` with a pile of `v` put on its left (`v = 0`:
//! nothing is put), and `w·v` for the right. Every row `w` of positive piles
//! has two *partners*:
//!
//! **Lemma 1.** There is exactly one `v ≥ 0`, called `left(w)`, such that
//! `v·w` is lost for the player to move; likewise exactly one `right(w)` on
//! the right. `left(w) = 0` (and then `right(w) = 0`) iff `w` itself is lost.
//!
//! *At most one:* if `v·w` and `v'·w` were both lost with `v < v'`, the move
//! that leaves `v` stones on the leftmost pile of `v'·w` would reach a lost
//! row, so `v'·w` would be won. *At least one:* if every `v·w` were won, then
//! `w` (the case `v = 0`) is not empty, and for each `v ≥ 1` the winning move
//! of `v·w` is not on the left (every `u·w`, `u < v`, is won), so it changes
//! the last pile `b` of `w` and reaches a lost `v·w'`, with `w'` one of only
//! `b` rows. Some `w'` would then serve two different `v`: two lost rows
//! `v·w'`, against "at most one".
//!
//! **Lemma 2 (the recurrence).** Let `u` be a non-empty row with
//! `L = left(u)`, `R = right(u)`, and let `x ≥ 1`. Then
//!
//! | case | `left(u·x)` |
//! |---|---|
//! | `x = R` | `0` |
//! | `x < R` and `x < L` | `x` |
//! | `x < R` and `x ≥ L` | `x + 1` |
//! | `x > R` and `x > L` | `x` |
//! | `x > R` and `x ≤ L` | `x − 1` |
//!
//! and `right(x·u)` is the same table with the roles of `L` and `R` swapped.
//! In one line (the form the code uses): `0` if `x = R`, else
//! `k + [k ≥ L]` with `k = x − [x > R]`.
//!
//! *Proof.* Look at all rows `p·u·q`, `p, q ≥ 0`. By Lemma 1, for each `p`
//! exactly one `q` makes `p·u·q` lost, and for each `q` exactly one `p`: the
//! lost rows are `p·u·σ(p)` for a bijection `σ` of ℕ, with `σ(0) = R` and
//! `σ(L) = 0`. For `p, q ≥ 1` the moves of `p·u·q` are exactly to `p'·u·q`
//! (`p' < p`) and `p·u·q'` (`q' < q`): `u` is out of reach. So for `p ≥ 1`,
//! `p ≠ L`, the row `p·u·0` is won and `p·u·q` (`q ≥ 1`) is lost iff `q` is
//! none of `σ(0), …, σ(p − 1)` and no smaller `q' ≥ 1` is lost: `σ(p)` is
//! the least `q ≥ 1` not yet used. By induction on `p`, `σ` maps
//! `ℕ⁺ ∖ {L}` onto `ℕ⁺ ∖ {R}` in increasing order. If `L = R = 0` (`u` is
//! lost), that is the identity (two-heap Nim around `u`) and
//! `left(u·x) = x`: the row `x > R, x > L` of the table. Otherwise
//! `L, R ≥ 1` and `left(u·x) = σ⁻¹(x)` is `0` for `x = R`; for `x ≠ R`,
//! `x` has rank `k = x` (`x < R`) or `k = x − 1` (`x > R`) in `ℕ⁺ ∖ {R}`,
//! and the element of rank `k` of `ℕ⁺ ∖ {L}` is `k` (`k < L`)
//! or `k + 1` (`k ≥ L`). The four combinations are the table. ∎
//!
//! A single pile `a` has `left = right = a` (two equal piles are lost, by
//! mirroring). The whole row is lost iff `left(row) = 0`. A winning move
//! leaves `left(a_2..a_n)` stones on the leftmost pile if that is less than
//! `a_1`, else `right(a_1..a_{n−1})` on the rightmost pile if that is less
//! than `a_n`; these are the only moves to lost rows, so a won row has one.
//!
//! **No overflow.** `x + 1` is taken only when `x < R ≤ u64::MAX`, and `x − 1`
//! only when `x > R ≥ 0`. Moreover, by induction with the table, a partner
//! never exceeds the largest pile of its row (`x + 1` needs `x < R`, and `R`
//! is at most the largest pile of `u`), so u64 holds every value.
//!
//! A classic slip (seed 000 of the workspace has both): forgetting the
//! boundary case `x = L > R` (the answer is `x − 1`, not "no case"), and
//! computing `right(x·u)` from `right(u)` twice instead of from `left(u)` and
//! `right(u)`. The lost rows `1 1 2 2` and `1 1 2 1 1` show one each.
//!
//! # Complexity
//! O(n²) time per row: the partners of every interval, by increasing length
//! with [`cgt_core::interval::RollingIntervals`], so O(n) memory.
//!
//! # Example
//! ```
//! use end_stones::{End, Move, first_player_wins, partners, winning_move};
//! // The statement's sample: the first player loses.
//! assert!(!first_player_wins(&[3, 1, 9, 4]));
//! assert_eq!(winning_move(&[3, 1, 9, 4]), None);
//! // Two equal piles: the second player mirrors.
//! assert!(!first_player_wins(&[7, 7]));
//! // 1 1 2 2 is lost: its partners are 0. So 1 1 2 5 is won by leaving it.
//! assert_eq!(partners(&[1, 1, 2, 2]).left, 0);
//! assert_eq!(
//!     winning_move(&[1, 1, 2, 5]),
//!     Some(Move { end: End::Right, pile: 3, leave: 2 })
//! );
//! ```

use cgt_core::interval::RollingIntervals;
use cgt_judge::{InputError, JudgeError, Tokens, read_only, render_cases};
use std::io::Write;

/// The examples of this crate's `README.md`, run as doctests.
#[cfg(doctest)]
#[doc = include_str!("../README.md")]
pub struct ReadmeDoctests;

#[cfg(feature = "testkit")]
pub mod brute;
#[cfg(feature = "testkit")]
pub mod problem;

/// The two partner piles of a row (see the crate's "Idea").
///
/// `left` is the unique pile size that, put to the left of the row, makes a
/// row lost for the player to move; `right` the same on the right. Both are
/// 0 exactly when the row is already lost, and neither exceeds the row's
/// largest pile.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Partners {
    /// The losing pile to put on the left.
    pub left: u64,
    /// The losing pile to put on the right.
    pub right: u64,
}

/// `left(u·x)` from the partners of `u` (Lemma 2 of the crate docs), for
/// `x ≥ 1`.
///
/// The table of Lemma 2 in its rank form, without branches: drop `R` from
/// the count (`k = x − [x > R]`), then skip over `L` (`k + [k ≥ L]`); `0`
/// for `x = R`. When `L = R = 0` this gives `x − 1 + 1 = x`, as the table
/// does. The unit tests compare it with the table.
fn left_after(inner: Partners, x: u64) -> u64 {
    let Partners { left: l, right: r } = inner;
    // x > r ≥ 0 before the subtraction: no underflow.
    let k = x - u64::from(x > r);
    // k + 1 only when x ≠ r: then k < r (x < r) or k + 1 = x (x > r).
    let p = k + u64::from(k >= l && x != r);
    if x == r { 0 } else { p }
}

/// `right(x·u)` from the partners of `u`: the mirror image of [`left_after`].
fn right_after(x: u64, inner: Partners) -> u64 {
    left_after(
        Partners {
            left: inner.right,
            right: inner.left,
        },
        x,
    )
}

/// The partners of every interval of length `len` of `piles` (all positive,
/// `1 ≤ len ≤ piles.len()`), by start.
fn partners_of_length(piles: &[u64], len: usize) -> Vec<Partners> {
    let singles = piles
        .iter()
        .map(|&a| Partners { left: a, right: a })
        .collect();
    let mut dp = RollingIntervals::new(singles);
    while dp.len() < len {
        dp.extend(|i, j, without_last, without_first| Partners {
            left: left_after(*without_last, piles[j]),
            right: right_after(piles[i], *without_first),
        });
    }
    dp.row().to_vec()
}

/// The non-empty piles of `row`, with their indices in `row`.
fn non_empty(row: &[u64]) -> (Vec<u64>, Vec<usize>) {
    row.iter()
        .enumerate()
        .filter(|&(_, &a)| a > 0)
        .map(|(i, &a)| (a, i))
        .unzip()
}

/// The partners of a row: the pile sizes that make it lost when put on its
/// left or on its right. Zeros in `row` are no piles and are skipped.
///
/// # Example
/// ```
/// use end_stones::{partners, Partners};
/// // 3 1 9 4 is lost, so both partners are 0.
/// assert_eq!(partners(&[3, 1, 9, 4]), Partners { left: 0, right: 0 });
/// // 1 9 4 is lost after a 3 on its left.
/// assert_eq!(partners(&[1, 9, 4]).left, 3);
/// // One pile: its own size (two equal piles are lost).
/// assert_eq!(partners(&[5]), Partners { left: 5, right: 5 });
/// assert_eq!(partners(&[]), Partners { left: 0, right: 0 });
/// ```
///
/// # Complexity
/// O(n²) time, O(n) memory.
pub fn partners(row: &[u64]) -> Partners {
    let (piles, _) = non_empty(row);
    match piles.len() {
        0 => Partners::default(),
        n => partners_of_length(&piles, n)[0],
    }
}

/// Whether the player to move wins the row. Zeros are no piles.
///
/// # Example
/// ```
/// assert!(!end_stones::first_player_wins(&[3, 1, 9, 4]));
/// assert!(end_stones::first_player_wins(&[3, 1, 9, 5]));
/// assert!(!end_stones::first_player_wins(&[0, 4, 0, 4]));
/// ```
///
/// # Complexity
/// O(n²) time, O(n) memory.
pub fn first_player_wins(row: &[u64]) -> bool {
    partners(row).left != 0
}

/// An end of the row.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum End {
    /// The leftmost (first non-empty) pile.
    Left,
    /// The rightmost (last non-empty) pile.
    Right,
}

/// A move: take stones from the pile at one end so that `leave` remain.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Move {
    /// Which end. A row of one pile reports [`End::Left`].
    pub end: End,
    /// The index of that pile in the slice given (zeros count as positions).
    pub pile: usize,
    /// How many stones stay on it, less than it has; 0 removes the pile.
    pub leave: u64,
}

/// A move that leaves the opponent a lost row, if there is one (`None`
/// exactly when the row is lost). Prefers the left end.
///
/// # Example
/// ```
/// use end_stones::{winning_move, End, Move};
/// assert_eq!(winning_move(&[4, 4]), None);
/// assert_eq!(winning_move(&[4, 6]), Some(Move { end: End::Right, pile: 1, leave: 4 }));
/// assert_eq!(winning_move(&[0, 5, 0]), Some(Move { end: End::Left, pile: 1, leave: 0 }));
/// // The sample's 3 1 9 4 is lost: 3 1 9 5 is won by leaving it.
/// assert_eq!(winning_move(&[3, 1, 9, 5]), Some(Move { end: End::Right, pile: 3, leave: 4 }));
/// ```
///
/// # Complexity
/// O(n²) time, O(n) memory.
pub fn winning_move(row: &[u64]) -> Option<Move> {
    let (piles, index) = non_empty(row);
    let n = piles.len();
    if n <= 1 {
        return index.first().map(|&pile| Move {
            end: End::Left,
            pile,
            leave: 0,
        });
    }
    // [partners of a_1..a_{n-1}, partners of a_2..a_n] (0-based: 0..n-2, 1..n-1).
    let inner = partners_of_length(&piles, n - 1);
    let (first, last) = (piles[0], piles[n - 1]);
    if inner[1].left < first {
        Some(Move {
            end: End::Left,
            pile: index[0],
            leave: inner[1].left,
        })
    } else if inner[0].right < last {
        Some(Move {
            end: End::Right,
            pile: index[n - 1],
            leave: inner[0].right,
        })
    } else {
        None
    }
}

/// The judge function: reads the whole input, writes `1` or `0` per case.
///
/// # Errors
/// [`JudgeError::Input`] on malformed input, with nothing written for the
/// broken case; [`JudgeError::Output`] if `out` fails.
///
/// # Example
/// ```
/// let mut out = Vec::new();
/// end_stones::solve(b"1\n4\n3 1 9 4\n", &mut out).unwrap();
/// assert_eq!(out, b"0\n");
/// ```
///
/// # Complexity
/// O(n²) per case, O(n) memory.
pub fn solve<W: Write>(input: &[u8], out: &mut W) -> Result<(), JudgeError> {
    judge(input, out, |row, _| Ok(first_player_wins(row)))
}

/// Reads every case and writes the winner that `first_wins` finds for the
/// row as read (zeros included); shared by [`solve`], [`parse`] and the
/// brute force, so all read the same format.
pub(crate) fn judge<W: Write>(
    input: &[u8],
    out: &mut W,
    mut first_wins: impl FnMut(&[u64], &Tokens<'_>) -> Result<bool, InputError>,
) -> Result<(), JudgeError> {
    let mut tokens = Tokens::new(input);
    let cases = tokens.count("the number of test cases T", 1)?;
    let mut row = Vec::new();
    for case in 1..=cases {
        tokens.begin_case(case);
        let n = tokens.count("the number of piles n", 1)?;
        tokens.read_into(n, &mut row, |t| t.u64("a pile size"))?;
        let wins = first_wins(&row, &tokens)?;
        writeln!(out, "{}", u8::from(wins))?;
    }
    tokens.finish()?;
    Ok(())
}

/// The test cases of a valid judge input, each the row of its piles as
/// read (zeros kept).
///
/// # Errors
/// As [`solve`], on malformed input.
///
/// # Example
/// ```
/// assert_eq!(end_stones::parse(b"2 4 3 1 9 4 2 0 5").unwrap(), [vec![3, 1, 9, 4], vec![0, 5]]);
/// ```
pub fn parse(input: &[u8]) -> Result<Vec<Vec<u64>>, InputError> {
    let mut rows = Vec::new();
    read_only(|sink| {
        judge(input, sink, |row, _| {
            rows.push(row.to_vec());
            Ok(false)
        })
    })?;
    Ok(rows)
}

/// The judge input of `rows` (each the list of its piles): the format
/// [`solve`] reads.
///
/// # Example
/// ```
/// assert_eq!(end_stones::render(&[vec![3, 1, 9, 4]]), "1\n4\n3 1 9 4\n");
/// ```
pub fn render(rows: &[Vec<u64>]) -> String {
    render_cases(rows)
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::cmp::Ordering;

    /// Lemma 2's table, case by case.
    fn left_after_by_table(inner: Partners, x: u64) -> u64 {
        let Partners { left: l, right: r } = inner;
        match (x.cmp(&r), x.cmp(&l)) {
            (Ordering::Equal, _) => 0,
            (Ordering::Less, Ordering::Less) => x,
            (Ordering::Less, _) => x + 1,
            (Ordering::Greater, Ordering::Greater) => x,
            (Ordering::Greater, _) => x - 1,
        }
    }

    #[test]
    fn the_rank_form_is_the_table() {
        let max = u64::MAX;
        let small = 0..=9;
        let big = max - 9..=max;
        for values in [small.clone(), big.clone()] {
            for l in values.clone() {
                for r in values.clone() {
                    // Partners are both 0 or both positive.
                    if (l == 0) != (r == 0) {
                        continue;
                    }
                    for x in small.clone().chain(big.clone()).filter(|&x| x > 0) {
                        let inner = Partners { left: l, right: r };
                        assert_eq!(
                            left_after(inner, x),
                            left_after_by_table(inner, x),
                            "L = {l}, R = {r}, x = {x}"
                        );
                    }
                }
            }
        }
    }

    #[test]
    fn the_recurrence_table_at_the_extremes() {
        let max = u64::MAX;
        let p = |left, right| Partners { left, right };
        assert_eq!(left_after(p(max, max), max), 0);
        assert_eq!(left_after(p(max, max), max - 1), max - 1);
        assert_eq!(left_after(p(1, max), max - 1), max);
        assert_eq!(left_after(p(max, 1), max), max - 1);
        assert_eq!(left_after(p(0, 0), max), max);
        assert_eq!(left_after(p(0, 0), 1), 1);
        assert_eq!(right_after(max - 1, p(max, 1)), max);
        assert_eq!(right_after(max, p(1, max)), max - 1);
    }

    #[test]
    fn the_largest_piles_do_not_overflow() {
        let max = u64::MAX;
        assert!(!first_player_wins(&[max, max]));
        assert!(first_player_wins(&[max]));
        assert!(!first_player_wins(&[max, 1, 1, max]));
        assert_eq!(
            winning_move(&[max, max - 1]),
            Some(Move {
                end: End::Left,
                pile: 0,
                leave: max - 1
            })
        );
    }

    #[test]
    fn zeros_are_no_piles() {
        assert_eq!(partners(&[0, 3, 0, 0, 1, 0]), partners(&[3, 1]));
        assert!(!first_player_wins(&[0, 0, 0]));
        assert_eq!(winning_move(&[0, 0]), None);
        assert_eq!(
            winning_move(&[0, 2, 0, 1, 0]),
            Some(Move {
                end: End::Left,
                pile: 1,
                leave: 1
            })
        );
        let mut out = Vec::new();
        solve(b"3\n3\n0 0 0\n0\n\n3\n5 0 5\n", &mut out).expect("valid");
        assert_eq!(out, b"0\n0\n0\n");
    }

    #[test]
    fn input_beyond_the_judge_limits_is_accepted() {
        // Zeros, n = 0, the largest u64 piles, CRLF, no final newline.
        let input = b"4\r\n3\r\n0 7 0\r\n0\r\n2\r\n18446744073709551615 18446744073709551615\r\n2\r\n18446744073709551615 1";
        let mut out = Vec::new();
        solve(input, &mut out).expect("valid");
        assert_eq!(out, b"1\n0\n0\n1\n");
    }

    /// Rows too big for the brute force, checked for self-consistency.
    #[cfg(feature = "testkit")]
    mod consistency {
        use super::*;
        use crate::problem::EndStones;
        use cgt_testkit::generate::Rng;
        use cgt_testkit::{Problem, Size};

        /// Partners at most the largest pile, the winning move legal and
        /// leaving a lost row, and from a lost row some random moves all
        /// leaving won rows.
        fn check_consistency(row: &[u64], rng: &mut Rng) {
            let p = partners(row);
            let top = row.iter().copied().max().unwrap_or(0);
            assert!(p.left <= top && p.right <= top, "{row:?}: {p:?}");
            assert_eq!(p.left == 0, p.right == 0, "{row:?}: {p:?}");
            let mut with_left = vec![p.left];
            with_left.extend_from_slice(row);
            assert!(!first_player_wins(&with_left), "{row:?} with left {p:?}");
            let mut with_right = row.to_vec();
            with_right.push(p.right);
            assert!(!first_player_wins(&with_right), "{row:?} with right {p:?}");
            match winning_move(row) {
                Some(mv) => {
                    assert!(first_player_wins(row));
                    assert!(mv.leave < row[mv.pile], "{row:?}: {mv:?}");
                    let mut next = row.to_vec();
                    next[mv.pile] = mv.leave;
                    assert!(!first_player_wins(&next), "{row:?}: {mv:?}");
                }
                None => {
                    assert!(!first_player_wins(row));
                    for _ in 0..8 {
                        let mut next = row.to_vec();
                        let i = if rng.chance(1, 2) { 0 } else { next.len() - 1 };
                        next[i] = rng.below(next[i]);
                        assert!(first_player_wins(&next), "{row:?} -> {next:?}");
                    }
                }
            }
        }

        #[test]
        fn rows_of_the_largest_piles_are_consistent() {
            let mut rng = Rng::new(7);
            for _ in 0..200 {
                let n = rng.range(1, 12) as usize;
                let row: Vec<u64> = (0..n).map(|_| u64::MAX - rng.below(4)).collect();
                check_consistency(&row, &mut rng);
            }
        }

        #[test]
        fn generated_rows_at_the_judge_limit_are_consistent() {
            let mut rng = Rng::new(11);
            for seed in 0..20 {
                for size in [Size::Small, Size::N(40)] {
                    for row in EndStones::generate(seed, size) {
                        let row: Vec<u64> = row.into_iter().filter(|&a| a > 0).collect();
                        if !row.is_empty() {
                            check_consistency(&row, &mut rng);
                        }
                    }
                }
            }
        }
    }
}
