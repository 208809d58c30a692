//! Subtraction games: take from one heap a number of tokens in a set, or,
//! with `allbut`, any number not in it (*Winning Ways*, ch. 4; CGSuite's
//! `Subtraction(set, allbut)`, the take-and-break code of digit `3` at
//! each number taken, as CGSuite's `TakeAndBreak.FromSubtractionSet` makes
//! it). Impartial: its values are nimbers.
//!
//! A position is the set as CGSuite's constructor takes it, `;`, and the
//! heaps: `[1,3,4];10,7` (take 1, 3 or 4), `[1,3,4],allbut;10` (take any
//! number but 1, 3 and 4). The numbers of the set are 1 to
//! [`MAX_HEAP`](crate::heaps::MAX_HEAP); the heaps are checked as
//! [`heaps`](crate::heaps) says. The sets of the partizan subtraction
//! games ([`partizan_heaps`](crate::partizan_heaps)) are read here too.
//!
//! # Example
//! ```
//! use cgt_core::impartial::GrundyMemo;
//! use cgt_rulesets::subtraction::Subtraction;
//!
//! let mut memo = GrundyMemo::new(Subtraction);
//! // S(1,3,4): period 7, values 0 1 0 1 2 3 2.
//! let values: Vec<u64> = (0..14)
//!     .map(|n| memo.grundy(&Subtraction::parse(&format!("[1,3,4];{n}")).unwrap()).value())
//!     .collect();
//! assert_eq!(values, [0, 1, 0, 1, 2, 3, 2, 0, 1, 0, 1, 2, 3, 2]);
//! let position = Subtraction::parse("[4, 3,1] ,allbut; 9,2")?;
//! assert_eq!(position.to_string(), "[1,3,4],allbut;2,9");
//! # Ok::<(), cgt_rulesets::ParseError>(())
//! ```

use crate::heaps::{self, CodedHeaps, MAX_HEAP};
use crate::parse::{ParseError, found};
use crate::take_and_break::{Code, Digit, Modifier};
use cgt_core::impartial::ImpartialGame;

/// The rules of subtraction games, the set in the position.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Subtraction;

impl Subtraction {
    /// Reads `[1,3,4];10,7` or `[1,3,4],allbut;10,7`.
    ///
    /// # Example
    /// ```
    /// use cgt_rulesets::subtraction::Subtraction;
    /// let error = Subtraction::parse("[1,0];5").unwrap_err();
    /// assert_eq!(error.to_string(), "at character 4: a number taken is 1 to 10000");
    /// ```
    pub fn parse(text: &str) -> Result<CodedHeaps, ParseError> {
        read_set_rules(text, 3)
    }
}

impl ImpartialGame for Subtraction {
    type Position = CodedHeaps;

    fn options(&self, position: &CodedHeaps, out: &mut Vec<CodedHeaps>) {
        position.options(out);
    }

    fn components(&self, position: &CodedHeaps, parts: &mut Vec<CodedHeaps>) {
        position.components(parts);
    }
}

/// Reads `[a,b,…]`, maybe `,allbut`, `;` and heaps: the rules of digit
/// `digit` at each number taken (in the set, or with `allbut` not in it).
pub(crate) fn read_set_rules(text: &str, digit: u64) -> Result<CodedHeaps, ParseError> {
    let chars: Vec<char> = text.chars().collect();
    let mut i = 0;
    skip_space(&chars, &mut i);
    if chars.get(i) != Some(&'[') {
        return Err(expected(&chars, i, "'[' and the set, as in [1,3,4];10"));
    }
    i += 1;
    let words = SetWords {
        out_of_range: |largest| format!("a number taken is 1 to {largest}"),
        // Never said: a set has no bound but the text's length.
        too_long: "",
    };
    let mut set = read_set(&chars, &mut i, MAX_HEAP, usize::MAX, &words)?;
    set.sort_unstable();
    set.dedup();
    let allbut = read_allbut(&chars, &mut i, "allbut")?;
    if chars.get(i) != Some(&';') {
        return Err(expected(&chars, i, "';' and the heaps"));
    }
    let mut written = write_set(&set);
    if allbut {
        written.push_str(",allbut");
    }
    let code = Code::from_set(&set, &Digit::from_value(digit, Modifier::Free), allbut);
    heaps::read_coded(&chars, i + 1, written, code)
}

/// How [`read_set`] words its errors, in the terms of its ruleset.
pub(crate) struct SetWords {
    /// The line for a number not from 1 to the largest, given the largest.
    pub(crate) out_of_range: fn(u32) -> String,
    /// The line for a set of more numbers than the most.
    pub(crate) too_long: &'static str,
}

/// `expected {what}, found …`: the error at `chars[i]`.
pub(crate) fn expected(chars: &[char], i: usize, what: &str) -> ParseError {
    ParseError::new(
        i,
        format!("expected {what}, {}", found(chars.get(i).copied())),
    )
}

/// Moves `*i` past whitespace.
pub(crate) fn skip_space(chars: &[char], i: &mut usize) {
    while chars.get(*i).is_some_and(|c| c.is_whitespace()) {
        *i += 1;
    }
}

/// Reads the numbers of a set `a,b,…]` from `chars[*i..]`, just after its
/// `[`, to just after its `]`: each from 1 to `largest`, at most `most`
/// of them, as written (unsorted, repeats kept).
///
/// # Complexity
/// One pass over the set; it holds at most `most` numbers.
pub(crate) fn read_set(
    chars: &[char],
    i: &mut usize,
    largest: u32,
    most: usize,
    words: &SetWords,
) -> Result<Vec<u32>, ParseError> {
    let mut set = Vec::new();
    skip_space(chars, i);
    if chars.get(*i) == Some(&']') {
        *i += 1;
        return Ok(set);
    }
    loop {
        skip_space(chars, i);
        let start = *i;
        let mut n: u64 = 0;
        while let Some(d) = chars.get(*i).and_then(|c| c.to_digit(10)) {
            n = n.saturating_mul(10).saturating_add(u64::from(d));
            *i += 1;
        }
        if *i == start {
            return Err(expected(chars, *i, "a number of tokens"));
        }
        if n == 0 || n > u64::from(largest) {
            return Err(ParseError::new(start, (words.out_of_range)(largest)));
        }
        if set.len() == most {
            return Err(ParseError::new(start, words.too_long.to_string()));
        }
        // At most `largest`, a `u32`.
        set.push(n as u32);
        skip_space(chars, i);
        match chars.get(*i) {
            Some(',') => *i += 1,
            Some(']') => {
                *i += 1;
                return Ok(set);
            }
            _ => return Err(expected(chars, *i, "',' or ']'")),
        }
    }
}

/// `[a,b,…]`: a set, sorted and without repeats, as [`read_set`] reads it.
pub(crate) fn write_set(sorted: &[u32]) -> String {
    let numbers: Vec<String> = sorted.iter().map(u32::to_string).collect();
    format!("[{}]", numbers.join(","))
}

/// Reads an optional `, allbut` from `chars[*i..]` (whitespace skipped
/// around it): whether it is there. A `,` not followed by `allbut` is
/// an error that expects `word` (the word as the ruleset writes it in
/// messages).
pub(crate) fn read_allbut(chars: &[char], i: &mut usize, word: &str) -> Result<bool, ParseError> {
    skip_space(chars, i);
    if chars.get(*i) != Some(&',') {
        return Ok(false);
    }
    *i += 1;
    skip_space(chars, i);
    let written: String = chars.iter().skip(*i).take(6).collect();
    if written != "allbut" {
        return Err(expected(chars, *i, word));
    }
    *i += 6;
    skip_space(chars, i);
    Ok(true)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sets_are_written_as_they_read() {
        for text in ["[1,3,4];0", "[];5", "[],allbut;5", "[2],allbut;1,5"] {
            let position = Subtraction::parse(text).expect(text);
            assert_eq!(position.to_string(), text);
        }
        for (text, at) in [
            ("", 0),
            ("1,2;3", 0),
            ("[1,;3", 3),
            ("[1 2];3", 3),
            ("[1],al;3", 4),
            ("[1];", 4),
            ("[1]3", 3),
            ("[10001];3", 1),
        ] {
            assert_eq!(
                Subtraction::parse(text).map_err(|e| e.position()),
                Err(at),
                "{text}"
            );
        }
    }

    #[test]
    fn sets_make_cgsuites_codes() {
        // CGSuite's documentation of FromSubtractionSet: [2,3,5,9] gives
        // 0.033030003, and with allbut 0.300303330[3].
        let code = |text: &str| Subtraction::parse(text).expect(text).code().to_string();
        assert_eq!(code("[2,3,5,9];0"), "0.033030003");
        assert_eq!(code("[2,3,5,9],allbut;0"), "0.300303330[3]");
        assert_eq!(code("[],allbut;0"), "0.[3]");
        assert_eq!(code("[];0"), "0.0");
    }
}
