//! The `lasker-nim` program: exact output on valid input, exit status 2 and
//! one clear line on stderr for malformed input.

use cgt_core::fixture::{assert_rejects, run_program};

const EXE: &str = env!("CARGO_BIN_EXE_lasker-nim");

#[test]
fn valid_input_gives_the_judge_output() {
    let run = run_program(EXE, b"2\n3\n2 2 3\n2\n3 3\n");
    assert_eq!(run.status, Some(0), "{run:?}");
    assert_eq!(run.stdout, "Alice\nBob\n");
    assert!(run.stderr.is_empty());
}

#[test]
fn malformed_input_is_rejected_with_a_reason() {
    assert_rejects(
        EXE,
        b"",
        "expected the number of test cases T, found the end of the input",
    );
    assert_rejects(EXE, b"  \r\n\n", "expected the number of test cases T");
    assert_rejects(
        EXE,
        b"1\n2\n3 x\n",
        "test case 1, token 4 (line 3): expected a heap size",
    );
    assert_rejects(
        EXE,
        b"one\n",
        "token 1 (line 1): expected the number of test cases T",
    );
    assert_rejects(EXE, b"1\n2\n-3 4\n", "found \"-3\"");
    assert_rejects(EXE, b"1\n1\n18446744073709551616\n", "(too large)");
    assert_rejects(
        EXE,
        b"1\n1000000000000\n1 2 3\n",
        "the number of heaps N is 1000000000000",
    );
    assert_rejects(EXE, b"99999999999999999999\n", "(too large)");
    assert_rejects(EXE, b"2\n1\n5\n", "test case 2, end of input");
    assert_rejects(
        EXE,
        b"1\n1\n5\n6\n",
        "expected the end of the input, found \"6\"",
    );
}
