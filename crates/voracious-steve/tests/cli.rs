//! The `voracious-steve` program's messages: each malformed input is
//! rejected with exit status 2 and a line that says what was expected and
//! where.

#![cfg(feature = "testkit")]

use cgt_testkit::fixture::assert_rejects_all;

const EXE: &str = env!("CARGO_BIN_EXE_voracious-steve");

#[test]
fn malformed_input_is_rejected_with_a_reason() {
    assert_rejects_all(
        EXE,
        &[
            (
                b"",
                "expected n, the number of donuts, found the end of the input",
            ),
            (b"  \r\n\n", "expected n, the number of donuts"),
            (
                b"5 x\n",
                "test case 1, token 2 (line 1): expected m, the most donuts one take may hold",
            ),
            (
                b"x\n5 2\n",
                "token 1 (line 1): expected t, the number of test cases (an odd number of tokens",
            ),
            (b"5 -2\n", "found \"-2\""),
            (b"1\n18446744073709551616 2\n", "(too large)"),
            (b"99999999999999999999 1 1\n", "(too large)"),
            // A count larger than the input, too few tokens, trailing tokens:
            // with an odd token count, t must equal the number of pairs.
            (
                b"1000000000000\n5 2\n",
                "the input has 3 tokens, an odd number, so it is read as the SPOJ form \
             (t, then t pairs `n m`), but t is 1000000000000 and 1 pair follow",
            ),
            (b"2\n5 2\n", "but t is 2 and 1 pair follow"),
            (b"1\n5 2\n4 3\n", "but t is 1 and 2 pairs follow"),
            (b"5 2 3\n", "but t is 5 and 1 pair follow"),
            // Two tokens are one pair `n m`, whatever the layout: here m > n.
            (
                b"1\n5\n",
                "test case 1, token 2 (line 2): expected m, the most donuts one take may hold \
             (m ≤ n), an integer in 1..=1, found \"5\"",
            ),
            // The limits of the crate: 1 ≤ m ≤ n ≤ 200.
            (
                b"201 3\n",
                "test case 1, token 1 (line 1): expected n, the number of donuts, \
             an integer in 1..=200, found \"201\"",
            ),
            (b"0 0\n", "an integer in 1..=200, found \"0\""),
            (
                b"5 2\n5 6\n",
                "test case 2, token 4 (line 2): expected m, the most donuts one take may hold \
             (m ≤ n), an integer in 1..=5, found \"6\"",
            ),
            (b"1\n5 0\n", "an integer in 1..=5, found \"0\""),
        ],
    );
}
