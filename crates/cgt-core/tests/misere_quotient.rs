//! Misère quotients against the figures Plambeck and Siegel publish, and
//! against a plain misère search of the rules.

use cgt_core::heap::{HeapGame, HeapOptions, HeapSum};
use cgt_core::impartial::ImpartialGame;
use cgt_core::misere::MisereMemo;
use cgt_core::misere_quotient::{Limits, MisereQuotient, Stop};
use cgt_core::outcome::Outcome;

/// A finite octal code d0.d1d2…, read here so that cgt-core's tests need
/// no other crate: digit k's bit 1 lets k tokens be taken as a whole heap,
/// bit 2 leaving one heap, bit 4 leaving two.
struct Octal(Vec<u8>);

fn octal(code: &str) -> Octal {
    let digits = code.split_once('.').map_or("", |(_, d)| d);
    let mut all = vec![0];
    all.extend(digits.bytes().map(|b| b - b'0'));
    Octal(all)
}

impl HeapGame for Octal {
    fn heap_options(&self, n: usize, options: &mut HeapOptions) {
        for (take, &digit) in self.0.iter().enumerate().skip(1) {
            if take > n {
                break;
            }
            let rest = n - take;
            if digit & 1 != 0 && rest == 0 {
                options.push(&[]);
            }
            if digit & 2 != 0 && rest > 0 {
                options.push(&[rest]);
            }
            if digit & 4 != 0 {
                for a in 1..=rest / 2 {
                    options.push(&[a, rest - a]);
                }
            }
        }
    }
}

fn quotient(code: &str, max_heap: usize) -> MisereQuotient {
    MisereQuotient::compute(&octal(code), max_heap, Limits::default(), &mut |_, _| {})
        .unwrap_or_else(|e| panic!("{code}: {e}"))
}

/// Every multiset of heaps 1..=max_heap with at most `count` heaps.
fn sums(max_heap: usize, count: usize) -> Vec<Vec<usize>> {
    let mut all = vec![Vec::new()];
    let mut layer = vec![Vec::new()];
    for _ in 0..count {
        let mut next = Vec::new();
        for sum in &layer {
            let low = sum.last().copied().unwrap_or(1);
            for h in low..=max_heap {
                let mut s: Vec<usize> = sum.clone();
                s.push(h);
                next.push(s);
            }
        }
        all.extend(next.iter().cloned());
        layer = next;
    }
    all
}

/// The quotient's outcome of every sum of up to `count` heaps up to
/// `max_heap` is the search's, and its winning move wins.
fn agrees_with_search(code: &str, max_heap: usize, count: usize) -> usize {
    let q = quotient(code, max_heap);
    let mut memo = MisereMemo::new(HeapSum(octal(code)));
    let mut checked = 0;
    for sum in sums(max_heap, count) {
        let (outcome, winning) = q.outcome(&sum).expect("heaps in range");
        let searched = memo.outcome_of_sum(&[HeapSum::<Octal>::position(&sum)]);
        assert_eq!(outcome, searched, "{code}: {sum:?}");
        if let Some(mv) = winning {
            let mut after = sum.clone();
            after.remove(mv.index);
            after.extend(&mv.to);
            let after = HeapSum::<Octal>::position(&after);
            assert_eq!(
                memo.outcome_of_sum(&[after]),
                Outcome::P,
                "{code}: {sum:?} {mv:?}"
            );
        } else if outcome == Outcome::N {
            // Only a sum with no move at all is won with no move to make.
            let mut options = Vec::new();
            HeapSum(octal(code)).options(&HeapSum::<Octal>::position(&sum), &mut options);
            assert!(options.is_empty(), "{code}: {sum:?} has no winning move");
        }
        checked += 1;
    }
    checked
}

#[test]
fn plambeck_siegel_0_75() {
    let q = quotient("0.75", 30);
    assert_eq!(q.presentation(), "<a,b,c | a2=1,b3=b,bc=ab,c2=b2>");
    assert_eq!(q.order(), 8);
    assert_eq!(q.p_portion_words(), ["a", "b2"]);
    assert_eq!(q.tame(), None);
}

#[test]
fn taming_the_wild_0_123_has_order_20() {
    let q = quotient("0.123", 24);
    assert_eq!(q.order(), 20);
    assert_eq!(
        q.presentation(),
        "<a,b,c,d,e | a2=1,b4=b2,b2c=c,b2d=b3,b2e=e,c2=c,cd=bc,ce=ac,d2=1,de=be,e2=c>"
    );
    assert_eq!(q.p_portion_words(), ["a", "c", "ad", "b2", "be"]);
    assert_eq!(q.tame(), None);
}

#[test]
fn tame_games_give_the_tame_quotients() {
    // 0.3 (take one) is misère Nim with heaps of 1: T1.
    let q = quotient("0.3", 12);
    assert_eq!((q.presentation().as_str(), q.order()), ("<a | a2=1>", 2));
    assert_eq!(q.tame().map(|t| t.to_string()).as_deref(), Some("T1"));
    // 0.33 and 0.333: Nim with heaps of at most 2 and 3: T2.
    for code in ["0.33", "0.333"] {
        let q = quotient(code, 12);
        assert_eq!(q.presentation(), "<a,b | a2=1,b3=b>", "{code}");
        assert_eq!(q.p_portion_words(), ["a", "b2"], "{code}");
        assert_eq!(q.tame().map(|t| t.to_string()).as_deref(), Some("T2"));
    }
    // 0.3333333: Nim with heaps up to 7: T3, of order 2^3 + 2.
    let q = quotient("0.3333333", 10);
    assert_eq!(q.order(), 10);
    assert_eq!(q.tame().map(|t| t.to_string()).as_deref(), Some("T3"));
}

#[test]
fn every_small_sum_agrees_with_a_plain_search() {
    for (code, max_heap, count) in [
        ("0.75", 9, 4),
        ("0.123", 10, 4),
        ("0.3", 6, 5),
        ("0.33", 7, 4),
        ("0.07", 9, 3),
    ] {
        let checked = agrees_with_search(code, max_heap, count);
        assert!(checked > 100, "{code}: only {checked} sums");
    }
}

#[test]
fn a_bound_stops_with_the_partial_quotient() {
    let limits = Limits {
        max_order: 6,
        ..Limits::default()
    };
    let stopped = MisereQuotient::compute(&octal("0.123"), 20, limits, &mut |_, _| {})
        .expect_err("0.123 passes 6 elements at heap 8");
    assert_eq!(stopped.reason, Stop::Order(6));
    assert_eq!(stopped.heap, 8);
    assert_eq!(stopped.partial.max_heap(), 7);
    assert_eq!(stopped.partial.order(), 6);
    assert_eq!(
        stopped.to_string(),
        "at heap 8: a candidate quotient outgrew 6 elements; the quotient of heaps up to 8 has at least 6 \
         (the quotient of heaps up to 7 has order 6)"
    );
}

/// The bound is on candidates, which can be larger than the quotient they
/// lead to: Q_30 of 0.07 has 360 elements, and a bound of 400 stops at heap
/// 30 all the same. So the message names a candidate, not the quotient.
#[test]
fn a_bound_stops_a_candidate_larger_than_the_quotient() {
    let game = octal("0.07");
    let q = MisereQuotient::compute(&game, 30, Limits::default(), &mut |_, _| {})
        .expect("Q_30 of 0.07 is well inside the default bounds");
    assert_eq!(q.order(), 360);
    let limits = Limits {
        max_order: 400,
        ..Limits::default()
    };
    let stopped = MisereQuotient::compute(&game, 30, limits, &mut |_, _| {})
        .expect_err("a candidate for Q_30 has more than 400 elements");
    assert_eq!(
        (stopped.reason.clone(), stopped.heap),
        (Stop::Order(400), 30)
    );
    assert!(
        stopped
            .to_string()
            .contains("a candidate quotient outgrew 400 elements"),
        "{stopped}"
    );
}

/// The quotients built each from the one before (no search of the game)
/// are those learnt from exact outcomes of sums (a plain misère search),
/// heap by heap: the same orders, presentation and P-portion.
#[test]
fn built_from_the_last_quotient_as_learnt_from_a_search() {
    for (code, max_heap) in [
        ("0.07", 12),
        ("0.123", 14),
        ("0.75", 14),
        ("0.4", 12),
        ("0.156", 12),
        ("0.51", 14),
        ("0.137", 9),
    ] {
        let built = quotient(code, max_heap);
        let learnt = MisereQuotient::compute_by_search(
            &octal(code),
            max_heap,
            Limits::default(),
            &mut |_, _| {},
        )
        .unwrap_or_else(|e| panic!("{code}: {e}"));
        assert_eq!(built.orders(), learnt.orders(), "{code}");
        assert_eq!(built.presentation(), learnt.presentation(), "{code}");
        assert_eq!(built.p_portion_words(), learnt.p_portion_words(), "{code}");
        let phi = |q: &MisereQuotient| {
            (0..=max_heap)
                .map(|n| q.phi(n).map(|x| q.word(x)))
                .collect::<Vec<_>>()
        };
        assert_eq!(phi(&built), phi(&learnt), "{code}");
    }
}

/// The partial quotients of 0.07 (Dawson's Kayles) to heap 26: those to
/// heap 17 are the ones the search path learns (in the test above to
/// heap 12, and by `compute_by_search` to 17 in 81 s), then 24 to heap
/// 24 and 144 at heaps 25 and 26.
#[test]
fn dawsons_kayles_to_26() {
    let q = quotient("0.07", 26);
    assert_eq!(
        q.orders(),
        [
            1, 1, 2, 2, 6, 6, 6, 6, 6, 6, 12, 12, 12, 12, 24, 24, 24, 24, 24, 24, 24, 24, 24, 24,
            24, 144, 144
        ]
    );
}

/// Plambeck and Siegel: the partial quotient of 0.07 (Dawson's Kayles)
/// with heaps up to 33 has order 638 (about 3 s of CPU with the test
/// profile's optimisation).
#[test]
fn dawsons_kayles_to_33_has_order_638() {
    let q = quotient("0.07", 33);
    assert_eq!(
        &q.orders()[25..],
        [144, 144, 176, 176, 176, 360, 520, 552, 638]
    );
    assert_eq!(q.order(), 638);
}

/// Plambeck and Siegel's periodicity theorem: Φ(n + p) = Φ(n) for
/// n0 ≤ n ≤ N − p proves the period once N + 1 ≥ 2·max(n0, 1) + 2p + k,
/// and not one heap before.
#[test]
fn the_periodicity_theorem_proves_the_period_once_the_window_is_long_enough() {
    use cgt_core::misere_quotient::Periodicity;
    for (code, k, preperiod, period) in [
        ("0.75", 2, 8, 2),
        ("0.123", 3, 5, 5),
        ("0.3", 1, 0, 2),
        ("0.33", 2, 0, 3),
        ("0.333", 3, 0, 4),
    ] {
        let first = 2 * usize::max(preperiod, 1) + 2 * period + k - 1;
        let proven = Periodicity { preperiod, period };
        assert_eq!(quotient(code, first).periodicity(k), Some(proven), "{code}");
        assert_eq!(quotient(code, first - 1).periodicity(k), None, "{code}");
        assert_eq!(
            quotient(code, first + 7).periodicity(k),
            Some(proven),
            "{code}"
        );
    }
    // Dawson's Kayles has no period to heap 30.
    assert_eq!(quotient("0.07", 30).periodicity(2), None);
}
