//! The `simultaneous-euclid` program's own messages: each malformed input
//! is rejected with exit status 2 and a line that says what was expected
//! and where.

#![cfg(feature = "testkit")]

use cgt_testkit::fixture::assert_rejects_all;

const EXE: &str = env!("CARGO_BIN_EXE_simultaneous-euclid");

#[test]
fn malformed_input_is_rejected_with_a_reason() {
    assert_rejects_all(
        EXE,
        &[
            (
                b"",
                "expected the number of games N, found the end of the input",
            ),
            (b" \n\r\n", "expected the number of games N"),
            (
                b"0\n",
                "test case 1, token 1 (line 1): expected the number of games N",
            ),
            (
                b"1\n3 2\n0\n",
                "test case 2, token 4 (line 3): expected the number of games N",
            ),
            (
                b"1\n3 x\n",
                "test case 1, token 3 (line 2): expected a pile q",
            ),
            (b"1\n-3 2\n", "expected a pile p"),
            (b"1\n3 18446744073709551616\n", "(too large)"),
            (b"2\n3 2\n", "the number of games N is 2"),
            (b"1\n3 2\n1\n", "the number of games N is 1"),
            (b"1\n3 2 5\n", "test case 2"),
        ],
    );
}
