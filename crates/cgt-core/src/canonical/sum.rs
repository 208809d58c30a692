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
            return None;
        };
        Some(
            p.checked_add(q)
                .ok_or(ValueError::Overflow)
                .and_then(|sum| self.keyed(sum)),
        )
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
    /// [`Dyadic`](crate::dyadic::Dyadic).
    pub fn incentives(&mut self, g: GameId) -> Result<(Vec<GameId>, Vec<GameId>)> {
        let lefts = self.options(g, Side::Left).to_vec();
        let rights = self.options(g, Side::Right).to_vec();
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
