//! `cgt-lab eval` run as a child process: canonical forms of sums of
//! notation and ruleset positions, the JSON keys, the thermograph file, and
//! the errors (exit status 2, one line, the place in EXPR).

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

/// The one line `eval EXPR` prints, after checking it succeeded.
fn eval(expr: &str) -> String {
    let output = run(&["eval", expr]);
    assert_eq!(output.status.code(), Some(0), "{expr}: {}", stderr(&output));
    assert_eq!(stderr(&output), "", "{expr}");
    let text = stdout(&output);
    assert_eq!(text.lines().count(), 1, "{expr}: {text:?}");
    text.trim_end().to_string()
}

/// The value of `key` in a flat JSON object, as written.
fn field<'a>(json: &'a str, key: &str) -> &'a str {
    let start = json.find(&format!("\"{key}\":")).expect(key) + key.len() + 3;
    let rest = &json[start..];
    let end = match rest.strip_prefix('"') {
        Some(inner) => inner.find('"').expect("a string end") + 2,
        None => rest.find([',', '}']).expect("a value end"),
    };
    &rest[..end]
}

#[test]
fn numbers_and_sums_print_in_cgsuite_form() {
    // Blue-red stalks: 1, 1/2, 1/4, 3/8, 5/16 (Berlekamp's sign rule).
    assert_eq!(eval("hackenbush(lrrlr)"), "5/16");
    // A blue edge carrying a red edge and a blue-red stalk: {1/2 | 1} = 3/4.
    assert_eq!(eval("hackenbush(l(r;lr))"), "3/4");
    assert_eq!(eval("hackenbush(e)"), "*");
    assert_eq!(eval("clobber(xo)"), "*");
    assert_eq!(eval("clobber(xxo)"), "^");
    // A vertical pair is Left's move, a horizontal one Right's.
    assert_eq!(eval("domineering(.|.) + domineering(..)"), "0");
    assert_eq!(eval("-domineering(.|.)"), "-1");
    assert_eq!(eval("domineering(.|.|.) - 1"), "0");
    assert_eq!(eval("(1/2 + *) - 1/2"), "*");
    assert_eq!(eval("toppling(l) + toppling(e)"), "1*");
}

#[test]
fn ruleset_values_equal_their_notation() {
    for (ruleset, notation) in [
        ("domineering(..|..)", "+-1"),
        ("domineering(...)", "-1"),
        ("domineering(....)", "{|0,-1}"),
        ("toppling(lr)", "*"),
        ("toppling(llr)", "{1|0}"),
        ("clobber(xo.|oxx)", "clobber(xo.|oxx)"),
    ] {
        assert_eq!(eval(ruleset), eval(notation), "{ruleset} and {notation}");
        assert_eq!(eval(&format!("{ruleset} - ({notation})")), "0", "{ruleset}");
    }
}

#[test]
fn json_has_every_invariant() {
    let output = run(&["eval", "domineering(..|..)", "--json"]);
    assert_eq!(output.status.code(), Some(0), "{}", stderr(&output));
    let json = stdout(&output);
    let json = json.trim_end();
    for key in [
        "value",
        "outcome",
        "left_stop",
        "right_stop",
        "mean",
        "temperature",
        "birthday",
        "reduced",
        "atomic_weight",
    ] {
        assert!(json.contains(&format!("\"{key}\":")), "{key} in {json}");
    }
    assert_eq!(field(json, "outcome"), "\"N\"");
    assert_eq!(field(json, "left_stop"), "\"1\"");
    assert_eq!(field(json, "right_stop"), "\"-1\"");
    assert_eq!(field(json, "mean"), "\"0\"");
    assert_eq!(field(json, "temperature"), "\"1\"");
    assert_eq!(field(json, "birthday"), "\"2\"");
    assert_eq!(field(json, "atomic_weight"), "null");
    // Up: an infinitesimal of atomic weight 1, reduced to 0.
    let up = stdout(&run(&["eval", "clobber(xxo)", "--json"]));
    assert_eq!(field(&up, "value"), "\"^\"");
    assert_eq!(field(&up, "outcome"), "\"L\"");
    assert_eq!(field(&up, "reduced"), "\"0\"");
    assert_eq!(field(&up, "atomic_weight"), "\"1\"");
    assert_eq!(field(&up, "temperature"), "\"0\"");
    // A number m/2^k has temperature -1/2^k.
    let number = stdout(&run(&["eval", "hackenbush(lr)", "--json"]));
    assert_eq!(field(&number, "value"), "\"1/2\"");
    assert_eq!(field(&number, "outcome"), "\"L\"");
    assert_eq!(field(&number, "temperature"), "\"-1/2\"");
    // Numbers far beyond any tree depth are values like any other.
    let big = stdout(&run(&["eval", "1000000000000 - 17/8", "--json"]));
    assert_eq!(field(&big, "value"), "\"7999999999983/8\"");
    // 999999999997 + 7/8: 999999999997 days, then 1 + 3 for the eighths.
    assert_eq!(field(&big, "birthday"), "\"1000000000001\"");
    let overflow = run(&["eval", "4611686018427387904 + 4611686018427387904"]);
    assert_eq!(overflow.status.code(), Some(2));
    assert!(
        stderr(&overflow).contains("overflow"),
        "{}",
        stderr(&overflow)
    );
}

#[test]
fn thermograph_is_written_as_svg() {
    let dir = std::env::temp_dir().join(format!("cgt-lab-eval-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("a temporary folder");
    let file = dir.join("thermograph.svg");
    let path = file.to_str().expect("UTF-8 path");
    let output = run(&["eval", "{3|-1}", "--thermograph", path]);
    assert_eq!(output.status.code(), Some(0), "{}", stderr(&output));
    assert_eq!(stdout(&output), "{3|-1}\n");
    let svg = std::fs::read_to_string(&file).expect("the picture");
    assert!(svg.starts_with("<svg"));
    assert!(svg.trim_end().ends_with("</svg>"));
    for label in [
        "left wall, stop 3",
        "right wall, stop -1",
        "mast at 1",
        "temperature 2",
    ] {
        assert!(svg.contains(label), "{label}");
    }
    // An unwritable file is an error of the run (status 1), not of EXPR.
    let bad = dir.join("no-such-folder").join("t.svg");
    let output = run(&["eval", "*", "--thermograph", bad.to_str().expect("UTF-8")]);
    assert_eq!(output.status.code(), Some(1));
    assert!(stderr(&output).contains("--thermograph"));
    std::fs::remove_dir_all(&dir).expect("cleaned up");
}

#[test]
fn errors_name_the_place_and_exit_with_status_2() {
    for (args, words) in [
        (&["eval", "1 + {1|"][..], "at character"),
        (&["eval", "domineering(..|x.)"], "at character"),
        (
            &["eval", "hackenbush(l(r;))"],
            "hackenbush position: at character 4",
        ),
        (&["eval", "chess(e4)"], "at character 0"),
        (&["eval"], "expected an expression after eval"),
        (&["eval", "1", "--svg"], "expected --json or --thermograph"),
        (
            &["eval", "1", "--thermograph"],
            "expected a file after --thermograph",
        ),
    ] {
        let output = run(args);
        assert_eq!(
            output.status.code(),
            Some(2),
            "{args:?}: {}",
            stderr(&output)
        );
        assert_eq!(stdout(&output), "", "{args:?}");
        let message = stderr(&output);
        assert_eq!(message.lines().count(), 1, "{args:?}: {message}");
        assert!(message.starts_with("cgt-lab: "), "{message}");
        assert!(message.contains(words), "{args:?}: {message}");
    }
}

#[test]
fn a_long_computation_shows_progress_on_a_terminal_only() {
    // About 4 s in a release build: well past the one second before progress shows.
    let args = ["eval", "domineering(.....|.....|.....|.....|.....|.....)"];
    let plain = run(&args);
    assert_eq!(plain.status.code(), Some(0));
    assert_eq!(stderr(&plain), "");
    let mut command = Command::new(EXE);
    command.args(args);
    let on_terminal = cgt_testkit::fixture::run_on_terminal(command);
    let shown = on_terminal.shown;
    assert_eq!(on_terminal.status, Some(0));
    assert!(
        shown.contains("\rcgt-lab: eval: computing canonical forms ("),
        "no progress in {:?}",
        &shown[..200.min(shown.len())]
    );
    // Cleared with spaces, then the value from the start of the line.
    let answer = stdout(&plain).replace('\n', "\r\n");
    let cleared = format!("\r{:60}\r{answer}", "");
    assert!(
        shown.ends_with(&cleared),
        "{:?}",
        &shown[shown.len().saturating_sub(200)..]
    );
}
