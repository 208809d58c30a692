//! Coin-turning games and their heap forms (CGSuite's `game.strip.Turning`
//! and `game.heap.Spawning`, by CGSuite's turning codes; *Winning Ways*,
//! ch. 14, "Turning Turtles and Other Coin Games"; Lenstra, "Nim
//! multiplication", 1977).
//!
//! A row of coins shows heads (`h`) or tails (`t`). A move turns over some
//! coins, the rightmost of them from heads to tails; the code says which
//! sets may be turned. A code is a list of ranges split by `,`, any of
//! which may be used: `1-3` (1 to 3 coins: Mock Turtles), `2` (exactly 2:
//! Twins), `1+` (any number: Motley), each with modifiers: `C`
//! consecutive, `E` equally spaced, `S` symmetric, `F` the leftmost coin
//! of the row among them, `C(n)` all within `n` adjacent coins (`1+C`
//! Ruler, `1-3C(5)` Mock Turtle Fives, `3E` Turnips, `4FS` Grunt).
//!
//! The heap form ([`Spawning`]): a coin at place `n` (from 1 at the left)
//! is a heap of `n`, and turning the coins at `a_1 < … < a_k < n` with `n`
//! is a move from the heap `n` to the heaps `a_1, …, a_k`. In normal play
//! two equal heaps cancel, so a row's nim value is the nim-sum of its
//! heads' heap values: a row ([`Turning`]) splits into its heads.
//!
//! Positions are the row or the heaps, `;`, then CGSuite's code (after the
//! position, as Toads and Frogs' `;jump=2`): `htthh;1-3` (a row of at most
//! [`MAX_COINS`] coins, CGSuite's `Turning("1-3")("htthh")`) and `5,3;1-3`
//! (heaps of at most [`MAX_COINS`], at most [`MAX_HEAPS`] of them); the
//! largest head or heap may have at most [`MAX_OPTIONS`] moves.
//!
//! # Example
//! ```
//! use cgt_core::impartial::GrundyMemo;
//! use cgt_rulesets::turning::{Spawning, Turning};
//!
//! // Mock Turtles: the coins at 1, 2, 3, … are worth 1, 2, 4, 7, 8, 11, …
//! // (*Winning Ways*, ch. 14: the odious numbers).
//! let mut heaps = GrundyMemo::new(Spawning);
//! let values: Vec<u64> = (1..=8)
//!     .map(|n| heaps.grundy(&Spawning::parse(&format!("{n};1-3")).unwrap()).value())
//!     .collect();
//! assert_eq!(values, [1, 2, 4, 7, 8, 11, 13, 14]);
//! // A row is the nim-sum of its heads (at 1, 4, 6, 9): CGSuite's example, 29.
//! let mut rows = GrundyMemo::new(Turning);
//! let row = Turning::parse("htththtth;1-3").unwrap();
//! assert_eq!(rows.grundy(&row).value(), 1 ^ 7 ^ 11 ^ 16);
//! assert_eq!(1 ^ 7 ^ 11 ^ 16, 29);
//! ```
//!
//! [`MAX_HEAPS`]: crate::heaps::MAX_HEAPS
//! [`MAX_OPTIONS`]: crate::heaps::PARTIZAN_MAX_MOVES

use crate::heaps::{PARTIZAN_MAX_HEAP, PARTIZAN_MAX_MOVES, read_sorted, write_sizes};
use crate::parse::{ParseError, found};
use cgt_core::impartial::ImpartialGame;
use std::fmt;
use std::sync::Arc;

/// The longest row (and largest heap) a position may have.
pub const MAX_COINS: u32 = 1000;

/// How the coins turned must be placed.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
enum Spacing {
    Any,
    Consecutive,
    Equal,
    Symmetric,
}

/// One range of a code: `min` to `max` coins, within `span` adjacent
/// coins, placed by `spacing`, the row's leftmost among them if `first`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
struct Element {
    min: u32,
    max: u32,
    span: u32,
    spacing: Spacing,
    first: bool,
}

/// A turning code: its ranges, and how it was written.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct TurningCode {
    elements: Vec<Element>,
    written: String,
}

impl fmt::Display for TurningCode {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.written)
    }
}

impl TurningCode {
    /// Reads a code (see the module docs), ending at the end of `text`;
    /// errors count characters from `offset`.
    fn parse_at(text: &str, offset: usize) -> Result<TurningCode, ParseError> {
        let chars: Vec<char> = text.chars().filter(|c| !c.is_whitespace()).collect();
        // Positions in errors are those of the text without whitespace;
        // codes are short and rarely spaced.
        let error = |i: usize, what: String| ParseError::new(offset + i, what);
        let mut elements = Vec::new();
        let mut i = 0;
        let number = |i: &mut usize| -> Result<u32, ParseError> {
            let start = *i;
            let mut n: u64 = 0;
            while let Some(d) = chars.get(*i).and_then(|c| c.to_digit(10)) {
                n = n.saturating_mul(10).saturating_add(u64::from(d));
                *i += 1;
            }
            if *i == start {
                return Err(error(
                    start,
                    format!(
                        "expected a number of coins, {}",
                        found(chars.get(start).copied())
                    ),
                ));
            }
            if n == 0 || n > u64::from(MAX_COINS) {
                return Err(error(
                    start,
                    format!("a number of coins is from 1 to {MAX_COINS}"),
                ));
            }
            Ok(n as u32)
        };
        loop {
            if elements.len() == MAX_COINS as usize {
                return Err(error(i, "a code has too many ranges".to_string()));
            }
            let min = number(&mut i)?;
            let max = match chars.get(i) {
                Some('+') => {
                    i += 1;
                    u32::MAX
                }
                Some('-') => {
                    i += 1;
                    let at = i;
                    let max = number(&mut i)?;
                    if max < min {
                        return Err(error(at, format!("expected a number from {min}")));
                    }
                    max
                }
                _ => min,
            };
            let mut element = Element {
                min,
                max,
                span: u32::MAX,
                spacing: Spacing::Any,
                first: false,
            };
            loop {
                let spacing = match chars.get(i).map(char::to_ascii_uppercase) {
                    Some('C') if chars.get(i + 1) == Some(&'(') => {
                        i += 2;
                        element.span = number(&mut i)?;
                        if chars.get(i) != Some(&')') {
                            return Err(error(
                                i,
                                format!("expected ')', {}", found(chars.get(i).copied())),
                            ));
                        }
                        i += 1;
                        continue;
                    }
                    Some('C') => Spacing::Consecutive,
                    Some('E') => Spacing::Equal,
                    Some('S') => Spacing::Symmetric,
                    Some('F') => {
                        element.first = true;
                        i += 1;
                        continue;
                    }
                    _ => break,
                };
                element.spacing = spacing;
                i += 1;
            }
            // A range that cannot fit its span has no move (as in CGSuite).
            if element.span >= element.min {
                element.max = element.max.min(element.span);
                elements.push(element);
            }
            match chars.get(i) {
                None => break,
                Some(',') => i += 1,
                Some(&c) => {
                    return Err(error(
                        i,
                        format!(
                            "expected '+', '-', a modifier (C, E, S, F, C(n)), ',' or the end, {}",
                            found(Some(c))
                        ),
                    ));
                }
            }
        }
        Ok(TurningCode {
            elements,
            written: chars.iter().collect(),
        })
    }

    /// Calls `f` on each set of other coins (places below `n`, sorted)
    /// that may be turned with a head at `n`, until it returns false;
    /// whether it never did. With `exact` false, `F` is ignored: a
    /// superset, closed under moving every coin one place right, so its
    /// size never falls as `n` grows and its count at the largest head
    /// bounds every head's moves.
    fn each_move(&self, n: u32, exact: bool, f: &mut impl FnMut(&[u32]) -> bool) -> bool {
        let mut set = Vec::new();
        for e in &self.elements {
            let lo = if e.span == u32::MAX {
                1
            } else {
                (n + 1).saturating_sub(e.span).max(1)
            };
            let room = n - lo; // places lo..n-1
            let first = e.first && exact;
            let top = (e.max - 1).min(room);
            for t in e.min - 1..=top {
                if t == 0 {
                    if (!first || n == 1) && !f(&[]) {
                        return false;
                    }
                    continue;
                }
                let going = match e.spacing {
                    Spacing::Consecutive => {
                        set.clear();
                        set.extend(n - t..n);
                        (first && n - t != 1) || f(&set)
                    }
                    Spacing::Equal => {
                        let mut going = true;
                        let mut d = 1;
                        while going && n - lo >= d * t {
                            let a = n - d * t;
                            if !first || a == 1 {
                                set.clear();
                                set.extend((0..t).map(|k| a + k * d));
                                going = f(&set);
                            }
                            d += 1;
                        }
                        going
                    }
                    Spacing::Any if first => {
                        lo != 1
                            || combinations(2, n - 1, t as usize - 1, &mut set, &mut |s| {
                                let mut with = Vec::with_capacity(s.len() + 1);
                                with.push(1);
                                with.extend_from_slice(s);
                                f(&with)
                            })
                    }
                    Spacing::Any => combinations(lo, n - 1, t as usize, &mut set, f),
                    Spacing::Symmetric => symmetric(lo, n, t, first, f),
                };
                if !going {
                    return false;
                }
            }
        }
        true
    }

    /// The moves of a head at `n`, each as the other coins turned.
    fn moves(&self, n: u32, out: &mut Vec<Vec<u32>>) {
        self.each_move(n, true, &mut |s| {
            out.push(s.to_vec());
            true
        });
    }

    /// Whether a head at `n` (and so every head up to `n`) has at most
    /// `most` moves.
    fn moves_within(&self, n: u32, most: usize) -> bool {
        let mut count = 0usize;
        self.each_move(n, false, &mut |_| {
            count += 1;
            count <= most
        })
    }
}

/// The symmetric sets of `t` coins below `n` with `n`: the leftmost `a` at
/// least `lo` (1 if `first`), the rest mirrored about `(a + n) / 2`.
fn symmetric(lo: u32, n: u32, t: u32, first: bool, f: &mut impl FnMut(&[u32]) -> bool) -> bool {
    let inner = t - 1;
    let mut scratch = Vec::new();
    for a in lo..n {
        if first && a != 1 {
            break;
        }
        let centre = (inner % 2 == 1).then_some((a + n) / 2);
        if inner % 2 == 1 && (a + n) % 2 == 1 {
            continue;
        }
        // Lower halves: places strictly between a and the centre.
        let below = (a + n - 1) / 2;
        let going = combinations(a + 1, below, (inner / 2) as usize, &mut scratch, &mut |s| {
            let mut set = Vec::with_capacity(t as usize);
            set.push(a);
            set.extend_from_slice(s);
            set.extend(centre);
            set.extend(s.iter().rev().map(|&x| a + n - x));
            f(&set)
        });
        if !going {
            return false;
        }
    }
    true
}

/// Calls `f` on each `k`-subset of `from..=to` (sorted) until it returns
/// false; whether it never did.
fn combinations(
    from: u32,
    to: u32,
    k: usize,
    set: &mut Vec<u32>,
    f: &mut impl FnMut(&[u32]) -> bool,
) -> bool {
    let size = if to >= from {
        (to - from + 1) as usize
    } else {
        0
    };
    if k > size {
        return true;
    }
    set.clear();
    set.extend((0..k as u32).map(|i| from + i));
    loop {
        if !f(set) {
            return false;
        }
        // The rightmost place that can move right moves, the rest follow it.
        let Some(i) = (0..k).rev().find(|&i| set[i] < to - (k - 1 - i) as u32) else {
            return true;
        };
        set[i] += 1;
        for j in i + 1..k {
            set[j] = set[j - 1] + 1;
        }
    }
}

/// Reads `position;code`: the position's text and the code.
fn split_code(text: &str) -> Result<(String, TurningCode), ParseError> {
    let chars: Vec<char> = text.chars().collect();
    let Some(semicolon) = chars.iter().position(|&c| c == ';') else {
        return Err(ParseError::new(
            chars.len(),
            "expected ';' and the code, found the end",
        ));
    };
    let code: String = chars[semicolon + 1..].iter().collect();
    let code = TurningCode::parse_at(&code, semicolon + 1)?;
    Ok((chars[..semicolon].iter().collect(), code))
}

/// The error for a head or heap with too many moves, if it has.
fn check_moves(code: &TurningCode, largest: Option<u32>) -> Result<(), ParseError> {
    match largest {
        Some(n) if !code.moves_within(n, PARTIZAN_MAX_MOVES as usize - 1) => Err(ParseError::new(
            0,
            format!("a coin at {n} has more than {PARTIZAN_MAX_MOVES} moves under {code}"),
        )),
        _ => Ok(()),
    }
}

/// The rules of coin-turning games, on rows ([`Coins`]) that carry their
/// code.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Turning;

/// A row of coins under a code: the places of its heads (from 1), sorted,
/// and its length.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Coins {
    code: Arc<TurningCode>,
    heads: Vec<u32>,
    len: u32,
}

impl Coins {
    /// The places of the heads, from 1 at the left, sorted.
    pub fn heads(&self) -> &[u32] {
        &self.heads
    }
}

impl fmt::Display for Coins {
    /// `htthh;1-3`: as [`Turning::parse`] reads it.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut heads = self.heads.iter().peekable();
        for place in 1..=self.len {
            let head = heads.next_if_eq(&&place).is_some();
            f.write_str(if head { "h" } else { "t" })?;
        }
        write!(f, ";{}", self.code)
    }
}

impl Turning {
    /// Reads `row;code`: `htthh;1-3` (`h` heads, `t` tails).
    ///
    /// # Example
    /// ```
    /// use cgt_rulesets::turning::Turning;
    /// assert_eq!(Turning::parse("thth ; 1+C")?.heads(), [2, 4]);
    /// let error = Turning::parse("htx;1-3").unwrap_err();
    /// assert_eq!(error.to_string(), "at character 3: expected 'h', 't' or ';', found 'x'");
    /// # Ok::<(), cgt_rulesets::ParseError>(())
    /// ```
    ///
    /// # Errors
    /// Where the text does not read, or a bound is passed.
    pub fn parse(text: &str) -> Result<Coins, ParseError> {
        let (row, code) = split_code(text)?;
        let mut heads = Vec::new();
        let mut len = 0u32;
        for (i, c) in row.chars().enumerate() {
            if c.is_whitespace() {
                continue;
            }
            if len == MAX_COINS {
                return Err(ParseError::new(
                    i,
                    format!("a row has at most {MAX_COINS} coins"),
                ));
            }
            len += 1;
            match c {
                'h' => heads.push(len),
                't' => {}
                _ => {
                    return Err(ParseError::new(
                        i,
                        format!("expected 'h', 't' or ';', {}", found(Some(c))),
                    ));
                }
            }
        }
        check_moves(&code, heads.last().copied())?;
        Ok(Coins {
            code: Arc::new(code),
            heads,
            len,
        })
    }
}

impl ImpartialGame for Turning {
    type Position = Coins;

    /// Turn a set of coins the code allows, the rightmost a head.
    fn options(&self, row: &Coins, out: &mut Vec<Coins>) {
        let mut moves = Vec::new();
        for &n in &row.heads {
            moves.clear();
            row.code.moves(n, &mut moves);
            for turned in &moves {
                // The heads after: those of the row and the turned coins,
                // less those in both (and less n).
                let mut heads = Vec::with_capacity(row.heads.len() + turned.len());
                let (mut a, mut b) = (row.heads.iter().peekable(), turned.iter().peekable());
                loop {
                    match (a.peek(), b.peek()) {
                        (Some(&&x), Some(&&y)) if x == y => {
                            a.next();
                            b.next();
                        }
                        (Some(&&x), Some(&&y)) if x < y => {
                            heads.push(x);
                            a.next();
                        }
                        (_, Some(&&y)) => {
                            heads.push(y);
                            b.next();
                        }
                        (Some(&&x), None) => {
                            heads.push(x);
                            a.next();
                        }
                        (None, None) => break,
                    }
                }
                heads.retain(|&h| h != n);
                out.push(Coins {
                    code: Arc::clone(&row.code),
                    heads,
                    len: row.len,
                });
            }
        }
    }

    /// Its heads, each alone in a row that ends with it: the nim-sum of
    /// their values is the row's (the heap form; see the module docs).
    fn components(&self, row: &Coins, parts: &mut Vec<Coins>) {
        if row.heads.len() > 1 || row.heads.last().copied().unwrap_or(0) != row.len {
            parts.extend(row.heads.iter().map(|&h| Coins {
                code: Arc::clone(&row.code),
                heads: vec![h],
                len: h,
            }));
        }
    }
}

/// The rules of the heap forms of coin-turning games, on heaps
/// ([`Spawned`]) that carry their code.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Spawning;

/// Heaps under a turning code, sorted, none empty.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Spawned {
    code: Arc<TurningCode>,
    heaps: Vec<u32>,
}

impl Spawned {
    /// The heaps' sizes, sorted.
    pub fn sizes(&self) -> &[u32] {
        &self.heaps
    }
}

impl fmt::Display for Spawned {
    /// `3,5;1-3`: as [`Spawning::parse`] reads it.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write_sizes(&self.heaps, f)?;
        write!(f, ";{}", self.code)
    }
}

impl Spawning {
    /// Reads `heaps;code`: `5,3;1-3` (`0` for no heap).
    ///
    /// # Example
    /// ```
    /// use cgt_rulesets::turning::Spawning;
    /// assert_eq!(Spawning::parse("9,0,4;3E")?.sizes(), [4, 9]);
    /// assert!(Spawning::parse("1001;1-3").is_err());
    /// # Ok::<(), cgt_rulesets::ParseError>(())
    /// ```
    ///
    /// # Errors
    /// Where the text does not read, or a bound is passed.
    pub fn parse(text: &str) -> Result<Spawned, ParseError> {
        let (heaps, code) = split_code(text)?;
        let heaps = read_sorted(&heaps, PARTIZAN_MAX_HEAP)?;
        check_moves(&code, heaps.last().copied())?;
        Ok(Spawned {
            code: Arc::new(code),
            heaps,
        })
    }
}

impl ImpartialGame for Spawning {
    type Position = Spawned;

    /// Replace one heap `n` by the heaps `a_1, …, a_k` a move of the code
    /// turns with a coin at `n`.
    fn options(&self, position: &Spawned, out: &mut Vec<Spawned>) {
        let mut moves = Vec::new();
        for (k, &n) in position.heaps.iter().enumerate() {
            if k > 0 && position.heaps[k - 1] == n {
                continue;
            }
            moves.clear();
            position.code.moves(n, &mut moves);
            for turned in &moves {
                let mut heaps = position.heaps.clone();
                heaps.remove(k);
                heaps.extend_from_slice(turned);
                heaps.sort_unstable();
                out.push(Spawned {
                    code: Arc::clone(&position.code),
                    heaps,
                });
            }
        }
    }

    fn components(&self, position: &Spawned, parts: &mut Vec<Spawned>) {
        if position.heaps.len() > 1 {
            parts.extend(position.heaps.iter().map(|&n| Spawned {
                code: Arc::clone(&position.code),
                heaps: vec![n],
            }));
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn moves(code: &str, n: u32) -> Vec<Vec<u32>> {
        let code = TurningCode::parse_at(code, 0).expect(code);
        let mut out = Vec::new();
        code.moves(n, &mut out);
        out
    }

    #[test]
    fn codes_allow_their_sets() {
        assert_eq!(moves("1-2", 3), [vec![], vec![1], vec![2]]);
        assert_eq!(moves("2-3C", 4), [vec![3], vec![2, 3]]);
        assert_eq!(moves("3E", 5), [vec![3, 4], vec![1, 3]]);
        assert_eq!(moves("1-3C(3)", 5), [vec![], vec![3], vec![4], vec![3, 4]]);
        assert_eq!(moves("4FS", 6), [vec![1, 2, 5], vec![1, 3, 4]]);
        assert_eq!(moves("3S", 5), [vec![1, 3], vec![3, 4]]);
        assert_eq!(moves("1F", 2), Vec::<Vec<u32>>::new());
        assert_eq!(moves("1F", 1), [Vec::<u32>::new()]);
        // A range that does not fit its span is dropped.
        assert_eq!(moves("3C(2)", 5), Vec::<Vec<u32>>::new());
    }

    #[test]
    fn bad_codes_and_rows_say_where() {
        for (text, at) in [
            ("", 0),
            ("h", 1),
            ("h;0", 2),
            ("h;3-2", 4),
            ("h;1-3X", 5),
            ("h;1-3C(5", 8),
            ("hxt;1-3", 1),
            ("h;1001", 2),
        ] {
            let error = Turning::parse(text).expect_err(text);
            assert_eq!(error.position(), at, "{text}: {error}");
        }
        let long = format!("{};1", "t".repeat(1001));
        assert!(Turning::parse(&long).is_err());
        // Motley from a coin at 30: 2^29 moves, refused.
        let error = Spawning::parse("30;1+").expect_err("too many moves");
        assert!(
            error.to_string().contains("more than 100000 moves"),
            "{error}"
        );
    }

    #[test]
    fn rows_are_written_as_they_read() {
        for text in ["htthh;1-3", "t;1+C", "hth;2,3E", ";1"] {
            let row = Turning::parse(text).expect(text);
            assert_eq!(row.to_string(), text);
        }
        for text in ["1,5,5;1-3", "0;3"] {
            let heaps = Spawning::parse(text).expect(text);
            assert_eq!(heaps.to_string(), text);
        }
    }
}
