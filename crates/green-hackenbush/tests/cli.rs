//! The program's own messages: each malformed input is rejected with exit
//! status 2 and a line that says what was expected and where.

#![cfg(feature = "testkit")]

use cgt_testkit::fixture::assert_rejects;

const EXE: &str = env!("CARGO_BIN_EXE_green-hackenbush");

#[test]
fn malformed_input_is_rejected_with_a_reason() {
    let cases: [(&[u8], &str); 8] = [
        (b"", "expected the number of trees N"),
        (b"0\n", "expected the number of trees N, an integer in 1.."),
        (
            b"1\n0 0\n",
            "expected the number of vertices m, an integer in 1..=1000000",
        ),
        (
            b"1\n3 1\n1 4\n",
            "test case 1, token 5 (line 3): expected an endpoint of an edge, a vertex in 1..=m, an integer in 1..=3, found \"4\"",
        ),
        (
            b"1\n2 2\n1 2\n",
            "the number of edges k is 2, but the rest of the input holds at most 3 tokens",
        ),
        (b"1\n3 2\n1 2\n2      ", "test case 1, end of input"),
        (
            b"1\n2 1\n1 2\n1\n",
            "test case 2, token 6 (line 4): the number of trees N is 1, but the rest of the input holds at most 1 token",
        ),
        (
            b"1\n2 1\n1 2\nx\n",
            "test case 2, token 6 (line 4): expected the number of trees N",
        ),
    ];
    for (input, expected) in cases {
        assert_rejects(EXE, input, expected);
    }
}
