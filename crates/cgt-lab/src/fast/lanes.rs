//! The fast engine on several threads: each heap's value in two parts, the
//! long one on whichever thread is free, the short one in heap order.
//!
//! # Idea
//! Heap n's options are the splits `a + b = n − k` and the one-heap moves.
//! Most of its work (the rare pairs and the coupon walk) reads values far
//! below n. So a thread takes the next heap as soon as it is free and does
//! that part (**ahead**) with the values that exist, say G(0..known):
//!
//! - it marks the rare pairs and walks the pairs whose two heaps are below
//!   `known`, as one thread does, and *parks* what it found (its byte table
//!   and where the walk stopped);
//! - the pairs with a heap at `known` or above (for a split `a + b = m`,
//!   the a ≤ m − known: a handful when `known` is just below n) are left.
//!
//! The other part (**settling**) needs G(0..n) and goes in heap order: the
//! thread that finds heap n parked once G(n − 1) exists marks the pairs left
//! and the one-heap moves, takes the least odd value missing and, when some
//! even value below it still has no witness, goes on with the parked walk.
//! Settling is short as a rule, and a long walk (a new rare value) is done
//! ahead, where the threads do not wait for each other. Each pair is marked
//! once, and the odd values are all found (any odd pair has a rare heap:
//! below `known` it is in the rare list, at or above it the pair was left),
//! so the value is the one thread's, bit for bit.
//!
//! The threads meet under one mutex, a few times per run of heaps done
//! ahead ([`AHEAD_SPAN`]); a thread settles the heaps parked next in a
//! batch ([`BATCH`]). The heaps in flight
//! are kept few ([`NEAR`] per thread), so that the pairs left to settling
//! are few; but while the next heap to settle is itself being done ahead (a
//! long walk: all n / 2 pairs when its value is a new rare one) the others
//! go on ahead as far as [`depth`] allows instead of waiting. Each thread
//! keeps its own mask and rare list (any mask gives exact values; a parked
//! heap keeps its own) and its own copy of the values, which it brings up
//! to date from the last values stored ([`RING`]) each time it meets the
//! others.
//!
//! # Codes that carry split tables
//! When k − 1 and k are both split digits (`.354`, `.376`), one thread
//! passes each split's table from heap to heap (see
//! [`Worker::compute_carried`]), and values cost a few hundred nanoseconds:
//! parking each heap, and walking each split twice, would cost more than a
//! second thread gives. So the tables stay on the first thread, which
//! settles every heap as one thread does, and the threads do the part of
//! its work that reads values far below n:
//!
//! - for a run of heaps ([`CARRIED_SPAN`]), the rare pairs of each table a
//!   heap starts afresh, and the first pairs of its walk
//!   ([`PREWALK`]), with the values that exist;
//! - the first thread adds the few rare pairs that read a value from
//!   `known` on, then carries, walks and takes the mex as one thread does.
//!
//! What is left on the first thread (the walk beyond the pairs done ahead,
//! the mex) bounds the speed-up, whatever the number of threads. A table
//! is used only if it was made with the first thread's mask, so the masks
//! are chosen at the same heaps, from the same values, on every thread.
//! Codes whose only splits are k and k + 1 come here only once a value
//! reaches 128: before, [`blocks`](super::blocks) does whole runs ahead.

use super::{
    BLOCK, Cell, Fast, FastStats, Lanes, Made, Moves, Plain, SAMPLE_EVERY, Worker, find_limit,
    first_zero, mark_direct, mark_pairs, mark_rare_pairs, pack_bits, witnessed,
};
use crate::ComputeError;
use crate::naive::to_value;
use std::sync::{Condvar, Mutex, MutexGuard, PoisonError};

/// How many heaps may be parked (done ahead, not yet settled) at once. A
/// heap whose walk finds no witness (a new rare value) walks all its pairs,
/// n / 2 of them, milliseconds at n = 2^24; the other threads go on ahead
/// meanwhile, about a heap every 5 µs for `0.6`, instead of waiting.
const DEPTH: usize = 4096;
/// How many parked heaps one thread settles between two meetings.
const BATCH: usize = 64;
/// Heaps in flight per thread when none waits for a long walk.
const NEAR: usize = 16;
/// How many consecutive heaps a thread does ahead at once (codes that do
/// not carry split tables): a meeting per run instead of per heap. `0.6`
/// to 2^24 on two threads: 22.8 s against 23.6 s a heap at a time, the
/// CPU time within 2% of one thread's.
const AHEAD_SPAN: usize = 16;
/// How many consecutive heaps a thread does ahead at once when the code
/// carries split tables from heap to heap.
const CARRIED_SPAN: usize = 32;
/// How many pairs of a split table made ahead are walked ahead too.
const PREWALK: usize = 256;
/// How far ahead of the first heap not settled the tables are made, for
/// codes that carry split tables.
const CARRIED_REACH: usize = 256;
/// The parked heaps' byte tables take at most about this many bytes (fewer
/// heaps are parked when the values, and so the tables, are large).
const PARKED_BYTES: u64 = 32 << 20;

/// What heap n's options reach among the pairs below `known`: its part done
/// ahead, to be settled once G(0..n) exist.
pub(super) struct Parked {
    n: usize,
    /// The values below this existed when it was done.
    known: usize,
    /// The mask it was done with (`None`: every pair listed, no mask).
    mask: Option<u32>,
    /// `hit[v]` is 1 when some option of value v has been found.
    hit: Vec<u8>,
    /// Per split, the next block of its pairs below `known` to walk
    /// ([`DONE`] when every one is marked).
    next: Vec<usize>,
    /// How many heaps from n it stands for: 1, or a run of heaps whose
    /// tables were `made` (codes that carry split tables).
    count: usize,
    /// For codes that carry split tables, the tables made ahead instead.
    made: Made,
}

impl Parked {
    fn empty() -> Self {
        Self {
            n: 0,
            known: 0,
            mask: None,
            hit: Vec::new(),
            next: Vec::new(),
            count: 1,
            made: Made::default(),
        }
    }
}

/// A split whose pairs below `known` are all marked.
const DONE: usize = usize::MAX;

/// The first a whose partner m − a is below `known`: the pairs `a + b = m`
/// with a ≤ m / 2 from it on read only values that exist.
fn first_known(m: usize, known: usize) -> usize {
    (m + 1).saturating_sub(known).max(1)
}

/// The pairs `a + b = m` whose heaps are both in `cells` (G(0..known)),
/// a ≤ m / 2, as the two slices [`mark_pairs`] takes (empty when none).
fn known_pairs<C: Cell>(m: usize, cells: &[C]) -> (&[C], &[C]) {
    let (half, a) = (m / 2, first_known(m, cells.len()));
    if a > half {
        return (&[], &[]);
    }
    (&cells[a..=half], &cells[m - half..=m - a])
}

/// Walks the pairs of one split `a + b = m` whose heaps are both in `cells`,
/// a block at a time from block `*next`, marking them in `hit` until every
/// value in `need` is marked there; returns whether they all were (`*next`
/// is then the block after, else [`DONE`]).
fn walk_split<C: Cell>(
    m: usize,
    cells: &[C],
    hit: &mut [u8],
    need: &mut Vec<u32>,
    next: &mut usize,
) -> bool {
    if *next == DONE {
        return false;
    }
    let (lo, hi) = known_pairs(m, cells);
    // Block b is lo[32b..] with the end of hi read backwards (plain
    // slicing: a chunk iterator skipped to block `next` costs more than
    // the checks).
    let mut start = *next * BLOCK;
    while start < lo.len() {
        let end = (start + BLOCK).min(lo.len());
        mark_pairs(hit, &lo[start..end], &hi[hi.len() - end..hi.len() - start]);
        start = end;
        if witnessed(need, hit) {
            *next = start.div_ceil(BLOCK);
            return true;
        }
    }
    *next = DONE;
    false
}

/// Marks the pairs of heap n's splits whose heaps are both in `cells`, each
/// split from its block in `next`, until every value in `need` is marked;
/// returns whether they all were (false: every pair is marked).
fn walk_from<C: Cell>(
    splits: &[usize],
    n: usize,
    cells: &[C],
    hit: &mut [u8],
    need: &mut Vec<u32>,
    next: &mut [usize],
) -> bool {
    if witnessed(need, hit) {
        return true;
    }
    let live = |&(&k, &next): &(&usize, &usize)| n >= k + 2 && next != DONE;
    if splits.iter().zip(next.iter()).filter(live).count() <= 1 {
        for (&k, next) in splits.iter().zip(next.iter_mut()) {
            if n >= k + 2 && walk_split(n - k, cells, hit, need, next) {
                return true;
            }
        }
        return false;
    }
    // A block of each split in turn, as one thread walks its tables: a
    // value one split reaches only far on may be in another's first pairs.
    loop {
        let mut walked = false;
        for (&k, next) in splits.iter().zip(next.iter_mut()) {
            if n < k + 2 || *next == DONE {
                continue;
            }
            let (lo, hi) = known_pairs(n - k, cells);
            let start = *next * BLOCK;
            if start >= lo.len() {
                *next = DONE;
                continue;
            }
            let end = (start + BLOCK).min(lo.len());
            mark_pairs(hit, &lo[start..end], &hi[hi.len() - end..hi.len() - start]);
            *next += 1;
            walked = true;
            if witnessed(need, hit) {
                return true;
            }
        }
        if !walked {
            return false;
        }
    }
}

impl Worker<'_> {
    /// Heaps h..h + count done ahead with the values G(0..known) in
    /// `cells`, parked in `out` (their tables taken from `spare` first).
    fn ahead_run<C: Cell>(
        &mut self,
        h: usize,
        count: usize,
        cells: &[C],
        spare: &mut Vec<Parked>,
        out: &mut Vec<Parked>,
    ) {
        let known = cells.len();
        self.absorb(cells, known);
        for n in h..h + count {
            self.review_at(n, cells);
            let mut parked = spare.pop().unwrap_or_else(Parked::empty);
            parked.n = n;
            parked.count = 1;
            parked.known = known;
            parked.mask = (!self.naive).then_some(self.mask);
            parked.hit.clear();
            parked.hit.resize(self.bound as usize, 0);
            parked.next.clear();
            parked.next.resize(self.moves.splits.len(), DONE);
            if self.naive {
                for &k in &self.moves.splits {
                    if n >= k + 2 {
                        let (lo, hi) = known_pairs(n - k, cells);
                        mark_pairs(&mut parked.hit, lo, hi);
                    }
                }
            } else {
                self.ahead_one(n, cells, &mut parked);
            }
            out.push(parked);
        }
    }

    /// Heap n's part done ahead with a mask, marked straight in `parked`.
    /// Each split's first known pairs (`dense` of them, as on one thread)
    /// are marked whole and their rare pairs left out.
    fn ahead_one<C: Cell>(&mut self, n: usize, cells: &[C], parked: &mut Parked) {
        let moves = self.moves;
        let known = cells.len();
        // As on one thread, a heap in SAMPLE_EVERY is done without the
        // dense prefix and its walk counted, so that each thread chooses
        // its prefix from the walks it sees (a run that starts on the
        // lanes starts with none).
        let sampled = n % SAMPLE_EVERY == 0;
        let dense = if sampled { 0 } else { self.dense };
        parked.next.fill(0);
        for (&k, next) in moves.splits.iter().zip(parked.next.iter_mut()) {
            if n >= k + 2 {
                let m = n - k;
                let mut rare = rare_for(&self.rare, m, known);
                if dense > 0 {
                    let (lo, hi) = known_pairs(m, cells);
                    let d = dense.min(lo.len());
                    mark_pairs(&mut parked.hit, &lo[..d], &hi[hi.len() - d..]);
                    *next = if d == lo.len() { DONE } else { d / BLOCK };
                    // The rare pairs whose smaller heap is in the prefix, or
                    // below it (those are settled).
                    let small = first_known(m, known) + d;
                    let from = rare.partition_point(|&(a, _)| (a as usize) < small);
                    let to =
                        rare.partition_point(|&(a, _)| (a as usize) <= m.saturating_sub(small));
                    rare = &rare[from..to.max(from)];
                }
                mark_rare_pairs(&mut parked.hit, rare, cells, m);
            }
        }
        let (_, missing) = find_limit(&parked.hit, self.mask, &mut self.need);
        if missing {
            let (hit, next) = (&mut parked.hit, &mut parked.next);
            walk_from(&moves.splits, n, cells, hit, &mut self.need, next);
        }
        if sampled {
            // The first split's walk, in blocks from the first pair below
            // `known` (where a prefix ahead starts too).
            if let Some(&next) = parked.next.first() {
                self.count_walk(if next == DONE { usize::MAX } else { next });
            }
        }
    }

    /// For codes that carry split tables: the rare pairs of the split
    /// tables that heaps h..h + count start afresh (the others come from
    /// the heap before), with the values G(0..known) in `cells`, parked
    /// as one run. The first thread settles them in order with its carried
    /// tables ([`Worker::compute_with`]), adding the few rare pairs that
    /// read values from `known` on.
    fn made_run<C: Cell>(&mut self, h: usize, count: usize, cells: &[C], parked: &mut Parked) {
        let known = cells.len();
        // The masks are chosen from G(0..P) at the same heaps P as on one
        // thread, so that every thread's mask is the settling thread's
        // (a table made with another mask is not used).
        while self.next_review <= known {
            self.absorb(cells, self.next_review);
            self.review(cells);
            self.next_review = self.next_review.saturating_mul(2);
        }
        self.absorb(cells, known);
        let moves = self.moves;
        let bound = self.bound as usize;
        parked.n = h;
        parked.count = count;
        parked.known = known;
        let made = &mut parked.made;
        made.first = h;
        made.known = known;
        made.mask = (!self.naive).then_some(self.mask);
        made.words = bound.div_ceil(64);
        made.tables.clear();
        if self.naive {
            return;
        }
        let fresh = (0..moves.splits.len()).filter(|&s| moves.fresh(s)).count();
        made.tables.resize(count * fresh * made.words, 0);
        let mut tables = made.tables.chunks_exact_mut(made.words);
        // Each table is made in this thread's own byte table, then packed.
        let hit = &mut self.hit;
        for n in h..h + count {
            for (s, &k) in moves.splits.iter().enumerate() {
                if !moves.fresh(s) {
                    continue;
                }
                let Some(words) = tables.next() else { return };
                let Some(m) = n.checked_sub(k).filter(|&m| m >= 2) else {
                    continue;
                };
                hit.clear();
                hit.resize(bound, 0);
                mark_rare_pairs(hit, rare_for(&self.rare, m, known), cells, m);
                // Some of the walk too, over the first pairs whose heaps
                // are both known: their witnesses spare the first thread
                // part of its walk.
                let (lo, hi) = known_pairs(m, cells);
                let len = lo.len().min(PREWALK);
                mark_pairs(hit, &lo[..len], &hi[hi.len() - len..]);
                pack_bits(hit, words);
            }
        }
    }
}

/// The rare positions a paired for the split `a + b = m` with the values
/// G(0..known): those from `first_known` up to m.
fn rare_for(rare: &[(u32, u32)], m: usize, known: usize) -> &[(u32, u32)] {
    let a = first_known(m, known);
    let from = rare.partition_point(|&(r, _)| (r as usize) < a);
    let to = rare.partition_point(|&(r, _)| (r as usize) < m);
    &rare[from..to.max(from)]
}

/// Heap n's value from its parked part, `cells` holding G(0..n) and `bound`
/// a power of two above every one of them; `need` is scratch.
fn settle<C: Cell>(
    parked: &mut Parked,
    moves: &Moves,
    cells: &[C],
    bound: u64,
    need: &mut Vec<u32>,
) -> u64 {
    let n = parked.n;
    debug_assert_eq!(cells.len(), n);
    if parked.hit.len() < bound as usize {
        parked.hit.resize(bound as usize, 0);
    }
    let hit = &mut parked.hit[..];
    for &k in &moves.splits {
        if n >= k + 2 {
            // The pairs a + (m − a) left, a in 1..end, with the walk's
            // kernel: after a long walk elsewhere they are thousands.
            let (m, half) = (n - k, (n - k) / 2);
            let end = first_known(m, parked.known).min(half + 1);
            if end > 1 {
                mark_pairs(hit, &cells[1..end], &cells[m + 1 - end..m]);
            }
        }
    }
    mark_direct(moves, n, cells, hit);
    let Some(mask) = parked.mask else {
        return first_zero(hit, 0);
    };
    let (limit, missing) = find_limit(hit, mask, need);
    if !missing {
        return limit;
    }
    // The walk goes on over the pairs below `known` (those above are all
    // marked now).
    let known = &cells[..parked.known];
    if walk_from(&moves.splits, n, known, hit, need, &mut parked.next) {
        limit
    } else {
        // Every pair is marked and some even value below `limit` has no
        // witness: the least one is the answer (n is a new rare position).
        first_zero(hit, 0)
    }
}

/// Settles the heaps of `batch` (consecutive, the first at `own.len()`) in
/// order, pushing their values onto `own`; returns how many were settled
/// and, if not all, why: `Ok(())` for a value above `max`, or the error.
fn settle_batch<P: Plain>(
    batch: &mut [Parked],
    moves: &Moves,
    own: &mut Vec<P>,
    mut bound: u64,
    max: u32,
    need: &mut Vec<u32>,
) -> (usize, Option<Result<(), ComputeError>>) {
    for (i, parked) in batch.iter_mut().enumerate() {
        let n = parked.n;
        debug_assert_eq!(own.len(), n);
        match to_value(settle(parked, moves, own, bound, need), n) {
            Ok(v) if v <= max => {
                own.push(P::narrow(v));
                while u64::from(v) >= bound {
                    bound *= 2;
                }
            }
            Ok(_) => return (i, Some(Ok(()))),
            Err(e) => return (i, Some(Err(e))),
        }
    }
    (batch.len(), None)
}

/// [`settle_batch`] for codes that carry split tables, on the first
/// thread: its worker computes each heap as one thread does, with the
/// tables made ahead.
fn settle_carried<P: Plain>(
    batch: &mut [Parked],
    worker: &mut Worker<'_>,
    own: &mut Vec<P>,
    max: u32,
) -> (usize, Option<Result<(), ComputeError>>) {
    let start = own.len();
    for run in batch.iter() {
        for n in run.n..run.n + run.count {
            debug_assert_eq!(own.len(), n);
            match worker.compute_with(n, own, Some(&run.made)) {
                Ok(v) if v <= max => own.push(P::narrow(v)),
                Ok(_) => return (n - start, Some(Ok(()))),
                Err(e) => return (n - start, Some(Err(e))),
            }
        }
    }
    (own.len() - start, None)
}

/// What the threads share, under one mutex.
struct Shared {
    /// The next heap to do ahead.
    next: usize,
    /// G(0..stored) are known.
    stored: usize,
    /// The last values stored: G(n) at n % RING, until every thread has
    /// copied it.
    recent: Vec<u32>,
    /// How far each thread's copy of the values goes.
    copied: Vec<usize>,
    /// A power of two above every value stored.
    bound: u64,
    /// Some thread is settling heap `stored`.
    settling: bool,
    /// Heap n's parked part, at n % DEPTH.
    parked: Vec<Option<Parked>>,
    /// Parked parts settled, to reuse with their tables.
    spare: Vec<Parked>,
    /// Threads waiting on the condition variable.
    sleeping: usize,
    /// Stop: an error, a value too wide for the cells, or `go_on` said no.
    stop: bool,
    too_wide: bool,
    result: Result<(), ComputeError>,
}

/// How many of the last values the threads pass each other. A thread
/// copies the new ones each time it takes the lock, and a value is
/// overwritten only once every thread has copied it; more than [`DEPTH`]
/// makes waiting for that rare.
const RING: usize = 4 * DEPTH;

/// How many heaps may be in flight (parked or being done ahead) when the
/// values are below `bound`.
fn depth(bound: u64) -> usize {
    (PARKED_BYTES / bound.max(1)).clamp(1, DEPTH as u64) as usize
}

fn lock(shared: &Mutex<Shared>) -> MutexGuard<'_, Shared> {
    // A thread that panicked holding the lock leaves the state consistent
    // enough to stop (its panic is resumed when it is joined).
    shared.lock().unwrap_or_else(PoisonError::into_inner)
}

impl Fast {
    /// [`extend`](Self::extend) on `threads` threads; [`Lanes::Widen`]
    /// when a value above `max` turns up (the values below it kept).
    ///
    /// Each thread keeps its own copy of the values (the main thread's is
    /// `values`), so that the walk reads plain values: 2 bytes per value
    /// per thread.
    pub(super) fn extend_lanes<P: Plain>(
        &mut self,
        threads: usize,
        values: &mut Vec<P>,
        upto: usize,
        max: u32,
        go_on: &mut dyn FnMut(usize, usize) -> bool,
    ) -> Lanes {
        let start = values.len();
        if start > upto {
            return Lanes::Done(Ok(()));
        }
        let out_of_memory = || {
            Lanes::Done(Err(ComputeError::OutOfMemory {
                upto,
                width: std::mem::size_of::<P>() as u8,
            }))
        };
        if values.try_reserve_exact(upto + 1 - start).is_err() {
            return out_of_memory();
        }
        let mut copies = Vec::new();
        for _ in 1..threads {
            let mut copy = Vec::new();
            if copy.try_reserve_exact(upto + 1).is_err() {
                return out_of_memory();
            }
            copy.extend_from_slice(values);
            copies.push(copy);
        }
        let bound = values
            .iter()
            .map(|c| u64::from(c.get()))
            .max()
            .map_or(1, |top| (top + 1).next_power_of_two());
        let shared = Mutex::new(Shared {
            next: start,
            stored: start,
            recent: vec![0; RING],
            copied: vec![start; threads],
            bound,
            settling: false,
            parked: (0..DEPTH).map(|_| None).collect(),
            spare: Vec::new(),
            sleeping: 0,
            stop: false,
            too_wide: false,
            result: Ok(()),
        });
        let wake = Condvar::new();
        let moves = &self.moves;
        let first_review = self.first_review;
        let dense = self.dense;
        // Codes that carry split tables do heaps ahead a run at a time (the
        // tables pass along it, and their values are cheap).
        let carries = moves.carries();
        let span = if carries { CARRIED_SPAN } else { AHEAD_SPAN };
        let run = |j: usize,
                   mut own: Vec<P>,
                   go_on: &mut dyn FnMut(usize, usize) -> bool|
         -> (Vec<P>, FastStats, usize) {
            let mut worker = Worker::new(moves, first_review);
            worker.dense = dense;
            worker.start(&own, start);
            let mut need = Vec::new();
            let mut batch = Vec::new();
            // Parked tables to reuse, and the heaps just done ahead.
            let (mut mine, mut done) = (Vec::new(), Vec::new());
            // The last heap reported to `go_on` (main thread only): every
            // 2^16 values, as on one thread.
            let mut reported = start.saturating_sub(1) & !0xFFFF;
            let mut state = lock(&shared);
            loop {
                let n = state.stored;
                if own.len() < n {
                    let state = &mut *state;
                    own.extend((own.len()..n).map(|i| P::narrow(state.recent[i % RING])));
                    state.copied[j] = n;
                    if state.sleeping > 0 {
                        wake.notify_all();
                    }
                }
                if state.stop || n > upto {
                    break;
                }
                let top = n.saturating_sub(1) & !0xFFFF;
                // The main thread (j = 0) owns `go_on`.
                if j == 0 && top > reported {
                    reported = top;
                    drop(state);
                    let go = go_on(top, upto);
                    state = lock(&shared);
                    if !go {
                        state.stop = true;
                        wake.notify_all();
                    }
                    continue;
                }
                let settling = state.settling;
                // Carried tables stay with the first thread, which settles.
                if !settling && (j == 0 || !carries) && state.parked[n % DEPTH].is_some() {
                    // Settle the heaps parked from n on, in order, as many as
                    // fit: storing G(x) overwrites G(x − RING), which every
                    // copy must have.
                    let oldest = state.copied.iter().copied().min().unwrap_or(n);
                    let last = (oldest + RING).min(n + BATCH);
                    batch.clear();
                    let mut x = n;
                    while x < last {
                        let slot = &mut state.parked[x % DEPTH];
                        match slot.take() {
                            Some(parked) if x + parked.count <= last => {
                                x += parked.count;
                                batch.push(parked);
                            }
                            Some(parked) => {
                                *slot = Some(parked);
                                break;
                            }
                            None => break,
                        }
                    }
                    if !batch.is_empty() {
                        state.settling = true;
                        let bound = state.bound;
                        drop(state);
                        let (count, failed) = if carries {
                            settle_carried(&mut batch, &mut worker, &mut own, max)
                        } else {
                            settle_batch(&mut batch, moves, &mut own, bound, max, &mut need)
                        };
                        state = lock(&shared);
                        state.settling = false;
                        let state = &mut *state;
                        for (x, v) in own.iter().enumerate().skip(n) {
                            let v = v.get();
                            state.recent[x % RING] = v;
                            while u64::from(v) >= state.bound {
                                state.bound *= 2;
                            }
                        }
                        // Those not settled are dropped too: the run stops.
                        state.spare.append(&mut batch);
                        state.stored = n + count;
                        state.copied[j] = n + count;
                        match failed {
                            None => {}
                            Some(Ok(())) => {
                                state.too_wide = true;
                                state.stop = true;
                            }
                            Some(Err(e)) => {
                                state.result = Err(e);
                                state.stop = true;
                            }
                        }
                        if state.sleeping > 0 {
                            wake.notify_all();
                        }
                        continue;
                    }
                }
                // Ahead: far only while heap n itself is being done ahead (a
                // long walk, which the others need not wait for); else a few
                // heaps, so that the heaps parked have few pairs left.
                let stalled = !settling && n < state.next && state.parked[n % DEPTH].is_none();
                let reach = if carries {
                    CARRIED_REACH.min(depth(state.bound))
                } else if stalled {
                    depth(state.bound)
                } else {
                    (NEAR * threads).min(depth(state.bound))
                };
                if state.next <= upto && state.next < n + reach {
                    let h = state.next;
                    let count = span.min(upto + 1 - h).min(n + reach - h);
                    state.next += count;
                    let runs = if carries { 1 } else { count };
                    let from = state.spare.len().saturating_sub(runs);
                    mine.extend(state.spare.drain(from..));
                    drop(state);
                    if carries {
                        let mut run = mine.pop().unwrap_or_else(Parked::empty);
                        worker.made_run(h, count, &own, &mut run);
                        done.push(run);
                    } else {
                        worker.ahead_run(h, count, &own, &mut mine, &mut done);
                    }
                    state = lock(&shared);
                    for parked in done.drain(..) {
                        let x = parked.n;
                        state.parked[x % DEPTH] = Some(parked);
                    }
                    if state.sleeping > 0 {
                        wake.notify_all();
                    }
                } else {
                    state.sleeping += 1;
                    state = wake.wait(state).unwrap_or_else(PoisonError::into_inner);
                    state.sleeping -= 1;
                }
            }
            // The others may be waiting for this thread's heap.
            state.stop = true;
            wake.notify_all();
            drop(state);
            (own, worker.stats(), worker.dense)
        };
        let (own, stats, dense) = std::thread::scope(|scope| {
            let run = &run;
            let mut others = Vec::new();
            for (i, copy) in copies.into_iter().enumerate() {
                let thread = std::thread::Builder::new();
                match thread.spawn_scoped(scope, move || run(i + 1, copy, &mut |_, _| true)) {
                    Ok(other) => others.push(other),
                    // The system has no more threads to give: the others
                    // do without this one (its copy must not hold the
                    // values back).
                    Err(_) => lock(&shared).copied[i + 1] = usize::MAX / 2,
                }
            }
            let main = run(0, std::mem::take(values), go_on);
            for other in others {
                if let Err(panic) = other.join() {
                    std::panic::resume_unwind(panic);
                }
            }
            main
        });
        let state = shared.into_inner().unwrap_or_else(PoisonError::into_inner);
        self.stats = FastStats { threads, ..stats };
        // The next call starts from the first thread's prefix.
        self.dense = dense;
        // The main thread's copy: every value it saw stored, in order.
        *values = own;
        if state.too_wide && state.result.is_ok() {
            Lanes::Widen
        } else {
            Lanes::Done(state.result)
        }
    }
}
