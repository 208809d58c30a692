//! Nimbers: the values of impartial games.
//!
//! Every impartial game under normal play is equivalent to a Nim heap `*n`
//! (Sprague 1935, Grundy 1939); `n` is its Grundy value. Nimbers add by XOR:
//! `*a + *b = *(a ^ b)`, every nimber is its own negative, and a game is a
//! loss for the player to move exactly when its nimber is `0`
//! (*Winning Ways*, ch. 2 and 4; Siegel, *Combinatorial Game Theory*, II.2).

use std::fmt;
use std::iter::Sum;
use std::ops::{Add, AddAssign};

/// A nimber `*n`: the Grundy value of an impartial game.
///
/// # Example
/// ```
/// use cgt_core::nimber::Nimber;
/// let sum = Nimber(3) + Nimber(5);
/// assert_eq!(sum, Nimber(6));
/// assert_eq!(sum.to_string(), "*6");
/// assert_eq!((Nimber(1) + Nimber(1)).to_string(), "0");
/// assert_eq!(Nimber(1).to_string(), "*");
/// let total: Nimber = [1, 2, 3].into_iter().map(Nimber).sum();
/// assert!(total.is_zero()); // Nim heaps 1, 2, 3: a loss for the mover
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Nimber(pub u64);

impl Nimber {
    /// The nimber `0`: a loss for the player to move.
    pub const ZERO: Nimber = Nimber(0);

    /// The `n` of `*n`.
    pub fn value(self) -> u64 {
        self.0
    }

    /// Whether this is `0`, a loss for the player to move.
    pub fn is_zero(self) -> bool {
        self.0 == 0
    }
}

impl From<u64> for Nimber {
    fn from(n: u64) -> Self {
        Nimber(n)
    }
}

/// Nim-addition: the XOR of the values.
#[allow(clippy::suspicious_arithmetic_impl)]
impl Add for Nimber {
    type Output = Nimber;

    fn add(self, other: Nimber) -> Nimber {
        Nimber(self.0 ^ other.0)
    }
}

#[allow(clippy::suspicious_op_assign_impl)]
impl AddAssign for Nimber {
    fn add_assign(&mut self, other: Nimber) {
        self.0 ^= other.0;
    }
}

impl Sum for Nimber {
    fn sum<I: Iterator<Item = Nimber>>(iter: I) -> Nimber {
        iter.fold(Nimber::ZERO, Add::add)
    }
}

/// `0`, `*` (for `*1`), `*2`, `*3`, … as in *Winning Ways* and CGSuite.
impl fmt::Display for Nimber {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.0 {
            0 => f.write_str("0"),
            1 => f.write_str("*"),
            n => write!(f, "*{n}"),
        }
    }
}

/// Which component of a disjunctive sum to move in, and to what value, to
/// leave the opponent a sum of value `0`.
///
/// `values[i]` is the nimber of component i. The answer is the first
/// component whose value `v` exceeds `v + total` (its highest bit is set in
/// the total), with that smaller target value; `None` if the sum is already
/// `0` (every move loses).
///
/// # Example
/// Nim heaps 3, 4, 5 (total `*2`): bring the 3 down to 1.
/// ```
/// use cgt_core::nimber::{winning_component, Nimber};
/// let heaps = [Nimber(3), Nimber(4), Nimber(5)];
/// assert_eq!(winning_component(&heaps), Some((0, Nimber(1))));
/// assert_eq!(winning_component(&[Nimber(2), Nimber(2)]), None);
/// ```
///
/// # Complexity
/// O(k) for k components.
pub fn winning_component(values: &[Nimber]) -> Option<(usize, Nimber)> {
    let total: Nimber = values.iter().copied().sum();
    if total.is_zero() {
        return None;
    }
    values
        .iter()
        .position(|&v| (v + total) < v)
        .map(|i| (i, values[i] + total))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_winning_component_exists_exactly_when_the_sum_is_not_zero() {
        for a in 0..8 {
            for b in 0..8 {
                for c in 0..8 {
                    let values = [Nimber(a), Nimber(b), Nimber(c)];
                    match winning_component(&values) {
                        None => assert_eq!(a ^ b ^ c, 0),
                        Some((i, target)) => {
                            assert!(target < values[i]);
                            let mut after = values;
                            after[i] = target;
                            assert!(after.iter().copied().sum::<Nimber>().is_zero());
                        }
                    }
                }
            }
        }
    }
}
