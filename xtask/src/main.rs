//! Project automation in plain std (the cargo-xtask pattern).
//!
//! ```text
//! cargo xtask test [--accept] [-- <cargo test args>]
//! cargo xtask review
//! cargo xtask gen <crate> [--seed S] [--size tiny|small|max|N]
//! cargo xtask solve <crate> < input
//! cargo xtask stress <crate> --against "<command>" [--cases N] [--seed S] [--size ...] [--timeout SECS] [--max-time SECS] [--dir DIR]
//! cargo xtask fuzz [--minutes M] [--seed S] [--only eval|solve|values|python]
//! ```

use std::env;
use std::process::ExitCode;
use xtask::{fuzz, new, snapshots, stress};

const USAGE: &str = "\
usage:
  cargo xtask test [--accept] [-- <cargo test args>]
      Run every test of the workspace: unit tests, exhaustive cross-checks,
      doctests and fixture snapshots, then the Python package's pytest suite
      (in a virtual environment under target/; skipped, saying so, without
      a Python 3, and skipped when <cargo test args> are given), then the
      browser tests of cgt explore's page (headless Chromium; skipped, saying
      so, without chromium and chromedriver, or with <cargo test args>).
      With <cargo test args> the whole workspace is tested by `cargo test`,
      unless they name packages (`-p demo-game`): then those alone.
      Fails on a changed, missing or orphaned
      snapshot and names it; never writes a snapshot. Changed and new ones are
      left as pending `.snap.new` files for `cargo xtask review`.
      --accept   accept every new and changed snapshot, delete orphaned ones
  cargo xtask review
      Show each pending snapshot's diff and accept or reject it.
  cargo xtask gen <crate> [--seed S] [--size tiny|small|max|N]
      Print one deterministic judge input (default: seed 1, size small).
  cargo xtask solve <crate> < input
      The crate's reference solver, like its binary.
  cargo xtask new <name>
      Scaffold a problem crate (crates/<name>/, fixtures/<name>/) as a
      working example, and register it.
  cargo xtask stress <crate> --against \"<command>\" [--cases N] [--seed S]
                     [--size tiny|small|max|N] [--timeout SECS] [--max-time SECS]
                     [--dir DIR]
      Generate inputs, run <command> (through sh) on each and compare with the
      reference answer (at size tiny, also checked by the exhaustive search).
      On the first failure, shrink the input, save it as <dir>/<crate>-<n>.in
      with the expected .out (dir: stress-failures), show both outputs side by
      side and exit non-zero. Defaults: 100 cases, size tiny, timeout 5 s, a
      seed from the clock (printed, to reproduce).
      --timeout SECS   each run's time limit: a run still going is a TLE
      --max-time SECS  a bound on the whole stress run (none by default): a
                       run still going when it passes is stopped, and so is
                       stress, with one line and exit status 3; while shrinking
                       a failure, the smallest failing input found so far is
                       reported (exit status 1)
  cargo xtask fuzz [--minutes M] [--seed S] [--only eval|solve|values|python]
                   [--timeout SECS] [--cgt PATH] [--python PATH] [--print N]
                   [--input TEXT]
      Build the release cgt, then run generated inputs through cgt eval,
      solve, values/period/formula and the Python module for M minutes
      (default 10), each run within SECS of CPU (default 10; six times as
      long on the wall clock). Reports panics, hangs, multi-line errors, exit
      statuses other than 0, 1, 2, values that do not read back, and solve
      disagreeing with eval or refusing what it reads, each with the command
      that shows it; exit status 1 if any. The seed (printed) replays the
      cases.
      --cgt PATH      use this binary instead of building one
      --python PATH   a Python that imports cgt (default: target/py-venv)
      --print N       print the first N cases of the seed instead of running
      --input TEXT    check this one input instead (with --only eval, solve
                      or python: an expression, or a Python expression)
";

fn main() -> ExitCode {
    let args: Vec<String> = env::args().skip(1).collect();
    let result = match args.first().map(String::as_str) {
        Some("test") => snapshots::test(&args[1..]),
        Some("review") => snapshots::review(&args[1..]),
        Some("gen") => stress::generate(&args[1..]),
        Some("solve") => stress::solve(&args[1..]),
        Some("stress") => return stress::stress(&args[1..]),
        Some("fuzz") => return fuzz::fuzz(&args[1..]),
        Some("new") => {
            // Every error of `new` is a usage error: nothing was written.
            if let Err(message) = new::new(&args[1..]) {
                eprintln!("xtask: {message}");
                return ExitCode::from(2);
            }
            Ok(())
        }
        Some("-h" | "--help" | "help") => {
            print!("{USAGE}");
            Ok(())
        }
        _ => Err(format!("unknown or missing command\n{USAGE}")),
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(message) => {
            eprintln!("xtask: {message}");
            ExitCode::FAILURE
        }
    }
}
