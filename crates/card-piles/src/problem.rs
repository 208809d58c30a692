//! The card game as a [`Problem`] of the test kit: generator, lazy shrinker
//! and the exhaustive range, for the generic suite and `cargo xtask`.

use crate::{Case, MAX_CARDS};
use cgt_testkit::generate::Rng;
use cgt_testkit::{Problem, Size, enumerate, shrink};

/// The problem `card-piles`: its judge input is a list of test cases, each
/// two piles of equal length.
#[derive(Clone, Copy, Debug)]
pub struct CardPiles;

impl Problem for CardPiles {
    const NAME: &'static str = "card-piles";
    const GENERATED_FIXTURES: &'static [(&'static str, u64, Size)] = &[("max.in", 1, Size::Max)];

    type Input = Vec<Case>;

    cgt_testkit::judge_functions!();

    /// Every pair of piles of N ≤ 4 cards each with scores 1..=3 (7381
    /// cases, N = 0 included), 100 cases per input.
    fn exhaustive() -> impl Iterator<Item = Self::Input> {
        let cases = (0..=4).flat_map(|n| {
            enumerate::lists_of_len(2 * n, &[1, 2, 3])
                .map(move |cards| (cards[..n].to_vec(), cards[n..].to_vec()))
        });
        enumerate::chunks(cases, 100)
    }

    /// `Tiny` has 1..=3 cases of 1..=6 cards per pile with small scores
    /// (inside the brute force's bound), `Small` 1..=10 cases of 1..=20
    /// cards up to 10^4, `Max` 100 cases of 20 random cards in 1..=10^4 (the
    /// judge's limits), and `N(k)` one case of k cards per pile (clamped to
    /// 1..=50). Except in `Max`, a case takes one of several shapes: random,
    /// all equal, palindromic piles, two equal piles, or one pile of big
    /// cards.
    fn generate(seed: u64, size: Size) -> Self::Input {
        let mut rng = Rng::new(seed);
        let (cases, min_n, max_n, max_score) = match size {
            Size::Tiny => (rng.range(1, 3), 1, 6, *rng.pick(&[2, 3, 10])),
            Size::Small => (rng.range(1, 10), 1, 20, 10_000),
            Size::Max => (100, 20, 20, 10_000),
            Size::N(k) => {
                let n = k.clamp(1, MAX_CARDS as u64);
                (1, n, n, 10_000)
            }
        };
        (0..cases)
            .map(|_| {
                let n = rng.range(min_n, max_n) as usize;
                let shape = if size == Size::Max { 0 } else { rng.below(5) };
                let pile = |rng: &mut Rng| -> Vec<u32> {
                    (0..n).map(|_| rng.range(1, max_score) as u32).collect()
                };
                match shape {
                    1 => {
                        let score = rng.range(1, max_score) as u32;
                        (vec![score; n], vec![score; n])
                    }
                    2 => {
                        let mirror = |rng: &mut Rng| -> Vec<u32> {
                            let half = pile(rng);
                            (0..n).map(|i| half[i.min(n - 1 - i)]).collect()
                        };
                        (mirror(&mut rng), mirror(&mut rng))
                    }
                    3 => {
                        let first = pile(&mut rng);
                        (first.clone(), first)
                    }
                    4 => {
                        let small: Vec<u32> = (0..n)
                            .map(|_| rng.range(1, max_score.min(3)) as u32)
                            .collect();
                        (small, vec![max_score as u32; n])
                    }
                    _ => (pile(&mut rng), pile(&mut rng)),
                }
            })
            .collect()
    }

    /// Fewer cases, the same places of both piles dropped (so N stays the
    /// piles' common length), or one score halved or decremented, within the
    /// judge's limits (T ≥ 1, N ≥ 1, scores ≥ 1; a 0 stays 0).
    fn shrink(input: Self::Input) -> impl Iterator<Item = Self::Input> + 'static {
        // A case as its N rows (card i of pile 1, card i of pile 2).
        let rows: Vec<Vec<(u32, u32)>> = input
            .into_iter()
            .map(|(first, second)| first.into_iter().zip(second).collect())
            .collect();
        let smaller = |&(a, b): &(u32, u32)| -> Vec<(u32, u32)> {
            let lower = |v: u32| {
                shrink::halve_or_decrement(u64::from(v), 1)
                    .into_iter()
                    .map(|w| u32::try_from(w).expect("smaller than a u32"))
            };
            lower(a)
                .map(|a| (a, b))
                .chain(lower(b).map(|b| (a, b)))
                .collect()
        };
        shrink::list_cases(rows, 1, smaller).map(|cases| {
            cases
                .into_iter()
                .map(|rows| rows.into_iter().unzip())
                .collect()
        })
    }
}
