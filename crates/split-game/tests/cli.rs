//! The `split-game` program: exact output on valid input, exit status 2 and
//! one clear line on stderr for malformed input.

use cgt_core::fixture::{assert_rejects, run_program};

const EXE: &str = env!("CARGO_BIN_EXE_split-game");

#[test]
fn valid_input_gives_the_judge_output() {
    let run = run_program(EXE, b"2\n4\n1 0 1 5000\n3\n0 0 1\n");
    assert_eq!(run.status, Some(0), "{run:?}");
    assert_eq!(run.stdout, "0 2 3\n1\n-1 -1 -1\n0\n");
    assert!(run.stderr.is_empty());
}

#[test]
fn malformed_input_is_rejected_with_a_reason() {
    assert_rejects(
        EXE,
        b"",
        "expected the number of test cases t, found the end of the input",
    );
    assert_rejects(EXE, b" \r\n\n", "expected the number of test cases t");
    assert_rejects(
        EXE,
        b"1\n3\n1 x 2\n",
        "test case 1, token 4 (line 3): expected a bean count",
    );
    assert_rejects(
        EXE,
        b"one\n",
        "token 1 (line 1): expected the number of test cases t",
    );
    assert_rejects(EXE, b"1\n2\n-3 4\n", "found \"-3\"");
    assert_rejects(EXE, b"1\n2\n1 18446744073709551616\n", "(too large)");
    assert_rejects(EXE, b"99999999999999999999\n", "(too large)");
    assert_rejects(
        EXE,
        b"5\n2\n1 2\n",
        "the number of test cases t is 5, but the rest of the input holds at most",
    );
    assert_rejects(
        EXE,
        b"1\n9\n1 2 3\n",
        "the number of bottles n is 9, but the rest of the input holds at most",
    );
    assert_rejects(EXE, b"2\n1\n5\n1\n", "test case 2, end of input");
    assert_rejects(
        EXE,
        b"1\n2\n5 6 7\n",
        "expected the end of the input, found \"7\"",
    );
    // Beyond the judge's limits: no bottles, or more than this crate accepts.
    assert_rejects(
        EXE,
        b"1\n0\n",
        "test case 1, token 2 (line 2): expected the number of bottles n, an integer in 1..=10000, found \"0\"",
    );
    let many = format!("1\n10001\n{}", "0 ".repeat(10_001));
    assert_rejects(
        EXE,
        many.as_bytes(),
        "an integer in 1..=10000, found \"10001\"",
    );
}
