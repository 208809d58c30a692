//! The `cgt` program run as a child process: outputs, the pinned JSON
//! keys, exit statuses and error messages; for `eval`, canonical forms of
//! sums of notation and ruleset positions, the JSON keys, the thermograph
//! file, and the errors (exit status 2, one line, the place in EXPR).

use std::process::{Command, Output};

mod common;

use common::{EXE, run, stderr, stdout};

/// Runs the program with `args`, then `flag` and a new file `name` in a
/// temporary folder of its own: the output, and what was written to the file.
fn run_with_file(args: &[&str], flag: &str, name: &str) -> (Output, String) {
    let dir = std::env::temp_dir().join(format!("cgt-{name}-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("a temporary folder");
    let file = dir.join(name);
    let mut all = args.to_vec();
    all.extend([flag, file.to_str().expect("UTF-8 path")]);
    let output = run(&all);
    let text = std::fs::read_to_string(&file).unwrap_or_default();
    std::fs::remove_dir_all(&dir).expect("cleaned up");
    (output, text)
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

/// Checks the values of several keys of a flat JSON object, as written.
fn assert_fields(json: &str, expected: &[(&str, &str)]) {
    for &(key, value) in expected {
        assert_eq!(field(json, key), value, "{key} in {json}");
    }
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
    assert_fields(
        &json,
        &[
            ("game", "\"0.07\""),
            ("preperiod", "53"),
            ("period", "34"),
            ("saltus", "0"),
            ("certified", "true"),
            ("theorem", "\"Guy-Smith periodicity theorem\""),
        ],
    );

    let lasker = stdout(&run(&["period", "4.(3)", "--json"]));
    assert_eq!(keys(&lasker), keys(&json));
    assert_fields(
        &lasker,
        &[
            ("game", "\"4.(3)\""),
            ("saltus", "4"),
            ("certified", "false"),
            ("status", "\"observed\""),
            ("checked_upto", "4095"),
        ],
    );

    let officers = run(&["period", "0.6", "--upto", "2^13", "--json"]);
    assert_eq!(officers.status.code(), Some(0));
    let officers = stdout(&officers);
    assert_eq!(keys(&officers), keys(&json));
    for key in ["preperiod", "period", "saltus", "theorem"] {
        assert_eq!(field(&officers, key), "null", "{key}");
    }
    assert_fields(
        &officers,
        &[
            ("certified", "false"),
            ("status", "\"none\""),
            ("checked_upto", "8192"),
        ],
    );
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
        "cgt: no period found for 0.6 in G(0..=2000), so no formula (try a larger --upto)\n"
    );
}

#[test]
fn plots_are_written() {
    let (output, svg) = run_with_file(&["period", "0.07"], "--plot", "dawson.svg");
    assert_eq!(output.status.code(), Some(0), "{}", stderr(&output));
    assert!(svg.starts_with("<svg") && svg.trim_end().ends_with("</svg>"));
    assert!(svg.contains("preperiod 53") && svg.contains("one period (34)"));
    let (output, svg) = run_with_file(&["values", "0.6", "--upto", "5000"], "--plot", "values.svg");
    assert_eq!(output.status.code(), Some(0));
    assert!(svg.contains("no period found"));
}

#[test]
fn bad_input_gets_one_line_and_status_2() {
    let cases: &[(&[&str], &str)] = &[
        (&[], "expected a command"),
        (
            &["play", "0.7"],
            "argument 1: expected a command (values, period, formula, eval, solve, misere, quotient, explore or census), found \"play\"",
        ),
        (
            &["solve"],
            "argument 2: expected an expression or --batch after solve",
        ),
        (
            &["solve", "clobber(xo)", "--first", "up"],
            "argument 4: --first expected left or right, found \"up\"",
        ),
        (
            &["solve", "--batch", "--first", "left"],
            "argument 3: expected --budget, --stats, --max-memory or nothing after --batch, found \"--first\"",
        ),
        (
            &["solve", "1 + clobber(xq)"],
            "solve: EXPR at character 13: clobber position: at character 2: expected 'x', 'o', '.' or '|', found 'q'",
        ),
        (&["solve", "{1|"], "solve: EXPR at character 4: expected"),
        (
            &["solve", "1", "--budget", "-1"],
            "argument 4: --budget expected a number of positions, found \"-1\"",
        ),
        (
            &["solve", "chess(e4)"],
            "solve: EXPR at character 1: unknown name `chess`",
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
            "--upto expected a number in 0..=4294967295 (or 2^k) for 0.7, found \"-3\"",
        ),
        (&["values", "0.7", "--upto", "2^40"], "found \"2^40\""),
        (
            &["values", "0.(7)", "--upto", "99999999"],
            "in 0..=524288 (or 2^k) for 0.(7)",
        ),
        (
            &["period", "0.7", "--frobnicate"],
            "argument 3: expected --upto, --misere, --json, --plot, --lang, --max-memory, \
             --threads, --checkpoint, --checkpoint-every or --resume, found \"--frobnicate\"",
        ),
        // --max-memory reads alike for every command.
        (
            &["values", "0.7", "--upto", "9", "--max-memory", "12X"],
            "argument 6: --max-memory expected a size such as 500M or 4G, found \"12X\"",
        ),
        (
            &["period", "0.7", "--max-memory"],
            "argument 4: expected a size after --max-memory",
        ),
        (
            &["formula", "0.7", "--lang", "rust", "--max-memory", "0"],
            "argument 6: --max-memory expected a size such as 500M or 4G, found \"0\"",
        ),
        (
            &["eval", "1", "--max-memory", "99999999999G"],
            "argument 4: --max-memory expected a size such as 500M or 4G, found \"99999999999G\"",
        ),
        (
            &["solve", "--batch", "--max-memory", "-5M"],
            "argument 4: --max-memory expected a size such as 500M or 4G, found \"-5M\"",
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
        assert!(err.starts_with("cgt: "), "{args:?}: {err}");
        assert!(err.contains(message), "{args:?}: {err}");
        assert_eq!(err.lines().count(), 1, "{args:?}: {err}");
        assert!(stdout(&output).is_empty(), "{args:?}");
    }
}

/// Runs `args` plainly, which must succeed and write nothing on stderr,
/// then on a pseudo-terminal, which must succeed too: the plain run's
/// stdout and what the terminal showed. Both with `CGT_PROGRESS_AFTER=0`,
/// so that progress shows from the start where it shows at all, and the
/// runs can be short.
#[cfg(target_os = "linux")]
fn shown_on_a_terminal(args: &[&str]) -> (String, String) {
    let plain = Command::new(EXE)
        .args(args)
        .env("CGT_PROGRESS_AFTER", "0")
        .output()
        .expect("the program runs");
    assert_eq!(plain.status.code(), Some(0), "{}", stderr(&plain));
    assert_eq!(stderr(&plain), "");
    let mut command = Command::new(EXE);
    command.args(args).env("CGT_PROGRESS_AFTER", "0");
    let on_terminal = cgt_testkit::fixture::run_on_terminal(command);
    assert_eq!(on_terminal.status, Some(0));
    (stdout(&plain), on_terminal.shown)
}

/// Runs `args` plainly and on a terminal: only the terminal shows the
/// progress line `what computed up to n = … of target (…`, cleared with
/// spaces before the values, which start the line. Returns what the
/// terminal showed.
#[cfg(target_os = "linux")]
fn assert_progress_on_a_terminal_only(args: &[&str], what: &str, target: &str) -> String {
    let (plain, shown) = shown_on_a_terminal(args);
    let progress = format!("\rcgt: {what} computed up to n = ");
    let at = shown
        .find(&progress)
        .unwrap_or_else(|| panic!("no progress in {:?}", &shown[..200.min(shown.len())]));
    assert!(
        shown[at..].contains(&format!(" of {target} (")),
        "{:?}",
        &shown[at..at + 80]
    );
    let answer = plain.replace('\n', "\r\n");
    let cleared = format!("\r{:78}\r{answer}", "");
    assert!(
        shown.ends_with(&cleared),
        "{:?}",
        &shown[shown.len().saturating_sub(200)..]
    );
    shown
}

/// A run shows a progress line on a terminal once it has gone on for
/// `CGT_PROGRESS_AFTER` seconds (a second when unset) and clears it before
/// the answer; elsewhere there is none.
#[cfg(target_os = "linux")]
#[test]
fn progress_shows_on_a_terminal_only() {
    // Progress shows from the start, when the main thread next looks (every
    // 50 ms): runs of a few tenths of a second here.
    let args = ["values", "0.6", "--upto", "2^18"];
    assert_progress_on_a_terminal_only(&args, "G(n)", "262144");
    // Unset, the line waits a second; this run takes a millisecond.
    let mut command = Command::new(EXE);
    command.args(["values", "0.6", "--upto", "100"]);
    let shown = cgt_testkit::fixture::run_on_terminal(command).shown;
    assert!(!shown.contains("computed up to"), "{shown:?}");
}

/// The misère search shows its progress per heap the same way.
#[cfg(target_os = "linux")]
#[test]
fn misere_progress_shows_on_a_terminal_only() {
    let args = ["values", "0.77", "--upto", "46", "--misere"];
    assert_progress_on_a_terminal_only(&args, "g-(n)", "46");
}

/// The misère quotient shows the heap it has reached and the order so
/// far (a heap where the quotient grows can take minutes).
#[cfg(target_os = "linux")]
#[test]
fn quotient_progress_shows_on_a_terminal_only() {
    let args = ["quotient", "0.07", "--max-heap", "27"];
    let shown = assert_progress_on_a_terminal_only(&args, "Q", "27");
    assert!(shown.contains(" (order "), "{shown:?}");
}

// `cgt eval`.

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
fn values_print_as_cgsuite_prints_them() {
    // Character for character what CGSuite 2.x prints.
    for (expr, written) in [
        (
            "domineering(....|....|....|....)",
            "+-{0,{{2|0},2Tiny(2)|{2|0},Miny(2)}}",
        ),
        ("{0||0|-2}", "Tiny(2)"),
        ("{2||2|0}", "2Tiny(2)"),
        ("{2|0||0}", "Miny(2)"),
        ("{1|-1}", "+-1"),
        ("{0||0|v*}", "{0|^<2>}"),
        ("1 + -1", "0"),
        ("1 - -1", "2"),
    ] {
        assert_eq!(eval(expr), written, "{expr}");
    }
    // The order the options were written in does not matter, and what is
    // printed prints the same when read back.
    assert_eq!(eval("{{1||1|0},{2|1}|-5}"), eval("{{2|1},{1||1|0}|-5}"));
    let once = eval("{-3^*3|-3*2||-3*2,-3,-3*}");
    assert_eq!(eval(&once), once);
}

#[test]
fn eval_list_names_every_ruleset_with_an_example_that_evaluates() {
    let output = run(&["eval", "--list"]);
    assert_eq!(output.status.code(), Some(0), "{}", stderr(&output));
    let text = stdout(&output);
    let lines: Vec<&str> = text.lines().collect();
    assert!(lines.len() >= 4, "{text}");
    for line in lines {
        let (example, rules) = line.split_once(": ").expect("example: rules");
        assert!(!rules.is_empty(), "{line}");
        // Each example is a term eval reads.
        let _ = eval(example);
    }
    let output = run(&["eval", "--list", "x"]);
    assert_eq!(output.status.code(), Some(2));
    assert_eq!(stderr(&output).lines().count(), 1);
}

#[test]
fn json_of_a_game_whose_thermograph_overflowed() {
    // Its thermograph's right wall lost a breakpoint, which showed as an
    // overflow; every property exists.
    let output = run(&["eval", "{2|0,{0|-1},{0|0,{0|-1}}||0}", "--json"]);
    assert_eq!(output.status.code(), Some(0), "{}", stderr(&output));
    assert_fields(
        stdout(&output).trim_end(),
        &[
            ("value", "\"{2|0,{0|-1},{0|0,{0|-1}}||0}\""),
            ("outcome", "\"R\""),
            ("mean", "\"0\""),
            ("temperature", "\"0\""),
            ("birthday", "\"5\""),
            ("reduced", "\"0\""),
            ("atomic_weight", "\"-1\""),
        ],
    );
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
    assert_fields(
        json,
        &[
            ("outcome", "\"N\""),
            ("left_stop", "\"1\""),
            ("right_stop", "\"-1\""),
            ("mean", "\"0\""),
            ("temperature", "\"1\""),
            ("birthday", "\"2\""),
            ("atomic_weight", "null"),
        ],
    );
    // Up: an infinitesimal of atomic weight 1, reduced to 0.
    let up = stdout(&run(&["eval", "clobber(xxo)", "--json"]));
    assert_fields(
        &up,
        &[
            ("value", "\"^\""),
            ("outcome", "\"L\""),
            ("reduced", "\"0\""),
            ("atomic_weight", "\"1\""),
            ("temperature", "\"0\""),
        ],
    );
    // A number m/2^k has temperature -1/2^k.
    let number = stdout(&run(&["eval", "hackenbush(lr)", "--json"]));
    assert_fields(
        &number,
        &[
            ("value", "\"1/2\""),
            ("outcome", "\"L\""),
            ("temperature", "\"-1/2\""),
        ],
    );
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
    let (output, svg) = run_with_file(&["eval", "{3|-1}"], "--thermograph", "thermograph.svg");
    assert_eq!(output.status.code(), Some(0), "{}", stderr(&output));
    assert_eq!(stdout(&output), "{3|-1}\n");
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
    let bad = std::env::temp_dir()
        .join("cgt-no-such-folder")
        .join("t.svg");
    let output = run(&["eval", "*", "--thermograph", bad.to_str().expect("UTF-8")]);
    assert_eq!(output.status.code(), Some(1));
    assert!(stderr(&output).contains("--thermograph"));
}

#[test]
fn errors_name_the_place_and_exit_with_status_2() {
    for (args, words) in [
        (&["eval", "1 + {1|"][..], "at character"),
        (&["eval", "domineering(..|x.)"], "at character"),
        (
            &["eval", "hackenbush(l(r;))"],
            "EXPR at character 12: hackenbush position: at character 5",
        ),
        (
            &["eval", "chess(e4)"],
            "EXPR at character 1: unknown name `chess`",
        ),
        (&["eval"], "expected an expression after eval"),
        (
            &["eval", "1", "--svg"],
            "expected --json, --thermograph, --stats, --misere, --compare, --ends or --max-memory",
        ),
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
        assert!(message.starts_with("cgt: "), "{message}");
        assert!(message.contains(words), "{args:?}: {message}");
    }
}

#[test]
#[cfg(target_os = "linux")]
fn a_long_computation_shows_progress_on_a_terminal_only() {
    let (plain, shown) = shown_on_a_terminal(&["eval", &empty_board(7, 4)]);
    assert!(
        shown.contains("\rcgt: eval: computing canonical forms ("),
        "no progress in {:?}",
        &shown[..200.min(shown.len())]
    );
    // Cleared with spaces, then the value from the start of the line.
    let answer = plain.replace('\n', "\r\n");
    let cleared = format!("\r{:60}\r{answer}", "");
    assert!(
        shown.ends_with(&cleared),
        "{:?}",
        &shown[shown.len().saturating_sub(200)..]
    );
}

/// Checks that `svg` is one well-formed SVG document: one `<svg>` root,
/// every element closed in order, quoted attributes, text without markup
/// characters, and `&` only in the five XML entities.
fn assert_well_formed_svg(svg: &str) {
    assert!(
        svg.starts_with("<svg xmlns=\"http://www.w3.org/2000/svg\""),
        "{svg}"
    );
    assert!(svg.ends_with("</svg>\n"), "{svg}");
    let mut open: Vec<&str> = Vec::new();
    let mut rest = svg;
    let mut roots = 0;
    while let Some(start) = rest.find('<') {
        let text = &rest[..start];
        assert!(!text.contains('>'), "markup in text {text:?}");
        let mut entities = text.split('&').skip(1);
        assert!(
            entities.all(|e| ["amp;", "lt;", "gt;", "quot;", "apos;"]
                .iter()
                .any(|name| e.starts_with(name))),
            "a bare & in {text:?}"
        );
        let end = rest[start..].find('>').expect("a tag ends") + start;
        let tag = &rest[start + 1..end];
        if let Some(name) = tag.strip_prefix('/') {
            assert_eq!(open.pop(), Some(name), "closing {name}");
        } else {
            let empty = tag.ends_with('/');
            let tag = tag.trim_end_matches('/');
            let name = tag.split(' ').next().expect("a name");
            assert!(
                !name.is_empty() && name.chars().all(|c| c.is_ascii_alphabetic()),
                "{tag}"
            );
            // Attributes: name="value" pairs, values without quotes or '<'.
            let attributes = &tag[name.len()..];
            assert_eq!(attributes.matches('"').count() % 2, 0, "{tag}");
            for pair in attributes.split('"').collect::<Vec<_>>().chunks(2) {
                if let [key, value] = pair {
                    assert!(key.trim_start().ends_with('='), "{tag}");
                    assert!(!value.contains('<'), "{tag}");
                }
            }
            if open.is_empty() {
                roots += 1;
                assert_eq!(name, "svg");
            }
            if !empty {
                open.push(name);
            }
        }
        rest = &rest[end + 1..];
    }
    assert!(open.is_empty(), "unclosed {open:?}");
    assert_eq!(roots, 1);
    assert_eq!(rest, "\n");
}

/// Both pictures, drawn by the one SVG writer, are well-formed documents
/// that show what they showed before: the plot's dots or pixel columns and
/// its marks, the thermograph's walls, mast and labels.
#[test]
fn pictures_are_well_formed_svg() {
    let (output, dots) = run_with_file(&["period", "0.07"], "--plot", "dots.svg");
    assert_eq!(output.status.code(), Some(0), "{}", stderr(&output));
    assert_well_formed_svg(&dots);
    assert_eq!(dots.matches("<circle ").count(), 1024, "one dot per value");
    for mark in [
        "preperiod 53",
        "one period (34)",
        ">G(n)</text>",
        "stroke-dasharray",
    ] {
        assert!(dots.contains(mark), "{mark}");
    }
    let (output, columns) = run_with_file(
        &["values", "0.6", "--upto", "5000"],
        "--plot",
        "columns.svg",
    );
    assert_eq!(output.status.code(), Some(0), "{}", stderr(&output));
    assert_well_formed_svg(&columns);
    assert_eq!(columns.matches("<circle ").count(), 0);
    assert_eq!(
        columns.matches("<line ").count(),
        820,
        "one line per pixel column"
    );
    let (output, thermograph) =
        run_with_file(&["eval", "{3|-1} + {1|*}"], "--thermograph", "sum.svg");
    assert_eq!(output.status.code(), Some(0), "{}", stderr(&output));
    assert_well_formed_svg(&thermograph);
    // Two walls (paths), the axes (a path), the mast and two dashed or
    // grey lines, the stops as two dots.
    assert_eq!(thermograph.matches("<path ").count(), 3);
    assert_eq!(thermograph.matches("<circle ").count(), 2);
    assert!(thermograph.contains("Thermograph of "));
    assert!(thermograph.contains("value (Left&apos;s side on the left)"));
}

// Hostile input to the real binary.

/// Runs the program with `args` given as raw bytes (Unix arguments need not
/// be UTF-8).
#[cfg(unix)]
fn run_bytes(args: &[&[u8]]) -> Output {
    use std::os::unix::ffi::OsStrExt;
    Command::new(EXE)
        .args(args.iter().map(|a| std::ffi::OsStr::from_bytes(a)))
        .output()
        .expect("the program runs")
}

/// An argument that is not UTF-8, for any command, is one line naming it
/// and exit status 2 (it was a panic of `std::env::args`).
#[cfg(unix)]
#[test]
fn an_argument_that_is_not_utf8_is_named() {
    for (args, number) in [
        (&[&b"eval"[..], b"\xff"][..], 2),
        (&[b"values", b"\xff", b"--upto", b"3"], 2),
        (&[b"\xff"], 1),
        (&[b"period", b"0.07", b"--plot", b"a\xffb.svg"], 4),
        (&[b"formula", b"0.07", b"--lang", b"rust\xc3"], 4),
        (
            &[b"eval", b"1", b"--thermograph", b"\xfe.svg", b"--help"],
            4,
        ),
    ] {
        let output = run_bytes(args);
        assert_eq!(output.status.code(), Some(2), "{args:?}");
        assert!(output.stdout.is_empty(), "{args:?}");
        let err = stderr(&output);
        let expected = format!("cgt: argument {number}: expected valid UTF-8, found \"");
        assert!(err.starts_with(&expected), "{args:?}: {err}");
        assert!(err.contains("\\x"), "the bad byte is shown escaped: {err}");
        assert_eq!(err.lines().count(), 1, "{err}");
    }
    let output = run_bytes(&[b"values", b"\xff", b"--upto", b"3"]);
    assert_eq!(
        stderr(&output),
        "cgt: argument 2: expected valid UTF-8, found \"\\xFF\"\n"
    );
}

/// The commands of the standard-output tests: each writes something.
const WRITERS: [&[&str]; 6] = [
    &["eval", "1"],
    &["eval", "{3|-1}", "--json"],
    &["--help"],
    &["values", "0.07", "--upto", "100"],
    // About 100 KB: more than the output buffer, so writes fail midway.
    &["values", "0.(3)", "--upto", "20000"],
    &["period", "0.07", "--json"],
];

/// A full standard output (`> /dev/full`) is reported as the judge binaries
/// report it: `cannot write standard output: …`, one line, exit status 1
/// (it was a panic of `println!` for `eval` and `--help`).
#[cfg(target_os = "linux")]
#[test]
fn a_full_stdout_is_one_line_and_status_1() {
    let formula: &[&str] = &["formula", "0.07", "--lang", "rust"];
    for args in WRITERS.iter().chain([&formula]) {
        let full = std::fs::OpenOptions::new()
            .write(true)
            .open("/dev/full")
            .expect("/dev/full opens");
        let output = Command::new(EXE)
            .args(*args)
            .stdout(full)
            .output()
            .expect("the program runs");
        assert_eq!(
            output.status.code(),
            Some(1),
            "{args:?}: {}",
            stderr(&output)
        );
        let err = stderr(&output);
        assert!(
            err.starts_with("cgt: cannot write standard output: "),
            "{args:?}: {err}"
        );
        assert!(err.contains("os error 28"), "ENOSPC: {err}");
        assert_eq!(err.lines().count(), 1, "{args:?}: {err}");
    }
}

/// Standard output is a pipe nobody reads any more (`| head` after it
/// stopped): nothing is said and the exit status is 0, as for the judge
/// binaries (it was a panic of `println!`).
#[test]
fn a_pipe_without_a_reader_is_quiet_and_status_0() {
    for args in WRITERS {
        // A pipe whose reading end is gone: the reader, a child that reads
        // nothing, has exited; this process keeps only the writing end.
        let mut reader = Command::new(EXE)
            .arg("--help")
            .stdin(std::process::Stdio::piped())
            .stdout(std::process::Stdio::null())
            .spawn()
            .expect("the reader runs");
        let pipe = reader.stdin.take().expect("a pipe");
        assert!(reader.wait().expect("the reader ends").success());
        let output = Command::new(EXE)
            .args(args)
            .stdout(pipe)
            .output()
            .expect("the program runs");
        assert_eq!(stderr(&output), "", "{args:?}");
        assert_eq!(output.status.code(), Some(0), "{args:?}");
    }
}

/// A closed standard output (`>&-`): the Rust runtime opens it on
/// /dev/null, so the run succeeds with nothing on stderr.
#[cfg(unix)]
#[test]
fn a_closed_stdout_is_no_failure() {
    for args in WRITERS {
        let output = Command::new("sh")
            .arg("-c")
            .arg("exec \"$0\" \"$@\" >&-")
            .arg(EXE)
            .args(args)
            .output()
            .expect("sh runs");
        assert_eq!(stderr(&output), "", "{args:?}");
        assert_eq!(output.status.code(), Some(0), "{args:?}");
    }
}

/// An error that echoes text with a newline (or another control character)
/// stays one line: the character is written as an escape (`\n`).
#[test]
fn errors_that_echo_control_characters_stay_one_line() {
    let missing = std::env::temp_dir()
        .join("cgt-no-such-folder\nx")
        .join("t.svg");
    let missing = missing.to_str().expect("UTF-8");
    let escaped = missing.replace('\n', "\\n");
    let plot_error = format!("--plot {escaped}: ");
    let thermograph_error = format!("--thermograph {escaped}: ");
    let cases: &[(&[&str], &str, i32)] = &[
        (
            &["eval", "^<\n2>"],
            "cgt: eval: EXPR at character 3: expected a number, found `\\n`\n",
            2,
        ),
        (
            &["period", "0.1\nx"],
            "cgt: game \"0.1\\nx\", character 4: expected a digit 0-9 or A-F, found '\\n'\n",
            2,
        ),
        (&["eval", "{1|\u{1b}[31m}"], "found `\\u{1b}`", 2),
        (&["eval", "toppling(l\u{7})"], "found '\\u{7}'", 2),
        (&["eval", "^<\r2>"], "found `\\r`", 2),
        (&["so\nlve"], "found \"so\\nlve\"", 2),
        (&["period", "0.07", "--js\non"], "found \"--js\\non\"", 2),
        (&["eval", "1", "--js\non"], "found \"--js\\non\"", 2),
        (&["values", "0.07", "--upto", "1\n2"], "found \"1\\n2\"", 2),
        (
            &["formula", "0.07", "--lang", "r\nust"],
            "found \"r\\nust\"",
            2,
        ),
        (
            &["values", "0.07", "--upto", "3", "--plot", missing],
            &plot_error,
            1,
        ),
        (
            &["eval", "1", "--thermograph", missing],
            &thermograph_error,
            1,
        ),
    ];
    for &(args, expected, status) in cases {
        let output = run(args);
        assert_eq!(
            output.status.code(),
            Some(status),
            "{args:?}: {}",
            stderr(&output)
        );
        let err = stderr(&output);
        assert!(err.starts_with("cgt: "), "{args:?}: {err:?}");
        assert!(err.contains(expected), "{args:?}: {err:?}");
        assert_eq!(err.matches('\n').count(), 1, "{args:?}: {err:?}");
        assert!(err.ends_with('\n'), "{args:?}: {err:?}");
        assert!(!err.contains(['\r', '\u{1b}']), "{args:?}: {err:?}");
    }
}

/// `n` copies of `term` joined by `+`.
fn sum_of(term: &str, n: usize) -> String {
    vec![term; n].join("+")
}

/// `depth` braces around 0: {0|{0|…{0|0}…}}.
fn nested_braces(depth: usize) -> String {
    format!("{}0{}", "{0|".repeat(depth), "}".repeat(depth))
}

/// Long sums read on the default stack (the 64 MiB one is gone). One
/// argument holds at most 128 KiB on Linux, so 65,000 terms of `1` is about
/// the longest sum of single characters a command line can pass.
#[test]
fn long_sums_need_no_special_stack() {
    assert_eq!(eval(&sum_of("1", 65_000)), "65000");
    // {1|0} + {1|0} = 1.
    assert_eq!(eval(&sum_of("{1|0}", 21_000)), "10500");
    assert_eq!(eval(&format!("{} - 2", sum_of("*", 60_000))), "-2");
}

/// Nesting up to the notation's limit (200) reads on the default stack;
/// one more is one line and exit status 2.
#[test]
fn deep_nesting_within_the_limit_needs_no_special_stack() {
    for depth in [150, 200] {
        let braces = nested_braces(depth);
        // {0|G} for G = ^(k-1) is ^k: the difference with ^(depth-1) is 0.
        assert_eq!(eval(&format!("{braces} - ^{}", depth - 1)), "0", "{depth}");
        let parentheses = format!("{}1{}", "(".repeat(depth), ")".repeat(depth));
        assert_eq!(eval(&parentheses), "1", "{depth}");
        let tiny = format!("{}1{}", "Tiny(".repeat(depth), ")".repeat(depth));
        let _ = eval(&tiny);
        // {depth | {depth - 1 | … {1 | 0}}}: a hot game kept nested.
        let mut hot = "0".to_owned();
        for k in 1..=depth {
            hot = format!("{{{k}|{hot}}}");
        }
        let _ = eval(&hot);
        let _ = eval(&format!("{hot} + {braces}"));
    }
    let output = run(&["eval", &nested_braces(150), "--json"]);
    assert_eq!(output.status.code(), Some(0), "{}", stderr(&output));
    assert_eq!(field(&stdout(&output), "birthday"), "\"150\"");
    for expr in [
        nested_braces(201),
        format!("{}1{}", "(".repeat(201), ")".repeat(201)),
        format!("{}1{}", "Tiny(".repeat(201), ")".repeat(201)),
        format!("1 + {}", nested_braces(10_000)),
    ] {
        let output = run(&["eval", &expr]);
        assert_eq!(output.status.code(), Some(2), "{}", stderr(&output));
        assert!(stdout(&output).is_empty());
        let err = stderr(&output);
        assert!(err.starts_with("cgt: eval: EXPR at character "), "{err}");
        assert!(err.contains(": nesting deeper than 200, found `"), "{err}");
        assert_eq!(err.lines().count(), 1, "{err}");
    }
}

/// Switches written one inside the other without braces (`+-+-…1`, `±±…1`)
/// or as `+-{+-{…}}` are read by cgt-core's notation reader one recursive
/// call per switch, outside its nesting limit: a long enough chain
/// overflows any stack and aborts the process. This is the contract
/// (success or one line with exit status 2, never a signal) that holds once
/// cgt-core counts a switch as nesting or reads it without recursion.
#[test]
fn chained_switches_do_not_abort() {
    for expr in [
        format!("{}1", "+-".repeat(60_000)),
        format!("{}1", "±".repeat(40_000)),
        format!("{}1{}", "+-{".repeat(30_000), "}".repeat(30_000)),
    ] {
        let output = run(&["eval", &expr]);
        let err = stderr(&output);
        // Deeper than the reader's nesting limit: one line, exit status 2.
        assert_eq!(output.status.code(), Some(2), "{err}");
        assert!(err.contains("nesting deeper than 200"), "{err}");
        assert_eq!(err.lines().count(), 1, "{err}");
    }
}

#[test]
fn solve_says_who_wins_with_each_player_first_and_how() {
    let output = run(&["solve", "clobber(xo|ox) + 1/2"]);
    assert_eq!(output.status.code(), Some(0));
    assert_eq!(
        stdout(&output),
        "Left moving first: Left wins, moving clobber(xo|ox) to clobber(.x|ox)\n\
         Right moving first: Left wins\n"
    );
    // One player, as JSON; the move is the term written back by its ruleset.
    let output = run(&[
        "solve",
        "domineering(..|..) + 1/2",
        "--first",
        "right",
        "--json",
    ]);
    assert_eq!(
        stdout(&output),
        "{\"expression\":\"domineering(..|..) + 1/2\",\"first\":\"right\",\"winner\":\"right\",\
         \"move\":{\"term\":1,\"from\":\"domineering(..|..)\",\"to\":\"domineering(..)\"}}\n"
    );
    // Both players as JSON: the outcome class, and no move for a loser.
    let output = run(&[
        "solve",
        "hackenbush(:Alrl:A) - hackenbush(:Alrl:A)",
        "--json",
    ]);
    let json = stdout(&output);
    assert_eq!(field(&json, "outcome"), "\"P\"");
    assert!(
        json.contains("\"left_first\":{\"winner\":\"right\",\"move\":null}"),
        "{json}"
    );
}

#[test]
fn solve_agrees_with_eval_on_the_rulesets_examples() {
    let list = stdout(&run(&["eval", "--list"]));
    for line in list.lines() {
        let example = line.split(": ").next().expect("an example first");
        let name = example.split('(').next().expect("a name first");
        let ruleset = cgt_rulesets::registry::find(name).expect("a registered name");
        if ruleset.kind == cgt_rulesets::registry::Kind::Loopy {
            // solve takes short games only.
            continue;
        }
        let outcome = field(&eval_json(example), "outcome")
            .trim_matches('"')
            .to_owned();
        let json = stdout(&run(&["solve", example, "--json"]));
        assert_eq!(
            field(&json, "outcome"),
            format!("\"{outcome}\""),
            "{example}: {json}"
        );
    }
}

fn eval_json(expr: &str) -> String {
    let output = run(&["eval", expr, "--json"]);
    assert_eq!(output.status.code(), Some(0), "{expr}: {}", stderr(&output));
    stdout(&output)
}

/// `solve --stats`: the answers on stdout exactly as without it, then one
/// line on stderr (a JSON object with `--json` and with `--batch`): the
/// cases answered, the sums searched, the games stored, the peak bytes and
/// the seconds spent answering; the numbers plausible, the time not judged.
#[test]
fn solve_stats_are_one_line_on_stderr() {
    // Amazons' regions are searched, not valued.
    let expr = "amazons(x..|...|..o)";
    let output = run(&["solve", expr, "--stats"]);
    assert_eq!(output.status.code(), Some(0), "{}", stderr(&output));
    assert_eq!(stdout(&output), stdout(&run(&["solve", expr])));
    let err = stderr(&output);
    assert_eq!(err.lines().count(), 1, "{err}");
    let items = stats_line(&err, "solve");
    let names: Vec<&str> = items.iter().map(|(name, _)| name.as_str()).collect();
    assert_eq!(
        names,
        [
            "cases",
            "sums searched",
            "games stored",
            "peak bytes",
            "seconds"
        ]
    );
    let [cases, searched, games, peak, seconds] = [0, 1, 2, 3, 4].map(|i| items[i].1);
    assert_eq!(cases, 1.0);
    assert!(searched >= 1.0, "{err}");
    assert!(games >= 1.0 && peak >= 1e6 && seconds >= 0.0, "{err}");
    // With --batch, one object after every answer, counting every case.
    let input = format!("left: {expr}\n\nright: {expr}\n*\n");
    let output = run_with_input(&["solve", "--batch", "--stats"], &input);
    assert_eq!(output.status.code(), Some(0), "{}", stderr(&output));
    assert_eq!(stdout(&output).lines().count(), 3);
    let err = stderr(&output);
    assert_eq!(err.lines().count(), 1, "{err}");
    assert_eq!(
        keys(&err),
        [
            "cases",
            "sums_searched",
            "games_stored",
            "peak_bytes",
            "seconds"
        ]
    );
    assert_eq!(field(&err, "cases"), "3");
}

/// The program run with `args`, `input` written to its standard input.
fn run_with_input(args: &[&str], input: &str) -> Output {
    use std::io::Write as _;
    use std::process::Stdio;
    let mut child = Command::new(EXE)
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the program runs");
    child
        .stdin
        .take()
        .expect("stdin")
        .write_all(input.as_bytes())
        .expect("written");
    child.wait_with_output().expect("the program ends")
}

#[test]
fn solve_batch_answers_a_line_at_a_time_and_stops_at_a_bad_one() {
    let batch = |input: &str| run_with_input(&["solve", "--batch"], input);
    let output = batch("left: toads(t.f)\n\nright: cutcake(2,3) + eatcake(1,1)\n*\n");
    assert_eq!(output.status.code(), Some(0), "{}", stderr(&output));
    let lines: Vec<String> = stdout(&output).lines().map(str::to_owned).collect();
    assert_eq!(lines.len(), 3, "{lines:?}");
    assert_eq!(field(&lines[0], "winner"), "\"left\"");
    assert_eq!(field(&lines[1], "first"), "\"right\"");
    assert_eq!(field(&lines[2], "outcome"), "\"N\"");
    // A line that does not read: the lines before it answered, then one
    // line on stderr with the line number, and exit status 2.
    let output = batch("left: 1\nright: clobber(xo\n");
    assert_eq!(output.status.code(), Some(2));
    assert_eq!(stdout(&output).lines().count(), 1);
    let message = stderr(&output);
    assert_eq!(message.lines().count(), 1, "{message}");
    assert!(
        message.starts_with("cgt: solve: line 2: at character"),
        "{message}"
    );
}

/// `+-1 + +-2 + … + +-n`: distinct switches, whose sum's canonical form
/// has about 2^n followers (20 take 12 MB, 24 take 75 MB and 26 take
/// 270 MB); forty never fit.
fn switches(n: usize) -> String {
    (1..=n)
        .map(|k| format!("+-{k}"))
        .collect::<Vec<_>>()
        .join(" + ")
}

/// An empty Domineering board of `rows` × `columns`.
fn empty_board(rows: usize, columns: usize) -> String {
    format!("domineering({})", vec![".".repeat(columns); rows].join("|"))
}

/// A Sheep board whose solve runs for minutes and gigabytes.
const SHEEP_7X6: &str =
    "sheep(0,-1,0,0,0,0|0,0,0,0,-1,0|0,0,0,0,0,0|0,0,0,8,0,0|0,0,0,0,0,0|0,0,0,0,0,0|-8,0,0,0,0,0)";

/// Checks that `output` is a stop past the memory budget: exit status 1,
/// nothing on stdout, one line on stderr that names the command and the
/// budget of `mib` MiB.
fn assert_past_the_budget(output: &Output, command: &str, mib: u64, what: &str) {
    let message = stderr(output);
    assert_eq!(output.status.code(), Some(1), "{what}: {message}");
    assert!(stdout(output).is_empty(), "{what}");
    assert_eq!(message.lines().count(), 1, "{what}: {message}");
    assert!(
        message.starts_with(&format!("cgt: {command}: stopped at ")),
        "{what}: {message}"
    );
    assert!(
        message.ends_with(&format!(
            " MiB, past the memory budget of {mib} MiB (--max-memory)\n"
        )),
        "{what}: {message}"
    );
}

/// Every command that computes stops alike past `--max-memory`, on real
/// inputs whose memory grows (none of them ends otherwise, on this
/// machine or any other): one line, exit status 1, never killed.
#[test]
#[cfg(target_os = "linux")]
fn every_command_past_the_memory_budget_stops_with_one_line() {
    let forty = switches(40);
    let board_5x6 = empty_board(5, 6);
    let board_6x8 = empty_board(6, 8);
    let board_8x8 = empty_board(8, 8);
    let cases: &[(&[&str], &str, u64)] = &[
        // 2^26 values, reserved but filled as they are computed (2 bytes
        // each, more with several threads): 8 MiB within a few seconds.
        (
            &["values", "0.6", "--upto", "2^26", "--max-memory", "8M"],
            "values",
            8,
        ),
        // The misère search of Kayles keeps an entry per list of heaps
        // (47 MB by 50 heaps, 188 MB by 60).
        (
            &[
                "values",
                "0.77",
                "--upto",
                "80",
                "--misere",
                "--max-memory",
                "20M",
            ],
            "values",
            20,
        ),
        // .354's period starts past ten million (it is certified with
        // G(0..=20126194) computed): the analysis doubles its table of
        // values, 8 MiB for 2^21 of them.
        (
            &["period", "0.354", "--upto", "2^27", "--max-memory", "10M"],
            "period",
            10,
        ),
        (
            &[
                "formula",
                "0.354",
                "--lang",
                "rust",
                "--upto",
                "2^27",
                "--max-memory",
                "10M",
            ],
            "formula",
            10,
        ),
        // An empty 5 × 6 board holds about 150 MiB on its way.
        (&["eval", &board_5x6, "--max-memory", "40M"], "eval", 40),
        (&["eval", &board_8x8, "--max-memory", "40M"], "eval", 40),
        (&["eval", &forty, "--max-memory", "40M"], "eval", 40),
        (
            &["eval", &forty, "--json", "--max-memory", "40M"],
            "eval",
            40,
        ),
        (&["solve", &board_6x8, "--max-memory", "40M"], "solve", 40),
        // Sheep on a 7 × 6 board (MCGS's sheep3 case 6, past MCGS's 10 s
        // limit): the search's tables of the regions it meets grow by
        // gigabytes.
        (&["solve", SHEEP_7X6, "--max-memory", "40M"], "solve", 40),
    ];
    for &(args, command, mib) in cases {
        assert_past_the_budget(&run(args), command, mib, &args.join(" "));
    }
    // solve --batch: the worker that reads the lines is watched too.
    let mut child = Command::new(EXE)
        .args(["solve", "--batch", "--max-memory", "40M"])
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .expect("the program runs");
    let mut stdin = child.stdin.take().expect("piped");
    std::io::Write::write_all(&mut stdin, format!("left: {board_6x8}\n").as_bytes())
        .expect("written");
    drop(stdin);
    let output = child.wait_with_output().expect("the program ends");
    assert_past_the_budget(&output, "solve", 40, "solve --batch");
}

/// Known-hard inputs, an empty 8 × 8 board and the sum of forty switches,
/// show their progress on a terminal and end with the budget's one line
/// (the progress line cleared first), never with an abort. Progress shows
/// from the start (`CGT_PROGRESS_AFTER=0`), so small budgets do.
#[test]
#[cfg(target_os = "linux")]
fn hard_inputs_show_progress_then_stop_at_the_budget() {
    for (expr, mib) in [(empty_board(8, 8), 40), (switches(40), 40)] {
        let mut command = Command::new(EXE);
        let budget = format!("{mib}M");
        command
            .args(["eval", &expr, "--max-memory", &budget])
            .env("CGT_PROGRESS_AFTER", "0");
        let run = cgt_testkit::fixture::run_on_terminal(command);
        let shown = run.shown;
        assert_eq!(run.status, Some(1), "{expr}: {shown:?}");
        assert!(
            shown.starts_with("\rcgt: eval: computing canonical forms ("),
            "{expr}: {:?}",
            &shown[..200.min(shown.len())]
        );
        let cleared = format!("\r{:60}\rcgt: eval: stopped at ", "");
        let at = shown
            .find(&cleared)
            .unwrap_or_else(|| panic!("{expr}: {shown:?}"));
        let message = &shown[at + cleared.len()..];
        let past = format!(" MiB, past the memory budget of {mib} MiB (--max-memory)\r\n");
        assert!(message.ends_with(&past), "{expr}: {message:?}");
        assert_eq!(message.matches('\n').count(), 1, "{expr}: {message:?}");
    }
}

/// Runs the program with `args` under `ulimit -v` of `kib` KiB.
#[cfg(target_os = "linux")]
fn run_under_ulimit(kib: u64, args: &[&str]) -> Output {
    Command::new("sh")
        .arg("-c")
        .arg(format!("ulimit -v {kib} && exec \"$0\" \"$@\""))
        .arg(EXE)
        .args(args)
        .output()
        .expect("sh runs")
}

/// Under `ulimit -v`, where the allocator aborts a process that asks for
/// more, no command aborts: a table sized by the input that the system
/// refuses is one line, and without `--max-memory` the budget is a third
/// of the address space left, so a growing search stops with one line
/// before any table of it doubles past the limit (the empty 6 × 6 Cram
/// board aborted at 92 MB under 200 MB when the budget was counted in
/// resident memory).
#[test]
#[cfg(target_os = "linux")]
fn under_ulimit_nothing_aborts() {
    // 2 bytes a value while they fit: 2^28 values are 512 MiB.
    let output = run_under_ulimit(400_000, &["values", "0.6", "--upto", "2^28"]);
    assert_eq!(output.status.code(), Some(1), "{}", stderr(&output));
    assert_eq!(
        stderr(&output),
        "cgt: no memory for G(0..=268435456) (513 MiB): the system refused it\n"
    );
    let cram = empty_board(6, 6).replace("domineering", "cram");
    for args in [
        &["eval", &cram][..],
        &["eval", &switches(40), "--json"],
        // The misère search of S(1,3,4) to 2^20 holds 140 MB.
        &["values", "S(1,3,4)", "--upto", "2^20", "--misere"],
    ] {
        let output = run_under_ulimit(300_000, args);
        let message = stderr(&output);
        assert_eq!(output.status.code(), Some(1), "{args:?}: {message}");
        assert_eq!(message.lines().count(), 1, "{args:?}: {message}");
        assert!(
            message.contains(" MiB of address space, past the memory budget of "),
            "{args:?}: {message}"
        );
        assert!(
            message.ends_with(" MiB (a third of what ulimit -v leaves; --max-memory sets one)\n"),
            "{args:?}: {message}"
        );
    }
    // Small work fits.
    let output = run_under_ulimit(300_000, &["eval", &empty_board(4, 4)]);
    assert_eq!(output.status.code(), Some(0), "{}", stderr(&output));
}

/// With room, the same commands answer.
#[test]
fn with_room_within_the_budget_commands_answer() {
    let output = run(&["eval", "domineering(...|...)", "--max-memory", "1G"]);
    assert_eq!(output.status.code(), Some(0));
    assert_eq!(stdout(&output).trim_end(), eval("domineering(...|...)"));
    let output = run(&["values", "0.07", "--upto", "20", "--max-memory", "1G"]);
    assert_eq!(output.status.code(), Some(0), "{}", stderr(&output));
    assert_eq!(
        stdout(&output),
        "0 0 1 1 2 0 3 1 1 0 3 3 2 2 4 0 5 2 2 3 3\n"
    );
    let output = run(&["period", "0.07", "--max-memory", "1G"]);
    assert_eq!(output.status.code(), Some(0), "{}", stderr(&output));
    assert!(stdout(&output).starts_with("0.07: preperiod 53, period 34, saltus 0\n"));
}

/// The numbers of `COMMAND --stats`' line, by name: `name N` items after
/// `cgt: COMMAND --stats: `, separated by commas.
fn stats_line(line: &str, command: &str) -> Vec<(String, f64)> {
    line.trim_end()
        .strip_prefix(&format!("cgt: {command} --stats: "))
        .unwrap_or_else(|| panic!("{line}"))
        .split(", ")
        .map(|item| {
            let (name, number) = item.rsplit_once(' ').expect("name and number");
            (name.to_owned(), number.parse().expect("a number"))
        })
        .collect()
}

/// `eval --stats`: the answer on stdout exactly as without it, then one
/// line on stderr (a JSON object with `--json`) with the positions
/// searched, the games stored, the store's bytes, the peak bytes of the
/// process and the seconds; the numbers plausible, the time not judged.
#[test]
fn eval_stats_are_one_line_on_stderr() {
    let board = "domineering(....|....|...#)";
    let output = run(&["eval", board, "--stats"]);
    assert_eq!(output.status.code(), Some(0), "{}", stderr(&output));
    assert_eq!(stdout(&output).trim_end(), eval(board));
    let err = stderr(&output);
    assert_eq!(err.lines().count(), 1, "{err}");
    let stats = stats_line(&err, "eval");
    let names: Vec<&str> = stats.iter().map(|(name, _)| name.as_str()).collect();
    assert_eq!(
        names,
        [
            "positions searched",
            "games stored",
            "store bytes",
            "peak bytes",
            "seconds"
        ]
    );
    let [positions, games, bytes, peak, seconds] = [0, 1, 2, 3, 4].map(|i| stats[i].1);
    // Every region of the board down to the empty one is searched once.
    assert!(positions >= 20.0, "{err}");
    assert!(games >= 2.0, "{err}");
    // A game takes tens of bytes in the store, and the process holds it.
    assert!(bytes >= games * 16.0, "{err}");
    assert!(peak >= bytes, "{err}");
    assert!(seconds >= 0.0, "{err}");
    // With --json, the same numbers as one object.
    let output = run(&["eval", board, "--stats", "--json"]);
    assert_eq!(output.status.code(), Some(0));
    assert_eq!(stdout(&output), stdout(&run(&["eval", board, "--json"])));
    let err = stderr(&output);
    assert_eq!(err.lines().count(), 1, "{err}");
    assert_eq!(
        keys(&err),
        [
            "positions_searched",
            "games_stored",
            "store_bytes",
            "peak_bytes",
            "seconds"
        ]
    );
    assert_eq!(field(&err, "positions_searched"), format!("{positions}"));
    // The invariants JSON reports (reduced form, thermograph …) make games
    // of their own.
    let json_games: f64 = field(&err, "games_stored").parse().expect("a number");
    assert!(json_games >= games, "{err}");
    // Notation alone searches no ruleset position.
    let output = run(&["eval", "{1|*} + ^", "--stats"]);
    assert_eq!(output.status.code(), Some(0));
    let stats = stats_line(&stderr(&output), "eval");
    assert_eq!(stats[0], ("positions searched".to_owned(), 0.0));
    assert!(stats[1].1 >= 3.0);
}

#[test]
fn loopy_games_print_in_cgsuite_form_and_say_what_they_cannot_do() {
    for (expr, value) in [
        ("{pass|3/2}", "3/2under"),
        ("{-1/4+*|pass}", "-1/4v[on]"),
        ("{on|0||0}", "Miny(on)"),
        ("{0||0|under}", "Tiny(over)"),
        ("+-{0|pass}", "+-over"),
        ("a{{|a}|}", "1 & 0"),
        ("{0|{dud|},*}", "^ & v*"),
        ("over + 1", "1over"),
        ("fox_and_geese((4,2),(4,4),(4,6),(4,8);(1,1))", "{4*|7/2}"),
    ] {
        assert_eq!(eval(expr), value, "{expr}");
    }
    let json = stdout(&run(&["eval", "{0|{dud|},*}", "--json"]));
    assert_fields(
        &json,
        &[
            ("value", "\"^ & v*\""),
            ("outcome", "\"NHat\""),
            ("is_stopper", "false"),
            ("onside", "\"^\""),
            ("offside", "\"v*\""),
        ],
    );
    assert_eq!(
        field(&stdout(&run(&["eval", "dud", "--json"])), "outcome"),
        "\"D\""
    );
    // Bad notation: exit 2, the position.
    for (expr, line) in [
        (
            "{0|b}",
            "at character 4: `b` is not a name defined around it",
        ),
        ("pass", "at character 1: `pass` is a move"),
        ("{pass|pass} & off", "`&` takes two stoppers"),
        (
            "fox_and_geese((1,1);(1,1))",
            "the fox is on a goose's square",
        ),
    ] {
        let output = run(&["eval", expr]);
        assert_eq!(output.status.code(), Some(2), "{expr}");
        assert!(
            stderr(&output).contains(line),
            "{expr}: {}",
            stderr(&output)
        );
        assert_eq!(stderr(&output).lines().count(), 1, "{expr}");
    }
    // Sides found by simplifying the graph, where sidling alone does not
    // settle.
    let output = run(&["eval", "backsliding(tt..f)"]);
    assert_eq!(output.status.code(), Some(0), "{}", stderr(&output));
    assert_eq!(String::from_utf8_lossy(&output.stdout), "on\n");
}

/// The number of values a checkpoint file holds (its header, see
/// `src/checkpoint.rs`).
fn checkpoint_count(bytes: &[u8]) -> u64 {
    let name_len = u32::from_le_bytes(bytes[12..16].try_into().expect("4 bytes")) as usize;
    let at = 16 + name_len + 1;
    u64::from_le_bytes(bytes[at..at + 8].try_into().expect("8 bytes"))
}

#[test]
fn a_killed_run_resumes_to_the_same_values() {
    let dir = std::env::temp_dir().join(format!("cgt-resume-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("a temporary folder");
    let file = dir.join("run.ck");
    let path = file.to_str().expect("UTF-8 path");
    let upto = "2^21";
    // A checkpoint at every stop of the engine (every 2^16 values), so that
    // one is there soon; the run is then killed (SIGKILL, nothing of ours
    // runs after it) while it computes.
    let mut child = Command::new(EXE)
        .args(["values", ".16", "--upto", upto, "--threads", "1"])
        .args(["--checkpoint", path, "--checkpoint-every", "0"])
        .stdout(std::process::Stdio::null())
        .spawn()
        .expect("the program starts");
    while !file.exists() {
        assert!(
            child.try_wait().expect("waits").is_none(),
            "the run ended before its first checkpoint"
        );
        std::thread::sleep(std::time::Duration::from_millis(5));
    }
    child.kill().expect("killed");
    child.wait().expect("waited for");
    let count = checkpoint_count(&std::fs::read(&file).expect("the checkpoint reads"));
    assert!(count > 0 && count < (1 << 21) + 1, "{count} values");
    // Resumed on two threads, checkpointing to the same file; then an
    // uninterrupted run on one.
    let resumed = run(&[
        "values",
        ".16",
        "--upto",
        upto,
        "--resume",
        path,
        "--checkpoint",
        path,
        "--threads",
        "2",
    ]);
    assert!(resumed.status.success(), "{}", stderr(&resumed));
    let whole = run(&["values", ".16", "--upto", upto, "--threads", "1"]);
    assert_eq!(stdout(&resumed), stdout(&whole));
    let count = checkpoint_count(&std::fs::read(&file).expect("the checkpoint reads"));
    assert_eq!(count, (1 << 21) + 1);
    // A finished checkpoint answers a smaller --upto by itself.
    let smaller = run(&["values", ".16", "--upto", "1000", "--resume", path]);
    let direct = run(&["values", ".16", "--upto", "1000"]);
    assert_eq!(stdout(&smaller), stdout(&direct));
    std::fs::remove_dir_all(&dir).expect("cleaned up");
}

#[test]
fn bad_checkpoints_and_threads_get_one_line_and_status_2() {
    let dir = std::env::temp_dir().join(format!("cgt-badck-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("a temporary folder");
    let good = dir.join("good.ck");
    let good = good.to_str().expect("UTF-8 path");
    let made = run(&["values", "0.07", "--upto", "5000", "--checkpoint", good]);
    assert!(made.status.success(), "{}", stderr(&made));
    let bytes = std::fs::read(good).expect("reads");
    let truncated = dir.join("truncated.ck");
    std::fs::write(&truncated, &bytes[..bytes.len() / 2]).expect("writes");
    let garbage = dir.join("garbage.ck");
    std::fs::write(&garbage, b"not a checkpoint at all").expect("writes");
    let huge = dir.join("huge.ck");
    let mut claim = bytes.clone();
    let at = 16 + 4 + 1;
    claim[at..at + 8].copy_from_slice(&u64::MAX.to_le_bytes());
    std::fs::write(&huge, &claim).expect("writes");
    let missing = dir.join("missing.ck");
    let path = |p: &std::path::Path| p.to_str().expect("UTF-8 path").to_owned();
    let cases: Vec<(Vec<String>, &str)> = vec![
        (
            vec!["0.77".into(), "--resume".into(), good.into()],
            "a checkpoint of 0.07, not of 0.77",
        ),
        (
            vec!["0.07".into(), "--resume".into(), path(&truncated)],
            "truncated",
        ),
        (
            vec!["0.07".into(), "--resume".into(), path(&garbage)],
            "not a cgt-lab checkpoint",
        ),
        (
            vec!["0.07".into(), "--resume".into(), path(&huge)],
            "at most",
        ),
        (
            vec!["0.07".into(), "--resume".into(), path(&missing)],
            "--resume",
        ),
        (
            vec!["0.(7)".into(), "--checkpoint".into(), good.into()],
            "finite octal codes",
        ),
        (
            vec!["0.07".into(), "--threads".into(), "0".into()],
            "--threads expected",
        ),
        (
            vec!["0.07".into(), "--threads".into(), "two".into()],
            "--threads expected",
        ),
        (
            vec!["0.07".into(), "--checkpoint-every".into(), "5".into()],
            "needs --checkpoint",
        ),
    ];
    for (args, says) in cases {
        let mut all = vec!["values".to_owned()];
        all.push(args[0].clone());
        all.extend(["--upto".to_owned(), "6000".to_owned()]);
        all.extend(args[1..].iter().cloned());
        let all: Vec<&str> = all.iter().map(String::as_str).collect();
        let output = run(&all);
        let error = stderr(&output);
        assert_eq!(output.status.code(), Some(2), "{all:?}: {error}");
        assert_eq!(error.lines().count(), 1, "{all:?}: {error}");
        assert!(error.contains(says), "{all:?}: {error}");
    }
    let period = run(&["period", "0.07", "--resume", good]);
    assert_eq!(period.status.code(), Some(2));
    std::fs::remove_dir_all(&dir).expect("cleaned up");
}

#[test]
fn threads_do_not_change_the_values_or_the_period() {
    for code in ["0.6", ".16", ".354", "0.0007"] {
        let one = run(&["values", code, "--upto", "40000", "--threads", "1"]);
        for threads in ["2", "3"] {
            let many = run(&["values", code, "--upto", "40000", "--threads", threads]);
            assert_eq!(stdout(&one), stdout(&many), "{code} on {threads} threads");
        }
    }
    // Far enough that values take longer than the threshold at which the
    // threads join (2^16 on); far more threads than the engine uses.
    let one = run(&["values", "0.6", "--upto", "2^17", "--threads", "1"]);
    for threads in ["2", "100000"] {
        let many = run(&["values", "0.6", "--upto", "2^17", "--threads", threads]);
        assert!(many.status.success(), "{}", stderr(&many));
        assert_eq!(stdout(&one), stdout(&many), "0.6 on {threads} threads");
    }
    let one = run(&["period", "0.07", "--threads", "1", "--json"]);
    let two = run(&["period", "0.07", "--threads", "2", "--json"]);
    assert!(one.status.success());
    assert_eq!(stdout(&one), stdout(&two));
}

#[test]
fn options_go_before_or_after_the_operand_and_double_dash_ends_them() {
    // The same answer, byte for byte, whichever side of the operand the
    // options are on.
    for (after, before) in [
        (
            &["eval", "{1|-1} + 1/2", "--json"][..],
            &["eval", "--json", "{1|-1} + 1/2"][..],
        ),
        (
            &["values", "0.77", "--upto", "12", "--json"],
            &["values", "--upto", "12", "--json", "0.77"],
        ),
        (&["period", "0.07", "--json"], &["period", "--json", "0.07"]),
        (
            &["formula", "S(1,3,4)", "--lang", "cpp"],
            &["formula", "--lang", "cpp", "S(1,3,4)"],
        ),
        (
            &["solve", "clobber(xo)", "--first", "right", "--json"],
            &["solve", "--first", "right", "--json", "clobber(xo)"],
        ),
    ] {
        let (a, b) = (run(after), run(before));
        assert_eq!(a.status.code(), Some(0), "{after:?}: {}", stderr(&a));
        assert_eq!((a.stdout, a.stderr), (b.stdout, b.stderr), "{before:?}");
        assert_eq!(b.status.code(), Some(0), "{before:?}");
    }
    // A leading `-` is an operand, as before; after `--`, so is anything.
    assert_eq!(eval("-1"), "-1");
    assert_eq!(eval("-{1|2}"), "-3/2");
    for args in [&["eval", "--", "-1"][..], &["eval", "--json", "--", "-1"]] {
        let output = run(args);
        assert_eq!(
            output.status.code(),
            Some(0),
            "{args:?}: {}",
            stderr(&output)
        );
        assert!(
            stdout(&output).starts_with("-1\n") || stdout(&output).starts_with("{\"value\":\"-1\"")
        );
    }
    // After `--` an option's name is an operand: here a second one.
    let output = run(&["eval", "1", "--", "--json"]);
    assert_eq!(output.status.code(), Some(2));
    assert_eq!(
        stderr(&output),
        "cgt: argument 4: expected --json, --thermograph, --stats, --misere, --compare, --ends or --max-memory, found \"--json\"\n"
    );
    // An unknown option is named wherever it is; a missing operand is
    // counted after the last argument.
    for (args, message) in [
        (
            &["eval", "--jsn", "1"][..],
            "argument 2: expected --json, --thermograph, --stats, --misere, --compare, --ends or --max-memory, found \"--jsn\"",
        ),
        (
            &["values", "--upto", "5"],
            "argument 4: expected a game after values",
        ),
        (
            &["solve", "--first", "left", "--batch"],
            "argument 2: expected --budget, --stats, --max-memory or nothing after --batch, found \"--first\"",
        ),
        (
            &["solve", "--json"],
            "argument 3: expected an expression or --batch after solve",
        ),
    ] {
        let output = run(args);
        assert_eq!(output.status.code(), Some(2), "{args:?}");
        assert_eq!(stderr(&output), format!("cgt: {message}\n"), "{args:?}");
    }
}

#[test]
fn a_loopy_stoppers_json_has_its_stops() {
    // The stops from their definition (Siegel, *Combinatorial Game
    // Theory*, VI.4): L(G) is G for a pseudonumber (a number, on, off,
    // x over, x under), else the greatest R(G^L); R(G) is G for a
    // pseudonumber, else the least L(G^R).
    for (expr, left, right) in [
        // {pass|3/2} is 3/2under, a pseudonumber: both stops are itself.
        ("{pass|3/2}", "3/2under", "3/2under"),
        ("over", "over", "over"),
        ("on", "on", "on"),
        ("over + 1", "1over", "1over"),
        // L = R(1) = 1; R = L(over) = over.
        ("{1|over}", "1", "over"),
        // The same plus 1: L = 2, R = 1over.
        ("{1|over} + 1", "2", "1over"),
        // L = R(over) = over; R = L(-1) = -1.
        ("{over|-1}", "over", "-1"),
        // L = R(on) = on; R = L(off) = off.
        ("{on|off}", "on", "off"),
        // upon = {pass|*}: Left's one move is to upon itself, so
        // L(upon) = R(upon) = L(*) = R(0) = 0.
        ("upon", "0", "0"),
    ] {
        let json = stdout(&run(&["eval", expr, "--json"]));
        assert_eq!(
            keys(&json),
            [
                "value",
                "outcome",
                "is_stopper",
                "onside",
                "offside",
                "left_stop",
                "right_stop"
            ],
            "{expr}: {json}"
        );
        assert_fields(
            &json,
            &[
                ("is_stopper", "true"),
                ("left_stop", &format!("\"{left}\"")),
                ("right_stop", &format!("\"{right}\"")),
            ],
        );
    }
    // A value with two sides is not a stopper: no stops, the keys as before.
    let json = stdout(&run(&["eval", "dud", "--json"]));
    assert_eq!(
        keys(&json),
        ["value", "outcome", "is_stopper", "onside", "offside"]
    );
}

#[test]
fn a_checkpoint_never_replaces_what_cgt_did_not_make() {
    let dir = std::env::temp_dir().join(format!("cgt-foreign-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("a temporary folder");
    let mine = dir.join("mine.txt");
    std::fs::write(&mine, "the user's notes\n").expect("writes");
    let link = dir.join("link");
    std::os::unix::fs::symlink(&mine, &link).expect("a symbolic link");
    let folder = dir.join("folder");
    std::fs::create_dir_all(&folder).expect("a folder");
    for target in [&mine, &link, &folder] {
        let path = target.to_str().expect("UTF-8 path");
        let output = run(&["values", "0.77", "--upto", "100", "--checkpoint", path]);
        assert_eq!(output.status.code(), Some(2), "{path}: {}", stderr(&output));
        let message = stderr(&output);
        assert_eq!(message.lines().count(), 1, "{message}");
        assert!(
            message.contains("cgt does not write over a file it did not make"),
            "{message}"
        );
    }
    assert_eq!(
        std::fs::read_to_string(&mine).expect("still there"),
        "the user's notes\n"
    );
    assert!(
        std::fs::symlink_metadata(&link)
            .expect("still there")
            .file_type()
            .is_symlink()
    );
    assert!(folder.is_dir());
    // A checkpoint cgt wrote is one it may write again.
    let own = dir.join("own.cp");
    let own = own.to_str().expect("UTF-8 path");
    for upto in ["100", "200"] {
        let output = run(&["values", "0.77", "--upto", upto, "--checkpoint", own]);
        assert_eq!(output.status.code(), Some(0), "{}", stderr(&output));
    }
    std::fs::remove_dir_all(&dir).expect("cleaned up");
}

/// A checkpoint as `src/checkpoint.rs` writes it, checksum and all: what a
/// forger with the format in hand makes.
fn checkpoint_bytes(name: &str, values: &[u16]) -> Vec<u8> {
    let mut bytes = b"CGTLABCP".to_vec();
    bytes.extend(1u32.to_le_bytes());
    bytes.extend((name.len() as u32).to_le_bytes());
    bytes.extend(name.as_bytes());
    bytes.push(2);
    bytes.extend((values.len() as u64).to_le_bytes());
    for v in values {
        bytes.extend(v.to_le_bytes());
    }
    let mut sum: u64 = 0xcbf2_9ce4_8422_2325;
    for &b in &bytes {
        sum = (sum ^ u64::from(b)).wrapping_mul(0x0000_0100_0000_01b3);
    }
    bytes.extend(sum.to_le_bytes());
    bytes
}

#[test]
fn a_forged_checkpoint_is_refused_before_any_value_is_printed() {
    let dir = std::env::temp_dir().join(format!("cgt-forged-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("a temporary folder");
    let file = dir.join("forged.ck");
    let path = file.to_str().expect("UTF-8 path");
    // The format is right: the same bytes with the true values resume.
    let truth: Vec<u16> = stdout(&run(&["values", "0.6", "--upto", "69999"]))
        .split_whitespace()
        .map(|v| v.parse().expect("a value"))
        .collect();
    assert_eq!(truth.len(), 70_000);
    std::fs::write(&file, checkpoint_bytes("0.6", &truth)).expect("writes");
    let resumed = run(&["values", "0.6", "--upto", "70010", "--resume", path]);
    assert_eq!(resumed.status.code(), Some(0), "{}", stderr(&resumed));
    assert_eq!(
        stdout(&resumed),
        stdout(&run(&["values", "0.6", "--upto", "70010"]))
    );
    // 70,000 zeros; one value changed in the middle of the last stretch;
    // every value from 10,000 on raised by one.
    let mut one = truth.clone();
    one[69_990] ^= 1;
    let mut raised = truth.clone();
    for v in &mut raised[10_000..] {
        *v += 1;
    }
    for (what, values) in [("zeros", vec![0; 70_000]), ("one", one), ("raised", raised)] {
        std::fs::write(&file, checkpoint_bytes("0.6", &values)).expect("writes");
        let output = run(&["values", "0.6", "--upto", "70010", "--resume", path]);
        let error = stderr(&output);
        assert_eq!(output.status.code(), Some(2), "{what}: {error}");
        assert_eq!(error.lines().count(), 1, "{what}: {error}");
        assert!(
            error
                .contains("is not the mex of its options' values: the values are not those of 0.6"),
            "{what}: {error}"
        );
        assert!(output.stdout.is_empty(), "{what}: values printed");
    }
    std::fs::remove_dir_all(&dir).expect("cleaned up");
}

/// Waits for `child` at most `seconds`; kills it and fails if it runs on.
fn finished_within(mut child: std::process::Child, seconds: u64, what: &str) -> Output {
    let start = std::time::Instant::now();
    while child.try_wait().expect("waits").is_none() {
        if start.elapsed().as_secs() >= seconds {
            child.kill().expect("killed");
            child.wait().expect("waited for");
            panic!("{what}: still running after {seconds} s");
        }
        std::thread::sleep(std::time::Duration::from_millis(20));
    }
    child.wait_with_output().expect("the output")
}

#[test]
fn a_pipe_is_never_a_checkpoint_for_any_command() {
    let dir = std::env::temp_dir().join(format!("cgt-fifo-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("a temporary folder");
    let fifo = dir.join("pipe");
    let made = Command::new("mkfifo")
        .arg(&fifo)
        .status()
        .expect("mkfifo runs");
    assert!(made.success());
    let path = fifo.to_str().expect("UTF-8 path");
    // A pipe at the temporary name is refused too.
    let beside = dir.join("ck");
    let tmp = dir.join("ck.tmp");
    let made = Command::new("mkfifo")
        .arg(&tmp)
        .status()
        .expect("mkfifo runs");
    assert!(made.success());
    let beside = beside.to_str().expect("UTF-8 path");
    let cases: Vec<(Vec<&str>, &str)> = vec![
        (
            vec!["values", "0.77", "--upto", "100", "--checkpoint", path],
            "which is not a regular file",
        ),
        (
            vec!["values", "0.77", "--upto", "100", "--checkpoint", beside],
            "which is not a regular file",
        ),
        (
            // Opening a pipe to read would wait for a writer forever.
            vec!["values", "0.77", "--upto", "100", "--resume", path],
            "not a regular file",
        ),
        (
            vec!["period", "0.77", "--checkpoint", path],
            "--checkpoint and --resume are for values",
        ),
        (
            vec!["formula", "0.77", "--lang", "rust", "--checkpoint", path],
            "--checkpoint and --resume are for values",
        ),
        (
            vec!["period", "0.77", "--resume", path],
            "--checkpoint and --resume are for values",
        ),
    ];
    for (args, says) in cases {
        let child = Command::new(EXE)
            .args(&args)
            .stdout(std::process::Stdio::piped())
            .stderr(std::process::Stdio::piped())
            .spawn()
            .expect("the program starts");
        let output = finished_within(child, 20, &args.join(" "));
        let error = stderr(&output);
        assert_eq!(output.status.code(), Some(2), "{args:?}: {error}");
        assert_eq!(error.lines().count(), 1, "{args:?}: {error}");
        assert!(error.contains(says), "{args:?}: {error}");
        for pipe in [&fifo, &tmp] {
            use std::os::unix::fs::FileTypeExt;
            let kind = std::fs::symlink_metadata(pipe)
                .expect("still there")
                .file_type();
            assert!(kind.is_fifo(), "{args:?} replaced {}", pipe.display());
        }
    }
    std::fs::remove_dir_all(&dir).expect("cleaned up");
}

/// `values` fills the values after a certified period from it: the same
/// bytes as the engine computing each value (the `--checkpoint` run), for
/// codes with and without a period certified in range.
#[test]
fn values_after_a_certified_period_are_the_engines() {
    let dir = std::env::temp_dir().join(format!("cgt-filled-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("a temporary folder");
    for code in ["0.07", "0.77", "0.137", "0.51", "0.6", ".16", "0.35", "4.7"] {
        let file = dir.join(format!("{code}.ck"));
        let path = file.to_str().expect("UTF-8 path");
        let engine = run(&["values", code, "--upto", "30000", "--checkpoint", path]);
        assert!(engine.status.success(), "{}", stderr(&engine));
        for json in [false, true] {
            let mut args = vec!["values", code, "--upto", "30000"];
            if json {
                args.push("--json");
            }
            let filled = run(&args);
            assert!(filled.status.success(), "{}", stderr(&filled));
            let expected = if json {
                format!("[{}]\n", stdout(&engine).trim_end().replace(' ', ","))
            } else {
                stdout(&engine)
            };
            assert_eq!(stdout(&filled), expected, "{code}");
        }
    }
    // Far past 0.07's certificate at 142: the engine would take minutes.
    let far = run(&["values", "0.07", "--upto", "2^20"]);
    assert!(far.status.success(), "{}", stderr(&far));
    let far = stdout(&far);
    let near = stdout(&run(&["values", "0.07", "--upto", "34000"]));
    assert_eq!(far.split(' ').count(), (1 << 20) + 1);
    assert!(far.starts_with(near.trim_end()));
    std::fs::remove_dir_all(&dir).expect("cleaned up");
}
