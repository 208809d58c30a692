//! Cutcake: Left cuts a cake along a line between two columns, Right along
//! a line between two rows; the cake becomes two (*Winning Ways*, ch. 2;
//! CGSuite's `game.heap.Cutcake`, `GenCutcake(TakeAndBreak("4.0"),
//! TakeAndBreak("4.0"))`). A cake `(m, n)` has `m` rows and `n` columns
//! ([`crate::cake`]): Left moves to `(m, b) + (m, n - b)` and Right to
//! `(a, n) + (m - a, n)`, `1 ≤ a < m`, `1 ≤ b < n`. Sides are at most
//! [`MAX_SIDE`].
//!
//! Every Cutcake position is an integer (*Winning Ways*).
//!
//! # Example
//! ```
//! use cgt_core::canonical::GameStore;
//! use cgt_core::partizan::ValueMemo;
//! use cgt_rulesets::cutcake::Cutcake;
//!
//! let mut store = GameStore::new();
//! let mut memo = ValueMemo::new(Cutcake);
//! // CGSuite's test: Cutcake (8, n) for n from 0 to 8.
//! let row: Vec<String> = (0..=8)
//!     .map(|n| {
//!         let cake = Cutcake::parse(&format!("8,{n}")).expect("a cake");
//!         let v = memo.value(&mut store, &cake).expect("a small value");
//!         store.display(v)
//!     })
//!     .collect();
//! assert_eq!(row, ["-7", "-7", "-3", "-3", "-1", "-1", "-1", "-1", "0"]);
//! // A row of 4 cells is Left's: three cuts.
//! let row = memo.value(&mut store, &Cutcake::parse("1,4")?).expect("a small value");
//! assert_eq!(store.display(row), "3");
//! # Ok::<(), cgt_rulesets::ParseError>(())
//! ```

use crate::cake::{self, Cakes};
use crate::parse::ParseError;
use cgt_core::outcome::Side;
use cgt_core::partizan::PartizanGame;

/// The rules of Cutcake; positions are [`Cakes`].
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Cutcake;

/// The most rows or columns a cake may have: the position `(m, n)` reaches
/// about `m n (m + n) / 2` sums of two cakes.
pub const MAX_SIDE: u32 = 64;

/// A heap of `h` broken into two nonempty heaps (`4.0`).
fn cut(h: u32, out: &mut Vec<Vec<(u32, u32)>>) {
    for a in 1..=h / 2 {
        out.push(if a == h - a {
            vec![(a, 2)]
        } else {
            vec![(a, 1), (h - a, 1)]
        });
    }
}

impl Cutcake {
    /// Reads a cake `m,n` (`m` rows, `n` columns, each at most
    /// [`MAX_SIDE`]).
    ///
    /// # Example
    /// ```
    /// use cgt_rulesets::cutcake::Cutcake;
    /// assert_eq!(Cutcake::parse("4, 5")?.pieces(), [(4, 5, 1)]);
    /// let error = Cutcake::parse("4;5").unwrap_err();
    /// assert_eq!(error.to_string(), "at character 2: expected ',', found ';'");
    /// # Ok::<(), cgt_rulesets::ParseError>(())
    /// ```
    pub fn parse(text: &str) -> Result<Cakes, ParseError> {
        cake::parse(text, MAX_SIDE)
    }
}

impl PartizanGame for Cutcake {
    type Position = Cakes;

    fn options(&self, cakes: &Cakes, side: Side, out: &mut Vec<Cakes>) {
        cake::options(cut, cakes, side, out);
    }

    fn components(&self, cakes: &Cakes, parts: &mut Vec<Cakes>) {
        cake::components(cut, cakes, parts);
    }
}
