//! Partizan rulesets written by their rules: [`domineering`],
//! [`hackenbush`], [`clobber`] and [`toppling`] (Toppling Dominoes).
//!
//! Each is a [`PartizanGame`](cgt_core::partizan::PartizanGame) with a
//! reader for the usual text form of its positions (CGSuite's, where it has
//! one), moves written from the rules alone, and a split of a position into
//! the independent parts whose sum it is. These are games, not theory: the
//! values come from `cgt-core`.
//!
//! - Positions are read from text ([`domineering::Domineering::parse`],
//!   [`hackenbush::Hackenbush::parse`] and [`hackenbush::Hackenbush::graph`],
//!   [`clobber::Clobber::parse`], [`toppling::Toppling::parse`]); a bad one
//!   is a [`ParseError`] that says where.
//! - [`Rulesets`] values `domineering(...)`, `hackenbush(...)`,
//!   `clobber(...)` and `toppling(...)` terms inside a game expression
//!   (`cgt-lab eval` uses it).
//!
//! The tests check every ruleset's values against a search of its rules
//! (`OutcomeMemo`) on every position up to a size, and the sums of pairs.
//!
//! # Example
//! A Domineering board splits into regions; its value is their sum.
//! ```
//! use cgt_core::canonical::GameStore;
//! use cgt_core::outcome::Outcome;
//! use cgt_core::partizan::ValueMemo;
//! use cgt_rulesets::domineering::Domineering;
//! use cgt_rulesets::hackenbush::Hackenbush;
//!
//! let mut store = GameStore::new();
//! let mut memo = ValueMemo::new(Domineering);
//! // A 2 x 3 region (the top right cell filled) and a 2 x 3 block, apart.
//! let board = Domineering::parse("..##...|...#...")?;
//! let value = memo.value(&mut store, &board).expect("a small value");
//! assert_eq!(store.display(value), "{3|1||1/2|-3/2}");
//! assert_eq!(store.outcome(value), Outcome::L);
//!
//! // Blue-red Hackenbush stalks are numbers; their values go in the same store.
//! let mut memo = ValueMemo::new(Hackenbush);
//! let value = memo.value(&mut store, &Hackenbush::parse("lrrlr")?).expect("a small value");
//! assert_eq!(store.display(value), "5/16");
//! # Ok::<(), cgt_rulesets::ParseError>(())
//! ```
//!
//! # Complexity
//! As `ValueMemo`: each distinct normalised position reached is valued
//! once. An empty 5 × 6 Domineering board reaches about 1.7 million.

mod board;
pub mod domineering;
mod parse;
pub mod values;

pub use parse::{MAX_CELLS, ParseError};
pub use values::Rulesets;

pub mod cake;
pub mod clobber;
pub mod cutcake;
pub mod eatcake;
pub mod elephants;
pub mod hackenbush;
pub mod maundy_cake;
pub mod partizan_euclid;
pub mod toads;
pub mod toppling;

use cgt_core::outcome::Side;

/// The colour of a Hackenbush edge or a toppling domino: who may move it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Colour {
    /// Left's (`l`).
    Blue,
    /// Right's (`r`).
    Red,
    /// Either player's (`e`).
    Green,
}

impl Colour {
    /// `l`, `r` or `e`.
    pub fn from_char(c: char) -> Option<Colour> {
        match c {
            'l' => Some(Colour::Blue),
            'r' => Some(Colour::Red),
            'e' => Some(Colour::Green),
            _ => None,
        }
    }

    /// The letter of this colour: `l`, `r` or `e`.
    pub fn to_char(self) -> char {
        match self {
            Colour::Blue => 'l',
            Colour::Red => 'r',
            Colour::Green => 'e',
        }
    }

    /// Whether `side` may cut or topple a piece of this colour.
    pub fn movable_by(self, side: Side) -> bool {
        matches!(
            (self, side),
            (Colour::Green, _) | (Colour::Blue, Side::Left) | (Colour::Red, Side::Right)
        )
    }
}
