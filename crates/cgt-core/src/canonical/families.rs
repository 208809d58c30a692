//! The named families of games the notation writes by name: ups and downs,
//! up-nth `↑ⁿ` and `↑[n]`, `Tiny(G)` and `Miny(G)`, and switches `±G`.

use super::{GameId, GameStore, Result};
use crate::dyadic::Dyadic;

impl GameStore {
    /// The largest `n` of up-nth `^<n>` and `^[n]` the notation reads and
    /// writes: one bound for both, so that whatever is written reads back.
    /// A larger uptimal is written in braces (`{0|v[128]*}` for `↑¹²⁹`).
    /// Reading `^[128]` takes under a second (`^<256>`, 2.4 s: the work
    /// grows about as `n^2.7`).
    pub const MAX_UP_NTH: u32 = 128;

    /// `n·↑` (`^n`; `v n` for negative `n`), one node however large.
    ///
    /// # Errors
    /// [`ValueError::Overflow`](super::ValueError::Overflow) for `n == i64::MIN`.
    pub fn ups(&mut self, n: i64) -> Result<GameId> {
        self.number_up_star(Dyadic::ZERO, n, 0)
    }

    /// Up-nth `↑ⁿ` (`^<n>`): `↑¹ = ↑`, `↑ⁿ⁺¹ = {0 | ↓* − ↑² − … − ↑ⁿ}`
    /// (Siegel, *Combinatorial Game Theory*, II.4). `↑⁰` is taken as `0`.
    ///
    /// # Example
    /// ```
    /// use cgt_core::canonical::GameStore;
    /// let mut store = GameStore::new();
    /// let g = store.up_nth(2).expect("fits");
    /// assert_eq!(store.display(g).to_string(), "^<2>");
    /// assert_eq!(Ok(g), store.parse("{0|v*}"));
    /// ```
    ///
    /// # Complexity
    /// `n` canonical forms and sums of games born by day `n + 1`.
    ///
    /// # Errors
    /// [`ValueError::Overflow`](super::ValueError::Overflow) if the store outgrows its ids.
    pub fn up_nth(&mut self, n: u32) -> Result<GameId> {
        if n == 0 {
            return Ok(self.zero());
        }
        let up = self.ups(1)?;
        let star = self.nimber(1);
        let down = self.neg(up);
        let mut right = self.add(down, star)?; // ↓* − ↑² − … − ↑ᵏ
        let mut current = up;
        let zero = self.zero();
        for k in 2..=n {
            current = self.game(&[zero], &[right])?;
            if k < n {
                right = self.sub(right, current)?;
            }
        }
        Ok(current)
    }

    /// `↑[n] = ↑ + ↑² + … + ↑ⁿ` (`^[n]`).
    ///
    /// # Example
    /// ```
    /// use cgt_core::canonical::GameStore;
    /// let mut store = GameStore::new();
    /// let g = store.up_sum(3).expect("fits");
    /// assert_eq!(store.display(g).to_string(), "^[3]");
    /// ```
    ///
    /// # Errors
    /// [`ValueError::Overflow`](super::ValueError::Overflow) if the store outgrows its ids.
    pub fn up_sum(&mut self, n: u32) -> Result<GameId> {
        let mut total = self.zero();
        for k in 1..=n {
            let term = self.up_nth(k)?;
            total = self.add(total, term)?;
        }
        Ok(total)
    }

    /// `Tiny(G) = {0 || 0 | -G}`, the positive infinitesimal of the hot
    /// game `G` (`Tiny(1)` is `{0||0|-1}`).
    ///
    /// # Example
    /// ```
    /// use cgt_core::canonical::GameStore;
    /// let mut store = GameStore::new();
    /// let two = store.integer(2);
    /// let g = store.tiny(two).expect("fits");
    /// assert_eq!(store.display(g).to_string(), "Tiny(2)");
    /// ```
    ///
    /// # Errors
    /// [`ValueError::Overflow`](super::ValueError::Overflow) if the store outgrows its ids.
    pub fn tiny(&mut self, g: GameId) -> Result<GameId> {
        let zero = self.zero();
        let minus = self.neg(g);
        let inner = self.game(&[zero], &[minus])?;
        self.game(&[zero], &[inner])
    }

    /// `Miny(G) = {G | 0 || 0} = -Tiny(G)`.
    ///
    /// # Errors
    /// [`ValueError::Overflow`](super::ValueError::Overflow) if the store outgrows its ids.
    pub fn miny(&mut self, g: GameId) -> Result<GameId> {
        let tiny = self.tiny(g)?;
        Ok(self.neg(tiny))
    }

    /// The switch `±{A, B, …} = {A, B, … | -A, -B, …}` of `options`.
    ///
    /// # Example
    /// ```
    /// use cgt_core::canonical::GameStore;
    /// let mut store = GameStore::new();
    /// let one = store.integer(1);
    /// let g = store.switch(&[one]).expect("fits");
    /// assert_eq!(store.display(g).to_string(), "+-1");
    /// ```
    ///
    /// # Errors
    /// [`ValueError::Overflow`](super::ValueError::Overflow) if the store outgrows its ids.
    pub fn switch(&mut self, options: &[GameId]) -> Result<GameId> {
        let negatives: Vec<GameId> = options.iter().map(|&g| self.neg(g)).collect();
        self.game(options, &negatives)
    }
}
