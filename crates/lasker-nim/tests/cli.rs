//! The `lasker-nim` program's messages: each malformed input is rejected
//! with exit status 2 and a line that says what was expected and where.

#![cfg(feature = "testkit")]

use cgt_testkit::fixture::assert_rejects_all;

const EXE: &str = env!("CARGO_BIN_EXE_lasker-nim");

#[test]
fn malformed_input_is_rejected_with_a_reason() {
    assert_rejects_all(
        EXE,
        &[
            (
                b"",
                "expected the number of test cases T, found the end of the input",
            ),
            (b"  \r\n\n", "expected the number of test cases T"),
            (
                b"1\n2\n3 x\n",
                "test case 1, token 4 (line 3): expected a heap size",
            ),
            (
                b"one\n",
                "token 1 (line 1): expected the number of test cases T",
            ),
            (b"1\n2\n-3 4\n", "found \"-3\""),
            (b"1\n1\n18446744073709551616\n", "(too large)"),
            (
                b"1\n1000000000000\n1 2 3\n",
                "the number of heaps N is 1000000000000",
            ),
            (b"99999999999999999999\n", "(too large)"),
            (b"2\n1\n5\n", "test case 2, end of input"),
            (
                b"1\n1\n5\n6\n",
                "expected the end of the input, found \"6\"",
            ),
        ],
    );
}
