//! `card-piles`: the HDU 4597 "Play Game" judge program. Reads stdin, writes
//! stdout; malformed input exits with status 2.

fn main() -> std::process::ExitCode {
    cgt_judge::run(env!("CARGO_PKG_NAME"), card_piles::solve)
}
