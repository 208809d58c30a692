//! `MisereGame`: a misère canonical form of an impartial game (CGSuite's
//! `MisereCanonicalGame`), kept in one `MisereStore` of the module's own,
//! with the fields `cgt misere --json` writes.

use cgt_core::misere_canonical::{MisereId, MisereStore};
use pyo3::exceptions::{PyKeyboardInterrupt, PyValueError};
use pyo3::prelude::*;
use std::sync::{Mutex, MutexGuard};
use std::time::{Duration, Instant};

/// The one store every `MisereGame` names an id in.
static STORE: Mutex<Option<MisereStore>> = Mutex::new(None);

/// The store, made on first use. A panic elsewhere while it was held
/// leaves a store whose games are still canonical, so it is used on.
fn store() -> MutexGuard<'static, Option<MisereStore>> {
    STORE
        .lock()
        .unwrap_or_else(|poisoned| poisoned.into_inner())
}

/// Runs `f` on the store.
fn with_store<T>(f: impl FnOnce(&mut MisereStore) -> T) -> T {
    let mut guard = store();
    let store = guard.get_or_insert_with(MisereStore::new);
    f(store)
}

/// How often a long store operation looks for Ctrl-C.
const CHECK_EVERY: Duration = Duration::from_millis(50);

/// Ctrl-C for the store's long operations: asks Python for signals at most
/// every [`CHECK_EVERY`] and keeps the exception its handler raised
/// (`KeyboardInterrupt`), which the operation then raises in place of its
/// answer.
struct CtrlC<'py> {
    py: Python<'py>,
    last: Instant,
    caught: Option<PyErr>,
}

impl<'py> CtrlC<'py> {
    fn new(py: Python<'py>) -> Self {
        CtrlC {
            py,
            last: Instant::now(),
            caught: None,
        }
    }

    /// `true` once a signal handler raised: the store's `stop`.
    fn stop(&mut self) -> bool {
        if self.caught.is_some() {
            return true;
        }
        if self.last.elapsed() < CHECK_EVERY {
            return false;
        }
        self.last = Instant::now();
        self.caught = self.py.check_signals().err();
        self.caught.is_some()
    }

    /// The answer of an operation this stopped: `None` is the exception
    /// the signal's handler raised (`KeyboardInterrupt`).
    fn answer<T>(self, answer: Option<T>) -> PyResult<T> {
        match (answer, self.caught) {
            (Some(answer), _) => Ok(answer),
            (None, Some(caught)) => Err(caught),
            (None, None) => Err(PyKeyboardInterrupt::new_err(())),
        }
    }
}

/// A heap of a take-and-break code, for `TakeAndBreak("0.77")(5)`:
/// stoppable by Ctrl-C, the big heaps of most codes being long to make.
fn heap_of(
    store: &mut MisereStore,
    code: &str,
    n: usize,
    ctrl_c: &mut CtrlC<'_>,
) -> Result<MisereId, String> {
    let game = cgt_lab::Game::parse(code).map_err(|e| format!("TakeAndBreak(\"{code}\"): {e}"))?;
    let forms = store
        .heap_forms_until(game.heap_game(), n, &mut || ctrl_c.stop())
        .ok_or_else(|| "interrupted".to_string())?;
    forms.last().copied().ok_or_else(|| "no heap".to_string())
}

/// An impartial game in misère canonical form, written and read as CGSuite
/// writes it: `MisereGame("*[[2],1]")` is `*[2#1]`. `+` is the sum; `==`
/// is equality in misère play.
#[pyclass(frozen, module = "cgt", name = "MisereGame", skip_from_py_object)]
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub(crate) struct MisereGame(MisereId);

fn wrap_all(ids: Vec<MisereId>) -> Vec<MisereGame> {
    ids.into_iter().map(MisereGame).collect()
}

#[pymethods]
impl MisereGame {
    /// Reads CGSuite's notation: `*[2]`, `*[[2],1]`, `*[2#1]`,
    /// `*[2]+*[2]`, `game.heap.TakeAndBreak("0.77")(5)`.
    #[new]
    fn new(py: Python<'_>, text: &str) -> PyResult<Self> {
        let mut ctrl_c = CtrlC::new(py);
        let parsed = with_store(|store| {
            store.parse_with(text, &mut |store, code, n| {
                heap_of(store, code, n, &mut ctrl_c)
            })
        });
        if let Some(interrupt) = ctrl_c.caught {
            return Err(interrupt);
        }
        parsed
            .map(MisereGame)
            .map_err(|e| PyValueError::new_err(format!("MisereGame: {e}")))
    }

    fn __repr__(&self) -> String {
        format!("MisereGame('{}')", self.value())
    }

    fn __str__(&self) -> String {
        self.value()
    }

    fn __eq__(&self, other: &Bound<'_, PyAny>) -> bool {
        other
            .cast::<MisereGame>()
            .is_ok_and(|o| o.get().0 == self.0)
    }

    fn __hash__(&self) -> u64 {
        self.0.index() as u64
    }

    /// The sum; Ctrl-C stops a long one with `KeyboardInterrupt`, the
    /// sums finished before kept for the next try.
    fn __add__(&self, other: &Bound<'_, PyAny>) -> PyResult<Option<MisereGame>> {
        let Ok(other) = other.cast::<MisereGame>() else {
            return Ok(None);
        };
        let mut ctrl_c = CtrlC::new(other.py());
        let other = other.get().0;
        let sum = with_store(|s| s.add_until(self.0, other, &mut || ctrl_c.stop()));
        match sum {
            Some(sum) => Ok(Some(MisereGame(sum))),
            // The store stops only once the check caught a signal.
            None => Err(ctrl_c
                .caught
                .unwrap_or_else(|| PyKeyboardInterrupt::new_err(()))),
        }
    }

    /// The form as CGSuite writes it.
    #[getter]
    fn value(&self) -> String {
        with_store(|s| s.display(self.0))
    }

    #[getter]
    fn birthday(&self) -> u32 {
        with_store(|s| s.birthday(self.0))
    }

    /// As CGSuite writes it: `2^1420`.
    #[getter]
    fn genus(&self) -> String {
        with_store(|s| s.genus(self.0).to_string())
    }

    #[getter]
    fn mate(&self) -> MisereGame {
        MisereGame(with_store(|s| s.mate(self.0)))
    }

    #[getter]
    fn misere_nim_value(&self) -> u32 {
        with_store(|s| s.misere_nim_value(self.0))
    }

    #[getter]
    fn nim_value(&self) -> u32 {
        with_store(|s| s.nim_value(self.0))
    }

    /// `"P"` when the player to move loses in misère play, else `"N"`.
    #[getter]
    fn outcome(&self) -> &'static str {
        if with_store(|s| s.is_p_position(self.0)) {
            "P"
        } else {
            "N"
        }
    }

    #[getter]
    fn options(&self) -> Vec<MisereGame> {
        wrap_all(with_store(|s| s.options(self.0)))
    }

    /// The parts of this game other than 0, * and itself (CGSuite's
    /// `Parts`). Stops with `KeyboardInterrupt` on Ctrl-C.
    #[getter]
    fn parts(&self, py: Python<'_>) -> PyResult<Vec<MisereGame>> {
        let mut ctrl_c = CtrlC::new(py);
        let parts = with_store(|s| s.parts_until(self.0, &mut || ctrl_c.stop()));
        ctrl_c.answer(parts).map(wrap_all)
    }

    /// Every partition of this game into primes (CGSuite's `Partitions`).
    /// Stops with `KeyboardInterrupt` on Ctrl-C.
    #[getter]
    fn partitions(&self, py: Python<'_>) -> PyResult<Vec<Vec<MisereGame>>> {
        let mut ctrl_c = CtrlC::new(py);
        let partitions = with_store(|s| s.partitions_until(self.0, &mut || ctrl_c.stop()));
        let partitions = ctrl_c.answer(partitions)?;
        Ok(partitions.into_iter().map(wrap_all).collect())
    }

    #[getter]
    fn is_tame(&self) -> bool {
        with_store(|s| s.is_tame(self.0))
    }

    #[getter]
    fn is_restive(&self) -> bool {
        with_store(|s| s.is_restive(self.0))
    }

    #[getter]
    fn is_restless(&self) -> bool {
        with_store(|s| s.is_restless(self.0))
    }

    #[getter]
    fn is_tameable(&self) -> bool {
        with_store(|s| s.is_tameable(self.0))
    }

    #[getter]
    fn is_half_tame(&self, py: Python<'_>) -> PyResult<bool> {
        let mut ctrl_c = CtrlC::new(py);
        let half_tame = with_store(|s| s.is_half_tame_until(self.0, &mut || ctrl_c.stop()));
        ctrl_c.answer(half_tame)
    }

    #[getter]
    fn is_even(&self) -> bool {
        with_store(|s| s.is_even(self.0))
    }

    #[getter]
    fn is_prime(&self, py: Python<'_>) -> PyResult<bool> {
        let mut ctrl_c = CtrlC::new(py);
        let prime = with_store(|s| s.is_prime_until(self.0, &mut || ctrl_c.stop()));
        ctrl_c.answer(prime)
    }

    #[getter]
    fn is_extraverted(&self) -> bool {
        with_store(|s| s.is_extraverted(self.0))
    }

    #[getter]
    fn is_introverted(&self) -> bool {
        with_store(|s| s.is_introverted(self.0))
    }

    #[getter]
    fn is_generally_tame(&self) -> bool {
        with_store(|s| s.is_generally_tame(self.0))
    }

    #[getter]
    fn is_generally_restive(&self) -> bool {
        with_store(|s| s.is_generally_restive(self.0))
    }

    #[getter]
    fn is_nim_heap(&self) -> bool {
        with_store(|s| s.is_nim_heap(self.0))
    }
}
