//! `census FAMILY --ask QUESTION [--upto N] --out FILE [--jobs N]`: one
//! question asked of every game of a family, each game in a child process
//! of its own (`census --row GAME`), the rows appended to the table's
//! journal as they come (`cgt_census::table`), so that a run stopped
//! anywhere resumes.
//!
//! A child is this program again: a game that crashes it, is killed or
//! passes the memory budget takes only itself down. It is run again once,
//! and then its row says `"status":"failed"` and why. Bad input (exit
//! status 2) is not run again.

use crate::args::{CensusOptions, parse_args};
use crate::failure::{Failure, NAME, output_error, usage_error};
use crate::progress::Progress;
use cgt_census::family::{self, Member};
use cgt_census::table::{self, Journal};
use cgt_census::{Ask, Cost, Row};
use std::collections::{HashSet, VecDeque};
use std::io::Write;
use std::os::unix::process::ExitStatusExt;
use std::process::{Command, Output, Stdio};
use std::sync::mpsc;
use std::time::{Duration, Instant};

/// Runs the census, or with `--row` one game's row.
pub fn run(options: &CensusOptions, out: &mut impl Write) -> Result<(), Failure> {
    if options.row {
        let row = one_row(options)?;
        writeln!(out, "{}", row.to_json()).map_err(output_error)?;
        return out.flush().map_err(output_error);
    }
    let heap = options.ask.on_heaps();
    let members = family::members(&options.family, heap).map_err(usage_error)?;
    let file = options.out.clone().unwrap_or_default();
    let census_error = |e: String| Failure::Message(format!("census: {e}"), 1);
    let journal_path = table::journal_path(&file).map_err(usage_error)?;
    let (mut journal, done) = Journal::open(&journal_path).map_err(census_error)?;
    let done_keys: HashSet<String> = done
        .iter()
        .filter_map(|r| family::row_key(r, heap))
        .collect();
    let mut rows = done;
    let mut queue = VecDeque::new();
    for (index, member) in members.iter().enumerate() {
        if done_keys.contains(&family::member_key(member, heap)) {
            continue;
        }
        match &member.same_as {
            Some(target) => {
                let row = Row::same_as(&member.game, target);
                journal.append(&row).map_err(census_error)?;
                rows.push(row);
            }
            None => queue.push_back((index, 0u8)),
        }
    }
    let jobs = options.jobs.unwrap_or_else(cgt_lab::default_threads).max(1);
    let (ran, failed) = run_children(options, &members, queue, jobs, &mut |row| {
        journal.append(&row)?;
        rows.push(row);
        Ok(())
    })
    .map_err(census_error)?;
    let ordered = family::in_order(&members, &rows, heap);
    table::finish(&file, &ordered).map_err(census_error)?;
    writeln!(
        out,
        "census: {} rows in {file} ({ran} run now, {failed} failed)",
        ordered.len()
    )
    .map_err(output_error)?;
    out.flush().map_err(output_error)
}

/// One game's end in a child: what it wrote, and how long it took.
struct Finished {
    index: usize,
    attempt: u8,
    output: std::io::Result<Output>,
    seconds: f64,
}

/// Runs the queued members (index, attempt) on `jobs` children at a time
/// and hands each row to `record` as it comes; returns how many rows
/// came and how many of them failed.
fn run_children(
    options: &CensusOptions,
    members: &[Member],
    mut queue: VecDeque<(usize, u8)>,
    jobs: usize,
    record: &mut dyn FnMut(Row) -> Result<(), String>,
) -> Result<(usize, usize), String> {
    let program = std::env::current_exe().map_err(|e| format!("cannot find this program: {e}"))?;
    let (sender, receiver) = mpsc::channel::<Finished>();
    // The members running now, and since when.
    let mut running: Vec<(usize, Instant)> = Vec::new();
    let mut progress = Progress::new(100);
    let (mut ran, mut failed) = (0, 0);
    let total = queue.len();
    loop {
        while running.len() < jobs {
            let Some((index, attempt)) = queue.pop_front() else {
                break;
            };
            let mut command = Command::new(&program);
            command
                .args(["census", "--row", "--ask", options.ask.name()])
                .stdin(Stdio::null());
            if let Some(upto) = options.upto {
                command.args(["--upto", &upto.to_string()]);
            }
            if let Some(bytes) = options.max_memory {
                command.args(["--max-memory", &bytes.to_string()]);
            }
            command.args(["--", &members[index].game]);
            let sender = sender.clone();
            let start = Instant::now();
            // A thread per child reads its output whole, so that a long row
            // never blocks the child on a full pipe.
            std::thread::Builder::new()
                .name("census child".to_owned())
                .spawn(move || {
                    let output = command.output();
                    let seconds = start.elapsed().as_secs_f64();
                    let _ = sender.send(Finished {
                        index,
                        attempt,
                        output,
                        seconds,
                    });
                })
                .map_err(|e| format!("cannot start a thread: {e}"))?;
            running.push((index, start));
        }
        if running.is_empty() {
            break;
        }
        let finished = match receiver.recv_timeout(Duration::from_millis(100)) {
            Ok(finished) => finished,
            Err(_) => {
                progress.show(|s| {
                    let (index, since) = running.iter().min_by_key(|(_, t)| *t)?;
                    Some(format!(
                        "census: {ran} done, {} left, slowest running: {} ({:.0} s of {s:.0} s)",
                        total - ran,
                        members[*index].game,
                        since.elapsed().as_secs_f64()
                    ))
                });
                continue;
            }
        };
        running.retain(|(index, _)| *index != finished.index);
        let game = &members[finished.index].game;
        let row = match outcome(game, &finished) {
            Ok(row) => row,
            Err((reason, bad_input)) if bad_input || finished.attempt > 0 => {
                // A child that failed took its CPU time with it.
                let cost = Cost {
                    seconds: finished.seconds,
                    ..Cost::default()
                };
                Row::failed(game, &reason, cost)
            }
            Err(_) => {
                queue.push_front((finished.index, finished.attempt + 1));
                continue;
            }
        };
        if row.get("status") == Some("\"failed\"") {
            failed += 1;
        }
        ran += 1;
        record(row)?;
    }
    progress.finish();
    Ok((ran, failed))
}

/// The row a child wrote, or why there is none and whether that was bad
/// input (exit status 2, not worth a second run).
fn outcome(game: &str, finished: &Finished) -> Result<Row, (String, bool)> {
    let output = finished
        .output
        .as_ref()
        .map_err(|e| (format!("cannot run the worker: {e}"), false))?;
    if output.status.success() {
        let text = String::from_utf8_lossy(&output.stdout);
        return Row::parse(text.trim_end())
            .map_err(|e| (format!("the worker wrote no row for {game}: {e}"), false));
    }
    let stderr = String::from_utf8_lossy(&output.stderr);
    let said = stderr
        .lines()
        .last()
        .map(|l| l.strip_prefix(&format!("{NAME}: ")).unwrap_or(l).to_owned());
    let reason = match (output.status.signal(), said) {
        (Some(signal), _) => format!("the worker was killed by signal {signal}"),
        (None, Some(said)) => said,
        (None, None) => format!("the worker ended with {}", output.status),
    };
    Err((reason, output.status.code() == Some(2)))
}

/// `census --row GAME`: the row of one game, computed here.
fn one_row(options: &CensusOptions) -> Result<Row, Failure> {
    let game = options.family.clone();
    let (ask, upto) = (options.ask, options.upto);
    if ask.on_heaps() {
        // Bad input before any work, as the single commands do.
        cgt_lab::Game::parse(&game).map_err(|e| usage_error(e.to_string()))?;
    }
    if ask.in_library() {
        return crate::worker::on_worker(
            "census",
            options.max_memory,
            0,
            |_| None,
            move || cgt_census::row(&game, ask, upto).map_err(usage_error),
        );
    }
    // The single command itself, its output kept: the row is its --json.
    let mut args: Vec<String> = match ask {
        Ask::Quotient => vec!["quotient".into(), "--json".into()],
        Ask::Misere => vec!["misere".into(), "--json".into()],
        _ => vec!["eval".into(), "--json".into()],
    };
    if let Some(bytes) = options.max_memory {
        args.extend(["--max-memory".into(), bytes.to_string()]);
    }
    match (ask, upto) {
        (Ask::Quotient, Some(n)) => args.extend(["--max-heap".into(), n.to_string()]),
        (Ask::Misere, n) => {
            let heap = n.unwrap_or(10);
            args.extend([
                "--".into(),
                format!("game.heap.TakeAndBreak(\"{game}\")({heap})"),
            ]);
        }
        (Ask::Value | Ask::Quotient, _) => {}
        _ => {}
    }
    if ask != Ask::Misere {
        args.extend(["--".into(), game.clone()]);
    }
    let task = parse_args(&args)?;
    cgt_census::memory::reset_peak();
    let cpu_before = cgt_census::cpu::process_seconds();
    let start = Instant::now();
    let mut written = Vec::new();
    match task {
        crate::args::Task::Quotient(o) => super::quotient::run(&o, &mut written)?,
        crate::args::Task::Misere(o) => super::misere::run(&o, &mut written)?,
        crate::args::Task::Eval(o) => super::eval::run(&o, &mut written)?,
        _ => return Err(usage_error("census: no command answers this question")),
    }
    let seconds = start.elapsed().as_secs_f64();
    let text = String::from_utf8_lossy(&written);
    let answer = Row::parse(text.trim_end()).map_err(|e| {
        Failure::Message(
            format!("census: {} --json wrote no object: {e}", ask.name()),
            1,
        )
    })?;
    let mut row = Row {
        fields: vec![("game".to_owned(), cgt_lab::json::string(&game))],
    };
    row.fields
        .extend(answer.fields.into_iter().filter(|(k, _)| k != "game"));
    row.push_cost(Cost {
        seconds,
        // This child runs this one game, on whatever threads it takes.
        cpu_seconds: cgt_census::cpu::process_seconds()
            .zip(cpu_before)
            .map(|(after, before)| after - before),
        peak_memory: cgt_census::memory::peak_bytes(),
    });
    Ok(row)
}
