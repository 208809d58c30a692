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

/// At most `most` positions spread evenly over `0..len` (all of them when
/// `len <= most`), so huge inputs give a bounded number of candidates.
pub fn spread(len: usize, most: usize) -> impl Iterator<Item = usize> {
    let picks = len.min(most);
    (0..picks).map(move |i| i * len / picks)
}

/// Offers the usual candidates for an input made of test cases that are each
/// a list of items (heaps, piles, ...), most aggressive first, and stops as
/// soon as `candidates` is full:
///
/// 1. half of the cases, one case alone, one case fewer;
/// 2. in a case: the first or second half of its items, one item fewer;
/// 3. in a case: an item replaced by each of `smaller(item)`.
///
/// Lists never get shorter than `min_len` (the judge's lower limit), and only
/// a few cases and positions are tried in each step ([`spread`]), so the cost
/// is bounded by about 40 copies of the input whatever its size.
///
/// # Example
/// ```
/// use cgt_core::shrink::{offer_list_cases, Candidates};
/// let render = |cases: &[Vec<u64>]| {
///     let mut text = format!("{}\n", cases.len());
///     for case in cases {
///         let items: Vec<String> = case.iter().map(u64::to_string).collect();
///         text += &format!("{}\n{}\n", case.len(), items.join(" "));
///     }
///     text
/// };
/// let cases = vec![vec![4, 4], vec![7]];
/// let mut candidates = Candidates::new(&render(&cases), 40);
/// offer_list_cases(&mut candidates, &cases, 1, |&v| vec![v / 2], render);
/// let list = candidates.into_vec();
/// assert_eq!(list[0], "1\n2\n4 4\n"); // the first half of the cases
/// assert!(list.contains(&"2\n2\n2 4\n1\n7\n".to_owned()));
/// ```
pub fn offer_list_cases<T: Clone>(
    candidates: &mut Candidates,
    cases: &[Vec<T>],
    min_len: usize,
    smaller: impl Fn(&T) -> Vec<T>,
    render: impl Fn(&[Vec<T>]) -> String,
) {
    const PLACES: usize = 8;
    let mut offer = |next: &[Vec<T>]| {
        candidates.offer(render(next));
        candidates.is_full()
    };
    let count = cases.len();
    if count > 1 {
        if offer(&cases[..count / 2]) {
            return;
        }
        for c in spread(count, PLACES / 2) {
            if offer(&cases[c..=c]) {
                return;
            }
        }
        for c in spread(count, PLACES) {
            let mut fewer = cases.to_vec();
            fewer.remove(c);
            if offer(&fewer) {
                return;
            }
        }
    }
    let with = |c: usize, items: Vec<T>| {
        let mut next = cases.to_vec();
        next[c] = items;
        next
    };
    for c in spread(count, PLACES) {
        let items = &cases[c];
        let len = items.len();
        if len / 2 >= min_len.max(1) {
            for half in [&items[..len / 2], &items[len - len / 2..]] {
                if offer(&with(c, half.to_vec())) {
                    return;
                }
            }
        }
        if len > min_len {
            for i in spread(len, PLACES) {
                let mut fewer = items.clone();
                fewer.remove(i);
                if offer(&with(c, fewer)) {
                    return;
                }
            }
        }
    }
    for c in spread(count, PLACES) {
        let items = &cases[c];
        for i in spread(items.len(), PLACES) {
            for value in smaller(&items[i]) {
                let mut changed = items.clone();
                changed[i] = value;
                if offer(&with(c, changed)) {
                    return;
                }
            }
        }
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
    fn spread_is_bounded_and_in_range() {
        assert_eq!(spread(3, 8).collect::<Vec<_>>(), [0, 1, 2]);
        let picks: Vec<usize> = spread(1_000_000, 8).collect();
        assert_eq!(picks.len(), 8);
        assert!(picks.windows(2).all(|w| w[0] < w[1]) && picks[7] < 1_000_000);
        assert_eq!(spread(0, 8).count(), 0);
    }

    #[test]
    fn list_cases_of_a_huge_input_stay_bounded() {
        let render = |cases: &[Vec<u32>]| {
            cases
                .iter()
                .map(|c| format!("{} {}", c.len(), c.len()))
                .collect::<Vec<_>>()
                .join(" ")
        };
        let cases = vec![vec![5_u32; 200_000]; 3];
        let mut candidates = Candidates::new(&render(&cases), 40);
        offer_list_cases(&mut candidates, &cases, 1, |&v| vec![v / 2], render);
        let list = candidates.into_vec();
        assert!(!list.is_empty() && list.len() <= 40);
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
