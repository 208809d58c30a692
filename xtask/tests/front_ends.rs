//! No front end names a ruleset: the command line, the library behind it
//! and the Python package loop over `cgt-rulesets`' registry, so a ruleset
//! added there reaches them all with no other change.
//!
//! A front end's code (comments and docstrings aside, where examples are
//! welcome) must not hold a ruleset's name as a whole string literal
//! (`"backsliding"`, as a `match` arm would), a ruleset's module
//! (`cgt_rulesets::fox_and_geese`) or a ruleset's class name as an
//! identifier (`FoxAndGeese`); a class name is text only inside a string
//! literal on the line it stands on, or in a help text named in
//! [`HELP_TEXTS`] (which names CGSuite's classes). The page of `cgt explore`
//! (`crates/cgt/src/explore/assets`: JavaScript and HTML) is a front end
//! too: no name in quotes or backquotes there.

use cgt_rulesets::RULESETS;
use std::fs;
use std::path::{Path, PathBuf};

/// The front ends' sources, from the workspace root.
const FRONT_ENDS: &[&str] = &[
    "crates/cgt/src",
    "crates/cgt-lab/src",
    "crates/cgt-py/src",
    "crates/cgt-py/python/cgt",
];

/// The help texts, by file and constant: the only string literals whose
/// lines after the first read as text (CGSuite's classes, named in
/// `--help`); in any other string a line after the first is checked as
/// code, so no string hides a ruleset's class there.
const HELP_TEXTS: &[(&str, &str)] = &[("crates/cgt/src/args.rs", "USAGE")];

fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .parent()
        .expect("xtask sits in the workspace")
        .to_path_buf()
}

fn sources(dir: &Path, out: &mut Vec<PathBuf>) {
    let Ok(entries) = fs::read_dir(dir) else {
        return;
    };
    let mut stack: Vec<PathBuf> = entries.flatten().map(|e| e.path()).collect();
    while let Some(path) = stack.pop() {
        if path.is_dir() {
            if let Ok(entries) = fs::read_dir(&path) {
                stack.extend(entries.flatten().map(|e| e.path()));
            }
        } else if path
            .extension()
            .is_some_and(|e| e == "rs" || e == "py" || e == "js" || e == "html")
        {
            out.push(path);
        }
    }
}

/// The code of a Rust file: each line up to a `//` that is not inside a
/// string literal (Rust's strings may span lines). A line that begins
/// inside the string of a constant named in `help_texts` begins with a
/// `"`, so that a class name in it reads as text, as it does after a
/// quote on one line.
fn rust_code(text: &str, help_texts: &[&str]) -> String {
    strip_comments(text, true, help_texts)
}

/// `text` line by line up to a `//` outside a string literal: strings may
/// span lines with `spanning`, and those of the constants `help_texts`
/// are text on every line (see [`rust_code`]).
fn strip_comments(text: &str, spanning: bool, help_texts: &[&str]) -> String {
    let mut code = String::new();
    let mut in_string = false;
    // Whether the open string is a help text.
    let mut in_help = false;
    for line in text.lines() {
        if in_string && in_help {
            code.push('"');
        }
        // A backslash at the end of a line escapes the line break only.
        let mut escaped = false;
        let mut cut = line.len();
        let bytes = line.as_bytes();
        for (i, &b) in bytes.iter().enumerate() {
            if in_string {
                match (escaped, b) {
                    (true, _) => escaped = false,
                    (false, b'\\') => escaped = true,
                    (false, b'"') => in_string = false,
                    _ => {}
                }
            } else if b == b'"' {
                // The character literal '"' opens no string.
                let char_literal =
                    i > 0 && bytes[i - 1] == b'\'' && bytes.get(i + 1) == Some(&b'\'');
                in_string = !char_literal;
                let before = line[..i].trim();
                let before = before.strip_prefix("pub ").unwrap_or(before);
                in_help = in_string
                    && help_texts
                        .iter()
                        .any(|name| before == format!("const {name}: &str ="));
            } else if b == b'/' && bytes.get(i + 1) == Some(&b'/') {
                cut = i;
                break;
            }
        }
        code.push_str(&line[..cut]);
        code.push('\n');
        in_string &= spanning;
    }
    code
}

/// The code of a JavaScript file: without `/* */` blocks and `//`
/// comments (cut as in Rust, outside double-quoted strings).
fn javascript_code(text: &str) -> String {
    let mut code = String::new();
    let mut rest = text;
    while let Some(start) = rest.find("/*") {
        code.push_str(&rest[..start]);
        let after = &rest[start + 2..];
        rest = after.find("*/").map_or("", |end| &after[end + 2..]);
    }
    code.push_str(rest);
    strip_comments(&code, false, &[])
}

/// The code of a Python file: without `#` comments and triple-quoted
/// strings (docstrings).
fn python_code(text: &str) -> String {
    let mut code = String::new();
    let mut rest = text;
    while let Some(start) = rest.find("\"\"\"") {
        code.push_str(&rest[..start]);
        let after = &rest[start + 3..];
        rest = after.find("\"\"\"").map_or("", |end| &after[end + 3..]);
    }
    code.push_str(rest);
    code.lines()
        .map(|line| line.split(" #").next().unwrap_or_default())
        .filter(|line| !line.trim_start().starts_with('#'))
        .collect::<Vec<_>>()
        .join("\n")
}

fn is_word(text: &str, at: usize, len: usize) -> bool {
    let ident = |c: char| c.is_alphanumeric() || c == '_';
    let before = text[..at].chars().next_back();
    let after = text[at + len..].chars().next();
    !before.is_some_and(ident) && !after.is_some_and(ident)
}

/// Where `code` names a ruleset: (what, the line).
fn namings(code: &str) -> Vec<(String, String)> {
    let mut found = Vec::new();
    for line in code.lines() {
        for r in RULESETS {
            let quoted = [
                format!("\"{}\"", r.name),
                format!("'{}'", r.name),
                format!("`{}`", r.name),
            ];
            let module = format!("cgt_rulesets::{}", r.name);
            let mut named = quoted.iter().any(|q| line.contains(q.as_str()))
                || line
                    .match_indices(&module)
                    .any(|(i, _)| is_word(line, i, module.len()));
            named |= line
                .match_indices(r.class_name)
                .any(|(i, _)| is_word(line, i, r.class_name.len()) && !line[..i].contains('"'));
            if named {
                found.push((r.name.to_owned(), line.trim().to_owned()));
            }
        }
    }
    found
}

#[test]
fn no_front_end_names_a_ruleset() {
    let root = root();
    let mut files = Vec::new();
    for dir in FRONT_ENDS {
        sources(&root.join(dir), &mut files);
    }
    assert!(files.len() > 10, "the front ends' sources were not found");
    let mut problems = Vec::new();
    for file in files {
        let text = fs::read_to_string(&file).expect("a readable source");
        let code = match file.extension().and_then(|e| e.to_str()) {
            Some("rs") => {
                // A file's tests may name rulesets: they check the front end.
                let end = text.find("#[cfg(test)]").unwrap_or(text.len());
                let help_texts: Vec<&str> = HELP_TEXTS
                    .iter()
                    .filter(|(path, _)| file == root.join(path))
                    .map(|&(_, name)| name)
                    .collect();
                rust_code(&text[..end], &help_texts)
            }
            Some("js") => javascript_code(&text),
            Some("html") => text.clone(),
            _ => python_code(&text),
        };
        for (name, line) in namings(&code) {
            let shown = file
                .strip_prefix(&root)
                .unwrap_or(&file)
                .display()
                .to_string();
            problems.push(format!("{shown} names the ruleset {name}: {line}"));
        }
    }
    assert!(
        problems.is_empty(),
        "front ends must loop over the registry (cgt_rulesets::RULESETS), not name rulesets:\n{}",
        problems.join("\n")
    );
}

#[test]
fn the_check_sees_a_ruleset_named_in_code_but_not_in_comments() {
    let rust = rust_code(
        "match name { \"backsliding\" => 1, _ => 0 } // \"cram\"\n",
        &[],
    );
    assert_eq!(namings(&rust).len(), 1);
    assert!(namings(&rust_code("/// `domineering(..)` and \"cram\"\n", &[])).is_empty());
    assert_eq!(
        namings(&rust_code(
            "use cgt_rulesets::fox_and_geese::FoxAndGeese;\n",
            &[]
        ))
        .len(),
        1
    );
    // On the line of its quote, a class name is text (an error message's
    // `TakeAndBreak("0.77")`).
    assert!(namings(&rust_code("let m = \"TakeAndBreak(5)\";\n", &[])).is_empty());
    // A help text spanning lines names CGSuite's classes as text; the code
    // after it is code again (a character literal '"' opens no string).
    let help = "const HELP: &str = \"sums,\nheaps game.heap.Cram(5) and\nDomineering's\";\n\
                let q = '\"';\nlet r = Cram;\n";
    assert_eq!(namings(&rust_code(help, &["HELP"])).len(), 1);
    // Any other string is code after its first line: the classes on its
    // second and third lines are named, and `Cram` after it.
    assert_eq!(namings(&rust_code(help, &["USAGE"])).len(), 3);
    let other = help.replace("const HELP: &str =", "let text =");
    assert_eq!(namings(&rust_code(&other, &["HELP"])).len(), 3);
    let python =
        python_code("\"\"\"Domineering, \"cram\".\"\"\"\nx = {\"toppling\": 1}  # \"cram\"\n");
    assert_eq!(namings(&python).len(), 1);
    assert!(namings(&python_code("# Domineering\n")).is_empty());
    let js = javascript_code(
        "/** \"cram\" */\nif (name === 'backsliding') draw(`toppling`); // \"cram\"\n",
    );
    assert_eq!(namings(&js).len(), 2);
}
