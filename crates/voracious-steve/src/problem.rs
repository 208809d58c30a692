//! Voracious Steve as a [`Problem`] of the test kit: generator, lazy
//! shrinker and the exhaustive range, for the generic suite and `cargo
//! xtask`.

use crate::{Case, Form, Input, JUDGE_MAX_N, brute};
use cgt_testkit::generate::Rng;
use cgt_testkit::{Problem, Size, shrink};

/// The largest n of [`VoraciousSteve::exhaustive`]: the brute force's
/// bound, [`brute::MAX_DONUTS`].
pub const EXHAUSTIVE_MAX_N: u32 = brute::MAX_DONUTS;

/// The problem `voracious-steve`: its judge input is a form (SPOJ's count
/// first, or bare pairs) and a list of cases `n m`.
#[derive(Clone, Copy, Debug)]
pub struct VoraciousSteve;

impl Problem for VoraciousSteve {
    const NAME: &'static str = "voracious-steve";
    const GENERATED_FIXTURES: &'static [(&'static str, u64, Size)] = &[("max.in", 1, Size::Max)];

    type Input = Input;

    cgt_testkit::judge_functions!();

    /// Every pair 1 ≤ m ≤ n ≤ [`EXHAUSTIVE_MAX_N`] (820 cases): one input
    /// per m, with n from m up (the brute force's positions depend on m, so
    /// one input shares one memo), SPOJ's form for odd m and bare pairs for
    /// even m.
    fn exhaustive() -> impl Iterator<Item = Self::Input> {
        (1..=EXHAUSTIVE_MAX_N).map(|m| Input {
            form: if m % 2 == 1 {
                Form::Counted
            } else {
                Form::Pairs
            },
            cases: (m..=EXHAUSTIVE_MAX_N).map(|n| Case { n, m }).collect(),
        })
    }

    /// `Tiny` has up to 8 cases with n ≤ 20 (inside the brute force's
    /// bound), `Small` up to 20 cases with n ≤ 100, `Max` is every pair
    /// 1 ≤ m ≤ n ≤ 100 (5050 cases) in a shuffled order in the SPOJ form,
    /// and `N(k)` is k cases with n ≤ 100. The form (SPOJ, pairs, one pair)
    /// is picked by the seed; the pairs lean to the edges m = n, m = 1,
    /// m = n − 1, n at its largest, and repeat earlier pairs and values of m.
    fn generate(seed: u64, size: Size) -> Self::Input {
        let mut rng = Rng::new(seed);
        if size == Size::Max {
            let mut cases: Vec<Case> = (1..=JUDGE_MAX_N)
                .flat_map(|n| (1..=n).map(move |m| Case { n, m }))
                .collect();
            rng.shuffle(&mut cases);
            return Input {
                form: Form::Counted,
                cases,
            };
        }
        let (count, max_n) = match size {
            Size::Tiny => (rng.range(1, 8), 20),
            Size::Small => (rng.range(1, 20), u64::from(JUDGE_MAX_N)),
            Size::N(k) => (k.max(1), u64::from(JUDGE_MAX_N)),
            Size::Max => unreachable!("handled above"),
        };
        let form = match rng.below(3) {
            0 => Form::Counted,
            _ => Form::Pairs,
        };
        // A third of the inputs of one case use the one-pair (Baekjoon)
        // form, the others may have many.
        let count = if rng.chance(1, 3) && !matches!(size, Size::N(_)) {
            1
        } else {
            count
        };
        let mut cases: Vec<Case> = Vec::new();
        for _ in 0..count {
            if let Some(&previous) = cases.last().filter(|_| rng.chance(1, 8)) {
                cases.push(previous);
                continue;
            }
            let n = match rng.below(6) {
                0 => max_n,
                1 => rng.range(1, 3),
                _ => rng.range(1, max_n),
            };
            let m = match rng.below(7) {
                0 => n,
                1 => 1,
                2 => (n - 1).max(1),
                3 => rng.range(1, n.min(3)),
                4 if !cases.is_empty() => {
                    // The m of an earlier case, where it fits.
                    let earlier = u64::from(rng.pick(&cases).m);
                    earlier.min(n)
                }
                _ => rng.range(1, n),
            };
            cases.push(Case {
                n: n as u32,
                m: m as u32,
            });
        }
        Input { form, cases }
    }

    /// The SPOJ form without its count, then fewer cases, or one case with
    /// a smaller n (m lowered to fit) or a smaller m, within the limits
    /// (at least one case, 1 ≤ m ≤ n).
    fn shrink(input: Self::Input) -> impl Iterator<Item = Self::Input> + 'static {
        let Input { form, cases } = input;
        let uncounted = (form == Form::Counted && !cases.is_empty()).then(|| Input {
            form: Form::Pairs,
            cases: cases.clone(),
        });
        let smaller = |&Case { n, m }: &Case| -> Vec<Case> {
            let fewer_donuts = [n / 2, n - 1]
                .into_iter()
                .filter(|&k| k >= 1 && k < n)
                .map(|k| Case { n: k, m: m.min(k) });
            let smaller_takes = [1, m / 2, m - 1]
                .into_iter()
                .filter(|&k| k >= 1 && k < m)
                .map(|k| Case { n, m: k });
            let mut all: Vec<Case> = fewer_donuts.chain(smaller_takes).collect();
            all.dedup();
            all
        };
        // All the cases as the one list of `list_cases`.
        let edits = shrink::list_cases(vec![cases], 1, smaller).map(move |mut lists| Input {
            form,
            cases: lists.pop().expect("list_cases keeps the only list"),
        });
        uncounted.into_iter().chain(edits)
    }
}
