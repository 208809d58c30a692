//! The test kit's generic suite: exhaustive agreement with the brute force,
//! generator and shrinker, and the binary's command-line contract.

#![cfg(feature = "testkit")]

cgt_testkit::problem_suite!(
    advance_or_eat::problem::AdvanceOrEat,
    env!("CARGO_BIN_EXE_advance-or-eat")
);
