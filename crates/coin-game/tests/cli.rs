//! The `coin-game` program's messages: each malformed input is rejected
//! with exit status 2 and a line that says what was expected and where.

#![cfg(feature = "testkit")]

use cgt_testkit::fixture::assert_rejects_all;

const EXE: &str = env!("CARGO_BIN_EXE_coin-game");

#[test]
fn malformed_input_is_rejected_with_a_reason() {
    let too_many = format!("10001\n{}", "1\n".repeat(10_001));
    assert_rejects_all(
        EXE,
        &[
            (
                b"",
                "expected the number of coins N, found the end of the input",
            ),
            (b" \r\n\n", "expected the number of coins N"),
            (
                b"3\n1\nx\n2\n",
                "token 3 (line 3): expected a coin value, an integer in 0..=4294967295, found \"x\"",
            ),
            (
                b"five\n",
                "token 1 (line 1): expected the number of coins N",
            ),
            (b"2\n-3\n4\n", "found \"-3\""),
            (b"1\n4294967296\n", "found \"4294967296\""),
            (b"1\n18446744073709551616\n", "(too large)"),
            (b"99999999999999999999\n", "(too large)"),
            (
                b"1000000000000\n1 2 3\n",
                "the number of coins N is 1000000000000, but the rest of the input holds at most",
            ),
            (
                b"3\n1\n2\n",
                "end of input (after token 3, line 4): expected a coin value, found the end of the input",
            ),
            (
                b"2\n1\n2\n3\n",
                "expected the end of the input, found \"3\"",
            ),
            (b"0\n", "the number of coins N must be at least 1"),
            (
                too_many.as_bytes(),
                "the number of coins N is 10001, but this solver accepts at most 10000",
            ),
        ],
    );
}
