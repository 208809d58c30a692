//! `cargo xtask fuzz` kept honest: its generators are deterministic per
//! seed and varied, and its checker catches each class of fault when one is
//! planted in a real child process (a `sh` script standing in for `cgt` or
//! for Python): a panic, a death by a signal, a hang, a two-line error, an
//! odd exit status, a value that does not read back, `solve` disagreeing
//! with `eval`, a Python exception. A well-behaved stand-in gives no
//! failure, through the whole command (`xtask fuzz --cgt …`, exit status 0)
//! as through the library. Short budgets only: the long fuzz is run by hand.

use std::fs;
use std::path::{Path, PathBuf};
use std::time::Duration;
use xtask::fuzz::{self, Bound, Class, Config, Fuzzer, Json, Kind, Rng};
use xtask::run::Ending;

const XTASK: &str = env!("CARGO_BIN_EXE_xtask");

/// Held by each test that starts processes from this one: a run ends by
/// killing and reaping every descendant of the process (`run::reaper`), so
/// it would end another test's child, which that test then finds gone.
static PROCESSES: std::sync::Mutex<()> = std::sync::Mutex::new(());

fn one_at_a_time() -> std::sync::MutexGuard<'static, ()> {
    PROCESSES
        .lock()
        .unwrap_or_else(|poisoned| poisoned.into_inner())
}

fn scratch(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("cgt-fuzz-test-{}-{name}", std::process::id()));
    let _ = fs::remove_dir_all(&dir);
    fs::create_dir_all(&dir).expect("scratch folder");
    dir
}

/// An executable `sh` script at `dir/name`.
fn script(dir: &Path, name: &str, body: &str) -> PathBuf {
    use std::os::unix::fs::PermissionsExt;
    let path = dir.join(name);
    fs::write(&path, format!("#!/bin/sh\n{body}")).expect("write script");
    fs::set_permissions(&path, fs::Permissions::from_mode(0o755)).expect("chmod");
    path
}

/// A stand-in for `cgt`: `eval --list` lists one ruleset; `eval --json`
/// prints `{"value": VALUE, "outcome": OUTCOME}`; plain `eval` prints its
/// expression back, except that it refuses `REFUSED`; `solve` says
/// `SOLVED` (or refuses the sum, for `refuse`); anything else prints
/// nothing.
fn fake_cgt(dir: &Path, value: &str, outcome: &str, refused: &str, solved: &str) -> PathBuf {
    let body = format!(
        r#"for a; do last="$a"; done
case "$1 $2" in
"eval --list") echo 'toy(ab.): a toy ruleset'; exit 0;;
esac
case "$1" in
eval)
  case " $* " in
  *" --json "*) echo '{{"value":"{value}","outcome":"{outcome}"}}';;
  *) if [ "$last" = '{refused}' ]; then echo "cgt: eval: EXPR at character 3: expected a number from 1 to 32" >&2; exit 2; fi
     printf '%s\n' "$last";;
  esac;;
solve)
  if [ '{solved}' = refuse ]; then echo "cgt: solve: EXPR at character 1: unknown word" >&2; exit 2; fi
  echo '{{"expression":"x","outcome":"{solved}","left_first":{{"winner":"right","move":null}},"right_first":{{"winner":"right","move":null}}}}';;
esac
"#
    );
    script(dir, "cgt", &body)
}

fn config(dir: &Path, cgt: PathBuf, python: Option<PathBuf>) -> Config {
    Config {
        cgt,
        python,
        bound: Bound::cpu(5),
        rulesets: fuzz::rulesets_in_list("toy(ab.): a toy ruleset\n"),
        scratch: dir.join("scratch"),
    }
}

fn classes(fuzzer: &Fuzzer) -> Vec<Class> {
    fuzzer.failures.iter().map(|f| f.class).collect()
}

#[test]
fn generators_are_deterministic_per_seed_and_varied() {
    let rulesets = fuzz::rulesets_in_list(
        "domineering(..#|...): Left places …\nkayles(7,3): impartial: …\nnot a ruleset line\n",
    );
    assert_eq!(rulesets.len(), 2);
    assert_eq!(rulesets[0].name, "domineering");
    assert_eq!(rulesets[0].example, "..#|...");
    let batch = |seed: u64| -> Vec<String> {
        (0..300)
            .map(|i| {
                let mut rng = Rng::new(fuzz::case_seed(seed, i));
                let (values, _) = fuzz::heap_command(&mut rng, Path::new("/tmp/x.ck"));
                format!(
                    "{}\u{1}{}\u{1}{}",
                    fuzz::expression(&mut rng, &rulesets, true),
                    fuzz::python_expression(&mut rng, &rulesets),
                    values.join(" ")
                )
            })
            .collect()
    };
    let first = batch(7);
    assert_eq!(first, batch(7), "a seed replays the same cases");
    assert_ne!(first, batch(8));
    let mut distinct = first.clone();
    distinct.sort();
    distinct.dedup();
    assert!(
        distinct.len() > 290,
        "only {} distinct cases",
        distinct.len()
    );
    let all = first.join("\n");
    for form in [
        "domineering(",
        "kayles(",
        "{",
        "|",
        "*",
        "^<",
        "[",
        "Tiny(",
        "+-",
        "values ",
        "period ",
        "formula ",
        "--checkpoint",
        "cgt.Game(",
        "cgt.ruleset(",
        "4097",
    ] {
        assert!(all.contains(form), "no case has {form:?}");
    }
}

#[test]
fn the_checker_catches_each_fault_of_a_real_process() {
    let _processes = one_at_a_time();
    let fault = |command: &str, wall_ms: u64| {
        let argv = ["sh".to_owned(), "-c".to_owned(), command.to_owned()];
        let bound = Bound {
            cpu_seconds: 1,
            wall: Duration::from_millis(wall_ms),
        };
        let outcome = fuzz::run_argv(&argv, bound).expect("sh runs");
        fuzz::process_fault(&outcome).map(|(class, _)| class)
    };
    let panic =
        "echo \"thread 'solve' panicked at src/x.rs:1:1:\" >&2; echo backtrace >&2; exit 101";
    assert_eq!(fault(panic, 5000), Some(Class::Panic));
    assert_eq!(fault("kill -SEGV $$", 5000), Some(Class::Panic));
    assert_eq!(fault("sleep 5", 300), Some(Class::Hang));
    // The CPU limit is set on the child, and a child that hits it is a hang
    // (a spinning child would take seconds of wall clock on a busy machine).
    let argv = ["sh".to_owned(), "-c".to_owned(), "ulimit -S -t".to_owned()];
    let limits = fuzz::run_argv(&argv, Bound::cpu(7)).expect("sh runs");
    assert_eq!(String::from_utf8_lossy(&limits.stdout), "7\n");
    assert_eq!(fault("kill -XCPU $$", 5000), Some(Class::Hang));
    let two_lines = "echo 'cgt: eval: bad' >&2; echo 'more' >&2; exit 2";
    assert_eq!(fault(two_lines, 5000), Some(Class::MultiLineError));
    assert_eq!(
        fault("echo 'no prefix' >&2; exit 1", 5000),
        Some(Class::MultiLineError)
    );
    assert_eq!(fault("exit 7", 5000), Some(Class::ExitStatus));
    assert_eq!(fault("echo 'cgt: eval: bad' >&2; exit 2", 5000), None);
    assert_eq!(fault("echo 0; exit 0", 5000), None);
}

#[test]
fn the_fuzzer_catches_a_value_that_does_not_read_back_a_disagreement_and_a_refusal() {
    let _processes = one_at_a_time();
    let dir = scratch("planted");
    let cgt = fake_cgt(&dir, "^<33>", "L", "^<33>", "R");
    let mut fuzzer = Fuzzer::new(config(&dir, cgt, None));
    fuzzer.eval_case(0, "{0|v[32]*}");
    assert_eq!(classes(&fuzzer), [Class::RoundTrip]);
    let failure = &fuzzer.failures[0];
    assert!(
        failure.command.ends_with("-- '^<33>'"),
        "{}",
        failure.command
    );
    assert!(
        failure.detail.contains("does not read"),
        "{}",
        failure.detail
    );
    fuzzer.solve_case(1, "{0|v[32]*}");
    assert_eq!(classes(&fuzzer), [Class::RoundTrip, Class::Disagreement]);
    assert!(
        fuzzer.failures[1].detail.contains("\"R\""),
        "{}",
        fuzzer.failures[1].detail
    );
    let refusing = dir.join("refusing");
    fs::create_dir_all(&refusing).expect("folder");
    let cgt = fake_cgt(&refusing, "on", "L", "", "refuse");
    let mut fuzzer = Fuzzer::new(config(&dir, cgt, None));
    fuzzer.solve_case(0, "on");
    assert_eq!(classes(&fuzzer), [Class::SolveRefuses]);
    let _ = fs::remove_dir_all(&dir);
}

#[test]
fn the_fuzzer_catches_a_python_exception_and_crash() {
    let _processes = one_at_a_time();
    let dir = scratch("python");
    let cgt = fake_cgt(&dir, "0", "P", "", "P");
    let python = script(
        &dir,
        "python",
        "echo 'Traceback (most recent call last):' >&2; echo 'ZeroDivisionError: x' >&2; exit 1",
    );
    let mut fuzzer = Fuzzer::new(config(&dir, cgt.clone(), Some(python)));
    fuzzer.python_case(0, "1/0");
    assert_eq!(classes(&fuzzer), [Class::PythonException]);
    assert!(fuzzer.failures[0].detail.contains("ZeroDivisionError"));
    let crash = script(&dir, "python-crash", "kill -ABRT $$");
    let mut fuzzer = Fuzzer::new(config(&dir, cgt, Some(crash)));
    fuzzer.python_case(0, "cgt.Game('0')");
    assert_eq!(classes(&fuzzer), [Class::Panic]);
    let _ = fs::remove_dir_all(&dir);
}

#[test]
fn generated_cases_of_every_kind_pass_a_well_behaved_stand_in() {
    let _processes = one_at_a_time();
    let dir = scratch("clean");
    let cgt = fake_cgt(&dir, "0", "P", "", "P");
    let python = script(&dir, "python", "echo ok");
    let mut fuzzer = Fuzzer::new(config(&dir, cgt, Some(python)));
    for index in 0..12 {
        fuzzer.case(
            3,
            index,
            Kind::ALL[usize::try_from(index).expect("small") % 4],
        );
    }
    assert!(fuzzer.failures.is_empty(), "{:?}", fuzzer.failures);
    for kind in Kind::ALL {
        assert_eq!(fuzzer.cases.get(&kind), Some(&3), "{kind:?}");
    }
    assert!(
        fuzzer.summary().contains("no failures"),
        "{}",
        fuzzer.summary()
    );
    let _ = fs::remove_dir_all(&dir);
}

#[test]
fn the_command_exits_1_with_the_failing_command_and_0_without() {
    let dir = scratch("command");
    let bad = fake_cgt(&dir, "^<33>", "P", "^<33>", "P");
    // Through the fuzzer's own runner: its sweep after each run reaps every
    // child of this process, so no test here may start one another way.
    let xtask = |args: &[&str]| {
        let mut argv = vec![XTASK.to_owned(), "fuzz".to_owned()];
        argv.extend(args.iter().map(|a| (*a).to_owned()));
        fuzz::run_argv(&argv, Bound::cpu(30)).expect("xtask runs")
    };
    let code = |outcome: &xtask::run::Outcome| match outcome.ending {
        Ending::Exited(status) => status.code(),
        _ => None,
    };
    let run = |cgt: &Path| {
        let cgt = cgt.display().to_string();
        xtask(&[
            "--minutes",
            "0.01",
            "--seed",
            "5",
            "--only",
            "eval",
            "--cgt",
            &cgt,
        ])
    };
    let output = run(&bad);
    let stdout = String::from_utf8_lossy(&output.stdout);
    assert_eq!(code(&output), Some(1), "{stdout}");
    assert!(stdout.contains("FAIL round trip"), "{stdout}");
    assert!(stdout.contains("failures: round trip"), "{stdout}");
    assert!(stdout.contains("(seed 5,"), "{stdout}");
    let good_dir = dir.join("good");
    fs::create_dir_all(&good_dir).expect("folder");
    let good = fake_cgt(&good_dir, "0", "P", "", "P");
    let output = run(&good);
    let stdout = String::from_utf8_lossy(&output.stdout);
    assert_eq!(code(&output), Some(0), "{stdout}");
    assert!(stdout.contains("no failures"), "{stdout}");
    let usage = xtask(&["--only", "everything"]);
    assert_eq!(code(&usage), Some(2));
    let _ = fs::remove_dir_all(&dir);
}

#[test]
fn json_is_read_as_cgt_writes_it() {
    let json = Json::parse(
        r#"{"value":"{1|\"x\"}","outcome":"N","left_first":{"winner":"left","move":null},"n":[1,-2.5]}"#,
    )
    .expect("JSON");
    assert_eq!(json.get("value").and_then(Json::as_str), Some("{1|\"x\"}"));
    assert_eq!(
        json.get("left_first").and_then(|l| l.get("move")),
        Some(&Json::Null)
    );
    assert!(Json::parse("{\"a\":1} x").is_none());
    assert!(Json::parse(&"[".repeat(100)).is_none());
}

#[test]
fn a_ruleset_term_under_a_minus_sign_is_seen_as_negated() {
    let rulesets = fuzz::rulesets_in_list("toy(ab.): a toy\nhackenbush(l(r;lr)): cut\n");
    let signs = |expr: &str| fuzz::ruleset_term_signs(expr, &rulesets);
    assert_eq!(
        signs("toy(ab) + {1|0} - hackenbush(l(r;l))"),
        Some(vec![false, true])
    );
    assert_eq!(
        signs("-(toy(a) - hackenbush(l(r))) + -1/2 toy(b)"),
        Some(vec![true, false, false])
    );
    assert_eq!(signs("1 - - toy(a)"), Some(vec![false]));
    assert_eq!(signs("±{1|} - {2|} - toy(a)"), Some(vec![true]));
    assert_eq!(signs("other(a) - toy(a)"), Some(vec![true]));
    assert_eq!(signs("{toy(a)|0}"), None);
    assert_eq!(signs("1 +- toy(a)"), None);
    assert_eq!(signs("± (toy(a))"), None);
}

/// A run past its CPU limit is long work, not a hang, when on a terminal
/// it shows the progress line and then stops on SIGINT; it is a hang when
/// it shows none, or goes on after SIGINT (real `sh` stand-ins).
#[cfg(target_os = "linux")]
#[test]
fn a_long_run_is_judged_by_its_progress_line_and_sigint() {
    let _processes = one_at_a_time();
    let judge = |command: &str| {
        let argv = ["sh".to_owned(), "-c".to_owned(), command.to_owned()];
        fuzz::heard_after_progress(&argv)
    };
    // Shows progress only where asked to from the start, and dies of SIGINT.
    let long = r#"[ "$CGT_PROGRESS_AFTER" = 0 ] && printf '\rcgt: G(n) computed up to n = 1 of 9 (0 s)   ' >&2; exec sleep 60"#;
    assert_eq!(judge(long), Ok(()));
    // Stopped with one line and exit status 1.
    let line = r#"trap 'printf "\rcgt: stopped\n" >&2; exit 1' INT; printf '\rcgt: working' >&2; while :; do sleep 0.05; done"#;
    assert_eq!(judge(line), Ok(()));
    let silent = judge("exit 0").expect_err("no progress");
    assert!(silent.contains("no progress line"), "{silent}");
    let deaf = r#"trap '' INT; printf '\rcgt: working' >&2; sleep 30"#;
    let deaf = judge(deaf).expect_err("SIGINT ignored");
    assert!(deaf.contains("after SIGINT"), "{deaf}"); // Python has no progress line: SIGINT after a while, KeyboardInterrupt.
    let python = |command: &str| {
        let argv = ["sh".to_owned(), "-c".to_owned(), command.to_owned()];
        fuzz::heard_in_python(&argv)
    };
    assert_eq!(python("exec sleep 60"), Ok(()));
    let traceback =
        r#"trap 'echo KeyboardInterrupt >&2; exit 1' INT; while :; do sleep 0.05; done"#;
    assert_eq!(python(traceback), Ok(()));
    assert!(python("exit 0").is_err());
    let deaf = python("trap '' INT; sleep 30").expect_err("SIGINT ignored");
    assert!(deaf.contains("after SIGINT"), "{deaf}");
}

/// A fuzzer started where SIGINT is ignored (`cargo xtask fuzz &` from a
/// shell without job control) still judges long work as a terminal user
/// would see it: the run it interrupts has SIGINT's default action, so a
/// stand-in that leaves SIGINT alone is long work, not a hang.
#[cfg(target_os = "linux")]
#[test]
fn a_fuzzer_that_ignores_sigint_gives_its_runs_the_default_action() {
    let _processes = one_at_a_time();
    let dir = scratch("sigint-ignored");
    let body = r#"for a; do last="$a"; done
case "$1 $2" in
"eval --list") echo 'toy(ab.): a toy ruleset'; exit 0;;
esac
if [ "$last" = busy ]; then
  [ "$CGT_PROGRESS_AFTER" = 0 ] && printf '\rcgt: eval: working (0 s)   ' >&2
  while :; do :; done
fi
echo '{"value":"0","outcome":"P"}'
"#;
    let cgt = script(&dir, "cgt", body).display().to_string();
    let line =
        format!("trap '' INT; exec {XTASK} fuzz --only eval --timeout 1 --input busy --cgt {cgt}");
    let argv = ["sh".to_owned(), "-c".to_owned(), line];
    let outcome = fuzz::run_argv(&argv, Bound::cpu(60)).expect("xtask runs");
    let stdout = String::from_utf8_lossy(&outcome.stdout);
    assert!(
        matches!(outcome.ending, Ending::Exited(status) if status.success()),
        "{stdout}"
    );
    assert!(!stdout.contains("FAIL"), "{stdout}");
    assert!(
        stdout.contains("1 long runs showed progress and stopped on SIGINT"),
        "{stdout}"
    );
    let _ = fs::remove_dir_all(&dir);
}
