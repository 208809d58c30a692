//! Dyadic rationals `m/2^k`: the numbers of short partizan games.
//!
//! Every short game that is a number is a dyadic rational (*Winning Ways*,
//! ch. 2; Siegel, *Combinatorial Game Theory*, II.3). [`Dyadic`] holds one
//! exactly, in lowest terms, with a 64-bit numerator and a denominator of at
//! most `2^62`; every operation is checked, so an overflow is `None`, never a
//! wrong value. Integers such as `10^12` are values like any other.

use std::cmp::Ordering;
use std::fmt;
use std::str::FromStr;

/// A dyadic rational `numerator / 2^exponent` in lowest terms.
///
/// # Example
/// ```
/// use cgt_core::dyadic::Dyadic;
/// let half = Dyadic::new(2, 2).expect("small exponent"); // 2/4
/// assert_eq!(half.to_string(), "1/2");
/// assert_eq!((half.numerator(), half.exponent()), (1, 1));
/// let sum = half.checked_add(Dyadic::integer(1_000_000_000_000)).expect("fits");
/// assert_eq!(sum.to_string(), "2000000000001/2");
/// assert!(Dyadic::integer(i64::MAX).checked_add(Dyadic::integer(1)).is_none());
/// assert_eq!("-5/8".parse::<Dyadic>(), Ok(Dyadic::new(-5, 3).expect("small")));
/// assert!(half < Dyadic::integer(1));
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Dyadic {
    numerator: i64,
    exponent: u32,
}

impl Dyadic {
    /// The largest exponent a [`Dyadic`] may have: denominators up to `2^62`.
    pub const MAX_EXPONENT: u32 = 62;

    /// Zero.
    pub const ZERO: Dyadic = Dyadic {
        numerator: 0,
        exponent: 0,
    };

    /// The integer `n`.
    pub fn integer(n: i64) -> Dyadic {
        Dyadic {
            numerator: n,
            exponent: 0,
        }
    }

    /// `numerator / 2^exponent`, reduced to lowest terms; `None` if the
    /// reduced exponent exceeds [`Dyadic::MAX_EXPONENT`].
    pub fn new(numerator: i64, exponent: u32) -> Option<Dyadic> {
        Self::from_wide(i128::from(numerator), exponent)
    }

    /// Reduces a wide numerator over `2^exponent`; `None` if it does not fit.
    fn from_wide(mut numerator: i128, mut exponent: u32) -> Option<Dyadic> {
        if numerator == 0 {
            return Some(Dyadic::ZERO);
        }
        let shift = numerator.trailing_zeros().min(exponent);
        numerator >>= shift;
        exponent -= shift;
        if exponent > Self::MAX_EXPONENT {
            return None;
        }
        Some(Dyadic {
            numerator: i64::try_from(numerator).ok()?,
            exponent,
        })
    }

    /// The numerator in lowest terms.
    pub fn numerator(self) -> i64 {
        self.numerator
    }

    /// The exponent of the denominator `2^exponent` in lowest terms; `0` for
    /// integers.
    pub fn exponent(self) -> u32 {
        self.exponent
    }

    /// Whether this is an integer.
    pub fn is_integer(self) -> bool {
        self.exponent == 0
    }

    /// The numerator over the common denominator `2^MAX_EXPONENT`.
    fn wide(self) -> i128 {
        i128::from(self.numerator) << (Self::MAX_EXPONENT - self.exponent)
    }

    /// `self + other`, or `None` on overflow.
    pub fn checked_add(self, other: Dyadic) -> Option<Dyadic> {
        let exponent = self.exponent.max(other.exponent);
        let a = i128::from(self.numerator) << (exponent - self.exponent);
        let b = i128::from(other.numerator) << (exponent - other.exponent);
        Self::from_wide(a + b, exponent)
    }

    /// `self - other`, or `None` on overflow.
    pub fn checked_sub(self, other: Dyadic) -> Option<Dyadic> {
        self.checked_add(other.checked_neg()?)
    }

    /// `-self`, or `None` on overflow (only for the numerator `i64::MIN`).
    pub fn checked_neg(self) -> Option<Dyadic> {
        Some(Dyadic {
            numerator: self.numerator.checked_neg()?,
            exponent: self.exponent,
        })
    }

    /// `self / 2`, or `None` if the denominator would exceed `2^62`.
    pub fn checked_half(self) -> Option<Dyadic> {
        Self::from_wide(i128::from(self.numerator), self.exponent + 1)
    }

    /// `self * n`, or `None` on overflow.
    pub fn checked_mul_int(self, n: i64) -> Option<Dyadic> {
        Self::from_wide(
            i128::from(self.numerator).checked_mul(i128::from(n))?,
            self.exponent,
        )
    }

    /// The largest integer not above `self`.
    pub fn floor(self) -> i64 {
        self.numerator >> self.exponent
    }

    /// The smallest integer not below `self`.
    pub fn ceil(self) -> i64 {
        let floor = self.floor();
        if self.is_integer() { floor } else { floor + 1 }
    }

    /// Whether this is below zero.
    pub fn is_negative(self) -> bool {
        self.numerator < 0
    }

    /// The simplest number strictly between `low` and `high` (an absent
    /// bound is unbounded): the one born first (Conway's simplicity rule).
    /// `None` if `low >= high` or the answer does not fit.
    ///
    /// # Example
    /// ```
    /// use cgt_core::dyadic::Dyadic;
    /// let d = |s: &str| s.parse::<Dyadic>().expect("valid");
    /// assert_eq!(Dyadic::simplest_between(Some(d("1/4")), Some(d("1"))), Some(d("1/2")));
    /// assert_eq!(Dyadic::simplest_between(Some(d("-3/2")), None), Some(d("0")));
    /// assert_eq!(Dyadic::simplest_between(Some(d("3")), None), Some(d("4")));
    /// assert_eq!(Dyadic::simplest_between(None, Some(d("-5/2"))), Some(d("-3")));
    /// ```
    pub fn simplest_between(low: Option<Dyadic>, high: Option<Dyadic>) -> Option<Dyadic> {
        if let (Some(l), Some(h)) = (low, high) {
            if l >= h {
                return None;
            }
        }
        let above_zero = low.is_some_and(|l| !l.is_negative());
        let below_zero = high.is_some_and(|h| h.numerator <= 0);
        if !above_zero && !below_zero {
            return Some(Dyadic::ZERO);
        }
        if below_zero {
            // Mirror onto the positive side.
            let mirrored =
                Self::simplest_between(high?.checked_neg(), low.and_then(|l| l.checked_neg()))?;
            return mirrored.checked_neg();
        }
        let low = low?;
        let integer = Dyadic::integer(low.floor().checked_add(1)?);
        if high.is_none_or(|h| integer < h) {
            return Some(integer);
        }
        let high = high?;
        for exponent in 1..=Self::MAX_EXPONENT {
            // The smallest multiple of 2^-exponent above low.
            let scaled = (i128::from(low.numerator) << exponent) >> low.exponent;
            let candidate = Self::from_wide(scaled + 1, exponent)?;
            if candidate < high {
                return Some(candidate);
            }
        }
        None
    }
}

impl Default for Dyadic {
    fn default() -> Self {
        Dyadic::ZERO
    }
}

impl PartialOrd for Dyadic {
    fn partial_cmp(&self, other: &Self) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}

impl Ord for Dyadic {
    fn cmp(&self, other: &Self) -> Ordering {
        self.wide().cmp(&other.wide())
    }
}

impl From<i64> for Dyadic {
    fn from(n: i64) -> Self {
        Dyadic::integer(n)
    }
}

impl fmt::Display for Dyadic {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.exponent == 0 {
            write!(f, "{}", self.numerator)
        } else {
            write!(f, "{}/{}", self.numerator, 1u64 << self.exponent)
        }
    }
}

/// Why a text is not a [`Dyadic`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ParseDyadicError(&'static str);

impl fmt::Display for ParseDyadicError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.0)
    }
}

impl std::error::Error for ParseDyadicError {}

impl FromStr for Dyadic {
    type Err = ParseDyadicError;

    /// Reads `n` or `n/d` (an optional `-`, decimal digits, `d` a power of
    /// two), as written by `Display`.
    fn from_str(text: &str) -> Result<Self, Self::Err> {
        let (negative, rest) = match text.strip_prefix('-') {
            Some(rest) => (true, rest),
            None => (false, text),
        };
        let (numerator, denominator) = match rest.split_once('/') {
            Some((n, d)) => (n, Some(d)),
            None => (rest, None),
        };
        let digits = |s: &str| !s.is_empty() && s.bytes().all(|b| b.is_ascii_digit());
        if !digits(numerator) || !denominator.is_none_or(digits) {
            return Err(ParseDyadicError("expected a number such as 3, -1/2 or 5/8"));
        }
        let overflow = ParseDyadicError("the number does not fit in 64 bits");
        let mut n: i128 = numerator
            .parse::<i64>()
            .map_err(|_| overflow.clone())?
            .into();
        if negative {
            n = -n;
        }
        let exponent = match denominator {
            None => 0,
            Some(d) => {
                let d: u64 = d.parse().map_err(|_| overflow.clone())?;
                if !d.is_power_of_two() {
                    return Err(ParseDyadicError("the denominator must be a power of two"));
                }
                d.trailing_zeros()
            }
        };
        Self::from_wide(n, exponent).ok_or(overflow)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn all_small() -> Vec<Dyadic> {
        let mut out = Vec::new();
        for exponent in 0..4 {
            for numerator in -40..=40 {
                out.push(Dyadic::new(numerator, exponent).expect("small"));
            }
        }
        out.sort();
        out.dedup();
        out
    }

    #[test]
    fn arithmetic_matches_rationals() {
        let to_f = |d: Dyadic| d.numerator() as f64 / (1u64 << d.exponent()) as f64;
        for &a in &all_small() {
            for &b in &all_small() {
                let sum = a.checked_add(b).expect("small");
                assert_eq!(to_f(sum), to_f(a) + to_f(b));
                assert_eq!(a.cmp(&b), to_f(a).partial_cmp(&to_f(b)).expect("finite"));
                assert!(sum.exponent() == 0 || sum.numerator() % 2 != 0);
            }
        }
    }

    #[test]
    fn simplest_number_is_born_first() {
        // Birthday of a dyadic: brute force over the numbers born by day 7.
        let birthday = |d: Dyadic| -> u64 {
            let a = d.numerator().unsigned_abs();
            match d.exponent() {
                0 => a,
                e => (a >> e) + u64::from(e) + 1,
            }
        };
        let numbers = all_small();
        let bounds: Vec<Option<Dyadic>> = numbers.iter().copied().map(Some).chain([None]).collect();
        for &low in &bounds {
            for &high in &bounds {
                let inside: Vec<Dyadic> = numbers
                    .iter()
                    .copied()
                    .filter(|&x| low.is_none_or(|l| l < x) && high.is_none_or(|h| x < h))
                    .collect();
                let got = Dyadic::simplest_between(low, high);
                match got {
                    None => assert!(matches!((low, high), (Some(l), Some(h)) if l >= h)),
                    Some(x) => {
                        assert!(low.is_none_or(|l| l < x) && high.is_none_or(|h| x < h));
                        if x.floor().abs() < 30 {
                            for y in inside {
                                assert!(birthday(y) > birthday(x) || y == x, "{low:?} {high:?}");
                            }
                        }
                    }
                }
            }
        }
    }

    #[test]
    fn overflow_is_none() {
        let big = Dyadic::integer(i64::MAX);
        assert_eq!(big.checked_add(Dyadic::integer(1)), None);
        assert_eq!(Dyadic::integer(i64::MIN).checked_neg(), None);
        assert_eq!(Dyadic::new(1, 63), None);
        assert_eq!(
            Dyadic::new(1, 62).expect("max exponent").checked_half(),
            None
        );
        assert!("99999999999999999999".parse::<Dyadic>().is_err());
        assert!("1/3".parse::<Dyadic>().is_err());
        let t = Dyadic::integer(1_000_000_000_000);
        assert_eq!(t.checked_sub(t), Some(Dyadic::ZERO));
    }
}
