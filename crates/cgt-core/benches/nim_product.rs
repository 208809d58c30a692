//! The nim product of random 64-bit nimbers: cgt-core's table-driven
//! product next to the plain method a contest solution often uses, a
//! 64 × 64 table of `2^i ⊗ 2^j` XORed over every pair of set bits
//! (written here only, for the comparison). Each iteration multiplies 1024
//! pairs; criterion's time per iteration / 1024 is the time per product.

use cgt_core::nimber::{Nimber, nim_product};
use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use std::hint::black_box;

const PAIRS: usize = 1024;

/// A splitmix64 stream: the same pairs on every run.
fn random_pairs() -> Vec<(u64, u64)> {
    let mut state = 1_u64;
    let mut next = move || {
        state = state.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = state;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    };
    (0..PAIRS).map(|_| (next(), next())).collect()
}

/// The plain method: `table[i][j] = 2^i ⊗ 2^j`, then one XOR per pair of
/// set bits (about 1024 for random values).
struct PowerTable {
    table: Vec<[u64; 64]>,
}

impl PowerTable {
    fn new() -> Self {
        let table = (0..64)
            .map(|i| std::array::from_fn(|j| nim_product(1 << i, 1 << j)))
            .collect();
        PowerTable { table }
    }

    fn product(&self, a: u64, b: u64) -> u64 {
        let mut result = 0;
        let mut rest_a = a;
        while rest_a != 0 {
            let row = &self.table[rest_a.trailing_zeros() as usize];
            rest_a &= rest_a - 1;
            let mut rest_b = b;
            while rest_b != 0 {
                result ^= row[rest_b.trailing_zeros() as usize];
                rest_b &= rest_b - 1;
            }
        }
        result
    }
}

fn products(c: &mut Criterion) {
    let pairs = random_pairs();
    let plain = PowerTable::new();
    for &(a, b) in &pairs {
        assert_eq!(plain.product(a, b), nim_product(a, b), "{a} ⊗ {b}");
    }
    let mut group = c.benchmark_group("nim product");
    group.throughput(Throughput::Elements(PAIRS as u64));
    group.bench_function("cgt-core nim_product (16-bit log tables, Karatsuba)", |b| {
        b.iter(|| {
            let pairs = black_box(&pairs);
            pairs.iter().fold(0, |acc, &(x, y)| acc ^ nim_product(x, y))
        });
    });
    group.bench_function("plain 64x64 table of 2^i * 2^j", |b| {
        b.iter(|| {
            let pairs = black_box(&pairs);
            pairs
                .iter()
                .fold(0, |acc, &(x, y)| acc ^ plain.product(x, y))
        });
    });
    group.bench_function("Nimber::inverse", |b| {
        b.iter(|| Nimber(black_box(pairs[0].0)).inverse());
    });
    group.finish();
}

criterion_group!(benches, products);
criterion_main!(benches);
