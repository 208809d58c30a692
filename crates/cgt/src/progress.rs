//! The progress line on stderr, shown while a command computes.

use crate::failure::NAME;
use std::io::{self, IsTerminal, Write};
use std::time::{Duration, Instant};

/// The progress line on stderr, for every command: only when stderr is a
/// terminal and the run has taken more than a second, at most 10 times a
/// second, cleared with `clear` spaces when the work is done.
pub struct Progress {
    start: Instant,
    terminal: bool,
    shown: bool,
    /// When the line was last written.
    last: Option<Instant>,
    /// How many spaces clear the line.
    clear: usize,
}

impl Progress {
    /// A line not shown yet, cleared with `clear` spaces.
    pub fn new(clear: usize) -> Self {
        Self {
            start: Instant::now(),
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
            && elapsed > Duration::from_secs(1)
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
