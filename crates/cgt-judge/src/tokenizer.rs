//! The tokenizer: [`Tokens`] splits the whole input on ASCII whitespace
//! into [`Token`]s, numbers them, counts lines only when a token or an error
//! needs one, and makes the [`InputError`]s that say where. The typed reads
//! (numbers, counts, digit strings) are its methods in `reads`.

use crate::error::{InputError, Place};
use std::cell::Cell;

/// One whitespace-separated token and where it stands.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Token<'a> {
    /// Its bytes.
    pub text: &'a [u8],
    /// Its number in the input, from 1.
    pub index: usize,
    /// Its line, from 1.
    pub line: usize,
}

/// A tokenizer over the whole input with typed, checked reads.
///
/// # Complexity
/// Every read is O(length of the token) and looks at each byte once; nothing
/// allocates except error messages. Line numbers are counted only when a
/// [`Token`] or an error needs one, from the last line counted, so they cost
/// O(size of the input) in all.
#[derive(Clone, Debug)]
pub struct Tokens<'a> {
    pub(crate) input: &'a [u8],
    pub(crate) pos: usize,
    read: usize,
    /// Where the token read last starts.
    last: Option<usize>,
    case: Option<usize>,
    /// A byte offset and its line, the last counted.
    counted: Cell<(usize, usize)>,
}

/// How many bytes of a bad token an error message quotes.
const QUOTE_LIMIT: usize = 24;

/// `text` quoted for an error message, cut after [`QUOTE_LIMIT`] bytes.
pub(crate) fn quote(text: &[u8]) -> String {
    let shown = &text[..text.len().min(QUOTE_LIMIT)];
    let mut quoted = format!("{:?}", String::from_utf8_lossy(shown));
    if text.len() > QUOTE_LIMIT {
        quoted.push_str(&format!(" (and {} more bytes)", text.len() - QUOTE_LIMIT));
    }
    quoted
}

/// The number of line ends in `bytes`.
fn newlines(bytes: &[u8]) -> usize {
    bytes.iter().filter(|&&b| b == b'\n').count()
}

impl<'a> Tokens<'a> {
    /// A tokenizer at the start of `input`.
    pub fn new(input: &'a [u8]) -> Self {
        Self {
            input,
            pos: 0,
            read: 0,
            last: None,
            case: None,
            counted: Cell::new((0, 1)),
        }
    }

    /// Labels the errors that follow with test case `case` (1-based).
    pub fn begin_case(&mut self, case: usize) {
        self.case = Some(case);
    }

    /// The line (from 1) of byte `pos`, counted on from the last line
    /// counted when that lies before `pos`.
    fn line_at(&self, pos: usize) -> usize {
        let (from, line) = match self.counted.get() {
            (counted, line) if counted <= pos => (counted, line),
            _ => (0, 1),
        };
        let line = line + newlines(&self.input[from..pos]);
        self.counted.set((pos, line));
        line
    }

    #[inline]
    pub(crate) fn skip_whitespace(&mut self) {
        while let Some(&b) = self.input.get(self.pos) {
            if !b.is_ascii_whitespace() {
                break;
            }
            self.pos += 1;
        }
    }

    /// Whether only whitespace is left (for formats read until end of input).
    #[inline]
    pub fn at_end(&mut self) -> bool {
        self.skip_whitespace();
        self.pos == self.input.len()
    }

    /// An upper bound on the tokens left: each needs a byte and a separator.
    #[inline]
    pub fn max_tokens_left(&self) -> usize {
        (self.input.len() - self.pos).div_ceil(2)
    }

    /// Counts the token `start..end` as read.
    #[inline]
    pub(crate) fn take(&mut self, start: usize, end: usize) {
        self.pos = end;
        self.read += 1;
        self.last = Some(start);
    }

    /// The next token, or `None` at the end of the input.
    pub fn next_token(&mut self) -> Option<Token<'a>> {
        self.skip_whitespace();
        let start = self.pos;
        let end = self.input[start..]
            .iter()
            .position(u8::is_ascii_whitespace)
            .map_or(self.input.len(), |len| start + len);
        if start == end {
            return None;
        }
        self.take(start, end);
        Some(Token {
            text: &self.input[start..end],
            index: self.read,
            line: self.line_at(start),
        })
    }

    /// An error at `token`.
    pub fn error_at(&self, token: &Token<'_>, message: impl Into<String>) -> InputError {
        InputError {
            case: self.case,
            place: Place::Token {
                index: token.index,
                line: token.line,
            },
            message: message.into(),
        }
    }

    /// An error at the token read last (or at the start, if none was read).
    pub fn error_at_last(&self, message: impl Into<String>) -> InputError {
        let place = match self.last {
            Some(start) => Place::Token {
                index: self.read,
                line: self.line_at(start),
            },
            None => Place::End {
                tokens: 0,
                line: self.line_at(self.pos),
            },
        };
        InputError {
            case: self.case,
            place,
            message: message.into(),
        }
    }

    /// An error about the current test case as a whole.
    pub fn error_in_case(&self, message: impl Into<String>) -> InputError {
        InputError {
            case: self.case,
            place: Place::Case,
            message: message.into(),
        }
    }

    /// The next token, or an error saying that `what` was expected.
    pub fn expect_token(&mut self, what: &str) -> Result<Token<'a>, InputError> {
        match self.next_token() {
            Some(token) => Ok(token),
            None => Err(InputError {
                case: self.case,
                place: Place::End {
                    tokens: self.read,
                    line: self.line_at(self.pos),
                },
                message: format!("expected {what}, found the end of the input"),
            }),
        }
    }

    /// Checks that no token is left.
    pub fn finish(&mut self) -> Result<(), InputError> {
        self.case = None;
        match self.next_token() {
            None => Ok(()),
            Some(token) => Err(self.error_at(
                &token,
                format!("expected the end of the input, found {}", quote(token.text)),
            )),
        }
    }
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;

    /// The message of the error `read` stops at on `input`.
    pub(crate) fn first_error(
        input: &str,
        read: impl FnOnce(&mut Tokens<'_>) -> Result<(), InputError>,
    ) -> String {
        let mut tokens = Tokens::new(input.as_bytes());
        read(&mut tokens).expect_err("should fail").to_string()
    }

    #[test]
    fn layout_does_not_matter() {
        for input in ["1 2 3", "1\r\n2\r\n3\r\n", "\n\n 1\t2\n\n3", "1 2 3   \n\n"] {
            let mut tokens = Tokens::new(input.as_bytes());
            let values: Vec<u64> = (0..3).map(|_| tokens.u64("v").unwrap()).collect();
            assert_eq!(values, [1, 2, 3], "{input:?}");
            assert!(tokens.finish().is_ok());
        }
    }

    #[test]
    fn errors_say_what_and_where() {
        assert_eq!(
            first_error("5\n-3", |t| t
                .u64_in("n", 0..=9)
                .map(|_| ())
                .and(t.u64("x").map(|_| ()))),
            "token 2 (line 2): expected x, an integer in 0..=18446744073709551615, found \"-3\""
        );
        assert_eq!(
            first_error("18446744073709551616", |t| t.u64("x").map(|_| ())),
            "token 1 (line 1): expected x, an integer in 0..=18446744073709551615, \
             found \"18446744073709551616\" (too large)"
        );
        assert_eq!(
            first_error("", |t| t.u64("T").map(|_| ())),
            "end of input (after token 0, line 1): expected T, found the end of the input"
        );
        assert_eq!(
            first_error("1 2\n", |t| {
                t.begin_case(1);
                t.u64("a")?;
                t.u64("b")?;
                t.u64("c").map(|_| ())
            }),
            "test case 1, end of input (after token 2, line 2): expected c, found the end of the input"
        );
        assert_eq!(
            first_error("7 x", |t| {
                t.u64("a")?;
                t.finish()
            }),
            "token 2 (line 1): expected the end of the input, found \"x\""
        );
    }

    #[test]
    fn long_bad_tokens_are_quoted_briefly() {
        let input = "x".repeat(1000);
        let message = first_error(&input, |t| t.u64("v").map(|_| ()));
        assert!(message.len() < 200, "{message}");
        assert!(message.contains("and 976 more bytes"), "{message}");
    }
}
