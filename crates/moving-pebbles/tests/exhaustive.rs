//! The pairing rule against the literal game (`moving_pebbles::brute`, on
//! cgt-core's exhaustive search) on every position of up to 5 piles of sizes
//! 0 to 4 and of 6 piles of sizes 0 to 3 (a zero is no pile): the winner,
//! for the digit-string API, and every returned winning move, checked to be
//! one of the search's moves and to leave a position the search says is
//! lost.

use cgt_core::search::ImpartialSearch;
use moving_pebbles::{brute, first_player_wins, winning_move};

/// All rows of exactly `len` sizes in `0..=most`, in lexicographic order.
fn all_rows(len: usize, most: u128) -> Vec<Vec<u128>> {
    let mut rows = vec![vec![]];
    for _ in 0..len {
        rows = rows
            .iter()
            .flat_map(|row| {
                (0..=most).map(move |size| {
                    let mut next = row.clone();
                    next.push(size);
                    next
                })
            })
            .collect();
    }
    rows
}

#[test]
fn winner_and_winning_move_match_the_exhaustive_search() {
    let mut search = ImpartialSearch::new();
    let mut options = Vec::new();
    let mut positions = 0;
    let bounds = (0..=5).map(|n| (n, 4)).chain([(6, 3)]);
    for (n, most) in bounds {
        for piles in all_rows(n, most) {
            let position = brute::position(&piles).expect("within the search's bound");
            let expected = brute::mover_wins(&mut search, position.clone());
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
                    brute::options(&position, &mut options);
                    assert!(
                        options.contains(&next_position),
                        "{mv:?} from {piles:?} gives {next:?}, not a move of the rules"
                    );
                    assert!(
                        !brute::mover_wins(&mut search, next_position),
                        "{mv:?} from {piles:?} leaves {next:?}, which the opponent wins"
                    );
                }
            }
            positions += 1;
        }
    }
    assert_eq!(positions, 1 + 5 + 25 + 125 + 625 + 3125 + 4096);
}

#[test]
fn judge_functions_agree_on_generated_tiny_inputs() {
    for seed in 0..300 {
        let input = moving_pebbles::generate(seed, cgt_core::generate::Size::Tiny);
        let (mut fast, mut slow) = (Vec::new(), Vec::new());
        moving_pebbles::solve(input.as_bytes(), &mut fast).expect("valid input");
        brute::solve(input.as_bytes(), &mut slow).expect("valid input");
        assert_eq!(
            String::from_utf8(fast),
            String::from_utf8(slow),
            "seed {seed}, input:\n{input}"
        );
    }
}
