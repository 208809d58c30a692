//! What the generic suite cannot check: the typed API against the literal
//! game (`card_piles::brute`, on cgt-core's score memo) on every pair of
//! piles of at most 3 cards with scores 1..=3 (equal lengths as in the
//! judge, and unequal ones), plus seeded random pairs of up to 6 cards each;
//! in each, every position (every part of each pile), its value and the best
//! move. One solver serves all games, so a stale table cell would show.

#![cfg(feature = "testkit")]

use card_piles::brute::{self, Rules};
use card_piles::{CardPiles, End, Pile, after};
use cgt_core::scoring::ScoreMemo;
use cgt_testkit::enumerate::lists;
use cgt_testkit::generate::Rng;
use std::ops::Range;

fn parts(n: usize) -> impl Iterator<Item = Range<usize>> {
    (0..=n).flat_map(move |l| (l..=n).map(move |r| l..r))
}

fn sum(cards: &[u32]) -> u64 {
    cards.iter().map(|&c| u64::from(c)).sum()
}

/// Solves the pair and checks every position and best move against the
/// memo; returns the number of positions checked.
fn check_all_positions(
    game: &mut CardPiles,
    memo: &mut ScoreMemo<Rules>,
    first: &[u32],
    second: &[u32],
) -> usize {
    let alice = game.solve(first, second);
    assert_eq!(
        alice,
        brute::mover_total(memo, first, second),
        "piles {first:?} and {second:?}"
    );
    let mut positions = 0;
    for a in parts(first.len()) {
        for b in parts(second.len()) {
            let (p1, p2) = (&first[a.clone()], &second[b.clone()]);
            let expected = brute::mover_total(memo, p1, p2);
            assert_eq!(
                game.mover_total(a.clone(), b.clone()),
                expected,
                "position {p1:?}, {p2:?} of piles {first:?} and {second:?}"
            );
            positions += 1;
            let Some(mv) = game.best_move(a.clone(), b.clone()) else {
                assert!(
                    p1.is_empty() && p2.is_empty(),
                    "no move from {p1:?}, {p2:?}"
                );
                continue;
            };
            let (na, nb) = after(mv, &a, &b).expect("the best move is legal");
            let (pile, range) = match mv.pile {
                Pile::First => (first, &a),
                Pile::Second => (second, &b),
            };
            let card = match mv.end {
                End::Top => pile[range.start],
                End::Bottom => pile[range.end - 1],
            };
            let (r1, r2) = (&first[na], &second[nb]);
            let opponent = brute::mover_total(memo, r1, r2);
            assert_eq!(
                u64::from(card) + sum(r1) + sum(r2) - opponent,
                expected,
                "{mv:?} from {p1:?}, {p2:?} is not best"
            );
        }
    }
    positions
}

#[test]
fn every_pair_of_piles_of_up_to_3_cards_matches_the_exhaustive_search() {
    let mut game = CardPiles::new();
    let mut memo = ScoreMemo::new(Rules);
    let piles: Vec<Vec<u32>> = lists(3, &[1, 2, 3]).collect();
    assert_eq!(piles.len(), 1 + 3 + 9 + 27);
    let (mut pairs, mut positions) = (0, 0);
    for first in &piles {
        for second in &piles {
            positions += check_all_positions(&mut game, &mut memo, first, second);
            pairs += 1;
        }
    }
    assert_eq!(pairs, 1600);
    println!("{pairs} pairs of piles, {positions} positions checked");
}

#[test]
fn random_piles_of_up_to_6_cards_match_the_exhaustive_search() {
    let mut game = CardPiles::new();
    let mut memo = ScoreMemo::new(Rules);
    let mut rng = Rng::new(4597);
    let mut positions = 0;
    for _ in 0..400 {
        let n = rng.range(1, 6) as usize;
        let max_score = *rng.pick(&[3, 10, 10_000]);
        let mut pile = || -> Vec<u32> { (0..n).map(|_| rng.range(1, max_score) as u32).collect() };
        let (first, second) = (pile(), pile());
        positions += check_all_positions(&mut game, &mut memo, &first, &second);
    }
    println!("400 random pairs, {positions} positions checked");
}
