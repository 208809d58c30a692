//! Cakes: the positions of Cutcake, Eatcake and Maundy Cake
//! ([`crate::cutcake`], [`crate::eatcake`], [`crate::maundy_cake`]), in
//! CGSuite's coordinates (`game.heap.GenCutcake`).
//!
//! A cake `(m, n)` has `m` rows and `n` columns. Left plays on the columns
//! and Right on the rows, each by a heap rule: Left replaces `(m, n)` by
//! the sum of the cakes `(m, b)` for the heaps `b` her rule makes of the
//! heap `n`, Right by the cakes `(a, n)` for the heaps `a` his rule makes
//! of `m`. So in Cutcake Left cuts along a column line (the vertical cut of
//! *Winning Ways*) and `(1, n)`, a row of `n` cells, is `n - 1`. This is
//! what CGSuite computes (its test table has Cutcake `(8, 1) = -7`); the
//! prose of CGSuite's documentation names the coordinates the other way
//! round.
//!
//! A position is a sum of cakes, read as `m,n` (one cake; whitespace
//! allowed), `m,n + m,n` (a sum), `k*(m,n)` (k copies) or `0` (none), as
//! positions are written. A side of 0 is read as CGSuite reads it: the heap rules still
//! apply to the other side, so Cutcake `(8, 0)` is `-7`; no move makes one.
//!
//! The sum is kept as a sorted list of distinct cakes with their number of
//! copies; it splits into its cakes ([`PartizanGame::components`]), and `k`
//! copies of one cake into `k / 2` and `k - k / 2` copies, so a Maundy
//! Cake move to many equal pieces costs a few sums. A cake on which neither
//! player can move (`(1, 1)` in Cutcake) is 0 and is left out.
//!
//! [`PartizanGame::components`]: cgt_core::partizan::PartizanGame::components

use crate::parse::{ParseError, found};
use cgt_core::outcome::Side;
use std::fmt;

/// A sum of cakes: `(rows, columns, copies)`, sorted, each cake once,
/// every count at least 1.
#[derive(Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Cakes(Vec<(u32, u32, u32)>);

impl Cakes {
    /// The single cake `(rows, cols)`.
    #[cfg(test)]
    pub(crate) fn cake(rows: u32, cols: u32) -> Cakes {
        Cakes(vec![(rows, cols, 1)])
    }

    /// The cakes with their copies: `(rows, columns, copies)`, sorted.
    pub fn pieces(&self) -> &[(u32, u32, u32)] {
        &self.0
    }

    /// This sum and `copies` copies of the cake `(m, n)`.
    fn with(&self, (m, n, copies): (u32, u32, u32)) -> Cakes {
        let mut pieces = self.0.clone();
        pieces.push((m, n, copies));
        Cakes(pieces).replaced(usize::MAX, &[])
    }

    /// This sum with one copy of piece `i` (if any) replaced by `add`
    /// (cakes with copies), in the sorted form.
    fn replaced(&self, i: usize, add: &[(u32, u32, u32)]) -> Cakes {
        let mut pieces = self.0.clone();
        if let Some(piece) = pieces.get_mut(i) {
            piece.2 -= 1;
        }
        pieces.extend_from_slice(add);
        pieces.sort_unstable();
        let mut merged: Vec<(u32, u32, u32)> = Vec::with_capacity(pieces.len());
        for p in pieces {
            if p.2 == 0 {
                continue;
            }
            match merged.last_mut() {
                Some(last) if (last.0, last.1) == (p.0, p.1) => last.2 += p.2,
                _ => merged.push(p),
            }
        }
        Cakes(merged)
    }
}

impl fmt::Display for Cakes {
    /// The cakes as `m,n`, a sum as `m,n + m,n`, copies as `k*(m,n)`, no
    /// cake as `0`: as the reader reads them.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.0.is_empty() {
            return f.write_str("0");
        }
        for (k, &(m, n, copies)) in self.0.iter().enumerate() {
            if k > 0 {
                f.write_str(" + ")?;
            }
            if copies == 1 {
                write!(f, "{m},{n}")?;
            } else {
                write!(f, "{copies}*({m},{n})")?;
            }
        }
        Ok(())
    }
}

/// A heap rule: pushes each move from a heap as the heaps it leaves, with
/// their numbers (`(heap, copies)`; an empty list leaves nothing). It has
/// a move from every heap at least as large as the smallest heap (of 0, 1
/// and 2) with a move.
pub(crate) type HeapRule = fn(u32, &mut Vec<Vec<(u32, u32)>>);

/// Every option of `side` in `cakes` under `rule`.
pub(crate) fn options(rule: HeapRule, cakes: &Cakes, side: Side, out: &mut Vec<Cakes>) {
    moves(rule, cakes, side, false, out);
}

/// Every option of `side` in `cakes` under `rule` in the twisted form
/// (CGSuite's `GenCutcake(…, twisted => true)`): the cake moved in is
/// turned, `(m, n)` to `(n, m)`, before the move.
pub(crate) fn twisted_options(rule: HeapRule, cakes: &Cakes, side: Side, out: &mut Vec<Cakes>) {
    moves(rule, cakes, side, true, out);
}

fn moves(rule: HeapRule, cakes: &Cakes, side: Side, twisted: bool, out: &mut Vec<Cakes>) {
    let mut moves = Vec::new();
    for (i, &(rows, cols, _)) in cakes.0.iter().enumerate() {
        let (m, n) = if twisted { (cols, rows) } else { (rows, cols) };
        moves.clear();
        match side {
            Side::Left => rule(n, &mut moves),
            Side::Right => rule(m, &mut moves),
        }
        for heaps in &moves {
            let add: Vec<(u32, u32, u32)> = heaps
                .iter()
                .map(|&(h, k)| match side {
                    Side::Left => (m, h, k),
                    Side::Right => (h, n, k),
                })
                .collect();
            out.push(cakes.replaced(i, &add));
        }
    }
}

/// The parts of `cakes` (see the module docs): each cake with its copies,
/// copies halved, cakes with no move for either player left out.
pub(crate) fn components(rule: HeapRule, cakes: &Cakes, parts: &mut Vec<Cakes>) {
    let start = parts.len();
    // Each of the heap rules here has a move from every heap at least as
    // large as the smallest one with a move (2 to cut or divide, 1 to eat).
    let mut moves = Vec::new();
    let least = (0..=2)
        .find(|&h| {
            moves.clear();
            rule(h, &mut moves);
            !moves.is_empty()
        })
        .unwrap_or(u32::MAX);
    let live: Vec<(u32, u32, u32)> = cakes
        .0
        .iter()
        .copied()
        .filter(|&(m, n, _)| m.max(n) >= least)
        .collect();
    match live.as_slice() {
        [] => parts.push(Cakes(Vec::new())),
        &[(m, n, copies)] if copies > 1 => {
            parts.push(Cakes(vec![(m, n, copies / 2)]));
            parts.push(Cakes(vec![(m, n, copies - copies / 2)]));
        }
        [_] => parts.push(Cakes(live)),
        _ => parts.extend(live.iter().map(|&p| Cakes(vec![p]))),
    }
    crate::board::drop_if_whole(parts, start, cakes);
}

/// Reads one cake `m,n` with sides at most `most`.
pub(crate) fn parse(text: &str, most: u32) -> Result<Cakes, ParseError> {
    let chars: Vec<char> = text.chars().collect();
    let mut i = 0;
    let side = |i: &mut usize, what: &str| -> Result<u32, ParseError> {
        while chars.get(*i).is_some_and(|c| c.is_whitespace()) {
            *i += 1;
        }
        let start = *i;
        let mut value: u64 = 0;
        while let Some(d) = chars.get(*i).and_then(|c| c.to_digit(10)) {
            value = value.saturating_mul(10).saturating_add(u64::from(d));
            *i += 1;
        }
        if *i == start {
            return Err(ParseError::new(
                start,
                format!("expected {what}, {}", found(chars.get(start).copied())),
            ));
        }
        if value > u64::from(most) {
            return Err(ParseError::new(start, format!("{what} is at most {most}")));
        }
        while chars.get(*i).is_some_and(|c| c.is_whitespace()) {
            *i += 1;
        }
        Ok(value as u32)
    };
    let expect = |i: usize, what: &str| {
        ParseError::new(
            i,
            format!("expected {what}, {}", found(chars.get(i).copied())),
        )
    };
    // The sum as written back: `0`, alone, is no cake.
    if text.trim() == "0" {
        return Ok(Cakes(Vec::new()));
    }
    let mut pieces = Vec::new();
    loop {
        // `m,n`, or `k*(m,n)`: k copies.
        let first = side(&mut i, "the number of rows")?;
        let starred = chars.get(i) == Some(&'*');
        let (copies, m) = if starred {
            i += 1;
            while chars.get(i).is_some_and(|c| c.is_whitespace()) {
                i += 1;
            }
            if chars.get(i) != Some(&'(') {
                return Err(expect(i, "'('"));
            }
            i += 1;
            (first, side(&mut i, "the number of rows")?)
        } else {
            (1, first)
        };
        if chars.get(i) != Some(&',') {
            return Err(expect(i, "','"));
        }
        i += 1;
        let n = side(&mut i, "the number of columns")?;
        if starred {
            if chars.get(i) != Some(&')') {
                return Err(expect(i, "')'"));
            }
            i += 1;
            while chars.get(i).is_some_and(|c| c.is_whitespace()) {
                i += 1;
            }
        }
        pieces.push((m, n, copies));
        match chars.get(i) {
            None => break,
            Some('+') => i += 1,
            Some(_) => return Err(expect(i, "the end")),
        }
    }
    let mut cakes = Cakes(Vec::new());
    for piece in pieces {
        cakes = cakes.with(piece);
    }
    Ok(cakes)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn halves(h: u32, out: &mut Vec<Vec<(u32, u32)>>) {
        if h % 2 == 0 && h > 0 {
            out.push(vec![(h / 2, 2)]);
        }
    }

    #[test]
    fn moves_replace_one_copy() {
        let cakes = Cakes(vec![(2, 4, 3)]);
        let mut out = Vec::new();
        options(halves, &cakes, Side::Left, &mut out);
        assert_eq!(out, [Cakes(vec![(2, 2, 2), (2, 4, 2)])]);
        out.clear();
        options(halves, &cakes, Side::Right, &mut out);
        assert_eq!(out, [Cakes(vec![(1, 4, 2), (2, 4, 2)])]);
        assert_eq!(out[0].to_string(), "2*(1,4) + 2*(2,4)");
    }

    /// A heap of 2 or more loses one token, kept as a heap of its own.
    fn peel(h: u32, out: &mut Vec<Vec<(u32, u32)>>) {
        if h >= 2 {
            out.push(vec![(1, 1), (h - 1, 1)]);
        }
    }

    #[test]
    fn copies_are_halved_and_dead_cakes_dropped() {
        let mut parts = Vec::new();
        components(peel, &Cakes(vec![(1, 1, 4), (2, 3, 5)]), &mut parts);
        assert_eq!(parts, [Cakes(vec![(2, 3, 2)]), Cakes(vec![(2, 3, 3)])]);
        parts.clear();
        components(peel, &Cakes(vec![(1, 1, 1), (1, 2, 1)]), &mut parts);
        assert_eq!(parts, [Cakes(vec![(1, 2, 1)])]);
        parts.clear();
        components(peel, &Cakes(vec![(0, 1, 3), (1, 1, 1)]), &mut parts);
        assert_eq!(parts, [Cakes(vec![])]);
        parts.clear();
        components(peel, &Cakes(vec![(2, 3, 1)]), &mut parts);
        assert!(parts.is_empty());
    }

    #[test]
    fn bad_cakes_are_rejected_with_the_place() {
        for (text, at, words) in [
            ("", 0, "expected the number of rows, found the end"),
            ("4", 1, "expected ',', found the end"),
            ("4;5", 1, "expected ',', found ';'"),
            ("4, x", 3, "expected the number of columns, found 'x'"),
            ("4,5)", 3, "expected the end, found ')'"),
            ("4,5 6", 4, "expected the end, found '6'"),
            ("4,5 +", 5, "expected the number of rows, found the end"),
            ("2*(4,5", 6, "expected ')', found the end"),
            ("2*4,5", 2, "expected '(', found '4'"),
            ("4,101", 2, "the number of columns is at most 100"),
            (
                "99999999999999999999999,1",
                0,
                "the number of rows is at most 100",
            ),
        ] {
            let error = parse(text, 100).expect_err(text);
            assert_eq!(error.position(), at, "{text}: {error}");
            assert!(error.to_string().contains(words), "{text}: {error}");
        }
        assert_eq!(parse(" 4 , 5 ", 100), Ok(Cakes::cake(4, 5)));
    }

    #[test]
    fn sums_of_cakes_are_written_as_they_read() {
        for text in ["0", "4,5", "1,2 + 4,5", "3*(2,2)", "1,1 + 2*(3,4) + 5,6"] {
            let cakes = parse(text, 100).expect(text);
            assert_eq!(cakes.to_string(), text);
            assert_eq!(parse(&cakes.to_string(), 100), Ok(cakes));
        }
        // Written in any order, with repeats: the same sum.
        assert_eq!(parse("4,5 + 1,2 + 4,5", 100), parse("1,2 + 2*(4,5)", 100));
    }
}
