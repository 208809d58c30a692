//! Shrinking failing inputs: the measure every candidate must decrease, and
//! the list of candidates a problem crate's `shrink` returns.
//!
//! `cargo xtask stress` repeatedly replaces a failing input with the first of
//! its candidates that still fails. It ends because every candidate is
//! strictly smaller by [`Measure`]: fewer tokens, or as many tokens with a
//! smaller sum of values. [`Candidates`] enforces that, drops duplicates and
//! keeps the list short.

use std::cmp::Ordering;

/// The size of an input: its number of tokens, then the sum of its numeric
/// tokens (of any length; other tokens count 0).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Measure {
    tokens: usize,
    /// The sum's decimal digits, most significant first, no leading zeros.
    sum: Vec<u8>,
}

impl Ord for Measure {
    fn cmp(&self, other: &Self) -> Ordering {
        self.tokens
            .cmp(&other.tokens)
            .then(self.sum.len().cmp(&other.sum.len()))
            .then(self.sum.cmp(&other.sum))
    }
}

impl PartialOrd for Measure {
    fn partial_cmp(&self, other: &Self) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}

/// The [`Measure`] of `input`.
///
/// # Example
/// ```
/// use cgt_core::shrink::measure;
/// assert!(measure("1\n2\n3 3\n") < measure("1\n2\n3 4\n"));
/// assert!(measure("9 9 9") < measure("1 1 1 1"));
/// let huge = "9".repeat(60);
/// assert!(measure(&format!("1 {huge}")) > measure(&format!("1 0{}", &huge[1..])));
/// ```
///
/// # Complexity
/// O(length of the input × digits of the sum).
pub fn measure(input: &str) -> Measure {
    // Little-endian digits while adding.
    let mut sum: Vec<u8> = Vec::new();
    let mut tokens = 0;
    for token in input.split_ascii_whitespace() {
        tokens += 1;
        if !token.bytes().all(|b| b.is_ascii_digit()) {
            continue;
        }
        let mut carry = 0;
        let digits = token.bytes().rev().map(|b| b - b'0');
        let mut digits = digits.peekable();
        let mut place = 0;
        while digits.peek().is_some() || carry > 0 {
            let add = digits.next().unwrap_or(0) + carry;
            if place == sum.len() {
                sum.push(0);
            }
            let total = sum[place] + add;
            sum[place] = total % 10;
            carry = total / 10;
            place += 1;
        }
    }
    while sum.last() == Some(&0) {
        sum.pop();
    }
    sum.reverse();
    Measure { tokens, sum }
}

/// The candidate list a crate's `shrink` builds: strictly smaller than the
/// input, no duplicates, in the order offered, at most `most` of them.
///
/// # Example
/// ```
/// use cgt_core::shrink::Candidates;
/// let mut candidates = Candidates::new("2\n5 5\n", 10);
/// assert!(candidates.offer("1\n5\n".to_owned()));
/// assert!(!candidates.offer("1\n5\n".to_owned())); // a duplicate
/// assert!(!candidates.offer("2\n5 6\n".to_owned())); // not smaller
/// assert_eq!(candidates.into_vec(), ["1\n5\n"]);
/// ```
#[derive(Clone, Debug)]
pub struct Candidates {
    limit: Measure,
    most: usize,
    texts: Vec<String>,
}

impl Candidates {
    /// An empty list for shrinking `input`, keeping at most `most`.
    pub fn new(input: &str, most: usize) -> Self {
        Self {
            limit: measure(input),
            most,
            texts: Vec::new(),
        }
    }

    /// Whether the list has room for more.
    pub fn is_full(&self) -> bool {
        self.texts.len() >= self.most
    }

    /// Adds `text` if it is strictly smaller than the input, new, and there
    /// is room; says whether it was added.
    pub fn offer(&mut self, text: String) -> bool {
        if self.is_full() || measure(&text) >= self.limit || self.texts.contains(&text) {
            return false;
        }
        self.texts.push(text);
        true
    }

    /// The candidates, in the order offered.
    pub fn into_vec(self) -> Vec<String> {
        self.texts
    }
}

/// Checks a `shrink` function on `input`: every candidate is strictly
/// smaller and accepted by `valid` (usually "the judge function accepts it").
///
/// # Panics
/// On the first candidate that is not, with both inputs.
pub fn assert_candidates(input: &str, candidates: &[String], valid: impl Fn(&str) -> bool) {
    let limit = measure(input);
    for candidate in candidates {
        assert!(
            measure(candidate) < limit,
            "candidate is not smaller:\n{candidate}\nthan the input:\n{input}"
        );
        assert!(
            valid(candidate),
            "candidate is not valid input:\n{candidate}\nfrom:\n{input}"
        );
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::generate::Rng;

    #[test]
    fn measure_sums_like_big_integers() {
        let mut rng = Rng::new(5);
        for _ in 0..2000 {
            let values: Vec<u64> = (0..rng.below(6)).map(|_| rng.below(1 << 40)).collect();
            let text: Vec<String> = values.iter().map(u64::to_string).collect();
            let expected: u128 = values.iter().map(|&v| u128::from(v)).sum();
            let m = measure(&text.join(" "));
            assert_eq!(m.tokens, values.len());
            let digits: String = m.sum.iter().map(|d| char::from(b'0' + d)).collect();
            let shown = if digits.is_empty() {
                "0".to_owned()
            } else {
                digits
            };
            assert_eq!(shown, expected.to_string());
        }
        assert_eq!(measure("007 x"), measure("7 y"));
    }

    #[test]
    fn candidates_are_capped() {
        let mut candidates = Candidates::new("9 9", 2);
        for text in ["1", "2", "3"] {
            candidates.offer(text.to_owned());
        }
        assert!(candidates.is_full());
        assert_eq!(candidates.into_vec(), ["1", "2"]);
    }
}
