//! Play Game: two piles of cards, take the top or the bottom card of either,
//! both players maximise their own score.
//!
//! Sources: HDU 4597 "Play Game". The statement, with the judge's limits,
//! is in this crate's `README.md`.
//!
//! # Rules
//! Two piles of N cards each lie face up; every card has a score. Alice and
//! Bob move alternately, Alice first. A move takes the top or the bottom card
//! of either pile and adds its score to the mover's total. The game ends
//! when both piles are empty. Both maximise their own total. What does Alice
//! get?
//!
//! # Judge format
//! Input: `T`, then per case `N`, the N scores of pile 1 (top first), and the
//! N scores of pile 2. Output per case: Alice's total, one line. Judge
//! limits: T ≤ 100, 1 ≤ N ≤ 20, 1 ≤ score ≤ 10^4.
//!
//! This crate accepts any T, 0 ≤ N ≤ [`MAX_CARDS`] (two empty piles give
//! 0), and any score in `0..=u32::MAX`; totals are `u64` and cannot
//! overflow (at most 2N · (2^32 − 1)). Larger N is rejected with exit status
//! 2: the table has ((N + 1)(N + 2)/2)² cells, 14 MB at N = 50, and grows as
//! N⁴. The library functions take piles of any lengths, also unequal ones.
//!
//! # Idea
//! A position is what is left of each pile: an interval `l1..r1` of pile 1
//! and `l2..r2` of pile 2 (either may be empty). Let S be the sum of the
//! cards left and V the most the player to move can collect from here.
//! Every card goes to one of the two players, so a move that takes card c
//! and leaves position P' gives the mover c + (S − c − V(P')) = S − V(P'):
//!
//! V(empty, empty) = 0,  V(P) = S(P) − min over the (up to four) moves of V(P').
//!
//! Alice's total is V of the whole piles. Each move shortens one interval,
//! so the table is filled by increasing lengths: all positions with pile 1
//! of length len1 − 1 come before those of length len1, and within one len1,
//! pile 2's len2 − 1 before len2. A pile of n cards has (n + 1)(n + 2)/2
//! intervals (the empty one counted once per start, which costs nothing and
//! keeps the index arithmetic plain), so the table has
//! ((N + 1)(N + 2)/2)² = 53,361 cells at N = 20. One [`CardPiles`] keeps its
//! table between test cases and only grows it.
//!
//! # Complexity
//! O(N⁴) time and memory per case: ((N + 1)(N + 2)/2)² cells, four lookups
//! each. No recursion.
//!
//! # Example
//! ```
//! use card_piles::{CardPiles, End, Move, Pile};
//! let mut game = CardPiles::new();
//! assert_eq!(game.solve(&[23], &[53]), 53);
//! assert_eq!(game.solve(&[10, 100, 20], &[2, 4, 3]), 105);
//! // A best first move: the 2 on top of pile 2. Taking the 10 or the 20
//! // would uncover the 100 for Bob.
//! assert_eq!(
//!     game.best_move(0..3, 0..3),
//!     Some(Move { pile: Pile::Second, end: End::Top })
//! );
//! ```

use cgt_judge::{InputError, JudgeError, Tokens, read_only};
use std::fmt::Write as _;
use std::io::Write;
use std::ops::Range;

#[cfg(feature = "testkit")]
pub mod brute;
#[cfg(feature = "testkit")]
pub mod problem;

/// The README's Rust example, compiled and run as a doctest.
#[cfg(doctest)]
#[doc = include_str!("../README.md")]
pub struct ReadmeDoctests;

/// The most cards per pile the judge function accepts: the table then has
/// 1326² = 1,758,276 cells (14 MB), computed in a few milliseconds.
pub const MAX_CARDS: usize = 50;

/// One of the two piles.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Pile {
    /// Pile 1, the first one in the input.
    First,
    /// Pile 2.
    Second,
}

/// One end of a pile. The scores of a pile are listed top first, so the top
/// card is the first one left and the bottom card the last one.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum End {
    /// The first card left in the list.
    Top,
    /// The last card left in the list.
    Bottom,
}

/// A move: take the card at `end` of `pile`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Move {
    /// Which pile.
    pub pile: Pile,
    /// Which end of it.
    pub end: End,
}

/// The moves in the order [`CardPiles::best_move`] prefers among equals.
const MOVES: [Move; 4] = [
    Move {
        pile: Pile::First,
        end: End::Top,
    },
    Move {
        pile: Pile::First,
        end: End::Bottom,
    },
    Move {
        pile: Pile::Second,
        end: End::Top,
    },
    Move {
        pile: Pile::Second,
        end: End::Bottom,
    },
];

/// The number of intervals `l..r`, 0 ≤ l ≤ r ≤ n, of a pile of `n` cards.
fn intervals(n: usize) -> usize {
    (n + 1) * (n + 2) / 2
}

/// The number of cells of the table for piles of `first` and `second` cards:
/// ((n1 + 1)(n1 + 2)/2) · ((n2 + 1)(n2 + 2)/2).
///
/// # Example
/// ```
/// assert_eq!(card_piles::table_cells(20, 20), 53_361);
/// assert_eq!(card_piles::table_cells(0, 3), 10);
/// ```
///
/// # Panics
/// If the count overflows `usize`.
pub fn table_cells(first: usize, second: usize) -> usize {
    let count = |n: usize| {
        n.checked_add(1)
            .and_then(|m| m.checked_mul(n + 2))
            .map(|c| c / 2)
    };
    count(first)
        .zip(count(second))
        .and_then(|(a, b)| a.checked_mul(b))
        .expect("table_cells: the table does not fit in memory")
}

/// The index of interval `l..r` of a pile of `n` cards: intervals ordered by
/// length, then by start.
fn interval_id(n: usize, l: usize, r: usize) -> usize {
    let len = r - l;
    // Σ over shorter lengths t of the n + 1 − t starts.
    len * (n + 1) - len * len.saturating_sub(1) / 2 + l
}

/// The solver: a table of the best total of the player to move from every
/// position of the last piles solved, kept and reused between calls.
///
/// # Example
/// ```
/// use card_piles::CardPiles;
/// let mut game = CardPiles::new();
/// for (first, second, alice) in [(&[1, 2][..], &[3, 4][..], 6), (&[5][..], &[][..], 5)] {
///     assert_eq!(game.solve(first, second), alice);
/// }
/// // After the last `solve`: pile 1 is [5], pile 2 is empty.
/// assert_eq!(game.mover_total(0..1, 0..0), 5);
/// assert_eq!(game.mover_total(1..1, 0..0), 0);
/// ```
#[derive(Clone, Debug, Default)]
pub struct CardPiles {
    /// Prefix sums of the two piles: `prefix[p][i]` is the sum of the first
    /// i cards of pile p.
    prefix: [Vec<u64>; 2],
    /// V(l1..r1, l2..r2) at `interval_id(n1, l1, r1) * intervals(n2) +
    /// interval_id(n2, l2, r2)`; longer than needed after bigger piles.
    table: Vec<u64>,
}

impl CardPiles {
    /// A solver with an empty table.
    pub fn new() -> Self {
        Self::default()
    }

    /// The number of cards of pile `p` (0 or 1) of the last piles solved.
    fn len(&self, p: usize) -> usize {
        self.prefix[p].len().saturating_sub(1)
    }

    fn cell(&self, first: &Range<usize>, second: &Range<usize>) -> usize {
        let (n1, n2) = (self.len(0), self.len(1));
        interval_id(n1, first.start, first.end) * intervals(n2)
            + interval_id(n2, second.start, second.end)
    }

    /// Solves the piles `first` and `second` (each listed top first) and
    /// returns Alice's total: the most the first player can collect against
    /// best play.
    ///
    /// # Complexity
    /// O(n1² · n2²) time; the table grows to [`table_cells`]`(n1, n2)` cells
    /// if it is smaller, and is otherwise reused.
    ///
    /// # Panics
    /// If the table does not fit in memory.
    pub fn solve(&mut self, first: &[u32], second: &[u32]) -> u64 {
        let cells = table_cells(first.len(), second.len());
        if self.table.len() < cells {
            self.table.resize(cells, 0);
        }
        for (prefix, pile) in self.prefix.iter_mut().zip([first, second]) {
            prefix.clear();
            prefix.push(0);
            let mut sum = 0_u64;
            for &card in pile {
                // At most 2^32 cards of less than 2^32 each fit in the table.
                sum += u64::from(card);
                prefix.push(sum);
            }
        }
        let (n1, n2) = (first.len(), second.len());
        let width = intervals(n2);
        let (prefix1, prefix2) = (&self.prefix[0], &self.prefix[1]);
        let table = &mut self.table;
        // Interval l..l+len of a pile of n has the id offset(n, len) + l.
        let offset = |n: usize, len: usize| interval_id(n, 0, len);
        for len1 in 0..=n1 {
            // Pile 1 one card shorter: l..r-1 has id shorter1 + l, and
            // l+1..r has id shorter1 + l + 1.
            let shorter1 = len1.checked_sub(1).map(|len| offset(n1, len));
            for len2 in 0..=n2 {
                let here2 = offset(n2, len2);
                let shorter2 = len2.checked_sub(1).map(|len| offset(n2, len));
                let count2 = n2 - len2 + 1;
                for l1 in 0..=n1 - len1 {
                    let sum1 = prefix1[l1 + len1] - prefix1[l1];
                    let row = (offset(n1, len1) + l1) * width;
                    // The cells (l1..l1+len1, l2..l2+len2) for every l2 are
                    // contiguous. Every position they read is shorter and has
                    // a smaller index, so split the table where they start.
                    let (done, cells) = table.split_at_mut(row + here2);
                    let cells = &mut cells[..count2];
                    // Cell l2 holds S − (the least the opponent can be held
                    // to); that least is at most the rest's sum, so this does
                    // not underflow.
                    let sums = prefix2[len2..]
                        .iter()
                        .zip(prefix2)
                        .map(|(high, low)| sum1 + high - low);
                    // Pile 1 after its top card (l1+1..r1) or its bottom card
                    // (l1..r1-1) is taken, at the same part of pile 2.
                    let pile1 = shorter1.map(|s| {
                        (
                            &done[(s + l1 + 1) * width + here2..][..count2],
                            &done[(s + l1) * width + here2..][..count2],
                        )
                    });
                    // Pile 2 one card shorter, in this row: cell l2 of the
                    // shorter length is l2..r2-1, cell l2 + 1 is l2+1..r2.
                    let pile2 = shorter2.map(|s| &done[row + s..][..count2 + 1]);
                    match (pile1, pile2) {
                        (Some((top1, bottom1)), Some(pile2)) => {
                            let options = top1.iter().zip(bottom1).zip(pile2.windows(2));
                            for ((cell, sum), ((&t1, &b1), w)) in
                                cells.iter_mut().zip(sums).zip(options)
                            {
                                *cell = sum - t1.min(b1).min(w[0].min(w[1]));
                            }
                        }
                        (Some((top1, bottom1)), None) => {
                            for ((cell, sum), (&t1, &b1)) in
                                cells.iter_mut().zip(sums).zip(top1.iter().zip(bottom1))
                            {
                                *cell = sum - t1.min(b1);
                            }
                        }
                        (None, Some(pile2)) => {
                            for ((cell, sum), w) in cells.iter_mut().zip(sums).zip(pile2.windows(2))
                            {
                                *cell = sum - w[0].min(w[1]);
                            }
                        }
                        // Both piles empty.
                        (None, None) => cells.fill(0),
                    }
                }
            }
        }
        self.mover_total(0..n1, 0..n2)
    }

    /// The most the player to move collects when `first` and `second` are
    /// what is left of the piles of the last [`solve`](Self::solve) (as
    /// index ranges into them; an empty range is an empty pile).
    ///
    /// # Complexity
    /// O(1).
    ///
    /// # Panics
    /// If a range is decreasing or reaches beyond its pile.
    pub fn mover_total(&self, first: Range<usize>, second: Range<usize>) -> u64 {
        self.check(&first, &second);
        self.table[self.cell(&first, &second)]
    }

    /// A best move for the player to move in the position of
    /// [`mover_total`](Self::mover_total), or `None` when both piles are
    /// empty. Among equally good moves the first of pile 1 top, pile 1
    /// bottom, pile 2 top, pile 2 bottom is returned.
    ///
    /// # Complexity
    /// O(1).
    ///
    /// # Panics
    /// As [`mover_total`](Self::mover_total).
    pub fn best_move(&self, first: Range<usize>, second: Range<usize>) -> Option<Move> {
        self.check(&first, &second);
        MOVES
            .iter()
            .filter_map(|&mv| {
                let (a, b) = after(mv, &first, &second)?;
                Some((self.table[self.cell(&a, &b)], mv))
            })
            .min_by_key(|&(opponent, _)| opponent)
            .map(|(_, mv)| mv)
    }

    fn check(&self, first: &Range<usize>, second: &Range<usize>) {
        for (p, range) in [first, second].into_iter().enumerate() {
            let n = self.len(p);
            assert!(
                range.start <= range.end && range.end <= n,
                "{range:?} is not a part of pile {} of {n} cards",
                p + 1
            );
        }
    }
}

/// The position after `mv` from `first`, `second`; `None` if that pile is
/// empty.
pub fn after(
    mv: Move,
    first: &Range<usize>,
    second: &Range<usize>,
) -> Option<(Range<usize>, Range<usize>)> {
    let shorten = |range: &Range<usize>| -> Option<Range<usize>> {
        if range.is_empty() {
            return None;
        }
        Some(match mv.end {
            End::Top => range.start + 1..range.end,
            End::Bottom => range.start..range.end - 1,
        })
    };
    match mv.pile {
        Pile::First => Some((shorten(first)?, second.clone())),
        Pile::Second => Some((first.clone(), shorten(second)?)),
    }
}

/// Alice's total for the piles `first` and `second` (each listed top first).
///
/// # Example
/// ```
/// assert_eq!(card_piles::alice_total(&[10, 100, 20], &[2, 4, 3]), 105);
/// ```
///
/// # Complexity
/// As [`CardPiles::solve`]; use one [`CardPiles`] for many games.
pub fn alice_total(first: &[u32], second: &[u32]) -> u64 {
    CardPiles::new().solve(first, second)
}

/// A best first move for Alice, `None` if both piles are empty (ties as in
/// [`CardPiles::best_move`]).
///
/// # Example
/// ```
/// use card_piles::{End, Move, Pile, best_first_move};
/// assert_eq!(
///     best_first_move(&[23], &[53]),
///     Some(Move { pile: Pile::Second, end: End::Top })
/// );
/// ```
///
/// # Complexity
/// As [`CardPiles::solve`].
pub fn best_first_move(first: &[u32], second: &[u32]) -> Option<Move> {
    let mut game = CardPiles::new();
    game.solve(first, second);
    game.best_move(0..first.len(), 0..second.len())
}

/// The judge function: reads every case, writes Alice's total per case.
///
/// # Errors
/// [`JudgeError::Input`] on malformed input (including N > [`MAX_CARDS`]),
/// with nothing written for the broken case; [`JudgeError::Output`] if `out`
/// fails.
///
/// # Example
/// ```
/// let mut out = Vec::new();
/// card_piles::solve(b"2\n1\n23\n53\n3\n10 100 20\n2 4 3\n", &mut out).unwrap();
/// assert_eq!(out, b"53\n105\n");
/// ```
///
/// # Complexity
/// O(N⁴) per case; one table for all cases.
pub fn solve<W: Write>(input: &[u8], out: &mut W) -> Result<(), JudgeError> {
    let mut game = CardPiles::new();
    judge(input, out, |first, second, _| Ok(game.solve(first, second)))
}

/// Reads every case and writes the total that `alice` finds; shared by
/// [`solve`], [`parse`] and the brute force, so all read the same format.
pub(crate) fn judge<W: Write>(
    input: &[u8],
    out: &mut W,
    mut alice: impl FnMut(&[u32], &[u32], &Tokens<'_>) -> Result<u64, InputError>,
) -> Result<(), JudgeError> {
    let mut tokens = Tokens::new(input);
    let cases = tokens.count("the number of test cases T", 1)?;
    let (mut first, mut second) = (Vec::new(), Vec::new());
    for case in 1..=cases {
        tokens.begin_case(case);
        let n = tokens.count("the number of cards N in each pile", 2)?;
        if n > MAX_CARDS {
            return Err(tokens
                .error_at_last(format!(
                    "N is {n}, but this solver accepts at most {MAX_CARDS} cards per pile \
                     (its table grows as N⁴)"
                ))
                .into());
        }
        for (pile, what) in [
            (&mut first, "a card score of pile 1"),
            (&mut second, "a card score of pile 2"),
        ] {
            tokens.read_into(n, pile, |t| t.u32_in(what, 0..=u32::MAX))?;
        }
        let total = alice(&first, &second, &tokens)?;
        writeln!(out, "{total}")?;
    }
    tokens.finish()?;
    Ok(())
}

/// One test case: pile 1 and pile 2, each listed top first (the judge's
/// piles have equal lengths).
pub type Case = (Vec<u32>, Vec<u32>);

/// The test cases of a valid judge input.
///
/// # Errors
/// As [`solve`], on malformed input.
///
/// # Example
/// ```
/// let cases = card_piles::parse(b"1 2 10 20 3 4").unwrap();
/// assert_eq!(cases, [(vec![10, 20], vec![3, 4])]);
/// ```
pub fn parse(input: &[u8]) -> Result<Vec<Case>, InputError> {
    let mut cases = Vec::new();
    read_only(|sink| {
        judge(input, sink, |first, second, _| {
            cases.push((first.to_vec(), second.to_vec()));
            Ok(0)
        })
    })?;
    Ok(cases)
}

/// The judge input of `cases`: T, then per case N and one line per pile.
/// Both piles of a case should have N cards.
///
/// # Example
/// ```
/// let text = card_piles::render(&[(vec![23], vec![53]), (vec![10, 100, 20], vec![2, 4, 3])]);
/// assert_eq!(text, "2\n1\n23\n53\n3\n10 100 20\n2 4 3\n");
/// ```
pub fn render(cases: &[Case]) -> String {
    let mut text = format!("{}\n", cases.len());
    for (first, second) in cases {
        writeln!(text, "{}", first.len()).expect("String write");
        for pile in [first, second] {
            let line: Vec<String> = pile.iter().map(u32::to_string).collect();
            writeln!(text, "{}", line.join(" ")).expect("String write");
        }
    }
    text
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn interval_ids_are_dense_and_distinct() {
        for n in 0..12 {
            let mut seen = vec![false; intervals(n)];
            for l in 0..=n {
                for r in l..=n {
                    let id = interval_id(n, l, r);
                    assert!(!seen[id], "({l}, {r}) of {n} shares a cell");
                    seen[id] = true;
                }
            }
            assert!(seen.iter().all(|&s| s));
        }
    }

    #[test]
    fn table_sizes() {
        assert_eq!(table_cells(20, 20), 53_361);
        assert_eq!(table_cells(MAX_CARDS, MAX_CARDS), 1_758_276);
        assert_eq!(table_cells(0, 0), 1);
    }

    #[test]
    fn the_table_is_reused_across_cases() {
        let mut game = CardPiles::new();
        assert_eq!(game.solve(&[5; 20], &[7; 20]), 120);
        let capacity = game.table.len();
        assert_eq!(capacity, 53_361);
        // A smaller case after a bigger one reads no stale cell.
        assert_eq!(game.solve(&[23], &[53]), 53);
        assert_eq!(game.solve(&[10, 100, 20], &[2, 4, 3]), 105);
        assert_eq!(game.table.len(), capacity);
        assert_eq!(game.solve(&[], &[]), 0);
        assert_eq!(game.best_move(0..0, 0..0), None);
    }

    #[test]
    fn the_largest_scores_do_not_overflow() {
        let max = u32::MAX;
        let mut game = CardPiles::new();
        let pile = vec![max; MAX_CARDS];
        // 100 equal cards: Alice takes every other one.
        assert_eq!(game.solve(&pile, &pile), 50 * u64::from(max));
        let mut out = Vec::new();
        solve(b"1 1 4294967295 4294967295", &mut out).unwrap();
        assert_eq!(out, b"4294967295\n");
    }

    #[test]
    fn unequal_and_empty_piles() {
        assert_eq!(alice_total(&[], &[]), 0);
        assert_eq!(alice_total(&[9], &[]), 9);
        assert_eq!(alice_total(&[], &[1, 9, 1]), 2);
        assert_eq!(
            best_first_move(&[], &[3, 1]),
            Some(Move {
                pile: Pile::Second,
                end: End::Top
            })
        );
    }

    #[test]
    fn bad_counts_are_rejected() {
        let cards = "1 ".repeat(2 * (MAX_CARDS + 1));
        let input = format!("1 {} {cards}", MAX_CARDS + 1);
        let error = solve(input.as_bytes(), &mut Vec::new())
            .unwrap_err()
            .to_string();
        assert!(error.contains("at most 50 cards per pile"), "{error}");
        let mut out = Vec::new();
        solve(b"2 0 1 3 3", &mut out).unwrap();
        assert_eq!(out, b"0\n3\n");
    }
}
