//! Eatcake (Bynum's game): Left eats a whole column of a cake, Right a
//! whole row, and what is left of the cake falls into the parts on either
//! side (CGSuite's `game.heap.Eatcake`, `GenCutcake(TakeAndBreak("0.7"),
//! TakeAndBreak("0.7"))`). A cake `(m, n)` has `m` rows and `n` columns
//! ([`crate::cake`]): Left moves to `(m, b) + (m, n - 1 - b)` and Right to
//! `(a, n) + (m - 1 - a, n)`, `0 ≤ a < m`, `0 ≤ b < n`, a cake with no
//! row or column being nothing. Sides are at most [`MAX_SIDE`].
//!
//! # Example
//! ```
//! use cgt_core::canonical::GameStore;
//! use cgt_core::partizan::ValueMemo;
//! use cgt_rulesets::eatcake::Eatcake;
//!
//! let mut store = GameStore::new();
//! let mut memo = ValueMemo::new(Eatcake);
//! let mut value = |text: &str| {
//!     let cake = Eatcake::parse(text).expect("a cake");
//!     let v = memo.value(&mut store, &cake).expect("a small value");
//!     store.display(v)
//! };
//! // From CGSuite's test of Eatcake (8, n).
//! assert_eq!(value("8,0"), "-8");
//! assert_eq!(value("8,1"), "^");
//! assert_eq!(value("8,3"), "{^^|*}");
//! assert_eq!(value("8,8"), "*");
//! ```

use crate::cake::{self, Cakes};
use crate::parse::ParseError;
use cgt_core::outcome::Side;
use cgt_core::partizan::PartizanGame;

/// The rules of Eatcake; positions are [`Cakes`].
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Eatcake;

/// The most rows or columns a cake may have: the position `(m, n)` reaches
/// about `m n (m + n) / 2` sums of two cakes, whose values grow with them.
pub const MAX_SIDE: u32 = 16;

/// One token eaten from a heap of `h`, the rest left as up to two heaps
/// (`0.7`).
pub(crate) fn eat(h: u32, out: &mut Vec<Vec<(u32, u32)>>) {
    if h == 0 {
        return;
    }
    for a in 0..=(h - 1) / 2 {
        let b = h - 1 - a;
        out.push(match (a, b) {
            (0, 0) => vec![],
            (0, b) => vec![(b, 1)],
            (a, b) if a == b => vec![(a, 2)],
            (a, b) => vec![(a, 1), (b, 1)],
        });
    }
}

impl Eatcake {
    /// Reads a cake `m,n` (`m` rows, `n` columns, each at most
    /// [`MAX_SIDE`]).
    ///
    /// # Example
    /// ```
    /// use cgt_rulesets::eatcake::Eatcake;
    /// assert_eq!(Eatcake::parse("3,2")?.pieces(), [(3, 2, 1)]);
    /// assert!(Eatcake::parse("3,17").is_err());
    /// # Ok::<(), cgt_rulesets::ParseError>(())
    /// ```
    pub fn parse(text: &str) -> Result<Cakes, ParseError> {
        cake::parse(text, MAX_SIDE)
    }
}

impl PartizanGame for Eatcake {
    type Position = Cakes;

    fn options(&self, cakes: &Cakes, side: Side, out: &mut Vec<Cakes>) {
        cake::options(eat, cakes, side, out);
    }

    fn components(&self, cakes: &Cakes, parts: &mut Vec<Cakes>) {
        cake::components(eat, cakes, parts);
    }
}
