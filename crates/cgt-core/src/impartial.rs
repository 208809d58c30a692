//! Sprague-Grundy values of impartial games.
//!
//! A position's Grundy value (nimber) is the mex of its options' values; the
//! value of a sum of games is the XOR of the values, and the player to move
//! wins exactly when it is non-zero (Sprague 1935, Grundy 1939; *Winning
//! Ways*, ch. 4).
//!
//! - [`grundy_table`] fills a dense table for states `0..len` when every move
//!   goes to a smaller state (heap sizes, prefix lengths, ...).
//! - [`GrundyMemo`] memoises any hashable state, with an explicit stack.

use crate::mex::MexSet;
use crate::search::Memo;
use std::hash::Hash;

/// Grundy values of states `0..len` whose moves all lead to smaller states.
///
/// `options(x, table, values)` pushes onto `values` the Grundy values of the
/// options of state `x`; `table` holds the values of the states `0..x`
/// (so a sum of two smaller games is `table[a] ^ table[b]`).
///
/// # Example
/// Lasker's Nim: remove any number, or split a heap into two.
/// ```
/// use cgt_core::impartial::grundy_table;
/// let table = grundy_table(9, |x, table, values| {
///     values.extend_from_slice(&table[..x]);
///     values.extend((1..=x / 2).map(|a| table[a] ^ table[x - a]));
/// });
/// assert_eq!(table, [0, 1, 2, 4, 3, 5, 6, 8, 7]);
/// ```
///
/// # Complexity
/// O(len + total number of option values), one reused buffer and mex set.
pub fn grundy_table(
    len: usize,
    mut options: impl FnMut(usize, &[usize], &mut Vec<usize>),
) -> Vec<usize> {
    let mut table = Vec::with_capacity(len);
    let mut values = Vec::new();
    let mut seen = MexSet::new();
    for x in 0..len {
        values.clear();
        options(x, &table, &mut values);
        seen.clear();
        // A mex over k values is at most k: larger values cannot matter.
        seen.extend(values.iter().copied().filter(|&v| v <= values.len()));
        table.push(seen.mex());
    }
    table
}

/// Grundy values of hashable states, memoised in a table the caller owns.
///
/// # Example
/// Nim on two heaps is the XOR of the heaps:
/// ```
/// use cgt_core::impartial::GrundyMemo;
/// let mut memo = GrundyMemo::new();
/// let moves = |&(a, b): &(u8, u8), out: &mut Vec<(u8, u8)>| {
///     out.extend((0..a).map(|x| (x, b)));
///     out.extend((0..b).map(|y| (a, y)));
/// };
/// assert_eq!(memo.grundy((5, 3), moves), 5 ^ 3);
/// ```
///
/// # Complexity
/// Each reachable state is expanded once; O(1) expected per move.
///
/// # Panics
/// If a cycle is reachable (the game must end).
#[derive(Clone, Debug)]
pub struct GrundyMemo<S> {
    memo: Memo<S, usize>,
}

impl<S> Default for GrundyMemo<S> {
    fn default() -> Self {
        Self {
            memo: Memo::default(),
        }
    }
}

impl<S: Hash + Eq + Clone> GrundyMemo<S> {
    /// An empty memo; reuse it across states of one game.
    pub fn new() -> Self {
        Self::default()
    }

    /// How many states have a known value.
    pub fn len(&self) -> usize {
        self.memo.len()
    }

    /// Whether no state has a value yet.
    pub fn is_empty(&self) -> bool {
        self.memo.is_empty()
    }

    /// The Grundy value of `state`; `moves(state, options)` pushes the states
    /// one move away.
    pub fn grundy(&mut self, state: S, mut moves: impl FnMut(&S, &mut Vec<S>)) -> usize {
        let mut buffer = Vec::new();
        let mut seen = MexSet::new();
        self.memo.evaluate(
            state,
            |s, out| {
                buffer.clear();
                moves(s, &mut buffer);
                out.extend(buffer.drain(..).map(|o| (o, ())));
            },
            |_, options| {
                seen.clear();
                seen.extend(
                    options
                        .iter()
                        .map(|&(_, g)| g)
                        .filter(|&g| g <= options.len()),
                );
                seen.mex()
            },
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn dense_and_sparse_agree_on_a_subtraction_game() {
        // Subtract 1, 3 or 4: period 7 with values 0 1 0 1 2 3 2.
        let subtract = [1, 3, 4];
        let table = grundy_table(60, |x, table, values| {
            values.extend(subtract.iter().filter(|&&s| s <= x).map(|&s| table[x - s]));
        });
        let mut memo = GrundyMemo::new();
        for (x, &g) in table.iter().enumerate() {
            assert_eq!(g, [0, 1, 0, 1, 2, 3, 2][x % 7], "table at {x}");
            let sparse = memo.grundy(x, |&y, out| {
                out.extend(subtract.iter().filter(|&&s| s <= y).map(|&s| y - s))
            });
            assert_eq!(sparse, g, "memo at {x}");
        }
    }
}
