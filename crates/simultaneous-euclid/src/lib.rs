//! Simultaneous Euclid: N Euclid games played at once, a move in every
//! unfinished one on each turn.
//!
//! Sources: HDU 3595 "GG and MM". The statement, with the judge's limits,
//! is in this crate's `README.md`.
//!
//! # Rules
//! One Euclid game is two piles of p and q stones. A move picks a pile of
//! x ≥ 1 stones and a positive k, and removes k·x stones from the other
//! pile, which must hold at least k·x (so only the larger pile loses
//! stones, or either one when the piles are equal). A game with an empty
//! pile is over. N games are played at once: on each turn the player to
//! move must move in **every** game that is not over. A player who cannot
//! move (all games over at his turn) loses. MM moves first.
//!
//! # Judge format
//! Input: test cases until the end of the input (at least one); each is `N`
//! and then N lines `p q`. Output per case: `MM` if MM wins, else `GG`.
//! Judge limits: at most 100 cases, 1 ≤ N ≤ 1000, 0 ≤ p, q ≤ 1000. This
//! crate accepts any number of cases, any N ≥ 1 and piles in
//! 0..=2^64 − 1; N = 0 and an empty input are malformed.
//!
//! # Idea
//! This is the continued conjunctive compound of *Winning Ways*, ch. 9
//! ("Every-SG"): the player to move wins iff the largest **suspense** over
//! the games is odd (cgt-core's [`remoteness`](cgt_core::remoteness)
//! module). The suspense counts the moves left in one game when its winner
//! stalls and its loser hurries; each player makes every game's suspense
//! move.
//!
//! For one Euclid game (a, b), a ≥ b > 0, write a = q·b + r. Its options
//! are (r + j·b, b) for j = 0 … q − 1, where j = 0 is the game (b, r) and
//! (r + b, b) has the single option (b, r). Let s = S(b, r). If s is even
//! ((b, r) is lost), every option j ≥ 1 has suspense s + 1, so
//! S(a, b) = s + 1 and the move is to (b, r). If s is odd and q ≥ 2, the
//! option j = 1 (suspense s + 1, even) is the slowest lost option and
//! S(a, b) = s + 2; if q = 1, S(a, b) = s + 1. So S follows Euclid's
//! algorithm from the bottom (S(x, 0) = 0), one step per quotient. The
//! tests check it against cgt-core's `RemotenessMemo` on a Euclid game
//! written from the rules for all piles up to 60, and the answer and moves
//! against a search of the whole simultaneous game.
//!
//! # Complexity
//! O(log max(p, q)) per game (at most 92 quotients for 64-bit piles),
//! O(N log) per case, O(1) memory beyond the input.
//!
//! # Example
//! ```
//! use simultaneous_euclid::{best_move, first_player_wins, suspense};
//! // (3, 2): MM must go to (1, 2); GG takes 2 from 2 and moves last.
//! assert_eq!(suspense(3, 2), 2);
//! assert!(!first_player_wins(&[(3, 2)]));
//! // Three games (1, 1): MM ends all three at once.
//! assert!(first_player_wins(&[(1, 1), (1, 1), (1, 1)]));
//! // In (2, 7) the winner stalls: 7 → 3 (take 2·2), not 7 → 1.
//! assert_eq!(best_move(2, 7), Some((2, 3)));
//! ```

use cgt_judge::{CasesOfItems, Count, InputError, JudgeError, Tokens, read_cases};
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

/// The suspense of (a, b): Euclid's algorithm records which quotients are
/// at least 2, then the rule of the crate's documentation folds them from
/// the bottom.
fn suspense_of(a: u64, b: u64) -> u32 {
    let (mut large, mut small) = (a.max(b), a.min(b));
    // Bit i: the i-th quotient from the top is at least 2. Euclid takes at
    // most 92 steps on 64-bit numbers (Fibonacci), so 128 bits suffice.
    let mut big_quotient: u128 = 0;
    let mut steps = 0;
    while small > 0 {
        // Most quotients are 1 or 2: subtract before dividing.
        let mut rest = large - small;
        if rest >= small {
            big_quotient |= 1 << steps;
            rest -= small;
            if rest >= small {
                rest %= small;
            }
        }
        (large, small) = (small, rest);
        steps += 1;
    }
    let mut s = 0;
    for step in (0..steps).rev() {
        s += if s % 2 == 1 && big_quotient >> step & 1 == 1 {
            2
        } else {
            1
        };
    }
    s
}

/// The suspense of the Euclid game (p, q): 0 if it is over; odd exactly
/// when the player to move wins it alone.
///
/// # Example
/// ```
/// use simultaneous_euclid::suspense;
/// assert_eq!(suspense(0, 5), 0);
/// assert_eq!(suspense(4, 4), 1);
/// assert_eq!(suspense(2, 7), 3); // (2, 7) → (2, 3) → (2, 1) → (0, 1)
/// ```
///
/// # Complexity
/// O(log max(p, q)).
pub fn suspense(p: u64, q: u64) -> u32 {
    suspense_of(p, q)
}

/// Whether the player to move (MM, at the start) wins: the largest
/// suspense over the games is odd. With every game over he cannot move and
/// loses.
///
/// # Example
/// ```
/// use simultaneous_euclid::first_player_wins;
/// assert!(!first_player_wins(&[(0, 5)]));
/// assert!(first_player_wins(&[(2, 7), (3, 2)]));
/// ```
///
/// # Complexity
/// O(N log max).
pub fn first_player_wins(games: &[(u64, u64)]) -> bool {
    games
        .iter()
        .map(|&(p, q)| suspense(p, q))
        .max()
        .unwrap_or(0)
        % 2
        == 1
}

/// The suspense move in one game, as its new piles: the winner's slowest
/// win, the loser's fastest loss; `None` if the game is over. When the
/// piles are equal the second one is emptied.
///
/// # Example
/// ```
/// use simultaneous_euclid::best_move;
/// assert_eq!(best_move(5, 5), Some((5, 0)));
/// assert_eq!(best_move(7, 2), Some((3, 2)));
/// assert_eq!(best_move(3, 2), Some((1, 2)));
/// assert_eq!(best_move(0, 2), None);
/// ```
///
/// # Complexity
/// O(log max(p, q)).
pub fn best_move(p: u64, q: u64) -> Option<(u64, u64)> {
    if p == 0 || q == 0 {
        return None;
    }
    let (small, large) = (p.min(q), p.max(q));
    let quotient = large / small;
    let below = suspense(small, large % small);
    // Stall by one step only when (small, remainder) is won and there is
    // room: then (remainder + small, small) is the slowest lost option.
    let take = if below % 2 == 1 && quotient >= 2 {
        quotient - 1
    } else {
        quotient
    };
    let left = large - take * small;
    Some(if p > q { (left, q) } else { (p, left) })
}

/// The moves of the player to move in every game: each game's
/// [`best_move`] (`None` for a game that is over). They win whenever
/// [`first_player_wins`]; otherwise they make the game last longest.
///
/// # Example
/// ```
/// use simultaneous_euclid::best_moves;
/// assert_eq!(best_moves(&[(2, 7), (0, 4), (3, 2)]), [Some((2, 3)), None, Some((1, 2))]);
/// ```
///
/// # Complexity
/// O(N log max).
pub fn best_moves(games: &[(u64, u64)]) -> Vec<Option<(u64, u64)>> {
    games.iter().map(|&(p, q)| best_move(p, q)).collect()
}

/// The judge function: reads the whole input, writes `MM` or `GG` per
/// case.
///
/// # Errors
/// [`JudgeError::Input`] on malformed input, with nothing written for the
/// broken case; [`JudgeError::Output`] if `out` fails.
///
/// # Example
/// ```
/// let mut out = Vec::new();
/// simultaneous_euclid::solve(b"3\n1 1\n1 1\n1 1\n1\n3 2\n", &mut out).unwrap();
/// assert_eq!(out, b"MM\nGG\n");
/// ```
///
/// # Complexity
/// O(size of the input).
pub fn solve<W: Write>(input: &[u8], out: &mut W) -> Result<(), JudgeError> {
    // Folded as read: only the largest suspense matters. Past a few
    // thousand games, the piles below TABLE are looked up in a table.
    let mut games = 0_usize;
    let mut table: Option<Vec<u8>> = None;
    FORMAT.judge(input, out, |tokens, n| {
        let mut largest = 0;
        for _ in 0..n {
            let (p, q) = read_game(tokens)?;
            games += 1;
            if games == TABLE_AFTER {
                table = Some(suspense_table());
            }
            let s = match &table {
                Some(t) if p < TABLE as u64 && q < TABLE as u64 => {
                    u32::from(t[p as usize * TABLE + q as usize])
                }
                _ => suspense_of(p, q),
            };
            largest = largest.max(s);
        }
        Ok(largest % 2 == 1)
    })
}

/// The side of the suspense table: the judge's piles are at most 1000.
const TABLE: usize = 1024;
/// After this many games [`solve`] builds the table (it costs about as much
/// as that many Euclid runs).
const TABLE_AFTER: usize = 20_000;

/// The suspense of every pair of piles below [`TABLE`], at `p * TABLE + q`,
/// filled by rows with no division. For a > b > 0: if a − b < b the only
/// move goes to (b, a − b), one more; if b ≤ a − b < 2b (quotient 2), (a,
/// b) adds one to (a − b, b) exactly when that is even (the crate's rule
/// with s = S(a − b, b) − 1); with a larger quotient it equals (a − b, b).
fn suspense_table() -> Vec<u8> {
    let mut table = vec![0_u8; TABLE * TABLE];
    for a in 1..TABLE {
        for b in 1..=a {
            let rest = a - b;
            let s = if rest < b {
                table[b * TABLE + rest] + 1
            } else {
                let below = table[rest * TABLE + b];
                if rest < 2 * b {
                    below + u8::from(below % 2 == 0)
                } else {
                    below
                }
            };
            table[a * TABLE + b] = s;
            table[b * TABLE + a] = s;
        }
    }
    table
}

/// Reads every case and writes the winner that `first_wins` finds; shared by
/// [`parse`] and the brute force, so all read the same format as [`solve`].
pub(crate) fn judge<W: Write>(
    input: &[u8],
    out: &mut W,
    first_wins: impl FnMut(&[(u64, u64)], &Tokens<'_>) -> Result<bool, InputError>,
) -> Result<(), JudgeError> {
    FORMAT.judge_items(input, out, read_game, first_wins)
}

/// The input format: cases until the end of the input, at least one, each
/// `N ≥ 1` and the `N` games (each read with [`read_game`]); `MM` when MM
/// wins.
const FORMAT: CasesOfItems<'static> = CasesOfItems {
    cases: None,
    items: Count::positive("the number of games N", 2),
    answers: ["MM", "GG"],
};

/// Reads one game: its two piles.
fn read_game(tokens: &mut Tokens<'_>) -> Result<(u64, u64), InputError> {
    Ok((tokens.u64("a pile p")?, tokens.u64("a pile q")?))
}

/// The test cases of a valid judge input, each the list of its games.
///
/// # Errors
/// As [`solve`], on malformed input.
///
/// # Example
/// ```
/// let cases = simultaneous_euclid::parse(b"1 3 2 2 1 1 0 5").unwrap();
/// assert_eq!(cases, [vec![(3, 2)], vec![(1, 1), (0, 5)]]);
/// ```
pub fn parse(input: &[u8]) -> Result<Vec<Vec<(u64, u64)>>, InputError> {
    read_cases(|sink, record| {
        judge(input, sink, |games, _| {
            record(games);
            Ok(false)
        })
    })
}

/// The judge input of `cases` (each the list of its games): the format
/// [`solve`] reads.
///
/// # Example
/// ```
/// let text = simultaneous_euclid::render(&[vec![(3, 2)], vec![(1, 1), (0, 5)]]);
/// assert_eq!(text, "1\n3 2\n2\n1 1\n0 5\n");
/// ```
pub fn render(cases: &[Vec<(u64, u64)>]) -> String {
    let mut text = String::new();
    for games in cases {
        writeln!(text, "{}", games.len()).expect("String write");
        for (p, q) in games {
            writeln!(text, "{p} {q}").expect("String write");
        }
    }
    text
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_table_matches_euclids_algorithm() {
        let table = suspense_table();
        for p in 0..TABLE {
            for q in 0..TABLE {
                let expected = suspense_of(p as u64, q as u64);
                assert_eq!(u32::from(table[p * TABLE + q]), expected, "({p}, {q})");
            }
        }
    }

    #[test]
    fn suspense_of_the_largest_piles_does_not_overflow() {
        // Consecutive Fibonacci numbers take the most steps: F(92), F(93).
        let (a, b) = (
            7_540_113_804_746_346_429_u64,
            12_200_160_415_121_876_738_u64,
        );
        assert_eq!(suspense(a, b), 91);
        assert_eq!(suspense(u64::MAX, u64::MAX), 1);
        assert_eq!(suspense(1, u64::MAX), 1);
        assert_eq!(best_move(1, u64::MAX), Some((1, 0)));
        // 2^64 − 1 = (2^63 − 1)·2 + 1 and (2, 1) is won: stall at (2, 3).
        assert_eq!(best_move(2, u64::MAX), Some((2, 3)));
    }
}
