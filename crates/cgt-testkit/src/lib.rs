//! The test kit of the `cgt` workspace: what tests, `cargo xtask` and the
//! stress tool need of a problem crate, kept out of the crates' public API.
//!
//! A problem crate implements [`Problem`] once, behind its `testkit`
//! feature: the judge format (parse and render), the fast solver, the
//! exhaustive search written from the rules, a generator by [`Size`] and a
//! lazy shrinker. Then one line runs the whole generic suite:
//!
//! ```text
//! // crates/<name>/tests/suite.rs
//! cgt_testkit::problem_suite!(lasker_nim::problem::LaskerNim, env!("CARGO_BIN_EXE_lasker-nim"));
//! ```
//!
//! - [`suite`]: exhaustive agreement with the brute force, generator and
//!   shrinker sanity, bounded shrinking at the largest input, and the
//!   command-line contract of the judge binary.
//! - [`generate`]: a seeded generator and the size classes.
//! - [`shrink`]: the measure every shrinking step decreases, and lazy
//!   candidate streams.
//! - [`brute`]: small positions for the brute forces.
//! - [`enumerate`]: every small position, for exhaustive tests.
//! - [`fixture`]: snapshot text of a fixture run, and running a judge
//!   program as a child process.
//! - [`Entry`]: a problem as plain function pointers, for a registry.

pub mod brute;
pub mod enumerate;
pub mod fixture;
pub mod generate;
pub mod shrink;
pub mod suite;

pub use cgt_judge::{InputError, JudgeError};
pub use generate::Size;

use rustc_hash::FxHashSet;
use std::hash::{Hash, Hasher};

/// A judge function over an in-memory output.
pub type Judge = fn(&[u8], &mut Vec<u8>) -> Result<(), JudgeError>;

/// One contest problem as the test kit sees it: its judge format, its fast
/// solver and exhaustive search, and how to make and shrink inputs.
///
/// Text is the contract between the parts: the suite renders an input,
/// gives the same bytes to [`solve`](Problem::solve) and
/// [`brute`](Problem::brute), and compares their outputs byte for byte.
pub trait Problem {
    /// The crate's name, which is also its binary's and its fixture folder's.
    const NAME: &'static str;

    /// The size of the largest input the parser accepts (or the judge's
    /// limit, where the parser has none): the bounded-shrinking test runs
    /// there.
    const LARGEST: Size = Size::Max;

    /// Fixtures made by the generator: `(file in fixtures/<name>/, seed,
    /// size)`. The workspace's fixture test checks each file is exactly
    /// what the generator makes.
    const GENERATED_FIXTURES: &'static [(&'static str, u64, Size)] = &[];

    /// One judge input, parsed: usually all of its test cases.
    type Input: Clone + std::fmt::Debug + 'static;

    /// Reads judge input, with the same reader and errors as `solve`.
    ///
    /// # Errors
    /// When the input is malformed.
    fn parse(input: &[u8]) -> Result<Self::Input, InputError>;

    /// Writes `input` in the judge format; `parse(render(x))` is `x`.
    fn render(input: &Self::Input) -> String;

    /// The fast judge function.
    ///
    /// # Errors
    /// As the crate's `solve`.
    fn solve(input: &[u8], out: &mut Vec<u8>) -> Result<(), JudgeError>;

    /// The judge function answered by the exhaustive search, written from
    /// the rules alone.
    ///
    /// # Errors
    /// As `solve`, and an input beyond the search's bound is rejected.
    fn brute(input: &[u8], out: &mut Vec<u8>) -> Result<(), JudgeError>;

    /// Every small input the exhaustive test compares `solve` and `brute`
    /// on: all positions up to the crate's documented bound, grouped into
    /// inputs of many cases so the search's memo is shared.
    fn exhaustive() -> impl Iterator<Item = Self::Input>;

    /// A deterministic valid input for `seed` and `size`: `Tiny` within the
    /// brute force's bound, `Max` at the judge's limits.
    fn generate(seed: u64, size: Size) -> Self::Input;

    /// Smaller inputs to try when `input` makes some solution fail, most
    /// aggressive first, built lazily: the stream may hold a few copies of
    /// the input, never all candidates at once. Each should be valid judge
    /// input, strictly smaller by [`shrink::measure`] and within the judge's
    /// limits.
    fn shrink(input: Self::Input) -> impl Iterator<Item = Self::Input> + 'static;
}

/// Writes the four [`Problem`] methods that a problem crate forwards to its
/// own functions: `parse`, `render` and `solve` from the crate's root, and
/// `brute` from its `brute` module's `solve`. Use it inside the
/// `impl Problem for ...` block of the crate's `src/problem.rs`.
///
/// # Example
/// ```text
/// impl Problem for LaskerNim {
///     const NAME: &'static str = "lasker-nim";
///     type Input = Vec<Vec<u64>>;
///     cgt_testkit::judge_functions!();
///     // exhaustive, generate, shrink ...
/// }
/// ```
// `crate` here is meant: it names the crate that invokes the macro.
#[allow(clippy::crate_in_macro_def)]
#[macro_export]
macro_rules! judge_functions {
    () => {
        fn parse(input: &[u8]) -> Result<Self::Input, $crate::InputError> {
            crate::parse(input)
        }

        fn render(input: &Self::Input) -> String {
            crate::render(input)
        }

        fn solve(input: &[u8], out: &mut Vec<u8>) -> Result<(), $crate::JudgeError> {
            crate::solve(input, out)
        }

        fn brute(input: &[u8], out: &mut Vec<u8>) -> Result<(), $crate::JudgeError> {
            crate::brute::solve(input, out)
        }
    };
}

/// A problem as plain function pointers, over judge text: what a registry
/// of many problems (like `cargo xtask`'s) holds.
#[derive(Clone, Copy)]
pub struct Entry {
    /// The crate (and binary) name.
    pub name: &'static str,
    /// A deterministic valid input for a seed and size, as judge text.
    pub generate: fn(u64, Size) -> String,
    /// The fast solver's judge function.
    pub solve: Judge,
    /// The same judge function answered by the exhaustive search.
    pub brute: Judge,
    /// Shrinking candidates of a judge text, lazily, each strictly smaller
    /// by [`shrink::measure`] and different from the ones before; empty if
    /// the text does not parse.
    pub shrink: fn(&str) -> Box<dyn Iterator<Item = String>>,
    /// The generated fixtures, as [`Problem::GENERATED_FIXTURES`].
    pub generated_fixtures: &'static [(&'static str, u64, Size)],
    /// The largest size, as [`Problem::LARGEST`].
    pub largest: Size,
}

impl std::fmt::Debug for Entry {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Entry").field("name", &self.name).finish()
    }
}

/// The [`Entry`] of problem `P`.
///
/// # Example
/// ```text
/// pub const PROBLEMS: &[Entry] = &[entry::<lasker_nim::problem::LaskerNim>()];
/// ```
pub const fn entry<P: Problem>() -> Entry {
    Entry {
        name: P::NAME,
        generate: generate_text::<P>,
        solve: P::solve,
        brute: P::brute,
        shrink: shrink_text::<P>,
        generated_fixtures: P::GENERATED_FIXTURES,
        largest: P::LARGEST,
    }
}

fn generate_text<P: Problem>(seed: u64, size: Size) -> String {
    P::render(&P::generate(seed, size))
}

/// How many candidates one shrinking step tries at most.
pub const SHRINK_CANDIDATES: usize = 64;

fn shrink_text<P: Problem>(text: &str) -> Box<dyn Iterator<Item = String>> {
    let Ok(input) = P::parse(text.as_bytes()) else {
        return Box::new(std::iter::empty());
    };
    let limit = shrink::measure(text);
    // Hashes, not texts, of the candidates seen: memory stays small.
    let mut seen = FxHashSet::default();
    Box::new(
        P::shrink(input)
            .map(|candidate| P::render(&candidate))
            .filter(move |candidate| {
                let mut hasher = rustc_hash::FxHasher::default();
                candidate.hash(&mut hasher);
                shrink::measure(candidate) < limit && seen.insert(hasher.finish())
            })
            .take(SHRINK_CANDIDATES),
    )
}
