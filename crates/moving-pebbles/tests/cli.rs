//! The `moving-pebbles` program: exact output on valid input, exit status 2
//! and one clear line on stderr for malformed input.

use cgt_core::fixture::{assert_rejects, run_program};

const EXE: &str = env!("CARGO_BIN_EXE_moving-pebbles");

#[test]
fn valid_input_gives_the_judge_output() {
    let run = run_program(EXE, b"3 2 1 3\n");
    assert_eq!(run.status, Some(0), "{run:?}");
    assert_eq!(run.stdout, "first player\n");
    assert!(run.stderr.is_empty());
    let forty = "1234567890123456789012345678901234567890";
    let input = format!("2 {forty} 000{forty}\n1\n{forty}\r\n\n");
    let run = run_program(EXE, input.as_bytes());
    assert_eq!(run.status, Some(0), "{run:?}");
    assert_eq!(run.stdout, "second player\nfirst player\n");
}

#[test]
fn malformed_input_is_rejected_with_a_reason() {
    assert_rejects(
        EXE,
        b"",
        "test case 1, end of input (after token 0, line 1): expected the number of piles n, found the end of the input",
    );
    assert_rejects(
        EXE,
        b" \r\n\n",
        "expected the number of piles n, found the end",
    );
    assert_rejects(
        EXE,
        b"3 2 x 3\n",
        "test case 1, token 3 (line 1): expected a pile size, a string of decimal digits, found \"x\"",
    );
    assert_rejects(
        EXE,
        b"two 1 1\n",
        "token 1 (line 1): expected the number of piles n",
    );
    assert_rejects(EXE, b"2 -3 4\n", "found \"-3\"");
    assert_rejects(EXE, b"2 +3 4\n", "found \"+3\"");
    assert_rejects(EXE, b"2 3.0 4\n", "found \"3.0\"");
    assert_rejects(EXE, b"18446744073709551616 1\n", "(too large)");
    assert_rejects(
        EXE,
        b"1000000 1 2 3\n",
        "the number of piles n is 1000000, but the rest of the input holds at most",
    );
    assert_rejects(
        EXE,
        b"3 2 1 3\n9 5\n",
        "test case 2, token 5 (line 2): the number of piles n is 9, but the rest",
    );
    assert_rejects(EXE, b"3 2 1 3\n4 1 1\n2\n", "test case 2, end of input");
    // The judge wants at least one pile per case.
    assert_rejects(
        EXE,
        b"3 2 1 3\n0\n",
        "test case 2, token 5 (line 2): expected the number of piles n, an integer in 1..=",
    );
}
