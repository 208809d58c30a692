//! Parity Nim: a partizan Nim in which Alice's takes must obey a parity flag
//! on each pile, while Bob may take freely.
//!
//! Sources: ZOJ 3964 "Yet Another Game of Stones". The statement, with the
//! judge's limits, is in this crate's `README.md`.
//!
//! # Rules
//! There are n piles; pile i holds a_i stones and carries a flag b_i. Bob
//! removes any positive number of stones from one pile. Alice removes a
//! positive number of stones from one pile too, but from a pile with
//! b_i = 1 only an odd number, and from a pile with b_i = 2 only an even
//! number (b_i = 0: any number). A player who cannot move on his turn loses.
//! Alice moves first. The players have different moves: a partizan game.
//!
//! # Judge format
//! Input: `T`, then per case `n`, the n sizes a_i, then the n flags b_i.
//! Output per case: `Alice` or `Bob`, the winner. Judge limits:
//! 1 ≤ n ≤ 10^5, 1 ≤ a_i ≤ 10^9, b_i ∈ {0, 1, 2}, sum of n ≤ 10^6. This crate
//! accepts any n (n = 0: Alice cannot move, Bob wins) and any a_i in
//! `0..=u64::MAX` (an empty pile changes nothing); a flag other than 0, 1 or
//! 2 is malformed input.
//!
//! # Idea
//! Write X for the Nim sum (XOR) of all pile sizes. Call a pile *tame* when
//! Alice's moves on it are exactly Bob's, now and after any play on it: an
//! empty pile, a pile with flag 0, or a flag-1 pile of one stone. The other
//! piles are *wild*: flag 2 with at least one stone, flag 1 with at least
//! two.
//!
//! **Lemma 1** (Bob plays Nim). Every move of Alice is a Nim move, so Bob's
//! Nim strategy still works against her: if Bob is to move with X ≠ 0, or
//! Alice is to move with X = 0, Bob wins. So Alice can only win by handing
//! Bob a position with X = 0 after every one of her moves.
//!
//! **Lemma 2.** Bob, to move with X = 0, wins iff some pile is wild.
//! - No wild pile: on tame piles both players have the same moves and the
//!   piles stay tame, so this is Nim, and Bob faces X = 0: he loses.
//! - A flag-2 pile of odd size: Alice changes it only by even numbers, so it
//!   stays non-empty as long as Bob leaves it alone, and he does. Whenever he
//!   faces X = 0, the other piles XOR to its size, which is not 0, so he has
//!   a move elsewhere. The game is finite, so Alice eventually cannot move or
//!   hands him X ≠ 0 (Lemma 1).
//! - A flag-2 pile of even size ≥ 2: Bob takes one stone from it. Alice must
//!   hand back X = 0 while it is odd: the previous case.
//! - A flag-1 pile of size c ≥ 2, by induction on the number of stones: if
//!   c ≥ 3, Bob takes one stone from it. Alice cannot restore X = 0 on that
//!   pile (it would have to grow), so it stays at c − 1 ≥ 2. If c = 2, the
//!   other piles XOR to 2, so one of them, of size x, has bit 1 set; Bob
//!   takes 2 stones from it (x → x xor 2). Restoring X = 0 on the flag-1 pile
//!   would now take 2 stones from it, an even number: forbidden. Either way,
//!   unless she loses at once by Lemma 1, Alice hands back X = 0 with a wild
//!   flag-1 pile and fewer stones: Bob wins by induction.
//!
//! None of this depends on the other piles' flags.
//!
//! **Theorem** (Alice to move). By the lemmas, Alice wins iff she has a move
//! after which X = 0 and every pile is tame. One move changes one pile, so:
//! - two or more wild piles: Bob wins;
//! - one wild pile of size a with flag b: Alice must move it to t, the XOR
//!   of the other piles, and leave it tame: for b = 2, t = 0 and a even; for
//!   b = 1, t ≤ 1 and a − t odd (a odd and t = 0, or a even and t = 1);
//! - no wild pile: it is Nim, Alice wins iff X ≠ 0.
//!
//! In particular a flag-2 pile of odd size always loses for Alice, and a
//! flag-1 pile of one stone is an ordinary pile. The tests check the theorem
//! and the lemmas (for either player to move) against an exhaustive search
//! of the literal game on every position of up to 3 piles of 0..=5 stones,
//! 4 piles of 0..=4 and 5 piles of 0..=2, with every flag combination
//! (115,849 positions), and every returned winning move against the search.
//!
//! # Complexity
//! O(n) per case; the judge reuses one buffer for all cases.
//!
//! # Example
//! ```
//! use parity_nim::{Flag, Move, Player, winner, winning_move};
//! // The sample: piles 4 (odd takes only) and 1 (free).
//! let piles = [(4, Flag::Odd), (1, Flag::Any)];
//! assert_eq!(winner(&piles), Player::Alice);
//! // Alice takes 3 from the first pile: 1 and 1 are left, plain Nim with X = 0.
//! assert_eq!(winning_move(&piles), Some(Move { pile: 0, take: 3 }));
//! // An odd pile with even takes only: Alice can never empty it.
//! assert_eq!(winner(&[(3, Flag::Even)]), Player::Bob);
//! ```

use cgt_judge::{CasesOfItems, Count, InputError, JudgeError, Tokens, read_cases};
use std::fmt::{self, Write as _};
use std::io::Write;

/// The README's Rust example, compiled and run as a doctest.
#[cfg(doctest)]
#[doc = include_str!("../README.md")]
pub struct ReadmeDoctests;

#[cfg(feature = "testkit")]
pub mod brute;
#[cfg(feature = "testkit")]
pub mod problem;

/// The flag b_i of a pile: which numbers of stones Alice may take from it.
/// Bob may always take any positive number.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Flag {
    /// b_i = 0: any positive number.
    Any,
    /// b_i = 1: an odd number only.
    Odd,
    /// b_i = 2: an even number only.
    Even,
}

impl Flag {
    /// The flag written as `code` in the input (0, 1 or 2).
    ///
    /// # Example
    /// ```
    /// use parity_nim::Flag;
    /// assert_eq!(Flag::from_code(2), Some(Flag::Even));
    /// assert_eq!(Flag::from_code(3), None);
    /// ```
    pub fn from_code(code: u64) -> Option<Flag> {
        match code {
            0 => Some(Flag::Any),
            1 => Some(Flag::Odd),
            2 => Some(Flag::Even),
            _ => None,
        }
    }

    /// The input code of the flag: 0, 1 or 2.
    pub fn code(self) -> u8 {
        match self {
            Flag::Any => 0,
            Flag::Odd => 1,
            Flag::Even => 2,
        }
    }

    /// Whether Alice may remove `take` stones from a pile with this flag
    /// (given that the pile holds at least `take` stones and `take` ≥ 1).
    ///
    /// # Example
    /// ```
    /// use parity_nim::Flag;
    /// assert!(Flag::Odd.allows(3) && !Flag::Odd.allows(2));
    /// assert!(Flag::Even.allows(2) && !Flag::Even.allows(1));
    /// ```
    pub fn allows(self, take: u64) -> bool {
        match self {
            Flag::Any => true,
            Flag::Odd => take % 2 == 1,
            Flag::Even => take % 2 == 0,
        }
    }
}

/// One of the two players.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Player {
    /// The restricted player, who moves first in the problem.
    Alice,
    /// The free player.
    Bob,
}

impl fmt::Display for Player {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Player::Alice => "Alice",
            Player::Bob => "Bob",
        })
    }
}

/// A move: remove `take` stones (1 ≤ take ≤ size) from pile number `pile`
/// (0-based).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Move {
    /// Which pile.
    pub pile: usize,
    /// How many stones to remove.
    pub take: u64,
}

/// Whether a pile is *tame*: Alice's moves on it are exactly Bob's, now and
/// after any play on it (empty, flag 0, or flag 1 with one stone). See the
/// crate documentation for why the other, *wild*, piles decide the game.
///
/// # Example
/// ```
/// use parity_nim::{Flag, is_tame};
/// assert!(is_tame(7, Flag::Any) && is_tame(1, Flag::Odd) && is_tame(0, Flag::Even));
/// assert!(!is_tame(2, Flag::Odd) && !is_tame(2, Flag::Even) && !is_tame(1, Flag::Even));
/// ```
///
/// # Complexity
/// O(1).
pub fn is_tame(stones: u64, flag: Flag) -> bool {
    match flag {
        Flag::Any => true,
        Flag::Odd => stones <= 1,
        Flag::Even => stones == 0,
    }
}

/// The Nim sum (XOR) of the pile sizes.
///
/// # Complexity
/// O(n).
pub fn nim_sum(piles: &[(u64, Flag)]) -> u64 {
    piles.iter().fold(0, |acc, &(stones, _)| acc ^ stones)
}

/// A winning first move for Alice, moving first, if she has one; `None`
/// exactly when Bob wins.
///
/// The move leaves a Nim sum of 0 and only tame piles (see the crate
/// documentation).
///
/// # Example
/// ```
/// use parity_nim::{Flag, Move, winning_move};
/// // Plain Nim: X = 3 xor 5 = 6, and only the 5 has bit 4: 5 → 5 xor 6 = 3.
/// assert_eq!(winning_move(&[(3, Flag::Any), (5, Flag::Any)]), Some(Move { pile: 1, take: 2 }));
/// // One even-only pile, the rest XOR to 0: Alice must empty it at once.
/// assert_eq!(
///     winning_move(&[(6, Flag::Even), (2, Flag::Any), (2, Flag::Any)]),
///     Some(Move { pile: 0, take: 6 })
/// );
/// // Two wild piles: Bob wins.
/// assert_eq!(winning_move(&[(2, Flag::Even), (2, Flag::Odd)]), None);
/// ```
///
/// # Complexity
/// O(n).
pub fn winning_move(piles: &[(u64, Flag)]) -> Option<Move> {
    let mut summary = Summary::default();
    for (index, &(stones, flag)) in piles.iter().enumerate() {
        summary.add(index, stones, flag);
    }
    let total = summary.total;
    match (summary.wild, summary.first_wild) {
        (1, Some((pile, stones, flag))) => {
            taming_take(total, stones, flag).map(|take| Move { pile, take })
        }
        (0, _) if total != 0 => {
            // Plain Nim; the pile found is never a flag-2 pile (those are
            // empty when tame), and a tame flag-1 pile of one stone loses
            // that stone.
            piles
                .iter()
                .position(|&(stones, _)| stones ^ total < stones)
                .map(|pile| {
                    let stones = piles[pile].0;
                    Move {
                        pile,
                        take: stones - (stones ^ total),
                    }
                })
        }
        _ => None,
    }
}

/// The winner when Alice moves first (as in the problem).
///
/// # Example
/// ```
/// use parity_nim::{Flag, Player, winner};
/// assert_eq!(winner(&[(4, Flag::Odd), (1, Flag::Any)]), Player::Alice);
/// assert_eq!(winner(&[(3, Flag::Any)]), Player::Alice);
/// assert_eq!(winner(&[(1, Flag::Even)]), Player::Bob);
/// assert_eq!(winner(&[]), Player::Bob);
/// ```
///
/// # Complexity
/// O(n).
pub fn winner(piles: &[(u64, Flag)]) -> Player {
    winner_when(piles, Player::Alice)
}

/// The winner when `to_move` moves first.
///
/// Bob, moving first, wins iff the Nim sum is not 0 or some pile is wild
/// (Lemmas 1 and 2 of the crate documentation).
///
/// # Example
/// ```
/// use parity_nim::{Flag, Player, winner_when};
/// // X = 0 but Bob can make the flag-1 pile a lasting problem for Alice.
/// assert_eq!(winner_when(&[(2, Flag::Odd), (2, Flag::Any)], Player::Bob), Player::Bob);
/// assert_eq!(winner_when(&[(1, Flag::Odd), (1, Flag::Any)], Player::Bob), Player::Alice);
/// ```
///
/// # Complexity
/// O(n).
pub fn winner_when(piles: &[(u64, Flag)], to_move: Player) -> Player {
    let alice_wins = match to_move {
        Player::Alice => winning_move(piles).is_some(),
        Player::Bob => {
            nim_sum(piles) == 0 && piles.iter().all(|&(stones, flag)| is_tame(stones, flag))
        }
    };
    if alice_wins {
        Player::Alice
    } else {
        Player::Bob
    }
}

/// The judge function: reads the whole input, writes `Alice` or `Bob` per
/// case.
///
/// # Errors
/// [`JudgeError::Input`] on malformed input (including a flag other than 0,
/// 1 or 2), with nothing written for the broken case;
/// [`JudgeError::Output`] if `out` fails.
///
/// # Example
/// ```
/// let mut out = Vec::new();
/// parity_nim::solve(b"3\n2\n4 1\n1 0\n1\n3\n2\n1\n1\n2\n", &mut out).unwrap();
/// assert_eq!(out, b"Alice\nBob\nBob\n");
/// ```
///
/// # Complexity
/// O(size of the input); one buffer of piles, reused across cases.
pub fn solve<W: Write>(input: &[u8], out: &mut W) -> Result<(), JudgeError> {
    // The sizes are kept until their flags come; the flags are not.
    let mut sizes = Vec::new();
    FORMAT.judge(input, out, |tokens, n| {
        tokens.read_into(n, &mut sizes, read_size)?;
        let mut summary = Summary::default();
        for (index, &stones) in sizes.iter().enumerate() {
            summary.add(index, stones, read_flag(tokens)?);
        }
        Ok(summary.alice_wins())
    })
}

/// What decides the game when Alice moves first: the Nim sum and the wild
/// piles (see the crate documentation), gathered one pile at a time.
#[derive(Clone, Copy, Debug, Default)]
struct Summary {
    /// The Nim sum of the piles so far.
    total: u64,
    /// The number of wild piles so far.
    wild: usize,
    /// The first wild pile: its index, size and flag.
    first_wild: Option<(usize, u64, Flag)>,
}

impl Summary {
    /// Adds pile number `index`.
    #[inline]
    fn add(&mut self, index: usize, stones: u64, flag: Flag) {
        self.total ^= stones;
        if !is_tame(stones, flag) {
            self.wild += 1;
            if self.first_wild.is_none() {
                self.first_wild = Some((index, stones, flag));
            }
        }
    }

    /// Whether Alice, moving first, wins: [`winning_move`] finds a move.
    fn alice_wins(&self) -> bool {
        match (self.wild, self.first_wild) {
            (0, _) => self.total != 0,
            (1, Some((_, stones, flag))) => taming_take(self.total, stones, flag).is_some(),
            _ => false,
        }
    }
}

/// The move that leaves the one wild pile, of `stones` with `flag`, tame
/// and the Nim sum 0, if Alice may make it; `total` is the Nim sum of all
/// the piles.
fn taming_take(total: u64, stones: u64, flag: Flag) -> Option<u64> {
    // The pile must end at the XOR of the others, and tame.
    let target = total ^ stones;
    let take = stones.checked_sub(target).filter(|&t| t > 0)?;
    (is_tame(target, flag) && flag.allows(take)).then_some(take)
}

/// Reads every case and writes the winner that `alice_wins` finds; shared by
/// [`solve`], [`parse`] and the brute force, so all read the same format.
pub(crate) fn judge<W: Write>(
    input: &[u8],
    out: &mut W,
    mut alice_wins: impl FnMut(&[(u64, Flag)], &Tokens<'_>) -> Result<bool, InputError>,
) -> Result<(), JudgeError> {
    let mut piles = Vec::new();
    FORMAT.judge(input, out, |tokens, n| {
        tokens.read_into(n, &mut piles, |t| Ok((read_size(t)?, Flag::Any)))?;
        for pile in &mut piles {
            pile.1 = read_flag(tokens)?;
        }
        alice_wins(&piles, tokens)
    })
}

/// The input format: `T`, then per case `n`, the `n` sizes and the `n`
/// flags (read with [`read_size`] and [`read_flag`]); `Alice` when Alice,
/// moving first, wins.
const FORMAT: CasesOfItems<'static> = CasesOfItems {
    cases: Some(Count::any("the number of test cases T", 1)),
    // Each pile takes two tokens: its size and its flag.
    items: Count::any("the number of piles n", 2),
    answers: ["Alice", "Bob"],
};

/// Reads a pile size a_i.
#[inline]
fn read_size(tokens: &mut Tokens<'_>) -> Result<u64, InputError> {
    tokens.u64("a pile size a_i")
}

/// Reads a flag b_i.
#[inline]
fn read_flag(tokens: &mut Tokens<'_>) -> Result<Flag, InputError> {
    Ok(match tokens.u64_in("a flag b_i", 0..=2)? {
        0 => Flag::Any,
        1 => Flag::Odd,
        _ => Flag::Even,
    })
}

/// The test cases of a valid judge input, each the list of its piles as
/// (stones, flag).
///
/// # Errors
/// As [`solve`], on malformed input.
///
/// # Example
/// ```
/// use parity_nim::Flag;
/// let cases = parity_nim::parse(b"2 1 5 2 2 3 3 0 1").unwrap();
/// assert_eq!(cases, [vec![(5, Flag::Even)], vec![(3, Flag::Any), (3, Flag::Odd)]]);
/// ```
pub fn parse(input: &[u8]) -> Result<Vec<Vec<(u64, Flag)>>, InputError> {
    read_cases(|sink, record| {
        judge(input, sink, |piles, _| {
            record(piles);
            Ok(false)
        })
    })
}

/// The judge input of `cases` (each the list of its piles): the format
/// [`solve`] reads, with the sizes of a case on one line and its flags on
/// the next.
///
/// # Example
/// ```
/// use parity_nim::Flag;
/// let cases = [vec![(5, Flag::Even)], vec![(3, Flag::Any), (3, Flag::Odd)]];
/// assert_eq!(parity_nim::render(&cases), "2\n1\n5\n2\n2\n3 3\n0 1\n");
/// ```
pub fn render(cases: &[Vec<(u64, Flag)>]) -> String {
    let mut text = format!("{}\n", cases.len());
    for piles in cases {
        writeln!(text, "{}", piles.len()).expect("String write");
        for (i, &(stones, _)) in piles.iter().enumerate() {
            let sep = if i + 1 == piles.len() { "\n" } else { " " };
            write!(text, "{stones}{sep}").expect("String write");
        }
        for (i, &(_, flag)) in piles.iter().enumerate() {
            let sep = if i + 1 == piles.len() { "\n" } else { " " };
            write!(text, "{}{sep}", flag.code()).expect("String write");
        }
    }
    text
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn flags_round_trip_through_their_codes() {
        for flag in [Flag::Any, Flag::Odd, Flag::Even] {
            assert_eq!(Flag::from_code(u64::from(flag.code())), Some(flag));
        }
        assert_eq!(Flag::from_code(3), None);
        assert_eq!(Flag::from_code(u64::MAX), None);
    }

    #[test]
    fn the_largest_piles_do_not_overflow() {
        let max = u64::MAX;
        // Plain Nim.
        assert_eq!(winner(&[(max, Flag::Any), (max, Flag::Any)]), Player::Bob);
        assert_eq!(
            winning_move(&[(max, Flag::Any), (max - 1, Flag::Any)]),
            Some(Move { pile: 0, take: 1 })
        );
        // u64::MAX is odd: all of it is an odd take, never an even one.
        assert_eq!(
            winning_move(&[(max, Flag::Odd)]),
            Some(Move { pile: 0, take: max })
        );
        assert_eq!(winner(&[(max, Flag::Even)]), Player::Bob);
        assert_eq!(
            winning_move(&[(max - 1, Flag::Even)]),
            Some(Move {
                pile: 0,
                take: max - 1
            })
        );
        // Flag 1, even size, the others XOR to 1: leave one stone.
        assert_eq!(
            winning_move(&[(max - 1, Flag::Odd), (1, Flag::Any)]),
            Some(Move {
                pile: 0,
                take: max - 2
            })
        );
        // The others XOR to more than the wild pile holds.
        assert_eq!(winner(&[(2, Flag::Even), (max, Flag::Any)]), Player::Bob);
        assert_eq!(
            winner_when(&[(max, Flag::Any), (max, Flag::Odd)], Player::Bob),
            Player::Bob
        );
    }

    #[test]
    fn empty_piles_and_cases_are_fine() {
        assert_eq!(winner(&[]), Player::Bob);
        assert_eq!(winner(&[(0, Flag::Even), (0, Flag::Odd)]), Player::Bob);
        assert_eq!(winner_when(&[(0, Flag::Even)], Player::Bob), Player::Alice);
        assert_eq!(
            winning_move(&[(0, Flag::Even), (2, Flag::Even)]),
            Some(Move { pile: 1, take: 2 })
        );
        let mut out = Vec::new();
        solve(b"2 0 1 0 2", &mut out).expect("valid");
        assert_eq!(out, b"Bob\nBob\n");
    }

    #[test]
    fn bad_flags_are_rejected_with_their_place() {
        let error = solve(b"1\n2\n1 1\n0 3\n", &mut Vec::new()).expect_err("flag 3");
        assert_eq!(
            error.to_string(),
            "malformed input: test case 1, token 6 (line 4): expected a flag b_i, an integer in 0..=2, found \"3\""
        );
    }
}
