//! What the generic suite cannot check: the product against the coin game
//! played out on every position of small boards (the Tartan theorem: a set
//! of coins has the XOR of their products as its value), and against the
//! definition's table for all A, B < 64.

#![cfg(feature = "testkit")]

use cgt_core::impartial::GrundyMemo;
use cgt_core::nimber::Nimber;
use nim_product::brute::{BOUND, Coins, table};
use nim_product::product;

fn every_position_has_the_xor_of_products<const ROWS: usize, const COLUMNS: usize>() {
    let mut memo = GrundyMemo::new(Coins::<ROWS, COLUMNS>);
    for coins in 0..1_u32 << (ROWS * COLUMNS) {
        let mut expected = 0;
        for a in 1..=ROWS {
            for b in 1..=COLUMNS {
                if coins & Coins::<ROWS, COLUMNS>::cell(a, b) != 0 {
                    expected ^= product(a as u64, b as u64);
                }
            }
        }
        assert_eq!(memo.grundy(&coins), Nimber(expected), "coins {coins:#x}");
    }
}

#[test]
fn every_coin_position_on_small_boards_matches() {
    every_position_has_the_xor_of_products::<4, 4>();
    every_position_has_the_xor_of_products::<2, 8>();
    every_position_has_the_xor_of_products::<1, 16>();
}

#[test]
fn the_definition_table_matches_below_64() {
    for a in 0..BOUND {
        for b in 0..BOUND {
            let expected = table()[(a * BOUND + b) as usize];
            assert_eq!(product(a, b), expected, "{a} ⊗ {b}");
        }
    }
}
