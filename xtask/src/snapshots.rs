//! `cargo xtask test` and `cargo xtask review`: the workspace's tests and
//! insta snapshots, without needing cargo-insta, and the Python package's
//! tests (`crate::python`).
//!
//! Fixture snapshots live with their fixtures: `fixtures/<crate>/<case>.in`
//! has `fixtures/<crate>/snapshots/<case>.snap`, written by the workspace's
//! fixture test (`xtask/tests/fixtures.rs`); when the fixture is gone the
//! snapshot is orphaned.

use crate::{cargo, diff, root};
use std::env;
use std::fs;
use std::io::{self, BufRead, IsTerminal, Write};
use std::path::{Path, PathBuf};
use std::process::Command;

/// Files in `fixtures/*/snapshots/` whose name ends in `suffix`.
fn snapshot_files(root: &Path, suffix: &str) -> Vec<PathBuf> {
    let mut found = Vec::new();
    let Ok(problems) = fs::read_dir(root.join("fixtures")) else {
        return found;
    };
    for problem in problems.flatten() {
        let Ok(files) = fs::read_dir(problem.path().join("snapshots")) else {
            continue;
        };
        for file in files.flatten() {
            if file.file_name().to_string_lossy().ends_with(suffix) {
                found.push(file.path());
            }
        }
    }
    found.sort();
    found
}

/// The fixture a snapshot belongs to: `fixtures/<crate>/<case>.in` for
/// `fixtures/<crate>/snapshots/<case>.snap`.
fn fixture_of(snapshot: &Path) -> Option<PathBuf> {
    let case = snapshot.file_name()?.to_str()?.strip_suffix(".snap")?;
    let folder = snapshot.parent()?.parent()?;
    Some(folder.join(format!("{case}.in")))
}

/// Snapshots whose fixture no longer exists.
fn orphaned(root: &Path) -> Vec<PathBuf> {
    snapshot_files(root, ".snap")
        .into_iter()
        .filter(|snap| fixture_of(snap).is_some_and(|fixture| !fixture.exists()))
        .collect()
}

fn relative(path: &Path, root: &Path) -> String {
    path.strip_prefix(root)
        .unwrap_or(path)
        .display()
        .to_string()
}

/// Runs `cargo test --workspace` with the given insta mode; `accept` also
/// lets the fixture test write missing or changed `.out` files.
fn cargo_test(root: &Path, insta_update: &str, accept: bool, extra: &[String]) -> bool {
    // `--workspace` would make cargo ignore the packages named in `extra`.
    let names_packages = extra.iter().any(|a| {
        a == "-p"
            || a == "--package"
            || a.starts_with("--package=")
            || (a.starts_with("-p") && a.len() > 2)
    });
    let scope: &[&str] = if names_packages {
        &[]
    } else {
        &["--workspace"]
    };
    let mut command = Command::new(cargo());
    command
        .current_dir(root)
        .arg("test")
        .args(scope)
        .arg("--no-fail-fast")
        .args(extra)
        .env("INSTA_UPDATE", insta_update)
        .env_remove("INSTA_FORCE_PASS")
        .env_remove("CGT_ACCEPT_OUT");
    if accept {
        command
            .env("INSTA_FORCE_PASS", "1")
            .env("CGT_ACCEPT_OUT", "1");
    }
    let shown: Vec<&str> = scope
        .iter()
        .copied()
        .chain(extra.iter().map(String::as_str))
        .collect();
    eprintln!("xtask: cargo test {}", shown.join(" "));
    match command.status() {
        Ok(status) => status.success(),
        Err(e) => {
            eprintln!("xtask: cannot run cargo: {e}");
            false
        }
    }
}

fn remove_pending(root: &Path) {
    for pending in snapshot_files(root, ".snap.new") {
        let _ = fs::remove_file(pending);
    }
}

fn is_ci() -> bool {
    env::var_os("CI").is_some_and(|v| !v.is_empty() && v != "false" && v != "0")
}

/// `cargo xtask test [--accept] [-- <cargo test args>]`.
pub fn test(args: &[String]) -> Result<(), String> {
    let (ours, extra) = match args.iter().position(|a| a == "--") {
        Some(split) => (&args[..split], &args[split + 1..]),
        None => (args, &[][..]),
    };
    let mut accept = false;
    for arg in ours {
        match arg.as_str() {
            "--accept" => accept = true,
            other => return Err(format!("test: unknown option {other:?}")),
        }
    }
    let root = root();
    remove_pending(&root);
    if accept {
        return accept_all(&root, extra);
    }

    let orphans = orphaned(&root);
    // Pending files help `review`, but CI must leave the tree as it found it.
    let mode = if is_ci() { "no" } else { "new" };
    // The Rust test binaries run side by side (`crate::binaries`), and the
    // Python tests and the browser tests of `cgt explore`'s page beside
    // them: those are mostly processes waiting on children. Everything is
    // built first (the tests, the `cgt` binary, the Python module): cargo
    // holds its lock on the target folder while it runs anything.
    let mut failures = Vec::new();
    let mut passed = true;
    if extra.is_empty() {
        let binaries = crate::binaries::build(&root);
        if let Err(e) = &binaries {
            failures.push(e.clone());
        }
        let python = crate::python::prepare(&root, is_ci());
        let page_root = root.clone();
        let beside = std::thread::spawn(move || {
            let mut failed = Vec::new();
            match python {
                Ok(Some(tests)) => failed.extend(tests.run().err()),
                Ok(None) => {}
                Err(e) => failed.push(e),
            }
            failed.extend(crate::browser::test(&page_root, is_ci()).err());
            failed
        });
        if let Ok(binaries) = binaries {
            let jobs = std::thread::available_parallelism().map_or(2, |n| n.get());
            failures.extend(crate::binaries::run(&root, binaries, jobs, mode));
        }
        match beside.join() {
            Ok(failed) => failures.extend(failed),
            Err(_) => failures.push("the Python and browser tests' thread panicked".to_owned()),
        }
    } else {
        passed = cargo_test(&root, mode, false, extra);
    }

    let pending = snapshot_files(&root, ".snap.new");
    for snap in &pending {
        let accepted = snap.with_extension("");
        let kind = if accepted.exists() {
            "changed"
        } else {
            "missing"
        };
        failures.push(format!("{kind} snapshot: {}", relative(&accepted, &root)));
    }
    for orphan in &orphans {
        failures.push(format!(
            "orphaned snapshot (its fixture is gone): {}",
            relative(orphan, &root)
        ));
    }
    if !passed {
        failures.push("cargo test failed (see its output above)".to_owned());
    }
    if failures.is_empty() {
        eprintln!("xtask: all tests and snapshots pass");
        return Ok(());
    }
    let mut message = String::from("test failed:\n");
    for failure in failures {
        message.push_str(&format!("  {failure}\n"));
    }
    if !pending.is_empty() || !orphans.is_empty() {
        message.push_str(
            "  review with `cargo xtask review`, or accept all with `cargo xtask test --accept`",
        );
    }
    Err(message.trim_end().to_owned())
}

/// Turns a pending `.snap.new` into its `.snap`, without the
/// `assertion_line` header, which only changes when the test file moves.
fn accept(pending: &Path, root: &Path) -> Result<PathBuf, String> {
    let accepted = pending.with_extension("");
    let text = fs::read_to_string(pending)
        .map_err(|e| format!("cannot read {}: {e}", relative(pending, root)))?;
    let kept: String = text
        .split_inclusive('\n')
        .enumerate()
        .filter(|(i, line)| !(*i > 0 && line.starts_with("assertion_line:")))
        .map(|(_, line)| line)
        .collect();
    fs::write(&accepted, kept)
        .and_then(|()| fs::remove_file(pending))
        .map_err(|e| format!("cannot accept {}: {e}", relative(pending, root)))?;
    Ok(accepted)
}

fn accept_all(root: &Path, extra: &[String]) -> Result<(), String> {
    let passed = cargo_test(root, "new", true, extra);
    for pending in snapshot_files(root, ".snap.new") {
        let accepted = accept(&pending, root)?;
        eprintln!("xtask: accepted {}", relative(&accepted, root));
    }
    for orphan in orphaned(root) {
        fs::remove_file(&orphan)
            .map_err(|e| format!("cannot delete {}: {e}", relative(&orphan, root)))?;
        eprintln!("xtask: deleted orphaned {}", relative(&orphan, root));
    }
    if passed {
        Ok(())
    } else {
        Err("snapshots accepted, but other tests failed (see above)".to_owned())
    }
}

/// The snapshot's content without its metadata header.
fn body(text: &str) -> &str {
    text.strip_prefix("---\n")
        .and_then(|rest| rest.split_once("\n---\n"))
        .map_or(text, |(_, body)| body)
}

fn ask(question: &str, input: &mut impl BufRead) -> Option<char> {
    eprint!("{question} ");
    let _ = io::stderr().flush();
    let mut answer = String::new();
    match input.read_line(&mut answer) {
        Ok(0) | Err(_) => None,
        Ok(_) => answer.trim().chars().next().map(|c| c.to_ascii_lowercase()),
    }
}

/// `cargo xtask review`.
pub fn review(args: &[String]) -> Result<(), String> {
    if let Some(other) = args.first() {
        return Err(format!("review: unknown option {other:?}"));
    }
    let root = root();
    let pending = snapshot_files(&root, ".snap.new");
    let orphans = orphaned(&root);
    if pending.is_empty() && orphans.is_empty() {
        eprintln!(
            "xtask: nothing to review: no pending or orphaned snapshots \
             (`cargo xtask test` leaves changed ones pending)"
        );
        return Ok(());
    }
    let stdin = io::stdin();
    let mut input = stdin.lock();
    let (mut accepted, mut rejected, mut skipped) = (0, 0, 0);
    for snap in &pending {
        let target = snap.with_extension("");
        let new =
            fs::read_to_string(snap).map_err(|e| format!("cannot read {}: {e}", snap.display()))?;
        let old = fs::read_to_string(&target).unwrap_or_default();
        let title = if target.exists() { "changed" } else { "new" };
        eprintln!("\n=== {title}: {}", relative(&target, &root));
        let colour = io::stderr().is_terminal();
        eprint!("{}", diff::render_in(body(&old), body(&new), colour));
        match ask("[a]ccept, [r]eject, [s]kip?", &mut input) {
            Some('a') => {
                accept(snap, &root)?;
                accepted += 1;
            }
            Some('r') => {
                fs::remove_file(snap).map_err(|e| format!("cannot reject: {e}"))?;
                rejected += 1;
            }
            _ => skipped += 1,
        }
    }
    for orphan in &orphans {
        eprintln!(
            "\n=== orphaned (its fixture is gone): {}",
            relative(orphan, &root)
        );
        match ask("[d]elete, [k]eep?", &mut input) {
            Some('d') => {
                fs::remove_file(orphan).map_err(|e| format!("cannot delete: {e}"))?;
                rejected += 1;
            }
            _ => skipped += 1,
        }
    }
    eprintln!("\nxtask: {accepted} accepted, {rejected} rejected or deleted, {skipped} skipped");
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn snapshots_map_to_their_fixture() {
        let snap = Path::new("/w/fixtures/end-stones/snapshots/sample.snap");
        assert_eq!(
            fixture_of(snap),
            Some(PathBuf::from("/w/fixtures/end-stones/sample.in"))
        );
        assert_eq!(
            fixture_of(Path::new("/w/fixtures/x/snapshots/notes.txt")),
            None
        );
    }

    #[test]
    fn body_drops_the_header() {
        assert_eq!(body("---\nsource: x\n---\nhello\n"), "hello\n");
        assert_eq!(body("no header"), "no header");
    }
}
