//! Project automation (the cargo-xtask pattern): `cargo xtask test | review
//! | gen | solve | stress | new | fuzz`. See `cargo xtask help`.
//!
//! The registry of problem crates is [`problems::PROBLEMS`]; everything
//! here that needs a problem goes through it.

pub mod binaries;
pub mod browser;
pub mod diff;
pub mod fixtures;
pub mod fuzz;
pub mod new;
pub mod problems;
pub mod python;
pub mod run;
pub mod snapshots;
pub mod stress;

use std::env;
use std::path::PathBuf;

/// The workspace root: the parent of this crate's directory, as `cargo run`
/// names it at run time (a binary built for a clone of the workspace that
/// shares the target directory must still work in this one), else as it
/// was when this was compiled.
pub fn workspace_root() -> PathBuf {
    let manifest_dir = env::var_os("CARGO_MANIFEST_DIR")
        .map_or_else(|| PathBuf::from(env!("CARGO_MANIFEST_DIR")), PathBuf::from);
    manifest_dir
        .parent()
        .map(PathBuf::from)
        .unwrap_or(manifest_dir)
}

/// The root the commands work in: the workspace, or the folder named by
/// `CGT_XTASK_ROOT` (for tests that must not touch the real tree).
pub fn root() -> PathBuf {
    env::var_os("CGT_XTASK_ROOT").map_or_else(workspace_root, PathBuf::from)
}

/// The cargo that runs us (the `CARGO` variable), or `cargo`.
pub fn cargo() -> String {
    env::var("CARGO").unwrap_or_else(|_| "cargo".to_owned())
}

/// The workspace README's Rust examples, compiled and run as doctests.
#[cfg(doctest)]
#[doc = include_str!("../../README.md")]
pub struct ReadmeExamples;
