//! What the generic suite cannot check: on every labelled tree with at most
//! 7 vertices, the Grundy value and the winner of the typed API match the
//! literal game (`tree_hackenbush::brute`, on cgt-core's `GrundyMemo`), and
//! every returned winning cut is legal and leaves a lost position.

#![cfg(feature = "testkit")]

use cgt_core::impartial::GrundyMemo;
use std::collections::HashSet;
use tree_hackenbush::problem::labelled_trees;
use tree_hackenbush::{Player, brute};

#[test]
fn prufer_enumeration_gives_every_labelled_tree_once() {
    for n in 1..=7_u32 {
        let trees = labelled_trees(n);
        let distinct: HashSet<brute::Position> = trees
            .iter()
            .map(|tree| {
                assert_eq!(tree.vertices(), n as usize);
                brute::position(tree.edges()).expect("small")
            })
            .collect();
        // Cayley's formula: n^(n-2) labelled trees (one for n = 1).
        assert_eq!(distinct.len() as u64, u64::from(n).pow(n.saturating_sub(2)));
        assert_eq!(trees.len(), distinct.len());
    }
}

#[test]
fn value_winner_and_winning_cut_match_the_exhaustive_search() {
    let mut memo = GrundyMemo::new(brute::Rules);
    let mut checked = 0;
    for n in 1..=7_u32 {
        for tree in labelled_trees(n) {
            let edges = tree.edges();
            let start = brute::position(edges).expect("small");
            assert_eq!(
                u64::from(tree.grundy()),
                memo.grundy(&start).value(),
                "Grundy value of the tree {n} {edges:?}"
            );
            let expected = memo.mover_wins(&start);
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
                        !memo.mover_wins(&next),
                        "{cut:?} of {n} {edges:?} leaves {next:?}, which the opponent wins"
                    );
                }
            }
            checked += 1;
        }
    }
    assert_eq!(checked, 1 + 1 + 3 + 16 + 125 + 1296 + 16807);
}
