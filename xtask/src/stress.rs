//! `cargo xtask gen`, `solve` and `stress`: generated inputs, the reference
//! answer, and the generate–run–compare loop with shrinking, to find out why
//! a user's solution is wrong.

use crate::problems;
use cgt_testkit::Entry as Problem;
use cgt_testkit::Size;
use std::fs;
use std::io::{self, Read, Write};
use std::path::{Path, PathBuf};
use std::process::{Command, ExitStatus, Stdio};
use std::thread;
use std::time::{Duration, Instant, SystemTime, UNIX_EPOCH};

/// Most bytes of a user's stdout or stderr kept per run.
const OUTPUT_CAP: usize = 64 << 20;
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

fn the_problem(positional: &[&str], usage: &str) -> Result<&'static Problem, String> {
    match positional {
        [name] => problems::find(name),
        _ => Err(format!("usage: {usage}")),
    }
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
    let input = (problem.generate)(seed, size);
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
    (problem.solve)(&input, &mut output).map_err(|e| format!("{}: {e}", problem.name))?;
    io::stdout()
        .write_all(&output)
        .map_err(|e| format!("cannot write: {e}"))
}

/// What the user's command did with one input.
struct Run {
    status: Option<ExitStatus>,
    timed_out: bool,
    stdout: Vec<u8>,
    stderr: Vec<u8>,
}

fn read_capped(mut source: impl Read) -> Vec<u8> {
    let mut kept = Vec::new();
    let mut buffer = [0_u8; 1 << 16];
    loop {
        match source.read(&mut buffer) {
            Ok(0) | Err(_) => return kept,
            Ok(n) => {
                let room = OUTPUT_CAP.saturating_sub(kept.len());
                kept.extend_from_slice(&buffer[..n.min(room)]);
            }
        }
    }
}

/// Kills the command's whole process group (the shell and what it started).
fn kill_group(child: &mut std::process::Child) {
    let group = format!("-{}", child.id());
    let _ = Command::new("kill")
        .args(["-KILL", "--", &group])
        .stderr(Stdio::null())
        .status();
    let _ = child.kill();
}

/// Runs `command` through the shell with `input` on stdin.
fn run_command(command: &str, input: &str, timeout: Duration) -> Result<Run, String> {
    let mut shell = Command::new("sh");
    shell
        .args(["-c", command])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped());
    #[cfg(unix)]
    {
        use std::os::unix::process::CommandExt;
        shell.process_group(0);
    }
    let mut child = shell
        .spawn()
        .map_err(|e| format!("cannot run `sh -c {command:?}`: {e}"))?;
    let mut stdin = child.stdin.take().expect("piped stdin");
    let stdout = child.stdout.take().expect("piped stdout");
    let stderr = child.stderr.take().expect("piped stderr");
    let input = input.as_bytes().to_vec();
    // A solution that exits before reading everything closes the pipe: fine.
    let writer = thread::spawn(move || {
        let _ = stdin.write_all(&input);
    });
    let out_reader = thread::spawn(move || read_capped(stdout));
    let err_reader = thread::spawn(move || read_capped(stderr));
    let started = Instant::now();
    let mut timed_out = false;
    let status = loop {
        match child.try_wait() {
            Ok(Some(status)) => break Some(status),
            Ok(None) if started.elapsed() >= timeout => {
                timed_out = true;
                kill_group(&mut child);
                let _ = child.wait();
                break None;
            }
            Ok(None) => thread::sleep(Duration::from_millis(2)),
            Err(e) => return Err(format!("cannot wait for the command: {e}")),
        }
    };
    if !timed_out {
        // Children of the shell may still hold the pipes open.
        kill_group(&mut child);
    }
    let _ = writer.join();
    Ok(Run {
        status,
        timed_out,
        stdout: out_reader.join().unwrap_or_default(),
        stderr: err_reader.join().unwrap_or_default(),
    })
}

/// Lines with trailing whitespace dropped, and no trailing empty lines.
fn normalised(text: &[u8]) -> Vec<String> {
    let text = String::from_utf8_lossy(text);
    let mut lines: Vec<String> = text.split('\n').map(|l| l.trim_end().to_owned()).collect();
    while lines.last().is_some_and(String::is_empty) {
        lines.pop();
    }
    lines
}

/// Why a run failed, or `None` if it passed.
fn failure(run: &Run, expected: &[u8], timeout: Duration) -> Option<String> {
    if run.timed_out {
        return Some(format!("timed out after {} s", timeout.as_secs_f64()));
    }
    match run.status {
        Some(status) if !status.success() => Some(match status.code() {
            Some(code) => format!("exit status {code}"),
            None => "killed by a signal".to_owned(),
        }),
        _ if normalised(&run.stdout) != normalised(expected) => Some("wrong answer".to_owned()),
        _ => None,
    }
}

/// The reference output; at tiny sizes also the exhaustive search's, which
/// must agree.
fn reference(problem: &Problem, input: &str, with_brute: bool) -> Result<Vec<u8>, String> {
    let mut expected = Vec::new();
    (problem.solve)(input.as_bytes(), &mut expected).map_err(|e| {
        format!("internal error: the generator made an input the solver rejects: {e}\n{input}")
    })?;
    if with_brute {
        let mut searched = Vec::new();
        (problem.brute)(input.as_bytes(), &mut searched).map_err(|e| {
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

/// Options of one stress run.
struct Stress {
    problem: &'static Problem,
    command: String,
    cases: u64,
    seed: u64,
    size: Size,
    timeout: Duration,
    dir: PathBuf,
}

impl Stress {
    fn from_args(args: &[String]) -> Result<Stress, String> {
        let usage = "cargo xtask stress <crate> --against \"<command>\" [--cases N] [--seed S] \
                     [--size tiny|small|max|N] [--timeout SECS] [--dir DIR]";
        let (positional, flags) = options(
            args,
            &["against", "cases", "seed", "size", "timeout", "dir"],
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
            dir: PathBuf::from("stress-failures"),
        };
        for (flag, value) in flags {
            match flag {
                "against" => stress.command = value.to_owned(),
                "cases" => stress.cases = parse(flag, value)?,
                "seed" => stress.seed = parse(flag, value)?,
                "size" => stress.size = value.parse()?,
                "timeout" => {
                    let seconds: f64 = parse(flag, value)?;
                    stress.timeout = Duration::try_from_secs_f64(seconds)
                        .map_err(|_| format!("--timeout: {value:?} is not a duration"))?;
                }
                _ => stress.dir = PathBuf::from(value),
            }
        }
        if stress.command.is_empty() {
            return Err(format!("--against is required\nusage: {usage}"));
        }
        Ok(stress)
    }

    fn reproduce(&self) -> String {
        format!(
            "cargo xtask stress {} --against '{}' --cases {} --seed {} --size {}",
            self.problem.name, self.command, self.cases, self.seed, self.size
        )
    }
}

/// `cargo xtask stress <crate> --against "<command>" ...`.
pub fn stress(args: &[String]) -> Result<(), String> {
    let stress = Stress::from_args(args)?;
    let with_brute = stress.size == Size::Tiny;
    let started = Instant::now();
    let mut last_progress = started;
    for case in 0..stress.cases {
        let seed = stress.seed.wrapping_add(case);
        let input = (stress.problem.generate)(seed, stress.size);
        let expected = reference(stress.problem, &input, with_brute)?;
        let run = run_command(&stress.command, &input, stress.timeout)?;
        if let Some(why) = failure(&run, &expected, stress.timeout) {
            if last_progress != started {
                eprintln!();
            }
            eprintln!(
                "stress: case {} of {} (generator seed {seed}) failed: {why}; shrinking",
                case + 1,
                stress.cases
            );
            return Err(report_failure(&stress, input, expected, run, why));
        }
        if last_progress.elapsed() >= Duration::from_secs(1) {
            last_progress = Instant::now();
            eprint!("\rstress: {} of {} cases passed", case + 1, stress.cases);
        }
    }
    if last_progress != started {
        eprintln!();
    }
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

/// Shrinks a failing input while it still fails; returns the smallest one
/// with its expected output, the run and the reason.
fn shrink(
    stress: &Stress,
    mut input: String,
    mut expected: Vec<u8>,
    mut run: Run,
    mut why: String,
) -> (String, Vec<u8>, Run, String, usize) {
    let started = Instant::now();
    let mut runs = 0;
    'smaller: loop {
        for candidate in (stress.problem.shrink)(&input) {
            if runs >= SHRINK_RUNS || started.elapsed() >= SHRINK_TIME {
                break 'smaller;
            }
            let Ok(candidate_expected) = reference(stress.problem, &candidate, false) else {
                continue;
            };
            let Ok(candidate_run) = run_command(&stress.command, &candidate, stress.timeout) else {
                continue;
            };
            runs += 1;
            if let Some(candidate_why) =
                failure(&candidate_run, &candidate_expected, stress.timeout)
            {
                (input, expected, run, why) =
                    (candidate, candidate_expected, candidate_run, candidate_why);
                continue 'smaller;
            }
        }
        break;
    }
    (input, expected, run, why, runs)
}

/// The first `<dir>/<crate>-<n>.in` that does not exist yet.
fn free_name(dir: &Path, name: &str) -> PathBuf {
    (1..)
        .map(|n| dir.join(format!("{name}-{n}.in")))
        .find(|path| !path.exists())
        .expect("some number is free")
}

fn side_by_side(left: &[String], right: &[String]) -> String {
    const WIDTH: usize = 40;
    let shown = |s: &str| -> String {
        if s.chars().count() > WIDTH {
            s.chars().take(WIDTH - 1).chain(['…']).collect()
        } else {
            s.to_owned()
        }
    };
    let width = left
        .iter()
        .map(|l| shown(l).chars().count())
        .max()
        .unwrap_or(0)
        .max("expected".len());
    let mut text = format!("  {:width$}   your output\n", "expected");
    for i in 0..left.len().max(right.len()) {
        let (l, r) = (left.get(i), right.get(i));
        let mark = if l == r { ' ' } else { '≠' };
        let l = l.map_or("(nothing)".to_owned(), |s| shown(s));
        let r = r.map_or("(nothing)".to_owned(), |s| shown(s));
        text.push_str(&format!("{mark} {l:width$} | {r}\n"));
    }
    text
}

fn head(text: &str, lines: usize) -> String {
    let all: Vec<&str> = text.lines().collect();
    let mut shown: String = all.iter().take(lines).map(|l| format!("  {l}\n")).collect();
    if all.len() > lines {
        shown.push_str(&format!("  … ({} more lines)\n", all.len() - lines));
    }
    shown
}

fn report_failure(
    stress: &Stress,
    input: String,
    expected: Vec<u8>,
    run: Run,
    why: String,
) -> String {
    let (input, expected, run, why, runs) = shrink(stress, input, expected, run, why);
    let saved = match fs::create_dir_all(&stress.dir) {
        Ok(()) => {
            let path = free_name(&stress.dir, stress.problem.name);
            let written = fs::write(&path, &input)
                .and_then(|()| fs::write(path.with_extension("out"), &expected));
            match written {
                Ok(()) => Some(path),
                Err(e) => {
                    eprintln!("stress: cannot save the failing case: {e}");
                    None
                }
            }
        }
        Err(e) => {
            eprintln!("stress: cannot create {}: {e}", stress.dir.display());
            None
        }
    };
    let mut text = format!(
        "stress failed; after {runs} shrinking runs, the smallest failing input found: {why}\n"
    );
    match &saved {
        Some(path) => text.push_str(&format!(
            "input ({}, expected output in {}):\n",
            path.display(),
            path.with_extension("out").display()
        )),
        None => text.push_str("input:\n"),
    }
    text.push_str(&head(&input, 30));
    text.push_str(&side_by_side(
        &normalised(&expected),
        &normalised(&run.stdout),
    ));
    let stderr = String::from_utf8_lossy(&run.stderr);
    if !stderr.trim().is_empty() {
        text.push_str("your stderr:\n");
        text.push_str(&head(&stderr, 10));
    }
    if let Some(path) = saved {
        text.push_str(&format!("rerun: {} < {}\n", stress.command, path.display()));
    }
    text.push_str(&format!("reproduce: {}", stress.reproduce()));
    text
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn comparison_ignores_line_ends_only() {
        assert_eq!(normalised(b"Alice \r\nBob\n\n"), normalised(b"Alice\nBob"));
        assert_ne!(normalised(b"Alice\nBob\n"), normalised(b"Alice Bob\n"));
        assert_ne!(normalised(b"alice\n"), normalised(b"Alice\n"));
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
    fn a_timeout_kills_the_whole_command() {
        let started = Instant::now();
        let run = run_command("sleep 30; echo late", "", Duration::from_millis(200)).expect("runs");
        assert!(run.timed_out);
        assert!(run.stdout.is_empty());
        assert!(started.elapsed() < Duration::from_secs(20));
    }
}
