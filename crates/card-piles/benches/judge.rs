//! The judge function at the judge's limits: 100 cases of two piles of 20
//! cards up to 10^4.

use card_piles::problem::CardPiles;
use cgt_testkit::{Problem, Size};
use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use std::hint::black_box;

fn judge_at_the_limit(c: &mut Criterion) {
    let input = CardPiles::render(&CardPiles::generate(1, Size::Max));
    let mut group = c.benchmark_group("card-piles");
    group.throughput(Throughput::Bytes(input.len() as u64));
    group.bench_function("solve, T = 100, N = 20", |b| {
        let mut out = Vec::with_capacity(1024);
        b.iter(|| {
            out.clear();
            card_piles::solve(black_box(input.as_bytes()), &mut out).expect("valid input");
            black_box(&out);
        });
    });
    group.finish();
}

criterion_group!(benches, judge_at_the_limit);
criterion_main!(benches);
