//! Runs the judge function on every `fixtures/card-piles/*.in` and snapshots
//! input and output; a `.out` beside the input must match byte for byte.

use cgt_core::generate::Size;
use std::path::Path;

#[test]
fn fixtures() {
    insta::glob!("../../../fixtures/card-piles", "*.in", |path| {
        insta::assert_snapshot!(cgt_core::fixture::report(path, card_piles::solve));
    });
}

#[test]
fn the_max_fixture_is_the_generated_one() {
    cgt_core::fixture::assert_generated(
        &Path::new(env!("CARGO_MANIFEST_DIR")).join("../../fixtures/card-piles/max.in"),
        &card_piles::generate(1, Size::Max),
        "cargo xtask gen card-piles --seed 1 --size max > fixtures/card-piles/max.in",
    );
}
