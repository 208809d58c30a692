//! The nim product from its definition, for tests and `cargo xtask stress`.
//!
//! Written from the definition alone, with no field theory: a ⊗ b is the
//! Grundy value of one coin at (a, b) of the product game, the mex over
//! a′ < a, b′ < b of the values (a′ ⊗ b) ⊕ (a ⊗ b′) ⊕ (a′ ⊗ b′) of its
//! options (three coins, a sum of games: the XOR of their values). Each coin
//! is a heap of cgt-core's [`HeapGame`] ([`Coin`]), so the table of all
//! a, b < [`BOUND`] comes from [`grundy_table`]; the coin game itself, played
//! out on whole boards as an [`ImpartialGame`], is [`Coins`].

use crate::judge;
use cgt_core::heap::{HeapGame, HeapOptions, grundy_table};
use cgt_core::impartial::ImpartialGame;
use cgt_judge::JudgeError;
use std::io::Write;
use std::sync::OnceLock;

/// The search answers A, B below this bound.
pub const BOUND: u64 = 64;

/// One coin at (a, b), a, b < [`BOUND`], as the heap a · BOUND + b. A move
/// turns it and the corners (a′, b), (a, b′), (a′, b′) of a rectangle,
/// a′ < a, b′ < b: the coin is replaced by those three (a corner in row or
/// column 0 is a heap with no options).
#[derive(Clone, Copy, Debug, Default)]
pub struct Coin;

impl HeapGame for Coin {
    fn heap_options(&self, heap: usize, options: &mut HeapOptions) {
        let side = BOUND as usize;
        let (row, column) = (heap / side, heap % side);
        for smaller_row in 0..row {
            for smaller_column in 0..column {
                options.push(&[
                    smaller_row * side + column,
                    row * side + smaller_column,
                    smaller_row * side + smaller_column,
                ]);
            }
        }
    }
}

/// `table[a · BOUND + b] = a ⊗ b` for a, b < [`BOUND`], by the mex
/// definition; built once (about 4 · 10^6 option values).
pub fn table() -> &'static [u64] {
    static TABLE: OnceLock<Vec<u64>> = OnceLock::new();
    TABLE.get_or_init(|| {
        let side = BOUND as usize;
        grundy_table(&Coin, side * side)
            .expect("every option is smaller")
            .into_iter()
            .map(|g| g.value())
            .collect()
    })
}

/// The product game with coins on a board of `ROWS × COLUMNS` cells
/// (a, b), 1 ≤ a ≤ ROWS, 1 ≤ b ≤ COLUMNS, heads marked in a bitmask. A move
/// turns a heads coin (a, b) and, for some a′ < a and b′ < b, the coins
/// (a′, b), (a, b′) and (a′, b′), where a coin in row or column 0 is not
/// there. The Grundy value of one coin at (a, b) is a ⊗ b.
#[derive(Clone, Copy, Debug, Default)]
pub struct Coins<const ROWS: usize, const COLUMNS: usize>;

impl<const ROWS: usize, const COLUMNS: usize> Coins<ROWS, COLUMNS> {
    /// The bit of cell (a, b), 1 ≤ a ≤ ROWS, 1 ≤ b ≤ COLUMNS.
    pub fn cell(a: usize, b: usize) -> u32 {
        1 << ((a - 1) * COLUMNS + (b - 1))
    }
}

impl<const ROWS: usize, const COLUMNS: usize> ImpartialGame for Coins<ROWS, COLUMNS> {
    /// The heads coins, one bit per cell.
    type Position = u32;

    fn options(&self, &coins: &u32, out: &mut Vec<u32>) {
        let cell = Self::cell;
        for a in 1..=ROWS {
            for b in 1..=COLUMNS {
                if coins & cell(a, b) == 0 {
                    continue;
                }
                for a2 in 0..a {
                    for b2 in 0..b {
                        let mut next = coins ^ cell(a, b);
                        if a2 > 0 {
                            next ^= cell(a2, b);
                        }
                        if b2 > 0 {
                            next ^= cell(a, b2);
                        }
                        if a2 > 0 && b2 > 0 {
                            next ^= cell(a2, b2);
                        }
                        out.push(next);
                    }
                }
            }
        }
    }
}

/// The judge function, answered by the definition.
///
/// # Errors
/// As [`crate::solve`], and a pair with A or B at least [`BOUND`] is
/// rejected as too big for this search.
pub fn solve<W: Write>(input: &[u8], out: &mut W) -> Result<(), JudgeError> {
    judge(input, out, |a, b, tokens| {
        if a >= BOUND || b >= BOUND {
            return Err(tokens.error_in_case(format!(
                "the definition's table holds A and B below {BOUND}"
            )));
        }
        Ok(table()[(a * BOUND + b) as usize])
    })
}
