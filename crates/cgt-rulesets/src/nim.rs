//! Nim: take any number of tokens from one heap (Bouton, "Nim, a game with a complete mathematical theory", 1901; *Winning Ways*, ch. 2; CGSuite's `Nim`, the take-and-break
//! code `0.[3]`). Impartial: its values are nimbers.
//!
//! A position is its heaps' sizes, `7` or `7,3,1` (whitespace allowed; `0`
//! is no heap), checked as [`heaps`](crate::heaps) says. It splits into
//! its heaps.
//!
//! # Example
//! ```
//! use cgt_core::impartial::GrundyMemo;
//! use cgt_rulesets::nim::Nim;
//!
//! let mut memo = GrundyMemo::new(Nim);
//! let values: Vec<u64> = (0..12)
//!     .map(|n| memo.grundy(&Nim::parse(&n.to_string()).unwrap()).value())
//!     .collect();
//! assert_eq!(values, [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11]);
//! assert_eq!(memo.grundy(&Nim::parse("3,5,6")?).value(), 0);
//! # Ok::<(), cgt_rulesets::ParseError>(())
//! ```

use crate::heaps::{self, Heaps};
use crate::parse::ParseError;
use crate::take_and_break::Code;
use cgt_core::impartial::ImpartialGame;
use std::sync::OnceLock;

/// The rules of Nim.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Nim;

impl Nim {
    /// Its take-and-break code, as CGSuite defines it.
    pub const CODE: &'static str = "0.[3]";

    /// [`CODE`](Self::CODE), read.
    pub fn code() -> &'static Code {
        static CODE: OnceLock<Code> = OnceLock::new();
        heaps::fixed_code(&CODE, Self::CODE)
    }

    /// Reads heaps' sizes separated by `,`: `7` or `7,3,1`.
    ///
    /// # Errors
    /// Where a size does not read or is too large.
    pub fn parse(text: &str) -> Result<Heaps, ParseError> {
        heaps::read_sum(text, Self::code())
    }
}

impl ImpartialGame for Nim {
    type Position = Heaps;

    fn options(&self, heaps: &Heaps, out: &mut Vec<Heaps>) {
        heaps.options(Self::code(), out);
    }

    fn components(&self, heaps: &Heaps, parts: &mut Vec<Heaps>) {
        heaps.components(parts);
    }
}
