//! Inputs the fuzzer of issue 39 found running past its bound, run on the
//! real program: each ends within seconds with its answer, or is refused
//! before the work in one line when the work is beyond the stated limit
//! (`cgt_lab::MAX_SPLIT_WORK`).

mod common;

use common::{run_within, stderr, stdout};

/// `0.eee2ee2` splits a heap in three five ways: each rest's sums are
/// listed once, not once per digit (seed 11 of the fuzzer). Its values are
/// those of the rules, computed straight from them, as far as that is
/// quick.
#[test]
fn a_code_with_many_three_heap_splits_is_valued_within_seconds() {
    let output = run_within(&["values", "0.eee2ee2", "--upto", "2942", "--json"], 60);
    assert_eq!(output.status.code(), Some(0), "{}", stderr(&output));
    let out = stdout(&output);
    let values: Vec<u32> = out
        .trim_end()
        .trim_start_matches('[')
        .trim_end_matches(']')
        .split(',')
        .map(|v| v.parse().expect("a number"))
        .collect();
    assert_eq!(values.len(), 2943);
    let code = "0.eee2ee2".parse().expect("a code");
    let naive = cgt_lab::naive_values(&code, 200).expect("small values");
    assert_eq!(values[..=200], naive[..]);
}

/// Past the stated work the count is refused before any work, in one
/// line, as any `--upto` beyond a game's limit is.
#[test]
fn a_count_beyond_the_work_limit_is_refused_at_once() {
    for (args, limit) in [
        (["values", "0.eee2ee2", "--upto", "13522"], "0..=13521"),
        (["values", "0.(7)", "--upto", "2^20"], "0..=524288"),
        (["period", "0.ab17", "--upto", "2^22"], "0..=13521"),
    ] {
        let output = run_within(&args, 10);
        let err = stderr(&output);
        assert_eq!(output.status.code(), Some(2), "{args:?}: {err}");
        assert_eq!(err.lines().count(), 1, "{args:?}: {err}");
        assert!(err.starts_with("cgt: argument 4: --upto expected a number in "));
        assert!(err.contains(limit), "{args:?}: {err}");
        assert_eq!(stdout(&output), "");
    }
    // At the limit the count is taken (and the run goes on: not waited for).
    let game = cgt_lab::Game::parse("0.eee2ee2").expect("a code");
    assert!(game.split_work(13521) <= cgt_lab::MAX_SPLIT_WORK);
    assert!(game.split_work(13522) > cgt_lab::MAX_SPLIT_WORK);
}

/// Without `--upto`, `period` of a code whose values are listed pair by
/// pair (`0.3346`: no mask makes them sparse) stops doubling before a step
/// past the default work, and says how far it looked; a hexadecimal code
/// (`0.ab17`) goes to its default cap, its rests listed once.
#[test]
fn a_period_without_a_cap_ends_within_seconds() {
    let output = run_within(&["period", "0.3346", "--json"], 60);
    assert_eq!(output.status.code(), Some(0), "{}", stderr(&output));
    let out = stdout(&output);
    assert!(out.contains("\"status\":\"none\""), "{out}");
    assert!(out.contains("\"checked_upto\":65535"), "{out}");
    // A cap given is kept.
    let output = run_within(&["period", "0.3346", "--upto", "70000", "--json"], 60);
    assert!(stdout(&output).contains("\"checked_upto\":70000"));
    let output = run_within(&["period", "0.ab17"], 60);
    assert_eq!(output.status.code(), Some(0), "{}", stderr(&output));
    assert!(
        stdout(&output).contains("observed up to 4095"),
        "{}",
        stdout(&output)
    );
    let output = run_within(&["formula", "0.3346", "--lang", "rust"], 60);
    assert_eq!(output.status.code(), Some(1));
    assert_eq!(
        stderr(&output),
        "cgt: no period found for 0.3346 in G(0..=65535), so no formula (try a larger --upto)\n"
    );
}

/// A term and its negative cancel, and a sum of searched terms values
/// each first: `X - X + X` (seed 4139) is solved as `X`, at once.
#[test]
fn a_term_and_its_negative_cancel_in_solve() {
    let x = "amazons(x...|o...)";
    let alone = run_within(&["solve", x], 20);
    assert_eq!(alone.status.code(), Some(0));
    let sum = format!("{x}-{x}+{x}");
    let output = run_within(&["solve", &sum], 20);
    assert_eq!(output.status.code(), Some(0), "{}", stderr(&output));
    // The winning moves are the same, made in the third term.
    assert_eq!(stdout(&output), stdout(&alone));
    let output = run_within(&["solve", &format!("{x} - {x}")], 20);
    assert_eq!(
        stdout(&output),
        "Left moving first: Right wins\nRight moving first: Left wins\n"
    );
    // Two copies (no cancelling) are valued first, not searched together.
    let output = run_within(&["solve", &format!("{x} + {x} + {x}"), "--json"], 20);
    assert_eq!(output.status.code(), Some(0), "{}", stderr(&output));
}
