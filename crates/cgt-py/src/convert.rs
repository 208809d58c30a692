//! Numbers, outcomes and errors between Rust and Python.

use cgt_core::canonical::{NotationError, ValueError};
use cgt_core::dyadic::Dyadic;
use cgt_core::outcome::Outcome;
use pyo3::basic::CompareOp;
use pyo3::exceptions::{PyOverflowError, PyTypeError, PyValueError};
use pyo3::prelude::*;
use pyo3::sync::PyOnceLock;
use pyo3::types::{PyBool, PyInt, PyModule, PyString};

static FRACTION: PyOnceLock<Py<PyAny>> = PyOnceLock::new();
static TYPES: PyOnceLock<Py<PyModule>> = PyOnceLock::new();

/// `fractions.Fraction`.
fn fraction_type(py: Python<'_>) -> PyResult<&Bound<'_, PyAny>> {
    FRACTION
        .get_or_try_init(py, || {
            Ok::<_, PyErr>(py.import("fractions")?.getattr("Fraction")?.unbind())
        })
        .map(|t| t.bind(py))
}

/// The package's pure-Python types (`cgt._types`: the enums).
pub(crate) fn types(py: Python<'_>) -> PyResult<&Bound<'_, PyModule>> {
    TYPES
        .get_or_try_init(py, || Ok::<_, PyErr>(py.import("cgt._types")?.unbind()))
        .map(|m| m.bind(py))
}

/// How a `Fraction` in lowest terms is made: `Fraction(n, d)` runs a gcd
/// and a parser in Python (about 0.7 µs), as much as the rest of a call.
enum Maker {
    /// `Fraction._from_coprime_ints(n, d)` (Python 3.12 and later).
    Coprime(Py<PyAny>),
    /// `object.__new__(Fraction)` and the two slots set, as
    /// `_from_coprime_ints` does (Python 3.11 and earlier, checked once).
    Slots(Py<PyAny>),
    /// `Fraction(n, d)`.
    Call,
}

static MAKER: PyOnceLock<Maker> = PyOnceLock::new();

fn maker(py: Python<'_>) -> PyResult<&Maker> {
    MAKER.get_or_try_init(py, || {
        let fraction = fraction_type(py)?;
        if let Ok(coprime) = fraction.getattr("_from_coprime_ints") {
            return Ok::<_, PyErr>(Maker::Coprime(coprime.unbind()));
        }
        let new = py
            .import("builtins")?
            .getattr("object")?
            .getattr("__new__")?;
        let made = new.call1((fraction,)).and_then(|f| {
            f.setattr("_numerator", 3)?;
            f.setattr("_denominator", 4)?;
            Ok(f)
        });
        let expected = fraction.call1((3, 4))?;
        Ok(match made {
            Ok(f)
                if f.eq(&expected)?
                    && f.hash()? == expected.hash()?
                    && f.str()?.to_str()? == "3/4" =>
            {
                Maker::Slots(new.unbind())
            }
            _ => Maker::Call,
        })
    })
}

/// The small dyadics whose `Fraction`s are made once and shared (they
/// are immutable): numerators up to [`SMALL`] in size over 1, 2, 4 and 8,
/// which stops, means and temperatures mostly are.
static SMALL_FRACTIONS: PyOnceLock<Vec<Py<PyAny>>> = PyOnceLock::new();
const SMALL: i64 = 64;
const SMALL_EXPONENTS: u32 = 4;

/// A dyadic rational as a `fractions.Fraction`.
pub(crate) fn fraction(py: Python<'_>, x: Dyadic) -> PyResult<Bound<'_, PyAny>> {
    if x.numerator().abs() <= SMALL && x.exponent() < SMALL_EXPONENTS {
        let small = SMALL_FRACTIONS.get_or_try_init(py, || {
            let mut made = Vec::new();
            for exponent in 0..SMALL_EXPONENTS {
                for numerator in -SMALL..=SMALL {
                    // Not in lowest terms (an even numerator over 2^e > 1)
                    // is never asked for; made anyway, to index simply.
                    let x = Dyadic::new(numerator, exponent).unwrap_or(Dyadic::ZERO);
                    made.push(make_fraction(py, x)?.unbind());
                }
            }
            Ok::<_, PyErr>(made)
        })?;
        let width = usize::try_from(2 * SMALL + 1).unwrap_or(0);
        let row = x.exponent() as usize;
        let column = usize::try_from(x.numerator() + SMALL).unwrap_or(0);
        return Ok(small[row * width + column].bind(py).clone());
    }
    make_fraction(py, x)
}

fn make_fraction(py: Python<'_>, x: Dyadic) -> PyResult<Bound<'_, PyAny>> {
    let denominator = 1_u64 << x.exponent();
    match maker(py)? {
        Maker::Coprime(make) => make.bind(py).call1((x.numerator(), denominator)),
        Maker::Slots(new) => {
            let f = new.bind(py).call1((fraction_type(py)?,))?;
            f.setattr("_numerator", x.numerator())?;
            f.setattr("_denominator", denominator)?;
            Ok(f)
        }
        Maker::Call => fraction_type(py)?.call1((x.numerator(), denominator)),
    }
}

/// An `int`, or a `Fraction` whose denominator is a power of two, as a
/// dyadic rational: `Ok(None)` for anything else that is not a number
/// (for the caller to try other readings), an error for a number that has
/// no dyadic value in range.
pub(crate) fn dyadic(value: &Bound<'_, PyAny>) -> PyResult<Option<Dyadic>> {
    let py = value.py();
    if value.is_instance_of::<PyInt>() {
        if value.is_instance_of::<pyo3::types::PyBool>() {
            return Ok(None);
        }
        // i64::MIN has no negative in range, so it is not a game's number.
        let n: i64 = value
            .extract()
            .ok()
            .filter(|&n| n != i64::MIN)
            .ok_or_else(|| {
                PyOverflowError::new_err(format!(
                    "{value} is out of range (integers from -{max} to {max})",
                    max = i64::MAX
                ))
            })?;
        return Ok(Some(Dyadic::integer(n)));
    }
    if !value.is_instance(fraction_type(py)?)? {
        return Ok(None);
    }
    let numerator = value.getattr("numerator")?;
    let denominator: u64 = value
        .getattr("denominator")?
        .extract()
        .map_err(|_| not_dyadic(value))?;
    if !denominator.is_power_of_two() {
        return Err(not_dyadic(value));
    }
    let numerator: i64 = numerator
        .extract()
        .ok()
        .filter(|&n| n != i64::MIN)
        .ok_or_else(|| overflow(value))?;
    Dyadic::new(numerator, denominator.trailing_zeros())
        .map(Some)
        .ok_or_else(|| overflow(value))
}

/// A temperature or other dyadic argument: an `int`, a dyadic `Fraction`,
/// or notation for a number (`"1/2"`).
pub(crate) fn dyadic_argument(value: &Bound<'_, PyAny>, what: &str) -> PyResult<Dyadic> {
    if let Some(x) = dyadic(value)? {
        return Ok(x);
    }
    if let Ok(text) = value.extract::<&str>() {
        return text.trim().parse::<Dyadic>().map_err(|e| {
            PyValueError::new_err(format!("{what}: {text:?} is not a dyadic rational: {e}"))
        });
    }
    Err(PyTypeError::new_err(format!(
        "{what} must be an int, a Fraction with a power-of-two denominator or a string, not {}",
        value.get_type().name()?
    )))
}

fn not_dyadic(value: &Bound<'_, PyAny>) -> PyErr {
    PyValueError::new_err(format!(
        "{value} is not a dyadic rational (its denominator is not a power of two)"
    ))
}

fn overflow(value: &Bound<'_, PyAny>) -> PyErr {
    PyOverflowError::new_err(format!(
        "{value} is out of range (64-bit numerators, denominators up to 2^62)"
    ))
}

/// An outcome class as `cgt.Outcome`.
pub(crate) fn outcome(py: Python<'_>, outcome: Outcome) -> PyResult<Bound<'_, PyAny>> {
    let name = match outcome {
        Outcome::L => "L",
        Outcome::R => "R",
        Outcome::N => "N",
        Outcome::P => "P",
    };
    types(py)?.getattr("Outcome")?.getattr(name)
}

/// A value out of range, or a negative temperature.
pub(crate) fn value_error(e: ValueError) -> PyErr {
    match e {
        ValueError::Overflow => PyOverflowError::new_err(e.to_string()),
        ValueError::NegativeTemperature => PyValueError::new_err(e.to_string()),
        ValueError::Interrupted => pyo3::exceptions::PyKeyboardInterrupt::new_err(()),
        ValueError::TooLarge
        | ValueError::TooCostly { .. }
        | ValueError::TooCostlyHeat { .. }
        | ValueError::TooMuchWork { .. }
        | ValueError::TooLongToWrite { .. } => PyOverflowError::new_err(e.to_string()),
    }
}

/// Notation that does not read: `ValueError` with the message the command
/// line prints (`at character k: …`), or `OverflowError` when what failed
/// is a number out of range.
pub(crate) fn notation_error(e: &NotationError) -> PyErr {
    message_error(e.to_string())
}

/// An error given as a message: `OverflowError` for a number out of range,
/// `ValueError` otherwise.
pub(crate) fn message_error(message: String) -> PyErr {
    if message.contains("overflowed") || message.contains("too large") {
        PyOverflowError::new_err(message)
    } else {
        PyValueError::new_err(message)
    }
}

/// `Class('text')`: the repr of a value written in its notation, which reads
/// back as the same value.
pub(crate) fn notation_repr(py: Python<'_>, class: &str, text: &str) -> PyResult<String> {
    Ok(format!("{class}({})", PyString::new(py, text).repr()?))
}

/// What `__reduce__` returns for a value its class rebuilds from `text`.
pub(crate) fn rebuilt_from<'py, T: pyo3::PyClass>(
    slf: &Bound<'py, T>,
    text: String,
) -> (Bound<'py, PyAny>, (String,)) {
    (slf.as_any().get_type().into_any(), (text,))
}

/// `True` or `False`, as a rich comparison returns it.
pub(crate) fn py_bool(py: Python<'_>, answer: bool) -> Py<PyAny> {
    PyBool::new(py, answer).to_owned().into_any().unbind()
}

/// The answer of `==` and `!=` between values that are `same` or not;
/// `NotImplemented` for an order, which they do not have.
pub(crate) fn eq_or_ne(py: Python<'_>, op: CompareOp, same: bool) -> Py<PyAny> {
    match op {
        CompareOp::Eq => py_bool(py, same),
        CompareOp::Ne => py_bool(py, !same),
        _ => py.NotImplemented(),
    }
}
