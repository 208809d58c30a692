//! Runs the judge function on every `fixtures/coin-game/*.in` and snapshots
//! input and output; a `.out` beside the input must match byte for byte.

use cgt_core::generate::Size;
use std::path::Path;

#[test]
fn fixtures() {
    insta::glob!("../../../fixtures/coin-game", "*.in", |path| {
        insta::assert_snapshot!(cgt_core::fixture::report(path, coin_game::solve));
    });
}

#[test]
fn the_max_fixture_is_the_generated_one() {
    cgt_core::fixture::assert_generated(
        &Path::new(env!("CARGO_MANIFEST_DIR")).join("../../fixtures/coin-game/max.in"),
        &coin_game::generate(1, Size::Max),
        "cargo xtask gen coin-game --seed 1 --size max > fixtures/coin-game/max.in",
    );
}
