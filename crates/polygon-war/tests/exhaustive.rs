//! The rule against the literal game (`polygon_war::brute`, on cgt-core's
//! exhaustive search) on every triangulation of every polygon with 3 to 10
//! vertices, each triangle in turn black, with every returned winning move
//! checked legal and winning by the search; and the validation against the
//! list of all triangulations, on every list of n − 2 triangles for n ≤ 7.

use cgt_core::generate::Size;
use cgt_core::search::ImpartialSearch;
use polygon_war::{Triangulation, brute};
use std::collections::HashSet;

/// Every triangulation of the convex polygon 0..n−1 (n ≥ 3), built
/// bottom-up: `table[i][j]` holds the triangulations of the sub-polygon
/// i, i + 1, …, j, each one the triangle (i, k, j) with triangulations of
/// i..k and k..j.
fn all_triangulations(n: usize) -> Vec<Vec<[u32; 3]>> {
    let mut table: Vec<Vec<Vec<Vec<[u32; 3]>>>> = vec![vec![Vec::new(); n]; n];
    for i in 0..n - 1 {
        table[i][i + 1] = vec![Vec::new()];
    }
    for len in 2..n {
        for i in 0..n - len {
            let j = i + len;
            let mut all = Vec::new();
            for (k, from_k) in table.iter().enumerate().take(j).skip(i + 1) {
                for left in &table[i][k] {
                    for right in &from_k[j] {
                        let mut t = vec![[i as u32, k as u32, j as u32]];
                        t.extend_from_slice(left);
                        t.extend_from_slice(right);
                        all.push(t);
                    }
                }
            }
            table[i][j] = all;
        }
    }
    std::mem::take(&mut table[0][n - 1])
}

/// Catalan numbers: a polygon of n vertices has `CATALAN[n - 2]`
/// triangulations.
const CATALAN: [usize; 9] = [1, 1, 2, 5, 14, 42, 132, 429, 1430];

#[test]
fn winner_and_winning_move_match_the_exhaustive_search() {
    let mut search = ImpartialSearch::new();
    let mut positions = 0;
    for n in 3..=10_usize {
        let all = all_triangulations(n);
        assert_eq!(all.len(), CATALAN[n - 2], "triangulations of {n} vertices");
        for triangles in &all {
            // Shuffle the presentation a little: reverse the list and rotate
            // the vertices of each line.
            let shown: Vec<[u32; 3]> = triangles
                .iter()
                .rev()
                .enumerate()
                .map(|(t, &[a, b, c])| match t % 3 {
                    0 => [a, b, c],
                    1 => [c, a, b],
                    _ => [b, c, a],
                })
                .collect();
            let polygon = Triangulation::new(n, &shown).expect("a triangulation");
            for black in 0..shown.len() {
                positions += 1;
                let start = brute::position(&shown, black).expect("small");
                let expected = brute::mover_wins(&mut search, start.clone());
                let case = format!("n = {n}, triangles {shown:?}, black {black}");
                assert_eq!(polygon.first_player_wins(black), expected, "winner: {case}");
                match polygon.winning_move(black) {
                    None => assert!(!expected, "no winning move returned: {case}"),
                    Some(t) => {
                        let next = brute::cut(&start, shown[t])
                            .unwrap_or_else(|| panic!("cutting off {t} is illegal: {case}"));
                        assert!(
                            !brute::mover_wins(&mut search, next),
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
            .map(|mut t| {
                t.sort_unstable();
                t
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

#[test]
fn judge_functions_agree_on_generated_tiny_inputs() {
    for seed in 0..300 {
        let input = polygon_war::generate(seed, Size::Tiny);
        let (mut fast, mut slow) = (Vec::new(), Vec::new());
        polygon_war::solve(input.as_bytes(), &mut fast).expect("valid input");
        brute::solve(input.as_bytes(), &mut slow).expect("valid input");
        assert_eq!(fast, slow, "seed {seed}, input:\n{input}");
    }
}

#[test]
fn the_brute_search_agrees_with_every_small_fixture() {
    let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/../../fixtures/polygon-war");
    let mut checked = 0;
    for entry in std::fs::read_dir(dir).expect("the fixtures directory") {
        let path = entry.expect("a directory entry").path();
        if path.extension().is_none_or(|e| e != "in") {
            continue;
        }
        let input = std::fs::read(&path).expect("a fixture");
        let mut slow = Vec::new();
        if brute::solve(&input, &mut slow).is_err() {
            continue; // beyond the search's bound
        }
        let mut fast = Vec::new();
        polygon_war::solve(&input, &mut fast).expect("valid fixture");
        assert_eq!(fast, slow, "{}", path.display());
        checked += 1;
    }
    assert!(checked >= 5, "only {checked} fixtures are small enough");
}
