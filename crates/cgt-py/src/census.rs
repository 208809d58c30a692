//! The Rust half of `cgt.census` (the Python half, which runs the games on
//! an executor, is `python/cgt/_census.py`): the family's members, one
//! game's row, and the table's journal and Parquet file, all from
//! `cgt-census`, so that the rows and files are those `cgt census` writes.

use cgt_census::family;
use cgt_census::table::{self, Journal};
use cgt_census::{Ask, Cost, Row};
use pyo3::exceptions::{PyOSError, PyValueError};
use pyo3::prelude::*;
use std::path::Path;

/// The question `ask`, if Python answers it.
fn question(ask: &str) -> PyResult<Ask> {
    let ask = Ask::parse(ask).map_err(PyValueError::new_err)?;
    if !ask.in_library() {
        return Err(PyValueError::new_err(format!(
            "ask={:?}: cgt.census answers period and values; the cgt command answers the others",
            ask.name()
        )));
    }
    Ok(ask)
}

/// The members of `family` for the question `ask`: each game, the game it
/// is the same as (or `None`) and the key a finished row is found by.
#[pyfunction]
pub(crate) fn census_members(
    family: &str,
    ask: &str,
) -> PyResult<Vec<(String, Option<String>, String)>> {
    let heap = question(ask)?.on_heaps();
    let members = family::members(family, heap).map_err(PyValueError::new_err)?;
    Ok(members
        .into_iter()
        .map(|m| {
            let key = family::member_key(&m, heap);
            (m.game, m.same_as, key)
        })
        .collect())
}

/// One game's row as a JSON line, computed on this thread without the
/// interpreter's lock; a game that cannot be computed is a failed row.
#[pyfunction]
#[pyo3(signature = (game, ask, upto = None))]
pub(crate) fn census_row(
    py: Python<'_>,
    game: &str,
    ask: &str,
    upto: Option<usize>,
) -> PyResult<String> {
    let ask = question(ask)?;
    let row = py.detach(|| cgt_census::row(game, ask, upto));
    row.map(|r| r.to_json()).map_err(PyValueError::new_err)
}

/// The row of a game run once under the name `target`.
#[pyfunction]
pub(crate) fn census_same_as(game: &str, target: &str) -> String {
    Row::same_as(game, target).to_json()
}

/// The row of a game that failed, and why.
#[pyfunction]
pub(crate) fn census_failed(game: &str, reason: &str, seconds: f64) -> String {
    // A worker that died took its CPU time and peak with it.
    let cost = Cost {
        seconds,
        ..Cost::default()
    };
    Row::failed(game, reason, cost).to_json()
}

/// The rows the journal of the table `out` holds (its torn last line cut
/// off), each with the key it is found by.
#[pyfunction]
pub(crate) fn census_open(out: &str, ask: &str) -> PyResult<Vec<(String, String)>> {
    let heap = question(ask)?.on_heaps();
    let path = table::journal_path(out).map_err(PyValueError::new_err)?;
    let (_, rows) = Journal::open(&path).map_err(PyOSError::new_err)?;
    Ok(rows
        .iter()
        .filter_map(|r| Some((family::row_key(r, heap)?, r.to_json())))
        .collect())
}

/// Appends the rows (JSON lines) to the journal of `out`, each synced to
/// the disk before the next.
#[pyfunction]
pub(crate) fn census_append(out: &str, rows: Vec<String>) -> PyResult<()> {
    let path = table::journal_path(out).map_err(PyValueError::new_err)?;
    // `census_open` read it first and cut a torn last line.
    let mut journal = Journal::append_to(Path::new(&path)).map_err(PyOSError::new_err)?;
    for line in rows {
        let row = Row::parse(&line).map_err(PyValueError::new_err)?;
        journal.append(&row).map_err(PyOSError::new_err)?;
    }
    Ok(())
}

/// Writes the finished table `out` from `rows` (JSON lines, in the
/// family's order): a Parquet file atomically; a JSON-lines table is
/// already its journal.
#[pyfunction]
pub(crate) fn census_finish(out: &str, rows: Vec<String>) -> PyResult<()> {
    let rows: Vec<Row> = rows
        .iter()
        .map(|l| Row::parse(l))
        .collect::<Result<_, _>>()
        .map_err(PyValueError::new_err)?;
    table::finish(out, &rows).map_err(PyOSError::new_err)
}
