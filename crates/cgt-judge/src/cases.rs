//! The case readers: [`read_only`] and [`read_cases`] run a judge function
//! as a parser, so that a crate's `parse` reads with the very code its
//! `solve` does; [`render_cases`] writes the common format "`T`, then per
//! case `N` and `N` items" back as text; [`CasesOfItems`], with [`Count`] for
//! the counts, is the whole judge for test cases that are each a count `N`
//! and `N` items, answered by one of two words.

use crate::error::{InputError, JudgeError};
use crate::tokenizer::Tokens;
use std::fmt;
use std::io::{self, Write};
use std::ops::RangeInclusive;

/// Runs a reader that writes nothing (a judge function into a sink) and
/// keeps only its input error: the way a crate's `parse` shares the judge's
/// reader.
///
/// # Errors
/// The reader's [`InputError`].
///
/// # Example
/// ```
/// use cgt_judge::{read_only, Tokens};
/// let mut values = Vec::new();
/// let read = read_only(|_sink| {
///     let mut tokens = Tokens::new(b"7 x");
///     values.push(tokens.u64("a value")?);
///     values.push(tokens.u64("a value")?);
///     Ok(())
/// });
/// assert_eq!(values, [7]);
/// assert!(read.unwrap_err().to_string().contains("expected a value"));
/// ```
pub fn read_only<T>(
    read: impl FnOnce(&mut io::Sink) -> Result<T, JudgeError>,
) -> Result<T, InputError> {
    match read(&mut io::sink()) {
        Ok(value) => Ok(value),
        Err(JudgeError::Input(e)) => Err(e),
        Err(JudgeError::Output(e)) => unreachable!("a sink does not fail: {e}"),
    }
}

/// The cases of a valid judge input, each the list of items the judge
/// function read for it: `read(sink, record)` runs a judge function over
/// the input with `record` called once per case, so `parse` reads with the
/// very code `solve` does.
///
/// # Errors
/// The [`InputError`] of malformed input.
///
/// # Example
/// ```
/// use cgt_judge::{read_cases, JudgeError, Tokens};
/// use std::io::Write;
///
/// /// T, then per case n and n values; writes each case's sum.
/// fn judge<W: Write>(
///     input: &[u8],
///     out: &mut W,
///     mut case: impl FnMut(&[u64]) -> u64,
/// ) -> Result<(), JudgeError> {
///     let mut tokens = Tokens::new(input);
///     let mut values = Vec::new();
///     for number in 1..=tokens.count("T", 1)? {
///         tokens.begin_case(number);
///         let n = tokens.count("n", 1)?;
///         tokens.read_into(n, &mut values, |t| t.u64("a value"))?;
///         writeln!(out, "{}", case(&values))?;
///     }
///     tokens.finish()?;
///     Ok(())
/// }
///
/// let cases = read_cases(|sink, record| {
///     judge(b"2 1 5 2 3 4", sink, |values| {
///         record(values);
///         0
///     })
/// });
/// assert_eq!(cases.unwrap(), [vec![5], vec![3, 4]]);
/// ```
pub fn read_cases<T: Clone>(
    read: impl FnOnce(&mut io::Sink, &mut dyn FnMut(&[T])) -> Result<(), JudgeError>,
) -> Result<Vec<Vec<T>>, InputError> {
    let mut cases = Vec::new();
    read_only(|sink| read(sink, &mut |items: &[T]| cases.push(items.to_vec())))?;
    Ok(cases)
}

/// The common judge format "`T`, then per case its length and its items on
/// one line", as text.
///
/// # Example
/// ```
/// assert_eq!(cgt_judge::render_cases(&[vec![5], vec![3, 3]]), "2\n1\n5\n2\n3 3\n");
/// ```
pub fn render_cases<T: fmt::Display>(cases: &[Vec<T>]) -> String {
    use fmt::Write as _;
    let mut text = format!("{}\n", cases.len());
    for items in cases {
        writeln!(text, "{}", items.len()).expect("String write");
        for (i, item) in items.iter().enumerate() {
            let separator = if i == 0 { "" } else { " " };
            write!(text, "{separator}{item}").expect("String write");
        }
        text.push('\n');
    }
    text
}

/// A count in a judge input: its name in error messages, the range it must
/// lie in, and the fewest tokens each counted thing takes, as
/// [`Tokens::count_in`] reads it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Count<'a> {
    /// What the count is, e.g. `"the number of test cases T"`.
    pub what: &'a str,
    /// The values it may take.
    pub range: RangeInclusive<usize>,
    /// The fewest tokens each counted thing takes.
    pub tokens_each: usize,
}

impl<'a> Count<'a> {
    /// A count with no range of its own (`0..=usize::MAX`), as
    /// [`Tokens::count`] reads it.
    pub const fn any(what: &'a str, tokens_each: usize) -> Self {
        Self {
            what,
            range: 0..=usize::MAX,
            tokens_each,
        }
    }

    /// A count of at least one.
    pub const fn positive(what: &'a str, tokens_each: usize) -> Self {
        Self {
            what,
            range: 1..=usize::MAX,
            tokens_each,
        }
    }

    /// Reads this count from `tokens`.
    fn read(&self, tokens: &mut Tokens<'_>) -> Result<usize, InputError> {
        tokens.count_in(self.what, self.range.clone(), self.tokens_each)
    }
}

/// The judge format "test cases, each a count `N` and `N` items, answered
/// by one of two words": the reader shared by the crates whose input has
/// that shape, so each writes only what differs (the counts' names and
/// bounds, how an item is read, the two words).
///
/// # Example
/// ```
/// use cgt_judge::{CasesOfItems, Count, InputError, Tokens};
///
/// /// T, then per case n and n values; "even" or "odd" for each case's sum.
/// const PARITY: CasesOfItems<'static> = CasesOfItems {
///     cases: Some(Count::any("the number of test cases T", 1)),
///     items: Count::any("the number of values n", 1),
///     answers: ["even", "odd"],
/// };
/// fn sum_is_even(values: &[u64], _: &Tokens<'_>) -> Result<bool, InputError> {
///     Ok(values.iter().sum::<u64>() % 2 == 0)
/// }
///
/// let mut out = Vec::new();
/// PARITY.judge_items(b"2  2 3 5  1 4", &mut out, |t| t.u64("a value"), sum_is_even).unwrap();
/// assert_eq!(out, b"even\neven\n");
/// let error = PARITY.judge_items(b"1 2 3", &mut Vec::new(), |t| t.u64("a value"), sum_is_even);
/// assert_eq!(
///     error.unwrap_err().to_string(),
///     "malformed input: test case 1, token 2 (line 1): the number of values n is 2, but the rest of the input holds at most 1 token"
/// );
///
/// // Without a count of cases: cases until the end of the input, at least one.
/// let until_end = CasesOfItems { cases: None, ..PARITY };
/// let mut out = Vec::new();
/// until_end.judge_items(b"1 3 2 1 1", &mut out, |t| t.u64("a value"), sum_is_even).unwrap();
/// assert_eq!(out, b"odd\neven\n");
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CasesOfItems<'a> {
    /// The number of test cases `T`, read first; `None`: the cases follow
    /// one another until the end of the input, at least one (an empty input
    /// is reported as the first case missing).
    pub cases: Option<Count<'a>>,
    /// The count `N` that opens each case.
    pub items: Count<'a>,
    /// The line written for a case whose reader says `true`, then for one
    /// that says `false` (usually: the first player wins, the second does).
    pub answers: [&'a str; 2],
}

impl CasesOfItems<'_> {
    /// Reads every case, `case` reading what follows its count `N` and
    /// saying which answer to write; then checks that nothing is left.
    ///
    /// This is the form for a hot path that folds the items as it reads
    /// them, or for a case that is more than `N` items of one kind.
    ///
    /// # Errors
    /// [`JudgeError::Input`] on malformed input (the counts' own errors, or
    /// `case`'s), with nothing written for the broken case;
    /// [`JudgeError::Output`] if `out` fails.
    ///
    /// # Complexity
    /// O(number of cases) besides what `case` does.
    #[inline]
    pub fn judge<W: Write>(
        &self,
        input: &[u8],
        out: &mut W,
        mut case: impl FnMut(&mut Tokens<'_>, usize) -> Result<bool, InputError>,
    ) -> Result<(), JudgeError> {
        let mut tokens = Tokens::new(input);
        if let Some(cases) = &self.cases {
            for number in 1..=cases.read(&mut tokens)? {
                self.one_case(&mut tokens, number, out, &mut case)?;
            }
        } else {
            let mut number = 0;
            // The first case is read even on an empty input, to report it missing.
            while number == 0 || !tokens.at_end() {
                number += 1;
                self.one_case(&mut tokens, number, out, &mut case)?;
            }
        }
        tokens.finish()?;
        Ok(())
    }

    /// Reads every case's `N` items with `item` into one buffer and writes
    /// the answer `first_wins` gives for them (it also gets the tokens, for
    /// [`Tokens::error_in_case`]).
    ///
    /// # Errors
    /// As [`judge`](CasesOfItems::judge).
    ///
    /// # Complexity
    /// O(number of items) besides what `item` and `first_wins` do; the
    /// buffer is bounded by the input's length.
    #[inline]
    pub fn judge_items<W: Write, T>(
        &self,
        input: &[u8],
        out: &mut W,
        mut item: impl FnMut(&mut Tokens<'_>) -> Result<T, InputError>,
        mut first_wins: impl FnMut(&[T], &Tokens<'_>) -> Result<bool, InputError>,
    ) -> Result<(), JudgeError> {
        let mut items = Vec::new();
        self.judge(input, out, |tokens, n| {
            tokens.read_into(n, &mut items, &mut item)?;
            first_wins(&items, tokens)
        })
    }

    /// Reads case `number`: its count, what `case` reads, its answer line.
    #[inline]
    fn one_case<W: Write>(
        &self,
        tokens: &mut Tokens<'_>,
        number: usize,
        out: &mut W,
        case: &mut impl FnMut(&mut Tokens<'_>, usize) -> Result<bool, InputError>,
    ) -> Result<(), JudgeError> {
        tokens.begin_case(number);
        let n = self.items.read(tokens)?;
        let wins = case(tokens, n)?;
        writeln!(
            out,
            "{}",
            if wins {
                self.answers[0]
            } else {
                self.answers[1]
            }
        )?;
        Ok(())
    }
}
