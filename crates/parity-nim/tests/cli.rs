//! The `parity-nim` program: exact output on valid input, exit status 2 and
//! one clear line on stderr for malformed input.

use cgt_core::fixture::{assert_rejects, run_program};

const EXE: &str = env!("CARGO_BIN_EXE_parity-nim");

#[test]
fn valid_input_gives_the_judge_output() {
    let run = run_program(EXE, b"3\n2\n4 1\n1 0\n1\n3\n2\n1\n1\n2\n");
    assert_eq!(run.status, Some(0), "{run:?}");
    assert_eq!(run.stdout, "Alice\nBob\nBob\n");
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
        b"one\n",
        "token 1 (line 1): expected the number of test cases T",
    );
    assert_rejects(
        EXE,
        b"1\n2\n3 x\n0 0\n",
        "test case 1, token 4 (line 3): expected a pile size a_i",
    );
    assert_rejects(EXE, b"1\n2\n-3 4\n0 0\n", "found \"-3\"");
    assert_rejects(EXE, b"1\n1\n18446744073709551616\n0\n", "(too large)");
    assert_rejects(EXE, b"99999999999999999999\n", "(too large)");
    // n piles need 2n tokens.
    assert_rejects(
        EXE,
        b"1\n3\n1 2 3",
        "the number of piles n is 3, but the rest of the input holds at most 3 tokens",
    );
    assert_rejects(
        EXE,
        b"1\n1000000000000\n1 2 3\n",
        "the number of piles n is 1000000000000",
    );
    assert_rejects(EXE, b"2\n1\n5\n0\n", "test case 2, end of input");
    assert_rejects(
        EXE,
        b"2\n1\n5\n0\n2\n1 1\n0\n",
        "test case 2, end of input (after token 8, line 8): expected a flag b_i",
    );
    assert_rejects(
        EXE,
        b"1\n1\n5\n0\n6\n",
        "expected the end of the input, found \"6\"",
    );
    // The crate's own rule: flags are 0, 1 or 2.
    assert_rejects(
        EXE,
        b"1\n2\n4 1\n1 3\n",
        "test case 1, token 6 (line 4): expected a flag b_i, an integer in 0..=2, found \"3\"",
    );
    assert_rejects(
        EXE,
        b"1\n1\n4\n-1\n",
        "expected a flag b_i, an integer in 0..=2, found \"-1\"",
    );
    // A broken second case prints nothing, not even the first answer.
    let run = run_program(EXE, b"2\n1\n1\n0\n1\n1\n7\n");
    assert_eq!(run.status, Some(2), "{run:?}");
    assert!(run.stdout.is_empty(), "{run:?}");
}
