//! What the generic suite cannot check: the typed API against the literal
//! game (`voracious_steve::brute`, on cgt-core's score memo over box, hands
//! and the player to move) on every (n, m) with 1 ≤ m ≤ n ≤ 40: the value
//! of every first take, so the best first take is checked legal and
//! optimal.

#![cfg(feature = "testkit")]

use cgt_core::scoring::ScoreMemo;
use voracious_steve::Solver;
use voracious_steve::brute::{self, Rules};
use voracious_steve::problem::EXHAUSTIVE_MAX_N as MAX_N;

#[test]
fn totals_and_first_takes_match_the_exhaustive_search() {
    let mut memo = ScoreMemo::new(Rules);
    let mut solver = Solver::new();
    let (mut pairs, mut takes) = (0, 0);
    for n in 1..=MAX_N {
        for m in 1..=n {
            let expected = brute::steve_eats(&mut memo, n, m).expect("small");
            assert_eq!(
                solver.steve_eats(n, m),
                expected,
                "Steve's total for input `{n} {m}`"
            );
            pairs += 1;
            let totals = solver.first_takes(n, m);
            assert_eq!(totals.len(), m as usize, "first takes of `{n} {m}`");
            for (take, &total) in (1..).zip(&totals) {
                let after = brute::steve_eats_after(&mut memo, n, m, take).expect("legal");
                assert_eq!(total, after, "first take {take} in `{n} {m}`");
                takes += 1;
            }
            let first = solver.best_first_take(n, m);
            assert!(
                (1..=m).contains(&first.take),
                "illegal first take {first:?} in `{n} {m}`"
            );
            let after = brute::steve_eats_after(&mut memo, n, m, first.take).expect("legal");
            assert_eq!(
                (first.steve_eats, after),
                (expected, expected),
                "first take {first:?} in `{n} {m}` is not optimal"
            );
        }
    }
    assert_eq!(pairs, 820);
    assert_eq!(takes, 11480);
}
