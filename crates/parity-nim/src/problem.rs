//! Parity Nim as a [`Problem`] of the test kit: generator, lazy shrinker
//! and the exhaustive range, for the generic suite and `cargo xtask`.

use crate::Flag;
use cgt_testkit::generate::Rng;
use cgt_testkit::{Problem, Size, enumerate, shrink};

/// The problem `parity-nim`: its judge input is a list of test cases, each
/// the list of its piles as (stones, flag).
#[derive(Clone, Copy, Debug)]
pub struct ParityNim;

impl Problem for ParityNim {
    const NAME: &'static str = "parity-nim";
    /// The judge's total: 10^6 piles, in ten cases of 10^5.
    const LARGEST: Size = Size::N(1_000_000);
    /// `max.in` is one case of 10^5 piles, a tenth of `Max`, to keep the
    /// repository small (see [`ParityNim::generate`]).
    const GENERATED_FIXTURES: &'static [(&'static str, u64, Size)] =
        &[("max.in", 1, Size::N(MAX_CASE_PILES))];

    type Input = Vec<Vec<(u64, Flag)>>;

    cgt_testkit::judge_functions!();

    /// Every position of [`small_positions`], 1000 cases per input.
    fn exhaustive() -> impl Iterator<Item = Self::Input> {
        enumerate::chunks(small_positions(), 1000)
    }

    /// `Tiny` stays within the exhaustive search's range (1 to 3 cases of
    /// at most 4 piles of at most 5 stones), `Small` has up to 10 cases of
    /// up to 50 piles of up to 1000 stones, `N(k)` has k piles of up to
    /// 10^9 stones in cases of at most 10^5 piles (so `N(1_000_000)` is the
    /// judge's limit), and `Max` is `N(1_000_000)`: ten cases of the
    /// judge's largest n, the judge's total, about 11 MB. The committed
    /// `max.in` is `N(100_000)` (which was `Max` before `Max` reached the
    /// limits): one case, the first of `Max`, small enough to commit.
    ///
    /// The cases are shaped where the answer is not obvious: mostly tame
    /// piles (flag 0, flag 1 with one stone) whose Nim sum is steered to 0
    /// or 1, with no wild pile or one (and, in the first case of `Max` and
    /// `N(k)`, steered so that Alice can tame it and win); also several wild
    /// piles, random flags, and piles of one size.
    fn generate(seed: u64, size: Size) -> Self::Input {
        let mut rng = Rng::new(seed);
        let (sizes, max_stones, fixed_shapes): (Vec<u64>, u64, bool) = match size {
            Size::Tiny => {
                let cases = rng.range(1, 3);
                ((0..cases).map(|_| rng.range(1, 4)).collect(), 5, false)
            }
            Size::Small => {
                let cases = rng.range(1, 10);
                ((0..cases).map(|_| rng.range(1, 50)).collect(), 1000, false)
            }
            Size::Max => (split_piles(MAX_TOTAL_PILES), 1_000_000_000, true),
            Size::N(k) => (split_piles(k), 1_000_000_000, true),
        };
        sizes
            .iter()
            .enumerate()
            .map(|(index, &n)| {
                let shape = if fixed_shapes {
                    [5, 0, 2, 3, 4, 1][index % 6]
                } else {
                    rng.below(6)
                };
                random_case(&mut rng, n as usize, max_stones, shape)
            })
            .collect()
    }

    /// Fewer cases, fewer piles, a pile halved or decremented, or its flag
    /// lowered (2 → 1 → 0), within the judge's limits (n ≥ 1, a_i ≥ 1).
    fn shrink(input: Self::Input) -> impl Iterator<Item = Self::Input> + 'static {
        shrink::list_cases(input, 1, |&(stones, flag)| {
            let mut smaller: Vec<(u64, Flag)> = shrink::halve_or_decrement(stones, 1)
                .into_iter()
                .map(|s| (s, flag))
                .collect();
            match flag {
                Flag::Any => {}
                Flag::Odd => smaller.push((stones, Flag::Any)),
                Flag::Even => smaller.push((stones, Flag::Odd)),
            }
            smaller
        })
    }
}

/// Every pile of 0..=`K / 3 - 1` stones with each flag, for the exhaustive
/// range.
const fn piles<const K: usize>() -> [(u64, Flag); K] {
    const FLAGS: [Flag; 3] = [Flag::Any, Flag::Odd, Flag::Even];
    let mut out = [(0, Flag::Any); K];
    let mut i = 0;
    while i < K {
        out[i] = ((i / 3) as u64, FLAGS[i % 3]);
        i += 1;
    }
    out
}

static UP_TO_5: [(u64, Flag); 18] = piles();
static UP_TO_4: [(u64, Flag); 15] = piles();
static UP_TO_2: [(u64, Flag); 9] = piles();

/// Every position of at most 3 piles of 0..=5 stones, of 4 piles of 0..=4
/// and of 5 piles of 0..=2, with every flag combination and pile order:
/// 115,849 positions, all within the brute force's bound.
///
/// # Example
/// ```
/// assert_eq!(parity_nim::problem::small_positions().count(), 115_849);
/// ```
pub fn small_positions() -> impl Iterator<Item = Vec<(u64, Flag)>> {
    enumerate::lists(3, &UP_TO_5)
        .chain(enumerate::lists_of_len(4, &UP_TO_4))
        .chain(enumerate::lists_of_len(5, &UP_TO_2))
}

/// The most piles in one generated case: the judge's limit on n.
const MAX_CASE_PILES: u64 = 100_000;

/// The piles of `Max`: the judge's limit on the sum of n.
const MAX_TOTAL_PILES: u64 = 1_000_000;

/// `piles` (at least 1) split into cases of at most [`MAX_CASE_PILES`].
fn split_piles(piles: u64) -> Vec<u64> {
    let piles = piles.max(1);
    let full = piles / MAX_CASE_PILES;
    let rest = piles % MAX_CASE_PILES;
    let mut sizes = vec![MAX_CASE_PILES; full as usize];
    if rest > 0 {
        sizes.push(rest);
    }
    sizes
}

/// One case of `n` piles of 1..=`max` stones in the given shape (0..=5).
fn random_case(rng: &mut Rng, n: usize, max: u64, shape: u64) -> Vec<(u64, Flag)> {
    let tame = |rng: &mut Rng| {
        if rng.chance(1, 6) {
            (1, Flag::Odd)
        } else {
            (rng.range(1, max), Flag::Any)
        }
    };
    let wild = |rng: &mut Rng| {
        if rng.chance(1, 2) {
            (rng.range(2, max), Flag::Odd)
        } else {
            (rng.range(1, max), Flag::Even)
        }
    };
    match shape {
        // Tame piles with no wild pile (0) or one (1, 5), Nim sum steered;
        // for 5, so that Alice wins.
        0 | 1 | 5 => {
            let mut piles: Vec<(u64, Flag)> = (0..n).map(|_| tame(rng)).collect();
            let skip = (shape != 0).then(|| rng.below(n as u64) as usize);
            if let Some(w) = skip {
                piles[w] = wild(rng);
            }
            if shape == 5 || rng.chance(2, 3) {
                let mut target = rng.below(2);
                // Shape 5, and half of shape 1: the sum that lets Alice tame
                // the wild pile.
                if let Some(w) = skip.filter(|_| shape == 5 || rng.chance(1, 2)) {
                    let (stones, flag) = &mut piles[w];
                    target = match flag {
                        Flag::Even => {
                            *stones -= *stones % 2;
                            *stones = (*stones).max(2);
                            0
                        }
                        _ => 1 - *stones % 2,
                    };
                }
                steer_xor(rng, &mut piles, skip, target, max);
            }
            piles
        }
        // Several wild piles among tame ones.
        2 => {
            let mut piles: Vec<(u64, Flag)> = (0..n).map(|_| tame(rng)).collect();
            let count = rng.range(2, 4).min(n as u64);
            for _ in 0..count {
                let w = rng.below(n as u64) as usize;
                piles[w] = wild(rng);
            }
            piles
        }
        // Uniformly random flags.
        3 => (0..n)
            .map(|_| {
                (
                    rng.range(1, max),
                    *rng.pick(&[Flag::Any, Flag::Odd, Flag::Even]),
                )
            })
            .collect(),
        // One size for every pile, random flags.
        _ => {
            let stones = rng.range(1, max);
            (0..n)
                .map(|_| {
                    (
                        stones,
                        *rng.pick(&[Flag::Any, Flag::Any, Flag::Odd, Flag::Even]),
                    )
                })
                .collect()
        }
    }
}

/// Tries to make the XOR of the piles other than `skip` equal `target` by
/// changing one flag-0 pile, re-drawing another one if the needed size is
/// out of 1..=`max`; leaves the sum as it is if that does not work out.
fn steer_xor(rng: &mut Rng, piles: &mut [(u64, Flag)], skip: Option<usize>, target: u64, max: u64) {
    let free: Vec<usize> = (0..piles.len())
        .filter(|&i| Some(i) != skip && piles[i].1 == Flag::Any)
        .collect();
    let Some((&last, others)) = free.split_last() else {
        return;
    };
    let mut rest = (0..piles.len())
        .filter(|&i| Some(i) != skip && i != last)
        .fold(0, |acc, i| acc ^ piles[i].0);
    for _ in 0..32 {
        let needed = rest ^ target;
        if (1..=max).contains(&needed) {
            piles[last].0 = needed;
            return;
        }
        let Some(&other) = others.get(rng.below(others.len().max(1) as u64) as usize) else {
            return;
        };
        let redrawn = rng.range(1, max);
        rest ^= piles[other].0 ^ redrawn;
        piles[other].0 = redrawn;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn generated_inputs_respect_the_judge_limits() {
        for size in [Size::Tiny, Size::Small, Size::N(7), Size::N(250_001)] {
            // One seed of the big size is enough.
            let seeds = if size == Size::N(250_001) { 1 } else { 20 };
            for seed in 0..seeds {
                let cases = ParityNim::generate(seed, size);
                for piles in &cases {
                    assert!((1..=100_000).contains(&piles.len()), "{size} {seed}");
                    assert!(piles.iter().all(|&(a, _)| (1..=1_000_000_000).contains(&a)));
                }
                if let Size::N(k) = size {
                    let total: usize = cases.iter().map(Vec::len).sum();
                    assert_eq!(total as u64, k);
                }
            }
        }
        let max = ParityNim::generate(1, Size::Max);
        assert_eq!(max.iter().map(Vec::len).collect::<Vec<_>>(), [100_000; 10]);
        // The committed `max.in` (one case) is the first case of `Max`.
        assert_eq!(ParityNim::generate(1, Size::N(100_000)), max[..1]);
    }

    #[test]
    fn generated_inputs_have_both_winners() {
        for size in [Size::Tiny, Size::Small] {
            let mut seen = [false; 2];
            for seed in 0..50 {
                for piles in ParityNim::generate(seed, size) {
                    seen[usize::from(crate::winning_move(&piles).is_some())] = true;
                }
            }
            assert_eq!(seen, [true, true], "{size}");
        }
    }
}
