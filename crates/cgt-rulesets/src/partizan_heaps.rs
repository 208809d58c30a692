//! Partizan heap games: sums of heaps where Left moves in a heap by one
//! heap rule and Right by another (CGSuite's `game.heap.PartizanHeapRuleset`,
//! and its schemas `PartizanSubtraction(leftSet, rightSet, allbut)`,
//! `PartizanSplittles(leftSet, rightSet, allbut)` and
//! `PartizanTakeAndBreak(leftCode, rightCode)`; partizan subtraction games
//! are Fraenkel and Kotzig's, *Partizan octal games: partizan subtraction
//! games*, IJGT 16, 1987).
//!
//! - Partizan Subtraction: Left takes a number of tokens in her set from
//!   one heap, Right one in his.
//! - Partizan Splittles: the same, and the rest of the heap may be left as
//!   two heaps (each set is the code digit `7`: CGSuite's `Splittles`).
//! - Partizan Take-and-Break: each player's moves are a take-and-break
//!   code ([`crate::take_and_break`], the one reader of CGSuite's codes).
//!
//! A position is the heaps `n,m,…` (`0` for none), `;`, then the rules as
//! CGSuite's constructor arguments (after the position, as Toads and
//! Frogs' `;jump=2`): `6,4;[1,3],[2,3]` (Left's set, Right's set),
//! `6;[1,3],[2,3],allbut` (each may take any number *not* in the set),
//! `7;0.77,4!.0` (Left's code, Right's code). Heaps are at most [`MAX_HEAP`] tokens, at most
//! [`MAX_HEAPS`] of them, and the largest may have at most [`MAX_OPTIONS`]
//! moves under either player's rule. A position splits into its heaps.
//!
//! # Example
//! ```
//! use cgt_core::canonical::GameStore;
//! use cgt_core::partizan::ValueMemo;
//! use cgt_rulesets::partizan_heaps::PartizanHeaps;
//!
//! let mut store = GameStore::new();
//! let mut memo = ValueMemo::new(PartizanHeaps);
//! // CGSuite's example ruleset PartizanSubtraction([1,3],[2,3]): heaps of 1 to 4.
//! let values: Vec<String> = (1..=4)
//!     .map(|n| {
//!         let heaps = PartizanHeaps::parse_subtraction(&format!("{n};[1,3],[2,3]")).unwrap();
//!         let v = memo.value(&mut store, &heaps).expect("a small value");
//!         store.display(v)
//!     })
//!     .collect();
//! assert_eq!(values, ["1", "{1|0}", "{0,{1|0}|0}", "{1|1,{1|0}}"]);
//! ```
//!
//! [`MAX_HEAP`]: crate::heaps::PARTIZAN_MAX_HEAP
//! [`MAX_HEAPS`]: crate::heaps::MAX_HEAPS
//! [`MAX_OPTIONS`]: crate::heaps::PARTIZAN_MAX_MOVES

use crate::heaps::{PARTIZAN_MAX_HEAP, PARTIZAN_MAX_MOVES, read_sorted, write_sizes};
use crate::parse::ParseError;
use crate::subtraction::{SetWords, expected, read_allbut, read_set, skip_space, write_set};
use crate::take_and_break::{Code, Digit, Modifier};
use cgt_core::heap::{HeapGame, HeapOptions};
use cgt_core::outcome::Side;
use cgt_core::partizan::PartizanGame;
use std::fmt;
use std::sync::Arc;

/// The rules of the partizan heap games; the position carries each
/// player's code ([`Heaps`]).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct PartizanHeaps;

/// How the rules are written: two sets (and whether `allbut`), or two
/// codes.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
enum Written {
    Sets { allbut: bool },
    Codes,
}

/// One player's heap rule: as written (a set `[1,3]`, a code `0.77`), and
/// as a code.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
struct Rule {
    written: String,
    code: Code,
}

impl fmt::Display for Rule {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.written)
    }
}

/// Left's and Right's heap rules.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
struct Rules {
    left: Rule,
    right: Rule,
    written: Written,
}

/// A sum of heaps under one pair of rules: the heaps sorted, none empty.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Heaps {
    rules: Arc<Rules>,
    heaps: Vec<u32>,
}

impl Heaps {
    /// The heaps' sizes, sorted.
    pub fn sizes(&self) -> &[u32] {
        &self.heaps
    }

    fn with(&self, heaps: Vec<u32>) -> Heaps {
        Heaps {
            rules: Arc::clone(&self.rules),
            heaps,
        }
    }
}

impl fmt::Display for Heaps {
    /// `6,4;[1,3],[2,3]` or `7;0.77,4!.0`: as the reader reads it.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let rules = &self.rules;
        write_sizes(&self.heaps, f)?;
        write!(f, ";{},{}", rules.left, rules.right)?;
        if rules.written == (Written::Sets { allbut: true }) {
            f.write_str(",allbut")?;
        }
        Ok(())
    }
}

impl PartizanHeaps {
    /// Reads a Partizan Subtraction position: `6,4;[1,3],[2,3]`, or with
    /// `,allbut` after the sets.
    ///
    /// # Example
    /// ```
    /// use cgt_rulesets::partizan_heaps::PartizanHeaps;
    /// let heaps = PartizanHeaps::parse_subtraction("4,0,6 ; [3, 1],[2,3]")?;
    /// assert_eq!(heaps.to_string(), "4,6;[1,3],[2,3]");
    /// let error = PartizanHeaps::parse_subtraction("5;[1,3]").unwrap_err();
    /// assert_eq!(error.to_string(), "at character 8: expected ',' and Right's set, found the end");
    /// # Ok::<(), cgt_rulesets::ParseError>(())
    /// ```
    ///
    /// # Errors
    /// Where the text does not read, or a bound is passed.
    pub fn parse_subtraction(text: &str) -> Result<Heaps, ParseError> {
        parse_sets(text, 3)
    }

    /// Reads a Partizan Splittles position, written as Partizan
    /// Subtraction's ([`PartizanHeaps::parse_subtraction`]).
    ///
    /// # Errors
    /// Where the text does not read, or a bound is passed.
    pub fn parse_splittles(text: &str) -> Result<Heaps, ParseError> {
        parse_sets(text, 7)
    }

    /// Reads a Partizan Take-and-Break position: `7;0.77,4!.0` (the heaps,
    /// Left's code, Right's code).
    ///
    /// # Example
    /// ```
    /// use cgt_rulesets::partizan_heaps::PartizanHeaps;
    /// let heaps = PartizanHeaps::parse_take_and_break("5;0.{1,2}, 4!.0")?;
    /// assert_eq!(heaps.to_string(), "5;0.{1,2},4!.0");
    /// # Ok::<(), cgt_rulesets::ParseError>(())
    /// ```
    ///
    /// # Errors
    /// Where the text does not read, or a bound is passed.
    pub fn parse_take_and_break(text: &str) -> Result<Heaps, ParseError> {
        let chars: Vec<char> = text.chars().collect();
        let semicolon = heaps_end(&chars)?;
        // The codes split at the comma outside braces and brackets.
        let mut depth = 0i32;
        let mut comma = None;
        for (i, &c) in chars.iter().enumerate().skip(semicolon + 1) {
            match c {
                '{' | '[' => depth += 1,
                '}' | ']' => depth -= 1,
                ',' if depth == 0 => {
                    comma = Some(i);
                    break;
                }
                _ => {}
            }
        }
        let Some(comma) = comma else {
            return Err(ParseError::new(
                chars.len(),
                "expected ',' and Right's code, found the end",
            ));
        };
        let part = |from: usize, to: usize| chars[from..to].iter().collect::<String>();
        let left = read_code(&chars, semicolon + 1, comma)?;
        let right = read_code(&chars, comma + 1, chars.len())?;
        let rules = Rules {
            left,
            right,
            written: Written::Codes,
        };
        heaps_under(rules, &part(0, semicolon))
    }
}

/// The code in `chars[from..to]`, whitespace around it dropped.
fn read_code(chars: &[char], mut from: usize, mut to: usize) -> Result<Rule, ParseError> {
    while from < to && chars[from].is_whitespace() {
        from += 1;
    }
    while to > from && chars[to - 1].is_whitespace() {
        to -= 1;
    }
    let code = Code::read(chars, from, to)?;
    Ok(Rule {
        written: chars[from..to].iter().collect(),
        code,
    })
}

/// The index of the `;` that ends the heaps.
fn heaps_end(chars: &[char]) -> Result<usize, ParseError> {
    chars.iter().position(|&c| c == ';').ok_or_else(|| {
        ParseError::new(
            chars.len(),
            "expected ';' and the rules, found the end".to_string(),
        )
    })
}

/// Reads heaps, `;`, `[…],[…]` (and `,allbut`): each set the digit `bits`.
fn parse_sets(text: &str, bits: u32) -> Result<Heaps, ParseError> {
    let chars: Vec<char> = text.chars().collect();
    let semicolon = heaps_end(&chars)?;
    let mut i = semicolon + 1;
    let skip = |i: &mut usize| skip_space(&chars, i);
    let expect = |i: usize, what: &str| expected(&chars, i, what);
    let mut sets = Vec::new();
    for whose in ["Left's set", "Right's set"] {
        skip(&mut i);
        if !sets.is_empty() {
            if chars.get(i) != Some(&',') {
                return Err(expect(i, &format!("',' and {whose}")));
            }
            i += 1;
            skip(&mut i);
        }
        if chars.get(i) != Some(&'[') {
            return Err(expect(i, &format!("'[' to open {whose}")));
        }
        let start = i;
        i += 1;
        let words = SetWords {
            out_of_range: |largest| format!("a set holds numbers from 1 to {largest}"),
            too_long: "a set is too long",
        };
        let most = PARTIZAN_MAX_HEAP as usize;
        let set = read_set(&chars, &mut i, PARTIZAN_MAX_HEAP, most, &words)?;
        sets.push((set, start));
    }
    let allbut = read_allbut(&chars, &mut i, "'allbut'")?;
    if i < chars.len() {
        return Err(expect(i, "the end"));
    }
    // The numbers were checked as they were read: 1 up.
    let digit = Digit::from_value(u64::from(bits), Modifier::Free);
    let rule = |set: &[u32]| {
        let mut sorted = set.to_vec();
        sorted.sort_unstable();
        sorted.dedup();
        Rule {
            written: write_set(&sorted),
            code: Code::from_set(set, &digit, allbut),
        }
    };
    let rules = Rules {
        left: rule(&sets[0].0),
        right: rule(&sets[1].0),
        written: Written::Sets { allbut },
    };
    let heaps: String = chars[..semicolon].iter().collect();
    heaps_under(rules, &heaps)
}

/// The heaps written in `text` (at the start of the position) under
/// `rules`, with the bound on the largest heap's moves checked.
fn heaps_under(rules: Rules, text: &str) -> Result<Heaps, ParseError> {
    let heaps = read_sorted(text, PARTIZAN_MAX_HEAP)?;
    if let Some(&largest) = heaps.last() {
        for rule in [&rules.left, &rules.right] {
            if rule.code.moves(largest as usize) >= PARTIZAN_MAX_MOVES {
                return Err(ParseError::new(
                    0,
                    format!(
                        "a heap of {largest} has more than {PARTIZAN_MAX_MOVES} moves under {rule}"
                    ),
                ));
            }
        }
    }
    Ok(Heaps {
        rules: Arc::new(rules),
        heaps,
    })
}

impl PartizanGame for PartizanHeaps {
    type Position = Heaps;

    /// A move in one heap by the mover's code (each distinct heap once).
    fn options(&self, position: &Heaps, side: Side, out: &mut Vec<Heaps>) {
        let code = match side {
            Side::Left => &position.rules.left.code,
            Side::Right => &position.rules.right.code,
        };
        let mut moves = HeapOptions::new();
        for (k, &n) in position.heaps.iter().enumerate() {
            if k > 0 && position.heaps[k - 1] == n {
                continue;
            }
            moves.clear();
            code.heap_options(n as usize, &mut moves);
            for left in moves.iter() {
                let mut heaps = position.heaps.clone();
                heaps.remove(k);
                // Every heap a move leaves is smaller than n, so fits.
                heaps.extend(left.iter().map(|&h| h as u32));
                heaps.sort_unstable();
                out.push(position.with(heaps));
            }
        }
    }

    fn components(&self, position: &Heaps, parts: &mut Vec<Heaps>) {
        if position.heaps.len() > 1 {
            parts.extend(position.heaps.iter().map(|&n| position.with(vec![n])));
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_player_moves_by_their_own_rule() {
        let heaps = PartizanHeaps::parse_subtraction("4;[1,3],[2,3]").expect("heaps");
        let mut out = Vec::new();
        PartizanHeaps.options(&heaps, Side::Left, &mut out);
        let left: Vec<String> = out.iter().map(ToString::to_string).collect();
        assert_eq!(left, ["3;[1,3],[2,3]", "1;[1,3],[2,3]"]);
        out.clear();
        PartizanHeaps.options(&heaps, Side::Right, &mut out);
        let right: Vec<String> = out.iter().map(ToString::to_string).collect();
        assert_eq!(right, ["2;[1,3],[2,3]", "1;[1,3],[2,3]"]);
        // Splittles: the rest may be two heaps; Left takes anything but 1.
        let heaps = PartizanHeaps::parse_splittles("4;[1],[],allbut").expect("heaps");
        out.clear();
        PartizanHeaps.options(&heaps, Side::Left, &mut out);
        let left: Vec<String> = out.iter().map(|h| format!("{:?}", h.sizes())).collect();
        assert_eq!(left, ["[2]", "[1, 1]", "[1]", "[]"]);
        out.clear();
        PartizanHeaps.options(&heaps, Side::Right, &mut out);
        assert_eq!(out.len(), 6);
        assert_eq!(out[5].to_string(), "0;[1],[],allbut");
    }

    #[test]
    fn bad_positions_say_where() {
        for (text, at, words) in [
            ("", 0, "expected ';' and the rules, found the end"),
            ("4;", 2, "expected '[' to open Left's set, found the end"),
            ("4;[1,3]", 7, "expected ',' and Right's set, found the end"),
            (
                "4;[1,3],[2,x]",
                11,
                "expected a number of tokens, found 'x'",
            ),
            ("4;[1,3],[0]", 9, "a set holds numbers from 1 to 1000"),
            ("4;[1],[2],alll", 10, "expected 'allbut', found 'a'"),
            ("4;[1],[2] 4", 10, "expected the end, found '4'"),
            ("4,1001;[1],[2]", 2, "a heap has at most 1000 tokens"),
            ("4;[1],[2];", 9, "expected the end, found ';'"),
        ] {
            let error = PartizanHeaps::parse_subtraction(text).expect_err(text);
            assert_eq!(error.position(), at, "{text}: {error}");
            assert!(error.to_string().contains(words), "{text}: {error}");
        }
        for (text, at) in [("0.7", 3), ("4;0.7", 5), ("4;0.7,0.x", 8), ("y;0.7,0.7", 0)] {
            let error = PartizanHeaps::parse_take_and_break(text).expect_err(text);
            assert_eq!(error.position(), at, "{text}: {error}");
        }
        // Splitting any heap into any number of heaps: the moves of 100
        // are too many to list.
        let error = PartizanHeaps::parse_take_and_break("100;{2+}.0,0.7").expect_err("big");
        assert!(
            error.to_string().contains("more than 100000 moves"),
            "{error}"
        );
    }
}
