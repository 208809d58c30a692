//! What the generic suite cannot check: on every position of
//! `parity_nim::problem::small_positions` (at most 3 piles of 0..=5 stones,
//! 4 piles of 0..=4 and 5 piles of 0..=2, every flag combination and pile
//! order), the winner with either player to move matches the literal game
//! (`parity_nim::brute`, on cgt-core's `OutcomeMemo`, Left = Alice), and
//! every returned winning move is legal for Alice and leaves Bob lost.

#![cfg(feature = "testkit")]

use cgt_core::outcome::Side;
use cgt_core::partizan::OutcomeMemo;
use parity_nim::brute::{self, Rules};
use parity_nim::problem::small_positions;
use parity_nim::{Flag, Player, winner, winner_when, winning_move};

fn searched(memo: &mut OutcomeMemo<Rules>, piles: &[(u64, Flag)], side: Side) -> bool {
    let position = brute::position(piles).expect("small");
    memo.mover_wins(&position, side)
}

#[test]
fn winner_and_winning_move_match_the_exhaustive_search() {
    let mut memo = OutcomeMemo::new(Rules);
    let mut checked = 0;
    for piles in small_positions() {
        checked += 1;
        let alice_wins = searched(&mut memo, &piles, Side::Left);
        let expected = if alice_wins {
            Player::Alice
        } else {
            Player::Bob
        };
        assert_eq!(winner(&piles), expected, "Alice to move on {piles:?}");

        let bob_wins = searched(&mut memo, &piles, Side::Right);
        let expected = if bob_wins { Player::Bob } else { Player::Alice };
        assert_eq!(
            winner_when(&piles, Player::Bob),
            expected,
            "Bob to move on {piles:?}"
        );

        match winning_move(&piles) {
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
                    !searched(&mut memo, &next, Side::Right),
                    "{mv:?} from {piles:?} leaves {next:?}, which Bob wins"
                );
            }
        }
    }
    let up_to_3 = 1 + 18 + 18 * 18 + 18 * 18 * 18;
    assert_eq!(checked, up_to_3 + 15_usize.pow(4) + 9_usize.pow(5));
}
