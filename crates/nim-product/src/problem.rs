//! The problem as a [`Problem`] of the test kit: generator, lazy shrinker
//! and the exhaustive range, for the generic suite and `cargo xtask`.

use crate::brute::BOUND;
use cgt_testkit::generate::Rng;
use cgt_testkit::{Problem, Size, enumerate, shrink};

/// The problem `nim-product`: its judge input is the list of pairs.
#[derive(Clone, Copy, Debug)]
pub struct NimProduct;

impl Problem for NimProduct {
    const NAME: &'static str = "nim-product";
    /// 25000 pairs (1 MB), to keep the repository small; the bench and
    /// `cargo xtask gen nim-product --size max` have the judge's 10^6.
    const GENERATED_FIXTURES: &'static [(&'static str, u64, Size)] =
        &[("large.in", 1, Size::N(25_000))];

    type Input = Vec<(u64, u64)>;

    cgt_testkit::judge_functions!();

    /// Every pair A, B < 64 (4096 pairs), 512 per input.
    fn exhaustive() -> impl Iterator<Item = Self::Input> {
        let pairs = (0..BOUND).flat_map(|a| (0..BOUND).map(move |b| (a, b)));
        enumerate::chunks(pairs, 512)
    }

    /// `Tiny` is 1 to 10 pairs below 64, `Small` up to 100 pairs of random
    /// bit lengths, `Max` the judge's 10^6 pairs of random 64-bit numbers,
    /// and `N(k)` k such pairs.
    fn generate(seed: u64, size: Size) -> Self::Input {
        let mut rng = Rng::new(seed);
        match size {
            Size::Tiny => {
                let n = rng.range(1, 10);
                (0..n)
                    .map(|_| (rng.below(BOUND), rng.below(BOUND)))
                    .collect()
            }
            Size::Small => {
                let n = rng.range(1, 100);
                (0..n)
                    .map(|_| {
                        let (bits_a, bits_b) = (rng.range(0, 63), rng.range(0, 63));
                        (rng.next_u64() >> bits_a, rng.next_u64() >> bits_b)
                    })
                    .collect()
            }
            Size::Max => (0..1_000_000)
                .map(|_| (rng.next_u64(), rng.next_u64()))
                .collect(),
            Size::N(k) => (0..k.max(1))
                .map(|_| (rng.next_u64(), rng.next_u64()))
                .collect(),
        }
    }

    /// Fewer pairs (at least one), or A or B halved or decremented.
    fn shrink(input: Self::Input) -> impl Iterator<Item = Self::Input> + 'static {
        shrink::list_cases(vec![input], 1, |&(a, b)| {
            let smaller_a = shrink::halve_or_decrement(a, 0)
                .into_iter()
                .map(move |a| (a, b));
            let smaller_b = shrink::halve_or_decrement(b, 0)
                .into_iter()
                .map(move |b| (a, b));
            smaller_a.chain(smaller_b).collect()
        })
        .map(|mut cases| cases.pop().expect("one case"))
    }
}
