//! Heap games: a position is one heap, and a move replaces it by a list of
//! smaller heaps.
//!
//! Take-and-break games (Nim, Kayles, Dawson's chess, Lasker's Nim,
//! subtraction games, octal and hexadecimal codes) are all of this shape
//! (*Winning Ways*, ch. 4). A heap's Grundy value is the mex over its
//! options of the nim-sum of the option's heaps, so the values of all heaps
//! up to n come from one table; a position made of several heaps is the
//! disjunctive sum of them.
//!
//! - [`HeapGame`]: the rules, as the options of a heap of n.
//! - [`grundy_table`]: G(0), …, G(len − 1), and [`HeapGrundy`] for the
//!   caller who extends a table value by value (the lab does).
//! - [`HeapSum`]: the same rules as an [`ImpartialGame`] whose positions
//!   are whole lists of heaps, for memos that search the sum literally
//!   (brute forces, misère play), with no Sprague-Grundy theory.
//!
//! # Example
//! Lasker's Nim: remove any number from a heap, or split it into two
//! non-empty heaps.
//! ```
//! use cgt_core::heap::{grundy_table, HeapGame, HeapOptions};
//! use cgt_core::nimber::Nimber;
//!
//! struct Lasker;
//! impl HeapGame for Lasker {
//!     fn heap_options(&self, n: usize, options: &mut HeapOptions) {
//!         for left in 0..n {
//!             options.push(&[left]);
//!         }
//!         for a in 1..=n / 2 {
//!             options.push(&[a, n - a]);
//!         }
//!     }
//! }
//!
//! let table = grundy_table(&Lasker, 9).unwrap();
//! let values: Vec<u64> = table.iter().map(|g| g.value()).collect();
//! assert_eq!(values, [0, 1, 2, 4, 3, 5, 6, 8, 7]);
//! assert_eq!(table[3], Nimber(4));
//! ```

use crate::impartial::ImpartialGame;
use crate::mex::MexSet;
use crate::nimber::Nimber;
use std::fmt;
use std::sync::Arc;

/// The rules of a heap game: the options of a heap of each size.
///
/// An option is the list of heaps that replace the heap moved in, each
/// smaller than it; zeros and the empty list both mean that nothing of it
/// is left. Every move must make a heap smaller, so the game ends.
///
/// # Example
/// The subtraction game S(1, 3, 4): take 1, 3 or 4 tokens.
/// ```
/// use cgt_core::heap::{grundy_table, HeapGame, HeapOptions};
///
/// struct Subtraction(Vec<usize>);
/// impl HeapGame for Subtraction {
///     fn heap_options(&self, n: usize, options: &mut HeapOptions) {
///         for &take in self.0.iter().filter(|&&take| take <= n) {
///             options.push(&[n - take]);
///         }
///     }
/// }
///
/// let values = grundy_table(&Subtraction(vec![1, 3, 4]), 14).unwrap();
/// let values: Vec<u64> = values.iter().map(|g| g.value()).collect();
/// assert_eq!(values, [0, 1, 0, 1, 2, 3, 2, 0, 1, 0, 1, 2, 3, 2]);
/// ```
pub trait HeapGame {
    /// Pushes every option of a heap of `n` onto `options`.
    fn heap_options(&self, n: usize, options: &mut HeapOptions);
}

impl<G: HeapGame + ?Sized> HeapGame for &G {
    fn heap_options(&self, n: usize, options: &mut HeapOptions) {
        (**self).heap_options(n, options);
    }
}

impl<G: HeapGame + ?Sized> HeapGame for Box<G> {
    fn heap_options(&self, n: usize, options: &mut HeapOptions) {
        (**self).heap_options(n, options);
    }
}

impl<G: HeapGame + ?Sized> HeapGame for Arc<G> {
    fn heap_options(&self, n: usize, options: &mut HeapOptions) {
        (**self).heap_options(n, options);
    }
}

/// The options of one heap: lists of heaps, stored one after another in
/// one buffer, so listing them allocates nothing once the buffer has grown.
///
/// # Example
/// ```
/// use cgt_core::heap::HeapOptions;
/// let mut options = HeapOptions::new();
/// options.push(&[2]);
/// options.push(&[1, 1]);
/// options.push(&[]);
/// let listed: Vec<&[usize]> = options.iter().collect();
/// assert_eq!(listed, [&[2][..], &[1, 1][..], &[][..]]);
/// ```
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct HeapOptions {
    heaps: Vec<usize>,
    /// Where each option ends in `heaps`.
    ends: Vec<usize>,
}

impl HeapOptions {
    /// No options.
    pub fn new() -> Self {
        Self::default()
    }

    /// Adds the option that leaves `heaps` in place of the heap moved in.
    pub fn push(&mut self, heaps: &[usize]) {
        self.heaps.extend_from_slice(heaps);
        self.ends.push(self.heaps.len());
    }

    /// Forgets every option, keeping the memory.
    pub fn clear(&mut self) {
        self.heaps.clear();
        self.ends.clear();
    }

    /// The number of options.
    pub fn len(&self) -> usize {
        self.ends.len()
    }

    /// Whether there are no options (the heap is a terminal position).
    pub fn is_empty(&self) -> bool {
        self.ends.is_empty()
    }

    /// The options, in the order they were pushed.
    pub fn iter(&self) -> impl ExactSizeIterator<Item = &[usize]> + '_ {
        (0..self.ends.len()).map(|i| {
            let start = if i == 0 { 0 } else { self.ends[i - 1] };
            &self.heaps[start..self.ends[i]]
        })
    }
}

/// An option of heap `n` that lists a heap not smaller than `n`: the rules
/// would not end.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct BadOption {
    /// The heap whose options were listed.
    pub n: usize,
    /// The heap in one of its options that is not smaller than `n`.
    pub heap: usize,
}

impl fmt::Display for BadOption {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let Self { n, heap } = *self;
        write!(
            f,
            "the rule lists an option of heap {n} with a heap of size {heap}, not smaller than {n}"
        )
    }
}

impl std::error::Error for BadOption {}

/// The Grundy value of the next heap from the values of all smaller ones,
/// with buffers kept between calls: the one step behind [`grundy_table`],
/// for callers that store the values their own way.
///
/// # Example
/// Values kept as `u32`, four bytes each.
/// ```
/// use cgt_core::heap::{HeapGame, HeapGrundy, HeapOptions};
/// use cgt_core::nimber::Nimber;
///
/// struct Nim;
/// impl HeapGame for Nim {
///     fn heap_options(&self, n: usize, options: &mut HeapOptions) {
///         (0..n).for_each(|m| options.push(&[m]));
///     }
/// }
///
/// let mut step = HeapGrundy::new();
/// let mut values: Vec<u32> = Vec::new();
/// for _ in 0..5 {
///     let g = step.next(&Nim, &values).unwrap();
///     values.push(u32::try_from(g.value()).unwrap());
/// }
/// assert_eq!(values, [0, 1, 2, 3, 4]);
/// ```
///
/// # Complexity
/// Per heap, O(number of heaps over all its options), with no allocation
/// once the buffers have grown.
#[derive(Clone, Debug, Default)]
pub struct HeapGrundy {
    options: HeapOptions,
    seen: MexSet,
}

impl HeapGrundy {
    /// Empty buffers.
    pub fn new() -> Self {
        Self::default()
    }

    /// G(n) for n = `values.len()`, where `values[m]` is G(m): the mex over
    /// the options of heap n of the nim-sum of their heaps' values.
    ///
    /// # Errors
    /// [`BadOption`] if an option of heap n lists a heap of n or more.
    pub fn next<G, V>(&mut self, game: &G, values: &[V]) -> Result<Nimber, BadOption>
    where
        G: HeapGame + ?Sized,
        V: Copy + Into<u64>,
    {
        let n = values.len();
        self.options.clear();
        game.heap_options(n, &mut self.options);
        self.seen.clear();
        let count = self.options.len();
        for option in self.options.iter() {
            let mut sum = 0_u64;
            for &heap in option {
                let value = values.get(heap).ok_or(BadOption { n, heap })?;
                sum ^= (*value).into();
            }
            // A mex over `count` values is at most `count`: larger values
            // cannot matter, and are not stored.
            match usize::try_from(sum) {
                Ok(small) if small <= count => self.seen.insert(small),
                _ => {}
            }
        }
        Ok(Nimber(self.seen.mex() as u64))
    }

    /// The options that the last call to [`HeapGrundy::next`] listed.
    pub fn last_options(&self) -> &HeapOptions {
        &self.options
    }
}

/// The Grundy values G(0), …, G(len − 1) of a heap game.
///
/// # Errors
/// [`BadOption`] if the rules list an option with a heap not smaller than
/// the heap moved in.
///
/// # Example
/// Kayles: knock down one pin or two adjacent pins from a row.
/// ```
/// use cgt_core::heap::{grundy_table, HeapGame, HeapOptions};
///
/// struct Kayles;
/// impl HeapGame for Kayles {
///     fn heap_options(&self, n: usize, options: &mut HeapOptions) {
///         for take in 1..=n.min(2) {
///             for left in 0..=(n - take) / 2 {
///                 options.push(&[left, n - take - left]);
///             }
///         }
///     }
/// }
///
/// let values: Vec<u64> = grundy_table(&Kayles, 12).unwrap().iter().map(|g| g.value()).collect();
/// assert_eq!(values, [0, 1, 2, 3, 1, 4, 3, 2, 1, 4, 2, 6]);
/// ```
///
/// # Complexity
/// O(len + number of heaps over all options of all heaps), one reused
/// buffer and mex set.
pub fn grundy_table<G: HeapGame + ?Sized>(game: &G, len: usize) -> Result<Vec<Nimber>, BadOption> {
    let mut step = HeapGrundy::new();
    let mut values: Vec<u64> = Vec::with_capacity(len);
    for _ in 0..len {
        let value = step.next(game, &values)?;
        values.push(value.value());
    }
    Ok(values.into_iter().map(Nimber).collect())
}

/// A heap game played on whole positions, lists of heaps: an
/// [`ImpartialGame`] whose memos search the sum itself.
///
/// A position is the sorted list of its non-zero heaps (a heap of 0 has no
/// options, since every option is smaller, so it never matters). Use it
/// where the Sprague-Grundy theory does not apply or must not be assumed:
/// a brute force that checks a formula, or misère play.
///
/// # Example
/// ```
/// use cgt_core::heap::{HeapGame, HeapOptions, HeapSum};
/// use cgt_core::impartial::GrundyMemo;
/// use cgt_core::nimber::Nimber;
///
/// struct Nim;
/// impl HeapGame for Nim {
///     fn heap_options(&self, n: usize, options: &mut HeapOptions) {
///         (0..n).for_each(|m| options.push(&[m]));
///     }
/// }
///
/// let mut memo = GrundyMemo::new(HeapSum(Nim));
/// let position = HeapSum::<Nim>::position(&[3, 0, 5]);
/// assert_eq!(position, [3, 5]);
/// assert_eq!(memo.grundy(&position), Nimber(6));
/// ```
///
/// # Complexity
/// Listing the options of a position of k heaps costs the options of its
/// distinct heaps, each copied into a new list of O(k) heaps.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct HeapSum<G>(pub G);

impl<G> HeapSum<G> {
    /// The position of `heaps`: the non-zero ones, sorted.
    pub fn position(heaps: &[usize]) -> Vec<usize> {
        let mut position: Vec<usize> = heaps.iter().copied().filter(|&h| h > 0).collect();
        position.sort_unstable();
        position
    }
}

impl<G: HeapGame> ImpartialGame for HeapSum<G> {
    /// The non-zero heaps, sorted.
    type Position = Vec<usize>;

    /// Every option of every heap, the heap replaced by the option's heaps
    /// (equal heaps are moved in once: their options are the same).
    ///
    /// # Panics
    /// If the rules list a heap not smaller than the heap moved in (the
    /// game would not end).
    fn options(&self, position: &Vec<usize>, out: &mut Vec<Vec<usize>>) {
        let mut options = HeapOptions::new();
        for (i, &heap) in position.iter().enumerate() {
            if i > 0 && position[i - 1] == heap {
                continue;
            }
            options.clear();
            self.0.heap_options(heap, &mut options);
            for option in options.iter() {
                if let Some(&bad) = option.iter().find(|&&h| h >= heap) {
                    panic!("{}", BadOption { n: heap, heap: bad });
                }
                let mut next = Vec::with_capacity(position.len() + option.len());
                next.extend_from_slice(&position[..i]);
                next.extend_from_slice(&position[i + 1..]);
                next.extend(option.iter().copied().filter(|&h| h > 0));
                next.sort_unstable();
                out.push(next);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::impartial::GrundyMemo;

    /// Octal-style rules from a digit per number of tokens taken: bit 1
    /// takes the whole heap, bit 2 leaves one heap, bit 4 two heaps.
    struct Octal(&'static [u8]);
    impl HeapGame for Octal {
        fn heap_options(&self, n: usize, options: &mut HeapOptions) {
            for (k, &digit) in self.0.iter().enumerate().take(n + 1) {
                let rest = n - k;
                if digit & 1 != 0 && rest == 0 && k > 0 {
                    options.push(&[]);
                }
                if digit & 2 != 0 && rest > 0 && k > 0 {
                    options.push(&[rest]);
                }
                if digit & 4 != 0 {
                    (1..=rest / 2).for_each(|a| options.push(&[a, rest - a]));
                }
            }
        }
    }

    /// The Sprague-Grundy theorem, checked rather than assumed: the table's
    /// values give the value of every sum of up to three heaps that the
    /// literal search of the sum finds.
    #[test]
    fn table_values_add_up_to_the_literal_search_of_sums() {
        for digits in [&[0, 7, 7][..], &[0, 0, 7], &[4, 3, 3, 3], &[0, 3, 0, 3, 3]] {
            let table = grundy_table(&Octal(digits), 13).expect("heaps shrink");
            let mut memo = GrundyMemo::new(HeapSum(Octal(digits)));
            for a in 0..13 {
                assert_eq!(memo.grundy(&HeapSum::<Octal>::position(&[a])), table[a]);
                for b in 0..9 {
                    for c in [0, 1, 4, 6] {
                        let position = HeapSum::<Octal>::position(&[a, b, c]);
                        assert_eq!(
                            memo.grundy(&position),
                            table[a] + table[b] + table[c],
                            "{digits:?} heaps {a} {b} {c}"
                        );
                    }
                }
            }
        }
    }

    #[test]
    fn an_option_that_does_not_shrink_is_an_error() {
        struct Stuck;
        impl HeapGame for Stuck {
            fn heap_options(&self, n: usize, options: &mut HeapOptions) {
                if n == 3 {
                    options.push(&[1, 3]);
                }
            }
        }
        let error = grundy_table(&Stuck, 10).unwrap_err();
        assert_eq!(error, BadOption { n: 3, heap: 3 });
        assert_eq!(
            error.to_string(),
            "the rule lists an option of heap 3 with a heap of size 3, not smaller than 3"
        );
    }

    #[test]
    #[should_panic(expected = "not smaller than 2")]
    fn a_sum_whose_rules_do_not_shrink_panics() {
        struct Grow;
        impl HeapGame for Grow {
            fn heap_options(&self, n: usize, options: &mut HeapOptions) {
                options.push(&[n + 1]);
            }
        }
        GrundyMemo::new(HeapSum(Grow)).grundy(&vec![2]);
    }

    #[test]
    fn large_option_values_do_not_grow_the_mex_set() {
        // Heap n's options are heap n − 1 alone: values 0, 1, 0, 1, …; a
        // value far above the number of options never enters the set.
        struct Chain;
        impl HeapGame for Chain {
            fn heap_options(&self, n: usize, options: &mut HeapOptions) {
                if n > 0 {
                    options.push(&[n - 1]);
                }
            }
        }
        let mut step = HeapGrundy::new();
        let values = [u64::MAX, 0, 1];
        assert_eq!(step.next(&Chain, &values[..1]), Ok(Nimber(0)));
        assert_eq!(step.next(&Chain, &values), Ok(Nimber(0)));
        assert_eq!(step.last_options().len(), 1);
    }
}
