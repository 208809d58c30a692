//! Certifying `.16` (preperiod 105,351, period 149,459: 509,622 values) with
//! the fast engine, and the naive engine on a short run for comparison.

use cgt_lab::{Game, Status, analyse};
use criterion::{Criterion, criterion_group, criterion_main};
use std::hint::black_box;

fn certify_016(c: &mut Criterion) {
    let game = Game::parse(".16").expect("a valid code");
    let mut group = c.benchmark_group("cgt-lab");
    group.sample_size(10);
    group.bench_function("period .16, certified", |b| {
        b.iter(|| {
            let analysis = analyse(black_box(&game), 1 << 22, &mut |_, _| {}).expect("computes");
            assert!(matches!(analysis.found, Some((_, Status::Certified))));
            black_box(analysis)
        });
    });
    let code = game.code().expect("a code").clone();
    group.bench_function("values .16 to 2^13, fast", |b| {
        b.iter(|| black_box(game.values(1 << 13).expect("computes")));
    });
    group.bench_function("values .16 to 2^13, naive", |b| {
        b.iter(|| black_box(cgt_lab::naive_values(&code, 1 << 13).expect("computes")));
    });
    group.finish();
}

criterion_group!(benches, certify_016);
criterion_main!(benches);
