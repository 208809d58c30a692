//! The partner recurrence against the literal game (`end_stones::brute`, on
//! cgt-core's exhaustive search): every row of length ≤ 7 with piles 1..=5
//! (which holds every row of length ≤ 6 with piles 1..=4), every row of
//! length ≤ 9 with piles 1..=3 and every row of length ≤ 12 with piles
//! 1..=2; every returned winning move checked legal and winning by the
//! search; the partners checked as the unique losing piles; rows with zeros
//! through the judge functions.

use cgt_core::search::ImpartialSearch;
use end_stones::{End, Move, brute, first_player_wins, partners, winning_move};

/// Every row of length `lengths` with piles in `piles`, in order.
fn all_rows(
    lengths: std::ops::RangeInclusive<usize>,
    piles: std::ops::RangeInclusive<u64>,
) -> Vec<Vec<u64>> {
    let mut rows = Vec::new();
    let mut frontier: Vec<Vec<u64>> = vec![vec![]];
    for len in 0..=*lengths.end() {
        if lengths.contains(&len) {
            rows.extend(frontier.iter().cloned());
        }
        frontier = frontier
            .iter()
            .flat_map(|row| {
                piles.clone().map(move |a| {
                    let mut next = row.clone();
                    next.push(a);
                    next
                })
            })
            .collect();
    }
    rows
}

fn lost(search: &mut ImpartialSearch<brute::Position>, row: &[u64]) -> bool {
    let position = brute::position(row).expect("within the search's bound");
    !brute::mover_wins(search, position)
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
fn check_row(search: &mut ImpartialSearch<brute::Position>, row: &[u64]) -> bool {
    let expected = !lost(search, row);
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
                lost(search, &next),
                "{mv:?} from {row:?} leaves {next:?}, which the opponent wins"
            );
        }
    }
    expected
}

#[test]
fn winner_and_winning_move_match_the_exhaustive_search() {
    let mut search = ImpartialSearch::new();
    let sets = [
        (
            0..=7,
            1..=5,
            1 + 5 + 25 + 125 + 625 + 3125 + 15_625 + 78_125,
        ),
        (0..=9, 1..=3, (3_usize.pow(10) - 1) / 2),
        (0..=12, 1..=2, (1 << 13) - 1),
    ];
    let mut checked = 0;
    let mut won = 0;
    for (lengths, piles, count) in sets {
        let rows = all_rows(lengths.clone(), piles.clone());
        assert_eq!(
            rows.len(),
            count,
            "rows of length {lengths:?}, piles {piles:?}"
        );
        for row in rows {
            won += usize::from(check_row(&mut search, &row));
            checked += 1;
        }
    }
    assert_eq!(checked, 97_656 + 29_524 + 8_191);
    // Both answers occur often: the comparison is not vacuous.
    assert!(won > checked / 2 && won < checked, "{won} of {checked} won");
}

#[test]
fn partners_are_the_unique_losing_piles() {
    let mut search = ImpartialSearch::new();
    for row in all_rows(0..=5, 1..=4) {
        let p = partners(&row);
        let top = row.iter().copied().max().unwrap_or(0);
        // Lemma 1 says one losing pile on each side, and the docs that it is
        // at most the largest pile: look for all of them up to top + 2.
        let losing = |search: &mut ImpartialSearch<_>, put: &dyn Fn(u64) -> Vec<u64>| {
            (0..=top + 2)
                .filter(|&v| lost(search, &put(v)))
                .collect::<Vec<u64>>()
        };
        let on_left = losing(&mut search, &|v| {
            let mut next = vec![v];
            next.extend_from_slice(&row);
            next
        });
        let on_right = losing(&mut search, &|v| {
            let mut next = row.clone();
            next.push(v);
            next
        });
        assert_eq!(on_left, [p.left], "left partner of {row:?}");
        assert_eq!(on_right, [p.right], "right partner of {row:?}");
    }
}

#[test]
fn rows_with_zeros_through_the_judge_functions() {
    let mut search = ImpartialSearch::new();
    let rows = all_rows(1..=6, 0..=3);
    let mut input = format!("{}\n", rows.len());
    for row in &rows {
        let line: Vec<String> = row.iter().map(u64::to_string).collect();
        input += &format!("{}\n{}\n", row.len(), line.join(" "));
        check_row(&mut search, row);
    }
    let (mut fast, mut slow) = (Vec::new(), Vec::new());
    end_stones::solve(input.as_bytes(), &mut fast).expect("valid input");
    brute::solve(input.as_bytes(), &mut slow).expect("valid input");
    assert_eq!(fast.len(), 2 * rows.len());
    for ((row, f), s) in rows
        .iter()
        .zip(fast.split(|&b| b == b'\n'))
        .zip(slow.split(|&b| b == b'\n'))
    {
        assert_eq!(f, s, "row {row:?}");
    }
}

#[test]
fn judge_functions_agree_on_generated_tiny_inputs() {
    for seed in 0..300 {
        let input = end_stones::generate(seed, cgt_core::generate::Size::Tiny);
        let (mut fast, mut slow) = (Vec::new(), Vec::new());
        end_stones::solve(input.as_bytes(), &mut fast).expect("valid input");
        brute::solve(input.as_bytes(), &mut slow).expect("valid input");
        assert_eq!(fast, slow, "seed {seed}, input:\n{input}");
    }
}
