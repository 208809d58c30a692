//! The judge function at the judge's limit: 10^6 pairs of random 64-bit
//! numbers (about 40 MB).

use cgt_testkit::{Problem, Size};
use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use nim_product::problem::NimProduct;
use std::hint::black_box;

fn judge_at_the_limit(c: &mut Criterion) {
    let input = NimProduct::render(&NimProduct::generate(1, Size::Max));
    let mut group = c.benchmark_group("nim-product");
    group.throughput(Throughput::Bytes(input.len() as u64));
    group.sample_size(10);
    group.bench_function("solve, 10^6 pairs", |b| {
        let mut out = Vec::with_capacity(21_000_000);
        b.iter(|| {
            out.clear();
            nim_product::solve(black_box(input.as_bytes()), &mut out).expect("valid input");
            black_box(&out);
        });
    });
    group.finish();
}

criterion_group!(benches, judge_at_the_limit);
criterion_main!(benches);
