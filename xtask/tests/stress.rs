//! `cargo xtask stress` end to end: it passes the project's own solver,
//! catches and shrinks a wrong one, saves a case that reproduces the failure,
//! and shrinks the same way every time.

use std::fs;
use std::path::{Path, PathBuf};
use std::process::{Command, Output};

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
fn own_binary(name: &str) -> String {
    static BUILT: std::sync::Once = std::sync::Once::new();
    BUILT.call_once(|| {
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
    assert!(!out.status.success(), "{stderr}");
    assert!(stderr.contains("wrong answer"), "{stderr}");
    let input = fs::read_to_string(dir.join("lasker-nim-1.in")).expect("saved input");
    let expected = fs::read_to_string(dir.join("lasker-nim-1.out")).expect("saved output");
    // Shrunk: a size-small input has up to 10 cases of up to 50 heaps.
    assert!(input.split_whitespace().count() <= 5, "not shrunk: {input}");
    // The saved case reproduces the failure.
    let rerun = Command::new("sh")
        .args(["-c", "echo Alice"])
        .output()
        .expect("sh runs");
    assert_ne!(
        text(&rerun.stdout).trim_end(),
        expected.trim_end(),
        "{input}"
    );
    // And its expected output is the reference answer.
    let reference = Command::new(XTASK)
        .args(["solve", "lasker-nim"])
        .stdin(fs::File::open(dir.join("lasker-nim-1.in")).expect("open"))
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
    assert!(text(&unknown.stderr).contains("known: card-piles, coin-game, end-stones, lasker-nim"));
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
