//! The `end-stones` program's messages: each malformed input is rejected
//! with exit status 2 and a line that says what was expected and where.

#![cfg(feature = "testkit")]

use cgt_testkit::fixture::assert_rejects_all;

const EXE: &str = env!("CARGO_BIN_EXE_end-stones");

#[test]
fn malformed_input_is_rejected_with_a_reason() {
    assert_rejects_all(
        EXE,
        &[
            (
                b"1\n2\n3 x\n",
                "test case 1, token 4 (line 3): expected a pile size",
            ),
            (b"1\n2\n-3 4\n", "found \"-3\""),
            (
                b"1\nx\n3 4\n",
                "test case 1, token 2 (line 2): expected the number of piles n",
            ),
            (b"1\n1\n18446744073709551616\n", "(too large)"),
            (b"99999999999999999999\n", "(too large)"),
            (
                b"1\n1000000000000\n1 2 3\n",
                "the number of piles n is 1000000000000",
            ),
            (b"5\n1\n1\n", "the number of test cases T is 5"),
            (b"2\n1\n5\n", "test case 2, end of input"),
            (b"1\n3\n1 2", "the number of piles n is 3, but the rest"),
            // Enough bytes for three piles, but only two tokens.
            (
                b"1\n3\n1     2     \n",
                "test case 1, end of input (after token 4, line 4): expected a pile size",
            ),
            (
                b"1\n1\n5\n6\n",
                "expected the end of the input, found \"6\"",
            ),
        ],
    );
}
