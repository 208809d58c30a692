//! Fibonacci Nim: one pile, take at most twice the opponent's last take.
//!
//! A position is `(n, quota)`: n stones left, and the player to move may
//! take from 1 to `quota` of them (at most n); after taking t the opponent's
//! quota is 2t. Whoever takes the last stone wins. In the classic game the
//! first move may take anything but the whole pile (quota n − 1).
//!
//! Every n ≥ 1 is uniquely a sum of non-consecutive Fibonacci numbers
//! 1, 2, 3, 5, 8, … (Zeckendorf 1972, Lekkerkerker 1952). The player to
//! move wins `(n, quota)` iff the smallest term of that sum is at most the
//! quota, and taking exactly that term wins (Whinihan, "Fibonacci Nim",
//! *Fibonacci Quarterly* 1963): the next term is more than twice as large,
//! so the opponent cannot reach it and must break it up, and no move from a
//! smallest term above the quota keeps it above twice the take. So the
//! classic game is lost for the first player exactly when n is a Fibonacci
//! number.
//!
//! # Example
//! ```
//! use cgt_core::fibonacci_nim::{mover_wins, winning_move, zeckendorf};
//! assert_eq!(zeckendorf(100), [89, 8, 3]);
//! // 100 stones, first move (anything but all): take 3.
//! assert_eq!(winning_move(100, 99), Some(3));
//! assert!(!mover_wins(13, 12)); // 13 is a Fibonacci number
//! assert!(!mover_wins(100, 2)); // the smallest term 3 is above the quota
//! ```

/// The Fibonacci numbers 1, 2, 3, 5, …, up to the largest below 2^64
/// (F(93) = 12200160415121876738): the terms of Zeckendorf sums.
pub const FIBONACCI: [u64; 92] = {
    let mut table = [0; 92];
    table[0] = 1;
    table[1] = 2;
    let mut i = 2;
    while i < 92 {
        table[i] = table[i - 1] + table[i - 2];
        i += 1;
    }
    table
};

/// Whether `n` is a Fibonacci number (1, 2, 3, 5, 8, …).
///
/// # Example
/// ```
/// use cgt_core::fibonacci_nim::is_fibonacci;
/// assert!(is_fibonacci(13) && is_fibonacci(679_891_637_638_612_258));
/// assert!(!is_fibonacci(0) && !is_fibonacci(10_000));
/// ```
///
/// # Complexity
/// O(1): at most two Fibonacci numbers have the bit length of n (φ² > 2),
/// so one table row by bit length holds the candidates.
pub fn is_fibonacci(n: u64) -> bool {
    let row = FIBONACCI_BY_BIT_LENGTH[(u64::BITS - n.leading_zeros()) as usize];
    n != 0 && (row[0] == n || row[1] == n)
}

/// The Fibonacci numbers of each bit length, at most two (0 where fewer).
const FIBONACCI_BY_BIT_LENGTH: [[u64; 2]; 65] = {
    let mut rows = [[0; 2]; 65];
    let mut i = 0;
    while i < FIBONACCI.len() {
        let f = FIBONACCI[i];
        let bits = (u64::BITS - f.leading_zeros()) as usize;
        let slot = if rows[bits][0] == 0 { 0 } else { 1 };
        rows[bits][slot] = f;
        i += 1;
    }
    rows
};

/// The Zeckendorf representation of `n`: the non-consecutive Fibonacci
/// numbers that add up to n, largest first (empty for 0), by the greedy
/// choice of the largest Fibonacci number that fits.
///
/// # Example
/// ```
/// use cgt_core::fibonacci_nim::zeckendorf;
/// assert_eq!(zeckendorf(0), []);
/// assert_eq!(zeckendorf(12), [8, 3, 1]);
/// assert_eq!(zeckendorf(10_000), [6765, 2584, 610, 34, 5, 2]);
/// ```
///
/// # Complexity
/// O(log n).
pub fn zeckendorf(n: u64) -> Vec<u64> {
    let mut terms = Vec::new();
    let mut rest = n;
    for &f in FIBONACCI.iter().rev() {
        if f <= rest {
            terms.push(f);
            rest -= f;
        }
    }
    terms
}

/// The smallest term of the Zeckendorf representation of `n` (0 for 0).
///
/// # Example
/// ```
/// use cgt_core::fibonacci_nim::smallest_term;
/// assert_eq!(smallest_term(100), 3);
/// assert_eq!(smallest_term(89), 89);
/// ```
///
/// # Complexity
/// O(log n).
pub fn smallest_term(n: u64) -> u64 {
    let mut rest = n;
    let mut smallest = 0;
    for &f in FIBONACCI.iter().rev() {
        if f <= rest {
            smallest = f;
            rest -= f;
        }
    }
    smallest
}

/// Whether the player to move wins with `n` stones left and `quota` the
/// most they may take: iff n > 0 and the smallest Zeckendorf term of n is at
/// most the quota.
///
/// # Example
/// ```
/// use cgt_core::fibonacci_nim::mover_wins;
/// assert!(!mover_wins(0, 5)); // the opponent took the last stone
/// assert!(mover_wins(4, 1) && !mover_wins(4, 0));
/// assert!(!mover_wins(2, 1) && mover_wins(10_000, 9_999));
/// ```
///
/// # Complexity
/// O(log n).
pub fn mover_wins(n: u64, quota: u64) -> bool {
    n > 0 && smallest_term(n) <= quota
}

/// A winning move: how many stones to take (the smallest Zeckendorf term of
/// `n`), or `None` if the player to move loses.
///
/// # Example
/// ```
/// use cgt_core::fibonacci_nim::winning_move;
/// assert_eq!(winning_move(100, 99), Some(3));
/// assert_eq!(winning_move(8, 8), Some(8)); // take them all
/// assert_eq!(winning_move(8, 7), None);
/// ```
///
/// # Complexity
/// O(log n).
pub fn winning_move(n: u64, quota: u64) -> Option<u64> {
    let take = smallest_term(n);
    (n > 0 && take <= quota).then_some(take)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::impartial::{GrundyMemo, ImpartialGame};

    /// The game from its rules: `(stones, quota)`, the quota capped at the
    /// stones (a larger one allows nothing more).
    struct Rules;

    impl ImpartialGame for Rules {
        type Position = (u64, u64);
        fn options(&self, &(n, quota): &(u64, u64), out: &mut Vec<(u64, u64)>) {
            out.extend((1..=quota.min(n)).map(|t| (n - t, (2 * t).min(n - t))));
        }
    }

    #[test]
    fn the_winner_and_the_winning_move_match_the_game_up_to_150() {
        let mut memo = GrundyMemo::new(Rules);
        for n in 0..=150 {
            for quota in 0..=n {
                let wins = memo.mover_wins(&(n, quota));
                assert_eq!(mover_wins(n, quota), wins, "({n}, {quota})");
                match winning_move(n, quota) {
                    None => assert!(!wins, "({n}, {quota}) has no move returned"),
                    Some(t) => {
                        assert!((1..=quota.min(n)).contains(&t), "({n}, {quota}) take {t}");
                        let next = (n - t, (2 * t).min(n - t));
                        assert!(!memo.mover_wins(&next), "({n}, {quota}) take {t}");
                    }
                }
            }
        }
    }

    #[test]
    fn zeckendorf_sums_are_unique_non_consecutive_and_exact() {
        for n in (0..20_000).chain(u64::MAX - 1000..=u64::MAX) {
            let terms = zeckendorf(n);
            assert_eq!(terms.iter().sum::<u64>(), n);
            let indexes: Vec<usize> = terms
                .iter()
                .map(|t| FIBONACCI.binary_search(t).expect("a Fibonacci number"))
                .collect();
            assert!(
                indexes.windows(2).all(|w| w[0] >= w[1] + 2),
                "{n}: {terms:?}"
            );
            assert_eq!(smallest_term(n), terms.last().copied().unwrap_or(0));
        }
        assert_eq!(FIBONACCI[91], 12_200_160_415_121_876_738);
        for n in (0..100_000).chain(FIBONACCI.iter().flat_map(|&f| [f - 1, f, f + 1])) {
            assert_eq!(is_fibonacci(n), FIBONACCI.binary_search(&n).is_ok(), "{n}");
        }
        assert!(!is_fibonacci(u64::MAX));
        assert!(FIBONACCI[91].checked_add(FIBONACCI[90]).is_none());
    }
}
