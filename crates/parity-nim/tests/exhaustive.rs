//! The closed form against the literal game (`parity_nim::brute`, on
//! cgt-core's partizan search), on every position of at most 3 piles of
//! 0..=5 stones, of 4 piles of 0..=4 stones and of 5 piles of 0..=2 stones,
//! with every flag combination (and pile order),
//! for either player to move; every returned winning move is checked legal
//! for Alice and winning by the search.

use cgt_core::search::{PartizanSearch, Side};
use parity_nim::brute::{self, Position};
use parity_nim::{Flag, Player, winner, winner_when, winning_move};

const FLAGS: [Flag; 3] = [Flag::Any, Flag::Odd, Flag::Even];

/// Every list of exactly `len` piles of 0..=`max` stones, each with any flag.
fn all_positions(len: usize, max: u64) -> Vec<Vec<(u64, Flag)>> {
    let mut rows: Vec<Vec<(u64, Flag)>> = vec![vec![]];
    for _ in 0..len {
        rows = rows
            .iter()
            .flat_map(|row| {
                (0..=max).flat_map(move |stones| {
                    FLAGS.iter().map(move |&flag| {
                        let mut next = row.clone();
                        next.push((stones, flag));
                        next
                    })
                })
            })
            .collect();
    }
    rows
}

fn searched(search: &mut PartizanSearch<Position>, piles: &[(u64, Flag)], side: Side) -> bool {
    let position = brute::position(piles).expect("small");
    brute::mover_wins(search, position, side)
}

/// Checks every position of `len` piles of 0..=`max` stones; returns how many.
fn check_all(search: &mut PartizanSearch<Position>, len: usize, max: u64) -> usize {
    let positions = all_positions(len, max);
    for piles in &positions {
        let alice_wins = searched(search, piles, Side::Left);
        let expected = if alice_wins {
            Player::Alice
        } else {
            Player::Bob
        };
        assert_eq!(winner(piles), expected, "Alice to move on {piles:?}");

        let bob_wins = searched(search, piles, Side::Right);
        let expected = if bob_wins { Player::Bob } else { Player::Alice };
        assert_eq!(
            winner_when(piles, Player::Bob),
            expected,
            "Bob to move on {piles:?}"
        );

        match winning_move(piles) {
            None => assert!(!alice_wins, "no winning move returned for {piles:?}"),
            Some(mv) => {
                let (stones, flag) = piles[mv.pile];
                assert!(
                    mv.take >= 1 && mv.take <= stones && brute::alice_may_take(flag, mv.take),
                    "{mv:?} is not a legal move for Alice on {piles:?}"
                );
                let mut next = piles.clone();
                next[mv.pile].0 -= mv.take;
                assert!(
                    !searched(search, &next, Side::Right),
                    "{mv:?} from {piles:?} leaves {next:?}, which Bob wins"
                );
            }
        }
    }
    positions.len()
}

#[test]
fn winner_and_winning_move_match_the_exhaustive_search() {
    let mut search = PartizanSearch::new();
    let mut checked = 0;
    for len in 0..=3 {
        checked += check_all(&mut search, len, 5);
    }
    assert_eq!(checked, 1 + 18 + 18 * 18 + 18 * 18 * 18);
    checked += check_all(&mut search, 4, 4);
    assert_eq!(checked, 6175 + 15 * 15 * 15 * 15);
    checked += check_all(&mut search, 5, 2);
    assert_eq!(checked, 56_800 + 9 * 9 * 9 * 9 * 9);
    println!("{checked} positions checked");
}

#[test]
fn judge_functions_agree_on_generated_tiny_inputs() {
    for seed in 0..300 {
        let input = parity_nim::generate(seed, cgt_core::generate::Size::Tiny);
        let (mut fast, mut slow) = (Vec::new(), Vec::new());
        parity_nim::solve(input.as_bytes(), &mut fast).expect("valid input");
        brute::solve(input.as_bytes(), &mut slow).expect("valid input");
        assert_eq!(fast, slow, "seed {seed}, input:\n{input}");
    }
}
