//! The Python package's tests (`crates/cgt-py/tests`), run by
//! `cargo xtask test` after the Rust ones.
//!
//! A virtual environment in the target directory (`py-venv`) gets maturin,
//! pytest, hypothesis, anywidget (for the notebook widget's tests) and
//! Dask's `distributed` (for `cgt.census` on a real `LocalCluster`) from
//! PyPI once; then every run builds the module
//! into it (`maturin develop --release`: incremental, and as fast as users
//! get it) and runs pytest. Without a Python 3
//! the tests are skipped with a line that says so, except in CI, where
//! that is a failure.

use std::env;
use std::fs;
use std::path::{Path, PathBuf};
use std::process::Command;

/// What the environment needs, as pip reads it; a change reinstalls.
const REQUIREMENTS: &[&str] = &[
    "maturin>=1.7,<2",
    "pytest>=7",
    "hypothesis>=6",
    // The notebook widget's tests (test_widget.py): cgt.explore is an anywidget.
    "anywidget>=0.9",
    "distributed>=2023.1",
];

fn target_dir(root: &Path) -> PathBuf {
    env::var_os("CARGO_TARGET_DIR").map_or_else(|| root.join("target"), PathBuf::from)
}

fn run(command: &mut Command, what: &str) -> Result<(), String> {
    match command.status() {
        Ok(status) if status.success() => Ok(()),
        Ok(status) => Err(format!("{what} failed ({status})")),
        Err(e) => Err(format!("cannot run {what}: {e}")),
    }
}

/// A Python 3 on the PATH (`PYTHON` names another).
fn python() -> Option<String> {
    let candidates = env::var("PYTHON")
        .map(|p| vec![p])
        .unwrap_or_else(|_| vec!["python3".to_owned(), "python".to_owned()]);
    candidates.into_iter().find(|p| {
        Command::new(p)
            .args([
                "-c",
                "import sys, venv; sys.exit(sys.version_info < (3, 9))",
            ])
            .output()
            .is_ok_and(|o| o.status.success())
    })
}

/// The Python tests, their module built and ready to run.
pub struct Prepared {
    root: PathBuf,
    bin: PathBuf,
    tests: PathBuf,
    cli: PathBuf,
}

/// Makes the virtual environment, installs what the tests need and builds
/// the module (`maturin develop`): `Ok(None)` when the tests are skipped
/// (no Python 3 outside CI, or no Python crate in this tree).
pub fn prepare(root: &Path, ci: bool) -> Result<Option<Prepared>, String> {
    let package = root.join("crates/cgt-py");
    if !package.join("pyproject.toml").exists() {
        return Ok(None);
    }
    // CI tests the package once, at the top of the tree; the clean clone
    // it makes for `cargo xtask new` says so rather than build it again.
    if env::var("CGT_PYTHON_TESTS").as_deref() == Ok("skip") {
        eprintln!("xtask: SKIPPED the Python tests (CGT_PYTHON_TESTS=skip)");
        return Ok(None);
    }
    let Some(python) = python() else {
        if ci {
            return Err("no Python 3.9+ on PATH: CI runs the Python tests".to_owned());
        }
        eprintln!(
            "xtask: SKIPPED the Python tests (crates/cgt-py/tests): no Python 3.9+ on PATH \
             (set PYTHON to use another)"
        );
        return Ok(None);
    };
    let target = target_dir(root);
    let venv = target.join("py-venv");
    let bin = venv.join("bin");
    if !bin.join("python").exists() {
        eprintln!("xtask: making {}", venv.display());
        run(
            Command::new(&python).arg("-m").arg("venv").arg(&venv),
            "python3 -m venv",
        )?;
    }
    let marker = venv.join("cgt-requirements.txt");
    let wanted = REQUIREMENTS.join("\n");
    if fs::read_to_string(&marker).ok().as_deref() != Some(wanted.as_str()) {
        eprintln!("xtask: installing {} from PyPI", REQUIREMENTS.join(", "));
        run(
            Command::new(bin.join("python"))
                .args([
                    "-m",
                    "pip",
                    "install",
                    "--quiet",
                    "--disable-pip-version-check",
                ])
                .args(REQUIREMENTS),
            "pip install",
        )?;
        fs::write(&marker, &wanted)
            .map_err(|e| format!("cannot write {}: {e}", marker.display()))?;
    }
    eprintln!("xtask: maturin develop (crates/cgt-py)");
    run(
        Command::new(bin.join("maturin"))
            .current_dir(root)
            .args(["develop", "--quiet", "--release", "-m"])
            .arg(package.join("Cargo.toml"))
            .env("VIRTUAL_ENV", &venv),
        "maturin develop",
    )?;
    Ok(Some(Prepared {
        root: root.to_owned(),
        bin,
        tests: package.join("tests"),
        cli: target.join("debug").join("cgt"),
    }))
}

impl Prepared {
    /// Runs pytest; its output is shown when it ends, so that it does not
    /// mix with the Rust tests' that run beside it.
    pub fn run(self) -> Result<(), String> {
        eprintln!("xtask: pytest (crates/cgt-py/tests), beside the Rust tests");
        let output = Command::new(self.bin.join("python"))
            .current_dir(&self.root)
            .args(["-m", "pytest", "-q", "-p", "no:cacheprovider"])
            .arg(&self.tests)
            .env("CGT_BIN", &self.cli)
            .output()
            .map_err(|e| format!("cannot run pytest: {e}"))?;
        eprintln!("xtask: pytest (crates/cgt-py/tests):");
        eprint!("{}", String::from_utf8_lossy(&output.stdout));
        eprint!("{}", String::from_utf8_lossy(&output.stderr));
        if output.status.success() {
            Ok(())
        } else {
            Err(format!(
                "pytest (crates/cgt-py/tests) failed ({})",
                output.status
            ))
        }
    }
}
