//! Conway's order: `<=`, comparison and outcome classes.
//!
//! `a <= b` is a search for a refutation (some `a^L >= b` or `b^R <= a`) on
//! an explicit stack, memoised by pairs; formulas, stops and number
//! avoidance answer most pairs before any search.

use super::{GameId, GameStore};
use crate::outcome::Outcome;
use std::cmp::Ordering;

/// A comparison `a <= b` on the search stack, and how many of its
/// refuting candidates (a's left options, then b's right options) are tried.
#[derive(Clone, Debug)]
pub(crate) struct LeFrame {
    pub(super) a: GameId,
    pub(super) b: GameId,
    pub(super) next: usize,
}

impl GameStore {
    /// Whether `a <= b`: Left, moving second in `a - b`... that is, Right
    /// has no winning first move in `b - a` (Conway's order).
    ///
    /// # Example
    /// ```
    /// use cgt_core::canonical::GameStore;
    /// let mut store = GameStore::new();
    /// let (up, star, zero) = (store.parse("^").expect("valid"), store.nimber(1), store.zero());
    /// assert!(store.le(zero, up) && !store.le(up, zero));
    /// assert!(!store.le(zero, star) && !store.le(star, zero)); // * || 0
    /// ```
    ///
    /// # Complexity
    /// Cached by pair, in a bounded cache: a pair of subgames is compared
    /// once while its entry is kept, again after it is dropped.
    ///
    /// # Panics
    /// If one game is a huge `x + n·↑ + *m` ([`GameStore::is_expandable`]
    /// is false) and the other is not `x + n·↑ + *m`: the search would make
    /// its options. Front ends check [`GameStore::is_expandable`] first (the
    /// Python module raises `OverflowError`); such games never meet in a
    /// sum or as options, which are refused with [`ValueError::TooLarge`](super::ValueError::TooLarge).
    pub fn le(&mut self, a: GameId, b: GameId) -> bool {
        self.count_step();
        if let Some(known) = self.le_quick(a, b) {
            return known;
        }
        // a <= b iff no a^L >= b and no b^R <= a, searched with an explicit
        // stack; a number's own options never need trying against a
        // non-number (number avoidance).
        // The search stack is kept between calls (no allocation per call).
        let mut stack = std::mem::take(&mut self.memos.le_stack);
        stack.clear();
        stack.push(LeFrame { a, b, next: 0 });
        let mut answer: Option<bool> = None;
        loop {
            let frame = stack.last_mut().expect("the loop returns at the bottom");
            let (a, b) = (frame.a, frame.b);
            if answer.take() == Some(true) {
                // A child comparison won for the other side: a </= b.
                self.memos.le.insert(a, b, false);
                stack.pop();
                answer = Some(false);
                if stack.is_empty() {
                    self.memos.le_stack = stack;
                    return false;
                }
                continue;
            }
            let lefts = if self.as_number(a).is_some() {
                0
            } else {
                self.left_len(a)
            };
            let rights = if self.as_number(b).is_some() {
                0
            } else {
                self.right_len(b)
            };
            let mut pushed = false;
            let mut refuted = false;
            while frame.next < lefts + rights {
                self.count_step();
                let (x, y) = if frame.next < lefts {
                    (b, self.left_at(a, frame.next))
                } else {
                    (self.right_at(b, frame.next - lefts), a)
                };
                frame.next += 1;
                match self.le_quick(x, y) {
                    Some(true) => {
                        refuted = true;
                        break;
                    }
                    Some(false) => {}
                    None => {
                        stack.push(LeFrame {
                            a: x,
                            b: y,
                            next: 0,
                        });
                        pushed = true;
                        break;
                    }
                }
            }
            if pushed {
                continue;
            }
            let result = !refuted;
            self.memos.le.insert(a, b, result);
            stack.pop();
            if stack.is_empty() {
                self.memos.le_stack = stack;
                return result;
            }
            answer = Some(result);
        }
    }

    /// `a <= b` when a formula, the stops or the memo answer at once.
    pub(super) fn le_quick(&self, a: GameId, b: GameId) -> Option<bool> {
        if a == b {
            return Some(true);
        }
        if let (Some(p), Some(q)) = (self.nus(a), self.nus(b)) {
            return Some(p.le(q));
        }
        // Stops are monotone: a <= b needs L(a) <= L(b) and R(a) <= R(b);
        // and L(a) < R(b) makes b - a positive (its right stop is > 0).
        let (sa, sb) = (self.stops(a), self.stops(b));
        if sa.0 > sb.0 || sa.1 > sb.1 {
            return Some(false);
        }
        if sa.0 < sb.1 {
            return Some(true);
        }
        self.memos.le.get(a, b)
    }

    /// `a >= b`.
    pub fn ge(&mut self, a: GameId, b: GameId) -> bool {
        self.le(b, a)
    }

    /// How `a` compares with `b`; `None` when they are confused
    /// (incomparable).
    pub fn compare(&mut self, a: GameId, b: GameId) -> Option<Ordering> {
        match (self.le(a, b), self.le(b, a)) {
            (true, true) => Some(Ordering::Equal),
            (true, false) => Some(Ordering::Less),
            (false, true) => Some(Ordering::Greater),
            (false, false) => None,
        }
    }

    /// Whether `a` and `b` are confused (`a || b`).
    pub fn confused(&mut self, a: GameId, b: GameId) -> bool {
        self.compare(a, b).is_none()
    }

    /// The outcome class of `g`: who wins with either player moving first.
    pub fn outcome(&mut self, g: GameId) -> Outcome {
        let zero = self.zero();
        match self.compare(g, zero) {
            Some(Ordering::Greater) => Outcome::L,
            Some(Ordering::Less) => Outcome::R,
            Some(Ordering::Equal) => Outcome::P,
            None => Outcome::N,
        }
    }
}
