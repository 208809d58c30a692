//! The fast engine of finite octal codes alone (no period scan) on the
//! issue's workloads, shortened so that a sample takes about a second:
//! `.16`, `.354`, `.376` (carried tables; on two threads too: tables made
//! ahead) and `0.6` (on two threads too: its lanes), with
//! `Sequence::with_threads`.

use cgt_lab::{Game, Sequence};
use criterion::{Criterion, criterion_group, criterion_main};
use std::hint::black_box;

fn values(game: &Game, upto: usize, threads: usize) -> Vec<u32> {
    let mut sequence = Sequence::with_threads(game, threads);
    sequence.extend_to(upto, &mut |_, _| {}).expect("computes");
    sequence.into_values()
}

fn engine(c: &mut Criterion) {
    let mut group = c.benchmark_group("fast engine");
    group.sample_size(10);
    for (code, upto, threads) in [
        (".16", 1 << 19, 1),
        (".354", 1 << 21, 1),
        (".376", 1 << 20, 1),
        (".376", 1 << 20, 2),
        ("0.6", 1 << 18, 1),
        ("0.6", 1 << 18, 2),
    ] {
        let game = Game::parse(code).expect("a valid code");
        let name = format!("values {code} to {upto}, {threads} thread(s)");
        group.bench_function(name, |b| {
            b.iter(|| black_box(values(black_box(&game), upto, threads)));
        });
    }
    group.finish();
}

criterion_group!(benches, engine);
criterion_main!(benches);
