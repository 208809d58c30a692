//! The program's own messages: each malformed input is rejected with exit
//! status 2 and a line that says what was expected and where.

#![cfg(feature = "testkit")]

use cgt_testkit::fixture::assert_rejects_all;

const EXE: &str = env!("CARGO_BIN_EXE_{{name}}");

#[test]
fn malformed_input_is_rejected_with_a_reason() {
    assert_rejects_all(
        EXE,
        &[
            (b"", "expected the number of test cases T"),
            (b"1\n2\n3 x\n", "test case 1, token 4 (line 3): expected a heap size"),
            (b"1\n1\n1000000000000000001\n", "a heap size"),
            (b"2\n1\n5\n", "test case 2, end of input"),
        ],
    );
}
