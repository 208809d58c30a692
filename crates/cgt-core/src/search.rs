//! Exhaustive, memoised game searches written from the rules alone.
//!
//! These are the test oracles of the workspace: slow, obviously correct, and
//! generic over the state type and a move function supplied by the caller.
//! Every problem crate enumerates all small positions and compares its fast
//! solver with one of these searches.
//!
//! - [`ImpartialSearch`]: normal play, both players have the same moves; does
//!   the player to move win?
//! - [`PartizanSearch`]: normal play, each player has his own moves; does the
//!   player to move win?
//! - [`ScoreSearch`]: every move scores points for the mover; both players
//!   maximise their own total (a zero-sum game on the margin).
//!
//! Superseded by the game traits of [`crate::impartial`],
//! [`crate::partizan`] and [`crate::scoring`]; kept only until every crate
//! has moved to them.

use crate::memo::Memo;
pub use crate::outcome::Side;
use std::hash::Hash;

/// Win/lose search for impartial games under normal play (who cannot move
/// loses).
///
/// # Example
/// Take 1, 2 or 3 from a heap: multiples of 4 are lost for the mover.
/// ```
/// use cgt_core::search::ImpartialSearch;
/// let mut search = ImpartialSearch::new();
/// let moves = |&heap: &u32, out: &mut Vec<u32>| out.extend((1..=3).filter(|&t| t <= heap).map(|t| heap - t));
/// assert!(!search.mover_wins(8, moves));
/// assert!(search.mover_wins(9, moves));
/// ```
#[derive(Clone, Debug)]
pub struct ImpartialSearch<S> {
    memo: Memo<S, bool>,
}

impl<S> Default for ImpartialSearch<S> {
    fn default() -> Self {
        Self {
            memo: Memo::default(),
        }
    }
}

impl<S: Hash + Eq + Clone> ImpartialSearch<S> {
    /// An empty search; reuse it across positions of one game.
    pub fn new() -> Self {
        Self::default()
    }

    /// Whether the player to move from `position` wins with best play.
    ///
    /// `moves(position, options)` pushes the positions one move away.
    pub fn mover_wins(&mut self, position: S, mut moves: impl FnMut(&S, &mut Vec<S>)) -> bool {
        let mut buffer = Vec::new();
        self.memo.evaluate(
            &position,
            |s, out| {
                buffer.clear();
                moves(s, &mut buffer);
                out.extend(buffer.drain(..).map(|o| (o, ())));
            },
            |_, options| options.iter().any(|&(_, wins)| !wins),
        )
    }
}

/// Win/lose search for partizan games under normal play: each player has his
/// own moves, and who cannot move on his turn loses.
///
/// # Example
/// Left may take 1 stone, Right 1 or 2: a heap of 2 is Right's to win.
/// ```
/// use cgt_core::search::{PartizanSearch, Side};
/// let mut search = PartizanSearch::new();
/// let moves = |&heap: &u32, side: Side, out: &mut Vec<u32>| {
///     let most = if side == Side::Left { 1 } else { 2 };
///     out.extend((1..=most).filter(|&t| t <= heap).map(|t| heap - t));
/// };
/// assert!(!search.mover_wins(2, Side::Left, moves));
/// assert!(search.mover_wins(2, Side::Right, moves));
/// ```
#[derive(Clone, Debug)]
pub struct PartizanSearch<S> {
    memo: Memo<(S, Side), bool>,
}

impl<S> Default for PartizanSearch<S> {
    fn default() -> Self {
        Self {
            memo: Memo::default(),
        }
    }
}

impl<S: Hash + Eq + Clone> PartizanSearch<S> {
    /// An empty search; reuse it across positions of one game.
    pub fn new() -> Self {
        Self::default()
    }

    /// Whether `to_move`, moving from `position`, wins with best play.
    ///
    /// `moves(position, side, options)` pushes the positions that `side` can
    /// reach in one move.
    pub fn mover_wins(
        &mut self,
        position: S,
        to_move: Side,
        mut moves: impl FnMut(&S, Side, &mut Vec<S>),
    ) -> bool {
        let mut buffer = Vec::new();
        self.memo.evaluate(
            &(position, to_move),
            |(s, side), out| {
                buffer.clear();
                moves(s, *side, &mut buffer);
                out.extend(buffer.drain(..).map(|o| ((o, side.opponent()), ())));
            },
            |_, options| options.iter().any(|&(_, wins)| !wins),
        )
    }
}

/// Score search: each move earns the mover some points, the turn passes, and
/// both players maximise their own final total.
///
/// When every point is eventually won by someone, maximising one's own total
/// is maximising the margin (own total minus the opponent's), so this is a
/// negamax on the margin.
///
/// # Example
/// Take 1 or 2 coins from the top of a row, keep their values:
/// ```
/// use cgt_core::search::ScoreSearch;
/// let coins = [1_i64, 3, 1, 7, 2];
/// let mut search = ScoreSearch::new();
/// let margin = search.best_margin(0_usize, |&top, out| {
///     for take in 1..=2 {
///         if top + take <= coins.len() {
///             out.push((top + take, coins[top..top + take].iter().sum()));
///         }
///     }
/// });
/// let total: i64 = coins.iter().sum();
/// assert_eq!((total + margin) / 2, 9); // the first player's total
/// ```
#[derive(Clone, Debug)]
pub struct ScoreSearch<S> {
    memo: Memo<S, i64>,
}

impl<S> Default for ScoreSearch<S> {
    fn default() -> Self {
        Self {
            memo: Memo::default(),
        }
    }
}

impl<S: Hash + Eq + Clone> ScoreSearch<S> {
    /// An empty search; reuse it across positions of one game.
    pub fn new() -> Self {
        Self::default()
    }

    /// The best margin (mover's points minus the opponent's, from here to the
    /// end) the player to move can force from `position`.
    ///
    /// `moves(position, options)` pushes `(next position, points for the
    /// mover)`; the opponent moves next. A position with no moves ends the
    /// game (margin 0).
    pub fn best_margin(&mut self, position: S, moves: impl FnMut(&S, &mut Vec<(S, i64)>)) -> i64 {
        self.memo.evaluate(&position, moves, |_, options| {
            options
                .iter()
                .map(|&(points, margin)| points - margin)
                .max()
                .unwrap_or(0)
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn deep_chains_do_not_overflow_the_stack() {
        let mut search = ImpartialSearch::new();
        let moves = |&n: &u32, out: &mut Vec<u32>| {
            if n > 0 {
                out.push(n - 1);
            }
        };
        assert!(!search.mover_wins(1_000_000, moves));
        assert!(search.mover_wins(999_999, moves));
    }

    #[test]
    #[should_panic(expected = "cycle")]
    fn cycles_are_reported() {
        let mut search = ImpartialSearch::new();
        search.mover_wins(0_u8, |&s, out| out.push((s + 1) % 3));
    }

    #[test]
    fn nim_losses_are_the_zero_xor_positions() {
        let mut search = ImpartialSearch::new();
        let moves = |heaps: &Vec<u8>, out: &mut Vec<Vec<u8>>| {
            for i in 0..heaps.len() {
                for left in 0..heaps[i] {
                    let mut next = heaps.clone();
                    next[i] = left;
                    out.push(next);
                }
            }
        };
        for a in 0..6 {
            for b in 0..6 {
                for c in 0..6 {
                    let expected = a ^ b ^ c != 0;
                    assert_eq!(
                        search.mover_wins(vec![a, b, c], moves),
                        expected,
                        "{a} {b} {c}"
                    );
                }
            }
        }
    }

    #[test]
    fn partizan_search_tracks_the_player_to_move() {
        // Left removes 1 from a heap of ones; Right has no moves at all.
        let mut search = PartizanSearch::new();
        let moves = |&n: &u8, side: Side, out: &mut Vec<u8>| {
            if side == Side::Left && n > 0 {
                out.push(n - 1);
            }
        };
        assert!(search.mover_wins(1, Side::Left, moves));
        assert!(!search.mover_wins(0, Side::Left, moves));
        assert!(!search.mover_wins(5, Side::Right, moves));
    }

    #[test]
    fn score_search_prefers_the_bigger_margin() {
        // One move of 5 points or one of 3 points that forces the opponent to
        // take 10: the first is better.
        let mut search = ScoreSearch::new();
        let moves = |&s: &u8, out: &mut Vec<(u8, i64)>| match s {
            0 => out.extend([(1, 5), (2, 3)]),
            2 => out.push((1, 10)),
            _ => {}
        };
        assert_eq!(search.best_margin(0, moves), 5);
    }
}
