//! What the rulesets' tests share: a game with its moves only (no split),
//! the sum of two positions, the check of values against a search of the
//! rules, the check of the error lines of bad positions, and Wythoff's
//! published P-positions. Each test file uses part of it.
#![allow(dead_code)]

use cgt_core::canonical::GameStore;
use cgt_core::outcome::Side;
use cgt_core::partizan::{OutcomeMemo, PartizanGame, ValueMemo};
use cgt_rulesets::Rulesets;
use cgt_rulesets::solve::Solver;

/// The game `G` with its moves only: no split into components.
pub struct MovesOnly<G>(pub G);

impl<G: PartizanGame> PartizanGame for MovesOnly<G> {
    type Position = G::Position;
    fn options(&self, p: &G::Position, side: Side, out: &mut Vec<G::Position>) {
        self.0.options(p, side, out);
    }
}

/// Two positions of `G` side by side: a move is a move in either.
pub struct Sum<G>(pub G);

impl<G: PartizanGame> PartizanGame for Sum<G> {
    type Position = (G::Position, G::Position);
    fn options(&self, (a, b): &Self::Position, side: Side, out: &mut Vec<Self::Position>) {
        let mut moves = Vec::new();
        self.0.options(a, side, &mut moves);
        out.extend(moves.drain(..).map(|a2| (a2, b.clone())));
        self.0.options(b, side, &mut moves);
        out.extend(moves.drain(..).map(|b2| (a.clone(), b2)));
    }
}

/// Wythoff 1907: the first P-positions `(⌊nφ⌋, ⌊nφ²⌋)` of Wythoff's game
/// (and of Wythoff's Queen), typed in as published.
pub const WYTHOFF_P_POSITIONS: [(u32, u32); 11] = [
    (0, 0),
    (1, 2),
    (3, 5),
    (4, 7),
    (6, 10),
    (8, 13),
    (9, 15),
    (11, 18),
    (12, 20),
    (14, 23),
    (16, 26),
];

/// Checks that the registry refuses each `(name, position, message)`
/// with exactly that error line.
pub fn check_refusals(cases: &[(&str, &str, &str)]) {
    let mut store = GameStore::new();
    let mut rulesets = Rulesets::new();
    for &(name, text, message) in cases {
        let error = rulesets
            .resolve(&mut store, name, text)
            .expect("a ruleset")
            .expect_err(text);
        assert_eq!(error, message, "{name}({text})");
    }
}

/// How many positions [`check_solver`] sums in pairs at most.
const SOLVER_PAIRS: usize = 30;

/// Checks `cgt solve` (the [`Solver`]) on the ruleset `name`: who wins
/// each position (`cases`: its text and the reference's position) with
/// each player first, and each sum of two of the first few, against the
/// search of `reference`; with every region searched (budget 0) and with
/// the small ones valued (budget 4), and that a winning move it gives wins.
pub fn check_solver<R>(name: &str, reference: R, cases: &[(String, R::Position)], pairs: usize)
where
    R: PartizanGame + Clone,
{
    let mut search = OutcomeMemo::new(reference.clone());
    let mut sums = OutcomeMemo::new(Sum(reference));
    for budget in [0, 4] {
        let mut store = GameStore::new();
        let mut solver = Solver::with_budget(budget);
        let mut ask = |expr: &str, side: Side, expected: bool| {
            let answer = solver
                .solve(&mut store, expr, side)
                .expect("a sum that reads");
            assert_eq!(
                answer.winner == side,
                expected,
                "{expr}, {side:?} first, budget {budget}"
            );
            if let Some(winning) = answer.winning_move {
                // The move leaves a position the opponent loses.
                let after = expr.replacen(&winning.from, &winning.to, 1);
                let reply = solver
                    .solve(&mut store, &after, side.opponent())
                    .expect("reads");
                assert_eq!(reply.winner, side, "{expr}: {} loses", winning.to);
            }
        };
        for (text, position) in cases {
            for side in [Side::Left, Side::Right] {
                ask(
                    &format!("{name}({text})"),
                    side,
                    search.mover_wins(position, side),
                );
            }
        }
        let n = pairs.min(cases.len()).min(SOLVER_PAIRS);
        for (i, (a, p)) in cases[..n].iter().enumerate() {
            for (b, q) in &cases[i..n] {
                for side in [Side::Left, Side::Right] {
                    let expected = sums.mover_wins(&(p.clone(), q.clone()), side);
                    ask(&format!("{name}({a}) + {name}({b})"), side, expected);
                }
            }
        }
    }
}

/// Checks every position's value against the search of `reference` (the
/// same game written from the rules alone; `convert` maps a position to
/// it) and against the canonical form without the split, and the sum of
/// every pair of the first `pairs` positions against the search of the sum;
/// then the same questions through the solver of the ruleset `name`
/// ([`check_solver`]).
pub fn check_against<G, R>(
    name: &str,
    game: G,
    reference: R,
    convert: impl Fn(&G::Position) -> R::Position,
    positions: &[G::Position],
    pairs: usize,
) where
    G: PartizanGame + Clone,
    R: PartizanGame + Clone,
    G::Position: std::fmt::Debug + std::fmt::Display,
{
    assert!(!positions.is_empty());
    // Both memos build in one store: the same canonical form is one id.
    let mut store = GameStore::new();
    let mut values = ValueMemo::new(game.clone());
    let mut plain = ValueMemo::new(MovesOnly(game));
    let mut search = OutcomeMemo::new(reference.clone());
    let mut ids = Vec::with_capacity(positions.len());
    for p in positions {
        let v = values.value(&mut store, p).expect("small values");
        assert_eq!(
            store.outcome(v),
            search.outcome(&convert(p)),
            "outcome of {p:?} = {}",
            store.display(v)
        );
        let w = plain.value(&mut store, p).expect("small values");
        assert_eq!(v, w, "value of {p:?} with and without the split");
        ids.push(v);
    }
    let mut sums = OutcomeMemo::new(Sum(reference.clone()));
    let n = pairs.min(positions.len());
    for i in 0..n {
        for j in i..n {
            let sum = store.add(ids[i], ids[j]).expect("small values");
            let expected = sums.outcome(&(convert(&positions[i]), convert(&positions[j])));
            assert_eq!(
                store.outcome(sum),
                expected,
                "{:?} + {:?} = {}",
                positions[i],
                positions[j],
                store.display(sum)
            );
        }
    }
    let cases: Vec<_> = positions
        .iter()
        .map(|p| (p.to_string(), convert(p)))
        .collect();
    check_solver(name, reference, &cases, pairs);
}
