//! Coordinate games: a token on a pair of numbers `(a,b)` moved by steps
//! the position itself lists; impartial. CGSuite's
//! `game.heap.CoordinateRuleset` is the same kind of game: its position is
//! a coordinate pair, its moves any function of the pair, which CGSuite's
//! user writes in CGScript (`CoordinateRuleset((a, b) -> ...)`); here the
//! moves are written in the position as a list of steps, which covers the
//! chess pieces moving towards a corner (*Winning Ways*, ch. 12: rooks,
//! queens, kings and knights), Wythoff's game (a queen) and two-heap
//! subtraction games.
//!
//! A position is one or more pairs, then `;`, then the steps, split by
//! `,`, whitespace anywhere:
//! `(5,7);(-1,0)*,(0,-1)*,(-1,-1)*` is Wythoff's game from heaps 5 and 7.
//! - a pair `(a,b)` is a token at row a and column b, each from 0 to
//!   [`MAX_COORDINATE`]; several pairs (`(5,7),(2,3)`) are a sum of tokens,
//!   each moved alone;
//! - a step `(dr,dc)` moves a token by dr rows and dc columns; `(dr,dc)*`
//!   by any positive multiple of it (a rider: a rook's, a queen's move);
//!   the token must stay on the quarter plane (both numbers at least 0).
//!   Each step must bring the token nearer the corner, `dr + dc < 0`, so
//!   that play ends; at most [`MAX_STEPS`] steps, each number at most
//!   [`MAX_COORDINATE`] in size.
//!
//! The tokens are independent games, valued by the Grundy search as the
//! nim-sum of their values.
//!
//! # Example
//! Wythoff's game (CGSuite's `game.heap.Wythoff`): its zeros are the pairs
//! of the golden ratio's Beatty sequences, (1,2), (3,5), (4,7), (6,10).
//! ```
//! use cgt_core::impartial::GrundyMemo;
//! use cgt_rulesets::coordinate::Coordinate;
//!
//! let mut memo = GrundyMemo::new(Coordinate);
//! let mut grundy = |text: &str| memo.grundy(&Coordinate::parse(text).unwrap()).value();
//! let queen = "(-1,0)*,(0,-1)*,(-1,-1)*";
//! for pair in ["(0,0)", "(1,2)", "(3,5)", "(4,7)", "(6,10)", "(10,6)"] {
//!     assert_eq!(grundy(&format!("{pair};{queen}")), 0);
//! }
//! assert_eq!(grundy(&format!("(2,2);{queen}")), 1);
//! // A rook is two-heap Nim: 5 xor 3 = 6.
//! assert_eq!(grundy("(5,3);(-1,0)*,(0,-1)*"), 6);
//! ```

use crate::parse::{ParseError, Reader, found};
use cgt_core::impartial::ImpartialGame;
use std::fmt;
use std::sync::Arc;

/// The largest number a pair or a step may hold.
pub const MAX_COORDINATE: u32 = 10_000;

/// The most steps a position may list.
pub const MAX_STEPS: usize = 64;

/// The most pairs (tokens) a position may have.
pub const MAX_TOKENS: usize = 64;

/// The rules of coordinate games; the moves are in each [`Tokens`].
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Coordinate;

/// A step of a token: rows and columns, and whether any positive multiple
/// of it is a move too.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Step {
    rows: i32,
    cols: i32,
    rider: bool,
}

/// A position: the tokens' pairs, sorted, and the steps they move by.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Tokens {
    pairs: Vec<(u32, u32)>,
    steps: Arc<[Step]>,
}

impl Tokens {
    /// The tokens' pairs `(row, column)`, sorted.
    pub fn pairs(&self) -> &[(u32, u32)] {
        &self.pairs
    }

    fn with(&self, pairs: Vec<(u32, u32)>) -> Tokens {
        let mut pairs = pairs;
        pairs.sort_unstable();
        Tokens {
            pairs,
            steps: Arc::clone(&self.steps),
        }
    }
}

impl fmt::Display for Tokens {
    /// `(5,7);(-1,0)*,(0,-1)*`, as [`Coordinate::parse`] reads it.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (i, (r, c)) in self.pairs.iter().enumerate() {
            let sep = if i > 0 { "," } else { "" };
            write!(f, "{sep}({r},{c})")?;
        }
        f.write_str(";")?;
        for (i, s) in self.steps.iter().enumerate() {
            let sep = if i > 0 { "," } else { "" };
            let star = if s.rider { "*" } else { "" };
            write!(f, "{sep}({},{}){star}", s.rows, s.cols)?;
        }
        Ok(())
    }
}

impl Reader {
    /// A number from `-MAX_COORDINATE` (if `signed`) to `MAX_COORDINATE`.
    fn coordinate(&mut self, signed: bool) -> Result<i32, ParseError> {
        let start = self.at;
        let negative = signed && self.peek() == Some('-');
        if negative {
            self.at += 1;
        }
        let digits = self.at;
        let mut value: u32 = 0;
        while let Some(d) = self.chars.get(self.at).and_then(|c| c.to_digit(10)) {
            value = value.saturating_mul(10).saturating_add(d);
            self.at += 1;
        }
        if self.at == digits {
            let what = if signed {
                "a whole number"
            } else {
                "a number from 0"
            };
            return Err(ParseError::new(
                self.at,
                format!(
                    "expected {what}, {}",
                    found(self.chars.get(self.at).copied())
                ),
            ));
        }
        if value > MAX_COORDINATE {
            return Err(ParseError::new(
                start,
                format!("a number is at most {MAX_COORDINATE} in size"),
            ));
        }
        let value = value as i32;
        Ok(if negative { -value } else { value })
    }

    /// `(x,y)`: two numbers and where the `(` is.
    fn pair(&mut self, signed: bool) -> Result<(i32, i32, usize), ParseError> {
        self.peek();
        let open = self.at;
        self.expect('(', "'('")?;
        self.peek();
        let x = self.coordinate(signed)?;
        self.expect(',', "','")?;
        self.peek();
        let y = self.coordinate(signed)?;
        self.expect(')', "')'")?;
        Ok((x, y, open))
    }
}

impl Coordinate {
    /// Reads a position: pairs `(a,b)` split by `,`, `;`, steps `(dr,dc)`
    /// or `(dr,dc)*` split by `,` (see the module docs).
    ///
    /// # Example
    /// ```
    /// use cgt_rulesets::coordinate::Coordinate;
    /// let kings = Coordinate::parse(" (3,4) ,(1,1); (-1,0),(0,-1),(-1,-1)")?;
    /// assert_eq!(kings.to_string(), "(1,1),(3,4);(-1,0),(0,-1),(-1,-1)");
    /// let error = Coordinate::parse("(3,4);(1,0)").unwrap_err();
    /// assert_eq!(
    ///     error.to_string(),
    ///     "at character 7: a step must bring the token nearer the corner (rows + columns below 0)"
    /// );
    /// # Ok::<(), cgt_rulesets::ParseError>(())
    /// ```
    pub fn parse(text: &str) -> Result<Tokens, ParseError> {
        let mut reader = Reader::new(text);
        let mut pairs = Vec::new();
        loop {
            let (r, c, open) = reader.pair(false)?;
            if pairs.len() == MAX_TOKENS {
                return Err(ParseError::new(
                    open,
                    format!("at most {MAX_TOKENS} tokens"),
                ));
            }
            pairs.push((r as u32, c as u32));
            if reader.peek() == Some(',') {
                reader.at += 1;
            } else {
                break;
            }
        }
        reader.expect(';', "',' and a pair, or ';' and the steps")?;
        let mut steps = Vec::new();
        loop {
            let (rows, cols, open) = reader.pair(true)?;
            if rows + cols >= 0 {
                return Err(ParseError::new(
                    open,
                    "a step must bring the token nearer the corner (rows + columns below 0)",
                ));
            }
            if steps.len() == MAX_STEPS {
                return Err(ParseError::new(open, format!("at most {MAX_STEPS} steps")));
            }
            let rider = reader.peek() == Some('*');
            if rider {
                reader.at += 1;
            }
            steps.push(Step { rows, cols, rider });
            if reader.peek() == Some(',') {
                reader.at += 1;
            } else {
                break;
            }
        }
        if let Some(c) = reader.peek() {
            return Err(ParseError::new(
                reader.at,
                format!("expected ',' and a step, or the end, {}", found(Some(c))),
            ));
        }
        pairs.sort_unstable();
        Ok(Tokens {
            pairs,
            steps: steps.into(),
        })
    }

    /// The pairs one token at `(r, c)` moves to, pushed onto `out`.
    fn moves_from((r, c): (u32, u32), steps: &[Step], out: &mut Vec<(u32, u32)>) {
        for step in steps {
            let (mut r2, mut c2) = (i64::from(r), i64::from(c));
            loop {
                r2 += i64::from(step.rows);
                c2 += i64::from(step.cols);
                // Both numbers at least 0, and their sum falls each time,
                // so the loop ends; a number never grows past r + c.
                if r2 < 0 || c2 < 0 {
                    break;
                }
                out.push((r2 as u32, c2 as u32));
                if !step.rider {
                    break;
                }
            }
        }
    }
}

impl ImpartialGame for Coordinate {
    type Position = Tokens;

    fn options(&self, position: &Tokens, out: &mut Vec<Tokens>) {
        let mut to = Vec::new();
        for (i, &pair) in position.pairs.iter().enumerate() {
            to.clear();
            Coordinate::moves_from(pair, &position.steps, &mut to);
            for &moved in &to {
                let mut pairs = position.pairs.clone();
                pairs[i] = moved;
                out.push(position.with(pairs));
            }
        }
    }

    fn components(&self, position: &Tokens, parts: &mut Vec<Tokens>) {
        if position.pairs.len() > 1 {
            parts.extend(position.pairs.iter().map(|&p| position.with(vec![p])));
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_rider_moves_any_multiple_and_a_step_once() {
        let tokens = Coordinate::parse("(2,3);(-1,0)*,(-2,1)").expect("reads");
        let mut out = Vec::new();
        Coordinate.options(&tokens, &mut out);
        let texts: Vec<String> = out.iter().map(|t| t.to_string()).collect();
        assert_eq!(
            texts,
            [
                "(1,3);(-1,0)*,(-2,1)",
                "(0,3);(-1,0)*,(-2,1)",
                "(0,4);(-1,0)*,(-2,1)"
            ]
        );
    }

    #[test]
    fn bad_positions_are_rejected_with_the_place() {
        for (text, at) in [
            ("", 0),
            ("(1,2)", 5),
            ("(1,2);", 6),
            ("(-1,2);(-1,0)", 1),
            ("(1,2);(-1,0)x", 12),
            ("(10001,2);(-1,0)", 1),
            ("(1,2);(0,0)", 6),
            ("(1,2);(-1,0)**", 13),
        ] {
            let error = Coordinate::parse(text).expect_err(text);
            assert_eq!(error.position(), at, "{text}: {error}");
        }
    }
}
