//! Every problem's fixtures: `fixtures/<name>/<case>.in` with its expected
//! output `<case>.out` (checked by [`xtask::fixtures::check`]), and an insta
//! snapshot of the run in `fixtures/<name>/snapshots/<case>.snap`.
//! `cargo xtask test --accept` sets `CGT_ACCEPT_OUT=1`, which writes missing
//! or changed `.out` files from the reference solver instead of failing.

use cgt_testkit::fixture::snapshot_text;
use std::fs;
use std::panic::{AssertUnwindSafe, catch_unwind};
use xtask::fixtures::check;
use xtask::problems::PROBLEMS;

#[test]
fn fixtures_match_their_outputs_snapshots_and_generators() {
    let root = xtask::workspace_root();
    let accept_out = std::env::var_os("CGT_ACCEPT_OUT").is_some_and(|v| v == "1");
    let mut failures = Vec::new();
    for problem in PROBLEMS {
        let (checked, problems) = check(&root, problem, accept_out);
        failures.extend(problems);
        let dir = root.join("fixtures").join(problem.name);
        for fixture in checked {
            let text = snapshot_text(&fixture.input, &fixture.output, Some(&fixture.out_name));
            let case = fixture
                .path
                .file_stem()
                .map(|s| s.to_string_lossy().into_owned())
                .unwrap_or_default();
            let mut settings = insta::Settings::clone_current();
            settings.set_snapshot_path(dir.join("snapshots"));
            settings.set_prepend_module_to_snapshot(false);
            settings.set_omit_expression(true);
            settings.set_input_file(&fixture.path);
            let snapshot = catch_unwind(AssertUnwindSafe(|| {
                settings.bind(|| insta::assert_snapshot!(case.as_str(), text));
            }));
            if snapshot.is_err() {
                failures.push(format!(
                    "fixtures/{}/{case}.in: its snapshot fixtures/{}/snapshots/{case}.snap is \
                     missing or changed (review with `cargo xtask review`)",
                    problem.name, problem.name
                ));
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

/// A scratch copy of lasker-nim's fixture folder with one fixture, `case`.
fn scratch(name: &str, input: &str, out: Option<&str>) -> std::path::PathBuf {
    let root = std::env::temp_dir().join(format!("cgt-fixtures-{}-{name}", std::process::id()));
    let _ = fs::remove_dir_all(&root);
    let dir = root.join("fixtures/lasker-nim");
    fs::create_dir_all(&dir).expect("scratch dirs");
    fs::write(dir.join("case.in"), input).expect("an input");
    if let Some(out) = out {
        fs::write(dir.join("case.out"), out).expect("an output");
    }
    root
}

fn lasker() -> &'static cgt_testkit::Entry {
    xtask::problems::find("lasker-nim").expect("registered")
}

#[test]
fn a_missing_or_stale_out_fails_and_accept_writes_it() {
    // The generated `large.in` is absent from the scratch folder: ignore
    // that failure, look at the case's.
    let about_case = |failures: Vec<String>| -> Vec<String> {
        failures
            .into_iter()
            .filter(|f| f.contains("case."))
            .collect()
    };
    let root = scratch("missing", "1\n2\n3 3\n", None);
    let (checked, failures) = check(&root, lasker(), false);
    assert!(checked.is_empty());
    assert_eq!(about_case(failures).len(), 1);
    let (checked, failures) = check(&root, lasker(), true);
    assert_eq!(checked.len(), 1);
    assert!(about_case(failures).is_empty());
    let written = fs::read_to_string(root.join("fixtures/lasker-nim/case.out")).expect("written");
    assert_eq!(written, "Bob\n");
    let _ = fs::remove_dir_all(&root);

    let root = scratch("stale", "1\n2\n3 3\n", Some("Alice\n"));
    let (checked, failures) = check(&root, lasker(), false);
    assert!(checked.is_empty());
    let failures = about_case(failures);
    assert!(
        failures[0].contains("differs from case.out"),
        "{failures:?}"
    );
    let _ = fs::remove_dir_all(&root);
}
