//! The generic test suite every problem crate runs with one line,
//! [`problem_suite!`](crate::problem_suite).
//!
//! Each function here is one test, generic over the [`Problem`]; a failure
//! message names the input that broke it.

use crate::fixture::{run_program, run_program_on_file};
use crate::generate::Size;
use crate::shrink::measure;
use crate::{Problem, SHRINK_CANDIDATES, entry};
use std::process::Command;

/// Runs the whole generic suite on `$problem` (a type implementing
/// [`Problem`](crate::Problem)) and its judge binary `$exe` (in an
/// integration test, `env!("CARGO_BIN_EXE_<name>")`), as one `#[test]` each
/// in a module `problem_suite`.
///
/// # Example
/// ```text
/// // crates/lasker-nim/tests/suite.rs
/// cgt_testkit::problem_suite!(lasker_nim::problem::LaskerNim, env!("CARGO_BIN_EXE_lasker-nim"));
/// ```
#[macro_export]
macro_rules! problem_suite {
    ($problem:ty, $exe:expr) => {
        mod problem_suite {
            #[test]
            fn exhaustive_agreement_with_the_brute_force() {
                $crate::suite::exhaustive_agreement::<$problem>();
            }

            #[test]
            fn tiny_generated_inputs_agree_with_the_brute_force() {
                $crate::suite::tiny_inputs_agree::<$problem>();
            }

            #[test]
            fn generated_inputs_are_valid_deterministic_and_round_trip() {
                $crate::suite::generated_inputs_round_trip::<$problem>();
            }

            #[test]
            fn shrink_candidates_are_valid_and_smaller() {
                $crate::suite::shrink_candidates_are_valid::<$problem>();
            }

            #[test]
            fn shrinking_the_largest_input_is_lazy() {
                $crate::suite::shrinking_is_lazy::<$problem>(
                    module_path!(),
                    "shrinking_the_largest_input_is_lazy",
                );
            }

            #[test]
            fn the_binary_keeps_the_command_line_contract() {
                $crate::suite::command_line_contract::<$problem>($exe);
            }
        }
    };
}

fn run<P: Problem>(judge: crate::Judge, text: &str, what: &str) -> Vec<u8> {
    let mut out = Vec::new();
    if let Err(e) = judge(text.as_bytes(), &mut out) {
        panic!("{}: {what} rejects the input: {e}\n{text}", P::NAME);
    }
    out
}

/// `solve` and `brute` give the same bytes on every input of
/// [`Problem::exhaustive`].
///
/// # Panics
/// On the first disagreement, with the input and both outputs; or if the
/// enumeration is empty.
pub fn exhaustive_agreement<P: Problem>() {
    let mut inputs = 0;
    for input in P::exhaustive() {
        let text = P::render(&input);
        let fast = run::<P>(P::solve, &text, "solve");
        let slow = run::<P>(P::brute, &text, "the brute force");
        if fast != slow {
            panic!(
                "{}: solve and the brute force disagree on\n{text}solve:\n{}brute force:\n{}",
                P::NAME,
                String::from_utf8_lossy(&fast),
                String::from_utf8_lossy(&slow)
            );
        }
        inputs += 1;
    }
    assert!(
        inputs > 0,
        "{}: the exhaustive enumeration is empty",
        P::NAME
    );
}

/// Generated `Tiny` inputs (300 seeds) are within the brute force's bound,
/// and `solve` agrees with it on each.
///
/// # Panics
/// On the first input where it does not hold.
pub fn tiny_inputs_agree<P: Problem>() {
    for seed in 0..300 {
        let text = P::render(&P::generate(seed, Size::Tiny));
        let fast = run::<P>(P::solve, &text, "solve");
        let slow = run::<P>(P::brute, &text, "the brute force");
        assert_eq!(
            fast,
            slow,
            "{}: seed {seed}: solve and the brute force disagree on\n{text}",
            P::NAME
        );
    }
}

/// Generated inputs of every size are deterministic, accepted by `solve`,
/// and survive `parse` then `render` unchanged.
///
/// # Panics
/// On the first input where it does not hold.
pub fn generated_inputs_round_trip<P: Problem>() {
    let sizes = [
        (Size::Tiny, 50),
        (Size::Small, 50),
        (Size::N(7), 5),
        (Size::Max, 1),
    ];
    for (size, seeds) in sizes {
        for seed in 0..seeds {
            let text = P::render(&P::generate(seed, size));
            assert_eq!(
                text,
                P::render(&P::generate(seed, size)),
                "{}: seed {seed}, size {size}: not deterministic",
                P::NAME
            );
            let parsed = P::parse(text.as_bytes()).unwrap_or_else(|e| {
                panic!("{}: seed {seed}, size {size}: cannot parse: {e}", P::NAME)
            });
            assert!(
                P::render(&parsed) == text,
                "{}: seed {seed}, size {size}: render(parse(text)) is not the text",
                P::NAME
            );
            run::<P>(P::solve, &text, "solve");
        }
    }
}

/// Every shrinking candidate of generated `Small` inputs (30 seeds) is valid
/// judge input and strictly smaller than its input, and inputs that can
/// shrink do.
///
/// # Panics
/// On the first candidate that is not.
pub fn shrink_candidates_are_valid<P: Problem>() {
    let mut shrunk = 0;
    for seed in 0..30 {
        let input = P::generate(seed, Size::Small);
        let text = P::render(&input);
        let limit = measure(&text);
        for candidate in P::shrink(input).take(4 * SHRINK_CANDIDATES) {
            let candidate = P::render(&candidate);
            assert!(
                measure(&candidate) < limit,
                "{}: candidate\n{candidate}is not smaller than\n{text}",
                P::NAME
            );
            run::<P>(P::solve, &candidate, "solve (on a shrinking candidate)");
            shrunk += 1;
        }
    }
    assert!(shrunk > 0, "{}: no input ever shrinks", P::NAME);
}

/// The environment variable that tells a re-run test binary to measure.
const MEASURE: &str = "CGT_TESTKIT_MEASURE_SHRINKING";

/// Shrinking an input of size [`Problem::LARGEST`] keeps memory bounded:
/// taking every candidate of one shrinking step raises the peak resident
/// memory by at most 10 times the input's text plus 64 MiB. Building all
/// candidates at once would cost them all together.
///
/// The measurement runs in a fresh child process (this test binary again,
/// with only this test), so other tests' memory does not count; Linux only,
/// through `/proc/self/status` and `/proc/self/clear_refs`.
///
/// # Panics
/// If the bound does not hold, or the child cannot run.
pub fn shrinking_is_lazy<P: Problem>(module: &str, test: &str) {
    if !cfg!(target_os = "linux") {
        return;
    }
    if std::env::var_os(MEASURE).is_some() {
        measure_shrinking::<P>();
        return;
    }
    // The filter is the test's path without the crate name.
    let path = module.split_once("::").map_or("", |(_, rest)| rest);
    let name = if path.is_empty() {
        test.to_owned()
    } else {
        format!("{path}::{test}")
    };
    let exe = std::env::current_exe().expect("the test binary's path");
    let child = Command::new(exe)
        .args([name.as_str(), "--exact", "--test-threads=1", "--nocapture"])
        .env(MEASURE, "1")
        .output()
        .expect("the test binary runs again");
    let stdout = String::from_utf8_lossy(&child.stdout);
    let stderr = String::from_utf8_lossy(&child.stderr);
    assert!(
        child.status.success() && stdout.contains("shrinking measured:"),
        "{}: the measuring child failed:\n{stdout}{stderr}",
        P::NAME
    );
}

fn status_kib(field: &str) -> u64 {
    let status = std::fs::read_to_string("/proc/self/status").expect("/proc/self/status");
    status
        .lines()
        .find_map(|line| line.strip_prefix(field))
        .and_then(|rest| rest.trim().trim_end_matches("kB").trim().parse().ok())
        .unwrap_or_else(|| panic!("no {field} in /proc/self/status"))
}

fn measure_shrinking<P: Problem>() {
    let text = P::render(&P::generate(1, P::LARGEST));
    let shrink = entry::<P>().shrink;
    // Reset the peak to the current resident size.
    std::fs::write("/proc/self/clear_refs", "5").expect("can reset the peak RSS");
    let before = status_kib("VmHWM:");
    let mut candidates = 0;
    let mut bytes = 0;
    for candidate in shrink(&text) {
        candidates += 1;
        bytes += candidate.len();
    }
    let growth = status_kib("VmHWM:").saturating_sub(before) * 1024;
    let bound = 10 * text.len() as u64 + (64 << 20);
    println!(
        "shrinking measured: {} at size {}: {} bytes of input, {candidates} candidates \
         ({bytes} bytes in all), peak memory +{growth} bytes (bound {bound})",
        P::NAME,
        P::LARGEST,
        text.len()
    );
    assert!(
        candidates > 0,
        "{}: the largest input does not shrink",
        P::NAME
    );
    assert!(
        growth <= bound,
        "{}: shrinking the largest input raised peak memory by {growth} bytes, over {bound}",
        P::NAME
    );
}

/// The judge binary `exe`: on generated inputs it prints what `solve`
/// writes, whatever the layout (CRLF, blank lines, tabs, no final newline)
/// and whether a large input (over 1 MiB) comes from a file or a pipe,
/// with exit status 0 and nothing on stderr; on malformed input (empty,
/// blank, a word, a negative or huge number, a stray token at the end) it
/// prints nothing, one line on stderr, and exits with status 2.
///
/// # Panics
/// On the first input where it does not hold.
pub fn command_line_contract<P: Problem>(exe: &str) {
    let text = P::render(&P::generate(3, Size::Small));
    let expected = String::from_utf8(run::<P>(P::solve, &text, "solve")).expect("UTF-8 output");
    let layouts = [
        text.clone(),
        text.replace('\n', "\r\n"),
        text.replace('\n', "\n\n   "),
        text.replace(' ', " \t "),
        format!("\n\n{}", text.trim_end()),
    ];
    for layout in layouts {
        let out = run_program(exe, layout.as_bytes());
        assert_eq!(out.status, Some(0), "{}: {layout:?}: {out:?}", P::NAME);
        assert_eq!(out.stdout, expected, "{}: layout {layout:?}", P::NAME);
        assert!(out.stderr.is_empty(), "{}: {out:?}", P::NAME);
    }
    // A judge-size input (over 1 MiB, by its layout) from a file, which a
    // binary may read differently from a pipe, and through a pipe; then
    // with a stray token at its end, to the same error as `solve`'s.
    let large = format!("{text}{}", " \n".repeat(600_000));
    for (how, out) in [
        ("file", run_program_on_file(exe, large.as_bytes())),
        ("pipe", run_program(exe, large.as_bytes())),
    ] {
        assert_eq!(
            out.status,
            Some(0),
            "{}: large input from a {how}: {out:?}",
            P::NAME
        );
        assert_eq!(
            out.stdout,
            expected,
            "{}: large input from a {how}",
            P::NAME
        );
        assert!(out.stderr.is_empty(), "{}: {out:?}", P::NAME);
    }
    let stray = format!("{large}x");
    let error = match P::solve(stray.as_bytes(), &mut Vec::new()) {
        Err(e) => format!("{}: {e}\n", P::NAME),
        Ok(()) => panic!("{}: solve accepts a stray token at the end", P::NAME),
    };
    let out = run_program_on_file(exe, stray.as_bytes());
    assert_eq!(
        (out.status, out.stdout.as_str(), out.stderr.as_str()),
        (Some(2), "", error.as_str()),
        "{}: large input with a stray token, from a file",
        P::NAME
    );
    let first_token = text.split_ascii_whitespace().next().unwrap_or("");
    let replace_first = |by: &str| text.replacen(first_token, by, 1);
    let malformed = [
        String::new(),
        " \r\n\n\t".to_owned(),
        "x".to_owned(),
        replace_first("-1"),
        replace_first("123456789012345678901234567890"),
        format!("{text}\nx\n"),
    ];
    for input in malformed {
        let out = run_program(exe, input.as_bytes());
        let shown: String = input.chars().take(200).collect();
        assert_eq!(out.status, Some(2), "{}: input {shown:?}: {out:?}", P::NAME);
        assert!(
            out.stdout.is_empty(),
            "{}: input {shown:?} printed output: {out:?}",
            P::NAME
        );
        assert!(
            out.stderr.lines().count() == 1 && !out.stderr.contains("panicked"),
            "{}: input {shown:?}: stderr is not one clear line: {out:?}",
            P::NAME
        );
    }
}
