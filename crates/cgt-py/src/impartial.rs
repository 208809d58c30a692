//! Impartial games: Grundy values, periods and misère values of heap games
//! (by `cgt-lab`), `Nimber` (the nimber field), and loopy games given by
//! their graph (win, loss or draw, and remoteness).

use crate::convert::{py_bool, types};
use crate::state::long_free;
use cgt_core::loopy::{LoopyOutcome, LoopySolution, MoveGraph};
use cgt_lab::{ComputeError, Lang, Status};
use pyo3::basic::CompareOp;
use pyo3::exceptions::{PyOverflowError, PyTypeError, PyValueError, PyZeroDivisionError};
use pyo3::prelude::*;

use crate::custom::heap::HeapSource;

/// A count from Python: `ValueError` if negative.
fn count(n: i64, what: &str) -> PyResult<usize> {
    usize::try_from(n)
        .map_err(|_| PyValueError::new_err(format!("{what} must be at least 0, not {n}")))
}

/// A count of values asked for of `game`, checked where the command line
/// checks `--upto` ([`cgt_lab::check_upto`]), in the same words.
fn upto_of(game: &cgt_lab::Game, n: usize, what: &str) -> PyResult<usize> {
    cgt_lab::check_upto(game, n as u64)
        .map_err(|e| PyValueError::new_err(format!("{what} {e}, found {n}")))
}

fn compute_error(e: &ComputeError) -> PyErr {
    match e {
        ComputeError::ValueTooLarge { .. } => PyOverflowError::new_err(e.to_string()),
        _ => PyValueError::new_err(e.to_string()),
    }
}

/// G(0), …, G(upto) of a heap game: a take-and-break code (`"0.07"`,
/// `"4.(3)"`, hexadecimal digits) or a subtraction game (`"S(1,3,4)"`), by
/// `cgt-lab`'s fastest engine for it. Stops on Ctrl-C.
#[pyfunction]
#[pyo3(signature = (code, upto))]
pub(crate) fn grundy_values(
    py: Python<'_>,
    code: &Bound<'_, PyAny>,
    upto: i64,
) -> PyResult<Vec<u32>> {
    let upto = count(upto, "upto")?;
    let source = HeapSource::of(code)?;
    let upto = upto_of(&source.game, upto, "upto")?;
    // A certified period gives the values after it (as `cgt values`).
    until_stopped(py, &source, |game, go_on| {
        let values = cgt_lab::values_until(game, upto, cgt_lab::default_threads(), go_on)?;
        Ok(values.map(Vec::from))
    })
}

/// Runs `f` on the game of `source` without the interpreter; `f` hands
/// the check it is given to `cgt-lab`, which asks it between values. The
/// answer of `f`, or, where it stopped with none, why: Ctrl-C
/// (`KeyboardInterrupt`) or the exception the user's moves raised.
fn until_stopped<R: Send>(
    py: Python<'_>,
    source: &HeapSource,
    f: impl FnOnce(
        &cgt_lab::Game,
        &mut dyn FnMut(usize, usize) -> bool,
    ) -> Result<Option<R>, ComputeError>
    + Send,
) -> PyResult<R> {
    let result = long_free(py, |interrupts| {
        let mut stopped = None;
        let mut go_on = |_: usize, _: usize| match interrupts.check().and_then(|()| source.check())
        {
            Ok(()) => true,
            Err(e) => {
                stopped = Some(e);
                false
            }
        };
        let found = f(&source.game, &mut go_on).map_err(|e| compute_error(&e))?;
        found.ok_or_else(|| stopped.unwrap_or_else(|| PyValueError::new_err("stopped")))
    });
    source.finish(result)
}

/// The pattern of a heap game's Grundy values (see `period()`).
#[pyclass(frozen, module = "cgt", name = "Period", get_all)]
pub(crate) struct Period {
    /// The game's normalised name (`"0.07"`).
    game: String,
    /// The least n from which the pattern holds; `None` if no pattern was
    /// found.
    preperiod: Option<usize>,
    /// The least period p; `None` if no pattern was found.
    period: Option<usize>,
    /// The saltus s: G(n + p) = G(n) + s for n ≥ preperiod.
    saltus: Option<u64>,
    /// Whether the Guy-Smith periodicity theorem proves the period (finite
    /// octal codes); otherwise it is only observed up to `checked_upto`.
    certified: bool,
    /// The largest heap whose value was computed.
    checked_upto: usize,
    /// The values G(0..=checked_upto) computed.
    values: Vec<u32>,
}

#[pymethods]
impl Period {
    /// Whether a pattern was found (proved or observed).
    fn __bool__(&self) -> bool {
        self.period.is_some()
    }

    fn __repr__(&self) -> String {
        match (self.preperiod, self.period, self.saltus) {
            (Some(pre), Some(p), Some(s)) => format!(
                "Period(game={:?}, preperiod={pre}, period={p}, saltus={s}, certified={}, \
                 checked_upto={})",
                self.game,
                if self.certified { "True" } else { "False" },
                self.checked_upto
            ),
            _ => format!(
                "Period(game={:?}, none found up to {})",
                self.game, self.checked_upto
            ),
        }
    }

    /// The values as code: `lang` is `"rust"` or `"c++"` (`cgt formula`).
    #[pyo3(signature = (lang = "rust"))]
    fn formula(&self, lang: &str) -> PyResult<String> {
        formula_text(self, lang)
    }

    /// The values plotted (`cgt-lab plot`), for Jupyter.
    fn _repr_svg_(&self) -> String {
        cgt_lab::plot_svg(&self.game, &self.values, self.found())
    }
}

impl Period {
    fn found(&self) -> Option<(cgt_lab::Pattern, Status)> {
        let pattern = cgt_lab::Pattern {
            preperiod: self.preperiod?,
            period: self.period?,
            saltus: self.saltus?,
        };
        let status = if self.certified {
            Status::Certified
        } else {
            Status::Observed
        };
        Some((pattern, status))
    }
}

fn formula_text(period: &Period, lang: &str) -> PyResult<String> {
    let lang = match lang {
        "rust" => Lang::Rust,
        "c++" | "cpp" => Lang::Cpp,
        _ => {
            return Err(PyValueError::new_err(format!(
                "lang must be \"rust\" or \"c++\", not {lang:?}"
            )));
        }
    };
    let analysis = cgt_lab::Analysis {
        game: period.game.clone(),
        found: period.found(),
        checked_upto: period.checked_upto,
        t: None,
    };
    cgt_lab::formula(&analysis, &period.values, lang).ok_or_else(|| {
        PyValueError::new_err(format!("{}: no period found, so no formula", period.game))
    })
}

/// Finds the period of a heap game's Grundy values, as `cgt period`
/// does: computes as far as needed (at most to `cap`, by default the
/// game's default cap and work) and reports the least period, its preperiod and
/// saltus, and whether the Guy-Smith theorem certifies it. Stops on Ctrl-C.
#[pyfunction]
#[pyo3(signature = (code, cap = None))]
pub(crate) fn period(
    py: Python<'_>,
    code: &Bound<'_, PyAny>,
    cap: Option<usize>,
) -> PyResult<Period> {
    let source = HeapSource::of(code)?;
    let cap = match cap {
        Some(cap) => Some(upto_of(&source.game, cap, "cap")?),
        None => None,
    };
    let (analysis, values) = until_stopped(py, &source, |game, go_on| {
        let found = cgt_lab::analyse_capped(game, cap, cgt_lab::default_threads(), go_on)?;
        Ok(found.map(|(analysis, values)| (analysis, Vec::from(values))))
    })?;
    let pattern = analysis.pattern();
    Ok(Period {
        game: analysis.game.clone(),
        preperiod: pattern.map(|p| p.preperiod),
        period: pattern.map(|p| p.period),
        saltus: pattern.map(|p| p.saltus),
        certified: analysis.certified(),
        checked_upto: analysis.checked_upto,
        values,
    })
}

/// The misère Grundy values g⁻(0), …, g⁻(upto) of single heaps (the last
/// player to move loses), by a search of the sums of heaps the moves make.
/// Stops on Ctrl-C between heaps (a heap of a splitting game can take
/// seconds: 0.77's heaps past 60).
#[pyfunction]
pub(crate) fn misere_values(
    py: Python<'_>,
    code: &Bound<'_, PyAny>,
    upto: i64,
) -> PyResult<Vec<u32>> {
    let upto = count(upto, "upto")?;
    until_stopped(py, &HeapSource::of(code)?, |game, go_on| {
        cgt_lab::misere_values_until(game, upto, go_on)
    })
}

/// The values of a heap game as code: `cgt.formula("0.07", "rust")`.
#[pyfunction]
#[pyo3(signature = (code, lang = "rust"))]
pub(crate) fn formula(py: Python<'_>, code: &Bound<'_, PyAny>, lang: &str) -> PyResult<String> {
    formula_text(&period(py, code, None)?, lang)
}

/// G(n) against n as an SVG picture (`cgt-lab plot`).
#[pyfunction]
pub(crate) fn plot_svg(py: Python<'_>, code: &Bound<'_, PyAny>, upto: i64) -> PyResult<String> {
    let values = grundy_values(py, code, upto)?;
    let name = HeapSource::of(code)?.game.name().to_owned();
    Ok(cgt_lab::plot_svg(&name, &values, None))
}

/// A nimber `*n`, an element of the nimber field: `+` is nim addition
/// (xor), `*` is nim multiplication, `/` divides, `**` raises to an int
/// power, `sqrt()` is the square root (every nimber has one). `int(x)` is
/// n. Ints mix in as the nimbers they name.
#[pyclass(frozen, module = "cgt", name = "Nimber", skip_from_py_object)]
#[derive(Clone, Copy, PartialEq, Eq)]
pub(crate) struct Nimber(u64);

fn nimber_of(value: &Bound<'_, PyAny>) -> Option<cgt_core::nimber::Nimber> {
    if let Ok(x) = value.cast::<Nimber>() {
        return Some(cgt_core::nimber::Nimber(x.get().0));
    }
    value.extract::<u64>().ok().map(cgt_core::nimber::Nimber)
}

fn wrap(py: Python<'_>, x: Option<cgt_core::nimber::Nimber>) -> PyResult<Py<PyAny>> {
    match x {
        Some(x) => Ok(Nimber(x.value()).into_pyobject(py)?.into_any().unbind()),
        None => Ok(py.NotImplemented()),
    }
}

#[pymethods]
impl Nimber {
    /// `*n` for 0 ≤ n < 2^64.
    #[new]
    fn new(n: u64) -> Self {
        Nimber(n)
    }

    fn __int__(&self) -> u64 {
        self.0
    }

    /// Equal to the int it names (`Nimber(3) == 3`), and hashed alike;
    /// ordered by that int.
    fn __richcmp__(
        &self,
        py: Python<'_>,
        other: &Bound<'_, PyAny>,
        op: CompareOp,
    ) -> PyResult<Py<PyAny>> {
        let Some(other) = nimber_of(other) else {
            return Ok(py.NotImplemented());
        };
        let (a, b) = (self.0, other.value());
        let answer = match op {
            CompareOp::Eq => a == b,
            CompareOp::Ne => a != b,
            CompareOp::Lt => a < b,
            CompareOp::Le => a <= b,
            CompareOp::Gt => a > b,
            CompareOp::Ge => a >= b,
        };
        Ok(py_bool(py, answer))
    }

    fn __hash__(slf: &Bound<'_, Self>) -> PyResult<isize> {
        slf.get().0.into_pyobject(slf.py())?.hash()
    }

    fn __reduce__<'py>(slf: &Bound<'py, Self>) -> (Bound<'py, pyo3::types::PyType>, (u64,)) {
        (slf.get_type(), (slf.get().0,))
    }

    fn __index__(&self) -> u64 {
        self.0
    }

    fn __bool__(&self) -> bool {
        self.0 != 0
    }

    fn __add__(&self, py: Python<'_>, other: &Bound<'_, PyAny>) -> PyResult<Py<PyAny>> {
        wrap(py, nimber_of(other).map(|o| self.get() + o))
    }

    fn __radd__(&self, py: Python<'_>, other: &Bound<'_, PyAny>) -> PyResult<Py<PyAny>> {
        self.__add__(py, other)
    }

    /// Subtraction is addition: every nimber is its own negative.
    fn __sub__(&self, py: Python<'_>, other: &Bound<'_, PyAny>) -> PyResult<Py<PyAny>> {
        self.__add__(py, other)
    }

    fn __rsub__(&self, py: Python<'_>, other: &Bound<'_, PyAny>) -> PyResult<Py<PyAny>> {
        self.__add__(py, other)
    }

    fn __neg__(&self) -> Self {
        *self
    }

    fn __mul__(&self, py: Python<'_>, other: &Bound<'_, PyAny>) -> PyResult<Py<PyAny>> {
        wrap(py, nimber_of(other).map(|o| self.get() * o))
    }

    fn __rmul__(&self, py: Python<'_>, other: &Bound<'_, PyAny>) -> PyResult<Py<PyAny>> {
        self.__mul__(py, other)
    }

    fn __truediv__(&self, py: Python<'_>, other: &Bound<'_, PyAny>) -> PyResult<Py<PyAny>> {
        let Some(o) = nimber_of(other) else {
            return Ok(py.NotImplemented());
        };
        let inverse = o
            .inverse()
            .ok_or_else(|| PyZeroDivisionError::new_err("division by the nimber 0"))?;
        wrap(py, Some(self.get() * inverse))
    }

    fn __rtruediv__(&self, py: Python<'_>, other: &Bound<'_, PyAny>) -> PyResult<Py<PyAny>> {
        let Some(o) = nimber_of(other) else {
            return Ok(py.NotImplemented());
        };
        let inverse = self
            .get()
            .inverse()
            .ok_or_else(|| PyZeroDivisionError::new_err("division by the nimber 0"))?;
        wrap(py, Some(o * inverse))
    }

    fn __pow__(&self, exponent: u64, modulo: Option<u64>) -> PyResult<Self> {
        if modulo.is_some() {
            return Err(PyValueError::new_err("a nimber power takes no modulus"));
        }
        Ok(Nimber(self.get().pow(exponent).value()))
    }

    /// The multiplicative inverse; `ZeroDivisionError` for 0.
    fn inverse(&self) -> PyResult<Self> {
        self.get()
            .inverse()
            .map(|x| Nimber(x.value()))
            .ok_or_else(|| PyZeroDivisionError::new_err("the nimber 0 has no inverse"))
    }

    /// The square root: the one nimber whose square is this one.
    fn sqrt(&self) -> Self {
        Nimber(self.get().sqrt().value())
    }

    fn __repr__(&self) -> String {
        format!("Nimber({})", self.0)
    }

    fn __str__(&self) -> String {
        format!("*{}", self.0)
    }

    fn _repr_latex_(&self) -> String {
        format!("$\\ast {}$", self.0)
    }
}

impl Nimber {
    fn get(self) -> cgt_core::nimber::Nimber {
        cgt_core::nimber::Nimber(self.0)
    }
}

/// The most positions a `LoopyGraph` may have.
const MAX_VERTICES: usize = 1 << 26;

/// A finite loopy impartial game given by its graph: positions `0..n`, and
/// moves as pairs `(from, to)` (cycles allowed). Solved by retrograde
/// analysis: each position is a win or a loss for the player to move, with
/// its remoteness (the number of moves to the end when the winner hurries
/// and the loser delays), or a draw.
#[pyclass(frozen, module = "cgt", name = "LoopyGraph")]
pub(crate) struct LoopyGraph {
    solution: LoopySolution,
    graph: MoveGraph,
}

#[pymethods]
impl LoopyGraph {
    /// The graph of `moves` (pairs `(from, to)`) on `vertices` positions
    /// (by default one more than the largest position named).
    #[new]
    #[pyo3(signature = (moves, vertices = None))]
    fn new(py: Python<'_>, moves: &Bound<'_, PyAny>, vertices: Option<u64>) -> PyResult<Self> {
        let mut pairs = Vec::new();
        for item in moves.try_iter()? {
            let item = item?;
            let bad = || {
                PyTypeError::new_err(format!(
                    "a move is a pair of positions (from, to), not {item}"
                ))
            };
            let pair: Vec<Bound<'_, PyAny>> = item.extract().map_err(|_| bad())?;
            let [from, to] = &pair[..] else {
                return Err(bad());
            };
            // Not an int: TypeError; negative or past 2^64: OverflowError.
            let (from, to): (u64, u64) = (from.extract()?, to.extract()?);
            if pairs.len() == MAX_VERTICES {
                return Err(PyValueError::new_err(format!(
                    "at most {MAX_VERTICES} moves"
                )));
            }
            pairs.push((from, to));
        }
        let moves = pairs;
        let largest = moves.iter().map(|&(a, b)| a.max(b) + 1).max().unwrap_or(0);
        let vertices = vertices.unwrap_or(largest);
        if vertices > MAX_VERTICES as u64 || moves.len() > MAX_VERTICES {
            return Err(PyValueError::new_err(format!(
                "at most {MAX_VERTICES} positions and moves, not {vertices} and {}",
                moves.len()
            )));
        }
        if let Some(&(a, b)) = moves.iter().find(|&&(a, b)| a.max(b) >= vertices) {
            return Err(PyValueError::new_err(format!(
                "the move ({a}, {b}) names a position not below {vertices}"
            )));
        }
        let moves: Vec<(u32, u32)> = moves
            .into_iter()
            .map(|(a, b)| (a as u32, b as u32))
            .collect();
        let vertices = vertices as usize;
        py.detach(|| {
            let graph = MoveGraph::from_moves(vertices, &moves);
            let solution = graph.solve();
            Ok(LoopyGraph { solution, graph })
        })
    }

    /// How many positions the graph has.
    fn __len__(&self) -> usize {
        self.graph.vertices()
    }

    /// `LoopyOutcome.WIN`, `LOSS` or `DRAW` for the player to move at
    /// `position`.
    fn outcome<'py>(&self, py: Python<'py>, position: usize) -> PyResult<Bound<'py, PyAny>> {
        let name = match self.value(position)? {
            LoopyOutcome::Win(_) => "WIN",
            LoopyOutcome::Loss(_) => "LOSS",
            LoopyOutcome::Draw => "DRAW",
        };
        types(py)?.getattr("LoopyOutcome")?.getattr(name)
    }

    /// The number of moves to the end under best play (odd for a win, even
    /// for a loss); `None` for a draw.
    fn remoteness(&self, position: usize) -> PyResult<Option<u32>> {
        Ok(self.value(position)?.remoteness())
    }

    /// A best move from `position`: the position it leads to (a winning
    /// move that hurries, a losing one that delays, one that keeps a draw);
    /// `None` where there is no move.
    fn best_move(&self, position: usize) -> PyResult<Option<usize>> {
        self.value(position)?;
        Ok(self
            .solution
            .best_move(position)
            .map(|m| self.graph.move_at(m).1))
    }

    fn __repr__(&self) -> String {
        format!(
            "<LoopyGraph of {} positions and {} moves>",
            self.graph.vertices(),
            self.graph.move_count()
        )
    }
}

impl LoopyGraph {
    fn value(&self, position: usize) -> PyResult<LoopyOutcome> {
        if position >= self.graph.vertices() {
            return Err(PyValueError::new_err(format!(
                "no position {position}: the graph has {}",
                self.graph.vertices()
            )));
        }
        Ok(self.solution.value(position))
    }
}
