//! Toads and Frogs: a strip of cells holding Left's toads `t`, Right's
//! frogs `f` and empty cells `.`; on her turn Left moves one toad to the
//! right, Right one frog to the left, either onto the next cell if it is
//! empty, or by jumping over one adjacent enemy creature onto the empty
//! cell just beyond it (*Winning Ways*, ch. 1; CGSuite's
//! `game.strip.ToadsAndFrogs`).
//!
//! CGSuite's generalisation (`game.strip.GenToadsAndFrogs`) is read too,
//! with options after a `;`, split by `;` or `,`:
//! - `jump=J` (CGSuite's `maxJump`, 1 by default): a creature may jump over
//!   a run of `k` adjacent enemy creatures, `1 ≤ k ≤ J`, onto the empty
//!   cell just beyond the run; `jump=0` is Elephants and Rhinos
//!   ([`crate::elephants`]).
//! - `slide=K` (CGSuite's `maxSlide`, 1 by default): a creature may slide
//!   `1 ≤ k ≤ K` cells forward, every cell it passes and the one it lands
//!   on being empty.
//! - `min=A` (CGSuite's `minSlide`, 1 by default): a slide covers at least
//!   `A` cells, `A ≤ K`.
//! - `friendly` (CGSuite's `allowFriendlyJump`): the run jumped may hold
//!   the mover's own creatures as well as enemies; the jump still lands on
//!   the first empty cell past the run.
//!
//! MCGS's `gen_toads` (`src/gen_toads.h` at v1.5: parameters min slide,
//! max slide, max jump, friendly jump) is this game, Black's stones the
//! toads: `gen_toads` `a,b,c,d:S` is `toads(S;jump=c;slide=b;min=a)`, with
//! `;friendly` when `d` is 1. (MCGS's move generator checks only the
//! landing cell of a slide and the cell next to the mover, which is the
//! same rule for `A ≤ 2`, all its tests use.)
//!
//! Backward slides (CGSuite's `minSlide < 0`) make the game loopy and are
//! not read. A strip has at most 64 cells; `J` is at most 64 and `K` and
//! `A` from 1 to 64.
//!
//! # Splitting
//! A creature is *stuck* if it can never move again: the largest set of
//! creatures each of whose moves is blocked by the edge or by creatures of
//! the set (a toad whose next cell holds a stuck toad, or a stuck frog
//! with, after the run of stuck frogs it could jump, the edge or a stuck
//! toad; frogs alike). Where a stuck toad stands just left of a stuck frog
//! (`tf`) no creature ever crosses and neither side looks past it: the strip
//! splits there ([`PartizanGame::components`]), and each part drops its
//! stuck frogs at the left end and its stuck toads at the right end (for
//! the creatures left, a friend that never moves is a wall), and, with no
//! frog left, the empty cells before its first toad (with no toad, after
//! its last frog). The tests check the values with and without the split.
//!
//! # Example
//! ```
//! use cgt_core::canonical::GameStore;
//! use cgt_core::partizan::ValueMemo;
//! use cgt_rulesets::toads::ToadsAndFrogs;
//!
//! let mut store = GameStore::new();
//! let mut memo = ValueMemo::new(ToadsAndFrogs);
//! let mut value = |text: &str| {
//!     let strip = ToadsAndFrogs::parse(text).expect("a strip");
//!     let v = memo.value(&mut store, &strip).expect("a small value");
//!     store.display(v)
//! };
//! assert_eq!(value("t.f"), "*"); // whoever moves first blocks the other
//! assert_eq!(value("t..f"), "0");
//! assert_eq!(value("t.f."), "1/2");
//! // CGSuite's test of GenToadsAndFrogs(maxJump => 2).
//! assert_eq!(value("tttt..fff;jump=2"), "{1/2*|v}");
//! // tt|ff never moves again: the strip splits there.
//! assert_eq!(value("t.ttff.f"), "0");
//! ```

use crate::parse::{ParseError, found};
use cgt_core::outcome::Side;
use cgt_core::partizan::PartizanGame;
use std::fmt;

/// The rules of (generalised) Toads and Frogs; positions are [`Strip`]s,
/// which carry the `jump` and `slide` options of their rules.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct ToadsAndFrogs;

/// The most cells a strip may have.
pub const MAX_STRIP: usize = 64;

/// A strip: its length, the cells of the toads and of the frogs (cell `i`
/// at bit `i`, cell 0 on the left), and the rules' `jump` and `slide`; with
/// both 1, also a position of [Backsliding Toads and
/// Frogs](crate::backsliding).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Strip {
    jump: u8,
    slide: u8,
    len: u8,
    toads: u64,
    frogs: u64,
    min_slide: u8,
    friendly: bool,
}

/// What stands on a cell.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Cell {
    /// `.`
    Empty,
    /// `t`, Left's.
    Toad,
    /// `f`, Right's.
    Frog,
}

impl Strip {
    /// The empty strip with the given rules.
    fn empty(jump: u8, slide: u8) -> Strip {
        Strip {
            jump,
            slide,
            len: 0,
            toads: 0,
            frogs: 0,
            min_slide: 1,
            friendly: false,
        }
    }

    /// The number of cells.
    pub fn len(&self) -> usize {
        usize::from(self.len)
    }

    /// Whether the strip has no cells.
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// The most enemies a jump passes over (CGSuite's `maxJump`).
    pub fn jump(&self) -> usize {
        usize::from(self.jump)
    }

    /// The most cells a slide passes (CGSuite's `maxSlide`).
    pub fn slide(&self) -> usize {
        usize::from(self.slide)
    }

    /// The fewest cells a slide passes (CGSuite's `minSlide`, here at
    /// least 1).
    pub fn min_slide(&self) -> usize {
        usize::from(self.min_slide)
    }

    /// Whether a jump may pass over the mover's own creatures too
    /// (CGSuite's `allowFriendlyJump`).
    pub fn friendly(&self) -> bool {
        self.friendly
    }

    /// What stands on cell `i` (from 0 on the left); off the strip, `None`.
    pub fn cell(&self, i: usize) -> Option<Cell> {
        if i >= self.len() {
            None
        } else if self.toads >> i & 1 == 1 {
            Some(Cell::Toad)
        } else if self.frogs >> i & 1 == 1 {
            Some(Cell::Frog)
        } else {
            Some(Cell::Empty)
        }
    }

    /// The strip of the cells `cells`, with Toads and Frogs' rules.
    pub(crate) fn of_cells(cells: &Cells) -> Strip {
        Strip {
            len: cells.len,
            toads: cells.toads,
            frogs: cells.frogs,
            ..Strip::empty(1, 1)
        }
    }

    /// The creatures of `side` and of its opponent.
    pub(crate) fn sides(&self, side: Side) -> (u64, u64) {
        match side {
            Side::Left => (self.toads, self.frogs),
            Side::Right => (self.frogs, self.toads),
        }
    }

    /// The strip after the creature of `side` on cell `from` moves to the
    /// empty cell `to` (jumping over nothing it changes).
    pub(crate) fn moved(&self, side: Side, from: usize, to: usize) -> Strip {
        let bits = |set: u64| set & !(1 << from) | 1 << to;
        match side {
            Side::Left => Strip {
                toads: bits(self.toads),
                ..*self
            },
            Side::Right => Strip {
                frogs: bits(self.frogs),
                ..*self
            },
        }
    }

    /// The cells `from..to` as a strip of their own, with the same rules.
    fn slice(&self, from: usize, to: usize) -> Strip {
        let keep = |bits: u64| {
            let shifted = if from >= 64 { 0 } else { bits >> from };
            let width = to - from;
            if width >= 64 {
                shifted
            } else {
                shifted & ((1u64 << width) - 1)
            }
        };
        Strip {
            len: (to - from) as u8,
            toads: keep(self.toads),
            frogs: keep(self.frogs),
            ..*self
        }
    }

    /// The creatures that can never move again (see the module docs): the
    /// largest set each of whose members has every move blocked by the
    /// edge or by members.
    fn stuck(&self) -> u64 {
        // A creature with an empty cell just ahead is never stuck: the first
        // round of the loop below, in two shifts (a strip's creatures all
        // lie below bit `len`, so a toad on the last cell has no cell
        // ahead, and `empty` has none past the edge).
        let occupied = self.toads | self.frogs;
        let empty = crate::board::low_bits(self.len()) & !occupied;
        let mut stuck = occupied & !(self.toads & empty >> 1) & !(self.frogs & empty << 1);
        loop {
            let mut next = stuck;
            let mut rest = stuck;
            while rest != 0 {
                let i = rest.trailing_zeros() as usize;
                rest &= rest - 1;
                let blocked = if self.toads >> i & 1 == 1 {
                    self.blocked(i, stuck, Side::Left)
                } else {
                    self.blocked(i, stuck, Side::Right)
                };
                if !blocked {
                    next &= !(1 << i);
                }
            }
            if next == stuck {
                return stuck;
            }
            stuck = next;
        }
    }

    /// Whether the creature of `side` on cell `i` can never move while the
    /// creatures `stuck` stay where they are.
    fn blocked(&self, i: usize, stuck: u64, side: Side) -> bool {
        let (mine, theirs) = self.sides(side);
        // The k-th cell ahead, if on the strip.
        let ahead = |k: usize| match side {
            Side::Left => Some(i + k).filter(|&c| c < self.len()),
            Side::Right => i.checked_sub(k),
        };
        let Some(next) = ahead(1) else {
            return true;
        };
        if stuck >> next & 1 == 0 {
            return false;
        }
        if mine >> next & 1 == 1 && !self.friendly || self.jump == 0 {
            return true;
        }
        // A run of stuck creatures it may jump (enemies, and with friendly
        // jumps friends too); past it, within the jump, the edge or a stuck
        // creature it may not jump (one it may would lengthen the run).
        let jumpable = if self.friendly { mine | theirs } else { theirs };
        let mut k = 1;
        loop {
            match ahead(k + 1) {
                None => return true,
                Some(c) if stuck >> c & 1 == 1 && jumpable >> c & 1 == 1 => {
                    k += 1;
                    if k > self.jump() {
                        return true;
                    }
                }
                Some(c) => return stuck >> c & 1 == 1,
            }
        }
    }

    /// This strip without its stuck frogs at the left end and stuck toads
    /// at the right end, and with no frog, without the empty cells before
    /// its first toad (with no toad, after its last frog). With friendly
    /// jumps too, a toad's jump over the stuck toads at the right end would
    /// have to pass the stuck frog that follows them (or the edge), which
    /// the last of them cannot: so no creature can.
    fn trimmed(&self) -> Strip {
        let mut from = 0;
        let mut to = self.len();
        while from < to && self.frogs >> from & 1 == 1 {
            from += 1;
        }
        while to > from && self.toads >> (to - 1) & 1 == 1 {
            to -= 1;
        }
        let part = self.slice(from, to);
        if part.frogs == 0 {
            let first = part.toads.trailing_zeros() as usize;
            part.slice(first.min(part.len()), part.len())
        } else if part.toads == 0 {
            let end = 64 - part.frogs.leading_zeros() as usize;
            part.slice(0, end)
        } else {
            part
        }
    }
}

impl ToadsAndFrogs {
    /// Reads a strip of `t` (toads), `f` (frogs) and `.` (empty cells),
    /// whitespace skipped, then optionally `;` and the options `jump=J`,
    /// `slide=K`, `min=A` and `friendly` split by `;` or `,` (see the module
    /// docs).
    ///
    /// # Example
    /// ```
    /// use cgt_rulesets::toads::{Cell, ToadsAndFrogs};
    /// let strip = ToadsAndFrogs::parse("tt.f;jump=2")?;
    /// assert_eq!(strip.cell(2), Some(Cell::Empty));
    /// assert_eq!((strip.jump(), strip.slide()), (2, 1));
    /// assert_eq!(strip.to_string(), "tt.f;jump=2");
    /// let strip = ToadsAndFrogs::parse("t...f;slide=3;min=2;friendly")?;
    /// assert_eq!((strip.min_slide(), strip.friendly()), (2, true));
    /// let error = ToadsAndFrogs::parse("t.x").unwrap_err();
    /// assert_eq!(error.to_string(), "at character 3: expected 't', 'f', '.' or ';', found 'x'");
    /// # Ok::<(), cgt_rulesets::ParseError>(())
    /// ```
    pub fn parse(text: &str) -> Result<Strip, ParseError> {
        read(text, true)
    }
}

/// The cells of a strip as read: how many, and the toads' and frogs' bits.
pub(crate) struct Cells {
    pub(crate) len: u8,
    pub(crate) toads: u64,
    pub(crate) frogs: u64,
    /// Where reading stopped: at `stop`, or the end.
    pub(crate) end: usize,
}

/// Reads cells `t`, `f` and `.` (whitespace skipped, at most
/// [`MAX_STRIP`]) up to `stop` or the end; an error names the character.
pub(crate) fn read_cells(chars: &[char], stop: Option<char>) -> Result<Cells, ParseError> {
    let mut cells = Cells {
        len: 0,
        toads: 0,
        frogs: 0,
        end: chars.len(),
    };
    for (i, &c) in chars.iter().enumerate() {
        if Some(c) == stop {
            cells.end = i;
            break;
        }
        if c.is_whitespace() {
            continue;
        }
        let toad = match c {
            't' => Some(true),
            'f' => Some(false),
            '.' => None,
            _ => {
                let expected = match stop {
                    Some(stop) => format!("'t', 'f', '.' or '{stop}'"),
                    None => "'t', 'f' or '.'".to_string(),
                };
                return Err(ParseError::new(
                    i,
                    format!("expected {expected}, {}", found(Some(c))),
                ));
            }
        };
        if usize::from(cells.len) == MAX_STRIP {
            return Err(ParseError::new(
                i,
                format!("a strip has at most {MAX_STRIP} cells"),
            ));
        }
        match toad {
            Some(true) => cells.toads |= 1 << cells.len,
            Some(false) => cells.frogs |= 1 << cells.len,
            None => {}
        }
        cells.len += 1;
    }
    Ok(cells)
}

/// Reads a strip (see [`ToadsAndFrogs::parse`]); `with_jumps: false`
/// reads Elephants and Rhinos, with `jump=0` and no `jump` option.
pub(crate) fn read(text: &str, with_jumps: bool) -> Result<Strip, ParseError> {
    let chars: Vec<char> = text.chars().collect();
    let cells = read_cells(&chars, Some(';'))?;
    let mut strip = Strip {
        jump: u8::from(with_jumps),
        ..Strip::of_cells(&cells)
    };
    let mut i = cells.end;
    let mut seen: Vec<&str> = Vec::new();
    // Where `min`'s value was written, for an error when it passes `slide`.
    let mut min_at = 0;
    while i < chars.len() {
        // `chars[i]` is `;` or `,`: an option follows.
        i += 1;
        while chars.get(i).is_some_and(|c| c.is_whitespace()) {
            i += 1;
        }
        let start = i;
        while chars.get(i).is_some_and(|c| c.is_ascii_alphabetic()) {
            i += 1;
        }
        let name: String = chars[start..i].iter().collect();
        // Elephants and Rhinos read `jump=0`, as their strips are written.
        let (key, least, most) = match name.as_str() {
            "jump" if with_jumps => ("jump", 0, MAX_STRIP),
            "jump" => ("jump", 0, 0),
            "slide" => ("slide", 1, MAX_STRIP),
            "min" if with_jumps => ("min", 1, MAX_STRIP),
            "friendly" if with_jumps => ("friendly", 0, 0),
            _ => {
                let expected = if with_jumps {
                    "'jump', 'slide', 'min' or 'friendly'"
                } else {
                    "'jump' or 'slide'"
                };
                let what = if name.is_empty() {
                    found(chars.get(i).copied())
                } else {
                    format!("found '{name}'")
                };
                return Err(ParseError::new(
                    start,
                    format!("expected an option {expected}, {what}"),
                ));
            }
        };
        if seen.contains(&key) {
            return Err(ParseError::new(start, format!("'{key}' is given twice")));
        }
        seen.push(key);
        while chars.get(i).is_some_and(|c| c.is_whitespace()) {
            i += 1;
        }
        if key == "friendly" {
            // A flag: no value.
            strip.friendly = true;
            match chars.get(i) {
                None | Some(';' | ',') => continue,
                Some(&c) => {
                    return Err(ParseError::new(
                        i,
                        format!("expected ';' or ',' or the end, {}", found(Some(c))),
                    ));
                }
            }
        }
        if chars.get(i) != Some(&'=') {
            return Err(ParseError::new(
                i,
                format!(
                    "expected '=' after '{key}', {}",
                    found(chars.get(i).copied())
                ),
            ));
        }
        i += 1;
        while chars.get(i).is_some_and(|c| c.is_whitespace()) {
            i += 1;
        }
        let digits = i;
        let mut value: usize = 0;
        while let Some(d) = chars.get(i).and_then(|c| c.to_digit(10)) {
            value = value.saturating_mul(10).saturating_add(d as usize);
            i += 1;
        }
        if i == digits {
            return Err(ParseError::new(
                i,
                format!("expected a number, {}", found(chars.get(i).copied())),
            ));
        }
        if most == 0 && value != 0 {
            return Err(ParseError::new(digits, "no jumps here: 'jump' is 0"));
        }
        if value < least || value > most {
            return Err(ParseError::new(
                digits,
                format!("'{key}' is from {least} to {most}"),
            ));
        }
        match key {
            "jump" => strip.jump = value as u8,
            "min" => {
                strip.min_slide = value as u8;
                min_at = digits;
            }
            _ => strip.slide = value as u8,
        }
        while chars.get(i).is_some_and(|c| c.is_whitespace()) {
            i += 1;
        }
        match chars.get(i) {
            None | Some(';' | ',') => {}
            Some(&c) => {
                return Err(ParseError::new(
                    i,
                    format!("expected ';' or ',' or the end, {}", found(Some(c))),
                ));
            }
        }
    }
    if strip.min_slide > strip.slide {
        return Err(ParseError::new(
            min_at,
            format!("'min' is at most 'slide' ({})", strip.slide),
        ));
    }
    Ok(strip)
}

impl fmt::Display for Strip {
    /// The strip in the form [`ToadsAndFrogs::parse`] reads (options only
    /// where they differ from Toads and Frogs').
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for i in 0..self.len() {
            let c = match self.cell(i) {
                Some(Cell::Toad) => 't',
                Some(Cell::Frog) => 'f',
                _ => '.',
            };
            write!(f, "{c}")?;
        }
        if self.jump != 1 {
            write!(f, ";jump={}", self.jump)?;
        }
        if self.slide != 1 {
            write!(f, ";slide={}", self.slide)?;
        }
        if self.min_slide != 1 {
            write!(f, ";min={}", self.min_slide)?;
        }
        if self.friendly {
            write!(f, ";friendly")?;
        }
        Ok(())
    }
}

impl PartizanGame for ToadsAndFrogs {
    type Position = Strip;

    fn options(&self, strip: &Strip, side: Side, out: &mut Vec<Strip>) {
        let n = strip.len();
        let (mine, theirs) = strip.sides(side);
        let occupied = mine | theirs;
        let mut rest = mine;
        while rest != 0 {
            let i = rest.trailing_zeros() as usize;
            rest &= rest - 1;
            let ahead = |k: usize| match side {
                Side::Left => Some(i + k).filter(|&c| c < n),
                Side::Right => i.checked_sub(k),
            };
            let mut moved = |to: usize| out.push(strip.moved(side, i, to));
            // Slides over empty cells, of at least `min` of them.
            for k in 1..=strip.slide() {
                match ahead(k) {
                    Some(c) if occupied >> c & 1 == 0 => {
                        if k >= strip.min_slide() {
                            moved(c);
                        }
                    }
                    _ => break,
                }
            }
            // A jump over a run of k enemies (or, friendly, creatures)
            // onto the empty cell beyond.
            let jumpable = if strip.friendly { occupied } else { theirs };
            for k in 1..=strip.jump() {
                match ahead(k) {
                    Some(c) if jumpable >> c & 1 == 1 => {}
                    _ => break,
                }
                if let Some(c) = ahead(k + 1)
                    && occupied >> c & 1 == 0
                {
                    moved(c);
                }
            }
        }
    }

    fn components(&self, strip: &Strip, parts: &mut Vec<Strip>) {
        let start = parts.len();
        let stuck = strip.stuck();
        // Cuts between a stuck toad and a stuck frog just right of it.
        let cuts = stuck & strip.toads & (stuck & strip.frogs) >> 1;
        let mut from = 0;
        let mut rest = cuts;
        loop {
            let to = if rest == 0 {
                strip.len()
            } else {
                let c = rest.trailing_zeros() as usize + 1;
                rest &= rest - 1;
                c
            };
            let part = strip.slice(from, to).trimmed();
            if part.toads | part.frogs != 0 {
                parts.push(part);
            }
            if to == strip.len() {
                break;
            }
            from = to;
        }
        if parts.len() == start {
            // No creature can move: the empty strip, 0.
            let empty = Strip::empty(strip.jump, strip.slide);
            if empty != *strip {
                parts.push(empty);
            }
        } else {
            crate::board::drop_if_whole(parts, start, strip);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn strings(strips: &[Strip]) -> Vec<String> {
        strips.iter().map(Strip::to_string).collect()
    }

    fn parts(text: &str) -> Vec<String> {
        let mut out = Vec::new();
        ToadsAndFrogs.components(&ToadsAndFrogs::parse(text).expect("a strip"), &mut out);
        strings(&out)
    }

    #[test]
    fn moves_slide_and_jump() {
        let strip = ToadsAndFrogs::parse("t.tf.f").expect("a strip");
        let mut out = Vec::new();
        ToadsAndFrogs.options(&strip, Side::Left, &mut out);
        assert_eq!(strings(&out), [".ttf.f", "t..ftf"]);
        out.clear();
        ToadsAndFrogs.options(&strip, Side::Right, &mut out);
        assert_eq!(strings(&out), ["tft..f", "t.tff."]);
        let strip = ToadsAndFrogs::parse("t...;slide=2").expect("a strip");
        out.clear();
        ToadsAndFrogs.options(&strip, Side::Left, &mut out);
        assert_eq!(strings(&out), [".t..;slide=2", "..t.;slide=2"]);
        let strip = ToadsAndFrogs::parse("tff.;jump=2").expect("a strip");
        out.clear();
        ToadsAndFrogs.options(&strip, Side::Left, &mut out);
        assert_eq!(strings(&out), [".fft;jump=2"]);
        out.clear();
        ToadsAndFrogs.options(&strip, Side::Right, &mut out);
        assert!(out.is_empty());
    }

    /// [`Strip::stuck`] as its definition reads: from every creature,
    /// rounds that free each one not blocked, until none is.
    fn stuck_by_rounds(strip: &Strip) -> u64 {
        let mut stuck = strip.toads | strip.frogs;
        loop {
            let mut next = stuck;
            for i in 0..strip.len() {
                let side = match strip.cell(i) {
                    Some(Cell::Toad) => Side::Left,
                    Some(Cell::Frog) => Side::Right,
                    _ => continue,
                };
                if stuck >> i & 1 == 1 && !strip.blocked(i, stuck, side) {
                    next &= !(1 << i);
                }
            }
            if next == stuck {
                return stuck;
            }
            stuck = next;
        }
    }

    #[test]
    fn stuck_creatures_are_those_the_rounds_leave() {
        let rules = [
            "",
            ";jump=0",
            ";jump=2",
            ";jump=3;slide=2",
            ";slide=3;min=2",
            ";jump=2;friendly",
        ];
        for rule in rules {
            for len in 0..=7u32 {
                for code in 0..3usize.pow(len) {
                    let cells: String = (0..len)
                        .map(|k| ['.', 't', 'f'][code / 3usize.pow(k) % 3])
                        .collect();
                    let strip = ToadsAndFrogs::parse(&format!("{cells}{rule}")).expect("a strip");
                    assert_eq!(strip.stuck(), stuck_by_rounds(&strip), "{strip}");
                }
            }
        }
    }

    #[test]
    fn stuck_blocks_split_the_strip() {
        assert_eq!(parts("t.ttff.f"), ["t.", ".f"]);
        assert_eq!(parts("t.f"), Vec::<String>::new());
        assert_eq!(parts("ff.t.ft"), [".t.f"]);
        assert_eq!(parts("ttff"), [""]);
        assert_eq!(parts("t.fttfft.f"), ["t.f", "t.f"]);
        // With jumps over two, `tff` can still move when a cell is free.
        assert_eq!(parts("t.ttff.f;jump=2"), Vec::<String>::new());
        assert_eq!(parts("t.tttfff.f;jump=2"), ["t.;jump=2", ".f;jump=2"]);
        // No frog: the empty cells before the first toad go.
        assert_eq!(parts("..t.t.."), ["t.t.."]);
    }

    #[test]
    fn bad_strips_are_rejected_with_the_place() {
        for (text, at, words) in [
            ("t.x", 2, "expected 't', 'f', '.' or ';', found 'x'"),
            (
                "t.f;jmp=2",
                4,
                "expected an option 'jump', 'slide', 'min' or 'friendly', found 'jmp'",
            ),
            ("t.f;jump", 8, "expected '=' after 'jump', found the end"),
            ("t.f;jump=", 9, "expected a number, found the end"),
            ("t.f;slide=0", 10, "'slide' is from 1 to 64"),
            (
                "t.f;jump=99999999999999999999999",
                9,
                "'jump' is from 0 to 64",
            ),
            ("t.f;jump=1;jump=2", 11, "'jump' is given twice"),
            (
                "t.f;jump=1x",
                10,
                "expected ';' or ',' or the end, found 'x'",
            ),
            (&".".repeat(65), 64, "at most 64 cells"),
            ("t..f;slide=2;min=3", 17, "'min' is at most 'slide' (2)"),
            ("t..f;min=0", 9, "'min' is from 1 to 64"),
            (
                "t..f;friendly=1",
                13,
                "expected ';' or ',' or the end, found '='",
            ),
            ("t..f;friendly;friendly", 14, "'friendly' is given twice"),
        ] {
            let error = ToadsAndFrogs::parse(text).expect_err(text);
            assert_eq!(error.position(), at, "{text}: {error}");
            assert!(error.to_string().contains(words), "{text}: {error}");
        }
    }
}
