//! Heap games: take-and-break codes, subtraction games, and any rules written
//! with cgt-core's [`HeapGame`] or as a Rust closure.

use cgt_core::heap::{HeapGame, HeapOptions};
use std::fmt;
use std::sync::Arc;

/// The most digits a code may have after the dot, and the largest number in a
/// subtraction set. Each value costs O(t) work for t digits, and the code is
/// held as one byte per digit, so this keeps both small.
pub const MAX_DIGITS: usize = 4096;

/// The most sums of values ([`Game::split_work`]) a count of values asked
/// for may take ([`Game::max_upto`]): about 2^36, a minute or two at a few
/// nanoseconds a sum, with the progress line shown meanwhile.
pub const MAX_SPLIT_WORK: u64 = 1 << 36;

/// The most sums of values a period search without a cap takes: the plain
/// engine's ([`Game::split_work`], through [`Game::default_cap`]), or the
/// fast engine's pairs while it lists every one
/// ([`analyse_capped`](crate::analyse_capped)). About 2^31, a few seconds.
pub const DEFAULT_SPLIT_WORK: u64 = 1 << 31;

/// A take-and-break code `d0.d1d2…dt`, octal or hexadecimal, finite or with a
/// last digit that repeats forever.
///
/// Digit `d_k` says how `k` tokens may be removed from one heap: bit 1, when
/// they are the whole heap; bit 2, leaving one nonempty heap; bit 4, leaving
/// two nonempty heaps; bit 8, leaving three. `d0` (removing nothing) may only
/// carry bits 4 and 8 (*Winning Ways*, ch. 4).
///
/// # Example
/// ```
/// use cgt_lab::Code;
/// let kayles: Code = "0.77".parse().unwrap();
/// assert_eq!(kayles.digit(1), 7);
/// assert_eq!(kayles.to_string(), "0.77");
/// let lasker: Code = "4.(3)".parse().unwrap();
/// assert_eq!(lasker.digit(1_000_000), 3);
/// assert!(lasker.is_repeating());
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Code {
    /// `digits[k]` is `d_k`; `digits[0]` is `d0`. Never ends in a `0` after
    /// the dot (normalised), and has at least one entry.
    digits: Vec<u8>,
    /// Whether the last digit repeats forever (then there are at least two
    /// digits and the last one is not 0).
    repeating: bool,
}

impl Code {
    /// A code from its digits `d0, d1, …` (each 0..=15), the last one
    /// repeating forever if `repeating`. Normalises: trailing zeros go, and a
    /// repeated digit absorbs equal digits before it.
    ///
    /// # Errors
    /// A [`ParseError`] (at character 0) if `d0` has bit 1 or 2, a digit is
    /// above 15, there are more than [`MAX_DIGITS`] digits after the dot, or
    /// a repeating code has no digit after the dot.
    ///
    /// # Example
    /// ```
    /// use cgt_lab::Code;
    /// assert_eq!(Code::new(vec![0, 3, 3], true).unwrap().to_string(), "0.(3)");
    /// assert!(Code::new(vec![1, 3], false).is_err());
    /// ```
    pub fn new(mut digits: Vec<u8>, repeating: bool) -> Result<Self, ParseError> {
        if digits.is_empty() {
            digits.push(0);
        }
        let shown: Vec<String> = digits.iter().map(|d| format!("{d:X}")).collect();
        let text = || shown.join(",");
        if let Some(&d) = digits.iter().find(|&&d| d > 15) {
            return Err(ParseError::new(text(), 0, format!("digit {d} is above 15")));
        }
        if digits[0] & 3 != 0 {
            return Err(ParseError::new(
                text(),
                0,
                format!(
                    "d0 (removing nothing) may only carry bits 4 and 8 (split), found {:X}",
                    digits[0]
                ),
            ));
        }
        if digits.len() > MAX_DIGITS + 1 {
            return Err(ParseError::new(
                text(),
                0,
                format!("at most {MAX_DIGITS} digits after the dot"),
            ));
        }
        let mut repeating = repeating;
        if repeating {
            if digits.len() < 2 {
                return Err(ParseError::new(
                    text(),
                    0,
                    "a repeating digit must come after the dot".to_owned(),
                ));
            }
            let last = digits[digits.len() - 1];
            while digits.len() > 2 && digits[digits.len() - 2] == last {
                digits.pop();
            }
            if last == 0 {
                repeating = false;
            }
        }
        if !repeating {
            while digits.len() > 1 && digits[digits.len() - 1] == 0 {
                digits.pop();
            }
        }
        Ok(Self { digits, repeating })
    }

    /// The digit `d_k` (0 past the end of a finite code).
    pub fn digit(&self, k: usize) -> u8 {
        match self.digits.get(k) {
            Some(&d) => d,
            None if self.repeating => self.digits[self.digits.len() - 1],
            None => 0,
        }
    }

    /// The digits as written, `d0` first; for a repeating code the last one
    /// repeats.
    pub fn digits(&self) -> &[u8] {
        &self.digits
    }

    /// Whether the last digit repeats forever.
    pub fn is_repeating(&self) -> bool {
        self.repeating
    }

    /// `t`, the largest `k` with `d_k ≠ 0` (0 for a code with no moves but
    /// splits of `d0`), or `None` for a repeating code.
    pub fn last_nonzero(&self) -> Option<usize> {
        (!self.repeating).then(|| self.digits.len() - 1)
    }

    /// Whether this is a finite octal code: digits 0–7, `d0` 0 or 4, no
    /// repeating digit. These are the games the Guy-Smith periodicity
    /// theorem covers and the fast engine computes.
    ///
    /// # Example
    /// ```
    /// use cgt_lab::Code;
    /// assert!("0.16".parse::<Code>().unwrap().is_finite_octal());
    /// assert!(!"0.8".parse::<Code>().unwrap().is_finite_octal());
    /// assert!(!"0.(3)".parse::<Code>().unwrap().is_finite_octal());
    /// ```
    pub fn is_finite_octal(&self) -> bool {
        !self.repeating && self.digits.iter().all(|&d| d <= 7)
    }
}

/// The moves a code allows, listed from its digits: removing `k` tokens
/// with digit `d_k` leaves nothing (bit 1), one heap (bit 2), two (bit 4)
/// or three (bit 8) non-empty heaps. Every option is listed separately,
/// with no cleverness: this is the test oracle's view of the rules
/// ([`naive_values`](crate::naive_values)).
///
/// # Example
/// ```
/// use cgt_core::heap::{HeapGame, HeapOptions};
/// let kayles: cgt_lab::Code = "0.77".parse().unwrap();
/// let mut options = HeapOptions::new();
/// kayles.heap_options(2, &mut options);
/// let listed: Vec<&[usize]> = options.iter().collect();
/// // Take one leaving 1, take two leaving nothing.
/// assert_eq!(listed, [&[1][..], &[]]);
/// options.clear();
/// kayles.heap_options(3, &mut options);
/// assert_eq!(options.iter().collect::<Vec<_>>(), [&[2][..], &[1, 1], &[1]]);
/// ```
impl HeapGame for Code {
    fn heap_options(&self, n: usize, options: &mut HeapOptions) {
        // Past the last digit of a finite code every digit is 0.
        let last = if self.repeating {
            n
        } else {
            n.min(self.digits.len() - 1)
        };
        for k in 0..=last {
            let digit = self.digit(k);
            let rest = n - k;
            if digit & 1 != 0 && rest == 0 && k > 0 {
                options.push(&[]);
            }
            if digit & 2 != 0 && rest >= 1 && k > 0 {
                options.push(&[rest]);
            }
            if digit & 4 != 0 {
                for a in 1..=rest / 2 {
                    options.push(&[a, rest - a]);
                }
            }
            if digit & 8 != 0 {
                for a in 1..=rest / 3 {
                    for b in a..=(rest - a) / 2 {
                        options.push(&[a, b, rest - a - b]);
                    }
                }
            }
        }
    }
}

impl fmt::Display for Code {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{:X}.", self.digits[0])?;
        let rest = &self.digits[1..];
        if rest.is_empty() {
            return write!(f, "0");
        }
        let (body, last) = rest.split_at(rest.len() - 1);
        for d in body {
            write!(f, "{d:X}")?;
        }
        if self.repeating {
            write!(f, "({:X})", last[0])
        } else {
            write!(f, "{:X}", last[0])
        }
    }
}

impl std::str::FromStr for Code {
    type Err = ParseError;

    fn from_str(text: &str) -> Result<Self, ParseError> {
        parse_code(text)
    }
}

/// A game input could not be read: what was expected, and where.
///
/// # Example
/// ```
/// let error = cgt_lab::Game::parse("0.1x").unwrap_err();
/// assert_eq!(error.position(), 4);
/// assert_eq!(
///     error.to_string(),
///     "game \"0.1x\", character 4: expected a digit 0-9 or A-F, found 'x'"
/// );
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ParseError {
    input: String,
    position: usize,
    message: String,
}

impl ParseError {
    fn new(input: String, position: usize, message: String) -> Self {
        Self {
            input,
            position,
            message,
        }
    }

    /// The 1-based character position of the problem (0 when it concerns the
    /// whole input).
    pub fn position(&self) -> usize {
        self.position
    }
}

impl fmt::Display for ParseError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.position == 0 {
            write!(f, "game \"{}\": {}", self.input, self.message)
        } else {
            write!(
                f,
                "game \"{}\", character {}: {}",
                self.input, self.position, self.message
            )
        }
    }
}

impl std::error::Error for ParseError {}

/// The options of a heap of size `n`, each a list of heap sizes that together
/// replace it; every size must be smaller than `n`: the closure form of a
/// [`HeapGame`], for [`Game::from_fn`].
pub type Rule = dyn Fn(usize) -> Vec<Vec<usize>> + Send + Sync;

/// The [`HeapGame`] of a closure.
struct ClosureRules<F>(F);

impl<F: Fn(usize) -> Vec<Vec<usize>>> HeapGame for ClosureRules<F> {
    fn heap_options(&self, n: usize, options: &mut HeapOptions) {
        for option in (self.0)(n) {
            options.push(&option);
        }
    }
}

/// A heap game: a take-and-break code, a subtraction game, or any rules
/// written as a cgt-core [`HeapGame`] or as a closure.
///
/// # Example
/// ```
/// use cgt_lab::Game;
/// let kayles = Game::parse("0.77").unwrap();
/// assert_eq!(kayles.name(), "0.77");
/// assert_eq!(kayles.values(9).unwrap(), [0, 1, 2, 3, 1, 4, 3, 2, 1, 4]);
/// let s = Game::parse("S(4, 1,3)").unwrap();
/// assert_eq!(s.name(), "S(1,3,4)");
/// // Nim as a closure: a heap of n can become any smaller heap.
/// let nim = Game::from_fn("nim", |n| (0..n).map(|m| vec![m]).collect());
/// assert_eq!(nim.values(4).unwrap(), [0, 1, 2, 3, 4]);
/// ```
#[derive(Clone)]
pub struct Game {
    name: String,
    kind: Kind,
}

#[derive(Clone)]
pub(crate) enum Kind {
    Code(Code),
    Rules(Arc<dyn HeapGame + Send + Sync>),
}

impl fmt::Debug for Game {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Game").field("name", &self.name).finish()
    }
}

impl Game {
    /// Reads a take-and-break code (`0.16`, `.16`, `4.(3)`, `0.8F`) or a
    /// subtraction game (`S(1,3,4)`).
    ///
    /// # Errors
    /// A [`ParseError`] naming what was expected and at which character.
    pub fn parse(text: &str) -> Result<Self, ParseError> {
        if text.starts_with(['S', 's']) {
            let set = parse_subtraction(text)?;
            let name = format!(
                "S({})",
                set.iter()
                    .map(usize::to_string)
                    .collect::<Vec<_>>()
                    .join(",")
            );
            let mut digits = vec![0; set.last().map_or(1, |&k| k + 1)];
            for &k in &set {
                digits[k] = 3;
            }
            let code = Code::new(digits, false)?;
            Ok(Self {
                name,
                kind: Kind::Code(code),
            })
        } else {
            Ok(Self::from_code(parse_code(text)?))
        }
    }

    /// The game of a take-and-break code.
    pub fn from_code(code: Code) -> Self {
        Self {
            name: code.to_string(),
            kind: Kind::Code(code),
        }
    }

    /// A heap game given by its rule: `options(n)` lists the options of a
    /// heap of size `n`, each as the list of heap sizes that replace it (an
    /// empty list, or zeros, for nothing left). Every size must be below `n`.
    ///
    /// The values cost whatever the closure costs: a closure listing all
    /// pairs is O(n²) per value.
    ///
    /// # Example
    /// ```
    /// // Take 1 or 2 tokens: values 0, 1, 2, 0, 1, 2, …
    /// let game = cgt_lab::Game::from_fn("take 1 or 2", |n| {
    ///     (1..=2.min(n)).map(|k| vec![n - k]).collect()
    /// });
    /// assert_eq!(game.values(5).unwrap(), [0, 1, 2, 0, 1, 2]);
    /// ```
    pub fn from_fn(
        name: impl Into<String>,
        options: impl Fn(usize) -> Vec<Vec<usize>> + Send + Sync + 'static,
    ) -> Self {
        Self::from_heap_game(name, ClosureRules(options))
    }

    /// A heap game given by its rules as a cgt-core [`HeapGame`]: the lab
    /// computes its values, period and formula like those of any other.
    ///
    /// # Example
    /// Lasker's Nim written as rules: remove any number from a heap, or
    /// split it into two. Its values have period 4 and saltus 4.
    /// ```
    /// use cgt_core::heap::{HeapGame, HeapOptions};
    /// use cgt_lab::{analyse, Game, Pattern, Status};
    ///
    /// struct Lasker;
    /// impl HeapGame for Lasker {
    ///     fn heap_options(&self, n: usize, options: &mut HeapOptions) {
    ///         (0..n).for_each(|left| options.push(&[left]));
    ///         (1..=n / 2).for_each(|a| options.push(&[a, n - a]));
    ///     }
    /// }
    ///
    /// let game = Game::from_heap_game("Lasker's Nim", Lasker);
    /// let analysis = analyse(&game, 400, &mut |_, _| {}).unwrap();
    /// let expected = Pattern { preperiod: 1, period: 4, saltus: 4 };
    /// assert_eq!(analysis.found, Some((expected, Status::Observed)));
    /// assert_eq!(game.values(8).unwrap(), [0, 1, 2, 4, 3, 5, 6, 8, 7]);
    /// ```
    pub fn from_heap_game(
        name: impl Into<String>,
        rules: impl HeapGame + Send + Sync + 'static,
    ) -> Self {
        Self {
            name: name.into(),
            kind: Kind::Rules(Arc::new(rules)),
        }
    }

    /// The rules of the game as a cgt-core [`HeapGame`], whatever it was
    /// made from: a code lists its options from its digits.
    ///
    /// # Example
    /// ```
    /// use cgt_core::heap::{grundy_table, HeapSum};
    /// use cgt_core::impartial::GrundyMemo;
    /// let dawson = cgt_lab::Game::parse("0.07").unwrap();
    /// let table = grundy_table(dawson.heap_game(), 9).unwrap();
    /// let values: Vec<u64> = table.iter().map(|g| g.value()).collect();
    /// assert_eq!(values, [0, 0, 1, 1, 2, 0, 3, 1, 1]);
    /// // The same rules, searched on whole positions: heaps 4 and 6.
    /// let mut memo = GrundyMemo::new(HeapSum(dawson.heap_game()));
    /// assert_eq!(memo.grundy(&vec![4, 6]), table[4] + table[6]);
    /// ```
    pub fn heap_game(&self) -> &(dyn HeapGame + Send + Sync) {
        match &self.kind {
            Kind::Code(code) => code,
            Kind::Rules(rules) => rules.as_ref(),
        }
    }

    /// The name: the normalised code (`0.16`, `4.(3)`), `S(1,3,4)`, or the
    /// name given to [`Game::from_fn`].
    pub fn name(&self) -> &str {
        &self.name
    }

    /// The code, if the game is a take-and-break or subtraction game.
    pub fn code(&self) -> Option<&Code> {
        match &self.kind {
            Kind::Code(code) => Some(code),
            Kind::Rules(_) => None,
        }
    }

    pub(crate) fn kind(&self) -> &Kind {
        &self.kind
    }

    /// Whether the game is a finite octal code (see
    /// [`Code::is_finite_octal`]).
    pub fn is_finite_octal(&self) -> bool {
        self.code().is_some_and(Code::is_finite_octal)
    }

    /// The largest n [`analyse`](crate::analyse) computes by default:
    /// 2^22 values (n < 2^22) for finite octal codes, 2^12 for everything
    /// else, and for a code the plain engine computes (hexadecimal or
    /// repeating, with splits) at most as far as its sums stay within
    /// [`DEFAULT_SPLIT_WORK`] (see [`split_work`](Self::split_work)).
    pub fn default_cap(&self) -> usize {
        if self.is_finite_octal() {
            (1 << 22) - 1
        } else {
            self.largest_within(DEFAULT_SPLIT_WORK, (1 << 12) - 1)
        }
    }

    /// The largest `upto` this crate accepts for the game: 2^32 − 1 for
    /// finite octal codes (2^32 values, 16 GiB; the fast engine keeps heap
    /// sizes in 32 bits, and what the machine's memory allows is checked
    /// when the values are reserved), 2^22 for the rest, whose engines are
    /// quadratic or worse, and for a code the plain engine computes at most
    /// as far as its sums stay within [`MAX_SPLIT_WORK`]: 2^19 for a code
    /// that splits a heap in two (`0.(7)`, `4.(3)`), 13,521 for one that
    /// splits a heap in three (`0.eee2ee2`).
    ///
    /// # Example
    /// ```
    /// let parse = |code| cgt_lab::Game::parse(code).unwrap();
    /// assert_eq!(parse("0.6").max_upto(), 4_294_967_295);
    /// assert_eq!(parse("0.(3)").max_upto(), 1 << 22);
    /// assert_eq!(parse("0.(7)").max_upto(), 1 << 19);
    /// assert_eq!(parse("0.eee2ee2").max_upto(), 13_521);
    /// ```
    pub fn max_upto(&self) -> usize {
        if self.is_finite_octal() {
            usize::try_from(u32::MAX).unwrap_or(usize::MAX)
        } else {
            self.largest_within(MAX_SPLIT_WORK, 1 << 22)
        }
    }

    /// How many sums of values the plain engine lists for G(0..=upto) of a
    /// code that is not finite octal (0 for other games, whose work is not
    /// in the splits: the fast engine's, or the rules'): each rest m is
    /// listed once, however many digits split it (m / 2 sums for a split in
    /// two, about m² / 12 for a split in three), so about upto² / 4 in all
    /// for a code with a split in two and upto³ / 36 for one with a split in
    /// three. A few nanoseconds a sum.
    ///
    /// # Example
    /// ```
    /// let game = cgt_lab::Game::parse("0.eee2ee2").unwrap();
    /// assert_eq!(game.split_work(2942), 709_499_421);
    /// assert_eq!(cgt_lab::Game::parse("0.77").unwrap().split_work(1 << 20), 0);
    /// ```
    pub fn split_work(&self, upto: usize) -> u64 {
        let Some(code) = self.code().filter(|c| !c.is_finite_octal()) else {
            return 0;
        };
        let any = |bit: u8| code.digits().iter().any(|&d| d & bit != 0);
        let n = upto as u128;
        let pairs = if any(4) { n * n / 4 } else { 0 };
        let triples = if any(8) { n * n * n / 36 } else { 0 };
        u64::try_from(pairs + triples).unwrap_or(u64::MAX)
    }

    /// The largest n ≤ `most` whose [`split_work`](Self::split_work) is at
    /// most `work`.
    fn largest_within(&self, work: u64, most: usize) -> usize {
        // The work grows with n: the last n within it, by bisection.
        let (mut lo, mut hi) = (0, most);
        while lo < hi {
            let mid = lo + (hi - lo).div_ceil(2);
            if self.split_work(mid) <= work {
                lo = mid;
            } else {
                hi = mid - 1;
            }
        }
        lo
    }

    /// G(0), …, G(upto), computed by the fastest engine for the game.
    ///
    /// # Errors
    /// See [`ComputeError`](crate::ComputeError).
    pub fn values(&self, upto: usize) -> Result<Vec<u32>, crate::ComputeError> {
        let mut sequence = crate::Sequence::new(self);
        sequence.extend_to(upto, &mut |_, _| {})?;
        Ok(sequence.into_values())
    }
}

fn hex_digit(c: char) -> Option<u8> {
    c.to_digit(16).and_then(|d| u8::try_from(d).ok())
}

/// Parses `d0.d1…dt` with an optional `(d)` at the end.
fn parse_code(text: &str) -> Result<Code, ParseError> {
    let error = |pos: usize, message: String| ParseError::new(text.to_owned(), pos, message);
    let chars: Vec<char> = text.chars().collect();
    if chars.is_empty() {
        return Err(error(
            0,
            "expected a code like 0.16 or 4.(3), or S(1,3,4), found nothing".to_owned(),
        ));
    }
    let mut i = 0;
    let mut digits = Vec::new();
    if chars[0] != '.' {
        let Some(d0) = hex_digit(chars[0]) else {
            return Err(error(
                1,
                format!(
                    "expected a code like 0.16 or 4.(3), or S(1,3,4), found '{}'",
                    chars[0]
                ),
            ));
        };
        if d0 & 3 != 0 {
            return Err(error(
                1,
                format!("d0 (removing nothing) may only carry bits 4 and 8 (split), found {d0:X}"),
            ));
        }
        digits.push(d0);
        i = 1;
    } else {
        digits.push(0);
    }
    match chars.get(i) {
        Some('.') => i += 1,
        Some(&c) => return Err(error(i + 1, format!("expected '.', found '{c}'"))),
        None => return Err(error(i + 1, "expected '.', found the end".to_owned())),
    }
    let mut repeating = false;
    while i < chars.len() {
        let c = chars[i];
        if c == '(' {
            let Some(&d) = chars.get(i + 1) else {
                return Err(error(
                    i + 2,
                    "expected a digit after '(', found the end".to_owned(),
                ));
            };
            let Some(d) = hex_digit(d) else {
                return Err(error(
                    i + 2,
                    format!("expected a digit 0-9 or A-F after '(', found '{d}'"),
                ));
            };
            match chars.get(i + 2) {
                Some(')') => {}
                Some(&c) => {
                    return Err(error(
                        i + 3,
                        format!("expected ')' (only one digit repeats), found '{c}'"),
                    ));
                }
                None => return Err(error(i + 3, "expected ')', found the end".to_owned())),
            }
            if let Some(&c) = chars.get(i + 3) {
                return Err(error(
                    i + 4,
                    format!("expected the end after the repeating digit, found '{c}'"),
                ));
            }
            digits.push(d);
            repeating = true;
            break;
        }
        let Some(d) = hex_digit(c) else {
            return Err(error(
                i + 1,
                format!("expected a digit 0-9 or A-F, found '{c}'"),
            ));
        };
        if digits.len() > MAX_DIGITS {
            return Err(error(
                i + 1,
                format!("expected at most {MAX_DIGITS} digits after the dot"),
            ));
        }
        digits.push(d);
        i += 1;
    }
    Code::new(digits, repeating).map_err(|e| error(0, e.message))
}

/// Parses `S(a,b,…)`: a nonempty set of positive integers, sorted and
/// deduplicated.
fn parse_subtraction(text: &str) -> Result<Vec<usize>, ParseError> {
    let error = |pos: usize, message: String| ParseError::new(text.to_owned(), pos, message);
    let chars: Vec<char> = text.chars().collect();
    if chars.get(1) != Some(&'(') {
        return Err(error(2, "expected '(' after S, as in S(1,3,4)".to_owned()));
    }
    let mut set = Vec::new();
    let mut i = 2;
    loop {
        while chars.get(i) == Some(&' ') {
            i += 1;
        }
        let start = i;
        while chars.get(i).is_some_and(char::is_ascii_digit) {
            i += 1;
        }
        if start == i {
            return Err(error(
                i + 1,
                match chars.get(i) {
                    Some(c) => format!("expected a positive integer, found '{c}'"),
                    None => "expected a positive integer, found the end".to_owned(),
                },
            ));
        }
        let number: String = chars[start..i].iter().collect();
        let value = number
            .parse::<usize>()
            .ok()
            .filter(|&v| (1..=MAX_DIGITS).contains(&v));
        let Some(value) = value else {
            return Err(error(
                start + 1,
                format!("expected a number of tokens in 1..={MAX_DIGITS}, found {number}"),
            ));
        };
        set.push(value);
        while chars.get(i) == Some(&' ') {
            i += 1;
        }
        match chars.get(i) {
            Some(',') => i += 1,
            Some(')') => {
                if let Some(&c) = chars.get(i + 1) {
                    return Err(error(
                        i + 2,
                        format!("expected the end after ')', found '{c}'"),
                    ));
                }
                break;
            }
            Some(&c) => return Err(error(i + 1, format!("expected ',' or ')', found '{c}'"))),
            None => {
                return Err(error(
                    i + 1,
                    "expected ',' or ')', found the end".to_owned(),
                ));
            }
        }
    }
    set.sort_unstable();
    set.dedup();
    Ok(set)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn name(text: &str) -> String {
        Game::parse(text).expect(text).name().to_owned()
    }

    #[test]
    fn codes_are_normalised() {
        assert_eq!(name(".16"), "0.16");
        assert_eq!(name("0.160"), "0.16");
        assert_eq!(name("4.(3)"), "4.(3)");
        assert_eq!(name("4.33(3)"), "4.(3)");
        assert_eq!(name("0.1(0)"), "0.1");
        assert_eq!(name("0.ff"), "0.FF");
        assert_eq!(name("4."), "4.0");
        assert_eq!(name("S(4,1,3,3)"), "S(1,3,4)");
        let s = Game::parse("S(2,5,7)").expect("valid");
        assert_eq!(s.code().expect("a code").to_string(), "0.0300303");
    }

    #[test]
    fn errors_say_what_and_where() {
        let cases = [
            ("", 0, "found nothing"),
            ("x", 1, "found 'x'"),
            ("1.2", 1, "d0 (removing nothing)"),
            ("0,16", 2, "expected '.'"),
            ("0", 2, "found the end"),
            ("0.1g", 4, "found 'g'"),
            ("0.(", 4, "found the end"),
            ("0.(33)", 5, "only one digit repeats"),
            ("0.(3)4", 6, "expected the end"),
            ("0.(x)", 4, "after '('"),
            ("S(", 3, "positive integer"),
            ("S(1,,2)", 5, "positive integer"),
            ("S(0)", 3, "1..=4096"),
            ("S(99999999999999999999999)", 3, "1..=4096"),
            ("S(1", 4, "',' or ')'"),
            ("S(1)x", 5, "expected the end"),
            ("S 1", 2, "'('"),
        ];
        for (text, position, message) in cases {
            let error = Game::parse(text).expect_err(text);
            assert_eq!(error.position(), position, "{text}: {error}");
            assert!(error.to_string().contains(message), "{text}: {error}");
        }
        let long = format!("0.{}", "1".repeat(MAX_DIGITS + 1));
        assert!(Game::parse(&long).is_err());
        assert!(Game::parse(&format!("0.{}", "1".repeat(MAX_DIGITS))).is_ok());
    }

    #[test]
    fn digits_repeat() {
        let code: Code = "0.1(6)".parse().expect("valid");
        assert_eq!(code.digit(1), 1);
        assert_eq!(code.digit(2), 6);
        assert_eq!(code.digit(99), 6);
        let finite: Code = "0.16".parse().expect("valid");
        assert_eq!(finite.digit(3), 0);
        assert_eq!(finite.last_nonzero(), Some(2));
        assert!(finite.is_finite_octal());
        assert!(!"8.1".parse::<Code>().expect("valid").is_finite_octal());
    }
}
