//! `cgt`: the values of partizan games and who wins their sums;
//! Sprague-Grundy values, periods and formulas of heap games; from the
//! command line. Run `cgt --help` for the commands.
//!
//! The libraries compute (`cgt-lab`, `cgt-rulesets`, `cgt-core`); this
//! binary talks to people. `main` only dispatches:
//! - [`args`]: the one parser of the command line, for every command;
//! - [`command`]: each command's runner, one file each;
//! - [`worker`]: the thread a command computes on, while the main thread
//!   watches the memory budget ([`budget`], `--max-memory`) and shows the
//!   progress line on a terminal ([`progress`]);
//! - [`explore`]: the page of `cgt explore`, its server and its API;
//! - [`checkpoint`]: the checkpoint file of `values` and the run that
//!   writes and resumes it;
//! - [`failure`]: how a run ends early. Every error is one line on stderr
//!   and an exit status: control characters in what it echoes (a newline
//!   in a game code, say) are written as escapes such as `\n`.

mod args;
mod budget;
mod checkpoint;
mod command;
mod explore;
mod failure;
mod progress;
mod worker;

use args::{Grundy, Task};
use failure::{Failure, NAME, one_line, output_error};
use std::ffi::OsString;
use std::io::{self, Write};
use std::process::ExitCode;

fn run(args: impl IntoIterator<Item = OsString>) -> Result<(), Failure> {
    let args = args::utf8_args(args)?;
    let task = args::parse_args(&args)?;
    if let Task::Solve(options) = &task
        && options.expr.is_none()
    {
        // `solve --batch` writes from its worker thread.
        return command::solve::run(options, &mut io::sink());
    }
    let mut out = io::BufWriter::new(io::stdout().lock());
    match task {
        Task::Help => {
            writeln!(out, "{}", args::USAGE).map_err(output_error)?;
            out.flush().map_err(output_error)
        }
        Task::Rulesets => command::eval::list(&mut out),
        Task::Grundy(options) => match options.command {
            Grundy::Values => command::values::run(&options, &mut out),
            Grundy::Period => command::period::run(&options, &mut out),
            Grundy::Formula => command::formula::run(&options, &mut out),
        },
        Task::Eval(options) => command::eval::run(&options, &mut out),
        Task::DeadEnds(options) => command::eval::dead_ends(&options, &mut out),
        Task::Solve(options) => command::solve::run(&options, &mut out),
        Task::Explore(options) => command::explore::run(&options, &mut out),
        Task::Misere(options) => command::misere::run(&options, &mut out),
        Task::Quotient(options) => command::quotient::run(&options, &mut out),
        Task::Census(options) => command::census::run(&options, &mut out),
    }
}

fn main() -> ExitCode {
    match run(std::env::args_os().skip(1)) {
        Ok(()) | Err(Failure::ReaderGone) => ExitCode::SUCCESS,
        Err(Failure::Message(message, status)) => {
            // Nothing more can be said if stderr cannot be written either.
            let _ = writeln!(io::stderr(), "{NAME}: {}", one_line(&message));
            ExitCode::from(status)
        }
    }
}
