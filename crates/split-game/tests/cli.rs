//! The `split-game` program's messages: each malformed input is rejected
//! with exit status 2 and a line that says what was expected and where.

#![cfg(feature = "testkit")]

use cgt_testkit::fixture::assert_rejects_all;

const EXE: &str = env!("CARGO_BIN_EXE_split-game");

#[test]
fn malformed_input_is_rejected_with_a_reason() {
    let many = format!("1\n10001\n{}", "0 ".repeat(10_001));
    assert_rejects_all(
        EXE,
        &[
            (
                b"",
                "expected the number of test cases t, found the end of the input",
            ),
            (b" \r\n\n", "expected the number of test cases t"),
            (
                b"1\n3\n1 x 2\n",
                "test case 1, token 4 (line 3): expected a bean count",
            ),
            (
                b"one\n",
                "token 1 (line 1): expected the number of test cases t",
            ),
            (b"1\n2\n-3 4\n", "found \"-3\""),
            (b"1\n2\n1 18446744073709551616\n", "(too large)"),
            (b"99999999999999999999\n", "(too large)"),
            (
                b"5\n2\n1 2\n",
                "the number of test cases t is 5, but the rest of the input holds at most",
            ),
            (
                b"1\n9\n1 2 3\n",
                "the number of bottles n is 9, but the rest of the input holds at most",
            ),
            (b"2\n1\n5\n1\n", "test case 2, end of input"),
            (
                b"1\n2\n5 6 7\n",
                "expected the end of the input, found \"7\"",
            ),
            // Beyond the judge's limits: no bottles, or more than this crate accepts.
            (
                b"1\n0\n",
                "test case 1, token 2 (line 2): expected the number of bottles n, an integer in 1..=10000, found \"0\"",
            ),
            (many.as_bytes(), "an integer in 1..=10000, found \"10001\""),
        ],
    );
}
