//! The judge function at the judge's limits: 100 cases of 1000 games with
//! piles up to 1000.

use cgt_testkit::{Problem, Size};
use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use simultaneous_euclid::problem::SimultaneousEuclid;
use std::hint::black_box;

fn judge_at_the_limit(c: &mut Criterion) {
    let input = SimultaneousEuclid::render(&SimultaneousEuclid::generate(1, Size::Max));
    let mut group = c.benchmark_group("simultaneous-euclid");
    group.throughput(Throughput::Bytes(input.len() as u64));
    group.bench_function("solve, 100 cases of 1000 games", |b| {
        let mut out = Vec::with_capacity(1024);
        b.iter(|| {
            out.clear();
            simultaneous_euclid::solve(black_box(input.as_bytes()), &mut out).expect("valid input");
            black_box(&out);
        });
    });
    group.finish();
}

criterion_group!(benches, judge_at_the_limit);
criterion_main!(benches);
