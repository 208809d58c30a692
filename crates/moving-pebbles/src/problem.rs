//! Moving Pebbles as a [`Problem`] of the test kit: generator, lazy shrinker
//! and the exhaustive range, for the generic suite and `cargo xtask`.

use crate::{compare_sizes, significant};
use cgt_testkit::generate::Rng;
use cgt_testkit::{Problem, Size, enumerate, shrink};
use std::cmp::Ordering;

/// The problem `moving-pebbles`: its judge input is a list of test cases,
/// each the list of its pile sizes as decimal digit strings (of any length,
/// leading zeros kept).
#[derive(Clone, Copy, Debug)]
pub struct MovingPebbles;

impl Problem for MovingPebbles {
    const NAME: &'static str = "moving-pebbles";
    /// `max.in` is one case of 10^5 piles, a tenth of `Max`, to keep the
    /// repository small (see [`MovingPebbles::generate`]).
    const GENERATED_FIXTURES: &'static [(&'static str, u64, Size)] =
        &[("max.in", 1, Size::N(MAX_CASE_PILES))];

    type Input = Vec<Vec<String>>;

    cgt_testkit::judge_functions!();

    /// Every row of 1 to 5 piles of sizes 0 to 4, of 6 piles of sizes 0 to
    /// 3 and of 4 piles of sizes 0 to 5 (a zero is no pile; 9296 rows), 500
    /// cases per input.
    fn exhaustive() -> impl Iterator<Item = Self::Input> {
        const SIZES: [&str; 6] = ["0", "1", "2", "3", "4", "5"];
        let rows = (1..=5)
            .flat_map(|n| enumerate::lists_of_len(n, &SIZES[..5]))
            .chain(enumerate::lists_of_len(6, &SIZES[..4]))
            .chain(enumerate::lists_of_len(4, &SIZES));
        let rows = rows.map(|row| row.into_iter().map(str::to_owned).collect());
        enumerate::chunks(rows, 500)
    }

    /// `Tiny` stays within the brute force's bound (up to 3 cases of up to 4
    /// piles of sizes 1 to 3), `Small` has up to 6 cases of up to 30 piles
    /// up to 50 (and now and then a 25-digit pile or a leading zero). `Max`
    /// is the judge's limits, about 10 MB: 10 cases of 10^5 piles up to
    /// 10^9, each in shuffled equal pairs (the most work: no hash can tell
    /// such a case apart, so the judge sorts it). `N(k)` is k piles up to
    /// 10^9 in cases of at most 10^5 (the judge's n), whose shapes take
    /// turns: equal pairs, a near miss, all equal, random. `N(100_000)` is
    /// one case of equal pairs, the first case of `Max` (the committed
    /// `max.in`, which was `Max` before `Max` reached the limits).
    ///
    /// The shapes find bugs: equal pairs (shuffled, so the pairs are not
    /// adjacent), equal pairs but one pile off by one, all piles equal, and
    /// random piles.
    fn generate(seed: u64, size: Size) -> Self::Input {
        let mut rng = Rng::new(seed);
        let cases = match size {
            Size::Tiny => rng.range(1, 3),
            Size::Small => rng.range(1, 6),
            Size::Max => MAX_CASES,
            Size::N(k) => k.max(1).div_ceil(MAX_CASE_PILES),
        };
        (0..cases)
            .map(|index| {
                let (n, most) = match size {
                    Size::Tiny => (rng.range(1, 4), 3),
                    Size::Small => (rng.range(1, 30), 50),
                    Size::Max => (MAX_CASE_PILES, 1_000_000_000),
                    Size::N(k) => {
                        let rest = k.max(1) - index * MAX_CASE_PILES;
                        (rest.min(MAX_CASE_PILES), 1_000_000_000)
                    }
                };
                let pile = |rng: &mut Rng| {
                    if matches!(size, Size::Small) && rng.chance(1, 20) {
                        random_digits(rng, 25)
                    } else {
                        rng.range(1, most).to_string()
                    }
                };
                // At the limits: equal pairs of different sizes, the most
                // work; for `N(k)`, every shape in turn, equal pairs first.
                let shape = match size {
                    Size::Max => 0,
                    Size::N(_) => index % 4,
                    Size::Tiny | Size::Small => rng.below(4),
                };
                let mut piles: Vec<String> = match shape {
                    0 | 1 => {
                        let mut piles = Vec::new();
                        for _ in 0..n / 2 {
                            let twin = pile(&mut rng);
                            piles.push(twin.clone());
                            piles.push(twin);
                        }
                        if n % 2 == 1 {
                            piles.push(pile(&mut rng));
                        }
                        // Shape 1: a near miss, one pile of a pair off by one.
                        if shape == 1 {
                            if let Some(first) = piles.first_mut() {
                                *first = increment(first);
                            }
                        }
                        piles
                    }
                    2 => vec![pile(&mut rng); n as usize],
                    _ => (0..n).map(|_| pile(&mut rng)).collect(),
                };
                rng.shuffle(&mut piles);
                if matches!(size, Size::Small) {
                    for pile in &mut piles {
                        if rng.chance(1, 10) {
                            pile.insert(0, '0');
                        }
                    }
                }
                piles
            })
            .collect()
    }

    /// Fewer cases, fewer piles, or one pile halved or decremented, within
    /// the judge's limits (n ≥ 1, sizes ≥ 1; a zero pile stays); the other
    /// piles keep their spelling.
    fn shrink(input: Self::Input) -> impl Iterator<Item = Self::Input> + 'static {
        shrink::list_cases(input, 1, |pile: &String| {
            let (half, less) = halve_and_decrement(pile);
            let mut values = vec![half, less];
            values.dedup();
            values.retain(|v| {
                v != "0" && compare_sizes(v.as_bytes(), pile.as_bytes()) == Ordering::Less
            });
            values
        })
    }
}

/// The cases of `Max`.
const MAX_CASES: u64 = 10;

/// The most piles in one generated case of `Max` or `N(k)`: the judge's
/// limit on n.
const MAX_CASE_PILES: u64 = 100_000;

/// A random positive size of `1..=most` digits, without leading zeros.
pub(crate) fn random_digits(rng: &mut Rng, most: u64) -> String {
    let len = rng.range(1, most);
    (0..len)
        .map(|i| {
            let low = if i == 0 { b'1' } else { b'0' };
            char::from(low + rng.below(u64::from(b'9' - low) + 1) as u8)
        })
        .collect()
}

/// `digits + 1`, as a digit string without leading zeros.
pub(crate) fn increment(digits: &str) -> String {
    let mut bytes: Vec<u8> = significant(digits.as_bytes()).to_vec();
    let mut i = bytes.len();
    loop {
        if i == 0 {
            bytes.insert(0, b'1');
            break;
        }
        i -= 1;
        if bytes[i] == b'9' {
            bytes[i] = b'0';
        } else {
            bytes[i] += 1;
            break;
        }
    }
    String::from_utf8(bytes).expect("digits")
}

/// `digits / 2` and `digits − 1` (for a positive size), without leading
/// zeros; `"0"` for zero.
fn halve_and_decrement(digits: &str) -> (String, String) {
    let digits = significant(digits.as_bytes());
    let mut half = Vec::with_capacity(digits.len());
    let mut carry = 0;
    for &d in digits {
        let value = carry * 10 + (d - b'0');
        half.push(b'0' + value / 2);
        carry = value % 2;
    }
    let mut less = digits.to_vec();
    if let Some(last_nonzero) = less.iter().rposition(|&d| d != b'0') {
        less[last_nonzero] -= 1;
        less[last_nonzero + 1..].fill(b'9');
    }
    let tidy = |bytes: Vec<u8>| {
        let text = String::from_utf8_lossy(significant(&bytes)).into_owned();
        if text.is_empty() {
            "0".to_owned()
        } else {
            text
        }
    };
    (tidy(half), tidy(less))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_largest_inputs_are_at_the_judge_limits() {
        let max = MovingPebbles::generate(1, Size::Max);
        assert_eq!(max.iter().map(Vec::len).collect::<Vec<_>>(), [100_000; 10]);
        assert!(max.iter().flatten().all(|pile| {
            pile.parse::<u64>()
                .is_ok_and(|size| (1..=1_000_000_000).contains(&size))
        }));
        // The committed `max.in` (one case) is the first case of `Max`.
        assert_eq!(MovingPebbles::generate(1, Size::N(100_000)), max[..1]);
        let cases = MovingPebbles::generate(2, Size::N(250_001));
        let lens: Vec<usize> = cases.iter().map(Vec::len).collect();
        assert_eq!(lens, [100_000, 100_000, 50_001]);
    }

    #[test]
    fn decimal_helpers() {
        assert_eq!(increment("0099"), "100");
        assert_eq!(increment("0"), "1");
        assert_eq!(halve_and_decrement("1000"), ("500".into(), "999".into()));
        assert_eq!(halve_and_decrement("007"), ("3".into(), "6".into()));
        assert_eq!(halve_and_decrement("1"), ("0".into(), "0".into()));
        let forty = format!("1{}", "0".repeat(39));
        let (half, less) = halve_and_decrement(&forty);
        assert_eq!(half, format!("5{}", "0".repeat(38)));
        assert_eq!(less, "9".repeat(39));
    }
}
