//! The splitting game: a bean leaves its bottle and becomes two beans in later
//! bottles.
//!
//! Sources: HNOI 2007 分裂游戏; BZOJ 1188; Luogu P3185. The statement, with
//! the judge's limits, is in this crate's `README.md`.
//!
//! # Rules
//! Bottles `0..n` stand in a row; bottle `i` holds `p_i` beans. A move picks
//! bottles `i < j ≤ k` such that bottle `i` holds at least one bean, takes
//! one bean out of bottle `i`, and puts one bean into bottle `j` and one into
//! bottle `k` (`j` may equal `k`). A player who cannot move loses (normal
//! play). Every move sends a bean strictly to the right, so the game ends.
//!
//! # Judge format
//! Input: `t`, then per case `n` and `n` bean counts. Output per case, two
//! lines: the winning first move `i j k` (0-based) that is smallest in
//! lexicographic order, or `-1 -1 -1` if there is none; then the number of
//! winning first moves (triples `i < j ≤ k` with bottle `i` non-empty that
//! leave a lost position). Judge limits: t ≤ 10, 2 ≤ n ≤ 21,
//! 0 ≤ p_i ≤ 10^4.
//!
//! This crate accepts any `t`, any `n` in `1..=`[`MAX_BOTTLES`] (a case
//! costs O(n^2), so 10^4 bottles take a fraction of a second, while a
//! million would take hours) and any bean count in `0..=u64::MAX` (only
//! its parity and whether it is zero matter).
//!
//! # Idea
//! **Each bean is a game of its own.** A move touches one bean: it replaces
//! that bean by two beans further right; the other beans and their moves do
//! not change, and the count of a bottle only says how many such independent
//! beans sit there. So a position is the disjoint sum of one-bean games, and
//! by the Sprague-Grundy theorem its value is the XOR of the beans' values.
//!
//! **The value of one bean** depends only on its distance `d = n − 1 − i` to
//! the last bottle: a bean at distance `d` becomes two beans at distances
//! `a`, `b` with `0 ≤ a ≤ b < d`, whose sum has value `g(a) ⊕ g(b)`, so
//!
//! > g(d) = mex { g(a) ⊕ g(b) : 0 ≤ a ≤ b < d },  g(0) = 0.
//!
//! The option set of `d + 1` is the option set of `d` plus the pairs with
//! `b = d`, so [`bean_values`] keeps one growing set and adds `d + 1` XORs per
//! step: O(len^2) in all instead of O(len^3). The first values are
//! 0, 1, 2, 4, 7, 8, 11, 13, 14, 16, …
//!
//! **Only parities matter for the value**: two beans in one bottle have equal
//! values and cancel (`x ⊕ x = 0`), so the position's value `S` is the XOR of
//! `g` over the bottles with an odd count.
//!
//! **Winning moves**: a move `(i, j, k)` changes the value by
//! `g_i ⊕ g_j ⊕ g_k` (writing `g_i` for the value of a bean in bottle `i`),
//! whatever the parity of `p_i`: it removes one bean from `i` and adds one
//! to `j` and one to `k`. It leaves a lost position exactly when
//! `S ⊕ g_i ⊕ g_j ⊕ g_k = 0`. It is legal exactly when `p_i ≥ 1`, so a bottle
//! with an even, non-zero count is a valid source too (reducing the counts
//! mod 2 before looking for moves loses those moves), and an empty bottle is
//! not (counting its triples too is the other classic slip).
//!
//! **Counting them** in O(n^2): walk `i` from the right end, keeping a
//! histogram of `g_j ⊕ g_k` over the pairs `j ≤ k` to the right of `i`; the
//! winning moves from a non-empty `i` are the histogram's entry at
//! `S ⊕ g_i`. The smallest move takes the first such `i` and scans its pairs
//! in order. The tests check all of this against an exhaustive search of the
//! literal game (the `brute` module) on every position of up to 6 bottles holding up
//! to 2 beans each and of 7 bottles holding up to 1, and the table against a
//! plain mex over all pairs.
//!
//! # Complexity
//! O(n^2) time and O(n) memory per case (the table of bean values, the XOR
//! histogram, whose width is below twice the largest bean value plus two, and the
//! per-bottle counts).
//!
//! # Example
//! ```
//! use split_game::{analyse, first_player_wins, Analysis, Move};
//! // The first sample: move a bean from bottle 0 into bottles 2 and 3.
//! let counts = [1, 0, 1, 5000];
//! assert!(first_player_wins(&counts));
//! assert_eq!(
//!     analyse(&counts),
//!     Analysis { first_move: Some(Move { i: 0, j: 2, k: 3 }), winning_moves: 1 }
//! );
//! // The second sample: a bean in the last bottle cannot move.
//! assert_eq!(analyse(&[0, 0, 1]), Analysis { first_move: None, winning_moves: 0 });
//! ```

use cgt_core::mex::MexSet;
use cgt_judge::{InputError, JudgeError, Tokens, read_only, render_cases};
use std::fmt;
use std::io::Write;

/// The examples of this crate's `README.md`, run as doctests.
#[cfg(doctest)]
#[doc = include_str!("../README.md")]
pub struct ReadmeDoctests;

#[cfg(feature = "testkit")]
pub mod brute;
#[cfg(feature = "testkit")]
pub mod problem;

/// The most bottles a judge case may have; each case costs O(n^2).
pub const MAX_BOTTLES: usize = 10_000;

/// The Grundy values of one bean at distances `0..len` from the last bottle.
///
/// A bean in bottle `i` of `n` bottles stands at distance `n − 1 − i`, so its
/// value is `bean_values(n)[n - 1 - i]`.
///
/// # Example
/// ```
/// assert_eq!(split_game::bean_values(8), [0, 1, 2, 4, 7, 8, 11, 13]);
/// ```
///
/// # Complexity
/// O(len^2) time, O(len) memory.
pub fn bean_values(len: usize) -> Vec<usize> {
    let mut table = BeanValues::default();
    table.grow_to(len);
    table.values
}

/// The table of [`bean_values`], grown on demand: the judge builds it once,
/// up to the largest n it meets, and shares it between cases.
#[derive(Clone, Debug, Default)]
struct BeanValues {
    /// The values at distances `0..values.len()`.
    values: Vec<usize>,
    /// With d = values.len() the distance to value next: the XORs
    /// g(a) ^ g(b) over all pairs a <= b < d, the options of d.
    reached: MexSet,
}

impl BeanValues {
    /// The values at distances `0..len`, computing the ones not known yet.
    fn grow_to(&mut self, len: usize) -> &[usize] {
        self.values.reserve(len.saturating_sub(self.values.len()));
        while self.values.len() < len {
            if let Some(&newest) = self.values.last() {
                // The pairs with b = d - 1 are the ones distance d - 1 lacked.
                for &other in &self.values {
                    self.reached.insert(newest ^ other);
                }
            }
            self.values.push(self.reached.mex());
        }
        &self.values[..len]
    }
}

/// The value of a bean in each bottle `0..n`, left to right.
fn values_by_bottle(n: usize) -> Vec<usize> {
    let mut values = bean_values(n);
    values.reverse();
    values
}

/// XOR of the bean values of the bottles with an odd count.
fn xor_of_odd(values: &[usize], counts: &[u64]) -> usize {
    values
        .iter()
        .zip(counts)
        .filter(|&(_, &count)| count % 2 == 1)
        .fold(0, |acc, (&value, _)| acc ^ value)
}

/// The Grundy value of the position: the XOR of its beans' values.
///
/// # Example
/// ```
/// // Bean values for 4 bottles are 4, 2, 1, 0; the even bottle cancels.
/// assert_eq!(split_game::position_value(&[1, 2, 1, 7]), 4 ^ 1 ^ 0);
/// ```
///
/// # Complexity
/// O(n^2) for the bean values.
pub fn position_value(counts: &[u64]) -> usize {
    xor_of_odd(&values_by_bottle(counts.len()), counts)
}

/// Whether the player to move wins.
///
/// # Example
/// ```
/// assert!(split_game::first_player_wins(&[1, 0, 1, 5000]));
/// assert!(!split_game::first_player_wins(&[0, 0, 1]));
/// ```
///
/// # Complexity
/// O(n^2).
pub fn first_player_wins(counts: &[u64]) -> bool {
    position_value(counts) != 0
}

/// A move: one bean out of bottle `i`, one into `j` and one into `k`
/// (0-based, `i < j ≤ k`). Displays as the judge prints it, `i j k`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Move {
    /// The bottle a bean leaves (it must hold a bean).
    pub i: usize,
    /// One bottle that gains a bean.
    pub j: usize,
    /// The other bottle that gains a bean (`k ≥ j`; `k = j` gains two).
    pub k: usize,
}

impl fmt::Display for Move {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} {} {}", self.i, self.j, self.k)
    }
}

/// What the judge asks about a position.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Analysis {
    /// The lexicographically smallest move that leaves a lost position, if
    /// the player to move wins.
    pub first_move: Option<Move>,
    /// How many moves leave a lost position.
    pub winning_moves: u64,
}

/// The smallest winning move and the number of winning moves.
///
/// # Example
/// ```
/// use split_game::{analyse, Move};
/// // Bean values 7, 4, 2, 1, 0; S = 1. Bottle 0 holds two beans, and moving
/// // one of them into bottles 1 and 2 gives 1 ^ 7 ^ 4 ^ 2 = 0.
/// let analysis = analyse(&[2, 0, 0, 1, 0]);
/// assert_eq!(analysis.first_move, Some(Move { i: 0, j: 1, k: 2 }));
/// ```
///
/// # Complexity
/// O(n^2) time, O(n) memory. The count is at most the number of triples,
/// (n + 1) · n · (n − 1) / 6, so it fits in a u64 for any n whose O(n^2)
/// time is thinkable.
pub fn analyse(counts: &[u64]) -> Analysis {
    analyse_with(&values_by_bottle(counts.len()), counts, &mut Vec::new())
}

/// [`analyse`] with the bean value of each bottle given, and a buffer for
/// the XOR histogram.
fn analyse_with(values: &[usize], counts: &[u64], pairs: &mut Vec<u64>) -> Analysis {
    let n = counts.len();
    let total = xor_of_odd(values, counts);
    // Every XOR of two values is below the next power of two above them all.
    let width = values
        .iter()
        .max()
        .map_or(1, |&largest| (largest + 1).next_power_of_two());
    // pairs[x]: the pairs j <= k right of the current bottle with g_j ^ g_k = x.
    pairs.clear();
    pairs.resize(width, 0);
    // The winning moves from the bottles seen so far, and the leftmost
    // bottle that has one.
    let mut winning_moves = 0;
    let mut first_source = None;
    for i in (0..n).rev() {
        if counts[i] > 0 && pairs[total ^ values[i]] > 0 {
            winning_moves += pairs[total ^ values[i]];
            first_source = Some(i);
        }
        for &other in &values[i..] {
            pairs[values[i] ^ other] += 1;
        }
    }
    let first_move = first_source.and_then(|i| {
        let target = total ^ values[i];
        (i + 1..n).find_map(|j| {
            (j..n)
                .find(|&k| values[j] ^ values[k] == target)
                .map(|k| Move { i, j, k })
        })
    });
    Analysis {
        first_move,
        winning_moves,
    }
}

/// The judge function: reads the whole input, writes the smallest winning
/// move and the number of winning moves per case.
///
/// # Errors
/// [`JudgeError::Input`] on malformed input (including a case with more than
/// [`MAX_BOTTLES`] bottles), with nothing written for the broken case;
/// [`JudgeError::Output`] if `out` fails.
///
/// # Example
/// ```
/// let mut out = Vec::new();
/// split_game::solve(b"2\n4\n1 0 1 5000\n3\n0 0 1\n", &mut out).unwrap();
/// assert_eq!(out, b"0 2 3\n1\n-1 -1 -1\n0\n");
/// ```
///
/// # Complexity
/// O(n^2) per case.
pub fn solve<W: Write>(input: &[u8], out: &mut W) -> Result<(), JudgeError> {
    // One table of bean values for all the cases, and reused buffers.
    let mut table = BeanValues::default();
    let mut values = Vec::new();
    let mut pairs = Vec::new();
    judge(input, out, |counts, _| {
        values.clear();
        values.extend(table.grow_to(counts.len()).iter().rev());
        Ok(analyse_with(&values, counts, &mut pairs))
    })
}

/// Reads every case and writes what `analyse_case` finds; shared by
/// [`solve`], [`parse`] and the brute force, so all read the same format.
pub(crate) fn judge<W: Write>(
    input: &[u8],
    out: &mut W,
    mut analyse_case: impl FnMut(&[u64], &Tokens<'_>) -> Result<Analysis, InputError>,
) -> Result<(), JudgeError> {
    let mut tokens = Tokens::new(input);
    // A case is at least n and one count.
    let cases = tokens.count("the number of test cases t", 2)?;
    let mut counts = Vec::new();
    for case in 1..=cases {
        tokens.begin_case(case);
        let n = tokens.count_in("the number of bottles n", 1..=MAX_BOTTLES, 1)?;
        tokens.read_into(n, &mut counts, |t| t.u64("a bean count"))?;
        let analysis = analyse_case(&counts, &tokens)?;
        match analysis.first_move {
            Some(first) => writeln!(out, "{first}")?,
            None => writeln!(out, "-1 -1 -1")?,
        }
        writeln!(out, "{}", analysis.winning_moves)?;
    }
    tokens.finish()?;
    Ok(())
}

/// The test cases of a valid judge input, each the list of its bean counts.
///
/// # Errors
/// As [`solve`], on malformed input.
///
/// # Example
/// ```
/// let cases = split_game::parse(b"2 4 1 0 1 5000 3 0 0 1").unwrap();
/// assert_eq!(cases, [vec![1, 0, 1, 5000], vec![0, 0, 1]]);
/// ```
pub fn parse(input: &[u8]) -> Result<Vec<Vec<u64>>, InputError> {
    let mut cases = Vec::new();
    let nothing = Analysis {
        first_move: None,
        winning_moves: 0,
    };
    read_only(|sink| {
        judge(input, sink, |counts, _| {
            cases.push(counts.to_vec());
            Ok(nothing)
        })
    })?;
    Ok(cases)
}

/// The judge input of `cases` (each the list of its bean counts): the
/// format [`solve`] reads.
///
/// # Example
/// ```
/// let text = split_game::render(&[vec![1, 0, 1, 5000], vec![0, 0, 1]]);
/// assert_eq!(text, "2\n4\n1 0 1 5000\n3\n0 0 1\n");
/// ```
pub fn render(cases: &[Vec<u64>]) -> String {
    render_cases(cases)
}

#[cfg(test)]
mod tests {
    use super::*;
    use cgt_core::heap::{HeapGame, HeapOptions, grundy_table};

    /// A bean in bottle d becomes beans in bottles a ≤ b < d, each bottle
    /// a heap.
    struct Beans;
    impl HeapGame for Beans {
        fn heap_options(&self, d: usize, options: &mut HeapOptions) {
            for a in 0..d {
                (a..d).for_each(|b| options.push(&[a, b]));
            }
        }
    }

    #[test]
    fn incremental_values_match_a_plain_mex_over_all_pairs() {
        let plain = grundy_table(&Beans, 300).expect("bottles shrink");
        let plain: Vec<usize> = plain.iter().map(|g| g.value() as usize).collect();
        assert_eq!(bean_values(300), plain);
        assert_eq!(bean_values(0), Vec::<usize>::new());
    }

    #[test]
    fn the_shared_table_grows_and_shrinks_as_the_cases_ask() {
        let full = bean_values(200);
        let mut table = BeanValues::default();
        for len in [5, 1, 200, 0, 37, 120, 200, 3] {
            assert_eq!(table.grow_to(len), &full[..len], "{len}");
        }
        // The judge with cases of falling and rising n, against analyse.
        let cases: [&[u64]; 4] = [&[1, 0, 1, 5000, 3, 2], &[0, 0, 1], &[1; 9], &[2, 1]];
        let mut input = format!("{}\n", cases.len());
        let mut expected = Vec::new();
        for counts in cases {
            let text: Vec<String> = counts.iter().map(u64::to_string).collect();
            input.push_str(&format!("{}\n{}\n", counts.len(), text.join(" ")));
            let analysis = analyse(counts);
            match analysis.first_move {
                Some(first) => writeln!(expected, "{first}").expect("Vec write"),
                None => writeln!(expected, "-1 -1 -1").expect("Vec write"),
            }
            writeln!(expected, "{}", analysis.winning_moves).expect("Vec write");
        }
        let mut out = Vec::new();
        solve(input.as_bytes(), &mut out).expect("valid");
        assert_eq!(String::from_utf8(out), String::from_utf8(expected));
    }

    #[test]
    fn even_bottles_are_sources_and_empty_bottles_are_not() {
        // Bottle 0 holds two beans: its moves count.
        let analysis = analyse(&[2, 0, 0, 1, 0]);
        assert_eq!(analysis.first_move, Some(Move { i: 0, j: 1, k: 2 }));
        // The same values with bottle 0 empty: (0, 1, 2) is not a move.
        let without = analyse(&[0, 0, 0, 1, 0]);
        assert!(without.first_move.is_some_and(|m| m.i > 0));
        assert_eq!(analysis.winning_moves, without.winning_moves + 1);
    }

    #[test]
    fn huge_counts_and_the_largest_case_do_not_overflow() {
        assert_eq!(
            analyse(&[u64::MAX, u64::MAX - 1]),
            analyse(&[1, 2]),
            "only parity and emptiness matter"
        );
        let counts = vec![1; MAX_BOTTLES];
        let analysis = analyse(&counts);
        let n = MAX_BOTTLES as u64;
        assert!(analysis.winning_moves <= n * n * n);
    }

    #[test]
    fn bounds_are_checked() {
        let input = format!("1\n{}\n{}", MAX_BOTTLES + 1, "0 ".repeat(MAX_BOTTLES + 1));
        assert!(solve(input.as_bytes(), &mut Vec::new()).is_err());
        assert!(solve(b"1\n0\n", &mut Vec::new()).is_err());
        let mut out = Vec::new();
        solve(b"1 1 7", &mut out).expect("one bottle is a valid case");
        assert_eq!(out, b"-1 -1 -1\n0\n");
    }
}
