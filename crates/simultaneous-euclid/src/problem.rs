//! Simultaneous Euclid as a [`Problem`] of the test kit: generator, lazy
//! shrinker and the exhaustive range, for the generic suite and `cargo
//! xtask`.

use cgt_testkit::generate::Rng;
use cgt_testkit::{Problem, Size, enumerate, shrink};

/// The problem `simultaneous-euclid`: its judge input is a list of test
/// cases, each the list of its games (two piles each).
#[derive(Clone, Copy, Debug)]
pub struct SimultaneousEuclid;

/// The judge's limits: test cases, games per case, stones per pile.
const MAX_CASES: u64 = 100;
const MAX_GAMES: u64 = 1000;
const MAX_PILE: u64 = 1000;

/// Every game with both piles in `0..=max`.
fn games(max: u64) -> Vec<(u64, u64)> {
    (0..=max)
        .flat_map(|p| (0..=max).map(move |q| (p, q)))
        .collect()
}

/// One pile pair for the generator: mostly uniform, sometimes one of the
/// shapes where the suspense rule has its corners (an empty pile, equal
/// piles, a multiple, consecutive Fibonacci numbers: the longest games).
fn game(rng: &mut Rng, max: u64) -> (u64, u64) {
    let (p, q) = (rng.range(0, max), rng.range(0, max));
    let pair = match rng.below(8) {
        0 => (0, q),
        1 => (p, p),
        2 => (p.max(1), p.max(1) * rng.range(1, 4)),
        3 => {
            let (mut a, mut b) = (1, 1);
            let steps = rng.below(16);
            for _ in 0..steps {
                if a + b > max {
                    break;
                }
                (a, b) = (b, a + b);
            }
            (a, b)
        }
        _ => (p, q),
    };
    let (a, b) = pair;
    let (a, b) = (a.min(max), b.min(max));
    if rng.chance(1, 2) { (a, b) } else { (b, a) }
}

impl Problem for SimultaneousEuclid {
    const NAME: &'static str = "simultaneous-euclid";
    const GENERATED_FIXTURES: &'static [(&'static str, u64, Size)] = &[("max.in", 1, Size::Max)];

    type Input = Vec<Vec<(u64, u64)>>;

    cgt_testkit::judge_functions!();

    /// Every case of one or two games with piles up to 8 (6642 cases) and
    /// of three games with piles up to 4 (15625), 100 cases per input.
    fn exhaustive() -> impl Iterator<Item = Self::Input> {
        let (up_to_8, up_to_4) = (games(8), games(4));
        let one_or_two: Vec<Vec<(u64, u64)>> = enumerate::lists(2, &up_to_8)
            .filter(|g| !g.is_empty())
            .collect();
        let three: Vec<Vec<(u64, u64)>> = enumerate::lists_of_len(3, &up_to_4).collect();
        enumerate::chunks(one_or_two.into_iter().chain(three), 100)
    }

    /// `Tiny` stays within the exhaustive search (≤ 3 games, piles ≤ 12),
    /// `Small` has up to 10 cases of up to 50 games with piles up to 1000,
    /// `Max` is 100 cases of 1000 games with piles up to 1000 (the judge's
    /// limits), and `N(k)` is k cases at those limits; half of the cases
    /// cap their piles lower, at random.
    fn generate(seed: u64, size: Size) -> Self::Input {
        let mut rng = Rng::new(seed);
        let (cases, most, max, full) = match size {
            Size::Tiny => (rng.range(1, 3), 3, 12, false),
            Size::Small => (rng.range(1, 10), 50, MAX_PILE, false),
            Size::Max => (MAX_CASES, MAX_GAMES, MAX_PILE, true),
            Size::N(k) => (k.max(1), MAX_GAMES, MAX_PILE, true),
        };
        (0..cases)
            .map(|_| {
                let n = if full { most } else { rng.range(1, most) };
                // With many games the deepest pair decides; a smaller cap in
                // half of the cases varies which one (and so the winner).
                let cap = if rng.chance(1, 2) {
                    max
                } else {
                    rng.range(1, max)
                };
                (0..n).map(|_| game(&mut rng, cap)).collect()
            })
            .collect()
    }

    /// Fewer cases, fewer games (at least one), or a pile halved or
    /// decremented.
    fn shrink(input: Self::Input) -> impl Iterator<Item = Self::Input> + 'static {
        shrink::list_cases(input, 1, |&(p, q)| {
            let mut smaller: Vec<(u64, u64)> = shrink::halve_or_decrement(p, 0)
                .into_iter()
                .map(|p| (p, q))
                .collect();
            smaller.extend(shrink::halve_or_decrement(q, 0).into_iter().map(|q| (p, q)));
            smaller
        })
    }
}
