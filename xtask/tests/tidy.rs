//! Repository checks written as ordinary tests: the registry, the fixture
//! folders, the problem crates and xtask's dependencies agree, and every
//! module of the workspace's own crates is on its maps (its parent's `//!`
//! doc and README.md's Layout).

use std::collections::BTreeSet;
use std::fs;
use std::path::{Path, PathBuf};
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

/// Every `mod` of the crates under `crates/` is named in its parent file's
/// `//!` doc and in README.md's Layout, as rust-analyzer's tidy tests keep
/// its architecture notes whole. The problem crates are left out: their
/// files are the ones `cargo xtask new` writes (CONTRIBUTING.md), and the
/// Layout names them as one line, `crates/<problem>/`.
#[test]
fn every_module_is_named_in_its_parents_doc_and_in_the_layout() {
    let root = xtask::workspace_root();
    let problems: BTreeSet<&str> = PROBLEMS.iter().map(|p| p.name).collect();
    let crates: Vec<String> = folders(&root.join("crates"))
        .into_iter()
        .filter(|name| !problems.contains(name.as_str()))
        .filter(|name| root.join("crates").join(name).join("Cargo.toml").is_file())
        .collect();
    let missing = unnamed_modules(&root, &crates);
    assert!(
        missing.is_empty(),
        "modules missing from their maps (name each in its parent's `//!` doc, in backticks, \
         and in README.md's Layout, in the entry that covers its folder):\n{}",
        missing.join("\n")
    );
}

/// The check itself, on a small tree of its own: it names the module, the
/// file whose doc lacks it and the Layout entry that lacks it, and it skips
/// test modules and modules written inside macros.
#[test]
fn the_module_check_says_which_module_and_which_doc() {
    let root = std::env::temp_dir().join(format!("cgt-tidy-{}", std::process::id()));
    let src = root.join("crates/demo/src");
    fs::create_dir_all(src.join("shapes")).expect("a temporary folder");
    let write = |path: &str, text: &str| fs::write(root.join(path), text).expect("writable");
    write(
        "README.md",
        "# demo\n\n## Layout\n\n```text\ncrates/demo/    the demo: shapes\n                \
         and more\ncrates/demo/src/shapes/  squares\n```\n",
    );
    write(
        "crates/demo/src/lib.rs",
        "//! Demo: [`shapes`] and `colours`.\n\npub mod shapes;\nmod colours;\nmod sounds;\n\
         #[cfg(test)]\nmod tests;\n",
    );
    write(
        "crates/demo/src/shapes/mod.rs",
        "//! Shapes: `squares`.\n\nmod squares;\n/// Why.\npub(crate) mod circles {\n}\n\
         macro_rules! m {\n    () => {\n        mod inside {}\n    };\n}\n",
    );
    write("crates/demo/src/shapes/squares.rs", "//! Squares.\n");
    let missing = unnamed_modules(&root, &["demo".to_owned()]);
    fs::remove_dir_all(&root).expect("removable");
    assert_eq!(
        missing,
        [
            "crates/demo/src/lib.rs:4: module `colours` is not named in README.md's Layout, \
             in the entry `crates/demo/`",
            "crates/demo/src/lib.rs:5: module `sounds` is not named in the `//!` doc of \
             crates/demo/src/lib.rs",
            "crates/demo/src/lib.rs:5: module `sounds` is not named in README.md's Layout, \
             in the entry `crates/demo/`",
            "crates/demo/src/shapes/mod.rs:5: module `shapes::circles` is not named in the \
             `//!` doc of crates/demo/src/shapes/mod.rs",
            "crates/demo/src/shapes/mod.rs:5: module `shapes::circles` is not named in \
             README.md's Layout, in the entry `crates/demo/src/shapes/`",
        ]
    );
}

/// One line for each module of `crates` (folder names under
/// `root/crates/`) missing from its parent's `//!` doc or from the entry of
/// README.md's Layout that covers its parent's folder.
fn unnamed_modules(root: &Path, crates: &[String]) -> Vec<String> {
    let readme = fs::read_to_string(root.join("README.md")).expect("README.md");
    let layout = layout_entries(&readme);
    let mut missing = Vec::new();
    for name in crates {
        let src = root.join("crates").join(name).join("src");
        for file in rust_files(&src) {
            let text = fs::read_to_string(&file).expect("a readable source file");
            let relative = file
                .strip_prefix(root)
                .expect("under the root")
                .to_string_lossy()
                .replace('\\', "/");
            let folder = module_folder(&relative);
            // The module path of the parent, for the messages.
            let prefix = folder
                .strip_prefix(&format!("crates/{name}/src/"))
                .unwrap_or("")
                .replace('/', "::");
            let doc: String = text
                .lines()
                .filter_map(|line| line.strip_prefix("//!"))
                .collect::<Vec<_>>()
                .join("\n");
            let entry = layout
                .iter()
                .filter(|(path, _)| folder.starts_with(path.as_str()))
                .max_by_key(|(path, _)| path.len());
            for (line, module) in declared_modules(&text) {
                let named = format!("{prefix}{module}");
                if !doc_names(&doc, &module) {
                    missing.push(format!(
                        "{relative}:{line}: module `{named}` is not named in the `//!` doc of \
                         {relative}"
                    ));
                }
                match entry {
                    None => missing.push(format!(
                        "{relative}:{line}: module `{named}`: README.md's Layout has no entry \
                         for crates/{name}/"
                    )),
                    Some((path, words)) if !has_word(words, &module) => missing.push(format!(
                        "{relative}:{line}: module `{named}` is not named in README.md's \
                         Layout, in the entry `{path}`"
                    )),
                    Some(_) => {}
                }
            }
        }
    }
    missing
}

/// Every `.rs` file under `folder`, in a fixed order.
fn rust_files(folder: &Path) -> Vec<PathBuf> {
    let mut files = Vec::new();
    let mut folders = vec![folder.to_path_buf()];
    while let Some(folder) = folders.pop() {
        let Ok(entries) = fs::read_dir(&folder) else {
            continue;
        };
        for entry in entries.flatten() {
            let path = entry.path();
            if path.is_dir() {
                folders.push(path);
            } else if path.extension().is_some_and(|e| e == "rs") {
                files.push(path);
            }
        }
    }
    files.sort();
    files
}

/// The folder a file's modules live in, relative to the root:
/// `src/canonical/` for `src/canonical/mod.rs` and for `src/canonical.rs`,
/// `src/` for `src/lib.rs` and `src/main.rs`.
fn module_folder(file: &str) -> String {
    let (folder, name) = file.rsplit_once('/').unwrap_or(("", file));
    match name {
        "lib.rs" | "main.rs" | "mod.rs" => format!("{folder}/"),
        _ => format!("{folder}/{}/", name.trim_end_matches(".rs")),
    }
}

/// The modules a file declares at its top level (`mod a;`, `pub mod b {`,
/// `pub(crate) mod c;`), with their line numbers (from 1), leaving out
/// those under `#[cfg(test)]`. Declarations that are indented (inside a
/// macro, a function or another block) are not the file's own.
fn declared_modules(text: &str) -> Vec<(usize, String)> {
    let mut modules = Vec::new();
    let mut test_only = false;
    for (i, line) in text.lines().enumerate() {
        if line.starts_with("#[") {
            test_only |= line.contains("cfg(test)");
            continue;
        }
        if line.starts_with("///") {
            continue;
        }
        let rest = line
            .strip_prefix("pub ")
            .or_else(|| {
                line.strip_prefix("pub(")
                    .and_then(|r| r.split_once(") ").map(|(_, r)| r))
            })
            .unwrap_or(line);
        if let Some(rest) = rest.strip_prefix("mod ") {
            let name: String = rest
                .chars()
                .take_while(|c| c.is_alphanumeric() || *c == '_')
                .collect();
            if !name.is_empty() && !test_only {
                modules.push((i + 1, name));
            }
        }
        test_only = false;
    }
    modules
}

/// Whether a doc names `module` in backticks: `module`, `module::Item`, or
/// a path to its file (`src/module.rs`, `module/`).
fn doc_names(doc: &str, module: &str) -> bool {
    doc.split('`').skip(1).step_by(2).any(|span| {
        span == module
            || span.starts_with(&format!("{module}::"))
            || span == format!("{module}.rs")
            || span.ends_with(&format!("/{module}.rs"))
            || span.ends_with(&format!("/{module}/"))
    })
}

/// The entries of README.md's Layout: each path at the start of a line in
/// the `text` block after `## Layout`, with its words (the rest of its line
/// and the indented lines after it).
fn layout_entries(readme: &str) -> Vec<(String, String)> {
    let mut entries: Vec<(String, String)> = Vec::new();
    let Some((_, section)) = readme.split_once("\n## Layout") else {
        return entries;
    };
    let Some((_, block)) = section.split_once("```text\n") else {
        return entries;
    };
    let block = block.split("\n```").next().unwrap_or("");
    for line in block.lines() {
        if line.starts_with(char::is_whitespace) {
            if let Some((_, words)) = entries.last_mut() {
                words.push('\n');
                words.push_str(line);
            }
        } else if let Some((path, words)) = line.split_once(char::is_whitespace) {
            entries.push((path.to_owned(), words.to_owned()));
        } else {
            entries.push((line.to_owned(), String::new()));
        }
    }
    entries
}

/// Whether `word` stands in `text` on its own: not inside a longer name
/// (letters, digits, `_` and `-` around it).
fn has_word(text: &str, word: &str) -> bool {
    let part = |c: char| c.is_alphanumeric() || c == '_' || c == '-';
    text.match_indices(word).any(|(at, _)| {
        !text[..at].chars().next_back().is_some_and(part)
            && !text[at + word.len()..].chars().next().is_some_and(part)
    })
}
