//! The tables behind [`ValueMemo`](super::ValueMemo): every position
//! valued from its options, in one open-addressing table, and the bounded
//! cache of the positions that split into components.

use crate::canonical::GameId;
use std::hash::{Hash, Hasher};

/// The values of positions valued from their options: open addressing with
/// linear probing, each slot the position and its value. A lookup mostly
/// reads one cache line, where a hashbrown table reads its control bytes and
/// then the slot: the memo's lookups of an empty 5 × 6 Domineering board's
/// children miss the processor's caches, and were a quarter of its time.
#[derive(Clone, Debug)]
pub(super) struct ValueTable<P> {
    slots: Vec<Option<(P, GameId)>>,
    len: usize,
}

impl<P: Eq + Hash> ValueTable<P> {
    const MIN_SLOTS: usize = 1 << 8;

    pub(super) fn new() -> Self {
        ValueTable {
            slots: Vec::new(),
            len: 0,
        }
    }

    pub(super) fn len(&self) -> usize {
        self.len
    }

    /// The slot where the search for `position` starts, in a table of
    /// `len` slots (a power of two).
    fn home(len: usize, position: &P) -> usize {
        let mut hasher = rustc_hash::FxHasher::default();
        position.hash(&mut hasher);
        // Fibonacci hashing: the product's high bits mix all of the hash's,
        // so that neighbouring keys do not fill runs of slots.
        let bits = len.trailing_zeros();
        (hasher.finish().wrapping_mul(0x9E37_79B9_7F4A_7C15) >> (64 - bits)) as usize
    }

    /// The slot holding `position`, or the empty slot where it would go.
    fn find(&self, position: &P) -> usize {
        let mask = self.slots.len() - 1;
        let mut i = Self::home(self.slots.len(), position);
        // The table is never more than three quarters full: an empty slot
        // ends every search.
        while let Some((p, _)) = &self.slots[i] {
            if p == position {
                break;
            }
            i = (i + 1) & mask;
        }
        i
    }

    pub(super) fn get(&self, position: &P) -> Option<GameId> {
        if self.slots.is_empty() {
            return None;
        }
        self.slots[self.find(position)].as_ref().map(|&(_, v)| v)
    }

    /// Keeps `value` as `position`'s, in place of any value it had.
    pub(super) fn insert(&mut self, position: P, value: GameId) {
        if 4 * (self.len + 1) > 3 * self.slots.len() {
            let len = (self.slots.len() * 2).max(Self::MIN_SLOTS);
            let mut old = std::mem::take(&mut self.slots);
            self.slots.resize_with(len, || None);
            for (p, v) in old.drain(..).flatten() {
                let i = self.find(&p);
                self.slots[i] = Some((p, v));
            }
        }
        let i = self.find(&position);
        if self.slots[i].is_none() {
            self.len += 1;
        }
        self.slots[i] = Some((position, value));
    }

    pub(super) fn clear(&mut self) {
        self.slots = Vec::new();
        self.len = 0;
    }
}

/// A cache of the values of positions that split, in buckets of two slots:
/// a new entry goes first, the older of the two is dropped. It grows with
/// use up to [`SumCache::MAX_SLOTS`].
#[derive(Clone, Debug)]
pub(super) struct SumCache<P> {
    slots: Vec<Option<(P, GameId)>>,
    /// Entries written since the table last grew.
    written: usize,
    /// The most slots (a power of two).
    max_slots: usize,
}

impl<P: Clone + Eq + Hash> SumCache<P> {
    const MIN_SLOTS: usize = 1 << 8;
    /// 2^22 slots: 80 MiB for Domineering's boards (20 bytes a slot).
    const MAX_SLOTS: usize = 1 << 22;

    pub(super) fn new() -> Self {
        SumCache {
            slots: Vec::new(),
            written: 0,
            max_slots: Self::MAX_SLOTS,
        }
    }

    /// The first slot of the position's bucket.
    fn bucket(len: usize, position: &P) -> usize {
        let mut hasher = rustc_hash::FxHasher::default();
        position.hash(&mut hasher);
        // The high bits of Fx's product are its best mixed.
        (hasher.finish() >> 32) as usize & (len - 1) & !1
    }

    pub(super) fn get(&self, position: &P) -> Option<GameId> {
        if self.slots.is_empty() {
            return None;
        }
        let i = Self::bucket(self.slots.len(), position);
        self.slots[i..i + 2].iter().find_map(|slot| match slot {
            Some((p, v)) if p == position => Some(*v),
            _ => None,
        })
    }

    pub(super) fn insert(&mut self, position: P, value: GameId) {
        self.written += 1;
        // Grown early: an entry dropped costs a new sum of the parts.
        if self.slots.len() < self.max_slots && self.written > self.slots.len() / 4 {
            let len = (self.slots.len() * 2).max(Self::MIN_SLOTS);
            let old = std::mem::replace(&mut self.slots, vec![None; len]);
            // The older entry of each bucket first, so the newer stays first.
            for pair in old.chunks_exact(2) {
                for (p, v) in pair.iter().rev().flatten() {
                    self.put(p.clone(), *v);
                }
            }
            self.written = 0;
        }
        self.put(position, value);
    }

    fn put(&mut self, position: P, value: GameId) {
        let i = Self::bucket(self.slots.len(), &position);
        if !matches!(&self.slots[i], Some((p, _)) if *p == position) {
            self.slots[i + 1] = self.slots[i].take();
        }
        self.slots[i] = Some((position, value));
    }

    pub(super) fn clear(&mut self) {
        self.slots = Vec::new();
        self.written = 0;
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::canonical::GameStore;

    /// The table keeps every value through its growth, a value written
    /// again replaces the first, and it answers nothing it was not given.
    #[test]
    fn the_value_table_keeps_every_value() {
        let mut store = GameStore::new();
        let ids: Vec<GameId> = (0..5000).map(|n| store.integer(n)).collect();
        let other = store.integer(-1);
        let mut table = ValueTable::new();
        assert_eq!(table.get(&7u32), None);
        for (n, &id) in (0u32..).zip(&ids) {
            table.insert(n * 3, id);
        }
        table.insert(3, other);
        assert_eq!(table.len(), 5000);
        for (n, &id) in (0u32..).zip(&ids) {
            let expected = if n == 1 { other } else { id };
            assert_eq!(table.get(&(n * 3)), Some(expected), "{n}");
            assert_eq!(table.get(&(n * 3 + 1)), None, "{n}");
        }
        table.clear();
        assert_eq!((table.len(), table.get(&0)), (0, None));
    }

    #[test]
    fn the_sum_cache_keeps_the_newest_of_a_slot() {
        let mut store = GameStore::new();
        let ids: Vec<GameId> = (0..100).map(|k| store.integer(k)).collect();
        let id = |p: u64| ids[p as usize % ids.len()];
        // A small bound, so that the test fills it quickly.
        let max_slots = 1 << 12;
        let mut cache: SumCache<u64> = SumCache {
            max_slots,
            ..SumCache::new()
        };
        assert_eq!(cache.get(&7), None);
        cache.insert(7, id(3));
        assert_eq!(cache.get(&7), Some(id(3)));
        let n = 4 * max_slots as u64;
        for p in 0..n {
            cache.insert(p, id(p));
        }
        assert_eq!(cache.slots.len(), max_slots);
        let kept = (0..n)
            .filter(|&p| {
                let v = cache.get(&p);
                assert!(v.is_none_or(|v| v == id(p)), "{p}");
                v.is_some()
            })
            .count();
        assert!(kept > max_slots / 2, "{kept}");
        assert_eq!(cache.get(&(n - 1)), Some(id(n - 1)));
        cache.clear();
        assert_eq!(cache.get(&(n - 1)), None);
    }
}
