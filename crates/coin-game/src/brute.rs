//! The coin game played out literally, for tests and `cargo xtask stress`.
//!
//! Written from the rules alone, with no table: a state is the coins still
//! in the row and the opponent's last take (none before the first move), a
//! move takes 1..=2 coins on the first move and 1..=2k after a take of k, and
//! cgt-core's [`ScoreMemo`] finds the best margin for the player to move.
//! Its memo is keyed by the literal rows left, so rows that share a tail
//! share their work.

use crate::judge;
use cgt_core::scoring::{ScoreMemo, ScoringGame};
use cgt_judge::JudgeError;
use std::io::Write;

/// The most coins this search accepts (its states grow as N², its moves as
/// N³, and each copies the row).
pub const MAX_COINS: usize = 30;

/// A state: the coins still in the row (top first) and how many coins the
/// opponent took last (`None` before the first move).
pub type State = (Vec<u32>, Option<usize>);

/// The rules of the coin game, as a scoring game: the coins a move takes
/// are its points.
#[derive(Clone, Copy, Debug, Default)]
pub struct Rules;

impl ScoringGame for Rules {
    type Position = State;

    /// Taking 1..=2 coins first, then 1..=2k after the opponent took k
    /// (never more than are left).
    fn moves(&self, state: &State, out: &mut Vec<(State, i64)>) {
        let (row, last) = state;
        let most = match last {
            None => 2,
            Some(k) => 2 * k,
        };
        for take in 1..=most.min(row.len()) {
            let points = row[..take].iter().map(|&c| i64::from(c)).sum();
            out.push(((row[take..].to_vec(), Some(take)), points));
        }
    }
}

/// The most the player to move collects from `row` (top first) when the
/// opponent took `last` coins last (`None`: the first move), by exhaustive
/// search; reuse `memo` across calls.
///
/// # Panics
/// If the row is longer than [`MAX_COINS`].
pub fn mover_total(memo: &mut ScoreMemo<Rules>, row: &[u32], last: Option<usize>) -> u64 {
    assert!(row.len() <= MAX_COINS, "too many coins for the search");
    let margin = memo.best_margin(&(row.to_vec(), last));
    let total: i64 = row.iter().map(|&c| i64::from(c)).sum();
    // The mover's points minus the opponent's is `margin`; together `total`.
    u64::try_from((total + margin) / 2).expect("a total is not negative")
}

/// The judge function, answered by the exhaustive search.
///
/// # Errors
/// As [`crate::solve`], and a row of more than [`MAX_COINS`] coins is
/// rejected as too big for this search, before any search.
pub fn solve<W: Write>(input: &[u8], out: &mut W) -> Result<(), JudgeError> {
    let mut memo = ScoreMemo::new(Rules);
    judge(input, out, |coins, tokens| {
        if coins.len() > MAX_COINS {
            return Err(tokens.error_in_case(format!(
                "the exhaustive search takes at most {MAX_COINS} coins"
            )));
        }
        Ok(mover_total(&mut memo, coins, None))
    })
}
