//! CGSuite's take-and-break codes (`game.heap.TakeAndBreak`), the
//! subtraction sets written as codes (`TakeAndBreak.FromSubtractionSet`),
//! and the moves they allow from one heap; with a reader of heap lists
//! `n,m,…`. The partizan heap games ([`crate::partizan_heaps`]) give each
//! player one code.
//!
//! A code `d0.d1d2…dk` says, digit `d_j` by digit, how `j` tokens may be
//! taken from a heap: bit `i` of `d_j` lets the rest be left as exactly `i`
//! nonempty heaps (*Winning Ways*, ch. 4; CGSuite's documentation of
//! `TakeAndBreak`). As in CGSuite:
//! - a digit is `0`–`9` or `A`–`V` (base 32, so up to 4 heaps), or a list of
//!   heap counts in braces, `{2,3}`, `{2+}` (2 or more);
//! - a digit (or one count in a list) may end in `!` (the heaps left are
//!   pairwise unequal), `?` (not all equal) or `=` (all equal);
//! - the last digits may be bracketed to repeat forever: `0.[3]` is Nim.
//!
//! Unlike CGSuite, the part before the dot is one digit `d0`, which may
//! only split a heap (counts of 2 or more): CGSuite's further digits before
//! the dot add tokens, and a move that takes nothing and leaves one heap
//! passes; either makes the game loopy.
//!
//! A subtraction set `[1,3]` is the code with `3` at each listed place (take
//! that many, leave at most one heap); Splittles uses `7` (leave at most
//! two); `allbut` swaps the digit and `0` at every place from 1 on.
//!
//! # Example
//! ```
//! use cgt_rulesets::tb_code::HeapCode;
//!
//! let kayles = HeapCode::parse("0.77")?;
//! let mut options = Vec::new();
//! kayles.options(4, &mut options);
//! // Take 1 (leaving 3, or 1 and 2) or 2 (leaving 2, or 1 and 1).
//! assert_eq!(options, [vec![3], vec![1, 2], vec![2], vec![1, 1]]);
//! let subtraction = HeapCode::from_set(&[2, 3], 3, false)?;
//! options.clear();
//! subtraction.options(4, &mut options);
//! assert_eq!(options, [vec![2], vec![1]]);
//! # Ok::<(), cgt_rulesets::ParseError>(())
//! ```

use crate::parse::{ParseError, found};

/// The largest heap a position may have.
pub const MAX_HEAP: u32 = 1000;
/// The most heaps a position may have.
pub const MAX_HEAPS: usize = 1000;
/// The most digits a code may have after the dot, and the largest number in
/// a subtraction set.
pub const MAX_DIGITS: usize = 1000;
/// The most moves the largest heap of a position may have (counted before
/// `!`, `?` and `=` are applied, which bounds every smaller heap too).
pub const MAX_OPTIONS: usize = 100_000;

/// What the heaps a move leaves must satisfy (CGSuite's `!`, `?`, `=`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Constraint {
    /// Any heaps.
    Free,
    /// Pairwise unequal (`!`).
    Unequal,
    /// Not all equal (`?`): at least two sizes.
    SomeUnequal,
    /// All equal (`=`).
    Equal,
}

impl Constraint {
    fn from_char(c: Option<char>) -> Option<Constraint> {
        match c {
            Some('!') => Some(Constraint::Unequal),
            Some('?') => Some(Constraint::SomeUnequal),
            Some('=') => Some(Constraint::Equal),
            _ => None,
        }
    }

    /// Whether the heaps `parts` (sorted) satisfy this constraint.
    fn admits(self, parts: &[u32]) -> bool {
        match self {
            Constraint::Free => true,
            Constraint::Unequal => parts.windows(2).all(|w| w[0] < w[1]),
            Constraint::SomeUnequal => parts.first() != parts.last(),
            Constraint::Equal => parts.first() == parts.last(),
        }
    }
}

/// One digit: for each number of heaps left, whether it is allowed and
/// under which constraint; with `more`, every larger number too, under the
/// last one's constraint.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Digit {
    counts: Vec<Option<Constraint>>,
    more: bool,
}

impl Digit {
    fn zero() -> Digit {
        Digit {
            counts: Vec::new(),
            more: false,
        }
    }

    /// The digit whose bits are `bits`, each count under `constraint`.
    fn from_bits(bits: u32, constraint: Constraint) -> Digit {
        let top = 32 - bits.leading_zeros() as usize;
        Digit {
            counts: (0..top)
                .map(|i| (bits >> i & 1 == 1).then_some(constraint))
                .collect(),
            more: false,
        }
    }

    fn is_zero(&self) -> bool {
        self.counts.iter().all(Option::is_none)
    }

    /// The constraint on leaving `count` heaps, if allowed.
    fn count(&self, count: usize) -> Option<Constraint> {
        match self.counts.get(count) {
            Some(&c) => c,
            None if self.more => self.counts.last().copied().flatten(),
            None => None,
        }
    }

    /// The largest count it allows, up to `most`.
    fn top(&self, most: usize) -> usize {
        if self.more {
            most
        } else {
            self.counts.len().saturating_sub(1).min(most)
        }
    }
}

/// A take-and-break code: the digits `d0, d1, …`, the last `period` of
/// them repeating forever; and the text it is written as.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct HeapCode {
    digits: Vec<Digit>,
    period: usize,
    written: String,
}

impl std::fmt::Display for HeapCode {
    /// The code as written (whitespace dropped), or as `[2,3]`-style sets
    /// make it.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.written)
    }
}

impl HeapCode {
    /// Reads a code: `0.77`, `4!.0`, `0.[3]`, `0.{1,2!}7`, `{2+}=.0`.
    ///
    /// # Errors
    /// Where the code does not read (character positions from the start of
    /// `text`), has more than [`MAX_DIGITS`] digits, or has a `d0` that
    /// passes (see the module docs).
    ///
    /// # Example
    /// ```
    /// use cgt_rulesets::tb_code::HeapCode;
    /// assert_eq!(HeapCode::parse("0.[3]")?.to_string(), "0.[3]");
    /// let error = HeapCode::parse("0.7x").unwrap_err();
    /// assert_eq!(error.position(), 3);
    /// # Ok::<(), cgt_rulesets::ParseError>(())
    /// ```
    pub fn parse(text: &str) -> Result<HeapCode, ParseError> {
        Self::parse_at(text, 0)
    }

    /// [`HeapCode::parse`] of a code that starts at character `offset` of
    /// a longer text (errors say where in that text).
    pub(crate) fn parse_at(text: &str, offset: usize) -> Result<HeapCode, ParseError> {
        let chars: Vec<char> = text.chars().collect();
        let error = |i: usize, what: String| ParseError::new(offset + i, what);
        let mut i = 0;
        let skip = |i: &mut usize| {
            while chars.get(*i).is_some_and(|c| c.is_whitespace()) {
                *i += 1;
            }
        };
        let mut digits = Vec::new();
        let mut period_start = None;
        let mut dot = false;
        let mut closed = false;
        loop {
            skip(&mut i);
            let Some(&c) = chars.get(i) else { break };
            match c {
                '.' if !dot => {
                    if digits.len() != 1 {
                        return Err(error(
                            i,
                            "expected one digit d0 before '.' (digits that add tokens are \
                             not supported)"
                                .to_string(),
                        ));
                    }
                    dot = true;
                    i += 1;
                    continue;
                }
                '[' if dot && period_start.is_none() => {
                    period_start = Some(digits.len());
                    i += 1;
                    continue;
                }
                ']' if period_start.is_some() => {
                    if period_start == Some(digits.len()) {
                        return Err(error(i, "expected a digit to repeat, found ']'".into()));
                    }
                    i += 1;
                    skip(&mut i);
                    if let Some(&c) = chars.get(i) {
                        return Err(error(
                            i,
                            format!("expected the end after ']', {}", found(Some(c))),
                        ));
                    }
                    closed = true;
                    break;
                }
                _ => {}
            }
            if digits.len() > MAX_DIGITS {
                return Err(error(
                    i,
                    format!("a code has at most {MAX_DIGITS} digits after the dot"),
                ));
            }
            let digit = if c == '{' {
                let (digit, next) = parse_list(&chars, i, offset)?;
                i = next;
                digit
            } else if let Some(bits) = c.to_digit(32) {
                i += 1;
                let constraint = Constraint::from_char(chars.get(i).copied());
                if constraint.is_some() {
                    i += 1;
                }
                Digit::from_bits(bits, constraint.unwrap_or(Constraint::Free))
            } else {
                let what = if dot {
                    "a digit (0-9, A-V), '{', '['"
                } else {
                    "a digit (0-9, A-V), '{', '.'"
                };
                return Err(error(i, format!("expected {what}, {}", found(Some(c)))));
            };
            if !dot && digits.is_empty() && (digit.count(0).is_some() || digit.count(1).is_some()) {
                return Err(error(
                    i.saturating_sub(1),
                    "d0 (taking nothing) may only split a heap into 2 or more".to_string(),
                ));
            }
            digits.push(digit);
        }
        if !dot {
            return Err(error(i, format!("expected '.', {}", found(None))));
        }
        if period_start.is_some() && !closed {
            return Err(error(i, format!("expected ']', {}", found(None))));
        }
        let period = period_start.map_or(0, |s| digits.len() - s);
        let written: String = chars.iter().filter(|c| !c.is_whitespace()).collect();
        Ok(HeapCode::new(digits, period, written))
    }

    fn new(mut digits: Vec<Digit>, mut period: usize, written: String) -> HeapCode {
        if period > 0 && digits[digits.len() - period..].iter().all(Digit::is_zero) {
            digits.truncate(digits.len() - period);
            period = 0;
        }
        if period == 0 {
            while digits.len() > 1 && digits.last().is_some_and(Digit::is_zero) {
                digits.pop();
            }
        }
        HeapCode {
            digits,
            period,
            written,
        }
    }

    /// The code of a subtraction set (CGSuite's `FromSubtractionSet`): digit
    /// `bits` at each place in `set`, or with `allbut` at each place from 1
    /// not in it.
    ///
    /// # Errors
    /// (At character 0.) Where `set` holds 0 (a pass) or a number above
    /// [`MAX_DIGITS`].
    pub fn from_set(set: &[u32], bits: u32, allbut: bool) -> Result<HeapCode, ParseError> {
        if let Some(&bad) = set.iter().find(|&&k| k == 0 || k as usize > MAX_DIGITS) {
            return Err(ParseError::new(
                0,
                format!("a set holds numbers from 1 to {MAX_DIGITS}, found {bad}"),
            ));
        }
        let top = set.iter().copied().max().unwrap_or(0) as usize;
        let digit = Digit::from_bits(bits, Constraint::Free);
        let mut digits = vec![Digit::zero(); top + 1];
        for &k in set {
            digits[k as usize] = digit.clone();
        }
        let mut period = 0;
        if allbut {
            for d in &mut digits[1..] {
                *d = if d.is_zero() {
                    digit.clone()
                } else {
                    Digit::zero()
                };
            }
            digits.push(digit);
            period = 1;
        }
        let mut sorted = set.to_vec();
        sorted.sort_unstable();
        sorted.dedup();
        let list: Vec<String> = sorted.iter().map(u32::to_string).collect();
        Ok(HeapCode::new(
            digits,
            period,
            format!("[{}]", list.join(",")),
        ))
    }

    /// The digit `d_j`.
    fn digit(&self, j: usize) -> &Digit {
        static ZERO: Digit = Digit {
            counts: Vec::new(),
            more: false,
        };
        if j < self.digits.len() {
            &self.digits[j]
        } else if self.period > 0 {
            let start = self.digits.len() - self.period;
            &self.digits[start + (j - start) % self.period]
        } else {
            &ZERO
        }
    }

    /// Pushes every move from a heap of `n` as the heaps it leaves (sorted,
    /// none empty), each once.
    pub fn options(&self, n: u32, out: &mut Vec<Vec<u32>>) {
        self.each_option(n, true, &mut |parts| {
            out.push(parts.to_vec());
            true
        });
    }

    /// The number of moves from a heap of `n` before the constraints `!`,
    /// `?`, `=` are applied, or `None` if above `most`. It bounds the moves
    /// of every heap up to `n`, less one (see [`MAX_OPTIONS`]).
    pub fn options_within(&self, n: u32, most: usize) -> Option<usize> {
        let mut count = 0usize;
        let whole = self.each_option(n, false, &mut |_| {
            count += 1;
            count <= most
        });
        whole.then_some(count)
    }

    /// Calls `f` on each move from `n` (with the constraints if
    /// `constrained`) until it returns false; whether it never did.
    fn each_option(&self, n: u32, constrained: bool, f: &mut impl FnMut(&[u32]) -> bool) -> bool {
        let mut parts = Vec::new();
        for j in 0..=n as usize {
            if self.period == 0 && j >= self.digits.len() {
                break;
            }
            let digit = self.digit(j);
            let rest = n - j as u32;
            for count in 0..=digit.top(rest as usize) {
                let Some(constraint) = digit.count(count) else {
                    continue;
                };
                let constraint = if constrained {
                    constraint
                } else {
                    Constraint::Free
                };
                if !partitions(rest, count, constraint, &mut parts, f) {
                    return false;
                }
            }
        }
        true
    }
}

/// Reads a braced list `{2,3!,5+}=` at `open`: the digit and the index
/// after it.
fn parse_list(chars: &[char], open: usize, offset: usize) -> Result<(Digit, usize), ParseError> {
    let error = |i: usize, what: String| ParseError::new(offset + i, what);
    let mut i = open + 1;
    let mut items: Vec<(usize, Option<Constraint>)> = Vec::new();
    let mut more = false;
    loop {
        while chars.get(i).is_some_and(|c| c.is_whitespace()) {
            i += 1;
        }
        let start = i;
        let mut n: usize = 0;
        while let Some(d) = chars.get(i).and_then(|c| c.to_digit(10)) {
            n = n.saturating_mul(10).saturating_add(d as usize);
            i += 1;
        }
        if i == start {
            return Err(error(
                i,
                format!(
                    "expected a number of heaps, {}",
                    found(chars.get(i).copied())
                ),
            ));
        }
        if n > 63 {
            return Err(error(start, "a number of heaps is at most 63".to_string()));
        }
        let constraint = Constraint::from_char(chars.get(i).copied());
        if constraint.is_some() {
            i += 1;
        }
        items.push((n, constraint));
        match chars.get(i) {
            Some(',') => i += 1,
            Some('+') if chars.get(i + 1) == Some(&'}') => {
                more = true;
                i += 1;
            }
            Some('}') => {}
            other => {
                return Err(error(
                    i,
                    format!("expected ',', '+' or '}}', {}", found(other.copied())),
                ));
            }
        }
        if chars.get(i) == Some(&'}') {
            i += 1;
            break;
        }
    }
    let global = Constraint::from_char(chars.get(i).copied());
    if global.is_some() {
        if items.iter().any(|(_, c)| c.is_some()) {
            return Err(error(
                i,
                "a constraint after '}' may not follow constraints inside it".to_string(),
            ));
        }
        i += 1;
    }
    let top = items.iter().map(|&(n, _)| n).max().unwrap_or(0);
    let mut counts = vec![None; top + 1];
    for (n, c) in items {
        counts[n] = Some(c.or(global).unwrap_or(Constraint::Free));
    }
    Ok((Digit { counts, more }, i))
}

/// Calls `f` on each way to write `rest` as `count` positive parts in
/// nondecreasing order that `constraint` admits, until `f` returns false;
/// whether it never did. `parts` is scratch.
fn partitions(
    rest: u32,
    count: usize,
    constraint: Constraint,
    parts: &mut Vec<u32>,
    f: &mut impl FnMut(&[u32]) -> bool,
) -> bool {
    if count == 0 {
        return rest != 0 || f(&[]);
    }
    if (rest as usize) < count {
        return true;
    }
    if constraint == Constraint::Equal {
        return rest % count as u32 != 0 || {
            parts.clear();
            parts.resize(count, rest / count as u32);
            f(parts)
        };
    }
    parts.clear();
    parts.resize(count, 1);
    parts[count - 1] = rest - (count as u32 - 1);
    loop {
        if constraint.admits(parts) && !f(parts) {
            return false;
        }
        // The next partition: raise the rightmost part that can be raised,
        // set the ones after it equal to it, and the last takes the rest.
        let mut before: u64 = parts[..count - 1].iter().map(|&p| u64::from(p)).sum();
        let mut raised = false;
        for i in (0..count - 1).rev() {
            before -= u64::from(parts[i]);
            let v = u64::from(parts[i]) + 1;
            let used = before + v * (count - 1 - i) as u64;
            if used + v <= u64::from(rest) {
                for p in &mut parts[i..count - 1] {
                    *p = v as u32;
                }
                parts[count - 1] = (u64::from(rest) - used) as u32;
                raised = true;
                break;
            }
        }
        if !raised {
            return true;
        }
    }
}

/// Reads heaps `n,m,…` (whitespace allowed; `0` is no heap) at character
/// `offset` of a longer text: sorted, zeros dropped. Each heap is at most
/// [`MAX_HEAP`], at most [`MAX_HEAPS`] of them.
pub(crate) fn parse_heaps(text: &str, offset: usize) -> Result<Vec<u32>, ParseError> {
    let chars: Vec<char> = text.chars().collect();
    let mut heaps = Vec::new();
    let mut i = 0;
    loop {
        while chars.get(i).is_some_and(|c| c.is_whitespace()) {
            i += 1;
        }
        let start = i;
        let mut n: u64 = 0;
        while let Some(d) = chars.get(i).and_then(|c| c.to_digit(10)) {
            n = n.saturating_mul(10).saturating_add(u64::from(d));
            i += 1;
        }
        if i == start {
            return Err(ParseError::new(
                offset + i,
                format!("expected a heap size, {}", found(chars.get(i).copied())),
            ));
        }
        if n > u64::from(MAX_HEAP) {
            return Err(ParseError::new(
                offset + start,
                format!("a heap has at most {MAX_HEAP} tokens"),
            ));
        }
        if heaps.len() == MAX_HEAPS {
            return Err(ParseError::new(
                offset + start,
                format!("at most {MAX_HEAPS} heaps"),
            ));
        }
        heaps.push(n as u32);
        while chars.get(i).is_some_and(|c| c.is_whitespace()) {
            i += 1;
        }
        match chars.get(i) {
            None => break,
            Some(',') => i += 1,
            Some(&c) => {
                return Err(ParseError::new(
                    offset + i,
                    format!("expected ',' or the end, {}", found(Some(c))),
                ));
            }
        }
    }
    heaps.retain(|&n| n > 0);
    heaps.sort_unstable();
    Ok(heaps)
}

/// Heaps as `n,m,…`, or `0` for none: as [`parse_heaps`] reads them.
pub(crate) fn write_heaps(heaps: &[u32], f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
    if heaps.is_empty() {
        return f.write_str("0");
    }
    for (k, n) in heaps.iter().enumerate() {
        if k > 0 {
            f.write_str(",")?;
        }
        write!(f, "{n}")?;
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn options(code: &str, n: u32) -> Vec<Vec<u32>> {
        let mut out = Vec::new();
        HeapCode::parse(code).expect(code).options(n, &mut out);
        out
    }

    #[test]
    fn digits_and_modifiers_make_their_moves() {
        // Grundy's game: split into two unequal heaps.
        assert_eq!(options("4!.0", 6), [vec![1, 5], vec![2, 4]]);
        assert_eq!(options("4.0", 4), [vec![1, 3], vec![2, 2]]);
        assert_eq!(
            options("{2+}=.0", 6),
            [vec![3, 3], vec![2, 2, 2], vec![1; 6]]
        );
        assert_eq!(options("8?.0", 6), [vec![1, 1, 4], vec![1, 2, 3]]);
        // Nim, and the repeat of two digits: 0.[37] takes any number, and
        // an even number may split the rest in two.
        assert_eq!(options("0.[3]", 3), [vec![2], vec![1], vec![]]);
        assert_eq!(
            options("0.[37]", 4),
            [vec![3], vec![2], vec![1, 1], vec![1], vec![]]
        );
        assert_eq!(options("0.{1,2}", 3), [vec![2], vec![1, 1]]);
        assert_eq!(options("0.0{1+}", 6).len(), 5);
        // Every partition of 9 into 4 parts: 6 of them.
        let mut count = 0;
        partitions(9, 4, Constraint::Free, &mut Vec::new(), &mut |p| {
            assert_eq!(p.iter().sum::<u32>(), 9);
            count += 1;
            true
        });
        assert_eq!(count, 6);
    }

    #[test]
    fn sets_are_codes() {
        let all_but = HeapCode::from_set(&[2, 3, 5, 9], 3, true).expect("a set");
        // CGSuite's documentation: the code 0.300303330[3].
        let written = HeapCode::parse("0.300303330[3]").expect("a code");
        assert_eq!(all_but.digits, written.digits);
        assert_eq!(all_but.period, written.period);
        assert!(HeapCode::from_set(&[0], 3, false).is_err());
    }

    #[test]
    fn bad_codes_say_where() {
        for (text, at) in [
            ("", 0),
            ("0", 1),
            ("0.7x", 3),
            ("40.7", 2),
            ("1.7", 0),
            ("0.[3", 4),
            ("0.[]", 3),
            ("0.[3]4", 5),
            ("0.{2,x}", 5),
            ("0.{64}", 3),
            ("0.{2!}=", 6),
        ] {
            let error = HeapCode::parse(text).expect_err(text);
            assert_eq!(error.position(), at, "{text}: {error}");
        }
        assert_eq!(
            HeapCode::parse("0.[3]")
                .expect("nim")
                .options_within(MAX_HEAP, 10),
            None
        );
    }

    #[test]
    fn heaps_read_and_write() {
        assert_eq!(parse_heaps(" 3, 0 ,1", 0), Ok(vec![1, 3]));
        assert_eq!(parse_heaps("3,x", 4).map_err(|e| e.position()), Err(6));
        assert_eq!(parse_heaps("1001", 0).map_err(|e| e.position()), Err(0));
    }
}
