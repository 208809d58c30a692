//! Strings and Coins (Nimstring) against its rules: who wins every small
//! graph by a plain search of the game as played (a capture gives the
//! same player another cut; who cannot cut loses), and Berlekamp's
//! long chains and loops.

use cgt_core::canonical::GameStore;
use cgt_core::impartial::GrundyMemo;
use cgt_rulesets::Rulesets;
use cgt_rulesets::strings_and_coins::StringsAndCoins;
use rustc_hash::FxHashMap;

/// The ground's number in the plain search.
const G: u8 = 9;

/// Whether the player to cut wins `strings` (ends `(a, b)`, `b == G` the
/// ground), playing the game as its rules say: after a capture, the same
/// player cuts again, and loses if nothing is left.
fn mover_wins(strings: &[(u8, u8)], memo: &mut FxHashMap<Vec<(u8, u8)>, bool>) -> bool {
    let mut key = strings.to_vec();
    key.sort_unstable();
    if let Some(&w) = memo.get(&key) {
        return w;
    }
    let mut wins = false;
    for k in 0..key.len() {
        let mut next = key.clone();
        let (a, b) = next.remove(k);
        let free = |c: u8| c != G && next.iter().all(|&(x, y)| x != c && y != c);
        if free(a) || free(b) {
            // A capture: cut again, if anything is left.
            if !next.is_empty() && mover_wins(&next, memo) {
                wins = true;
            }
        } else if !mover_wins(&next, memo) {
            wins = true;
        }
    }
    memo.insert(key, wins);
    wins
}

/// The graph string of `strings`.
fn text(strings: &[(u8, u8)]) -> String {
    let end = |c: u8| {
        if c == G {
            "G".to_string()
        } else {
            format!(".:{{{c}}}")
        }
    };
    strings
        .iter()
        .map(|&(a, b)| format!("{}-{}", end(a), end(b)))
        .collect::<Vec<_>>()
        .join(";")
}

#[test]
fn small_graphs_have_the_outcome_of_play() {
    // Every multiset of up to 5 strings among 3 coins and the ground.
    let pool: Vec<(u8, u8)> = vec![(0, 1), (0, 2), (1, 2), (0, G), (1, G), (2, G)];
    let mut graphs: Vec<Vec<(u8, u8)>> = vec![Vec::new()];
    let mut frontier = graphs.clone();
    for _ in 0..5 {
        let mut next = Vec::new();
        for g in &frontier {
            let from = g
                .last()
                .map_or(0, |s| pool.iter().position(|p| p == s).unwrap_or(0));
            for s in &pool[from..] {
                let mut h = g.clone();
                h.push(*s);
                next.push(h);
            }
        }
        graphs.extend(next.iter().cloned());
        frontier = next;
    }
    let mut plain = FxHashMap::default();
    let mut memo = GrundyMemo::new(StringsAndCoins);
    let mut store = GameStore::new();
    let mut rulesets = Rulesets::new();
    for (k, g) in graphs.iter().enumerate() {
        let t = text(g);
        let position = StringsAndCoins::parse(&t).unwrap_or_else(|e| panic!("{t}: {e}"));
        let grundy = memo.grundy(&position);
        assert_eq!(!grundy.is_zero(), mover_wins(g, &mut plain), "{t}");
        if k % 5 == 0 && !t.is_empty() {
            let value = rulesets
                .resolve(&mut store, "strings_and_coins", &t)
                .expect("a ruleset")
                .expect("a value");
            assert_eq!(value, store.nimber(grundy.value()), "{t}");
        }
    }
    assert!(graphs.len() > 400, "{} graphs", graphs.len());
}

/// A chain of `n` coins tied to the ground at both ends.
fn chain(n: usize) -> String {
    format!("G{}-G", "-.".repeat(n))
}

#[test]
fn long_chains_and_loops_are_loony() {
    // Berlekamp (The Dots and Boxes Game, ch. on Nimstring): a cut in a
    // chain of three coins or more, or in a loop of four or more, is
    // loony: whoever is offered it wins, whatever else is on the board.
    let mut memo = GrundyMemo::new(StringsAndCoins);
    let mut plain = FxHashMap::default();
    for n in 3..=6 {
        for long in [chain(n), format!(":A{}:A", "-".repeat(n + 1))] {
            let position = StringsAndCoins::parse(&long).expect(&long);
            assert!(!memo.mover_wins(&position), "{long}");
            let mut cuts = Vec::new();
            cgt_core::impartial::ImpartialGame::options(&StringsAndCoins, &position, &mut cuts);
            assert!(!cuts.is_empty());
            assert!(cuts.iter().all(|c| memo.mover_wins(c)), "{long}");
        }
        // Opened at an end beside a short chain of one or two coins, on
        // one board: the player to move still wins.
        for short in [chain(1), chain(2)] {
            let board = format!("G-.{};{short}", "-.".repeat(n - 1) + "-G");
            let position = StringsAndCoins::parse(&board).expect(&board);
            assert!(memo.mover_wins(&position), "{board}");
            let strings: Vec<(u8, u8)> = position_strings(&board);
            assert!(mover_wins(&strings, &mut plain), "{board}");
        }
    }
    // Short chains, by the rules (cut one end of G-.-G and the opponent
    // must take the coin and cannot move again): *1 and *2.
    assert_eq!(
        memo.grundy(&StringsAndCoins::parse(&chain(1)).expect("chain"))
            .value(),
        1
    );
    assert_eq!(
        memo.grundy(&StringsAndCoins::parse(&chain(2)).expect("chain"))
            .value(),
        2
    );
}

/// The strings of a board written as pieces of chains, for the plain
/// search: read back through the ruleset's own writing.
fn position_strings(board: &str) -> Vec<(u8, u8)> {
    let written = StringsAndCoins::parse(board).expect("a board").to_string();
    written
        .split(';')
        .map(|piece| {
            let ends: Vec<u8> = piece
                .split('-')
                .map(|e| {
                    e.trim_start_matches(".:{")
                        .trim_end_matches('}')
                        .parse()
                        .unwrap_or(G)
                })
                .collect();
            (ends[0], ends[1])
        })
        .collect()
}

#[test]
fn a_dots_and_boxes_board_is_its_dual_graph() {
    // 1 × 1: one coin with four strings to the ground. 1 × 2: two coins,
    // one string between them, six to the ground.
    assert_eq!(StringsAndCoins::parse("1,1").expect("board").len(), 4);
    let two = StringsAndCoins::parse("1,2").expect("board");
    assert_eq!(
        two,
        StringsAndCoins::parse("G-:A-G;:A-G;:A-:B-G;:B-G;:B-G").expect("graph")
    );
    assert!(StringsAndCoins::parse("9,9").is_err());
}
