//! The judge function at the limit: 2·10^5 words that link up.

use cgt_testkit::{Problem, Size};
use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use std::hint::black_box;
use word_chain::problem::WordChain;

fn judge_at_the_limit(c: &mut Criterion) {
    let input = WordChain::render(&WordChain::generate(1, Size::Max));
    let mut group = c.benchmark_group("word-chain");
    group.throughput(Throughput::Bytes(input.len() as u64));
    group.bench_function("solve, 2*10^5 words", |b| {
        let mut out = Vec::with_capacity(2_000_000);
        b.iter(|| {
            out.clear();
            word_chain::solve(black_box(input.as_bytes()), &mut out).expect("valid input");
            black_box(&out);
        });
    });
    group.finish();
}

criterion_group!(benches, judge_at_the_limit);
criterion_main!(benches);
