//! What the integration tests of `cgt` share: the program run as a child
//! process, and its output as text.

use std::process::{Command, Output};

/// The `cgt` binary Cargo built for these tests.
pub const EXE: &str = env!("CARGO_BIN_EXE_cgt");

/// Runs `cgt` with `args` and waits for its output.
pub fn run(args: &[&str]) -> Output {
    Command::new(EXE)
        .args(args)
        .output()
        .expect("the program runs")
}

/// Standard output, as UTF-8 text.
pub fn stdout(output: &Output) -> String {
    String::from_utf8(output.stdout.clone()).expect("UTF-8")
}

/// Standard error, as UTF-8 text.
pub fn stderr(output: &Output) -> String {
    String::from_utf8(output.stderr.clone()).expect("UTF-8")
}
