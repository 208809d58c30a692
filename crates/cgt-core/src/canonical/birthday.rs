//! Birthdays: the day a game is born (Siegel, *Combinatorial Game Theory*,
//! II.1): one more than the latest day of its options.

use super::{GameId, GameStore};

impl GameStore {
    /// The birthday: the day the game is born (0 for `0`, `n` for the
    /// integer `n` and for `*n`), exact for every game a store can hold
    /// (hence `u128`: `10^12 + ^1000000*5` is born on day `10^12 + 10^6 + 5`).
    pub fn birthday(&mut self, g: GameId) -> u128 {
        self.memoised(
            g,
            |m| &mut m.birthdays,
            |s, g| s.birthday_by_formula(g).map(Ok),
            |s, g, out| s.push_options(g, out),
            |_, _, days| Ok(days.iter().map(|&day| day + 1).max().unwrap_or(0)),
        )
        .expect("birthdays do not fail")
    }

    /// The birthday of `x + n·↑ + *m`, by formula.
    fn birthday_by_formula(&self, g: GameId) -> Option<u128> {
        let n = self.nus(g)?;
        let x = n.number;
        let a = u128::from(x.numerator().unsigned_abs());
        let number_day = match x.exponent() {
            0 => a,
            e => (a >> e) + u128::from(e) + 1,
        };
        // n·↑ + *m: a chain of n - 1 options down to ↑*c, c = m or m^1 by
        // the parity; ↑* is born on day 2, ↑*c on day 1 + (c^1).
        let ups = n.ups.unsigned_abs();
        let infinitesimal_day = if ups == 0 {
            u128::from(n.nim)
        } else {
            let c = if ups % 2 == 1 { n.nim } else { n.nim ^ 1 };
            let last = if c == 1 { 2 } else { 1 + u128::from(c ^ 1) };
            u128::from(ups - 1) + last
        };
        // Below 2^66: no sum here, nor a chain of stored nodes on top, overflows.
        Some(number_day + infinitesimal_day)
    }
}
