//! Temperature theory (Siegel, *Combinatorial Game Theory*, II.5): stops,
//! thermographs, mean and temperature, cooling and heating.

use super::{GameId, GameStore, Nus, Result, ValueError};
use crate::dyadic::Dyadic;
use crate::thermograph::Thermograph;

impl GameStore {
    /// Left's stop: where play ends, Left moving first, each player
    /// stopping as soon as a number is reached (Siegel II.5).
    pub fn left_stop(&mut self, g: GameId) -> Dyadic {
        self.stops(g).0
    }

    /// Right's stop.
    pub fn right_stop(&mut self, g: GameId) -> Dyadic {
        self.stops(g).1
    }

    /// The thermograph of `g` (Siegel II.5).
    ///
    /// # Example
    /// ```
    /// use cgt_core::canonical::GameStore;
    /// use cgt_core::dyadic::Dyadic;
    /// let mut store = GameStore::new();
    /// let g = store.parse("{3|-1}").expect("valid");
    /// let thermograph = store.thermograph(g).expect("fits");
    /// assert_eq!(thermograph.temperature(), Dyadic::integer(2));
    /// assert_eq!(thermograph.mast(), Dyadic::integer(1));
    /// ```
    ///
    /// # Errors
    /// [`ValueError::Overflow`] when a breakpoint needs a denominator beyond
    /// `2^62`: each level of hot options can halve the scale, so games nesting
    /// some sixty hot levels get there (`{0|{0|…{0|-1}…}}`).
    pub fn thermograph(&mut self, g: GameId) -> Result<Thermograph> {
        self.memoised(
            g,
            |m| &mut m.thermographs,
            |s, g| s.as_number(g).map(|x| Ok(Thermograph::of_number(x))),
            |s, g, out| match s.thermograph_representative(g) {
                Some(small) => out.push(small),
                None => s.push_options(g, out),
            },
            |s, g, thermographs| {
                s.tick()?;
                if s.thermograph_representative(g).is_some() {
                    return Ok(thermographs[0].clone());
                }
                let (left, right) = s.by_side(g, thermographs);
                Thermograph::from_options(left, right).ok_or(ValueError::Overflow)
            },
        )
    }

    /// The smaller game whose thermograph a non-number `x + n·↑ + *m` has:
    /// `x*`, `x + ↑`, `x + ↓`, `x + ↑*` or `x + ↓*` (their options' walls are
    /// the same); `None` for those five themselves and every other game.
    fn thermograph_representative(&mut self, g: GameId) -> Option<GameId> {
        let n = self.nus(g).filter(|n| !n.is_number())?;
        let shape = match (n.ups.signum(), n.nim) {
            (0, 1) | (1, 1) | (1, 0) | (-1, 1) | (-1, 0) if n.ups.abs() <= 1 => return None,
            (0, _) => (0, 1),
            (s, 1) if n.ups.abs() == 1 => (s, 1),
            (s, _) => (s, 0),
        };
        let small = Nus {
            number: n.number,
            ups: shape.0,
            nim: shape.1,
        };
        Some(self.keyed(small).expect("a smaller game fits"))
    }

    /// The mean value if it needs no search: `g` is `x + n·↑ + *m`, or its
    /// thermograph is known already. A caller that runs searches where they
    /// can be stopped (the Python module) answers these at once.
    pub fn known_mean(&self, g: GameId) -> Option<Dyadic> {
        match self.nus(g) {
            Some(n) => Some(n.number),
            None => self.memos.thermographs.get(&g).map(Thermograph::mast),
        }
    }

    /// The temperature if it needs no search, as [`GameStore::known_mean`].
    pub fn known_temperature(&self, g: GameId) -> Option<Dyadic> {
        match self.nus(g) {
            Some(n) if n.is_number() => Some(Thermograph::of_number(n.number).temperature()),
            Some(_) => Some(Dyadic::ZERO),
            None => self
                .memos
                .thermographs
                .get(&g)
                .map(Thermograph::temperature),
        }
    }

    /// The mean value (the mast of the thermograph).
    ///
    /// # Errors
    /// [`ValueError::Overflow`] as for [`GameStore::thermograph`].
    pub fn mean(&mut self, g: GameId) -> Result<Dyadic> {
        if let Some(mean) = self.known_mean(g) {
            return Ok(mean);
        }
        Ok(self.thermograph(g)?.mast())
    }

    /// The temperature, in CGSuite's convention: a number `m/2^k` in lowest
    /// terms has temperature `-1/2^k`, an integer `-1`; a number plus an
    /// infinitesimal 0.
    ///
    /// # Errors
    /// [`ValueError::Overflow`] as for [`GameStore::thermograph`].
    pub fn temperature(&mut self, g: GameId) -> Result<Dyadic> {
        if let Some(temperature) = self.known_temperature(g) {
            return Ok(temperature);
        }
        Ok(self.thermograph(g)?.temperature())
    }

    /// `g` cooled by `t >= 0` (Siegel II.5): `{G^L_t - t | G^R_t + t}` up to
    /// the temperature, the mean above it.
    ///
    /// # Example
    /// ```
    /// use cgt_core::canonical::GameStore;
    /// use cgt_core::dyadic::Dyadic;
    /// let mut store = GameStore::new();
    /// let g = store.parse("{3|-1}").expect("valid");
    /// let cooled = store.cool(g, Dyadic::integer(1)).expect("fits");
    /// assert_eq!(store.display(cooled).to_string(), "{2|0}");
    /// let frozen = store.cool(g, Dyadic::integer(3)).expect("fits");
    /// assert_eq!(store.display(frozen).to_string(), "1");
    /// ```
    ///
    /// # Errors
    /// [`ValueError::NegativeTemperature`] if `t < 0`.
    pub fn cool(&mut self, g: GameId, t: Dyadic) -> Result<GameId> {
        if t.is_negative() {
            return Err(ValueError::NegativeTemperature);
        }
        self.memoised(
            (g, t),
            |m| &mut m.cooled,
            |s, (g, t)| (s.as_number(g).is_some() || t == Dyadic::ZERO).then_some(Ok(g)),
            |s, (g, t), out| {
                if s.temperature(g).is_ok_and(|temperature| temperature >= t) {
                    let mut options = Vec::new();
                    s.push_options(g, &mut options);
                    out.extend(options.into_iter().map(|o| (o, t)));
                }
            },
            |s, (g, t), cooled| {
                if s.temperature(g)? < t {
                    let mean = s.thermograph(g)?.mast();
                    return s.keyed(Nus::number(mean));
                }
                let minus_t = s.keyed(Nus::number(t.checked_neg().ok_or(ValueError::Overflow)?))?;
                s.spread(g, cooled, minus_t)
            },
        )
    }

    /// `g` heated by `t` (Siegel II.5): a number stays, otherwise
    /// `{∫G^L + t | ∫G^R - t}`.
    ///
    /// # Example
    /// ```
    /// use cgt_core::canonical::GameStore;
    /// let mut store = GameStore::new();
    /// let (star, one) = (store.nimber(1), store.integer(1));
    /// let heated = store.heat(star, one).expect("fits");
    /// assert_eq!(store.display(heated).to_string(), "+-1");
    /// ```
    ///
    /// # Errors
    /// [`ValueError::TooCostlyHeat`] for `x + n·↑ + *m` (the game or a
    /// follower) past the measure of sums, before its work; [`ValueError::Interrupted`] when the check of
    /// [`GameStore::with_interrupt`] says to stop.
    pub fn heat(&mut self, g: GameId, t: GameId) -> Result<GameId> {
        self.check_heat_work(g)?;
        self.check_heat_work_beside(g, t)?;
        self.memoised(
            (g, t),
            |m| &mut m.heated,
            |s, (g, _)| match s.check_expandable(g) {
                Err(e) if s.as_number(g).is_none() => Some(Err(e)),
                _ if s.as_number(g).is_some() => Some(Ok(g)),
                // A follower `x + n·↑ + *m` costs as much as the game itself.
                _ => s.check_heat_work(g).err().map(Err),
            },
            |s, (g, t), out| {
                let mut options = Vec::new();
                s.push_options(g, &mut options);
                out.extend(options.into_iter().map(|o| (o, t)));
            },
            |s, (g, t), heated| s.spread(g, heated, t),
        )
    }

    /// [`ValueError::TooCostlyHeat`] if `g` is `x + n·↑ + *m` whose heating
    /// is past [`GameStore::MAX_HEAT_WORK`] by the measure of sums
    /// ([`GameStore::nim_sum_work`]: `birthday² × m³`), checked before the
    /// work: heating `*m` sums each of its `m` heated options with the
    /// temperature, and their canonical forms grow with `m` (`*64` heated
    /// by 1 took seconds, `*2048` did not end).
    fn check_heat_work(&mut self, g: GameId) -> Result<()> {
        let Some(n) = self.nus(g) else {
            return Ok(());
        };
        if n.nim < 2 {
            return Ok(());
        }
        let day = self.birthday(g);
        Self::heat_work_within(day, n.nim)
    }

    /// [`ValueError::TooCostlyHeat`] if `birthday² × nim³` is past
    /// [`GameStore::MAX_HEAT_WORK`]: the measure both heat checks use.
    fn heat_work_within(day: u128, nim: impl Into<u128> + Copy) -> Result<()> {
        let nim: u128 = nim.into();
        if day
            .saturating_mul(day)
            .saturating_mul(nim.saturating_pow(3))
            <= Self::MAX_HEAT_WORK
        {
            return Ok(());
        }
        Err(ValueError::TooCostlyHeat {
            nim: u32::try_from(nim).unwrap_or(u32::MAX),
            birthday: u32::try_from(day).unwrap_or(u32::MAX),
        })
    }

    /// [`ValueError::TooCostlyHeat`] if `by`, a temperature (or the `s` of
    /// overheating) that is `x + n·↑ + *m`, would be added to each of `g`'s
    /// heated followers past [`GameStore::MAX_HEAT_WORK`] by the same
    /// measure (`birthday(g)² × m³`), checked before the work: overheating a
    /// game born on day 4 with `s = -1*1024` ran for seconds, and a larger
    /// nimber for ever.
    fn check_heat_work_beside(&mut self, g: GameId, by: GameId) -> Result<()> {
        let Some(n) = self.nus(by) else {
            return Ok(());
        };
        // A nimber too large to expand is refused as such by the walk.
        if n.nim < 2 || self.as_number(g).is_some() || !self.is_expandable(by) {
            return Ok(());
        }
        let day = self.birthday(g);
        Self::heat_work_within(day, n.nim)
    }

    /// The most work [`check_heat_work`](Self::check_heat_work) lets a
    /// heating take: `*64` heated (2^30 by its measure) took about 2 s here
    /// and answers, as it did before there was a limit; `*128` (2^35) would
    /// take about a minute and is refused. Higher than
    /// [`GameStore::MAX_NIM_SUM_WORK`], whose one sum is cheaper per step.
    pub const MAX_HEAT_WORK: u128 = 1 << 31;

    /// `g` overheated from `s` to `t` (Berlekamp, Conway and Guy, *Winning
    /// Ways*, ch. 6; CGSuite's `Overheat`): an integer `n` becomes `n·s`
    /// (`n` copies of `s`), any other game `{∫G^L + t | ∫G^R - t}`, over the
    /// options of its canonical form.
    ///
    /// # Example
    /// ```
    /// use cgt_core::canonical::GameStore;
    /// let mut store = GameStore::new();
    /// let (half, one) = (store.parse("1/2").expect("valid"), store.integer(1));
    /// // 1/2 = {0|1}: {0 + 1 | 1 - 1}.
    /// let overheated = store.overheat(half, one, one).expect("fits");
    /// assert_eq!(store.display(overheated), "{1|0}");
    /// let two = store.integer(2);
    /// let star = store.nimber(1);
    /// assert_eq!(store.overheat(two, star, one), Ok(store.zero()));
    /// ```
    ///
    /// # Errors
    /// [`ValueError::Overflow`] if a number leaves the range of
    /// [`Dyadic`](crate::dyadic::Dyadic); [`ValueError::TooCostlyHeat`] as
    /// for [`GameStore::heat`].
    pub fn overheat(&mut self, g: GameId, s: GameId, t: GameId) -> Result<GameId> {
        self.check_heat_work(g)?;
        self.check_heat_work_beside(g, s)?;
        self.check_heat_work_beside(g, t)?;
        self.memoised(
            (g, s, t),
            |m| &mut m.overheated,
            |store, (g, s, _)| match store.as_number(g).filter(|x| x.is_integer()) {
                Some(n) => Some(store.multiple(s, n.numerator())),
                None => store.check_expandable(g).err().map(Err),
            },
            |store, (g, s, t), out| {
                let mut options = Vec::new();
                store.push_options(g, &mut options);
                out.extend(options.into_iter().map(|o| (o, s, t)));
            },
            |store, (g, _, t), overheated| store.spread(g, overheated, t),
        )
    }

    /// `{L + t | R - t}` for the values `L`, `R` of `g`'s options (in the
    /// order `push_options` lists them), in canonical form: heating and
    /// overheating move by `t`, cooling by `-t`.
    fn spread(&mut self, g: GameId, values: &[GameId], t: GameId) -> Result<GameId> {
        // A game made: a walk that may stop asks here (Ctrl-C in Python).
        self.tick()?;
        let (left, right) = self.by_side(g, values);
        let left = left
            .iter()
            .map(|&h| self.add(h, t))
            .collect::<Result<Vec<_>>>()?;
        let right = right
            .iter()
            .map(|&h| self.sub(h, t))
            .collect::<Result<Vec<_>>>()?;
        self.canonicalise(left, right)
    }
}
