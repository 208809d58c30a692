//! Every canonical game born by day 3 (and a sample of day 4): the written
//! form reads back as the same game and is a function of the value; every
//! property `cgt eval --json` reports exists; the thermograph's walls
//! are the stops of the cooled game.

mod common;

use common::XorShift;

use cgt_core::canonical::{GameId, GameStore};
use cgt_core::dyadic::Dyadic;

/// The canonical games born by day `days` (days 0 to 3).
fn born_by(store: &mut GameStore, days: u32) -> Vec<GameId> {
    store.born_by(days).expect("days 0 to 3")
}

/// Games born on day 4: `count` pseudo-random pairs of sets of day-3 games.
fn day4_sample(store: &mut GameStore, day3: &[GameId], count: usize) -> Vec<GameId> {
    let mut sequence = XorShift(0x9e37_79b9_7f4a_7c15);
    let mut next = |n: usize| sequence.below(n);
    let mut out = Vec::new();
    for _ in 0..count {
        let (nl, nr) = (1 + next(3), 1 + next(3));
        let left: Vec<GameId> = (0..nl).map(|_| day3[next(day3.len())]).collect();
        let right: Vec<GameId> = (0..nr).map(|_| day3[next(day3.len())]).collect();
        out.push(store.game(&left, &right).expect("small games"));
    }
    out.sort();
    out.dedup();
    out
}

#[test]
fn there_are_1474_games_born_by_day_3() {
    let mut store = GameStore::new();
    assert_eq!(born_by(&mut store, 1).len(), 4);
    assert_eq!(born_by(&mut store, 2).len(), 22);
    assert_eq!(born_by(&mut store, 3).len(), 1474);
}

#[test]
fn written_forms_read_back_and_are_functions_of_the_value() {
    let mut store = GameStore::new();
    let day3 = born_by(&mut store, 3);
    let day4 = day4_sample(&mut store, &day3, 1500);
    for &g in day3.iter().chain(&day4) {
        let text = store.display(g);
        assert_eq!(store.parse(&text), Ok(g), "{text}");
        assert_eq!(store.display(g), text, "{text} is written twice alike");
    }
    // In a store that met the followers in another order.
    let mut other = GameStore::new();
    let mut reversed: Vec<GameId> = day3.clone();
    reversed.reverse();
    for &g in reversed.iter().take(400) {
        let text = store.display(g);
        let h = other.parse(&text).expect("reads");
        assert_eq!(other.display(h), text);
    }
}

#[test]
fn every_json_property_exists_by_day_3_and_on_day_4_samples() {
    let mut store = GameStore::new();
    let day3 = born_by(&mut store, 3);
    let day4 = day4_sample(&mut store, &day3, 3000);
    let overflow = store.parse("{2|0,{0|-1},{0|0,{0|-1}}||0}").expect("valid");
    let mut weights = 0;
    for &g in day3.iter().chain(&day4).chain([&overflow]) {
        let text = store.display(g);
        let _ = store.outcome(g);
        let (left, right) = (store.left_stop(g), store.right_stop(g));
        assert!(left >= right, "{text}");
        let thermograph = store
            .thermograph(g)
            .unwrap_or_else(|e| panic!("{text}: thermograph: {e}"));
        let mean = store
            .mean(g)
            .unwrap_or_else(|e| panic!("{text}: mean: {e}"));
        assert_eq!(mean, thermograph.mast());
        let temperature = store
            .temperature(g)
            .unwrap_or_else(|e| panic!("{text}: temperature: {e}"));
        // Day 4 at most, and day 5 for the example.
        assert!(store.birthday(g) <= 5, "{text}");
        let reduced = store
            .reduced(g)
            .unwrap_or_else(|e| panic!("{text}: reduced: {e}"));
        assert_eq!(store.left_stop(reduced), left, "{text}");
        // An atomic weight exists exactly for the atomic infinitesimals; a
        // game that is not infinitesimal has none.
        match store.atomic_weight(g) {
            Some(_) => {
                assert!(store.is_infinitesimal(g), "{text}");
                weights += 1;
            }
            None => assert!(
                !store.is_infinitesimal(g) || !store.is_all_small(g),
                "{text}: an all-small game has a weight"
            ),
        }
        // The walls are the stops of the cooled game at each breakpoint.
        let breakpoints: Vec<Dyadic> = thermograph
            .left
            .points()
            .iter()
            .chain(thermograph.right.points())
            .map(|&(t, _)| t)
            .filter(|t| !t.is_negative() && *t <= temperature)
            .collect();
        for t in breakpoints {
            let cooled = store.cool(g, t).expect("t >= 0");
            let at = |trajectory: &cgt_core::thermograph::Trajectory| trajectory.value_at(t);
            assert_eq!(
                at(&thermograph.left),
                Some(store.left_stop(cooled)),
                "{text} at {t}"
            );
            assert_eq!(
                at(&thermograph.right),
                Some(store.right_stop(cooled)),
                "{text} at {t}"
            );
        }
    }
    assert!(weights > 500, "{weights}");
}

#[test]
fn uptimals_are_written_by_their_expansion() {
    // x + a1·↑ + a2·↑² + a3·↑³ + *m built from sums, for small coefficients:
    // compact when CGSuite writes it so, and always read back.
    let mut store = GameStore::new();
    let powers: Vec<GameId> = (1..=3).map(|n| store.up_nth(n).expect("fits")).collect();
    let mut compact = 0;
    for number in ["0", "1", "-1/2"] {
        for a in -2i64..=2 {
            for b in -2i64..=2 {
                for c in -1i64..=1 {
                    for nim in 0..3u64 {
                        let x: Dyadic = number.parse().expect("dyadic");
                        let mut g = store.number_up_star(x, a, nim).expect("fits");
                        for (k, &count) in [b, c].iter().enumerate() {
                            for _ in 0..count.unsigned_abs() {
                                let p = powers[k + 1];
                                let term = if count < 0 { store.neg(p) } else { p };
                                g = store.add(g, term).expect("fits");
                            }
                        }
                        let text = store.display(g);
                        assert_eq!(store.parse(&text), Ok(g), "{text}");
                        let coefficients: Vec<i64> = {
                            let mut v = vec![a, b, c];
                            while v.last() == Some(&0) {
                                v.pop();
                            }
                            v
                        };
                        let unit = coefficients.iter().filter(|&&k| k != 0).count() <= 1
                            && coefficients.iter().all(|k| k.abs() <= 1);
                        let unit_sum = coefficients.first().is_some_and(|&f| f.abs() == 1)
                            && coefficients.iter().all(|&k| k == coefficients[0]);
                        let length = coefficients.len();
                        if length >= 2 && (unit || unit_sum) {
                            let symbol = if coefficients[length - 1] > 0 {
                                '^'
                            } else {
                                'v'
                            };
                            let (open, close) = if unit { ('<', '>') } else { ('[', ']') };
                            let prefix = if number == "0" {
                                String::new()
                            } else {
                                number.to_string()
                            };
                            let star = match nim {
                                0 => String::new(),
                                1 => "*".to_string(),
                                m => format!("*{m}"),
                            };
                            assert_eq!(
                                text,
                                format!("{prefix}{symbol}{open}{length}{close}{star}")
                            );
                            compact += 1;
                        } else if length >= 2 {
                            assert!(text.starts_with('{'), "{text}");
                        }
                    }
                }
            }
        }
    }
    assert!(compact > 20, "{compact}");
}
