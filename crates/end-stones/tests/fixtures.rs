//! Runs the judge function on every `fixtures/end-stones/*.in` and snapshots
//! input and output; a `.out` beside the input must match byte for byte.
//! `max.in` must be what the generator makes.

use cgt_core::generate::Size;
use std::path::Path;

#[test]
fn fixtures() {
    insta::glob!("../../../fixtures/end-stones", "*.in", |path| {
        insta::assert_snapshot!(cgt_core::fixture::report(path, end_stones::solve));
    });
}

#[test]
fn the_max_fixture_is_generated() {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../fixtures/end-stones/max.in");
    cgt_core::fixture::assert_generated(
        &path,
        &end_stones::generate(1, Size::Max),
        "cargo xtask gen end-stones --seed 1 --size max > fixtures/end-stones/max.in",
    );
}

/// Every `.out` whose input is small enough is also what the exhaustive
/// search answers: the expected outputs do not come from the fast solver.
#[test]
fn expected_outputs_agree_with_the_exhaustive_search() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../fixtures/end-stones");
    let mut checked = 0;
    for entry in std::fs::read_dir(&dir).expect("fixture directory") {
        let path = entry.expect("directory entry").path();
        let Ok(expected) = std::fs::read(path.with_extension("out")) else {
            continue;
        };
        if path.extension().is_none_or(|e| e != "in") {
            continue;
        }
        let input = std::fs::read(&path).expect("readable fixture");
        let mut out = Vec::new();
        if end_stones::brute::solve(&input, &mut out).is_ok() {
            assert_eq!(out, expected, "{}", path.display());
            checked += 1;
        }
    }
    // sample, sample-crlf-no-final-newline, seed-pitfalls and zeros.
    assert!(
        checked >= 4,
        "only {checked} fixtures within the search's bound"
    );
}
