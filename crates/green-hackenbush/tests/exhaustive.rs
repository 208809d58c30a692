//! What the generic suite cannot check: on every small case, each tree's
//! Grundy value and the winning cut agree with the search of the literal
//! game.

#![cfg(feature = "testkit")]

use cgt_core::impartial::GrundyMemo;
use cgt_core::nimber::Nimber;
use cgt_testkit::Problem;
use green_hackenbush::problem::GreenHackenbush;
use green_hackenbush::{Player, Tree, brute, winner, winning_cut};

#[test]
fn values_winners_and_winning_cuts_match_the_literal_game() {
    let mut memo = GrundyMemo::new(brute::Rules);
    let mut cases = 0;
    for input in GreenHackenbush::exhaustive() {
        for trees in input {
            cases += 1;
            for tree in &trees {
                let alone = brute::position(std::slice::from_ref(tree)).expect("small");
                assert_eq!(tree.grundy(), memo.grundy(&alone), "value of {tree:?}");
            }
            let position = brute::position(&trees).expect("small");
            let sally = memo.mover_wins(&position);
            let expected = if sally { Player::Sally } else { Player::Harry };
            assert_eq!(winner(&trees), expected, "{trees:?}");
            match winning_cut(&trees) {
                None => assert!(!sally, "no winning cut returned for {trees:?}"),
                Some(cut) => {
                    let tree = &trees[cut.tree];
                    let mut rest = tree.edges().to_vec();
                    rest.remove(cut.edge);
                    // The cut edge must be in play: connected to vertex 1.
                    let before = brute::tree_position(tree.edges()).expect("small");
                    let (a, b) = tree.edges()[cut.edge];
                    let edge = (a.min(b) as u8, a.max(b) as u8);
                    assert!(before.contains(&edge), "{trees:?}: {cut:?} is not in play");
                    let mut next = trees.clone();
                    next[cut.tree] = Tree::new(tree.vertices(), &rest).expect("valid");
                    let after = brute::position(&next).expect("small");
                    assert!(!memo.mover_wins(&after), "{trees:?}: {cut:?} leaves a win");
                }
            }
        }
    }
    assert_eq!(cases, 3003 + 400);
}

#[test]
fn the_judges_graphs_and_larger_sums_match_the_literal_game() {
    // Generated small cases beyond the exhaustive range, within the search.
    let mut memo = GrundyMemo::new(brute::Rules);
    for seed in 0..400 {
        for trees in GreenHackenbush::generate(seed, cgt_testkit::Size::Tiny) {
            let position = brute::position(&trees).expect("tiny is small");
            let total: Nimber = trees.iter().map(Tree::grundy).sum();
            assert_eq!(total, memo.grundy(&position), "seed {seed}: {trees:?}");
        }
    }
}

#[test]
fn invalid_trees_are_refused() {
    assert_eq!(
        Tree::new(0, &[]).expect_err("m = 0").to_string(),
        "a tree has 1 to 1000000 vertices, not 0"
    );
    assert_eq!(
        Tree::new(3, &[(1, 2), (2, 4)])
            .expect_err("4 > 3")
            .to_string(),
        "edge 2 has the endpoint 4, not in 1..=3"
    );
    assert!(Tree::new(1, &[(1, 1), (1, 1)]).is_ok());
}
