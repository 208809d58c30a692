//! Coin-turning games, their heap forms (Spawning) and Mem against their
//! rules: every row of up to 8 coins is played by a plain game written here
//! from the rules alone (a move is any set of coins whose rightmost is a
//! head and whose places the code's words admit, checked one by one;
//! nothing split), and its Grundy value is the one the ruleset finds by
//! splitting the row into its heads; sums of two rows are the nim-sum of
//! their values, as the plain search of the sum finds; the solver agrees.
//! Then the values *Winning Ways* and CGSuite publish.

use cgt_core::canonical::GameStore;
use cgt_core::impartial::{GrundyMemo, ImpartialGame};
use cgt_core::outcome::Side;
use cgt_core::partizan::PartizanGame;
use cgt_rulesets::Rulesets;
use cgt_rulesets::mem::Mem;
use cgt_rulesets::turning::{Spawning, Turning};

mod common;
use common::check_solver;

/// One word of a turning code, decoded by hand: `min` to `max` coins,
/// within `span` adjacent ones; consecutive, equally spaced, symmetric;
/// the leftmost coin of the row among them.
#[derive(Clone, Copy, Debug)]
struct Word {
    min: usize,
    max: usize,
    span: usize,
    consecutive: bool,
    equal: bool,
    symmetric: bool,
    first: bool,
}

const ANY: Word = Word {
    min: 1,
    max: usize::MAX,
    span: usize::MAX,
    consecutive: false,
    equal: false,
    symmetric: false,
    first: false,
};

impl Word {
    /// Whether the coins at `places` (sorted, from 1) may be turned.
    fn admits(&self, places: &[usize]) -> bool {
        let k = places.len();
        let (a, z) = (places[0], places[k - 1]);
        let gaps: Vec<usize> = places.windows(2).map(|w| w[1] - w[0]).collect();
        (self.min..=self.max).contains(&k)
            && z - a < self.span
            && (!self.consecutive || gaps.iter().all(|&g| g == 1))
            && (!self.equal || gaps.windows(2).all(|g| g[0] == g[1]))
            && (!self.symmetric || (0..k).all(|i| places[i] + places[k - 1 - i] == a + z))
            && (!self.first || a == 1)
    }
}

/// A coin-turning game from its rules: rows as bit masks (bit `i` the coin
/// at place `i + 1`, set for heads).
#[derive(Clone)]
struct PlainTurning(Vec<Word>, usize);

impl ImpartialGame for PlainTurning {
    type Position = u32;
    fn options(&self, &row: &u32, out: &mut Vec<u32>) {
        for turned in 1..1u32 << self.1 {
            let top = 31 - turned.leading_zeros();
            if row >> top & 1 == 0 {
                continue;
            }
            let places: Vec<usize> = (0..self.1)
                .filter(|&i| turned >> i & 1 == 1)
                .map(|i| i + 1)
                .collect();
            if self.0.iter().any(|w| w.admits(&places)) {
                out.push(row ^ turned);
            }
        }
    }
}

/// Two rows side by side, searched as one.
struct PlainTurningSum(PlainTurning);

impl ImpartialGame for PlainTurningSum {
    type Position = (u32, u32);
    fn options(&self, &(a, b): &(u32, u32), out: &mut Vec<(u32, u32)>) {
        let mut moves = Vec::new();
        self.0.options(&a, &mut moves);
        out.extend(moves.drain(..).map(|a2| (a2, b)));
        self.0.options(&b, &mut moves);
        out.extend(moves.drain(..).map(|b2| (a, b2)));
    }
}

/// An impartial game as a partizan one (both players have its moves), for
/// the solver's checks.
#[derive(Clone)]
struct Both<G>(G);

impl<G: ImpartialGame + Clone> PartizanGame for Both<G> {
    type Position = G::Position;
    fn options(&self, p: &G::Position, _: Side, out: &mut Vec<G::Position>) {
        self.0.options(p, out);
    }
}

fn row_text(row: u32, len: usize) -> String {
    (0..len)
        .map(|i| if row >> i & 1 == 1 { 'h' } else { 't' })
        .collect()
}

/// The codes of *Winning Ways*' coin games (CGSuite's table in
/// `game.strip.Turning`), and two of ours, with their words by hand.
fn codes() -> Vec<(&'static str, Vec<Word>)> {
    let w = |min, max| Word { min, max, ..ANY };
    vec![
        ("1-2", vec![w(1, 2)]),
        ("1-3", vec![w(1, 3)]),
        ("2", vec![w(2, 2)]),
        ("3", vec![w(3, 3)]),
        ("1+", vec![ANY]),
        (
            "1+C",
            vec![Word {
                consecutive: true,
                ..ANY
            }],
        ),
        ("1-3C(5)", vec![Word { span: 5, ..w(1, 3) }]),
        ("3C(5)", vec![Word { span: 5, ..w(3, 3) }]),
        (
            "1-5C",
            vec![Word {
                consecutive: true,
                ..w(1, 5)
            }],
        ),
        (
            "3E",
            vec![Word {
                equal: true,
                ..w(3, 3)
            }],
        ),
        (
            "4FS",
            vec![Word {
                first: true,
                symmetric: true,
                ..w(4, 4)
            }],
        ),
        (
            "1+S",
            vec![Word {
                symmetric: true,
                ..ANY
            }],
        ),
        (
            "1+FS",
            vec![Word {
                first: true,
                symmetric: true,
                ..ANY
            }],
        ),
        (
            "2-3,4C",
            vec![
                w(2, 3),
                Word {
                    consecutive: true,
                    ..w(4, 4)
                },
            ],
        ),
        (
            "1F,2-4E",
            vec![
                Word {
                    first: true,
                    ..w(1, 1)
                },
                Word {
                    equal: true,
                    ..w(2, 4)
                },
            ],
        ),
    ]
}

#[test]
fn turning_agrees_with_the_game_tree() {
    const LEN: usize = 8;
    let mut store = GameStore::new();
    let mut rulesets = Rulesets::new();
    for (code, words) in codes() {
        let reference = PlainTurning(words, LEN);
        let mut plain = GrundyMemo::new(reference.clone());
        let mut rows = GrundyMemo::new(Turning);
        let mut heaps = GrundyMemo::new(Spawning);
        let mut values = Vec::new();
        for row in 0..1u32 << LEN {
            let text = format!("{};{code}", row_text(row, LEN));
            let position = Turning::parse(&text).unwrap_or_else(|e| panic!("{text}: {e}"));
            let g = rows.grundy(&position);
            assert_eq!(g, plain.grundy(&row), "{text}");
            // The heap form: a heap at each head.
            let places: Vec<String> = position.heads().iter().map(u32::to_string).collect();
            let spawned = format!(
                "{};{code}",
                if places.is_empty() {
                    "0".to_string()
                } else {
                    places.join(",")
                }
            );
            let spawned = Spawning::parse(&spawned).expect("heaps");
            assert_eq!(heaps.grundy(&spawned), g, "{text}");
            if row % 17 == 0 {
                let term = rulesets
                    .resolve(&mut store, "turning", &text)
                    .expect("a ruleset")
                    .expect("a value");
                assert_eq!(term, store.nimber(g.value()), "{text}");
            }
            values.push(g);
        }
        // Sums of two rows of up to 5 coins: the nim-sum.
        let mut sums = GrundyMemo::new(PlainTurningSum(reference.clone()));
        for a in 0..32u32 {
            for b in a..32 {
                assert_eq!(
                    sums.grundy(&(a, b)),
                    values[a as usize] + values[b as usize],
                    "{code}: {a} + {b}"
                );
            }
        }
        let cases: Vec<(String, u32)> = (0..32u32)
            .step_by(3)
            .map(|row| (format!("{};{code}", row_text(row, LEN)), row))
            .collect();
        check_solver("turning", Both(reference), &cases, 6);
    }
}

#[test]
fn spawning_heaps_have_the_values_cgsuite_and_winning_ways_publish() {
    let mut memo = GrundyMemo::new(Spawning);
    let mut sequence = |code: &str, upto: u32| -> Vec<u64> {
        (1..=upto)
            .map(|n| {
                let heap = Spawning::parse(&format!("{n};{code}")).expect("a heap");
                memo.grundy(&heap).value()
            })
            .collect()
    };
    // Winning Ways, ch. 14: Mock Turtles' coin n (from 1 here; WW counts a
    // dud coin 0) is the n-th odious number, with an odd number of 1 bits.
    let odious: Vec<u64> = (0u64..)
        .filter(|x| x.count_ones() % 2 == 1)
        .take(40)
        .collect();
    assert_eq!(sequence("1-3", 40), odious);
    // Ruler: the largest power of 2 dividing n. Twins: Nim, n - 1.
    let ruler: Vec<u64> = (1u64..=64).map(|n| 1 << n.trailing_zeros()).collect();
    assert_eq!(sequence("1+C", 64), ruler);
    let twins: Vec<u64> = (0u64..40).collect();
    assert_eq!(sequence("2", 40), twins);
    // Triplets: Mock Turtles two places on (WW, ch. 14).
    let mut triplets = vec![0, 0];
    triplets.extend(&odious[..38]);
    assert_eq!(sequence("3", 40), triplets);
    // CGSuite's test of game.heap.Spawning, heaps 1 to 20.
    for (code, published) in [
        (
            "1-9",
            &[
                1, 2, 4, 8, 16, 32, 64, 128, 256, 511, 512, 1024, 2048, 4096, 7711, 8192,
            ][..],
        ),
        (
            "1-3C(5)",
            &[1, 2, 4, 7, 8, 1, 2, 4, 7, 8, 1, 2, 4, 7, 8, 1, 2, 4, 7, 8],
        ),
        (
            "3C(5)",
            &[0, 0, 1, 2, 4, 0, 0, 1, 2, 4, 0, 0, 1, 2, 4, 0, 0, 1, 2, 4],
        ),
        (
            "1-5C",
            &[1, 2, 1, 4, 1, 2, 1, 4, 1, 2, 1, 4, 1, 2, 1, 4, 1, 2, 1, 4],
        ),
        (
            "3E",
            &[0, 0, 1, 0, 0, 1, 2, 2, 1, 0, 0, 1, 0, 0, 1, 2, 2, 1, 4, 4],
        ),
        (
            "4FS",
            &[0, 0, 0, 1, 0, 2, 1, 0, 2, 1, 0, 2, 1, 3, 2, 1, 3, 2, 4, 3],
        ),
        (
            "1+S",
            &[
                1, 2, 4, 3, 6, 7, 8, 16, 18, 25, 32, 11, 64, 31, 128, 10, 256, 5, 512, 28,
            ],
        ),
    ] {
        assert_eq!(
            sequence(code, published.len() as u32),
            published,
            "Spawning({code})"
        );
    }
    // CGSuite's documentation of game.strip.Turning: Turning("1-3")
    // ("htththtth") has nim value 29.
    let mut rows = GrundyMemo::new(Turning);
    let row = Turning::parse("htththtth;1-3").expect("a row");
    assert_eq!(rows.grundy(&row).value(), 29);
}

/// Mem from its rules, with no normal form: `(n, k)` to `(n - a, a)`,
/// `a ≥ max(k, 1)`.
#[derive(Clone)]
struct PlainMem;

impl ImpartialGame for PlainMem {
    type Position = (u64, u64);
    fn options(&self, &(n, k): &(u64, u64), out: &mut Vec<(u64, u64)>) {
        out.extend((1..=n).filter(|&a| a >= k).map(|a| (n - a, a)));
    }
}

#[test]
fn mem_agrees_with_the_game_tree_and_cgsuite() {
    let mut memo = GrundyMemo::new(Mem);
    let mut plain = GrundyMemo::new(PlainMem);
    let mut cases = Vec::new();
    for n in 0..=24u64 {
        for k in 0..=26u64 {
            let text = format!("{n},{k}");
            let position = Mem::parse(&text).expect("a pair");
            assert_eq!(memo.grundy(&position), plain.grundy(&(n, k)), "{text}");
            if n % 5 == 1 && k % 4 == 0 {
                cases.push((text, (n, k)));
            }
        }
    }
    check_solver("mem", Both(PlainMem), &cases, 12);
    // CGSuite's test of game.heap.Mem: (10, k) for k from 0 to 20.
    let row: Vec<u64> = (0..=20)
        .map(|k| {
            memo.grundy(&Mem::parse(&format!("10,{k}")).expect("a pair"))
                .value()
        })
        .collect();
    assert_eq!(
        row,
        [
            3, 3, 3, 3, 2, 2, 1, 1, 1, 1, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0
        ]
    );
}

#[test]
fn bad_positions_are_one_error_with_the_place() {
    let (mut rulesets, mut store) = (Rulesets::new(), GameStore::new());
    for (name, text, words) in [
        (
            "turning",
            "htth",
            "at character 5: expected ';' and the code",
        ),
        (
            "turning",
            "htx;1-3",
            "at character 3: expected 'h', 't' or ';', found 'x'",
        ),
        (
            "spawning",
            "1001;1-3",
            "at character 1: a heap has at most 1000 tokens",
        ),
        ("spawning", "40;1+", "more than"),
        ("mem", "301,0", "at character 1: n is at most 300"),
    ] {
        let error = rulesets
            .resolve(&mut store, name, text)
            .expect("a ruleset")
            .expect_err(text);
        assert!(error.contains(words), "{name}({text}): {error}");
    }
}
