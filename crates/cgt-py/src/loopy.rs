//! Loopy partizan games (`cgt-core`'s `loopy_partizan`): `LoopyGame`, a
//! value named by its stoppers in the one `StopperStore` beside the one
//! `GameStore`, and `LoopyPosition`, the base of the loopy ruleset classes
//! (`cgt.BackslidingToadsAndFrogs`, `cgt.FoxAndGeese`).
//!
//! Nothing here is theory of its own: notation is read by `cgt-lab`'s
//! `eval_any` (as `cgt eval` reads it), outcomes come from its
//! `loopy_outcome` or from `Graph::outcomes`, values from
//! `StopperStore::value` (sidling), sums from `Graph::sum`, order from
//! `StopperStore::le`. The one identity used, `-(A & B) = -B & -A`, is how
//! `cgt-core` defines the offside (the negative of the onside of `-G`).

use crate::convert::{
    eq_or_ne, message_error, notation_error, notation_repr, py_bool, rebuilt_from, types,
};
use crate::game::{Game, game_hash, game_of};
use crate::latex;
use crate::state::{self, State, with_state};
use cgt_core::canonical::{GameId, NotationError};
use cgt_core::loopy_partizan::{
    Graph, LoopyError, LoopyOutcomeClass, LoopyValue, MAX_READ_POSITIONS, StopperId, StopperStore,
};
use cgt_core::outcome::Side;
use cgt_lab::eval::{Evaluation, eval_any, loopy_outcome};
use cgt_rulesets::Ruleset;
use cgt_rulesets::registry::{self, GraphError, Kind, LoopyRules};
use pyo3::basic::CompareOp;
use pyo3::exceptions::{
    PyKeyboardInterrupt, PyNotImplementedError, PyOverflowError, PyRuntimeError, PyTypeError,
    PyValueError,
};
use pyo3::prelude::*;
use pyo3::types::{PyList, PyString, PyType};
use std::hash::{Hash, Hasher};

pyo3::create_exception!(
    cgt,
    SidesUnsettledError,
    PyRuntimeError,
    "A loopy game whose onside and offside cgt cannot find yet: sidling \
     (the search for the sides, from `on` downward) did not settle in the \
     rounds it is given. Not a bad input: the game has a value, which cgt \
     cannot compute yet (`cgt eval` exits with status 1 for it)."
);

/// A `LoopyError` as an exception: `SidesUnsettledError` for sides that
/// sidling cannot settle, `OverflowError` for a graph too large (as the
/// package treats values too large), `ValueError` otherwise.
pub(crate) fn loopy_error(e: &LoopyError) -> PyErr {
    match e {
        LoopyError::Unsettled { .. } => SidesUnsettledError::new_err(e.to_string()),
        LoopyError::TooLarge { .. } | LoopyError::TooCostly { .. } => {
            PyOverflowError::new_err(e.to_string())
        }
        LoopyError::NotStopper => PyValueError::new_err(e.to_string()),
        LoopyError::Interrupted => PyKeyboardInterrupt::new_err(()),
    }
}

/// Notation that does not read: as [`notation_error`], except that sides
/// sidling cannot settle raise `SidesUnsettledError` and a limit of the
/// work or of the graph's size `OverflowError` (the message and position
/// as `cgt eval` prints them, which exits with status 1 for these and 2
/// for the others), told apart by the error's kind.
fn loopy_notation_error(e: &NotationError) -> PyErr {
    match e.loopy_error() {
        Some(LoopyError::Unsettled { .. }) => SidesUnsettledError::new_err(e.to_string()),
        Some(LoopyError::TooCostly { .. } | LoopyError::TooLarge { .. }) => {
            PyOverflowError::new_err(e.to_string())
        }
        _ => notation_error(e),
    }
}

/// The graph of more than `MAX_READ_POSITIONS` positions, as an error.
fn too_large() -> LoopyError {
    LoopyError::TooLarge {
        positions: MAX_READ_POSITIONS + 1,
        limit: MAX_READ_POSITIONS,
    }
}

/// A loopy partizan game's value: a stopper in simplest form, or
/// `onside & offside`.
///
/// Made from CGSuite's notation for loopy games, which `cgt eval` reads
/// (`LoopyGame("a{0|a}")`, `"{pass|3/2}"`, `"on"`, `"upon"`, `"1 & 0"`,
/// sums with `+`, and short games and ruleset positions among them, the
/// loopy ones included: `"backsliding(t..f)"`); from a `Game`, an int, a
/// dyadic Fraction or a ruleset position (a short game is a stopper); from
/// a graph, `LoopyGame.from_graph(left, right)`. Every stopper lives once
/// in one store shared by the interpreter, beside the store of `Game`s, so
/// equal values are equal, and `str(g)` is CGSuite's form, which reads
/// back.
///
/// Stoppers add (`g + h`, whose value may be sided: `on + off` is `dud`),
/// negate and subtract; `<`, `<=`, `>`, `>=` and `compare` follow their
/// partial order. A sided value negates, but cgt cannot add it or order
/// it yet (`NotImplementedError`, `TypeError`); its notation can be added
/// to other notation instead (`LoopyGame("a{{|a}|} + 1")`).
///
/// Valuing a loopy game lets other Python threads run, and Ctrl-C stops it
/// (`KeyboardInterrupt`) between the steps of its search for sides.
#[pyclass(frozen, module = "cgt", name = "LoopyGame")]
pub(crate) struct LoopyGame {
    value: LoopyValue,
    /// The short game this is, if it is one (a stopper with no cycle).
    short: Option<GameId>,
}

impl LoopyGame {
    /// The value `value`, with the short game it is.
    fn in_state(state: &mut State, value: LoopyValue) -> LoopyGame {
        let short = match value {
            LoopyValue::Stopper(s) => state.stoppers.to_short(s, &mut state.store),
            LoopyValue::Sided { .. } => None,
        };
        LoopyGame { value, short }
    }

    fn make(py: Python<'_>, value: LoopyValue) -> LoopyGame {
        with_state(py, |s| Self::in_state(s, value))
    }

    fn stopper(&self) -> Option<StopperId> {
        match self.value {
            LoopyValue::Stopper(s) => Some(s),
            LoopyValue::Sided { .. } => None,
        }
    }

    /// This game's stopper, or a `TypeError` naming what needs one.
    fn stopper_for(&self, py: Python<'_>, what: &str) -> PyResult<StopperId> {
        self.stopper().ok_or_else(|| {
            PyTypeError::new_err(format!(
                "{what} is defined here for stoppers only, and {} is sided (onside & offside)",
                self.__str__(py)
            ))
        })
    }

    fn object(py: Python<'_>, value: LoopyValue) -> PyResult<Py<PyAny>> {
        Ok(Self::make(py, value).into_pyobject(py)?.into_any().unbind())
    }
}

/// The stopper of the short game `g`.
fn short_stopper(py: Python<'_>, g: GameId) -> PyResult<StopperId> {
    state::long(py, |state, _| {
        state
            .stoppers
            .short(&mut state.store, g)
            .map_err(|e| loopy_error(&e))
    })
}

/// Loopy notation read as `cgt eval` reads it (`eval_any`): as a short
/// game first (by the package's reader, which shares the rulesets' memos
/// and stops on Ctrl-C), then as a loopy game.
fn parse(py: Python<'_>, text: &str) -> PyResult<LoopyValue> {
    match crate::game::parse(py, text) {
        Ok(g) => return short_stopper(py, g).map(LoopyValue::Stopper),
        Err(e) if e.is_instance_of::<PyKeyboardInterrupt>(py) => return Err(e),
        Err(_) => {}
    }
    state::long(py, |state, _| {
        let State {
            store, stoppers, ..
        } = state;
        match eval_any(store, stoppers, text) {
            Ok(Evaluation::Short(g)) => stoppers
                .short(store, g)
                .map(LoopyValue::Stopper)
                .map_err(|e| loopy_error(&e)),
            Ok(Evaluation::Loopy(value)) => Ok(value),
            Err(e) => Err(loopy_notation_error(&e)),
        }
    })
}

/// The loopy value of a Python value: a `LoopyGame`, a loopy ruleset
/// position, notation, or anything `Game()` takes. `Ok(None)` for anything
/// else (so that operators can return `NotImplemented`).
fn loopy_of(py: Python<'_>, value: &Bound<'_, PyAny>) -> PyResult<Option<LoopyValue>> {
    if let Ok(game) = value.cast::<LoopyGame>() {
        return Ok(Some(game.get().value));
    }
    if let Ok(position) = value.cast::<LoopyPosition>() {
        return position.get().value(py).map(Some);
    }
    if let Ok(text) = value.cast::<PyString>() {
        return parse(py, text.to_str()?).map(Some);
    }
    match game_of(py, value)? {
        Some(g) => short_stopper(py, g).map(|s| Some(LoopyValue::Stopper(s))),
        None => Ok(None),
    }
}

/// [`loopy_of`], with a `TypeError` for what is not a game.
fn loopy_arg(py: Python<'_>, value: &Bound<'_, PyAny>, what: &str) -> PyResult<LoopyValue> {
    loopy_of(py, value)?.ok_or_else(|| {
        let name = value
            .get_type()
            .name()
            .map_or_else(|_| "?".to_owned(), |n| n.to_string());
        PyTypeError::new_err(format!(
            "{what} must be a LoopyGame, a Game, a ruleset position, an int, a dyadic Fraction \
             or notation (a str), not {name}"
        ))
    })
}

/// `a + b`: the value of the sum of the two simplest forms (a game graph),
/// as notation `A + B` is valued; for stoppers only.
fn add_values(state: &mut State, a: LoopyValue, b: LoopyValue) -> PyResult<LoopyValue> {
    let (LoopyValue::Stopper(x), LoopyValue::Stopper(y)) = (a, b) else {
        let sided = if matches!(a, LoopyValue::Sided { .. }) {
            a
        } else {
            b
        };
        let text = state.stoppers.display_value(sided, &mut state.store);
        return Err(PyNotImplementedError::new_err(format!(
            "cgt cannot add a sided value ({text}) yet: cgt-core adds stoppers only. Write \
             the sum in notation instead, which adds the games themselves \
             (LoopyGame(\"a{{{{|a}}|}} + 1\"))"
        )));
    };
    let stoppers = &mut state.stoppers;
    let sum = Graph::sum(stoppers.form(x), 0, stoppers.form(y), 0, MAX_READ_POSITIONS)
        .ok_or_else(|| loopy_error(&too_large()))?;
    stoppers.value(&sum, 0).map_err(|e| loopy_error(&e))
}

/// `-v`: the negative of a stopper, and `-(A & B) = -B & -A` (the offside
/// of `G` is the negative of the onside of `-G`).
fn neg_value(stoppers: &mut StopperStore, v: LoopyValue) -> LoopyValue {
    match v {
        LoopyValue::Stopper(s) => LoopyValue::Stopper(stoppers.neg(s)),
        LoopyValue::Sided { onside, offside } => LoopyValue::Sided {
            onside: stoppers.neg(offside),
            offside: stoppers.neg(onside),
        },
    }
}

/// The moves of one side of a graph from Python: one iterable of positions
/// per position.
fn read_moves(moves: &Bound<'_, PyAny>) -> PyResult<Vec<Vec<i64>>> {
    let mut out = Vec::new();
    for position in moves.try_iter()? {
        let mut targets = Vec::new();
        for target in position?.try_iter()? {
            targets.push(target?.extract::<i64>()?);
        }
        out.push(targets);
        if out.len() > MAX_READ_POSITIONS {
            return Err(loopy_error(&too_large()));
        }
    }
    Ok(out)
}

/// A relation of the partial order as `cgt.Relation`.
fn relation<'py>(py: Python<'py>, le: bool, ge: bool) -> PyResult<Bound<'py, PyAny>> {
    let name = match (le, ge) {
        (true, true) => "EQUAL",
        (true, false) => "LESS",
        (false, true) => "GREATER",
        (false, false) => "CONFUSED",
    };
    types(py)?.getattr("Relation")?.getattr(name)
}

/// A loopy outcome class as `cgt.LoopyOutcomeClass`.
fn outcome_class(py: Python<'_>, class: LoopyOutcomeClass) -> PyResult<Bound<'_, PyAny>> {
    types(py)?
        .getattr("LoopyOutcomeClass")?
        .getattr(class.name())
}

/// What a comparison compares with: a loopy value, or a short game.
enum Other {
    Loopy(LoopyValue),
    Short(GameId),
}

#[pymethods]
impl LoopyGame {
    /// A loopy game from CGSuite's notation (`LoopyGame("a{0|a}")`,
    /// `"{pass|3/2}"`, `"on"`, `"1 & 0"`, `"on + off"`,
    /// `"backsliding(tt.f)"`), or from a `Game`, an int, a dyadic Fraction, a
    /// ruleset position or another `LoopyGame`. Raises `ValueError` (with
    /// the character where reading failed, as `cgt eval` reports it)
    /// for notation that does not read, `SidesUnsettledError` for a game
    /// whose sides cgt cannot find yet, `OverflowError` for a number out of
    /// range or a graph too large.
    #[new]
    fn new(py: Python<'_>, value: &Bound<'_, PyAny>) -> PyResult<LoopyGame> {
        let value = loopy_arg(py, value, "LoopyGame()")?;
        Ok(Self::make(py, value))
    }

    /// The value of the game graph whose position `v` has Left moves to
    /// the positions `left[v]` and Right moves to `right[v]` (a move to `v`
    /// itself is a pass), played from `start`: a stopper, or its onside
    /// and offside. `LoopyGame.from_graph([[0]], [[]])` is `on`.
    #[staticmethod]
    #[pyo3(signature = (left, right, start = 0))]
    fn from_graph(
        py: Python<'_>,
        left: &Bound<'_, PyAny>,
        right: &Bound<'_, PyAny>,
        start: i64,
    ) -> PyResult<LoopyGame> {
        let (left, right) = (read_moves(left)?, read_moves(right)?);
        let n = left.len();
        if right.len() != n {
            return Err(PyValueError::new_err(format!(
                "left and right must list the moves of every position: {n} and {} lists",
                right.len()
            )));
        }
        if start < 0 || start >= n as i64 {
            return Err(PyValueError::new_err(format!(
                "no position {start} to start from: the graph has {n}"
            )));
        }
        let mut graph = Graph::new();
        for _ in 0..n {
            graph.add_position();
        }
        for (side, moves) in [(Side::Left, &left), (Side::Right, &right)] {
            for (v, targets) in moves.iter().enumerate() {
                for &w in targets {
                    if w < 0 || w >= n as i64 {
                        return Err(PyValueError::new_err(format!(
                            "the {side:?} move {v} -> {w} names a position not below {n}"
                        )));
                    }
                    graph.add_move(v as u32, side, w as u32);
                }
            }
        }
        state::long(py, |state, _| {
            let value = state
                .stoppers
                .value(&graph, start as u32)
                .map_err(|e| loopy_error(&e))?;
            Ok(Self::in_state(state, value))
        })
    }

    fn __add__(&self, py: Python<'_>, other: &Bound<'_, PyAny>) -> PyResult<Py<PyAny>> {
        let Some(h) = loopy_of(py, other)? else {
            return Ok(py.NotImplemented());
        };
        let g = self.value;
        let sum = state::long(py, |s, _| add_values(s, g, h))?;
        Self::object(py, sum)
    }

    fn __radd__(&self, py: Python<'_>, other: &Bound<'_, PyAny>) -> PyResult<Py<PyAny>> {
        self.__add__(py, other)
    }

    fn __sub__(&self, py: Python<'_>, other: &Bound<'_, PyAny>) -> PyResult<Py<PyAny>> {
        let Some(h) = loopy_of(py, other)? else {
            return Ok(py.NotImplemented());
        };
        let g = self.value;
        let difference = state::long(py, |s, _| {
            let minus = neg_value(&mut s.stoppers, h);
            add_values(s, g, minus)
        })?;
        Self::object(py, difference)
    }

    fn __rsub__(&self, py: Python<'_>, other: &Bound<'_, PyAny>) -> PyResult<Py<PyAny>> {
        let Some(h) = loopy_of(py, other)? else {
            return Ok(py.NotImplemented());
        };
        let g = self.value;
        let difference = state::long(py, |s, _| {
            let minus = neg_value(&mut s.stoppers, g);
            add_values(s, h, minus)
        })?;
        Self::object(py, difference)
    }

    fn __neg__(&self, py: Python<'_>) -> LoopyGame {
        let g = self.value;
        with_state(py, |s| {
            let minus = neg_value(&mut s.stoppers, g);
            Self::in_state(s, minus)
        })
    }

    fn __pos__(&self) -> LoopyGame {
        LoopyGame {
            value: self.value,
            short: self.short,
        }
    }

    fn __richcmp__(
        &self,
        py: Python<'_>,
        other: &Bound<'_, PyAny>,
        op: CompareOp,
    ) -> PyResult<Py<PyAny>> {
        // As `Game`: strings are notation for construction, not for
        // comparison, and a position is compared as a position.
        if other.is_instance_of::<PyString>()
            || other.is_instance_of::<crate::rulesets::Position>()
            || other.is_instance_of::<LoopyPosition>()
        {
            return Ok(py.NotImplemented());
        }
        let other = if let Ok(h) = other.cast::<LoopyGame>() {
            Other::Loopy(h.get().value)
        } else {
            // A number that is no game (1/3, 2^64) is unequal to every game.
            let Ok(Some(h)) = game_of(py, other) else {
                return Ok(py.NotImplemented());
            };
            Other::Short(h)
        };
        let answer = match op {
            CompareOp::Eq | CompareOp::Ne => {
                let equal = match other {
                    Other::Loopy(h) => self.value == h,
                    Other::Short(h) => self.short == Some(h),
                };
                equal == matches!(op, CompareOp::Eq)
            }
            _ => {
                let g = self.stopper_for(py, "the order")?;
                let h = match other {
                    Other::Loopy(LoopyValue::Stopper(h)) => h,
                    Other::Loopy(value) => {
                        LoopyGame::make(py, value).stopper_for(py, "the order")?
                    }
                    Other::Short(h) => short_stopper(py, h)?,
                };
                let (a, b) = match op {
                    CompareOp::Le | CompareOp::Lt => (g, h),
                    _ => (h, g),
                };
                let strict = matches!(op, CompareOp::Lt | CompareOp::Gt);
                let le = state::long(py, |s, _| s.stoppers.le(a, b).map_err(|e| loopy_error(&e)))?;
                le && !(strict && a == b)
            }
        };
        Ok(py_bool(py, answer))
    }

    fn __hash__(&self, py: Python<'_>) -> PyResult<isize> {
        // A short game hashes as its `Game` (and a number as its number),
        // since they are equal.
        if let Some(g) = self.short {
            return game_hash(py, g);
        }
        let mut hasher = std::collections::hash_map::DefaultHasher::new();
        self.value.hash(&mut hasher);
        Ok(hasher.finish() as isize)
    }

    /// CGSuite's notation of the value, as CGSuite prints it (`over`,
    /// `3/2under`, `1 & 0`, `dud`, `a{0|{a|-1}}`).
    fn __str__(&self, py: Python<'_>) -> String {
        let value = self.value;
        with_state(py, |s| s.stoppers.display_value(value, &mut s.store))
    }

    fn __repr__(&self, py: Python<'_>) -> PyResult<String> {
        notation_repr(py, "LoopyGame", &self.__str__(py))
    }

    /// This value in `cgt explore`'s notebook widget: `cgt.explore(self)`
    /// (needs anywidget: `pip install 'cgt[widget]'`).
    fn widget<'py>(slf: &Bound<'py, Self>) -> PyResult<Bound<'py, PyAny>> {
        crate::explore::widget(slf.as_any())
    }

    /// LaTeX for Jupyter: CGSuite's form with `\uparrow`, `\ast`,
    /// `\frac{1}{2}`, `\pm`, the words (`on`, `over`, `pass`, names) upright.
    fn _repr_latex_(&self, py: Python<'_>) -> String {
        latex::math(&self.__str__(py))
    }

    fn __reduce__<'py>(slf: &Bound<'py, Self>) -> (Bound<'py, PyAny>, (String,)) {
        rebuilt_from(slf, slf.get().__str__(slf.py()))
    }

    /// Whether the value is a stopper (no play from it alternates forever);
    /// otherwise it is `onside & offside`.
    #[getter]
    fn is_stopper(&self) -> bool {
        self.stopper().is_some()
    }

    /// The onside, a stopper: the value when endless play counts for Left
    /// (a stopper is its own onside).
    #[getter]
    fn onside(&self, py: Python<'_>) -> LoopyGame {
        match self.value {
            LoopyValue::Stopper(s) | LoopyValue::Sided { onside: s, .. } => {
                Self::make(py, LoopyValue::Stopper(s))
            }
        }
    }

    /// The offside, a stopper: the value when endless play counts for
    /// Right (a stopper is its own offside).
    #[getter]
    fn offside(&self, py: Python<'_>) -> LoopyGame {
        match self.value {
            LoopyValue::Stopper(s) | LoopyValue::Sided { offside: s, .. } => {
                Self::make(py, LoopyValue::Stopper(s))
            }
        }
    }

    /// Who wins with each player moving first, draws included, as
    /// `cgt eval --json` says: a `LoopyOutcomeClass` (CGSuite's `L`,
    /// `R`, `N`, `P`, `D`, `PHat`, `PCheck`, `NHat`, `NCheck`).
    #[getter]
    fn outcome<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        let value = self.value;
        let class = state::long(py, |s, _| Ok(loopy_outcome(&s.stoppers, value)))?;
        outcome_class(py, class)
    }

    /// The short game this is, as a `Game`; `None` for a stopper with a
    /// cycle or a sided value.
    fn to_game(&self) -> Option<Game> {
        self.short.map(|id| Game { id })
    }

    /// How this stopper compares with `other` (anything `LoopyGame()`
    /// takes): `Relation.LESS`, `EQUAL`, `GREATER` or `CONFUSED`. A
    /// `TypeError` if either is sided.
    fn compare<'py>(
        &self,
        py: Python<'py>,
        other: &Bound<'py, PyAny>,
    ) -> PyResult<Bound<'py, PyAny>> {
        let g = self.stopper_for(py, "compare()")?;
        let other = loopy_arg(py, other, "compare()'s argument")?;
        let h = LoopyGame::make(py, other).stopper_for(py, "compare()")?;
        let (le, ge) = state::long(py, |s, _| {
            let le = s.stoppers.le(g, h).map_err(|e| loopy_error(&e))?;
            let ge = s.stoppers.le(h, g).map_err(|e| loopy_error(&e))?;
            Ok((le, ge))
        })?;
        relation(py, le, ge)
    }
}

/// The rules of a loopy ruleset of the registry.
fn rules_of(ruleset: &'static Ruleset) -> &'static LoopyRules {
    ruleset
        .loopy()
        .expect("LoopyPosition holds loopy rulesets only")
}

/// The game graph of every position reachable from `text` (position 0),
/// or the error `cgt eval` gives for it (`backsliding position: …`).
fn graph_of(ruleset: &'static Ruleset, text: &str) -> PyResult<Result<Graph, LoopyError>> {
    match rules_of(ruleset).graph(text) {
        Ok(graph) => Ok(Ok(graph)),
        Err(GraphError::Loopy(e)) => Ok(Err(e)),
        Err(GraphError::Position(e)) => {
            Err(message_error(format!("{} position: {e}", ruleset.name)))
        }
    }
}

/// A position of a loopy ruleset, read from the string `cgt eval`
/// reads between the ruleset's parentheses
/// (`BackslidingToadsAndFrogs("tt.f")`). Its value is a `LoopyGame`; its
/// outcome, draws included, is found on its game graph, so it is known
/// even where the value is not.
///
/// Positions are kept as the ruleset writes them, so two ways of writing
/// one position are equal; `str(p)` reads back.
#[pyclass(subclass, frozen, module = "cgt", name = "LoopyPosition")]
pub(crate) struct LoopyPosition {
    /// A loopy ruleset of the registry.
    ruleset: &'static Ruleset,
    text: String,
}

fn loopy_ruleset_of(cls: &Bound<'_, PyType>) -> PyResult<&'static Ruleset> {
    let name: String = cls
        .getattr("ruleset")
        .and_then(|n| n.extract())
        .map_err(|_| {
            PyTypeError::new_err(
                "LoopyPosition is the base of the loopy ruleset classes (those of \
                 cgt.RULESETS whose kind is \"loopy\"): make one of those",
            )
        })?;
    registry::find(&name)
        .filter(|r| r.kind == Kind::Loopy)
        .ok_or_else(|| PyValueError::new_err(format!("no loopy ruleset named {name:?}")))
}

impl LoopyPosition {
    /// The value, found once (sidling on the game graph) and remembered.
    fn value(&self, py: Python<'_>) -> PyResult<LoopyValue> {
        let (ruleset, text) = (self.ruleset, self.text.as_str());
        state::long(py, |state, _| {
            let key = (ruleset.name, text.to_owned());
            let result = match state.loopy_values.get(&key) {
                Some(known) => known.clone(),
                None => {
                    let found = match graph_of(ruleset, text)? {
                        Ok(graph) => state.stoppers.value(&graph, 0),
                        Err(e) => Err(e),
                    };
                    // A search stopped by Ctrl-C is not the game's answer.
                    if found != Err(LoopyError::Interrupted) {
                        state.loopy_values.insert(key, found.clone());
                    }
                    found
                }
            };
            result.map_err(|e| loopy_error(&e))
        })
    }

    fn game(&self, py: Python<'_>) -> PyResult<LoopyGame> {
        self.value(py).map(|v| LoopyGame::make(py, v))
    }

    fn moves<'py>(slf: &Bound<'py, Self>, side: Side) -> PyResult<Bound<'py, PyList>> {
        let this = slf.get();
        let moves = rules_of(this.ruleset)
            .moves(&this.text, side)
            .map_err(|e| message_error(format!("{} position: {e}", this.ruleset.name)))?;
        let cls = slf.get_type();
        let positions = moves
            .into_iter()
            .map(|m| cls.call1((m,)))
            .collect::<PyResult<Vec<_>>>()?;
        PyList::new(slf.py(), positions)
    }
}

#[pymethods]
impl LoopyPosition {
    /// The position `position` of the class's ruleset, in the syntax
    /// `cgt eval` reads (see the class's docstring). Raises `ValueError`
    /// with the character where reading failed.
    #[new]
    #[classmethod]
    fn new(cls: &Bound<'_, PyType>, position: &str) -> PyResult<LoopyPosition> {
        let ruleset = loopy_ruleset_of(cls)?;
        let text = rules_of(ruleset)
            .written(position)
            .map_err(|e| message_error(format!("{} position: {e}", ruleset.name)))?;
        Ok(LoopyPosition { ruleset, text })
    }

    /// The ruleset's name in `cgt eval`'s expressions.
    #[getter]
    fn ruleset_name(&self) -> &'static str {
        self.ruleset.name
    }

    /// The term `cgt eval` reads: `backsliding(tt.f)`.
    #[getter]
    fn term(&self) -> String {
        format!("{}({})", self.ruleset.name, self.text)
    }

    /// The position's value, a `LoopyGame`: a stopper, or its onside and
    /// offside (`BackslidingToadsAndFrogs("ttt..fff")` takes about half a
    /// second, `"tttt..ffff"` several). Raises `SidesUnsettledError` where
    /// cgt cannot find the sides yet, `OverflowError` for a game graph of
    /// more than 2^20 positions. Found once and remembered; the search lets
    /// other threads run, and Ctrl-C stops it.
    #[getter(value)]
    fn value_py(&self, py: Python<'_>) -> PyResult<LoopyGame> {
        self.game(py)
    }

    /// Who wins with each player moving first, draws included (a
    /// `LoopyOutcomeClass`), found on the game graph by retrograde analysis:
    /// known even where the value is not.
    fn outcome<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        let (ruleset, text) = (self.ruleset, self.text.as_str());
        let class = state::long_free(py, |_| match graph_of(ruleset, text)? {
            Ok(graph) => Ok(graph.outcomes()[0]),
            Err(e) => Err(loopy_error(&e)),
        })?;
        outcome_class(py, class)
    }

    /// The positions `side` (`"left"` or `"right"`) can move to (the
    /// package's `Position` adds `left_moves` and `right_moves`).
    #[pyo3(name = "moves")]
    fn moves_for<'py>(slf: &Bound<'py, Self>, side: &str) -> PyResult<Bound<'py, PyList>> {
        Self::moves(slf, crate::rulesets::side_of(side)?)
    }

    fn __str__(&self) -> String {
        self.text.clone()
    }

    fn __richcmp__(&self, py: Python<'_>, other: &Bound<'_, PyAny>, op: CompareOp) -> Py<PyAny> {
        let Ok(other) = other.cast::<LoopyPosition>() else {
            return py.NotImplemented();
        };
        let other = other.get();
        let same = self.ruleset.name == other.ruleset.name && self.text == other.text;
        eq_or_ne(py, op, same)
    }

    fn __hash__(&self) -> u64 {
        let mut hasher = std::collections::hash_map::DefaultHasher::new();
        (self.ruleset.name, &self.text).hash(&mut hasher);
        hasher.finish()
    }

    /// The value of this position plus `other` (anything `LoopyGame()`
    /// takes), a `LoopyGame`.
    fn __add__(&self, py: Python<'_>, other: &Bound<'_, PyAny>) -> PyResult<Py<PyAny>> {
        self.game(py)?.__add__(py, other)
    }

    fn __radd__(&self, py: Python<'_>, other: &Bound<'_, PyAny>) -> PyResult<Py<PyAny>> {
        self.game(py)?.__radd__(py, other)
    }

    /// The value of this position minus `other`.
    fn __sub__(&self, py: Python<'_>, other: &Bound<'_, PyAny>) -> PyResult<Py<PyAny>> {
        self.game(py)?.__sub__(py, other)
    }

    /// `other` minus the value of this position.
    fn __rsub__(&self, py: Python<'_>, other: &Bound<'_, PyAny>) -> PyResult<Py<PyAny>> {
        self.game(py)?.__rsub__(py, other)
    }

    fn __neg__(&self, py: Python<'_>) -> PyResult<LoopyGame> {
        Ok(self.game(py)?.__neg__(py))
    }

    fn __reduce__<'py>(slf: &Bound<'py, Self>) -> PyResult<(Bound<'py, PyAny>, (String,))> {
        Ok((slf.get_type().into_any(), (slf.get().text.clone(),)))
    }
}
