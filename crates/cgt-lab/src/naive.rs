//! The plain engines: the naive oracle straight from the rules, the
//! incremental engine for codes the fast engine does not cover, and the
//! engine for closures.

use crate::ComputeError;
use crate::game::Code;
#[cfg(test)]
use crate::game::{Game, Kind};
use cgt_core::heap::{BadOption, HeapGame, HeapGrundy};
use cgt_core::mex::MexSet;

/// Converts a mex to a stored value.
pub(crate) fn to_value(mex: u64, n: usize) -> Result<u32, ComputeError> {
    u32::try_from(mex).map_err(|_| ComputeError::ValueTooLarge { n })
}

/// Inserts the values of the options that removing `k` tokens with digit
/// `digit` gives a heap of `n`.
fn insert_moves(set: &mut MexSet, values: &[u32], n: usize, k: usize, digit: u8) {
    if k > n {
        return;
    }
    let rest = n - k;
    if digit & 1 != 0 && rest == 0 && k > 0 {
        set.insert(0);
    }
    if digit & 2 != 0 && rest >= 1 && k > 0 {
        set.insert(values[rest] as usize);
    }
    if digit & 4 != 0 {
        insert_pairs(set, values, rest);
    }
    if digit & 8 != 0 {
        insert_triples(set, values, rest);
    }
}

/// Inserts G(a) ^ G(b) for all a + b = m, a, b ≥ 1.
fn insert_pairs(set: &mut MexSet, values: &[u32], m: usize) {
    for a in 1..=m / 2 {
        set.insert((values[a] ^ values[m - a]) as usize);
    }
}

/// Inserts G(a) ^ G(b) ^ G(c) for all a + b + c = m, 1 ≤ a ≤ b ≤ c.
fn insert_triples(set: &mut MexSet, values: &[u32], m: usize) {
    for a in 1..=m / 3 {
        for b in a..=(m - a) / 2 {
            set.insert((values[a] ^ values[b] ^ values[m - a - b]) as usize);
        }
    }
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
pub(crate) struct Incremental {
    code: Code,
    /// Index of the repeating digit, or the number of digits if none.
    repeat_from: usize,
    /// Options the repeating digit gives the current heap.
    repeated: MexSet,
    scratch: MexSet,
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
            repeated: MexSet::new(),
            scratch: MexSet::new(),
        }
    }

    /// G(n) for n = values.len().
    pub(crate) fn next(&mut self, values: &[u32]) -> Result<u32, ComputeError> {
        let n = values.len();
        let r = self.repeat_from;
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
                insert_pairs(&mut self.repeated, values, rest);
            }
            if digit & 8 != 0 {
                insert_triples(&mut self.repeated, values, rest);
            }
        }
        self.scratch.clone_from(&self.repeated);
        for k in 0..r.min(n + 1) {
            insert_moves(&mut self.scratch, values, n, k, self.code.digit(k));
        }
        to_value(self.scratch.mex() as u64, n)
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
