//! Wythoff's game, in exact integer arithmetic.
//!
//! Two piles; a move takes any positive number of stones from one pile, or
//! the same positive number from both; whoever takes the last stone wins.
//! The losing positions for the player to move (P-positions) are the pairs
//! `{⌊nφ⌋, ⌊nφ²⌋}` for n ≥ 0, φ = (1 + √5)/2 (Wythoff, "A modification of the
//! game of Nim", 1907; *Winning Ways*, ch. 3). The two Beatty sequences
//! `⌊nφ⌋` (lower) and `⌊nφ²⌋ = ⌊nφ⌋ + n` (upper) split the positive integers.
//!
//! No floating point: a `f64` value of nφ is off by tens near 10^18, and even
//! 80-bit `long double` misjudges d = F(85). Here `⌊n(√5 − 2)⌋` is the largest
//! y with `y(y + 4n) ≤ n²` (square `y + 2n ≤ n√5`), found from a 64-bit fixed
//! point guess and one exact correction in `u128`; then
//! `⌊nφ⌋ = ⌊(3n + ⌊n(√5 − 2)⌋) / 2⌋`. Every `u64` works.
//!
//! # Example
//! ```
//! use cgt_core::wythoff::{is_p_position, p_position, winning_moves};
//! assert_eq!(p_position(2), Some((3, 5)));
//! assert!(is_p_position(4, 7) && !is_p_position(4, 8));
//! // From (5, 7): take 1 from the first pile, 4 from the second, or 2 from both.
//! assert_eq!(winning_moves(5, 7), [(4, 7), (5, 3), (3, 5)]);
//! // d = F(85): a long double gets this one wrong.
//! let d = 259_695_496_911_122_585;
//! let (a, b) = p_position(d).unwrap();
//! assert_eq!(a, 420_196_140_727_489_673);
//! assert!(is_p_position(a, b) && !is_p_position(a + 1, b + 1) && !is_p_position(a - 1, b - 1));
//! ```

/// `⌊(√5 − 2) · 2^64⌋`, the fixed-point guess's factor.
const SQRT5_MINUS_2_Q64: u64 = 4_354_685_564_936_845_355;

/// `⌊n(√5 − 2)⌋`: the largest y with `y(y + 4n) ≤ n²`.
fn floor_sqrt5_minus_2_times(n: u64) -> u64 {
    let wide = u128::from(n);
    // The guess is at most 1 below: the factor's error is below 2^-64.
    let mut y = ((wide * u128::from(SQRT5_MINUS_2_Q64)) >> 64) as u64;
    let fits = |y: u64| {
        let y = u128::from(y);
        (y + 4 * wide)
            .checked_mul(y)
            .is_some_and(|lhs| lhs <= wide * wide)
    };
    while fits(y + 1) {
        y += 1;
    }
    y
}

/// The lower Wythoff number `⌊nφ⌋` (the smaller pile of the n-th
/// P-position).
///
/// # Example
/// ```
/// use cgt_core::wythoff::lower;
/// let values: Vec<u128> = (0..8).map(lower).collect();
/// assert_eq!(values, [0, 1, 3, 4, 6, 8, 9, 11]);
/// // F(40)·φ is 1e-8 below F(41) = 165580141: a `double` rounds it up.
/// assert_eq!(lower(102_334_155), 165_580_140);
/// ```
///
/// # Complexity
/// O(1): two 128-bit products, one or two squares.
pub fn lower(n: u64) -> u128 {
    (3 * u128::from(n) + u128::from(floor_sqrt5_minus_2_times(n))) / 2
}

/// The upper Wythoff number `⌊nφ²⌋ = ⌊nφ⌋ + n` (the larger pile of the n-th
/// P-position).
///
/// # Example
/// ```
/// use cgt_core::wythoff::upper;
/// let values: Vec<u128> = (0..6).map(upper).collect();
/// assert_eq!(values, [0, 2, 5, 7, 10, 13]);
/// ```
///
/// # Complexity
/// O(1).
pub fn upper(n: u64) -> u128 {
    lower(n) + u128::from(n)
}

/// The n-th P-position `(⌊nφ⌋, ⌊nφ²⌋)`, or `None` if its larger pile does
/// not fit in a `u64`.
///
/// # Example
/// ```
/// use cgt_core::wythoff::p_position;
/// assert_eq!(p_position(0), Some((0, 0)));
/// assert_eq!(p_position(3), Some((4, 7)));
/// assert_eq!(p_position(u64::MAX), None);
/// ```
///
/// # Complexity
/// O(1).
pub fn p_position(n: u64) -> Option<(u64, u64)> {
    let a = u64::try_from(lower(n)).ok()?;
    let b = u64::try_from(upper(n)).ok()?;
    Some((a, b))
}

/// `⌊x/φ⌋ = ⌊(x + ⌊x(√5 − 2)⌋) / 2⌋`, since `1/φ = ((√5 − 2) + 1)/2`.
fn floor_over_phi(x: u64) -> u64 {
    ((u128::from(x) + u128::from(floor_sqrt5_minus_2_times(x))) / 2) as u64
}

/// The other pile of the P-position that has a pile of `x` stones: every
/// x ≥ 1 is exactly one of a lower or an upper Wythoff number, and 0 pairs
/// with 0. A `u128`: the partner of a large lower number may exceed `u64`.
///
/// If x = ⌊nφ⌋ then n = ⌊x/φ⌋ + 1; otherwise x = ⌊nφ²⌋ with n = x − ⌊x/φ⌋,
/// and the partner is x − n.
///
/// # Example
/// ```
/// use cgt_core::wythoff::partner;
/// assert_eq!(partner(0), 0);
/// assert_eq!(partner(3), 5);
/// assert_eq!(partner(5), 3);
/// assert_eq!(partner(2), 1);
/// ```
///
/// # Complexity
/// O(1).
pub fn partner(x: u64) -> u128 {
    if x == 0 {
        return 0;
    }
    let below = floor_over_phi(x);
    let n = below + 1;
    if lower(n) == u128::from(x) {
        u128::from(x) + u128::from(n)
    } else {
        // x = ⌊nφ²⌋ with n = x − ⌊x/φ⌋: the partner x − n is ⌊x/φ⌋.
        u128::from(below)
    }
}

/// Whether `(a, b)` (in either order) is a loss for the player to move.
///
/// # Example
/// ```
/// use cgt_core::wythoff::is_p_position;
/// assert!(is_p_position(0, 0) && is_p_position(2, 1) && is_p_position(7, 4));
/// assert!(!is_p_position(8, 4));
/// ```
///
/// # Complexity
/// O(1).
pub fn is_p_position(a: u64, b: u64) -> bool {
    let (a, b) = (a.min(b), a.max(b));
    lower(b - a) == u128::from(a)
}

/// Every winning move from `(a, b)`: the P-positions one move away, as the
/// piles `(a', b')` in the same order, at most three (one per kind: from the
/// first pile, from the second, from both). Empty if `(a, b)` is a
/// P-position.
///
/// # Example
/// ```
/// use cgt_core::wythoff::winning_moves;
/// assert_eq!(winning_moves(1, 2), []);
/// assert_eq!(winning_moves(5, 0), [(0, 0)]);
/// assert_eq!(winning_moves(4, 8), [(4, 7)]);
/// assert_eq!(winning_moves(7, 7), [(4, 7), (7, 4), (0, 0)]);
/// ```
///
/// # Complexity
/// O(1).
pub fn winning_moves(a: u64, b: u64) -> Vec<(u64, u64)> {
    let mut moves = Vec::new();
    if is_p_position(a, b) {
        return moves;
    }
    // Take from the first pile: to the partner of b.
    if partner(b) < u128::from(a) {
        moves.push((partner(b) as u64, b));
    }
    if partner(a) < u128::from(b) {
        moves.push((a, partner(a) as u64));
    }
    // Take the same from both: the P-position with the same difference.
    let (low, high) = (a.min(b), a.max(b));
    let target = lower(high - low);
    if target < u128::from(low) {
        let take = low - target as u64;
        moves.push((a - take, b - take));
    }
    moves
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::impartial::{GrundyMemo, ImpartialGame};

    /// Wythoff's game from its rules.
    struct Wythoff;

    impl ImpartialGame for Wythoff {
        type Position = (u64, u64);
        fn options(&self, &(a, b): &(u64, u64), out: &mut Vec<(u64, u64)>) {
            out.extend((0..a).map(|x| (x, b)));
            out.extend((0..b).map(|y| (a, y)));
            out.extend((1..=a.min(b)).map(|k| (a - k, b - k)));
        }
    }

    #[test]
    fn p_positions_and_winning_moves_match_the_game_up_to_80() {
        let mut memo = GrundyMemo::new(Wythoff);
        for a in 0..=80 {
            for b in 0..=80 {
                let lost = !memo.mover_wins(&(a, b));
                assert_eq!(is_p_position(a, b), lost, "({a}, {b})");
                let mut expected: Vec<(u64, u64)> = Vec::new();
                let mut options = Vec::new();
                Wythoff.options(&(a, b), &mut options);
                for o in options {
                    if !memo.mover_wins(&o) {
                        expected.push(o);
                    }
                }
                let mut moves = winning_moves(a, b);
                moves.sort_unstable();
                expected.sort_unstable();
                assert_eq!(moves, expected, "winning moves from ({a}, {b})");
            }
        }
    }

    #[test]
    fn partners_pair_the_p_positions() {
        for n in 0..10_000 {
            let (a, b) = p_position(n).expect("small");
            assert_eq!(partner(a), u128::from(b), "n = {n}");
            assert_eq!(partner(b), u128::from(a), "n = {n}");
        }
    }

    #[test]
    fn lower_agrees_with_the_exact_square_root() {
        // ⌊nφ⌋ = ⌊(n + ⌊√(5n²)⌋) / 2⌋ where 5n² fits in u128.
        let mut n: u64 = 1;
        let mut values: Vec<u64> = (0..5000).collect();
        while n < 1 << 62 {
            values.extend([n - 1, n, n + 1, n * 3 + 1, (1 << 62) / n]);
            n += n / 3 + 1;
        }
        let (mut f, mut g) = (1_u64, 2_u64);
        while g < 1 << 62 {
            values.extend([g - 1, g, g + 1, f + g]);
            (f, g) = (g, f + g);
        }
        for n in values.into_iter().filter(|&n| n < 1 << 62) {
            let wide = u128::from(n);
            let expected = (wide + (5 * wide * wide).isqrt()) / 2;
            assert_eq!(lower(n), expected, "n = {n}");
        }
    }

    #[test]
    fn the_largest_values_stay_exact() {
        // Beatty complement: near u64::MAX every x is lower xor upper, and
        // partner(x) inverts.
        for x in (u64::MAX - 2000..=u64::MAX)
            .chain(1_000_000_000_000_000_000 - 1000..=1_000_000_000_000_000_000)
        {
            let y = partner(x);
            let n = if y > u128::from(x) {
                y - u128::from(x)
            } else {
                u128::from(x) - y
            };
            let n = u64::try_from(n).expect("n < x");
            let (low, high) = (u128::from(x).min(y), u128::from(x).max(y));
            assert_eq!((lower(n), upper(n)), (low, high), "x = {x}");
        }
        assert_eq!(p_position(u64::MAX), None);
        // F(85) from the issue: the P-position with d = F(85) is (F(86), F(87)).
        assert_eq!(
            p_position(259_695_496_911_122_585),
            Some((420_196_140_727_489_673, 679_891_637_638_612_258))
        );
    }
}
