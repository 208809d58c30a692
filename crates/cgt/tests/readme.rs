//! Every `cgt` command the READMEs show with its output, run: the
//! workspace README, this crate's and `cgt-lab`'s. In a ```` ```console ````
//! block, a line `$ cgt ARGS` is followed by what it prints (standard
//! output, then standard error) up to the next `$` line or the block's end;
//! a command shown without output (a long run, a file written) is not run.
//! The arguments are read as a shell reads them: '…', "…", $'…' with `\n`
//! and `\xHH`, `> FILE` (stdout to FILE), `# comment`. Two allowances, and
//! only these: a line ending in `…` is a prefix of the line printed, and the
//! lines that report measurements (the memory budget passed, `--stats`)
//! compare with their numbers masked.

use std::ffi::OsString;
use std::os::unix::ffi::OsStringExt;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

const EXE: &str = env!("CARGO_BIN_EXE_cgt");

/// A command shown in a README and what it prints there.
struct Example {
    /// Where: the file and the line of the command.
    place: String,
    args: Vec<OsString>,
    /// `> FILE`: standard output goes there.
    stdout_to: Option<String>,
    expected: Vec<String>,
}

/// The words of a command line after `$ cgt `, as a shell splits them.
fn shell_words(line: &str) -> (Vec<OsString>, Option<String>) {
    let chars: Vec<char> = line.chars().collect();
    let (mut words, mut redirect) = (Vec::new(), None);
    let mut at = 0;
    while at < chars.len() {
        if chars[at] == ' ' {
            at += 1;
            continue;
        }
        if chars[at] == '#' {
            break;
        }
        if chars[at] == '>' {
            at += 1;
            while chars.get(at) == Some(&' ') {
                at += 1;
            }
            let start = at;
            while at < chars.len() && chars[at] != ' ' {
                at += 1;
            }
            redirect = Some(chars[start..at].iter().collect());
            continue;
        }
        let mut word: Vec<u8> = Vec::new();
        while at < chars.len() && chars[at] != ' ' {
            match chars[at] {
                '\'' => {
                    let end = at + 1 + chars[at + 1..].iter().position(|&c| c == '\'').expect("'");
                    word.extend(chars[at + 1..end].iter().collect::<String>().bytes());
                    at = end + 1;
                }
                '"' => {
                    let end = at + 1 + chars[at + 1..].iter().position(|&c| c == '"').expect("\"");
                    word.extend(chars[at + 1..end].iter().collect::<String>().bytes());
                    at = end + 1;
                }
                '$' if chars.get(at + 1) == Some(&'\'') => {
                    at += 2;
                    while chars[at] != '\'' {
                        if chars[at] == '\\' {
                            match chars[at + 1] {
                                'n' => word.push(b'\n'),
                                'x' => {
                                    let hex: String = chars[at + 2..at + 4].iter().collect();
                                    word.push(u8::from_str_radix(&hex, 16).expect("\\xHH"));
                                    at += 2;
                                }
                                c => panic!("escape \\{c} in {line}"),
                            }
                            at += 2;
                        } else {
                            let mut buffer = [0; 4];
                            word.extend(chars[at].encode_utf8(&mut buffer).bytes());
                            at += 1;
                        }
                    }
                    at += 1;
                }
                c => {
                    let mut buffer = [0; 4];
                    word.extend(c.encode_utf8(&mut buffer).bytes());
                    at += 1;
                }
            }
        }
        words.push(OsString::from_vec(word));
    }
    (words, redirect)
}

/// The `cgt` commands with output in the console blocks of `readme`.
fn examples(readme: &Path) -> Vec<Example> {
    let text = std::fs::read_to_string(readme).expect("the README reads");
    let name = readme.display().to_string();
    let mut examples: Vec<Example> = Vec::new();
    let mut in_console = false;
    // Whether the lines after the last `$` line belong to a `cgt` command.
    let mut collecting = false;
    for (number, line) in text.lines().enumerate() {
        if line.starts_with("```") {
            in_console = line == "```console";
            collecting = false;
            continue;
        }
        if !in_console {
            continue;
        }
        if let Some(command) = line.strip_prefix("$ ") {
            collecting = false;
            if let Some(rest) = command.strip_prefix("cgt ") {
                let (args, stdout_to) = shell_words(rest);
                examples.push(Example {
                    place: format!("{name}:{}", number + 1),
                    args,
                    stdout_to,
                    expected: Vec::new(),
                });
                collecting = true;
            }
        } else if collecting && let Some(example) = examples.last_mut() {
            example.expected.push(line.to_owned());
        }
    }
    examples.retain(|e| !e.expected.is_empty());
    examples
}

/// `line` with every run of digits written as `N`.
fn digits_masked(line: &str) -> String {
    let mut masked = String::new();
    for c in line.chars() {
        if c.is_ascii_digit() {
            if !masked.ends_with('N') {
                masked.push('N');
            }
        } else {
            masked.push(c);
        }
    }
    masked
}

/// Whether the printed `line` is what the README shows as `expected`.
fn agrees(line: &str, expected: &str) -> bool {
    if let Some(prefix) = expected.strip_suffix('…') {
        return line.starts_with(prefix);
    }
    let measured = ["past the memory budget", "eval --stats:"];
    if measured.iter().any(|m| expected.contains(m)) {
        return digits_masked(line) == digits_masked(expected);
    }
    line == expected
}

fn run(example: &Example, dir: &Path) {
    let mut command = Command::new(EXE);
    command.args(&example.args).current_dir(dir);
    command.stdin(Stdio::null());
    if let Some(file) = &example.stdout_to {
        let path = dir.join(file);
        let out = std::fs::OpenOptions::new()
            .write(true)
            .create(true)
            .truncate(file != "/dev/full")
            .open(&path)
            .expect("the redirect opens");
        command.stdout(out);
    }
    let output = command.output().expect("cgt runs");
    let printed = format!(
        "{}{}",
        String::from_utf8_lossy(&output.stdout),
        String::from_utf8_lossy(&output.stderr)
    );
    let lines: Vec<&str> = printed.lines().collect();
    let shown = || {
        format!(
            "{}: cgt {:?}\nprinted:\n{printed}",
            example.place, example.args
        )
    };
    assert_eq!(lines.len(), example.expected.len(), "{}", shown());
    for (line, expected) in lines.iter().zip(&example.expected) {
        assert!(agrees(line, expected), "{}\nexpected: {expected}", shown());
    }
}

fn readme(relative: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join(relative)
}

/// Runs every example of `relative`, in a scratch folder (for the files
/// they write); there are at least `at_least`.
fn run_all(relative: &str, at_least: usize) {
    let examples = examples(&readme(relative));
    assert!(
        examples.len() >= at_least,
        "{relative}: {} examples",
        examples.len()
    );
    let dir = std::env::temp_dir().join(format!(
        "cgt-readme-{}-{}",
        relative.replace(['/', '.'], "-"),
        std::process::id()
    ));
    std::fs::create_dir_all(&dir).expect("a scratch folder");
    for example in &examples {
        run(example, &dir);
    }
    std::fs::remove_dir_all(&dir).expect("cleaned up");
}

#[test]
fn the_workspace_readme_examples_print_what_it_shows() {
    run_all("../../README.md", 15);
}

#[test]
fn this_crates_readme_examples_print_what_it_shows() {
    run_all("README.md", 20);
}

#[test]
fn the_labs_readme_examples_print_what_it_shows() {
    run_all("../cgt-lab/README.md", 1);
}

#[test]
fn the_reader_splits_as_a_shell_does() {
    let (words, redirect) = shell_words("eval 'a b' x$'\\n\\xff' \"c\" > out.txt # note");
    let expected: Vec<OsString> = vec![
        "eval".into(),
        "a b".into(),
        OsString::from_vec(b"x\n\xff".to_vec()),
        "c".into(),
    ];
    assert_eq!(words, expected);
    assert_eq!(redirect.as_deref(), Some("out.txt"));
    assert!(agrees("0 1 2 3", "0 1 …"));
    assert!(!agrees("0 1 2 3", "0 2 …"));
    assert!(agrees(
        "cgt: eval: stopped at 213 MiB, past the memory budget of 200 MiB (--max-memory)",
        "cgt: eval: stopped at 201 MiB, past the memory budget of 200 MiB (--max-memory)"
    ));
    assert!(!agrees("-3/2", "-1/2"));
}
