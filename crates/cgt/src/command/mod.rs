//! Each command's runner, one file each: it computes on the worker thread
//! ([`crate::worker::on_worker`]) and writes the answer and the files.
//!
//! - [`values`]: G(0..=N) of a heap game, or its misère values.
//! - [`period`]: the least period, preperiod and saltus, certified or
//!   observed.
//! - [`formula`]: the values as a Rust or C++ function.
//! - [`eval`]: the value of a sum of partizan games (and `eval --list`).
//! - [`solve`]: who wins a sum, and a winning move.
//! - [`explore`]: the local page (`crate::explore` serves it).
//! - [`misere`]: the misère canonical form of an impartial game, and
//!   `values --misere --canonical`'s forms of heaps.
//! - [`quotient`]: the misère quotient of a heap game, or who wins a sum
//!   of its heaps in misère play.
//! - [`census`]: a question asked of every game of a family, on worker
//!   processes, into a table that resumes.
//!
//! The three heap commands share the progress line ([`on_heap_worker`])
//! and the picture ([`write_plot`]).

pub mod census;
pub mod eval;
pub mod explore;
pub mod formula;
pub mod misere;
pub mod period;
pub mod quotient;
pub mod solve;
pub mod values;

use crate::args::GrundyOptions;
use crate::failure::{Failure, write_file};
use crate::worker::on_worker;
use cgt_lab::{Game, Pattern, Status, plot_svg};
use std::sync::Arc;
use std::sync::atomic::{AtomicUsize, Ordering};

/// How far a heap computation has got: written by the worker's progress
/// callback, read by the progress line on the main thread.
#[derive(Default)]
struct Reached {
    n: AtomicUsize,
    /// 0 until the first report.
    target: AtomicUsize,
}

/// Runs `work` for `values`, `period` or `formula` on the worker, which
/// watches the memory budget and shows `G(n) computed up to n = … of …`
/// from what `work` reports to the callback it is given.
fn on_heap_worker<T: Send + 'static>(
    options: &GrundyOptions,
    work: impl FnOnce(&mut dyn FnMut(usize, usize)) -> Result<T, Failure> + Send + 'static,
) -> Result<T, Failure> {
    let what = if options.misere { "g-(n)" } else { "G(n)" };
    let reached = Arc::new(Reached::default());
    let line = {
        let reached = Arc::clone(&reached);
        move |s: f64| {
            let target = reached.target.load(Ordering::Relaxed);
            let n = reached.n.load(Ordering::Relaxed);
            (target > 0).then(|| format!("{what} computed up to n = {n} of {target} ({s:.0} s)"))
        }
    };
    let name = options.command.name();
    on_worker(name, options.max_memory, 78, line, move || {
        let mut show = |n: usize, target: usize| {
            reached.n.store(n, Ordering::Relaxed);
            reached.target.store(target, Ordering::Relaxed);
        };
        work(&mut show)
    })
}

/// `--plot FILE`: G(n) against n, with the pattern found, as SVG.
fn write_plot(
    file: &str,
    game: &Game,
    values: &[u32],
    found: Option<(Pattern, Status)>,
) -> Result<(), Failure> {
    write_file("--plot", file, &plot_svg(game.name(), values, found))
}
