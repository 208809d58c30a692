//! `cgt-lab`: Sprague-Grundy values, periods and formulas of heap games, and
//! the values of partizan games, from the command line. Run `cgt-lab --help`
//! for the commands.
//!
//! The library computes; this binary talks to people. It owns the arguments
//! (one parser, [`parse_args`], for every command), the computation of
//! every command on a worker thread ([`on_worker`]) while the main thread
//! watches the memory budget (`--max-memory`) and shows the progress line
//! on a terminal ([`Progress`]), standard output, the files and the exit
//! statuses. Every error is one line on stderr: control characters in what
//! it echoes (a newline in a game code, say) are written as escapes such as
//! `\n`. The checkpoint file of `values --checkpoint` and `--resume` is
//! the module `checkpoint`.

mod checkpoint;

use cgt_core::canonical::GameStore;
use cgt_core::loopy_partizan::StopperStore;
use cgt_core::outcome::Side;
use cgt_lab::{
    Analysis, ComputeError, Game, Lang, analyse_with_values, eval, formula, plot_svg, solve,
};
use cgt_rulesets::Rulesets;
use cgt_rulesets::solve::Solver;
use std::ffi::OsString;
use std::io::{self, BufRead, IsTerminal, Write};
use std::process::ExitCode;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, mpsc};
use std::time::{Duration, Instant};

const USAGE: &str = "\
usage: cgt-lab values  <game> --upto N [--misere] [--json] [--plot FILE.svg] [--max-memory SIZE]
                       [--threads N] [--checkpoint FILE [--checkpoint-every SECONDS]] [--resume FILE]
       cgt-lab period  <game> [--upto N] [--json] [--plot FILE.svg] [--max-memory SIZE] [--threads N]
       cgt-lab formula <game> --lang rust|cpp [--upto N] [--max-memory SIZE]
       cgt-lab eval    EXPR [--json] [--thermograph FILE.svg] [--stats] [--max-memory SIZE]
       cgt-lab eval    --list
       cgt-lab solve   EXPR [--first left|right] [--json] [--budget N] [--max-memory SIZE]
       cgt-lab solve   --batch [--budget N] [--max-memory SIZE]

<game>: a take-and-break code d0.d1d2...dt in octal or hexadecimal (0.77, .16,
0.8F), with an optional repeating last digit (4.(3), 0.(3)), or a subtraction
game S(1,3,4). N: a number, or 2^k.

period: least period, least preperiod for it and saltus; 'certified' only when
the Guy-Smith periodicity theorem proves it (finite octal codes, saltus 0).
Default cap: 2^22 values for finite octal codes, 2^12 for other games.
--threads N (values, period): at most N threads (default: every core); the
engine of finite octal codes uses up to 64, once its values take over 1.5 µs
each (0.3 µs for codes with neighbouring split digits, whose threads meet
less often), the others one. Each thread keeps its own copy of the values (2
bytes each). The values are the same for any N.
values --checkpoint FILE (finite octal codes): writes the values computed so
far to FILE every SECONDS (--checkpoint-every, default 10) and at the end,
atomically (FILE.tmp, then renamed); --resume FILE continues from such a
file (the same game) to the same values as an uninterrupted run.
values --misere: the misère values g⁻(0..=N) (the last mover loses) of single
heaps, by a search of the sums of heaps (at most 2^20; games that split heaps
get slow from about N = 40).
eval: the canonical form of EXPR, a sum or difference (+, -, parentheses) of
games in CGSuite's notation (3/4, *2, ^, v3, {1|*}, +-1, Tiny(2)) and ruleset
positions: domineering(..#|...) (Left vertical), hackenbush(l(r;lr)) (l blue,
r red, e green; a stalk from the ground, branches in parentheses), clobber(xo.|oxx)
(x Left's stones), toppling(lrrl); eval --list lists every ruleset with its
rules and an example. --json: value, outcome, stops, mean, temperature,
birthday, reduced form and atomic weight. --stats: after the value, one
line on stderr: ruleset positions searched, games stored, the store's memory
in bytes, the peak memory of the process and the time (with --json, as a
JSON object).
solve: who wins EXPR (any sum eval reads) with each player moving first, or
the one --first names, and a winning move (the ruleset term moved in and what
it becomes), by a search that values only the small regions. --json: one
object. --batch: reads lines 'left: EXPR', 'right: EXPR' or 'EXPR' from
standard input and writes a JSON object for each. --budget N: value a region
with at most 6 moves when its value takes at most N new positions (default: 20,
and 0 for amazons, fission, toads and elephants; 0: search everything).
--max-memory SIZE (every command that computes): stop with a one-line
message and exit status 1 when the process holds more than SIZE (500M, 4G;
default: 3/4 of the machine's memory, or where `ulimit -v` allows less, a
third of that address space) instead of being killed by the system.

Exit status: 0 done, 1 no period found (formula), past the memory budget or
no result, 2 bad input.";

/// Why the program stops early.
enum Failure {
    /// A message for stderr and the exit status.
    Message(String, u8),
    /// Standard output's reader went away (a broken pipe, as after
    /// `| head`): not an error of ours, so nothing is said and the exit
    /// status is 0, as the judge binaries do (`cgt_judge::run`).
    ReaderGone,
}

fn usage_error(message: impl Into<String>) -> Failure {
    Failure::Message(message.into(), 2)
}

/// A failure to write standard output, as the judge binaries report it:
/// a broken pipe is quiet and exit status 0, anything else (a full disk,
/// `> /dev/full`) is `cannot write standard output: …` and exit status 1.
fn output_error(error: io::Error) -> Failure {
    if error.kind() == io::ErrorKind::BrokenPipe {
        Failure::ReaderGone
    } else {
        Failure::Message(format!("cannot write standard output: {error}"), 1)
    }
}

/// The commands on heap games.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Grundy {
    Values,
    Period,
    Formula,
}

impl Grundy {
    fn name(self) -> &'static str {
        match self {
            Self::Values => "values",
            Self::Period => "period",
            Self::Formula => "formula",
        }
    }
}

/// `values`, `period` and `formula`.
struct GrundyOptions {
    command: Grundy,
    game: Game,
    upto: Option<usize>,
    json: bool,
    misere: bool,
    plot: Option<String>,
    lang: Option<Lang>,
    max_memory: Option<u64>,
    /// `--threads N`; `None`: [`cgt_lab::default_threads`].
    threads: Option<usize>,
    /// `--checkpoint FILE`, `--checkpoint-every SECONDS` and `--resume FILE`.
    checkpoint: Option<String>,
    checkpoint_every: Option<u64>,
    resume: Option<String>,
}

/// `eval EXPR [--json] [--thermograph FILE.svg] [--stats]`.
struct EvalOptions {
    expr: String,
    json: bool,
    thermograph: Option<String>,
    stats: bool,
    max_memory: Option<u64>,
}

/// `solve EXPR [--first left|right] [--json]` or `solve --batch`.
struct SolveOptions {
    /// `None` for `--batch`.
    expr: Option<String>,
    first: Option<Side>,
    json: bool,
    /// `None`: each ruleset's own.
    budget: Option<usize>,
    max_memory: Option<u64>,
}

/// What the command line asks for.
enum Task {
    Help,
    /// `eval --list`: the rulesets.
    Rulesets,
    Grundy(GrundyOptions),
    Eval(EvalOptions),
    Solve(SolveOptions),
}

/// The arguments as text: an argument that is not valid UTF-8 is an error
/// that says which one (counted from 1 after the program's name).
fn utf8_args(args: impl IntoIterator<Item = OsString>) -> Result<Vec<String>, Failure> {
    args.into_iter()
        .enumerate()
        .map(|(i, arg)| {
            arg.into_string().map_err(|arg| {
                usage_error(format!(
                    "argument {}: expected valid UTF-8, found {arg:?}",
                    i + 1
                ))
            })
        })
        .collect()
}

/// Reads N: decimal digits or `2^k`.
fn parse_count(text: &str) -> Option<u64> {
    if let Some(exponent) = text.strip_prefix("2^") {
        let k: u32 = exponent.parse().ok()?;
        1u64.checked_shl(k).filter(|_| k < 64)
    } else {
        text.parse().ok()
    }
}

/// The flags after a command's operand, one at a time; argument numbers
/// count from 1 after the program's name.
struct Flags<'a> {
    args: &'a [String],
    /// The index of the next flag in `args`.
    next: usize,
}

impl<'a> Flags<'a> {
    /// The next flag and its argument number.
    fn next_flag(&mut self) -> Option<(usize, &'a str)> {
        let flag = self.args.get(self.next)?;
        self.next += 1;
        Some((self.next, flag.as_str()))
    }

    /// The value after `flag`: `what` names it in the error.
    fn value(&mut self, flag: &str, what: &str) -> Result<(usize, &'a str), Failure> {
        let (number, value) = self.next_flag().ok_or_else(|| {
            usage_error(format!(
                "argument {}: expected {what} after {flag}",
                self.next + 1
            ))
        })?;
        Ok((number, value))
    }
}

/// The one parser of the command line, for every command.
fn parse_args(args: &[String]) -> Result<Task, Failure> {
    if args.iter().any(|a| a == "--help" || a == "-h") {
        return Ok(Task::Help);
    }
    let command = args.first().ok_or_else(|| {
        usage_error("expected a command (values, period, formula, eval or solve); try --help")
    })?;
    let command = match command.as_str() {
        "eval" if args.get(1).is_some_and(|a| a == "--list") => {
            if let Some(extra) = args.get(2) {
                return Err(usage_error(format!(
                    "argument 3: expected nothing after eval --list, found \"{extra}\""
                )));
            }
            return Ok(Task::Rulesets);
        }
        "eval" => return parse_eval(args).map(Task::Eval),
        "solve" => return parse_solve(args).map(Task::Solve),
        "values" => Grundy::Values,
        "period" => Grundy::Period,
        "formula" => Grundy::Formula,
        _ => {
            return Err(usage_error(format!(
                "argument 1: expected a command (values, period, formula, eval or solve), found \"{command}\""
            )));
        }
    };
    parse_grundy(command, args).map(Task::Grundy)
}

/// `values|period|formula <game> [flags]`.
fn parse_grundy(command: Grundy, args: &[String]) -> Result<GrundyOptions, Failure> {
    let name = command.name();
    let text = args
        .get(1)
        .ok_or_else(|| usage_error(format!("argument 2: expected a game after {name}")))?;
    let game = Game::parse(text).map_err(|e| usage_error(e.to_string()))?;
    let mut options = GrundyOptions {
        command,
        game,
        upto: None,
        json: false,
        misere: false,
        plot: None,
        lang: None,
        max_memory: None,
        threads: None,
        checkpoint: None,
        checkpoint_every: None,
        resume: None,
    };
    let mut flags = Flags { args, next: 2 };
    while let Some((number, flag)) = flags.next_flag() {
        match flag {
            "--upto" => {
                let (number, text) = flags.value(flag, "a value")?;
                let max = options.game.max_upto();
                let upto = parse_count(text)
                    .filter(|&n| n <= max as u64)
                    .ok_or_else(|| {
                        usage_error(format!(
                            "argument {number}: --upto expected a number in 0..={max} (or 2^k) \
                             for {}, found \"{text}\"",
                            options.game.name()
                        ))
                    })?;
                options.upto = Some(upto as usize);
            }
            "--plot" => options.plot = Some(flags.value(flag, "a value")?.1.to_owned()),
            "--lang" => {
                let (number, text) = flags.value(flag, "a value")?;
                let lang = text
                    .parse()
                    .map_err(|e: String| usage_error(format!("argument {number}: --lang {e}")))?;
                options.lang = Some(lang);
            }
            "--json" => options.json = true,
            "--misere" => options.misere = true,
            "--max-memory" => options.max_memory = Some(parse_memory(&mut flags, flag)?),
            "--threads" => {
                let (number, text) = flags.value(flag, "a number of threads")?;
                let threads = text.parse::<usize>().ok().filter(|&t| t >= 1);
                options.threads = Some(threads.ok_or_else(|| {
                    usage_error(format!(
                        "argument {number}: --threads expected a number of threads, at least 1, \
                         found \"{text}\""
                    ))
                })?);
            }
            "--checkpoint" => options.checkpoint = Some(flags.value(flag, "a file")?.1.to_owned()),
            "--resume" => options.resume = Some(flags.value(flag, "a file")?.1.to_owned()),
            "--checkpoint-every" => {
                let (number, text) = flags.value(flag, "a number of seconds")?;
                options.checkpoint_every = Some(text.parse().map_err(|_| {
                    usage_error(format!(
                        "argument {number}: --checkpoint-every expected a number of seconds, \
                         found \"{text}\""
                    ))
                })?);
            }
            _ => {
                return Err(usage_error(format!(
                    "argument {number}: expected --upto, --misere, --json, --plot, --lang, \
                     --max-memory, --threads, --checkpoint, --checkpoint-every or --resume, \
                     found \"{flag}\""
                )));
            }
        }
    }
    if command == Grundy::Values && options.upto.is_none() {
        return Err(usage_error("values: expected --upto N"));
    }
    if command != Grundy::Values && options.misere {
        return Err(usage_error(format!("{name}: --misere is for values only")));
    }
    if command == Grundy::Formula && options.lang.is_none() {
        return Err(usage_error("formula: expected --lang rust or --lang cpp"));
    }
    if command != Grundy::Formula && options.lang.is_some() {
        return Err(usage_error(format!("{name}: --lang is for formula only")));
    }
    if command == Grundy::Formula && options.threads.is_some() {
        return Err(usage_error("formula: --threads is for values and period"));
    }
    let saving = options.checkpoint.is_some() || options.resume.is_some();
    if saving && (command != Grundy::Values || options.misere) {
        return Err(usage_error(format!(
            "{name}: --checkpoint and --resume are for values (not --misere) only"
        )));
    }
    if saving && !options.game.code().is_some_and(|c| c.is_finite_octal()) {
        return Err(usage_error(format!(
            "values: --checkpoint and --resume are for finite octal codes, not {}",
            options.game.name()
        )));
    }
    if options.checkpoint_every.is_some() && options.checkpoint.is_none() {
        return Err(usage_error(
            "values: --checkpoint-every needs --checkpoint FILE",
        ));
    }
    if command == Grundy::Formula && (options.json || options.plot.is_some()) {
        return Err(usage_error(
            "formula: --json and --plot are for values and period",
        ));
    }
    Ok(options)
}

/// `eval EXPR [--json] [--thermograph FILE.svg] [--stats]`.
fn parse_eval(args: &[String]) -> Result<EvalOptions, Failure> {
    let expr = args
        .get(1)
        .ok_or_else(|| usage_error("argument 2: expected an expression after eval"))?;
    let mut options = EvalOptions {
        expr: expr.clone(),
        json: false,
        thermograph: None,
        stats: false,
        max_memory: None,
    };
    let mut flags = Flags { args, next: 2 };
    while let Some((number, flag)) = flags.next_flag() {
        match flag {
            "--json" => options.json = true,
            "--thermograph" => {
                options.thermograph = Some(flags.value(flag, "a file")?.1.to_owned());
            }
            "--stats" => options.stats = true,
            "--max-memory" => options.max_memory = Some(parse_memory(&mut flags, flag)?),
            _ => {
                return Err(usage_error(format!(
                    "argument {number}: expected --json, --thermograph, --stats or --max-memory, \
                     found \"{flag}\""
                )));
            }
        }
    }
    Ok(options)
}

/// `solve EXPR [--first left|right] [--json]` or `solve --batch`.
fn parse_solve(args: &[String]) -> Result<SolveOptions, Failure> {
    let operand = args
        .get(1)
        .ok_or_else(|| usage_error("argument 2: expected an expression or --batch after solve"))?;
    let mut options = SolveOptions {
        expr: (operand != "--batch").then(|| operand.clone()),
        first: None,
        json: operand == "--batch",
        budget: None,
        max_memory: None,
    };
    let mut flags = Flags { args, next: 2 };
    while let Some((number, flag)) = flags.next_flag() {
        match flag {
            "--json" => options.json = true,
            "--max-memory" => options.max_memory = Some(parse_memory(&mut flags, flag)?),
            "--budget" => {
                let (number, text) = flags.value(flag, "a number")?;
                options.budget = Some(text.parse().map_err(|_| {
                    usage_error(format!(
                        "argument {number}: --budget expected a number of positions, found \"{text}\""
                    ))
                })?);
            }
            "--first" if options.expr.is_some() => {
                let (number, side) = flags.value(flag, "left or right")?;
                options.first = Some(match side {
                    "left" => Side::Left,
                    "right" => Side::Right,
                    _ => {
                        return Err(usage_error(format!(
                            "argument {number}: --first expected left or right, found \"{side}\""
                        )));
                    }
                });
            }
            _ => {
                let expected = if options.expr.is_some() {
                    "--first, --json, --budget or --max-memory"
                } else {
                    "--budget, --max-memory or nothing after --batch"
                };
                return Err(usage_error(format!(
                    "argument {number}: expected {expected}, found \"{flag}\""
                )));
            }
        }
    }
    Ok(options)
}

/// `--max-memory SIZE`: bytes, or a number with `K`, `M` or `G` (powers
/// of 1024).
fn parse_memory(flags: &mut Flags<'_>, flag: &str) -> Result<u64, Failure> {
    let (number, text) = flags.value(flag, "a size")?;
    let (digits, unit) = match text.char_indices().last() {
        Some((i, c)) if c.is_ascii_alphabetic() => (&text[..i], c.to_ascii_uppercase()),
        _ => (text, 'B'),
    };
    let scale: u64 = match unit {
        'B' => 1,
        'K' => 1 << 10,
        'M' => 1 << 20,
        'G' => 1 << 30,
        _ => 0,
    };
    digits
        .parse::<u64>()
        .ok()
        .and_then(|n| n.checked_mul(scale))
        .filter(|&n| n > 0)
        .ok_or_else(|| {
            usage_error(format!(
                "argument {number}: --max-memory expected a size such as 500M or 4G, found \"{text}\""
            ))
        })
}

/// What a run may hold before it stops ([`on_worker`] checks it).
#[derive(Clone, Copy)]
enum Budget {
    /// Bytes of resident memory.
    Resident(u64),
    /// Under `ulimit -v`: a third of the address space the limit leaves
    /// beyond what the process maps when the work starts (`base`, set at
    /// the first check: the program, the threads' stacks and the
    /// allocator's arenas).
    AddressSpace { limit: u64, base: Option<u64> },
}

impl Budget {
    /// `--max-memory SIZE`, of resident memory; without it, three quarters
    /// of the machine's memory (`MemTotal`), or where `ulimit -v` allows
    /// less, a third of the address space it leaves; `None` where neither
    /// can be read (not Linux).
    ///
    /// A third, because what runs out under `ulimit -v` is address space,
    /// and a table or vector that doubles maps its new room, twice its old,
    /// before it lets the old go: a process whose tables map a third of
    /// what is left can still double any of them within the limit. Past
    /// the limit the allocator aborts the process, with no message, so
    /// this stops it first.
    fn new(max_memory: Option<u64>) -> Option<Budget> {
        if let Some(bytes) = max_memory {
            return Some(Budget::Resident(bytes));
        }
        let machine = proc_kib("/proc/meminfo", "MemTotal:").map(|kib| kib * 1024 / 4 * 3);
        // "Max address space  <soft> <hard> bytes"; "unlimited" does not parse.
        let limit = std::fs::read_to_string("/proc/self/limits")
            .ok()
            .and_then(|limits| {
                limits
                    .lines()
                    .find_map(|l| l.strip_prefix("Max address space"))?
                    .split_whitespace()
                    .next()?
                    .parse::<u64>()
                    .ok()
            });
        match (machine, limit) {
            (Some(machine), Some(limit)) if machine <= limit / 3 => Some(Budget::Resident(machine)),
            (_, Some(limit)) => Some(Budget::AddressSpace { limit, base: None }),
            (machine, None) => machine.map(Budget::Resident),
        }
    }

    /// The message's words when the process holds more than the budget
    /// now: `stopped at … MiB, past the memory budget of … MiB …`.
    fn passed(&mut self) -> Option<String> {
        let (mapped, resident) = memory_in_use()?;
        match self {
            Budget::Resident(bytes) => (resident > *bytes).then(|| {
                format!(
                    "stopped at {} MiB, past the memory budget of {} MiB (--max-memory)",
                    resident.div_ceil(1 << 20),
                    *bytes >> 20
                )
            }),
            Budget::AddressSpace { limit, base } => {
                let base = *base.get_or_insert(mapped);
                let bytes = base + limit.saturating_sub(base) / 3;
                (mapped > bytes).then(|| {
                    format!(
                        "stopped at {} MiB of address space, past the memory budget of {} MiB \
                         (a third of what ulimit -v leaves; --max-memory sets one)",
                        mapped.div_ceil(1 << 20),
                        bytes >> 20
                    )
                })
            }
        }
    }
}

/// The number of kB on the line of `file` (Linux's `/proc`) that starts
/// with `key`, or `None` where it cannot be read.
fn proc_kib(file: &str, key: &str) -> Option<u64> {
    std::fs::read_to_string(file)
        .ok()?
        .lines()
        .find_map(|l| l.strip_prefix(key))?
        .trim()
        .trim_end_matches("kB")
        .trim()
        .parse()
        .ok()
}

/// The address space this process maps and the memory it holds now (from
/// Linux's `/proc/self/statm`), or `None` where they cannot be read.
fn memory_in_use() -> Option<(u64, u64)> {
    let statm = std::fs::read_to_string("/proc/self/statm").ok()?;
    let mut pages = statm.split_whitespace().map(|n| n.parse::<u64>().ok());
    let (mapped, resident) = (pages.next()??, pages.next()??);
    // Linux's pages are 4 KiB on the machines this runs on.
    Some((mapped * 4096, resident * 4096))
}

/// The progress line on stderr, for every command: only when stderr is a
/// terminal and the run has taken more than a second, at most 10 times a
/// second, cleared with `clear` spaces when the work is done.
struct Progress {
    start: Instant,
    terminal: bool,
    shown: bool,
    /// When the line was last written.
    last: Option<Instant>,
    /// How many spaces clear the line.
    clear: usize,
}

impl Progress {
    fn new(clear: usize) -> Self {
        Self {
            start: Instant::now(),
            terminal: io::stderr().is_terminal(),
            shown: false,
            last: None,
            clear,
        }
    }

    /// Shows `cgt-lab: ` and `line(seconds so far)`, if it is time to and
    /// the line says something.
    fn show(&mut self, line: impl FnOnce(f64) -> Option<String>) {
        let recent = self
            .last
            .is_some_and(|t| t.elapsed() < Duration::from_millis(100));
        let elapsed = self.start.elapsed();
        if self.terminal
            && !recent
            && elapsed > Duration::from_secs(1)
            && let Some(line) = line(elapsed.as_secs_f64())
        {
            // A terminal that cannot be written to only loses the line.
            let _ = write!(io::stderr(), "\rcgt-lab: {line}   ");
            self.shown = true;
            self.last = Some(Instant::now());
        }
    }

    /// Clears the line, if one was shown.
    fn finish(&self) {
        if self.shown {
            let _ = write!(io::stderr(), "\r{:width$}\r", "", width = self.clear);
        }
    }
}

fn compute_error(error: ComputeError) -> Failure {
    let status = if matches!(error, ComputeError::TooFar { .. }) {
        2
    } else {
        1
    };
    Failure::Message(error.to_string(), status)
}

/// Writes a file the user named after `flag`; failing is exit status 1.
fn write_file(flag: &str, file: &str, contents: &str) -> Result<(), Failure> {
    std::fs::write(file, contents).map_err(|e| Failure::Message(format!("{flag} {file}: {e}"), 1))
}

/// How far a heap computation has got: written by the worker's progress
/// callback, read by the progress line on the main thread.
#[derive(Default)]
struct Reached {
    n: AtomicUsize,
    /// 0 until the first report.
    target: AtomicUsize,
}

/// `values`, `period` and `formula`: the computation runs on a worker
/// ([`on_worker`]), which watches the memory budget and shows the progress.
fn run_grundy(options: &GrundyOptions, out: &mut impl Write) -> Result<(), Failure> {
    let game = &options.game;
    let what = if options.misere { "g-(n)" } else { "G(n)" };
    let reached = Arc::new(Reached::default());
    let line = {
        let reached = Arc::clone(&reached);
        move |s: f64| {
            let target = reached.target.load(Ordering::Relaxed);
            let n = reached.n.load(Ordering::Relaxed);
            (target > 0).then(|| format!("{what} computed up to n = {n} of {target} ({s:.0} s)"))
        }
    };
    let (command, misere, upto) = (options.command, options.misere, options.upto);
    let threads = options.threads.unwrap_or_else(cgt_lab::default_threads);
    let saving = Saving {
        checkpoint: options.checkpoint.clone(),
        every: Duration::from_secs(options.checkpoint_every.unwrap_or(10)),
        resume: options.resume.clone(),
    };
    let worker_game = game.clone();
    let (analysis, values) = on_worker(command.name(), options.max_memory, 78, line, move || {
        let game = worker_game;
        let mut show = |n: usize, target: usize| {
            reached.n.store(n, Ordering::Relaxed);
            reached.target.store(target, Ordering::Relaxed);
        };
        match command {
            Grundy::Values if misere => {
                let values = cgt_lab::misere_values(&game, upto.unwrap_or(0), &mut show);
                Ok((None, cgt_lab::Values::from(values.map_err(compute_error)?)))
            }
            Grundy::Values => {
                let upto = upto.unwrap_or(0);
                let mut sequence = match &saving.resume {
                    Some(file) => resumed(&game, threads, file, upto)?,
                    None => cgt_lab::Sequence::with_threads(&game, threads),
                };
                match &saving.checkpoint {
                    Some(file) => {
                        // The code as cgt-lab writes it: the name --resume checks.
                        let name = game.code().map(ToString::to_string).unwrap_or_default();
                        extend_saving(&mut sequence, upto, file, &name, saving.every, &mut show)?;
                    }
                    None => sequence.extend_to(upto, &mut show).map_err(compute_error)?,
                }
                Ok((None, sequence.into_compact_values()))
            }
            Grundy::Period => {
                let cap = upto.unwrap_or_else(|| game.default_cap());
                let found = cgt_lab::analyse_compact_on(&game, cap, threads, &mut |n, target| {
                    show(n, target);
                    true
                });
                let (analysis, values) = found.map_err(compute_error)?.ok_or_else(|| {
                    Failure::Message("period: the analysis stopped".to_owned(), 1)
                })?;
                Ok((Some(analysis), values))
            }
            Grundy::Formula => {
                let cap = upto.unwrap_or_else(|| game.default_cap());
                let (analysis, values) =
                    analyse_with_values(&game, cap, &mut show).map_err(compute_error)?;
                Ok((Some(analysis), cgt_lab::Values::from(values)))
            }
        }
    })?;
    let Some(analysis) = analysis else {
        let (open, close) = if options.json { ("[", "]") } else { ("", "") };
        let separator = if options.json { "," } else { " " };
        write!(out, "{open}").map_err(output_error)?;
        write_values(out, values.iter(), separator.as_bytes()).map_err(output_error)?;
        writeln!(out, "{close}").map_err(output_error)?;
        out.flush().map_err(output_error)?;
        if let Some(file) = &options.plot {
            let t = game
                .code()
                .filter(|c| c.is_finite_octal() && !options.misere)
                .and_then(|c| c.last_nonzero());
            let values = values.to_vec();
            let found = cgt_lab::find_pattern(&values, t);
            write_file("--plot", file, &plot_svg(game.name(), &values, found))?;
        }
        return Ok(());
    };
    if options.command == Grundy::Formula {
        let lang = options.lang.unwrap_or(Lang::Rust);
        let Some(code) = formula(&analysis, &values.to_vec(), lang) else {
            return Err(no_period(&analysis));
        };
        write!(out, "{code}").map_err(output_error)?;
    } else {
        if options.json {
            writeln!(out, "{}", analysis.to_json()).map_err(output_error)?;
        } else {
            writeln!(out, "{analysis}").map_err(output_error)?;
        }
        out.flush().map_err(output_error)?;
        if let Some(file) = &options.plot {
            let svg = plot_svg(game.name(), &values.to_vec(), analysis.found);
            write_file("--plot", file, &svg)?;
        }
    }
    out.flush().map_err(output_error)
}

/// `--checkpoint`, `--checkpoint-every` and `--resume` of `values`.
struct Saving {
    checkpoint: Option<String>,
    every: Duration,
    resume: Option<String>,
}

/// The sequence continued from the checkpoint `file` (`--resume`): a file
/// that does not read, or is not one of this game, is a bad input.
fn resumed(
    game: &Game,
    threads: usize,
    file: &str,
    upto: usize,
) -> Result<cgt_lab::Sequence, Failure> {
    let bad = |message: String| usage_error(format!("values: --resume {file}: {message}"));
    let name = game.code().map(ToString::to_string).unwrap_or_default();
    let max_values = (game.max_upto() as u64).saturating_add(1);
    let mut found = checkpoint::read(file, max_values).map_err(bad)?;
    if found.name != name {
        return Err(bad(format!(
            "a checkpoint of {}, not of {name}",
            found.name
        )));
    }
    // A checkpoint beyond --upto: its first values are the answer.
    found.values.truncate(upto.saturating_add(1));
    cgt_lab::Sequence::resume(game, threads, found.values)
        .ok_or_else(|| bad(format!("its values cannot be those of {name}")))
}

/// Extends `sequence` to G(upto), writing the values to the checkpoint
/// `file` at least `every` apart while they grow, and at the end. The
/// engine stops at one of its checks (every 2^16 values), the file is
/// written, and the engine goes on from the values it has. The files grow
/// with the run (2 GiB at 2^30 values), so the next one waits at least 20
/// times as long as the last took to write: the writing costs at most
/// about 5% of the run, whatever `every` says.
fn extend_saving(
    sequence: &mut cgt_lab::Sequence,
    upto: usize,
    file: &str,
    name: &str,
    every: Duration,
    show: &mut dyn FnMut(usize, usize),
) -> Result<(), Failure> {
    let mut written = sequence.values().len();
    let mut last = Instant::now();
    let mut gap = every;
    loop {
        let done = sequence
            .extend_until(upto, &mut |n, target| {
                if n % (1 << 16) < 2 && n > 1 {
                    show(n, target);
                }
                // Not before any new value: the loop would not move on.
                n <= written || last.elapsed() < gap
            })
            .map_err(compute_error)?;
        let writing = Instant::now();
        checkpoint::write(file, name, sequence.values())
            .map_err(|e| Failure::Message(format!("values: --checkpoint {file}: {e}"), 1))?;
        written = sequence.values().len();
        last = Instant::now();
        gap = every.max(writing.elapsed().saturating_mul(20));
        if done {
            return Ok(());
        }
    }
}

fn no_period(analysis: &Analysis) -> Failure {
    Failure::Message(
        format!(
            "no period found for {} in G(0..={}), so no formula (try a larger --upto)",
            analysis.game, analysis.checked_upto
        ),
        1,
    )
}

/// What `eval` prints, and the thermograph if asked for.
struct Evaluated {
    line: String,
    svg: Option<String>,
    /// Ruleset positions searched, games in the store, the store's bytes,
    /// when asked for (`--stats`).
    stats: Option<(usize, usize, usize)>,
}

/// The library's work for `eval`; `stats`: whether to count the store
/// (a walk over some of its tables).
fn evaluate(expr: &str, json: bool, picture: bool, stats: bool) -> Result<Evaluated, Failure> {
    let mut store = GameStore::new();
    let mut stoppers = StopperStore::new();
    let mut rulesets = Rulesets::new();
    let evaluation =
        eval::eval_any_with(&mut store, &mut stoppers, &mut rulesets, expr).map_err(|e| {
            // A game whose sides sidling cannot settle is not a bad input:
            // it is one cgt cannot value yet.
            if e.message().contains("cannot find the sides") {
                Failure::Message(format!("eval: EXPR {e}"), 1)
            } else {
                usage_error(format!("eval: EXPR {e}"))
            }
        })?;
    let stats = |store: &GameStore| {
        stats.then(|| (rulesets.positions(), store.len(), store.memory_bytes()))
    };
    let g = match evaluation {
        eval::Evaluation::Short(g) => g,
        eval::Evaluation::Loopy(value) => {
            if picture {
                return Err(Failure::Message(
                    "eval: the thermograph: a loopy game has none here".to_string(),
                    1,
                ));
            }
            let line = if json {
                eval::loopy_json(&mut stoppers, &mut store, value)
            } else {
                stoppers.display_value(value, &mut store)
            };
            let stats = stats(&store);
            return Ok(Evaluated {
                line,
                svg: None,
                stats,
            });
        }
    };
    let line = if json {
        eval::to_json(&mut store, g).map_err(|e| Failure::Message(format!("eval: {e}"), 1))?
    } else {
        // Not copied: the written form of a big value is gigabytes.
        store.display(g)
    };
    let svg = if picture {
        let svg = eval::thermograph_picture(&mut store, g)
            .map_err(|e| Failure::Message(format!("eval: the thermograph: {e}"), 1))?;
        Some(svg)
    } else {
        None
    };
    let stats = stats(&store);
    Ok(Evaluated { line, svg, stats })
}

/// Runs `work` on a thread of this binary (with the default stack size)
/// while this thread watches it: every command that computes runs this
/// way, so that every one stops alike when the process holds more memory
/// than the budget ([`Budget::new`] of `max_memory`): one line,
/// `COMMAND: stopped at … MiB, past the memory budget of … MiB
/// (--max-memory)`, and exit status 1, instead of being killed by the
/// system or aborted by the allocator. Meanwhile it shows `line(seconds so far)` as the progress line
/// on a terminal (nothing while `line` says nothing), cleared with `clear`
/// spaces at the end.
fn on_worker<T: Send + 'static>(
    command: &str,
    max_memory: Option<u64>,
    clear: usize,
    line: impl Fn(f64) -> Option<String>,
    work: impl FnOnce() -> Result<T, Failure> + Send + 'static,
) -> Result<T, Failure> {
    let mut budget = Budget::new(max_memory);
    let (sender, receiver) = mpsc::channel();
    let worker = std::thread::Builder::new()
        .name(command.to_owned())
        .spawn(move || {
            // The receiver waits for this until the thread ends.
            let _ = sender.send(work());
        })
        .map_err(|e| {
            Failure::Message(format!("{command}: cannot start the computation: {e}"), 1)
        })?;
    let mut progress = Progress::new(clear);
    let result = loop {
        match receiver.recv_timeout(Duration::from_millis(50)) {
            Ok(result) => break result,
            Err(mpsc::RecvTimeoutError::Timeout) => {
                // Stopped with a message rather than killed by the system:
                // the process ends with this thread, the worker with it.
                if let Some(passed) = budget.as_mut().and_then(Budget::passed) {
                    progress.finish();
                    return Err(Failure::Message(format!("{command}: {passed}"), 1));
                }
                progress.show(&line);
            }
            Err(mpsc::RecvTimeoutError::Disconnected) => {
                break Err(Failure::Message(
                    format!("{command}: the computation failed"),
                    1,
                ));
            }
        }
    };
    progress.finish();
    // The result, or the failure of a thread that ended without one, is in.
    let _ = worker.join();
    result
}

/// The peak of the memory this process has held (Linux's `VmHWM` in
/// `/proc/self/status`), or `None` where it cannot be read.
fn peak_memory() -> Option<u64> {
    proc_kib("/proc/self/status", "VmHWM:").map(|kib| kib * 1024)
}

/// `eval`, on a worker thread.
fn run_eval(options: &EvalOptions, out: &mut impl Write) -> Result<(), Failure> {
    let start = Instant::now();
    let expr = options.expr.clone();
    let (json, picture, stats) = (options.json, options.thermograph.is_some(), options.stats);
    let evaluated = on_worker(
        "eval",
        options.max_memory,
        60,
        |s| Some(format!("eval: computing canonical forms ({s:.0} s)")),
        move || evaluate(&expr, json, picture, stats),
    )?;
    let seconds = start.elapsed().as_secs_f64();
    if let (Some(file), Some(svg)) = (&options.thermograph, &evaluated.svg) {
        write_file("--thermograph", file, svg)?;
    }
    writeln!(out, "{}", evaluated.line).map_err(output_error)?;
    out.flush().map_err(output_error)?;
    if let Some((positions, games, bytes)) = evaluated.stats {
        // On stderr, after the answer: stdout stays the value alone.
        let peak = peak_memory().map_or_else(|| "null".to_owned(), |b| b.to_string());
        let line = if options.json {
            format!(
                "{{\"positions_searched\":{positions},\"games_stored\":{games},\
                 \"store_bytes\":{bytes},\"peak_bytes\":{peak},\"seconds\":{seconds:.3}}}"
            )
        } else {
            format!(
                "cgt-lab: eval --stats: positions searched {positions}, games stored {games}, \
                 store bytes {bytes}, peak bytes {peak}, seconds {seconds:.3}"
            )
        };
        // Like the progress line, a stderr that cannot be written loses it.
        let _ = writeln!(io::stderr(), "{line}");
    }
    Ok(())
}

/// `solve EXPR`, on a worker thread; `solve --batch`, a line at a time
/// from standard input, every answer written as soon as it is known.
fn run_solve(options: &SolveOptions, out: &mut impl Write) -> Result<(), Failure> {
    let budget = options.budget;
    let searching = |s: f64| Some(format!("solve: searching ({s:.0} s)"));
    let Some(expr) = options.expr.clone() else {
        // The worker reads standard input and writes standard output
        // itself, a line at a time; this thread watches the memory.
        return on_worker("solve", options.max_memory, 60, searching, move || {
            let mut out = io::BufWriter::new(io::stdout().lock());
            run_batch(&mut out, budget)
        });
    };
    let (first, json) = (options.first, options.json);
    let line = on_worker("solve", options.max_memory, 60, searching, move || {
        let mut store = GameStore::new();
        let mut solver = budget.map_or_else(Solver::new, Solver::with_budget);
        let solved = solve::solve(&mut solver, &mut store, &expr, first)
            .map_err(|e| solve_error(&e, None))?;
        Ok(if json { solved.json() } else { solved.text() })
    })?;
    writeln!(out, "{line}").map_err(output_error)?;
    out.flush().map_err(output_error)
}

/// Writes `values` in decimal, `separator` between two, a buffer at a time:
/// `write!` per value took a sixth of a short run (`values .16`).
fn write_values(
    out: &mut impl Write,
    values: impl Iterator<Item = u32>,
    separator: &[u8],
) -> io::Result<()> {
    const FLUSH_AT: usize = 1 << 16;
    let mut buffer = Vec::with_capacity(FLUSH_AT + 32);
    for (n, mut v) in values.enumerate() {
        if n > 0 {
            buffer.extend_from_slice(separator);
        }
        // The digits from the last, in a u32's ten places.
        let mut digits = [0u8; 10];
        let mut at = digits.len();
        loop {
            at -= 1;
            digits[at] = b'0' + (v % 10) as u8;
            v /= 10;
            if v == 0 {
                break;
            }
        }
        buffer.extend_from_slice(&digits[at..]);
        if buffer.len() >= FLUSH_AT {
            out.write_all(&buffer)?;
            buffer.clear();
        }
    }
    out.write_all(&buffer)
}

/// An error of `solve`: exit status 2 for what does not read, 1 for a
/// value out of range.
fn solve_error(message: &str, line: Option<usize>) -> Failure {
    let status = if message.starts_with("at character") {
        2
    } else {
        1
    };
    let place = line.map_or_else(|| "EXPR".to_owned(), |n| format!("line {n}:"));
    Failure::Message(format!("solve: {place} {message}"), status)
}

fn run_batch(out: &mut impl Write, budget: Option<usize>) -> Result<(), Failure> {
    let mut store = GameStore::new();
    let mut solver = budget.map_or_else(Solver::new, Solver::with_budget);
    for (n, line) in io::stdin().lock().lines().enumerate() {
        let line = line.map_err(|e| Failure::Message(format!("solve: standard input: {e}"), 2))?;
        let (first, expr) = solve::batch_line(&line);
        if expr.is_empty() {
            continue;
        }
        let solved = solve::solve(&mut solver, &mut store, expr, first)
            .map_err(|e| solve_error(&e, Some(n + 1)))?;
        writeln!(out, "{}", solved.json()).map_err(output_error)?;
        out.flush().map_err(output_error)?;
    }
    Ok(())
}

fn run(args: impl IntoIterator<Item = OsString>) -> Result<(), Failure> {
    let args = utf8_args(args)?;
    let task = parse_args(&args)?;
    if let Task::Solve(options) = &task
        && options.expr.is_none()
    {
        // `solve --batch` writes from its worker thread.
        return run_solve(options, &mut io::sink());
    }
    let mut out = io::BufWriter::new(io::stdout().lock());
    match task {
        Task::Help => {
            writeln!(out, "{USAGE}").map_err(output_error)?;
            out.flush().map_err(output_error)
        }
        Task::Rulesets => {
            for ruleset in cgt_rulesets::values::RULESETS {
                writeln!(out, "{}: {}", ruleset.example, ruleset.rules).map_err(output_error)?;
            }
            out.flush().map_err(output_error)
        }
        Task::Grundy(options) => run_grundy(&options, &mut out),
        Task::Eval(options) => run_eval(&options, &mut out),
        Task::Solve(options) => run_solve(&options, &mut out),
    }
}

/// `message` on one line: control characters (a newline, a carriage
/// return, a tab, an escape …) and the Unicode line and paragraph
/// separators written as Rust escapes (`\n`, `\u{1b}`), whatever part of
/// the message echoes the user's text.
fn one_line(message: &str) -> String {
    let mut line = String::with_capacity(message.len());
    for c in message.chars() {
        if c.is_control() || matches!(c, '\u{2028}' | '\u{2029}') {
            line.extend(c.escape_default());
        } else {
            line.push(c);
        }
    }
    line
}

fn main() -> ExitCode {
    match run(std::env::args_os().skip(1)) {
        Ok(()) | Err(Failure::ReaderGone) => ExitCode::SUCCESS,
        Err(Failure::Message(message, status)) => {
            // Nothing more can be said if stderr cannot be written either.
            let _ = writeln!(io::stderr(), "cgt-lab: {}", one_line(&message));
            ExitCode::from(status)
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn one_line_escapes_control_characters_only() {
        assert_eq!(
            one_line("game \"0.1\nx\", found '\n'"),
            "game \"0.1\\nx\", found '\\n'"
        );
        assert_eq!(
            one_line("a\r\tb\u{1b}[31m\u{85}\u{2028}"),
            "a\\r\\tb\\u{1b}[31m\\u{85}\\u{2028}"
        );
        assert_eq!(one_line("g⁻ «{1|*}» \\n"), "g⁻ «{1|*}» \\n");
    }

    #[test]
    fn values_are_written_as_display_writes_them() {
        let values = [0, 7, 9, 10, 99, 100, 65_535, 1 << 20, u32::MAX];
        let expected = values.map(|v| v.to_string());
        for separator in [" ", ","] {
            let mut out = Vec::new();
            write_values(&mut out, values.iter().copied(), separator.as_bytes()).unwrap();
            assert_eq!(String::from_utf8(out).unwrap(), expected.join(separator));
        }
        // Longer than one buffer: the flushes in between lose nothing.
        let many = (0..40_000u32).map(|n| n * 7919);
        let mut out = Vec::new();
        write_values(&mut out, many.clone(), b" ").unwrap();
        let expected: Vec<String> = many.map(|v| v.to_string()).collect();
        assert_eq!(String::from_utf8(out).unwrap(), expected.join(" "));
        let mut out = Vec::new();
        write_values(&mut out, std::iter::empty(), b" ").unwrap();
        assert!(out.is_empty());
    }

    #[test]
    fn one_parser_reads_every_command() {
        let args = |list: &[&str]| list.iter().map(|a| (*a).to_owned()).collect::<Vec<_>>();
        assert!(matches!(
            parse_args(&args(&["eval", "1", "-h"])),
            Ok(Task::Help)
        ));
        let Ok(Task::Eval(eval)) =
            parse_args(&args(&["eval", "1", "--thermograph", "t.svg", "--json"]))
        else {
            panic!("eval");
        };
        assert_eq!((eval.expr.as_str(), eval.json), ("1", true));
        assert_eq!(eval.thermograph.as_deref(), Some("t.svg"));
        let Ok(Task::Grundy(values)) = parse_args(&args(&[
            "values", "0.07", "--upto", "2^4", "--plot", "p.svg", "--misere",
        ])) else {
            panic!("values");
        };
        assert!(values.command == Grundy::Values && values.misere && !values.json);
        assert_eq!(
            (values.upto, values.plot.as_deref()),
            (Some(16), Some("p.svg"))
        );
        let Ok(Task::Grundy(formula)) = parse_args(&args(&["formula", "0.07", "--lang", "cpp"]))
        else {
            panic!("formula");
        };
        assert!(formula.command == Grundy::Formula && formula.lang == Some(Lang::Cpp));
        // --max-memory reads alike for every command.
        let Ok(Task::Grundy(period)) = parse_args(&args(&["period", "0.07", "--max-memory", "3k"]))
        else {
            panic!("period");
        };
        assert_eq!(period.max_memory, Some(3 << 10));
        let Ok(Task::Eval(eval)) =
            parse_args(&args(&["eval", "1", "--stats", "--max-memory", "2G"]))
        else {
            panic!("eval --stats");
        };
        assert!(eval.stats && eval.max_memory == Some(2 << 30));
        let Ok(Task::Solve(batch)) = parse_args(&args(&["solve", "--batch", "--max-memory", "7"]))
        else {
            panic!("solve --batch");
        };
        assert_eq!(batch.max_memory, Some(7));
    }
}
