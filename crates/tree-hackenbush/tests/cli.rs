//! The `tree-hackenbush` program's messages: each malformed input, including
//! edge lists that are not a tree on 1..N, is rejected with exit status 2
//! and a line that says what was expected and where.

#![cfg(feature = "testkit")]

use cgt_testkit::fixture::assert_rejects_all;

const EXE: &str = env!("CARGO_BIN_EXE_tree-hackenbush");

#[test]
fn malformed_input_is_rejected_with_a_reason() {
    assert_rejects_all(
        EXE,
        &[
            (
                b"",
                "expected the number of vertices N, found the end of the input",
            ),
            (b" \r\n\n", "expected the number of vertices N"),
            (
                b"five\n",
                "token 1 (line 1): expected the number of vertices N",
            ),
            (b"0\n", "an integer in 1..=4294967295, found \"0\""),
            (b"-3\n1 2\n", "found \"-3\""),
            (b"18446744073709551616\n", "(too large)"),
            (
                b"1000000\n1 2\n",
                "token 1 (line 1): N is 1000000, so 999999 edges of two vertices must follow, \
             but the rest of the input holds at most 3 tokens",
            ),
            (
                b"3\n1 2\n2\n",
                "end of input (after token 4, line 4): expected the second vertex of an edge, \
             found the end of the input",
            ),
            (
                b"4 1 2 2 3 3",
                "token 1 (line 1): N is 4, so 3 edges of two vertices must follow, \
             but the rest of the input holds at most 5 tokens",
            ),
            (
                b"3\n1 2\n2 x\n",
                "token 5 (line 3): expected the second vertex of an edge, an integer in 1..=3, \
             found \"x\"",
            ),
            (
                b"3\n1 2\n2 3\n3 1\n",
                "token 6 (line 4): expected the end of the input, found \"3\"",
            ),
            (
                b"3\n1 2\n4 3\n",
                "token 4 (line 3): expected the first vertex of an edge, an integer in 1..=3, \
             found \"4\"",
            ),
            (
                b"3\n1 0\n2 3\n",
                "token 3 (line 2): expected the second vertex",
            ),
            (
                b"4\n1 2\n3 3\n3 4\n",
                "token 4 (line 3): edge 2 joins vertex 3 to itself (a self-loop)",
            ),
            (
                b"5\n1 2\n2 3\n4 5\n3 2\n",
                "token 8 (line 5): edge 4 repeats edge 2 (both join 3 and 2)",
            ),
            (
                b"6\n1 2\n3 4\n4 5\n5 3\n2 6\n",
                "the graph is not connected: vertex 3 cannot reach vertex 1",
            ),
        ],
    );
}
