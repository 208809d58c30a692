//! Atomic weights (*Winning Ways* ch. 8; Siegel, *Combinatorial Game
//! Theory*, II.7): Norton's product `G.U`, all-small games, the far star and
//! the atomic-weight calculus with CGSuite's test of atomicity.

use super::{GameId, GameStore, Nus, Result, ValueError};
use crate::dyadic::Dyadic;
use crate::outcome::Side;

/// The most options [`GameStore::atomic_weight`]'s test of atomicity builds
/// its far-star kite `*P:-1` with.
const MAX_KITE: u64 = 1 << 20;

impl GameStore {
    /// Norton's product `G.U` of `g` by a unit `u` (Siegel, *Combinatorial
    /// Game Theory*, II.7; *Winning Ways* ch. 8): `n` copies of `U` for an
    /// integer `n` (`-n` copies of `-U` for a negative one), otherwise
    /// `{G^L.U + U + I | G^R.U - U - I}` with `I` running over the incentives
    /// of `U` (`U^L - U` and `U - U^R`), taken on `g`'s canonical form.
    ///
    /// For `U > 0` the product depends only on `g`'s value, adds up
    /// (`(G + H).U = G.U + H.U`) and keeps the order; `G.↑` is the game whose
    /// atomic weight is `G`.
    ///
    /// # Example
    /// ```
    /// use cgt_core::canonical::GameStore;
    /// let mut store = GameStore::new();
    /// let (three, half) = (store.integer(3), store.parse("1/2").expect("valid"));
    /// let up = store.parse("^").expect("valid");
    /// let product = store.norton_product(three, up).expect("fits");
    /// assert_eq!(store.display(product).to_string(), "^3");
    /// let product = store.norton_product(half, up).expect("fits");
    /// assert_eq!(store.display(product).to_string(), "{^^*|v*}");
    /// assert_eq!(store.atomic_weight(product), Some(half));
    /// ```
    ///
    /// # Complexity
    /// One canonical form per follower of `g`, each from
    /// (options of `g`) × (incentives of `u`) sums; memoised on `(g, u)`.
    pub fn norton_product(&mut self, g: GameId, u: GameId) -> Result<GameId> {
        // Walking g's options and u's: a huge `*m` or `n·↑` has too many.
        self.check_expandable(u)?;
        if self.as_number(g).is_none() {
            self.check_expandable(g)?;
        }
        // The unit's moves: U plus each incentive; only the greatest matter.
        let mut unit_moves = Vec::new();
        for i in 0..self.left_len(u) {
            let o = self.left_at(u, i);
            let incentive = self.sub(o, u)?;
            unit_moves.push(self.add(u, incentive)?);
        }
        for i in 0..self.right_len(u) {
            let o = self.right_at(u, i);
            let incentive = self.sub(u, o)?;
            unit_moves.push(self.add(u, incentive)?);
        }
        self.remove_dominated(&mut unit_moves, Side::Left);
        self.memoised(
            (g, u),
            |m| &mut m.norton,
            |s, (g, u)| {
                let n = s.as_number(g).filter(|x| x.is_integer())?;
                Some(s.copies(n.numerator(), u))
            },
            |s, (g, u), out| {
                let mut options = Vec::new();
                s.push_options(g, &mut options);
                out.extend(options.into_iter().map(|o| (o, u)));
            },
            |s, (g, _), products| {
                let (left, right) = s.by_side(g, products);
                let mut left_sums = Vec::new();
                for &base in left {
                    for &m in &unit_moves {
                        left_sums.push(s.add(base, m)?);
                    }
                }
                let mut right_sums = Vec::new();
                for &base in right {
                    for &m in &unit_moves {
                        right_sums.push(s.sub(base, m)?);
                    }
                }
                s.canonicalise(left_sums, right_sums)
            },
        )
    }

    /// `n` copies of `u` (`-n` copies of `-u` for a negative `n`):
    /// [`GameStore::multiple`].
    pub(super) fn copies(&mut self, n: i64, u: GameId) -> Result<GameId> {
        self.multiple(u, n)
    }

    /// Whether `g` is infinitesimal (both stops 0).
    pub fn is_infinitesimal(&mut self, g: GameId) -> bool {
        self.stops(g) == (Dyadic::ZERO, Dyadic::ZERO)
    }

    /// The atomic weight of an infinitesimal `g`, where the atomic-weight
    /// calculus gives one (*Winning Ways* ch. 8; Siegel, *Combinatorial Game Theory*, II.7; as CGSuite):
    /// `n` for `n·↑ + *m`; otherwise `G' = {aw(G^L) - 2 | aw(G^R) + 2}`,
    /// except that when `G'` is an integer the far star `☆` decides: if
    /// `G < ☆` the least integer `⧐` every `aw(G^L) - 2`, if `G > ☆` the
    /// greatest integer `⧏` every `aw(G^R) + 2`. Here `☆` is `*P`, `P` the
    /// next power of two beyond the nimbers of `G`, so no sum of them
    /// reaches it (CGSuite takes one past the largest nimber, which leaves a
    /// few games that are not all-small without a weight that this finds).
    ///
    /// The weight `W` is the game with `G ~ W.↑` ([`GameStore::norton_product`]),
    /// where `G ~ H` when `G + X + *m` and `H + X + *m` have the same outcome
    /// for every `X` and every large `m`. Every all-small game has one. A game
    /// that is not all-small gets the calculus's `W` when `G - W.↑` lies
    /// within `±(↑* + *P:-1)`, `P` a power of two beyond every nimber of `G`
    /// (CGSuite's test), and `None` otherwise; so do numbers other than 0 and
    /// every game that is not infinitesimal. (That test builds `*P:-1` with
    /// `P` options: a game that is not all-small and holds a nimber beyond
    /// `*2^20` gets `None` rather than a table of that size.)
    ///
    /// # Example
    /// ```
    /// use cgt_core::canonical::GameStore;
    /// let mut store = GameStore::new();
    /// let g = store.parse("^3*").expect("valid");
    /// let w = store.atomic_weight(g).expect("infinitesimal");
    /// assert_eq!(store.display(w).to_string(), "3");
    /// // Tiny(1) is infinitesimal but not all-small; its weight is 0.
    /// let tiny = store.parse("Tiny(1)").expect("valid");
    /// let w = store.atomic_weight(tiny).expect("atomic");
    /// assert_eq!(store.display(w).to_string(), "0");
    /// // (1/2).↑ + Tiny(1) is not all-small either; its weight is 1/2.
    /// let (half, up) = (store.parse("1/2").expect("valid"), store.parse("^").expect("valid"));
    /// let half_up = store.norton_product(half, up).expect("fits");
    /// let g = store.add(half_up, tiny).expect("fits");
    /// assert_eq!(store.atomic_weight(g), Some(half));
    /// let hot = store.parse("+-1").expect("valid");
    /// assert_eq!(store.atomic_weight(hot), None);
    /// ```
    pub fn atomic_weight(&mut self, g: GameId) -> Option<GameId> {
        if !self.is_infinitesimal(g) {
            return None;
        }
        let weight = self.naive_atomic_weight(g).ok()?;
        if self.is_all_small(g) {
            return Some(weight);
        }
        // Atomic iff -ε <= G - aw.↑ <= ε with ε = ↑* + *P:-1, P a power of
        // two beyond every nimber of G (CGSuite's test).
        let up = self.number_up_star(Dyadic::ZERO, 1, 0).ok()?;
        let ups = self.norton_product(weight, up).ok()?;
        let difference = self.sub(g, ups).ok()?;
        let far = self.far_star(g).max(2).checked_next_power_of_two()?;
        if far > MAX_KITE {
            return None;
        }
        let nimbers: Vec<GameId> = (0..far).map(|k| self.nimber(k)).collect();
        let mut right = nimbers.clone();
        right.push(self.nimber(far));
        let kite = self.game(&nimbers, &right).ok()?;
        let up_star = self.parse("^*").ok()?;
        let epsilon = self.add(up_star, kite).ok()?;
        let minus_epsilon = self.neg(epsilon);
        (self.le(difference, epsilon) && self.le(minus_epsilon, difference)).then_some(weight)
    }

    /// One more than every nimber `*m` among the followers of `g` (at least
    /// 1): the index of a far star for `g`. A game `x + n·↑ + *m` counts as
    /// `m + 1`, which bounds the nimbers of its formula options.
    fn far_star(&mut self, g: GameId) -> u64 {
        self.memoised(
            g,
            |m| &mut m.far_stars,
            |s, g| s.nus(g).map(|n| Ok(n.nim.saturating_add(1))),
            |s, g, out| s.push_options(g, out),
            |_, _, fars| Ok(fars.iter().fold(1, |far, &f| far.max(f))),
        )
        .expect("the far star does not fail")
    }

    /// Whether every follower of `g` but 0 has options for both players.
    pub fn is_all_small(&mut self, g: GameId) -> bool {
        self.memoised(
            g,
            |m| &mut m.all_small,
            |s, g| s.nus(g).map(|n| Ok(n.number == Dyadic::ZERO)),
            |s, g, out| s.push_options(g, out),
            |s, g, small| {
                let both = s.left_len(g) > 0 && s.right_len(g) > 0;
                Ok(both && small.iter().all(|&b| b))
            },
        )
        .expect("all-small does not fail")
    }

    /// The atomic-weight calculus without the test for atomicity.
    fn naive_atomic_weight(&mut self, g: GameId) -> Result<GameId> {
        self.memoised(
            g,
            |m| &mut m.weights,
            |s, g| {
                s.nus(g)
                    .map(|n| s.keyed(Nus::number(Dyadic::integer(n.ups))))
            },
            |s, g, out| s.push_options(g, out),
            |s, g, weights| {
                let (left, right) = s.by_side(g, weights);
                s.atomic_weight_from(g, left, right)
            },
        )
    }

    /// The calculus's weight of `g` from its options' weights.
    fn atomic_weight_from(
        &mut self,
        g: GameId,
        left: &[GameId],
        right: &[GameId],
    ) -> Result<GameId> {
        let two = self.integer(2);
        let minus_two = self.integer(-2);
        let left = left
            .iter()
            .map(|&w| self.add(w, minus_two))
            .collect::<Result<Vec<_>>>()?;
        let right = right
            .iter()
            .map(|&w| self.add(w, two))
            .collect::<Result<Vec<_>>>()?;
        let candidate = self.canonicalise(left.clone(), right.clone())?;
        let mut weight = candidate;
        if self.as_number(candidate).is_some_and(|x| x.is_integer()) {
            // The far star ☆: a nimber no sum of g's nimbers reaches.
            let far = self.far_star(g).max(2).next_power_of_two();
            let far = self.nimber(far);
            let below = self.le(g, far);
            let above = self.le(far, g);
            if below && !above {
                // The least integer n with n ⧐ (not <=) every left option.
                let mut least: Option<i64> = None;
                for &l in &left {
                    let mut n = self.right_stop(l).ceil();
                    let id = self.integer(n);
                    if self.le(id, l) {
                        n = n.checked_add(1).ok_or(ValueError::Overflow)?;
                    }
                    least = Some(least.map_or(n, |m| m.max(n)));
                }
                weight = self.integer(least.unwrap_or(0));
            } else if above && !below {
                // The greatest integer n with n ⧏ (not >=) every right option.
                let mut greatest: Option<i64> = None;
                for &r in &right {
                    let mut n = self.left_stop(r).floor();
                    let id = self.integer(n);
                    if self.le(r, id) {
                        n = n.checked_sub(1).ok_or(ValueError::Overflow)?;
                    }
                    greatest = Some(greatest.map_or(n, |m| m.min(n)));
                }
                weight = self.integer(greatest.unwrap_or(0));
            }
        }
        Ok(weight)
    }
}
