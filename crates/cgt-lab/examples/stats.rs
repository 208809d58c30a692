//! Times the fast engine on one code and prints its mask and rare count at
//! every power of two:
//! `cargo run --release -p cgt-lab --example stats -- 0.6 24`.

use cgt_lab::{Game, Sequence};
use std::time::Instant;

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let (Some(code), Some(bits)) = (args.first(), args.get(1)) else {
        eprintln!("usage: stats CODE LOG2_VALUES");
        std::process::exit(2);
    };
    let game = Game::parse(code).unwrap_or_else(|e| {
        eprintln!("{e}");
        std::process::exit(2)
    });
    let bits: u32 = bits.parse().unwrap_or(20);
    let mut sequence = Sequence::new(&game);
    let start = Instant::now();
    for k in 10..=bits {
        if let Err(e) = sequence.extend_to((1 << k) - 1, &mut |_, _| {}) {
            eprintln!("{e}");
            std::process::exit(1);
        }
        let max = sequence.values().iter().max().unwrap_or(0);
        println!(
            "2^{k}: {:.3} s, max value {max}, {:?}",
            start.elapsed().as_secs_f64(),
            sequence.fast_stats()
        );
    }
}
