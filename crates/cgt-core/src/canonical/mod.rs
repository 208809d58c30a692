//! Canonical forms of short partizan games, kept once each in a
//! [`GameStore`] and named by a small [`GameId`].
//!
//! Every short game equals exactly one game in *canonical form*: no
//! dominated options and no reversible ones (Conway, *On Numbers and Games*,
//! ch. 10; Siegel, *Combinatorial Game Theory*, II.2). The store keeps each
//! canonical form once (hash-consing, as CGSuite does), so equal games have
//! equal ids, and sums, comparisons and every other function of a game are
//! memoised by ids: a deep value or a large sum never copies a tree.
//!
//! Numbers (dyadic rationals) and every `x + n·↑ + *m` (a number, ups and a
//! star) are held as values, not as trees of options, so `10^12`,
//! `*1000000` and `^1000000` cost one node each; they are added and compared
//! by formula, and their options are made only when asked for. A game built
//! from options that equals one of them is recognised as such.
//!
//! No walk here recurses on the call stack: comparison is a search on an
//! explicit stack, and every other function of a game (sum, negative,
//! thermograph, cooling, heating, reduced form, birthday, atomic weight,
//! Norton product, uptimal expansion) is computed from its options' values
//! by one memoised walk (the `memo` chapter), children first on an explicit
//! stack. Deep games and long sums need no special stack.
//!
//! The chapters, a file each (every one an `impl GameStore` block):
//! - `store`: ids, nodes, interning, options, the check for a request to
//!   stop; [`GameStore::new`], [`GameStore::options`],
//!   [`GameStore::with_interrupt`].
//! - `number_up_star`: the games `x + n·↑ + *m` held as values:
//!   [`GameStore::number`], [`GameStore::nimber`],
//!   [`GameStore::number_up_star`], their options made when asked for, and
//!   recognised when a tree of options equals one.
//! - `memo`: the memoised walk every function of a game is written with.
//! - `simplify`: canonical simplification, [`GameStore::game`] (dominated
//!   options removed, reversible options bypassed).
//! - `order`: [`GameStore::le`], [`GameStore::compare`],
//!   [`GameStore::outcome`].
//! - `sum`: [`GameStore::add`], [`GameStore::neg`], [`GameStore::sub`].
//! - `temperature`: stops, [`GameStore::mean`], [`GameStore::temperature`],
//!   [`GameStore::thermograph`], [`GameStore::cool`], [`GameStore::heat`]
//!   (Siegel II.5), [`GameStore::overheat`] (*Winning Ways*, ch. 6).
//! - `reduced`: [`GameStore::reduced`], the reduced canonical form (II.6).
//! - `birthday`: [`GameStore::birthday`].
//! - `atomic_weight`: [`GameStore::atomic_weight`],
//!   [`GameStore::norton_product`], all-small games (II.7).
//! - `families`: the named families [`GameStore::up_nth`],
//!   [`GameStore::up_sum`], [`GameStore::tiny`], [`GameStore::miny`],
//!   [`GameStore::switch`].
//! - `uptimal`: uptimal expansions `x + a₁·↑ + … + aₖ·↑ᵏ + *m`, recognised
//!   from canonical forms (CGSuite writes and orders games by them).
//! - `read`: [`GameStore::parse`], CGSuite's notation read (on the cursor
//!   it shares with `loopy_partizan`'s reader).
//! - `write`: [`GameStore::display`], CGSuite's notation written as CGSuite
//!   writes it.
//!
//! # Example
//! ```
//! use cgt_core::canonical::GameStore;
//! use std::cmp::Ordering;
//! let mut store = GameStore::new();
//! let up = store.parse("^").expect("valid");
//! let double_up = store.add(up, up).expect("no overflow");
//! assert_eq!(store.display(double_up).to_string(), "^^");
//! let star = store.nimber(1);
//! let up_star = store.add(up, star).expect("no overflow");
//! let zero = store.zero();
//! assert_eq!(store.compare(up_star, zero), None); // ↑* is confused with 0
//! let switch = store.parse("+-1").expect("valid");
//! assert_eq!(store.temperature(switch).expect("fits").to_string(), "1");
//! assert_eq!(store.compare(double_up, up), Some(Ordering::Greater));
//! ```

mod atomic_weight;
mod birthday;
mod families;
mod memo;
mod number_up_star;
mod order;
mod read;
mod reduced;
mod simplify;
mod store;
mod sum;
mod temperature;
mod uptimal;
mod write;

use std::fmt;

pub use crate::notation::NotationError;
pub(crate) use number_up_star::Nus;
pub(crate) use read::literal_at;
pub use store::GameStore;

type Result<T> = std::result::Result<T, ValueError>;

/// A canonical game in a [`GameStore`]: equal games have equal ids.
///
/// An id means something only in the store that made it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct GameId(u32);

impl GameId {
    /// The index of the game in its store (ids are handed out 0, 1, 2, …).
    pub fn index(self) -> usize {
        self.0 as usize
    }
}

/// Why a value could not be computed.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ValueError {
    /// A number left the range of [`Dyadic`](crate::dyadic::Dyadic) (numerators of 64 bits,
    /// denominators up to `2^62`), or the store outgrew `2^32` games.
    Overflow,
    /// Cooling by a negative temperature.
    NegativeTemperature,
    /// Stopped by the check given to [`GameStore::with_interrupt`].
    Interrupted,
    /// A nimber or multiple of up too large to walk ([`GameStore::is_expandable`]),
    /// as an option of a game or in a sum with a game that is not one.
    TooLarge,
    /// A sum of `*nim` and a game born on day `birthday` (not itself
    /// `x + n·↑ + *m`) whose work, estimated before it starts by
    /// [`GameStore::nim_sum_work`], is past [`GameStore::MAX_NIM_SUM_WORK`].
    TooCostly {
        /// The nimber's `m` (its number and ups aside).
        nim: u32,
        /// The other game's birthday (saturated at `u32::MAX`).
        birthday: u32,
    },
    /// Heating (or overheating) `x + n·↑ + *nim`, a game born on day
    /// `birthday`, whose work is past [`GameStore::MAX_HEAT_WORK`] by
    /// the measure of sums (`birthday² × nim³`), refused before it starts:
    /// each heated option is a sum, and their canonical forms grow with
    /// both.
    TooCostlyHeat {
        /// The nimber's `m` (its number and ups aside).
        nim: u32,
        /// The game's birthday (saturated at `u32::MAX`).
        birthday: u32,
    },
    /// More steps of work (games made, comparisons searched) than the
    /// limit of [`GameStore::with_work_limit`].
    TooMuchWork {
        /// The steps allowed.
        limit: u64,
    },
    /// A written form longer than [`GameStore::MAX_WRITTEN`] bytes
    /// ([`GameStore::display_within`]), refused before writing.
    TooLongToWrite {
        /// Its length by [`GameStore::written_length`].
        length: u128,
    },
}

impl fmt::Display for ValueError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            ValueError::Overflow => {
                "a number overflowed (64-bit numerators, denominators up to 2^62)"
            }
            ValueError::NegativeTemperature => "cooling needs a temperature of at least 0",
            ValueError::Interrupted => "interrupted",
            ValueError::TooLarge => {
                "a nimber above *4096 or a multiple of up above 2^20 as an option or beside another game: too large to expand"
            }
            ValueError::TooCostly { nim, birthday } => {
                return write!(
                    f,
                    "too large: *{nim} beside a game born on day {birthday}, about {} steps (birthday^2 × {nim}^3), past the limit of {}",
                    u128::from(*birthday).pow(2) * u128::from(*nim).pow(3),
                    GameStore::MAX_NIM_SUM_WORK
                );
            }
            ValueError::TooLongToWrite { length } => {
                return write!(
                    f,
                    "too large to write: about {length} bytes, past the limit of {}",
                    GameStore::MAX_WRITTEN
                );
            }
            ValueError::TooMuchWork { limit } => {
                return write!(f, "too large: past the limit of {limit} {TOO_MUCH_WORK}");
            }
            ValueError::TooCostlyHeat { nim, birthday } => {
                return write!(
                    f,
                    "too large: heating *{nim} (a game born on day {birthday}), about {} steps (birthday^2 × {nim}^3), past the limit of {}",
                    u128::from(*birthday).pow(2) * u128::from(*nim).pow(3),
                    GameStore::MAX_HEAT_WORK
                );
            }
        })
    }
}

impl std::error::Error for ValueError {}

/// The words that end [`ValueError::TooMuchWork`]'s message: a front end
/// that gets the message alone (a ruleset's value, through the notation's
/// resolver) tells a limit reached from bad input by them.
pub const TOO_MUCH_WORK: &str = "steps of sums and comparisons";
