//! The `tree-hackenbush` program: exact output on valid input, exit status 2
//! and one clear line on stderr for malformed input (including edge lists
//! that are not a tree on 1..N).

use cgt_core::fixture::{assert_rejects, run_program};
use std::fmt::Write as _;

const EXE: &str = env!("CARGO_BIN_EXE_tree-hackenbush");

fn assert_output(input: &[u8], expected: &str) {
    let run = run_program(EXE, input);
    assert_eq!(run.status, Some(0), "{run:?}");
    assert_eq!(run.stdout, expected);
    assert!(run.stderr.is_empty(), "{run:?}");
}

#[test]
fn valid_input_gives_the_judge_output() {
    assert_output(b"5\n1 2\n2 3\n2 4\n4 5\n", "Alice\n");
    assert_output(b"5\r\n1 2\r\n2 3\r\n1 4\r\n4 5", "Bob\n");
    assert_output(b"1", "Bob\n");
    assert_output(b"2\n2 1\n", "Alice\n");
}

#[test]
fn a_path_of_a_million_vertices_runs_without_recursion() {
    // Vertex 1 at one end: a Nim heap of 999 999, Alice takes it all. With
    // vertex 1 next to the end, the branches are 1 and 999 998 edges.
    for (first, expected) in [(1, "Alice\n"), (2, "Alice\n")] {
        let n = 1_000_000_u32;
        let mut input = format!("{n}\n");
        let label = |v: u32| match v {
            1 => first,
            v if v == first => 1,
            v => v,
        };
        for v in 1..n {
            writeln!(input, "{} {}", label(v), label(v + 1)).expect("String write");
        }
        assert_output(input.as_bytes(), expected);
    }
}

#[test]
fn malformed_input_is_rejected_with_a_reason() {
    assert_rejects(
        EXE,
        b"",
        "expected the number of vertices N, found the end of the input",
    );
    assert_rejects(EXE, b" \r\n\n", "expected the number of vertices N");
    assert_rejects(
        EXE,
        b"five\n",
        "token 1 (line 1): expected the number of vertices N",
    );
    assert_rejects(EXE, b"0\n", "an integer in 1..=4294967295, found \"0\"");
    assert_rejects(EXE, b"-3\n1 2\n", "found \"-3\"");
    assert_rejects(EXE, b"18446744073709551616\n", "(too large)");
    assert_rejects(
        EXE,
        b"1000000\n1 2\n",
        "token 1 (line 1): N is 1000000, so 999999 edges of two vertices must follow, \
         but the rest of the input holds at most 3 tokens",
    );
    assert_rejects(
        EXE,
        b"3\n1 2\n2\n",
        "end of input (after token 4, line 4): expected the second vertex of an edge, found the end of the input",
    );
    assert_rejects(
        EXE,
        b"4 1 2 2 3 3",
        "token 1 (line 1): N is 4, so 3 edges of two vertices must follow, \
         but the rest of the input holds at most 5 tokens",
    );
    assert_rejects(
        EXE,
        b"3\n1 2\n2 x\n",
        "token 5 (line 3): expected the second vertex of an edge, an integer in 1..=3, found \"x\"",
    );
    assert_rejects(
        EXE,
        b"3\n1 2\n2 3\n3 1\n",
        "token 6 (line 4): expected the end of the input, found \"3\"",
    );
    assert_rejects(
        EXE,
        b"3\n1 2\n4 3\n",
        "token 4 (line 3): expected the first vertex of an edge, an integer in 1..=3, found \"4\"",
    );
    assert_rejects(
        EXE,
        b"3\n1 0\n2 3\n",
        "token 3 (line 2): expected the second vertex",
    );
    assert_rejects(
        EXE,
        b"4\n1 2\n3 3\n3 4\n",
        "token 4 (line 3): edge 2 joins vertex 3 to itself (a self-loop)",
    );
    assert_rejects(
        EXE,
        b"5\n1 2\n2 3\n4 5\n3 2\n",
        "token 8 (line 5): edge 4 repeats edge 2 (both join 3 and 2)",
    );
    assert_rejects(
        EXE,
        b"6\n1 2\n3 4\n4 5\n5 3\n2 6\n",
        "the graph is not connected: vertex 3 cannot reach vertex 1",
    );
}
