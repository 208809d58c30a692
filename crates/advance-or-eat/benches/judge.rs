//! The judge function at the limit: an 8 × 8 board, a piece on about 3
//! squares in 4; and the same board with the column values already known.

use advance_or_eat::problem::AdvanceOrEat;
use cgt_testkit::{Problem, Size};
use criterion::{Criterion, criterion_group, criterion_main};
use std::hint::black_box;

fn judge_at_the_limit(c: &mut Criterion) {
    let input = AdvanceOrEat::render(&AdvanceOrEat::generate(1, Size::Max));
    let mut group = c.benchmark_group("advance-or-eat");
    group.bench_function("solve, 8 x 8", |b| {
        let mut out = Vec::with_capacity(16);
        b.iter(|| {
            out.clear();
            advance_or_eat::solve(black_box(input.as_bytes()), &mut out).expect("valid input");
            black_box(&out);
        });
    });
    let board = advance_or_eat::parse(input.as_bytes()).expect("valid input");
    group.bench_function("winning move, 8 x 8", |b| {
        b.iter(|| black_box(advance_or_eat::winning_move(black_box(&board))));
    });
    group.finish();
}

criterion_group!(benches, judge_at_the_limit);
criterion_main!(benches);
