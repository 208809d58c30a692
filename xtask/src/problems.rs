//! The registry: every problem crate of the workspace, by crate name.
//!
//! A problem crate is one with a `fixtures/<name>/` folder; the tidy test
//! `xtask/tests/tidy.rs` fails when one is missing here, or listed here
//! without its crate. `cargo xtask new` adds the line for a new crate.

use cgt_testkit::{Entry, entry};

/// A crate not yet on the test kit, through its old free functions.
macro_rules! legacy {
    ($name:literal, $krate:ident) => {{
        fn shrink(text: &str) -> Box<dyn Iterator<Item = String>> {
            Box::new($krate::shrink(text).into_iter())
        }
        fn generate(seed: u64, size: cgt_testkit::Size) -> String {
            let size = match size {
                cgt_testkit::Size::Tiny => cgt_core::generate::Size::Tiny,
                cgt_testkit::Size::Small => cgt_core::generate::Size::Small,
                cgt_testkit::Size::Max => cgt_core::generate::Size::Max,
                cgt_testkit::Size::N(n) => cgt_core::generate::Size::N(n),
            };
            $krate::generate(seed, size)
        }
        Entry {
            name: $name,
            generate,
            solve: $krate::solve::<Vec<u8>>,
            brute: $krate::brute::solve::<Vec<u8>>,
            shrink,
            generated_fixtures: &[("max.in", 1, cgt_testkit::Size::Max)],
            largest: cgt_testkit::Size::Max,
        }
    }};
}

/// Every problem crate of the workspace, in alphabetical order.
pub const PROBLEMS: &[Entry] = &[
    legacy!("card-piles", card_piles),
    legacy!("coin-game", coin_game),
    legacy!("end-stones", end_stones),
    entry::<lasker_nim::problem::LaskerNim>(),
    legacy!("moving-pebbles", moving_pebbles),
    legacy!("parity-nim", parity_nim),
    legacy!("polygon-war", polygon_war),
    legacy!("split-game", split_game),
    legacy!("tree-hackenbush", tree_hackenbush),
    legacy!("voracious-steve", voracious_steve),
];

/// The problem called `name`, or an error that lists the known ones.
pub fn find(name: &str) -> Result<&'static Entry, String> {
    PROBLEMS.iter().find(|p| p.name == name).ok_or_else(|| {
        let known: Vec<&str> = PROBLEMS.iter().map(|p| p.name).collect();
        format!("unknown problem {name:?}; known: {}", known.join(", "))
    })
}
