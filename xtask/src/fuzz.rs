//! `cargo xtask fuzz`: a grammar-aware fuzzer of the command `cgt` and the
//! Python module `cgt`, for a time budget.
//!
//! Each case is generated from its own seed (the run's seed mixed with the
//! case's number), by a small PRNG written here (splitmix64), so a seed
//! replays the same cases in the same order. The generators write CGSuite's
//! notation (numbers, dyadics, nimbers and ups up to and past their limits,
//! `Tiny`/`Miny`, nested braces, switches, the loopy words), ruleset terms
//! (each ruleset's example from `cgt eval --list`, mutated), sums of them,
//! heap game codes for `values`/`period`/`formula`, and Python calls.
//!
//! Every run is a real child process with a limit on its CPU time and a
//! looser one on wall-clock time, and is checked for: a panic (stderr says
//! "panicked", exit status 101, death by a signal), a hang (past either
//! limit), an error that is not one line starting
//! `cgt: `, an exit status other than 0, 1 and 2, a value that does not read
//! back as itself, and `solve` disagreeing with `eval` (the outcome, or a
//! winning move that leaves a position `eval` says the mover loses, or
//! refusing a sum `eval` values). Each
//! failure is printed with its case and the exact command that shows it.

use crate::run::{self, Ending, Limits, Outcome};
use std::collections::BTreeMap;
use std::fmt::Write as _;
use std::fs;
use std::path::{Path, PathBuf};
use std::process::{Command, ExitCode};
use std::time::{Duration, Instant, SystemTime, UNIX_EPOCH};

/// The words of `solve`'s one line for a game with loopy rules, which it
/// refuses by design (`cgt eval` answers those).
const LOOPY_REFUSAL: &str = "a loopy game (play may go on forever): solve answers short games only";

/// Each run's CPU seconds: the issue's bar for "within seconds".
pub const TIMEOUT: u64 = 10;
/// The memory budget every computing run of `cgt` is given, so that a
/// runaway case stops with exit status 1 instead of taking the machine. Not
/// less: at 512M, `eval '*4096+{1|0}'` stops at the budget in 3 s, and the
/// minutes it takes under the default budget go unseen.
const MAX_MEMORY: &str = "2G";
/// Most bytes kept of a run's stdout: past it the run is stopped.
const OUTPUT_CAP: usize = 64 << 20;

/// A small seeded PRNG (splitmix64): enough for generating cases, and the
/// same sequence on every platform.
#[derive(Clone, Debug)]
pub struct Rng(u64);

impl Rng {
    /// A generator started from `seed`.
    pub fn new(seed: u64) -> Self {
        Rng(seed)
    }

    /// The next 64 random bits.
    pub fn next_u64(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    /// A number in `0..n` (0 when `n` is 0).
    pub fn below(&mut self, n: u64) -> u64 {
        if n == 0 { 0 } else { self.next_u64() % n }
    }

    /// A number in `lo..=hi`.
    pub fn range(&mut self, lo: i64, hi: i64) -> i64 {
        let span = hi.abs_diff(lo).saturating_add(1);
        lo.wrapping_add_unsigned(self.below(span))
    }

    /// True with probability `percent` / 100.
    pub fn chance(&mut self, percent: u64) -> bool {
        self.below(100) < percent
    }

    /// One item of a non-empty slice.
    pub fn pick<'a, T>(&mut self, items: &'a [T]) -> &'a T {
        let n = u64::try_from(items.len()).unwrap_or(u64::MAX);
        let i = usize::try_from(self.below(n)).unwrap_or(0);
        &items[i.min(items.len().saturating_sub(1))]
    }
}

/// The seed of case `index` of a run started from `seed`.
pub fn case_seed(seed: u64, index: u64) -> u64 {
    Rng::new(seed ^ index.wrapping_mul(0xD1B5_4A32_D192_ED03)).next_u64()
}

/// What a case exercises (`--only`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum Kind {
    /// `cgt eval`, and `eval` of what it printed.
    Eval,
    /// `cgt solve` against `cgt eval`.
    Solve,
    /// `cgt values`, `period` and `formula`, checkpoints included.
    Values,
    /// The Python module.
    Python,
}

impl Kind {
    /// Every kind, in the order cases rotate through them.
    pub const ALL: [Kind; 4] = [Kind::Eval, Kind::Solve, Kind::Values, Kind::Python];

    /// The name `--only` takes.
    pub fn name(self) -> &'static str {
        match self {
            Kind::Eval => "eval",
            Kind::Solve => "solve",
            Kind::Values => "values",
            Kind::Python => "python",
        }
    }
}

/// The class of a failure.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum Class {
    /// "panicked" on stderr, exit status 101, or death by a signal.
    Panic,
    /// Still running at the time limit.
    Hang,
    /// An exit status 1 or 2 whose stderr is not one line starting `cgt: `.
    MultiLineError,
    /// An exit status other than 0, 1 and 2.
    ExitStatus,
    /// A printed value that does not read back as itself.
    RoundTrip,
    /// `solve` and `eval` disagree, or a resumed run and a whole one do.
    Disagreement,
    /// `solve` refuses (exit status 2) a sum that `eval` values, though
    /// `solve` reads any sum `eval` reads.
    SolveRefuses,
    /// The Python module raised what it should not (not ValueError,
    /// OverflowError, TypeError, MemoryError, SidesUnsettledError).
    PythonException,
}

impl Class {
    /// Its name in reports.
    pub fn name(self) -> &'static str {
        match self {
            Class::Panic => "panic",
            Class::Hang => "hang",
            Class::MultiLineError => "multi-line error",
            Class::ExitStatus => "exit status",
            Class::RoundTrip => "round trip",
            Class::Disagreement => "solve/eval disagreement",
            Class::SolveRefuses => "solve refuses what eval reads",
            Class::PythonException => "python exception",
        }
    }
}

/// One failure: its class, the case, the command that shows it and what
/// was seen.
#[derive(Clone, Debug)]
pub struct Failure {
    /// What kind of failure.
    pub class: Class,
    /// The case number in the run (its seed is [`case_seed`]).
    pub case: u64,
    /// The command, quoted for `sh`, that shows it.
    pub command: String,
    /// What was seen.
    pub detail: String,
}

/// `argv` as one line for `sh`: each word in single quotes where needed.
pub fn quote(argv: &[String]) -> String {
    let mut line = String::new();
    for (i, word) in argv.iter().enumerate() {
        if i > 0 {
            line.push(' ');
        }
        let plain = !word.is_empty()
            && word
                .chars()
                .all(|c| c.is_ascii_alphanumeric() || "-_./=:,@%+^".contains(c));
        if plain {
            line.push_str(word);
        } else {
            line.push('\'');
            line.push_str(&word.replace('\'', "'\\''"));
            line.push('\'');
        }
    }
    line
}

/// How long one run may take: CPU seconds (`ulimit -t`, so a machine
/// busy with other work does not turn a slow run into a hang), and a wall
/// clock bound behind it for a run that sleeps or waits.
#[derive(Clone, Copy, Debug)]
pub struct Bound {
    /// CPU time of the process, all its threads together; whole seconds,
    /// at least 1.
    pub cpu_seconds: u64,
    /// Wall-clock time from the start.
    pub wall: Duration,
}

impl Bound {
    /// `seconds` of CPU, and [`WALL_PER_CPU`](Self::WALL_PER_CPU) times as
    /// long on the wall clock: the CPU limit judges a busy run, the wall
    /// clock only one that sleeps or waits, so it must not fire first on a
    /// loaded machine (seed 11's `period c.61` used 5.9 s of CPU in 34 s of
    /// wall clock at a load of 10 per core, and was reported hung at 60 s).
    pub fn cpu(seconds: u64) -> Self {
        let cpu_seconds = seconds.max(1);
        Bound {
            cpu_seconds,
            wall: Duration::from_secs(cpu_seconds.saturating_mul(Self::WALL_PER_CPU)),
        }
    }

    /// How many seconds of wall clock a run has per second of its CPU
    /// limit: a run that gets a twentieth of a core still reaches its CPU
    /// limit before the wall clock stops it.
    pub const WALL_PER_CPU: u64 = 20;
}

/// Runs `argv` (no shell between: `sh` sets the CPU limit and execs it) with
/// an empty stdin within `bound`; every process it starts is killed at the
/// end. A run stopped by its CPU limit dies of SIGXCPU.
pub fn run_argv(argv: &[String], bound: Bound) -> Result<Outcome, String> {
    let limits = Limits {
        timeout: bound.wall,
        output: OUTPUT_CAP,
    };
    let line = format!("ulimit -S -t {} && exec {}", bound.cpu_seconds, quote(argv));
    run::run(&line, b"", limits).map_err(|e| format!("cannot run {}: {e}", quote(argv)))
}

/// `argv`, run so that SIGINT has its default action in the child, as it
/// has for a command typed at a terminal. A job started with `&` by a shell
/// without job control ignores SIGINT, and its children inherit that: a
/// fuzzer started so would call every run that leaves SIGINT alone a hang
/// (and Python installs no `KeyboardInterrupt` handler then). GNU `env`
/// (coreutils 8.31 and later) puts the default back.
#[cfg(target_os = "linux")]
fn with_sigint_default(argv: &[String]) -> Vec<String> {
    if sigint_ignored_here() {
        ["env", "--default-signal=INT"]
            .iter()
            .map(|s| (*s).to_owned())
            .chain(argv.iter().cloned())
            .collect()
    } else {
        argv.to_vec()
    }
}

/// Whether this process ignores SIGINT (signal 2: bit 1 of `SigIgn` in
/// `/proc/self/status`).
#[cfg(target_os = "linux")]
fn sigint_ignored_here() -> bool {
    fs::read_to_string("/proc/self/status")
        .ok()
        .and_then(|status| {
            let mask = status.lines().find_map(|l| l.strip_prefix("SigIgn:"))?;
            u64::from_str_radix(mask.trim(), 16).ok()
        })
        .is_some_and(|mask| mask & (1 << 1) != 0)
}

/// How long (wall clock) a run on a terminal may go before its progress
/// line shows, with `CGT_PROGRESS_AFTER=0`: generous, for a loaded machine.
const PROGRESS_WITHIN: Duration = Duration::from_secs(30);
/// How long (wall clock) a run may go on after SIGINT.
const STOPS_WITHIN: Duration = Duration::from_secs(5);

/// Whether a run that went past its CPU limit is long work the user is
/// shown and can stop, as the issue asks of every command: run again on a
/// pseudo-terminal with `CGT_PROGRESS_AFTER=0`, it shows the progress line
/// (`\rcgt: …`) within [`PROGRESS_WITHIN`], and after SIGINT (Ctrl-C) it
/// ends within [`STOPS_WITHIN`], by the signal or with exit status 1 or
/// 130 and at most one line `cgt: …`. `Err` says which failed.
#[cfg(target_os = "linux")]
pub fn heard_after_progress(argv: &[String]) -> Result<(), String> {
    use rustix::process::{Pid, Signal, kill_process};
    use rustix::pty::{OpenptFlags, grantpt, openpt, ptsname, unlockpt};
    use std::io::Read as _;
    use std::os::unix::ffi::OsStrExt as _;
    use std::os::unix::process::ExitStatusExt as _;
    use std::process::Stdio;
    use std::sync::{Arc, Mutex};
    let argv = with_sigint_default(argv);
    let (program, args) = argv.split_first().ok_or("no program")?;
    let terminal_error = |e: std::io::Error| format!("no pseudo-terminal: {e}");
    let controller =
        openpt(OpenptFlags::RDWR | OpenptFlags::NOCTTY).map_err(|e| terminal_error(e.into()))?;
    grantpt(&controller).map_err(|e| terminal_error(e.into()))?;
    unlockpt(&controller).map_err(|e| terminal_error(e.into()))?;
    let name = ptsname(&controller, Vec::new()).map_err(|e| terminal_error(e.into()))?;
    let terminal = fs::OpenOptions::new()
        .read(true)
        .write(true)
        .open(std::ffi::OsStr::from_bytes(name.as_bytes()))
        .map_err(terminal_error)?;
    let stdout = terminal.try_clone().map_err(terminal_error)?;
    let mut child = Command::new(program)
        .args(args)
        .env("CGT_PROGRESS_AFTER", "0")
        .stdin(Stdio::null())
        .stdout(stdout)
        .stderr(terminal)
        .spawn()
        .map_err(|e| format!("cannot start {program}: {e}"))?;
    let shown = Arc::new(Mutex::new(Vec::new()));
    // Reads end (EIO) once no process holds the terminal's other end.
    let reader = {
        let shown = Arc::clone(&shown);
        let mut controller = fs::File::from(controller);
        std::thread::spawn(move || {
            let mut buffer = [0; 4096];
            loop {
                match controller.read(&mut buffer) {
                    Ok(0) => break,
                    Ok(read) => match shown.lock() {
                        Ok(mut shown) => shown.extend_from_slice(&buffer[..read]),
                        Err(_) => break,
                    },
                    Err(e) if e.kind() == std::io::ErrorKind::Interrupted => {}
                    Err(_) => break,
                }
            }
        })
    };
    let seen = |shown: &Arc<Mutex<Vec<u8>>>| -> String {
        shown
            .lock()
            .map(|s| String::from_utf8_lossy(&s).into_owned())
            .unwrap_or_default()
    };
    let start = Instant::now();
    let mut verdict = Err(format!(
        "on a terminal, no progress line within {} s",
        PROGRESS_WITHIN.as_secs()
    ));
    while start.elapsed() < PROGRESS_WITHIN {
        if seen(&shown).contains("\rcgt: ") {
            verdict = Ok(());
            break;
        }
        if let Ok(Some(status)) = child.try_wait() {
            verdict = Err(format!(
                "on a terminal it ended ({status}) with no progress line"
            ));
            break;
        }
        std::thread::sleep(Duration::from_millis(50));
    }
    let pid = Pid::from_raw(i32::try_from(child.id()).unwrap_or(0));
    if verdict.is_ok() {
        if let Some(pid) = pid {
            let _ = kill_process(pid, Signal::INT);
        }
        verdict = match ended_after_sigint(&mut child) {
            Some(status) => {
                let text = seen(&shown);
                let after = text.rsplit('\r').next().unwrap_or("").trim();
                let lines = after.lines().count();
                match (status.signal(), status.code()) {
                    (Some(2), _) => Ok(()),
                    (None, Some(1 | 130))
                        if lines <= 1 && (after.is_empty() || after.starts_with("cgt: ")) =>
                    {
                        Ok(())
                    }
                    _ => Err(format!("after SIGINT it ended ({status}) with {after:?}")),
                }
            }
            None => Err(format!(
                "showed progress, then still ran {} s after SIGINT",
                STOPS_WITHIN.as_secs()
            )),
        };
    }
    let _ = child.kill();
    let _ = child.wait();
    // Not joined: a process the run started may still hold the terminal.
    drop(reader);
    verdict
}

/// How `child`, just sent SIGINT, ended, if it did within [`STOPS_WITHIN`].
#[cfg(target_os = "linux")]
fn ended_after_sigint(child: &mut std::process::Child) -> Option<std::process::ExitStatus> {
    let stopped = Instant::now();
    loop {
        match child.try_wait() {
            Ok(Some(status)) => return Some(status),
            Ok(None) if stopped.elapsed() < STOPS_WITHIN => {
                std::thread::sleep(Duration::from_millis(20));
            }
            _ => return None,
        }
    }
}

/// How long a Python run goes before [`heard_in_python`] sends SIGINT.
const PYTHON_WORKS_FOR: Duration = Duration::from_secs(2);

/// Whether a Python run that went past its CPU limit is long work the user
/// can stop: run again, SIGINT after [`PYTHON_WORKS_FOR`] ends it within
/// [`STOPS_WITHIN`] with `KeyboardInterrupt` (by the signal, or the
/// traceback). The module has no progress line to look for. `Err` says
/// what failed.
#[cfg(target_os = "linux")]
pub fn heard_in_python(argv: &[String]) -> Result<(), String> {
    use rustix::process::{Pid, Signal, kill_process};
    use std::io::Read as _;
    use std::os::unix::process::ExitStatusExt as _;
    use std::process::Stdio;
    let argv = with_sigint_default(argv);
    let (program, args) = argv.split_first().ok_or("no program")?;
    let mut child = Command::new(program)
        .args(args)
        .stdin(Stdio::null())
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .spawn()
        .map_err(|e| format!("cannot start {program}: {e}"))?;
    let started = Instant::now();
    while started.elapsed() < PYTHON_WORKS_FOR {
        if let Ok(Some(status)) = child.try_wait() {
            return Err(format!("run again, it ended ({status}) before SIGINT"));
        }
        std::thread::sleep(Duration::from_millis(50));
    }
    if let Some(pid) = Pid::from_raw(i32::try_from(child.id()).unwrap_or(0)) {
        let _ = kill_process(pid, Signal::INT);
    }
    let verdict = match ended_after_sigint(&mut child) {
        Some(status) => {
            let mut stderr = String::new();
            if let Some(mut pipe) = child.stderr.take() {
                let _ = pipe.read_to_string(&mut stderr);
            }
            if status.signal() == Some(2) || stderr.contains("KeyboardInterrupt") {
                Ok(())
            } else {
                Err(format!(
                    "after SIGINT it ended ({status}) with {:?}",
                    excerpt(stderr.as_bytes())
                ))
            }
        }
        None => Err(format!(
            "still ran {} s after SIGINT",
            STOPS_WITHIN.as_secs()
        )),
    };
    let _ = child.kill();
    let _ = child.wait();
    verdict
}

/// Not checked off Linux: every Python run past its CPU limit is a hang.
#[cfg(not(target_os = "linux"))]
pub fn heard_in_python(_: &[String]) -> Result<(), String> {
    Err("SIGINT is checked on Linux only".to_owned())
}

/// Not checked off Linux: every run past its CPU limit is a hang.
#[cfg(not(target_os = "linux"))]
pub fn heard_after_progress(_: &[String]) -> Result<(), String> {
    Err("progress and SIGINT are checked on Linux only".to_owned())
}

/// SIGXCPU: the CPU limit of [`run_argv`] was reached.
const SIGXCPU: i32 = 24;

/// The signal that ended a run, if one did.
fn signal_of(status: std::process::ExitStatus) -> Option<i32> {
    use std::os::unix::process::ExitStatusExt;
    status.signal()
}

fn text(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}

/// The first lines of a stderr, shortened, for a report.
fn excerpt(bytes: &[u8]) -> String {
    let all = text(bytes);
    let mut lines: Vec<&str> = all.lines().take(3).collect();
    if all.lines().count() > 3 {
        lines.push("…");
    }
    let joined = lines.join(" ⏎ ");
    if joined.chars().count() > 300 {
        joined.chars().take(300).collect::<String>() + "…"
    } else {
        joined
    }
}

/// The faults any run of `cgt` can show by how it ended: a panic, a hang, an
/// exit status other than 0, 1, 2, an error that is not one line starting
/// `cgt: `. `None` when it ended well (its answer is checked elsewhere).
pub fn process_fault(outcome: &Outcome) -> Option<(Class, String)> {
    let stderr = text(&outcome.stderr_tail);
    if stderr.contains("panicked") {
        return Some((Class::Panic, excerpt(&outcome.stderr_tail)));
    }
    match outcome.ending {
        Ending::TimedOut => Some((
            Class::Hang,
            "still running at the wall-clock limit".to_owned(),
        )),
        // Long output is no fault (`values S(6) --upto 2^22` prints 4 million
        // values); the run is stopped and its answer not checked.
        Ending::OutputLimit(_) => None,
        Ending::Exited(status) if signal_of(status) == Some(SIGXCPU) => Some((
            Class::Hang,
            "used up its CPU time limit (SIGXCPU)".to_owned(),
        )),
        Ending::Exited(status) => match status.code() {
            None => Some((
                Class::Panic,
                format!(
                    "{}: {}",
                    run::describe(status),
                    excerpt(&outcome.stderr_tail)
                ),
            )),
            Some(101) => Some((Class::Panic, excerpt(&outcome.stderr_tail))),
            Some(0) => None,
            Some(1 | 2) => {
                let one_line = stderr.starts_with("cgt: ")
                    && stderr.ends_with('\n')
                    && stderr.matches('\n').count() == 1;
                (!one_line).then(|| {
                    (
                        Class::MultiLineError,
                        format!(
                            "{}, stderr: {:?}",
                            run::describe(status),
                            stderr.chars().take(400).collect::<String>()
                        ),
                    )
                })
            }
            Some(_) => Some((
                Class::ExitStatus,
                format!(
                    "{}: {}",
                    run::describe(status),
                    excerpt(&outcome.stderr_tail)
                ),
            )),
        },
    }
}

// ---------------------------------------------------------------- JSON

/// A JSON value, as far as `cgt`'s answers need.
#[derive(Clone, Debug, PartialEq)]
pub enum Json {
    /// `null`.
    Null,
    /// `true` or `false`.
    Bool(bool),
    /// A number, as written.
    Number(String),
    /// A string.
    Str(String),
    /// An array.
    Array(Vec<Json>),
    /// An object, its keys in order.
    Object(Vec<(String, Json)>),
}

impl Json {
    /// Reads one JSON value (and nothing after it but white space); `None`
    /// if it is not JSON, or nested deeper than 32 levels.
    pub fn parse(text: &str) -> Option<Json> {
        let chars: Vec<char> = text.chars().collect();
        let mut pos = 0;
        let value = json_value(&chars, &mut pos, 0)?;
        json_space(&chars, &mut pos);
        (pos == chars.len()).then_some(value)
    }

    /// The member `key` of an object.
    pub fn get(&self, key: &str) -> Option<&Json> {
        match self {
            Json::Object(members) => members.iter().find(|(k, _)| k == key).map(|(_, v)| v),
            _ => None,
        }
    }

    /// The text of a string.
    pub fn as_str(&self) -> Option<&str> {
        match self {
            Json::Str(s) => Some(s),
            _ => None,
        }
    }
}

fn json_space(chars: &[char], pos: &mut usize) {
    while chars.get(*pos).is_some_and(|c| c.is_whitespace()) {
        *pos += 1;
    }
}

fn json_value(chars: &[char], pos: &mut usize, depth: usize) -> Option<Json> {
    if depth > 32 {
        return None;
    }
    json_space(chars, pos);
    let word = |pos: &mut usize, w: &str, v: Json| {
        let end = *pos + w.chars().count();
        (chars.get(*pos..end)?.iter().collect::<String>() == w).then(|| {
            *pos = end;
            v
        })
    };
    match chars.get(*pos)? {
        'n' => word(pos, "null", Json::Null),
        't' => word(pos, "true", Json::Bool(true)),
        'f' => word(pos, "false", Json::Bool(false)),
        '"' => json_string(chars, pos).map(Json::Str),
        '[' => {
            *pos += 1;
            let mut items = Vec::new();
            loop {
                json_space(chars, pos);
                if chars.get(*pos) == Some(&']') && items.is_empty() {
                    *pos += 1;
                    return Some(Json::Array(items));
                }
                items.push(json_value(chars, pos, depth + 1)?);
                json_space(chars, pos);
                match chars.get(*pos)? {
                    ',' => *pos += 1,
                    ']' => {
                        *pos += 1;
                        return Some(Json::Array(items));
                    }
                    _ => return None,
                }
            }
        }
        '{' => {
            *pos += 1;
            let mut members = Vec::new();
            loop {
                json_space(chars, pos);
                if chars.get(*pos) == Some(&'}') && members.is_empty() {
                    *pos += 1;
                    return Some(Json::Object(members));
                }
                let key = json_string(chars, pos)?;
                json_space(chars, pos);
                if chars.get(*pos) != Some(&':') {
                    return None;
                }
                *pos += 1;
                members.push((key, json_value(chars, pos, depth + 1)?));
                json_space(chars, pos);
                match chars.get(*pos)? {
                    ',' => *pos += 1,
                    '}' => {
                        *pos += 1;
                        return Some(Json::Object(members));
                    }
                    _ => return None,
                }
            }
        }
        c if *c == '-' || c.is_ascii_digit() => {
            let start = *pos;
            while chars
                .get(*pos)
                .is_some_and(|c| c.is_ascii_digit() || "+-.eE".contains(*c))
            {
                *pos += 1;
            }
            Some(Json::Number(chars[start..*pos].iter().collect()))
        }
        _ => None,
    }
}

fn json_string(chars: &[char], pos: &mut usize) -> Option<String> {
    if chars.get(*pos) != Some(&'"') {
        return None;
    }
    *pos += 1;
    let mut out = String::new();
    loop {
        let c = *chars.get(*pos)?;
        *pos += 1;
        match c {
            '"' => return Some(out),
            '\\' => {
                let e = *chars.get(*pos)?;
                *pos += 1;
                out.push(match e {
                    'n' => '\n',
                    't' => '\t',
                    'r' => '\r',
                    'b' => '\u{8}',
                    'f' => '\u{c}',
                    'u' => {
                        let hex: String = chars.get(*pos..*pos + 4)?.iter().collect();
                        *pos += 4;
                        char::from_u32(u32::from_str_radix(&hex, 16).ok()?).unwrap_or('\u{fffd}')
                    }
                    other => other,
                });
            }
            c => out.push(c),
        }
    }
}

// ---------------------------------------------------------- generators

/// A ruleset as `cgt eval --list` shows it: its name and example argument.
#[derive(Clone, Debug)]
pub struct Ruleset {
    /// The name terms are written with (`domineering`).
    pub name: String,
    /// What goes between the parentheses of the example (`..#|...`).
    pub example: String,
    /// Whether play may come back to a position (its example's value is a
    /// loopy game): sums of these are where `eval` must find sides.
    pub loopy: bool,
}

/// The rulesets in the output of `cgt eval --list`: each line starts with
/// `name(example): `.
pub fn rulesets_in_list(list: &str) -> Vec<Ruleset> {
    list.lines()
        .filter_map(|line| {
            let (term, _) = line.split_once("): ")?;
            let (name, example) = term.split_once('(')?;
            let name_ok =
                !name.is_empty() && name.chars().all(|c| c.is_ascii_alphanumeric() || c == '_');
            name_ok.then(|| Ruleset {
                name: name.to_owned(),
                example: example.to_owned(),
                loopy: false,
            })
        })
        .collect()
}

/// Counts near the limits the README states (32 for up-nth, nimbers past
/// 4096, 2^31, 2^32, 2^63, 2^64) and past them.
const EDGE_COUNTS: &[&str] = &[
    "31",
    "32",
    "33",
    "63",
    "64",
    "65",
    "255",
    "256",
    "1000",
    "1023",
    "1024",
    "2047",
    "2048",
    "4095",
    "4096",
    "4097",
    "5000",
    "65535",
    "65536",
    "2147483647",
    "2147483648",
    "4294967295",
    "4294967296",
    "9223372036854775807",
    "9223372036854775808",
    "18446744073709551615",
    "18446744073709551616",
    "100000000000000000000000000000",
];

/// Stray characters the corruption step inserts.
const STRAY: &[&str] = &[
    "{", "}", "|", "||", "(", ")", "[", "]", "<", ">", "+", "-", "+-", "*", "^", "v", ",", ";",
    ".", "/", "#", "0", "1", "9", " ", "\t", "\n", "é", "±", "↑", "\u{200b}", "∞", "&", "pass",
    "on",
];

fn count(rng: &mut Rng, small: i64) -> String {
    match rng.below(20) {
        0..=16 => rng.range(0, small).to_string(),
        17 => rng.range(small, 2000).to_string(),
        _ => rng.pick(EDGE_COUNTS).to_string(),
    }
}

fn number(rng: &mut Rng) -> String {
    match rng.below(10) {
        0..=4 => rng.range(-3, 5).to_string(),
        5..=7 => {
            let k = if rng.chance(90) {
                rng.range(1, 5)
            } else {
                *rng.pick(&[6, 30, 61, 62, 63, 64, 65])
            };
            let num = rng.range(-9, 9) * 2 + 1;
            format!("{num}/{}", 1_u128 << k)
        }
        8 => rng.pick(EDGE_COUNTS).to_string(),
        _ => format!("{}/{}", rng.range(-5, 5), rng.range(0, 7)),
    }
}

fn star(rng: &mut Rng) -> String {
    match rng.below(4) {
        0 => "*".to_owned(),
        _ => format!("*{}", count(rng, 8)),
    }
}

fn ups(rng: &mut Rng) -> String {
    let arrow = if rng.chance(50) { "^" } else { "v" };
    let n = match rng.below(20) {
        0..=13 => rng.range(1, 4).to_string(),
        // The largest n of `^<n>` and `^[n]` is 32.
        14..=18 => rng.range(31, 33).to_string(),
        _ => rng.pick(EDGE_COUNTS).to_string(),
    };
    let body = match rng.below(4) {
        0 => arrow.to_owned(),
        1 => format!("{arrow}{n}"),
        2 => format!("{arrow}<{n}>"),
        _ => format!("{arrow}[{n}]"),
    };
    match rng.below(3) {
        0 => body,
        1 => format!("{body}*"),
        _ => format!("{body}{}", star(rng)),
    }
}

/// The step that makes the next up-nth (`{0|v[n]*}` is `^<n+1>`, and
/// `{^[n]*|0}` is `v<n+1>`), with n at the limit of 32 as often as not,
/// sometimes with another option beside.
fn up_nth_step(rng: &mut Rng) -> String {
    let n = if rng.chance(50) {
        rng.range(30, 33)
    } else {
        rng.range(1, 4)
    };
    let brackets = if rng.chance(70) {
        ["[", "]"]
    } else {
        ["<", ">"]
    };
    let star = if rng.chance(80) { "*" } else { "" };
    let extra = if rng.chance(20) { ",*" } else { "" };
    if rng.chance(50) {
        format!("{{0{extra}|v{}{n}{}{star}}}", brackets[0], brackets[1])
    } else {
        format!("{{^{}{n}{}{star}|0{extra}}}", brackets[0], brackets[1])
    }
}

/// A literal: a number, ups and a star, maybe juxtaposed.
fn literal(rng: &mut Rng) -> String {
    match rng.below(6) {
        0 | 1 => number(rng),
        2 => star(rng),
        3 => ups(rng),
        4 => format!("{}{}", number(rng), star(rng)),
        _ => format!("{}{}", rng.range(-2, 3), ups(rng)),
    }
}

const LOOPY_WORDS: &[&str] = &[
    "on",
    "off",
    "over",
    "under",
    "upon",
    "dud",
    "5over",
    "3/2under",
    "Tiny(on)",
    "Miny(over)",
    "^[on]",
    "v<on>",
    "a{0|a}",
    "a{a|0}",
    "a{0,pass|*}",
    "{pass|*}",
    "+-on",
    "on & off",
];

/// CGSuite's notation for one game, nested at most `depth` more levels;
/// `loopy` lets it use the loopy words.
pub fn notation(rng: &mut Rng, depth: u32, loopy: bool) -> String {
    let choice = if depth == 0 {
        rng.below(3)
    } else {
        rng.below(10)
    };
    match choice {
        0 | 1 => literal(rng),
        9 => up_nth_step(rng),
        2 if loopy && rng.chance(40) => rng.pick(LOOPY_WORDS).to_string(),
        2 => literal(rng),
        3..=5 => {
            let side = |rng: &mut Rng| {
                let n = rng.below(3) + u64::from(rng.chance(30));
                (0..n)
                    .map(|_| notation(rng, depth - 1, loopy))
                    .collect::<Vec<_>>()
                    .join(",")
            };
            let left = side(rng);
            let bars = if rng.chance(85) { "|" } else { "||" };
            let right = side(rng);
            format!("{{{left}{bars}{right}}}")
        }
        6 => format!(
            "{}{}",
            if rng.chance(50) { "+-" } else { "±" },
            notation(rng, depth - 1, loopy)
        ),
        7 => {
            let word = if rng.chance(50) { "Tiny" } else { "Miny" };
            let times = if rng.chance(20) {
                rng.range(2, 4).to_string()
            } else {
                String::new()
            };
            format!("{times}{word}({})", notation(rng, depth - 1, loopy))
        }
        _ => format!("({})", notation(rng, depth - 1, loopy)),
    }
}

/// Replaces each run of digits by another count, mostly small.
fn renumber(rng: &mut Rng, text: &str) -> String {
    let mut out = String::new();
    let mut in_digits = false;
    for c in text.chars() {
        if c.is_ascii_digit() {
            if !in_digits {
                out.push_str(&count(rng, 12));
            }
            in_digits = true;
        } else {
            in_digits = false;
            out.push(c);
        }
    }
    out
}

/// A ruleset term: the ruleset's example, kept or mutated (its characters
/// reshuffled to another size, its numbers changed, a bracket dropped or
/// added, a stray character, emptied).
pub fn ruleset_term(rng: &mut Rng, ruleset: &Ruleset) -> String {
    let example = &ruleset.example;
    let alphabet: Vec<char> = {
        let mut a: Vec<char> = example.chars().collect();
        a.sort_unstable();
        a.dedup();
        a
    };
    let argument = match rng.below(10) {
        0 | 1 => example.clone(),
        2..=5 if !alphabet.is_empty() => {
            let len = example.chars().count();
            let n = usize::try_from(rng.range(0, i64::try_from(len).unwrap_or(8) + 2)).unwrap_or(0);
            let mut s: String = (0..n).map(|_| *rng.pick(&alphabet)).collect();
            if example.chars().any(|c| c.is_ascii_digit()) {
                s = renumber(rng, example);
            }
            s
        }
        6 => renumber(rng, example),
        7 => String::new(),
        8 => {
            let mut s = example.clone();
            if rng.chance(50) {
                s.push('(');
            } else if let Some(i) = s.rfind(')') {
                s.remove(i);
            } else {
                s.push(')');
            }
            s
        }
        _ => corrupt(rng, example),
    };
    if rng.chance(3) {
        return format!("{}({argument}", ruleset.name);
    }
    format!("{}({argument})", ruleset.name)
}

/// One random edit of `text`: a character inserted, deleted or doubled.
pub fn corrupt(rng: &mut Rng, text: &str) -> String {
    let mut chars: Vec<char> = text.chars().collect();
    let at = usize::try_from(rng.below(u64::try_from(chars.len()).unwrap_or(0) + 1)).unwrap_or(0);
    match rng.below(4) {
        0 | 1 => {
            let stray: Vec<char> = rng.pick(STRAY).chars().collect();
            chars.splice(at..at, stray);
        }
        2 if at < chars.len() => {
            chars.remove(at);
        }
        _ => {
            let end = (at + 4).min(chars.len());
            let copy: Vec<char> = chars[at..end].to_vec();
            chars.splice(at..at, copy);
        }
    }
    chars.into_iter().collect()
}

/// A sum or difference of notation and ruleset terms, with white space
/// varied, sometimes a term added to itself, sometimes corrupted.
pub fn expression(rng: &mut Rng, rulesets: &[Ruleset], loopy: bool) -> String {
    let terms = 1 + rng.below(3) + u64::from(rng.chance(10)) * 2;
    // Sometimes every ruleset term is of one ruleset, as sums often are;
    // a loopy one as often as all the others, where loopy games may come.
    let loopy_rulesets: Vec<&Ruleset> = rulesets.iter().filter(|r| r.loopy).collect();
    let theme = (!rulesets.is_empty() && rng.chance(30)).then(|| {
        if loopy && !loopy_rulesets.is_empty() && rng.chance(50) {
            *rng.pick(&loopy_rulesets)
        } else {
            rng.pick(rulesets)
        }
    });
    let mut parts: Vec<String> = Vec::new();
    for _ in 0..terms {
        let ruleset_chance = if theme.is_some() { 75 } else { 45 };
        let term = if !rulesets.is_empty() && rng.chance(ruleset_chance) {
            let ruleset = theme.unwrap_or_else(|| rng.pick(rulesets));
            ruleset_term(rng, ruleset)
        } else {
            let depth = u32::try_from(rng.below(3)).unwrap_or(0) + 1;
            notation(rng, depth, loopy)
        };
        parts.push(term);
    }
    // A term added to itself (or taken from itself): `X + X`, `X - X`.
    if rng.chance(25) {
        let i = usize::try_from(rng.below(terms)).unwrap_or(0);
        if let Some(term) = parts.get(i).cloned() {
            parts.push(term);
        }
    }
    let mut out = String::new();
    for (i, part) in parts.iter().enumerate() {
        if i > 0 {
            let sign = if rng.chance(70) { "+" } else { "-" };
            let (before, after) = match rng.below(6) {
                0 => ("", ""),
                1 => ("  ", "\t"),
                2 => ("\n", " "),
                _ => (" ", " "),
            };
            let _ = write!(out, "{before}{sign}{after}");
        }
        if rng.chance(10) {
            let _ = write!(out, "({part})");
        } else {
            out.push_str(part);
        }
    }
    if rng.chance(5) {
        out = format!(" {out}\n");
    }
    if rng.chance(12) {
        out = corrupt(rng, &out);
    }
    out
}

/// A heap game's code: octal (with a repeating digit), hexadecimal,
/// subtraction, or a corrupted one.
pub fn heap_code(rng: &mut Rng) -> String {
    let digits = |rng: &mut Rng, hex: bool| {
        let n = rng.range(1, 5);
        (0..n)
            .map(|_| {
                let d = if hex { rng.below(16) } else { rng.below(8) };
                char::from_digit(u32::try_from(d).unwrap_or(0), 16).unwrap_or('0')
            })
            .collect::<String>()
    };
    let code = match rng.below(10) {
        0..=4 => format!(
            "{}.{}",
            rng.pick(&["0", "", "4", "8", "c"]),
            digits(rng, false)
        ),
        5 => format!("0.{}({})", digits(rng, false), rng.below(8)),
        6 => format!("0.{}", digits(rng, true)),
        7 | 8 => {
            let n = rng.range(1, 4);
            let set: Vec<String> = (0..n).map(|_| count(rng, 9)).collect();
            format!("S({})", set.join(","))
        }
        _ => {
            let code = format!("0.{}", digits(rng, false));
            corrupt(rng, &code)
        }
    };
    if rng.chance(8) {
        corrupt(rng, &code)
    } else {
        code
    }
}

/// An `--upto`: mostly small, sometimes past every limit (2^32 and up:
/// refused before any work), sometimes not a number.
fn upto(rng: &mut Rng) -> String {
    match rng.below(20) {
        0..=15 => rng.range(0, 300).to_string(),
        16 => rng
            .pick(&["2^32", "4294967296", "2^64", "18446744073709551616", "2^99"])
            .to_string(),
        17 => rng
            .pick(&["-1", "x", "", "2^", "1e3", "99999999999999999999999"])
            .to_string(),
        _ => rng.range(300, 3000).to_string(),
    }
}

/// The arguments of one `values`, `period` or `formula` run (without the
/// binary), and when it writes a checkpoint to `checkpoint`, the arguments
/// of the run that resumes from it.
pub fn heap_command(rng: &mut Rng, checkpoint: &Path) -> (Vec<String>, Option<Vec<String>>) {
    let code = heap_code(rng);
    let mut argv: Vec<String> = Vec::new();
    let mut resume = None;
    match rng.below(10) {
        0..=5 => {
            argv.extend(["values".to_owned(), code, "--upto".to_owned()]);
            let misere = rng.chance(25);
            argv.push(match rng.below(20) {
                // One past the limit for --misere (2^20) is refused before any
                // work; at a limit the work is long by right (`values 0.6
                // --upto 4294967295 --max-memory 64M`: 73 s of CPU), so the
                // cases go past limits, not up to them.
                0 if misere => "2^20+1".to_owned(),
                _ if misere => rng.range(0, 30).to_string(),
                _ => upto(rng),
            });
            if misere {
                argv.push("--misere".to_owned());
            }
            if rng.chance(25) {
                argv.push("--json".to_owned());
            }
            if rng.chance(15) {
                argv.extend(["--threads".to_owned(), rng.range(0, 3).to_string()]);
            }
            if !misere && rng.chance(25) {
                let mut resumed = argv.clone();
                resumed.extend(["--resume".to_owned(), checkpoint.display().to_string()]);
                resumed.extend(["--max-memory".to_owned(), MAX_MEMORY.to_owned()]);
                resume = Some(resumed);
                argv.push("--checkpoint".to_owned());
                argv.push(checkpoint.display().to_string());
                if rng.chance(50) {
                    argv.extend(["--checkpoint-every".to_owned(), "0".to_owned()]);
                }
            }
        }
        6..=8 => {
            argv.extend(["period".to_owned(), code]);
            // Without --upto, a period search goes to 2^22 values.
            if rng.chance(95) {
                argv.extend(["--upto".to_owned(), upto(rng)]);
            }
            if rng.chance(30) {
                argv.push("--json".to_owned());
            }
        }
        _ => {
            argv.extend(["formula".to_owned(), code, "--lang".to_owned()]);
            argv.push(rng.pick(&["rust", "cpp", "c", ""]).to_string());
            if rng.chance(95) {
                argv.extend(["--upto".to_owned(), upto(rng)]);
            }
        }
    }
    argv.extend(["--max-memory".to_owned(), MAX_MEMORY.to_owned()]);
    (argv, resume)
}

/// A Python string literal of `s`.
fn py_str(s: &str) -> String {
    let mut out = String::from("'");
    for c in s.chars() {
        match c {
            '\\' => out.push_str("\\\\"),
            '\'' => out.push_str("\\'"),
            '\n' => out.push_str("\\n"),
            '\t' => out.push_str("\\t"),
            c if (c as u32) < 0x20 => {
                let _ = write!(out, "\\x{:02x}", c as u32);
            }
            c => out.push(c),
        }
    }
    out.push('\'');
    out
}

/// A Python integer argument: small, or past a limit (at one, the work is
/// long by right).
fn py_count(rng: &mut Rng) -> String {
    match rng.below(10) {
        0..=6 => rng.range(0, 200).to_string(),
        7 => rng.pick(&["2**32", "2**40", "2**64", "2**33"]).to_string(),
        8 => rng.pick(&["-1", "0", "1"]).to_string(),
        _ => rng.range(200, 3000).to_string(),
    }
}

/// One Python expression over the module `cgt` (bound as `cgt`).
pub fn python_expression(rng: &mut Rng, rulesets: &[Ruleset]) -> String {
    let game = |rng: &mut Rng| {
        let depth = u32::try_from(rng.below(3)).unwrap_or(0) + 1;
        let mut n = notation(rng, depth, false);
        if rng.chance(8) {
            n = corrupt(rng, &n);
        }
        format!("cgt.Game({})", py_str(&n))
    };
    match rng.below(16) {
        0..=2 => game(rng),
        3 => format!("{} + {}", game(rng), game(rng)),
        4 => format!("{} - {}", game(rng), game(rng)),
        5 => format!("{} * {}", game(rng), py_count(rng)),
        6 => {
            let t = py_str(&notation(rng, 1, false));
            format!("{}.heat({t})", game(rng))
        }
        7 => format!("{}.cool({})", game(rng), py_str(&number(rng))),
        8 => {
            let (s, t) = (py_str(&literal(rng)), py_str(&literal(rng)));
            format!("{}.overheat({s}, {t})", game(rng))
        }
        9 => {
            let method = rng.pick(&[
                "thermograph().temperature",
                "reduced",
                "atomic_weight",
                "left_options",
                "temperature",
                "norton(1)",
                "outcome",
                "birthday",
                "mean",
            ]);
            format!("{}.{method}", game(rng))
        }
        10 if !rulesets.is_empty() => {
            let ruleset = rng.pick(rulesets);
            let term = ruleset_term(rng, ruleset);
            let argument = term
                .strip_prefix(&format!("{}(", ruleset.name))
                .map(|a| a.strip_suffix(')').unwrap_or(a))
                .unwrap_or("")
                .to_owned();
            let what = rng.pick(&["value", "left_moves()", "outcome()"]);
            format!(
                "cgt.ruleset({})({}).{what}",
                py_str(&ruleset.name),
                py_str(&argument)
            )
        }
        11 => {
            let function = rng.pick(&["grundy_values", "misere_values", "period"]);
            let n = if *function == "misere_values" {
                rng.range(0, 25).to_string()
            } else {
                py_count(rng)
            };
            format!("cgt.{function}({}, {n})", py_str(&heap_code(rng)))
        }
        12 => {
            let take = (0..rng.range(1, 3))
                .map(|_| rng.range(1, 5).to_string())
                .collect::<Vec<_>>()
                .join(",");
            format!(
                "cgt.grundy_values(cgt.HeapGame(lambda n: [n - k for k in ({take},) if n >= k]), {})",
                py_count(rng)
            )
        }
        13 => {
            let n = py_str(&notation(rng, 2, true));
            format!("cgt.LoopyGame({n})")
        }
        14 => format!(
            "cgt.Nimber({}) * cgt.Nimber({})",
            py_count(rng),
            py_count(rng)
        ),
        _ => format!(
            "cgt.period({}, {}).formula('rust')",
            py_str(&heap_code(rng)),
            py_count(rng)
        ),
    }
}

/// The Python driver: evaluates its argument with `cgt` imported; a value
/// (a `Game` or a `LoopyGame`) must read back from its `str` as itself.
/// Exit status 0: an answer or an expected error; 5: a round-trip failure;
/// anything else (a traceback, exit status 1) is a fault.
pub const PY_DRIVER: &str = r#"import sys, cgt
try:
    r = eval(sys.argv[1], {'cgt': cgt})
except (ValueError, OverflowError, TypeError, MemoryError, cgt.SidesUnsettledError) as e:
    print('error', type(e).__name__); sys.exit(0)
for cls in (cgt.Game, cgt.LoopyGame):
    if isinstance(r, cls):
        try:
            text = str(r)
        except OverflowError as e:
            # A written form past the limit, refused before writing, as eval does.
            print('error', type(e).__name__); sys.exit(0)
        try:
            back = cls(text)
        except Exception as e:
            print('round trip: %r does not read: %s: %s' % (str(r), type(e).__name__, e), file=sys.stderr); sys.exit(5)
        if back != r:
            print('round trip: %r reads as %r' % (str(r), str(back)), file=sys.stderr); sys.exit(5)
print('ok')
"#;

// -------------------------------------------------------------- the run

/// What a fuzz run uses.
#[derive(Clone, Debug)]
pub struct Config {
    /// The `cgt` binary.
    pub cgt: PathBuf,
    /// A Python that imports `cgt`, if any.
    pub python: Option<PathBuf>,
    /// Each run's time limit.
    pub bound: Bound,
    /// The rulesets, from `cgt eval --list`.
    pub rulesets: Vec<Ruleset>,
    /// A folder of this run's own, for checkpoints.
    pub scratch: PathBuf,
}

/// A fuzz run: its configuration, counts and failures.
#[derive(Debug)]
pub struct Fuzzer {
    config: Config,
    /// Cases run, per kind.
    pub cases: BTreeMap<Kind, u64>,
    /// Processes run in all.
    pub processes: u64,
    /// Winning moves and outcomes compared between `solve` and `eval`.
    pub compared: u64,
    /// Runs past their CPU limit that showed progress and stopped on
    /// SIGINT: long by what was asked, not hung.
    pub heard: u64,
    /// The failures found, in order.
    pub failures: Vec<Failure>,
    /// Print each failure when found, with this seed (the run's).
    pub verbose: Option<u64>,
}

impl Fuzzer {
    /// A fuzzer with no runs yet.
    pub fn new(config: Config) -> Self {
        Fuzzer {
            config,
            cases: BTreeMap::new(),
            processes: 0,
            compared: 0,
            heard: 0,
            failures: Vec::new(),
            verbose: None,
        }
    }

    fn fail(&mut self, class: Class, case: u64, argv: &[String], detail: String) {
        let failure = Failure {
            class,
            case,
            command: quote(argv),
            detail,
        };
        if let Some(seed) = self.verbose {
            println!(
                "FAIL {} (seed {seed}, case {case}): {}\n  {}",
                class.name(),
                failure.detail,
                failure.command
            );
        }
        self.failures.push(failure);
    }

    /// Runs `args` on the `cgt` binary; a fault of how it ended is recorded
    /// (a hang only when `hang_counts`), and the outcome returned when it
    /// exited 0, 1 or 2 without one.
    fn cgt(&mut self, case: u64, args: &[String], hang_counts: bool) -> Option<Outcome> {
        let mut argv = vec![self.config.cgt.display().to_string()];
        argv.extend(args.iter().cloned());
        self.processes += 1;
        let outcome = match run_argv(&argv, self.config.bound) {
            Ok(outcome) => outcome,
            Err(e) => {
                self.fail(Class::ExitStatus, case, &argv, e);
                return None;
            }
        };
        match process_fault(&outcome) {
            Some((Class::Hang, _)) if !hang_counts => None,
            Some((Class::Hang, detail)) => {
                // Long work is no hang when the user sees it go on and can
                // stop it (issue 39): a progress line, then Ctrl-C heard.
                self.processes += 1;
                match heard_after_progress(&argv) {
                    Ok(()) => self.heard += 1,
                    Err(why) => self.fail(Class::Hang, case, &argv, format!("{detail}; {why}")),
                }
                None
            }
            Some((class, detail)) => {
                self.fail(class, case, &argv, detail);
                None
            }
            None => Some(outcome),
        }
    }

    fn with_cgt(&self, args: &[String]) -> Vec<String> {
        let mut argv = vec![self.config.cgt.display().to_string()];
        argv.extend(args.iter().cloned());
        argv
    }

    /// `eval --json EXPR`: its JSON when it answered.
    fn eval_json(&mut self, case: u64, expr: &str, hang_counts: bool) -> Option<Json> {
        let args = eval_args(&["--json"], expr);
        let outcome = self.cgt(case, &args, hang_counts)?;
        if !matches!(outcome.ending, Ending::Exited(s) if s.success()) {
            return None;
        }
        let out = text(&outcome.stdout);
        let json = Json::parse(&out);
        if json.is_none() {
            let argv = self.with_cgt(&args);
            self.fail(
                Class::RoundTrip,
                case,
                &argv,
                format!(
                    "--json printed what is not JSON: {:?}",
                    excerpt(&outcome.stdout)
                ),
            );
        }
        json
    }

    /// An `eval` case: the value of `expr` (as JSON), then `eval` of the
    /// value it printed must print that value.
    pub fn eval_case(&mut self, case: u64, expr: &str) {
        *self.cases.entry(Kind::Eval).or_default() += 1;
        let Some(json) = self.eval_json(case, expr, true) else {
            return;
        };
        if let Some(value) = json.get("value").and_then(Json::as_str) {
            self.round_trip(case, value);
        }
    }

    /// `eval VALUE` must print VALUE.
    fn round_trip(&mut self, case: u64, value: &str) {
        let args = eval_args(&[], value);
        let Some(outcome) = self.cgt(case, &args, true) else {
            return;
        };
        let argv = self.with_cgt(&args);
        match outcome.ending {
            Ending::Exited(s) if s.success() => {
                let again = text(&outcome.stdout);
                if again.trim_end_matches('\n') != value {
                    self.fail(
                        Class::RoundTrip,
                        case,
                        &argv,
                        format!(
                            "eval printed {value:?}; eval of it prints {:?}",
                            again.trim_end()
                        ),
                    );
                }
            }
            Ending::Exited(s) if s.code() == Some(2) => self.fail(
                Class::RoundTrip,
                case,
                &argv,
                format!(
                    "eval printed {value:?}, which does not read: {}",
                    excerpt(&outcome.stderr_tail)
                ),
            ),
            _ => {}
        }
    }

    /// A `solve` case: `solve --json` and `eval --json` of `expr` must agree
    /// on the outcome, and each winning move `solve` prints must leave a
    /// position `eval` says the mover wins.
    pub fn solve_case(&mut self, case: u64, expr: &str) {
        *self.cases.entry(Kind::Solve).or_default() += 1;
        let args = solve_args(expr);
        let Some(outcome) = self.cgt(case, &args, true) else {
            return;
        };
        let solve_argv = self.with_cgt(&args);
        let solved = match outcome.ending {
            Ending::Exited(s) if s.success() => Json::parse(&text(&outcome.stdout)),
            Ending::Exited(s) if s.code() == Some(2) => {
                // A refusal is a disagreement when eval reads it, except the
                // documented one: `solve` answers short games, and says so
                // of a game with loopy rules (the README's solve section).
                if text(&outcome.stderr_tail).contains(LOOPY_REFUSAL) {
                    return;
                }
                if let Some(json) = self.eval_json(case, expr, false) {
                    let value = json.get("value").and_then(Json::as_str).unwrap_or("?");
                    self.fail(
                        Class::SolveRefuses,
                        case,
                        &solve_argv,
                        format!(
                            "solve refuses what eval values ({value}): {}",
                            excerpt(&outcome.stderr_tail)
                        ),
                    );
                }
                return;
            }
            _ => return,
        };
        let Some(solved) = solved else {
            self.fail(
                Class::Disagreement,
                case,
                &solve_argv,
                format!(
                    "solve --json printed what is not JSON: {}",
                    excerpt(&outcome.stdout)
                ),
            );
            return;
        };
        let Some(evaluated) = self.eval_json(case, expr, false) else {
            return;
        };
        let eval_outcome = evaluated.get("outcome").and_then(Json::as_str);
        let solve_outcome = solved.get("outcome").and_then(Json::as_str);
        self.compared += 1;
        if eval_outcome != solve_outcome {
            self.fail(
                Class::Disagreement,
                case,
                &solve_argv,
                format!(
                    "solve says outcome {solve_outcome:?}, eval --json says {eval_outcome:?} ({})",
                    quote(&self.with_cgt(&eval_args(&["--json"], expr)))
                ),
            );
            return;
        }
        if evaluated.get("is_stopper").is_some() {
            return;
        }
        for (side, mover, wins) in [
            ("left_first", "left", ["L", "P"]),
            ("right_first", "right", ["R", "P"]),
        ] {
            let Some(answer) = solved.get(side) else {
                continue;
            };
            if answer.get("winner").and_then(Json::as_str) != Some(mover) {
                continue;
            }
            let Some(moved) = answer.get("move") else {
                continue;
            };
            let (Some(from), Some(to)) = (
                moved.get("from").and_then(Json::as_str),
                moved.get("to").and_then(Json::as_str),
            ) else {
                continue;
            };
            // A ruleset term under a minus sign moves as its negative: the
            // sum loses `-from` and gains `-to`.
            // `term` counts solve's top-level terms (a term in brackets is
            // not one), so the term is found by its text: where `from`
            // occurs once, the terms before it give its place.
            let negated = match moved.get("term") {
                Some(Json::Number(_)) => {
                    let rulesets = &self.config.rulesets;
                    let signs = ruleset_term_signs(expr, rulesets);
                    let place = match expr.match_indices(from).collect::<Vec<_>>()[..] {
                        [(at, _)] => ruleset_term_signs(&expr[..at], rulesets).map(|s| s.len()),
                        _ => None,
                    };
                    match (signs, place) {
                        (Some(signs), Some(i)) if i < signs.len() => signs[i],
                        _ => continue,
                    }
                }
                _ => false,
            };
            let after = if negated {
                format!("({expr}) + ({from}) - ({to})")
            } else {
                format!("({expr}) - ({from}) + ({to})")
            };
            let Some(json) = self.eval_json(case, &after, false) else {
                continue;
            };
            self.compared += 1;
            let left_as = json.get("outcome").and_then(Json::as_str).unwrap_or("?");
            if !wins.contains(&left_as) {
                self.fail(
                    Class::Disagreement,
                    case,
                    &solve_argv,
                    format!(
                        "{mover} moving first wins by {from} -> {to}, says solve, but eval of \
                         what it leaves, {after:?}, has outcome {left_as}"
                    ),
                );
            }
        }
    }

    /// A `values`/`period`/`formula` case (`args`, from [`heap_command`]);
    /// a checkpointed run is resumed from its checkpoint (`resume`), which
    /// must print the same.
    pub fn values_case(&mut self, case: u64, args: &[String], resume: Option<&[String]>) {
        *self.cases.entry(Kind::Values).or_default() += 1;
        let folder = self.config.scratch.join(format!("case-{case}"));
        if fs::create_dir_all(&folder).is_err() {
            return;
        }
        let checkpoint = folder.join("run.ck");
        let first = self.cgt(case, args, true);
        let whole = first.filter(|o| matches!(o.ending, Ending::Exited(s) if s.success()));
        if let (Some(first), Some(resumed)) = (whole, resume.filter(|_| checkpoint.is_file())) {
            if let Some(second) = self.cgt(case, resumed, true) {
                if second.stdout != first.stdout {
                    let argv = self.with_cgt(resumed);
                    self.fail(
                        Class::Disagreement,
                        case,
                        &argv,
                        format!(
                            "resumed from a checkpoint prints {:?}, the whole run {:?}",
                            excerpt(&second.stdout),
                            excerpt(&first.stdout)
                        ),
                    );
                }
            }
        }
        let _ = fs::remove_dir_all(&folder);
    }

    /// A Python case: the driver evaluates `expression`.
    pub fn python_case(&mut self, case: u64, expression: &str) {
        *self.cases.entry(Kind::Python).or_default() += 1;
        let Some(python) = self.config.python.clone() else {
            return;
        };
        let argv = vec![
            python.display().to_string(),
            "-c".to_owned(),
            PY_DRIVER.to_owned(),
            expression.to_owned(),
        ];
        self.processes += 1;
        let outcome = match run_argv(&argv, self.config.bound) {
            Ok(o) => o,
            Err(e) => {
                self.fail(Class::ExitStatus, case, &argv, e);
                return;
            }
        };
        let stderr = text(&outcome.stderr_tail);
        let last = stderr.lines().last().unwrap_or("").to_owned();
        let fault = match outcome.ending {
            Ending::TimedOut => Some((
                Class::Hang,
                "still running at the wall-clock limit".to_owned(),
            )),
            Ending::OutputLimit(s) => Some((Class::ExitStatus, format!("output limit on {s}"))),
            Ending::Exited(s) if signal_of(s) == Some(SIGXCPU) => Some((
                Class::Hang,
                "used up its CPU time limit (SIGXCPU)".to_owned(),
            )),
            Ending::Exited(s) => match s.code() {
                Some(0) => None,
                Some(5) => Some((Class::RoundTrip, last)),
                None => Some((Class::Panic, format!("{}: {last}", run::describe(s)))),
                Some(_) if stderr.contains("PanicException") || stderr.contains("panicked") => {
                    Some((Class::Panic, last))
                }
                Some(_) => Some((Class::PythonException, last)),
            },
        };
        if let Some((class, detail)) = fault {
            if class == Class::Hang {
                self.processes += 1;
                match heard_in_python(&argv) {
                    Ok(()) => self.heard += 1,
                    Err(why) => {
                        self.fail(class, case, &argv, format!("{expression}: {detail}; {why}"));
                    }
                }
                return;
            }
            self.fail(class, case, &argv, format!("{expression}: {detail}"));
        }
    }

    /// Generates case `index` of the run started from `seed`, of `kind`,
    /// and runs it.
    pub fn case(&mut self, seed: u64, index: u64, kind: Kind) {
        let checkpoint = self
            .config
            .scratch
            .join(format!("case-{index}"))
            .join("run.ck");
        match generate(seed, index, kind, &self.config.rulesets, &checkpoint) {
            Input::Eval(expr) => self.eval_case(index, &expr),
            Input::Solve(expr) => self.solve_case(index, &expr),
            Input::Heap(args, resume) => self.values_case(index, &args, resume.as_deref()),
            Input::Python(expr) => self.python_case(index, &expr),
        }
    }

    /// The summary: cases per kind, failures per class.
    pub fn summary(&self) -> String {
        let mut out = String::from("xtask: fuzz summary:");
        for (kind, n) in &self.cases {
            let _ = write!(out, " {} {n},", kind.name());
        }
        let _ = write!(
            out,
            " {} processes, {} solve/eval comparisons, {} long runs showed progress and stopped on SIGINT",
            self.processes, self.compared, self.heard
        );
        let mut per_class: BTreeMap<Class, u64> = BTreeMap::new();
        for f in &self.failures {
            *per_class.entry(f.class).or_default() += 1;
        }
        if per_class.is_empty() {
            out.push_str("; no failures");
        } else {
            out.push_str("; failures:");
            for (class, n) in per_class {
                let _ = write!(out, " {} {n},", class.name());
            }
            out.pop();
        }
        out
    }
}

/// For each ruleset term of `expr`, in order, whether it is negated (under
/// an odd number of minus signs); `None` when that is not plain to see: a
/// ruleset term inside braces or after a switch (`+-`, `±`), or brackets
/// that do not balance.
pub fn ruleset_term_signs(expr: &str, rulesets: &[Ruleset]) -> Option<Vec<bool>> {
    let chars: Vec<char> = expr.chars().collect();
    let mut signs = Vec::new();
    // The sign of each open parenthesis group, and of the term to come.
    let mut groups: Vec<bool> = vec![false];
    let mut pending = false;
    let mut braces = 0_usize;
    let mut i = 0;
    while i < chars.len() {
        let c = chars[i];
        if c.is_ascii_alphabetic() || c == '_' {
            let start = i;
            while i < chars.len() && (chars[i].is_ascii_alphanumeric() || chars[i] == '_') {
                i += 1;
            }
            let word: String = chars[start..i].iter().collect();
            let is_term = chars.get(i) == Some(&'(') && rulesets.iter().any(|r| r.name == word);
            if !is_term {
                continue;
            }
            let switched = chars[..start]
                .iter()
                .rev()
                .find(|c| !c.is_whitespace() && **c != '(')
                .is_some_and(|c| *c == '±')
                || chars[..start]
                    .iter()
                    .collect::<String>()
                    .trim_end_matches(|c: char| c.is_whitespace() || c == '(')
                    .ends_with("+-");
            if braces > 0 || switched {
                return None;
            }
            signs.push(*groups.last()? ^ pending);
            pending = false;
            // Skip the term's argument, brackets and all.
            let mut depth = 0_usize;
            while i < chars.len() {
                match chars[i] {
                    '(' => depth += 1,
                    ')' => {
                        depth = depth.checked_sub(1)?;
                        if depth == 0 {
                            i += 1;
                            break;
                        }
                    }
                    _ => {}
                }
                i += 1;
            }
            continue;
        }
        match c {
            '{' => {
                // A term in braces takes the sign before it.
                if braces == 0 {
                    pending = false;
                }
                braces += 1;
            }
            '}' => braces = braces.checked_sub(1)?,
            '-' if braces == 0 => pending = !pending,
            '(' if braces == 0 => {
                let sign = *groups.last()? ^ pending;
                groups.push(sign);
                pending = false;
            }
            ')' if braces == 0 => {
                groups.pop();
                if groups.is_empty() {
                    return None;
                }
            }
            c if braces == 0 && !c.is_whitespace() && c != '+' => pending = false,
            _ => {}
        }
        i += 1;
    }
    Some(signs)
}

/// One generated case.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Input {
    /// An expression for `eval`.
    Eval(String),
    /// An expression for `solve` (and `eval`).
    Solve(String),
    /// A heap command's arguments, and those resuming its checkpoint.
    Heap(Vec<String>, Option<Vec<String>>),
    /// A Python expression.
    Python(String),
}

impl Input {
    /// One line that shows the case.
    pub fn show(&self) -> String {
        match self {
            Input::Eval(e) => format!("eval {}", quote(std::slice::from_ref(e))),
            Input::Solve(e) => format!("solve {}", quote(std::slice::from_ref(e))),
            Input::Heap(args, _) => quote(args),
            Input::Python(e) => format!("python {}", quote(std::slice::from_ref(e))),
        }
    }
}

/// Case `index` of the run started from `seed`, of `kind`; a checkpoint
/// it writes goes to `checkpoint`.
pub fn generate(
    seed: u64,
    index: u64,
    kind: Kind,
    rulesets: &[Ruleset],
    checkpoint: &Path,
) -> Input {
    let mut rng = Rng::new(case_seed(seed, index));
    match kind {
        Kind::Eval => Input::Eval(expression(&mut rng, rulesets, true)),
        Kind::Solve => {
            let loopy = rng.chance(20);
            Input::Solve(expression(&mut rng, rulesets, loopy))
        }
        Kind::Values => {
            let (args, resume) = heap_command(&mut rng, checkpoint);
            Input::Heap(args, resume)
        }
        Kind::Python => Input::Python(python_expression(&mut rng, rulesets)),
    }
}

/// `eval [FLAGS] -- EXPR`.
fn eval_args(flags: &[&str], expr: &str) -> Vec<String> {
    let mut args = vec!["eval".to_owned()];
    args.extend(flags.iter().map(|f| (*f).to_owned()));
    args.extend(["--max-memory".to_owned(), MAX_MEMORY.to_owned()]);
    args.extend(["--".to_owned(), expr.to_owned()]);
    args
}

/// `solve --json -- EXPR`.
fn solve_args(expr: &str) -> Vec<String> {
    vec![
        "solve".to_owned(),
        "--json".to_owned(),
        "--max-memory".to_owned(),
        MAX_MEMORY.to_owned(),
        "--".to_owned(),
        expr.to_owned(),
    ]
}

const USAGE: &str = "usage: cargo xtask fuzz [--minutes M] [--seed S] [--only eval|solve|values|python] \
                     [--timeout SECS] [--cgt PATH] [--python PATH] [--print N] [--input TEXT]";

/// The options of `cargo xtask fuzz`.
#[derive(Clone, Debug)]
struct Options {
    minutes: f64,
    seed: Option<u64>,
    only: Option<Kind>,
    timeout: u64,
    cgt: Option<PathBuf>,
    python: Option<PathBuf>,
    print: Option<u64>,
    input: Option<String>,
}

fn options(args: &[String]) -> Result<Options, String> {
    let mut o = Options {
        minutes: 10.0,
        seed: None,
        only: None,
        timeout: TIMEOUT,
        cgt: None,
        python: None,
        print: None,
        input: None,
    };
    let mut rest = args.iter();
    while let Some(flag) = rest.next() {
        let mut value = || {
            rest.next()
                .cloned()
                .ok_or_else(|| format!("{flag} needs a value\n{USAGE}"))
        };
        match flag.as_str() {
            "--minutes" => {
                let v = value()?;
                o.minutes = v
                    .parse()
                    .ok()
                    .filter(|m: &f64| m.is_finite() && *m >= 0.0)
                    .ok_or_else(|| {
                        format!("--minutes: expected a number of minutes, found {v:?}")
                    })?;
            }
            "--seed" => {
                let v = value()?;
                o.seed = Some(
                    v.parse()
                        .map_err(|_| format!("--seed: expected a number, found {v:?}"))?,
                );
            }
            "--only" => {
                let v = value()?;
                o.only = Some(
                    Kind::ALL
                        .into_iter()
                        .find(|k| k.name() == v)
                        .ok_or_else(|| {
                            format!("--only: expected eval, solve, values or python, found {v:?}")
                        })?,
                );
            }
            "--timeout" => {
                let v = value()?;
                o.timeout = v
                    .parse()
                    .ok()
                    .filter(|s: &u64| (1..=86_400).contains(s))
                    .ok_or_else(|| {
                        format!("--timeout: expected whole seconds from 1 to 86400, found {v:?}")
                    })?;
            }
            "--cgt" => o.cgt = Some(PathBuf::from(value()?)),
            "--input" => o.input = Some(value()?),
            "--print" => {
                let v = value()?;
                o.print =
                    Some(v.parse().map_err(|_| {
                        format!("--print: expected a number of cases, found {v:?}")
                    })?);
            }
            "--python" => o.python = Some(PathBuf::from(value()?)),
            other => return Err(format!("unknown argument {other:?}\n{USAGE}")),
        }
    }
    Ok(o)
}

/// Builds the release `cgt` and returns its path.
fn build_cgt(root: &Path) -> Result<PathBuf, String> {
    eprintln!("xtask: fuzz: cargo build --release -p cgt");
    let status = Command::new(crate::cargo())
        .current_dir(root)
        .args(["build", "--release", "-q", "-p", "cgt"])
        .status()
        .map_err(|e| format!("cannot run cargo: {e}"))?;
    if !status.success() {
        return Err(format!("cargo build --release -p cgt failed ({status})"));
    }
    let target =
        std::env::var_os("CARGO_TARGET_DIR").map_or_else(|| root.join("target"), PathBuf::from);
    Ok(target.join("release").join("cgt"))
}

/// A Python that imports `cgt`: `--python`, else `PYTHON`, else the
/// package's test environment (`target/py-venv`), else `python3`.
fn find_python(root: &Path, given: Option<PathBuf>) -> Result<PathBuf, String> {
    let candidates: Vec<PathBuf> =
        match given.or_else(|| std::env::var_os("PYTHON").map(PathBuf::from)) {
            Some(p) => vec![p],
            None => {
                let target = std::env::var_os("CARGO_TARGET_DIR")
                    .map_or_else(|| root.join("target"), PathBuf::from);
                vec![target.join("py-venv/bin/python"), PathBuf::from("python3")]
            }
        };
    for python in &candidates {
        let ok = Command::new(python)
            .args(["-c", "import cgt"])
            .output()
            .is_ok_and(|o| o.status.success());
        if ok {
            return Ok(python.clone());
        }
    }
    let tried: Vec<String> = candidates.iter().map(|p| p.display().to_string()).collect();
    Err(format!(
        "no Python that imports cgt (tried {}; `cargo xtask test` builds one into target/py-venv)",
        tried.join(", ")
    ))
}

/// `cargo xtask fuzz`: exit status 0 when no failure was found, 1 when one
/// was, 2 for a usage error.
pub fn fuzz(args: &[String]) -> ExitCode {
    let options = match options(args) {
        Ok(o) => o,
        Err(e) => {
            eprintln!("xtask: fuzz: {e}");
            return ExitCode::from(2);
        }
    };
    match fuzz_with(&options) {
        Ok(true) => ExitCode::SUCCESS,
        Ok(false) => ExitCode::FAILURE,
        Err(e) => {
            eprintln!("xtask: fuzz: {e}");
            ExitCode::FAILURE
        }
    }
}

fn fuzz_with(options: &Options) -> Result<bool, String> {
    let root = crate::root();
    let cgt = match &options.cgt {
        Some(path) => path.clone(),
        None => build_cgt(&root)?,
    };
    let list = Command::new(&cgt)
        .args(["eval", "--list"])
        .output()
        .map_err(|e| format!("cannot run {}: {e}", cgt.display()))?;
    let mut rulesets = rulesets_in_list(&text(&list.stdout));
    for ruleset in &mut rulesets {
        let term = format!("{}({})", ruleset.name, ruleset.example);
        let argv = [
            cgt.display().to_string(),
            "eval".to_owned(),
            "--json".to_owned(),
            "--".to_owned(),
            term,
        ];
        if let Ok(outcome) = run_argv(&argv, Bound::cpu(TIMEOUT)) {
            ruleset.loopy = text(&outcome.stdout).contains("\"is_stopper\"");
        }
    }
    let mut kinds: Vec<Kind> = match options.only {
        Some(kind) => vec![kind],
        None => Kind::ALL.to_vec(),
    };
    let python = if kinds.contains(&Kind::Python) {
        match find_python(&root, options.python.clone()) {
            Ok(p) => Some(p),
            Err(e) => {
                eprintln!("xtask: fuzz: SKIPPED the Python cases: {e}");
                kinds.retain(|k| *k != Kind::Python);
                None
            }
        }
    } else {
        None
    };
    if kinds.is_empty() {
        return Err("nothing to fuzz".to_owned());
    }
    let seed = options.seed.unwrap_or_else(|| {
        SystemTime::now()
            .duration_since(UNIX_EPOCH)
            .map_or(1, |d| d.as_secs() ^ u64::from(d.subsec_nanos()))
    });
    let scratch = std::env::temp_dir().join(format!("cgt-fuzz-{}-{seed}", std::process::id()));
    if let Some(n) = options.print {
        for index in 0..n {
            let kind = kinds[usize::try_from(index).unwrap_or(0) % kinds.len()];
            let checkpoint = scratch.join(format!("case-{index}")).join("run.ck");
            let input = generate(seed, index, kind, &rulesets, &checkpoint);
            println!("{index}: {}", input.show());
        }
        return Ok(true);
    }
    fs::create_dir_all(&scratch).map_err(|e| format!("cannot make {}: {e}", scratch.display()))?;
    eprintln!(
        "xtask: fuzz: seed {seed}, {} minutes, {} rulesets ({} loopy), kinds {}, each run within {} s of CPU \
         and {} s of wall clock (reproduce: cargo xtask fuzz --seed {seed}{})",
        options.minutes,
        rulesets.len(),
        rulesets.iter().filter(|r| r.loopy).count(),
        kinds
            .iter()
            .map(|k| k.name())
            .collect::<Vec<_>>()
            .join(", "),
        options.timeout,
        Bound::cpu(options.timeout).wall.as_secs(),
        options
            .only
            .map_or(String::new(), |k| format!(" --only {}", k.name())),
    );
    let mut fuzzer = Fuzzer::new(Config {
        cgt,
        python,
        bound: Bound::cpu(options.timeout),
        rulesets,
        scratch: scratch.clone(),
    });
    fuzzer.verbose = Some(seed);
    if let Some(input) = &options.input {
        // One given input, checked as a generated one would be.
        match kinds.as_slice() {
            [Kind::Eval] => fuzzer.eval_case(0, input),
            [Kind::Solve] => fuzzer.solve_case(0, input),
            [Kind::Python] => fuzzer.python_case(0, input),
            _ => return Err("--input needs --only eval, solve or python".to_owned()),
        }
        let _ = fs::remove_dir_all(&scratch);
        println!("{}", fuzzer.summary());
        return Ok(fuzzer.failures.is_empty());
    }
    let budget = Duration::from_secs_f64(options.minutes * 60.0);
    let started = Instant::now();
    let mut index = 0_u64;
    let mut last_report = Instant::now();
    while started.elapsed() < budget {
        let kind = kinds[usize::try_from(index).unwrap_or(0) % kinds.len()];
        fuzzer.case(seed, index, kind);
        index += 1;
        if last_report.elapsed() > Duration::from_secs(60) {
            eprintln!(
                "xtask: fuzz: {} cases, {} failures, {:.0} s",
                index,
                fuzzer.failures.len(),
                started.elapsed().as_secs_f64()
            );
            last_report = Instant::now();
        }
    }
    let _ = fs::remove_dir_all(&scratch);
    // The failures again, a few per class, now that the run's output is done.
    let mut shown: BTreeMap<Class, usize> = BTreeMap::new();
    for failure in &fuzzer.failures {
        let n = shown.entry(failure.class).or_default();
        *n += 1;
        if *n <= 5 {
            println!(
                "{} (case {}): {}",
                failure.class.name(),
                failure.case,
                failure.command
            );
        }
    }
    println!("{} (seed {seed}, {index} cases)", fuzzer.summary());
    Ok(fuzzer.failures.is_empty())
}
