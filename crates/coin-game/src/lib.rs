//! A Coin Game: take from the top of a row, up to twice what the opponent
//! took last.
//!
//! Sources: USACO 2009 November Silver "A Coin Game" (`xoinc`); Luogu P2964.
//! The statement, with the judge's limits, is in this crate's `README.md`.
//!
//! # Rules
//! A row of N coins with values C_1..C_N lies face up, C_1 on top. Two
//! players alternately take coins from the top and keep them. The first move
//! takes 1 or 2 coins; after that, a player whose opponent just took k coins
//! takes between 1 and 2k coins (never more than are left). The game ends
//! when no coins remain. Both players maximise their own total.
//!
//! # Judge format
//! Input: `N`, then the N values C_1..C_N (one per line in the original; any
//! whitespace here). Output: the first player's total, one line. Judge
//! limits: 5 ≤ N ≤ 2000, 1 ≤ C_i ≤ 10^5, memory 20 MB.
//!
//! This crate accepts 1 ≤ N ≤ [`MAX_COINS`] (a game of one to four coins is
//! as well defined as a longer one; N = 0 is rejected, since the format is
//! about a row of coins and the judge never has an empty one) and any value
//! in `0..=u32::MAX`. Totals are `u64`: at most N · (2^32 − 1), which cannot
//! overflow. Larger N is rejected with exit status 2, because the table
//! grows as N²/4 cells (200 MB at N = 10^4).
//!
//! # Idea
//! Let s(r) be the sum of the last r coins and V(r, j) the most the player
//! to move can collect when r coins remain and he may take 1..=j of them.
//! Every coin ends up with one of the two players, so whatever the mover
//! does not get from the rest goes to him:
//!
//! V(0, j) = 0,  V(r, j) = max over 1 ≤ k ≤ min(j, r) of s(r) − V(r − k, 2k),
//!
//! and the answer is V(N, 2). (Proof: the mover picks k, collects the top k
//! coins, and the opponent then faces r − k coins with limit 2k and collects
//! V(r − k, 2k) of their s(r − k); the mover gets the rest, s(r) − V(r − k, 2k)
//! in all.) Three observations make this fast and small:
//!
//! 1. **A limit beyond the coins left means nothing**: V(r, j) = V(r, r)
//!    for j ≥ r. Only cells with j ≤ r are needed (the reachable half).
//! 2. **A running minimum**: V(r, j) = s(r) − min over k ≤ min(j, r) of
//!    V(r − k, 2k), and the minimum for j extends the one for j − 1 by one
//!    term. So a whole row r costs O(r), not O(r²): O(N²) in all instead of
//!    O(N³).
//! 3. **Only even limits occur**: after a take of k the limit is 2k, and
//!    the first limit is 2; capped at the coins left by (1), the cells ever
//!    read are those with j even or j = r. Row r keeps ⌈r/2⌉ cells (the
//!    limits 2, 4, … and r), ⌊(N + 1)²/4⌋ cells in all.
//!
//! At N = 2000 that is 1,001,000 cells of 8 bytes: 8,008,000 bytes, well
//! inside the original 20 MB (a full 2001 × 2001 table of `u64` would take
//! 32 MB; the half table of (1) 16 MB). The tests check the size, and check
//! the recurrence on every row of up to 9 coins of values 1..=3, and every
//! state of each, against an exhaustive game search.
//!
//! # Complexity
//! O(N²) time (N(N + 1)/2 steps of the running minimum), ⌊(N + 1)²/4⌋
//! `u64` cells of memory; no recursion.
//!
//! # Example
//! ```
//! use coin_game::CoinGame;
//! let game = CoinGame::new(&[1, 3, 1, 7, 2]);
//! assert_eq!(game.first_player_total(), 9);
//! // Taking 2 coins (1 + 3) lets the opponent take the other 3 (1 + 7 + 2):
//! // take 1, and whatever the opponent takes, the 7 stays within reach.
//! assert_eq!(game.best_first_take(), Some(1));
//! assert_eq!(coin_game::table_bytes(2000), 8_008_000);
//! ```

use cgt_judge::{InputError, JudgeError, Tokens};
use std::fmt::Write as _;
use std::io::Write;

/// The examples of this crate's `README.md`, run as doctests.
#[cfg(doctest)]
#[doc = include_str!("../README.md")]
pub struct ReadmeDoctests;

#[cfg(feature = "testkit")]
pub mod brute;
#[cfg(feature = "testkit")]
pub mod problem;

/// The most coins the judge function accepts: the table then holds
/// ⌊(N + 1)²/4⌋ = 25,005,000 cells (200 MB), computed in about 5 · 10^7 steps.
pub const MAX_COINS: usize = 10_000;

/// The number of cells the table of a row of `coins` coins holds,
/// ⌊(coins + 1)²/4⌋.
///
/// # Example
/// ```
/// assert_eq!(coin_game::table_cells(5), 9);
/// assert_eq!(coin_game::table_cells(2000), 1_001_000);
/// ```
///
/// # Panics
/// If the count overflows `usize` (more than about 2^32 coins on a 64-bit
/// machine).
pub fn table_cells(coins: usize) -> usize {
    let m = coins.checked_add(1).expect("table_cells: too many coins");
    // ⌊m²/4⌋ = ⌊m/2⌋ · ⌈m/2⌉.
    (m / 2)
        .checked_mul(m.div_ceil(2))
        .expect("table_cells: too many coins")
}

/// The bytes the table of a row of `coins` coins takes, 8 per cell: 8,008,000
/// at the judge's N = 2000.
///
/// # Panics
/// As [`table_cells`].
pub fn table_bytes(coins: usize) -> usize {
    table_cells(coins)
        .checked_mul(std::mem::size_of::<u64>())
        .expect("table_bytes: too many coins")
}

/// Where row `remaining` starts in the table: ⌊r²/4⌋ = Σ_{r' < r} ⌈r'/2⌉.
fn row_offset(remaining: usize) -> usize {
    (remaining / 2) * remaining.div_ceil(2)
}

/// V(remaining, limit) from the table, for a `limit` that is even or at
/// least `remaining` (the only ones the game produces).
fn value(cells: &[u64], remaining: usize, limit: usize) -> u64 {
    if remaining == 0 {
        return 0;
    }
    let j = limit.min(remaining);
    debug_assert!(
        j % 2 == 0 || j == remaining,
        "cell ({remaining}, {j}) is not kept"
    );
    cells[row_offset(remaining) + (j - 1) / 2]
}

/// A solved row of coins: the best total of the player to move from every
/// state of the game, and a best take.
///
/// A state is the number of coins taken so far (the next coin is
/// `coins[taken]`) and the most the player to move may take: 2 for the first
/// move, 2k after the opponent took k.
///
/// # Example
/// ```
/// use coin_game::CoinGame;
/// let game = CoinGame::new(&[5, 1, 1, 9]);
/// // Taking the 5 alone keeps the 9 out of the opponent's reach: he takes
/// // 1 + 1, and the 9 is the first player's.
/// assert_eq!(game.first_player_total(), 14);
/// assert_eq!(game.best_first_take(), Some(1));
/// // After the first player took 1 coin, the second may take up to 2.
/// assert_eq!(game.mover_total(1, 2), 2);
/// assert_eq!(game.best_take(1, 2), Some(2));
/// ```
#[derive(Clone, Debug)]
pub struct CoinGame {
    /// `suffix[r]`: the sum of the last r coins.
    suffix: Vec<u64>,
    /// V(r, j) for 1 ≤ r ≤ N and j ∈ {2, 4, …} ∪ {r}, j ≤ r, row by row.
    cells: Vec<u64>,
}

impl CoinGame {
    /// Solves the row `coins` (`coins[0]` on top).
    ///
    /// # Complexity
    /// O(N²) time, [`table_bytes`]`(N)` bytes for the table.
    ///
    /// # Panics
    /// As [`table_cells`], for rows of more than about 2^32 coins.
    pub fn new(coins: &[u32]) -> Self {
        let n = coins.len();
        let mut cells = vec![0_u64; table_cells(n)];
        let mut suffix = Vec::with_capacity(n + 1);
        let mut sum = 0_u64;
        suffix.push(sum);
        for &coin in coins.iter().rev() {
            // At most 2^32 coins of less than 2^32 each (table_cells checked).
            sum += u64::from(coin);
            suffix.push(sum);
        }
        for (r, &sum) in suffix.iter().enumerate().skip(1) {
            let row = row_offset(r);
            // The least the opponent can be held to, over the takes 1..=k.
            let mut least = u64::MAX;
            for k in 1..=r {
                least = least.min(value(&cells, r - k, 2 * k));
                if k % 2 == 0 || k == r {
                    // The opponent's V(r - k, 2k) ≤ s(r - k) ≤ s(r).
                    cells[row + (k - 1) / 2] = sum - least;
                }
            }
        }
        Self { suffix, cells }
    }

    /// The number of coins in the row.
    pub fn coins(&self) -> usize {
        self.suffix.len() - 1
    }

    /// The sum of all coins.
    pub fn total(&self) -> u64 {
        self.suffix[self.coins()]
    }

    /// The cells of the table: [`table_cells`]`(N)`.
    pub fn table_cells(&self) -> usize {
        self.cells.len()
    }

    /// The first player's total with best play on both sides: the judge's
    /// answer.
    ///
    /// # Complexity
    /// O(1).
    pub fn first_player_total(&self) -> u64 {
        value(&self.cells, self.coins(), 2)
    }

    /// A best first take (1 or 2 coins; the smaller if both are best), or
    /// `None` for an empty row.
    ///
    /// # Complexity
    /// O(1).
    pub fn best_first_take(&self) -> Option<usize> {
        self.best_take(0, 2)
    }

    /// The opponent's best total (the least the mover can hold him to) over
    /// the takes 1..=min(`max_take`, coins left), with the smallest take that
    /// reaches it.
    fn least_for_opponent(&self, taken: usize, max_take: usize) -> Option<(u64, usize)> {
        let n = self.coins();
        assert!(taken <= n, "{taken} coins taken from a row of {n}");
        let remaining = n - taken;
        if remaining == 0 {
            return None;
        }
        assert!(max_take > 0, "no take is allowed, but coins remain");
        (1..=max_take.min(remaining))
            .map(|k| (value(&self.cells, remaining - k, 2 * k), k))
            .min()
    }

    /// The most the player to move collects from here to the end, when
    /// `taken` coins are gone and he may take 1..=`max_take` coins.
    ///
    /// # Complexity
    /// O(min(`max_take`, coins left)).
    ///
    /// # Panics
    /// If `taken` exceeds the number of coins, or `max_take` is 0 while
    /// coins remain.
    pub fn mover_total(&self, taken: usize, max_take: usize) -> u64 {
        let remaining = self.coins() - taken.min(self.coins());
        match self.least_for_opponent(taken, max_take) {
            Some((least, _)) => self.suffix[remaining] - least,
            None => 0,
        }
    }

    /// A take that reaches [`mover_total`](Self::mover_total) (the smallest
    /// such), or `None` when no coins remain.
    ///
    /// # Complexity
    /// O(min(`max_take`, coins left)).
    ///
    /// # Panics
    /// As [`mover_total`](Self::mover_total).
    pub fn best_take(&self, taken: usize, max_take: usize) -> Option<usize> {
        self.least_for_opponent(taken, max_take).map(|(_, k)| k)
    }
}

/// The first player's total with best play on both sides.
///
/// # Example
/// ```
/// assert_eq!(coin_game::first_player_total(&[1, 3, 1, 7, 2]), 9);
/// assert_eq!(coin_game::first_player_total(&[4, 9]), 13);
/// ```
///
/// # Complexity
/// As [`CoinGame::new`].
pub fn first_player_total(coins: &[u32]) -> u64 {
    CoinGame::new(coins).first_player_total()
}

/// A best first take: 1 or 2 coins (the smaller if both are best), `None`
/// for an empty row.
///
/// # Example
/// ```
/// assert_eq!(coin_game::best_first_take(&[1, 3, 1, 7, 2]), Some(1));
/// assert_eq!(coin_game::best_first_take(&[4, 9]), Some(2));
/// ```
///
/// # Complexity
/// As [`CoinGame::new`].
pub fn best_first_take(coins: &[u32]) -> Option<usize> {
    CoinGame::new(coins).best_first_take()
}

/// The judge function: reads N and the coins, writes the first player's
/// total.
///
/// # Errors
/// [`JudgeError::Input`] on malformed input (including N = 0 or N >
/// [`MAX_COINS`]), with nothing written; [`JudgeError::Output`] if `out`
/// fails.
///
/// # Example
/// ```
/// let mut out = Vec::new();
/// coin_game::solve(b"5\n1\n3\n1\n7\n2\n", &mut out).unwrap();
/// assert_eq!(out, b"9\n");
/// ```
///
/// # Complexity
/// O(N²) time, [`table_bytes`]`(N)` bytes.
pub fn solve<W: Write>(input: &[u8], out: &mut W) -> Result<(), JudgeError> {
    judge(input, out, |coins, _| Ok(first_player_total(coins)))
}

/// Reads the input: N, then N coins. Shared by [`judge`] and [`parse`].
fn read(input: &[u8]) -> Result<(Vec<u32>, Tokens<'_>), InputError> {
    let mut tokens = Tokens::new(input);
    let n = tokens.count("the number of coins N", 1)?;
    if n == 0 {
        return Err(tokens.error_at_last("the number of coins N must be at least 1"));
    }
    if n > MAX_COINS {
        return Err(tokens.error_at_last(format!(
            "the number of coins N is {n}, but this solver accepts at most {MAX_COINS} \
             (its table grows as N²)"
        )));
    }
    let mut coins = Vec::new();
    tokens.read_into(n, &mut coins, |t| t.u32_in("a coin value", 0..=u32::MAX))?;
    tokens.finish()?;
    Ok((coins, tokens))
}

/// Reads the row and writes the total that `first_total` finds; shared by
/// [`solve`] and the brute force, so both read the same format.
pub(crate) fn judge<W: Write>(
    input: &[u8],
    out: &mut W,
    first_total: impl FnOnce(&[u32], &Tokens<'_>) -> Result<u64, InputError>,
) -> Result<(), JudgeError> {
    let (coins, tokens) = read(input)?;
    let total = first_total(&coins, &tokens)?;
    writeln!(out, "{total}")?;
    Ok(())
}

/// The row of a valid judge input, top coin first.
///
/// # Errors
/// As [`solve`], on malformed input.
///
/// # Example
/// ```
/// assert_eq!(coin_game::parse(b"5 1 3 1 7 2").unwrap(), [1, 3, 1, 7, 2]);
/// ```
pub fn parse(input: &[u8]) -> Result<Vec<u32>, InputError> {
    read(input).map(|(coins, _)| coins)
}

/// The judge input of the row `coins` (top first): the format [`solve`]
/// reads, one value per line.
///
/// # Example
/// ```
/// assert_eq!(coin_game::render(&[4, 9]), "2\n4\n9\n");
/// ```
pub fn render(coins: &[u32]) -> String {
    let mut text = format!("{}\n", coins.len());
    for coin in coins {
        writeln!(text, "{coin}").expect("String write");
    }
    text
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_table_meets_the_original_20_mb_limit() {
        assert_eq!(table_cells(2000), 1_001_000);
        assert_eq!(table_bytes(2000), 8_008_000);
        assert!(table_bytes(2000) < 20 * 1000 * 1000);
        let game = CoinGame::new(&vec![100_000; 2000]);
        assert_eq!(game.table_cells(), 1_001_000);
        // Row r keeps ⌈r/2⌉ cells.
        for n in 0..50 {
            assert_eq!(
                table_cells(n),
                (1..=n).map(|r| r.div_ceil(2)).sum::<usize>()
            );
            assert_eq!(row_offset(n + 1), table_cells(n));
        }
        assert_eq!(table_bytes(MAX_COINS), 200_040_000);
    }

    #[test]
    fn the_largest_values_do_not_overflow() {
        let max = u32::MAX;
        assert_eq!(first_player_total(&[max, max]), 2 * u64::from(max));
        let game = CoinGame::new(&vec![max; 2000]);
        assert_eq!(game.total(), 2000 * u64::from(max));
        assert!(game.first_player_total() <= game.total());
        let mut out = Vec::new();
        solve(b"2 4294967295 4294967295", &mut out).unwrap();
        assert_eq!(out, b"8589934590\n");
    }

    #[test]
    fn tiny_rows_by_hand() {
        assert_eq!(first_player_total(&[]), 0);
        assert_eq!(best_first_take(&[]), None);
        assert_eq!(first_player_total(&[7]), 7);
        assert_eq!(best_first_take(&[7]), Some(1));
        // Three equal coins: take 2, the opponent gets the last one.
        assert_eq!(first_player_total(&[1, 1, 1]), 2);
        assert_eq!(best_first_take(&[1, 1, 1]), Some(2));
        // Zeros are harmless; here the 5 is always within the opponent's reach.
        assert_eq!(first_player_total(&[0, 5]), 5);
        assert_eq!(first_player_total(&[0, 0, 5]), 0);
    }

    #[test]
    fn states_beyond_the_first_move() {
        let game = CoinGame::new(&[1, 3, 1, 7, 2]);
        assert_eq!(game.mover_total(5, 10), 0);
        assert_eq!(game.best_take(5, 10), None);
        // Four coins left and a limit of 4: take them all.
        assert_eq!(game.mover_total(1, 4), 13);
        assert_eq!(game.best_take(1, 4), Some(4));
        assert_eq!(game.mover_total(0, 2), game.first_player_total());
    }

    #[test]
    fn bad_counts_are_rejected() {
        let error = solve(b"0", &mut Vec::new()).unwrap_err().to_string();
        assert!(error.contains("at least 1"), "{error}");
        let big = format!("{} {}", MAX_COINS + 1, "1 ".repeat(MAX_COINS + 1));
        let error = solve(big.as_bytes(), &mut Vec::new())
            .unwrap_err()
            .to_string();
        assert!(error.contains("at most 10000"), "{error}");
    }
}
