//! What the generic suite cannot check: the column values against the
//! search of the literal rules, every column being a number, and every
//! winning move the library returns on every small board.

#![cfg(feature = "testkit")]

use advance_or_eat::brute::{self, Rules};
use advance_or_eat::problem::AdvanceOrEat;
use advance_or_eat::{Cell, Column, Evaluator, board_value, moves, winning_move};
use cgt_core::dyadic::Dyadic;
use cgt_core::outcome::{Outcome, Side};
use cgt_core::partizan::OutcomeMemo;
use cgt_testkit::Problem;
use cgt_testkit::enumerate::lists_of_len;

const CELLS: [Cell; 3] = [Cell::Empty, Cell::White, Cell::Black];

/// The outcome class a number has.
fn outcome_of(x: Dyadic) -> Outcome {
    match x.cmp(&Dyadic::ZERO) {
        std::cmp::Ordering::Greater => Outcome::L,
        std::cmp::Ordering::Less => Outcome::R,
        std::cmp::Ordering::Equal => Outcome::P,
    }
}

#[test]
fn every_column_up_to_height_8_is_a_small_number() {
    let mut evaluator = Evaluator::new();
    let mut columns = 0;
    for height in 1..=8 {
        for cells in lists_of_len(height, &CELLS) {
            // `number` panics if the canonical form is not a number.
            let x = evaluator.number(&Column::new(cells));
            assert!(x >= Dyadic::integer(-8) && x <= Dyadic::integer(8), "{x}");
            assert!(x.exponent() <= 7, "{x}");
            columns += 1;
        }
    }
    assert_eq!(columns, 9840);
}

#[test]
fn column_values_agree_with_the_search_of_the_rules() {
    let mut evaluator = Evaluator::new();
    // One column alone, up to height 6.
    for height in 1..=6 {
        let mut memo = OutcomeMemo::new(Rules {
            rows: height,
            cols: 1,
        });
        for cells in lists_of_len(height, &CELLS) {
            let x = evaluator.number(&Column::new(cells.iter().copied()));
            assert_eq!(
                memo.outcome(&cells),
                outcome_of(x),
                "column {cells:?} = {x}"
            );
        }
    }
    // Two columns side by side: the sum of the values decides.
    for height in 1..=4 {
        let columns: Vec<Vec<Cell>> = lists_of_len(height, &CELLS).collect();
        let mut memo = OutcomeMemo::new(Rules {
            rows: height,
            cols: 2,
        });
        for a in &columns {
            let x = evaluator.number(&Column::new(a.iter().copied()));
            for b in &columns {
                let y = evaluator.number(&Column::new(b.iter().copied()));
                let board: Vec<Cell> = a.iter().zip(b).flat_map(|(&p, &q)| [p, q]).collect();
                let sum = x.checked_add(y).expect("small");
                assert_eq!(memo.outcome(&board), outcome_of(sum), "{a:?} + {b:?}");
            }
        }
    }
}

#[test]
fn winning_moves_win_on_every_small_board() {
    let mut winners = 0;
    for board in AdvanceOrEat::exhaustive() {
        let squares = brute::position(&board).expect("within the search");
        let n = board.size();
        let mut memo = OutcomeMemo::new(Rules { rows: n, cols: n });
        let wins = memo.mover_wins(&squares, Side::Left);
        assert_eq!(board_value(&board) > Dyadic::ZERO, wins, "{board}");
        match winning_move(&board) {
            None => assert!(!wins, "no winning move returned for\n{board}"),
            Some(mv) => {
                winners += 1;
                assert!(
                    moves(&board).any(|m| m == mv),
                    "{mv:?} is not a move of\n{board}"
                );
                let after = brute::position(&board.play(mv)).expect("fewer pieces");
                assert!(
                    !memo.mover_wins(&after, Side::Right),
                    "{mv:?} leaves Snuke a win on\n{board}"
                );
            }
        }
    }
    assert!(winners > 1000);
}
