//! The judge function at the judge's limit: a random triangulation of a
//! polygon with 50000 vertices, the black triangle deep inside.

use cgt_testkit::{Problem, Size};
use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use polygon_war::problem::PolygonWar;
use std::hint::black_box;

fn judge_at_the_limit(c: &mut Criterion) {
    let input = PolygonWar::render(&PolygonWar::generate(1, Size::Max));
    let mut group = c.benchmark_group("polygon-war");
    group.throughput(Throughput::Bytes(input.len() as u64));
    group.bench_function("solve, n = 50000", |b| {
        let mut out = Vec::with_capacity(16);
        b.iter(|| {
            out.clear();
            polygon_war::solve(black_box(input.as_bytes()), &mut out).expect("valid input");
            black_box(&out);
        });
    });
    group.finish();
}

criterion_group!(benches, judge_at_the_limit);
criterion_main!(benches);
