//! Repository checks written as ordinary tests: the registry, the fixture
//! folders, the problem crates and xtask's dependencies agree.

use std::collections::BTreeSet;
use std::fs;
use xtask::problems::PROBLEMS;

fn folders(path: &std::path::Path) -> BTreeSet<String> {
    fs::read_dir(path)
        .expect("a readable folder")
        .flatten()
        .filter(|e| e.path().is_dir())
        .map(|e| e.file_name().to_string_lossy().into_owned())
        .collect()
}

#[test]
fn every_problem_crate_is_registered_and_every_registered_one_exists() {
    let root = xtask::workspace_root();
    let crates = folders(&root.join("crates"));
    let fixtures = folders(&root.join("fixtures"));
    // A problem crate is a crate with a fixture folder.
    for name in &fixtures {
        assert!(
            crates.contains(name),
            "fixtures/{name}/ has no crate crates/{name}/"
        );
    }
    let registered: BTreeSet<String> = PROBLEMS.iter().map(|p| p.name.to_owned()).collect();
    assert_eq!(
        registered.len(),
        PROBLEMS.len(),
        "a problem is registered twice"
    );
    for name in &fixtures {
        assert!(
            registered.contains(name),
            "crates/{name} has fixtures but is not in xtask/src/problems.rs"
        );
    }
    for name in &registered {
        assert!(
            fixtures.contains(name),
            "xtask/src/problems.rs lists {name}, which has no fixtures/{name}/"
        );
    }
    let manifest = fs::read_to_string(root.join("xtask/Cargo.toml")).expect("xtask's manifest");
    for name in &registered {
        assert!(
            manifest
                .lines()
                .any(|line| line.starts_with(&format!("{name} = "))),
            "xtask/Cargo.toml has no dependency line for {name}"
        );
    }
}

#[test]
fn every_problem_crate_follows_the_layout() {
    let root = xtask::workspace_root();
    for problem in PROBLEMS {
        let krate = root.join("crates").join(problem.name);
        for file in xtask::new::layout() {
            assert!(
                krate.join(file).is_file(),
                "crates/{}/{file} is missing (see CONTRIBUTING.md)",
                problem.name
            );
        }
        let suite = fs::read_to_string(krate.join("tests/suite.rs")).expect("readable");
        assert!(
            suite.contains("cgt_testkit::problem_suite!("),
            "crates/{}/tests/suite.rs does not run the generic suite",
            problem.name
        );
        let manifest = fs::read_to_string(krate.join("Cargo.toml")).expect("readable");
        assert!(
            manifest.contains(&format!(
                "{} = {{ path = \".\", features = [\"testkit\"] }}",
                problem.name
            )),
            "crates/{}/Cargo.toml lacks the dev-dependency on itself with the testkit feature, \
             without which its tests do not run",
            problem.name
        );
    }
}
