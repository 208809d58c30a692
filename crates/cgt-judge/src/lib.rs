//! Judge I/O shared by every binary of the cgt solvers: a checked
//! whitespace tokenizer, typed reads with precise errors, and the `main`
//! runner. It is its own crate so that `cgt-core`, the game library, carries
//! no tokenizer.
//!
//! The input is read once and split on ASCII whitespace, so line layout never
//! matters (CRLF, blank lines, a missing final newline). Typed reads check
//! their range and say what was expected and where: test case, token number
//! and line. Nothing here panics on any input, overflows silently, or
//! allocates by a count it has not checked against the input's length.
//!
//! The pattern of every problem crate:
//! ```
//! use cgt_judge::{JudgeError, Tokens};
//! use std::io::Write;
//!
//! /// Sums each case's values.
//! pub fn solve<W: Write>(input: &[u8], out: &mut W) -> Result<(), JudgeError> {
//!     let mut tokens = Tokens::new(input);
//!     let cases = tokens.count("the number of test cases T", 1)?;
//!     for case in 1..=cases {
//!         tokens.begin_case(case);
//!         let n = tokens.count("n", 1)?;
//!         let mut sum = 0_u64;
//!         for _ in 0..n {
//!             sum += tokens.u64_in("a value", 0..=1_000_000)?;
//!         }
//!         writeln!(out, "{sum}")?;
//!     }
//!     tokens.finish()?;
//!     Ok(())
//! }
//!
//! let mut out = Vec::new();
//! solve(b"2\r\n3 1 2 3\n\n1 7", &mut out).unwrap();
//! assert_eq!(out, b"6\n7\n");
//! let error = solve(b"1 2 5 x", &mut Vec::new()).unwrap_err();
//! assert_eq!(
//!     error.to_string(),
//!     "malformed input: test case 1, token 4 (line 1): expected a value, an integer in 0..=1000000, found \"x\""
//! );
//! ```
//! and its `main.rs`:
//! ```no_run
//! # fn solve(_: &[u8], _: &mut Vec<u8>) -> Result<(), cgt_judge::JudgeError> { Ok(()) }
//! fn main() -> std::process::ExitCode {
//!     cgt_judge::run(env!("CARGO_PKG_NAME"), solve)
//! }
//! ```
//!
//! # Where things are
//!
//! Every item is re-exported here (`cgt_judge::Tokens`, `cgt_judge::run`);
//! the modules are private, one file each:
//!
//! | module | holds |
//! |---|---|
//! | `tokenizer` | [`Tokens`] and [`Token`]: the split on whitespace, token numbers and lines (counted only when needed), the errors that say where, [`Tokens::finish`] |
//! | `reads` | the typed reads of [`Tokens`]: integers in a range ([`Tokens::u64_in`], [`Tokens::u32_in`], [`Tokens::usize_in`]), counts checked against the input left ([`Tokens::count`]), [`Tokens::read_into`], digit strings ([`Tokens::digits`]); their fast path scans eight digits at a time |
//! | `cases` | the case readers: [`read_only`] and [`read_cases`] (a crate's `parse` reading with its judge function), [`render_cases`], and [`CasesOfItems`] with [`Count`], the reader of test cases that are each a count `N` and `N` items, answered by one of two words |
//! | `runner` | [`run`], the `main` of a judge binary: all of stdin read into memory (on Linux, a large one into huge pages when the kernel offers them), stdout, [`MALFORMED_INPUT`] |
//! | `error` | [`InputError`] and [`JudgeError`] |

mod cases;
mod error;
mod reads;
mod runner;
mod tokenizer;

pub use cases::{CasesOfItems, Count, read_cases, read_only, render_cases};
pub use error::{InputError, JudgeError};
pub use runner::{MALFORMED_INPUT, run};
pub use tokenizer::{Token, Tokens};
