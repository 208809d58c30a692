//! Partizan games: Left and Right have their own options.
//!
//! - [`PartizanGame`]: a game given by its rules, each player's options.
//! - [`OutcomeMemo`]: who wins a position with either player to move, its
//!   [`Outcome`] class, and a winning move; memoised, with an explicit stack.
//!
//! # Example
//! A Hackenbush string (*Winning Ways*, ch. 1): a stalk of blue and red
//! edges on the ground; Left cuts a blue edge, Right a red one, and every
//! edge above the cut falls too.
//! ```
//! use cgt_core::outcome::{Outcome, Side};
//! use cgt_core::partizan::{OutcomeMemo, PartizanGame};
//!
//! struct HackenbushString;
//! impl PartizanGame for HackenbushString {
//!     /// The edges from the ground up: `b'B'` blue (Left's), `b'R'` red.
//!     type Position = Vec<u8>;
//!     fn options(&self, stalk: &Vec<u8>, side: Side, out: &mut Vec<Vec<u8>>) {
//!         let mine = if side == Side::Left { b'B' } else { b'R' };
//!         for (i, &edge) in stalk.iter().enumerate() {
//!             if edge == mine {
//!                 out.push(stalk[..i].to_vec());
//!             }
//!         }
//!     }
//! }
//!
//! let mut memo = OutcomeMemo::new(HackenbushString);
//! assert_eq!(memo.outcome(&b"BR".to_vec()), Outcome::L); // the number 1/2
//! assert_eq!(memo.outcome(&b"RBB".to_vec()), Outcome::R); // -1/4
//! assert_eq!(memo.outcome(&Vec::new()), Outcome::P); // 0
//! // Left, moving first in "BR", cuts the ground edge and leaves nothing.
//! assert_eq!(memo.winning_move(&b"BR".to_vec(), Side::Left), Some(Vec::new()));
//! assert_eq!(memo.winning_move(&b"BR".to_vec(), Side::Right), None);
//! ```

use crate::memo::GameMemo;
use crate::outcome::{Outcome, Side};
use std::hash::Hash;

/// A partizan game under normal play: who cannot move on his turn loses.
pub trait PartizanGame {
    /// A position of the game (without the player to move).
    type Position: Clone + Eq + Hash;

    /// Pushes onto `options` every position that `side` reaches from
    /// `position` in one move. The game must end.
    fn options(&self, position: &Self::Position, side: Side, options: &mut Vec<Self::Position>);
}

/// Who wins each position of one partizan game, memoised in a table bound
/// to that game: a [`GameMemo`] with the questions of partizan games.
///
/// # Complexity
/// Each (position, player to move) reachable from a query is expanded once.
///
/// # Panics
/// If a cycle is reachable from a queried position (the game must end).
pub type OutcomeMemo<G> = GameMemo<G, (<G as PartizanGame>::Position, Side), bool>;

impl<G: PartizanGame> GameMemo<G, (G::Position, Side), bool> {
    /// Whether `to_move`, moving first from `position`, wins with best play.
    pub fn mover_wins(&mut self, position: &G::Position, to_move: Side) -> bool {
        let mut buffer = Vec::new();
        self.evaluate(
            &(position.clone(), to_move),
            |game, (p, side), out| {
                buffer.clear();
                game.options(p, *side, &mut buffer);
                out.extend(buffer.drain(..).map(|o| ((o, side.opponent()), ())));
            },
            |_, options| options.iter().any(|&(_, opponent_wins)| !opponent_wins),
        )
    }

    /// The outcome class of `position`.
    pub fn outcome(&mut self, position: &G::Position) -> Outcome {
        let left = self.mover_wins(position, Side::Left);
        let right = self.mover_wins(position, Side::Right);
        Outcome::from_first_player_wins(left, right)
    }

    /// A move for `to_move` that wins: the first option (in the game's
    /// order) from which the opponent, moving next, loses; `None` if
    /// `to_move` loses `position`.
    pub fn winning_move(&mut self, position: &G::Position, to_move: Side) -> Option<G::Position> {
        if !self.mover_wins(position, to_move) {
            return None;
        }
        let mut options = Vec::new();
        self.game().options(position, to_move, &mut options);
        options
            .into_iter()
            .find(|o| !self.mover_wins(o, to_move.opponent()))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Left may take 1 stone, Right 1 or 2.
    struct Uneven;
    impl PartizanGame for Uneven {
        type Position = u32;
        fn options(&self, &heap: &u32, side: Side, out: &mut Vec<u32>) {
            let most = if side == Side::Left { 1 } else { 2 };
            out.extend((1..=most).filter(|&t| t <= heap).map(|t| heap - t));
        }
    }

    #[test]
    fn outcomes_follow_the_player_to_move() {
        let mut memo = OutcomeMemo::new(Uneven);
        assert_eq!(memo.outcome(&0), Outcome::P);
        assert_eq!(memo.outcome(&1), Outcome::N);
        // Heap 2: Left must leave 1 (Right takes it); Right takes both.
        assert_eq!(memo.outcome(&2), Outcome::R);
        assert_eq!(memo.winning_move(&2, Side::Right), Some(0));
        assert_eq!(memo.winning_move(&2, Side::Left), None);
    }

    #[test]
    fn winning_moves_win() {
        let mut memo = OutcomeMemo::new(Uneven);
        for heap in 0..40 {
            for side in [Side::Left, Side::Right] {
                match memo.winning_move(&heap, side) {
                    Some(next) => assert!(!memo.mover_wins(&next, side.opponent())),
                    None => assert!(!memo.mover_wins(&heap, side)),
                }
            }
        }
    }
}
