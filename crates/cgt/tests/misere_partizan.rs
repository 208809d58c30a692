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

/// The dead ends `--dead-ends SIDE --born-by DAY` lists, one a line.
fn dead_ends(side: &str, day: &str) -> Vec<String> {
    let output = run(&["eval", "--misere", "--dead-ends", side, "--born-by", day]);
    assert!(output.status.success(), "{side} {day}: {}", stderr(&output));
    stdout(&output).lines().map(str::to_owned).collect()
}

#[test]
fn dead_ends_born_by_days_0_to_4_are_1_2_4_10_52() {
    for side in ["left", "right"] {
        let counts: Vec<usize> = ["0", "1", "2", "3", "4"]
            .iter()
            .map(|day| dead_ends(side, day).len())
            .collect();
        assert_eq!(counts, [1, 2, 4, 10, 52], "{side}");
    }
    assert_eq!(dead_ends("left", "2"), ["0", "-1", "-2", "{|0,-1}"]);
    assert_eq!(dead_ends("right", "2"), ["0", "1", "2", "{0,1|}"]);
    let output = run(&[
        "eval",
        "--misere",
        "--json",
        "--dead-ends",
        "right",
        "--born-by",
        "1",
    ]);
    assert_eq!(
        stdout(&output),
        "{\"side\":\"right\",\"born_by\":1,\"count\":2,\"games\":[\"0\",\"1\"]}\n"
    );
}

#[test]
fn each_dead_end_listed_reads_back_as_one_of_its_side() {
    for side in ["left", "right"] {
        for game in dead_ends(side, "3") {
            let output = run(&["eval", "--misere", &game, "--ends", "--json"]);
            assert!(output.status.success(), "{game}: {}", stderr(&output));
            let zero = game == "0";
            let (left, right) = (side == "left" || zero, side == "right" || zero);
            assert_eq!(
                stdout(&output),
                format!(
                    "{{\"expression\":{game:?},\"left_dead_end\":{left},\"right_dead_end\":{right},\"dead_ending\":true}}\n"
                ),
                "{game}"
            );
        }
    }
}

#[test]
fn dead_ends_listed_are_distinct_modulo_dead_ending_games() {
    // The listing keeps one of each class; the order of `--compare`
    // (a separate test of all dead-ending games) must not find two equal.
    let games = dead_ends("left", "3");
    for (i, g) in games.iter().enumerate() {
        for h in &games[..i] {
            let output = run(&["eval", "--misere", g, "--compare", h]);
            assert!(output.status.success(), "{g} {h}: {}", stderr(&output));
            assert_ne!(
                stdout(&output),
                "equal (modulo dead-ending games)\n",
                "{g} vs {h}"
            );
        }
    }
}

#[test]
fn ends_says_which_dead_ends_and_whether_dead_ending() {
    for (expr, text) in [
        ("-1 + {|0,-1}", "yes\nRight dead end: no\ndead-ending: yes"),
        ("{0|}", "no\nRight dead end: yes\ndead-ending: yes"),
        ("{0|0}", "no\nRight dead end: no\ndead-ending: yes"),
        // Right never moves in {1|}, nor in 1 = {0|} after it.
        ("{1|}", "no\nRight dead end: yes\ndead-ending: yes"),
        // {|1} is a Left end, but Right's move to 1 lets Left move again.
        ("{{|1}|}", "no\nRight dead end: no\ndead-ending: no"),
        ("kayles(2)", "no\nRight dead end: no\ndead-ending: yes"),
    ] {
        let output = run(&["eval", "--misere", expr, "--ends"]);
        assert!(output.status.success(), "{expr}: {}", stderr(&output));
        assert_eq!(
            stdout(&output),
            format!("Left dead end: {text}\n"),
            "{expr}"
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
            &["eval", "--misere", "--dead-ends", "left", "--born-by", "5"][..],
            "cgt: argument 6: expected a day from 0 to 4 (day 5 would be 2^52 sets), found \"5\"\n",
        ),
        (
            &["eval", "--misere", "--dead-ends", "up", "--born-by", "2"][..],
            "cgt: argument 4: expected left or right, found \"up\"\n",
        ),
        (
            &["eval", "--dead-ends", "left", "--born-by", "2"][..],
            "cgt: eval: --dead-ends is for --misere only\n",
        ),
        (
            &["eval", "--misere", "--dead-ends", "left"][..],
            "cgt: eval: --dead-ends expects --born-by N\n",
        ),
        (
            &[
                "eval",
                "--misere",
                "--dead-ends",
                "left",
                "--born-by",
                "2",
                "0",
            ][..],
            "cgt: argument 7: expected --misere, --dead-ends, --born-by or --json (eval \
             --dead-ends takes no expression), found \"0\"\n",
        ),
        (
            &["eval", "--misere", "*", "--ends", "--compare", "0"][..],
            "cgt: eval: --ends and --compare ask different questions: one at a time\n",
        ),
        (
            &["eval", "*", "--ends"][..],
            "cgt: eval: --ends is for --misere only\n",
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
