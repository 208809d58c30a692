//! Outcome classes and the two players.
//!
//! Under normal play (who cannot move loses) every game is in one of four
//! outcome classes (*Winning Ways*, ch. 1; Siegel, *Combinatorial Game
//! Theory*, I.2): **L** (Left wins whoever starts), **R** (Right wins
//! whoever starts), **N** (the next player, the one to move, wins) and
//! **P** (the previous player wins). Impartial games are only ever N or P.

use std::fmt;

/// A player: Left and Right in Conway's theory; in the problems, usually
/// Alice (who moves first) and Bob.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Side {
    /// Left (Alice, the first player, in the problem crates).
    Left,
    /// Right (Bob).
    Right,
}

impl Side {
    /// The other player.
    pub fn opponent(self) -> Side {
        match self {
            Side::Left => Side::Right,
            Side::Right => Side::Left,
        }
    }
}

/// The outcome class of a game under normal play.
///
/// # Example
/// ```
/// use cgt_core::outcome::{Outcome, Side};
/// let outcome = Outcome::from_first_player_wins(true, false);
/// assert_eq!(outcome, Outcome::L);
/// assert_eq!(outcome.winner(Side::Right), Side::Left);
/// assert_eq!(Outcome::N.winner(Side::Right), Side::Right);
/// assert_eq!(Outcome::P.to_string(), "P");
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Outcome {
    /// Left wins, whoever moves first.
    L,
    /// Right wins, whoever moves first.
    R,
    /// The player to move wins.
    N,
    /// The player to move loses.
    P,
}

impl Outcome {
    /// The class from whether Left wins moving first and whether Right wins
    /// moving first.
    pub fn from_first_player_wins(left_wins_first: bool, right_wins_first: bool) -> Outcome {
        match (left_wins_first, right_wins_first) {
            (true, true) => Outcome::N,
            (false, false) => Outcome::P,
            (true, false) => Outcome::L,
            (false, true) => Outcome::R,
        }
    }

    /// Who wins when `to_move` moves first.
    pub fn winner(self, to_move: Side) -> Side {
        match self {
            Outcome::L => Side::Left,
            Outcome::R => Side::Right,
            Outcome::N => to_move,
            Outcome::P => to_move.opponent(),
        }
    }
}

impl fmt::Display for Outcome {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Outcome::L => "L",
            Outcome::R => "R",
            Outcome::N => "N",
            Outcome::P => "P",
        })
    }
}
