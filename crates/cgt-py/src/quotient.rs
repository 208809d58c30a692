//! Misère quotients of heap games (cgt-core's `misere_quotient`):
//! `cgt.misere_quotient("0.75")`, its elements (which multiply) and the
//! outcome of a sum of heaps.

use crate::state::{long_free, signal_check, take_caught};
use cgt_core::misere_quotient::{Element, Limits, MisereQuotient, Periodicity, Stop};
use cgt_core::outcome::Outcome;
use pyo3::basic::CompareOp;
use pyo3::exceptions::{PyTypeError, PyValueError};
use pyo3::prelude::*;
use std::sync::Arc;

/// A winning move: the heap moved in and the heaps it leaves.
type Move = (usize, Vec<usize>);

/// The largest heap a quotient is asked about, as in `cgt quotient`.
const MAX_HEAP: usize = 10_000;

/// The misère quotient of the sums of a game's heaps up to `max_heap`
/// (Plambeck and Siegel): `presentation` in MisereSolver's notation,
/// `order`, `p_portion` and `phi` (elements), `tame` (`"T2"`, or `None`
/// when wild), `preperiod` and `period` (proven by Plambeck and Siegel's
/// periodicity theorem for a finite octal code; `None`: not proven).
#[pyclass(frozen, module = "cgt", name = "MisereQuotient")]
pub(crate) struct Quotient {
    code: String,
    q: Arc<MisereQuotient>,
    periodicity: Option<Periodicity>,
}

/// An element of a misère quotient, written as its word (`ab2`); `x * y`
/// is the product, `x.is_p` says whether its sums are P-positions.
#[pyclass(frozen, module = "cgt", name = "QuotientElement")]
pub(crate) struct QElement {
    q: Arc<MisereQuotient>,
    x: Element,
}

impl QElement {
    fn new(q: &Arc<MisereQuotient>, x: Element) -> Self {
        Self {
            q: Arc::clone(q),
            x,
        }
    }
}

#[pymethods]
impl QElement {
    fn __mul__(&self, other: &Bound<'_, PyAny>) -> PyResult<Self> {
        let other = other
            .cast::<QElement>()
            .map_err(|_| PyTypeError::new_err("an element multiplies an element"))?;
        let other = other.get();
        if !Arc::ptr_eq(&self.q, &other.q) {
            return Err(PyValueError::new_err(
                "the elements are of two different quotients",
            ));
        }
        Ok(Self::new(&self.q, self.q.mul(self.x, other.x)))
    }

    fn __richcmp__(&self, other: &Bound<'_, PyAny>, op: CompareOp) -> PyResult<bool> {
        let same = other
            .cast::<QElement>()
            .is_ok_and(|o| Arc::ptr_eq(&self.q, &o.get().q) && o.get().x == self.x);
        match op {
            CompareOp::Eq => Ok(same),
            CompareOp::Ne => Ok(!same),
            _ => Err(PyTypeError::new_err("elements are not ordered")),
        }
    }

    fn __hash__(&self) -> u64 {
        u64::from(self.x.0)
    }

    /// Whether the sums of this class are P-positions in misère play.
    #[getter]
    fn is_p(&self) -> bool {
        self.q.is_p(self.x)
    }

    fn __str__(&self) -> String {
        self.q.word(self.x)
    }

    fn __repr__(&self) -> String {
        format!("QuotientElement({:?})", self.q.word(self.x))
    }
}

#[pymethods]
impl Quotient {
    #[getter]
    fn code(&self) -> String {
        self.code.clone()
    }

    #[getter]
    fn presentation(&self) -> String {
        self.q.presentation()
    }

    #[getter]
    fn order(&self) -> usize {
        self.q.order()
    }

    #[getter]
    fn p_portion(&self) -> Vec<QElement> {
        self.q
            .p_portion()
            .into_iter()
            .map(|x| QElement::new(&self.q, x))
            .collect()
    }

    #[getter]
    fn tame(&self) -> Option<String> {
        self.q.tame().map(|t| t.to_string())
    }

    #[getter]
    fn phi(&self) -> Vec<QElement> {
        (0..=self.q.max_heap())
            .filter_map(|n| self.q.phi(n))
            .map(|x| QElement::new(&self.q, x))
            .collect()
    }

    #[getter]
    fn preperiod(&self) -> Option<usize> {
        self.periodicity.map(|p| p.preperiod)
    }

    #[getter]
    fn period(&self) -> Option<usize> {
        self.periodicity.map(|p| p.period)
    }

    #[getter]
    fn max_heap(&self) -> usize {
        self.q.max_heap()
    }

    /// Who wins the sum of `heaps` in misère play: `("N", (heap, [heaps
    /// left]))` with a winning move, `("N", None)` for a sum with no move,
    /// `("P", None)`. `ValueError` for a heap above `max_heap`.
    fn outcome(&self, heaps: Vec<usize>) -> PyResult<(String, Option<Move>)> {
        let (outcome, winning) = self.q.outcome(&heaps).ok_or_else(|| {
            PyValueError::new_err(format!(
                "a heap above the quotient's max_heap {}",
                self.q.max_heap()
            ))
        })?;
        let letter = if outcome == Outcome::P { "P" } else { "N" };
        Ok((letter.to_owned(), winning.map(|m| (m.heap, m.to))))
    }

    fn __repr__(&self) -> String {
        format!(
            "MisereQuotient(code={:?}, presentation={:?}, order={}, max_heap={})",
            self.code,
            self.q.presentation(),
            self.q.order(),
            self.q.max_heap()
        )
    }
}

/// The misère quotient of a take-and-break code or subtraction game
/// (`"0.75"`, `"S(1,3,4)"`) with heaps up to `max_heap`: `ValueError` for
/// a bad code, or when a candidate quotient passes `max_order` elements.
#[pyfunction]
#[pyo3(signature = (code, max_heap = 20, max_order = 10_000))]
pub(crate) fn misere_quotient(
    py: Python<'_>,
    code: &str,
    max_heap: i64,
    max_order: i64,
) -> PyResult<Quotient> {
    let max_heap = usize::try_from(max_heap)
        .ok()
        .filter(|&n| n <= MAX_HEAP)
        .ok_or_else(|| {
            PyValueError::new_err(format!(
                "max_heap must be in 0..={MAX_HEAP}, not {max_heap}"
            ))
        })?;
    let max_order = usize::try_from(max_order)
        .ok()
        .filter(|&n| n >= 1)
        .ok_or_else(|| {
            PyValueError::new_err(format!("max_order must be at least 1, not {max_order}"))
        })?;
    let game = cgt_lab::Game::parse(code).map_err(|e| PyValueError::new_err(e.to_string()))?;
    let limits = Limits {
        max_order,
        ..Limits::default()
    };
    // Ctrl-C is asked for between heaps and within each check.
    let q = long_free(py, |_| {
        MisereQuotient::compute_until(
            game.heap_game(),
            max_heap,
            limits,
            &mut |_, _| {},
            &mut signal_check,
        )
        .map_err(|e| match (&e.reason, take_caught()) {
            (Stop::Interrupted, Some(interrupt)) => interrupt,
            _ => PyValueError::new_err(format!("misere_quotient {code}: {e}")),
        })
    })?;
    let periodicity = game
        .code()
        .filter(|c| c.is_finite_octal())
        .and_then(|c| c.last_nonzero())
        .and_then(|k| q.periodicity(k));
    Ok(Quotient {
        code: game.name().to_owned(),
        q: Arc::new(q),
        periodicity,
    })
}
