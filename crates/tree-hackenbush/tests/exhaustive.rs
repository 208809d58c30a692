//! The colon principle against the literal game (`tree_hackenbush::brute`,
//! on cgt-core's exhaustive searches), on every labelled tree with at most 7
//! vertices: the Grundy value, the winner, and every returned winning cut
//! checked legal and winning by the search.

use cgt_core::generate::{Rng, Size};
use cgt_core::impartial::GrundyMemo;
use cgt_core::search::ImpartialSearch;
use std::collections::HashSet;
use tree_hackenbush::{Player, Tree, brute};

/// The labelled tree on 1..=n with Prüfer sequence `code` (length n − 2),
/// decoded the slow, obvious way: repeatedly join the smallest leaf to the
/// next code entry.
fn prufer_tree(n: u32, code: &[u32]) -> Vec<(u32, u32)> {
    let mut degree = vec![1_u32; n as usize + 1];
    for &c in code {
        degree[c as usize] += 1;
    }
    let mut edges = Vec::new();
    for &c in code {
        let leaf = (1..=n)
            .find(|&v| degree[v as usize] == 1)
            .expect("a tree has a leaf");
        edges.push((leaf, c));
        degree[leaf as usize] -= 1;
        degree[c as usize] -= 1;
    }
    let last: Vec<u32> = (1..=n).filter(|&v| degree[v as usize] == 1).collect();
    if let [x, y] = last[..] {
        edges.push((x, y));
    }
    edges
}

/// Every labelled tree on 1..=n, each with its edges in a shuffled order and
/// orientation (so edge indices in cuts are exercised).
fn all_trees(n: u32) -> Vec<Vec<(u32, u32)>> {
    let len = n.saturating_sub(2);
    let count = u64::from(n).pow(len);
    let mut rng = Rng::new(u64::from(n));
    (0..count)
        .map(|mut index| {
            let code: Vec<u32> = (0..len)
                .map(|_| {
                    let digit = index % u64::from(n);
                    index /= u64::from(n);
                    digit as u32 + 1
                })
                .collect();
            let mut edges = prufer_tree(n, &code);
            rng.shuffle(&mut edges);
            for edge in &mut edges {
                if rng.chance(1, 2) {
                    *edge = (edge.1, edge.0);
                }
            }
            edges
        })
        .collect()
}

#[test]
fn prufer_enumeration_gives_every_labelled_tree_once() {
    for n in 1..=7_u32 {
        let trees = all_trees(n);
        let distinct: HashSet<brute::Position> = trees
            .iter()
            .map(|edges| {
                assert!(Tree::new(n as usize, edges).is_ok(), "{edges:?}");
                brute::position(edges).expect("small")
            })
            .collect();
        // Cayley's formula: n^(n-2) labelled trees (one for n = 1).
        assert_eq!(distinct.len() as u64, u64::from(n).pow(n.saturating_sub(2)));
    }
}

#[test]
fn value_winner_and_winning_cut_match_the_exhaustive_search() {
    let mut search = ImpartialSearch::new();
    struct Rules;
    impl cgt_core::impartial::ImpartialGame for Rules {
        type Position = brute::Position;
        fn options(&self, position: &brute::Position, out: &mut Vec<brute::Position>) {
            brute::options(position, out);
        }
    }
    let mut grundy = GrundyMemo::new(Rules);
    let mut checked = 0;
    for n in 1..=7_u32 {
        for edges in all_trees(n) {
            let tree = Tree::new(n as usize, &edges).expect("a tree");
            let start = brute::position(&edges).expect("small");
            assert_eq!(
                tree.grundy() as usize,
                grundy.grundy(&start).value() as usize,
                "Grundy value of the tree {n} {edges:?}"
            );
            let expected = brute::mover_wins(&mut search, start.clone());
            assert_eq!(
                tree.winner() == Player::Alice,
                expected,
                "winner of the tree {n} {edges:?}"
            );
            match tree.winning_cut() {
                None => assert!(!expected, "no winning cut returned for {n} {edges:?}"),
                Some(cut) => {
                    let (x, y) = edges[cut.edge];
                    assert!(
                        (x, y) == (cut.upper, cut.lower) || (y, x) == (cut.upper, cut.lower),
                        "{cut:?} does not name edge {} of {edges:?}",
                        cut.edge
                    );
                    assert_eq!(tree.parent(cut.lower), Some(cut.upper), "{cut:?} {edges:?}");
                    let next = brute::after_cut(&start, cut.upper as u8, cut.lower as u8)
                        .expect("the edge is in the position");
                    assert!(
                        !brute::mover_wins(&mut search, next.clone()),
                        "{cut:?} of {n} {edges:?} leaves {next:?}, which the opponent wins"
                    );
                }
            }
            checked += 1;
        }
    }
    assert_eq!(checked, 1 + 1 + 3 + 16 + 125 + 1296 + 16807);
}

#[test]
fn judge_functions_agree_on_generated_tiny_inputs() {
    for seed in 0..300 {
        let input = tree_hackenbush::generate(seed, Size::Tiny);
        let (mut fast, mut slow) = (Vec::new(), Vec::new());
        tree_hackenbush::solve(input.as_bytes(), &mut fast).expect("valid input");
        brute::solve(input.as_bytes(), &mut slow).expect("valid input");
        assert_eq!(fast, slow, "seed {seed}, input:\n{input}");
    }
}
