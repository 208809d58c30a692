//! The problem as a [`Problem`] of the test kit: generator, lazy shrinker
//! and the exhaustive range, for the generic suite and `cargo xtask`.

use cgt_testkit::generate::Rng;
use cgt_testkit::{Problem, Size, enumerate, shrink};

/// The problem `{{name}}`: its judge input is a list of test cases, each
/// the list of its heaps.
#[derive(Clone, Copy, Debug)]
pub struct {{Type}};

impl Problem for {{Type}} {
    const NAME: &'static str = "{{name}}";

    // A fixture at the judge's limits, once the generator is yours: list it
    // here, e.g. `&[("max.in", 1, Size::Max)]`, write it with
    // `cargo xtask gen {{name}} --size max --seed 1 > fixtures/{{name}}/max.in`
    // (keep it near 1 MB: `Size::N(k)` for a smaller one), and accept its
    // `.out` and snapshot with `cargo xtask test --accept` and
    // `cargo xtask review`. The fixture test then checks the file is exactly
    // what the generator makes.

    type Input = Vec<Vec<u64>>;

    cgt_testkit::judge_functions!();

    /// Every row of at most 4 heaps of 0..=7 stones, 100 cases per input.
    fn exhaustive() -> impl Iterator<Item = Self::Input> {
        enumerate::chunks(enumerate::lists(4, &[0, 1, 2, 3, 4, 5, 6, 7]), 100)
    }

    /// `Tiny` stays within the exhaustive search (≤ 4 heaps of ≤ 7), `Small`
    /// has up to 10 cases of up to 30 heaps, `Max` one case of 10^5 heaps,
    /// `N(k)` one case of k heaps.
    fn generate(seed: u64, size: Size) -> Self::Input {
        let mut rng = Rng::new(seed);
        let (cases, most_heaps, max_heap) = match size {
            Size::Tiny => (rng.range(1, 3), 4, 7),
            Size::Small => (rng.range(1, 10), 30, 1000),
            Size::Max => (1, 100_000, crate::MAX_HEAP),
            Size::N(k) => (1, k.max(1), crate::MAX_HEAP),
        };
        let fixed_count = matches!(size, Size::Max | Size::N(_));
        (0..cases)
            .map(|_| {
                let n = if fixed_count {
                    most_heaps
                } else {
                    rng.range(1, most_heaps)
                };
                (0..n).map(|_| rng.range(0, max_heap)).collect()
            })
            .collect()
    }

    /// Fewer cases, fewer heaps (at least one), or a heap halved or
    /// decremented.
    fn shrink(input: Self::Input) -> impl Iterator<Item = Self::Input> + 'static {
        shrink::list_cases(input, 1, |&heap| shrink::halve_or_decrement(heap, 0))
    }
}
