//! Splittles: take from one heap a number of tokens in a set (or, with
//! `allbut`, any number not in it), and leave the rest as one heap or two
//! (CGSuite's `Splittles(set, allbut)`: the take-and-break code of digit
//! `7` at each number taken, as CGSuite's
//! `TakeAndBreak.FromSubtractionSet` makes it; *Winning Ways*, ch. 4, for
//! the games of such codes). Impartial: its values are nimbers.
//!
//! A position is written as [`subtraction`](crate::subtraction)'s: the set,
//! maybe `,allbut`, `;`, and the heaps: `[1,2];7,3` is Kayles (`0.77`),
//! `[2];7` Dawson's Kayles (`0.07`).
//!
//! # Example
//! ```
//! use cgt_core::impartial::GrundyMemo;
//! use cgt_rulesets::splittles::Splittles;
//!
//! let mut memo = GrundyMemo::new(Splittles);
//! // Splittles of {1, 2} is Kayles.
//! let values: Vec<u64> = (0..12)
//!     .map(|n| memo.grundy(&Splittles::parse(&format!("[1,2];{n}")).unwrap()).value())
//!     .collect();
//! assert_eq!(values, [0, 1, 2, 3, 1, 4, 3, 2, 1, 4, 2, 6]);
//! assert_eq!(Splittles::parse("[1,2];3")?.code().to_string(), "0.77");
//! # Ok::<(), cgt_rulesets::ParseError>(())
//! ```

use crate::heaps::CodedHeaps;
use crate::parse::ParseError;
use crate::subtraction::read_set_rules;
use cgt_core::impartial::ImpartialGame;

/// The rules of Splittles, the set in the position.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Splittles;

impl Splittles {
    /// Reads `[1,2];7,3` or `[1,2],allbut;7,3`.
    ///
    /// # Errors
    /// Where the set or the heaps do not read, or a heap is too large.
    pub fn parse(text: &str) -> Result<CodedHeaps, ParseError> {
        read_set_rules(text, 7)
    }
}

impl ImpartialGame for Splittles {
    type Position = CodedHeaps;

    fn options(&self, position: &CodedHeaps, out: &mut Vec<CodedHeaps>) {
        position.options(out);
    }

    fn components(&self, position: &CodedHeaps, parts: &mut Vec<CodedHeaps>) {
        position.components(parts);
    }
}
