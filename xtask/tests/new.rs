//! `cargo xtask new` on a scratch copy of the registry: a good name writes
//! the crate, the fixture with its snapshot, and exactly one line in each of
//! the two registry files; a bad name changes nothing and says why.
//! (`.ci/run` also builds and tests a crate made by `new` in a clean clone.)

use std::collections::BTreeMap;
use std::fs;
use std::path::{Path, PathBuf};
use std::process::{Command, Output};

const XTASK: &str = env!("CARGO_BIN_EXE_xtask");

fn scratch_root(name: &str) -> PathBuf {
    let root = std::env::temp_dir().join(format!("cgt-new-{}-{name}", std::process::id()));
    let _ = fs::remove_dir_all(&root);
    let real = xtask::workspace_root();
    fs::create_dir_all(root.join("xtask/src")).expect("scratch dirs");
    fs::create_dir_all(root.join("crates/lasker-nim")).expect("scratch dirs");
    fs::create_dir_all(root.join("fixtures/lasker-nim")).expect("scratch dirs");
    for file in ["xtask/src/problems.rs", "xtask/Cargo.toml"] {
        fs::copy(real.join(file), root.join(file)).expect("copy");
    }
    root
}

/// Every file below `root` with its contents.
fn tree(root: &Path) -> BTreeMap<PathBuf, Vec<u8>> {
    let mut files = BTreeMap::new();
    let mut folders = vec![root.to_path_buf()];
    while let Some(folder) = folders.pop() {
        for entry in fs::read_dir(&folder).expect("readable").flatten() {
            let path = entry.path();
            if path.is_symlink() {
                let target = fs::read_link(&path).expect("a link");
                let contents = target.to_string_lossy().as_bytes().to_vec();
                files.insert(
                    path.strip_prefix(root).expect("below").to_path_buf(),
                    contents,
                );
            } else if path.is_dir() {
                folders.push(path);
            } else {
                let contents = fs::read(&path).expect("readable");
                files.insert(
                    path.strip_prefix(root).expect("below").to_path_buf(),
                    contents,
                );
            }
        }
    }
    files
}

fn new(root: &Path, name: &str) -> Output {
    Command::new(XTASK)
        .args(["new", name])
        .env("CGT_XTASK_ROOT", root)
        .output()
        .expect("xtask runs")
}

fn added_lines(before: &[u8], after: &[u8]) -> Vec<String> {
    let before: Vec<&str> = std::str::from_utf8(before)
        .expect("utf-8")
        .lines()
        .collect();
    let after = std::str::from_utf8(after).expect("utf-8");
    let mut added: Vec<String> = after.lines().map(str::to_owned).collect();
    for line in before {
        let at = added
            .iter()
            .position(|l| l == line)
            .expect("no line removed");
        added.remove(at);
    }
    added
}

#[test]
fn a_new_problem_gets_its_files_and_two_registry_lines() {
    let root = scratch_root("good");
    // A name the real registry does not have yet (CI runs this suite again
    // after `cargo xtask new demo-game`).
    let registry = fs::read_to_string(root.join("xtask/src/problems.rs")).expect("readable");
    let (name, ident, type_name) = ["demo", "demo-two", "demo-three"]
        .into_iter()
        .map(|base| format!("{base}-game"))
        .map(|name| {
            let ident = name.replace('-', "_");
            let type_name: String = name
                .split('-')
                .map(|part| part[..1].to_uppercase() + &part[1..])
                .collect();
            (name, ident, type_name)
        })
        .find(|(_, ident, _)| !registry.contains(&format!("{ident}::")))
        .expect("a free name");
    let before = tree(&root);
    let out = new(&root, &name);
    assert!(out.status.success(), "{out:?}");
    let after = tree(&root);
    let krate = format!("crates/{name}");
    let fixtures = format!("fixtures/{name}");
    let files: Vec<String> = xtask::new::layout()
        .map(|file| format!("{krate}/{file}"))
        .collect();
    let samples = ["sample.in", "sample.out", "snapshots/sample.snap"]
        .map(|file| format!("{fixtures}/{file}"));
    for file in files.iter().chain(&samples) {
        let contents = after
            .get(Path::new(file))
            .unwrap_or_else(|| panic!("no {file}"));
        let text = String::from_utf8_lossy(contents);
        assert!(!text.contains("{{"), "{file} has an unfilled placeholder");
    }
    for license in ["LICENSE-MIT", "LICENSE-APACHE"] {
        let link = root.join(&krate).join(license);
        assert_eq!(
            fs::read_link(&link).expect("a link"),
            Path::new("../..").join(license)
        );
    }
    let lib = String::from_utf8_lossy(&after[Path::new(&format!("{krate}/src/problem.rs"))]);
    assert!(lib.contains(&format!("pub struct {type_name};")));
    assert!(lib.contains(&format!("\"{name}\"")));
    let registry = Path::new("xtask/src/problems.rs");
    let manifest = Path::new("xtask/Cargo.toml");
    assert_eq!(
        added_lines(&before[registry], &after[registry]),
        [format!("    entry::<{ident}::problem::{type_name}>(),")]
    );
    assert_eq!(
        added_lines(&before[manifest], &after[manifest]),
        [format!(
            "{name} = {{ path = \"../crates/{name}\", features = [\"testkit\"] }}"
        )]
    );
    let changed_outside: Vec<&PathBuf> = after
        .keys()
        .filter(|p| !p.starts_with(&krate) && !p.starts_with(&fixtures))
        .filter(|p| before.get(*p) != after.get(*p))
        .collect();
    assert_eq!(changed_outside, [manifest, registry]);
    // The same name again is refused.
    let again = new(&root, &name);
    assert_eq!(again.status.code(), Some(2), "{again:?}");
    assert_eq!(tree(&root), after);
    let _ = fs::remove_dir_all(&root);
}

#[test]
fn bad_names_change_nothing_and_say_why() {
    let root = scratch_root("bad");
    let before = tree(&root);
    for (name, reason) in [
        ("lasker-nim", "crates/lasker-nim already exists"),
        ("Demo", "not a valid problem crate name"),
        ("demo_game", "not a valid problem crate name"),
        ("2nim", "not a valid problem crate name"),
        ("xtask", "reserved"),
        ("cgt-core", "reserved"),
        ("type", "reserved"),
    ] {
        let out = new(&root, name);
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "{name}: {stderr}");
        assert!(stderr.contains(reason), "{name}: {stderr}");
        assert_eq!(stderr.lines().count(), 1, "{name}: {stderr}");
        assert_eq!(tree(&root), before, "{name} changed the tree");
    }
    let _ = fs::remove_dir_all(&root);
}

#[test]
fn review_with_nothing_pending_says_so_and_runs_nothing() {
    let root = scratch_root("review");
    fs::create_dir_all(root.join("fixtures/lasker-nim/snapshots")).expect("scratch dirs");
    fs::write(root.join("fixtures/lasker-nim/sample.in"), "1 1 1\n").expect("a fixture");
    fs::write(root.join("fixtures/lasker-nim/snapshots/sample.snap"), "x").expect("a snapshot");
    let out = Command::new(XTASK)
        .arg("review")
        .env("CGT_XTASK_ROOT", &root)
        .stdin(std::process::Stdio::null())
        .output()
        .expect("xtask runs");
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(out.status.success(), "{stderr}");
    assert!(stderr.contains("nothing to review"), "{stderr}");
    assert!(
        !stderr.contains("cargo test"),
        "review ran the tests: {stderr}"
    );
    let _ = fs::remove_dir_all(&root);
}

/// A pending snapshot's diff is coloured on a terminal, plain elsewhere;
/// with no answer on stdin the snapshot is skipped, not accepted.
#[cfg(target_os = "linux")]
#[test]
fn review_colours_its_diff_on_a_terminal_only() {
    let root = scratch_root("review-colour");
    let snapshots = root.join("fixtures/lasker-nim/snapshots");
    fs::create_dir_all(&snapshots).expect("scratch dirs");
    fs::write(root.join("fixtures/lasker-nim/sample.in"), "1 1 1\n").expect("a fixture");
    let header = "---\nsource: xtask\n---\n";
    fs::write(
        snapshots.join("sample.snap"),
        format!("{header}same\nAlice\n"),
    )
    .expect("old");
    fs::write(
        snapshots.join("sample.snap.new"),
        format!("{header}same\nBob\n"),
    )
    .expect("new");
    let review = || {
        let mut command = Command::new(XTASK);
        command.arg("review").env("CGT_XTASK_ROOT", &root);
        command
    };
    let plain = review()
        .stdin(std::process::Stdio::null())
        .output()
        .expect("xtask runs");
    let plain = String::from_utf8_lossy(&plain.stderr).into_owned();
    assert!(plain.contains("  same\n- Alice\n+ Bob\n"), "{plain}");
    let on_terminal = cgt_testkit::fixture::run_on_terminal(review());
    let shown = on_terminal.shown;
    assert_eq!(on_terminal.status, Some(0), "{shown}");
    assert!(
        shown.contains("  same\r\n\x1b[31m- Alice\x1b[0m\r\n\x1b[32m+ Bob\x1b[0m\r\n"),
        "{shown:?}"
    );
    assert!(
        shown.contains("0 accepted, 0 rejected or deleted, 1 skipped"),
        "{shown}"
    );
    assert!(snapshots.join("sample.snap.new").exists());
    let _ = fs::remove_dir_all(&root);
}
