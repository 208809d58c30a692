//! The fast engine on several threads for codes whose only splits are
//! after removing k and k + 1 tokens (`.354`, `.156`, `4.7`): whole runs of
//! heaps done ahead by any thread, settled in heap order by the first.
//!
//! # Idea
//! A value of `.354` costs about 0.17 µs on one thread, about what a cache
//! line takes to pass from one core to the other here, and
//! [`lanes`](super::lanes), whose first thread keeps the carried tables and
//! does most of the work, is no faster on two threads than on one. Here a
//! *run* of [`RUN`] heaps is done ahead, whole, by whichever thread claims
//! it, with the values below a cutoff c, [`LAG`] runs before the run's start:
//!
//! - each split sum m of the run has a byte table, carried along the run as
//!   on one thread (heap n's split k + 1 is heap n − 1's split k);
//! - the rare pairs whose two heaps are below c are marked a rare position
//!   at a time over the whole run (its partners are consecutive values);
//! - each heap's walk over the pairs below c goes on until the even values
//!   below the least odd value they miss are all witnessed (the walked pairs
//!   of odd value have a rare heap, so that limit is exact for them);
//! - what a heap's tables reach passes on as bits, with where its walks
//!   stopped.
//!
//! Settling, in heap order on the first thread, adds the rare pairs with a
//! heap from c on (those whose partner is below the run's start marked at
//! the run's start, again a rare position at a time) and the one-heap moves,
//! as bits, and takes the least odd value missing. When some even value
//! below it has no witness (the move to G(n − 1) or a new rare pair raised
//! it, in about a fifth of the heaps), it walks on where the run stopped,
//! then over the pairs with a heap from c on. The value is the one thread's,
//! bit for bit: every odd value reached is found (an odd pair has a rare
//! heap), and every even one below the answer is witnessed.
//!
//! The threads share atomics only: a counter of runs claimed, how far the
//! values are settled, a ring of the last values (each other thread keeps
//! its own copy of the values, for the walk, and follows the ring) and a
//! ring of runs done. The mask is the same on every thread for a whole
//! segment (from one review to the next); a value of [`BOUND`] or more ends
//! the segment, and that heap is done on one thread. Settling is serial:
//! about a third of the work on `.354`, so more than three threads would
//! mostly wait.

use super::{BLOCK, Moves, Worker, mark_pairs, unpack_bits};
use std::sync::atomic::{AtomicBool, AtomicU16, AtomicU64, AtomicUsize, Ordering};

/// Heaps in a run done ahead.
const RUN: usize = 32;
/// Runs between a run's cutoff and its first heap: room for the threads
/// to work ahead, at the price of more pairs to settle (`.354` to 2^22 on
/// two threads, runs in turn: 0.47–0.50 s with 3 against 0.49–0.52 s
/// with 2, 0.48–0.50 s with 4).
const LAG: usize = 3;
/// Values stay below this in a segment (tables of this many bytes).
pub(super) const BOUND: usize = 128;
/// Words of a heap's bits (two: settling keeps them in registers).
const WORDS: usize = 2;
const _: () = assert!(WORDS * 64 == BOUND);
/// Runs in flight at most (done, not settled). Run j + SLOTS reuses run
/// j's slot: it is claimed once the runs before j + SLOTS − LAG are
/// settled, run j among them.
const SLOTS: usize = 8;
const _: () = assert!(SLOTS > LAG);
/// The last values passed to the other threads.
const RING: usize = 1 << 16;
/// Segments shorter than this stay on one thread.
pub(super) const SEGMENT_MIN: usize = 1 << 13;

/// The k when the splits are exactly k and k + 1 (both carried).
pub(super) fn split_pair(moves: &Moves) -> Option<usize> {
    match moves.splits[..] {
        [k, next] if k + 1 == next => Some(k),
        _ => None,
    }
}

/// How a segment ended.
pub(super) enum Segment {
    /// Every heap to its end is computed.
    Reached,
    /// `go_on` said no.
    Stopped,
    /// The next heap's value may be [`BOUND`] or more: one thread does it.
    Bound,
}

/// Waiting for the other threads: a few spins, then the core is given up
/// at every turn (with more threads than cores, a spinning thread would
/// hold up the one it waits for).
#[derive(Default)]
struct Wait(u32);

impl Wait {
    fn turn(&mut self) {
        if self.0 < 64 {
            self.0 += 1;
            std::hint::spin_loop();
        } else {
            std::thread::yield_now();
        }
    }
}

/// Whether `v` has odd parity under `mask`.
fn is_odd(v: usize, mask: u32) -> bool {
    (v as u32 & mask).count_ones() % 2 == 1
}

/// The values below [`BOUND`] of odd parity, a bit each.
fn odd_bits(mask: u32) -> [u64; WORDS] {
    let mut bits = [0; WORDS];
    for v in (0..BOUND).filter(|&v| is_odd(v, mask)) {
        bits[v / 64] |= 1 << (v % 64);
    }
    bits
}

/// A run done ahead, in a slot of the ring.
struct Slot {
    /// The run's index + 1 once done.
    ready: AtomicUsize,
    /// Per heap, its bits.
    bits: Vec<AtomicU64>,
    /// Per heap, where its walks stopped (split k low, k + 1 high).
    next: Vec<AtomicU64>,
}

/// What the threads share.
struct Shared {
    /// The first heap of the segment.
    base: usize,
    runs: usize,
    /// Runs claimed.
    claimed: AtomicUsize,
    /// G(0..settled) are known.
    settled: AtomicUsize,
    /// The last values, G(x) at x % RING.
    recent: Vec<AtomicU16>,
    /// How far each other thread's copy goes (`usize::MAX` once it
    /// stopped).
    copied: Vec<AtomicUsize>,
    slots: Vec<Slot>,
    stop: AtomicBool,
    /// A thread panicked: nobody waits for its run (the panic is resumed
    /// when the threads are joined).
    failed: AtomicBool,
}

/// Raises [`Shared::failed`] when a thread unwinds.
struct Alarm<'a>(&'a AtomicBool);

impl Drop for Alarm<'_> {
    fn drop(&mut self) {
        if std::thread::panicking() {
            self.0.store(true, Ordering::Release);
        }
    }
}

impl Shared {
    /// The first heap, the end and the cutoff of run j.
    fn span(&self, j: usize, end: usize) -> (usize, usize, usize) {
        let start = self.base + j * RUN;
        (start, (start + RUN).min(end + 1), start - LAG * RUN)
    }

    /// Claims the next run when its cutoff is settled.
    fn claim(&self, end: usize) -> Option<usize> {
        let j = self.claimed.load(Ordering::Relaxed);
        let (_, _, cut) = (j < self.runs).then(|| self.span(j, end))?;
        if cut > self.settled.load(Ordering::Acquire) {
            return None;
        }
        let next = self
            .claimed
            .compare_exchange(j, j + 1, Ordering::Relaxed, Ordering::Relaxed);
        next.ok()
    }
}

/// One thread's scratch for runs.
#[derive(Default)]
struct Runner {
    tables: Vec<[u8; BOUND]>,
    next: Vec<usize>,
    need: Vec<u32>,
    bits: Vec<[u64; WORDS]>,
    walked: Vec<[u32; 2]>,
}

impl Runner {
    /// Does heaps start..end with the values G(0..cut) in `cells` (and
    /// perhaps more, unused) and the rare positions below `cut`, into the
    /// runner's `bits` and `walked`.
    fn run(
        &mut self,
        k: usize,
        (start, end, cut): (usize, usize, usize),
        cells: &[u16],
        rare: &[(u32, u32)],
        odd: &[u64; WORDS],
    ) {
        // The split sums: heap n's are n − k − 1 and n − k.
        let m_low = start - k - 1;
        let sums = end - start + 1;
        self.tables.clear();
        self.tables.resize(sums, [0; BOUND]);
        self.next.clear();
        self.next
            .extend((m_low..m_low + sums).map(|m| (m + 1).saturating_sub(cut).max(1)));
        let cells = &cells[..cut];
        let rare = &rare[..rare.partition_point(|&(a, _)| (a as usize) < cut)];
        for &(r, v) in rare {
            // The sums m with r < m and m − r below the cutoff.
            let r = r as usize;
            let from = m_low.max(r + 1);
            let to = (m_low + sums).min(r + cut);
            if from >= to {
                continue;
            }
            let rows = &mut self.tables[from - m_low..to - m_low];
            for (row, &partner) in rows.iter_mut().zip(&cells[from - r..to - r]) {
                row[(v ^ u32::from(partner)) as usize & (BOUND - 1)] = 1;
            }
        }
        self.bits.clear();
        self.walked.clear();
        let need = &mut self.need;
        for n in start..end {
            let rows = [n - k - m_low, n - k - 1 - m_low];
            let bits = union(&self.tables[rows[0]], &self.tables[rows[1]]);
            let limit = least_odd_missing(&bits, odd);
            need.clear();
            push_gaps(&bits, odd, limit, need);
            let walks = !need.is_empty();
            // A block of each split in turn, as on one thread.
            'walk: while !need.is_empty() {
                let mut walked = false;
                for row in rows {
                    let m = m_low + row;
                    let (from, stop) = (self.next[row], m / 2 + 1);
                    if from >= stop {
                        continue;
                    }
                    let to = (from + BLOCK).min(stop);
                    mark_pairs(
                        &mut self.tables[row],
                        &cells[from..to],
                        &cells[m + 1 - to..m + 1 - from],
                    );
                    self.next[row] = to;
                    walked = true;
                    let [a, b] = rows.map(|row| &self.tables[row]);
                    while need
                        .last()
                        .is_some_and(|&v| a[v as usize] | b[v as usize] != 0)
                    {
                        need.pop();
                    }
                    if need.is_empty() {
                        break 'walk;
                    }
                }
                if !walked {
                    break;
                }
            }
            self.bits.push(if walks {
                union(&self.tables[rows[0]], &self.tables[rows[1]])
            } else {
                bits
            });
            self.walked.push(rows.map(|row| self.next[row] as u32));
        }
    }
}

/// The bits of the union of two byte tables.
fn union(a: &[u8; BOUND], b: &[u8; BOUND]) -> [u64; WORDS] {
    let pack = |x: u64| x.wrapping_mul(0x0102_0408_1020_4080) >> 56;
    let mut bits = [0; WORDS];
    for (j, (x, y)) in a.chunks_exact(8).zip(b.chunks_exact(8)).enumerate() {
        let x = u64::from_le_bytes(x.try_into().unwrap_or([0; 8]));
        let y = u64::from_le_bytes(y.try_into().unwrap_or([0; 8]));
        bits[j / 8] |= pack(x | y) << (8 * (j % 8));
    }
    bits
}

/// The least value of odd parity missing from `bits` ([`BOUND`] if none).
fn least_odd_missing(bits: &[u64; WORDS], odd: &[u64; WORDS]) -> usize {
    for (w, (&word, &odd)) in bits.iter().zip(odd).enumerate() {
        let missing = !word & odd;
        if missing != 0 {
            return 64 * w + missing.trailing_zeros() as usize;
        }
    }
    BOUND
}

/// Pushes the even values below `limit` missing from `bits`, ascending.
fn push_gaps(bits: &[u64; WORDS], odd: &[u64; WORDS], limit: usize, need: &mut Vec<u32>) {
    for (w, (&word, &odd)) in bits.iter().zip(odd).enumerate() {
        let below = match limit.checked_sub(64 * w) {
            Some(left) if left >= 64 => u64::MAX,
            Some(left) => (1u64 << left) - 1,
            None => break,
        };
        let mut gaps = !word & !odd & below;
        while gaps != 0 {
            need.push((64 * w) as u32 + gaps.trailing_zeros());
            gaps &= gaps - 1;
        }
    }
}

/// The settling thread's state: the bits of the rare pairs with a heap from
/// the cutoff on, per split (carried along a run), and scratch.
#[derive(Default)]
struct Settler {
    /// Per split sum m of the run (from `m_low`), its rare pairs whose
    /// partner is from the cutoff to the run's start.
    mid: Vec<[u64; WORDS]>,
    m_low: usize,
    /// Per split (k, k + 1), its rare pairs with a heap from the cutoff on.
    late: [[u64; WORDS]; 2],
    hit: Vec<u8>,
    need: Vec<u32>,
}

/// Sets bit x in two words held in registers (a word picked by index would
/// be read and written back through memory at every bit).
#[inline(always)]
fn set_bit((low, high): &mut (u64, u64), x: u32) {
    let bit = 1u64 << (x % 64);
    let upper = u64::from(x / 64 % 2).wrapping_neg();
    *low |= bit & !upper;
    *high |= bit & upper;
}

impl Settler {
    /// At a run's first heap: the rare pairs of its split sums whose
    /// partner is from the cutoff to the run's start, a rare position at a
    /// time over the sums (its partners are consecutive values).
    fn start_run(
        &mut self,
        k: usize,
        (start, stop, cut): (usize, usize, usize),
        cells: &[u16],
        rare: &[(u32, u32)],
    ) {
        self.m_low = start - k - 1;
        let sums = stop - start + 1;
        self.mid.clear();
        self.mid.resize(sums, [0; WORDS]);
        let m_end = self.m_low + sums;
        // The sums m with cut ≤ m − r < start: none once r + cut passes the
        // last one (the rare positions are in order).
        for &(r, v) in rare
            .iter()
            .take_while(|&&(r, _)| (r as usize) + cut < m_end)
        {
            let r = r as usize;
            let from = self.m_low.max(r + cut);
            let to = m_end.min(r + start);
            if from >= to {
                continue;
            }
            let rows = &mut self.mid[from - self.m_low..to - self.m_low];
            for (row, &partner) in rows.iter_mut().zip(&cells[from - r..to - r]) {
                let x = (v ^ u32::from(partner)) as usize % BOUND;
                row[x / 64] |= 1 << (x % 64);
            }
        }
    }

    /// Heap n's value, or `None` when it may be [`BOUND`] or more.
    #[allow(clippy::too_many_arguments)]
    fn settle(
        &mut self,
        moves: &Moves,
        k: usize,
        (n, (start, cut), first): (usize, (usize, usize), bool),
        run: ([u64; WORDS], [usize; 2]),
        cells: &[u16],
        rare: &[(u32, u32)],
        odd: &[u64; WORDS],
    ) -> Option<u32> {
        let splits = [n - k, n - k - 1];
        // The split k + 1 of heap n is the split k of heap n − 1.
        let fresh = if first { 2 } else { 1 };
        if !first {
            self.late[1] = self.late[0];
        }
        for (s, &m) in splits.iter().enumerate().take(fresh) {
            let mut bits = (0u64, 0u64);
            // Partners from the run's start on: rare a ≤ m − start, few.
            let near = m.saturating_sub(start);
            for &(a, v) in rare.iter().take_while(|&&(a, _)| (a as usize) <= near) {
                set_bit(&mut bits, v ^ u32::from(cells[m - a as usize]));
            }
            // Rare positions from the cutoff on (new ones, as a rule none).
            if rare.last().is_some_and(|&(last, _)| last as usize >= cut) {
                let from = rare.partition_point(|&(a, _)| (a as usize) < cut);
                for &(a, v) in rare[from..].iter().take_while(|&&(a, _)| (a as usize) < m) {
                    set_bit(&mut bits, v ^ u32::from(cells[m - a as usize]));
                }
            }
            let mid = self.mid[m - self.m_low];
            self.late[s] = [bits.0 | mid[0], bits.1 | mid[1]];
        }
        let (bits, walked) = run;
        let mut bits: [u64; WORDS] =
            std::array::from_fn(|w| bits[w] | self.late[0][w] | self.late[1][w]);
        for &(d, kinds) in &moves.direct {
            let v = if n == d && kinds & 1 != 0 {
                0
            } else if n > d && kinds & 2 != 0 {
                usize::from(cells[n - d])
            } else {
                continue;
            };
            if let Some(word) = bits.get_mut(v / 64) {
                *word |= 1 << (v % 64);
            }
        }
        let limit = least_odd_missing(&bits, odd);
        let need = &mut self.need;
        need.clear();
        push_gaps(&bits, odd, limit, need);
        if need.is_empty() {
            return (limit < BOUND).then_some(limit as u32);
        }
        // Walk on where the run stopped, then the pairs with a heap from the
        // cutoff on.
        let hit = &mut self.hit;
        hit.clear();
        hit.resize(BOUND, 0);
        unpack_bits(&bits, hit);
        let mut next = walked;
        loop {
            let mut walked = false;
            for (s, &m) in splits.iter().enumerate() {
                let (from, stop) = (next[s], m / 2 + 1);
                if from >= stop {
                    continue;
                }
                let to = (from + BLOCK).min(stop);
                mark_pairs(hit, &cells[from..to], &cells[m + 1 - to..m + 1 - from]);
                next[s] = to;
                walked = true;
                while need.last().is_some_and(|&v| hit[v as usize] != 0) {
                    need.pop();
                }
                if need.is_empty() {
                    return (limit < BOUND).then_some(limit as u32);
                }
            }
            if !walked {
                break;
            }
        }
        for &m in &splits {
            let to = (m + 1).saturating_sub(cut).min(m / 2 + 1);
            if to > 1 {
                mark_pairs(hit, &cells[1..to], &cells[m + 1 - to..m]);
            }
        }
        // Every pair is marked: the least even value still missing, if any
        // (a new rare value).
        let missing = need.iter().find(|&&v| hit[v as usize] == 0);
        let value = missing.map_or(limit, |&v| v as usize);
        (value < BOUND).then_some(value as u32)
    }
}

/// Extends `values` (G(0..start), 2 bytes each) towards G(0..=end) on
/// `threads` threads, with `worker`'s mask and rare list (chosen from
/// G(0..start)); asks `go_on(n, upto)` every 2^16 values as one thread does.
#[allow(clippy::too_many_arguments)]
pub(super) fn segment(
    moves: &Moves,
    k: usize,
    worker: &Worker<'_>,
    values: &mut Vec<u16>,
    (end, upto): (usize, usize),
    threads: usize,
    go_on: &mut dyn FnMut(usize, usize) -> bool,
) -> Segment {
    let base = values.len();
    let mask = worker.mask;
    let odd = odd_bits(mask);
    let runs = (end + 1 - base).div_ceil(RUN);
    let slot = || Slot {
        ready: AtomicUsize::new(0),
        bits: (0..RUN * WORDS).map(|_| AtomicU64::new(0)).collect(),
        next: (0..RUN).map(|_| AtomicU64::new(0)).collect(),
    };
    let shared = Shared {
        base,
        runs,
        claimed: AtomicUsize::new(0),
        settled: AtomicUsize::new(base),
        recent: (0..RING).map(|_| AtomicU16::new(0)).collect(),
        copied: (1..threads).map(|_| AtomicUsize::new(base)).collect(),
        slots: (0..SLOTS).map(|_| slot()).collect(),
        stop: AtomicBool::new(false),
        failed: AtomicBool::new(false),
    };
    // Stores a run's result in its slot.
    let publish = |j: usize, runner: &Runner| {
        let slot = &shared.slots[j % SLOTS];
        for (cell, &word) in slot.bits.iter().zip(runner.bits.iter().flatten()) {
            cell.store(word, Ordering::Relaxed);
        }
        for (cell, &[low, high]) in slot.next.iter().zip(&runner.walked) {
            cell.store(u64::from(low) | u64::from(high) << 32, Ordering::Relaxed);
        }
        slot.ready.store(j + 1, Ordering::Release);
    };
    // The others' copies of the values; one that cannot be had (memory, or
    // no thread to run it) leaves its runs to the others.
    let mut copies = Vec::new();
    for copied in &shared.copied {
        let mut copy = Vec::new();
        if copy.try_reserve_exact(end + 1).is_ok() {
            copy.extend_from_slice(values);
            copies.push((copy, copied));
        } else {
            copied.store(usize::MAX, Ordering::Release);
        }
    }
    std::thread::scope(|scope| {
        let shared = &shared;
        let odd = &odd;
        for (mut copy, copied) in copies {
            let mut rare = worker.rare.clone();
            let other = std::thread::Builder::new().spawn_scoped(scope, move || {
                let _alarm = Alarm(&shared.failed);
                let mut runner = Runner::default();
                let mut wait = Wait::default();
                while !shared.stop.load(Ordering::Relaxed) {
                    if shared.claimed.load(Ordering::Relaxed) >= runs {
                        break;
                    }
                    // The copy follows the values settled, whether or not
                    // this thread gets a run: the ring is overwritten only
                    // once every copy has passed.
                    let mut catch_up = |to: usize| {
                        for x in copy.len()..to {
                            let v = shared.recent[x % RING].load(Ordering::Relaxed);
                            copy.push(v);
                            if x > 0 && !is_odd(usize::from(v), mask) {
                                rare.push((x as u32, u32::from(v)));
                            }
                        }
                        copied.store(copy.len(), Ordering::Release);
                    };
                    catch_up(shared.settled.load(Ordering::Acquire));
                    let Some(j) = shared.claim(end) else {
                        wait.turn();
                        continue;
                    };
                    wait = Wait::default();
                    let span = shared.span(j, end);
                    // The claim saw the cutoff settled.
                    catch_up(span.2);
                    runner.run(k, span, &copy, &rare, odd);
                    publish(j, &runner);
                }
                copied.store(usize::MAX, Ordering::Release);
            });
            if other.is_err() {
                copied.store(usize::MAX, Ordering::Release);
            }
        }
        let mut runner = Runner::default();
        let mut settler = Settler::default();
        let mut rare = worker.rare.clone();
        let mut outcome = Segment::Reached;
        'runs: for j in 0..runs {
            let slot = &shared.slots[j % SLOTS];
            let mut wait = Wait::default();
            while slot.ready.load(Ordering::Acquire) != j + 1 {
                if shared.failed.load(Ordering::Acquire) {
                    break 'runs;
                }
                match shared.claim(end) {
                    Some(mine) => {
                        runner.run(k, shared.span(mine, end), values, &rare, odd);
                        publish(mine, &runner);
                    }
                    None => wait.turn(),
                }
            }
            let (start, stop, cut) = shared.span(j, end);
            // A value is overwritten in the ring only once copied.
            let oldest = |copied: &AtomicUsize| copied.load(Ordering::Acquire);
            while stop
                > shared
                    .copied
                    .iter()
                    .map(oldest)
                    .min()
                    .unwrap_or(usize::MAX)
                    .saturating_add(RING)
            {
                if shared.failed.load(Ordering::Acquire) {
                    break 'runs;
                }
                wait.turn();
            }
            settler.start_run(k, (start, stop, cut), values, &rare);
            for n in start..stop {
                let i = n - start;
                let bits =
                    std::array::from_fn(|w| slot.bits[i * WORDS + w].load(Ordering::Relaxed));
                let next = slot.next[i].load(Ordering::Relaxed);
                let walked = [next as u32 as usize, (next >> 32) as usize];
                let heap = (n, (start, cut), n == start);
                let Some(v) = settler.settle(moves, k, heap, (bits, walked), values, &rare, odd)
                else {
                    outcome = Segment::Bound;
                    break 'runs;
                };
                if !is_odd(v as usize, mask) {
                    rare.push((n as u32, v));
                }
                values.push(v as u16);
                shared.recent[n % RING].store(v as u16, Ordering::Relaxed);
                if n % (1 << 16) == 0 && !go_on(n, upto) {
                    outcome = Segment::Stopped;
                    break 'runs;
                }
            }
            shared.settled.store(stop, Ordering::Release);
        }
        shared.stop.store(true, Ordering::Relaxed);
        outcome
    })
}
