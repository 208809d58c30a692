//! The checks behind the workspace's fixture test: every `.in` of a problem
//! has its `.out`, the reference solver's output equals it byte for byte,
//! the exhaustive search agrees where the input is within its bound, and
//! generated fixtures are what their generator makes. (The snapshots are
//! taken by `xtask/tests/fixtures.rs`.)

use cgt_testkit::Entry;
use std::fs;
use std::path::{Path, PathBuf};

/// One fixture whose output is known good: what the snapshot shows.
#[derive(Debug)]
pub struct Checked {
    /// The `.in` file.
    pub path: PathBuf,
    /// Its contents.
    pub input: Vec<u8>,
    /// The reference solver's output, equal to the `.out` file.
    pub output: Vec<u8>,
    /// The `.out` file's name.
    pub out_name: String,
}

/// The `.in` files of a folder, sorted.
pub fn inputs(dir: &Path) -> Vec<PathBuf> {
    let mut found: Vec<PathBuf> = fs::read_dir(dir)
        .map(|entries| {
            entries
                .flatten()
                .map(|e| e.path())
                .filter(|p| p.extension().is_some_and(|e| e == "in"))
                .collect()
        })
        .unwrap_or_default();
    found.sort();
    found
}

fn head(bytes: &[u8]) -> String {
    let text = String::from_utf8_lossy(bytes);
    let lines: Vec<&str> = text.lines().take(10).collect();
    lines.join("\n")
}

/// Checks the fixtures of `problem` in `root/fixtures/<name>/`: returns the
/// fixtures that pass, and one message per failure. With `accept_out`, a
/// missing or different `.out` is written from the reference solver instead
/// of failing.
pub fn check(root: &Path, problem: &Entry, accept_out: bool) -> (Vec<Checked>, Vec<String>) {
    let dir = root.join("fixtures").join(problem.name);
    let mut checked = Vec::new();
    let mut failures = Vec::new();
    let inputs = inputs(&dir);
    if inputs.is_empty() {
        failures.push(format!("fixtures/{}/ has no .in file", problem.name));
    }
    for path in inputs {
        let shown = path
            .strip_prefix(root)
            .unwrap_or(&path)
            .display()
            .to_string();
        let input = match fs::read(&path) {
            Ok(input) => input,
            Err(e) => {
                failures.push(format!("{shown}: cannot read it: {e}"));
                continue;
            }
        };
        let mut output = Vec::new();
        if let Err(e) = (problem.solve)(&input, &mut output) {
            failures.push(format!("{shown}: the solver rejects it: {e}"));
            continue;
        }
        let mut searched = Vec::new();
        if (problem.brute)(&input, &mut searched).is_ok() && searched != output {
            failures.push(format!(
                "{shown}: the solver and the exhaustive search disagree:\n{}\n--- search:\n{}",
                head(&output),
                head(&searched)
            ));
            continue;
        }
        let out_path = path.with_extension("out");
        let out_name = out_path
            .file_name()
            .map(|n| n.to_string_lossy().into_owned())
            .unwrap_or_default();
        match fs::read(&out_path) {
            Ok(expected) if expected == output => {}
            _ if accept_out => {
                if let Err(e) = fs::write(&out_path, &output) {
                    failures.push(format!("{shown}: cannot write {out_name}: {e}"));
                    continue;
                }
                eprintln!("xtask: wrote {}", out_path.display());
            }
            Ok(expected) => {
                failures.push(format!(
                    "{shown}: the output differs from {out_name} (accept the solver's with \
                     `cargo xtask test --accept`)\n--- {out_name}:\n{}\n--- solver:\n{}",
                    head(&expected),
                    head(&output)
                ));
                continue;
            }
            Err(_) => {
                failures.push(format!(
                    "{shown} has no {out_name}; `cargo xtask test --accept` writes it from \
                     the reference solver"
                ));
                continue;
            }
        }
        checked.push(Checked {
            path,
            input,
            output,
            out_name,
        });
    }
    for &(file, seed, size) in problem.generated_fixtures {
        let regenerate = format!(
            "cargo xtask gen {} --seed {seed} --size {size} > fixtures/{}/{file}",
            problem.name, problem.name
        );
        match fs::read_to_string(dir.join(file)) {
            Ok(text) if text == (problem.generate)(seed, size) => {}
            Ok(_) => failures.push(format!(
                "fixtures/{}/{file} is not what its generator makes; regenerate it with \
                 `{regenerate}`",
                problem.name
            )),
            Err(e) => failures.push(format!(
                "cannot read fixtures/{}/{file} ({e}); create it with `{regenerate}`",
                problem.name
            )),
        }
    }
    (checked, failures)
}
