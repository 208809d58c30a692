//! The one walk behind every memoised function of a game.
//!
//! A function of a game (its negative, a sum, its thermograph, its cooled
//! form, its birthday, …) is a function of the values of a few smaller
//! keys, usually the game's options: [`walk`] computes it for a root key
//! children first on an explicit stack, so no call-stack depth grows with
//! the games, and each operation only says what a key needs and how its
//! value is made from theirs. [`GameStore::memoised`] runs it on a table of
//! the store's [`Memos`].

use super::order::LeFrame;
use super::uptimal::Uptimal;
use super::{GameId, GameStore, Result};
use crate::dyadic::Dyadic;
use crate::thermograph::Thermograph;
use rustc_hash::FxHashMap;
use std::hash::Hash;

/// The comparisons `a <= b` found so far: a cache, not a record, so its
/// size is bounded. It was the store's largest table when it kept every pair
/// (2^27 buckets, 1.3 GB of the store's 1.9 GB, for the empty 6 × 6
/// Domineering board), and a comparison is cheap to search again from its
/// options (themselves mostly cached). Each entry is one `u64`: `a` in the
/// high half, `b` and the answer in the low one; pairs with `b >= 2^31`
/// are not kept. Two-way buckets: a new entry goes first, the older of the
/// two is dropped.
#[derive(Clone, Debug)]
pub(crate) struct LeCache {
    slots: Vec<u64>,
    /// Entries written since the table last grew.
    written: usize,
    /// The most slots (a power of two).
    max_slots: usize,
}

impl Default for LeCache {
    fn default() -> Self {
        LeCache {
            slots: Vec::new(),
            written: 0,
            max_slots: Self::MAX_SLOTS,
        }
    }
}

impl LeCache {
    const MIN_SLOTS: usize = 1 << 10;
    /// 2^23 slots: 64 MiB.
    const MAX_SLOTS: usize = 1 << 23;

    /// The entry's key (its answer bit clear), or `None` if `b` is too big
    /// or `a == b` (whose key would be 0, an empty slot's).
    fn key(a: GameId, b: GameId) -> Option<u64> {
        (b.0 < 1 << 31 && a != b).then(|| u64::from(a.0) << 32 | u64::from(b.0) << 1)
    }

    /// The first slot of the key's bucket of two in a table of `len` slots.
    fn bucket(key: u64, len: usize) -> usize {
        // Fibonacci hashing: the product's high bits mix all of the key's.
        let bits = len.trailing_zeros();
        ((key.wrapping_mul(0x9E37_79B9_7F4A_7C15) >> (64 - bits)) as usize) & !1
    }

    pub(super) fn get(&self, a: GameId, b: GameId) -> Option<bool> {
        let key = Self::key(a, b)?;
        if self.slots.is_empty() {
            return None;
        }
        let i = Self::bucket(key, self.slots.len());
        self.slots[i..i + 2]
            .iter()
            .find(|&&entry| entry & !1 == key)
            .map(|&entry| entry & 1 == 1)
    }

    pub(super) fn insert(&mut self, a: GameId, b: GameId, le: bool) {
        let Some(key) = Self::key(a, b) else {
            return;
        };
        self.written += 1;
        if self.slots.len() < self.max_slots && self.written > self.slots.len() / 2 {
            let len = (self.slots.len() * 2).max(Self::MIN_SLOTS);
            let old = std::mem::replace(&mut self.slots, vec![0; len]);
            // The older entry of each bucket first, so the newer stays first.
            for pair in old.chunks_exact(2) {
                for &entry in pair.iter().rev().filter(|&&e| e != 0) {
                    self.put(entry);
                }
            }
            self.written = 0;
        }
        self.put(key | u64::from(le));
    }

    fn put(&mut self, entry: u64) {
        let i = Self::bucket(entry & !1, self.slots.len());
        if self.slots[i] & !1 != entry & !1 {
            self.slots[i + 1] = self.slots[i];
        }
        self.slots[i] = entry;
    }

    fn memory_bytes(&self) -> usize {
        self.slots.capacity() * std::mem::size_of::<u64>()
    }
}

/// The store's memo tables, one per function of games.
#[derive(Clone, Debug, Default)]
pub(crate) struct Memos {
    pub(super) le: LeCache,
    /// The search stack of `le`, kept between calls (no allocation per call).
    pub(super) le_stack: Vec<LeFrame>,
    pub(super) sums: FxHashMap<(GameId, GameId), GameId>,
    pub(super) thermographs: FxHashMap<GameId, Thermograph>,
    pub(super) birthdays: FxHashMap<GameId, u128>,
    pub(super) cooled: FxHashMap<(GameId, Dyadic), GameId>,
    pub(super) heated: FxHashMap<(GameId, GameId), GameId>,
    pub(super) overheated: FxHashMap<(GameId, GameId, GameId), GameId>,
    pub(super) norton: FxHashMap<(GameId, GameId), GameId>,
    pub(super) far_stars: FxHashMap<GameId, u64>,
    pub(super) reduced: FxHashMap<GameId, GameId>,
    pub(super) weights: FxHashMap<GameId, GameId>,
    pub(super) all_small: FxHashMap<GameId, bool>,
    pub(super) uptimals: FxHashMap<GameId, Option<Uptimal>>,
    /// Written forms of at most `write::WRITTEN_KEPT` bytes.
    pub(super) written: FxHashMap<GameId, Box<str>>,
}

/// The bytes a hash table holding `capacity` entries of `K` and `V` has
/// allocated, as hashbrown (the standard library's table) lays it out: a
/// power of two of buckets, at most 7/8 of them full, each an entry and
/// one control byte, plus a group of control bytes.
pub(super) fn table_bytes<K, V>(capacity: usize) -> usize {
    if capacity == 0 {
        return 0;
    }
    let buckets = if capacity < 8 {
        (capacity + 1).next_power_of_two()
    } else {
        (capacity.saturating_mul(8) / 7).next_power_of_two()
    };
    buckets.saturating_mul(std::mem::size_of::<(K, V)>() + 1) + 16
}

/// The bytes `map` holds: its table, and what `heap` says each value
/// holds beyond it.
pub(super) fn map_bytes<K, V>(map: &FxHashMap<K, V>, heap: impl Fn(&V) -> usize) -> usize {
    table_bytes::<K, V>(map.capacity()) + map.values().map(heap).sum::<usize>()
}

impl Memos {
    /// An estimate of the bytes the memo tables hold: each table from its
    /// capacity, plus the vectors and strings its values own.
    pub(super) fn memory_bytes(&self) -> usize {
        fn plain<K, V>(map: &FxHashMap<K, V>) -> usize {
            table_bytes::<K, V>(map.capacity())
        }
        let trajectory = |t: &crate::thermograph::Trajectory| std::mem::size_of_val(t.points());
        self.le.memory_bytes()
            + self.le_stack.capacity() * std::mem::size_of::<LeFrame>()
            + plain(&self.sums)
            + map_bytes(&self.thermographs, |t: &Thermograph| {
                trajectory(&t.left) + trajectory(&t.right)
            })
            + plain(&self.birthdays)
            + plain(&self.cooled)
            + plain(&self.heated)
            + plain(&self.overheated)
            + plain(&self.norton)
            + plain(&self.far_stars)
            + plain(&self.reduced)
            + plain(&self.weights)
            + plain(&self.all_small)
            + map_bytes(&self.uptimals, |u: &Option<Uptimal>| {
                u.as_ref().map_or(0, Uptimal::heap_bytes)
            })
            + map_bytes(&self.written, |w| w.len())
    }
}

/// Computes `root`'s value children first, with an explicit stack.
///
/// - `known(state, key)`: the value when it needs no walk (a formula, or
///   the memo), `None` otherwise;
/// - `needs(state, key, out)`: pushes the keys whose values make `key`'s;
/// - `make(state, key, values)`: `key`'s value from theirs, in the order
///   `needs` pushed them; it records the value so that `known` finds it.
///
/// # Errors
/// The first error of `known` or `make`.
pub(crate) fn walk<S, K: Copy, V: Clone>(
    state: &mut S,
    root: K,
    known: impl Fn(&mut S, K) -> Option<Result<V>>,
    needs: impl Fn(&mut S, K, &mut Vec<K>),
    mut make: impl FnMut(&mut S, K, &[V]) -> Result<V>,
) -> Result<V> {
    if let Some(value) = known(state, root) {
        return value;
    }
    // (key, where its needs start in `pending`, or None before they are pushed)
    let mut stack: Vec<(K, Option<usize>)> = vec![(root, None)];
    let mut pending: Vec<K> = Vec::new();
    let mut values: Vec<V> = Vec::new();
    let mut result = None;
    while let Some(&(key, start)) = stack.last() {
        match start {
            None => {
                if let Some(value) = known(state, key) {
                    stack.pop();
                    result = Some(value?);
                    continue;
                }
                let start = pending.len();
                needs(state, key, &mut pending);
                if let Some(top) = stack.last_mut() {
                    top.1 = Some(start);
                }
                stack.extend(pending[start..].iter().map(|&need| (need, None)));
            }
            Some(start) => {
                values.clear();
                for &need in &pending[start..] {
                    let value = known(state, need).expect("a need is made before its user")?;
                    values.push(value);
                }
                pending.truncate(start);
                let value = make(state, key, &values)?;
                stack.pop();
                result = Some(value);
            }
        }
    }
    Ok(result.expect("the root was made"))
}

impl GameStore {
    /// [`walk`] on the store, memoised in `table`: `formula` gives values
    /// that are never stored (numbers, `x + n·↑ + *m`), `make` computes the
    /// rest from the values of `needs`.
    pub(super) fn memoised<K: Copy + Eq + Hash, V: Clone>(
        &mut self,
        root: K,
        table: fn(&mut Memos) -> &mut FxHashMap<K, V>,
        formula: impl Fn(&mut Self, K) -> Option<Result<V>>,
        needs: impl Fn(&mut Self, K, &mut Vec<K>),
        mut make: impl FnMut(&mut Self, K, &[V]) -> Result<V>,
    ) -> Result<V> {
        walk(
            self,
            root,
            |s, key| formula(s, key).or_else(|| table(&mut s.memos).get(&key).cloned().map(Ok)),
            needs,
            |s, key, values| {
                let value = make(s, key, values)?;
                table(&mut s.memos).insert(key, value.clone());
                Ok(value)
            },
        )
    }

    /// Splits the values of `g`'s options (left then right, as
    /// [`GameStore::push_options`] lists them) by player.
    pub(super) fn by_side<'v, V>(&mut self, g: GameId, values: &'v [V]) -> (&'v [V], &'v [V]) {
        values.split_at(self.left_len(g))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The cache answers only what was put in, keeps the newest of a
    /// bucket, grows to its bound and no further, and keeps no pair it
    /// cannot encode.
    #[test]
    fn the_comparison_cache_keeps_what_it_can() {
        // A small bound, so that the test fills it quickly.
        let max_slots = 1 << 14;
        let mut cache = LeCache {
            max_slots,
            ..LeCache::default()
        };
        let id = GameId;
        assert_eq!(cache.get(id(1), id(2)), None);
        cache.insert(id(1), id(2), true);
        cache.insert(id(2), id(1), false);
        assert_eq!(cache.get(id(1), id(2)), Some(true));
        assert_eq!(cache.get(id(2), id(1)), Some(false));
        assert_eq!(cache.get(id(1), id(3)), None);
        // An answer written again replaces the first.
        cache.insert(id(1), id(2), false);
        assert_eq!(cache.get(id(1), id(2)), Some(false));
        // Not encodable: b of 2^31 or more, and a == b (key 0, empty).
        cache.insert(id(5), id(1 << 31), true);
        assert_eq!(cache.get(id(5), id(1 << 31)), None);
        cache.insert(id(0), id(0), true);
        assert_eq!(cache.get(id(0), id(0)), None);
        assert_eq!(cache.get(GameId(u32::MAX), id(0)), None);
        // Many more pairs than slots: whatever it answers is right, the
        // newest pair is kept, and the table stops at its bound.
        let n = 4 * max_slots as u32;
        for a in 0..n {
            cache.insert(id(a), id(a / 3 + 1), a % 2 == 0);
        }
        assert_eq!(cache.slots.len(), max_slots);
        let mut kept = 0;
        for a in 0..n {
            if let Some(answer) = cache.get(id(a), id(a / 3 + 1)) {
                assert_eq!(answer, a % 2 == 0);
                kept += 1;
            }
        }
        assert!(kept > max_slots / 4, "{kept}");
        // The last pair written is kept.
        assert_eq!(cache.get(id(n - 1), id((n - 1) / 3 + 1)), Some(false));
    }

    /// The estimate follows hashbrown's layout: the buckets behind a
    /// table's capacity, an entry and a control byte each, one group more.
    #[test]
    fn table_bytes_counts_the_buckets_behind_a_capacity() {
        assert_eq!(table_bytes::<u32, u32>(0), 0);
        let mut map: FxHashMap<u32, u32> = FxHashMap::default();
        for n in 0..1000 {
            map.insert(n, n);
        }
        // 1000 entries take 2048 buckets (at most 7/8 full).
        assert_eq!(map.capacity(), 1792);
        assert_eq!(table_bytes::<u32, u32>(map.capacity()), 2048 * 9 + 16);
        let small: FxHashMap<u32, u32> = [(1, 1)].into_iter().collect();
        assert_eq!(table_bytes::<u32, u32>(small.capacity()), 4 * 9 + 16);
    }
}
