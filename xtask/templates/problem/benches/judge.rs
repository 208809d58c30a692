//! The judge function at the limit: one case of 10^5 heaps.

use cgt_testkit::{Problem, Size};
use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use std::hint::black_box;
use {{ident}}::problem::{{Type}};

fn judge_at_the_limit(c: &mut Criterion) {
    let input = {{Type}}::render(&{{Type}}::generate(1, Size::Max));
    let mut group = c.benchmark_group("{{name}}");
    // Judge-size inputs take milliseconds each: ten samples are enough.
    group.sample_size(10);
    group.throughput(Throughput::Bytes(input.len() as u64));
    group.bench_function("solve, 10^5 heaps", |b| {
        let mut out = Vec::with_capacity(16);
        b.iter(|| {
            out.clear();
            {{ident}}::solve(black_box(input.as_bytes()), &mut out).expect("valid input");
            black_box(&out);
        });
    });
    group.finish();
}

criterion_group!(benches, judge_at_the_limit);
criterion_main!(benches);
