//! The judge function at the judge's limit: one case of 10^6 heaps up to
//! 2^31 − 1.

use cgt_testkit::{Problem, Size};
use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use lasker_nim::problem::LaskerNim;
use std::hint::black_box;

fn judge_at_the_limit(c: &mut Criterion) {
    let input = LaskerNim::render(&LaskerNim::generate(1, Size::Max));
    let mut group = c.benchmark_group("lasker-nim");
    group.throughput(Throughput::Bytes(input.len() as u64));
    group.bench_function("solve, 10^6 heaps", |b| {
        let mut out = Vec::with_capacity(16);
        b.iter(|| {
            out.clear();
            lasker_nim::solve(black_box(input.as_bytes()), &mut out).expect("valid input");
            black_box(&out);
        });
    });
    group.finish();
}

criterion_group!(benches, judge_at_the_limit);
criterion_main!(benches);
