//! The program's own messages: each malformed input is rejected with exit
//! status 2 and a line that says what was expected and where.

#![cfg(feature = "testkit")]

use cgt_testkit::fixture::assert_rejects;

const EXE: &str = env!("CARGO_BIN_EXE_advance-or-eat");

#[test]
fn malformed_input_is_rejected_with_a_reason() {
    let cases: [(&[u8], &str); 7] = [
        (b"", "expected the board size N"),
        (b"0\n", "the board size N, an integer in 1..=8, found \"0\""),
        (b"9\n", "the board size N, an integer in 1..=8"),
        (
            b"2\n..\n",
            "expected row 2 of the board, found the end of the input",
        ),
        (
            b"2\n..\nW\n",
            "token 3 (line 3): expected row 2 of the board, 2 characters W, B or '.', found \"W\"",
        ),
        (
            b"2\nWb\n..\n",
            "token 2 (line 2): expected row 1 of the board, 2 characters W, B or '.', found \"Wb\"",
        ),
        (b"1\n.\n.\n", "token 3"),
    ];
    for (input, expected) in cases {
        assert_rejects(EXE, input, expected);
    }
}
