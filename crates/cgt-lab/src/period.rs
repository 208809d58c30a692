//! Finding the period of a value sequence, and certifying it.

use crate::json;
use std::fmt;

/// The name of the theorem behind a certified period, as printed.
pub const GUY_SMITH: &str = "Guy-Smith periodicity theorem";

/// An (arithmetic) periodic pattern: G(n + period) = G(n) + saltus for every
/// n ≥ preperiod.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Pattern {
    /// The least n from which the relation holds (for this period).
    pub preperiod: usize,
    /// The least period.
    pub period: usize,
    /// How much the values rise per period (0 for ordinary periodicity).
    pub saltus: u64,
}

impl Pattern {
    /// G(n) by the pattern from the values `0..preperiod + period` in
    /// `values` (which must hold at least that many).
    ///
    /// # Panics
    /// If `values` is shorter than `preperiod + period` and n needs a missing
    /// one.
    ///
    /// # Example
    /// ```
    /// use cgt_lab::Pattern;
    /// let lasker = Pattern { preperiod: 1, period: 4, saltus: 4 };
    /// let first = [0, 1, 2, 4, 3];
    /// assert_eq!(lasker.value(&first, 7), 8);
    /// assert_eq!(lasker.value(&first, 1_000_000_000_003), 1_000_000_000_004);
    /// ```
    pub fn value(&self, values: &[u32], n: u64) -> u64 {
        let pre = self.preperiod as u64;
        if n < pre {
            return u64::from(values[n as usize]);
        }
        let i = n - pre;
        let p = self.period as u64;
        let base = u64::from(values[(pre + i % p) as usize]);
        base.wrapping_add((i / p).wrapping_mul(self.saltus))
    }
}

/// How well a pattern is established.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Status {
    /// Proved: the [Guy-Smith periodicity theorem](GUY_SMITH) applies and
    /// its bound lies inside the computed range.
    Certified,
    /// Seen over at least the last half of the computed range and at least
    /// three periods, but not proved.
    Observed,
}

/// Scans `values` (G(0..=N)) for the least period p, the least preperiod for
/// it and the saltus.
///
/// A period counts only if it is *certified* or *observed*:
/// - **certified** when `t` is given (the game is a finite octal code with
///   largest move `t`), the saltus is 0, and G(n + p) = G(n) holds for all
///   n with pre ≤ n < 2·max(pre, 1) + p + t: by the Guy-Smith periodicity
///   theorem (R. K. Guy and C. A. B. Smith, "The G-values of various games",
///   Proc. Cambridge Philos. Soc. 52 (1956); *Winning Ways*, ch. 4) the
///   values are then periodic forever;
/// - **observed** when the relation holds for all n ≥ pre in range, with
///   pre ≤ N / 2 (the last half at least) and at least three periods.
///
/// Otherwise there is no pattern (`None`), never a guess.
///
/// # Example
/// ```
/// use cgt_lab::{find_pattern, Game, Pattern, Status};
/// let kayles = Game::parse("0.77").unwrap().values(200).unwrap();
/// let (pattern, status) = find_pattern(&kayles, Some(2)).unwrap();
/// assert_eq!(pattern, Pattern { preperiod: 71, period: 12, saltus: 0 });
/// assert_eq!(status, Status::Certified);
/// // Too short to certify, and not yet over half the range.
/// assert_eq!(find_pattern(&kayles[..=100], Some(2)), None);
/// ```
///
/// # Complexity
/// O(N) for the period found, plus for each smaller candidate p the length
/// of the run from the end on which G(n + p) − G(n) stays constant. That run
/// is short for most p; the multiples of a rejected p are skipped without a
/// scan (they cannot do better), which keeps near-periodic stretches — like
/// `.376` before its preperiod — linear. O(1) memory beyond a list of at
/// most 64 rejected periods.
pub fn find_pattern(values: &[u32], t: Option<usize>) -> Option<(Pattern, Status)> {
    scan(values, t).found
}

/// The result of [`scan`].
pub(crate) struct Scan {
    pub(crate) found: Option<(Pattern, Status)>,
    /// The smallest N at which some ordinary period with at least three
    /// periods at the end would be certified, if it holds on.
    pub(crate) certify_at: Option<usize>,
}

/// Rejected periods whose scan ran longer than this are remembered, to skip
/// their multiples (every one, in the tests, so that they check the rule).
const LONG_SCAN: usize = if cfg!(test) { 0 } else { 1024 };

/// The Guy-Smith bound: the largest n that must be computed.
fn certify_bound(pre: usize, p: usize, t: usize) -> usize {
    2 * pre.max(1) + 2 * p + t - 1
}

/// [`scan`] of the values as stored.
pub(crate) fn scan_values(values: &crate::Values, t: Option<usize>) -> Scan {
    match &values.0 {
        crate::values::Repr::Narrow(v) => scan(v, t),
        crate::values::Repr::Wide(v) => scan(v, t),
    }
}

pub(crate) fn scan<T: Copy + Into<u32>>(values: &[T], t: Option<usize>) -> Scan {
    let mut result = Scan {
        found: None,
        certify_at: None,
    };
    let Some(last) = values.len().checked_sub(1) else {
        return result;
    };
    let g = |n: usize| i64::from(values[n].into());
    // Periods p rejected after a long scan, with the mismatch f found: no
    // multiple q of p with f + q < last can do better (see below).
    let mut failed: Vec<(usize, usize)> = Vec::new();
    for p in 1..=last / 2 {
        if failed.iter().any(|&(q, f)| p % q == 0 && f + p < last) {
            continue;
        }
        let s = g(last) - g(last - p);
        if s < 0 {
            continue;
        }
        // The largest preperiod any status would accept.
        let observed_limit = if 3 * p <= last + 1 {
            Some((last / 2).min(last + 1 - 3 * p))
        } else {
            None
        };
        let candidate_limit = (3 * p <= last + 1).then(|| last + 1 - 3 * p);
        let certify_limit = match t {
            Some(t) if s == 0 && last + 1 >= 2 * p + t + 2 => Some((last + 1 - 2 * p - t) / 2),
            _ => None,
        };
        let Some(limit) = [observed_limit, candidate_limit, certify_limit]
            .into_iter()
            .flatten()
            .max()
        else {
            continue;
        };
        // Scan down from the end while G(n + p) − G(n) = s.
        let mut n = last - p;
        let holds = |n: usize| g(n + p) - g(n) == s;
        while n > limit && holds(n) {
            n -= 1;
        }
        if !holds(n) {
            if n >= limit {
                // G(n + p) − G(n) = s fails at n and holds above it, so the
                // differences D(i) = G(i + 1) − G(i) have period p on
                // (n, last) but D(n) ≠ D(n + p). For a multiple q of p with
                // n + q < last, D(n + q) = D(n + p) ≠ D(n), so q fails at n
                // too, and its limit is lower: skip it. (This keeps
                // near-periodic stretches, as in .376 before its preperiod,
                // from costing a long scan for every multiple.)
                if last - p - n > LONG_SCAN && failed.len() < 64 {
                    failed.push((p, n));
                }
                continue;
            }
        } else {
            while n > 0 && holds(n - 1) {
                n -= 1;
            }
        }
        let pre = if holds(n) { n } else { n + 1 };
        if pre > limit {
            continue;
        }
        let pattern = Pattern {
            preperiod: pre,
            period: p,
            saltus: s as u64,
        };
        if let Some(t) = t.filter(|_| s == 0) {
            let at = certify_bound(pre, p, t);
            if at <= last {
                result.found = Some((pattern, Status::Certified));
                return result;
            }
            if candidate_limit.is_some_and(|c| pre <= c) {
                result.certify_at = Some(result.certify_at.map_or(at, |x: usize| x.min(at)));
            }
        }
        if observed_limit.is_some_and(|o| pre <= o) {
            result.found = Some((pattern, Status::Observed));
            return result;
        }
        // Neither observed nor certified: no multiple q of p is either. If
        // pre > 0 the relation fails at pre − 1 and the argument above
        // applies (pre(q) ≥ pre(p)); if pre = 0, so is q's at best. In both
        // cases q's conditions are stricter than p's.
        if last - p - pre > LONG_SCAN && failed.len() < 64 {
            failed.push((p, pre.saturating_sub(1)));
        }
    }
    result
}

/// What [`analyse`](crate::analyse) found about a game.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Analysis {
    /// The game's normalised name, e.g. `0.16`.
    pub game: String,
    /// The pattern and how well it is established, if any.
    pub found: Option<(Pattern, Status)>,
    /// The largest n whose value was computed.
    pub checked_upto: usize,
    /// `t` for a finite octal code (the Guy-Smith theorem applies), else
    /// `None`.
    pub t: Option<usize>,
}

impl Analysis {
    /// Whether the period is proved.
    pub fn certified(&self) -> bool {
        matches!(self.found, Some((_, Status::Certified)))
    }

    /// The pattern, certified or observed.
    pub fn pattern(&self) -> Option<Pattern> {
        self.found.map(|(pattern, _)| pattern)
    }

    /// One JSON object with the keys `game`, `preperiod`, `period`, `saltus`
    /// (these three `null` when no pattern was found), `certified`, `status`
    /// (`"certified"`, `"observed"` or `"none"`), `theorem` (or `null`) and
    /// `checked_upto`.
    ///
    /// # Example
    /// ```
    /// let game = cgt_lab::Game::parse("0.07").unwrap();
    /// let analysis = cgt_lab::analyse(&game, 1 << 12, &mut |_, _| {}).unwrap();
    /// assert_eq!(
    ///     analysis.to_json(),
    ///     "{\"game\":\"0.07\",\"preperiod\":53,\"period\":34,\"saltus\":0,\
    ///      \"certified\":true,\"status\":\"certified\",\
    ///      \"theorem\":\"Guy-Smith periodicity theorem\",\"checked_upto\":1023}"
    /// );
    /// ```
    pub fn to_json(&self) -> String {
        let number = |x: Option<u64>| x.map_or_else(|| "null".to_owned(), |x| x.to_string());
        let pattern = self.pattern();
        let (status, theorem) = match self.found {
            Some((_, Status::Certified)) => ("certified", format!("\"{GUY_SMITH}\"")),
            Some((_, Status::Observed)) => ("observed", "null".to_owned()),
            None => ("none", "null".to_owned()),
        };
        format!(
            "{{\"game\":{},\"preperiod\":{},\"period\":{},\"saltus\":{},\"certified\":{},\
             \"status\":\"{status}\",\"theorem\":{theorem},\"checked_upto\":{}}}",
            json::string(&self.game),
            number(pattern.map(|p| p.preperiod as u64)),
            number(pattern.map(|p| p.period as u64)),
            number(pattern.map(|p| p.saltus)),
            self.certified(),
            self.checked_upto,
        )
    }
}

impl fmt::Display for Analysis {
    /// The human report: the pattern, then how well it is established.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let n = self.checked_upto;
        match self.found {
            None => {
                writeln!(f, "{}: no period found", self.game)?;
                write!(
                    f,
                    "no pattern holds over the last half of G(0..={n}) for at least 3 periods"
                )?;
                if self.t.is_some() {
                    write!(
                        f,
                        ", and none is certified by the {GUY_SMITH} (try a larger --upto)"
                    )?;
                }
                Ok(())
            }
            Some((p, status)) => {
                writeln!(
                    f,
                    "{}: preperiod {}, period {}, saltus {}",
                    self.game, p.preperiod, p.period, p.saltus
                )?;
                match (status, self.t) {
                    (Status::Certified, Some(t)) => write!(
                        f,
                        "certified by the {GUY_SMITH}: G(n + {}) = G(n) for all {} <= n < {} \
                         (2*max(pre,1) + p + t, t = {t}), values computed up to {n}",
                        p.period,
                        p.preperiod,
                        certify_bound(p.preperiod, p.period, t) + 1 - p.period,
                    ),
                    _ => {
                        write!(f, "observed up to {n}, not proved")?;
                        match self.t {
                            Some(_) if p.saltus == 0 => write!(
                                f,
                                " (the {GUY_SMITH} needs values up to {})",
                                certify_bound(p.preperiod, p.period, self.t.unwrap_or(0))
                            ),
                            _ => write!(
                                f,
                                " (no theorem here covers this game: the {GUY_SMITH} is for \
                                 finite octal codes with saltus 0)"
                            ),
                        }
                    }
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The least period by brute force: every p and pre, the conditions as
    /// stated.
    fn brute(values: &[u32], t: Option<usize>) -> Option<(Pattern, Status)> {
        let last = values.len() - 1;
        for p in 1..=last / 2 {
            let s = i64::from(values[last]) - i64::from(values[last - p]);
            if s < 0 {
                continue;
            }
            let pre = (0..=last - p)
                .find(|&pre| {
                    (pre..=last - p).all(|n| i64::from(values[n + p]) - i64::from(values[n]) == s)
                })
                .unwrap_or(last - p + 1);
            let pattern = Pattern {
                preperiod: pre,
                period: p,
                saltus: s as u64,
            };
            if let Some(t) = t {
                let end = 2 * pre.max(1) + p + t;
                if s == 0 && end + p <= last + 1 {
                    return Some((pattern, Status::Certified));
                }
            }
            if pre <= last / 2 && last + 1 - pre >= 3 * p {
                return Some((pattern, Status::Observed));
            }
        }
        None
    }

    #[test]
    fn scan_matches_brute_force_on_random_sequences() {
        let mut state = 12345u64;
        let mut next = || {
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            state
        };
        for case in 0..3000 {
            let len = 2 + (next() % 80) as usize;
            let period = 1 + (next() % 12) as usize;
            let pre = (next() % 40) as usize;
            let saltus = if case % 3 == 0 { next() % 3 } else { 0 };
            let alphabet = 1 + next() % 4;
            let head: Vec<u32> = (0..pre + period)
                .map(|_| (next() % alphabet) as u32)
                .collect();
            let values: Vec<u32> = (0..len)
                .map(|n| {
                    if n < pre + period {
                        head[n]
                    } else {
                        let i = n - pre;
                        head[pre + i % period] + ((i / period) as u64 * saltus) as u32
                    }
                })
                .collect();
            let t = [None, Some(1), Some(3)][case % 3];
            assert_eq!(
                find_pattern(&values, t),
                brute(&values, t),
                "{values:?} t {t:?}"
            );
        }
    }
}
