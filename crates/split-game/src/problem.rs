//! The splitting game as a [`Problem`] of the test kit: generator, lazy
//! shrinker and the exhaustive range, for the generic suite and `cargo
//! xtask`.

use crate::MAX_BOTTLES;
use cgt_testkit::generate::Rng;
use cgt_testkit::{Problem, Size, enumerate, shrink};

/// The problem `split-game`: its judge input is a list of test cases, each
/// the list of its bean counts.
#[derive(Clone, Copy, Debug)]
pub struct SplitGame;

impl Problem for SplitGame {
    const NAME: &'static str = "split-game";
    /// The parser takes up to [`MAX_BOTTLES`] bottles a case.
    const LARGEST: Size = Size::N(MAX_BOTTLES as u64);
    const GENERATED_FIXTURES: &'static [(&'static str, u64, Size)] = &[("max.in", 1, Size::Max)];

    type Input = Vec<Vec<u64>>;

    cgt_testkit::judge_functions!();

    /// Every row of 1 to 6 bottles holding 0..=2 beans each, and of 7
    /// bottles holding 0..=1 (1220 rows), in inputs of up to 1000 cases, so
    /// that the search's memo serves many rows.
    fn exhaustive() -> impl Iterator<Item = Self::Input> {
        let rows = (1..=6)
            .flat_map(|n| enumerate::lists_of_len(n, &[0, 1, 2]))
            .chain(enumerate::lists_of_len(7, &[0, 1]));
        enumerate::chunks(rows, 1000)
    }

    /// Every case keeps the judge's `n ≥ 2`. `Tiny` stays within the brute
    /// force's bound (2 to 5 bottles of up to 2 beans, or 6 of up to 1),
    /// `Small` has up to 10 cases of up to 40 bottles of up to 20 beans,
    /// `Max` is the judge's limit (10 cases of 21 bottles of up to 10^4
    /// beans), and `N(k)` is one case of k bottles (at most
    /// [`MAX_BOTTLES`]). Cases come in shapes that find bugs: random
    /// counts, only even counts (every source bottle is even), mostly empty
    /// bottles (sources must be non-empty), and one bean in one bottle.
    fn generate(seed: u64, size: Size) -> Self::Input {
        let mut rng = Rng::new(seed);
        let cases = match size {
            Size::Tiny => rng.range(1, 3),
            Size::Small => rng.range(1, 10),
            Size::Max => 10,
            Size::N(_) => 1,
        };
        (0..cases)
            .map(|_| {
                let (n, most) = match size {
                    Size::Tiny if rng.chance(1, 4) => (6, 1),
                    Size::Tiny => (rng.range(2, 5), 2),
                    Size::Small => (rng.range(2, 40), 20),
                    Size::Max => (21, 10_000),
                    Size::N(k) => (k.clamp(2, MAX_BOTTLES as u64), 10_000),
                };
                let n = usize::try_from(n).expect("at most MAX_BOTTLES");
                match rng.below(4) {
                    0 => (0..n).map(|_| rng.range(0, most)).collect(),
                    1 => (0..n).map(|_| rng.range(0, most / 2) * 2).collect(),
                    2 => (0..n)
                        .map(|_| {
                            if rng.chance(1, 4) {
                                rng.range(0, most)
                            } else {
                                0
                            }
                        })
                        .collect(),
                    _ => {
                        let mut counts = vec![0; n];
                        counts[rng.below(n as u64) as usize] = rng.range(1, most);
                        counts
                    }
                }
            })
            .collect()
    }

    /// Fewer cases, fewer bottles (never below the judge's n ≥ 2), or a
    /// count halved or decremented.
    fn shrink(input: Self::Input) -> impl Iterator<Item = Self::Input> + 'static {
        shrink::list_cases(input, 2, |&count| shrink::halve_or_decrement(count, 0))
    }
}
