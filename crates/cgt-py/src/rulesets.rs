//! `Position`: a position of one of `cgt-rulesets`' rulesets. The Python
//! package makes a subclass per ruleset (`cgt.Domineering`, …) from
//! [`ruleset_table`], each naming its ruleset in the class attribute
//! `ruleset`.

use crate::convert::{eq_or_ne, message_error, outcome};
use crate::game::{Game, game_of};
use crate::state::{self, with_state};
use cgt_core::canonical::GameStore;
use cgt_core::outcome::Side;
use cgt_rulesets::RULESETS;
use cgt_rulesets::registry::Kind;
use pyo3::basic::CompareOp;
use pyo3::exceptions::{PyTypeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::{PyList, PyType};

/// How many new positions a ruleset's search values between two looks for
/// Ctrl-C (tens of milliseconds of work).
pub(crate) const STEP: usize = 20_000;

/// A position of a ruleset, read from the string `cgt eval` reads
/// between the ruleset's parentheses (`Domineering("..#|...")`).
///
/// Positions are kept as the ruleset writes them, so two ways of writing
/// one position are equal; `str(p)` reads back.
#[pyclass(subclass, frozen, module = "cgt", name = "Position")]
pub(crate) struct Position {
    ruleset: &'static str,
    text: String,
}

fn ruleset_of(cls: &Bound<'_, PyType>) -> PyResult<&'static str> {
    let name: String = cls
        .getattr("ruleset")
        .and_then(|n| n.extract())
        .map_err(|_| {
            PyTypeError::new_err(
                "Position is the base of the ruleset classes (cgt.Domineering, ...): \
                 make one of those",
            )
        })?;
    RULESETS
        .iter()
        .find(|r| r.name == name && r.kind != Kind::Loopy)
        .map(|r| r.name)
        .ok_or_else(|| PyValueError::new_err(format!("no ruleset named {name:?}")))
}

pub(crate) fn side_of(side: &str) -> PyResult<Side> {
    match side {
        "left" | "Left" | "L" => Ok(Side::Left),
        "right" | "Right" | "R" => Ok(Side::Right),
        _ => Err(PyValueError::new_err(format!(
            "side must be \"left\" or \"right\", not {side:?}"
        ))),
    }
}

impl Position {
    fn moves<'py>(slf: &Bound<'py, Self>, side: Side) -> PyResult<Bound<'py, PyList>> {
        let py = slf.py();
        let this = slf.get();
        let (ruleset, text) = (this.ruleset, this.text.as_str());
        let moves = with_state(py, |s| s.rulesets.moves(ruleset, text, side))
            .expect("a registered ruleset")
            .map_err(message_error)?
            .1;
        let cls = slf.get_type();
        let positions = moves
            .into_iter()
            .map(|m| cls.call1((m,)))
            .collect::<PyResult<Vec<_>>>()?;
        PyList::new(py, positions)
    }

    /// The value, valued in steps without the interpreter, listening for
    /// Ctrl-C between steps.
    pub(crate) fn value_id(&self, py: Python<'_>) -> PyResult<cgt_core::canonical::GameId> {
        let (ruleset, text) = (self.ruleset, self.text.as_str());
        state::long(py, |state, interrupts| {
            loop {
                // The store's check too: an impartial ruleset's Grundy
                // search is one step, however long, and asks it within.
                let state::State {
                    rulesets, store, ..
                } = &mut *state;
                let found = store
                    .with_interrupt(state::signal_check, |store| {
                        rulesets.value_within(store, ruleset, text, STEP)
                    })
                    .expect("a registered ruleset")
                    .map_err(message_error)?;
                if let Some(value) = found {
                    return Ok(value);
                }
                interrupts.check()?;
            }
        })
    }
}

#[pymethods]
impl Position {
    /// The position `position` of the class's ruleset, in the syntax
    /// `cgt eval` reads (see the class's docstring). Raises `ValueError`
    /// with the character where reading failed.
    #[new]
    #[classmethod]
    fn new(cls: &Bound<'_, PyType>, position: &str) -> PyResult<Position> {
        let ruleset = ruleset_of(cls)?;
        let write = |text: &str| {
            with_state(cls.py(), |s| s.rulesets.written(ruleset, text))
                .expect("a registered ruleset")
                .map_err(message_error)
        };
        // Writing names some positions afresh (a graph's vertices renumbered
        // as the writer walks them); once more gives the form that stays.
        let mut text = write(position)?;
        for _ in 0..3 {
            let again = write(&text)?;
            if again == text {
                break;
            }
            text = again;
        }
        Ok(Position { ruleset, text })
    }

    /// The ruleset's name in `cgt eval`'s expressions.
    #[getter]
    fn ruleset_name(&self) -> &'static str {
        self.ruleset
    }

    /// The position's value, a `Game` (canonical form; a nimber for an
    /// impartial ruleset). Long searches let other threads run and stop on
    /// Ctrl-C (`KeyboardInterrupt`), keeping what they found for the next
    /// call.
    #[getter]
    fn value(&self, py: Python<'_>) -> PyResult<Game> {
        self.value_id(py).map(|id| Game { id })
    }

    /// Who wins with each player moving first (`Outcome.L`, `R`, `N`, `P`).
    fn outcome<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        let id = self.value_id(py)?;
        let o = with_state(py, |s| s.store.outcome(id));
        outcome(py, o)
    }

    /// The misère outcome (the last player to move loses) of the position,
    /// from its own game tree (not its canonical value), a method as
    /// `outcome` is.
    fn misere_outcome<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        let text = format!("{}({})", self.ruleset, self.text);
        let o = crate::partizan_misere::text_outcome(py, &text)?;
        outcome(py, o)
    }

    /// The positions `side` (`"left"` or `"right"`) can move to (the
    /// package's `Position` adds `left_moves` and `right_moves`).
    #[pyo3(name = "moves")]
    fn moves_for<'py>(slf: &Bound<'py, Self>, side: &str) -> PyResult<Bound<'py, PyList>> {
        Self::moves(slf, side_of(side)?)
    }

    /// The term `cgt eval` reads: `domineering(..|..)`.
    #[getter]
    fn term(&self) -> String {
        format!("{}({})", self.ruleset, self.text)
    }

    fn __str__(&self) -> String {
        self.text.clone()
    }

    fn __richcmp__(&self, py: Python<'_>, other: &Bound<'_, PyAny>, op: CompareOp) -> Py<PyAny> {
        let Ok(other) = other.cast::<Position>() else {
            return py.NotImplemented();
        };
        let other = other.get();
        let same = self.ruleset == other.ruleset && self.text == other.text;
        eq_or_ne(py, op, same)
    }

    fn __hash__(&self) -> u64 {
        use std::hash::{Hash, Hasher};
        let mut hasher = std::collections::hash_map::DefaultHasher::new();
        (self.ruleset, &self.text).hash(&mut hasher);
        hasher.finish()
    }

    /// The value of this position plus `other` (a position, a `Game`, or
    /// anything `Game()` takes).
    fn __add__(&self, py: Python<'_>, other: &Bound<'_, PyAny>) -> PyResult<Py<PyAny>> {
        let Some(h) = game_of(py, other)? else {
            return Ok(py.NotImplemented());
        };
        let g = self.value_id(py)?;
        let sum = crate::state::interruptible(py, |store| store.add(g, h))?;
        Ok(Game { id: sum }.into_pyobject(py)?.into_any().unbind())
    }

    fn __radd__(&self, py: Python<'_>, other: &Bound<'_, PyAny>) -> PyResult<Py<PyAny>> {
        self.__add__(py, other)
    }

    /// The value of this position minus `other`.
    fn __sub__(&self, py: Python<'_>, other: &Bound<'_, PyAny>) -> PyResult<Py<PyAny>> {
        let Some(h) = game_of(py, other)? else {
            return Ok(py.NotImplemented());
        };
        let g = self.value_id(py)?;
        let difference = crate::state::interruptible(py, |store| store.sub(g, h))?;
        Ok(Game { id: difference }
            .into_pyobject(py)?
            .into_any()
            .unbind())
    }

    /// `other` minus the value of this position.
    fn __rsub__(&self, py: Python<'_>, other: &Bound<'_, PyAny>) -> PyResult<Py<PyAny>> {
        let Some(h) = game_of(py, other)? else {
            return Ok(py.NotImplemented());
        };
        let g = self.value_id(py)?;
        let difference = crate::state::interruptible(py, |store| store.sub(h, g))?;
        Ok(Game { id: difference }
            .into_pyobject(py)?
            .into_any()
            .unbind())
    }

    fn __neg__(&self, py: Python<'_>) -> PyResult<Game> {
        let g = self.value_id(py)?;
        Ok(Game {
            id: with_state(py, |s| GameStore::neg(&mut s.store, g)),
        })
    }
}

/// One ruleset of the registry as the package makes its class from it.
type TableRow = (
    &'static str,
    &'static str,
    &'static str,
    &'static str,
    &'static str,
    &'static str,
    &'static str,
);

/// Every ruleset of the registry as `(name, class_name, kind, layout,
/// cells, rules, example)`, in `cgt eval --list`'s order: what the package
/// makes its classes from. `kind` is `partizan`, `impartial` or `loopy`;
/// `layout` is `grid`, `strip`, `graph`, `numbers`, `squares`, `text` or `term`; `cells`
/// the characters a cell of a grid or strip may hold (else empty).
#[pyfunction]
pub(crate) fn ruleset_table() -> Vec<TableRow> {
    RULESETS
        .iter()
        .map(|r| {
            let (kind, layout) = (r.kind.name(), r.layout.name());
            let cells = r.layout.cells().unwrap_or("");
            (
                r.name,
                r.class_name,
                kind,
                layout,
                cells,
                r.rules,
                r.example,
            )
        })
        .collect()
}
