//! `split-game`: the HNOI 2007 分裂游戏 judge program (BZOJ 1188, Luogu
//! P3185). Reads stdin, writes stdout; malformed input exits with status 2.

fn main() -> std::process::ExitCode {
    cgt_judge::run(env!("CARGO_PKG_NAME"), split_game::solve)
}
