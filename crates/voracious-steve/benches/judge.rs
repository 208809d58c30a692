//! The judge function at the judge's limit: every pair 1 ≤ m ≤ n ≤ 100
//! (5050 cases) in one input, and one case at the crate's largest n.

use cgt_testkit::{Problem, Size};
use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use std::hint::black_box;
use voracious_steve::problem::VoraciousSteve;

fn judge_at_the_limit(c: &mut Criterion) {
    let input = VoraciousSteve::render(&VoraciousSteve::generate(1, Size::Max));
    let mut group = c.benchmark_group("voracious-steve");
    group.throughput(Throughput::Elements(5050));
    group.bench_function("solve, all 5050 pairs up to n = 100", |b| {
        let mut out = Vec::with_capacity(5050 * 4);
        b.iter(|| {
            out.clear();
            voracious_steve::solve(black_box(input.as_bytes()), &mut out).expect("valid input");
            black_box(&out);
        });
    });
    group.finish();
    let largest = format!("{} 2\n", voracious_steve::MAX_N);
    c.bench_function("voracious-steve/solve, one case at the largest n", |b| {
        let mut out = Vec::new();
        b.iter(|| {
            out.clear();
            voracious_steve::solve(black_box(largest.as_bytes()), &mut out).expect("valid");
            black_box(&out);
        });
    });
}

criterion_group!(benches, judge_at_the_limit);
criterion_main!(benches);
