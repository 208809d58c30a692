//! The problem as a [`Problem`] of the test kit: generator, lazy shrinker
//! and the exhaustive range, for the generic suite and `cargo xtask`.

use crate::MAX_PILE;
use cgt_core::fibonacci_nim::FIBONACCI;
use cgt_testkit::generate::Rng;
use cgt_testkit::{Problem, Size, enumerate, shrink};

/// The problem `fibonacci-nim`: its judge input is the list of piles (the
/// closing 0 is added by `render`).
#[derive(Clone, Copy, Debug)]
pub struct FibonacciNim;

/// A pile from 2 to `max`: a Fibonacci number or one off one a third of
/// the time each (where the answer changes), else any.
fn pile(rng: &mut Rng, max: u64) -> u64 {
    let fibonacci: Vec<u64> = FIBONACCI
        .iter()
        .copied()
        .filter(|&f| (2..=max).contains(&f))
        .collect();
    let f = *rng.pick(&fibonacci);
    match rng.below(3) {
        0 => f,
        1 => (f + 1).min(max).max(2),
        _ => rng.range(2, max),
    }
}

impl Problem for FibonacciNim {
    const NAME: &'static str = "fibonacci-nim";
    /// 50000 piles (about 1 MB), to keep the repository small; the bench and
    /// `cargo xtask gen fibonacci-nim --size max` have 10^6 piles (19 MB).
    const GENERATED_FIXTURES: &'static [(&'static str, u64, Size)] =
        &[("large.in", 1, Size::N(50_000))];

    type Input = Vec<u64>;

    cgt_testkit::judge_functions!();

    /// Every pile from 2 to 120, 30 per input.
    fn exhaustive() -> impl Iterator<Item = Self::Input> {
        enumerate::chunks(2..=crate::brute::MAX_PILE, 30)
    }

    /// `Tiny` is 1 to 10 piles up to 60, `Small` up to 100 piles up to
    /// 10^18, `Max` 10^6 piles up to 10^18 (no count is given; about 19 MB),
    /// `N(k)` k such piles.
    fn generate(seed: u64, size: Size) -> Self::Input {
        let mut rng = Rng::new(seed);
        let (n, max) = match size {
            Size::Tiny => (rng.range(1, 10), 60),
            Size::Small => (rng.range(1, 100), MAX_PILE),
            Size::Max => (1_000_000, MAX_PILE),
            Size::N(k) => (k.max(1), MAX_PILE),
        };
        (0..n).map(|_| pile(&mut rng, max)).collect()
    }

    /// Fewer piles (at least one), or a pile halved or decremented (to 2 at
    /// least).
    fn shrink(input: Self::Input) -> impl Iterator<Item = Self::Input> + 'static {
        shrink::list_cases(vec![input], 1, |&n| shrink::halve_or_decrement(n, 2))
            .map(|mut cases| cases.pop().expect("one case"))
    }
}
