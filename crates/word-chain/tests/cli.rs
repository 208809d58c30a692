//! The program's own messages: each malformed input is rejected with exit
//! status 2 and a line that says what was expected and where.

#![cfg(feature = "testkit")]

use cgt_testkit::fixture::assert_rejects;

const EXE: &str = env!("CARGO_BIN_EXE_word-chain");

#[test]
fn malformed_input_is_rejected_with_a_reason() {
    let cases: [(&[u8], &str); 8] = [
        (b"", "expected the number of words N"),
        (b"0\n", "expected the number of words N, an integer in 1..="),
        (b"2\nabc\n", "expected a word, found the end of the input"),
        (
            b"2\nabc\nab\n",
            "token 3 (line 3): expected a word: word 2 has 2 characters",
        ),
        (b"1\nabcdefghi\n", "word 1 has 9 characters, not 3 to 8"),
        (b"1\nab1\n", "word 1 has the character '1'"),
        (b"1\nab\xc3\xa9\n", "not a letter a-z or A-Z"),
        (
            b"1\nabc\nabc\n",
            "expected the end of the input, found \"abc\"",
        ),
    ];
    for (input, expected) in cases {
        assert_rejects(EXE, input, expected);
    }
}
