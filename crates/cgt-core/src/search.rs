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
//! All of them run on [`Memo::evaluate`], a depth-first search with an
//! explicit stack: no recursion, so deep game graphs do not overflow the call
//! stack. The memo is a value the caller owns and may reuse between queries,
//! as long as the move function stays the same.

use rustc_hash::{FxHashMap, FxHashSet};
use std::hash::Hash;

/// A memo table of positions' values, and the search that fills it.
///
/// # Example
/// Counting the plays of a subtraction game (take 1 or 2 from a heap):
/// ```
/// use cgt_core::search::Memo;
/// let mut memo: Memo<u32, u64> = Memo::new();
/// let plays = memo.evaluate(
///     10,
///     |&heap, moves| moves.extend((1..=2).filter(|&t| t <= heap).map(|t| (heap - t, ()))),
///     |_, options| options.iter().map(|(_, v)| *v).sum::<u64>().max(1),
/// );
/// assert_eq!(plays, 89); // a Fibonacci number
/// ```
#[derive(Clone, Debug)]
pub struct Memo<K, V> {
    values: FxHashMap<K, V>,
}

impl<K, V> Default for Memo<K, V> {
    fn default() -> Self {
        Self {
            values: FxHashMap::default(),
        }
    }
}

impl<K: Hash + Eq + Clone, V: Clone> Memo<K, V> {
    /// An empty memo.
    pub fn new() -> Self {
        Self::default()
    }

    /// How many positions have a value.
    pub fn len(&self) -> usize {
        self.values.len()
    }

    /// Whether no position has a value yet.
    pub fn is_empty(&self) -> bool {
        self.values.is_empty()
    }

    /// The value of `key`, if it has been computed.
    pub fn get(&self, key: &K) -> Option<&V> {
        self.values.get(key)
    }

    /// The value of `start`, computing every position reachable from it.
    ///
    /// `expand(position, options)` pushes each option of `position` with the
    /// data `E` of the move that reaches it (a score, a label, or `()`).
    /// `combine(position, values)` gets those data with the options' values,
    /// in the same order, and returns the position's value; a position with no
    /// options gets `combine(position, &[])`.
    ///
    /// # Complexity
    /// Each reachable position is expanded and combined once, with O(1)
    /// expected hash operations per edge.
    ///
    /// # Panics
    /// If the game graph has a cycle reachable from `start` (the game must
    /// end), and if `expand` or `combine` panic.
    pub fn evaluate<E>(
        &mut self,
        start: K,
        mut expand: impl FnMut(&K, &mut Vec<(K, E)>),
        mut combine: impl FnMut(&K, &[(E, V)]) -> V,
    ) -> V {
        if let Some(value) = self.values.get(&start) {
            return value.clone();
        }
        let mut on_path = FxHashSet::default();
        let mut stack = vec![Frame::open(start, &mut on_path, &mut expand)];
        while let Some(frame) = stack.last_mut() {
            while frame
                .options
                .get(frame.next)
                .is_some_and(|(option, _)| self.values.contains_key(option))
            {
                frame.next += 1;
            }
            if let Some((option, _)) = frame.options.get(frame.next) {
                assert!(
                    !on_path.contains(option),
                    "Memo::evaluate: the game graph has a cycle"
                );
                let option = option.clone();
                stack.push(Frame::open(option, &mut on_path, &mut expand));
                continue;
            }
            let Frame { key, options, .. } = stack.pop().expect("the loop saw a frame");
            let valued: Vec<(E, V)> = options
                .into_iter()
                .map(|(option, data)| (data, self.values[&option].clone()))
                .collect();
            let value = combine(&key, &valued);
            on_path.remove(&key);
            self.values.insert(key, value.clone());
            if stack.is_empty() {
                return value;
            }
        }
        unreachable!("the stack is never empty before the start is valued")
    }
}

/// A position on the search path and the options still to visit.
struct Frame<K, E> {
    key: K,
    options: Vec<(K, E)>,
    next: usize,
}

impl<K: Hash + Eq + Clone, E> Frame<K, E> {
    fn open(
        key: K,
        on_path: &mut FxHashSet<K>,
        expand: &mut impl FnMut(&K, &mut Vec<(K, E)>),
    ) -> Self {
        let mut options = Vec::new();
        expand(&key, &mut options);
        on_path.insert(key.clone());
        Frame {
            key,
            options,
            next: 0,
        }
    }
}

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
            position,
            |s, out| {
                buffer.clear();
                moves(s, &mut buffer);
                out.extend(buffer.drain(..).map(|o| (o, ())));
            },
            |_, options| options.iter().any(|&(_, wins)| !wins),
        )
    }
}

/// Which player: Left and Right in Conway's partizan theory; in the problems,
/// usually Alice and Bob.
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
            (position, to_move),
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
        self.memo.evaluate(position, moves, |_, options| {
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
