//! Voracious Steve: donut rounds where the loser puts his donuts back.
//!
//! Sources: CERC 2002 "Voracious Steve"; SPOJ STEVE; POJ 1440. The
//! statement, with the judge's limits, is in this crate's `README.md`.
//!
//! # Rules
//! A box holds n donuts. Steve and his friend take turns; a take moves
//! between 1 and m donuts (at most what the box holds) from the box into the
//! taker's hands. The player who empties the box eats every donut he holds;
//! the other puts the donuts he holds back into the box, and a new round
//! starts with that round's loser (the one who did not empty the box) moving
//! first. Play goes on until every donut is eaten. Steve moves first; both
//! maximise what they eat. How many donuts does Steve eat?
//!
//! The sample, n = 5 and m = 2: Steve takes 2, his friend takes 2, Steve
//! empties the box with the last donut and eats his 3; his friend puts his
//! 2 back, starts the next round, takes both and eats them. Steve eats 3
//! (had he taken 1 at first, he would eat only 2).
//!
//! # Judge format
//! Each test case is a pair `n m`; the output is one line per case, Steve's
//! total. Judge limits: 1 ≤ m ≤ n ≤ 100, any number of cases. Three input
//! forms are in use and all are accepted:
//!
//! | judge | form | tokens |
//! |---|---|---|
//! | SPOJ | `t`, then t pairs `n m` | 2t + 1, odd |
//! | POJ, HDU | pairs `n m` until the end of the input | even |
//! | Baekjoon | one pair `n m` | 2, even |
//!
//! **How the form is recognised:** the whole input is split on ASCII
//! whitespace and its tokens are counted. An even count is read as pairs
//! until the end (the Baekjoon form is the one-pair case of it). An odd
//! count is read as the SPOJ form: the first token is t, and it must equal
//! the number of pairs that follow, (count − 1) / 2; an odd count whose
//! first token says otherwise is malformed (for example `2 5 2`, `1 5 2 4 3`
//! or `5 2 3`), and the message says how many pairs follow. `0` alone is
//! the SPOJ form with no case (no output); the empty input is malformed.
//!
//! Beyond the judge: n may be up to [`MAX_N`] = 200 (the cost grows as n^3
//! per distinct m, see below); larger n, n = 0, m = 0 and m > n are
//! malformed (exit status 2 from the binary).
//!
//! # Idea
//! Every donut is eaten in the end, so the game is zero-sum: maximising
//! one's own donuts is minimising the other's. Describe a position inside a
//! round by (t, a, b): t donuts are still uneaten (box and both hands), the
//! player to move holds a, the other holds b, and the box holds
//! t − a − b ≥ 1. Let f(t, a, b) be the most the mover eats from there on,
//! and F(t) = f(t, 0, 0), the answer for t donuts. A take of i donuts
//! (1 ≤ i ≤ min(m, t − a − b)) either
//! - leaves donuts in the box: the other player moves at (t, b, a + i), and
//!   the mover gets the rest, t − f(t, b, a + i); or
//! - empties the box (i = t − a − b): the mover eats a + i = t − b, the other
//!   puts back b and starts the round (b, 0, 0), of which the mover gets
//!   b − F(b); in all t − F(b).
//!
//! So, with k = a + i,
//!
//! > f(t, a, b) = t − min( min { f(t, b, k) : a < k ≤ min(a + m, t − b − 1) },
//! > F(b) if t − a − b ≤ m )
//!
//! where at least one of the two parts exists (a box of 1 can be emptied).
//! Proof: the two cases list every legal take with its exact value; the
//! induction is on t, then on a + b decreasing, since both cases refer only
//! to larger hands in the same round or to fewer uneaten donuts (b < t).
//! Also F(t) = t for t ≤ m: Steve empties the box at once and eats all.
//!
//! The evaluation is an iterative DP, layer t after layer t, each layer by
//! a + b from t − 1 down to 0. For a fixed b, the inner minimum is over a
//! window of k that slides down by one as a decreases, so a monotone queue
//! per b gives it in O(1) amortised time. A [`Solver`] keeps, per m, the
//! answers F(0..) found so far (known exactly up to the table's length; no
//! "unknown" marker) and extends them on demand, so cases that share m
//! share the work. The tests compare every (n, m) with 1 ≤ m ≤ n ≤ 40, and
//! the value of every first take, with an exhaustive search of the literal
//! game (the `brute` module, with the `testkit` feature).
//!
//! # Complexity
//! Answering (n, m) costs O(n^3) time (about n^3 / 6 positions) the first
//! time a given m is asked up to n, then O(1); memory is O(n) per distinct m
//! plus O(n^2) scratch. All 5050 pairs with n ≤ 100 cost 100 such tables.
//!
//! # Example
//! ```
//! use voracious_steve::{Solver, best_first_take, steve_eats};
//! assert_eq!(steve_eats(5, 2), 3);
//! // Taking 1 or 2 at first: only 2 gives Steve his 3 donuts.
//! let first = best_first_take(5, 2);
//! assert_eq!((first.take, first.steve_eats), (2, 3));
//! // A solver keeps its tables between queries.
//! let mut solver = Solver::new();
//! assert_eq!(solver.steve_eats(5, 5), 5);
//! assert_eq!(solver.first_takes(10, 3), [4, 7, 3]);
//! ```

use cgt_judge::{InputError, JudgeError, Tokens, read_only};
use std::io::Write;

#[cfg(feature = "testkit")]
pub mod brute;
#[cfg(feature = "testkit")]
pub mod problem;

/// The README's Rust example, compiled and run as a doctest.
#[cfg(doctest)]
#[doc = include_str!("../README.md")]
pub struct ReadmeDoctests;

/// The largest n this crate accepts (the judges stop at 100).
///
/// A table for one m up to n costs up to n^3 / 6 position updates, so an
/// input that asks every m up to n costs O(n^4): at n = 200 that is about
/// 16 times the judge's worst input (all 5050 pairs up to 100), which the
/// benchmark times.
pub const MAX_N: u32 = 200;

/// The largest n of the judges.
pub const JUDGE_MAX_N: u32 = 100;

/// Donut counts: every value is at most [`MAX_N`].
type Donuts = u16;

/// One entry of a monotone queue: a hand k and the value f(t, b, k).
#[derive(Clone, Copy, Debug, Default)]
struct Entry {
    k: Donuts,
    value: Donuts,
}

/// One round layer of the DP: what the mover eats from (t, a, b).
#[derive(Clone, Debug, Default)]
struct Layer {
    /// The layer's t (donuts still uneaten).
    total: usize,
    /// `value[a * total + b]` = f(t, a, b), for a + b < t.
    value: Vec<Donuts>,
    /// Per b, a monotone queue of the window's entries in
    /// `queue[b * total..][head..tail]` with `(head, tail) = ends[b]`: k
    /// decreasing and f(t, b, k) increasing from the front to the back. Row
    /// b gets fewer than t pushes per layer, so its t slots never wrap.
    queue: Vec<Entry>,
    /// Per b, the front of its queue and one past its back.
    ends: Vec<(usize, usize)>,
}

impl Layer {
    /// Fills the layer of `total` donuts for takes of at most `most`, given
    /// `eats[r]` = F(r) for every r < `total`.
    fn fill(&mut self, total: usize, most: usize, eats: &[Donuts]) {
        debug_assert!(total >= 1 && eats.len() >= total && most >= 1);
        let t = total;
        self.total = t;
        // No clearing: every entry of `value` and `queue` that is read in
        // this layer was written earlier in this layer (see below), so the
        // previous layer's leftovers are never seen.
        if self.value.len() < t * t {
            self.value.resize(t * t, 0);
            self.queue.resize(t * t, Entry::default());
        }
        self.ends.clear();
        self.ends.resize(t, (0, 0));
        let layer_total = Donuts::try_from(t).expect("t ≤ MAX_N");
        // Hands a + b = held, from the fullest down; the box holds t − held.
        for held in (0..t).rev() {
            let in_box = t - held;
            // F(b): what the emptier's opponent gets from the next round.
            for (b, &next_round) in eats[..=held].iter().enumerate() {
                let a = held - b;
                let opponent_best = if in_box >= 2 {
                    // Takes that leave donuts in the box: k = a + i runs over
                    // a + 1 ..= min(a + m, t − b − 1). As a went down by one
                    // since this row's last visit, k = a + 1 enters (its
                    // entry has hands b + a + 1 > held: already filled) and
                    // the k above a + m leave.
                    let entering = Entry {
                        k: Donuts::try_from(a + 1).expect("k < t ≤ MAX_N"),
                        value: self.value[b * t + a + 1],
                    };
                    let queue = &mut self.queue[b * t..(b + 1) * t];
                    let (head, tail) = &mut self.ends[b];
                    while *tail > *head && queue[*tail - 1].value >= entering.value {
                        *tail -= 1;
                    }
                    queue[*tail] = entering;
                    *tail += 1;
                    while usize::from(queue[*head].k) > a + most {
                        // Never empties the queue: k = a + 1 ≤ a + m stays.
                        *head += 1;
                    }
                    let window = queue[*head].value;
                    if in_box <= most {
                        window.min(next_round)
                    } else {
                        window
                    }
                } else {
                    // A box of one: the only take empties it.
                    next_round
                };
                // opponent_best ≤ t: window values are this layer's, and
                // F(b) ≤ b < t.
                self.value[a * t + b] = layer_total - opponent_best;
            }
        }
    }

    /// f(t, a, b) of the filled layer.
    fn get(&self, a: usize, b: usize) -> Donuts {
        self.value[a * self.total + b]
    }
}

/// Steve's best first take and what he eats with it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct FirstTake {
    /// How many donuts to take first (the smallest optimal number).
    pub take: u32,
    /// How many donuts Steve eats in all with best play from then on.
    pub steve_eats: u32,
}

/// A solver that keeps, for each m, Steve's totals F(0..=n) for the largest
/// n asked so far with that m, and extends them on demand.
///
/// The tables are owned by the value: nothing is global, and a solver can
/// be dropped to free them.
///
/// # Example
/// ```
/// let mut solver = voracious_steve::Solver::new();
/// let totals: Vec<u32> = (1..=8).map(|n| solver.steve_eats(n, 2)).collect();
/// assert_eq!(totals, [1, 2, 2, 2, 3, 2, 5, 6]);
/// ```
#[derive(Clone, Debug)]
pub struct Solver {
    /// `eats[m][t]` = F(t) for takes of at most m; known exactly for every
    /// t below the vector's length.
    eats: Vec<Vec<Donuts>>,
    /// Scratch for one layer.
    layer: Layer,
}

impl Default for Solver {
    fn default() -> Self {
        Self::new()
    }
}

/// Checks the arguments of the public functions and returns them as
/// indices, with m clamped to n (a take never exceeds the box).
fn checked(n: u32, m: u32) -> (usize, usize) {
    assert!(
        (1..=MAX_N).contains(&n),
        "voracious_steve: n = {n} is outside 1..={MAX_N}"
    );
    assert!(m >= 1, "voracious_steve: m must be at least 1");
    (n as usize, m.min(MAX_N) as usize)
}

impl Solver {
    /// A solver with no table yet.
    pub fn new() -> Self {
        Self {
            eats: vec![Vec::new(); MAX_N as usize + 1],
            layer: Layer::default(),
        }
    }

    /// F(0..=n) for takes of at most `most`, extending the table if needed.
    fn table(&mut self, n: usize, most: usize) -> &[Donuts] {
        let table = &mut self.eats[most];
        if table.is_empty() {
            table.push(0);
        }
        while table.len() <= n {
            let t = table.len();
            let value = if t <= most {
                // Steve empties the box at once and eats everything.
                Donuts::try_from(t).expect("t ≤ MAX_N")
            } else {
                self.layer.fill(t, most, table);
                self.layer.get(0, 0)
            };
            table.push(value);
        }
        table
    }

    /// How many donuts Steve eats when the box holds `n` and a take holds at
    /// most `m` (m > n plays as m = n).
    ///
    /// # Complexity
    /// O(n^3) the first time this m is asked up to n (less if the table
    /// for m already reaches part of the way), then O(1).
    ///
    /// # Panics
    /// If `n` is 0 or above [`MAX_N`], or `m` is 0.
    pub fn steve_eats(&mut self, n: u32, m: u32) -> u32 {
        let (n, most) = checked(n, m);
        u32::from(self.table(n, most)[n])
    }

    /// Steve's total for each first take: entry i − 1 is what he eats in
    /// all if he first takes i donuts (1 ≤ i ≤ min(m, n)) and both then
    /// play their best.
    ///
    /// # Example
    /// ```
    /// let mut solver = voracious_steve::Solver::new();
    /// assert_eq!(solver.first_takes(5, 2), [2, 3]);
    /// assert_eq!(solver.first_takes(3, 3), [1, 2, 3]);
    /// assert_eq!(solver.first_takes(10, 3), [4, 7, 3]);
    /// ```
    ///
    /// # Complexity
    /// As [`Solver::steve_eats`], plus O(n^2) for the first round's layer.
    ///
    /// # Panics
    /// If `n` is 0 or above [`MAX_N`], or `m` is 0.
    pub fn first_takes(&mut self, n: u32, m: u32) -> Vec<u32> {
        let (n, most) = checked(n, m);
        self.table(n - 1, most);
        self.layer.fill(n, most, &self.eats[most]);
        let total = n as u32;
        (1..=most.min(n))
            .map(|take| {
                if take == n {
                    // Steve empties the box and eats all n.
                    total
                } else {
                    // His friend moves holding nothing, Steve holds `take`.
                    total - u32::from(self.layer.get(0, take))
                }
            })
            .collect()
    }

    /// Steve's best first take: the smallest take that lets him eat the
    /// most.
    ///
    /// # Example
    /// ```
    /// let mut solver = voracious_steve::Solver::new();
    /// let first = solver.best_first_take(10, 3);
    /// assert_eq!((first.take, first.steve_eats), (2, 7));
    /// ```
    ///
    /// # Complexity
    /// As [`Solver::first_takes`].
    ///
    /// # Panics
    /// If `n` is 0 or above [`MAX_N`], or `m` is 0.
    pub fn best_first_take(&mut self, n: u32, m: u32) -> FirstTake {
        let totals = self.first_takes(n, m);
        let best = totals
            .iter()
            .copied()
            .max()
            .expect("n ≥ 1 allows a take of 1");
        let index = totals
            .iter()
            .position(|&total| total == best)
            .expect("the maximum is in the list");
        FirstTake {
            take: index as u32 + 1,
            steve_eats: best,
        }
    }

    /// The judge function with this solver's tables: like [`solve`], and
    /// the tables stay for the next call.
    ///
    /// # Example
    /// ```
    /// let mut solver = voracious_steve::Solver::new();
    /// let mut out = Vec::new();
    /// solver.solve(b"5 2\n", &mut out).unwrap();
    /// solver.solve(b"1\n8 2\n", &mut out).unwrap(); // reuses the table of m = 2
    /// assert_eq!(out, b"3\n6\n");
    /// ```
    ///
    /// # Errors
    /// As [`solve`].
    ///
    /// # Complexity
    /// As [`solve`], less the tables already built.
    pub fn solve<W: Write>(&mut self, input: &[u8], out: &mut W) -> Result<(), JudgeError> {
        judge(input, out, |Case { n, m }, _| Ok(self.steve_eats(n, m)))
    }
}

/// How many donuts Steve eats with `n` donuts and takes of at most `m`.
///
/// Builds a fresh [`Solver`]; keep one to answer many cases.
///
/// # Example
/// ```
/// assert_eq!(voracious_steve::steve_eats(5, 2), 3);
/// assert_eq!(voracious_steve::steve_eats(100, 100), 100);
/// ```
///
/// # Complexity
/// O(n^3) time, O(n^2) memory.
///
/// # Panics
/// If `n` is 0 or above [`MAX_N`], or `m` is 0.
pub fn steve_eats(n: u32, m: u32) -> u32 {
    Solver::new().steve_eats(n, m)
}

/// Steve's best first take (the smallest optimal one) with `n` donuts and
/// takes of at most `m`.
///
/// # Example
/// ```
/// let first = voracious_steve::best_first_take(5, 2);
/// assert_eq!((first.take, first.steve_eats), (2, 3));
/// ```
///
/// # Complexity
/// O(n^3) time, O(n^2) memory.
///
/// # Panics
/// If `n` is 0 or above [`MAX_N`], or `m` is 0.
pub fn best_first_take(n: u32, m: u32) -> FirstTake {
    Solver::new().best_first_take(n, m)
}

/// One test case: n donuts, takes of at most m.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Case {
    /// The donuts in the box at the start, 1 ≤ n ≤ [`MAX_N`].
    pub n: u32,
    /// The most donuts one take may hold, 1 ≤ m ≤ n.
    pub m: u32,
}

/// The input form, recognised by the parity of the token count.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Form {
    /// SPOJ: `t`, then t pairs (an odd number of tokens).
    Counted,
    /// POJ, HDU: pairs until the end (an even number of tokens, at least
    /// one pair); Baekjoon's one pair `n m` is the one-case input of this
    /// form.
    Pairs,
}

/// A judge input: its form and its test cases.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Input {
    /// How the cases are written.
    pub form: Form,
    /// The cases, in order; a [`Form::Pairs`] input has at least one.
    pub cases: Vec<Case>,
}

/// Reads every case of `input` and hands it to `case`; returns the form.
/// The one input reader of the crate, shared by [`solve`], [`parse`] and
/// the brute force.
fn read_cases(
    input: &[u8],
    mut case: impl FnMut(Case, &Tokens<'_>) -> Result<(), JudgeError>,
) -> Result<Form, JudgeError> {
    let mut tokens = Tokens::new(input);
    let token_count = {
        let mut counter = tokens.clone();
        std::iter::from_fn(|| counter.next_token()).count()
    };
    let pairs = token_count / 2;
    let form = if token_count % 2 == 1 {
        let t = tokens.u64(
            "t, the number of test cases (an odd number of tokens means the SPOJ form: \
             t, then t pairs `n m`)",
        )?;
        if usize::try_from(t).ok() != Some(pairs) {
            return Err(tokens
                .error_at_last(format!(
                    "the input has {token_count} tokens, an odd number, so it is read as the \
                     SPOJ form (t, then t pairs `n m`), but t is {t} and {pairs} {} follow",
                    if pairs == 1 { "pair" } else { "pairs" }
                ))
                .into());
        }
        Form::Counted
    } else {
        Form::Pairs
    };
    let mut number = 0;
    // The pairs form needs at least one pair: the empty input is malformed.
    while number < pairs || (number == 0 && form == Form::Pairs) {
        number += 1;
        tokens.begin_case(number);
        let n = tokens.u32_in("n, the number of donuts", 1..=MAX_N)?;
        let m = tokens.u32_in("m, the most donuts one take may hold (m ≤ n)", 1..=n)?;
        case(Case { n, m }, &tokens)?;
    }
    tokens.finish()?;
    Ok(form)
}

/// Reads every case and writes the total that `eats` finds; shared by
/// [`solve`] and the brute force, so both read the same format.
pub(crate) fn judge<W: Write>(
    input: &[u8],
    out: &mut W,
    mut eats: impl FnMut(Case, &Tokens<'_>) -> Result<u32, InputError>,
) -> Result<(), JudgeError> {
    read_cases(input, |case, tokens| {
        let total = eats(case, tokens)?;
        writeln!(out, "{total}")?;
        Ok(())
    })
    .map(|_| ())
}

/// The judge function: reads the whole input (any of the three forms),
/// writes Steve's total per case, one per line.
///
/// One [`Solver`] answers all cases, so cases with the same m share their
/// table.
///
/// # Errors
/// [`JudgeError::Input`] on malformed input (see the crate documentation
/// for the forms and the limits), with nothing written for the broken case;
/// [`JudgeError::Output`] if `out` fails.
///
/// # Example
/// ```
/// let mut out = Vec::new();
/// voracious_steve::solve(b"1\n5 2\n", &mut out).unwrap();
/// assert_eq!(out, b"3\n");
/// out.clear();
/// voracious_steve::solve(b"5 2\n5 5\n", &mut out).unwrap();
/// assert_eq!(out, b"3\n5\n");
/// assert!(voracious_steve::solve(b"2\n5 2\n", &mut Vec::new()).is_err());
/// ```
///
/// # Complexity
/// O(size of the input) plus O(n^3) per distinct m, with n the largest n
/// asked with that m.
pub fn solve<W: Write>(input: &[u8], out: &mut W) -> Result<(), JudgeError> {
    Solver::new().solve(input, out)
}

/// The form and cases of a valid judge input, in any of the three forms.
///
/// # Errors
/// As [`solve`], on malformed input.
///
/// # Example
/// ```
/// use voracious_steve::{Case, Form, parse};
/// let input = parse(b"1\n5 2\n").unwrap();
/// assert_eq!(input.form, Form::Counted);
/// assert_eq!(input.cases, [Case { n: 5, m: 2 }]);
/// assert_eq!(parse(b"5 2 5 5").unwrap().form, Form::Pairs);
/// ```
pub fn parse(input: &[u8]) -> Result<Input, InputError> {
    let mut cases = Vec::new();
    let form = read_only(|_| {
        read_cases(input, |case, _| {
            cases.push(case);
            Ok(())
        })
    })?;
    Ok(Input { form, cases })
}

/// The judge input of `input`: for [`Form::Counted`] the count on a line of
/// its own, then one line `n m` per case.
///
/// # Example
/// ```
/// use voracious_steve::{Case, Form, Input, render};
/// let cases = vec![Case { n: 5, m: 2 }];
/// assert_eq!(render(&Input { form: Form::Counted, cases: cases.clone() }), "1\n5 2\n");
/// assert_eq!(render(&Input { form: Form::Pairs, cases }), "5 2\n");
/// ```
pub fn render(input: &Input) -> String {
    let mut text = match input.form {
        Form::Counted => format!("{}\n", input.cases.len()),
        Form::Pairs => String::new(),
    };
    for Case { n, m } in &input.cases {
        text.push_str(&format!("{n} {m}\n"));
    }
    text
}

#[cfg(test)]
mod tests {
    use super::*;

    /// F(t) for m = 1, by the forced play: the players alternate single
    /// takes, so the mover empties the box iff t is odd.
    fn forced_single_takes(t: u32) -> u32 {
        match t {
            0 => 0,
            t if t % 2 == 1 => t - forced_single_takes(t / 2),
            t => forced_single_takes(t / 2),
        }
    }

    #[test]
    fn single_takes_follow_the_forced_play() {
        let mut solver = Solver::new();
        for n in 1..=MAX_N {
            assert_eq!(solver.steve_eats(n, 1), forced_single_takes(n), "n = {n}");
        }
    }

    #[test]
    fn a_take_of_everything_eats_everything() {
        let mut solver = Solver::new();
        for n in 1..=MAX_N {
            assert_eq!(solver.steve_eats(n, n), n);
            assert_eq!(solver.steve_eats(n, u32::MAX), n);
            let first = solver.best_first_take(n, n);
            assert_eq!(first.steve_eats, n);
        }
    }

    #[test]
    fn every_value_at_the_largest_n_is_in_range_and_consistent() {
        // Runs every layer up to MAX_N with overflow checks on (test profile).
        let mut solver = Solver::new();
        for m in [1, 2, 3, 50, 100, 199, MAX_N] {
            for n in (1..=MAX_N).rev() {
                let total = solver.steve_eats(n, m);
                assert!(total <= n, "n = {n}, m = {m}: {total}");
                if n == MAX_N || n % 37 == 0 {
                    let first = solver.best_first_take(n, m);
                    assert_eq!(first.steve_eats, total, "n = {n}, m = {m}");
                    assert!((1..=m.min(n)).contains(&first.take));
                }
            }
        }
    }

    #[test]
    fn the_cache_does_not_change_answers() {
        let mut shared = Solver::new();
        let pairs = [(60, 7), (10, 7), (61, 7), (30, 29), (5, 2), (80, 2), (5, 2)];
        for (n, m) in pairs {
            assert_eq!(shared.steve_eats(n, m), steve_eats(n, m), "{n} {m}");
        }
    }

    #[test]
    #[should_panic(expected = "outside 1..=200")]
    fn too_many_donuts_panic_in_the_api() {
        steve_eats(MAX_N + 1, 1);
    }

    #[test]
    fn forms_are_recognised_by_the_token_count() {
        let run = |input: &str| {
            let mut out = Vec::new();
            solve(input.as_bytes(), &mut out).map(|()| String::from_utf8(out).expect("ASCII"))
        };
        assert_eq!(run("1\n5 2\n").expect("SPOJ"), "3\n");
        assert_eq!(run("5 2").expect("Baekjoon"), "3\n");
        assert_eq!(run("5 2\r\n5 5\r\n1 1").expect("POJ"), "3\n5\n1\n");
        assert_eq!(run("0").expect("SPOJ, no case"), "");
        assert_eq!(run("2\n1 1\n2 1\n").expect("SPOJ"), "1\n1\n");
        for bad in ["", "2 5 2", "1 5 2 4 3", "5 2 3", "0 1 1"] {
            assert!(run(bad).is_err(), "{bad:?}");
        }
    }
}
