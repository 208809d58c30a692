//! The `polygon-war` program's messages: each malformed input, including
//! lists of triangles that are not a triangulation, is rejected with exit
//! status 2 and a line that says what was expected and where.

#![cfg(feature = "testkit")]

use cgt_testkit::fixture::assert_rejects_all;

const EXE: &str = env!("CARGO_BIN_EXE_polygon-war");

#[test]
fn malformed_input_is_rejected_with_a_reason() {
    assert_rejects_all(
        EXE,
        &[
            (
                b"",
                "expected the number of vertices n, found the end of the input",
            ),
            (b" \r\n\n", "expected the number of vertices n"),
            (
                b"six\n",
                "token 1 (line 1): expected the number of vertices n",
            ),
            (
                b"4\n0 1 x\n0 2 3\n",
                "token 4 (line 2): expected a vertex number, an integer in 0..=3, found \"x\"",
            ),
            (b"4\n0 1 -2\n0 2 3\n", "found \"-2\""),
            (b"18446744073709551616\n0 1 2\n", "(too large)"),
            (
                b"4294967296\n0 1 2\n",
                "expected the number of vertices n, an integer in 3..=4294967295",
            ),
            (b"2\n", "an integer in 3..=4294967295, found \"2\""),
            (
                b"1000000\n0 1 2\n",
                "the number of vertices n is 1000000, but the rest of the input holds at most 4 tokens",
            ),
            (
                b"5\n0 1 2\n0 2 3\n",
                "token 1 (line 1): n is 5, so n − 2 = 3 triangles of 3 vertices follow, \
             but the rest of the input holds at most 7 tokens",
            ),
            (
                b"5\n0 1 2\n0 2 3\n\n\n\n\n\n\n",
                "expected a vertex number, found the end of the input",
            ),
            (
                b"4\n0 1 2\n0 2 3\n0 1 3\n",
                "token 8 (line 4): expected the end of the input after the n − 2 = 2 triangles, \
             found \"0\"",
            ),
            (
                b"4\n0 1 2\n0 2 4\n",
                "token 7 (line 3): expected a vertex number, an integer in 0..=3, found \"4\"",
            ),
            (
                b"4\n0 1 2\n0 3 3\n",
                "token 5 (line 3): not a triangulation: triangle 2 has vertex 3 twice",
            ),
            (
                b"4\n0 1 2\n2 1 0\n",
                "token 5 (line 3): not a triangulation: triangle 2 repeats triangle 1",
            ),
            (
                b"4\n0 1 2\n1 2 3\n",
                "token 5 (line 3): not a triangulation: the polygon side (1, 2) is in triangles 1 \
             and 2; every side is in exactly one",
            ),
            (
                b"5\n0 1 2\n0 2 3\n0 2 4\n",
                "malformed input: not a triangulation: the polygon side (3, 4) is in no triangle",
            ),
            // The triangle (1 3 5) crosses the three ears' diagonals.
            (
                b"6\n0 1 2\n2 3 4\n4 5 0\n1 3 5\n",
                "token 2 (line 2): not a triangulation: the diagonal (0, 2) of triangle 1 is in no \
             other triangle; every diagonal is in exactly two",
            ),
            (
                b"8\n0 1 2\n2 3 4\n4 5 6\n6 7 0\n0 2 4\n0 2 6\n",
                "token 17 (line 7): not a triangulation: the diagonal (0, 2) is in triangles 1, 5 \
             and 6; every diagonal is in exactly two",
            ),
            (
                b"8\n0 1 2\n2 3 4\n4 5 6\n6 7 0\n0 2 4\n4 0 2\n",
                "token 17 (line 7): not a triangulation: triangle 6 repeats triangle 5",
            ),
        ],
    );
}
