//! `PlacementGame`: a placement game given by each player's shapes
//! (`cgt-rulesets`' `placement`), valued in Rust in the one shared store.

use crate::convert::{message_error, outcome};
use crate::game::Game;
use crate::rulesets::STEP;
use crate::state;
use cgt_core::canonical::GameId;
use cgt_core::outcome::Side;
use cgt_core::partizan::ValueMemo;
use cgt_rulesets::placement::{MAX_SHAPES, PlacementGame as Rules, Symmetries};
use pyo3::exceptions::{PyOverflowError, PyTypeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::PyTuple;
use std::sync::{Mutex, PoisonError};

/// Shapes as given: each a list of (row, column) offsets.
type Shapes = Vec<Vec<(i64, i64)>>;

/// The most cells a shape may list (a board has at most 64).
const MAX_SHAPE_CELLS: usize = 64;

/// A placement game: each player lays one of his shapes on empty cells of
/// the board and fills them; who cannot move loses.
///
/// `left` and `right` are each player's shapes, each a list of
/// (row, column) offsets: `[(0, 0), (1, 0)]` is a vertical domino.
/// `symmetries` adds each shape's images: `"none"` (the shapes as given),
/// `"rotations"` or `"all"` (rotations and reflections). Positions are the
/// grid strings the grid rulesets read (`"..#|..."`). Regions are valued
/// apart, and a region in its least form under the symmetries of the square
/// that keep both players' shapes, each once, remembered across calls.
#[pyclass(frozen, module = "cgt", name = "PlacementGame")]
pub(crate) struct PlacementGame {
    /// The values found so far, ids in the shared store; locked only while
    /// the store's lock is held, so never waited for otherwise.
    memo: Mutex<ValueMemo<Rules>>,
    /// The shapes as given, for `repr`.
    given: (Shapes, Shapes, &'static str),
    /// Each player's shapes with their images, kept apart from the memo so
    /// that reading them never waits for its lock.
    left: Vec<Vec<(usize, usize)>>,
    right: Vec<Vec<(usize, usize)>>,
}

/// One player's shapes from Python: a sequence of sequences of
/// `(row, column)` pairs of ints.
fn shapes(value: &Bound<'_, PyAny>, side: &str, whose: &str) -> PyResult<Shapes> {
    let not_shapes = || {
        PyTypeError::new_err(format!(
            "{side} must be a list of shapes, each a list of (row, column) pairs of ints"
        ))
    };
    if value.is_instance_of::<pyo3::types::PyString>() {
        return Err(not_shapes());
    }
    let mut out = Vec::new();
    for (i, shape) in value.try_iter().map_err(|_| not_shapes())?.enumerate() {
        if i == MAX_SHAPES {
            return Err(PyValueError::new_err(format!(
                "{whose} shapes number more than {MAX_SHAPES}"
            )));
        }
        let shape = shape?;
        if shape.is_instance_of::<pyo3::types::PyString>() {
            return Err(not_shapes());
        }
        let mut cells = Vec::new();
        for (j, cell) in shape.try_iter().map_err(|_| not_shapes())?.enumerate() {
            if j == MAX_SHAPE_CELLS {
                return Err(PyValueError::new_err(format!(
                    "{whose} shape {i} has more than {MAX_SHAPE_CELLS} cells"
                )));
            }
            let cell = cell?;
            let pair = cell
                .cast::<PyTuple>()
                .ok()
                .filter(|t| t.len() == 2)
                .map(|t| (t.get_item(0), t.get_item(1)));
            let Some((Ok(r), Ok(c))) = pair else {
                return Err(PyTypeError::new_err(format!(
                    "{whose} shape {i}: cell {j} is not a (row, column) tuple"
                )));
            };
            let offset = |x: Bound<'_, PyAny>| -> PyResult<i64> {
                x.extract::<i64>().map_err(|e| {
                    if e.is_instance_of::<PyOverflowError>(x.py()) {
                        PyValueError::new_err(format!(
                            "{whose} shape {i}: cell {j} is too far off; \
                             a shape fits a board of at most 64 cells"
                        ))
                    } else {
                        PyTypeError::new_err(format!(
                            "{whose} shape {i}: cell {j} has an offset that is not an int"
                        ))
                    }
                })
            };
            cells.push((offset(r)?, offset(c)?));
        }
        out.push(cells);
    }
    Ok(out)
}

impl PlacementGame {
    /// The value of the board `grid`, valued in steps without the
    /// interpreter, listening for Ctrl-C between steps.
    fn value_id(&self, py: Python<'_>, grid: &str) -> PyResult<GameId> {
        let board = Rules::parse(grid).map_err(|e| message_error(e.to_string()))?;
        state::long(py, |state, interrupts| {
            let mut memo = self.memo.lock().unwrap_or_else(PoisonError::into_inner);
            loop {
                let found = memo
                    .value_within(&mut state.store, &board, STEP)
                    .map_err(crate::convert::value_error)?;
                if let Some(value) = found {
                    return Ok(value);
                }
                interrupts.check()?;
            }
        })
    }
}

#[pymethods]
impl PlacementGame {
    /// The game in which Left lays the shapes `left` and Right the shapes
    /// `right`. Raises `ValueError` for a shape with no cells, a cell
    /// named twice, a shape too large for a board of 64 cells, or too many
    /// shapes; `TypeError` for what is not a list of (row, column) pairs.
    #[new]
    #[pyo3(signature = (left, right, symmetries = "none"))]
    fn new(
        left: &Bound<'_, PyAny>,
        right: &Bound<'_, PyAny>,
        symmetries: &str,
    ) -> PyResult<PlacementGame> {
        let (kind, name) = match symmetries {
            "none" => (Symmetries::AsGiven, "none"),
            "rotations" => (Symmetries::Rotations, "rotations"),
            "all" => (Symmetries::RotationsAndReflections, "all"),
            _ => {
                return Err(PyValueError::new_err(format!(
                    "symmetries must be \"none\", \"rotations\" or \"all\", not {symmetries:?}"
                )));
            }
        };
        let (left, right) = (
            shapes(left, "left", "Left's")?,
            shapes(right, "right", "Right's")?,
        );
        let rules = Rules::new(&left, &right, kind).map_err(|e| message_error(e.to_string()))?;
        Ok(PlacementGame {
            left: rules.shapes(Side::Left),
            right: rules.shapes(Side::Right),
            memo: Mutex::new(ValueMemo::new(rules)),
            given: (left, right, name),
        })
    }

    /// The value of the board `grid` (rows of `.` and `#` split by `|`), a
    /// `Game`. Long searches let other threads run and stop on Ctrl-C
    /// (`KeyboardInterrupt`), keeping what they found for the next call.
    fn value(&self, py: Python<'_>, grid: &str) -> PyResult<Game> {
        self.value_id(py, grid).map(|id| Game { id })
    }

    /// Who wins the board `grid` with each player moving first
    /// (`Outcome.L`, `R`, `N`, `P`), from its value.
    fn outcome<'py>(&self, py: Python<'py>, grid: &str) -> PyResult<Bound<'py, PyAny>> {
        let id = self.value_id(py, grid)?;
        let o = state::with_state(py, |s| s.store.outcome(id));
        outcome(py, o)
    }

    /// Left's shapes with the images `symmetries` added, each as its
    /// offsets from its bounding box's top left corner, sorted.
    #[getter]
    fn left(&self) -> Vec<Vec<(usize, usize)>> {
        self.left.clone()
    }

    /// Right's shapes, as `left`.
    #[getter]
    fn right(&self) -> Vec<Vec<(usize, usize)>> {
        self.right.clone()
    }

    fn __repr__(&self) -> String {
        let (left, right, symmetries) = &self.given;
        let extra = if *symmetries == "none" {
            String::new()
        } else {
            format!(", symmetries={symmetries:?}")
        };
        format!("PlacementGame(left={left:?}, right={right:?}{extra})")
    }
}
