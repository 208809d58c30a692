//! The minimum excludant (mex): the least non-negative integer not in a set.
//!
//! The Grundy value of an impartial position is the mex of its options'
//! Grundy values (Sprague-Grundy theorem; Berlekamp, Conway, Guy, *Winning
//! Ways*, ch. 4).

use smallvec::SmallVec;

/// Returns the least non-negative integer that `values` does not contain.
///
/// Duplicates and gaps are fine. Memory is bounded by the number of values,
/// whatever their size: a value larger than the count cannot be the answer's
/// obstacle, so it is ignored.
///
/// # Example
/// ```
/// use cgt_core::mex::mex;
/// assert_eq!(mex([0, 1, 1, 3]), 2);
/// assert_eq!(mex([5, 7]), 0);
/// assert_eq!(mex(std::iter::empty()), 0);
/// ```
///
/// # Complexity
/// O(k) time and O(k) bits for k values.
pub fn mex<I: IntoIterator<Item = usize>>(values: I) -> usize {
    let values: SmallVec<[usize; 32]> = values.into_iter().collect();
    let mut seen = MexSet::new();
    for value in values.iter().copied().filter(|&v| v <= values.len()) {
        seen.insert(value);
    }
    seen.mex()
}

/// A reusable set of small non-negative integers with a fast mex.
///
/// A bitset backed by a `SmallVec`: up to 256 values live inline, so hot loops
/// that [`clear`](MexSet::clear) and refill one set do not allocate.
///
/// # Example
/// ```
/// use cgt_core::mex::MexSet;
/// let mut set = MexSet::new();
/// for g in [0, 2, 1, 4] {
///     set.insert(g);
/// }
/// assert_eq!(set.mex(), 3);
/// set.clear();
/// assert_eq!(set.mex(), 0);
/// ```
///
/// # Complexity
/// `insert` is O(1) amortised; `mex` and `clear` are O(m / 64) for the largest
/// inserted value m. Memory is O(m / 64) words, so insert only small values.
#[derive(Clone, Debug, Default)]
pub struct MexSet {
    words: SmallVec<[u64; 4]>,
}

impl MexSet {
    /// An empty set.
    pub fn new() -> Self {
        Self::default()
    }

    /// Empties the set, keeping its memory.
    pub fn clear(&mut self) {
        self.words.iter_mut().for_each(|w| *w = 0);
    }

    /// Adds `value` to the set.
    pub fn insert(&mut self, value: usize) {
        let word = value / 64;
        if word >= self.words.len() {
            self.words.resize(word + 1, 0);
        }
        self.words[word] |= 1 << (value % 64);
    }

    /// Whether `value` is in the set.
    pub fn contains(&self, value: usize) -> bool {
        self.words
            .get(value / 64)
            .is_some_and(|w| w & (1 << (value % 64)) != 0)
    }

    /// The least non-negative integer not in the set.
    pub fn mex(&self) -> usize {
        for (index, &word) in self.words.iter().enumerate() {
            if word != u64::MAX {
                return index * 64 + word.trailing_ones() as usize;
            }
        }
        self.words.len() * 64
    }
}

impl Extend<usize> for MexSet {
    fn extend<I: IntoIterator<Item = usize>>(&mut self, values: I) {
        values.into_iter().for_each(|v| self.insert(v));
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::collections::BTreeSet;

    fn naive_mex(values: &[usize]) -> usize {
        let set: BTreeSet<usize> = values.iter().copied().collect();
        (0..)
            .find(|v| !set.contains(v))
            .expect("some value is missing")
    }

    #[test]
    fn mex_matches_a_naive_set_on_random_multisets() {
        // A linear congruential generator is random enough for test data.
        let mut state = 7_u64;
        let mut below = |bound: u64| {
            state = state
                .wrapping_mul(6_364_136_223_846_793_005)
                .wrapping_add(1);
            (state >> 33) % bound
        };
        let mut reused = MexSet::new();
        for case in 0..20_000 {
            let len = below(40) as usize;
            // Small ranges give duplicates, large ones gaps.
            let range = 1 + below(if case % 2 == 0 { 8 } else { 300 });
            let values: Vec<usize> = (0..len).map(|_| below(range) as usize).collect();
            let expected = naive_mex(&values);
            assert_eq!(mex(values.iter().copied()), expected, "mex of {values:?}");
            reused.clear();
            reused.extend(values.iter().copied());
            assert_eq!(reused.mex(), expected, "MexSet of {values:?}");
            for v in 0..range as usize {
                assert_eq!(reused.contains(v), values.contains(&v), "contains {v}");
            }
        }
    }

    #[test]
    fn mex_ignores_huge_values_without_allocating_for_them() {
        assert_eq!(mex([usize::MAX, 0, usize::MAX - 1]), 1);
    }

    #[test]
    fn full_words_roll_over() {
        let mut set = MexSet::new();
        set.extend(0..64);
        assert_eq!(set.mex(), 64);
        set.extend(64..128);
        assert_eq!(set.mex(), 128);
    }
}
