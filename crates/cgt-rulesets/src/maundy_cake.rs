//! Maundy Cake: Left cuts a cake into `k ≥ 2` equal parts along column
//! lines, Right into `k ≥ 2` equal parts along row lines (*Winning Ways*,
//! ch. 2; CGSuite's `game.heap.MaundyCake`,
//! `GenCutcake(TakeAndBreak("{2+}=.0"), TakeAndBreak("{2+}=.0"))`). A cake
//! `(m, n)` has `m` rows and `n` columns ([`crate::cake`]): Left moves to
//! `k` copies of `(m, n / k)` for a divisor `k ≥ 2` of `n`, Right to `k`
//! copies of `(m / k, n)`. Sides are at most [`MAX_SIDE`].
//!
//! # Example
//! ```
//! use cgt_core::canonical::GameStore;
//! use cgt_core::partizan::ValueMemo;
//! use cgt_rulesets::maundy_cake::MaundyCake;
//!
//! let mut store = GameStore::new();
//! let mut memo = ValueMemo::new(MaundyCake);
//! // CGSuite's test: Maundy Cake (8, n) for n from 0 to 8.
//! let row: Vec<String> = (0..=8)
//!     .map(|n| {
//!         let cake = MaundyCake::parse(&format!("8,{n}")).expect("a cake");
//!         let v = memo.value(&mut store, &cake).expect("a small value");
//!         store.display(v)
//!     })
//!     .collect();
//! assert_eq!(row, ["-7", "-7", "-3", "-3", "-1", "-3", "-1", "-3", "0"]);
//! ```

use crate::cake::{self, Cakes};
use crate::parse::ParseError;
use cgt_core::outcome::Side;
use cgt_core::partizan::PartizanGame;

/// The rules of Maundy Cake; positions are [`Cakes`].
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct MaundyCake;

/// The most rows or columns a cake may have: `(m, n)` reaches the cakes
/// `(a, b)` with `a` dividing `m` and `b` dividing `n`.
pub const MAX_SIDE: u32 = 10_000;

/// A heap of `h` broken into `k ≥ 2` equal heaps (`{2+}=.0`).
fn divide(h: u32, out: &mut Vec<Vec<(u32, u32)>>) {
    let mut d = 1;
    while u64::from(d) * u64::from(d) <= u64::from(h) {
        if h % d == 0 {
            // Parts of size d (k = h / d copies) and of size h / d.
            if h / d >= 2 {
                out.push(vec![(d, h / d)]);
            }
            if d >= 2 && d * d != h {
                out.push(vec![(h / d, d)]);
            }
        }
        d += 1;
    }
}

impl MaundyCake {
    /// Reads a cake `m,n` (`m` rows, `n` columns, each at most
    /// [`MAX_SIDE`]).
    ///
    /// # Example
    /// ```
    /// use cgt_rulesets::maundy_cake::MaundyCake;
    /// assert_eq!(MaundyCake::parse("12,35")?.pieces(), [(12, 35, 1)]);
    /// # Ok::<(), cgt_rulesets::ParseError>(())
    /// ```
    pub fn parse(text: &str) -> Result<Cakes, ParseError> {
        cake::parse(text, MAX_SIDE)
    }
}

impl PartizanGame for MaundyCake {
    type Position = Cakes;

    fn options(&self, cakes: &Cakes, side: Side, out: &mut Vec<Cakes>) {
        cake::options(divide, cakes, side, out);
    }

    fn components(&self, cakes: &Cakes, parts: &mut Vec<Cakes>) {
        cake::components(divide, cakes, parts);
    }
}
