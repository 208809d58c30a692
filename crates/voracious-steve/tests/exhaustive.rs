//! The DP against the literal game (`voracious_steve::brute`, on cgt-core's
//! score search over box, hands and the player to move): every (n, m) with
//! 1 ≤ m ≤ n ≤ 30 (the issue asks for n ≤ 20), and the value of every first
//! take, so the best first take is checked legal and optimal.

use cgt_core::generate::Size;
use cgt_core::search::ScoreSearch;
use voracious_steve::{Solver, brute};

/// Every n up to this; the issue names 20, and 30 still takes about a
/// second.
const MAX_N: u32 = 30;

#[test]
fn totals_and_first_takes_match_the_exhaustive_search() {
    let mut search = ScoreSearch::new();
    let mut solver = Solver::new();
    let (mut pairs, mut takes) = (0, 0);
    for n in 1..=MAX_N {
        for m in 1..=n {
            let expected = brute::steve_eats(&mut search, n, m).expect("small");
            assert_eq!(
                solver.steve_eats(n, m),
                expected,
                "Steve's total for input `{n} {m}`"
            );
            pairs += 1;
            let totals = solver.first_takes(n, m);
            assert_eq!(totals.len(), m as usize, "first takes of `{n} {m}`");
            for (take, &total) in (1..).zip(&totals) {
                let after = brute::steve_eats_after(&mut search, n, m, take).expect("legal");
                assert_eq!(total, after, "first take {take} in `{n} {m}`");
                takes += 1;
            }
            let first = solver.best_first_take(n, m);
            assert!(
                (1..=m).contains(&first.take),
                "illegal first take {first:?} in `{n} {m}`"
            );
            let after = brute::steve_eats_after(&mut search, n, m, first.take).expect("legal");
            assert_eq!(
                (first.steve_eats, after),
                (expected, expected),
                "first take {first:?} in `{n} {m}` is not optimal"
            );
        }
    }
    assert_eq!(pairs, 465);
    assert_eq!(takes, 4960);
}

#[test]
fn judge_functions_agree_on_generated_tiny_inputs() {
    for seed in 0..300 {
        let input = voracious_steve::generate(seed, Size::Tiny);
        let (mut fast, mut slow) = (Vec::new(), Vec::new());
        voracious_steve::solve(input.as_bytes(), &mut fast).expect("valid input");
        brute::solve(input.as_bytes(), &mut slow).expect("valid input");
        assert_eq!(fast, slow, "seed {seed}, input:\n{input}");
    }
}
