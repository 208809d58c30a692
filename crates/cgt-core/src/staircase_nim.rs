//! Staircase Nim: coins move down a staircase, one step at a time.
//!
//! Coins lie on steps 1, 2, …, m of a staircase above the floor (step 0).
//! A move takes any positive number of coins from one step i ≥ 1 down to
//! step i − 1; coins on the floor are out of play. Who cannot move loses.
//! The position is a loss for the player to move iff the Nim sum (XOR) of
//! the coins on the odd steps is 0 (Sprague 1937; *Winning Ways*, ch. 3;
//! Berlekamp, Conway and Guy call it "Nim in disguise"): a move from an odd
//! step is a Nim move, and a move from an even step onto an odd one can be
//! undone by moving the same coins on from that odd step.
//!
//! # Example
//! ```
//! use cgt_core::staircase_nim::{mover_wins, winning_move, StairMove};
//! // Steps 0..=3 hold 0, 5, 9, 3 coins: odd steps 5 ^ 3 = 6.
//! let stairs = [0, 5, 9, 3];
//! assert!(mover_wins(&stairs));
//! assert_eq!(winning_move(&stairs), Some(StairMove { step: 1, coins: 2 }));
//! assert!(!mover_wins(&[0, 3, 9, 3]));
//! ```

/// A move: take `coins` coins from step `step` down to step `step − 1`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct StairMove {
    /// The step the coins leave (at least 1).
    pub step: usize,
    /// How many coins move (at least 1).
    pub coins: u64,
}

/// The Nim sum of the coins on the odd steps; `stairs[i]` is the number of
/// coins on step i (`stairs[0]`, the floor, does not count).
///
/// # Complexity
/// O(m).
pub fn odd_step_nim_sum(stairs: &[u64]) -> u64 {
    stairs.iter().skip(1).step_by(2).fold(0, |acc, &c| acc ^ c)
}

/// Whether the player to move wins: iff the odd steps' Nim sum is not 0.
///
/// # Example
/// ```
/// use cgt_core::staircase_nim::mover_wins;
/// assert!(!mover_wins(&[7, 0, 4])); // coins on even steps only
/// assert!(mover_wins(&[0, 1]));
/// ```
///
/// # Complexity
/// O(m).
pub fn mover_wins(stairs: &[u64]) -> bool {
    odd_step_nim_sum(stairs) != 0
}

/// A winning move, or `None` if the player to move loses: the Nim move on
/// the odd steps, moving coins from the first odd step whose count has the
/// Nim sum's highest bit.
///
/// # Example
/// ```
/// use cgt_core::staircase_nim::{winning_move, StairMove};
/// assert_eq!(winning_move(&[0, 1]), Some(StairMove { step: 1, coins: 1 }));
/// assert_eq!(winning_move(&[0, 2, 5, 2]), None);
/// ```
///
/// # Complexity
/// O(m).
pub fn winning_move(stairs: &[u64]) -> Option<StairMove> {
    let total = odd_step_nim_sum(stairs);
    if total == 0 {
        return None;
    }
    (1..stairs.len()).step_by(2).find_map(|step| {
        let target = stairs[step] ^ total;
        (target < stairs[step]).then(|| StairMove {
            step,
            coins: stairs[step] - target,
        })
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::impartial::{GrundyMemo, ImpartialGame};

    /// The staircase from its rules; the floor's coins are dropped.
    struct Staircase;

    impl ImpartialGame for Staircase {
        type Position = Vec<u64>;
        fn options(&self, stairs: &Vec<u64>, out: &mut Vec<Vec<u64>>) {
            for step in 1..stairs.len() {
                for coins in 1..=stairs[step] {
                    let mut next = stairs.clone();
                    next[step] -= coins;
                    if step > 1 {
                        next[step - 1] += coins;
                    }
                    out.push(next);
                }
            }
        }
    }

    #[test]
    fn winner_and_winning_move_match_the_game_on_small_staircases() {
        let mut memo = GrundyMemo::new(Staircase);
        let mut checked = 0;
        // Steps 1..=4 with 0..=3 coins each (the floor empty).
        for code in 0..4_u64.pow(4) {
            let stairs: Vec<u64> = std::iter::once(0)
                .chain((0..4).map(|i| code / 4_u64.pow(i) % 4))
                .collect();
            let wins = memo.mover_wins(&stairs);
            assert_eq!(mover_wins(&stairs), wins, "{stairs:?}");
            match winning_move(&stairs) {
                None => assert!(!wins),
                Some(StairMove { step, coins }) => {
                    assert!(step >= 1 && (1..=stairs[step]).contains(&coins));
                    let mut next = stairs.clone();
                    next[step] -= coins;
                    if step > 1 {
                        next[step - 1] += coins;
                    }
                    assert!(!memo.mover_wins(&next), "{stairs:?}: {step}, {coins}");
                }
            }
            checked += 1;
        }
        assert_eq!(checked, 256);
    }
}
