//! `cargo xtask new <name>`: a complete problem crate in the house style, as
//! a working example (a take-away game) that the user then edits.
//!
//! It writes `crates/<name>/` and `fixtures/<name>/` (a sample with its
//! `.out` and accepted snapshot), and adds one line to the registry
//! (`xtask/src/problems.rs`) and one dependency line to `xtask/Cargo.toml`.
//! A bad name changes nothing.

use crate::root;
use cgt_testkit::fixture::snapshot_text;
use std::fs;
use std::path::{Path, PathBuf};

/// The template files, by path inside the new crate.
const TEMPLATE: &[(&str, &str)] = &[
    (
        "Cargo.toml",
        include_str!("../templates/problem/Cargo.toml"),
    ),
    ("README.md", include_str!("../templates/problem/README.md")),
    (
        "src/lib.rs",
        include_str!("../templates/problem/src/lib.rs"),
    ),
    (
        "src/main.rs",
        include_str!("../templates/problem/src/main.rs"),
    ),
    (
        "src/brute.rs",
        include_str!("../templates/problem/src/brute.rs"),
    ),
    (
        "src/problem.rs",
        include_str!("../templates/problem/src/problem.rs"),
    ),
    (
        "tests/suite.rs",
        include_str!("../templates/problem/tests/suite.rs"),
    ),
    (
        "tests/exhaustive.rs",
        include_str!("../templates/problem/tests/exhaustive.rs"),
    ),
    (
        "tests/cli.rs",
        include_str!("../templates/problem/tests/cli.rs"),
    ),
    (
        "benches/judge.rs",
        include_str!("../templates/problem/benches/judge.rs"),
    ),
];
/// The files every problem crate has, as CONTRIBUTING.md lists them: the
/// ones `new` writes.
pub fn layout() -> impl Iterator<Item = &'static str> {
    TEMPLATE.iter().map(|&(path, _)| path)
}

const SAMPLE_IN: &str = include_str!("../templates/problem/sample.in");
const SAMPLE_OUT: &str = include_str!("../templates/problem/sample.out");

/// Names a new crate may not take, though they are valid crate names.
const RESERVED: &[&str] = &[
    "xtask",
    "cgt",
    "core",
    "std",
    "alloc",
    "test",
    "proc-macro",
    "proc_macro",
    "self",
    "super",
    "crate",
    "build",
];

/// Rust keywords, which cannot be the crate's identifier.
const KEYWORDS: &[&str] = &[
    "as", "async", "await", "break", "const", "continue", "dyn", "else", "enum", "extern", "false",
    "fn", "for", "gen", "if", "impl", "in", "let", "loop", "match", "mod", "move", "mut", "pub",
    "ref", "return", "static", "struct", "trait", "true", "type", "unsafe", "use", "where",
    "while", "abstract", "become", "box", "do", "final", "macro", "override", "priv", "try",
    "typeof", "unsized", "virtual", "yield",
];

/// Why `name` cannot be a new problem crate's name, if it cannot.
fn name_problem(name: &str) -> Option<String> {
    let valid = name
        .chars()
        .all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '-')
        && name.starts_with(|c: char| c.is_ascii_lowercase())
        && !name.ends_with('-')
        && !name.contains("--");
    if !valid {
        return Some(format!(
            "{name:?} is not a valid problem crate name: expected lowercase ASCII letters, \
             digits and single hyphens, starting with a letter (like `demo-game`)"
        ));
    }
    if name.len() > 64 {
        return Some(format!("{name:?} is too long: at most 64 characters"));
    }
    let ident = name.replace('-', "_");
    if RESERVED.contains(&name) || KEYWORDS.contains(&ident.as_str()) || name.starts_with("cgt-") {
        return Some(format!("{name:?} is a reserved name; pick another"));
    }
    None
}

/// `demo-game` → `DemoGame`.
fn type_name(name: &str) -> String {
    name.split('-')
        .map(|part| {
            let mut chars = part.chars();
            chars
                .next()
                .map(|first| first.to_ascii_uppercase().to_string() + chars.as_str())
                .unwrap_or_default()
        })
        .collect()
}

fn fill(template: &str, name: &str) -> String {
    template
        .replace("{{name}}", name)
        .replace("{{ident}}", &name.replace('-', "_"))
        .replace("{{Type}}", &type_name(name))
}

/// `text` with `line` inserted in alphabetical order among the lines
/// between the first line starting with `after` and the next line equal to
/// `end`, if it is not there yet.
fn insert_sorted(text: &str, after: &str, end: &str, line: &str) -> Result<String, String> {
    let lines: Vec<&str> = text.lines().collect();
    let start = lines
        .iter()
        .position(|l| l.starts_with(after))
        .ok_or_else(|| format!("cannot find `{after}`"))?;
    let stop = lines[start + 1..]
        .iter()
        .position(|l| *l == end)
        .map(|i| start + 1 + i)
        .ok_or_else(|| format!("cannot find `{end}` after `{after}`"))?;
    if lines[start + 1..stop].contains(&line) {
        return Err(format!("`{}` is already there", line.trim()));
    }
    // Keep the block's order: before the first line that sorts after it,
    // among lines of the same shape (indented entries, or `name = ` lines).
    let at = (start + 1..stop)
        .find(|&i| {
            let other = lines[i];
            other
                .trim_start()
                .chars()
                .next()
                .is_some_and(|c| c.is_ascii_alphabetic())
                && other.trim() > line.trim()
                && !other.trim_start().starts_with("cgt-")
        })
        .unwrap_or(stop);
    let mut out: Vec<&str> = lines[..at].to_vec();
    out.push(line);
    out.extend_from_slice(&lines[at..]);
    let mut joined = out.join("\n");
    if text.ends_with('\n') {
        joined.push('\n');
    }
    Ok(joined)
}

/// What `new` will write: new files, and the two edited files.
struct Plan {
    files: Vec<(PathBuf, String)>,
    registry: (PathBuf, String),
    manifest: (PathBuf, String),
}

fn plan(root: &Path, name: &str) -> Result<Plan, String> {
    if let Some(problem) = name_problem(name) {
        return Err(problem);
    }
    let krate = root.join("crates").join(name);
    let fixtures = root.join("fixtures").join(name);
    for existing in [&krate, &fixtures] {
        if existing.exists() {
            return Err(format!(
                "{} already exists; pick another name",
                existing.strip_prefix(root).unwrap_or(existing).display()
            ));
        }
    }
    let ident = name.replace('-', "_");
    let registry_path = root.join("xtask/src/problems.rs");
    let registry = fs::read_to_string(&registry_path)
        .map_err(|e| format!("cannot read {}: {e}", registry_path.display()))?;
    let entry = format!("    entry::<{ident}::problem::{}>(),", type_name(name));
    let registry = insert_sorted(&registry, "pub const PROBLEMS", "];", &entry)
        .map_err(|e| format!("xtask/src/problems.rs: {e}"))?;
    let manifest_path = root.join("xtask/Cargo.toml");
    let manifest = fs::read_to_string(&manifest_path)
        .map_err(|e| format!("cannot read {}: {e}", manifest_path.display()))?;
    let dependency =
        format!("{name} = {{ path = \"../crates/{name}\", features = [\"testkit\"] }}");
    let manifest = insert_sorted(&manifest, "[dependencies]", "", &dependency)
        .map_err(|e| format!("xtask/Cargo.toml: {e}"))?;

    let mut files: Vec<(PathBuf, String)> = TEMPLATE
        .iter()
        .map(|(path, text)| (krate.join(path), fill(text, name)))
        .collect();
    files.push((fixtures.join("sample.in"), SAMPLE_IN.to_owned()));
    files.push((fixtures.join("sample.out"), SAMPLE_OUT.to_owned()));
    let snapshot = format!(
        "---\nsource: xtask/tests/fixtures.rs\ninput_file: fixtures/{name}/sample.in\n---\n{}",
        snapshot_text(
            SAMPLE_IN.as_bytes(),
            SAMPLE_OUT.as_bytes(),
            Some("sample.out")
        )
    );
    files.push((fixtures.join("snapshots/sample.snap"), snapshot));
    Ok(Plan {
        files,
        registry: (registry_path, registry),
        manifest: (manifest_path, manifest),
    })
}

fn write(plan: &Plan) -> Result<(), String> {
    for (path, text) in plan.files.iter().chain([&plan.registry, &plan.manifest]) {
        if let Some(parent) = path.parent() {
            fs::create_dir_all(parent)
                .map_err(|e| format!("cannot create {}: {e}", parent.display()))?;
        }
        fs::write(path, text).map_err(|e| format!("cannot write {}: {e}", path.display()))?;
    }
    Ok(())
}

/// The workspace's license files, linked into the crate so that its package
/// ships them.
fn link_licenses(krate: &Path) -> Result<(), String> {
    for file in ["LICENSE-MIT", "LICENSE-APACHE"] {
        let target = Path::new("../..").join(file);
        #[cfg(unix)]
        let linked = std::os::unix::fs::symlink(&target, krate.join(file));
        #[cfg(not(unix))]
        let linked = fs::copy(krate.join(&target), krate.join(file)).map(|_| ());
        linked.map_err(|e| format!("cannot link {file} into {}: {e}", krate.display()))?;
    }
    Ok(())
}

/// Formats the new Rust files with the toolchain's rustfmt (the crate's
/// name changes line lengths and import order); best effort.
fn format_sources(plan: &Plan) {
    let sources: Vec<&PathBuf> = plan
        .files
        .iter()
        .map(|(path, _)| path)
        .filter(|path| path.extension().is_some_and(|e| e == "rs"))
        .collect();
    let formatted = std::process::Command::new("rustfmt")
        .args(["--edition", "2024"])
        .args(&sources)
        .status();
    if !formatted.is_ok_and(|status| status.success()) {
        eprintln!("xtask: could not run rustfmt on the new files; run `cargo fmt --all`");
    }
}

/// `cargo xtask new <name>`. Errors are usage errors: nothing was written.
pub fn new(args: &[String]) -> Result<(), String> {
    let [name] = args else {
        return Err("usage: cargo xtask new <name>".to_owned());
    };
    let root = root();
    let plan = plan(&root, name)?;
    write(&plan)?;
    link_licenses(&root.join("crates").join(name))?;
    format_sources(&plan);
    println!(
        "created crates/{name}/ and fixtures/{name}/ (a working take-away game), and registered \
         it in xtask/src/problems.rs and xtask/Cargo.toml\n\
         next:\n  cargo test -p {name}\n  cargo xtask test\n  cargo xtask gen {name}\n  \
         then replace the rules in crates/{name}/src/brute.rs, the solver in src/lib.rs and the \
         generator in src/problem.rs (CONTRIBUTING.md lists what each file holds)"
    );
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_are_checked() {
        assert_eq!(name_problem("demo-game"), None);
        assert_eq!(name_problem("nim2"), None);
        for bad in [
            "",
            "Demo",
            "demo_game",
            "-demo",
            "demo-",
            "de--mo",
            "2nim",
            "a b",
            "über",
        ] {
            assert!(name_problem(bad).is_some(), "{bad:?}");
        }
        for reserved in ["xtask", "cgt-core", "cgt-anything", "type", "self", "std"] {
            assert!(name_problem(reserved).is_some(), "{reserved:?}");
        }
        assert_eq!(type_name("demo-game-2"), "DemoGame2");
    }

    #[test]
    fn lines_are_inserted_in_order() {
        let text = "x\npub const PROBLEMS: &[Entry] = &[\n    entry::<a::problem::A>(),\n    entry::<c::problem::C>(),\n];\n";
        let out = insert_sorted(
            text,
            "pub const PROBLEMS",
            "];",
            "    entry::<b::problem::B>(),",
        )
        .expect("inserts");
        assert_eq!(
            out,
            "x\npub const PROBLEMS: &[Entry] = &[\n    entry::<a::problem::A>(),\n    entry::<b::problem::B>(),\n    entry::<c::problem::C>(),\n];\n"
        );
        assert!(
            insert_sorted(
                &out,
                "pub const PROBLEMS",
                "];",
                "    entry::<b::problem::B>(),"
            )
            .is_err()
        );
    }
}
