//! The problem as a [`Problem`] of the test kit: generator, lazy shrinker
//! and the exhaustive range, for the generic suite and `cargo xtask`.

use crate::MAX_PILE;
use cgt_core::wythoff::p_position;
use cgt_testkit::generate::Rng;
use cgt_testkit::{Problem, Size, enumerate, shrink};

/// The problem `wythoff`: its judge input is the list of pairs.
#[derive(Clone, Copy, Debug)]
pub struct Wythoff;

/// The largest difference d whose P-position has both piles up to
/// [`MAX_PILE`] (⌊dφ²⌋ ≤ 10^18).
const MAX_DIFFERENCE: u64 = 381_966_011_250_105_152;

/// A pair with piles up to `max`: a P-position half the time (the only
/// place a wrong ⌊dφ⌋ shows), then maybe moved by one in one or both piles,
/// in either order.
fn pair(rng: &mut Rng, max: u64) -> (u64, u64) {
    let (mut a, mut b) = if rng.chance(1, 2) {
        // ⌊dφ²⌋ ≈ 2.618 d: keep the larger pile within `max`.
        let d = rng.range(0, (max / 3).min(MAX_DIFFERENCE));
        p_position(d).expect("within u64")
    } else {
        (rng.range(0, max), rng.range(0, max))
    };
    match rng.below(4) {
        0 => a = (a + 1).min(max),
        1 => b = b.saturating_sub(1),
        2 => (a, b) = ((a + 1).min(max), (b + 1).min(max)),
        _ => {}
    }
    if rng.chance(1, 2) { (b, a) } else { (a, b) }
}

impl Problem for Wythoff {
    const NAME: &'static str = "wythoff";
    /// 25000 pairs (about 1 MB), to keep the repository small; the bench and
    /// `cargo xtask gen wythoff --size max` have 5 · 10^5 pairs (19 MB).
    const GENERATED_FIXTURES: &'static [(&'static str, u64, Size)] =
        &[("large.in", 1, Size::N(25_000))];

    type Input = Vec<(u64, u64)>;

    cgt_testkit::judge_functions!();

    /// Every pair of piles up to 40 (1681 pairs), 200 per input.
    fn exhaustive() -> impl Iterator<Item = Self::Input> {
        let pairs = (0..=40).flat_map(|a| (0..=40).map(move |b| (a, b)));
        enumerate::chunks(pairs, 200)
    }

    /// `Tiny` is 1 to 10 pairs up to 40, `Small` up to 100 pairs up to
    /// 10^18, `Max` 5 · 10^5 pairs up to 10^18 (no count is given, so any
    /// number is allowed; this is about 19 MB), `N(k)` k such pairs.
    fn generate(seed: u64, size: Size) -> Self::Input {
        let mut rng = Rng::new(seed);
        let (n, max) = match size {
            Size::Tiny => (rng.range(1, 10), 40),
            Size::Small => (rng.range(1, 100), MAX_PILE),
            Size::Max => (500_000, MAX_PILE),
            Size::N(k) => (k.max(1), MAX_PILE),
        };
        (0..n).map(|_| pair(&mut rng, max)).collect()
    }

    /// Fewer pairs (at least one); or the same taken from both piles (half
    /// the smaller, or one: the difference, where a wrong ⌊dφ⌋ shows, stays);
    /// or one pile halved or decremented.
    fn shrink(input: Self::Input) -> impl Iterator<Item = Self::Input> + 'static {
        shrink::list_cases(vec![input], 1, |&(a, b)| {
            let low = a.min(b);
            let both = shrink::halve_or_decrement(low, 0)
                .into_iter()
                .map(move |left| (a - (low - left), b - (low - left)));
            let first = shrink::halve_or_decrement(a, 0)
                .into_iter()
                .map(move |x| (x, b));
            let second = shrink::halve_or_decrement(b, 0)
                .into_iter()
                .map(move |y| (a, y));
            both.chain(first).chain(second).collect()
        })
        .map(|mut cases| cases.pop().expect("one case"))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_largest_difference_is_the_last_within_the_limit() {
        let (_, b) = p_position(MAX_DIFFERENCE).expect("fits");
        assert!(b <= MAX_PILE);
        let (_, b) = p_position(MAX_DIFFERENCE + 1).expect("fits");
        assert!(b > MAX_PILE);
    }
}
