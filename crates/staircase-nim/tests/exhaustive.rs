//! What the generic suite cannot check: the winning move the library
//! returns, on every set of up to 5 chessmen on grids 1 to 14 and in two
//! orders, is legal and leaves a position the exhaustive search says is
//! lost.

#![cfg(feature = "testkit")]

use cgt_core::impartial::GrundyMemo;
use cgt_testkit::enumerate::lists;
use staircase_nim::{brute, first_player_wins, winning_move};

#[test]
fn winner_and_winning_move_match_the_exhaustive_search() {
    let mut memo = GrundyMemo::new(brute::Rules);
    let grids: Vec<u64> = (1..=14).collect();
    let mut sets = 0;
    for set in lists(5, &grids) {
        if set.is_empty() || !set.windows(2).all(|w| w[0] < w[1]) {
            continue;
        }
        sets += 1;
        let mut reversed = set.clone();
        reversed.reverse();
        for positions in [set.clone(), reversed] {
            let position = brute::position(&positions).expect("small");
            let expected = memo.mover_wins(&position);
            assert_eq!(first_player_wins(&positions), expected, "{positions:?}");
            match winning_move(&positions) {
                None => assert!(!expected, "no winning move returned for {positions:?}"),
                Some((chessman, to)) => {
                    let from = positions[chessman];
                    let blocked = positions.iter().any(|&p| p >= to && p < from);
                    assert!(
                        to >= 1 && to < from && !blocked,
                        "{positions:?}: {chessman} to {to}"
                    );
                    let mut next = positions.clone();
                    next[chessman] = to;
                    let next_position = brute::position(&next).expect("small");
                    assert!(
                        !memo.mover_wins(&next_position),
                        "{positions:?}: {chessman} to {to}"
                    );
                }
            }
        }
    }
    // C(14, 1) + … + C(14, 5).
    assert_eq!(sets, 14 + 91 + 364 + 1001 + 2002);
}
