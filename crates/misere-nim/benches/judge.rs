//! The judge function at the judge's limits: 474 cases of 47 colours of up
//! to 4747 M&Ms.

use cgt_testkit::{Problem, Size};
use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use misere_nim::problem::MisereNim;
use std::hint::black_box;

fn judge_at_the_limit(c: &mut Criterion) {
    let input = MisereNim::render(&MisereNim::generate(1, Size::Max));
    let mut group = c.benchmark_group("misere-nim");
    group.throughput(Throughput::Bytes(input.len() as u64));
    group.bench_function("solve, 474 cases of 47 colours", |b| {
        let mut out = Vec::with_capacity(4096);
        b.iter(|| {
            out.clear();
            misere_nim::solve(black_box(input.as_bytes()), &mut out).expect("valid input");
            black_box(&out);
        });
    });
    group.finish();
}

criterion_group!(benches, judge_at_the_limit);
criterion_main!(benches);
