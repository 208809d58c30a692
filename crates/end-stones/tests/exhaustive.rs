//! What the generic suite cannot check: the typed API against the literal
//! game (`end_stones::brute`, on cgt-core's Grundy memo). Every row of
//! length ≤ 7 with piles 1..=5 (which holds every row of length ≤ 6 with
//! piles 1..=4), of length ≤ 9 with piles 1..=3, of length ≤ 12 with piles
//! 1..=2, and of length 1..=6 with piles 0..=3 (zeros are no piles): the
//! winner, and every returned winning move checked legal and winning by the
//! search. The partners of every row of length ≤ 5 with piles 1..=4,
//! checked as the unique losing piles.

#![cfg(feature = "testkit")]

use cgt_core::impartial::GrundyMemo;
use cgt_testkit::enumerate::{lists, lists_of_len};
use end_stones::{End, Move, brute, first_player_wins, partners, winning_move};

type Memo = GrundyMemo<brute::Rules>;

fn lost(memo: &mut Memo, row: &[u64]) -> bool {
    let position = brute::position(row).expect("within the search's bound");
    !memo.mover_wins(&position)
}

/// Applies `mv` to `row` after checking that it is legal: the pile is the
/// leftmost (or rightmost) non-empty one and loses at least one stone.
fn apply(row: &[u64], mv: Move) -> Vec<u64> {
    let mut non_empty = row.iter().enumerate().filter(|&(_, &a)| a > 0);
    let end = match mv.end {
        End::Left => non_empty.next(),
        End::Right => non_empty.next_back(),
    };
    assert_eq!(
        end.map(|(i, _)| i),
        Some(mv.pile),
        "{mv:?} is not at that end of {row:?}"
    );
    assert!(mv.leave < row[mv.pile], "{mv:?} takes nothing from {row:?}");
    let mut next = row.to_vec();
    next[mv.pile] = mv.leave;
    next
}

/// Checks the winner and the winning move of `row`; returns whether the
/// first player wins.
fn check_row(memo: &mut Memo, row: &[u64]) -> bool {
    let expected = !lost(memo, row);
    assert_eq!(
        first_player_wins(row),
        expected,
        "winner of the row {row:?}"
    );
    match winning_move(row) {
        None => assert!(!expected, "no winning move returned for {row:?}"),
        Some(mv) => {
            let next = apply(row, mv);
            assert!(
                lost(memo, &next),
                "{mv:?} from {row:?} leaves {next:?}, which the opponent wins"
            );
        }
    }
    expected
}

#[test]
fn winner_and_winning_move_match_the_exhaustive_search() {
    let mut memo = GrundyMemo::new(brute::Rules);
    let rows = lists(7, &[1, 2, 3, 4, 5])
        .chain(lists(9, &[1, 2, 3]))
        .chain(lists(12, &[1, 2]))
        .chain((1..=6).flat_map(|n| lists_of_len(n, &[0, 1, 2, 3])));
    let mut checked = 0;
    let mut won = 0;
    for row in rows {
        won += usize::from(check_row(&mut memo, &row));
        checked += 1;
    }
    assert_eq!(checked, 97_656 + 29_524 + 8_191 + 5_460);
    // Both answers occur often: the comparison is not vacuous.
    assert!(won > checked / 2 && won < checked, "{won} of {checked} won");
}

#[test]
fn partners_are_the_unique_losing_piles() {
    let mut memo = GrundyMemo::new(brute::Rules);
    for row in lists(5, &[1, 2, 3, 4]) {
        let p = partners(&row);
        let top = row.iter().copied().max().unwrap_or(0);
        // Lemma 1 says one losing pile on each side, and the docs that it is
        // at most the largest pile: look for all of them up to top + 2.
        let mut losing = |put: &dyn Fn(u64) -> Vec<u64>| {
            (0..=top + 2)
                .filter(|&v| lost(&mut memo, &put(v)))
                .collect::<Vec<u64>>()
        };
        let on_left = losing(&|v| {
            let mut next = vec![v];
            next.extend_from_slice(&row);
            next
        });
        let on_right = losing(&|v| {
            let mut next = row.clone();
            next.push(v);
            next
        });
        assert_eq!(on_left, [p.left], "left partner of {row:?}");
        assert_eq!(on_right, [p.right], "right partner of {row:?}");
    }
}
