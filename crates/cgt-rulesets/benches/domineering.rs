//! Canonical forms of empty Domineering boards, from nothing: a fresh memo
//! per iteration, so each one computes every region the board reaches.
//! Both 5 × 4 and 4 × 5: the memo keeps one board of each transposed pair,
//! and which one it meets first differs.

use cgt_core::canonical::GameStore;
use cgt_core::partizan::ValueMemo;
use cgt_rulesets::domineering::{Domineering, Grid};
use criterion::{Criterion, criterion_group, criterion_main};
use std::hint::black_box;

fn canonical_forms(c: &mut Criterion) {
    let mut group = c.benchmark_group("domineering canonical form");
    group.sample_size(10);
    for (rows, cols) in [(3, 3), (4, 4), (3, 6), (5, 4), (4, 5), (5, 5)] {
        let grid = Grid::empty(rows, cols).expect("a small board");
        group.bench_function(format!("empty {rows} x {cols}"), |b| {
            b.iter(|| {
                let mut store = GameStore::new();
                let mut memo = ValueMemo::new(Domineering);
                let value = memo.value(&mut store, black_box(&grid)).expect("a value");
                black_box(store.display(value).len())
            });
        });
    }
    group.finish();
}

criterion_group!(benches, canonical_forms);
criterion_main!(benches);
