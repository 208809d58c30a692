//! `tree-hackenbush`: the AtCoder AGC 017 D judge program. Reads stdin,
//! writes stdout; malformed input exits with status 2.

fn main() -> std::process::ExitCode {
    cgt_judge::run(env!("CARGO_PKG_NAME"), tree_hackenbush::solve)
}
