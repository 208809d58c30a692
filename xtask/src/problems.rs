//! The problem crates that `gen`, `solve` and `stress` know, by crate name.

use cgt_core::generate::Size;
use cgt_core::judge::JudgeError;

/// A judge function over an in-memory output.
pub type Judge = fn(&[u8], &mut Vec<u8>) -> Result<(), JudgeError>;

/// What xtask needs of a problem crate.
pub struct Problem {
    /// The crate (and binary) name.
    pub name: &'static str,
    /// A deterministic valid input for a seed and size.
    pub generate: fn(u64, Size) -> String,
    /// The fast solver's judge function.
    pub solve: Judge,
    /// The same judge function answered by the exhaustive search (tiny inputs).
    pub brute: Judge,
    /// Smaller valid inputs to try while shrinking a failing one.
    pub shrink: fn(&str) -> Vec<String>,
}

macro_rules! problem {
    ($name:literal, $krate:ident) => {
        Problem {
            name: $name,
            generate: $krate::generate,
            solve: $krate::solve::<Vec<u8>>,
            brute: $krate::brute::solve::<Vec<u8>>,
            shrink: $krate::shrink,
        }
    };
}

/// Every problem crate of the workspace.
pub const PROBLEMS: &[Problem] = &[
    problem!("card-piles", card_piles),
    problem!("coin-game", coin_game),
    problem!("end-stones", end_stones),
    problem!("lasker-nim", lasker_nim),
    problem!("moving-pebbles", moving_pebbles),
    problem!("parity-nim", parity_nim),
    problem!("polygon-war", polygon_war),
    problem!("split-game", split_game),
    problem!("tree-hackenbush", tree_hackenbush),
    problem!("voracious-steve", voracious_steve),
];

/// The problem called `name`, or an error that lists the known ones.
pub fn find(name: &str) -> Result<&'static Problem, String> {
    PROBLEMS.iter().find(|p| p.name == name).ok_or_else(|| {
        let known: Vec<&str> = PROBLEMS.iter().map(|p| p.name).collect();
        format!("unknown problem {name:?}; known: {}", known.join(", "))
    })
}
