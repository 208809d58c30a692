//! Reduced canonical forms (Siegel, *Combinatorial Game Theory*, II.6): the
//! simplest game infinitesimally close to a game, by removing options
//! dominated modulo infinitesimals and bypassing those reversible modulo
//! infinitesimals.

use super::{GameId, GameStore, Nus, Result};
use crate::outcome::Side;

impl GameStore {
    /// Whether `a >= b` modulo infinitesimals: the right stop of `a - b` is
    /// at least 0.
    fn ge_mod_inf(&mut self, a: GameId, b: GameId) -> Result<bool> {
        let d = self.sub(a, b)?;
        Ok(!self.right_stop(d).is_negative())
    }

    /// The reduced canonical form: the simplest game infinitesimally close
    /// to `g` (Siegel II.6), found by removing Inf-dominated options and
    /// bypassing Inf-reversible ones.
    ///
    /// # Example
    /// ```
    /// use cgt_core::canonical::GameStore;
    /// let mut store = GameStore::new();
    /// let g = store.parse("{1^|v*}").expect("valid");
    /// let r = store.reduced(g).expect("fits");
    /// assert_eq!(store.display(r).to_string(), "{1|0}");
    /// ```
    pub fn reduced(&mut self, g: GameId) -> Result<GameId> {
        self.memoised(
            g,
            |m| &mut m.reduced,
            |s, g| s.nus(g).map(|n| s.keyed(Nus::number(n.number))),
            |s, g, out| {
                if s.left_stop(g) != s.right_stop(g) {
                    s.push_options(g, out);
                }
            },
            |s, g, reduced| {
                let (ls, rs) = s.stops(g);
                if ls == rs {
                    return s.keyed(Nus::number(ls));
                }
                let (left, right) = s.by_side(g, reduced);
                s.reduce(left.to_vec(), right.to_vec())
            },
        )
    }

    /// The simplest game Inf-equal to `{left | right}`, whose options are
    /// reduced already.
    fn reduce(&mut self, mut left: Vec<GameId>, mut right: Vec<GameId>) -> Result<GameId> {
        let result = {
            'simplify: loop {
                self.remove_inf_dominated(&mut left, Side::Left)?;
                self.remove_inf_dominated(&mut right, Side::Right)?;
                let current = self.canonicalise(left.clone(), right.clone())?;
                for i in 0..left.len() {
                    let a = left[i];
                    for k in 0..self.right_len(a) {
                        let ar = self.right_at(a, k);
                        if self.ge_mod_inf(current, ar)? {
                            left.swap_remove(i);
                            for j in 0..self.left_len(ar) {
                                left.push(self.left_at(ar, j));
                            }
                            continue 'simplify;
                        }
                    }
                }
                for i in 0..right.len() {
                    let b = right[i];
                    for k in 0..self.left_len(b) {
                        let bl = self.left_at(b, k);
                        if self.ge_mod_inf(bl, current)? {
                            right.swap_remove(i);
                            for j in 0..self.right_len(bl) {
                                right.push(self.right_at(bl, j));
                            }
                            continue 'simplify;
                        }
                    }
                }
                break current;
            }
        };
        Ok(result)
    }

    fn remove_inf_dominated(&mut self, options: &mut Vec<GameId>, side: Side) -> Result<()> {
        options.sort_unstable();
        options.dedup();
        let mut i = 0;
        while i < options.len() {
            let a = options[i];
            let mut dominated = false;
            for (j, &b) in options.iter().enumerate() {
                if j == i {
                    continue;
                }
                let (low, high) = match side {
                    Side::Left => (a, b),
                    Side::Right => (b, a),
                };
                // Drop `a` if the other is at least as good modulo Inf (of two
                // Inf-equal options keep the later one).
                if self.ge_mod_inf(high, low)? && (!self.ge_mod_inf(low, high)? || j > i) {
                    dominated = true;
                    break;
                }
            }
            if dominated {
                options.remove(i);
            } else {
                i += 1;
            }
        }
        Ok(())
    }
}
