//! Runs the judge function on every `fixtures/parity-nim/*.in` and snapshots
//! input and output; a `.out` beside the input must match byte for byte.

use cgt_core::generate::Size;
use std::path::Path;

#[test]
fn fixtures() {
    insta::glob!("../../../fixtures/parity-nim", "*.in", |path| {
        insta::assert_snapshot!(cgt_core::fixture::report(path, parity_nim::solve));
    });
}

#[test]
fn max_fixture_is_the_generated_one() {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../fixtures/parity-nim/max.in");
    cgt_core::fixture::assert_generated(
        &path,
        &parity_nim::generate(1, Size::Max),
        "cargo xtask gen parity-nim --seed 1 --size max > fixtures/parity-nim/max.in",
    );
}
