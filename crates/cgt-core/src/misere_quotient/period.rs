//! Plambeck and Siegel's periodicity theorem for misère quotients.
//!
//! For a finite octal game whose code's last nonzero digit is d_k (a move
//! takes at most k tokens and leaves at most two heaps): if the quotient
//! Q_N of heaps up to N has Φ(n + p) = Φ(n) for every n0 ≤ n ≤ N − p, and
//! N + 1 ≥ 2·max(n0, 1) + 2p + k, then the whole quotient is Q_N and
//! Φ(n + p) = Φ(n) for every n ≥ n0 (T. E. Plambeck and A. N. Siegel,
//! "Misère quotients for impartial games", *J. Combin. Theory Ser. A* 115
//! (2008), the periodicity theorem).
//!
//! Why, in short: heaps N + 1 and N + 1 − p then have the same set of
//! options' classes (an option a + b of N + 1 with a ≥ b pairs with
//! (a − p) + b, since a − p ≥ max(n0, 1); one heap N + 1 − t with
//! N + 1 − p − t), and a game whose options have the classes of another's
//! is indistinguishable from it in any closed set holding both; so Q_{N+1}
//! = Q_N, Φ(N + 1) = Φ(N + 1 − p), and the condition holds again at N + 1.

use super::MisereQuotient;

/// Φ is periodic from `preperiod` on with period `period`, and the
/// quotient is the whole game's, by the periodicity theorem.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Periodicity {
    /// n0: Φ(n + p) = Φ(n) for every n ≥ n0.
    pub preperiod: usize,
    /// p.
    pub period: usize,
}

/// The least period p, with its least preperiod, that the theorem proves
/// from `q`, for a finite octal game whose last nonzero digit is d_k.
pub(super) fn prove(q: &MisereQuotient, k: usize) -> Option<Periodicity> {
    let top = q.max_heap();
    let phi = |n: usize| q.phi(n);
    for period in 1..=top {
        // The least n0 with Φ(n + p) = Φ(n) for n0 ≤ n ≤ top − p.
        let mut preperiod = top - period + 1;
        while preperiod > 0 && phi(preperiod - 1 + period) == phi(preperiod - 1) {
            preperiod -= 1;
        }
        let needed = 2 * preperiod.max(1) + 2 * period + k;
        if top + 1 >= needed {
            return Some(Periodicity { preperiod, period });
        }
    }
    None
}
