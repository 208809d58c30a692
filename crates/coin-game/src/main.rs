//! `coin-game`: the USACO 2009 Nov Silver "A Coin Game" judge program. Reads
//! stdin, writes stdout; malformed input exits with status 2.

fn main() -> std::process::ExitCode {
    cgt_judge::run(env!("CARGO_PKG_NAME"), coin_game::solve)
}
