//! Runs the judge function on every `fixtures/voracious-steve/*.in` and
//! snapshots input and output; a `.out` beside the input must match byte
//! for byte. `max.in` must be what the generator makes.

use cgt_core::generate::Size;
use std::path::Path;

#[test]
fn fixtures() {
    insta::glob!("../../../fixtures/voracious-steve", "*.in", |path| {
        insta::assert_snapshot!(cgt_core::fixture::report(path, voracious_steve::solve));
    });
}

#[test]
fn max_fixture_is_generated() {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../fixtures/voracious-steve/max.in");
    cgt_core::fixture::assert_generated(
        &path,
        &voracious_steve::generate(1, Size::Max),
        "cargo xtask gen voracious-steve --seed 1 --size max > fixtures/voracious-steve/max.in",
    );
}
