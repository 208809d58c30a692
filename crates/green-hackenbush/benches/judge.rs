//! The judge function at the limit: 10 cases of 99 trees on 99 vertices,
//! half of them with 499 edges.

use cgt_testkit::{Problem, Size};
use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use green_hackenbush::problem::GreenHackenbush;
use std::hint::black_box;

fn judge_at_the_limit(c: &mut Criterion) {
    let input = GreenHackenbush::render(&GreenHackenbush::generate(1, Size::Max));
    let mut group = c.benchmark_group("green-hackenbush");
    group.throughput(Throughput::Bytes(input.len() as u64));
    group.bench_function("solve, 10 cases of 99 trees", |b| {
        let mut out = Vec::with_capacity(1024);
        b.iter(|| {
            out.clear();
            green_hackenbush::solve(black_box(input.as_bytes()), &mut out).expect("valid input");
            black_box(&out);
        });
    });
    group.finish();
}

criterion_group!(benches, judge_at_the_limit);
criterion_main!(benches);
