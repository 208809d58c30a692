//! Take-and-break games in CGSuite's codes (CGSuite's `TakeAndBreak`;
//! *Winning Ways*, ch. 4): a move takes `k` tokens from one heap and leaves
//! the rest as a number of non-empty heaps that digit `d_k` of the code
//! allows. Impartial: its values are nimbers.
//!
//! A code is `d0.d1d2…`, its digits read as CGSuite reads them:
//! - `0`–`9`, `A`–`V` (16–31; case does not matter) or `&n;` (any n): the
//!   binary digits of the value say how many heaps may be left: bit 2^j
//!   allows exactly j heaps (`3` = none or one, `7` = none, one or two);
//! - `{2,3}`: the counts listed (`0.{2,3}` is `0.C`); `{2+}`: 2 or more;
//!   `*`: any number, none included;
//! - a modifier after a digit: `!` the heaps left must all differ in size,
//!   `?` they may not all be equal, `=` they must all be equal; a modifier
//!   after one count inside braces applies to that count alone (`{1,2!}`);
//!   a modifier constrains splits into two or more heaps;
//! - `[…]` around the last digits: they repeat forever (`0.[3]` is Nim,
//!   `0.[37]` alternates).
//!
//! `d0` (taking nothing) must not leave the heap whole or empty (it would
//! not shrink), and no digit may stand before `d0` (CGSuite's digits that
//! add tokens: play would not end).
//!
//! A position is the code, `;`, and the heaps: `0.77;7,3` (the last `;`
//! ends the code, whose `&n;` digits hold one). Each heap is checked before
//! any search: at most [`MAX_HEAP`](crate::heaps::MAX_HEAP) tokens, and no
//! more than the code allows within [`MAX_OPTIONS`](crate::heaps::MAX_OPTIONS)
//! options over all heaps up to it ([`Code::largest_heap`]).
//!
//! A modifier constrains only splits into two or more heaps: leaving no
//! heap, or one heap, is allowed under `!`, `?` and `=` alike, as CGSuite's
//! documentation reads. CGSuite's own traversal (`TBCode.scala`,
//! `nextValidHeapSize`) differs in one corner: under `?` it leaves out a
//! lone heap of one token. This reader is the one for every heap ruleset
//! here, impartial and partizan ([`crate::partizan_heaps`] gives each
//! player a code), so the corner reads the same in all of them.
//!
//! # Example
//! ```
//! use cgt_core::impartial::GrundyMemo;
//! use cgt_rulesets::take_and_break::TakeAndBreak;
//!
//! let mut memo = GrundyMemo::new(TakeAndBreak);
//! // Grundy's game, `4!.0`: split a heap into two unequal heaps.
//! let values: Vec<u64> = (0..12)
//!     .map(|n| memo.grundy(&TakeAndBreak::parse(&format!("4!.0;{n}")).unwrap()).value())
//!     .collect();
//! assert_eq!(values, [0, 0, 0, 1, 0, 2, 1, 0, 2, 1, 0, 2]);
//! // Kayles, `0.77`: rows of 4 and 5 are *1 + *4.
//! let position = TakeAndBreak::parse("0.77;4,5")?;
//! assert_eq!(position.to_string(), "0.77;4,5");
//! assert_eq!(memo.grundy(&position).value(), 5);
//! # Ok::<(), cgt_rulesets::ParseError>(())
//! ```

use crate::heaps::{self, CodedHeaps, MAX_HEAP};
use crate::parse::{ParseError, found};
use cgt_core::heap::{HeapGame, HeapOptions};
use cgt_core::impartial::ImpartialGame;
use std::fmt;

/// The most digits a code may have after the dot: no heap is larger, so
/// later digits could never matter.
pub const MAX_DIGITS: usize = MAX_HEAP as usize;

/// The largest heap of a code with an open count (`*`, `{2+}`).
pub const OPEN_MAX_HEAP: usize = 200;

/// The most heaps a count in braces may name (CGSuite's bound too).
pub const MAX_COUNT: usize = 63;

/// A constraint on the sizes of the heaps a move leaves.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Modifier {
    /// Any sizes.
    Free,
    /// `!`: all different.
    Unequal,
    /// `?`: not all equal.
    NotAllEqual,
    /// `=`: all equal.
    AllEqual,
}

impl Modifier {
    fn from_char(c: char) -> Option<Modifier> {
        match c {
            '!' => Some(Modifier::Unequal),
            '?' => Some(Modifier::NotAllEqual),
            '=' => Some(Modifier::AllEqual),
            _ => None,
        }
    }

    fn suffix(self) -> &'static str {
        match self {
            Modifier::Free => "",
            Modifier::Unequal => "!",
            Modifier::NotAllEqual => "?",
            Modifier::AllEqual => "=",
        }
    }
}

/// One digit of a code: the numbers of heaps a move may leave, each with
/// its modifier.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Digit {
    /// `counts[j]`: whether j heaps may be left, and how. Never ends in
    /// `None`.
    counts: Vec<Option<Modifier>>,
    /// Whether every count past the end is allowed as the last one is.
    more: bool,
}

const BASE32: &[u8; 32] = b"0123456789ABCDEFGHIJKLMNOPQRSTUV";

impl Digit {
    /// The digit that allows nothing: `0`.
    pub fn zero() -> Digit {
        Digit {
            counts: Vec::new(),
            more: false,
        }
    }

    /// The digit of a value: bit 2^j allows j heaps, all with `modifier`.
    pub fn from_value(value: u64, modifier: Modifier) -> Digit {
        let counts = (0..64)
            .map(|j| (value >> j & 1 == 1).then_some(modifier))
            .collect();
        Digit::normalised(counts, false)
    }

    /// CGSuite's normal form: a modifier on 0 or 1 heaps follows the one
    /// modifier of the larger counts (or is dropped), and an open end is
    /// written as briefly as it can be.
    fn normalised(mut counts: Vec<Option<Modifier>>, more: bool) -> Digit {
        while counts.last() == Some(&None) {
            counts.pop();
        }
        if more && let Some(&last) = counts.last() {
            counts.resize(counts.len().max(4), last);
        }
        let mut larger: Vec<Modifier> = counts.iter().skip(2).flatten().copied().collect();
        larger.sort_unstable_by_key(|m| m.suffix());
        larger.dedup();
        for count in counts.iter_mut().take(2).flatten() {
            *count = if larger.len() == 1 {
                larger[0]
            } else {
                Modifier::Free
            };
        }
        if more && let Some(&last) = counts.last() {
            let keep = counts.iter().rposition(|&c| c != last).map_or(1, |k| k + 2);
            counts.truncate(keep);
        }
        Digit { counts, more }
    }

    /// Whether the digit allows no move.
    pub fn is_zero(&self) -> bool {
        self.counts.is_empty()
    }

    /// How `j` heaps may be left, if they may.
    pub fn allows(&self, j: usize) -> Option<Modifier> {
        match self.counts.get(j) {
            Some(&c) => c,
            None if self.more => self.counts.last().copied().flatten(),
            None => None,
        }
    }

    /// The most heaps a move may leave (`usize::MAX` for an open end).
    pub fn max_heaps(&self) -> usize {
        if self.more {
            usize::MAX
        } else {
            self.counts.len().saturating_sub(1)
        }
    }
}

impl fmt::Display for Digit {
    /// As CGSuite writes it: `7`, `4!`, `&40;`, `*`, `{2+}`, `{1,2!}`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let Some(&Some(last)) = self.counts.last() else {
            return f.write_str("0");
        };
        let allowed: Vec<(usize, Modifier)> = self
            .counts
            .iter()
            .enumerate()
            .filter_map(|(j, c)| c.map(|m| (j, m)))
            .collect();
        let consistent = allowed.iter().all(|&(_, m)| m == last);
        let list = |f: &mut fmt::Formatter<'_>, marks: bool| -> fmt::Result {
            for (k, &(j, m)) in allowed.iter().enumerate() {
                if k > 0 {
                    f.write_str(",")?;
                }
                write!(f, "{j}{}", if marks { m.suffix() } else { "" })?;
            }
            Ok(())
        };
        match (consistent, self.more) {
            (true, false) => {
                let value: u64 = allowed.iter().map(|&(j, _)| 1u64 << j).sum();
                match BASE32.get(value as usize) {
                    Some(&c) if value < 32 => write!(f, "{}", c as char)?,
                    _ => write!(f, "&{value};")?,
                }
                f.write_str(last.suffix())
            }
            (true, true) if self.counts.len() == 1 => write!(f, "*{}", last.suffix()),
            (true, true) => {
                f.write_str("{")?;
                list(f, false)?;
                write!(f, "+}}{}", last.suffix())
            }
            (false, more) => {
                f.write_str("{")?;
                list(f, true)?;
                f.write_str(if more { "+}" } else { "}" })
            }
        }
    }
}

/// A take-and-break code: its digits `d0, d1, …`, the last `period` of
/// them repeating forever.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Code {
    digits: Vec<Digit>,
    period: usize,
    /// The `k` of the non-zero digits before the repeating ones.
    nonzero: Vec<usize>,
}

impl Code {
    /// Reads a code: `0.77`, `4!.0`, `0.[3]`, `{2+}=.0`, `0.{1,2!}[&40;]`.
    ///
    /// # Errors
    /// Where the code does not read, or its `d0` or its digits before `d0`
    /// would let play go on forever.
    ///
    /// # Example
    /// ```
    /// use cgt_rulesets::take_and_break::Code;
    /// assert_eq!(Code::parse("0.{2,3}")?.to_string(), "0.C");
    /// assert_eq!(Code::parse("0.770")?.to_string(), "0.77");
    /// let error = Code::parse("0.7x").unwrap_err();
    /// assert_eq!(error.to_string(), "at character 4: expected a digit (0-9, A-V, &n;, *, {…}), '[' or ']', found 'x'");
    /// # Ok::<(), cgt_rulesets::ParseError>(())
    /// ```
    pub fn parse(text: &str) -> Result<Code, ParseError> {
        let chars: Vec<char> = text.chars().collect();
        Code::read(&chars, 0, chars.len())
    }

    /// Reads the code in `chars[from..to]`; errors count from 0 at `chars[0]`.
    pub(crate) fn read(chars: &[char], from: usize, to: usize) -> Result<Code, ParseError> {
        let mut before: Vec<(usize, Digit)> = Vec::new();
        let mut after: Vec<Digit> = Vec::new();
        let mut dot = false;
        let mut period_from: Option<usize> = None;
        let mut closed = false;
        let mut i = from;
        while i < to {
            let c = chars[i];
            if closed {
                return Err(ParseError::new(
                    i,
                    format!("expected the end after ']', {}", found(Some(c))),
                ));
            }
            match c {
                '.' if !dot => {
                    dot = true;
                    i += 1;
                    continue;
                }
                '[' if dot && period_from.is_none() => {
                    period_from = Some(after.len());
                    i += 1;
                    continue;
                }
                ']' if period_from.is_some() => {
                    if period_from == Some(after.len()) {
                        return Err(ParseError::new(i, "expected a digit inside '[…]'"));
                    }
                    closed = true;
                    i += 1;
                    continue;
                }
                _ => {}
            }
            let start = i;
            let digit = read_digit(chars, &mut i, to)?;
            if dot {
                if after.len() == MAX_DIGITS {
                    return Err(ParseError::new(
                        start,
                        format!("at most {MAX_DIGITS} digits after the dot"),
                    ));
                }
                after.push(digit);
            } else {
                before.push((start, digit));
            }
        }
        if !dot {
            return Err(ParseError::new(
                to,
                format!("expected '.', {}", found(None)),
            ));
        }
        if period_from.is_some() && !closed {
            return Err(ParseError::new(
                to,
                format!("expected ']', {}", found(None)),
            ));
        }
        let Some((d0_at, d0)) = before.pop() else {
            return Err(ParseError::new(from, "expected d0, a digit before the dot"));
        };
        if let Some((at, _)) = before.iter().find(|(_, d)| !d.is_zero()) {
            return Err(ParseError::new(
                *at,
                "digits before d0 add tokens, and play would never end: not supported",
            ));
        }
        if d0.allows(0).is_some() || d0.allows(1).is_some() {
            return Err(ParseError::new(
                d0_at,
                "d0 (taking nothing) may only split a heap in two or more: leaving it whole \
                 or empty would never end",
            ));
        }
        let period = period_from.map_or(0, |p| after.len() - p);
        let mut digits = vec![d0];
        digits.extend(after);
        Ok(Code::new(digits, period))
    }

    /// The code of `digits` (`d0` first), the last `period` repeating:
    /// normalised as CGSuite does (an all-zero period goes, then trailing
    /// zeros).
    fn new(mut digits: Vec<Digit>, mut period: usize) -> Code {
        if digits[digits.len() - period..].iter().all(Digit::is_zero) {
            digits.truncate(digits.len() - period);
            period = 0;
        }
        if period == 0 {
            while digits.last().is_some_and(Digit::is_zero) {
                digits.pop();
            }
        }
        if digits.is_empty() {
            digits.push(Digit::zero());
        }
        let nonzero = (0..digits.len() - period)
            .filter(|&k| !digits[k].is_zero())
            .collect();
        Code {
            digits,
            period,
            nonzero,
        }
    }

    /// The code with digit `digit` at every k of `set` (and `0` elsewhere),
    /// or, with `allbut`, at every k ≥ 1 not in `set`: CGSuite's
    /// `TakeAndBreak.FromSubtractionSet`. `set` holds numbers from 1 up.
    pub(crate) fn from_set(set: &[u32], digit: &Digit, allbut: bool) -> Code {
        let max = set.iter().copied().max().unwrap_or(0) as usize;
        let mut listed = vec![false; max + 1];
        for &k in set {
            listed[k as usize] = true;
        }
        let mut digits = vec![Digit::zero(); max + 1];
        for k in 1..=max {
            if listed[k] != allbut {
                digits[k] = digit.clone();
            }
        }
        if allbut {
            digits.push(digit.clone());
            Code::new(digits, 1)
        } else {
            Code::new(digits, 0)
        }
    }

    /// The digit `d_k`.
    pub fn digit(&self, k: usize) -> &Digit {
        let first_repeating = self.digits.len() - self.period;
        match self.digits.get(k) {
            Some(d) => d,
            None if self.period > 0 => {
                &self.digits[first_repeating + (k - first_repeating) % self.period]
            }
            None => ZERO,
        }
    }

    /// The k ≤ n whose digit is not zero, in order.
    fn takes(&self, n: usize) -> impl Iterator<Item = usize> + '_ {
        let first_repeating = self.digits.len() - self.period;
        let repeating = (self.period > 0).then_some(first_repeating..=n);
        self.nonzero
            .iter()
            .copied()
            .take_while(move |&k| k <= n)
            .chain(repeating.into_iter().flatten())
            .filter(move |&k| !self.digit(k).is_zero())
    }

    /// The largest n ≤ `upto` such that heaps 0 to n together list at most
    /// `limit` options (counted as if `!` and `?` allowed every split,
    /// which only leaves some out; `=` as the one split it allows): what a
    /// search of a heap of n costs at most.
    ///
    /// # Example
    /// ```
    /// use cgt_rulesets::take_and_break::Code;
    /// // Nim: heap n has n options, heaps up to n have n(n+1)/2.
    /// let nim = Code::parse("0.[3]")?;
    /// assert_eq!(nim.largest_heap(100, 55), 10);
    /// assert_eq!(nim.largest_heap(100, 54), 9);
    /// # Ok::<(), cgt_rulesets::ParseError>(())
    /// ```
    ///
    /// A code with an open count (`*`, `{2+}`) stops at [`OPEN_MAX_HEAP`]
    /// whatever the count: a heap of n has about as many options as n has
    /// partitions, over ten million from n = 77.
    ///
    /// # Complexity
    /// O(n · (non-zero digits up to n) · heaps a move leaves), stopping at
    /// the first n over the limit.
    pub fn largest_heap(&self, upto: usize, limit: u64) -> usize {
        let widest = self.widest();
        let upto = if widest == usize::MAX {
            upto.min(OPEN_MAX_HEAP)
        } else {
            upto
        };
        let mut partitions: Vec<Vec<u64>> = Vec::new();
        let mut total: u64 = 0;
        for n in 0..=upto {
            push_partitions(&mut partitions, widest);
            total = total.saturating_add(self.moves_in(n, &partitions));
            if total > limit {
                return n.saturating_sub(1);
            }
        }
        upto
    }

    /// The moves of a heap of `n`, counted as [`Code::largest_heap`]
    /// counts them (`!` and `?` as if they allowed every split, `=` as the
    /// one split it allows), saturating: a bound on the moves a search of
    /// that one heap lists.
    ///
    /// # Example
    /// ```
    /// use cgt_rulesets::take_and_break::Code;
    /// // Kayles from 4: take 1 (leave 3, or 1 and 2), take 2 (2, or 1 and 1).
    /// assert_eq!(Code::parse("0.77")?.moves(4), 4);
    /// # Ok::<(), cgt_rulesets::ParseError>(())
    /// ```
    ///
    /// # Complexity
    /// O(n · min(n, heaps a move leaves)).
    pub fn moves(&self, n: usize) -> u64 {
        let widest = self.widest();
        let mut partitions: Vec<Vec<u64>> = Vec::new();
        for _ in 0..=n {
            push_partitions(&mut partitions, widest);
        }
        self.moves_in(n, &partitions)
    }

    /// The most heaps a move may leave (`usize::MAX` for an open count).
    fn widest(&self) -> usize {
        self.digits.iter().map(Digit::max_heaps).max().unwrap_or(0)
    }

    /// The moves of a heap of `n`, given `partitions` up to `n`.
    fn moves_in(&self, n: usize, partitions: &[Vec<u64>]) -> u64 {
        let mut total: u64 = 0;
        for k in self.takes(n) {
            let digit = self.digit(k);
            let m = n - k;
            for (j, &ways) in partitions[m].iter().enumerate() {
                total = total.saturating_add(match digit.allows(j) {
                    // One way at most: m split into j equal heaps.
                    Some(Modifier::AllEqual) if j >= 2 => u64::from(m % j == 0),
                    Some(_) => ways,
                    None => 0,
                });
            }
        }
        total
    }
}

/// Pushes the next row of `partitions`, whose row m counts, for each
/// j ≤ min(m, `widest`), the ways to write m as j non-empty heaps.
fn push_partitions(partitions: &mut Vec<Vec<u64>>, widest: usize) {
    let n = partitions.len();
    let width = n.min(widest);
    let mut row = vec![0u64; width + 1];
    if n == 0 {
        row[0] = 1;
    }
    for (j, cell) in row.iter_mut().enumerate().skip(1) {
        let fewer = partitions[n - 1].get(j - 1).copied().unwrap_or(0);
        let smaller = if n >= j {
            partitions[n - j].get(j).copied().unwrap_or(0)
        } else {
            0
        };
        *cell = fewer.saturating_add(smaller);
    }
    partitions.push(row);
}

static ZERO_DIGIT: Digit = Digit {
    counts: Vec::new(),
    more: false,
};
const ZERO: &Digit = &ZERO_DIGIT;

impl fmt::Display for Code {
    /// As CGSuite writes it: `0.77`, `4!.0`, `0.[3]`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}.", self.digits[0])?;
        let first_repeating = self.digits.len() - self.period;
        let fixed = &self.digits[1..first_repeating.max(1)];
        if fixed.is_empty() && self.period == 0 {
            return f.write_str("0");
        }
        for d in fixed {
            write!(f, "{d}")?;
        }
        if self.period > 0 {
            f.write_str("[")?;
            for d in &self.digits[first_repeating..] {
                write!(f, "{d}")?;
            }
            f.write_str("]")?;
        }
        Ok(())
    }
}

/// Reads one digit at `chars[*i]`, with its modifier, and moves past it.
fn read_digit(chars: &[char], i: &mut usize, to: usize) -> Result<Digit, ParseError> {
    let start = *i;
    let c = chars[start];
    let modifier_at = |k: usize| {
        chars[..to]
            .get(k)
            .and_then(|&c| Modifier::from_char(c))
            .map(|m| (m, 1))
            .unwrap_or((Modifier::Free, 0))
    };
    if let Some(value) = BASE32
        .iter()
        .position(|&b| b as char == c.to_ascii_uppercase())
    {
        let (modifier, width) = modifier_at(start + 1);
        *i = start + 1 + width;
        return Ok(Digit::from_value(value as u64, modifier));
    }
    match c {
        '&' => {
            let mut k = start + 1;
            let mut value: u64 = 0;
            while let Some(d) = chars[..to].get(k).and_then(|c| c.to_digit(10)) {
                value = value.saturating_mul(10).saturating_add(u64::from(d));
                k += 1;
            }
            if k == start + 1 {
                return Err(ParseError::new(
                    k,
                    format!(
                        "expected a number after '&', {}",
                        found(chars[..to].get(k).copied())
                    ),
                ));
            }
            if value >= 1 << MAX_COUNT {
                return Err(ParseError::new(
                    start + 1,
                    format!("a digit &n; has n below 2^{MAX_COUNT}"),
                ));
            }
            if chars[..to].get(k) != Some(&';') {
                return Err(ParseError::new(
                    k,
                    format!(
                        "expected ';' to end '&n;', {}",
                        found(chars[..to].get(k).copied())
                    ),
                ));
            }
            let (modifier, width) = modifier_at(k + 1);
            *i = k + 1 + width;
            Ok(Digit::from_value(value, modifier))
        }
        '*' => {
            let (modifier, width) = modifier_at(start + 1);
            *i = start + 1 + width;
            Ok(Digit::normalised(vec![Some(modifier)], true))
        }
        '{' => read_braces(chars, i, to),
        c => Err(ParseError::new(
            start,
            format!(
                "expected a digit (0-9, A-V, &n;, *, {{…}}), '[' or ']', {}",
                found(Some(c))
            ),
        )),
    }
}

/// Reads `{2,3}`, `{2+}`, `{1,2!}` or `{2,3}!` at `chars[*i]`.
fn read_braces(chars: &[char], i: &mut usize, to: usize) -> Result<Digit, ParseError> {
    let mut listed: Vec<(usize, Option<Modifier>)> = Vec::new();
    let mut more = false;
    let mut k = *i + 1;
    loop {
        let start = k;
        let mut count: usize = 0;
        while let Some(d) = chars[..to].get(k).and_then(|c| c.to_digit(10)) {
            count = count.saturating_mul(10).saturating_add(d as usize);
            k += 1;
        }
        if k == start {
            return Err(ParseError::new(
                k,
                format!(
                    "expected a number of heaps, {}",
                    found(chars[..to].get(k).copied())
                ),
            ));
        }
        if count > MAX_COUNT {
            return Err(ParseError::new(
                start,
                format!("a count in braces is at most {MAX_COUNT} heaps"),
            ));
        }
        let own = chars[..to].get(k).and_then(|&c| Modifier::from_char(c));
        if own.is_some() {
            k += 1;
        }
        listed.push((count, own));
        match chars[..to].get(k) {
            Some(',') => k += 1,
            Some('+') if chars[..to].get(k + 1) == Some(&'}') => {
                more = true;
                k += 2;
                break;
            }
            Some('}') => {
                k += 1;
                break;
            }
            c => {
                return Err(ParseError::new(
                    k,
                    format!("expected ',', '+}}' or '}}', {}", found(c.copied())),
                ));
            }
        }
    }
    let global = chars[..to].get(k).and_then(|&c| Modifier::from_char(c));
    if global.is_some() {
        if listed.iter().any(|(_, own)| own.is_some()) {
            return Err(ParseError::new(
                k,
                "a modifier after '}' and one inside the braces: write one or the other",
            ));
        }
        k += 1;
    }
    let widest = listed.iter().map(|&(j, _)| j).max().unwrap_or(0);
    let mut counts = vec![None; widest + 1];
    for (j, own) in listed {
        counts[j] = Some(own.or(global).unwrap_or(Modifier::Free));
    }
    *i = k;
    Ok(Digit::normalised(counts, more))
}

/// Lists into `options` the ways to leave `m` tokens as exactly `j`
/// non-empty heaps under `modifier`, each sorted.
fn splits(
    m: usize,
    j: usize,
    modifier: Modifier,
    buffer: &mut Vec<usize>,
    options: &mut HeapOptions,
) {
    if j == 0 {
        if m == 0 {
            options.push(&[]);
        }
        return;
    }
    if j == 1 {
        if m >= 1 {
            options.push(&[m]);
        }
        return;
    }
    match modifier {
        Modifier::AllEqual => {
            if m % j == 0 {
                buffer.clear();
                buffer.resize(j, m / j);
                options.push(buffer);
            }
            return;
        }
        Modifier::Free | Modifier::NotAllEqual | Modifier::Unequal => {}
    }
    let strict = modifier == Modifier::Unequal;
    // The smallest heaps first, the last taking the rest.
    let least = if strict { j * (j - 1) / 2 + j } else { j };
    if m < least {
        return;
    }
    buffer.clear();
    buffer.extend((0..j - 1).map(|t| if strict { t + 1 } else { 1 }));
    let used: usize = buffer.iter().sum();
    buffer.push(m - used);
    loop {
        if !(modifier == Modifier::NotAllEqual && buffer[0] == buffer[j - 1]) {
            options.push(buffer);
        }
        // The next split: raise the rightmost heap that can be raised,
        // and lay the ones after it as low as they go.
        let mut rest = buffer[j - 1];
        let mut raised = false;
        for t in (0..j - 1).rev() {
            rest += buffer[t];
            let v = buffer[t] + 1;
            let count = j - t;
            let need = if strict {
                count * v + count * (count - 1) / 2
            } else {
                count * v
            };
            if need <= rest {
                let mut used = 0;
                for (s, heap) in buffer[t..j - 1].iter_mut().enumerate() {
                    *heap = if strict { v + s } else { v };
                    used += *heap;
                }
                buffer[j - 1] = rest - used;
                raised = true;
                break;
            }
        }
        if !raised {
            return;
        }
    }
}

impl HeapGame for Code {
    /// Every k with `d_k` non-zero, every count of heaps it allows, every
    /// split of the rest into that many heaps (sorted, each once).
    fn heap_options(&self, n: usize, options: &mut HeapOptions) {
        let mut buffer = Vec::new();
        for k in self.takes(n) {
            let digit = self.digit(k);
            let m = n - k;
            for j in 0..=m.min(digit.max_heaps()) {
                if let Some(modifier) = digit.allows(j) {
                    splits(m, j, modifier, &mut buffer, options);
                }
            }
        }
    }
}

/// The rules of take-and-break games, the code in the position.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct TakeAndBreak;

impl TakeAndBreak {
    /// Reads a code, `;`, and heaps: `0.77;7,3`, `4!.0;10`, `0.[3];5,6`.
    ///
    /// # Example
    /// ```
    /// use cgt_rulesets::take_and_break::TakeAndBreak;
    /// assert_eq!(TakeAndBreak::parse("0.{2,3}; 9 ,4")?.to_string(), "0.C;4,9");
    /// let error = TakeAndBreak::parse("0.7;3,x").unwrap_err();
    /// assert_eq!(error.to_string(), "at character 7: expected a heap size, found 'x'");
    /// # Ok::<(), cgt_rulesets::ParseError>(())
    /// ```
    pub fn parse(text: &str) -> Result<CodedHeaps, ParseError> {
        let chars: Vec<char> = text.chars().collect();
        let Some(semicolon) = chars.iter().rposition(|&c| c == ';') else {
            return Err(ParseError::new(
                chars.len(),
                "expected ';' and the heaps after the code, as in 0.77;7,3",
            ));
        };
        let code = Code::read(&chars, 0, semicolon)?;
        let written = code.to_string();
        heaps::read_coded(&chars, semicolon + 1, written, code)
    }
}

impl ImpartialGame for TakeAndBreak {
    type Position = CodedHeaps;

    fn options(&self, position: &CodedHeaps, out: &mut Vec<CodedHeaps>) {
        position.options(out);
    }

    fn components(&self, position: &CodedHeaps, parts: &mut Vec<CodedHeaps>) {
        position.components(parts);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use cgt_core::heap::grundy_table;

    fn values(code: &str, len: usize) -> Vec<u64> {
        let code = Code::parse(code).expect(code);
        grundy_table(&code, len)
            .expect("heaps shrink")
            .iter()
            .map(|g| g.value())
            .collect()
    }

    #[test]
    fn codes_are_written_as_cgsuite_writes_them() {
        for (text, written) in [
            ("0.77", "0.77"),
            ("0.770", "0.77"),
            ("0.07", "0.07"),
            ("4!.0", "4!.0"),
            ("0.[3]", "0.[3]"),
            ("0.[37]", "0.[37]"),
            ("0.1[0]", "0.1"),
            ("4.", "4.0"),
            ("0.{2,3}", "0.C"),
            ("{2+}.0", "{2+}.0"),
            ("{2+}!.0", "{2+}!.0"),
            ("{2+}=.0", "{2+}=.0"),
            ("0.[{0+}=]", "0.[*=]"),
            ("8?.0", "8?.0"),
            ("0.{1,2,3,4,5,6}{6}", "0.&126;&64;"),
            ("0.&64;", "0.&64;"),
            ("0.v", "0.V"),
            ("0.{1,2!}", "0.6!"),
            ("0.{2!,3}", "0.{2!,3}"),
            ("00.7", "0.7"),
        ] {
            let code = Code::parse(text).expect(text);
            assert_eq!(code.to_string(), written, "{text}");
            assert_eq!(Code::parse(written).expect(written), code, "{written}");
        }
    }

    #[test]
    fn bad_codes_say_where() {
        for (text, at, message) in [
            ("", 0, "expected '.'"),
            ("077", 3, "expected '.'"),
            (".7", 0, "expected d0"),
            ("1.7", 0, "d0 (taking nothing)"),
            ("2.7", 0, "d0 (taking nothing)"),
            ("20.017", 0, "digits before d0"),
            ("0.7x", 3, "expected a digit"),
            ("0.[3", 4, "expected ']'"),
            ("0.[]", 3, "inside '[…]'"),
            ("0.[3]3", 5, "after ']'"),
            ("[3].0", 0, "expected a digit"),
            ("0.{2,x}", 5, "number of heaps"),
            ("0.{64}", 3, "at most 63"),
            ("0.{2!}!", 6, "one or the other"),
            ("0.{2", 4, "expected ','"),
            ("0.&x;", 3, "after '&'"),
            ("0.&3", 4, "expected ';'"),
        ] {
            let error = Code::parse(text).expect_err(text);
            assert_eq!(error.position(), at, "{text}: {error}");
            assert!(error.message().contains(message), "{text}: {error}");
        }
    }

    #[test]
    fn codes_give_the_values_of_winning_ways() {
        // Winning Ways, ch. 4: Kayles 0.77, Dawson's Kayles 0.07, Lasker's
        // Nim (4.[3] in CGSuite's code), Grundy's game 4!.0.
        assert_eq!(values("0.77", 12), [0, 1, 2, 3, 1, 4, 3, 2, 1, 4, 2, 6]);
        assert_eq!(values("0.07", 12), [0, 0, 1, 1, 2, 0, 3, 1, 1, 0, 3, 3]);
        assert_eq!(values("4.[3]", 9), [0, 1, 2, 4, 3, 5, 6, 8, 7]);
        assert_eq!(values("0.[3]", 6), [0, 1, 2, 3, 4, 5]);
        // CGSuite's documentation: 0.{2,3} is 0.C.
        assert_eq!(values("0.{2,3}", 40), values("0.C", 40));
        // {2+}= splits into two or more equal heaps: an even number of
        // them is 0, an odd number the value of one.
        let equal = values("{2+}=.0", 40);
        for (n, &g) in equal.iter().enumerate() {
            let mut seen: Vec<u64> = Vec::new();
            for k in 2..=n {
                if n % k == 0 {
                    seen.push(if k % 2 == 0 { 0 } else { equal[n / k] });
                }
            }
            let mex = (0..).find(|v| !seen.contains(v)).unwrap_or(0);
            assert_eq!(g, mex, "heap {n}");
        }
    }

    #[test]
    fn splits_follow_their_modifiers() {
        let listed = |code: &str, n: usize| {
            let mut options = HeapOptions::new();
            Code::parse(code).expect(code).heap_options(n, &mut options);
            options.iter().map(<[usize]>::to_vec).collect::<Vec<_>>()
        };
        assert_eq!(
            listed("8.0", 6),
            [vec![1, 1, 4], vec![1, 2, 3], vec![2, 2, 2]]
        );
        assert_eq!(listed("8!.0", 6), [vec![1, 2, 3]]);
        assert_eq!(listed("8?.0", 6), [vec![1, 1, 4], vec![1, 2, 3]]);
        assert_eq!(listed("8=.0", 6), [vec![2, 2, 2]]);
        assert_eq!(listed("4!.0", 4), [vec![1, 3]]);
        // Take 1, then leave the 4 as one heap or two unequal ones.
        assert_eq!(listed("0.{1,2!}", 5), [vec![4], vec![1, 3]]);
        assert_eq!(listed("0.*", 3), [vec![2], vec![1, 1]]);
    }

    #[test]
    fn sets_are_codes_and_moves_are_counted() {
        // CGSuite's documentation: FromSubtractionSet([2,3,5,9], allbut) is
        // the code 0.300303330[3].
        let all_but = Code::from_set(&[2, 3, 5, 9], &Digit::from_value(3, Modifier::Free), true);
        assert_eq!(all_but, Code::parse("0.300303330[3]").expect("a code"));
        assert_eq!(all_but.to_string(), "0.300303330[3]");
        // `?` leaves a lone heap, or none, whatever its size (see the
        // module docs).
        let mut options = HeapOptions::new();
        Code::parse("0.7?")
            .expect("a code")
            .heap_options(3, &mut options);
        let listed: Vec<Vec<usize>> = options.iter().map(<[usize]>::to_vec).collect();
        assert_eq!(listed, [vec![2]]);
        options.clear();
        Code::parse("0.07?")
            .expect("a code")
            .heap_options(2, &mut options);
        assert_eq!(options.len(), 1);
        // Each heap's moves as largest_heap counts them, summed.
        let kayles = Code::parse("0.77").expect("a code");
        let sum: u64 = (0..=20).map(|n| kayles.moves(n)).sum();
        assert_eq!(kayles.largest_heap(20, sum), 20);
        assert_eq!(kayles.largest_heap(20, sum - 1), 19);
        assert_eq!(
            Code::parse("{2+}.0").expect("a code").moves(100),
            190_569_291
        );
    }

    #[test]
    fn the_largest_heap_counts_options() {
        // Without modifiers the count is exact: it matches the options listed.
        for text in ["0.07", "0.[7]", "8.0", "0.[3]", "4.{1,3}", "0.*"] {
            let code = Code::parse(text).expect(text);
            let mut totals = Vec::new();
            let mut total = 0;
            let mut options = HeapOptions::new();
            for n in 0..=40 {
                options.clear();
                code.heap_options(n, &mut options);
                total += options.len() as u64;
                totals.push(total);
            }
            for limit in [0, 1, 5, 100, 1000, 30_000] {
                let expected = totals.iter().rposition(|&t| t <= limit).unwrap_or(0);
                assert_eq!(
                    code.largest_heap(40, limit),
                    expected,
                    "{text} within {limit}"
                );
            }
        }
        // An open count stops at OPEN_MAX_HEAP.
        let open = Code::parse("0.0000*").expect("a code");
        assert_eq!(open.largest_heap(1000, u64::MAX), OPEN_MAX_HEAP);
    }
}
