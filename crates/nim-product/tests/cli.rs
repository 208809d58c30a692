//! The program's own messages: each malformed input is rejected with exit
//! status 2 and a line that says what was expected and where.

#![cfg(feature = "testkit")]

use cgt_testkit::fixture::assert_rejects_all;

const EXE: &str = env!("CARGO_BIN_EXE_nim-product");

#[test]
fn malformed_input_is_rejected_with_a_reason() {
    assert_rejects_all(
        EXE,
        &[
            (
                b"",
                "expected the number of pairs T, found the end of the input",
            ),
            (b"0\n", "expected the number of pairs T, an integer in 1..="),
            (
                b"1\n3 x\n",
                "test case 1, token 3 (line 2): expected the number B",
            ),
            (b"1\n18446744073709551616 1\n", "(too large)"),
            (b"1\n-1 1\n", "found \"-1\""),
            (
                b"2\n1 2\n3\n",
                "test case 2, end of input (after token 4, line 4): expected the number B",
            ),
            (b"1\n1 2 3\n", "expected the end of the input, found \"3\""),
            (
                b"1\n1\n",
                "expected the number B, found the end of the input",
            ),
            (b"1000000\n1 2\n", "the number of pairs T is 1000000"),
        ],
    );
}
