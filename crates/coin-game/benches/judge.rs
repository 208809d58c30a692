//! The judge function at the judge's limit: one row of 2000 coins up to 10^5.

use cgt_testkit::{Problem, Size};
use coin_game::problem::CoinGame;
use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use std::hint::black_box;

fn judge_at_the_limit(c: &mut Criterion) {
    let input = CoinGame::render(&CoinGame::generate(1, Size::Max));
    let mut group = c.benchmark_group("coin-game");
    group.throughput(Throughput::Bytes(input.len() as u64));
    group.bench_function("solve, N = 2000", |b| {
        let mut out = Vec::with_capacity(16);
        b.iter(|| {
            out.clear();
            coin_game::solve(black_box(input.as_bytes()), &mut out).expect("valid input");
            black_box(&out);
        });
    });
    group.finish();
}

criterion_group!(benches, judge_at_the_limit);
criterion_main!(benches);
