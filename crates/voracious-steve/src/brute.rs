//! Voracious Steve played out literally, for tests and `cargo xtask stress`.
//!
//! Written from the rules alone, with none of the fast solver's recurrence:
//! a position is the box, what each of the two players (Steve and his
//! friend) holds in his hands, whose turn it is, and the most one take may
//! hold. A take moves donuts from the box into the mover's hands; the take
//! that empties the box lets the mover eat what he holds, makes the other
//! player put his hands' donuts back into the box, and starts a new round
//! with that round's loser to move. As a [`ScoringGame`], each take scores
//! the donuts it lets the mover eat, so cgt-core's [`ScoreMemo`] finds the
//! best margin of eaten donuts; as every donut is eaten in the end, Steve's total is
//! (n + his margin) / 2. The memo holds every reachable position, O(n^3)
//! per m, each with up to m takes, all in a hash map: only for small n.

use crate::{Case, judge};
use cgt_core::scoring::{ScoreMemo, ScoringGame};
use cgt_judge::JudgeError;
use std::io::Write;

/// The most donuts this search accepts.
pub const MAX_DONUTS: u32 = 40;

/// Steve (index 0 in [`Position::hands`]) or his friend (index 1).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Player {
    /// Steve, who moves first.
    Steve,
    /// His friend.
    Friend,
}

impl Player {
    fn index(self) -> usize {
        match self {
            Player::Steve => 0,
            Player::Friend => 1,
        }
    }

    fn other(self) -> Player {
        match self {
            Player::Steve => Player::Friend,
            Player::Friend => Player::Steve,
        }
    }
}

/// A position of the game, exactly as the rules describe it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Position {
    /// The most donuts one take may hold (m).
    pub most: u8,
    /// Donuts in the box.
    pub in_box: u8,
    /// Donuts in Steve's hands and in his friend's hands (this round).
    pub hands: [u8; 2],
    /// Who takes next.
    pub to_move: Player,
}

/// The start of the game: `n` donuts in the box, empty hands, Steve to move;
/// `None` if `n` is above [`MAX_DONUTS`] or `m` is 0.
pub fn start(n: u32, m: u32) -> Option<Position> {
    if n > MAX_DONUTS || m == 0 {
        return None;
    }
    Some(Position {
        most: u8::try_from(m.min(n)).ok()?,
        in_box: u8::try_from(n).ok()?,
        hands: [0, 0],
        to_move: Player::Steve,
    })
}

/// The position after the player to move takes `take` donuts, and how many
/// donuts that take lets him eat; `None` if the take is illegal (0, more
/// than m, or more than the box holds).
pub fn play(position: &Position, take: u8) -> Option<(Position, i64)> {
    if take == 0 || take > position.most || take > position.in_box {
        return None;
    }
    let mover = position.to_move;
    let mut hands = position.hands;
    hands[mover.index()] += take;
    let in_box = position.in_box - take;
    if in_box > 0 {
        let next = Position {
            in_box,
            hands,
            to_move: mover.other(),
            ..*position
        };
        return Some((next, 0));
    }
    // The mover emptied the box: he eats what he holds; the loser puts his
    // donuts back and starts the next round. (When the loser holds none, the
    // box stays empty and the game is over.)
    let eaten = hands[mover.index()];
    let loser = mover.other();
    let next = Position {
        in_box: hands[loser.index()],
        hands: [0, 0],
        to_move: loser,
        ..*position
    };
    Some((next, i64::from(eaten)))
}

/// The rules of Voracious Steve, as a scoring game on whole positions.
#[derive(Clone, Copy, Debug, Default)]
pub struct Rules;

impl ScoringGame for Rules {
    type Position = Position;

    /// Every take from `position` with the position it leads to and the
    /// donuts it lets the mover eat. In both kinds of take the other player
    /// moves next, as a scoring game requires.
    fn moves(&self, position: &Position, out: &mut Vec<(Position, i64)>) {
        for take in 1..=position.most {
            if let Some((next, eaten)) = play(position, take) {
                debug_assert_eq!(next.to_move, position.to_move.other());
                out.push((next, eaten));
            }
        }
    }
}

/// The donuts still to be eaten: in the box and in both hands.
pub fn uneaten(position: &Position) -> i64 {
    i64::from(position.in_box) + i64::from(position.hands[0]) + i64::from(position.hands[1])
}

/// How many of the uneaten donuts Steve eats from `position` on, with best
/// play by both; reuse `memo` across calls.
pub fn steve_eats_from(memo: &mut ScoreMemo<Rules>, position: Position) -> i64 {
    let margin = memo.best_margin(&position);
    let steve_margin = match position.to_move {
        Player::Steve => margin,
        Player::Friend => -margin,
    };
    (uneaten(&position) + steve_margin) / 2
}

/// How many donuts Steve eats in the game `n`, `m`, by exhaustive search;
/// `None` beyond [`MAX_DONUTS`] or for `m` = 0.
pub fn steve_eats(memo: &mut ScoreMemo<Rules>, n: u32, m: u32) -> Option<u32> {
    let position = start(n, m)?;
    u32::try_from(steve_eats_from(memo, position)).ok()
}

/// How many donuts Steve eats in all if he first takes `take` donuts and
/// both then play their best; `None` if the take is illegal or `n` is
/// beyond [`MAX_DONUTS`].
pub fn steve_eats_after(memo: &mut ScoreMemo<Rules>, n: u32, m: u32, take: u32) -> Option<u32> {
    let position = start(n, m)?;
    let (next, eaten) = play(&position, u8::try_from(take).ok()?)?;
    u32::try_from(eaten + steve_eats_from(memo, next)).ok()
}

/// The judge function, answered by the exhaustive search.
///
/// # Errors
/// As [`crate::solve`], and a case with more than [`MAX_DONUTS`] donuts is
/// rejected as too big for this search, before any search.
pub fn solve<W: Write>(input: &[u8], out: &mut W) -> Result<(), JudgeError> {
    let mut memo = ScoreMemo::new(Rules);
    judge(input, out, |Case { n, m }, tokens| {
        steve_eats(&mut memo, n, m).ok_or_else(|| {
            tokens.error_in_case(format!(
                "the exhaustive search takes at most {MAX_DONUTS} donuts"
            ))
        })
    })
}
