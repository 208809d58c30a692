//! `period <game> [--upto N] [--json] [--plot FILE.svg]`.

use super::{on_heap_worker, write_plot};
use crate::args::GrundyOptions;
use crate::failure::{Failure, compute_error, output_error};
use std::io::Write;

/// Analyses the game on the worker, up to `--upto` or the game's default
/// cap and work ([`cgt_lab::analyse_capped`]), and writes the analysis (text, or `--json`), then the picture.
pub fn run(options: &GrundyOptions, out: &mut impl Write) -> Result<(), Failure> {
    let game = &options.game;
    let cap = options.upto;
    let threads = options.threads.unwrap_or_else(cgt_lab::default_threads);
    let worker_game = game.clone();
    let (analysis, values) = on_heap_worker(options, move |show| {
        let found = cgt_lab::analyse_capped(&worker_game, cap, threads, &mut |n, target| {
            show(n, target);
            true
        });
        found
            .map_err(compute_error)?
            .ok_or_else(|| Failure::Message("period: the analysis stopped".to_owned(), 1))
    })?;
    if options.json {
        writeln!(out, "{}", analysis.to_json()).map_err(output_error)?;
    } else {
        writeln!(out, "{analysis}").map_err(output_error)?;
    }
    out.flush().map_err(output_error)?;
    if let Some(file) = &options.plot {
        write_plot(file, game, &values.to_vec(), analysis.found)?;
    }
    out.flush().map_err(output_error)
}
