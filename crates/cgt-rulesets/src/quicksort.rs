//! The Quicksort game and the pseudo-Quicksort game: a sequence of distinct
//! numbers; a move picks a pivot and partitions the sequence around it as
//! quicksort does, the smaller numbers first and the larger after, each
//! kept in its order; a move must change the sequence. Impartial: values
//! are nimbers. (Andreas Chen, *The Quicksort Game*, KTH, 2016,
//! <https://www.diva-portal.org/smash/get/diva2:935354/FULLTEXT01.pdf>;
//! cgt-tools' `Quicksort` and `PseudoQuicksort`.)
//!
//! - [`Quicksort`]: the pivot is a number of the sequence, which goes
//!   between the two parts.
//! - [`PseudoQuicksort`]: the pivot is `p + 1/2` for a number `p` of the
//!   sequence: the numbers up to `p` first, then the larger ones.
//!
//! A position is the sequence, `4,1,6,5,7,3,8,2` (whitespace allowed), at
//! most [`MAX_LENGTH`] distinct numbers below 2^32. Only the order of the
//! numbers matters, so a sequence is read as the ranks of its numbers
//! (`30,10,20` is `3,1,2`). A sequence splits where a prefix holds exactly
//! the smallest numbers: no move in one part changes the other, so it is
//! the sum of the parts, and a part in order is 0.
//!
//! # Example
//! cgt-tools' documented values (its tests of `Quicksort` and
//! `PseudoQuicksort`).
//! ```
//! use cgt_core::impartial::GrundyMemo;
//! use cgt_rulesets::quicksort::{PseudoQuicksort, Quicksort, Sequence};
//!
//! let mut quicksort = GrundyMemo::new(Quicksort);
//! let mut pseudo = GrundyMemo::new(PseudoQuicksort);
//! let mut both = |text: &str| {
//!     let s = Sequence::parse(text).expect("a sequence");
//!     (quicksort.grundy(&s).value(), pseudo.grundy(&s).value())
//! };
//! assert_eq!(both("1,2,3,6,5,4"), (2, 0));
//! assert_eq!(both("4,1,6,5,7,3,8,2"), (5, 5));
//! assert_eq!(both("4,1,6,5,7,8,2,3"), (0, 3));
//! ```
//!
//! # Complexity
//! A sequence of n numbers has at most n options, each found in O(n).

use crate::heaps::{ListWords, read_numbers};
use crate::parse::ParseError;
use cgt_core::impartial::ImpartialGame;
use cgt_core::outcome::Side;
use cgt_core::partizan::PartizanGame;
use std::fmt;

/// The most numbers a sequence may have.
pub const MAX_LENGTH: usize = 64;

/// The rules of the Quicksort game: pivot on a number of the sequence.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Quicksort;

/// The rules of the pseudo-Quicksort game: pivot between a number of the
/// sequence and the next larger.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct PseudoQuicksort;

/// A sequence of distinct numbers, as the ranks `1..=n` of its numbers.
#[derive(Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Sequence(Vec<u8>);

impl Sequence {
    /// Reads distinct numbers separated by `,`: `4,1,6,5`.
    ///
    /// # Example
    /// ```
    /// use cgt_rulesets::quicksort::Sequence;
    /// assert_eq!(Sequence::parse(" 30, 10,20")?.ranks(), [3, 1, 2]);
    /// let error = Sequence::parse("3,1,3").unwrap_err();
    /// assert_eq!(error.to_string(), "at character 5: 3 is in the sequence twice");
    /// # Ok::<(), cgt_rulesets::ParseError>(())
    /// ```
    pub fn parse(text: &str) -> Result<Sequence, ParseError> {
        let numbers = read_list(text, "a number", MAX_LENGTH, u64::from(u32::MAX))?;
        let mut sorted: Vec<u64> = numbers.iter().map(|&(_, n)| n).collect();
        sorted.sort_unstable();
        for pair in sorted.windows(2) {
            if pair[0] == pair[1] {
                let at = numbers
                    .iter()
                    .filter(|&&(_, n)| n == pair[0])
                    .nth(1)
                    .map_or(0, |&(at, _)| at);
                return Err(ParseError::new(
                    at,
                    format!("{} is in the sequence twice", pair[0]),
                ));
            }
        }
        let ranks = numbers
            .iter()
            .map(|(_, n)| sorted.partition_point(|m| m < n) as u8 + 1)
            .collect();
        Ok(Sequence(ranks))
    }

    /// The ranks of the numbers, in the sequence's order: a permutation of
    /// `1..=n`.
    pub fn ranks(&self) -> &[u8] {
        &self.0
    }

    /// Whether the numbers are in increasing order: no move is left.
    pub fn is_sorted(&self) -> bool {
        self.0.windows(2).all(|w| w[0] < w[1])
    }

    /// The sequence after partitioning around the rank `pivot`: the ranks
    /// below it, then (if `pivot_between` is false) the pivot itself, then
    /// the ranks above; with `pivot_between` the ranks up to `pivot` come
    /// first (pseudo-Quicksort's pivot `pivot + 1/2`).
    fn partitioned(&self, pivot: u8, pivot_between: bool) -> Sequence {
        let mut out = Vec::with_capacity(self.0.len());
        let low = |r: u8| r < pivot || (pivot_between && r == pivot);
        out.extend(self.0.iter().copied().filter(|&r| low(r)));
        if !pivot_between {
            out.push(pivot);
        }
        out.extend(self.0.iter().copied().filter(|&r| r > pivot));
        Sequence(out)
    }

    /// The blocks the sequence splits into (each renumbered from 1), where
    /// a prefix holds exactly the smallest ranks; blocks in order, which
    /// have no move, are left out.
    fn blocks(&self, parts: &mut Vec<Sequence>) {
        let mut start = 0;
        let mut most = 0;
        for (i, &r) in self.0.iter().enumerate() {
            most = most.max(r);
            if usize::from(most) == i + 1 {
                let base = start as u8;
                let block = Sequence(self.0[start..=i].iter().map(|&r| r - base).collect());
                if !block.is_sorted() {
                    parts.push(block);
                }
                start = i + 1;
            }
        }
    }

    fn options(&self, pivot_between: bool, out: &mut Vec<Sequence>) {
        let first = out.len();
        for &pivot in &self.0 {
            let next = self.partitioned(pivot, pivot_between);
            if next != *self && !out[first..].contains(&next) {
                out.push(next);
            }
        }
    }
}

impl fmt::Display for Sequence {
    /// The ranks separated by `,`: as [`Sequence::parse`] reads them.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (k, r) in self.0.iter().enumerate() {
            if k > 0 {
                f.write_str(",")?;
            }
            write!(f, "{r}")?;
        }
        Ok(())
    }
}

/// Reads numbers separated by `,` (whitespace allowed), at least one, at
/// most `most`, each at most `largest`: each with the character it starts
/// at. `what` names a number in messages.
pub(crate) fn read_list(
    text: &str,
    what: &str,
    most: usize,
    largest: u64,
) -> Result<Vec<(usize, u64)>, ParseError> {
    let chars: Vec<char> = text.chars().collect();
    let words = ListWords {
        number: what,
        too_large: |what, largest| format!("expected {what} at most {largest}"),
        too_many: |most| format!("at most {most} numbers"),
    };
    read_numbers(&chars, 0, largest, most, &words)
}

impl Quicksort {
    /// Reads a sequence ([`Sequence::parse`]).
    pub fn parse(text: &str) -> Result<Sequence, ParseError> {
        Sequence::parse(text)
    }
}

impl PseudoQuicksort {
    /// Reads a sequence ([`Sequence::parse`]).
    pub fn parse(text: &str) -> Result<Sequence, ParseError> {
        Sequence::parse(text)
    }
}

impl ImpartialGame for Quicksort {
    type Position = Sequence;

    /// Pivot on each number; the same sequence reached twice is one option.
    fn options(&self, sequence: &Sequence, out: &mut Vec<Sequence>) {
        sequence.options(false, out);
    }

    fn components(&self, sequence: &Sequence, parts: &mut Vec<Sequence>) {
        sequence.blocks(parts);
    }
}

impl ImpartialGame for PseudoQuicksort {
    type Position = Sequence;

    /// Pivot just above each number; the same sequence reached twice is one
    /// option.
    fn options(&self, sequence: &Sequence, out: &mut Vec<Sequence>) {
        sequence.options(true, out);
    }

    fn components(&self, sequence: &Sequence, parts: &mut Vec<Sequence>) {
        sequence.blocks(parts);
    }
}

impl PartizanGame for Quicksort {
    type Position = Sequence;

    /// Both players have the moves of the [`ImpartialGame`].
    fn options(&self, sequence: &Sequence, _: Side, out: &mut Vec<Sequence>) {
        ImpartialGame::options(self, sequence, out);
    }

    fn components(&self, sequence: &Sequence, parts: &mut Vec<Sequence>) {
        sequence.blocks(parts);
    }
}

impl PartizanGame for PseudoQuicksort {
    type Position = Sequence;

    /// Both players have the moves of the [`ImpartialGame`].
    fn options(&self, sequence: &Sequence, _: Side, out: &mut Vec<Sequence>) {
        ImpartialGame::options(self, sequence, out);
    }

    fn components(&self, sequence: &Sequence, parts: &mut Vec<Sequence>) {
        sequence.blocks(parts);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn options<G: ImpartialGame<Position = Sequence>>(game: &G, text: &str) -> Vec<String> {
        let mut out = Vec::new();
        game.options(&Sequence::parse(text).expect("a sequence"), &mut out);
        out.iter().map(ToString::to_string).collect()
    }

    #[test]
    fn pivots_partition_as_quicksort_does() {
        // Pivot 3: 2,1 | 3 | 4; pivot 2: 1 | 2 | 3,4; pivot 4: 3,2,1 | 4;
        // pivot 1: 1 | 3,2,4.
        assert_eq!(
            options(&Quicksort, "3,2,4,1"),
            ["2,1,3,4", "1,2,3,4", "3,2,1,4", "1,3,2,4"]
        );
        // Pivots 1 and 2 of 1,3,2 leave it as it is.
        assert_eq!(options(&Quicksort, "1,3,2"), ["1,2,3"]);
        // Pivot 3.5: 3,2,1 | 4; 2.5: 2,1 | 3,4; 4.5 changes nothing; 1.5:
        // 1 | 3,2,4.
        assert_eq!(
            options(&PseudoQuicksort, "3,2,4,1"),
            ["3,2,1,4", "2,1,3,4", "1,3,2,4"]
        );
    }

    #[test]
    fn a_sequence_splits_where_a_prefix_holds_the_smallest() {
        let mut parts = Vec::new();
        Sequence::parse("2,1,3,5,4,6,9,7,8")
            .expect("a sequence")
            .blocks(&mut parts);
        let parts: Vec<String> = parts.iter().map(ToString::to_string).collect();
        assert_eq!(parts, ["2,1", "2,1", "3,1,2"]);
    }

    #[test]
    fn sequences_are_written_as_they_read() {
        for text in ["1", "3,1,2", "1,2,3,6,5,4"] {
            assert_eq!(Sequence::parse(text).expect(text).to_string(), text);
        }
        let long = (1..=65)
            .map(|n| n.to_string())
            .collect::<Vec<_>>()
            .join(",");
        for (text, at) in [
            ("", 0),
            ("1;2", 1),
            ("1,", 2),
            ("4294967296", 0),
            (&long, 183),
        ] {
            assert_eq!(
                Sequence::parse(text).map_err(|e| e.position()),
                Err(at),
                "{text}"
            );
        }
    }
}
