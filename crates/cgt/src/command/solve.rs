//! `solve EXPR [--first left|right] [--json] [--budget N]`, and
//! `solve --batch`.

use crate::args::SolveOptions;
use crate::failure::{Failure, output_error};
use crate::worker::on_worker;
use cgt_core::canonical::{GameStore, ValueError};
use cgt_core::outcome::Side;
use cgt_lab::solve;
use cgt_rulesets::solve::{SolveError, Solver};
use std::io::{self, BufRead, Write};

/// `solve EXPR`, on a worker thread; `solve --batch`, a line at a time
/// from standard input, every answer written as soon as it is known.
pub fn run(options: &SolveOptions, out: &mut impl Write) -> Result<(), Failure> {
    let budget = options.budget;
    let searching = |s: f64| Some(format!("solve: searching ({s:.0} s)"));
    let Some(expr) = options.expr.clone() else {
        // The worker reads standard input and writes standard output
        // itself, a line at a time; this thread watches the memory.
        return on_worker("solve", options.max_memory, 60, searching, move || {
            let mut out = io::BufWriter::new(io::stdout().lock());
            run_batch(&mut out, budget)
        });
    };
    let (first, json) = (options.first, options.json);
    let line = on_worker("solve", options.max_memory, 60, searching, move || {
        let mut store = GameStore::new();
        let mut solver = budget.map_or_else(Solver::new, Solver::with_budget);
        let solved = solve::solve(&mut solver, &mut store, &expr, first)
            .map_err(|e| solve_error(&e, None))?;
        Ok(if json { solved.json() } else { solved.text() })
    })?;
    writeln!(out, "{line}").map_err(output_error)?;
    out.flush().map_err(output_error)
}

/// An error of `solve`, placed at EXPR or at a line of `--batch`: exit
/// status 2 for what does not read or a value too large to expand (as
/// `eval`), 1 for a value out of range or a limit of work reached.
fn solve_error(error: &SolveError, line: Option<usize>) -> Failure {
    let status = match error {
        SolveError::Unreadable(_) | SolveError::Overflow(ValueError::TooLarge) => 2,
        SolveError::Overflow(_) | SolveError::TooCostly(_) => 1,
    };
    let place = line.map_or_else(|| "EXPR".to_owned(), |n| format!("line {n}:"));
    Failure::Message(format!("solve: {place} {error}"), status)
}

fn run_batch(out: &mut impl Write, budget: Option<usize>) -> Result<(), Failure> {
    let mut store = GameStore::new();
    let mut solver = budget.map_or_else(Solver::new, Solver::with_budget);
    for (n, line) in io::stdin().lock().lines().enumerate() {
        let line = line.map_err(|e| Failure::Message(format!("solve: standard input: {e}"), 2))?;
        let (first, expr) = solve::batch_line(&line);
        if expr.is_empty() {
            // A blank line is skipped; `left:` alone asks about nothing.
            if let Some(side) = first {
                let prefix = if side == Side::Left {
                    "left:"
                } else {
                    "right:"
                };
                return Err(Failure::Message(
                    format!(
                        "solve: line {}: expected an expression after `{prefix}`",
                        n + 1
                    ),
                    2,
                ));
            }
            continue;
        }
        let solved = solve::solve(&mut solver, &mut store, expr, first)
            .map_err(|e| solve_error(&e, Some(n + 1)))?;
        writeln!(out, "{}", solved.json()).map_err(output_error)?;
        out.flush().map_err(output_error)?;
    }
    Ok(())
}
