//! The judge function at the judge's limit: a random tree and a path (vertex
//! 1 at one end, depth 10^5 − 1) on 10^5 vertices.

use cgt_testkit::{Problem, Size};
use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use std::hint::black_box;
use tree_hackenbush::Tree;
use tree_hackenbush::problem::TreeHackenbush;

fn path(n: u32) -> String {
    let edges: Vec<(u32, u32)> = (1..n).map(|v| (v, v + 1)).collect();
    tree_hackenbush::render(&Tree::new(n as usize, &edges).expect("a path"))
}

fn judge_at_the_limit(c: &mut Criterion) {
    let mut group = c.benchmark_group("tree-hackenbush");
    let inputs = [
        (
            "solve, random tree of 10^5 vertices",
            TreeHackenbush::render(&TreeHackenbush::generate(1, Size::Max)),
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
