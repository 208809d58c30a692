//! Canonical forms: values of empty Domineering boards (every position
//! reachable, split into regions) and sums of many small games.

use cgt_core::canonical::GameStore;
use cgt_core::partizan::ValueMemo;
use criterion::{Criterion, criterion_group, criterion_main};
use std::hint::black_box;

#[path = "support/domineering_grid.rs"]
mod domineering_grid;
use domineering_grid::{Domineering, empty_board};

fn domineering(c: &mut Criterion) {
    for (width, height) in [(4, 4), (5, 4), (4, 5)] {
        c.bench_function(&format!("domineering {height}x{width} empty"), |b| {
            b.iter(|| {
                let mut store = GameStore::new();
                let mut memo = ValueMemo::new(Domineering { width, height });
                black_box(
                    memo.value(&mut store, &empty_board(width, height))
                        .expect("small"),
                )
            })
        });
    }
}

fn sums(c: &mut Criterion) {
    c.bench_function("sum of 200 switches and ups", |b| {
        b.iter(|| {
            let mut store = GameStore::new();
            let terms: Vec<_> = ["{3|-1}", "^", "{1/2|*}", "+-1", "{2|{1|0}}"]
                .iter()
                .map(|t| store.parse(t).expect("valid"))
                .collect();
            let mut total = store.zero();
            for k in 0..200 {
                total = store.add(total, terms[k % terms.len()]).expect("small");
            }
            black_box(total)
        })
    });
}

/// Canonical forms of games with many options: dominated options dropped,
/// reversible ones bypassed, every step a comparison (the comparison cache,
/// `remove_dominated`'s order). The options are games born by day 2, taken
/// by a fixed pseudo-random choice, up to 12 a side.
fn simplify(c: &mut Criterion) {
    c.bench_function("canonical forms of 2000 games of day-2 options", |b| {
        b.iter(|| {
            let mut store = GameStore::new();
            let day1: Vec<_> = ["0", "*", "1", "-1"]
                .iter()
                .map(|t| store.parse(t).expect("valid"))
                .collect();
            let mut day2 = Vec::new();
            for l in 0..16usize {
                for r in 0..16usize {
                    let pick = |mask: usize| -> Vec<_> {
                        (0..4)
                            .filter(|i| mask >> i & 1 == 1)
                            .map(|i| day1[i])
                            .collect()
                    };
                    day2.push(store.game(&pick(l), &pick(r)).expect("small"));
                }
            }
            day2.sort_unstable();
            day2.dedup();
            let mut seed = 0x2545_f491_4f6c_dd1du64;
            let mut next = move || {
                seed ^= seed << 13;
                seed ^= seed >> 7;
                seed ^= seed << 17;
                seed
            };
            let mut stored = 0;
            for _ in 0..2000 {
                let mut side = || -> Vec<_> {
                    let n = 1 + next() as usize % 12;
                    (0..n).map(|_| day2[next() as usize % day2.len()]).collect()
                };
                let (left, right) = (side(), side());
                let g = store.game(&left, &right).expect("small");
                stored += g.index();
            }
            black_box(stored)
        })
    });
}

criterion_group!(benches, domineering, sums, simplify);
criterion_main!(benches);
