//! Turn-and-Eatcake: Eatcake ([`crate::eatcake`]) where the cake moved in
//! is turned a quarter before the move, so the players eat across each
//! other's last move (CGSuite's `game.heap.TurnAndEatcake`,
//! `GenCutcake(TakeAndBreak("0.7"), TakeAndBreak("0.7"), twisted => true)`,
//! the twisted form of its cake product). From a cake
//! `(m, n)` Left moves to `(n, b) + (n, m - 1 - b)` and Right to
//! `(a, m) + (n - 1 - a, m)`, `0 ≤ b < m`, `0 ≤ a < n`.
//!
//! Positions are sums of cakes as Eatcake's ([`crate::cake`]): `m,n`,
//! `m,n + k*(m,n)`, sides at most [`MAX_SIDE`].
//!
//! # Example
//! ```
//! use cgt_core::canonical::GameStore;
//! use cgt_core::partizan::ValueMemo;
//! use cgt_rulesets::turn_and_eatcake::TurnAndEatcake;
//!
//! let mut store = GameStore::new();
//! let mut memo = ValueMemo::new(TurnAndEatcake);
//! let mut value = |text: &str| {
//!     let cake = TurnAndEatcake::parse(text).expect("a cake");
//!     let v = memo.value(&mut store, &cake).expect("a small value");
//!     store.display(v)
//! };
//! // From CGSuite's test of TurnAndEatcake (8, n).
//! assert_eq!(value("8,0"), "0");
//! assert_eq!(value("8,1"), "v");
//! assert_eq!(value("8,4"), "0");
//! ```

use crate::cake::{self, Cakes};
use crate::eatcake::eat;
use crate::parse::ParseError;
use cgt_core::outcome::Side;
use cgt_core::partizan::PartizanGame;

/// The rules of Turn-and-Eatcake; positions are [`Cakes`].
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct TurnAndEatcake;

/// The most rows or columns a cake may have (as Eatcake's).
pub const MAX_SIDE: u32 = crate::eatcake::MAX_SIDE;

impl TurnAndEatcake {
    /// Reads a sum of cakes `m,n` (`m` rows, `n` columns, each at most
    /// [`MAX_SIDE`]).
    ///
    /// # Example
    /// ```
    /// use cgt_rulesets::turn_and_eatcake::TurnAndEatcake;
    /// assert_eq!(TurnAndEatcake::parse("3,2 + 3,2")?.pieces(), [(3, 2, 2)]);
    /// assert!(TurnAndEatcake::parse("3,17").is_err());
    /// # Ok::<(), cgt_rulesets::ParseError>(())
    /// ```
    ///
    /// # Errors
    /// Where the text does not read, or a side is above [`MAX_SIDE`].
    pub fn parse(text: &str) -> Result<Cakes, ParseError> {
        cake::parse(text, MAX_SIDE)
    }
}

impl PartizanGame for TurnAndEatcake {
    type Position = Cakes;

    fn options(&self, cakes: &Cakes, side: Side, out: &mut Vec<Cakes>) {
        cake::twisted_options(eat, cakes, side, out);
    }

    fn components(&self, cakes: &Cakes, parts: &mut Vec<Cakes>) {
        cake::components(eat, cakes, parts);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_cake_turns_before_the_move() {
        // (2, 3): Left eats one of the 2 rows of the turned cake (3, 2)...
        let mut out = Vec::new();
        TurnAndEatcake.options(&Cakes::cake(2, 3), Side::Left, &mut out);
        let left: Vec<String> = out.iter().map(ToString::to_string).collect();
        assert_eq!(left, ["3,1"]);
        out.clear();
        TurnAndEatcake.options(&Cakes::cake(2, 3), Side::Right, &mut out);
        let right: Vec<String> = out.iter().map(ToString::to_string).collect();
        assert_eq!(right, ["2,2", "2*(1,2)"]);
    }
}
