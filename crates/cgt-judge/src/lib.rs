//! Judge I/O shared by every binary of the cgt solvers: a checked
//! whitespace tokenizer, typed reads with precise errors, and the `main`
//! runner. It is its own crate so that `cgt-core`, the game library, carries
//! no tokenizer.
//!
//! The input is read once and split on ASCII whitespace, so line layout never
//! matters (CRLF, blank lines, a missing final newline). Typed reads check
//! their range and say what was expected and where: test case, token number
//! and line. Nothing here panics on any input, overflows silently, or
//! allocates by a count it has not checked against the input's length.
//!
//! The pattern of every problem crate:
//! ```
//! use cgt_judge::{JudgeError, Tokens};
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
//! # fn solve(_: &[u8], _: &mut Vec<u8>) -> Result<(), cgt_judge::JudgeError> { Ok(()) }
//! fn main() -> std::process::ExitCode {
//!     cgt_judge::run(env!("CARGO_PKG_NAME"), solve)
//! }
//! ```

use std::cell::Cell;
use std::fmt;
use std::io::{self, Write};
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
/// Every read is O(length of the token) and looks at each byte once; nothing
/// allocates except error messages. Line numbers are counted only when a
/// [`Token`] or an error needs one, from the last line counted, so they cost
/// O(size of the input) in all.
#[derive(Clone, Debug)]
pub struct Tokens<'a> {
    input: &'a [u8],
    pos: usize,
    read: usize,
    /// Where the token read last starts.
    last: Option<usize>,
    case: Option<usize>,
    /// A byte offset and its line, the last counted.
    counted: Cell<(usize, usize)>,
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

/// The number of line ends in `bytes`.
fn newlines(bytes: &[u8]) -> usize {
    bytes.iter().filter(|&&b| b == b'\n').count()
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

/// The value of `digits` when it fits in a `u64`, from its value modulo
/// 2^64: exact below 20 significant digits; with 20, the number is
/// `10^19 + r` (`r < 10^19`) if it starts with 1 and too large otherwise, and
/// `10^19 + r` wraps below `10^19` exactly when it is at least 2^64.
fn fits_u64(digits: &[u8], wrapped: u64) -> Option<u64> {
    let zeros = digits.iter().take_while(|&&d| d == b'0').count();
    match digits.len() - zeros {
        0..=19 => Some(wrapped),
        20 => (digits[zeros] == b'1' && wrapped >= 10_000_000_000_000_000_000).then_some(wrapped),
        _ => None,
    }
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
    fn skip_whitespace(&mut self) {
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
    fn take(&mut self, start: usize, end: usize) {
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

    /// Skips whitespace and scans the next token if it is a plain decimal
    /// integer of at most 19 digits (so it fits in a u64): its value and
    /// where it ends. Reads nothing; `None` for any other token.
    #[inline]
    fn scan_u64(&mut self) -> Option<(u64, usize)> {
        let (start, end, value) = self.scan_digits();
        let ends_there = self.input.get(end).is_none_or(u8::is_ascii_whitespace);
        (end > start && end - start <= 19 && ends_there).then_some((value, end))
    }

    /// Skips whitespace, then scans the run of ASCII digits there: where it
    /// starts and ends, and its value modulo 2^64. Reads nothing.
    ///
    /// Eight bytes at a time while eight are left (a judge's long numbers
    /// cost a chain of multiplications per digit otherwise), the last few
    /// one at a time; the same result either way.
    #[inline(always)]
    fn scan_digits(&mut self) -> (usize, usize, u64) {
        self.skip_whitespace();
        let input = self.input;
        let start = self.pos;
        let mut end = start;
        let mut value = 0_u64;
        while let Some(word) = input
            .get(end..end + 8)
            .and_then(|bytes| <[u8; 8]>::try_from(bytes).ok())
        {
            let (count, digits) = swar::leading_digits(u64::from_le_bytes(word));
            if count == 0 {
                return (start, end, value);
            }
            value = value
                .wrapping_mul(swar::POWERS_OF_TEN[count])
                .wrapping_add(digits);
            end += count;
            if count < 8 {
                return (start, end, value);
            }
        }
        while let Some(&b) = input.get(end) {
            let digit = b.wrapping_sub(b'0');
            if digit > 9 {
                break;
            }
            value = value.wrapping_mul(10).wrapping_add(u64::from(digit));
            end += 1;
        }
        (start, end, value)
    }

    /// Reads `what`, a decimal integer in `range`.
    #[inline(always)]
    pub fn u64_in(&mut self, what: &str, range: RangeInclusive<u64>) -> Result<u64, InputError> {
        match self.scan_u64() {
            Some((value, end)) if range.contains(&value) => {
                self.take(self.pos, end);
                Ok(value)
            }
            _ => self.u64_in_slowly(what, range),
        }
    }

    /// [`u64_in`](Tokens::u64_in) for any token: long digit strings, and
    /// the error messages.
    #[cold]
    #[inline(never)]
    fn u64_in_slowly(&mut self, what: &str, range: RangeInclusive<u64>) -> Result<u64, InputError> {
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
    #[inline]
    pub fn u64(&mut self, what: &str) -> Result<u64, InputError> {
        self.u64_in(what, 0..=u64::MAX)
    }

    /// Reads `what`, a decimal integer in `range`, as a u32.
    #[inline]
    pub fn u32_in(&mut self, what: &str, range: RangeInclusive<u32>) -> Result<u32, InputError> {
        let wide = u64::from(*range.start())..=u64::from(*range.end());
        let value = self.u64_in(what, wide)?;
        Ok(u32::try_from(value).expect("the range fits in u32"))
    }

    /// Reads `what`, a decimal integer in `range`, as a usize.
    #[inline]
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
    /// use cgt_judge::Tokens;
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
    #[inline]
    pub fn digits(&mut self, what: &str) -> Result<&'a [u8], InputError> {
        self.digits_and_value(what).map(|(digits, _)| digits)
    }

    /// Like [`digits`](Tokens::digits), and the number the digits spell if
    /// there are at most 19 of them (leading zeros included), so that it
    /// fits in a u64: one pass over the token for both.
    ///
    /// # Example
    /// ```
    /// use cgt_judge::Tokens;
    /// let mut tokens = Tokens::new(b"0042 12345678901234567890");
    /// assert_eq!(tokens.digits_and_value("d"), Ok((&b"0042"[..], Some(42))));
    /// assert_eq!(tokens.digits_and_value("d"), Ok((&b"12345678901234567890"[..], None)));
    /// ```
    #[inline]
    pub fn digits_and_value(&mut self, what: &str) -> Result<(&'a [u8], Option<u64>), InputError> {
        let (start, end, value) = self.scan_digits();
        let input = self.input;
        if end > start && input.get(end).is_none_or(u8::is_ascii_whitespace) {
            self.take(start, end);
            let value = (end - start <= 19).then_some(value);
            return Ok((&input[start..end], value));
        }
        self.digits_slowly(what).map(|digits| (digits, None))
    }

    /// Reads `what`, a non-empty string of decimal digits of any length
    /// (leading zeros kept), and its value when that is at most `u64::MAX`
    /// (`None` above). Full-range `u64`s, 20 digits half the time when they
    /// are random, are read in one pass.
    ///
    /// # Errors
    /// As [`Tokens::digits`].
    ///
    /// # Example
    /// ```
    /// use cgt_judge::Tokens;
    /// let mut tokens = Tokens::new(b"18446744073709551615 18446744073709551616 000042");
    /// assert_eq!(tokens.digits_and_u64("d").unwrap().1, Some(u64::MAX));
    /// assert_eq!(tokens.digits_and_u64("d").unwrap().1, None);
    /// assert_eq!(tokens.digits_and_u64("d"), Ok((&b"000042"[..], Some(42))));
    /// ```
    #[inline]
    pub fn digits_and_u64(&mut self, what: &str) -> Result<(&'a [u8], Option<u64>), InputError> {
        let (start, end, wrapped) = self.scan_digits();
        let input = self.input;
        if end > start && input.get(end).is_none_or(u8::is_ascii_whitespace) {
            self.take(start, end);
            let digits = &input[start..end];
            return Ok((digits, fits_u64(digits, wrapped)));
        }
        self.digits_slowly(what)
            .map(|digits| (digits, parse_u64(digits)))
    }

    /// [`digits`](Tokens::digits) when the next token is not a digit
    /// string: the error message.
    #[cold]
    #[inline(never)]
    fn digits_slowly(&mut self, what: &str) -> Result<&'a [u8], InputError> {
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

/// Decimal digits eight at a time in one `u64` (SIMD within a register):
/// the bytes of an unaligned little-endian load, first digit lowest.
mod swar {
    /// `10^k` for `k <= 8`.
    pub(super) const POWERS_OF_TEN: [u64; 9] = [
        1,
        10,
        100,
        1_000,
        10_000,
        100_000,
        1_000_000,
        10_000_000,
        100_000_000,
    ];

    const ONES: u64 = 0x0101_0101_0101_0101;

    /// How many of the eight bytes of `word` are ASCII digits before the
    /// first that is not, and the value of those digits.
    #[inline(always)]
    pub(super) fn leading_digits(word: u64) -> (usize, u64) {
        // Digits become 0..=9; a byte is a non-digit iff it became 10 or more,
        // so adding 0x76 sets its top bit (or it was set). A byte below '0'
        // borrows from the byte after it, and adding to one of 0x8A and up
        // carries into the byte after it: only bytes after the first
        // non-digit change, and those are not used.
        let values = word.wrapping_sub(ONES * u64::from(b'0'));
        let non_digits = (values.wrapping_add(ONES * 0x76) | values) & (ONES * 0x80);
        let count = (non_digits.trailing_zeros() / 8) as usize;
        if count <= 2 {
            // Short numbers, common in judge inputs, need no multiplications.
            let first = values & 0xFF;
            let value = match count {
                0 => 0,
                1 => first,
                _ => first * 10 + ((values >> 8) & 0xFF),
            };
            return (count, value);
        }
        // The digits to the top, zeros (leading zeros of the number) below.
        let digits = values << (8 * (8 - count));
        (count, eight_digits(digits))
    }

    /// The number written by eight digit values (0..=9), one a byte, first
    /// digit lowest: pairs, then fours, then the eight, each step one
    /// multiplication for all lanes.
    #[inline(always)]
    fn eight_digits(digits: u64) -> u64 {
        let pairs = digits.wrapping_mul(10).wrapping_add(digits >> 8);
        let low = pairs & 0x0000_00FF_0000_00FF;
        let high = (pairs >> 16) & 0x0000_00FF_0000_00FF;
        low.wrapping_mul(100 + (1_000_000 << 32))
            .wrapping_add(high.wrapping_mul(1 + (10_000 << 32)))
            >> 32
    }
}

/// Runs a reader that writes nothing (a judge function into a sink) and
/// keeps only its input error: the way a crate's `parse` shares the judge's
/// reader.
///
/// # Errors
/// The reader's [`InputError`].
///
/// # Example
/// ```
/// use cgt_judge::{read_only, Tokens};
/// let mut values = Vec::new();
/// let read = read_only(|_sink| {
///     let mut tokens = Tokens::new(b"7 x");
///     values.push(tokens.u64("a value")?);
///     values.push(tokens.u64("a value")?);
///     Ok(())
/// });
/// assert_eq!(values, [7]);
/// assert!(read.unwrap_err().to_string().contains("expected a value"));
/// ```
pub fn read_only<T>(
    read: impl FnOnce(&mut io::Sink) -> Result<T, JudgeError>,
) -> Result<T, InputError> {
    match read(&mut io::sink()) {
        Ok(value) => Ok(value),
        Err(JudgeError::Input(e)) => Err(e),
        Err(JudgeError::Output(e)) => unreachable!("a sink does not fail: {e}"),
    }
}

/// The cases of a valid judge input, each the list of items the judge
/// function read for it: `read(sink, record)` runs a judge function over
/// the input with `record` called once per case, so `parse` reads with the
/// very code `solve` does.
///
/// # Errors
/// The [`InputError`] of malformed input.
///
/// # Example
/// ```
/// use cgt_judge::{read_cases, JudgeError, Tokens};
/// use std::io::Write;
///
/// /// T, then per case n and n values; writes each case's sum.
/// fn judge<W: Write>(
///     input: &[u8],
///     out: &mut W,
///     mut case: impl FnMut(&[u64]) -> u64,
/// ) -> Result<(), JudgeError> {
///     let mut tokens = Tokens::new(input);
///     let mut values = Vec::new();
///     for number in 1..=tokens.count("T", 1)? {
///         tokens.begin_case(number);
///         let n = tokens.count("n", 1)?;
///         tokens.read_into(n, &mut values, |t| t.u64("a value"))?;
///         writeln!(out, "{}", case(&values))?;
///     }
///     tokens.finish()?;
///     Ok(())
/// }
///
/// let cases = read_cases(|sink, record| {
///     judge(b"2 1 5 2 3 4", sink, |values| {
///         record(values);
///         0
///     })
/// });
/// assert_eq!(cases.unwrap(), [vec![5], vec![3, 4]]);
/// ```
pub fn read_cases<T: Clone>(
    read: impl FnOnce(&mut io::Sink, &mut dyn FnMut(&[T])) -> Result<(), JudgeError>,
) -> Result<Vec<Vec<T>>, InputError> {
    let mut cases = Vec::new();
    read_only(|sink| read(sink, &mut |items: &[T]| cases.push(items.to_vec())))?;
    Ok(cases)
}

/// The common judge format "`T`, then per case its length and its items on
/// one line", as text.
///
/// # Example
/// ```
/// assert_eq!(cgt_judge::render_cases(&[vec![5], vec![3, 3]]), "2\n1\n5\n2\n3 3\n");
/// ```
pub fn render_cases<T: fmt::Display>(cases: &[Vec<T>]) -> String {
    use fmt::Write as _;
    let mut text = format!("{}\n", cases.len());
    for items in cases {
        writeln!(text, "{}", items.len()).expect("String write");
        for (i, item) in items.iter().enumerate() {
            let separator = if i == 0 { "" } else { " " };
            write!(text, "{separator}{item}").expect("String write");
        }
        text.push('\n');
    }
    text
}

/// A count in a judge input: its name in error messages, the range it must
/// lie in, and the fewest tokens each counted thing takes, as
/// [`Tokens::count_in`] reads it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Count<'a> {
    /// What the count is, e.g. `"the number of test cases T"`.
    pub what: &'a str,
    /// The values it may take.
    pub range: RangeInclusive<usize>,
    /// The fewest tokens each counted thing takes.
    pub tokens_each: usize,
}

impl<'a> Count<'a> {
    /// A count with no range of its own (`0..=usize::MAX`), as
    /// [`Tokens::count`] reads it.
    pub const fn any(what: &'a str, tokens_each: usize) -> Self {
        Self {
            what,
            range: 0..=usize::MAX,
            tokens_each,
        }
    }

    /// A count of at least one.
    pub const fn positive(what: &'a str, tokens_each: usize) -> Self {
        Self {
            what,
            range: 1..=usize::MAX,
            tokens_each,
        }
    }

    /// Reads this count from `tokens`.
    fn read(&self, tokens: &mut Tokens<'_>) -> Result<usize, InputError> {
        tokens.count_in(self.what, self.range.clone(), self.tokens_each)
    }
}

/// The judge format "test cases, each a count `N` and `N` items, answered
/// by one of two words": the reader shared by the crates whose input has
/// that shape, so each writes only what differs (the counts' names and
/// bounds, how an item is read, the two words).
///
/// # Example
/// ```
/// use cgt_judge::{CasesOfItems, Count, InputError, Tokens};
///
/// /// T, then per case n and n values; "even" or "odd" for each case's sum.
/// const PARITY: CasesOfItems<'static> = CasesOfItems {
///     cases: Some(Count::any("the number of test cases T", 1)),
///     items: Count::any("the number of values n", 1),
///     answers: ["even", "odd"],
/// };
/// fn sum_is_even(values: &[u64], _: &Tokens<'_>) -> Result<bool, InputError> {
///     Ok(values.iter().sum::<u64>() % 2 == 0)
/// }
///
/// let mut out = Vec::new();
/// PARITY.judge_items(b"2  2 3 5  1 4", &mut out, |t| t.u64("a value"), sum_is_even).unwrap();
/// assert_eq!(out, b"even\neven\n");
/// let error = PARITY.judge_items(b"1 2 3", &mut Vec::new(), |t| t.u64("a value"), sum_is_even);
/// assert_eq!(
///     error.unwrap_err().to_string(),
///     "malformed input: test case 1, token 2 (line 1): the number of values n is 2, but the rest of the input holds at most 1 token"
/// );
///
/// // Without a count of cases: cases until the end of the input, at least one.
/// let until_end = CasesOfItems { cases: None, ..PARITY };
/// let mut out = Vec::new();
/// until_end.judge_items(b"1 3 2 1 1", &mut out, |t| t.u64("a value"), sum_is_even).unwrap();
/// assert_eq!(out, b"odd\neven\n");
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CasesOfItems<'a> {
    /// The number of test cases `T`, read first; `None`: the cases follow
    /// one another until the end of the input, at least one (an empty input
    /// is reported as the first case missing).
    pub cases: Option<Count<'a>>,
    /// The count `N` that opens each case.
    pub items: Count<'a>,
    /// The line written for a case whose reader says `true`, then for one
    /// that says `false` (usually: the first player wins, the second does).
    pub answers: [&'a str; 2],
}

impl CasesOfItems<'_> {
    /// Reads every case, `case` reading what follows its count `N` and
    /// saying which answer to write; then checks that nothing is left.
    ///
    /// This is the form for a hot path that folds the items as it reads
    /// them, or for a case that is more than `N` items of one kind.
    ///
    /// # Errors
    /// [`JudgeError::Input`] on malformed input (the counts' own errors, or
    /// `case`'s), with nothing written for the broken case;
    /// [`JudgeError::Output`] if `out` fails.
    ///
    /// # Complexity
    /// O(number of cases) besides what `case` does.
    #[inline]
    pub fn judge<W: Write>(
        &self,
        input: &[u8],
        out: &mut W,
        mut case: impl FnMut(&mut Tokens<'_>, usize) -> Result<bool, InputError>,
    ) -> Result<(), JudgeError> {
        let mut tokens = Tokens::new(input);
        if let Some(cases) = &self.cases {
            for number in 1..=cases.read(&mut tokens)? {
                self.one_case(&mut tokens, number, out, &mut case)?;
            }
        } else {
            let mut number = 0;
            // The first case is read even on an empty input, to report it missing.
            while number == 0 || !tokens.at_end() {
                number += 1;
                self.one_case(&mut tokens, number, out, &mut case)?;
            }
        }
        tokens.finish()?;
        Ok(())
    }

    /// Reads every case's `N` items with `item` into one buffer and writes
    /// the answer `first_wins` gives for them (it also gets the tokens, for
    /// [`Tokens::error_in_case`]).
    ///
    /// # Errors
    /// As [`judge`](CasesOfItems::judge).
    ///
    /// # Complexity
    /// O(number of items) besides what `item` and `first_wins` do; the
    /// buffer is bounded by the input's length.
    #[inline]
    pub fn judge_items<W: Write, T>(
        &self,
        input: &[u8],
        out: &mut W,
        mut item: impl FnMut(&mut Tokens<'_>) -> Result<T, InputError>,
        mut first_wins: impl FnMut(&[T], &Tokens<'_>) -> Result<bool, InputError>,
    ) -> Result<(), JudgeError> {
        let mut items = Vec::new();
        self.judge(input, out, |tokens, n| {
            tokens.read_into(n, &mut items, &mut item)?;
            first_wins(&items, tokens)
        })
    }

    /// Reads case `number`: its count, what `case` reads, its answer line.
    #[inline]
    fn one_case<W: Write>(
        &self,
        tokens: &mut Tokens<'_>,
        number: usize,
        out: &mut W,
        case: &mut impl FnMut(&mut Tokens<'_>, usize) -> Result<bool, InputError>,
    ) -> Result<(), JudgeError> {
        tokens.begin_case(number);
        let n = self.items.read(tokens)?;
        let wins = case(tokens, n)?;
        writeln!(
            out,
            "{}",
            if wins {
                self.answers[0]
            } else {
                self.answers[1]
            }
        )?;
        Ok(())
    }
}

/// Runs a judge function as a program: all of stdin in, its output on stdout.
///
/// On Linux, a stdin of more than 1 MiB (a file or a pipe) is read into
/// memory backed by transparent huge pages when the kernel offers them,
/// which spares most of the page faults of reading a judge-size input; a
/// smaller one is read into a `Vec`. The bytes are the same either way.
///
/// On malformed input, prints one line `NAME: malformed input: ...` on stderr,
/// nothing on stdout, and returns exit status 2 ([`MALFORMED_INPUT`]).
pub fn run<F>(name: &str, solve: F) -> ExitCode
where
    F: FnOnce(&[u8], &mut Vec<u8>) -> Result<(), JudgeError>,
{
    let input = match stdin::read_all() {
        Ok(input) => input,
        Err(e) => {
            eprintln!("{name}: cannot read standard input: {e}");
            return ExitCode::FAILURE;
        }
    };
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

/// Reading all of standard input into memory.
///
/// A judge-size input (10 MB and more) is dominated by page faults: the
/// kernel maps and clears the buffer 4 KiB at a time as `read` fills it,
/// which costs about as much as parsing it. On Linux an input of more than
/// 1 MiB goes into an anonymous mapping advised to use
/// transparent huge pages (2 MiB each), so a 10 MB input takes a few faults
/// instead of about 2500. The mapping has the size of stdin when it is a
/// regular file, and doubles as needed otherwise (a pipe, or a file that
/// grows). A small input, another system, or a mapping the system refuses
/// means a `Vec` as before: only the speed differs.
mod stdin {
    use std::io::{self, Read};
    use std::ops::Deref;

    /// Inputs up to this size are read into a `Vec`: below it the faults
    /// cost less than setting up a mapping.
    #[cfg(target_os = "linux")]
    pub(super) const MAPPED_FROM: usize = 1 << 20;

    /// All of an input, on the heap or in a mapping.
    pub(super) enum Input {
        /// A `Vec`.
        Heap(Vec<u8>),
        /// The first `len` bytes of an anonymous mapping.
        #[cfg(target_os = "linux")]
        Mapped {
            /// The mapping.
            map: memmap2::MmapMut,
            /// How much of it the input fills.
            len: usize,
        },
    }

    impl Deref for Input {
        type Target = [u8];

        fn deref(&self) -> &[u8] {
            match self {
                Input::Heap(bytes) => bytes,
                #[cfg(target_os = "linux")]
                Input::Mapped { map, len } => &map[..*len],
            }
        }
    }

    /// All of standard input.
    pub(super) fn read_all() -> io::Result<Input> {
        let stdin = io::stdin();
        #[cfg(target_os = "linux")]
        {
            let size = regular_file_size(&stdin).unwrap_or(0);
            read_expecting(&mut stdin.lock(), size)
        }
        #[cfg(not(target_os = "linux"))]
        {
            let mut input = Vec::new();
            stdin.lock().read_to_end(&mut input)?;
            Ok(Input::Heap(input))
        }
    }

    /// The size of the file behind stdin, if it is a regular file.
    #[cfg(target_os = "linux")]
    fn regular_file_size(stdin: &io::Stdin) -> Option<u64> {
        use std::os::fd::AsFd;
        let file = std::fs::File::from(stdin.as_fd().try_clone_to_owned().ok()?);
        let metadata = file.metadata().ok()?;
        metadata.is_file().then_some(metadata.len())
    }

    /// Reads all of `reader`, expected to hold `size` bytes (0 if unknown;
    /// the expectation only sizes the first mapping).
    #[cfg(target_os = "linux")]
    pub(super) fn read_expecting(reader: &mut impl Read, size: u64) -> io::Result<Input> {
        /// A huge page: a mapping of whole ones can be backed by them only.
        const HUGE_PAGE: usize = 2 << 20;
        let mut start = Vec::new();
        if size <= MAPPED_FROM as u64 {
            // One byte more, to tell an input of exactly MAPPED_FROM bytes.
            reader
                .take(MAPPED_FROM as u64 + 1)
                .read_to_end(&mut start)?;
            if start.len() <= MAPPED_FROM {
                return Ok(Input::Heap(start));
            }
        }
        // One byte more than the size, so that the end is seen in it.
        let size = usize::try_from(size)
            .unwrap_or(usize::MAX)
            .saturating_add(1);
        let mut capacity = size.max(2 * start.len());
        let mut current: Option<memmap2::MmapMut> = None;
        let mut len = 0;
        loop {
            let mapping = capacity
                .checked_next_multiple_of(HUGE_PAGE)
                .and_then(|capacity| memmap2::MmapMut::map_anon(capacity).ok());
            let Some(mut map) = mapping else {
                // No mapping: on the heap, as for a small input.
                let mut input = match current {
                    Some(current) => current[..len].to_vec(),
                    None => start,
                };
                reader.read_to_end(&mut input)?;
                return Ok(Input::Heap(input));
            };
            // Only a hint: without huge pages the input is read all the same.
            let _ = map.advise(memmap2::Advice::HugePage);
            match &current {
                Some(current) => map[..len].copy_from_slice(&current[..len]),
                None => {
                    len = start.len();
                    map[..len].copy_from_slice(&start);
                }
            }
            if fill(reader, &mut map, &mut len)? {
                return Ok(Input::Mapped { map, len });
            }
            capacity = map.len().saturating_mul(2);
            current = Some(map);
        }
    }

    /// Reads into `buffer` from `len` on until it is full or the input
    /// ends; whether it ended.
    #[cfg(target_os = "linux")]
    fn fill(reader: &mut impl Read, buffer: &mut [u8], len: &mut usize) -> io::Result<bool> {
        while *len < buffer.len() {
            match reader.read(&mut buffer[*len..]) {
                Ok(0) => return Ok(true),
                Ok(read) => *len += read,
                Err(e) if e.kind() == io::ErrorKind::Interrupted => {}
                Err(e) => return Err(e),
            }
        }
        Ok(false)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A digit string's value when it fits in a `u64` agrees with checked
    /// arithmetic: around 10^19, 2^64, 2 * 10^19, with leading zeros, and on
    /// random 20-digit strings.
    #[test]
    fn full_range_values_are_exact() {
        let mut texts: Vec<String> = Vec::new();
        for base in [
            10_000_000_000_000_000_000_u128,
            1 << 64,
            20_000_000_000_000_000_000,
        ] {
            for delta in 0..5 {
                texts.push((base + delta).to_string());
                texts.push((base - 1 - delta).to_string());
            }
        }
        let mut state = 0x2545_F491_4F6C_DD1D_u64;
        for _ in 0..20_000 {
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            let digits: String = (0..20)
                .map(|i| char::from(b'0' + ((state >> (3 * i)) % 10) as u8))
                .collect();
            texts.push(digits);
            texts.push(state.to_string());
        }
        let more: Vec<String> = texts
            .iter()
            .flat_map(|t| [format!("0{t}"), format!("000{t}"), format!("{t}9")])
            .collect();
        texts.extend(more);
        texts
            .extend(["0", "00000000000000000000000", "1", "9999999999999999999"].map(String::from));
        for text in &texts {
            let mut tokens = Tokens::new(text.as_bytes());
            let (digits, value) = tokens.digits_and_u64("d").expect("digits");
            assert_eq!(digits, text.as_bytes());
            assert_eq!(value, parse_u64(text.as_bytes()), "{text}");
        }
    }

    /// The digits eight at a time agree with one at a time on every kind of
    /// byte around them (below '0', above '9', 0x8A and up, whitespace) at
    /// every length and offset, for runs of digits up to 30 long.
    #[test]
    fn digits_scan_the_same_eight_at_a_time() {
        let scalar = |input: &[u8], mut pos: usize| {
            while input.get(pos).is_some_and(u8::is_ascii_whitespace) {
                pos += 1;
            }
            let start = pos;
            let mut value = 0_u64;
            while let Some(&b) = input.get(pos).filter(|b| b.is_ascii_digit()) {
                value = value.wrapping_mul(10).wrapping_add(u64::from(b - b'0'));
                pos += 1;
            }
            (start, pos, value)
        };
        let others = [
            b' ', b'\n', b'/', b':', b'x', 0x00, 0x7F, 0x80, 0x8A, 0x8F, 0xFF, b'-',
        ];
        let mut state = 0x9E37_79B9_7F4A_7C15_u64;
        let mut next = move || {
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            state
        };
        let mut checked = 0;
        for run in 0..=30 {
            for &after in &others {
                for trial in 0..40 {
                    let mut input = vec![b' '; trial % 3];
                    for _ in 0..run {
                        input.push(b'0' + (next() % 10) as u8);
                    }
                    input.push(after);
                    for _ in 0..next() % 12 {
                        let byte = if next() % 2 == 0 {
                            b'0' + (next() % 10) as u8
                        } else {
                            others[(next() % others.len() as u64) as usize]
                        };
                        input.push(byte);
                    }
                    for cut in 0..=input.len() {
                        let mut tokens = Tokens::new(&input[..cut]);
                        assert_eq!(
                            tokens.scan_digits(),
                            scalar(&input[..cut], 0),
                            "{:?}",
                            &input[..cut]
                        );
                        checked += 1;
                    }
                }
            }
        }
        assert!(checked > 100_000, "{checked}");
    }

    /// A reader that hands out at most `step` bytes a call, and is
    /// interrupted before every other read.
    #[cfg(target_os = "linux")]
    struct Trickle<'a> {
        bytes: &'a [u8],
        step: usize,
        interrupt: bool,
    }

    #[cfg(target_os = "linux")]
    impl io::Read for Trickle<'_> {
        fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
            self.interrupt = !self.interrupt;
            if self.interrupt {
                return Err(io::ErrorKind::Interrupted.into());
            }
            let n = self.step.min(buf.len()).min(self.bytes.len());
            buf[..n].copy_from_slice(&self.bytes[..n]);
            self.bytes = &self.bytes[n..];
            Ok(n)
        }
    }

    #[cfg(target_os = "linux")]
    #[test]
    fn inputs_are_read_whole_whatever_size_was_expected() {
        let mapped_from = stdin::MAPPED_FROM;
        let bytes: Vec<u8> = (0..5 * mapped_from + 12_345)
            .map(|i| b"0123456789 \n"[i % 12])
            .collect();
        // (length, size expected, bytes per read, whether in a mapping)
        for (len, expected_size, step, mapped) in [
            // A file.
            (bytes.len(), bytes.len(), 1 << 16, true),
            (bytes.len(), bytes.len(), 1 << 30, true),
            // A pipe: mappings that double as it is read.
            (bytes.len(), 0, 1 << 16, true),
            (bytes.len(), 0, 777_777, true),
            (mapped_from + 1, 0, 1000, true),
            // A file that grew or shrank while it was read.
            (bytes.len(), mapped_from, 1 << 16, true),
            (bytes.len(), 2 * mapped_from + 5, 777_777, true),
            (mapped_from + 1, 3 * mapped_from, 1 << 16, true),
            // Small inputs, on the heap.
            (mapped_from, 0, 1 << 16, false),
            (mapped_from, mapped_from, 1 << 16, false),
            (1000, 1000, 100, false),
            (0, 0, 1, false),
        ] {
            let mut reader = Trickle {
                bytes: &bytes[..len],
                step,
                interrupt: false,
            };
            let input = stdin::read_expecting(&mut reader, expected_size as u64)
                .expect("reads from memory");
            let what = format!("{len} bytes, {expected_size} expected, {step} a read");
            assert!(input[..] == bytes[..len], "{what}");
            assert_eq!(
                matches!(input, stdin::Input::Mapped { .. }),
                mapped,
                "{what}"
            );
        }
    }

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
    fn fast_reads_keep_token_numbers_and_lines() {
        let input = b"1\n\n2 3\r\n 0000000000000000000042\n\n12x 7";
        let mut tokens = Tokens::new(input);
        for expected in [1, 2, 3, 42] {
            assert_eq!(tokens.u64("v"), Ok(expected));
        }
        assert_eq!(tokens.error_at_last("m").to_string(), "token 4 (line 4): m");
        assert_eq!(
            tokens.u64("v").map_err(|e| e.to_string()),
            Err("token 5 (line 6): expected v, an integer in 0..=18446744073709551615, found \"12x\"".into())
        );
        // A token read after a later line was counted still gets its own line.
        let mut again = Tokens::new(input);
        let first = again.next_token().expect("a token");
        assert_eq!((first.index, first.line), (1, 1));
        assert_eq!(again.digits("d"), Ok(&b"2"[..]));
        assert!(again.digits("d").is_ok());
        assert_eq!(again.digits("d"), Ok(&b"0000000000000000000042"[..]));
        assert!(again.digits("d").is_err());
        assert_eq!(
            again.error_at(&first, "m").to_string(),
            "token 1 (line 1): m"
        );
        assert_eq!(again.u32_in("v", 0..=7), Ok(7));
        assert!(again.at_end());
        assert_eq!(
            again.u64("v").map_err(|e| e.to_string()),
            Err(
                "end of input (after token 6, line 6): expected v, found the end of the input"
                    .into()
            )
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
        // A linear congruential generator is random enough for test data.
        let mut state = 3_u64;
        let mut below = |bound: u64| {
            state = state
                .wrapping_mul(6_364_136_223_846_793_005)
                .wrapping_add(1);
            ((state >> 33) % bound) as usize
        };
        let alphabet = b"0123456789 \n\r\t-+x\xff";
        for _ in 0..2000 {
            let len = below(20);
            let bytes: Vec<u8> = (0..len)
                .map(|_| alphabet[below(alphabet.len() as u64)])
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
