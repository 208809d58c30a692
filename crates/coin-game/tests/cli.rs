//! The `coin-game` program: exact output on valid input, exit status 2 and
//! one clear line on stderr for malformed input.

use cgt_core::fixture::{assert_rejects, run_program};

const EXE: &str = env!("CARGO_BIN_EXE_coin-game");

#[test]
fn valid_input_gives_the_judge_output() {
    let run = run_program(EXE, b"5\n1\n3\n1\n7\n2\n");
    assert_eq!(run.status, Some(0), "{run:?}");
    assert_eq!(run.stdout, "9\n");
    assert!(run.stderr.is_empty());
    let run = run_program(EXE, b"  5 1 3\r\n1 7 2");
    assert_eq!(run.stdout, "9\n", "{run:?}");
}

#[test]
fn malformed_input_is_rejected_with_a_reason() {
    assert_rejects(
        EXE,
        b"",
        "expected the number of coins N, found the end of the input",
    );
    assert_rejects(EXE, b" \r\n\n", "expected the number of coins N");
    assert_rejects(
        EXE,
        b"3\n1\nx\n2\n",
        "token 3 (line 3): expected a coin value, an integer in 0..=4294967295, found \"x\"",
    );
    assert_rejects(
        EXE,
        b"five\n",
        "token 1 (line 1): expected the number of coins N",
    );
    assert_rejects(EXE, b"2\n-3\n4\n", "found \"-3\"");
    assert_rejects(EXE, b"1\n4294967296\n", "found \"4294967296\"");
    assert_rejects(EXE, b"1\n18446744073709551616\n", "(too large)");
    assert_rejects(EXE, b"99999999999999999999\n", "(too large)");
    assert_rejects(
        EXE,
        b"1000000000000\n1 2 3\n",
        "the number of coins N is 1000000000000, but the rest of the input holds at most",
    );
    assert_rejects(
        EXE,
        b"3\n1\n2\n",
        "end of input (after token 3, line 4): expected a coin value, found the end of the input",
    );
    assert_rejects(
        EXE,
        b"2\n1\n2\n3\n",
        "expected the end of the input, found \"3\"",
    );
    assert_rejects(EXE, b"0\n", "the number of coins N must be at least 1");
    let too_many = format!("10001\n{}", "1\n".repeat(10_001));
    assert_rejects(
        EXE,
        too_many.as_bytes(),
        "the number of coins N is 10001, but this solver accepts at most 10000",
    );
}
