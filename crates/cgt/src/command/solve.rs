//! `solve EXPR [--first left|right] [--json] [--budget N]`, and
//! `solve --batch`.

use crate::args::SolveOptions;
use crate::budget::peak_memory;
use crate::failure::{Failure, NAME, output_error};
use crate::worker::on_worker;
use cgt_core::canonical::{GameStore, ValueError};
use cgt_core::outcome::Side;
use cgt_lab::solve;
use cgt_rulesets::solve::{SolveError, Solver};
use std::io::{self, BufRead, Write};
use std::time::{Duration, Instant};

/// What `--stats` reports: the cases answered, the sums searched, the
/// games stored and the time spent answering.
struct Stats {
    cases: u64,
    searched: u64,
    games: usize,
    answering: Duration,
}

impl Stats {
    /// One line on stderr after the answers (stdout stays the answers
    /// alone): `name N` items, or one JSON object.
    fn print(&self, json: bool) {
        let Stats {
            cases,
            searched,
            games,
            answering,
        } = self;
        let peak = peak_memory().map_or_else(|| "null".to_owned(), |b| b.to_string());
        // Microseconds: a case of a small board takes less than one.
        let seconds = answering.as_secs_f64();
        let line = if json {
            format!(
                "{{\"cases\":{cases},\"sums_searched\":{searched},\"games_stored\":{games},\
                 \"peak_bytes\":{peak},\"seconds\":{seconds:.6}}}"
            )
        } else {
            format!(
                "{NAME}: solve --stats: cases {cases}, sums searched {searched}, games stored \
                 {games}, peak bytes {peak}, seconds {seconds:.6}"
            )
        };
        // Like the progress line, a stderr that cannot be written loses it.
        let _ = writeln!(io::stderr(), "{line}");
    }
}

/// `solve EXPR`, on a worker thread; `solve --batch`, a line at a time
/// from standard input, every answer written as soon as it is known.
pub fn run(options: &SolveOptions, out: &mut impl Write) -> Result<(), Failure> {
    let (budget, stats) = (options.budget, options.stats);
    let searching = |s: f64| Some(format!("solve: searching ({s:.0} s)"));
    let Some(expr) = options.expr.clone() else {
        // The worker reads standard input and writes standard output
        // itself, a line at a time; this thread watches the memory.
        return on_worker("solve", options.max_memory, 60, searching, move || {
            let mut out = io::BufWriter::new(io::stdout().lock());
            let answered = run_batch(&mut out, budget)?;
            if stats {
                answered.print(true);
            }
            Ok(())
        });
    };
    let (first, json) = (options.first, options.json);
    let (line, answered) = on_worker("solve", options.max_memory, 60, searching, move || {
        let mut store = GameStore::new();
        let mut solver = budget.map_or_else(Solver::new, Solver::with_budget);
        let start = Instant::now();
        let solved = solve::solve(&mut solver, &mut store, &expr, first)
            .map_err(|e| solve_error(&e, None))?;
        let answered = Stats {
            cases: 1,
            searched: solver.searched(),
            games: store.len(),
            answering: start.elapsed(),
        };
        Ok((if json { solved.json() } else { solved.text() }, answered))
    })?;
    writeln!(out, "{line}").map_err(output_error)?;
    out.flush().map_err(output_error)?;
    if stats {
        answered.print(json);
    }
    Ok(())
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

/// `solve --batch`: what [`Stats`] counts of it.
fn run_batch(out: &mut impl Write, budget: Option<usize>) -> Result<Stats, Failure> {
    let mut store = GameStore::new();
    let mut solver = budget.map_or_else(Solver::new, Solver::with_budget);
    let (mut cases, mut answering) = (0, Duration::ZERO);
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
        let start = Instant::now();
        let solved = solve::solve(&mut solver, &mut store, expr, first)
            .map_err(|e| solve_error(&e, Some(n + 1)))?;
        answering += start.elapsed();
        cases += 1;
        writeln!(out, "{}", solved.json()).map_err(output_error)?;
        out.flush().map_err(output_error)?;
    }
    Ok(Stats {
        cases,
        searched: solver.searched(),
        games: store.len(),
        answering,
    })
}
