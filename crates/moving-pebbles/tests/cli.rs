//! The `moving-pebbles` program's messages: each malformed input is rejected
//! with exit status 2 and a line that says what was expected and where.

#![cfg(feature = "testkit")]

use cgt_testkit::fixture::assert_rejects_all;

const EXE: &str = env!("CARGO_BIN_EXE_moving-pebbles");

#[test]
fn malformed_input_is_rejected_with_a_reason() {
    assert_rejects_all(
        EXE,
        &[
            (
                b"",
                "test case 1, end of input (after token 0, line 1): \
             expected the number of piles n, found the end of the input",
            ),
            (b" \r\n\n", "expected the number of piles n, found the end"),
            (
                b"3 2 x 3\n",
                "test case 1, token 3 (line 1): expected a pile size, \
             a string of decimal digits, found \"x\"",
            ),
            (
                b"two 1 1\n",
                "token 1 (line 1): expected the number of piles n",
            ),
            (b"2 -3 4\n", "found \"-3\""),
            (b"2 +3 4\n", "found \"+3\""),
            (b"2 3.0 4\n", "found \"3.0\""),
            (b"18446744073709551616 1\n", "(too large)"),
            (
                b"1000000 1 2 3\n",
                "the number of piles n is 1000000, but the rest of the input holds at most",
            ),
            (
                b"3 2 1 3\n9 5\n",
                "test case 2, token 5 (line 2): the number of piles n is 9, but the rest",
            ),
            (b"3 2 1 3\n4 1 1\n2\n", "test case 2, end of input"),
            // The judge wants at least one pile per case.
            (
                b"3 2 1 3\n0\n",
                "test case 2, token 5 (line 2): expected the number of piles n, an integer in 1..=",
            ),
        ],
    );
}
