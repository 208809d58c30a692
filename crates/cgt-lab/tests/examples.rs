//! The examples: each game's preperiod, period and saltus, found by
//! computing (never written into the code under test), and how well each is
//! established.

use cgt_lab::{Game, Pattern, Status, analyse, naive_values};

fn found(text: &str, cap: usize) -> Option<(Pattern, Status)> {
    let game = Game::parse(text).expect("a valid game");
    analyse(&game, cap, &mut |_, _| {}).expect("computes").found
}

fn certified(text: &str, preperiod: usize, period: usize) {
    let game = Game::parse(text).expect("a valid game");
    let analysis = analyse(&game, game.default_cap(), &mut |_, _| {}).expect("computes");
    let expected = Pattern {
        preperiod,
        period,
        saltus: 0,
    };
    assert_eq!(
        analysis.found,
        Some((expected, Status::Certified)),
        "{text}"
    );
    // The certificate's bound lies inside the computed range.
    let t = game.code().and_then(|c| c.last_nonzero()).expect("finite");
    assert!(2 * preperiod.max(1) + 2 * period + t - 1 <= analysis.checked_upto);
    // And the values really repeat there (checked against the naive engine).
    let code = game.code().expect("a code");
    let values = naive_values(code, analysis.checked_upto.min(3000)).expect("computes");
    for n in preperiod..values.len() - period {
        assert_eq!(values[n + period], values[n], "{text} at {n}");
    }
    if preperiod > 0 {
        let n = preperiod - 1;
        assert_ne!(values[n + period], values[n], "{text}: preperiod not least");
    }
}

#[test]
fn kayles() {
    certified("0.77", 71, 12);
}

#[test]
fn dawsons_kayles() {
    certified("0.07", 53, 34);
}

#[test]
fn dawsons_chess() {
    certified("0.137", 52, 34);
}

#[test]
fn octal_045() {
    certified("0.45", 498, 20);
}

#[test]
fn subtraction_games() {
    certified("S(1,3,4)", 0, 7);
    certified("S(2,5,7)", 0, 22);
}

#[test]
fn lasker_nim_is_observed_with_saltus_4() {
    let expected = Pattern {
        preperiod: 1,
        period: 4,
        saltus: 4,
    };
    assert_eq!(found("4.(3)", 4095), Some((expected, Status::Observed)));
}

#[test]
fn nim_is_observed_with_saltus_1() {
    let expected = Pattern {
        preperiod: 0,
        period: 1,
        saltus: 1,
    };
    assert_eq!(found("0.(3)", 4095), Some((expected, Status::Observed)));
}

#[test]
fn officers_claims_no_period() {
    // 0.6 has no known period: nothing may be claimed, at any length tried.
    for cap in [100, 1000, 1 << 14] {
        assert_eq!(found("0.6", cap), None, "cap {cap}");
    }
}

#[test]
fn a_short_range_certifies_nothing_and_guesses_nothing() {
    // Kayles up to 100: the period 12 from 71 is not yet over half the range.
    assert_eq!(found("0.77", 100), None);
    // 0.45 up to 900: the period 20 holds from 498 on, but 498 > 900 / 2
    // and the Guy-Smith bound (2 * 498 + 2 * 20 + 1) is out of reach.
    assert_eq!(found("0.45", 900), None);
    // Up to 1000, 498 <= 1000 / 2: observed, not certified.
    let expected = Pattern {
        preperiod: 498,
        period: 20,
        saltus: 0,
    };
    assert_eq!(found("0.45", 1000), Some((expected, Status::Observed)));
}

#[test]
fn the_doubling_stops_at_the_certificate() {
    let game = Game::parse(".16").expect("valid");
    let analysis = analyse(&game, game.default_cap(), &mut |_, _| {}).expect("computes");
    let expected = Pattern {
        preperiod: 105_351,
        period: 149_459,
        saltus: 0,
    };
    assert_eq!(analysis.found, Some((expected, Status::Certified)));
    assert_eq!(analysis.game, "0.16");
    // The bound is 509,621; the search must not run far past it.
    assert!((509_621..=1 << 20).contains(&analysis.checked_upto));
}

#[test]
fn the_max_in_the_guy_smith_bound_matters() {
    // 0.4 starts 0, 0, 0, 1. On G(0..=2) period 1 from 0 passes the plain
    // bound (n < 2 * 0 + 1 + 1) but not the real one (n < 2 * 1 + 1 + 1).
    let code = "0.4".parse().expect("valid");
    let values = naive_values(&code, 3).expect("computes");
    assert_eq!(values, [0, 0, 0, 1]);
    // (Three equal values do count as three observed periods.)
    let short = cgt_lab::find_pattern(&values[..3], Some(1));
    assert!(matches!(short, Some((_, Status::Observed))), "{short:?}");
    assert!(!matches!(found("0.4", 2), Some((_, Status::Certified))));
    // One value more and the pattern is gone.
    assert_eq!(cgt_lab::find_pattern(&values, Some(1)), None);
}
