//! Wind-up: a subtraction game played modulo n. A counter stands at one of
//! `0..n`; a move subtracts a number of the subtraction set, modulo n;
//! the counter at 0 has no move, so whoever brings it there wins.
//! Impartial, and loopy: subtracting can wind the counter round and round.
//! (Proposed by Alfie Davies at Games-at-Dal 2023; cgt-tools' `WindUp`,
//! "Subtraction game played modulo some number n", whose game graph is
//! these positions, 0 the one without a move.)
//!
//! A position is the counter, then `;n=` the modulus and `;take=` the
//! subtraction set: `5;n=12;take=1,3`. At most [`MAX_MODULUS`] positions
//! and [`MAX_TAKE`] numbers to subtract, each from 1 to the modulus (n
//! itself leaves the counter where it is: a pass).
//! [`WindUp::game_graph`] builds the graph of the positions reachable, for
//! `cgt-core`'s [`loopy_partizan`](cgt_core::loopy_partizan): both players
//! have the same moves, so a position is a win for the player to move, a
//! loss, or a draw. Its value is a loopy value; where cgt-tools' graph
//! orbiting finds a finite nimber (Smith's generalised Sprague–Grundy
//! value), the tests check on its example that this value is that nimber.
//!
//! # Example
//! cgt-tools' test: every position of Wind-up with n = 40 and the set
//! {6, 7} has the value of the subtraction game's pattern wound round.
//! ```
//! use cgt_core::canonical::GameStore;
//! use cgt_core::loopy_partizan::StopperStore;
//! use cgt_rulesets::wind_up::WindUp;
//!
//! let game = WindUp::game_graph(&WindUp::parse("20;n=40;take=6,7")?).expect("small");
//! let mut stoppers = StopperStore::new();
//! let mut store = GameStore::new();
//! let value = stoppers.value(game.graph(), 0).expect("a nimber");
//! assert_eq!(stoppers.display_value(value, &mut store), "*2");
//! # Ok::<(), cgt_rulesets::ParseError>(())
//! ```

use crate::loopy::{MAX_POSITIONS, PositionGraph, explore};
use crate::parse::{ParseError, found};
use crate::quicksort::read_list;
use cgt_core::loopy_partizan::LoopyError;
use cgt_core::outcome::Side;
use std::fmt;

/// The largest modulus: the most positions a game graph may have.
pub const MAX_MODULUS: u32 = MAX_POSITIONS as u32;

/// The most numbers a subtraction set may have.
pub const MAX_TAKE: usize = 64;

/// The rules of Wind-up; positions are [`Counter`]s.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct WindUp;

/// A position of Wind-up: the counter, the modulus and the subtraction
/// set (sorted, each number once).
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Counter {
    at: u32,
    modulus: u32,
    take: Vec<u32>,
}

impl Counter {
    /// Where the counter stands, from 0 to the modulus less one.
    pub fn at(&self) -> u32 {
        self.at
    }

    /// The modulus n.
    pub fn modulus(&self) -> u32 {
        self.modulus
    }

    /// The subtraction set, sorted.
    pub fn take(&self) -> &[u32] {
        &self.take
    }

    /// Where a move from `at` may take the counter: none from 0.
    fn targets(&self, at: u32) -> impl Iterator<Item = u32> + '_ {
        let n = u64::from(self.modulus);
        self.take
            .iter()
            .filter(move |_| at != 0)
            .map(move |&s| ((u64::from(at) + n - u64::from(s) % n) % n) as u32)
    }
}

impl fmt::Display for Counter {
    /// `5;n=12;take=1,3`: as [`WindUp::parse`] reads it.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{};n={};take=", self.at, self.modulus)?;
        for (k, s) in self.take.iter().enumerate() {
            if k > 0 {
                f.write_str(",")?;
            }
            write!(f, "{s}")?;
        }
        Ok(())
    }
}

impl WindUp {
    /// Reads the counter, `;n=` the modulus and `;take=` the numbers to
    /// subtract (whitespace allowed): `5;n=12;take=1,3`.
    ///
    /// # Example
    /// ```
    /// use cgt_rulesets::wind_up::WindUp;
    /// let counter = WindUp::parse("5; n=12; take=3,1,3")?;
    /// assert_eq!((counter.at(), counter.modulus(), counter.take()), (5, 12, &[1, 3][..]));
    /// assert_eq!(counter.to_string(), "5;n=12;take=1,3");
    /// let error = WindUp::parse("12;n=12;take=1").unwrap_err();
    /// assert_eq!(error.to_string(), "at character 1: expected a counter below the modulus 12");
    /// # Ok::<(), cgt_rulesets::ParseError>(())
    /// ```
    pub fn parse(text: &str) -> Result<Counter, ParseError> {
        let parts: Vec<&str> = text.split(';').collect();
        // Where each part starts, in characters.
        let mut starts = Vec::with_capacity(parts.len());
        let mut at = 0;
        for part in &parts {
            starts.push(at);
            at += part.chars().count() + 1;
        }
        // The counter's part starts the text: its positions need no shift.
        let counter = read_list(parts[0], "a counter", 1, u64::from(MAX_MODULUS))?[0];
        let mut modulus = None;
        let mut take = None;
        for (k, part) in parts.iter().enumerate().skip(1) {
            let lead = part.len() - part.trim_start().len();
            let key_at = starts[k] + part[..lead].chars().count();
            let (key, value) = part.trim_start().split_once('=').ok_or_else(|| {
                ParseError::new(
                    key_at,
                    format!(
                        "expected 'n=' or 'take=', {}",
                        found(part.trim_start().chars().next())
                    ),
                )
            })?;
            let value_at = key.chars().count() + 1 + part[..lead].chars().count();
            let read = |what, most, largest| {
                read_list(value, what, most, largest)
                    .map_err(|e| ParseError::new(starts[k] + value_at + e.position(), e.message()))
            };
            match key.trim() {
                "n" if modulus.is_none() => {
                    let n = read("a modulus", 1, u64::from(MAX_MODULUS))?[0];
                    if n.1 == 0 {
                        return Err(ParseError::new(
                            starts[k] + value_at + n.0,
                            "expected a modulus of at least 1",
                        ));
                    }
                    modulus = Some(n.1 as u32);
                }
                "take" if take.is_none() => {
                    let numbers = read("a number to subtract", MAX_TAKE, u64::from(MAX_MODULUS))?;
                    let offset = starts[k] + value_at;
                    take = Some(
                        numbers
                            .into_iter()
                            .map(|(p, s)| (offset + p, s))
                            .collect::<Vec<_>>(),
                    );
                }
                _ => {
                    return Err(ParseError::new(
                        key_at,
                        format!(
                            "expected 'n=' or 'take=' (each once), found '{}='",
                            key.trim()
                        ),
                    ));
                }
            }
        }
        let end = text.chars().count();
        let modulus =
            modulus.ok_or_else(|| ParseError::new(end, "expected ';n=' and the modulus"))?;
        let take = take
            .ok_or_else(|| ParseError::new(end, "expected ';take=' and the numbers to subtract"))?;
        if counter.1 >= u64::from(modulus) {
            return Err(ParseError::new(
                counter.0,
                format!("expected a counter below the modulus {modulus}"),
            ));
        }
        let mut set = Vec::with_capacity(take.len());
        for &(at, s) in &take {
            if s == 0 || s > u64::from(modulus) {
                return Err(ParseError::new(
                    at,
                    format!(
                        "expected numbers to subtract from 1 to the modulus {modulus}, found {s}"
                    ),
                ));
            }
            set.push(s as u32);
        }
        set.sort_unstable();
        set.dedup();
        Ok(Counter {
            at: counter.1 as u32,
            modulus,
            take: set,
        })
    }

    /// Pushes onto `out` the positions a move takes `counter` to (the same
    /// for both players): one per number of the set, none from 0.
    ///
    /// # Example
    /// ```
    /// use cgt_core::outcome::Side;
    /// use cgt_rulesets::wind_up::WindUp;
    /// let mut out = Vec::new();
    /// WindUp::moves(&WindUp::parse("2;n=12;take=1,3")?, Side::Left, &mut out);
    /// let at: Vec<u32> = out.iter().map(|c| c.at()).collect();
    /// assert_eq!(at, [1, 11]);
    /// # Ok::<(), cgt_rulesets::ParseError>(())
    /// ```
    pub fn moves(counter: &Counter, _: Side, out: &mut Vec<Counter>) {
        out.extend(counter.targets(counter.at).map(|at| Counter {
            at,
            modulus: counter.modulus,
            take: counter.take.clone(),
        }));
    }

    /// The game graph of every position reachable from `start` (the start
    /// is position 0).
    ///
    /// # Errors
    /// [`LoopyError::TooLarge`] past [`MAX_POSITIONS`] positions (never:
    /// the modulus is at most that).
    ///
    /// # Complexity
    /// O(n · |take|) time for the n positions reached; O(n) memory.
    pub fn game_graph(start: &Counter) -> Result<PositionGraph<u32>, LoopyError> {
        explore(start.at, MAX_POSITIONS, |&at, _, out| {
            out.extend(start.targets(at));
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn positions_are_written_as_they_read() {
        for text in ["0;n=1;take=1", "5;n=12;take=1,3"] {
            assert_eq!(WindUp::parse(text).expect(text).to_string(), text);
        }
        for (text, at) in [
            ("", 0),
            ("5", 1),
            ("5;n=12", 6),
            ("5;n=0;take=1", 4),
            ("5;n=12;take=13", 12),
            ("5;n=12;n=12;take=1", 7),
            ("5;m=12", 2),
            ("x;n=1;take=1", 0),
        ] {
            assert_eq!(
                WindUp::parse(text).map_err(|e| e.position()),
                Err(at),
                "{text}"
            );
        }
    }
}
