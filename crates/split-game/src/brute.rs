//! The splitting game played out literally, for tests and `cargo xtask
//! stress`.
//!
//! Written from the rules alone, with no Grundy theory: a position is the
//! list of bean counts, a move takes a bean out of a non-empty bottle `i` and
//! puts one into `j` and one into `k` (`i < j ≤ k`), and cgt-core's
//! [`GrundyMemo`] decides who wins. The winning moves are found by trying
//! every move in lexicographic order. Exponential in the number of bottles:
//! only for small positions.

use crate::{Analysis, Move, judge};
use cgt_core::impartial::{GrundyMemo, ImpartialGame};
use cgt_judge::JudgeError;
use std::io::Write;

/// The most bottles this search accepts.
pub const MAX_BOTTLES: usize = 8;

/// The most beans a position of this search may ever hold: `Σ p_i ·
/// 2^(n−1−i)` (a bean in bottle `i` can become at most `2^(n−1−i)` beans,
/// since each move turns one bean into two beans further right).
pub const MAX_FINAL_BEANS: u64 = 128;

/// A position: the bean count of every bottle, left to right.
pub type Position = Vec<u8>;

/// The rules of the splitting game, as an impartial game on whole positions.
#[derive(Clone, Copy, Debug, Default)]
pub struct Rules;

impl ImpartialGame for Rules {
    type Position = Position;

    /// Every legal move, in lexicographic order.
    fn options(&self, position: &Position, out: &mut Vec<Position>) {
        out.extend(moves(position).map(|mv| play(position, mv)));
    }
}

/// The position of `counts`, if it is within [`MAX_BOTTLES`] and
/// [`MAX_FINAL_BEANS`].
pub fn position(counts: &[u64]) -> Option<Position> {
    if counts.len() > MAX_BOTTLES {
        return None;
    }
    let n = counts.len();
    let most = counts
        .iter()
        .enumerate()
        .try_fold(0_u64, |sum, (i, &count)| {
            count.checked_mul(1 << (n - 1 - i))?.checked_add(sum)
        })?;
    if most > MAX_FINAL_BEANS {
        return None;
    }
    // Every count is at most the beans the position can ever hold.
    counts
        .iter()
        .map(|&count| u8::try_from(count).ok())
        .collect()
}

/// Every legal move of `position`, in lexicographic order.
pub fn moves(position: &Position) -> impl Iterator<Item = Move> + '_ {
    let n = position.len();
    (0..n)
        .filter(|&i| position[i] > 0)
        .flat_map(move |i| (i + 1..n).flat_map(move |j| (j..n).map(move |k| Move { i, j, k })))
}

/// The position after `mv`, which must be legal.
pub fn play(position: &Position, mv: Move) -> Position {
    let mut next = position.clone();
    next[mv.i] -= 1;
    next[mv.j] += 1;
    next[mv.k] += 1;
    next
}

/// The smallest winning move and the number of winning moves, by trying
/// every move.
pub fn analyse(memo: &mut GrundyMemo<Rules>, position: &Position) -> Analysis {
    let mut analysis = Analysis {
        first_move: None,
        winning_moves: 0,
    };
    for mv in moves(position) {
        if !memo.mover_wins(&play(position, mv)) {
            analysis.first_move.get_or_insert(mv);
            analysis.winning_moves += 1;
        }
    }
    analysis
}

/// The judge function, answered by the exhaustive search.
///
/// # Errors
/// As [`crate::solve`], and a case beyond [`MAX_BOTTLES`] or
/// [`MAX_FINAL_BEANS`] is rejected as too big for this search, before any
/// search.
pub fn solve<W: Write>(input: &[u8], out: &mut W) -> Result<(), JudgeError> {
    let mut memo = GrundyMemo::new(Rules);
    judge(input, out, |counts, tokens| match position(counts) {
        Some(p) => Ok(analyse(&mut memo, &p)),
        None => Err(tokens.error_in_case(format!(
            "the exhaustive search takes at most {MAX_BOTTLES} bottles and \
             {MAX_FINAL_BEANS} beans in the end (the sum of p_i * 2^(n-1-i))"
        ))),
    })
}
