//! The table against the literal game (`coin_game::brute`, on cgt-core's
//! exhaustive score search): every row of at most 9 coins with values 1..=3,
//! the first player's total, the best first take, and the mover's total from
//! every state of the row.

use cgt_core::search::ScoreSearch;
use coin_game::{CoinGame, brute};

/// All rows of 1..=`max_len` coins with values 1..=`max_value`.
fn all_rows(max_len: usize, max_value: u32) -> Vec<Vec<u32>> {
    let mut rows = Vec::new();
    let mut frontier: Vec<Vec<u32>> = vec![vec![]];
    for _ in 0..max_len {
        frontier = frontier
            .iter()
            .flat_map(|row| {
                (1..=max_value).map(move |c| {
                    let mut next = row.clone();
                    next.push(c);
                    next
                })
            })
            .collect();
        rows.extend(frontier.iter().cloned());
    }
    rows
}

#[test]
fn every_row_of_up_to_9_coins_matches_the_exhaustive_search() {
    let mut search = ScoreSearch::new();
    let rows = all_rows(9, 3);
    assert_eq!(rows.len(), (1..=9).map(|n| 3_usize.pow(n)).sum::<usize>());
    let mut states = 0_usize;
    for row in &rows {
        let game = CoinGame::new(row);
        let n = row.len();
        let expected = brute::mover_total(&mut search, row, None);
        assert_eq!(game.first_player_total(), expected, "row {row:?}");

        // The best first take is legal and reaches the optimum: its coins
        // plus what the opponent leaves of the rest.
        let take = game.best_first_take().expect("a non-empty row");
        assert!((1..=2.min(n)).contains(&take), "take {take} from {row:?}");
        let rest = &row[take..];
        let taken: u64 = row[..take].iter().map(|&c| u64::from(c)).sum();
        let rest_total: u64 = rest.iter().map(|&c| u64::from(c)).sum();
        let opponent = brute::mover_total(&mut search, rest, Some(take));
        assert_eq!(
            taken + rest_total - opponent,
            expected,
            "first take {take} from {row:?} is not best"
        );

        // Every later state: `taken` coins gone, the opponent took `last`.
        for taken in 1..n {
            for last in 1..=taken {
                let expected = brute::mover_total(&mut search, &row[taken..], Some(last));
                assert_eq!(
                    game.mover_total(taken, 2 * last),
                    expected,
                    "row {row:?}, {taken} taken, opponent took {last}"
                );
                let k = game.best_take(taken, 2 * last).expect("coins remain");
                assert!(k >= 1 && k <= 2 * last && taken + k <= n);
                let mine: u64 = row[taken..taken + k].iter().map(|&c| u64::from(c)).sum();
                let rest = &row[taken + k..];
                let rest_total: u64 = rest.iter().map(|&c| u64::from(c)).sum();
                let opponent = brute::mover_total(&mut search, rest, Some(k));
                assert_eq!(
                    mine + rest_total - opponent,
                    expected,
                    "take {k} in row {row:?} after {taken} taken is not best"
                );
                states += 1;
            }
        }
    }
    println!("{} rows and {states} later states checked", rows.len());
}

#[test]
fn judge_functions_agree_on_generated_tiny_inputs() {
    for seed in 0..300 {
        let input = coin_game::generate(seed, cgt_core::generate::Size::Tiny);
        let (mut fast, mut slow) = (Vec::new(), Vec::new());
        coin_game::solve(input.as_bytes(), &mut fast).expect("valid input");
        brute::solve(input.as_bytes(), &mut slow).expect("valid input");
        assert_eq!(fast, slow, "seed {seed}, input:\n{input}");
    }
}
