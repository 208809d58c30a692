//! The impartial heap rulesets through the real program: their examples'
//! values, a sum with another ruleset, and bad or too costly positions as
//! one line on stderr with exit status 2, within seconds.

mod common;

use common::run_within;

/// Runs `cgt args…` within 20 s of CPU.
fn run(args: &[&str]) -> std::process::Output {
    run_within(args, 20)
}

fn text(bytes: &[u8]) -> String {
    String::from_utf8(bytes.to_vec()).expect("UTF-8")
}

#[test]
fn heap_rulesets_value_their_examples() {
    for (expr, value) in [
        ("nim(3,5,7)", "*"),
        ("dawsons_kayles(7,4)", "*3"),
        ("grundys_game(7,5)", "*2"),
        ("subtraction([1,3,4];10,7)", "*"),
        ("splittles([2,3];9,4)", "*3"),
        ("take_and_break(4!.0;9,5)", "*3"),
        ("wythoff(4,7)", "0"),
        ("wythoff(2,6;r=2)", "0"),
        ("nim(1999) + kayles(3)", "*1996"),
    ] {
        let output = run(&["eval", expr]);
        assert_eq!(
            output.status.code(),
            Some(0),
            "{expr}: {}",
            text(&output.stderr)
        );
        assert_eq!(text(&output.stdout).trim_end(), value, "{expr}");
    }
}

#[test]
fn bad_heap_positions_are_one_line_and_exit_2() {
    for (expr, holds) in [
        (
            "nim(2000)",
            "a heap has at most 1999 tokens under these rules",
        ),
        (
            "nim(99999999999999999999999)",
            "a heap has at most 10000 tokens",
        ),
        ("take_and_break(0.7x;3)", "expected a digit"),
        ("take_and_break(1.7;3)", "d0 (taking nothing)"),
        ("take_and_break(0.*;500)", "a heap has at most"),
        ("subtraction([0];3)", "a number taken is 1 to 10000"),
        ("wythoff(1000,1000)", "list more than 10000000 options"),
    ] {
        for command in ["eval", "solve"] {
            let output = run(&[command, expr]);
            let err = text(&output.stderr);
            assert_eq!(output.status.code(), Some(2), "{command} {expr}: {err}");
            assert_eq!(err.lines().count(), 1, "{command} {expr}: {err}");
            assert!(err.contains(holds), "{command} {expr}: {err}");
            assert!(!err.contains("panicked"), "{command} {expr}: {err}");
            assert_eq!(text(&output.stdout), "", "{command} {expr}");
        }
    }
}
