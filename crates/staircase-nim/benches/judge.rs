//! The judge function at the judge's limits: 20 cases of 1000 chessmen on
//! grids up to 10000, and one case of 10^6 chessmen.

use cgt_testkit::{Problem, Size};
use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use staircase_nim::problem::StaircaseNim;
use std::hint::black_box;

fn judge_at_the_limit(c: &mut Criterion) {
    let mut group = c.benchmark_group("staircase-nim");
    for (name, size) in [
        ("solve, 20 cases of 1000 chessmen", Size::Max),
        ("solve, one case of 10^6 chessmen", Size::N(1_000_000)),
    ] {
        let input = StaircaseNim::render(&StaircaseNim::generate(1, size));
        group.throughput(Throughput::Bytes(input.len() as u64));
        group.bench_function(name, |b| {
            let mut out = Vec::with_capacity(400);
            b.iter(|| {
                out.clear();
                staircase_nim::solve(black_box(input.as_bytes()), &mut out).expect("valid input");
                black_box(&out);
            });
        });
    }
    group.finish();
}

criterion_group!(benches, judge_at_the_limit);
criterion_main!(benches);
