//! Toppling Dominoes: a row of dominoes, blue `l` (Left's), red `r`
//! (Right's) and green `e` (either's); a move topples one of your dominoes
//! to the left or to the right, and it knocks down every domino on that
//! side of it (*Lessons in Play*, Albert, Nowakowski and Wolfe, ch. 2;
//! Fink, Nowakowski, Siegel and Wolfe, "Toppling Conjectures", 2011).
//!
//! The row does not split (no gaps); it reads the same backwards, so a row
//! and its reverse share one memo entry
//! ([`PartizanGame::components`](cgt_core::partizan::PartizanGame) gives
//! the lesser of the two).
//!
//! # Example
//! ```
//! use cgt_core::outcome::Outcome;
//! use cgt_core::partizan::OutcomeMemo;
//! use cgt_rulesets::toppling::Toppling;
//!
//! let mut memo = OutcomeMemo::new(Toppling);
//! assert_eq!(memo.outcome(&Toppling::parse("l")?), Outcome::L); // 1
//! assert_eq!(memo.outcome(&Toppling::parse("lr")?), Outcome::N); // ±1
//! assert_eq!(memo.outcome(&Toppling::parse("e")?), Outcome::N); // *
//! # Ok::<(), cgt_rulesets::ParseError>(())
//! ```

use crate::Colour;
use crate::parse::{ParseError, found};
use cgt_core::canonical::{GameId, GameStore, ValueError};
use cgt_core::outcome::Side;
use cgt_core::partizan::PartizanGame;
use rustc_hash::FxHashMap;
use std::fmt;

/// The rules of Toppling Dominoes; positions are [`Dominoes`].
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Toppling;

/// A row of standing dominoes, left to right.
#[derive(Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Dominoes(pub Vec<Colour>);

impl Toppling {
    /// Reads a row of `l` (blue), `r` (red) and `e` (green) dominoes;
    /// whitespace is skipped.
    ///
    /// # Example
    /// ```
    /// use cgt_rulesets::Colour;
    /// use cgt_rulesets::toppling::Toppling;
    /// let row = Toppling::parse("lre")?;
    /// assert_eq!(row.0, [Colour::Blue, Colour::Red, Colour::Green]);
    /// assert_eq!(row.to_string(), "lre");
    /// assert_eq!(Toppling::parse("lrx").unwrap_err().position(), 2);
    /// # Ok::<(), cgt_rulesets::ParseError>(())
    /// ```
    pub fn parse(text: &str) -> Result<Dominoes, ParseError> {
        let mut row = Vec::new();
        for (i, c) in text.chars().enumerate() {
            if c.is_whitespace() {
                continue;
            }
            let colour = Colour::from_char(c).ok_or_else(|| {
                ParseError::new(i, format!("expected 'l', 'r' or 'e', {}", found(Some(c))))
            })?;
            row.push(colour);
        }
        Ok(Dominoes(row))
    }
}

impl Dominoes {
    /// The value of a row of one colour, or `None` if it has two: `n`
    /// blue dominoes are the integer `n` (Left has `n` moves, each leaving
    /// fewer blue ones, and Right none), `n` red ones `-n`, and `n` green
    /// ones the nimber `*n` (each move leaves any shorter green row: a Nim
    /// heap). *Lessons in Play*, ch. 2; Fink, Nowakowski, Siegel and Wolfe,
    /// "Toppling Conjectures".
    ///
    /// # Example
    /// ```
    /// use cgt_core::canonical::GameStore;
    /// use cgt_rulesets::toppling::Toppling;
    /// let mut store = GameStore::new();
    /// let mut value = |text: &str| {
    ///     let row = Toppling::parse(text).expect("a row");
    ///     row.monochrome_value(&mut store).map(|v| store.display(v).to_string())
    /// };
    /// assert_eq!(value(&"l".repeat(2500)).as_deref(), Some("2500"));
    /// assert_eq!(value("rrr").as_deref(), Some("-3"));
    /// assert_eq!(value("eee").as_deref(), Some("*3"));
    /// assert_eq!(value("lr"), None);
    /// ```
    pub fn monochrome_value(&self, store: &mut GameStore) -> Option<GameId> {
        let first = self.0.first().copied();
        if !self.0.iter().all(|&c| Some(c) == first) {
            return None;
        }
        Some(monochrome(store, first, self.0.len()))
    }
}

/// `n` dominoes of colour `colour` (none if `n` is 0).
fn monochrome(store: &mut GameStore, colour: Option<Colour>, n: usize) -> GameId {
    // A row has fewer than 2^63 dominoes.
    let n = n as i64;
    match colour {
        None => store.zero(),
        Some(Colour::Blue) => store.integer(n),
        Some(Colour::Red) => store.integer(-n),
        Some(Colour::Green) => store.nimber(n as u64),
    }
}

/// The values of every stretch of one row (the dominoes `i..j`, which are
/// all the positions the row can reach), shortest first, kept by number:
/// `(n + 1)(n + 2) / 2` numbers for a row of `n`, where a
/// [`ValueMemo`](cgt_core::partizan::ValueMemo) keeps a copy of each
/// stretch's dominoes beside its value. Equal stretches are one number
/// (a trie: a stretch is the stretch one shorter and its last domino), so
/// each is valued once; a row like `lrlr…` has only two stretches of
/// each length.
///
/// Stretches of one colour take their value from
/// [`Dominoes::monochrome_value`]'s rule. For the others, options that are
/// dominated by another option of the same player are left out before the
/// canonical form is made: a blue domino added at an end of any row is
/// never worse for Left (`G·l ≥ G`, proof below), so of the options
/// `i..k` that Left makes by toppling a blue domino `k` to the right, all
/// but the last of a blue run are dominated when the domino after them is
/// one Left can topple too; likewise to the left, and for Right's red
/// runs. So a run costs two options, not two per domino.
///
/// Why `G·l ≥ G`: Left wins `G·l - G` moving second. `-G` is `G` with blue
/// and red swapped, and Left answers each move by the same toppling in the
/// other row (the same domino, the same direction): a topple to the right
/// at `k` leaves `G[..k] - G[..k] = 0` (the `l` falls with it); to the left
/// it leaves `G[k+1..]·l - G[k+1..]`, the same form; and `l - 0 = 1 > 0`.
///
/// # Example
/// ```
/// use cgt_core::canonical::GameStore;
/// use cgt_rulesets::toppling::{RowValues, Toppling};
///
/// let mut store = GameStore::new();
/// let mut values = RowValues::new(&Toppling::parse("llrr")?);
/// // Budgets count the stretches of two colours valued: `lr`, `lrr`,
/// // `llr` and `llrr`. Asked again, the search goes on.
/// assert_eq!(values.advance(&mut store, 3), Ok(None));
/// let value = values.advance(&mut store, 3)?.expect("done");
/// assert_eq!(store.display(value), "+-1");
/// // Every stretch is known: the dominoes 1..3 are `lr`, which is `*`.
/// let lr = values.stretch(1, 3).expect("valued");
/// assert_eq!(store.display(lr), "*");
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
///
/// # Complexity
/// O(n²) stretches; each has two options per run of blue or red dominoes
/// and two per green domino in it, and costs the canonical form of those.
/// No recursion.
#[derive(Clone, Debug)]
pub struct RowValues {
    row: Vec<Colour>,
    /// `run_end[i]`: the end of the run of one colour that domino `i` is in.
    run_end: Vec<usize>,
    /// The number of each stretch valued so far, by length, then start:
    /// the stretch `i..i + len` is at `offset(len) + i`.
    numbers: Vec<u32>,
    /// The number of each stretch after the first, by the number of the
    /// stretch without its last domino and that domino.
    trie: FxHashMap<(u32, Colour), u32>,
    /// The value of each number; number 0 is the empty stretch.
    values: Vec<GameId>,
    /// The store the ids are from.
    token: Option<u64>,
}

impl RowValues {
    /// Nothing valued yet, for the row `row`.
    pub fn new(row: &Dominoes) -> RowValues {
        let row = row.0.clone();
        let mut run_end = vec![row.len(); row.len()];
        for i in (0..row.len().saturating_sub(1)).rev() {
            if row[i] == row[i + 1] {
                run_end[i] = run_end[i + 1];
            } else {
                run_end[i] = i + 1;
            }
        }
        RowValues {
            row,
            run_end,
            numbers: Vec::new(),
            trie: FxHashMap::default(),
            values: Vec::new(),
            token: None,
        }
    }

    /// Where the stretches of length `len` start in `values`.
    fn offset(&self, len: usize) -> usize {
        // Lengths 0..len have n + 1, n, …, n + 2 - len stretches.
        let n = self.row.len();
        len * (n + 1) - len * len.saturating_sub(1) / 2
    }

    /// The value of the dominoes `start..end`, if valued already.
    pub fn stretch(&self, start: usize, end: usize) -> Option<GameId> {
        if start > end || end > self.row.len() {
            return None;
        }
        let len = end - start;
        let number = *self.numbers.get(self.offset(len) + start)?;
        Some(self.values[number as usize])
    }

    /// Values the row's stretches, shortest first, until the whole row is
    /// valued or `budget` stretches of two colours or more have been
    /// valued in this call: the row's value, or `Ok(None)` to be asked
    /// again (what is valued is kept). Used with another store than
    /// before, it starts over.
    ///
    /// # Errors
    /// [`ValueError`] from making a canonical form (a nimber too large to
    /// expand among the options, say).
    pub fn advance(
        &mut self,
        store: &mut GameStore,
        budget: usize,
    ) -> Result<Option<GameId>, ValueError> {
        if self.token != Some(store.token()) {
            self.numbers.clear();
            self.trie.clear();
            self.values.clear();
            self.values.push(store.zero());
            self.token = Some(store.token());
        }
        let n = self.row.len();
        // The next stretch to value: `numbers` is full up to it.
        let mut len = 0;
        while len <= n && self.offset(len + 1) <= self.numbers.len() {
            len += 1;
        }
        let mut start = self.numbers.len() - self.offset(len);
        let mut spent = 0;
        let (mut left, mut right) = (Vec::new(), Vec::new());
        while len <= n {
            let end = start + len;
            let number = if len == 0 {
                0
            } else {
                let shorter = self.numbers[self.offset(len - 1) + start];
                let key = (shorter, self.row[end - 1]);
                match self.trie.get(&key) {
                    Some(&number) => number,
                    None => {
                        let value = if self.run_end[start] >= end {
                            monochrome(store, Some(self.row[start]), len)
                        } else {
                            if spent == budget {
                                return Ok(None);
                            }
                            spent += 1;
                            left.clear();
                            right.clear();
                            self.options(start, end, &mut left, &mut right);
                            store.game(&left, &right)?
                        };
                        // 2^32 stretches would not fit in memory anyway.
                        let number =
                            u32::try_from(self.values.len()).map_err(|_| ValueError::Overflow)?;
                        self.values.push(value);
                        self.trie.insert(key, number);
                        number
                    }
                }
            };
            self.numbers.push(number);
            start += 1;
            if start + len > n {
                len += 1;
                start = 0;
            }
        }
        Ok(self.stretch(0, n))
    }

    /// The undominated options of the stretch `start..end` (of two colours
    /// or more; its shorter stretches valued).
    fn options(&self, start: usize, end: usize, left: &mut Vec<GameId>, right: &mut Vec<GameId>) {
        let at = |i: usize, j: usize| self.stretch(i, j).expect("shorter stretches are valued");
        let mut k = start;
        while k < end {
            let run = self.run_end[k].min(end);
            let colour = self.row[k];
            if colour == Colour::Green {
                for t in k..run {
                    for out in [&mut *left, &mut *right] {
                        out.push(at(start, t));
                        out.push(at(t + 1, end));
                    }
                }
            } else {
                // A run of one player's colour, between the ends of the
                // stretch or dominoes of another colour. Toppled to the
                // right from its last domino; from an earlier one, Left (say)
                // does better from the next one if he may topple that one:
                // it is the same row with a blue domino more at its end.
                // The domino after the run is his if it is green.
                let (owner, other) = match colour {
                    Colour::Blue => (&mut *left, Colour::Red),
                    _ => (&mut *right, Colour::Blue),
                };
                if run == end || self.row[run] == other {
                    owner.push(at(start, run - 1));
                }
                if k == start || self.row[k - 1] == other {
                    owner.push(at(k + 1, end));
                }
            }
            k = run;
        }
    }
}

impl fmt::Display for Dominoes {
    /// The row in the form [`Toppling::parse`] reads.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.0.iter().try_for_each(|c| write!(f, "{}", c.to_char()))
    }
}

impl PartizanGame for Toppling {
    type Position = Dominoes;

    fn options(&self, row: &Dominoes, side: Side, out: &mut Vec<Dominoes>) {
        for (i, colour) in row.0.iter().enumerate() {
            if colour.movable_by(side) {
                // Toppled to the right, then to the left.
                out.push(Dominoes(row.0[..i].to_vec()));
                out.push(Dominoes(row.0[i + 1..].to_vec()));
            }
        }
    }

    /// Only the batch is copied: a row of n dominoes has up to 2n options
    /// of up to n dominoes each.
    fn options_in(
        &self,
        row: &Dominoes,
        side: Side,
        from: usize,
        count: usize,
        out: &mut Vec<Dominoes>,
    ) {
        let n = row.0.len();
        // Toppled to the right, then to the left: the stretch left standing.
        let standing = (row.0.iter().enumerate())
            .filter(|(_, colour)| colour.movable_by(side))
            .flat_map(|(i, _)| [(0, i), (i + 1, n)]);
        for (start, end) in standing.skip(from).take(count) {
            out.push(Dominoes(row.0[start..end].to_vec()));
        }
    }

    fn components(&self, row: &Dominoes, parts: &mut Vec<Dominoes>) {
        let reversed = Dominoes(row.0.iter().rev().copied().collect());
        if reversed < *row {
            parts.push(reversed);
        }
    }

    /// A row of one colour: [`Dominoes::monochrome_value`].
    fn formula(&self, store: &mut GameStore, row: &Dominoes) -> Option<Result<GameId, ValueError>> {
        row.monochrome_value(store).map(Ok)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    use cgt_core::partizan::ValueMemo;

    /// Toppling Dominoes without its formula: every value from the search
    /// of the options.
    struct Searched;

    impl PartizanGame for Searched {
        type Position = Dominoes;
        fn options(&self, row: &Dominoes, side: Side, out: &mut Vec<Dominoes>) {
            Toppling.options(row, side, out);
        }
        fn components(&self, row: &Dominoes, parts: &mut Vec<Dominoes>) {
            Toppling.components(row, parts);
        }
    }

    /// The row of `len` dominoes numbered `code` in base 3 (l, r, e).
    fn row(len: u32, code: usize) -> Dominoes {
        let colours = [Colour::Blue, Colour::Red, Colour::Green];
        Dominoes(
            (0..len)
                .map(|i| colours[code / 3usize.pow(i) % 3])
                .collect(),
        )
    }

    #[test]
    fn row_values_are_the_search_values() {
        // Every row of up to 10 dominoes is a stretch of one of 10: each
        // row of 10 is valued by stretches, and every stretch is compared
        // with the search of the rules.
        let mut store = GameStore::new();
        let mut search = ValueMemo::new(Searched);
        for code in 0..3usize.pow(10) {
            let whole = row(10, code);
            let mut values = RowValues::new(&whole);
            let value = values
                .advance(&mut store, usize::MAX)
                .expect("small values");
            let value = value.expect("no budget: done");
            assert_eq!(Some(value), values.stretch(0, 10));
            for start in 0..=10 {
                for end in start..=10 {
                    let stretch = Dominoes(whole.0[start..end].to_vec());
                    let searched = search.value(&mut store, &stretch).expect("small values");
                    let rule = values.stretch(start, end).expect("valued");
                    assert_eq!(
                        rule,
                        searched,
                        "{stretch}: {} by stretches, {} by the search",
                        store.display(rule),
                        store.display(searched)
                    );
                }
            }
        }
    }

    #[test]
    fn row_values_go_on_where_the_budget_stopped() {
        let mut store = GameStore::new();
        let mut search = ValueMemo::new(Searched);
        for text in ["", "l", "lr", "lere", "rrlleelrl"] {
            let row = Toppling::parse(text).expect("a row");
            let expected = search.value(&mut store, &row).expect("small");
            let mut values = RowValues::new(&row);
            let mut steps = 0;
            let value = loop {
                steps += 1;
                if let Some(value) = values.advance(&mut store, 2).expect("small") {
                    break value;
                }
            };
            assert_eq!(value, expected, "{text}");
            // 45 stretches of 9 dominoes, 9 of one and 3 of two of one
            // colour (`rr`, `ll`, `ee`), and `rl` twice: 32 to search, 2 a
            // step.
            if text == "rrlleelrl" {
                assert_eq!(steps, 16);
            }
            // Another store: it starts over, with the same value there.
            let mut other = GameStore::new();
            let again = values.advance(&mut other, usize::MAX).expect("small");
            let again = again.expect("no budget: done");
            assert_eq!(other.display(again), store.display(value));
        }
        assert_eq!(
            RowValues::new(&Toppling::parse("lr").expect("a row")).stretch(2, 1),
            None
        );
    }

    #[test]
    fn long_rows_of_one_colour_are_their_length() {
        let mut store = GameStore::new();
        let mut memo = ValueMemo::new(Toppling);
        for (text, value) in [("l", "2500"), ("r", "-2500"), ("e", "*2500")] {
            let row = Toppling::parse(&text.repeat(2500)).expect("a row");
            let v = memo.value(&mut store, &row).expect("a value");
            assert_eq!(store.display(v).to_string(), value);
        }
        assert_eq!(memo.len(), 3, "valued by the rule, no stretch searched");
    }

    #[test]
    fn toppling_knocks_down_one_side() {
        let row = Toppling::parse("lre").expect("a row");
        let mut out = Vec::new();
        Toppling.options(&row, Side::Left, &mut out);
        let left: Vec<String> = out.iter().map(Dominoes::to_string).collect();
        assert_eq!(left, ["", "re", "lr", ""]);
        out.clear();
        Toppling.options(&row, Side::Right, &mut out);
        let right: Vec<String> = out.iter().map(Dominoes::to_string).collect();
        assert_eq!(right, ["l", "e", "lr", ""]);
    }
}
