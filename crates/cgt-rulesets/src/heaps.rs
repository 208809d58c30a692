//! Sums of heaps, shared by the impartial heap rulesets ([`nim`](crate::nim),
//! [`dawsons_kayles`](crate::dawsons_kayles),
//! [`grundys_game`](crate::grundys_game), [`subtraction`](crate::subtraction),
//! [`splittles`](crate::splittles), [`take_and_break`](crate::take_and_break)):
//! the heaps `n,m,…` read with their bounds, the options of a sum under a
//! heap game's rules (`cgt-core`'s [`HeapGame`]), and its split into single
//! heaps, so that the Grundy search values each heap once and a sum as the
//! nim-sum of its heaps. The partizan heap games
//! ([`partizan_heaps`](crate::partizan_heaps), [`turning`](crate::turning))
//! read and write their heaps here too, under their own bounds
//! ([`PARTIZAN_MAX_HEAP`], [`PARTIZAN_MAX_MOVES`]), and so do the other
//! lists `n,m,…` (Kayles' rows, the numbers of quicksort, chomp and
//! wind_up), each worded in its own terms.
//!
//! Every heap is checked before any search: at most [`MAX_HEAP`] tokens,
//! at most [`MAX_HEAPS`] heaps, and no heap so large that the heaps up to it
//! list more than [`MAX_OPTIONS`] options under the rules
//! ([`Code::largest_heap`]).
//!
//! # Example
//! ```
//! use cgt_rulesets::heaps::Heaps;
//! use cgt_rulesets::nim::Nim;
//!
//! let heaps: Heaps = Nim::parse(" 5, 0,3")?;
//! assert_eq!(heaps.sizes(), [3, 5]);
//! assert_eq!(heaps.to_string(), "3,5");
//! # Ok::<(), cgt_rulesets::ParseError>(())
//! ```

use crate::parse::{ParseError, found};
use crate::take_and_break::Code;
use cgt_core::heap::{HeapGame, HeapOptions};
use std::fmt;
use std::hash::{DefaultHasher, Hash, Hasher};
use std::sync::{Arc, OnceLock};

/// The largest heap a position may have.
pub const MAX_HEAP: u32 = 10_000;
/// The most heaps a position may have.
pub const MAX_HEAPS: usize = 1000;
/// The most options that the heaps up to a position's largest may list
/// together under its rules: a bound on the work of its search (about a
/// second) and on its memo (each option of two heaps or more is a position
/// of its own).
pub const MAX_OPTIONS: u64 = 2_000_000;

/// The largest heap of a partizan heap position
/// ([`partizan_heaps`](crate::partizan_heaps), [`turning`](crate::turning)):
/// its search keeps canonical forms, far dearer than nimbers.
pub const PARTIZAN_MAX_HEAP: u32 = 1000;
/// The most moves the largest heap of a partizan heap position may have
/// under either player's rules ([`Code::moves`]).
pub const PARTIZAN_MAX_MOVES: u64 = 100_000;
/// The steps of work (games made by sums, comparisons searched:
/// [`GameStore::with_work_limit`]) the value of a partizan heap position
/// ([`partizan_heaps`](crate::partizan_heaps)) may take, about two seconds:
/// its canonical form can double every few tokens
/// (`partizan_splittles(959;[10,6],[8,11])` would never end), which no
/// bound on the position tells before the work.
///
/// [`GameStore::with_work_limit`]: cgt_core::canonical::GameStore::with_work_limit
pub const PARTIZAN_MAX_WORK: u64 = 1 << 23;

/// Heaps: their sizes, sorted, none empty.
#[derive(Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Heaps(Vec<u32>);

impl Heaps {
    /// The sizes, sorted.
    pub fn sizes(&self) -> &[u32] {
        &self.0
    }

    pub(crate) fn new(mut heaps: Vec<u32>) -> Heaps {
        heaps.retain(|&n| n > 0);
        heaps.sort_unstable();
        Heaps(heaps)
    }

    /// Every option of the sum under `rules`: one heap replaced by the
    /// heaps one of its options leaves (equal heaps moved in once).
    pub(crate) fn options(&self, rules: &impl HeapGame, out: &mut Vec<Heaps>) {
        let mut options = HeapOptions::new();
        for (k, &n) in self.0.iter().enumerate() {
            if k > 0 && self.0[k - 1] == n {
                continue;
            }
            options.clear();
            rules.heap_options(n as usize, &mut options);
            for option in options.iter() {
                let mut next = Vec::with_capacity(self.0.len() + option.len());
                next.extend_from_slice(&self.0[..k]);
                next.extend_from_slice(&self.0[k + 1..]);
                // Every heap of an option is smaller than n, so fits.
                next.extend(option.iter().map(|&h| h as u32));
                out.push(Heaps::new(next));
            }
        }
    }

    /// The single heaps of a sum of two or more.
    pub(crate) fn components(&self, parts: &mut Vec<Heaps>) {
        if self.0.len() > 1 {
            parts.extend(self.0.iter().map(|&n| Heaps(vec![n])));
        }
    }
}

impl fmt::Display for Heaps {
    /// `7,3,1`, or `0` for no heap: as [`read_sum`] reads it.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write_sizes(&self.0, f)
    }
}

/// Heaps as `n,m,…`, or `0` for none: as [`read_sizes`] reads them.
pub(crate) fn write_sizes(sizes: &[u32], f: &mut fmt::Formatter<'_>) -> fmt::Result {
    if sizes.is_empty() {
        return f.write_str("0");
    }
    for (k, n) in sizes.iter().enumerate() {
        if k > 0 {
            f.write_str(",")?;
        }
        write!(f, "{n}")?;
    }
    Ok(())
}

/// Where the largest heap of a list starts, and its size.
type Largest = (usize, u32);

/// How a list reader ([`read_numbers`]) words its errors, in the terms of
/// the ruleset that reads the list.
pub(crate) struct ListWords<'a> {
    /// One number, after `expected `: `a heap size`.
    pub(crate) number: &'a str,
    /// The line for a number above the largest, given `number` and the
    /// largest.
    pub(crate) too_large: fn(&str, u64) -> String,
    /// The line for more numbers than the most, given the most.
    pub(crate) too_many: fn(usize) -> String,
}

/// How heaps' errors read: `a heap has at most 10000 tokens`.
const HEAP_WORDS: ListWords<'static> = ListWords {
    number: "a heap size",
    too_large: |_, largest| format!("a heap has at most {largest} tokens"),
    too_many: |most| format!("at most {most} heaps"),
};

/// Reads numbers `n,m,…` from `chars[from..]` to the end (whitespace
/// allowed), each at most `largest`, at most `most` of them: each with
/// the character it starts at. Errors count from 0 at `chars[0]` and are
/// worded by `words`.
///
/// # Complexity
/// One pass over the text; the list holds at most `most` numbers.
pub(crate) fn read_numbers(
    chars: &[char],
    from: usize,
    largest: u64,
    most: usize,
    words: &ListWords<'_>,
) -> Result<Vec<(usize, u64)>, ParseError> {
    let mut numbers = Vec::new();
    let mut i = from;
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
                i,
                format!(
                    "expected {}, {}",
                    words.number,
                    found(chars.get(i).copied())
                ),
            ));
        }
        if n > largest {
            return Err(ParseError::new(
                start,
                (words.too_large)(words.number, largest),
            ));
        }
        if numbers.len() == most {
            return Err(ParseError::new(start, (words.too_many)(most)));
        }
        numbers.push((start, n));
        while chars.get(i).is_some_and(|c| c.is_whitespace()) {
            i += 1;
        }
        match chars.get(i) {
            None => return Ok(numbers),
            Some(',') => i += 1,
            Some(&c) => {
                return Err(ParseError::new(
                    i,
                    format!("expected ',' or the end, {}", found(Some(c))),
                ));
            }
        }
    }
}

/// Reads heaps `n,m,…` from `chars[from..]` (whitespace allowed, `0` no
/// heap), each at most `max_heap` tokens, at most [`MAX_HEAPS`] of them:
/// the sizes as written, and where the (first) largest starts. Errors
/// count from 0 at `chars[0]`.
pub(crate) fn read_sizes(
    chars: &[char],
    from: usize,
    max_heap: u32,
) -> Result<(Vec<u32>, Option<Largest>), ParseError> {
    let numbers = read_numbers(chars, from, u64::from(max_heap), MAX_HEAPS, &HEAP_WORDS)?;
    let mut largest: Option<Largest> = None;
    let mut heaps = Vec::with_capacity(numbers.len());
    for (start, n) in numbers {
        // At most `max_heap`, a `u32`.
        let n = n as u32;
        if largest.is_none_or(|(_, m)| n > m) {
            largest = Some((start, n));
        }
        heaps.push(n);
    }
    Ok((heaps, largest))
}

/// Reads the whole of `text` as heaps of at most `max_heap` tokens:
/// sorted, none empty.
pub(crate) fn read_sorted(text: &str, max_heap: u32) -> Result<Vec<u32>, ParseError> {
    let chars: Vec<char> = text.chars().collect();
    let (sizes, _) = read_sizes(&chars, 0, max_heap)?;
    Ok(Heaps::new(sizes).0)
}

/// Reads heaps `n,m,…` from `chars[from..]` (whitespace allowed, `0` no
/// heap), each checked against the cost of `code`'s rules; errors count
/// from 0 at `chars[0]`.
pub(crate) fn read_heaps(chars: &[char], from: usize, code: &Code) -> Result<Heaps, ParseError> {
    let (heaps, largest) = read_sizes(chars, from, MAX_HEAP)?;
    if let Some((at, n)) = largest {
        let allowed = code.largest_heap(n as usize, MAX_OPTIONS);
        if allowed < n as usize {
            return Err(ParseError::new(
                at,
                format!(
                    "a heap has at most {allowed} tokens under these rules (the heaps up to \
                     it list at most {MAX_OPTIONS} options)"
                ),
            ));
        }
    }
    Ok(Heaps::new(heaps))
}

/// The code `text` of a ruleset whose rules never change, read once.
pub(crate) fn fixed_code(cell: &'static OnceLock<Code>, text: &str) -> &'static Code {
    cell.get_or_init(|| Code::parse(text).expect("a fixed ruleset's code reads"))
}

/// Reads the whole of `text` as heaps under `code`'s rules.
pub(crate) fn read_sum(text: &str, code: &Code) -> Result<Heaps, ParseError> {
    let chars: Vec<char> = text.chars().collect();
    read_heaps(&chars, 0, code)
}

/// Rules written in a position: as written, and as a code.
#[derive(Debug)]
struct Rules {
    written: String,
    code: Code,
    /// A hash of `written`, so that a memo hashes a position's rules in
    /// O(1).
    fingerprint: u64,
}

/// Heaps under rules the position writes out (a subtraction set, a code):
/// the positions of [`subtraction`](crate::subtraction),
/// [`splittles`](crate::splittles) and
/// [`take_and_break`](crate::take_and_break). The rules are shared by every
/// position reached from one read, so comparing them is one pointer test.
#[derive(Clone, Debug)]
pub struct CodedHeaps {
    rules: Arc<Rules>,
    heaps: Heaps,
}

impl CodedHeaps {
    /// The rules as the position writes them: `[1,3,4]`, `0.77`.
    pub fn rules(&self) -> &str {
        &self.rules.written
    }

    /// The rules as a take-and-break code.
    pub fn code(&self) -> &Code {
        &self.rules.code
    }

    /// The heaps.
    pub fn heaps(&self) -> &Heaps {
        &self.heaps
    }

    fn with(&self, heaps: Heaps) -> CodedHeaps {
        CodedHeaps {
            rules: Arc::clone(&self.rules),
            heaps,
        }
    }

    pub(crate) fn options(&self, out: &mut Vec<CodedHeaps>) {
        let mut options = Vec::new();
        self.heaps.options(&self.rules.code, &mut options);
        out.extend(options.into_iter().map(|h| self.with(h)));
    }

    pub(crate) fn components(&self, parts: &mut Vec<CodedHeaps>) {
        let mut heaps = Vec::new();
        self.heaps.components(&mut heaps);
        parts.extend(heaps.into_iter().map(|h| self.with(h)));
    }
}

impl PartialEq for CodedHeaps {
    fn eq(&self, other: &CodedHeaps) -> bool {
        self.heaps == other.heaps
            && (Arc::ptr_eq(&self.rules, &other.rules) || self.rules.written == other.rules.written)
    }
}

impl Eq for CodedHeaps {}

impl Hash for CodedHeaps {
    fn hash<H: Hasher>(&self, state: &mut H) {
        self.rules.fingerprint.hash(state);
        self.heaps.hash(state);
    }
}

impl fmt::Display for CodedHeaps {
    /// The rules, `;`, the heaps: `[1,3,4];7,10`, `0.77;3`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{};{}", self.rules.written, self.heaps)
    }
}

/// Reads heaps from `chars[from..]` under the rules `written`, `code`.
pub(crate) fn read_coded(
    chars: &[char],
    from: usize,
    written: String,
    code: Code,
) -> Result<CodedHeaps, ParseError> {
    let heaps = read_heaps(chars, from, &code)?;
    let mut hasher = DefaultHasher::new();
    written.hash(&mut hasher);
    let fingerprint = hasher.finish();
    Ok(CodedHeaps {
        rules: Arc::new(Rules {
            written,
            code,
            fingerprint,
        }),
        heaps,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn nim() -> Code {
        Code::parse("0.[3]").expect("Nim's code")
    }

    #[test]
    fn heaps_are_written_as_they_read() {
        for text in ["0", "1", "3,7", "1,1,2"] {
            assert_eq!(read_sum(text, &nim()).expect(text).to_string(), text);
        }
        for (text, at) in [("", 0), ("3;4", 1), ("10001", 0), ("3,", 2), ("1, x", 3)] {
            assert_eq!(
                read_sum(text, &nim()).map_err(|e| e.position()),
                Err(at),
                "{text}"
            );
        }
        let many = vec!["1"; MAX_HEAPS + 1].join(",");
        let error = read_sum(&many, &nim()).expect_err("too many heaps");
        assert_eq!(error.position(), 2 * MAX_HEAPS);
        assert!(read_sum(&many[2..], &nim()).is_ok());
    }

    #[test]
    fn heaps_are_bounded_by_the_cost_of_their_rules() {
        // Nim: heaps up to n list n(n+1)/2 options; 1999 · 2000 / 2 is
        // 1,999,000, and 2000 · 2001 / 2 over two million.
        assert!(read_sum("3,1999", &nim()).is_ok());
        let error = read_sum("3, 2000", &nim()).expect_err("too big");
        assert_eq!(
            error.to_string(),
            "at character 4: a heap has at most 1999 tokens under these rules (the heaps up \
             to it list at most 2000000 options)"
        );
        // Taking 1 or 2 only: every heap up to MAX_HEAP.
        let small = Code::parse("0.33").expect("a code");
        assert!(read_sum("10000", &small).is_ok());
    }

    #[test]
    fn a_sum_moves_in_one_heap_and_splits_into_heaps() {
        let heaps = Heaps::new(vec![2, 2, 3]);
        let mut out = Vec::new();
        heaps.options(&nim(), &mut out);
        let written: Vec<String> = out.iter().map(ToString::to_string).collect();
        assert_eq!(written, ["1,2,3", "2,3", "2,2,2", "1,2,2", "2,2"]);
        let mut parts = Vec::new();
        heaps.components(&mut parts);
        assert_eq!(parts.len(), 3);
        parts.clear();
        Heaps::new(vec![5]).components(&mut parts);
        assert!(parts.is_empty());
    }
}
