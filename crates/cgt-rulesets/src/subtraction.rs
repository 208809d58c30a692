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
//! [`heaps`](crate::heaps) says.
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
    let skip = |i: &mut usize| {
        while chars.get(*i).is_some_and(|c| c.is_whitespace()) {
            *i += 1;
        }
    };
    let expect = |i: usize, what: &str| {
        ParseError::new(
            i,
            format!("expected {what}, {}", found(chars.get(i).copied())),
        )
    };
    let mut i = 0;
    skip(&mut i);
    if chars.get(i) != Some(&'[') {
        return Err(expect(i, "'[' and the set, as in [1,3,4];10"));
    }
    i += 1;
    let mut set: Vec<u32> = Vec::new();
    skip(&mut i);
    if chars.get(i) == Some(&']') {
        i += 1;
    } else {
        loop {
            skip(&mut i);
            let start = i;
            let mut n: u64 = 0;
            while let Some(d) = chars.get(i).and_then(|c| c.to_digit(10)) {
                n = n.saturating_mul(10).saturating_add(u64::from(d));
                i += 1;
            }
            if i == start {
                return Err(expect(i, "a number of tokens"));
            }
            if !(1..=u64::from(MAX_HEAP)).contains(&n) {
                return Err(ParseError::new(
                    start,
                    format!("a number taken is 1 to {MAX_HEAP}"),
                ));
            }
            set.push(n as u32);
            skip(&mut i);
            match chars.get(i) {
                Some(',') => i += 1,
                Some(']') => {
                    i += 1;
                    break;
                }
                _ => return Err(expect(i, "',' or ']'")),
            }
        }
    }
    set.sort_unstable();
    set.dedup();
    skip(&mut i);
    let mut allbut = false;
    if chars.get(i) == Some(&',') {
        i += 1;
        skip(&mut i);
        let word: String = chars.iter().skip(i).take(6).collect();
        if word != "allbut" {
            return Err(expect(i, "allbut"));
        }
        allbut = true;
        i += 6;
        skip(&mut i);
    }
    if chars.get(i) != Some(&';') {
        return Err(expect(i, "';' and the heaps"));
    }
    let numbers: Vec<String> = set.iter().map(u32::to_string).collect();
    let mut written = format!("[{}]", numbers.join(","));
    if allbut {
        written.push_str(",allbut");
    }
    let code = Code::from_set(&set, &Digit::from_value(digit, Modifier::Free), allbut);
    heaps::read_coded(&chars, i + 1, written, code)
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
