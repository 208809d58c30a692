//! What the integration tests of `cgt` share: the program run as a child
//! process, and its output as text.

// Each test file uses a part of this module.
#![allow(dead_code)]

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

/// Runs `cgt args…` with at most `seconds` of CPU time (`ulimit -t` in a
/// shell that then becomes `cgt`), and fails if the limit ended it. CPU
/// time, not the clock: the tests share the cores with other test
/// binaries, which stretches the clock but not the work; the inputs here
/// took minutes before their fixes, so the limits are generous.
pub fn run_within(args: &[&str], seconds: u64) -> Output {
    run_within_env(args, seconds, &[])
}

/// [`run_within`] with these environment variables set.
pub fn run_within_env(args: &[&str], seconds: u64, vars: &[(&str, &str)]) -> Output {
    use std::os::unix::process::ExitStatusExt;
    let output = Command::new("sh")
        .args([
            "-c",
            "ulimit -t \"$0\" && exec \"$@\"",
            &seconds.to_string(),
            EXE,
        ])
        .args(args)
        .envs(vars.iter().copied())
        .output()
        .expect("the program runs");
    assert!(
        output.status.signal().is_none(),
        "cgt {args:?} used up its {seconds} s of CPU (ended by {:?})",
        output.status
    );
    output
}
