//! Grundy's game: split a heap into two heaps of different sizes (Grundy, "Mathematics and games", 1939; *Winning Ways*, ch. 4; CGSuite's `GrundysGame`, the take-and-break
//! code `4!.0`). Impartial: its values are nimbers.
//!
//! A position is its heaps' sizes, `7` or `7,3,1` (whitespace allowed; `0`
//! is no heap), checked as [`heaps`](crate::heaps) says. It splits into
//! its heaps.
//!
//! # Example
//! ```
//! use cgt_core::impartial::GrundyMemo;
//! use cgt_rulesets::grundys_game::GrundysGame;
//!
//! let mut memo = GrundyMemo::new(GrundysGame);
//! let values: Vec<u64> = (0..12)
//!     .map(|n| memo.grundy(&GrundysGame::parse(&n.to_string()).unwrap()).value())
//!     .collect();
//! assert_eq!(values, [0, 0, 0, 1, 0, 2, 1, 0, 2, 1, 0, 2]);
//! assert_eq!(memo.grundy(&GrundysGame::parse("5,6")?).value(), 3);
//! # Ok::<(), cgt_rulesets::ParseError>(())
//! ```

use crate::heaps::{self, Heaps};
use crate::parse::ParseError;
use crate::take_and_break::Code;
use cgt_core::impartial::ImpartialGame;
use std::sync::OnceLock;

/// The rules of Grundy's game.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct GrundysGame;

impl GrundysGame {
    /// Its take-and-break code, as CGSuite defines it.
    pub const CODE: &'static str = "4!.0";

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

impl ImpartialGame for GrundysGame {
    type Position = Heaps;

    fn options(&self, heaps: &Heaps, out: &mut Vec<Heaps>) {
        heaps.options(Self::code(), out);
    }

    fn components(&self, heaps: &Heaps, parts: &mut Vec<Heaps>) {
        heaps.components(parts);
    }
}
