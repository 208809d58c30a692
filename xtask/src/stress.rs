//! `cargo xtask gen`, `solve` and `stress`: generated inputs, the reference
//! answer, and the generate–run–compare loop with shrinking, to find out why
//! a user's solution is wrong.

use crate::problems;
use crate::run::{self, Ending, Limits, Outcome};
use cgt_testkit::Entry as Problem;
use cgt_testkit::Size;
use std::borrow::Cow;
use std::fs;
use std::io::{self, IsTerminal, Read, Write};
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::time::{Duration, Instant, SystemTime, UNIX_EPOCH};

/// Most bytes of a user's stdout, and of its stderr, per run: one more is
/// "output limit exceeded".
const OUTPUT_CAP: usize = 64 << 20;
/// Rows of the side-by-side comparison, around the first difference.
const ROWS: usize = 12;
/// Characters shown of one line of the input, the output or stderr.
const LINE_CHARS: usize = 200;
/// Bytes kept of an output that went past [`OUTPUT_CAP`], to show its start.
const OLE_EXCERPT: usize = 4096;
/// Most runs of the user's command spent on shrinking one failure.
const SHRINK_RUNS: usize = 2000;
/// Most time spent on shrinking one failure.
const SHRINK_TIME: Duration = Duration::from_secs(120);

/// Positional arguments, and `(flag, value)` pairs.
type Parsed<'a> = (Vec<&'a str>, Vec<(&'a str, &'a str)>);

/// Splits `--flag value` options; `allowed` names the flags that take a value.
fn options<'a>(args: &'a [String], allowed: &[&str]) -> Result<Parsed<'a>, String> {
    let mut positional = Vec::new();
    let mut flags = Vec::new();
    let mut rest = args.iter();
    while let Some(arg) = rest.next() {
        if let Some(flag) = arg.strip_prefix("--") {
            let (flag, inline) = match flag.split_once('=') {
                Some((f, v)) => (f, Some(v)),
                None => (flag, None),
            };
            if !allowed.contains(&flag) {
                return Err(format!("unknown option --{flag}"));
            }
            let value = match inline {
                Some(v) => v,
                None => rest
                    .next()
                    .ok_or_else(|| format!("--{flag} needs a value"))?
                    .as_str(),
            };
            flags.push((flag, value));
        } else {
            positional.push(arg.as_str());
        }
    }
    Ok((positional, flags))
}

fn parse<T: std::str::FromStr>(flag: &str, value: &str) -> Result<T, String> {
    value
        .parse()
        .map_err(|_| format!("--{flag}: cannot read {value:?}"))
}

// Every use of the problem registry is in these few functions.

fn the_problem(positional: &[&str], usage: &str) -> Result<&'static Problem, String> {
    match positional {
        [name] => problems::find(name),
        _ => Err(format!("usage: {usage}")),
    }
}

fn problem_name(problem: &Problem) -> &'static str {
    problem.name
}

fn generate_input(problem: &Problem, seed: u64, size: Size) -> String {
    (problem.generate)(seed, size)
}

fn solve_input(problem: &Problem, input: &[u8], output: &mut Vec<u8>) -> Result<(), String> {
    (problem.solve)(input, output).map_err(|e| e.to_string())
}

fn brute_input(problem: &Problem, input: &[u8], output: &mut Vec<u8>) -> Result<(), String> {
    (problem.brute)(input, output).map_err(|e| e.to_string())
}

/// Lazily: one candidate is built at a time.
fn smaller_inputs(problem: &Problem, input: &str) -> Box<dyn Iterator<Item = String>> {
    (problem.shrink)(input)
}

/// `cargo xtask gen <crate> [--seed S] [--size tiny|small|max|N]`.
pub fn generate(args: &[String]) -> Result<(), String> {
    let (positional, flags) = options(args, &["seed", "size"])?;
    let problem = the_problem(
        &positional,
        "cargo xtask gen <crate> [--seed S] [--size SIZE]",
    )?;
    let (mut seed, mut size) = (1, Size::Small);
    for (flag, value) in flags {
        match flag {
            "seed" => seed = parse(flag, value)?,
            _ => size = value.parse()?,
        }
    }
    let input = generate_input(problem, seed, size);
    io::stdout()
        .write_all(input.as_bytes())
        .map_err(|e| format!("cannot write: {e}"))
}

/// `cargo xtask solve <crate>`: the reference solver on stdin, like the
/// crate's own binary.
pub fn solve(args: &[String]) -> Result<(), String> {
    let (positional, _) = options(args, &[])?;
    let problem = the_problem(&positional, "cargo xtask solve <crate> < input")?;
    let mut input = Vec::new();
    io::stdin()
        .read_to_end(&mut input)
        .map_err(|e| format!("cannot read stdin: {e}"))?;
    let mut output = Vec::new();
    solve_input(problem, &input, &mut output)
        .map_err(|e| format!("{}: {e}", problem_name(problem)))?;
    io::stdout()
        .write_all(&output)
        .map_err(|e| format!("cannot write: {e}"))
}

/// Why a run failed.
#[derive(Clone, Debug, PartialEq, Eq)]
enum Verdict {
    /// WA: it exited 0 with output other than the expected one.
    Wrong,
    /// RE: a non-zero exit status or a signal, described.
    Runtime(String),
    /// TLE: still running at the time limit.
    TimeLimit,
    /// OLE: more than [`OUTPUT_CAP`] bytes on this stream.
    OutputLimit(&'static str),
}

impl Verdict {
    fn code(&self) -> &'static str {
        match self {
            Verdict::Wrong => "WA",
            Verdict::Runtime(_) => "RE",
            Verdict::TimeLimit => "TLE",
            Verdict::OutputLimit(_) => "OLE",
        }
    }

    /// Whether shrinking may replace a failure of this kind by `other`.
    fn same_kind(&self, other: &Verdict) -> bool {
        self.code() == other.code()
    }

    fn text(&self, timeout: Duration) -> String {
        let what = match self {
            Verdict::Wrong => "wrong answer".to_owned(),
            Verdict::Runtime(how) => format!("runtime error, {how}"),
            Verdict::TimeLimit => format!(
                "time limit exceeded, still running after {} s",
                seconds(timeout)
            ),
            Verdict::OutputLimit(stream) => format!(
                "output limit exceeded, more than {} MiB on {stream}",
                OUTPUT_CAP >> 20
            ),
        };
        format!("{} ({what})", self.code())
    }
}

/// `5`, `0.25`: a duration as `--timeout` reads it back.
fn seconds(duration: Duration) -> String {
    format!("{}", duration.as_secs_f64())
}

/// How a run failed, or `None` if it passed.
fn verdict(outcome: &Outcome, expected: &[u8]) -> Option<Verdict> {
    match outcome.ending {
        Ending::OutputLimit(stream) => Some(Verdict::OutputLimit(stream)),
        Ending::TimedOut => Some(Verdict::TimeLimit),
        Ending::Exited(status) if !status.success() => {
            Some(Verdict::Runtime(run::describe(status)))
        }
        Ending::Exited(_) => first_difference(expected, &outcome.stdout).map(|_| Verdict::Wrong),
    }
}

/// The lines of an output, `\n`-separated.
fn lines(text: &[u8]) -> impl Iterator<Item = &[u8]> {
    text.split(|&byte| byte == b'\n')
}

/// A line as compared: trailing whitespace (and `\r`) is dropped.
fn trimmed(line: &[u8]) -> Cow<'_, str> {
    match String::from_utf8_lossy(line) {
        Cow::Borrowed(text) => Cow::Borrowed(text.trim_end()),
        Cow::Owned(text) => Cow::Owned(text.trim_end().to_owned()),
    }
}

/// The index of the first line where two outputs differ, comparing lines
/// without their trailing whitespace and ignoring trailing empty lines; in
/// one pass and without copying either output.
fn first_difference(expected: &[u8], actual: &[u8]) -> Option<usize> {
    fn first_non_blank<'a>(
        at: usize,
        line: &'a [u8],
        rest: impl Iterator<Item = &'a [u8]>,
    ) -> Option<usize> {
        std::iter::once(line)
            .chain(rest)
            .position(|line| !trimmed(line).is_empty())
            .map(|offset| at + offset)
    }
    let (mut left, mut right) = (lines(expected), lines(actual));
    let mut at = 0;
    loop {
        match (left.next(), right.next()) {
            (None, None) => return None,
            (Some(l), Some(r)) => {
                if trimmed(l) != trimmed(r) {
                    return Some(at);
                }
            }
            (Some(line), None) => return first_non_blank(at, line, left),
            (None, Some(line)) => return first_non_blank(at, line, right),
        }
        at += 1;
    }
}

/// Lines of an output, not counting trailing empty lines.
fn line_count(text: &[u8]) -> usize {
    lines(text)
        .enumerate()
        .filter(|(_, line)| !trimmed(line).is_empty())
        .last()
        .map_or(0, |(at, _)| at + 1)
}

/// At most `chars` characters of `text`, with `…` if cut.
fn clipped(text: &str, chars: usize) -> String {
    if text.chars().count() > chars {
        text.chars()
            .take(chars.saturating_sub(1))
            .chain(['…'])
            .collect()
    } else {
        text.to_owned()
    }
}

/// The two outputs side by side: [`ROWS`] rows from a little before the
/// first difference, whatever their sizes.
fn side_by_side(expected: &[u8], actual: &[u8]) -> String {
    const WIDTH: usize = 40;
    let (left_count, right_count) = (line_count(expected), line_count(actual));
    let rows = left_count.max(right_count);
    let start = first_difference(expected, actual)
        .unwrap_or(0)
        .saturating_sub(3)
        .min(rows.saturating_sub(ROWS));
    let end = rows.min(start + ROWS);
    let shown = |text: &[u8], count: usize| -> Vec<Option<String>> {
        let mut taken = lines(text).skip(start).take(end - start);
        (start..end)
            .map(|at| {
                let line = taken.next()?;
                (at < count).then(|| clipped(&trimmed(line), WIDTH))
            })
            .collect()
    };
    let (left, right) = (shown(expected, left_count), shown(actual, right_count));
    let width = left
        .iter()
        .flatten()
        .map(|line| line.chars().count())
        .max()
        .unwrap_or(0)
        .max("expected".len());
    let mut text = String::new();
    if start > 0 {
        text.push_str(&format!("  ({start} equal lines before these)\n"));
    }
    text.push_str(&format!("  {:width$}   your output\n", "expected"));
    for (l, r) in left.into_iter().zip(right) {
        let mark = if l == r { ' ' } else { '≠' };
        let l = l.unwrap_or_else(|| "(nothing)".to_owned());
        let r = r.unwrap_or_else(|| "(nothing)".to_owned());
        text.push_str(&format!("{mark} {l:width$} | {r}\n"));
    }
    if end < rows {
        text.push_str(&format!(
            "  … (expected {left_count} lines, yours {right_count})\n"
        ));
    }
    text
}

/// The first `count` lines of `text`, indented and clipped.
fn head(text: &str, count: usize) -> String {
    let mut shown = String::new();
    let mut all = text.lines();
    for line in all.by_ref().take(count) {
        shown.push_str(&format!("  {}\n", clipped(line, LINE_CHARS)));
    }
    let more = all.count();
    if more > 0 {
        shown.push_str(&format!("  … ({more} more lines)\n"));
    }
    shown
}

/// The last `count` lines of `text`, indented and clipped.
fn tail(text: &str, count: usize) -> String {
    let all: Vec<&str> = text.lines().collect();
    let skip = all.len().saturating_sub(count);
    all[skip..]
        .iter()
        .map(|line| format!("  {}\n", clipped(line, LINE_CHARS)))
        .collect()
}

/// The reference output; at tiny sizes also the exhaustive search's, which
/// must agree.
fn reference(problem: &Problem, input: &str, with_brute: bool) -> Result<Vec<u8>, String> {
    let mut expected = Vec::new();
    solve_input(problem, input.as_bytes(), &mut expected).map_err(|e| {
        format!("internal error: the generator made an input the solver rejects: {e}\n{input}")
    })?;
    if with_brute {
        let mut searched = Vec::new();
        brute_input(problem, input.as_bytes(), &mut searched).map_err(|e| {
            format!("internal error: the exhaustive search rejects a tiny input: {e}\n{input}")
        })?;
        if searched != expected {
            return Err(format!(
                "internal error: the solver and the exhaustive search disagree on\n{input}\
                 solver:\n{}search:\n{}",
                String::from_utf8_lossy(&expected),
                String::from_utf8_lossy(&searched)
            ));
        }
    }
    Ok(expected)
}

/// `text` as one word of a POSIX shell command line: as it is if it holds
/// only characters no shell treats specially, else in single quotes (a
/// quote inside becomes `'\''`).
fn shell_word(text: &str) -> String {
    let plain = |c: char| c.is_ascii_alphanumeric() || "-_./:=,+@%".contains(c);
    if !text.is_empty() && text.chars().all(plain) {
        text.to_owned()
    } else {
        format!("'{}'", text.replace('\'', r"'\''"))
    }
}

/// Options of one stress run.
struct Stress {
    problem: &'static Problem,
    command: String,
    cases: u64,
    seed: u64,
    size: Size,
    timeout: Duration,
    /// `--max-time`: the bound on the whole stress run, if any.
    max_time: Option<Duration>,
    /// When `max_time` passes (`None` without one, or past the end of time).
    deadline: Option<Instant>,
    dir: PathBuf,
}

/// A positive number of seconds, as `--timeout` and `--max-time` take it.
fn positive_seconds(flag: &str, value: &str) -> Result<Duration, String> {
    let seconds: f64 = parse(flag, value)?;
    Duration::try_from_secs_f64(seconds)
        .ok()
        .filter(|duration| !duration.is_zero())
        .ok_or_else(|| format!("--{flag}: {value:?} is not a positive duration"))
}

impl Stress {
    fn from_args(args: &[String]) -> Result<Stress, String> {
        let usage = "cargo xtask stress <crate> --against \"<command>\" [--cases N] [--seed S] \
                     [--size tiny|small|max|N] [--timeout SECS] [--max-time SECS] [--dir DIR]";
        let (positional, flags) = options(
            args,
            &[
                "against", "cases", "seed", "size", "timeout", "max-time", "dir",
            ],
        )?;
        let problem = the_problem(&positional, usage)?;
        let mut stress = Stress {
            problem,
            command: String::new(),
            cases: 100,
            seed: SystemTime::now()
                .duration_since(UNIX_EPOCH)
                .map_or(1, |d| d.as_secs()),
            size: Size::Tiny,
            timeout: Duration::from_secs(5),
            max_time: None,
            deadline: None,
            dir: PathBuf::from("stress-failures"),
        };
        for (flag, value) in flags {
            match flag {
                "against" => stress.command = value.to_owned(),
                "cases" => stress.cases = parse(flag, value)?,
                "seed" => stress.seed = parse(flag, value)?,
                "size" => stress.size = value.parse()?,
                "timeout" => stress.timeout = positive_seconds(flag, value)?,
                "max-time" => stress.max_time = Some(positive_seconds(flag, value)?),
                _ => stress.dir = PathBuf::from(value),
            }
        }
        if stress.command.is_empty() {
            return Err(format!("--against is required\nusage: {usage}"));
        }
        // The run starts now: options are read before anything else.
        stress.deadline = stress
            .max_time
            .and_then(|max_time| Instant::now().checked_add(max_time));
        Ok(stress)
    }

    fn limits(&self) -> Limits {
        Limits {
            timeout: self.timeout,
            output: OUTPUT_CAP,
        }
    }

    /// A command line that runs this stress run again, word by word quoted
    /// for a POSIX shell.
    fn reproduce(&self) -> String {
        let words = [
            "stress".to_owned(),
            problem_name(self.problem).to_owned(),
            "--against".to_owned(),
            self.command.clone(),
            "--cases".to_owned(),
            self.cases.to_string(),
            "--seed".to_owned(),
            self.seed.to_string(),
            "--size".to_owned(),
            self.size.to_string(),
            "--timeout".to_owned(),
            seconds(self.timeout),
        ];
        let max_time = self
            .max_time
            .map(|max_time| ["--max-time".to_owned(), seconds(max_time)]);
        let dir = ["--dir".to_owned(), self.dir.to_string_lossy().into_owned()];
        let words: Vec<String> = words
            .iter()
            .chain(max_time.iter().flatten())
            .chain(&dir)
            .map(|word| shell_word(word))
            .collect();
        format!("cargo xtask {}", words.join(" "))
    }

    /// Runs the user's command on one input, for at most its `--timeout`
    /// and what is left of `--max-time`: `None` if `--max-time` passed
    /// before the run (which is then not started) or during it (which is
    /// then cut short: not a verdict on the command). Not being able to
    /// start `sh` is the caller's problem, not a failure of the command.
    fn run(&self, input: &str) -> Result<Option<Outcome>, Stop> {
        let mut limits = self.limits();
        if let Some(deadline) = self.deadline {
            let left = deadline.saturating_duration_since(Instant::now());
            if left.is_zero() {
                return Ok(None);
            }
            limits.timeout = limits.timeout.min(left);
        }
        let outcome = run::run(&self.command, input.as_bytes(), limits).map_err(|e| {
            Stop::Usage(format!(
                "cannot start `sh -c {}`: {e}",
                shell_word(&self.command)
            ))
        })?;
        let cut_short = outcome.ending == Ending::TimedOut && limits.timeout < self.timeout;
        Ok((!cut_short).then_some(outcome))
    }

    /// `stopped at --max-time 30 s`: why a stress run ended early.
    fn stopped_at_max_time(&self) -> String {
        let max_time = self.max_time.map_or_else(String::new, seconds);
        format!("stopped at --max-time {max_time} s")
    }
}

/// How `stress` stops short of "every case passed".
enum Stop {
    /// A mistake in how it was called, or a command that cannot run: exit 2.
    Usage(String),
    /// A failing case (or an internal error): exit 1.
    Failed(String),
    /// `--max-time` passed before every case ran, none failing: exit 3.
    OutOfTime(String),
}

/// The exit status when `--max-time` passes before every case ran.
const OUT_OF_TIME: u8 = 3;

/// A line of progress on stderr, once a second, when stderr is a terminal.
struct Progress {
    on: bool,
    last: Instant,
    shown: bool,
}

impl Progress {
    fn new() -> Progress {
        Progress {
            on: io::stderr().is_terminal(),
            last: Instant::now(),
            shown: false,
        }
    }

    fn show(&mut self, line: impl FnOnce() -> String) {
        if self.on && self.last.elapsed() >= Duration::from_secs(1) {
            self.last = Instant::now();
            self.shown = true;
            eprint!("\r{}\x1b[K", line());
        }
    }

    /// Ends the progress line, if one is shown, before other output.
    fn end_line(&mut self) {
        if self.shown {
            eprintln!();
            self.shown = false;
        }
    }
}

/// A byte count for people.
fn bytes(count: usize) -> String {
    if count < 1 << 10 {
        format!("{count} B")
    } else if count < 1 << 20 {
        format!("{:.1} KiB", count as f64 / 1024.0)
    } else {
        format!("{:.1} MiB", count as f64 / (1 << 20) as f64)
    }
}

/// `cargo xtask stress <crate> --against "<command>" ...`: exit status 0
/// if every case passed, 1 on a failing case, 2 on a usage error (including
/// a command that cannot be run at all), 3 if `--max-time` passed before
/// every case ran and none failed.
pub fn stress(args: &[String]) -> ExitCode {
    match stress_run(args) {
        Ok(()) => ExitCode::SUCCESS,
        Err(Stop::Failed(message)) => {
            eprintln!("xtask: {message}");
            ExitCode::FAILURE
        }
        Err(Stop::Usage(message)) => {
            eprintln!("xtask: {message}");
            ExitCode::from(2)
        }
        Err(Stop::OutOfTime(message)) => {
            eprintln!("xtask: {message}");
            ExitCode::from(OUT_OF_TIME)
        }
    }
}

/// A command the shell could not run at all: exit status 126 (found, not
/// executable) or 127 (not found) on the very first case.
fn cannot_start(stress: &Stress, outcome: &Outcome) -> Result<(), Stop> {
    let Ending::Exited(status) = outcome.ending else {
        return Ok(());
    };
    if !matches!(status.code(), Some(126 | 127)) {
        return Ok(());
    }
    let stderr = String::from_utf8_lossy(&outcome.stderr_tail);
    let said = stderr
        .lines()
        .rev()
        .map(str::trim)
        .find(|line| !line.is_empty())
        .map(|line| format!("{}; ", clipped(line, LINE_CHARS)))
        .unwrap_or_default();
    Err(Stop::Usage(format!(
        "cannot run --against {}: {said}{} on the first case",
        shell_word(&stress.command),
        run::describe(status)
    )))
}

fn stress_run(args: &[String]) -> Result<(), Stop> {
    let stress = Stress::from_args(args).map_err(Stop::Usage)?;
    let with_brute = stress.size == Size::Tiny;
    let started = Instant::now();
    let mut progress = Progress::new();
    for case in 0..stress.cases {
        let seed = stress.seed.wrapping_add(case);
        let input = generate_input(stress.problem, seed, stress.size);
        let expected = reference(stress.problem, &input, with_brute).map_err(Stop::Failed)?;
        let Some(outcome) = stress.run(&input)? else {
            progress.end_line();
            return Err(Stop::OutOfTime(format!(
                "stress {}: {case} of {} cases passed, none failed (seed {})",
                stress.stopped_at_max_time(),
                stress.cases,
                stress.seed
            )));
        };
        if case == 0 {
            cannot_start(&stress, &outcome)?;
        }
        if let Some(verdict) = verdict(&outcome, &expected) {
            progress.end_line();
            eprintln!(
                "stress: case {} of {} (generator seed {seed}) failed: {}; shrinking",
                case + 1,
                stress.cases,
                verdict.text(stress.timeout)
            );
            let failing = Failing::new(input, expected, outcome, verdict);
            return Err(Stop::Failed(report_failure(
                &stress,
                &mut progress,
                failing,
            )));
        }
        progress.show(|| {
            let done = case + 1;
            format!(
                "stress: {done} of {} cases passed, {:.1} cases/s, size {} (this input {})",
                stress.cases,
                done as f64 / started.elapsed().as_secs_f64().max(1e-9),
                stress.size,
                bytes(input.len())
            )
        });
    }
    progress.end_line();
    println!(
        "stress: {} cases of size {} passed against `{}` in {:.1} s (seed {}{})\n\
         reproduce with: {}",
        stress.cases,
        stress.size,
        stress.command,
        started.elapsed().as_secs_f64(),
        stress.seed,
        if with_brute {
            "; expected outputs checked by the exhaustive search too"
        } else {
            ""
        },
        stress.reproduce()
    );
    Ok(())
}

/// A failing input with its expected output, what the command did and why
/// that fails.
struct Failing {
    input: String,
    expected: Vec<u8>,
    outcome: Outcome,
    verdict: Verdict,
}

impl Failing {
    fn new(input: String, expected: Vec<u8>, mut outcome: Outcome, verdict: Verdict) -> Failing {
        if let Verdict::OutputLimit(_) = verdict {
            // Only its start is shown: do not hold 64 MiB while shrinking.
            outcome.stdout.truncate(OLE_EXCERPT);
            outcome.stdout.shrink_to_fit();
        }
        Failing {
            input,
            expected,
            outcome,
            verdict,
        }
    }
}

/// How shrinking went: the smallest failing input found, the runs spent,
/// and whether `--max-time` stopped it.
struct Shrunk {
    failing: Failing,
    runs: usize,
    out_of_time: bool,
}

/// Shrinks a failing input while it still fails the same way (a smaller
/// input that fails otherwise is not taken), until no candidate does, or
/// [`SHRINK_RUNS`], [`SHRINK_TIME`] or `--max-time` runs out.
fn shrink(stress: &Stress, progress: &mut Progress, mut failing: Failing) -> Shrunk {
    let started = Instant::now();
    let mut runs = 0;
    let mut out_of_time = false;
    'smaller: loop {
        for candidate in smaller_inputs(stress.problem, &failing.input) {
            if runs >= SHRINK_RUNS || started.elapsed() >= SHRINK_TIME {
                break 'smaller;
            }
            let Ok(expected) = reference(stress.problem, &candidate, false) else {
                continue;
            };
            let outcome = match stress.run(&candidate) {
                Ok(Some(outcome)) => outcome,
                Ok(None) => {
                    out_of_time = true;
                    break 'smaller;
                }
                Err(_) => continue,
            };
            runs += 1;
            progress.show(|| {
                format!(
                    "stress: shrinking, {runs} runs, smallest failing input {}",
                    bytes(failing.input.len())
                )
            });
            match verdict(&outcome, &expected) {
                Some(verdict) if verdict.same_kind(&failing.verdict) => {
                    failing = Failing::new(candidate, expected, outcome, verdict);
                    continue 'smaller;
                }
                _ => {}
            }
        }
        break;
    }
    progress.end_line();
    Shrunk {
        failing,
        runs,
        out_of_time,
    }
}

/// The first `<dir>/<crate>-<n>.in` that does not exist yet.
fn free_name(dir: &Path, name: &str) -> Option<PathBuf> {
    (1..=u32::MAX)
        .map(|n| dir.join(format!("{name}-{n}.in")))
        .find(|path| !path.exists())
}

/// Saves the failing input and its expected output; says why not on stderr.
fn save(stress: &Stress, failing: &Failing) -> Option<PathBuf> {
    if let Err(e) = fs::create_dir_all(&stress.dir) {
        eprintln!("stress: cannot create {}: {e}", stress.dir.display());
        return None;
    }
    let Some(path) = free_name(&stress.dir, problem_name(stress.problem)) else {
        eprintln!("stress: no free file name in {}", stress.dir.display());
        return None;
    };
    let written = fs::write(&path, &failing.input)
        .and_then(|()| fs::write(path.with_extension("out"), &failing.expected));
    match written {
        Ok(()) => Some(path),
        Err(e) => {
            eprintln!("stress: cannot save the failing case: {e}");
            None
        }
    }
}

fn report_failure(stress: &Stress, progress: &mut Progress, failing: Failing) -> String {
    let Shrunk {
        failing,
        runs,
        out_of_time,
    } = shrink(stress, progress, failing);
    let saved = save(stress, &failing);
    let stopped = if out_of_time {
        format!(" ({})", stress.stopped_at_max_time())
    } else {
        String::new()
    };
    let mut text = format!(
        "stress failed; after {runs} shrinking runs{stopped}, the smallest failing input found: {}\n",
        failing.verdict.text(stress.timeout)
    );
    match &saved {
        Some(path) => text.push_str(&format!(
            "input ({}, expected output in {}):\n",
            path.display(),
            path.with_extension("out").display()
        )),
        None => text.push_str("input:\n"),
    }
    text.push_str(&head(&failing.input, 30));
    let stdout = &failing.outcome.stdout;
    match failing.verdict {
        Verdict::OutputLimit(_) => {
            let start = String::from_utf8_lossy(&stdout[..stdout.len().min(OLE_EXCERPT)]);
            text.push_str("your output began:\n");
            for line in start.lines().take(5) {
                text.push_str(&format!("  {}\n", clipped(line, LINE_CHARS)));
            }
            text.push_str("  …\n");
        }
        _ => text.push_str(&side_by_side(&failing.expected, stdout)),
    }
    let stderr = String::from_utf8_lossy(&failing.outcome.stderr_tail);
    if !stderr.trim().is_empty() {
        text.push_str("your stderr ended:\n");
        text.push_str(&tail(&stderr, 10));
    }
    if let Some(path) = saved {
        text.push_str(&format!(
            "rerun: sh -c {} < {}\n",
            shell_word(&stress.command),
            shell_word(&path.to_string_lossy())
        ));
    }
    text.push_str(&format!("reproduce: {}", stress.reproduce()));
    text
}

#[cfg(test)]
mod tests {
    use super::*;

    fn normalised_equal(a: &[u8], b: &[u8]) -> bool {
        first_difference(a, b).is_none()
    }

    #[test]
    fn comparison_ignores_line_ends_only() {
        assert!(normalised_equal(b"Alice \r\nBob\n\n", b"Alice\nBob"));
        assert!(normalised_equal(b"", b"\n\n  \n"));
        assert!(!normalised_equal(b"Alice\nBob\n", b"Alice Bob\n"));
        assert!(!normalised_equal(b"alice\n", b"Alice\n"));
        assert!(!normalised_equal(b"A\n\nB\n", b"A\nB\n"));
        assert_eq!(first_difference(b"A\nB\nC\n", b"A\nB\nD\n"), Some(2));
        assert_eq!(first_difference(b"A\n", b"A\n\n\nX\n"), Some(3));
        assert_eq!(first_difference(b"A\n\n\nX", b"A\n"), Some(3));
        assert_eq!(line_count(b"A\nB\n\n \n"), 2);
        assert_eq!(line_count(b""), 0);
    }

    #[test]
    fn options_take_values_inline_or_next() {
        let args: Vec<String> = ["x", "--seed=3", "--size", "tiny"]
            .map(String::from)
            .to_vec();
        let (positional, flags) = options(&args, &["seed", "size"]).expect("valid");
        assert_eq!(positional, ["x"]);
        assert_eq!(flags, [("seed", "3"), ("size", "tiny")]);
        assert!(options(&args, &["seed"]).is_err());
    }

    #[test]
    fn a_zero_or_bad_timeout_is_refused() {
        for flag in ["--timeout", "--max-time"] {
            for timeout in ["0", "-1", "NaN", "inf", "x"] {
                let args: Vec<String> = ["lasker-nim", "--against", "cat", flag, timeout]
                    .map(String::from)
                    .to_vec();
                assert!(Stress::from_args(&args).is_err(), "{flag} {timeout}");
            }
        }
    }

    #[test]
    fn the_reproduce_line_keeps_a_max_time_only_if_given() {
        let args = |extra: &[&str]| -> Vec<String> {
            ["lasker-nim", "--against", "cat", "--seed", "4"]
                .iter()
                .chain(extra)
                .map(|word| word.to_string())
                .collect()
        };
        let without = Stress::from_args(&args(&[])).expect("valid");
        assert_eq!(without.max_time, None);
        assert_eq!(without.deadline, None);
        assert_eq!(
            without.reproduce(),
            "cargo xtask stress lasker-nim --against cat --cases 100 --seed 4 --size tiny \
             --timeout 5 --dir stress-failures"
        );
        let with = Stress::from_args(&args(&["--max-time", "2.5"])).expect("valid");
        assert_eq!(with.max_time, Some(Duration::from_millis(2500)));
        assert!(with.deadline.is_some());
        assert_eq!(
            with.reproduce(),
            "cargo xtask stress lasker-nim --against cat --cases 100 --seed 4 --size tiny \
             --timeout 5 --max-time 2.5 --dir stress-failures"
        );
        // A bound past the end of time is no bound, not a panic.
        let forever = Stress::from_args(&args(&["--max-time", "1e19"])).expect("valid");
        assert_eq!(forever.deadline, None);
    }

    #[test]
    fn shell_words_survive_the_shell() {
        let words = [
            "plain",
            "",
            "two words",
            "sh -c 'cat >/dev/null; echo x'",
            "it's",
            "'",
            "$HOME `id` \\ \" ! * ~",
            "tab\tnew\nline",
        ];
        let line: Vec<String> = words.iter().map(|word| shell_word(word)).collect();
        let script = format!("printf '%s\\0' {}", line.join(" "));
        let out = std::process::Command::new("sh")
            .args(["-c", &script])
            .output()
            .expect("sh runs");
        let expected: Vec<u8> = words
            .iter()
            .flat_map(|w| [w.as_bytes(), b"\0"].concat())
            .collect();
        assert_eq!(
            String::from_utf8_lossy(&out.stdout),
            String::from_utf8_lossy(&expected)
        );
        assert_eq!(
            shell_word("stress-failures/x-1.in"),
            "stress-failures/x-1.in"
        );
    }

    #[test]
    fn verdicts_are_distinct_kinds() {
        let all = [
            Verdict::Wrong,
            Verdict::Runtime("exit status 1".to_owned()),
            Verdict::TimeLimit,
            Verdict::OutputLimit("stdout"),
        ];
        for (i, a) in all.iter().enumerate() {
            for (j, b) in all.iter().enumerate() {
                assert_eq!(a.same_kind(b), i == j, "{a:?} {b:?}");
            }
        }
        assert!(
            Verdict::Runtime("exit status 1".to_owned()).same_kind(&Verdict::Runtime(
                "killed by signal 11 (SIGSEGV)".to_owned()
            ))
        );
        let second = Duration::from_millis(250);
        assert_eq!(Verdict::Wrong.text(second), "WA (wrong answer)");
        assert_eq!(
            Verdict::TimeLimit.text(second),
            "TLE (time limit exceeded, still running after 0.25 s)"
        );
    }

    #[test]
    fn a_huge_output_gives_a_short_comparison() {
        let expected = b"Alice\n".repeat(1000);
        let mut actual = expected.clone();
        actual.extend(b"y\n".repeat(1 << 20));
        let text = side_by_side(&expected, &actual);
        assert!(text.len() < 2000, "{text}");
        assert!(text.contains("≠ (nothing)"), "{text}");
        assert!(text.contains("997 equal lines before these"), "{text}");
        let long_line = vec![b'x'; 1 << 20];
        let text = side_by_side(b"1\n", &long_line);
        assert!(text.len() < 2000, "{text}");
        assert!(head(&"z".repeat(1 << 20), 30).len() < 1000);
        assert!(tail(&"z\n".repeat(1 << 20), 10).len() < 1000);
    }
}
