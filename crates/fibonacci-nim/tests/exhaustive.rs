//! What the generic suite cannot check: the winning first move the library
//! returns, for every pile up to 120, is legal and leaves a position the
//! exhaustive search says is lost; and the winning reply
//! (`cgt_core::fibonacci_nim::winning_move`) keeps winning along a whole
//! game against every defence.

#![cfg(feature = "testkit")]

use cgt_core::fibonacci_nim::winning_move;
use cgt_core::impartial::GrundyMemo;
use fibonacci_nim::{brute, first_player_wins, winning_first_move};
use std::collections::HashSet;

#[test]
fn winner_and_winning_first_move_match_the_exhaustive_search() {
    let mut memo = GrundyMemo::new(brute::Rules);
    for n in 2..=brute::MAX_PILE {
        let expected = memo.mover_wins(&brute::start(n));
        assert_eq!(first_player_wins(n), expected, "winner of {n}");
        match winning_first_move(n) {
            None => assert!(!expected, "no winning move returned for {n}"),
            Some(take) => {
                assert!((1..n).contains(&take), "{n}: take {take} is illegal");
                let left = n - take;
                assert!(
                    !memo.mover_wins(&(left, (2 * take).min(left))),
                    "{n}: take {take}"
                );
            }
        }
    }
}

#[test]
fn the_winner_keeps_winning_against_every_defence() {
    // Positions (stones, quota) after a winning move; the opponent tries
    // every take, the winner answers with `winning_move` each time.
    for n in 2..=brute::MAX_PILE {
        let Some(first) = winning_first_move(n) else {
            continue;
        };
        let mut stack = vec![(n - first, 2 * first)];
        let mut seen = HashSet::new();
        while let Some((stones, quota)) = stack.pop() {
            if !seen.insert((stones, quota.min(stones))) {
                continue;
            }
            for take in 1..=quota.min(stones) {
                let (left, reply_quota) = (stones - take, 2 * take);
                if left == 0 {
                    panic!("{n}: the defender took the last stone from ({stones}, {quota})");
                }
                let reply = winning_move(left, reply_quota)
                    .unwrap_or_else(|| panic!("{n}: no answer to ({left}, {reply_quota})"));
                assert!(
                    (1..=reply_quota.min(left)).contains(&reply),
                    "{n}: illegal reply"
                );
                if left > reply {
                    stack.push((left - reply, 2 * reply));
                }
            }
        }
    }
}
