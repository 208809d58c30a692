//! The number-up-star values: the games `x + n·↑ + *m` (numbers, nimbers,
//! ups and their sums) kept by value, not as trees of options. They are
//! made, added and compared by formula; their canonical options are made
//! only when asked for, and a tree of options that equals one of them is
//! recognised as such when it is interned.

use super::{GameId, GameStore, Result, ValueError};
use crate::dyadic::Dyadic;
use crate::outcome::Side;
use std::cmp::Ordering;

/// A game equal to `number + ups·↑ + *nim`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub(crate) struct Nus {
    pub(crate) number: Dyadic,
    pub(crate) ups: i64,
    pub(crate) nim: u64,
}

impl Nus {
    pub(super) fn number(x: Dyadic) -> Nus {
        Nus {
            number: x,
            ups: 0,
            nim: 0,
        }
    }

    pub(super) fn is_number(self) -> bool {
        self.ups == 0 && self.nim == 0
    }

    pub(super) fn checked_add(self, other: Nus) -> Option<Nus> {
        Some(Nus {
            number: self.number.checked_add(other.number)?,
            ups: self.ups.checked_add(other.ups)?,
            nim: self.nim ^ other.nim,
        })
    }

    pub(super) fn neg(self) -> Nus {
        Nus {
            number: self
                .number
                .checked_neg()
                .expect("numbers in a store never have the numerator i64::MIN"),
            ups: -self.ups,
            nim: self.nim,
        }
    }

    /// Whether `self <= other`, by formula: `x + n·↑ + *m >= 0` iff `x > 0`,
    /// or `x = 0` and (`n >= 2`, or `n = 1` and `m != 1`, or `n = m = 0`).
    pub(super) fn le(self, other: Nus) -> bool {
        match self.number.cmp(&other.number) {
            Ordering::Less => true,
            Ordering::Greater => false,
            Ordering::Equal => {
                let ups = i128::from(other.ups) - i128::from(self.ups);
                let nim = self.nim ^ other.nim;
                ups >= 2 || (ups == 1 && nim != 1) || (ups == 0 && nim == 0)
            }
        }
    }
}

impl GameStore {
    /// The number `value`.
    ///
    /// # Panics
    /// If `value`'s numerator is `i64::MIN` (its negative would not fit).
    pub fn number(&mut self, value: Dyadic) -> GameId {
        self.keyed(Nus::number(value))
            .expect("numbers with numerator i64::MIN are not games of this store")
    }

    /// The integer `n`.
    ///
    /// # Panics
    /// If `n` is `i64::MIN`.
    pub fn integer(&mut self, n: i64) -> GameId {
        self.number(Dyadic::integer(n))
    }

    /// The nimber `*n`.
    pub fn nimber(&mut self, n: u64) -> GameId {
        self.keyed(Nus {
            number: Dyadic::ZERO,
            ups: 0,
            nim: n,
        })
        .expect("nimbers always fit")
    }

    /// The game `x + ups·↑ + *nim`, made without options (`^1000000000000`
    /// is one node).
    ///
    /// # Example
    /// ```
    /// use cgt_core::canonical::GameStore;
    /// use cgt_core::dyadic::Dyadic;
    /// let mut store = GameStore::new();
    /// let x = Dyadic::new(5, 3).expect("5/8");
    /// let g = store.number_up_star(x, -3, 2).expect("fits");
    /// assert_eq!(store.display(g).to_string(), "5/8v3*2");
    /// ```
    ///
    /// # Errors
    /// [`ValueError::Overflow`] for a numerator of `i64::MIN` or
    /// `ups == i64::MIN`.
    pub fn number_up_star(&mut self, x: Dyadic, ups: i64, nim: u64) -> Result<GameId> {
        if ups == i64::MIN {
            return Err(ValueError::Overflow);
        }
        self.keyed(Nus {
            number: x,
            ups,
            nim,
        })
    }

    /// Whether the options of `g` can be made and walked: every game but
    /// `x + n·↑ + *m` with `m` above [`GameStore::MAX_EXPANDED_NIM`] or `|n|`
    /// above [`GameStore::MAX_EXPANDED_UPS`] (`*m` has `m` options, and `n·↑`
    /// a chain of `n`). Such games are added and compared with each other by
    /// formula; beside another game, a sum of one is [`ValueError::TooLarge`].
    pub fn is_expandable(&self, g: GameId) -> bool {
        self.nus(g).is_none_or(|n| {
            n.nim <= Self::MAX_EXPANDED_NIM && n.ups.unsigned_abs() <= Self::MAX_EXPANDED_UPS
        })
    }

    /// `Ok` if [`GameStore::is_expandable`] says the options of `g` can be
    /// made, [`ValueError::TooLarge`] otherwise: the check every walk of
    /// options makes before it starts.
    pub(super) fn check_expandable(&self, g: GameId) -> Result<()> {
        if self.is_expandable(g) {
            Ok(())
        } else {
            Err(ValueError::TooLarge)
        }
    }

    /// The largest `m` of a `*m` whose options are made.
    pub const MAX_EXPANDED_NIM: u64 = 1 << 12;
    /// The largest `|n|` of an `n·↑` whose chain of options is walked.
    pub const MAX_EXPANDED_UPS: u64 = 1 << 20;

    /// The number `x` if `g` is one.
    pub fn as_number(&self, g: GameId) -> Option<Dyadic> {
        self.nus(g).filter(|n| n.is_number()).map(|n| n.number)
    }

    /// `(x, n, m)` when `g` is known to equal `x + n·↑ + *m`.
    pub fn as_number_up_star(&self, g: GameId) -> Option<(Dyadic, i64, u64)> {
        self.nus(g).map(|n| (n.number, n.ups, n.nim))
    }

    /// The options of the keyed game `nus`: `n - 1` and `n + 1` around an
    /// integer `n`, the neighbours of a fraction, `*0 … *(m-1)` of `x*m`
    /// on both sides, and the ups as [`GameStore::up_options`] makes them.
    pub(super) fn keyed_options(&mut self, nus: Nus) -> Result<(Vec<GameId>, Vec<GameId>)> {
        Ok(if nus.ups != 0 {
            self.up_options(nus)?
        } else if nus.nim == 0 {
            let x = nus.number;
            if x.is_integer() {
                let n = x.numerator();
                match n.cmp(&0) {
                    Ordering::Greater => (vec![self.number(Dyadic::integer(n - 1))], vec![]),
                    Ordering::Less => (vec![], vec![self.number(Dyadic::integer(n + 1))]),
                    Ordering::Equal => (vec![], vec![]),
                }
            } else {
                let k = x.exponent();
                let below = Dyadic::new(x.numerator() - 1, k).ok_or(ValueError::Overflow)?;
                let above = Dyadic::new(x.numerator() + 1, k).ok_or(ValueError::Overflow)?;
                (
                    vec![self.keyed(Nus::number(below))?],
                    vec![self.keyed(Nus::number(above))?],
                )
            }
        } else {
            // One past the limit is made too: `x + n·↑ + *m` with `n ≠ 0`
            // and `m` at the limit is expandable, and its follower
            // `x + *(m ^ 1)` must be when a comparison walks it
            // (`{^*4096|}` panicked there).
            if nus.nim > Self::MAX_EXPANDED_NIM + 1 {
                return Err(ValueError::TooLarge);
            }
            let mut options = Vec::new();
            for k in 0..nus.nim {
                options.push(self.keyed(Nus { nim: k, ..nus })?);
            }
            (options.clone(), options)
        })
    }

    /// The canonical options for `side` of `g = x + n·↑ + *m` with `n ≠ 0`,
    /// whatever the size of `n` and `m` (at most two, made by formula as
    /// [`GameStore::options`] makes them within its limits), or `None` if
    /// `g` is not such a game: a winning move in `↑*2147483647` is found
    /// among them.
    ///
    /// # Errors
    /// [`ValueError::Overflow`] if an option's number or ups leave their
    /// range.
    pub fn up_star_options(&mut self, g: GameId, side: Side) -> Result<Option<Vec<GameId>>> {
        let Some(nus) = self.nus(g).filter(|n| n.ups != 0) else {
            return Ok(None);
        };
        let (left, right) = self.up_options(nus)?;
        Ok(Some(match side {
            Side::Left => left,
            Side::Right => right,
        }))
    }

    /// The canonical options of `x + n·↑ + *m`, n ≠ 0: for n ≥ 1
    /// `{x | x + (n-1)·↑ + *(m^1)}`, except `↑* = {x, x* | x}`; for n ≤ -1
    /// the negatives. (The tests check this against sums of raw trees.)
    pub(super) fn up_options(&mut self, nus: Nus) -> Result<(Vec<GameId>, Vec<GameId>)> {
        let x = self.keyed(Nus::number(nus.number))?;
        if nus.nim == 1 && nus.ups.abs() == 1 {
            let x_star = self.keyed(Nus { ups: 0, ..nus })?;
            return Ok(if nus.ups > 0 {
                (vec![x, x_star], vec![x])
            } else {
                (vec![x], vec![x, x_star])
            });
        }
        let step = if nus.ups > 0 { -1 } else { 1 };
        let next = self.keyed(Nus {
            number: nus.number,
            ups: nus.ups + step,
            nim: nus.nim ^ 1,
        })?;
        Ok(if nus.ups > 0 {
            (vec![x], vec![next])
        } else {
            (vec![next], vec![x])
        })
    }

    /// `x*m` if the options are `x, x*, …, x*(m-1)` on both sides.
    pub(super) fn nimber_of(&self, left: &[GameId], right: &[GameId]) -> Option<Nus> {
        if left != right || left.is_empty() {
            return None;
        }
        let first = self.nus(left[0])?;
        let mut seen = vec![false; left.len()];
        for &o in left {
            let n = self.nus(o)?;
            if n.number != first.number || n.ups != 0 {
                return None;
            }
            *seen.get_mut(usize::try_from(n.nim).ok()?)? = true;
        }
        seen.iter().all(|&s| s).then_some(Nus {
            number: first.number,
            ups: 0,
            nim: left.len() as u64,
        })
    }

    /// Recognises `x + n·↑ + *m` (n ≠ 0) from its canonical options:
    /// `{x | x + (n-1)·↑ + *(m^1)}` for n ≥ 1 but `↑* = {x, x* | x}`, and
    /// the negatives (see [`GameStore::expand`]).
    pub(super) fn recognise_ups(&self, left: &[GameId], right: &[GameId]) -> Option<Nus> {
        let one = |options: &[GameId]| -> Option<Nus> {
            match options {
                [o] => self.nus(*o),
                _ => None,
            }
        };
        let plain = |n: Nus| n.ups == 0 && n.nim == 0;
        if let (Some(l), Some(r)) = (one(left), one(right)) {
            if l.is_number()
                && r.number == l.number
                && r.ups >= 0
                && !plain(Nus {
                    number: l.number,
                    ..r
                })
            {
                return Some(Nus {
                    number: l.number,
                    ups: r.ups + 1,
                    nim: r.nim ^ 1,
                });
            }
            if r.is_number()
                && l.number == r.number
                && l.ups <= 0
                && !plain(Nus {
                    number: r.number,
                    ..l
                })
            {
                return Some(Nus {
                    number: r.number,
                    ups: l.ups - 1,
                    nim: l.nim ^ 1,
                });
            }
        }
        // ↑* = {x, x* | x} and ↓* = {x | x, x*}.
        let pair = |options: &[GameId]| -> Option<(Nus, Nus)> {
            match options {
                [a, b] => Some((self.nus(*a)?, self.nus(*b)?)),
                _ => None,
            }
        };
        let is_x_star = |a: Nus, b: Nus, x: Nus| {
            let (p, q) = if a.nim == 0 { (a, b) } else { (b, a) };
            p == x && q == Nus { nim: 1, ..x }
        };
        if let (Some((a, b)), Some(r)) = (pair(left), one(right)) {
            if r.is_number() && is_x_star(a, b, r) {
                return Some(Nus {
                    ups: 1,
                    nim: 1,
                    ..r
                });
            }
        }
        if let (Some(l), Some((a, b))) = (one(left), pair(right)) {
            if l.is_number() && is_x_star(a, b, l) {
                return Some(Nus {
                    ups: -1,
                    nim: 1,
                    ..l
                });
            }
        }
        None
    }
}
