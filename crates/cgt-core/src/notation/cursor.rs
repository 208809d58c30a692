//! The cursor both notation readers walk the text with: the text as
//! characters (positions in errors count characters, not bytes), where
//! reading is, and how deeply braces and parentheses nest there.

use super::NotationError;

/// How deeply braces and parentheses may nest.
pub(crate) const MAX_NESTING: usize = 200;

/// A place in a text read character by character.
pub(crate) struct Cursor<'c> {
    /// The whole text.
    pub(crate) chars: &'c [char],
    /// The index of the character read next.
    pub(crate) pos: usize,
    /// Braces and parentheses open here (at most [`MAX_NESTING`]).
    depth: usize,
}

impl<'c> Cursor<'c> {
    /// A cursor at `chars[pos]`, nothing open.
    pub(crate) fn new(chars: &'c [char], pos: usize) -> Self {
        Cursor {
            chars,
            pos,
            depth: 0,
        }
    }

    /// The character read next, if any.
    pub(crate) fn peek(&self) -> Option<char> {
        self.chars.get(self.pos).copied()
    }

    /// The character `k` after the one read next.
    pub(crate) fn peek_at(&self, k: usize) -> Option<char> {
        self.chars.get(self.pos + k).copied()
    }

    /// Whether the whole text is read.
    pub(crate) fn at_end(&self) -> bool {
        self.pos >= self.chars.len()
    }

    pub(crate) fn skip_space(&mut self) {
        while self.peek().is_some_and(char::is_whitespace) {
            self.pos += 1;
        }
    }

    /// Whether the text goes on with `word`.
    pub(crate) fn looks_at(&self, word: &str) -> bool {
        word.chars()
            .enumerate()
            .all(|(k, c)| self.peek_at(k) == Some(c))
    }

    /// A word (letters, digits, `_`) starting here, not read.
    pub(crate) fn word(&self) -> String {
        self.chars[self.pos..]
            .iter()
            .take_while(|c| c.is_alphanumeric() || **c == '_')
            .collect()
    }

    /// Reads decimal digits: where they start and their value (`u64::MAX`
    /// when it does not fit), or `None` and nothing read.
    pub(crate) fn digits(&mut self) -> Option<(usize, u64)> {
        let start = self.pos;
        let mut n: u64 = 0;
        let mut overflow = false;
        while let Some(d) = self.peek().and_then(|c| c.to_digit(10)) {
            match n.checked_mul(10).and_then(|n| n.checked_add(u64::from(d))) {
                Some(m) => n = m,
                None => overflow = true,
            }
            self.pos += 1;
        }
        if self.pos == start {
            return None;
        }
        Some((start, if overflow { u64::MAX } else { n }))
    }

    /// The index of the `)` that closes the `(` at `open`.
    ///
    /// # Errors
    /// `expected `)` to close this `(`` at `open` when none does.
    pub(crate) fn closing_paren(&self, open: usize) -> Result<usize, NotationError> {
        let mut depth = 0usize;
        for (k, &c) in self.chars[open..].iter().enumerate() {
            match c {
                '(' => depth += 1,
                ')' => {
                    depth -= 1;
                    if depth == 0 {
                        return Ok(open + k);
                    }
                }
                _ => {}
            }
        }
        Err(NotationError::new(open, "expected `)` to close this `(`"))
    }

    /// `expected`, and what is here instead, at this place.
    pub(crate) fn error_here(&self, expected: &str) -> NotationError {
        let found = match self.peek() {
            Some(c) => format!("found `{c}`"),
            None => "found the end".to_string(),
        };
        NotationError::new(self.pos, format!("{expected}, {found}"))
    }

    /// Opens one more level of braces or parentheses.
    ///
    /// # Errors
    /// Beyond [`MAX_NESTING`] levels.
    pub(crate) fn enter(&mut self) -> Result<(), NotationError> {
        self.depth += 1;
        if self.depth > MAX_NESTING {
            return Err(self.error_here(&format!("nesting deeper than {MAX_NESTING}")));
        }
        Ok(())
    }

    /// Closes the level [`Cursor::enter`] opened.
    pub(crate) fn leave(&mut self) {
        self.depth -= 1;
    }
}
