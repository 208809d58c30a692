//! What the generic suite cannot check: on every triangulation of every
//! polygon with 3 to 10 vertices, each triangle in turn black wherever it is
//! in the list, the typed API's winner matches the literal game
//! (`polygon_war::brute`, on cgt-core's `GrundyMemo`) and every returned
//! winning move is legal and winning; and the validation accepts exactly
//! the triangulations among all lists of n − 2 triangles for n ≤ 7.

#![cfg(feature = "testkit")]

use cgt_core::impartial::GrundyMemo;
use polygon_war::problem::all_triangulations;
use polygon_war::{Triangulation, brute};
use std::collections::HashSet;

/// Catalan numbers: a polygon of n vertices has `CATALAN[n - 2]`
/// triangulations.
const CATALAN: [usize; 9] = [1, 1, 2, 5, 14, 42, 132, 429, 1430];

#[test]
fn winner_and_winning_move_match_the_exhaustive_search() {
    let mut memo = GrundyMemo::new(brute::Rules);
    let mut positions = 0;
    for n in 3..=10_usize {
        let all = all_triangulations(n);
        assert_eq!(all.len(), CATALAN[n - 2], "triangulations of {n} vertices");
        for shown in &all {
            let polygon = Triangulation::new(n, shown).expect("a triangulation");
            for black in 0..shown.len() {
                positions += 1;
                let start = brute::position(shown, black).expect("small");
                let expected = memo.mover_wins(&start);
                let case = format!("n = {n}, triangles {shown:?}, black {black}");
                assert_eq!(polygon.first_player_wins(black), expected, "winner: {case}");
                match polygon.winning_move(black) {
                    None => assert!(!expected, "no winning move returned: {case}"),
                    Some(t) => {
                        let next = brute::cut(&start, shown[t])
                            .unwrap_or_else(|| panic!("cutting off {t} is illegal: {case}"));
                        assert!(
                            !memo.mover_wins(&next),
                            "cutting off {t} lets the opponent win: {case}"
                        );
                    }
                }
            }
        }
    }
    // Catalan(n − 2) triangulations times n − 2 black triangles.
    assert_eq!(positions, 1 + 4 + 15 + 56 + 210 + 792 + 3003 + 11440);
}

/// Calls `visit` with every multiset of `size` items of `0..items`, as a
/// non-decreasing index list.
fn for_each_multiset(items: usize, size: usize, mut visit: impl FnMut(&[usize])) {
    let mut chosen = vec![0; size];
    loop {
        visit(&chosen);
        // The next non-decreasing list: bump the last index that can grow.
        let Some(i) = (0..size).rev().find(|&i| chosen[i] + 1 < items) else {
            return;
        };
        let value = chosen[i] + 1;
        for c in &mut chosen[i..] {
            *c = value;
        }
    }
}

#[test]
fn validation_accepts_exactly_the_triangulations() {
    for n in 3..=7_usize {
        let valid: HashSet<Vec<[u32; 3]>> = all_triangulations(n)
            .into_iter()
            .map(|mut list| {
                for triangle in &mut list {
                    triangle.sort_unstable();
                }
                list.sort_unstable();
                list
            })
            .collect();
        let mut triples = Vec::new();
        for a in 0..n as u32 {
            for b in a + 1..n as u32 {
                for c in b + 1..n as u32 {
                    triples.push([a, b, c]);
                }
            }
        }
        let (mut accepted, mut lists) = (0, 0);
        for_each_multiset(triples.len(), n - 2, |chosen| {
            lists += 1;
            let triangles: Vec<[u32; 3]> = chosen.iter().map(|&i| triples[i]).collect();
            let verdict = Triangulation::new(n, &triangles);
            assert_eq!(
                verdict.is_ok(),
                valid.contains(&triangles),
                "n = {n}, {triangles:?}: {verdict:?}"
            );
            accepted += usize::from(verdict.is_ok());
        });
        assert_eq!(accepted, CATALAN[n - 2], "n = {n}");
        assert!(n == 3 || lists > accepted, "n = {n}");
    }
}
