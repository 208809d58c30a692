//! Prints the canonical form of an empty Domineering board and the time it
//! took: `cargo run --release -p cgt-core --example domineering -- ROWS COLUMNS`.

use cgt_core::canonical::GameStore;
use cgt_core::partizan::ValueMemo;
use std::time::Instant;

#[path = "../benches/support/domineering_grid.rs"]
#[allow(dead_code)]
mod domineering_grid;
use domineering_grid::{Domineering, empty_board};

fn main() {
    let args: Vec<u32> = std::env::args()
        .skip(1)
        .map(|a| a.parse().expect("ROWS and COLUMNS are numbers"))
        .collect();
    let [height, width] = args[..] else {
        eprintln!("usage: domineering ROWS COLUMNS");
        std::process::exit(2);
    };
    assert!(width * height <= 64, "at most 64 cells");
    let start = Instant::now();
    let mut store = GameStore::new();
    let mut memo = ValueMemo::new(Domineering { width, height });
    let value = memo
        .value(&mut store, &empty_board(width, height))
        .expect("fits");
    let elapsed = start.elapsed();
    println!("{}", store.display(value));
    eprintln!(
        "{height}x{width}: {:.3} s, {} positions, {} games in the store",
        elapsed.as_secs_f64(),
        memo.len(),
        store.len()
    );
}
