//! Disjunctive sums and negatives (Siegel, *Combinatorial Game Theory*,
//! II.1): a move in `G + H` is a move in one component; `-G` swaps the
//! players' roles.

use super::{GameId, GameStore, Result, ValueError};
use crate::outcome::Side;

/// The key of the sum `a + b` (sums commute).
fn pair(a: GameId, b: GameId) -> (GameId, GameId) {
    if a <= b { (a, b) } else { (b, a) }
}

impl GameStore {
    /// The disjunctive sum `a + b` (Siegel II.1): a move is a move in one
    /// component.
    ///
    /// # Example
    /// ```
    /// use cgt_core::canonical::GameStore;
    /// let mut store = GameStore::new();
    /// let a = store.parse("{2|1}").expect("valid");
    /// let b = store.parse("+-1").expect("valid");
    /// let sum = store.add(a, b).expect("fits");
    /// assert_eq!(store.display(sum).to_string(), "{3|2||1|0}");
    /// let big = store.integer(i64::MAX);
    /// assert!(store.add(big, big).is_err()); // an overflow, never a wrong value
    /// ```
    ///
    /// # Complexity
    /// Memoised on the pair; numbers, nimbers and number + ups + star add by
    /// formula, a number and another game by translation.
    pub fn add(&mut self, a: GameId, b: GameId) -> Result<GameId> {
        self.memoised(
            pair(a, b),
            |m| &mut m.sums,
            |s, (a, b)| s.sum_by_formula(a, b),
            |s, (a, b), out| {
                // Number avoidance: never move in a number beside a game.
                let mut options = Vec::new();
                if s.as_number(a).is_none() {
                    s.push_options(a, &mut options);
                    out.extend(options.iter().map(|&o| pair(o, b)));
                }
                if s.as_number(b).is_none() {
                    options.clear();
                    s.push_options(b, &mut options);
                    out.extend(options.iter().map(|&o| pair(a, o)));
                }
            },
            |s, (a, b), sums| {
                s.tick()?;
                let mut left = Vec::new();
                let mut right = Vec::new();
                let mut rest = sums;
                for g in [a, b] {
                    if s.as_number(g).is_none() {
                        let (l, r) = (s.left_len(g), s.right_len(g));
                        left.extend_from_slice(&rest[..l]);
                        right.extend_from_slice(&rest[l..l + r]);
                        rest = &rest[l + r..];
                    }
                }
                if s.as_number(a).is_some() || s.as_number(b).is_some() {
                    // Translation by a number keeps a canonical form canonical.
                    s.intern(left, right)
                } else {
                    s.canonicalise(left, right)
                }
            },
        )
    }

    /// `a + b` when no walk is needed: a zero term, or two games of the
    /// form `x + n·↑ + *m`.
    fn sum_by_formula(&mut self, a: GameId, b: GameId) -> Option<Result<GameId>> {
        let zero = self.zero();
        if a == zero {
            return Some(Ok(b));
        }
        if b == zero {
            return Some(Ok(a));
        }
        let (Some(p), Some(q)) = (self.nus(a), self.nus(b)) else {
            // A walk would make the options of a huge `*m` or `n·↑`.
            if !(self.is_expandable(a) && self.is_expandable(b)) {
                return Some(Err(ValueError::TooLarge));
            }
            if let Err(e) = self.check_nim_sum_work(a, b) {
                return Some(Err(e));
            }
            return None;
        };
        Some(
            p.checked_add(q)
                .ok_or(ValueError::Overflow)
                .and_then(|sum| self.keyed(sum)),
        )
    }

    /// The estimated work of the sum `a + b` where a walk is needed and one
    /// term is `x + n·↑ + *m` with `m >= 2`: `birthday(other)² × m³`, else
    /// 0.
    ///
    /// Such a sum walks `*k + G'` for every `k <= m` and follower `G'` of
    /// the other game (their number grows with its birthday), each
    /// canonical form with about `k` options compared pairwise, each
    /// comparison a search as deep as the birthday; its canonical form
    /// itself can have `m` options (`Tiny(2) + *m = {0,*,…,*m||*m|-2*m}`).
    /// Measured on a 2-core machine: `Tiny(2) + *128` (work 2^25) 3.9 s,
    /// `^[8] + *64` (2^24.3) 3.9 s, `^[32] + *31` (2^24.9) 1.5 s,
    /// `{1|0} + *512` (2^29) 2.8 s, `^[32] + *59` (2^27.7) 14 s.
    ///
    /// # Example
    /// ```
    /// use cgt_core::canonical::{GameStore, ValueError};
    /// let mut store = GameStore::new();
    /// let tiny = store.parse("Tiny(2)").expect("valid");
    /// let star = store.nimber(211);
    /// assert_eq!(store.nim_sum_work(tiny, star), 4 * 4 * 211 * 211 * 211);
    /// assert_eq!(
    ///     store.add(tiny, star),
    ///     Err(ValueError::TooCostly { nim: 211, birthday: 4 })
    /// );
    /// let star = store.nimber(4);
    /// let sum = store.add(tiny, star).expect("fits");
    /// assert_eq!(store.display(sum), "{0,*,*2,*3,*4||*4|-2*4}");
    /// ```
    pub fn nim_sum_work(&mut self, a: GameId, b: GameId) -> u128 {
        let (star, other) = match (self.nus(a), self.nus(b)) {
            (Some(p), None) => (p, b),
            (None, Some(q)) => (q, a),
            _ => return 0,
        };
        if star.nim < 2 || self.as_number(other).is_some() {
            return 0;
        }
        let nim = u128::from(star.nim);
        let day = self.birthday(other);
        day.saturating_mul(day)
            .saturating_mul(nim.saturating_pow(3))
    }

    /// The most [`GameStore::nim_sum_work`] a sum may take: past it the sum
    /// is [`ValueError::TooCostly`], refused before any work.
    pub const MAX_NIM_SUM_WORK: u128 = 1 << 25;

    /// [`ValueError::TooCostly`] if `a + b` is past
    /// [`GameStore::MAX_NIM_SUM_WORK`].
    fn check_nim_sum_work(&mut self, a: GameId, b: GameId) -> Result<()> {
        if self.nim_sum_work(a, b) <= Self::MAX_NIM_SUM_WORK {
            return Ok(());
        }
        let (star, other) = if self.nus(a).is_some() {
            (a, b)
        } else {
            (b, a)
        };
        let nim = self.nus(star).map_or(0, |n| n.nim);
        let birthday = self.birthday(other);
        Err(ValueError::TooCostly {
            nim: u32::try_from(nim).unwrap_or(u32::MAX),
            birthday: u32::try_from(birthday).unwrap_or(u32::MAX),
        })
    }

    /// The negative `-a`.
    pub fn neg(&mut self, a: GameId) -> GameId {
        // Kept in the nodes, not a memo table: a value memo that keeps one
        // position of each transposed pair (Domineering) asks for the
        // negatives of half the values it reads.
        if let Some(n) = self.known_neg(a) {
            return n;
        }
        super::memo::walk(
            self,
            a,
            |s, g| {
                s.known_neg(g).map(Ok).or_else(|| {
                    let n = s.nus(g).map(|n| s.keyed(n.neg()))?;
                    if let Ok(n) = n {
                        s.set_neg(g, n);
                    }
                    Some(n)
                })
            },
            |s, g, out| s.push_options(g, out),
            |s, g, negatives| {
                // -{L | R} = {-R | -L}, canonical again.
                let (left, right) = s.by_side(g, negatives);
                let n = s.intern(right.to_vec(), left.to_vec())?;
                s.set_neg(g, n);
                Ok(n)
            },
        )
        .expect("a negative has as many nodes as the game")
    }

    /// The incentives of `g` (Siegel II.3): Left's, `G^L - G` for each Left
    /// option, then Right's, `G - G^R` for each Right option; what a move
    /// gains its player.
    ///
    /// # Example
    /// ```
    /// use cgt_core::canonical::GameStore;
    /// let mut store = GameStore::new();
    /// let g = store.parse("{2|-1/2}").expect("valid");
    /// let (left, right) = store.incentives(g).expect("fits");
    /// assert_eq!(store.display(left[0]), "{5/2|0}");
    /// assert_eq!(store.display(right[0]), "{5/2|0}");
    /// ```
    ///
    /// # Errors
    /// [`ValueError::Overflow`] if a number leaves the range of
    /// [`Dyadic`](crate::dyadic::Dyadic); [`ValueError::TooLarge`] for a
    /// huge `*m` or `n·↑` (too many options to make).
    pub fn incentives(&mut self, g: GameId) -> Result<(Vec<GameId>, Vec<GameId>)> {
        let lefts = self.options(g, Side::Left)?.to_vec();
        let rights = self.options(g, Side::Right)?.to_vec();
        let left = lefts
            .into_iter()
            .map(|o| self.sub(o, g))
            .collect::<Result<Vec<_>>>()?;
        let right = rights
            .into_iter()
            .map(|o| self.sub(g, o))
            .collect::<Result<Vec<_>>>()?;
        Ok((left, right))
    }

    /// `n·g`: the sum of `n` copies of `g` (of `-g` for negative `n`), by
    /// doubling.
    ///
    /// # Example
    /// ```
    /// use cgt_core::canonical::GameStore;
    /// let mut store = GameStore::new();
    /// let up = store.parse("^").expect("valid");
    /// let three = store.multiple(up, 3).expect("fits");
    /// assert_eq!(store.display(three), "^3");
    /// assert_eq!(store.multiple(up, 0), Ok(store.zero()));
    /// ```
    ///
    /// # Errors
    /// [`ValueError::Overflow`] if a number leaves the range of
    /// [`Dyadic`](crate::dyadic::Dyadic).
    pub fn multiple(&mut self, g: GameId, n: i64) -> Result<GameId> {
        let (mut power, mut total) = (if n < 0 { self.neg(g) } else { g }, self.zero());
        let mut k = n.unsigned_abs();
        while k > 0 {
            if k & 1 == 1 {
                total = self.add(total, power)?;
            }
            k >>= 1;
            if k > 0 {
                power = self.add(power, power)?;
            }
        }
        Ok(total)
    }

    /// The difference `a - b`.
    pub fn sub(&mut self, a: GameId, b: GameId) -> Result<GameId> {
        let nb = self.neg(b);
        self.add(a, nb)
    }
}
