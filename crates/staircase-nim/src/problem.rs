//! The problem as a [`Problem`] of the test kit: generator, lazy shrinker
//! and the exhaustive range, for the generic suite and `cargo xtask`.

use cgt_testkit::generate::Rng;
use cgt_testkit::{Problem, Size, enumerate, shrink};

/// The problem `staircase-nim`: its judge input is a list of test cases,
/// each the grids of its chessmen (distinct, in the input's order).
#[derive(Clone, Copy, Debug)]
pub struct StaircaseNim;

/// `n` distinct grids from 1 to `max`, in random order.
fn distinct_grids(rng: &mut Rng, n: u64, max: u64) -> Vec<u64> {
    let mut grids: Vec<u64> = if max <= 100_000 {
        let mut all: Vec<u64> = (1..=max).collect();
        rng.shuffle(&mut all);
        all.truncate(n as usize);
        all
    } else {
        // Random gaps: distinct by construction, at most n · max/n.
        let widest = (max / n.max(1)).max(1);
        let mut at = 0;
        (0..n)
            .map(|_| {
                at += rng.range(1, widest);
                at
            })
            .collect()
    };
    rng.shuffle(&mut grids);
    grids
}

/// The gaps before each chessman, left to right (each at least 1).
fn gaps(grids: &[u64]) -> Vec<u64> {
    let mut sorted = grids.to_vec();
    sorted.sort_unstable();
    let mut previous = 0;
    sorted
        .into_iter()
        .map(|g| {
            let gap = g - previous;
            previous = g;
            gap
        })
        .collect()
}

/// The grids of `gaps`, left to right.
fn grids(gaps: &[u64]) -> Vec<u64> {
    gaps.iter()
        .scan(0, |at, &gap| {
            *at += gap;
            Some(*at)
        })
        .collect()
}

impl Problem for StaircaseNim {
    const NAME: &'static str = "staircase-nim";
    /// The judge's limits: 20 cases of 1000 chessmen on grids up to 10000.
    const GENERATED_FIXTURES: &'static [(&'static str, u64, Size)] = &[("max.in", 1, Size::Max)];

    type Input = Vec<Vec<u64>>;

    cgt_testkit::judge_functions!();

    /// Every set of 1 to 4 chessmen on grids 1 to 12 (793 sets), every other
    /// one listed right to left, 20 cases per input.
    fn exhaustive() -> impl Iterator<Item = Self::Input> {
        let sets = enumerate::lists(4, &[1_u64, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12])
            .filter(|set| !set.is_empty() && set.windows(2).all(|w| w[0] < w[1]))
            .enumerate()
            .map(|(i, mut set)| {
                if i % 2 == 1 {
                    set.reverse();
                }
                set
            });
        enumerate::chunks(sets, 20)
    }

    /// `Tiny` is 1 to 3 cases of up to 4 chessmen on grids up to 12,
    /// `Small` up to 5 cases of up to 50 on grids up to 10000, `Max` the
    /// judge's 20 cases of 1000 on grids up to 10000, `N(k)` one case of k
    /// chessmen on grids up to 10 · k.
    fn generate(seed: u64, size: Size) -> Self::Input {
        let mut rng = Rng::new(seed);
        let (cases, most, max) = match size {
            Size::Tiny => (rng.range(1, 3), 4, 12),
            Size::Small => (rng.range(1, 5), 50, 10_000),
            Size::Max => (20, 1000, 10_000),
            Size::N(k) => (1, k.max(1), (10 * k).max(10_000)),
        };
        let fixed = matches!(size, Size::Max | Size::N(_));
        (0..cases)
            .map(|_| {
                let n = if fixed { most } else { rng.range(1, most) };
                distinct_grids(&mut rng, n, max)
            })
            .collect()
    }

    /// Fewer cases, fewer chessmen (at least one), or a gap between two
    /// chessmen halved or shortened by one: the grids stay distinct.
    fn shrink(input: Self::Input) -> impl Iterator<Item = Self::Input> + 'static {
        let as_gaps: Vec<Vec<u64>> = input.iter().map(|case| gaps(case)).collect();
        shrink::list_cases(as_gaps, 1, |&gap| shrink::halve_or_decrement(gap, 1))
            .map(|cases| cases.iter().map(|case| grids(case)).collect())
    }
}
