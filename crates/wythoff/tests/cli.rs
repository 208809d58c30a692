//! The program's own messages: each malformed input is rejected with exit
//! status 2 and a line that says what was expected and where.

#![cfg(feature = "testkit")]

use cgt_testkit::fixture::assert_rejects_all;

const EXE: &str = env!("CARGO_BIN_EXE_wythoff");

#[test]
fn malformed_input_is_rejected_with_a_reason() {
    assert_rejects_all(
        EXE,
        &[
            (b"", "expected the pile a, found the end of the input"),
            (b" \n\n", "expected the pile a, found the end of the input"),
            (b"2 1\n8\n", "test case 2, end of input"),
            (
                b"2 1\n8 x\n",
                "test case 2, token 4 (line 2): expected the pile b",
            ),
            (
                b"1000000000000000001 0\n",
                "expected the pile a, an integer in 0..=1000000000000000000",
            ),
            (b"0 -1\n", "found \"-1\""),
            (b"1 2 3\n", "test case 2, end of input"),
        ],
    );
}
