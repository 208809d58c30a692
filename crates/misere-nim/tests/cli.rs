//! The `misere-nim` program's own messages: each malformed input is
//! rejected with exit status 2 and a line that says what was expected and
//! where.

#![cfg(feature = "testkit")]

use cgt_testkit::fixture::assert_rejects_all;

const EXE: &str = env!("CARGO_BIN_EXE_misere-nim");

#[test]
fn malformed_input_is_rejected_with_a_reason() {
    assert_rejects_all(
        EXE,
        &[
            (b"", "expected the number of test cases T"),
            (b"0\n", "the number of test cases T"),
            (
                b"1\n0\n",
                "test case 1, token 2 (line 2): expected the number of colours N",
            ),
            (
                b"1\n3\n3 0 1\n",
                "test case 1, token 4 (line 3): expected a count of M&Ms, an integer in 1..=",
            ),
            (b"1\n2\n3 x\n", "expected a count of M&Ms"),
            (b"1\n1\n18446744073709551616\n", "(too large)"),
            (b"1\n47\n1 2 3\n", "the number of colours N is 47"),
            (
                b"2\n1\n5\n",
                "the number of test cases T is 2, but the rest of the input holds at most 3 tokens",
            ),
            (b"2\n1\n5\n1\n", "test case 2, end of input"),
            (
                b"1\n1\n5\n6\n",
                "expected the end of the input, found \"6\"",
            ),
        ],
    );
}
