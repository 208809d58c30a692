//! The judge function on 10^6 piles up to 10^18 (19 MB).

use cgt_testkit::{Problem, Size};
use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use fibonacci_nim::problem::FibonacciNim;
use std::hint::black_box;

fn judge_at_the_limit(c: &mut Criterion) {
    let input = FibonacciNim::render(&FibonacciNim::generate(1, Size::Max));
    let mut group = c.benchmark_group("fibonacci-nim");
    group.throughput(Throughput::Bytes(input.len() as u64));
    group.sample_size(10);
    group.bench_function("solve, 10^6 piles up to 10^18", |b| {
        let mut out = Vec::with_capacity(11_000_000);
        b.iter(|| {
            out.clear();
            fibonacci_nim::solve(black_box(input.as_bytes()), &mut out).expect("valid input");
            black_box(&out);
        });
    });
    group.finish();
}

criterion_group!(benches, judge_at_the_limit);
criterion_main!(benches);
