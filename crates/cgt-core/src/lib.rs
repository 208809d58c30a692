//! Shared kernel of the `cgt` workspace: verified, fast solvers for classic
//! combinatorial-game problems.
//!
//! - [`mex`]: the minimum excludant, and a reusable set for hot loops.
//! - [`impartial`]: Sprague-Grundy values, as a dense table or a sparse memo.
//! - [`interval`]: tables for interval dynamic programming.
//! - [`search`]: exhaustive, memoised game searches written from the rules
//!   alone; the problem crates test their fast solvers against them.
//! - [`judge`]: the judge I/O every binary shares: a checked tokenizer, typed
//!   reads with precise errors, and the `main` runner.
//! - [`fixture`]: renders a fixture run as reviewable snapshot text.
//! - [`generate`]: a small deterministic random generator for test inputs.
//! - [`shrink`]: the measure and candidate lists for shrinking failing inputs.
//!
//! Memo tables are values the caller owns; nothing here keeps global state,
//! and no search recurses on the call stack.

pub mod fixture;
pub mod generate;
pub mod impartial;
pub mod interval;
pub mod judge;
pub mod mex;
pub mod search;
pub mod shrink;
