//! `formula <game> --lang rust|cpp [--upto N]`.

use super::on_heap_worker;
use crate::args::GrundyOptions;
use crate::failure::{Failure, compute_error, output_error};
use cgt_lab::{Analysis, Lang, analyse_with_values, formula};
use std::io::Write;

/// Analyses the game on the worker and writes the values as a function
/// in the language asked for; no period found is exit status 1.
pub fn run(options: &GrundyOptions, out: &mut impl Write) -> Result<(), Failure> {
    let game = &options.game;
    let cap = options.upto.unwrap_or_else(|| game.default_cap());
    let worker_game = game.clone();
    let (analysis, values) = on_heap_worker(options, move |show| {
        analyse_with_values(&worker_game, cap, show).map_err(compute_error)
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
