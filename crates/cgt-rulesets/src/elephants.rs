//! Elephants and Rhinos: Toads and Frogs without jumps. Left's elephants
//! `t` step right, Right's rhinos `f` step left, each onto the next cell if
//! it is empty (*Lessons in Play*, Albert, Nowakowski and Wolfe; CGSuite's
//! `game.strip.ElephantsAndRhinos`, `GenToadsAndFrogs(maxJump => 0)`, with
//! its letters `t`, `f` and `.`).
//!
//! The game is [`ToadsAndFrogs`](crate::toads::ToadsAndFrogs) on a strip with `jump=0`; the option
//! `slide=K` is read as there (an animal slides up to `K` empty cells).
//! Stuck animals split the strip as in [`crate::toads`]: without jumps, an
//! elephant is stuck behind a stuck animal, so `tf` never moves again.
//!
//! # Example
//! ```
//! use cgt_core::canonical::GameStore;
//! use cgt_core::partizan::ValueMemo;
//! use cgt_rulesets::elephants::Elephants;
//! use cgt_rulesets::toads::ToadsAndFrogs;
//!
//! let mut store = GameStore::new();
//! let mut memo = ValueMemo::new(ToadsAndFrogs);
//! let strip = Elephants::parse("tttt..fff")?;
//! let value = memo.value(&mut store, &strip).expect("a small value");
//! // CGSuite's test of ElephantsAndRhinos.
//! assert_eq!(store.display(value), "1");
//! # Ok::<(), cgt_rulesets::ParseError>(())
//! ```

use crate::parse::ParseError;
use crate::toads::{self, Strip};

/// The reader of Elephants and Rhinos positions; the rules are
/// [`ToadsAndFrogs`](crate::toads::ToadsAndFrogs)'s, the positions [`Strip`]s with `jump=0`.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Elephants;

impl Elephants {
    /// Reads a strip of `t` (elephants), `f` (rhinos) and `.` (empty
    /// cells), whitespace skipped, then optionally `;slide=K` (and
    /// `;jump=0`, as the strips are written).
    ///
    /// # Example
    /// ```
    /// use cgt_rulesets::elephants::Elephants;
    /// let strip = Elephants::parse("t.f")?;
    /// assert_eq!(strip.jump(), 0);
    /// assert_eq!(strip.to_string(), "t.f;jump=0");
    /// assert_eq!(Elephants::parse("t.f;jump=0")?, strip);
    /// let error = Elephants::parse("t.f;jump=1").unwrap_err();
    /// assert_eq!(error.to_string(), "at character 10: no jumps here: 'jump' is 0");
    /// # Ok::<(), cgt_rulesets::ParseError>(())
    /// ```
    pub fn parse(text: &str) -> Result<Strip, ParseError> {
        toads::read(text, false)
    }
}
