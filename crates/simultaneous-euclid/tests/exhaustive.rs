//! What the generic suite cannot check: the suspense against cgt-core's
//! `RemotenessMemo` on a Euclid game written from the rules, and every
//! move the library returns against the search of the whole simultaneous
//! game.

#![cfg(feature = "testkit")]

use cgt_core::impartial::{GrundyMemo, ImpartialGame};
use cgt_core::remoteness::RemotenessMemo;
use cgt_testkit::enumerate::{lists, lists_of_len};
use simultaneous_euclid::brute::{self, Simultaneous, euclid_moves};
use simultaneous_euclid::{best_move, best_moves, first_player_wins, suspense};

/// One Euclid game alone, by the rules.
struct Euclid;
impl ImpartialGame for Euclid {
    type Position = (u8, u8);
    fn options(&self, &game: &(u8, u8), out: &mut Vec<(u8, u8)>) {
        euclid_moves(game, out);
    }
}

#[test]
fn suspense_and_best_move_match_the_memo_on_all_piles_up_to_60() {
    let mut memo = RemotenessMemo::new(Euclid);
    for p in 0..=60_u8 {
        for q in 0..=60_u8 {
            let (a, b) = (u64::from(p), u64::from(q));
            let expected = memo.suspense(&(p, q));
            assert_eq!(
                u64::from(suspense(a, b)),
                expected,
                "suspense of ({p}, {q})"
            );
            match best_move(a, b) {
                None => assert_eq!(expected, 0, "no move in ({p}, {q})"),
                Some((x, y)) => {
                    let mut legal = Vec::new();
                    euclid_moves((p, q), &mut legal);
                    let to = (
                        u8::try_from(x).expect("small"),
                        u8::try_from(y).expect("small"),
                    );
                    assert!(legal.contains(&to), "illegal ({p}, {q}) -> {to:?}");
                    assert_eq!(memo.suspense(&to) + 1, expected, "({p}, {q}) -> {to:?}");
                }
            }
        }
    }
}

fn small(games: &[(u64, u64)]) -> Vec<(u8, u8)> {
    games
        .iter()
        .map(|&(p, q)| {
            (
                u8::try_from(p).expect("small"),
                u8::try_from(q).expect("small"),
            )
        })
        .collect()
}

#[test]
fn winner_and_moves_in_every_game_match_the_whole_game_search() {
    let mut whole = GrundyMemo::new(Simultaneous);
    let piles: Vec<(u64, u64)> = (0..=7).flat_map(|p| (0..=7).map(move |q| (p, q))).collect();
    let three: Vec<(u64, u64)> = (0..=4).flat_map(|p| (0..=4).map(move |q| (p, q))).collect();
    let cases = lists(2, &piles)
        .filter(|g| !g.is_empty())
        .chain(lists_of_len(3, &three));
    let mut checked = 0;
    for games in cases {
        checked += 1;
        let start = brute::start(&games).expect("small");
        let wins = whole.mover_wins(&start);
        assert_eq!(first_player_wins(&games), wins, "winner of {games:?}");
        let moves = best_moves(&games);
        let mut after = Vec::new();
        for (&(p, q), m) in games.iter().zip(&moves) {
            match m {
                None => assert!(p == 0 || q == 0, "no move in the live game ({p}, {q})"),
                Some(to) => after.push(*to),
            }
        }
        let after_position = brute::start(&after).expect("small");
        // The moves are one option of the whole game (every live game moved).
        let mut options = Vec::new();
        Simultaneous.options(&start, &mut options);
        if !start.is_empty() {
            let mut moved: Vec<(u8, u8)> = small(&after)
                .into_iter()
                .filter(|&(p, q)| p > 0 && q > 0)
                .collect();
            moved.sort_unstable();
            assert!(
                options.contains(&moved),
                "{games:?} -> {after:?} is not a move"
            );
        }
        if wins {
            assert!(
                !whole.mover_wins(&after_position),
                "{games:?} -> {after:?} loses"
            );
        }
    }
    assert_eq!(checked, 64 + 64 * 64 + 125 * 125);
}
