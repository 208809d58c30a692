//! What the generic suite cannot check: every winning move the library
//! returns, on every position of at most 4 heaps of size at most 8, leaves a
//! position the exhaustive search says is lost.

#![cfg(feature = "testkit")]

use cgt_core::impartial::GrundyMemo;
use cgt_testkit::enumerate::lists;
use lasker_nim::{Move, brute, first_player_wins, winning_move};

fn apply(heaps: &[u64], mv: Move) -> Vec<u64> {
    let mut next = heaps.to_vec();
    match mv {
        Move::Take { heap, leave } => {
            assert!(leave < next[heap], "{mv:?} from {heaps:?} removes nothing");
            next[heap] = leave;
        }
        Move::Split { heap, into: (a, b) } => {
            assert!(
                a > 0 && b > 0 && a + b == next[heap],
                "illegal {mv:?} of {heaps:?}"
            );
            next[heap] = a;
            next.push(b);
        }
    }
    next
}

#[test]
fn winner_and_winning_move_match_the_exhaustive_search() {
    let mut memo = GrundyMemo::new(brute::RULES);
    let mut rows = 0;
    for heaps in lists(4, &[1, 2, 3, 4, 5, 6, 7, 8]) {
        rows += 1;
        let position = brute::position(&heaps).expect("small");
        let expected = memo.mover_wins(&position);
        assert_eq!(first_player_wins(&heaps), expected, "winner of {heaps:?}");
        match winning_move(&heaps) {
            None => assert!(!expected, "no winning move returned for {heaps:?}"),
            Some(mv) => {
                let next = apply(&heaps, mv);
                let next_position = brute::position(&next).expect("small");
                assert!(
                    !memo.mover_wins(&next_position),
                    "{mv:?} from {heaps:?} leaves {next:?}, which the opponent wins"
                );
            }
        }
    }
    assert_eq!(rows, 1 + 8 + 64 + 512 + 4096);
}
