//! The rulesets crate reads CGSuite's take-and-break codes with a reader
//! of its own (CGSuite's digits, modifiers and repeating blocks, which the
//! lab's codes do not have); on the codes both read, its rules give the
//! lab's values. Every code `d0.d1d2` with hexadecimal digits (d0 splitting
//! only), and the lab's repeating codes in CGSuite's brackets.

use cgt_core::heap::grundy_table;
use cgt_lab::Game;
use cgt_rulesets::take_and_break::Code;

/// G(0) to G(upto) of a code in CGSuite's notation, by the rulesets crate.
fn cgsuite_values(code: &str, upto: usize) -> Vec<u32> {
    let code = Code::parse(code).unwrap_or_else(|e| panic!("{code}: {e}"));
    grundy_table(&code, upto + 1)
        .expect("heaps shrink")
        .iter()
        .map(|g| u32::try_from(g.value()).expect("a small value"))
        .collect()
}

#[test]
fn every_short_hexadecimal_code_has_the_labs_values() {
    const HEX: &str = "0123456789ABCDEF";
    for d0 in ['0', '4', '8', 'C'] {
        for d1 in HEX.chars() {
            for d2 in HEX.chars() {
                let code = format!("{d0}.{d1}{d2}");
                let lab = Game::parse(&code).expect("the lab reads it");
                let expected = lab.values(40).expect("values");
                assert_eq!(cgsuite_values(&code, 40), expected, "{code}");
            }
        }
    }
}

#[test]
fn repeating_codes_have_the_labs_values() {
    for (lab, cgsuite) in [
        ("0.(3)", "0.[3]"),
        ("4.(3)", "4.[3]"),
        ("0.(7)", "0.[7]"),
        ("0.1(6)", "0.1[6]"),
        ("0.3F(1)", "0.3F[1]"),
        ("8.0(2)", "8.0[2]"),
        ("0.137", "0.137"),
        ("0.4F", "0.4F"),
    ] {
        let expected = Game::parse(lab).expect(lab).values(150).expect("values");
        assert_eq!(cgsuite_values(cgsuite, 150), expected, "{cgsuite}");
    }
}
