//! The game played out literally, for tests and `cargo xtask stress`.
//!
//! Written from the rules alone, with no graph of three-letter strings and
//! no retrograde analysis: a position is the index of the word said last,
//! its options are the words that begin with that word's last three
//! characters (found by comparing strings), and the values come from
//! iterating the definitions directly (cgt-core's
//! [`outcomes_by_rounds`]): in round k a position is decided as
//! a win (for the player to move) if some option was already a loss, or as
//! a loss if every option was already a win; after a round that decides
//! nothing, the rest are draws. O(N² · rounds): only for small dictionaries.

use crate::{Verdict, parse};
use cgt_core::loopy::{LoopyGame, LoopyOutcome, outcomes_by_rounds};
use cgt_judge::JudgeError;
use std::io::Write;

/// The most words this search accepts.
pub const MAX_WORDS: usize = 60;

/// The rules: the dictionary.
#[derive(Clone, Debug)]
pub struct Rules {
    /// The words.
    pub words: Vec<Vec<u8>>,
}

impl LoopyGame for Rules {
    /// The index of the word said last.
    type Position = usize;

    fn options(&self, &last: &usize, out: &mut Vec<usize>) {
        let said = &self.words[last];
        let tail = &said[said.len() - 3..];
        out.extend((0..self.words.len()).filter(|&j| self.words[j].starts_with(tail)));
    }
}

/// The outcome of every position (word said last) for the player to move
/// next, by rounds of the definitions.
pub fn values(rules: &Rules) -> Vec<LoopyOutcome> {
    let n = rules.words.len();
    let options: Vec<Vec<usize>> = (0..n)
        .map(|i| {
            let mut out = Vec::new();
            rules.options(&i, &mut out);
            out
        })
        .collect();
    outcomes_by_rounds(&options)
}

/// The verdict when Takahashi opens with each word, from `values`.
pub fn verdicts(rules: &Rules) -> Vec<Verdict> {
    values(rules)
        .into_iter()
        .map(|v| match v {
            LoopyOutcome::Loss(_) => Verdict::Takahashi,
            LoopyOutcome::Win(_) => Verdict::Aoki,
            LoopyOutcome::Draw => Verdict::Draw,
        })
        .collect()
}

/// The judge function, answered by the search.
///
/// # Errors
/// As [`crate::solve`], and a dictionary of more than [`MAX_WORDS`] words is
/// rejected as too big for this search.
pub fn solve<W: Write>(input: &[u8], out: &mut W) -> Result<(), JudgeError> {
    let words = parse(input)?;
    if words.len() > MAX_WORDS {
        // The same reader as `solve` accepted it: only the size is left.
        return Err(cgt_judge::Tokens::new(input)
            .error_in_case(format!(
                "the exhaustive search takes at most {MAX_WORDS} words"
            ))
            .into());
    }
    let rules = Rules {
        words: words.into_iter().map(String::into_bytes).collect(),
    };
    for verdict in verdicts(&rules) {
        writeln!(out, "{verdict}")?;
    }
    Ok(())
}
