//! Moving Pebbles: remove pebbles from one pile, then spread some of its rest
//! onto other piles.
//!
//! Sources: SPOJ PEBBMOV; BZOJ 1982. The statement, with the judge's
//! limits, is in this crate's `README.md`.
//!
//! # Rules
//! There are n piles of pebbles. A move picks a pile, removes at least one
//! pebble from it, and then may move any number of that pile's remaining
//! pebbles onto other non-empty piles, in any distribution. A pile that
//! becomes empty is gone. A player who cannot move (no pile is left) loses.
//! Every move removes a pebble, so the game ends.
//!
//! # Judge format
//! Input: test cases until the end of the input, with no count: each case
//! is `n` followed by `n` pile sizes. Output per case: `first player` if
//! the player to move wins, else `second player`. Judge limits:
//! 1 ≤ n ≤ 10^5; pile sizes are positive with no upper bound.
//!
//! This crate reads every pile size as a string of decimal digits of any
//! length and compares them as numbers without converting them to machine
//! integers (`007` and `7` are the same size), so a 40-digit pile is as good
//! as any. It accepts any `n ≥ 1` the input can hold. A pile of size zero
//! (`0`, `000`), which the statement does not allow, is read as no pile at
//! all, just like a pile that the game has emptied. An input with no case
//! at all (empty, or only whitespace) is rejected: the judge's input has at
//! least one.
//!
//! # Idea
//! Call a position **paired** when its piles split into pairs of equal
//! piles, that is, when every size occurs an even number of times. The
//! position with no piles is paired, and it is the only one without moves.
//! **The player to move loses exactly in the paired positions.** By
//! induction on the number of pebbles (every move removes one), this follows
//! from two facts:
//!
//! **(A) Every move from a paired position leads to an unpaired one.** For a
//! position let `f(v)` be the number of piles of size at least `v` (v ≥ 1);
//! the position is paired exactly when every `f(v)` is even, since `v` occurs
//! `f(v) − f(v + 1)` times. A move takes one pile from `x` down to `y < x`
//! (`y = 0`: gone), removes `r ≥ 1` pebbles and raises other piles by
//! amounts `δ` with `Σδ = x − y − r < x − y`. At each of the `x − y` levels
//! `v` in `y + 1 ..= x` the chosen pile leaves `f(v)`, and the only other
//! changes to `f(v)` are `+1` for each raised pile that crosses from below
//! `v` to at least `v`. If the position were paired before and after, `f(v)`
//! would change by an even amount, so at each of these `x − y` levels some
//! pile would cross; but a pile raised by `δ` crosses only `δ` levels, so
//! `Σδ ≥ x − y`, a contradiction.
//!
//! **(B) Every unpaired position has a move to a paired one** (so the
//! argument is constructive, see [`winning_move`]). Sort the piles,
//! `a_1 ≤ … ≤ a_m`, and move from the largest pile `a_m`:
//! - `m` odd: add `a_2 − a_1` to pile 1, `a_4 − a_3` to pile 3, …,
//!   `a_(m−1) − a_(m−2)` to pile `m − 2`, and remove the rest of pile `m`,
//!   which empties it. Now every pile has a twin. The rest removed is
//!   `a_1 + (a_3 − a_2) + … + (a_m − a_(m−1)) ≥ a_1 ≥ 1`.
//! - `m` even: leave `a_1` in pile `m` (a twin for pile 1), add
//!   `a_3 − a_2` to pile 2, …, `a_(m−1) − a_(m−2)` to pile `m − 2`, and
//!   remove the rest. The rest is `(a_2 − a_1) + (a_4 − a_3) + … +
//!   (a_m − a_(m−1))`, a sum of non-negative terms that is zero exactly when
//!   the position is paired, so it is at least 1 here.
//!
//! Every pile that gains pebbles is non-empty, as the rules demand. The
//! tests check the winner and every returned move (legal, and leaving a
//! lost position) against an exhaustive search of the literal game (the
//! `brute` module, with the `testkit` feature) on every position of up to
//! 5 piles of sizes 0 to 4, of 6 piles of sizes 0 to 3 and of 4 piles of
//! sizes 0 to 5 (a zero is no pile).
//!
//! # Complexity
//! Sorting the piles: O(n log n) comparisons of digit strings, each
//! proportional to the length of the two strings' common prefix (after
//! leading zeros), so O(L log n) for an input of L bytes at worst; O(n)
//! memory for one slice per pile.
//!
//! # Example
//! ```
//! use moving_pebbles::{first_player_wins, winning_move, Move};
//! // The sample: piles 2, 1, 3.
//! assert!(first_player_wins(&["2", "1", "3"]));
//! // Equal pairs lose for the mover, whatever the leading zeros and lengths.
//! let big = "1234567890123456789012345678901234567890";
//! assert!(!first_player_wins(&["7", big, "007", big]));
//! // From 2, 1, 3: take the 3, put 1 pebble on the 1 and remove 2.
//! assert_eq!(
//!     winning_move(&[2, 1, 3]),
//!     Some(Move { pile: 2, remove: 2, add: vec![(1, 1)] })
//! );
//! ```

use cgt_core::judge::{InputError, JudgeError, Tokens};
use std::cmp::Ordering;
use std::io::Write;

#[cfg(feature = "testkit")]
pub mod brute;
#[cfg(feature = "testkit")]
pub mod problem;

/// The README's Rust example, compiled and run as a doctest.
#[cfg(doctest)]
#[doc = include_str!("../README.md")]
pub struct ReadmeDoctests;

/// A pile size without its leading zeros (empty for zero).
pub(crate) fn significant(digits: &[u8]) -> &[u8] {
    let start = digits
        .iter()
        .position(|&d| d != b'0')
        .unwrap_or(digits.len());
    &digits[start..]
}

/// Compares two pile sizes written as decimal digit strings, as numbers:
/// leading zeros do not count, and the strings may have any length.
///
/// # Example
/// ```
/// use moving_pebbles::compare_sizes;
/// use std::cmp::Ordering;
/// assert_eq!(compare_sizes(b"007", b"7"), Ordering::Equal);
/// assert_eq!(compare_sizes(b"99", b"100"), Ordering::Less);
/// assert_eq!(compare_sizes(b"0", b""), Ordering::Equal);
/// ```
///
/// # Complexity
/// O(length of the strings).
///
/// # Panics
/// If a string holds a byte that is not an ASCII digit.
pub fn compare_sizes(a: &[u8], b: &[u8]) -> Ordering {
    assert!(
        a.iter().chain(b).all(u8::is_ascii_digit),
        "compare_sizes: pile sizes are strings of decimal digits"
    );
    compare_significant(significant(a), significant(b))
}

/// Compares sizes without leading zeros: the longer one is larger.
fn compare_significant(a: &[u8], b: &[u8]) -> Ordering {
    a.len().cmp(&b.len()).then_with(|| a.cmp(b))
}

/// Whether the piles (sizes without leading zeros, zero piles left out)
/// split into pairs of equal piles; sorts them.
fn pairs_up(piles: &mut [&[u8]]) -> bool {
    piles.sort_unstable_by(|a, b| compare_significant(a, b));
    piles.len() % 2 == 0 && piles.chunks_exact(2).all(|pair| pair[0] == pair[1])
}

/// Whether the player to move wins, for pile sizes written as decimal digit
/// strings of any length (leading zeros allowed; a zero pile is no pile).
///
/// The mover loses exactly when every size occurs an even number of times
/// (see the crate's rustdoc for the proof).
///
/// # Example
/// ```
/// use moving_pebbles::first_player_wins;
/// assert!(first_player_wins(&["2", "1", "3"]));
/// assert!(!first_player_wins(&["5", "05", "000"]));
/// assert!(!first_player_wins::<&str>(&[]));
/// ```
///
/// # Complexity
/// O(L log n) for n piles of L digits in all, O(n) memory.
///
/// # Panics
/// If a pile holds a byte that is not an ASCII digit.
pub fn first_player_wins<S: AsRef<[u8]>>(piles: &[S]) -> bool {
    let mut sizes: Vec<&[u8]> = piles
        .iter()
        .map(|pile| {
            let digits = pile.as_ref();
            assert!(
                digits.iter().all(u8::is_ascii_digit),
                "first_player_wins: pile sizes are strings of decimal digits"
            );
            significant(digits)
        })
        .filter(|size| !size.is_empty())
        .collect();
    !pairs_up(&mut sizes)
}

/// A move: take pile number `pile` (0-based), remove `remove` pebbles from
/// it, and move `amount` of its pebbles onto pile `to` for each `(to,
/// amount)` in `add`. The pile keeps what is left.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Move {
    /// The pile the move takes from.
    pub pile: usize,
    /// How many pebbles leave the game (at least one).
    pub remove: u128,
    /// The other piles that gain pebbles, in increasing order of index, and
    /// how many each gains (at least one).
    pub add: Vec<(usize, u128)>,
}

impl Move {
    /// The piles after this move, or `None` if the move is illegal in
    /// `piles`: a pile index out of range, nothing removed, more pebbles
    /// used than the pile has, a gain of zero, onto the pile itself, twice
    /// onto one pile, or onto an empty (zero) pile. An emptied pile stays in
    /// the result as a zero.
    ///
    /// # Example
    /// ```
    /// use moving_pebbles::Move;
    /// let mv = Move { pile: 2, remove: 2, add: vec![(1, 1)] };
    /// assert_eq!(mv.apply(&[2, 1, 3]), Some(vec![2, 2, 0]));
    /// assert_eq!(mv.apply(&[2, 0, 3]), None);
    /// ```
    ///
    /// # Complexity
    /// O(n + k log k) for n piles and k gains.
    pub fn apply(&self, piles: &[u128]) -> Option<Vec<u128>> {
        let size = *piles.get(self.pile)?;
        let mut targets: Vec<usize> = self.add.iter().map(|&(to, _)| to).collect();
        targets.sort_unstable();
        if self.remove == 0 || targets.windows(2).any(|w| w[0] == w[1]) {
            return None;
        }
        let mut used = self.remove;
        let mut next = piles.to_vec();
        for &(to, amount) in &self.add {
            let target = piles.get(to).copied()?;
            if to == self.pile || target == 0 || amount == 0 {
                return None;
            }
            used = used.checked_add(amount)?;
            next[to] = target.checked_add(amount)?;
        }
        next[self.pile] = size.checked_sub(used)?;
        Some(next)
    }
}

/// A move that leaves a lost (paired) position, if the player to move wins.
///
/// Piles of size zero are no piles: the move never touches them. The move is
/// the one of the proof in the crate's rustdoc: it takes from a largest pile.
///
/// # Example
/// ```
/// use moving_pebbles::{winning_move, Move};
/// assert_eq!(winning_move(&[4, 4]), None);
/// // Three piles: empty the 9, raising the 1 to a twin of the 5.
/// assert_eq!(
///     winning_move(&[5, 1, 9]),
///     Some(Move { pile: 2, remove: 5, add: vec![(1, 4)] })
/// );
/// let after = winning_move(&[5, 1, 9]).unwrap().apply(&[5, 1, 9]);
/// assert_eq!(after, Some(vec![5, 5, 0]));
/// ```
///
/// # Complexity
/// O(n log n).
pub fn winning_move(piles: &[u128]) -> Option<Move> {
    let mut order: Vec<usize> = (0..piles.len()).filter(|&i| piles[i] > 0).collect();
    order.sort_by_key(|&i| piles[i]);
    let sorted: Vec<u128> = order.iter().map(|&i| piles[i]).collect();
    let (&largest, rest) = order.split_last()?;
    let m = order.len();
    // Odd m: pair up 1-2, 3-4, ... (0-based 0-1, 2-3, ...) below the largest
    // and empty it. Even m: the largest keeps a twin of the smallest, and
    // 2-3, 4-5, ... pair up in between.
    let (first_pair, keep) = if m % 2 == 1 { (0, 0) } else { (1, sorted[0]) };
    let mut add = Vec::new();
    let mut used = keep;
    for low in (first_pair..m - 1).step_by(2) {
        let gain = sorted[low + 1] - sorted[low];
        if gain > 0 {
            add.push((rest[low], gain));
            used += gain;
        }
    }
    // Zero exactly when the position is paired (see the proof).
    let remove = sorted[m - 1] - used;
    if remove == 0 {
        return None;
    }
    add.sort_unstable();
    Some(Move {
        pile: largest,
        remove,
        add,
    })
}

/// The judge function: reads cases until the end of the input, writes
/// `first player` or `second player` per case.
///
/// # Errors
/// [`JudgeError::Input`] on malformed input (including an input without any
/// case), with nothing written for the broken case; [`JudgeError::Output`]
/// if `out` fails.
///
/// # Example
/// ```
/// let mut out = Vec::new();
/// moving_pebbles::solve(b"3 2 1 3\n2 7 007\n", &mut out).unwrap();
/// assert_eq!(out, b"first player\nsecond player\n");
/// ```
///
/// # Complexity
/// O(L log n) per case of n piles written with L bytes.
pub fn solve<W: Write>(input: &[u8], out: &mut W) -> Result<(), JudgeError> {
    judge(input, out, |piles, _| Ok(first_player_wins(piles)))
}

/// Reads every case and writes the winner that `first_wins` finds; shared by
/// [`solve`], [`parse`] and the brute force, so all read the same format.
pub(crate) fn judge<'a, W: Write>(
    input: &'a [u8],
    out: &mut W,
    mut first_wins: impl FnMut(&[&'a [u8]], &Tokens<'a>) -> Result<bool, InputError>,
) -> Result<(), JudgeError> {
    let mut tokens = Tokens::new(input);
    let mut piles: Vec<&[u8]> = Vec::new();
    let mut case = 0;
    loop {
        case += 1;
        tokens.begin_case(case);
        let n = tokens.count_in("the number of piles n", 1..=usize::MAX, 1)?;
        tokens.read_into(n, &mut piles, |t| t.digits("a pile size"))?;
        let wins = first_wins(&piles, &tokens)?;
        writeln!(
            out,
            "{}",
            if wins {
                "first player"
            } else {
                "second player"
            }
        )?;
        if tokens.at_end() {
            break;
        }
    }
    tokens.finish()?;
    Ok(())
}

/// The test cases of a valid judge input, each the list of its pile sizes
/// as written (leading zeros kept).
///
/// # Errors
/// As [`solve`], on malformed input.
///
/// # Example
/// ```
/// let cases = moving_pebbles::parse(b"3 2 1 3\n2 7 007").unwrap();
/// assert_eq!(cases, [vec!["2", "1", "3"], vec!["7", "007"]]);
/// ```
pub fn parse(input: &[u8]) -> Result<Vec<Vec<String>>, InputError> {
    let mut cases = Vec::new();
    let read = judge(input, &mut std::io::sink(), |piles, _| {
        let sizes = piles
            .iter()
            .map(|p| String::from_utf8_lossy(p).into_owned());
        cases.push(sizes.collect());
        Ok(false)
    });
    match read {
        Ok(()) => Ok(cases),
        Err(JudgeError::Input(e)) => Err(e),
        Err(JudgeError::Output(_)) => unreachable!("a sink does not fail"),
    }
}

/// The judge input of `cases` (each the list of its pile sizes, as digit
/// strings): one line `n` and the sizes per case.
///
/// # Example
/// ```
/// let cases = [vec!["2".to_owned(), "1".to_owned(), "3".to_owned()]];
/// assert_eq!(moving_pebbles::render(&cases), "3 2 1 3\n");
/// ```
pub fn render(cases: &[Vec<String>]) -> String {
    let mut text = String::new();
    for piles in cases {
        text.push_str(&piles.len().to_string());
        for pile in piles {
            text.push(' ');
            text.push_str(pile);
        }
        text.push('\n');
    }
    text
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sizes_compare_as_numbers() {
        let forty = "1234567890123456789012345678901234567890";
        let zeros = format!("000{forty}");
        assert_eq!(
            compare_sizes(forty.as_bytes(), zeros.as_bytes()),
            Ordering::Equal
        );
        assert_eq!(compare_sizes(b"9", forty.as_bytes()), Ordering::Less);
        assert_eq!(compare_sizes(b"10", b"09"), Ordering::Greater);
        assert!(!first_player_wins(&[forty, &zeros]));
        assert!(first_player_wins(&[
            forty,
            "1234567890123456789012345678901234567891"
        ]));
    }

    #[test]
    fn zero_piles_are_no_piles() {
        assert!(!first_player_wins(&["0", "000"]));
        assert!(!first_player_wins(&["0", "3", "3"]));
        assert_eq!(winning_move(&[0, 0]), None);
        assert_eq!(
            winning_move(&[0, 2]),
            Some(Move {
                pile: 1,
                remove: 2,
                add: vec![]
            })
        );
        let mut out = Vec::new();
        solve(b"1 0\n3 0 1 1\n2 0 5\n", &mut out).expect("valid");
        assert_eq!(out, b"second player\nsecond player\nfirst player\n");
    }

    #[test]
    fn the_largest_piles_do_not_overflow() {
        let top = u128::MAX;
        assert_eq!(winning_move(&[top, top]), None);
        for piles in [[top, top - 1, 1], [1, top, top], [top, 1, 2]] {
            let mv = winning_move(&piles).expect("unpaired");
            let next = mv.apply(&piles).expect("legal");
            assert_eq!(winning_move(&next), None, "{piles:?} -> {next:?}");
        }
        let mv = winning_move(&[top - 1, top]).expect("unpaired");
        assert_eq!(mv.apply(&[top - 1, top]), Some(vec![top - 1, top - 1]));
    }

    #[test]
    fn illegal_moves_do_not_apply() {
        let piles = [3, 0, 2];
        let mv = |pile, remove, add: &[(usize, u128)]| Move {
            pile,
            remove,
            add: add.to_vec(),
        };
        assert_eq!(mv(0, 1, &[(2, 2)]).apply(&piles), Some(vec![0, 0, 4]));
        assert_eq!(mv(0, 0, &[(2, 2)]).apply(&piles), None, "nothing removed");
        assert_eq!(mv(0, 2, &[(2, 2)]).apply(&piles), None, "too many used");
        assert_eq!(
            mv(0, 1, &[(1, 1)]).apply(&piles),
            None,
            "onto an empty pile"
        );
        assert_eq!(mv(0, 1, &[(0, 1)]).apply(&piles), None, "onto itself");
        assert_eq!(mv(0, 1, &[(2, 0)]).apply(&piles), None, "a zero gain");
        assert_eq!(mv(0, 1, &[(2, 1), (2, 1)]).apply(&piles), None, "twice");
        assert_eq!(mv(3, 1, &[]).apply(&piles), None, "no such pile");
        assert_eq!(mv(1, 1, &[]).apply(&piles), None, "an empty pile");
        assert_eq!(mv(2, u128::MAX, &[(0, 2)]).apply(&piles), None, "overflow");
    }
}
