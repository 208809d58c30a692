//! The plain engines: the naive oracle straight from the rules, the
//! incremental engine for codes the fast engine does not cover, and the
//! engine for closures.

use crate::ComputeError;
use crate::game::Code;
#[cfg(test)]
use crate::game::{Game, Kind};
use cgt_core::heap::{BadOption, HeapGame, HeapGrundy};

/// Converts a mex to a stored value.
pub(crate) fn to_value(mex: u64, n: usize) -> Result<u32, ComputeError> {
    u32::try_from(mex).map_err(|_| ComputeError::ValueTooLarge { n })
}

/// Whether `values[n]` is the mex of the options of heap `n` in the finite
/// octal game whose digits are `digits`, the options' values read from
/// `values` itself: the check of one position of a table that was not
/// computed here (a checkpoint). O(n) for a splitting digit, stopping at
/// the first option equal to `values[n]`; memory `values[n] / 8` bytes,
/// which the caller bounds by the number of options heap `n` has.
pub(crate) fn is_mex_at<T: Copy + Into<u32>>(digits: &[u8], values: &[T], n: usize) -> bool {
    let value = values[n].into();
    let g = |i: usize| values[i].into();
    // Bit x of `seen`: some option has value x (only x < value is kept).
    let mut seen = vec![0u64; value as usize / 64 + 1];
    let mut mark = |x: u32| {
        if x == value {
            return false;
        }
        if x < value {
            seen[x as usize / 64] |= 1 << (x % 64);
        }
        true
    };
    for (k, &digit) in digits.iter().enumerate() {
        let Some(rest) = n.checked_sub(k) else { break };
        if digit & 1 != 0 && rest == 0 && k > 0 && !mark(0) {
            return false;
        }
        if digit & 2 != 0 && rest >= 1 && k > 0 && !mark(g(rest)) {
            return false;
        }
        if digit & 4 != 0 {
            for a in 1..=rest / 2 {
                if !mark(g(a) ^ g(rest - a)) {
                    return false;
                }
            }
        }
    }
    (0..value).all(|x| seen[x as usize / 64] & (1 << (x % 64)) != 0)
}

/// G(0), …, G(upto) for a code, straight from the rules: every option of
/// every heap that the code's [`HeapGame`] lists (every k ≤ n, every move
/// digit d_k allows), through cgt-core's [`HeapGrundy`]. O(n²) per value
/// for two-heap splits, O(n³) for three. The test oracle.
///
/// # Errors
/// [`ComputeError::ValueTooLarge`] if a value does not fit in a `u32`.
///
/// # Example
/// ```
/// let code = "0.07".parse().unwrap();
/// assert_eq!(cgt_lab::naive_values(&code, 8).unwrap(), [0, 0, 1, 1, 2, 0, 3, 1, 1]);
/// ```
pub fn naive_values(code: &Code, upto: usize) -> Result<Vec<u32>, ComputeError> {
    let mut values = Vec::new();
    let mut step = HeapGrundy::new();
    for _ in 0..=upto {
        let v = rules_next(code, &values, &mut step)?;
        values.push(v);
    }
    Ok(values)
}

/// The engine for any code: the finite digits per value as in
/// [`naive_values`], and the repeating digit (if any) through sets that grow
/// by one sum per value, so a repeating split digit costs O(n) per value
/// (O(n²) for a three-heap split), not O(n²).
///
/// The sums a split reaches depend only on what is left to split, m: heap
/// n splitting after removing k tokens reaches the sums of m = n − k, and so
/// does heap n + 1 after removing k + 1. Each m's sums are listed once, as
/// a bit set, and kept while a later heap's finite digits can reach them
/// ([`SplitSets`]), so a code with several split digits (`0.eee2ee2`: five
/// three-heap splits) costs one listing per m, not one per digit:
/// O(n²/12) per value for a three-heap split, O(n/2) for a two-heap one,
/// however many digits split.
pub(crate) struct Incremental {
    code: Code,
    /// Index of the repeating digit, or the number of digits if none.
    repeat_from: usize,
    /// Options the repeating digit gives the current heap.
    repeated: Bits,
    scratch: Bits,
    /// The two-heap sums of the rests the finite digits reach.
    pairs: SplitSets,
    /// The three-heap sums of the rests the finite digits reach.
    triples: SplitSets,
    /// The largest value so far: every sum of values is below the next
    /// power of two above it.
    largest: u32,
}

/// A set of small numbers, one bit each.
#[derive(Clone, Debug, Default)]
struct Bits(Vec<u64>);

impl Bits {
    fn insert(&mut self, value: usize) {
        let word = value / 64;
        if word >= self.0.len() {
            self.0.resize(word + 1, 0);
        }
        self.0[word] |= 1 << (value % 64);
    }

    /// Adds every member of `other`.
    fn union(&mut self, other: &[u64]) {
        if other.len() > self.0.len() {
            self.0.resize(other.len(), 0);
        }
        for (word, &more) in self.0.iter_mut().zip(other) {
            *word |= more;
        }
    }

    fn clone_from(&mut self, other: &Bits) {
        self.0.clear();
        self.0.extend_from_slice(&other.0);
    }

    /// The least number not in the set.
    fn mex(&self) -> usize {
        self.0
            .iter()
            .position(|&w| w != u64::MAX)
            .map_or(self.0.len() * 64, |i| {
                i * 64 + self.0[i].trailing_ones() as usize
            })
    }
}

/// The sums one kind of split reaches from each rest m of a window of
/// rests, each listed once: slot `m % len` holds m's set while m is in the
/// window.
struct SplitSets {
    slots: Vec<Option<(usize, Vec<u64>)>>,
    /// Lists the sums of one rest into a zeroed set wide enough for them.
    list: fn(&mut [u64], &[u32], usize),
}

impl SplitSets {
    /// Sets for a window of `len` consecutive rests (at least 1).
    fn new(len: usize, list: fn(&mut [u64], &[u32], usize)) -> Self {
        Self {
            slots: (0..len.max(1)).map(|_| None).collect(),
            list,
        }
    }

    /// The sums of splitting `m` (every part at least 1, from `values`),
    /// listed now if not kept; `words` is the width of a set that holds
    /// every sum of the values.
    fn of(&mut self, values: &[u32], m: usize, words: usize) -> &[u64] {
        let len = self.slots.len();
        let slot = &mut self.slots[m % len];
        // A set kept is final: the values below m do not change.
        if !matches!(slot, Some((kept, _)) if *kept == m) {
            let mut set = slot.take().map(|(_, set)| set).unwrap_or_default();
            set.clear();
            set.resize(words, 0);
            (self.list)(&mut set, values, m);
            *slot = Some((m, set));
        }
        slot.as_ref().map_or(&[], |(_, set)| set.as_slice())
    }
}

/// Marks G(a) ^ G(b) for all a + b = m, a, b ≥ 1, in `set`, which is wide
/// enough for any XOR of the values.
fn list_pairs(set: &mut [u64], values: &[u32], m: usize) {
    for a in 1..=m / 2 {
        let x = (values[a] ^ values[m - a]) as usize;
        set[x / 64] |= 1 << (x % 64);
    }
}

/// Marks G(a) ^ G(b) ^ G(c) for all a + b + c = m, 1 ≤ a ≤ b ≤ c, in
/// `set`, which is wide enough for any XOR of the values.
fn list_triples(set: &mut [u64], values: &[u32], m: usize) {
    for a in 1..=m / 3 {
        let ga = values[a];
        let rest = m - a;
        for b in a..=rest / 2 {
            let x = (ga ^ values[b] ^ values[rest - b]) as usize;
            set[x / 64] |= 1 << (x % 64);
        }
    }
}

impl Incremental {
    pub(crate) fn new(code: &Code) -> Self {
        let repeat_from = if code.is_repeating() {
            code.digits().len() - 1
        } else {
            code.digits().len()
        };
        Self {
            code: code.clone(),
            repeat_from,
            repeated: Bits::default(),
            scratch: Bits::default(),
            // Rests n − r (the repeating digit) to n (d0).
            pairs: SplitSets::new(repeat_from + 1, list_pairs),
            triples: SplitSets::new(repeat_from + 1, list_triples),
            largest: 0,
        }
    }

    /// G(n) for n = values.len().
    pub(crate) fn next(&mut self, values: &[u32]) -> Result<u32, ComputeError> {
        let n = values.len();
        let r = self.repeat_from;
        // Every XOR of values is below the power of two above the largest.
        let words = ((u64::from(self.largest) + 1).next_power_of_two() as usize).div_ceil(64);
        if self.code.is_repeating() && n >= r {
            // Removing k ≥ r tokens: new are the moves leaving n - r tokens.
            let digit = self.code.digit(r);
            let rest = n - r;
            if digit & 1 != 0 && rest == 0 {
                // k = n ≥ r takes the whole heap, for this n and all larger.
                self.repeated.insert(0);
            }
            if digit & 2 != 0 && rest >= 1 {
                self.repeated.insert(values[rest] as usize);
            }
            if digit & 4 != 0 {
                self.repeated.union(self.pairs.of(values, rest, words));
            }
            if digit & 8 != 0 {
                self.repeated.union(self.triples.of(values, rest, words));
            }
        }
        self.scratch.clone_from(&self.repeated);
        for k in 0..r.min(n + 1) {
            let digit = self.code.digit(k);
            let rest = n - k;
            if digit & 1 != 0 && rest == 0 && k > 0 {
                self.scratch.insert(0);
            }
            if digit & 2 != 0 && rest >= 1 && k > 0 {
                self.scratch.insert(values[rest] as usize);
            }
            if digit & 4 != 0 {
                self.scratch.union(self.pairs.of(values, rest, words));
            }
            if digit & 8 != 0 {
                self.scratch.union(self.triples.of(values, rest, words));
            }
        }
        let value = to_value(self.scratch.mex() as u64, n)?;
        self.largest = self.largest.max(value);
        Ok(value)
    }
}

/// G(n) for n = values.len() for a game given by its rules.
pub(crate) fn rules_next(
    rules: &(impl HeapGame + ?Sized),
    values: &[u32],
    step: &mut HeapGrundy,
) -> Result<u32, ComputeError> {
    let n = values.len();
    match step.next(rules, values) {
        Ok(value) => to_value(value.value(), n),
        Err(BadOption { n, heap }) => Err(ComputeError::BadOption { n, heap }),
    }
}

/// [`naive_values`] for the tests, each code's values computed once per
/// test binary and extended to the longest run asked: the rules' search is
/// quadratic, and several tests check the same codes against it. A code is
/// locked while its values grow, so other tests wait for them.
#[cfg(test)]
pub(crate) fn naive_values_shared(code: &Code, upto: usize) -> Vec<u32> {
    use std::collections::HashMap;
    use std::sync::{Arc, Mutex, PoisonError};
    type Shared = Arc<Mutex<(Vec<u32>, HeapGrundy)>>;
    static CODES: Mutex<Option<HashMap<Code, Shared>>> = Mutex::new(None);
    let shared = CODES
        .lock()
        .unwrap_or_else(PoisonError::into_inner)
        .get_or_insert_with(HashMap::new)
        .entry(code.clone())
        .or_insert_with(|| Arc::new(Mutex::new((Vec::new(), HeapGrundy::new()))))
        .clone();
    let mut guard = shared.lock().unwrap_or_else(PoisonError::into_inner);
    let (values, step) = &mut *guard;
    while values.len() <= upto {
        let v = rules_next(code, values, step).expect("small values");
        values.push(v);
    }
    values[..=upto].to_vec()
}

/// G(0), …, G(upto) by the plain engine of the game (never the fast one).
///
/// # Errors
/// See [`ComputeError`].
#[cfg(test)]
pub(crate) fn plain_values(game: &Game, upto: usize) -> Result<Vec<u32>, ComputeError> {
    let mut values = Vec::new();
    match game.kind() {
        Kind::Code(code) => {
            let mut engine = Incremental::new(code);
            for _ in 0..=upto {
                let v = engine.next(&values)?;
                values.push(v);
            }
        }
        Kind::Rules(rules) => {
            let mut step = HeapGrundy::new();
            for _ in 0..=upto {
                let v = rules_next(rules.as_ref(), &values, &mut step)?;
                values.push(v);
            }
        }
    }
    Ok(values)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn incremental_matches_naive_on_many_codes() {
        let mut codes: Vec<String> = Vec::new();
        for d0 in [0, 4, 8, 12] {
            for d1 in 0..16 {
                for tail in [
                    "", "(1)", "(2)", "(3)", "(4)", "(6)", "(7)", "(8)", "(C)", "(F)",
                ] {
                    codes.push(format!("{d0:X}.{d1:X}{tail}"));
                }
                codes.push(format!("{d0:X}.{d1:X}5"));
                codes.push(format!("{d0:X}.0{d1:X}9"));
            }
        }
        // Several split digits share the sets of a rest (the fuzzer's
        // `0.eee2ee2`), with a repeating split behind them.
        for text in [
            "0.EEE2EE2",
            "0.AB17",
            "C.4C4(8)",
            "8.0C0C(4)",
            "4.FFFF",
            "0.4848(C)",
        ] {
            codes.push(text.to_owned());
        }
        for text in codes {
            let code: Code = text.parse().expect("valid");
            let naive = naive_values(&code, 40).expect("small values");
            let plain = plain_values(&Game::from_code(code), 40).expect("small values");
            assert_eq!(plain, naive, "{text}");
        }
    }

    #[test]
    fn rule_options_must_be_smaller() {
        let bad = Game::from_fn("bad", |n| vec![vec![n]]);
        assert_eq!(
            plain_values(&bad, 3),
            Err(ComputeError::BadOption { n: 0, heap: 0 })
        );
    }

    #[test]
    fn the_mex_check_passes_the_values_and_only_them() {
        for text in [
            "0.07", "0.77", "0.6", "4.7", "0.137", "0.51", "4.0", "0.1", "0.3",
        ] {
            let code: Code = text.parse().expect("valid");
            let values = naive_values(&code, 60).expect("small values");
            for n in 0..values.len() {
                assert!(is_mex_at(code.digits(), &values, n), "{text}: G({n})");
                for wrong in [values[n] + 1, values[n] ^ 1, 0, 1, 2] {
                    if wrong != values[n] {
                        let mut forged = values.clone();
                        forged[n] = wrong;
                        assert!(
                            !is_mex_at(code.digits(), &forged, n),
                            "{text}: G({n}) = {wrong}"
                        );
                    }
                }
            }
        }
    }
}
