//! What the generic suite cannot check: the typed API against the literal
//! game (`coin_game::brute`, on cgt-core's score memo) on every row of 1 to
//! 9 coins with values 1..=3: the first player's total, the best first take,
//! and the mover's total and best take from every later state of the row.

#![cfg(feature = "testkit")]

use cgt_core::scoring::ScoreMemo;
use cgt_testkit::enumerate::lists;
use coin_game::{CoinGame, brute};

fn sum(coins: &[u32]) -> u64 {
    coins.iter().map(|&c| u64::from(c)).sum()
}

/// What the mover ends with by taking `take` coins when `taken` are gone:
/// those coins, plus what the opponent leaves of the rest.
fn after_take(memo: &mut ScoreMemo<brute::Rules>, row: &[u32], taken: usize, take: usize) -> u64 {
    let rest = &row[taken + take..];
    let opponent = brute::mover_total(memo, rest, Some(take));
    sum(&row[taken..taken + take]) + sum(rest) - opponent
}

#[test]
fn every_row_of_up_to_9_coins_matches_the_exhaustive_search() {
    let mut memo = ScoreMemo::new(brute::Rules);
    let mut rows = 0_usize;
    let mut states = 0_usize;
    for row in lists(9, &[1, 2, 3]).filter(|row| !row.is_empty()) {
        rows += 1;
        let game = CoinGame::new(&row);
        let n = row.len();
        let expected = brute::mover_total(&mut memo, &row, None);
        assert_eq!(game.first_player_total(), expected, "row {row:?}");

        // The best first take is legal and reaches the optimum.
        let take = game.best_first_take().expect("a non-empty row");
        assert!((1..=2.min(n)).contains(&take), "take {take} from {row:?}");
        assert_eq!(
            after_take(&mut memo, &row, 0, take),
            expected,
            "first take {take} from {row:?} is not best"
        );

        // Every later state: `taken` coins gone, the opponent took `last`.
        for taken in 1..n {
            for last in 1..=taken {
                let expected = brute::mover_total(&mut memo, &row[taken..], Some(last));
                assert_eq!(
                    game.mover_total(taken, 2 * last),
                    expected,
                    "row {row:?}, {taken} taken, opponent took {last}"
                );
                let k = game.best_take(taken, 2 * last).expect("coins remain");
                assert!(k >= 1 && k <= 2 * last && taken + k <= n);
                assert_eq!(
                    after_take(&mut memo, &row, taken, k),
                    expected,
                    "take {k} in row {row:?} after {taken} taken is not best"
                );
                states += 1;
            }
        }
    }
    assert_eq!(rows, (1..=9).map(|n| 3_usize.pow(n)).sum::<usize>());
    println!("{rows} rows and {states} later states checked");
}
