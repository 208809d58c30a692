//! The judge function at the judge's limit: 10 rows of 1000 piles up to
//! 10^9.

use cgt_testkit::{Problem, Size};
use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use end_stones::problem::EndStones;
use std::hint::black_box;

fn judge_at_the_limit(c: &mut Criterion) {
    let input = EndStones::render(&EndStones::generate(1, Size::Max));
    let mut group = c.benchmark_group("end-stones");
    group.throughput(Throughput::Bytes(input.len() as u64));
    group.bench_function("solve, T = 10 rows of n = 1000", |b| {
        let mut out = Vec::with_capacity(32);
        b.iter(|| {
            out.clear();
            end_stones::solve(black_box(input.as_bytes()), &mut out).expect("valid input");
            black_box(&out);
        });
    });
    group.finish();
}

criterion_group!(benches, judge_at_the_limit);
criterion_main!(benches);
