//! The program's own messages: each malformed input is rejected with exit
//! status 2 and a line that says what was expected and where.

#![cfg(feature = "testkit")]

use cgt_testkit::fixture::assert_rejects_all;

const EXE: &str = env!("CARGO_BIN_EXE_staircase-nim");

#[test]
fn malformed_input_is_rejected_with_a_reason() {
    assert_rejects_all(
        EXE,
        &[
            (b"", "expected the number of test cases T"),
            (
                b"0\n",
                "expected the number of test cases T, an integer in 1..=",
            ),
            (
                b"1\n0\n",
                "test case 1, token 2 (line 2): expected the number of chessmen N",
            ),
            (b"1\n3\n1 5 1\n", "test case 1: two chessmen on grid 1"),
            (
                b"1\n2\n0 4\n",
                "expected a chessman's grid, an integer in 1..=1000000000000000000",
            ),
            (b"2\n1\n5\n1\n", "test case 2, end of input"),
            (
                b"1\n1\n5\n6\n",
                "expected the end of the input, found \"6\"",
            ),
            (
                b"1\n2\n3 x\n",
                "test case 1, token 4 (line 3): expected a chessman's grid",
            ),
        ],
    );
}
