//! Lasker's Nim as a [`Problem`] of the test kit: generator, lazy shrinker
//! and the exhaustive range, for the generic suite and `cargo xtask`.

use cgt_testkit::generate::Rng;
use cgt_testkit::{Problem, Size, enumerate, shrink};

/// The problem `lasker-nim`: its judge input is a list of test cases, each
/// the list of its heaps.
#[derive(Clone, Copy, Debug)]
pub struct LaskerNim;

impl Problem for LaskerNim {
    const NAME: &'static str = "lasker-nim";
    /// A tenth of the judge's N limit, to keep the repository small; the
    /// bench runs the full 10^6 heaps (`Size::Max`).
    const GENERATED_FIXTURES: &'static [(&'static str, u64, Size)] =
        &[("large.in", 1, Size::N(100_000))];

    type Input = Vec<Vec<u64>>;

    cgt_testkit::judge_functions!();

    /// Every row of at most 4 heaps of sizes 1..=8 (4681 rows), 100 cases
    /// per input.
    fn exhaustive() -> impl Iterator<Item = Self::Input> {
        enumerate::chunks(enumerate::lists(4, &[1, 2, 3, 4, 5, 6, 7, 8]), 100)
    }

    /// `Tiny` stays within the exhaustive range (≤ 4 heaps of ≤ 8), `Small`
    /// has up to 10 cases of up to 50 heaps, `Max` is one case of 10^6 heaps
    /// up to 2^31 − 1, and `N(k)` is one case of k heaps. Some cases repeat
    /// one heap size or pair heaps up, since mirror positions are where
    /// wrong Grundy values show.
    fn generate(seed: u64, size: Size) -> Self::Input {
        let mut rng = Rng::new(seed);
        let (cases, max_heaps, max_size) = match size {
            Size::Tiny => (rng.range(1, 3), 4, 8),
            Size::Small => (rng.range(1, 10), 50, 1000),
            Size::Max => (1, 1_000_000, (1 << 31) - 1),
            Size::N(k) => (1, k.max(1), (1 << 31) - 1),
        };
        let fixed_count = matches!(size, Size::Max | Size::N(_));
        (0..cases)
            .map(|_| {
                let n = if fixed_count {
                    max_heaps
                } else {
                    rng.range(1, max_heaps)
                };
                let shape = rng.below(3);
                let repeated = rng.range(1, max_size);
                (0..n)
                    .map(|i| match shape {
                        0 => repeated,
                        1 if i % 2 == 1 => repeated,
                        _ => rng.range(1, max_size),
                    })
                    .collect()
            })
            .collect()
    }

    /// Fewer cases, fewer heaps, or a heap halved or decremented, within
    /// the judge's limits (N ≥ 1, heaps ≥ 1).
    fn shrink(input: Self::Input) -> impl Iterator<Item = Self::Input> + 'static {
        shrink::list_cases(input, 1, |&heap| shrink::halve_or_decrement(heap, 1))
    }
}
