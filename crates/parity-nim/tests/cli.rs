//! The `parity-nim` program's messages: each malformed input is rejected
//! with exit status 2 and a line that says what was expected and where.

#![cfg(feature = "testkit")]

use cgt_testkit::fixture::assert_rejects_all;

const EXE: &str = env!("CARGO_BIN_EXE_parity-nim");

#[test]
fn malformed_input_is_rejected_with_a_reason() {
    assert_rejects_all(
        EXE,
        &[
            (
                b"1\n2\n3 x\n0 0\n",
                "test case 1, token 4 (line 3): expected a pile size a_i",
            ),
            (b"1\n2\n-3 4\n0 0\n", "found \"-3\""),
            (b"1\n1\n18446744073709551616\n0\n", "(too large)"),
            (b"99999999999999999999\n", "(too large)"),
            // n piles need 2n tokens.
            (
                b"1\n3\n1 2 3",
                "the number of piles n is 3, but the rest of the input holds at most 3 tokens",
            ),
            (
                b"1\n1000000000000\n1 2 3\n",
                "the number of piles n is 1000000000000",
            ),
            (b"2\n1\n5\n0\n", "test case 2, end of input"),
            (
                b"2\n1\n5\n0\n2\n1 1\n0\n",
                "test case 2, end of input (after token 8, line 8): expected a flag b_i",
            ),
            (
                b"1\n1\n5\n0\n6\n",
                "expected the end of the input, found \"6\"",
            ),
            // The crate's own rule: flags are 0, 1 or 2.
            (
                b"1\n2\n4 1\n1 3\n",
                "test case 1, token 6 (line 4): expected a flag b_i, an integer in 0..=2, found \"3\"",
            ),
            (
                b"1\n1\n4\n-1\n",
                "expected a flag b_i, an integer in 0..=2, found \"-1\"",
            ),
            // A broken second case prints nothing, not even the first answer.
            (
                b"2\n1\n1\n0\n1\n1\n7\n",
                "test case 2, token 7 (line 7): expected a flag b_i",
            ),
        ],
    );
}
