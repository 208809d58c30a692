//! `cargo xtask stress` end to end, against real child processes: it passes
//! the project's own solver, catches and shrinks a wrong one, saves a case
//! that reproduces the failure, shrinks the same way every time and keeps the
//! kind of failure, prints a reproduce line a shell runs, stops endless
//! output, leaves no process behind, stops at its `--max-time`, and tells a
//! command that cannot run (exit 2) from a wrong one (exit 1).
//!
//! No test here measures time: a run that could hang is given a
//! `--max-time`, which xtask itself enforces (it stops with exit status 3,
//! or says so in its report), and the test asserts on what xtask said.

use std::fs;
use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};

const XTASK: &str = env!("CARGO_BIN_EXE_xtask");

fn scratch(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("cgt-stress-{}-{name}", std::process::id()));
    let _ = fs::remove_dir_all(&dir);
    dir
}

fn xtask(args: &[&str]) -> Output {
    Command::new(XTASK).args(args).output().expect("xtask runs")
}

fn text(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}

/// The problem crates' own judge binaries, built with the profile of this
/// test run (so nothing is rebuilt under `cargo test`), beside xtask's.
/// Under `cargo xtask test` they are built before any test runs, and it says
/// so (`CGT_TEST_BINARIES_BUILT`): cargo would wait for the lock that the
/// doc tests, running beside, hold.
fn own_binary(name: &str) -> String {
    static BUILT: std::sync::Once = std::sync::Once::new();
    BUILT.call_once(|| {
        if std::env::var_os("CGT_TEST_BINARIES_BUILT").is_some() {
            return;
        }
        let cargo = std::env::var("CARGO").unwrap_or_else(|_| "cargo".to_owned());
        let mut build = Command::new(cargo);
        build.args(["build", "--quiet", "--profile", "test", "--bins"]);
        for problem in xtask::problems::PROBLEMS {
            build.args(["-p", problem.name]);
        }
        let status = build.status().expect("cargo runs");
        assert!(status.success(), "cannot build the judge binaries");
    });
    let dir = Path::new(XTASK)
        .parent()
        .expect("xtask lives in a directory");
    dir.join(name).display().to_string()
}

#[test]
fn the_projects_own_binary_passes() {
    let own = own_binary("lasker-nim");
    let out = xtask(&[
        "stress",
        "lasker-nim",
        "--against",
        &own,
        "--cases",
        "30",
        "--seed",
        "5",
    ]);
    assert!(
        out.status.success(),
        "{}{}",
        text(&out.stdout),
        text(&out.stderr)
    );
    assert!(
        text(&out.stdout).contains("30 cases of size tiny passed"),
        "{}",
        text(&out.stdout)
    );
}

fn stress_always_alice(dir: &Path) -> Output {
    xtask(&[
        "stress",
        "lasker-nim",
        "--against",
        "echo Alice",
        "--cases",
        "50",
        "--seed",
        "11",
        "--size",
        "small",
        "--dir",
        dir.to_str().expect("utf-8 path"),
    ])
}

#[test]
fn a_wrong_solution_is_caught_shrunk_and_saved() {
    let dir = scratch("wrong");
    let out = stress_always_alice(&dir);
    let stderr = text(&out.stderr);
    assert_eq!(out.status.code(), Some(1), "{stderr}");
    assert!(stderr.contains("failed: WA (wrong answer)"), "{stderr}");
    let saved = dir.join("lasker-nim-1.in");
    let input = fs::read_to_string(&saved).expect("saved input");
    let expected = fs::read_to_string(dir.join("lasker-nim-1.out")).expect("saved output");
    // Shrunk: a size-small input has up to 10 cases of up to 50 heaps.
    assert!(input.split_whitespace().count() <= 5, "not shrunk: {input}");
    // The saved case reproduces the failure: the command, fed the saved
    // input, answers otherwise than the saved expected output.
    let rerun = Command::new("sh")
        .args(["-c", "echo Alice"])
        .stdin(fs::File::open(&saved).expect("open"))
        .output()
        .expect("sh runs");
    assert!(rerun.status.success());
    assert_ne!(
        text(&rerun.stdout).trim_end(),
        expected.trim_end(),
        "{input}"
    );
    // So does the printed rerun line, run by a shell.
    let line = stderr
        .lines()
        .find_map(|line| line.strip_prefix("rerun: "))
        .expect("a rerun line");
    let rerun_line = Command::new("sh")
        .args(["-c", line])
        .output()
        .expect("sh runs");
    assert_eq!(rerun_line.stdout, rerun.stdout, "{line}");
    // And its expected output is the reference answer.
    let reference = Command::new(XTASK)
        .args(["solve", "lasker-nim"])
        .stdin(fs::File::open(&saved).expect("open"))
        .output()
        .expect("solve runs");
    assert_eq!(text(&reference.stdout), expected);
    let _ = fs::remove_dir_all(&dir);
}

#[test]
fn shrinking_is_deterministic() {
    let (a, b) = (scratch("det-a"), scratch("det-b"));
    stress_always_alice(&a);
    stress_always_alice(&b);
    let read = |dir: &Path| fs::read_to_string(dir.join("lasker-nim-1.in")).expect("saved");
    assert_eq!(read(&a), read(&b));
    let _ = fs::remove_dir_all(&a);
    let _ = fs::remove_dir_all(&b);
}

#[test]
fn gen_is_deterministic_and_valid() {
    let first = xtask(&["gen", "lasker-nim", "--seed", "9", "--size", "small"]);
    let second = xtask(&["gen", "lasker-nim", "--seed", "9", "--size", "small"]);
    assert!(first.status.success());
    assert_eq!(first.stdout, second.stdout);
    assert!(lasker_nim::solve(&first.stdout, &mut Vec::new()).is_ok());
    // `xtask solve` answers like the crate's binary.
    let solved = Command::new(XTASK)
        .args(["solve", "lasker-nim"])
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped())
        .spawn()
        .and_then(|mut child| {
            use std::io::Write;
            child
                .stdin
                .take()
                .expect("stdin")
                .write_all(&first.stdout)?;
            child.wait_with_output()
        })
        .expect("solve runs");
    let mut expected = Vec::new();
    lasker_nim::solve(&first.stdout, &mut expected).expect("valid");
    assert_eq!(solved.stdout, expected);
    let unknown = xtask(&["gen", "no-such-game"]);
    assert!(!unknown.status.success());
    let names: Vec<&str> = xtask::problems::PROBLEMS.iter().map(|p| p.name).collect();
    assert!(
        text(&unknown.stderr).contains(&format!("known: {}", names.join(", "))),
        "{}",
        text(&unknown.stderr)
    );
}

#[test]
fn every_problem_passes_against_its_own_binary() {
    for name in xtask::problems::PROBLEMS.iter().map(|p| p.name) {
        let own = own_binary(name);
        for size in ["tiny", "small"] {
            let out = xtask(&[
                "stress",
                name,
                "--against",
                &own,
                "--cases",
                "4",
                "--seed",
                "3",
                "--size",
                size,
            ]);
            assert!(
                out.status.success(),
                "{name} {size}: {}{}",
                text(&out.stdout),
                text(&out.stderr)
            );
        }
    }
}

/// `text` as one word for a POSIX shell.
fn quoted(text: &str) -> String {
    format!("'{}'", text.replace('\'', r"'\''"))
}

/// Runs xtask with stdin closed, after `setup` has had its say on the
/// command. The args of a run that could hang hold a `--max-time`.
fn xtask_with(args: &[&str], setup: impl FnOnce(&mut Command)) -> Output {
    let mut command = Command::new(XTASK);
    command
        .args(args)
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped());
    setup(&mut command);
    command.output().expect("xtask runs")
}

/// Whether xtask's report says `--max-time` stopped it.
fn stopped_at_max_time(stderr: &str) -> bool {
    stderr.contains("stopped at --max-time")
}

#[test]
fn the_reproduce_line_finds_the_same_first_failure() {
    let base = scratch("reproduce");
    // A directory name and a command that need quoting, nested quotes too.
    let dir = base.join("it's a dir");
    let dir_arg = dir.to_str().expect("utf-8 path");
    let command = "sh -c 'cat >/dev/null; echo x'";
    let out = xtask_with(
        &[
            "stress",
            "lasker-nim",
            "--against",
            command,
            "--cases",
            "20",
            "--seed",
            "11",
            "--size",
            "small",
            "--timeout",
            "2.5",
            "--max-time",
            "120",
            "--dir",
            dir_arg,
        ],
        |_| {},
    );
    let stderr = text(&out.stderr);
    assert_eq!(out.status.code(), Some(1), "{stderr}");
    assert!(!stopped_at_max_time(&stderr), "{stderr}");
    let first_failure = |stderr: &str| -> String {
        stderr
            .lines()
            .find(|line| line.starts_with("stress: case "))
            .unwrap_or_else(|| panic!("no failure line in {stderr}"))
            .to_owned()
    };
    let line = stderr
        .lines()
        .find_map(|line| line.strip_prefix("reproduce: cargo xtask "))
        .expect("a reproduce line");
    assert!(line.contains("--timeout 2.5"), "{line}");
    assert!(line.contains("--max-time 120"), "{line}");
    assert!(line.contains("--seed 11"), "{line}");
    let again = Command::new("sh")
        .args(["-c", &format!("{} {line}", quoted(XTASK))])
        .stdin(Stdio::null())
        .output()
        .expect("sh runs");
    let again_stderr = text(&again.stderr);
    assert_eq!(again.status.code(), Some(1), "{line}\n{again_stderr}");
    assert!(!stopped_at_max_time(&again_stderr), "{again_stderr}");
    assert_eq!(first_failure(&again_stderr), first_failure(&stderr));
    // It saved into the same directory, the same shrunk input.
    let first = fs::read_to_string(dir.join("lasker-nim-1.in")).expect("first saved");
    let second = fs::read_to_string(dir.join("lasker-nim-2.in")).expect("second saved");
    assert_eq!(first, second);
    let _ = fs::remove_dir_all(&base);
}

#[test]
fn a_command_that_cannot_start_is_a_usage_error() {
    let dir = scratch("cannot-start");
    fs::create_dir_all(&dir).expect("scratch");
    let not_executable = dir.join("solution.sh");
    fs::write(&not_executable, "echo Alice\n").expect("write");
    let saves = dir.join("saved");
    let saves_arg = saves.to_str().expect("utf-8 path");
    let commands = [
        "no-such-command-for-cgt".to_owned(),
        quoted(not_executable.to_str().expect("utf-8 path")),
    ];
    for command in &commands {
        let out = xtask(&[
            "stress",
            "lasker-nim",
            "--against",
            command,
            "--cases",
            "5",
            "--dir",
            saves_arg,
        ]);
        let stderr = text(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "{command}: {stderr}");
        assert_eq!(stderr.lines().count(), 1, "{stderr}");
        assert!(
            stderr.starts_with("xtask: cannot run --against"),
            "{stderr}"
        );
        assert!(!saves.exists(), "{command}: saved something");
    }
    // No `sh` to start at all.
    let out = xtask_with(
        &[
            "stress",
            "lasker-nim",
            "--against",
            "cat",
            "--max-time",
            "60",
            "--dir",
            saves_arg,
        ],
        |command| {
            command.env("PATH", "").current_dir(&dir);
        },
    );
    let stderr = text(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{stderr}");
    assert!(
        stderr.starts_with("xtask: cannot start `sh -c cat`"),
        "{stderr}"
    );
    assert!(!saves.exists());
    // Usage mistakes too.
    for args in [
        &["stress", "lasker-nim"][..],
        &["stress", "no-such-game", "--against", "cat"],
        &["stress", "lasker-nim", "--against", "cat", "--timeout", "0"],
        &[
            "stress",
            "lasker-nim",
            "--against",
            "cat",
            "--max-time",
            "0",
        ],
        &[
            "stress",
            "lasker-nim",
            "--against",
            "cat",
            "--max-time",
            "x",
        ],
    ] {
        assert_eq!(xtask(args).status.code(), Some(2), "{args:?}");
    }
    let _ = fs::remove_dir_all(&dir);
}

#[test]
fn shrinking_keeps_the_failure_kind() {
    let dir = scratch("kind");
    // Crashes on inputs over 20 bytes, answers wrongly on smaller ones: the
    // shrunk input must still crash. The bytes are counted by the shell
    // itself (a line's length and its newline, then the unfinished last
    // line's): the shrinker runs this hundreds of times.
    let command = "n=0; while IFS= read -r line; do n=$((n + ${#line} + 1)); done; \
                   n=$((n + ${#line})); \
                   if [ \"$n\" -gt 20 ]; then echo crashed on $n bytes >&2; exit 3; fi; \
                   echo Alice";
    let out = xtask(&[
        "stress",
        "lasker-nim",
        "--against",
        command,
        "--cases",
        "5",
        "--seed",
        "11",
        "--size",
        "small",
        "--dir",
        dir.to_str().expect("utf-8 path"),
    ]);
    let stderr = text(&out.stderr);
    assert_eq!(out.status.code(), Some(1), "{stderr}");
    assert!(
        stderr.contains("smallest failing input found: RE (runtime error, exit status 3)"),
        "{stderr}"
    );
    assert!(
        stderr.contains("your stderr ended:\n  crashed on"),
        "{stderr}"
    );
    let input = fs::read_to_string(dir.join("lasker-nim-1.in")).expect("saved");
    assert!(input.len() > 20, "{input:?}");
    let _ = fs::remove_dir_all(&dir);
}

#[test]
fn endless_output_is_an_output_limit_with_a_short_report() {
    let dir = scratch("yes");
    // A data limit of 400 MB: xtask must stay under it, `yes` or not.
    let out = xtask_with(
        &[
            "stress",
            "lasker-nim",
            "--against",
            "yes",
            "--cases",
            "3",
            "--seed",
            "1",
            "--timeout",
            "60",
            "--max-time",
            "120",
            "--dir",
            dir.to_str().expect("utf-8 path"),
        ],
        |command| {
            let program = command.get_program().to_owned();
            let args: Vec<_> = command.get_args().map(ToOwned::to_owned).collect();
            *command = Command::new("sh");
            command
                .arg("-c")
                .arg("ulimit -d 400000 && exec \"$0\" \"$@\"")
                .arg(program)
                .args(args)
                .stdin(Stdio::null())
                .stdout(Stdio::piped())
                .stderr(Stdio::piped());
        },
    );
    let stderr = text(&out.stderr);
    assert_eq!(
        out.status.code(),
        Some(1),
        "{}",
        &stderr[..stderr.len().min(4000)]
    );
    assert!(
        stderr.contains("found: OLE (output limit exceeded, more than 64 MiB on stdout)"),
        "{}",
        &stderr[..stderr.len().min(4000)]
    );
    assert!(
        stderr.contains("your output began:\n  y\n  y\n"),
        "{stderr}"
    );
    assert!(stderr.len() < 10_000, "a report of {} bytes", stderr.len());
    assert!(!stopped_at_max_time(&stderr), "{stderr}");
    let _ = fs::remove_dir_all(&dir);
}

/// Whether `pid` is a live `sleep` with this argument (not some other
/// process that got the pid since).
#[cfg(target_os = "linux")]
fn sleeping(pid: &str, seconds: &str) -> bool {
    fs::read(format!("/proc/{pid}/cmdline"))
        .is_ok_and(|cmdline| cmdline == format!("sleep\0{seconds}\0").as_bytes())
}

/// The pids the candidate's setsid'ed sleeps wrote to `dir`; none is alive.
#[cfg(target_os = "linux")]
fn assert_all_gone(dir: &Path, seconds: &str) -> usize {
    let mut count = 0;
    for entry in fs::read_dir(dir).expect("pid files") {
        let pid = fs::read_to_string(entry.expect("entry").path()).expect("pid");
        let pid = pid.trim();
        if pid.is_empty() {
            continue;
        }
        count += 1;
        assert!(
            !sleeping(pid, seconds),
            "sleep {seconds} (pid {pid}) outlived xtask"
        );
    }
    count
}

#[cfg(target_os = "linux")]
#[test]
fn a_setsid_child_whose_parent_exits_at_once_is_killed() {
    let dir = scratch("setsid");
    let pids = dir.join("pids");
    fs::create_dir_all(&pids).expect("scratch");
    let pids = pids.to_str().expect("utf-8 path");
    // The shell starts a sleep in a session of its own, which keeps stdout
    // open, waits until it has written its pid, answers and exits.
    let command = format!(
        "setsid sh -c 'echo $$ > {pids}/'$$'; exec sleep 3604' & \
         while [ ! -s {pids}/$$ ]; do sleep 0.01; done; echo Alice"
    );
    let out = xtask_with(
        &[
            "stress",
            "lasker-nim",
            "--against",
            &command,
            "--cases",
            "5",
            "--seed",
            "11",
            "--size",
            "small",
            "--timeout",
            "30",
            "--max-time",
            "200",
            "--dir",
            dir.to_str().expect("utf-8 path"),
        ],
        |_| {},
    );
    let stderr = text(&out.stderr);
    assert_eq!(out.status.code(), Some(1), "{stderr}");
    assert!(stderr.contains("found: WA (wrong answer)"), "{stderr}");
    assert!(!stopped_at_max_time(&stderr), "{stderr}");
    assert!(assert_all_gone(dir.join("pids").as_path(), "3604") > 1);
    let _ = fs::remove_dir_all(&dir);
}

#[cfg(target_os = "linux")]
#[test]
fn on_timeout_a_setsid_child_is_killed_and_xtask_returns() {
    let dir = scratch("setsid-timeout");
    let pids = dir.join("pids");
    fs::create_dir_all(&pids).expect("scratch");
    let pids = pids.to_str().expect("utf-8 path");
    let command = format!("setsid sh -c 'echo $$ > {pids}/'$$'; exec sleep 3605'");
    let out = xtask_with(
        &[
            "stress",
            "lasker-nim",
            "--against",
            &command,
            "--cases",
            "1",
            "--seed",
            "3",
            "--timeout",
            "0.5",
            "--max-time",
            "200",
            "--dir",
            dir.to_str().expect("utf-8 path"),
        ],
        |_| {},
    );
    let stderr = text(&out.stderr);
    assert_eq!(out.status.code(), Some(1), "{stderr}");
    assert!(
        stderr.contains("found: TLE (time limit exceeded, still running after 0.5 s)"),
        "{stderr}"
    );
    // Each run returned at its timeout, not when the hour-long sleep ends:
    // the first case and every shrinking run ended within xtask's own
    // --max-time, which would have said it stopped them otherwise.
    assert!(
        stderr.contains(" shrinking runs, the smallest failing input found: "),
        "{stderr}"
    );
    assert!(!stopped_at_max_time(&stderr), "{stderr}");
    assert!(assert_all_gone(dir.join("pids").as_path(), "3605") >= 1);
    let _ = fs::remove_dir_all(&dir);
}

#[cfg(target_os = "linux")]
#[test]
fn progress_shows_on_a_terminal_only() {
    // Five cases of 0.4 s: past the first second, when progress starts.
    let own = own_binary("lasker-nim");
    let command = format!("sleep 0.4; {}", quoted(&own));
    let args = [
        "stress",
        "lasker-nim",
        "--against",
        &command,
        "--cases",
        "5",
        "--seed",
        "2",
        "--max-time",
        "120",
    ];
    let plain = xtask_with(&args, |_| {});
    assert!(plain.status.success(), "{}", text(&plain.stderr));
    assert!(
        !text(&plain.stderr).contains("cases/s"),
        "{}",
        text(&plain.stderr)
    );
    // A pseudo-terminal for stdout and stderr.
    let mut command = Command::new(XTASK);
    command.args(args);
    let on_terminal = cgt_testkit::fixture::run_on_terminal(command);
    let shown = on_terminal.shown;
    assert_eq!(on_terminal.status, Some(0), "{shown}");
    assert!(shown.contains("\rstress: "), "{shown}");
    assert!(shown.contains(" of 5 cases passed, "), "{shown}");
    assert!(
        shown.contains(" cases/s, size tiny (this input "),
        "{shown}"
    );
}

#[cfg(target_os = "linux")]
#[test]
fn max_time_stops_a_run_that_hangs() {
    let dir = scratch("max-time-hang");
    let pids = dir.join("pids");
    fs::create_dir_all(&pids).expect("scratch");
    let saves = dir.join("saved");
    // An hour-long sleep, far past the run's own --timeout of a minute:
    // only --max-time stops it.
    let command = format!("sh -c 'echo $$ > {}/'$$'; exec sleep 3606'", pids.display());
    let out = xtask_with(
        &[
            "stress",
            "lasker-nim",
            "--against",
            &command,
            "--cases",
            "3",
            "--seed",
            "3",
            "--timeout",
            "60",
            "--max-time",
            "2",
            "--dir",
            saves.to_str().expect("utf-8 path"),
        ],
        |_| {},
    );
    let stderr = text(&out.stderr);
    assert_eq!(out.status.code(), Some(3), "{stderr}");
    assert_eq!(
        stderr,
        "xtask: stress stopped at --max-time 2 s: 0 of 3 cases passed, none failed (seed 3)\n"
    );
    assert!(out.stdout.is_empty(), "{}", text(&out.stdout));
    assert!(!saves.exists(), "saved a run that was cut short");
    assert!(assert_all_gone(&pids, "3606") >= 1);
    let _ = fs::remove_dir_all(&dir);
}

#[test]
fn max_time_stops_between_passing_cases() {
    // Right answers, each after a fifth of a second: a thousand of them
    // take far longer than the bound.
    let own = own_binary("lasker-nim");
    let command = format!("sleep 0.2; exec {}", quoted(&own));
    let out = xtask_with(
        &[
            "stress",
            "lasker-nim",
            "--against",
            &command,
            "--cases",
            "1000",
            "--seed",
            "2",
            "--max-time",
            "2",
        ],
        |_| {},
    );
    let stderr = text(&out.stderr);
    assert_eq!(out.status.code(), Some(3), "{stderr}");
    let passed: u64 = stderr
        .strip_prefix("xtask: stress stopped at --max-time 2 s: ")
        .and_then(|rest| rest.strip_suffix(" of 1000 cases passed, none failed (seed 2)\n"))
        .and_then(|count| count.parse().ok())
        .unwrap_or_else(|| panic!("not one line that says how many passed: {stderr}"));
    assert!(passed < 1000, "{stderr}");
    assert!(out.stdout.is_empty(), "{}", text(&out.stdout));
}

#[test]
fn max_time_cuts_shrinking_short_and_keeps_the_failure() {
    let dir = scratch("max-time-shrink");
    // Wrong after half a second: the first case fails well within the
    // bound, and shrinking it (68 runs without a bound) takes far longer.
    let out = xtask_with(
        &[
            "stress",
            "lasker-nim",
            "--against",
            "sleep 0.5; echo Alice",
            "--cases",
            "50",
            "--seed",
            "11",
            "--size",
            "small",
            "--max-time",
            "5",
            "--dir",
            dir.to_str().expect("utf-8 path"),
        ],
        |_| {},
    );
    let stderr = text(&out.stderr);
    assert_eq!(out.status.code(), Some(1), "{stderr}");
    assert!(
        stderr.contains("stress: case 1 of 50 (generator seed 11) failed: WA (wrong answer)"),
        "{stderr}"
    );
    assert!(
        stderr.contains(
            " shrinking runs (stopped at --max-time 5 s), \
             the smallest failing input found: WA (wrong answer)"
        ),
        "{stderr}"
    );
    // The smallest failing input found so far is saved and shown all the same.
    let input = fs::read_to_string(dir.join("lasker-nim-1.in")).expect("saved input");
    assert!(!input.trim().is_empty());
    assert!(stderr.contains("rerun: sh -c "), "{stderr}");
    let line = stderr
        .lines()
        .find_map(|line| line.strip_prefix("reproduce: cargo xtask "))
        .expect("a reproduce line");
    assert!(line.contains("--max-time 5 "), "{line}");
    let _ = fs::remove_dir_all(&dir);
}
