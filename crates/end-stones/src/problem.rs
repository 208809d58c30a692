//! The end-stones game as a [`Problem`] of the test kit: generator, lazy
//! shrinker and the exhaustive range, for the generic suite and `cargo
//! xtask`.

use cgt_testkit::generate::Rng;
use cgt_testkit::{Problem, Size, enumerate, shrink};

/// The problem `end-stones`: its judge input is a list of test cases, each
/// the row of its piles (zeros kept: they are no piles).
#[derive(Clone, Copy, Debug)]
pub struct EndStones;

impl Problem for EndStones {
    const NAME: &'static str = "end-stones";
    const GENERATED_FIXTURES: &'static [(&'static str, u64, Size)] = &[("max.in", 1, Size::Max)];

    type Input = Vec<Vec<u64>>;

    cgt_testkit::judge_functions!();

    /// Every row of at most 7 piles of 1..=5 stones (which holds every row
    /// of at most 6 piles of 1..=4), of at most 9 piles of 1..=3 and of at
    /// most 12 piles of 1..=2, and every row of 1 to 6 piles of 0..=3 (zeros
    /// are no piles): 140,831 rows, 1000 cases per input.
    fn exhaustive() -> impl Iterator<Item = Self::Input> {
        let rows = enumerate::lists(7, &[1, 2, 3, 4, 5])
            .chain(enumerate::lists(9, &[1, 2, 3]))
            .chain(enumerate::lists(12, &[1, 2]))
            .chain((1..=6).flat_map(|n| enumerate::lists_of_len(n, &[0, 1, 2, 3])));
        enumerate::chunks(rows, 1000)
    }

    /// `Tiny` stays within the brute force's bound (1–4 cases of ≤ 8 piles
    /// of ≤ 6, zeros included); `Small` has up to 10 cases of up to 60 piles
    /// of up to 1000, zeros included; `Max` is the judge's limit: 10 cases
    /// of 1000 piles in `1..=10^9`; `N(k)` is one case of k piles in
    /// `1..=10^9`. Rows are uniform, palindromes, near-palindromes, few
    /// distinct values or tiny values.
    fn generate(seed: u64, size: Size) -> Self::Input {
        let mut rng = Rng::new(seed);
        let (cases, max_len, max_pile, zeros) = match size {
            Size::Tiny => (rng.range(1, 4), 8, 6, true),
            Size::Small => (rng.range(1, 10), 60, 1000, true),
            Size::Max => (10, 1000, 1_000_000_000, false),
            Size::N(k) => (1, k.max(1), 1_000_000_000, false),
        };
        let fixed_length = matches!(size, Size::Max | Size::N(_));
        (0..cases)
            .map(|_| {
                let n = if fixed_length {
                    max_len
                } else {
                    rng.range(1, max_len)
                };
                random_row(&mut rng, n as usize, max_pile, zeros)
            })
            .collect()
    }

    /// Fewer cases, fewer piles, or a pile halved or decremented, within
    /// the judge's limits (n ≥ 1, and no pile becomes empty; zeros already
    /// in the input may stay or go).
    fn shrink(input: Self::Input) -> impl Iterator<Item = Self::Input> + 'static {
        shrink::list_cases(input, 1, |&pile| shrink::halve_or_decrement(pile, 1))
    }
}

/// One row in a shape that finds bugs: uniform, palindromes (even ones are
/// lost), near-palindromes, few distinct values, tiny values (long rows hit
/// every boundary case of the recurrence); `zeros` sprinkles empty piles.
fn random_row(rng: &mut Rng, n: usize, max_pile: u64, zeros: bool) -> Vec<u64> {
    let mut row: Vec<u64> = match rng.below(5) {
        0 => (0..n).map(|_| rng.range(1, max_pile)).collect(),
        shape @ (1 | 2) => {
            let half: Vec<u64> = (0..n.div_ceil(2)).map(|_| rng.range(1, max_pile)).collect();
            let mut row = half.clone();
            row.extend(half.iter().rev().skip(n % 2));
            if shape == 2 {
                let i = rng.below(n as u64) as usize;
                row[i] = if row[i] > 1 && rng.chance(1, 2) {
                    row[i] - 1
                } else {
                    (row[i] + 1).min(max_pile)
                };
            }
            row
        }
        3 => {
            let low = if rng.chance(1, 2) {
                1
            } else {
                max_pile.saturating_sub(2).max(1)
            };
            let values = [
                rng.range(low, (low + 2).min(max_pile)),
                rng.range(low, (low + 2).min(max_pile)),
                rng.range(low, (low + 2).min(max_pile)),
            ];
            (0..n).map(|_| *rng.pick(&values)).collect()
        }
        _ => (0..n).map(|_| rng.range(1, max_pile.min(3))).collect(),
    };
    if zeros && rng.chance(1, 3) {
        for _ in 0..rng.range(1, 3) {
            let i = rng.below(n as u64) as usize;
            row[i] = 0;
        }
    }
    row
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_maximal_input_is_what_the_judge_allows() {
        let rows = EndStones::generate(1, Size::Max);
        assert_eq!(rows.len(), 10);
        for row in rows {
            assert_eq!(row.len(), 1000);
            assert!(row.iter().all(|&a| (1..=1_000_000_000).contains(&a)));
        }
    }
}
