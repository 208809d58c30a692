//! The closed form against the literal game (`lasker_nim::brute`, on
//! cgt-core's exhaustive search), on every position of at most 4 heaps of
//! size at most 8, and every returned winning move checked by the search.

use cgt_core::search::ImpartialSearch;
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

/// All rows of up to `max_len` heaps with sizes 1..=`max_heap`, in order.
fn all_rows(max_len: usize, max_heap: u64) -> Vec<Vec<u64>> {
    let mut rows = vec![vec![]];
    let mut frontier: Vec<Vec<u64>> = vec![vec![]];
    for _ in 0..max_len {
        frontier = frontier
            .iter()
            .flat_map(|row| {
                (1..=max_heap).map(move |h| {
                    let mut next = row.clone();
                    next.push(h);
                    next
                })
            })
            .collect();
        rows.extend(frontier.iter().cloned());
    }
    rows
}

#[test]
fn winner_and_winning_move_match_the_exhaustive_search() {
    let mut search = ImpartialSearch::new();
    let rows = all_rows(4, 8);
    assert_eq!(rows.len(), 1 + 8 + 64 + 512 + 4096);
    for heaps in rows {
        let position = brute::position(&heaps).expect("small");
        let expected = brute::mover_wins(&mut search, position);
        assert_eq!(
            first_player_wins(&heaps),
            expected,
            "winner of heaps {heaps:?}"
        );
        match winning_move(&heaps) {
            None => assert!(!expected, "no winning move returned for {heaps:?}"),
            Some(mv) => {
                let next = apply(&heaps, mv);
                let next_position = brute::position(&next).expect("small");
                assert!(
                    !brute::mover_wins(&mut search, next_position),
                    "{mv:?} from {heaps:?} leaves {next:?}, which the opponent wins"
                );
            }
        }
    }
}

#[test]
fn judge_functions_agree_on_generated_tiny_inputs() {
    for seed in 0..300 {
        let input = lasker_nim::generate(seed, cgt_core::generate::Size::Tiny);
        let (mut fast, mut slow) = (Vec::new(), Vec::new());
        lasker_nim::solve(input.as_bytes(), &mut fast).expect("valid input");
        brute::solve(input.as_bytes(), &mut slow).expect("valid input");
        assert_eq!(fast, slow, "seed {seed}, input:\n{input}");
    }
}
