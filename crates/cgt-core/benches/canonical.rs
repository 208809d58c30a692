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

criterion_group!(benches, domineering, sums);
criterion_main!(benches);
