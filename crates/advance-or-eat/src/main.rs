//! `advance-or-eat`: the judge program. Reads stdin, writes stdout; malformed
//! input exits with status 2.

fn main() -> std::process::ExitCode {
    cgt_judge::run(env!("CARGO_PKG_NAME"), advance_or_eat::solve)
}
