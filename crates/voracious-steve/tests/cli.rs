//! The `voracious-steve` program: exact output on valid input in all three
//! forms, exit status 2 and one clear line on stderr for malformed input.

use cgt_core::fixture::{assert_rejects, run_program};

const EXE: &str = env!("CARGO_BIN_EXE_voracious-steve");

#[test]
fn valid_input_gives_the_judge_output() {
    for (input, expected) in [
        (&b"1\n5 2\n"[..], "3\n"),
        (b"5 2\n", "3\n"),
        (b"5 2", "3\n"),
        (b"5 2\r\n5 5\r\n7 1\r\n", "3\n5\n5\n"),
        (b"3\n5 2\n5 5\n7 1\n", "3\n5\n5\n"),
        (b"0\n", ""),
    ] {
        let run = run_program(EXE, input);
        assert_eq!(run.status, Some(0), "{run:?}");
        assert_eq!(run.stdout, expected, "{:?}", String::from_utf8_lossy(input));
        assert!(run.stderr.is_empty());
    }
}

#[test]
fn malformed_input_is_rejected_with_a_reason() {
    assert_rejects(
        EXE,
        b"",
        "expected n, the number of donuts, found the end of the input",
    );
    assert_rejects(EXE, b"  \r\n\n", "expected n, the number of donuts");
    assert_rejects(
        EXE,
        b"5 x\n",
        "test case 1, token 2 (line 1): expected m, the most donuts one take may hold",
    );
    assert_rejects(
        EXE,
        b"x\n5 2\n",
        "token 1 (line 1): expected t, the number of test cases (an odd number of tokens",
    );
    assert_rejects(EXE, b"5 -2\n", "found \"-2\"");
    assert_rejects(EXE, b"1\n18446744073709551616 2\n", "(too large)");
    assert_rejects(EXE, b"99999999999999999999 1 1\n", "(too large)");
    // A count larger than the input, too few tokens, trailing tokens: with
    // an odd token count, t must equal the number of pairs.
    assert_rejects(
        EXE,
        b"1000000000000\n5 2\n",
        "the input has 3 tokens, an odd number, so it is read as the SPOJ form \
         (t, then t pairs `n m`), but t is 1000000000000 and 1 pair follow",
    );
    assert_rejects(EXE, b"2\n5 2\n", "but t is 2 and 1 pair follow");
    assert_rejects(EXE, b"1\n5 2\n4 3\n", "but t is 1 and 2 pairs follow");
    assert_rejects(EXE, b"5 2 3\n", "but t is 5 and 1 pair follow");
    // Two tokens are one pair `n m`, whatever the layout: here m > n.
    assert_rejects(
        EXE,
        b"1\n5\n",
        "test case 1, token 2 (line 2): expected m, the most donuts one take may hold \
         (m ≤ n), an integer in 1..=1, found \"5\"",
    );
    // The limits of the crate: 1 ≤ m ≤ n ≤ 200.
    assert_rejects(
        EXE,
        b"201 3\n",
        "test case 1, token 1 (line 1): expected n, the number of donuts, \
         an integer in 1..=200, found \"201\"",
    );
    assert_rejects(EXE, b"0 0\n", "an integer in 1..=200, found \"0\"");
    assert_rejects(
        EXE,
        b"5 2\n5 6\n",
        "test case 2, token 4 (line 2): expected m, the most donuts one take may hold \
         (m ≤ n), an integer in 1..=5, found \"6\"",
    );
    assert_rejects(EXE, b"1\n5 0\n", "an integer in 1..=5, found \"0\"");
}
