//! Runs a user's shell command on one input with a time limit and an output
//! limit, and leaves none of its processes behind.
//!
//! The command runs as `sh -c <command>` in a process group of its own, with
//! the input on stdin. The run ends when the shell exits, when the time limit
//! passes, or when stdout or stderr goes past the output limit. Then every
//! process the command started is killed and reaped, and only then are its
//! pipes read to the end, so a background process that keeps stdout open
//! cannot stretch the run.
//!
//! On Linux xtask first makes itself the child subreaper
//! (`PR_SET_CHILD_SUBREAPER`): a process that leaves the group and loses its
//! parent (`setsid sleep 60 &`) is re-parented to xtask rather than to init,
//! so after each run every descendant of xtask found in /proc is killed, and
//! its children reaped, until none is left. Elsewhere the process group is
//! killed, which misses a process that left it.
//!
//! That sweep kills every child process of xtask, so while a command runs it
//! must be the only child process xtask has: runs hold a process-wide lock,
//! and nothing else in xtask starts processes during `stress`.

use std::io::{self, Read, Write};
use std::process::{Child, Command, ExitStatus, Stdio};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc;
use std::sync::{Arc, Mutex, PoisonError};
use std::thread;
use std::time::{Duration, Instant};

/// Bytes of stderr kept, from its end.
pub const STDERR_TAIL: usize = 16 << 10;
/// How long the pipes may stay open after every process was killed (they
/// cannot, unless a process escaped the sweep: then its output is dropped).
const DRAIN_GRACE: Duration = Duration::from_secs(2);

/// The limits of one run.
#[derive(Clone, Copy, Debug)]
pub struct Limits {
    /// Wall-clock time from the start of the shell.
    pub timeout: Duration,
    /// Most bytes on stdout, and on stderr; one more ends the run.
    pub output: usize,
}

/// How a run ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Ending {
    /// The shell exited, or was killed by a signal that did not come from
    /// xtask.
    Exited(ExitStatus),
    /// Still running at the time limit; killed.
    TimedOut,
    /// Wrote more than the output limit on this stream; killed.
    OutputLimit(&'static str),
}

/// What a command did with one input.
#[derive(Debug)]
pub struct Outcome {
    /// How it ended.
    pub ending: Ending,
    /// Its stdout, at most `Limits::output` bytes.
    pub stdout: Vec<u8>,
    /// The last [`STDERR_TAIL`] bytes of its stderr.
    pub stderr_tail: Vec<u8>,
}

/// `exit status 3`, or `killed by signal 11 (SIGSEGV)`.
pub fn describe(status: ExitStatus) -> String {
    if let Some(code) = status.code() {
        return format!("exit status {code}");
    }
    #[cfg(unix)]
    {
        use std::os::unix::process::ExitStatusExt;
        if let Some(signal) = status.signal() {
            return match signal_name(signal) {
                Some(name) => format!("killed by signal {signal} ({name})"),
                None => format!("killed by signal {signal}"),
            };
        }
    }
    format!("{status}")
}

#[cfg(unix)]
fn signal_name(signal: i32) -> Option<&'static str> {
    if !cfg!(target_os = "linux") {
        return None;
    }
    Some(match signal {
        1 => "SIGHUP",
        2 => "SIGINT",
        3 => "SIGQUIT",
        4 => "SIGILL",
        6 => "SIGABRT",
        7 => "SIGBUS",
        8 => "SIGFPE",
        9 => "SIGKILL",
        11 => "SIGSEGV",
        13 => "SIGPIPE",
        14 => "SIGALRM",
        15 => "SIGTERM",
        24 => "SIGXCPU",
        25 => "SIGXFSZ",
        _ => return None,
    })
}

/// One process at a time: the sweep after a run kills every child of xtask.
static RUNS: Mutex<()> = Mutex::new(());

/// Runs `sh -c command` with `input` on stdin. An error means the shell could
/// not be started (or waited for); what the command itself does is in the
/// [`Outcome`].
pub fn run(command: &str, input: &[u8], limits: Limits) -> io::Result<Outcome> {
    run_program("sh", &["-c", command], input, limits)
}

/// Captured bytes of one stream, shared with the thread that reads it.
struct Capture {
    kept: Vec<u8>,
    total: usize,
}

fn read_stream(
    mut source: impl Read,
    capture: &Mutex<Capture>,
    limit: usize,
    tail_only: bool,
    over: &AtomicBool,
) {
    let mut buffer = vec![0_u8; 1 << 16];
    loop {
        let n = match source.read(&mut buffer) {
            Ok(0) => return,
            Ok(n) => n,
            Err(e) if e.kind() == io::ErrorKind::Interrupted => continue,
            Err(_) => return,
        };
        let mut capture = capture.lock().unwrap_or_else(PoisonError::into_inner);
        capture.total = capture.total.saturating_add(n);
        let chunk = &buffer[..n];
        if tail_only {
            capture.kept.extend_from_slice(chunk);
            if capture.kept.len() > 2 * STDERR_TAIL {
                let cut = capture.kept.len() - STDERR_TAIL;
                capture.kept.drain(..cut);
            }
        } else {
            let room = limit.saturating_sub(capture.kept.len());
            capture.kept.extend_from_slice(&chunk[..n.min(room)]);
        }
        if capture.total > limit {
            over.store(true, Ordering::SeqCst);
        }
    }
}

/// Starts a thread that reads `source` into a shared capture and says on
/// `done` when it has reached the end.
fn reader(
    source: impl Read + Send + 'static,
    limit: usize,
    tail_only: bool,
    over: Arc<AtomicBool>,
    done: mpsc::Sender<()>,
) -> Arc<Mutex<Capture>> {
    let capture = Arc::new(Mutex::new(Capture {
        kept: Vec::new(),
        total: 0,
    }));
    let shared = Arc::clone(&capture);
    thread::spawn(move || {
        read_stream(source, &shared, limit, tail_only, &over);
        let _ = done.send(());
    });
    capture
}

fn take(capture: &Mutex<Capture>) -> Vec<u8> {
    std::mem::take(&mut capture.lock().unwrap_or_else(PoisonError::into_inner).kept)
}

fn run_program(program: &str, args: &[&str], input: &[u8], limits: Limits) -> io::Result<Outcome> {
    let _one_at_a_time = RUNS.lock().unwrap_or_else(PoisonError::into_inner);
    reaper::adopt_orphans();
    let mut command = Command::new(program);
    command
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped());
    #[cfg(unix)]
    {
        use std::os::unix::process::CommandExt;
        command.process_group(0);
    }
    let mut child = command.spawn()?;
    let started = Instant::now();
    let outcome = watch(&mut child, input, limits, started);
    if outcome.is_err() {
        kill_all(&mut child);
        let _ = child.wait();
        reaper::sweep();
    }
    outcome
}

fn watch(child: &mut Child, input: &[u8], limits: Limits, started: Instant) -> io::Result<Outcome> {
    let missing = || io::Error::other("a pipe to the command is missing");
    let mut stdin = child.stdin.take().ok_or_else(missing)?;
    let stdout = child.stdout.take().ok_or_else(missing)?;
    let stderr = child.stderr.take().ok_or_else(missing)?;
    let input = input.to_vec();
    // A command that exits before reading everything closes the pipe: fine.
    // Not joined: it ends when the last process holding the pipe is killed.
    thread::spawn(move || {
        let _ = stdin.write_all(&input);
    });
    let (out_over, err_over) = (
        Arc::new(AtomicBool::new(false)),
        Arc::new(AtomicBool::new(false)),
    );
    let (done, finished) = mpsc::channel();
    let out = reader(
        stdout,
        limits.output,
        false,
        Arc::clone(&out_over),
        done.clone(),
    );
    let err = reader(stderr, limits.output, true, Arc::clone(&err_over), done);
    let over = || {
        if out_over.load(Ordering::SeqCst) {
            Some(Ending::OutputLimit("stdout"))
        } else if err_over.load(Ordering::SeqCst) {
            Some(Ending::OutputLimit("stderr"))
        } else {
            None
        }
    };
    let mut pause = Duration::from_micros(50);
    let ending = loop {
        if let Some(ending) = over() {
            break ending;
        }
        if let Some(status) = child.try_wait()? {
            break Ending::Exited(status);
        }
        let elapsed = started.elapsed();
        if elapsed >= limits.timeout {
            break Ending::TimedOut;
        }
        thread::sleep(pause.min(limits.timeout - elapsed));
        pause = (pause * 2).min(Duration::from_millis(5));
    };
    // Whatever is still running is killed: the shell's background jobs too.
    kill_all(child);
    let _ = child.wait();
    reaper::sweep();
    let deadline = Instant::now() + DRAIN_GRACE;
    for _ in 0..2 {
        let left = deadline.saturating_duration_since(Instant::now());
        if finished.recv_timeout(left).is_err() {
            break;
        }
    }
    // Output past the limit counts even if it came as the shell exited.
    let ending = over().unwrap_or(ending);
    Ok(Outcome {
        ending,
        stdout: take(&out),
        stderr_tail: {
            let mut tail = take(&err);
            let cut = tail.len().saturating_sub(STDERR_TAIL);
            tail.drain(..cut);
            tail
        },
    })
}

/// Kills the shell's process group and the shell (which may be a zombie).
fn kill_all(child: &mut Child) {
    reaper::kill_group(child.id());
    let _ = child.kill();
}

#[cfg(target_os = "linux")]
mod reaper {
    use rustix::process::{self, Pid, Signal, WaitOptions};
    use std::collections::HashMap;
    use std::fs;
    use std::sync::OnceLock;

    /// Makes xtask the subreaper of its descendants, once.
    pub fn adopt_orphans() {
        static DONE: OnceLock<bool> = OnceLock::new();
        DONE.get_or_init(|| process::set_child_subreaper(Some(process::getpid())).is_ok());
    }

    pub fn kill_group(leader: u32) {
        if let Some(pid) = i32::try_from(leader).ok().and_then(Pid::from_raw) {
            let _ = process::kill_process_group(pid, Signal::KILL);
        }
    }

    /// `(pid, parent)` of every process in /proc.
    fn processes() -> Vec<(i32, i32)> {
        let Ok(entries) = fs::read_dir("/proc") else {
            return Vec::new();
        };
        entries
            .filter_map(|entry| {
                let pid: i32 = entry.ok()?.file_name().to_str()?.parse().ok()?;
                let stat = fs::read_to_string(format!("/proc/{pid}/stat")).ok()?;
                Some((pid, parent_in_stat(&stat)?))
            })
            .collect()
    }

    /// The parent's pid from the text of `/proc/<pid>/stat`: the second field
    /// after the command name, which is in parentheses and may hold anything.
    pub(super) fn parent_in_stat(stat: &str) -> Option<i32> {
        let (_, after_name) = stat.rsplit_once(')')?;
        after_name.split_whitespace().nth(1)?.parse().ok()
    }

    /// Every process below `root`, by walking parent links.
    pub(super) fn descendants(root: i32, table: &[(i32, i32)]) -> Vec<i32> {
        let mut children: HashMap<i32, Vec<i32>> = HashMap::new();
        for &(pid, parent) in table {
            children.entry(parent).or_default().push(pid);
        }
        let mut found = Vec::new();
        let mut todo = vec![root];
        while let Some(pid) = todo.pop() {
            for &child in children.get(&pid).map_or(&[][..], Vec::as_slice) {
                if child != root && !found.contains(&child) {
                    found.push(child);
                    todo.push(child);
                }
            }
        }
        found
    }

    /// Kills every descendant of xtask and reaps its children, until none
    /// is left (the children of a killed process come to us in turn).
    pub fn sweep() {
        let me = process::getpid().as_raw_nonzero().get();
        for _ in 0..1000 {
            let table = processes();
            let below = descendants(me, &table);
            if below.is_empty() {
                return;
            }
            for &pid in &below {
                if let Some(pid) = Pid::from_raw(pid) {
                    let _ = process::kill_process(pid, Signal::KILL);
                }
            }
            for &(pid, parent) in &table {
                if parent == me {
                    if let Some(pid) = Pid::from_raw(pid) {
                        let _ = process::waitpid(Some(pid), WaitOptions::empty());
                    }
                }
            }
        }
    }
}

#[cfg(not(target_os = "linux"))]
mod reaper {
    pub fn adopt_orphans() {}

    #[cfg(unix)]
    pub fn kill_group(leader: u32) {
        let _ = std::process::Command::new("kill")
            .args(["-KILL", "--", &format!("-{leader}")])
            .stderr(std::process::Stdio::null())
            .status();
    }

    #[cfg(not(unix))]
    pub fn kill_group(_leader: u32) {}

    pub fn sweep() {}
}

#[cfg(test)]
mod tests {
    use super::*;

    fn limits(timeout_ms: u64) -> Limits {
        Limits {
            timeout: Duration::from_millis(timeout_ms),
            output: 1 << 20,
        }
    }

    fn exited(outcome: &Outcome) -> ExitStatus {
        match outcome.ending {
            Ending::Exited(status) => status,
            other => panic!("expected an exit, got {other:?}"),
        }
    }

    #[test]
    fn the_input_goes_in_and_both_outputs_come_out() {
        let outcome = run(
            "tr a-z A-Z; echo oops >&2; exit 3",
            b"alice\n",
            limits(20_000),
        )
        .expect("runs");
        assert_eq!(describe(exited(&outcome)), "exit status 3");
        assert_eq!(outcome.stdout, b"ALICE\n");
        assert_eq!(outcome.stderr_tail, b"oops\n");
    }

    #[cfg(target_os = "linux")]
    #[test]
    fn a_signal_is_named() {
        let outcome = run("kill -SEGV $$", b"", limits(20_000)).expect("runs");
        assert_eq!(describe(exited(&outcome)), "killed by signal 11 (SIGSEGV)");
    }

    #[test]
    fn a_program_that_cannot_start_is_an_error() {
        let started = run_program("/no/such/shell", &[], b"", limits(1000));
        assert!(started.is_err());
    }

    #[test]
    fn a_timeout_kills_the_whole_command() {
        let started = Instant::now();
        let outcome = run("sleep 30; echo late", b"", limits(200)).expect("runs");
        assert_eq!(outcome.ending, Ending::TimedOut);
        assert!(outcome.stdout.is_empty());
        assert!(started.elapsed() < Duration::from_secs(20));
    }

    #[test]
    fn endless_output_stops_at_the_limit() {
        let outcome = run("yes", b"", limits(60_000)).expect("runs");
        assert_eq!(outcome.ending, Ending::OutputLimit("stdout"));
        assert_eq!(outcome.stdout.len(), 1 << 20);
        assert!(outcome.stdout.starts_with(b"y\ny\n"));
        let outcome = run("yes err >&2", b"", limits(60_000)).expect("runs");
        assert_eq!(outcome.ending, Ending::OutputLimit("stderr"));
        assert!(outcome.stderr_tail.len() <= STDERR_TAIL);
        assert!(outcome.stderr_tail.ends_with(b"err\n") || outcome.stderr_tail.ends_with(b"e"));
    }

    #[test]
    fn output_just_under_the_limit_is_kept_whole() {
        // 1 MiB exactly: `head -c` of an endless stream.
        let outcome = run("yes | head -c 1048576", b"", limits(60_000)).expect("runs");
        assert!(exited(&outcome).success());
        assert_eq!(outcome.stdout.len(), 1 << 20);
    }

    /// The pid a command wrote to `file`, once it is there.
    #[cfg(target_os = "linux")]
    fn pid_in(file: &std::path::Path) -> i32 {
        let text = std::fs::read_to_string(file).expect("the command wrote its pid");
        text.trim().parse().expect("a pid")
    }

    /// Whether `pid` is a live `sleep` with this argument (not some other
    /// process that got the pid since).
    #[cfg(target_os = "linux")]
    fn sleeping(pid: i32, seconds: &str) -> bool {
        std::fs::read(format!("/proc/{pid}/cmdline"))
            .is_ok_and(|cmdline| cmdline == format!("sleep\0{seconds}\0").as_bytes())
    }

    #[cfg(target_os = "linux")]
    fn scratch(name: &str) -> std::path::PathBuf {
        let dir = std::env::temp_dir().join(format!("cgt-run-{}-{name}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).expect("scratch dir");
        dir
    }

    #[cfg(target_os = "linux")]
    #[test]
    fn an_orphan_in_its_own_session_is_killed_when_the_shell_exits() {
        let dir = scratch("orphan");
        let file = dir.join("pid");
        // The shell exits at once; the setsid'ed sleep keeps stdout open.
        let command = format!(
            "setsid sh -c 'echo $$ > {0}; exec sleep 3601' & \
             while [ ! -s {0} ]; do sleep 0.01; done; echo done",
            file.display()
        );
        let started = Instant::now();
        let outcome = run(&command, b"", limits(30_000)).expect("runs");
        assert!(exited(&outcome).success());
        assert_eq!(outcome.stdout, b"done\n");
        assert!(
            started.elapsed() < Duration::from_secs(25),
            "waited for the sleep"
        );
        assert!(
            !sleeping(pid_in(&file), "3601"),
            "the orphan outlived the run"
        );
        let _ = std::fs::remove_dir_all(&dir);
    }

    #[cfg(target_os = "linux")]
    #[test]
    fn on_timeout_a_process_that_left_the_group_is_killed() {
        let dir = scratch("timeout");
        let file = dir.join("pid");
        let command = format!(
            "setsid sh -c 'echo $$ > {}; exec sleep 3602'",
            file.display()
        );
        let started = Instant::now();
        let outcome = run(&command, b"", limits(500)).expect("runs");
        assert_eq!(outcome.ending, Ending::TimedOut);
        // Bounds a hang (the sleep is an hour), not a speed.
        assert!(started.elapsed() < Duration::from_secs(10));
        assert!(
            !sleeping(pid_in(&file), "3602"),
            "the sleep outlived the run"
        );
        let _ = std::fs::remove_dir_all(&dir);
    }

    #[cfg(target_os = "linux")]
    #[test]
    fn a_double_fork_is_reaped_too() {
        let dir = scratch("double");
        let file = dir.join("pid");
        // The middle process exits at once: its child is re-parented to us.
        let command = format!(
            "(sh -c 'echo $$ > {0}; exec sleep 3603' &); \
             while [ ! -s {0} ]; do sleep 0.01; done",
            file.display()
        );
        let outcome = run(&command, b"", limits(30_000)).expect("runs");
        assert!(exited(&outcome).success());
        let pid = pid_in(&file);
        assert!(!sleeping(pid, "3603"));
        // Reaped, not left a zombie child of ours.
        let stat = std::fs::read_to_string(format!("/proc/{pid}/stat")).unwrap_or_default();
        let ours = reaper::parent_in_stat(&stat) == i32::try_from(std::process::id()).ok();
        assert!(!ours, "still our child: {stat}");
        let _ = std::fs::remove_dir_all(&dir);
    }

    #[cfg(target_os = "linux")]
    #[test]
    fn the_parent_is_read_from_stat_whatever_the_name() {
        assert_eq!(
            reaper::parent_in_stat("42 (a) b (c)) S 7 42 42 0 -1"),
            Some(7)
        );
        assert_eq!(reaper::parent_in_stat("garbage"), None);
        let table = [(2, 1), (3, 2), (4, 3), (5, 9), (1, 0)];
        let mut below = reaper::descendants(2, &table);
        below.sort_unstable();
        assert_eq!(below, [3, 4]);
    }
}
