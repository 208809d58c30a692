//! The judge function at the judge's limit: a random tree and a path (vertex
//! 1 at one end, depth 10^5 − 1) on 10^5 vertices.

use cgt_core::generate::Size;
use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use std::fmt::Write as _;
use std::hint::black_box;

fn path(n: u32) -> String {
    let mut input = format!("{n}\n");
    for v in 1..n {
        writeln!(input, "{v} {}", v + 1).expect("String write");
    }
    input
}

fn judge_at_the_limit(c: &mut Criterion) {
    let mut group = c.benchmark_group("tree-hackenbush");
    let inputs = [
        (
            "solve, random tree of 10^5 vertices",
            tree_hackenbush::generate(1, Size::Max),
        ),
        ("solve, path of 10^5 vertices", path(100_000)),
    ];
    for (name, input) in inputs {
        group.throughput(Throughput::Bytes(input.len() as u64));
        group.bench_function(name, |b| {
            let mut out = Vec::with_capacity(16);
            b.iter(|| {
                out.clear();
                tree_hackenbush::solve(black_box(input.as_bytes()), &mut out).expect("valid input");
                black_box(&out);
            });
        });
    }
    group.finish();
}

criterion_group!(benches, judge_at_the_limit);
criterion_main!(benches);
