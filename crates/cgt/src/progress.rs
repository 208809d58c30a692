//! The progress line on stderr, shown while a command computes.

use crate::failure::NAME;
use std::io::{self, IsTerminal, Write};
use std::time::{Duration, Instant};

/// The progress line on stderr, for every command: only when stderr is a
/// terminal and the run has taken more than a second (or the seconds
/// `CGT_PROGRESS_AFTER` names), at most 10 times a second, cleared with
/// `clear` spaces when the work is done.
pub struct Progress {
    start: Instant,
    /// How long the run goes before the line shows.
    after: Duration,
    terminal: bool,
    shown: bool,
    /// When the line was last written.
    last: Option<Instant>,
    /// How many spaces clear the line.
    clear: usize,
}

/// `CGT_PROGRESS_AFTER`: the seconds a run goes before its progress line
/// shows (`0`: from the start); one second when it is unset or not a number
/// of seconds from 0 to a day.
fn after() -> Duration {
    std::env::var("CGT_PROGRESS_AFTER")
        .ok()
        .and_then(|text| text.trim().parse::<f64>().ok())
        .filter(|seconds| (0.0..=86_400.0).contains(seconds))
        .map_or(Duration::from_secs(1), Duration::from_secs_f64)
}

impl Progress {
    /// A line not shown yet, cleared with `clear` spaces.
    pub fn new(clear: usize) -> Self {
        Self {
            start: Instant::now(),
            after: after(),
            terminal: io::stderr().is_terminal(),
            shown: false,
            last: None,
            clear,
        }
    }

    /// Shows the program's name and `line(seconds so far)`, if it is time
    /// to and the line says something.
    pub fn show(&mut self, line: impl FnOnce(f64) -> Option<String>) {
        let recent = self
            .last
            .is_some_and(|t| t.elapsed() < Duration::from_millis(100));
        let elapsed = self.start.elapsed();
        if self.terminal
            && !recent
            && elapsed > self.after
            && let Some(line) = line(elapsed.as_secs_f64())
        {
            // A terminal that cannot be written to only loses the line.
            let _ = write!(io::stderr(), "\r{NAME}: {line}   ");
            self.shown = true;
            self.last = Some(Instant::now());
        }
    }

    /// Clears the line, if one was shown.
    pub fn finish(&self) {
        if self.shown {
            let _ = write!(io::stderr(), "\r{:width$}\r", "", width = self.clear);
        }
    }
}
