//! The workspace's test binaries, run side by side (`cargo xtask test`).
//!
//! `cargo test` runs one test binary after another, and many binaries are
//! one long test (a README's examples, a stress run, a CLI suite), so on
//! average it kept one core busy. Here `cargo test --no-run` builds them
//! and lists them (its JSON messages name each test executable), and a pool
//! of threads runs them, as many at a time as there are cores, slowest
//! first by the times of the last run (kept in `target/xtask-test-times.tsv`),
//! with the doc tests as one more job. Each binary runs as cargo runs it:
//! in its package's folder, with `CARGO_MANIFEST_DIR` set, and its output
//! is printed whole when it fails.

use crate::cargo;
use std::collections::{HashMap, VecDeque};
use std::env;
use std::fs;
use std::io::{BufRead, BufReader};
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::sync::{Mutex, mpsc};
use std::thread;
use std::time::Instant;

/// One test executable that `cargo test --no-run` built.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TestBinary {
    /// The executable.
    pub path: PathBuf,
    /// Its package's folder, where cargo runs it.
    pub package: PathBuf,
    /// Its source file relative to the workspace (`crates/cgt/tests/cli.rs`):
    /// the name it is reported and timed by.
    pub name: String,
}

/// The value of the string field `key` in one line of JSON, unescaped; the
/// first occurrence, which in cargo's messages is the top-level one for
/// every key read here.
fn string_field(line: &str, key: &str) -> Option<String> {
    let start = line.find(&format!("\"{key}\":\""))? + key.len() + 4;
    let mut value = String::new();
    let mut chars = line[start..].chars();
    while let Some(c) = chars.next() {
        match c {
            '"' => return Some(value),
            '\\' => match chars.next()? {
                'n' => value.push('\n'),
                't' => value.push('\t'),
                'r' => value.push('\r'),
                'u' => {
                    let hex: String = chars.by_ref().take(4).collect();
                    value.push(char::from_u32(u32::from_str_radix(&hex, 16).ok()?)?);
                }
                other => value.push(other),
            },
            c => value.push(c),
        }
    }
    None
}

/// The test binary one of cargo's JSON messages announces, if it is one:
/// an artifact built with the test profile that has an executable.
pub fn test_binary(line: &str, root: &Path) -> Option<TestBinary> {
    if string_field(line, "reason")? != "compiler-artifact" {
        return None;
    }
    let profile = &line[line.find("\"profile\":{")?..];
    let profile = &profile[..profile.find('}')?];
    if !profile.contains("\"test\":true") {
        return None;
    }
    let path = PathBuf::from(string_field(line, "executable")?);
    let package = Path::new(&string_field(line, "manifest_path")?)
        .parent()?
        .to_path_buf();
    let source = PathBuf::from(string_field(line, "src_path")?);
    let name = source
        .strip_prefix(root)
        .unwrap_or(&source)
        .display()
        .to_string();
    Some(TestBinary {
        path,
        package,
        name,
    })
}

/// Builds every test of the workspace (`cargo test --workspace --no-run`,
/// its diagnostics shown as usual) and lists the test binaries.
pub fn build(root: &Path) -> Result<Vec<TestBinary>, String> {
    eprintln!("xtask: cargo test --workspace --no-run");
    let mut child = Command::new(cargo())
        .current_dir(root)
        .args([
            "test",
            "--workspace",
            "--no-run",
            "--message-format=json-render-diagnostics",
        ])
        .stdout(Stdio::piped())
        .spawn()
        .map_err(|e| format!("cannot run cargo: {e}"))?;
    let mut binaries = Vec::new();
    if let Some(stdout) = child.stdout.take() {
        for line in BufReader::new(stdout).lines() {
            let line = line.map_err(|e| format!("cannot read cargo's messages: {e}"))?;
            binaries.extend(test_binary(&line, root));
        }
    }
    let status = child
        .wait()
        .map_err(|e| format!("cannot wait for cargo: {e}"))?;
    if !status.success() {
        return Err("cargo test --workspace --no-run failed (see its output above)".to_owned());
    }
    binaries.sort_by(|a, b| a.name.cmp(&b.name));
    binaries.dedup_by(|a, b| a.path == b.path);
    Ok(binaries)
}

/// What one job ran and how it went.
struct Finished {
    name: String,
    seconds: f64,
    passed: bool,
    output: String,
}

fn times_file(root: &Path) -> PathBuf {
    env::var_os("CARGO_TARGET_DIR")
        .map_or_else(|| root.join("target"), PathBuf::from)
        .join("xtask-test-times.tsv")
}

/// The last run's seconds per job (`seconds<TAB>name` lines).
fn last_times(root: &Path) -> HashMap<String, f64> {
    let text = fs::read_to_string(times_file(root)).unwrap_or_default();
    text.lines()
        .filter_map(|line| {
            let (seconds, name) = line.split_once('\t')?;
            Some((name.to_owned(), seconds.parse().ok()?))
        })
        .collect()
}

const DOC_TESTS: &str = "doc tests (cargo test --workspace --doc)";

/// A job's name: its binary's, or the doc tests' (`None`).
fn name_of(job: &Option<TestBinary>) -> &str {
    job.as_ref()
        .map_or(DOC_TESTS, |binary| binary.name.as_str())
}

/// Runs the binaries and the doc tests, `jobs` at a time, with insta in
/// mode `insta_update`; prints each as it ends and returns what failed.
pub fn run(root: &Path, binaries: Vec<TestBinary>, jobs: usize, insta_update: &str) -> Vec<String> {
    let times = last_times(root);
    // The doc tests first while no time is known: they compile as they run.
    let mut queue: Vec<Option<TestBinary>> = vec![None];
    queue.extend(binaries.into_iter().map(Some));
    // Slowest first, so that the last to start are short; a job with no
    // time yet counts as slow, since it may be.
    queue.sort_by(|a, b| {
        let time = |job| times.get(name_of(job)).copied().unwrap_or(f64::INFINITY);
        time(b).total_cmp(&time(a))
    });
    let total = queue.len();
    let queue = Mutex::new(queue.into_iter().collect::<VecDeque<_>>());
    let (sender, receiver) = mpsc::channel();
    let started = Instant::now();
    let mut finished = Vec::new();
    thread::scope(|scope| {
        for _ in 0..jobs.max(1) {
            let sender = sender.clone();
            let queue = &queue;
            scope.spawn(move || {
                loop {
                    let next = match queue.lock() {
                        Ok(mut queue) => queue.pop_front(),
                        Err(_) => None,
                    };
                    let Some(job) = next else { break };
                    let done = match &job {
                        Some(binary) => run_binary(root, binary, insta_update),
                        None => run_doc_tests(root, insta_update),
                    };
                    if sender.send(done).is_err() {
                        break;
                    }
                }
            });
        }
        drop(sender);
        for done in receiver {
            let status = if done.passed { "ok" } else { "FAILED" };
            eprintln!(
                "xtask: [{}/{total}, {:.0} s] {status}: {} ({:.1} s)",
                finished.len() + 1,
                started.elapsed().as_secs_f64(),
                done.name,
                done.seconds
            );
            if done.passed {
                for line in done
                    .output
                    .lines()
                    .filter(|l| l.starts_with("test result:"))
                {
                    eprintln!("    {line}");
                }
            } else {
                eprintln!("{}", done.output);
            }
            finished.push(done);
        }
    });
    let mut record = String::new();
    let mut failures = Vec::new();
    finished.sort_by(|a, b| b.seconds.total_cmp(&a.seconds));
    eprintln!("xtask: the slowest test binaries (seconds, run {jobs} at a time):");
    for done in &finished {
        record.push_str(&format!("{:.2}\t{}\n", done.seconds, done.name));
        if !done.passed {
            failures.push(format!("{} failed (its output is above)", done.name));
        }
    }
    for done in finished.iter().take(8) {
        eprintln!("    {:6.1}  {}", done.seconds, done.name);
    }
    let _ = fs::write(times_file(root), record);
    failures
}

/// Collects a finished child's output, stdout then stderr.
fn outcome(
    name: &str,
    started: Instant,
    result: std::io::Result<std::process::Output>,
) -> Finished {
    let seconds = started.elapsed().as_secs_f64();
    match result {
        Ok(out) => {
            let mut output = String::from_utf8_lossy(&out.stdout).into_owned();
            output.push_str(&String::from_utf8_lossy(&out.stderr));
            if !out.status.success() {
                output.push_str(&format!("({name} ended with {})\n", out.status));
            }
            Finished {
                name: name.to_owned(),
                seconds,
                passed: out.status.success(),
                output,
            }
        }
        Err(e) => Finished {
            name: name.to_owned(),
            seconds,
            passed: false,
            output: format!("cannot run {name}: {e}"),
        },
    }
}

fn run_binary(root: &Path, binary: &TestBinary, insta_update: &str) -> Finished {
    let started = Instant::now();
    let result = Command::new(&binary.path)
        .current_dir(&binary.package)
        .env("CARGO_MANIFEST_DIR", &binary.package)
        .env("INSTA_WORKSPACE_ROOT", root)
        // Every binary of the workspace is built (`build`): a test that
        // would build one need not ask cargo, whose lock the doc tests hold.
        .env("CGT_TEST_BINARIES_BUILT", "1")
        .env("INSTA_UPDATE", insta_update)
        .env_remove("INSTA_FORCE_PASS")
        .env_remove("CGT_ACCEPT_OUT")
        .stdin(Stdio::null())
        .output();
    outcome(&binary.name, started, result)
}

fn run_doc_tests(root: &Path, insta_update: &str) -> Finished {
    let started = Instant::now();
    let result = Command::new(cargo())
        .current_dir(root)
        .args(["test", "--workspace", "--doc", "--no-fail-fast"])
        .env("INSTA_UPDATE", insta_update)
        .env_remove("INSTA_FORCE_PASS")
        .env_remove("CGT_ACCEPT_OUT")
        .stdin(Stdio::null())
        .output();
    outcome(DOC_TESTS, started, result)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_test_artifact_is_read_from_cargos_message() {
        let line = r#"{"reason":"compiler-artifact","package_id":"path+file:///w/crates/cgt#0.1.0","manifest_path":"/w/crates/cgt/Cargo.toml","target":{"kind":["test"],"crate_types":["bin"],"name":"cli","src_path":"/w/crates/cgt/tests/cli.rs","edition":"2024","doc":false,"doctest":false,"test":true},"profile":{"opt_level":"0","debuginfo":2,"debug_assertions":true,"overflow_checks":true,"test":true},"features":[],"filenames":["/w/target/debug/deps/cli-1"],"executable":"/w/target/debug/deps/cli-1","fresh":true}"#;
        assert_eq!(
            test_binary(line, Path::new("/w")),
            Some(TestBinary {
                path: PathBuf::from("/w/target/debug/deps/cli-1"),
                package: PathBuf::from("/w/crates/cgt"),
                name: "crates/cgt/tests/cli.rs".to_owned(),
            })
        );
    }

    #[test]
    fn a_binary_built_for_use_is_not_a_test() {
        // The `cgt` binary the CLI tests run: an executable, not a test.
        let line = r#"{"reason":"compiler-artifact","package_id":"x","manifest_path":"/w/crates/cgt/Cargo.toml","target":{"kind":["bin"],"name":"cgt","src_path":"/w/crates/cgt/src/main.rs","test":true},"profile":{"opt_level":"0","test":false},"executable":"/w/target/debug/cgt","fresh":true}"#;
        assert_eq!(test_binary(line, Path::new("/w")), None);
        let library = r#"{"reason":"compiler-artifact","manifest_path":"/w/a/Cargo.toml","target":{"src_path":"/w/a/src/lib.rs"},"profile":{"test":true},"executable":null}"#;
        assert_eq!(test_binary(library, Path::new("/w")), None);
    }

    #[test]
    fn escaped_strings_are_unescaped() {
        assert_eq!(
            string_field(r#"{"src_path":"/a \"b\"\\c\u00e9"}"#, "src_path").as_deref(),
            Some("/a \"b\"\\cé")
        );
        assert_eq!(string_field(r#"{"src_path":"/a"#, "src_path"), None);
    }
}
