//! `Game`: a short partizan game's value, named by its id in the one store.

use crate::convert::{
    dyadic, dyadic_argument, fraction, notation_error, notation_repr, outcome, py_bool,
    rebuilt_from, types,
};
use crate::latex;
use crate::state::{self, State, with_state};
use cgt_core::canonical::{GameId, GameStore, ValueError};
use cgt_core::dyadic::Dyadic;
use cgt_core::outcome::Side;
use pyo3::basic::CompareOp;
use pyo3::exceptions::PyTypeError;
use pyo3::prelude::*;
use pyo3::types::{PyList, PyString, PyTuple};
use std::cmp::Ordering;

/// A short partizan game's value in canonical form.
///
/// Made from CGSuite's notation, `Game("{2|1*}")`, which may name ruleset
/// positions (`Game("domineering(..|..) + 1/2")`), or from options,
/// `Game.from_options([left, ...], [right, ...])`. Every value lives once in
/// one store shared by the interpreter, so equal games are the same
/// object's equal, sums and comparisons done once are remembered, and
/// `str(g)` is CGSuite's form of the value.
///
/// Games add (`g + h`), negate (`-g`) and subtract; ints and Fractions with
/// a power-of-two denominator, and strings of notation, mix in (`g + 1`,
/// `g - "^"`). `<`, `<=`, `>`, `>=` follow the partial order of games:
/// two games may be *confused* (`g.compare(h) is Relation.CONFUSED`), when
/// none of `<`, `==`, `>` holds.
#[pyclass(frozen, module = "cgt", name = "Game")]
pub(crate) struct Game {
    pub(crate) id: GameId,
}

/// `OverflowError` unless `g` and `h` are both `x + n·↑ + *m` (compared by
/// formula) or both have options that can be walked.
fn comparable(py: Python<'_>, g: GameId, h: GameId) -> PyResult<()> {
    let fine = with_state(py, |s| {
        let both_formulas =
            s.store.as_number_up_star(g).is_some() && s.store.as_number_up_star(h).is_some();
        both_formulas || (s.store.is_expandable(g) && s.store.is_expandable(h))
    });
    if fine {
        Ok(())
    } else {
        Err(crate::convert::value_error(ValueError::TooLarge))
    }
}

/// The game of a Python value: a `Game`, an int, a dyadic `Fraction`, or
/// notation. `Ok(None)` for anything else (so that operators can return
/// `NotImplemented`).
pub(crate) fn game_of(py: Python<'_>, value: &Bound<'_, PyAny>) -> PyResult<Option<GameId>> {
    if let Ok(game) = value.cast::<Game>() {
        return Ok(Some(game.get().id));
    }
    if let Some(x) = dyadic(value)? {
        return Ok(Some(with_state(py, |s| s.store.number(x))));
    }
    if let Ok(position) = value.cast::<crate::rulesets::Position>() {
        return position.get().value_id(py).map(Some);
    }
    if let Ok(text) = value.cast::<PyString>() {
        return parse(py, text.to_str()?).map(Some);
    }
    Ok(None)
}

/// [`game_of`], with a `TypeError` for what is not a game (a ruleset
/// position stands for its value).
fn game_arg(py: Python<'_>, value: &Bound<'_, PyAny>, what: &str) -> PyResult<GameId> {
    game_of(py, value)?.ok_or_else(|| {
        let name = value
            .get_type()
            .name()
            .map_or_else(|_| "?".to_owned(), |n| n.to_string());
        PyTypeError::new_err(format!(
            "{what} must be a Game, a ruleset position, an int, a dyadic Fraction or notation \
             (a str), not {name}"
        ))
    })
}

/// Notation read into the store; ruleset positions in it are valued in
/// steps, listening for Ctrl-C.
pub(crate) fn parse(py: Python<'_>, text: &str) -> PyResult<GameId> {
    state::long(py, |state, interrupts| {
        let State {
            store, rulesets, ..
        } = state;
        let mut stopped = None;
        let parsed = store.with_interrupt(state::signal_check, |store| {
            store.parse_with(text, &mut |store, name, argument| {
                loop {
                    match rulesets.value_within(store, name, argument, crate::rulesets::STEP) {
                        Some(Ok(None)) => {}
                        Some(Ok(Some(value))) => return Some(Ok(value)),
                        Some(Err(e)) => return Some(Err(e)),
                        None => return None,
                    }
                    if let Err(e) = interrupts.check() {
                        stopped = Some(e);
                        return Some(Err("interrupted".to_owned()));
                    }
                }
            })
        });
        if let Some(interrupt) = stopped.or_else(state::take_caught) {
            return Err(interrupt);
        }
        parsed.map_err(|e| notation_error(&e))
    })
}

impl Game {
    /// The written form, however long (`str` refuses one past
    /// `GameStore::MAX_WRITTEN`): for pickles, LaTeX and messages.
    fn written(&self, py: Python<'_>) -> String {
        self.with(py, |s, g| s.display(g))
    }

    fn with<R: Send>(
        &self,
        py: Python<'_>,
        f: impl FnOnce(&mut GameStore, GameId) -> R + Send,
    ) -> R {
        let id = self.id;
        with_state(py, |s| f(&mut s.store, id))
    }

    /// A store operation that may be long: without the interpreter,
    /// stopped by Ctrl-C ([`state::interruptible`]).
    fn compute<R: Send>(
        &self,
        py: Python<'_>,
        f: impl FnOnce(&mut GameStore, GameId) -> Result<R, ValueError> + Send,
    ) -> PyResult<R> {
        let id = self.id;
        state::interruptible(py, |store| f(store, id))
    }

    /// `OverflowError` if the options of this game cannot be made (`*m` for
    /// a huge `m`: [`GameStore::is_expandable`]).
    fn expandable(&self, py: Python<'_>) -> PyResult<()> {
        let id = self.id;
        if with_state(py, |s| s.store.is_expandable(id)) {
            Ok(())
        } else {
            Err(crate::convert::value_error(ValueError::TooLarge))
        }
    }

    fn as_number(&self, py: Python<'_>) -> Option<Dyadic> {
        self.with(py, |store, g| store.as_number(g))
    }
}

/// The hash of the game `id`: equal to a number's hash when the game is
/// that number, so that `Game(1) == 1` and a dict or set agree (and a
/// `LoopyGame` that is this short game hashes alike).
pub(crate) fn game_hash(py: Python<'_>, id: GameId) -> PyResult<isize> {
    match with_state(py, |s| s.store.as_number(id)) {
        Some(x) => fraction(py, x)?.hash(),
        None => Ok(isize::try_from(id.index()).unwrap_or(isize::MAX) ^ 0x5bd1_e995),
    }
}

fn games(py: Python<'_>, ids: Vec<GameId>) -> PyResult<Bound<'_, PyList>> {
    PyList::new(py, ids.into_iter().map(|id| Game { id }))
}

fn fraction_or_none(py: Python<'_>, x: Option<Dyadic>) -> PyResult<Bound<'_, PyAny>> {
    match x {
        Some(x) => fraction(py, x),
        None => Ok(py.None().into_bound(py)),
    }
}

#[pymethods]
impl Game {
    /// A game from CGSuite's notation: `Game("{2|1*}")`, `Game("^*")`,
    /// `Game("+-1")`, `Game("domineering(..|..)")`; also from an int or a
    /// dyadic Fraction. Raises `ValueError` (with the character where
    /// reading failed) for notation that does not read, `OverflowError` for
    /// a number out of range.
    #[new]
    fn new(py: Python<'_>, value: &Bound<'_, PyAny>) -> PyResult<Game> {
        game_arg(py, value, "Game()").map(|id| Game { id })
    }

    /// The game `{left | right}` from its options (Games, ints, dyadic
    /// Fractions or notation), in canonical form.
    #[staticmethod]
    fn from_options(
        py: Python<'_>,
        left: &Bound<'_, PyAny>,
        right: &Bound<'_, PyAny>,
    ) -> PyResult<Game> {
        let mut sides = [Vec::new(), Vec::new()];
        for (side, options) in sides.iter_mut().zip([left, right]) {
            for option in options.try_iter()? {
                side.push(game_arg(py, &option?, "an option")?);
            }
        }
        let [left, right] = sides;
        let id = state::interruptible(py, |store| store.game(&left, &right))?;
        Ok(Game { id })
    }

    fn __add__(&self, py: Python<'_>, other: &Bound<'_, PyAny>) -> PyResult<Py<PyAny>> {
        let Some(h) = game_of(py, other)? else {
            return Ok(py.NotImplemented());
        };
        let id = self.compute(py, |s, g| s.add(g, h))?;
        Ok(Game { id }.into_pyobject(py)?.into_any().unbind())
    }

    fn __radd__(&self, py: Python<'_>, other: &Bound<'_, PyAny>) -> PyResult<Py<PyAny>> {
        self.__add__(py, other)
    }

    fn __sub__(&self, py: Python<'_>, other: &Bound<'_, PyAny>) -> PyResult<Py<PyAny>> {
        let Some(h) = game_of(py, other)? else {
            return Ok(py.NotImplemented());
        };
        let id = self.compute(py, |s, g| s.sub(g, h))?;
        Ok(Game { id }.into_pyobject(py)?.into_any().unbind())
    }

    fn __rsub__(&self, py: Python<'_>, other: &Bound<'_, PyAny>) -> PyResult<Py<PyAny>> {
        let Some(h) = game_of(py, other)? else {
            return Ok(py.NotImplemented());
        };
        let id = self.compute(py, |s, g| s.sub(h, g))?;
        Ok(Game { id }.into_pyobject(py)?.into_any().unbind())
    }

    /// `g * n`: the sum of `n` copies of `g` (of `-g` for negative `n`).
    fn __mul__(&self, py: Python<'_>, n: &Bound<'_, PyAny>) -> PyResult<Py<PyAny>> {
        if !n.is_instance_of::<pyo3::types::PyInt>() || n.is_instance_of::<pyo3::types::PyBool>() {
            return Ok(py.NotImplemented());
        }
        let n: i64 = n.extract().map_err(|_| {
            pyo3::exceptions::PyOverflowError::new_err("a multiple must fit in 64 bits")
        })?;
        let id = self
            .compute(py, |s, g| {
                s.with_work_limit(MAX_MULTIPLE_STEPS, |s| multiple_within(s, g, n))
            })?
            .map_err(pyo3::exceptions::PyOverflowError::new_err)?;
        Ok(Game { id }.into_pyobject(py)?.into_any().unbind())
    }

    fn __rmul__(&self, py: Python<'_>, n: &Bound<'_, PyAny>) -> PyResult<Py<PyAny>> {
        self.__mul__(py, n)
    }

    fn __neg__(&self, py: Python<'_>) -> Game {
        Game {
            id: self.with(py, GameStore::neg),
        }
    }

    fn __pos__(&self) -> Game {
        Game { id: self.id }
    }

    fn __richcmp__(
        &self,
        py: Python<'_>,
        other: &Bound<'_, PyAny>,
        op: CompareOp,
    ) -> PyResult<Py<PyAny>> {
        // Strings are notation for construction, not for comparison:
        // `g == "x"` is False rather than an error for text that is not a game.
        // Nor is a ruleset position (positions compare as positions; a game
        // equal to one's value is not that position).
        if other.is_instance_of::<PyString>() || other.is_instance_of::<crate::rulesets::Position>()
        {
            return Ok(py.NotImplemented());
        }
        // A number that is no game (1/3, 2^64) is unequal to every game, and
        // not ordered with one.
        let Ok(Some(h)) = game_of(py, other) else {
            return Ok(py.NotImplemented());
        };
        let g = self.id;
        if !matches!(op, CompareOp::Eq | CompareOp::Ne) {
            comparable(py, g, h)?;
        }
        let answer = match op {
            CompareOp::Eq => g == h,
            CompareOp::Ne => g != h,
            CompareOp::Le => self.with(py, |s, g| s.le(g, h)),
            CompareOp::Ge => self.with(py, |s, g| s.ge(g, h)),
            CompareOp::Lt => g != h && self.with(py, |s, g| s.le(g, h)),
            CompareOp::Gt => g != h && self.with(py, |s, g| s.ge(g, h)),
        };
        Ok(py_bool(py, answer))
    }

    fn __hash__(&self, py: Python<'_>) -> PyResult<isize> {
        game_hash(py, self.id)
    }

    /// CGSuite's notation of the value, as CGSuite prints it.
    fn __str__(&self, py: Python<'_>) -> PyResult<String> {
        self.with(py, |s, g| s.display_within(g))
            .map_err(crate::convert::value_error)
    }

    fn __repr__(&self, py: Python<'_>) -> PyResult<String> {
        notation_repr(py, "Game", &self.__str__(py)?)
    }

    /// This value in `cgt explore`'s notebook widget: `cgt.explore(self)`
    /// (needs anywidget: `pip install 'cgt[widget]'`).
    fn widget<'py>(slf: &Bound<'py, Self>) -> PyResult<Bound<'py, PyAny>> {
        crate::explore::widget(slf.as_any())
    }

    /// LaTeX for Jupyter: `\uparrow`, `\ast`, `\frac{1}{2}`, `\pm`.
    fn _repr_latex_(&self, py: Python<'_>) -> String {
        latex::math(&self.written(py))
    }

    fn __reduce__<'py>(slf: &Bound<'py, Self>) -> (Bound<'py, PyAny>, (String,)) {
        rebuilt_from(slf, slf.get().written(slf.py()))
    }

    /// The number this game is, as a Fraction; `None` if it is not a number.
    #[getter]
    fn number<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        fraction_or_none(py, self.as_number(py))
    }

    /// `n` if this game is the nimber `*n`, otherwise `None`.
    #[getter]
    fn nimber(&self, py: Python<'_>) -> Option<u64> {
        self.with(py, |s, g| match s.as_number_up_star(g) {
            Some((x, 0, n)) if x == Dyadic::ZERO => Some(n),
            _ => None,
        })
    }

    /// A game is true unless it is 0, as a number is.
    fn __bool__(&self, py: Python<'_>) -> bool {
        self.id != with_state(py, |s| s.store.zero())
    }

    fn __int__(&self, py: Python<'_>) -> PyResult<i64> {
        match self.as_number(py) {
            Some(x) if x.is_integer() => Ok(x.numerator()),
            _ => Err(PyTypeError::new_err(format!(
                "{} is not an integer",
                self.written(py)
            ))),
        }
    }

    fn __float__(&self, py: Python<'_>) -> PyResult<f64> {
        match self.as_number(py) {
            // Exact up to 2^53, as float(Fraction) is.
            #[allow(clippy::cast_precision_loss)]
            Some(x) => Ok(x.numerator() as f64 / (1_u64 << x.exponent()) as f64),
            None => Err(PyTypeError::new_err(format!(
                "{} is not a number",
                self.written(py)
            ))),
        }
    }

    /// Whether this game is a number (a dyadic rational).
    #[getter]
    fn is_number(&self, py: Python<'_>) -> bool {
        self.as_number(py).is_some()
    }

    /// Whether this game is an integer.
    #[getter]
    fn is_integer(&self, py: Python<'_>) -> bool {
        self.as_number(py).is_some_and(Dyadic::is_integer)
    }

    /// Whether this game is a nimber `*n` (0 included).
    #[getter]
    fn is_nimber(&self, py: Python<'_>) -> bool {
        self.nimber(py).is_some()
    }

    /// Whether this game is a number plus a nimber (`x*n`).
    #[getter]
    fn is_number_star(&self, py: Python<'_>) -> bool {
        self.with(py, |s, g| {
            s.as_number_up_star(g).is_some_and(|(_, ups, _)| ups == 0)
        })
    }

    /// Whether this game is infinitesimal: strictly between every negative
    /// and every positive number (0 included, as the definition has it).
    #[getter]
    fn is_infinitesimal(&self, py: Python<'_>) -> PyResult<bool> {
        self.expandable(py)?;
        Ok(self.with(py, GameStore::is_infinitesimal))
    }

    /// Whether this game is all-small (every subposition with a Left option
    /// has a Right one and the other way round; Siegel II.7).
    #[getter]
    fn is_all_small(&self, py: Python<'_>) -> PyResult<bool> {
        self.expandable(py)?;
        Ok(self.with(py, GameStore::is_all_small))
    }

    /// Who wins with each player moving first: `Outcome.L` (Left wins),
    /// `R`, `N` (the player to move wins) or `P` (the player to move loses).
    #[getter]
    fn outcome<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        let o = self.with(py, GameStore::outcome);
        outcome(py, o)
    }

    /// The misère outcome (the last player to move loses) of this game's
    /// canonical form, taken as written: `Outcome.L`, `R`, `N` or `P`. A
    /// game is its canonical value, which may differ in misère play from
    /// the form it was written in; `cgt.misere_outcome(text)` reads the
    /// form as written.
    #[getter]
    fn misere_outcome<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        let o = crate::partizan_misere::game_outcome(py, self.id)?;
        outcome(py, o)
    }

    /// Whether this game ≥ `other` modulo the dead-ending universe in misère
    /// play (Left does at least as well in g + X as in other + X for every
    /// dead-ending X), both as their canonical forms. `ValueError` when
    /// either is not dead-ending.
    fn misere_ge(&self, py: Python<'_>, other: &Bound<'_, PyAny>) -> PyResult<bool> {
        let h = game_arg(py, other, "other")?;
        crate::partizan_misere::game_ge(py, self.id, h)
    }

    /// Left's stop: the number play ends on when Left moves first and both
    /// players stop as soon as a number is reached (Siegel II.4).
    #[getter]
    fn left_stop<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        let x = self.with(py, GameStore::left_stop);
        fraction(py, x)
    }

    /// Right's stop (see `left_stop`).
    #[getter]
    fn right_stop<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        let x = self.with(py, GameStore::right_stop);
        fraction(py, x)
    }

    /// The mean value (mast value) of the game: the number its thermograph
    /// ends at above the temperature, a Fraction.
    #[getter]
    fn mean<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        let id = self.id;
        let x = match with_state(py, |s| s.store.known_mean(id)) {
            Some(x) => x,
            None => self.compute(py, GameStore::mean)?,
        };
        fraction(py, x)
    }

    /// The temperature, a Fraction, by CGSuite's convention: the height at
    /// which the thermograph's walls meet in the mast. A number's
    /// temperature is negative: `-1/2^k` for a number whose denominator is
    /// `2^k`, -1 for an integer; a game that is a number plus an
    /// infinitesimal has temperature 0.
    #[getter]
    fn temperature<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        let id = self.id;
        let x = match with_state(py, |s| s.store.known_temperature(id)) {
            Some(x) => x,
            None => self.compute(py, GameStore::temperature)?,
        };
        fraction(py, x)
    }

    /// The birthday: the day the game is born (0 for 0, 1 for 1, * and -1,
    /// …), the least height of a game tree with this value.
    #[getter]
    fn birthday(&self, py: Python<'_>) -> u128 {
        self.with(py, GameStore::birthday)
    }

    /// The reduced canonical form: the simplest game infinitesimally close
    /// to this one (Siegel II.6; CGSuite's `ReducedCanonicalForm`).
    #[getter]
    fn reduced(&self, py: Python<'_>) -> PyResult<Game> {
        self.expandable(py)?;
        let id = self.compute(py, GameStore::reduced)?;
        Ok(Game { id })
    }

    /// The atomic weight (Siegel II.7), a Game: for an all-small game the
    /// `G` with this game equal to `G.↑` up to a far star, and for other
    /// infinitesimals what the atomic-weight calculus gives (`Tiny(2)` has
    /// 0); `None` where it gives none (games that are not infinitesimal).
    #[getter]
    fn atomic_weight(&self, py: Python<'_>) -> PyResult<Option<Game>> {
        self.expandable(py)?;
        Ok(self
            .with(py, GameStore::atomic_weight)
            .map(|id| Game { id }))
    }

    /// Left's incentives (Siegel II.3): `G^L - G` for each Left option, what
    /// each of Left's moves gains.
    #[getter]
    fn left_incentives<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyList>> {
        self.expandable(py)?;
        let (left, _) = self.compute(py, GameStore::incentives)?;
        games(py, left)
    }

    /// Right's incentives (Siegel II.3): `G - G^R` for each Right option.
    #[getter]
    fn right_incentives<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyList>> {
        self.expandable(py)?;
        let (_, right) = self.compute(py, GameStore::incentives)?;
        games(py, right)
    }

    /// The confusion interval's ends `(right_stop, left_stop)`: the numbers
    /// the game is confused with lie between them.
    #[getter]
    fn confusion_interval<'py>(
        &self,
        py: Python<'py>,
    ) -> PyResult<(Bound<'py, PyAny>, Bound<'py, PyAny>)> {
        Ok((self.right_stop(py)?, self.left_stop(py)?))
    }

    /// Whether the game is hot: its temperature is positive.
    #[getter]
    fn is_hot(&self, py: Python<'_>) -> PyResult<bool> {
        let t = self.compute(py, GameStore::temperature)?;
        Ok(t > Dyadic::ZERO)
    }

    /// Left's options in canonical form, in CGSuite's order.
    #[getter]
    fn left_options<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyList>> {
        let ids = self
            .with(py, |s, g| s.options(g, Side::Left).map(<[GameId]>::to_vec))
            .map_err(crate::convert::value_error)?;
        games(py, ids)
    }

    /// Right's options in canonical form, in CGSuite's order.
    #[getter]
    fn right_options<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyList>> {
        let ids = self
            .with(py, |s, g| s.options(g, Side::Right).map(<[GameId]>::to_vec))
            .map_err(crate::convert::value_error)?;
        games(py, ids)
    }

    /// How this game compares with `other`: `Relation.LESS`, `EQUAL`,
    /// `GREATER`, or `CONFUSED` (incomparable; the fourth case of the
    /// partial order).
    fn compare<'py>(
        &self,
        py: Python<'py>,
        other: &Bound<'py, PyAny>,
    ) -> PyResult<Bound<'py, PyAny>> {
        let h = game_arg(py, other, "compare()'s argument")?;
        comparable(py, self.id, h)?;
        let name = match self.with(py, |s, g| s.compare(g, h)) {
            Some(Ordering::Less) => "LESS",
            Some(Ordering::Equal) => "EQUAL",
            Some(Ordering::Greater) => "GREATER",
            None => "CONFUSED",
        };
        types(py)?.getattr("Relation")?.getattr(name)
    }

    /// The game cooled by `t >= 0` (Siegel II.5): `{G^L_t - t | G^R_t + t}`
    /// up to the temperature, the mean above it. `t` is an int, a dyadic
    /// Fraction or a string such as `"1/2"`.
    fn cool(&self, py: Python<'_>, t: &Bound<'_, PyAny>) -> PyResult<Game> {
        let t = dyadic_argument(t, "the temperature")?;
        let id = self.compute(py, |s, g| s.cool(g, t))?;
        Ok(Game { id })
    }

    /// The game heated by `t` (a game, or anything `Game()` takes; Siegel
    /// II.5): a number stays, otherwise `{∫G^L + t | ∫G^R - t}`.
    fn heat(&self, py: Python<'_>, t: &Bound<'_, PyAny>) -> PyResult<Game> {
        let t = game_arg(py, t, "heat()'s argument")?;
        self.expandable(py)?;
        let id = self.compute(py, |s, g| s.heat(g, t))?;
        Ok(Game { id })
    }

    /// The game overheated from `s` to `t` (*Winning Ways*, ch. 6;
    /// CGSuite's `Overheat`): an integer `n` becomes `n·s`, any other game
    /// `{∫G^L + t | ∫G^R - t}`, over its canonical form's options.
    fn overheat(
        &self,
        py: Python<'_>,
        s: &Bound<'_, PyAny>,
        t: &Bound<'_, PyAny>,
    ) -> PyResult<Game> {
        let s = game_arg(py, s, "overheat()'s s")?;
        let t = game_arg(py, t, "overheat()'s t")?;
        self.expandable(py)?;
        let id = self.compute(py, |store, g| store.overheat(g, s, t))?;
        Ok(Game { id })
    }

    /// Norton's product `G.u` (Siegel II.7): `n·u` for an integer `n`,
    /// otherwise `{G^L.u + u + I | G^R.u - u - I}` over the incentives `I`
    /// of `u`, on this game's canonical form. For `u > 0` it depends only
    /// on the value, adds up and keeps the order (`G.↑` has atomic weight
    /// `G`); for other `u` it is that formula as it stands.
    fn norton(&self, py: Python<'_>, u: &Bound<'_, PyAny>) -> PyResult<Game> {
        let u = game_arg(py, u, "norton()'s argument")?;
        self.expandable(py)?;
        Game { id: u }.expandable(py)?;
        let id = self.compute(py, |s, g| s.norton_product(g, u))?;
        Ok(Game { id })
    }

    /// The thermograph: Left's and Right's walls as lists of points
    /// `(temperature, value)`, the mast, the temperature; Jupyter draws it.
    fn thermograph(&self, py: Python<'_>) -> PyResult<Thermograph> {
        let (text, thermograph, stops) = self.compute(py, |s, g| {
            let thermograph = s.thermograph(g)?;
            Ok((s.display(g), thermograph, (s.left_stop(g), s.right_stop(g))))
        })?;
        Ok(Thermograph {
            name: text,
            thermograph,
            stops,
        })
    }
}

/// A thermograph (Siegel II.5): Left's wall and Right's wall, each a list of
/// points `(temperature, value)` from temperature -1 (or the game's lowest)
/// up to where the wall joins the mast.
#[pyclass(frozen, module = "cgt", name = "Thermograph")]
pub(crate) struct Thermograph {
    name: String,
    thermograph: cgt_core::thermograph::Thermograph,
    stops: (Dyadic, Dyadic),
}

fn points<'py>(
    py: Python<'py>,
    trajectory: &cgt_core::thermograph::Trajectory,
) -> PyResult<Bound<'py, PyList>> {
    let points = trajectory
        .points()
        .iter()
        .map(|&(t, v)| PyTuple::new(py, [fraction(py, t)?, fraction(py, v)?]))
        .collect::<PyResult<Vec<_>>>()?;
    PyList::new(py, points)
}

#[pymethods]
impl Thermograph {
    /// Left's wall: points `(temperature, value)`, by increasing temperature.
    #[getter]
    fn left<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyList>> {
        points(py, &self.thermograph.left)
    }

    /// Right's wall: points `(temperature, value)`, by increasing
    /// temperature.
    #[getter]
    fn right<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyList>> {
        points(py, &self.thermograph.right)
    }

    /// The temperature at which the walls meet.
    #[getter]
    fn temperature<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        fraction(py, self.thermograph.temperature())
    }

    /// The mast's value (the mean).
    #[getter]
    fn mast<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        fraction(py, self.thermograph.mast())
    }

    /// Left's wall's value at temperature `t` (`None` below the wall).
    fn left_wall_at<'py>(
        &self,
        py: Python<'py>,
        t: &Bound<'py, PyAny>,
    ) -> PyResult<Bound<'py, PyAny>> {
        let t = dyadic_argument(t, "the temperature")?;
        fraction_or_none(py, self.thermograph.left.value_at(t))
    }

    /// Right's wall's value at temperature `t` (`None` below the wall).
    fn right_wall_at<'py>(
        &self,
        py: Python<'py>,
        t: &Bound<'py, PyAny>,
    ) -> PyResult<Bound<'py, PyAny>> {
        let t = dyadic_argument(t, "the temperature")?;
        fraction_or_none(py, self.thermograph.right.value_at(t))
    }

    /// The picture, as `cgt eval --thermograph` draws it.
    fn _repr_svg_(&self) -> String {
        cgt_lab::eval::thermograph_svg(&self.name, &self.thermograph, self.stops)
    }

    fn __repr__(&self) -> String {
        format!("<Thermograph of {}>", self.name)
    }
}

/// `cgt.game(notation)`: the same as `Game(notation)`.
#[pyfunction]
pub(crate) fn game(py: Python<'_>, value: &Bound<'_, PyAny>) -> PyResult<Game> {
    Game::new(py, value)
}

/// Whether `g` and `h` are confused (incomparable): neither `g <= h` nor
/// `g >= h`.
#[pyfunction]
pub(crate) fn confused(
    py: Python<'_>,
    g: &Bound<'_, PyAny>,
    h: &Bound<'_, PyAny>,
) -> PyResult<bool> {
    let g = game_arg(py, g, "confused()'s first argument")?;
    let h = game_arg(py, h, "confused()'s second argument")?;
    comparable(py, g, h)?;
    Ok(with_state(py, |s| s.store.confused(g, h)))
}

/// Every game born by day `day` (0 to 3: 1, 4, 22 and 1474 games), each
/// `{L | R}` for antichains `L`, `R` of the day before (Siegel II.1).
#[pyfunction]
pub(crate) fn born_by(py: Python<'_>, day: u32) -> PyResult<Vec<Game>> {
    let ids = with_state(py, |s| s.store.born_by(day)).ok_or_else(|| {
        pyo3::exceptions::PyValueError::new_err(format!(
            "born_by lists days 0 to {}, not {day} (day 4 has about 3*10^12 games)",
            GameStore::MAX_CENSUS_DAY
        ))
    })?;
    Ok(ids.into_iter().map(|id| Game { id }).collect())
}

/// How many games the shared store holds.
#[pyfunction]
pub(crate) fn store_size(py: Python<'_>) -> usize {
    with_state(py, |s| s.store.len())
}

/// The most work a doubling step of `g * n` may take, as the product of
/// the numbers of positions in the two canonical forms it adds, when
/// neither is `x + n·↑ + *m` (added by formula): a sum walks pairs of
/// followers, one from each form. Birthday was a poor measure (`^[33]` is
/// born early but its multiples grow wide: `^[33] * 52` ran for ever).
const MAX_MULTIPLE_WORK: usize = 1 << 20;

/// The steps of work (games made, comparisons searched:
/// `GameStore::with_work_limit`) all of `g * n` may take, about two
/// seconds: the positions a doubling adds do not tell how long their
/// comparisons take (`{*,{|4*}|Miny(^[32]),{*0|}} * 512` adds two games of
/// 514 positions and took 38 s; `Tiny(2) * 512` as many, at once).
const MAX_MULTIPLE_STEPS: u64 = 1 << 24;

/// The number of positions in `g`'s canonical form, counted up to `cap`
/// (`cap + 1` means more, or a follower too large to list).
fn positions_upto(store: &mut GameStore, g: GameId, cap: usize) -> usize {
    let mut seen = std::collections::HashSet::from([g]);
    let mut stack = vec![g];
    while let Some(h) = stack.pop() {
        for side in [Side::Left, Side::Right] {
            let Ok(options) = store.options(h, side) else {
                return cap + 1;
            };
            for &o in options {
                if seen.insert(o) {
                    if seen.len() > cap {
                        return cap + 1;
                    }
                    stack.push(o);
                }
            }
        }
    }
    seen.len()
}

/// `n·g` by doubling, as [`GameStore::multiple`] (the same sums in the
/// same order), each sum checked before it is made: `Err` with the line
/// to raise if two games past [`MAX_MULTIPLE_WORK`] would be added.
fn multiple_within(
    store: &mut GameStore,
    g: GameId,
    n: i64,
) -> Result<Result<GameId, String>, ValueError> {
    let (mut power, mut total) = (if n < 0 { store.neg(g) } else { g }, store.zero());
    let mut k = n.unsigned_abs();
    let add = |store: &mut GameStore, a: GameId, b: GameId| {
        let formula = |store: &GameStore, x| store.as_number_up_star(x).is_some();
        if !formula(store, a) && !formula(store, b) {
            let first = positions_upto(store, a, MAX_MULTIPLE_WORK);
            let second = positions_upto(store, b, MAX_MULTIPLE_WORK / first.max(1));
            let work = first.saturating_mul(second);
            if work > MAX_MULTIPLE_WORK {
                return Ok(Err(format!(
                    "g * {n}: too large: the doubling adds two games of {first} and \
                     {second} positions or more, past the limit of {MAX_MULTIPLE_WORK} \
                     pairs"
                )));
            }
        }
        store.add(a, b).map(Ok)
    };
    while k > 0 {
        if k & 1 == 1 {
            total = match add(store, total, power)? {
                Ok(t) => t,
                Err(e) => return Ok(Err(e)),
            };
        }
        k >>= 1;
        if k > 0 {
            power = match add(store, power, power)? {
                Ok(p) => p,
                Err(e) => return Ok(Err(e)),
            };
        }
    }
    Ok(Ok(total))
}
