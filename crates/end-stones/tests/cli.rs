//! The `end-stones` program: exact output on valid input, exit status 2 and
//! one clear line on stderr for malformed input.

use cgt_core::fixture::{assert_rejects, run_program};

const EXE: &str = env!("CARGO_BIN_EXE_end-stones");

#[test]
fn valid_input_gives_the_judge_output() {
    let run = run_program(EXE, b"1\n4\n3 1 9 4\n");
    assert_eq!(run.status, Some(0), "{run:?}");
    assert_eq!(run.stdout, "0\n");
    assert!(run.stderr.is_empty());
}

#[test]
fn input_beyond_the_judge_limits_is_accepted() {
    // Zeros, an empty row, n = 0, the largest u64 piles, CRLF, no final newline.
    let run = run_program(
        EXE,
        b"4\r\n3\r\n0 7 0\r\n0\r\n2\r\n18446744073709551615 18446744073709551615\r\n2\r\n18446744073709551615 1",
    );
    assert_eq!(run.status, Some(0), "{run:?}");
    assert_eq!(run.stdout, "1\n0\n0\n1\n");
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
        b"1\n2\n3 x\n",
        "test case 1, token 4 (line 3): expected a pile size",
    );
    assert_rejects(EXE, b"1\n2\n-3 4\n", "found \"-3\"");
    assert_rejects(
        EXE,
        b"1\nx\n3 4\n",
        "test case 1, token 2 (line 2): expected the number of piles n",
    );
    assert_rejects(EXE, b"1\n1\n18446744073709551616\n", "(too large)");
    assert_rejects(EXE, b"99999999999999999999\n", "(too large)");
    assert_rejects(
        EXE,
        b"1\n1000000000000\n1 2 3\n",
        "the number of piles n is 1000000000000",
    );
    assert_rejects(EXE, b"5\n1\n1\n", "the number of test cases T is 5");
    assert_rejects(EXE, b"2\n1\n5\n", "test case 2, end of input");
    assert_rejects(
        EXE,
        b"1\n3\n1 2",
        "the number of piles n is 3, but the rest",
    );
    // Enough bytes for three piles, but only two tokens.
    assert_rejects(
        EXE,
        b"1\n3\n1     2     \n",
        "test case 1, end of input (after token 4, line 4): expected a pile size",
    );
    assert_rejects(
        EXE,
        b"1\n1\n5\n6\n",
        "expected the end of the input, found \"6\"",
    );
}
