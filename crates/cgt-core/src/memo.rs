//! The memo table every game of this crate is answered by, and its search:
//! a depth-first search with an explicit stack that values each reachable
//! position once.

use rustc_hash::{FxHashMap, FxHashSet};
use std::hash::Hash;

/// A game and the values of its positions, computed on demand: the table
/// behind [`GrundyMemo`](crate::impartial::GrundyMemo),
/// [`OutcomeMemo`](crate::partizan::OutcomeMemo) and
/// [`ScoreMemo`](crate::scoring::ScoreMemo), which name it for each kind of
/// game and add their questions.
///
/// The memo owns its game, so a table filled by one set of rules can never
/// answer for another; memos of different game types are different types.
/// It is a value the caller owns: no global state.
#[derive(Clone, Debug)]
pub struct GameMemo<G, K, V> {
    game: G,
    values: FxHashMap<K, V>,
}

impl<G, K, V> GameMemo<G, K, V> {
    /// An empty memo for `game`.
    pub fn new(game: G) -> Self {
        Self {
            game,
            values: FxHashMap::default(),
        }
    }

    /// The game this memo answers for.
    pub fn game(&self) -> &G {
        &self.game
    }

    /// How many positions (for partizan games, position and player to move)
    /// have a known value.
    pub fn len(&self) -> usize {
        self.values.len()
    }

    /// Whether nothing has been computed yet.
    pub fn is_empty(&self) -> bool {
        self.values.is_empty()
    }
}

impl<G, K: Hash + Eq + Clone, V: Clone> GameMemo<G, K, V> {
    /// The value of `position` if the memo has it: a look-up, never a
    /// search.
    ///
    /// # Example
    /// ```
    /// use cgt_core::impartial::GrundyMemo;
    /// use cgt_core::nimber::Nimber;
    /// # use cgt_core::impartial::ImpartialGame;
    /// # struct Subtract;
    /// # impl ImpartialGame for Subtract {
    /// #     type Position = u32;
    /// #     fn options(&self, n: &u32, out: &mut Vec<u32>) {
    /// #         out.extend((1..=2).filter(|k| k <= n).map(|k| n - k));
    /// #     }
    /// # }
    /// let mut memo = GrundyMemo::new(Subtract);
    /// assert_eq!(memo.known(&5), None);
    /// memo.grundy(&5);
    /// assert_eq!(memo.known(&5), Some(&Nimber(2)));
    /// assert_eq!(memo.known(&6), None);
    /// ```
    ///
    /// # Complexity
    /// One hash look-up.
    pub fn known(&self, position: &K) -> Option<&V> {
        self.values.get(position)
    }

    /// The value of `start`, computing every position reachable from it.
    ///
    /// `expand(game, position, options)` pushes each option with the data `E`
    /// of the move that reaches it; `combine(position, values)` gets those data
    /// with the options' values, in the same order, and returns the
    /// position's value.
    ///
    /// # Panics
    /// If the game graph has a cycle reachable from `start`.
    pub(crate) fn evaluate<E>(
        &mut self,
        start: &K,
        expand: impl FnMut(&G, &K, &mut Vec<(K, E)>),
        combine: impl FnMut(&K, &[(E, V)]) -> V,
    ) -> V {
        match self.evaluate_until(start, expand, combine, STOP_EVERY, &mut || false) {
            Some(value) => value,
            None => unreachable!("a search that is never stopped ends"),
        }
    }

    /// [`evaluate`](Self::evaluate) that asks `stop()` every `every`
    /// positions it opens and returns `None` as soon as it
    /// says yes; the values finished so far stay, so asking again goes on
    /// from them (redoing at most the open path).
    ///
    /// # Panics
    /// As [`evaluate`](Self::evaluate).
    pub(crate) fn evaluate_until<E>(
        &mut self,
        start: &K,
        mut expand: impl FnMut(&G, &K, &mut Vec<(K, E)>),
        mut combine: impl FnMut(&K, &[(E, V)]) -> V,
        every: u32,
        stop: &mut dyn FnMut() -> bool,
    ) -> Option<V> {
        if let Some(value) = self.values.get(start) {
            return Some(value.clone());
        }
        let mut opened = 0u32;
        let Self { game, values } = self;
        let mut expand = |key: &K, options: &mut Vec<(K, E)>| expand(game, key, options);
        let mut on_path = FxHashSet::default();
        let mut stack = vec![Frame::open(start.clone(), &mut on_path, &mut expand)];
        while let Some(frame) = stack.last_mut() {
            while frame
                .options
                .get(frame.next)
                .is_some_and(|(option, _)| values.contains_key(option))
            {
                frame.next += 1;
            }
            if let Some((option, _)) = frame.options.get(frame.next) {
                assert!(
                    !on_path.contains(option),
                    "the game graph has a cycle: a game must end"
                );
                opened += 1;
                if opened % every == 0 && stop() {
                    return None;
                }
                let option = option.clone();
                stack.push(Frame::open(option, &mut on_path, &mut expand));
                continue;
            }
            let Frame { key, options, .. } = stack.pop().expect("the loop saw a frame");
            let valued: Vec<(E, V)> = options
                .into_iter()
                .map(|(option, data)| (data, values[&option].clone()))
                .collect();
            let value = combine(&key, &valued);
            on_path.remove(&key);
            values.insert(key, value.clone());
            if stack.is_empty() {
                return Some(value);
            }
        }
        unreachable!("the stack is never empty before the start is valued")
    }
}

/// How many positions [`GameMemo::evaluate_until`] opens between two
/// questions to its `stop`: a few milliseconds of search.
pub(crate) const STOP_EVERY: u32 = 1 << 10;

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
