//! `cgt census` run as a child process: rows equal to the single command's
//! `--json`, a run killed and started again, a torn last line, and the
//! errors.

mod common;

use cgt_census::Row;
use common::{EXE, run, stderr, stdout};
use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

/// A fresh folder for one test's files.
fn folder(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("cgt-census-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("a temporary folder");
    dir
}

/// The rows of a JSON-lines table by game, without the cost (which
/// differs from run to run); fails on a game written twice.
fn rows(file: &Path) -> BTreeMap<String, String> {
    let text = std::fs::read_to_string(file).expect("the table");
    assert!(
        text.ends_with('\n'),
        "a torn last line in {}",
        file.display()
    );
    let mut rows = BTreeMap::new();
    for line in text.lines() {
        let mut row = Row::parse(line).expect("a row");
        row.fields
            .retain(|(k, _)| !["seconds", "cpu_seconds", "peak_memory"].contains(&k.as_str()));
        let game = row.game().expect("a game");
        let again = rows.insert(game.clone(), row.to_json());
        assert!(again.is_none(), "{game} written twice");
    }
    rows
}

#[test]
fn each_row_is_the_single_commands_json_and_its_cost() {
    let dir = folder("rows");
    let out = dir.join("p.jsonl");
    let done = run(&[
        "census",
        "octal:1",
        "--ask",
        "period",
        "--upto",
        "2^10",
        "--jobs",
        "2",
        "--out",
        out.to_str().unwrap(),
    ]);
    assert_eq!(done.status.code(), Some(0), "{}", stderr(&done));
    assert_eq!(
        stdout(&done),
        format!(
            "census: 7 rows in {} (7 run now, 0 failed)\n",
            out.display()
        )
    );
    let text = std::fs::read_to_string(&out).unwrap();
    assert_eq!(text.lines().count(), 7);
    for line in text.lines() {
        let row = Row::parse(line).unwrap();
        let game = row.game().unwrap();
        let single = run(&["period", &game, "--upto", "2^10", "--json"]);
        let expected = stdout(&single);
        let keys: Vec<&str> = row.fields.iter().map(|(k, _)| k.as_str()).collect();
        assert_eq!(
            keys,
            [
                "game",
                "preperiod",
                "period",
                "saltus",
                "certified",
                "status",
                "theorem",
                "checked_upto",
                "seconds",
                "cpu_seconds",
                "peak_memory"
            ]
        );
        // The row is the command's object, the cost added before its brace.
        let cost_at = line.find(",\"seconds\":").unwrap();
        assert_eq!(format!("{}}}\n", &line[..cost_at]), expected);
        let seconds: f64 = row.get("seconds").unwrap().parse().unwrap();
        let cpu: f64 = row.get("cpu_seconds").unwrap().parse().unwrap();
        let peak: u64 = row.get("peak_memory").unwrap().parse().unwrap();
        assert!(seconds >= 0.0 && cpu >= 0.0 && peak > 1 << 20, "{line}");
    }
    std::fs::remove_dir_all(dir).unwrap();
}

#[test]
fn a_census_killed_and_run_again_has_every_row_once() {
    let dir = folder("resume");
    let clean = dir.join("clean.jsonl");
    let args = |out: &Path| {
        vec![
            "census".to_owned(),
            "octal:2".to_owned(),
            "--ask".to_owned(),
            "period".to_owned(),
            "--upto".to_owned(),
            "2^13".to_owned(),
            "--jobs".to_owned(),
            "1".to_owned(),
            "--out".to_owned(),
            out.to_str().unwrap().to_owned(),
        ]
    };
    let done = Command::new(EXE).args(args(&clean)).output().unwrap();
    assert_eq!(done.status.code(), Some(0), "{}", stderr(&done));
    let killed = dir.join("killed.jsonl");
    let mut census = Command::new(EXE)
        .args(args(&killed))
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    // SIGKILL once some rows are in and some are not.
    let start = Instant::now();
    loop {
        let lines = std::fs::read_to_string(&killed).map_or(0, |t| t.lines().count());
        if lines >= 12 {
            break;
        }
        assert!(start.elapsed() < Duration::from_secs(120), "no rows came");
        std::thread::sleep(Duration::from_millis(5));
    }
    census.kill().unwrap();
    census.wait().unwrap();
    let partial = std::fs::read_to_string(&killed).unwrap();
    let lines = partial.lines().count();
    assert!((12..70).contains(&lines), "killed after {lines} rows");
    let again = Command::new(EXE).args(args(&killed)).output().unwrap();
    assert_eq!(again.status.code(), Some(0), "{}", stderr(&again));
    let said = stdout(&again);
    assert!(said.starts_with("census: 70 rows in "), "{said}");
    assert_eq!(rows(&killed), rows(&clean));
    assert_eq!(rows(&clean).len(), 70);
    std::fs::remove_dir_all(dir).unwrap();
}

#[test]
fn a_torn_last_line_is_cut_and_its_game_run_again() {
    let dir = folder("torn");
    let out = dir.join("t.jsonl");
    let outs = out.to_str().unwrap();
    let census = [
        "census", "octal:1", "--ask", "values", "--upto", "100", "--out", outs,
    ];
    assert_eq!(run(&census).status.code(), Some(0));
    let whole = rows(&out);
    let text = std::fs::read_to_string(&out).unwrap();
    // The first two rows whole, the third torn in the middle.
    let mut lines = text.lines();
    let (first, second, third) = (
        lines.next().unwrap(),
        lines.next().unwrap(),
        lines.next().unwrap(),
    );
    let torn = format!("{first}\n{second}\n{}", &third[..third.len() / 2]);
    std::fs::write(&out, torn).unwrap();
    let again = run(&census);
    assert_eq!(again.status.code(), Some(0), "{}", stderr(&again));
    assert_eq!(
        stdout(&again),
        format!("census: 7 rows in {outs} (5 run now, 0 failed)\n")
    );
    assert_eq!(rows(&out), whole);
    // A broken whole line is not a torn one: it is not cut, the run stops.
    std::fs::write(&out, "{\"game\":\"0.1\"}\nnot a row\n").unwrap();
    let bad = run(&census);
    assert_eq!(bad.status.code(), Some(1));
    assert_eq!(
        stderr(&bad),
        format!("cgt: census: {outs}:2: expected a census row: expected '{{' at byte 0\n")
    );
    std::fs::remove_dir_all(dir).unwrap();
}

#[test]
fn a_parquet_table_is_written_whole_from_its_journal() {
    let dir = folder("parquet");
    let out = dir.join("p.parquet");
    let outs = out.to_str().unwrap();
    let done = run(&[
        "census", "octal:2", "--ask", "period", "--upto", "2^10", "--out", outs,
    ]);
    assert_eq!(done.status.code(), Some(0), "{}", stderr(&done));
    let bytes = std::fs::read(&out).unwrap();
    // Parquet's magic at both ends; no temporary file left.
    assert_eq!(
        (&bytes[..4], &bytes[bytes.len() - 4..]),
        (&b"PAR1"[..], &b"PAR1"[..])
    );
    assert!(!dir.join("p.parquet.tmp").exists());
    let journal = dir.join("p.parquet.journal.jsonl");
    assert_eq!(rows(&journal).len(), 70);
    std::fs::remove_dir_all(dir).unwrap();
}

#[test]
fn bad_families_and_questions_are_one_line_and_exit_status_2() {
    let dir = folder("bad");
    let out = dir.join("x.jsonl");
    let outs = out.to_str().unwrap();
    let file = dir.join("games.txt");
    std::fs::write(&file, "0.07\n0.9q\n").unwrap();
    let cases: [(&[&str], String); 7] = [
        (
            &["census", "octal:9", "--ask", "period", "--out", outs],
            "census: octal:K expected K in 1..=6, found \"octal:9\"".to_owned(),
        ),
        (
            &["census", "triangles:3", "--ask", "period", "--out", outs],
            "census: expected FAMILY octal:K, subtraction:K or a file of games, found \
             \"triangles:3\" (No such file or directory (os error 2))"
                .to_owned(),
        ),
        (
            &["census", "octal:1", "--ask", "colour", "--out", outs],
            "argument 4: --ask expected period, values, misere, quotient or value, found \"colour\""
                .to_owned(),
        ),
        (
            &["census", "octal:1", "--out", outs],
            "census: expected --ask period, values, misere, quotient or value".to_owned(),
        ),
        (
            &["census", "octal:1", "--ask", "period", "--out", "x.csv"],
            "census: --out expected a file ending in .jsonl or .parquet, found \"x.csv\""
                .to_owned(),
        ),
        (
            &["census", "octal:1", "--ask", "period"],
            "census: expected --out FILE.jsonl or --out FILE.parquet".to_owned(),
        ),
        (
            &["census", file.to_str().unwrap(), "--ask", "period", "--out", outs],
            format!("{}:2: ", file.display()),
        ),
    ];
    for (args, message) in cases {
        let out = run(args);
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        let said = stderr(&out);
        assert!(said.starts_with(&format!("cgt: {message}")), "{said}");
        assert_eq!(said.lines().count(), 1, "{said}");
    }
    assert!(!out.exists(), "a refused census wrote its table");
    std::fs::remove_dir_all(dir).unwrap();
}

#[test]
fn a_game_that_fails_has_a_failed_row_with_its_reason() {
    let dir = folder("fail");
    let out = dir.join("f.jsonl");
    let file = dir.join("games.txt");
    std::fs::write(&file, "0.07\n").unwrap();
    let outs = out.to_str().unwrap();
    // Beyond what the game allows: the reason the single command gives.
    let done = run(&[
        "census",
        file.to_str().unwrap(),
        "--ask",
        "values",
        "--upto",
        "2^40",
        "--out",
        outs,
    ]);
    assert_eq!(done.status.code(), Some(0), "{}", stderr(&done));
    let row = Row::parse(std::fs::read_to_string(&out).unwrap().trim_end()).unwrap();
    assert_eq!(row.get("status"), Some("\"failed\""));
    assert!(
        row.get("reason")
            .unwrap()
            .contains("expected a number in 0..="),
        "{row:?}"
    );
    // Past the memory budget in its child (run twice): the budget's message.
    std::fs::remove_file(&out).unwrap();
    std::fs::write(&file, "0.16\n").unwrap();
    let done = run(&[
        "census",
        file.to_str().unwrap(),
        "--ask",
        "period",
        "--upto",
        "2^22",
        "--max-memory",
        "1M",
        "--out",
        outs,
    ]);
    assert_eq!(done.status.code(), Some(0), "{}", stderr(&done));
    assert_eq!(
        stdout(&done),
        format!("census: 1 rows in {outs} (1 run now, 1 failed)\n")
    );
    let row = Row::parse(std::fs::read_to_string(&out).unwrap().trim_end()).unwrap();
    assert_eq!(row.get("status"), Some("\"failed\""));
    assert!(
        row.get("reason")
            .unwrap()
            .contains("past the memory budget"),
        "{row:?}"
    );
    std::fs::remove_dir_all(dir).unwrap();
}

/// On a terminal, a census shows the games done, left and the slowest
/// running (after a second, or `CGT_PROGRESS_AFTER`), and clears the line
/// before its summary; elsewhere it shows none.
#[cfg(target_os = "linux")]
#[test]
fn progress_shows_done_left_and_the_slowest_on_a_terminal_only() {
    let dir = folder("progress");
    let out = dir.join("p.jsonl");
    let outs = out.to_str().unwrap();
    let games = dir.join("games.txt");
    // 0.07 and 0.15 find their periods at once; 0.6 has none to find and
    // runs to 2^18 for about a second, long past the tenth of a second
    // after which the census shows the game it waits for.
    std::fs::write(&games, "0.07\n0.6\n0.15\n").unwrap();
    let args = [
        "census",
        games.to_str().unwrap(),
        "--ask",
        "period",
        "--upto",
        "2^18",
        "--jobs",
        "1",
        "--out",
        outs,
    ];
    let mut command = Command::new(EXE);
    command.args(args).env("CGT_PROGRESS_AFTER", "0");
    let run_there = cgt_testkit::fixture::run_on_terminal(command);
    assert_eq!(run_there.status, Some(0), "{:?}", run_there.shown);
    let shown = run_there.shown;
    let at = shown.find("\rcgt: census: ").expect("a progress line");
    let line = &shown[at..shown[at + 1..]
        .find('\r')
        .map_or(shown.len(), |e| at + 1 + e)];
    assert!(
        line.contains(" done, ") && line.contains(" left, slowest running: 0."),
        "{line:?}"
    );
    let summary = format!("census: 3 rows in {outs} (3 run now, 0 failed)\r\n");
    assert!(
        shown.ends_with(&format!("\r{:100}\r{summary}", "")),
        "{shown:?}"
    );
    // Not on a pipe: the summary alone, nothing on stderr.
    std::fs::remove_file(&out).unwrap();
    let plain = Command::new(EXE)
        .args(args)
        .env("CGT_PROGRESS_AFTER", "0")
        .output()
        .unwrap();
    assert_eq!(stderr(&plain), "");
    assert_eq!(stdout(&plain), summary.replace("\r\n", "\n"));
    std::fs::remove_dir_all(dir).unwrap();
}

#[test]
fn a_rulesets_boards_are_asked_their_value_as_eval_json_says_it() {
    let dir = folder("ruleset");
    let out = dir.join("d.jsonl");
    let outs = out.to_str().unwrap();
    let done = run(&["census", "domineering:1x3", "--ask", "value", "--out", outs]);
    assert_eq!(done.status.code(), Some(0), "{}", stderr(&done));
    let text = std::fs::read_to_string(&out).unwrap();
    // `.` or `#` in each of 3 cells.
    assert_eq!(text.lines().count(), 8);
    for line in text.lines() {
        let row = Row::parse(line).unwrap();
        let game = row.game().unwrap();
        let single = stdout(&run(&["eval", &game, "--json"]));
        let cost_at = line.find(",\"seconds\":").unwrap();
        let answer = &line[..cost_at];
        let prefix = format!("{{\"game\":{},", cgt_lab::json::string(&game));
        assert_eq!(
            format!("{{{}}}\n", &answer[prefix.len()..]),
            single,
            "{line}"
        );
    }
    std::fs::remove_dir_all(dir).unwrap();
}
