//! Runs the judge function on every `fixtures/polygon-war/*.in` and
//! snapshots input and output; a `.out` beside the input must match byte for
//! byte. `max.in` must be what the generator makes.

use cgt_core::generate::Size;
use std::path::Path;

#[test]
fn fixtures() {
    insta::glob!("../../../fixtures/polygon-war", "*.in", |path| {
        insta::assert_snapshot!(cgt_core::fixture::report(path, polygon_war::solve));
    });
}

#[test]
fn max_fixture_is_generated() {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../fixtures/polygon-war/max.in");
    cgt_core::fixture::assert_generated(
        &path,
        &polygon_war::generate(1, Size::Max),
        "cargo xtask gen polygon-war --seed 1 --size max > fixtures/polygon-war/max.in",
    );
}
