//! What the generic suite cannot check: every winning move the library
//! returns, on every small position, leaves a position the exhaustive search
//! says is lost.

#![cfg(feature = "testkit")]

use cgt_core::impartial::GrundyMemo;
use cgt_testkit::enumerate::lists;
use {{ident}}::{brute, first_player_wins, winning_move};

#[test]
fn winner_and_winning_move_match_the_exhaustive_search() {
    let mut memo = GrundyMemo::new(brute::RULES);
    for heaps in lists(4, &[0, 1, 2, 3, 4, 5, 6, 7]) {
        let position = brute::position(&heaps).expect("small");
        let expected = memo.mover_wins(&position);
        assert_eq!(first_player_wins(&heaps), expected, "winner of {heaps:?}");
        match winning_move(&heaps) {
            None => assert!(!expected, "no winning move returned for {heaps:?}"),
            Some((heap, left)) => {
                assert!(
                    left < heaps[heap] && heaps[heap] - left <= 3,
                    "illegal move {heap} -> {left} in {heaps:?}"
                );
                let mut next = heaps.clone();
                next[heap] = left;
                let next_position = brute::position(&next).expect("small");
                assert!(
                    !memo.mover_wins(&next_position),
                    "{heaps:?} -> {next:?} leaves the opponent a win"
                );
            }
        }
    }
}
