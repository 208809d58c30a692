//! A growable bitset of small non-negative integers with a fast mex.

/// A set of `u32` values stored as bits; memory grows with the largest value
/// inserted.
#[derive(Clone, Debug, Default)]
pub(crate) struct BitSet {
    words: Vec<u64>,
}

impl BitSet {
    /// Empties the set, keeping its memory.
    pub(crate) fn clear(&mut self) {
        self.words.iter_mut().for_each(|w| *w = 0);
    }

    /// Makes this set a copy of `other`, reusing memory.
    pub(crate) fn copy_from(&mut self, other: &BitSet) {
        self.words.clear();
        self.words.extend_from_slice(&other.words);
    }

    /// Adds `value`.
    #[inline]
    pub(crate) fn insert(&mut self, value: u32) {
        let word = (value / 64) as usize;
        if word >= self.words.len() {
            self.words.resize(word + 1, 0);
        }
        self.words[word] |= 1 << (value % 64);
    }

    /// Whether `value` is in the set.
    #[cfg(test)]
    pub(crate) fn contains(&self, value: u32) -> bool {
        self.words
            .get((value / 64) as usize)
            .is_some_and(|w| w & (1 << (value % 64)) != 0)
    }

    /// The least value `≥ from` not in the set.
    pub(crate) fn mex_from(&self, from: u64) -> u64 {
        let mut index = (from / 64) as usize;
        let mut word = match self.words.get(index) {
            // Pretend the bits below `from` are set.
            Some(&w) => w | ((1u64 << (from % 64)) - 1),
            None => return from,
        };
        loop {
            if word != u64::MAX {
                return index as u64 * 64 + u64::from(word.trailing_ones());
            }
            index += 1;
            match self.words.get(index) {
                Some(&w) => word = w,
                None => return index as u64 * 64,
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn mex_from_skips_set_values() {
        let mut set = BitSet::default();
        assert_eq!(set.mex_from(0), 0);
        assert_eq!(set.mex_from(70), 70);
        for v in (0..130).filter(|&v| v != 65) {
            set.insert(v);
        }
        assert_eq!(set.mex_from(0), 65);
        assert_eq!(set.mex_from(66), 130);
        assert_eq!(set.mex_from(129), 130);
        assert!(set.contains(64) && !set.contains(65) && !set.contains(1000));
        let mut copy = BitSet::default();
        copy.copy_from(&set);
        set.clear();
        assert_eq!(set.mex_from(0), 0);
        assert_eq!(copy.mex_from(0), 65);
    }
}
