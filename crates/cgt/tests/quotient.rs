//! `cgt quotient` run as a child process: the presentation Plambeck and
//! Siegel publish, the JSON keys, the outcome of a sum, and the errors.

mod common;

use common::{run, stderr, stdout};

#[test]
fn the_quotient_of_0_75_as_published() {
    let out = run(&["quotient", "0.75", "--max-heap", "12"]);
    assert_eq!(out.status.code(), Some(0));
    assert_eq!(
        stdout(&out),
        "0.75, heaps up to 12:\n\
         Q = <a,b,c | a2=1,b3=b,bc=ab,c2=b2>; P = {a,b2}\n\
         order: 8\n\
         tame: no (wild)\n\
         phi(0..=12): 1 a b a b c b c b ab2 b ab2 b\n\
         period: not proven\n"
    );
}

#[test]
fn the_period_of_0_75_proven_from_heap_21() {
    let out = run(&["quotient", "0.75", "--max-heap", "21"]);
    assert_eq!(out.status.code(), Some(0));
    assert!(
        stdout(&out).ends_with(
            "period: 2 from heap 8, and Q is the whole game's \
             (Plambeck and Siegel's periodicity theorem)\n"
        ),
        "{}",
        stdout(&out)
    );
    let out = run(&["quotient", "0.75", "--max-heap", "21", "--json"]);
    assert!(stdout(&out).ends_with("\"preperiod\":8,\"period\":2,\"max_heap\":21}\n"));
    // One heap fewer: 2·8 + 2·2 + 2 = 22 heaps are needed.
    let out = run(&["quotient", "0.75", "--max-heap", "20"]);
    assert!(stdout(&out).ends_with("period: not proven\n"));
}

#[test]
fn json_has_the_pinned_keys() {
    let out = run(&["quotient", "--json", "0.33", "--max-heap", "4"]);
    assert_eq!(out.status.code(), Some(0));
    assert_eq!(
        stdout(&out),
        "{\"code\":\"0.33\",\"presentation\":\"<a,b | a2=1,b3=b>\",\"order\":6,\
         \"p_portion\":[\"a\",\"b2\"],\"tame\":\"T2\",\"phi\":[\"1\",\"a\",\"b\",\"1\",\"a\"],\
         \"preperiod\":null,\"period\":null,\"max_heap\":4}\n"
    );
}

#[test]
fn the_outcome_of_a_sum_and_a_winning_move() {
    let out = run(&["quotient", "0.75", "--outcome", "3,5,7"]);
    assert_eq!(out.status.code(), Some(0));
    assert_eq!(
        stdout(&out),
        "0.75 3+5+7 in misère play: N (the player to move wins); move heap 3 to 1+1\n"
    );
    let out = run(&["quotient", "0.75", "--outcome", "1", "--json"]);
    assert_eq!(
        stdout(&out),
        "{\"code\":\"0.75\",\"heaps\":[1],\"outcome\":\"P\",\"move\":null}\n"
    );
}

#[test]
fn a_bound_passed_is_one_line_and_exit_status_1() {
    // Plambeck's 0.123 has order 6 up to heap 7 and 12 at heap 8.
    let out = run(&["quotient", "0.123", "--max-order", "6"]);
    assert_eq!(out.status.code(), Some(1));
    assert!(out.stdout.is_empty());
    assert_eq!(
        stderr(&out),
        "cgt: quotient 0.123: at heap 8: a candidate quotient outgrew 6 elements; \
         the quotient of heaps up to 8 has at least 6 (the quotient of heaps up to 7 has order 6)\n"
    );
    // With --json, the partial quotient first.
    let out = run(&["quotient", "0.123", "--max-order", "6", "--json"]);
    assert_eq!(out.status.code(), Some(1));
    assert!(stdout(&out).starts_with("{\"code\":\"0.123\",\"presentation\":"));
    assert!(stdout(&out).contains("\"order\":6,"));
    assert!(stdout(&out).ends_with("\"max_heap\":7}\n"));
    let out = run(&["quotient", "0.123", "--max-heap", "10001"]);
    assert_eq!(out.status.code(), Some(2));
    assert_eq!(
        stderr(&out),
        "cgt: argument 4: --max-heap expected a number in 0..=10000, found \"10001\"\n"
    );
}

/// `--stats`: a line per heap done on stderr, the answer on stdout as
/// without it; the heaps done before a bound stopped the run are kept.
#[test]
fn stats_give_each_heap_its_order_and_seconds() {
    let plain = run(&["quotient", "0.07", "--max-heap", "14"]);
    let out = run(&["quotient", "0.07", "--max-heap", "14", "--stats"]);
    assert_eq!(out.status.code(), Some(0));
    assert_eq!(stdout(&out), stdout(&plain));
    // Dawson's Kayles: heap 1 has no move (order 1), then orders 2, 2, 6
    // up to heap 9, 12 at heaps 10 to 13 and 24 at heap 14.
    let orders = [1, 1, 2, 2, 6, 6, 6, 6, 6, 6, 12, 12, 12, 12, 24];
    let err = stderr(&out);
    let lines: Vec<&str> = err.lines().collect();
    assert_eq!(lines.len(), orders.len(), "{err}");
    let mut last = 0.0;
    for (heap, (line, order)) in lines.iter().zip(orders).enumerate() {
        let prefix = format!("cgt: quotient --stats: heap {heap}, order {order}, seconds ");
        let seconds: f64 = line
            .strip_prefix(&prefix)
            .unwrap_or_else(|| panic!("{line:?} after {prefix:?}"))
            .parse()
            .expect("seconds");
        assert!(seconds >= last, "{err}");
        last = seconds;
    }
    // JSON lines with --json.
    let out = run(&["quotient", "0.07", "--max-heap", "14", "--stats", "--json"]);
    let err = stderr(&out);
    let last = err.lines().last().expect("a line");
    assert!(
        last.starts_with("{\"heap\":14,\"order\":24,\"seconds\":"),
        "{err}"
    );
    assert!(last.ends_with('}'), "{err}");
    // Stopped by a bound at heap 8: heaps 0 to 7, then the one line why.
    let out = run(&["quotient", "0.123", "--max-order", "6", "--stats"]);
    assert_eq!(out.status.code(), Some(1));
    let err = stderr(&out);
    let lines: Vec<&str> = err.lines().collect();
    assert_eq!(lines.len(), 9, "{err}");
    assert!(lines[7].starts_with("cgt: quotient --stats: heap 7, order 6, seconds "));
    assert!(lines[8].starts_with("cgt: quotient 0.123: at heap 8: a candidate quotient"));
}

#[test]
fn bad_input_is_one_line_and_exit_status_2() {
    for (args, message) in [
        (
            &["quotient", "0.75", "--outcome", "3,,5"][..],
            "cgt: argument 4: --outcome expected heaps in 0..=10000 separated by commas (3,5,7), found \"3,,5\"\n",
        ),
        (
            &["quotient", "0.75", "--outcome"][..],
            "cgt: argument 4: expected heaps after --outcome\n",
        ),
        (
            &["quotient", "0.75", "--upto", "3"][..],
            "cgt: argument 3: expected --max-heap, --max-order, --outcome, --json, --stats or --max-memory, found \"--upto\"\n",
        ),
        (
            &["quotient"][..],
            "cgt: argument 2: expected a game after quotient\n",
        ),
    ] {
        let out = run(args);
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        assert_eq!(stderr(&out), message, "{args:?}");
        assert!(out.stdout.is_empty());
    }
}
