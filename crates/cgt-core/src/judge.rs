//! Judge I/O shared by every binary of the workspace.
//!
//! The input is read once and split on ASCII whitespace, so line layout never
//! matters (CRLF, blank lines, a missing final newline). Typed reads check
//! their range and say what was expected and where: test case, token number
//! and line. Nothing here panics on any input, overflows silently, or
//! allocates by a count it has not checked against the input's length.
//!
//! The pattern of every problem crate:
//! ```
//! use cgt_core::judge::{JudgeError, Tokens};
//! use std::io::Write;
//!
//! /// Sums each case's values.
//! pub fn solve<W: Write>(input: &[u8], out: &mut W) -> Result<(), JudgeError> {
//!     let mut tokens = Tokens::new(input);
//!     let cases = tokens.count("the number of test cases T", 1)?;
//!     for case in 1..=cases {
//!         tokens.begin_case(case);
//!         let n = tokens.count("n", 1)?;
//!         let mut sum = 0_u64;
//!         for _ in 0..n {
//!             sum += tokens.u64_in("a value", 0..=1_000_000)?;
//!         }
//!         writeln!(out, "{sum}")?;
//!     }
//!     tokens.finish()?;
//!     Ok(())
//! }
//!
//! let mut out = Vec::new();
//! solve(b"2\r\n3 1 2 3\n\n1 7", &mut out).unwrap();
//! assert_eq!(out, b"6\n7\n");
//! let error = solve(b"1 2 5 x", &mut Vec::new()).unwrap_err();
//! assert_eq!(
//!     error.to_string(),
//!     "malformed input: test case 1, token 4 (line 1): expected a value, an integer in 0..=1000000, found \"x\""
//! );
//! ```
//! and its `main.rs`:
//! ```no_run
//! # fn solve(_: &[u8], _: &mut Vec<u8>) -> Result<(), cgt_core::judge::JudgeError> { Ok(()) }
//! fn main() -> std::process::ExitCode {
//!     cgt_core::judge::run(env!("CARGO_PKG_NAME"), solve)
//! }
//! ```

use std::fmt;
use std::io::{self, Read, Write};
use std::ops::RangeInclusive;
use std::process::ExitCode;

/// The exit status for malformed input.
pub const MALFORMED_INPUT: u8 = 2;

/// Where an input error was found.
#[derive(Clone, Debug, PartialEq, Eq)]
enum Place {
    /// At a token (1-based number, 1-based line).
    Token { index: usize, line: usize },
    /// After the last token.
    End { tokens: usize, line: usize },
    /// Nowhere in particular (a property of the whole case).
    Case,
}

/// Malformed input: what was expected and where.
///
/// Its `Display` is one line, e.g. `test case 2, token 7 (line 3): expected
/// heap size, an integer in 1..=10, found "x"`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct InputError {
    case: Option<usize>,
    place: Place,
    message: String,
}

impl InputError {
    /// The test case (1-based) the error belongs to, if the format has cases.
    pub fn case(&self) -> Option<usize> {
        self.case
    }

    /// The message without its position.
    pub fn message(&self) -> &str {
        &self.message
    }
}

impl fmt::Display for InputError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let case = self.case.map(|c| format!("test case {c}"));
        let place = match self.place {
            Place::Token { index, line } => Some(format!("token {index} (line {line})")),
            Place::End { tokens, line } => {
                Some(format!("end of input (after token {tokens}, line {line})"))
            }
            Place::Case => None,
        };
        let prefix: Vec<String> = case.into_iter().chain(place).collect();
        if prefix.is_empty() {
            write!(f, "{}", self.message)
        } else {
            write!(f, "{}: {}", prefix.join(", "), self.message)
        }
    }
}

impl std::error::Error for InputError {}

/// Why a judge function failed: malformed input, or output that could not be
/// written.
#[derive(Debug)]
pub enum JudgeError {
    /// The input does not follow the format; exit status 2.
    Input(InputError),
    /// Writing the output failed.
    Output(io::Error),
}

impl fmt::Display for JudgeError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            JudgeError::Input(e) => write!(f, "malformed input: {e}"),
            JudgeError::Output(e) => write!(f, "cannot write the output: {e}"),
        }
    }
}

impl std::error::Error for JudgeError {}

impl From<InputError> for JudgeError {
    fn from(e: InputError) -> Self {
        JudgeError::Input(e)
    }
}

impl From<io::Error> for JudgeError {
    fn from(e: io::Error) -> Self {
        JudgeError::Output(e)
    }
}

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
/// Every read is O(length of the token); nothing allocates except error
/// messages.
#[derive(Clone, Debug)]
pub struct Tokens<'a> {
    input: &'a [u8],
    pos: usize,
    line: usize,
    read: usize,
    last: Option<(usize, usize)>,
    case: Option<usize>,
}

/// How many bytes of a bad token an error message quotes.
const QUOTE_LIMIT: usize = 24;

fn quote(text: &[u8]) -> String {
    let shown = &text[..text.len().min(QUOTE_LIMIT)];
    let mut quoted = format!("{:?}", String::from_utf8_lossy(shown));
    if text.len() > QUOTE_LIMIT {
        quoted.push_str(&format!(" (and {} more bytes)", text.len() - QUOTE_LIMIT));
    }
    quoted
}

/// Parses a decimal digit string into a u64, `None` if it is not one or does
/// not fit.
fn parse_u64(text: &[u8]) -> Option<u64> {
    if text.is_empty() {
        return None;
    }
    text.iter().try_fold(0_u64, |acc, &b| {
        let digit = b.checked_sub(b'0').filter(|&d| d < 10)?;
        acc.checked_mul(10)?.checked_add(u64::from(digit))
    })
}

impl<'a> Tokens<'a> {
    /// A tokenizer at the start of `input`.
    pub fn new(input: &'a [u8]) -> Self {
        Self {
            input,
            pos: 0,
            line: 1,
            read: 0,
            last: None,
            case: None,
        }
    }

    /// Labels the errors that follow with test case `case` (1-based).
    pub fn begin_case(&mut self, case: usize) {
        self.case = Some(case);
    }

    fn skip_whitespace(&mut self) {
        while let Some(&b) = self.input.get(self.pos) {
            if !b.is_ascii_whitespace() {
                break;
            }
            if b == b'\n' {
                self.line += 1;
            }
            self.pos += 1;
        }
    }

    /// Whether only whitespace is left (for formats read until end of input).
    pub fn at_end(&mut self) -> bool {
        self.skip_whitespace();
        self.pos == self.input.len()
    }

    /// An upper bound on the tokens left: each needs a byte and a separator.
    pub fn max_tokens_left(&self) -> usize {
        (self.input.len() - self.pos).div_ceil(2)
    }

    /// The next token, or `None` at the end of the input.
    pub fn next_token(&mut self) -> Option<Token<'a>> {
        self.skip_whitespace();
        let start = self.pos;
        while self
            .input
            .get(self.pos)
            .is_some_and(|b| !b.is_ascii_whitespace())
        {
            self.pos += 1;
        }
        if start == self.pos {
            return None;
        }
        self.read += 1;
        self.last = Some((self.read, self.line));
        Some(Token {
            text: &self.input[start..self.pos],
            index: self.read,
            line: self.line,
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
            Some((index, line)) => Place::Token { index, line },
            None => Place::End {
                tokens: 0,
                line: self.line,
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
                    line: self.line,
                },
                message: format!("expected {what}, found the end of the input"),
            }),
        }
    }

    /// Reads `what`, a decimal integer in `range`.
    pub fn u64_in(&mut self, what: &str, range: RangeInclusive<u64>) -> Result<u64, InputError> {
        let token = self.expect_token(what)?;
        match parse_u64(token.text) {
            Some(value) if range.contains(&value) => Ok(value),
            parsed => {
                let why = match parsed {
                    None if token.text.iter().all(u8::is_ascii_digit) => " (too large)",
                    _ => "",
                };
                Err(self.error_at(
                    &token,
                    format!(
                        "expected {what}, an integer in {}..={}, found {}{why}",
                        range.start(),
                        range.end(),
                        quote(token.text)
                    ),
                ))
            }
        }
    }

    /// Reads `what`, any decimal integer that fits in a u64.
    pub fn u64(&mut self, what: &str) -> Result<u64, InputError> {
        self.u64_in(what, 0..=u64::MAX)
    }

    /// Reads `what`, a decimal integer in `range`, as a u32.
    pub fn u32_in(&mut self, what: &str, range: RangeInclusive<u32>) -> Result<u32, InputError> {
        let wide = u64::from(*range.start())..=u64::from(*range.end());
        let value = self.u64_in(what, wide)?;
        Ok(u32::try_from(value).expect("the range fits in u32"))
    }

    /// Reads `what`, a decimal integer in `range`, as a usize.
    pub fn usize_in(
        &mut self,
        what: &str,
        range: RangeInclusive<usize>,
    ) -> Result<usize, InputError> {
        let wide = range.start().to_owned() as u64..=range.end().to_owned() as u64;
        let value = self.u64_in(what, wide)?;
        Ok(usize::try_from(value).expect("the range fits in usize"))
    }

    /// Reads a count of items that each take at least `tokens_each` tokens,
    /// and checks that the rest of the input can hold them.
    ///
    /// After this check, a `Vec::with_capacity(count * tokens_each)` is
    /// bounded by the input's length, whatever the count says.
    pub fn count(&mut self, what: &str, tokens_each: usize) -> Result<usize, InputError> {
        self.count_in(what, 0..=usize::MAX, tokens_each)
    }

    /// Like [`count`](Tokens::count), with a range the count must lie in.
    pub fn count_in(
        &mut self,
        what: &str,
        range: RangeInclusive<usize>,
        tokens_each: usize,
    ) -> Result<usize, InputError> {
        let count = self.usize_in(what, range)?;
        let room = self.max_tokens_left();
        match count.checked_mul(tokens_each) {
            Some(needed) if needed <= room => Ok(count),
            _ => Err(self.error_at_last(format!(
                "{what} is {count}, but the rest of the input holds at most {room} {}",
                if room == 1 { "token" } else { "tokens" }
            ))),
        }
    }

    /// Reads `n` items with `item` into `out`, which is cleared first.
    ///
    /// The memory reserved is bounded by what the rest of the input can hold,
    /// so `n` may come straight from the input.
    ///
    /// # Example
    /// ```
    /// use cgt_core::judge::Tokens;
    /// let mut tokens = Tokens::new(b"3  10 20 30");
    /// let n = tokens.count("n", 1).unwrap();
    /// let mut values = Vec::new();
    /// tokens.read_into(n, &mut values, |t| t.u64_in("a value", 1..=99)).unwrap();
    /// assert_eq!(values, [10, 20, 30]);
    /// ```
    pub fn read_into<T>(
        &mut self,
        n: usize,
        out: &mut Vec<T>,
        mut item: impl FnMut(&mut Self) -> Result<T, InputError>,
    ) -> Result<(), InputError> {
        out.clear();
        out.reserve(n.min(self.max_tokens_left()));
        for _ in 0..n {
            out.push(item(self)?);
        }
        Ok(())
    }

    /// Reads `what`, a non-empty string of decimal digits of any length
    /// (leading zeros kept).
    pub fn digits(&mut self, what: &str) -> Result<&'a [u8], InputError> {
        let token = self.expect_token(what)?;
        if token.text.iter().all(u8::is_ascii_digit) {
            Ok(token.text)
        } else {
            Err(self.error_at(
                &token,
                format!(
                    "expected {what}, a string of decimal digits, found {}",
                    quote(token.text)
                ),
            ))
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

/// Runs a judge function as a program: all of stdin in, its output on stdout.
///
/// On malformed input, prints one line `NAME: malformed input: ...` on stderr,
/// nothing on stdout, and returns exit status 2 ([`MALFORMED_INPUT`]).
pub fn run<F>(name: &str, solve: F) -> ExitCode
where
    F: FnOnce(&[u8], &mut Vec<u8>) -> Result<(), JudgeError>,
{
    let mut input = Vec::new();
    if let Err(e) = io::stdin().lock().read_to_end(&mut input) {
        eprintln!("{name}: cannot read standard input: {e}");
        return ExitCode::FAILURE;
    }
    let mut output = Vec::new();
    match solve(&input, &mut output) {
        Ok(()) => {}
        Err(e @ JudgeError::Input(_)) => {
            eprintln!("{name}: {e}");
            return ExitCode::from(MALFORMED_INPUT);
        }
        Err(e) => {
            eprintln!("{name}: {e}");
            return ExitCode::FAILURE;
        }
    }
    let mut stdout = io::stdout().lock();
    match stdout.write_all(&output).and_then(|()| stdout.flush()) {
        Ok(()) => ExitCode::SUCCESS,
        // A reader that stopped early (`| head`) is not an error of ours.
        Err(e) if e.kind() == io::ErrorKind::BrokenPipe => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("{name}: cannot write standard output: {e}");
            ExitCode::FAILURE
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn first_error(
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
    fn counts_cannot_outgrow_the_input() {
        assert_eq!(
            first_error("1000000000 1 2 3", |t| t.count("n", 1).map(|_| ())),
            "token 1 (line 1): n is 1000000000, but the rest of the input holds at most 3 tokens"
        );
        let mut tokens = Tokens::new(b"3 1 2 3");
        assert_eq!(tokens.count("n", 1), Ok(3));
        let mut tokens = Tokens::new(b"18446744073709551615 1");
        assert!(tokens.count("n", 2).is_err());
    }

    #[test]
    fn typed_reads_check_their_range() {
        let mut tokens = Tokens::new(b"4294967296 4294967295 0012");
        assert!(tokens.u32_in("v", 0..=u32::MAX).is_err());
        assert_eq!(tokens.u32_in("v", 0..=u32::MAX), Ok(u32::MAX));
        assert_eq!(tokens.usize_in("v", 0..=12), Ok(12));
    }

    #[test]
    fn digit_strings_keep_every_digit() {
        let long = "9".repeat(100);
        let input = format!("{long} 12a");
        let mut tokens = Tokens::new(input.as_bytes());
        assert_eq!(tokens.digits("pile"), Ok(long.as_bytes()));
        assert!(tokens.digits("pile").is_err());
    }

    #[test]
    fn long_bad_tokens_are_quoted_briefly() {
        let input = "x".repeat(1000);
        let message = first_error(&input, |t| t.u64("v").map(|_| ()));
        assert!(message.len() < 200, "{message}");
        assert!(message.contains("and 976 more bytes"), "{message}");
    }

    #[test]
    fn arbitrary_bytes_never_panic() {
        let mut rng = crate::generate::Rng::new(3);
        for _ in 0..2000 {
            let len = rng.below(20) as usize;
            let bytes: Vec<u8> = (0..len)
                .map(|_| *rng.pick(b"0123456789 \n\r\t-+x\xff"))
                .collect();
            let mut tokens = Tokens::new(&bytes);
            while !tokens.at_end() {
                let _ = tokens.count("n", 3);
                let _ = tokens.digits("d");
                let _ = tokens.u32_in("u", 1..=5);
            }
        }
    }
}
