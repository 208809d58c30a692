//! The fast engine for finite octal codes: the sparse rare/common method
//! (Gangolli and Plambeck, 1989), with a bitset mex.
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
//!    most positions common and their XORs even, a witness is usually found
//!    after a few pairs. Only when the scan finds none is `v` the answer —
//!    then `G(n)` is even, so `n` is a new rare position, and those are few.
//!
//! With r rare positions, a value costs O(r + short witness scans), plus O(n)
//! for each new rare value. The mask is chosen again at every power of two,
//! with a Walsh–Hadamard transform of the histogram (the number of positions
//! of odd parity under every mask at once). When no mask makes the rare
//! positions fewer than one in 16 the engine lists all pairs (the naive
//! method), which also bounds the rare list to a quarter byte per value.

use crate::ComputeError;
use crate::game::Code;
use crate::naive::to_value;

/// Masks are chosen among the values' low `MASK_BITS` bits.
const MASK_BITS: u32 = 16;
/// The rare list is kept only while it holds at most one position in this many.
const RARE_SHARE: usize = 8;
/// Interleaved copies of the option bitset.
const LANES: usize = 4;
/// The first review of the mask.
const FIRST_REVIEW: usize = 256;

/// The state of the fast engine between values.
pub(crate) struct Fast {
    /// `(k, bits)` for the digits with bit 1 or 2 (k ≥ 1).
    direct: Vec<(usize, u8)>,
    /// The `k` whose digit has bit 4 (two-heap split after removing k).
    splits: Vec<usize>,
    mask: u32,
    /// Positions a ≥ 1 with even parity, ascending; meaningless when `naive`.
    rare: Vec<u32>,
    /// List all pairs instead (no good mask yet).
    naive: bool,
    next_review: usize,
    /// Every value so far is below this power of two.
    bound: u64,
    /// The options found so far, one bit per value.
    seen: Vec<u64>,
    /// The same in LANES interleaved copies (word w, lane l at w * LANES + l).
    acc: Vec<u64>,
    /// Bit v set for the values v < `bound` of even parity.
    even: Vec<u64>,
    /// Scratch: the even values still needing a witness.
    need: Vec<u64>,
}

/// Statistics of a run, for the README and tuning.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct FastStats {
    /// The current mask (0 while the engine lists all pairs).
    pub mask: u32,
    /// The number of rare positions (0 while the engine lists all pairs).
    pub rare: usize,
}

impl Fast {
    /// The engine for a finite octal code.
    pub(crate) fn new(code: &Code) -> Self {
        Self::with_first_review(code, FIRST_REVIEW)
    }

    /// The engine, first choosing a mask at `first_review` values (the tests
    /// use small ones, to run the rare/common path on short sequences).
    fn with_first_review(code: &Code, first_review: usize) -> Self {
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
            direct,
            splits,
            mask: 0,
            rare: Vec::new(),
            naive: true,
            next_review: first_review.max(2),
            bound: 1,
            seen: Vec::new(),
            acc: Vec::new(),
            even: Vec::new(),
            need: Vec::new(),
        }
    }

    pub(crate) fn stats(&self) -> FastStats {
        if self.naive {
            FastStats::default()
        } else {
            FastStats {
                mask: self.mask,
                rare: self.rare.len(),
            }
        }
    }

    #[inline]
    fn odd(&self, v: u64) -> bool {
        (v as u32 & self.mask).count_ones() & 1 == 1
    }

    /// G(n) for n = values.len(), then records it.
    pub(crate) fn push_next(&mut self, values: &mut Vec<u32>) -> Result<(), ComputeError> {
        let n = values.len();
        if n == self.next_review {
            self.review(values);
        }
        let v = self.value(values, n);
        let value = to_value(v, n)?;
        values.push(value);
        if u64::from(value) >= self.bound {
            while u64::from(value) >= self.bound {
                self.bound *= 2;
            }
            self.even_bits();
        }
        if !self.naive && !self.odd(v) && n > 0 {
            self.rare.push(n as u32);
            if self.rare.len() * RARE_SHARE > n.max(self.next_review / 2) {
                self.naive = true;
                self.rare = Vec::new();
            }
        }
        Ok(())
    }

    fn value(&mut self, g: &[u32], n: usize) -> u64 {
        let mask = self.mask;
        let odd = |v: u64| (v as u32 & mask).count_ones() & 1 == 1;
        // Every option is below `bound`: one bit per value, in LANES
        // interleaved copies so that neighbouring pairs set bits in
        // different words (no chain of dependent read-modify-writes).
        let words = self.bound.div_ceil(64) as usize;
        let acc = &mut self.acc;
        acc.clear();
        acc.resize(words * LANES, 0);
        let mark = |acc: &mut [u64], lane: usize, v: u32| {
            acc[(v / 64) as usize * LANES + lane] |= 1 << (v % 64);
        };
        for &(k, bits) in &self.direct {
            if n == k && bits & 1 != 0 {
                mark(acc, 0, 0);
            } else if n > k && bits & 2 != 0 {
                mark(acc, 0, g[n - k]);
            }
        }
        let seen = &mut self.seen;
        if self.naive {
            for &k in &self.splits {
                if n >= k + 2 {
                    let m = n - k;
                    let half = m / 2;
                    mark_pairs(acc, &g[1..=half], &g[m - half..m]);
                }
            }
            fold_lanes(acc, seen);
            return mex(seen, 0);
        }
        for &k in &self.splits {
            if n >= k + 2 {
                let m = n - k;
                let end = self.rare.partition_point(|&a| (a as usize) < m);
                let rare = &self.rare[..end];
                let mut chunks = rare.chunks_exact(LANES);
                for chunk in &mut chunks {
                    for (lane, &a) in chunk.iter().enumerate() {
                        let a = a as usize;
                        mark(acc, lane, g[a] ^ g[m - a]);
                    }
                }
                for &a in chunks.remainder() {
                    let a = a as usize;
                    mark(acc, 0, g[a] ^ g[m - a]);
                }
            }
        }
        fold_lanes(acc, seen);
        // Every odd value the splits reach is in `seen` now; so is every
        // value the one-heap moves reach. The answer is at most the least odd
        // value missing, and at most `bound` (no XOR of values reaches it).
        let mut limit = mex(seen, 0);
        while limit < self.bound && !odd(limit) {
            limit = mex(seen, limit + 1);
        }
        let limit = limit.min(self.bound);
        // The even values below `limit` still without a witness, as bits.
        let need = &mut self.need;
        need.clear();
        let mut missing = false;
        for (w, &even) in self.even.iter().enumerate() {
            let start = w as u64 * 64;
            if start >= limit {
                break;
            }
            let below = if limit - start >= 64 {
                u64::MAX
            } else {
                (1u64 << (limit - start)) - 1
            };
            let word = even & below & !seen[w];
            missing |= word != 0;
            need.push(word);
        }
        if !missing {
            return limit;
        }
        // XORs of pairs, 128 at a time, until every one of them has a witness
        // (a coupon collector's walk: typically a few thousand pairs, rather
        // than a walk per missing value).
        let covered = |acc: &[u64]| {
            need.iter().enumerate().all(|(w, &need)| {
                let lanes = &acc[w * LANES..(w + 1) * LANES];
                lanes.iter().fold(0, |x, &y| x | y) & need == need
            })
        };
        for &k in &self.splits {
            if n < k + 2 {
                continue;
            }
            let m = n - k;
            let half = m / 2;
            let lo = &g[1..=half];
            let hi = &g[m - half..m];
            for (a, b) in lo.chunks(128).zip(hi.rchunks(128)) {
                mark_pairs(acc, a, b);
                if covered(acc) {
                    return limit;
                }
            }
        }
        // Some even value below `limit` has no witness at all: the least one
        // is the answer, and n is a new rare position.
        let mut all = std::mem::take(seen);
        fold_lanes(acc, &mut all);
        let answer = mex(&all, 0);
        *seen = all;
        answer
    }

    /// Recomputes `even` for the mask and bound.
    fn even_bits(&mut self) {
        let words = self.bound.div_ceil(64) as usize;
        let mask = self.mask;
        self.even = (0..words)
            .map(|w| {
                (0..64u64)
                    .filter(|&j| (((w as u64 * 64 + j) as u32) & mask).count_ones() % 2 == 0)
                    .fold(0u64, |word, j| word | 1 << j)
            })
            .collect();
    }

    /// Chooses the mask that makes the most positions common, and rebuilds
    /// the rare list for it.
    fn review(&mut self, g: &[u32]) {
        self.next_review = self.next_review.saturating_mul(2);
        let bits = self.bound.trailing_zeros().min(MASK_BITS);
        let size = 1usize << bits;
        let mut spectrum = vec![0i64; size];
        let low = (size - 1) as u32;
        for &v in &g[1..] {
            spectrum[(v & low) as usize] += 1;
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
        let best = (1..size).min_by_key(|&m| (spectrum[m], m));
        let positions = (g.len() - 1) as i64;
        let chosen = best.filter(|&m| {
            let rare = (positions + spectrum[m]) / 2;
            rare * (RARE_SHARE as i64) <= positions
        });
        match chosen {
            Some(mask) => {
                self.mask = mask as u32;
                self.even_bits();
                self.naive = false;
                self.rare.clear();
                let rare: Vec<u32> = (1..g.len())
                    .filter(|&a| !self.odd(u64::from(g[a])))
                    .map(|a| a as u32)
                    .collect();
                self.rare = rare;
            }
            None => {
                self.naive = true;
                self.rare = Vec::new();
            }
        }
    }
}

/// Sets bit `lo[i] ^ hi[len - 1 - i]` for every i, spreading neighbouring
/// pairs over the lanes.
#[inline]
fn mark_pairs(acc: &mut [u64], lo: &[u32], hi: &[u32]) {
    let mut a = lo.chunks_exact(LANES);
    let mut b = hi.rchunks_exact(LANES);
    for (x, y) in (&mut a).zip(&mut b) {
        for lane in 0..LANES {
            let v = x[lane] ^ y[LANES - 1 - lane];
            acc[(v / 64) as usize * LANES + lane] |= 1 << (v % 64);
        }
    }
    for (x, y) in a.remainder().iter().zip(b.remainder().iter().rev()) {
        let v = x ^ y;
        acc[(v / 64) as usize * LANES] |= 1 << (v % 64);
    }
}

/// `out[w]` = OR of the lanes of word w.
fn fold_lanes(acc: &[u64], out: &mut Vec<u64>) {
    out.clear();
    out.extend(
        acc.chunks_exact(LANES)
            .map(|lanes| lanes.iter().fold(0, |x, &y| x | y)),
    );
}

/// The least value `≥ from` whose bit is clear.
fn mex(words: &[u64], from: u64) -> u64 {
    let mut w = (from / 64) as usize;
    let Some(&first) = words.get(w) else {
        return from;
    };
    let mut word = first | ((1u64 << (from % 64)) - 1);
    loop {
        if word != u64::MAX {
            return w as u64 * 64 + u64::from(word.trailing_ones());
        }
        w += 1;
        match words.get(w) {
            Some(&next) => word = next,
            None => return w as u64 * 64,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::naive::naive_values;

    fn fast_values(code: &Code, upto: usize, first_review: usize) -> (Vec<u32>, bool) {
        let mut engine = Fast::with_first_review(code, first_review);
        let mut values = Vec::new();
        let mut used_rare = false;
        while values.len() <= upto {
            engine.push_next(&mut values).expect("small values");
            used_rare |= !engine.naive;
        }
        (values, used_rare)
    }

    #[test]
    fn fast_matches_naive_on_every_two_digit_code_with_early_masks() {
        let mut rare_runs = 0;
        for d0 in [0u8, 4] {
            for d1 in 0..8u8 {
                for d2 in 0..8u8 {
                    let code = Code::new(vec![d0, d1, d2], false).expect("valid");
                    let naive = naive_values(&code, 700).expect("small values");
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
            let naive = naive_values(&code, 500).expect("small values");
            let first_review = [8, 32, 128][usize::from(next() % 3)];
            assert_eq!(fast_values(&code, 500, first_review).0, naive, "{code}");
        }
    }

    #[test]
    fn fast_matches_naive_on_the_long_run_codes() {
        for text in ["0.6", "0.16", "0.354", "0.376", "4.7", "0.52"] {
            let code: Code = text.parse().expect("valid");
            let naive = naive_values(&code, 12_000).expect("small values");
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
