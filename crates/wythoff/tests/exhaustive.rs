//! What the generic suite cannot check: the winning move the library
//! returns, on every pair of piles up to 40, is legal and leaves a position
//! the exhaustive search says is lost.

#![cfg(feature = "testkit")]

use cgt_core::impartial::{GrundyMemo, ImpartialGame};
use wythoff::{brute, first_player_wins, winning_move};

#[test]
fn winner_and_winning_move_match_the_exhaustive_search() {
    let mut memo = GrundyMemo::new(brute::Rules);
    for a in 0..=40 {
        for b in 0..=40 {
            let expected = memo.mover_wins(&(a, b));
            assert_eq!(first_player_wins(a, b), expected, "winner of ({a}, {b})");
            match winning_move(a, b) {
                None => assert!(!expected, "no winning move returned for ({a}, {b})"),
                Some(to) => {
                    let mut options = Vec::new();
                    brute::Rules.options(&(a, b), &mut options);
                    assert!(options.contains(&to), "({a}, {b}) -> {to:?} is not a move");
                    assert!(!memo.mover_wins(&to), "({a}, {b}) -> {to:?} leaves a win");
                }
            }
        }
    }
}
