//! What the rulesets' tests share: a game with its moves only (no split),
//! the sum of two positions, and the check of values against a search of
//! the rules. Each test file uses part of it.
#![allow(dead_code)]

use cgt_core::canonical::GameStore;
use cgt_core::outcome::Side;
use cgt_core::partizan::{OutcomeMemo, PartizanGame, ValueMemo};

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

/// Checks every position's value against the search of `reference` (the
/// same game written from the rules alone; `convert` maps a position to
/// it) and against the canonical form without the split, and the sum of
/// every pair of the first `pairs` positions against the search of the sum.
pub fn check_against<G, R>(
    game: G,
    reference: R,
    convert: impl Fn(&G::Position) -> R::Position,
    positions: &[G::Position],
    pairs: usize,
) where
    G: PartizanGame + Clone,
    R: PartizanGame + Clone,
    G::Position: std::fmt::Debug,
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
    let mut sums = OutcomeMemo::new(Sum(reference));
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
}
