//! `cgt eval --misere` run as a child process: the misère outcome of what
//! eval reads from its literal form, the order modulo dead-ending games
//! (`--compare`), their JSON keys, and bad input (one line on stderr, exit
//! status 2).

mod common;

use common::{run, stderr, stdout};

#[test]
fn outcomes_come_from_the_literal_form() {
    for (expr, text) in [
        // Whoever cannot move wins: 1 = {0|} is Right's.
        (
            "1",
            "R\nLeft moving first: Right wins\nRight moving first: Right wins",
        ),
        (
            "*",
            "P\nLeft moving first: Right wins\nRight moving first: Left wins",
        ),
        // {0, -1 |} is 1 in normal play; as written, Left moves to -1 and
        // Right must answer.
        (
            "{0, -1|}",
            "N\nLeft moving first: Left wins\nRight moving first: Right wins",
        ),
        // {0, * | 0}: Left moves to *, and Right must move.
        (
            "{0, *|0}",
            "L\nLeft moving first: Left wins\nRight moving first: Left wins",
        ),
        // A sum term by term: in 1 + (-1) each player's one move is forced,
        // and the first mover is the first left without a move.
        (
            "1 - 1",
            "N\nLeft moving first: Left wins\nRight moving first: Right wins",
        ),
        // A ruleset position by its own game tree: Left's one move is to 0.
        (
            "domineering(.|.)",
            "R\nLeft moving first: Right wins\nRight moving first: Right wins",
        ),
        (
            "kayles(1)",
            "P\nLeft moving first: Right wins\nRight moving first: Left wins",
        ),
        (
            "kayles(1) + kayles(1)",
            "N\nLeft moving first: Left wins\nRight moving first: Right wins",
        ),
    ] {
        let output = run(&["eval", "--misere", expr]);
        assert!(output.status.success(), "{expr}: {}", stderr(&output));
        assert_eq!(
            stdout(&output),
            format!("misère outcome: {text}\n"),
            "{expr}"
        );
    }
}

#[test]
fn json_has_the_pinned_keys() {
    let output = run(&["eval", "--misere", "clobber(xo)", "--json"]);
    assert!(output.status.success(), "{}", stderr(&output));
    assert_eq!(
        stdout(&output),
        "{\"expression\":\"clobber(xo)\",\"play\":\"misere\",\"outcome\":\"P\",\
         \"left_first\":\"right\",\"right_first\":\"left\"}\n"
    );
    let output = run(&["eval", "--misere", "1 - 1", "--compare", "0", "--json"]);
    assert!(output.status.success(), "{}", stderr(&output));
    assert_eq!(
        stdout(&output),
        "{\"expression\":\"1 - 1\",\"compare\":\"0\",\"universe\":\"dead-ending\",\
         \"ge\":true,\"le\":true,\"relation\":\"equal\"}\n"
    );
}

#[test]
fn compare_modulo_dead_ending_games() {
    for (g, h, relation) in [
        // Integers have inverses modulo dead-ending games (Milley, Renault).
        ("1 - 1", "0", "equal"),
        ("domineering(.|.)", "1", "equal"),
        // Distinct integers are incomparable there.
        ("1", "0", "incomparable"),
        ("2", "1", "incomparable"),
        // Left dead ends: Right's extra choice in {|0, -1} is worse for Left.
        ("{|0, -1}", "-1", "less"),
    ] {
        let output = run(&["eval", "--misere", g, "--compare", h]);
        assert!(output.status.success(), "{g} {h}: {}", stderr(&output));
        assert_eq!(
            stdout(&output),
            format!("{relation} (modulo dead-ending games)\n"),
            "{g} vs {h}"
        );
    }
}

#[test]
fn bad_input_is_one_line_and_status_2() {
    for (args, line) in [
        (
            &["eval", "--misere", "{1|"][..],
            "cgt: eval: EXPR at character 4: expected `}`, found the end\n",
        ),
        (
            &["eval", "--misere", "1", "--compare", "{"][..],
            "cgt: eval: --compare at character 2: expected `}`, found the end\n",
        ),
        (
            &["eval", "--misere", "{-1|}", "--compare", "0"][..],
            "cgt: eval: EXPR: not a dead-ending game (a follower where a player cannot move \
             lets them move again later): comparison is modulo dead-ending games\n",
        ),
        (
            &["eval", "--compare", "1", "0"][..],
            "cgt: eval: --compare is for --misere only (normal-play values compare in Python \
             or by eval of G - H)\n",
        ),
        (
            &["eval", "--misere", "1", "--stats"][..],
            "cgt: eval: --thermograph and --stats are for normal play, not with --misere\n",
        ),
        (
            &["eval", "--misere", "backsliding(t.f)"][..],
            "cgt: eval: EXPR at character 13: backsliding is a loopy ruleset: misère play \
             here is for short games\n",
        ),
        (
            &["eval", "--misere", "clobber(xq)"][..],
            "cgt: eval: EXPR at character 9: clobber position: at character 2: expected 'x', \
             'o', '.' or '|', found 'q'\n",
        ),
    ] {
        let output = run(args);
        assert_eq!(output.status.code(), Some(2), "{args:?}");
        assert_eq!(stderr(&output), line, "{args:?}");
        assert_eq!(stdout(&output), "", "{args:?}");
    }
}
