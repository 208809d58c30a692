//! Runs the judge function on every `fixtures/tree-hackenbush/*.in` and
//! snapshots input and output; a `.out` beside the input must match byte for
//! byte. `max.in` must be exactly what the generator makes.

use cgt_core::generate::Size;
use std::path::Path;

#[test]
fn fixtures() {
    insta::glob!("../../../fixtures/tree-hackenbush", "*.in", |path| {
        insta::assert_snapshot!(cgt_core::fixture::report(path, tree_hackenbush::solve));
    });
}

#[test]
fn the_max_fixture_is_generated() {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../fixtures/tree-hackenbush/max.in");
    cgt_core::fixture::assert_generated(
        &path,
        &tree_hackenbush::generate(1, Size::Max),
        "cargo xtask gen tree-hackenbush --seed 1 --size max > fixtures/tree-hackenbush/max.in",
    );
}
