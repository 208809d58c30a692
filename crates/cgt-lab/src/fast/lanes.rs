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
//! The threads meet under one mutex, a few times per value; a thread
//! settles the heaps parked next in a batch ([`BATCH`]). The heaps in flight
//! are kept few ([`NEAR`] per thread), so that the pairs left to settling
//! are few; but while the next heap to settle is itself being done ahead (a
//! long walk: all n / 2 pairs when its value is a new rare one) the others
//! go on ahead as far as [`depth`] allows instead of waiting. Each thread
//! keeps its own mask and rare list (any mask gives exact values; a parked
//! heap keeps its own) and its own copy of the values, which it brings up
//! to date from the last values stored ([`RING`]) each time it meets the
//! others.

use super::{
    BLOCK, Cell, Fast, FastStats, Lanes, Moves, Plain, Resume, Worker, find_limit, first_zero,
    mark_direct, mark_pairs, mark_rare_pairs, witnessed,
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
const NEAR: usize = 4;
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
    /// Where its walk stopped (`None`: every pair below `known` is marked).
    resume: Resume,
}

/// The first a whose partner m − a is below `known`: the pairs `a + b = m`
/// with a ≤ m / 2 from it on read only values that exist.
fn first_known(m: usize, known: usize) -> usize {
    (m + 1).saturating_sub(known).max(1)
}

/// Marks the pairs whose heaps are both in `cells` (G(0..known)) from
/// `from` on, a block at a time, until every value in `need` is marked;
/// returns where it stopped, or `None` if the pairs ran out first (or
/// `from` is `None`: they already had).
fn walk_from<C: Cell>(
    splits: &[usize],
    n: usize,
    cells: &[C],
    hit: &mut [u8],
    need: &mut Vec<u32>,
    from: Resume,
) -> Resume {
    let (first_split, first_block) = from?;
    if witnessed(need, hit) {
        return Some((first_split, first_block));
    }
    for (s, &k) in splits.iter().enumerate().skip(first_split) {
        if n < k + 2 {
            continue;
        }
        let (m, half) = (n - k, (n - k) / 2);
        let a = first_known(m, cells.len());
        if a > half {
            continue;
        }
        let lo = &cells[a..=half];
        let hi = &cells[m - half..=m - a];
        let skip = if s == first_split { first_block } else { 0 };
        for (b, (x, y)) in lo
            .chunks(BLOCK)
            .zip(hi.rchunks(BLOCK))
            .enumerate()
            .skip(skip)
        {
            mark_pairs(hit, x, y);
            if witnessed(need, hit) {
                return Some((s, b + 1));
            }
        }
    }
    None
}

impl Worker<'_> {
    /// Heap n's part that the values G(0..known) in `cells` give, in the
    /// table `hit` (any contents; it is cleared).
    fn ahead<C: Cell>(&mut self, n: usize, cells: &[C], mut hit: Vec<u8>) -> Parked {
        let known = cells.len();
        self.absorb(cells, known);
        self.review_at(n, cells);
        hit.clear();
        hit.resize(self.bound as usize, 0);
        let splits = &self.moves.splits;
        let mut resume = None;
        if self.naive {
            for &k in splits {
                if n >= k + 2 {
                    let (m, half) = (n - k, (n - k) / 2);
                    let a = first_known(m, known);
                    if a <= half {
                        mark_pairs(&mut hit, &cells[a..=half], &cells[m - half..=m - a]);
                    }
                }
            }
        } else {
            for &k in splits {
                if n >= k + 2 {
                    let m = n - k;
                    let a = first_known(m, known);
                    let from = self.rare.partition_point(|&(r, _)| (r as usize) < a);
                    let to = self.rare.partition_point(|&(r, _)| (r as usize) < m);
                    mark_rare_pairs(&mut hit, &self.rare[from..to.max(from)], cells, m);
                }
            }
            let (_, missing) = find_limit(&hit, self.mask, &mut self.need);
            resume = Some((0, 0));
            if missing {
                resume = walk_from(splits, n, cells, &mut hit, &mut self.need, resume);
            }
        }
        Parked {
            n,
            known,
            mask: (!self.naive).then_some(self.mask),
            hit,
            resume,
        }
    }
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
    match walk_from(&moves.splits, n, known, hit, need, parked.resume) {
        Some(_) => limit,
        // Every pair is marked and some even value below `limit` has no
        // witness: the least one is the answer (n is a new rare position).
        None => first_zero(hit, 0),
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
    /// Byte tables to reuse.
    spare: Vec<Vec<u8>>,
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
        let run = |j: usize,
                   mut own: Vec<P>,
                   go_on: &mut dyn FnMut(usize, usize) -> bool|
         -> (Vec<P>, FastStats) {
            let mut worker = Worker::new(moves, first_review);
            worker.start(&own, start);
            let mut need = Vec::new();
            let mut batch = Vec::new();
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
                if !settling && state.parked[n % DEPTH].is_some() {
                    // Settle the heaps parked from n on, in order, as many as
                    // fit: storing G(x) overwrites G(x − RING), which every
                    // copy must have.
                    let oldest = state.copied.iter().copied().min().unwrap_or(n);
                    let last = (oldest + RING).min(n + BATCH);
                    batch.clear();
                    for x in n..last {
                        match state.parked[x % DEPTH].take() {
                            Some(parked) => batch.push(parked),
                            None => break,
                        }
                    }
                    if !batch.is_empty() {
                        state.settling = true;
                        let bound = state.bound;
                        drop(state);
                        let (count, failed) =
                            settle_batch(&mut batch, moves, &mut own, bound, max, &mut need);
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
                        state.spare.extend(batch.drain(..).map(|parked| parked.hit));
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
                let reach = if stalled {
                    depth(state.bound)
                } else {
                    (NEAR * threads).min(DEPTH)
                };
                if state.next <= upto && state.next < n + reach {
                    let h = state.next;
                    state.next += 1;
                    let hit = state.spare.pop().unwrap_or_default();
                    drop(state);
                    let parked = worker.ahead(h, &own, hit);
                    state = lock(&shared);
                    state.parked[h % DEPTH] = Some(parked);
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
            (own, worker.stats())
        };
        let (own, stats) = std::thread::scope(|scope| {
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
        // The main thread's copy: every value it saw stored, in order.
        *values = own;
        if state.too_wide && state.result.is_ok() {
            Lanes::Widen
        } else {
            Lanes::Done(state.result)
        }
    }
}
