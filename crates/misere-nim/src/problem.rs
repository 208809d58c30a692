//! Misère Nim as a [`Problem`] of the test kit: generator, lazy shrinker
//! and the exhaustive range, for the generic suite and `cargo xtask`.

use cgt_testkit::generate::Rng;
use cgt_testkit::{Problem, Size, enumerate, shrink};

/// The problem `misere-nim`: its judge input is a list of test cases, each
/// the list of its counts.
#[derive(Clone, Copy, Debug)]
pub struct MisereNim;

/// The judge's limits: test cases, colours, M&Ms of one colour.
const MAX_CASES: u64 = 474;
const MAX_COLOURS: u64 = 47;
const MAX_COUNT: u64 = 4747;

impl Problem for MisereNim {
    const NAME: &'static str = "misere-nim";
    const GENERATED_FIXTURES: &'static [(&'static str, u64, Size)] = &[("max.in", 1, Size::Max)];

    type Input = Vec<Vec<u64>>;

    cgt_testkit::judge_functions!();

    /// Every box of at most 4 colours of 1..=8 M&Ms (4680 boxes), 100 per
    /// input.
    fn exhaustive() -> impl Iterator<Item = Self::Input> {
        let boxes = enumerate::lists(4, &[1, 2, 3, 4, 5, 6, 7, 8]).filter(|b| !b.is_empty());
        enumerate::chunks(boxes, 100)
    }

    /// `Tiny` stays within the exhaustive search (≤ 4 colours of ≤ 8),
    /// `Small` has up to 10 cases of up to 47 colours of up to 100, `Max`
    /// is 474 cases of 47 colours of up to 4747 (the judge's limits), and
    /// `N(k)` is k cases at those limits. A third of the cases have only
    /// single M&Ms or one big colour among singles, where misère play
    /// differs from normal play.
    fn generate(seed: u64, size: Size) -> Self::Input {
        let mut rng = Rng::new(seed);
        let (cases, most, max_count, full) = match size {
            Size::Tiny => (rng.range(1, 3), 4, 8, false),
            Size::Small => (rng.range(1, 10), MAX_COLOURS, 100, false),
            Size::Max => (MAX_CASES, MAX_COLOURS, MAX_COUNT, true),
            Size::N(k) => (k.max(1), MAX_COLOURS, MAX_COUNT, true),
        };
        (0..cases)
            .map(|_| {
                let n = if full { most } else { rng.range(1, most) };
                let mut counts: Vec<u64> = match rng.below(6) {
                    0 => vec![1; n as usize],
                    1 => {
                        let mut c = vec![1; n as usize];
                        c[0] = rng.range(2, max_count);
                        c
                    }
                    2 => {
                        // Pairs of equal counts: a normal-play loss.
                        (0..n)
                            .map(|i| {
                                if i % 2 == 0 {
                                    rng.range(1, max_count)
                                } else {
                                    0
                                }
                            })
                            .collect()
                    }
                    _ => (0..n).map(|_| rng.range(1, max_count)).collect(),
                };
                for i in 1..counts.len() {
                    if counts[i] == 0 {
                        counts[i] = counts[i - 1];
                    }
                }
                rng.shuffle(&mut counts);
                counts
            })
            .collect()
    }

    /// Fewer cases, fewer colours (at least one), or a count halved or
    /// decremented (at least one).
    fn shrink(input: Self::Input) -> impl Iterator<Item = Self::Input> + 'static {
        shrink::list_cases(input, 1, |&count| shrink::halve_or_decrement(count, 1))
    }
}
