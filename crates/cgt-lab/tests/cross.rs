//! Cross-checks against the workspace's own solvers: Lasker's Nim (its code,
//! and the rules its brute force wrote for cgt-core) and the bean game of
//! split-game, the latter written through the closure API.

use cgt_lab::{Game, Pattern, Status, analyse};

#[test]
fn lasker_nim_agrees_on_4_3() {
    let game = Game::parse("4.(3)").expect("valid");
    let values = game.values(3000).expect("computes");
    for (n, &v) in values.iter().enumerate() {
        assert_eq!(u128::from(v), lasker_nim::grundy(n as u64), "heap {n}");
    }
    // The pattern extends the agreement to every heap, up to 2^64 - 1.
    let analysis = analyse(&game, 3000, &mut |_, _| {}).expect("computes");
    let (pattern, status) = analysis.found.expect("a pattern");
    assert_eq!(status, Status::Observed);
    for n in [3001, 10_000, 1 << 40, (1 << 62) + 3] {
        assert_eq!(
            u128::from(pattern.value(&values, n)),
            lasker_nim::grundy(n),
            "heap {n}"
        );
    }
}

#[test]
fn the_bean_game_through_a_closure_agrees_with_split_game() {
    // A bean at distance d from the last bottle moves to two later bottles,
    // at distances a <= b < d: its options are the pairs of heaps (a, b).
    let beans = Game::from_fn("beans", |d| {
        (0..d)
            .flat_map(|a| (a..d).map(move |b| vec![a, b]))
            .collect()
    });
    let len = 150;
    let values = beans.values(len - 1).expect("computes");
    let expected = split_game::bean_values(len);
    let got: Vec<usize> = values.iter().map(|&v| v as usize).collect();
    assert_eq!(got, expected);
}

#[test]
fn rules_written_for_cgt_core_are_analysed_like_the_code() {
    // lasker-nim's brute force wrote Lasker's Nim as a cgt-core `HeapGame`;
    // the lab takes those rules as they are.
    let rules = Game::from_heap_game("lasker-nim rules", lasker_nim::brute::Heap);
    let code = Game::parse("4.(3)").expect("valid");
    assert_eq!(rules.values(600), code.values(600));
    let analysis = analyse(&rules, 600, &mut |_, _| {}).expect("computes");
    let expected = Pattern {
        preperiod: 1,
        period: 4,
        saltus: 4,
    };
    assert_eq!(analysis.found, Some((expected, Status::Observed)));
}
