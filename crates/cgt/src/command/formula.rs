//! `formula <game> --lang rust|cpp [--upto N]`.

use super::on_heap_worker;
use crate::args::GrundyOptions;
use crate::failure::{Failure, compute_error, output_error};
use cgt_lab::{Analysis, Lang, analyse_capped, formula};
use std::io::Write;

/// Analyses the game on the worker and writes the values as a function
/// in the language asked for; no period found is exit status 1.
pub fn run(options: &GrundyOptions, out: &mut impl Write) -> Result<(), Failure> {
    let game = &options.game;
    let cap = options.upto;
    let threads = options.threads.unwrap_or_else(cgt_lab::default_threads);
    let worker_game = game.clone();
    let (analysis, values) = on_heap_worker(options, move |show| {
        let found = analyse_capped(&worker_game, cap, threads, &mut |n, target| {
            show(n, target);
            true
        });
        found
            .map_err(compute_error)?
            .map(|(analysis, values)| (analysis, values.to_vec()))
            .ok_or_else(|| Failure::Message("formula: the analysis stopped".to_owned(), 1))
    })?;
    let lang = options.lang.unwrap_or(Lang::Rust);
    let Some(code) = formula(&analysis, &values, lang) else {
        return Err(no_period(&analysis));
    };
    write!(out, "{code}").map_err(output_error)?;
    out.flush().map_err(output_error)
}

fn no_period(analysis: &Analysis) -> Failure {
    Failure::Message(
        format!(
            "no period found for {} in G(0..={}), so no formula (try a larger --upto)",
            analysis.game, analysis.checked_upto
        ),
        1,
    )
}
