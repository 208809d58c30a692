//! `cgt solve` and the loopy sums of `cgt eval` on what a fuzzer found
//! (issue 39, items 3, 5 and 10): terms `eval` values at once answer at
//! once, with winning moves that win; sums of loopy ruleset terms are
//! valued term by term; loopy games and a bare `left:` in `--batch` get one
//! line and exit status 2. Each runs the real program, killed (and the test
//! failed) if it has not ended within a bound far above what it takes.

use std::io::Write as _;
use std::process::{Command, Output, Stdio};
use std::sync::mpsc;
use std::time::Duration;

const EXE: &str = env!("CARGO_BIN_EXE_cgt");

/// The bound past which a run counts as a hang: each of these takes
/// under two seconds, and took minutes (or the memory budget) before.
const HANG: Duration = Duration::from_secs(60);

/// Runs the program with `args` (and `input` on standard input), killing
/// it past [`HANG`]. The output is read as it comes (a big answer would
/// fill the pipe and stall the child otherwise).
fn run(args: &[&str], input: &str) -> Output {
    let mut child = Command::new(EXE)
        .args(args)
        .args(["--max-memory", "1G"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the program runs");
    let mut stdin = child.stdin.take().expect("stdin");
    stdin.write_all(input.as_bytes()).expect("written");
    drop(stdin);
    let id = child.id();
    let (sender, receiver) = mpsc::channel();
    std::thread::spawn(move || sender.send(child.wait_with_output()));
    match receiver.recv_timeout(HANG) {
        Ok(output) => output.expect("the program ends"),
        Err(_) => {
            let _ = Command::new("kill").arg(id.to_string()).status();
            let shown: Vec<String> = args.iter().map(|a| a.chars().take(40).collect()).collect();
            panic!("{shown:?} ran past {HANG:?}");
        }
    }
}

fn stdout(output: &Output) -> String {
    String::from_utf8(output.stdout.clone()).expect("UTF-8")
}

fn stderr(output: &Output) -> String {
    String::from_utf8(output.stderr.clone()).expect("UTF-8")
}

/// The value `eval` prints for `expr`.
fn eval(expr: &str) -> String {
    let output = run(&["eval", expr], "");
    assert_eq!(output.status.code(), Some(0), "{expr}: {}", stderr(&output));
    stdout(&output).trim_end().to_owned()
}

/// `solve`'s lines for `expr`, both players first.
fn solve(expr: &str) -> Vec<String> {
    let output = run(&["solve", expr], "");
    assert_eq!(output.status.code(), Some(0), "{expr}: {}", stderr(&output));
    stdout(&output).lines().map(str::to_owned).collect()
}

/// The outcome class `eval --json` gives `expr`.
fn outcome(expr: &str) -> String {
    let output = run(&["eval", expr, "--json"], "");
    assert_eq!(output.status.code(), Some(0), "{expr}: {}", stderr(&output));
    let json = stdout(&output);
    let (_, rest) = json.split_once("\"outcome\":\"").expect("an outcome");
    rest.split('"').next().expect("closed").to_owned()
}

/// Checks `solve`'s answer for a single ruleset term `term` against
/// `eval`'s outcome of it, and that each winning move wins: after
/// Left's move Right, moving first, loses (the outcome is P or L), and
/// after Right's alike.
fn check_single_term(term: &str) {
    let lines = solve(term);
    assert_eq!(lines.len(), 2, "{term}: {lines:?}");
    let class = outcome(term);
    for (line, player, won) in [
        (&lines[0], "Left", ["L", "N"]),
        (&lines[1], "Right", ["R", "N"]),
    ] {
        let first = format!("{player} moving first: ");
        let rest = line.strip_prefix(&first).expect("the player first");
        let wins = won.contains(&class.as_str());
        assert_eq!(
            rest.starts_with(&format!("{player} wins")),
            wins,
            "{term}: {line}"
        );
        if !wins {
            continue;
        }
        let moved = format!("{player} wins, moving {term} to ");
        let to = rest.strip_prefix(&moved).expect("a winning move");
        let after = outcome(to);
        let loses_next = if player == "Left" {
            ["P", "L"]
        } else {
            ["P", "R"]
        };
        assert!(
            loses_next.contains(&after.as_str()),
            "{term} to {to}: {after}"
        );
    }
}

#[test]
fn solve_answers_at_once_what_eval_values_at_once() {
    let stalk = format!("hackenbush({})", "l".repeat(100_000));
    let row = format!("toppling({})", "e".repeat(100_000));
    for term in [
        "maundy_cake(10000,10000)",
        "cutcake(64,64)",
        "eatcake(16,16)",
        stalk.as_str(),
        row.as_str(),
    ] {
        check_single_term(term);
    }
    // The answers themselves, as eval's values say: cutcake(64,64) and
    // maundy_cake(10000,10000) are 0, eatcake(16,16) is *, the stalk is
    // 100000 and the row *100000.
    assert_eq!(
        solve("cutcake(64,64)"),
        [
            "Left moving first: Right wins",
            "Right moving first: Left wins"
        ]
    );
    assert_eq!(
        solve(&format!("{row} + *100000")),
        [
            "Left moving first: Right wins",
            "Right moving first: Left wins"
        ]
    );
    assert_eq!(
        solve(&format!("{stalk} - 100000")),
        [
            "Left moving first: Right wins",
            "Right moving first: Left wins"
        ]
    );
}

#[test]
fn sums_of_loopy_ruleset_terms_are_valued_term_by_term() {
    let x = "backsliding(t.f.tf)";
    assert_eq!(eval(x), "*");
    assert_eq!(eval(&format!("{x} + {x}")), "0");
    assert_eq!(eval(&format!("{x} - {x}")), "0");
    assert_eq!(eval(&format!("{x} + {x} + {x}")), "*");
    // A stopper that is no short game takes part as its simplest form:
    // on + off is dud, on + on is on.
    assert_eq!(eval("backsliding(t.ft)"), "on");
    assert_eq!(eval("backsliding(t.f.f)"), "off");
    assert_eq!(eval("backsliding(t.ft) + backsliding(t.f.f)"), "dud");
    assert_eq!(eval("backsliding(t.ft) + backsliding(t.ft) + 5"), "on");
}

#[test]
fn solve_says_in_one_line_that_a_loopy_game_is_evals() {
    for expr in [
        "on",
        "backsliding(t.f)",
        "1 + backsliding(t.f.tf)",
        "{pass|0}",
    ] {
        let output = run(&["solve", expr], "");
        assert_eq!(output.status.code(), Some(2), "{expr}");
        assert_eq!(stdout(&output), "", "{expr}");
        assert_eq!(
            stderr(&output),
            "cgt: solve: EXPR a loopy game (play may go on forever): solve answers short games \
             only; `cgt eval` gives a loopy game's value and outcome, draws included\n",
            "{expr}"
        );
    }
    // What reads in no way keeps its own message.
    let output = run(&["solve", "chess(e4)"], "");
    assert_eq!(output.status.code(), Some(2));
    assert_eq!(
        stderr(&output),
        "cgt: solve: EXPR at character 1: unknown name `chess`\n"
    );
}

#[test]
fn solve_batch_refuses_a_player_with_no_expression() {
    // The input, the line refused, its prefix, the lines answered before.
    for (input, line, prefix, answered) in [
        ("clobber(xo)\nleft:\n1\n", 2, "left:", 1),
        ("\n  right:   \n", 2, "right:", 0),
        ("left: 1\nright: *\nleft:", 3, "left:", 2),
    ] {
        let output = run(&["solve", "--batch"], input);
        assert_eq!(output.status.code(), Some(2), "{input:?}");
        assert_eq!(stdout(&output).lines().count(), answered, "{input:?}");
        assert_eq!(
            stderr(&output),
            format!("cgt: solve: line {line}: expected an expression after `{prefix}`\n"),
            "{input:?}"
        );
    }
    // A blank line is still skipped.
    let output = run(&["solve", "--batch"], "\n   \nleft: 1\n");
    assert_eq!(output.status.code(), Some(0), "{}", stderr(&output));
    assert_eq!(stdout(&output).lines().count(), 1);
}
