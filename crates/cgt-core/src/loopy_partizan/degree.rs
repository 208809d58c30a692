//! Upsums, downsums, the degree of loopiness and the variety of stoppers
//! (Conway, "Loopy games"; *Winning Ways* ch. 11; Siegel, *Combinatorial
//! Game Theory*, VI.4; CGSuite's `Upsum`, `Downsum`, `Degree`, `Variety`).
//!
//! The sum of two stoppers need not be a stopper, but it is stopper-sided:
//! `G + H = S & T`, where `S` is the *upsum* `G ↑ H` and `T` the *downsum*
//! `G ↓ H`. The *degree* of `G` is `G ↑ -G`, an idempotent at least `0`
//! (`0` for every short game, `on` for `on`). Relative to an idempotent
//! `D`, the *upsum variety* of `G` is `G ↑ (-G ↓ -D)` and the *downsum
//! variety* `G ↓ (-G ↑ D)`; when they are equal for the degree of `G`, `G`
//! is *stable* and that game is its *variety*.

use super::{LoopyError, LoopyValue, StopperId, StopperStore};

impl StopperStore {
    /// The onside and offside of `a + b`.
    fn sides_of_sum(
        &mut self,
        a: StopperId,
        b: StopperId,
    ) -> Result<(StopperId, StopperId), LoopyError> {
        let sum = self.sum_graph(a, b)?;
        Ok(match self.value(&sum, 0)? {
            LoopyValue::Stopper(s) => (s, s),
            LoopyValue::Sided { onside, offside } => (onside, offside),
        })
    }

    /// The upsum `a ↑ b`: the onside of `a + b`.
    ///
    /// # Errors
    /// [`LoopyError::TooLarge`] or [`LoopyError::Unsettled`], as
    /// [`StopperStore::value`].
    pub fn upsum(&mut self, a: StopperId, b: StopperId) -> Result<StopperId, LoopyError> {
        self.sides_of_sum(a, b).map(|sides| sides.0)
    }

    /// The downsum `a ↓ b`: the offside of `a + b`.
    ///
    /// # Errors
    /// As [`StopperStore::upsum`].
    pub fn downsum(&mut self, a: StopperId, b: StopperId) -> Result<StopperId, LoopyError> {
        self.sides_of_sum(a, b).map(|sides| sides.1)
    }

    /// The degree of loopiness of `g`: `g ↑ -g`.
    ///
    /// # Example
    /// `on` has degree `on`; a short game has degree `0`.
    /// ```
    /// use cgt_core::canonical::GameStore;
    /// use cgt_core::loopy_partizan::StopperStore;
    /// let mut stoppers = StopperStore::new();
    /// let mut store = GameStore::new();
    /// let on = stoppers.on();
    /// let degree = stoppers.degree(on)?;
    /// assert_eq!(stoppers.display(degree, &mut store), "on");
    /// let half = store.parse("{1|0}").expect("a game");
    /// let half = stoppers.short(&mut store, half)?;
    /// let degree = stoppers.degree(half)?;
    /// assert_eq!(stoppers.display(degree, &mut store), "0");
    /// # Ok::<(), cgt_core::loopy_partizan::LoopyError>(())
    /// ```
    ///
    /// # Errors
    /// As [`StopperStore::upsum`].
    pub fn degree(&mut self, g: StopperId) -> Result<StopperId, LoopyError> {
        let minus = self.neg(g);
        self.upsum(g, minus)
    }

    /// The upsum variety of `g` relative to `d`: `g ↑ (-g ↓ -d)`.
    ///
    /// # Errors
    /// As [`StopperStore::upsum`].
    pub fn upsum_variety(&mut self, g: StopperId, d: StopperId) -> Result<StopperId, LoopyError> {
        let (minus_g, minus_d) = (self.neg(g), self.neg(d));
        let inner = self.downsum(minus_g, minus_d)?;
        self.upsum(g, inner)
    }

    /// The downsum variety of `g` relative to `d`: `g ↓ (-g ↑ d)`.
    ///
    /// # Errors
    /// As [`StopperStore::upsum`].
    pub fn downsum_variety(&mut self, g: StopperId, d: StopperId) -> Result<StopperId, LoopyError> {
        let minus_g = self.neg(g);
        let inner = self.upsum(minus_g, d)?;
        self.downsum(g, inner)
    }

    /// The variety of `g`: its upsum variety relative to its degree, when
    /// that equals its downsum variety (`g` is *stable*); `None` when they
    /// differ (Grenville's `a{0|{0||||0,*2|||a|0||0}||0}` is such a game).
    ///
    /// # Errors
    /// As [`StopperStore::upsum`].
    pub fn variety(&mut self, g: StopperId) -> Result<Option<StopperId>, LoopyError> {
        let d = self.degree(g)?;
        let up = self.upsum_variety(g, d)?;
        let down = self.downsum_variety(g, d)?;
        Ok((up == down).then_some(up))
    }
}
