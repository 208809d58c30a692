//! `HeapGame`: a heap game whose options a Python function lists, valued
//! by `cgt-lab` as the built-in codes are (`grundy_values`, `period`,
//! `misere_values`, `formula`, `plot_svg` take one where they take a code).

use pyo3::exceptions::{PyTypeError, PyValueError};
use pyo3::prelude::*;
use std::collections::HashMap;
use std::sync::{Arc, Mutex, MutexGuard, PoisonError};

/// How many heaps the options kept for reuse may hold in all: the misère
/// search asks a heap's options again and again, the Grundy engines once.
const KEPT_HEAPS: usize = 1 << 20;

/// The rules as cgt-core asks for them: the function called with the
/// interpreter held, its options checked and kept, and its first
/// exception kept for the caller (after which it is not called again).
struct Rules {
    function: Py<PyAny>,
    name: String,
    kept: Mutex<Kept>,
    error: Mutex<Option<PyErr>>,
}

#[derive(Default)]
struct Kept {
    /// The heaps of each option, one after another, and where each ends.
    options: HashMap<usize, (Vec<usize>, Vec<usize>)>,
    heaps: usize,
}

fn guard<T>(mutex: &Mutex<T>) -> MutexGuard<'_, T> {
    mutex.lock().unwrap_or_else(PoisonError::into_inner)
}

impl Rules {
    /// The options of heap `n` from the function, checked: each an int or
    /// an iterable of ints, each below `n`.
    fn call(&self, py: Python<'_>, n: usize) -> PyResult<(Vec<usize>, Vec<usize>)> {
        let answer = self.function.bind(py).call1((n,))?;
        let items = answer.try_iter().map_err(|_| {
            PyTypeError::new_err(format!(
                "HeapGame {}: the options of heap {n} must be an iterable (of tuples of \
                 heaps), not {}",
                self.name,
                answer
                    .get_type()
                    .name()
                    .map_or_else(|_| "?".to_owned(), |t| t.to_string())
            ))
        })?;
        let (mut heaps, mut ends) = (Vec::new(), Vec::new());
        for option in items {
            let option = option?;
            let bad = || {
                PyValueError::new_err(format!(
                    "HeapGame {}: heap {n} has the option {}; an option is a tuple of heaps \
                     (ints from 0 to {}), or one such int",
                    self.name,
                    option
                        .repr()
                        .map_or_else(|_| "?".to_owned(), |r| r.to_string()),
                    n.saturating_sub(1)
                ))
            };
            let mut push = |heap: &Bound<'_, PyAny>| -> PyResult<()> {
                let heap: i64 = heap.extract().map_err(|_| bad())?;
                match usize::try_from(heap) {
                    Ok(h) if h < n => {
                        if h > 0 {
                            heaps.push(h);
                        }
                        Ok(())
                    }
                    _ => Err(bad()),
                }
            };
            if option.is_instance_of::<pyo3::types::PyInt>() {
                push(&option)?;
            } else {
                for heap in option.try_iter().map_err(|_| bad())? {
                    push(&heap?)?;
                }
            }
            ends.push(heaps.len());
        }
        Ok((heaps, ends))
    }
}

impl cgt_core::heap::HeapGame for Rules {
    fn heap_options(&self, n: usize, options: &mut cgt_core::heap::HeapOptions) {
        let push = |(heaps, ends): &(Vec<usize>, Vec<usize>),
                    options: &mut cgt_core::heap::HeapOptions| {
            let mut start = 0;
            for &end in ends {
                options.push(&heaps[start..end]);
                start = end;
            }
        };
        if let Some(known) = guard(&self.kept).options.get(&n) {
            push(known, options);
            return;
        }
        if guard(&self.error).is_some() {
            return;
        }
        match Python::attach(|py| self.call(py, n)) {
            Ok(found) => {
                push(&found, options);
                let mut kept = guard(&self.kept);
                if kept.heaps + found.0.len() + found.1.len() <= KEPT_HEAPS {
                    kept.heaps += found.0.len() + found.1.len();
                    kept.options.insert(n, found);
                }
            }
            Err(e) => *guard(&self.error) = Some(e),
        }
    }
}

/// A heap game given by a function: `options(n)` lists the options of a
/// heap of `n`, each a tuple of the heaps it leaves (or one int); every
/// heap below `n`, and 0 or an empty tuple for nothing left.
///
/// `cgt.grundy_values`, `cgt.period`, `cgt.misere_values`, `cgt.formula`
/// and `cgt.plot_svg` take one where they take a code. A period found is
/// observed, never certified: no theorem bounds where a game given by a
/// function repeats. An exception raised by the function reaches the
/// caller as itself.
#[pyclass(frozen, module = "cgt", name = "HeapGame")]
pub(crate) struct HeapGame {
    rules: Arc<Rules>,
    game: cgt_lab::Game,
}

#[pymethods]
impl HeapGame {
    /// The heap game whose options `options(n)` lists; `name` (by default
    /// the function's `__name__`) is what `Period.game` shows.
    #[new]
    #[pyo3(signature = (options, name = None))]
    fn new(options: &Bound<'_, PyAny>, name: Option<String>) -> PyResult<Self> {
        if !options.is_callable() {
            return Err(PyTypeError::new_err(
                "HeapGame(options): options must be a function of the heap size",
            ));
        }
        let name = match name {
            Some(name) => name,
            None => options
                .getattr("__name__")
                .and_then(|n| n.extract::<String>())
                .ok()
                .filter(|n| n != "<lambda>")
                .unwrap_or_else(|| "HeapGame".to_owned()),
        };
        let rules = Arc::new(Rules {
            function: options.clone().unbind(),
            name: name.clone(),
            kept: Mutex::new(Kept::default()),
            error: Mutex::new(None),
        });
        let game = cgt_lab::Game::from_heap_game(name, rules.clone());
        Ok(HeapGame { rules, game })
    }

    /// The name `Period.game` shows.
    #[getter]
    fn name(&self) -> &str {
        &self.rules.name
    }

    /// The options of a heap of `n`, as the function gives them, checked:
    /// a list of tuples of heaps, each below `n` (zeros dropped).
    fn options(&self, py: Python<'_>, n: usize) -> PyResult<Vec<Vec<usize>>> {
        let (heaps, ends) = self.rules.call(py, n)?;
        let mut start = 0;
        Ok(ends
            .iter()
            .map(|&end| {
                let option = heaps[start..end].to_vec();
                start = end;
                option
            })
            .collect())
    }

    fn __repr__(&self) -> String {
        format!("HeapGame({:?})", self.rules.name)
    }
}

/// The heap game a function of the heap games asks about: a code (`"0.07"`,
/// `"S(1,3,4)"`) or a `HeapGame`.
pub(crate) struct HeapSource {
    pub(crate) game: cgt_lab::Game,
    rules: Option<Arc<Rules>>,
}

impl HeapSource {
    /// The game of `code`; a `ValueError` for a code that does not read, a
    /// `TypeError` for what is neither a code nor a `HeapGame`.
    pub(crate) fn of(code: &Bound<'_, PyAny>) -> PyResult<Self> {
        if let Ok(text) = code.extract::<&str>() {
            let game =
                cgt_lab::Game::parse(text).map_err(|e| PyValueError::new_err(e.to_string()))?;
            return Ok(HeapSource { game, rules: None });
        }
        if let Ok(heap) = code.cast::<HeapGame>() {
            let heap = heap.get();
            // A stale exception from an earlier question is not this one's.
            guard(&heap.rules.error).take();
            return Ok(HeapSource {
                game: heap.game.clone(),
                rules: Some(heap.rules.clone()),
            });
        }
        Err(PyTypeError::new_err(format!(
            "a heap game is a code (a str such as \"0.07\") or a cgt.HeapGame, not {}",
            code.get_type()
                .name()
                .map_or_else(|_| "?".to_owned(), |n| n.to_string())
        )))
    }

    /// `Err` with the function's exception once it raised one: asked
    /// between values, so that the computation stops there.
    pub(crate) fn check(&self) -> PyResult<()> {
        let Some(rules) = &self.rules else {
            return Ok(());
        };
        let error = guard(&rules.error);
        match error.as_ref() {
            // Kept, so that `finish` reports it too.
            Some(e) => Err(Python::attach(|py| e.clone_ref(py))),
            None => Ok(()),
        }
    }

    /// `result`, unless the function raised: then its exception (the values
    /// computed with it are not the game's).
    pub(crate) fn finish<R>(&self, result: PyResult<R>) -> PyResult<R> {
        match self
            .rules
            .as_ref()
            .and_then(|rules| guard(&rules.error).take())
        {
            Some(e) => Err(e),
            None => result,
        }
    }
}
