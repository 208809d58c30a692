//! Shrinking failing inputs: the measure every candidate must decrease, and
//! lazy candidate streams.
//!
//! `cargo xtask stress` repeatedly replaces a failing input with the first of
//! its candidates that still fails. It ends because every candidate is
//! strictly smaller by [`Measure`]: fewer tokens, or as many tokens with a
//! smaller sum of values ([`crate::Entry`] drops any other candidate).
//!
//! Candidates are built one at a time, on demand: a stream holds a short
//! list of edits and applies one when asked, so the memory in use is about
//! one input per candidate alive, whatever the input's size.

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
/// use cgt_testkit::shrink::measure;
/// assert!(measure("1\n2\n3 3\n") < measure("1\n2\n3 4\n"));
/// assert!(measure("9 9 9") < measure("1 1 1 1"));
/// let huge = "9".repeat(60);
/// assert!(measure(&format!("1 {huge}")) > measure(&format!("1 0{}", &huge[1..])));
/// ```
///
/// # Complexity
/// O(length of the input), and the digits of the sum for each token of 39
/// digits or more.
pub fn measure(input: &str) -> Measure {
    // Little-endian digits while adding; tokens of up to 38 digits (below
    // 2^127) are added in `small` first, and it into `sum` when it would
    // overflow: a huge input is measured once per candidate while shrinking.
    let mut sum: Vec<u8> = Vec::new();
    let mut small: u128 = 0;
    let mut tokens = 0;
    // One pass over the bytes (ASCII whitespace as `split_ascii_whitespace`
    // takes it), each token's value made as it is read.
    let bytes = input.as_bytes();
    let mut i = 0;
    while i < bytes.len() {
        if bytes[i].is_ascii_whitespace() {
            i += 1;
            continue;
        }
        let start = i;
        let mut digits_only = true;
        let mut value = 0_u128;
        while i < bytes.len() && !bytes[i].is_ascii_whitespace() {
            let digit = bytes[i].wrapping_sub(b'0');
            digits_only &= digit < 10;
            value = value.wrapping_mul(10).wrapping_add(u128::from(digit));
            i += 1;
        }
        tokens += 1;
        if !digits_only {
            continue;
        }
        if i - start <= 38 {
            small = match small.checked_add(value) {
                Some(total) => total,
                None => {
                    add_digits(&mut sum, small.to_string().bytes());
                    value
                }
            };
        } else {
            add_digits(&mut sum, bytes[start..i].iter().copied());
        }
    }
    add_digits(&mut sum, small.to_string().bytes());
    while sum.last() == Some(&0) {
        sum.pop();
    }
    sum.reverse();
    Measure { tokens, sum }
}

/// Adds the number written with the ASCII digits `digits` (most
/// significant first) to the little-endian digits `sum`.
fn add_digits(sum: &mut Vec<u8>, digits: impl DoubleEndedIterator<Item = u8>) {
    let mut carry = 0;
    let mut digits = digits.rev().map(|b| b - b'0').peekable();
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

/// At most `most` positions spread evenly over `0..len` (all of them when
/// `len <= most`), so huge inputs give a bounded number of candidates.
pub fn spread(len: usize, most: usize) -> impl Iterator<Item = usize> {
    let picks = len.min(most);
    (0..picks).map(move |i| i * len / picks)
}

/// How many places of a list the stream tries in each step: enough to find
/// the shape of a failure, bounded whatever the input's size.
const PLACES: usize = 8;

/// One change to a list of cases.
#[derive(Clone, Debug)]
enum Edit<T> {
    /// Keep only the cases in `from..to`.
    KeepCases(usize, usize),
    /// Drop case `c`.
    DropCase(usize),
    /// Keep only the items `from..to` of case `c`.
    KeepItems(usize, usize, usize),
    /// Drop item `i` of case `c`.
    DropItem(usize, usize),
    /// Replace item `i` of case `c` by a value.
    Replace(usize, usize, T),
}

/// The usual candidates for an input made of test cases that are each a list
/// of items (heaps, piles, ...), most aggressive first, built lazily:
///
/// 1. half of the cases, one case alone, one case fewer;
/// 2. in a case: the first or second half of its items, one item fewer;
/// 3. in a case: an item replaced by each of `smaller(item)`.
///
/// Lists never get shorter than `min_len` (the judge's lower limit), and only
/// a few cases and positions are tried in each step ([`spread`]), so there
/// are at most a few hundred candidates whatever the input's size; each is
/// built only when the stream reaches it.
///
/// # Example
/// ```
/// use cgt_testkit::shrink::list_cases;
/// let cases = vec![vec![4, 4], vec![7]];
/// let candidates: Vec<Vec<Vec<u64>>> = list_cases(cases, 1, |&v| vec![v / 2]).collect();
/// assert_eq!(candidates[0], [vec![4, 4]]); // the first half of the cases
/// assert!(candidates.contains(&vec![vec![2, 4], vec![7]]));
/// ```
///
/// # Complexity
/// O(cases + PLACES² · |smaller|) to plan; each candidate costs one copy of
/// the input when it is taken.
pub fn list_cases<T: Clone + 'static>(
    cases: Vec<Vec<T>>,
    min_len: usize,
    smaller: impl Fn(&T) -> Vec<T>,
) -> impl Iterator<Item = Vec<Vec<T>>> + 'static {
    let count = cases.len();
    let mut edits = Vec::new();
    if count > 1 {
        edits.push(Edit::KeepCases(0, count / 2));
        edits.extend(spread(count, PLACES / 2).map(|c| Edit::KeepCases(c, c + 1)));
        edits.extend(spread(count, PLACES).map(Edit::DropCase));
    }
    for c in spread(count, PLACES) {
        let len = cases[c].len();
        if len / 2 >= min_len.max(1) {
            edits.push(Edit::KeepItems(c, 0, len / 2));
            edits.push(Edit::KeepItems(c, len - len / 2, len));
        }
        if len > min_len {
            edits.extend(spread(len, PLACES).map(|i| Edit::DropItem(c, i)));
        }
    }
    for c in spread(count, PLACES) {
        for i in spread(cases[c].len(), PLACES) {
            for value in smaller(&cases[c][i]) {
                edits.push(Edit::Replace(c, i, value));
            }
        }
    }
    edits.into_iter().map(move |edit| apply(&cases, edit))
}

fn apply<T: Clone>(cases: &[Vec<T>], edit: Edit<T>) -> Vec<Vec<T>> {
    match edit {
        Edit::KeepCases(from, to) => cases[from..to].to_vec(),
        Edit::DropCase(c) => {
            let mut next = cases.to_vec();
            next.remove(c);
            next
        }
        Edit::KeepItems(c, from, to) => with_case(cases, c, cases[c][from..to].to_vec()),
        Edit::DropItem(c, i) => {
            let mut items = cases[c].clone();
            items.remove(i);
            with_case(cases, c, items)
        }
        Edit::Replace(c, i, value) => {
            let mut items = cases[c].clone();
            items[i] = value;
            with_case(cases, c, items)
        }
    }
}

/// `cases` with case `c` replaced, copying the other cases once.
fn with_case<T: Clone>(cases: &[Vec<T>], c: usize, items: Vec<T>) -> Vec<Vec<T>> {
    let mut next = Vec::with_capacity(cases.len());
    next.extend_from_slice(&cases[..c]);
    next.push(items);
    next.extend_from_slice(&cases[c + 1..]);
    next
}

/// The usual smaller values of a number: its half and its predecessor, at
/// least `floor`, without duplicates.
///
/// # Example
/// ```
/// use cgt_testkit::shrink::halve_or_decrement;
/// assert_eq!(halve_or_decrement(9, 1), [4, 8]);
/// assert_eq!(halve_or_decrement(2, 1), [1]);
/// assert!(halve_or_decrement(1, 1).is_empty());
/// ```
pub fn halve_or_decrement(value: u64, floor: u64) -> Vec<u64> {
    let mut values = vec![value / 2, value.saturating_sub(1)];
    values.dedup();
    values.retain(|&v| v >= floor && v < value);
    values
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
        // Tokens about 2^64 and longer, added digit by digit: as the sum of
        // their values.
        for (text, sum) in [
            ("9999999999999999999 1", "10000000000000000000"),
            (
                "18446744073709551615 18446744073709551615",
                "36893488147419103230",
            ),
            (
                "0000000000000000000000001 9999999999999999999",
                "10000000000000000000",
            ),
            (
                "99999999999999999999999999 9999999999999999999 x 1",
                "100000009999999999999999999",
            ),
            // Past 2^128 (340282366920938463463374607431768211456).
            (
                "99999999999999999999999999999999999999 99999999999999999999999999999999999999 \
                 99999999999999999999999999999999999999 99999999999999999999999999999999999999 5",
                "400000000000000000000000000000000000001",
            ),
            (
                "999999999999999999999999999999999999999 1",
                "1000000000000000000000000000000000000000",
            ),
        ] {
            let digits: String = measure(text)
                .sum
                .iter()
                .map(|d| char::from(b'0' + d))
                .collect();
            assert_eq!(digits, sum, "{text}");
        }
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
    fn list_cases_of_a_huge_input_are_few_and_keep_the_minimum_length() {
        let cases = vec![vec![5_u32; 200_000]; 3];
        let mut count = 0;
        for candidate in list_cases(cases, 2, |&v| vec![v / 2]) {
            count += 1;
            assert!(candidate.iter().all(|case| case.len() >= 2));
        }
        assert!((10..=300).contains(&count), "{count} candidates");
        assert_eq!(list_cases(vec![vec![1_u32, 1]], 2, |_| vec![]).count(), 0);
    }
}
