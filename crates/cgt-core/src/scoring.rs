//! Scoring games: every move earns the mover points, and each player
//! maximises his own total.
//!
//! When every point is eventually won by someone, maximising one's own total
//! is maximising the margin (own total minus the opponent's), so the value
//! of a position is a negamax on the margin.
//!
//! - [`ScoringGame`]: a game given by its moves and their points.
//! - [`ScoreMemo`]: the best margin of a position and the best move with its
//!   margin, memoised, with an explicit stack.
//!
//! # Example
//! Take 1 or 2 coins from the top of a row and keep their values:
//! ```
//! use cgt_core::scoring::{BestMove, ScoreMemo, ScoringGame};
//!
//! struct Row(Vec<i64>);
//! impl ScoringGame for Row {
//!     /// How many coins are gone from the top.
//!     type Position = usize;
//!     fn moves(&self, &top: &usize, out: &mut Vec<(usize, i64)>) {
//!         for take in 1..=2 {
//!             if top + take <= self.0.len() {
//!                 out.push((top + take, self.0[top..top + take].iter().sum()));
//!             }
//!         }
//!     }
//! }
//!
//! let mut memo = ScoreMemo::new(Row(vec![1, 3, 1, 7, 2]));
//! let margin = memo.best_margin(&0);
//! assert_eq!((14 + margin) / 2, 9); // the first player's total
//! let best = memo.best_move(&0).unwrap();
//! // Taking only the 1 is best: taking 1 + 3 would hand over the 7.
//! assert_eq!(best, BestMove { to: 1, points: 1, margin: 4 });
//! ```

use crate::memo::GameMemo;
use std::hash::Hash;

/// A scoring game: a move earns its points for the mover, then the opponent
/// moves; a position with no moves ends the game.
pub trait ScoringGame {
    /// A position of the game.
    type Position: Clone + Eq + Hash;

    /// Pushes `(next position, points for the mover)` for every move from
    /// `position`. The game must end.
    fn moves(&self, position: &Self::Position, moves: &mut Vec<(Self::Position, i64)>);
}

/// The best move from a position of a scoring game.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct BestMove<P> {
    /// The position it leads to.
    pub to: P,
    /// The points it earns the mover.
    pub points: i64,
    /// The margin the mover ends with: `points` minus the opponent's best
    /// margin from `to`.
    pub margin: i64,
}

/// Best margins of one scoring game's positions, memoised in a table bound
/// to that game: a [`GameMemo`] with the questions of scoring games.
///
/// # Complexity
/// Each position reachable from a query is expanded once.
///
/// # Panics
/// If a cycle is reachable from a queried position (the game must end).
pub type ScoreMemo<G> = GameMemo<G, <G as ScoringGame>::Position, i64>;

impl<G: ScoringGame> GameMemo<G, G::Position, i64> {
    /// The best margin (mover's points minus the opponent's, from here to
    /// the end) the player to move can force from `position`; 0 where the
    /// game is over.
    pub fn best_margin(&mut self, position: &G::Position) -> i64 {
        self.evaluate(
            position,
            |game, p, out| game.moves(p, out),
            |_, options| {
                options
                    .iter()
                    .map(|&(points, margin)| points - margin)
                    .max()
                    .unwrap_or(0)
            },
        )
    }

    /// The first best move (in the game's order) with its margin, or `None`
    /// where the game is over.
    pub fn best_move(&mut self, position: &G::Position) -> Option<BestMove<G::Position>> {
        let best = self.best_margin(position);
        let mut moves = Vec::new();
        self.game().moves(position, &mut moves);
        moves.into_iter().find_map(|(to, points)| {
            let margin = points - self.best_margin(&to);
            (margin == best).then_some(BestMove { to, points, margin })
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// From 0: 5 points and the end, or 3 points and the opponent takes 10.
    struct Choice;
    impl ScoringGame for Choice {
        type Position = u8;
        fn moves(&self, &s: &u8, out: &mut Vec<(u8, i64)>) {
            match s {
                0 => out.extend([(1, 5), (2, 3)]),
                2 => out.push((1, 10)),
                _ => {}
            }
        }
    }

    #[test]
    fn the_bigger_margin_wins() {
        let mut memo = ScoreMemo::new(Choice);
        assert_eq!(memo.best_margin(&0), 5);
        assert_eq!(
            memo.best_move(&0),
            Some(BestMove {
                to: 1,
                points: 5,
                margin: 5
            })
        );
        assert_eq!(memo.best_move(&1), None);
        assert_eq!(memo.best_margin(&2), 10);
    }
}
