//! Who wins a sum, by search: minimax over the sum's parts with a
//! transposition table, without the canonical form of the whole.
//!
//! A sum is a multiset of *parts* (positions the caller names by numbers,
//! see [`Parts`]) and one *value*, a canonical form in a [`GameStore`]: the
//! parts a caller could value cheaply are already added into it. A move
//! replaces one part by the parts and value of one of its options, or
//! replaces the value by one of its options. When no part is left, the
//! store's outcome of the value answers at once, so the search only goes as
//! deep as the parts stay too big to value.
//!
//! This is the plan of Müller's group's MCGS (split into independent
//! parts, replace what is known by its value, search the rest with a
//! transposition table) on cgt's value store.
//!
//! # Example
//! Nim heaps of 1, 2 and 3 as parts named by their sizes, and a value `*`:
//! the heaps' nim-sum is 0, so with `*` added the player to move wins.
//! ```
//! use cgt_core::canonical::{GameStore, ValueError};
//! use cgt_core::outcome::Side;
//! use cgt_core::solve::{PartId, Parts, Split, Sum, SumSearch};
//!
//! struct Nim;
//! impl Parts for Nim {
//!     fn options(&mut self, store: &mut GameStore, heap: PartId, _: Side,
//!                out: &mut Vec<Split>) -> Result<(), ValueError> {
//!         for smaller in 0..heap {
//!             let parts = if smaller == 0 { vec![] } else { vec![smaller] };
//!             out.push(Split::new(parts, store.zero()));
//!         }
//!         Ok(())
//!     }
//! }
//!
//! let mut store = GameStore::new();
//! let mut search = SumSearch::new();
//! let zero = store.zero();
//! let star = store.nimber(1);
//! let balanced = Sum::new([1, 2, 3], zero);
//! assert!(!search.mover_wins(&mut Nim, &mut store, &balanced, Side::Left)?);
//! let with_star = Sum::new([1, 2, 3], star);
//! assert!(search.mover_wins(&mut Nim, &mut store, &with_star, Side::Right)?);
//! # Ok::<(), ValueError>(())
//! ```
//!
//! # Complexity
//! Each (sum, player) reached is searched once (the table remembers it);
//! the number reached depends on how soon the parts become small enough to
//! value.

use crate::canonical::{GameId, GameStore, ValueError};
use crate::outcome::Side;
use rustc_hash::FxHashMap;
use smallvec::SmallVec;

/// A part of a sum, named by a number its [`Parts`] gives out: equal
/// numbers must mean equal positions.
pub type PartId = u64;

/// What a move in a part leaves: the parts its option splits into, and the
/// value of the pieces that were valued.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Split {
    /// The option's parts still to be searched.
    pub parts: SmallVec<[PartId; 4]>,
    /// The sum of the option's valued pieces (zero if none).
    pub value: GameId,
}

impl Split {
    /// An option that splits into `parts` and the value `value`.
    pub fn new(parts: impl IntoIterator<Item = PartId>, value: GameId) -> Self {
        Split {
            parts: parts.into_iter().collect(),
            value,
        }
    }
}

/// The positions a [`SumSearch`] moves in, by their rules.
pub trait Parts {
    /// Pushes onto `out` every option of `part` for `side`, each as the
    /// parts and value it splits into.
    ///
    /// # Errors
    /// A value that overflows while an option is valued.
    fn options(
        &mut self,
        store: &mut GameStore,
        part: PartId,
        side: Side,
        out: &mut Vec<Split>,
    ) -> Result<(), ValueError>;

    /// The value of `part` if it is cheap to find (`None`: search it). A
    /// sum of many parts asks this of its parts, so that the search does
    /// not multiply their positions; the default values nothing.
    ///
    /// # Errors
    /// A value that overflows.
    fn value(&mut self, store: &mut GameStore, part: PartId) -> Result<Option<GameId>, ValueError> {
        let _ = (store, part);
        Ok(None)
    }

    /// `part` as a class and an index in it, when the caller numbers its
    /// parts densely from 0 in each class (a class below [`MAX_CLASSES`]):
    /// distinct parts must have distinct pairs. The search then keeps
    /// what it learns of a part (its options, the answers of the part
    /// alone) in vectors by index, where the parts met last lie together,
    /// instead of hash tables that miss the cache at every probe. The
    /// default, `None`: hash tables.
    fn dense(&self, part: PartId) -> Option<(usize, usize)> {
        let _ = part;
        None
    }
}

/// The classes [`Parts::dense`] may use.
pub const MAX_CLASSES: usize = 1 << 12;

/// The indices past which a part is kept in the hash tables however
/// [`Parts::dense`] numbers it: the vectors by index stay bounded (32
/// bytes a part, no more than the caller's own numbering of its parts).
const MAX_DENSE: usize = 1 << 24;

/// A sum of more parts than this has its parts valued where
/// [`Parts::value`] can.
pub const MANY_PARTS: usize = 4;

/// A sum: parts (kept sorted, a part may repeat) and a value.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Sum {
    parts: SmallVec<[PartId; 8]>,
    value: GameId,
}

impl Sum {
    /// The sum of `parts` and `value`.
    pub fn new(parts: impl IntoIterator<Item = PartId>, value: GameId) -> Self {
        let mut parts: SmallVec<[PartId; 8]> = parts.into_iter().collect();
        parts.sort_unstable();
        Sum { parts, value }
    }

    /// The parts, sorted.
    pub fn parts(&self) -> &[PartId] {
        &self.parts
    }

    /// The value the parts are added to.
    pub fn value(&self) -> GameId {
        self.value
    }

    /// This sum with the part at `index` replaced by the parts `split`, and
    /// `value` (the old value plus the split's, added by the caller).
    fn replaced(&self, index: usize, split: &[PartId], value: GameId) -> Sum {
        let mut parts = self.parts.clone();
        parts.remove(index);
        for &p in split {
            let at = parts.partition_point(|&q| q < p);
            parts.insert(at, p);
        }
        Sum { parts, value }
    }
}

/// How many sums the table keeps answers for, and how many options of
/// parts it keeps, before it forgets them all and starts again: the
/// memory of a long search stays bounded (a few hundred megabytes),
/// at the price of searching again what it forgot.
const MAX_ANSWERS: usize = 1 << 22;
const MAX_SPLITS: usize = 1 << 22;

/// The most slots of the table of small sums, as a power of two: 2^22
/// slots of 16 bytes, 64 MiB.
const SMALL_BITS: u32 = 22;

/// The slots the table of small sums starts with, as a power of two: it
/// doubles when half full, so that it stays as small as its answers (a
/// table larger than they need misses the cache, and the TLB, on every
/// probe: one of 2^22 slots from the start made the search slower).
const SMALL_FIRST_BITS: u32 = 12;

/// The most parts a sum packed into a slot of the table of small sums has.
const SMALL_PARTS: usize = 3;

/// A small sum packed into one slot: its parts plus one (0: no part), then
/// its value's index in the low 28 bits of the last word and the answer's
/// four bits (see [`SumSearch::remember`]) in the top 4. A slot whose first
/// word is 0 is empty: a packed sum has a first part.
type Slot = [u32; 4];

const VALUE_BITS: u32 = 28;
const VALUE_MASK: u32 = (1 << VALUE_BITS) - 1;

/// The answers of the sums of at most [`SMALL_PARTS`] parts whose numbers
/// and value's index fit a [`Slot`]: a table of two-slot buckets
/// in one cache line, the slot keeping its whole key (so a hit is exact).
/// Most sums a search meets are such, and one probe here misses the cache
/// once where the hash map of [`Sum`]s (96-byte buckets and their control
/// bytes) missed it twice or more.
///
/// A third key in a bucket moves the bucket's older answer to a hash map
/// beside it, and marks the bucket, so that no answer is lost: a search
/// that forgets answers searches the same sums again, and again below
/// them (an Elephants and Rhinos case of MCGS, `elephants_bwn` case 8:
/// 0.01 s with every answer kept, still searching after minutes when full
/// buckets forgot their older answer).
struct SmallTable {
    slots: Vec<Slot>,
    /// Slots in use.
    len: usize,
    /// The most slots, as a power of two.
    max_bits: u32,
    /// The answers moved out of full buckets, by key (answer bits 0).
    spilled: FxHashMap<Slot, u8>,
    /// A bit per bucket: whether it moved an answer to `spilled`.
    marks: Vec<u64>,
}

impl SmallTable {
    fn new(max_bits: u32) -> Self {
        let slots = 1 << SMALL_FIRST_BITS.min(max_bits);
        SmallTable {
            slots: vec![[0; 4]; slots],
            len: 0,
            max_bits,
            spilled: FxHashMap::default(),
            marks: vec![0; (slots / 2).div_ceil(64)],
        }
    }

    /// Twice the slots, every answer kept.
    fn grow(&mut self) {
        let slots = self.slots.len() * 2;
        let old = std::mem::replace(&mut self.slots, vec![[0; 4]; slots]);
        let spilled = std::mem::take(&mut self.spilled);
        self.marks = vec![0; (slots / 2).div_ceil(64)];
        self.len = 0;
        // Each bucket's second slot first, so that the first stays first.
        for pair in old.chunks_exact(2) {
            for slot in pair.iter().rev().filter(|slot| slot[0] != 0) {
                let mut key = *slot;
                key[3] &= VALUE_MASK;
                self.add(&key, (slot[3] >> VALUE_BITS) as u8);
            }
        }
        for (key, bits) in spilled {
            self.add(&key, bits);
        }
    }

    /// `sum` packed (answer bits 0), if it fits.
    fn pack(sum: &Sum) -> Option<Slot> {
        if sum.parts.is_empty() || sum.parts.len() > SMALL_PARTS {
            return None;
        }
        let value = u32::try_from(sum.value.index()).ok()?;
        if value > VALUE_MASK {
            return None;
        }
        let mut slot = [0, 0, 0, value];
        for (word, &part) in slot.iter_mut().zip(&sum.parts) {
            *word = u32::try_from(part).ok()?.checked_add(1)?;
        }
        Some(slot)
    }

    /// The first slot of `key`'s bucket.
    fn bucket(&self, key: &Slot) -> usize {
        const K: u64 = 0x9e37_79b9_7f4a_7c15;
        let low = u64::from(key[0]) | u64::from(key[1]) << 32;
        let high = u64::from(key[2]) | u64::from(key[3]) << 32;
        let h = (low.wrapping_mul(K) ^ high).wrapping_mul(K);
        // The high bits mix every word; the mask keeps an even index.
        (h >> 32) as usize & (self.slots.len() - 1) & !1
    }

    fn same(slot: &Slot, key: &Slot) -> bool {
        slot[..3] == key[..3] && slot[3] & VALUE_MASK == key[3]
    }

    /// Whether the bucket whose first slot is `at` moved an answer out.
    fn marked(&self, at: usize) -> bool {
        let bucket = at / 2;
        self.marks[bucket / 64] >> (bucket % 64) & 1 == 1
    }

    /// The answer bits of `key`, 0 if it has none.
    fn get(&self, key: &Slot) -> u8 {
        let at = self.bucket(key);
        for slot in &self.slots[at..at + 2] {
            if Self::same(slot, key) {
                return (slot[3] >> VALUE_BITS) as u8;
            }
        }
        if self.marked(at) {
            return self.spilled.get(key).copied().unwrap_or(0);
        }
        0
    }

    /// Adds `bits` to the answer bits of `key`; a new key goes first in
    /// its bucket, the older answer there moving second (and the second,
    /// if there is one, to `spilled`).
    fn add(&mut self, key: &Slot, bits: u8) {
        let at = self.bucket(key);
        for i in at..at + 2 {
            if Self::same(&self.slots[i], key) {
                self.slots[i][3] |= u32::from(bits) << VALUE_BITS;
                return;
            }
        }
        if self.marked(at)
            && let Some(spilled) = self.spilled.get_mut(key)
        {
            *spilled |= bits;
            return;
        }
        if self.slots[at + 1][0] == 0 {
            self.len += 1;
            if self.len * 2 > self.slots.len() && self.slots.len() < 1 << self.max_bits {
                self.grow();
                return self.add(key, bits);
            }
        } else {
            if self.spilled.len() >= MAX_ANSWERS {
                // Bounded as the table of other sums is.
                self.spilled = FxHashMap::default();
            }
            let second = self.slots[at + 1];
            let mut older = second;
            older[3] &= VALUE_MASK;
            self.spilled.insert(older, (second[3] >> VALUE_BITS) as u8);
            let bucket = at / 2;
            self.marks[bucket / 64] |= 1 << (bucket % 64);
        }
        self.slots[at + 1] = self.slots[at];
        self.slots[at] = *key;
        self.slots[at][3] |= u32::from(bits) << VALUE_BITS;
    }
}

/// A part's option as the search keeps it: 16 bytes and 8 a part where a
/// [`Split`] takes 48 with its parts inline, for millions of them (on MCGS's
/// `gen_toads_1230`, the search's peak memory went from 105 to 72 MB). Its
/// parts are in [`SumSearch::split_parts`] from where the option before it
/// in `splits` ends (0 for the first) to `end`.
#[derive(Clone, Copy)]
struct KeptSplit {
    end: usize,
    value: GameId,
}

/// What the search knows of one part numbered by [`Parts::dense`].
#[derive(Clone, Copy, Default)]
struct PartMemo {
    /// The range of `splits` of its options for Left and for Right, the
    /// start plus one (0: not made yet).
    options: [(u32, u32); 2],
    /// The answers of the sums of this part alone and a value: the value's
    /// index plus one (0: none) and the answer bits. The sum of a part and
    /// a value not here is in the tables (this holds the first two values
    /// met, and never lets one go).
    alone: [(u32, u8); 2],
}

/// A sum on the search path: the sums its player can move to whose
/// answer was not known when it was opened and that are still to try (the
/// next one last).
struct Frame {
    sum: Sum,
    to_move: Side,
    children: Vec<Sum>,
}

/// The memo of a search of sums: a transposition table (who wins each sum
/// with each player to move) and each part's options, split.
///
/// Keep one `SumSearch` beside one [`Parts`] and one store: part numbers
/// and value ids mean nothing to another (with another store, the search
/// starts over).
pub struct SumSearch {
    store: Option<u64>,
    /// Per sum, two bits a side: known (bit 0 for Left, 2 for Right) and
    /// wins (bit 1 for Left, 3 for Right); the small sums in `small`
    /// (allocated at the first answer), the others here.
    table: FxHashMap<Sum, u8>,
    small: Option<SmallTable>,
    /// The size of `small`, as a power of two.
    small_bits: u32,
    /// By [`Parts::dense`]'s class and index.
    dense: Vec<Vec<PartMemo>>,
    /// Each part's options for a side: a range of `splits`.
    options: FxHashMap<(PartId, Side), (usize, usize)>,
    splits: Vec<KeptSplit>,
    /// The parts of the options in `splits`, each option's in a row.
    split_parts: Vec<PartId>,
    /// The options a part gives, before they are kept.
    new_splits: Vec<Split>,
    /// The parts asked for their value, and the answers.
    valued: FxHashMap<PartId, Option<GameId>>,
    searched: u64,
}

impl Default for SumSearch {
    fn default() -> Self {
        Self::new()
    }
}

impl SumSearch {
    /// An empty memo.
    pub fn new() -> Self {
        Self::with_small_bits(SMALL_BITS)
    }

    fn with_small_bits(small_bits: u32) -> Self {
        SumSearch {
            store: None,
            table: FxHashMap::default(),
            small: None,
            small_bits,
            dense: Vec::new(),
            options: FxHashMap::default(),
            splits: Vec::new(),
            split_parts: Vec::new(),
            new_splits: Vec::new(),
            valued: FxHashMap::default(),
            searched: 0,
        }
    }

    /// How many sums have been searched (expanded) so far.
    pub fn searched(&self) -> u64 {
        self.searched
    }

    /// How many sums the table holds answers for.
    pub fn len(&self) -> usize {
        self.table.len() + self.small.as_ref().map_or(0, |small| small.len)
    }

    /// Whether the table is empty.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// Whether `to_move`, moving first in `sum`, wins with best play.
    ///
    /// # Errors
    /// A value that overflows while options are valued or added.
    pub fn mover_wins<P: Parts>(
        &mut self,
        parts: &mut P,
        store: &mut GameStore,
        sum: &Sum,
        to_move: Side,
    ) -> Result<bool, ValueError> {
        if self.store != Some(store.token()) {
            *self = SumSearch::with_small_bits(self.small_bits);
            self.store = Some(store.token());
        }
        let sum = self.fewer_parts(parts, store, sum.clone())?;
        if let Some(known) = self.known(parts, store, &sum, to_move) {
            return Ok(known);
        }
        let mut stack = Vec::new();
        // The answer for the frame just finished (or just opened and
        // decided by the table alone), for its parent.
        let mut answer = self.open(parts, store, sum, to_move, &mut stack)?;
        loop {
            if let Some(wins) = answer.take() {
                match stack.last_mut() {
                    None => return Ok(wins),
                    // The child loses for its mover: its parent wins.
                    Some(_) if !wins => {
                        let frame = stack.pop().expect("the top frame");
                        self.remember(parts, frame.sum, frame.to_move, true);
                        answer = Some(true);
                        continue;
                    }
                    Some(_) => {}
                }
            }
            let top = stack.last_mut().expect("the loop returns at the bottom");
            let Some(child) = top.children.pop() else {
                // Every move loses.
                let frame = stack.pop().expect("the top frame");
                self.remember(parts, frame.sum, frame.to_move, false);
                answer = Some(false);
                continue;
            };
            let opponent = top.to_move.opponent();
            answer = match self.known(parts, store, &child, opponent) {
                Some(known) => Some(known),
                None => self.open(parts, store, child, opponent, &mut stack)?,
            };
        }
    }

    /// Opens `sum` with `to_move` to move: its answer if the table decides
    /// it from the children alone (a child known lost for its mover wins at
    /// once, an enhanced transposition cut-off), else a new frame on
    /// `stack` with the children still to search.
    fn open<P: Parts>(
        &mut self,
        parts: &mut P,
        store: &mut GameStore,
        sum: Sum,
        to_move: Side,
        stack: &mut Vec<Frame>,
    ) -> Result<Option<bool>, ValueError> {
        self.searched += 1;
        if self.table.len() >= MAX_ANSWERS {
            self.table = FxHashMap::default();
        }
        if self.splits.len() >= MAX_SPLITS {
            self.splits = Vec::new();
            self.split_parts = Vec::new();
            self.options = FxHashMap::default();
            for memo in self.dense.iter_mut().flatten() {
                memo.options = Default::default();
            }
        }
        let opponent = to_move.opponent();
        let mut children = Vec::new();
        let mut cursor = (0, 0);
        while let Some(child) = self.next_child(parts, store, &sum, to_move, &mut cursor)? {
            let child = self.fewer_parts(parts, store, child)?;
            match self.known(parts, store, &child, opponent) {
                Some(false) => {
                    self.remember(parts, sum, to_move, true);
                    return Ok(Some(true));
                }
                Some(true) => {}
                None => children.push(child),
            }
        }
        if children.is_empty() {
            self.remember(parts, sum, to_move, false);
            return Ok(Some(false));
        }
        children.reverse();
        stack.push(Frame {
            sum,
            to_move,
            children,
        });
        Ok(None)
    }

    /// The answer without a search: from the value when no part is left,
    /// else from the part's memo (a part alone) or the tables.
    fn known<P: Parts>(
        &mut self,
        parts: &P,
        store: &mut GameStore,
        sum: &Sum,
        to_move: Side,
    ) -> Option<bool> {
        if sum.parts.is_empty() {
            return Some(store.outcome(sum.value).winner(to_move) == to_move);
        }
        let alone = self.alone(parts, sum).and_then(|(memo, value)| {
            let slot = memo.alone.iter().find(|slot| slot.0 == value)?;
            Some(slot.1)
        });
        let bits = match (alone, SmallTable::pack(sum), &self.small) {
            (Some(bits), _, _) => bits,
            (None, Some(key), Some(small)) => small.get(&key),
            (None, Some(_), None) => 0,
            (None, None, _) => *self.table.get(sum)?,
        };
        let shift = Self::shift(to_move);
        (bits >> shift & 1 == 1).then_some(bits >> (shift + 1) & 1 == 1)
    }

    fn shift(side: Side) -> u8 {
        match side {
            Side::Left => 0,
            Side::Right => 2,
        }
    }

    /// The memo of `sum`'s one part and its value's index plus one, when
    /// it has one part numbered densely.
    fn alone<P: Parts>(&mut self, parts: &P, sum: &Sum) -> Option<(&mut PartMemo, u32)> {
        let [part] = sum.parts[..] else {
            return None;
        };
        let value = u32::try_from(sum.value.index()).ok()?.checked_add(1)?;
        Some((self.part_memo(parts, part)?, value))
    }

    /// The memo of `part` by [`Parts::dense`], made if new.
    fn part_memo<P: Parts>(&mut self, parts: &P, part: PartId) -> Option<&mut PartMemo> {
        let (class, index) = parts.dense(part)?;
        if class >= MAX_CLASSES || index >= MAX_DENSE {
            return None;
        }
        if self.dense.len() <= class {
            self.dense.resize_with(class + 1, Vec::new);
        }
        let memos = &mut self.dense[class];
        if memos.len() <= index {
            memos.resize(index + 1, PartMemo::default());
        }
        Some(&mut memos[index])
    }

    fn remember<P: Parts>(&mut self, parts: &P, sum: Sum, to_move: Side, wins: bool) {
        let bits = (1 | u8::from(wins) << 1) << Self::shift(to_move);
        if let Some((memo, value)) = self.alone(parts, &sum) {
            // The value's slot, or a free one: a sum is in one place only,
            // as slots are never freed.
            if let Some(slot) = memo
                .alone
                .iter_mut()
                .find(|slot| slot.0 == value || slot.0 == 0)
            {
                slot.0 = value;
                slot.1 |= bits;
                return;
            }
        }
        match SmallTable::pack(&sum) {
            Some(key) => {
                let bits_of_small = self.small_bits;
                let small = self
                    .small
                    .get_or_insert_with(|| SmallTable::new(bits_of_small));
                small.add(&key, bits);
            }
            None => *self.table.entry(sum).or_default() |= bits,
        }
    }

    /// `sum` with the parts that [`Parts::value`] values added into its
    /// value, when it has more than [`MANY_PARTS`] parts.
    fn fewer_parts<P: Parts>(
        &mut self,
        parts: &mut P,
        store: &mut GameStore,
        sum: Sum,
    ) -> Result<Sum, ValueError> {
        if sum.parts.len() <= MANY_PARTS {
            return Ok(sum);
        }
        let mut kept = SmallVec::new();
        let mut value = sum.value;
        for &part in &sum.parts {
            let known = match self.valued.get(&part) {
                Some(&known) => known,
                None => {
                    let known = parts.value(store, part)?;
                    self.valued.insert(part, known);
                    known
                }
            };
            match known {
                Some(v) => value = store.add(value, v)?,
                None => kept.push(part),
            }
        }
        Ok(Sum { parts: kept, value })
    }

    /// The next sum `side` can move to from `sum`, or `None` when every
    /// move has been made: the parts' options first (each distinct part
    /// once), then the value's; `cursor` is (part index, option index).
    fn next_child<P: Parts>(
        &mut self,
        parts: &mut P,
        store: &mut GameStore,
        sum: &Sum,
        side: Side,
        cursor: &mut (usize, usize),
    ) -> Result<Option<Sum>, ValueError> {
        while cursor.0 < sum.parts.len() {
            let index = cursor.0;
            let part = sum.parts[index];
            if index > 0 && sum.parts[index - 1] == part {
                cursor.0 += 1;
                continue;
            }
            let (start, len) = self.options_of(parts, store, part, side)?;
            if cursor.1 < len {
                let at = start + cursor.1;
                cursor.1 += 1;
                let split = self.splits[at];
                let from = at
                    .checked_sub(1)
                    .map_or(0, |before| self.splits[before].end);
                let value = store.add(sum.value, split.value)?;
                return Ok(Some(sum.replaced(
                    index,
                    &self.split_parts[from..split.end],
                    value,
                )));
            }
            cursor.0 += 1;
            cursor.1 = 0;
        }
        let options = store.options(sum.value, side)?;
        match options.get(cursor.1) {
            Some(&value) => {
                cursor.1 += 1;
                Ok(Some(Sum {
                    parts: sum.parts.clone(),
                    value,
                }))
            }
            None => Ok(None),
        }
    }

    /// The range of `splits` that holds `part`'s options for `side`.
    fn options_of<P: Parts>(
        &mut self,
        parts: &mut P,
        store: &mut GameStore,
        part: PartId,
        side: Side,
    ) -> Result<(usize, usize), ValueError> {
        let s = usize::from(side == Side::Right);
        if let Some(memo) = self.part_memo(parts, part) {
            let (start, len) = memo.options[s];
            if start > 0 {
                return Ok((start as usize - 1, len as usize));
            }
        } else if let Some(&range) = self.options.get(&(part, side)) {
            return Ok(range);
        }
        let start = self.splits.len();
        let mut new_splits = std::mem::take(&mut self.new_splits);
        new_splits.clear();
        parts.options(store, part, side, &mut new_splits)?;
        for split in new_splits.drain(..) {
            self.split_parts.extend_from_slice(&split.parts);
            self.splits.push(KeptSplit {
                end: self.split_parts.len(),
                value: split.value,
            });
        }
        self.new_splits = new_splits;
        let range = (start, self.splits.len() - start);
        let packed = u32::try_from(start + 1)
            .ok()
            .zip(u32::try_from(range.1).ok());
        match (self.part_memo(parts, part), packed) {
            (Some(memo), Some(packed)) => memo.options[s] = packed,
            _ => {
                self.options.insert((part, side), range);
            }
        }
        Ok(range)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::partizan::{OutcomeMemo, PartizanGame};

    /// Hackenbush strings of up to 8 edges, as bit patterns with a leading
    /// 1 (bit set: a blue edge): a small partizan game with moves everywhere.
    #[derive(Clone, Copy)]
    struct Strings;

    fn cut(s: u64, at: u64) -> u64 {
        // Keep the `at` lowest edges below the cut, under the leading 1.
        (s & ((1 << at) - 1)) | (1 << at)
    }

    fn edges(s: u64) -> u64 {
        63 - s.leading_zeros() as u64
    }

    impl PartizanGame for Strings {
        type Position = Vec<u64>;
        fn options(&self, sum: &Vec<u64>, side: Side, out: &mut Vec<Vec<u64>>) {
            let blue = side == Side::Left;
            for (i, &s) in sum.iter().enumerate() {
                for at in 0..edges(s) {
                    if (s >> at & 1 == 1) == blue {
                        let mut next = sum.clone();
                        next[i] = cut(s, at);
                        next.retain(|&t| t != 1);
                        next.sort_unstable();
                        out.push(next);
                    }
                }
            }
        }
    }

    impl Parts for Strings {
        fn options(
            &mut self,
            store: &mut GameStore,
            s: PartId,
            side: Side,
            out: &mut Vec<Split>,
        ) -> Result<(), ValueError> {
            let blue = side == Side::Left;
            for at in 0..edges(s) {
                if (s >> at & 1 == 1) == blue {
                    let rest = cut(s, at);
                    let parts = if rest == 1 { vec![] } else { vec![rest] };
                    out.push(Split::new(parts, store.zero()));
                }
            }
            Ok(())
        }
    }

    /// [`Strings`] numbered densely in three classes.
    struct DenseStrings;

    impl Parts for DenseStrings {
        fn options(
            &mut self,
            store: &mut GameStore,
            s: PartId,
            side: Side,
            out: &mut Vec<Split>,
        ) -> Result<(), ValueError> {
            Parts::options(&mut Strings, store, s, side, out)
        }

        fn dense(&self, s: PartId) -> Option<(usize, usize)> {
            Some((s as usize % 3, s as usize / 3))
        }
    }

    #[test]
    fn sums_of_strings_agree_with_the_plain_search() {
        strings_against_the_plain_search(SumSearch::new(), Strings);
    }

    /// The parts' options and the answers of a part alone in vectors by
    /// index (a part alone with more than two values in the tables).
    #[test]
    fn densely_numbered_strings_agree_with_the_plain_search() {
        strings_against_the_plain_search(SumSearch::new(), DenseStrings);
        strings_against_the_plain_search(SumSearch::with_small_bits(3), DenseStrings);
    }

    /// A table of small sums of 8 slots: its buckets fill and move their
    /// older answers out all the time, and a probe meets other sums' keys
    /// in its bucket.
    #[test]
    fn a_tiny_table_of_small_sums_answers_the_same() {
        strings_against_the_plain_search(SumSearch::with_small_bits(3), Strings);
    }

    /// The table of small sums forgets no answer, in a table too small for
    /// them (8 slots) and in one that grows: each key's answer bits, added
    /// in two steps, as the search adds a side's answer to the other's.
    #[test]
    fn the_table_of_small_sums_keeps_every_answer() {
        for (max_bits, keys) in [(3, 2_000u32), (SMALL_BITS, 60_000)] {
            let mut table = SmallTable::new(max_bits);
            let key = |k: u32| [k % 97 + 1, k / 97 + 1, 0, k % 5];
            for k in 0..keys {
                table.add(&key(k), 1 << (k % 2));
            }
            for k in 0..keys {
                table.add(&key(k), 4);
            }
            for k in 0..keys {
                assert_eq!(
                    table.get(&key(k)),
                    4 | 1 << (k % 2),
                    "key {k}, {max_bits} bits"
                );
            }
            assert_eq!(table.get(&key(keys)), 0);
            let slots = table.slots.len();
            assert!(slots <= 1 << max_bits && table.len <= slots, "{slots}");
            assert!(!table.spilled.is_empty(), "no bucket was full");
        }
    }

    /// Sums of more parts than a slot holds go to the hash map, beside
    /// the small sums they move to.
    #[test]
    fn sums_of_four_strings_agree_with_the_plain_search() {
        let mut store = GameStore::new();
        let mut search = SumSearch::with_small_bits(4);
        let mut plain = OutcomeMemo::new(Strings);
        let zero = store.zero();
        let strings = [2, 5, 6, 11, 13, 22, 45];
        for (i, &a) in strings.iter().enumerate() {
            for (j, &b) in strings.iter().enumerate().skip(i) {
                for &c in &strings[j..] {
                    let parts = vec![a, b, c, 9];
                    let mut sorted = parts.clone();
                    sorted.sort_unstable();
                    for side in [Side::Left, Side::Right] {
                        let sum = Sum::new(parts.iter().copied(), zero);
                        assert_eq!(
                            search.mover_wins(&mut Strings, &mut store, &sum, side),
                            Ok(plain.mover_wins(&sorted, side)),
                            "{parts:?} {side:?}"
                        );
                    }
                }
            }
        }
        assert!(!search.table.is_empty() && search.small.is_some());
    }

    /// A sum whose value's index or parts do not fit a slot is not packed.
    #[test]
    fn only_small_sums_pack() {
        let store = GameStore::new();
        let zero = store.zero();
        assert!(SmallTable::pack(&Sum::new([], zero)).is_none());
        assert_eq!(
            SmallTable::pack(&Sum::new([0, 7], zero)),
            Some([1, 8, 0, zero.index() as u32])
        );
        assert!(SmallTable::pack(&Sum::new([1, 2, 3, 4], zero)).is_none());
        assert!(SmallTable::pack(&Sum::new([u64::from(u32::MAX)], zero)).is_none());
        assert!(SmallTable::pack(&Sum::new([1 << 40], zero)).is_none());
    }

    fn strings_against_the_plain_search<P: Parts>(mut search: SumSearch, mut strings_parts: P) {
        let mut store = GameStore::new();
        let mut plain = OutcomeMemo::new(Strings);
        let strings: Vec<u64> = (2..64).collect();
        let zero = store.zero();
        let half = store.parse("1/2").unwrap();
        for (i, &a) in strings.iter().enumerate() {
            for &b in &strings[i..] {
                for c in [None, Some(7), Some(13)] {
                    let mut parts = vec![a, b];
                    parts.extend(c);
                    parts.sort_unstable();
                    for side in [Side::Left, Side::Right] {
                        let expected = plain.mover_wins(&parts, side);
                        let sum = Sum::new(parts.iter().copied(), zero);
                        assert_eq!(
                            search.mover_wins(&mut strings_parts, &mut store, &sum, side),
                            Ok(expected),
                            "{parts:?} {side:?}"
                        );
                    }
                }
                // With a value: the strings plus 1/2 against the plain search
                // of the strings plus the stalk 1/2 (blue on the ground, red above: 0b101).
                let mut with_half = vec![a, b, 0b101];
                with_half.sort_unstable();
                for side in [Side::Left, Side::Right] {
                    let sum = Sum::new([a, b], half);
                    assert_eq!(
                        search.mover_wins(&mut strings_parts, &mut store, &sum, side),
                        Ok(plain.mover_wins(&with_half, side)),
                        "{a} {b} + 1/2, {side:?}"
                    );
                }
            }
        }
        // One string and one of five values (a part alone with more values
        // than its memo holds), against the string and the value's stalk.
        let values = [
            ("1", 0b11),
            ("-1", 0b10),
            ("1/2", 0b101),
            ("-1/2", 0b110),
            ("2", 0b111),
        ];
        for &a in &strings {
            for (value, stalk) in values {
                let value = store.parse(value).unwrap();
                let mut both = vec![a, stalk];
                both.sort_unstable();
                for side in [Side::Left, Side::Right] {
                    assert_eq!(
                        search.mover_wins(
                            &mut strings_parts,
                            &mut store,
                            &Sum::new([a], value),
                            side
                        ),
                        Ok(plain.mover_wins(&both, side)),
                        "{a} + {stalk:b}, {side:?}"
                    );
                }
            }
        }
    }
}
