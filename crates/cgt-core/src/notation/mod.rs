//! What the readers of text share: the [`NotationError`] every reader
//! returns (CGSuite's notation for short games in `canonical`, for loopy
//! games in `loopy_partizan`, and `cgt-rulesets`' positions, where it is
//! called `ParseError`), and the cursor the two notation readers walk the
//! text with.
//!
//! - `braces`: the items between braces and how runs of bars split them
//!   into a game, shared by the reader of short games and the reader of
//!   partizan misère forms.
//! - `cursor`: a position in the text, counted in characters: looking
//!   ahead, skipping whitespace, words, digits, the matching parenthesis,
//!   the nesting bound, and errors that say what was found.

mod braces;
mod cursor;

pub(crate) use braces::BraceReader;
pub(crate) use cursor::{BraceToken, Cursor, Joiner, MAX_NESTING};

use crate::canonical::ValueError;
use crate::loopy_partizan::LoopyError;
use std::fmt;

/// Why a text could not be read, and where: a game in CGSuite's notation,
/// or a ruleset's position (`cgt_rulesets::ParseError` is this type).
///
/// `position` counts characters (not bytes) from the start of the text,
/// from 0; the message (`Display`) counts them from 1.
///
/// # Example
/// ```
/// use cgt_core::canonical::{GameStore, NotationError};
/// let error = GameStore::new().parse("{1|2").expect_err("unclosed");
/// assert_eq!(error.position(), 4);
/// assert_eq!(error.to_string(), "at character 5: expected `}`, found the end");
/// assert_eq!(error, NotationError::new(4, "expected `}`, found the end"));
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct NotationError {
    position: usize,
    message: String,
    /// What stopped the valuing of a loopy game that read, when that did.
    loopy: Option<LoopyError>,
    /// What stopped the valuing of a short game that read, when that did.
    value: Option<ValueError>,
    /// Whether the error is about what only loopy notation has.
    about_loopy: bool,
}

impl NotationError {
    /// The error at character `position` (from 0) with `message`: what was
    /// expected and what was found, without the position.
    pub fn new(position: usize, message: impl Into<String>) -> Self {
        NotationError {
            position,
            message: message.into(),
            loopy: None,
            value: None,
            about_loopy: false,
        }
    }

    /// An error about what only loopy notation has: names, `pass`, `&`,
    /// stoppers and sides.
    pub(crate) fn about_loopy(position: usize, message: impl Into<String>) -> Self {
        NotationError {
            about_loopy: true,
            ..NotationError::new(position, message)
        }
    }

    /// The error of a short game that read but could not be valued (a
    /// number overflowed, a sum too large): its message is the
    /// [`ValueError`]'s, and [`NotationError::value_error`] gives the error.
    pub(crate) fn from_value(position: usize, error: ValueError) -> Self {
        NotationError {
            value: Some(error),
            ..NotationError::new(position, error.to_string())
        }
    }

    /// Why a short game that read could not be valued, for a front end to
    /// tell a limit reached ([`ValueError::TooCostly`]) from notation that
    /// does not read (`None`) by kind.
    pub fn value_error(&self) -> Option<ValueError> {
        self.value
    }

    /// The error of a loopy game that read but could not be valued: its
    /// message is the [`LoopyError`]'s, and [`NotationError::loopy_error`]
    /// gives the error itself.
    pub(crate) fn from_loopy(position: usize, error: LoopyError) -> Self {
        NotationError {
            position,
            message: error.to_string(),
            // A search stopped could stop any reading. A limit met valuing a game read as loopy notation is about
            // it too (`upon + *200` read; its short reading's error, that
            // `upon` is no short game, would mislead).
            about_loopy: !matches!(error, LoopyError::Interrupted),
            loopy: Some(error),
            value: None,
        }
    }

    /// A limit of the loopy reader reached (the graph it builds has too
    /// many positions): `message` as written, with `error` as its kind, so
    /// that a front end tells it from notation that does not read.
    pub(crate) fn loopy_limit(
        position: usize,
        message: impl Into<String>,
        error: LoopyError,
    ) -> Self {
        NotationError {
            loopy: Some(error),
            ..NotationError::new(position, message)
        }
    }

    /// Why a loopy game that read could not be valued (sidling did not
    /// settle, the graph is too large, …), for a front end to tell these
    /// apart from notation that does not read (`None`) by kind, not by
    /// the message's words.
    pub fn loopy_error(&self) -> Option<&LoopyError> {
        self.loopy.as_ref()
    }

    /// Whether the error is about what only loopy notation has (names,
    /// `pass`, `&`, stoppers and sides): where a text is read both as a
    /// short game and as a loopy one, such an error is the one to show.
    pub fn is_about_loopy(&self) -> bool {
        self.about_loopy
    }

    /// The index (in characters, from 0) into the text where reading failed;
    /// the message (`Display`) counts characters from 1.
    pub fn position(&self) -> usize {
        self.position
    }

    /// What went wrong, without the position.
    pub fn message(&self) -> &str {
        &self.message
    }
}

impl fmt::Display for NotationError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        // Counted from 1 for people, as the lab's other errors are.
        write!(f, "at character {}: {}", self.position + 1, self.message)
    }
}

impl std::error::Error for NotationError {}
