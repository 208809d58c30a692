//! The coin game as a [`Problem`] of the test kit: generator, lazy shrinker
//! and the exhaustive range, for the generic suite and `cargo xtask`.

use crate::MAX_COINS;
use cgt_testkit::generate::Rng;
use cgt_testkit::{Problem, Size, enumerate, shrink};

/// The problem `coin-game`: its judge input is one row of coins, top first.
#[derive(Clone, Copy, Debug)]
pub struct CoinGame;

impl Problem for CoinGame {
    const NAME: &'static str = "coin-game";
    /// The parser takes up to [`MAX_COINS`] coins.
    const LARGEST: Size = Size::N(MAX_COINS as u64);
    const GENERATED_FIXTURES: &'static [(&'static str, u64, Size)] = &[("max.in", 1, Size::Max)];

    type Input = Vec<u32>;

    cgt_testkit::judge_functions!();

    /// Every row of 1 to 9 coins of values 1..=3, and of 1 to 5 coins of
    /// values 0..=3 (30,887 rows), one row per input: the format has no
    /// test cases.
    fn exhaustive() -> impl Iterator<Item = Self::Input> {
        let rows = enumerate::lists(9, &[1, 2, 3]).chain(enumerate::lists(5, &[0, 1, 2, 3]));
        // N = 0 is not a row.
        rows.filter(|row| !row.is_empty())
    }

    /// `Tiny` has 1..=9 coins of small values (inside the brute force's
    /// bound), `Small` 10..=200 coins up to 10^5, `Max` 2000 random coins in
    /// 1..=10^5 (the judge's limits), and `N(k)` k coins (clamped to
    /// 1..=[`MAX_COINS`]). The rows of `Tiny`, `Small` and `N(k)` take one
    /// of several shapes: random, all equal, palindromes, mostly ones with a
    /// few big coins, or sorted up or down.
    fn generate(seed: u64, size: Size) -> Self::Input {
        let mut rng = Rng::new(seed);
        let (n, max_value) = match size {
            Size::Tiny => (rng.range(1, 9), *rng.pick(&[2, 3, 10])),
            Size::Small => (rng.range(10, 200), 100_000),
            Size::Max => (2000, 100_000),
            Size::N(k) => (k.clamp(1, MAX_COINS as u64), 100_000),
        };
        let n = usize::try_from(n).expect("at most MAX_COINS");
        let coin = |rng: &mut Rng| u32::try_from(rng.range(1, max_value)).expect("≤ 10^5");
        let shape = if size == Size::Max { 0 } else { rng.below(5) };
        match shape {
            1 => vec![coin(&mut rng); n],
            2 => {
                let half: Vec<u32> = (0..n.div_ceil(2)).map(|_| coin(&mut rng)).collect();
                (0..n).map(|i| half[i.min(n - 1 - i)]).collect()
            }
            3 => (0..n)
                .map(|_| {
                    if rng.chance(1, 5) {
                        u32::try_from(max_value).expect("≤ 10^5")
                    } else {
                        1
                    }
                })
                .collect(),
            4 => {
                let mut row: Vec<u32> = (0..n).map(|_| coin(&mut rng)).collect();
                row.sort_unstable();
                if rng.chance(1, 2) {
                    row.reverse();
                }
                row
            }
            _ => (0..n).map(|_| coin(&mut rng)).collect(),
        }
    }

    /// Half the row, one coin fewer, or a coin halved or decremented,
    /// within the judge's limits (N ≥ 1, and no coin becomes 0; a 0 in the
    /// input may stay or go).
    fn shrink(input: Self::Input) -> impl Iterator<Item = Self::Input> + 'static {
        let smaller = |&coin: &u32| -> Vec<u32> {
            shrink::halve_or_decrement(u64::from(coin), 1)
                .into_iter()
                .map(|v| u32::try_from(v).expect("smaller than a u32"))
                .collect()
        };
        shrink::list_cases(vec![input], 1, smaller).map(|mut rows| rows.swap_remove(0))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn generated_rows_have_the_promised_lengths() {
        assert_eq!(CoinGame::generate(1, Size::Max).len(), 2000);
        assert_eq!(CoinGame::generate(1, Size::N(0)).len(), 1);
        assert_eq!(CoinGame::generate(1, Size::N(77)).len(), 77);
        assert_eq!(CoinGame::generate(1, Size::N(99_999)).len(), MAX_COINS);
    }
}
