//! The program's own messages: each malformed input is rejected with exit
//! status 2 and a line that says what was expected and where.

#![cfg(feature = "testkit")]

use cgt_testkit::fixture::assert_rejects_all;

const EXE: &str = env!("CARGO_BIN_EXE_fibonacci-nim");

#[test]
fn malformed_input_is_rejected_with_a_reason() {
    assert_rejects_all(
        EXE,
        &[
            (
                b"",
                "expected a pile n (or the closing 0), found the end of the input",
            ),
            (b"2\n13\n", "test case 3, end of input"),
            (b"1\n0\n", "a pile n of 1 has no legal first move"),
            (
                b"1000000000000000001\n0\n",
                "an integer in 0..=1000000000000000000",
            ),
            (
                b"2\nx\n0\n",
                "test case 2, token 2 (line 2): expected a pile n",
            ),
            (b"2\n0\n5\n", "expected the end of the input, found \"5\""),
        ],
    );
}
