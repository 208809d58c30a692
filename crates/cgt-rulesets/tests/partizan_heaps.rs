//! The partizan heap games (Partizan Subtraction, Splittles and
//! Take-and-Break) and Turn-and-Eatcake against their rules: each position
//! is also played by a plain game written here from the rules alone (heaps
//! as a list, nothing split, the codes decoded by hand), with the shared
//! checks of `common::check_against` (the outcome of every value, the
//! value with and without the split, sums of pairs, the solver); then the
//! values CGSuite publishes.

use cgt_core::canonical::GameStore;
use cgt_core::outcome::Side;
use cgt_core::partizan::{PartizanGame, ValueMemo};
use cgt_rulesets::Rulesets;
use cgt_rulesets::cake::Cakes;
use cgt_rulesets::partizan_heaps::{Heaps, PartizanHeaps};
use cgt_rulesets::turn_and_eatcake::TurnAndEatcake;

mod common;
use common::check_against;

/// One player's heap rule from the rules alone: for each number of tokens
/// taken, the numbers of heaps the rest may be left as (0, 1 or 2), and
/// whether two heaps must differ (`!`).
#[derive(Clone, Debug)]
struct Rule {
    /// `leave[j]`: bit `i` set if taking `j` may leave `i` heaps.
    leave: Vec<u8>,
    /// From `leave.len()` on, every `j` is as `tail`.
    tail: u8,
    unequal: bool,
}

impl Rule {
    /// Take a number in `set` (or, `allbut`, one not in it), leaving at
    /// most one heap (`bits` 3) or two (`bits` 7).
    fn set(set: &[usize], bits: u8, allbut: bool) -> Rule {
        let top = set.iter().copied().max().unwrap_or(0);
        let leave = (0..=top)
            .map(|j| {
                let listed = set.contains(&j);
                if j > 0 && listed != allbut { bits } else { 0 }
            })
            .collect();
        Rule {
            leave,
            tail: if allbut { bits } else { 0 },
            unequal: false,
        }
    }

    /// An octal code's digits `d0, d1, …` (`d0` only 4 or 0).
    fn octal(digits: &[u8], unequal: bool) -> Rule {
        Rule {
            leave: digits.to_vec(),
            tail: 0,
            unequal,
        }
    }

    fn moves(&self, h: usize, out: &mut Vec<Vec<usize>>) {
        for j in 0..=h {
            let bits = self.leave.get(j).copied().unwrap_or(self.tail);
            let rest = h - j;
            if bits & 1 != 0 && rest == 0 {
                out.push(vec![]);
            }
            if bits & 2 != 0 && rest >= 1 && j > 0 {
                out.push(vec![rest]);
            }
            if bits & 4 != 0 {
                for a in 1..rest {
                    let b = rest - a;
                    if a <= b && !(self.unequal && a == b) {
                        out.push(vec![a, b]);
                    }
                }
            }
        }
    }
}

/// A partizan heap game from its two rules: heaps as a sorted list.
#[derive(Clone)]
struct PlainHeaps(Rule, Rule);

impl PartizanGame for PlainHeaps {
    type Position = Vec<usize>;
    fn options(&self, heaps: &Vec<usize>, side: Side, out: &mut Vec<Vec<usize>>) {
        let rule = match side {
            Side::Left => &self.0,
            Side::Right => &self.1,
        };
        let mut moves = Vec::new();
        for k in 0..heaps.len() {
            moves.clear();
            rule.moves(heaps[k], &mut moves);
            for m in &moves {
                let mut next = heaps.clone();
                next.remove(k);
                next.extend(m);
                next.sort_unstable();
                out.push(next);
            }
        }
    }
}

fn plain(heaps: &Heaps) -> Vec<usize> {
    heaps.sizes().iter().map(|&n| n as usize).collect()
}

/// Heaps of 1 to `most` tokens, then pairs of them: the positions under
/// `rules`, read by `parse`.
fn positions(
    rules: &str,
    most: usize,
    parse: fn(&str) -> Result<Heaps, cgt_rulesets::ParseError>,
) -> Vec<Heaps> {
    let mut texts: Vec<String> = (0..=most).map(|n| format!("{n};{rules}")).collect();
    for a in 1..=most / 2 {
        texts.push(format!("{a},{};{rules}", most - a));
    }
    texts
        .iter()
        .map(|t| parse(t).unwrap_or_else(|e| panic!("{t}: {e}")))
        .collect()
}

#[test]
fn partizan_subtraction_agrees_with_the_game_tree() {
    for (sets, left, right, allbut, most) in [
        ("[1,3],[2,3]", &[1, 3][..], &[2, 3][..], false, 12),
        ("[1,2],[1,3]", &[1, 2], &[1, 3], false, 12),
        ("[2,4],[1]", &[2, 4], &[1], false, 12),
        ("[1],[2],allbut", &[1], &[2], true, 9),
        ("[],[1]", &[], &[1], false, 6),
    ] {
        let game = PlainHeaps(Rule::set(left, 3, allbut), Rule::set(right, 3, allbut));
        let cases = positions(sets, most, PartizanHeaps::parse_subtraction);
        check_against(
            "partizan_subtraction",
            PartizanHeaps,
            game,
            plain,
            &cases,
            10,
        );
    }
}

#[test]
fn partizan_splittles_agrees_with_the_game_tree() {
    for (sets, left, right, allbut, most) in [
        ("[1,2],[2,3]", &[1, 2][..], &[2, 3][..], false, 8),
        ("[1],[2]", &[1], &[2], false, 8),
        ("[2],[3],allbut", &[2], &[3], true, 6),
    ] {
        let game = PlainHeaps(Rule::set(left, 7, allbut), Rule::set(right, 7, allbut));
        let cases = positions(sets, most, PartizanHeaps::parse_splittles);
        check_against("partizan_splittles", PartizanHeaps, game, plain, &cases, 8);
    }
}

#[test]
fn partizan_take_and_break_agrees_with_the_game_tree() {
    // Each code with its digits decoded by hand.
    for (codes, left, right, most) in [
        // Kayles against Dawson's Kayles.
        (
            "0.77,0.07",
            Rule::octal(&[0, 7, 7], false),
            Rule::octal(&[0, 0, 7], false),
            9,
        ),
        // Grundy's game (split into two unequal heaps) against taking 1
        // or 2 tokens from the end (0.33).
        (
            "4!.0,0.33",
            Rule::octal(&[4], true),
            Rule::octal(&[0, 3, 3], false),
            9,
        ),
        // Cutcake's rule (split in two) against Eatcake's (0.7), and a
        // repeated digit: 0.[3] is Nim.
        (
            "4.0,0.[3]",
            Rule::octal(&[4], false),
            Rule {
                leave: vec![0],
                tail: 3,
                unequal: false,
            },
            8,
        ),
        (
            "0.6,0.{1,2}",
            Rule::octal(&[0, 6], false),
            Rule::octal(&[0, 6], false),
            9,
        ),
    ] {
        let game = PlainHeaps(left, right);
        let cases = positions(codes, most, PartizanHeaps::parse_take_and_break);
        check_against(
            "partizan_take_and_break",
            PartizanHeaps,
            game,
            plain,
            &cases,
            8,
        );
    }
}

/// Turn-and-Eatcake from its rules: a cake `(m, n)` is turned to `(n, m)`,
/// then Left eats a column (of the turned cake's `m` columns) and Right a
/// row; cakes as a sorted list, nothing split.
#[derive(Clone)]
struct PlainTurnAndEat;

impl PartizanGame for PlainTurnAndEat {
    type Position = Vec<(u32, u32)>;
    fn options(&self, cakes: &Self::Position, side: Side, out: &mut Vec<Self::Position>) {
        for k in 0..cakes.len() {
            let (rows, cols) = cakes[k];
            // Turned: `cols` rows and `rows` columns.
            let (m, n) = (cols, rows);
            let eaten = match side {
                Side::Left => n,
                Side::Right => m,
            };
            for at in 0..eaten {
                let mut next = cakes.clone();
                next.remove(k);
                for piece in [at, eaten - 1 - at] {
                    if piece > 0 {
                        next.push(match side {
                            Side::Left => (m, piece),
                            Side::Right => (piece, n),
                        });
                    }
                }
                next.sort_unstable();
                out.push(next);
            }
        }
    }
}

fn plain_cakes(cakes: &Cakes) -> Vec<(u32, u32)> {
    let mut out = Vec::new();
    for &(m, n, copies) in cakes.pieces() {
        out.extend(std::iter::repeat_n((m, n), copies as usize));
    }
    out
}

#[test]
fn turn_and_eatcake_agrees_with_the_game_tree() {
    let mut texts = Vec::new();
    for m in 0..=4 {
        for n in 0..=4 {
            texts.push(format!("{m},{n}"));
        }
    }
    texts.extend(["2,3 + 3,2", "2*(1,2)", "5,2", "2,5"].map(String::from));
    let cases: Vec<Cakes> = texts
        .iter()
        .map(|t| TurnAndEatcake::parse(t).expect(t))
        .collect();
    check_against(
        "turn_and_eatcake",
        TurnAndEatcake,
        PlainTurnAndEat,
        plain_cakes,
        &cases,
        12,
    );
}

/// The value of `name(position)` through the registry, as displayed.
fn value(rulesets: &mut Rulesets, store: &mut GameStore, name: &str, position: &str) -> String {
    let v = rulesets
        .resolve(store, name, position)
        .expect("a ruleset")
        .unwrap_or_else(|e| panic!("{name}({position}): {e}"));
    store.display(v)
}

#[test]
fn values_cgsuite_publishes() {
    let (mut rulesets, mut store) = (Rulesets::new(), GameStore::new());
    // CGSuite's tutorial "CGScript: PartizanSubtraction" and its test of
    // game.heap.PartizanSubtraction([1,3],[2,3])(6).CanonicalForm.
    let expected = store
        .parse("{1|1,{1|0}||0,{1|0}|0|||0,{1|0}|0}")
        .expect("CGSuite's form");
    let six = rulesets
        .resolve(&mut store, "partizan_subtraction", "6;[1,3],[2,3]")
        .expect("a ruleset")
        .expect("a value");
    assert_eq!(six, expected, "{}", store.display(six));
    // CGSuite's test of TurnAndEatcake (8, n), n = 0..8:
    // [0, v, 0, v, 0, v<3>, 0, v, 0] (v<3> is down-third, {0|^<2>*}… as
    // CGSuite reads it).
    let row: Vec<_> = (0..=8)
        .map(|n| {
            rulesets
                .resolve(&mut store, "turn_and_eatcake", &format!("8,{n}"))
                .expect("a ruleset")
                .expect("a value")
        })
        .collect();
    let published: Vec<_> = ["0", "v", "0", "v", "0", "v<3>", "0", "v", "0"]
        .iter()
        .map(|t| store.parse(t).unwrap_or_else(|e| panic!("{t}: {e}")))
        .collect();
    assert_eq!(row, published);
    // The same game by its rules written as codes: Subtraction([1,3]) is
    // the code 0.303, Subtraction([2,3]) is 0.033.
    assert_eq!(
        value(
            &mut rulesets,
            &mut store,
            "partizan_take_and_break",
            "6;0.303,0.033"
        ),
        store.display(expected)
    );
}

#[test]
fn bad_positions_are_one_error_with_the_place() {
    let (mut rulesets, mut store) = (Rulesets::new(), GameStore::new());
    for (name, text, words) in [
        (
            "partizan_subtraction",
            "6,[1,3],[2,3]",
            "at character 14: expected ';' and the rules, found the end",
        ),
        (
            "partizan_splittles",
            "1001;[1],[2]",
            "at character 1: a heap has at most 1000 tokens",
        ),
        (
            "partizan_take_and_break",
            "4;0.77,0.7x",
            "at character 11: expected a digit",
        ),
        (
            "turn_and_eatcake",
            "3,17",
            "at character 3: the number of columns is at most 16",
        ),
    ] {
        let error = rulesets
            .resolve(&mut store, name, text)
            .expect("a ruleset")
            .expect_err(text);
        assert!(error.contains(words), "{name}({text}): {error}");
    }
    let mut memo = ValueMemo::new(PartizanHeaps);
    let heaps = PartizanHeaps::parse_subtraction("0;[1],[1]").expect("no heap");
    let v = memo.value(&mut store, &heaps).expect("0");
    assert_eq!(store.display(v), "0");
}
