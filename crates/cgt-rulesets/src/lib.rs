//! Partizan rulesets written by their rules: [`domineering`],
//! [`hackenbush`], [`clobber`] and [`toppling`] (Toppling Dominoes).
//!
//! Each is a [`PartizanGame`](cgt_core::partizan::PartizanGame) with a
//! reader for the usual text form of its positions (CGSuite's, where it has
//! one), moves written from the rules alone, and a split of a position into
//! the independent parts whose sum it is. These are games, not theory: the
//! values come from `cgt-core`.

mod board;
pub mod domineering;
mod parse;
pub mod values;

pub use parse::{MAX_CELLS, ParseError};
pub use values::Rulesets;

pub mod clobber;
pub mod hackenbush;
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
