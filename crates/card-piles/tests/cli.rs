//! The `card-piles` program's messages: each malformed input is rejected
//! with exit status 2 and a line that says what was expected and where.

#![cfg(feature = "testkit")]

use cgt_testkit::fixture::assert_rejects_all;

const EXE: &str = env!("CARGO_BIN_EXE_card-piles");

#[test]
fn malformed_input_is_rejected_with_a_reason() {
    let too_many = format!("1\n51\n{}", "1 ".repeat(102));
    assert_rejects_all(
        EXE,
        &[
            (
                b"1\n2\n3 x\n1 1\n",
                "test case 1, token 4 (line 3): expected a card score of pile 1, \
             an integer in 0..=4294967295, found \"x\"",
            ),
            (
                b"1\n2\n3 4\n1 y\n",
                "test case 1, token 6 (line 4): expected a card score of pile 2",
            ),
            (b"1\n1\n-3\n4\n", "found \"-3\""),
            (b"1\n1\n4294967296\n1\n", "found \"4294967296\""),
            (b"1\n1\n1\n18446744073709551616\n", "(too large)"),
            (b"99999999999999999999\n", "(too large)"),
            (
                b"1\n1000000000000\n1 2 3\n",
                "the number of cards N in each pile is 1000000000000, \
             but the rest of the input holds at most",
            ),
            // N = 3 needs 6 scores: a count the input cannot hold.
            (
                b"1\n3\n1 2 3\n4\n",
                "the number of cards N in each pile is 3, but the rest of the input holds at most",
            ),
            (
                b"2\n1\n5\n6\n",
                "test case 2, end of input (after token 4, line 5): \
             expected the number of cards N in each pile",
            ),
            (
                b"1\n2\n1 2 3\n",
                "test case 1, end of input (after token 5, line 4): \
             expected a card score of pile 2",
            ),
            (
                b"1\n1\n5\n6\n7\n",
                "expected the end of the input, found \"7\"",
            ),
            (
                too_many.as_bytes(),
                "test case 1, token 2 (line 2): N is 51, \
             but this solver accepts at most 50 cards per pile",
            ),
        ],
    );
}
