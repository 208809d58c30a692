//! The registry: every problem crate of the workspace, by crate name.
//!
//! A problem crate is one with a `fixtures/<name>/` folder; the tidy test
//! `xtask/tests/tidy.rs` fails when one is missing here, or listed here
//! without its crate. `cargo xtask new` adds the line for a new crate.

use cgt_testkit::{Entry, entry};

/// Every problem crate of the workspace, in alphabetical order.
pub const PROBLEMS: &[Entry] = &[
    entry::<advance_or_eat::problem::AdvanceOrEat>(),
    entry::<card_piles::problem::CardPiles>(),
    entry::<coin_game::problem::CoinGame>(),
    entry::<end_stones::problem::EndStones>(),
    entry::<fibonacci_nim::problem::FibonacciNim>(),
    entry::<green_hackenbush::problem::GreenHackenbush>(),
    entry::<lasker_nim::problem::LaskerNim>(),
    entry::<misere_nim::problem::MisereNim>(),
    entry::<moving_pebbles::problem::MovingPebbles>(),
    entry::<nim_product::problem::NimProduct>(),
    entry::<parity_nim::problem::ParityNim>(),
    entry::<polygon_war::problem::PolygonWar>(),
    entry::<simultaneous_euclid::problem::SimultaneousEuclid>(),
    entry::<split_game::problem::SplitGame>(),
    entry::<staircase_nim::problem::StaircaseNim>(),
    entry::<tree_hackenbush::problem::TreeHackenbush>(),
    entry::<voracious_steve::problem::VoraciousSteve>(),
    entry::<word_chain::problem::WordChain>(),
    entry::<wythoff::problem::Wythoff>(),
];

/// The problem called `name`, or an error that lists the known ones.
pub fn find(name: &str) -> Result<&'static Entry, String> {
    PROBLEMS.iter().find(|p| p.name == name).ok_or_else(|| {
        let known: Vec<&str> = PROBLEMS.iter().map(|p| p.name).collect();
        format!("unknown problem {name:?}; known: {}", known.join(", "))
    })
}
