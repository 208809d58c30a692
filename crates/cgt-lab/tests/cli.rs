//! The `cgt-lab` program run as a child process: outputs, the pinned JSON
//! keys, exit statuses and error messages.

use std::process::{Command, Output};

const EXE: &str = env!("CARGO_BIN_EXE_cgt-lab");

fn run(args: &[&str]) -> Output {
    Command::new(EXE)
        .args(args)
        .output()
        .expect("the program runs")
}

fn stdout(output: &Output) -> String {
    String::from_utf8(output.stdout.clone()).expect("UTF-8")
}

fn stderr(output: &Output) -> String {
    String::from_utf8(output.stderr.clone()).expect("UTF-8")
}

/// The keys of a flat JSON object, in order (enough for our own output).
fn keys(json: &str) -> Vec<String> {
    let inner = json
        .trim()
        .strip_prefix('{')
        .and_then(|j| j.strip_suffix('}'))
        .expect("an object");
    let mut keys = Vec::new();
    let mut in_string = false;
    let mut current = String::new();
    let mut expect_key = true;
    let mut escaped = false;
    for c in inner.chars() {
        if in_string {
            if escaped {
                escaped = false;
            } else if c == '\\' {
                escaped = true;
            } else if c == '"' {
                in_string = false;
                if expect_key {
                    keys.push(std::mem::take(&mut current));
                }
                continue;
            }
            if expect_key {
                current.push(c);
            }
        } else if c == '"' {
            in_string = true;
        } else if c == ':' {
            expect_key = false;
        } else if c == ',' {
            expect_key = true;
        }
    }
    keys
}

/// The value of `key` in a flat JSON object, as written.
fn field<'a>(json: &'a str, key: &str) -> &'a str {
    let start = json.find(&format!("\"{key}\":")).expect(key) + key.len() + 3;
    let rest = &json[start..];
    let end = rest.find([',', '}']).expect("a value end");
    &rest[..end]
}

#[test]
fn values_prints_one_line() {
    let output = run(&["values", "0.77", "--upto", "12"]);
    assert_eq!(output.status.code(), Some(0), "{}", stderr(&output));
    assert_eq!(stdout(&output), "0 1 2 3 1 4 3 2 1 4 2 6 4\n");
    let json = run(&["values", ".07", "--upto", "2^3", "--json"]);
    assert_eq!(stdout(&json), "[0,0,1,1,2,0,3,1,1]\n");
    let nim = run(&["values", "0.(3)", "--upto", "5"]);
    assert_eq!(stdout(&nim), "0 1 2 3 4 5\n");
}

#[test]
fn misere_values_print_one_line() {
    // Kayles under misère play: g-(0) = 1 (no move is a win), g-(1) = 0.
    let output = run(&["values", "0.77", "--upto", "12", "--misere"]);
    assert_eq!(output.status.code(), Some(0), "{}", stderr(&output));
    assert_eq!(stdout(&output), "1 0 2 3 0 1 3 2 1 0 2 4 0\n");
    let json = run(&["values", "S(1,2)", "--upto", "5", "--misere", "--json"]);
    assert_eq!(stdout(&json), "[1,0,2,1,0,2]\n");
}

#[test]
fn period_json_has_the_pinned_keys() {
    let output = run(&["period", "0.07", "--json"]);
    assert_eq!(output.status.code(), Some(0), "{}", stderr(&output));
    let json = stdout(&output);
    assert_eq!(
        keys(&json),
        [
            "game",
            "preperiod",
            "period",
            "saltus",
            "certified",
            "status",
            "theorem",
            "checked_upto"
        ]
    );
    assert_eq!(field(&json, "game"), "\"0.07\"");
    assert_eq!(field(&json, "preperiod"), "53");
    assert_eq!(field(&json, "period"), "34");
    assert_eq!(field(&json, "saltus"), "0");
    assert_eq!(field(&json, "certified"), "true");
    assert_eq!(field(&json, "theorem"), "\"Guy-Smith periodicity theorem\"");

    let lasker = stdout(&run(&["period", "4.(3)", "--json"]));
    assert_eq!(keys(&lasker), keys(&json));
    assert_eq!(field(&lasker, "game"), "\"4.(3)\"");
    assert_eq!(field(&lasker, "saltus"), "4");
    assert_eq!(field(&lasker, "certified"), "false");
    assert_eq!(field(&lasker, "status"), "\"observed\"");
    assert_eq!(field(&lasker, "checked_upto"), "4095");

    let officers = run(&["period", "0.6", "--upto", "2^13", "--json"]);
    assert_eq!(officers.status.code(), Some(0));
    let officers = stdout(&officers);
    assert_eq!(keys(&officers), keys(&json));
    for key in ["preperiod", "period", "saltus", "theorem"] {
        assert_eq!(field(&officers, key), "null", "{key}");
    }
    assert_eq!(field(&officers, "certified"), "false");
    assert_eq!(field(&officers, "status"), "\"none\"");
    assert_eq!(field(&officers, "checked_upto"), "8192");
}

#[test]
fn period_names_the_theorem_or_says_observed() {
    let kayles = stdout(&run(&["period", ".77"]));
    assert!(
        kayles.starts_with("0.77: preperiod 71, period 12, saltus 0\n"),
        "{kayles}"
    );
    assert!(
        kayles.contains("certified by the Guy-Smith periodicity theorem"),
        "{kayles}"
    );
    let nim = stdout(&run(&["period", "0.(3)"]));
    assert!(nim.contains("observed up to 4095, not proved"), "{nim}");
    let officers = stdout(&run(&["period", "0.6", "--upto", "3000"]));
    assert!(officers.starts_with("0.6: no period found"), "{officers}");
}

#[test]
fn formula_without_a_period_exits_1() {
    let output = run(&["formula", "0.6", "--lang", "rust", "--upto", "2000"]);
    assert_eq!(output.status.code(), Some(1));
    assert!(stdout(&output).is_empty());
    assert_eq!(
        stderr(&output),
        "cgt-lab: no period found for 0.6 in G(0..=2000), so no formula (try a larger --upto)\n"
    );
}

#[test]
fn plots_are_written() {
    let dir = std::env::temp_dir().join(format!("cgt-lab-plot-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("temp dir");
    let file = dir.join("dawson.svg");
    let file_arg = file.to_str().expect("UTF-8 path");
    let output = run(&["period", "0.07", "--plot", file_arg]);
    assert_eq!(output.status.code(), Some(0), "{}", stderr(&output));
    let svg = std::fs::read_to_string(&file).expect("the plot");
    assert!(svg.starts_with("<svg") && svg.trim_end().ends_with("</svg>"));
    assert!(svg.contains("preperiod 53") && svg.contains("one period (34)"));
    let values_plot = dir.join("values.svg");
    let arg = values_plot.to_str().expect("UTF-8 path");
    let output = run(&["values", "0.6", "--upto", "5000", "--plot", arg]);
    assert_eq!(output.status.code(), Some(0));
    let svg = std::fs::read_to_string(&values_plot).expect("the plot");
    assert!(svg.contains("no period found"));
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn bad_input_gets_one_line_and_status_2() {
    let cases: &[(&[&str], &str)] = &[
        (&[], "expected a command"),
        (
            &["solve", "0.7"],
            "argument 1: expected a command (values, period or formula), found \"solve\"",
        ),
        (&["period"], "argument 2: expected a game after period"),
        (
            &["period", "0.1x"],
            "game \"0.1x\", character 4: expected a digit 0-9 or A-F, found 'x'",
        ),
        (
            &["period", "3.1"],
            "game \"3.1\", character 1: d0 (removing nothing) may only carry bits 4 and 8",
        ),
        (
            &["period", "S(1,,3)"],
            "game \"S(1,,3)\", character 5: expected a positive integer, found ','",
        ),
        (
            &["period", "0.(12)"],
            "character 5: expected ')' (only one digit repeats), found '2'",
        ),
        (&["values", "0.7"], "values: expected --upto N"),
        (
            &["values", "0.7", "--upto"],
            "argument 4: expected a value after --upto",
        ),
        (
            &["values", "0.7", "--upto", "-3"],
            "--upto expected a number in 0..=134217728 (or 2^k) for 0.7, found \"-3\"",
        ),
        (&["values", "0.7", "--upto", "2^40"], "found \"2^40\""),
        (
            &["values", "0.(7)", "--upto", "99999999"],
            "in 0..=4194304 (or 2^k) for 0.(7)",
        ),
        (
            &["period", "0.7", "--frobnicate"],
            "argument 3: expected --upto, --misere, --json, --plot or --lang, found \"--frobnicate\"",
        ),
        (
            &["formula", "0.7"],
            "formula: expected --lang rust or --lang cpp",
        ),
        (
            &["formula", "0.7", "--lang", "go"],
            "argument 4: --lang expected rust or cpp, found \"go\"",
        ),
        (
            &["period", "0.7", "--lang", "rust"],
            "period: --lang is for formula only",
        ),
        (
            &["period", "0.7", "--misere"],
            "period: --misere is for values only",
        ),
        (
            &["values", "0.7", "--upto", "2^21", "--misere"],
            "values up to 2097152 asked for; at most 1048576 for this game",
        ),
    ];
    for (args, message) in cases {
        let output = run(args);
        assert_eq!(output.status.code(), Some(2), "{args:?}");
        let err = stderr(&output);
        assert!(err.starts_with("cgt-lab: "), "{args:?}: {err}");
        assert!(err.contains(message), "{args:?}: {err}");
        assert_eq!(err.lines().count(), 1, "{args:?}: {err}");
        assert!(stdout(&output).is_empty(), "{args:?}");
    }
}

/// Runs `args` plainly and on a terminal: only the terminal shows the
/// progress line `what computed up to n = … of target (…`, cleared with
/// spaces before the values, which start the line.
#[cfg(target_os = "linux")]
fn assert_progress_on_a_terminal_only(args: &[&str], what: &str, target: &str) {
    let plain = run(args);
    assert_eq!(plain.status.code(), Some(0), "{}", stderr(&plain));
    assert_eq!(stderr(&plain), "");
    let mut command = Command::new(EXE);
    command.args(args);
    let on_terminal = cgt_testkit::fixture::run_on_terminal(command);
    let shown = on_terminal.shown;
    assert_eq!(on_terminal.status, Some(0));
    let progress = format!("\rcgt-lab: {what} computed up to n = ");
    let at = shown
        .find(&progress)
        .unwrap_or_else(|| panic!("no progress in {:?}", &shown[..200.min(shown.len())]));
    assert!(
        shown[at..].contains(&format!(" of {target} (")),
        "{:?}",
        &shown[at..at + 80]
    );
    let answer = stdout(&plain).replace('\n', "\r\n");
    let cleared = format!("\r{:78}\r{answer}", "");
    assert!(
        shown.ends_with(&cleared),
        "{:?}",
        &shown[shown.len().saturating_sub(200)..]
    );
}

/// A run of more than a second shows a progress line on a terminal and
/// clears it before the answer; elsewhere there is none.
#[cfg(target_os = "linux")]
#[test]
fn progress_shows_on_a_terminal_only() {
    // About 2.5 s for an optimised build on an idle 2-core machine.
    assert_progress_on_a_terminal_only(&["values", "0.6", "--upto", "2^20"], "G(n)", "1048576");
}

/// The misère search shows its progress per heap the same way.
#[cfg(target_os = "linux")]
#[test]
fn misere_progress_shows_on_a_terminal_only() {
    // About 2 s for an optimised build on an idle 2-core machine.
    let args = ["values", "0.77", "--upto", "48", "--misere"];
    assert_progress_on_a_terminal_only(&args, "g-(n)", "48");
}
