//! The fast analysis against the literal game (`split_game::brute`, on
//! cgt-core's exhaustive search) on every position of up to 6 bottles
//! holding 0..=2 beans each and of 7 bottles holding 0..=1: the winner, the
//! smallest winning move and the number of winning moves, each found by
//! trying every move in the search.

use cgt_core::search::ImpartialSearch;
use split_game::{analyse, brute, first_player_wins};

/// All rows of exactly `len` counts in `0..=most`, in lexicographic order.
fn all_rows(len: usize, most: u64) -> Vec<Vec<u64>> {
    let mut rows = vec![vec![]];
    for _ in 0..len {
        rows = rows
            .iter()
            .flat_map(|row| {
                (0..=most).map(move |count| {
                    let mut next = row.clone();
                    next.push(count);
                    next
                })
            })
            .collect();
    }
    rows
}

#[test]
fn analysis_matches_the_exhaustive_search() {
    let mut search = ImpartialSearch::new();
    let mut positions = 0;
    let bounds = (1..=6).map(|n| (n, 2)).chain([(7, 1)]);
    for (n, most) in bounds {
        for counts in all_rows(n, most) {
            let position = brute::position(&counts).expect("within the search's bound");
            let expected = brute::analyse(&mut search, &position);
            let actual = analyse(&counts);
            assert_eq!(actual, expected, "analysis of counts {counts:?}");
            assert_eq!(
                first_player_wins(&counts),
                brute::mover_wins(&mut search, position),
                "winner of counts {counts:?}"
            );
            positions += 1;
        }
    }
    assert_eq!(positions, 3 + 9 + 27 + 81 + 243 + 729 + 128);
}

#[test]
fn judge_functions_agree_on_generated_tiny_inputs() {
    for seed in 0..300 {
        let input = split_game::generate(seed, cgt_core::generate::Size::Tiny);
        let (mut fast, mut slow) = (Vec::new(), Vec::new());
        split_game::solve(input.as_bytes(), &mut fast).expect("valid input");
        brute::solve(input.as_bytes(), &mut slow).expect("valid input");
        assert_eq!(
            String::from_utf8(fast),
            String::from_utf8(slow),
            "seed {seed}, input:\n{input}"
        );
    }
}
