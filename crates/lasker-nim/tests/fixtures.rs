//! Runs the judge function on every `fixtures/lasker-nim/*.in` and snapshots
//! input and output; a `.out` beside the input must match byte for byte.

#[test]
fn fixtures() {
    insta::glob!("../../../fixtures/lasker-nim", "*.in", |path| {
        insta::assert_snapshot!(cgt_core::fixture::report(path, lasker_nim::solve));
    });
}
