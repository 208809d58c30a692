//! Partizan misère play: `Game.misere_outcome` and `Game.misere_ge` (on
//! the game's canonical form, taken as written), the same on ruleset
//! positions (their own game trees), and `misere_outcome(text)` /
//! `misere_ge(g, h)` on notation read as written; the dead ends born by a
//! day (`dead_ends`), and `is_dead_end` / `is_dead_ending` of notation.

use crate::convert::{message_error, outcome};
use crate::state;
use cgt_core::canonical::GameId;
use cgt_core::dead_ending::LeftDeadEnds;
use cgt_core::outcome::Outcome;
use cgt_core::partizan_misere::MisereError;
use cgt_rulesets::misere::MisereGames;
use pyo3::exceptions::{PyKeyboardInterrupt, PyMemoryError, PyValueError};
use pyo3::prelude::*;
use std::sync::{LazyLock, Mutex, MutexGuard};

/// The literal forms read so far, shared by the interpreter.
static GAMES: LazyLock<Mutex<MisereGames>> = LazyLock::new(|| Mutex::new(MisereGames::new()));

/// The lock, taken even if an earlier holder panicked (a form is added
/// whole or not at all).
fn games() -> MutexGuard<'static, MisereGames> {
    GAMES.lock().unwrap_or_else(|e| e.into_inner())
}

/// A Python exception for `e`: `ValueError` for what does not read or is
/// not dead-ending, `MemoryError` for a limit reached, `KeyboardInterrupt`
/// (or the signal's own exception) when stopped.
fn misere_error(e: &MisereError) -> PyErr {
    match e {
        MisereError::Notation(n) => message_error(n.to_string()),
        MisereError::NotDeadEnding => PyValueError::new_err(e.to_string()),
        MisereError::TooManyForms { .. } | MisereError::TooManySums { .. } => {
            PyMemoryError::new_err(e.to_string())
        }
        MisereError::Interrupted => {
            state::take_caught().unwrap_or_else(|| PyKeyboardInterrupt::new_err(()))
        }
    }
}

/// The misère outcome of the canonical game `g`.
pub(crate) fn game_outcome(py: Python<'_>, g: GameId) -> PyResult<Outcome> {
    state::long(py, |state, _| {
        let mut games = games();
        let form = games
            .from_canonical(&mut state.store, g)
            .map_err(|e| misere_error(&e))?;
        games
            .outcome_of(&[form], &mut state::signal_check)
            .map_err(|e| misere_error(&e))
    })
}

/// Whether the canonical game `g` ≥ `h` modulo dead-ending games.
pub(crate) fn game_ge(py: Python<'_>, g: GameId, h: GameId) -> PyResult<bool> {
    state::long(py, |state, _| {
        let mut games = games();
        let g = games
            .from_canonical(&mut state.store, g)
            .map_err(|e| misere_error(&e))?;
        let h = games
            .from_canonical(&mut state.store, h)
            .map_err(|e| misere_error(&e))?;
        games
            .ge_forms(g, h, &mut state::signal_check)
            .map_err(|e| misere_error(&e))
    })
}

/// The misère outcome of `text` read as written (ruleset positions by
/// their game trees).
pub(crate) fn text_outcome(py: Python<'_>, text: &str) -> PyResult<Outcome> {
    state::long(py, |_, _| {
        games()
            .outcome(text, &mut state::signal_check)
            .map_err(|e| misere_error(&e))
    })
}

/// Whether `g` ≥ `h` modulo dead-ending games, each read as written.
pub(crate) fn text_ge(py: Python<'_>, g: &str, h: &str) -> PyResult<bool> {
    state::long(py, |_, _| {
        games()
            .ge(g, h, &mut state::signal_check)
            .map_err(|e| misere_error(&e))
    })
}

/// The misère outcome (the last player to move loses) of `expr`, read as
/// written: braces keep their options (`"{0,-1|}"` is not `1` here),
/// ruleset positions are their own game trees, sums are searched term by
/// term. Raises `ValueError` for what does not read, `MemoryError` past
/// the search's limits.
#[pyfunction]
pub(crate) fn misere_outcome<'py>(py: Python<'py>, expr: &str) -> PyResult<Bound<'py, PyAny>> {
    let o = text_outcome(py, expr)?;
    outcome(py, o)
}

/// Whether `g` ≥ `h` modulo the dead-ending universe in misère play (Left
/// does at least as well in g + X as in h + X for every dead-ending X),
/// each read as written. Raises `ValueError` when either is not
/// dead-ending or does not read.
#[pyfunction]
pub(crate) fn misere_ge(py: Python<'_>, g: &str, h: &str) -> PyResult<bool> {
    text_ge(py, g, h)
}

/// The canonical dead ends of `side` ("left" or "right") modulo the
/// dead-ending universe born by day `born_by` (0 to 4: 1, 2, 4, 10, 52 of
/// them), earlier days first, each written as `misere_outcome` and
/// `misere_ge` read it: Left's `0`, `-1`, `-2`, `{|0,-1}`, …; Right's the
/// conjugates `0`, `1`, `2`, `{0,1|}`, … (Milley and Renault, "Dead ends
/// in misère play", Discrete Math. 2013). Raises `ValueError` for another
/// side or a day past 4 (day 5 would be 2⁵² sets).
#[pyfunction]
pub(crate) fn dead_ends(side: &str, born_by: i64) -> PyResult<Vec<String>> {
    let side = crate::rulesets::side_of(side)?;
    let max = LeftDeadEnds::MAX_DAY;
    let day = u32::try_from(born_by)
        .ok()
        .filter(|&d| d <= max)
        .ok_or_else(|| {
            PyValueError::new_err(format!(
                "dead_ends: born_by: expected a day from 0 to {max} (day {} would be 2^52 sets), found {born_by}",
                max + 1
            ))
        })?;
    let mut ends = LeftDeadEnds::new();
    let born = ends.born_by(day);
    Ok(born
        .iter()
        .map(|&g| ends.write(g, side).to_owned())
        .collect())
}

/// Whether `expr`, read as written (a sum as one form), is a dead end of
/// `side`'s ("left" or "right"): that player has no move in it nor in any
/// follower. Raises `ValueError` for what does not read.
#[pyfunction]
pub(crate) fn is_dead_end(py: Python<'_>, expr: &str, side: &str) -> PyResult<bool> {
    let side = crate::rulesets::side_of(side)?;
    state::long(py, |_, _| {
        let mut games = games();
        let g = games.one(expr).map_err(|e| misere_error(&e))?;
        Ok(games.forms().is_dead_end(g, side))
    })
}

/// Whether `expr`, read as written (a sum as one form), is dead-ending:
/// every follower in which a player has no move is a dead end of theirs,
/// so `misere_ge` compares it. Raises `ValueError` for what does not read.
#[pyfunction]
pub(crate) fn is_dead_ending(py: Python<'_>, expr: &str) -> PyResult<bool> {
    state::long(py, |_, _| {
        let mut games = games();
        let g = games.one(expr).map_err(|e| misere_error(&e))?;
        Ok(games.forms().is_dead_ending(g))
    })
}
