//! `end-stones`: the ZJOI 2009 取石子游戏 judge program. Reads stdin, writes stdout;
//! malformed input exits with status 2.

fn main() -> std::process::ExitCode {
    cgt_judge::run(env!("CARGO_PKG_NAME"), end_stones::solve)
}
