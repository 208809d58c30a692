//! What the generic suite cannot check: every winning move the library
//! returns, on every box of at most 4 colours of at most 8 M&Ms, is legal
//! and leaves a position the exhaustive misère search says is lost.

#![cfg(feature = "testkit")]

use cgt_core::misere::MisereMemo;
use cgt_testkit::enumerate::lists;
use misere_nim::{Move, brute, first_player_wins, winning_move};

#[test]
fn winner_and_winning_move_match_the_exhaustive_search() {
    let mut memo = MisereMemo::new(brute::RULES);
    let mut boxes = 0;
    for counts in lists(4, &[1, 2, 3, 4, 5, 6, 7, 8]).filter(|c| !c.is_empty()) {
        boxes += 1;
        let position = brute::position(&counts).expect("small");
        let expected = brute::mover_wins(&mut memo, &position);
        assert_eq!(first_player_wins(&counts), expected, "winner of {counts:?}");
        match winning_move(&counts) {
            None => assert!(!expected, "no winning move returned for {counts:?}"),
            Some(Move { colour, leave }) => {
                assert!(
                    leave < counts[colour],
                    "illegal move {colour} -> {leave} in {counts:?}"
                );
                let mut next = counts.clone();
                next[colour] = leave;
                let next_position = brute::position(&next).expect("small");
                assert!(
                    !brute::mover_wins(&mut memo, &next_position),
                    "{counts:?} -> {next:?} leaves the opponent a win"
                );
            }
        }
    }
    assert_eq!(boxes, 8 + 64 + 512 + 4096);
}
