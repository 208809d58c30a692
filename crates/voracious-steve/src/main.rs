//! `voracious-steve`: the CERC 2002 judge program (SPOJ STEVE, POJ 1440).
//! Reads stdin, writes stdout; malformed input exits with status 2.

fn main() -> std::process::ExitCode {
    cgt_judge::run(env!("CARGO_PKG_NAME"), voracious_steve::solve)
}
