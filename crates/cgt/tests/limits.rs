//! The limits of `eval` and `solve`, run on the real program: what the
//! fuzzer of issue 39 found (a panic on a huge nimber, a printed value that
//! did not read back, minutes on a short sum) each ends within seconds
//! with an answer or one line on stderr and its exit status.

mod common;

use common::{run_within, run_within_env, stderr, stdout};

/// The limit of loopy work (`CGT_MAX_LOOPY_WORK`) for the tests of what
/// happens past it: 2^24 steps, reached in a fraction of a second, where
/// the default 2^30 takes about ten. Work the limit does not charge still
/// runs for minutes and is caught by the tests' CPU limit. One test reaches
/// the default limit itself, and one shows that it refuses nothing the
/// program valued before it.
const LOWER_LOOPY_WORK: (&str, &str) = ("CGT_MAX_LOOPY_WORK", "16777216");

/// One line on stderr starting with `start` and holding `holds`, nothing
/// on stdout, exit status `status`, no panic.
fn assert_one_line(args: &[&str], status: i32, start: &str, holds: &str) {
    assert_one_line_within(20, args, status, start, holds);
}

/// [`assert_one_line`] within `seconds` of CPU.
fn assert_one_line_within(seconds: u64, args: &[&str], status: i32, start: &str, holds: &str) {
    check_one_line(run_within(args, seconds), args, status, start, holds);
}

/// [`assert_one_line`] within 10 s of CPU, with the lower limit of loopy
/// work ([`LOWER_LOOPY_WORK`]).
fn assert_one_line_past_lower_limit(args: &[&str], status: i32, start: &str, holds: &str) {
    let output = run_within_env(args, 10, &[LOWER_LOOPY_WORK]);
    check_one_line(output, args, status, start, holds);
}

fn check_one_line(
    output: std::process::Output,
    args: &[&str],
    status: i32,
    start: &str,
    holds: &str,
) {
    let err = stderr(&output);
    assert_eq!(output.status.code(), Some(status), "{args:?}: {err}");
    assert_eq!(err.lines().count(), 1, "{args:?}: {err}");
    assert!(err.starts_with(start), "{args:?}: {err}");
    assert!(err.contains(holds), "{args:?}: {err}");
    assert!(!err.contains("panicked"), "{args:?}: {err}");
    assert_eq!(stdout(&output), "", "{args:?}");
}

/// A nimber too large to list its options is solved without listing them
/// (it was refused, and before that a panic): the winning move is among a
/// few, by the order of numbers, ups and nimbers.
#[test]
fn a_nimber_too_large_to_expand_is_solved_at_once() {
    for (expr, answer) in [
        (
            "*4097",
            "Left moving first: Left wins, moving *4097 to 0\n\
             Right moving first: Right wins, moving *4097 to 0\n",
        ),
        (
            "*5000 + 1/2",
            "Left moving first: Left wins, moving 1/2*5000 to 1/2\n\
             Right moving first: Left wins\n",
        ),
        (
            "*2147483647 + 1",
            "Left moving first: Left wins, moving 1*2147483647 to 1\n\
             Right moving first: Left wins\n",
        ),
        (
            "*2147483647 + *5",
            "Left moving first: Left wins, moving *2147483642 to 0\n\
             Right moving first: Right wins, moving *2147483642 to 0\n",
        ),
        (
            "^*2147483647",
            "Left moving first: Left wins, moving ^*2147483647 to 0\n\
             Right moving first: Left wins\n",
        ),
    ] {
        let output = run_within(&["solve", expr], 10);
        assert_eq!(stdout(&output), answer, "{expr}: {}", stderr(&output));
        assert_eq!(output.status.code(), Some(0), "{expr}");
    }
    // Beside a game that is not a number, an up or a nimber, the sum is
    // refused as eval refuses it.
    assert_one_line(
        &["solve", "*2147483647 + {1|0}"],
        2,
        "cgt: solve: EXPR ",
        "a nimber above *4096",
    );
}

/// A loopy game with a nimber of some size among its options: its positions
/// are counted once each (`{pass|*64}` was refused as 2049 positions), and
/// the upon form printed reads back, within seconds.
#[test]
fn a_pass_beside_a_nimber_is_valued_and_reads_back() {
    for (text, value) in [
        ("{pass|*64}", "^[on]*65"),
        ("^[on]*65", "^[on]*65"),
        ("{*100|pass}", "v[on]*101"),
        ("v[on]*101", "v[on]*101"),
    ] {
        let output = run_within(&["eval", text], 10);
        assert_eq!(
            stdout(&output),
            format!("{value}\n"),
            "{text}: {}",
            stderr(&output)
        );
        assert_eq!(output.status.code(), Some(0), "{text}");
    }
}

#[test]
fn a_nimber_too_large_as_an_option_says_so_not_loopy() {
    assert_one_line(
        &["eval", "{*5000|0}"],
        2,
        "cgt: eval: EXPR at character 1: ",
        "a nimber above *4096 or a multiple of up above 2^20 as an option",
    );
}

#[test]
fn every_uptimal_printed_reads_back() {
    let printed = run_within(&["eval", "{0|v[32]*}"], 20);
    assert_eq!(stdout(&printed), "^<33>\n");
    for (text, expected) in [
        ("^<33>", "^<33>"),
        ("^[33]", "^[33]"),
        ("v<33>", "v<33>"),
        ("v[33]*", "v[33]*"),
        ("1/2^<128>*3", "1/2^<128>*3"),
    ] {
        let output = run_within(&["eval", text], 20);
        assert_eq!(output.status.code(), Some(0), "{text}: {}", stderr(&output));
        assert_eq!(stdout(&output), format!("{expected}\n"), "{text}");
    }
    // ^<33> read and printed is what {0|v[32]*} printed.
    let again = run_within(&["eval", "^<33> - {0|v[32]*}"], 20);
    assert_eq!(stdout(&again), "0\n");
    // Past the one bound reader and writer share: one line, exit 2.
    assert_one_line(
        &["eval", "^<129>"],
        2,
        "cgt: eval: EXPR at character 3: ",
        "expected a number from 1 to 128",
    );
}

#[test]
fn a_costly_sum_with_a_nimber_is_refused_within_seconds() {
    for expr in [
        "*211 + Tiny(2)",
        "^[32] + *59",
        "*1024+{1|0}",
        "*4096+{1|0}",
        "*4096 + Tiny(2)",
    ] {
        assert_one_line(
            &["eval", expr],
            1,
            "cgt: eval: EXPR at character ",
            "past the limit of 33554432",
        );
    }
    // Under the limit, the sum is made.
    let output = run_within(&["eval", "*181 + {1|0}"], 20);
    assert_eq!(stdout(&output), "{1*181|*181}\n");
    let output = run_within(&["eval", "*16 + Tiny(2)"], 20);
    assert_eq!(
        stdout(&output),
        "{0,*,*2,*3,*4,*5,*6,*7,*8,*9,*10,*11,*12,*13,*14,*15,*16||*16|-2*16}\n"
    );
}

#[test]
fn solve_refuses_a_costly_sum_in_one_line() {
    let output = run_within(&["solve", "*211 + Tiny(2)"], 20);
    let err = stderr(&output);
    assert_eq!(err.lines().count(), 1, "{err}");
    assert!(err.contains("past the limit of 33554432"), "{err}");
    assert!(!err.contains("panicked"), "{err}");
    // A limit reached, not bad input: exit 1, as `eval` says it.
    assert_eq!(output.status.code(), Some(1), "{err}");
}

/// Found by `cargo xtask fuzz`: a loopy ruleset's term that is a short
/// game beside a large number made the number a graph of 4097 positions and
/// ran for minutes; the sum is short, and read as one.
#[test]
fn a_short_loopy_term_beside_a_large_number_is_a_short_sum() {
    let output = run_within(&["eval", "backsliding(.)+4097 + (backsliding(.))"], 20);
    assert_eq!(stdout(&output), "4097\n", "{}", stderr(&output));
    assert_eq!(output.status.code(), Some(0));
}

/// Found by `cargo xtask fuzz`: a number before `Tiny(…)` of a loopy game
/// was printed and then refused.
#[test]
fn a_loopy_value_with_a_number_before_tiny_reads_back() {
    for text in ["1/2Miny(on) & -1/2Tiny(on)", "{3||3|off}"] {
        let output = run_within(&["eval", text], 20);
        let printed = stdout(&output);
        let again = run_within(&["eval", printed.trim_end()], 20);
        assert_eq!(stdout(&again), printed, "{text}: {}", stderr(&again));
    }
}

/// Issue 39: the loopy reader valued every short part by the order of a
/// graph of all the forms below it (`{1v4|*40} & 0` took 7 s, growing as
/// n^6); short parts are now short games, and the forms a loopy component
/// moves to share their positions. Each answer is the one the old
/// program gave, slowly.
#[test]
fn loopy_games_with_short_parts_are_valued_within_seconds() {
    for (text, value) in [
        ("{1v4|(*40)} & 0", "{1v4|*40} & 0"),
        ("over + *40", "over"),
        ("{over|*30}", "{over|*30}"),
        ("upon + *30", "^[on]*30"),
        ("{5/1,*31|a{a|0}} + {5/1,*31|a{a|0}}", "5under"),
    ] {
        let output = run_within(&["eval", text], 10);
        assert_eq!(
            stdout(&output),
            format!("{value}\n"),
            "{text}: {}",
            stderr(&output)
        );
        assert_eq!(output.status.code(), Some(0), "{text}");
    }
}

/// A loopy game that reads but is too large to value says so, not that
/// its loopy words are no short game: a limit reached, exit status 1.
#[test]
fn a_loopy_game_too_large_to_value_says_so() {
    for (text, holds) in [
        ("upon + *200", "too much work"),
        ("a{a|*3000}", "too much work"),
        (
            "{pass|*5000}",
            "too many positions to take part in a loopy game",
        ),
    ] {
        assert_one_line_past_lower_limit(&["eval", text], 1, "cgt: eval: EXPR", holds);
    }
}

/// Found by `cargo xtask fuzz` (seeds 4139 and 11): loopy sums whose
/// valuing ran for minutes, each part within its own bound but their
/// number without one (a local graph of `*1902`'s positions for each of
/// thousands of components, orders of graphs one after another). Every
/// part of a loopy computation is now charged to one limit of work before
/// it is done: the sum ends within seconds, with its value or one line.
#[test]
fn a_costly_loopy_sum_is_refused_within_seconds() {
    assert_one_line_past_lower_limit(
        &[
            "eval",
            "{5/8*|Tiny(4*6),Tiny(*255)} + rooks(x.o|o.x) + {+-dud|a{a|0},{^<2>|0}} + rooks(x.o|o.x)",
        ],
        1,
        "cgt: eval: EXPR at character 1: ",
        "too much work",
    );
}

/// The second sum the fuzzer found: the canonical naming of each of its
/// forms (a sort of every position's signature, once for each position)
/// was not charged, and it ran for minutes past the limit. About 10 s of
/// CPU at the default limit: bounded, not yet quick.
#[test]
fn a_loopy_sum_of_large_forms_is_refused_within_the_limit() {
    let text = "{(1),2v<32>*||(1000*1902),{^[1]|0}} - over";
    let output = run_within_env(&["eval", text], 10, &[LOWER_LOOPY_WORK]);
    let err = stderr(&output);
    assert_eq!(output.status.code(), Some(1), "{err}");
    assert_eq!(err.lines().count(), 1, "{err}");
    assert!(err.contains("too much work"), "{err}");
}

/// The limit of work of a loopy computation refuses nothing the program
/// answered before it: `backsliding(tt.t..ff)` (`on` in about 2 s) was
/// refused at 2^27 steps, and through a ruleset's term with exit status 2.
/// Here `tt..t.ff`, the costlier of the two (Python's tests value the
/// other).
#[test]
fn a_loopy_ruleset_position_valued_before_the_limit_is_still_valued() {
    let output = run_within(&["eval", "backsliding(tt..t.ff)"], 60);
    assert_eq!(stdout(&output), "on\n", "{}", stderr(&output));
    assert_eq!(output.status.code(), Some(0));
}

/// A ruleset's position past the limit of work is a limit reached, one
/// line and exit status 1, in `eval` and in `solve` (its term's error kept
/// its message but lost its kind, and said exit 2, a bad input). `eval`
/// reaches the default limit (about 10 s of CPU), the only test that does.
#[test]
fn a_loopy_ruleset_position_past_the_limit_is_a_limit_reached() {
    let args = ["eval", "backsliding(ttt.t..fff)"];
    let output = run_within(&args, 60);
    assert!(
        stderr(&output).contains(&format!("at most {}", 1_u64 << 30)),
        "{}",
        stderr(&output)
    );
    check_one_line(
        output,
        &args,
        1,
        "cgt: eval: EXPR at character 13: ",
        "too much work",
    );
    assert_one_line_past_lower_limit(
        &["solve", "backsliding(ttt.t..fff)"],
        1,
        "cgt: solve: EXPR at character 13: ",
        "too much work",
    );
}

/// The lower limit of the tests is the one in force, and a limit above the
/// default, or one that is not a number, leaves the default. (`a{a|*3000}`
/// asks for more than the default in one step, at once.)
#[test]
fn the_limit_of_loopy_work_only_goes_down() {
    let text = "a{a|*3000}";
    let lower = run_within_env(&["eval", text], 10, &[LOWER_LOOPY_WORK]);
    assert!(
        stderr(&lower).ends_with("at most 16777216\n"),
        "{}",
        stderr(&lower)
    );
    for ignored in [(1_u64 << 40).to_string(), "many".to_owned()] {
        let output = run_within_env(&["eval", text], 10, &[("CGT_MAX_LOOPY_WORK", &ignored)]);
        assert!(
            stderr(&output).ends_with(&format!("at most {}\n", 1_u64 << 30)),
            "{ignored}: {}",
            stderr(&output)
        );
    }
}
