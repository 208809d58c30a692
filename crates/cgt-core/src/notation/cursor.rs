//! The cursor both notation readers walk the text with: the text as
//! characters (positions in errors count characters, not bytes), where
//! reading is, and how deeply braces and parentheses nest there.

use super::NotationError;

/// How deeply braces and parentheses may nest.
pub(crate) const MAX_NESTING: usize = 200;

/// What joins the next term to a sum.
pub(crate) enum Joiner {
    /// `+`, read with the whitespace after it.
    Plus,
    /// `-`, read with the whitespace after it.
    Minus,
    /// `+-` or `±`: a switch, left for its term to read.
    Switch,
}

/// What comes next between braces.
pub(crate) enum BraceToken {
    /// `}`, read.
    Close,
    /// `,` at this index, read.
    Comma(usize),
    /// A run of bars, read.
    Bars {
        /// The index of the first bar.
        at: usize,
        /// How many bars.
        count: usize,
    },
    /// An option starts here; nothing read.
    Option,
}

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

    /// Reads `c` if it comes next.
    pub(crate) fn eat(&mut self, c: char) -> bool {
        let here = self.peek() == Some(c);
        self.pos += usize::from(here);
        here
    }

    /// Where a literal read from here starts: here, or one character back
    /// when the `-` just read belongs to it (`-1^` is `-1 + ↑`).
    pub(crate) fn literal_start(&self, negative: bool) -> usize {
        if negative { self.pos - 1 } else { self.pos }
    }

    /// Whether a switch, `+-G` or `±G`, starts here.
    pub(crate) fn at_switch(&self) -> bool {
        self.peek() == Some('±') || self.looks_at("+-")
    }

    /// Reads the sign of a switch, `+-` or `±`.
    pub(crate) fn switch_sign(&mut self) {
        self.pos += if self.peek() == Some('±') { 1 } else { 2 };
    }

    /// Reads, after any whitespace, what joins the next term to a sum;
    /// `None` where the sum ends.
    pub(crate) fn joiner(&mut self) -> Option<Joiner> {
        self.skip_space();
        let joiner = if self.at_switch() {
            Joiner::Switch
        } else if self.eat('+') {
            Joiner::Plus
        } else if self.eat('-') {
            Joiner::Minus
        } else {
            return None;
        };
        if !matches!(joiner, Joiner::Switch) {
            self.skip_space();
        }
        Some(joiner)
    }

    /// Reads, after any whitespace, what comes next between braces: `}`,
    /// `,`, a run of bars (with whitespace inside the run when `spaced`, as
    /// the short notation has it: `{a| |b}` is `{a||b}`), or the start of
    /// an option.
    ///
    /// # Errors
    /// `expected `}`` at the end of the text.
    pub(crate) fn brace_token(&mut self, spaced: bool) -> Result<BraceToken, NotationError> {
        self.skip_space();
        let at = self.pos;
        match self.peek() {
            None => Err(self.error_here("expected `}`")),
            Some('}') => {
                self.pos += 1;
                Ok(BraceToken::Close)
            }
            Some(',') => {
                self.pos += 1;
                Ok(BraceToken::Comma(at))
            }
            Some('|') => {
                let mut count = 0;
                loop {
                    if self.eat('|') {
                        count += 1;
                    } else if !spaced {
                        break;
                    } else {
                        let save = self.pos;
                        self.skip_space();
                        if self.peek() != Some('|') {
                            self.pos = save;
                            break;
                        }
                    }
                }
                Ok(BraceToken::Bars { at, count })
            }
            Some(_) => Ok(BraceToken::Option),
        }
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

    /// Reads the bracket here (`(` or `{`), one level deeper.
    ///
    /// # Errors
    /// As [`Cursor::enter`], at the bracket.
    pub(crate) fn open(&mut self) -> Result<(), NotationError> {
        self.enter()?;
        self.pos += 1;
        Ok(())
    }

    /// Reads `bracket` after any whitespace, one level up.
    ///
    /// # Errors
    /// `expected `)`` (the bracket), and what is there instead.
    pub(crate) fn close(&mut self, bracket: char) -> Result<(), NotationError> {
        self.skip_space();
        if !self.eat(bracket) {
            return Err(self.error_here(&format!("expected `{bracket}`")));
        }
        self.leave();
        Ok(())
    }
}
