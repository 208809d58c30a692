//! The judge function at the judge's limit, one case of 10^5 piles up to
//! 10^9; and piles of 10^5 digits each, as the statement sets no bound.

use cgt_testkit::{Problem, Size};
use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use moving_pebbles::problem::MovingPebbles;
use std::hint::black_box;

/// 40 piles of 10^5 digits in equal pairs (written with and without leading
/// zeros) that differ from the other pairs only in their last digit, so
/// every comparison reads whole strings.
fn long_digits() -> String {
    let mut text = String::from("40");
    for i in 0..20 {
        let size = format!("{}{}", "9".repeat(99_999), i % 10);
        text.push_str(&format!(" {size} 000{size}"));
    }
    text.push('\n');
    text
}

fn judge(c: &mut Criterion) {
    let mut group = c.benchmark_group("moving-pebbles");
    for (name, input) in [
        (
            "solve, 10^5 piles",
            MovingPebbles::render(&MovingPebbles::generate(1, Size::Max)),
        ),
        ("solve, 40 piles of 10^5 digits", long_digits()),
    ] {
        group.throughput(Throughput::Bytes(input.len() as u64));
        group.bench_function(name, |b| {
            let mut out = Vec::with_capacity(16);
            b.iter(|| {
                out.clear();
                moving_pebbles::solve(black_box(input.as_bytes()), &mut out).expect("valid input");
                black_box(&out);
            });
        });
    }
    group.finish();
}

criterion_group!(benches, judge);
criterion_main!(benches);
