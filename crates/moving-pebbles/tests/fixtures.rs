//! Runs the judge function on every `fixtures/moving-pebbles/*.in` and snapshots
//! input and output; a `.out` beside the input must match byte for byte.

use cgt_core::generate::Size;
use std::path::Path;

#[test]
fn fixtures() {
    insta::glob!("../../../fixtures/moving-pebbles", "*.in", |path| {
        insta::assert_snapshot!(cgt_core::fixture::report(path, moving_pebbles::solve));
    });
}

#[test]
fn max_fixture_is_what_the_generator_makes() {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../fixtures/moving-pebbles/max.in");
    cgt_core::fixture::assert_generated(
        &path,
        &moving_pebbles::generate(1, Size::Max),
        "cargo xtask gen moving-pebbles --seed 1 --size max > fixtures/moving-pebbles/max.in",
    );
}
