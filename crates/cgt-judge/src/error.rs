//! The errors of a judge function: [`InputError`], malformed input with
//! what was expected and where, and [`JudgeError`], that or output that could
//! not be written. Each displays as one line.

use std::fmt;
use std::io;

/// Where an input error was found.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) enum Place {
    /// At a token (1-based number, 1-based line).
    Token { index: usize, line: usize },
    /// After the last token.
    End { tokens: usize, line: usize },
    /// Nowhere in particular (a property of the whole case).
    Case,
}

/// Malformed input: what was expected and where.
///
/// Its `Display` is one line, e.g. `test case 2, token 7 (line 3): expected
/// heap size, an integer in 1..=10, found "x"`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct InputError {
    pub(crate) case: Option<usize>,
    pub(crate) place: Place,
    pub(crate) message: String,
}

impl InputError {
    /// The test case (1-based) the error belongs to, if the format has cases.
    pub fn case(&self) -> Option<usize> {
        self.case
    }

    /// The message without its position.
    pub fn message(&self) -> &str {
        &self.message
    }
}

impl fmt::Display for InputError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let case = self.case.map(|c| format!("test case {c}"));
        let place = match self.place {
            Place::Token { index, line } => Some(format!("token {index} (line {line})")),
            Place::End { tokens, line } => {
                Some(format!("end of input (after token {tokens}, line {line})"))
            }
            Place::Case => None,
        };
        let prefix: Vec<String> = case.into_iter().chain(place).collect();
        if prefix.is_empty() {
            write!(f, "{}", self.message)
        } else {
            write!(f, "{}: {}", prefix.join(", "), self.message)
        }
    }
}

impl std::error::Error for InputError {}

/// Why a judge function failed: malformed input, or output that could not be
/// written.
#[derive(Debug)]
pub enum JudgeError {
    /// The input does not follow the format; exit status 2.
    Input(InputError),
    /// Writing the output failed.
    Output(io::Error),
}

impl fmt::Display for JudgeError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            JudgeError::Input(e) => write!(f, "malformed input: {e}"),
            JudgeError::Output(e) => write!(f, "cannot write the output: {e}"),
        }
    }
}

impl std::error::Error for JudgeError {}

impl From<InputError> for JudgeError {
    fn from(e: InputError) -> Self {
        JudgeError::Input(e)
    }
}

impl From<io::Error> for JudgeError {
    fn from(e: io::Error) -> Self {
        JudgeError::Output(e)
    }
}
