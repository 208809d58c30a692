//! Reading positions: the error type, the grid reader the board games
//! share, the `a,b` pair reader of the pair games (Mem, Partizan Euclid)
//! and a character [`Reader`] for positions read piece by piece.

/// A position that could not be read: where, and what was expected.
///
/// The same type as `cgt-core`'s [`NotationError`](cgt_core::canonical::NotationError),
/// so that an expression of games and positions fails with one error type.
/// `position` counts characters (not bytes) from the start of the text,
/// from 0.
///
/// # Example
/// ```
/// use cgt_rulesets::domineering::Domineering;
/// let error = Domineering::parse("..|.x").unwrap_err();
/// assert_eq!(error.position(), 4);
/// assert_eq!(error.to_string(), "at character 5: expected '.', '#' or '|', found 'x'");
/// ```
pub use cgt_core::canonical::NotationError as ParseError;

/// `found 'c'` or `found the end`, for messages.
pub(crate) fn found(c: Option<char>) -> String {
    match c {
        Some(c) => format!("found {c:?}"),
        None => "found the end".to_string(),
    }
}

/// Reads the whole of `text` as a pair `a,b` (whitespace skipped): each
/// number named and bounded by its `(name, most)` in messages, as in
/// `expected n, found 'x'` or `n is at most 300`.
pub(crate) fn read_pair(
    text: &str,
    first: (&str, u64),
    second: (&str, u64),
) -> Result<(u64, u64), ParseError> {
    let chars: Vec<char> = text.chars().collect();
    let mut i = 0;
    let number = |i: &mut usize, (what, most): (&str, u64)| -> Result<u64, ParseError> {
        while chars.get(*i).is_some_and(|c| c.is_whitespace()) {
            *i += 1;
        }
        let start = *i;
        let mut value: Option<u64> = Some(0);
        while let Some(d) = chars.get(*i).and_then(|c| c.to_digit(10)) {
            value = value
                .and_then(|v| v.checked_mul(10))
                .and_then(|v| v.checked_add(u64::from(d)));
            *i += 1;
        }
        if *i == start {
            return Err(ParseError::new(
                start,
                format!("expected {what}, {}", found(chars.get(start).copied())),
            ));
        }
        let Some(value) = value.filter(|&v| v <= most) else {
            return Err(ParseError::new(start, format!("{what} is at most {most}")));
        };
        while chars.get(*i).is_some_and(|c| c.is_whitespace()) {
            *i += 1;
        }
        Ok(value)
    };
    let a = number(&mut i, first)?;
    if chars.get(i) != Some(&',') {
        return Err(ParseError::new(
            i,
            format!("expected ',', {}", found(chars.get(i).copied())),
        ));
    }
    i += 1;
    let b = number(&mut i, second)?;
    if i < chars.len() {
        return Err(ParseError::new(
            i,
            format!("expected the end, {}", found(chars.get(i).copied())),
        ));
    }
    Ok((a, b))
}

/// A position's text read piece by piece: its characters and where the
/// reader is; whitespace between pieces is skipped.
pub(crate) struct Reader {
    pub(crate) chars: Vec<char>,
    /// The character read next.
    pub(crate) at: usize,
}

impl Reader {
    pub(crate) fn new(text: &str) -> Self {
        Reader {
            chars: text.chars().collect(),
            at: 0,
        }
    }

    pub(crate) fn skip_space(&mut self) {
        while self.chars.get(self.at).is_some_and(|c| c.is_whitespace()) {
            self.at += 1;
        }
    }

    /// The next character that is not whitespace, not taken.
    pub(crate) fn peek(&mut self) -> Option<char> {
        self.skip_space();
        self.chars.get(self.at).copied()
    }

    /// Takes `c`, the next character that is not whitespace; or says that
    /// `what` was expected there.
    pub(crate) fn expect(&mut self, c: char, what: &str) -> Result<(), ParseError> {
        match self.peek() {
            Some(d) if d == c => {
                self.at += 1;
                Ok(())
            }
            other => Err(ParseError::new(
                self.at,
                format!("expected {what}, {}", found(other)),
            )),
        }
    }

    /// A number (saturating at `u64::MAX`) and where it starts; or says
    /// that `what` was expected there.
    pub(crate) fn number(&mut self, what: &str) -> Result<(u64, usize), ParseError> {
        self.skip_space();
        let start = self.at;
        let mut value: u64 = 0;
        while let Some(d) = self.chars.get(self.at).and_then(|c| c.to_digit(10)) {
            value = value.saturating_mul(10).saturating_add(u64::from(d));
            self.at += 1;
        }
        if self.at == start {
            let other = self.chars.get(self.at).copied();
            return Err(ParseError::new(
                start,
                format!("expected {what}, {}", found(other)),
            ));
        }
        Ok((value, start))
    }
}

/// The most cells a board may have: one bit each in a `u64`.
pub const MAX_CELLS: usize = 64;

/// A board read from rows separated by `|`: its size and, row by row, the
/// index in `symbols` of each cell. Whitespace is skipped. The empty text
/// is the board with no rows.
pub(crate) fn parse_grid(
    text: &str,
    symbols: &[char],
    names: &str,
) -> Result<(usize, usize, Vec<u8>), ParseError> {
    let mut cells = Vec::new();
    let mut rows = 0;
    let mut cols = None;
    let mut in_row = 0;
    let mut last = 0;
    let mut any = false;
    for (i, c) in text.chars().enumerate() {
        last = i + 1;
        if c.is_whitespace() {
            continue;
        }
        any = true;
        if c == '|' {
            end_row(&mut rows, &mut cols, in_row, i)?;
            in_row = 0;
        } else if let Some(k) = symbols.iter().position(|&s| s == c) {
            if cols.is_some_and(|w| in_row >= w) {
                return Err(ParseError::new(
                    i,
                    format!(
                        "expected '|' (rows are {} cells long), {}",
                        cols.unwrap_or(0),
                        found(Some(c))
                    ),
                ));
            }
            if cells.len() == MAX_CELLS {
                return Err(ParseError::new(
                    i,
                    format!("a board has at most {MAX_CELLS} cells"),
                ));
            }
            cells.push(k as u8);
            in_row += 1;
        } else {
            return Err(ParseError::new(
                i,
                format!("expected {names} or '|', {}", found(Some(c))),
            ));
        }
    }
    if !any {
        return Ok((0, 0, cells));
    }
    end_row(&mut rows, &mut cols, in_row, last)?;
    Ok((rows, cols.unwrap_or(0), cells))
}

fn end_row(
    rows: &mut usize,
    cols: &mut Option<usize>,
    in_row: usize,
    at: usize,
) -> Result<(), ParseError> {
    match *cols {
        _ if in_row == 0 => Err(ParseError::new(at, "expected a cell, found an empty row")),
        None => {
            *cols = Some(in_row);
            *rows += 1;
            Ok(())
        }
        Some(w) if w != in_row => Err(ParseError::new(
            at,
            format!(
                "row {} has {in_row} cells, expected {w} like the first row",
                *rows + 1
            ),
        )),
        Some(_) => {
            *rows += 1;
            Ok(())
        }
    }
}
