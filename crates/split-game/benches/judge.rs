//! The judge function at the judge's limits: 10 cases of 21 bottles of up to
//! 10^4 beans; and one case of 1000 bottles, beyond them.

use cgt_testkit::{Problem, Size};
use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use split_game::problem::SplitGame;
use std::hint::black_box;

fn judge(c: &mut Criterion) {
    let mut group = c.benchmark_group("split-game");
    for (name, size) in [
        ("solve, 10 cases of 21 bottles", Size::Max),
        ("solve, 1000 bottles", Size::N(1000)),
    ] {
        let input = SplitGame::render(&SplitGame::generate(1, size));
        group.throughput(Throughput::Bytes(input.len() as u64));
        group.bench_function(name, |b| {
            let mut out = Vec::with_capacity(256);
            b.iter(|| {
                out.clear();
                split_game::solve(black_box(input.as_bytes()), &mut out).expect("valid input");
                black_box(&out);
            });
        });
    }
    group.finish();
}

criterion_group!(benches, judge);
criterion_main!(benches);
