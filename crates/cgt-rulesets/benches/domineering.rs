//! Canonical forms of empty Domineering boards, from nothing: a fresh memo
//! per iteration, so each one computes every region the board reaches.

use cgt_core::partizan::ValueMemo;
use cgt_rulesets::domineering::{Domineering, Grid};
use criterion::{Criterion, criterion_group, criterion_main};
use std::hint::black_box;

fn canonical_forms(c: &mut Criterion) {
    let mut group = c.benchmark_group("domineering canonical form");
    group.sample_size(10);
    for (rows, cols) in [(3, 3), (4, 4), (3, 6), (5, 4)] {
        let grid = Grid::empty(rows, cols).expect("a small board");
        group.bench_function(format!("empty {rows} x {cols}"), |b| {
            b.iter(|| {
                let mut memo = ValueMemo::new(Domineering);
                let value = memo.value(black_box(&grid)).expect("a value");
                black_box(memo.store().display(value).to_string().len())
            });
        });
    }
    group.finish();
}

criterion_group!(benches, canonical_forms);
criterion_main!(benches);
