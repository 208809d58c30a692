//! The simultaneous game played out literally, for tests and `cargo xtask
//! stress`.
//!
//! Written from the rules alone, with no suspense theory: a position is
//! the sorted list of the games not yet over, and a move makes one legal
//! Euclid move in each of them at once (every combination). cgt-core's
//! [`GrundyMemo`] decides who wins: the player who cannot move (every game
//! over) loses, which is normal play of this whole game.

use crate::judge;
use cgt_core::impartial::{GrundyMemo, ImpartialGame};
use cgt_judge::JudgeError;
use std::io::Write;

/// The most games per case this search accepts.
pub const MAX_GAMES: usize = 3;
/// The largest pile this search accepts.
pub const MAX_PILE: u64 = 12;

/// A position: the games not yet over, each as its two piles, sorted.
pub type Position = Vec<(u8, u8)>;

/// The legal moves of one Euclid game (p, q): a pile of x ≥ 1 takes k·x
/// stones, k ≥ 1, from the other pile, which must hold at least k·x.
pub fn euclid_moves((p, q): (u8, u8), out: &mut Vec<(u8, u8)>) {
    if p == 0 || q == 0 {
        return;
    }
    for k in 1..=q / p {
        out.push((p, q - k * p));
    }
    for k in 1..=p / q {
        out.push((p - k * q, q));
    }
}

/// The whole game: every game not over moves at once.
#[derive(Clone, Copy, Debug, Default)]
pub struct Simultaneous;

impl ImpartialGame for Simultaneous {
    type Position = Position;

    fn options(&self, games: &Position, out: &mut Vec<Position>) {
        if games.is_empty() {
            return;
        }
        let mut combos: Vec<Position> = vec![Vec::new()];
        let mut moves = Vec::new();
        for &game in games {
            moves.clear();
            euclid_moves(game, &mut moves);
            combos = combos
                .iter()
                .flat_map(|combo| {
                    moves.iter().map(move |&next| {
                        let mut longer = combo.clone();
                        longer.push(next);
                        longer
                    })
                })
                .collect();
        }
        for combo in combos {
            out.push(position(&combo));
        }
    }
}

/// The games of `games` not over, sorted.
fn position(games: &[(u8, u8)]) -> Position {
    let mut left: Position = games
        .iter()
        .copied()
        .filter(|&(p, q)| p > 0 && q > 0)
        .collect();
    left.sort_unstable();
    left
}

/// The position of `games`, if there are at most [`MAX_GAMES`] games with
/// piles of at most [`MAX_PILE`].
pub fn start(games: &[(u64, u64)]) -> Option<Position> {
    if games.len() > MAX_GAMES {
        return None;
    }
    let small = |x: u64| u8::try_from(x).ok().filter(|&x| u64::from(x) <= MAX_PILE);
    let games: Option<Vec<(u8, u8)>> = games
        .iter()
        .map(|&(p, q)| Some((small(p)?, small(q)?)))
        .collect();
    Some(position(&games?))
}

/// The judge function, answered by the exhaustive search.
///
/// # Errors
/// As [`crate::solve`], and a case beyond [`MAX_GAMES`] games or
/// [`MAX_PILE`] stones in a pile is rejected as too big for this search.
pub fn solve<W: Write>(input: &[u8], out: &mut W) -> Result<(), JudgeError> {
    let mut memo = GrundyMemo::new(Simultaneous);
    judge(input, out, |games, tokens| match start(games) {
        Some(p) => Ok(memo.mover_wins(&p)),
        None => Err(tokens.error_in_case(format!(
            "the exhaustive search takes at most {MAX_GAMES} games of piles up to {MAX_PILE}"
        ))),
    })
}
