//! Game lab: Sprague-Grundy values of heap games, their periods — proved
//! where a theorem allows — and the formula as code.
//!
//! The games: take-and-break codes `d0.d1d2…dt` in octal or hexadecimal, with
//! an optional repeating last digit (`0.77` is Kayles, `4.(3)` Lasker's Nim,
//! `0.(3)` Nim), subtraction games `S(1,3,4)`, and any heap game written as a
//! Rust closure ([`Game::from_fn`]). See [`Code`] for what the digits mean
//! (*Winning Ways*, ch. 4).
//!
//! # What it does
//! - [`Game::values`]: G(0), …, G(N), by the fastest engine for the game.
//! - [`analyse`]: computes as far as needed (doubling, up to a cap) and finds
//!   the least period p, the least preperiod for it and the saltus s with
//!   G(n + p) = G(n) + s for n ≥ preperiod ([`find_pattern`]). It reports a
//!   period as **certified** only when the Guy-Smith periodicity theorem
//!   proves it (finite octal codes, s = 0), otherwise as **observed** over
//!   the computed range, and otherwise reports none.
//! - [`values_until`]: G(0), …, G(N) computed only until the period is
//!   certified, the rest taken from it (what `cgt values` prints).
//! - [`formula`]: the values as a Rust or C++ function, tables for the
//!   preperiod and one period plus the saltus.
//! - [`plot_svg`]: G(n) against n as an SVG picture.
//! - [`eval`](mod@eval): what `cgt eval` computes: [`eval::eval`] reads a sum of
//!   partizan games in CGSuite's notation and ruleset positions into a
//!   `GameStore` (on `cgt-core`'s `canonical` module and `cgt-rulesets`),
//!   [`eval::to_json`] writes its invariants as JSON and
//!   [`eval::thermograph_svg`] draws its thermograph.
//! - [`solve`](mod@solve): what `cgt solve` computes: who wins a sum
//!   `eval` reads with each player moving first, and a winning move, by
//!   `cgt-rulesets`' [`Solver`](cgt_rulesets::solve::Solver) (small regions
//!   valued, the rest searched), without the value of the whole.
//! - [`explore`](mod@explore): the answers of `cgt explore`'s JSON API
//!   (value, options, thermograph, solve, the registry), which the `cgt`
//!   command's server and the Python module's notebook widget both give.
//! - [`misere_values`]: the misère values g⁻(0), …, g⁻(N) of single heaps,
//!   by a search of the sums of heaps the moves create.
//!
//! # Where things live
//! This library computes and returns values, text and pictures; it prints
//! nothing, writes no file and starts no thread of its own apart from the
//! fast engine's workers. The `cgt` command (crate `crates/cgt`) talks to people:
//! it reads the arguments of every command with one parser, runs the
//! library on a thread of its own while it watches the memory budget and
//! shows progress on a terminal (what the `progress` callbacks of
//! [`Sequence::extend_to`], [`analyse`] and [`misere_values`] report, and
//! the time for `eval` and `solve`), writes the output and the files, and
//! turns errors into one line on stderr and an exit status. Both pictures
//! ([`plot_svg`], [`eval::thermograph_svg`]) are written by one small SVG
//! writer (`src/svg.rs`).
//!
//! The modules, a file each: `game` (heap games: codes, subtraction games,
//! rules), `values` (the sequence of values, 2 or 4 bytes each), `naive`
//! (the plain engines and the oracle), `fast` (the fast engine, with
//! `fast/lanes.rs` and `fast/blocks.rs` for several threads), `period`
//! (periods found and certified), `formula`, `plot` and `svg` (the
//! pictures), [`eval`](mod@eval), [`solve`](mod@solve) and
//! [`explore`](mod@explore) (partizan games), and [`json`] (the one writer
//! of JSON strings, shared with the `cgt` command and the census).
//!
//! # Engines
//! - Finite octal codes: the sparse rare/common method of Gangolli and
//!   Plambeck with a byte-table mex (module docs of the engine, in the
//!   source: `src/fast.rs`): per value O(r) for r rare positions plus a
//!   walk over typically a few hundred to a few thousand pairs, instead of
//!   all n/2 pairs.
//! - Other codes (hexadecimal digits, a repeating digit): per value the
//!   finite digits as in [`naive_values`], and the repeating digit through
//!   option sets that grow with n (O(n) per value for a repeating two-heap
//!   split, not O(n²)).
//! - Rules (a `HeapGame` or a closure): the mex of the options the rules
//!   list, by cgt-core's [`HeapGrundy`].
//!
//! [`naive_values`] lists every option from the rules; the tests check both
//! other engines against it.
//!
//! # Example
//! ```
//! use cgt_lab::{analyse, formula, Game, Lang, Pattern, Status};
//! let dawson = Game::parse("0.07").unwrap();
//! let analysis = analyse(&dawson, dawson.default_cap(), &mut |_, _| {}).unwrap();
//! let expected = Pattern { preperiod: 53, period: 34, saltus: 0 };
//! assert_eq!(analysis.found, Some((expected, Status::Certified)));
//! let values = dawson.values(200).unwrap();
//! let code = formula(&analysis, &values, Lang::Rust).unwrap();
//! assert!(code.contains("pub fn grundy(n: u64) -> u64"));
//! ```
//!
//! # Complexity
//! Memory: 2 bytes per value while every value is below 2^16 (4 after), plus for the fast engine its rare list: 8
//! bytes per rare position, kept only while at most one position in 8 is
//! rare (in practice a few hundred entries). Time: see the engines; [`find_pattern`]
//! is O(N) on all but contrived sequences.

pub mod eval;
pub mod explore;
mod fast;
mod formula;
mod game;
pub mod json;
mod naive;
mod period;
mod plot;
pub mod solve;
mod svg;
mod values;

pub use fast::FastStats;
pub use formula::{Lang, formula};
pub use game::{Code, DEFAULT_SPLIT_WORK, Game, MAX_DIGITS, MAX_SPLIT_WORK, ParseError, Rule};
pub use naive::naive_values;
pub use period::{Analysis, GUY_SMITH, Pattern, Status, find_pattern};
pub use plot::plot_svg;
pub use values::Values;

use cgt_core::heap::{BadOption, HeapGame, HeapGrundy};
use cgt_core::nimber::Nimber;
use std::fmt;

/// Why values could not be computed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ComputeError {
    /// G(n) does not fit in a `u32`.
    ValueTooLarge {
        /// The heap size.
        n: usize,
    },
    /// A closure listed an option with a heap that is not smaller than `n`.
    BadOption {
        /// The heap size whose options were listed.
        n: usize,
        /// The offending heap size.
        heap: usize,
    },
    /// More values were asked for than the game allows
    /// ([`Game::max_upto`]).
    TooFar {
        /// What was asked for.
        upto: usize,
        /// The limit.
        max: usize,
    },
    /// The system would not give the memory for the values asked for.
    OutOfMemory {
        /// What was asked for: G(0..=upto).
        upto: usize,
        /// In this many bytes each (2 while the values fit, else 4).
        width: u8,
    },
}

impl fmt::Display for ComputeError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            Self::ValueTooLarge { n } => write!(f, "G({n}) is larger than 2^32 - 1"),
            Self::BadOption { n, heap } => BadOption { n, heap }.fmt(f),
            Self::TooFar { upto, max } => {
                write!(
                    f,
                    "values up to {upto} asked for; at most {max} for this game"
                )
            }
            Self::OutOfMemory { upto, width } => write!(
                f,
                "no memory for G(0..={upto}) ({} MiB): the system refused it",
                (upto as u64 + 1)
                    .saturating_mul(u64::from(width))
                    .div_ceil(1 << 20)
            ),
        }
    }
}

impl std::error::Error for ComputeError {}

enum Engine {
    Fast(fast::Fast),
    Incremental(naive::Incremental),
    Rules(std::sync::Arc<dyn HeapGame + Send + Sync>, HeapGrundy),
}

/// The values of a game, computed so far and extended on demand.
///
/// # Example
/// ```
/// let game = cgt_lab::Game::parse("0.77").unwrap();
/// let mut kayles = cgt_lab::Sequence::new(&game);
/// kayles.extend_to(3, &mut |_, _| {}).unwrap();
/// assert_eq!(*kayles.values(), [0, 1, 2, 3]);
/// kayles.extend_to(5, &mut |_, _| {}).unwrap();
/// assert_eq!(*kayles.values(), [0, 1, 2, 3, 1, 4]);
/// ```
pub struct Sequence {
    /// Narrow (2 bytes a value) while the values fit, for the fast engine;
    /// always wide for the others, whose steps read `&[u32]` (they stop at
    /// 2^22 values).
    values: Values,
    engine: Engine,
    max_upto: usize,
}

impl Sequence {
    /// No values yet; the engine chosen for the game, on at most
    /// [`default_threads`] threads.
    pub fn new(game: &Game) -> Self {
        Self::with_threads(game, default_threads())
    }

    /// No values yet; the engine chosen for the game, on at most `threads`
    /// threads (0 counts as 1). Only the fast engine of finite octal codes
    /// uses more than one, and only as many as pay (see the crate README);
    /// the values are the same for any number.
    pub fn with_threads(game: &Game, threads: usize) -> Self {
        let engine = match game.kind() {
            game::Kind::Code(code) if code.is_finite_octal() => {
                Engine::Fast(fast::Fast::new(code, threads.max(1)))
            }
            game::Kind::Code(code) => Engine::Incremental(naive::Incremental::new(code)),
            game::Kind::Rules(rules) => Engine::Rules(rules.clone(), HeapGrundy::new()),
        };
        let values = match engine {
            Engine::Fast(_) => Values::new(),
            _ => Values(values::Repr::Wide(Vec::new())),
        };
        Self {
            values,
            engine,
            max_upto: game.max_upto(),
        }
    }

    /// The sequence of a finite octal code whose first values are known
    /// already (from a checkpoint), to be extended on at most `threads`
    /// threads, once the values are checked against the rules
    /// ([`ResumeError`] says what failed).
    ///
    /// A table that is not the game's has at least one position whose
    /// value is not the mex of its options as the table gives them: the
    /// least wrong value, whose options are all right. The check takes the
    /// first [`RESUME_CHECK_FIRST`] positions, the last
    /// [`RESUME_CHECK_LAST`] (where a table cut short or padded is wrong,
    /// and whose values the run goes on from) and [`RESUME_CHECK_SAMPLE`]
    /// positions drawn at random from the rest, with a seed no file can
    /// predict (the clock). A forgery in which a fraction f of the
    /// positions fail escapes the sample with probability (1 − f)^256:
    /// 2·10⁻¹² for f = 10%, 2·10⁻⁶ for f = 5%; a table of zeros (every
    /// position from the first nonzero value on fails) never passes. A
    /// forgery of a handful of values in the middle, each consistent with
    /// the ones after it, escapes with probability about 1 − 256 m / N for
    /// m failing positions among N, and the run then goes on from wrong
    /// values: the check catches a damaged or carelessly made file, and is
    /// no proof; `cgt values` without `--resume` is. (For a splitting game a
    /// wrong G(m) usually makes many later positions fail too, since it
    /// enters every larger heap's options.)
    ///
    /// # Errors
    /// [`ResumeError`]: not a finite octal code (other engines keep state
    /// the values do not give back), more values than [`Game::max_upto`]
    /// allows, a value above the number of options of its heap (which
    /// would also make the engine's tables as large as that value), or a
    /// value that is not the mex of its options.
    ///
    /// # Complexity
    /// O(N) per position checked for a splitting code, so about
    /// 64 N + 256 N / 2 pair lookups in all for N values: seconds at 2^24
    /// values, far less than computing them again.
    pub fn resume(
        game: &Game,
        threads: usize,
        values: impl Into<Values>,
    ) -> Result<Self, ResumeError> {
        let seed = std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map_or(0, |d| d.as_nanos() as u64)
            ^ u64::from(std::process::id()).rotate_left(32);
        Self::resume_with_seed(game, threads, values.into(), seed)
    }

    /// [`resume`](Self::resume) with the random sample drawn from `seed`.
    fn resume_with_seed(
        game: &Game,
        threads: usize,
        values: Values,
        seed: u64,
    ) -> Result<Self, ResumeError> {
        let code = game
            .code()
            .filter(|code| code.is_finite_octal())
            .ok_or(ResumeError::NotFiniteOctal)?;
        if values.len() > game.max_upto().saturating_add(1) {
            return Err(ResumeError::TooMany);
        }
        // Heap n has at most one option per digit that removes or keeps one
        // heap, and n / 2 + 1 per digit that splits: the mex is at most that.
        let digits = code.digits().len() as u64;
        let implausible = values
            .iter()
            .enumerate()
            .find(|&(n, v)| u64::from(v) > digits.saturating_mul(n as u64 / 2 + 2));
        if let Some((n, value)) = implausible {
            return Err(ResumeError::TooLarge { n, value });
        }
        let len = values.len();
        let first = 0..RESUME_CHECK_FIRST.min(len);
        let last = len.saturating_sub(RESUME_CHECK_LAST).max(first.end)..len;
        let mut state = seed;
        let (from, middle) = (first.end, last.start - first.end);
        let sample = (0..if middle > 0 { RESUME_CHECK_SAMPLE } else { 0 })
            .map(|_| from + (splitmix(&mut state) % middle as u64) as usize);
        let check = |n: usize| match &values.0 {
            values::Repr::Narrow(v) => naive::is_mex_at(code.digits(), v, n),
            values::Repr::Wide(v) => naive::is_mex_at(code.digits(), v, n),
        };
        for n in first.chain(last).chain(sample) {
            if !check(n) {
                let value = values.get(n).unwrap_or_default();
                return Err(ResumeError::NotMex { n, value });
            }
        }
        let mut sequence = Self::with_threads(game, threads);
        sequence.values = values;
        Ok(sequence)
    }

    /// Computes values up to G(upto), calling `progress(n, upto)` now and
    /// then (about every 2^16 values).
    ///
    /// # Errors
    /// See [`ComputeError`]; the values computed before the error stay.
    pub fn extend_to(
        &mut self,
        upto: usize,
        progress: &mut dyn FnMut(usize, usize),
    ) -> Result<(), ComputeError> {
        self.extend_until(upto, &mut |n, upto| {
            if n % (1 << 16) < 2 && n > 1 {
                progress(n, upto);
            }
            true
        })
        .map(|_| ())
    }

    /// [`extend_to`](Self::extend_to) that can be stopped: `go_on(n, upto)`
    /// is asked before each value (every 2^16 values by the fast engine of
    /// finite octal codes, whose values take microseconds), and the values
    /// stop as soon as it returns false: `Ok(false)`, the values computed
    /// so far kept; `Ok(true)` once G(upto) is computed.
    ///
    /// # Errors
    /// See [`ComputeError`]; the values computed before the error stay.
    pub fn extend_until(
        &mut self,
        upto: usize,
        go_on: &mut dyn FnMut(usize, usize) -> bool,
    ) -> Result<bool, ComputeError> {
        if upto > self.max_upto {
            return Err(ComputeError::TooFar {
                upto,
                max: self.max_upto,
            });
        }
        // Asked for, not assumed: `--upto 2^27` is 512 MiB of values at
        // once, which a process under `ulimit -v` may be refused, and a
        // refused `reserve` aborts the process.
        self.values
            .try_reserve((upto + 1).saturating_sub(self.values.len()))
            .map_err(|_| ComputeError::OutOfMemory {
                upto,
                width: if self.values.is_narrow() { 2 } else { 4 },
            })?;
        while self.values.len() <= upto {
            let n = self.values.len();
            if !go_on(n, upto) {
                return Ok(false);
            }
            if let Engine::Fast(fast) = &mut self.engine {
                fast.extend(&mut self.values, upto, go_on)?;
                return Ok(self.values.len() > upto);
            }
            self.values.widen();
            let values::Repr::Wide(values) = &mut self.values.0 else {
                unreachable!("widened above");
            };
            match &mut self.engine {
                Engine::Incremental(engine) => {
                    let v = engine.next(values)?;
                    values.push(v);
                }
                Engine::Rules(rules, step) => {
                    let v = naive::rules_next(rules.as_ref(), values, step)?;
                    values.push(v);
                }
                Engine::Fast(_) => unreachable!("returned above"),
            }
        }
        Ok(true)
    }

    /// The values computed so far, G(0) first (in 2 bytes each while they
    /// fit: see [`Values`]).
    pub fn values(&self) -> &Values {
        &self.values
    }

    /// G(n), if it has been computed.
    ///
    /// # Example
    /// ```
    /// use cgt_core::nimber::Nimber;
    /// let game = cgt_lab::Game::parse("0.77").unwrap();
    /// let mut kayles = cgt_lab::Sequence::new(&game);
    /// kayles.extend_to(11, &mut |_, _| {}).unwrap();
    /// assert_eq!(kayles.value(11), Some(Nimber(6)));
    /// assert_eq!(kayles.value(12), None);
    /// ```
    pub fn value(&self, n: usize) -> Option<Nimber> {
        self.values.get(n).map(|v| Nimber(u64::from(v)))
    }

    /// The values as `u32`s, giving up the engine (a copy when they are
    /// narrow: [`into_compact_values`](Self::into_compact_values) keeps
    /// them as they are).
    pub fn into_values(self) -> Vec<u32> {
        self.values.into()
    }

    /// The values as stored, giving up the engine.
    pub fn into_compact_values(self) -> Values {
        self.values
    }

    /// The fast engine's mask and number of rare positions (`None` for the
    /// other engines).
    pub fn fast_stats(&self) -> Option<FastStats> {
        match &self.engine {
            Engine::Fast(fast) => Some(fast.stats()),
            _ => None,
        }
    }
}

/// How many of the first values [`Sequence::resume`] checks, all of them.
pub const RESUME_CHECK_FIRST: usize = 1 << 12;
/// How many of the last values [`Sequence::resume`] checks, all of them.
pub const RESUME_CHECK_LAST: usize = 64;
/// How many values in between [`Sequence::resume`] checks, drawn at random.
pub const RESUME_CHECK_SAMPLE: usize = 256;

/// SplitMix64: the next of a stream of well-mixed numbers from `state`
/// (for a sample, not for secrets).
fn splitmix(state: &mut u64) -> u64 {
    *state = state.wrapping_add(0x9e37_79b9_7f4a_7c15);
    let mut z = *state;
    z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    z ^ (z >> 31)
}

/// Why [`Sequence::resume`] refused values.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ResumeError {
    /// The game is not a finite octal code.
    NotFiniteOctal,
    /// More values than [`Game::max_upto`] allows.
    TooMany,
    /// G(n) = value is more than heap n has options.
    TooLarge {
        /// The heap.
        n: usize,
        /// Its value in the table.
        value: u32,
    },
    /// G(n) = value is not the mex of its options' values in the table.
    NotMex {
        /// The heap.
        n: usize,
        /// Its value in the table.
        value: u32,
    },
}

impl fmt::Display for ResumeError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            Self::NotFiniteOctal => write!(f, "only a finite octal code resumes"),
            Self::TooMany => write!(f, "more values than the game allows"),
            Self::TooLarge { n, value } => {
                write!(f, "G({n}) = {value} is more than heap {n} has options")
            }
            Self::NotMex { n, value } => {
                write!(f, "G({n}) = {value} is not the mex of its options' values")
            }
        }
    }
}

impl std::error::Error for ResumeError {}

/// How many threads a computation may use when not told: the environment
/// variable `CGT_LAB_THREADS` if it is a number of at least 1, otherwise
/// every core (`std::thread::available_parallelism`).
pub fn default_threads() -> usize {
    std::env::var("CGT_LAB_THREADS")
        .ok()
        .and_then(|t| t.parse::<usize>().ok())
        .filter(|&t| t >= 1)
        .unwrap_or_else(|| std::thread::available_parallelism().map_or(1, |n| n.get()))
}

/// Computes the game's values as far as needed, at most to G(cap), and finds
/// its period ([`find_pattern`]).
///
/// For a finite octal code it starts at 2^10 values and doubles, jumping
/// straight to the Guy-Smith bound of a period that holds for at least three
/// periods at the end, and stops as soon as the period is certified. Other
/// games have no certificate, so it computes all values up to `cap` and
/// reports what it observes there. `progress(n, target)` is called every
/// 2^16 values.
///
/// # Errors
/// See [`ComputeError`].
///
/// # Example
/// ```
/// use cgt_lab::{analyse, Game, Pattern, Status};
/// let lasker = Game::parse("4.(3)").unwrap();
/// let analysis = analyse(&lasker, 1000, &mut |_, _| {}).unwrap();
/// let expected = Pattern { preperiod: 1, period: 4, saltus: 4 };
/// assert_eq!(analysis.found, Some((expected, Status::Observed)));
/// assert_eq!(analysis.checked_upto, 1000);
/// ```
///
/// # Complexity
/// That of the engine up to the N reached, plus O(N) per doubling step for
/// [`find_pattern`].
pub fn analyse(
    game: &Game,
    cap: usize,
    progress: &mut dyn FnMut(usize, usize),
) -> Result<Analysis, ComputeError> {
    analyse_with_values(game, cap, progress).map(|(analysis, _)| analysis)
}

/// [`analyse`], also returning the values computed, G(0..=checked_upto).
///
/// # Errors
/// See [`ComputeError`].
///
/// # Example
/// ```
/// let game = cgt_lab::Game::parse("0.(3)").unwrap();
/// let (analysis, values) = cgt_lab::analyse_with_values(&game, 99, &mut |_, _| {}).unwrap();
/// assert_eq!(values.len(), 100);
/// assert_eq!(analysis.pattern().map(|p| (p.period, p.saltus)), Some((1, 1)));
/// ```
pub fn analyse_with_values(
    game: &Game,
    cap: usize,
    progress: &mut dyn FnMut(usize, usize),
) -> Result<(Analysis, Vec<u32>), ComputeError> {
    let found = analyse_until(game, cap, &mut |n, target| {
        progress(n, target);
        true
    })?;
    Ok(found.expect("an analysis that is never stopped ends"))
}

/// [`analyse_with_values`] that can be stopped: `go_on(n, target)` is
/// called at the start and every 2^16 values (as `progress` is there), and the analysis
/// stops with `Ok(None)` as soon as it returns false. A program that runs
/// analyses for people (the Python module) stops one on Ctrl-C this way.
///
/// # Errors
/// See [`ComputeError`].
///
/// # Example
/// ```
/// let kayles = cgt_lab::Game::parse("0.77").unwrap();
/// let stopped = cgt_lab::analyse_until(&kayles, 1 << 20, &mut |_, _| false).unwrap();
/// assert!(stopped.is_none());
/// let (analysis, _) = cgt_lab::analyse_until(&kayles, 1 << 20, &mut |_, _| true).unwrap().unwrap();
/// assert_eq!(analysis.pattern().map(|p| p.period), Some(12));
/// ```
pub fn analyse_until(
    game: &Game,
    cap: usize,
    go_on: &mut dyn FnMut(usize, usize) -> bool,
) -> Result<Option<(Analysis, Vec<u32>)>, ComputeError> {
    analyse_on(game, cap, default_threads(), go_on)
}

/// [`analyse_until`] on at most `threads` threads (see
/// [`Sequence::with_threads`]); the result does not depend on `threads`.
///
/// # Errors
/// See [`ComputeError`].
pub fn analyse_on(
    game: &Game,
    cap: usize,
    threads: usize,
    go_on: &mut dyn FnMut(usize, usize) -> bool,
) -> Result<Option<(Analysis, Vec<u32>)>, ComputeError> {
    let found = analyse_compact_on(game, cap, threads, go_on)?;
    Ok(found.map(|(analysis, values)| (analysis, values.into())))
}

/// [`analyse_on`], returning the values as stored (2 bytes each while they
/// fit), so that a long run does not need them twice at the end.
///
/// # Errors
/// See [`ComputeError`].
pub fn analyse_compact_on(
    game: &Game,
    cap: usize,
    threads: usize,
    go_on: &mut dyn FnMut(usize, usize) -> bool,
) -> Result<Option<(Analysis, Values)>, ComputeError> {
    // Refused before any work, though a period certified early would stop
    // the doubling below the limit: a cap is a promise to go that far.
    if let Err(e) = check_upto(game, cap as u64) {
        return Err(ComputeError::TooFar {
            upto: cap,
            max: e.max,
        });
    }
    analyse_in(
        game,
        Sequence::with_threads(game, threads),
        cap,
        None,
        go_on,
    )
}

/// [`analyse_compact_on`] up to `cap`, or without one (`None`: `period`
/// without `--upto`, Python's `period` without `cap`) up to the game's
/// [`Game::default_cap`], and then also only as far as the work stays
/// within [`DEFAULT_SPLIT_WORK`]: a finite octal code whose values no mask
/// makes sparse (`0.3346`) is computed by listing every pair, quadratic in
/// n, and the doubling stops before a step that would list more pairs than
/// that (about a second), reporting what it saw up to there (`checked_upto`;
/// a larger cap goes on). A cap given is a promise and is kept.
///
/// # Errors
/// See [`ComputeError`].
///
/// # Example
/// ```
/// let game = cgt_lab::Game::parse("0.3346").unwrap();
/// let (analysis, _) = cgt_lab::analyse_capped(&game, None, 1, &mut |_, _| true).unwrap().unwrap();
/// assert!(analysis.checked_upto < game.default_cap());
/// ```
pub fn analyse_capped(
    game: &Game,
    cap: Option<usize>,
    threads: usize,
    go_on: &mut dyn FnMut(usize, usize) -> bool,
) -> Result<Option<(Analysis, Values)>, ComputeError> {
    let Some(cap) = cap else {
        let sequence = Sequence::with_threads(game, threads);
        return analyse_in(
            game,
            sequence,
            game.default_cap(),
            Some(DEFAULT_SPLIT_WORK),
            go_on,
        );
    };
    analyse_compact_on(game, cap, threads, go_on)
}

/// The pairs the fast engine lists to take `sequence` from G(upto) to
/// G(next) when it lists every pair (no mask makes the values sparse),
/// and the pairs it listed to get to G(upto); `None` while it does not.
fn pair_listing(sequence: &Sequence, game: &Game, upto: usize, next: usize) -> Option<(u64, u64)> {
    let stats = sequence.fast_stats()?;
    if stats.mask != 0 {
        return None;
    }
    let splits = game
        .code()
        .map_or(0, |c| c.digits().iter().filter(|&&d| d & 4 != 0).count()) as u128;
    let pairs = |n: usize| splits * (n as u128) * (n as u128) / 4;
    let done = u64::try_from(pairs(upto)).unwrap_or(u64::MAX);
    let step = u64::try_from(pairs(next) - pairs(upto)).unwrap_or(u64::MAX);
    Some((done, step))
}

/// [`analyse_compact_on`] extending `sequence`, the game's, from where it is;
/// with a `budget`, not past a doubling step of the fast engine's pair
/// listing that would take the pairs listed beyond it ([`analyse_capped`]).
fn analyse_in(
    game: &Game,
    mut sequence: Sequence,
    cap: usize,
    budget: Option<u64>,
    go_on: &mut dyn FnMut(usize, usize) -> bool,
) -> Result<Option<(Analysis, Values)>, ComputeError> {
    let t = game
        .code()
        .filter(|code| code.is_finite_octal())
        .and_then(Code::last_nonzero);
    let mut upto = if t.is_some() { cap.min(1023) } else { cap };
    loop {
        if !sequence.extend_until(upto, go_on)? {
            return Ok(None);
        }
        let scan = period::scan_values(sequence.values(), t);
        let doubled = upto.saturating_mul(2).saturating_add(1);
        let next = match scan.certify_at {
            Some(at) if at > upto && at <= doubled.saturating_mul(2) => at,
            _ => doubled,
        }
        .min(cap);
        let over_budget = budget.is_some_and(|budget| {
            pair_listing(&sequence, game, upto, next)
                .is_some_and(|(done, step)| done.saturating_add(step) > budget)
        });
        let done = upto >= cap || over_budget || matches!(scan.found, Some((_, Status::Certified)));
        if done {
            let analysis = Analysis {
                game: game.name().to_owned(),
                found: scan.found,
                checked_upto: upto,
                t,
            };
            return Ok(Some((analysis, sequence.into_compact_values())));
        }
        upto = next;
    }
}

/// Checks a count of values asked for, G(0..=upto), against
/// [`Game::max_upto`]: the one check of that limit, shared by the command
/// line (`--upto`) and the Python module (`upto`, `cap`), before any work.
///
/// # Errors
/// [`UptoError`] beyond the limit.
///
/// # Example
/// ```
/// let game = cgt_lab::Game::parse("0.6").unwrap();
/// assert_eq!(cgt_lab::check_upto(&game, 1000), Ok(1000));
/// let error = cgt_lab::check_upto(&game, 1 << 40).unwrap_err();
/// assert_eq!(error.to_string(), "expected a number in 0..=4294967295 for 0.6");
/// ```
pub fn check_upto(game: &Game, upto: u64) -> Result<usize, UptoError> {
    let max = game.max_upto();
    usize::try_from(upto)
        .ok()
        .filter(|&n| n <= max)
        .ok_or_else(|| UptoError {
            max,
            game: game.name().to_owned(),
        })
}

/// A count of values beyond [`Game::max_upto`] ([`check_upto`]).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct UptoError {
    /// The largest `upto` the game allows.
    pub max: usize,
    /// The game's name.
    pub game: String,
}

impl fmt::Display for UptoError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "expected a number in 0..={} for {}", self.max, self.game)
    }
}

impl std::error::Error for UptoError {}

/// G(0), …, G(upto), computed only as far as needed: a finite octal code
/// is computed, doubling as [`analyse_compact_on`] does, until its period
/// is certified by the Guy-Smith theorem, and every later value is then
/// the value one period before (G(n) = G(n − p) from the preperiod on,
/// saltus 0, proved). Other games, and codes whose period is not certified
/// by `upto`, are computed to the end. The values are those
/// [`Sequence::extend_until`] gives. `go_on` is asked as there; `Ok(None)`
/// once it says no.
///
/// # Errors
/// See [`ComputeError`].
///
/// # Example
/// ```
/// let dawson = cgt_lab::Game::parse("0.07").unwrap();
/// let values = cgt_lab::values_until(&dawson, 1 << 20, 1, &mut |_, _| true).unwrap().unwrap();
/// assert_eq!(values.len(), (1 << 20) + 1);
/// assert_eq!(values.to_vec()[..200], dawson.values(199).unwrap()[..]);
/// ```
///
/// # Complexity
/// That of the engine up to the certification point (n = 142 for `0.07`,
/// whose values are otherwise quadratic to compute), then O(1) a value.
pub fn values_until(
    game: &Game,
    upto: usize,
    threads: usize,
    go_on: &mut dyn FnMut(usize, usize) -> bool,
) -> Result<Option<Values>, ComputeError> {
    if let Err(e) = check_upto(game, upto as u64) {
        return Err(ComputeError::TooFar { upto, max: e.max });
    }
    let mut sequence = Sequence::with_threads(game, threads);
    if !game.is_finite_octal() {
        let done = sequence.extend_until(upto, go_on)?;
        return Ok(done.then(|| sequence.into_compact_values()));
    }
    // All the room at once, as the engine alone asks for it: a run the
    // system cannot hold is refused before any work, whatever the period.
    sequence
        .values
        .try_reserve(upto + 1)
        .map_err(|_| ComputeError::OutOfMemory { upto, width: 2 })?;
    let Some((analysis, mut values)) = analyse_in(game, sequence, upto, None, go_on)? else {
        return Ok(None);
    };
    let certified = match analysis.found {
        Some((pattern, Status::Certified)) if pattern.saltus == 0 => Some(pattern),
        _ => None,
    };
    if let Some(pattern) = certified {
        // Certified only with saltus 0, from the preperiod on.
        while values.len() <= upto {
            let n = values.len();
            if n % (1 << 16) == 0 && !go_on(n, upto) {
                return Ok(None);
            }
            // n − p < n: always there.
            let repeated = values.get(n - pattern.period).unwrap_or_default();
            values.push(repeated);
        }
    }
    Ok(Some(values))
}

/// The most misère values [`misere_values`] computes: the search keeps one
/// entry per list of heaps it meets, a list per heap at the least.
pub const MISERE_MAX_UPTO: usize = 1 << 20;

/// The misère Grundy values g⁻(0), …, g⁻(upto) of single heaps (the last
/// player to move loses), from the game's rules ([`Game::heap_game`]):
/// g⁻ is 1 for no move and the mex of the options' g⁻ otherwise, and since
/// an option is a sum of heaps, whose g⁻ does not follow from its heaps',
/// each heap is searched as a whole game by cgt-core's
/// [`misere_heap_values`](cgt_core::misere::misere_heap_values).
/// `progress(n, upto)` is called after each heap.
///
/// # Errors
/// [`ComputeError::TooFar`] beyond [`MISERE_MAX_UPTO`] (or the game's
/// [`Game::max_upto`]), [`ComputeError::BadOption`] for rules that do not
/// shrink a heap, [`ComputeError::ValueTooLarge`] for a value above 2^32 − 1.
///
/// # Example
/// ```
/// let kayles = cgt_lab::Game::parse("0.77").unwrap();
/// let values = cgt_lab::misere_values(&kayles, 9, &mut |_, _| {}).unwrap();
/// assert_eq!(values, [1, 0, 2, 3, 0, 1, 3, 2, 1, 0]);
/// // Nim: the misère values swap 0 and 1 and keep the rest.
/// let nim = cgt_lab::Game::parse("0.(3)").unwrap();
/// assert_eq!(cgt_lab::misere_values(&nim, 4, &mut |_, _| {}).unwrap(), [1, 0, 2, 3, 4]);
/// ```
///
/// # Complexity
/// One expansion per list of heaps reachable from a heap up to `upto`:
/// `upto + 1` for games that never split a heap; for games that split,
/// about the number of partitions of `upto` (Kayles: 0.77 to 40 in
/// seconds), which is what limits `upto` in practice.
pub fn misere_values(
    game: &Game,
    upto: usize,
    progress: &mut dyn FnMut(usize, usize),
) -> Result<Vec<u32>, ComputeError> {
    let values = misere_values_until(game, upto, &mut |n, upto| {
        progress(n, upto);
        true
    })?;
    Ok(values.expect("a search that is never stopped ends"))
}

/// [`misere_values`] that can be stopped between heaps: `go_on(n, upto)` is
/// asked after each heap, and `Ok(None)` returned as soon as it says no.
///
/// # Errors
/// As [`misere_values`].
pub fn misere_values_until(
    game: &Game,
    upto: usize,
    go_on: &mut dyn FnMut(usize, usize) -> bool,
) -> Result<Option<Vec<u32>>, ComputeError> {
    let max = game.max_upto().min(MISERE_MAX_UPTO);
    if upto > max {
        return Err(ComputeError::TooFar { upto, max });
    }
    let values =
        cgt_core::misere::misere_heap_values_until(game.heap_game(), upto + 1, &mut |n, _| {
            go_on(n, upto)
        })
        .map_err(|BadOption { n, heap }| ComputeError::BadOption { n, heap })?;
    let Some(values) = values else {
        return Ok(None);
    };
    values
        .iter()
        .enumerate()
        .map(|(n, g)| u32::try_from(g.value()).map_err(|_| ComputeError::ValueTooLarge { n }))
        .collect::<Result<_, _>>()
        .map(Some)
}

/// The crate README's Rust example, compiled and run as a doctest.
#[cfg(doctest)]
#[doc = include_str!("../README.md")]
pub struct ReadmeExample;
