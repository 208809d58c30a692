//! The one store every `Game` names, and the lock around it.
//!
//! A `Game` is a `GameId` in one store shared by the whole interpreter
//! (CGSuite keeps one too), so equal games are equal ids and a sum or a
//! comparison done once is remembered. The rulesets' memos live beside it,
//! since their values are ids in that store; so does the one store of
//! stoppers every `LoopyGame` names, with the loopy rulesets' values.
//!
//! Deadlock: a thread that holds the interpreter must never wait for this
//! lock while another thread that holds the lock waits for the interpreter
//! (to check for Ctrl-C). So a quick operation takes the lock only if it is
//! free, and otherwise lets go of the interpreter before waiting; a long one
//! always lets go first.

use crate::convert::value_error;
use cgt_core::canonical::{GameStore, ValueError};
use cgt_core::loopy_partizan::{LoopyError, LoopyValue, StopperStore};
use cgt_rulesets::Rulesets;
use pyo3::exceptions::PyKeyboardInterrupt;
use pyo3::prelude::*;
use std::collections::HashMap;
use std::sync::{LazyLock, Mutex, MutexGuard, TryLockError};
use std::time::{Duration, Instant};

/// The store of values and the rulesets' memos.
pub(crate) struct State {
    pub(crate) store: GameStore,
    pub(crate) rulesets: Rulesets,
    /// The stoppers (simplest forms) every `LoopyGame` names; its short
    /// games are ids in `store`.
    pub(crate) stoppers: StopperStore,
    /// The values of loopy ruleset positions found so far (and the errors:
    /// the same position fails the same way), by ruleset name and position.
    pub(crate) loopy_values: HashMap<(&'static str, String), Result<LoopyValue, LoopyError>>,
}

static STATE: LazyLock<Mutex<State>> = LazyLock::new(|| {
    Mutex::new(State {
        store: GameStore::new(),
        rulesets: Rulesets::new(),
        stoppers: StopperStore::new(),
        loopy_values: HashMap::new(),
    })
});

/// The lock, taken even if an earlier holder panicked: every operation
/// leaves the store whole between its steps (a game is added complete or
/// not at all), so nothing half-made is seen.
fn lock() -> MutexGuard<'static, State> {
    STATE
        .lock()
        .unwrap_or_else(std::sync::PoisonError::into_inner)
}

/// Runs a quick operation on the state: holding the interpreter if the lock
/// is free, otherwise letting go of it while waiting.
pub(crate) fn with_state<R: Send>(py: Python<'_>, f: impl FnOnce(&mut State) -> R + Send) -> R {
    match STATE.try_lock() {
        Ok(mut guard) => f(&mut guard),
        Err(TryLockError::Poisoned(e)) => f(&mut e.into_inner()),
        Err(TryLockError::WouldBlock) => py.detach(|| f(&mut lock())),
    }
}

/// How often a long computation looks for Ctrl-C.
const CHECK_EVERY: Duration = Duration::from_millis(50);

/// Asks Python whether a signal arrived (Ctrl-C raises `KeyboardInterrupt`
/// in its handler), at most every [`CHECK_EVERY`].
pub(crate) struct Interrupts {
    last: Instant,
}

impl Interrupts {
    /// `Err` with the handler's exception (`KeyboardInterrupt`) if one was
    /// raised since the last check.
    pub(crate) fn check(&mut self) -> PyResult<()> {
        if self.last.elapsed() < CHECK_EVERY {
            return Ok(());
        }
        self.last = Instant::now();
        Python::attach(|py| py.check_signals())
    }
}

/// Runs a long operation on the state without the interpreter: other Python
/// threads go on, and `f` calls [`Interrupts::check`] between its steps so
/// that Ctrl-C stops it. `f` must leave the state usable when it stops.
pub(crate) fn long<R: Send>(
    py: Python<'_>,
    f: impl FnOnce(&mut State, &mut Interrupts) -> PyResult<R> + Send,
) -> PyResult<R> {
    py.detach(|| {
        let mut interrupts = Interrupts {
            last: Instant::now(),
        };
        let mut state = lock();
        // A search for loopy sides asks for Ctrl-C between its steps; a
        // caught one is the user's, whatever error the search then gave.
        state.stoppers.set_interrupt(Some(signal_check));
        let result = f(&mut state, &mut interrupts);
        state.stoppers.set_interrupt(None);
        take_caught().map_or(result, Err)
    })
}

/// Runs a long operation that needs no state, as [`long`] does.
pub(crate) fn long_free<R: Send>(
    py: Python<'_>,
    f: impl FnOnce(&mut Interrupts) -> PyResult<R> + Send,
) -> PyResult<R> {
    py.detach(|| {
        let mut interrupts = Interrupts {
            last: Instant::now(),
        };
        f(&mut interrupts)
    })
}

/// Where the store's interrupt check ([`signal_check`]) leaves the
/// `KeyboardInterrupt` it caught. One slot serves: it is used only by the
/// holder of the store's lock.
static CAUGHT: Mutex<Option<PyErr>> = Mutex::new(None);

fn caught() -> MutexGuard<'static, Option<PyErr>> {
    CAUGHT
        .lock()
        .unwrap_or_else(std::sync::PoisonError::into_inner)
}

/// The check for [`GameStore::with_interrupt`]: asks Python for Ctrl-C and
/// keeps the exception in [`CAUGHT`]; once caught, always stops (the signal
/// is consumed). It captures nothing, so giving it costs no allocation.
pub(crate) fn signal_check() -> bool {
    let mut slot = caught();
    if slot.is_some() {
        return true;
    }
    match Python::attach(|py| py.check_signals()) {
        Ok(()) => false,
        Err(e) => {
            *slot = Some(e);
            true
        }
    }
}

/// The exception [`signal_check`] caught, if any (to be asked while the
/// store's lock is held, or after the computation that used the check).
pub(crate) fn take_caught() -> Option<PyErr> {
    caught().take()
}

/// Runs a store operation that may be long (a sum, a thermograph, what is
/// computed from them) without the interpreter, with the store asking for
/// Ctrl-C every 16 games it makes
/// ([`GameStore::with_interrupt`]): `KeyboardInterrupt` then, with every
/// game finished so far kept.
pub(crate) fn interruptible<R: Send>(
    py: Python<'_>,
    f: impl FnOnce(&mut GameStore) -> Result<R, ValueError> + Send,
) -> PyResult<R> {
    let result = py.detach(|| {
        let mut state = lock();
        let result = state.store.with_interrupt(signal_check, f);
        // A Ctrl-C caught where a computation went on regardless (one that
        // tries a sum and does without it) is still the user's: raise it.
        take_caught().map_or(Ok(result), Err)
    });
    match result? {
        Ok(r) => Ok(r),
        Err(ValueError::Interrupted) => Err(PyKeyboardInterrupt::new_err(())),
        Err(e) => Err(value_error(e)),
    }
}
