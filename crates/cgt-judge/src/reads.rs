//! The typed reads of [`Tokens`]: decimal integers in a range (as `u64`,
//! `u32` or `usize`), counts checked against what the rest of the input can
//! hold, lists of items, and digit strings of any length. Each error says
//! what was expected and quotes what was found.
//!
//! Digit strings are read on a fast path that scans eight bytes at a time
//! (`swar`). A token that is not a plain digit string (or, for the integer
//! reads, has more than 19 digits or is out of range), and every error
//! message, takes the slow path, which reads the token whole.

use crate::error::InputError;
use crate::tokenizer::{Tokens, quote};
use std::ops::RangeInclusive;

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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::tokenizer::tests::first_error;

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
