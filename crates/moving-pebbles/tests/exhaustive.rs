//! What the generic suite cannot check: the pairing rule against the
//! literal game (`moving_pebbles::brute`, on cgt-core's Grundy memo) on
//! every position of up to 5 piles of sizes 0 to 4, of 6 piles of sizes 0
//! to 3 and of 4 piles of sizes 0 to 5 (a zero is no pile): the winner, for
//! the digit-string API with and without leading zeros, and every returned
//! winning move, checked to be one of the rules' moves and to leave a
//! position the search says is lost.

#![cfg(feature = "testkit")]

use cgt_core::impartial::{GrundyMemo, ImpartialGame};
use cgt_testkit::enumerate::lists_of_len;
use moving_pebbles::brute::{self, Rules};
use moving_pebbles::{first_player_wins, winning_move};

#[test]
fn winner_and_winning_move_match_the_exhaustive_search() {
    let mut memo = GrundyMemo::new(Rules);
    let mut options = Vec::new();
    let mut positions = 0;
    let sizes: [u128; 6] = [0, 1, 2, 3, 4, 5];
    let bounds = (0..=5)
        .map(|n| (n, &sizes[..5]))
        .chain([(6, &sizes[..4]), (4, &sizes[..])]);
    for (n, sizes) in bounds {
        for piles in lists_of_len(n, sizes) {
            let position = brute::position(&piles).expect("within the search's bound");
            let expected = memo.mover_wins(&position);
            let plain: Vec<String> = piles.iter().map(u128::to_string).collect();
            assert_eq!(first_player_wins(&plain), expected, "winner of {plain:?}");
            // The same sizes in another order, with 0, 1, 2, ... leading zeros.
            let padded: Vec<String> = (plain.iter().rev().enumerate())
                .map(|(i, p)| format!("{}{p}", "0".repeat(i)))
                .collect();
            assert_eq!(first_player_wins(&padded), expected, "winner of {padded:?}");
            match winning_move(&piles) {
                None => assert!(!expected, "no winning move returned for {piles:?}"),
                Some(mv) => {
                    let next = mv
                        .apply(&piles)
                        .unwrap_or_else(|| panic!("{mv:?} is illegal in {piles:?}"));
                    let next_position = brute::position(&next).expect("smaller");
                    options.clear();
                    Rules.options(&position, &mut options);
                    assert!(
                        options.contains(&next_position),
                        "{mv:?} from {piles:?} gives {next:?}, not a move of the rules"
                    );
                    assert!(
                        !memo.mover_wins(&next_position),
                        "{mv:?} from {piles:?} leaves {next:?}, which the opponent wins"
                    );
                }
            }
            positions += 1;
        }
    }
    assert_eq!(positions, 1 + 5 + 25 + 125 + 625 + 3125 + 4096 + 1296);
}
