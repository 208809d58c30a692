//! How a run ends early: one line on stderr and an exit status
//! ([`Failure`]), and the helpers that make one from what went wrong.

use cgt_lab::ComputeError;
use std::io;

/// The program's name, as it starts every line it writes on stderr.
pub const NAME: &str = "cgt";

/// Why the program stops early.
pub enum Failure {
    /// A message for stderr and the exit status.
    Message(String, u8),
    /// Standard output's reader went away (a broken pipe, as after
    /// `| head`): not an error of ours, so nothing is said and the exit
    /// status is 0, as the judge binaries do (`cgt_judge::run`).
    ReaderGone,
}

/// Bad input: the message and exit status 2.
pub fn usage_error(message: impl Into<String>) -> Failure {
    Failure::Message(message.into(), 2)
}

/// A failure to write standard output, as the judge binaries report it:
/// a broken pipe is quiet and exit status 0, anything else (a full disk,
/// `> /dev/full`) is `cannot write standard output: …` and exit status 1.
pub fn output_error(error: io::Error) -> Failure {
    if error.kind() == io::ErrorKind::BrokenPipe {
        Failure::ReaderGone
    } else {
        Failure::Message(format!("cannot write standard output: {error}"), 1)
    }
}

/// An error of the heap engines: exit status 2 for values asked beyond
/// what the game allows (bad input), 1 for the rest.
pub fn compute_error(error: ComputeError) -> Failure {
    let status = if matches!(error, ComputeError::TooFar { .. }) {
        2
    } else {
        1
    };
    Failure::Message(error.to_string(), status)
}

/// Writes a file the user named after `flag`; failing is exit status 1.
pub fn write_file(flag: &str, file: &str, contents: &str) -> Result<(), Failure> {
    std::fs::write(file, contents).map_err(|e| Failure::Message(format!("{flag} {file}: {e}"), 1))
}

/// `message` on one line: control characters (a newline, a carriage
/// return, a tab, an escape …) and the Unicode line and paragraph
/// separators written as Rust escapes (`\n`, `\u{1b}`), whatever part of
/// the message echoes the user's text.
pub fn one_line(message: &str) -> String {
    let mut line = String::with_capacity(message.len());
    for c in message.chars() {
        if c.is_control() || matches!(c, '\u{2028}' | '\u{2029}') {
            line.extend(c.escape_default());
        } else {
            line.push(c);
        }
    }
    line
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn one_line_escapes_control_characters_only() {
        assert_eq!(
            one_line("game \"0.1\nx\", found '\n'"),
            "game \"0.1\\nx\", found '\\n'"
        );
        assert_eq!(
            one_line("a\r\tb\u{1b}[31m\u{85}\u{2028}"),
            "a\\r\\tb\\u{1b}[31m\\u{85}\\u{2028}"
        );
        assert_eq!(one_line("g⁻ «{1|*}» \\n"), "g⁻ «{1|*}» \\n");
    }
}
