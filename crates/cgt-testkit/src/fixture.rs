//! Fixture runs rendered as snapshot text a reviewer can judge on its own.
//!
//! A fixture is `fixtures/<crate>/<case>.in` with its expected output
//! `<case>.out`. The workspace's fixture test (`cargo xtask test`) runs each
//! problem's judge function on every `.in` file and snapshots the
//! [`snapshot_text`]:
//!
//! ```text
//! input: 5 lines, 22 bytes
//!   2
//!   3
//!   2 2 3
//!   2
//!   3 3
//! output: 2 lines, 10 bytes, fnv1a64 3b1e0e52b4e3ac60
//!   Alice
//!   Bob
//! expected output (sample.out): matches
//! ```
//!
//! Big inputs and outputs show their head only; the checksum still changes
//! when any byte of the output does.

use cgt_judge::JudgeError;
use std::fmt::Write as _;
use std::fs;
use std::path::Path;

/// How many lines of an input or output a snapshot shows.
pub const HEAD_LINES: usize = 24;
/// How many characters of one line a snapshot shows.
pub const HEAD_WIDTH: usize = 100;

/// FNV-1a, 64 bits: a fixed checksum for the snapshot text.
pub fn fnv1a64(bytes: &[u8]) -> u64 {
    bytes.iter().fold(0xcbf2_9ce4_8422_2325, |hash, &b| {
        (hash ^ u64::from(b)).wrapping_mul(0x0100_0000_01b3)
    })
}

fn render_head(text: &[u8], out: &mut String) {
    let text = String::from_utf8_lossy(text);
    let lines: Vec<&str> = text.split_inclusive('\n').collect();
    for line in lines.iter().take(HEAD_LINES) {
        let body = line.strip_suffix('\n').unwrap_or(line);
        let mut shown: String = body
            .chars()
            .take(HEAD_WIDTH)
            .flat_map(|c| match c {
                '\r' => "\\r".chars().collect::<Vec<_>>(),
                '\t' => "\\t".chars().collect(),
                c => vec![c],
            })
            .collect();
        shown.truncate(shown.trim_end().len());
        let width = body.chars().count();
        if width > HEAD_WIDTH {
            write!(shown, " … (+{} chars)", width - HEAD_WIDTH).expect("String write");
        }
        out.push_str("  ");
        out.push_str(&shown);
        out.push('\n');
    }
    if lines.len() > HEAD_LINES {
        writeln!(out, "  … ({} more lines)", lines.len() - HEAD_LINES).expect("String write");
    }
}

fn describe(text: &[u8]) -> String {
    let lines = text.split_inclusive(|&b| b == b'\n').count();
    let ending = if text.is_empty() || text.ends_with(b"\n") {
        ""
    } else {
        ", no final newline"
    };
    let plural = |count: usize, one: &str, many: &str| {
        format!("{count} {}", if count == 1 { one } else { many })
    };
    format!(
        "{}, {}{ending}",
        plural(lines, "line", "lines"),
        plural(text.len(), "byte", "bytes")
    )
}

/// The snapshot text of one fixture run: the input and output heads, the
/// output's size and checksum, and whether it matched `<case>.out`
/// (`expected` names that file when it did).
///
/// # Example
/// ```
/// let text = cgt_testkit::fixture::snapshot_text(b"1\n3 3\n", b"Bob\n", Some("sample.out"));
/// assert!(text.starts_with("input: 2 lines, 6 bytes\n  1\n  3 3\noutput: 1 line, 4 bytes, fnv1a64 "));
/// assert!(text.ends_with("  Bob\nexpected output (sample.out): matches\n"));
/// ```
pub fn snapshot_text(input: &[u8], output: &[u8], expected: Option<&str>) -> String {
    let mut text = String::new();
    writeln!(text, "input: {}", describe(input)).expect("String write");
    render_head(input, &mut text);
    writeln!(
        text,
        "output: {}, fnv1a64 {:016x}",
        describe(output),
        fnv1a64(output)
    )
    .expect("String write");
    render_head(output, &mut text);
    match expected {
        Some(name) => writeln!(text, "expected output ({name}): matches"),
        None => writeln!(text, "expected output: none (no .out file)"),
    }
    .expect("String write");
    text
}

/// Runs `solve` on the fixture at `input_path` and renders the run with
/// [`snapshot_text`].
///
/// # Panics
/// This is a test helper: it panics, with a message that names the fixture,
/// if a file cannot be read, if `solve` rejects the input, or if the output
/// differs from the `.out` file beside the input.
pub fn report<F>(input_path: &Path, solve: F) -> String
where
    F: FnOnce(&[u8], &mut Vec<u8>) -> Result<(), JudgeError>,
{
    let shown = input_path.display();
    let input = fs::read(input_path).unwrap_or_else(|e| panic!("cannot read {shown}: {e}"));
    let mut output = Vec::new();
    if let Err(e) = solve(&input, &mut output) {
        panic!("{shown}: the judge function failed: {e}");
    }
    let expected_path = input_path.with_extension("out");
    let name = expected_path
        .file_name()
        .map(|n| n.to_string_lossy().into_owned())
        .unwrap_or_default();
    let matched = match fs::read(&expected_path) {
        Ok(expected) if expected == output => Some(name.as_str()),
        Ok(expected) => panic!(
            "{shown}: output differs from {}\n--- expected ---\n{}--- actual ---\n{}",
            expected_path.display(),
            String::from_utf8_lossy(&expected),
            String::from_utf8_lossy(&output),
        ),
        Err(_) => None,
    };
    snapshot_text(&input, &output, matched)
}

/// What a judge program did with one input.
#[derive(Clone, Debug)]
pub struct Run {
    /// The exit status, `None` if a signal ended it.
    pub status: Option<i32>,
    /// Everything it wrote on stdout.
    pub stdout: String,
    /// Everything it wrote on stderr.
    pub stderr: String,
}

impl From<std::process::Output> for Run {
    fn from(output: std::process::Output) -> Self {
        Run {
            status: output.status.code(),
            stdout: String::from_utf8_lossy(&output.stdout).into_owned(),
            stderr: String::from_utf8_lossy(&output.stderr).into_owned(),
        }
    }
}

/// Runs the program `exe` (in tests, `env!("CARGO_BIN_EXE_<name>")`) with
/// `input` on stdin.
///
/// # Panics
/// If the program cannot be started or fed.
pub fn run_program(exe: &str, input: &[u8]) -> Run {
    use std::io::Write as _;
    use std::process::{Command, Stdio};
    let mut child = Command::new(exe)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap_or_else(|e| panic!("cannot start {exe}: {e}"));
    let mut stdin = child.stdin.take().expect("piped stdin");
    // A program that rejects early may close stdin first: not an error here.
    let _ = stdin.write_all(input);
    drop(stdin);
    let output = child
        .wait_with_output()
        .unwrap_or_else(|e| panic!("cannot wait for {exe}: {e}"));
    Run::from(output)
}

/// Runs the program `exe` with stdin redirected from a file that holds
/// `input` (a temporary file, removed afterwards), as a judge runs it:
/// a binary may read a file differently from a pipe.
///
/// # Panics
/// If the file cannot be written or the program cannot be run.
pub fn run_program_on_file(exe: &str, input: &[u8]) -> Run {
    use std::process::{Command, Stdio};
    use std::sync::atomic::{AtomicUsize, Ordering};
    static FILES: AtomicUsize = AtomicUsize::new(0);
    let path = std::env::temp_dir().join(format!(
        "cgt-testkit-{}-{}.in",
        std::process::id(),
        FILES.fetch_add(1, Ordering::Relaxed)
    ));
    std::fs::write(&path, input).unwrap_or_else(|e| panic!("cannot write {}: {e}", path.display()));
    let stdin = std::fs::File::open(&path)
        .unwrap_or_else(|e| panic!("cannot open {}: {e}", path.display()));
    let output = Command::new(exe).stdin(Stdio::from(stdin)).output();
    let _ = std::fs::remove_file(&path);
    let output = output.unwrap_or_else(|e| panic!("cannot run {exe}: {e}"));
    Run::from(output)
}

/// What a program showed on a terminal.
#[derive(Clone, Debug)]
pub struct TerminalRun {
    /// The exit status, `None` if a signal ended it.
    pub status: Option<i32>,
    /// Everything it wrote on stdout and stderr, as the terminal got it
    /// (line ends as `\r\n`).
    pub shown: String,
}

/// Runs `command` with stdout and stderr on a new pseudo-terminal and
/// stdin from `/dev/null`, as at a user's terminal: the way to test output
/// that a program shows only there (progress lines, colours).
///
/// # Panics
/// If no pseudo-terminal can be opened or the program cannot be run.
#[cfg(target_os = "linux")]
pub fn run_on_terminal(mut command: std::process::Command) -> TerminalRun {
    use rustix::pty::{OpenptFlags, grantpt, openpt, ptsname, unlockpt};
    use std::io::Read as _;
    use std::os::unix::ffi::OsStrExt as _;
    use std::process::Stdio;
    let controller = openpt(OpenptFlags::RDWR | OpenptFlags::NOCTTY).expect("a pseudo-terminal");
    grantpt(&controller).expect("grantpt");
    unlockpt(&controller).expect("unlockpt");
    let name = ptsname(&controller, Vec::new()).expect("ptsname");
    let terminal = fs::OpenOptions::new()
        .read(true)
        .write(true)
        .open(std::ffi::OsStr::from_bytes(name.as_bytes()))
        .expect("the pseudo-terminal opens");
    let stdout = terminal.try_clone().expect("dup");
    let mut child = command
        .stdin(Stdio::null())
        .stdout(stdout)
        .stderr(terminal)
        .spawn()
        .unwrap_or_else(|e| panic!("cannot start {command:?}: {e}"));
    // The command holds the terminal's other end until it is dropped; the
    // reads below end (EIO) once no process holds it.
    let program = format!("{command:?}");
    drop(command);
    let mut controller = fs::File::from(controller);
    let mut shown = Vec::new();
    let mut buffer = [0; 4096];
    loop {
        match controller.read(&mut buffer) {
            Ok(0) => break,
            Ok(read) => shown.extend_from_slice(&buffer[..read]),
            Err(e) if e.kind() == std::io::ErrorKind::Interrupted => {}
            // EIO: the program and everything it started are gone.
            Err(_) => break,
        }
    }
    let status = child
        .wait()
        .unwrap_or_else(|e| panic!("cannot wait for {program}: {e}"));
    TerminalRun {
        status: status.code(),
        shown: String::from_utf8_lossy(&shown).into_owned(),
    }
}

/// Checks that the program `exe` rejects `input` as malformed: exit status 2,
/// nothing on stdout, and one line on stderr that contains `expected`.
///
/// # Panics
/// If any of that does not hold, with the input and what the program did.
pub fn assert_rejects(exe: &str, input: &[u8], expected: &str) {
    let run = run_program(exe, input);
    let shown = String::from_utf8_lossy(&input[..input.len().min(200)]);
    assert_eq!(run.status, Some(2), "input {shown:?}: {run:?}");
    assert!(
        run.stdout.is_empty(),
        "input {shown:?} printed output: {run:?}"
    );
    assert_eq!(
        run.stderr.lines().count(),
        1,
        "input {shown:?}: stderr is not one line: {run:?}"
    );
    assert!(
        run.stderr.contains(expected) && !run.stderr.contains("panicked"),
        "input {shown:?}: stderr {:?} does not say {expected:?}",
        run.stderr
    );
}

/// Checks [`assert_rejects`] for each `(input, expected words)` pair: the
/// table of a crate's own error messages.
///
/// # Panics
/// At the first input that is not rejected as expected.
pub fn assert_rejects_all(exe: &str, cases: &[(&[u8], &str)]) {
    for &(input, expected) in cases {
        assert_rejects(exe, input, expected);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[cfg(target_os = "linux")]
    #[test]
    fn a_program_on_the_terminal_sees_one_and_its_output_is_kept_whole() {
        let mut probe = std::process::Command::new("sh");
        probe.args(["-c", "test -t 1 && test -t 2 && echo both >&2; exit 3"]);
        let run = run_on_terminal(probe);
        assert_eq!((run.status, run.shown.as_str()), (Some(3), "both\r\n"));
        // More than a terminal buffers: it is read while the program runs.
        let mut long = std::process::Command::new("sh");
        long.args([
            "-c",
            "i=0; while [ $i -lt 5000 ]; do echo line $i; i=$((i+1)); done",
        ]);
        let run = run_on_terminal(long);
        assert_eq!(run.status, Some(0));
        assert_eq!(run.shown.lines().count(), 5000);
        assert!(
            run.shown.ends_with("line 4999\r\n"),
            "{:?}",
            &run.shown[run.shown.len() - 30..]
        );
        let mut plain = std::process::Command::new("sh");
        plain.args(["-c", "test -t 1 || echo not a terminal"]);
        assert_eq!(plain.output().expect("sh runs").stdout, b"not a terminal\n");
    }

    #[test]
    fn heads_are_short_and_escaped() {
        let mut text = String::new();
        let long_line = "7 ".repeat(200);
        let input = format!("1\r\n{long_line}\n{}", "x\n".repeat(50));
        render_head(input.as_bytes(), &mut text);
        assert!(text.starts_with("  1\\r\n"), "{text}");
        assert!(text.contains("(+300 chars)"), "{text}");
        assert!(text.ends_with("  … (28 more lines)\n"), "{text}");
        assert_eq!(describe(b"a\nb"), "2 lines, 3 bytes, no final newline");
        assert_eq!(describe(b""), "0 lines, 0 bytes");
        assert_eq!(describe(b"7\n"), "1 line, 2 bytes");
    }

    #[test]
    fn checksum_is_fnv1a() {
        assert_eq!(fnv1a64(b""), 0xcbf2_9ce4_8422_2325);
        assert_eq!(fnv1a64(b"a"), 0xaf63_dc4c_8601_ec8c);
    }
}
