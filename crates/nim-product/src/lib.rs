//! Nim product: the product of two nimbers below 2^64.
//!
//! Sources: Library Checker `nim_product_64` ("Nim Product (64)"). The
//! statement, with the judge's limits, is in this crate's `README.md`.
//!
//! # Task
//! For each of T pairs of integers 0 ≤ A, B < 2^64, print the nim product
//! A ⊗ B, defined from nim-addition a ⊕ b (XOR) by
//! a ⊗ b = mex{(a′ ⊗ b) ⊕ (a ⊗ b′) ⊕ (a′ ⊗ b′) : a′ < a, b′ < b}.
//! It is the Grundy value of one coin at (a, b) in the product of two Nim
//! coin games (Tartan theorem, *Winning Ways*, ch. 14): a move turns the
//! corners (a, b), (a′, b), (a, b′), (a′, b′) of a rectangle.
//!
//! # Judge format
//! Input: `T`, then T lines `A B`. Output: T lines, A ⊗ B in decimal.
//! Judge limits: 1 ≤ T ≤ 10^6, 0 ≤ A, B < 2^64. This crate accepts any
//! T ≥ 1 (the input's length bounds the memory).
//!
//! # Idea
//! [`cgt_core::nimber::nim_product`]: the nimbers below 2^(2^k) form a field,
//! and for a Fermat 2-power F = 2^(2^k) and x, y < F, x ⊗ F = x·F and
//! F ⊗ F = F ⊕ F/2 (Conway, *On Numbers and Games*, ch. 6). Two Karatsuba
//! steps, 64 → 32 → 16 bits, leave nine products in the field of order
//! 2^16, each two logarithm lookups and one exponential lookup. The tests
//! check it against the mex definition for all A, B < 128, against the
//! coin game played out on a 4 × 4 board, and against the field laws.
//!
//! # Complexity
//! O(1) per pair; O(size of the input) in all, plus 640 KiB of tables
//! built once.
//!
//! # Example
//! ```
//! assert_eq!(nim_product::product(2, 2), 3);
//! assert_eq!(nim_product::product(3141, 5926), 14994);
//! let mut out = Vec::new();
//! nim_product::solve(b"2\n5 8\n16 16\n", &mut out).unwrap();
//! assert_eq!(out, b"3\n24\n");
//! ```

use cgt_judge::{InputError, JudgeError, Tokens, read_only};
use std::fmt::Write as _;
use std::io::Write;

/// The README's Rust example, compiled and run as a doctest.
#[cfg(doctest)]
#[doc = include_str!("../README.md")]
pub struct ReadmeDoctests;

#[cfg(feature = "testkit")]
pub mod brute;
#[cfg(feature = "testkit")]
pub mod problem;

/// The nim product `a ⊗ b`.
///
/// # Example
/// ```
/// assert_eq!(nim_product::product(5, 8), 3);
/// assert_eq!(nim_product::product(u64::MAX, u64::MAX), 11_290_409_524_105_353_207);
/// ```
///
/// # Complexity
/// O(1) (see [`cgt_core::nimber::nim_product`]).
pub fn product(a: u64, b: u64) -> u64 {
    cgt_core::nimber::nim_product(a, b)
}

/// The judge function: reads the whole input, writes one product per line.
///
/// # Errors
/// [`JudgeError::Input`] on malformed input; [`JudgeError::Output`] if
/// `out` fails.
///
/// # Example
/// ```
/// let mut out = Vec::new();
/// nim_product::solve(b"1\n3141 5926\n", &mut out).unwrap();
/// assert_eq!(out, b"14994\n");
/// ```
///
/// # Complexity
/// O(size of the input).
pub fn solve<W: Write>(input: &[u8], out: &mut W) -> Result<(), JudgeError> {
    judge(input, out, |a, b, _| Ok(product(a, b)))
}

/// Reads every pair and writes the product that `multiply` finds; shared by
/// [`solve`], [`parse`] and the brute force, so all read the same format.
pub(crate) fn judge<W: Write>(
    input: &[u8],
    out: &mut W,
    mut multiply: impl FnMut(u64, u64, &Tokens<'_>) -> Result<u64, InputError>,
) -> Result<(), JudgeError> {
    let mut tokens = Tokens::new(input);
    let pairs = tokens.count_in("the number of pairs T", 1..=usize::MAX, 2)?;
    // Lines are formatted into a small buffer that stays in cache, and
    // written out when it is nearly full.
    let mut text = Vec::with_capacity(OUTPUT_CHUNK + 21);
    for pair in 1..=pairs {
        tokens.begin_case(pair);
        let a = read_number(&mut tokens, "the number A")?;
        let b = read_number(&mut tokens, "the number B")?;
        push_decimal(&mut text, multiply(a, b, &tokens)?);
        if text.len() >= OUTPUT_CHUNK {
            out.write_all(&text)?;
            text.clear();
        }
    }
    tokens.finish()?;
    out.write_all(&text)?;
    Ok(())
}

/// How many bytes of output are formatted before they are written.
const OUTPUT_CHUNK: usize = 1 << 16;

/// Reads `what`, an integer below 2^64 (any number of digits, leading
/// zeros allowed).
#[inline]
fn read_number(tokens: &mut Tokens<'_>, what: &str) -> Result<u64, InputError> {
    match tokens.digits_and_u64(what)? {
        (_, Some(value)) => Ok(value),
        (digits, None) => {
            let shown = String::from_utf8_lossy(&digits[..digits.len().min(24)]);
            Err(tokens.error_at_last(format!(
                "expected {what}, an integer in 0..={}, found \"{shown}\" (too large)",
                u64::MAX
            )))
        }
    }
}

/// Two decimal digits of every number below 100.
const DIGIT_PAIRS: [[u8; 2]; 100] = {
    let mut pairs = [[0; 2]; 100];
    let mut i = 0;
    while i < 100 {
        pairs[i] = [b'0' + (i / 10) as u8, b'0' + (i % 10) as u8];
        i += 1;
    }
    pairs
};

/// The eight decimal digits of `value < 10^8`, leading zeros included:
/// four independent pairs, so the divisions do not wait on each other.
#[inline(always)]
fn eight_digits(value: u64) -> [u8; 8] {
    let (high, low) = (value / 10_000, value % 10_000);
    let pairs = [high / 100, high % 100, low / 100, low % 100];
    let mut digits = [0; 8];
    for (i, &pair) in pairs.iter().enumerate() {
        digits[2 * i..2 * i + 2].copy_from_slice(&DIGIT_PAIRS[pair as usize]);
    }
    digits
}

/// Appends `value` in decimal and a line end: in blocks of eight digits,
/// each four independent pairs from a table.
fn push_decimal(text: &mut Vec<u8>, value: u64) {
    const E8: u64 = 100_000_000;
    let mut digits = [0_u8; 25];
    digits[24] = b'\n';
    // value = top · 10^16 + middle · 10^8 + low, top < 1845.
    let (rest, low) = (value / E8, value % E8);
    let (top, middle) = (rest / E8, rest % E8);
    digits[16..24].copy_from_slice(&eight_digits(low));
    digits[8..16].copy_from_slice(&eight_digits(middle));
    digits[..8].copy_from_slice(&eight_digits(top));
    // Skip the leading zeros, keeping at least the last digit.
    let start = digits[..23].iter().position(|&d| d != b'0').unwrap_or(23);
    text.extend_from_slice(&digits[start..]);
}

/// The pairs of a valid judge input.
///
/// # Errors
/// As [`solve`], on malformed input.
///
/// # Example
/// ```
/// assert_eq!(nim_product::parse(b"2 5 8 16 16").unwrap(), [(5, 8), (16, 16)]);
/// ```
pub fn parse(input: &[u8]) -> Result<Vec<(u64, u64)>, InputError> {
    let mut pairs = Vec::new();
    read_only(|sink| {
        judge(input, sink, |a, b, _| {
            pairs.push((a, b));
            Ok(0)
        })
    })?;
    Ok(pairs)
}

/// The judge input of `pairs`: the format [`solve`] reads.
///
/// # Example
/// ```
/// assert_eq!(nim_product::render(&[(5, 8), (16, 16)]), "2\n5 8\n16 16\n");
/// ```
pub fn render(pairs: &[(u64, u64)]) -> String {
    let mut text = format!("{}\n", pairs.len());
    for (a, b) in pairs {
        writeln!(text, "{a} {b}").expect("String write");
    }
    text
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn decimals_match_display() {
        let mut values: Vec<u64> = (0..1000).collect();
        values.extend((0..64).flat_map(|k| {
            let p = 1_u64 << k;
            [p - 1, p, p + 1]
        }));
        values.extend([
            u64::MAX,
            u64::MAX - 1,
            10_000_000_000_000_000_000,
            9_999_999_999_999_999_999,
        ]);
        for v in values {
            let mut text = Vec::new();
            push_decimal(&mut text, v);
            assert_eq!(text, format!("{v}\n").as_bytes());
        }
    }
}
