//! The problem as a [`Problem`] of the test kit: generator, lazy shrinker
//! and the exhaustive range, for the generic suite and `cargo xtask`.

use cgt_testkit::generate::Rng;
use cgt_testkit::{Problem, Size, enumerate, shrink};

/// The problem `word-chain`: its judge input is the dictionary.
#[derive(Clone, Copy, Debug)]
pub struct WordChain;

/// Every word of `lengths` letters over the alphabet `letters`.
pub fn all_words(letters: &[char], lengths: std::ops::RangeInclusive<usize>) -> Vec<String> {
    lengths
        .flat_map(|len| enumerate::lists_of_len(len, letters).map(|w| w.into_iter().collect()))
        .collect()
}

/// A random word of `len` letters from `letters`.
fn random_word(rng: &mut Rng, letters: &[u8], len: u64) -> String {
    (0..len).map(|_| char::from(*rng.pick(letters))).collect()
}

const ALL_LETTERS: &[u8] = b"abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ";

/// `n` words made to link up: most are a three-letter start and a
/// three-letter end drawn from a pool of about n / 2 strings, with 0 to 2
/// letters between; one in ten is a random word of 3 to 5 letters.
fn linked_words(rng: &mut Rng, n: u64, letters: &[u8]) -> Vec<String> {
    let pool: Vec<String> = (0..(n / 2).max(1))
        .map(|_| random_word(rng, letters, 3))
        .collect();
    (0..n)
        .map(|_| {
            if rng.chance(1, 10) {
                let len = rng.range(3, 5);
                random_word(rng, letters, len)
            } else {
                let middle = rng.range(0, 2);
                let mut w = rng.pick(&pool).clone();
                w.push_str(&random_word(rng, letters, middle));
                let end: &String = rng.pick(&pool);
                w.push_str(end);
                w
            }
        })
        .collect()
}

impl Problem for WordChain {
    const NAME: &'static str = "word-chain";

    const GENERATED_FIXTURES: &'static [(&'static str, u64, Size)] = &[("max.in", 1, Size::Max)];

    type Input = Vec<String>;

    cgt_testkit::judge_functions!();

    /// Every dictionary of 1 to 3 words of 3 or 4 letters from {a, A}, and
    /// of 1 or 2 words of 3 to 6 letters from {a, A}.
    fn exhaustive() -> impl Iterator<Item = Self::Input> {
        let short = all_words(&['a', 'A'], 3..=4);
        let long = all_words(&['a', 'A'], 3..=6);
        let three: Vec<Vec<String>> = enumerate::lists(3, &short)
            .filter(|d| !d.is_empty())
            .collect();
        let two: Vec<Vec<String>> = enumerate::lists(2, &long)
            .filter(|d| !d.is_empty())
            .collect();
        three.into_iter().chain(two)
    }

    /// `Tiny`: 1 to 8 words of 3 to 5 letters from {a, b}; `Small`: 1 to 60
    /// words of 3 to 8 letters from {a, b, c}, linked up (both within the
    /// exhaustive search); `Max`: 2·10^5 words from all 52 letters, linked
    /// up; `N(k)`: k such words.
    fn generate(seed: u64, size: Size) -> Self::Input {
        let mut rng = Rng::new(seed);
        match size {
            Size::Tiny => {
                let n = rng.range(1, 8);
                (0..n)
                    .map(|_| {
                        let len = rng.range(3, 5);
                        random_word(&mut rng, b"ab", len)
                    })
                    .collect()
            }
            Size::Small => {
                let n = rng.range(1, crate::brute::MAX_WORDS as u64);
                linked_words(&mut rng, n, b"abc")
            }
            Size::Max => linked_words(&mut rng, crate::MAX_JUDGE_WORDS as u64, ALL_LETTERS),
            Size::N(k) => linked_words(&mut rng, k.max(1), ALL_LETTERS),
        }
    }

    /// Half of the words, or one word fewer (at least one word is kept).
    fn shrink(input: Self::Input) -> impl Iterator<Item = Self::Input> + 'static {
        shrink::list_cases(vec![input], 1, |_: &String| Vec::new())
            .filter_map(|cases| cases.into_iter().next())
    }
}
