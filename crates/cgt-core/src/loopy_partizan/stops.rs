//! The stops of stoppers (Siegel, *Combinatorial Game Theory*, VI.4;
//! CGSuite's `Stop`): where alternating best play from a stopper comes to
//! rest on a *pseudonumber* — a number, `on`, `off`, `x over` or
//! `x under`.
//!
//! `L(G)` is `G` itself for a pseudonumber, else the greatest `R(Gᴸ)`;
//! `R(G)` is `G` for a pseudonumber, else the least `L(Gᴿ)`. A stopper has
//! no endless alternating play, so the states (position, player to move)
//! met form no cycle and the search ends. Pseudonumbers are totally
//! ordered, so the greatest and least exist. A player with no move at a
//! position that is not a pseudonumber counts as reaching `off` (Left) or
//! `on` (Right).

use super::{LoopyError, StopperId, StopperStore};
use crate::canonical::GameStore;
use crate::outcome::Side;
use rustc_hash::FxHashMap;

impl StopperStore {
    /// Whether `s` is a pseudonumber: a number, `on`, `off`, `x over` or
    /// `x under`.
    pub fn is_pseudonumber(&mut self, s: StopperId, store: &mut GameStore) -> bool {
        let number = |stoppers: &mut Self, store: &mut GameStore, s: StopperId| {
            stoppers
                .to_short(s, store)
                .is_some_and(|g| store.as_number(g).is_some())
        };
        if number(self, store, s) {
            return true;
        }
        let form = self.form(s);
        let (left, right) = (
            form.moves(0, Side::Left).to_vec(),
            form.moves(0, Side::Right).to_vec(),
        );
        match (left.as_slice(), right.as_slice()) {
            ([0], []) | ([], [0]) => true,
            (&[x], [0]) | ([0], &[x]) if x != 0 => {
                let x = self.follower(s, x);
                number(self, store, x)
            }
            _ => false,
        }
    }

    /// The `side` stop of `s`: `L(s)` for Left, `R(s)` for Right.
    ///
    /// # Example
    /// `{1|over}` has Left stop `1` and Right stop `over`.
    /// ```
    /// use cgt_core::canonical::GameStore;
    /// use cgt_core::loopy_partizan::{LoopyValue, StopperStore};
    /// use cgt_core::outcome::Side;
    /// let mut store = GameStore::new();
    /// let mut stoppers = StopperStore::new();
    /// let LoopyValue::Stopper(g) = stoppers.parse(&mut store, "{1|over}")? else { panic!() };
    /// let left = stoppers.stop(g, Side::Left, &mut store).expect("small");
    /// let right = stoppers.stop(g, Side::Right, &mut store).expect("small");
    /// assert_eq!(stoppers.display(left, &mut store), "1");
    /// assert_eq!(stoppers.display(right, &mut store), "over");
    /// # Ok::<(), cgt_core::canonical::NotationError>(())
    /// ```
    ///
    /// # Errors
    /// [`LoopyError::TooLarge`] if two pseudonumbers met are too large to
    /// compare.
    ///
    /// # Complexity
    /// O(S) followers and comparisons of pseudonumbers for the S states
    /// (position, player to move) of the simplest form of `s`.
    pub fn stop(
        &mut self,
        s: StopperId,
        side: Side,
        store: &mut GameStore,
    ) -> Result<StopperId, LoopyError> {
        let on = self.on();
        let off = self.neg(on);
        let mut known: FxHashMap<(u32, Side), StopperId> = FxHashMap::default();
        // Children first, on an explicit stack: (position, player, expanded).
        let mut stack = vec![(0_u32, side, false)];
        while let Some((v, mover, expanded)) = stack.pop() {
            if known.contains_key(&(v, mover)) {
                continue;
            }
            let here = self.follower(s, v);
            if self.is_pseudonumber(here, store) {
                known.insert((v, mover), here);
                continue;
            }
            let options = self.form(s).moves(v, mover).to_vec();
            if !expanded {
                stack.push((v, mover, true));
                for &w in &options {
                    if !known.contains_key(&(w, mover.opponent())) {
                        stack.push((w, mover.opponent(), false));
                    }
                }
                continue;
            }
            let mut best = match mover {
                Side::Left => off,
                Side::Right => on,
            };
            for &w in &options {
                let x = known[&(w, mover.opponent())];
                // Pseudonumbers are totally ordered.
                let better = match mover {
                    Side::Left => self.le(best, x)?,
                    Side::Right => self.le(x, best)?,
                };
                if better {
                    best = x;
                }
            }
            known.insert((v, mover), best);
        }
        Ok(known[&(0, side)])
    }
}
