//! Runs the judge function on every `fixtures/split-game/*.in` and snapshots
//! input and output; a `.out` beside the input must match byte for byte.

use cgt_core::generate::Size;
use std::path::Path;

#[test]
fn fixtures() {
    insta::glob!("../../../fixtures/split-game", "*.in", |path| {
        insta::assert_snapshot!(cgt_core::fixture::report(path, split_game::solve));
    });
}

#[test]
fn max_fixture_is_what_the_generator_makes() {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../fixtures/split-game/max.in");
    cgt_core::fixture::assert_generated(
        &path,
        &split_game::generate(1, Size::Max),
        "cargo xtask gen split-game --seed 1 --size max > fixtures/split-game/max.in",
    );
}
