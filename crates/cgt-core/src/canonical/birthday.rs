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

    /// Every canonical game born by day `day` (Siegel II.1), for `day` up to
    /// [`GameStore::MAX_CENSUS_DAY`]: 1, 4, 22 and 1474 games. Each day's
    /// games are `{L | R}` for every pair of antichains `L`, `R` (sets of
    /// pairwise confused games, the only option sets a canonical form can
    /// have) of the day before; in the order of their ids.
    ///
    /// # Example
    /// ```
    /// use cgt_core::canonical::GameStore;
    /// let mut store = GameStore::new();
    /// let counts: Vec<usize> = (0..=3).map(|d| store.born_by(d).unwrap().len()).collect();
    /// assert_eq!(counts, [1, 4, 22, 1474]);
    /// assert!(store.born_by(4).is_none());
    /// ```
    ///
    /// # Complexity
    /// Day 3 makes 2^10 · 2^10 / 4 games from the antichains of the 22
    /// games born by day 2 (milliseconds); day 4 has about 3·10^12 games,
    /// so it is not offered.
    pub fn born_by(&mut self, day: u32) -> Option<Vec<GameId>> {
        if day > Self::MAX_CENSUS_DAY {
            return None;
        }
        let mut games = vec![self.zero()];
        for _ in 0..day {
            let sides = self.antichains(&games);
            let mut next = Vec::new();
            for left in &sides {
                for right in &sides {
                    next.push(
                        self.game(left, right)
                            .expect("games born by day 3 are small"),
                    );
                }
            }
            next.sort();
            next.dedup();
            games = next;
        }
        Some(games)
    }

    /// The last day [`GameStore::born_by`] lists.
    pub const MAX_CENSUS_DAY: u32 = 3;

    /// The antichains of `games` under `<=`.
    fn antichains(&mut self, games: &[GameId]) -> Vec<Vec<GameId>> {
        // apart[k][c]: games k and c are confused.
        let apart: Vec<Vec<bool>> = games
            .iter()
            .map(|&a| games.iter().map(|&b| self.confused(a, b)).collect())
            .collect();
        let mut out = Vec::new();
        // Depth-first over the index of the next candidate, on an explicit stack.
        let mut stack: Vec<(usize, Vec<usize>)> = vec![(0, Vec::new())];
        while let Some((next, chosen)) = stack.pop() {
            out.push(chosen.iter().map(|&i| games[i]).collect());
            for (k, row) in apart.iter().enumerate().skip(next) {
                if chosen.iter().all(|&c| row[c]) {
                    let mut more = chosen.clone();
                    more.push(k);
                    stack.push((k + 1, more));
                }
            }
        }
        out
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
