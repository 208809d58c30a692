//! What the generic suite cannot check: the typed analysis against the
//! literal game (`split_game::brute`, on cgt-core's Grundy memo) on every
//! position of 1 to 6 bottles holding 0..=2 beans each and of 7 bottles
//! holding 0..=1: the winner, the smallest winning move and the number of
//! winning moves, each found by trying every move in the search.

#![cfg(feature = "testkit")]

use cgt_core::impartial::GrundyMemo;
use cgt_testkit::enumerate::lists_of_len;
use split_game::{analyse, brute, first_player_wins};

#[test]
fn analysis_matches_the_exhaustive_search() {
    let mut memo = GrundyMemo::new(brute::Rules);
    let mut positions = 0;
    let rows = (1..=6)
        .flat_map(|n| lists_of_len(n, &[0, 1, 2]))
        .chain(lists_of_len(7, &[0, 1]));
    for counts in rows {
        let position = brute::position(&counts).expect("within the search's bound");
        let expected = brute::analyse(&mut memo, &position);
        assert_eq!(analyse(&counts), expected, "analysis of counts {counts:?}");
        assert_eq!(
            first_player_wins(&counts),
            memo.mover_wins(&position),
            "winner of counts {counts:?}"
        );
        positions += 1;
    }
    assert_eq!(positions, 3 + 9 + 27 + 81 + 243 + 729 + 128);
}
