//! The fast engine for finite octal codes: the sparse rare/common method
//! (Gangolli and Plambeck, 1989), with a byte-table mex.
//!
//! # Idea
//! Fix a bitmask `M` and call the *parity* of a value `v` the parity of
//! `popcount(v & M)`. Parity is additive under XOR: the parity of
//! `G(a) ^ G(b)` is the sum of the two parities. Choose `M` (from the
//! histogram of the values so far) so that most positions `a` have a value of
//! odd parity — call those positions *common* and the others (every
//! `G(a) = 0` among them) *rare*. Then a two-heap split `a + b = m` reaches a
//! value of odd parity only when exactly one of `a`, `b` is rare. So:
//!
//! 1. For each split digit, pair every rare position `a < m` with `m - a`:
//!    these few pairs give **all** odd-parity values the splits reach, and
//!    some even ones. Add the one-heap options (O(t)).
//! 2. Walk the candidates upwards from the mex of that set. An odd candidate
//!    that is not in the set is the answer: nothing else can reach it. An even
//!    candidate needs a witness pair `a + b = m` with `G(a) ^ G(b) = v`; with
//!    most positions common and their XORs even, witnesses are plentiful.
//!    Only when no pair is one is `v` the answer — then `G(n)` is even, so
//!    `n` is a new rare position, and those are few.
//!
//! The even candidates below the least odd value missing are checked
//! together: the walk marks pair XORs in a byte table, 32 pairs at a time,
//! until every one of them is marked (a coupon collector's walk — typically
//! a few hundred to a few thousand pairs, not one walk per candidate). Byte
//! stores, unlike setting bits, do not wait on each other. Between blocks
//! only the largest candidate still needed is looked at (the largest are the
//! rarest XORs, as a rule), so the check costs one load and the walk stops
//! within 32 pairs of its last witness. On one thread with 2-byte values the
//! pairs are read, reversed and XORed eight at a time (one SSE2 vector each),
//! which leaves the byte stores, one per pair, as the cost.
//!
//! With r rare positions, a value costs O(r + the walk), plus O(n) for each
//! new rare value. The mask is chosen again at every power of two, with a
//! Walsh–Hadamard transform of the histogram (the number of positions of odd
//! parity under every mask at once). When no mask makes the rare positions
//! fewer than one in 8 the engine lists all pairs (the naive method), which
//! also bounds the rare list (a position and its value, 8 bytes per entry)
//! to one byte per value.
//!
//! # Carried split tables
//! The split `a + b = m` that heap n reaches by removing k tokens is the
//! one heap n − 1 reached by removing k − 1. Each split keeps a byte table
//! of the values its pairs are known to reach (its rare pairs, then the
//! pairs walked), and when both k − 1 and k are split digits (as in `.354`,
//! `.376`) the table passes from heap n − 1 to heap n: its rare pairs are
//! not paired again, and its walk resumes where it stopped. Each split is
//! then paired with the rare list once instead of twice, and the witnesses
//! one heap found serve the next, which roughly halves the walk. The tables
//! are dropped when the mask changes (their rare pairs were for the old
//! one).
//!
//! With several split tables the walk takes a block of each in turn: a
//! value one table reaches only far on may be in the first pairs of
//! another, and walking the first to its end costs n / 2 pairs (`.376` to
//! 2^20, walked one table after the other: 353 million blocks of 32 pairs,
//! 20,944 tables walked to their end; in turn: 20 million and 365).
//!
//! # Several threads
//! Most of heap n's work reads values far below n, so each heap is done in
//! two parts (see [`lanes`]): *ahead*, by whichever thread is free, with the
//! values that exist (the rare pairs and the walk over pairs whose heaps are
//! both known, a table of what they reach parked for later), then *settled*
//! in heap order once G(n − 1) exists (the few pairs left, the one-heap moves,
//! and the rest of the walk when it is needed). Settling is short, and the
//! long walks are done ahead, where the threads do not wait for each other;
//! a thread that would wait for a long walk goes on ahead with later heaps.
//! Each thread keeps its own mask and rare list, and its own plain copy of
//! the values (the walk's vector kernel reads plain values, which safe Rust
//! cannot take from shared atomics): 2 bytes per value per thread. Codes
//! with carried tables keep them on the first thread, which settles every
//! heap; the others make the tables' rare pairs and first walks ahead.
//! Codes whose only splits are k and k + 1 (`.354`) do runs of heaps whole
//! ahead instead, carried tables and walks included, while their values are
//! below 128 (see [`blocks`]).
//!
//! # Width
//! The values are kept in 2 bytes while every one is below 2^16 (see
//! [`Values`]). At the first value that does not fit, one thread widens the
//! vector and goes on; several threads stop, keep the values below it, and
//! start again on 4-byte values.

use crate::ComputeError;
use crate::game::Code;
use crate::naive::to_value;
use crate::values::{Repr, Values};

mod blocks;
mod lanes;

/// Masks are chosen among the values' low `MASK_BITS` bits.
const MASK_BITS: u32 = 16;
/// The rare list is kept only while it holds at most one position in this many.
const RARE_SHARE: usize = 8;
/// Pairs scanned between two checks of the coupon walk.
const BLOCK: usize = 32;
/// The first review of the mask.
const FIRST_REVIEW: usize = 256;
/// The copies of the values that threads beyond the first keep take at
/// most this many bytes (counted at 4 bytes a value); a longer run uses
/// fewer threads.
const COPIES_BYTES: u64 = 4 << 30;
/// Several threads start once one thread takes longer than this per value
/// (in nanoseconds): below it the threads' meetings cost more than they
/// save (`.16`, about 0.25 µs a value, is several times slower on two).
const LANES_MIN_NANOS: u64 = 1500;
/// [`LANES_MIN_NANOS`] for codes that carry split tables, whose threads
/// meet once per run of heaps: `.376` (about 1 µs a value) is faster on
/// two threads, `.156` (0.16 µs) slower. (Codes whose only splits are k
/// and k + 1, as `.354` and `.156`, go to [`blocks`] first, while their
/// values are below 128.)
const CARRIED_LANES_MIN_NANOS: u64 = 300;
/// The most threads the engine uses, whatever it is asked: settling is
/// serial (about 3% of the time on two threads), so more would mostly wait.
const MAX_THREADS: usize = 64;
/// Runs shorter than this stay on one thread.
const PARALLEL_MIN: usize = 1 << 15;

/// Statistics of a run, for the README and tuning.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct FastStats {
    /// The current mask (0 while the engine lists all pairs).
    pub mask: u32,
    /// The number of rare positions (0 while the engine lists all pairs).
    pub rare: usize,
    /// How many threads the last run used.
    pub threads: usize,
    /// For codes that carry split tables, how many tables the first thread
    /// took ready-made (made ahead, by any thread) in the last run, or how
    /// many heaps it settled from whole runs (`blocks`).
    pub made: usize,
}

/// The moves of a finite octal code, as the engine uses them.
#[derive(Clone)]
struct Moves {
    /// `(k, bits)` for the digits with bit 1 or 2 (k ≥ 1).
    direct: Vec<(usize, u8)>,
    /// The `k` whose digit has bit 4 (two-heap split after removing k).
    splits: Vec<usize>,
}

impl Moves {
    /// Whether some split removes k tokens and another k − 1: then the
    /// split of heap n removing k is that of heap n − 1 removing k − 1, and
    /// one thread carries its table over.
    fn carries(&self) -> bool {
        self.splits.windows(2).any(|w| w[0] + 1 == w[1])
    }
}

/// The fast engine for one finite octal code.
pub(crate) struct Fast {
    moves: Moves,
    first_review: usize,
    threads: usize,
    /// Runs of fewer values than this stay on one thread ([`PARALLEL_MIN`];
    /// the tests lower it to run the lanes on short sequences).
    parallel_min: usize,
    /// Several threads start only once one thread takes longer than this
    /// per value ([`LANES_MIN_NANOS`]; 0 in the tests, to run them at once).
    lanes_min_nanos: u64,
    /// The values stay in 2 bytes while none is above this (`u16::MAX`;
    /// the tests lower it to make the engine widen on short runs).
    narrow_max: u32,
    stats: FastStats,
    /// The dense prefix the last run on one thread chose
    /// ([`Worker::choose_dense`]): the threads that take over start with it,
    /// and each chooses again from the walks it samples.
    dense: usize,
}

impl Fast {
    /// The engine for a finite octal code on at most `threads` threads
    /// (at least one, at most [`MAX_THREADS`]). The others join once values
    /// take long enough to pay for their meetings ([`LANES_MIN_NANOS`], or
    /// [`CARRIED_LANES_MIN_NANOS`] for codes with carried split tables).
    pub(crate) fn new(code: &Code, threads: usize) -> Self {
        let mut engine = Self::with(code, FIRST_REVIEW, threads.clamp(1, MAX_THREADS));
        engine.lanes_min_nanos = if engine.moves.carries() {
            CARRIED_LANES_MIN_NANOS
        } else {
            LANES_MIN_NANOS
        };
        engine
    }

    /// The engine, first choosing a mask at `first_review` values (the tests
    /// use small ones, to run the rare/common path on short sequences), on
    /// at most `threads` threads.
    fn with(code: &Code, first_review: usize, threads: usize) -> Self {
        debug_assert!(code.is_finite_octal());
        let mut direct = Vec::new();
        let mut splits = Vec::new();
        for (k, &d) in code.digits().iter().enumerate() {
            if k > 0 && d & 3 != 0 {
                direct.push((k, d & 3));
            }
            if d & 4 != 0 {
                splits.push(k);
            }
        }
        Self {
            moves: Moves { direct, splits },
            first_review: first_review.max(2),
            threads,
            parallel_min: PARALLEL_MIN,
            // The tests run the threads at once; `new` sets the threshold.
            lanes_min_nanos: 0,
            narrow_max: u32::from(u16::MAX),
            stats: FastStats::default(),
            dense: 0,
        }
    }

    pub(crate) fn stats(&self) -> FastStats {
        self.stats
    }

    /// Extends `values` to G(0..=upto), asking `go_on(n, upto)` every
    /// 2^16 values and stopping where it says no. On an error or a stop the
    /// values computed stay. The values stay narrow (2 bytes) while every
    /// one is at most `narrow_max`, and are widened at the first that is not.
    pub(crate) fn extend(
        &mut self,
        values: &mut Values,
        upto: usize,
        go_on: &mut dyn FnMut(usize, usize) -> bool,
    ) -> Result<(), ComputeError> {
        let start = values.len();
        if start > upto {
            return Ok(());
        }
        let moves = &self.moves;
        let threads = self.threads_for(upto);
        let parallel =
            threads >= 2 && upto + 1 - start >= self.parallel_min && !moves.splits.is_empty();
        if !parallel {
            return self.extend_one(values, upto, go_on, 0).map(|_| ());
        }
        // Codes that split after removing k and k + 1 tokens only (`.354`):
        // whole runs of heaps ahead, while the values are small.
        if let Some(k) = blocks::split_pair(moves) {
            if self.extend_blocks(values, upto, go_on, k)? {
                return Ok(());
            }
        }
        // Cheap values are done faster on one thread (the threads meet a
        // few times per value): one thread goes on until 2^16 values take
        // longer than `lanes_min_nanos` each.
        if self.lanes_min_nanos > 0 {
            let slow = self.extend_one(values, upto, go_on, self.lanes_min_nanos)?;
            if !slow {
                return Ok(());
            }
            if upto + 1 - values.len() < self.parallel_min {
                return self.extend_one(values, upto, go_on, 0).map(|_| ());
            }
        }
        loop {
            let narrow_max = self.narrow_max;
            let outcome = match &mut values.0 {
                Repr::Narrow(v) => self.extend_lanes(threads, v, upto, narrow_max, go_on),
                Repr::Wide(v) => self.extend_lanes(threads, v, upto, u32::MAX, go_on),
            };
            match outcome {
                Lanes::Done(result) => return result,
                // Every value below the one that did not fit is kept; the
                // lanes start again from it on 4-byte cells.
                Lanes::Widen => widen(values, upto)?,
            }
        }
    }

    /// The threads a run to `upto` may use: each but the first copies the
    /// values (2 bytes each while they fit, 4 after), at most
    /// [`COPIES_BYTES`] of copies in all.
    fn threads_for(&self, upto: usize) -> usize {
        let copy = (upto as u64 + 1).saturating_mul(4);
        let affordable = usize::try_from(COPIES_BYTES / copy.max(1)).unwrap_or(usize::MAX);
        self.threads.min(affordable.saturating_add(1))
    }

    /// [`extend`](Self::extend) on several threads with whole runs of heaps
    /// ([`blocks`]), a segment from one review of the mask to the next at a
    /// time; `true` when done (or stopped by `go_on`), `false` when the
    /// values grow past [`blocks::BOUND`] or no mask serves (the caller goes
    /// on its other ways).
    fn extend_blocks(
        &mut self,
        values: &mut Values,
        upto: usize,
        go_on: &mut dyn FnMut(usize, usize) -> bool,
        k: usize,
    ) -> Result<bool, ComputeError> {
        // One worker for every segment, taking in the values as they come
        // (its own moves: `self` computes the short stretches meanwhile).
        let moves = self.moves.clone();
        let mut worker = Worker::new(&moves, self.first_review);
        let mut made = 0;
        loop {
            let start = values.len();
            if start > upto {
                return Ok(true);
            }
            let Repr::Narrow(cells) = &mut values.0 else {
                return Ok(false);
            };
            worker.absorb(cells, start);
            worker.review_at(start, cells);
            let end = worker.next_review.saturating_sub(1).min(upto);
            if worker.next_review - start < blocks::SEGMENT_MIN {
                // Reviews still close together: one thread, to the next.
                self.extend_one(values, end, go_on, 0)?;
                if values.len() <= end {
                    return Ok(true);
                }
                continue;
            }
            // (The narrow cells take every value below BOUND, except in the
            // tests that make them narrower.)
            let fits = self.narrow_max >= blocks::BOUND as u32;
            if worker.naive || worker.bound > blocks::BOUND as u64 || !fits {
                return Ok(false);
            }
            let threads = self.threads_for(upto);
            let outcome = blocks::segment(&moves, k, &worker, cells, (end, upto), threads, go_on);
            made += values.len() - start;
            self.stats = FastStats {
                mask: worker.mask,
                rare: worker.rare.len(),
                threads,
                made,
            };
            match outcome {
                blocks::Segment::Reached => {}
                blocks::Segment::Stopped => return Ok(true),
                blocks::Segment::Bound => {
                    // This heap on one thread (its value may need more bits).
                    let n = values.len();
                    self.extend_one(values, n, go_on, 0)?;
                    if values.len() <= n {
                        return Ok(true);
                    }
                }
            }
        }
    }

    /// [`extend`](Self::extend) on one thread: the values are plain (no
    /// atomics), and the worker and its tables go on across a widening.
    ///
    /// With `slow_nanos` above 0 it also stops, returning `true`, after
    /// 2^16 values (between two calls of `go_on`) that took longer than
    /// that each.
    fn extend_one(
        &mut self,
        values: &mut Values,
        upto: usize,
        go_on: &mut dyn FnMut(usize, usize) -> bool,
        slow_nanos: u64,
    ) -> Result<bool, ComputeError> {
        let start = values.len();
        let mut worker = Worker::new(&self.moves, self.first_review);
        match &values.0 {
            Repr::Narrow(v) => worker.start(v, start),
            Repr::Wide(v) => worker.start(v, start),
        }
        let mut result = Ok(false);
        let mut clock = (std::time::Instant::now(), start);
        for n in start..=upto {
            let value = match &values.0 {
                Repr::Narrow(v) => worker.compute(n, v),
                Repr::Wide(v) => worker.compute(n, v),
            };
            let value = match value {
                Ok(value) => value,
                Err(e) => {
                    result = Err(e);
                    break;
                }
            };
            if values.is_narrow() && value > self.narrow_max {
                if let Err(e) = widen(values, upto) {
                    result = Err(e);
                    break;
                }
            }
            match &mut values.0 {
                // Fits: `narrow_max` is at most u16::MAX.
                Repr::Narrow(v) => v.push(value as u16),
                Repr::Wide(v) => v.push(value),
            }
            if n % (1 << 16) == 0 && n > 0 {
                if !go_on(n, upto) {
                    break;
                }
                let (since, from) = clock;
                let took = since.elapsed().as_nanos();
                if slow_nanos > 0 && took > u128::from(slow_nanos) * (n + 1 - from) as u128 {
                    result = Ok(true);
                    break;
                }
                clock = (std::time::Instant::now(), n + 1);
            }
        }
        self.stats = FastStats {
            threads: 1,
            ..worker.stats()
        };
        self.dense = worker.dense;
        result
    }
}

/// How a run of the lanes ended.
enum Lanes {
    Done(Result<(), ComputeError>),
    /// A value did not fit the cells: widen them and go on.
    Widen,
}

/// Widens `values` to 4 bytes each, with room for G(0..=upto); a refusal
/// of the memory is an error, not an abort.
fn widen(values: &mut Values, upto: usize) -> Result<(), ComputeError> {
    if let Repr::Narrow(narrow) = &values.0 {
        let mut wide: Vec<u32> = Vec::new();
        wide.try_reserve_exact((upto + 1).max(narrow.len()))
            .map_err(|_| ComputeError::OutOfMemory { upto, width: 4 })?;
        wide.extend(narrow.iter().map(|&v| u32::from(v)));
        values.0 = Repr::Wide(wide);
    }
    Ok(())
}

/// A value as the engine reads it: 2 or 4 bytes.
trait Cell: Sync + Sized {
    fn get(&self) -> u32;

    /// Sets `hit[lo[i] ^ hi[len - 1 - i]]` for every i, where `hit` is as
    /// long as a power of two above every value.
    #[inline]
    fn mark_pairs(hit: &mut [u8], lo: &[Self], hi: &[Self]) {
        // The mask changes no index (see above); it keeps every index in
        // bounds whatever the values, and costs one AND.
        debug_assert!(hit.len().is_power_of_two());
        let mask = hit.len().wrapping_sub(1);
        let mut mark = |x: &Self, y: &Self| {
            if let Some(h) = hit.get_mut((x.get() ^ y.get()) as usize & mask) {
                *h = 1;
            }
        };
        // Four at a time (atomics are read one by one; the loop's count
        // and branch are a fair part of so short a body).
        let lo4 = lo.chunks_exact(4);
        let hi4 = hi.rchunks_exact(4);
        let (lo_rest, hi_rest) = (lo4.remainder(), hi4.remainder());
        for (a, b) in lo4.zip(hi4) {
            for i in 0..4 {
                mark(&a[i], &b[3 - i]);
            }
        }
        for (x, y) in lo_rest.iter().zip(hi_rest.iter().rev()) {
            mark(x, y);
        }
    }
}

impl Cell for u16 {
    #[inline(always)]
    fn get(&self) -> u32 {
        u32::from(*self)
    }

    /// Eight pairs at a time: the loads, the reversal and the XORs of a
    /// chunk are one vector each (SSE2), leaving the byte stores, which
    /// are the work, on their own.
    #[inline]
    fn mark_pairs(hit: &mut [u8], lo: &[u16], hi: &[u16]) {
        debug_assert!(hit.len().is_power_of_two());
        let mask = hit.len().wrapping_sub(1);
        let lo8 = lo.chunks_exact(8);
        let hi8 = hi.rchunks_exact(8);
        let (lo_rest, hi_rest) = (lo8.remainder(), hi8.remainder());
        for (a, b) in lo8.zip(hi8) {
            let v: [u16; 8] = std::array::from_fn(|i| a[i] ^ b[7 - i]);
            for x in v {
                if let Some(h) = hit.get_mut(usize::from(x) & mask) {
                    *h = 1;
                }
            }
        }
        // lo_rest starts where lo8 ends, and pairs with hi_rest (the start
        // of hi) read backwards.
        for (x, y) in lo_rest.iter().zip(hi_rest.iter().rev()) {
            if let Some(h) = hit.get_mut(usize::from(x ^ y) & mask) {
                *h = 1;
            }
        }
    }
}

impl Cell for u32 {
    #[inline(always)]
    fn get(&self) -> u32 {
        *self
    }
}

/// A value as the lanes keep it: each thread has its own plain copy, so
/// that the walk reads plain values (eight pairs at a time for 2 bytes).
trait Plain: Cell + Copy + Send + Sync {
    /// A value that fits (the caller checks it against the width).
    fn narrow(value: u32) -> Self;
}

impl Plain for u16 {
    fn narrow(value: u32) -> Self {
        value as u16
    }
}

impl Plain for u32 {
    fn narrow(value: u32) -> Self {
        value
    }
}

/// One thread's view: its mask, rare list and scratch tables.
struct Worker<'m> {
    moves: &'m Moves,
    mask: u32,
    /// Positions a ≥ 1 below `absorbed` with even parity, ascending, each
    /// with its value (read in order, not from all over the table); empty
    /// when `naive`.
    rare: Vec<(u32, u32)>,
    /// List all pairs instead (no good mask).
    naive: bool,
    next_review: usize,
    /// The values below `absorbed` are in `rare` and below `bound`.
    absorbed: usize,
    /// A power of two above every absorbed value.
    bound: u64,
    /// `hit[v]` is 1 when an option of value v has been found, for every
    /// v < `bound`: plain byte stores, no read-modify-write chains.
    hit: Vec<u8>,
    /// The even values below `limit` still needing a witness.
    need: Vec<u32>,
    /// The least odd value not marked, capped at `bound`.
    limit: u64,
    /// Per split (in the order of `moves.splits`) the values its pairs
    /// reach that are known so far, kept from heap to heap.
    tables: Vec<SplitTable>,
    /// How many tables were taken ready-made ([`Made`]).
    made: usize,
    /// A fresh table marks the pairs with a ≤ `dense` whole (a multiple
    /// of [`BLOCK`], or 0) and leaves out their rare pairs: see
    /// [`Worker::choose_dense`].
    dense: usize,
    /// How many of `rare` have a ≤ `dense`.
    dense_rare: usize,
    /// How far the walks of the sampled heaps went (their fresh tables made
    /// without a dense prefix): `[0]` no block, `[b]` 2^(b−1) to 2^b − 1
    /// blocks, the last bucket 2^(b−1) blocks or more.
    walks: [u32; WALK_BUCKETS],
}

/// Every this many heaps, a fresh table is made without a dense prefix, and
/// its walk sampled.
const SAMPLE_EVERY: usize = 64;
/// The dense prefix is chosen again after this many samples.
const SAMPLES_PER_CHOICE: u32 = 64;
/// Buckets of walk lengths: none, then 1, 2–3, …, 256 blocks or more (the
/// longest dense prefix tried: 8,192 pairs).
const WALK_BUCKETS: usize = 10;

/// Split tables made ahead by another thread for a run of heaps (see
/// [`lanes`]): for each heap and each split whose table is not carried
/// from the heap before, the values its rare pairs (and its first walked
/// pairs) reach among those whose two heaps are below `known`, a bit per
/// value below `bound`, `words` words each, one after another (bits: an
/// eighth of the bytes that pass from thread to thread).
#[derive(Default)]
struct Made {
    /// The first heap.
    first: usize,
    known: usize,
    /// The mask they were made with (`None`: none made).
    mask: Option<u32>,
    words: usize,
    tables: Vec<u64>,
}

/// Packs `bytes` (each 0 or 1) into bits, eight bytes at a time.
fn pack_bits(bytes: &[u8], words: &mut [u64]) {
    // Byte i of x (0 or 1) lands on bit 56 + i of the product.
    let pack = |x: u64| x.wrapping_mul(0x0102_0408_1020_4080) >> 56;
    for (word, chunk) in words.iter_mut().zip(bytes.chunks(64)) {
        *word = 0;
        let eights = chunk.chunks_exact(8);
        let rest = eights.remainder();
        let mut j = 0;
        for eight in eights {
            let x = u64::from_le_bytes(eight.try_into().unwrap_or([0; 8]));
            *word |= pack(x) << (8 * j);
            j += 1;
        }
        for (i, &b) in rest.iter().enumerate() {
            *word |= u64::from(b & 1) << (8 * j + i);
        }
    }
}

/// Unpacks the bits of `words` into `bytes` (each 0 or 1), eight at a time.
fn unpack_bits(words: &[u64], bytes: &mut [u8]) {
    // Bit i of b to bit i of byte i, then each byte to 0 or 1.
    let spread = |b: u64| {
        let x = b.wrapping_mul(0x0101_0101_0101_0101) & 0x8040_2010_0804_0201;
        (x.wrapping_add(0x7F7F_7F7F_7F7F_7F7F) >> 7) & 0x0101_0101_0101_0101
    };
    for (&word, chunk) in words.iter().zip(bytes.chunks_mut(64)) {
        let mut eights = chunk.chunks_exact_mut(8);
        let mut j = 0;
        for eight in &mut eights {
            eight.copy_from_slice(&spread((word >> (8 * j)) & 0xFF).to_le_bytes());
            j += 1;
        }
        for (i, b) in eights.into_remainder().iter_mut().enumerate() {
            *b = ((word >> (8 * j + i)) & 1) as u8;
        }
    }
}

#[cfg(test)]
mod bits_tests {
    use super::*;

    #[test]
    fn bits_pack_and_unpack_every_length() {
        let mut state = 7u64;
        for len in 0..200usize {
            let bytes: Vec<u8> = (0..len)
                .map(|_| {
                    state = state.wrapping_mul(6364136223846793005).wrapping_add(1);
                    (state >> 63) as u8
                })
                .collect();
            let mut words = vec![u64::MAX; len.div_ceil(64)];
            pack_bits(&bytes, &mut words);
            for (v, &b) in bytes.iter().enumerate() {
                assert_eq!((words[v / 64] >> (v % 64)) & 1, u64::from(b), "{len} {v}");
            }
            let mut back = vec![9u8; len];
            unpack_bits(&words, &mut back);
            assert_eq!(back, bytes, "{len}");
        }
    }
}

impl Moves {
    /// The splits whose table is not carried from the heap before: the
    /// first, and each whose k − 1 is not a split.
    fn fresh(&self, s: usize) -> bool {
        s == 0 || self.splits[s - 1] + 1 != self.splits[s]
    }
}

/// What is known of the values one split `a + b = m` reaches: the rare
/// pairs (all its odd values) and the pairs walked so far.
#[derive(Clone, Default)]
struct SplitTable {
    /// The m it is for; `None` when it holds nothing yet.
    m: Option<usize>,
    /// `hit[v]` is 1 when some pair reaches v.
    hit: Vec<u8>,
    /// The next block of pairs to walk; `None` when every pair is marked.
    next: Option<usize>,
}

impl SplitTable {
    /// Walks the pairs from block `next` on until every value in `need`
    /// is marked (true), or to the end (false: `next` is then `None`).
    fn walk<C: Cell>(&mut self, cells: &[C], need: &mut Vec<u32>) -> bool {
        let (Some(m), Some(first)) = (self.m, self.next) else {
            return false;
        };
        let half = m / 2;
        let start = (first * BLOCK).min(half);
        let lo = &cells[1 + start..=half];
        let hi = &cells[m - half..m - start];
        self.next = None;
        for (b, (x, y)) in lo.chunks(BLOCK).zip(hi.rchunks(BLOCK)).enumerate() {
            mark_pairs(&mut self.hit, x, y);
            if witnessed(need, &self.hit) {
                self.next = Some(first + b + 1);
                return true;
            }
        }
        false
    }

    /// Whether some pair known so far reaches v.
    #[inline]
    fn reaches(&self, v: u32) -> bool {
        self.m.is_some() && self.hit.get(v as usize).is_some_and(|&h| h != 0)
    }
}

impl<'m> Worker<'m> {
    fn new(moves: &'m Moves, first_review: usize) -> Self {
        Self {
            moves,
            mask: 0,
            rare: Vec::new(),
            naive: true,
            next_review: first_review,
            absorbed: 0,
            bound: 1,
            hit: Vec::new(),
            need: Vec::new(),
            limit: 0,
            tables: vec![SplitTable::default(); moves.splits.len()],
            made: 0,
            dense: 0,
            dense_rare: 0,
            walks: [0; WALK_BUCKETS],
        }
    }

    /// Takes in the values G(0..start) that exist before the run.
    fn start<C: Cell>(&mut self, cells: &[C], start: usize) {
        self.absorb(cells, start);
        if start >= self.next_review {
            self.review(cells);
        }
        while self.next_review <= start {
            self.next_review = self.next_review.saturating_mul(2);
        }
    }

    fn stats(&self) -> FastStats {
        if self.naive {
            FastStats::default()
        } else {
            FastStats {
                mask: self.mask,
                rare: self.rare.len(),
                threads: 1,
                made: self.made,
            }
        }
    }

    #[inline]
    fn odd(&self, v: u64) -> bool {
        (v as u32 & self.mask).count_ones() & 1 == 1
    }

    /// Takes the values below `upto` into the rare list and the bound.
    fn absorb<C: Cell>(&mut self, cells: &[C], upto: usize) {
        for (i, cell) in cells.iter().enumerate().take(upto).skip(self.absorbed) {
            let v = u64::from(cell.get());
            while v >= self.bound {
                self.bound *= 2;
            }
            if !self.naive && i > 0 && !self.odd(v) {
                self.rare.push((i as u32, v as u32));
                self.dense_rare += usize::from(i <= self.dense);
            }
        }
        self.absorbed = self.absorbed.max(upto);
        if !self.naive && self.rare.len() * RARE_SHARE > self.absorbed.max(FIRST_REVIEW) {
            self.naive = true;
            self.rare = Vec::new();
            self.dense_rare = 0;
        }
    }

    /// G(n) on one thread, every value below n existing.
    fn compute<C: Cell>(&mut self, n: usize, cells: &[C]) -> Result<u32, ComputeError> {
        self.compute_with(n, cells, None)
    }

    /// G(n), every value below n existing, with the split tables `made`
    /// ahead where they fit (made with this mask).
    fn compute_with<C: Cell>(
        &mut self,
        n: usize,
        cells: &[C],
        made: Option<&Made>,
    ) -> Result<u32, ComputeError> {
        self.absorb(cells, n);
        self.review_at(n, cells);
        if !self.naive {
            let made = made.filter(|made| made.mask == Some(self.mask));
            return to_value(self.compute_carried(n, cells, made), n);
        }
        self.hit.clear();
        self.hit.resize(self.bound as usize, 0);
        mark_direct(self.moves, n, cells, &mut self.hit);
        for &k in &self.moves.splits {
            if n >= k + 2 {
                let m = n - k;
                let half = m / 2;
                mark_pairs(&mut self.hit, &cells[1..=half], &cells[m - half..m]);
            }
        }
        to_value(first_zero(&self.hit, 0), n)
    }

    /// Chooses the mask again when heap n is the next review's.
    fn review_at<C: Cell>(&mut self, n: usize, cells: &[C]) {
        if n >= self.next_review {
            self.review(cells);
            while self.next_review <= n {
                self.next_review = self.next_review.saturating_mul(2);
            }
        }
    }

    /// G(n) with a mask (on one thread, or the first of several): the
    /// split `a + b = m` of heap n removing k tokens is the split of heap
    /// n − 1 removing k − 1, so when both k and k − 1 are split digits its
    /// table (rare pairs and pairs walked) is carried over and the walk
    /// resumes where it stopped.
    ///
    /// A table `made` ahead holds the rare pairs whose heaps are both below
    /// its `known`; the others are added here.
    // Kept out of `compute`, whose two-thread path it would otherwise slow.
    #[inline(never)]
    fn compute_carried<C: Cell>(&mut self, n: usize, cells: &[C], made: Option<&Made>) -> u64 {
        // The sampled heaps show how far the walk goes without a prefix.
        let sampled = n % SAMPLE_EVERY == 0 && made.is_none();
        let dense = if sampled { 0 } else { self.dense };
        let value = self.carried_value(n, cells, made, dense);
        if sampled {
            self.sample_walk();
        }
        value
    }

    /// [`compute_carried`](Self::compute_carried) but for the sampling,
    /// fresh tables marking their first `dense` pairs whole.
    #[inline]
    fn carried_value<C: Cell>(
        &mut self,
        n: usize,
        cells: &[C],
        made: Option<&Made>,
        dense: usize,
    ) -> u64 {
        let bound = self.bound as usize;
        let moves = self.moves;
        let splits = &moves.splits;
        // Carry from the highest split down, so that each table moves once.
        for s in (0..splits.len()).rev() {
            let k = splits[s];
            let m = n.checked_sub(k).filter(|&m| m >= 2);
            if s > 0 && splits[s - 1] + 1 == k && m.is_some() && self.tables[s - 1].m == m {
                self.tables.swap(s - 1, s);
            }
        }
        for (s, &k) in splits.iter().enumerate() {
            let m = n.checked_sub(k).filter(|&m| m >= 2);
            let table = &mut self.tables[s];
            if table.hit.len() < bound {
                table.hit.resize(bound, 0);
            }
            if table.m == m {
                continue;
            }
            table.m = m;
            let Some(m) = m else {
                table.next = None;
                continue;
            };
            table.next = Some(0);
            let rare = rare_below(&self.rare, m);
            let ahead = made.and_then(|made| {
                // This heap's tables come after those of the heaps before.
                let fresh = (0..splits.len()).filter(|&f| moves.fresh(f));
                let before = (n - made.first) * fresh.clone().count();
                let at = before + fresh.take_while(|&f| f < s).count();
                let table = made.tables.get(at * made.words..(at + 1) * made.words)?;
                moves.fresh(s).then_some((made.known, table))
            });
            match ahead {
                Some((known, ahead)) => {
                    self.made += 1;
                    // Its rare pairs are those with a in first..known; the
                    // rest are the rare a below first and from known on.
                    table.hit.clear();
                    table.hit.resize(bound, 0);
                    unpack_bits(ahead, &mut table.hit);
                    let first = (m + 1).saturating_sub(known).max(1);
                    let below = rare.partition_point(|&(a, _)| (a as usize) < first);
                    let from = rare.partition_point(|&(a, _)| (a as usize) < known);
                    mark_rare_pairs(&mut table.hit, &rare[..below], cells, m);
                    mark_rare_pairs(&mut table.hit, &rare[from.max(below)..], cells, m);
                }
                None if dense > 0 => {
                    // The walk's first blocks, marked whole: their rare
                    // pairs (a or m − a in them) are then left out.
                    table.hit.clear();
                    table.hit.resize(bound, 0);
                    let end = dense.min(m / 2);
                    mark_pairs(&mut table.hit, &cells[1..=end], &cells[m - end..m]);
                    if end < dense {
                        // Every pair is marked.
                        table.next = None;
                    } else {
                        table.next = Some(dense / BLOCK);
                        let rare = &rare[self.dense_rare.min(rare.len())..];
                        mark_rare_pairs(&mut table.hit, rare_below(rare, m - dense), cells, m);
                    }
                }
                None => {
                    table.hit.clear();
                    table.hit.resize(bound, 0);
                    mark_rare_pairs(&mut table.hit, rare, cells, m);
                }
            }
        }
        self.hit.clear();
        self.hit.resize(bound, 0);
        for table in &self.tables {
            if table.m.is_some() {
                for (h, &t) in self.hit.iter_mut().zip(&table.hit) {
                    *h |= t;
                }
            }
        }
        mark_direct(self.moves, n, cells, &mut self.hit);
        if !self.limit_and_need() {
            return self.limit;
        }
        // The tables are walked a block each in turn: a value that one
        // table reaches only far on may be in the first pairs of another,
        // and walking the first to its end would cost n / 2 pairs.
        let need = &mut self.need;
        let tables = &mut self.tables[..];
        let walking = tables.iter().filter(|t| t.m.is_some() && t.next.is_some());
        if walking.count() == 1 {
            // One table (as for every code with one split): its blocks in
            // a row, without the turns.
            if let Some(table) = tables
                .iter_mut()
                .find(|t| t.m.is_some() && t.next.is_some())
            {
                if table.walk(cells, need) {
                    return self.limit;
                }
                need.retain(|&v| !table.reaches(v));
            }
        }
        loop {
            let mut walked = false;
            for t in 0..tables.len() {
                let table = &mut tables[t];
                let (Some(m), Some(b)) = (table.m, table.next) else {
                    continue;
                };
                let (half, start) = (m / 2, b * BLOCK);
                if start >= half {
                    table.next = None;
                    continue;
                }
                let end = (start + BLOCK).min(half);
                mark_pairs(
                    &mut table.hit,
                    &cells[1 + start..=end],
                    &cells[m - end..m - start],
                );
                table.next = Some(b + 1);
                walked = true;
                if witnessed_in(need, tables) {
                    return self.limit;
                }
            }
            if !walked {
                break;
            }
        }
        // Every pair is marked and some even value below `limit` has no
        // witness: the least one is the answer, and n is a new rare position.
        need.retain(|&v| !tables.iter().any(|t| t.reaches(v)));
        u64::from(need[0])
    }

    /// Counts how far the walk of this heap's first table (made without a
    /// dense prefix) went ([`Worker::count_walk`]).
    fn sample_walk(&mut self) {
        let Some(table) = self.tables.first().filter(|t| t.m.is_some()) else {
            return;
        };
        // Walked to the end: the last bucket.
        self.count_walk(table.next.unwrap_or(usize::MAX));
    }

    /// Counts a sampled walk of `blocks` blocks (`usize::MAX`: to the end)
    /// and chooses the prefix again every [`SAMPLES_PER_CHOICE`] samples.
    fn count_walk(&mut self, blocks: usize) {
        let bucket = (usize::BITS - blocks.leading_zeros()) as usize;
        self.walks[bucket.min(WALK_BUCKETS - 1)] += 1;
        if self.walks.iter().sum::<u32>() >= SAMPLES_PER_CHOICE {
            self.choose_dense();
            self.walks = [0; WALK_BUCKETS];
        }
    }

    /// Chooses how many pairs a fresh table marks whole (1 to 256 blocks,
    /// or none), from the sampled walks. A rare pair left out saves about
    /// eleven instructions, a pair of the prefix costs about three and a
    /// half (the vector kernel), but only where the walk would have stopped
    /// short of it: a prefix the walk goes past anyway costs nothing more.
    /// `0.6` walks 32 to 255 blocks as a rule and has 449 rare positions
    /// below 2,048; `.16` needs no walk at every other heap and has 16 of
    /// its 53 rare positions in the first block.
    fn choose_dense(&mut self) {
        let samples = i64::from(self.walks.iter().sum::<u32>());
        let mut best = (0i64, 0usize);
        for b in 0..WALK_BUCKETS - 1 {
            let blocks = 1usize << b;
            let pairs = blocks * BLOCK;
            let left_out = self.rare.partition_point(|&(a, _)| (a as usize) <= pairs) as i64;
            // The blocks of the prefix past each sampled walk (taken at its
            // bucket's least length).
            let past: i64 = (self.walks.iter().enumerate())
                .map(|(w, &count)| {
                    let least = if w == 0 { 0 } else { 1usize << (w - 1) };
                    i64::from(count) * blocks.saturating_sub(least) as i64
                })
                .sum();
            // In half instructions: 22 a rare pair, 7 a pair of the prefix.
            let gain = 22 * left_out * samples - 7 * BLOCK as i64 * past;
            if gain > best.0 {
                best = (gain, pairs);
            }
        }
        self.dense = best.1;
        self.dense_rare = self
            .rare
            .partition_point(|&(a, _)| (a as usize) <= self.dense);
    }

    /// Sets `limit` to the least odd value not marked (at most `bound`);
    /// returns whether some even value below it is not marked yet (those go
    /// into `need`).
    fn limit_and_need(&mut self) -> bool {
        let (limit, missing) = find_limit(&self.hit, self.mask, &mut self.need);
        self.limit = limit;
        missing
    }

    /// Chooses the mask that makes the most absorbed positions common, and
    /// rebuilds the rare list for it.
    fn review<C: Cell>(&mut self, cells: &[C]) {
        let count = self.absorbed;
        if count < 2 {
            return;
        }
        let bits = self.bound.trailing_zeros().min(MASK_BITS);
        let size = 1usize << bits;
        let mut spectrum = vec![0i64; size];
        let low = (size - 1) as u32;
        for cell in &cells[1..count] {
            spectrum[(cell.get() & low) as usize] += 1;
        }
        // Walsh–Hadamard: spectrum[M] = Σ_v hist[v] · (−1)^popcount(v & M),
        // that is (even − odd) positions under mask M.
        let mut half = 1;
        while half < size {
            for block in spectrum.chunks_mut(2 * half) {
                let (lo, hi) = block.split_at_mut(half);
                for (x, y) in lo.iter_mut().zip(hi.iter_mut()) {
                    let (a, b) = (*x, *y);
                    *x = a + b;
                    *y = a - b;
                }
            }
            half *= 2;
        }
        let positions = (count - 1) as i64;
        let chosen = (1..size)
            .min_by_key(|&m| (spectrum[m], m))
            .filter(|&m| (positions + spectrum[m]) / 2 * (RARE_SHARE as i64) <= positions);
        match chosen {
            Some(mask) => {
                self.mask = mask as u32;
                self.naive = false;
                let rare: Vec<(u32, u32)> = (1..count)
                    .map(|a| (a as u32, cells[a].get()))
                    .filter(|&(_, v)| !self.odd(u64::from(v)))
                    .collect();
                self.dense_rare = rare.partition_point(|&(a, _)| (a as usize) <= self.dense);
                self.rare = rare;
                // The tables' rare pairs were for the old mask.
                for table in &mut self.tables {
                    table.m = None;
                }
            }
            None => {
                self.naive = true;
                self.rare = Vec::new();
                self.dense_rare = 0;
            }
        }
    }
}

/// Sets `hit[lo[i] ^ hi[len - 1 - i]]` for every i: the pair walk, most
/// of the engine's time. `hit` is as long as a power of two (`bound`) above
/// every value.
#[inline]
fn mark_pairs<C: Cell>(hit: &mut [u8], lo: &[C], hi: &[C]) {
    C::mark_pairs(hit, lo, hi);
}

/// The rare positions a below `limit` (ascending): all of them, as a rule,
/// without a search.
#[inline]
fn rare_below(rare: &[(u32, u32)], limit: usize) -> &[(u32, u32)] {
    match rare.last() {
        Some(&(last, _)) if (last as usize) < limit => rare,
        _ => &rare[..rare.partition_point(|&(a, _)| (a as usize) < limit)],
    }
}

/// Sets `hit[G(a) ^ G(m − a)]` for every rare `(a, G(a))`, every a in
/// 1..m with G(m − a) in `cells`.
// Out of line, so that its registers are its own: inlined in the heap's
// function, m was reloaded from the stack at every pair in some builds,
// and `0.6` ran 5–9% slower on one thread or two, by the build.
#[inline(never)]
fn mark_rare_pairs<C: Cell>(hit: &mut [u8], rare: &[(u32, u32)], cells: &[C], m: usize) {
    debug_assert!(hit.len().is_power_of_two());
    let mask = hit.len().wrapping_sub(1);
    let mut mark = |&(a, value): &(u32, u32)| {
        let x = value ^ cells.get(m.wrapping_sub(a as usize)).map_or(0, Cell::get);
        if let Some(h) = hit.get_mut(x as usize & mask) {
            *h = 1;
        }
    };
    // Four at a time: the loop's own count and branch are a fair part of
    // so short a body (most of `0.6`'s time is here).
    let fours = rare.chunks_exact(4);
    let rest = fours.remainder();
    for four in fours {
        four.iter().for_each(&mut mark);
    }
    rest.iter().for_each(mark);
}

/// Marks the values of heap n's one-heap moves (`cells` holds G(n − 1)).
fn mark_direct<C: Cell>(moves: &Moves, n: usize, cells: &[C], hit: &mut [u8]) {
    for &(k, bits) in &moves.direct {
        if n == k && bits & 1 != 0 {
            hit[0] = 1;
        } else if n > k && bits & 2 != 0 {
            hit[cells[n - k].get() as usize] = 1;
        }
    }
}

/// The least odd value (under `mask`) not marked in `hit`, or `hit.len()`,
/// and whether some even value below it is not marked yet (those are put in
/// `need`, ascending).
fn find_limit(hit: &[u8], mask: u32, need: &mut Vec<u32>) -> (u64, bool) {
    need.clear();
    // Most values below the limit are marked: eight of them at a time are
    // passed over with one compare (a mark is a 1).
    const MARKED: u64 = u64::from_ne_bytes([1; 8]);
    for (w, word) in hit.chunks(8).enumerate() {
        if let Ok(bytes) = <[u8; 8]>::try_from(word) {
            if u64::from_ne_bytes(bytes) == MARKED {
                continue;
            }
        }
        for (i, &h) in word.iter().enumerate() {
            if h == 0 {
                let v = (8 * w + i) as u32;
                if (v & mask).count_ones() % 2 == 1 {
                    return (u64::from(v), !need.is_empty());
                }
                need.push(v);
            }
        }
    }
    (hit.len() as u64, !need.is_empty())
}

/// Drops the witnessed values from the end of `need` and says whether none
/// is left. Only the end is looked at, so a check costs one load while the
/// largest value still waits (the largest are the rarest XORs, as a rule):
/// cheap enough to check every few pairs and stop the walk soon after the
/// last witness, instead of scanning all of `need` every 128 pairs.
#[inline]
fn witnessed(need: &mut Vec<u32>, hit: &[u8]) -> bool {
    while let Some(&v) = need.last() {
        if hit[v as usize] == 0 {
            return false;
        }
        need.pop();
    }
    true
}

/// [`witnessed`] for the values some split table reaches.
#[inline]
fn witnessed_in(need: &mut Vec<u32>, tables: &[SplitTable]) -> bool {
    while let Some(&v) = need.last() {
        if !tables.iter().any(|t| t.reaches(v)) {
            return false;
        }
        need.pop();
    }
    true
}

/// The least v ≥ from with `hit[v] == 0`, or `hit.len()`.
fn first_zero(hit: &[u8], from: usize) -> u64 {
    let at = hit[from.min(hit.len())..].iter().position(|&h| h == 0);
    at.map_or(hit.len(), |i| from + i) as u64
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::naive::naive_values_shared;

    /// The values by the fast engine, in several calls (as `analyse` makes
    /// them), and whether the rare/common path was in use at the end.
    pub(super) fn fast_values_on(
        code: &Code,
        upto: usize,
        first_review: usize,
        threads: usize,
    ) -> (Vec<u32>, bool) {
        let mut engine = Fast::with(code, first_review, threads);
        let mut values = Values::new();
        let mut used_rare = false;
        for end in [upto / 3, upto / 2, upto] {
            engine
                .extend(&mut values, end, &mut |_, _| true)
                .expect("small values");
            used_rare |= engine.stats().mask != 0;
        }
        (values.to_vec(), used_rare)
    }

    fn fast_values(code: &Code, upto: usize, first_review: usize) -> (Vec<u32>, bool) {
        fast_values_on(code, upto, first_review, 1)
    }

    /// The values to 3000 on `threads` threads started at the first value
    /// (no minimum run), in three calls, and the last run's statistics.
    pub(super) fn from_the_start(
        code: &Code,
        first_review: usize,
        threads: usize,
    ) -> (Vec<u32>, FastStats) {
        from_the_start_dense(code, first_review, threads, 0)
    }

    /// [`from_the_start`], the threads starting with the dense prefix
    /// `dense` (as if one thread had chosen it).
    pub(super) fn from_the_start_dense(
        code: &Code,
        first_review: usize,
        threads: usize,
        dense: usize,
    ) -> (Vec<u32>, FastStats) {
        let mut engine = Fast::with(code, first_review, threads);
        engine.parallel_min = 0;
        engine.dense = dense;
        let mut values = Values::new();
        for end in [1000, 1500, 3000] {
            engine
                .extend(&mut values, end, &mut |_, _| true)
                .expect("small values");
        }
        (values.to_vec(), engine.stats())
    }

    /// `find_limit` passes over eight marks at a time: the same limit and
    /// `need` as a value-by-value scan, at every length and mostly marked
    /// (the words it skips) or sparsely marked, under several masks.
    #[test]
    fn find_limit_matches_a_scan_value_by_value() {
        let mut state = 11u64;
        let mut need = vec![99];
        for len in 1..80usize {
            for (density, mask) in [(7u64, 1u32), (62, 1), (63, 5), (32, 0x3F), (64, 2)] {
                let hit: Vec<u8> = (0..len)
                    .map(|_| {
                        state = state.wrapping_mul(6364136223846793005).wrapping_add(1);
                        u8::from((state >> 58) < density)
                    })
                    .collect();
                let odd = |v: usize| (v as u32 & mask).count_ones() % 2 == 1;
                let limit = (0..len).find(|&v| hit[v] == 0 && odd(v)).unwrap_or(len);
                let expect: Vec<u32> = (0..limit)
                    .filter(|&v| hit[v] == 0)
                    .map(|v| v as u32)
                    .collect();
                let got = find_limit(&hit, mask, &mut need);
                assert_eq!(got, (limit as u64, !expect.is_empty()), "{len} {hit:?}");
                assert_eq!(need, expect, "{len} {hit:?}");
            }
        }
    }

    #[test]
    fn fast_matches_naive_on_every_two_digit_code_with_early_masks() {
        let mut rare_runs = 0;
        for d0 in [0u8, 4] {
            for d1 in 0..8u8 {
                for d2 in 0..8u8 {
                    let code = Code::new(vec![d0, d1, d2], false).expect("valid");
                    let naive = naive_values_shared(&code, 700);
                    for first_review in [4, 64, 256] {
                        let (fast, used_rare) = fast_values(&code, 700, first_review);
                        assert_eq!(fast, naive, "{code} (first review {first_review})");
                        rare_runs += usize::from(used_rare);
                    }
                }
            }
        }
        // The comparison must have exercised the rare/common path.
        assert!(rare_runs > 50, "{rare_runs}");
    }

    #[test]
    fn fast_matches_naive_on_three_and_four_digit_codes() {
        let mut state = 99u64;
        let mut next = || {
            state = state
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            (state >> 33) as u8
        };
        for _ in 0..300 {
            let len = 3 + usize::from(next() % 3);
            let mut digits: Vec<u8> = (0..len).map(|_| next() % 8).collect();
            digits[0] &= 4;
            let code = Code::new(digits, false).expect("valid");
            let naive = naive_values_shared(&code, 500);
            let first_review = [8, 32, 128][usize::from(next() % 3)];
            assert_eq!(fast_values(&code, 500, first_review).0, naive, "{code}");
        }
    }

    #[test]
    fn fresh_tables_mark_a_dense_prefix_where_it_pays() {
        // `.16`'s rare positions are half of a ≤ 32; `.376` walks hundreds
        // of pairs a heap, past a fifth of its rare positions. They mark a
        // prefix whole once the walks are sampled, and leave its rare
        // pairs out; the values stay the naive engine's.
        for (text, least_heaps, least_prefix) in [
            ("0.16", 6000, BLOCK),
            ("0.354", 5000, 2 * BLOCK),
            ("0.376", 3000, 8 * BLOCK),
        ] {
            let code: Code = text.parse().expect("valid");
            let naive = naive_values_shared(&code, 12_000);
            let fast = Fast::with(&code, 16, 1);
            let mut worker = Worker::new(&fast.moves, 16);
            let mut cells: Vec<u16> = Vec::new();
            let (mut heaps, mut widest) = (0, 0);
            for n in 0..=12_000 {
                let v = worker.compute(n, &cells).expect("small values");
                if !worker.naive && worker.dense > 0 {
                    heaps += 1;
                    widest = widest.max(worker.dense);
                }
                cells.push(u16::try_from(v).expect("small values"));
            }
            let cells: Vec<u32> = cells.into_iter().map(u32::from).collect();
            assert_eq!(cells, naive, "{text}");
            assert!(
                heaps >= least_heaps && widest >= least_prefix,
                "{text}: {heaps} heaps, {widest}"
            );
        }
    }

    #[test]
    fn fast_matches_naive_on_the_long_run_codes() {
        for text in ["0.6", "0.16", "0.354", "0.376", "4.7", "0.52"] {
            let code: Code = text.parse().expect("valid");
            let naive = naive_values_shared(&code, 12_000);
            let (fast, used_rare) = fast_values(&code, 12_000, 256);
            assert_eq!(fast, naive, "{text}");
            let (early, _) = fast_values(&code, 12_000, 16);
            assert_eq!(early, naive, "{text}, early mask");
            let expect_rare = ["0.16", "0.354", "0.376"].contains(&text);
            assert!(
                used_rare || !expect_rare,
                "{text}: the rare path was not used"
            );
        }
    }
}

#[cfg(test)]
mod carried_tests {
    use super::*;
    use crate::naive::naive_values_shared;

    #[test]
    fn carried_tables_match_naive() {
        // Codes with splits removing k − 1 and k tokens (k = 1 from a d0 of
        // 4 too), so that tables are carried from heap to heap: on one
        // thread, and on two and three from the first value (the first
        // thread carrying, the others making tables ahead).
        let mut rare_runs = 0;
        let mut made = 0;
        for text in [
            "0.354", "0.376", "0.156", "0.0447", "0.4444", "0.0077", "0.4474", "4.4", "4.6",
            "0.6644", "0.0564",
        ] {
            let code: Code = text.parse().expect("valid");
            assert!(Fast::with(&code, 16, 1).moves.carries(), "{text}");
            let naive = naive_values_shared(&code, 3000);
            for first_review in [4, 16, 64, 256] {
                for threads in [1, 2, 3] {
                    let (values, stats) = tests::from_the_start(&code, first_review, threads);
                    assert_eq!(
                        values, naive,
                        "{text} (first review {first_review}, {threads} threads)"
                    );
                    rare_runs += usize::from(stats.mask != 0);
                    made += stats.made;
                }
            }
        }
        assert!(rare_runs > 30, "{rare_runs}");
        // The other threads' tables were used, not only made.
        assert!(made > 10_000, "{made}");
    }

    #[test]
    fn carries_needs_neighbouring_splits() {
        for (text, carries) in [
            ("0.354", true),
            ("0.16", false),
            ("0.6", false),
            ("4.4", true),
        ] {
            let code: Code = text.parse().expect("valid");
            assert_eq!(Fast::with(&code, 16, 1).moves.carries(), carries, "{text}");
        }
    }
}

#[cfg(test)]
mod parallel_tests {
    use super::*;
    use crate::naive::naive_values_shared;

    #[test]
    fn several_threads_match_one_on_long_runs() {
        // Above PARALLEL_MIN, so that the lanes run as in production; codes
        // whose smallest split removes 1, 2 or 3 tokens, on more lanes than
        // `Fast::new` would use too (they must still be exact).
        for text in ["0.6", "0.16", "0.354", "0.376", "0.0007", "0.164"] {
            let code: Code = text.parse().expect("valid");
            let upto = PARALLEL_MIN + 5000;
            let mut one = Fast::with(&code, 64, 1);
            let mut a = Values::new();
            one.extend(&mut a, upto, &mut |_, _| true)
                .expect("computes");
            for threads in [2, 3, 4] {
                let mut many = Fast::with(&code, 64, threads);
                let mut b = Values::new();
                many.extend(&mut b, upto, &mut |_, _| true)
                    .expect("computes");
                assert_eq!(many.stats().threads, threads, "{text}");
                assert_eq!(a, b, "{text} on {threads} threads");
            }
            let naive = naive_values_shared(&code, 4000);
            assert_eq!(a.to_vec()[..=4000], naive[..], "{text}");
        }
    }

    #[test]
    fn random_codes_on_one_to_three_threads_match_naive_to_3000() {
        // A sample of the check (300 random octal codes to n = 3000
        // against the old engine): 40 codes here, each on 1, 2 and 3 lanes
        // from the first value (the threshold lowered), in three calls as
        // `analyse` makes them. The naive engine is the oracle.
        let mut state = 2027u64;
        let mut next = || {
            state = state
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            (state >> 33) as u8
        };
        let mut parallel_runs = 0;
        for _ in 0..40 {
            let len = 2 + usize::from(next() % 4);
            let mut digits: Vec<u8> = (0..len).map(|_| next() % 8).collect();
            digits[0] &= 4;
            let code = Code::new(digits, false).expect("valid");
            let naive = naive_values_shared(&code, 3000);
            let first_review = [8, 64, 256][usize::from(next() % 3)];
            for threads in [1, 2, 3] {
                let (values, stats) = tests::from_the_start(&code, first_review, threads);
                parallel_runs += usize::from(stats.threads > 1);
                assert_eq!(values, naive, "{code} on {threads} threads");
            }
            // The threads with a dense prefix, as after a run on one thread.
            let dense = BLOCK << (next() % 4);
            let (values, _) = tests::from_the_start_dense(&code, first_review, 2, dense);
            assert_eq!(values, naive, "{code} on 2 threads, dense prefix {dense}");
        }
        assert!(parallel_runs > 20, "{parallel_runs}");
    }

    #[test]
    fn random_codes_limits_and_calls_match_one_thread_on_two_to_four() {
        // The property the thread count must not touch: for random codes
        // (1 to 5 digits after the dot), random limits and random places
        // where a run stops and is extended again (as `analyse` and a
        // checkpoint do), 2, 3 and 4 threads from the first value give one
        // thread's values bit for bit.
        let mut state = 4343u64;
        let mut next = |below: usize| {
            state = state
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            (state >> 33) as usize % below
        };
        let mut parallel_runs = 0;
        for _ in 0..32 {
            let len = 2 + next(5);
            let mut digits: Vec<u8> = (0..len).map(|_| next(8) as u8).collect();
            digits[0] &= 4;
            let code = Code::new(digits, false).expect("valid");
            let upto = 1000 + next(4000);
            let first_review = [4, 16, 64, 256][next(4)];
            let mut one = Values::new();
            Fast::with(&code, first_review, 1)
                .extend(&mut one, upto, &mut |_, _| true)
                .expect("small values");
            for threads in [2, 3, 4] {
                let mut ends: Vec<usize> = (0..next(4)).map(|_| next(upto + 1)).collect();
                ends.push(upto);
                ends.sort_unstable();
                let mut engine = Fast::with(&code, first_review, threads);
                engine.parallel_min = 0;
                let mut values = Values::new();
                for &end in &ends {
                    engine
                        .extend(&mut values, end, &mut |_, _| true)
                        .expect("small values");
                }
                parallel_runs += usize::from(engine.stats().threads > 1);
                assert_eq!(
                    values, one,
                    "{code} to {upto} on {threads} threads, calls ending at {ends:?}"
                );
            }
        }
        // Most runs really went on several threads.
        assert!(parallel_runs > 60, "{parallel_runs}");
    }

    #[test]
    fn lanes_choose_a_dense_prefix_from_their_walks() {
        // Started from the first value with no prefix, the lanes sample
        // their walks and choose one, as one thread does for `0.6`.
        let code: Code = "0.6".parse().expect("valid");
        let upto = 1 << 17;
        let mut one = Fast::with(&code, 64, 1);
        let mut a = Values::new();
        one.extend(&mut a, upto, &mut |_, _| true)
            .expect("computes");
        let mut two = Fast::with(&code, 64, 2);
        two.parallel_min = 0;
        let mut b = Values::new();
        two.extend(&mut b, upto, &mut |_, _| true)
            .expect("computes");
        assert_eq!(two.stats().threads, 2);
        assert_eq!(a, b);
        assert!(
            one.dense > 0 && two.dense > 0,
            "{} {}",
            one.dense,
            two.dense
        );
    }

    #[test]
    fn new_caps_the_threads_and_sets_when_they_join() {
        for (text, threads, lanes, nanos) in [
            ("0.6", 16, 16, LANES_MIN_NANOS),
            ("0.6", 100_000, MAX_THREADS, LANES_MIN_NANOS),
            ("0.16", 1, 1, LANES_MIN_NANOS),
            ("0.0007", 3, 3, LANES_MIN_NANOS),
            ("0.354", 16, 16, CARRIED_LANES_MIN_NANOS),
            ("0.37", 0, 1, LANES_MIN_NANOS),
            ("4.7", 8, 8, CARRIED_LANES_MIN_NANOS),
        ] {
            let code: Code = text.parse().expect("valid");
            let engine = Fast::new(&code, threads);
            assert_eq!(
                (engine.threads, engine.lanes_min_nanos),
                (lanes, nanos),
                "{text}"
            );
        }
    }

    #[test]
    fn carried_tables_made_ahead_serve_most_heaps() {
        // `.354` on two threads from the first value: most heaps are
        // settled from whole runs made ahead (by either thread).
        let code: Code = "0.354".parse().expect("valid");
        let upto = PARALLEL_MIN + 5000;
        let mut one = Values::new();
        Fast::with(&code, 64, 1)
            .extend(&mut one, upto, &mut |_, _| true)
            .expect("computes");
        let mut two = Fast::with(&code, 64, 2);
        two.parallel_min = 0;
        let mut values = Values::new();
        two.extend(&mut values, upto, &mut |_, _| true)
            .expect("computes");
        assert_eq!(values, one);
        let made = two.stats().made;
        assert!(made > upto / 2 && made <= upto, "{made} of {upto}");
    }

    #[test]
    fn whole_runs_match_one_thread() {
        // Codes that split after removing k and k + 1 tokens only, past the
        // first segments of whole runs (from 8,192 on), on 2 and 3 threads.
        // `.1367` reaches 128 at heap 58,132, inside a segment: that heap
        // goes to one thread and the rest to the lanes; `.0354`'s values
        // pass 128 before 8,192, so it goes to the lanes at once.
        for (text, upto, whole) in [
            ("0.354", 40_000, true),
            ("0.156", 40_000, true),
            ("4.7", 40_000, true),
            ("0.1543", 40_000, true),
            // A new rare value (64, at heap 45,556) inside a segment.
            ("0.1146", 50_000, true),
            ("0.0354", 40_000, false),
            ("0.1367", 60_000, false),
        ] {
            let code: Code = text.parse().expect("valid");
            assert!(blocks::split_pair(&Fast::with(&code, 64, 1).moves).is_some());
            let mut one = Values::new();
            Fast::with(&code, 64, 1)
                .extend(&mut one, upto, &mut |_, _| true)
                .expect("computes");
            for threads in [2, 3] {
                let mut many = Fast::with(&code, 64, threads);
                many.parallel_min = 0;
                let mut values = Values::new();
                many.extend(&mut values, upto, &mut |_, _| true)
                    .expect("computes");
                assert_eq!(values, one, "{text} on {threads} threads");
                if whole {
                    // Every heap from the first segment on came from a run.
                    let stats = many.stats();
                    assert_eq!(stats.threads, threads, "{text}");
                    assert_eq!(stats.made, upto + 1 - 8192, "{text}");
                }
            }
        }
    }

    #[test]
    fn whole_runs_match_naive() {
        // Against the rules themselves (every option listed), from the
        // first segment of whole runs (8,192) to 14,000, on 2 threads.
        for text in ["0.354", "0.156", "4.7", "0.1543"] {
            let code: Code = text.parse().expect("valid");
            let naive = naive_values_shared(&code, 14_000);
            let mut engine = Fast::with(&code, 64, 2);
            engine.parallel_min = 0;
            let mut values = Values::new();
            engine
                .extend(&mut values, 14_000, &mut |_, _| true)
                .expect("computes");
            assert_eq!(engine.stats().made, 14_001 - 8192, "{text}");
            assert_eq!(values.to_vec(), naive, "{text}");
        }
    }

    /// `code` to `upto` on two threads, stopped by `go_on` at its first
    /// report (2^16) and then extended again: the values kept are a prefix
    /// of one thread's, and the rest follow as on one thread. Returns how
    /// many were kept.
    fn stopped_then_resumed(code: &Code, upto: usize) -> usize {
        let mut one = Values::new();
        Fast::with(code, 64, 1)
            .extend(&mut one, upto, &mut |_, _| true)
            .expect("computes");
        let mut engine = Fast::with(code, 64, 2);
        let mut values = Values::new();
        let mut asked = Vec::new();
        engine
            .extend(&mut values, upto, &mut |n, _| {
                asked.push(n);
                false
            })
            .expect("computes");
        assert_eq!(asked, [1 << 16], "{code}");
        let kept = values.len();
        assert_eq!(values.to_vec()[..], one.to_vec()[..kept], "{code}");
        engine
            .extend(&mut values, upto, &mut |_, _| true)
            .expect("computes");
        assert_eq!(values, one, "{code}");
        kept
    }

    #[test]
    fn whole_runs_stopped_by_go_on_keep_their_values_and_go_on() {
        // 2^16 is a segment's first heap: the run stops right after it.
        let code: Code = "0.354".parse().expect("valid");
        assert_eq!(
            stopped_then_resumed(&code, (1 << 16) + 20_000),
            (1 << 16) + 1
        );
    }

    #[test]
    fn more_threads_than_heaps_in_flight_are_still_exact() {
        // More threads than the parked heaps' slots (`lanes::DEPTH` over
        // 4 per thread): the heaps in flight stay within the slots.
        let code: Code = "0.16".parse().expect("valid");
        let naive = naive_values_shared(&code, 6000);
        let mut engine = Fast::with(&code, 16, 1100);
        engine.parallel_min = 0;
        let mut values = Values::new();
        engine
            .extend(&mut values, 6000, &mut |_, _| true)
            .expect("computes");
        assert_eq!(values.to_vec(), naive);
    }

    #[test]
    fn threads_join_only_when_values_are_slow() {
        // One thread first; the others join after 2^16 values that took
        // longer than the threshold each (1 ns: always; u64::MAX: never).
        let code: Code = "0.6".parse().expect("valid");
        let upto = (1 << 16) + 3000;
        let mut one = Values::new();
        Fast::with(&code, 64, 1)
            .extend(&mut one, upto, &mut |_, _| true)
            .expect("computes");
        for (nanos, threads) in [(1, 2), (u64::MAX, 1)] {
            let mut engine = Fast::with(&code, 64, 2);
            engine.lanes_min_nanos = nanos;
            engine.parallel_min = 0;
            let mut values = Values::new();
            engine
                .extend(&mut values, upto, &mut |_, _| true)
                .expect("computes");
            assert_eq!(engine.stats().threads, threads, "{nanos}");
            assert_eq!(values, one, "{nanos}");
        }
    }

    #[test]
    fn lanes_stopped_by_go_on_keep_their_values_and_go_on() {
        // The other thread goes on until it next meets the first, which on
        // a busy machine may be the end.
        let code: Code = "0.16".parse().expect("valid");
        let upto = 1 << 17;
        let kept = stopped_then_resumed(&code, upto);
        assert!(kept > 1 << 16 && kept <= upto + 1, "{kept}");
    }
}

#[cfg(test)]
mod width_tests {
    use super::*;
    use crate::naive::naive_values_shared;

    /// The values with the narrow cells capped at `narrow_max`, in three
    /// calls, and whether they ended wide.
    fn capped(code: &Code, upto: usize, threads: usize, narrow_max: u32) -> (Vec<u32>, bool) {
        let mut engine = Fast::with(code, 16, threads);
        engine.parallel_min = 0;
        engine.narrow_max = narrow_max;
        let mut values = Values::new();
        for end in [upto / 3, upto / 2, upto] {
            engine
                .extend(&mut values, end, &mut |_, _| true)
                .expect("small values");
        }
        (values.to_vec(), !values.is_narrow())
    }

    #[test]
    fn values_widen_when_one_does_not_fit() {
        // A forced small threshold stands for 2^16: the engine must widen
        // in the middle of a run (on one thread, keeping its worker; on the
        // lanes, starting them again) and give the same values.
        for text in ["0.6", "0.16", "0.354", "0.0007"] {
            let code: Code = text.parse().expect("valid");
            let naive = naive_values_shared(&code, 1500);
            let top = naive.iter().copied().max().unwrap_or(0);
            for (threads, narrow_max) in [(1, 0), (1, top / 2), (1, top), (2, 0), (3, top / 2)] {
                let (values, wide) = capped(&code, 1500, threads, narrow_max);
                assert_eq!(values, naive, "{text}, {threads} threads, {narrow_max}");
                assert_eq!(wide, top > narrow_max, "{text}, {threads} threads");
            }
        }
    }
}
