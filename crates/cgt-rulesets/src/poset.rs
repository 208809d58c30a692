//! Poset games: a finite partially ordered set; a move picks an element and
//! removes it with every element above it; who cannot move (the set is
//! empty) loses. Impartial: values are nimbers. (Soltys and Wilson, *On
//! the complexity of computing winning strategies for finite poset games*,
//! Theory Comput. Syst. 48, 2011; Byrnes, *Poset game periodicity*,
//! Integers 3, 2003.) Nim is the poset game of disjoint chains, and Chomp
//! ([`crate::chomp`]) that of a grid without its least element.
//!
//! A position is the number of elements, then `:` and the order as chains
//! `a<b<c` separated by `,`, the elements numbered from 1: `4:1<2<4,1<3<4`
//! is the diamond; `3` alone is three elements none below another. The
//! order is the transitive closure of the chains; a chain that comes back
//! to an element (`1<2<1`) is refused. At most [`MAX_ELEMENTS`]
//! elements. A poset splits into the parts connected by the order, each a
//! game of its own; what is left after a move is numbered anew in the
//! order of the old numbers, and written by the relations of its Hasse
//! diagram.
//!
//! # Example
//! ```
//! use cgt_core::impartial::GrundyMemo;
//! use cgt_rulesets::poset::Poset;
//!
//! let mut memo = GrundyMemo::new(Poset);
//! let mut grundy = |text: &str| memo.grundy(&Poset::parse(text).expect(text)).value();
//! // A chain of n elements is a Nim heap of n; chains side by side are
//! // Nim.
//! assert_eq!(grundy("5:1<2<3<4<5"), 5);
//! assert_eq!(grundy("5:1<2<3,4<5"), 1);
//! // With a least element the first player takes it and wins.
//! assert_ne!(grundy("4:1<2<4,1<3<4"), 0);
//! assert_eq!(Poset::parse("4:1<2<4,1<3<4")?.to_string(), "4:1<2,1<3,2<4,3<4");
//! # Ok::<(), cgt_rulesets::ParseError>(())
//! ```
//!
//! # Complexity
//! A poset of n elements has n options, each built in O(n²).

use crate::parse::{ParseError, found};
use cgt_core::impartial::ImpartialGame;
use cgt_core::outcome::Side;
use cgt_core::partizan::PartizanGame;
use std::fmt;

/// The most elements a poset may have: one bit each in a `u64`.
pub const MAX_ELEMENTS: usize = 64;

/// The rules of poset games; positions are [`Order`]s.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Poset;

/// A finite partial order on elements `0..n`: for each element, the set of
/// elements at or above it.
#[derive(Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Order {
    up: Vec<u64>,
}

impl Order {
    /// The number of elements.
    pub fn len(&self) -> usize {
        self.up.len()
    }

    /// Whether there is no element: no move is left.
    pub fn is_empty(&self) -> bool {
        self.up.is_empty()
    }

    /// Whether element `a` is at or below element `b` (from 0).
    pub fn at_or_below(&self, a: usize, b: usize) -> bool {
        self.up.get(a).is_some_and(|&up| up >> b & 1 == 1)
    }

    /// The elements `keep`, numbered anew in their order.
    fn induced(&self, keep: u64) -> Order {
        let kept: Vec<usize> = (0..self.len()).filter(|&a| keep >> a & 1 == 1).collect();
        let up = kept
            .iter()
            .map(|&a| {
                kept.iter()
                    .enumerate()
                    .filter(|&(_, &b)| self.up[a] >> b & 1 == 1)
                    .fold(0u64, |m, (j, _)| m | 1 << j)
            })
            .collect();
        Order { up }
    }

    /// The pairs `a < b` with nothing between (the Hasse diagram), by `a`
    /// then `b`.
    fn covers(&self) -> Vec<(usize, usize)> {
        let mut out = Vec::new();
        for a in 0..self.len() {
            let above = self.up[a] & !(1 << a);
            for b in 0..self.len() {
                let between = (0..self.len())
                    .any(|c| c != b && above >> c & 1 == 1 && self.up[c] >> b & 1 == 1);
                if above >> b & 1 == 1 && !between {
                    out.push((a, b));
                }
            }
        }
        out
    }
}

impl fmt::Display for Order {
    /// `n`, then `:` and the Hasse diagram's relations `a<b` (numbered
    /// from 1) if any: as [`Poset::parse`] reads it.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.len())?;
        for (k, (a, b)) in self.covers().into_iter().enumerate() {
            f.write_str(if k == 0 { ":" } else { "," })?;
            write!(f, "{}<{}", a + 1, b + 1)?;
        }
        Ok(())
    }
}

impl Poset {
    /// Reads the number of elements, then `:` and chains `a<b<c`
    /// separated by `,` (whitespace allowed): `4:1<2<4,1<3<4`.
    ///
    /// # Example
    /// ```
    /// use cgt_rulesets::poset::Poset;
    /// let order = Poset::parse("3: 1<3, 2<3")?;
    /// assert!(order.at_or_below(0, 2) && !order.at_or_below(0, 1));
    /// let error = Poset::parse("3:1<2<1").unwrap_err();
    /// assert_eq!(error.to_string(), "at character 7: 1 would be below itself");
    /// assert_eq!(Poset::parse("3:1<4").unwrap_err().position(), 4);
    /// # Ok::<(), cgt_rulesets::ParseError>(())
    /// ```
    pub fn parse(text: &str) -> Result<Order, ParseError> {
        let chars: Vec<char> = text.chars().collect();
        let mut i = 0;
        let skip = |i: &mut usize| {
            while chars.get(*i).is_some_and(|c| c.is_whitespace()) {
                *i += 1;
            }
        };
        skip(&mut i);
        let n = number(&chars, &mut i, "a number of elements", MAX_ELEMENTS)?;
        let mut up: Vec<u64> = (0..n).map(|a| 1u64 << a).collect();
        skip(&mut i);
        match chars.get(i) {
            None => return Ok(Order { up }),
            Some(':') => i += 1,
            Some(&c) => {
                return Err(ParseError::new(
                    i,
                    format!("expected ':' or the end, {}", found(Some(c))),
                ));
            }
        }
        loop {
            skip(&mut i);
            let mut below = element(&chars, &mut i, n)?;
            skip(&mut i);
            if chars.get(i) != Some(&'<') {
                return Err(ParseError::new(
                    i,
                    format!("expected '<', {}", found(chars.get(i).copied())),
                ));
            }
            while chars.get(i) == Some(&'<') {
                i += 1;
                skip(&mut i);
                let at = i;
                let above = element(&chars, &mut i, n)?;
                if up[above] >> below & 1 == 1 {
                    return Err(ParseError::new(
                        at,
                        format!("{} would be below itself", above + 1),
                    ));
                }
                // Everything at or below `below` is now below all at or
                // above `above`.
                let raised = up[above];
                for set in up.iter_mut().filter(|set| **set >> below & 1 == 1) {
                    *set |= raised;
                }
                below = above;
                skip(&mut i);
            }
            match chars.get(i) {
                None => return Ok(Order { up }),
                Some(',') => i += 1,
                Some(&c) => {
                    return Err(ParseError::new(
                        i,
                        format!("expected '<', ',' or the end, {}", found(Some(c))),
                    ));
                }
            }
        }
    }
}

/// Reads a number at most `most` at `i`.
fn number(chars: &[char], i: &mut usize, what: &str, most: usize) -> Result<usize, ParseError> {
    let start = *i;
    let mut n: usize = 0;
    while let Some(d) = chars.get(*i).and_then(|c| c.to_digit(10)) {
        n = n.saturating_mul(10).saturating_add(d as usize);
        *i += 1;
    }
    if *i == start {
        return Err(ParseError::new(
            start,
            format!("expected {what}, {}", found(chars.get(start).copied())),
        ));
    }
    if n > most {
        return Err(ParseError::new(
            start,
            format!("expected {what} at most {most}"),
        ));
    }
    Ok(n)
}

/// Reads an element `1..=n` at `i`, as its index from 0.
fn element(chars: &[char], i: &mut usize, n: usize) -> Result<usize, ParseError> {
    let start = *i;
    let e = number(chars, i, "an element", usize::MAX)?;
    if e == 0 || e > n {
        return Err(ParseError::new(
            start,
            format!("expected an element from 1 to {n}, found {e}"),
        ));
    }
    Ok(e - 1)
}

impl ImpartialGame for Poset {
    type Position = Order;

    /// Remove each element with every element above it.
    fn options(&self, order: &Order, out: &mut Vec<Order>) {
        let all = if order.len() == 64 {
            u64::MAX
        } else {
            (1u64 << order.len()) - 1
        };
        for a in 0..order.len() {
            out.push(order.induced(all & !order.up[a]));
        }
    }

    /// The parts connected by the order (none if it is one).
    fn components(&self, order: &Order, parts: &mut Vec<Order>) {
        let n = order.len();
        // Comparable pairs, both ways.
        let near: Vec<u64> = (0..n)
            .map(|a| {
                (0..n)
                    .filter(|&b| order.at_or_below(b, a))
                    .fold(order.up[a], |m, b| m | 1 << b)
            })
            .collect();
        let mut seen = 0u64;
        let start = parts.len();
        for a in 0..n {
            if seen >> a & 1 == 1 {
                continue;
            }
            let mut part = 1u64 << a;
            let mut frontier = part;
            while frontier != 0 {
                let b = frontier.trailing_zeros() as usize;
                frontier &= frontier - 1;
                let new = near[b] & !part;
                part |= new;
                frontier |= new;
            }
            seen |= part;
            parts.push(order.induced(part));
        }
        if parts.len() - start == 1 {
            parts.truncate(start);
        }
    }
}

impl PartizanGame for Poset {
    type Position = Order;

    /// Both players have the moves of the [`ImpartialGame`].
    fn options(&self, order: &Order, _: Side, out: &mut Vec<Order>) {
        ImpartialGame::options(self, order, out);
    }

    fn components(&self, order: &Order, parts: &mut Vec<Order>) {
        ImpartialGame::components(self, order, parts);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_move_removes_an_element_and_all_above() {
        let mut out = Vec::new();
        let diamond = Poset::parse("4:1<2<4,1<3<4").expect("a poset");
        ImpartialGame::options(&Poset, &diamond, &mut out);
        let out: Vec<String> = out.iter().map(ToString::to_string).collect();
        assert_eq!(out, ["0", "2:1<2", "2:1<2", "3:1<2,1<3"]);
    }

    #[test]
    fn parts_are_connected_by_the_order() {
        let mut parts = Vec::new();
        let order = Poset::parse("5:1<3,4<2").expect("a poset");
        ImpartialGame::components(&Poset, &order, &mut parts);
        let parts: Vec<String> = parts.iter().map(ToString::to_string).collect();
        assert_eq!(parts, ["2:1<2", "2:2<1", "1"]);
    }

    #[test]
    fn posets_are_written_as_they_read() {
        for text in ["0", "3", "3:1<2", "4:1<2,1<3,2<4,3<4"] {
            assert_eq!(Poset::parse(text).expect(text).to_string(), text);
        }
        for (text, at) in [
            ("", 0),
            ("65", 0),
            ("2:", 2),
            ("2:1", 3),
            ("2:1<0", 4),
            ("2;1", 1),
        ] {
            assert_eq!(
                Poset::parse(text).map_err(|e| e.position()),
                Err(at),
                "{text}"
            );
        }
    }
}
