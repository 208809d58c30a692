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

/// The values a certified period fills in are the engine's, byte for byte,
/// for codes certified early (0.07 at 142, 0.77 at 82), late or never
/// within the range (0.6, .16), and for games with no certificate.
#[test]
fn values_from_a_certified_period_are_the_engines() {
    for (code, upto) in [
        ("0.07", 20_000),
        ("0.77", 20_000),
        ("0.137", 20_000),
        ("0.51", 20_000),
        ("0.6", 20_000),
        (".16", 20_000),
        ("0.07", 100),
        ("0.07", 0),
        ("4.(3)", 3000),
        ("S(1,3,4)", 3000),
    ] {
        let game = Game::parse(code).expect("parses");
        let mut engine = cgt_lab::Sequence::with_threads(&game, 1);
        engine.extend_to(upto, &mut |_, _| {}).expect("computes");
        let filled = cgt_lab::values_until(&game, upto, 1, &mut |_, _| true)
            .expect("computes")
            .expect("not stopped");
        assert_eq!(&filled, engine.values(), "{code} to {upto}");
    }
    let dawson = Game::parse("0.07").expect("parses");
    let stopped = cgt_lab::values_until(&dawson, 1 << 20, 1, &mut |_, _| false);
    assert_eq!(stopped, Ok(None));
    let too_far = cgt_lab::values_until(&dawson, usize::MAX, 1, &mut |_, _| true);
    assert!(matches!(too_far, Err(cgt_lab::ComputeError::TooFar { .. })));
}

/// A resumed table is checked against the rules: the engine's own values
/// pass, and a table with one value changed fails wherever the change is
/// on the checked stretches (first 4096, last 64); a table of zeros fails.
#[test]
fn a_resumed_table_is_checked_against_the_rules() {
    let game = Game::parse("0.6").expect("parses");
    let values = game.values(9_999).expect("computes");
    assert!(cgt_lab::Sequence::resume(&game, 1, values.clone()).is_ok());
    for at in [1, 100, 4095, 9_936, 9_999] {
        let mut forged = values.clone();
        forged[at] ^= 1;
        let error = cgt_lab::Sequence::resume(&game, 1, forged).err();
        assert!(
            matches!(error, Some(cgt_lab::ResumeError::NotMex { n, .. }) if n <= at),
            "a change at {at}: {error:?}"
        );
    }
    let zeros = cgt_lab::Sequence::resume(&game, 1, vec![0; 70_000]).err();
    assert!(
        matches!(zeros, Some(cgt_lab::ResumeError::NotMex { .. })),
        "{zeros:?}"
    );
    // Every position of the middle wrong: the sample finds one.
    let mut shifted = values.clone();
    for v in &mut shifted[4096..9_936] {
        *v += 1;
    }
    let error = cgt_lab::Sequence::resume(&game, 1, shifted).err();
    assert!(
        matches!(error, Some(cgt_lab::ResumeError::NotMex { n, .. }) if n >= 4096),
        "{error:?}"
    );
    let kayles = Game::parse("0.(7)").expect("parses");
    assert_eq!(
        cgt_lab::Sequence::resume(&kayles, 1, vec![0u32, 1]).err(),
        Some(cgt_lab::ResumeError::NotFiniteOctal)
    );
}

#[test]
fn the_limit_of_upto_is_one_check() {
    let game = Game::parse("0.6").expect("parses");
    assert_eq!(
        cgt_lab::check_upto(&game, u64::from(u32::MAX)),
        Ok(u32::MAX as usize)
    );
    let error = cgt_lab::check_upto(&game, 1 << 40).expect_err("beyond 2^32 - 1");
    assert_eq!(
        error.to_string(),
        "expected a number in 0..=4294967295 for 0.6"
    );
    let nim = Game::parse("0.(3)").expect("parses");
    assert!(cgt_lab::check_upto(&nim, 1 << 22).is_ok());
    assert!(cgt_lab::check_upto(&nim, (1 << 22) + 1).is_err());
    // The analysis is refused before it starts, not when it reaches 2^32.
    let refused = cgt_lab::analyse_until(&game, 1 << 40, &mut |_, _| true);
    assert!(
        matches!(refused, Err(cgt_lab::ComputeError::TooFar { .. })),
        "{refused:?}"
    );
}
