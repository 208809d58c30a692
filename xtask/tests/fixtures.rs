//! Every problem's fixtures: `fixtures/<name>/<case>.in` with its expected
//! output `<case>.out`, and an insta snapshot of the run in
//! `fixtures/<name>/snapshots/<case>.snap`.
//!
//! For each fixture the reference solver's output must equal the `.out`
//! byte for byte, and where the input is within the exhaustive search's
//! bound the search must agree. Fixtures a problem lists as generated must
//! be exactly what its generator makes. `cargo xtask test --accept` sets
//! `CGT_ACCEPT_OUT=1`, which writes missing or changed `.out` files from the
//! reference solver instead of failing.

use cgt_testkit::fixture::snapshot_text;
use std::fs;
use std::panic::{AssertUnwindSafe, catch_unwind};
use std::path::{Path, PathBuf};
use xtask::problems::PROBLEMS;

fn inputs(dir: &Path) -> Vec<PathBuf> {
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

#[test]
fn fixtures_match_their_outputs_snapshots_and_generators() {
    let root = xtask::workspace_root();
    let accept_out = std::env::var_os("CGT_ACCEPT_OUT").is_some_and(|v| v == "1");
    let mut failures = Vec::new();
    for problem in PROBLEMS {
        let dir = root.join("fixtures").join(problem.name);
        let inputs = inputs(&dir);
        if inputs.is_empty() {
            failures.push(format!("fixtures/{}/ has no .in file", problem.name));
        }
        for path in inputs {
            let shown = path
                .strip_prefix(&root)
                .unwrap_or(&path)
                .display()
                .to_string();
            let input = fs::read(&path).expect("a readable fixture");
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
                    fs::write(&out_path, &output).expect("can write the .out");
                    eprintln!("wrote {}", out_path.display());
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
            let text = snapshot_text(&input, &output, Some(&out_name));
            let case = path
                .file_stem()
                .map(|s| s.to_string_lossy().into_owned())
                .unwrap_or_default();
            let mut settings = insta::Settings::clone_current();
            settings.set_snapshot_path(dir.join("snapshots"));
            settings.set_prepend_module_to_snapshot(false);
            settings.set_omit_expression(true);
            settings.set_input_file(&path);
            let snapshot = catch_unwind(AssertUnwindSafe(|| {
                settings.bind(|| insta::assert_snapshot!(case.as_str(), text));
            }));
            if snapshot.is_err() {
                failures.push(format!(
                    "{shown}: its snapshot fixtures/{}/snapshots/{case}.snap is missing or changed",
                    problem.name
                ));
            }
        }
        for &(file, seed, size) in problem.generated_fixtures {
            let path = dir.join(file);
            let regenerate = format!(
                "cargo xtask gen {} --seed {seed} --size {size} > fixtures/{}/{file}",
                problem.name, problem.name
            );
            match fs::read_to_string(&path) {
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
    }
    assert!(
        failures.is_empty(),
        "{} fixture failures:\n{}",
        failures.len(),
        failures.join("\n")
    );
}
