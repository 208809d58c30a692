//! The judge function at the judge's limits: the committed `max.in`
//! (`Size::Max`, one case of 10^5 piles) and 10^6 piles in ten cases of
//! 10^5 (sum of n = 10^6, `Size::N(1_000_000)`).

use cgt_testkit::{Problem, Size};
use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use parity_nim::problem::ParityNim;
use std::hint::black_box;

fn judge_at_the_limit(c: &mut Criterion) {
    let mut group = c.benchmark_group("parity-nim");
    for (name, size) in [
        ("solve, 10^5 piles (Size::Max, max.in)", Size::Max),
        ("solve, 10^6 piles (10 x 10^5)", Size::N(1_000_000)),
    ] {
        let input = ParityNim::render(&ParityNim::generate(1, size));
        group.throughput(Throughput::Bytes(input.len() as u64));
        group.bench_function(name, |b| {
            let mut out = Vec::with_capacity(64);
            b.iter(|| {
                out.clear();
                parity_nim::solve(black_box(input.as_bytes()), &mut out).expect("valid input");
                black_box(&out);
            });
        });
    }
    group.finish();
}

criterion_group!(benches, judge_at_the_limit);
criterion_main!(benches);
