//! The search engine under every memo of this crate: a depth-first search
//! with an explicit stack that values each reachable position once.

use rustc_hash::{FxHashMap, FxHashSet};
use std::hash::Hash;

/// Values of positions, and the search that fills them.
///
/// Not public: each typed memo ([`GrundyMemo`](crate::impartial::GrundyMemo),
/// [`OutcomeMemo`](crate::partizan::OutcomeMemo),
/// [`ScoreMemo`](crate::scoring::ScoreMemo)) owns one together with its game,
/// so a table can never be filled by one set of rules and read by another.
#[derive(Clone, Debug)]
pub(crate) struct Memo<K, V> {
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
    pub(crate) fn len(&self) -> usize {
        self.values.len()
    }

    /// The value of `start`, computing every position reachable from it.
    ///
    /// `expand(position, options)` pushes each option with the data `E` of
    /// the move that reaches it; `combine(position, values)` gets those data
    /// with the options' values, in the same order, and returns the
    /// position's value.
    ///
    /// # Panics
    /// If the game graph has a cycle reachable from `start`.
    pub(crate) fn evaluate<E>(
        &mut self,
        start: &K,
        mut expand: impl FnMut(&K, &mut Vec<(K, E)>),
        mut combine: impl FnMut(&K, &[(E, V)]) -> V,
    ) -> V {
        if let Some(value) = self.values.get(start) {
            return value.clone();
        }
        let mut on_path = FxHashSet::default();
        let mut stack = vec![Frame::open(start.clone(), &mut on_path, &mut expand)];
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
                    "the game graph has a cycle: a game must end"
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
